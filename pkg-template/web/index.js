// Browser entry: call and await init() once, then use the API as in Node.
// If the core ever traps, calls answer NOT_INITIALIZED until init() is
// awaited again, which loads a new instance from the same input (or from
// the one given then: a Response can be read only once).
import initWasm, * as wasm from "./toolshape.js";
import { makeApi, ToolshapeError } from "../lib/api.mjs";

let initialized = false;
let pending;
let given;
let instances = 0;

const api = makeApi(wasm, () => initialized);

/**
 * Loads the wasm module. `input` may be a URL, Response, BufferSource or
 * WebAssembly.Module; by default toolshape_bg.wasm beside this file.
 */
export function init(input) {
  if (api.core.broken) {
    // A fresh copy of the glue (its state is per module) for a new instance.
    instances += 1;
    const glue = new URL(`./toolshape.js?instance=${instances}`, import.meta.url).href;
    pending = import(/* @vite-ignore */ glue).then(async (fresh) => {
      const source = input === undefined ? given : input;
      await fresh.default(source === undefined ? undefined : { module_or_path: source });
      api.core.replace(fresh);
    });
    return pending;
  }
  if (!pending) {
    given = input;
    pending = initWasm(input === undefined ? undefined : { module_or_path: input }).then(() => {
      initialized = true;
    });
  }
  return pending;
}

export const { compile, Tool, compileCommands, Commands, repair, check, withRepair, defineTool, defineGroup, createRegistry, createNameTable, parseToolIdentifier, toolIdentifierSchema, clientProfile, help, formatHelpMarkdown, formatHelpJson } = api;
export { ToolshapeError };
