// Values that cross into wasm as JSON text: schemas, arguments and option
// objects. A cycle, a value JSON cannot hold (BigInt, a function in an
// options object) or nesting too deep for JSON.stringify becomes a
// ToolshapeError naming what was wrong; the core bounds depth and size again.

import { ToolshapeError, fail } from "./errors.mjs";

/**
 * The core's limit on JSON nesting (src/limits.rs, MAX_JSON_DEPTH). A value
 * too deep for the engine's JSON.stringify is far deeper than this, and says
 * so in the core's own words: engines whose JSON.stringify does not recurse
 * (V8 from Node 26) write such a value out and the core refuses it, and the
 * message must not depend on which of the two saw it first.
 */
const MAX_JSON_DEPTH = 128;

/**
 * The core's limit on one text it reads (src/limits.rs, MAX_INPUT_BYTES),
 * held here too: a text past it is refused before it is copied into wasm
 * memory, which never shrinks.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** The UTF-8 length of `text`, counted only when its UTF-16 length leaves it in doubt. */
function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** `text`, or TOO_LARGE (as the core says it) when it is past MAX_INPUT_BYTES. */
export function sizedText(text, what) {
  if (text.length * 3 <= MAX_INPUT_BYTES) return text;
  const bytes = text.length > MAX_INPUT_BYTES ? text.length : utf8Length(text);
  if (bytes > MAX_INPUT_BYTES) throw fail("TOO_LARGE", `${what}: ${bytes} bytes, more than the limit of ${MAX_INPUT_BYTES}`);
  return text;
}

/** JSON text of `value`; errors carry `code`. */
export function jsonText(value, what, code) {
  let text;
  try {
    text = JSON.stringify(value);
    if (typeof text !== "string") throw fail(code, `${what} cannot be written as JSON`);
  } catch (error) {
    throw asError(error, what, code);
  }
  return sizedText(text, what);
}

function asError(error, what, code) {
  if (error instanceof ToolshapeError) return error;
  if (error instanceof RangeError) return fail(code === "INVALID_OPTION" ? code : "TOO_DEEP", `${what}: nested deeper than ${MAX_JSON_DEPTH} levels`);
  // V8 says "circular structure", Firefox and Safari "cyclic".
  const cyclic = error instanceof TypeError && /circular|cyclic/i.test(error.message);
  return fail(code, cyclic ? `${what} cannot be read: a value refers to itself (a cycle)` : `${what} cannot be written as JSON: ${error && error.message}`);
}

/**
 * Options as JSON text for the core, which reads and checks them (unknown
 * keys, values, defaults). `undefined`/`null` cross as nothing. A function
 * or symbol anywhere is refused rather than silently dropped.
 */
export function optionsText(options, what) {
  if (options === undefined || options === null) return undefined;
  if (flatPlain(options)) return sizedText(JSON.stringify(options), `${what} options`);
  const label = `${what} options`;
  let bad;
  let badType;
  const replacer = (key, value) => {
    if (bad === undefined && key !== "" && (typeof value === "function" || typeof value === "symbol")) {
      bad = key;
      badType = typeof value;
    }
    return value;
  };
  let text;
  try {
    text = JSON.stringify(options, replacer);
  } catch (error) {
    // Worded as the core words the same error for options it reads.
    throw asError(error, `the ${label}`, "INVALID_OPTION");
  }
  if (bad !== undefined) throw fail("INVALID_OPTION", `${what} option "${bad}" must be plain data, not a ${badType}`);
  if (typeof text !== "string") throw fail("INVALID_OPTION", `${label} must be an object`);
  return sizedText(text, `${what} options`);
}

/**
 * A plain object of strings, finite numbers, booleans and nulls (most
 * options: `{ client: "cursor" }`): written without the replacer, which
 * costs more than the rest of a cached `inputSchema` call. Anything else
 * takes the checked path.
 */
function flatPlain(options) {
  if (typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype) return false;
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key)) return false;
    const value = options[key];
    const type = typeof value;
    if (type === "string" || type === "boolean" || value === null) continue;
    if (type === "number" && Number.isFinite(value)) continue;
    return false;
  }
  return true;
}
