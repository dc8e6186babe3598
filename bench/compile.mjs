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
    const ours = measure(() => {
      const tool = compile(json);
      tool.inputSchema();
      tool.free();
    });
    const fromZod = measure(() => z.toJSONSchema(schema, { io: "input" }));
    const oursFromZod = measure(() => {
      const tool = compile(schema);
      tool.inputSchema();
      tool.free();
    });
    report(`compile + inputSchema: ${name}`, [
      ["z.toJSONSchema (Zod's own conversion)", fromZod],
      ["toolshape compile(JSON Schema) + inputSchema + free", ours],
      ["toolshape compile(Zod schema) + inputSchema + free", oursFromZod],
    ]);
    rows.push({ name, ours, fromZod, oursFromZod });
  }
  return rows;
}
