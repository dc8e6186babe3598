// Asking for missing input: a registry-served call whose required values
// are missing asks the client with an elicitation form built from the flag
// table, then validates with the answers in. The SDK's real Client and
// servers: 1.x (elicitation/create sent by the server), 2.x on a 2025
// connection (input_required turned into elicitation/create by the SDK) and
// 2.x on 2026-07-28 (input_required sent, the client's driver answering);
// and a person at a real pseudo-terminal for the command line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { z } from "zod";
import { cjs, root } from "./helpers.mjs";

const { createRegistry, defineGroup, defineTool } = cjs;

const deploy = defineTool({
  name: "deploy",
  input: z.object({
    service: z
      .string()
      .min(2)
      .refine((name) => name !== "prod-db", "prod-db is not deployed from here")
      .describe("Service to deploy"),
    owner: z.email().optional(),
    config: z.object({ timeout: z.number().int().min(1).max(600), mode: z.union([z.literal("fast").describe("Skip checks"), z.literal("safe").describe("Run checks")]) }),
  }),
  handler: (args) => JSON.stringify(args),
});
const batch = defineTool({ name: "batch", input: z.object({ items: z.array(z.object({ id: z.string() })) }), handler: () => "ok" });
const users = defineGroup({
  name: "users",
  actions: { create: { input: z.object({ email: z.email(), admin: z.boolean() }), handler: (args) => `created ${args.email}${args.admin ? " (admin)" : ""}` } },
});
const registry = () => createRegistry([deploy, batch, users]);
const text = (result) => result.content.map((c) => c.text).join("\n");

/** An SDK 1.x server and client over memory; `answer(params)` is the client's elicitation handler, or none. */
async function v1(answer) {
  const server = new McpServerV1({ name: "s", version: "1.0.0" });
  registry().attach(server);
  const client = new ClientV1({ name: "c", version: "1.0.0" }, answer === undefined ? {} : { capabilities: { elicitation: {} } });
  const asked = [];
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return answer(request.params);
    });
  }
  const [a, b] = MemoryV1.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, asked };
}

test("SDK 1.x: missing required values are asked with a form of flag names (formats, bounds, titled choices), and the answers land at their paths", async () => {
  const answers = { service: "api", "config-timeout": 30, "config-mode": "safe", email: "a@b.co", admin: true };
  // The client answers each field it is asked for.
  const { client, asked } = await v1((params) => ({ action: "accept", content: Object.fromEntries(Object.keys(params.requestedSchema.properties).map((k) => [k, answers[k]])) }));
  const result = await client.callTool({ name: "deploy", arguments: { owner: "a@b.co" } });
  assert.equal(result.isError, undefined, text(result));
  assert.deepEqual(JSON.parse(text(result)), { owner: "a@b.co", service: "api", config: { timeout: 30, mode: "safe" } });
  assert.equal(asked.length, 1);
  assert.equal(asked[0].message, "deploy needs values for service, config-timeout, config-mode");
  assert.deepEqual(asked[0].requestedSchema, {
    type: "object",
    properties: {
      service: { type: "string", title: "service", description: "Service to deploy", minLength: 2 },
      "config-timeout": { type: "integer", title: "timeout", minimum: 1, maximum: 600 },
      "config-mode": { type: "string", title: "mode", oneOf: [{ const: "fast", title: "Skip checks" }, { const: "safe", title: "Run checks" }] },
    },
    required: ["service", "config-timeout", "config-mode"],
  });
  // A value repair cannot settle is asked for again, alone.
  const settled = await client.callTool({ name: "deploy", arguments: { service: "api", config: { timeout: "soon", mode: "fast" } } });
  assert.deepEqual(Object.keys(asked[1].requestedSchema.properties), ["config-timeout"]);
  assert.deepEqual(JSON.parse(text(settled)).config, { timeout: 30, mode: "fast" });
  // A group's action asks for its own fields; an email field carries its format.
  const created = await client.callTool({ name: "users", arguments: { action: "create", admin: true } });
  assert.equal(asked[2].requestedSchema.properties.email.format, "email");
  assert.equal(text(created), "created a@b.co (admin)");
  await client.close();
});

test("SDK 1.x: a declined or cancelled form is a readable tool error; an answer that still fails is validated as any call", async () => {
  for (const [action, word] of [["decline", "declined"], ["cancel", "cancelled"]]) {
    const { client } = await v1(() => ({ action }));
    const result = await client.callTool({ name: "deploy", arguments: { service: "api", config: { mode: "fast" } } });
    assert.equal(result.isError, true);
    assert.equal(text(result), `[deploy] the user ${word} the form asking for config-timeout; call again with them in the arguments`);
    await client.close();
  }
  const { client } = await v1(() => ({ action: "accept", content: { service: "prod-db" } }));
  const result = await client.callTool({ name: "deploy", arguments: { config: { mode: "fast", timeout: 5 } } });
  assert.equal(result.isError, true);
  assert.match(text(result), /- service: prod-db is not deployed from here/);
  await client.close();
});

test("nothing is asked of a client that takes no forms, nor for what a form cannot carry (an object in an array): the error says what to send", async () => {
  const { client: plain } = await v1(undefined);
  const refused = await plain.callTool({ name: "deploy", arguments: {} });
  assert.equal(refused.isError, true);
  assert.match(text(refused), /^\[deploy\] Invalid arguments \(fix them and call again\):\n- service: /);
  await plain.close();
  const { client, asked } = await v1(() => ({ action: "accept", content: {} }));
  const batchResult = await client.callTool({ name: "batch", arguments: {} });
  assert.equal(asked.length, 0);
  assert.match(text(batchResult), /- items: Invalid input: expected array, received undefined/);
  await client.close();
});

test("SDK 2.x on a 2025 connection: the input_required result is asked as elicitation/create by the SDK, and the call goes on", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  registry().attach(server);
  const client = new Client({ name: "c", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const asked = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(request.params);
    return { action: "accept", content: { email: "x@y.io", admin: false } };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const created = await client.callTool({ name: "users", arguments: { action: "create" } });
  assert.equal(text(created), "created x@y.io");
  assert.deepEqual(asked[0].requestedSchema.required, ["email", "admin"]);
  await client.close();
});

test("SDK 2.x on 2026-07-28 (stateless HTTP): input_required goes to the client, whose answer comes back with the retried call; a declined or cancelled form is an error", async () => {
  for (const [answer, expected] of [
    [{ action: "accept", content: { service: "web", "config-timeout": 9, "config-mode": "fast" } }, /"service":"web","config":\{"timeout":9,"mode":"fast"\}/],
    [{ action: "decline" }, /^\[deploy\] the user declined the form asking for service, config-timeout, config-mode/],
    [{ action: "cancel" }, /^\[deploy\] the user cancelled the form asking for service, config-timeout, config-mode/],
  ]) {
    const reg = registry();
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: "s", version: "1.0.0" });
      reg.attach(server);
      return server;
    });
    const client = new Client({ name: "c", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } });
    client.setRequestHandler("elicitation/create", async () => answer);
    await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    try {
      const result = await client.callTool({ name: "deploy", arguments: {} });
      assert.match(text(result), expected);
    } finally {
      await client.close();
    }
  }
});

/** Runs the example ops server's command line in a real pseudo-terminal (util-linux `script`), answering each prompt. */
function inTerminal(argv, answers) {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, join(root, "examples", "ops-server.mjs"), ...argv].map((w) => `'${w}'`).join(" ");
    const child = spawn("script", ["-qfec", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let asked = 0;
    const timer = setTimeout(() => child.kill(), 20000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      // Each prompt ends with ": "; answer it once it shows.
      const prompts = out.split(/: (?:\x1b\[\d+G)?/).length - 1;
      while (asked < answers.length && asked < prompts) child.stdin.write(`${answers[asked++]}\n`);
    });
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, out: out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "") });
    });
  });
}

test("runCli in a terminal asks a person for each missing flag and parses the answers as flags; --no-input and a pipe never ask", async () => {
  const asked = await inTerminal(["deploy"], ["api"]);
  assert.equal(asked.status, 0, asked.out);
  assert.match(asked.out, /service \(Service to deploy\): api/);
  assert.match(asked.out, /"deployed": "api"/);
  const refused = await inTerminal(["deploy", "--no-input"], []);
  assert.equal(refused.status, 2, refused.out);
  assert.match(refused.out, /missing required flag --service/);
  assert.doesNotMatch(refused.out, /service \(Service to deploy\):/);
  const piped = spawnSync(process.execPath, [join(root, "examples", "ops-server.mjs"), "deploy"], { encoding: "utf8", input: "api\n" });
  assert.equal(piped.status, 2);
  assert.match(piped.stderr, /missing required flag --service/);
});

test("a tool whose own flag is --no-input keeps it", async () => {
  const quiet = defineTool({ name: "quiet", input: z.object({ noInput: z.boolean().optional() }), handler: (args) => JSON.stringify(args) });
  const out = [];
  assert.equal(await quiet.runCli(["--no-input"], { stdout: (t) => out.push(t) }), 0);
  assert.deepEqual(JSON.parse(out.join("")), { noInput: true });
  const viaRegistry = [];
  assert.equal(await createRegistry([quiet]).runCli(["quiet", "--no-input"], { stdout: (t) => viaRegistry.push(t) }), 0);
  assert.deepEqual(JSON.parse(viaRegistry.join("")), { noInput: true });
});

test("over stdio: the example ops server (SDK 1.x) asks a real client for the missing service, and deploys it", async () => {
  const client = new ClientV1({ name: "c", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  const asked = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return { action: "accept", content: { service: "billing" } };
  });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "examples", "ops-server.mjs")], stderr: "pipe" }));
  try {
    const result = await client.callTool({ name: "deploy", arguments: {} });
    assert.equal(JSON.parse(text(result)).deployed, "billing");
    assert.deepEqual(asked[0].requestedSchema.required, ["service"]);
  } finally {
    await client.close();
  }
});
