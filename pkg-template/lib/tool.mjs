// The Tool class over one compiled wasm tool. Options cross as JSON text and
// are read (and refused when misspelt) by the core; argv crosses as one
// NUL-joined string; results come back as JSON text or, for the fast parse,
// as numbers read through a view of wasm memory.

import { call, fail, fromWire } from "./errors.mjs";
import { makeDecoder } from "./fast-argv.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { mayNeedRepair } from "./repair-hints.mjs";

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

function checkArgv(argv) {
  if (!Array.isArray(argv)) throw fail("INVALID_ARGS", "argv must be an array of strings", { issues: [] });
  for (let i = 0; i < argv.length; i++) {
    if (typeof argv[i] !== "string") {
      throw fail("INVALID_ARGS", `argv[${i}] must be a string, got ${argv[i] === null ? "null" : typeof argv[i]}`, { issues: [] });
    }
  }
}

/** `name\0value\0...` for the names the flag table reads that `env` holds. */
function envText(names, env) {
  if (env === undefined || env === null || names.length === 0) return "";
  if (typeof env !== "object") throw fail("INVALID_OPTION", "parseArgv option \"env\" must be an object of strings");
  let text = "";
  for (const name of names) {
    if (!hasOwn(env, name)) continue;
    const value = env[name];
    if (typeof value !== "string") continue;
    if (value.includes("\0")) throw fail("INVALID_ARGS", `environment variable ${name} contains a NUL character`, { issues: [] });
    text += text === "" ? `${name}\0${value}` : `\0${name}\0${value}`;
  }
  return text;
}

/** The JSON outcome of a parse, as safeParseArgv answers. */
function parseOutcome(text) {
  const out = JSON.parse(text);
  return out.ok ? { success: true, data: out.data, rest: out.rest } : { success: false, error: fromWire(out.error) };
}

/**
 * Parse options: `env` is read here (only the names the table uses cross);
 * any other key is for the core to read, so a misspelt one is refused there.
 */
function parseOptions(wasm, opts) {
  if (opts === undefined || opts === null) return undefined;
  if (typeof opts !== "object" || Array.isArray(opts)) {
    call(() => wasm.checkParseOptions(optionsText(opts, "parseArgv") ?? "null"));
  }
  for (const key in opts) {
    if (key !== "env" && hasOwn(opts, key)) {
      const rest = optionsText(opts, "parseArgv");
      call(() => wasm.checkParseOptions(rest));
      break;
    }
  }
  return opts.env;
}

/** The Tool class, bound to one set of wasm-bindgen exports. */
export function makeToolClass(wasm, memoryView, layout) {
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");

  return class Tool {
    #wasm;
    #flags;
    #envNames;
    #decode;
    #hints;
    #actions;

    /** @internal use compile() */
    constructor(handle) {
      this.#wasm = handle;
      this.#actions = handle.isActions();
    }

    // Made on first use, not in compile: start-up pays only for what it uses.
    #flagList() {
      if (this.#flags === undefined) {
        this.#flags = this.#live().flags();
        const flags = JSON.parse(this.#flags);
        this.#envNames = flags.flatMap((f) => (f.env ? [f.env] : []));
        this.#decode = this.#actions ? undefined : makeDecoder(this.#live().plan(), flags, layout());
      }
      return this.#flags;
    }

    #live() {
      if (!this.#wasm) throw fail("FREED", "this Tool was freed; compile the schema again");
      return this.#wasm;
    }

    inputSchema(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "inputSchema");
      return JSON.parse(call(() => handle.inputSchema(text)));
    }

    help(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "help");
      return JSON.parse(call(() => handle.help(text)));
    }

    flags() {
      return JSON.parse(this.#flagList());
    }

    safeParseArgv(argv, opts) {
      const handle = this.#live();
      if (this.#flags === undefined) this.#flagList();
      if (!Array.isArray(argv)) checkArgv(argv);
      for (let i = 0; i < argv.length; i++) {
        if (typeof argv[i] !== "string") checkArgv(argv);
      }
      const env = parseOptions(wasm, opts);
      const useEnv = env !== undefined && env !== null && this.#envNames.length > 0;
      // The fast path: numbers out of wasm, objects built here from argv;
      // errors and JSON-only values come back as JSON from the same call.
      // It declines (0) for argv holding NUL; action unions skip it.
      if (!useEnv && !this.#actions) {
        const written = handle.parseArgvFast(argv.join("\0"), argv.length);
        if (written > 0) {
          const buf = memoryView();
          const start = handle.outPtr() / 8;
          if (buf[start] === layout().answerNumbers) return this.#decode(buf, start, argv);
          return parseOutcome(handle.takeAnswer());
        }
      }
      const joinedEnv = useEnv ? envText(this.#envNames, env) : "";
      const joined = !argv.some((token) => token.includes("\0"));
      return parseOutcome(
        joined ? handle.parseArgv(argv.join("\0"), argv.length, joinedEnv) : handle.parseArgvJson(JSON.stringify(argv), joinedEnv),
      );
    }

    parseArgv(argv, opts) {
      const result = this.safeParseArgv(argv, opts);
      if (!result.success) throw result.error;
      return result.data;
    }

    reconstruct(flat, opts) {
      const handle = this.#live();
      if (this.#flags === undefined) this.#flagList();
      if (!flat || typeof flat !== "object" || Array.isArray(flat)) {
        throw fail("INVALID_ARGS", "reconstruct takes an object of flag values", { issues: [] });
      }
      const env = parseOptions(wasm, opts);
      const out = parseOutcome(handle.reconstruct(jsonText(flat, "the flat values", "INVALID_ARGS"), envText(this.#envNames, env)));
      if (!out.success) throw out.error;
      return out.data;
    }

    repair(args) {
      const handle = this.#live();
      if (this.#hints === undefined) this.#hints = JSON.parse(handle.stringHints());
      if (typeof args !== "string" && !mayNeedRepair(this.#hints, args)) return { value: args, repairs: [] };
      return JSON.parse(call(() => handle.repair(jsonText(args, "the arguments", "INVALID_ARGS"))));
    }

    toArgv(args) {
      const handle = this.#live();
      return JSON.parse(call(() => handle.toArgv(jsonText(args, "the arguments", "INVALID_ARGS"))));
    }

    usage(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "usage");
      return call(() => handle.usage(text));
    }

    free() {
      if (this.#wasm) {
        this.#wasm.free();
        this.#wasm = undefined;
      }
    }

    [dispose]() {
      this.free();
    }
  };
}
