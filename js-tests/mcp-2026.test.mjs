// The 2026-07-28 rules a registry keeps: tools/list carries ttlMs and
// cacheScope (private when the list depends on who asks). The SDK's real
// Client and servers, on both protocol eras.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const { createRegistry, defineTool } = cjs;
const search = defineTool({ name: "search", input: z.object({ q: z.string() }), handler: (args) => args.q });

async function listedOver2026(attachOptions) {
  const registry = createRegistry([search]);
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "s", version: "1.0.0" });
    registry.attach(server, attachOptions);
    return server;
  });
  const client = new Client({ name: "claude-code", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
  try {
    return await client.listTools();
  } finally {
    await client.close();
  }
}

test("2026-07-28: tools/list carries ttlMs and cacheScope, private while each client is listed its own schemas, public for a fixed profile", async () => {
  const auto = await listedOver2026(undefined);
  assert.deepEqual([auto.ttlMs, auto.cacheScope], [300000, "private"]);
  const fixed = await listedOver2026({ client: "portable", cache: { ttlMs: 60000 } });
  assert.deepEqual([fixed.ttlMs, fixed.cacheScope], [60000, "public"]);
  const kept = await listedOver2026({ client: "portable", cache: { scope: "private", ttlMs: 0 } });
  assert.deepEqual([kept.ttlMs, kept.cacheScope], [0, "private"]);
});

test("the cache option is checked before anything changes: no public cache of per-client lists, no bad ttl, no unknown key", () => {
  const server = new McpServerV1({ name: "s", version: "1.0.0" });
  const registry = createRegistry([search]);
  assert.throws(() => registry.attach(server, { cache: { scope: "public" } }), { code: "INVALID_OPTION", message: /cannot be "public" with client "auto"/ });
  assert.throws(() => registry.attach(server, { cache: { ttlMs: -1 } }), { code: "INVALID_OPTION", message: /ttlMs/ });
  assert.throws(() => registry.attach(server, { cache: { tll: 5 } }), { code: "INVALID_OPTION", message: /unknown attach cache option "tll"/ });
  // Nothing was claimed: the registry still attaches.
  registry.attach(server, { client: "portable" });
});

test("over stdio: the example ops server's tools/list carries ttlMs and cacheScope", async () => {
  const client = new ClientV1({ name: "claude-code", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "examples", "ops-server.mjs")], stderr: "pipe" }));
  try {
    const listed = await client.listTools();
    assert.deepEqual([listed.ttlMs, listed.cacheScope], [300000, "private"]);
  } finally {
    await client.close();
  }
});

test("a 2025 connection (SDK 1.x) gets the same fields on its tools/list", async () => {
  const server = new McpServerV1({ name: "s", version: "1.0.0" });
  createRegistry([search]).attach(server);
  const client = new ClientV1({ name: "c", version: "1.0.0" });
  const [a, b] = MemoryV1.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const listed = await client.listTools();
  assert.deepEqual([listed.tools.length, listed.ttlMs, listed.cacheScope], [1, 300000, "private"]);
  await client.close();
});

test("x-mcp-header survives every client profile an MCP client is served (Gemini's model API takes no such field, and loses it only there)", () => {
  const input = z.object({ region: z.string().meta({ "x-mcp-header": "Region" }), count: z.number().int().optional().meta({ "x-mcp-header": "Count" }), q: z.string() });
  const tool = defineTool({ name: "route", input, handler: () => "" });
  for (const client of ["mcp", "portable", "claude-code", "anthropic", "anthropic-strict", "openai", "openai-strict", "gemini-json", "cursor", "vscode"]) {
    const { properties } = tool.definition({ client }).inputSchema;
    assert.equal(properties.region["x-mcp-header"], "Region", client);
    assert.equal(properties.count["x-mcp-header"], "Count", client);
  }
  assert.equal(tool.definition({ client: "gemini" }).inputSchema.properties.region["x-mcp-header"], undefined);
});

test("a definition whose x-mcp-header a conforming client would drop the tool for is refused when it is made", () => {
  const refused = (input, message) =>
    assert.throws(() => defineTool({ name: "t", input, handler: () => "" }), (e) => e.code === "INVALID_DEFINITION" && message.test(e.message), String(message));
  refused(z.object({ a: z.string().meta({ "x-mcp-header": "Bad Name" }) }), /x-mcp-header at a must be an HTTP header name token/);
  refused(z.object({ a: z.string().meta({ "x-mcp-header": "Region" }), b: z.string().meta({ "x-mcp-header": "region" }) }), /"region" at b and at a name one header/);
  refused(z.object({ a: z.number().meta({ "x-mcp-header": "A" }) }), /the property must be a string, integer or boolean, got "number"/);
  refused(z.object({ a: z.object({ b: z.string() }).meta({ "x-mcp-header": "A" }) }), /must be a string, integer or boolean, got "object"/);
  refused(z.object({ a: z.array(z.string().meta({ "x-mcp-header": "A" })) }), /x-mcp-header at a: only a property reached through `properties`/);
  // Nested properties are reached; a group's action is checked as a tool is.
  assert.doesNotThrow(() => defineTool({ name: "t", input: z.object({ where: z.object({ zone: z.string().meta({ "x-mcp-header": "Zone" }) }) }), handler: () => "" }));
  assert.throws(() => cjs.defineGroup({ name: "g", actions: { a: { input: z.object({ n: z.number().meta({ "x-mcp-header": "N" }) }), handler: () => "" } } }), { code: "INVALID_DEFINITION" });
});

test("2026-07-28 over HTTP: attach given the request's headers checks each Mcp-Param header against its argument, refusing a disagreement or a missing one with -32020", async () => {
  const route = defineTool({ name: "route", input: z.object({ region: z.string().meta({ "x-mcp-header": "Region" }), n: z.number().int().optional().meta({ "x-mcp-header": "N" }) }), handler: (args) => `routed to ${args.region}` });
  const registry = createRegistry([route]);
  const handler = createMcpHandler(({ requestInfo }) => {
    const server = new McpServer({ name: "s", version: "1.0.0" });
    registry.attach(server, { headers: requestInfo.headers });
    return server;
  });
  // What reaches the server: the client's own headers, then `tamper` may change them.
  let tamper = (headers) => headers;
  const client = new Client({ name: "c", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const fetch = (url, init) => handler.fetch(new Request(url, { ...init, headers: tamper(new Headers(init.headers)) }));
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch }));
  try {
    await client.listTools();
    const ok = await client.callTool({ name: "route", arguments: { region: "eu-west", n: 3 } });
    assert.equal(ok.content[0].text, "routed to eu-west");
    tamper = (headers) => (headers.set("Mcp-Param-Region", "us-east"), headers);
    await assert.rejects(client.callTool({ name: "route", arguments: { region: "eu-west" } }), (e) => e.code === -32020 && /Mcp-Param-Region says "us-east", but the argument region is "eu-west"/.test(e.message));
    tamper = (headers) => (headers.delete("Mcp-Param-Region"), headers);
    await assert.rejects(client.callTool({ name: "route", arguments: { region: "eu-west" } }), (e) => e.code === -32020 && /Mcp-Param-Region is missing/.test(e.message));
    // Base64-wrapped values are decoded; an integer compares as a number.
    tamper = (headers) => (headers.set("Mcp-Param-Region", `=?base64?${btoa("eu-west")}?=`), headers.set("Mcp-Param-N", "3.0"), headers);
    assert.equal((await client.callTool({ name: "route", arguments: { region: "eu-west", n: 3 } })).content[0].text, "routed to eu-west");
    // A Base64 wrapper around no Base64 is a mismatch, not a server error.
    tamper = (headers) => (headers.set("Mcp-Param-Region", "=?base64?a?="), headers);
    await assert.rejects(client.callTool({ name: "route", arguments: { region: "eu-west" } }), (e) => e.code === -32020 && /payload is not valid Base64/.test(e.message));
  } finally {
    await client.close();
  }
});

test("header declarations are kept for the registry's own tools only: a client calling unknown names cannot grow the server's memory", async () => {
  const { headerDeclarationsOf } = await import("../pkg/lib/mcp-headers.mjs");
  const asked = [];
  const schema = { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } };
  const declaredOf = headerDeclarationsOf((name) => (asked.push(name), name === "route" ? { name, inputSchema: schema } : undefined));
  for (let i = 0; i < 3; i++) {
    assert.deepEqual(declaredOf("route").map((d) => d.path), [["region"]]);
    assert.deepEqual(declaredOf(`unknown-${"x".repeat(1000)}`), []);
  }
  // The tool's declarations were found once; the unknown name was looked up each time, never kept.
  assert.equal(asked.filter((n) => n === "route").length, 1);
  assert.equal(asked.filter((n) => n.startsWith("unknown-")).length, 3);
});

test("registry.warnings(): the listed names MCP's two naming readings disagree on (a /, past 64, other characters), each exposition's own", () => {
  const handler = () => "ok";
  const long = "a".repeat(65);
  const defs = [
    defineTool({ name: "files/read", input: z.object({ path: z.string() }), handler }),
    defineTool({ name: long, input: z.object({}), handler }),
    defineTool({ name: "has space", input: z.object({}), handler }),
    defineTool({ name: "fine_name.v2-x", input: z.object({}), handler }),
  ];
  const warned = createRegistry(defs).warnings();
  assert.deepEqual(warned.map((w) => w.name), ["files/read", long, "has space"]);
  assert.match(warned[0].message, /"\/".*SEP-986 allows/);
  assert.match(warned[1].message, /65 characters: clients that follow SEP-986 refuse more than 64$/);
  assert.match(warned[2].message, /outside A-Z a-z 0-9 _ \. -/);
  assert.ok(Object.isFrozen(warned[0]));
  assert.match(createRegistry([defineTool({ name: "b".repeat(129), input: z.object({}), handler })]).warnings()[0].message, /and the spec's text more than 128/);
  // The catalog lists its own four names, which every client reads alike.
  assert.deepEqual(createRegistry(defs, { exposition: "catalog" }).warnings(), []);
  assert.deepEqual(createRegistry([search]).warnings(), []);
});
