// Every schema form the API accepts, turned into JSON Schema text: JSON
// text as given, a JSON Schema object (read as given even when it carries
// the hidden `~standard` Zod leaves on z.toJSONSchema's result), or a
// Standard JSON Schema value such as a Zod >= 4.2 or ArkType schema, or an
// object of such values (a raw shape: raw-shape.mjs). A validator that
// cannot give JSON Schema (Valibot, Zod 3) is refused.

import { ToolshapeError, fail } from "./errors.mjs";
import { jsonText, sizedText } from "./json-text.mjs";
import { hasOwn, isPlainObject } from "./objects.mjs";
import { thrownText } from "./results.mjs";

const SCHEMA_KEYS = [
  "type", "properties", "$schema", "$ref", "$defs", "definitions", "anyOf", "oneOf", "allOf",
  "enum", "const", "items", "additionalProperties", "not", "nullable", "description", "title",
];

/** The `~standard` property of a Standard Schema value, if it has one. */
export function standardOf(schema) {
  try {
    return schema && (typeof schema === "object" || typeof schema === "function") ? schema["~standard"] : undefined;
  } catch (error) {
    throw unreadable(error);
  }
}

/** The `~standard` of a value that validates (a `validate` function), else undefined. */
export function validatorOf(schema) {
  // Its own `~standard` first: a value that is a schema is never a shape.
  const standard = standardOf(schema) ?? shapeStandard(schema);
  try {
    return standard && typeof standard.validate === "function" ? standard : undefined;
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * Whether `value` is a raw shape, an object of schemas (raw-shape.mjs): a
 * plain object with a validator (a function, which JSON never holds) among
 * its own values.
 */
export function isRawShape(value) {
  if (!isPlainObject(value) || Object.prototype.propertyIsEnumerable.call(value, "~standard")) return false;
  return Object.keys(value).some((key) => memberValidator(value[key]) !== undefined);
}

/** A value's own `~standard` when it validates, read as is (errors not converted): a raw shape's member. */
export function memberValidator(value) {
  const standard = value !== null && (typeof value === "object" || typeof value === "function") ? value["~standard"] : undefined;
  return standard !== null && typeof standard === "object" && typeof standard.validate === "function" ? standard : undefined;
}

/**
 * What reads a raw shape into the schema it stands for. It lives in the
 * serving half (raw-shape.mjs), which sets it there and which the core half
 * loads for it on the first shape: a program that compiles JSON Schema
 * never parses it at start-up.
 */
let shapeReader = () => {
  throw fail("INTERNAL", "no reader of raw shapes was set");
};

/** Sets what reads raw shapes (see `shapeReader`). */
export function readShapesWith(reader) {
  shapeReader = reader;
}

/** The `~standard` of the schema a raw shape stands for; undefined for any other value. */
function shapeStandard(schema) {
  const read = adapted(schema);
  return read === schema ? undefined : standardOf(read);
}

/** The schema a raw shape stands for, else the value itself. */
function adapted(schema) {
  try {
    return isRawShape(schema) ? shapeReader(schema) : schema;
  } catch (error) {
    throw error instanceof ToolshapeError ? error : unreadable(error);
  }
}

/** A getter or a Proxy trap of the caller's value threw while it was read. */
function unreadable(error) {
  return fail("INVALID_SCHEMA", `the schema cannot be read: ${thrownText(error)}`);
}

/**
 * What to do when Zod cannot convert a schema: a type JSON Schema has no
 * word for (a bigint, a date, a custom check) makes `z.toJSONSchema` throw
 * unless told to write it as "any", which only the caller may decide. A
 * date has a better way, which Zod's message does not give: take it as
 * the text a client and a command line send, and let Zod make the Date.
 */
function conversionAdvice(standard, io, message) {
  if (standard.vendor !== "zod") return "";
  return `${zodDateAdvice(message)}; to accept such a value as any JSON instead, pass z.toJSONSchema(schema, { io: "${io}", unrepresentable: "any" })`;
}

/** For Zod's "Date cannot be represented": the schema of the text that makes one. */
export function zodDateAdvice(message) {
  return /^Date cannot be represented/.test(String(message))
    ? "; for a date, take its text and let Zod make the Date: z.iso.datetime().pipe(z.coerce.date()) (or z.iso.date()), which every client and the command line can send"
    : "";
}

/**
 * @param {unknown} schema any form above
 * @param {"input" | "output"} io which side of a Standard JSON Schema value
 *   to convert: a tool's arguments are its input, a handler's result (a
 *   definition's `output`) the output, where defaults are filled in
 */
export function schemaText(schema, io = "input") {
  if (typeof schema === "string") return sizedText(schema, "the schema");
  try {
    return readSchema(schema, io);
  } catch (error) {
    throw error instanceof ToolshapeError ? error : unreadable(error);
  }
}

function readSchema(given, io) {
  const schema = adapted(given);
  // A plain object whose `~standard` is its own visible key is a validator
  // built of object literals (Valibot), not JSON Schema.
  if (isPlainObject(schema) && !Object.prototype.propertyIsEnumerable.call(schema, "~standard")) {
    return jsonText(schema, "the schema", "INVALID_SCHEMA");
  }
  const standard = standardOf(schema);
  const convert = standard && standard.jsonSchema && standard.jsonSchema[io];
  if (typeof convert === "function") {
    let converted;
    try {
      converted = convert.call(standard.jsonSchema, { target: "draft-2020-12" });
    } catch (error) {
      if (error instanceof ToolshapeError) throw error;
      throw fail("INVALID_SCHEMA", `the schema's ~standard.jsonSchema.${io} failed: ${error && error.message}${conversionAdvice(standard, io, error && error.message)}`);
    }
    return jsonText(converted, "the converted schema", "INVALID_SCHEMA");
  }
  if (standard) {
    throw fail(
      "INVALID_SCHEMA",
      `this ${standard.vendor || "schema"} value has no ~standard.jsonSchema (Zod >= 4.2 and ArkType have one); pass its JSON Schema instead (for Zod, z.toJSONSchema(schema, { io: "${io}" }))`,
    );
  }
  if (schema && typeof schema === "object" && SCHEMA_KEYS.some((k) => hasOwn(schema, k))) {
    return jsonText(schema, "the schema", "INVALID_SCHEMA");
  }
  throw fail("INVALID_SCHEMA", "the schema must be a JSON Schema object, its JSON text, or a Standard JSON Schema value (such as a Zod schema)");
}
