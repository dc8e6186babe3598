// Client profiles: what a profile's schema costs the first time it is asked
// for (it is written once, then cached in the tool) against what the mcp
// schema costs the first time, each as a user pays it, crossing and
// building the JS object included. A batch of tools is compiled untimed, then the
// first call on each is timed, so compile's noise does not enter. The mcp
// schema is the Shape's tree written to text; a
// profile rewrites a lean tree of the mcp schema emitted for it (names and
// texts borrowed from the Shape). "after mcp" is a profile's cost once the
// mcp schema was asked for (issue 10's bar: at most 1.5x the mcp schema's),
// "cold" a profile asked for first. Every schema is written once to text
// and parsed once in JS; each call hands out a copy. "emission" is a first call less a cached one of the
// same profile, what writing the schema costs (reported, not a bar).
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

const picked = ["deploy-example", "many-fields", "discriminated-union-field", "recursive-tree"];
// Every profile but mcp: the bar is for each client a tool is served to.
const clients = ["portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];
const BATCH = 200;
const ROUNDS = 15;

function ask(tool, options) {
  try {
    tool.inputSchema(options);
  } catch {
    // a refusal costs the same walk
  }
}

/** Nanoseconds of the call `timed` on a fresh tool, after the calls of `before`: one batch. */
function firstCall(json, before, timed) {
  const tools = Array.from({ length: BATCH }, () => compile(json));
  for (const tool of tools) for (const options of before) ask(tool, options);
  const start = process.hrtime.bigint();
  for (const tool of tools) ask(tool, timed);
  const ns = Number(process.hrtime.bigint() - start) / BATCH;
  for (const tool of tools) tool.free();
  return ns;
}

/**
 * The best of ROUNDS batches for each of `cases` ({ key: [before, timed] }).
 * Each round times every case once, in turn, so a stretch of time in which
 * the machine is busy slows one round of all of them (and the best round of
 * each stays a quiet one), instead of every round of the one case whose
 * turn it was: the ratios compare calls measured side by side.
 */
function bestOf(json, cases) {
  const best = Object.fromEntries(Object.keys(cases).map((key) => [key, Infinity]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, [before, timed]] of Object.entries(cases)) best[key] = Math.min(best[key], firstCall(json, before, timed));
  }
  return best;
}

export function run() {
  let worst = 0;
  let worstCold = 0;
  let worstEmission = { ratio: 0, name: "" };
  for (const name of picked) {
    const json = z.toJSONSchema(cases.find((c) => c.name === name).schema, { io: "input" });
    const probe = compile(json);
    const served = clients.filter((client) => probe.check(client).ok);
    probe.free();
    const timings = {
      mcp: [[], undefined],
      mcpCached: [[undefined], undefined],
      geminiJsonCached: [[{ client: "gemini-json" }], { client: "gemini-json" }],
    };
    for (const client of clients) {
      if (!served.includes(client)) {
        // A refusal is no emission: what it costs is building the error.
        timings[`${client} refused`] = [[undefined], { client }];
        continue;
      }
      timings[`${client} after`] = [[undefined], { client }];
      timings[`${client} cold`] = [[], { client }];
      timings[`${client} cached`] = [[undefined, { client }], { client }];
    }
    const t = bestOf(json, timings);
    const mcpEmission = t.mcp - t.mcpCached;
    const rows = [["first inputSchema() (mcp)", t.mcp], ["  its emission (less a cached call)", mcpEmission]];
    for (const client of clients) {
      if (!served.includes(client)) {
        rows.push([`inputSchema({ client: "${client}" }) refused`, t[`${client} refused`]]);
        continue;
      }
      const after = t[`${client} after`];
      const cold = t[`${client} cold`];
      const emission = after - t[`${client} cached`];
      rows.push([`first inputSchema({ client: "${client}" }) after mcp`, after]);
      rows.push([`  the same, cold (mcp schema written first)`, cold]);
      rows.push([`  its emission (less a cached call)`, emission]);
      worst = Math.max(worst, after / t.mcp);
      worstCold = Math.max(worstCold, cold / t.mcp);
      if (emission / mcpEmission > worstEmission.ratio) worstEmission = { ratio: emission / mcpEmission, name: `${client}, ${name}` };
    }
    rows.push(['cached inputSchema({ client: "gemini-json" })', t.geminiJsonCached]);
    report(`client profiles, first call on a compiled tool: ${name}`, rows);
  }
  return { worst, worstCold, worstEmission };
}
