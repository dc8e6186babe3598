// Tool-search payloads for the model APIs: OpenAI's namespaces of deferred
// functions and Anthropic's deferred tools, names within each API's rule,
// every schema one toolshape's checker passes for that API. (The vendors'
// own types check the payloads' shape: js-tests/types/tool-search.mts.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { compile, createRegistry, defineGroup, defineTool } = cjs;
const RULE = /^[A-Za-z0-9_-]{1,64}$/;

function registry(onRefused) {
  const plain = (name) => defineTool({ name, description: `Tool ${name}`, input: z.object({ q: z.string(), n: z.number().int().optional() }), handler: (args) => `${name} ${args.q}` });
  const users = defineGroup({
    name: "users",
    description: "User accounts",
    actions: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`a${i}`, { description: `Action ${i}`, input: z.object({ [`k${i}`]: z.string() }), handler: (args) => JSON.stringify(args) }])),
  });
  const spaced = defineTool({ name: "person", input: z.object({ "first name": z.string() }), handler: () => "" });
  return createRegistry([plain("search.v2"), plain("search_v2"), users, plain("x".repeat(70)), spaced], { name: "ops", onRefused });
}

test("OpenAI: a namespace per group and one for the plain tools, at most nine functions each, deferred; names within the rule map back to the registry's", async () => {
  const refused = [];
  const reg = registry((r) => refused.push(r));
  const { tools, names } = reg.toolSearch("openai");
  assert.deepEqual(tools.at(-1), { type: "tool_search" });
  const spaces = tools.slice(0, -1);
  assert.deepEqual(spaces.map((s) => [s.type, s.name, s.tools.length]), [["namespace", "users", 9], ["namespace", "users_2", 2], ["namespace", "ops", 4]]);
  assert.equal(spaces[0].description, "User accounts");
  for (const space of spaces) {
    assert.match(space.name, RULE);
    for (const fn of space.tools) {
      assert.equal(fn.type, "function");
      assert.equal(fn.defer_loading, true);
      assert.equal(fn.strict, false);
      assert.match(fn.name, RULE);
      assert.equal(compile(fn.parameters).check("openai").ok, true);
    }
  }
  // A name already within the rule keeps it; the others are rewritten and give way.
  assert.deepEqual(spaces[2].tools.map((f) => f.name), ["search_v2_2", "search_v2", "x".repeat(64), "person"]);
  assert.equal(names.search_v2_2, "search.v2");
  assert.equal(names.search_v2, "search_v2");
  const fn = spaces[2].tools[0];
  assert.equal((await reg.call(names[fn.name], { q: "a" })).content[0].text, "search.v2 a");
  assert.deepEqual(refused, []);
  assert.deepEqual(reg.toolSearch("openai", { perNamespace: 20 }).tools.map((t) => t.name), ["users", "ops", undefined]);
  assert.throws(() => reg.toolSearch("openai", { perNamspace: 3 }), { code: "INVALID_OPTION", message: /did you mean "perNamespace"/ });
  assert.throws(() => reg.toolSearch("gemini"), { code: "INVALID_OPTION" });
});

test("Anthropic: the tool search tool first, then every tool deferred with its anthropic schema; a tool the profile refuses is left out and reported", () => {
  const refused = [];
  const reg = registry((r) => refused.push(r));
  const bm25 = reg.toolSearch("anthropic");
  assert.deepEqual(bm25.tools[0], { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
  assert.deepEqual(reg.toolSearch("anthropic", { search: "regex" }).tools[0], { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" });
  const rest = bm25.tools.slice(1);
  // Claude takes no key with a space: "person" is left out, and said.
  assert.deepEqual(rest.map((t) => t.name), ["search_v2_2", "search_v2", ...Array.from({ length: 11 }, (_, i) => `users_a${i}`), "x".repeat(64)]);
  for (const tool of rest) {
    assert.match(tool.name, RULE);
    assert.equal(tool.defer_loading, true);
    assert.equal(compile(tool.input_schema).check("anthropic").ok, true);
  }
  assert.deepEqual([...new Set(refused.map((r) => `${r.tool} ${r.client} ${r.error.code}`))], ["person anthropic UNSUPPORTED_BY_CLIENT"]);
});

test("a tool named __proto__ maps back by its own key: the names object's prototype is untouched", () => {
  const odd = defineTool({ name: "__proto__", input: z.object({ q: z.string() }), handler: () => "" });
  for (const vendor of ["openai", "anthropic"]) {
    const { names } = createRegistry([odd]).toolSearch(vendor);
    assert.ok(Object.hasOwn(names, "__proto__"), vendor);
    assert.equal(names.__proto__, "__proto__", vendor);
    assert.equal(Object.getPrototypeOf(names), Object.prototype, vendor);
  }
});
