// Builds pkg/, the npm package: the core compiled to wasm32, bound twice by
// wasm-bindgen (CommonJS for Node, ES module with init() for browsers),
// optimised by wasm-opt (npm package binaryen), and the JS layer from
// pkg-template/ (ESM source; esbuild writes its CommonJS twin).
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { JOBS, subpathExport, subpathFiles } from "./entries.mjs";
import { WASM_OPT_ARGS, ensureBindgen, ensureNodeModules, ensureWasmTarget, root, run } from "./setup.mjs";
import { sections } from "./wasm-sections.mjs";

ensureNodeModules();
ensureWasmTarget();
const bindgen = ensureBindgen();

run("cargo", ["build", "--lib", "--release", "--target", "wasm32-unknown-unknown"], { env: { ...process.env, CARGO_ENCODED_RUSTFLAGS: withoutBuildPaths() } });

/**
 * rustc writes the source path of every panic location into the module
 * (a bounds check in serde_json, a `RefCell` in wasm-bindgen), and for a
 * dependency that path is absolute: the builder's home and Cargo's
 * registry. The package must not carry the machine it was built on, and
 * two machines should build the same bytes, so Cargo's home is written
 * as `cargo` and this checkout as `toolshape` (Cargo's own `trim-paths`
 * does this, but is not stable). The caller's own flags are kept.
 */
function withoutBuildPaths() {
  const cargoHome = process.env.CARGO_HOME || join(homedir(), ".cargo");
  const own = process.env.CARGO_ENCODED_RUSTFLAGS
    ? process.env.CARGO_ENCODED_RUSTFLAGS.split("\x1f")
    : (process.env.RUSTFLAGS || "").split(/\s+/).filter(Boolean);
  const remap = [`--remap-path-prefix=${cargoHome}=cargo`, `--remap-path-prefix=${root.replace(/\/$/, "")}=toolshape`];
  return [...own, ...remap].join("\x1f");
}
const built = singleResults(join(root, "target", "wasm32-unknown-unknown", "release", "toolshape.wasm"));

/**
 * A copy of the module whose `target_features` section says multivalue is
 * not used, for wasm-bindgen to read. Reading it there, wasm-bindgen gives
 * every export that returns a string or a `Result` several results (its
 * "multi-value" shims), and V8 before 12 compiles a JS-to-wasm wrapper for
 * each such signature when the module is compiled (its generic wrapper
 * takes one result at most): 13 of them cost every new process about 3 ms
 * (`new WebAssembly.Module`). Marked unused, the shims keep Rust's return
 * pointer and one result. wasm-opt then checks that nothing else used
 * multivalue (it validates against the section's features).
 */
function singleResults(path) {
  const bytes = readFileSync(path);
  let marked = 0;
  for (const { name, reader } of sections(bytes)) {
    if (name !== "target_features") continue;
    for (let count = reader.leb(); count > 0; count--) {
      const prefix = reader.at;
      reader.byte();
      if (reader.name() === "multivalue" && bytes[prefix] === 0x2b) {
        bytes[prefix] = 0x2d;
        marked++;
      }
    }
  }
  if (marked !== 1) throw new Error(`${path}: no "+multivalue" in its target_features section; update singleResults`);
  const copy = path.replace(/\.wasm$/, ".single-results.wasm");
  writeFileSync(copy, bytes);
  return copy;
}

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

/**
 * wasm-bindgen copies a string into wasm memory with a JS loop over its
 * characters (about 1.6 ns a character here), turning to
 * TextEncoder.encodeInto only after a non-ASCII one. Schemas and other
 * texts that cross are kilobytes long, and encodeInto writes them about
 * twenty times faster, so text longer than 64 characters goes straight to
 * it: room for the longest encoding, then the allocation shrunk to what
 * was written. Short texts (argv, options) keep the loop, which wins there,
 * and so do texts over a million characters, whose threefold room would
 * grow wasm memory for good.
 */
function encodeLongStrings(glue) {
  const text = readFileSync(glue, "utf8");
  const anchor = "    let len = arg.length;\n    let ptr = malloc(len, 1) >>> 0;\n";
  const count = text.split(anchor).length - 1;
  if (count !== 1 || !/function passStringToWasm0\(arg, malloc, realloc\)/.test(text) || !text.includes("cachedTextEncoder.encodeInto(")) {
    throw new Error(`${glue}: wasm-bindgen's passStringToWasm0 has a new shape; update encodeLongStrings`);
  }
  const long = [
    "    if (arg.length > 64 && arg.length <= 1048576) {",
    "        const room = arg.length * 3;",
    "        const start = malloc(room, 1) >>> 0;",
    "        const written = cachedTextEncoder.encodeInto(arg, getUint8ArrayMemory0().subarray(start, start + room)).written;",
    "        WASM_VECTOR_LEN = written;",
    "        return realloc(start, room, written, 1) >>> 0;",
    "    }",
    "",
  ].join("\n");
  writeFileSync(glue, text.replace(anchor, `${long}${anchor}`));
}

/**
 * The Node glue reads its .wasm from beside itself; the package ships the
 * module once, beside the web entry, so it reads it from there. A bundler
 * moves the glue away from that file: it then asks the package's own import
 * "#toolshape-wasm" for the bytes, which a bundler resolves, through the
 * "module" condition Node does not use, to node/wasm-inline.mjs, which
 * holds them, so a Node CLI bundled into one file needs nothing beside it.
 * (Holding them costs Node 6 ms to parse at start-up: only bundles pay.)
 * The file is tried first because Node resolving "#toolshape-wasm" itself
 * loads its ES module resolver, 1.7 ms of start-up.
 */
function bytesByImport(glue) {
  const text = readFileSync(glue, "utf8");
  const pattern = /const wasmPath = `\$\{__dirname\}\/toolshape_bg\.wasm`;\nconst wasmBytes = require\('fs'\)\.readFileSync\(wasmPath\);/;
  if (!pattern.test(text)) throw new Error(`${glue}: wasm-bindgen's wasm loading has a new shape; update bytesByImport`);
  const loader = [
    "function wasmBytesOf() {",
    "    // The installed package: the module beside the web entry. In a bundle there",
    "    // is no such file (or no __dirname): the import below, which the bundler filled.",
    "    try {",
    "        return require('fs').readFileSync(require('path').join(__dirname, '..', 'web', 'toolshape_bg.wasm'));",
    "    } catch {",
    "        // A bundler hands the ES module over as its namespace: the bytes are its default export.",
    "        return ((bytes) => bytes.default || bytes)(require('#toolshape-wasm'));",
    "    }",
    "}",
    "const wasmBytes = wasmBytesOf();",
  ].join("\n");
  writeFileSync(glue, text.replace(pattern, loader));
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
  encodeLongStrings(join(out, "toolshape.js"));
  run(opt, [wasm, ...WASM_OPT_ARGS, "--strip-debug", "-o", wasm]);
}

bytesByImport(join(pkg, "node", "toolshape.js"));
// One module for both entries: wasm-bindgen writes the same bytes for the
// Node and web targets, so the package ships the web one only, and Node
// reads it from there (node/wasm-file.cjs). A binding whose bytes differ
// per target stops the build rather than ship Node the wrong module.
const nodeWasm = readFileSync(join(pkg, "node", "toolshape_bg.wasm"));
if (!nodeWasm.equals(readFileSync(join(pkg, "web", "toolshape_bg.wasm")))) {
  throw new Error("the Node and web .wasm differ: ship both again (node/wasm-file.cjs, bench/run.mjs)");
}
rmSync(join(pkg, "node", "toolshape_bg.wasm"));
writeFileSync(
  join(pkg, "node", "wasm-inline.mjs"),
  `// The wasm bytes, for bundles (see wasm-file.cjs). Generated by scripts/build.mjs.\nexport default Buffer.from("${nodeWasm.toString("base64")}", "base64");\n`,
);

const template = join(root, "pkg-template");
cpSync(template, pkg, { recursive: true });
const esbuild = (entry, ...flags) =>
  run(join(root, "node_modules", ".bin", "esbuild"), [
    join(template, "lib", `${entry}.mjs`),
    "--bundle",
    "--format=cjs",
    "--platform=neutral",
    `--outfile=${join(pkg, "lib", `${entry}.cjs`)}`,
    "--log-level=warning",
    ...flags,
  ]);
esbuild("api");
servingBundle();

/**
 * The serving half (lib/serving.cjs), which the Node entry reads on first
 * use. Its errors must be the API bundle's, or its ToolshapeError would be
 * another class: errors.mjs is left out of the bundle and taken from
 * api.cjs, which exports what it exports. The rest it shares is pure and
 * is bundled again.
 */
function servingBundle() {
  esbuild("serving", "--external:./errors.mjs");
  const file = join(pkg, "lib", "serving.cjs");
  const text = readFileSync(file, "utf8");
  const wired = text.replaceAll('require("./errors.mjs")', 'require("./api.cjs")');
  if (wired === text || /errors\.mjs/.test(wired)) throw new Error(`${file}: esbuild left errors.mjs another way; update servingBundle`);
  writeFileSync(file, wired);
}
// The same declarations, read as ESM by TypeScript for the "import" condition.
copyFileSync(join(template, "index.d.ts"), join(pkg, "index.d.mts"));
copyFileSync(join(root, "LICENSE"), join(pkg, "LICENSE"));
// The npm page shows the README away from the repository: its relative
// links (docs/, CONTRIBUTING.md, ...) point into the repository instead.
const manifestTemplate = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
const blob = `${manifestTemplate.homepage.replace(/#.*$/, "")}/blob/main/`;
const readme = readFileSync(join(root, "README.md"), "utf8");
const absolute = readme.replace(/(\]\()(?!https?:|mailto:|#)([^)\s]+)\)/g, (_, open, target) => `${open}${blob}${target})`);
writeFileSync(join(pkg, "README.md"), absolute);

const manifest = manifestTemplate;
const workspace = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
manifest.version = workspace.version;
// The JSON Schema of what a command line's --help=json prints, for agents and validators.
const { HELP_SCHEMA } = await import(pathToFileURL(join(template, "lib", "help-json.mjs")).href);
writeFileSync(join(pkg, "help.schema.json"), `${JSON.stringify(HELP_SCHEMA, null, 2)}\n`);
manifest.files.push("help.schema.json");
manifest.exports["./help.schema.json"] = "./help.schema.json";
// The subpath entries by job (toolshape/cli, /mcp, /names), from one table.
for (const [path, text] of Object.entries(subpathFiles())) writeFileSync(join(pkg, path), text);
const exportsByJob = Object.fromEntries(Object.keys(JOBS).map((job) => [`./${job}`, subpathExport(job)]));
const { ".": rootExport, ...rest } = manifest.exports;
manifest.exports = { ".": rootExport, ...exportsByJob, ...rest };
manifest.files.push(...Object.keys(JOBS).flatMap((job) => [`${job}.cjs`, `${job}.mjs`, `${job}.bundler.mjs`, `${job}.d.ts`, `${job}.d.mts`]));
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// The examples import the package by its name, as users do.
const link = join(root, "examples", "node_modules", "toolshape");
rmSync(link, { recursive: true, force: true });
mkdirSync(join(root, "examples", "node_modules"), { recursive: true });
symlinkSync(join("..", "..", "pkg"), link, "dir");

const size = statSync(join(pkg, "web", "toolshape_bg.wasm")).size;
console.error(`pkg/ built: wasm ${(size / 1024).toFixed(1)} KiB`);
