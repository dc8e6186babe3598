// compileCommands: several compiled tools as the subcommands of one command
// line. The core holds a copy of each tool under its command word and does
// the choosing, the suggestions and the usage; here argv and env cross as
// for one Tool, and the set is built again after the core restarts.

import { isTrap } from "./core.mjs";
import { fail } from "./errors.mjs";
import { optionsText } from "./json-text.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { checkArgv, envFor, parseOptions, parseRequest, wordsText } from "./parse-input.mjs";
import { INTERNALS } from "./tool.mjs";

/** The Commands class over the API's core, for tools of class `Tool`. */
export function makeCommandsClass(core, Tool) {
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");

  function entriesOf(tools) {
    if (tools === null || typeof tools !== "object" || Array.isArray(tools) || tools instanceof Tool) {
      throw fail("INVALID_OPTION", "compileCommands takes an object of compiled tools, { deploy: compile(schema), ... }");
    }
    const entries = Object.keys(tools).map((name) => [name, tools[name]]);
    for (const [name, tool] of entries) {
      if (!(tool instanceof Tool)) {
        const got = tool === null ? "null" : typeof tool;
        throw fail("INVALID_OPTION", `compileCommands: "${name}" must be a Tool from compile(), got ${got}`);
      }
    }
    return entries;
  }

  return class Commands {
    #entries;
    #handle;
    #envNames;

    /** @internal use compileCommands() */
    constructor(tools, options) {
      this.#entries = entriesOf(tools);
      const text = optionsText(options, "compileCommands");
      this.#handle = new LiveHandle(core, () => this.#build(text), "this command set was freed; call compileCommands again");
    }

    /** A WasmCommands holding a copy of each tool, on the current instance. */
    #build(text) {
      const handle = core.guard(() => new core.wasm.WasmCommands(text));
      const names = new Set();
      try {
        for (const [name, tool] of this.#entries) {
          const inner = tool[INTERNALS]();
          for (const env of inner.envNames) names.add(env);
          core.guard(() => handle.add(name, inner.handle));
        }
        core.guard(() => handle.finish());
      } catch (error) {
        if (!core.broken) handle.free();
        throw error;
      }
      this.#envNames = [...names];
      return handle;
    }

    #live() {
      return this.#handle.get();
    }

    /** The command words, in the order given. */
    get commands() {
      return this.#entries.map(([name]) => name);
    }

    safeParseArgv(argv, opts) {
      const handle = this.#live();
      checkArgv(argv);
      const { env, allowPositionals, partial } = parseOptions(core, opts);
      const picked = envFor(this.#envNames, env);
      try {
        return parseRequest(handle, argv, picked, allowPositionals, partial, core);
      } catch (error) {
        if (isTrap(error)) return { success: false, error: core.trapped(error) };
        throw error;
      }
    }

    parseArgv(argv, opts) {
      const result = this.safeParseArgv(argv, opts);
      if (!result.success) throw result.error;
      return { command: result.command, data: result.data, rest: result.rest };
    }

    usage(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "usage");
      return core.guard(() => handle.usage(text));
    }

    complete(words) {
      const handle = this.#live();
      const text = wordsText(words);
      return JSON.parse(core.guard(() => handle.complete(text)));
    }

    free() {
      this.#handle.free();
    }

    [dispose]() {
      this.free();
    }
  };
}
