// What only the MCP SDK 2.x (`@modelcontextprotocol/server`,
// `@modelcontextprotocol/client`) has, for the registry's `attach`: the
// handler's `ctx` as a definition's `extra`, the streamable HTTP handler of
// both protocol eras (a 2026-07-28 request names its client itself), and a
// server that takes neither SDK line's `setRequestHandler`. registry.test.mjs
// runs the cases both lines share on each.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, InMemoryTransport, McpServer, Server } from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { createRegistry, defineGroup, defineTool } = cjs;

const users = () =>
  defineGroup({
    name: "users",
    actions: { ban: { input: z.object({ id: z.string() }), handler: async (args, { extra }) => `banned ${args.id} (request ${extra.mcpReq.id})` } },
  });

test("SDK 2.x Server: a definition's handler gets the SDK's ctx as its extra", async () => {
  const server = new Server({ name: "t", version: "1.0.0" });
  createRegistry([users()]).attach(server);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "anything", version: "1.0.0" });
  await client.connect(b);
  const ban = await client.callTool({ name: "users", arguments: { action: "ban", id: "u1" } });
  assert.match(ban.content[0].text, /^banned u1 \(request \S+\)$/);
  await client.close();
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

test("attach to a server whose setRequestHandler takes neither form: INVALID_OPTION with both reasons, and nothing changed", () => {
  const connect = () => {};
  const server = {
    connect,
    setRequestHandler(method) {
      throw new Error(typeof method === "string" ? "no names here" : "no schemas either");
    },
  };
  assert.throws(
    () => createRegistry([users()]).attach(server),
    (e) => e.code === "INVALID_OPTION" && /"tools\/list"/.test(e.message) && /no names here/.test(e.message) && /no schemas either/.test(e.message),
  );
  assert.equal(server.connect, connect);
});
