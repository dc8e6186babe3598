// Grouped tools, the core's part: the TOON description decodes, with the
// official TOON decoder, to exactly the rows the definition describes, for
// the Zod fixtures and for descriptions full of characters TOON must quote.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { decode } from "@toon-format/toon";
import { z } from "zod";
import { groupCases, wireDefinition } from "../scripts/zod-cases.mjs";

const require = createRequire(import.meta.url);
const wasm = require("../pkg/node/toolshape.js");

/** The rows API.md describes, worked out here from the definition alone. */
function expectedRows(wire) {
  const row = (a) => ({
    action: a.name,
    desc: a.description ?? "",
    required: (a.input?.required ?? []).join(","),
    // MCP's default: a writer that does not say otherwise may destroy (the tool's destructiveHint agrees).
    destructive: a.readOnly !== true && a.destructive !== false,
  });
  if (!wire.actions.some((a) => a.group !== undefined)) return wire.actions.map(row);
  const out = {};
  for (const a of wire.actions) (out[a.group] ??= []).push(row(a));
  return out;
}

function toonPart(description) {
  const at = description.indexOf("\n\n");
  assert.ok(at > 0, "an opening line, a blank line, then the table");
  return description.slice(at + 2);
}

function defineToon(wire) {
  const group = new wasm.WasmGroup(JSON.stringify({ ...wire, descriptionFormat: "toon", help: false }));
  try {
    return JSON.parse(group.outline());
  } finally {
    group.free();
  }
}

for (const c of groupCases.filter((c) => c.name !== "conflicts")) {
  test(`TOON of ${c.name} decodes to its rows`, () => {
    const wire = wireDefinition(c.definition);
    const group = defineToon(wire);
    assert.deepEqual(decode(toonPart(group.description), { strict: true }), expectedRows(wire));
  });
}

const awkward = ["", " lead", "trail ", "true", "null", "42", "-1.5e3", "05", "-", "- item", "a|b", "a:b", 'say "hi"', "back\\slash", "[x]", "{y}", "two\nlines", "tab\there", "a,b", "Ünïcödé ✓", "#hash"];

test("TOON quotes every description TOON needs quoted", () => {
  const actions = awkward.map((description, i) => ({ name: `a${i}`, description, input: z.toJSONSchema(z.object({ x: z.string() })), destructive: i % 2 === 0 }));
  const wire = { name: "odd", actions };
  const group = defineToon(wire);
  assert.deepEqual(decode(toonPart(group.description), { strict: true }), expectedRows(wire));
});

test("TOON group names that are no identifiers are quoted keys", () => {
  const actions = ["user-admin", "2fa", "with space"].map((group) => ({ group, name: "go", description: "Go" }));
  const wire = { name: "odd", actions };
  assert.deepEqual(decode(toonPart(defineToon(wire).description), { strict: true }), expectedRows(wire));
});

test("a definition the contract refuses is a wire error naming the tool", () => {
  // The core throws the error's JSON text, which the JS layer turns into a ToolshapeError.
  assert.throws(() => new wasm.WasmGroup(JSON.stringify({ name: "ops", actions: [] })), (e) => JSON.parse(e).code === "INVALID_DEFINITION");
  const conflicts = wireDefinition(groupCases.find((c) => c.name === "conflicts").definition);
  assert.throws(
    () => new wasm.WasmGroup(JSON.stringify(conflicts)),
    (e) => {
      const payload = JSON.parse(e);
      return payload.code === "FIELD_CONFLICT" && payload.conflicts.map((c) => c.field).join() === "id,size";
    },
  );
});
