// Writes the JSON Schema Zod 4 emits for every case in zod-cases.mjs, in
// every target and io mode, to tests/fixtures/zod/<case>.json, and the
// bundled CLI example to pkg-template/example.schema.json, and the hashes of
// Zod's own format patterns to src/schema/zod_pattern_table.rs.
// `--check` writes nothing and fails when a committed file is out of date.
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { actionCases, cases, deploy, groupCases, unionCases, wireDefinition } from "./zod-cases.mjs";
import { renderPatternTable } from "./zod-patterns.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = join(root, "tests", "fixtures", "zod");
const actionDir = join(root, "tests", "fixtures", "zod-actions");
const unionDir = join(root, "tests", "fixtures", "zod-unions");
const groupDir = join(root, "tests", "fixtures", "zod-groups");
const check = process.argv.includes("--check");
export const TARGETS = ["draft-2020-12", "draft-7", "openapi-3.0"];
export const IOS = ["input", "output"];

function render(c) {
  const variants = {};
  for (const target of TARGETS) {
    for (const io of IOS) {
      variants[`${target}/${io}`] = z.toJSONSchema(c.schema, { ...c.options, target, io });
    }
  }
  return `${JSON.stringify({ name: c.name, zod: z.config ? "4" : "?", variants }, null, 2)}\n`;
}

const files = new Map(cases.map((c) => [join(dir, `${c.name}.json`), render(c)]));
for (const c of actionCases) files.set(join(actionDir, `${c.name}.json`), render(c));
for (const c of unionCases) files.set(join(unionDir, `${c.name}.json`), render(c));
for (const c of groupCases) files.set(join(groupDir, `${c.name}.json`), `${JSON.stringify(wireDefinition(c.definition), null, 2)}\n`);
files.set(join(root, "pkg-template", "example-actions.schema.json"), `${JSON.stringify(z.toJSONSchema(actionCases[0].schema, { io: "input" }), null, 2)}\n`);
files.set(join(root, "src", "schema", "zod_pattern_table.rs"), renderPatternTable(JSON.parse(readFileSync(join(root, "node_modules", "zod", "package.json"), "utf8")).version));
files.set(join(root, "pkg-template", "example.schema.json"), `${JSON.stringify(z.toJSONSchema(deploy, { io: "input" }), null, 2)}\n`);

const names = new Set(cases.map((c) => c.name));
if (names.size !== cases.length) throw new Error("two fixture cases share a name");
const actionNames = new Set(actionCases.map((c) => c.name));
const unionNames = new Set(unionCases.map((c) => c.name));
const groupNames = new Set(groupCases.map((c) => c.name));

let stale = [];
for (const [file, text] of files) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : null;
  if (current === text) continue;
  if (check) stale.push(file);
  else {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
  }
}
const stray = (folder, known) => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".json") && !known.has(f.slice(0, -5))) : []);
const extra = [...stray(dir, names), ...stray(actionDir, actionNames), ...stray(unionDir, unionNames), ...stray(groupDir, groupNames)];
if (check && (stale.length || extra.length)) {
  console.error(`fixtures are out of date (run npm run fixtures):\n${[...stale, ...extra].map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
const total = cases.length + actionCases.length + unionCases.length;
console.error(`${total} Zod cases, ${total * TARGETS.length * IOS.length} schemas, ${groupCases.length} group definitions: ${check ? "current" : "written"}`);
