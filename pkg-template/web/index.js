// Browser entry: call and await init() once, then use the API as in Node.
import initWasm, * as wasm from "./toolshape.js";
import { makeApi, ToolshapeError } from "../lib/api.mjs";

let initialized = false;
let pending;

/**
 * Loads the wasm module. `input` may be a URL, Response, BufferSource or
 * WebAssembly.Module; by default toolshape_bg.wasm beside this file.
 */
export function init(input) {
  if (!pending) {
    pending = initWasm(input === undefined ? undefined : { module_or_path: input }).then(() => {
      initialized = true;
    });
  }
  return pending;
}

const api = makeApi(wasm, () => initialized);

export const { compile, Tool, repair, withRepair, help, formatHelpMarkdown, formatHelpJson } = api;
export { ToolshapeError };
