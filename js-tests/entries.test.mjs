// The entries by job: `toolshape` carries the headline API, `toolshape/cli`,
// `/mcp` and `/names` the rest (scripts/entries.mjs states which). Each
// subpath gives exactly its names, as the same values as the root (one wasm
// instance), through require, import and the bundler condition, and
// TypeScript resolves each through the package's own exports, ESM and
// CommonJS alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { JOBS, RENAMED, ROOT } from "../scripts/entries.mjs";
import { cjs, root } from "./helpers.mjs";

// A user's project: the package by its name, resolved through its exports.
const project = join(root, "target", "entries-project");
rmSync(project, { recursive: true, force: true });
mkdirSync(join(project, "node_modules"), { recursive: true });
symlinkSync(relative(join(project, "node_modules"), join(root, "pkg")), join(project, "node_modules", "toolshape"), "dir");
const requireThere = createRequire(join(project, "index.cjs"));

test("the root carries the headline API, every job's names for now, and the old names", () => {
  for (const name of ROOT) assert.ok(Object.hasOwn(cjs, name), name);
  const expected = [...ROOT, ...Object.values(JOBS).flatMap((job) => job.names), ...Object.keys(RENAMED)];
  assert.deepEqual(Object.keys(cjs).sort(), [...new Set(expected)].sort());
});

test("each subpath gives exactly its names, the root's own values, by require and by import", async () => {
  writeFileSync(join(project, "esm.mjs"), Object.keys(JOBS).map((job) => `export * as ${job} from "toolshape/${job}";`).join("\n"));
  const esm = await import(pathToFileURL(join(project, "esm.mjs")).href);
  const rootThere = requireThere("toolshape");
  assert.equal(rootThere.compile, cjs.compile);
  for (const [job, { names }] of Object.entries(JOBS)) {
    const required = requireThere(`toolshape/${job}`);
    assert.deepEqual(Object.keys(required).sort(), [...names].sort(), job);
    assert.deepEqual(Object.keys(esm[job]).sort(), [...names].sort(), job);
    for (const name of names) {
      assert.equal(required[name], cjs[name], `${job}.${name} (require)`);
      assert.equal(esm[job][name], cjs[name], `${job}.${name} (import)`);
    }
  }
});

test("the subpaths work together on one instance: a tool compiled at the root is repaired, named and helped by the others", () => {
  const { compile } = requireThere("toolshape");
  const { repair, clientProfile } = requireThere("toolshape/mcp");
  const { createNameTable } = requireThere("toolshape/names");
  const { actionHelp, formatActionHelpMarkdown, compileCommands } = requireThere("toolshape/cli");
  const tool = compile({ type: "object", properties: { n: { type: "number" } } });
  assert.deepEqual(repair(tool, { n: "5" }).value, { n: 5 });
  assert.equal(clientProfile("cursor"), "cursor");
  assert.equal(createNameTable([{ toolbox: "a", server: "b", tool: "c" }], { client: "openai" }).entries()[0].name, "a__b__c");
  const actions = { oneOf: [{ type: "object", properties: { action: { const: "list" } }, required: ["action"] }] };
  assert.match(formatActionHelpMarkdown(actionHelp(actions)), /^## list/);
  assert.deepEqual(compileCommands({ t: tool }).parseArgv(["t", "--n", "2"]), { command: "t", data: { n: 2 }, rest: [] });
});

test("old names still answer, as the new ones", () => {
  const tool = cjs.compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
  assert.ok(tool instanceof cjs.CompiledTool);
  assert.equal(cjs.Tool, cjs.CompiledTool);
  assert.deepEqual(tool.reconstruct({ "config-timeout": "3" }), tool.fromFlagValues({ "config-timeout": "3" }));
  assert.throws(() => tool.fromFlagValues([]), /fromFlagValues takes an object of flag values/);
  const actions = { oneOf: [{ type: "object", properties: { action: { const: "list" } }, required: ["action"] }] };
  const union = cjs.compile(actions);
  assert.deepEqual(union.help(), union.actionHelp());
  assert.equal(cjs.formatHelpJson(cjs.help(actions)), cjs.formatActionHelpJson(cjs.actionHelp(actions)));
});

const TYPED = `import { compile, CompiledTool, defineTool } from "toolshape";
import { compileCommands, actionHelp, formatActionHelpMarkdown, completionScript, type ActionHelpEntry } from "toolshape/cli";
import { repair, withRepair, check, clientProfile, type ClientName } from "toolshape/mcp";
import { createNameTable, parseToolIdentifier, toolIdentifierSchema, type ToolIdentifier } from "toolshape/names";
import { z } from "zod";

const Input = z.object({ n: z.number(), config: z.object({ timeout: z.number() }).optional() });
const tool: CompiledTool<{ n: number; config?: { timeout: number } | undefined }> = compile(Input);
const n: number = tool.fromFlagValues({ n: "1" }).n;
const fixed: { n: number } = repair(tool, { n: "5" }).value;
const commands = compileCommands({ run: tool });
const entries: ActionHelpEntry[] = actionHelp(z.discriminatedUnion("action", [z.object({ action: z.literal("a") })]));
const text: string = formatActionHelpMarkdown(entries) + completionScript("x", "bash");
const client: ClientName = clientProfile("cursor");
const ok: boolean = check(Input, client).ok;
const id: ToolIdentifier = parseToolIdentifier({ toolbox: "a", server: "b", tool: "c" });
const name: string = createNameTable([id]).name(id);
const max: number = toolIdentifierSchema.properties.tool.maxLength;
const handler = withRepair(Input, async (args) => ({ content: [{ type: "text" as const, text: String(args.n) }] }));
const def = defineTool({ name: "t", input: Input, handler: (args) => args.n });
export { n, fixed, commands, text, ok, name, max, handler, def };
`;

for (const [compiler, folder] of Object.entries({ "TypeScript 5": "typescript", "TypeScript 7": "typescript-7" })) {
  test(`${compiler} resolves every subpath through the package's exports, as ESM and as CommonJS`, () => {
    const dir = join(project, `ts-${folder}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "use.mts"), TYPED);
    // CommonJS: the same imports, compiled to require through the "require" condition.
    writeFileSync(join(dir, "use.cts"), TYPED);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false, types: ["node"], lib: ["ES2022", "ESNext.Disposable"], typeRoots: [join(root, "node_modules", "@types")] },
        files: ["use.mts", "use.cts"],
      }),
    );
    const tsc = join(root, "node_modules", folder, "bin", "tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
}
