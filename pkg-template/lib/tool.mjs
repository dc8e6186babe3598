// The Tool class over one compiled wasm tool. Options cross as JSON text and
// are read (and refused when misspelt) by the core; argv crosses as one
// NUL-joined string; results come back as JSON text or, for the fast parse,
// as numbers read through a view of wasm memory.

import { isTrap } from "./core.mjs";
import { fail } from "./errors.mjs";
import { makeDecoder } from "./fast-argv.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { checkArgv, envText, parseGeneral, parseOptions, parseOutcome } from "./parse-input.mjs";
import { mayNeedRepair } from "./repair-hints.mjs";

/** How a command set reaches a Tool's handle and env names; not public. */
export const INTERNALS = Symbol("toolshape.internals");

/** The Tool class over the API's core (see core.mjs). */
export function makeToolClass(core, layout) {
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");

  return class Tool {
    #handle;
    #flags;
    #envNames;
    #decode;
    #hints;
    #actions;

    /** @internal use compile() */
    constructor(schemaText, optionsText) {
      this.#handle = new LiveHandle(core, () => core.compile(schemaText, optionsText), "this Tool was freed; compile the schema again");
      this.#actions = this.#handle.get().isActions();
    }

    // Made on first use, not in compile: start-up pays only for what it uses.
    #flagList() {
      if (this.#flags === undefined) {
        const handle = this.#live();
        this.#flags = core.guard(() => handle.flags());
        const flags = JSON.parse(this.#flags);
        this.#envNames = flags.flatMap((f) => (f.env ? [f.env] : []));
        this.#decode = this.#actions ? undefined : makeDecoder(core.guard(() => handle.plan()), flags, layout());
      }
      return this.#flags;
    }

    /** The handle on the current instance: compiled again after a restart. */
    #live() {
      return this.#handle.get();
    }

    /** @internal for compileCommands: the live handle and the env names it reads. */
    [INTERNALS]() {
      if (this.#flags === undefined) this.#flagList();
      return { handle: this.#live(), envNames: this.#envNames };
    }

    inputSchema(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "inputSchema");
      return JSON.parse(core.guard(() => handle.inputSchema(text)));
    }

    help(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "help");
      return JSON.parse(core.guard(() => handle.help(text)));
    }

    flags() {
      return JSON.parse(this.#flagList());
    }

    safeParseArgv(argv, opts) {
      if (this.#flags === undefined) this.#flagList();
      const handle = this.#live();
      if (!Array.isArray(argv)) checkArgv(argv);
      for (let i = 0; i < argv.length; i++) {
        if (typeof argv[i] !== "string") checkArgv(argv);
      }
      const { env, allowPositionals } = parseOptions(core, opts);
      const useEnv = env !== undefined && env !== null && this.#envNames.length > 0;
      try {
        // The fast path: numbers out of wasm, objects built here from argv;
        // errors and JSON-only values come back as JSON from the same call.
        // It declines (0) for argv holding NUL; action unions skip it.
        if (!useEnv && !this.#actions) {
          const written = handle.parseArgvFast(argv.join("\0"), argv.length, allowPositionals);
          if (written > 0) {
            const buf = core.memoryView();
            const start = handle.outPtr() / 8;
            if (buf[start] === layout().answerNumbers) return this.#decode(buf, start, argv);
            return parseOutcome(handle.takeAnswer());
          }
        }
        return parseGeneral(handle, argv, useEnv ? envText(this.#envNames, env) : "", allowPositionals);
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

    reconstruct(flat, opts) {
      if (this.#flags === undefined) this.#flagList();
      const handle = this.#live();
      if (!flat || typeof flat !== "object" || Array.isArray(flat)) {
        throw fail("INVALID_ARGS", "reconstruct takes an object of flag values", { issues: [] });
      }
      const { env } = parseOptions(core, opts);
      const text = jsonText(flat, "the flat values", "INVALID_ARGS");
      const out = parseOutcome(core.guard(() => handle.reconstruct(text, envText(this.#envNames, env))));
      if (!out.success) throw out.error;
      return out.data;
    }

    repair(args) {
      const handle = this.#live();
      if (this.#hints === undefined) this.#hints = JSON.parse(core.guard(() => handle.stringHints()));
      if (typeof args !== "string" && !mayNeedRepair(this.#hints, args)) return { value: args, repairs: [] };
      const text = jsonText(args, "the arguments", "INVALID_ARGS");
      return JSON.parse(core.guard(() => handle.repair(text)));
    }

    toArgv(args) {
      const handle = this.#live();
      const text = jsonText(args, "the arguments", "INVALID_ARGS");
      return JSON.parse(core.guard(() => handle.toArgv(text)));
    }

    usage(opts) {
      const handle = this.#live();
      const text = optionsText(opts, "usage");
      return core.guard(() => handle.usage(text));
    }

    free() {
      this.#handle.free();
    }

    [dispose]() {
      this.free();
    }
  };
}
