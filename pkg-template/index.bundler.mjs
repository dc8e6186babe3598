// Node entry (ES module) for bundlers targeting Node, which follow an
// import but not index.mjs's createRequire: the same exports, from the same
// CommonJS entry.
import api from "./index.cjs";

export const { compile, Tool, compileCommands, Commands, ToolshapeError, repair, check, withRepair, repairing, defineTool, defineGroup, createRegistry, createNameTable, acceptTextArguments, parseToolIdentifier, toolIdentifierSchema, clientProfile, completionScript, help, formatHelpMarkdown, formatHelpJson, init } = api;
