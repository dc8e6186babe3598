// npm run bench: every benchmark, one process, ratios against the peers.
import { run as parseArgv } from "./parse-argv.mjs";
import { run as compileBench } from "./compile.mjs";
import { run as memory } from "./memory.mjs";
import { run as startup } from "./startup.mjs";
import { run as repairBench } from "./repair.mjs";
import { run as helpBench } from "./help.mjs";

console.log(`node ${process.version}, ${process.arch}`);
const parse = parseArgv();
compileBench();
const rep = repairBench();
helpBench();
const mem = memory();
startup();
console.log(`\nparseArgv is ${(parse.yargs / parse.ours).toFixed(1)}x faster than yargs-parser and ${(parse.hand / parse.ours).toFixed(2)}x the speed of util.parseArgs + hand-written checks`);
console.log(`repair on valid arguments costs ${(rep.ours / rep.stringify).toFixed(2)}x one JSON.stringify(args)`);
if (mem.growth >= 1024 * 1024) {
  console.error("wasm memory grew by 1 MiB or more");
  process.exitCode = 1;
}
