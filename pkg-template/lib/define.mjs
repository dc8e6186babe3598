// defineTool and defineGroup: one definition, every front (MCP tools/list
// and tools/call, a command line). The core computes everything that is a
// function of the schemas (merged fields, notes, descriptions, annotations,
// the flat projection); this file keeps what JS must hold: handlers,
// middleware, validators, and the compiled tools, made on first use.

import { ToolshapeError } from "./errors.mjs";
import { compose, makePlan, validateOrFail } from "./call-path.mjs";
import { makeGroupMaker } from "./define-group.mjs";
import { LiveHandle } from "./live-handle.mjs";
import { readInput } from "./define-input.mjs";
import {
  ACTION_KEYS, CALL_OPTIONS, GROUP_KEYS, MODULE_KEYS, TOOL_KEYS, checkKeys, cliOptionsOf, cliVariants, gotInstead, lazy, listedExtras, middlewareOf, optionsOf, refuse, repaired, run, tagsOf,
} from "./define-parts.mjs";
import { jsonText } from "./json-text.mjs";
import { errorResult, lead, thrownText } from "./results.mjs";
import { makeAsk } from "./ask.mjs";
import { makeCliRunner } from "./run-cli.mjs";
import { cloneJson, freezeDeep, isObject } from "./objects.mjs";

/** The define functions over the API (compile, actionHelp, formatActionHelpMarkdown, the core). */
export function makeDefine(api) {
  const { compile, core } = api;
  const suggest = api.closest;
  const makeGroup = makeGroupMaker(api);

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
    if (def.unknownKeys !== undefined && def.unknownKeys !== "reject" && def.unknownKeys !== "strip") {
      throw refuse(`${where}: \`unknownKeys\` is "reject" (the default: a key the tool does not take is an error the model can fix) or "strip" (dropped, as the SDK's registerTool does)`);
    }
    const strip = def.unknownKeys === "strip";
    const plan = makePlan({ label: name, fields, open, strip, parts: input.standard ? [{ standard: input.standard, keys: null }] : [], suggest });
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
      const { client, elicit } = optionsOf(options, CALL_OPTIONS, "call", suggest);
      let value;
      try {
        value = repaired(tool, args, client, internal.onRepair, extra);
      } catch (error) {
        return errorResult(`${lead(prefix)}${thrownText(error)}`);
      }
      if (!isObject(value)) return errorResult(`${lead(prefix)}the arguments must be an object, got ${gotInstead(value)}`);
      const ask = elicit === undefined ? undefined : makeAsk(elicit, () => tool, prefix, name);
      return run(plan, runner, value, undefined, extra, prefix, ctx, output, undefined, ask);
    }

    // The command line shows the tool's description (in a command list and
    // atop its usage); the MCP schema keeps the root as it was given.
    const cliRoot = def.description !== undefined && isObject(root) && root.description === undefined ? { ...root, description: def.description } : undefined;
    const ownCli = cliOptionsOf(def.cli, where, suggest);
    const cliCompile = (options) => (cliRoot === undefined && Object.keys(options).length === 0 ? tool : compile(cliRoot ?? input.text, { ...options, name }));
    const cliWith = cliVariants(
      ownCli,
      (optionsOf) =>
        makeCliRunner({
          closest: suggest,
          call: (args, extra) => call(args, extra),
          def: () => self,
          tool: lazy(() => cliCompile(optionsOf())),
          route: () => ({ run: (data, extra) => run(plan, runner, data, undefined, extra, prefix, ctx, output), validate: (data) => validateOrFail(data, plan, undefined, prefix) }),
        }),
      (options) => compile(cliRoot ?? input.text, { ...options, name }),
    );
    const cli = cliWith();
    // The definition's own options are checked now, not at its first command line.
    if (def.cli !== undefined) cli.tool();

    const self = Object.freeze({
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
      /** @internal the command line under a registry's shared options */
      cliWith,
    });
    return self;
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
    // The core keeps the group and compiles its tools from its own schemas;
    // the handle is defined again on a new instance after a trap.
    const text = wireText(def, common, list);
    const handle = new LiveHandle(core, () => core.guard(() => new core.wasm.WasmGroup(text), text.length, true), "this group's core handle was freed");
    const defined = JSON.parse(core.guard(() => handle.get().outline()));
    return makeGroup(def, defined, handle, common, list, tags, withExtras);
  }

  return { defineTool, defineGroup };
}
