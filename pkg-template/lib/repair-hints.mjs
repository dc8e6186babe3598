// Could repair change anything? Only a string where the schema takes
// something else can be repaired, so arguments without one (the common case)
// are answered without crossing into wasm. `hints` mirrors the schema (made
// once by src/repair/hints.rs); `null` means "ask wasm". With `nulls`
// (a client whose profile sends `null` for an omitted key), any `null`
// asks wasm too. A number or boolean asks wasm where an array may want it
// (a node with `i`, or `null`): it may be wrapped into one; and where a
// string is wanted (a node with `n` for numbers, `b` for booleans): it may
// become its text.

import { hasOwn } from "./objects.mjs";

/** Beyond this depth the check gives up and asks wasm, which bounds depth itself. */
const MAX_CHECK_DEPTH = 64;

/**
 * True when reading the value throws too (a getter or a Proxy trap of the
 * caller's): the JSON path that follows reads it again and reports what it
 * threw as INVALID_ARGS, as it does for a cycle.
 */
export function mayNeedRepair(hints, value, nulls = false) {
  try {
    return walk(hints, value, nulls, 0);
  } catch {
    return true;
  }
}

function walk(hints, value, nulls, depth) {
  if (typeof value === "string") return !(hints && hints.s === 1);
  if (value === null) return nulls;
  if (typeof value !== "object") return hints === null || hints.i !== undefined || (typeof value === "number" ? hints.n === 1 : hints.b === 1);
  if (depth > MAX_CHECK_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child = hints === null ? null : hints.t && i < hints.t.length ? hints.t[i] : hints.i;
      if (walk(child === undefined ? null : child, value[i], nulls, depth + 1)) return true;
    }
    return false;
  }
  // A required object left out that repair fills in (`f`).
  if (hints !== null && hints.f !== undefined && hints.f.some((key) => !hasOwn(value, key))) return true;
  for (const key of Object.keys(value)) {
    let child = null;
    if (hints !== null && hints.p !== undefined) child = hasOwn(hints.p, key) ? hints.p[key] : hints.a === undefined ? null : hints.a;
    if (walk(child, value[key], nulls, depth + 1)) return true;
  }
  return false;
}
