// createRegistry: several definitions served together. `list` answers
// tools/list (grouped or flat exposition, filtered by tags), `call` routes
// tools/call by name, `attach` installs both on an MCP SDK server, and
// `runCli` is the command line of every tool (registry-cli.mjs).

import { fail } from "./errors.mjs";
import { profileForClient } from "./clients.mjs";
import { elicitorFor } from "./ask.mjs";
import { listedAs, makeCatalog } from "./catalog.mjs";
import { cacheOf } from "./list-cache.mjs";
import { headerCheckFor, headerDeclarationsOf } from "./mcp-headers.mjs";
import { toolSearchPayload } from "./tool-search.mjs";
import { nameWarnings } from "./names.mjs";
import { errorResult } from "./results.mjs";
import { makeRunCli } from "./registry-cli.mjs";
import { isObject } from "./objects.mjs";
import { CLI_OPTIONS } from "./define-parts.mjs";
import { knownOptions } from "./option-keys.mjs";
import { announceToolsChanged, claimTools, clientNameOf, handlerSetter, lowServer, markTools, ownToolNames } from "./sdk-server.mjs";
import { keepTextArguments } from "./text-arguments.mjs";
import { spend, strictCost } from "./strict-budget.mjs";

const LIST_OPTIONS = ["client", "tags", "anyTags", "exclude"];
/**
 * The strict profiles, each with the profile of the same API a tool falls
 * back to, sent without strict (both APIs take strict and other tools in
 * one request), and whether one request's strict tools share limits
 * (Claude's, strict-budget.mjs).
 */
const STRICT = new Map([
  ["anthropic-strict", { loose: "anthropic", shared: true }],
  ["openai-strict", { loose: "openai", shared: false }],
]);
const REGISTRY_OPTIONS = ["exposition", "name", "version", "onRefused", ...CLI_OPTIONS];
const ATTACH_OPTIONS = ["client", "filter", "cache", "headers"];
function stringList(value, what) {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw fail("INVALID_OPTION", `${what} must be an array of strings`);
  return value;
}

/** A filter from `{ tags, anyTags, exclude }`: all of, any of, none of. */
function tagFilter(options, what) {
  const tags = stringList(options.tags, `${what} "tags"`);
  const anyTags = stringList(options.anyTags, `${what} "anyTags"`);
  const exclude = stringList(options.exclude, `${what} "exclude"`);
  return (def) =>
    (!tags || tags.every((t) => def.tags.includes(t))) &&
    (!anyTags || anyTags.some((t) => def.tags.includes(t))) &&
    (!exclude || !exclude.some((t) => def.tags.includes(t)));
}

/**
 * What `list` does with a tool the client's profile refuses: an error other
 * than UNSUPPORTED_BY_CLIENT is thrown as before; a refusal is reported once
 * per tool and client, to `onRefused` or else as one line on stderr (an MCP
 * server's log), so that a tool missing from a client's list is never a
 * mystery.
 */
function refusals(onRefused) {
  const told = new Set();
  return function refused({ tool, client, error, fallback }) {
    if (!error || error.code !== "UNSUPPORTED_BY_CLIENT") throw error;
    const key = `${client}\0${tool}`;
    if (told.has(key)) return;
    told.add(key);
    const heard = fallback === undefined ? { tool, client, error } : { tool, client, error, fallback };
    if (onRefused !== undefined) onRefused(heard);
    else if (fallback === undefined) console.warn(`toolshape: tool "${tool}" is left out of tools/list for client profile "${client}": ${error.message}`);
    else console.warn(`toolshape: tool "${tool}" is listed with its "${fallback}" schema, not strict, for client profile "${client}": ${error.message}`);
  };
}

/** The registry over the API (compileCommands) and the define functions' output. */
export function makeRegistry(api) {
  return function createRegistry(defs, options) {
    if (!Array.isArray(defs)) throw fail("INVALID_OPTION", "createRegistry takes an array of definitions from defineTool or defineGroup");
    const opts = options === undefined ? {} : knownOptions(options, REGISTRY_OPTIONS, "createRegistry", api.closest);
    if (opts.onRefused !== undefined && typeof opts.onRefused !== "function") throw fail("INVALID_OPTION", 'createRegistry option "onRefused" must be a function ({ tool, client, error }) => void');
    const refused = refusals(opts.onRefused);
    // The command-line options for every tool are checked now, as compile checks them, not at the first runCli.
    const { flags, ...cliRest } = Object.fromEntries(CLI_OPTIONS.filter((key) => opts[key] !== undefined).map((key) => [key, opts[key]]));
    if (flags !== undefined && !isObject(flags)) throw fail("INVALID_OPTION", 'createRegistry option "flags" must be an object of overrides by flag name');
    if (Object.keys(cliRest).length > 0) api.compile({ type: "object" }, cliRest).free();
    const exposition = opts.exposition === undefined ? "grouped" : opts.exposition;
    if (exposition !== "grouped" && exposition !== "flat" && exposition !== "catalog") {
      throw fail("INVALID_OPTION", `createRegistry option "exposition" is "grouped", "flat" or "catalog", got ${JSON.stringify(exposition)}`);
    }
    const byName = new Map();
    /** Flat names of grouped tools' actions: name -> the group. */
    const byFlatName = new Map();
    const claim = (name, what) => {
      if (byName.has(name) || byFlatName.has(name)) throw fail("INVALID_DEFINITION", `createRegistry: two tools are named "${name}" (${what})`);
    };
    defs.forEach((def, i) => {
      if (!isObject(def) || (def.kind !== "tool" && def.kind !== "group")) throw fail("INVALID_DEFINITION", `createRegistry: item ${i} is not a definition from defineTool or defineGroup`);
      claim(def.name, `item ${i}`);
      byName.set(def.name, def);
    });
    for (const def of defs) {
      if (def.kind !== "group") continue;
      for (const action of def.actions) {
        if (!def.flatNames.includes(action.flatName)) continue; // the built-in help
        claim(action.flatName, `the flat name of ${def.name}'s action ${action.key}`);
        byFlatName.set(action.flatName, def);
      }
    }
    const all = [...byName.keys(), ...byFlatName.keys()];
    // Each tool's x-mcp-header declarations, found the first time a call is checked (mcp-headers.mjs).
    const declaredHeaders = headerDeclarationsOf((name) => {
      const def = byName.get(name) ?? byFlatName.get(name);
      return def === undefined ? undefined : listedAs(def, name);
    });
    // The catalog's four tools stand for every tool (catalog.mjs); a name of its own is refused.
    const catalog = exposition === "catalog" ? makeCatalog({ defs, compile: api.compile, callTool: (n, a, e, o) => call(n, a, e, o), closest: api.closest }) : undefined;
    for (const name of catalog ? catalog.names : []) claim(name, "a name of the catalog exposition");
    /** The names tools/list shows, in its order: for the unknown-tool error. */
    const listed =
      exposition === "flat"
        ? defs.flatMap((def) => (def.kind === "group" ? def.flatNames : [def.name]))
        : catalog
          ? catalog.names
          : [...byName.keys()];

    function list(listOptions) {
      const given = listOptions === undefined ? {} : knownOptions(listOptions, LIST_OPTIONS, "list", api.closest);
      const keep = tagFilter(given, "list option");
      const client = given.client === undefined ? "mcp" : given.client;
      // A tool the client's profile cannot take is left out, not the whole
      // list: sent as it is, the client would refuse every tool with it.
      const leftOut = (tool, error) => refused({ tool, client, error });
      if (catalog !== undefined) return listCatalog(client, leftOut);
      if (STRICT.has(client)) return listStrict(client, keep, leftOut);
      return listFor(client, keep, leftOut);
    }

    /** The catalog's tools for one profile (tags do not filter them: search does, by what is visible). */
    function listCatalog(client, leftOut) {
      try {
        return catalog.definitions(client);
      } catch (error) {
        leftOut("catalog", error);
        return [];
      }
    }

    /** Every kept definition's listing (or, flat, each action's) for one profile. */
    function listFor(client, keep, leftOut) {
      const out = [];
      for (const def of defs) {
        if (!keep(def)) continue;
        // A group's flat projection leaves out only the actions refused; a
        // plain tool is its own projection.
        if (exposition === "flat" && def.kind === "group") {
          out.push(...def.definitions({ client }, leftOut));
          continue;
        }
        try {
          out.push(def.definition({ client }));
        } catch (error) {
          leftOut(def.name, error);
        }
      }
      return out;
    }

    /**
     * A strict profile: each tool strict (`strict: true`) where the strict
     * profile takes it and, for Claude, while the request's limits still
     * hold in list order; otherwise listed with the same API's non-strict
     * schema (`strict: false`) and reported, rather than left out. A tool
     * neither profile takes is left out, as for any client.
     */
    function listStrict(client, keep, leftOut) {
      const { loose, shared } = STRICT.get(client);
      const refusedStrict = new Map();
      const strictOf = new Map();
      for (const listing of listFor(client, keep, (tool, error) => refusedStrict.set(tool, error))) strictOf.set(listing.name, listing);
      const spent = { tools: 0, optional: 0, unions: 0 };
      return listFor(loose, keep, leftOut).map((listing) => {
        const strict = strictOf.get(listing.name);
        let error = refusedStrict.get(listing.name);
        if (strict !== undefined) {
          const over = shared ? spend(spent, strictCost(strict.inputSchema)) : undefined;
          if (over === undefined) return { ...strict, strict: true };
          error = fail("UNSUPPORTED_BY_CLIENT", `the ${client} profile cannot take this tool within the request's limits (1 problem):\n  - LIMIT_EXCEEDED at #: ${over}`, {
            issues: [{ code: "LIMIT_EXCEEDED", pointer: "", message: over }],
          });
        }
        if (error !== undefined) refused({ tool: listing.name, client, error, fallback: loose });
        return { ...listing, strict: false };
      });
    }

    /** A call by name; `visible` is attach's filter (the catalog finds and calls only what it lets through). */
    async function route(name, args, extra, callOptions, visible) {
      if (typeof name !== "string") return errorResult(`[registry] the tool name must be a string, got ${name === null ? "null" : typeof name}`);
      const answered = catalog === undefined ? undefined : await catalog.call(name, args, extra, callOptions, visible);
      if (answered !== undefined) return answered;
      const def = byName.get(name);
      if (def !== undefined) return def.call(args, extra, callOptions);
      const group = byFlatName.get(name);
      if (group !== undefined) return group.callFlat(name, args, extra, callOptions);
      const shown = name.length > 80 ? `${name.slice(0, 80)}...` : name;
      const close = all.length > 0 ? api.closest(name, all) : undefined;
      const hint = close === undefined ? "" : ` Did you mean "${close}"?`;
      return errorResult(`[registry] Unknown tool "${shown}".${hint} Tools: ${listed.join(", ")}`);
    }

    function attach(server, attachOptions) {
      const low = lowServer(server);
      if (low === undefined) throw fail("INVALID_OPTION", "attach takes the MCP SDK's McpServer or Server (anything with setRequestHandler)");
      const given = attachOptions === undefined ? {} : knownOptions(attachOptions, ATTACH_OPTIONS, "attach", api.closest);
      const fixed = given.client === undefined ? "auto" : given.client;
      if (typeof fixed !== "string") throw fail("INVALID_OPTION", 'attach option "client" is "auto" or a profile name');
      const filter = given.filter === undefined ? {} : given.filter;
      if (!isObject(filter) && typeof filter !== "function") throw fail("INVALID_OPTION", 'attach option "filter" is { tags, anyTags, exclude } or a function of a definition');
      const listFilter = typeof filter === "function" ? {} : filter;
      const keep = typeof filter === "function" ? filter : tagFilter(listFilter, "attach filter");
      const cached = cacheOf(given.cache, fixed);
      const headerCheck = headerCheckFor(given.headers, declaredHeaders);
      const clientNow = (extra) => (fixed === "auto" ? profileForClient(clientNameOf(low, extra)) : fixed);
      // The server's own tools (registerTool) stay, listed beside the registry's.
      const own = claimTools(low, "attach");
      const ours = new Set([...byName.keys(), ...byFlatName.keys()]);
      const clash = (ownToolNames(server) || []).filter((name) => ours.has(name));
      if (clash.length > 0) throw fail("INVALID_OPTION", `attach: the server's own tool${clash.length > 1 ? "s" : ""} ${clash.map((n) => `"${n}"`).join(", ")} and the registry's share ${clash.length > 1 ? "names" : "a name"}; rename one, or define it in the registry only`);
      if (typeof low.registerCapabilities === "function" && !(low.getCapabilities && low.getCapabilities() && low.getCapabilities().tools)) {
        // listChanged: attach and detach on a connected server say so.
        low.registerCapabilities({ tools: { listChanged: true } });
      }
      // `arguments` sent as one string, kept for the call path's repair.
      const textArguments = keepTextArguments(low);
      const visible = (name) => {
        const def = byName.get(name) || byFlatName.get(name);
        return def !== undefined ? keep(def) : catalog !== undefined && catalog.names.includes(name);
      };
      const setHandler = handlerSetter(low, "attach");
      try {
        setHandler("tools/list", async (request, extra) => {
          const tools = list({ client: clientNow(extra), ...listFilter }).filter((t) => visible(t.name));
          if (own === undefined) return { tools, ...cached };
          // The server's own, after the registry's; a name the registry serves is the registry's.
          const theirs = await own.list(request, extra);
          const listed = new Set(tools.map((t) => t.name));
          return { ...theirs, tools: [...tools, ...(theirs.tools || []).filter((t) => !listed.has(t.name))], ...cached };
        });
        setHandler("tools/call", async (request, extra) => {
          const params = (request && request.params) || {};
          if (own !== undefined && !ours.has(params.name)) return own.call(request, extra);
          const args = textArguments.argumentsOf(request, extra);
          // The request's Mcp-Param-* headers against its arguments (mcp-headers.mjs), where the server was handed them.
          const mismatch = headerCheck(params.name, args);
          if (mismatch !== undefined) throw Object.assign(new Error(`Header mismatch: ${mismatch}`), { code: -32020 });
          if (typeof params.name === "string" && !visible(params.name) && (byName.has(params.name) || byFlatName.has(params.name))) {
            return errorResult(`[registry] Tool "${params.name}" is not available here`);
          }
          // Missing input is asked of a client that takes forms (ask.mjs).
          const elicit = elicitorFor(low, extra);
          return route(params.name, args, extra, elicit === undefined ? { client: clientNow(extra) } : { client: clientNow(extra), elicit }, visible);
        });
      } catch (error) {
        textArguments.detach();
        throw error;
      }
      markTools(low, true);
      announceToolsChanged(low);
      let attached = true;
      return function detach() {
        if (!attached) return;
        attached = false;
        markTools(low, false);
        textArguments.detach();
        if (own !== undefined) {
          // The server's own handlers back, with its own tools.
          own.restore();
          markTools(low, undefined);
          announceToolsChanged(low);
          return;
        }
        setHandler("tools/list", async () => ({ tools: [] }));
        setHandler("tools/call", async (request) => {
          const name = request && request.params && request.params.name;
          return errorResult(`[registry] Tool "${typeof name === "string" ? name : "?"}" is no longer served here (the registry was detached)`);
        });
        announceToolsChanged(low);
      };
    }

    const call = (name, args, extra, callOptions) => route(name, args, extra, callOptions, () => true);
    const runCli = makeRunCli(api, defs, byName, opts);

    /** Tool-search payloads for the model APIs (tool-search.mjs). */
    const toolSearch = (vendor, searchOptions) => toolSearchPayload(defs, vendor, searchOptions, { registryName: opts.name, refused, closest: api.closest });

    /** The listed names MCP's two naming readings disagree on (names.mjs). */
    const warnings = () => nameWarnings(listed).map(({ index, message }) => Object.freeze({ name: listed[index], message }));
    return Object.freeze({ exposition, list, call, attach, runCli, toolSearch, warnings, tools: Object.freeze([...defs]) });
  };
}
