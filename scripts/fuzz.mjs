// `npm run fuzz -- SECONDS [--seed N]`: a seeded fuzz campaign over the
// built package. Cases start from the Zod fixtures and are mutated: schemas,
// hostile argv, arguments as clients send them (stringified) and as a
// caller's object may be (a getter that throws), and option objects
// (misspelt, cyclic, deep, of the wrong type). One case in five is
// for the parts above one tool (name tables, command sets, definitions and
// registries: scripts/fuzz-serving.mjs). After every call it checks the
// invariants of the contract:
//
//   only ToolshapeErrors with documented codes are thrown; the module still
//   works; no prototype changed; what comes out is plain JSON; a call takes
//   bounded time and grows wasm memory by a bounded amount; where repair's
//   quick check answers without wasm, wasm finds nothing to repair either;
//   a full parse that succeeds gives what a partial parse gives; what
//   parses, toArgv writes back to argv that parses the same; a command
//   set parses as its word's tool does alone.
//
// A finding is shrunk to a smaller case that fails the same check and saved
// in tests/fuzz-regressions/, which `npm test` replays (js-tests/fuzz.test.mjs).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { SERVING_OPS, makeServingCase, runServing } from "./fuzz-serving.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
export const regressionDir = join(root, "tests", "fuzz-regressions");

/** A call slower than this is a finding (a hang in the making). */
const MAX_CALL_MS = 2000;
/**
 * What one call may add to wasm memory, and may return: a small multiple of
 * its input, plus a fixed allowance for the allocator's first pages and for
 * `$ref`s inlined up to the schema weight limit. Memory past 8 MB grows by
 * half its size at a time (src/headroom.rs): half more than the call needs,
 * or half of what memory was.
 */
const ALLOWANCE_BYTES = 8 * 1024 * 1024;
const PER_INPUT_BYTE = 64;

// --- seeded randomness ------------------------------------------------------

export function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

// --- case generation ----------------------------------------------------------

const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "", " ", "a-b", "a.b", "=", "\u0000", "名前", "x".repeat(300)];
const HOSTILE_TEXT = ["", "-", "--", "-h", "-hx", "--help", "--no-", "=", "null", "true", "1e400", "-0", "0x10", "NaN", "[", "{", '{"__proto__":{"x":1}}', "[1,2", '"\\u0000"', "\u0000", "\uD800", "x".repeat(10000), "é".repeat(200), "{\"a\":".repeat(200)];
const KEYWORDS = ["type", "properties", "required", "items", "prefixItems", "anyOf", "oneOf", "allOf", "not", "$ref", "$defs", "enum", "const", "default", "nullable", "additionalProperties", "description", "cli", "if", "then", "dependentSchemas", "dependencies", "deprecated", "count", "aliases"];
const TYPES = ["object", "string", "number", "integer", "boolean", "array", "null", "strng", 7];
const REFS = ["#", "#/$defs/a", "#/properties/x", "#/$defs/nope", "other.json#/x", "#/definitions/a", "#/$defs/%25", "#/properties"];

function fixtureSchemas() {
  const out = [];
  for (const dir of ["zod", "zod-actions"]) {
    const folder = join(root, "tests", "fixtures", dir);
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith(".json") || file === "many-actions.json") continue;
      const fixture = JSON.parse(readFileSync(join(folder, file), "utf8"));
      for (const schema of Object.values(fixture.variants)) out.push(schema);
    }
  }
  return out;
}

/** `object[key] = value` as JSON.parse does it: `__proto__` an own key, never the prototype. */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function randomScalar(r) {
  switch (r.int(6)) {
    case 0: return r.pick(HOSTILE_TEXT);
    case 1: return r.int(2) === 0 ? r.int(100) - 50 : r.next() * 1e6;
    case 2: return r.chance(0.5);
    case 3: return null;
    case 4: return r.pick(TYPES);
    default: return r.pick(REFS);
  }
}

function randomValue(r, depth = 0) {
  if (depth > 3 || r.chance(0.5)) return randomScalar(r);
  if (r.chance(0.4)) return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
  const out = {};
  for (let i = r.int(4); i > 0; i--) put(out, r.chance(0.7) ? r.pick(KEYWORDS) : r.pick(HOSTILE_KEYS), randomValue(r, depth + 1));
  return out;
}

/** Every (parent, key) place inside a JSON value. */
function places(value, out = [], depth = 0) {
  if (depth > 12 || value === null || typeof value !== "object") return out;
  for (const key of Object.keys(value)) {
    out.push([value, key]);
    places(value[key], out, depth + 1);
  }
  return out;
}

function deepNest(r) {
  let node = { type: "string" };
  for (let i = 0, n = r.pick([50, 70, 130, 2000]); i < n; i++) node = { type: "object", properties: { n: node } };
  return node;
}

// --- widening -----------------------------------------------------------------
//
// The mutations above keep cases small, so work that grows with the square
// of a list (each item looked up among the items before it) passed them:
// the widenings below multiply one list of a case (properties, enum values,
// union branches, definitions, required names, argument keys) to a width
// where such work takes seconds and linear work milliseconds.

/** How wide a widened list gets. */
const WIDTHS = [300, 3000, 12000];

/** The i-th of many keys: in the cases and spellings flag names are made from, each its own flag. */
function plainKey(i) {
  return [`k${i}Ab`, `k${i}-cd`, `k${i}_ef`, `K${i}GH`][i & 3];
}

/**
 * The i-th of many keys, every four of them one flag name once cased and
 * joined (`k1Ab`, `k1-ab`, `k1_ab`, `K1_AB`): flag-name collisions as wide.
 */
function collidingKey(i) {
  const base = `k${i >> 2}`;
  return [`${base}Ab`, `${base}-ab`, `${base}_ab`, `${base.toUpperCase()}_AB`][i & 3];
}

/**
 * The i-th of many keys of 100 characters that differ only at the end:
 * every "did you mean" for a flag typed near them compares each in full
 * (an argv of such flags once took 74 s).
 */
function longKey(i) {
  return `${"p".repeat(94)}${String(i).padStart(6, "0")}`;
}

/** The schema objects inside a schema: not the maps of `properties` or `$defs` themselves. */
function schemaNodes(value, out = [], depth = 0, container = false) {
  if (depth > 12 || value === null || typeof value !== "object") return out;
  if (!Array.isArray(value) && !container) out.push(value);
  for (const key of Object.keys(value)) objectsUnder(value, key, out, depth);
  return out;
}

function objectsUnder(parent, key, out, depth) {
  const maps = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];
  schemaNodes(parent[key], out, depth + 1, !Array.isArray(parent) && maps.includes(key));
}

/** A branch copy told apart from the others by a literal key, as an action union's are. */
function actionBranch(template, i) {
  const branch = template && typeof template === "object" && !Array.isArray(template) ? JSON.parse(JSON.stringify(template)) : { type: "object" };
  if (!branch.properties || typeof branch.properties !== "object" || Array.isArray(branch.properties)) put(branch, "properties", {});
  put(branch.properties, "action", { type: "string", const: `a${i}` });
  put(branch, "type", "object");
  return branch;
}

/** Multiplies one list of `node` (a schema object inside `top`, the root) in place. */
function widenNode(r, node, top) {
  const n = r.pick(WIDTHS);
  const old = (key) => (Array.isArray(node[key]) ? node[key] : []);
  const wideKey = r.pick([collidingKey, longKey, plainKey, plainKey, plainKey]);
  switch (r.int(7)) {
    case 0: {
      const props = node.properties && typeof node.properties === "object" && !Array.isArray(node.properties) ? node.properties : {};
      const values = Object.values(props);
      const wide = {};
      for (const [k, v] of Object.entries(props)) put(wide, k, v);
      for (let i = 0; i < n; i++) put(wide, wideKey(i), values.length > 0 && r.chance(0.7) ? values[i % values.length] : { type: r.pick(["string", "number", "boolean", "integer"]) });
      put(node, "properties", wide);
      if (node.type === undefined) put(node, "type", "object");
      if (r.chance(0.5)) put(node, "required", Object.keys(wide).filter((_, i) => i % 3 === 0));
      break;
    }
    case 1: {
      const kinds = [(i) => `v${i}`, (i) => i, (i) => i / 7, (i) => (i % 2 ? `v${i}` : i), (i) => ({ v: i }), (i) => [i]];
      const make = r.pick(kinds);
      put(node, "enum", [...old("enum"), ...Array.from({ length: n }, (_, i) => make(i))]);
      break;
    }
    case 2: {
      const key = r.pick(["anyOf", "oneOf"]);
      const branches = old(key);
      const template = branches.length > 0 ? branches[0] : node;
      // Literals, some described (usage and completion list what each means).
      const literal = (i) => (r.chance(0.5) ? { type: "string", const: `s${i}`, description: r.pick(HOSTILE_TEXT) } : { type: "string", const: `s${i}` });
      const allLiterals = r.chance(0.3);
      put(node, key, [...branches, ...Array.from({ length: n }, (_, i) => (!allLiterals && r.chance(0.8) ? actionBranch(template, i) : literal(i)))]);
      break;
    }
    case 3: {
      // At the root, where `#/$defs/...` points. Each definition names
      // another: the next (a chain, which is refused as too deep), itself,
      // or one of the first few; the root's properties name many of them.
      const root = r.chance(0.8) ? top : node;
      const defs = root.$defs && typeof root.$defs === "object" && !Array.isArray(root.$defs) ? root.$defs : {};
      const wide = {};
      for (const [k, v] of Object.entries(defs)) put(wide, k, v);
      const target = r.pick([(i) => (i + 1) % n, (i) => i, (i) => i % 5]);
      for (let i = 0; i < n; i++) put(wide, `d${i}`, r.chance(0.7) ? { type: "object", properties: { next: { $ref: `#/$defs/d${target(i)}` }, name: { type: "string" } } } : { $ref: `#/$defs/d${target(i)}` });
      put(root, "$defs", wide);
      const props = {};
      for (let i = 0; i < n; i += r.pick([1, 7, n])) put(props, wideKey(i), { $ref: `#/$defs/d${i}` });
      put(root, "properties", props);
      if (root.type === undefined) put(root, "type", "object");
      break;
    }
    case 4:
      put(node, "required", [...old("required"), ...Array.from({ length: n }, (_, i) => wideKey(i))]);
      break;
    case 5:
      put(node, "allOf", [...old("allOf"), ...Array.from({ length: Math.min(n, 3000) }, (_, i) => ({ type: "object", properties: { [wideKey(i)]: { type: "string" } }, required: [wideKey(i)] }))]);
      break;
    default:
      put(node, "prefixItems", [...old("prefixItems"), ...Array.from({ length: n }, () => ({ type: r.pick(["string", "number"]) }))]);
      if (node.type === undefined) put(node, "type", "array");
  }
}

/** Arguments multiplied: many keys beside the ones a case has, nested or not. */
function widenArgs(r, args) {
  const n = r.pick(WIDTHS);
  const target = r.chance(0.5) || Object.keys(args).length === 0 ? args : args[r.pick(Object.keys(args))];
  const into = target && typeof target === "object" && !Array.isArray(target) ? target : args;
  for (let i = 0; i < n; i++) put(into, plainKey(i), r.chance(0.5) ? String(i) : JSON.stringify({ v: i }));
  return args;
}

export function mutateSchema(r, schema) {
  const copy = JSON.parse(JSON.stringify(schema));
  if (r.chance(0.05)) return deepNest(r);
  const nodes = r.chance(0.05) ? schemaNodes(copy) : [];
  if (nodes.length > 0) {
    // The root half the time: its lists are the flags and the actions.
    widenNode(r, r.chance(0.5) ? nodes[0] : r.pick(nodes), nodes[0]);
    return copy;
  }
  for (let i = r.int(4); i >= 0; i--) {
    const all = places(copy);
    if (all.length === 0) break;
    const [parent, key] = r.pick(all);
    switch (r.int(5)) {
      case 0: put(parent, key, randomValue(r)); break;
      case 1: if (!Array.isArray(parent)) delete parent[key]; break;
      case 2: if (!Array.isArray(parent)) put(parent, r.pick(HOSTILE_KEYS), parent[key]); break;
      case 3: put(parent, key, { $ref: r.pick(REFS) }); break;
      default: if (typeof parent[key] === "object" && parent[key] !== null && !Array.isArray(parent[key])) put(parent[key], r.pick(KEYWORDS), randomValue(r));
    }
  }
  return copy;
}

function randomArgv(r, flags) {
  const argv = [];
  // An action union's argv starts with the action's words.
  const actions = [...new Set(flags.flatMap((f) => f.actions ?? []))];
  if (actions.length > 0 && r.chance(0.8)) argv.push(...r.pick(actions).split(":"));
  // What an agent types: the whole input as JSON (hostile text too), or a description of the program.
  if (r.chance(0.06)) {
    const text = r.chance(0.5) ? JSON.stringify(randomArgs(r, flags)) : r.pick(HOSTILE_TEXT);
    argv.push(...(r.chance(0.5) ? ["--json", text] : [`--json=${text}`]));
    if (r.chance(0.2)) argv.push(`--${flags.length > 0 ? r.pick(flags).name : "x"}`);
    return argv;
  }
  if (r.chance(0.02)) return [...argv, r.pick(["--help=json", "--help=md", "--schema"])];
  for (let i = r.int(8); i > 0; i--) {
    const flag = flags.length > 0 && r.chance(0.8) ? r.pick(flags) : null;
    const name = flag ? flag.name : r.pick(HOSTILE_KEYS);
    switch (r.int(8)) {
      case 0: argv.push(`--${name}`); break;
      // JSON text for a value, a list's item or several (hostile keys inside).
      case 7: argv.push(`--${name}`, JSON.stringify(randomValue(r))); break;
      // A record's KEY=VALUE entry, with hostile keys and values.
      case 6: argv.push(`--${name}`, `${r.pick(HOSTILE_KEYS)}=${r.chance(0.5) ? r.pick(HOSTILE_TEXT) : String(randomScalar(r))}`); break;
      case 1: argv.push(`--${name}=${r.pick(HOSTILE_TEXT)}`); break;
      case 2: argv.push(`--no-${name}`); break;
      case 3: argv.push(flag && flag.short ? `-${flag.short}` : `-${name.slice(0, 3)}`); break;
      default: argv.push(`--${name}`, String(randomScalar(r)));
    }
    if (flag && flag.choices && r.chance(0.3)) argv.push(String(r.pick(flag.choices)));
    // A tuple's words after its flag: as many as it takes, or one too few or too many.
    if (flag && flag.nargs && r.chance(0.5)) {
      const words = flag.nargs + r.pick([-1, 0, 0, 1]);
      for (let w = 0; w < words; w++) argv.push(r.chance(0.2) ? r.pick(HOSTILE_TEXT) : String(randomScalar(r)));
    }
  }
  if (r.chance(0.1)) argv.push(...Array.from({ length: 2000 }, (_, i) => (i % 2 ? "x" : "--nope")));
  // Many unknown flags, each a letter off a flag of the schema: a
  // suggestion for each would compare it with every name in full (most
  // often for a wide schema, where that costs).
  if (flags.length > 0 && r.chance(flags.length > 100 ? 0.3 : 0.05)) for (let i = 0; i < 200; i++) argv.push(`--${r.pick(flags).name.slice(0, -1)}q`, "v");
  // Many entries for one flag: a record merges them all.
  if (flags.length > 0 && r.chance(0.05)) {
    const name = r.pick(flags).name;
    for (let i = 0; i < 5000; i++) argv.push(`--${name}`, `k${i % 997}=${i}`);
  }
  // Many items for one flag: a list appends them all.
  if (flags.length > 0 && r.chance(0.05)) {
    const name = r.pick(flags).name;
    for (let i = 0; i < 5000; i++) argv.push(`--${name}`, i % 2 ? `[{"v":${i}},{"__proto__":{"v":${i}}}]` : `{"v":${i}}`);
  }
  // Every flag of a wide schema at once, each given a value.
  if (flags.length > 0 && r.chance(0.05)) for (const flag of flags.slice(0, r.pick(WIDTHS))) argv.push(`--${flag.name}`, String(randomScalar(r)));
  if (r.chance(0.1)) argv.push("--", ...argv.slice(0, 3));
  return argv;
}

/** Arguments as broken clients send them: values, or their JSON text. */
function randomArgs(r, flags) {
  const args = {};
  for (const flag of flags) {
    if (!r.chance(0.5)) continue;
    let node = args;
    for (const key of flag.path.slice(0, -1)) {
      if (!(Object.hasOwn(node, key) && typeof node[key] === "object" && node[key])) put(node, key, {});
      node = node[key];
    }
    const value = randomValue(r);
    put(node, flag.path[flag.path.length - 1], r.chance(0.5) ? JSON.stringify(value) : value);
  }
  if (r.chance(0.2)) put(args, r.pick(HOSTILE_KEYS), JSON.stringify(randomValue(r)));
  if (r.chance(0.03)) widenArgs(r, args);
  return r.chance(0.15) ? JSON.stringify(args) : args;
}

/** Option objects, written so that cases stay JSON: `{ $cyclic: key }` and `{ $deep: n }` are made real at run time. */
function randomOptions(r, keys) {
  switch (r.int(8)) {
    case 0: return undefined;
    case 1: return { $cyclic: r.pick(keys) };
    case 2: return { $deep: r.pick([100, 5000]) };
    case 3: return r.pick([3, "x", [], null, true]);
    case 4: return { [`${r.pick(keys)}x`]: 1 };
    default: {
      const o = {};
      put(o, r.pick(keys), randomValue(r));
      return o;
    }
  }
}

export function realOptions(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) return options;
  if (Object.hasOwn(options, "$cyclic")) {
    const o = {};
    o[options.$cyclic] = o;
    return o;
  }
  if (Object.hasOwn(options, "$deep")) {
    let o = {};
    for (let i = 0; i < options.$deep; i++) o = { flags: o };
    return o;
  }
  return options;
}

const OPS = ["inputSchema", "usage", "parseArgv", "fromFlagValues", "repair", "toArgv", "actionHelp", "flags", "check", "complete", "deprecatedIn"];
const OPTION_KEYS = {
  compile: ["name", "separator", "case", "maxDepth", "flatten", "flags", "envPrefix"],
  inputSchema: ["client", "actionsAs"],
  usage: ["format", "width", "topic"],
  parseArgv: ["env"],
  fromFlagValues: ["env"],
  actionHelp: ["topic", "discriminator", "strict"],
  repair: ["client"],
};

/** Every client name, as the package lists them (`check(schema, "all")`). */
let clientNames;
const clientsOf = (api) => (clientNames ??= api.check({ type: "object" }, "all").map((c) => c.client));

/** Ops whose options name a client. */
const CLIENT_OPS = ["inputSchema", "repair", "check"];

/** Options a caller would pass: a real client (each profile's rewrite and its undoing), a real form. */
function validOptions(r, op, clients) {
  if (op === "inputSchema") return r.chance(0.3) ? { client: r.pick(clients), actionsAs: r.pick(["flat", "oneOf"]) } : { client: r.pick(clients) };
  if (op === "repair") return { client: r.pick(clients) };
  return r.pick([...clients, "all"]);
}

/** The share of cases for the parts above one tool (scripts/fuzz-serving.mjs). */
const SERVING_SHARE = 0.2;

/** A serving case's schemas are at most this long as JSON (wider ones are swapped for a fixture). */
const SERVING_SCHEMA_CHARS = 20_000;

/** A schema's flags, or none when it does not compile. */
function flagsOf(api, schema) {
  try {
    const tool = api.compile(schema);
    const flags = tool.flags();
    tool.free();
    return flags;
  } catch {
    return [];
  }
}

/** The generators made for each list of schemas (one per campaign), so that the small ones are filtered once. */
const generatorsMade = new WeakMap();

/** What the serving cases build theirs from: this file's generators. */
function generatorsOf(schemas) {
  let made = generatorsMade.get(schemas);
  if (made === undefined) {
    made = makeGenerators(schemas);
    generatorsMade.set(schemas, made);
  }
  return made;
}

function makeGenerators(schemas) {
  let smallSchemas;
  return {
    WIDTHS,
    put,
    randomValue,
    randomOptions,
    realOptions,
    isPlainJson,
    flagsOf,
    clients: clientsOf,
    // Serving cases hold many schemas: a widened one (as a tool case's may
    // be) would make a case of hundreds of megabytes; they widen their own lists.
    schema: (r) => {
      const schema = r.chance(0.7) ? mutateSchema(r, r.pick(schemas)) : r.pick(schemas);
      return JSON.stringify(schema).length > SERVING_SCHEMA_CHARS ? r.pick(schemas) : schema;
    },
    // What thousands of actions or commands share: a fixture of at most 2,000 characters.
    smallSchema: (r) => r.pick((smallSchemas ??= schemas.filter((s) => JSON.stringify(s).length <= 2000))),
    argv: randomArgv,
    args: randomArgs,
  };
}

/** A schema's flags as compiled with an environment prefix (each with its variable's name), or none. */
function envFlagsOf(api, schema) {
  try {
    const tool = api.compile(schema, { envPrefix: "FZ" });
    const flags = tool.flags();
    tool.free();
    return flags;
  } catch {
    return [];
  }
}

/** Variables for some of the flags: words, lists in commas (an escaped comma among them), JSON text, hostile text. */
function randomEnv(r, flags) {
  const env = {};
  for (const flag of flags) {
    if (flag.env === undefined || !r.chance(0.4)) continue;
    const word = () => (r.chance(0.2) ? r.pick(HOSTILE_TEXT) : String(randomScalar(r)));
    put(env, flag.env, r.pick([word, () => Array.from({ length: r.int(4) + 1 }, word).join(r.pick([",", "\\,", ", "])), () => JSON.stringify(randomValue(r))])());
  }
  return env;
}

/** One case: a JSON description that `runCase` replays exactly. */
export function makeCase(r, schemas, api) {
  const generators = generatorsOf(schemas);
  if (r.chance(SERVING_SHARE)) return makeServingCase(r, generators, api);
  const schema = generators.schema(r);
  const op = r.pick(OPS);
  // The environment read as a command line reads it: variables named as the flags name them.
  if ((op === "parseArgv" || op === "fromFlagValues") && r.chance(0.15)) {
    const flags = envFlagsOf(api, schema);
    return { schema, compileOptions: { envPrefix: "FZ" }, op, argv: randomArgv(r, flags), args: randomArgs(r, flags), options: { env: randomEnv(r, flags) } };
  }
  const flags = flagsOf(api, schema);
  return {
    schema,
    compileOptions: r.chance(0.2) ? randomOptions(r, OPTION_KEYS.compile) : undefined,
    op,
    argv: randomArgv(r, flags),
    args: randomArgs(r, flags),
    options: CLIENT_OPS.includes(op) && r.chance(0.5) ? validOptions(r, op, clientsOf(api)) : r.chance(0.3) ? randomOptions(r, OPTION_KEYS[op] ?? ["x"]) : undefined,
    throwing: ARGS_OPS.includes(op) && r.chance(0.05) ? throwingPath(r, op, flags) : undefined,
  };
}

/** The calls that read a caller's arguments object. */
const ARGS_OPS = ["repair", "toArgv", "fromFlagValues"];

/** Where a throwing getter goes: a flag's key path (its name, for the flat values of fromFlagValues), or a top-level key. */
function throwingPath(r, op, flags) {
  if (flags.length === 0 || r.chance(0.2)) return [r.pick(HOSTILE_KEYS)];
  const flag = r.pick(flags);
  return op === "fromFlagValues" ? [flag.name] : flag.path;
}

/**
 * The case's arguments, with the key at `path` a getter that throws, as a
 * caller's object may have (a case stays JSON: the getter is made here).
 * Where the path leaves the arguments' objects, the getter goes on the
 * last object reached.
 */
function withThrowingGetter(args, path) {
  if (args === null || typeof args !== "object") return args;
  const copy = JSON.parse(JSON.stringify(args));
  let node = copy;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (next === null || typeof next !== "object") break;
    node = next;
  }
  Object.defineProperty(node, path[path.length - 1], { enumerable: true, configurable: true, get() { throw new Error("a getter of the caller's threw"); } });
  return copy;
}

// --- running and checking -----------------------------------------------------

function isPlainJson(value, depth = 0) {
  if (value === null || typeof value !== "object") return typeof value !== "function" && typeof value !== "bigint" && typeof value !== "symbol";
  if (depth > 200) return true;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every((v) => isPlainJson(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).every((k) => isPlainJson(value[k], depth + 1));
}

function prototypeState() {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((p) => Object.getOwnPropertyNames(p).join(","))
    .join("|");
}

function call(tool, c) {
  const options = realOptions(c.options);
  const args = Array.isArray(c.throwing) && c.throwing.length > 0 ? withThrowingGetter(typeof c.args === "string" ? {} : c.args, c.throwing) : c.args;
  switch (c.op) {
    case "inputSchema": return tool.inputSchema(options);
    case "usage": return tool.usage(options);
    case "parseArgv": return tool.safeParseArgv(c.argv, options);
    case "fromFlagValues": return tool.fromFlagValues(typeof args === "string" ? {} : args, options);
    case "repair": return tool.repair(args, options);
    case "check": return tool.check(options);
    case "toArgv": return tool.toArgv(typeof args === "string" ? {} : args);
    case "actionHelp": return tool.actionHelp(options);
    // The argv as the words a shell hands over, its last the word under the cursor.
    case "complete": return tool.complete(c.argv);
    case "deprecatedIn": return tool.deprecatedIn(c.argv);
    default: return tool.flags();
  }
}

/** A handle on the module itself, to ask wasm what the JS layer answered alone. */
function directHandle(schema) {
  return new (require(join(root, "pkg", "node", "toolshape.js")).WasmTool)(JSON.stringify(schema), undefined);
}

/**
 * `repair`'s quick check (pkg-template/lib/repair-hints.mjs) answers
 * "nothing to repair" without asking wasm; wasm, asked directly, must find
 * nothing to repair either. Null when they agree.
 */
function quickCheckDisagrees(c, result) {
  if (c.op !== "repair" || typeof c.args !== "object" || c.args === null || result?.value !== c.args || result.repairs.length !== 0) return null;
  let handle;
  try {
    handle = directHandle(c.schema);
    const client = typeof c.options?.client === "string" ? c.options.client : undefined;
    const direct = JSON.parse(handle.repair(JSON.stringify(c.args), client));
    return direct.repairs.length === 0 ? null : { check: "quick-check", detail: `the quick check skipped wasm, which repairs ${JSON.stringify(direct.repairs[0]).slice(0, 200)}` };
  } catch {
    // What the module refuses (a limit, a schema the JS layer reads
    // differently) has nothing to compare.
    return null;
  } finally {
    handle?.free();
  }
}

/** Where two texts part, with a little of each from there: for a finding's detail. */
function parting(a, b) {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 40);
  return `at ${at}: ${JSON.stringify(a.slice(from, at + 80))} against ${JSON.stringify(b.slice(from, at + 80))}`;
}

/** Parse options a second parse can be given again: none, or an object. */
const isOptionsObject = (options) => options === undefined || (options !== null && typeof options === "object");

/**
 * A full parse that succeeded must give what a partial parse gives for the
 * same argv: with nothing missing, `partial` changes nothing. Null when
 * they agree.
 */
function partialDisagrees(tool, c, result, options) {
  if (c.op !== "parseArgv" || result?.success !== true || !isOptionsObject(options)) return null;
  const partial = tool.safeParseArgv(c.argv, { ...options, partial: true });
  const [full, part] = [result, partial].map((r) => JSON.stringify(r.success ? [r.data, r.rest] : r.error.message));
  return full === part ? null : { check: "partial", detail: `the full parse and the partial parse differ ${parting(full, part)}` };
}

/**
 * What a parse gives, `toArgv` writes (or refuses), and that argv parses
 * back to the same arguments (tests/hostile.rs holds the same natively;
 * here through the JS layer on both sides). Only
 * without `env`, whose values toArgv writes as flags.
 */
function roundTripDisagrees(tool, c, result, options) {
  if (c.op !== "parseArgv" || result?.success !== true || !isOptionsObject(options) || options?.env !== undefined) return null;
  let again;
  try {
    again = tool.toArgv(result.data);
  } catch {
    // UNREPRESENTABLE: said, not written wrong.
    return null;
  }
  const back = tool.safeParseArgv(again, options);
  const [first, second] = [result.data, back.success ? back.data : back.error.message].map((v) => JSON.stringify(v));
  return first === second ? null : { check: "round-trip", detail: `argv ${JSON.stringify(c.argv).slice(0, 100)} -> ${JSON.stringify(again).slice(0, 100)} differs ${parting(first, second)}` };
}

/** Replaying a case makes no schemas: it holds its own. */
const NO_SCHEMAS = [];

/** A tool case's call: null when it kept the contract, else what broke. */
function runToolCase(api, c, documented) {
  let outcome = null;
  let tool;
  try {
    tool = api.compile(c.schema, realOptions(c.compileOptions));
    const result = call(tool, c);
    const size = JSON.stringify(result)?.length ?? 0;
    const inputBytes = JSON.stringify(c).length;
    if (size > ALLOWANCE_BYTES + PER_INPUT_BYTE * inputBytes) outcome = { check: "output-size", detail: `${c.op} returned ${size} bytes for ${inputBytes} of input` };
    const data = result && typeof result === "object" && "success" in result ? (result.success ? result.data : result.error) : result;
    if (!(data instanceof api.ToolshapeError) && !isPlainJson(data)) outcome = { check: "plain-json", detail: `${c.op} gave a value that is not plain JSON` };
    if (result && result.success === false && !documented.has(result.error.code)) outcome = { check: "error-code", detail: `undocumented code ${result.error.code}` };
    outcome ??= quickCheckDisagrees(c, result);
    outcome ??= partialDisagrees(tool, c, result, realOptions(c.options));
    outcome ??= roundTripDisagrees(tool, c, result, realOptions(c.options));
  } finally {
    try {
      tool?.free();
    } catch {
      // A freed tool is fine.
    }
  }
  return outcome;
}

/**
 * Runs a case; resolves to null when every invariant holds, else what
 * broke: `{ check, detail }`. `check` names the invariant, so shrinking
 * keeps it.
 */
export async function runCase(api, c, { sentinel, documented, memoryBytes }) {
  const protoBefore = prototypeState();
  const memBefore = memoryBytes();
  const started = performance.now();
  let outcome;
  try {
    outcome = SERVING_OPS.includes(c.op) ? await runServing(api, c, generatorsOf(NO_SCHEMAS), documented) : runToolCase(api, c, documented);
  } catch (error) {
    if (!(error instanceof api.ToolshapeError)) outcome = { check: "error-type", detail: `${error && error.name}: ${error && error.message}`.slice(0, 300) };
    else if (!documented.has(error.code)) outcome = { check: "error-code", detail: `undocumented code ${error.code}` };
  }
  const ms = performance.now() - started;
  if (!outcome && ms > MAX_CALL_MS) outcome = { check: "time", detail: `${c.op} took ${ms.toFixed(0)} ms` };
  if (!outcome && prototypeState() !== protoBefore) outcome = { check: "prototype", detail: "a prototype changed" };
  const inputBytes = JSON.stringify(c).length;
  const growth = memoryBytes() - memBefore;
  if (!outcome && growth > 1.5 * (ALLOWANCE_BYTES + PER_INPUT_BYTE * inputBytes) + memBefore / 2) outcome = { check: "memory", detail: `wasm grew ${growth} bytes` };
  if (!outcome) {
    try {
      if (JSON.stringify(sentinel()) !== '{"a":{"b":1}}') outcome = { check: "still-works", detail: "the sentinel parse gave something else" };
    } catch (error) {
      outcome = { check: "still-works", detail: `the module stopped working: ${error && error.message}` };
    }
  }
  return outcome ?? null;
}

// --- shrinking and saving -----------------------------------------------------

/** Smaller variants of a JSON value: parts removed or made simple. */
function* smaller(value) {
  if (Array.isArray(value)) {
    for (let size = value.length >> 1; size > 0; size >>= 1) {
      for (let at = 0; at + size <= value.length; at += size) yield [...value.slice(0, at), ...value.slice(at + size)];
    }
    for (let i = 0; i < value.length; i++) for (const s of smaller(value[i])) yield value.map((v, j) => (j === i ? s : v));
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    for (const key of keys) {
      const rest = {};
      for (const k of keys) if (k !== key) Object.defineProperty(rest, k, { value: value[k], enumerable: true, writable: true, configurable: true });
      yield rest;
    }
    for (const key of keys) {
      for (const s of smaller(value[key])) {
        const copy = {};
        for (const k of keys) Object.defineProperty(copy, k, { value: k === key ? s : value[k], enumerable: true, writable: true, configurable: true });
        yield copy;
      }
    }
  } else if (typeof value === "string" && value.length > 1) {
    yield value.slice(0, value.length >> 1);
  }
}

/** Whether a shrunk case is still a case: a tool op with its schema, or a serving op. */
function isCase(candidate) {
  return SERVING_OPS.includes(candidate.op) || (OPS.includes(candidate.op) && Object.hasOwn(candidate, "schema"));
}

export async function shrink(api, c, found, env, budget = 2000) {
  let best = c;
  let tries = 0;
  let improved = true;
  while (improved && tries < budget) {
    improved = false;
    for (const candidate of smaller(best)) {
      if (++tries > budget) break;
      if (!isCase(candidate)) continue;
      const again = await runCase(api, candidate, env);
      // The same invariant, broken the same way (the detail's head names the call or the error).
      if (again && again.check === found.check && again.detail.split(":")[0] === found.detail.split(":")[0]) {
        best = candidate;
        improved = true;
        break;
      }
    }
  }
  return best;
}

export function saveRegression(c, found) {
  mkdirSync(regressionDir, { recursive: true });
  const text = `${JSON.stringify({ check: found.check, detail: found.detail, case: c }, null, 2)}\n`;
  const name = createHash("sha256").update(text).digest("hex").slice(0, 12);
  const file = join(regressionDir, `${found.check}-${name}.json`);
  writeFileSync(file, text);
  return file;
}

/** What runCase needs, made once per process. */
export function environment(api, wasm) {
  const codes = JSON.parse(wasm.codes());
  const documented = new Set([...codes.errors, "FREED", "NOT_INITIALIZED"]);
  const probe = api.compile({ type: "object", properties: { a: { type: "object", properties: { b: { type: "integer" } } } } });
  // The current instance's memory: after an outsized call the package may have replaced it (a fresh glue module).
  const glue = join(root, "pkg", "node", "toolshape.js");
  return { documented, memoryBytes: () => require(glue).memoryBytes(), sentinel: () => probe.parseArgv(["--a-b", "1"]) };
}

export async function campaign({ seconds, seed, log = console.log }) {
  const api = require(join(root, "pkg"));
  const wasm = require(join(root, "pkg", "node", "toolshape.js"));
  const env = environment(api, wasm);
  const r = rng(seed);
  const schemas = fixtureSchemas();
  const deadline = performance.now() + seconds * 1000;
  let calls = 0;
  const findings = [];
  while (performance.now() < deadline) {
    const c = makeCase(r, schemas, api);
    calls++;
    // A server yields to Node's task queue between requests, and the
    // FinalizationRegistry that frees a dropped definition's compiled tools
    // runs only there: a loop that never yields kept every one of them to
    // the end (seed 1170: 152 MiB after 200,000 calls, 41 MiB with this).
    if (calls % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const found = await runCase(api, c, env);
    if (!found) continue;
    // Said before shrinking, which reruns the case up to 2,000 times.
    log(`finding: ${found.check}: ${found.detail} (call ${calls}; shrinking)`);
    const small = await shrink(api, c, found, env);
    const file = saveRegression(small, found);
    findings.push({ ...found, file });
    log(`finding: ${found.check}: ${found.detail}\n  saved ${file}`);
  }
  const mib = () => (env.memoryBytes() / 1048576).toFixed(1);
  log(`fuzz: the mutated cases: ${calls} calls, wasm memory ${mib()} MiB`);
  // MB-scale inputs (about 2 MiB each, what an OS passes as a command line
  // in all), each checked as any case is, with the memory after each call.
  for (const [name, c] of bigCases(schemas)) {
    calls++;
    const started = performance.now();
    const found = await runCase(api, c, env);
    log(`fuzz: big input ${name}: ${(performance.now() - started).toFixed(0)} ms, wasm memory ${mib()} MiB${found ? `; finding: ${found.check}: ${found.detail}` : ""}`);
    if (found) findings.push({ ...found, file: saveRegression(c, found) });
  }
  log(`fuzz: the big inputs: wasm memory ${mib()} MiB`);
  return { calls, findings, memory: env.memoryBytes() };
}

/** About 2 MiB of input each: schema text (not JSON, and JSON of many keys), argv, arguments as text, and options. */
export function bigCases(schemas) {
  const MIB2 = 2 * 1024 * 1024;
  const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 40000 }, (_, i) => [`key_${i}_${"k".repeat(20)}`, { type: "string", description: "d".repeat(8) }])) };
  const simple = schemas[0] ?? { type: "object", properties: { a: { type: "string" } } };
  const text = { type: "object", properties: { note: { type: "string" }, list: { type: "array", items: { type: "integer" } } } };
  return [
    ["schema text that is no JSON", { schema: "{".repeat(MIB2), op: "inputSchema" }],
    ["a schema of 40,000 keys", { schema: wide, op: "usage" }],
    ["argv of 1,000 words of 2 KiB", { schema: text, op: "parseArgv", argv: Array.from({ length: 1000 }, () => ["--note", "n".repeat(2048)]).flat() }],
    ["arguments as 2 MiB of text", { schema: text, op: "repair", args: JSON.stringify({ list: Array.from({ length: 250000 }, (_, i) => String(i)) }) }],
    ["nested arrays 2 MiB deep in text", { schema: text, op: "repair", args: `{"note":"${"[".repeat(MIB2)}"}` }],
    ["options of 2 MiB", { schema: simple, op: "usage", options: { format: "text", topic: "t".repeat(MIB2) } }],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const seconds = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 60);
  const seedAt = args.indexOf("--seed");
  const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : Date.now() % 100000;
  console.log(`fuzz: ${seconds} s, seed ${seed}`);
  const result = await campaign({ seconds, seed });
  console.log(`fuzz: ${result.calls} calls, ${result.findings.length} findings, wasm memory ${(result.memory / 1048576).toFixed(2)} MiB`);
  process.exit(result.findings.length > 0 ? 1 : 0);
}
