#!/usr/bin/env node
// An MCP server (official SDK 1.x, stdio) whose tool lists toolshape's
// complete inputSchema, and whose handler repairs what clients send as JSON
// text before Zod validates it.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { compile } from "toolshape";
import { withRepair } from "toolshape/mcp";

const Search = z.object({
  query: z.string().describe("Search terms"),
  limit: z.number().int().min(1).max(100).default(10),
  filters: z.object({ owners: z.array(z.string()).optional(), since: z.string().date().optional() }).optional(),
});
const search = compile(Search);
const handle = withRepair(Search, async (args) => ({
  content: [{ type: "text", text: `searching "${args.query}", ${args.limit} results, filters ${JSON.stringify(args.filters ?? {})}` }],
}));

const server = new Server({ name: "catalogue", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "search", description: "Search the catalogue", inputSchema: search.inputSchema() }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name !== "search") return { isError: true, content: [{ type: "text", text: `unknown tool ${request.params.name}` }] };
  return handle(request.params.arguments);
});
await server.connect(new StdioServerTransport());
