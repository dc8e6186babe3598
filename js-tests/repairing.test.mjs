// repairing: a Standard Schema that repairs, then validates with the schema
// given, and lists toolshape's inputSchema, for the MCP SDK 2.x's
// `registerTool`, which validates with it before the handler runs. Driven
// by the real 2.x McpServer and Client; the same calls without it fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { type } from "arktype";
import { z } from "zod";
import { cjs, esm } from "./helpers.mjs";

const { compile, repairing } = cjs;

const Search = z.object({
  query: z.string(),
  limit: z.number().int().min(1).max(100).default(10),
  filters: z.object({ owners: z.array(z.string()).optional() }).optional(),
});

async function served(inputSchema) {
  const server = new McpServer({ name: "t", version: "1.0.0" });
  const seen = [];
  server.registerTool("search", { description: "Search", inputSchema }, async (args) => {
    seen.push(args);
    return { content: [{ type: "text", text: JSON.stringify(args) }] };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "claude-code", version: "1.0.0" });
  await client.connect(b);
  return { client, seen };
}

test("SDK 2.x registerTool: arguments sent as JSON text are repaired before Zod validates them; without repairing the call fails", async () => {
  const repairs = [];
  const { client, seen } = await served(repairing(Search, { onRepair: (r) => repairs.push(...r) }));
  const result = await client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
  assert.equal(result.isError, undefined);
  assert.deepEqual(seen, [{ query: "api", limit: 5, filters: { owners: ["ops"] } }]);
  assert.deepEqual(repairs.map((r) => r.path), [["limit"], ["filters"]]);
  // Zod still has the last word, on the repaired value.
  const bad = await client.callTool({ name: "search", arguments: { query: "api", limit: "500" } });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /limit: Too big/);
  await client.close();

  const plain = await served(Search);
  const refused = await plain.client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
  assert.equal(refused.isError, true);
  assert.deepEqual(plain.seen, []);
  await plain.client.close();
});

test("SDK 2.x registerTool lists toolshape's inputSchema for it", async () => {
  const { client } = await served(repairing(Search));
  const { tools } = await client.listTools();
  assert.deepEqual(tools[0].inputSchema, compile(Search).inputSchema());
  await client.close();
});

test("the Standard Schema: version 1, toolshape's input JSON Schema, the given schema's output JSON Schema and issues", async () => {
  const schema = repairing(Search);
  const standard = schema["~standard"];
  assert.equal(standard.version, 1);
  assert.equal(standard.vendor, "toolshape");
  assert.deepEqual(standard.jsonSchema.input({ target: "draft-2020-12" }), compile(Search).inputSchema());
  assert.deepEqual(standard.jsonSchema.output({ target: "draft-2020-12" }), Search["~standard"].jsonSchema.output({ target: "draft-2020-12" }));
  const ok = await standard.validate({ query: "a", filters: "{}" });
  assert.deepEqual(ok, { value: { query: "a", limit: 10, filters: {} } });
  const issues = await standard.validate({ limit: "0" });
  assert.deepEqual(issues.issues.map((i) => i.path.join(".")).sort(), ["limit", "query"]);
  // Text it cannot parse is left for the validator to report.
  const unparsed = await standard.validate({ query: "a", filters: "{not json" });
  assert.deepEqual(unparsed.issues.map((i) => i.path.join(".")), ["filters"]);
  // ArkType is a Standard Schema too.
  const ark = repairing(type({ n: "number" }));
  assert.deepEqual(await ark["~standard"].validate({ n: "2" }), { value: { n: 2 } });
  assert.equal(typeof esm.repairing, "function");
});

test("arguments repair cannot read are an issue, never a throw: the SDK answers with the reason", async () => {
  const nested = (depth) => {
    let value = [];
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };
  const schema = repairing(z.object({ a: z.any().optional() }));
  const answer = await schema["~standard"].validate({ a: nested(100000) });
  assert.deepEqual(answer.issues.map((i) => i.message), ["the arguments: nested deeper than 128 levels"]);
  const { client, seen } = await served(schema);
  const refused = await client.callTool({ name: "search", arguments: { a: nested(300) } });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /the arguments: nested deeper than 128 levels/);
  const shallow = await client.callTool({ name: "search", arguments: { a: nested(5) } });
  assert.equal(shallow.isError, undefined);
  // Text that does not parse is left for the validator, which z.any() lets through.
  const text = await client.callTool({ name: "search", arguments: { a: "[".repeat(50000) } });
  assert.equal(text.isError, undefined);
  assert.equal(seen.length, 2);
  await client.close();
});

test("repairing refuses a schema with no validator and unknown or wrong options", () => {
  for (const bad of [{ type: "object" }, '{"type":"object"}', null, undefined]) {
    assert.throws(() => repairing(bad), (e) => e.code === "INVALID_SCHEMA" && /Standard Schema that validates/.test(e.message));
  }
  assert.throws(() => repairing(Search, { onRepiar: () => {} }), (e) => e.code === "INVALID_OPTION" && /"onRepiar"/.test(e.message));
  assert.throws(() => repairing(Search, { onRepair: "log" }), (e) => e.code === "INVALID_OPTION" && /onRepair/.test(e.message));
  assert.throws(() => repairing(Search, 5), (e) => e.code === "INVALID_OPTION");
});

test("SDK 2.x registerTool takes repairing of a raw shape: listed as z.object's, repaired and validated by the members", async () => {
  const { client, seen } = await served(repairing(Search.shape));
  const { tools } = await client.listTools();
  assert.deepEqual(tools[0].inputSchema, compile(Search).inputSchema());
  const result = await client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
  assert.equal(result.isError, undefined);
  assert.deepEqual(seen, [{ query: "api", limit: 5, filters: { owners: ["ops"] } }]);
  const bad = await client.callTool({ name: "search", arguments: { query: "api", limit: "500" } });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /limit/);
  await client.close();
});

test("toStandardSchema: the SDK 2.x registerTool lists the portable schema, a call whose object arrives as JSON text succeeds, a bad call gets the readable issue", async () => {
  const heard = [];
  const Tree = z.object({ name: z.string(), get children() { return z.array(Tree).optional(); } });
  const Input = Search.extend({ tree: Tree.optional() });
  const standard = cjs.toStandardSchema(Input, { onRepair: (repairs) => heard.push(repairs.length) });
  assert.equal(standard["~standard"].version, 1);
  assert.equal(standard["~standard"].vendor, "toolshape");
  const { client, seen } = await served(standard);
  try {
    const [listed] = (await client.listTools()).tools;
    // The portable profile: the recursion written out, no $ref, the nested object complete.
    assert.ok(!JSON.stringify(listed.inputSchema).includes("$ref"));
    assert.deepEqual(Object.keys(listed.inputSchema.properties.filters.properties), ["owners"]);
    const ok = await client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
    assert.equal(ok.isError, undefined, JSON.stringify(ok));
    assert.deepEqual(seen.at(-1), { query: "api", limit: 5, filters: { owners: ["ops"] } });
    assert.deepEqual(heard, [2]);
    const bad = await client.callTool({ name: "search", arguments: { query: "api", limit: "500" } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /limit/);
  } finally {
    await client.close();
  }
  // Targets: 2020-12 as toolshape writes it, draft-07's spelling, anything else throws.
  const tuple = cjs.toStandardSchema(z.object({ point: z.tuple([z.number(), z.string()]) }), { client: "mcp" });
  const modern = tuple["~standard"].jsonSchema.input({ target: "draft-2020-12" });
  const old = tuple["~standard"].jsonSchema.input({ target: "draft-07" });
  assert.deepEqual(modern.properties.point.prefixItems, [{ type: "number" }, { type: "string" }]);
  assert.deepEqual(old.properties.point.items, [{ type: "number" }, { type: "string" }]);
  assert.equal(old.properties.point.prefixItems, undefined);
  assert.throws(() => tuple["~standard"].jsonSchema.input({ target: "openapi-9" }), /unsupported target "openapi-9"/);
  assert.equal(tuple["~standard"].jsonSchema.output({ target: "draft-2020-12" }).type, "object");
  // Options are checked when given.
  assert.throws(() => cjs.toStandardSchema(Input, { client: "netscape" }), (e) => e.code === "INVALID_OPTION");
  assert.throws(() => cjs.toStandardSchema(Input, { clint: "mcp" }), (e) => e.code === "INVALID_OPTION" && /did you mean "client"/.test(e.message));
  assert.throws(() => cjs.toStandardSchema({ type: "object" }), (e) => e.code === "INVALID_SCHEMA");
  assert.equal(esm.toStandardSchema, cjs.toStandardSchema);
});

test("toStandardSchema's issues carry paths and toolshape's readable messages: what a union expected, where Zod says only Invalid input", async () => {
  const standard = cjs.toStandardSchema(z.object({ sort: z.union([z.literal("name"), z.literal("age")]), limit: z.union([z.number(), z.literal("auto")]) }));
  const result = await standard["~standard"].validate({ sort: "x", limit: true });
  assert.deepEqual(result.issues, [
    { path: ["sort"], message: 'Invalid input: expected "name" or "age"' },
    { path: ["limit"], message: 'Invalid input: expected number or "auto"' },
  ]);
  assert.deepEqual(await standard["~standard"].validate({ sort: "age", limit: "auto" }), { value: { sort: "age", limit: "auto" } });
});
