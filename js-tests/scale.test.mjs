// Inputs wide in one direction: thousands of definitions named alike,
// keys, actions, enum values, shared fields, unknown flag names, union
// branches. Each once took time quadratic (or cubic) in its width, since an
// item was looked for in a list of those before it (or each branch of a
// union tried on the whole value); from a schema or arguments of a few MB
// that was seconds to minutes, a hang for a server. Each case runs in a process
// of its own, stopped after LIMIT_MS, the way the fuzz harness bounds a
// call (a hang in the making): at these sizes the old code took from 18 s
// to 65 s (some measured at these sizes, the others from smaller ones), the
// new one takes under 3 s on the development machine. Each case also
// checks its answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const LIMIT_MS = 15_000;
const pkg = fileURLToPath(new URL("../pkg/index.cjs", import.meta.url));

/** Runs `body` (CommonJS, `ts` the package) in a new process; its stdout, parsed. */
function run(body) {
  const script = `const ts = require(${JSON.stringify(pkg)});\n${body}`;
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: LIMIT_MS, maxBuffer: 1 << 20 });
  assert.equal(child.error?.code, undefined, `did not finish within ${LIMIT_MS / 1000} s`);
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test("4,800 recursive definitions of one name are named in one pass (the old code: 65 s)", () => {
  const out = run(`
    const n = 4800, defs = {}, props = {};
    for (let i = 0; i < n; i++) {
      defs["g" + i] = { type: "object", properties: { n: { type: "object", properties: { child: { $ref: "#/$defs/g" + i + "/properties/n" } } } } };
      props["p" + i] = { $ref: "#/$defs/g" + i + "/properties/n" };
    }
    const names = Object.keys(ts.compile({ type: "object", properties: props, $defs: defs }).inputSchema().$defs);
    process.stdout.write(JSON.stringify([names.length, names[0], names[1], names[n - 1]]));
  `);
  assert.deepEqual(out, [4800, "n", "n_2", "n_4800"]);
});

test("an object of 80,000 keys and as many required names: repaired, and written for a client (the old code: 56 s)", () => {
  const out = run(`
    const n = 80000, props = {}, args = {};
    for (let i = 0; i < n; i++) {
      props["k" + i] = { type: "object", properties: { a: { type: "number" } } };
      args["k" + i] = JSON.stringify({ a: 1 });
    }
    const tool = ts.compile({ type: "object", properties: props, required: Array.from({ length: n }, (_, i) => "r" + i) });
    const repaired = ts.repair(tool, args);
    const openai = tool.inputSchema({ client: "openai" });
    process.stdout.write(JSON.stringify([Object.keys(repaired.value).length, repaired.value["k" + (n - 1)], repaired.repairs.length, Object.keys(openai.properties).length, openai.required.length]));
  `);
  assert.deepEqual(out, [80000, { a: 1 }, 80000, 160000, 80000]);
});

test("a union of 56,000 actions written as one object for three clients (the old code: 28 s)", () => {
  const out = run(`
    const n = 56000;
    const tool = ts.compile({ oneOf: Array.from({ length: n }, (_, i) => ({ type: "object", properties: { action: { const: "a" + i }, x: { type: "string", minLength: i % 7 } }, required: ["action"] })) });
    const counts = ["mcp", "openai", "cursor"].map((client) => {
      const flat = tool.inputSchema({ client });
      return [flat.properties.action.enum.length, flat.properties.x.anyOf?.length ?? 1];
    });
    process.stdout.write(JSON.stringify(counts));
  `);
  // x's seven definitions kept apart, or joined for Cursor, which takes no anyOf.
  assert.deepEqual(out, [[56000, 7], [56000, 7], [56000, 1]]);
});

test("a union of 48,000 enums written for five clients (the old code: 50 s)", () => {
  const out = run(`
    const n = 48000;
    const tool = ts.compile({ type: "object", properties: { u: { anyOf: Array.from({ length: n }, (_, i) => ({ enum: ["a" + i, "b" + (i % 100), i] })) } } });
    const sizes = ["cursor", "vscode", "openai", "claude-code"].map((client) => tool.inputSchema({ client }).properties.u.enum.length);
    process.stdout.write(JSON.stringify([tool.inputSchema().properties.u.enum.length, ...sizes]));
  `);
  // Each "a" word and number once, the 100 "b" words once: in every schema.
  assert.deepEqual(out, Array(5).fill(48000 * 2 + 100));
});

test("actions sharing 24,000 fields, each action redefining 24,000 of its own (the old code: 45 s)", () => {
  const out = run(`
    const n = 24000, common = {}, own = {};
    for (let i = 0; i < n; i++) { common["c" + i] = { type: "string" }; own["o" + i] = { type: "string" }; }
    const tool = ts.compile({ allOf: [{ type: "object", properties: common }, { oneOf: [0, 1, 2].map((k) => ({ type: "object", properties: { action: { const: "a" + k }, ...own }, required: ["action"] })) }] });
    process.stdout.write(JSON.stringify(tool.parseArgv(["a1", "--o1", "x", "--c" + (n - 1), "y"])));
  `);
  assert.deepEqual(out, { action: "a1", o1: "x", ["c23999"]: "y" });
});

test("a union of 3,000 actions over 3,000 recursive definitions: its command line (the old code: 18 s and 1.6 GB at 2,000)", () => {
  const out = run(`
    const n = 3000, defs = {};
    for (let i = 0; i < n; i++) defs["d" + i] = { type: "object", properties: { next: { $ref: "#/$defs/d" + i } } };
    const oneOf = Array.from({ length: n }, (_, i) => ({ type: "object", properties: { action: { const: "a" + i }, t: { $ref: "#/$defs/d" + i } }, required: ["action"] }));
    const tool = ts.compile({ oneOf, $defs: defs });
    const memory = require(${JSON.stringify(fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url)))}).memoryBytes();
    const parsed = tool.parseArgv(["a2999", "--t", JSON.stringify({ next: {} })]);
    // Each action's command line shares the definitions: memory grows by
    // little, where a copy per action took gigabytes.
    const grown = require(${JSON.stringify(fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url)))}).memoryBytes() - memory;
    process.stdout.write(JSON.stringify([parsed, grown < 64 * 1024 * 1024]));
  `);
  assert.deepEqual(out, [{ action: "a2999", t: { next: {} } }, true]);
});

test("a group of 6,000 actions, each with a field of its own: defined, and a key of another action's named (the old code: 13 s at 4,000)", async () => {
  const out = run(`
    const n = 6000, actions = {};
    for (let i = 0; i < n; i++) actions["act" + i] = { input: { type: "object", properties: { ["f" + i]: { type: "string" }, id: { type: "string" } } }, handler: async () => "ok" };
    const registry = ts.createRegistry([ts.defineGroup({ name: "big", actions })]);
    registry.call("big", { action: "act5999", id: "x", f3: "y" }).then((result) => process.stdout.write(JSON.stringify(result.content[0].text)));
  `);
  assert.match(out, /- f3 is not a parameter of act5999; it belongs to act3$/);
});

test("a group of 4,000 actions, each with a recursive schema of its own: each flat tool carries its own definition only (the old code: 17 s and 1.3 GB at 1,000, out of memory at 4,000)", () => {
  const out = run(`
    const n = 4000, actions = {};
    for (let i = 0; i < n; i++) {
      const tree = { type: "object", properties: { label: { type: "string" }, kids: { type: "array", items: { $ref: "#/$defs/T" + i } } } };
      actions["a" + i] = { input: { type: "object", properties: { ["tree" + i]: { $ref: "#/$defs/T" + i } }, $defs: { ["T" + i]: tree } }, handler: () => "ok" };
    }
    const group = ts.defineGroup({ name: "g", actions });
    const flat = group.definitions();
    const memory = require(${JSON.stringify(fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url)))}).memoryBytes();
    process.stdout.write(JSON.stringify([flat.length, Object.keys(flat[3999].inputSchema.$defs), Object.keys(group.definition().inputSchema.$defs).length, memory < 256 * 1024 * 1024]));
  `);
  assert.deepEqual(out, [4000, ["T3999"], 4000, true]);
});

test("8,000 unknown flag names against 8,000 flags: the first 100 reported with a suggestion each, the rest counted (the old code: 24 s)", () => {
  const out = run(`
    const n = 8000, props = {}, flat = {};
    for (let i = 0; i < n; i++) { props["key_" + i] = { type: "string" }; flat["kee_" + i] = "v"; }
    const tool = ts.compile({ type: "object", properties: props });
    let error;
    try { tool.fromFlagValues(flat); } catch (e) { error = e; }
    process.stdout.write(JSON.stringify([error.code, error.issues.length, error.issues[0].message, error.message.split("\\n").pop()]));
  `);
  assert.deepEqual(out, ["INVALID_ARGS", 101, 'unknown flag name "kee_0"; did you mean "key-0"?', "  - 7900 more problems not listed"]);
});

test("2,000 actions beside 2,000 shared fields: refused as too large, where each action's copy of them took 23 s and 2.3 GB", () => {
  const out = run(`
    const n = 2000, common = {};
    for (let i = 0; i < n; i++) common["c" + i] = { type: "string" };
    const oneOf = Array.from({ length: n }, (_, k) => ({ type: "object", properties: { action: { const: "a" + k }, x: { type: "string" } }, required: ["action"] }));
    let error;
    try { ts.compile({ allOf: [{ type: "object", properties: common }, { oneOf }] }).parseArgv(["a1", "--c1", "x"]); } catch (e) { error = e; }
    const memory = require(${JSON.stringify(fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url)))}).memoryBytes();
    process.stdout.write(JSON.stringify([error.code, error.message, memory < 64 * 1024 * 1024]));
  `);
  assert.deepEqual(out, [
    "TOO_LARGE",
    "the action union expands beyond the size limit: each of its 2000 actions has its own copy of the fields it shares with the others (250000 schema nodes at most in all)",
    true,
  ]);
});

test("a union of 16,000 branches under 4,000 argument keys: repair tries the branches only within its bound (the old code: 10 s at 12,000 and 3,000)", () => {
  const out = run(`
    const n = 16000, x = { a: "3" };
    // Every branch would repair "3" to 3 alike, were each tried on the value.
    const anyOf = Array.from({ length: n }, (_, i) => ({ type: "object", properties: { a: { type: "number" }, action: { const: "a" + i } } }));
    for (let i = 0; i < 4000; i++) x["k" + i] = String(i);
    const wide = ts.compile({ type: "object", properties: { x: { anyOf } } }).repair({ x });
    const narrow = ts.compile({ type: "object", properties: { x: { anyOf: anyOf.slice(0, 3) } } }).repair({ x: { a: "3", k0: "v" } });
    process.stdout.write(JSON.stringify([wide.value.x.a, wide.repairs.length, narrow.value]));
  `);
  // Past the bound the value is left for the validator; within it, repaired.
  assert.deepEqual(out, ["3", 0, { x: { a: 3, k0: "v" } }]);
});
