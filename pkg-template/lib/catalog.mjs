// The catalog exposition: instead of every tool's schema, tools/list holds
// four small tools, named as incur names them. `search_tools` ranks the
// registry's tools (a group's actions each by its flat name) by a query;
// `get_tool_details` gives one's description and schema, shaped for the
// calling client; `call_read_tool` and `call_write_tool` call one with its
// arguments, the read call only for tools that say they are read-only.
// Routing, repair, validation and middleware are the registry's own.

import { errorResult } from "./results.mjs";
import { isObject } from "./objects.mjs";

export const CATALOG_NAMES = { search: "search_tools", details: "get_tool_details", read: "call_read_tool", write: "call_write_tool" };
const MAX_LIMIT = 50;
/** A query's longest text: each word is matched against every tool, so a longer one is refused, not searched for seconds. */
const MAX_QUERY = 500;
const DEFAULT_LIMIT = 10;

/** The catalog's own tools' input schemas (plain JSON Schema, shaped per client when listed). */
const INPUTS = {
  search: {
    type: "object",
    properties: {
      query: { type: "string", maxLength: MAX_QUERY, description: "Words to look for in tool names, descriptions and tags; empty lists every tool" },
      limit: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: "At most this many tools" },
    },
  },
  details: { type: "object", properties: { name: { type: "string", description: "A tool name from search_tools" } }, required: ["name"] },
  call: {
    type: "object",
    properties: {
      name: { type: "string", description: "A tool name from search_tools" },
      arguments: { type: "object", description: "The tool's arguments, as get_tool_details describes them", additionalProperties: true },
    },
    required: ["name"],
  },
};

/** How `name` is listed for `options`: `def` itself (a tool, or a group as one tool), else the group's action of that flat name. */
export function listedAs(def, name, options) {
  return def.name === name ? def.definition(options) : def.definitions(options).find((d) => d.name === name);
}

/** The words of a text, lower case, for matching. */
const words = (text) => (typeof text === "string" ? text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean) : []);

/**
 * Every tool the catalog holds, in registry order: a plain tool, or a
 * group's action by its flat name, each `{ name, description, tags,
 * readOnly, def }` with its words for matching made once.
 */
export function catalogEntries(defs) {
  const out = [];
  for (const def of defs) {
    if (def.kind === "group") {
      for (const action of def.actions) {
        if (!def.flatNames.includes(action.flatName)) continue;
        out.push(entry(action.flatName, action.description ?? "", def.tags, action.annotations, def));
      }
    } else out.push(entry(def.name, def.description ?? "", def.tags, def.annotations, def));
  }
  return out;
}

function entry(name, description, tags, annotations, def) {
  const readOnly = isObject(annotations) && annotations.readOnlyHint === true;
  return { name, description, tags: [...tags], readOnly, def, lowerName: name.toLowerCase(), nameWords: new Set(words(name)), tagWords: new Set(tags.flatMap(words)), textWords: new Set(words(description)) };
}

/** Score of one entry for the query's words: a name's word counts most, then a tag, then the description. */
function score(item, query) {
  let total = 0;
  for (const word of query) {
    if (item.nameWords.has(word)) total += 6;
    else if (item.lowerName.includes(word)) total += 3;
    if (item.tagWords.has(word)) total += 2;
    if (item.textWords.has(word)) total += 1;
  }
  return total;
}

/** The entries for `query`, best first (ties in registry order), at most `limit`. */
export function searchEntries(entries, query, limit) {
  const wanted = words(query);
  if (wanted.length === 0) return entries.slice(0, limit);
  const scored = [];
  entries.forEach((item, at) => {
    const s = score(item, wanted);
    if (s > 0) scored.push([s, at]);
  });
  scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  return scored.slice(0, limit).map(([, at]) => entries[at]);
}

/**
 * The catalog over a registry: `definitions(client)` for tools/list, and
 * `call(name, args, extra, options, visible)` for one of its four tools,
 * or undefined for a name that is not the catalog's (`visible(name)` is
 * attach's filter). `callTool` is the registry's call of a tool by name.
 */
export function makeCatalog({ defs, compile, callTool, closest }) {
  const entries = catalogEntries(defs);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const tools = {};
  // The read and write calls share one input.
  const toolOf = (key) => {
    const input = key === "read" || key === "write" ? "call" : key;
    return (tools[input] ??= compile(INPUTS[input]));
  };
  const describe = {
    search: `Search the ${entries.length} tools of this server by name, description and tags; then get_tool_details for one, and call it with call_read_tool or call_write_tool`,
    details: "One tool's description and input schema, to call it with call_read_tool or call_write_tool",
    read: "Call a read-only tool found with search_tools: { name, arguments }",
    write: "Call a tool that may change things (not read-only) found with search_tools: { name, arguments }",
  };
  const hints = { search: { readOnlyHint: true }, details: { readOnlyHint: true }, read: { readOnlyHint: true }, write: { readOnlyHint: false } };

  function definitions(client) {
    return Object.entries(CATALOG_NAMES).map(([key, name]) => ({
      name,
      description: describe[key],
      inputSchema: toolOf(key).inputSchema({ client }),
      annotations: { ...hints[key] },
    }));
  }

  const unknown = (name, visible) => {
    const names = entries.filter((e) => visible(e.name)).map((e) => e.name);
    const close = typeof name === "string" && names.length > 0 ? closest(name, names) : undefined;
    return errorResult(`[catalog] no tool is named ${JSON.stringify(String(name).slice(0, 80))}${close ? ` (did you mean "${close}"?)` : ""}; find one with ${CATALOG_NAMES.search}`);
  };

  async function call(name, args, extra, options, visible) {
    const key = Object.keys(CATALOG_NAMES).find((k) => CATALOG_NAMES[k] === name);
    if (key === undefined) return undefined;
    const client = options && options.client;
    const repaired = toolOf(key).repair(args === undefined ? {} : args, client === undefined ? undefined : { client }).value;
    if (!isObject(repaired)) return errorResult(`[${name}] the arguments must be an object`);
    if (key === "search") {
      const { query = "", limit = DEFAULT_LIMIT } = repaired;
      if (typeof query !== "string") return errorResult(`[${name}] query must be a string`);
      if (query.length > MAX_QUERY) return errorResult(`[${name}] query must be at most ${MAX_QUERY} characters (got ${query.length}): a few words of the tool's name or purpose`);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return errorResult(`[${name}] limit must be a whole number from 1 to ${MAX_LIMIT}`);
      const found = searchEntries(entries.filter((e) => visible(e.name)), query, limit);
      const shown = { tools: found.map(({ name: n, description, tags, readOnly }) => ({ name: n, description, tags, readOnly })) };
      return { content: [{ type: "text", text: JSON.stringify(shown, null, 2) }], structuredContent: shown };
    }
    const target = typeof repaired.name === "string" ? byName.get(repaired.name) : undefined;
    if (target === undefined || !visible(target.name)) return unknown(repaired.name, visible);
    if (key === "details") {
      const shown = listedAs(target.def, target.name, { client });
      return { content: [{ type: "text", text: JSON.stringify(shown, null, 2) }], structuredContent: shown };
    }
    if (key === "read" && !target.readOnly) {
      return errorResult(`[${name}] ${target.name} is not read-only (it may change things): call it with ${CATALOG_NAMES.write}`);
    }
    if (repaired.arguments !== undefined && !isObject(repaired.arguments)) return errorResult(`[${name}] arguments must be an object of ${target.name}'s parameters`);
    return callTool(target.name, repaired.arguments ?? {}, extra, options);
  }

  return { definitions, call, names: Object.values(CATALOG_NAMES) };
}
