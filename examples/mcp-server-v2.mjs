#!/usr/bin/env node
// An MCP server on the official SDK 2.x (stdio), written on createRegistry:
// each client is listed its profile's schema, and arguments sent as JSON
// text are repaired before Zod validates them.
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { createRegistry, defineTool } from "toolshape";

const search = defineTool({
  name: "search",
  description: "Search the catalogue",
  input: z.object({
    query: z.string().describe("Search terms"),
    limit: z.number().int().min(1).max(100).default(10),
    filters: z.object({ owners: z.array(z.string()).optional(), since: z.string().date().optional() }).optional(),
  }),
  annotations: { readOnlyHint: true },
  handler: async (args) => `searching "${args.query}", ${args.limit} results, filters ${JSON.stringify(args.filters ?? {})}`,
});

const server = new McpServer({ name: "catalogue", version: "1.0.0" });
createRegistry([search]).attach(server);
await server.connect(new StdioServerTransport());
