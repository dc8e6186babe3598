// Run by js-tests/runtimes.test.mjs under Node, Bun and Deno: everything a
// user does with the package, hostile input included, written out as one
// JSON report. The test holds every runtime's report to Node's, so an
// engine difference (JavaScriptCore's JSON, its errors, its TextDecoder)
// shows as a diff. Error messages that quote the engine's own words are
// reported by code alone.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { check, compile, compileCommands, completionScript, createNameTable, formatActionHelpJson, formatActionHelpMarkdown, actionHelp, parseToolIdentifier, repair } from "../pkg/index.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const report = {};

function outcome(fn, { engineWorded = false } = {}) {
  try {
    return { value: fn() };
  } catch (error) {
    return engineWorded ? { name: error.name, code: error.code } : { name: error.name, code: error.code, message: error.message, issues: error.issues };
  }
}

/** A safeParseArgv result with its error's name, code, message and issues written out. */
function plain(result) {
  if (result.success) return result;
  const { name, code, message, issues } = result.error;
  return { ...result, error: { name, code, message, issues } };
}

// Every Zod fixture, as Zod 4 wrote it for MCP: the schema for three
// clients, the flag table, usage, and example arguments to argv and back.
const dir = join(root, "tests", "fixtures", "zod");
for (const file of readdirSync(dir).sort()) {
  const { name, variants } = JSON.parse(readFileSync(join(dir, file), "utf8"));
  report[name] = outcome(() => {
    const tool = compile(variants["draft-2020-12/input"], { name });
    try {
      const args = {};
      const flags = tool.flags();
      return {
        mcp: tool.inputSchema(),
        strict: outcome(() => tool.inputSchema({ client: "openai-strict" })),
        gemini: outcome(() => tool.inputSchema({ client: "gemini" })),
        flags,
        usage: tool.usage({ width: 100 }),
        empty: outcome(() => tool.parseArgv([])),
        args: outcome(() => tool.toArgv(args)),
      };
    } finally {
      tool.free();
    }
  });
}

// The command line: parses (a NUL in argv among them), errors.
const deploy = compile(
  {
    type: "object",
    properties: {
      service: { type: "string", description: "Service to deploy" },
      replicas: { type: "integer", minimum: 1, default: 2 },
      config: { type: "object", properties: { timeout: { type: "number" }, region: { enum: ["eu", "us", "Zürich"] } } },
      tags: { type: "array", items: { type: "string" } },
      dryRun: { type: "boolean" },
    },
    required: ["service"],
  },
  { name: "deploy", envPrefix: "APP" },
);
report.parse = [
  ["--service", "api", "--config-timeout", "5", "--tags", "a", "--tags", "ünï", "--dry-run"],
  ["--service=a\u0000b", "--config-region", "Zürich"],
  ["--servce", "api", "--replicas", "0"],
  ["--service", "api", "--config-timeout", "soon", "--no-dry-run", "extra"],
  ["--service", "😀".repeat(3), "--", "rest", "--x"],
].map((argv) => plain(deploy.safeParseArgv(argv, { env: { APP_REPLICAS: "3" } })));
report.toArgv = outcome(() => deploy.toArgv({ service: "a b", config: { timeout: 1.5 }, tags: ["x", "-y"] }));
report.fromFlagValues = outcome(() => deploy.fromFlagValues({ service: "x", "config-timeout": "7" }));
report.commands = outcome(() => {
  const commands = compileCommands({ deploy, other: compile({ type: "object", properties: { n: { type: "number" } } }) }, { name: "ops" });
  return [plain(commands.safeParseArgv(["deploy", "--service", "s"])), plain(commands.safeParseArgv(["othr"])), commands.usage()];
});
report.complete = outcome(() => [deploy.complete(["--config-region", "Z"]), deploy.complete(["--c"]), deploy.complete(["\ud800", "--"]), completionScript("ops", "fish")]);

// Repair of what clients send: text for objects, numbers and booleans.
report.repair = outcome(() => repair(deploy, { service: "api", replicas: "3", config: '{"timeout":"9"}', tags: '["a"]', dryRun: "true" }));
report.repairWhole = outcome(() => repair(deploy, '{"service":"api","replicas":"4"}'));
report.check = outcome(() => check(deploy, "all"));

// Action unions: help in three forms.
const actions = JSON.parse(readFileSync(join(root, "pkg", "example-actions.schema.json"), "utf8"));
report.help = outcome(() => {
  const entries = actionHelp(actions);
  return { entries, markdown: formatActionHelpMarkdown(entries), json: formatActionHelpJson(entries) };
});

// Names for proxies.
report.names = outcome(() =>
  createNameTable(
    [
      { toolbox: "ops", server: "github.com", tool: "create issue" },
      { toolbox: "ops", server: "github.com", tool: "create-issue" },
      { toolbox: "x".repeat(80), server: "s", tool: "t" },
    ],
    { client: "openai" },
  ).entries(),
);
report.identifier = outcome(() => parseToolIdentifier({ toolbox: "a", server: "b", tool: "c" }));

// Hostile input: each a ToolshapeError, the module fine afterwards, no prototype touched.
const cyclic = { type: "object", properties: {} };
cyclic.properties.self = cyclic;
const nest = (depth) => {
  let node = { type: "string" };
  for (let i = 0; i < depth; i++) node = { type: "object", properties: { n: node } };
  return node;
};
let deepList = [];
for (let i = 0; i < 100000; i++) deepList = [deepList];
report.hostile = {
  cycle: outcome(() => compile(cyclic)),
  deep: outcome(() => compile(nest(100000))),
  deepArgs: outcome(() => compile({ type: "object", properties: { a: {} } }).repair({ a: deepList })),
  bigint: outcome(() => compile({ type: "object", properties: { a: { type: "integer", default: 10n } } }), { engineWorded: true }),
  notJson: outcome(() => compile('{"type":')),
  proto: outcome(() => compile({ type: "object", properties: JSON.parse('{"__proto__":{"type":"object","properties":{"polluted":{"type":"boolean"}}}}') }).flags()),
  protoParse: outcome(() => compile({ type: "object", properties: JSON.parse('{"__proto__":{"type":"object","properties":{"polluted":{"type":"boolean"}}}}') }).parseArgv(["--__proto__-polluted"])),
  protoRepair: outcome(() => repair(deploy, JSON.parse('{"service":"a","__proto__":{"polluted":"yes"}}'))),
  huge: outcome(() => compile(`{"type":"object","description":"${"x".repeat(17 * 1024 * 1024)}"}`)),
  polluted: [{}.polluted, Object.prototype.polluted],
  after: compile({ type: "object", properties: { ok: { type: "string" } } }).inputSchema(),
};

process.stdout.write(JSON.stringify(report));
