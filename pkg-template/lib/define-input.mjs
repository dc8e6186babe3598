// The schemas of a definition: each `input` (and `common`, and a tool's
// `output`) as JSON Schema text for the core, and its Standard Schema
// validator when it has one.
// A validator that cannot give JSON Schema (Zod 3, Valibot, ArkType) comes
// with `jsonSchema` beside it; plain JSON Schema is read and not validated.

import { fail } from "./errors.mjs";
import { checkHeaderDeclarations } from "./mcp-headers.mjs";
import { schemaText, validatorOf } from "./schema-input.mjs";

/**
 * @param {unknown} input the schema given (Zod, Standard Schema, JSON Schema)
 * @param {unknown} jsonSchema its JSON Schema, when `input` cannot give one
 * @param {string} where `tool "deploy"`, `tool "platform", action "users.create"`
 * @param {{ io?: "input" | "output", keys?: [string, string] }} [side] the
 *   side of a Standard JSON Schema value to read, and the definition's keys
 *   for the schema and its JSON Schema (for the error's advice)
 */
export function readInput(input, jsonSchema, where, { io = "input", keys = ["input", "jsonSchema"] } = {}) {
  if (input === undefined && jsonSchema === undefined) return { text: undefined, standard: undefined };
  // Both throw only ToolshapeErrors (a value that throws when read is INVALID_SCHEMA).
  let validator;
  let text;
  try {
    validator = validatorOf(input);
    text = schemaText(jsonSchema !== undefined ? jsonSchema : input, io);
  } catch (error) {
    const hint = validator && jsonSchema === undefined ? `; or give its JSON Schema as \`${keys[1]}\` beside \`${keys[0]}\`` : "";
    throw fail("INVALID_DEFINITION", `${where}: ${error.message}${hint}`);
  }
  if (io === "input") checkHeaderDeclarations(text, where);
  return { text, standard: validator };
}
