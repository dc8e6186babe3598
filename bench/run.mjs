// npm run bench: every benchmark, one process, ratios against the peers,
// then the bars checked: a bar that does not hold fails the run. The bars
// are what a user waits for (the module's size) and guards that keep what
// was reached (issue "Renovation", item 4); the per-call ratio bars that
// built a second writer and a binary protocol are retired.
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { run as parseArgv } from "./parse-argv.mjs";
import { run as compileBench } from "./compile.mjs";
import { run as memory } from "./memory.mjs";
import { run as startup } from "./startup.mjs";
import { run as repairBench } from "./repair.mjs";
import { run as helpBench } from "./help.mjs";
import { run as profilesBench } from "./profiles.mjs";
import { run as groupsBench } from "./groups.mjs";
import { run as catalogueBench } from "./catalogue.mjs";
import { run as sizeProfile } from "./size-profile.mjs";
import { run as expositions } from "./expositions.mjs";
import { runCommandLine, runServers } from "./programs.mjs";

console.log(`node ${process.version}, ${process.arch}`);
// Start-up first, while the machine is quiet: it spawns fresh processes.
const start = startup();
const program = runCommandLine();
const servers = await runServers();
const parse = parseArgv();
const compiled = compileBench();
const rep = repairBench();
const helpTimes = helpBench();
const profiles = profilesBench();
const groups = await groupsBench();
const catalogue = catalogueBench();
await expositions();
const mem = memory();
sizeProfile();
const gzipped = gzipSync(readFileSync(new URL("../pkg/web/toolshape_bg.wasm", import.meta.url)), { level: 9 }).length;

const worstCompile = compiled.reduce((worst, row) => (row.ours / row.fromZod > worst.ratio ? { name: row.name, ratio: row.ours / row.fromZod } : worst), { name: "", ratio: 0 });
const bars = [
  [`a 10-flag command line (--help, a parse; new processes): toolshape adds at most a fifth of what require("zod") adds to bare Node (+${program.adds.help.toFixed(1)} and +${program.adds.parse.toFixed(1)} ms against ${program.zodAdds.toFixed(1)} ms)`, Math.max(program.adds.help, program.adds.parse) <= program.zodAdds / 5],
  [`an SDK McpServer with five tools to its first tools/list: the registry adds at most 5% to registerTool (${((100 * (servers.ours - servers.sdk)) / servers.sdk).toFixed(1)}%)`, servers.ours <= servers.sdk * 1.05],
  [`parseArgv at least 10x faster than yargs-parser (${(parse.yargs / parse.ours).toFixed(1)}x)`, parse.yargs / parse.ours >= 10],
  [`compile + inputSchema at most 0.5x z.toJSONSchema on every bench schema (worst ${worstCompile.ratio.toFixed(2)}x, ${worstCompile.name})`, worstCompile.ratio <= 0.5],
  [`wasm memory and JS heap flat over 1,000,000 parses and 100,000 compile/free cycles (${(mem.growth / 1024).toFixed(0)} KiB and ${(mem.heapGrowth / 1024).toFixed(0)} KiB growth)`, mem.collected && mem.growth < 1024 * 1024 && mem.heapGrowth < 1024 * 1024],
  [`help for 50 actions formats in under 1 ms (${(Math.max(helpTimes.markdown, helpTimes.jsonTime) / 1e6).toFixed(2)} ms)`, Math.max(helpTimes.markdown, helpTimes.jsonTime) < 1e6],
  [`definition() of a 50-action group under 1 ms once defined (${(groups.definitionNs / 1e6).toFixed(3)} ms)`, groups.definitionNs < 1e6],
  [`a grouped call adds at most 10% to validating with Zod and calling the handler (+${(groups.overhead / 1e3).toFixed(2)} us, ${((100 * groups.overhead) / groups.direct).toFixed(0)}% of ${(groups.direct / 1e3).toFixed(2)} us)`, groups.overhead <= groups.direct * 0.1],
  [`a 1,000-tool catalogue named, compiled and written for three clients in at most 48 ms, half the 96 ms it took (${(catalogue.ns / 1e6).toFixed(0)} ms)`, catalogue.ns <= 48e6],
  [`the wasm at most 250 KiB gzipped, every feature in (${(gzipped / 1024).toFixed(0)} KiB)`, gzipped <= 250 * 1024],
];
// Reported, no longer bars: the per-call ratios and start-up in one process.
console.log(`\nreported: parseArgv ${(parse.hand / parse.ours).toFixed(2)}x util.parseArgs + nesting (subcommand ${(parse.handAction / parse.oursAction).toFixed(2)}x); repair ${(rep.ours / rep.stringify).toFixed(2)}x one JSON.stringify; a profile's first schema at worst ${profiles.worst.toFixed(2)}x the mcp one; require + compile in a new process ${start.toFixed(1)} ms`);
console.log("\nbars:");
for (const [text, ok] of bars) console.log(`  ${ok ? "ok  " : "FAIL"} ${text}`);
if (bars.some(([, ok]) => !ok)) process.exitCode = 1;
