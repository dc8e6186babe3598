#!/usr/bin/env node
// One file, two fronts. With no arguments it is an MCP server over stdio;
// with arguments it is the command line of the same tools:
//   node quickstart.mjs search --query cats --filters-since 2026-01-01
//   node quickstart.mjs notes add --title "Buy milk" --tags home
//   node quickstart.mjs --help
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { createRegistry, defineGroup, defineTool } from "toolshape";

const search = defineTool({
  name: "search",
  description: "Search the catalogue",
  input: z.object({
    query: z.string().describe("Search terms"),
    limit: z.number().int().min(1).max(100).default(10),
    filters: z.object({ owner: z.string().optional(), since: z.iso.date().optional() }).optional(),
  }),
  annotations: { readOnlyHint: true },
  handler: (args) => `searching "${args.query}" (${args.limit} results) ${JSON.stringify(args.filters ?? {})}`,
});

// Several actions behind one tool: one MCP tool, one subcommand each.
const notes = defineGroup({
  name: "notes",
  description: "Keep notes",
  actions: {
    add: {
      description: "Add a note",
      input: z.object({ title: z.string().min(1), tags: z.array(z.string()).optional() }),
      handler: (args) => ({ added: args.title, tags: args.tags ?? [] }),
    },
    list: {
      description: "List notes",
      input: z.object({ tag: z.string().optional() }),
      readOnly: true,
      handler: (args) => ({ notes: [], tag: args.tag ?? null }),
    },
  },
});

const registry = createRegistry([search, notes], { name: "quickstart", version: "1.0.0" });

if (process.argv.length > 2) {
  process.exitCode = await registry.runCli(process.argv.slice(2));
} else {
  const server = new McpServer({ name: "quickstart", version: "1.0.0" });
  registry.attach(server); // each client is listed the schema it accepts
  await server.connect(new StdioServerTransport());
}
