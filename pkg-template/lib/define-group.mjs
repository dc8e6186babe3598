// A grouped tool made from what the core computed of its definition: its
// definition per client (one tool, or one per action), the call that
// routes by the discriminator, the `help` action, and its command line.

import { fail } from "./errors.mjs";
import { compose, listed, makePlan, validateOrFail } from "./call-path.mjs";
import { errorResult, thrownText } from "./results.mjs";
import { makeAsk } from "./ask.mjs";
import { makeCliRunner } from "./run-cli.mjs";
import { cloneJson, freezeDeep, hasOwn, isObject, put } from "./objects.mjs";
import { CALL_OPTIONS, DEFINITION_OPTIONS, MAX_LISTED, cliOptionsOf, cliVariants, gotInstead, lazy, optionsOf, repaired, run, textNote } from "./define-parts.mjs";

/**
 * `makeGroup(def, defined, handle, common, list, tags, withExtras)` over the
 * API (toolOf, core, closest, formatActionHelpMarkdown). `handle` is the core's
 * WasmGroup (a LiveHandle): the group's tools are compiled there, from its
 * own schemas, when first used.
 */
export function makeGroupMaker(api) {
  const { toolOf, core } = api;
  const suggest = api.closest;
  return function makeGroup(def, defined, handle, common, list, tags, withExtras) {
    const fromGroup = (ask) => core.guard(() => ask(handle.get()));
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
    // Each field's default as JSON text, from the group's schema, for the
    // echoes of other actions' keys a call may carry (read on first need).
    const defaults = lazy(() => {
      const found = new Map();
      const properties = schemaFor("mcp").properties || {};
      for (const [key, field] of Object.entries(properties)) {
        if (isObject(field) && hasOwn(field, "default")) found.set(key, JSON.stringify(field.default));
      }
      return found;
    });
    if (def.onDropped !== undefined && typeof def.onDropped !== "function") throw fail("INVALID_DEFINITION", `group "${name}": \`onDropped\` must be a function (dropped, { tool, action, extra }) => void`);
    const onDropped = def.onDropped;
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
      const plan = makePlan({ label: out.key, fields: out.fields, open: out.open, owners, defaults, parts, suggest });
      const handler = out.builtin ? (args) => helpText(args && args.topic) : given.action.handler;
      const runner = compose(out.builtin ? [] : given.use, handler);
      // The flat projection's tool, compiled on first use, and its schema per client.
      const flatTool = lazy(() => toolOf(() => fromGroup((group) => group.actionTool(i))));
      const flatSchemaFor = (client) => flatTool().inputSchema({ client });
      const entry = { out, plan, runner, prefix: `[${name}/${out.key}]`, ctx: { tool: name, action: out.key }, flatTool, flatSchemaFor };
      if (out.builtin) builtinHelp = entry;
      entries.set(out.key, entry);
      if (!out.builtin) byFlatName.set(out.flatName, entry);
    });
    const keys = defined.actions.map((a) => a.key);
    const routingList = listed(keys, MAX_LISTED);

    const schemaTool = lazy(() => toolOf(() => fromGroup((group) => group.schemaTool())));
    const oneOfSchema = lazy(() => JSON.parse(fromGroup((group) => group.oneOfSchema())));
    const schemaFor = (client) => schemaTool().inputSchema({ client });
    // The served schema says `deprecated: true`; an action's message is put back into its entry here.
    const messages = new Map(defined.actions.filter((out) => typeof out.deprecated === "string").map((out) => [out.key, out.deprecated]));
    const helpEntries = lazy(() =>
      JSON.parse(fromGroup((group) => group.help()))
        .filter((e) => e.discriminator !== "help" || !builtinHelp)
        .map((e) => (messages.has(e.discriminator) ? { ...e, deprecated: messages.get(e.discriminator) } : e)),
    );

    function helpText(topic) {
      const all = helpEntries();
      if (topic === undefined || topic === null || topic === "") return api.formatActionHelpMarkdown(all);
      const shown = all.filter((e) => e.discriminator === topic || e.discriminator.startsWith(`${topic}.`));
      if (shown.length > 0) return api.formatActionHelpMarkdown(shown);
      const close = suggest(String(topic), keys);
      throw new Error(`no action matches topic "${String(topic)}"${close ? `; did you mean "${close}"?` : ""} (actions: ${routingList})`);
    }

    function definition(options) {
      const { client = "mcp", actionsAs } = optionsOf(options, DEFINITION_OPTIONS, "definition", suggest);
      if (actionsAs !== undefined && actionsAs !== "oneOf" && actionsAs !== "flat") throw fail("INVALID_OPTION", `definition option "actionsAs" is "oneOf" or "flat"`);
      let inputSchema;
      if (actionsAs === "oneOf") {
        if (client !== "mcp") throw fail("INVALID_OPTION", `actionsAs "oneOf" is for client "mcp" only; ${client} gets the flat object`);
        inputSchema = cloneJson(oneOfSchema());
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
      const { client, elicit } = optionsOf(options, CALL_OPTIONS, "call", suggest);
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
      const ask = elicit === undefined ? undefined : makeAsk(elicit, entry.flatTool, entry.prefix, `${name} ${named}`);
      return run(entry.plan, entry.runner, value, discriminator, extra, entry.prefix, entry.ctx, undefined, onDropped, ask);
    }

    /** A call to one tool of the flat projection (`platform_users_create`). */
    async function callFlat(flatName, args, extra, options) {
      const { client, elicit } = optionsOf(options, CALL_OPTIONS, "call", suggest);
      const entry = byFlatName.get(flatName);
      if (entry === undefined) return errorResult(`[${name}] no action is exposed as "${flatName}"`);
      let value;
      try {
        value = repaired(entry.flatTool(), args, client);
      } catch (error) {
        return errorResult(`${entry.prefix} ${thrownText(error)}`);
      }
      if (!isObject(value)) return errorResult(`${entry.prefix} the arguments must be an object, got ${gotInstead(value)}`);
      const ask = elicit === undefined ? undefined : makeAsk(elicit, entry.flatTool, entry.prefix, flatName);
      return run(entry.plan, entry.runner, value, undefined, extra, entry.prefix, entry.ctx, undefined, onDropped, ask);
    }

    // The command line: one branch per action, its key as words (`users create`).
    const literalOf = (out) => (out.group === undefined ? out.name : `${out.group}:${out.name}`);
    const literalToKey = new Map(defined.actions.map((out) => [literalOf(out), out.key]));
    // One branch per action, its key as words (`users create`): the union
    // is made and compiled in the core, under the command-line options
    // given (the definition's own `cli`, a registry's).
    const commandTool = (options) => toolOf(() => fromGroup((group) => group.commandTool(Object.keys(options).length === 0 ? undefined : JSON.stringify(options))));
    const cliWith = cliVariants(
      cliOptionsOf(def.cli, `tool "${name}"`, suggest),
      (optionsOf) =>
        makeCliRunner({
          closest: suggest,
          call: (args, extra) => call(args, extra),
          def: () => self,
          // The action's words before --json (`users create`) name it.
          named: (words) => (entries.has(words.join(".")) ? { key: discriminator, value: words.join(".") } : undefined),
          tool: lazy(() => commandTool(optionsOf())),
          literalOf: (data) => data[discriminator],
          route: (data) => {
            const key = literalToKey.get(data[discriminator]);
            const entry = entries.get(key);
            if (entry === undefined) return undefined;
            const args = {};
            for (const k of Object.keys(data)) if (k !== discriminator) put(args, k, data[k]);
            return { run: (_data, extra) => run(entry.plan, entry.runner, args, undefined, extra, entry.prefix, entry.ctx, undefined, onDropped), validate: () => validateOrFail(args, entry.plan, undefined, entry.prefix) };
          },
        }),
      commandTool,
    );
    const cli = cliWith();
    if (def.cli !== undefined) cli.tool();

    const self = Object.freeze({
      kind: "group",
      name,
      description: defined.description,
      /** The description as given, without the actions and workflow the listed one adds. */
      summary: typeof def.description === "string" ? def.description : undefined,
      discriminator,
      grouped,
      tags,
      annotations,
      actions: Object.freeze(defined.actions.map((a) => Object.freeze({ key: a.key, flatName: a.flatName, description: a.description, annotations: freezeDeep({ ...a.annotations }) }))),
      /** The names of `definitions()`: every action but the built-in help. */
      flatNames: Object.freeze([...byFlatName.keys()]),
      get tool() {
        return cli.tool();
      },
      definition,
      definitions,
      call,
      callFlat,
      runCli: cli.runCli,
      /** @internal the registry's command line */
      cli,
      /** @internal the command line under a registry's shared options */
      cliWith,
    });
    return self;
  };
}
