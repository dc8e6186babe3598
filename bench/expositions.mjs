// What a model reads before its first call, under each exposition of one
// registry: the tokens of tools/list (characters / 4) for 100 tools (60
// plain tools and 10 groups of 4 actions, their schemas the Zod cases'), as
// claude-code is listed them; and how long the catalog's search_tools takes
// over 1,000 tools, as a model waits for it.
import { createRequire } from "node:module";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";

const require = createRequire(import.meta.url);
const { createRegistry, defineGroup, defineTool, compile } = require("../pkg");

const WORDS = ["deploy", "service", "user", "billing", "invoice", "search", "logs", "metrics", "alert", "backup", "cache", "queue"];
const usable = cases.filter((c) => c.schema instanceof z.ZodObject).filter((c) => {
  try {
    compile(c.schema).free();
    return true;
  } catch {
    return false;
  }
});

function definitions(plain, groups) {
  const say = (i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]}: ${usable[i % usable.length].name.replace(/[-_]/g, " ")}`;
  const defs = [];
  for (let i = 0; i < plain; i++) {
    defs.push(defineTool({ name: `tool_${i}`, description: `Handle the ${say(i)}`, tags: [WORDS[i % WORDS.length]], input: usable[i % usable.length].schema, handler: () => "ok" }));
  }
  for (let g = 0; g < groups; g++) {
    const actions = {};
    // Each action's input under a key of its own: the actions of a group share no field.
    for (let a = 0; a < 4; a++) actions[`act${a}`] = { description: `Run the ${say(g * 4 + a)}`, input: z.object({ [`in${a}`]: usable[(g * 4 + a) % usable.length].schema }), handler: () => "ok" };
    defs.push(defineGroup({ name: `group_${g}`, tags: [WORDS[g % WORDS.length]], actions }));
  }
  return defs;
}

export async function run() {
  const defs = definitions(60, 10);
  const tokens = {};
  for (const exposition of ["grouped", "flat", "catalog"]) {
    tokens[exposition] = Math.round(JSON.stringify(createRegistry(defs, { exposition }).list({ client: "claude-code" })).length / 4);
  }
  console.log(`\ntools/list for 100 tools, as claude-code reads it (tokens, characters / 4): grouped ${tokens.grouped}, flat ${tokens.flat}, catalog ${tokens.catalog} (${(tokens.flat / tokens.catalog).toFixed(0)}x fewer than flat)`);
  const big = createRegistry(definitions(1000, 0), { exposition: "catalog" });
  const queries = ["deploy service", "user billing invoice", "search logs", "alert", "backup the cache queue"];
  for (const query of queries) await big.call("search_tools", { query });
  const times = [];
  for (let round = 0; round < 7; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 50; i++) await big.call("search_tools", { query: queries[i % queries.length], limit: 10 });
    times.push(Number(process.hrtime.bigint() - start) / 50);
  }
  times.sort((a, b) => a - b);
  const searchNs = times[3];
  console.log(`search_tools over 1,000 tools: ${(searchNs / 1e6).toFixed(2)} ms a search (median of 7 rounds of 50)`);
  return { tokens, searchNs };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
