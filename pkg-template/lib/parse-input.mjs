// What parseArgv is given, checked and made ready to cross: argv (an array
// of strings), the environment (only the names a flag table reads), the
// parse options; and the outcome JSON turned back into safeParseArgv's
// answer. Shared by Tool and the command set.

import { fail, fromWire } from "./errors.mjs";
import { optionsText, sizedText } from "./json-text.mjs";
import { configOption } from "./config-file.mjs";
import { hasOwn } from "./objects.mjs";

export function checkArgv(argv, what = "argv") {
  if (!Array.isArray(argv)) throw fail("INVALID_ARGS", `${what} must be an array of strings`, { issues: [] });
  for (let i = 0; i < argv.length; i++) {
    if (typeof argv[i] !== "string") {
      throw fail("INVALID_ARGS", `${what}[${i}] must be a string, got ${argv[i] === null ? "null" : typeof argv[i]}`, { issues: [] });
    }
  }
}

/**
 * Words (a completion's, or argv for deprecatedIn) as JSON text: checked as argv is, a lone
 * surrogate (which JSON text cannot carry to Rust) as U+FFFD, as a string
 * crossing to wasm-bindgen becomes.
 */
export function wordsText(words, what = "words") {
  checkArgv(words, what);
  return JSON.stringify(words.map(wellFormed));
}

/**
 * The environment variables the flag table reads that `env` holds, as a
 * plain object (only those cross); undefined when there are none to send.
 */
export function envFor(names, env) {
  if (env === undefined || env === null || names.length === 0) return undefined;
  if (typeof env !== "object") throw fail("INVALID_OPTION", "parseArgv option \"env\" must be an object of strings");
  let picked;
  for (const name of names) {
    if (!hasOwn(env, name)) continue;
    const value = env[name];
    if (typeof value !== "string") continue;
    if (picked === undefined) picked = {};
    picked[name] = value;
  }
  return picked;
}

/** The `name` in an options text (compile's, compileCommands'), or undefined. */
export function nameIn(optionsText) {
  if (typeof optionsText !== "string") return undefined;
  const name = JSON.parse(optionsText)?.name;
  return typeof name === "string" ? name : undefined;
}

/** The JSON outcome of a parse, as safeParseArgv answers (with `command` for a command set). */
export function parseOutcome(text) {
  const out = JSON.parse(text);
  if (!out.ok) return { success: false, error: fromWire(out.error) };
  return out.command === undefined
    ? { success: true, data: out.data, rest: out.rest }
    : { success: true, command: out.command, data: out.data, rest: out.rest };
}

const NO_OPTIONS = { env: undefined, allowPositionals: false, partial: false, stdin: undefined, config: undefined };

/**
 * Parse options: `env`, `stdin` (what `--json -` reads) and `config` (a
 * config file, config-file.mjs) are read here
 * (only the env names the table uses cross); any other key is checked by
 * the core, so a misspelt one or a bad value is refused there, before
 * `allowPositionals` is read.
 */
export function parseOptions(core, opts) {
  if (opts === undefined || opts === null) return NO_OPTIONS;
  if (typeof opts !== "object" || Array.isArray(opts)) {
    core.guard(() => core.wasm.checkParseOptions(optionsText(opts, "parseArgv") ?? "null"));
  }
  for (const key in opts) {
    if (key !== "env" && key !== "stdin" && key !== "config" && hasOwn(opts, key)) {
      // The keys read here stay here; the rest are the core's to check (a copy only then: a parse is hot).
      const { stdin: _stdin, config: _config, ...rest } = opts;
      const text = optionsText(rest, "parseArgv");
      core.guard(() => core.wasm.checkParseOptions(text));
      break;
    }
  }
  const { stdin, config } = opts;
  if (stdin !== undefined && typeof stdin !== "string" && typeof stdin !== "function") {
    throw fail("INVALID_OPTION", `parseArgv option "stdin" must be text or a function that returns it, got ${stdin === null ? "null" : typeof stdin}`);
  }
  // `config: false` turns a compiled tool's config file off for this parse.
  const file = config === false ? false : configOption(config, "parseArgv");
  return { env: opts.env, allowPositionals: opts.allowPositionals === true, partial: opts.partial === true, stdin, config: file };
}

/**
 * A parse on a handle (a tool's or a command set's): the one request,
 * `{ argv, env, allowPositionals, partial }` as JSON text, answered as
 * outcome JSON. A lone surrogate crosses as U+FFFD, as any string does.
 */
export function parseRequest(handle, argv, env, allowPositionals, partial, core) {
  const request = { argv: argv.map(wellFormed), env, allowPositionals, partial };
  let text;
  try {
    text = sizedText(JSON.stringify(request), "argv and the environment it reads");
  } catch (error) {
    return { success: false, error };
  }
  // An outsized argv gives its memory back, as any outsized call does.
  if (core === undefined) return parseOutcome(handle.parseArgv(text));
  return core.measured(text.length, false, () => parseOutcome(handle.parseArgv(text)));
}

function wellFormed(word) {
  return typeof word.toWellFormed === "function" ? word.toWellFormed() : word;
}
