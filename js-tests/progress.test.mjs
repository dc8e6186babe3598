// A handler's progress(done, total, message) and the request's abort
// signal, on the SDK's real Client and server of both lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { cjs } from "./helpers.mjs";

const { createRegistry, defineGroup, defineTool } = cjs;

function tools(seen) {
  const index = defineTool({
    name: "index",
    input: z.object({ files: z.number().int() }),
    handler: async (args, { progress }) => {
      for (let i = 1; i <= args.files; i++) await progress(i, args.files, `file ${i}`);
      await progress(1, args.files); // not past the last: not sent
      return `indexed ${args.files}`;
    },
  });
  const jobs = defineGroup({
    name: "jobs",
    actions: {
      wait: {
        input: z.object({}),
        handler: (args, { signal }) =>
          new Promise((resolve) => {
            seen.signal = signal;
            signal.addEventListener("abort", () => {
              seen.aborted = true;
              resolve("stopped");
            });
          }),
      },
    },
  });
  return createRegistry([index, jobs]);
}

const lines = [
  ["SDK 1.x", McpServerV1, ClientV1, MemoryV1, (client, params, options) => client.callTool(params, undefined, options)],
  ["SDK 2.x", McpServer, Client, InMemoryTransport, (client, params, options) => client.callTool(params, options)],
];

for (const [line, Server, ClientOf, Memory, callTool] of lines) {
  test(`${line}: progress reaches a client that asked for it, in order, each past the last; a cancelled request's signal aborts`, async () => {
    const seen = {};
    const server = new Server({ name: "s", version: "1.0.0" });
    tools(seen).attach(server);
    const client = new ClientOf({ name: "c", version: "1.0.0" });
    const [a, b] = Memory.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    const heard = [];
    const result = await callTool(client, { name: "index", arguments: { files: 3 } }, { onprogress: (p) => heard.push([p.progress, p.total, p.message]) });
    assert.equal(result.content[0].text, "indexed 3");
    assert.deepEqual(heard, [[1, 3, "file 1"], [2, 3, "file 2"], [3, 3, "file 3"]]);
    // Without a progress token, progress() sends nothing and the call still runs.
    assert.equal((await callTool(client, { name: "index", arguments: { files: 2 } })).content[0].text, "indexed 2");
    const controller = new AbortController();
    const waiting = callTool(client, { name: "jobs", arguments: { action: "wait" } }, { signal: controller.signal });
    while (seen.signal === undefined) await new Promise((r) => setTimeout(r, 5));
    assert.equal(seen.signal.aborted, false);
    controller.abort("user stopped it");
    await assert.rejects(waiting);
    while (!seen.aborted) await new Promise((r) => setTimeout(r, 5));
    assert.equal(seen.signal.aborted, true);
    await client.close();
  });
}

test("off MCP, progress is a no-op that still checks its arguments, and the signal never aborts", async () => {
  let ctx;
  const probe = defineTool({ name: "probe", input: z.object({}), handler: (args, c) => ((ctx = c), "ok") });
  await probe.call({});
  await ctx.progress(1, 2, "x");
  await assert.rejects(ctx.progress("1"), { code: "INVALID_OPTION" });
  assert.equal(ctx.signal.aborted, false);
});
