#!/usr/bin/env node
// Any MCP server's tools as one command line: it starts the server named by
// --server over stdio, lists its tools with the SDK's Client, and makes each
// tool a subcommand with flags from its inputSchema.
//   node examples/mcp-cli.mjs --server "npx -y @modelcontextprotocol/server-everything stdio" get-sum --a 2 --b 3
// `--help` after --server lists the tools; `<tool> --help` shows its flags.
// Exit codes: 0 done, 1 the tool answered an error, 2 a usage error.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createRegistry, defineTool } from "toolshape";

const [flag, serverLine, ...argv] = process.argv.slice(2);
if (flag !== "--server" || !serverLine) {
  console.error('usage: mcp-cli --server "<command> [args...]" <tool> [flags]');
  process.exit(2);
}
// The server's command line, split at spaces (no quoting).
const [command, ...args] = serverLine.split(/\s+/).filter(Boolean);
const client = new Client({ name: "mcp-cli", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));

try {
  process.exitCode = await run(argv);
} finally {
  await client.close();
}

async function run(argv) {
  const tools = await listAllTools();
  // Each tool a definition whose handler calls the server: the registry's
  // command line parses its flags (the server validates the arguments), and
  // a tool no command line can name answers why instead of stopping the rest.
  const defs = [];
  for (const tool of tools) {
    try {
      const handler = (args) => client.callTool({ name: tool.name, arguments: args });
      defs.push(defineTool({ name: tool.name, description: tool.description, input: tool.inputSchema, handler }));
    } catch (error) {
      console.error(`[mcp-cli] ${tool.name} left out: ${error.message}`);
    }
  }
  return createRegistry(defs, { name: "mcp-cli" }).runCli(argv);
}

/**
 * Every page of the server's tools/list: the SDK 1.x Client's listTools()
 * returns one page, and a server with many tools sends the rest behind
 * `nextCursor`. At most 64 pages, as the SDK 2.x Client reads, so that a
 * server whose list never ends cannot hold the command line forever.
 */
async function listAllTools() {
  const tools = [];
  let cursor;
  for (let page = 0; page < 64; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) return tools;
  }
  console.error("[mcp-cli] the server's tool list goes on past 64 pages; using the tools of the first 64");
  return tools;
}
