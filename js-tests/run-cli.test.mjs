// runCli for a tool, a grouped tool and a registry: subcommands as words,
// usage on --help (exit 0), argument and validation errors in flag terms,
// all at once (exit 2), a handler's error (exit 1), never process.exit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { compile, createRegistry, defineGroup, defineTool } = cjs;

function io() {
  const seen = { out: "", err: "" };
  return { seen, io: { stdout: (t) => (seen.out += t), stderr: { write: (t) => (seen.err += t) }, env: {} } };
}

const deploy = defineTool({
  name: "deploy",
  description: "Deploy a service",
  input: z.object({ service: z.string(), config: z.object({ timeout: z.number().int().min(1) }).optional(), replicas: z.number().max(9).optional() }),
  handler: async (args) => (args.service === "boom" ? { content: [{ type: "text", text: "it broke" }], isError: true } : `deployed ${args.service}`),
});
const platform = defineGroup({
  name: "platform",
  common: z.object({ workspace: z.string() }),
  groups: {
    users: { actions: { create: { description: "Create a user", input: z.object({ email: z.string().email() }), handler: async (args) => `created ${args.email} in ${args.workspace}` }, list: { readOnly: true, handler: () => "[]" } } },
  },
});

test("a tool: runs, prints, exits 0; usage on --help", async () => {
  const { seen, io: streams } = io();
  assert.equal(await deploy.runCli(["--service", "api"], streams), 0);
  assert.equal(seen.out, "deployed api\n");
  const help = io();
  assert.equal(await deploy.runCli(["--help"], help.io), 0);
  assert.match(help.seen.out, /^Usage: deploy <options>/);
});

test("a key Zod marks deprecated: parsed as any other, [deprecated] in usage, not completed, kept in the MCP schema", async () => {
  const input = z.object({
    host: z.string().optional().describe("Host to reach"),
    server: z.string().optional().describe("Use --host").meta({ deprecated: true }),
    legacy: z.object({ mode: z.enum(["tcp", "udp"]) }).optional().meta({ deprecated: true }),
  });
  const connect = defineTool({ name: "connect", input, handler: (args) => JSON.stringify(args) });
  const { seen, io: streams } = io();
  assert.equal(await connect.runCli(["--server", "a", "--legacy-mode", "udp"], streams), 0);
  assert.equal(seen.out, '{"server":"a","legacy":{"mode":"udp"}}\n');
  // Warned of on stderr, once each, then run; not when the arguments are refused.
  assert.equal(seen.err, "warning: --server is deprecated\nwarning: --legacy-mode is deprecated\n");
  const refused = io();
  assert.equal(await connect.runCli(["--server", "a", "--legacy-mode", "ftp"], refused.io), 2);
  assert.doesNotMatch(refused.seen.err, /warning/);
  const plain = io();
  assert.equal(await connect.runCli(["--host", "a"], plain.io), 0);
  assert.equal(plain.seen.err, "");
  assert.deepEqual(compile(input).deprecatedIn(["--host", "h", "--server=s", "--", "--legacy-mode"]), [{ flag: "--server" }]);
  assert.throws(() => compile(input).deprecatedIn("--server"), (e) => e.code === "INVALID_ARGS" && /^argv/.test(e.message));
  const help = io();
  assert.equal(await connect.runCli(["--help"], help.io), 0);
  assert.match(help.seen.out, /--server <string> +Use --host \[deprecated\]\n/);
  assert.match(help.seen.out, /--legacy-mode <tcp\|udp> +\[deprecated\]\n/);
  assert.match(help.seen.out, /--host <string> +Host to reach\n/);
  const completed = io();
  assert.equal(await connect.runCli(["--toolshape-complete", "fish", "--"], completed.io), 0);
  assert.equal(completed.seen.out, "--host\tHost to reach\n--help\tShow help\n");
  assert.deepEqual(compile(input).flags().map((f) => [f.name, f.deprecated]), [["host", undefined], ["server", true], ["legacy-mode", true]]);
  assert.equal(connect.definition().inputSchema.properties.server.deprecated, true);
});

test("a deprecated flag's message (the cli meta or options.flags) in usage, flags(), deprecatedIn and the warning", async () => {
  const input = z.object({
    host: z.string().optional(),
    server: z.string().optional().meta({ deprecated: true, cli: { deprecated: "use --host" } }),
    port: z.number().int().optional(),
  });
  const connect = defineTool({ name: "connect", input, handler: () => "ok" });
  const run = io();
  assert.equal(await connect.runCli(["--server", "a"], run.io), 0);
  assert.equal(run.seen.err, "warning: --server is deprecated: use --host\n");
  const help = io();
  assert.equal(await connect.runCli(["--help"], help.io), 0);
  assert.match(help.seen.out, /--server <string> +\[deprecated: use --host\]\n/);
  const tool = compile(input, { flags: { port: { deprecated: "give it in --host" } } });
  assert.deepEqual(tool.flags().map((f) => [f.name, f.deprecated]), [["host", undefined], ["server", "use --host"], ["port", "give it in --host"]]);
  assert.deepEqual(tool.deprecatedIn(["--port", "1", "--server", "s"]), [{ flag: "--server", message: "use --host" }, { flag: "--port", message: "give it in --host" }]);
  // The MCP schema keeps JSON Schema's boolean; the message is the command line's.
  assert.equal(connect.definition().inputSchema.properties.server.deprecated, true);
  assert.ok(!JSON.stringify(connect.definition()).includes("use --host"));
  // A message must be text on one line: it goes inside usage's brackets and after a warning.
  for (const bad of ["", "use\n--host", 2]) {
    assert.throws(
      () => compile(input, { flags: { port: { deprecated: bad } } }),
      (e) => e.code === "INVALID_OPTION" && /"deprecated": expected true, false or a message/.test(e.message),
    );
  }
});

test("argv errors and the validator's issues, in flag terms, all at once (exit 2)", async () => {
  const { seen, io: streams } = io();
  assert.equal(await deploy.runCli(["--service", "api", "--config-timeout", "0", "--replicas", "10"], streams), 2);
  assert.equal(seen.err, "--config-timeout: Too small: expected number to be >=1\n--replicas: Too big: expected number to be <=9\nRun with --help for usage.\n");
  const both = io();
  assert.equal(await deploy.runCli(["--service", "api", "--config-timeout", "x", "--replicas", "10"], both.io), 2);
  assert.equal(both.seen.err, '--config-timeout expects an integer, got "x"\n--replicas: Too big: expected number to be <=9\nRun with --help for usage.\n');
  assert.equal(both.seen.out, "");
  // A missing required flag is one issue (not also the validator's "expected string").
  const missing = io();
  assert.equal(await deploy.runCli(["--config-timeout", "x", "--replicas", "10"], missing.io), 2);
  assert.equal(missing.seen.err, '--config-timeout expects an integer, got "x"\nmissing required flag --service\n--replicas: Too big: expected number to be <=9\nRun with --help for usage.\n');
  const grouped = io();
  assert.equal(await platform.runCli(["users", "create", "--email", "nope"], grouped.io), 2);
  assert.equal(grouped.seen.err, "missing required flag --workspace\n--email: Invalid email address\nRun with --help for usage.\n");
});

test("io takes env, stdout, stderr, stdin, extra and config: another key is refused, with the one meant", async () => {
  const registry = createRegistry([deploy, platform]);
  const written = [];
  for (const run of [(io) => deploy.runCli(["--service", "api"], io), (io) => platform.runCli(["users", "list", "--workspace", "w"], io), (io) => registry.runCli(["deploy", "--service", "api"], io)]) {
    await assert.rejects(run({ stdOut: (t) => written.push(t) }), (e) => e.code === "INVALID_OPTION" && e.message === 'unknown runCli io option "stdOut"; did you mean "stdout"? (options: env, stdout, stderr, stdin, extra, config)');
    await assert.rejects(run({ environment: {} }), (e) => e.code === "INVALID_OPTION" && /^unknown runCli io option "environment"/.test(e.message));
    await assert.rejects(run("quiet"), (e) => e.code === "INVALID_OPTION");
    assert.equal(await run({ stdout: (t) => written.push(t), extra: { user: "u" } }), 0);
  }
  assert.deepEqual(written, ["deployed api\n", "[]\n", "deployed api\n"]);
});

test("an error result exits 1", async () => {
  const { seen, io: streams } = io();
  assert.equal(await deploy.runCli(["--service", "boom"], streams), 1);
  assert.equal(seen.err, "it broke\n");
});

test("a grouped tool: keys are words; a first word alone lists what follows", async () => {
  const { seen, io: streams } = io();
  assert.equal(await platform.runCli(["users", "create", "--email", "a@b.co", "--workspace", "w"], streams), 0);
  assert.equal(seen.out, "created a@b.co in w\n");
  const bad = io();
  assert.equal(await platform.runCli(["users", "create", "--email", "nope", "--workspace", "w"], bad.io), 2);
  assert.equal(bad.seen.err, "--email: Invalid email address\nRun with --help for usage.\n");
  const word = io();
  assert.equal(await platform.runCli(["users"], word.io), 2);
  assert.match(word.seen.err, /^"users" needs a second word: create, list\n/);
  const help = io();
  assert.equal(await platform.runCli(["users", "--help"], help.io), 0);
  assert.match(help.seen.out, /^Usage: platform users <action> \[options\]\n\nActions:\n  create +Create a user\n  list\n/);
});

test("a registry: the tool name first, then as for one tool", async () => {
  const registry = createRegistry([deploy, platform], { name: "ops" });
  const { seen, io: streams } = io();
  assert.equal(await registry.runCli(["platform", "users", "create", "--workspace", "w", "--email", "a@b.co"], streams), 0);
  assert.equal(seen.out, "created a@b.co in w\n");
  const one = io();
  assert.equal(await registry.runCli(["deploy", "--service", "api"], one.io), 0);
  assert.equal(one.seen.out, "deployed api\n");
  const list = io();
  assert.equal(await registry.runCli(["--help"], list.io), 0);
  assert.match(list.seen.out, /^Usage: ops <command> \[options\]\n\nCommands:\n  deploy/);
  const typo = io();
  assert.equal(await registry.runCli(["deplyo"], typo.io), 2);
  assert.match(typo.seen.err, /deploy/);
  const mixed = io();
  assert.equal(await registry.runCli(["deploy", "--service", "api", "--config-timeout", "x", "--replicas", "10"], mixed.io), 2);
  assert.match(mixed.seen.err, /--config-timeout expects an integer, got "x"\n--replicas: Too big/);
});

test("a registry: a tool whose name cannot be typed as a command word is left out of the command line only", async () => {
  const spaced = defineTool({ name: "search web", input: z.object({ q: z.string() }), handler: async (args) => `found ${args.q}` });
  const heard = [];
  const registry = createRegistry([spaced, deploy], { name: "ops", onRefused: (refusal) => heard.push(refusal) });
  // The others run, and the usage lists only them (and the registry's completion word).
  const one = io();
  assert.equal(await registry.runCli(["deploy", "--service", "api"], one.io), 0);
  assert.equal(one.seen.out, "deployed api\n");
  const list = io();
  assert.equal(await registry.runCli(["--help"], list.io), 0);
  assert.match(list.seen.out, /Commands:\n  deploy +Deploy a service\n  completion +Print the shell completion script: completion bash\|zsh\|fish\n\n/);
  // Told once, as a client's refusal is, with the core's reason.
  assert.equal(heard.length, 1);
  assert.equal(heard[0].tool, "search web");
  assert.equal(heard[0].client, "cli");
  assert.ok(heard[0].error instanceof cjs.ToolshapeError);
  assert.equal(heard[0].error.code, "INVALID_OPTION");
  // Typed anyway (quoted), it says why; over MCP the tool is served as before.
  const typed = io();
  assert.equal(await registry.runCli(["search web", "--q", "x"], typed.io), 2);
  assert.equal(typed.seen.err, `tool "search web" cannot be run from the command line, only over MCP: the command name "search web" holds characters other than letters, digits, '-', '_' and '.'\n`);
  assert.equal(typed.seen.out, "");
  assert.deepEqual(await registry.call("search web", { q: "x" }), { content: [{ type: "text", text: "found x" }] });
  assert.deepEqual(registry.list().map((t) => t.name), ["search web", "deploy"]);
  // With no tool left for a command line, runCli refuses, naming why.
  const dashed = defineTool({ name: "-x", input: z.object({}), handler: () => "x" });
  await assert.rejects(createRegistry([spaced, dashed]).runCli(["x"], io().io), (e) => e.code === "INVALID_OPTION" && /no tool of this registry can be run from a command line: the command name "search web" holds .* \(and 1 more\)$/.test(e.message));
});

test("a registry: a tool with no command line is named at the start and answers why when its word is typed, exit 2; a tool named __proto__ is a command like any other", async () => {
  const notion = defineTool({ name: "notion", input: z.object({ "First Name": z.string() }), handler: async () => "never" });
  const proto = defineTool({ name: "__proto__", input: z.object({ q: z.string() }), handler: async (args) => `proto ${args.q}` });
  const registry = createRegistry([notion, proto, deploy], { name: "ops" });
  const refused = io();
  assert.equal(await registry.runCli(["notion", "--first-name", "x"], refused.io), 2);
  assert.match(refused.seen.err, /^note: tool "notion" has no command line, only MCP: the key path \["First Name"\] gives the flag name "first name"/);
  assert.match(refused.seen.err, /\ntool "notion" cannot be run from the command line, only over MCP: the key path \["First Name"\] gives the flag name "first name"/);
  const one = io();
  assert.equal(await registry.runCli(["deploy", "--service", "api"], one.io), 0);
  assert.equal(one.seen.out, "deployed api\n");
  const odd = io();
  assert.equal(await registry.runCli(["__proto__", "--q", "x"], odd.io), 0);
  assert.equal(odd.seen.out, "proto x\n");
  assert.equal(Object.prototype.q, undefined);
  const list = io();
  assert.equal(await registry.runCli(["--help"], list.io), 0);
  assert.match(list.seen.out, /Commands:\n  __proto__\n  deploy +Deploy a service\n/);
  assert.match(list.seen.err, /^note: tool "notion" has no command line, only MCP: /);
});

test("a deprecated tool (its input's deprecated: true, with a message in the cli meta): listed, not completed, warned of, still run", async () => {
  const deploy = defineTool({ name: "deploy", description: "Deploy a service", input: z.object({ service: z.string() }), handler: (a) => `deployed ${a.service}` });
  const input = z.object({ service: z.string() }).meta({ deprecated: true, cli: { deprecated: "use deploy" } });
  const ship = defineTool({ name: "ship", description: "Deploy, the old way. Kept for scripts.", input, handler: (a) => `shipped ${a.service}` });
  const ops = createRegistry([deploy, ship], { name: "ops" });
  const list = io();
  assert.equal(await ops.runCli(["--help"], list.io), 0);
  assert.match(list.seen.out, /\n {2}ship +Deploy, the old way\. \[deprecated: use deploy\]\n/);
  const completed = io();
  assert.equal(await ops.runCli(["--toolshape-complete", "fish", ""], completed.io), 0);
  assert.deepEqual(completed.seen.out.split("\n").map((l) => l.split("\t")[0]), ["deploy", "help", "completion", ""]);
  const run = io();
  assert.equal(await ops.runCli(["ship", "--service", "a"], run.io), 0);
  assert.deepEqual([run.seen.out, run.seen.err], ["shipped a\n", 'warning: the command "ship" is deprecated: use deploy\n']);
  const alone = io();
  assert.equal(await ship.runCli(["--service", "b"], alone.io), 0);
  assert.equal(alone.seen.err, 'warning: the command "ship" is deprecated: use deploy\n');
  const own = io();
  assert.equal(await ops.runCli(["ship", "--help"], own.io), 0);
  assert.match(own.seen.out, /^Usage: ops ship <options>\n\nDeprecated: use deploy\n\nDeploy, the old way\. Kept for scripts\.\n/);
  // MCP clients see JSON Schema's boolean on the root; the message is the command line's.
  const listed = ops.list();
  assert.deepEqual(listed.map((t) => t.inputSchema.deprecated), [undefined, true]);
  assert.ok(!JSON.stringify(listed).includes("use deploy"));
  assert.deepEqual(compile(input, { name: "ship" }).deprecatedIn([]), [{ command: "ship", message: "use deploy" }]);
});

test("a counted flag (-vvv) through parseArgv, toArgv, fromFlagValues, usage and a definition's command line", async () => {
  const input = z.object({
    verbose: z.number().int().min(0).max(3).optional().meta({ cli: { short: "v", count: true } }),
    name: z.string().optional(),
  });
  const tool = compile(input, { name: "app" });
  assert.deepEqual(tool.parseArgv(["-vvv", "--name", "x"]), { verbose: 3, name: "x" });
  assert.deepEqual(tool.parseArgv(["-v", "--verbose=2"]), { verbose: 3 });
  assert.deepEqual(tool.safeParseArgv(["-v"]), { success: true, data: { verbose: 1 }, rest: [] });
  assert.deepEqual(tool.toArgv({ verbose: 2 }), ["--verbose=2"]);
  assert.deepEqual(tool.fromFlagValues({ verbose: "2" }), { verbose: 2 });
  assert.equal(tool.flags()[0].count, true);
  assert.match(tool.usage(), /\n {2}-v, --verbose +\[count\]\n/);
  const run = defineTool({ name: "app", input, handler: (args) => JSON.stringify(args) });
  let [out, err] = ["", ""];
  const both = { stdout: (t) => (out += t), stderr: (t) => (err += t) };
  assert.equal(await run.runCli(["-vv"], both), 0);
  assert.equal(out, '{"verbose":2}\n');
  // Its bounds are the validator's: four is too many.
  [out, err] = ["", ""];
  assert.equal(await run.runCli(["-vvvv"], both), 2);
  assert.match(err, /^--verbose: Too big/);
  assert.throws(() => compile(z.object({ v: z.string().meta({ cli: { count: true } }) })).parseArgv([]), (e) => e.code === "INVALID_OPTION" && /--v cannot be counted/.test(e.message));
});

test("an alias: another long name for a flag, through parseArgv, a definition's command line and usage", async () => {
  const input = z.object({
    host: z.string().optional().meta({ cli: { aliases: ["server", "srv"] } }),
    dryRun: z.boolean().optional(),
  });
  const tool = compile(input, { name: "app", flags: { "dry-run": { aliases: ["dry"] } } });
  assert.deepEqual(tool.parseArgv(["--srv", "a", "--no-dry"]), { host: "a", dryRun: false });
  assert.deepEqual(tool.parseArgv(["--server=b", "--dry"]), { host: "b", dryRun: true });
  assert.deepEqual(tool.toArgv({ host: "a" }), ["--host", "a"]);
  assert.deepEqual(tool.flags().map((f) => f.aliases), [["server", "srv"], ["dry"]]);
  assert.match(tool.usage(), /--host <string> +\[aliases: --server, --srv\]\n/);
  const run = defineTool({ name: "app", input, handler: (args) => JSON.stringify(args) });
  let out = "";
  assert.equal(await run.runCli(["--server", "x"], { stdout: (t) => (out += t) }), 0);
  assert.equal(out, '{"host":"x"}\n');
  assert.throws(
    () => compile(input, { flags: { "dry-run": { aliases: ["host"] } } }).parseArgv([]),
    (e) => e.code === "FLAG_COLLISION" && /give the alias another name/.test(e.message),
  );
});

test("a deprecated alias: the old name after a rename parses and is warned of", async () => {
  const input = z.object({ host: z.string().meta({ cli: { aliases: [{ name: "server", deprecated: "use --host" }] } }) });
  const connect = defineTool({ name: "connect", input, handler: (args) => args.host });
  const seen = io();
  assert.equal(await connect.runCli(["--server", "a"], seen.io), 0);
  assert.deepEqual([seen.seen.out, seen.seen.err], ["a\n", "warning: --server is deprecated: use --host\n"]);
  const quiet = io();
  assert.equal(await connect.runCli(["--host", "a"], quiet.io), 0);
  assert.equal(quiet.seen.err, "");
  assert.deepEqual(compile(input).flags()[0].aliases, [{ name: "server", deprecated: "use --host" }]);
});

test("a nullable object is a group of flags: optional (Zod's .nullish(), pydantic's Optional[Model] = None) left out, required (.nullable()) null, when none is given; through both parse paths, toArgv and a definition's command line", async () => {
  const input = z.object({
    name: z.string(),
    filter: z.object({ field: z.string(), value: z.number().int().optional() }).nullish(),
    must: z.object({ a: z.string() }).nullable(),
    fallback: z.object({ a: z.string() }).nullable().default({ a: "d" }),
  });
  const tool = compile(input);
  assert.deepEqual(
    tool.flags().map((f) => f.name),
    ["name", "filter-field", "filter-value", "must-a", "fallback"],
    "one whose default is an object stays one JSON flag, which takes its null",
  );
  const both = (argv) => {
    const fast = tool.parseArgv(argv);
    assert.deepEqual(tool.parseArgv(argv, { partial: true }), fast, "the general path agrees with the fast one");
    return fast;
  };
  const argv = ["--name", "x", "--filter-field", "f", "--filter-value", "3"];
  const data = both(argv);
  assert.deepEqual(data, { name: "x", filter: { field: "f", value: 3 }, must: null });
  assert.deepEqual(tool.toArgv(data), argv, "the required null is no flag given");
  assert.deepEqual(both(["--name", "x", "--must-a", "m", "--fallback", "null"]), { name: "x", must: { a: "m" }, fallback: null });
  assert.deepEqual(tool.toArgv({ name: "x", must: { a: "m" }, fallback: null }), ["--name", "x", "--must-a", "m", "--fallback", "null"]);
  assert.throws(() => tool.toArgv({ name: "x", filter: null, must: null }), (e) => e.code === "UNREPRESENTABLE" && /null for an optional nullable group of flags/.test(e.message));
  assert.throws(() => tool.toArgv({ name: "x" }), (e) => e.code === "UNREPRESENTABLE" && /absent on the command line means null/.test(e.message));
  assert.throws(() => tool.toArgv({ name: "x", must: {} }), (e) => e.code === "UNREPRESENTABLE" && /with no flag given it is null/.test(e.message));
  // The same through a FastMCP server's listing: a $ref in an anyOf with null, defaulting to null.
  const listed = compile({
    $defs: { Filter: { title: "Filter", type: "object", properties: { field: { type: "string" } }, required: ["field"] } },
    type: "object",
    properties: { filter: { anyOf: [{ $ref: "#/$defs/Filter" }, { type: "null" }], default: null } },
  });
  assert.deepEqual(listed.parseArgv(["--filter-field", "f"]), { filter: { field: "f" } });
  const seen = [];
  const def = defineTool({ name: "find", input, handler: async (args) => (seen.push(args), "ok") });
  const { seen: out, io: streams } = io();
  assert.equal(await def.runCli(["--name", "x", "--filter-field", "f"], streams), 0, out.err);
  assert.deepEqual(seen, [{ name: "x", filter: { field: "f" }, must: null, fallback: { a: "d" } }]);
  const missing = io();
  assert.equal(await def.runCli(["--name", "x", "--filter-value", "2", "--must-a", "m"], missing.io), 2);
  assert.match(missing.seen.err, /missing required flag --filter-field \(needed once any --filter-\* flag is given\)/);
});

test("a required key that takes null (OpenAI strict's .nullable() for a key left out) is null when its flag is not given, on both parse paths, in toArgv, usage and a definition's command line", async () => {
  const input = z.object({ name: z.string(), email: z.string().nullable(), age: z.number().int().nullable(), tags: z.array(z.string()).nullable(), cfg: z.object({ a: z.string(), b: z.number().nullable() }).optional(), force: z.boolean().nullable() });
  const tool = compile(input);
  const byName = Object.fromEntries(tool.flags().map((f) => [f.name, f]));
  assert.equal(byName.email.required, false);
  assert.equal(byName.name.required, true);
  assert.doesNotMatch(tool.usage().split("\n").find((l) => l.includes("--email")), /required/);
  const nulls = { email: null, age: null, tags: null, force: false };
  assert.deepEqual(tool.parseArgv(["--name", "x"]), { name: "x", ...nulls }, "a nullable boolean stays a switch");
  assert.deepEqual(tool.parseArgv(["--name", "x"], { partial: true }), { name: "x", ...nulls });
  assert.deepEqual(tool.parseArgv(["--name", "x", "--cfg-a", "y"]), { name: "x", ...nulls, cfg: { a: "y", b: null } }, "inside a given object too");
  assert.deepEqual(tool.parseArgv(["--name", "x", "--age", "3", "--tags", "a"]), { name: "x", ...nulls, age: 3, tags: ["a"] });
  assert.deepEqual(tool.parseArgv(["--name", "x", "--email", "null"]).email, null, "still typed outright");
  assert.deepEqual(compile(input, { envPrefix: "APP" }).parseArgv(["--name", "x"], { env: { APP_EMAIL: "e" } }).email, "e", "the environment first");
  assert.deepEqual(tool.toArgv({ name: "x", ...nulls, age: 3 }), ["--name", "x", "--age", "3", "--no-force"]);
  assert.throws(() => tool.toArgv({ name: "x", age: null, tags: null, force: false }), (e) => e.code === "UNREPRESENTABLE" && /absent on the command line means null/.test(e.message));
  const seen = [];
  const def = defineTool({ name: "who", input, handler: async (args) => (seen.push(args), "ok") });
  const { seen: out, io: streams } = io();
  assert.equal(await def.runCli(["--name", "x"], streams), 0, out.err);
  assert.deepEqual(seen, [{ name: "x", ...nulls }]);
});

test("a one-or-many union (z.union([z.string(), z.array(z.string())])) gathers a repeated flag, as yargs does, on both parse paths, in usage, toArgv and a definition's command line", async () => {
  const input = z.object({ ids: z.union([z.string(), z.array(z.string())]), sizes: z.union([z.number().int(), z.array(z.number().int())]).optional() });
  const tool = compile(input);
  const both = (argv) => {
    const fast = tool.parseArgv(argv);
    assert.deepEqual(tool.parseArgv(argv, { partial: true }), fast, "the general path agrees with the fast one");
    return fast;
  };
  assert.deepEqual(both(["--ids", "a"]), { ids: "a" }, "once: the value as typed");
  assert.deepEqual(both(["--ids", "a", "--ids", "b", "--sizes", "1", "--sizes", "2"]), { ids: ["a", "b"], sizes: [1, 2] });
  assert.deepEqual(both(["--ids", "a", "--ids", '["b","c"]']), { ids: ["a", "b", "c"] }, "a list given adds its items");
  assert.match(tool.usage(), /--ids <string>\.\.\. +\(required\)\n/);
  // flags() says so, for a caller writing its own help.
  assert.deepEqual(
    tool.flags().map((f) => [f.name, f.gathers]),
    [["ids", true], ["sizes", true]],
  );
  assert.equal(compile(z.object({ one: z.string(), many: z.array(z.string()) })).flags().some((f) => "gathers" in f), false);
  assert.deepEqual(tool.toArgv({ ids: ["a", "b"] }), ["--ids", "a", "--ids", "b"]);
  assert.deepEqual(tool.toArgv({ ids: ["a"] }), ["--ids", '["a"]'], "one item stays a list");
  const seen = [];
  const def = defineTool({ name: "get", input, handler: async (args) => (seen.push(args), "ok") });
  const { seen: out, io: streams } = io();
  assert.equal(await def.runCli(["--ids", "a", "--ids", "b"], streams), 0, out.err);
  assert.deepEqual(seen, [{ ids: ["a", "b"] }]);
});

test("--json: the whole input as one JSON object (or from standard input), repaired and validated as an MCP call; a flag beside it is refused", async () => {
  const deploy = cjs.defineTool({
    name: "deploy",
    input: z.object({ service: z.string().min(1), config: z.object({ timeout: z.number().default(30) }).optional() }),
    handler: (args) => args,
  });
  const users = cjs.defineGroup({
    name: "users",
    actions: { create: { input: z.object({ email: z.string() }), handler: (args) => ({ created: args.email }) }, list: { readOnly: true, handler: () => ({ users: [] }) } },
  });
  const registry = cjs.createRegistry([deploy, users], { name: "ops" });
  const run = async (target, argv, stdin) => {
    const out = [];
    const err = [];
    const code = await target.runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin });
    return { code, out: out.join(""), err: err.join("") };
  };
  const given = await run(registry, ["deploy", "--json", '{"service":"api","config":"{\\"timeout\\":\\"5\\"}"}']);
  assert.equal(given.code, 0, given.err);
  assert.deepEqual(JSON.parse(given.out), { service: "api", config: { timeout: 5 } });
  // Standard input, and the = form.
  assert.deepEqual(JSON.parse((await run(registry, ["deploy", "--json", "-"], '{"service":"db"}')).out), { service: "db" });
  assert.deepEqual(JSON.parse((await run(deploy, ["--json={\"service\":\"web\"}"])).out), { service: "web" });
  // A group's action by its word, or in the JSON.
  assert.deepEqual(JSON.parse((await run(registry, ["users", "create", "--json", '{"email":"a@b"}'])).out), { created: "a@b" });
  assert.deepEqual(JSON.parse((await run(registry, ["users", "--json", '{"action":"create","email":"c@d"}'])).out), { created: "c@d" });
  // Refused: a flag beside it, no value; the tool's own refusal is its text, exit 1.
  const beside = await run(registry, ["deploy", "--json", '{"service":"api"}', "--service", "x"]);
  assert.equal(beside.code, 2);
  assert.match(beside.err, /--json takes the whole input: give --service inside the JSON/);
  assert.equal((await run(registry, ["deploy", "--json"])).code, 2);
  const invalid = await run(registry, ["deploy", "--json", '{"service":""}']);
  assert.equal(invalid.code, 1);
  assert.match(invalid.err, /service: Too small/);
  // After --, it is an argument like any other.
  assert.notEqual((await run(deploy, ["--service", "a", "--", "--json", "{}"])).out, "{}");
});

test("schema <tool> (a registry) and --schema (one tool) print the tool as MCP lists it, input and output schemas, for --client", async () => {
  const weather = cjs.defineTool({ name: "weather", input: z.object({ city: z.string(), at: z.iso.date().optional() }), output: z.object({ temp: z.number() }), handler: () => ({ temp: 1 }) });
  const registry = cjs.createRegistry([weather], { name: "w" });
  const run = async (target, argv) => {
    const out = [];
    const err = [];
    const code = await target.runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
    return { code, out: out.join(""), err: err.join("") };
  };
  const listed = await run(registry, ["schema", "weather", "--client", "gemini"]);
  assert.equal(listed.code, 0, listed.err);
  assert.deepEqual(JSON.parse(listed.out), weather.definition({ client: "gemini" }));
  assert.equal(JSON.parse(listed.out).outputSchema.properties.temp.type, "number");
  const own = await run(weather, ["--schema"]);
  assert.deepEqual(JSON.parse(own.out), weather.definition());
  assert.equal((await run(registry, ["schema", "nope"])).code, 2);
  assert.equal((await run(registry, ["schema", "weather", "--client", "netscape"])).code, 2);
});
