// `npm test`: everything, in order, stopping at the first failure.
// Fixtures current (Zod's and the reference servers') -> rustfmt -> clippy (native and wasm32) -> rustdoc (its
// links checked) -> cargo test ->
// build pkg/ -> publint on pkg/ -> js-tests (node:test) against pkg/, the
// browser tests in Debian's Chromium among them.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium, ensureNodeModules, ensureWasmTarget, root, run } from "./setup.mjs";

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
run(process.execPath, ["--test", "--test-reporter=spec", ...suites]);
