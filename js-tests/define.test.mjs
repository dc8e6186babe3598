// defineTool and defineGroup through the package: definition errors, the
// call path (repair, routing, validation through Standard Schema, keys of
// other actions, middleware order, results), the help action, the flat
// projection, immutability and hostile keys.
import { test } from "node:test";
import assert from "node:assert/strict";
import { type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { cjs, require } from "./helpers.mjs";

const { createRegistry, defineTool, defineGroup, ToolshapeError } = cjs;

const text = (result) => result.content[0].text;

function platform(log = []) {
  const mw = (tag) => async (ctx, next) => {
    log.push(`${tag}>`);
    const out = await next();
    log.push(`<${tag}`);
    return out;
  };
  return defineGroup({
    name: "platform",
    description: "Platform administration",
    common: z.object({ workspace: z.string().describe("Workspace ID") }),
    use: [mw("tool")],
    help: true,
    groups: {
      users: {
        description: "Users",
        use: [mw("group")],
        actions: {
          list: { description: "List users", input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: async (args) => ({ users: [], limit: args.limit ?? 10 }) },
          create: {
            description: "Create a user",
            input: z.object({ email: z.string().email(), config: z.object({ timeout: z.number().int().min(1) }).optional() }),
            use: [mw("action")],
            handler: async (args, ctx) => `created ${args.email} in ${args.workspace} (${ctx.tool}/${ctx.action}, action key ${"action" in args})`,
          },
          ban: { input: z.object({ id: z.string() }), destructive: true, handler: async (args) => ({ content: [{ type: "text", text: `banned ${args.id}` }] }) },
        },
      },
      billing: { actions: { refund: { input: z.object({ id: z.string(), amount: z.number() }), handler: () => [1, 2] } } },
    },
  });
}

test("a call runs repair, routing, validation, middleware (tool, group, action) and the handler", async () => {
  const log = [];
  const group = platform(log);
  const result = await group.call({ action: "users.create", workspace: "w", email: "a@b.co" });
  assert.deepEqual(result, { content: [{ type: "text", text: "created a@b.co in w (platform/users.create, action key false)" }] });
  assert.deepEqual(log, ["tool>", "group>", "action>", "<action", "<group", "<tool"]);
  // Arguments sent as one JSON string, numbers as text: repaired first.
  const listed = await group.call('{"action":"users.list","workspace":"w","limit":"5"}');
  assert.deepEqual(listed, { content: [{ type: "text", text: '{\n  "users": [],\n  "limit": 5\n}' }], structuredContent: { users: [], limit: 5 } });
});

test("results: a string is one text block, content is returned as is, anything else is JSON", async () => {
  const group = platform();
  assert.deepEqual(await group.call({ action: "users.ban", workspace: "w", id: "u" }), { content: [{ type: "text", text: "banned u" }] });
  assert.deepEqual(await group.call({ action: "billing.refund", workspace: "w", id: "i", amount: 1 }), { content: [{ type: "text", text: "[\n  1,\n  2\n]" }] });
  const cyclic = defineTool({ name: "c", handler: () => { const o = {}; o.o = o; return o; } });
  assert.match(text(await cyclic.call({})), /^\[c\] the handler's result cannot be written as JSON/);
  const nothing = defineTool({ name: "n", handler: () => undefined });
  assert.deepEqual(await nothing.call({}), { content: [{ type: "text", text: "null" }] });
});

test("routing: the three discriminator errors, each with the actions and a suggestion", async () => {
  const group = platform();
  const actions = "Actions: users.list, users.create, users.ban, billing.refund, help";
  assert.equal(text(await group.call({ workspace: "w" })), `[platform] Missing "action": say which operation to perform. ${actions}`);
  assert.equal(text(await group.call({ action: 7 })), `[platform] "action" must be a string naming the operation, got number. ${actions}`);
  assert.equal(text(await group.call({ action: "create" })), `[platform] Unknown action "create". Did you mean "users.create"? ${actions}`);
  assert.equal(text(await group.call({ action: "users.craete" })), `[platform] Unknown action "users.craete". Did you mean "users.create"? ${actions}`);
  assert.equal(text(await group.call({ action: "zzz" })), `[platform] Unknown action "zzz". ${actions}`);
  assert.equal(text(await group.call([1])), `[platform] The arguments must be an object with "action" naming the operation. ${actions}`);
  assert.equal((await group.call(null)).isError, true);
  // Arguments sent as JSON text that does not parse: said so, with where
  // (JSON.parse's own words, which differ between engines).
  const broken = text(await group.call('{"action":"users.list"'));
  assert.ok(broken.startsWith(`[platform] The arguments must be an object with "action" naming the operation; got text that is not JSON (`), broken);
  assert.ok(broken.endsWith(`). ${actions}`), broken);
  const tool = defineTool({ name: "t", input: z.object({ q: z.string() }), handler: () => "" });
  assert.match(text(await tool.call("{'q': 'x'}")), /^\[t\] the arguments must be an object, got text that is not JSON \(.+\)$/);
  assert.equal(text(await tool.call('"q"')), "[t] the arguments must be an object, got a string");
  assert.equal(text(await tool.call([])), "[t] the arguments must be an object, got an array");
  assert.match(text(await group.callFlat("platform_users_list", "{x")), /^\[platform\/users\.list\] the arguments must be an object, got text that is not JSON \(/);
});

test("validation: every issue at once, other actions' keys named, unknown keys suggested, nothing dropped", async () => {
  const group = platform();
  const result = await group.call({ action: "users.create", workspace: [3], email: "nope", limit: 3, emial: 1, config: '{"timeout":0}' });
  assert.equal(result.isError, true);
  assert.equal(
    text(result),
    [
      "[platform/users.create] Invalid arguments (fix them and call again):",
      "- limit is not a parameter of users.create; it belongs to users.list",
      '- emial is not a parameter of users.create; did you mean "email"?',
      "- workspace: Invalid input: expected string, received array",
      "- email: Invalid email address",
      "- config.timeout: Too small: expected number to be >=1",
    ].join("\n"),
  );
  const odd = await group.call({ action: "users.list", workspace: "w", zzzzzzzz: 1 });
  assert.equal(text(odd), "[platform/users.list] Invalid arguments (fix them and call again):\n- zzzzzzzz is not a parameter of users.list (parameters: workspace, limit)");
});

test("errors thrown by middleware or handlers become isError with the [tool/action] prefix", async () => {
  const guard = async () => {
    throw new Error("admins only");
  };
  const group = defineGroup({ name: "g", actions: { a: { use: [guard], handler: () => "never" }, b: { handler: () => { throw "plain text"; } } } });
  assert.deepEqual(await group.call({ action: "a" }), { isError: true, content: [{ type: "text", text: "[g/a] admins only" }] });
  assert.equal(text(await group.call({ action: "b" })), "[g/b] plain text");
});

test("a thrown value that cannot be written as text is still an error result, never a rejection", async () => {
  const nasty = {
    toJSON() {
      throw new Error("no JSON");
    },
    toString() {
      throw new Error("no text");
    },
  };
  const tool = defineTool({ name: "t", handler: () => { throw nasty; } });
  assert.deepEqual(await tool.call({}), { isError: true, content: [{ type: "text", text: "[t] a thrown value that cannot be written as text" }] });
  const withGetter = defineTool({ name: "u", handler: () => { throw Object.defineProperty(new Error(), "message", { get() { throw new Error("no message"); } }); } });
  assert.equal((await withGetter.call({})).isError, true);
  const stderr = [];
  assert.equal(await tool.runCli([], { stdout: () => {}, stderr: (line) => stderr.push(line) }), 1);
  assert.deepEqual(stderr, ["[t] a thrown value that cannot be written as text\n"]);
  assert.equal(text(await defineTool({ name: "v", handler: () => { throw undefined; } }).call({})), "[v] undefined");
});

test("the help action answers markdown help, filtered by topic", async () => {
  const group = platform();
  const all = text(await group.call({ action: "help" }));
  assert.match(all, /^## users\.list\n\nList users\n/);
  assert.ok(!all.includes("## help"));
  const users = text(await group.call({ action: "help", topic: "users" }));
  assert.ok(users.includes("## users.create") && !users.includes("billing"));
  const one = text(await group.call({ action: "help", topic: "users.ban" }));
  assert.match(one, /^## users\.ban\n/);
  assert.ok(!one.includes("users.list"));
  const none = await group.call({ action: "help", topic: "user.ban" });
  assert.equal(text(none), '[platform/help] no action matches topic "user.ban"; did you mean "users.ban"? (actions: users.list, users.create, users.ban, billing.refund, help)');
});

test("the help action says what each described value of a parameter means (Zod's union of described literals)", async () => {
  const Mode = z.union([z.literal("fast").describe("Cheap, approximate"), z.literal("exact").describe("Slow, precise")]).describe("How to search");
  const docs = defineGroup({ name: "docs", help: true, actions: { search: { input: z.object({ q: z.string(), mode: Mode.default("fast") }), handler: () => "" } } });
  const help = text(await docs.call({ action: "help" }));
  assert.ok(help.includes('- **mode** ("fast" | "exact" (optional), default: "fast") - How to search. Values: "fast": Cheap, approximate; "exact": Slow, precise.\n'), help);
  assert.ok(help.includes("- **q** (string (required))\n"), help);
});

test("definition: grouped form per client, the oneOf form for mcp, annotations aggregated", () => {
  const group = platform();
  const mcp = group.definition();
  assert.deepEqual(Object.keys(mcp), ["name", "description", "inputSchema", "annotations"]);
  assert.deepEqual(Object.keys(mcp.inputSchema.properties), ["action", "workspace", "limit", "email", "config", "id", "amount", "topic"]);
  assert.equal(mcp.inputSchema.properties.workspace.description, "Workspace ID. (always required)");
  assert.deepEqual(mcp.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  const strict = group.definition({ client: "openai-strict" }).inputSchema;
  assert.equal(strict.additionalProperties, false);
  assert.deepEqual(strict.required, Object.keys(strict.properties));
  const oneOf = group.definition({ client: "mcp", actionsAs: "oneOf" }).inputSchema;
  assert.equal(oneOf.oneOf.length, 5);
  assert.throws(() => group.definition({ client: "gemini", actionsAs: "oneOf" }), (e) => e.code === "INVALID_OPTION");
  assert.throws(() => group.definition({ clinet: "mcp" }), (e) => e.code === "INVALID_OPTION" && /clinet/.test(e.message));
  // What a caller gets is its own: changing it changes nothing else.
  mcp.inputSchema.properties.workspace.description = "changed";
  assert.equal(group.definition().inputSchema.properties.workspace.description, "Workspace ID. (always required)");
});

test("definition() hands out a deep copy each call: nested arrays and __proto__ as inputSchema gives them", () => {
  const input = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","properties":{"x":{"type":"number","default":1.5}}},"tags":{"type":"array","items":{"enum":["a","b"]}}},"required":["tags"]}');
  const tool = defineTool({ name: "copies", input, handler: () => "ok" });
  const first = tool.definition().inputSchema;
  assert.deepEqual(first, cjs.compile(input).inputSchema());
  assert.ok(Object.hasOwn(first.properties, "__proto__"));
  assert.equal(Object.getPrototypeOf(first.properties), Object.prototype);
  assert.equal(first.properties.__proto__.properties.x.default, 1.5);
  first.properties.tags.items.enum.push("c");
  first.required.length = 0;
  delete first.properties.__proto__;
  const second = tool.definition().inputSchema;
  assert.deepEqual(second.properties.tags.items.enum, ["a", "b"]);
  assert.deepEqual(second.required, ["tags"]);
  assert.ok(Object.hasOwn(second.properties, "__proto__"));
  assert.equal({}.x, undefined);
});

test("definitions: one tool per action with exact hints, routed to the same handlers", async () => {
  const group = platform();
  const flat = group.definitions();
  assert.deepEqual(flat.map((t) => [t.name, t.annotations]), [
    ["platform_users_list", { readOnlyHint: true }],
    ["platform_users_create", {}],
    ["platform_users_ban", { destructiveHint: true }],
    ["platform_billing_refund", {}],
  ]);
  assert.deepEqual(flat[1].inputSchema.required, ["workspace", "email"]);
  const result = await group.callFlat("platform_users_create", { workspace: "w", email: "a@b.co" });
  assert.match(text(result), /^created a@b\.co in w/);
  const bad = await group.callFlat("platform_users_create", { workspace: "w", email: "a@b.co", limit: 1 });
  assert.match(text(bad), /limit is not a parameter of users\.create; it belongs to users\.list/);
  const gemini = group.definitions({ client: "gemini" });
  assert.equal(gemini.length, 4);
});

test("a key of other actions' names the first eight of them and counts the rest", async () => {
  const actions = { lone: { input: z.object({ id: z.string() }), handler: async () => "ok" } };
  for (let i = 0; i < 10; i++) actions[`tagger${i}`] = { input: z.object({ tag: z.string() }), handler: async () => "ok" };
  const group = defineGroup({ name: "many", actions });
  const bad = await group.call({ action: "lone", id: "x", tag: "t" });
  assert.match(text(bad), /- tag is not a parameter of lone; it belongs to tagger0, tagger1, tagger2, tagger3, tagger4, tagger5, tagger6, tagger7, and 2 more$/);
  // The action's own owners are not named: tagger0 is told of the others only where a key is theirs alone.
  const own = await group.call({ action: "tagger0", tag: "t", id: "x" });
  assert.match(text(own), /- id is not a parameter of tagger0; it belongs to lone$/);
});

test("definition errors are INVALID_DEFINITION naming tool and action; FIELD_CONFLICT lists all", () => {
  const refused = (def, pattern) =>
    assert.throws(() => defineGroup(def), (e) => e instanceof ToolshapeError && e.code === "INVALID_DEFINITION" && pattern.test(e.message), String(pattern));
  const ok = { handler: () => "" };
  refused({ name: "t", actions: {} }, /tool "t"/);
  refused({ name: "t", actions: { a: ok }, groups: { g: { actions: { b: ok } } } }, /`actions` or `groups`, not both/);
  refused({ name: "t", actions: { a: { handler: "no" } } }, /tool "t", action "a": `handler` must be a function/);
  refused({ name: "t", actions: { "a.b": ok } }, /a\.b/);
  refused({ name: "t", actions: { a: { ...ok, readOnly: true, destructive: true } } }, /action "a"/);
  refused({ name: "t", actions: { a: { ...ok, input: z.object({ action: z.string() }) } } }, /named "action", like the discriminator/);
  refused({ name: "t", help: true, actions: { help: ok } }, /help/);
  refused({ name: "t", actions: { a: { ...ok, handle: () => "" } } }, /unknown key "handle"/);
  refused({ name: "t", actions: { a: { ...ok, use: ["x"] } } }, /`use\[0\]` is not a function/);
  refused({ name: "t", actions: { a: { ...ok, input: z3.object({ n: z3.number() }) } } }, /`jsonSchema` beside `input`/);
  refused({ name: "t", common: z3.object({ n: z3.number() }), actions: { a: ok } }, /tool "t", common: .*`commonJsonSchema` beside `common`/);
  assert.throws(
    () => defineGroup({ name: "t", actions: { a: { ...ok, input: z.object({ x: z.string(), y: z.number() }) }, b: { ...ok, input: z.object({ x: z.number(), y: z.boolean() }) } } }),
    (e) => e.code === "FIELD_CONFLICT" && e.conflicts.length === 2 && e.conflicts[0].field === "x",
  );
  assert.throws(() => defineTool({ name: "d" }), (e) => e.code === "INVALID_DEFINITION" && /tool "d": `handler`/.test(e.message));
  assert.throws(() => defineTool({ name: "" , handler() {} }), (e) => e.code === "INVALID_DEFINITION");
});

test("definitions are frozen and copy what they were given", async () => {
  const spec = { name: "t", tags: ["a"], actions: { a: { description: "first", handler: () => "one" } } };
  const group = defineGroup(spec);
  assert.ok(Object.isFrozen(group) && Object.isFrozen(group.tags) && Object.isFrozen(group.actions));
  spec.actions.a.handler = () => "two";
  spec.actions.a.description = "changed";
  spec.tags.push("b");
  assert.equal(text(await group.call({ action: "a" })), "one");
  assert.match(group.definition().description, /first/);
  assert.deepEqual(group.tags, ["a"]);
});

test("any Standard Schema validates, with jsonSchema beside it; plain JSON Schema is read, not validated", async () => {
  const v3 = z3.object({ n: z3.number().int() });
  const tool = defineTool({ name: "v3", input: v3, jsonSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] }, handler: (args) => `n=${args.n}` });
  assert.equal(text(await tool.call({ n: "4" })), "n=4");
  assert.match(text(await tool.call({ n: "4.5" })), /^\[v3\] Invalid arguments \(fix them and call again\):\n- n: Expected integer, received float$/);
  const plain = defineTool({ name: "plain", input: { type: "object", properties: { n: { type: "integer" } } }, handler: (args) => JSON.stringify(args) });
  assert.equal(text(await plain.call({ n: "x" })), '{"n":"x"}');
  assert.match(text(await plain.call({ m: 1 })), /m is not a parameter of plain; did you mean "n"\?/);
  const loose = defineTool({ name: "loose", input: z.looseObject({ n: z.number() }), handler: (args) => JSON.stringify(args) });
  assert.equal(text(await loose.call({ n: 1, extra: true })), '{"n":1,"extra":true}');
});

test("Valibot (JSON Schema beside it) and ArkType (its own Standard JSON Schema) validate tools, groups and the CLI", async () => {
  const Deploy = v.object({ service: v.pipe(v.string(), v.minLength(2)), replicas: v.optional(v.pipe(v.number(), v.integer(), v.maxValue(9))) });
  const deployJson = { type: "object", properties: { service: { type: "string", minLength: 2 }, replicas: { type: "integer", maximum: 9 } }, required: ["service"] };
  const deploy = defineTool({ name: "deploy", input: Deploy, jsonSchema: deployJson, handler: (args) => `deploy ${args.service} x${args.replicas ?? 1}` });
  assert.equal(text(await deploy.call({ service: "api", replicas: "3" })), "deploy api x3");
  const invalid = text(await deploy.call({ service: "a", replicas: 12 }));
  assert.match(invalid, /^\[deploy\] Invalid arguments \(fix them and call again\):\n- service: Invalid length: Expected >=2 but received 1\n- replicas: Invalid value: Expected <=9 but received 12$/);
  assert.throws(() => defineTool({ name: "nojson", input: Deploy, handler: () => "" }), (e) => e.code === "INVALID_DEFINITION" && /`jsonSchema` beside `input`/.test(e.message));
  // Valibot's schemas are plain objects with `type: "object"`: never read as JSON Schema.
  assert.throws(() => cjs.compile(Deploy), (e) => e.code === "INVALID_SCHEMA" && /^this valibot value has no ~standard\.jsonSchema/.test(e.message));
  // ArkType gives its JSON Schema itself: no jsonSchema beside it.
  const users = defineGroup({
    name: "users",
    common: type({ workspace: "string" }),
    actions: {
      create: { input: type({ email: "string.email", "admin?": "boolean" }), handler: (args) => `created ${args.email} in ${args.workspace}${args.admin ? " (admin)" : ""}` },
    },
  });
  assert.deepEqual(users.definition().inputSchema.required, ["action", "workspace", "email"]);
  assert.equal(users.definition().inputSchema.properties.email.format, "email");
  assert.equal(text(await users.call({ action: "create", workspace: "w", email: "a@b.co", admin: "true" })), "created a@b.co in w (admin)");
  const bad = text(await users.call({ action: "create", workspace: [3], email: "nope" }));
  assert.match(bad, /^\[users\/create\] Invalid arguments \(fix them and call again\):\n- workspace: workspace must be a string \(was an object\)\n- email: email must be an email address \(was "nope"\)$/);
  const seen = { err: "" };
  const code = await users.runCli(["create", "--workspace", "w", "--email", "nope", "--admin"], { stdout: () => {}, stderr: (t) => (seen.err += t) });
  assert.equal(code, 2);
  assert.equal(seen.err, '--email: email must be an email address (was "nope")\nRun with --help for usage.\n');
});

test("output: a tool lists its outputSchema (as the mcp profile writes it) and answers structuredContent its validator checked", async () => {
  const Weather = z.object({ temp: z.number(), unit: z.enum(["C", "F"]).default("C"), note: z.string().optional() });
  const results = { ok: { temp: 21, extra: 1 }, wrong: { temp: "hot", unit: "K" }, text: "sunny", list: [1], none: undefined, whole: { content: [{ type: "text", text: "3 degrees" }], structuredContent: { temp: 3 } }, bare: { content: [] }, failed: { isError: true, content: [{ type: "text", text: "no station" }] } };
  const weather = defineTool({ name: "weather", input: z.object({ city: z.string() }), output: Weather, handler: ({ city }) => results[city] });
  const listed = weather.definition();
  assert.deepEqual(Object.keys(listed), ["name", "description", "inputSchema", "outputSchema"]);
  assert.deepEqual(listed.outputSchema, {
    type: "object",
    properties: { temp: { type: "number" }, unit: { type: "string", enum: ["C", "F"], default: "C" }, note: { type: "string" } },
    required: ["temp"],
    additionalProperties: false,
  });
  // The same for every client: a client checks results against it.
  assert.deepEqual(weather.definition({ client: "openai-strict" }).outputSchema, listed.outputSchema);
  listed.outputSchema.properties.temp.type = "string";
  assert.equal(weather.definition().outputSchema.properties.temp.type, "number");
  // Valid: the validated value (default filled in, unknown key stripped) as text and structuredContent.
  assert.deepEqual(await weather.call({ city: "ok" }), { content: [{ type: "text", text: '{\n  "temp": 21,\n  "unit": "C"\n}' }], structuredContent: { temp: 21, unit: "C" } });
  assert.equal(text(await weather.call({ city: "wrong" })), "[weather] the handler's result does not match the tool's output schema:\n- temp: Invalid input: expected number, received string\n- unit: Invalid option: expected one of \"C\"|\"F\"");
  for (const [city, got] of [["text", "a string"], ["list", "an array"], ["none", "nothing"]]) {
    const answer = await weather.call({ city });
    assert.equal(answer.isError, true);
    assert.equal(text(answer), `[weather] the tool declares an output schema, so the handler's result must be an object; got ${got}`);
  }
  // A CallToolResult: its structuredContent is checked; an error passes as it is.
  assert.deepEqual(await weather.call({ city: "whole" }), { content: [{ type: "text", text: "3 degrees" }], structuredContent: { temp: 3, unit: "C" } });
  assert.equal(text(await weather.call({ city: "bare" })), "[weather] the tool declares an output schema, so its structuredContent must be an object; got nothing");
  assert.deepEqual(await weather.call({ city: "failed" }), results.failed);
  // The command line prints the checked result, and exits 1 on a result that fails it.
  const out = { text: "" };
  assert.equal(await weather.runCli(["--city", "ok"], { stdout: (t) => (out.text += t), stderr: () => {} }), 0);
  assert.equal(out.text, '{\n  "temp": 21,\n  "unit": "C"\n}\n');
  assert.equal(await weather.runCli(["--city", "wrong"], { stdout: () => {}, stderr: () => {} }), 1);
  // A tool without output answers as before.
  assert.equal(defineTool({ name: "plain", handler: () => "sunny" }).definition().outputSchema, undefined);
});

test("output: JSON Schema is read and not validated; any Standard Schema with outputJsonSchema beside it, async ones too; refusals", async () => {
  const json = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
  const plain = defineTool({ name: "plain", output: json, handler: () => ({ n: "not checked" }) });
  assert.deepEqual(plain.definition().outputSchema, json);
  assert.deepEqual((await plain.call({})).structuredContent, { n: "not checked" });
  assert.equal((await defineTool({ name: "plain", output: json, handler: () => 4 }).call({})).isError, true);
  const v3 = defineTool({ name: "v3", output: z3.object({ n: z3.number().int() }), outputJsonSchema: json, handler: () => ({ n: 1.5 }) });
  assert.match(text(await v3.call({})), /^\[v3\] the handler's result does not match the tool's output schema:\n- n: Expected integer, received float$/);
  const later = { "~standard": { version: 1, vendor: "test", validate: async (value) => (value.n > 0 ? { value: { n: value.n * 2 } } : { issues: [{ path: [{ key: "n" }], message: "must be positive" }] }) } };
  const doubled = defineTool({ name: "async", input: z.object({ n: z.number() }), output: later, outputJsonSchema: json, handler: ({ n }) => ({ n }) });
  assert.deepEqual((await doubled.call({ n: 2 })).structuredContent, { n: 4 });
  assert.equal(text(await doubled.call({ n: -1 })), "[async] the handler's result does not match the tool's output schema:\n- n: must be positive");
  const throwing = { "~standard": { version: 1, vendor: "test", validate: () => { throw new Error("validator down"); } } };
  assert.equal(text(await defineTool({ name: "t", output: throwing, outputJsonSchema: json, handler: () => ({ n: 1 }) }).call({})), "[t] the output validator failed: validator down");
  const refused = (def, pattern) => assert.throws(() => defineTool({ name: "t", handler: () => ({}), ...def }), (e) => e instanceof ToolshapeError && e.code === "INVALID_DEFINITION" && pattern.test(e.message));
  refused({ output: z.string() }, /^tool "t", output: an output schema \(MCP's outputSchema\) must be an object schema \(type "object"\), got string/);
  refused({ output: z.array(z.number()) }, /^tool "t", output: an output schema .* got array/);
  refused({ output: z3.object({ n: z3.number() }) }, /give its JSON Schema as `outputJsonSchema` beside `output`/);
  refused({ output: z.object({ when: z.date() }) }, /~standard\.jsonSchema\.output failed: .*io: "output", unrepresentable: "any"/);
  refused({ outputs: json }, /unknown key "outputs"/);
  assert.throws(() => defineGroup({ name: "g", actions: { a: { output: json, handler: () => ({}) } } }), (e) => e.code === "INVALID_DEFINITION" && /action "a": unknown key "output"/.test(e.message));
});

test("icons and _meta pass to the tool's definition as given, copied; a group's to its tool and to each tool of its projection", () => {
  const meta = { "openai/outputTemplate": "ui://widget/weather.html", nested: { list: [1, { deep: true }] }, ["__proto__"]: { polluted: true } };
  const tool = defineTool({ name: "weather", _meta: meta, handler: () => "ok" });
  meta.nested.list.push(2);
  const listed = tool.definition();
  assert.deepEqual(Object.keys(listed), ["name", "description", "inputSchema", "_meta"]);
  assert.deepEqual(listed._meta.nested, { list: [1, { deep: true }] });
  assert.ok(Object.hasOwn(listed._meta, "__proto__"));
  assert.equal({}.polluted, undefined);
  listed._meta.nested.list.length = 0;
  assert.equal(tool.definition()._meta.nested.list.length, 2);
  const icons = [{ src: "https://example.com/g.svg", mimeType: "image/svg+xml", sizes: ["any"], theme: "dark" }];
  const group = defineGroup({ name: "g", icons, _meta: { "openai/widgetAccessible": true }, actions: { a: { handler: () => "a" }, b: { handler: () => "b" } } });
  icons[0].src = "changed";
  assert.deepEqual(Object.keys(group.definition()).slice(-2), ["icons", "_meta"]);
  assert.equal(group.definition().icons[0].src, "https://example.com/g.svg");
  assert.deepEqual(group.definition()._meta, { "openai/widgetAccessible": true });
  assert.deepEqual(group.definitions().map((t) => [t.name, t.icons[0].theme, t._meta]), [["g_a", "dark", { "openai/widgetAccessible": true }], ["g_b", "dark", { "openai/widgetAccessible": true }]]);
  const plain = defineTool({ name: "plain", handler: () => "" }).definition();
  assert.equal(plain._meta, undefined);
  assert.equal(plain.icons, undefined);
  for (const [bad, pattern] of [[{}, /`icons` must be an array/], [["x.png"], /`icons\[0\]` must be an object with a string `src`/], [[{ src: "a" }, { mimeType: "image/png" }], /`icons\[1\]`/]]) {
    assert.throws(() => defineTool({ name: "t", icons: bad, handler: () => "" }), (e) => e.code === "INVALID_DEFINITION" && pattern.test(e.message));
  }
  const trap = [{ get src() { throw new Error("no src"); } }];
  assert.throws(() => defineTool({ name: "t", icons: trap, handler: () => "" }), (e) => e instanceof ToolshapeError && e.code === "INVALID_DEFINITION" && /icons cannot be written as JSON: no src/.test(e.message));
  for (const bad of [[], "x", 1, null]) {
    assert.throws(() => defineTool({ name: "t", _meta: bad, handler: () => "" }), (e) => e.code === "INVALID_DEFINITION" && /tool "t": `_meta` must be an object/.test(e.message));
  }
  const cyclic = {};
  cyclic.self = cyclic;
  assert.throws(() => defineGroup({ name: "g", _meta: cyclic, actions: { a: { handler: () => "" } } }), (e) => e.code === "INVALID_DEFINITION" && /_meta cannot be read: a value refers to itself/.test(e.message));
});

test("hostile keys: __proto__ in arguments reaches no prototype", async () => {
  const tool = defineTool({ name: "p", input: z.object({ a: z.string() }), handler: (args) => JSON.stringify(Object.getPrototypeOf(args) === Object.prototype) });
  const args = JSON.parse('{"a":"x","__proto__":{"polluted":true}}');
  const result = await tool.call(args);
  assert.match(text(result), /__proto__ is not a parameter of p/);
  assert.equal({}.polluted, undefined);
  const plain = defineTool({ name: "q", input: { type: "object", additionalProperties: {} }, handler: (args) => String(Object.getPrototypeOf(args) === Object.prototype && Object.hasOwn(args, "__proto__")) });
  assert.equal(text(await plain.call(JSON.parse('{"__proto__":{"polluted":true}}'))), "true");
  assert.equal({}.polluted, undefined);
});

test("hostile keys: a group action's __proto__ field is a flag of the group's command line, and an own key of the handler's arguments", async () => {
  const input = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","properties":{"x":{"type":"string"}}},"b":{"type":"string"}}}');
  const seen = [];
  const group = defineGroup({ name: "g", actions: { act: { input, handler: (args) => { seen.push(args); return "ok"; } } } });
  const out = [];
  const io = { stdout: (t) => out.push(t), stderr: (t) => out.push(`stderr: ${t}`) };
  assert.equal(await group.runCli(["act", "--help"], io), 0);
  assert.match(out.join(""), /--__proto__-x <string>/);
  assert.equal(await group.runCli(["act", "--__proto__-x", "polluted", "--b", "y"], io), 0);
  const [args] = seen;
  assert.equal(Object.getPrototypeOf(args), Object.prototype);
  assert.ok(Object.hasOwn(args, "__proto__"));
  assert.deepEqual(Object.keys(args), ["__proto__", "b"]);
  assert.equal(args.__proto__.x, "polluted");
  assert.equal({}.x, undefined);
});

test("a group's action given deprecated: true is served and run, marked in its schemas, help and command line", async () => {
  const users = defineGroup({
    name: "users",
    description: "Manage users",
    help: true,
    actions: {
      list: { description: "List users", input: z.object({ n: z.number().int().optional() }), handler: (args) => `list ${args.n ?? 10}` },
      ls: { description: "Old name of list", deprecated: true, input: z.object({ n: z.number().int().optional() }), handler: (args) => `ls ${args.n ?? 10}` },
    },
  });
  assert.deepEqual(await users.call({ action: "ls", n: 2 }), { content: [{ type: "text", text: "ls 2" }] });
  assert.deepEqual(users.definition({ actionsAs: "oneOf" }).inputSchema.oneOf.map((b) => b.deprecated), [undefined, true, undefined]);
  assert.deepEqual(users.definitions().map((d) => [d.name, d.inputSchema.deprecated]), [["users_list", undefined], ["users_ls", true]]);
  const helped = await users.call({ action: "help" });
  assert.match(helped.content[0].text, /## ls\n\n\*\*Deprecated\.\*\*\n\nOld name of list\n/);
  let out = "";
  const io = { stdout: (t) => (out += t), stderr: () => {} };
  assert.equal(await users.runCli(["--help"], io), 0);
  assert.match(out, /\n {2}ls +Old name of list \[deprecated\]\n/);
  out = "";
  assert.equal(await users.runCli(["--toolshape-complete", "bash", " ", "users "], io), 0);
  assert.equal(out, "list\nhelp\n");
  out = "";
  let err = "";
  const both = { stdout: (t) => (out += t), stderr: (t) => (err += t) };
  assert.equal(await users.runCli(["ls", "--n", "3"], both), 0);
  assert.equal(out, "ls 3\n");
  assert.equal(err, 'warning: the action "ls" is deprecated\n');
  // Through a registry, whose argv starts with the tool's word.
  [out, err] = ["", ""];
  assert.equal(await createRegistry([users]).runCli(["users", "ls"], both), 0);
  assert.deepEqual([out, err], ["ls 10\n", 'warning: the action "ls" is deprecated\n']);
  assert.throws(
    () => defineGroup({ name: "u", actions: { a: { deprecated: 1, handler: () => 1 } } }),
    (e) => e instanceof ToolshapeError && e.code === "INVALID_DEFINITION" && /"deprecated": expected true, false or a message/.test(e.message),
  );
});

test("a group's action deprecated with a message: said in help, usage and the warning, kept out of the schemas", async () => {
  const users = defineGroup({
    name: "users",
    help: true,
    actions: {
      list: { description: "List users", handler: () => "list" },
      ls: { description: "Old name of list", deprecated: "use list", handler: () => "ls" },
    },
  });
  assert.equal(users.definition({ actionsAs: "oneOf" }).inputSchema.oneOf[1].deprecated, true);
  assert.equal(users.definitions()[1].inputSchema.deprecated, true);
  for (const listing of [users.definition(), users.definition({ actionsAs: "oneOf" }), ...users.definitions()]) {
    assert.ok(!JSON.stringify(listing).includes("use list"), listing.name);
  }
  const helped = await users.call({ action: "help" });
  assert.match(helped.content[0].text, /## ls\n\n\*\*Deprecated:\*\* use list\n\nOld name of list\n/);
  let [out, err] = ["", ""];
  const both = { stdout: (t) => (out += t), stderr: (t) => (err += t) };
  assert.equal(await users.runCli(["--help"], both), 0);
  assert.match(out, /\n {2}ls +Old name of list \[deprecated: use list\]\n/);
  [out, err] = ["", ""];
  assert.equal(await createRegistry([users]).runCli(["users", "ls"], both), 0);
  assert.deepEqual([out, err], ["ls\n", 'warning: the action "ls" is deprecated: use list\n']);
});

test("a union no option of which fits says what its options expected, where Zod says only Invalid input", async () => {
  const d = (value, note) => z.literal(value).describe(note);
  const tool = defineTool({
    name: "find",
    input: z.object({
      sort: z.union([d("name", "By name"), d("age", "By age")]).optional(),
      limit: z.union([z.number().int().min(1), z.literal("auto")]).optional(),
      mode: z.union([z.union([z.literal("a"), z.literal("b")]), z.boolean()]).optional(),
      many: z.union(Array.from({ length: 20 }, (_, i) => z.literal(`v${i}`))).optional(),
      target: z.union([z.object({ host: z.string() }), z.object({ socket: z.string() })]).optional(),
      auth: z.discriminatedUnion("type", [z.object({ type: z.literal("token") }), z.object({ type: z.literal("basic") })]).optional(),
    }),
    handler: () => "ok",
  });
  const said = async (args) => (await tool.call(args)).content[0].text.split("\n").slice(1);
  assert.deepEqual(await said({ sort: "size" }), ['- sort: Invalid input: expected "name" or "age"']);
  assert.deepEqual(await said({ limit: "all" }), ['- limit: Invalid input: expected number or "auto"']);
  assert.deepEqual(await said({ mode: "c" }), ['- mode: Invalid input: expected "a", "b" or boolean']);
  assert.deepEqual(await said({ many: "x" }), ['- many: Invalid input: expected "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", ...']);
  // Options that failed deeper, and Zod's own word on a discriminator, are kept as Zod says them.
  assert.deepEqual(await said({ target: {} }), ["- target: Invalid input"]);
  assert.match((await said({ auth: { type: "x" } }))[0], /^- auth\.type: Invalid discriminator value/);
  // Where Zod itself names the one option that came close, its word stands.
  assert.deepEqual(await said({ limit: 0 }), ["- limit: Too small: expected number to be >=1"]);
});

test("a validator's issue that throws when its options are read keeps its message", async () => {
  const standard = {
    "~standard": {
      version: 1,
      vendor: "custom",
      validate: () => ({
        issues: [{ message: "Invalid input", path: ["x"], code: "invalid_union", get errors() { throw new Error("no"); } }],
      }),
    },
  };
  const tool = defineTool({ name: "odd", input: standard, jsonSchema: { type: "object", properties: { x: { type: "string" } } }, handler: () => "ok" });
  assert.equal(text(await tool.call({ x: 1 })), "[odd] Invalid arguments (fix them and call again):\n- x: Invalid input");
});

test("a validator that throws is said on a command line and exits 1, as a call answers it, where runCli rejected", async () => {
  const thrower = {
    "~standard": {
      version: 1,
      vendor: "custom",
      validate: () => {
        throw new Error("validator blew up");
      },
      jsonSchema: { input: () => ({ type: "object", properties: { a: { type: "string" } } }), output: () => ({}) },
    },
  };
  const tool = defineTool({ name: "n", input: thrower, handler: () => "ran" });
  assert.equal(text(await tool.call({ a: "x" })), "[n] the validator failed: validator blew up");
  const run = async (subject, argv) => {
    const out = [];
    const err = [];
    const code = await subject.runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
    return { code, out: out.join(""), err: err.join("") };
  };
  assert.deepEqual(await run(tool, ["--a", "x"]), { code: 1, out: "", err: "[n] the validator failed: validator blew up\n" });
  assert.deepEqual(await run(createRegistry([tool]), ["n", "--a", "x"]), { code: 1, out: "", err: "[n] the validator failed: validator blew up\n" });
  // An issue whose getter throws as a raw shape's member reports it is the same failure.
  const issue = Object.defineProperty({ message: "bad", path: [] }, "errors", { enumerable: true, get() { throw new Error("getter threw"); } });
  const member = { "~standard": { version: 1, vendor: "custom", validate: (v) => (v === "bad" ? { issues: [issue] } : { value: v }), jsonSchema: { input: () => ({ type: "string" }), output: () => ({ type: "string" }) } } };
  const shaped = defineTool({ name: "s", input: { q: member }, handler: () => "ran" });
  assert.deepEqual(await run(shaped, ["--q", "bad"]), { code: 1, out: "", err: "[s] the validator failed: getter threw\n" });
  assert.deepEqual(await run(shaped, ["--q", "ok"]), { code: 0, out: "ran\n", err: "" });
});

test("a result or an issue whose getters throw as the call path reads them is an error result, never a rejection", async () => {
  const thrower = (key, base = {}) => Object.defineProperty(base, key, { enumerable: true, get() { throw new Error(`${key} getter threw`); } });
  const standard = (validate) => ({ "~standard": { version: 1, vendor: "custom", validate, jsonSchema: { input: () => ({ type: "object" }), output: () => ({ type: "object" }) } } });
  const run = async (subject) => {
    const err = [];
    const code = await subject.runCli([], { stdout: () => {}, stderr: (t) => err.push(t) });
    return [code, err.join("")];
  };
  const content = defineTool({ name: "c", input: z.object({}), handler: () => thrower("content") });
  assert.equal(text(await content.call({})), "[c] the handler's result cannot be read: content getter threw");
  assert.deepEqual(await run(content), [1, "[c] the handler's result cannot be read: content getter threw\n"]);
  const flagged = defineTool({ name: "f", input: z.object({}), output: z.object({ a: z.number() }), handler: () => thrower("isError", { content: [{ type: "text", text: "x" }] }) });
  assert.equal(text(await flagged.call({})), "[f] the handler's result cannot be read: isError getter threw");
  // An output validator's issue whose path cannot be read: the line without it.
  const output = defineTool({ name: "o", input: z.object({}), output: standard(() => ({ issues: [thrower("path", { message: "bad" })] })), handler: () => ({ a: 1 }) });
  assert.equal(text(await output.call({})), "[o] the handler's result does not match the tool's output schema:\n- bad");
  // A message that is no string is written as JSON writes it; one that cannot be read says so.
  const odd = defineTool({ name: "m", input: standard(() => ({ issues: [{ message: { code: 7 }, path: ["a"] }, thrower("message", { path: ["b"] })] })), handler: () => "ran" });
  assert.equal(text(await odd.call({})), '[m] Invalid arguments (fix them and call again):\n- a: {"code":7}\n- b: (an issue whose message cannot be read)');
  assert.deepEqual(await run(odd), [2, 'a: {"code":7}\nb: (an issue whose message cannot be read)\nRun with --help for usage.\n']);
});

test("a group's tools are compiled in the core from its own schemas: no schema crosses back to be compiled", async () => {
  const glue = require("../pkg/node/toolshape.js");
  const original = glue.WasmTool;
  let compiled = 0;
  glue.WasmTool = class extends original {
    constructor(...args) {
      super(...args);
      compiled++;
    }
  };
  try {
    const group = platform();
    for (const client of ["mcp", "openai-strict", "gemini"]) assert.equal(group.definition({ client }).inputSchema.type, "object");
    assert.ok(group.definitions({ client: "cursor" }).length > 0);
    assert.ok(group.definition({ actionsAs: "oneOf" }).inputSchema.oneOf.length > 0);
    const result = await group.call({ action: "billing.refund", workspace: "w", id: "r1", amount: "5" });
    assert.equal(result.isError, undefined);
    assert.match(group.tool.usage(), /users create/);
    assert.match(text(await group.call({ action: "help" })), /users\.create/);
    assert.equal(compiled, 0);
  } finally {
    glue.WasmTool = original;
  }
});

test("a grouped call drops other actions' keys a model echoes (null, empty, their default), says so, and still refuses any other value", async () => {
  const heard = [];
  const tasks = defineGroup({
    name: "tasks",
    onDropped: (dropped, ctx) => heard.push({ action: ctx.action, keys: dropped.map((d) => d.key) }),
    actions: {
      create: { input: z.object({ title: z.string(), priority: z.enum(["low", "normal", "high"]).default("normal") }), handler: (args) => args },
      list: { input: z.object({ limit: z.number().int().default(20), status: z.string().optional() }), readOnly: true, handler: (args) => args },
    },
  });
  const echoed = await tasks.call({ action: "create", title: "x", limit: 20, status: null });
  assert.equal(echoed.isError, undefined);
  assert.deepEqual(echoed.structuredContent, { title: "x", priority: "normal" });
  assert.equal(echoed.content.at(-1).text, "Note: ignored keys of other actions: limit (its default), status (null). Send only this action's parameters.");
  const empty = await tasks.call({ action: "list", title: "", priority: "normal" });
  assert.deepEqual(empty.structuredContent, { limit: 20 });
  assert.deepEqual(heard, [{ action: "create", keys: ["limit", "status"] }, { action: "list", keys: ["title", "priority"] }]);
  // Any other value is still refused, with today's message; a key no action takes is too.
  const meant = await tasks.call({ action: "list", priority: "high" });
  assert.equal(meant.isError, true);
  assert.match(meant.content[0].text, /- priority is not a parameter of list; it belongs to create/);
  const stray = await tasks.call({ action: "list", colour: null });
  assert.equal(stray.isError, true);
  // The flat projection's tools drop them the same way.
  const flat = await tasks.callFlat("tasks_list", { limit: 5, title: null });
  assert.deepEqual(flat.structuredContent, { limit: 5 });
  assert.throws(() => defineGroup({ name: "g", onDropped: 1, actions: { a: { handler: () => 1 } } }), (e) => e.code === "INVALID_DEFINITION");
});

test("a plain tool refuses a key it does not take by default, and drops it with unknownKeys: \"strip\" as registerTool does", async () => {
  const strict = defineTool({ name: "s", input: z.object({ q: z.string() }), handler: (args) => args });
  const loose = defineTool({ name: "s", input: z.object({ q: z.string() }), unknownKeys: "strip", handler: (args) => args });
  const refused = await strict.call({ q: "x", extra: 1 });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /extra is not a parameter of s/);
  assert.deepEqual((await loose.call({ q: "x", extra: 1 })).structuredContent, { q: "x" });
  assert.equal((await loose.call({ extra: 1 })).isError, true);
  assert.throws(() => defineTool({ name: "s", unknownKeys: "allow", handler: () => 1 }), (e) => e.code === "INVALID_DEFINITION" && /"reject".*"strip"/.test(e.message));
});
