// The public API over one set of wasm-bindgen exports, shared by the Node
// and browser entries. It only wires the parts, each in its own file:
// core.mjs (the instance, replaced when it traps), errors.mjs
// (ToolshapeError, wire errors), schema-input.mjs (schema forms),
// json-text.mjs (values and options as JSON text), tool.mjs (Tool),
// fast-argv.mjs (fast parse decoder), repair-hints.mjs (repair's quick
// check), mcp.mjs (handlers for MCP servers), commands.mjs (several tools
// as one command line), parse-input.mjs (argv, env and parse options),
// live-handle.mjs (a handle that follows the core across restarts),
// define.mjs (defineTool, defineGroup) with call-path.mjs, results.mjs,
// define-input.mjs and run-cli.mjs, registry.mjs (createRegistry, attach)
// with clients.mjs (clientInfo names to profiles).

import { makeCommandsClass } from "./commands.mjs";
import { makeCore } from "./core.mjs";
import { ToolshapeError, fail } from "./errors.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { makeDefine } from "./define.mjs";
import { makeWithRepair } from "./mcp.mjs";
import { profileForClient } from "./clients.mjs";
import { makeNames, toolIdentifierSchema } from "./names.mjs";
import { makeRegistry } from "./registry.mjs";
import { schemaText } from "./schema-input.mjs";
import { keepTextArguments, lowServer } from "./text-arguments.mjs";
import { makeToolClass } from "./tool.mjs";

export { ToolshapeError };

/**
 * Lets a server that sets its own tools/call handler (a proxy over the
 * SDK's `Server`) receive `arguments` sent as one JSON string, which the
 * SDK refuses before any handler runs. Call it before `connect`; the
 * returned function gives a call's arguments (the text as sent, else the
 * object) for `repair` or `tool.repair` to turn into the object.
 */
function acceptTextArguments(server) {
  const low = lowServer(server);
  if (low === undefined) throw fail("INVALID_OPTION", "acceptTextArguments takes the MCP SDK's McpServer or Server (anything with setRequestHandler)");
  return keepTextArguments(low).argumentsOf;
}

/**
 * Builds the public API over `wasm`; `ready()` says whether it is loaded,
 * `how.reload()` makes a fresh instance when one traps (see core.mjs).
 */
export function makeApi(wasm, ready = () => true, how = {}) {
  const core = makeCore(wasm, how);
  let wireLayout;
  const layout = () => (wireLayout === undefined ? (wireLayout = JSON.parse(core.wasm.wireLayout())) : wireLayout);

  function requireReady() {
    if (!ready()) throw fail("NOT_INITIALIZED", "call and await init() before using toolshape in the browser");
    if (core.broken) throw fail("NOT_INITIALIZED", "toolshape's core stopped after an error; call and await init() again");
  }

  const Tool = makeToolClass(core, layout);

  const Commands = makeCommandsClass(core, Tool);

  function compile(schema, options) {
    requireReady();
    return new Tool(schemaText(schema), optionsText(options, "compile"));
  }

  function compileCommands(tools, options) {
    requireReady();
    return new Commands(tools, options);
  }

  /** repair(schema or tool, args, options): compiles (and frees) when given a schema. */
  function repair(schemaOrTool, args, options) {
    if (schemaOrTool instanceof Tool) return schemaOrTool.repair(args, options);
    const tool = compile(schemaOrTool);
    try {
      return tool.repair(args, options);
    } finally {
      tool.free();
    }
  }

  /** check(schema, client): one client's check, or every client's with "all". */
  function check(schema, client = "all") {
    requireReady();
    if (typeof client !== "string") throw fail("INVALID_OPTION", `check(schema, client) takes a client name or "all", got ${typeof client}`);
    const text = schemaText(schema);
    const checks = JSON.parse(core.guard(() => core.wasm.checkSchema(text, client)));
    return client === "all" ? checks : checks[0];
  }

  function help(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsText(options, "help");
    return JSON.parse(core.guard(() => core.wasm.help(text, opts)));
  }

  function formatHelp(entries, format) {
    requireReady();
    if (!Array.isArray(entries)) throw fail("INVALID_ENTRIES", "help entries must be an array");
    const text = jsonText(entries, "the help entries", "INVALID_ENTRIES");
    return core.guard(() => core.wasm.formatHelp(text, format));
  }

  const formatHelpMarkdown = (entries) => formatHelp(entries, "markdown");
  /** The closest candidate to `typed`, by the core's edit distance. */
  const closest = (typed, candidates) => {
    const found = core.guard(() => core.wasm.closest(typed, candidates.join("\0")));
    return found === undefined || found === null ? undefined : found;
  };
  const { defineTool, defineGroup } = makeDefine({ compile, core, help, formatHelpMarkdown, closest });
  const guarded = (fn) => (...args) => {
    requireReady();
    return fn(...args);
  };
  const createRegistry = makeRegistry({ compileCommands, closest });
  const names = makeNames(core);

  return {
    compile,
    Tool,
    compileCommands,
    Commands,
    ToolshapeError,
    repair,
    check,
    withRepair: guarded(makeWithRepair(defineTool)),
    defineTool: guarded((def) => defineTool(def)),
    defineGroup: guarded(defineGroup),
    createRegistry,
    createNameTable: guarded(names.createNameTable),
    acceptTextArguments,
    parseToolIdentifier: guarded(names.parseToolIdentifier),
    toolIdentifierSchema,
    clientProfile: profileForClient,
    help,
    formatHelpMarkdown,
    formatHelpJson: (entries) => formatHelp(entries, "json"),
    /** For the entries only: the instance holder (not exported from the package). */
    core,
  };
}
