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

/** An input this long (in UTF-16 units) is outsized: the memory its call took is looked at after it. */
export const OUTSIZED_INPUT = 1024 * 1024;
/**
 * Wasm memory never shrinks. After an outsized call that left nothing
 * behind (it failed, or its answer holds nothing in wasm), memory past this
 * and past twice what it was before the call is given back: the instance
 * is replaced by a fresh one, as after a trap, and each live tool compiles
 * itself again there the next time it is used.
 */
export const RENEW_ABOVE_BYTES = 128 * 1024 * 1024;

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
      return core.guard(() => new core.wasm.WasmTool(schemaText, optionsText), schemaText.length, true);
    },

    /**
     * Runs a wasm call: wire errors become ToolshapeError, a trap replaces
     * the instance. `input` (the length of the text it takes) and `retains`
     * (a success keeps something in wasm: a compiled tool) let an outsized
     * call give its memory back.
     */
    guard(fn, input = 0, retains = false) {
      // Most calls take a small text: no closure for `measured` on that path.
      if (input < OUTSIZED_INPUT || !how.reload) return core.guardOnce(fn);
      return core.measured(input, retains, () => core.guardOnce(fn));
    },

    /**
     * `fn()`, and after it, for an outsized input (see OUTSIZED_INPUT), the
     * memory it took given back unless its success retains something.
     */
    measured(input, retains, fn) {
      if (input < OUTSIZED_INPUT || !how.reload) return fn();
      const before = core.memory();
      let kept = false;
      try {
        const out = fn();
        kept = retains;
        return out;
      } finally {
        if (!kept) core.giveBack(before);
      }
    },

    guardOnce(fn) {
      try {
        return call(fn);
      } catch (error) {
        if (!isTrap(error)) throw error;
        throw core.trapped(error);
      }
    },

    /** Wasm memory's size now, in bytes (0 when it cannot say). */
    memory() {
      try {
        return core.wasm.memoryBytes();
      } catch {
        return 0;
      }
    },

    /** A fresh instance when memory grew past the bound during an outsized call (see RENEW_ABOVE_BYTES). */
    giveBack(before) {
      const after = core.memory();
      if (core.broken || after <= RENEW_ABOVE_BYTES || after <= 2 * before) return;
      try {
        core.replace(how.reload());
      } catch {
        // The old instance stays: it works, only larger.
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

    /** The closest candidate to `typed`, by the core's edit distance; undefined when none is close. */
    closest(typed, candidates) {
      return core.guard(() => core.wasm.closest(typed, JSON.stringify(candidates))) ?? undefined;
    },

    replace(fresh) {
      core.wasm = fresh;
      core.generation += 1;
      core.broken = false;
    },
  };
  return core;
}
