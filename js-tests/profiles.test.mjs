// Client profiles (issue 10): for every Zod case and every profile, values
// Zod accepts, sent the way that client would send them (openai-strict
// fills every optional key with null, gemini and cursor send enum values as
// the strings their schema lists), come back through repair({ client }) as
// values Zod accepts again; every warning and error code shows up on a
// schema that needs it; the CLI's `check` and `inspect --client`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { z } from "zod";
import { actionCases, cases, unionCases } from "../scripts/zod-cases.mjs";
import { cjs, root } from "./helpers.mjs";

const { compile, check, ToolshapeError } = cjs;
const requireModule = createRequire(import.meta.url);

const CLIENTS = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];

/** A seeded generator (mulberry32), so a failure names a seed that repeats it. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resolve(schema, doc) {
  let seen = 0;
  while (schema && typeof schema.$ref === "string" && seen++ < 20) {
    const path = schema.$ref.replace(/^#\/?/, "").split("/").filter(Boolean).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    schema = path.reduce((node, key) => (node === undefined ? undefined : node[key]), doc);
  }
  return schema ?? {};
}

const STRINGS = ["abc-d", "x", "hello", "12345", "a@b.co", "https://x.y", "123e4567-e89b-12d3-a456-426614174000", ""];

/** A value for a JSON Schema (Zod's input form); Zod decides whether it is valid. */
function generate(schema, doc, next, depth = 0) {
  schema = resolve(schema, doc);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const deep = depth > 4;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const branches = deep ? union.filter((b) => resolve(b, doc).type === "null" || !resolve(b, doc).$ref) : union;
    return generate(pick(branches.length > 0 ? branches : union), doc, next, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((m) => generate(m, doc, next, depth + 1));
    return parts.every((p) => p && typeof p === "object" && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return next() < 0.5;
    case "integer":
    case "number": {
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -5);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 50);
      let n = Math.max(lo, Math.min(hi, Math.round(lo + next() * Math.min(hi - lo, 100))));
      if (schema.multipleOf) n = Math.round(n / schema.multipleOf) * schema.multipleOf;
      return type === "number" && next() < 0.3 ? n + 0.5 : n;
    }
    case "string":
      return pick(STRINGS);
    case "array": {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, deep ? min : 3);
      const count = min + Math.floor(next() * (max - min + 1));
      const prefix = schema.prefixItems ?? [];
      return Array.from({ length: Math.max(count, prefix.length) }, (_, i) => generate(prefix[i] ?? schema.items ?? {}, doc, next, depth + 1));
    }
    case "object": {
      const out = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || (!deep && next() < 0.6)) out[key] = generate(sub, doc, next, depth + 1);
      }
      const extra = schema.additionalProperties;
      if (extra && typeof extra === "object" && !deep && next() < 0.5) out.k1 = generate(extra, doc, next, depth + 1);
      return out;
    }
    default:
      return pick([1, "x", null, true]);
  }
}

/**
 * `value` as `client` would send it, read off the schema that client got:
 * openai-strict sends every key its closed objects require (null for the
 * ones the value leaves out); an enum listed as strings gets a string.
 */
function asSent(value, schema, doc, client) {
  schema = resolve(schema, doc);
  if (value === null || value === undefined) return value;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const fitting = union.map((b) => resolve(b, doc)).find((b) => (typeof value === "object" ? b.type !== "null" && (Array.isArray(value) === (b.type === "array")) : b.type !== "null"));
    return fitting ? asSent(value, fitting, doc, client) : value;
  }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string" || v === null) && typeof value !== "string") return String(value);
  if (Array.isArray(value)) return value.map((item) => asSent(item, schema.items ?? {}, doc, client));
  if (typeof value === "object" && schema.properties) {
    const out = {};
    for (const [key, item] of Object.entries(value)) out[key] = asSent(item, schema.properties[key] ?? schema.additionalProperties ?? {}, doc, client);
    if (client === "openai-strict") for (const key of schema.required ?? []) if (!(key in out)) out[key] = null;
    return out;
  }
  return value;
}

const all = [...cases, ...actionCases, ...unionCases];

for (const c of all) {
  test(`${c.name}: values Zod accepts survive every client's shape and repair`, () => {
    const jsonSchema = z.toJSONSchema(c.schema, { io: "input", ...(c.options ?? {}) });
    const tool = compile(jsonSchema);
    const next = rng(c.name.length * 7919 + 17);
    const values = (c.samples ?? []).filter((s) => c.schema.safeParse(s).success);
    for (let i = 0; i < 60 && values.length < 25; i++) {
      const value = generate(jsonSchema, jsonSchema, next);
      if (c.schema.safeParse(value).success) values.push(value);
    }
    assert.ok(values.length > 0, "no valid value was generated");
    for (const client of CLIENTS) {
      const result = tool.check(client);
      if (!result.ok) {
        assert.throws(() => tool.inputSchema({ client }), (e) => e instanceof ToolshapeError && e.code === "UNSUPPORTED_BY_CLIENT" && e.issues.length === result.errors.length);
        continue;
      }
      const schema = tool.inputSchema({ client });
      for (const value of values) {
        const sent = asSent(structuredClone(value), schema, schema, client);
        const repaired = tool.repair(sent, { client }).value;
        const verdict = c.schema.safeParse(repaired);
        assert.ok(verdict.success, `${client}: sent ${JSON.stringify(sent)}, repaired ${JSON.stringify(repaired)}: ${verdict.error?.message}`);
      }
    }
  });
}

test("a strict client's null for an omitted key is absent again, and only with that client", () => {
  const tool = compile(z.object({ q: z.string(), limit: z.number().int().optional(), note: z.string().nullable().optional() }));
  const sent = { q: "x", limit: null, note: null };
  assert.deepEqual(tool.repair(sent, { client: "openai-strict" }), { value: { q: "x", note: null }, repairs: [{ path: ["limit"], from: null }] });
  assert.deepEqual(tool.repair(sent).value, sent);
  assert.deepEqual(tool.repair(sent, { client: "anthropic" }).value, sent);
  assert.throws(() => tool.repair(sent, { clinet: "openai-strict" }), (e) => e.code === "INVALID_OPTION" && /"clinet"/.test(e.message));
  assert.throws(() => tool.repair(sent, { client: "openia" }), (e) => e.code === "INVALID_OPTION" && /did you mean "openai"/.test(e.message));
});

/** One schema per code: each code is shown by the profile that gives it. */
const CODES = [
  ["UNION_FLATTENED", "anthropic", z.union([z.object({ url: z.string() }), z.object({ path: z.string() })])],
  ["UNION_MERGED", "cursor", z.object({ id: z.union([z.string(), z.number()]) })],
  ["OPTIONAL_TO_NULLABLE", "openai-strict", z.object({ a: z.string().optional() })],
  ["OBJECT_CLOSED", "openai-strict", z.looseObject({ a: z.string() })],
  ["ONEOF_TO_ANYOF", "openai-strict", z.object({ auth: z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b") })]) })],
  ["KEYWORD_DROPPED", "gemini", z.object({ email: z.string().email() })],
  ["IGNORED_BY_CLIENT", "gemini-json", z.object({ slug: z.string().min(3) })],
  ["NULL_DROPPED", "cursor", z.object({ note: z.string().nullable() })],
  ["ENUM_STRINGIFIED", "gemini", z.object({ code: z.union([z.literal(200), z.literal(404)]) })],
  ["RECORD_VALUE_SCHEMA_DROPPED", "gemini", z.object({ headers: z.record(z.string(), z.string()) })],
  ["CONSTRAINT_LOOSENED", "gemini", z.object({ pos: z.number().positive() })],
  ["TUPLE_LOOSENED", "openai-strict", z.object({ point: z.tuple([z.number(), z.string()]) })],
  ["ANY_NARROWED", "openai-strict", z.object({ data: z.unknown() })],
  ["MOVED_TO_DESCRIPTION", "anthropic-strict", z.object({ replicas: z.number().int().min(1) })],
  ["RECURSION_EXPANDED", "gemini", z.object({ value: z.lazy(() => z.union([z.string(), z.array(z.string())])), tree: cases.find((c) => c.name === "recursive-tree").schema })],
  ["RECURSIVE_SCHEMA", "anthropic-strict", z.object({ tree: cases.find((c) => c.name === "recursive-tree").schema })],
  ["PROPERTY_KEY_REFUSED", "anthropic", z.object({ "naïve": z.string() })],
  ["RECORD_REFUSED", "openai-strict", z.object({ headers: z.record(z.string(), z.string()) })],
  ["MIXED_ENUM", "gemini", z.object({ v: z.union([z.literal(1), z.literal("a")]) })],
  ["ALLOF_CONFLICT", "openai-strict", { type: "object", properties: { v: { allOf: [{ type: "string" }, { type: "number" }] } } }],
  ["LIMIT_EXCEEDED", "openai-strict", z.object({ e: z.enum(Array.from({ length: 1001 }, (_, i) => `v${i}`)) })],
  ["ROOT_NOT_OBJECT", "mcp", { type: "string" }],
  ["NO_COMMAND_LINE", "mcp", z.object({ fooBar: z.string(), "foo-bar": z.string() })],
];

test("every warning and error code has a schema that gives it, with a pointer", () => {
  const codes = JSON.parse(requireModule("../pkg/node/toolshape.js").codes());
  assert.deepEqual(CODES.map(([code]) => code).sort(), [...codes.clientWarnings, ...codes.clientErrors].sort());
  for (const [code, client, schema] of CODES) {
    const result = check(schema, client);
    const errors = codes.clientErrors.includes(code);
    const found = (errors ? result.errors : result.warnings).find((f) => f.code === code);
    assert.ok(found, `${code} under ${client}: ${JSON.stringify(result)}`);
    assert.equal(typeof found.pointer, "string");
    assert.ok(found.message.length > 10);
    assert.equal(result.ok, !errors || result.errors.length === 0);
  }
});

test("inputSchema({ client }) is cached, refuses with every issue, and oneOf is mcp's alone", () => {
  const tool = compile(z.object({ "naïve": z.string(), "名前": z.string() }));
  assert.throws(
    () => tool.inputSchema({ client: "anthropic" }),
    (e) => e.code === "UNSUPPORTED_BY_CLIENT" && e.issues.length === 2 && e.issues.every((i) => i.code === "PROPERTY_KEY_REFUSED" && i.pointer.startsWith("/properties/")),
  );
  assert.deepEqual(tool.check("anthropic").errors.length, 2);
  assert.ok(tool.inputSchema({ client: "gemini-json" }));
  const actions = compile(actionCases[0].schema);
  assert.ok(actions.inputSchema({ client: "mcp", actionsAs: "oneOf" }).oneOf);
  assert.throws(() => actions.inputSchema({ client: "cursor", actionsAs: "oneOf" }), (e) => e.code === "INVALID_OPTION" && /only for the mcp profile/.test(e.message));
  assert.equal(actions.check("mcp").warnings[0].code, "UNION_FLATTENED");
  const first = actions.inputSchema({ client: "gemini" });
  assert.deepEqual(actions.inputSchema({ client: "gemini" }), first);
  assert.throws(() => check({ type: "object" }, "gemni"), (e) => e.code === "INVALID_OPTION" && /did you mean "gemini"/.test(e.message));
  assert.equal(check({ type: "object" }).length, CLIENTS.length);
});

test("a string with two regexes is one string flag; a client without allOf gets the first pattern and a report of the second", () => {
  const Code = z.object({ code: z.string().regex(/^[a-z]/).regex(/[0-9]$/), size: z.intersection(z.number().int().min(1), z.number().max(10)) });
  const tool = compile(Code);
  assert.deepEqual(tool.parseArgv(["--code", "ab1", "--size", "3"]), { code: "ab1", size: 3 });
  assert.match(tool.usage(), /--code <string>/);
  assert.deepEqual(tool.inputSchema().properties, {
    code: { type: "string", pattern: "^[a-z]", allOf: [{ pattern: "[0-9]$" }] },
    size: { type: "integer", minimum: 1, maximum: 10 },
  });
  for (const client of ["openai-strict", "cursor", "gemini", "portable"]) {
    const { properties } = tool.inputSchema({ client });
    assert.equal(properties.code.pattern, "^[a-z]", client);
    assert.equal(JSON.stringify(properties).includes("allOf"), false, client);
    const dropped = tool.check(client).warnings.filter((w) => w.code === "KEYWORD_DROPPED" && w.pointer === "/properties/code/pattern");
    assert.equal(dropped.length, 1, `${client}: ${JSON.stringify(tool.check(client))}`);
  }
  // What the client may now send, Zod still refuses, as the warning says.
  assert.equal(Code.safeParse({ code: "abc", size: 3 }).success, false);
  // A type conflict is no narrowing: strict mode still refuses it.
  assert.equal(check({ type: "object", properties: { v: { allOf: [{ type: "string" }, { type: "number" }] } } }, "openai-strict").ok, false);
  tool.free();
});

test("toolshape check prints a table and exits 1 on an error; inspect --client prints that client's schema", () => {
  const bin = join(root, "pkg", "bin", "toolshape.cjs");
  const fixture = join(root, "tests", "fixtures", "zod", "unicode-keys.json");
  const unicode = JSON.parse(readFileSync(fixture, "utf8")).variants["draft-2020-12/input"];
  const file = join(root, "target", "unicode-keys.schema.json");
  writeFileSync(file, JSON.stringify(unicode));
  const r = spawnSync(process.execPath, [bin, "check", file], { encoding: "utf8" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^client +ok +warnings +errors\nmcp +yes /);
  assert.match(r.stdout, /anthropic: error PROPERTY_KEY_REFUSED at #\/properties\/na/);
  const one = spawnSync(process.execPath, [bin, "check", file, "--client", "gemini-json", "--json"], { encoding: "utf8" });
  assert.equal(one.status, 0, one.stderr);
  assert.equal(JSON.parse(one.stdout)[0].client, "gemini-json");
  const inspect = spawnSync(process.execPath, [bin, "inspect", "--client", "openai-strict"], { encoding: "utf8" });
  assert.equal(inspect.status, 0, inspect.stderr);
  assert.equal(JSON.parse(inspect.stdout).additionalProperties, false);
  const refused = spawnSync(process.execPath, [bin, "inspect", file, "--client", "anthropic"], { encoding: "utf8" });
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /UNSUPPORTED_BY_CLIENT/);
});

// The formats OpenAI's strict mode takes; any other refuses the tool
// ("'uri' is not a valid format", cyanheads/git-mcp-server#47).
const OPENAI_STRICT_FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];

test("openai-strict leaves out a format strict mode refuses, keeps the ones it takes, and says so", () => {
  const tool = compile(
    z.object({
      site: z.url().describe("Home page"),
      ref: z.cuid(),
      mirror: z.url().nullable(),
      links: z.array(z.url()).optional(),
      at: z.iso.datetime(),
      mail: z.email(),
      ip: z.ipv6(),
    }),
  );
  const schema = tool.inputSchema({ client: "openai-strict" });
  const { site, ref, mirror, links, at, mail, ip } = schema.properties;
  assert.deepEqual(site, { description: "Home page", type: "string" });
  assert.equal(ref.format, undefined);
  assert.equal(typeof ref.pattern, "string", "cuid's pattern is all the model is told, so it stays");
  assert.equal(JSON.stringify(mirror).includes("uri"), false, JSON.stringify(mirror));
  assert.equal(JSON.stringify(links).includes("uri"), false, JSON.stringify(links));
  assert.deepEqual([at.format, mail.format, ip.format], ["date-time", "email", "ipv6"]);
  const dropped = tool
    .check("openai-strict")
    .warnings.filter((w) => w.code === "KEYWORD_DROPPED" && w.pointer.endsWith("/format"))
    .map((w) => w.pointer);
  assert.deepEqual(dropped.sort(), [
    "/properties/links/items/format",
    "/properties/mirror/format",
    "/properties/ref/format",
    "/properties/site/format",
  ].sort());
  const site_warning = tool.check("openai-strict").warnings.find((w) => w.pointer === "/properties/site/format");
  assert.match(site_warning.message, /"uri"/);
  // Every other client but Gemini's keeps them.
  for (const client of CLIENTS.filter((c) => !["openai-strict", "gemini", "gemini-json"].includes(c))) {
    assert.equal(tool.inputSchema({ client }).properties.site.format, "uri", client);
  }
});

test("cursor and portable write a union of scalars they merge into the description, when the one schema would lose its values", () => {
  const tool = compile(
    z.object({
      limit: z.union([z.number().int().min(1), z.literal("auto")]).describe("Rows to read"),
      name: z.union([z.string(), z.literal("auto")]),
      id: z.union([z.string(), z.number()]),
      level: z.union([z.literal(1), z.literal("max")]),
      many: z.union([z.number(), z.enum(Array.from({ length: 40 }, (_, i) => `value-${i}`))]),
    }),
  );
  for (const client of ["cursor", "portable"]) {
    const { limit, name, id, level, many } = tool.inputSchema({ client }).properties;
    assert.deepEqual(limit.type, ["integer", "string"], client);
    const [before, note] = limit.description.split("\n\n");
    assert.equal(before, "Rows to read");
    const branches = JSON.parse(note.replace(/^\{anyOf: /, "").replace(/\}$/, ""));
    assert.deepEqual(branches, [{ type: "integer", minimum: 1 }, { type: "string", const: "auto" }], client);
    // Nothing is lost: a string takes "auto", a type list takes both, an enum lists both.
    for (const exact of [name, id, level]) assert.equal(exact.description, undefined, `${client}: ${JSON.stringify(exact)}`);
    // Too long to pay for on every request: the merge is reported, not described.
    assert.equal(many.description, undefined, client);
    const moved = tool.check(client).warnings.filter((w) => w.code === "MOVED_TO_DESCRIPTION").map((w) => w.pointer);
    assert.deepEqual(moved, ["/properties/limit/anyOf"], client);
  }
  // Clients that take the union keep it as it is.
  assert.equal(tool.inputSchema({ client: "openai" }).properties.limit.description, "Rows to read");
});

test("cursor and portable keep what each described literal means when its union becomes one enum", () => {
  const d = (value, text) => z.literal(value).describe(text);
  const tool = compile(
    z.object({
      mode: z.union([d("fast", "Cheap, approximate"), d("exact", "Slow, precise"), z.literal("auto")]).describe("How to search"),
      level: z.union([d(1, "Lowest"), z.literal(2)]),
      limit: z.union([z.number().int(), d("auto", "As many as fit")]),
      plain: z.union([z.literal("a"), z.literal("b")]),
      blank: z.union([d("x", " "), z.literal("y")]),
    }),
  );
  for (const client of ["cursor", "portable"]) {
    const { mode, level, limit, plain, blank } = tool.inputSchema({ client }).properties;
    assert.deepEqual(mode.enum, ["fast", "exact", "auto"], client);
    assert.equal(mode.description, 'How to search\n\nValues: "fast": Cheap, approximate; "exact": Slow, precise.', client);
    assert.equal(level.description, "Values: 1: Lowest.", client);
    // Beside the branches a type list would lose, the meaning of the one described.
    assert.match(limit.description, /^\{anyOf: .*\}\n\nValues: "auto": As many as fit\.$/, client);
    // Nothing to say: no description, as before.
    assert.equal(plain.description, undefined, client);
    assert.equal(blank.description, undefined, client);
    const moved = tool.check(client).warnings.filter((w) => w.code === "MOVED_TO_DESCRIPTION").map((w) => w.pointer);
    assert.deepEqual(moved, ["/properties/mode/anyOf", "/properties/level/anyOf", "/properties/limit/anyOf", "/properties/limit/anyOf"], client);
  }
  // A client that takes the union keeps each description on its branch.
  assert.equal(tool.inputSchema({ client: "openai" }).properties.mode.anyOf[0].description, "Cheap, approximate");
});

// The formats Claude's strict tool use takes (its SDKs' list).
const ANTHROPIC_STRICT_FORMATS = [...OPENAI_STRICT_FORMATS, "uri"];

test("anthropic-strict closes objects, keeps optional keys optional, and moves what its grammar refuses into the description", () => {
  const schema = z.object({
    service: z.string().min(1).describe("Service to deploy"),
    replicas: z.number().int().min(1).max(50).optional(),
    site: z.url(),
    ref: z.cuid(),
    code: z.string().regex(/^(?!tmp)[a-z]+$/),
    slug: z.string().regex(/^[a-z-]+$/),
    tags: z.array(z.string()).min(2),
    one: z.array(z.string()).min(1),
    mode: z.enum(["fast", "safe"]),
    env: z.looseObject({ region: z.string() }).optional(),
  });
  const tool = compile(schema);
  const out = tool.inputSchema({ client: "anthropic-strict" });
  const p = out.properties;
  assert.equal(out.additionalProperties, false);
  assert.equal(p.env.additionalProperties, false);
  assert.deepEqual(out.required, ["service", "site", "ref", "code", "slug", "tags", "one", "mode"]);
  assert.deepEqual(p.service, { type: "string", description: "Service to deploy\n\n{minLength: 1}" });
  assert.deepEqual(p.replicas, { type: "integer", description: "{minimum: 1, maximum: 50}" });
  assert.equal(p.site.format, "uri");
  assert.deepEqual([p.ref.format, p.ref.description], [undefined, '{format: "cuid"}']);
  assert.equal(typeof p.ref.pattern, "string");
  assert.deepEqual([p.code.pattern, p.code.description], [undefined, '{pattern: "^(?!tmp)[a-z]+$"}']);
  assert.equal(p.slug.pattern, "^[a-z-]+$");
  assert.deepEqual([p.tags.minItems, p.tags.description], [undefined, "{minItems: 2}"]);
  assert.equal(p.one.minItems, 1);
  const result = tool.check("anthropic-strict");
  assert.equal(result.ok, true);
  const moved = result.warnings.filter((w) => w.code === "MOVED_TO_DESCRIPTION").map((w) => w.pointer);
  assert.deepEqual(moved, [
    "/properties/service/minLength",
    "/properties/replicas/minimum",
    "/properties/replicas/maximum",
    "/properties/ref/format",
    "/properties/code/pattern",
    "/properties/tags/minItems",
  ]);
  assert.ok(result.warnings.some((w) => w.code === "OBJECT_CLOSED" && w.pointer === "/properties/env/additionalProperties"));
  // Nothing to undo: what Claude sends is what the server's Zod reads.
  const sent = { service: "api", site: "https://x.y", ref: "c1234567", code: "abc", slug: "a-b", tags: ["a", "b"], one: ["a"], mode: "fast" };
  assert.deepEqual(tool.repair(sent, { client: "anthropic-strict" }).value, sent);
  assert.equal(schema.safeParse(sent).success, true);
});

test("anthropic-strict refuses recursion, records and a tool over the request's limits", () => {
  const optional = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, z.string().optional()]));
  const nullable = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`f${i}`, z.string().nullable()]));
  const refusals = [
    [z.object(optional), "LIMIT_EXCEEDED", /25 optional properties/],
    [z.object(nullable), "LIMIT_EXCEEDED", /17 properties with a union/],
    [z.object({ headers: z.record(z.string(), z.string()) }), "RECORD_REFUSED", /closes every object/],
    [cases.find((c) => c.name === "recursive-tree").schema, "RECURSIVE_SCHEMA", /recursive/],
  ];
  for (const [schema, code, message] of refusals) {
    const tool = compile(schema);
    assert.throws(
      () => tool.inputSchema({ client: "anthropic-strict" }),
      (e) => e instanceof ToolshapeError && e.code === "UNSUPPORTED_BY_CLIENT" && e.issues.some((i) => i.code === code && message.test(i.message)),
      code,
    );
  }
  // 24 optional keys is within the limit.
  const at = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`f${i}`, z.string().optional()]));
  assert.equal(compile(z.object(at)).check("anthropic-strict").ok, true);
});

// The registry sums each strict tool's cost over a request
// (lib/strict-budget.mjs) where the core counts one tool alone: the two
// counts must agree, or a list would send a request Claude refuses. Each
// case is padded with keys to exactly the limits, which the core must
// take, and to one past each, which it must refuse with that count.
test("the registry's strict budget counts what the core counts, on every Zod case", async () => {
  const { strictCost, STRICT_LIMITS } = await import("../pkg/lib/strict-budget.mjs");
  const padded = (json, optional, unions) => {
    const out = structuredClone(json);
    for (let i = 0; i < optional; i++) out.properties[`pad_o${i}`] = { type: "string" };
    const required = Array.isArray(out.required) ? [...out.required] : [];
    for (let i = 0; i < unions; i++) {
      out.properties[`pad_u${i}`] = { type: ["string", "number"] };
      required.push(`pad_u${i}`);
    }
    if (required.length > 0) out.required = required;
    return compile(out).check("anthropic-strict");
  };
  const limit = (result) => result.errors.filter((e) => e.code === "LIMIT_EXCEEDED").map((e) => e.message);
  let checked = 0;
  for (const { name, schema } of [...cases, ...unionCases]) {
    const json = z.toJSONSchema(schema);
    if (json.properties === undefined || json.anyOf !== undefined || json.oneOf !== undefined) continue;
    let emitted;
    try {
      emitted = compile(json).inputSchema({ client: "anthropic-strict" });
    } catch {
      continue;
    }
    const cost = strictCost(emitted);
    assert.deepEqual(limit(padded(json, STRICT_LIMITS.optional - cost.optional, STRICT_LIMITS.unions - cost.unions)), [], name);
    assert.deepEqual(limit(padded(json, STRICT_LIMITS.optional + 1 - cost.optional, 0)), [`${STRICT_LIMITS.optional + 1} optional properties; strict tool use takes at most ${STRICT_LIMITS.optional} in a request, over every strict tool in it`], name);
    assert.deepEqual(limit(padded(json, 0, STRICT_LIMITS.unions + 1 - cost.unions)), [`${STRICT_LIMITS.unions + 1} properties with a union or a type list; strict tool use takes at most ${STRICT_LIMITS.unions} in a request, over every strict tool in it`], name);
    checked += 1;
  }
  assert.ok(checked >= 50, `only ${checked} cases checked`);
});

// Zod's own pattern beside a format that says the same (CLIENTS.md
// section 5): every builder the table was made from, with the Zod
// installed now, so a Zod that changed a pattern fails here until the
// table is written again (npm run fixtures).
test("Zod's own format patterns are left out where the client keeps the format, and kept everywhere else", async () => {
  const { zodPatternBuilders } = await import("../scripts/zod-patterns.mjs");
  for (const [source, builder] of zodPatternBuilders()) {
    const zod = z.toJSONSchema(builder);
    const tool = compile(z.object({ v: builder }));
    assert.equal(tool.inputSchema().properties.v.pattern, zod.pattern, `mcp keeps the pattern of ${source}`);
    for (const client of CLIENTS.filter((c) => c !== "mcp")) {
      const v = tool.inputSchema({ client }).properties.v;
      // Where the client drops the format, the pattern is all it is told.
      const kept =
        (client === "gemini" && zod.format !== "date-time") ||
        (client === "openai-strict" && !OPENAI_STRICT_FORMATS.includes(zod.format)) ||
        (client === "anthropic-strict" && !ANTHROPIC_STRICT_FORMATS.includes(zod.format));
      // Claude's strict grammar compiles no lookaround (z.emoji()'s): it is moved into the description.
      if (kept && client === "anthropic-strict" && /\(\?<?[=!]/.test(zod.pattern)) {
        assert.equal(v.pattern, undefined, `${client}: ${source}`);
        assert.ok(v.description.includes(JSON.stringify(zod.pattern)), `${client}: ${source}`);
        continue;
      }
      assert.equal(v.pattern, kept ? zod.pattern : undefined, `${client}: ${source}`);
      const warned = tool.check(client).warnings.some((w) => w.code === "KEYWORD_DROPPED" && w.pointer === "/properties/v/pattern");
      assert.equal(warned, !kept, `${client} reports it: ${source}`);
    }
  }
  // A pattern of the user's own beside a format, and Zod's beside a set
  // precision (a rule the format does not state), stay.
  const own = compile(z.object({ corp: z.email({ pattern: /^[a-z]+@corp\.com$/ }), at: z.iso.datetime({ precision: 3 }) }));
  for (const client of CLIENTS) {
    const { corp, at } = own.inputSchema({ client }).properties;
    assert.equal(corp.pattern, "^[a-z]+@corp\\.com$", client);
    assert.equal(typeof at.pattern, "string", client);
  }
});

test("a recursive tool is written out three levels deep for clients that resolve no $ref, said in the schema and a warning, and still validated whole by the server", async () => {
  const Node = z.object({ name: z.string(), get children() { return z.array(Node).optional(); } });
  const Input = z.object({ root: Node });
  for (const client of ["portable", "claude-code", "gemini"]) {
    const result = check(Input, client);
    assert.equal(result.ok, true, `${client}: ${JSON.stringify(result.errors)}`);
    assert.ok(result.warnings.some((w) => w.code === "RECURSION_EXPANDED" && /written out 3 levels deep/.test(w.message)), client);
    const schema = compile(Input).inputSchema({ client });
    const text = JSON.stringify(schema);
    assert.ok(!text.includes("$ref") && !text.includes("$defs"), client);
    const level = (node, depth) => (depth === 0 ? node : level(node.properties.children.items, depth - 1));
    assert.equal(level(schema.properties.root, 2).properties.name.type, "string");
    assert.match(level(schema.properties.root, 2).properties.children.items.description, /Deeper levels are not described here; the server checks them/);
  }
  // The server's own validator checks every level, deeper than the schema says.
  const tree = cjs.defineTool({ name: "tree", input: Input, handler: (args) => JSON.stringify(args.root).length });
  const deep = { name: "a", children: [{ name: "b", children: [{ name: "c", children: [{ name: "d", children: [{ name: "e", children: [{ name: { first: "f" } }] }] }] }] }] };
  const refused = await tree.call({ root: deep }, undefined, { client: "portable" });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /root\.children\.0\.children\.0\.children\.0\.children\.0\.children\.0\.name/);
  // A definition that refers to itself so often that the copies would pass the bound is refused, as before.
  const wide = {};
  for (let i = 0; i < 40; i++) wide[`k${i}`] = { $ref: "#/$defs/W" };
  const huge = { type: "object", properties: { w: { $ref: "#/$defs/W" } }, $defs: { W: { type: "object", properties: wide } } };
  assert.ok(check(huge, "portable").errors.some((e) => e.code === "RECURSIVE_SCHEMA"));
});
