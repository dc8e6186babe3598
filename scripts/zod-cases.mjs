// The Zod 4 schemas behind every fixture. gen-fixtures.mjs writes their JSON
// Schema in every target and io mode to tests/fixtures/zod/; js-tests import
// this file too, to compare Zod's own verdicts with the emitted schemas.
//
// Each case: { name, schema, samples, lossy?, options? } (options go to z.toJSONSchema). `samples` are inputs whose
// validity Zod decides; `lossy` lists targets where Zod's own conversion
// loses information (OpenAPI 3.0 has no tuples), so verdicts may differ.
import { z } from "zod";

const Tree = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree).optional();
  },
});

const Category = z.object({
  title: z.string(),
  get parent() {
    return Category.nullable();
  },
});

const LinkedList = z.object({
  value: z.number(),
  get next() {
    return LinkedList.optional();
  },
});

const Json = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]));

const Address = z.object({ street: z.string(), city: z.string(), zip: z.string().regex(/^[0-9]{5}$/).optional() });

const AddressWithId = Address.meta({ id: "Address" });

/** The bundled example for `toolshape inspect` and `toolshape tour` (`npm start`). */
export const deploy = z
  .object({
    service: z.string().min(1).describe("Service to deploy"),
    environment: z.enum(["dev", "staging", "prod"]).default("dev").describe("Target environment"),
    replicas: z.number().int().min(1).max(50).default(2).describe("How many instances to run"),
    dryRun: z.boolean().default(false).describe("Print the plan without applying it"),
    tags: z.array(z.string()).optional().describe("Labels added to every instance"),
    config: z
      .object({
        timeout: z.number().positive().default(30).describe("Seconds before a health check fails"),
        retries: z.number().int().min(0).default(3).describe("Health check attempts"),
        registry: z
          .object({
            url: z.string().url().describe("Image registry URL"),
            insecure: z.boolean().optional().describe("Allow plain HTTP"),
          })
          .optional()
          .describe("Where images come from"),
      })
      .default({ timeout: 30, retries: 3 })
      .describe("Rollout settings"),
    notify: z.string().email().nullable().optional().describe("Mail when done (null: nobody)"),
  })
  .describe("Deploy a service to an environment");

const s = z.string();
const n = z.number();

export const cases = [
  { name: "deploy-example", schema: deploy, samples: [{ service: "api" }, { service: "api", config: { timeout: 5, retries: 1, registry: { url: "https://r.example" } } }, { service: "" }, { service: "api", environment: "qa" }, { service: "api", replicas: 0 }, {}] },
  { name: "flat-scalars", schema: z.object({ name: s, count: n, on: z.boolean() }), samples: [{ name: "a", count: 1, on: true }, { name: "a", count: "1", on: true }, { name: "a" }] },
  { name: "optional-fields", schema: z.object({ a: s.optional(), b: n.optional() }), samples: [{}, { a: "x" }, { b: "x" }] },
  { name: "described", schema: z.object({ q: s.describe("The query") }).describe("Search tool"), samples: [{ q: "x" }, { q: 1 }] },
  { name: "nested-object", schema: z.object({ config: z.object({ timeout: n, verbose: z.boolean() }) }), samples: [{ config: { timeout: 1, verbose: false } }, { config: { timeout: 1 } }, { config: {} }, {}] },
  { name: "nested-three-deep", schema: z.object({ a: z.object({ b: z.object({ c: z.object({ leaf: s }) }) }) }), samples: [{ a: { b: { c: { leaf: "x" } } } }, { a: { b: { c: {} } } }] },
  { name: "nested-five-deep", schema: z.object({ a: z.object({ b: z.object({ c: z.object({ d: z.object({ e: z.object({ leaf: n }) }) }) }) }) }), samples: [{ a: { b: { c: { d: { e: { leaf: 1 } } } } } }, { a: { b: { c: { d: { e: { leaf: "1" } } } } } }] },
  { name: "optional-parent", schema: z.object({ config: z.object({ timeout: n, retries: n.optional() }).optional() }), samples: [{}, { config: { timeout: 1 } }, { config: { retries: 1 } }] },
  { name: "parent-default", schema: z.object({ config: z.object({ timeout: n }).default({ timeout: 30 }) }), samples: [{}, { config: { timeout: 5 } }, { config: {} }] },
  { name: "child-defaults", schema: z.object({ config: z.object({ timeout: n.default(30), mode: z.enum(["fast", "safe"]).default("safe") }) }), samples: [{ config: {} }, { config: { mode: "x" } }, {}] },
  { name: "string-enum", schema: z.object({ level: z.enum(["debug", "info", "warn"]) }), samples: [{ level: "info" }, { level: "trace" }] },
  { name: "native-enum-numbers", schema: z.object({ code: z.union([z.literal(200), z.literal(404)]) }), samples: [{ code: 200 }, { code: 500 }, { code: "200" }] },
  { name: "literal-const", schema: z.object({ kind: z.literal("user"), version: z.literal(2) }), samples: [{ kind: "user", version: 2 }, { kind: "admin", version: 2 }] },
  { name: "literal-union", schema: z.object({ side: z.union([z.literal("left"), z.literal("right")]) }), samples: [{ side: "left" }, { side: "up" }] },
  { name: "nullable-string", schema: z.object({ note: s.nullable() }), samples: [{ note: null }, { note: "x" }, {}] },
  { name: "nullable-optional", schema: z.object({ note: s.nullable().optional() }), samples: [{}, { note: null }, { note: 1 }] },
  { name: "nullish", schema: z.object({ n: n.nullish() }), samples: [{}, { n: null }, { n: 2 }, { n: "2" }] },
  { name: "nullable-enum", schema: z.object({ mode: z.enum(["a", "b"]).nullable() }), samples: [{ mode: null }, { mode: "a" }, { mode: "c" }] },
  { name: "nullable-object", schema: z.object({ cfg: z.object({ a: s }).nullable() }), samples: [{ cfg: null }, { cfg: { a: "x" } }, { cfg: {} }] },
  { name: "one-or-many", schema: z.object({ ids: z.union([s, z.array(s)]), sizes: z.union([z.number().int(), z.array(z.number().int())]).optional(), levels: z.union([z.enum(["low", "high"]), z.array(z.enum(["low", "high"]))]).nullable().optional() }), samples: [{ ids: "a" }, { ids: ["a", "b"], sizes: 3 }, { ids: [], sizes: [1, 2], levels: null }, { ids: 1 }, { ids: "a", levels: ["mid"] }] },
  { name: "nullish-object", schema: z.object({ cfg: z.object({ a: s, b: n.optional() }).nullish(), off: z.object({ a: s }).nullable().default(null) }), samples: [{}, { cfg: null }, { cfg: { a: "x", b: 1 } }, { cfg: { b: 1 } }, { off: { a: "y" } }, { off: null }] },
  { name: "defaults-scalars", schema: z.object({ port: z.number().int().default(8080), host: s.default("localhost"), tls: z.boolean().default(true) }), samples: [{}, { port: 1 }, { port: 1.5 }] },
  { name: "array-strings", schema: z.object({ tags: z.array(s) }), samples: [{ tags: [] }, { tags: ["a", "b"] }, { tags: [1] }, { tags: "a" }] },
  { name: "array-numbers-bounded", schema: z.object({ nums: z.array(n).min(1).max(3) }), samples: [{ nums: [1] }, { nums: [] }, { nums: [1, 2, 3, 4] }] },
  { name: "array-enums", schema: z.object({ days: z.array(z.enum(["mon", "tue"])) }), samples: [{ days: ["mon"] }, { days: ["sun"] }] },
  { name: "array-of-objects", schema: z.object({ users: z.array(z.object({ id: n, name: s })) }), samples: [{ users: [{ id: 1, name: "a" }] }, { users: [{ id: 1 }] }] },
  { name: "array-optional-default", schema: z.object({ ids: z.array(z.number().int()).default([]) }), samples: [{}, { ids: [1, 2] }, { ids: [1.5] }] },
  { name: "tuple", schema: z.object({ point: z.tuple([n, n]) }), samples: [{ point: [1, 2] }, { point: [1] }, { point: [1, "2"] }], lossy: ["openapi-3.0"] },
  { name: "tuple-rest", schema: z.object({ args: z.tuple([s], n) }), samples: [{ args: ["a", 1, 2] }, { args: ["a", "b"] }], lossy: ["openapi-3.0"] },
  { name: "record-values", schema: z.object({ headers: z.record(z.string(), z.string()) }), samples: [{ headers: { a: "b" } }, { headers: { a: 1 } }] },
  { name: "record-enum-keys", schema: z.object({ limits: z.record(z.enum(["cpu", "mem"]), n) }), samples: [{ limits: { cpu: 1, mem: 2 } }, { limits: { cpu: 1 } }, { limits: { disk: 1, cpu: 1, mem: 1 } }], lossy: ["openapi-3.0"] },
  { name: "record-any", schema: z.object({ meta: z.record(z.string(), z.unknown()) }), samples: [{ meta: { a: [1] } }, { meta: [] }] },
  { name: "union-scalars", schema: z.object({ id: z.union([s, n]) }), samples: [{ id: "a" }, { id: 1 }, { id: true }] },
  { name: "union-scalar-words", schema: z.object({ limit: z.union([z.number().int().min(1), z.literal("auto")]), mode: z.union([z.enum(["fast", "safe"]), z.boolean()]).optional(), version: z.union([s, n]).nullable().optional(), tag: z.union([z.literal("5"), n]).optional() }), samples: [{ limit: "auto" }, { limit: 5, mode: "fast" }, { limit: 5, mode: true, version: null }, { limit: 2, version: "v1", tag: "5" }, { limit: 2, tag: 5 }, { limit: 0 }, { limit: "all" }, { limit: 1, mode: "slow" }] },
  { name: "union-objects", schema: z.object({ target: z.union([z.object({ host: s }), z.object({ socket: s })]) }), samples: [{ target: { host: "h" } }, { target: { socket: "s" } }, { target: {} }] },
  { name: "discriminated-union-field", schema: z.object({ auth: z.discriminatedUnion("type", [z.object({ type: z.literal("token"), token: s }), z.object({ type: z.literal("basic"), user: s, pass: s })]) }), samples: [{ auth: { type: "token", token: "t" } }, { auth: { type: "basic", user: "u" } }, { auth: { type: "x" } }] },
  { name: "xor-oneof", schema: z.object({ pick: z.xor([z.object({ a: s }).strict(), z.object({ b: s }).strict()]) }), samples: [{ pick: { a: "x" } }, { pick: { b: "y" } }, { pick: { a: "x", b: "y" } }] },
  { name: "intersection-objects", schema: z.object({ both: z.intersection(z.object({ a: s }), z.object({ b: n })) }), samples: [{ both: { a: "x", b: 1 } }, { both: { a: "x" } }] },
  { name: "intersection-strings", schema: z.object({ code: z.intersection(s.min(2), s.max(4)) }), samples: [{ code: "abc" }, { code: "a" }, { code: "abcde" }] },
  { name: "intersection-enums", schema: z.object({ tier: z.intersection(z.enum(["free", "pro", "team"]), z.enum(["pro", "team", "enterprise"])), code: z.intersection(z.literal([1, 2, "x"]), z.number()).optional() }), samples: [{ tier: "pro" }, { tier: "team", code: 2 }, { tier: "free" }, { tier: "enterprise" }, { tier: "pro", code: "x" }, { tier: "pro", code: 3 }] },
  { name: "described-literals", schema: z.object({ mode: z.union([z.literal("fast").describe("Cheap, approximate"), z.literal("exact").describe("Slow, precise")]).default("fast").describe("How to search"), levels: z.array(z.union([z.literal(1).describe("Lowest"), z.literal(2).describe("Highest")])).optional() }), samples: [{}, { mode: "exact" }, { mode: "slow" }, { levels: [1, 2] }, { levels: [3] }] },
  { name: "mixed-literals", schema: z.object({ level: z.literal(["low", 1, 2]), flag: z.union([z.literal("auto"), z.literal(true), z.null()]).optional() }), samples: [{ level: "low" }, { level: 2, flag: true }, { level: 1, flag: null }, { level: "1" }, { level: "low", flag: "yes" }] },
  { name: "string-patterns", schema: z.object({ code: s.regex(/^[a-z]/).regex(/[0-9]$/), mail: z.string().email().regex(/@example\.com$/), size: z.intersection(z.number().int().min(1), n.max(10)), label: z.intersection(s.min(2).optional(), s.max(4)).optional() }), samples: [{ code: "ab1", mail: "a@example.com", size: 5 }, { code: "Ab1", mail: "a@example.com", size: 5 }, { code: "abc", mail: "a@example.com", size: 5 }, { code: "ab1", mail: "a@other.com", size: 5 }, { code: "ab1", mail: "a@example.com", size: 11 }, { code: "ab1", mail: "a@example.com", size: 1.5 }, { code: "ab1", mail: "a@example.com", size: 2, label: "abc" }, { code: "ab1", mail: "a@example.com", size: 2, label: "abcdef" }] },
  { name: "format-patterns", schema: z.object({ email: z.email(), id: z.uuid(), at: z.iso.datetime(), day: z.iso.date().optional(), ip: z.ipv4().optional(), host: z.hostname().optional(), ref: z.cuid().optional(), corp: z.email({ pattern: /^[a-z]+@corp\.com$/ }).optional() }), samples: [{ email: "a@b.co", id: "123e4567-e89b-12d3-a456-426614174000", at: "2026-01-02T03:04:05Z" }, { email: "a@b.co", id: "123e4567-e89b-12d3-a456-426614174000", at: "2026-01-02T03:04:05Z", day: "2026-02-29" }, { email: "a@b.co", id: "123e4567-e89b-12d3-a456-426614174000", at: "2026-01-02T03:04:05Z", corp: "a@example.com" }, { email: "nope", id: "x", at: "yesterday" }] },
  { name: "recursive-tree", schema: z.object({ root: Tree }), samples: [{ root: { name: "a", children: [{ name: "b" }] } }, { root: { name: "a", children: [{}] } }] },
  { name: "recursive-nullable", schema: z.object({ category: Category }), samples: [{ category: { title: "a", parent: null } }, { category: { title: "a", parent: { title: "b", parent: null } } }, { category: { title: "a" } }] },
  { name: "recursive-root", schema: LinkedList, samples: [{ value: 1 }, { value: 1, next: { value: 2 } }, { value: 1, next: {} }] },
  { name: "recursive-json", schema: z.object({ value: Json }), samples: [{ value: { a: [1, "x", null] } }, { value: 1 }, { value: undefined }] },
  { name: "shared-refs", options: { reused: "ref" }, schema: z.object({ home: Address, work: Address.optional() }), samples: [{ home: { street: "s", city: "c" } }, { home: { street: "s", city: "c", zip: "1" } }] },
  { name: "registry-ids", schema: z.object({ billing: AddressWithId, shipping: AddressWithId.optional() }), samples: [{ billing: { street: "s", city: "c" } }, { billing: {} }] },
  { name: "string-formats", schema: z.object({ email: z.string().email(), url: z.string().url(), id: z.string().uuid() }), samples: [{ email: "a@b.co", url: "https://x.y", id: "123e4567-e89b-12d3-a456-426614174000" }, { email: "nope", url: "https://x.y", id: "123e4567-e89b-12d3-a456-426614174000" }] },
  { name: "string-constraints", schema: z.object({ slug: s.min(3).max(10).regex(/^[a-z-]+$/) }), samples: [{ slug: "abc-d" }, { slug: "ab" }, { slug: "ABC" }] },
  { name: "number-constraints", schema: z.object({ pct: n.min(0).max(100), step: n.multipleOf(5), pos: n.positive(), neg: n.lt(0) }), samples: [{ pct: 50, step: 10, pos: 1, neg: -1 }, { pct: 101, step: 10, pos: 1, neg: -1 }, { pct: 1, step: 3, pos: 0, neg: 0 }] },
  { name: "integers", schema: z.object({ i: z.number().int(), big: z.int().max(10) }), samples: [{ i: 1, big: 2 }, { i: 1.5, big: 2 }, { i: 1, big: 11 }] },
  { name: "booleans", schema: z.object({ force: z.boolean(), quiet: z.boolean().optional(), color: z.boolean().default(true) }), samples: [{ force: true }, { force: "true" }, {}] },
  { name: "strict-object", schema: z.strictObject({ a: s }), samples: [{ a: "x" }, { a: "x", b: 1 }] },
  { name: "loose-object", schema: z.looseObject({ a: s }), samples: [{ a: "x", b: 1 }, { b: 1 }] },
  { name: "catchall", schema: z.object({ a: s }).catchall(n), samples: [{ a: "x", b: 1 }, { a: "x", b: "y" }] },
  { name: "meta-cli", schema: z.object({ timeout: n.meta({ cli: { short: "t", env: "TIMEOUT" } }), verbose: z.boolean().meta({ cli: { short: "v" } }) }), samples: [{ timeout: 1, verbose: true }] },
  { name: "meta-title-examples", schema: z.object({ q: s.meta({ title: "Query", examples: ["cats"], deprecated: true }) }), samples: [{ q: "x" }] },
  { name: "camel-keys", schema: z.object({ maxRetries: n, HTTPProxy: s.optional(), dryRun: z.boolean().optional() }), samples: [{ maxRetries: 1 }, {}] },
  { name: "dashed-keys", schema: z.object({ "dry-run": z.boolean().optional(), "log-level": z.enum(["a", "b"]).optional() }), samples: [{ "dry-run": true }, { "log-level": "c" }] },
  { name: "proto-keys", schema: z.object({ ["__proto__"]: s.optional(), constructor: n.optional(), toString: s.optional() }), samples: [{ constructor: 1 }, { toString: "x" }, { constructor: "x" }] },
  { name: "unicode-keys", schema: z.object({ "naïve": s.optional(), "名前": s.optional() }), samples: [{ "名前": "x" }, { "naïve": 1 }] },
  { name: "any-unknown", schema: z.object({ data: z.any(), extra: z.unknown() }), samples: [{ data: 1, extra: "x" }, {}] },
  { name: "never-field", schema: z.object({ a: s, b: z.never().optional() }), samples: [{ a: "x" }, { a: "x", b: 1 }] },
  { name: "null-field", schema: z.object({ nothing: z.null() }), samples: [{ nothing: null }, { nothing: 0 }] },
  { name: "optional-default-mix", schema: z.object({ a: s.optional().default("x"), b: s.default("y").optional() }), samples: [{}, { a: "z" }, { a: 1 }] },
  { name: "nested-arrays", schema: z.object({ matrix: z.array(z.array(n)) }), samples: [{ matrix: [[1, 2], [3]] }, { matrix: [1] }] },
  { name: "nested-optional-chain", schema: z.object({ a: z.object({ b: z.object({ c: s.optional() }).optional() }).optional() }), samples: [{}, { a: {} }, { a: { b: {} } }, { a: { b: { c: 1 } } }] },
  { name: "many-fields", schema: z.object(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, i % 3 === 0 ? n.optional() : i % 3 === 1 ? s.optional() : z.boolean().optional()]))), samples: [{}, { field0: 1, field1: "x" }, { field0: "x" }] },
  { name: "enum-with-description", schema: z.object({ format: z.enum(["json", "yaml"]).describe("Output format").default("json") }), samples: [{}, { format: "xml" }] },
  { name: "search-tool", schema: z.object({ query: s.describe("Search terms"), limit: z.number().int().min(1).max(100).default(10), filters: z.object({ lang: s.optional(), since: z.string().date().optional(), sources: z.array(z.enum(["web", "news"])).optional() }).optional() }), samples: [{ query: "x" }, { query: "x", filters: { sources: ["web"] } }, { query: "x", limit: 0 }] },
  { name: "file-tool", schema: z.object({ path: s, content: s, options: z.object({ encoding: z.enum(["utf8", "base64"]).default("utf8"), mode: z.number().int().optional(), createDirs: z.boolean().default(true) }).optional() }), samples: [{ path: "a", content: "b" }, { path: "a" }] },
  { name: "github-issue-tool", schema: z.object({ owner: s, repo: s, title: s, body: s.optional(), labels: z.array(s).optional(), assignees: z.array(s).max(10).optional(), milestone: z.number().int().nullable().optional() }), samples: [{ owner: "o", repo: "r", title: "t" }, { owner: "o", repo: "r", title: "t", milestone: null }, { owner: "o", repo: "r" }] },
  { name: "http-request-tool", schema: z.object({ method: z.enum(["GET", "POST", "PUT", "DELETE"]).default("GET"), url: z.string().url(), headers: z.record(z.string(), z.string()).optional(), body: z.union([s, z.record(z.string(), z.unknown())]).optional(), timeoutMs: z.number().int().positive().optional() }), samples: [{ url: "https://a.b" }, { url: "https://a.b", body: { a: 1 } }, { url: "nope" }] },
  { name: "db-query-tool", schema: z.object({ sql: s, params: z.array(z.union([s, n, z.boolean(), z.null()])).optional(), connection: z.object({ host: s.default("localhost"), port: z.number().int().default(5432), ssl: z.object({ enabled: z.boolean().default(false), ca: s.optional() }).optional() }).optional() }), samples: [{ sql: "select 1" }, { sql: "x", params: [1, "a", null] }, { sql: "x", params: [{}] }] },
];

// Action unions (one tool, several actions): for help entries, and for
// action subcommands on the command line.
const dockerActions = z.discriminatedUnion("action", [
  z.object({ action: z.literal("list"), all: z.boolean().default(false).describe("Include stopped containers") }).describe("List containers"),
  z.object({ action: z.literal("logs"), id: z.string().describe("Container id"), lines: z.number().int().default(20), follow: z.boolean().optional() }).describe("Show container logs"),
  z.object({ action: z.literal("restart"), id: z.string(), timeout: z.number().optional().describe("Seconds to wait") }).describe("Restart a container"),
  z.object({ action: z.literal("inspect"), id: z.string(), format: z.enum(["json", "yaml"]).default("json"), fields: z.array(z.string()).optional() }),
]).describe("Manage Docker containers");

// Scout style: a union whose branches are themselves discriminated unions.
const scoutActions = z.union([
  z.object({ action: z.literal("status"), verbose: z.boolean().optional() }).describe("Show status"),
  z.discriminatedUnion("subaction", [
    z.object({ action: z.literal("zfs"), subaction: z.literal("pools") }).describe("List ZFS pools"),
    z.object({ action: z.literal("zfs"), subaction: z.literal("datasets"), pool: z.string().describe("Pool name") }).describe("List datasets of a pool"),
  ]),
  z.discriminatedUnion("subaction", [
    z.object({ action: z.literal("logs"), subaction: z.literal("tail"), lines: z.number().int().min(1).default(50), unit: z.string().optional() }).describe("Tail logs"),
    z.object({ action: z.literal("logs"), subaction: z.literal("search"), query: z.string(), since: z.string().nullable().optional() }).describe("Search logs"),
  ]),
]);

// Flux style: a composite discriminator made by preprocessing
// ({ action, subaction } -> action_subaction) before a discriminated union.
const fluxActions = z.preprocess(
  (value) => (value && typeof value === "object" && "action" in value && "subaction" in value ? { ...value, action_subaction: `${value.action}:${value.subaction}` } : value),
  z.discriminatedUnion("action_subaction", [
    z.object({ action_subaction: z.literal("container:start"), action: z.literal("container"), subaction: z.literal("start"), id: z.string() }).describe("Start a container"),
    z.object({ action_subaction: z.literal("container:stop"), action: z.literal("container"), subaction: z.literal("stop"), id: z.string(), force: z.boolean().default(false) }).describe("Stop a container"),
    z.object({ action_subaction: z.literal("image:pull"), action: z.literal("image"), subaction: z.literal("pull"), ref: z.string().describe("Image reference"), platform: z.enum(["amd64", "arm64"]).optional() }).describe("Pull an image"),
  ]),
);

// 50 actions, for the formatting benchmark and the size of real servers.
const manyActions = z.discriminatedUnion(
  "action",
  Array.from({ length: 50 }, (_, i) =>
    z.object({ action: z.literal(`action${i}`), target: z.string().describe("What to act on"), count: z.number().int().default(i), mode: z.enum(["fast", "safe"]).optional(), tags: z.array(z.string()).optional() }).describe(`Action number ${i}`),
  ),
);

// An action with a recursive parameter (a z.lazy/getter tree): its $defs
// must travel with every root form of the union.
const recursiveActions = z.discriminatedUnion("action", [
  z.object({ action: z.literal("walk"), root: Tree.describe("Tree to walk"), depth: z.number().int().optional() }).describe("Walk a tree"),
  z.object({ action: z.literal("label"), name: z.string() }).describe("Label a node"),
]);

export const actionCases = [
  { name: "docker-actions", schema: dockerActions, samples: [{ action: "list" }, { action: "logs", id: "c1", lines: 5 }, { action: "logs" }, { action: "nope" }] },
  { name: "scout-nested", schema: scoutActions, samples: [{ action: "status" }, { action: "zfs", subaction: "datasets", pool: "tank" }, { action: "zfs", subaction: "datasets" }, { action: "logs", subaction: "tail" }] },
  { name: "flux-composite", schema: fluxActions, samples: [] },
  { name: "recursive-actions", schema: recursiveActions, samples: [{ action: "walk", root: { name: "a", children: [{ name: "b" }] } }, { action: "walk", root: { name: "a", children: [{}] } }, { action: "label", name: "x" }] },
  { name: "many-actions", schema: manyActions, samples: [{ action: "action7", target: "x" }, { action: "action7" }] },
];

// z.union of objects with no literal key: no action word can name a branch,
// so these compile for inputSchema and repair, and the command line refuses.
export const unionCases = [
  {
    name: "plain-object-union",
    schema: z.union([
      z.object({ url: z.string().describe("Fetch from a URL"), timeout: z.number().optional() }),
      z.object({ path: z.string().describe("Read a local file"), line: z.number().int().optional() }),
    ]),
    samples: [{ url: "https://example.com", timeout: 5 }, { path: "a.txt", line: 3 }],
  },
];

// Grouped tools (defineGroup's definitions, handlers aside): their inputs
// go to the core as JSON Schema, as the JS layer sends them.
const workspace = z.object({ workspace: z.string().describe("Workspace ID") });
export const groupCases = [
  {
    name: "platform",
    definition: {
      name: "platform",
      description: "Platform administration",
      common: workspace,
      help: true,
      groups: {
        users: {
          actions: {
            list: { description: "List users", input: z.object({ limit: z.number().int().optional().describe("Max rows") }), readOnly: true },
            create: { description: "Create a user.", input: z.object({ email: z.string().email(), name: z.string().optional() }), idempotent: false },
            ban: { input: z.object({ id: z.string() }), destructive: true },
          },
        },
        billing: {
          actions: {
            invoices: { description: "List invoices", input: z.object({ limit: z.number().optional(), status: z.enum(["open", "paid"]).optional() }), readOnly: true },
            refund: { description: "Refund an invoice!", input: z.object({ id: z.string().describe("Invoice ID."), amount: z.number().positive() }), destructive: true, openWorld: false },
          },
        },
      },
    },
  },
  {
    name: "deployments",
    definition: {
      name: "deployments",
      descriptionFormat: "toon",
      actions: {
        deploy: { description: "Deploy a service: build, push, roll out", input: z.object({ service: z.string(), environment: z.enum(["dev", "staging"]) }), destructive: false },
        rollback: { description: "", input: z.object({ service: z.string(), environment: z.enum(["staging", "prod"]), to: z.string().optional() }), destructive: true },
        status: { input: z.object({ service: z.string().optional(), environment: z.string().optional() }), readOnly: true },
        "42": { description: "true", input: z.object({}), idempotent: true, destructive: false },
      },
    },
  },
  {
    name: "conflicts",
    definition: {
      name: "conflicts",
      actions: {
        a: { input: z.object({ id: z.string(), mode: z.enum(["x", "y"]), size: z.number().min(1) }) },
        b: { input: z.object({ id: z.number(), mode: z.enum(["x"]), size: z.number().min(2) }) },
      },
    },
  },
];

/** A definition as the core reads it: every schema as the JSON Schema Zod emits for input. */
export function wireDefinition(def) {
  const json = (schema) => (schema === undefined ? undefined : z.toJSONSchema(schema, { io: "input" }));
  const action = (group, name, a) => ({
    group,
    name,
    description: a.description,
    input: json(a.input),
    readOnly: a.readOnly,
    destructive: a.destructive,
    idempotent: a.idempotent,
    openWorld: a.openWorld,
  });
  const actions = def.groups
    ? Object.entries(def.groups).flatMap(([group, g]) => Object.entries(g.actions).map(([name, a]) => action(group, name, a)))
    : Object.entries(def.actions).map(([name, a]) => action(undefined, name, a));
  return {
    name: def.name,
    description: def.description,
    discriminator: def.discriminator,
    help: def.help,
    descriptionFormat: def.descriptionFormat,
    annotations: def.annotations,
    common: json(def.common),
    actions,
  };
}
