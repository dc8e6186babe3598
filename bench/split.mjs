// npm run bench:split [-- --rounds N]: what splitting the module in two
// would buy start-up (issue 15, item 2), measured on the built package
// rather than argued. Not part of `npm run bench` or the tests, and nothing
// here ships: the package stays one module until splitting is decided.
//
// The split is binaryen's `wasm-split` (Debian's binaryen package: the npm
// build of binaryen has no wasm-split), guided by which functions V8
// compiles while a program runs: the primary module keeps those, the
// secondary holds the rest and is read on the first call that needs it.
// Two primaries: the start-up line's program's (compile + inputSchema), and
// one that also keeps a command line's first parseArgv; and, to show what
// the second repair below buys, the first without it.
//
// Two repairs on wasm-split's output, both checked here:
// - binaryen 108 writes the export `__wbindgen_externrefs` pointing at the
//   funcref table instead of the externref one; the export is pointed back.
// - it gives each split-out function the primary reaches a placeholder
//   import of its own (337 for the start-up variant). Node 20's V8 pays for
//   each import when it compiles and instantiates the module, which ate what
//   the smaller module saved; each placeholder becomes a function in the
//   primary that calls one import, `placeholder.load`, which instantiates
//   the secondary (its table entries replace the placeholders), then calls
//   through the table.
//
// Then each variant is checked to answer a set of calls exactly as the one
// module does, and start-up is measured by alternating the variants in new
// processes, on this Node and on Node 24 (the first of the other pinned
// lines, fetched into .tools/ when missing).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import binaryen from "binaryen";
import { OTHER_NODES, WASM_FEATURES, ensureNode, ensureWasmSplit, root } from "../scripts/setup.mjs";
import { sections } from "../scripts/wasm-sections.mjs";

const pkg = join(root, "pkg");
const full = readFileSync(join(pkg, "web", "toolshape_bg.wasm"));

const smallSchema = `{ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } }`;
/** The programs whose first calls decide the primary, and whose start-up is measured. */
const programs = {
  "start-up line": (entry) => `const { compile } = require(${JSON.stringify(entry)});\ncompile(${smallSchema}).inputSchema();`,
  "command line": (entry) =>
    `const { compile } = require(${JSON.stringify(entry)});\ncompile(require(${JSON.stringify(join(pkg, "example.schema.json"))})).parseArgv(["--service", "api", "--environment", "prod"]);`,
};

/** The contents of the module's section `id`, as a reader placed at them. */
function section(bytes, id) {
  for (const found of sections(bytes)) if (found.id === id) return found.reader;
  throw new Error(`no section ${id}`);
}

/** Index of each table by its element type (0x70 funcref, 0x6f externref); the primary imports no table. */
function tablesByType(bytes) {
  if (WebAssembly.Module.imports(new WebAssembly.Module(bytes)).some((i) => i.kind === "table")) throw new Error("a table is imported: tablesByType counts defined tables only");
  const reader = section(bytes, 4);
  const found = {};
  for (let index = 0, count = reader.leb(); index < count; index++) {
    found[reader.byte()] = index;
    const hasMax = reader.byte() & 1;
    reader.leb();
    if (hasMax) reader.leb();
  }
  return found;
}

/** Points the table export `name` at table `index` (both one-byte LEBs, patched in place). */
function pointTableExport(bytes, name, index) {
  const reader = section(bytes, 7);
  for (let count = reader.leb(); count > 0; count--) {
    const exported = reader.name();
    const kind = reader.byte();
    const at = reader.at;
    const was = reader.leb();
    if (exported === name && kind === 1) {
      if (reader.at !== at + 1 || index > 127) throw new Error("pointTableExport patches one-byte indices only");
      bytes[at] = index;
      return was;
    }
  }
  throw new Error(`no table export ${name}`);
}

/** Every placeholder import becomes a local function: load the secondary, then call through the table. */
function onePlaceholderImport(bytes, funcTable) {
  const mod = binaryen.readBinary(bytes);
  const F = binaryen.Features;
  mod.setFeatures(F.BulkMemory | F.BulkMemoryOpt | F.NontrappingFPToInt | F.SignExt | F.MutableGlobals | F.ReferenceTypes | F.CallIndirectOverlong);
  const table = binaryen.getTableInfo(mod.getTableByIndex(funcTable)).name;
  const holders = [];
  for (let i = 0; i < mod.getNumFunctions(); i++) {
    const info = binaryen.getFunctionInfo(mod.getFunctionByIndex(i));
    if (info.module === "placeholder") holders.push(info);
  }
  mod.addFunctionImport("$load_secondary", "placeholder", "load", binaryen.none, binaryen.none);
  for (const { name, base, params, results } of holders) {
    mod.removeFunction(name);
    const args = binaryen.expandType(params).map((type, i) => mod.local.get(i, type));
    const forward = mod.call_indirect(table, mod.i32.const(Number(base)), args, params, results);
    mod.addFunction(name, params, results, [], mod.block(null, [mod.call("$load_secondary", [], binaryen.none), forward], results));
  }
  const out = Buffer.from(mod.emitBinary());
  mod.dispose();
  new WebAssembly.Module(out); // V8 validates what binaryen wrote
  return { bytes: out, placeholders: holders.length };
}

/** binaryen's names for the functions V8 compiled while `script` ran on the one module: its defined-function indices. */
function compiledFunctions(script) {
  const imported = WebAssembly.Module.imports(new WebAssembly.Module(full)).filter((i) => i.kind === "function").length;
  const run = spawnSync(process.execPath, ["--trace-wasm-compilation-times", "-e", script], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tracing failed: ${run.stderr}`);
  const indices = [...run.stdout.matchAll(/Compiled function 0x[0-9a-f]+#(\d+)/g)].map((m) => Number(m[1]) - imported);
  if (indices.length === 0 || indices.some((i) => i < 0)) throw new Error("V8's trace named no function of ours: --trace-wasm-compilation-times has a new shape");
  return new Set(indices);
}

/**
 * The Node glue of a split package: the instance gets `placeholder.load`,
 * which reads web/toolshape_rest.wasm once; or, for wasm-split's own
 * placeholders, one import per table slot that loads it and calls the slot.
 */
function splitGlue(text, oneImport) {
  const line = "let wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());";
  if (!text.includes(line)) throw new Error("the Node glue has a new shape; update splitGlue");
  const loader = `const wasmImports = __wbg_get_imports();
let restInstance;
function load() {
    if (restInstance !== undefined) return;
    const bytes = require('fs').readFileSync(require('path').join(__dirname, '..', 'web', 'toolshape_rest.wasm'));
    restInstance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { ...wasmImports, primary: wasmInstance.exports });
}
wasmImports.placeholder = ${oneImport ? "{ load }" : "new Proxy({}, { get: (_, slot) => (...args) => { load(); return wasmInstance.exports.table.get(Number(slot))(...args); } })"};
module.exports.__restLoaded = () => restInstance !== undefined;
let wasmInstance = new WebAssembly.Instance(wasmModule, wasmImports);`;
  return text.replace(line, loader);
}

function buildVariant(dir, name, keep, oneImport = true) {
  const out = join(dir, name);
  cpSync(pkg, out, { recursive: true });
  const list = join(dir, `${name}.keep`);
  writeFileSync(list, [...keep].sort((a, b) => a - b).join("\n"));
  const primary = join(dir, `${name}.primary.wasm`);
  const rest = join(out, "web", "toolshape_rest.wasm");
  execFileSync(ensureWasmSplit(), [...WASM_FEATURES, join(pkg, "web", "toolshape_bg.wasm"), "--keep-funcs", `@${list}`, "-o1", primary, "-o2", rest], { stdio: ["ignore", "ignore", "inherit"] });
  const split = readFileSync(primary);
  const tables = tablesByType(split);
  if (tables[0x70] === undefined || tables[0x6f] === undefined) throw new Error("the primary has no funcref or no externref table");
  pointTableExport(split, "__wbindgen_externrefs", tables[0x6f]);
  const placeholderCount = WebAssembly.Module.imports(new WebAssembly.Module(split)).filter((i) => i.module === "placeholder").length;
  const { bytes, placeholders } = oneImport ? onePlaceholderImport(split, tables[0x70]) : { bytes: split, placeholders: placeholderCount };
  writeFileSync(join(out, "web", "toolshape_bg.wasm"), bytes);
  const glue = join(out, "node", "toolshape.js");
  writeFileSync(glue, splitGlue(readFileSync(glue, "utf8"), oneImport));
  return { name, dir: out, kept: keep.size, placeholders, oneImport, primary: bytes, rest: readFileSync(rest) };
}

/** A set of calls over most of the surface; each variant must answer them as the one module does. */
function answers(entry) {
  const script = `const ts = require(${JSON.stringify(entry)});
const glue = require(${JSON.stringify(join(entry, "..", "node", "toolshape.js"))});
const read = () => (glue.__restLoaded ? glue.__restLoaded() : null);
const out = {};
const loaded = {};
out.small = ts.compile(${smallSchema}).inputSchema();
loaded.startUp = read();
const example = ts.compile(require(${JSON.stringify(join(pkg, "example.schema.json"))}));
out.parsed = example.parseArgv(["--service", "api", "--environment", "prod"]);
loaded.commandLine = read();
const actions = ts.compile(require(${JSON.stringify(join(pkg, "example-actions.schema.json"))}));
out.schemas = ["mcp", "openai-strict", "gemini", "claude"].map((client) => { try { return example.inputSchema({ client }); } catch (e) { return e.code; } });
out.usage = [example.usage(), actions.usage()];
out.help = ts.formatActionHelpMarkdown(ts.help(require(${JSON.stringify(join(pkg, "example-actions.schema.json"))})));
out.repair = example.repair({ service: "api", replicas: "3" });
out.checks = ts.check(require(${JSON.stringify(join(pkg, "example.schema.json"))}));
try { example.parseArgv(["--nope", "--replicas", "x"]); } catch (e) { out.error = [e.code, e.message]; }
out.names = ts.createNameTable([{ toolbox: "dev", server: "fs", tool: "read.file" }, { toolbox: "dev", server: "fs", tool: "x".repeat(80) }], { client: "openai" }).entries();
process.stdout.write(JSON.stringify({ out, loaded }));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${entry}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function startups(variants, node, rounds) {
  const times = {};
  for (let round = 0; round < rounds; round++) {
    for (const variant of variants) {
      for (const [program, body] of Object.entries(programs)) {
        const script = `const start = performance.now();\n${body(join(variant.dir, "index.cjs"))}\nprocess.stdout.write(String(performance.now() - start));`;
        const run = spawnSync(node, ["-e", script], { encoding: "utf8" });
        if (run.status !== 0) throw new Error(`${variant.name}, ${program}: ${run.stderr}`);
        ((times[variant.name] ??= {})[program] ??= []).push(Number(run.stdout));
      }
    }
  }
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
  return Object.fromEntries(Object.entries(times).map(([name, byProgram]) => [name, Object.fromEntries(Object.entries(byProgram).map(([p, list]) => [p, median(list)]))]));
}

const at = process.argv.indexOf("--rounds");
const rounds = at === -1 ? 21 : Number(process.argv[at + 1]);
const dir = mkdtempSync(join(tmpdir(), "toolshape-split-"));
try {
  const startKeep = compiledFunctions(programs["start-up line"](join(pkg, "index.cjs")));
  const cliKeep = new Set([...startKeep, ...compiledFunctions(programs["command line"](join(pkg, "index.cjs")))]);
  // The one module from a copy beside the variants: the same file system for all three.
  const one = { name: "one module", dir: join(dir, "one"), primary: full };
  cpSync(pkg, one.dir, { recursive: true });
  const variants = [
    one,
    buildVariant(dir, "split, an import each", startKeep, false),
    buildVariant(dir, "split at start-up", startKeep),
    buildVariant(dir, "split at a command line", cliKeep),
  ];

  const kib = (bytes) => `${(bytes.length / 1024).toFixed(0)} KiB, ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB gzipped`;
  console.log(`one module: ${kib(full)}`);
  const expected = JSON.stringify(answers(join(pkg, "index.cjs")).out);
  for (const v of variants.slice(1)) {
    const { out, loaded } = answers(join(v.dir, "index.cjs"));
    if (JSON.stringify(out) !== expected) throw new Error(`${v.name}: answers differ from the one module's`);
    console.log(`${v.name}: primary ${kib(v.primary)} (${v.kept} functions; ${v.placeholders} placeholders${v.oneImport ? " made one import" : ", an import each"}), secondary ${kib(v.rest)}; answers the same; the secondary read by the start-up line's calls: ${loaded.startUp}, by a command line's first parseArgv: ${loaded.commandLine}`);
  }

  const nodes = [[process.version, process.execPath], ...OTHER_NODES.slice(0, 1).map((v) => [`v${v}`, ensureNode(v)]).filter(([, path]) => path !== undefined)];
  for (const [version, node] of nodes) {
    const medians = startups(variants, node, rounds);
    console.log(`\nstart-up on Node ${version} (node -e, require + the program's calls, alternating, median of ${rounds} processes each):`);
    for (const [name, byProgram] of Object.entries(medians)) {
      console.log(`  ${name.padEnd(24)} ${Object.entries(byProgram).map(([p, ms]) => `${p} ${ms.toFixed(2)} ms`).join("   ")}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
