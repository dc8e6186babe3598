// A proxy's catalogue (issue 13's bar): 1,000 downstream tools, each with a
// JSON Schema as tools/list delivers it (the Zod cases' own output, under
// varied names, some with dots), named for three clients (claude-code,
// openai, cursor) and each schema compiled once and written through those
// three profiles. The peer line is what Zod alone does for the same
// catalogue where it applies: z.toJSONSchema of each tool's Zod schema,
// once per client (Zod has no client profiles, nor names).
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { format } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile, createNameTable } = require("../pkg");

const TOOLS = 1000;
const CLIENTS = ["claude-code", "openai", "cursor"];
const ROUNDS = 7;

function catalogue() {
  const usable = cases.filter((c) => {
    try {
      compile(z.toJSONSchema(c.schema, { io: "input" })).free();
      return true;
    } catch {
      return false;
    }
  });
  return Array.from({ length: TOOLS }, (_, i) => {
    const c = usable[i % usable.length];
    const tool = i % 3 === 0 ? `${c.name}.v${i % 4}_${i}` : `${c.name}_${i}`;
    return { id: { toolbox: `box${i % 4}`, server: `server${i % 25}`, tool }, zod: c.schema, json: z.toJSONSchema(c.schema, { io: "input" }) };
  });
}

function ours(tools) {
  const ids = tools.map((t) => t.id);
  const tables = CLIENTS.map((client) => createNameTable(ids, { client, server: "workbench" }));
  let listed = 0;
  for (const t of tools) {
    const compiled = compile(t.json);
    for (const client of CLIENTS) {
      try {
        compiled.inputSchema({ client });
        listed += 1;
      } catch {
        // a client that cannot take it: the proxy leaves it out for that client
      }
    }
    compiled.free();
  }
  return { tables, listed };
}

function zodAlone(tools) {
  let listed = 0;
  for (const t of tools) for (let k = 0; k < CLIENTS.length; k++) listed += z.toJSONSchema(t.zod, { io: "input" }) ? 1 : 0;
  return listed;
}

function best(fn) {
  fn();
  let min = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    fn();
    min = Math.min(min, Number(process.hrtime.bigint() - start));
  }
  return min;
}

export function run() {
  const tools = catalogue();
  const ns = best(() => ours(tools));
  const zodNs = best(() => zodAlone(tools));
  const { tables, listed } = ours(tools);
  const renamed = tables.map((t, i) => `${CLIENTS[i]} ${t.entries().filter((e) => e.name !== `${e.id.toolbox}__${e.id.server}__${e.id.tool}`).length}`);
  console.log(`\nCatalogue: ${TOOLS} tools, names + compile + ${CLIENTS.length} profiles (${listed} schemas; renamed: ${renamed.join(", ")})`);
  console.log(`  toolshape: names, compile, inputSchema per client  ${format(ns).padStart(10)}   1.00x (baseline)`);
  console.log(`  z.toJSONSchema per tool and client (no names)      ${format(zodNs).padStart(10)}   ${(zodNs / ns).toFixed(2)}x`);
  return { ns, zodNs };
}
