// The playground in real headless Chromium (Debian's, through
// playwright-core): the default example renders, Zod code and a command
// line are typed, clients switched, every output checked, a bad schema
// shows its error in place of the outputs, the share link restores the
// page, it works at 375 px and by keyboard, and no request leaves the
// origin. The screenshot in docs/playground.md is taken here
// (TOOLSHAPE_SCREENSHOT=update writes it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { launch } from "./browser.mjs";
import { root } from "./helpers.mjs";
import { buildPlayground, servePlayground } from "../scripts/playground.mjs";

let server;
let browser;
let page;
const foreign = [];

const text = (testid) => page.locator(`[data-testid="${testid}"]`).innerText();
async function settled() {
  // Each keystroke schedules one render (debounced); wait until it has run.
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 120)));
}
async function typeInto(testid, value) {
  const box = page.locator(`[data-testid="${testid}"]`);
  await box.fill(value);
  await settled();
}

before(async () => {
  await buildPlayground();
  server = await servePlayground(0);
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("request", (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  page.on("pageerror", (error) => foreign.push(`page error: ${error.message}`));
  await page.goto(server.url);
  await settled();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("the default example renders every output", async () => {
  const first = await page.evaluate(() => window.playgroundFirstRenderMs);
  console.log(`# first render with the default example: ${first.toFixed(1)} ms`);
  const schema = JSON.parse(await text("input-schema"));
  assert.deepEqual(Object.keys(schema.properties.config.properties), ["timeout", "dryRun"]);
  assert.match(await text("usage"), /--config-timeout <number>/);
  assert.match(await text("flags"), /--config-dry-run/);
  assert.deepEqual(JSON.parse(await text("args")), { service: "my api", config: { timeout: 5 }, tags: ["a", "b"] });
  const repaired = JSON.parse(await text("repair-output"));
  assert.deepEqual(repaired.value, { service: "api", replicas: 3, config: { timeout: 7 } });
  assert.ok(repaired.repairs.length >= 2);
  const clients = await page.locator('[data-testid="client"] option').allInnerTexts();
  assert.deepEqual(clients, ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"]);
});

test("typing Zod code and a command line updates the outputs; each update is timed", async () => {
  await typeInto("schema", 'z.object({ name: z.string(), retry: z.object({ max: z.number().int().default(3), backoff: z.enum(["linear", "exp"]) }).optional() })');
  assert.match(await text("usage"), /--retry-backoff <linear\|exp>/);
  await typeInto("argv", "--name 'two words' --retry-backoff exp");
  assert.deepEqual(JSON.parse(await text("args")), { name: "two words", retry: { backoff: "exp" } });
  await typeInto("argv", "--name x --retry-max 1.5");
  assert.match(await text("args"), /^INVALID_ARGS: [^]*--retry-max expects an integer/);
  const times = [];
  for (const key of ["a", "b", "c"]) {
    await page.locator('[data-testid="argv"]').press("End");
    await page.locator('[data-testid="argv"]').type(` ${key}`);
    await settled();
    times.push(await page.evaluate(() => window.playgroundRenderMs));
  }
  console.log(`# update after a keystroke in the command line: ${times.map((t) => t.toFixed(1)).join(", ")} ms`);
  // A keystroke in the schema compiles it again: timed for each bundled example.
  const labels = await page.locator('[data-testid="example"] option').allInnerTexts();
  const schemaTimes = [];
  for (const label of labels) {
    await page.selectOption('[data-testid="example"]', { label });
    await settled();
    await page.locator('[data-testid="schema"]').press("End");
    await page.locator('[data-testid="schema"]').type(" ");
    await settled();
    schemaTimes.push(`${label}: ${(await page.evaluate(() => window.playgroundRenderMs)).toFixed(1)}`);
  }
  console.log(`# update after a keystroke in the schema (ms): ${schemaTimes.join("; ")}`);
});

test("switching clients: each profile's schema and what it changes or refuses", async () => {
  await page.selectOption('[data-testid="example"]', { label: "A schema some clients refuse" });
  await settled();
  assert.equal(await page.locator('[data-testid="client"]').inputValue(), "openai-strict");
  assert.match(await text("input-schema"), /^UNSUPPORTED_BY_CLIENT: /);
  assert.match(await text("warnings"), /^RECORD_REFUSED|\(error\)/m);
  await page.selectOption('[data-testid="client"]', "gemini");
  await settled();
  const gemini = JSON.parse(await text("input-schema"));
  assert.equal(gemini.properties.labels.additionalProperties, undefined);
  assert.match(await text("warnings"), /RECORD_VALUE_SCHEMA_DROPPED/);
  await page.selectOption('[data-testid="client"]', "mcp");
  await settled();
  assert.equal(JSON.parse(await text("input-schema")).properties.labels.additionalProperties.type, "string");
  await page.selectOption('[data-testid="example"]', { label: "Grouped tool (defineGroup)" });
  await settled();
  const grouped = JSON.parse(await text("input-schema"));
  assert.deepEqual(grouped.properties.action.enum, ["list", "ban"]);
  assert.deepEqual(JSON.parse(await text("args")), { action: "ban", workspace: "w1", id: "u9" });
  await page.selectOption('[data-testid="example"]', { label: "Action union" });
  await settled();
  assert.match(await text("usage"), /logs/);
  assert.deepEqual(JSON.parse(await text("args")), { action: "logs", id: "web-1", lines: 20 });
});

test("a tool as an MCP server lists it: its inputSchema, named for it, every output", async () => {
  await page.selectOption('[data-testid="example"]', { label: "An MCP server's tool (the filesystem server's edit_file)" });
  await settled();
  assert.equal(await page.locator('[data-testid="schema-error"]').isHidden(), true);
  assert.match(await text("usage"), /^Usage: edit_file <options>/);
  assert.match(await text("usage"), /--edits <json>\.\.\. +\(required\)\s+\[JSON, e\.g\. '\{"oldText":"\.\.\.","newText":"\.\.\."\}'\]/);
  assert.match(await text("flags"), /--edits/);
  // openai-strict: every key required, the optional dryRun nullable.
  const strict = JSON.parse(await text("input-schema"));
  assert.deepEqual(strict.required, ["path", "edits", "dryRun"]);
  assert.deepEqual(JSON.parse(await text("args")), { path: "notes.md", edits: [{ oldText: "a", newText: "b" }], dryRun: true });
  assert.deepEqual(JSON.parse(await text("repair-output")).value, { path: "notes.md", edits: [{ oldText: "a", newText: "b" }], dryRun: true });
  // The same entry with its name changed names the usage so.
  const listed = JSON.parse(await page.locator('[data-testid="schema"]').inputValue());
  await typeInto("schema", JSON.stringify({ ...listed, name: "patch" }));
  assert.match(await text("usage"), /^Usage: patch <options>/);
});

test("a bad schema shows its error, code and message, in place of the outputs", async () => {
  await typeInto("schema", '{ "type": "object", "properties": { "a": { "$ref": "#/$defs/missing" } } }');
  const shown = await text("schema-error");
  assert.match(shown, /^DANGLING_REF: /);
  assert.match(await text("usage"), /DANGLING_REF/);
  await typeInto("schema", "z.object({ a: z.strin() })");
  assert.match(await text("schema-error"), /TypeError/);
  await typeInto("schema", '{ "type": "object", "properties": { "n": { "type": "integer" } } }');
  assert.equal(await page.locator('[data-testid="schema-error"]').isHidden(), true);
});

test("a schema that makes no command line: its schema shows, the flags table says why", async () => {
  await page.selectOption('[data-testid="client"]', "mcp");
  await typeInto("schema", 'z.object({ "First Name": z.string(), age: z.number().int().optional() })');
  assert.deepEqual(Object.keys(JSON.parse(await text("input-schema")).properties), ["First Name", "age"]);
  assert.match(await text("flags"), /no command line: INVALID_FLAG_NAME: the key path \["First Name"\]/);
  assert.match(await text("usage"), /options\.flags\["first/);
  assert.equal(await page.locator('[data-testid="schema-error"]').isHidden(), true);
});

test("the share link restores schema, client and command line", async () => {
  await typeInto("schema", 'z.object({ shared: z.boolean(), level: z.number().int().min(1) })');
  await page.selectOption('[data-testid="client"]', "vscode");
  await typeInto("argv", "--shared --level 4");
  const href = await page.locator('[data-testid="share"]').getAttribute("href");
  const other = await browser.newPage();
  await other.goto(new URL(href, server.url).href);
  await other.waitForFunction(() => document.body.dataset.ready === "true");
  assert.equal(await other.locator('[data-testid="schema"]').inputValue(), 'z.object({ shared: z.boolean(), level: z.number().int().min(1) })');
  assert.equal(await other.locator('[data-testid="client"]').inputValue(), "vscode");
  // Code from a link waits for the reader's say-so; then every output follows.
  assert.equal(await other.locator('[data-testid="shared-code"]').isVisible(), true);
  assert.equal(await other.locator('[data-testid="args"]').innerText(), "(no output: the link's code has not run)");
  await other.locator('[data-testid="run-shared"]').click();
  await other.waitForFunction(() => document.querySelector('[data-testid="args"]').textContent.startsWith("{"));
  assert.deepEqual(JSON.parse(await other.locator('[data-testid="args"]').innerText()), { shared: true, level: 4 });
  assert.equal(await other.locator('[data-testid="shared-code"]').isVisible(), false);
  await other.close();
});

test("a share link's code does not run on opening the link; a JSON Schema in a link renders at once", async () => {
  const link = (state) => `#${Buffer.from(JSON.stringify(state)).toString("base64url")}`;
  const hostile = await browser.newPage();
  await hostile.goto(new URL(link({ s: "(globalThis.ranFromLink = true, z.object({ a: z.string() }))", c: "mcp", a: "--a x", r: "" }), server.url).href);
  await hostile.waitForFunction(() => document.body.dataset.ready === "true");
  await hostile.evaluate(() => new Promise((resolve) => setTimeout(resolve, 120)));
  assert.equal(await hostile.evaluate(() => globalThis.ranFromLink), undefined);
  assert.equal(await hostile.locator('[data-testid="shared-code"]').isVisible(), true);
  assert.equal(await hostile.locator('[data-testid="schema-error"]').isVisible(), false);
  // Edited but not run: still waits.
  await hostile.locator('[data-testid="schema"]').fill("(globalThis.ranFromLink = 2, z.object({ a: z.string() }))");
  await hostile.evaluate(() => new Promise((resolve) => setTimeout(resolve, 120)));
  assert.equal(await hostile.evaluate(() => globalThis.ranFromLink), undefined);
  await hostile.locator('[data-testid="run-shared"]').click();
  await hostile.waitForFunction(() => globalThis.ranFromLink === 2);
  assert.deepEqual(JSON.parse(await hostile.locator('[data-testid="args"]').innerText()), { a: "x" });
  // Code that does run still cannot send anything away: the page's CSP stops it.
  const stopped = await hostile.evaluate(
    () =>
      new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), { once: true });
        setTimeout(() => resolve("no violation"), 3000);
        fetch("http://127.0.0.2:9/").catch(() => {});
      }),
  );
  assert.equal(stopped, "connect-src");
  await hostile.close();
  const plain = await browser.newPage();
  await plain.goto(new URL(link({ s: '{"type":"object","properties":{"n":{"type":"integer"}}}', c: "mcp", a: "--n 3", r: "" }), server.url).href);
  await plain.waitForFunction(() => document.body.dataset.ready === "true");
  assert.equal(await plain.locator('[data-testid="shared-code"]').isVisible(), false);
  assert.deepEqual(JSON.parse(await plain.locator('[data-testid="args"]').innerText()), { n: 3 });
  await plain.close();
});

test("375 px wide, labelled controls, keyboard use; no request left the origin; screenshot", async () => {
  await page.selectOption('[data-testid="example"]', { label: "Nested deploy tool" });
  await settled();
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${overflow} px wider than the window`);
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll("textarea, input, select")].filter((el) => !(el.labels && el.labels.length > 0)).map((el) => el.id),
  );
  assert.deepEqual(unlabelled, []);
  await page.locator('[data-testid="client"]').focus();
  await page.keyboard.press("ArrowDown");
  await settled();
  assert.equal(await page.locator('[data-testid="client"]').inputValue(), "portable");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "schema");
  await page.setViewportSize({ width: 1280, height: 900 });
  // The playground page's picture is rewritten only when asked: a test run leaves
  // the checkout as it found it (PNG bytes differ from run to run).
  const shot = await page.screenshot(process.env.TOOLSHAPE_SCREENSHOT === "update" ? { path: join(root, "playground", "screenshot.png") } : {});
  assert.ok(shot.length > 10_000, "the screenshot holds a rendered page");
  assert.deepEqual(foreign, []);
});
