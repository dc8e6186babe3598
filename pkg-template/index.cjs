"use strict";
// Node entry (CommonJS). The wasm-bindgen nodejs glue reads and instantiates
// the .wasm synchronously on require, so init() has nothing left to do.
const wasm = require("./node/toolshape.js");
const { makeApi, ToolshapeError } = require("./lib/api.cjs");

const api = makeApi(wasm);

module.exports = {
  compile: api.compile,
  Tool: api.Tool,
  ToolshapeError,
  repair: api.repair,
  withRepair: api.withRepair,
  help: api.help,
  formatHelpMarkdown: api.formatHelpMarkdown,
  formatHelpJson: api.formatHelpJson,
  init: () => Promise.resolve(),
};
