// The MCP project's own reference servers, run for real over stdio with the
// SDK's Client, as a proxy or a command line in front of them meets them:
// arguments a client sent as text are repaired before the call, and a
// remote tool is driven from argv. Each case shows the server refusing
// what toolshape did not first put right.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVERS, connectServer } from "../scripts/gen-server-fixtures.mjs";
import { esm } from "./helpers.mjs";

const server = (name) => SERVERS.find((s) => s.name === name);
const textOf = (result) => result.content.map((c) => c.text ?? "").join("\n");

/** Connects (with other arguments or environment, if given), compiles each listed tool by name, and closes when the test ends. */
async function open(t, name, { args, env } = {}) {
  const client = await connectServer(args ? { ...server(name), args } : server(name), env);
  t.after(() => client.close());
  const { tools } = await client.listTools();
  const compiled = new Map(tools.map((tool) => [tool.name, esm.compile(tool.inputSchema, { name: tool.name })]));
  t.after(() => compiled.forEach((tool) => tool.free()));
  return { client, compiled };
}

test("a proxy repairs what a client sent as text, and the everything server adds it up", async (t) => {
  const { client, compiled } = await open(t, "everything");
  const sent = { a: "2", b: "3.5" };
  const refused = await client.callTool({ name: "get-sum", arguments: sent });
  assert.equal(refused.isError, true, "the server itself refuses numbers sent as text");
  const { value, repairs } = compiled.get("get-sum").repair(sent);
  assert.deepEqual(value, { a: 2, b: 3.5 });
  assert.equal(repairs.length, 2);
  const result = await client.callTool({ name: "get-sum", arguments: value });
  assert.notEqual(result.isError, true, textOf(result));
  assert.match(textOf(result), /5\.5/);
});

test("a remote tool from the command line: the filesystem server's edit_file driven by argv", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-fs-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "greeting.txt");
  writeFileSync(file, "hello world\n");
  const { client, compiled } = await open(t, "filesystem", { args: [dir] });
  const editFile = compiled.get("edit_file");
  const edits = '[{"oldText":"world","newText":"there"}]';

  const dry = editFile.parseArgv(["--path", file, "--edits", edits, "--dry-run"]);
  assert.deepEqual(dry, { path: file, edits: [{ oldText: "world", newText: "there" }], dryRun: true });
  const preview = await client.callTool({ name: "edit_file", arguments: dry });
  assert.notEqual(preview.isError, true, textOf(preview));
  assert.match(textOf(preview), /-hello world\n\+hello there/);
  assert.equal(readFileSync(file, "utf8"), "hello world\n", "a dry run leaves the file");

  const applied = await client.callTool({ name: "edit_file", arguments: editFile.parseArgv(["--path", file, "--edits", edits]) });
  assert.notEqual(applied.isError, true, textOf(applied));
  assert.equal(readFileSync(file, "utf8"), "hello there\n");

  // Two edits, one object a flag, as argparse's append takes them.
  const twice = editFile.parseArgv(["--path", file, "--edits", '{"oldText":"hello","newText":"hi"}', "--edits", '{"oldText":"there","newText":"all"}']);
  assert.equal(twice.edits.length, 2);
  const both = await client.callTool({ name: "edit_file", arguments: twice });
  assert.notEqual(both.isError, true, textOf(both));
  assert.equal(readFileSync(file, "utf8"), "hi all\n");

  // An edit without its newText never reaches the server: the flag says where it is wrong.
  assert.throws(
    () => editFile.parseArgv(["--path", file, "--edits", '[{"oldText":"all"}]']),
    (e) => e instanceof esm.ToolshapeError && e.code === "INVALID_ARGS" && e.message.includes('(at [0]: the required key "newText" is missing)'),
  );
});

test("the memory server's arrays of objects: argv to the call and the graph it keeps", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-memory-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { client, compiled } = await open(t, "memory", { env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") } });
  const tool = (name) => compiled.get(name);
  const entities = '[{"name":"toolshape","entityType":"project","observations":["written in Rust"]}]';
  const created = await client.callTool({ name: "create_entities", arguments: tool("create_entities").parseArgv(["--entities", entities]) });
  assert.notEqual(created.isError, true, textOf(created));
  // `names` is an array of strings: one flag given twice.
  const opened = await client.callTool({ name: "open_nodes", arguments: tool("open_nodes").parseArgv(["--names", "toolshape", "--names", "zod"]) });
  assert.notEqual(opened.isError, true, textOf(opened));
  assert.match(textOf(opened), /written in Rust/);
});

test("sequential thinking: a boolean-or-string field takes true as a boolean and other text as text", async (t) => {
  const { client, compiled } = await open(t, "sequential-thinking");
  const tool = compiled.get("sequentialthinking");
  const base = ["--thought", "first", "--thought-number", "1", "--total-thoughts", "2"];
  assert.equal(tool.parseArgv([...base, "--next-thought-needed", "true"]).nextThoughtNeeded, true);
  assert.equal(tool.parseArgv([...base, "--next-thought-needed", "perhaps"]).nextThoughtNeeded, "perhaps");
  const sent = { thought: "first", thoughtNumber: "1", totalThoughts: "2", nextThoughtNeeded: "true" };
  const { value } = tool.repair(sent);
  assert.deepEqual(value, { thought: "first", thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: "true" });
  const result = await client.callTool({ name: "sequentialthinking", arguments: value });
  assert.notEqual(result.isError, true, textOf(result));
  assert.equal(JSON.parse(textOf(result)).thoughtNumber, 1);
});
