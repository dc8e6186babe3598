// wasm memory after 300,000 parses and 20,000 compile/free cycles: it must
// stay flat (under 1 MiB of growth after warm-up).
import { createRequire } from "node:module";
import { schema, argv } from "./parse-argv.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");
const wasm = require("../pkg/node/toolshape.js");

const MiB = 1024 * 1024;

export function run() {
  const tool = compile(schema);
  for (let i = 0; i < 1000; i++) tool.parseArgv(argv);
  for (let i = 0; i < 200; i++) compile(schema).free();
  const start = wasm.memoryBytes();
  for (let i = 0; i < 300000; i++) tool.parseArgv(argv);
  const afterParses = wasm.memoryBytes();
  for (let i = 0; i < 20000; i++) compile(schema).free();
  const afterCompiles = wasm.memoryBytes();
  tool.free();
  const growth = afterCompiles - start;
  console.log(`\nwasm memory: ${(start / MiB).toFixed(2)} MiB after warm-up, ${(afterParses / MiB).toFixed(2)} MiB after 300,000 parses, ${(afterCompiles / MiB).toFixed(2)} MiB after 20,000 compile/free cycles (growth ${(growth / 1024).toFixed(0)} KiB)`);
  return { start, afterParses, afterCompiles, growth };
}
