// Every @example in the declarations is a complete program: this test writes
// each one to a file, type-checks them all with tsc (strict), and runs each
// with Node against the built package. An example that does not compile or
// throws fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { root } from "./helpers.mjs";

const dir = join(root, "target", "js-examples");

/** The @example blocks of a declaration file, each with the name it documents. */
export function jsdocExamples(dts) {
  const out = [];
  for (const match of dts.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:declare\s+)?(?:function|class|interface|type)?\s*([A-Za-z]+)?/g)) {
    const lines = match[1].split("\n").map((l) => l.replace(/^\s*\* ?/, ""));
    let current = null;
    for (const line of lines) {
      if (line.startsWith("@example")) {
        current = [];
        out.push({ name: match[2] || "member", lines: current });
      } else if (line.startsWith("@")) {
        current = null;
      } else if (current) {
        current.push(line);
      }
    }
  }
  return out.map((e) => ({ name: e.name, code: e.lines.join("\n").trim() }));
}

function writeProgram(file, code) {
  writeFileSync(file, `${code}\nexport {};\n`);
}

test("every @example in index.d.ts compiles and runs", () => {
  rmSync(dir, { recursive: true, force: true });
  // The package by its name, as a user's project has it: "toolshape" and
  // its subpaths resolve through the package's own exports.
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(relative(join(dir, "node_modules"), join(root, "pkg")), join(dir, "node_modules", "toolshape"), "dir");
  const examples = jsdocExamples(readFileSync(join(root, "pkg", "index.d.ts"), "utf8"));
  assert.ok(examples.length >= 15, `found ${examples.length}`);
  const files = examples.map((example, i) => {
    const file = join(dir, `${String(i).padStart(2, "0")}-${example.name}.mts`);
    assert.match(example.code, /import .* from "toolshape(\/[a-z]+)?"/, `${example.name}'s example imports what it uses`);
    writeProgram(file, example.code);
    return file;
  });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true,
        skipLibCheck: true, types: ["node"], lib: ["ES2022", "ESNext.Disposable"], outDir: ".",
        noUnusedLocals: false, typeRoots: [join(root, "node_modules", "@types")],
      },
      files: files.map((f) => relative(dir, f)),
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8" });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  for (const file of files) {
    const run = spawnSync(process.execPath, [file.replace(/\.mts$/, ".mjs")], { encoding: "utf8", cwd: dir });
    assert.equal(run.status, 0, `${relative(root, file)}:\n${run.stderr}`);
  }
});
