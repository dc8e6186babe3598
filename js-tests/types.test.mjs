// The declarations: every runtime export is declared with JSDoc and an
// example; typed use compiles under strict settings (with the MCP SDK's and
// Zod's types, and under a plain es2022 lib); the code unions list exactly
// the codes the core has.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RENAMED } from "../scripts/entries.mjs";
import { cjs, esm, require, root } from "./helpers.mjs";

const dts = readFileSync(join(root, "pkg", "index.d.ts"), "utf8");

test("every export is declared, with JSDoc and an example; an old name says what replaced it", () => {
  for (const name of Object.keys(cjs)) {
    const declared = new RegExp(`/\\*\\*(?:(?!\\*/)[^])*\\*/\\s*export declare (function|class|const) ${name}\\b`).exec(dts);
    assert.ok(declared, `${name} has no documented declaration`);
    if (Object.hasOwn(RENAMED, name)) {
      assert.match(declared[0], new RegExp(`@deprecated Renamed \`${RENAMED[name]}\``), `${name} is deprecated for ${RENAMED[name]}`);
      assert.equal(cjs[name], cjs[RENAMED[name]], `${name} is ${RENAMED[name]}`);
    } else {
      assert.match(declared[0], /@example/, `${name} has no example`);
    }
  }
  assert.deepEqual(Object.keys(esm).sort(), Object.keys(cjs).sort());
  assert.equal(readFileSync(join(root, "pkg", "index.d.mts"), "utf8"), dts);
});

const shapes = readFileSync(join(root, "pkg", "types.d.ts"), "utf8");

function union(name) {
  const body = new RegExp(`export type ${name} =([^;]*);`).exec(shapes);
  assert.ok(body, `${name} is declared`);
  return [...body[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

test("ErrorCode and IssueCode list every code the core has", () => {
  const codes = JSON.parse(require("../pkg/node/toolshape.js").codes());
  const jsOnly = ["FREED", "NOT_INITIALIZED", "INTERNAL"];
  assert.deepEqual(union("ErrorCode"), [...codes.errors, ...jsOnly]);
  assert.deepEqual(union("IssueCode"), codes.issues);
});

// TypeScript 5 (the JS compiler) and 7 (the native one, its own checker):
// users are on both, and they have differed on declaration files.
const compilers = { "TypeScript 5": "typescript", "TypeScript 7": "typescript-7" };

for (const [compiler, folder] of Object.entries(compilers)) {
  for (const project of ["types/tsconfig.json", "types/plain/tsconfig.json", "types/dom/tsconfig.json"]) {
    test(`${compiler} using the package compiles: ${project}`, () => {
      const tsc = join(root, "node_modules", folder, "bin", "tsc");
      const version = spawnSync(process.execPath, [tsc, "--version"], { encoding: "utf8" }).stdout;
      assert.match(version, new RegExp(`^Version ${compiler.split(" ")[1]}\\.`), `${folder} is ${compiler}`);
      const r = spawnSync(process.execPath, [tsc, "-p", join(root, "js-tests", project)], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stdout + r.stderr);
    });
  }
}
