// --help=json and --help=md: the whole program described for an agent, in a
// documented shape (help.schema.json, which every answer validates against),
// snapshot-tested on the example ops server; the markdown from the same data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const server = join(root, "examples", "ops-server.mjs");
const cli = (...argv) => spawnSync(process.execPath, [server, ...argv], { encoding: "utf8" });
const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(root, "pkg", "help.schema.json"), "utf8")));

test("--help=json describes every command, action and flag with the tool's hints, in the documented shape, as the snapshot holds it", () => {
  const run = cli("--help=json");
  assert.equal(run.status, 0, run.stderr);
  const help = JSON.parse(run.stdout);
  assert.ok(validate(help), JSON.stringify(validate.errors));
  assert.deepEqual(help, JSON.parse(readFileSync(join(root, "js-tests", "snapshots", "ops-server-help.json"), "utf8")));
  const services = help.commands.find((c) => c.name === "services");
  assert.deepEqual(services.actions.map((a) => a.name), ["status", "scale", "restart"]);
  assert.deepEqual(services.actions[0].annotations, { readOnlyHint: true });
  assert.ok(services.actions[1].flags.some((f) => f.name === "replicas" && f.required));
  assert.ok(!services.actions[0].flags.some((f) => f.name === "replicas"));
  // `help --json`, and one command alone.
  assert.deepEqual(JSON.parse(cli("help", "--json").stdout), help);
  assert.deepEqual(JSON.parse(cli("deploy", "--help=json").stdout).commands, [help.commands[0]]);
});

test("--help=md is the same data as markdown: a section per command and action, a table of flags each", () => {
  const run = cli("--help=md");
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^# ops-server\.mjs\n\nVersion 1\.0\.0\n\n## deploy\n/);
  assert.match(run.stdout, /\n### scale\n\nChange the replica count\n/);
  assert.match(run.stdout, /\| `--environment` \| dev \\\| staging \\\| prod \|  \| dev \|/);
  assert.match(run.stdout, /\n## search\n\nSearch the service catalogue\n\nHints: readOnly\n/);
});

test("a definition's own command line answers --help=json too, and a tool with no command line of flags says why", async () => {
  const out = [];
  const tool = cjs.defineTool({ name: "t", input: z.object({ fooBar: z.string(), "foo-bar": z.string() }), handler: () => "x" });
  assert.equal(await tool.runCli(["--help=json"], { stdout: (t) => out.push(t) }), 0);
  const help = JSON.parse(out.join(""));
  assert.ok(validate(help), JSON.stringify(validate.errors));
  assert.match(help.commands[0].noCommandLine, /--foo-bar would mean both/);
});

test("--help=json gives each choice's description where the schema says it, and --help=md writes them beside the flag", async () => {
  const level = z.union([z.literal("low").describe("Cheap and slow"), z.literal("high").describe("Fast, costs more")]).describe("Service level");
  const tool = cjs.defineTool({ name: "t", input: z.object({ level, size: z.enum(["s", "m"]) }), handler: () => "x" });
  const out = [];
  assert.equal(await tool.runCli(["--help=json"], { stdout: (t) => out.push(t) }), 0);
  const help = JSON.parse(out.join(""));
  assert.ok(validate(help), JSON.stringify(validate.errors));
  const [levelFlag, sizeFlag] = help.commands[0].flags;
  assert.deepEqual(levelFlag.choiceDescriptions, [
    { value: "low", description: "Cheap and slow" },
    { value: "high", description: "Fast, costs more" },
  ]);
  assert.equal(sizeFlag.choiceDescriptions, undefined);
  const md = [];
  assert.equal(await tool.runCli(["--help=md"], { stdout: (t) => md.push(t) }), 0);
  assert.match(md.join(""), /\| Service level Values: `low`: Cheap and slow; `high`: Fast, costs more\. \|/);
});
