#!/usr/bin/env node
// Any MCP server's tools as one command line: it starts the server named by
// --server over stdio, lists its tools with the SDK's Client, and makes each
// tool a subcommand with flags from its inputSchema.
//   node examples/mcp-cli.mjs --server "npx -y @modelcontextprotocol/server-everything stdio" get-sum --a 2 --b 3
// `--help` after --server lists the tools; `<tool> --help` shows its flags.
// Exit codes: 0 done, 1 the tool answered an error, 2 a usage error.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { compile, compileCommands } from "toolshape";

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
  const { tools } = await client.listTools();
  // No prototype: a tool named "__proto__" is a command like any other.
  const compiled = Object.create(null);
  for (const tool of tools) {
    try {
      // The tool's description shows in the command list; its schema seldom has one.
      compiled[tool.name] = compile({ description: tool.description, ...tool.inputSchema }, { name: tool.name });
    } catch (error) {
      console.error(`[mcp-cli] ${tool.name} left out: ${error.message}`);
    }
  }
  const commands = compileCommands(compiled, { name: "mcp-cli" });
  const parsed = commands.safeParseArgv(argv);
  if (!parsed.success) {
    const help = parsed.error.code === "HELP_REQUESTED";
    (help ? console.log : console.error)(parsed.error.message);
    return help ? 0 : 2;
  }
  const result = await client.callTool({ name: parsed.command, arguments: parsed.data });
  for (const part of result.content ?? []) console.log(part.type === "text" ? part.text : JSON.stringify(part));
  return result.isError ? 1 : 0;
}
