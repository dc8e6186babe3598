#!/usr/bin/env node
// One registry, two fronts. With no arguments this is an MCP server over
// stdio: tools/list gives each client the schema its profile allows (from
// the `initialize` clientInfo), tools/call repairs what clients send as text
// (even a whole `arguments` string), routes grouped actions and validates
// with Zod. With arguments it is the command line of the same tools:
//   node examples/ops-server.mjs deploy --service api --config-timeout 5
//   node examples/ops-server.mjs services scale --service api --replicas 3
// Set OPS_EXPOSITION=flat to list one tool per action instead of one per group.
// Imported, it gives its `registry` and starts nothing.
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { createRegistry, defineGroup, defineTool } from "../pkg/index.mjs";

const deploy = defineTool({
  name: "deploy",
  description: "Deploy a service to an environment",
  input: z.object({
    service: z.string().min(1).describe("Service to deploy"),
    environment: z.enum(["dev", "staging", "prod"]).default("dev").describe("Target environment"),
    replicas: z.number().int().min(1).max(50).default(2).describe("Instances to run"),
    tags: z.array(z.string()).optional().describe("Labels for every instance"),
    notify: z.union([z.email(), z.array(z.email())]).optional().describe("Who hears about it"),
    metadata: z.record(z.string(), z.unknown()).optional().describe("Kept with the release"),
    config: z
      .object({
        timeout: z.number().positive().default(30).describe("Health check timeout in seconds"),
        dryRun: z.boolean().default(false).describe("Plan only"),
      })
      .optional()
      .describe("Rollout settings"),
  }),
  annotations: { destructiveHint: false },
  tags: ["ops"],
  handler: (args) => ({ deployed: args.service, to: args.environment, replicas: args.replicas, tags: args.tags ?? [], notify: args.notify ?? null, config: args.config ?? null }),
});

const search = defineTool({
  name: "search",
  description: "Search the service catalogue",
  input: z.object({
    query: z.string().describe("Search terms"),
    limit: z.number().int().min(1).max(100).default(10),
    filters: z
      .object({
        owners: z.array(z.string()).optional(),
        tier: z.enum(["gold", "silver"]).optional(),
        since: z.iso.date().optional().describe("Changed on or after this day"),
      })
      .optional(),
    sort: z.tuple([z.enum(["name", "tier"]), z.enum(["asc", "desc"])]).optional().describe("Key and direction"),
  }),
  annotations: { readOnlyHint: true },
  tags: ["catalogue"],
  handler: (args) => ({ query: args.query, limit: args.limit, filters: args.filters ?? {}, sort: args.sort ?? null }),
});

const services = defineGroup({
  name: "services",
  description: "Operate running services",
  common: z.object({ service: z.string().min(1).describe("Service name") }),
  tags: ["ops"],
  actions: {
    status: {
      description: "Show replicas and health",
      input: z.object({ verbose: z.boolean().default(false) }),
      readOnly: true,
      handler: (args) => ({ service: args.service, replicas: 2, healthy: true, verbose: args.verbose }),
    },
    scale: {
      description: "Change the replica count",
      input: z.object({
        replicas: z.number().int().min(0).describe("Instances wanted"),
        plan: z.object({ module: z.string(), steps: z.array(z.number().int()) }).optional().describe("A rollout plan"),
      }),
      idempotent: true,
      handler: (args) => ({ scaled: args.service, replicas: args.replicas, plan: args.plan ?? null }),
    },
    restart: {
      description: "Restart every instance",
      input: z.object({ confirm: z.literal(true).describe("Must be true"), force: z.boolean().default(false).describe("Skip draining") }),
      destructive: true,
      handler: (args) => `restarted ${args.service}${args.force ? " without draining" : ""}`,
    },
  },
});

export const registry = createRegistry([deploy, search, services], {
  exposition: ["flat", "catalog"].includes(process.env.OPS_EXPOSITION) ? process.env.OPS_EXPOSITION : "grouped",
  name: "ops-server.mjs",
  version: "1.0.0",
});

// Run as a program (not imported, as the tests do).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  if (process.argv.length > 2) {
    process.exitCode = await registry.runCli(process.argv.slice(2), { env: process.env });
  } else {
    const server = new McpServer({ name: "toolshape-ops", version: "1.0.0" });
    registry.attach(server);
    await server.connect(new StdioServerTransport());
  }
}
