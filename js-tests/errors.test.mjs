// Every error code the foundation defines, through the package: each is a
// ToolshapeError with a stable code and a message that says where, the
// module keeps working afterwards, and no prototype is touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { cjs, errorText } from "./helpers.mjs";

const { compile, ToolshapeError } = cjs;
const ok = { type: "object", properties: { a: { type: "string" } } };

function expectCode(fn, code, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof ToolshapeError, `not a ToolshapeError: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, "ToolshapeError");
    assert.equal(e.code, code, e.message);
    assert.equal(typeof e.stack, "string");
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
  // The module still works after the error.
  assert.deepEqual(compile(ok).inputSchema(), ok);
}

function nest(depth, leaf) {
  let node = leaf;
  for (let i = 0; i < depth; i++) node = { type: "object", properties: { n: node } };
  return node;
}

test("INVALID_JSON: schema text that is not JSON", () => {
  expectCode(() => compile('{"type":'), "INVALID_JSON", /not valid JSON/);
});

test("INVALID_ROOT: a root that is not an object schema", () => {
  expectCode(() => compile({ type: "string" }), "INVALID_ROOT", /object/);
  expectCode(() => compile({ type: ["object", "null"], properties: {} }), "INVALID_ROOT");
});

test("INVALID_SCHEMA: keywords of the wrong kind, and values that are no schema", () => {
  expectCode(() => compile({ type: "object", properties: { a: { type: "strng" } } }), "INVALID_SCHEMA", /#\/properties\/a/);
  expectCode(() => compile(42), "INVALID_SCHEMA");
  expectCode(() => compile(null), "INVALID_SCHEMA");
  expectCode(() => compile(new Map()), "INVALID_SCHEMA");
  const cyclic = { type: "object", properties: {} };
  cyclic.properties.self = cyclic;
  expectCode(() => compile(cyclic), "INVALID_SCHEMA");
  expectCode(() => compile({ type: "object", properties: { big: { type: "integer", default: 10n } } }), "INVALID_SCHEMA");
});

test("INVALID_SCHEMA: a schema whose getter or Proxy trap throws, wherever a schema is taken; never the trap's own error", () => {
  const trap = new Proxy({}, { get() { throw new Error("trap get"); }, getPrototypeOf() { throw new Error("trap proto"); } });
  const getter = { "~standard": { get validate() { throw new Error("validate getter"); } } };
  expectCode(() => compile(trap), "INVALID_SCHEMA", /^the schema cannot be read: trap proto$/);
  expectCode(() => cjs.check(trap), "INVALID_SCHEMA", /cannot be read/);
  expectCode(() => cjs.repair(trap, {}), "INVALID_SCHEMA", /cannot be read: trap proto/);
  expectCode(() => cjs.withRepair(trap, () => ""), "INVALID_SCHEMA", /cannot be read: trap get/);
  expectCode(() => cjs.repairing(getter), "INVALID_SCHEMA", /cannot be read: validate getter/);
  expectCode(() => cjs.defineTool({ name: "t", input: getter, handler: () => "" }), "INVALID_DEFINITION", /^tool "t": the schema cannot be read: validate getter$/);
  expectCode(() => cjs.defineTool({ name: "t", output: trap, handler: () => ({}) }), "INVALID_DEFINITION", /^tool "t", output: the schema cannot be read: trap get$/);
  assert.deepEqual(compile(ok).inputSchema(), { type: "object", properties: { a: { type: "string" } } });
});

test("INVALID_ARGS: arguments whose getter or Proxy trap throws, wherever arguments are taken; never the trap's own error", async () => {
  const tool = compile({ type: "object", properties: { n: { type: "number" }, o: { type: "object", properties: { a: { type: "string" } } } } });
  const getter = () => ({ n: 1, get o() { throw new Error("getter o"); } });
  const trap = () => new Proxy({}, { ownKeys() { throw new Error("trap keys"); } });
  // repair reads the arguments in JS first, to skip the core when nothing
  // can need repair; that read must fail the same way as the core's.
  expectCode(() => tool.repair(getter()), "INVALID_ARGS", /^the arguments cannot be written as JSON: getter o$/);
  expectCode(() => tool.repair(trap()), "INVALID_ARGS", /^the arguments cannot be written as JSON: trap keys$/);
  expectCode(() => cjs.repair(ok, getter()), "INVALID_ARGS", /getter o/);
  expectCode(() => tool.toArgv(getter()), "INVALID_ARGS", /getter o/);
  const handled = await cjs.withRepair(z.object({ n: z.number() }), () => ({ content: [] }))(getter());
  assert.deepEqual(handled, { isError: true, content: [{ type: "text", text: "the arguments cannot be written as JSON: getter o" }] });
  assert.deepEqual(tool.repair({ n: 1 }), { value: { n: 1 }, repairs: [] });
});

test("DANGLING_REF names the $ref and where it is", () => {
  expectCode(() => compile({ type: "object", properties: { a: { $ref: "#/$defs/Nope" } } }), "DANGLING_REF", /#\/\$defs\/Nope.*#\/properties\/a/);
});

test("REF_CYCLE: a cycle that never passes through an object", () => {
  expectCode(() => compile({ type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $ref: "#/$defs/x" } } }), "REF_CYCLE");
});

test("TOO_DEEP: past the documented depth, from text and from objects", () => {
  expectCode(() => compile(nest(70, { type: "string" })), "TOO_DEEP");
  expectCode(() => compile(JSON.stringify(nest(70, { type: "string" }))), "TOO_DEEP");
  expectCode(() => compile(nest(100000, { type: "string" })), "TOO_DEEP");
  const text = "[".repeat(100000) + "]".repeat(100000);
  expectCode(() => compile(text), "TOO_DEEP");
});

test("TOO_DEEP says the same whichever side finds it: the engine's JSON.stringify (Node 20 to 24 recurse) or the core's 128 levels", () => {
  // Past the core's limit, within JSON.stringify's: only the core can refuse it.
  const byCore = errorText(() => compile(nest(100, { type: "string" })));
  assert.equal(byCore, "TOO_DEEP: the schema: nested deeper than 128 levels");
  // Past what a recursing JSON.stringify can write.
  assert.equal(errorText(() => compile(nest(100000, { type: "string" }))), byCore);
  const tool = compile({ type: "object", properties: { a: {} } });
  const list = (depth) => {
    let value = [];
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };
  const args = errorText(() => tool.repair({ a: list(200) }));
  assert.equal(args, "TOO_DEEP: the arguments: nested deeper than 128 levels");
  assert.equal(errorText(() => tool.repair({ a: list(100000) })), args);
  const nested = (depth) => {
    let value = {};
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };
  const options = errorText(() => compile(ok, { flags: nested(200) }));
  assert.equal(options, "INVALID_OPTION: the compile options: nested deeper than 128 levels");
  assert.equal(errorText(() => compile(ok, { flags: nested(100000) })), options);
});

test("TOO_LARGE: oversized text and $ref bombs", () => {
  expectCode(() => compile(`{"type":"object","description":"${"x".repeat(17 * 1024 * 1024)}"}`), "TOO_LARGE");
  const $defs = {};
  for (let i = 0; i < 30; i++) $defs[`d${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } } };
  $defs.d30 = { type: "string" };
  expectCode(() => compile({ type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs }), "TOO_LARGE");
});

test("INVALID_OPTION: misspelt or ill-typed compile options", () => {
  expectCode(() => compile(ok, { maxdepth: 2 }), "INVALID_OPTION", /maxdepth/);
  expectCode(() => compile(ok, { case: "snake" }), "INVALID_OPTION");
  expectCode(() => compile(ok, { separator: "" }), "INVALID_OPTION");
  // An override of a flag there is not: the command line, built on first use, answers it.
  expectCode(() => compile(ok, { flags: { nope: { short: "n" } } }).parseArgv([]), "INVALID_OPTION", /nope/);
  expectCode(() => compile(ok, "x"), "INVALID_OPTION");
});

test("a property named __proto__ is an own property and changes no prototype", () => {
  const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","description":"p"},"constructor":{"type":"number"}},"required":["__proto__"]}');
  const emitted = compile(schema).inputSchema();
  assert.ok(Object.hasOwn(emitted.properties, "__proto__"));
  assert.equal(Object.getPrototypeOf(emitted.properties), Object.prototype);
  assert.deepEqual(emitted.properties["__proto__"], { type: "string", description: "p" });
  assert.deepEqual(emitted.required, ["__proto__"]);
  assert.equal({}.description, undefined);
  assert.equal(Object.prototype.type, undefined);
});

test("a polluted Object.prototype adds no keys to what compile reads or returns", () => {
  Object.prototype.polluted = { type: "string" };
  Object.prototype.properties = { injected: { type: "number" } };
  try {
    const emitted = compile({ type: "object", properties: { a: { type: "string" } } }).inputSchema();
    assert.deepEqual(Object.keys(emitted.properties), ["a"]);
    assert.ok(!Object.hasOwn(emitted, "polluted"));
    const args = compile({ type: "object", properties: { a: { type: "string" } } }).parseArgv(["--a", "x"]);
    assert.deepEqual(Object.keys(args), ["a"]);
  } finally {
    delete Object.prototype.polluted;
    delete Object.prototype.properties;
  }
});

test("ToolshapeError carries data fields", () => {
  try {
    compile({ type: "object", properties: { a: { $ref: "#/nope" } } });
    assert.fail("no error");
  } catch (e) {
    assert.equal(e.pointer, "/properties/a");
    assert.equal(typeof e.message, "string");
  }
});

test("FLAG_COLLISION and INVALID_FLAG_NAME name both paths or the key, and a fix, when the command line is used", () => {
  expectCode(
    () => compile({ type: "object", properties: { foo: { type: "object", properties: { bar: { type: "string" } } }, "foo-bar": { type: "string" } } }).parseArgv([]),
    "FLAG_COLLISION",
    /--foo-bar would mean both the key path \["foo","bar"\] and the key path \["foo-bar"\].*options\.flags/,
  );
  expectCode(() => compile({ type: "object", properties: { help: { type: "boolean" } } }).parseArgv([]), "FLAG_COLLISION", /built-in --help/);
  expectCode(() => compile({ type: "object", properties: { "a b": { type: "string" } } }).parseArgv([]), "INVALID_FLAG_NAME", /options\.flags\["a b"\]\.name/);
  assert.deepEqual(compile({ type: "object", properties: { "a b": { type: "string" } } }, { flags: { "a b": { name: "ab" } } }).parseArgv(["--ab", "x"]), { "a b": "x" });
});

test("INVALID_ARGS and UNREPRESENTABLE carry issues and paths", () => {
  const tool = compile({ type: "object", properties: { n: { type: "integer" }, tags: { type: "array", items: { type: "string" } } }, required: ["n"] });
  expectCode(() => tool.parseArgv(["--n", "x"]), "INVALID_ARGS", /--n expects an integer/);
  expectCode(() => tool.toArgv({ n: 1, tags: [] }), "UNREPRESENTABLE", /\["tags"\]/);
});
