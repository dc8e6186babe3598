// defineTool and defineGroup: one definition, every front (MCP tools/list
// and tools/call, a command line). The core computes everything that is a
// function of the schemas (merged fields, notes, descriptions, annotations,
// the flat projection); this file keeps what JS must hold: handlers,
// middleware, validators, and the compiled tools, made on first use.

import { ToolshapeError, fail } from "./errors.mjs";
import { clip, compose, issueLines, listed, makePlan, outputResult, validateOrFail } from "./call-path.mjs";
import { readInput } from "./define-input.mjs";
import { jsonText } from "./json-text.mjs";
import { errorResult, lead, thrownText, toResult } from "./results.mjs";
import { makeCliRunner } from "./run-cli.mjs";
import { cloneJson, freezeDeep, hasOwn, isObject, put } from "./objects.mjs";
import { knownOptions, meant } from "./option-keys.mjs";

const TOOL_KEYS = ["name", "title", "description", "input", "jsonSchema", "output", "outputJsonSchema", "annotations", "icons", "_meta", "tags", "use", "handler"];
const GROUP_KEYS = ["name", "title", "description", "discriminator", "common", "commonJsonSchema", "use", "help", "descriptionFormat", "annotations", "icons", "_meta", "tags", "actions", "groups"];
const MODULE_KEYS = ["description", "use", "actions"];
const ACTION_KEYS = ["description", "input", "jsonSchema", "handler", "use", "readOnly", "destructive", "idempotent", "openWorld", "deprecated"];
const DEFINITION_OPTIONS = ["client", "actionsAs"];
const CALL_OPTIONS = ["client"];
/** Actions listed in a routing error, then how many more. */
const MAX_LISTED = 40;

/**
 * What came instead of the arguments object. Text is what repair left as
 * it was: a client sent the object as JSON text that does not parse (cut
 * short, single quotes), and JSON.parse's message says where.
 */
function gotInstead(value) {
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
function textNote(value) {
  return typeof value === "string" ? `; got ${gotInstead(value)}` : "";
}

function refuse(message) {
  return fail("INVALID_DEFINITION", message);
}

/**
 * Other libraries' names for a definition's keys, as `[ours, whose]`: the
 * MCP SDK's (`registerTool`'s config, `server.tool`'s arguments), and those
 * of the tool definitions code is often ported from (the Vercel AI SDK's
 * `tool()`, OpenAI's and Anthropic's tool lists).
 */
const OTHER_NAMES = {
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
function checkKeys(object, allowed, where, closest) {
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    const [ours, whose] = hasOwn(OTHER_NAMES, key) ? OTHER_NAMES[key] : [];
    const hint = ours !== undefined && allowed.includes(ours) ? `; ${whose} ${key} is "${ours}" here` : meant(key, allowed, closest);
    throw refuse(`${where}: unknown key ${JSON.stringify(clip(key, 64))}${hint} (keys: ${allowed.join(", ")})`);
  }
}

function middlewareOf(use, where) {
  if (use === undefined) return [];
  if (!Array.isArray(use)) throw refuse(`${where}: \`use\` must be an array of middleware functions (ctx, next) => result`);
  use.forEach((fn, i) => {
    if (typeof fn !== "function") throw refuse(`${where}: \`use[${i}]\` is not a function`);
  });
  return [...use];
}

function tagsOf(tags, where) {
  if (tags === undefined) return Object.freeze([]);
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string")) throw refuse(`${where}: \`tags\` must be an array of strings`);
  return Object.freeze([...tags]);
}

/**
 * A definition's `_meta`, listed on its tools as given (the MCP SDK's
 * `registerTool` takes it too; MCP Apps read a tool's interface from its
 * `ui.resourceUri`): a JSON object, kept as a copy.
 */
function metaOf(meta, where) {
  if (meta === undefined) return undefined;
  if (!isObject(meta)) throw refuse(`${where}: \`_meta\` must be an object`);
  return freezeDeep(JSON.parse(jsonText(meta, `${where} _meta`, "INVALID_DEFINITION")));
}

/**
 * A definition's `icons` (MCP's Tool.icons, which the SDK 2.x `registerTool`
 * takes): `[{ src, mimeType?, sizes?, theme? }]`, listed as given, a copy.
 */
function iconsOf(icons, where) {
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
function listedExtras(def, where) {
  const icons = iconsOf(def.icons, where);
  const meta = metaOf(def._meta, where);
  return (out) => {
    if (icons !== undefined) out.icons = cloneJson(icons);
    if (meta !== undefined) out._meta = cloneJson(meta);
    return out;
  };
}

function optionsOf(options, allowed, what, closest) {
  if (options === undefined || options === null) return {};
  knownOptions(options, allowed, what, closest);
  if (options.client !== undefined && typeof options.client !== "string") throw fail("INVALID_OPTION", `${what} option "client" must be a client name`);
  return options;
}

/** A value made once on first use. */
function lazy(make) {
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

/** The define functions over the API (compile, help, formatHelpMarkdown, the core). */
export function makeDefine(api) {
  const { compile, core } = api;
  const suggest = api.closest;

  /** Repair with the client's inverse; a failure is the caller's error text. */
  function repaired(tool, args, client, onRepair, extra) {
    const out = tool.repair(args === undefined ? {} : args, client === undefined ? undefined : { client });
    if (onRepair !== undefined && out.repairs.length > 0) onRepair(out.repairs, extra);
    return out.value;
  }

  /** `output`: a tool's declared output (`readOutput`), whose schema the result must meet. */
  async function run(plan, runner, args, skip, extra, prefix, ctxBase, output) {
    const checked = await validateOrFail(args, plan, skip, prefix);
    if (checked.failed) return checked.failed;
    if (checked.issues) return errorResult(`${lead(prefix)}Invalid arguments (fix them and call again):\n${issueLines(checked.issues)}`);
    let result;
    try {
      result = await runner({ ...ctxBase, args: checked.value, extra });
    } catch (error) {
      return errorResult(`${lead(prefix)}${thrownText(error)}`);
    }
    try {
      return output === undefined ? toResult(result, prefix) : await outputResult(result, output.standard, prefix);
    } catch (error) {
      // A result object whose getter throws (`content`, `isError`) as it is read.
      return errorResult(`${lead(prefix)}the handler's result cannot be read: ${thrownText(error)}`);
    }
  }

  /**
   * A tool's `output`: its validator, and its schema as the mcp profile
   * writes it (compiled here, so that a root that is not an object, which
   * MCP's outputSchema cannot be, is refused by defineTool). Not rewritten
   * per client: a client checks results against it, and a profile's
   * rewrites are for what a model writes.
   */
  function readOutput(def, name, where) {
    if (def.output === undefined && def.outputJsonSchema === undefined) return undefined;
    const out = readInput(def.output, def.outputJsonSchema, `${where}, output`, { io: "output", keys: ["output", "outputJsonSchema"] });
    let tool;
    try {
      tool = compile(out.text, { name });
    } catch (error) {
      if (!(error instanceof ToolshapeError)) throw error;
      // The core words a root that is not an object for an input schema.
      const message = error.code === "INVALID_ROOT" ? error.message.replace("a tool's input schema", "an output schema (MCP's outputSchema)") : error.message;
      throw refuse(`${where}, output: ${message}`);
    }
    try {
      return { standard: out.standard, schema: freezeDeep(tool.inputSchema()) };
    } finally {
      tool.free();
    }
  }

  /**
   * `internal` is for withRepair, the one-tool case: `onRepair` hears each
   * repair, `prefix` replaces `[name]` in error texts.
   */
  function defineTool(def, internal = {}) {
    if (!isObject(def)) throw refuse("defineTool takes an object: { name, description, input, handler }");
    const name = def.name;
    if (typeof name !== "string" || name.length === 0) throw refuse("defineTool: `name` must be a non-empty string");
    const where = `tool "${name}"`;
    checkKeys(def, TOOL_KEYS, where, suggest);
    if (typeof def.handler !== "function") throw refuse(`${where}: \`handler\` must be a function (args, { tool, extra }) => result`);
    if (def.description !== undefined && typeof def.description !== "string") throw refuse(`${where}: \`description\` must be a string`);
    if (def.annotations !== undefined && !isObject(def.annotations)) throw refuse(`${where}: \`annotations\` must be an object`);
    const input = readInput(def.input === undefined ? { type: "object", properties: {} } : def.input, def.jsonSchema, where);
    const description = def.description === undefined ? name : def.description;
    const annotations = def.annotations === undefined ? undefined : freezeDeep(JSON.parse(jsonText(def.annotations, `${where} annotations`, "INVALID_DEFINITION")));
    const tags = tagsOf(def.tags, where);
    const withExtras = listedExtras(def, where);
    // Before the input's compile: a refused output then leaves nothing compiled behind.
    const output = readOutput(def, name, where);
    const tool = compile(input.text, { name });
    const root = JSON.parse(input.text);
    const props = isObject(root) && isObject(root.properties) ? Object.keys(root.properties) : null;
    const fields = props || [];
    // A root we cannot list the keys of (a union, a $ref) takes what its validator takes.
    const open = props === null || (isObject(root) && root.additionalProperties !== undefined && root.additionalProperties !== false);
    const plan = makePlan({ label: name, fields, open, parts: input.standard ? [{ standard: input.standard, keys: null }] : [], suggest });
    const runner = compose(middlewareOf(def.use, where), def.handler);
    const prefix = internal.prefix === undefined ? `[${name}]` : internal.prefix;
    const ctx = { tool: name, action: undefined };
    const title = def.title;
    const schemaFor = (client) => tool.inputSchema({ client });

    function definition(options) {
      const { client = "mcp" } = optionsOf(options, ["client"], "definition", suggest);
      const out = { name, description, inputSchema: schemaFor(client) };
      if (output !== undefined) out.outputSchema = cloneJson(output.schema);
      if (title !== undefined) out.title = title;
      if (annotations !== undefined) out.annotations = { ...annotations };
      return withExtras(out);
    }

    async function call(args, extra, options) {
      const { client } = optionsOf(options, CALL_OPTIONS, "call", suggest);
      let value;
      try {
        value = repaired(tool, args, client, internal.onRepair, extra);
      } catch (error) {
        return errorResult(`${lead(prefix)}${thrownText(error)}`);
      }
      if (!isObject(value)) return errorResult(`${lead(prefix)}the arguments must be an object, got ${gotInstead(value)}`);
      return run(plan, runner, value, undefined, extra, prefix, ctx, output);
    }

    // The command line shows the tool's description (in a command list and
    // atop its usage); the MCP schema keeps the root as it was given.
    const cliTool = lazy(() =>
      def.description !== undefined && isObject(root) && root.description === undefined ? compile({ ...root, description: def.description }, { name }) : tool,
    );
    const cli = makeCliRunner({
      closest: suggest,
      tool: cliTool,
      route: () => ({ run: (data, extra) => run(plan, runner, data, undefined, extra, prefix, ctx, output), validate: (data) => validateOrFail(data, plan, undefined, prefix) }),
    });

    return Object.freeze({
      kind: "tool",
      name,
      description,
      tags,
      annotations,
      tool,
      definition,
      definitions: (options) => [definition(options)],
      call,
      runCli: cli.runCli,
      /** @internal the registry's command line */
      cli,
    });
  }

  /** Reads `actions` or `groups` into the core's action list, with what JS keeps of each. */
  function actionsOf(def, where, toolUse) {
    if (def.actions !== undefined && def.groups !== undefined) throw refuse(`${where}: give \`actions\` or \`groups\`, not both`);
    const list = [];
    const add = (group, name, action, moduleUse) => {
      const key = group === undefined ? name : `${group}.${name}`;
      const at = `${where}, action "${key}"`;
      if (!isObject(action)) throw refuse(`${at}: an action is an object { description, input, handler }`);
      checkKeys(action, ACTION_KEYS, at, suggest);
      if (typeof action.handler !== "function") throw refuse(`${at}: \`handler\` must be a function (args, { action, tool, extra }) => result`);
      const input = readInput(action.input, action.jsonSchema, at);
      const use = [...toolUse, ...moduleUse, ...middlewareOf(action.use, at)];
      list.push({ group, name, key, action, input, use });
    };
    if (def.groups !== undefined) {
      if (!isObject(def.groups)) throw refuse(`${where}: \`groups\` must be an object { users: { actions: {...} } }`);
      for (const [group, module] of Object.entries(def.groups)) {
        const at = `${where}, group "${group}"`;
        if (!isObject(module)) throw refuse(`${at}: a group is an object { description, use, actions }`);
        checkKeys(module, MODULE_KEYS, at, suggest);
        if (!isObject(module.actions)) throw refuse(`${at}: \`actions\` must be an object of actions`);
        const moduleUse = middlewareOf(module.use, at);
        for (const [name, action] of Object.entries(module.actions)) add(group, name, action, moduleUse);
      }
    } else if (def.actions !== undefined) {
      if (!isObject(def.actions)) throw refuse(`${where}: \`actions\` must be an object { list: {...}, create: {...} }`);
      for (const [name, action] of Object.entries(def.actions)) add(undefined, name, action, []);
    }
    return list;
  }

  /** The definition as the core reads it: JSON text, each input's JSON Schema text inlined. */
  function wireText(def, common, list) {
    const field = (key, value) => (value === undefined ? "" : `,${JSON.stringify(key)}:${jsonText(value, `the definition's ${key}`, "INVALID_DEFINITION")}`);
    const actions = list.map(({ group, name, action, input }) => {
      let text = `{"name":${JSON.stringify(name)}`;
      text += field("group", group);
      text += field("description", action.description);
      if (input.text !== undefined) text += `,"input":${input.text}`;
      for (const key of ["readOnly", "destructive", "idempotent", "openWorld", "deprecated"]) text += field(key, action[key]);
      return `${text}}`;
    });
    let text = `{"name":${jsonText(def.name, "the name", "INVALID_DEFINITION")}`;
    for (const key of ["description", "discriminator", "help", "descriptionFormat", "annotations"]) text += field(key, def[key]);
    if (common.text !== undefined) text += `,"common":${common.text}`;
    return `${text},"actions":[${actions.join(",")}]}`;
  }

  function defineGroup(def) {
    if (!isObject(def)) throw refuse("defineGroup takes an object: { name, description, actions | groups }");
    const where = `tool "${typeof def.name === "string" ? def.name : "?"}"`;
    checkKeys(def, GROUP_KEYS, where, suggest);
    const toolUse = middlewareOf(def.use, where);
    const common = readInput(def.common, def.commonJsonSchema, `${where}, common`, { keys: ["common", "commonJsonSchema"] });
    const list = actionsOf(def, where, toolUse);
    const tags = tagsOf(def.tags, where);
    const withExtras = listedExtras(def, where);
    const defined = JSON.parse(core.guard(() => core.wasm.defineGroup(wireText(def, common, list))));
    return makeGroup(def, defined, common, list, tags, withExtras);
  }

  function makeGroup(def, defined, common, list, tags, withExtras) {
    const { name, discriminator, grouped } = defined;
    const title = def.title;
    const annotations = freezeDeep(defined.annotations);
    const owners = new Map();
    for (const out of defined.actions) {
      for (const field of out.fields) {
        if (!owners.has(field)) owners.set(field, []);
        owners.get(field).push(out.key);
      }
    }
    const commonFields = defined.commonFields;
    const entries = new Map();
    const byFlatName = new Map();
    let builtinHelp;
    defined.actions.forEach((out, i) => {
      const given = list[i];
      const parts = [];
      if (common.standard && !out.builtin) parts.push({ standard: common.standard, keys: commonFields });
      if (given && given.input.standard) parts.push({ standard: given.input.standard, keys: out.open ? null : out.inputFields });
      // Every action's plan shares the one map of owners (a map per action
      // of the fields it lacks was quadratic: 4,000 actions took 13 s).
      const plan = makePlan({ label: out.key, fields: out.fields, open: out.open, owners, parts, suggest });
      const handler = out.builtin ? (args) => helpText(args && args.topic) : given.action.handler;
      const runner = compose(out.builtin ? [] : given.use, handler);
      // The flat projection's tool, compiled on first use, and its schema per client.
      const flatTool = lazy(() => compile(out.inputSchema, { name: out.flatName }));
      const flatSchemaFor = (client) => flatTool().inputSchema({ client });
      const entry = { out, plan, runner, prefix: `[${name}/${out.key}]`, ctx: { tool: name, action: out.key }, flatTool, flatSchemaFor };
      if (out.builtin) builtinHelp = entry;
      entries.set(out.key, entry);
      if (!out.builtin) byFlatName.set(out.flatName, entry);
    });
    const keys = defined.actions.map((a) => a.key);
    const routingList = listed(keys, MAX_LISTED);

    const schemaTool = lazy(() => compile(defined.inputSchema, { name }));
    const schemaFor = (client) => schemaTool().inputSchema({ client });
    // The served schema says `deprecated: true`; an action's message is put back into its entry here.
    const messages = new Map(defined.actions.filter((out) => typeof out.deprecated === "string").map((out) => [out.key, out.deprecated]));
    const helpEntries = lazy(() =>
      api
        .help(defined.oneOfSchema, { discriminator })
        .filter((e) => e.discriminator !== "help" || !builtinHelp)
        .map((e) => (messages.has(e.discriminator) ? { ...e, deprecated: messages.get(e.discriminator) } : e)),
    );

    function helpText(topic) {
      const all = helpEntries();
      if (topic === undefined || topic === null || topic === "") return api.formatHelpMarkdown(all);
      const shown = all.filter((e) => e.discriminator === topic || e.discriminator.startsWith(`${topic}.`));
      if (shown.length > 0) return api.formatHelpMarkdown(shown);
      const close = suggest(String(topic), keys);
      throw new Error(`no action matches topic "${String(topic)}"${close ? `; did you mean "${close}"?` : ""} (actions: ${routingList})`);
    }

    function definition(options) {
      const { client = "mcp", actionsAs } = optionsOf(options, DEFINITION_OPTIONS, "definition", suggest);
      if (actionsAs !== undefined && actionsAs !== "oneOf" && actionsAs !== "flat") throw fail("INVALID_OPTION", `definition option "actionsAs" is "oneOf" or "flat"`);
      let inputSchema;
      if (actionsAs === "oneOf") {
        if (client !== "mcp") throw fail("INVALID_OPTION", `actionsAs "oneOf" is for client "mcp" only; ${client} gets the flat object`);
        inputSchema = cloneJson(defined.oneOfSchema);
      } else {
        inputSchema = schemaFor(client);
      }
      const out = { name, description: defined.description, inputSchema };
      if (title !== undefined) out.title = title;
      out.annotations = { ...annotations };
      return withExtras(out);
    }

    /** `leftOut(name, error)` is the registry's: an action the client cannot take is skipped and reported, not thrown. */
    function definitions(options, leftOut) {
      const { client = "mcp" } = optionsOf(options, ["client"], "definitions", suggest);
      const out = [];
      for (const entry of byFlatName.values()) {
        let inputSchema;
        try {
          inputSchema = entry.flatSchemaFor(client);
        } catch (error) {
          if (leftOut === undefined) throw error;
          leftOut(entry.out.flatName, error);
          continue;
        }
        // The group's icons and _meta on each tool of the projection: each stands for the group.
        out.push(withExtras({ name: entry.out.flatName, description: entry.out.description, inputSchema, annotations: { ...entry.out.annotations } }));
      }
      return out;
    }

    function routeError(text) {
      const joint = /[.!?]$/.test(text) ? " " : ". ";
      return errorResult(`[${name}] ${text}${joint}Actions: ${routingList}`);
    }

    function unknownAction(named) {
      const shown = named.length > 60 ? `${named.slice(0, 60)}...` : named;
      let close;
      if (grouped && !named.includes(".")) {
        const bare = defined.actions.filter((a) => a.name === named && !a.builtin);
        if (bare.length > 0) close = bare[0].key;
      }
      if (close === undefined) close = suggest(named, keys);
      if (close === undefined && grouped) {
        const byName = suggest(named.split(".").pop(), defined.actions.map((a) => a.name));
        const match = byName === undefined ? undefined : defined.actions.find((a) => a.name === byName);
        if (match) close = match.key;
      }
      const hint = close === undefined ? "" : `. Did you mean "${close}"?`;
      return routeError(`Unknown ${discriminator} "${shown}"${hint}`);
    }

    async function call(args, extra, options) {
      const { client } = optionsOf(options, CALL_OPTIONS, "call", suggest);
      let value;
      try {
        value = repaired(schemaTool(), args, client);
      } catch (error) {
        return errorResult(`[${name}] ${thrownText(error)}`);
      }
      if (!isObject(value)) return routeError(`The arguments must be an object with "${discriminator}" naming the operation${textNote(value)}`);
      if (!hasOwn(value, discriminator)) return routeError(`Missing "${discriminator}": say which operation to perform`);
      const named = value[discriminator];
      if (typeof named !== "string") return routeError(`"${discriminator}" must be a string naming the operation, got ${named === null ? "null" : Array.isArray(named) ? "an array" : typeof named}`);
      const entry = entries.get(named);
      if (entry === undefined) return unknownAction(named);
      return run(entry.plan, entry.runner, value, discriminator, extra, entry.prefix, entry.ctx);
    }

    /** A call to one tool of the flat projection (`platform_users_create`). */
    async function callFlat(flatName, args, extra, options) {
      const { client } = optionsOf(options, CALL_OPTIONS, "call", suggest);
      const entry = byFlatName.get(flatName);
      if (entry === undefined) return errorResult(`[${name}] no action is exposed as "${flatName}"`);
      let value;
      try {
        value = repaired(entry.flatTool(), args, client);
      } catch (error) {
        return errorResult(`${entry.prefix} ${thrownText(error)}`);
      }
      if (!isObject(value)) return errorResult(`${entry.prefix} the arguments must be an object, got ${gotInstead(value)}`);
      return run(entry.plan, entry.runner, value, undefined, extra, entry.prefix, entry.ctx);
    }

    // The command line: one branch per action, its key as words (`users create`).
    const literalOf = (out) => (out.group === undefined ? out.name : `${out.group}:${out.name}`);
    const literalToKey = new Map(defined.actions.map((out) => [literalOf(out), out.key]));
    const cliTool = lazy(() => {
      const defs = defined.inputSchema.$defs;
      const branches = defined.actions.map((out, i) => {
        const literal = literalOf(out);
        const schema = out.inputSchema;
        const properties = { [discriminator]: { const: literal } };
        for (const [key, sub] of Object.entries(schema.properties || {})) put(properties, key, sub);
        const branch = { type: "object", properties, required: [discriminator, ...(schema.required || [])] };
        // The action's own description: the flat projection's stand-in ("platform (users.list)") says nothing here.
        const description = list[i] === undefined ? out.description : list[i].action.description;
        if (description) branch.description = description;
        if (out.deprecated) branch.deprecated = true;
        // JSON Schema's keyword is a boolean: a message reaches the command line by the cli meta.
        if (typeof out.deprecated === "string") branch.cli = { deprecated: out.deprecated };
        return branch;
      });
      const union = { oneOf: branches };
      if (defs) union.$defs = defs;
      if (def.description !== undefined) union.description = def.description;
      return compile(union, { name });
    });

    const cli = makeCliRunner({
      closest: suggest,
      tool: cliTool,
      literalOf: (data) => data[discriminator],
      route: (data) => {
        const key = literalToKey.get(data[discriminator]);
        const entry = entries.get(key);
        if (entry === undefined) return undefined;
        const args = {};
        for (const k of Object.keys(data)) if (k !== discriminator) put(args, k, data[k]);
        return { run: (_data, extra) => run(entry.plan, entry.runner, args, undefined, extra, entry.prefix, entry.ctx), validate: () => validateOrFail(args, entry.plan, undefined, entry.prefix) };
      },
    });

    return Object.freeze({
      kind: "group",
      name,
      description: defined.description,
      discriminator,
      grouped,
      tags,
      annotations,
      actions: Object.freeze(defined.actions.map((a) => Object.freeze({ key: a.key, flatName: a.flatName, description: a.description }))),
      /** The names of `definitions()`: every action but the built-in help. */
      flatNames: Object.freeze([...byFlatName.keys()]),
      get tool() {
        return cliTool();
      },
      definition,
      definitions,
      call,
      callFlat,
      runCli: cli.runCli,
      /** @internal the registry's command line */
      cli,
    });
  }

  return { defineTool, defineGroup };
}
