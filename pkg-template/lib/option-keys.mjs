// The options objects of the JS layer's own functions (createRegistry,
// list, attach, repairing, a definition's calls): an object whose keys are
// all known. The core checks the options it reads itself (options.rs).

import { fail } from "./errors.mjs";
import { isObject } from "./objects.mjs";

/** `options` when it is an object of `allowed` keys only; else `INVALID_OPTION` naming `what`. */
export function knownOptions(options, allowed, what) {
  if (!isObject(options)) throw fail("INVALID_OPTION", `${what} options must be an object { ${allowed.join(", ")} }`);
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) throw fail("INVALID_OPTION", `unknown ${what} option "${key}" (options: ${allowed.join(", ")})`);
  }
  return options;
}
