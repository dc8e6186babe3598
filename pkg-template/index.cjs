"use strict";
// Node entry (CommonJS). The wasm-bindgen nodejs glue reads and instantiates
// the .wasm synchronously on require, so init() has nothing left to do. When
// the instance traps, a fresh copy of the glue gives a new instance.
const { makeApi, ToolshapeError } = require("./lib/api.cjs");

/** The glue's path, for a fresh copy; a variable, so that bundlers include the glue and leave this alone. */
const GLUE = "./node/toolshape.js";

function reload() {
  // In a one-file bundle there is no file to load again: the core stays
  // stopped (calls answer NOT_INITIALIZED) instead of restarting.
  const path = require.resolve(GLUE);
  delete require.cache[path];
  return require(path);
}

// The serving half (defineTool, createRegistry, ...) is read on first use:
// a program that only compiles schemas never parses it.
const api = makeApi(require("./node/toolshape.js"), () => true, { reload, serving: () => require("./lib/serving.cjs") });

// The headline API first; every job's names too (their subpath entries,
// toolshape/cli, /mcp and /names, read them from here), and old names.
module.exports = {
  compile: api.compile,
  CompiledTool: api.CompiledTool,
  Tool: api.Tool,
  compileCommands: api.compileCommands,
  Commands: api.Commands,
  ToolshapeError,
  repair: api.repair,
  check: api.check,
  withRepair: api.withRepair,
  repairing: api.repairing,
  toStandardSchema: api.toStandardSchema,
  defineTool: api.defineTool,
  defineGroup: api.defineGroup,
  createRegistry: api.createRegistry,
  createNameTable: api.createNameTable,
  acceptTextArguments: api.acceptTextArguments,
  parseToolIdentifier: api.parseToolIdentifier,
  toolIdentifierSchema: api.toolIdentifierSchema,
  clientProfile: api.clientProfile,
  completionScript: api.completionScript,
  actionHelp: api.actionHelp,
  formatActionHelpMarkdown: api.formatActionHelpMarkdown,
  formatActionHelpJson: api.formatActionHelpJson,
  help: api.help,
  formatHelpMarkdown: api.formatHelpMarkdown,
  formatHelpJson: api.formatHelpJson,
  init: () => Promise.resolve(),
};
