// The example MCP server, started as a child process and driven over stdio
// by the SDK's own Client: tools/list gives complete nested schemas,
// tools/call repairs every kind of stringified argument, broken text gets a
// clear isError result, and the server stays up. The same file as a CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { root } from "./helpers.mjs";

const server = join(root, "examples", "ops-server.mjs");
let client;

before(async () => {
  client = new Client({ name: "toolshape-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: "pipe" }));
});

after(async () => {
  await client.close();
});

const call = (name, args) => client.callTool({ name, arguments: args });
const data = (result) => {
  assert.ok(!result.isError, result.content && result.content[0].text);
  return JSON.parse(result.content[0].text);
};

test("tools/list returns complete nested schemas", async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ["deploy", "search", "scale"]);
  const deploy = tools[0].inputSchema;
  assert.equal(deploy.type, "object");
  assert.deepEqual(Object.keys(deploy.properties.config.properties), ["timeout", "dryRun"]);
  assert.deepEqual(deploy.required, ["service"]);
  assert.equal(deploy.properties.config.properties.timeout.default, 30);
  assert.deepEqual(tools[1].inputSchema.properties.filters.properties.tier.enum, ["gold", "silver"]);
});

test("tools/call with well-formed arguments", async () => {
  assert.deepEqual(data(await call("deploy", { service: "api", config: { timeout: 5 } })), {
    deployed: "api",
    to: "dev",
    replicas: 2,
    tags: [],
    config: { timeout: 5, dryRun: false },
  });
});

test("tools/call repairs numbers, booleans, objects and arrays sent as text", async () => {
  const out = data(await call("deploy", { service: "api", replicas: "3", tags: '["a","b"]', config: '{"timeout":"7","dryRun":"true"}' }));
  assert.equal(out.replicas, 3);
  assert.deepEqual(out.tags, ["a", "b"]);
  assert.deepEqual(out.config, { timeout: 7, dryRun: true });
  const scaled = data(await call("scale", { service: "x", replicas: "0", plan: '{"module":"offers","steps":"[1,2]"}' }));
  assert.deepEqual(scaled, { scaled: "x", replicas: 0, plan: { module: "offers", steps: [1, 2] } });
});

test("tools/call repairs a whole arguments object sent as one string", async () => {
  // The SDK's client types arguments as an object; a raw request sends what broken clients send.
  const { CallToolResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
  const result = await client.request(
    { method: "tools/call", params: { name: "search", arguments: '{"query":"db","filters":"{\\"owners\\":[\\"ops\\"],\\"tier\\":\\"gold\\"}","limit":"5"}' } },
    CallToolResultSchema,
  );
  assert.deepEqual(data(result), { query: "db", limit: 5, filters: { owners: ["ops"], tier: "gold" } });
  const broken = await client.request({ method: "tools/call", params: { name: "search", arguments: "{not json" } }, CallToolResultSchema).catch((e) => e);
  assert.match(String(broken.message), /Invalid/);
});

test("broken text gets a clear isError result and the server stays up", async () => {
  const bad = await call("scale", { service: "x", replicas: "three", plan: "{module:" });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /Invalid arguments/);
  assert.match(bad.content[0].text, /replicas/);
  assert.match(bad.content[0].text, /plan/);
  const proto = await call("scale", { service: "x", replicas: 1, plan: '{"module":"m","steps":[],"__proto__":{"polluted":1}}' });
  assert.equal(proto.isError, true);
  assert.equal({}.polluted, undefined);
  const unknown = await call("nope", {});
  assert.equal(unknown.isError, true);
  assert.equal(data(await call("search", { query: "still up" })).query, "still up");
});

test("the same file is a CLI", () => {
  const run = (...args) => spawnSync(process.execPath, [server, ...args], { encoding: "utf8" });
  const ok = run("deploy", "--service", "api", "--config-timeout", "5", "--tags", "a", "--tags", "b");
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout).config, { timeout: 5, dryRun: false });
  assert.deepEqual(JSON.parse(ok.stdout).tags, ["a", "b"]);
  const help = run("deploy", "--help");
  assert.match(help.stdout, /--config-timeout <number>/);
  const bad = run("scale", "--service", "x", "--replicas", "1.5");
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /--replicas expects an integer/);
});
