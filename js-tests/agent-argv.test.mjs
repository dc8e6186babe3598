// What an agent types at a command line made by compile or compileCommands:
// --json '<input>' (and --json - from standard input), --help=json and
// --help=md, --schema and `schema <command>`. Run as a real process on the
// examples' command line, and in process on a command set.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const example = join(root, "examples", "cli.mjs");
const run = (argv, input) => spawnSync(process.execPath, [example, ...argv], { encoding: "utf8", input: input ?? "" });
const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(root, "pkg", "help.schema.json"), "utf8")));

test("--json gives the whole input as one JSON object, repaired as an MCP call's arguments are, then Zod's verdict", () => {
  const ok = run(["--json", JSON.stringify({ service: "api", config: JSON.stringify({ timeout: "5" }) })]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, "deploying api to dev (timeout 5s)\n");
  const piped = run(["--json", "-"], JSON.stringify({ service: "web", environment: "prod" }));
  assert.equal(piped.status, 0, piped.stderr);
  assert.equal(piped.stdout, "deploying web to prod (timeout 30s)\n");
  // Zod still has the last word.
  const empty = run(["--json", '{"service":""}']);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /^service: Too small/);
});

test("--json refuses a flag beside it, text that is not a JSON object, and a missing value, naming what to do", () => {
  const beside = run(["--json", '{"service":"api"}', "--environment", "prod"]);
  assert.equal(beside.status, 2);
  assert.match(beside.stderr, /--json takes the whole input: give --environment inside the JSON, or leave --json out/);
  assert.match(run(["--json", "[1]"]).stderr, /--json expects the input as a JSON object, got an array/);
  assert.match(run(["--json", "{"]).stderr, /--json expects the input as a JSON object: /);
  assert.match(run(["--json"]).stderr, /--json takes the whole input as JSON text, or - to read it from standard input/);
  assert.match(run(["--json", "-"], "nope").stderr, /--json expects the input as a JSON object/);
});

test("--help=json, --help=md and --schema print what an agent reads and exit 0, as --help does", () => {
  const json = run(["--help=json"]);
  assert.equal(json.status, 0, json.stderr);
  const help = JSON.parse(json.stdout);
  assert.ok(validate(help), JSON.stringify(validate.errors));
  assert.equal(help.name, "deploy");
  const environment = help.commands[0].flags.find((f) => f.name === "environment");
  assert.deepEqual([environment.default, environment.env, environment.choices], ["dev", "DEPLOY_ENVIRONMENT", ["dev", "staging", "prod"]]);
  assert.match(run(["--help=md"]).stdout, /^# deploy\n\n## deploy\n\n\| flag \|/);
  const schema = run(["--schema", "--client", "gemini"]);
  assert.equal(schema.status, 0, schema.stderr);
  assert.deepEqual(JSON.parse(schema.stdout).inputSchema.required, ["service"]);
  assert.equal(run(["--schema", "--cleint", "x"]).status, 2);
});

const Users = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), name: z.string(), level: z.union([z.literal("low").describe("Cheap"), z.literal("high")]) }).describe("Make a user"),
  z.object({ action: z.literal("list") }).describe("List users"),
]);
const Deploy = z.object({ service: z.string(), opts: z.object({ n: z.number() }).optional() });

test("a command set answers --help=json for every command, schema <command>, and a command's own --json", () => {
  const ops = cjs.compileCommands({ users: cjs.compile(Users), deploy: cjs.compile(Deploy) }, { name: "ops" });
  const asked = (argv) => {
    const r = ops.safeParseArgv(argv);
    assert.equal(r.success, false);
    assert.equal(r.error.code, "HELP_REQUESTED");
    return r.error;
  };
  const whole = asked(["--help=json"]);
  assert.equal(whole.format, "json");
  const help = JSON.parse(whole.message);
  assert.ok(validate(help), JSON.stringify(validate.errors));
  assert.equal(help.name, "ops");
  assert.deepEqual(help.commands.map((c) => c.name), ["users", "deploy"]);
  assert.deepEqual(help.commands[0].actions.map((a) => [a.name, a.description, a.flags.map((f) => f.name)]), [
    ["create", "Make a user", ["name", "level"]],
    ["list", "List users", []],
  ]);
  assert.deepEqual(help.commands[0].actions[0].flags[1].choiceDescriptions, [{ value: "low", description: "Cheap" }]);
  assert.deepEqual(JSON.parse(asked(["help", "--json"]).message), help);
  assert.equal(asked(["--help=md"]).format, "markdown");
  assert.deepEqual(JSON.parse(asked(["deploy", "--help=json"]).message).commands, [help.commands[1]]);
  assert.deepEqual(JSON.parse(asked(["schema", "deploy"]).message).inputSchema.required, ["service"]);
  assert.match(ops.safeParseArgv(["schema", "dploy"]).error.message, /schema takes a command: .*\(commands: users, deploy\)/);
  // The words before --json name the action; the JSON is repaired.
  assert.deepEqual(ops.parseArgv(["users", "create", "--json", '{"name":"a","level":"low"}']), {
    command: "users",
    data: { name: "a", level: "low", action: "create" },
    rest: [],
  });
  assert.deepEqual(ops.parseArgv(["deploy", "--json=-"], { stdin: '{"service":"a","opts":"{\\"n\\":\\"3\\"}"}' }).data, { service: "a", opts: { n: 3 } });
  assert.match(ops.safeParseArgv(["deploy", "--json", "-"]).error.message, /--json - reads standard input: pass parseArgv's stdin option/);
});

test("standard input is read only when --json - asks; a misspelt stdin option is refused with a suggestion", () => {
  const tool = cjs.compile(Deploy);
  let reads = 0;
  const stdin = () => {
    reads++;
    return '{"service":"x"}';
  };
  assert.deepEqual(tool.parseArgv(["--service", "a"], { stdin }), { service: "a" });
  assert.equal(reads, 0);
  assert.deepEqual(tool.parseArgv(["--json", "-"], { stdin }), { service: "x" });
  assert.equal(reads, 1);
  assert.throws(() => tool.parseArgv([], { stdn: "x" }), /did you mean "stdin"/);
  assert.throws(() => tool.parseArgv([], { stdin: 5 }), { code: "INVALID_OPTION", message: /"stdin" must be text or a function/ });
});

test("a tool's own --json, --schema or --help-named flag, and a command named schema or help, keep their meaning", () => {
  const own = cjs.compile(z.object({ json: z.boolean().optional(), schema: z.string().optional() }));
  assert.deepEqual(own.parseArgv(["--json"]), { json: true });
  assert.deepEqual(own.parseArgv(["--schema", "v2"]), { schema: "v2" });
  const set = cjs.compileCommands({ schema: cjs.compile(Deploy), help: cjs.compile(Deploy) });
  assert.deepEqual(set.parseArgv(["schema", "--service", "a"]).command, "schema");
  assert.deepEqual(set.parseArgv(["help", "--json", '{"service":"b"}']), { command: "help", data: { service: "b" }, rest: [] });
});

test("hostile --json input: keys named __proto__ stay data, nothing touches a prototype, deep nesting is refused cleanly", () => {
  const tool = cjs.compile(z.object({ service: z.string() }).passthrough());
  const data = tool.parseArgv(["--json", '{"service":"a","__proto__":{"polluted":1}}']);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.getPrototypeOf(data), Object.prototype);
  const users = cjs.compile(Users);
  const named = users.parseArgv(["create", "--json", '{"__proto__":{"action":"x"},"name":"a","level":"high"}']);
  assert.equal(named.action, "create");
  assert.equal({}.action, undefined);
  const deep = `${"[".repeat(100000)}${"]".repeat(100000)}`;
  const r = tool.safeParseArgv(["--json", `{"service":${deep}}`]);
  assert.equal(r.success, false);
  assert.equal(r.error.code, "TOO_DEEP");
});

test("--json is held to the schema's required keys as flags are, at every depth the input holds; partial lifts it", () => {
  const tool = cjs.compile(z.object({ service: z.string(), opts: z.object({ n: z.number(), m: z.number().optional() }).optional() }));
  const missing = tool.safeParseArgv(["--json", '{"opts":{"m":1}}']);
  assert.equal(missing.error.code, "INVALID_ARGS");
  assert.deepEqual(missing.error.issues.map((i) => [i.code, i.path.join("."), i.message]), [
    ["missing_required", "service", "--json: missing required key service"],
    ["missing_required", "opts.n", "--json: missing required key opts.n"],
  ]);
  assert.deepEqual(tool.parseArgv(["--json", '{"opts":{"m":1}}'], { partial: true }), { opts: { m: 1 } });
});

test("--json's refusals carry an issue code from IssueCode", () => {
  const r = cjs.compile(Deploy).safeParseArgv(["--json", "[1]"]);
  assert.deepEqual(r.error.issues.map((i) => i.code), ["invalid_value"]);
});
