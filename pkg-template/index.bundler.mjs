// Node entry (ES module) for bundlers targeting Node, which follow an
// import but not index.mjs's createRequire: the same exports, from the same
// CommonJS entry.
import api from "./index.cjs";

export const { compile, CompiledTool, Tool, compileCommands, Commands, ToolshapeError, repair, check, withRepair, repairing, toStandardSchema, defineTool, defineGroup, createRegistry, createNameTable, acceptTextArguments, parseToolIdentifier, toolIdentifierSchema, clientProfile, completionScript, actionHelp, formatActionHelpMarkdown, formatActionHelpJson, help, formatHelpMarkdown, formatHelpJson, init } = api;
