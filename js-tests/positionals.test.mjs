// Issue 11, items 1 and 3 through the package: positional keys marked in
// Zod's .meta({ cli: { positional } }), allowPositionals, and the built-in
// --help/-h/--version set by compile options. Both argv paths (the fast
// numbers path and the JSON path taken with env) must agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { compile, ToolshapeError } = cjs;

const deploy = z.object({
  service: z.string().meta({ cli: { positional: 0 } }),
  files: z.array(z.string()).optional().meta({ cli: { positional: 1 } }),
  config: z.object({ dryRun: z.boolean().optional() }).optional(),
  host: z.string().optional().meta({ cli: { short: "h" } }),
});
const tool = compile(deploy, { name: "deploy", version: "deploy 2.0.1", help: { short: null } });

/** Parses with and without an environment and checks they agree. */
function both(argv, opts = {}) {
  const fast = tool.safeParseArgv(argv, opts);
  const viaEnv = tool.safeParseArgv(argv, { ...opts, env: { UNUSED: "1" } });
  assert.deepEqual(JSON.parse(JSON.stringify(fast)), JSON.parse(JSON.stringify(viaEnv)));
  return fast;
}

test("positionals fill the marked keys, the last array takes the rest", () => {
  const out = both(["api", "a.txt", "b.txt", "-h", "db", "--config-dry-run"]);
  assert.ok(out.success, out.error?.message);
  assert.deepEqual(out.data, { service: "api", files: ["a.txt", "b.txt"], host: "db", config: { dryRun: true } });
  assert.ok(deploy.safeParse(out.data).success);
  assert.deepEqual(both(["--service", "web", "--", "x"]).rest, ["x"]);
  assert.equal(tool.flags().find((f) => f.name === "service").positional, 0);
  assert.match(tool.usage(), /^Usage: deploy <service> \[files\]\.\.\. \[options\]\n/);
});

test("a true/false after a switch says how to write it, on both paths", () => {
  const out = both(["api", "--config-dry-run", "false"]);
  assert.equal(out.success, false);
  assert.equal(out.error.issues[0].code, "unexpected_argument");
  assert.equal(
    out.error.issues[0].message,
    'unexpected argument "false" after --config-dry-run: a switch takes no value; write --no-config-dry-run or --config-dry-run=false',
  );
});

test("allowPositionals sends positionals no key takes to rest; a bad value is refused", () => {
  const plain = compile(z.object({ name: z.string().optional() }));
  assert.equal(plain.safeParseArgv(["x"]).error.issues[0].code, "unexpected_argument");
  assert.deepEqual(plain.safeParseArgv(["x", "--name", "n"], { allowPositionals: true }), { success: true, data: { name: "n" }, rest: ["x"] });
  assert.throws(() => plain.parseArgv(["x"], { allowPositionals: "yes" }), (e) => e instanceof ToolshapeError && e.code === "INVALID_OPTION" && /allowPositionals/.test(e.message));
  assert.throws(() => plain.parseArgv(["x"], { allowPositional: true }), /did you mean "allowPositionals"/);
});

test("--version and --help answer; -h is free for --host", () => {
  const version = tool.safeParseArgv(["--version"]);
  assert.equal(version.error.code, "VERSION_REQUESTED");
  assert.equal(version.error.message, "deploy 2.0.1");
  const help = tool.safeParseArgv(["--help"]);
  assert.equal(help.error.code, "HELP_REQUESTED");
  assert.match(help.error.message, /\n {6}--help +Show this help\n {6}--version +Show the version\n/);
  assert.deepEqual(tool.parseArgv(["-h", "db", "api"]), { host: "db", service: "api" });
});

test("a key named help or version works once the built-in is off", () => {
  const keyed = z.object({ help: z.boolean().optional(), version: z.string().optional() });
  assert.throws(() => compile(keyed).parseArgv([]), (e) => e.code === "FLAG_COLLISION" && /help: false/.test(e.message));
  const off = compile(keyed, { help: false });
  assert.deepEqual(off.parseArgv(["--help", "--version", "3"]), { help: true, version: "3" });
  assert.throws(() => compile(keyed, { help: false, version: "1" }).parseArgv([]), (e) => e.code === "FLAG_COLLISION" && /--version/.test(e.message));
  assert.throws(() => compile(keyed, { help: "no" }), (e) => e.code === "INVALID_OPTION" && /"help" must be true, false/.test(e.message));
});

test("positional orders no argv could be read against are refused by the command line", () => {
  const twoArrays = z.object({
    a: z.array(z.string()).meta({ cli: { positional: 0 } }),
    b: z.string().meta({ cli: { positional: 1 } }),
  });
  assert.throws(() => compile(twoArrays).parseArgv([]), (e) => e.code === "INVALID_OPTION" && /must be the last positional/.test(e.message));
  const misspelt = compile(z.object({ a: z.string().meta({ cli: { positionl: 0 } }) }));
  assert.throws(() => misspelt.parseArgv([]), /did you mean "positional"/);
  assert.throws(() => misspelt.usage(), /did you mean "positional"/);
  // The tool itself compiles: its schema is served as it is.
  assert.deepEqual(Object.keys(compile(twoArrays).inputSchema().properties), ["a", "b"]);
});
