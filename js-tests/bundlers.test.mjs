// The web entry as bundlers and browsers use it, in Debian's Chromium:
// init takes every input wasm-bindgen's own init takes, a failed init can
// be tried again with another input, and the recipes of docs/browsers-and-bundlers.md for
// esbuild, Vite and webpack, each bundled here with esbuild (the Vite and
// webpack ones through the same "import the .wasm as a URL" that those
// bundlers do), run in a page; and a Node CLI bundled into one file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import { launch, serve } from "./browser.mjs";
import { root } from "./helpers.mjs";

let browser;
let work;

before(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), "toolshape-bundlers-"));
  writeFileSync(join(work, "index.html"), "<!doctype html><title>blank</title>");
  // A project with the package installed as a user has it.
  cpSync(join(root, "pkg"), join(work, "node_modules", "toolshape"), { recursive: true });
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** What a bundled page served from `dist` leaves in `document.body.dataset.result`, once it ran without a page error. */
async function pageResult(dist) {
  const server = await serve({ "/": dist });
  let page;
  try {
    // Inside the try: without a browser the server must still close.
    page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => document.body && document.body.dataset.result, null, { timeout: 10000 }).catch(() => {});
    assert.deepEqual(errors, []);
    return await page.evaluate(() => document.body.dataset.result);
  } finally {
    await page?.close();
    await server.close();
  }
}

/** Runs `body` (a function's source taking the web module) in a fresh page of a server of `work`. */
async function inPage(server, body) {
  const page = await browser.newPage();
  try {
    await page.goto(`${server.url}/index.html`);
    return await page.evaluate(`(async () => { const web = await import("/node_modules/toolshape/web/index.js"); return (${body})(web); })()`);
  } finally {
    await page.close();
  }
}

test("init takes what wasm-bindgen's init takes, and can be retried after a failure", async () => {
  const server = await serve({ "/": work });
  try {
    const wasm = "/node_modules/toolshape/web/toolshape_bg.wasm";
    const use = `(web) => web.compile({ type: "object", properties: { a: { type: "string" } } }).parseArgv(["--a", "x"]).a`;
    const inputs = {
      nothing: "undefined",
      "module_or_path URL": `{ module_or_path: new URL("${wasm}", location.href) }`,
      URL: `new URL("${wasm}", location.href)`,
      string: `"${wasm}"`,
      Request: `new Request("${wasm}")`,
      Response: `await fetch("${wasm}")`,
      "promise of a Response": `fetch("${wasm}")`,
      bytes: `new Uint8Array(await (await fetch("${wasm}")).arrayBuffer())`,
      ArrayBuffer: `await (await fetch("${wasm}")).arrayBuffer()`,
      "WebAssembly.Module": `await WebAssembly.compileStreaming(fetch("${wasm}"))`,
      "module_or_path Module": `{ module_or_path: await WebAssembly.compileStreaming(fetch("${wasm}")) }`,
    };
    for (const [what, input] of Object.entries(inputs)) {
      const got = await inPage(server, `async (web) => { await web.init(${input}); await web.init(${input}); return (${use})(web); }`);
      assert.equal(got, "x", what);
    }
    const retried = await inPage(
      server,
      `async (web) => {
        const first = await web.init("/no/such.wasm").then(() => "loaded", (e) => "failed");
        let before;
        try { web.compile({ type: "object" }); } catch (e) { before = e.code; }
        await web.init({ module_or_path: "${wasm}" });
        return [first, before, (${use})(web)];
      }`,
    );
    assert.deepEqual(retried, ["failed", "NOT_INITIALIZED", "x"]);
  } finally {
    await server.close();
  }
});

/** The first ```js block under the bundlers page's heading `### ${name}`. */
function recipe(name) {
  const page = readFileSync(join(root, "docs", "browsers-and-bundlers.md"), "utf8");
  const at = page.indexOf(`\n### ${name}\n`);
  assert.ok(at >= 0, `docs/browsers-and-bundlers.md has a ${name} recipe`);
  const block = /```js\n([^]*?)```/.exec(page.slice(at));
  return block[1];
}

/** esbuild with `.wasm` imported as a URL (Vite's `?url`, webpack's asset/resource). */
const wasmAsUrl = {
  name: "wasm-as-url",
  setup(b) {
    b.onResolve({ filter: /\.wasm\?url$/ }, async (args) => {
      const found = await b.resolve(args.path.replace(/\?url$/, ""), { kind: args.kind, resolveDir: args.resolveDir });
      return { path: found.path };
    });
  },
};

for (const name of ["esbuild", "Vite", "webpack"]) {
  test(`the bundlers page's recipe for ${name}: bundled, it runs in Chromium`, async () => {
    const dir = join(work, name.toLowerCase());
    mkdirSync(join(dir, "dist"), { recursive: true });
    writeFileSync(join(dir, "app.js"), recipe(name));
    writeFileSync(join(dir, "dist", "index.html"), '<!doctype html><title>recipe</title><script type="module" src="./app.js"></script>');
    await build({
      entryPoints: [join(dir, "app.js")],
      bundle: true,
      format: "esm",
      platform: "browser",
      outfile: join(dir, "dist", "app.js"),
      nodePaths: [join(work, "node_modules")],
      loader: { ".wasm": "file" },
      plugins: [wasmAsUrl],
      logLevel: "silent",
    });
    if (name === "esbuild") copyFileSync(join(work, "node_modules", "toolshape", "web", "toolshape_bg.wasm"), join(dir, "dist", "toolshape_bg.wasm"));
    assert.equal(await pageResult(join(dir, "dist")), '{"name":"web"}');
  });
}

test("the subpath entries bundle for the browser and share the root's instance: one init serves them all", async () => {
  const dir = join(work, "subpaths");
  mkdirSync(join(dir, "dist"), { recursive: true });
  writeFileSync(
    join(dir, "app.js"),
    `import { compile, init } from "toolshape";
import { repair } from "toolshape/mcp";
import { createNameTable } from "toolshape/names";
import { actionHelp } from "toolshape/cli";
await init();
const tool = compile({ type: "object", properties: { n: { type: "number" } } });
const name = createNameTable([{ toolbox: "a", server: "b", tool: "c.d" }], { client: "openai" }).entries()[0].name;
const help = actionHelp({ oneOf: [{ type: "object", properties: { action: { const: "list" } }, required: ["action"] }] })[0].discriminator;
document.body.dataset.result = JSON.stringify({ repaired: repair(tool, { n: "5" }).value, name, help });
`,
  );
  writeFileSync(join(dir, "dist", "index.html"), '<!doctype html><title>subpaths</title><script type="module" src="./app.js"></script>');
  await build({ entryPoints: [join(dir, "app.js")], bundle: true, format: "esm", platform: "browser", outfile: join(dir, "dist", "app.js"), nodePaths: [join(work, "node_modules")], logLevel: "silent" });
  copyFileSync(join(work, "node_modules", "toolshape", "web", "toolshape_bg.wasm"), join(dir, "dist", "toolshape_bg.wasm"));
  assert.deepEqual(JSON.parse(await pageResult(join(dir, "dist"))), { repaired: { n: 5 }, name: "a__b__c_d", help: "list" });
});

test("a Node CLI bundled into one file with esbuild (ESM and CJS) runs from another directory", async () => {
  const project = join(work, "cli");
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "cli.mjs"),
    'import { compile } from "toolshape";\nimport { repair } from "toolshape/mcp";\nconst tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });\nconst args = tool.parseArgv(process.argv.slice(2));\nconsole.log(JSON.stringify(repair(tool, { config: JSON.stringify(args.config) }).value));\n',
  );
  const elsewhere = mkdtempSync(join(tmpdir(), "toolshape-cli-"));
  try {
    for (const format of ["esm", "cjs"]) {
      const out = join(project, "out", `cli.${format === "esm" ? "mjs" : "cjs"}`);
      const result = await build({ entryPoints: [join(project, "cli.mjs")], bundle: true, platform: "node", format, outfile: out, nodePaths: [join(work, "node_modules")], logLevel: "silent" });
      assert.deepEqual(result.warnings, [], format);
      // Only the one file, in a folder with no node_modules, run from yet another folder.
      const alone = join(elsewhere, `cli.${format === "esm" ? "mjs" : "cjs"}`);
      copyFileSync(out, alone);
      const run = spawnSync(process.execPath, [alone, "--config-timeout", "5"], { cwd: tmpdir(), encoding: "utf8" });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, '{"config":{"timeout":5}}\n');
    }
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
