// The wasm instance behind the API, and what happens when it traps. A trap
// (or a stack overflow) inside wasm can leave the instance's state broken,
// so the call that trapped throws a ToolshapeError with code INTERNAL and
// the instance is replaced by a new one from the same module; every Tool
// compiles itself again on the new instance the next time it is used.
//
// Handles of the old instance are left to wasm-bindgen's FinalizationRegistry,
// whose callbacks the build wraps so that they never throw (a cleanup
// callback that throws ends a Node process); they are never called again.

import { call, fail } from "./errors.mjs";

/** A JS error that means the wasm instance may be broken. */
export function isTrap(error) {
  return (typeof WebAssembly !== "undefined" && error instanceof WebAssembly.RuntimeError) || error instanceof RangeError;
}

/**
 * @param {object} wasm the wasm-bindgen exports
 * @param {{ reload?: () => object }} [how] `reload` makes a fresh instance synchronously (Node);
 *   without it (browsers) the API waits for `replace` after `init()` runs again.
 */
export function makeCore(wasm, how = {}) {
  const core = {
    wasm,
    generation: 0,
    /** Set when the instance trapped and no new one is in place yet. */
    broken: false,

    /** A new WasmTool on the current instance. */
    compile(schemaText, optionsText) {
      return core.guard(() => new core.wasm.WasmTool(schemaText, optionsText));
    },

    /** Runs a wasm call: wire errors become ToolshapeError, a trap replaces the instance. */
    guard(fn) {
      try {
        return call(fn);
      } catch (error) {
        if (!isTrap(error)) throw error;
        throw core.trapped(error);
      }
    },

    /** The instance trapped: replace it, and answer the error the caller sees. */
    trapped(error) {
      core.broken = true;
      if (how.reload) {
        try {
          core.replace(how.reload());
        } catch {
          // Stays broken: calls answer NOT_INITIALIZED rather than trap again.
        }
      }
      const next = core.broken ? "call and await init() again to restart it" : "it has been restarted";
      return fail("INTERNAL", `toolshape's core stopped on this input (${error && error.message}); this is a bug, please report it; ${next}`);
    },

    replace(fresh) {
      core.wasm = fresh;
      core.generation += 1;
      core.broken = false;
    },
  };
  return core;
}
