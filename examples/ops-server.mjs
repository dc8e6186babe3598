#!/usr/bin/env node
// One definition, two fronts. With no arguments this is an MCP server over
// stdio (tools/list gives toolshape's complete inputSchemas, tools/call
// repairs stringified arguments, then Zod validates). With arguments it is a
// CLI: `node examples/ops-server.mjs deploy --service api --config-timeout 5`.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { compile, withRepair } from "../pkg/index.mjs";

const definitions = {
  deploy: {
    description: "Deploy a service to an environment",
    input: z.object({
      service: z.string().min(1).describe("Service to deploy"),
      environment: z.enum(["dev", "staging", "prod"]).default("dev").describe("Target environment"),
      replicas: z.number().int().min(1).max(50).default(2).describe("Instances to run"),
      tags: z.array(z.string()).optional().describe("Labels for every instance"),
      config: z
        .object({
          timeout: z.number().positive().default(30).describe("Health check timeout in seconds"),
          dryRun: z.boolean().default(false).describe("Plan only"),
        })
        .optional()
        .describe("Rollout settings"),
    }),
    run: (args) => ({ deployed: args.service, to: args.environment, replicas: args.replicas, tags: args.tags ?? [], config: args.config ?? null }),
  },
  search: {
    description: "Search the service catalogue",
    input: z.object({
      query: z.string().describe("Search terms"),
      limit: z.number().int().min(1).max(100).default(10),
      filters: z
        .object({
          owners: z.array(z.string()).optional(),
          tier: z.enum(["gold", "silver"]).optional(),
        })
        .optional(),
    }),
    run: (args) => ({ query: args.query, limit: args.limit, filters: args.filters ?? {} }),
  },
  scale: {
    description: "Change the replica count of a running service",
    input: z.object({
      service: z.string(),
      replicas: z.number().int().min(0),
      plan: z.object({ module: z.string(), steps: z.array(z.number().int()) }).optional().describe("A rollout plan"),
    }),
    run: (args) => ({ scaled: args.service, replicas: args.replicas, plan: args.plan ?? null }),
  },
};

const tools = Object.fromEntries(
  Object.entries(definitions).map(([name, def]) => [name, { ...def, tool: compile(def.input, { name: `ops-server.mjs ${name}` }) }]),
);

async function serve() {
  const server = new Server({ name: "toolshape-ops", version: "1.0.0" }, { capabilities: { tools: {} } });
  const handlers = Object.fromEntries(
    Object.entries(tools).map(([name, t]) => [
      name,
      withRepair(t.input, async (args) => ({ content: [{ type: "text", text: JSON.stringify(t.run(args)) }] }), {
        onRepair: (repairs) => console.error(`[${name}] repaired ${repairs.map((r) => JSON.stringify(r.path)).join(", ")}`),
      }),
    ]),
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.entries(tools).map(([name, t]) => ({ name, description: t.description, inputSchema: t.tool.inputSchema() })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const handler = handlers[request.params.name];
    if (!handler) return { isError: true, content: [{ type: "text", text: `Unknown tool: ${request.params.name}` }] };
    return handler(request.params.arguments);
  });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The SDK checks tools/call against its own schema before any handler
  // runs, and that schema refuses `arguments` sent as one string. Such a
  // message is repaired as it arrives, before the SDK sees it.
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const params = message && message.method === "tools/call" ? message.params : undefined;
    const entry = params && typeof params.arguments === "string" ? tools[params.name] : undefined;
    if (entry) {
      const { value, repairs } = entry.tool.repair(params.arguments);
      if (repairs.length > 0) console.error(`[${params.name}] repaired the arguments string`);
      message = { ...message, params: { ...params, arguments: value } };
    }
    receive.call(transport, message, extra);
  };
}

function cli(argv) {
  const [name, ...rest] = argv;
  const entry = tools[name];
  if (!entry || name === "--help") {
    console.log(`Usage: ops-server.mjs <${Object.keys(tools).join("|")}> [flags]  (no arguments: MCP server on stdio)`);
    return name === "--help" ? 0 : 2;
  }
  const parsed = entry.tool.safeParseArgv(rest, { env: process.env });
  if (!parsed.success) {
    const help = parsed.error.code === "HELP_REQUESTED";
    (help ? console.log : console.error)(parsed.error.message);
    return help ? 0 : 1;
  }
  const valid = entry.input.safeParse(parsed.data);
  if (!valid.success) {
    console.error(valid.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    return 1;
  }
  console.log(JSON.stringify(entry.run(valid.data), null, 2));
  return 0;
}

if (process.argv.length > 2) {
  process.exitCode = cli(process.argv.slice(2));
} else {
  await serve();
}
