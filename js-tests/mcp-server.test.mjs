// The example ops server (examples/ops-server.mjs, a registry of a grouped
// tool and two plain ones), started as a child process and driven over
// stdio by the SDK's own Client: each known clientInfo name gets its
// profile's schemas, grouped and flat exposition both route, every kind of
// stringified argument is repaired, broken text gets a clear isError result
// and the server stays up. The same file as a CLI, with no glue of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { root } from "./helpers.mjs";
import { KNOWN_CLIENTS } from "../pkg/lib/clients.mjs";

const server = join(root, "examples", "ops-server.mjs");
const { registry } = await import("../examples/ops-server.mjs");

/** A Client over stdio to a fresh ops server; `flat` sets OPS_EXPOSITION. */
async function connect(clientName, flat = false) {
  const client = new Client({ name: clientName, version: "1.0.0" });
  const env = { ...process.env, OPS_EXPOSITION: flat ? "flat" : "grouped" };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], env, stderr: "pipe" }));
  return client;
}

async function withClient(clientName, body, flat = false) {
  const client = await connect(clientName, flat);
  try {
    await body(client);
  } finally {
    await client.close();
  }
}

const data = (result) => {
  assert.ok(!result.isError, result.content && result.content[0].text);
  return JSON.parse(result.content[0].text);
};

test("each known clientInfo name gets its profile's schemas over stdio", async () => {
  const names = [...Object.keys(KNOWN_CLIENTS), "Visual Studio Code", "some-new-client"];
  // The example is built so that its schemas differ between profiles.
  const distinct = new Set(Object.values(KNOWN_CLIENTS).map((profile) => JSON.stringify(registry.list({ client: profile }))));
  assert.ok(distinct.size >= 5, `${distinct.size} distinct listings`);
  await Promise.all(
    names.map((name) =>
      withClient(name, async (client) => {
        const { tools } = await client.listTools();
        const profile = KNOWN_CLIENTS[name] || (name === "Visual Studio Code" ? "vscode" : "portable");
        assert.deepEqual(tools, registry.list({ client: profile }), name);
      }),
    ),
  );
});

test("the grouped tool: action enum, Required-for notes, aggregated hints", async () => {
  await withClient("claude-code", async (client) => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["deploy", "search", "services"]);
    const deploy = tools[0].inputSchema;
    assert.deepEqual(Object.keys(deploy.properties.config.properties), ["timeout", "dryRun"]);
    assert.deepEqual(deploy.required, ["service"]);
    assert.equal(deploy.properties.config.properties.timeout.default, 30);
    const services = tools[2];
    assert.deepEqual(services.inputSchema.properties.action.enum, ["status", "scale", "restart"]);
    assert.deepEqual(services.inputSchema.required, ["action", "service"]);
    assert.equal(services.inputSchema.properties.replicas.description, "Instances wanted. Required for: scale");
    assert.deepEqual(services.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.match(services.description, /- 'restart': Restart every instance\. Requires: confirm \[DESTRUCTIVE\]$/);
  });
});

test("flat exposition: one tool per action with its own hints, routed to the same handlers", async () => {
  await withClient(
    "claude-code",
    async (client) => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["deploy", "search", "services_status", "services_scale", "services_restart"]);
      assert.deepEqual(tools[2].annotations, { readOnlyHint: true });
      assert.deepEqual(tools[4].annotations, { destructiveHint: true });
      assert.deepEqual(data(await client.callTool({ name: "services_scale", arguments: { service: "x", replicas: "4" } })), { scaled: "x", replicas: 4, plan: null });
      const restart = await client.callTool({ name: "services_restart", arguments: { service: "x", confirm: "true", force: "true" } });
      assert.deepEqual(restart.content, [{ type: "text", text: "restarted x without draining" }]);
    },
    true,
  );
});

test("tools/call with well-formed arguments, plain and grouped", async () => {
  await withClient("claude-code", async (client) => {
    assert.deepEqual(data(await client.callTool({ name: "deploy", arguments: { service: "api", config: { timeout: 5 } } })), {
      deployed: "api",
      to: "dev",
      replicas: 2,
      tags: [],
      notify: null,
      config: { timeout: 5, dryRun: false },
    });
    const status = await client.callTool({ name: "services", arguments: { action: "status", service: "api" } });
    assert.deepEqual(status.structuredContent, { service: "api", replicas: 2, healthy: true, verbose: false });
  });
});

test("tools/call repairs numbers, booleans, objects, arrays and lone items sent as text", async () => {
  await withClient("claude-code", async (client) => {
    const out = data(await client.callTool({ name: "deploy", arguments: { service: "api", replicas: "3", tags: "a", config: '{"timeout":"7","dryRun":"true"}' } }));
    assert.equal(out.replicas, 3);
    assert.deepEqual(out.tags, ["a"]);
    assert.deepEqual(out.config, { timeout: 7, dryRun: true });
    const scaled = data(await client.callTool({ name: "services", arguments: { action: "scale", service: "x", replicas: "0", plan: '{"module":"offers","steps":"[1,2]"}' } }));
    assert.deepEqual(scaled, { scaled: "x", replicas: 0, plan: { module: "offers", steps: [1, 2] } });
    const sorted = data(await client.callTool({ name: "search", arguments: { query: "q", sort: '["tier","desc"]' } }));
    assert.deepEqual(sorted.sort, ["tier", "desc"]);
  });
});

test("tools/call repairs a whole arguments object sent as one string", async () => {
  await withClient("claude-code", async (client) => {
    // The SDK's client types arguments as an object; a raw request sends what broken clients send.
    const text = '{"query":"db","filters":"{\\"owners\\":[\\"ops\\"],\\"tier\\":\\"gold\\"}","limit":"5"}';
    const result = await client.request({ method: "tools/call", params: { name: "search", arguments: text } }, CallToolResultSchema);
    assert.deepEqual(data(result), { query: "db", limit: 5, filters: { owners: ["ops"], tier: "gold" }, sort: null });
    const grouped = await client.request({ method: "tools/call", params: { name: "services", arguments: '{"action":"scale","service":"x","replicas":2}' } }, CallToolResultSchema);
    assert.deepEqual(data(grouped), { scaled: "x", replicas: 2, plan: null });
    const broken = await client.request({ method: "tools/call", params: { name: "search", arguments: "{not json" } }, CallToolResultSchema);
    assert.equal(broken.isError, true);
    assert.match(broken.content[0].text, /^\[search\] /);
  });
});

test("broken text and wrong routes get clear isError results and the server stays up", async () => {
  await withClient("claude-code", async (client) => {
    const bad = await client.callTool({ name: "services", arguments: { action: "scale", service: "x", replicas: "three", plan: "{module:" } });
    assert.equal(bad.isError, true);
    assert.equal(
      bad.content[0].text,
      "[services/scale] Invalid arguments (fix them and call again):\n- replicas: Invalid input: expected number, received string\n- plan: Invalid input: expected object, received string",
    );
    const misspelt = await client.callTool({ name: "services", arguments: { action: "scael", service: "x" } });
    assert.equal(misspelt.content[0].text, '[services] Unknown action "scael". Did you mean "scale"? Actions: status, scale, restart');
    const other = await client.callTool({ name: "services", arguments: { action: "status", service: "x", force: true } });
    assert.equal(other.isError, true);
    assert.match(other.content[0].text, /force/);
    const proto = await client.callTool({ name: "services", arguments: { action: "scale", service: "x", replicas: 1, plan: '{"module":"m","steps":[],"__proto__":{"polluted":1}}' } });
    assert.equal(proto.isError, true);
    assert.equal({}.polluted, undefined);
    const unknown = await client.callTool({ name: "serch", arguments: {} });
    assert.equal(unknown.isError, true);
    assert.match(unknown.content[0].text, /Did you mean "search"\?/);
    assert.equal(data(await client.callTool({ name: "search", arguments: { query: "still up" } })).query, "still up");
  });
});

test("the same file is a CLI: commands, actions, usage and flag-term errors", () => {
  const run = (...args) => spawnSync(process.execPath, [server, ...args], { encoding: "utf8" });
  const ok = run("deploy", "--service", "api", "--config-timeout", "5", "--tags", "a", "--tags", "b");
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout).config, { timeout: 5, dryRun: false });
  assert.deepEqual(JSON.parse(ok.stdout).tags, ["a", "b"]);
  const scale = run("services", "scale", "--service", "api", "--replicas", "3", "--plan-module", "m", "--plan-steps", "1", "--plan-steps", "2");
  assert.equal(scale.status, 0, scale.stderr);
  assert.deepEqual(JSON.parse(scale.stdout), { scaled: "api", replicas: 3, plan: { module: "m", steps: [1, 2] } });
  const list = run("--help");
  assert.equal(list.status, 0);
  assert.match(list.stdout, /^ {2}deploy +Deploy a service to an environment$/m);
  assert.match(list.stdout, /^ {2}services +Operate running services$/m);
  const help = run("deploy", "--help");
  assert.match(help.stdout, /--config-timeout <number>/);
  assert.match(help.stdout, /^Deploy a service to an environment$/m);
  const actions = run("services", "--help");
  assert.match(actions.stdout, /^ {2}restart +Restart every instance$/m);
  const bad = run("services", "scale", "--service", "x", "--replicas", "1.5");
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--replicas expects an integer/);
  const invalid = run("services", "scale", "--service", "", "--replicas", "-1");
  assert.equal(invalid.status, 2);
  assert.match(invalid.stderr, /^--service: Too small/m);
  assert.match(invalid.stderr, /^--replicas: Too small/m);
  const restart = run("services", "restart", "--service", "api", "--confirm");
  assert.equal(restart.stdout, "restarted api\n");
  const unconfirmed = run("services", "restart", "--service", "api");
  assert.equal(unconfirmed.status, 2);
  assert.match(unconfirmed.stderr, /^--confirm: Invalid input: expected true$/m);
  const typo = run("delpoy");
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /did you mean deploy\?/);
});
