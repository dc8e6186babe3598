// compileCommands: several compiled tools as the subcommands of one command
// line. The core holds a copy of each tool under its command word and does
// the choosing, the suggestions and the usage; here argv and env cross as
// for one Tool, and the set is built again after the core restarts.

import { isTrap } from "./core.mjs";
import { fail } from "./errors.mjs";
import { optionsText } from "./json-text.mjs";
import { checkArgv, envText, parseGeneral, parseOptions } from "./parse-input.mjs";
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
    #optionsText;
    #handle;
    #generation;
    #envNames;

    /** @internal use compileCommands() */
    constructor(tools, options) {
      this.#entries = entriesOf(tools);
      this.#optionsText = optionsText(options, "compileCommands");
      this.#attach();
    }

    #attach() {
      const handle = core.guard(() => new core.wasm.WasmCommands(this.#optionsText));
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
      this.#handle = handle;
      this.#envNames = [...names];
      this.#generation = core.generation;
    }

    #live() {
      if (this.#entries === undefined) throw fail("FREED", "this command set was freed; call compileCommands again");
      if (core.broken) throw fail("NOT_INITIALIZED", "toolshape's core stopped after an error; call and await init() again");
      if (this.#generation !== core.generation) this.#attach();
      return this.#handle;
    }

    /** The command words, in the order given. */
    get commands() {
      return this.#entries.map(([name]) => name);
    }

    safeParseArgv(argv, opts) {
      const handle = this.#live();
      checkArgv(argv);
      const { env, allowPositionals } = parseOptions(core, opts);
      const joinedEnv = envText(this.#envNames, env);
      try {
        return parseGeneral(handle, argv, joinedEnv, allowPositionals);
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

    free() {
      if (this.#entries === undefined) return;
      this.#entries = undefined;
      if (this.#generation === core.generation && !core.broken) core.guard(() => this.#handle.free());
      this.#handle = undefined;
    }

    [dispose]() {
      this.free();
    }
  };
}
