import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { compile } from "../pkg/index.mjs";
import { measure, format } from "./harness.mjs";
for (const name of ["search-tool", "many-fields", "recursive-tree"]) {
  const json = z.toJSONSchema(cases.find((c) => c.name === name).schema, { io: "input" });
  const text = JSON.stringify(json);
  const stringify = measure(() => JSON.stringify(json));
  const compileFree = measure(() => compile(json).free());
  const compileTextFree = measure(() => compile(text).free());
  const t = compile(json);
  t.inputSchema();
  let tools = [];
  const first = measure(() => { const x = compile(json); x.inputSchema(); x.free(); });
  const cached = measure(() => t.inputSchema());
  const parse = measure(() => JSON.parse(JSON.stringify(t.inputSchema())));
  console.log(name, "stringify", format(stringify), "compile+free", format(compileFree), "compile(text)+free", format(compileTextFree), "compile+inputSchema+free", format(first), "cached inputSchema", format(cached), "text len", text.length);
}
