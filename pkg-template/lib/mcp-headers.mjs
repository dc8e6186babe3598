// `x-mcp-header` (MCP 2026-07-28, SEP-2243): a property of a tool's input
// may ask Streamable HTTP clients to mirror its value into an
// `Mcp-Param-{Name}` header, for gateways to route on. Conforming clients
// drop a tool whose declaration breaks the rules, so a definition is
// checked when it is made: the name an RFC 9110 token, unique without
// case; the property a string, integer or boolean reached through
// `properties` alone (not under `items`, a composition, `$defs` or a `$ref`).

import { fail } from "./errors.mjs";
import { isObject } from "./objects.mjs";

const KEY = "x-mcp-header";
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(["string", "integer", "boolean"]);

/** The one type a declaring property has (a `null` beside it allowed), or undefined. */
function primitiveOf(node) {
  const types = Array.isArray(node.type) ? node.type.filter((t) => t !== "null") : [node.type];
  return types.length === 1 && PRIMITIVE.has(types[0]) ? types[0] : undefined;
}

/** Every `x-mcp-header` in `node`, with where it is, reached or not through `properties`. */
function declarations(node, path, reached, out, depth = 0) {
  if (depth > 64) return out; // deeper than any schema a definition holds; the core refuses those
  if (Array.isArray(node)) {
    for (const item of node) declarations(item, path, false, out, depth + 1);
    return out;
  }
  if (!isObject(node)) return out;
  if (Object.hasOwn(node, KEY)) out.push({ path, reached, node });
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && isObject(value) && reached) {
      for (const [name, child] of Object.entries(value)) declarations(child, [...path, name], true, out, depth + 1);
    } else if (key !== KEY) declarations(value, path, false, out, depth + 1);
  }
  return out;
}

/** Refuses (INVALID_DEFINITION) an input schema whose header declarations a conforming client would drop the tool for. */
export function checkHeaderDeclarations(text, where) {
  if (!text.includes(`"${KEY}"`)) return;
  const seen = new Map();
  for (const { path, reached, node } of declarations(JSON.parse(text), [], true, [])) {
    const at = path.length > 0 ? path.join(".") : "the root";
    const name = node[KEY];
    if (!reached || path.length === 0) throw fail("INVALID_DEFINITION", `${where}: ${KEY} at ${at}: only a property reached through \`properties\` may carry it (not the root, an item, a union branch or a $ref target)`);
    if (typeof name !== "string" || !TOKEN.test(name)) throw fail("INVALID_DEFINITION", `${where}: ${KEY} at ${at} must be an HTTP header name token (letters, digits, ${"!#$%&'*+-.^_`|~"}), got ${JSON.stringify(name)}`);
    if (primitiveOf(node) === undefined) throw fail("INVALID_DEFINITION", `${where}: ${KEY} at ${at}: the property must be a string, integer or boolean, got ${JSON.stringify(node.type ?? "no type")}`);
    const lower = name.toLowerCase();
    if (seen.has(lower)) throw fail("INVALID_DEFINITION", `${where}: ${KEY} "${name}" at ${at} and at ${seen.get(lower)} name one header (names are compared without case)`);
    seen.set(lower, at);
  }
}

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header's value as sent: `=?base64?...?=` decoded (UTF-8), anything else as it is; undefined for a payload that is no Base64. */
function decoded(value) {
  const m = SENTINEL.exec(value);
  if (m === null) return value;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** A header of a request's headers (a `Headers`, or a plain object), looked up without case. */
function headerOf(headers, name) {
  if (typeof headers.get === "function") return headers.get(name) ?? undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** A listed input schema's header declarations a call is held to: `[{ path, node }]` (definitions refuse the others). */
function declaredHeaders(schema) {
  return declarations(schema, [], true, []).filter(({ path, reached }) => reached && path.length > 0);
}

/**
 * Why a call's `Mcp-Param-*` headers disagree with its arguments, or
 * undefined: each declared property with a value (not null) must have its
 * header, and the header must say the same (an integer compared as a
 * number). Thrown by the caller as JSON-RPC error -32020 (HeaderMismatch).
 */
function headerMismatch(declared, args, headers) {
  if (!isObject(args)) return undefined;
  for (const { path, node } of declared) {
    let value = args;
    for (const key of path) value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    if (value === undefined || value === null) continue;
    const header = `Mcp-Param-${node[KEY]}`;
    const sent = headerOf(headers, header);
    if (sent === undefined) return `${header} is missing, and the argument ${path.join(".")} has a value`;
    const said = decoded(String(sent).trim());
    if (said === undefined) return `${header} is wrapped as Base64 but its payload is not valid Base64`;
    const same = typeof value === "number" ? said.trim() !== "" && Number(said) === value : typeof value === "boolean" ? said === String(value) : said === value;
    if (!same) return `${header} says ${JSON.stringify(said.slice(0, 80))}, but the argument ${path.join(".")} is ${JSON.stringify(value).slice(0, 80)}`;
  }
  return undefined;
}

/**
 * Each tool's header declarations, by name, found once a registry (not once
 * a request: a stateless server attaches for every one); `definitionOf(name)`
 * is the tool as listed, or undefined. Only the registry's own names are
 * kept: a name is the client's text, and a client calling a million unknown
 * names must not grow the server's memory.
 */
export function headerDeclarationsOf(definitionOf) {
  const found = new Map();
  return (name) => {
    let declared = found.get(name);
    if (declared === undefined) {
      const listed = definitionOf(name);
      if (listed === undefined) return [];
      declared = declaredHeaders(listed.inputSchema);
      found.set(name, declared);
    }
    return declared;
  };
}

/**
 * attach's check of a call's headers (`headers`: the request's, a `Headers`
 * or a plain object; undefined checks nothing): `(name, args)` to the
 * mismatch, where `declaredOf` is headerDeclarationsOf's.
 */
export function headerCheckFor(headers, declaredOf) {
  if (headers === undefined) return () => undefined;
  if (!isObject(headers) && typeof headers?.get !== "function") throw fail("INVALID_OPTION", 'attach option "headers" is the request\'s headers (a Headers, or an object of them)');
  return (name, args) => {
    const declared = typeof name === "string" ? declaredOf(name) : [];
    if (declared.length === 0) return undefined;
    let parsed = args;
    if (typeof args === "string") {
      try {
        parsed = JSON.parse(args);
      } catch {
        return undefined; // repair and validation say what is wrong with it
      }
    }
    return headerMismatch(declared, parsed, headers);
  };
}
