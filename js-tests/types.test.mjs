// The declarations: every runtime export is declared with JSDoc, and a
// TypeScript file using the package compiles (tsc --noEmit, strict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cjs, esm, root } from "./helpers.mjs";

const dts = readFileSync(join(root, "pkg", "index.d.ts"), "utf8");

test("every export is declared, with JSDoc and an example", () => {
  for (const name of Object.keys(cjs)) {
    const declared = new RegExp(`/\\*\\*(?:(?!\\*/)[^])*\\*/\\s*export declare (function|class) ${name}\\b`).exec(dts);
    assert.ok(declared, `${name} has no documented declaration`);
    assert.match(declared[0], /@example/, `${name} has no example`);
  }
  assert.deepEqual(Object.keys(esm).sort(), Object.keys(cjs).sort());
  assert.equal(readFileSync(join(root, "pkg", "index.d.mts"), "utf8"), dts);
});

test("a strict TypeScript file using the package compiles", () => {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const r = spawnSync(process.execPath, [tsc, "-p", join(root, "js-tests", "types", "tsconfig.json")], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
