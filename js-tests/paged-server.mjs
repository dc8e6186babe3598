#!/usr/bin/env node
// An MCP server over stdio (the SDK 1.x low-level Server) that answers
// tools/list two tools a page, as a server with many tools pages its list,
// for the mcp-cli recipe's test. Each tool echoes its name and arguments.
// With the argument "endless" every page names a next one, as a broken
// server's would.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const endless = process.argv[2] === "endless";
const PAGE = 2;
const tools = ["alpha", "bravo", "charlie", "delta", "echo"].map((name) => ({
  name,
  description: `Tool ${name}`,
  inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
}));

const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const at = Number(request.params?.cursor ?? 0);
  if (endless) return { tools: [{ ...tools[0], name: `page-${at}` }], nextCursor: String(at + 1) };
  const next = at + PAGE;
  return { tools: tools.slice(at, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
});
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: "text", text: `${request.params.name}: ${JSON.stringify(request.params.arguments)}` }],
}));
await server.connect(new StdioServerTransport());
