// Client profiles: what a profile's schema costs the first time it is asked
// for (written once, then cached in the tool), against what compile costs
// (which reads the schema, builds the flag table and writes the mcp
// schema), and what a cached call costs.
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { measure, report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

const picked = ["deploy-example", "many-fields", "discriminated-union-field", "recursive-tree"];
const clients = ["portable", "openai-strict", "gemini", "cursor"];

export function run() {
  let worst = 0;
  for (const name of picked) {
    const json = z.toJSONSchema(cases.find((c) => c.name === name).schema, { io: "input" });
    const base = measure(() => compile(json).free());
    const rows = [["compile + free (mcp schema written)", base]];
    for (const client of clients) {
      const first = measure(() => {
        const tool = compile(json);
        try {
          tool.inputSchema({ client });
        } catch {
          // a refusal costs the same walk
        }
        tool.free();
      });
      rows.push([`compile + inputSchema({ client: "${client}" }) + free`, first]);
      worst = Math.max(worst, (first - base) / base);
    }
    const tool = compile(json);
    tool.inputSchema({ client: "gemini-json" });
    rows.push(["cached inputSchema({ client: \"gemini-json\" })", measure(() => tool.inputSchema({ client: "gemini-json" }))]);
    tool.free();
    report(`client profiles: ${name}`, rows);
  }
  return { worst };
}
