import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { sections } from "../scripts/wasm-sections.mjs";
import { cjs, esm, root } from "./helpers.mjs";

const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };

test("require and import give the same API and one ToolshapeError class", () => {
  for (const api of [cjs, esm]) {
    assert.equal(typeof api.compile, "function");
    assert.equal(typeof api.init, "function");
    assert.equal(typeof api.ToolshapeError, "function");
  }
  assert.equal(cjs.ToolshapeError, esm.ToolshapeError);
  assert.equal(cjs.compile, esm.compile);
  const tool = esm.compile(schema);
  assert.deepEqual(tool.inputSchema(), schema);
  tool.free();
});

test("init() is a no-op in Node", async () => {
  assert.equal(await cjs.init(), undefined);
});

test("the browser entry works after init(), and says so before it", async () => {
  const web = await import("../pkg/web/index.js");
  assert.throws(() => web.compile(schema), (e) => e instanceof web.ToolshapeError && e.code === "NOT_INITIALIZED");
  const bytes = readFileSync(join(root, "pkg", "web", "toolshape_bg.wasm"));
  await web.init(bytes);
  await web.init(bytes);
  const tool = web.compile(schema);
  assert.deepEqual(tool.inputSchema(), schema);
  assert.deepEqual(tool.parseArgv(["--a", "x"]), { a: "x" });
});

test("the bundlers' ES module entry gives what index.mjs gives, from the same instance", async () => {
  const bundler = await import("../pkg/index.bundler.mjs");
  assert.deepEqual(Object.keys(bundler).sort(), Object.keys(esm).sort());
  for (const name of Object.keys(esm)) assert.equal(bundler[name], esm[name], name);
});

test("importing the Node ES module entry does not start Node's CommonJS export lexer", () => {
  // Node imports a CommonJS file by lexing it for its names first; on Node
  // 20 that loads and starts cjs-module-lexer (about 1.5 ms), which an ES
  // module program otherwise never needs. index.mjs requires the entry instead.
  const program = `await import(${JSON.stringify(new URL("../pkg/index.mjs", import.meta.url).href)});
process.stdout.write(JSON.stringify(process.moduleLoadList));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const loaded = JSON.parse(run.stdout);
  assert.ok(loaded.some((name) => name.includes("toolshape") || name.startsWith("NativeModule")), "the module list was read");
  assert.deepEqual(loaded.filter((name) => name.includes("cjs-module-lexer")), []);
});

test("package.json exports map names every entry", () => {
  const manifest = JSON.parse(readFileSync(join(root, "pkg", "package.json"), "utf8"));
  const dot = manifest.exports["."];
  assert.deepEqual(dot.require, { types: "./index.d.ts", default: "./index.cjs" });
  assert.deepEqual(dot.import.node, { module: "./index.bundler.mjs", default: "./index.mjs" });
  assert.equal(manifest.module, "./index.bundler.mjs");
  assert.equal(dot.import.types, "./index.d.mts");
  assert.equal(dot.browser.default, "./web/index.js");
  assert.equal(manifest.exports["./web/toolshape_bg.wasm"], "./web/toolshape_bg.wasm");
  assert.equal(manifest.bin.toolshape, "./bin/toolshape.cjs");
});

test("a Tool is disposable and refuses use after free", () => {
  const tool = cjs.compile(schema);
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");
  tool[dispose]();
  tool.free();
  assert.throws(() => tool.inputSchema(), (e) => e instanceof cjs.ToolshapeError && e.code === "FREED");
});

test("forgotten Tools are freed: wasm memory stops growing", async () => {
  const { spawnSync } = await import("node:child_process");
  const script = `
    const { compile } = require(${JSON.stringify(join(root, "pkg", "index.cjs"))});
    const wasm = require(${JSON.stringify(join(root, "pkg", "node", "toolshape.js"))});
    const schema = { type: "object", properties: { a: { type: "object", properties: { b: { type: "string", description: "x".repeat(2000) } } } } };
    const pause = () => new Promise((r) => setTimeout(r, 10));
    (async () => {
      const marks = [];
      for (let round = 1; round <= 60; round++) {
        for (let i = 0; i < 1000; i++) compile(schema);
        global.gc();
        await pause();
        if (round === 20 || round === 60) marks.push(wasm.memoryBytes());
      }
      process.stdout.write(JSON.stringify(marks));
    })();`;
  const r = spawnSync(process.execPath, ["--expose-gc", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const [after20, after60] = JSON.parse(r.stdout);
  assert.ok(after60 - after20 < 1024 * 1024, `grew ${after60 - after20} bytes between rounds 20 and 60`);
});

test("installed, the Node entry reads the module beside the web entry, not through #toolshape-wasm", async () => {
  // Resolving the package's own import costs a CommonJS program Node's ES
  // module resolver (1.7 ms of start-up); only a bundle needs it.
  const { spawnSync } = await import("node:child_process");
  const { writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const dir = mkdtempSync(join(tmpdir(), "toolshape-load-"));
  try {
    const file = join(dir, "probe.cjs");
    writeFileSync(
      file,
      `const { compile } = require(${JSON.stringify(join(root, "pkg", "index.cjs"))});
compile({ type: "object", properties: { a: { type: "string" } } }).inputSchema();
process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((p) => /wasm-(file|inline)/.test(p))));`,
    );
    const run = spawnSync(process.execPath, [file], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Each exported function's result count, read from the module's type, import, function and export sections. */
function exportResults(bytes) {
  const types = [];
  const funcs = [];
  const results = new Map();
  for (const { id, reader } of sections(bytes)) {
    const valueTypes = () => {
      const count = reader.leb();
      for (let i = 0; i < count; i++) {
        // A reference type with a heap type (0x63, 0x64) carries one more.
        const type = reader.byte();
        if (type === 0x63 || type === 0x64) reader.leb();
      }
      return count;
    };
    if (id === 1) {
      for (let n = reader.leb(); n > 0; n--) {
        assert.equal(reader.byte(), 0x60, "a plain function type");
        valueTypes();
        types.push(valueTypes());
      }
    } else if (id === 2) {
      for (let n = reader.leb(); n > 0; n--) {
        reader.name();
        reader.name();
        const kind = reader.byte();
        if (kind === 0) {
          funcs.push(types[reader.leb()]);
        } else if (kind === 1 || kind === 2) {
          if (kind === 1) reader.byte(); // a table's element type
          const hasMax = reader.leb() & 1;
          reader.leb();
          if (hasMax) reader.leb();
        } else if (kind === 3) {
          reader.byte(); // a global's type
          reader.byte(); // and mutability
        }
      }
    } else if (id === 3) {
      for (let n = reader.leb(); n > 0; n--) funcs.push(types[reader.leb()]);
    } else if (id === 7) {
      for (let n = reader.leb(); n > 0; n--) {
        const name = reader.name();
        const kind = reader.byte();
        const index = reader.leb();
        if (kind === 0) results.set(name, funcs[index]);
      }
    }
  }
  return results;
}

test("every export of the module returns one value at most (V8 in Node 20 compiles a wrapper per multi-result signature at start-up)", () => {
  const results = exportResults(readFileSync(join(root, "pkg", "web", "toolshape_bg.wasm")));
  assert.ok(results.size > 40, `${results.size} exported functions read`);
  const several = [...results].filter(([, count]) => count > 1).map(([name]) => name);
  assert.deepEqual(several, []);
});

test("the module names no path of the machine that built it (panic locations of dependencies are written relative to Cargo's home)", () => {
  const text = readFileSync(join(root, "pkg", "web", "toolshape_bg.wasm")).toString("latin1");
  const cargoHome = process.env.CARGO_HOME || join(homedir(), ".cargo");
  const paths = text.match(/[\w./-]*\.rs\b/g) ?? [];
  assert.ok(paths.some((p) => p.startsWith("cargo/registry/")), `a dependency's location is written as cargo/registry/...: ${paths.slice(0, 3).join(", ")}`);
  for (const machine of [cargoHome, homedir(), root.replace(/\/$/, "")]) {
    assert.equal(text.includes(machine), false, `the module holds ${machine}`);
  }
  // The standard library comes prebuilt with its paths already written as /rustc/<commit> and /rust/deps.
  assert.deepEqual(paths.filter((p) => p.startsWith("/") && !/^\/rust(c\/[0-9a-f]{40})?\//.test(p)), []);
});

test("the serving half is read on first use: a program that only compiles never loads lib/serving.cjs, and its errors are the one ToolshapeError", () => {
  const script = `
    const api = require(${JSON.stringify(join(root, "pkg"))});
    const loaded = () => Object.keys(require.cache).some((file) => file.endsWith("serving.cjs"));
    const seen = [loaded()];
    api.compile({ type: "object", properties: { a: { type: "string" } } }).inputSchema();
    seen.push(loaded());
    try { api.defineTool({}); } catch (error) { seen.push(error instanceof api.ToolshapeError, error.code); }
    seen.push(loaded());
    process.stdout.write(JSON.stringify(seen));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), [false, false, true, "INVALID_DEFINITION", true]);
});
