#!/usr/bin/env node
// A small MCP server written with the SDK alone, as third-party servers are:
// its tool names are valid for the spec but not for every client (a dot, a
// long name). The workbench example serves it beside the ops server.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const notes = [];
const server = new McpServer({ name: "notes", version: "1.0.0" });
const text = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }] });

server.registerTool(
  "notes.create",
  {
    description: "Write a note",
    inputSchema: { title: z.string().min(1), body: z.string().default(""), tags: z.array(z.string()).default([]) },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async (args) => {
    notes.push(args);
    return text({ created: args.title, tags: args.tags, count: notes.length });
  },
);

server.registerTool(
  "notes.search",
  {
    description: "Find notes by words in the title",
    inputSchema: { query: z.string(), limit: z.number().int().min(1).max(50).default(10) },
    annotations: { readOnlyHint: true },
  },
  async (args) => text({ query: args.query, found: notes.filter((n) => n.title.includes(args.query)).slice(0, args.limit) }),
);

server.registerTool(
  "summarize_every_note_in_the_workspace_by_tag_and_date",
  {
    description: "Count notes per tag",
    inputSchema: { since: z.string().optional() },
    annotations: { readOnlyHint: true },
  },
  async () => {
    // Tags are the caller's words: a Map, so that "__proto__" is counted like any other.
    const counts = new Map();
    for (const note of notes) for (const tag of note.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    return text(Object.fromEntries(counts));
  },
);

await server.connect(new StdioServerTransport());
