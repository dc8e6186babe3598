// The fuzz harness (scripts/fuzz.mjs) in npm test: every saved finding is
// replayed and must now pass every invariant, and a brief seeded campaign
// runs (about 20 s; `npm run fuzz -- SECONDS --seed N` runs longer ones),
// its cases for one tool and for the parts above it (definitions,
// registries, name tables, command sets) alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { campaign, environment, regressionDir, runCase } from "../scripts/fuzz.mjs";
import { cjs, require } from "./helpers.mjs";

const wasm = require("../pkg/node/toolshape.js");

test("every saved fuzz finding is fixed", async () => {
  const env = environment(cjs, wasm);
  const files = readdirSync(regressionDir).filter((f) => f.endsWith(".json")).sort();
  assert.ok(files.length >= 7, `${files.length} regression cases`);
  for (const file of files) {
    const saved = JSON.parse(readFileSync(join(regressionDir, file), "utf8"));
    const found = await runCase(cjs, saved.case, env);
    assert.equal(found, null, `${file} (${saved.check}): ${found && found.detail}`);
  }
});

test("a brief seeded fuzz campaign finds nothing", async () => {
  const result = await campaign({ seconds: Number(process.env.FUZZ_SECONDS ?? 20), seed: 20261122, log: () => {} });
  assert.deepEqual(result.findings.map((f) => `${f.check}: ${f.detail} (${f.file})`), []);
  assert.ok(result.calls > 1000, `${result.calls} calls`);
});
