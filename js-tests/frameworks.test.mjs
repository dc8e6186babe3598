// toStandardSchema in the frameworks users already have, each the real
// package: the AI SDK's `tool()` lists toolshape's schema and validates
// with repair; tRPC's procedure input repairs, then Zod has the last word;
// a FastMCP server over stdio, with the SDK's Client, lists it and repairs.
// (The MCP SDK 2.x registerTool: js-tests/repairing.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { asSchema, tool } from "ai";
import { initTRPC, TRPCError } from "@trpc/server";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

/** A schema without `additionalProperties: false`, which a framework may add to every object. */
const open = (node) => {
  if (Array.isArray(node)) return node.map(open);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === "additionalProperties" && v === false)).map(([k, v]) => [k, open(v)]));
};

const Search = z.object({ query: z.string(), filters: z.object({ owners: z.array(z.string()) }).optional(), limit: z.number().int().max(100).default(10) });

test("the AI SDK's tool(): its input schema is toolshape's, and a model's text object is repaired before the tool runs", async () => {
  const standard = cjs.toStandardSchema(Search);
  const search = tool({ description: "Search", inputSchema: standard, execute: async (args) => args });
  const schema = asSchema(search.inputSchema);
  assert.deepEqual(open(await schema.jsonSchema), standard["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
  const checked = await schema.validate({ query: "a", filters: '{"owners":["x"]}', limit: "5" });
  assert.deepEqual(checked, { success: true, value: { query: "a", filters: { owners: ["x"] }, limit: 5 } });
  const refused = await schema.validate({ query: "a", limit: 500 });
  assert.equal(refused.success, false);
  assert.match(String(refused.error && refused.error.message), /limit|100/);
});

test("tRPC: a procedure's input repairs first, Zod has the last word, and a bad input is a BAD_REQUEST whose issue names the path", async () => {
  const t = initTRPC.create();
  const router = t.router({ search: t.procedure.input(cjs.toStandardSchema(Search)).query(({ input }) => input) });
  const caller = t.createCallerFactory(router)({});
  assert.deepEqual(await caller.search({ query: "a", filters: '{"owners":["x"]}' }), { query: "a", filters: { owners: ["x"] }, limit: 10 });
  await assert.rejects(
    () => caller.search({ query: "a", limit: "500" }),
    (error) => error instanceof TRPCError && error.code === "BAD_REQUEST" && /Too big/.test(error.message) && error.cause.issues[0].path.join(".") === "limit",
  );
});

test("FastMCP: a real server over stdio lists toolshape's schema, repairs a client's text object, and refuses a bad call with the readable issue", async () => {
  const client = new Client({ name: "frameworks-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "js-tests", "fastmcp-server.mjs")], stderr: "pipe" }));
  try {
    const [listed] = (await client.listTools()).tools;
    // FastMCP asks for draft-07 (through xsschema's Standard JSON Schema support).
    const expected = cjs.toStandardSchema(Search)["~standard"].jsonSchema.input({ target: "draft-07" });
    delete expected.$schema;
    assert.deepEqual(open(listed.inputSchema), open(expected));
    const called = await client.callTool({ name: "search", arguments: { query: "a", filters: '{"owners":["x"]}', limit: "5" } });
    assert.deepEqual(JSON.parse(called.content[0].text), { query: "a", filters: { owners: ["x"] }, limit: 5 });
    await assert.rejects(
      () => client.callTool({ name: "search", arguments: { query: "a", limit: 500 } }),
      (error) => error.code === -32602 && /limit: Too big: expected number to be <=100/.test(error.message),
    );
  } finally {
    await client.close();
  }
});

test("toStandardSchema takes any Standard Schema with JSON Schema: ArkType's own, and Valibot's through its converter", async () => {
  const valibot = cjs.toStandardSchema(toStandardJsonSchema(v.object({ query: v.string(), limit: v.optional(v.pipe(v.number(), v.maxValue(100))) })));
  assert.deepEqual(valibot["~standard"].jsonSchema.input({ target: "draft-07" }).properties.limit, { type: "number", maximum: 100 });
  assert.deepEqual((await valibot["~standard"].validate({ query: "a", limit: "5" })).value, { query: "a", limit: 5 });
  assert.deepEqual((await valibot["~standard"].validate({ query: "a", limit: 500 })).issues, [{ path: ["limit"], message: "Invalid value: Expected <=100 but received 500" }]);
  const ark = cjs.toStandardSchema(type({ query: "string", "filters?": { owners: "string[]" } }));
  assert.deepEqual(ark["~standard"].jsonSchema.input({ target: "draft-2020-12" }).required, ["query"]);
  assert.deepEqual((await ark["~standard"].validate({ query: "a", filters: '{"owners":["x"]}' })).value, { query: "a", filters: { owners: ["x"] } });
  assert.equal((await ark["~standard"].validate({ query: "a", filters: { owners: [{}] } })).issues[0].path.join("."), "filters.owners.0");
});
