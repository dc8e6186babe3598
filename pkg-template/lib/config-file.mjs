// Config files: `config: { flag, files, read }` on compile, compileCommands
// and runCli. `--config <file>` (or the first of `files` that exists)
// supplies values under argv and the environment and over the schema's
// defaults: argv > environment > file > default. The file holds the input
// as typed JSON (a command set's, one object per command word), checked
// against the flag table: a key no flag has is refused with a suggestion,
// a value of the wrong type is refused, never coerced from text, and each
// error names the file and the key path.

import { fail, ToolshapeError } from "./errors.mjs";
import { isObject, put, samePath, underPath } from "./objects.mjs";

const KEYS = ["flag", "files", "read"];

/** On a checked config option: the file already read (a command set reads it once, for the command's part). */
export const LOADED = Symbol("toolshape.configLoaded");

/** Node's fs where the runtime has one (Node, Bun, Deno), read lazily. */
function nodeReader(path) {
  const fs = globalThis.process?.getBuiltinModule?.("node:fs");
  if (fs === undefined) throw fail("INVALID_OPTION", "config files need a read option here: config: { read: (path) => text or undefined }");
  if (!fs.existsSync(path)) return undefined;
  return fs.readFileSync(path, "utf8");
}

/** `options` without `config`, which the core does not read (files are the JS side's), and `config`. */
export function splitConfig(options) {
  const config = options !== null && typeof options === "object" ? options.config : undefined;
  if (config === undefined) return { config, rest: options };
  const { config: _, ...rest } = options;
  return { config, rest };
}

/** The `config` option checked: `{ flag, files, read }` with defaults, or undefined. */
export function configOption(value, where, closest) {
  if (value === undefined || value === null || value === false) return undefined;
  if (!isObject(value)) throw fail("INVALID_OPTION", `${where} option "config" must be an object { flag, files, read }`);
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) {
      const near = closest === undefined ? undefined : closest(key, KEYS);
      throw fail("INVALID_OPTION", `unknown config option ${JSON.stringify(key)}${near ? `; did you mean ${JSON.stringify(near)}?` : ""} (options: ${KEYS.join(", ")})`);
    }
  }
  const flag = value.flag ?? "config";
  if (typeof flag !== "string" || !/^[a-z][a-z0-9-]*$/.test(flag)) throw fail("INVALID_OPTION", `config.flag must be a flag name in kebab-case, got ${JSON.stringify(flag)}`);
  const files = value.files ?? [];
  if (!Array.isArray(files) || files.some((f) => typeof f !== "string")) throw fail("INVALID_OPTION", "config.files must be an array of file names");
  if (value.read !== undefined && typeof value.read !== "function") throw fail("INVALID_OPTION", "config.read must be a function (path) => text, or undefined when there is no such file");
  return { flag, files, read: value.read ?? nodeReader, [LOADED]: value[LOADED] };
}

/** argv without `--<flag> <file>` (before `--`), and the file it names. */
export function takeConfigFlag(argv, flag) {
  const long = `--${flag}`;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") break;
    if (argv[i] === long) return { argv: [...argv.slice(0, i), ...argv.slice(i + 2)], file: argv[i + 1] ?? null };
    if (argv[i].startsWith(`${long}=`)) return { argv: [...argv.slice(0, i), ...argv.slice(i + 1)], file: argv[i].slice(long.length + 1) };
  }
  return { argv, file: undefined };
}

// Issue codes from the one list (IssueCode): a bad file or value is an invalid value, a key no flag has an unknown flag.
const invalid = (message, path = []) => fail("INVALID_ARGS", message, { issues: [{ code: "invalid_value", path, message }] });

/** The file named (or the first of `files` found) read as a JSON object: `{ name, value }`, or undefined when none. */
export function loadConfig(config, file) {
  if (file === null) throw invalid(`--${config.flag} takes a file name`);
  const names = file === undefined ? config.files : [file];
  for (const name of names) {
    let text;
    try {
      text = config.read(name);
    } catch (error) {
      throw error instanceof ToolshapeError ? error : invalid(`${name}: cannot be read (${error?.message ?? error})`);
    }
    if (text === undefined || text === null) {
      if (file !== undefined) throw invalid(`${name}: no such file (given by --${config.flag})`);
      continue;
    }
    let value;
    try {
      value = JSON.parse(String(text));
    } catch (error) {
      throw invalid(`${name}: not JSON (${error.message})`);
    }
    if (!isObject(value)) throw invalid(`${name}: must hold a JSON object of the input's values`);
    return { name, value };
  }
  return undefined;
}

const describe = (v) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v) : typeof v === "object" ? "an object" : String(v));

/** Does `value` fit a flag of this kind, as typed JSON (no text read as a number)? */
function fits(flag, value) {
  if (value === null) return flag.nullable === true;
  if (flag.repeatable && !flag.json) return Array.isArray(value) && value.every((v) => fits({ ...flag, repeatable: false }, v));
  switch (flag.type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean" || (flag.count === true && Number.isInteger(value));
    case "enum":
      return flag.choices.some((c) => c === value);
    default:
      return true; // a JSON flag's value is checked by the schema's validator
  }
}

const expected = (flag) => (flag.type === "enum" ? `one of ${flag.choices.map((c) => JSON.stringify(c)).join(", ")}` : flag.type === "integer" ? "an integer" : `a ${flag.type}`);

/**
 * The file's values checked against the flag table: every issue at once,
 * each naming the file and the key path. `flags` are the tool's flags().
 */
export function checkConfig(loaded, flags, closest) {
  const issues = [];
  const walk = (object, path) => {
    for (const key of Object.keys(object)) {
      const at = [...path, key];
      const flag = flags.find((f) => samePath(f.path, at));
      const where = `${loaded.name}: ${at.join(".")}`;
      if (flag !== undefined) {
        if (!fits(flag, object[key])) issues.push({ code: "invalid_value", path: at, message: `${where}: expected ${expected(flag)}${flag.repeatable && !flag.json ? " list" : ""}, got ${describe(object[key])}` });
      } else if (flags.some((f) => underPath(f.path, at))) {
        if (isObject(object[key])) walk(object[key], at);
        else issues.push({ code: "invalid_value", path: at, message: `${where}: expected an object, got ${describe(object[key])}` });
      } else {
        const siblings = [...new Set(flags.filter((f) => f.path.length > path.length && underPath(f.path, path)).map((f) => f.path[path.length]))];
        const near = closest(key, siblings);
        issues.push({ code: "unknown_flag", path: at, message: `${where}: no such key${near ? `; did you mean ${JSON.stringify(near)}?` : ""}` });
      }
    }
  };
  walk(loaded.value, []);
  return issues;
}

/** A command set's file: an object per command word, each checked when its command runs. */
export function checkCommandsConfig(loaded, words, closest) {
  if (loaded === undefined) return;
  for (const key of Object.keys(loaded.value)) {
    if (words.includes(key)) {
      if (!isObject(loaded.value[key])) throw invalid(`${loaded.name}: ${key}: expected an object of the command's values, got ${describe(loaded.value[key])}`, [key]);
      continue;
    }
    const near = closest(key, words);
    throw invalid(`${loaded.name}: ${key}: no such command${near ? `; did you mean ${JSON.stringify(near)}?` : ""} (the file holds an object per command: ${words.join(", ")})`, [key]);
  }
}

/** `low` over `high`: objects merged key by key, anything else from `low` when it has it. */
export function layered(high, low) {
  if (!isObject(high) || !isObject(low)) return low === undefined ? high : low;
  const out = {};
  for (const key of new Set([...Object.keys(high), ...Object.keys(low)])) {
    put(out, key, layered(high[key], low[key]));
  }
  return out;
}

/** Each leaf path of `value` (a flag's value), with `from`. */
export function leaves(value, from, flags, path = [], out = []) {
  const isFlag = flags.some((f) => samePath(f.path, path));
  if (path.length > 0 && (isFlag || !isObject(value))) {
    out.push({ path, from });
    return out;
  }
  if (isObject(value)) for (const key of Object.keys(value)) leaves(value[key], from, flags, [...path, key], out);
  return out;
}

/** Keywords whose value maps names to schemas (a property named `required` is no keyword). */
const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/** The JSON Schema a config file must meet: the input schema with nothing required. */
export function configSchema(inputSchema) {
  const strip = (node) => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isObject(node)) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "required") continue;
      if (MAPS.has(key) && isObject(value)) {
        const map = {};
        for (const [name, schema] of Object.entries(value)) put(map, name, strip(schema));
        put(out, key, map);
      } else put(out, key, strip(value));
    }
    return out;
  };
  return strip(inputSchema);
}

/** `--config-schema`, where a config file is taken: the file's JSON Schema, printed as --help's text is. */
export function asksConfigSchema(argv) {
  return argv.length === 1 && argv[0] === "--config-schema";
}

/** The answer to `--config-schema`: `schema` as JSON text in a HELP_REQUESTED. */
export function configSchemaAnswer(schema) {
  return { success: false, error: fail("HELP_REQUESTED", `${JSON.stringify(schema, null, 2)}\n`, { format: "json" }) };
}

/** A command set's file's JSON Schema: an object per command word, each the command's. */
export function commandsConfigSchema(entries) {
  const properties = {};
  for (const [word, tool] of entries) put(properties, word, tool.configSchema());
  return { type: "object", properties, additionalProperties: false };
}

/** `{ success: false, error }` for these issues. */
const failed = (issues) => ({ success: false, error: fail("INVALID_ARGS", issues.map((i) => i.message).join("\n"), { issues }) });

const has = (value, path) => {
  let at = value;
  for (const key of path) {
    if (!isObject(at) || !Object.hasOwn(at, key)) return false;
    at = at[key];
  }
  return true;
};

/** Each value's path in `data` and where it came from: argv (`typed`, argv alone), the environment (in `given`), else the file. */
function sourcesOf(data, typed, given, flags) {
  const fromArgv = typed.success ? typed.data : {};
  return leaves(data, "config", flags).map(({ path }) => ({ path, from: has(fromArgv, path) ? "argv" : has(given, path) ? "env" : "config" }));
}

/**
 * A parse with a config file: `parse(argv, options)` is the tool's own
 * parse (argv and env); the file's values go under what it gives. The
 * answer carries `sources`: each value's path and where it came from
 * (`argv`, `env` or `config`); a value absent from all three is the
 * schema's default, which the validator fills.
 */
export function parseWithConfig({ parse, flags: flagsOf, closest }, argv, options, config) {
  let table;
  const flags = () => (table ??= flagsOf());
  const { argv: rest, file } = takeConfigFlag(argv, config.flag);
  if (file !== undefined && flags().some((f) => f.name === config.flag)) {
    throw fail("FLAG_COLLISION", `--${config.flag} is both the config file's flag and a flag of the schema: name the config flag another (config: { flag: "settings" })`);
  }
  const plain = parse(rest, options);
  // --help and --version answer before any file is read; usage names the config flag.
  if (!plain.success && plain.error.code === "HELP_REQUESTED" && plain.error.format === undefined) {
    const found = config.files.length > 0 ? ` (else the first found of ${config.files.join(", ")})` : "";
    const line = `Config:\n  --${config.flag} <file>  values from a JSON file${found}; flags and env vars win over it\n`;
    return { success: false, error: fail("HELP_REQUESTED", `${plain.error.message.replace(/\n*$/, "\n\n")}${line}`) };
  }
  if (!plain.success && plain.error.code === "VERSION_REQUESTED") return plain;
  let loaded = config[LOADED];
  try {
    if (loaded === undefined) loaded = loadConfig(config, file);
  } catch (error) {
    return { success: false, error };
  }
  // What argv alone gives, for `sources`: the parse already made when no env was given.
  const argvAlone = (made) => (options.env === undefined ? made : parse(rest, { ...options, env: undefined, partial: true }));
  if (loaded === undefined || loaded === null) {
    if (!plain.success) return plain;
    return { ...plain, sources: sourcesOf(plain.data, argvAlone(plain), plain.data, flags()) };
  }
  const problems = checkConfig(loaded, flags(), closest);
  if (problems.length > 0) return failed(problems);
  if (!plain.success) {
    // Only a missing required value the file supplies is forgiven.
    if (plain.error.code !== "INVALID_ARGS") return plain;
    const left = plain.error.issues.filter((i) => !(i.code === "missing_required" && has(loaded.value, i.path)));
    if (left.length === plain.error.issues.length) return plain;
    if (left.length > 0) return failed(left);
  }
  const given = parse(rest, { ...options, partial: true });
  if (!given.success) return given;
  const data = layered(loaded.value, given.data);
  return { success: true, data, rest: given.rest, sources: sourcesOf(data, argvAlone(given), given.data, flags()) };
}
