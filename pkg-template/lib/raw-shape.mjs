// A raw shape, an object of schemas such as `{ query: z.string() }` (what
// the MCP SDK 1.x's `server.tool` and `registerTool` take), read as the
// object schema it stands for: one Standard Schema value whose JSON Schema
// is an object of its members' and whose validator checks each key with its
// member's, as `z.object(shape)` would. The SDK wraps such a shape with
// Zod; this works from the Standard Schema interface alone, so Zod's
// internals are never read and ArkType members work too.
//
// One rule differs from Zod's, because the interface cannot tell it: a key
// is optional when its member accepts `undefined` (`validate(undefined)`
// has no issues). So `.optional()` and `.default()` keys are optional, as
// in Zod, and so are `z.unknown()` and `z.any()` keys, which Zod 4's
// `z.object` requires. Members' definitions are gathered by shape-defs.mjs.

import { clip, isThenable } from "./call-path.mjs";
import { fail } from "./errors.mjs";
import { hasOwn, isPlainObject, put } from "./objects.mjs";
import { memberValidator, zodDateAdvice } from "./schema-input.mjs";
import { ShapeDefs } from "./shape-defs.mjs";

/** The raw shapes already read, each to its Standard Schema value. */
const read = new WeakMap();

/**
 * The Standard Schema value a raw shape (`isRawShape`) stands for. Throws
 * INVALID_SCHEMA for a key whose value is not a schema, beside keys that are.
 */
export function rawShapeOf(value) {
  const known = read.get(value);
  if (known !== undefined) return known;
  const keys = Object.keys(value);
  const entries = [];
  for (const key of keys) {
    const member = memberValidator(value[key]);
    if (member === undefined) {
      throw fail(
        "INVALID_SCHEMA",
        `an object of schemas (a raw shape, as the MCP SDK's server.tool takes) needs a schema at every key; ${JSON.stringify(clip(key, 64))} is not one`,
      );
    }
    entries.push([key, member]);
  }
  const schema = { "~standard": standardFor(entries) };
  read.set(value, schema);
  return schema;
}

/** The Standard Schema interface of the object the members make. */
function standardFor(entries) {
  return {
    version: 1,
    vendor: "toolshape",
    validate: (value) => validate(entries, value),
    jsonSchema: {
      input: (options) => jsonSchema(entries, "input", options),
      output: (options) => jsonSchema(entries, "output", options),
    },
  };
}

function validate(entries, value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const got = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    return { issues: [{ message: `Invalid input: expected object, received ${got}`, path: [] }] };
  }
  const results = entries.map(([key, member]) => member.validate(hasOwn(value, key) ? value[key] : undefined));
  if (results.some(isThenable)) return Promise.all(results).then((settled) => collect(entries, value, settled));
  return collect(entries, value, results);
}

/** What `z.object` answers: every member's issues under its key, else the keys it has (unknown keys dropped). */
function collect(entries, value, results) {
  const issues = [];
  const out = {};
  for (let i = 0; i < entries.length; i++) {
    const [key] = entries[i];
    const result = results[i];
    if (result && Array.isArray(result.issues)) {
      for (const issue of result.issues) {
        const given = issue !== null && typeof issue === "object" ? issue : {};
        issues.push({ ...given, message: given.message, path: [key, ...(Array.isArray(given.path) ? given.path : [])] });
      }
    } else if (result && (result.value !== undefined || hasOwn(value, key))) {
      put(out, key, result.value);
    }
  }
  return issues.length > 0 ? { issues } : { value: out };
}

/**
 * Whether a key must be there on this side: on the input side when its
 * member refuses `undefined`; on the output side also when it answers a
 * value for it (a default), as Zod's own conversion lists such keys.
 */
function required(member, io) {
  const result = member.validate(undefined);
  if (isThenable(result)) {
    // Not awaited (a schema is written synchronously): its refusal is expected, and must not go unhandled.
    result.then(undefined, () => {});
    return true;
  }
  if (!result || Array.isArray(result.issues)) return true;
  return io === "output" && result.value !== undefined;
}

function jsonSchema(entries, io, options) {
  const properties = {};
  const names = [];
  const defs = new ShapeDefs();
  for (const [key, member] of entries) {
    const convert = member.jsonSchema && member.jsonSchema[io];
    if (typeof convert !== "function") {
      throw fail(
        "INVALID_SCHEMA",
        `the ${member.vendor || "schema"} value at ${JSON.stringify(clip(key, 64))} has no ~standard.jsonSchema (Zod >= 4.2 and ArkType have one): wrap the shape in an object schema and give its JSON Schema beside it`,
      );
    }
    let converted;
    try {
      converted = convert.call(member.jsonSchema, options);
    } catch (error) {
      const advice =
        member.vendor === "zod"
          ? `${zodDateAdvice(error && error.message)}; to take such a value as any JSON, pass z.toJSONSchema(z.object({ ... }), { io: "${io}", unrepresentable: "any" }) instead`
          : "";
      throw fail("INVALID_SCHEMA", `the schema at ${JSON.stringify(clip(key, 64))} cannot be written as JSON Schema: ${error && error.message}${advice}`);
    }
    put(properties, key, defs.take(key, converted));
    if (required(member, io)) names.push(key);
  }
  const schema = { type: "object", properties };
  if (names.length > 0) schema.required = names;
  if (io === "output") schema.additionalProperties = false;
  const gathered = defs.done();
  if (gathered !== undefined) schema.$defs = gathered;
  return schema;
}
