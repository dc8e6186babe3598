// Node entry (ES module). It re-exports the CommonJS entry so that `import`
// and `require` share one wasm instance and one ToolshapeError class.
import api from "./index.cjs";

export const { compile, Tool, compileCommands, Commands, ToolshapeError, repair, check, withRepair, repairing, defineTool, defineGroup, createRegistry, createNameTable, acceptTextArguments, parseToolIdentifier, toolIdentifierSchema, clientProfile, help, formatHelpMarkdown, formatHelpJson, init } = api;
