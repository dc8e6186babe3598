// Every kind of call, repeated, holds no wasm memory: each family below runs
// a few hundred times to warm up (caches, the allocator's first pages),
// then thousands of times more, and wasm memory must not have grown. The
// bench's memory bar covers parsing and compiling; this covers the rest of
// the surface, error paths included. Below 8 MB memory grows a page
// (64 KiB) at a time, and the free room the warm-up leaves is small (68
// forgotten one-field tools outgrow it), so a call keeping a few tens of
// bytes shows over 4,000 calls. A new process, so that memory starts at
// the module's own size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../pkg/index.cjs", import.meta.url));
const glue = fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url));
const zod = fileURLToPath(new URL("../node_modules/zod/index.cjs", import.meta.url));

const WARM_UP = 300;
const ROUNDS = 4000;

const script = `
const ts = require(${JSON.stringify(pkg)});
const wasm = require(${JSON.stringify(glue)});
const { z } = require(${JSON.stringify(zod)});
const schema = z.toJSONSchema(z.object({
  name: z.string().describe("who"),
  count: z.number().int().default(3),
  config: z.object({ timeout: z.number(), mode: z.enum(["fast", "safe"]).optional(), tags: z.array(z.string()) }).optional(),
  scores: z.record(z.string(), z.number()).optional(),
  pair: z.tuple([z.string(), z.number()]).optional(),
  either: z.union([z.string(), z.object({ on: z.boolean() })]).optional(),
}), { io: "input" });
const actions = z.toJSONSchema(z.discriminatedUnion("action", [
  z.object({ action: z.literal("list"), limit: z.number().optional() }),
  z.object({ action: z.literal("create"), email: z.string(), admin: z.boolean().default(false) }),
]), { io: "input" });
const clients = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];
const tool = ts.compile(schema, { envPrefix: "APP", name: "soak" });
const union = ts.compile(actions);
const attempt = (f) => { try { f(); } catch (error) { if (!(error instanceof ts.ToolshapeError)) throw error; } };
const group = ts.defineGroup({ name: "ops", help: true, actions: {
  list: { input: z.object({ limit: z.number().int().optional() }), handler: (args) => ({ listed: args.limit ?? 0 }) },
  create: { input: z.object({ email: z.string() }), handler: () => "made" },
} });
const conventions = ts.compile({ type: "object", deprecated: true, cli: { deprecated: "use other" }, properties: {
  verbose: { type: "integer", cli: { short: "v", count: true } },
  host: { type: "string", cli: { aliases: ["server", "srv"], deprecated: "use --url" } },
} }, { name: "conv" });
const single = ts.defineTool({ name: "echo", input: z.object({ text: z.string() }), handler: (args) => args.text });
const registry = ts.createRegistry([group, single]);
const quiet = { stdout: () => {}, stderr: () => {} };
const families = {
  "compile and free": () => ts.compile(schema).free(),
  "a schema for every client": () => { const t = ts.compile(schema); for (const client of clients) attempt(() => t.inputSchema({ client })); t.free(); },
  "check for every client": () => ts.check(schema, "all"),
  "parseArgv": () => tool.safeParseArgv(["--name", "x", "--config-timeout", "3", "--config-tags", "a", "--config-tags", "b"]),
  "parseArgv refused": () => tool.safeParseArgv(["--nme", "x", "--config-timeout", "abc", "--pair", "[1", "--", "rest"]),
  "parseArgv with env": () => tool.safeParseArgv([], { env: { APP_NAME: "q", APP_CONFIG_TIMEOUT: "5", APP_CONFIG_TAGS: "a,b" } }),
  "an action's subcommand": () => { union.safeParseArgv(["create", "--email", "e"]); union.safeParseArgv(["creat"]); },
  "usage": () => { tool.usage(); tool.usage({ format: "markdown", width: 40 }); attempt(() => tool.parseArgv(["--help"])); },
  "help entries": () => { const entries = ts.help(actions); ts.formatActionHelpMarkdown(entries); ts.formatActionHelpJson(entries); },
  "repair": () => { tool.repair({ count: "3", config: '{"timeout":"4","tags":"a"}' }); tool.repair('{"name":1}', { client: "openai-strict" }); },
  "toArgv and fromFlagValues": () => { tool.toArgv({ name: "x", config: { timeout: 1, tags: ["a"] } }); attempt(() => tool.toArgv({ config: { timeout: 1, tags: [] } })); attempt(() => tool.fromFlagValues({ "config-timeout": "3", name: "x" })); },
  "bad schemas": () => { attempt(() => ts.compile('{"type":"object","properties":{"a":{"$ref":"#/nope"}}}')); attempt(() => ts.compile("{")); attempt(() => ts.compile({ type: "string" })); },
  "command sets": () => { const a = ts.compile(schema); const b = ts.compile(actions); const set = ts.compileCommands({ one: a, two: b }, { name: "x" }); set.safeParseArgv(["two", "list"]); set.safeParseArgv(["thre"]); set.usage(); set.free(); a.free(); b.free(); },
  "shell completion": async () => { tool.complete(["--config-mode", ""]); tool.complete(["--na"]); union.complete(["create", "--"]); await registry.runCli(["--toolshape-complete", "fish", "ops", ""], quiet); await registry.runCli(["--toolshape-complete", "bash", " ", "x ops 'li"], quiet); },
  "deprecation": () => { tool.deprecatedIn(["--name", "x", "--config-timeout", "3"]); union.deprecatedIn(["create", "--email", "e"]); attempt(() => tool.deprecatedIn("x")); },
  "counted flags, aliases and deprecation messages": () => { conventions.safeParseArgv(["-vvv", "--srv", "x", "--verbose=2"]); conventions.safeParseArgv(["-v", "3"]); conventions.toArgv({ verbose: 2, host: "h" }); conventions.usage(); conventions.deprecatedIn(["--server", "x"]); },
  "name tables": () => { const table = ts.createNameTable([{ toolbox: "a", server: "b", tool: "c".repeat(80) }, { toolbox: "a", server: "b", tool: "d e" }], { client: "cursor", server: "srv" }); table.entries(); attempt(() => table.name({ toolbox: "z", server: "b", tool: "c" })); attempt(() => ts.parseToolIdentifier({ toolbox: "" })); },
  "a group's calls": async () => { await group.call({ action: "list", limit: 2 }); await group.call({ action: "lst" }); await group.call({ action: "create", email: 1 }); await group.call({ action: "help" }); },
  "a registry's calls and list": async () => { await registry.call("echo", { text: "hi" }); await registry.call("ech", {}); registry.list({ client: "gemini" }); },
  "a registry's command line": async () => { await registry.runCli(["ops", "list", "--limit", "2"], quiet); await registry.runCli(["ops", "--help"], quiet); await registry.runCli(["nope"], quiet); },
};
(async () => {
  const grown = {};
  for (const [name, f] of Object.entries(families)) {
    for (let i = 0; i < ${WARM_UP}; i++) await f();
    const before = wasm.memoryBytes();
    for (let i = 0; i < ${ROUNDS}; i++) await f();
    grown[name] = wasm.memoryBytes() - before;
  }
  process.stdout.write(JSON.stringify({ grown, memory: wasm.memoryBytes() }));
})();
`;

test(`every kind of call, ${ROUNDS} times over, holds no wasm memory`, () => {
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 1 << 20 });
  assert.equal(run.status, 0, run.stderr);
  const { grown, memory } = JSON.parse(run.stdout);
  assert.equal(Object.keys(grown).length, 20);
  // The whole run stays where the allocator's own pages are: far below the
  // 8 MB past which memory grows by half at a time.
  assert.ok(memory < 8 * 1024 * 1024, `wasm memory ${memory} bytes`);
  const growing = Object.entries(grown).filter(([, bytes]) => bytes !== 0);
  assert.deepEqual(growing, [], `wasm memory grew during: ${growing.map(([name, bytes]) => `${name} (${bytes} bytes)`).join(", ")}`);
});
