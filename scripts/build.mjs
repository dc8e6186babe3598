// Builds pkg/, the npm package: the core compiled to wasm32, bound twice by
// wasm-bindgen (CommonJS for Node, ES module with init() for browsers),
// optimised by wasm-opt (npm package binaryen), and the JS layer from
// pkg-template/ (ESM source; esbuild writes its CommonJS twin).
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBindgen, ensureNodeModules, ensureWasmTarget, root, run } from "./setup.mjs";

ensureNodeModules();
ensureWasmTarget();
const bindgen = ensureBindgen();

run("cargo", ["build", "--lib", "--release", "--target", "wasm32-unknown-unknown"]);
const built = join(root, "target", "wasm32-unknown-unknown", "release", "toolshape.wasm");

/**
 * wasm-bindgen frees a forgotten object from a FinalizationRegistry
 * callback. Should that call throw (an instance replaced after a trap), a
 * Node process would end, so each callback is wrapped to swallow it: the
 * memory it would free belongs to an instance no longer in use.
 */
function guardFinalizers(glue) {
  const text = readFileSync(glue, "utf8");
  const pattern = /new FinalizationRegistry\(ptr => (wasm\.\w+\(ptr(?: >>> 0)?, 1\))\)/g;
  const guarded = text.replace(pattern, "new FinalizationRegistry(ptr => { try { $1; } catch { /* an instance no longer in use */ } })");
  if (guarded === text) throw new Error(`${glue}: wasm-bindgen's FinalizationRegistry callback has a new shape; update guardFinalizers`);
  writeFileSync(glue, guarded);
}

const pkg = join(root, "pkg");
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });

for (const target of ["nodejs", "web"]) {
  const out = join(pkg, target === "nodejs" ? "node" : "web");
  run(bindgen, [built, "--target", target, "--out-dir", out, "--out-name", "toolshape", "--no-typescript"]);
  const wasm = join(out, "toolshape_bg.wasm");
  const opt = join(root, "node_modules", ".bin", "wasm-opt");
  guardFinalizers(join(out, "toolshape.js"));
  run(opt, [wasm, "-Oz", "--strip-debug", "--strip-producers", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "-o", wasm]);
}

const template = join(root, "pkg-template");
cpSync(template, pkg, { recursive: true });
run(join(root, "node_modules", ".bin", "esbuild"), [
  join(template, "lib", "api.mjs"),
  "--bundle",
  "--format=cjs",
  "--platform=neutral",
  `--outfile=${join(pkg, "lib", "api.cjs")}`,
  "--log-level=warning",
]);
// The same declarations, read as ESM by TypeScript for the "import" condition.
copyFileSync(join(template, "index.d.ts"), join(pkg, "index.d.mts"));
copyFileSync(join(root, "LICENSE"), join(pkg, "LICENSE"));
copyFileSync(join(root, "README.md"), join(pkg, "README.md"));

const manifest = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
const workspace = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
manifest.version = workspace.version;
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// The examples import the package by its name, as users do.
const link = join(root, "examples", "node_modules", "toolshape");
rmSync(link, { recursive: true, force: true });
mkdirSync(join(root, "examples", "node_modules"), { recursive: true });
symlinkSync(join("..", "..", "pkg"), link, "dir");

const size = statSync(join(pkg, "node", "toolshape_bg.wasm")).size;
console.error(`pkg/ built: wasm ${(size / 1024).toFixed(1)} KiB`);
