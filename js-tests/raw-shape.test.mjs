// A raw shape ({ query: z.string() }, what the MCP SDK 1.x's server.tool
// takes) is read wherever a schema is: as the object schema z.object(shape)
// stands for, from the Standard Schema interface alone. Checked against
// z.object itself over every object fixture, through the SDK's Client, and
// with values that are not shapes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type } from "arktype";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { cjs, esm } from "./helpers.mjs";

const { compile, createRegistry, defineGroup, defineTool } = cjs;

/** z.object's JSON Schema, less what a shape has no word for (the object's own description, its unknown-key policy). */
function asShapeWrites(json) {
  const { description, title, additionalProperties, ...rest } = json;
  void [description, title, additionalProperties];
  return rest;
}

/** A schema with its definitions named by their order (D0, D1, ...), and its references to match. */
function byOrder(json) {
  const names = Object.keys(json.$defs ?? {});
  const rename = (value) => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === null || typeof value !== "object") return value;
    const out = {};
    // As own properties, `__proto__` too (the proto-keys fixture has one).
    const set = (key, item) => Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith("#/$defs/")) {
        const [name, ...rest] = item.slice(8).split("/");
        set(key, ["#/$defs", `D${names.indexOf(name)}`, ...rest].join("/"));
      } else if (key === "$defs" && value === json) {
        set(key, Object.fromEntries(names.map((name, i) => [`D${i}`, rename(item[name])])));
      } else {
        set(key, rename(item));
      }
    }
    return out;
  };
  return rename(json);
}

// z.unknown() and z.any() keys are optional in a shape, since they accept
// undefined, where Zod 4's z.object requires them. A recursive member's
// definition is named for its key, where Zod numbers them: compared by order.
const OPTIONAL_HERE = { "any-unknown": ["data", "extra"] };

test("every object fixture's shape writes z.object's inputSchema, and validates its samples alike", async () => {
  const objects = cases.filter((c) => c.schema instanceof z.ZodObject);
  assert.ok(objects.length > 50);
  for (const c of objects) {
    const whole = asShapeWrites(compile(c.schema).inputSchema());
    if (OPTIONAL_HERE[c.name]) whole.required = whole.required.filter((k) => !OPTIONAL_HERE[c.name].includes(k));
    if (whole.required && whole.required.length === 0) delete whole.required;
    assert.deepEqual(byOrder(compile(c.schema.shape).inputSchema()), byOrder(whole), c.name);
    if (OPTIONAL_HERE[c.name] || c.schema.def.catchall !== undefined || c.name === "proto-keys") continue;
    const tool = defineTool({ name: "t", input: c.schema.shape, handler: (args) => args });
    const reference = defineTool({ name: "t", input: c.schema, handler: (args) => args });
    for (const sample of c.samples) {
      assert.deepEqual(await tool.call(sample), await reference.call(sample), `${c.name}: ${JSON.stringify(sample)}`);
    }
  }
});

test("a shape reads own keys only, where z.object reads `toString` from Object.prototype", async () => {
  const c = cases.find((k) => k.name === "proto-keys");
  const tool = defineTool({ name: "t", input: c.schema.shape, handler: (args) => args });
  const reference = defineTool({ name: "t", input: c.schema, handler: (args) => args });
  // Zod sees the inherited function and refuses; the shape sees no key.
  assert.match((await reference.call({ constructor: 1 })).content[0].text, /toString: Invalid input: expected string, received function/);
  assert.deepEqual((await tool.call({ constructor: 1 })).structuredContent, { constructor: 1 });
  assert.deepEqual((await tool.call({ toString: "x" })).structuredContent, { toString: "x" });
  assert.match((await tool.call({ constructor: "x" })).content[0].text, /- constructor: Invalid input: expected number/);
});

test("members' own definitions are gathered once under the root, a clash renamed, a shared id kept once", async () => {
  const Tree = z.lazy(() => z.object({ name: z.string(), kids: z.array(Tree).optional() }));
  const Chain = z.lazy(() => z.object({ value: z.number(), next: Chain.optional() }));
  const Address = z.object({ city: z.string() }).meta({ id: "Address" });
  const shape = { tree: z.object({ root: Tree }), chain: z.object({ head: Chain }), home: Address, work: Address.optional() };
  // The shape's own JSON Schema, as repairing hands it out before the core reads it.
  const own = cjs.repairing(shape)["~standard"].jsonSchema.output({ target: "draft-2020-12" });
  // Each member's conversion names its lazy schema __schema0: the second is renamed.
  assert.deepEqual(Object.keys(own.$defs), ["__schema0", "__schema0_2", "Address"]);
  assert.deepEqual(own.properties.tree.properties.root, { $ref: "#/$defs/__schema0" });
  assert.deepEqual(own.properties.chain.properties.head, { $ref: "#/$defs/__schema0_2" });
  assert.deepEqual(own.$defs.__schema0_2.properties.next, { $ref: "#/$defs/__schema0_2" });
  assert.deepEqual([own.properties.home, own.properties.work], [{ $ref: "#/$defs/Address" }, { $ref: "#/$defs/Address" }]);
  // The core keeps the recursive ones and inlines Address, as for z.object.
  const schema = compile(shape).inputSchema();
  assert.deepEqual(Object.keys(schema.$defs), ["__schema0", "__schema0_2"]);
  assert.deepEqual(schema.properties.home, { type: "object", properties: { city: { type: "string" } }, required: ["city"] });
  const tool = defineTool({ name: "t", input: shape, handler: (args) => args });
  const args = { tree: { root: { name: "a", kids: [{ name: "b" }] } }, chain: { head: { value: 1, next: { value: 2 } } }, home: { city: "x" } };
  assert.deepEqual((await tool.call(args)).structuredContent, args);
  assert.match((await tool.call({ ...args, chain: { head: { value: 1, next: { value: "two" } } } })).content[0].text, /- chain\.head\.next\.value: Invalid input: expected number/);
  // A member whose own root is recursive becomes a definition named for its key.
  const Node = z.object({ label: z.string(), get children() { return z.array(Node); } });
  const rooted = compile({ node: Node }).inputSchema();
  assert.deepEqual(rooted.properties.node, { $ref: "#/$defs/node" });
  assert.deepEqual(rooted.$defs.node.properties.children.items, { $ref: "#/$defs/node" });
  // A property may be called `default`: its `$ref` is a schema's, and is rewritten; a default's data is not.
  const named = (json) => ({ "~standard": { version: 1, vendor: "v", validate: (v) => ({ value: v }), jsonSchema: { input: () => json, output: () => json } } });
  const withDefault = { type: "object", properties: { default: { $ref: "#/$defs/A" } }, default: { $ref: "#/$defs/A" }, $defs: { A: { type: "string" } } };
  const rewrittenOwn = cjs.repairing({ n: named({ $ref: "#/$defs/A", $defs: { A: { type: "number" } } }), m: named(withDefault) })["~standard"].jsonSchema.output({ target: "draft-2020-12" });
  assert.deepEqual(rewrittenOwn.properties.n, { $ref: "#/$defs/A" });
  assert.equal(rewrittenOwn.properties.m.properties.default.$ref, "#/$defs/A_2");
  assert.deepEqual(rewrittenOwn.properties.m.default, { $ref: "#/$defs/A" });
  assert.deepEqual(rewrittenOwn.$defs, { A: { type: "number" }, A_2: { type: "string" } });
  // A reference to a definition the member does not have could name another member's: refused.
  assert.throws(() => compile({ a: named({ $ref: "#/$defs/B" }) }), (e) => e.code === "INVALID_SCHEMA" && /"a": its \$ref "#\/\$defs\/B" names no definition of its own/.test(e.message));
  // A member written in draft-07's "definitions" is refused, saying which.
  const draft7 = { "~standard": { version: 1, vendor: "v", validate: (v) => ({ value: v }), jsonSchema: { input: () => ({ definitions: { A: { type: "string" } }, $ref: "#/definitions/A" }) } } };
  assert.throws(() => compile({ a: draft7 }), (e) => e.code === "INVALID_SCHEMA" && /"a" keeps definitions under "definitions"/.test(e.message));
});

test("a definition's input, output, group action and common may each be a shape", async () => {
  const search = defineTool({
    name: "search",
    input: { query: z.string().describe("What"), limit: z.number().int().default(5), deep: z.boolean().optional() },
    output: { hits: z.number(), unit: z.string().default("docs") },
    handler: async ({ query, limit }) => ({ hits: query.length + limit }),
  });
  const listed = search.definition();
  assert.deepEqual(listed.inputSchema.required, ["query"]);
  assert.equal(listed.inputSchema.properties.query.description, "What");
  assert.equal(listed.outputSchema.additionalProperties, false);
  const ok = await search.call({ query: "abc" });
  assert.deepEqual(ok.structuredContent, { hits: 8, unit: "docs" });
  const bad = await search.call({ query: [3], limit: "x", other: 1 });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /other is not a parameter of search/);
  assert.match(bad.content[0].text, /- query: Invalid input: expected string/);
  assert.match(bad.content[0].text, /- limit: Invalid input: expected number/);

  const users = defineGroup({
    name: "users",
    common: { tenant: z.string() },
    actions: { ban: { input: { id: z.string(), days: z.number().optional() }, handler: async (args) => args } },
  });
  const banned = await users.call({ action: "ban", tenant: "t1", id: "u1" });
  assert.deepEqual(JSON.parse(banned.content[0].text), { tenant: "t1", id: "u1" });
  const missing = await users.call({ action: "ban", id: "u1" });
  assert.match(missing.content[0].text, /tenant: Invalid input: expected string/);
});

test("a shape's command line parses into its keys, and ArkType members work too", async () => {
  const tool = defineTool({ name: "grep", input: { pattern: z.string(), count: z.number().optional() }, handler: (args) => args });
  let out = "";
  assert.equal(await tool.runCli(["--pattern", "a.b", "--count", "2"], { stdout: (t) => (out += t) }), 0);
  assert.deepEqual(JSON.parse(out), { pattern: "a.b", count: 2 });
  let err = "";
  assert.equal(await tool.runCli([], { stderr: (t) => (err += t) }), 2);
  assert.match(err, /--pattern/);

  const ark = compile({ name: type("string"), size: type("number") });
  assert.deepEqual(ark.inputSchema().required, ["name", "size"]);
  assert.deepEqual(ark.parseArgv(["--name", "n", "--size", "3"]), { name: "n", size: 3 });
  assert.deepEqual(esm.compile({ q: z.string() }).inputSchema(), compile(z.object({ q: z.string() })).inputSchema());
  assert.deepEqual(cjs.repair({ n: z.number(), tags: z.array(z.string()) }, { n: "5", tags: '["a"]' }).value, { n: 5, tags: ["a"] });
  assert.equal(cjs.check({ q: z.string() }, "gemini").ok, true);
});

test("the SDK 1.x's Client lists a shape's schema and calls it", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  // A server.tool callback kept as it was: the SDK's extra is the context's.
  const cb = ({ a, b }, extra) => `${a + b} ${extra.signal instanceof AbortSignal}`;
  createRegistry([defineTool({ name: "add", input: { a: z.number(), b: z.number().default(1) }, handler: (args, { extra }) => cb(args, extra) })]).attach(server);
  const [x, y] = InMemoryTransport.createLinkedPair();
  await server.connect(x);
  const client = new Client({ name: "c", version: "1.0.0" });
  await client.connect(y);
  const { tools } = await client.listTools();
  assert.deepEqual(tools[0].inputSchema, { type: "object", properties: { a: { type: "number" }, b: { type: "number", default: 1 } }, required: ["a"] });
  const result = await client.callTool({ name: "add", arguments: { a: 2 } });
  assert.deepEqual(result.content, [{ type: "text", text: "3 true" }]);
  await client.close();
});

test("what is not a shape, or a shape that cannot be one, gets a clear error", async () => {
  // A schema beside a value that is none.
  assert.throws(() => compile({ a: z.string(), b: 3 }), (e) => e.code === "INVALID_SCHEMA" && /needs a schema at every key; "b" is not one/.test(e.message));
  assert.throws(
    () => defineTool({ name: "x", input: { a: z.string(), b: "no" }, handler: () => 1 }),
    (e) => e.code === "INVALID_DEFINITION" && /tool "x": .*"b" is not one/.test(e.message),
  );
  // A member Zod cannot write, with Zod's advice for the whole.
  assert.throws(() => compile({ when: z.date() }), (e) => e.code === "INVALID_SCHEMA" && /"when" cannot be written as JSON Schema.*unrepresentable: "any"/.test(e.message));
  // A validator with no JSON Schema (Zod 3's kind) at a key.
  const noJson = { "~standard": { version: 1, vendor: "v", validate: (v) => ({ value: v }) } };
  assert.throws(() => compile({ a: noJson }), (e) => e.code === "INVALID_SCHEMA" && /"a" has no ~standard.jsonSchema/.test(e.message));
  // A getter that throws is the schema's problem, said as such.
  const hostile = { a: z.string() };
  Object.defineProperty(hostile, "b", { enumerable: true, get: () => { throw new Error("boom"); } });
  assert.throws(() => compile(hostile), (e) => e.code === "INVALID_SCHEMA" && /boom/.test(e.message));
  // JSON never holds a function, so JSON Schema with a `~standard` key in it stays JSON Schema.
  const json = JSON.parse('{"type":"object","properties":{"a":{"type":"string"}},"x-meta":{"~standard":{"validate":1}}}');
  assert.deepEqual(compile(json).inputSchema().properties, { a: { type: "string" } });
  // An empty object is JSON Schema that accepts anything, not a shape.
  assert.throws(() => compile({}), (e) => e.code === "INVALID_ROOT");
});

test("a shape's validator answers non-objects, keeps `__proto__` an own key and awaits async members", async () => {
  // repairing hands out the validator: what is not an object is said to be so.
  const checked = cjs.repairing({ a: z.number() })["~standard"];
  assert.deepEqual(await checked.validate(5), { issues: [{ message: "Invalid input: expected object, received number", path: [] }] });
  assert.deepEqual(await checked.validate(null), { issues: [{ message: "Invalid input: expected object, received null", path: [] }] });
  assert.deepEqual(await checked.validate({ a: "5" }), { value: { a: 5 } });
  const tool = defineTool({ name: "t", input: { ["__proto__"]: z.string(), n: z.number().optional() }, handler: (args) => ({ own: Object.keys(args), proto: Object.getPrototypeOf(args) === Object.prototype }) });
  const answered = await tool.call(JSON.parse('{"__proto__":"x"}'));
  assert.deepEqual(answered.structuredContent, { own: ["__proto__"], proto: true });
  assert.equal(Object.prototype.x, undefined);

  const slow = { "~standard": { version: 1, vendor: "v", validate: async (v) => (typeof v === "string" ? { value: v.toUpperCase() } : { issues: [{ message: "not a string" }] }), jsonSchema: { input: () => ({ type: "string" }), output: () => ({ type: "string" }) } } };
  const asyncTool = defineTool({ name: "a", input: { s: slow }, handler: (args) => args });
  assert.deepEqual(asyncTool.definition().inputSchema.required, ["s"]);
  assert.deepEqual((await asyncTool.call({ s: "q" })).structuredContent, { s: "Q" });
  assert.match((await asyncTool.call({ s: [1] })).content[0].text, /- s: not a string/);
});

test("a definition written with the SDK's (or the AI SDK's, or Anthropic's) key names is told ours", () => {
  const told = (spec, pattern) => assert.throws(() => defineTool(spec), (e) => e.code === "INVALID_DEFINITION" && pattern.test(e.message));
  told({ name: "a", inputSchema: { q: z.string() }, handler: () => 1 }, /unknown key "inputSchema"; the MCP SDK's inputSchema is "input" here \(keys: /);
  told({ name: "a", outputSchema: { q: z.string() }, handler: () => 1 }, /the MCP SDK's outputSchema is "output" here/);
  told({ name: "a", paramsSchema: { q: z.string() }, callback: () => 1 }, /the MCP SDK's paramsSchema is "input" here/);
  // And the names of the tool definitions code is often ported from.
  told({ name: "a", parameters: z.object({ q: z.string() }), handler: () => 1 }, /unknown key "parameters"; the AI SDK's parameters is "input" here \(keys: /);
  told({ name: "a", input: z.object({}), execute: () => 1 }, /unknown key "execute"; the AI SDK's execute is "handler" here/);
  told({ name: "a", input_schema: { type: "object" }, handler: () => 1 }, /Anthropic's input_schema is "input" here/);
  assert.throws(() => defineGroup({ name: "g", actions: { a: { execute: () => 1 } } }), (e) => /unknown key "execute"; the AI SDK's execute is "handler" here/.test(e.message));
  // A group's action has no output, so no hint names one; a long key is clipped.
  assert.throws(() => defineGroup({ name: "g", actions: { a: { outputSchema: {}, handler: () => 1 } } }), (e) => /unknown key "outputSchema" \(keys:/.test(e.message));
  told({ name: "a", ["k".repeat(10000)]: 1, handler: () => 1 }, /unknown key "k{64}\.\.\." \(keys:/);
});
