// Browser entry: call and await init() once, then use the API as in Node.
// If the core ever traps, calls answer NOT_INITIALIZED until init() is
// awaited again, which loads a new instance from the same input (or from
// the one given then: a Response can be read only once).
import initWasm, * as wasm from "./toolshape.js";
import { makeApi, ToolshapeError } from "../lib/api.mjs";
import * as serving from "../lib/serving.mjs";

let initialized = false;
let pending;
let given;
let instances = 0;

const api = makeApi(wasm, () => initialized, { serving: () => serving });

/**
 * What wasm-bindgen's own init takes: `{ module_or_path }`, or the source
 * alone (a URL or its string, a Request, a Response, the bytes, a
 * WebAssembly.Module, or a promise of one), given to it as
 * `{ module_or_path }` (its bare form is deprecated).
 */
function initArgument(input) {
  if (input === undefined) return undefined;
  const wrapped = input !== null && typeof input === "object" && Object.prototype.hasOwnProperty.call(input, "module_or_path");
  return wrapped ? input : { module_or_path: input };
}

/**
 * Loads the wasm module, by default toolshape_bg.wasm beside this file.
 * Awaited twice, it loads once; when it fails, the next call tries again
 * (with the input given then).
 */
export function init(input) {
  if (api.core.broken) {
    // A fresh copy of the glue (its state is per module) for a new instance.
    instances += 1;
    const glue = new URL(`./toolshape.js?instance=${instances}`, import.meta.url).href;
    const source = input === undefined ? given : input;
    pending = import(/* @vite-ignore */ glue).then(async (fresh) => {
      await fresh.default(initArgument(source));
      api.core.replace(fresh);
    });
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  }
  if (!pending) {
    given = input;
    pending = initWasm(initArgument(input)).then(() => {
      initialized = true;
    });
    // A failed load (a wrong path, bytes that are no wasm) can be retried.
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

export const { compile, CompiledTool, Tool, compileCommands, Commands, repair, check, withRepair, repairing, toStandardSchema, defineTool, defineGroup, createRegistry, createNameTable, acceptTextArguments, parseToolIdentifier, toolIdentifierSchema, clientProfile, completionScript, actionHelp, formatActionHelpMarkdown, formatActionHelpJson, help, formatHelpMarkdown, formatHelpJson } = api;
export { ToolshapeError };
