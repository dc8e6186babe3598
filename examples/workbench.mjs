#!/usr/bin/env node
// An aggregating MCP proxy: it starts the ops server and the notes server
// as child processes, lists their tools with the SDK's Client, and serves
// them all as one MCP server over stdio. Each tool is named by structure,
// { toolbox, server, tool }; the flat name a client sees comes from a name
// table for that client's profile (picked from its clientInfo.name), so it
// meets that client's rules, and a call is routed by looking the name up,
// never by splitting it. Schemas go through the client's profile and
// arguments are repaired with it. `use_tool` calls any tool by identifier.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { compile, defineTool } from "../pkg/index.mjs";
import { acceptTextArguments, clientProfile } from "../pkg/mcp.mjs";
import { createNameTable, parseToolIdentifier, toolIdentifierSchema } from "../pkg/names.mjs";

/** The name clients know this proxy by (their prefixes count it). */
const SERVER_NAME = "workbench";
const here = dirname(fileURLToPath(import.meta.url));
const DOWNSTREAM = [
  { toolbox: "platform", server: "ops", script: join(here, "ops-server.mjs") },
  { toolbox: "data", server: "notes", script: join(here, "notes-server.mjs") },
];

/** Connects to each downstream server and reads its tools: [{ id, tool (compiled), listed, client }]. */
async function connectDownstream() {
  const tools = [];
  for (const { toolbox, server, script } of DOWNSTREAM) {
    const client = new Client({ name: SERVER_NAME, version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], stderr: "inherit" }));
    for (const entry of await listAllTools(client, `${toolbox}/${server}`)) {
      try {
        tools.push({ id: parseToolIdentifier({ toolbox, server, tool: entry.name }), compiled: compile(entry.inputSchema, { name: entry.name }), listed: entry, client });
      } catch (error) {
        console.error(`[workbench] ${toolbox}/${server}/${entry.name} left out: ${error.message}`);
      }
    }
  }
  return tools;
}

/**
 * Every page of a server's tools/list: the SDK 1.x Client's listTools()
 * returns one page. At most 64 pages, as the SDK 2.x Client reads, so that
 * a server whose list never ends cannot hold the proxy's start forever.
 */
async function listAllTools(client, label) {
  const tools = [];
  let cursor;
  for (let page = 0; page < 64; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) return tools;
  }
  console.error(`[workbench] ${label}'s tool list goes on past 64 pages; serving the tools of the first 64`);
  return tools;
}

const downstream = await connectDownstream();
const byKey = new Map(downstream.map((t) => [JSON.stringify([t.id.toolbox, t.id.server, t.id.tool]), t]));
const entryOf = (id) => byKey.get(JSON.stringify([id.toolbox, id.server, id.tool]));

/** Per profile: the name table and the tools/list answer, made once. */
const perProfile = new Map();
function servedFor(profile) {
  let served = perProfile.get(profile);
  if (served === undefined) {
    const table = createNameTable(downstream.map((t) => t.id), { client: profile, server: SERVER_NAME });
    const listed = [];
    for (const t of downstream) {
      try {
        listed.push({ ...t.listed, name: table.name(t.id), inputSchema: t.compiled.inputSchema({ client: profile }) });
      } catch (error) {
        console.error(`[workbench] ${t.id.tool} is not listed for ${profile}: ${error.message}`);
      }
    }
    listed.push(useTool.definition({ client: profile }));
    served = { table, listed };
    perProfile.set(profile, served);
  }
  return served;
}

/** Repairs the arguments with the client's profile, then calls the downstream tool. */
async function forward(entry, args, profile) {
  const { value } = entry.compiled.repair(args === undefined ? {} : args, { client: profile });
  return entry.client.callTool({ name: entry.id.tool, arguments: value });
}

const server = new Server({ name: SERVER_NAME, version: "1.0.0" }, { capabilities: { tools: {} } });
const profileNow = () => clientProfile(server.getClientVersion()?.name);

// May call anything below it: its hints stay on the unsafe side.
const useTool = defineTool({
  name: "use_tool",
  description: "Call any tool of the workbench by its identifier { toolbox, server, tool }",
  input: {
    type: "object",
    properties: {
      tool: toolIdentifierSchema,
      arguments: { type: "object", additionalProperties: {}, description: "The tool's own arguments" },
    },
    required: ["tool"],
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  handler: async (args) => {
    const profile = profileNow();
    const id = parseToolIdentifier(args.tool);
    servedFor(profile).table.name(id); // UNKNOWN_TOOL, naming the part that is unknown
    return forward(entryOf(id), args.arguments, profile);
  },
});

/** A call's arguments, also when a client sent them as one JSON string (the SDK refuses those before any handler). */
const argumentsOf = acceptTextArguments(server);

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: servedFor(profileNow()).listed }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const profile = profileNow();
  const { name } = request.params;
  const args = argumentsOf(request, extra);
  if (name === "use_tool") return useTool.call(args, extra, { client: profile });
  const id = servedFor(profile).table.resolve(name);
  if (id === undefined) return { isError: true, content: [{ type: "text", text: `[workbench] Unknown tool "${name}"` }] };
  return forward(entryOf(id), args, profile);
});

await server.connect(new StdioServerTransport());
