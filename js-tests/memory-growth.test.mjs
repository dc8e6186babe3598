// Wasm memory grows in large steps (src/headroom.rs). Each growth makes V8
// count the whole memory again as external memory, and past about 64 MB
// each one started a full collection of the JS heap: a process holding
// 15,000 compiled tools took 60 times as long per compile on Node 20. The
// tests count growths, not time: each runs in a new process, whose module
// starts at the same size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../pkg/index.cjs", import.meta.url));
const glue = fileURLToPath(new URL("../pkg/node/toolshape.js", import.meta.url));

/** Runs `body` in a new process with `ts` (the package) and `sizes()` (memory's size after each call so far); its stdout, parsed. */
function run(body) {
  const script = `const ts = require(${JSON.stringify(pkg)});
const wasm = require(${JSON.stringify(glue)});
const seen = [];
const look = () => { const bytes = wasm.memoryBytes(); if (seen[seen.length - 1] !== bytes) seen.push(bytes); };
${body}`;
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 1 << 20 });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test("holding 30,000 compiled tools, memory passes 100 MB in a few dozen growths past 8 MB", () => {
  const [sizes, held] = run(`
    const schema = { type: "object", properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => ["field" + i, { type: "string", description: "the field " + i }])) };
    const tools = [];
    look();
    for (let i = 0; i < 30000; i++) {
      const tool = ts.compile(schema);
      tool.inputSchema();
      tools.push(tool);
      look();
    }
    process.stdout.write(JSON.stringify([seen, tools.length]));
  `);
  assert.equal(held, 30000);
  const last = sizes[sizes.length - 1];
  assert.ok(last > 100 * 1024 * 1024, `memory reached ${last} bytes`);
  // Below 8 MB growth is cheap and left to the allocator. Past it, a page
  // or so at a time, this was thousands of growths.
  const past = sizes.filter((s) => s > 8 * 1024 * 1024);
  assert.ok(past.length < 30, `${past.length} growths past 8 MB: ${past.map((s) => (s / 1048576).toFixed(1)).join(", ")} MB`);
  // Each step past 8 MB is about half the memory, not more.
  for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i] <= sizes[i - 1] * 1.6 + 2 * 1024 * 1024, `step ${i}: ${sizes[i - 1]} -> ${sizes[i]}`);
});

test("an 8 MB schema gets room before it is read: its compile starts few collections of the JS heap", async () => {
  // Collections, not growths: these happen inside the one call. Without
  // the room, Node 20 started 92 major collections here and Node 24 19.
  const [bytes, collections] = run(`
    const { PerformanceObserver, constants } = require("node:perf_hooks");
    let major = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++; }).observe({ entryTypes: ["gc"] });
    const props = {};
    for (let i = 0; i < 60000; i++) props["field_" + i] = { type: "object", properties: { name: { type: "string", description: "x".repeat(20) }, size: { type: "integer" } } };
    const text = JSON.stringify({ type: "object", properties: props });
    // Entries arrive after the call that caused them: wait before and after.
    setTimeout(() => {
      const before = major;
      ts.compile(text);
      setTimeout(() => process.stdout.write(JSON.stringify([text.length, major - before])), 50);
    }, 50);
  `);
  assert.ok(bytes > 8 * 1000 * 1000, `a schema of ${bytes} bytes`);
  assert.ok(collections <= 8, `${collections} major collections`);
});

test("one huge input does not pin memory: past the limit it is refused before it is copied in, and an outsized call that failed gives its memory back", () => {
  const out = run(`
    const mib = () => require(${JSON.stringify(glue)}).memoryBytes() / 1048576;
    const kept = ts.compile({ type: "object", properties: { a: { type: "string" } } });
    const start = mib();
    const codes = [];
    const tryIt = (fn) => { try { fn(); codes.push("ok"); } catch (e) { codes.push(e.code); } };
    // Past 16 MiB: refused in JS, nothing copied into wasm.
    tryIt(() => ts.compile("x".repeat(17 * 1024 * 1024)));
    tryIt(() => kept.repair(JSON.stringify({ a: "é".repeat(9 * 1024 * 1024) })));
    const parsed = kept.safeParseArgv(["--a", "y".repeat(17 * 1024 * 1024)]);
    codes.push(parsed.success ? "ok" : parsed.error.code);
    const afterRefused = mib();
    // Under the limit, not JSON: the core reads it, fails, and the memory it took comes back.
    tryIt(() => ts.compile("x".repeat(16 * 1024 * 1024 - 16)));
    const afterFailed = mib();
    // A tool compiled before still works, on the fresh instance.
    const still = kept.parseArgv(["--a", "b"]);
    process.stdout.write(JSON.stringify({ codes, start, afterRefused, afterFailed, still }));
  `);
  assert.deepEqual(out.codes, ["TOO_LARGE", "TOO_LARGE", "TOO_LARGE", "INVALID_JSON"]);
  assert.equal(out.afterRefused, out.start);
  assert.ok(out.afterFailed < 16, `${out.afterFailed} MiB after a failed 16 MiB compile`);
  assert.deepEqual(out.still, { a: "b" });
});
