// The second line of defence: should the wasm instance ever trap, the call
// that trapped answers a ToolshapeError (INTERNAL), the instance is replaced
// by a new one from the same module, and every Tool keeps working. The trap
// here is real: a wasm-bindgen export is called the way the glue must never
// be (a handle past the end of memory), which traps inside wasm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cjs, require, root } from "./helpers.mjs";

const { compile, ToolshapeError } = cjs;
const schema = { type: "object", properties: { a: { type: "object", properties: { b: { type: "integer" } } } } };

/**
 * Makes `method` of the current instance's WasmTool trap inside wasm once:
 * the export is handed a handle that points past the end of linear memory,
 * so the core's first read of it is out of bounds.
 */
function trapOnce(method) {
  const glue = require("../pkg/node/toolshape.js");
  const original = glue.WasmTool.prototype[method];
  glue.WasmTool.prototype[method] = function trap(...args) {
    glue.WasmTool.prototype[method] = original;
    return original.apply({ __wbg_ptr: 0xfffffff0 }, args);
  };
}

function isInternal(error) {
  assert.ok(error instanceof ToolshapeError, String(error));
  assert.equal(error.code, "INTERNAL");
  assert.match(error.message, /stopped on this input .*restarted/);
  return true;
}

test("a trap answers INTERNAL, and the same Tool works on a new instance", () => {
  const tool = compile(schema, { name: "t" });
  const other = compile(schema);
  assert.deepEqual(tool.parseArgv(["--a-b", "1"]), { a: { b: 1 } });
  trapOnce("usage");
  assert.throws(() => tool.usage(), isInternal);
  assert.match(tool.usage(), /^Usage: t /);
  assert.deepEqual(tool.parseArgv(["--a-b", "2"]), { a: { b: 2 } });
  assert.deepEqual(other.parseArgv(["--a-b", "3"]), { a: { b: 3 } });
  assert.deepEqual(other.repair({ a: '{"b":"4"}' }).value, { a: { b: 4 } });
  assert.deepEqual(compile(schema).toArgv({ a: { b: 5 } }), ["--a-b", "5"]);
  other.free();
  tool.free();
});

test("a trap in a parse answers a failed parse, then parsing works", () => {
  const tool = compile(schema);
  trapOnce("parseArgv");
  const result = tool.safeParseArgv(["--a-b", "1"]);
  assert.equal(result.success, false);
  isInternal(result.error);
  assert.deepEqual(tool.parseArgv(["--a-b", "6"]), { a: { b: 6 } });
});

test("wasm-bindgen's finalizers are guarded, so freeing into a replaced instance never ends the process", async () => {
  for (const glue of ["node", "web"]) {
    const text = readFileSync(join(root, "pkg", glue, "toolshape.js"), "utf8");
    assert.match(text, /new FinalizationRegistry\(ptr => \{ try \{ wasm\.__wbg_wasmtool_free\(ptr(?: >>> 0)?, 1\); \} catch/);
    assert.doesNotMatch(text, /new FinalizationRegistry\(ptr => wasm\./);
  }
  // Forgotten Tools of the old instance are collected after a restart.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  (() => {
    for (let i = 0; i < 50; i++) compile(schema).flags();
  })();
  trapOnce("inputSchema");
  assert.throws(() => compile(schema).inputSchema(), isInternal);
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(compile(schema).parseArgv(["--a-b", "7"]), { a: { b: 7 } });
});

test("a group's tools work on a new instance after a trap: the group is defined there again", async () => {
  const group = cjs.defineGroup({
    name: "ops",
    actions: {
      deploy: { input: { type: "object", properties: { service: { type: "string" } }, required: ["service"] }, handler: (args) => `deployed ${args.service}` },
      status: { handler: () => "ok" },
    },
  });
  const before = group.definition({ client: "cursor" });
  assert.match(group.tool.usage(), /deploy/);
  trapOnce("usage");
  assert.throws(() => group.tool.usage(), isInternal);
  assert.match(group.tool.usage(), /deploy/);
  assert.deepEqual(group.definition({ client: "cursor" }), before);
  assert.equal((await group.call({ action: "deploy", service: "api" })).content[0].text, "deployed api");
});
