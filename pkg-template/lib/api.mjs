// The public API over one set of wasm-bindgen exports, shared by the Node
// and browser entries. It only wires the parts, each in its own file:
// core.mjs (the instance, replaced when it traps), errors.mjs
// (ToolshapeError, wire errors), schema-input.mjs (schema forms),
// json-text.mjs (values and options as JSON text), tool.mjs (Tool),
// repair-hints.mjs (repair's quick check), commands.mjs (several tools as one command line),
// parse-input.mjs (argv, env and parse options), live-handle.mjs (a handle
// that follows the core across restarts), names.mjs (name tables),
// clients.mjs (clientInfo names to profiles). The serving half
// (serving.mjs: defineTool, defineGroup, withRepair, repairing, createRegistry,
// acceptTextArguments) is not imported here: each entry hands it over as
// `how.serving`, which the Node entry loads on first use.

import { makeCommandsClass } from "./commands.mjs";
import { splitConfig } from "./config-file.mjs";
import { makeCore } from "./core.mjs";
import { ToolshapeError, fail, isAnswer } from "./errors.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { profileForClient } from "./clients.mjs";
import { makeNames, toolIdentifierSchema } from "./names.mjs";
import { readShapesWith, schemaText } from "./schema-input.mjs";
import { BUILT, makeToolClass } from "./tool.mjs";

// The serving half's bundle (lib/serving.cjs) takes these from this one,
// so that both throw the one ToolshapeError class.
export { ToolshapeError, fail, isAnswer };

/**
 * Builds the public API over `wasm`; `ready()` says whether it is loaded,
 * `how.reload()` makes a fresh instance when one traps (see core.mjs), and
 * `how.serving()` gives the serving.mjs module, asked the first time one of
 * its functions is called.
 */
export function makeApi(wasm, ready = () => true, how = {}) {
  const core = makeCore(wasm, how);

  function requireReady() {
    if (!ready()) throw fail("NOT_INITIALIZED", "call and await init() before using toolshape in the browser");
    if (core.broken) throw fail("NOT_INITIALIZED", "toolshape's core stopped after an error; call and await init() again");
  }

  const Tool = makeToolClass(core);

  const Commands = makeCommandsClass(core, Tool);

  /** `instanceof Tool`, false for a Proxy whose prototype trap throws: compile then says the schema cannot be read. */
  function isTool(value) {
    try {
      return value instanceof Tool;
    } catch {
      return false;
    }
  }

  function compile(schema, options) {
    requireReady();
    const { config, rest } = splitConfig(options);
    return new Tool(schemaText(schema), optionsText(rest, "compile"), config);
  }

  /** A Tool over a handle `build` makes on the current instance (a group's tools, compiled in the core). */
  function toolOf(build) {
    return new Tool(BUILT, build);
  }

  function compileCommands(tools, options) {
    requireReady();
    return new Commands(tools, options);
  }

  /** repair(schema or tool, args, options): compiles (and frees) when given a schema. */
  function repair(schemaOrTool, args, options) {
    if (isTool(schemaOrTool)) return schemaOrTool.repair(args, options);
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
    const checks = JSON.parse(core.guard(() => core.wasm.checkSchema(text, client), text.length));
    return client === "all" ? checks : checks[0];
  }

  function actionHelp(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsText(options, "actionHelp");
    return JSON.parse(core.guard(() => core.wasm.help(text, opts), text.length));
  }

  function formatHelp(entries, format) {
    requireReady();
    if (!Array.isArray(entries)) throw fail("INVALID_ENTRIES", "help entries must be an array");
    const text = jsonText(entries, "the help entries", "INVALID_ENTRIES");
    return core.guard(() => core.wasm.formatHelp(text, format));
  }

  const formatActionHelpMarkdown = (entries) => formatHelp(entries, "markdown");
  const formatActionHelpJson = (entries) => formatHelp(entries, "json");
  const closest = core.closest;
  /** Why `name` cannot be typed as a command word, by the core's rule; `undefined` when it can. */
  const commandWordProblem = (name) => core.guard(() => core.wasm.commandWordProblem(name)) ?? undefined;
  let made;
  const serving = () => {
    if (made === undefined) made = how.serving().makeServing({ compile, toolOf, compileCommands, core, actionHelp, formatActionHelpMarkdown, closest, commandWordProblem });
    return made;
  };
  // A raw shape given to compile, repair or check is read by the serving half.
  readShapesWith((shape) => serving().rawShapeOf(shape));
  const guarded = (fn) => (...args) => {
    requireReady();
    return fn(...args);
  };
  const names = makeNames(core);

  return {
    compile,
    CompiledTool: Tool,
    Tool,
    compileCommands,
    Commands,
    ToolshapeError,
    repair,
    check,
    withRepair: guarded((schema, handler, options) => serving().withRepair(schema, handler, options)),
    repairing: guarded((schema, options) => serving().repairing(schema, options)),
    toStandardSchema: guarded((schema, options) => serving().toStandardSchema(schema, options)),
    defineTool: guarded((def) => serving().defineTool(def)),
    defineGroup: guarded((def) => serving().defineGroup(def)),
    createRegistry: (defs, options) => serving().createRegistry(defs, options),
    createNameTable: guarded(names.createNameTable),
    acceptTextArguments: (server) => serving().acceptTextArguments(server),
    parseToolIdentifier: guarded(names.parseToolIdentifier),
    toolIdentifierSchema,
    clientProfile: profileForClient,
    // Pure JS, but kept with the command lines that answer it (the serving
    // half), out of what every program parses at start-up.
    completionScript: (program, shell) => serving().completionScript(program, shell),
    actionHelp,
    formatActionHelpMarkdown,
    formatActionHelpJson,
    // The old names, kept for one release.
    help: actionHelp,
    formatHelpMarkdown: formatActionHelpMarkdown,
    formatHelpJson: formatActionHelpJson,
    /** For the entries only: the instance holder (not exported from the package). */
    core,
  };
}
