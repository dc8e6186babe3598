// toStandardSchema in the frameworks users already have, each the real
// package: the AI SDK's `tool()` lists toolshape's schema and validates
// with repair; tRPC's procedure input repairs, then Zod has the last word.
// (The MCP SDK 2.x registerTool: js-tests/repairing.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { asSchema, tool } from "ai";
import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const Search = z.object({ query: z.string(), filters: z.object({ owners: z.array(z.string()) }).optional(), limit: z.number().int().max(100).default(10) });

test("the AI SDK's tool(): its input schema is toolshape's, and a model's text object is repaired before the tool runs", async () => {
  const standard = cjs.toStandardSchema(Search);
  const search = tool({ description: "Search", inputSchema: standard, execute: async (args) => args });
  const schema = asSchema(search.inputSchema);
  // The AI SDK closes every object itself (additionalProperties: false); the rest is toolshape's.
  const open = (node) => {
    if (Array.isArray(node)) return node.map(open);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === "additionalProperties" && v === false)).map(([k, v]) => [k, open(v)]));
  };
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
