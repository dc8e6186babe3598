// The Tool class over one compiled wasm tool. Options cross as JSON text and
// are read (and refused when misspelt) by the core; argv crosses as one
// NUL-joined string; results come back as JSON text or, for the fast parse,
// as numbers read through a view of wasm memory; a schema comes back as its
// text with a tape of its structure, read through the same memory.

import { isTrap } from "./core.mjs";
import { fail } from "./errors.mjs";
import { makeDecoder } from "./fast-argv.mjs";
import { clientAlone, jsonText, optionsText } from "./json-text.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { checkArgv, envText, parseGeneral, parseOptions, parseOutcome, wordsText } from "./parse-input.mjs";
import { mayNeedRepair } from "./repair-hints.mjs";
import { makeTapeReader } from "./schema-tape.mjs";

/** How a command set reaches a Tool's handle and env names; not public. */
export const INTERNALS = Symbol("toolshape.internals");

/** The Tool class over the API's core (see core.mjs). */
export function makeToolClass(core, layout) {
  /** Per client name: does repair undo anything on a `null`? Asked of the core once. */
  const nullAnswers = new Map();
  const nullsMatter = (client) => {
    if (!nullAnswers.has(client)) nullAnswers.set(client, core.guard(() => core.wasm.clientNullsMatter(client)));
    return nullAnswers.get(client);
  };

  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");

  let readTape;
  /** The schema object of the text an inputSchema export just answered, from its tape. */
  const schemaValue = (text) => {
    const at = core.wasm.schemaTape();
    if (at === 0) return JSON.parse(text);
    if (readTape === undefined) readTape = makeTapeReader(layout().tape);
    return readTape(text, core.wordsView(), at / 4);
  };

  return class Tool {
    #handle;
    #flags;
    #envNames;
    #decode;
    /** Per action of an action union: its decoder and literal keys, made on first use. */
    #actionDecoders = [];
    #hints;
    /** The fast parse's argv room in wasm memory: `{ handle, at, bytes, view }`. */
    #room;

    /** @internal use compile() */
    constructor(schemaText, optionsText) {
      this.#handle = new LiveHandle(core, () => core.compile(schemaText, optionsText), "this Tool was freed; compile the schema again");
    }

    // Made on first use, not in compile: start-up pays only for what it uses.
    #flagList() {
      if (this.#flags === undefined) {
        const handle = this.#live();
        this.#flags = core.guard(() => handle.flags());
        const flags = JSON.parse(this.#flags);
        this.#envNames = flags.flatMap((f) => (f.env ? [f.env] : []));
        // An action union decodes per action (#decodeAction).
        this.#decode = handle.isActions() ? undefined : makeDecoder(JSON.parse(core.guard(() => handle.plan())), flags, layout());
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
      const client = clientAlone(opts);
      if (client !== undefined) return schemaValue(core.guard(() => handle.inputSchemaFor(client)));
      const text = optionsText(opts, "inputSchema");
      return schemaValue(core.guard(() => handle.inputSchema(text)));
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
      const { env, allowPositionals, partial } = parseOptions(core, opts);
      const useEnv = env !== undefined && env !== null && this.#envNames.length > 0;
      try {
        // The fast path: numbers out of wasm, objects built here from argv;
        // errors and JSON-only values come back as JSON from the same call.
        // It declines (0) for argv holding NUL and, for an action union,
        // anything but a clean parse; partial parses skip it.
        if (!useEnv && !partial) {
          const at = this.#parseFast(handle, argv, allowPositionals);
          if (at > 0) {
            // The layout before the view: its first read is a call into
            // wasm, and a call can grow memory, which empties older views.
            const { answerNumbers, answerAction } = layout();
            const buf = core.memoryView();
            const start = at / 8;
            const kind = buf[start];
            if (kind === answerNumbers) return this.#decode(buf, start, argv);
            if (kind === answerAction) return this.#decodeAction(handle, buf[start + 1], start, argv);
            return parseOutcome(handle.takeAnswer());
          }
        }
        return parseGeneral(handle, argv, useEnv ? envText(this.#envNames, env) : "", allowPositionals, partial);
      } catch (error) {
        if (isTrap(error)) return { success: false, error: core.trapped(error) };
        throw error;
      }
    }

    /**
     * The fast parse: argv, NUL-joined, is encoded straight into room the
     * tool keeps in wasm memory (no allocation, no string crossing), then
     * parsed there. 0 when the general path must answer.
     */
    #parseFast(handle, argv, allowPositionals) {
      let units = argv.length;
      for (let k = 0; k < argv.length; k++) units += argv[k].length;
      // At most three UTF-8 bytes per UTF-16 unit. Very long argv takes the
      // general path rather than keeping that much room.
      const need = units * 3;
      if (need > MAX_ROOM_BYTES) return 0;
      let room = this.#room;
      if (room === undefined || room.handle !== handle || room.bytes < need) {
        const bytes = Math.max(need, 256);
        const at = handle.argvRoom(bytes);
        if (at === 0) return 0;
        room = this.#room = { handle, at, bytes, view: core.bytesAt(at, bytes) };
      } else if (room.view.length === 0) {
        // Memory grew since: the old view is detached.
        room.view = core.bytesAt(room.at, room.bytes);
      }
      const written = writeArgv(argv, room.view);
      if (written < 0) return 0;
      return handle.parseArgvFast(written, argv.length, allowPositionals);
    }

    /**
     * An action's answer: its literal keys first, as the general path
     * writes them. The answer is read through a view taken after the
     * action's plan is fetched: making the plan (on an action's first
     * parse) can grow wasm memory, which empties every view taken before,
     * and a large action's first parse then lost every flag it was given.
     */
    #decodeAction(handle, action, start, argv) {
      let made = this.#actionDecoders[action];
      if (made === undefined) {
        const { plan, flags, literals } = JSON.parse(core.guard(() => handle.actionPlan(action)));
        made = { decode: makeDecoder(plan, flags, layout()), literals };
        this.#actionDecoders[action] = made;
      }
      return made.decode(core.memoryView(), start + 2, argv, made.literals);
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
      return JSON.parse(core.guard(() => handle.repair(text, client)));
    }

    check(client) {
      const handle = this.#live();
      if (typeof client !== "string") throw fail("INVALID_OPTION", `check(client) takes a client name, got ${typeof client}`);
      return JSON.parse(core.guard(() => handle.check(client)));
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

/** The fast parse's argv room stays under this: the core's MAX_ARGV_ROOM_BYTES (src/limits.rs), which refuses more. */
const MAX_ROOM_BYTES = 3 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * Writes argv into `view` as UTF-8, each argument after the first preceded
 * by NUL; returns the bytes written, or -1 when it did not fit whole.
 * ASCII is copied a unit at a time (cheaper than joining the strings for
 * `encodeInto`, which is left for the rest).
 */
function writeArgv(argv, view) {
  let at = 0;
  for (let k = 0; k < argv.length; k++) {
    if (k > 0) view[at++] = 0;
    const text = argv[k];
    let i = 0;
    for (; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit > 0x7f) break;
      view[at++] = unit;
    }
    if (i < text.length) {
      const rest = i === 0 ? text : text.slice(i);
      // A lone surrogate is U+FFFD to wasm, as on the general path, but a
      // text value is a slice of the string itself: the general path answers,
      // so that the same argv gives the same data on either.
      if (typeof rest.isWellFormed === "function" && !rest.isWellFormed()) return -1;
      const { read, written } = encoder.encodeInto(rest, view.subarray(at));
      // A cut argv could still split into as many parts: never parse one.
      if (read !== rest.length) return -1;
      at += written;
    }
  }
  return at;
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
