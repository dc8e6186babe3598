// npm run bench [-- --node 24]: the benchmarks in a process of this Node, or
// of one of the other pinned lines (scripts/setup.mjs, OTHER_NODES; fetched
// into .tools/ when missing). The bars are checked on whichever Node runs
// them, and the start-up line reports the others beside it either way.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { OTHER_NODES, ensureNode } from "../scripts/setup.mjs";

function pickNode(argv) {
  const at = argv.indexOf("--node");
  if (at === -1) return process.execPath;
  const wanted = argv[at + 1];
  const version = OTHER_NODES.find((v) => v === wanted || v.split(".")[0] === wanted);
  if (version === undefined) {
    console.error(`--node takes one of ${OTHER_NODES.join(", ")}, or its major version; got ${wanted === undefined ? "nothing" : `"${wanted}"`}`);
    process.exit(2);
  }
  const node = ensureNode(version);
  if (node === undefined) {
    console.error(`no package of Node ${version} for ${process.platform}-${process.arch}`);
    process.exit(2);
  }
  return node;
}

const run = spawnSync(pickNode(process.argv.slice(2)), ["--expose-gc", fileURLToPath(new URL("./run.mjs", import.meta.url))], { stdio: "inherit" });
process.exit(run.status ?? 1);
