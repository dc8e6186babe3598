// compile + inputSchema against z.toJSONSchema for the same schemas: what a
// server pays once per tool at start-up.
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { measure, report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

const picked = ["deploy-example", "search-tool", "db-query-tool", "many-fields", "recursive-tree"];

export function run() {
  const rows = [];
  for (const name of picked) {
    const { schema } = cases.find((c) => c.name === name);
    const json = z.toJSONSchema(schema, { io: "input" });
    const oursOnce = () => {
      const tool = compile(json);
      tool.inputSchema();
      tool.free();
    };
    const zodOnce = () => z.toJSONSchema(schema, { io: "input" });
    const fromZodOnce = () => {
      const tool = compile(schema);
      tool.inputSchema();
      tool.free();
    };
    // Interleaved, best round of each kept, as in parse-argv.mjs: a busy
    // stretch of the machine, or one side's garbage, should not land on
    // only one side of a ratio.
    let ours = Infinity;
    let fromZod = Infinity;
    let oursFromZod = Infinity;
    for (let round = 0; round < 3; round++) {
      ours = Math.min(ours, measure(oursOnce));
      fromZod = Math.min(fromZod, measure(zodOnce));
      oursFromZod = Math.min(oursFromZod, measure(fromZodOnce));
    }
    report(`compile + inputSchema: ${name}`, [
      ["z.toJSONSchema (Zod's own conversion)", fromZod],
      ["toolshape compile(JSON Schema) + inputSchema + free", ours],
      ["toolshape compile(Zod schema) + inputSchema + free", oursFromZod],
    ]);
    rows.push({ name, ours, fromZod, oursFromZod });
  }
  return rows;
}
