"use strict";
// Node entry (CommonJS). The wasm-bindgen nodejs glue reads and instantiates
// the .wasm synchronously on require, so init() has nothing left to do. When
// the instance traps, a fresh copy of the glue gives a new instance.
const gluePath = require.resolve("./node/toolshape.js");
const { makeApi, ToolshapeError } = require("./lib/api.cjs");

function reload() {
  delete require.cache[gluePath];
  return require(gluePath);
}

const api = makeApi(require(gluePath), () => true, { reload });

module.exports = {
  compile: api.compile,
  Tool: api.Tool,
  compileCommands: api.compileCommands,
  Commands: api.Commands,
  ToolshapeError,
  repair: api.repair,
  check: api.check,
  withRepair: api.withRepair,
  defineTool: api.defineTool,
  defineGroup: api.defineGroup,
  createRegistry: api.createRegistry,
  createNameTable: api.createNameTable,
  parseToolIdentifier: api.parseToolIdentifier,
  toolIdentifierSchema: api.toolIdentifierSchema,
  clientProfile: api.clientProfile,
  help: api.help,
  formatHelpMarkdown: api.formatHelpMarkdown,
  formatHelpJson: api.formatHelpJson,
  init: () => Promise.resolve(),
};
