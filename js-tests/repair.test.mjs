// repair through the package: every rule, the hostile inputs, the quick
// check that skips wasm, and the withRepair helper for MCP handlers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { z } from "zod";
import { cjs, isPlainJson } from "./helpers.mjs";

const { compile, repair, withRepair, ToolshapeError } = cjs;

const schema = z.object({
  count: z.number().int(),
  ratio: z.number().optional(),
  on: z.boolean().optional(),
  name: z.string().optional(),
  maybe: z.number().nullable().optional(),
  plan: z.object({ module: z.string(), steps: z.array(z.number().int()).optional() }).optional(),
  tags: z.array(z.string()).optional(),
  limits: z.record(z.string(), z.number()).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  target: z.union([z.object({ host: z.string() }), z.array(z.string())]).optional(),
});
const tool = compile(schema);

test("scalars, objects and arrays sent as text are repaired, inside out", () => {
  const { value, repairs } = tool.repair({ count: "3", ratio: "0.5", on: "false", maybe: "null", plan: '{"module":"offers","steps":"[1,2]"}', tags: '["a"]', limits: '{"cpu":"2"}' });
  assert.deepEqual(value, { count: 3, ratio: 0.5, on: false, maybe: null, plan: { module: "offers", steps: [1, 2] }, tags: ["a"], limits: { cpu: 2 } });
  assert.deepEqual(repairs.map((r) => r.path), [["count"], ["ratio"], ["on"], ["maybe"], ["plan"], ["plan", "steps"], ["tags"], ["limits"], ["limits", "cpu"]]);
  assert.deepEqual(repairs[0], { path: ["count"], from: "3", to: 3 });
  assert.ok(isPlainJson(value));
  assert.ok(schema.safeParse(value).success);
});

test("arguments sent as one string are parsed first", () => {
  const { value, repairs } = tool.repair('{"count":"1","name":"n"}');
  assert.deepEqual(value, { count: 1, name: "n" });
  assert.deepEqual(repairs[0].path, []);
});

test("strings where strings are wanted are never touched, and valid args come back as they are", () => {
  const args = { count: 1, name: "42", id: "7", tags: ["[1]"] };
  const out = tool.repair(args);
  assert.equal(out.value, args, "no crossing, the same object");
  assert.deepEqual(out.repairs, []);
});

test("text that does not parse or does not fit stays exactly as it was", () => {
  for (const args of [{ count: "1e400" }, { count: "12abc" }, { count: " 3" }, { on: "yes" }, { plan: "{broken" }, { plan: "[1]" }, { tags: "[1" }, { tags: " {}" }, { count: "Infinity" }, { on: 1 }]) {
    const out = tool.repair(args);
    assert.deepEqual(out.value, args);
    assert.deepEqual(out.repairs, [], JSON.stringify(args));
  }
});

test("the validator gets to name the real problem: text of the wanted JSON type is parsed, lone scalars are wrapped", () => {
  const { value, repairs } = tool.repair({ count: "3.5", plan: '{"module":[7]}', tags: "a" });
  assert.deepEqual(value, { count: 3.5, plan: { module: [7] }, tags: ["a"] });
  assert.deepEqual(repairs.at(-1), { path: ["tags"], from: "a", to: ["a"] });
  const issues = schema.safeParse(value).error.issues.map((i) => `${i.path.join(".")}: ${i.code}`);
  assert.deepEqual(issues, ["count: invalid_type", "plan.module: invalid_type"]);
  // A number where an array of numbers is wanted skips the quick check and is wrapped.
  assert.deepEqual(tool.repair({ count: 1, plan: { module: "m", steps: 4 } }).value.plan.steps, [4]);
  assert.deepEqual(tool.repair({ count: 1, plan: { module: "m", steps: "5" } }).repairs, [{ path: ["plan", "steps"], from: "5", to: [5] }]);
});

test("a number or boolean where only a string is taken becomes its text, and Zod then accepts it", async () => {
  // Some clients turn text that reads as a number into one (a sheet "1" sent as 1).
  const args = { count: 2, name: 1, plan: { module: 7 }, tags: [3, true, "x"], id: 5, on: true };
  const { value, repairs } = tool.repair(args);
  assert.deepEqual(value, { count: 2, name: "1", plan: { module: "7" }, tags: ["3", "true", "x"], id: 5, on: true });
  assert.deepEqual(repairs, [
    { path: ["name"], from: 1, to: "1" },
    { path: ["plan", "module"], from: 7, to: "7" },
    { path: ["tags", 0], from: 3, to: "3" },
    { path: ["tags", 1], from: true, to: "true" },
  ]);
  assert.ok(schema.safeParse(value).success);
  assert.equal(schema.safeParse(args).success, false);
  const handler = withRepair(schema, async (input) => JSON.stringify(input));
  assert.deepEqual(JSON.parse((await handler({ count: 1, name: 42 })).content[0].text), { count: 1, name: "42" });
  // id takes numbers as they are: the quick check answers without wasm, the same object back.
  const same = { count: 1, id: 5 };
  assert.equal(tool.repair(same).value, same);
});

test("unions take the branch the parsed value fits; $refs and recursion are followed", () => {
  assert.deepEqual(tool.repair({ count: 1, target: '{"host":"h"}' }).value.target, { host: "h" });
  assert.deepEqual(tool.repair({ count: 1, target: '["a"]' }).value.target, ["a"]);
  const Node = z.object({ v: z.number(), get next() { return Node.optional(); } });
  const tree = compile(z.object({ root: Node }));
  assert.deepEqual(tree.repair({ root: { v: "1", next: '{"v":"2"}' } }).value, { root: { v: 1, next: { v: 2 } } });
  assert.deepEqual(repair(z.object({ n: z.number() }), { n: "5" }).value, { n: 5 });
  assert.deepEqual(repair({ type: "object", properties: { n: { type: "number" } } }, { n: "6" }).value, { n: 6 });
});

test("__proto__ in text is not repaired; constructor and prototype reach no prototype", () => {
  const bad = tool.repair({ count: 1, plan: '{"module":"m","__proto__":{"polluted":true}}' });
  assert.equal(typeof bad.value.plan, "string");
  assert.deepEqual(bad.repairs, []);
  const ok = tool.repair({ count: 1, limits: '{"constructor":1,"prototype":2}' });
  assert.deepEqual(ok.value.limits, { constructor: 1, prototype: 2 });
  assert.ok(Object.hasOwn(ok.value.limits, "constructor"));
  assert.equal(Object.getPrototypeOf(ok.value.limits), Object.prototype);
  const own = tool.repair(JSON.parse('{"count":"1","__proto__":{"x":1}}'));
  assert.ok(Object.hasOwn(own.value, "__proto__"));
  assert.equal({}.polluted, undefined);
  assert.equal({}.x, undefined);
});

test("hostile input: 100,000-deep JSON text, a 5 MB string, text encoded 16 times", () => {
  const deep = "[".repeat(100000) + "]".repeat(100000);
  assert.deepEqual(tool.repair({ count: 1, tags: deep }).value.tags, deep);
  const big = JSON.stringify(Array(700000).fill("abcdef"));
  assert.ok(big.length > 5 * 1024 * 1024);
  assert.equal(tool.repair({ count: 1, tags: big }).value.tags.length, 700000);
  let text = JSON.stringify({ module: "m" });
  for (let i = 0; i < 16; i++) text = JSON.stringify(text);
  assert.equal(tool.repair({ count: 1, plan: text }).value.plan, text);
  let twice = JSON.stringify(JSON.stringify({ module: "m" }));
  assert.deepEqual(tool.repair({ count: 1, plan: twice }).value.plan, { module: "m" });
  const nested = {};
  let at = nested;
  for (let i = 0; i < 100000; i++) at = at.a = {};
  assert.throws(() => tool.repair({ count: "1", limits: nested }), (e) => e instanceof ToolshapeError && e.code === "TOO_DEEP");
  assert.deepEqual(tool.repair({ count: "2" }).value, { count: 2 });
});

test("withRepair repairs, validates with Zod, and reports failures as MCP errors", async () => {
  const seen = [];
  const handler = withRepair(schema, async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }), { onRepair: (r) => seen.push(r) });
  const ok = await handler({ count: "4", tags: '["x"]' });
  assert.deepEqual(JSON.parse(ok.content[0].text), { count: 4, tags: ["x"] });
  assert.deepEqual(seen[0].map((r) => r.path), [["count"], ["tags"]]);
  const bad = await handler({ count: "four" });
  assert.equal(bad.isError, true);
  assert.equal(bad.content[0].text, "Invalid arguments (fix them and call again):\n- count: Invalid input: expected number, received string");
  // The one-tool case of defineTool's call path: a key no parameter takes is reported, not dropped.
  const named = withRepair(schema, async () => "ok", { name: "search" });
  assert.equal((await named({ count: 1, cuont: 2 })).content[0].text, '[search] Invalid arguments (fix them and call again):\n- cuont is not a parameter of search; did you mean "count"?');
  assert.deepEqual(await named({ count: 1 }), { content: [{ type: "text", text: "ok" }] });
  const none = await handler(undefined);
  assert.equal(none.isError, true);
  assert.throws(() => withRepair({ type: "object" }, () => {}), (e) => e.code === "INVALID_SCHEMA");
});

test("the quick check and wasm agree where a string enum sits beside other types", () => {
  const mixed = z.object({ level: z.union([z.literal("1"), z.literal(2)]).optional(), size: z.union([z.enum(["s", "m"]), z.number()]).optional(), mode: z.union([z.enum(["7"]), z.boolean()]).optional() });
  const tool = compile(mixed);
  const { WasmTool } = createRequire(import.meta.url)("../pkg/node/toolshape.js");
  const handle = new WasmTool(JSON.stringify(z.toJSONSchema(mixed, { io: "input" })), undefined);
  for (const args of [{ level: 1 }, { level: 2 }, { level: "2" }, { size: 3 }, { size: true }, { mode: 7 }, { mode: true }, { mode: "true" }]) {
    const viaWasm = JSON.parse(handle.repair(JSON.stringify(args)));
    const out = tool.repair(args);
    assert.deepEqual(out.value, viaWasm.value, JSON.stringify(args));
    assert.deepEqual(out.repairs, viaWasm.repairs, JSON.stringify(args));
  }
  assert.deepEqual(tool.repair({ level: 1, mode: 7 }).value, { level: "1", mode: "7" });
  handle.free();
});

test("the quick check and wasm agree on every sample", () => {
  const { WasmTool } = createRequire(import.meta.url)("../pkg/node/toolshape.js");
  const handle = new WasmTool(JSON.stringify(z.toJSONSchema(schema, { io: "input" })), undefined);
  const samples = [{ count: 1 }, { count: 1, name: "x" }, { count: "1" }, { count: 1, id: "x" }, { count: 1, target: "x" }, { count: 1, limits: { a: "1" } }, { count: 1, tags: ["a"] }, { count: 1, plan: { module: "m", steps: ["1"] } }, { count: 1, name: 7 }, { count: 1, id: 7 }, { count: 1, id: true }, { count: 1, tags: [3, false] }, { count: 1, on: true }, { count: 1, limits: { a: true } }];
  for (const args of samples) {
    const viaWasm = JSON.parse(handle.repair(JSON.stringify(args)));
    const out = tool.repair(args);
    assert.deepEqual(out.value, viaWasm.value, JSON.stringify(args));
    assert.deepEqual(out.repairs, viaWasm.repairs, JSON.stringify(args));
  }
  handle.free();
});

test("a required object whose keys all have defaults is filled in when absent, as the command line fills it: the fronts agree", async () => {
  const Input = z.object({ name: z.string().optional(), config: z.object({ timeout: z.number().default(30), tls: z.object({ verify: z.boolean().default(true) }), note: z.string().optional() }) });
  const tool = cjs.compile(Input);
  const fixed = cjs.repair(tool, {});
  assert.deepEqual(fixed, { value: { config: { tls: {} } }, repairs: [{ path: ["config"], from: null, to: { tls: {} } }] });
  // The command line with no flags and the call with no arguments reach the handler alike.
  const fromCli = Input.parse(tool.parseArgv([]));
  const served = cjs.defineTool({ name: "t", input: Input, handler: (args) => args });
  assert.deepEqual((await served.call({})).structuredContent, fromCli);
  assert.deepEqual(fromCli, { config: { timeout: 30, tls: { verify: true } } });
  // An object that asks for something is still the validator's to report.
  const needs = cjs.defineTool({ name: "n", input: z.object({ config: z.object({ url: z.string() }) }), handler: (args) => args });
  assert.equal((await needs.call({})).isError, true);
  assert.deepEqual(cjs.repair(needs.tool, {}).repairs, []);
});
