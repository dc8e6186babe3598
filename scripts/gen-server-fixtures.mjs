// Writes tests/fixtures/servers/<server>.json: the tools/list answer of the
// MCP project's own reference servers (npm dev dependencies), read over
// stdio with the SDK's Client, as a proxy reads them. Their schemas are
// written by other hands than ours (Zod through the SDK, one with a type
// list), so the tests that read them check toolshape on what a proxy meets.
// `--check` writes nothing and fails when a committed file is out of date.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = join(root, "tests", "fixtures", "servers");
const check = process.argv.includes("--check");
const require = createRequire(import.meta.url);

/** Each server: its package and the arguments its command line wants. */
export const SERVERS = [
  { name: "everything", pkg: "@modelcontextprotocol/server-everything", args: ["stdio"] },
  // Tools are listed whatever the allowed folder is; this one holds nothing to read.
  { name: "filesystem", pkg: "@modelcontextprotocol/server-filesystem", args: [dir] },
  { name: "memory", pkg: "@modelcontextprotocol/server-memory", args: [] },
  { name: "sequential-thinking", pkg: "@modelcontextprotocol/server-sequential-thinking", args: [] },
];

/** The path of a server package's command-line entry, as its `bin` names it. */
export function serverEntry(pkg) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
  return { entry: join(dirname(manifestPath), bin), version: manifest.version };
}

/** Starts a server over stdio and connects the SDK's Client to it. */
export async function connectServer({ pkg, args }, env = {}) {
  const { entry } = serverEntry(pkg);
  const client = new Client({ name: "toolshape-fixtures", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [entry, ...args], env: { ...process.env, ...env }, stderr: "ignore" }),
  );
  return client;
}

async function render(server) {
  const client = await connectServer(server);
  try {
    const { tools } = await client.listTools();
    const listed = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    const fixture = { server: server.name, package: server.pkg, version: serverEntry(server.pkg).version, tools: listed };
    const text = `${JSON.stringify(fixture, null, 2)}\n`;
    if (text.includes(root.replace(/\/$/, ""))) throw new Error(`${server.pkg}: its tools name this checkout's path; pass it another argument`);
    return text;
  } finally {
    await client.close();
  }
}

async function main() {
  mkdirSync(dir, { recursive: true });
  const stale = [];
  for (const server of SERVERS) {
    const file = join(dir, `${server.name}.json`);
    const text = await render(server);
    const current = existsSync(file) ? readFileSync(file, "utf8") : null;
    if (current === text) continue;
    if (check) stale.push(file);
    else writeFileSync(file, text);
  }
  const known = new Set(SERVERS.map((s) => `${s.name}.json`));
  const extra = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json") && !known.has(f)).map((f) => join(dir, f)) : [];
  if (check && (stale.length || extra.length)) {
    console.error(`server fixtures are out of date (run npm run fixtures):\n${[...stale, ...extra].map((f) => `  ${f}`).join("\n")}`);
    process.exit(1);
  }
  console.error(`${SERVERS.length} reference servers' tools: ${check ? "current" : "written"}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
