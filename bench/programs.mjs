// What a user waits for, in new processes, side by side with what they would
// otherwise run (issue "Renovation", item 4):
//
// - a command line of 10 nested flags, `--help` and one parse, written with
//   toolshape and Zod against the same program written with commander and
//   Zod by hand; what toolshape adds is held against what `require("zod")`
//   adds to a bare Node process, measured in the same run; the same program
//   on yargs + Zod is reported beside them (yargs loads more than commander);
// - an SDK McpServer with five tools, spawned until it answers `initialize`
//   and `tools/list`: served by a registry against the same tools on the
//   SDK's own `registerTool`.
//
// Candidates run alternately, one process each round; medians are reported.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const at = (name) => JSON.stringify(require.resolve(name));
const toolshape = JSON.stringify(fileURLToPath(new URL("../pkg/index.cjs", import.meta.url)));

/** The 10-flag program's schema, as both programs write it. */
const SCHEMA = `z.object({
  service: z.string().describe("Service to deploy"),
  replicas: z.number().int().min(1).default(1).describe("How many"),
  dryRun: z.boolean().optional().describe("Plan only"),
  tags: z.array(z.string()).optional().describe("Labels"),
  note: z.string().optional().describe("A note for the log"),
  config: z.object({
    timeout: z.number().positive().optional().describe("Seconds"),
    retries: z.number().int().optional().describe("Retries"),
    region: z.enum(["eu", "us"]).optional().describe("Region"),
    tls: z.object({ cert: z.string().optional().describe("Certificate"), verify: z.boolean().optional().describe("Verify peers") }).optional(),
  }).optional(),
})`;

/** What a program on commander or yargs does by hand after parsing into `o`: nest the flags, validate, print. */
const BY_HAND = `const tls = o.configTlsCert === undefined && o.configTlsVerify === undefined ? undefined : { cert: o.configTlsCert, verify: o.configTlsVerify };
const config = [o.configTimeout, o.configRetries, o.configRegion, tls].every((v) => v === undefined)
  ? undefined
  : { timeout: num(o.configTimeout), retries: num(o.configRetries), region: o.configRegion, tls };
const checked = Input.safeParse({ service: o.service, replicas: num(o.replicas), dryRun: o.dryRun, tags: o.tags, note: o.note, config });
if (!checked.success) { console.error(checked.error.message); process.exit(2); }
process.stdout.write(JSON.stringify(checked.data) + "\\n");`;

const PROGRAMS = {
  bare: "",
  zod: `require(${at("zod")});`,
  commander: `const { z } = require(${at("zod")});
const { Command, Option } = require(${at("commander")});
const Input = ${SCHEMA};
const program = new Command("deploy")
  .requiredOption("--service <name>", "Service to deploy")
  .option("--replicas <n>", "How many", "1")
  .option("--dry-run", "Plan only")
  .option("--tags <tag...>", "Labels")
  .option("--note <text>", "A note for the log")
  .option("--config-timeout <seconds>", "Seconds")
  .option("--config-retries <n>", "Retries")
  .addOption(new Option("--config-region <region>", "Region").choices(["eu", "us"]))
  .option("--config-tls-cert <path>", "Certificate")
  .option("--config-tls-verify", "Verify peers");
program.parse(process.argv);
const o = program.opts();
const num = (v) => (v === undefined ? undefined : Number(v));
${BY_HAND}`,
  yargs: `const { z } = require(${at("zod")});
const yargs = require(${at("yargs/yargs")});
const Input = ${SCHEMA};
const o = yargs(process.argv.slice(2)).scriptName("deploy").strict()
  .option("service", { type: "string", demandOption: true, describe: "Service to deploy" })
  .option("replicas", { type: "number", default: 1, describe: "How many" })
  .option("dry-run", { type: "boolean", describe: "Plan only" })
  .option("tags", { type: "array", string: true, describe: "Labels" })
  .option("note", { type: "string", describe: "A note for the log" })
  .option("config-timeout", { type: "number", describe: "Seconds" })
  .option("config-retries", { type: "number", describe: "Retries" })
  .option("config-region", { choices: ["eu", "us"], describe: "Region" })
  .option("config-tls-cert", { type: "string", describe: "Certificate" })
  .option("config-tls-verify", { type: "boolean", describe: "Verify peers" })
  .parse();
const num = (v) => v; // typed by yargs already
${BY_HAND}`,
  toolshape: `const { z } = require(${at("zod")});
const { compile } = require(${toolshape});
const Input = ${SCHEMA};
const parsed = compile(Input, { name: "deploy" }).safeParseArgv(process.argv.slice(2));
if (!parsed.success) {
  const help = parsed.error.code === "HELP_REQUESTED";
  (help ? process.stdout : process.stderr).write(parsed.error.message + "\\n");
  process.exit(help ? 0 : 2);
}
const checked = Input.safeParse(parsed.data);
if (!checked.success) { console.error(checked.error.message); process.exit(2); }
process.stdout.write(JSON.stringify(checked.data) + "\\n");`,
};

const PARSE = ["--service", "api", "--replicas", "3", "--dry-run", "--tags", "a", "--tags", "b", "--config-timeout", "2.5", "--config-region", "eu", "--config-tls-verify"];

const TOOLS = `const tools = [
  ["deploy", "Deploy a service", { service: z.string(), replicas: z.number().int().optional(), config: z.object({ timeout: z.number().optional(), region: z.enum(["eu", "us"]).optional() }).optional() }],
  ["logs", "Read a service's logs", { service: z.string(), lines: z.number().int().default(100), follow: z.boolean().optional() }],
  ["scale", "Scale a service", { service: z.string(), replicas: z.number().int().min(0) }],
  ["status", "A service's status", { service: z.string().optional(), verbose: z.boolean().optional() }],
  ["rollback", "Roll a service back", { service: z.string(), to: z.string().optional(), reason: z.string().optional() }],
];`;

const SERVERS = {
  registerTool: `import { z } from ${JSON.stringify(pathToFileURL(require.resolve("zod")).href)};
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
${TOOLS}
const server = new McpServer({ name: "ops", version: "1.0.0" });
for (const [name, description, shape] of tools) server.registerTool(name, { description, inputSchema: shape }, async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }));
await server.connect(new StdioServerTransport());`,
  registry: `import { z } from ${JSON.stringify(pathToFileURL(require.resolve("zod")).href)};
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createRegistry, defineTool } from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL("../pkg/index.mjs", import.meta.url))).href)};
${TOOLS}
const server = new McpServer({ name: "ops", version: "1.0.0" });
createRegistry(tools.map(([name, description, shape]) => defineTool({ name, description, input: z.object(shape), handler: async (args) => args }))).attach(server);
await server.connect(new StdioServerTransport());`,
};

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const signed = (ms) => `${ms >= 0 ? "+" : ""}${ms.toFixed(1)}`;

/** Wall time of a new process running `file` with `args`, in ms; throws when it fails. */
function timed(file, args) {
  const start = performance.now();
  const run = spawnSync(process.execPath, [file, ...args], { encoding: "utf8" });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${run.status}: ${run.stderr.slice(0, 400)}`);
  return { ms, out: run.stdout };
}

/** The command-line programs, each in new processes; returns medians by candidate and case. */
export function runCommandLine(rounds = 21) {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-programs-"));
  try {
    const files = {};
    for (const [name, text] of Object.entries(PROGRAMS)) writeFileSync((files[name] = join(dir, `${name}.cjs`)), text);
    // Both programs must answer the same: the parse's result, and a usage text.
    const same = [timed(files.commander, PARSE).out, timed(files.toolshape, PARSE).out, timed(files.yargs, PARSE).out];
    if (new Set(same).size !== 1) throw new Error(`the programs disagree:\n${same.join("")}`);
    const times = { bare: [], zod: [], commanderHelp: [], toolshapeHelp: [], yargsHelp: [], commanderParse: [], toolshapeParse: [], yargsParse: [] };
    for (let i = 0; i < rounds; i++) {
      times.bare.push(timed(files.bare, []).ms);
      times.zod.push(timed(files.zod, []).ms);
      times.commanderHelp.push(timed(files.commander, ["--help"]).ms);
      times.toolshapeHelp.push(timed(files.toolshape, ["--help"]).ms);
      times.yargsHelp.push(timed(files.yargs, ["--help"]).ms);
      times.commanderParse.push(timed(files.commander, PARSE).ms);
      times.toolshapeParse.push(timed(files.toolshape, PARSE).ms);
      times.yargsParse.push(timed(files.yargs, PARSE).ms);
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    const zodAdds = m.zod - m.bare;
    const adds = { help: m.toolshapeHelp - m.commanderHelp, parse: m.toolshapeParse - m.commanderParse };
    console.log(`\na 10-flag command line in a new process (median of ${rounds}, alternating)`);
    console.log(`  bare node ${m.bare.toFixed(1)} ms; require("zod") ${m.zod.toFixed(1)} ms: zod adds ${zodAdds.toFixed(1)} ms`);
    console.log(`  --help: commander + zod ${m.commanderHelp.toFixed(1)} ms, toolshape + zod ${m.toolshapeHelp.toFixed(1)} ms: toolshape adds ${adds.help.toFixed(1)} ms (${((100 * adds.help) / zodAdds).toFixed(0)}% of what zod adds)`);
    console.log(`  a parse: commander + zod ${m.commanderParse.toFixed(1)} ms, toolshape + zod ${m.toolshapeParse.toFixed(1)} ms: toolshape adds ${adds.parse.toFixed(1)} ms (${((100 * adds.parse) / zodAdds).toFixed(0)}% of what zod adds)`);
    console.log(`  on yargs + zod instead (reported): --help ${m.yargsHelp.toFixed(1)} ms, a parse ${m.yargsParse.toFixed(1)} ms; toolshape + zod takes ${signed(m.toolshapeHelp - m.yargsHelp)} and ${signed(m.toolshapeParse - m.yargsParse)} ms beside them`);
    return { zodAdds, adds, yargs: { help: m.toolshapeHelp - m.yargsHelp, parse: m.toolshapeParse - m.yargsParse } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spawns a server file and times it until it has answered initialize and tools/list. */
async function listOnce(file, Client, StdioClientTransport) {
  const start = performance.now();
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [file], stderr: "ignore" }));
  const { tools } = await client.listTools();
  const ms = performance.now() - start;
  await client.close();
  if (tools.length !== 5) throw new Error(`${file} listed ${tools.length} tools`);
  return ms;
}

/** The two servers, spawned alternately; returns their medians. */
export async function runServers(rounds = 15) {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  // Beside the package's own node_modules, so the servers resolve the SDK.
  const dir = mkdtempSync(join(fileURLToPath(new URL(".", import.meta.url)), ".servers-"));
  try {
    const files = {};
    for (const [name, text] of Object.entries(SERVERS)) writeFileSync((files[name] = join(dir, `${name}.mjs`)), text);
    const times = { registerTool: [], registry: [] };
    for (let i = 0; i < rounds; i++) {
      times.registerTool.push(await listOnce(files.registerTool, Client, StdioClientTransport));
      times.registry.push(await listOnce(files.registry, Client, StdioClientTransport));
    }
    const sdk = median(times.registerTool);
    const ours = median(times.registry);
    console.log(`\nan SDK McpServer with five tools, spawned until it answers initialize and tools/list (median of ${rounds}, alternating)`);
    console.log(`  registerTool ${sdk.toFixed(1)} ms; the registry ${ours.toFixed(1)} ms: ${(ours / sdk).toFixed(3)}x (+${(ours - sdk).toFixed(1)} ms)`);
    return { sdk, ours };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runCommandLine();
  await runServers();
}
