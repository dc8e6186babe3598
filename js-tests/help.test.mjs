// actionHelp(), formatActionHelpMarkdown() and formatActionHelpJson() through the package, on
// Zod's own output, compared with what the hand-written help handler this
// replaces prints for the same actions (its format, kept byte for byte).
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { actionCases } from "../scripts/zod-cases.mjs";
import { cjs } from "./helpers.mjs";

const { actionHelp, formatActionHelpMarkdown, formatActionHelpJson, ToolshapeError } = cjs;
const zodCase = (name) => actionCases.find((c) => c.name === name).schema;

test("a Zod action union passed directly gives one entry per action", () => {
  const entries = actionHelp(zodCase("docker-actions"));
  assert.deepEqual(entries.map((e) => e.discriminator), ["list", "logs", "restart", "inspect"]);
  assert.deepEqual(entries[1], {
    discriminator: "logs",
    description: "Show container logs",
    parameters: [
      { name: "id", type: "string", description: "Container id", required: true },
      { name: "lines", type: "integer", required: false, default: 20 },
      { name: "follow", type: "boolean", required: false },
    ],
  });
});

test("the markdown is the help handler's format, byte for byte", () => {
  // What the hand-written handler prints for this union (its format: ## name,
  // description, **Parameters:**, "- **n** (type (required|optional), default: …) - text",
  // entries joined by ---). Types differ only where it was wrong for Zod 4:
  // it printed "number" for integers and "array" for string[].
  const schema = z.discriminatedUnion("action", [
    z.object({ action: z.literal("list"), all: z.boolean().default(false).describe("Include stopped") }).describe("List containers"),
    z.object({ action: z.literal("logs"), id: z.string(), level: z.enum(["info", "warn"]).optional() }),
  ]);
  const expected = [
    "## list\n\nList containers\n\n**Parameters:**\n\n- **all** (boolean (optional), default: false) - Include stopped\n",
    "## logs\n\n**Parameters:**\n\n- **id** (string (required))\n- **level** (\"info\" | \"warn\" (optional))\n",
  ].join("\n---\n\n");
  assert.equal(formatActionHelpMarkdown(actionHelp(schema)), expected);
  assert.equal(formatActionHelpMarkdown([]), "No help available for the specified topic.");
});

test("the JSON is the help handler's format: key action, two-space indent", () => {
  const entries = actionHelp(zodCase("scout-nested"), { topic: "zfs" });
  const expected = JSON.stringify(entries.map((e) => ({ action: e.discriminator, description: e.description, parameters: e.parameters })), null, 2);
  assert.equal(formatActionHelpJson(entries), expected);
  assert.deepEqual(JSON.parse(formatActionHelpJson(entries)).map((e) => e.action), ["zfs:pools", "zfs:datasets"]);
  assert.equal(formatActionHelpJson([]), "[]");
});

test("entries agree across every target and io mode, for Flux and Scout styles", () => {
  for (const name of ["scout-nested", "flux-composite"]) {
    const base = actionHelp(z.toJSONSchema(zodCase(name), { io: "input" }));
    for (const target of ["draft-2020-12", "draft-7", "openapi-3.0"]) {
      for (const io of ["input", "output"]) {
        assert.deepEqual(actionHelp(z.toJSONSchema(zodCase(name), { target, io })), base, `${name} ${target} ${io}`);
      }
    }
  }
  assert.deepEqual(actionHelp(zodCase("flux-composite")).map((e) => e.discriminator), ["container:start", "container:stop", "image:pull"]);
});

test("errors: not a union, no discriminator, strict branches, bad entries", () => {
  const code = (fn, c, pattern) =>
    assert.throws(fn, (e) => e instanceof ToolshapeError && e.code === c && (!pattern || pattern.test(e.message)));
  code(() => actionHelp(z.object({ a: z.string() })), "NOT_ACTION_UNION");
  code(() => actionHelp(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])), "NO_DISCRIMINATOR");
  code(() => actionHelp(z.union([z.object({ action: z.literal("a") }), z.object({ b: z.string() })]), { strict: true }), "NO_DISCRIMINATOR", /#\/anyOf\/1/);
  assert.equal(actionHelp(z.union([z.object({ action: z.literal("a") }), z.object({ b: z.string() })])).length, 1);
  code(() => actionHelp(zodCase("docker-actions"), { topik: "x" }), "INVALID_OPTION");
  code(() => formatActionHelpMarkdown([{ nope: 1 }]), "INVALID_ENTRIES");
  code(() => formatActionHelpJson("x"), "INVALID_ENTRIES");
});

test("control characters in descriptions are escaped in both formats", () => {
  const schema = z.discriminatedUnion("action", [z.object({ action: z.literal("a"), x: z.string().describe("evil\u001b[2J") }).describe("bell\u0007")]);
  const md = formatActionHelpMarkdown(actionHelp(schema));
  assert.ok(!md.includes("\u001b") && !md.includes("\u0007"));
  assert.match(md, /evil\\u\{1b\}\[2J/);
  assert.ok(!formatActionHelpJson(actionHelp(schema)).includes("\u001b"));
});

test("a Zod branch marked deprecated: flagged in the entries and both formats, listed as such, not completed, still parsed", () => {
  const ops = z.discriminatedUnion("action", [
    z.object({ action: z.literal("logs"), id: z.string() }).describe("Show logs"),
    z.object({ action: z.literal("log"), id: z.string() }).describe("Old name of logs").meta({ deprecated: true }),
  ]);
  const entries = actionHelp(ops);
  assert.deepEqual(entries.map((e) => [e.discriminator, e.deprecated]), [["logs", undefined], ["log", true]]);
  assert.match(formatActionHelpMarkdown(entries), /## log\n\n\*\*Deprecated\.\*\*\n\nOld name of logs\n/);
  assert.equal(JSON.parse(formatActionHelpJson(entries))[1].deprecated, true);
  // Entries handed back in keep the mark and its message; any other mark is refused.
  assert.equal(formatActionHelpMarkdown([{ discriminator: "x", description: "", parameters: [], deprecated: true }]), "## x\n\n**Deprecated.**\n\n");
  assert.equal(formatActionHelpMarkdown([{ discriminator: "x", description: "", parameters: [], deprecated: "use y" }]), "## x\n\n**Deprecated:** use y\n\n");
  assert.throws(() => formatActionHelpMarkdown([{ discriminator: "x", deprecated: 1 }]), (e) => e.code === "INVALID_ENTRIES");
  // A Zod branch says what to use instead through its cli meta.
  const said = z.discriminatedUnion("action", [
    z.object({ action: z.literal("logs") }),
    z.object({ action: z.literal("log") }).meta({ deprecated: true, cli: { deprecated: "use logs" } }),
  ]);
  assert.deepEqual(actionHelp(said).map((e) => e.deprecated), [undefined, "use logs"]);
  assert.match(cjs.compile(said, { name: "ops" }).usage(), /\n +log +\[deprecated: use logs\]\n/);
  const tool = cjs.compile(ops, { name: "ops" });
  assert.match(tool.usage(), /\n +log +Old name of logs \[deprecated\]\n/);
  assert.deepEqual(tool.complete([""]).map((c) => c.value), ["logs"]);
  assert.deepEqual(tool.parseArgv(["log", "--id", "a"]), { action: "log", id: "a" });
});
