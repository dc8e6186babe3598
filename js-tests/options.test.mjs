// Every options object is read once, by the core: unknown keys are refused
// with a suggestion, bad values name their key, defaults live in Rust, and
// the error class has a real constructor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { actionCases } from "../scripts/zod-cases.mjs";
import { cjs, errorText, esm } from "./helpers.mjs";

const { compile, actionHelp, ToolshapeError } = cjs;
const schema = { type: "object", properties: { name: { type: "string" }, config: { type: "object", properties: { timeout: { type: "number" } } } } };

function refused(fn, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof ToolshapeError, String(e));
    assert.equal(e.code, "INVALID_OPTION", e.message);
    assert.match(e.message, pattern);
    return true;
  });
}

test("a misspelt option is refused with a suggestion, for every options object", () => {
  const tool = compile(schema);
  refused(() => compile(schema, { maxdepth: 2 }), /unknown compile option "maxdepth"; did you mean "maxDepth"\?/);
  refused(() => tool.inputSchema({ flatenActions: true }), /unknown inputSchema option "flatenActions"/);
  refused(() => tool.inputSchema({ clinet: "mcp" }), /did you mean "client"\?/);
  refused(() => tool.usage({ widht: 100 }), /unknown usage option "widht"; did you mean "width"\?/);
  refused(() => tool.parseArgv([], { evn: {} }), /unknown parseArgv option "evn"; did you mean "env"\?/);
  refused(() => tool.fromFlagValues({}, { enn: {} }), /did you mean "env"\?/);
  refused(() => actionHelp(actionCases[0].schema, { topc: "logs" }), /unknown actionHelp option "topc"; did you mean "topic"\?/);
  refused(() => compile(actionCases[0].schema).actionHelp({ stirct: true }), /did you mean "strict"\?/);
  // The JS layer's own options and definitions ask the core the same way.
  const { createRegistry, defineGroup, defineTool, repairing } = cjs;
  const deploy = defineTool({ name: "deploy", input: z.object({ service: z.string() }), handler: () => "ok" });
  refused(() => createRegistry([deploy], { nmae: "ops" }), /unknown createRegistry option "nmae"; did you mean "name"\?/);
  refused(() => createRegistry([deploy]).list({ anytags: ["x"] }), /unknown list option "anytags"; did you mean "anyTags"\?/);
  refused(() => deploy.definition({ clinet: "cursor" }), /unknown definition option "clinet"; did you mean "client"\?/);
  refused(() => repairing(z.object({}), { onrepair: () => {} }), /unknown repairing option "onrepair"; did you mean "onRepair"\?/);
  const misspelt = (fn, pattern) => assert.throws(fn, (e) => e.code === "INVALID_DEFINITION" && pattern.test(e.message));
  misspelt(() => defineTool({ name: "d", descripton: "x", handler: () => 1 }), /unknown key "descripton"; did you mean "description"\? \(keys: /);
  misspelt(() => defineGroup({ name: "g", actions: { a: { readonly: true, handler: () => 1 } } }), /action "a": unknown key "readonly"; did you mean "readOnly"\?/);
  // The module keeps working.
  assert.deepEqual(tool.parseArgv(["--config-timeout", "5"]), { config: { timeout: 5 } });
});

test("a misspelt call option is refused with a suggestion", async () => {
  const deploy = cjs.defineTool({ name: "deploy", input: z.object({ service: z.string() }), handler: () => "ok" });
  await assert.rejects(deploy.call({ service: "a" }, undefined, { clinet: "cursor" }), (e) => e.code === "INVALID_OPTION" && /unknown call option "clinet"; did you mean "client"\?/.test(e.message));
});

test("a bad value names its option; defaults come from the core", () => {
  const tool = compile(schema, { name: "deploy" });
  refused(() => tool.usage({ width: -1 }), /usage option "width"/);
  refused(() => tool.usage({ format: "html" }), /usage option "format"/);
  refused(() => tool.inputSchema({ client: "mpc" }), /unknown client "mpc"; did you mean "mcp"\?/);
  refused(() => compile(schema, { case: "snake" }), /compile option "case"/);
  refused(() => tool.usage("wide"), /usage options must be an object, got string/);
  refused(() => tool.parseArgv([], 3), /parseArgv options must be an object, got number/);
  refused(() => tool.usage({ width: () => 80 }), /usage option "width" must be plain data, not a function/);
  assert.equal(tool.usage(), tool.usage({ format: "text", width: 80 }));
  assert.equal(tool.usage({ width: undefined, topic: undefined }), tool.usage());
  assert.deepEqual(tool.inputSchema({ client: undefined }), tool.inputSchema({ client: "mcp" }));
  assert.match(compile(schema).usage(), /^Usage: tool /);
});

test("options holding a cycle or nesting deep are refused, and nothing breaks", () => {
  const cyclic = {};
  cyclic.o = cyclic;
  refused(() => compile(schema, { name: cyclic }), /cycle/);
  refused(() => compile(schema).usage({ topic: cyclic }), /cycle/);
  let deep = {};
  for (let i = 0; i < 5000; i++) deep = { d: deep };
  refused(() => compile(schema, { flags: deep }), /./);
  assert.deepEqual(compile({ type: "object" }).inputSchema(), { type: "object", properties: {} });
});

test("ToolshapeError has a real constructor: code, message, details", () => {
  const error = new ToolshapeError("INVALID_ARGS", "--n expects a number", { path: ["n"], flag: "--n" });
  assert.ok(error instanceof Error);
  assert.equal(error.name, "ToolshapeError");
  assert.equal(error.code, "INVALID_ARGS");
  assert.equal(error.message, "--n expects a number");
  assert.deepEqual(error.path, ["n"]);
  assert.equal(error.flag, "--n");
  assert.deepEqual(error.issues, []);
  const bare = new ToolshapeError("FREED", "gone");
  assert.equal(bare.path, undefined);
  assert.equal(Object.hasOwn(bare, "issues"), false);
  assert.equal(esm.ToolshapeError, ToolshapeError);
});

test("the flat form of an action union with a recursive parameter carries its $defs", () => {
  const recursive = actionCases.find((c) => c.name === "recursive-actions").schema;
  for (const target of ["draft-2020-12", "draft-7", "openapi-3.0"]) {
    const tool = compile(z.toJSONSchema(recursive, { target, io: "input" }));
    for (const actionsAs of ["flat", "oneOf"]) {
      const emitted = tool.inputSchema({ actionsAs });
      const text = JSON.stringify(emitted);
      assert.ok(!text.includes("\\u0000") && !text.includes("toolshape-def"), text);
      for (const [, name] of text.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
        assert.ok(emitted.$defs && Object.hasOwn(emitted.$defs, name), `${target} ${actionsAs}: ${name} dangles`);
      }
      assert.ok(text.includes('"$ref"'), "the tree stays recursive");
    }
  }
});

test("partial: a missing required flag is no issue, for a tool, an action union and a command set", () => {
  const { compileCommands } = cjs;
  const needs = compile({ type: "object", properties: { service: { type: "string" }, count: { type: "integer" } }, required: ["service", "count"] });
  assert.deepEqual(needs.safeParseArgv(["--count", "2"], { partial: true }), { success: true, data: { count: 2 }, rest: [] });
  const strict = needs.safeParseArgv(["--count", "2"]);
  assert.equal(strict.success, false);
  assert.equal(strict.error.issues[0].code, "missing_required");
  const bad = needs.safeParseArgv(["--count", "x"], { partial: true });
  assert.deepEqual(bad.error.issues.map((i) => i.code), ["invalid_value"]);
  const union = compile({
    oneOf: [
      { type: "object", properties: { action: { const: "logs" }, id: { type: "string" } }, required: ["action", "id"] },
      { type: "object", properties: { action: { const: "list" } }, required: ["action"] },
    ],
  });
  assert.deepEqual(union.safeParseArgv(["logs"], { partial: true }).data, { action: "logs" });
  const set = compileCommands({ deploy: needs });
  assert.deepEqual(set.safeParseArgv(["deploy"], { partial: true }), { success: true, command: "deploy", data: {}, rest: [] });
  refused(() => needs.parseArgv([], { partial: true, partail: 1 }), /partail/);
});

test("{ client } alone crosses as the name: the same schema and the same errors as the options object", () => {
  const tool = compile(schema);
  // Each pair: the name alone, then the same options through the general path
  // (a second key JSON drops, an inherited-free null-prototype object).
  const general = (client) => Object.assign(Object.create(null), { client, actionsAs: undefined });
  for (const client of ["mcp", "openai", "openai-strict", "gemini", "cursor", "mpc", "OPENAI", "", "__proto__", "x".repeat(5000)]) {
    assert.equal(errorText(() => tool.inputSchema({ client })), errorText(() => tool.inputSchema(general(client))), client.slice(0, 20));
    if (!errorText(() => tool.inputSchema({ client })).startsWith("INVALID_OPTION")) {
      assert.deepEqual(tool.inputSchema({ client }), tool.inputSchema(general(client)));
    }
  }
  refused(() => tool.inputSchema({ client: 3 }), /inputSchema option "client": expected a string, got 3/);
  // An inherited client is no option: JSON writes own keys only.
  assert.deepEqual(tool.inputSchema(Object.create({ client: "openai-strict" })), tool.inputSchema());
  refused(() => tool.inputSchema({ client: "openai", clinet: "x" }), /did you mean "client"/);
});

test("a misspelt key in the root's cli meta is refused as a field's is, with the key meant", () => {

  const typo = compile(z.object({ a: z.string() }).meta({ cli: { exmples: ["--a x"] } }));
  // The MCP side still works; the command line says what is wrong.
  assert.equal(typo.inputSchema().type, "object");
  assert.throws(() => typo.usage(), (e) => e.code === "INVALID_SCHEMA" && /unknown key "exmples"; did you mean "examples"\?/.test(e.message));
  assert.throws(() => typo.parseArgv(["--a", "x"]), (e) => e.code === "INVALID_SCHEMA");
  const flagKey = compile(z.object({ a: z.string() }).meta({ cli: { shrot: "s" } }));
  assert.throws(() => flagKey.flags(), (e) => e.code === "INVALID_SCHEMA" && /at the root has an unknown key "shrot"/.test(e.message));
  const field = compile(z.object({ a: z.string().meta({ cli: { shrot: "s" } }) }));
  assert.throws(() => field.flags(), (e) => e.code === "INVALID_SCHEMA" && /unknown key "shrot"; did you mean "short"\?/.test(e.message));
  // What the root may say still works.
  const fine = compile(z.object({ a: z.string() }).meta({ cli: { examples: ["--a x"], epilogue: "Bye" } }), { name: "t" });
  assert.match(fine.usage(), /Bye/);
});
