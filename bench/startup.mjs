// Start-up: a new Node process requires the package and compiles one schema.
// Measured inside the child (from before require to after compile), median
// of several processes. The bar's figure runs the script with `node -e`, as
// it always has; the same script as a .cjs file and as an .mjs file (import)
// are reported beside it, since `-e` and an ES module entry load Node's ES
// module resolver before the package does, which a CommonJS program does not.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OTHER_NODES, ensureNode } from "../scripts/setup.mjs";

const cjsEntry = fileURLToPath(new URL("../pkg/index.cjs", import.meta.url));
const esmEntry = new URL("../pkg/index.mjs", import.meta.url).href;
// The clock stops before `process.stdout` is read: Node makes that stream on
// first use (about 2.5 ms here, loading its tty or pipe code), and in
// `process.stdout.write(String(performance.now() - start))` the getter runs
// before the argument, so that cost was once counted as ours.
const work = `compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } }).inputSchema();
const elapsed = performance.now() - start;
process.stdout.write(String(elapsed));
`;
const required = `const start = performance.now();
const { compile } = require(${JSON.stringify(cjsEntry)});
${work}`;
const imported = `const start = performance.now();
const { compile } = await import(${JSON.stringify(esmEntry)});
${work}`;

function median(args, node = process.execPath) {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const r = spawnSync(node, args, { encoding: "utf8" });
    times.push(Number(r.stdout));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function run() {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-startup-"));
  try {
    writeFileSync(join(dir, "start.cjs"), required);
    writeFileSync(join(dir, "start.mjs"), imported);
    const evaluated = median(["-e", required]);
    const fromCjs = median([join(dir, "start.cjs")]);
    const fromEsm = median([join(dir, "start.mjs")]);
    console.log(`\nstart-up: require + compile one schema in a new process: ${evaluated.toFixed(1)} ms (node -e; median of 15)`);
    console.log(`  the same from a .cjs file: ${fromCjs.toFixed(1)} ms; imported from an .mjs file: ${fromEsm.toFixed(1)} ms`);
    // The bar is on the Node running the bench; the newer lines, for comparison.
    for (const version of OTHER_NODES) {
      const node = ensureNode(version);
      if (node !== undefined) console.log(`  node -e on Node ${version}: ${median(["-e", required], node).toFixed(1)} ms (the bar's figure is on ${process.version})`);
    }
    return evaluated;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
