// createRegistry with the official MCP SDK: a real Client over the SDK's
// in-memory transport and over stdio lists and calls grouped and flat
// exposition; `client: "auto"` answers each known clientInfo name with its
// profile's schema; `arguments` sent as one JSON string is served; detach
// leaves a server that lists nothing and refuses calls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import * as client2 from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransport2 } from "@modelcontextprotocol/client/stdio";
import * as server2 from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";
import { KNOWN_CLIENTS } from "../pkg/lib/clients.mjs";

const { createRegistry, defineGroup, defineTool } = cjs;

function tools() {
  const deploy = defineTool({ name: "deploy", description: "Deploy", input: z.object({ service: z.string(), replicas: z.number().int().optional() }), tags: ["ops"], handler: async (args) => ({ deployed: args.service, replicas: args.replicas ?? 1 }) });
  const search = defineTool({ name: "search", input: z.object({ q: z.string(), limit: z.number().optional() }), tags: ["read", "internal"], handler: async (args) => `found ${args.q}` });
  const users = defineGroup({
    name: "users",
    tags: ["ops"],
    actions: {
      list: { input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: async (args) => ({ limit: args.limit ?? 10 }) },
      ban: { input: z.object({ id: z.string() }), destructive: true, handler: async (args) => `banned ${args.id}` },
    },
  });
  return [deploy, search, users];
}

/**
 * Both lines of the official SDK, each with its own server, client and
 * transport: attach and acceptTextArguments must serve either (sdk-v2.test.mjs
 * holds what only 2.x has). `rawCall` sends a tools/call as given, past the
 * client's own checks, as a client that sends arguments as text does;
 * `callMethod` is what that line's `setRequestHandler` takes for tools/call,
 * `toolsChanged` what its `setNotificationHandler` takes for
 * notifications/tools/list_changed;
 * `serverArg` picks the line in registry-server.mjs.
 */
const SDKS = [
  {
    line: "SDK 1.x",
    McpServer,
    Server,
    Client,
    InMemoryTransport,
    StdioClientTransport,
    serverArg: "v1",
    callMethod: CallToolRequestSchema,
    listMethod: ListToolsRequestSchema,
    toolsChanged: ToolListChangedNotificationSchema,
    rawCall: (client, params) => client.request({ method: "tools/call", params }, CallToolResultSchema),
  },
  {
    line: "SDK 2.x",
    McpServer: server2.McpServer,
    Server: server2.Server,
    Client: client2.Client,
    InMemoryTransport: server2.InMemoryTransport,
    StdioClientTransport: StdioClientTransport2,
    serverArg: "v2",
    callMethod: "tools/call",
    listMethod: "tools/list",
    toolsChanged: "notifications/tools/list_changed",
    rawCall: (client, params) => client.request({ method: "tools/call", params }),
  },
];

/** The built package copied to a folder of its own and loaded from there: a second, separate copy (made once). */
let copied;
function secondCopy() {
  if (copied === undefined) {
    const dir = join(root, "target", "second-copy");
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(root, "pkg"), dir, { recursive: true });
    copied = createRequire(join(dir, "index.cjs"))("./index.cjs");
  }
  return copied;
}

async function connected(server, clientName, sdk = SDKS[0]) {
  const [a, b] = sdk.InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new sdk.Client({ name: clientName, version: "1.0.0" });
  await client.connect(b);
  return client;
}

test("list filters by tags (all), anyTags (any) and exclude (none), grouped or flat", () => {
  const registry = createRegistry(tools());
  assert.deepEqual(registry.list().map((t) => t.name), ["deploy", "search", "users"]);
  assert.deepEqual(registry.list({ tags: ["ops"] }).map((t) => t.name), ["deploy", "users"]);
  assert.deepEqual(registry.list({ anyTags: ["read", "nope"] }).map((t) => t.name), ["search"]);
  assert.deepEqual(registry.list({ exclude: ["internal"] }).map((t) => t.name), ["deploy", "users"]);
  const flat = createRegistry(tools(), { exposition: "flat" });
  assert.deepEqual(flat.list().map((t) => t.name), ["deploy", "search", "users_list", "users_ban"]);
  assert.throws(() => registry.list({ tag: ["ops"] }), (e) => e.code === "INVALID_OPTION");
  assert.throws(() => createRegistry([...tools(), tools()[0]]), (e) => e.code === "INVALID_DEFINITION" && /"deploy"/.test(e.message));
});

test("call routes by name; an unknown name gets a suggestion and the list", async () => {
  const registry = createRegistry(tools(), { exposition: "flat" });
  assert.equal((await registry.call("users_ban", { id: "u1" })).content[0].text, "banned u1");
  assert.equal((await registry.call("users", { action: "ban", id: "u2" })).content[0].text, "banned u2");
  const unknown = await registry.call("serch", {});
  assert.equal(unknown.content[0].text, '[registry] Unknown tool "serch". Did you mean "search"? Tools: deploy, search, users_list, users_ban');
});

for (const sdk of SDKS) {
  test(`${sdk.line}, attach to McpServer: a real Client lists and calls, with the schema of its profile`, async () => {
    // Every name of the docs' table, spellings the table folds, and an unknown one.
    const names = { ...KNOWN_CLIENTS, "Visual Studio Code": "vscode", "Claude_Desktop": "anthropic", "some-new-client": "portable" };
    for (const [clientName, profile] of Object.entries(names)) {
      const registry = createRegistry(tools());
      const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
      registry.attach(server);
      const client = await connected(server, clientName, sdk);
      const { tools: listed } = await client.listTools();
      assert.deepEqual(listed.map((t) => t.name), ["deploy", "search", "users"]);
      const expected = registry.list({ client: profile });
      assert.deepEqual(listed.map((t) => t.inputSchema), expected.map((t) => t.inputSchema), clientName);
      const result = await client.callTool({ name: "deploy", arguments: { service: "api", replicas: "3" } });
      assert.deepEqual(result.structuredContent, { deployed: "api", replicas: 3 });
      await client.close();
    }
  });

  test(`${sdk.line}: openai-strict's nulls are undone for a client the registry serves with that profile`, async () => {
    const registry = createRegistry(tools());
    const server = new sdk.Server({ name: "t", version: "1.0.0" });
    registry.attach(server, { client: "openai-strict" });
    const client = await connected(server, "anything", sdk);
    const { tools: listed } = await client.listTools();
    assert.equal(listed[0].inputSchema.additionalProperties, false);
    const result = await client.callTool({ name: "deploy", arguments: { service: "api", replicas: null } });
    assert.deepEqual(result.structuredContent, { deployed: "api", replicas: 1 });
    await client.close();
  });

  test(`${sdk.line}: arguments sent as one JSON string are served end to end`, async () => {
    const registry = createRegistry(tools());
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    registry.attach(server);
    const client = await connected(server, "claude-code", sdk);
    const result = await sdk.rawCall(client, { name: "users", arguments: '{"action":"ban","id":"u9"}' });
    assert.deepEqual(result.content, [{ type: "text", text: "banned u9" }]);
    const broken = await sdk.rawCall(client, { name: "users", arguments: "{not json" });
    assert.equal(broken.isError, true);
    assert.match(broken.content[0].text, /^\[users\] The arguments must be an object with "action"/);
    await client.close();
  });

  test(`${sdk.line}: attach serves the registry's tools beside an McpServer's own (registerTool), refuses a shared name and a second registry until the first detaches; nothing is lost`, async () => {
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    server.registerTool("own", { description: "its own", inputSchema: z.object({ x: z.string() }) }, async ({ x }) => ({ content: [{ type: "text", text: `own ${x}` }] }));
    // A name both would serve is refused before anything changes.
    const clashing = createRegistry([defineTool({ name: "own", handler: async () => "ours" })]);
    assert.throws(() => clashing.attach(server), (e) => e.code === "INVALID_OPTION" && /the server's own tool "own" and the registry's share a name/.test(e.message));
    const detachBoth = createRegistry(tools()).attach(server);
    const client = await connected(server, "claude-code", sdk);
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["deploy", "search", "users", "own"]);
    assert.equal((await client.callTool({ name: "own", arguments: { x: "a" } })).content[0].text, "own a");
    const searched = await client.callTool({ name: "search", arguments: { q: "x" } });
    assert.equal(searched.isError, undefined, JSON.stringify(searched));
    // Detached, the server answers with its own tools again.
    detachBoth();
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["own"]);
    assert.equal((await client.callTool({ name: "own", arguments: { x: "b" } })).content[0].text, "own b");
    await client.close();
    // A server answering only tools/list of its own is still refused: attaching would drop it.
    const half = new sdk.Server({ name: "t", version: "1.0.0" }, { capabilities: { tools: {} } });
    half.setRequestHandler(sdk.listMethod, async () => ({ tools: [] }));
    assert.throws(() => createRegistry(tools()).attach(half), (e) => e.code === "INVALID_OPTION" && /already answers tools\/list with a handler of its own/.test(e.message));

    const shared = new sdk.Server({ name: "t", version: "1.0.0" });
    const detach = createRegistry(tools()).attach(shared);
    const second = createRegistry([tools()[1]]);
    assert.throws(() => second.attach(shared), (e) => e.code === "INVALID_OPTION" && /already attached/.test(e.message));
    detach();
    second.attach(shared);
    const viaSecond = await connected(shared, "claude-code", sdk);
    assert.deepEqual((await viaSecond.listTools()).tools.map((t) => t.name), ["search"]);
    await viaSecond.close();

    // A second copy of the package (two versions in one project's
    // node_modules) sees the same mark.
    const both = new sdk.Server({ name: "t", version: "1.0.0" });
    const other = secondCopy();
    const detachOther = other.createRegistry([other.defineTool({ name: "other", handler: async () => "other" })]).attach(both);
    assert.throws(() => createRegistry(tools()).attach(both), (e) => e.code === "INVALID_OPTION" && /already attached/.test(e.message));
    detachOther();
    createRegistry(tools()).attach(both);
    const viaCjs = await connected(both, "claude-code", sdk);
    assert.deepEqual((await viaCjs.listTools()).tools.map((t) => t.name), ["deploy", "search", "users"]);
    await viaCjs.close();
  });

  test(`${sdk.line}: a tool's output schema, icons and _meta are listed, and its structuredContent passes the SDK Client's own check`, async () => {
    const weather = defineTool({
      name: "weather",
      input: z.object({ city: z.string() }),
      output: z.object({ temp: z.number(), unit: z.enum(["C", "F"]).default("C") }),
      icons: [{ src: "https://example.com/weather.svg", mimeType: "image/svg+xml" }],
      _meta: { ui: { resourceUri: "ui://weather/view.html" } },
      handler: ({ city }) => (city === "nowhere" ? { temp: "?" } : { temp: 21 }),
    });
    // Plain JSON Schema is not validated here: what the Client's check catches.
    const unchecked = defineTool({ name: "unchecked", output: { type: "object", properties: { temp: { type: "number" } } }, handler: () => ({ temp: "?" }) });
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    createRegistry([weather, unchecked]).attach(server);
    const client = await connected(server, "claude-code", sdk);
    const [listed] = (await client.listTools()).tools;
    await assert.rejects(client.callTool({ name: "unchecked", arguments: {} }), /output schema/i);
    assert.deepEqual(listed.outputSchema.required, ["temp"]);
    assert.deepEqual(listed._meta, { ui: { resourceUri: "ui://weather/view.html" } });
    assert.deepEqual(listed.icons, [{ src: "https://example.com/weather.svg", mimeType: "image/svg+xml" }]);
    // The Client checks structuredContent against the listed outputSchema, and throws when it fails.
    const result = await client.callTool({ name: "weather", arguments: { city: "Oslo" } });
    assert.deepEqual(result.structuredContent, { temp: 21, unit: "C" });
    const refused = await client.callTool({ name: "weather", arguments: { city: "nowhere" } });
    assert.equal(refused.isError, true);
    assert.match(refused.content[0].text, /^\[weather\] the handler's result does not match the tool's output schema:\n- temp: /);
    await client.close();
  });

  test(`${sdk.line}: detach, and an attach to a server already connected, tell the client its tool list changed`, async () => {
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    const detach = createRegistry(tools()).attach(server);
    const client = await connected(server, "claude-code", sdk);
    assert.equal(client.getServerCapabilities().tools.listChanged, true);
    let told = 0;
    let heard;
    client.setNotificationHandler(sdk.toolsChanged, async () => {
      told += 1;
      heard();
    });
    const notice = () => new Promise((resolve) => (heard = resolve));
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["deploy", "search", "users"]);
    let next = notice();
    detach();
    await next;
    assert.equal(told, 1);
    assert.deepEqual((await client.listTools()).tools, []);
    next = notice();
    createRegistry([tools()[1]]).attach(server);
    await next;
    assert.equal(told, 2);
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["search"]);
    await client.close();
    // Closed: nothing to tell, and detaching still works.
    const closed = new sdk.McpServer({ name: "t", version: "1.0.0" });
    createRegistry(tools()).attach(closed)();
  });

  test(`${sdk.line}: attach filters; detach lists nothing and refuses calls`, async () => {
    const registry = createRegistry(tools());
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    const detach = registry.attach(server, { filter: { exclude: ["internal"] } });
    const client = await connected(server, "claude-code", sdk);
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["deploy", "users"]);
    const hidden = await client.callTool({ name: "search", arguments: { q: "x" } });
    assert.equal(hidden.isError, true);
    detach();
    assert.deepEqual((await client.listTools()).tools, []);
    const refused = await client.callTool({ name: "deploy", arguments: { service: "api" } });
    assert.equal(refused.isError, true);
    assert.match(refused.content[0].text, /detached/);
    await client.close();
    assert.throws(() => registry.attach({}), (e) => e.code === "INVALID_OPTION");
  });

  // McpServer's registered tools have enable() and disable(); a registry's
  // filter function is asked on every tools/list and tools/call, so state it
  // reads does the same, and the server's sendToolListChanged tells the client.
  test(`${sdk.line}: a filter function turns tools on and off while connected, as McpServer's enable and disable do`, async () => {
    const enabled = new Set(["deploy"]);
    const server = new sdk.McpServer({ name: "t", version: "1.0.0" });
    createRegistry(tools()).attach(server, { filter: (def) => enabled.has(def.name) });
    const client = await connected(server, "claude-code", sdk);
    let heard;
    client.setNotificationHandler(sdk.toolsChanged, async () => heard());
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["deploy"]);
    const off = await client.callTool({ name: "search", arguments: { q: "x" } });
    assert.equal(off.isError, true);
    assert.match(off.content[0].text, /"search" is not available here/);
    const notice = new Promise((resolve) => (heard = resolve));
    enabled.add("search");
    enabled.delete("deploy");
    server.sendToolListChanged();
    await notice;
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["search"]);
    assert.equal((await client.callTool({ name: "search", arguments: { q: "x" } })).content[0].text, "found x");
    assert.equal((await client.callTool({ name: "deploy", arguments: { service: "api" } })).isError, true);
    await client.close();
  });
}

for (const [sdk, exposition] of SDKS.flatMap((sdk) => [[sdk, "grouped"], [sdk, "flat"]])) {
  test(`${sdk.line} over stdio (${exposition}): a real Client lists and calls the registry's tools`, async () => {
    const client = new sdk.Client({ name: "cursor-vscode", version: "1.0.0" });
    await client.connect(new sdk.StdioClientTransport({ command: process.execPath, args: [join(root, "js-tests", "registry-server.mjs"), exposition, sdk.serverArg], stderr: "pipe" }));
    try {
      const { tools: listed } = await client.listTools();
      const names = listed.map((t) => t.name);
      assert.deepEqual(names, exposition === "flat" ? ["deploy", "users_list", "users_ban"] : ["deploy", "users"]);
      // cursor: no anyOf/oneOf anywhere, string enums only.
      assert.ok(!JSON.stringify(listed).includes("anyOf"));
      const ban = exposition === "flat" ? { name: "users_ban", arguments: { id: "u1" } } : { name: "users", arguments: { action: "ban", id: "u1" } };
      assert.equal((await client.callTool(ban)).content[0].text, "banned u1");
      const bad = await client.callTool({ name: "deploy", arguments: { service: "api", config: '{"timeout":0}' } });
      assert.equal(bad.content[0].text, "[deploy] Invalid arguments (fix them and call again):\n- config.timeout: Too small: expected number to be >=1");
    } finally {
      await client.close();
    }
  });
}

test("the docs' clientInfo table is the table attach uses", () => {
  const readme = readFileSync(join(root, "docs", "tools-and-groups.md"), "utf8");
  const rows = readme.split("\n").filter((line) => /^\s*\| `[^|]+\| [^|]*\| `[a-z-]+` \|$/.test(line));
  const table = {};
  for (const row of rows) {
    const [names, , profile] = row.trim().slice(1, -1).split("|").map((c) => c.trim());
    for (const [, written] of names.matchAll(/`([^`]+)`/g)) {
      // `visual-studio-code(-insiders)` is two names.
      const spelled = written.includes("(") ? [written.replace(/\(.*\)/, ""), written.replace(/[()]/g, "")] : [written];
      for (const name of spelled) table[name.trim().toLowerCase().replace(/[\s_]+/g, "-")] = profile.replace(/`/g, "");
    }
  }
  assert.deepEqual(table, { ...KNOWN_CLIENTS });
});

test("an action of its own named help (no built-in help) is listed and routed in the flat exposition", async () => {
  const docs = defineGroup({ name: "docs", actions: { help: { handler: () => "user help" }, read: { handler: () => "read" } } });
  const registry = createRegistry([docs], { exposition: "flat" });
  assert.deepEqual(registry.list().map((t) => t.name), ["docs_help", "docs_read"]);
  assert.deepEqual(docs.flatNames, ["docs_help", "docs_read"]);
  assert.deepEqual((await registry.call("docs_help", {})).content, [{ type: "text", text: "user help" }]);
  const builtin = defineGroup({ name: "kb", help: true, actions: { read: { handler: () => "read" } } });
  assert.deepEqual(builtin.flatNames, ["kb_read"]);
  assert.deepEqual(createRegistry([builtin], { exposition: "flat" }).list().map((t) => t.name), ["kb_read"]);
});

for (const sdk of SDKS) {
  test(`${sdk.line}, acceptTextArguments: a server with its own tools/call handler gets arguments sent as one JSON string`, async () => {
    const { acceptTextArguments } = cjs;
    const server = new sdk.Server({ name: "proxy", version: "1.0.0" }, { capabilities: { tools: {} } });
    const argumentsOf = acceptTextArguments(server);
    const tool = cjs.compile(z.toJSONSchema(z.object({ service: z.string(), replicas: z.number() }), { io: "input" }));
    const seen = [];
    // The handler's second argument: 1.x's extra, 2.x's ctx.
    server.setRequestHandler(sdk.callMethod, async (request, extra) => {
      const args = argumentsOf(request, extra);
      seen.push(args);
      return { content: [{ type: "text", text: JSON.stringify(tool.repair(args).value) }] };
    });
    const client = await connected(server, "some-client", sdk);
    const asText = await sdk.rawCall(client, { name: "x", arguments: '{"service":"api","replicas":"3"}' });
    assert.deepEqual(JSON.parse(asText.content[0].text), { service: "api", replicas: 3 });
    const asObject = await client.callTool({ name: "x", arguments: { service: "db", replicas: 1 } });
    assert.deepEqual(JSON.parse(asObject.content[0].text), { service: "db", replicas: 1 });
    // The text reached the handler as sent; the object as itself; nothing is kept after.
    assert.deepEqual(seen, ['{"service":"api","replicas":"3"}', { service: "db", replicas: 1 }]);
    await client.close();
    // An McpServer works too (its Server is used); anything else is refused.
    assert.equal(typeof acceptTextArguments(new sdk.McpServer({ name: "m", version: "1.0.0" })), "function");
    for (const bad of [undefined, null, {}, "server"]) {
      assert.throws(() => acceptTextArguments(bad), (e) => e.code === "INVALID_OPTION");
    }
    tool.free();
  });
}

test("arguments kept as text are bounded: calls the SDK refuses before any handler cannot grow the server's memory", async () => {
  const { keepTextArguments, MAX_KEPT_TEXTS } = await import("../pkg/lib/text-arguments.mjs");
  const handed = [];
  const low = { setRequestHandler() {}, connect(transport) { transport.onmessage = (message) => handed.push(message); } };
  const kept = keepTextArguments(low);
  const transport = {};
  low.connect(transport);
  const total = MAX_KEPT_TEXTS + 10;
  // Never taken by a handler (as when the SDK refuses the call for another reason).
  for (let id = 0; id < total; id++) transport.onmessage({ jsonrpc: "2.0", id, method: "tools/call", params: { arguments: `{"n":${id}}` } });
  assert.equal(handed.length, total);
  assert.deepEqual(handed[0].params.arguments, {});
  // The oldest were dropped: such a call sees what the SDK was handed; the newest keep their text.
  assert.deepEqual(kept.argumentsOf({ params: { arguments: {} } }, { requestId: 9 }), {});
  assert.equal(kept.argumentsOf({ params: { arguments: {} } }, { requestId: 10 }), '{"n":10}');
  assert.equal(kept.argumentsOf({ params: { arguments: {} } }, { requestId: total - 1 }), `{"n":${total - 1}}`);
  kept.detach();
});

/** A registry where clients' profiles refuse something: a recursive tool, a record (openai-strict), an action with a key Claude refuses. */
function mixed(options) {
  const Node = z.object({ name: z.string(), get children() { return z.array(Node).optional(); } });
  const tree = defineTool({ name: "tree", input: z.object({ root: Node }), handler: async (args) => args.root.name });
  const labels = defineTool({ name: "labels", input: z.object({ tags: z.record(z.string(), z.string()) }), handler: async () => "ok" });
  const plain = defineTool({ name: "plain", input: z.object({ q: z.string() }), handler: async (args) => `q=${args.q}` });
  const people = defineGroup({
    name: "people",
    actions: {
      find: { input: z.object({ "First Name": z.string() }), handler: async () => "found" },
      count: { input: z.object({ min: z.number().optional() }), handler: async () => "3" },
    },
  });
  return createRegistry([tree, labels, plain, people], options);
}

test("a tool a client cannot take is left out of its list (and reported once), not the whole list", () => {
  const heard = [];
  const registry = mixed({ onRefused: (refusal) => heard.push(refusal) });
  const names = (client) => registry.list({ client }).map((t) => t.name);
  assert.deepEqual(names("mcp"), ["tree", "labels", "plain", "people"]);
  // A recursive tool is written out a few levels deep for clients that resolve no $ref, not left out.
  assert.deepEqual(names("portable"), ["tree", "labels", "plain"]);
  // A strict profile's refusal falls back to the same API's non-strict schema, marked strict: false.
  assert.deepEqual(registry.list({ client: "openai-strict" }).map((t) => [t.name, t.strict]), [["tree", true], ["labels", false], ["plain", true], ["people", true]]);
  assert.deepEqual(registry.list({ client: "openai-strict" })[1].inputSchema, registry.tools[1].definition({ client: "openai" }).inputSchema);
  assert.deepEqual(names("claude-code"), ["tree", "labels", "plain"]);
  // Each refusal once per tool and client, however often tools/list is asked.
  names("portable");
  const said = heard.map(({ tool, client, error, fallback }) => [client, tool, error.code, fallback]);
  assert.deepEqual(said, [
    ["portable", "people", "UNSUPPORTED_BY_CLIENT", undefined],
    ["openai-strict", "labels", "UNSUPPORTED_BY_CLIENT", "openai"],
    ["claude-code", "people", "UNSUPPORTED_BY_CLIENT", undefined],
  ]);
  assert.ok(heard[0].error instanceof cjs.ToolshapeError);
  assert.equal(heard[0].error.issues[0].code, "PROPERTY_KEY_REFUSED");
  // Flat: only the action the client cannot take is left out.
  const flat = mixed({ exposition: "flat", onRefused: (refusal) => heard.push(refusal) });
  assert.deepEqual(flat.list({ client: "claude-code" }).map((t) => t.name), ["tree", "labels", "plain", "people_count"]);
  assert.equal(heard.at(-1).tool, "people_find");
  // One definition asked for one client still says why.
  assert.throws(() => registry.tools[3].definition({ client: "portable" }), (e) => e.code === "UNSUPPORTED_BY_CLIENT");
  // Other errors are not swallowed.
  assert.throws(() => registry.list({ client: "netscape" }), (e) => e.code === "INVALID_OPTION");
  assert.throws(() => createRegistry([], { onRefused: "log" }), (e) => e.code === "INVALID_OPTION");
});

test("without onRefused, each tool left out is one line on stderr; a real Client of an unknown name gets the rest", async () => {
  const warned = [];
  const warn = console.warn;
  console.warn = (line) => warned.push(line);
  try {
    const registry = mixed();
    const server = new McpServer({ name: "t", version: "1.0.0" });
    registry.attach(server);
    const client = await connected(server, "some-new-client");
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["tree", "labels", "plain"]);
      await client.listTools();
      const result = await client.callTool({ name: "plain", arguments: { q: "x" } });
      assert.equal(result.content[0].text, "q=x");
    } finally {
      await client.close();
    }
  } finally {
    console.warn = warn;
  }
  assert.equal(warned.length, 1, warned.join("\n"));
  assert.match(warned[0], /^toolshape: tool "people" is left out of tools\/list for client profile "portable": the portable profile cannot express this schema/);
});

/** A tool of `optional` optional strings and `unions` required `string | number` keys. */
function sized(name, optional, unions = 0) {
  const shape = {};
  for (let i = 0; i < optional; i++) shape[`o${i}`] = z.string().optional();
  for (let i = 0; i < unions; i++) shape[`u${i}`] = z.union([z.string(), z.number()]);
  return defineTool({ name, input: z.object(shape), handler: async () => name });
}

// Claude compiles every strict tool of a request into one grammar and
// refuses the whole request past 20 strict tools, 24 optional parameters or
// 16 with a union, summed over them (elizaOS/eliza#16516, camel-ai/camel#4171
// met it with toolsets whose every tool passed alone). The list keeps each
// tool strict while the sums hold and sends the rest non-strict, as Claude
// takes the two side by side.
test("anthropic-strict: each tool strict while the request's limits hold, the rest listed non-strict and reported", () => {
  const heard = [];
  const registry = createRegistry([sized("a", 10), sized("b", 10), sized("c", 10), sized("d", 4), sized("e", 0, 17), sized("f", 0, 16), sized("g", 0, 1)], {
    onRefused: (refusal) => heard.push(refusal),
  });
  const listed = registry.list({ client: "anthropic-strict" });
  assert.deepEqual(
    listed.map((t) => [t.name, t.strict]),
    [["a", true], ["b", true], ["c", false], ["d", true], ["e", false], ["f", true], ["g", false]],
  );
  // A strict tool's schema is the strict profile's (closed); a non-strict one's is anthropic's.
  const byName = Object.fromEntries(listed.map((t) => [t.name, t]));
  assert.equal(byName.a.inputSchema.additionalProperties, false);
  assert.deepEqual(byName.c.inputSchema, registry.tools[2].definition({ client: "anthropic" }).inputSchema);
  assert.deepEqual(
    heard.map(({ tool, client, fallback, error }) => [tool, client, fallback, error.code, error.issues[0].code]),
    [
      ["c", "anthropic-strict", "anthropic", "UNSUPPORTED_BY_CLIENT", "LIMIT_EXCEEDED"],
      ["e", "anthropic-strict", "anthropic", "UNSUPPORTED_BY_CLIENT", "LIMIT_EXCEEDED"],
      ["g", "anthropic-strict", "anthropic", "UNSUPPORTED_BY_CLIENT", "LIMIT_EXCEEDED"],
    ],
  );
  assert.match(heard[0].error.issues[0].message, /^with its 10 optional properties the request's strict tools would hold 30, over the 24/);
  // e is over the union limit alone: the core's own refusal says so.
  assert.match(heard[1].error.message, /17 properties with a union or a type list/);
  assert.match(heard[2].error.issues[0].message, /would hold 17, over the 16/);
  // What is listed is the request the API takes: at most 24 optional and 16 union keys among the strict tools.
  const strict = listed.filter((t) => t.strict);
  const keys = strict.flatMap((t) => Object.keys(t.inputSchema.properties));
  assert.equal(keys.filter((k) => k.startsWith("o")).length, 24);
  assert.equal(keys.filter((k) => k.startsWith("u")).length, 16);
  // Other clients carry no strict mark, and the tool alone is still strict.
  assert.equal(registry.list({ client: "anthropic" })[0].strict, undefined);
  assert.equal(registry.tools[2].definition({ client: "anthropic-strict" }).inputSchema.additionalProperties, false);
});

test("strict profiles: past 20 strict tools the rest are non-strict; a tool neither profile takes is left out; tags and flat exposition count what is listed", () => {
  const heard = [];
  const many = Array.from({ length: 22 }, (_, i) => sized(`t${i}`, 0));
  const listed = createRegistry(many, { onRefused: (r) => heard.push(r) }).list({ client: "anthropic-strict" });
  assert.deepEqual(listed.map((t) => t.strict), [...Array(20).fill(true), false, false]);
  assert.match(heard[0].error.issues[0].message, /^the request already holds 20 strict tools/);
  // Recursion: strict refuses it, anthropic takes it, so it is listed non-strict;
  // a key Claude refuses ("First Name") leaves the action out for both.
  heard.length = 0;
  const flat = mixed({ exposition: "flat", onRefused: (r) => heard.push(r) });
  assert.deepEqual(
    flat.list({ client: "anthropic-strict" }).map((t) => [t.name, t.strict]),
    [["tree", false], ["labels", false], ["plain", true], ["people_count", true]],
  );
  assert.deepEqual(heard.map(({ tool, fallback, error }) => [tool, fallback, error.issues[0].code]), [
    ["people_find", undefined, "PROPERTY_KEY_REFUSED"],
    ["tree", "anthropic", "RECURSIVE_SCHEMA"],
    ["labels", "anthropic", "RECORD_REFUSED"],
  ]);
  // Without onRefused, a fallback is one line on stderr that says what was listed.
  const warned = [];
  const warn = console.warn;
  console.warn = (line) => warned.push(line);
  try {
    mixed().list({ client: "openai-strict" });
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(warned.map((line) => line.slice(0, line.indexOf("\": ") + 1)), ['toolshape: tool "labels" is listed with its "openai" schema, not strict, for client profile "openai-strict"']);
  // Tags filter first: the budget is spent on what the request holds.
  const tagged = createRegistry([
    defineTool({ name: "big", tags: ["x"], input: z.object(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, z.string().optional()]))), handler: async () => "" }),
    defineTool({ name: "small", tags: ["y"], input: z.object(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, z.string().optional()]))), handler: async () => "" }),
  ]);
  assert.deepEqual(tagged.list({ client: "anthropic-strict", tags: ["y"] }).map((t) => t.strict), [true]);
});

test("a registry's command line takes compile's command-line options for every tool, and each definition's own cli wins", async () => {
  const migrate = defineTool({ name: "migrate", input: z.object({ target: z.string(), config: z.object({ timeout: z.number().optional() }).optional() }), handler: (args) => args });
  const db = defineGroup({
    name: "db",
    cli: { envPrefix: "DB", flags: { "dry-run": { short: "n" } } },
    actions: { up: { input: z.object({ steps: z.number().int().optional(), dryRun: z.boolean().optional() }), handler: (args) => args } },
  });
  const registry = createRegistry([migrate, db], { name: "migrate", envPrefix: "MIGRATE", flags: { "config-timeout": { short: "t" } } });
  const run = async (argv, env) => {
    const out = [];
    const code = await registry.runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => out.push(t), env });
    return { code, text: out.join("") };
  };
  const env = { MIGRATE_TARGET: "prod", DB_STEPS: "3", MIGRATE_STEPS: "9" };
  const moved = await run(["migrate", "-t", "5"], env);
  assert.equal(moved.code, 0, moved.text);
  assert.deepEqual(JSON.parse(moved.text), { target: "prod", config: { timeout: 5 } });
  // The group's own envPrefix wins over the registry's; its own flags beside the registry's.
  const up = await run(["db", "up", "-n"], env);
  assert.deepEqual(JSON.parse(up.text), { steps: 3, dryRun: true });
  assert.match((await run(["migrate", "--help"], {})).text, /-t, --config-timeout <number> +\[env: MIGRATE_CONFIG_TIMEOUT\]/);
  // Checked when given, as compile checks them.
  assert.throws(() => createRegistry([migrate], { envPrefix: "bad prefix" }), (e) => e.code === "INVALID_OPTION" && /envPrefix/.test(e.message));
  assert.throws(() => createRegistry([migrate], { envPrefx: "X" }), (e) => e.code === "INVALID_OPTION" && /did you mean "envPrefix"/.test(e.message));
  assert.throws(() => defineTool({ name: "t", cli: { envPrefix: "no way" }, handler: () => 1 }), (e) => e.code === "INVALID_OPTION");
  assert.throws(() => defineTool({ name: "t", cli: { short: "x" }, handler: () => 1 }), (e) => e.code === "INVALID_OPTION" && /cli option/.test(e.message));
  // A separator for every tool.
  const dotted = createRegistry([migrate], { name: "m", separator: "." });
  const out = [];
  assert.equal(await dotted.runCli(["migrate", "--target", "x", "--config.timeout", "2"], { stdout: (t) => out.push(t), stderr: (t) => out.push(t) }), 0, out.join(""));
});

test("a key named help collides with the built-in --help, and each override the error names works, in compile and in a registry", async () => {
  const Input = z.object({ help: z.string().optional(), topic: z.string().optional() });
  const tool = cjs.compile(Input);
  const parsed = tool.safeParseArgv(["--help", "x"]);
  assert.equal(parsed.error.code, "FLAG_COLLISION");
  assert.match(parsed.error.message, /options\.flags\["help"\]\.name/);
  assert.match(parsed.error.message, /help: false/);
  // Each way out it names.
  assert.deepEqual(cjs.compile(Input, { flags: { help: { name: "help-text" } } }).parseArgv(["--help-text", "x"]), { help: "x" });
  assert.deepEqual(cjs.compile(Input, { help: false }).parseArgv(["--help", "x"]), { help: "x" });
  assert.deepEqual(cjs.compile(Input.extend({ help: z.string().meta({ cli: { name: "help-text" } }).optional() })).parseArgv(["--help-text", "x"]), { help: "x" });
  // A registry: the tool has no command line (said, exit 2, never the collision printed as help), until its cli option renames it.
  const out = [];
  const io = { stdout: (t) => out.push(`OUT ${t}`), stderr: (t) => out.push(`ERR ${t}`) };
  const plain = createRegistry([defineTool({ name: "t", input: Input, handler: (args) => args })]);
  assert.equal(await plain.runCli(["t", "--help", "x"], io), 2);
  assert.ok(out.every((line) => line.startsWith("ERR ")), out.join(""));
  const renamed = createRegistry([defineTool({ name: "t", input: Input, cli: { flags: { help: { name: "help-text" } } }, handler: (args) => args })]);
  out.length = 0;
  assert.equal(await renamed.runCli(["t", "--help-text", "x"], io), 0, out.join(""));
  assert.deepEqual(JSON.parse(out.join("").replace(/^OUT /, "")), { help: "x" });
});
