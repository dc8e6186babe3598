#!/usr/bin/env node
// A registry served over stdio on the SDK's McpServer, for registry.test.mjs
// and sdk-v2.test.mjs: a grouped tool and a plain one, `client: "auto"`, no
// hand-written routing. Arguments: the exposition ("grouped" or "flat"),
// then the SDK line ("v1", the default, or "v2").
import { z } from "zod";
import { createRegistry, defineGroup, defineTool } from "../pkg/index.mjs";

const deploy = defineTool({
  name: "deploy",
  description: "Deploy a service",
  input: z.object({ service: z.string(), config: z.object({ timeout: z.number().int().min(1) }).optional() }),
  tags: ["ops"],
  handler: async (args) => ({ deployed: args.service, timeout: args.config?.timeout ?? 30 }),
});
const users = defineGroup({
  name: "users",
  description: "Manage users",
  actions: {
    list: { description: "List users", input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: async (args) => ({ limit: args.limit ?? 10 }) },
    ban: { input: z.object({ id: z.string() }), destructive: true, handler: async (args) => `banned ${args.id}` },
  },
});
const exposition = process.argv[2] === "flat" ? "flat" : "grouped";
const { McpServer, StdioServerTransport } =
  process.argv[3] === "v2"
    ? { ...(await import("@modelcontextprotocol/server")), ...(await import("@modelcontextprotocol/server/stdio")) }
    : { ...(await import("@modelcontextprotocol/sdk/server/mcp.js")), ...(await import("@modelcontextprotocol/sdk/server/stdio.js")) };
const server = new McpServer({ name: "registry-test", version: "1.0.0" });
createRegistry([deploy, users], { exposition }).attach(server);
await server.connect(new StdioServerTransport());
