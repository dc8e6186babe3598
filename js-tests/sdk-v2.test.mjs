// The registry's `attach` and `acceptTextArguments` on the MCP SDK 2.x
// (`@modelcontextprotocol/server`, `@modelcontextprotocol/client`), whose
// `setRequestHandler` takes a method's name where 1.x took a request schema
// and whose handlers get `ctx.mcpReq.id` where 1.x gave `extra.requestId`.
// registry.test.mjs holds the same cases on 1.x.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createMcpHandler, InMemoryTransport, McpServer, Server } from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";
import { KNOWN_CLIENTS } from "../pkg/lib/clients.mjs";

const { acceptTextArguments, compile, createRegistry, defineGroup, defineTool } = cjs;

function tools() {
  const deploy = defineTool({ name: "deploy", description: "Deploy", input: z.object({ service: z.string(), replicas: z.number().int().optional() }), tags: ["ops"], handler: async (args) => ({ deployed: args.service, replicas: args.replicas ?? 1 }) });
  const search = defineTool({ name: "search", input: z.object({ q: z.string() }), tags: ["internal"], handler: async (args) => `found ${args.q}` });
  const users = defineGroup({
    name: "users",
    actions: {
      list: { input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: async (args) => ({ limit: args.limit ?? 10 }) },
      ban: { input: z.object({ id: z.string() }), destructive: true, handler: async (args, { extra }) => `banned ${args.id} (request ${extra.mcpReq.id})` },
    },
  });
  return [deploy, search, users];
}

async function connected(server, clientName) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: clientName, version: "1.0.0" });
  await client.connect(b);
  return client;
}

test("SDK 2.x McpServer: a real 2.x Client lists with its profile's schemas and calls", async () => {
  for (const [clientName, profile] of Object.entries({ ...KNOWN_CLIENTS, "some-new-client": "portable" })) {
    const registry = createRegistry(tools());
    const server = new McpServer({ name: "t", version: "1.0.0" });
    registry.attach(server);
    const client = await connected(server, clientName);
    const { tools: listed } = await client.listTools();
    assert.deepEqual(listed.map((t) => t.name), ["deploy", "search", "users"], clientName);
    assert.deepEqual(listed.map((t) => t.inputSchema), registry.list({ client: profile }).map((t) => t.inputSchema), clientName);
    const result = await client.callTool({ name: "deploy", arguments: { service: "api", replicas: "3" } });
    assert.deepEqual(result.structuredContent, { deployed: "api", replicas: 3 }, clientName);
    await client.close();
  }
});

test("SDK 2.x Server: a fixed profile, and the handler's extra is the SDK's ctx", async () => {
  const registry = createRegistry(tools());
  const server = new Server({ name: "t", version: "1.0.0" });
  registry.attach(server, { client: "openai-strict" });
  const client = await connected(server, "anything");
  const { tools: listed } = await client.listTools();
  assert.equal(listed[0].inputSchema.additionalProperties, false);
  const nulls = await client.callTool({ name: "deploy", arguments: { service: "api", replicas: null } });
  assert.deepEqual(nulls.structuredContent, { deployed: "api", replicas: 1 });
  const ban = await client.callTool({ name: "users", arguments: { action: "ban", id: "u1" } });
  assert.match(ban.content[0].text, /^banned u1 \(request \S+\)$/);
  await client.close();
});

test("SDK 2.x: arguments sent as one JSON string are served end to end", async () => {
  const registry = createRegistry(tools());
  const server = new McpServer({ name: "t", version: "1.0.0" });
  registry.attach(server);
  const client = await connected(server, "claude-code");
  const result = await client.request({ method: "tools/call", params: { name: "deploy", arguments: '{"service":"api","replicas":"2"}' } });
  assert.deepEqual(result.structuredContent, { deployed: "api", replicas: 2 });
  const broken = await client.request({ method: "tools/call", params: { name: "users", arguments: "{not json" } });
  assert.equal(broken.isError, true);
  assert.match(broken.content[0].text, /^\[users\] The arguments must be an object with "action"/);
  await client.close();
});

test("SDK 2.x: attach filters; detach lists nothing and refuses calls", async () => {
  const registry = createRegistry(tools());
  const server = new McpServer({ name: "t", version: "1.0.0" });
  const detach = registry.attach(server, { filter: { exclude: ["internal"] } });
  const client = await connected(server, "claude-code");
  assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["deploy", "users"]);
  assert.equal((await client.callTool({ name: "search", arguments: { q: "x" } })).isError, true);
  detach();
  assert.deepEqual((await client.listTools()).tools, []);
  const refused = await client.callTool({ name: "deploy", arguments: { service: "api" } });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /detached/);
  await client.close();
});

test("SDK 2.x over stdio: a real 2.x Client lists and calls a registry served by a 2.x McpServer", async () => {
  const client = new Client({ name: "cursor-vscode", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "js-tests", "registry-server.mjs"), "grouped", "v2"], stderr: "pipe" }));
  try {
    const { tools: listed } = await client.listTools();
    assert.deepEqual(listed.map((t) => t.name), ["deploy", "users"]);
    // cursor: no anyOf/oneOf anywhere.
    assert.ok(!JSON.stringify(listed).includes("anyOf"));
    assert.equal((await client.callTool({ name: "users", arguments: { action: "ban", id: "u1" } })).content[0].text, "banned u1");
    const bad = await client.callTool({ name: "deploy", arguments: { service: "api", config: '{"timeout":0}' } });
    assert.equal(bad.content[0].text, "[deploy] Invalid arguments (fix them and call again):\n- config.timeout: Too small: expected number to be >=1");
  } finally {
    await client.close();
  }
});

test("SDK 2.x over streamable HTTP (createMcpHandler): a 2026-07-28 request's own clientInfo picks the profile; a stateless 2025 request names no client and gets portable", async () => {
  // claude-code keeps anyOf; portable writes the union as a type list.
  const union = defineTool({ name: "pick", input: z.object({ v: z.union([z.string(), z.number()]) }), handler: async (args) => args });
  const registry = createRegistry([union]);
  const served = (withAccessor) =>
    createMcpHandler(() => {
      const server = new McpServer({ name: "t", version: "1.0.0" });
      // Without the deprecated getClientVersion, only the request's envelope names the client.
      if (!withAccessor) server.server.getClientVersion = () => undefined;
      registry.attach(server);
      return server;
    });
  const cases = [
    ["legacy", true, { type: ["string", "number"] }],
    [{ pin: "2026-07-28" }, true, { anyOf: [{ type: "string" }, { type: "number" }] }],
    [{ pin: "2026-07-28" }, false, { anyOf: [{ type: "string" }, { type: "number" }] }],
  ];
  for (const [mode, withAccessor, expected] of cases) {
    const handler = served(withAccessor);
    const client = new Client({ name: "claude-code", version: "1.0.0" }, { versionNegotiation: { mode } });
    await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    try {
      const { tools: listed } = await client.listTools();
      assert.deepEqual(listed[0].inputSchema.properties.v, expected, JSON.stringify(mode));
      const text = await client.request({ method: "tools/call", params: { name: "pick", arguments: '{"v":"a"}' } });
      assert.deepEqual(text.structuredContent, { v: "a" }, JSON.stringify(mode));
    } finally {
      await client.close();
    }
  }
});

test("SDK 2.x: acceptTextArguments gives a server's own tools/call handler the text as sent", async () => {
  const server = new Server({ name: "proxy", version: "1.0.0" }, { capabilities: { tools: {} } });
  const argumentsOf = acceptTextArguments(server);
  const tool = compile(z.toJSONSchema(z.object({ service: z.string(), replicas: z.number() }), { io: "input" }));
  const seen = [];
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const args = argumentsOf(request, ctx);
    seen.push(args);
    return { content: [{ type: "text", text: JSON.stringify(tool.repair(args).value) }] };
  });
  const client = await connected(server, "some-client");
  const asText = await client.request({ method: "tools/call", params: { name: "x", arguments: '{"service":"api","replicas":"3"}' } });
  assert.deepEqual(JSON.parse(asText.content[0].text), { service: "api", replicas: 3 });
  const asObject = await client.callTool({ name: "x", arguments: { service: "db", replicas: 1 } });
  assert.deepEqual(JSON.parse(asObject.content[0].text), { service: "db", replicas: 1 });
  assert.deepEqual(seen, ['{"service":"api","replicas":"3"}', { service: "db", replicas: 1 }]);
  await client.close();
  tool.free();
});

test("attach to a server whose setRequestHandler takes neither form: INVALID_OPTION with both reasons, and nothing changed", () => {
  const connect = () => {};
  const server = {
    connect,
    setRequestHandler(method) {
      throw new Error(typeof method === "string" ? "no names here" : "no schemas either");
    },
  };
  assert.throws(
    () => createRegistry(tools()).attach(server),
    (e) => e.code === "INVALID_OPTION" && /"tools\/list"/.test(e.message) && /no names here/.test(e.message) && /no schemas either/.test(e.message),
  );
  assert.equal(server.connect, connect);
});
