// What defineTool and defineGroup share: the keys a definition may have,
// how its middleware, tags, meta, icons and call options are read, the
// words a routing error uses, and the call path after routing (repair with
// the client's inverse, validation, middleware, handler, result).

import { fail } from "./errors.mjs";
import { clip, droppedNote, issueLines, listed, outputResult, validateOrFail } from "./call-path.mjs";
import { jsonText } from "./json-text.mjs";
import { errorResult, lead, thrownText, toResult } from "./results.mjs";
import { cloneJson, freezeDeep, hasOwn, isObject } from "./objects.mjs";
import { knownOptions, meant } from "./option-keys.mjs";

export const TOOL_KEYS = ["name", "title", "description", "input", "jsonSchema", "output", "outputJsonSchema", "annotations", "icons", "_meta", "tags", "use", "unknownKeys", "cli", "handler"];
export const GROUP_KEYS = ["name", "title", "description", "discriminator", "common", "commonJsonSchema", "use", "help", "descriptionFormat", "annotations", "icons", "_meta", "tags", "onDropped", "cli", "actions", "groups"];
export const MODULE_KEYS = ["description", "use", "actions"];
export const ACTION_KEYS = ["description", "input", "jsonSchema", "handler", "use", "readOnly", "destructive", "idempotent", "openWorld", "deprecated"];
export const DEFINITION_OPTIONS = ["client", "actionsAs"];
/** `elicit`: how the call may ask its client for missing input (ask.mjs); a registry's attach gives it. */
export const CALL_OPTIONS = ["client", "elicit"];
/** Actions listed in a routing error, then how many more. */
export const MAX_LISTED = 40;

/**
 * What came instead of the arguments object. Text is what repair left as
 * it was: a client sent the object as JSON text that does not parse (cut
 * short, single quotes), and JSON.parse's message says where.
 */
export function gotInstead(value) {
  if (typeof value === "string") {
    try {
      JSON.parse(value);
    } catch (error) {
      return `text that is not JSON (${clip(String(error && error.message), 200)})`;
    }
    return "a string";
  }
  return Array.isArray(value) ? "an array" : value === null ? "null" : typeof value;
}

/** `; got ...` for text that is not JSON, where a routing message does not say what came. */
export function textNote(value) {
  return typeof value === "string" ? `; got ${gotInstead(value)}` : "";
}

export function refuse(message) {
  return fail("INVALID_DEFINITION", message);
}

/**
 * Other libraries' names for a definition's keys, as `[ours, whose]`: the
 * MCP SDK's (`registerTool`'s config, `server.tool`'s arguments), and those
 * of the tool definitions code is often ported from (the Vercel AI SDK's
 * `tool()`, OpenAI's and Anthropic's tool lists).
 */
export const OTHER_NAMES = {
  inputSchema: ["input", "the MCP SDK's"],
  paramsSchema: ["input", "the MCP SDK's"],
  outputSchema: ["output", "the MCP SDK's"],
  callback: ["handler", "the MCP SDK's"],
  cb: ["handler", "the MCP SDK's"],
  parameters: ["input", "the AI SDK's"],
  execute: ["handler", "the AI SDK's"],
  input_schema: ["input", "Anthropic's"],
};

/** A definition's keys are all `allowed`; else the unknown one, with another library's name for ours or the closest key. */
export function checkKeys(object, allowed, where, closest) {
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    const [ours, whose] = hasOwn(OTHER_NAMES, key) ? OTHER_NAMES[key] : [];
    const hint = ours !== undefined && allowed.includes(ours) ? `; ${whose} ${key} is "${ours}" here` : meant(key, allowed, closest);
    throw refuse(`${where}: unknown key ${JSON.stringify(clip(key, 64))}${hint} (keys: ${allowed.join(", ")})`);
  }
}

export function middlewareOf(use, where) {
  if (use === undefined) return [];
  if (!Array.isArray(use)) throw refuse(`${where}: \`use\` must be an array of middleware functions (ctx, next) => result`);
  use.forEach((fn, i) => {
    if (typeof fn !== "function") throw refuse(`${where}: \`use[${i}]\` is not a function`);
  });
  return [...use];
}

export function tagsOf(tags, where) {
  if (tags === undefined) return Object.freeze([]);
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string")) throw refuse(`${where}: \`tags\` must be an array of strings`);
  return Object.freeze([...tags]);
}

/**
 * A definition's `_meta`, listed on its tools as given (the MCP SDK's
 * `registerTool` takes it too; MCP Apps read a tool's interface from its
 * `ui.resourceUri`): a JSON object, kept as a copy.
 */
export function metaOf(meta, where) {
  if (meta === undefined) return undefined;
  if (!isObject(meta)) throw refuse(`${where}: \`_meta\` must be an object`);
  return freezeDeep(JSON.parse(jsonText(meta, `${where} _meta`, "INVALID_DEFINITION")));
}

/**
 * A definition's `icons` (MCP's Tool.icons, which the SDK 2.x `registerTool`
 * takes): `[{ src, mimeType?, sizes?, theme? }]`, listed as given, a copy.
 */
export function iconsOf(icons, where) {
  if (icons === undefined) return undefined;
  if (!Array.isArray(icons)) throw refuse(`${where}: \`icons\` must be an array of { src, mimeType, sizes, theme }`);
  // Checked on the JSON copy: a getter on the given value runs once, inside jsonText.
  const copy = JSON.parse(jsonText(icons, `${where} icons`, "INVALID_DEFINITION"));
  copy.forEach((icon, i) => {
    if (!isObject(icon) || typeof icon.src !== "string") throw refuse(`${where}: \`icons[${i}]\` must be an object with a string \`src\` (a URL or a data: URI)`);
  });
  return freezeDeep(copy);
}

/** The fields a definition lists on its tools as given: `icons` and `_meta`, each a copy. */
export function listedExtras(def, where) {
  const icons = iconsOf(def.icons, where);
  const meta = metaOf(def._meta, where);
  return (out) => {
    if (icons !== undefined) out.icons = cloneJson(icons);
    if (meta !== undefined) out._meta = cloneJson(meta);
    return out;
  };
}

export function optionsOf(options, allowed, what, closest) {
  if (options === undefined || options === null) return {};
  knownOptions(options, allowed, what, closest);
  if (options.client !== undefined && typeof options.client !== "string") throw fail("INVALID_OPTION", `${what} option "client" must be a client name`);
  if (options.elicit !== undefined && typeof options.elicit !== "function") throw fail("INVALID_OPTION", `${what} option "elicit" must be a function (params) => ElicitResult`);
  return options;
}

/** The command-line options of `compile` a registry (for all its tools) or a definition (its own `cli`) takes. */
export const CLI_OPTIONS = ["envPrefix", "separator", "case", "maxDepth", "flags"];

/** A definition's or a registry's command-line options, checked by name (their values are the core's to check). */
export function cliOptionsOf(options, where, closest) {
  if (options === undefined) return {};
  if (!isObject(options)) throw refuse(`${where}: \`cli\` must be an object of command-line options (${CLI_OPTIONS.join(", ")})`);
  knownOptions(options, CLI_OPTIONS, "cli", closest);
  return options;
}

/**
 * One definition's command lines, one per set of shared options (a
 * registry's), each made once: `makeRunner(optionsOf)` makes the runner,
 * whose tool is compiled under `optionsOf()` when first used. The
 * definition's own options win key by key over the shared ones; shared
 * `flags` overrides reach only the tools that have those flags (read from
 * `freshTool(options)`, a command-line tool compiled under the other
 * options and freed at once).
 */
export function cliVariants(own, makeRunner, freshTool) {
  const namesOf = (options) => {
    const tool = freshTool(options);
    try {
      return tool.flags().map((f) => f.name);
    } finally {
      tool.free();
    }
  };
  const made = new Map();
  const merged = (shared) => {
    const { flags: sharedFlags, ...sharedRest } = shared;
    const { flags: ownFlags, ...ownRest } = own;
    const options = { ...sharedRest, ...ownRest };
    let flags = ownFlags;
    if (isObject(sharedFlags)) {
      const names = new Set(namesOf(options));
      const reach = Object.fromEntries(Object.entries(sharedFlags).filter(([name]) => names.has(name)));
      flags = { ...reach, ...(ownFlags || {}) };
    }
    if (flags !== undefined) options.flags = flags;
    return options;
  };
  return (shared = {}) => {
    const key = JSON.stringify(shared);
    let runner = made.get(key);
    if (runner === undefined) {
      runner = makeRunner(() => merged(shared));
      made.set(key, runner);
    }
    return runner;
  };
}

/** A value made once on first use. */
export function lazy(make) {
  let made;
  let done = false;
  return () => {
    if (!done) {
      made = make();
      done = true;
    }
    return made;
  };
}

/** Repair with the client's inverse; a failure is the caller's error text. */
export function repaired(tool, args, client, onRepair, extra) {
  const out = tool.repair(args === undefined ? {} : args, client === undefined ? undefined : { client });
  if (onRepair !== undefined && out.repairs.length > 0) onRepair(out.repairs, extra);
  return out.value;
}

/**
 * `output`: a tool's declared output (`readOutput`), whose schema the result
 * must meet. `onDropped(dropped, { tool, action, extra })` hears the keys of
 * other actions left out as echoes, which the result's last text also says.
 */
export async function run(plan, runner, args, skip, extra, prefix, ctxBase, output, onDropped, ask) {
  let checked = await validateOrFail(args, plan, skip, prefix);
  if (checked.issues && ask !== undefined) {
    // Missing input asked of the client (ask.mjs), then validated with the answers in.
    const asked = await ask(checked.issues, args);
    if (asked.result !== undefined) return asked.result;
    if (asked.args !== undefined) checked = await validateOrFail(asked.args, plan, skip, prefix);
  }
  if (checked.failed) return checked.failed;
  if (checked.issues) return errorResult(`${lead(prefix)}Invalid arguments (fix them and call again):\n${issueLines(checked.issues)}`);
  const dropped = checked.dropped || [];
  if (dropped.length > 0 && onDropped !== undefined) onDropped(dropped, { ...ctxBase, extra });
  let result;
  try {
    result = await runner({ ...ctxBase, args: checked.value, extra });
  } catch (error) {
    return errorResult(`${lead(prefix)}${thrownText(error)}`);
  }
  let answer;
  try {
    answer = output === undefined ? toResult(result, prefix) : await outputResult(result, output.standard, prefix);
  } catch (error) {
    // A result object whose getter throws (`content`, `isError`) as it is read.
    return errorResult(`${lead(prefix)}the handler's result cannot be read: ${thrownText(error)}`);
  }
  if (dropped.length > 0 && Array.isArray(answer.content)) answer.content = [...answer.content, { type: "text", text: droppedNote(dropped) }];
  return answer;
}
