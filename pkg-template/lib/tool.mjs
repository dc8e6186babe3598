// The Tool class over one compiled wasm tool. Every call crosses one way
// (src/wire.rs): JSON text in (options, arguments, a parse request of argv
// and env), JSON text out, read here with JSON.parse. Options are read (and
// refused when misspelt) by the core.

import { agentAnswer } from "./agent-argv.mjs";
import { asksConfigSchema, configOption, configSchema, configSchemaAnswer, parseWithConfig } from "./config-file.mjs";
import { isTrap } from "./core.mjs";
import { fail, isAnswer } from "./errors.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { cloneJson } from "./objects.mjs";
import { checkArgv, envFor, nameIn, parseOptions, parseOutcome, parseRequest, wordsText } from "./parse-input.mjs";
import { mayNeedRepair } from "./repair-hints.mjs";

/** How a command set reaches a Tool's handle and env names; not public. */
export const INTERNALS = Symbol("toolshape.internals");

/** `new Tool(BUILT, build)`: a Tool over a handle the core already holds (a group's tools); not public. */
export const BUILT = Symbol("toolshape.built");

/** The Tool class over the API's core (see core.mjs). */
export function makeToolClass(core) {
  /** Per client name: does repair undo anything on a `null`? Asked of the core once. */
  const nullAnswers = new Map();
  const nullsMatter = (client) => {
    if (!nullAnswers.has(client)) nullAnswers.set(client, core.guard(() => core.wasm.clientNullsMatter(client)));
    return nullAnswers.get(client);
  };

  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");
  const closest = core.closest;

  return class Tool {
    #handle;
    #flags;
    #envNames;
    #noCommandLine = false;
    #hints;
    /** compile's options text: the command's name is read from it when an agent asks. */
    #text;
    /** compile's `config` option, checked: where a parse finds a config file. */
    #config;
    /**
     * Each inputSchema answer parsed once, by its options' text: the core
     * writes a client's schema once, JS parses it once, and every caller
     * gets its own copy, so changing one never changes the next answer.
     */
    #schemas = new Map();

    /** @internal use compile() */
    constructor(schemaText, optionsText, config) {
      this.#config = configOption(config, "compile", closest);
      // BUILT: `optionsText` makes the handle (and makes it again after a trap).
      const build = schemaText === BUILT ? optionsText : () => core.compile(schemaText, optionsText);
      this.#text = optionsText;
      this.#handle = new LiveHandle(core, build, "this Tool was freed; compile the schema again");
    }

    // Made on first use, not in compile: start-up pays only for what it
    // uses. A schema that makes no command line throws its reason here
    // (FLAG_COLLISION, ...): never an empty table.
    #flagList() {
      if (this.#flags === undefined) {
        const handle = this.#live();
        this.#flags = core.guard(() => handle.flags());
      }
      return this.#flags;
    }

    /** The environment variables a parse reads; throws why when there is no command line. */
    #envNamesOrThrow() {
      if (this.#envNames === undefined) {
        const handle = this.#live();
        this.#envNames = JSON.parse(core.guard(() => handle.envNames()));
      }
      return this.#envNames;
    }

    /** The same, none when there is no command line (the core then answers why). */
    #envList() {
      if (this.#envNames !== undefined || this.#noCommandLine) return this.#envNames ?? [];
      try {
        return this.#envNamesOrThrow();
      } catch (error) {
        if (!isAnswer(error)) throw error;
        // Kept: a tool with no command line has no table to ask again.
        this.#noCommandLine = true;
        return [];
      }
    }

    /** The handle on the current instance: compiled again after a restart. */
    #live() {
      return this.#handle.get();
    }

    /** @internal for compileCommands: the live handle and the env names it reads. */
    [INTERNALS]() {
      return { handle: this.#live(), envNames: this.#envNamesOrThrow() };
    }

    inputSchema(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "inputSchema");
      const key = text ?? "";
      let schema = this.#schemas.get(key);
      if (schema === undefined) {
        schema = JSON.parse(core.guard(() => handle.inputSchema(text)));
        this.#schemas.set(key, schema);
      }
      return cloneJson(schema);
    }

    actionHelp(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "actionHelp");
      return JSON.parse(core.guard(() => handle.help(text)));
    }

    /** The old name of `actionHelp`, kept for one release. */
    help(opts) {
      return this.actionHelp(opts);
    }

    flags() {
      return JSON.parse(this.#flagList());
    }

    configSchema(opts) {
      return configSchema(this.inputSchema(opts));
    }

    safeParseArgv(argv, opts) {
      const envNames = this.#envList();
      const handle = this.#live();
      if (!Array.isArray(argv)) checkArgv(argv);
      for (let i = 0; i < argv.length; i++) {
        if (typeof argv[i] !== "string") checkArgv(argv);
      }
      const { env, allowPositionals, partial, stdin, config } = parseOptions(core, opts);
      // The name as usage gives it: compile's `name`, else "tool".
      const asked = agentAnswer(this, () => nameIn(this.#text) ?? "tool", argv, { stdin, partial });
      if (asked !== undefined) return asked;
      const file = config === undefined ? this.#config : config || undefined;
      if (file !== undefined) {
        if (asksConfigSchema(argv)) return configSchemaAnswer(this.configSchema());
        const own = { parse: (again, o) => this.safeParseArgv(again, { ...o, config: false }), flags: () => this.flags(), closest };
        return parseWithConfig(own, argv, { env, allowPositionals, partial }, file);
      }
      try {
        return parseRequest(handle, argv, envFor(envNames, env), allowPositionals, partial, core);
      } catch (error) {
        if (isTrap(error)) return { success: false, error: core.trapped(error) };
        throw error;
      }
    }

    parseArgv(argv, opts) {
      const result = this.safeParseArgv(argv, opts);
      if (!result.success) throw result.error;
      return result.data;
    }

    fromFlagValues(flat, opts) {
      const envNames = this.#envList();
      const handle = this.#live();
      if (!flat || typeof flat !== "object" || Array.isArray(flat)) {
        throw fail("INVALID_ARGS", "fromFlagValues takes an object of flag values", { issues: [] });
      }
      const { env } = parseOptions(core, opts);
      const text = jsonText({ flat, env: envFor(envNames, env) }, "the flat values", "INVALID_ARGS");
      const out = parseOutcome(core.guard(() => handle.fromFlagValues(text), text.length));
      if (!out.success) throw out.error;
      return out.data;
    }

    /** The old name of `fromFlagValues`, kept for one release. */
    reconstruct(flat, opts) {
      return this.fromFlagValues(flat, opts);
    }

    repair(args, options) {
      const handle = this.#live();
      const client = repairClient(options);
      if (typeof args !== "string") {
        // A client's profile may be undone on a `null` (openai-strict's
        // omitted keys); the core says which, and checks the name.
        const nulls = client !== undefined && nullsMatter(client);
        if (this.#hints === undefined) this.#hints = JSON.parse(core.guard(() => handle.stringHints()));
        if (!mayNeedRepair(this.#hints, args, nulls)) return { value: args, repairs: [] };
      }
      const text = jsonText(args, "the arguments", "INVALID_ARGS");
      return JSON.parse(core.guard(() => handle.repair(text, client), text.length));
    }

    check(client) {
      const handle = this.#live();
      if (typeof client !== "string") throw fail("INVALID_OPTION", `check(client) takes a client name, got ${typeof client}`);
      return JSON.parse(core.guard(() => handle.check(client)));
    }

    toArgv(args) {
      const handle = this.#live();
      const text = jsonText(args, "the arguments", "INVALID_ARGS");
      return JSON.parse(core.guard(() => handle.toArgv(text), text.length));
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

    deprecatedIn(argv) {
      const handle = this.#live();
      const text = wordsText(argv, "argv");
      return JSON.parse(core.guard(() => handle.deprecatedIn(text)));
    }

    free() {
      this.#handle.free();
    }

    [dispose]() {
      this.free();
    }
  };
}

/** The `client` of repair's options; only that key is read. */
function repairClient(options) {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw fail("INVALID_OPTION", "repair options must be an object like { client: \"openai-strict\" }");
  }
  for (const key of Object.keys(options)) {
    if (key !== "client") throw fail("INVALID_OPTION", `unknown repair option "${key}" (options: client)`);
  }
  if (options.client === undefined) return undefined;
  if (typeof options.client !== "string") throw fail("INVALID_OPTION", "repair option \"client\" must be a client name");
  return options.client;
}
