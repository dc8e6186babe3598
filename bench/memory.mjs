// Memory over 1,000,000 parses and 100,000 compile/free cycles (issue 15):
// wasm memory and the JS heap (after a full collection, when node runs
// with --expose-gc, as `npm run bench` does) must stay flat: under 1 MiB
// of growth each after warm-up.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { schema, argv } from "./parse-argv.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");
const wasm = require("../pkg/node/toolshape.js");

const MiB = 1024 * 1024;
const PARSES = 1_000_000;
const CYCLES = 100_000;

/** The JS heap in use after a full collection (or as it is, without --expose-gc). */
function heap() {
  if (typeof globalThis.gc === "function") {
    globalThis.gc();
    globalThis.gc();
  }
  return process.memoryUsage().heapUsed;
}

/**
 * What 1,000 compiled tools hold, each the 30-field schema written for three
 * clients, as a proxy keeps them: measured in a new process (wasm memory
 * never shrinks, so another bench's peak would hide it). Reported, no bar.
 */
function held() {
  const json = JSON.stringify(z.toJSONSchema(cases.find((c) => c.name === "many-fields").schema, { io: "input" }));
  const pkg = fileURLToPath(new URL("../pkg", import.meta.url));
  const script = `const { compile } = require(${JSON.stringify(pkg)});
const wasm = require(${JSON.stringify(`${pkg}/node/toolshape.js`)});
const before = wasm.memoryBytes();
const kept = [];
for (let i = 0; i < 1000; i++) {
  const tool = compile(${json});
  for (const client of ["claude-code", "openai", "cursor"]) tool.inputSchema({ client });
  kept.push(tool);
}
process.stdout.write(String(wasm.memoryBytes() - before));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  return Number(run.stdout);
}

export function run() {
  const tool = compile(schema);
  for (let i = 0; i < 10000; i++) tool.parseArgv(argv);
  for (let i = 0; i < 2000; i++) compile(schema).free();
  const start = wasm.memoryBytes();
  const heapStart = heap();
  for (let i = 0; i < PARSES; i++) tool.parseArgv(argv);
  const afterParses = wasm.memoryBytes();
  for (let i = 0; i < CYCLES; i++) compile(schema).free();
  const afterCompiles = wasm.memoryBytes();
  tool.free();
  const heapEnd = heap();
  const growth = afterCompiles - start;
  const heapGrowth = heapEnd - heapStart;
  const measured = typeof globalThis.gc === "function" ? "after a full collection" : "without --expose-gc: not collected";
  console.log(
    `\nwasm memory: ${(start / MiB).toFixed(2)} MiB after warm-up, ${(afterParses / MiB).toFixed(2)} MiB after ${PARSES.toLocaleString("en")} parses, ` +
      `${(afterCompiles / MiB).toFixed(2)} MiB after ${CYCLES.toLocaleString("en")} compile/free cycles (growth ${(growth / 1024).toFixed(0)} KiB)`,
  );
  console.log(`JS heap: ${(heapStart / MiB).toFixed(2)} MiB before, ${(heapEnd / MiB).toFixed(2)} MiB after (${measured}; growth ${(heapGrowth / 1024).toFixed(0)} KiB)`);
  console.log(`wasm memory held by 1,000 compiled 30-field tools, each written for three clients: ${(held() / MiB).toFixed(1)} MiB`);
  return { start, afterParses, afterCompiles, growth, heapGrowth, collected: typeof globalThis.gc === "function" };
}
