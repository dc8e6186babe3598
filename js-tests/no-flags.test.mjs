// A schema whose keys make no flag names (a key with a space, as Notion or
// Airtable fields have, or two keys that kebab-case alike) is still a tool an
// MCP client can take: compile, every client's schema, repair, withRepair,
// defineTool and a registry over the SDK's own Client all work, and the
// command line, when asked for, says why it cannot be one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { compile, compileCommands, createRegistry, defineTool, repair, withRepair, ToolshapeError } = cjs;

const shapes = {
  "a key with a space": [{ "First Name": z.string(), age: z.number().int().optional() }, "INVALID_FLAG_NAME", /"First Name"/],
  "two keys one flag": [{ fooBar: z.string(), "foo-bar": z.string().optional(), age: z.number().int().optional() }, "FLAG_COLLISION", /--foo-bar would mean both/],
};

/** A Client the registry serves the mcp profile (Claude refuses a key with a space). */
async function connected(server) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "mcp-inspector", version: "1.0.0" });
  await client.connect(b);
  return client;
}

function io() {
  const seen = { out: "", err: "" };
  return { seen, io: { stdout: (text) => (seen.out += text), stderr: { write: (text) => (seen.err += text) }, env: {} } };
}

for (const [label, [shape, code, named]] of Object.entries(shapes)) {
  const schema = z.object(shape);
  const json = z.toJSONSchema(schema, { io: "input" });
  const sent = { ...Object.fromEntries(Object.keys(shape).filter((k) => k !== "age").map((k) => [k, "x"])), age: "41" };
  const wanted = { ...sent, age: 41 };

  test(`${label}: compile, every client's schema and repair work`, () => {
    const tool = compile(json);
    // A client that refuses the key says so (PROPERTY_KEY_REFUSED); the others take the schema.
    let taken = 0;
    for (const client of ["mcp", "portable", "openai", "openai-strict", "anthropic", "claude-code", "gemini", "gemini-json", "vscode", "cursor"]) {
      const { ok, errors } = tool.check(client);
      if (!ok) {
        assert.deepEqual([...new Set(errors.map((e) => e.code))], ["PROPERTY_KEY_REFUSED"], client);
        continue;
      }
      assert.deepEqual(Object.keys(tool.inputSchema({ client }).properties), Object.keys(shape), client);
      taken++;
    }
    assert.ok(taken >= 3, `${taken} clients`);
    assert.deepEqual(tool.repair(sent).value, wanted);
    assert.deepEqual(repair(json, sent).value, wanted, "the free repair builds no command line");
    assert.ok(schema.safeParse(tool.repair(sent).value).success);
  });

  test(`${label}: each command-line call answers why, with a fix`, () => {
    const tool = compile(json, { name: "people" });
    const expected = (e) => e instanceof ToolshapeError && e.code === code && named.test(e.message) && /inputSchema and repair work as it is/.test(e.message);
    assert.throws(() => tool.parseArgv(["--age", "3"]), expected);
    assert.equal(tool.safeParseArgv([]).error.code, code);
    assert.throws(() => tool.toArgv({ age: 3 }), expected);
    assert.throws(() => tool.fromFlagValues({ age: 3 }), expected);
    // Never an empty table, never the reason printed as usage: thrown.
    assert.throws(() => tool.flags(), expected);
    assert.throws(() => tool.usage(), expected);
    assert.throws(() => tool.complete(["--"]), expected);
    assert.equal(tool.safeParseArgv(["--help"]).error.code, code);
    // check says so when the tool is defined, and still passes it for every client.
    const checked = tool.check("mcp");
    assert.ok(checked.ok);
    assert.ok(checked.warnings.some((w) => w.code === "NO_COMMAND_LINE" && named.test(w.message)), JSON.stringify(checked.warnings));
    // A command set of it is a command line: refused, with the reason.
    assert.throws(() => compileCommands({ people: tool, search: compile(z.object({ q: z.string() })) }), expected);
  });

  test(`${label}: served through the SDK with withRepair and a registry; its runCli rejects with the reason, a registry's answers it`, async () => {
    const tool = compile(json);
    const handle = withRepair(schema, async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }));
    const server = new Server({ name: "t", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "people", inputSchema: tool.inputSchema() }] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => handle(request.params.arguments));
    const client = await connected(server);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(Object.keys(tools[0].inputSchema.properties), Object.keys(shape));
      const result = await client.callTool({ name: "people", arguments: sent });
      assert.equal(result.isError, undefined, result.content[0].text);
      assert.deepEqual(JSON.parse(result.content[0].text), wanted);
    } finally {
      await client.close();
    }

    const people = defineTool({ name: "people", input: schema, handler: async (args) => JSON.stringify(args) });
    const registry = createRegistry([people]);
    const listed = new McpServer({ name: "r", version: "1.0.0" });
    registry.attach(listed);
    const other = await connected(listed);
    try {
      const { tools } = await other.listTools();
      assert.deepEqual(Object.keys(tools[0].inputSchema.properties), Object.keys(shape));
      const result = await other.callTool({ name: "people", arguments: sent });
      assert.deepEqual(JSON.parse(result.content[0].text), wanted);
    } finally {
      await other.close();
    }
    // A tool that cannot be a command line is the definer's mistake, not
    // the user's arguments: runCli rejects with the reason (as for a union
    // no word picks a branch of), it does not exit 2.
    await assert.rejects(people.runCli(["--age", "3"], io().io), (e) => e.code === code && named.test(e.message));
    // A registry's command line still serves its other tools.
    const plain = defineTool({ name: "plain", input: z.object({ q: z.string() }), handler: async (args) => `q=${args.q}` });
    const both = createRegistry([people, plain]);
    const { seen, io: streams } = io();
    assert.equal(await both.runCli(["plain", "--q", "x"], streams), 0);
    assert.equal(seen.out, "q=x\n");
    // It says at its start which tools have no command line, and why.
    assert.ok(seen.err.startsWith('note: tool "people" has no command line, only MCP: '), seen.err);
    assert.match(seen.err, named);
    // There, typing that tool's word is the user's: it answers the reason, exit 2.
    const refused = io();
    assert.equal(await both.runCli(["people", "--age", "3"], refused.io), 2);
    assert.match(refused.seen.err, /\ntool "people" cannot be run from the command line, only over MCP: /);
    assert.match(refused.seen.err, named);
  });
}
