// Tool-search payloads for the model APIs, from a registry: the tools a
// request sends so that the model loads a tool's schema only when its
// search finds it. OpenAI's Responses API: `namespace` tools (a group, or
// the plain tools in chunks) of functions with `defer_loading`, at most
// nine a namespace (OpenAI advises fewer than ten), then `tool_search`.
// Anthropic's Messages API: every tool with `defer_loading`, and the tool
// search tool (BM25 or regex). Names keep each API's rule (letters, digits,
// `_` and `-`, at most 64); `names` maps each back to the registry's.

import { fail } from "./errors.mjs";
import { knownOptions } from "./option-keys.mjs";
import { put } from "./objects.mjs";

const PER_NAMESPACE = 9;
const MAX_NAME = 64;
const VALID = /^[A-Za-z0-9_-]{1,64}$/;
const OPTIONS = { openai: ["client", "perNamespace", "name", "description"], anthropic: ["client", "search"] };

/** A name within `[A-Za-z0-9_-]{1,64}`, unique among `taken` (a suffix where two would meet). */
function safeName(name, taken) {
  const base = (name.replace(/[^A-Za-z0-9_-]/g, "_") || "tool").slice(0, MAX_NAME);
  let out = base;
  for (let i = 2; taken.has(out.toLowerCase()); i++) out = `${base.slice(0, MAX_NAME - String(i).length - 1)}_${i}`;
  taken.add(out.toLowerCase());
  return out;
}

/** Each listed tool's definition for `client`, grouped by the definition it came from (a group's actions together). */
function listedByDefinition(defs, client, refused) {
  return defs.map((def) => {
    if (def.kind === "group") return { def, tools: def.definitions({ client }, (tool, error) => refused({ tool, client, error })) };
    try {
      return { def, tools: [def.definition({ client })] };
    } catch (error) {
      refused({ tool: def.name, client, error });
      return { def, tools: [] };
    }
  });
}

/**
 * `{ tools, names }` for `vendor`: `tools` the request's tool list,
 * `names` each payload name to the registry's (for `registry.call`).
 */
export function toolSearchPayload(defs, vendor, options, { registryName, refused, closest }) {
  if (vendor !== "openai" && vendor !== "anthropic") throw fail("INVALID_OPTION", `toolSearch takes "openai" or "anthropic", got ${JSON.stringify(vendor)}`);
  const given = options === undefined ? {} : knownOptions(options, OPTIONS[vendor], `toolSearch ${vendor}`, closest);
  const client = given.client ?? vendor;
  const names = {};
  const taken = new Set();
  const groups = listedByDefinition(defs, client, refused);
  // A name already within the rule keeps it; only the others are rewritten (and give way).
  const valid = new Set();
  for (const { tools } of groups) {
    for (const tool of tools) {
      if (VALID.test(tool.name) && !taken.has(tool.name.toLowerCase())) {
        taken.add(tool.name.toLowerCase());
        valid.add(tool.name);
      }
    }
  }
  const named = (tool) => {
    const name = valid.has(tool.name) ? tool.name : safeName(tool.name, taken);
    put(names, name, tool.name); // a tool may be named "__proto__"
    return name;
  };
  if (vendor === "anthropic") {
    const search = given.search ?? "bm25";
    if (search !== "bm25" && search !== "regex") throw fail("INVALID_OPTION", `toolSearch anthropic option "search" is "bm25" or "regex", got ${JSON.stringify(search)}`);
    const tools = [search === "bm25" ? { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" } : { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" }];
    for (const { tools: listed } of groups) {
      for (const tool of listed) tools.push({ name: named(tool), description: tool.description, input_schema: tool.inputSchema, defer_loading: true });
    }
    return { tools, names };
  }
  const per = given.perNamespace ?? PER_NAMESPACE;
  if (!Number.isInteger(per) || per < 1) throw fail("INVALID_OPTION", 'toolSearch openai option "perNamespace" must be a whole number, 1 or more');
  const strict = client === "openai-strict";
  const fn = (tool) => ({ type: "function", name: named(tool), description: tool.description, defer_loading: true, parameters: tool.inputSchema, strict });
  const spaces = new Set();
  const namespaces = [];
  const add = (name, description, functions) => {
    for (let at = 0; at < functions.length; at += per) {
      const part = at === 0 ? name : `${name}_${at / per + 1}`;
      namespaces.push({ type: "namespace", name: safeName(part, spaces), description, tools: functions.slice(at, at + per).map(fn) });
    }
  };
  const plain = [];
  for (const { def, tools } of groups) {
    if (tools.length === 0) continue;
    // A group's own words, not the action list its MCP description adds (the functions say that).
    if (def.kind === "group") add(def.name, def.summary ?? `The ${def.name} actions`, tools);
    else plain.push(...tools);
  }
  if (plain.length > 0) {
    const own = given.name ?? registryName ?? "tools";
    add(own, given.description ?? `Tools: ${plain.map((t) => t.name).join(", ")}`.slice(0, 1000), plain);
  }
  return { tools: [...namespaces, { type: "tool_search" }], names };
}
