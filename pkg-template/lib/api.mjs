// The JS layer over the wasm core, shared by the Node and browser entries.
// It turns schemas into JSON text, argv into one NUL-joined string, results
// back into plain objects (JSON.parse: normal prototypes, `__proto__` an own
// property), and wire errors into ToolshapeError. No parsing logic lives here.

const SCHEMA_KEYS = [
  "type", "properties", "$schema", "$ref", "$defs", "definitions", "anyOf", "oneOf", "allOf",
  "enum", "const", "items", "additionalProperties", "not", "nullable", "description", "title",
];

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

function isPlainObject(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Error thrown for every failure; `code` is stable, see the README for the list. */
export class ToolshapeError extends Error {
  constructor(data) {
    super(data && typeof data.message === "string" ? data.message : "toolshape error");
    this.name = "ToolshapeError";
    this.code = (data && data.code) || "INTERNAL";
    for (const key of ["path", "pointer", "flag", "issues"]) {
      if (data && hasOwn(data, key) && data[key] !== undefined) this[key] = data[key];
    }
    if (this.code === "INVALID_ARGS" && !this.issues) this.issues = [];
  }
}

function fail(code, message, extra) {
  return new ToolshapeError({ code, message, ...extra });
}

/** Runs a wasm call, turning its wire errors into ToolshapeError. */
function call(fn) {
  try {
    return fn();
  } catch (error) {
    if (error && error.name === "ToolshapeWireError") {
      let data;
      try {
        data = JSON.parse(error.message);
      } catch {
        data = { code: "INTERNAL", message: error.message };
      }
      throw new ToolshapeError(data);
    }
    throw error;
  }
}

function stringify(value, what, code) {
  try {
    const text = JSON.stringify(value);
    if (typeof text !== "string") throw fail(code, `${what} cannot be written as JSON`);
    return text;
  } catch (error) {
    if (error instanceof ToolshapeError) throw error;
    if (error instanceof RangeError) throw fail("TOO_DEEP", `${what} nests too deeply to read`);
    throw fail(code, `${what} cannot be written as JSON: ${error && error.message}`);
  }
}

/**
 * JSON Schema text from any accepted schema form: JSON text, a JSON Schema
 * object (read as given even if it carries `~standard`), or a Standard JSON
 * Schema value such as a Zod >= 4.2 schema.
 */
export function schemaText(schema) {
  if (typeof schema === "string") return schema;
  if (isPlainObject(schema)) return stringify(schema, "the schema", "INVALID_SCHEMA");
  const standard = schema && (typeof schema === "object" || typeof schema === "function") ? schema["~standard"] : undefined;
  const input = standard && standard.jsonSchema && standard.jsonSchema.input;
  if (typeof input === "function") {
    let converted;
    try {
      converted = input.call(standard.jsonSchema, { target: "draft-2020-12" });
    } catch (error) {
      throw fail("INVALID_SCHEMA", `the schema's ~standard.jsonSchema.input failed: ${error && error.message}`);
    }
    return stringify(converted, "the converted schema", "INVALID_SCHEMA");
  }
  if (standard) {
    throw fail(
      "INVALID_SCHEMA",
      `this ${standard.vendor || "schema"} value has no ~standard.jsonSchema (Zod >= 4.2 has one); pass z.toJSONSchema(schema, { io: "input" }) instead`,
    );
  }
  if (schema && typeof schema === "object" && SCHEMA_KEYS.some((k) => hasOwn(schema, k))) {
    return stringify(schema, "the schema", "INVALID_SCHEMA");
  }
  throw fail("INVALID_SCHEMA", "the schema must be a JSON Schema object, its JSON text, or a Standard JSON Schema value (such as a Zod schema)");
}

function checkArgv(argv) {
  if (!Array.isArray(argv)) throw fail("INVALID_ARGS", "argv must be an array of strings", { issues: [] });
  for (let i = 0; i < argv.length; i++) {
    if (typeof argv[i] !== "string") {
      throw fail("INVALID_ARGS", `argv[${i}] must be a string, got ${argv[i] === null ? "null" : typeof argv[i]}`, { issues: [] });
    }
  }
}

/**
 * Builds nested arguments from the numbers `parseArgvFast` returns, using
 * the group plan made once per Tool. Values that are text are slices of the
 * argv strings JS already holds, so nothing is decoded or JSON-parsed.
 */
function makeBuilder(planText, flags) {
  const plan = JSON.parse(planText).map((members) => {
    const keys = members.map((m) => m[0]);
    return {
      keys,
      isGroup: members.map((m) => m[1] === 1),
      index: members.map((m) => m[2]),
      // `out.__proto__ = v` would set the prototype; define it instead.
      define: keys.map((k) => k === "__proto__"),
    };
  });
  const repeatable = flags.map((f) => f.repeatable === true);
  const defaults = flags.map((f) => f.default);
  const cloneDefault = defaults.map((d) => d !== null && typeof d === "object");
  const slots = new Array(flags.length);
  const present = new Uint8Array(plan.length);

  function build(g) {
    const out = {};
    const { keys, isGroup, index, define } = plan[g];
    for (let m = 0; m < keys.length; m++) {
      const i = index[m];
      let value;
      if (isGroup[m]) {
        if (present[i] === 0) continue;
        value = build(i);
      } else {
        value = slots[i];
        if (value === undefined) continue;
      }
      if (define[m]) Object.defineProperty(out, keys[m], { value, writable: true, enumerable: true, configurable: true });
      else out[keys[m]] = value;
    }
    return out;
  }

  return function fromNumbers(buf, start, argv) {
    slots.fill(undefined);
    present.fill(0);
    let p = start + 1;
    const groups = buf[p++];
    for (let k = 0; k < groups; k++) present[buf[p++]] = 1;
    const count = buf[p++];
    for (let k = 0; k < count; k++) {
      const flag = buf[p];
      const kind = buf[p + 1];
      const a = buf[p + 2];
      const b = buf[p + 3];
      p += 4;
      let value;
      switch (kind) {
        case 0:
          value = b === 0 ? argv[a] : argv[a].slice(b);
          break;
        case 1:
          value = a;
          break;
        case 2:
          value = true;
          break;
        case 3:
          value = false;
          break;
        case 4:
          value = null;
          break;
        default:
          value = cloneDefault[flag] ? JSON.parse(JSON.stringify(defaults[flag])) : defaults[flag];
      }
      if (repeatable[flag]) {
        if (slots[flag] === undefined) slots[flag] = [value];
        else slots[flag].push(value);
      } else {
        slots[flag] = value;
      }
    }
    const data = build(0);
    const restCount = buf[p++];
    const rest = new Array(restCount);
    for (let k = 0; k < restCount; k++) rest[k] = argv[buf[p++]];
    return { success: true, data, rest };
  }
}

/**
 * Could repair change anything? Only a string where the schema takes
 * something else can be repaired, so arguments without one (the common
 * case) are answered here without crossing into wasm. `hints` mirrors the
 * schema (see src/repair/hints.rs); `null` means "ask wasm".
 */
function mayNeedRepair(hints, value, depth) {
  if (typeof value === "string") return !(hints && hints.s === 1);
  if (value === null || typeof value !== "object") return false;
  if (depth > 64) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child = hints === null ? null : (hints.t && i < hints.t.length ? hints.t[i] : hints.i);
      if (mayNeedRepair(child === undefined ? null : child, value[i], depth + 1)) return true;
    }
    return false;
  }
  for (const key of Object.keys(value)) {
    let child = null;
    if (hints !== null && hints.p !== undefined) child = hasOwn(hints.p, key) ? hints.p[key] : hints.a === undefined ? null : hints.a;
    if (mayNeedRepair(child, value[key], depth + 1)) return true;
  }
  return false;
}

function hasAny(names, env) {
  for (const name of names) if (hasOwn(env, name)) return true;
  return false;
}

function envText(names, env) {
  if (env === undefined || env === null || names.length === 0) return "";
  if (typeof env !== "object") throw fail("INVALID_OPTION", "opts.env must be an object of strings");
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

function optionsObject(options, what) {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== "object" || Array.isArray(options)) throw fail("INVALID_OPTION", `${what} must be an object`);
  return options;
}

/** Builds the public API over one set of wasm-bindgen exports. */
export function makeApi(wasm, ready = () => true) {
  const dispose = Symbol.dispose || Symbol.for("nodejs.dispose");

  // A view of wasm memory, made again only when memory has grown (which
  // replaces the buffer).
  let view = new Float64Array(0);
  let memory;
  function memoryView() {
    if (memory === undefined) memory = wasm.wasmMemory();
    const buffer = memory.buffer;
    if (view.buffer !== buffer) view = new Float64Array(buffer);
    return view;
  }

  function requireReady() {
    if (!ready()) throw fail("NOT_INITIALIZED", "call and await init() before using toolshape in the browser");
  }

  class Tool {
    #wasm;
    #flags;
    #envNames;
    #fromNumbers;
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
        this.#fromNumbers = this.#actions ? undefined : makeBuilder(this.#live().plan(), flags);
      }
      return this.#flags;
    }

    #live() {
      if (!this.#wasm) throw fail("FREED", "this Tool was freed; compile the schema again");
      return this.#wasm;
    }

    inputSchema(opts) {
      const o = optionsObject(opts, "inputSchema options") || {};
      const client = o.client === undefined ? "mcp" : o.client;
      if (typeof client !== "string") throw fail("INVALID_OPTION", "inputSchema option client must be a string");
      if (o.flattenActions !== undefined && typeof o.flattenActions !== "boolean") {
        throw fail("INVALID_OPTION", "inputSchema option flattenActions must be a boolean");
      }
      return JSON.parse(call(() => this.#live().inputSchema(client, o.flattenActions === true)));
    }

    help(opts) {
      const handle = this.#live();
      return JSON.parse(call(() => handle.help(optionsObject(opts, "help options"))));
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
      const o = optionsObject(opts, "parseArgv options") || {};
      const useEnv = o.env !== undefined && o.env !== null && this.#envNames.length > 0 && hasAny(this.#envNames, o.env);
      // The fast path: numbers out of wasm, objects built here from argv;
      // errors and JSON-only values come back as JSON from the same call.
      // It declines (0) for argv holding NUL; action unions skip it.
      if (!useEnv && !this.#actions) {
        const written = handle.parseArgvFast(argv.join("\0"), argv.length);
        if (written > 0) {
          const buf = memoryView();
          const start = handle.outPtr() / 8;
          if (buf[start] === 1) return this.#fromNumbers(buf, start, argv);
          return parseOutcome(handle.takeAnswer());
        }
      }
      const env = useEnv ? envText(this.#envNames, o.env) : "";
      const joined = !argv.some((token) => token.includes("\0"));
      return parseOutcome(
        joined ? handle.parseArgv(argv.join("\0"), argv.length, env) : handle.parseArgvJson(JSON.stringify(argv), env),
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
      const o = optionsObject(opts, "reconstruct options") || {};
      const out = JSON.parse(handle.reconstruct(stringify(flat, "the flat values", "INVALID_ARGS"), envText(this.#envNames, o.env)));
      if (!out.ok) throw new ToolshapeError(out.error);
      return out.data;
    }

    repair(args) {
      const handle = this.#live();
      if (this.#hints === undefined) this.#hints = JSON.parse(handle.stringHints());
      if (!mayNeedRepair(this.#hints, args, 0) && typeof args !== "string") return { value: args, repairs: [] };
      return JSON.parse(call(() => handle.repair(stringify(args, "the arguments", "INVALID_ARGS"))));
    }

    toArgv(args) {
      const handle = this.#live();
      return JSON.parse(call(() => handle.toArgv(stringify(args, "the arguments", "INVALID_ARGS"))));
    }

    usage(opts) {
      const handle = this.#live();
      const o = optionsObject(opts, "usage options") || {};
      const format = o.format === undefined ? "text" : o.format;
      const width = o.width === undefined ? 80 : o.width;
      if (typeof format !== "string") throw fail("INVALID_OPTION", "usage option format must be \"text\" or \"markdown\"");
      if (!Number.isInteger(width) || width < 1) throw fail("INVALID_OPTION", "usage option width must be a positive integer");
      if (o.topic !== undefined && typeof o.topic !== "string") throw fail("INVALID_OPTION", "usage option topic must be a string");
      return call(() => handle.usage(format, Math.min(width, 10000), o.topic));
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
  }

  function compile(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsObject(options, "compile options");
    const handle = call(() => new wasm.WasmTool(text, opts));
    return new Tool(handle);
  }

  /** repair(schema or tool, args): compiles (and frees) when given a schema. */
  function repair(schemaOrTool, args) {
    if (schemaOrTool instanceof Tool) return schemaOrTool.repair(args);
    const tool = compile(schemaOrTool);
    try {
      return tool.repair(args);
    } finally {
      tool.free();
    }
  }

  /**
   * Wraps an MCP tool handler: arguments are repaired, then validated by the
   * schema's Standard Schema validator (Zod's), and the handler gets the
   * validated value. Failures become MCP's `{ isError: true, content }`.
   */
  function withRepair(schema, handler, options) {
    const standard = schema && schema["~standard"];
    if (!standard || typeof standard.validate !== "function") {
      throw fail("INVALID_SCHEMA", "withRepair needs a Standard Schema (such as a Zod schema) to validate with");
    }
    if (typeof handler !== "function") throw fail("INVALID_OPTION", "withRepair needs a handler function");
    const onRepair = options && options.onRepair;
    const tool = compile(schema);
    return async function repairedHandler(args, extra) {
      let repaired;
      try {
        repaired = tool.repair(args === undefined ? {} : args);
      } catch (error) {
        return errorResult(`Invalid arguments: ${error.message}`);
      }
      if (repaired.repairs.length > 0 && typeof onRepair === "function") onRepair(repaired.repairs, extra);
      const result = await standard.validate(repaired.value);
      if (result.issues) {
        const lines = result.issues.map((issue) => `- ${formatPath(issue.path)}${issue.message}`);
        return errorResult(`Invalid arguments:\n${lines.join("\n")}`);
      }
      return handler(result.value, extra);
    };
  }

  /** help(schema, { topic, discriminator, strict }): entries for an action union. */
  function help(schema, options) {
    requireReady();
    const text = schemaText(schema);
    const opts = optionsObject(options, "help options");
    return JSON.parse(call(() => wasm.help(text, opts)));
  }

  function formatHelp(entries, format) {
    requireReady();
    if (!Array.isArray(entries)) throw fail("INVALID_ENTRIES", "help entries must be an array");
    return call(() => wasm.formatHelp(stringify(entries, "the help entries", "INVALID_ENTRIES"), format));
  }

  const formatHelpMarkdown = (entries) => formatHelp(entries, "markdown");
  const formatHelpJson = (entries) => formatHelp(entries, "json");

  return { compile, Tool, ToolshapeError, repair, withRepair, help, formatHelpMarkdown, formatHelpJson };
}

/** The JSON outcome of a parse, as safeParseArgv answers. */
function parseOutcome(text) {
  const out = JSON.parse(text);
  return out.ok ? { success: true, data: out.data, rest: out.rest } : { success: false, error: new ToolshapeError(out.error) };
}

function errorResult(text) {
  return { isError: true, content: [{ type: "text", text }] };
}

function formatPath(path) {
  if (!path || path.length === 0) return "";
  const keys = path.map((p) => (p !== null && typeof p === "object" ? p.key : p));
  return `${keys.map(String).join(".")}: `;
}
