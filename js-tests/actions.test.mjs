// Action unions compiled as tools, from real Zod in every target and io
// mode: the inputSchema forms, subcommands on the command line and back.
import { test } from "node:test";
import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { z } from "zod";
import { actionCases } from "../scripts/zod-cases.mjs";
import { cjs } from "./helpers.mjs";

const { compile } = cjs;
const zodCase = (name) => actionCases.find((c) => c.name === name);

test("every target and io mode compiles, and the oneOf form validates like Zod", () => {
  for (const c of actionCases) {
    for (const target of ["draft-2020-12", "draft-7", "openapi-3.0"]) {
      for (const io of ["input", "output"]) {
        const tool = compile(z.toJSONSchema(c.schema, { target, io }));
        const emitted = tool.inputSchema({ actionsAs: "oneOf" });
        assert.equal(emitted.type, "object", `${c.name} ${target} ${io}`);
        assert.ok(Array.isArray(emitted.oneOf), `${c.name}: the root is oneOf`);
        assert.equal(emitted.anyOf, undefined);
        if (io === "input") {
          const validate = new Ajv2020({ strict: false }).compile(emitted);
          for (const sample of c.samples) assert.equal(validate(sample), c.schema.safeParse(sample).success, `${c.name} ${target} ${JSON.stringify(sample)}`);
        }
        tool.free();
      }
    }
  }
});

test("the mcp profile flattens an action union: one object with the action enum and every field", () => {
  const tool = compile(zodCase("docker-actions").schema);
  const flat = tool.inputSchema();
  assert.deepEqual(tool.inputSchema({ client: "mcp", actionsAs: "flat" }), flat);
  assert.equal(flat.oneOf, undefined);
  assert.deepEqual(flat.properties.action.enum, ["list", "logs", "restart", "inspect"]);
  assert.match(flat.properties.action.description, /^Which operation to perform:\n- 'list': List containers\n/);
  assert.deepEqual(Object.keys(flat.properties), ["action", "all", "id", "lines", "follow", "timeout", "format", "fields"]);
  assert.deepEqual(flat.required, ["action"]);
  assert.throws(() => tool.inputSchema({ actionsAs: "yes" }), (e) => e.code === "INVALID_OPTION" && /actionsAs/.test(e.message));
  // The option it replaces is refused, not silently ignored.
  assert.throws(() => tool.inputSchema({ flattenActions: true }), (e) => e.code === "INVALID_OPTION" && /"flattenActions"/.test(e.message));
  assert.throws(() => tool.inputSchema({ flatenActions: true }), (e) => e.code === "INVALID_OPTION");
});

test("an action's literal keys are own data, __proto__ included", () => {
  // JSON text: in an object literal `__proto__` would set the prototype.
  const tool = compile(
    JSON.parse(`{"oneOf": [
      {"type": "object", "properties": {"__proto__": {"const": "polluted"}, "x": {"type": "string"}}, "required": ["__proto__"]},
      {"type": "object", "properties": {"__proto__": {"const": "other"}}, "required": ["__proto__"]}
    ]}`),
  );
  const data = tool.parseArgv(["polluted", "--x", "1"]);
  assert.equal(Object.getPrototypeOf(data), Object.prototype);
  assert.deepEqual(Object.keys(data), ["__proto__", "x"]);
  assert.equal(Object.getOwnPropertyDescriptor(data, "__proto__").value, "polluted");
  assert.equal({}.polluted, undefined);
  tool.free();
});

test("subcommands parse, and toArgv gives them back, for every valid sample", () => {
  let roundTrips = 0;
  for (const c of actionCases) {
    const tool = compile(c.schema);
    for (const sample of c.samples) {
      const parsed = c.schema.safeParse(sample);
      if (!parsed.success) continue;
      for (const value of [sample, parsed.data]) {
        const argv = tool.toArgv(value);
        assert.deepEqual(tool.parseArgv(argv), value, `${c.name} ${JSON.stringify(argv)}`);
        assert.ok(c.schema.safeParse(tool.parseArgv(argv)).success);
        roundTrips++;
      }
    }
  }
  assert.ok(roundTrips >= 8, `${roundTrips}`);
  const scout = compile(zodCase("scout-nested").schema, { name: "scout" });
  assert.deepEqual(scout.parseArgv(["zfs", "datasets", "--pool", "tank"]), { action: "zfs", subaction: "datasets", pool: "tank" });
  assert.deepEqual(scout.safeParseArgv(["status", "extra"], { allowPositionals: true }).rest, ["extra"]);
  assert.equal(scout.safeParseArgv(["status", "extra"]).error.issues[0].code, "unexpected_argument");
  assert.throws(() => scout.parseArgv(["zsf"]), (e) => e.code === "INVALID_ARGS" && /did you mean zfs\?/.test(e.message));
  const flux = compile(zodCase("flux-composite").schema);
  const data = flux.parseArgv(["image", "pull", "--ref", "alpine"]);
  assert.equal(zodCase("flux-composite").schema.parse(data).action_subaction, "image:pull");
});

test("usage lists the actions; a topic shows one action's flags; flags name their actions", () => {
  const tool = compile(zodCase("docker-actions").schema, { name: "docker" });
  assert.match(tool.usage(), /^Usage: docker <action> \[options\]\n\nManage Docker containers\n\nActions:\n  list +List containers\n/);
  assert.match(tool.usage({ topic: "logs" }), /Usage: docker logs <options>[^]*--id <string> +Container id \(required\)/);
  assert.match(tool.usage({ format: "markdown" }), /\| `logs` \| Show container logs \|/);
  assert.deepEqual(tool.flags().find((f) => f.name === "id").actions, ["logs", "restart", "inspect"]);
  assert.deepEqual(tool.actionHelp({ topic: "restart" }).map((e) => e.discriminator), ["restart"]);
  assert.deepEqual(tool.fromFlagValues({ action: "logs", id: "x", lines: "3" }), { action: "logs", id: "x", lines: 3 });
});

test("an action's counted flag and alias work under its words, in a command set too", () => {
  const logs = z.object({
    action: z.literal("logs"),
    verbose: z.number().int().optional().meta({ cli: { short: "v", count: true } }),
    id: z.string().meta({ cli: { aliases: ["ident"] } }),
  });
  const ops = cjs.compile(z.discriminatedUnion("action", [logs, z.object({ action: z.literal("list") })]), { name: "ops" });
  assert.deepEqual(ops.parseArgv(["logs", "-vv", "--ident", "x"]), { action: "logs", verbose: 2, id: "x" });
  assert.deepEqual(ops.toArgv({ action: "logs", verbose: 2, id: "x" }), ["logs", "--verbose=2", "--id", "x"]);
  assert.match(ops.usage({ topic: "logs" }), /-v, --verbose +\[count\]\n +--id <string> +\(required\) \[aliases: --ident\]\n/);
  const set = cjs.compileCommands({ docker: ops }, { name: "x" });
  assert.deepEqual(set.parseArgv(["docker", "logs", "-vvv", "--ident=y"]), { command: "docker", data: { action: "logs", verbose: 3, id: "y" }, rest: [] });
  assert.deepEqual(ops.complete(["logs", "-v", "--"]).map((c) => c.value), ["--verbose", "--id", "--help"]);
});

test("an action union served as one tool keeps a group's words for every client: each action's description and needs, each key's actions", () => {

  const Users = z.discriminatedUnion("op", [
    z.object({ op: z.literal("create"), name: z.string().describe("User name"), email: z.string().optional() }).describe("Create a new user"),
    z.object({ op: z.literal("delete"), id: z.string().describe("User id"), force: z.boolean().default(false) }).describe("Delete a user for good"),
  ]);
  const tool = cjs.defineTool({ name: "users", input: Users, handler: () => "ok" });
  const group = cjs.defineGroup({
    name: "users",
    actions: {
      create: { description: "Create a new user", input: z.object({ name: z.string().describe("User name"), email: z.string().optional() }), handler: () => "ok" },
      delete: { description: "Delete a user for good", input: z.object({ id: z.string().describe("User id"), force: z.boolean().default(false) }), handler: () => "ok" },
    },
  });
  const grouped = group.definition().inputSchema.properties;
  for (const check of cjs.check(Users, "all")) {
    const { properties } = cjs.createRegistry([tool]).list({ client: check.client })[0].inputSchema;
    const said = JSON.stringify(properties.op);
    assert.match(said, /'create': Create a new user\. Requires: name/, check.client);
    assert.match(said, /'delete': Delete a user for good\. Requires: id/, check.client);
    // The same notes a group gives its keys.
    for (const key of ["name", "email", "id", "force"]) assert.equal(properties[key].description, grouped[key].description, `${check.client} ${key}`);
  }
  assert.equal(grouped.name.description, "User name. Required for: create");
  assert.equal(grouped.email.description, "For: create");
});
