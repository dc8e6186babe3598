// The recipes are files in examples/, shown verbatim in the docs
// (js-tests/docs.test.mjs), and each runs as written: the CLI main, the MCP servers on the
// SDK 1.x and 2.x (each driven by its SDK's own Client over stdio), the
// command line in front of any MCP server (over the reference "everything"
// server), and the browser page (in Chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransport2 } from "@modelcontextprotocol/client/stdio";
import { launch, serve } from "./browser.mjs";
import { serverEntry } from "../scripts/gen-server-fixtures.mjs";
import { root } from "./helpers.mjs";


test("recipe: a command line for any MCP server lists its tools, parses a tool's flags and calls it", () => {
  const { entry } = serverEntry("@modelcontextprotocol/server-everything");
  const server = `${process.execPath} ${entry} stdio`;
  const cli = (...argv) => spawnSync(process.execPath, [join(root, "examples", "mcp-cli.mjs"), "--server", server, ...argv], { encoding: "utf8" });
  const list = cli("--help");
  assert.equal(list.status, 0, list.stderr);
  assert.match(list.stdout, /^Usage: mcp-cli <command> \[options\]/);
  assert.match(list.stdout, /\n {2}get-sum +Returns the sum of two numbers\n/);
  // The list keeps each description's first sentence; the tool's --help has the rest.
  assert.match(list.stdout, /gzip-file-as-resource +Compresses a single file using gzip\s+compression\.\n/);
  assert.doesNotMatch(list.stdout, /Depending upon/);
  assert.match(cli("gzip-file-as-resource", "--help").stdout, /Depending upon/);
  const flags = cli("get-sum", "--help");
  assert.equal(flags.status, 0);
  assert.match(flags.stdout, /--a <number> +First number \(required\)/);
  const sum = cli("get-sum", "--a", "2", "--b", "3.5");
  assert.equal(sum.status, 0, sum.stderr);
  assert.equal(sum.stdout, "The sum of 2 and 3.5 is 5.5.\n");
  const missing = cli("get-sum", "--a", "2");
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /missing required flag --b/);
  const typo = cli("get-summ");
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /unknown command "get-summ"; did you mean get-sum\?/);
  const nested = cli("get-annotated-message", "--message-type", "error", "--include-image");
  assert.equal(nested.status, 0, nested.stderr);
  assert.match(nested.stdout, /Error: Operation failed/);
});

test("recipe: the command line for any MCP server reads every page of tools/list, and at most 64", () => {
  const paged = (mode, ...argv) =>
    spawnSync(process.execPath, [join(root, "examples", "mcp-cli.mjs"), "--server", `${process.execPath} ${join(root, "js-tests", "paged-server.mjs")} ${mode}`, ...argv], { encoding: "utf8" });
  const list = paged("paged", "--help");
  assert.equal(list.status, 0, list.stderr);
  const listed = [...list.stdout.matchAll(/^ {2}(\S+) +Tool /gm)].map((m) => m[1]);
  assert.deepEqual(listed, ["alpha", "bravo", "charlie", "delta", "echo"]);
  // A tool from the last page is called like any other.
  const call = paged("paged", "echo", "--word", "hi");
  assert.equal(call.status, 0, call.stderr);
  assert.equal(call.stdout, 'echo: {"word":"hi"}\n');
  // A list that never ends: the first 64 pages, and a line saying so.
  const endless = paged("endless", "--help");
  assert.equal(endless.status, 0, endless.stderr);
  assert.equal([...endless.stdout.matchAll(/^ {2}page-\d+ /gm)].length, 64);
  assert.match(endless.stderr, /goes on past 64 pages/);
});

test("recipe: the CLI main answers help, errors and work with the right exit codes", () => {
  const cli = (...argv) => spawnSync(process.execPath, [join(root, "examples", "cli.mjs"), ...argv], { encoding: "utf8", env: { PATH: process.env.PATH } });
  const help = cli("--help");
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: deploy <options>/);
  assert.match(help.stdout, /--config-timeout <number>/);
  const ok = cli("--service", "api", "--config-timeout", "5");
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, "deploying api to dev (timeout 5s)\n");
  const typo = cli("--service", "api", "--config-timout", "5");
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /unknown flag --config-timout; did you mean --config-timeout\?/);
  const invalid = cli("--service", "api", "--config-timeout", "-1");
  assert.equal(invalid.status, 2);
  assert.match(invalid.stderr, /config\.timeout: Too small/);
  const env = spawnSync(process.execPath, [join(root, "examples", "cli.mjs"), "--service", "api"], { encoding: "utf8", env: { PATH: process.env.PATH, DEPLOY_ENVIRONMENT: "prod" } });
  assert.equal(env.stdout, "deploying api to prod (timeout 30s)\n");
});

test("recipe: the MCP server lists the complete schema and repairs stringified arguments", async () => {
  const client = new Client({ name: "recipe-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "examples", "mcp-server.mjs")], stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(Object.keys(tools[0].inputSchema.properties.filters.properties), ["owners", "since"]);
    const result = await client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
    assert.equal(result.isError, undefined);
    assert.equal(result.content[0].text, 'searching "api", 5 results, filters {"owners":["ops"]}');
    const bad = await client.callTool({ name: "search", arguments: { query: "api", limit: "500" } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /limit: Too big/);
  } finally {
    await client.close();
  }
});

test("recipe: the MCP server on the SDK 2.x lists the complete schema, repairs text arguments and reports Zod's issues", async () => {
  const client = new Client2({ name: "claude-code", version: "1.0.0" });
  await client.connect(new StdioClientTransport2({ command: process.execPath, args: [join(root, "examples", "mcp-server-v2.mjs")], stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => [t.name, t.annotations]), [["search", { readOnlyHint: true }]]);
    assert.deepEqual(Object.keys(tools[0].inputSchema.properties.filters.properties), ["owners", "since"]);
    const result = await client.callTool({ name: "search", arguments: { query: "api", limit: "5", filters: '{"owners":["ops"]}' } });
    assert.equal(result.isError, undefined);
    assert.equal(result.content[0].text, 'searching "api", 5 results, filters {"owners":["ops"]}');
    const asText = await client.request({ method: "tools/call", params: { name: "search", arguments: '{"query":"db"}' } });
    assert.equal(asText.content[0].text, 'searching "db", 10 results, filters {}');
    const bad = await client.callTool({ name: "search", arguments: { query: "api", limit: "500" } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /^\[search\] Invalid arguments[^]*limit: Too big/);
  } finally {
    await client.close();
  }
});

test("recipe: the browser page runs in Chromium from the web entry", async () => {
  // The browser first: a server left listening by a failed launch would
  // keep this file's process alive, and the whole run waiting on it.
  const browser = await launch();
  const server = await serve({ "/node_modules/toolshape/": join(root, "pkg"), "/": join(root, "examples", "browser") });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const outside = [];
    page.on("request", (r) => !r.url().startsWith(server.url) && outside.push(r.url()));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => document.getElementById("out").textContent !== "loading…");
    assert.equal(await page.textContent("#out"), '{"query":"cats","filters":{"limit":5}}');
    await page.fill("#argv", "--filters-limit x");
    assert.match(await page.textContent("#out"), /^INVALID_ARGS: /);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test("recipe: the quickstart serves a tool and a group to the SDK 1.x McpServer, each client its schema, and is their command line", async () => {
  const file = join(root, "examples", "quickstart.mjs");
  const listed = {};
  for (const name of ["claude-code", "gemini-cli"]) {
    const client = new Client({ name, version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [file], stderr: "pipe" }));
    try {
      const { tools } = await client.listTools();
      listed[name] = tools;
      assert.deepEqual(tools.map((t) => t.name), ["search", "notes"]);
      if (name !== "claude-code") continue;
      const repaired = await client.callTool({ name: "search", arguments: { query: "cats", limit: "5", filters: '{"since":"2026-01-01"}' } });
      assert.equal(repaired.content[0].text, 'searching "cats" (5 results) {"since":"2026-01-01"}');
      const added = await client.callTool({ name: "notes", arguments: { action: "add", title: "Buy milk" } });
      assert.deepEqual(added.structuredContent, { added: "Buy milk", tags: [] });
      const bad = await client.callTool({ name: "notes", arguments: { action: "add", title: "" } });
      assert.equal(bad.isError, true);
    } finally {
      await client.close();
    }
  }
  // The complete schema: the nested object's properties, the group's actions as an enum.
  const [search, notes] = listed["claude-code"];
  assert.equal(search.inputSchema.properties.filters.properties.since.format, "date");
  assert.deepEqual(notes.inputSchema.properties.action.enum, ["add", "list"]);
  assert.deepEqual(listed["gemini-cli"].map((t) => t.inputSchema), listed["claude-code"].map((t) => t.inputSchema));
  const cli = (...argv) => spawnSync(process.execPath, [file, ...argv], { encoding: "utf8" });
  const found = cli("search", "--query", "cats", "--filters-since", "2026-01-01");
  assert.equal(found.status, 0, found.stderr);
  assert.equal(found.stdout, 'searching "cats" (10 results) {"since":"2026-01-01"}\n');
  const add = cli("notes", "add", "--title", "Buy milk", "--tags", "home");
  assert.deepEqual(JSON.parse(add.stdout), { added: "Buy milk", tags: ["home"] });
  assert.match(cli("notes", "--help").stdout, /\n {2}add +Add a note\n {2}list +List notes\n/);
  assert.equal(cli("search").status, 2);
});
