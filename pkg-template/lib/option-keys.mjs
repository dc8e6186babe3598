// The options objects of the JS layer's own functions (createRegistry,
// list, attach, repairing, a definition's calls): an object whose keys are
// all known. The core checks the options it reads itself (options.rs).

import { fail } from "./errors.mjs";
import { clip } from "./call-path.mjs";
import { isObject } from "./objects.mjs";

/**
 * `options` when it is an object of `allowed` keys only; else `INVALID_OPTION`
 * naming `what`, and the closest allowed key when `closest` (the core's, as
 * the core's own options are answered) finds one.
 */
export function knownOptions(options, allowed, what, closest) {
  if (!isObject(options)) throw fail("INVALID_OPTION", `${what} options must be an object { ${allowed.join(", ")} }`);
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) throw fail("INVALID_OPTION", `unknown ${what} option ${JSON.stringify(clip(key))}${meant(key, allowed, closest)} (options: ${allowed.join(", ")})`);
  }
  return options;
}

/** `; did you mean "x"?` for the allowed key closest to `key`, or nothing. */
export function meant(key, allowed, closest) {
  const found = closest === undefined ? undefined : closest(key, allowed);
  return found === undefined ? "" : `; did you mean ${JSON.stringify(found)}?`;
}
