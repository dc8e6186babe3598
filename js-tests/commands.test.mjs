// compileCommands (issue 11, item 2): several compiled tools as one command
// line, through the package, with Zod tools; the env of every tool reaches
// the one chosen; the set outlives the tools it was built from.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { cjs, esm } from "./helpers.mjs";

const { compile, compileCommands, ToolshapeError } = cjs;

const deploy = z.object({ service: z.string().meta({ cli: { positional: 0 } }), replicas: z.number().int().optional() }).describe("Deploy a service");
const searchLogs = z.object({ query: z.string(), since: z.string().optional() }).describe("Search the logs");

function ops() {
  return compileCommands(
    { deploy: compile(deploy, { envPrefix: "OPS" }), "search-logs": compile(searchLogs) },
    { name: "ops", version: "ops 0.3.0" },
  );
}

test("the command word picks the tool; data is that tool's arguments", () => {
  const set = ops();
  assert.deepEqual(set.commands, ["deploy", "search-logs"]);
  const r = set.safeParseArgv(["deploy", "api", "--replicas", "3"]);
  assert.deepEqual(r, { success: true, command: "deploy", data: { service: "api", replicas: 3 }, rest: [] });
  assert.ok(deploy.safeParse(r.data).success);
  assert.deepEqual(set.parseArgv(["search-logs", "--query", "err", "--", "x"]), { command: "search-logs", data: { query: "err" }, rest: ["x"] });
  assert.deepEqual(set.parseArgv(["deploy", "api"], { env: { OPS_REPLICAS: "2" } }).data, { service: "api", replicas: 2 });
  assert.deepEqual(set.parseArgv(["deploy", "a\0b"]).data, { service: "a\0b" });
});

test("misspelt commands get the closest; help and version answer", () => {
  const set = ops();
  const bad = set.safeParseArgv(["serch-logs"]);
  assert.equal(bad.error.code, "INVALID_ARGS");
  assert.equal(bad.error.issues[0].code, "unknown_command");
  assert.equal(bad.error.message, 'unknown command "serch-logs"; did you mean search-logs?');
  assert.equal(set.safeParseArgv([]).error.issues[0].code, "missing_command");
  const help = set.safeParseArgv(["--help"]).error;
  assert.equal(help.code, "HELP_REQUESTED");
  assert.equal(help.message, set.usage());
  assert.match(help.message, /^Usage: ops <command> \[options\]\n\nCommands:\n {2}deploy +Deploy a service\n {2}search-logs +Search the logs\n/);
  assert.match(set.safeParseArgv(["deploy", "-h"]).error.message, /^Usage: ops deploy <service> \[options\]\n/);
  assert.equal(set.usage({ topic: "deploy" }), set.safeParseArgv(["help", "deploy"]).error.message);
  const version = set.safeParseArgv(["--version"]).error;
  assert.equal(version.code, "VERSION_REQUESTED");
  assert.equal(version.message, "ops 0.3.0");
  assert.throws(() => set.parseArgv(["nope"]), (e) => e instanceof ToolshapeError && e.code === "INVALID_ARGS");
});

test("bad input to compileCommands is refused clearly", () => {
  const tool = compile(searchLogs);
  const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof ToolshapeError && e.code === "INVALID_OPTION" && pattern.test(e.message));
  refused(() => compileCommands({}), /needs at least one tool/);
  refused(() => compileCommands([tool]), /takes an object of compiled tools/);
  refused(() => compileCommands({ a: searchLogs }), /"a" must be a Tool from compile\(\), got object/);
  refused(() => compileCommands({ "-a": tool }), /starts with '-'/);
  refused(() => compileCommands({ a: tool }, { nme: "x" }), /did you mean "name"/);
  refused(() => compileCommands(JSON.parse('{"__proto__": 1}')), /"__proto__" must be a Tool/);
  const hostile = Object.create(null);
  hostile.__proto__ = tool;
  const set = compileCommands(hostile);
  assert.deepEqual(set.parseArgv(["__proto__", "--query", "q"]), { command: "__proto__", data: { query: "q" }, rest: [] });
  assert.equal({}.query, undefined);
});

test("the set keeps working after its tools are freed, and can be freed", () => {
  const a = compile(searchLogs);
  const set = compileCommands({ logs: a });
  a.free();
  assert.deepEqual(set.parseArgv(["logs", "--query", "q"]).data, { query: "q" });
  set.free();
  assert.throws(() => set.parseArgv(["logs"]), (e) => e.code === "FREED");
  set.free();
});

test("ESM and CJS share the class", () => {
  assert.equal(esm.compileCommands, cjs.compileCommands);
  assert.ok(ops() instanceof esm.Commands);
});
