// Client profiles: what a profile's schema costs the first time it is asked
// for (it is written once, then cached in the tool) against what the mcp
// schema costs the first time. Each is timed as a user pays it, crossing
// and JSON.parse included, by subtraction: compile, the calls, free, less
// the same without the call being timed. A profile is written from the mcp
// schema: "after mcp" is the profile's own cost once the mcp schema exists
// (issue 10's bar: at most 1.5x the mcp schema's), "cold" is a profile
// asked for first, mcp schema included.
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { measure, report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

const picked = ["deploy-example", "many-fields", "discriminated-union-field", "recursive-tree"];
const clients = ["portable", "openai-strict", "gemini", "cursor"];

function ask(tool, options) {
  try {
    tool.inputSchema(options);
  } catch {
    // a refusal costs the same walk
  }
}

/** compile + each call of `calls` + free, in nanoseconds. */
function cycle(json, calls) {
  return measure(() => {
    const tool = compile(json);
    for (const options of calls) ask(tool, options);
    tool.free();
  });
}

export function run() {
  let worst = 0;
  let worstCold = 0;
  for (const name of picked) {
    const json = z.toJSONSchema(cases.find((c) => c.name === name).schema, { io: "input" });
    const base = cycle(json, []);
    const withMcp = cycle(json, [undefined]);
    const mcp = withMcp - base;
    const rows = [["first inputSchema() (mcp)", mcp]];
    const probe = compile(json);
    for (const client of clients) {
      if (!probe.check(client).ok) {
        // A refusal is no emission: what it costs is building the error.
        rows.push([`inputSchema({ client: "${client}" }) refused`, cycle(json, [undefined, { client }]) - withMcp]);
        continue;
      }
      const after = cycle(json, [undefined, { client }]) - withMcp;
      const cold = cycle(json, [{ client }]) - base;
      rows.push([`first inputSchema({ client: "${client}" }) after mcp`, after]);
      rows.push([`  the same, cold (mcp schema written first)`, cold]);
      worst = Math.max(worst, after / mcp);
      worstCold = Math.max(worstCold, cold / mcp);
    }
    probe.free();
    const tool = compile(json);
    tool.inputSchema({ client: "gemini-json" });
    rows.push(["cached inputSchema({ client: \"gemini-json\" })", measure(() => tool.inputSchema({ client: "gemini-json" }))]);
    tool.free();
    report(`client profiles (compile and free subtracted): ${name}`, rows);
  }
  return { worst, worstCold };
}
