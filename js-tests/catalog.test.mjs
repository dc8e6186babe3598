// The catalog exposition: four small tools instead of every schema. The
// SDK's real Client over stdio (the example ops server) and in memory (both
// SDK lines): search ranks, details are shaped for the calling client, the
// read call refuses a tool that is not read-only, routing and repair stay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const { createRegistry, defineGroup, defineTool } = cjs;
const text = (result) => result.content.map((c) => c.text).join("\n");

test("over stdio: the ops server's catalog lists four tools, finds, describes and calls, gated by the read-only hint", async () => {
  const client = new ClientV1({ name: "claude-code", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "examples", "ops-server.mjs")], env: { ...process.env, OPS_EXPOSITION: "catalog" }, stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => [t.name, t.annotations.readOnlyHint]), [["search_tools", true], ["get_tool_details", true], ["call_read_tool", true], ["call_write_tool", false]]);
    const found = (await client.callTool({ name: "search_tools", arguments: { query: "scale services", limit: 3 } })).structuredContent.tools;
    assert.equal(found[0].name, "services_scale");
    assert.ok(found.length <= 3);
    const details = (await client.callTool({ name: "get_tool_details", arguments: { name: "services_scale" } })).structuredContent;
    assert.equal(details.name, "services_scale");
    assert.ok(details.inputSchema.required.includes("replicas"));
    const refused = await client.callTool({ name: "call_read_tool", arguments: { name: "services_scale", arguments: { service: "api", replicas: 3 } } });
    assert.equal(refused.isError, true);
    assert.match(text(refused), /services_scale is not read-only \(it may change things\): call it with call_write_tool/);
    // Repair as ever: the arguments as JSON text, a number as text.
    const scaled = await client.callTool({ name: "call_write_tool", arguments: { name: "services_scale", arguments: '{"service":"api","replicas":"3"}' } });
    assert.equal(scaled.isError, undefined, text(scaled));
    const read = await client.callTool({ name: "call_read_tool", arguments: { name: "services_status", arguments: { service: "api" } } });
    assert.equal(read.isError, undefined, text(read));
  } finally {
    await client.close();
  }
});

const issues = defineTool({ name: "search_issues", description: "Search issues by text", tags: ["issues"], annotations: { readOnlyHint: true }, input: z.object({ q: z.string() }), handler: (a) => `found ${a.q}` });
const users = defineGroup({
  name: "users",
  tags: ["admin"],
  actions: {
    create: { description: "Create a user account", input: z.object({ email: z.email(), role: z.union([z.string(), z.number()]).optional() }), handler: (a) => `created ${a.email}` },
    list: { description: "List the users", readOnly: true, input: z.object({}), handler: () => "[]" },
  },
});

test("SDK 2.x in memory: search ranks by name, then tags, then description; details are the calling client's schema; unknown names get the closest; the attach filter hides tools from search and calls", async () => {
  const registry = createRegistry([issues, users], { exposition: "catalog" });
  for (const [who, union] of [["claude-code", { anyOf: [{ type: "string" }, { type: "number" }] }], ["somebody", { type: ["string", "number"] }]]) {
    const server = new McpServer({ name: "s", version: "1.0.0" });
    const detach = registry.attach(server, { filter: (def) => who === "claude-code" || def.name !== "search_issues" });
    const client = new Client({ name: who, version: "1.0.0" });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    const search = async (query) => (await client.callTool({ name: "search_tools", arguments: { query } })).structuredContent.tools.map((t) => t.name);
    // "users" is in both names, and in users_list's description too.
    assert.deepEqual(await search("users"), ["users_list", "users_create"]);
    assert.deepEqual(await search("admin account"), ["users_create", "users_list"]);
    assert.deepEqual(await search("issues"), who === "claude-code" ? ["search_issues"] : []);
    assert.deepEqual(await search(""), who === "claude-code" ? ["search_issues", "users_create", "users_list"] : ["users_create", "users_list"]);
    const details = (await client.callTool({ name: "get_tool_details", arguments: { name: "users_create" } })).structuredContent;
    assert.deepEqual(details.inputSchema.properties.role, union);
    const typo = await client.callTool({ name: "get_tool_details", arguments: { name: "users_craete" } });
    assert.match(text(typo), /no tool is named "users_craete" \(did you mean "users_create"\?\); find one with search_tools/);
    const hidden = await client.callTool({ name: "call_read_tool", arguments: { name: "search_issues", arguments: { q: "x" } } });
    assert.equal(text(hidden), who === "claude-code" ? "found x" : '[catalog] no tool is named "search_issues"; find one with search_tools');
    const bad = await client.callTool({ name: "call_write_tool", arguments: { name: "users_create", arguments: { email: "nope" } } });
    assert.match(text(bad), /^\[users\/create\] Invalid arguments/);
    assert.match(text(await client.callTool({ name: "search_tools", arguments: { limit: 500 } })), /limit must be a whole number from 1 to 50/);
    await client.close();
    detach();
  }
});

test("a tool named as a catalog tool is refused when the registry is made", () => {
  const clash = defineTool({ name: "search_tools", input: z.object({}), handler: () => "" });
  assert.throws(() => createRegistry([clash], { exposition: "catalog" }), { code: "INVALID_DEFINITION", message: /two tools are named "search_tools"/ });
  assert.doesNotThrow(() => createRegistry([clash]));
});

test("a hostile search query is refused by its length, as its listed schema says, instead of being matched word by word against every tool", async () => {
  const many = Array.from({ length: 200 }, (_, i) => defineTool({ name: `tool_${i}`, description: `Thing ${i}`, input: z.object({}), handler: () => "" }));
  const registry = createRegistry(many, { exposition: "catalog" });
  const listed = registry.list().find((d) => d.name === "search_tools");
  assert.equal(listed.inputSchema.properties.query.maxLength, 500);
  // A query within 500 characters is searched; 501, or a million words, is refused and names the limit.
  const found = await registry.call("search_tools", { query: `tool_7 ${"x ".repeat(246)}` });
  assert.equal(found.structuredContent.tools[0].name, "tool_7");
  for (const query of [`${"x".repeat(501)}`, "w ".repeat(1_000_000)]) {
    const refused = await registry.call("search_tools", { query });
    assert.equal(refused.isError, true);
    assert.match(text(refused), new RegExp(`^\\[search_tools\\] query must be at most 500 characters \\(got ${query.length}\\)`));
  }
});
