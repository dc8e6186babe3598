// The public API over one set of wasm-bindgen exports, shared by the Node
// and browser entries. It only wires the parts, each in its own file:
// errors.mjs (ToolshapeError, wire errors), schema-input.mjs (schema forms),
// json-text.mjs (values and options as JSON text), tool.mjs (Tool),
// fast-argv.mjs (fast parse decoder), repair-hints.mjs (repair's quick
// check), mcp.mjs (handlers for MCP servers).

import { ToolshapeError, call, fail } from "./errors.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { makeWithRepair } from "./mcp.mjs";
import { schemaText } from "./schema-input.mjs";
import { makeToolClass } from "./tool.mjs";

export { ToolshapeError };

/** Builds the public API over `wasm`; `ready()` says whether it is loaded. */
export function makeApi(wasm, ready = () => true) {
  // A view of wasm memory, made again only when memory has grown (which
  // replaces the buffer).
  let view = new Float64Array(0);
  let memory;
  function memoryView() {
    if (memory === undefined) memory = wasm.wasmMemory();
    const buffer = memory.buffer;
    if (view.buffer !== buffer) view = new Float64Array(buffer);
    return view;
  }
  let wireLayout;
  const layout = () => (wireLayout === undefined ? (wireLayout = JSON.parse(wasm.wireLayout())) : wireLayout);

  function requireReady() {
    if (!ready()) throw fail("NOT_INITIALIZED", "call and await init() before using toolshape in the browser");
  }

  const Tool = makeToolClass(wasm, memoryView, layout);

  function compile(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsText(options, "compile");
    return new Tool(call(() => new wasm.WasmTool(text, opts)));
  }

  /** repair(schema or tool, args): compiles (and frees) when given a schema. */
  function repair(schemaOrTool, args) {
    if (schemaOrTool instanceof Tool) return schemaOrTool.repair(args);
    const tool = compile(schemaOrTool);
    try {
      return tool.repair(args);
    } finally {
      tool.free();
    }
  }

  function help(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsText(options, "help");
    return JSON.parse(call(() => wasm.help(text, opts)));
  }

  function formatHelp(entries, format) {
    requireReady();
    if (!Array.isArray(entries)) throw fail("INVALID_ENTRIES", "help entries must be an array");
    return call(() => wasm.formatHelp(jsonText(entries, "the help entries", "INVALID_ENTRIES"), format));
  }

  return {
    compile,
    Tool,
    ToolshapeError,
    repair,
    withRepair: makeWithRepair(compile),
    help,
    formatHelpMarkdown: (entries) => formatHelp(entries, "markdown"),
    formatHelpJson: (entries) => formatHelp(entries, "json"),
  };
}
