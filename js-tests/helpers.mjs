// Shared by the js-tests: the built package both ways, and the fixtures.
import { createRequire } from "node:module";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const require = createRequire(import.meta.url);
export const cjs = require("../pkg");
export const esm = await import("../pkg/index.mjs");

/** Every committed fixture: { name, variants: { "target/io": schema } }. */
export function fixtures() {
  const dir = join(root, "tests", "fixtures", "zod");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
}

/** True when every object and array in `value` has the normal prototype and no Map/Set hides inside. */
export function isPlainJson(value) {
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every(isPlainJson);
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).every((k) => isPlainJson(value[k]));
}

/** "CODE: message" of the error `fn` throws, or "no error": for comparing two ways to the same error. */
export function errorText(fn) {
  try {
    fn();
  } catch (error) {
    return `${error.code}: ${error.message}`;
  }
  return "no error";
}
