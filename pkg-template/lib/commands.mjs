// compileCommands: several compiled tools as the subcommands of one command
// line. The core holds a copy of each tool under its command word and does
// the choosing, the suggestions and the usage; here argv and env cross as
// for one Tool, and the set is built again after the core restarts.

import { agentAnswer, helpText, schemaText } from "./agent-argv.mjs";
import { asksConfigSchema, checkCommandsConfig, commandsConfigSchema, configOption, configSchemaAnswer, LOADED, loadConfig, splitConfig, takeConfigFlag } from "./config-file.mjs";
import { isTrap } from "./core.mjs";
import { fail } from "./errors.mjs";
import { optionsText } from "./json-text.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { checkArgv, envFor, nameIn, parseOptions, parseRequest, wordsText } from "./parse-input.mjs";
import { INTERNALS } from "./tool.mjs";

/** The Commands class over the API's core, for tools of class `Tool`. */
export function makeCommandsClass(core, Tool) {
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");
  const closest = core.closest;

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
    /** The options as the core read them; the program's name is read from them when an agent asks. */
    #text;
    #config;

    /** @internal use compileCommands() */
    constructor(tools, options) {
      this.#entries = entriesOf(tools);
      const { config, rest } = splitConfig(options);
      this.#config = configOption(config, "compileCommands", closest);
      const text = optionsText(rest, "compileCommands");
      this.#text = text;
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
      const { env, allowPositionals, partial, stdin, config } = parseOptions(core, opts);
      const asked = this.#agentAnswer(argv, stdin, partial);
      if (asked !== undefined) return asked;
      const file = config === undefined ? this.#config : config || undefined;
      if (file !== undefined) return this.#withConfig(argv, { env, allowPositionals, partial }, file);
      const picked = envFor(this.#envNames, env);
      try {
        return parseRequest(handle, argv, picked, allowPositionals, partial, core);
      } catch (error) {
        if (isTrap(error)) return { success: false, error: core.trapped(error) };
        throw error;
      }
    }

    /**
     * What an agent asks (agent-argv.mjs): `--help=json`/`--help=md` (or
     * `help --json`) for every command, `schema <command>`, and after a
     * command's word that command's own `--help=json`, `--schema`, `--json`.
     * A command named `help` or `schema` keeps its word.
     */
    #agentAnswer(argv, stdin, partial) {
      const [first, second] = argv;
      const program = () => nameIn(this.#text);
      const tool = (word) => this.#entries.find(([name]) => name === word)?.[1];
      const all = () => this.#entries.map(([name, t]) => ({ name, tool: t }));
      if (first === "--help=json" || first === "--help=md") return helpText(program(), all(), first === "--help=json" ? "json" : "md");
      if (first === "help" && second === "--json" && argv.length === 2 && tool("help") === undefined) return helpText(program(), all(), "json");
      if (first === "schema" && tool("schema") === undefined) {
        const named = tool(second);
        if (named !== undefined) return schemaText(named, argv.slice(2));
        const message = `schema takes a command: schema <command> [--client <profile>] (commands: ${this.commands.join(", ")})`;
        return { success: false, error: fail("INVALID_ARGS", message, { issues: [{ code: "unknown_command", path: [], message }] }) };
      }
      const own = tool(first);
      if (own === undefined) return undefined;
      const asked = agentAnswer(own, () => first, argv.slice(1), { stdin, partial, programOf: program });
      return asked !== undefined && asked.success ? { ...asked, command: first } : asked;
    }

    /**
     * A parse with a config file, which holds an object per command word:
     * the chosen command's part goes under its argv and env (config-file.mjs).
     * Usage, version and argv's own errors answer as without it.
     */
    #withConfig(argv, options, config) {
      if (asksConfigSchema(argv)) return configSchemaAnswer(commandsConfigSchema(this.#entries));
      const { argv: rest, file } = takeConfigFlag(argv, config.flag);
      const plain = this.safeParseArgv(rest, { ...options, config: false });
      if (!plain.success && plain.error.code !== "INVALID_ARGS") return plain;
      const word = rest[0];
      const tool = this.#entries.find(([name]) => name === word)?.[1];
      if (tool === undefined) return plain;
      let loaded;
      try {
        loaded = loadConfig(config, file);
        checkCommandsConfig(loaded, this.commands, closest);
      } catch (error) {
        return { success: false, error };
      }
      // An own key only: a command named "constructor" is not the file's prototype's.
      const part = loaded === undefined || !Object.hasOwn(loaded.value, word) ? null : { name: `${loaded.name} (${word})`, value: loaded.value[word] };
      const result = tool.safeParseArgv(rest.slice(1), { ...options, config: { ...config, [LOADED]: part } });
      return result.success ? { success: true, command: word, data: result.data, rest: result.rest, sources: result.sources } : result;
    }

    parseArgv(argv, opts) {
      const result = this.safeParseArgv(argv, opts);
      if (!result.success) throw result.error;
      const out = { command: result.command, data: result.data, rest: result.rest };
      return result.sources === undefined ? out : { ...out, sources: result.sources };
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
