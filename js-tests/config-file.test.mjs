// Config files (`config: { flag, files, read }`): values under argv and the
// environment, over the schema's defaults; typed JSON checked against the
// flag table, each error naming the file and the key path; `sources` says
// what came from where. Real processes read real files (examples/cli.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const example = join(root, "examples", "cli.mjs");

function inFolder(files, fn) {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-config-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return fn((argv, env = {}) => spawnSync(process.execPath, [example, ...argv], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("argv > environment > config file > default, and a flag given with its default value still beats the file", () => {
  const file = JSON.stringify({ environment: "prod", config: { timeout: 10 } });
  inFolder({ "deploy.json": file, "other.json": JSON.stringify({ service: "web", environment: "staging" }) }, (run) => {
    assert.equal(run(["--service", "api"]).stdout, "deploying api to prod (timeout 10s)\n");
    assert.equal(run(["--service", "api", "--environment", "dev"]).stdout, "deploying api to dev (timeout 10s)\n");
    assert.equal(run(["--service", "api"], { DEPLOY_CONFIG_TIMEOUT: "7" }).stdout, "deploying api to prod (timeout 7s)\n");
    // --config names another file, which then supplies a required value.
    assert.equal(run(["--config", "other.json"]).stdout, "deploying web to staging (timeout 30s)\n");
  });
  inFolder({}, (run) => assert.equal(run(["--service", "api"]).stdout, "deploying api to dev (timeout 30s)\n"));
});

test("a bad file is refused naming the file and the key path: an unknown key with a suggestion, text where a number is wanted, a missing file, not JSON", () => {
  inFolder({ "deploy.json": JSON.stringify({ servce: "x", config: { timeout: "10" } }), "broken.json": "{" }, (run) => {
    const bad = run(["--service", "api"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /deploy\.json: servce: no such key; did you mean "service"\?\ndeploy\.json: config\.timeout: expected a number, got "10"/);
    assert.match(run(["--config", "nope.json"]).stderr, /nope\.json: no such file \(given by --config\)/);
    assert.match(run(["--config", "broken.json"]).stderr, /broken\.json: not JSON/);
    assert.match(run(["--config"]).stderr, /--config takes a file name/);
  });
});

test("--help names the config flag and the files it looks for, and answers before any file is read; --config-schema prints the file's schema", () => {
  inFolder({ "deploy.json": "{" }, (run) => {
    const schema = run(["--config-schema"]);
    assert.equal(schema.status, 0, schema.stderr);
    assert.deepEqual(Object.keys(JSON.parse(schema.stdout).properties), ["service", "environment", "tags", "config"]);
    assert.equal(JSON.parse(schema.stdout).required, undefined);
    const help = run(["--help"]);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Config:\n  --config <file>  values from a JSON file \(else the first found of deploy\.json\); flags and env vars win over it\n+$/);
  });
});

const Deploy = z.object({
  service: z.string(),
  environment: z.enum(["dev", "prod"]).default("dev"),
  tags: z.array(z.string()).optional(),
  limits: z.object({ cpu: z.number().int(), "required": z.boolean().optional() }).optional(),
});

test("sources say what came from where; configSchema is the input schema with every key optional, and a file that meets it parses", () => {
  const files = { "d.json": JSON.stringify({ environment: "prod", tags: ["a", "b"], limits: { cpu: 2 } }) };
  const tool = cjs.compile(Deploy, { envPrefix: "D", config: { read: (name) => files[name] } });
  const r = tool.safeParseArgv(["--service", "api", "--config=d.json"], { env: { D_LIMITS_CPU: "4" } });
  assert.deepEqual(r.data, { environment: "prod", tags: ["a", "b"], limits: { cpu: 4 }, service: "api" });
  assert.deepEqual(r.sources, [
    { path: ["environment"], from: "config" },
    { path: ["tags"], from: "config" },
    { path: ["limits", "cpu"], from: "env" },
    { path: ["service"], from: "argv" },
  ]);
  const schema = tool.configSchema();
  assert.equal(JSON.stringify(schema).includes('"required":['), false);
  // A property named "required" is a property, not the keyword.
  assert.deepEqual(Object.keys(schema.properties.limits.properties), ["cpu", "required"]);
  const fits = new Ajv2020({ strict: false }).compile(schema);
  assert.ok(fits(JSON.parse(files["d.json"])));
  assert.ok(fits({}));
  assert.ok(!fits({ limits: { cpu: "2" } }));
  // Typed JSON: a list must be a list, a choice one of the choices.
  const bad = cjs.compile(Deploy, { config: { read: () => '{"tags":"a","environment":"staging"}' } }).safeParseArgv(["--service", "a", "--config", "x"]);
  assert.deepEqual(bad.error.issues.map((i) => i.message), ['x: tags: expected a string list, got "a"', 'x: environment: expected one of "dev", "prod", got "staging"']);
});

test("a command set's file holds an object per command; a registry's runCli reads a real file; a hostile file touches no prototype", async () => {
  const files = { "ops.json": JSON.stringify({ deploy: { service: "s1" }, logs: { lines: 5 } }), "typo.json": '{"delpoy":{}}', "proto.json": '{"deploy":{"__proto__":{"polluted":true},"service":"x"}}' };
  const read = (name) => files[name];
  const ops = cjs.compileCommands({ deploy: cjs.compile(Deploy), logs: cjs.compile(z.object({ lines: z.number() })) }, { name: "ops", config: { read, files: ["ops.json"] } });
  assert.deepEqual(ops.parseArgv(["deploy"]), { command: "deploy", data: { service: "s1" }, rest: [], sources: [{ path: ["service"], from: "config" }] });
  assert.deepEqual(ops.parseArgv(["logs", "--lines", "9"]).data, { lines: 9 });
  assert.match(ops.safeParseArgv(["deploy", "--config", "typo.json"]).error.message, /typo\.json: delpoy: no such command; did you mean "deploy"\?/);
  const hostile = ops.safeParseArgv(["deploy", "--config", "proto.json"]);
  assert.match(hostile.error.message, /proto\.json \(deploy\): __proto__: no such key/);
  assert.equal({}.polluted, undefined);
  const whole = ops.safeParseArgv(["--config-schema"]).error;
  assert.equal(whole.code, "HELP_REQUESTED");
  assert.deepEqual(Object.keys(JSON.parse(whole.message).properties), ["deploy", "logs"]);
  assert.throws(() => cjs.compile(Deploy, { config: { file: ["x"] } }), { code: "INVALID_OPTION", message: /unknown config option "file"/ });

  const dir = mkdtempSync(join(tmpdir(), "toolshape-config-"));
  try {
    const path = join(dir, "ops.json");
    writeFileSync(path, JSON.stringify({ deploy: { service: "from-file" } }));
    const registry = cjs.createRegistry([cjs.defineTool({ name: "deploy", input: Deploy, handler: (args) => `deploying ${args.service} to ${args.environment}` })], { name: "ops" });
    const out = [];
    const code = await registry.runCli(["deploy", "--config", path], { stdout: (t) => out.push(t), stderr: (t) => out.push(t), config: {} });
    assert.equal(code, 0, out.join(""));
    assert.equal(out.join(""), "deploying from-file to dev\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("sources tell env from argv when no file is found too; a command named constructor is no key of the file's prototype; issue codes come from IssueCode", () => {
  const tool = cjs.compile(Deploy, { envPrefix: "D", config: { files: ["none.json"], read: () => undefined } });
  const r = tool.safeParseArgv(["--service", "api"], { env: { D_ENVIRONMENT: "prod" } });
  assert.deepEqual(r.sources, [
    { path: ["service"], from: "argv" },
    { path: ["environment"], from: "env" },
  ]);
  const set = cjs.compileCommands({ constructor: cjs.compile(z.object({ n: z.number().optional() })) }, { config: { read: () => '{"constructor":{"n":1}}' } });
  assert.deepEqual(set.parseArgv(["constructor", "--config", "x"]).data, { n: 1 });
  const none = cjs.compileCommands({ constructor: cjs.compile(z.object({ n: z.number().optional() })) }, { config: { read: () => "{}" } });
  assert.deepEqual(none.parseArgv(["constructor", "--config", "x"]).data, {});
  const bad = cjs.compile(Deploy, { config: { read: () => '{"servce":"a","tags":"x"}' } }).safeParseArgv(["--config", "f"]);
  assert.deepEqual(bad.error.issues.map((i) => i.code), ["unknown_flag", "invalid_value"]);
  assert.throws(() => cjs.compileCommands({ a: cjs.compile(Deploy) }, { config: { flg: "c" } }), /did you mean "flag"/);
});
