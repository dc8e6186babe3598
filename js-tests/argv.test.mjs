// parseArgv, one case a row: argv in, nested arguments (checked by Zod) or
// the issue codes out. Hostile rows included: prototype keys, huge names,
// huge repeats, NUL and look-alike Unicode.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cjs, isPlainJson, root } from "./helpers.mjs";

const app = z.object({
  name: z.string().optional(),
  count: z.number().optional(),
  limit: z.number().int().optional(),
  verbose: z.boolean().optional(),
  force: z.boolean().meta({ cli: { short: "f" } }).optional(),
  all: z.boolean().meta({ cli: { short: "a" } }).optional(),
  n: z.number().meta({ cli: { short: "n" } }).optional(),
  level: z.enum(["debug", "info"]).optional(),
  tags: z.array(z.string()).optional(),
  ports: z.array(z.number().int()).optional(),
  note: z.string().nullable().optional(),
  config: z
    .object({
      timeout: z.number().default(30),
      dryRun: z.boolean().optional(),
      retry: z.object({ max: z.number().int(), backoff: z.enum(["linear", "exp"]).optional() }).optional(),
    })
    .optional(),
  "dry-run": z.boolean().optional(),
  meta: z.record(z.string(), z.string()).optional(),
  id: z.union([z.string(), z.number()]).optional(),
});
const appTool = cjs.compile(app, { flags: { name: { short: "N" } }, envPrefix: "APP" });

const strict = z.object({
  query: z.string(),
  switch: z.boolean(),
  parent: z.object({ a: z.string(), b: z.number().optional() }).optional(),
  withDefault: z.object({ t: z.number(), u: z.number() }).default({ t: 1, u: 2 }),
});
const strictTool = cjs.compile(strict);

const long = `--${"a-".repeat(10000)}x`;
const many = (n, ...tokens) => Array.from({ length: n }, () => tokens).flat();

// [title, tool, argv, expected data | { issues: [codes] }, rest?, parse options?]
const rows = [
  ["long flag, separate value", appTool, ["--name", "x"], { name: "x" }],
  ["long flag with =", appTool, ["--name=x"], { name: "x" }],
  ["short alias from options", appTool, ["-N", "x"], { name: "x" }],
  ["short alias with =", appTool, ["-N=x"], { name: "x" }],
  ["= inside the value", appTool, ["--name=a=b"], { name: "a=b" }],
  ["empty string as next argument", appTool, ["--name", ""], { name: "" }],
  ["empty string after =", appTool, ["--name="], { name: "" }],
  ["value starting with - after =", appTool, ["--name=-x"], { name: "-x" }],
  ["value starting with - is not taken (one issue: it is not read again as flags)", appTool, ["--name", "-x"], { issues: ["missing_value"] }],
  ["a flag at the end without its value", appTool, ["--name"], { issues: ["missing_value"] }],
  ["number", appTool, ["--count", "5"], { count: 5 }],
  ["negative number as next argument", appTool, ["--count", "-5"], { count: -5 }],
  ["negative fraction with =", appTool, ["--count=-5.5"], { count: -5.5 }],
  ["exponent", appTool, ["--count", "1e3"], { count: 1000 }],
  ["trailing garbage", appTool, ["--count", "12abc"], { issues: ["invalid_value"] }],
  ["hex", appTool, ["--count", "0x10"], { issues: ["invalid_value"] }],
  ["NaN", appTool, ["--count", "NaN"], { issues: ["invalid_value"] }],
  ["Infinity", appTool, ["--count", "Infinity"], { issues: ["invalid_value"] }],
  ["overflow", appTool, ["--count", "1e309"], { issues: ["invalid_value"] }],
  ["empty number", appTool, ["--count", ""], { issues: ["invalid_value"] }],
  ["leading plus", appTool, ["--count", "+1"], { issues: ["invalid_value"] }],
  ["integer past 2^53", appTool, ["--limit", "9007199254740993"], { issues: ["invalid_value"] }],
  ["integer with a fraction", appTool, ["--limit", "1.5"], { issues: ["invalid_value"] }],
  ["integer", appTool, ["--limit", "42"], { limit: 42 }],
  ["boolean", appTool, ["--verbose"], { verbose: true }],
  ["negation", appTool, ["--no-verbose"], { verbose: false }],
  ["boolean =false", appTool, ["--verbose=false"], { verbose: false }],
  ["boolean =1", appTool, ["--verbose=1"], { verbose: true }],
  ["boolean =0", appTool, ["--verbose=0"], { verbose: false }],
  ["true after a switch is refused, not sent to rest", appTool, ["--verbose", "true"], { issues: ["unexpected_argument"] }],
  ["true after a switch is refused even with allowPositionals", appTool, ["--verbose", "true"], { issues: ["unexpected_argument"] }, [], { allowPositionals: true }],
  ["other words after a switch go to rest with allowPositionals", appTool, ["--verbose", "x"], { verbose: true }, ["x"], { allowPositionals: true }],
  ["boolean =yes is refused", appTool, ["--verbose=yes"], { issues: ["invalid_value"] }],
  ["negation takes no value", appTool, ["--no-verbose=true"], { issues: ["unexpected_value"] }],
  ["grouped short booleans", appTool, ["-fa"], { force: true, all: true }],
  ["group then short with value", appTool, ["-af", "-n", "3"], { force: true, all: true, n: 3 }],
  ["value glued to the last short", appTool, ["-fn5"], { force: true, n: 5 }],
  ["negative number for a numeric short", appTool, ["-n", "-5"], { n: -5 }],
  ["negative number after -n=", appTool, ["-n=-5"], { n: -5 }],
  ["enum", appTool, ["--level", "info"], { level: "info" }],
  ["enum outside its choices", appTool, ["--level", "trace"], { issues: ["invalid_value"] }],
  ["repeatable", appTool, ["--tags", "a", "--tags", "b"], { tags: ["a", "b"] }],
  ["repeatable once", appTool, ["--tags", "a"], { tags: ["a"] }],
  ["repeatable integers", appTool, ["--ports", "80", "--ports", "443"], { ports: [80, 443] }],
  ["repeatable with a bad item", appTool, ["--ports", "80", "--ports", "x"], { issues: ["invalid_value"] }],
  ["scalar given twice: last wins", appTool, ["--name", "a", "--name", "b"], { name: "b" }],
  ["nullable takes null", appTool, ["--note", "null"], { note: null }],
  ["nullable takes other text", appTool, ["--note", "nil"], { note: "nil" }],
  ["nested flag", appTool, ["--config-timeout", "5"], { config: { timeout: 5 } }],
  ["nested boolean", appTool, ["--config-dry-run"], { config: { dryRun: true } }],
  ["two levels", appTool, ["--config-retry-max", "3"], { config: { retry: { max: 3 } } }],
  ["required child of a given optional parent", appTool, ["--config-retry-backoff", "exp"], { issues: ["missing_required"] }],
  ["JSON flag", appTool, ["--meta", '{"a":"b"}'], { meta: { a: "b" } }],
  ["JSON of the wrong shape", appTool, ["--meta", '{"a":1}'], { issues: ["invalid_value"] }],
  ["JSON of the wrong kind", appTool, ["--meta", "[1]"], { issues: ["invalid_value"] }],
  ["string | number takes text", appTool, ["--id", "abc"], { id: "abc" }],
  ["string | number takes a number", appTool, ["--id", "5"], { id: 5 }],
  ["string | number takes a JSON string", appTool, ["--id", '"5"'], { id: "5" }],
  ["a key with a dash stays one key", appTool, ["--dry-run"], { "dry-run": true }],
  ["positionals are issues by default", appTool, ["a", "--name", "x", "b"], { issues: ["unexpected_argument", "unexpected_argument"] }],
  ["positionals go to rest with allowPositionals", appTool, ["a", "--name", "x", "b"], { name: "x" }, ["a", "b"], { allowPositionals: true }],
  ["-- ends flags", appTool, ["--name", "x", "--", "--count", "5"], { name: "x" }, ["--count", "5"]],
  ["a lone - is positional", appTool, ["-"], {}, ["-"], { allowPositionals: true }],
  ["a negative number is positional", appTool, ["-5"], {}, ["-5"], { allowPositionals: true }],
  ["a negative number no key takes is an issue", appTool, ["-5"], { issues: ["unexpected_argument"] }],
  ["empty argv", appTool, [], {}],
  ["unknown flag suggests the closest", appTool, ["--nmae", "x"], { issues: ["unknown_flag"] }],
  ["__proto__ path", appTool, ["--__proto__-x", "1"], { issues: ["unknown_flag"] }],
  ["constructor.prototype path", appTool, ["--constructor-prototype-x", "1"], { issues: ["unknown_flag"] }],
  ["bare __proto__", appTool, ["--__proto__", "1"], { issues: ["unknown_flag"] }],
  ["nested __proto__", appTool, ["--config-__proto__", "1"], { issues: ["unknown_flag"] }],
  ["undeclared toString", strictTool, ["--query", "q", "--toString", "x"], { issues: ["unknown_flag"] }],
  ["unknown short", appTool, ["-z"], { issues: ["unknown_flag"] }],
  ["flags are case sensitive", appTool, ["--Name", "x"], { issues: ["unknown_flag"] }],
  ["NUL inside a flag name", appTool, ["--na\0me", "x"], { issues: ["unknown_flag"] }],
  ["look-alike Unicode name", appTool, ["--n\u0430me", "x"], { issues: ["unknown_flag"] }],
  ["NUL inside a value", appTool, ["--name", "a\0b"], { name: "a\0b" }],
  ["every problem at once", appTool, ["--count", "x", "--limit", "y", "--nope"], { issues: ["invalid_value", "invalid_value", "unknown_flag"] }],
  ["env fallback", appTool, [], { count: 7 }, [], { env: { APP_COUNT: "7" } }],
  ["argv wins over env", appTool, ["--count", "1"], { count: 1 }, [], { env: { APP_COUNT: "7" } }],
  ["bad env value names the variable", appTool, [], { issues: ["invalid_value"] }, [], { env: { APP_COUNT: "x" } }],
  ["10,000-segment flag name", appTool, [long, "1"], { issues: ["unknown_flag"] }],
  ["100,000 repeats of a repeatable", appTool, many(100000, "--tags", "a"), { tags: Array(100000).fill("a") }],
  ["100,000 unknown flags", appTool, many(100000, "--x"), { issues: [...Array(100).fill("unknown_flag"), "too_many_issues"] }],
  ["required flag and switch", strictTool, ["--query", "q"], { query: "q", switch: false }],
  ["missing required flag", strictTool, [], { issues: ["missing_required"] }],
  ["optional parent stays absent", strictTool, ["--query", "q", "--switch"], { query: "q", switch: true }],
  ["a given optional parent needs its required children", strictTool, ["--query", "q", "--parent-b", "2"], { issues: ["missing_required"] }],
  ["a parent's default object fills what is missing", strictTool, ["--query", "q", "--with-default-t", "5"], { query: "q", switch: false, withDefault: { t: 5, u: 2 } }],
];

test("the table has at least 60 rows", () => {
  assert.ok(rows.length >= 60, `${rows.length}`);
});

for (const [title, tool, argv, want, rest = [], opts] of rows) {
  test(`parseArgv: ${title}`, () => {
    const result = tool.safeParseArgv(argv, opts);
    if (want.issues) {
      assert.equal(result.success, false, `expected issues, got ${JSON.stringify(result.data)}`);
      assert.equal(result.error.code, "INVALID_ARGS");
      assert.deepEqual(result.error.issues.map((i) => i.code), want.issues, result.error.message);
      for (const issue of result.error.issues) assert.ok(issue.message.length < 400, "messages stay short");
      assert.throws(() => tool.parseArgv(argv, opts), (e) => e instanceof cjs.ToolshapeError && e.code === "INVALID_ARGS");
    } else {
      assert.equal(result.success, true, result.success ? "" : result.error.message);
      assert.deepEqual(result.data, want);
      assert.deepEqual(result.rest, rest);
      assert.ok(isPlainJson(result.data));
      const schema = tool === appTool ? app : strict;
      const zod = schema.safeParse(result.data);
      assert.ok(zod.success, JSON.stringify(zod.error && zod.error.issues));
    }
    assert.equal({}.x, undefined);
    assert.equal(Object.prototype.toString.call({}), "[object Object]");
  });
}

test("declared keys named like Object.prototype members are own properties", () => {
  // Not checked with Zod: Zod 4 reads an absent optional `toString` from
  // Object.prototype and reports a function where a string was expected.
  const tool = cjs.compile({ type: "object", properties: { toString: { type: "string" }, constructor: { type: "object", properties: { name: { type: "string" } } } } });
  const data = tool.parseArgv(["--to-string", "x", "--constructor-name", "y"]);
  assert.ok(Object.hasOwn(data, "toString") && Object.hasOwn(data, "constructor"));
  assert.deepEqual(data, { toString: "x", constructor: { name: "y" } });
  assert.equal(Object.getPrototypeOf(data), Object.prototype);
  assert.deepEqual(tool.parseArgv([]), {});
  assert.equal(typeof {}.toString, "function");
});

test("messages name the flag, the value and what was expected", () => {
  const { error } = appTool.safeParseArgv(["--count", "12abc", "--nmae", "x", "--level", "trace"]);
  const [count, unknown, level] = error.issues;
  assert.equal(count.flag, "--count");
  assert.deepEqual(count.path, ["count"]);
  assert.equal(count.message, '--count expects a number, got "12abc"');
  assert.equal(unknown.message, "unknown flag --nmae; did you mean --name?");
  assert.equal(level.message, '--level expects one of: debug, info, got "trace"');
  const nested = appTool.safeParseArgv(["--config-timout", "5"]).error.issues[0];
  assert.equal(nested.message, "unknown flag --config-timout; did you mean --config-timeout?");
  // The object's own name, as JSON text would be given for it, names its keys' flags.
  const object = appTool.safeParseArgv(["--config", '{"timeout":5}']).error.issues;
  assert.equal(object.length, 1);
  assert.match(object[0].message, /^unknown flag --config; config is an object whose keys are flags of their own: --config-timeout\b/);
  const missing = strictTool.safeParseArgv(["--query", "q", "--parent-b", "2"]).error.issues[0];
  assert.equal(missing.message, "missing required flag --parent-a (needed once any --parent-* flag is given)");
  assert.deepEqual(missing.path, ["parent", "a"]);
  const huge = appTool.safeParseArgv([long]).error.issues[0];
  assert.ok(huge.message.length < 200);
});

test("argv that is not an array of strings is refused clearly", () => {
  for (const bad of [undefined, "--name x", [1], [null], [{}]]) {
    assert.throws(() => appTool.parseArgv(bad), (e) => e instanceof cjs.ToolshapeError && e.code === "INVALID_ARGS");
  }
});

test("fromFlagValues builds nested arguments through the table", () => {
  assert.deepEqual(appTool.fromFlagValues({ "config-timeout": "30", "config-retry-max": 2, tags: ["a", "b"], verbose: "true" }), {
    verbose: true,
    tags: ["a", "b"],
    config: { timeout: 30, retry: { max: 2 } },
  });
  assert.deepEqual(appTool.fromFlagValues({ "no-verbose": true }), { verbose: false });
  assert.deepEqual(strictTool.fromFlagValues({ query: "q", "with-default-u": 9 }), { query: "q", switch: false, withDefault: { t: 1, u: 9 } });
  assert.throws(() => appTool.fromFlagValues({ "config-timout": 1 }), (e) => e.code === "INVALID_ARGS" && /did you mean "config-timeout"/.test(e.message));
  assert.throws(() => appTool.fromFlagValues({ count: "12abc" }), (e) => e.code === "INVALID_ARGS" && e.issues[0].flag === "--count");
  assert.throws(() => appTool.fromFlagValues({ "__proto__-x": 1 }), (e) => e.code === "INVALID_ARGS");
  assert.throws(() => strictTool.fromFlagValues({}), (e) => e.issues[0].code === "missing_required");
  assert.throws(() => appTool.fromFlagValues("x"), (e) => e.code === "INVALID_ARGS");
});

test("a lone surrogate in argv is U+FFFD, in a value and a list alike", () => {
  const tool = cjs.compile({ type: "object", properties: { a: {}, b: { type: "string" }, c: { type: "array", items: { type: "string" } } } });
  for (const argv of [["--a=\ud800"], ["--b", "x\udc00y", "--c", "é\ud800", "--c", "ok"], ["--b=\ud83d\ude00"]]) {
    const fast = tool.safeParseArgv(argv);
    const general = tool.safeParseArgv(argv, { partial: true });
    assert.equal(JSON.stringify(fast), JSON.stringify(general), JSON.stringify(argv));
  }
  assert.deepEqual(tool.parseArgv(["--b", "x\udc00y"]), { b: "x\ufffdy" });
  // A well-formed pair is kept whole.
  assert.deepEqual(tool.parseArgv(["--b=\ud83d\ude00"]), { b: "\ud83d\ude00" });
});

test("--help and -h ask for usage: HELP_REQUESTED carries the text", () => {
  const result = appTool.safeParseArgv(["--name", "x", "--help"]);
  assert.equal(result.success, false);
  assert.equal(result.error.code, "HELP_REQUESTED");
  assert.match(result.error.message, /^Usage: tool \[options\]/);
  assert.equal(strictTool.safeParseArgv(["-h"]).error.code, "HELP_REQUESTED");
  assert.deepEqual(appTool.safeParseArgv(["--", "-h"]).rest, ["-h"]);
});

test("a one-letter key answers its letter after one dash, as yargs reads it", () => {
  const search = cjs.compile(z.object({ q: z.string(), k: z.number().int().optional(), v: z.boolean().optional(), h: z.string().optional() }));
  assert.deepEqual(search.parseArgv(["-q", "cats", "-vk", "5"]), { q: "cats", k: 5, v: true });
  assert.deepEqual(search.parseArgv(["--q", "cats", "-k5", "--h", "x"]), { q: "cats", k: 5, h: "x" });
  assert.deepEqual(
    search.flags().map((f) => [f.name, f.short]),
    [["q", "q"], ["k", "k"], ["v", "v"], ["h", undefined]],
  );
  assert.throws(() => search.parseArgv(["-h"]), (e) => e.code === "HELP_REQUESTED");
  assert.match(search.usage(), /\n {2}-q, --q <string> +\(required\)\n/);
  // Written back with the long name, which reads the same.
  assert.deepEqual(search.toArgv({ q: "cats", k: 5 }), ["--q", "cats", "--k", "5"]);
});

test("argv of every length and script crosses intact", () => {
  const schema = { type: "object", properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string" } }, on: { type: "boolean" } } };
  const tool = cjs.compile(schema);
  const texts = ["a", "é".repeat(100), "☃".repeat(300), "😀".repeat(500), "z".repeat(5000), "ab😀", "q".repeat(1100000)];
  for (const text of [...texts, ...texts.slice().reverse()]) {
    assert.deepEqual(tool.parseArgv(["--name", text]), { name: text }, `${text.length} units`);
    assert.deepEqual(tool.parseArgv(["--tags", text, "--tags", "b", "--name", "n"]), { tags: [text, "b"], name: "n" });
  }
  assert.deepEqual(tool.parseArgv(["--name", "z".repeat(245), "--on"]), { name: "z".repeat(245), on: true });
  // A lone surrogate is U+FFFD, as any string crossing into wasm becomes.
  assert.deepEqual(tool.parseArgv(["--name", "x\uD800y"]), { name: "x\uFFFDy" });
  tool.free();
});

// A union of scalars (`z.union([z.number(), z.literal("auto")])`) is a
// JSON flag only because no one scalar type covers it: it is typed, shown,
// completed and written back as words, with JSON text still accepted.
test("a union of scalars is typed as words: usage, messages, completion and toArgv say so", () => {
  const schema = z.object({
    limit: z.union([z.number().int().min(1), z.literal("auto")]),
    mode: z.union([z.enum(["fast", "safe"]), z.boolean()]).optional(),
    version: z.union([z.string(), z.number()]).nullable().optional(),
    tag: z.union([z.literal("5"), z.number()]).optional(),
  });
  const tool = cjs.compile(schema, { name: "run" });
  const usage = tool.usage();
  for (const line of ["--limit <integer|auto>", "--[no-]mode [<fast|safe|boolean>]", "--version <string|number|null>", '--tag <"5"|number>']) {
    assert.ok(usage.includes(line), `${line} in:\n${usage}`);
  }
  assert.doesNotMatch(usage, /\[JSON/);
  const rows = [
    [["--limit", "auto", "--mode", "safe"], { limit: "auto", mode: "safe" }],
    [["--limit", "5", "--mode", "true", "--version", "v1"], { limit: 5, mode: true, version: "v1" }],
    [["--limit", "2", "--version", "null", "--tag", '"5"'], { limit: 2, version: null, tag: "5" }],
    [["--limit", "2", "--version", "3", "--tag", "5"], { limit: 2, version: 3, tag: 5 }],
  ];
  for (const [argv, expected] of rows) {
    const args = tool.parseArgv(argv);
    assert.deepEqual(args, expected);
    assert.ok(schema.safeParse(args).success);
    const written = tool.toArgv(args);
    assert.deepEqual(tool.parseArgv(written), expected, `round trip of ${JSON.stringify(written)}`);
  }
  assert.deepEqual(tool.toArgv({ limit: "auto", mode: "fast", version: "v1", tag: "5" }), ["--limit", "auto", "--mode", "fast", "--version", "v1", "--tag", '"5"']);
  const refused = [
    [["--limit", "all"], /^--limit expects an integer or auto, got "all"$/],
    [["--limit", "1", "--mode", "slow"], /^--mode expects fast, safe or a boolean, got "slow"$/],
    [["--limit"], /^--limit expects a value: an integer or auto$/],
  ];
  for (const [argv, message] of refused) {
    assert.throws(() => tool.parseArgv(argv), (e) => e instanceof cjs.ToolshapeError && message.test(e.message), argv.join(" "));
  }
  assert.deepEqual(tool.complete(["--limit", ""]).map((c) => c.value), ["auto"]);
  assert.deepEqual(tool.complete(["--mode", ""]).map((c) => c.value), ["fast", "safe", "true", "false"]);
  // A shell would unquote "5" to the number, so the string is not offered.
  assert.deepEqual(tool.complete(["--tag", ""]).map((c) => c.value), []);
});

// With a boolean branch the value may be left out, as commander's
// `--color [when]` and argparse's `nargs='?'`: `--color` is true,
// `--no-color` false, and a following word that is no flag is the value,
// so a typo names the flag instead of filling a positional.
test("a union with a boolean takes its value optionally: --color, --no-color, --color auto", () => {
  const schema = z.object({
    file: z.string().optional().meta({ cli: { positional: 0 } }),
    color: z.union([z.boolean(), z.enum(["auto", "always"])]).optional().describe("Colour the output"),
    depth: z.number().optional(),
  });
  const tool = cjs.compile(schema, { name: "show", flags: { color: { short: "c" } } });
  const rows = [
    [["--color"], { color: true }],
    [["-c"], { color: true }],
    [["--no-color"], { color: false }],
    [["--color=auto"], { color: "auto" }],
    [["--color", "always", "a.txt"], { color: "always", file: "a.txt" }],
    [["--color", "--depth", "2"], { color: true, depth: 2 }],
    [["a.txt", "-c"], { file: "a.txt", color: true }],
  ];
  for (const [argv, expected] of rows) {
    const args = tool.parseArgv(argv);
    assert.deepEqual(args, expected, argv.join(" "));
    assert.ok(schema.safeParse(args).success);
    assert.deepEqual(tool.parseArgv(tool.toArgv(args)), expected, `round trip of ${argv.join(" ")}`);
  }
  assert.throws(
    () => tool.parseArgv(["--color", "a.txt"]),
    (e) => e instanceof cjs.ToolshapeError && e.message === '--color expects a boolean, auto or always, got "a.txt"',
  );
  assert.ok(tool.usage().includes("-c, --[no-]color [<boolean|auto|always>]  Colour the output"), tool.usage());
  assert.deepEqual(tool.complete(["--no-c"]).map((c) => c.value), ["--no-color"]);
  assert.equal(tool.flags().find((f) => f.name === "color").negatable, true);
});

// A record of scalars (z.record) is typed an entry at a time, docker's
// `-e KEY=VALUE` way; Zod accepts what comes out, and a key named like a
// prototype member is an own key that touches no prototype.
test("a tuple of scalars takes its positions as words after its flag, as yargs' nargs", () => {
  const schema = z.object({ range: z.tuple([z.number(), z.number()]).optional(), sort: z.tuple([z.string(), z.enum(["asc", "desc"])]).optional(), name: z.string().optional() });
  const tool = cjs.compile(schema, { name: "find" });
  const args = tool.parseArgv(["--range", "-1", "5", "--sort", "date", "desc", "--name", "n"]);
  assert.deepEqual(args, { range: [-1, 5], sort: ["date", "desc"], name: "n" });
  assert.ok(schema.safeParse(args).success);
  assert.deepEqual(tool.parseArgv(["--range", "[1,2]"]), { range: [1, 2] });
  assert.deepEqual(tool.toArgv(args), ["--range", "-1", "5", "--sort", "date", "desc", "--name", "n"]);
  assert.match(tool.usage(), /--range <number> <number>\n/);
  assert.match(tool.usage(), /--sort <string> <asc\|desc>\n/);
  assert.equal(tool.flags()[0].nargs, 2);
  assert.deepEqual(tool.complete(["--sort", "date", ""]).map((c) => c.value), ["asc", "desc"]);
  const { error } = tool.safeParseArgv(["--range", "1", "--name", "n"]);
  assert.equal(error.issues[0].message, "--range expects 2 values: a number, then a number, got 1");
  assert.equal(error.issues[0].flag, "--range");
});

test("usage ends with the root's epilogue from Zod's meta, its line breaks kept", () => {
  const schema = z.object({ to: z.string() }).meta({ cli: { examples: ["--to a"], epilogue: "Exit codes:\n  0  sent\n  2  bad arguments" } });
  const tool = cjs.compile(schema, { name: "send" });
  assert.ok(tool.usage().endsWith("  send --to a\n\nExit codes:\n  0  sent\n  2  bad arguments\n"), tool.usage());
});

test("a record of scalars takes --env KEY=VALUE entries, and toArgv writes them back", () => {
  const schema = z.object({
    env: z.record(z.string(), z.string()).optional(),
    limits: z.record(z.enum(["cpu", "mem"]), z.number()).optional(),
  });
  const tool = cjs.compile(schema, { name: "run" });
  assert.match(tool.usage(), /--env <key=string>\.\.\./);
  assert.match(tool.usage(), /--limits <key=number>\.\.\./);
  const args = tool.parseArgv(["--env", "A=1", "--env", "URL=http://x/?a=b", "--env", "__proto__=x", "--limits", "cpu=0.5", "--limits", "mem=512"]);
  assert.deepEqual(JSON.parse(JSON.stringify(args)), { env: { A: "1", URL: "http://x/?a=b", ["__proto__"]: "x" }, limits: { cpu: 0.5, mem: 512 } });
  assert.ok(Object.hasOwn(args.env, "__proto__"));
  assert.equal(Object.getPrototypeOf(args.env), Object.prototype);
  assert.equal({}.x, undefined);
  assert.ok(schema.safeParse(args).success);
  const written = tool.toArgv(args);
  assert.deepEqual(written.slice(0, 2), ["--env", "A=1"]);
  assert.deepEqual(JSON.parse(JSON.stringify(tool.parseArgv(written))), JSON.parse(JSON.stringify(args)));
  assert.throws(() => tool.parseArgv(["--limits", "cpu=1"]), (e) => e instanceof cjs.ToolshapeError && /the required key "mem" is missing/.test(e.message));
  assert.throws(() => tool.parseArgv(["--limits", "gpu=1"]), (e) => e instanceof cjs.ToolshapeError && /the key "gpu" is not one it takes/.test(e.message));
  // A record of objects takes KEY=JSON entries, helm's --set-json way.
  const hosts = z.object({ hosts: z.record(z.string(), z.object({ port: z.number().int() })) });
  const served = cjs.compile(hosts, { name: "serve" });
  assert.match(served.usage(), /--hosts <key=json>\.\.\./);
  const parsed = served.parseArgv(["--hosts", 'api={"port":80}', "--hosts", 'db={"port":5432}']);
  assert.deepEqual(JSON.parse(JSON.stringify(parsed)), { hosts: { api: { port: 80 }, db: { port: 5432 } } });
  assert.ok(hosts.safeParse(parsed).success);
  // flags() says which flags take entries, for a caller writing its own help.
  const marked = (t) => Object.fromEntries(t.flags().map((f) => [f.name, { json: f.json, record: f.record, list: f.list }]));
  assert.deepEqual(marked(tool), { env: { json: true, record: true, list: undefined }, limits: { json: true, record: true, list: undefined } });
  assert.deepEqual(marked(served).hosts, { json: true, record: true, list: undefined });
  assert.equal(cjs.compile(z.object({ any: z.record(z.string(), z.any()) })).flags()[0].record, undefined);
});

// A list of objects (the filesystem server's `edits`) takes one item or
// several each time its flag is given, argparse's `action="append"` way;
// Zod accepts what comes out, one flag of the whole list reads as before,
// and a key named like a prototype member stays an own key of its item.
test("a list of objects takes --edit one object at a time, or JSON text for several", () => {
  const schema = z.object({
    edits: z.array(z.object({ oldText: z.string(), newText: z.string() })).describe("Edits to apply"),
    checks: z.array(z.boolean()).optional(),
  });
  const tool = cjs.compile(schema, { name: "edit", flags: { edits: { name: "edit" } } });
  assert.match(tool.usage(), /--edit <json>\.\.\. +Edits to apply/);
  // flags() marks the lists that add items each time they are given.
  assert.deepEqual(tool.flags().map((f) => [f.name, f.json, f.list, f.repeatable]), [["edit", true, true, undefined], ["checks", true, true, undefined]]);
  assert.equal(cjs.compile(z.object({ tags: z.array(z.string()) })).flags()[0].list, undefined);
  const args = tool.parseArgv([
    "--edit", '{"oldText":"a","newText":"b"}',
    "--edit", '[{"oldText":"c","newText":"d"},{"oldText":"e","newText":"f","__proto__":{"polluted":1}}]',
    "--checks", "true", "--checks", "false",
  ]);
  assert.deepEqual(JSON.parse(JSON.stringify(args)), {
    edits: [
      { oldText: "a", newText: "b" },
      { oldText: "c", newText: "d" },
      { oldText: "e", newText: "f", ["__proto__"]: { polluted: 1 } },
    ],
    checks: [true, false],
  });
  assert.ok(Object.hasOwn(args.edits[2], "__proto__"));
  assert.equal({}.polluted, undefined);
  assert.ok(schema.safeParse(args).success);
  const written = tool.toArgv(args);
  // Written as a person types it: one --edit an item, the prototype key kept as an own key.
  assert.deepEqual(written.filter((word) => word === "--edit").length, 3);
  assert.equal(written[5], '{"oldText":"e","newText":"f","__proto__":{"polluted":1}}');
  assert.deepEqual(JSON.parse(JSON.stringify(tool.parseArgv(written))), JSON.parse(JSON.stringify(args)));
  assert.throws(
    () => tool.parseArgv(["--edit", '{"oldText":"a"}']),
    (e) => e instanceof cjs.ToolshapeError && e.issues[0].flag === "--edit" &&
      /^--edit expects JSON text for an array of objects, or for one item \(the required key "newText" is missing\)/.test(e.message),
  );
});

test("snake_case keys become kebab-case flags as camelCase ones do, the key's own spelling still parses, and collisions are found", () => {
  const tool = cjs.compile({
    type: "object",
    properties: { issue_number: { type: "number" }, perPage: { type: "number" }, repo_info: { type: "object", properties: { owner_name: { type: "string" } } }, _id: { type: "string" } },
    required: ["issue_number"],
  });
  assert.deepEqual(tool.flags().map((f) => f.name), ["issue-number", "per-page", "repo-info-owner-name", "_id"]);
  assert.deepEqual(tool.parseArgv(["--issue-number", "3", "--repo-info-owner-name", "x"]), { issue_number: 3, repo_info: { owner_name: "x" } });
  // The spelling handed out before parses, unannounced: usage shows one spelling.
  assert.deepEqual(tool.parseArgv(["--issue_number", "4"]), { issue_number: 4 });
  assert.doesNotMatch(tool.usage(), /issue_number/);
  assert.deepEqual(tool.toArgv({ issue_number: 3 }), ["--issue-number", "3"]);
  // case: "preserve" keeps keys as written, with no alias.
  assert.deepEqual(cjs.compile({ type: "object", properties: { issue_number: { type: "number" } } }, { case: "preserve" }).flags().map((f) => [f.name, f.aliases]), [["issue_number", undefined]]);
  // Two keys a person would type alike are a collision, naming both.
  const twins = cjs.compile({ type: "object", properties: { issue_number: { type: "number" }, "issue-number": { type: "string" } } });
  assert.throws(() => twins.flags(), (e) => e.code === "FLAG_COLLISION" && /\["issue_number"\]/.test(e.message) && /\["issue-number"\]/.test(e.message));
});

test("a near miss of a choice gets the choice meant, shown in the list even when the list is cut", () => {
  const clients = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];
  const tool = cjs.compile({ type: "object", properties: { client: { enum: clients }, level: { enum: ["debug", "info", "warn"] } } });
  const message = (argv) => tool.safeParseArgv(argv).error.message;
  assert.equal(message(["--client", "curosr"]), '--client expects one of: mcp, portable, openai, openai-strict, anthropic, anthropic-strict, claude-code, cursor, ... (11 choices), got "curosr"; did you mean "cursor"?');
  assert.equal(message(["--level", "inof"]), '--level expects one of: debug, info, warn, got "inof"; did you mean "info"?');
  assert.equal(message(["--level", "zzzzzz"]), '--level expects one of: debug, info, warn, got "zzzzzz"');
  // From the environment too.
  const env = cjs.compile({ type: "object", properties: { level: { enum: ["debug", "info", "warn"] } } }, { envPrefix: "APP" });
  assert.match(env.safeParseArgv([], { env: { APP_LEVEL: "wran" } }).error.message, /did you mean "warn"\?/);
});

test("a record's environment variable reads the forms its flag takes: entries in commas, or JSON text", () => {
  const tool = cjs.compile({ type: "object", properties: { labels: { type: "object", additionalProperties: { type: "string" } }, limits: { type: "object", additionalProperties: { type: "number" } } } }, { envPrefix: "MIGRATE" });
  const parse = (env) => tool.parseArgv([], { env });
  assert.deepEqual(parse({ MIGRATE_LABELS: "a=1,b=2" }), { labels: { a: "1", b: "2" } });
  assert.deepEqual(parse({ MIGRATE_LIMITS: "cpu=0.5,mem=2" }), { limits: { cpu: 0.5, mem: 2 } });
  assert.deepEqual(parse({ MIGRATE_LABELS: '{"a":"1,2"}' }), { labels: { a: "1,2" } });
  // A value holding a comma that is no entry is one value, as before.
  assert.deepEqual(parse({ MIGRATE_LABELS: "note=x,y" }), { labels: { note: "x,y" } });
  // The same as the flag given twice.
  assert.deepEqual(tool.parseArgv(["--labels", "a=1", "--labels", "b=2"]), parse({ MIGRATE_LABELS: "a=1,b=2" }));
});
