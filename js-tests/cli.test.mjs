// The toolshape CLI as a person runs it: output, errors and exit codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { deploy } from "../scripts/zod-cases.mjs";
import { cjs, root } from "./helpers.mjs";

const bin = join(root, "pkg", "bin", "toolshape.cjs");
const dir = mkdtempSync(join(tmpdir(), "toolshape-cli-"));

function run(...args) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: root });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test("--version is the library's own: the package's version, exit 0, and one plain line in the help", () => {
  const r = run("--version");
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `${JSON.parse(readFileSync(join(root, "pkg", "package.json"), "utf8")).version}\n`);
  const help = run("--help");
  assert.match(help.out, /\n {6}--version +Show the version\n/);
  assert.doesNotMatch(help.out, /no-\]version/);
});

test("inspect without a file prints the bundled example's schema", () => {
  const r = run("inspect");
  assert.equal(r.code, 0, r.err);
  const schema = JSON.parse(r.out);
  assert.deepEqual(schema, cjs.compile(z.toJSONSchema(deploy, { io: "input" })).inputSchema());
  assert.equal(schema.type, "object");
  assert.deepEqual(Object.keys(schema.properties.config.properties), ["timeout", "retries", "registry"]);
  assert.equal(schema.$schema, undefined);
  assert.deepEqual(schema.required, ["service"]);
});

test("inspect reads a schema file and a Zod module", () => {
  const file = join(dir, "s.json");
  writeFileSync(file, JSON.stringify({ type: "object", properties: { a: { type: "string" } } }));
  assert.deepEqual(JSON.parse(run("inspect", file).out), { type: "object", properties: { a: { type: "string" } } });
  const mod = join(dir, "tool.mjs");
  writeFileSync(mod, `import { z } from ${JSON.stringify(join(root, "node_modules", "zod", "index.js"))};\nexport const input = z.object({ n: z.number().default(1) });\n`);
  const r = run("inspect", "--zod", `${mod}#input`);
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(JSON.parse(r.out), { type: "object", properties: { n: { type: "number", default: 1 } } });
  const missing = run("inspect", "--zod", `${mod}#nope`);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /no export named nope/);
});

test("--help prints usage and exits 0; misuse exits 2; bad input exits 1", () => {
  const help = run("--help");
  assert.equal(help.code, 0);
  assert.match(help.out, /Usage: toolshape <command>/);
  assert.match(help.out, /--zod <string>/);
  assert.equal(run().code, 0);
  const unknown = run("explode");
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown command "explode"/);
  const badFlag = run("inspect", "--clinet", "mcp");
  assert.equal(badFlag.code, 2);
  assert.match(badFlag.err, /did you mean --client/);
  const badFile = run("inspect", join(dir, "missing.json"));
  assert.equal(badFile.code, 1);
  assert.match(badFile.err, /cannot read/);
  const notJson = join(dir, "bad.json");
  writeFileSync(notJson, "{");
  const bad = run("inspect", notJson);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /INVALID_JSON/);
});

test("flags, usage and parse work on the example", () => {
  const flags = JSON.parse(run("flags").out);
  assert.ok(flags.some((f) => f.name === "config-registry-url" && f.path.join(".") === "config.registry.url"));
  const usage = run("usage", "--name", "deploy", "--width", "70");
  assert.equal(usage.code, 0);
  assert.match(usage.out, /^Usage: deploy/);
  assert.match(usage.out, /config: Rollout settings/);
  const md = run("usage", "--markdown");
  assert.match(md.out, /\| `--service` \|/);
  const refused = run("parse", "--", "--service", "api", "x");
  assert.equal(refused.code, 1);
  assert.match(refused.err, /unexpected argument "x"/);
  const parsed = run("parse", "--allow-positionals", "--", "--service", "api", "--config-registry-url", "https://r.example", "x");
  assert.equal(parsed.code, 0, parsed.err);
  assert.deepEqual(JSON.parse(parsed.out), { data: { service: "api", config: { registry: { url: "https://r.example" } } }, rest: ["x"] });
  const failed = run("parse", "--", "--replicas", "many");
  assert.equal(failed.code, 1);
  assert.match(failed.err, /--replicas expects an integer/);
  assert.match(failed.err, /missing required flag --service/);
});

test("help prints an action union's help as markdown or JSON, with a topic", () => {
  const md = run("help");
  assert.equal(md.code, 0, md.err);
  assert.match(md.out, /^## list\n\nList containers\n/);
  const json = run("help", join(root, "pkg", "example-actions.schema.json"), "logs", "--json");
  assert.equal(json.code, 0, json.err);
  assert.deepEqual(JSON.parse(json.out).map((e) => e.action), ["logs"]);
  const none = run("help", join(root, "pkg", "example-actions.schema.json"), "nope");
  assert.equal(none.out, "No help available for the specified topic.\n");
  const notUnion = run("help", join(root, "pkg", "example.schema.json"));
  assert.equal(notUnion.code, 1);
  assert.match(notUnion.err, /NOT_ACTION_UNION/);
});

test("usage and parse work on an action union: actions, one action, subcommands", () => {
  const file = join(root, "pkg", "example-actions.schema.json");
  const list = run("usage", file, "--name", "docker");
  assert.equal(list.code, 0, list.err);
  assert.match(list.out, /Actions:\n  list +List containers/);
  const one = run("usage", file, "--name", "docker", "--topic", "logs");
  assert.match(one.out, /^Usage: docker logs <options>/);
  const parsed = run("parse", file, "--", "logs", "--id", "c1");
  assert.deepEqual(JSON.parse(parsed.out).data, { action: "logs", id: "c1" });
});

test("a schema whose keys make no flag names: inspect and check work, flags, usage and parse say why", () => {
  const file = join(dir, "first-name.json");
  writeFileSync(file, JSON.stringify({ type: "object", properties: { "First Name": { type: "string" }, age: { type: "integer" } } }));
  const inspect = run("inspect", file);
  assert.equal(inspect.code, 0, inspect.err);
  assert.deepEqual(Object.keys(JSON.parse(inspect.out).properties), ["First Name", "age"]);
  const checked = run("check", file, "--client", "openai");
  assert.equal(checked.code, 0, checked.err);
  const flags = run("flags", file);
  assert.equal(flags.code, 1);
  assert.equal(flags.out, "");
  assert.match(flags.err, /^toolshape: INVALID_FLAG_NAME: the key path \["First Name"\]/);
  const usage = run("usage", file);
  assert.equal(usage.code, 1);
  assert.equal(usage.out, "");
  assert.match(usage.err, /^toolshape: INVALID_FLAG_NAME: the key path \["First Name"\] gives the flag name "first name"/);
  const parse = run("parse", file, "--", "--age", "3");
  assert.equal(parse.code, 1);
  assert.match(parse.err, /INVALID_FLAG_NAME/);
  // An empty table of a schema with no keys is still an answer.
  const empty = join(dir, "empty.json");
  writeFileSync(empty, JSON.stringify({ type: "object", properties: {} }));
  assert.deepEqual(JSON.parse(run("flags", empty).out), []);
});

test("tour (npm start) shows the whole job on the example, each part labelled, in one screen", () => {
  const r = run("tour");
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trimEnd().split("\n");
  assert.ok(lines.length <= 50, `${lines.length} lines`);
  const labels = lines.filter((line) => /^\d\. /.test(line));
  assert.deepEqual(labels.map((line) => line.slice(0, 2)), ["1.", "2.", "3.", "4."]);
  // Two clients' schemas and what differs: gemini reads nullable, not a type list.
  assert.match(r.out, /inputSchema claude-code gets/);
  assert.match(r.out, /gemini gets the same tool with \d+ changes/);
  assert.match(r.out, /\n {3}~ \/properties\/notify\/type: \["string","null"\] -> "string"\n/);
  assert.match(r.out, /\n {3}\+ \/properties\/notify\/nullable: true\n/);
  // The usage, a parse into nested arguments, a repair with each change said.
  assert.match(r.out, /\n {3}Usage: deploy <options>\n/);
  assert.match(r.out, /--config-timeout <number>/);
  assert.match(r.out, /\n {3}\{"service":"api","tags":\["blue","eu"\],"config":\{"timeout":5,"registry":\{"url":"https:\/\/registry\.example"\}\}\}\n/);
  assert.match(r.out, /\n {3}\{"service":"api","replicas":3,"config":\{"timeout":5\}\}\n/);
  assert.match(r.out, /\n {3}replicas: "3" -> 3\n/);
  assert.equal(run("tour", "x.json").code, 2);
});

test("tour's differences name each added, removed and changed path", async () => {
  const { differences } = createRequire(import.meta.url)("../pkg/bin/tour.cjs");
  assert.deepEqual(differences({ a: 1, b: { c: [1] }, d: true }, { a: 1, b: { c: [2], e: null } }), ["~ /b/c: [1] -> [2]", "+ /b/e: null", "- /d"]);
  assert.deepEqual(differences({ a: [1, { x: 1 }] }, { a: [1, { x: 1 }] }), []);
});

test("the bin: --help in the argv to parse prints the usage (exit 0), an unknown command gets the one meant, a .ts module the way out, and check's exit code means a client is served nothing", () => {
  const help = run("parse", "--", "--help");
  assert.equal(help.code, 0, help.err);
  assert.match(help.out, /^Usage: deploy <options>/);
  assert.doesNotMatch(help.out + help.err, /HELP_REQUESTED/);
  const typo = run("inpsect");
  assert.equal(typo.code, 2);
  assert.match(typo.err, /unknown command "inpsect"; did you mean "inspect"\?/);
  const ts = join(dir, "schema.ts");
  writeFileSync(ts, "export default { type: 'object' };\n");
  const typed = run("inspect", "--zod", ts);
  if (Number(process.versions.node.split(".")[0]) < 22) {
    assert.equal(typed.code, 1);
    assert.match(typed.err, /does not run TypeScript; use Node 22\.18 or later/);
  }
  // A record: the strict profiles refuse it, and their clients get the non-strict schema: no failure.
  const record = join(dir, "record.json");
  writeFileSync(record, JSON.stringify({ type: "object", properties: { labels: { type: "object", additionalProperties: { type: "string" } } } }));
  const kept = run("check", record);
  assert.equal(kept.code, 0, kept.out);
  assert.match(kept.out, /every client takes it \(openai-strict gets its openai schema; anthropic-strict gets its anthropic schema, not strict\)/);
  // A key no client but the spec takes: refused, exit 1, saying by whom.
  const spaced = join(dir, "spaced.json");
  writeFileSync(spaced, JSON.stringify({ type: "object", properties: { "First Name": { type: "string" } } }));
  const refused = run("check", spaced);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /refused by portable, .*: a registry leaves the tool out of their lists \(exit 1\)/);
  assert.equal(run("check", spaced, "--client", "openai").code, 0);
});
