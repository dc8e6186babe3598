// Node entry (ES module). It re-exports the CommonJS entry so that `import`
// and `require` share one wasm instance and one ToolshapeError class.
//
// It requires the entry rather than importing it: Node imports a CommonJS
// file through its ES module translator, which first starts cjs-module-lexer
// to find the file's names, about 1.5 ms of a new process's start-up that a
// program of ES modules alone otherwise never pays. A bundler cannot follow
// createRequire, so bundlers targeting Node read index.bundler.mjs instead
// (package.json "exports": the "module" condition under "node").
import { createRequire } from "node:module";

const api = createRequire(import.meta.url)("./index.cjs");

export const { compile, CompiledTool, Tool, compileCommands, Commands, ToolshapeError, repair, check, withRepair, repairing, toStandardSchema, defineTool, defineGroup, createRegistry, createNameTable, acceptTextArguments, parseToolIdentifier, toolIdentifierSchema, clientProfile, completionScript, actionHelp, formatActionHelpMarkdown, formatActionHelpJson, help, formatHelpMarkdown, formatHelpJson, init } = api;
