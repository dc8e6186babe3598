// A raw shape's members are converted one by one, and a member may refer to
// definitions of its own ("#/$defs/Name": a z.lazy inside it, an id in Zod's
// registry) and to its own root ("#": a recursive member). Under the
// object's `properties` those would name the object's root, so the
// definitions move to the object's `$defs`, a referred-to root becomes one
// too, and every reference is rewritten to match. A definition two members
// share (the same id, the same schema) is kept once; names that would clash
// get a number.

import { clip } from "./call-path.mjs";
import { fail } from "./errors.mjs";
import { jsonText } from "./json-text.mjs";
import { hasOwn, isPlainObject, put } from "./objects.mjs";

/** Keywords whose values are data, not schemas: a `$ref` there is left alone. */
const DATA = new Set(["const", "enum", "default", "examples", "example"]);
/** Keywords whose values map names to schemas: a name there is no keyword (a property may be called `default`). */
const NAMED = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/** The definitions of every member of one shape, gathered under the object's root. */
export class ShapeDefs {
  /** name -> { schema, text }: the schema as rewritten, the text it was read as (for sharing). */
  #defs = new Map();

  /** The member's schema to put under `properties`, its definitions taken into this set. */
  take(key, converted) {
    // A copy that is JSON (no cycle, no getter, at most the core's depth),
    // which the rewriting below may change and walk recursively.
    const where = `the schema at ${JSON.stringify(clip(key, 64))}`;
    const json = JSON.parse(jsonText(converted, where, "INVALID_SCHEMA"));
    if (!isPlainObject(json)) return json;
    if (hasOwn(json, "definitions")) {
      throw fail("INVALID_SCHEMA", `${where} keeps definitions under "definitions" (draft-07): give its JSON Schema for draft 2020-12`);
    }
    const local = isPlainObject(json.$defs) ? json.$defs : {};
    const body = {};
    for (const name of Object.keys(json)) if (name !== "$schema" && name !== "$defs") put(body, name, json[name]);
    // Each definition's references and text, found once.
    const found = new Map(Object.keys(local).map((name) => [name, { refs: refs(local[name]), text: JSON.stringify(local[name]) }]));
    const names = this.#names(found);
    const rootReferred = atRoot(refs(body)) || [...found.values()].some((def) => atRoot(def.refs));
    const root = rootReferred ? this.#fresh(key) : undefined;
    if (root !== undefined) this.#defs.set(root, { schema: null, text: "" });
    const rewrite = (ref) => rewritten(ref, names, root, where);
    for (const [name, { text }] of found) {
      const to = names.get(name);
      if (to.shared) continue;
      this.#defs.set(to.name, { schema: withRefs(local[name], rewrite), text });
    }
    const schema = withRefs(body, rewrite);
    if (root === undefined) return schema;
    this.#defs.set(root, { schema, text: "" });
    return { $ref: `#/$defs/${escape(root)}` };
  }

  /** The gathered `$defs`, or undefined when no member had any. */
  done() {
    if (this.#defs.size === 0) return undefined;
    const out = {};
    for (const [name, { schema }] of this.#defs) put(out, name, schema);
    return out;
  }

  /**
   * What each local name becomes: the same name, shared, when that name is
   * here already with the same schema and everything it refers to is shared
   * too; else a name of its own.
   */
  #names(found) {
    const shared = new Set([...found].filter(([name, def]) => this.#defs.get(name)?.text === def.text && !atRoot(def.refs)).map(([name]) => name));
    // A name not shared unshares every definition that refers to it, and so
    // on back along the references: once each, by a worklist.
    const users = new Map();
    for (const [name, def] of found) {
      for (const to of localNames(def.refs)) {
        if (!users.has(to)) users.set(to, []);
        users.get(to).push(name);
      }
    }
    const pending = [...found.keys()].filter((name) => !shared.has(name));
    while (pending.length > 0) {
      for (const user of users.get(pending.pop()) ?? []) {
        if (shared.delete(user)) pending.push(user);
      }
    }
    const names = new Map();
    for (const name of found.keys()) {
      if (shared.has(name)) {
        names.set(name, { name, shared: true });
      } else {
        const fresh = this.#fresh(name);
        this.#defs.set(fresh, { schema: null, text: "" });
        names.set(name, { name: fresh, shared: false });
      }
    }
    return names;
  }

  /** name -> the number its next clash tries first (each member's lazy schema is `__schema0`). */
  #next = new Map();

  /** `name`, or `name_2`, `name_3`, ... : the first not taken. */
  #fresh(name) {
    if (!this.#defs.has(name)) return name;
    let n = this.#next.get(name) ?? 2;
    while (this.#defs.has(`${name}_${n}`)) n++;
    this.#next.set(name, n + 1);
    return `${name}_${n}`;
  }
}

/**
 * A copy of a schema with every `$ref` string rewritten; data keywords are
 * copied as they are. `named`: `value` maps names to schemas.
 */
function withRefs(value, rewrite, named = false) {
  if (Array.isArray(value)) return value.map((item) => withRefs(item, rewrite));
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (named) put(out, key, withRefs(item, rewrite));
    else if (key === "$ref" && typeof item === "string") put(out, key, rewrite(item));
    else put(out, key, DATA.has(key) ? item : withRefs(item, rewrite, NAMED.has(key)));
  }
  return out;
}

/** Every `$ref` string in a schema, as `withRefs` finds them. */
function refs(value, out = [], named = false) {
  if (Array.isArray(value)) {
    for (const item of value) refs(item, out);
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (named) refs(value[key], out);
      else if (key === "$ref" && typeof value[key] === "string") out.push(value[key]);
      else if (!DATA.has(key)) refs(value[key], out, NAMED.has(key));
    }
  }
  return out;
}

/** Whether references name their document's root, or somewhere in it but its definitions. */
function atRoot(list) {
  return list.some((ref) => ref === "#" || (ref.startsWith("#/") && !ref.startsWith("#/$defs/")));
}

/** The definitions references name, by name. */
function localNames(list) {
  return list.filter((ref) => ref.startsWith("#/$defs/")).map((ref) => unescape(ref.slice("#/$defs/".length).split("/")[0]));
}

/** A member's reference as the object's: its definitions renamed, its root a definition. */
function rewritten(ref, names, root, where) {
  if (ref.startsWith("#/$defs/")) {
    const [first, ...rest] = ref.slice("#/$defs/".length).split("/");
    const to = names.get(unescape(first));
    // Among the object's definitions it could name another member's.
    if (to === undefined) throw fail("INVALID_SCHEMA", `${where}: its $ref "${ref.slice(0, 80)}" names no definition of its own`);
    return ["#/$defs", escape(to.name), ...rest].join("/");
  }
  if (root !== undefined && (ref === "#" || ref.startsWith("#/"))) return `#/$defs/${escape(root)}${ref.slice(1)}`;
  return ref;
}

/** A JSON Pointer segment (RFC 6901). */
const escape = (name) => name.replaceAll("~", "~0").replaceAll("/", "~1");
const unescape = (segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~");
