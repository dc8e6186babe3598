// Start-up: a new Node process requires the package and compiles one schema.
// Measured inside the child (from before require to after compile), median
// of several processes.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../pkg/index.cjs", import.meta.url));
const script = `
const start = performance.now();
const { compile } = require(${JSON.stringify(pkg)});
compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } }).inputSchema();
process.stdout.write(String(performance.now() - start));
`;

export function run() {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    times.push(Number(r.stdout));
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`\nstart-up: require + compile one schema in a new process: ${median.toFixed(1)} ms (median of ${times.length})`);
  return median;
}
