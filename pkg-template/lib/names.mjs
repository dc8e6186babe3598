// Tool names for structured identifiers: createNameTable, parseToolIdentifier
// and toolIdentifierSchema. The core names a whole set at once (valid for the
// client, distinct, independent of order); lookups both ways are JS Maps
// built from its answer, so `name` and `resolve` never cross into wasm, and
// the core is asked again only to word an error.

import { fail } from "./errors.mjs";
import { jsonText, optionsText } from "./json-text.mjs";
import { freezeDeep } from "./objects.mjs";

const PARTS = ["toolbox", "server", "tool"];

/**
 * The lookup key of an identifier with three string parts, else undefined:
 * each of the first two parts led by its length, so no two identifiers
 * share a key.
 */
function keyOf(id) {
  if (id === null || typeof id !== "object") return undefined;
  const { toolbox, server, tool } = id;
  if (typeof toolbox !== "string" || typeof server !== "string" || typeof tool !== "string") return undefined;
  return `${toolbox.length}:${toolbox}${server.length}:${server}${tool}`;
}

/**
 * A frozen copy of an identifier that is a plain `{ toolbox, server, tool }`
 * of strings (each part read once), else undefined.
 */
function plainCopy(id) {
  if (id === null || typeof id !== "object" || Array.isArray(id)) return undefined;
  const keys = Object.keys(id);
  if (keys.length !== 3 || !keys.every((k) => PARTS.includes(k))) return undefined;
  const { toolbox, server, tool } = id;
  if (typeof toolbox !== "string" || typeof server !== "string" || typeof tool !== "string") return undefined;
  return Object.freeze({ toolbox, server, tool });
}

/**
 * The identifiers as the core reads them (JSON text), and the frozen
 * copies callers get back. Plain identifiers are copied once, each part
 * read once; anything else is written as given, for the core to name what
 * is wrong, and read back from that text.
 */
function readIds(ids) {
  const copies = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const copy = plainCopy(ids[i]);
    if (copy === undefined) {
      const text = jsonText(ids, "the identifiers", "INVALID_IDENTIFIER");
      return { json: () => text, read: () => JSON.parse(text).map((id) => Object.freeze({ toolbox: id.toolbox, server: id.server, tool: id.tool })) };
    }
    copies[i] = copy;
  }
  let text;
  return { json: () => (text === undefined ? (text = JSON.stringify(copies)) : text), read: () => copies };
}

/** The core's limit on one part (MAX_PART_CHARS). */
const MAX_PART_CHARS = 65536;
const part = (description) => ({ type: "string", minLength: 1, maxLength: MAX_PART_CHARS, description });

/**
 * The JSON Schema of an identifier: strict, every part non-empty. It
 * accepts exactly what parseToolIdentifier does (js-tests/names.test.mjs).
 */
export const toolIdentifierSchema = freezeDeep({
  type: "object",
  properties: {
    toolbox: part("The toolbox (a group of servers)"),
    server: part("The server within the toolbox"),
    tool: part("The tool's own name on that server"),
  },
  required: ["toolbox", "server", "tool"],
  additionalProperties: false,
});

/** SEP-986's length for a tool name; the spec's text allows 128. */
const SEP_986_CHARS = 64;
const SPEC_TEXT_CHARS = 128;
/** The characters the spec's text allows in a tool name, and `/`, which SEP-986 adds. */
const READ_ALIKE = /^[A-Za-z0-9_.\-/]*$/;

/**
 * Where MCP's two readings of a tool name disagree, stated once for the name
 * table and the registry: the spec's text (at most 128 characters of
 * `A-Z a-z 0-9 _ . -`) and SEP-986 (at most 64, `/` allowed), which
 * clients follow one or the other. `given[i]`, when there is one, is what
 * a name table made `names[i]` from (a `/` there became `_`; a long one
 * was shortened). `[{ index, message }]` for each name warned.
 */
export function nameWarnings(names, given) {
  const out = [];
  names.forEach((name, index) => {
    const from = given === undefined ? name : given[index];
    const said = [];
    if (from.includes("/")) said.push(`has a "/", which the spec's text refuses and SEP-986 allows${name.includes("/") ? "" : ': written as "_"'}`);
    if (name.length > SEP_986_CHARS) said.push(`is ${name.length} characters: clients that follow SEP-986 refuse more than ${SEP_986_CHARS}${name.length > SPEC_TEXT_CHARS ? `, and the spec's text more than ${SPEC_TEXT_CHARS}` : ""}`);
    else if (from.length > SEP_986_CHARS && name.length < from.length) said.push(`was shortened to ${name.length} characters (SEP-986 allows ${SEP_986_CHARS}; this client fewer)`);
    if (!READ_ALIKE.test(name)) said.push("has a character outside A-Z a-z 0-9 _ . - (the spec's text), which a client may refuse or rewrite");
    if (said.length > 0) out.push({ index, message: `${JSON.stringify(from.slice(0, 200))} ${said.join("; ")}` });
  });
  return out;
}

export function makeNames(core) {
  /** Reads an identifier through the core: a frozen `{ toolbox, server, tool }`. */
  function parseToolIdentifier(value) {
    const text = jsonText(value === undefined ? null : value, "the tool identifier", "INVALID_IDENTIFIER");
    return Object.freeze(JSON.parse(core.guard(() => core.wasm.parseToolIdentifier(text))));
  }

  function createNameTable(ids, options) {
    if (!Array.isArray(ids)) throw fail("INVALID_IDENTIFIER", "createNameTable takes an array of identifiers { toolbox, server, tool }");
    const { json: idsJson, read: copies } = readIds(ids);
    const given = optionsText(options, "createNameTable");
    const names = JSON.parse(core.guard(() => core.wasm.nameTable(idsJson(), given)));
    // The core checked every item; these copies are what callers get back.
    const read = copies();
    const byKey = new Map();
    const byName = new Map();
    const entries = read.map((id, i) => {
      byKey.set(keyOf(id), names[i]);
      byName.set(names[i], id);
      return Object.freeze({ id, name: names[i] });
    });
    const client = options && typeof options.client === "string" ? options.client : "mcp";

    return Object.freeze({
      client,
      /** The flat name of an identifier; `UNKNOWN_TOOL` naming the part that is unknown. */
      name(id) {
        const key = keyOf(id);
        const found = key === undefined ? undefined : byKey.get(key);
        if (found !== undefined && Object.keys(id).every((k) => PARTS.includes(k))) return found;
        const checked = parseToolIdentifier(id);
        return core.guard(() => core.wasm.unknownTool(idsJson(), JSON.stringify(checked)));
      },
      /** The identifier a flat name stands for, or undefined: by lookup, never by splitting. */
      resolve(name) {
        return typeof name === "string" ? byName.get(name) : undefined;
      },
      /** `[{ id, name }]` in the order the identifiers were given. */
      entries() {
        return entries.slice();
      },
      /** Names the two readings of MCP's naming rule disagree on (nameWarnings). */
      warnings() {
        const joined = entries.map(({ id }) => `${id.toolbox}__${id.server}__${id.tool}`);
        return nameWarnings(names, joined).map(({ index, message }) => Object.freeze({ id: entries[index].id, name: names[index], message }));
      },
    });
  }

  return { createNameTable, parseToolIdentifier };
}
