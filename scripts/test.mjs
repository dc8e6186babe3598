// `npm test`: everything, in order, stopping at the first failure.
// Fixtures current (Zod's and the reference servers') -> rustfmt -> clippy (native and wasm32) -> rustdoc (its
// links checked) -> cargo test ->
// build pkg/ -> publint on pkg/ -> js-tests (node:test) against pkg/, the
// browser tests in Debian's Chromium and the Bun and Deno runs among them ->
// the js-tests again on the other Node lines (setup.mjs, OTHER_NODES).
import { readdirSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { OTHER_NODES, RUNTIMES, ensureChromium, ensureNode, ensureNodeModules, ensureRuntime, ensureShells, ensureWasmTarget, root, run } from "./setup.mjs";

ensureNodeModules();
ensureWasmTarget();
run(process.execPath, [join(root, "scripts", "gen-fixtures.mjs"), "--check"]);
run(process.execPath, [join(root, "scripts", "gen-server-fixtures.mjs"), "--check"]);
run("cargo", ["fmt", "--all", "--check"]);
run("cargo", ["clippy", "--all-targets", "--", "-D", "warnings"]);
run("cargo", ["clippy", "--lib", "--target", "wasm32-unknown-unknown", "--", "-D", "warnings"]);
run("cargo", ["doc", "--no-deps"], { env: { ...process.env, RUSTDOCFLAGS: "-D warnings" } });
run("cargo", ["test"], { env: { ...process.env, INSTA_UPDATE: "no" } });
run(process.execPath, [join(root, "scripts", "ensure-built.mjs")]);
run(join(root, "node_modules", ".bin", "publint"), ["run", "pkg", "--strict"]);
const suites = readdirSync(join(root, "js-tests"))
  .filter((f) => f.endsWith(".test.mjs"))
  .map((f) => join("js-tests", f));
ensureChromium();
ensureShells();
// Bun and Deno for js-tests/runtimes.test.mjs, which fails rather than skips
// when one is missing here; a platform they publish no binary for skips it.
const runtimes = Object.keys(RUNTIMES).filter((name) => ensureRuntime(name) !== undefined);
const testEnv = { ...process.env, TOOLSHAPE_RUNTIMES: runtimes.length === Object.keys(RUNTIMES).length ? "required" : "" };
run(process.execPath, ["--test", "--test-reporter=spec", ...suites], { env: testEnv });
// The same suites on the other Node lines (dots; a failure prints in full).
// Their own binary first on PATH, for the servers and CLIs the tests start.
for (const version of OTHER_NODES) {
  const node = ensureNode(version);
  if (node === undefined) {
    console.error(`no Node ${version} package for ${process.platform}-${process.arch}: the js-tests ran on ${process.version} only`);
    continue;
  }
  const env = { ...testEnv, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
  run(node, ["--test", "--test-reporter=dot", ...suites], { env });
}
