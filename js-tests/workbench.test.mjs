// The aggregating proxy (examples/workbench.mjs) driven end to end by the
// SDK's Client over stdio: it starts the ops and notes servers itself,
// names their tools for the connecting client (valid for its rules,
// counting its prefix), gives that client's schemas, routes calls by
// lookup, repairs arguments (one JSON string too), and its use_tool calls
// anything by identifier with unsafe-side hints and the seed's messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { cjs, root } from "./helpers.mjs";

const { compile, createNameTable } = cjs;
const script = (name) => join(root, "examples", name);

async function connect(clientName, file = "workbench.mjs") {
  const client = new Client({ name: clientName, version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [script(file)], stderr: "pipe" }));
  return client;
}

const text = (result) => result.content.map((c) => c.text).join("\n");
const json = (result) => {
  assert.ok(!result.isError, text(result));
  return JSON.parse(text(result));
};

/** CLIENTS.md section 1 for the clients below, with the server called "workbench". */
const valid = {
  "claude-code": (name) => /^[A-Za-z0-9_-]+$/.test(name) && `mcp__workbench__${name}`.length <= 64,
  "cursor-vscode": (name) => /^[A-Za-z0-9_-]+$/.test(name) && "workbench".length + 1 + name.length <= 60,
  "codex-mcp-client": (name) => /^[A-Za-z0-9_-]{1,64}$/.test(name),
  "mcp-inspector": (name) => /^[A-Za-z0-9_.-]{1,128}$/.test(name),
};
const profiles = { "claude-code": "claude-code", "cursor-vscode": "cursor", "codex-mcp-client": "openai", "mcp-inspector": "mcp" };

test("each client gets names valid for it, its profile's schemas, and calls routed by lookup", async () => {
  // The notes server's own listing, for the schemas the proxy should pass on.
  const direct = await connect("toolshape-test", "notes-server.mjs");
  const notes = (await direct.listTools()).tools;
  await direct.close();
  await Promise.all(
    Object.keys(valid).map(async (clientName) => {
      const client = await connect(clientName);
      try {
        const { tools } = await client.listTools();
        assert.equal(tools.length, 7, clientName);
        for (const t of tools) assert.ok(valid[clientName](t.name), `${clientName}: ${t.name}`);
        assert.equal(new Set(tools.map((t) => t.name.toLowerCase())).size, tools.length);
        // The names are the name table's for this client's profile.
        const ids = [
          ...["deploy", "search", "services"].map((tool) => ({ toolbox: "platform", server: "ops", tool })),
          ...notes.map((n) => ({ toolbox: "data", server: "notes", tool: n.name })),
        ];
        const table = createNameTable(ids, { client: profiles[clientName], server: "workbench" });
        assert.deepEqual(tools.slice(0, 6).map((t) => t.name), ids.map((id) => table.name(id)));
        const summarize = notes.find((n) => n.name.startsWith("summarize"));
        const served = tools.find((t) => t.name === table.name({ toolbox: "data", server: "notes", tool: summarize.name }));
        assert.deepEqual(served.inputSchema, compile(summarize.inputSchema).inputSchema({ client: profiles[clientName] }));
        assert.equal(served.description, summarize.description);
        // Routed by the name the client saw, arguments repaired on the way.
        const create = table.name({ toolbox: "data", server: "notes", tool: "notes.create" });
        assert.deepEqual(json(await client.callTool({ name: create, arguments: { title: "plan", tags: "ops" } })), { created: "plan", tags: ["ops"], count: 1 });
        const deploy = table.name({ toolbox: "platform", server: "ops", tool: "deploy" });
        const whole = await client.request({ method: "tools/call", params: { name: deploy, arguments: '{"service":"api","replicas":"3"}' } }, CallToolResultSchema);
        assert.equal(json(whole).replicas, 3);
        const unknown = await client.callTool({ name: "data__notes__nope", arguments: {} });
        assert.equal(unknown.isError, true);
      } finally {
        await client.close();
      }
    }),
  );
});

test("names long or with dots are rewritten only for the clients that need it", async () => {
  const inspector = await connect("mcp-inspector");
  const claude = await connect("claude-code");
  try {
    const spec = (await inspector.listTools()).tools.map((t) => t.name);
    const cc = (await claude.listTools()).tools.map((t) => t.name);
    assert.ok(spec.includes("data__notes__notes.create"));
    assert.ok(spec.includes("data__notes__summarize_every_note_in_the_workspace_by_tag_and_date"));
    assert.ok(cc.includes("data__notes__notes_create"));
    assert.ok(cc.some((n) => /^data__notes__summarize_every_note_in_t.*_[0-9a-z]{8}$/.test(n)), cc.join(" "));
    assert.ok(cc.includes("platform__ops__deploy"));
  } finally {
    await inspector.close();
    await claude.close();
  }
});

test("use_tool: any tool by identifier, arguments repaired, unsafe-side hints, the seed's messages", async () => {
  const client = await connect("codex-mcp-client");
  try {
    const useTool = (await client.listTools()).tools.find((t) => t.name === "use_tool");
    assert.deepEqual(useTool.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.deepEqual(useTool.inputSchema.properties.tool.required, ["toolbox", "server", "tool"]);
    const created = await client.callTool({ name: "use_tool", arguments: { tool: { toolbox: "data", server: "notes", tool: "notes.create" }, arguments: '{"title":"hello","tags":["x"]}' } });
    assert.deepEqual(json(created), { created: "hello", tags: ["x"], count: 1 });
    const found = await client.callTool({ name: "use_tool", arguments: { tool: '{"toolbox":"data","server":"notes","tool":"notes.search"}', arguments: { query: "hel", limit: "5" } } });
    assert.equal(json(found).found[0].title, "hello");
    const grouped = await client.callTool({ name: "use_tool", arguments: { tool: { toolbox: "platform", server: "ops", tool: "services" }, arguments: { action: "scale", service: "api", replicas: "2" } } });
    assert.deepEqual(json(grouped), { scaled: "api", replicas: 2, plan: null });
    const misspelt = await client.callTool({ name: "use_tool", arguments: { tool: { toolbox: "data", server: "notes", tool: "notes.serch" } } });
    assert.equal(text(misspelt), "[use_tool] Tool 'notes.serch' not found in server 'notes' (toolbox 'data'); did you mean 'notes.search'?");
    const box = await client.callTool({ name: "use_tool", arguments: { tool: { toolbox: "plattform", server: "ops", tool: "deploy" } } });
    assert.equal(text(box), "[use_tool] Toolbox 'plattform' not found; did you mean 'platform'?");
    const empty = await client.callTool({ name: "use_tool", arguments: { tool: { toolbox: "", server: "ops", tool: "deploy" } } });
    assert.equal(empty.isError, true);
    assert.equal(text(empty), "[use_tool] Invalid tool identifier: toolbox cannot be empty");
  } finally {
    await client.close();
  }
});

test("the notes server counts a tag named __proto__ like any other", async () => {
  const client = await connect("toolshape-test", "notes-server.mjs");
  try {
    await client.callTool({ name: "notes.create", arguments: { title: "a", tags: ["__proto__", "x"] } });
    await client.callTool({ name: "notes.create", arguments: { title: "b", tags: ["__proto__"] } });
    const counts = json(await client.callTool({ name: "summarize_every_note_in_the_workspace_by_tag_and_date", arguments: {} }));
    assert.ok(Object.hasOwn(counts, "__proto__"));
    assert.deepEqual(Object.entries(counts), [["__proto__", 2], ["x", 1]]);
  } finally {
    await client.close();
  }
});
