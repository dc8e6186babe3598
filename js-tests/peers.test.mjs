// Cases adapted from the test suites of minimist (test/parse.js, num.js,
// dotted.js, proto.js, short.js, dash.js) and yargs-parser
// (test/yargs-parser.js): each peer case becomes a schema, an argv and the
// result we give. Where we differ on purpose, `differs` says how and why;
// the peers' own answer is run alongside where it is the same library call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgs } from "node:util";
import yargsParser from "yargs-parser";
import { cjs } from "./helpers.mjs";

const str = { type: "string" };
const num = { type: "number" };
const bool = { type: "boolean" };
const obj = (properties, required) => ({ type: "object", properties, ...(required ? { required } : {}) });

const rows = [
  {
    from: "minimist parse.js 'parse args' (no)",
    schema: obj({ moo: bool }),
    argv: ["--no-moo"],
    want: { moo: false },
  },
  {
    from: "minimist parse.js 'parse args' (multi)",
    schema: obj({ v: { type: "array", items: str } }, []),
    options: { flags: { v: { short: "v" } } },
    argv: ["-v", "a", "-v", "b", "-v", "c"],
    want: { v: ["a", "b", "c"] },
  },
  {
    from: "minimist parse.js 'comprehensive'",
    schema: obj({ name: str, cats: bool, s: str, key: str, bool, meep: bool, multi: { type: "array", items: str } }),
    options: { flags: { cats: { short: "c" }, s: { short: "s" } } },
    argv: ["--name=meowmers", "bare", "-cs", "woo", "--multi=quux", "--key", "value", "--bool", "--no-meep", "--multi=baz", "--", "--not-a-flag", "eek"],
    want: { name: "meowmers", cats: true, s: "woo", key: "value", bool: true, meep: false, multi: ["quux", "baz"] },
    parse: { allowPositionals: true },
    rest: ["bare", "--not-a-flag", "eek"],
    differs: "minimist reads -cats as four booleans; flags here are declared, so -c is one alias and -s takes the value; a positional no key takes needs allowPositionals (as util.parseArgs's strict mode)",
  },
  {
    from: "minimist num.js 'implicit nums'",
    schema: obj({ x: num, y: num, z: num, w: str, hex: str }),
    argv: ["--x", "1234", "--y", "5.67", "--z", "1e7", "--w", "10f", "--hex", "0xdeadbeef", "789"],
    want: { x: 1234, y: 5.67, z: 1e7, w: "10f", hex: "0xdeadbeef" },
    parse: { allowPositionals: true },
    rest: ["789"],
    differs: "types come from the schema, never guessed: hex stays text, and positionals stay strings",
  },
  {
    from: "minimist num.js 'number type' (negative, = form)",
    schema: obj({ n: num }),
    options: { flags: { n: { short: "n" } } },
    argv: ["-n", "-123"],
    want: { n: -123 },
  },
  {
    from: "minimist num.js 'number type' (xyz)",
    schema: obj({ num }),
    argv: ["--num", "xyz"],
    issues: ["invalid_value"],
    differs: "minimist gives NaN; a number flag here refuses text that is not a number",
  },
  {
    from: "minimist num.js 'number type' (missing value)",
    schema: obj({ num }),
    argv: ["--num"],
    issues: ["missing_value"],
    differs: "minimist gives NaN",
  },
  {
    from: "minimist parse.js 'flag boolean'",
    schema: obj({ t: bool }),
    options: { flags: { t: { short: "t" } } },
    argv: ["-t", "moo"],
    parse: { allowPositionals: true },
    want: { t: true },
    rest: ["moo"],
  },
  {
    from: "minimist parse.js 'flag boolean' (moo as a positional key)",
    schema: obj({ t: bool, animal: { type: "string", cli: { positional: 0 } } }),
    options: { flags: { t: { short: "t" } } },
    argv: ["-t", "moo"],
    want: { t: true, animal: "moo" },
  },
  {
    from: "minimist parse.js 'flag boolean value'",
    schema: obj({ verbose: bool, t: bool }),
    argv: ["--verbose", "false", "moo", "--t", "true"],
    parse: { allowPositionals: true },
    issues: ["unexpected_argument", "unexpected_argument"],
    differs: "minimist reads 'false' as the value; a boolean here never takes the next argument, and a true/false right after one is refused with how to write it (--no-verbose or --verbose=false), never sent to rest as before, where --verbose false meant true",
  },
  {
    from: "minimist parse.js 'newlines in params'",
    schema: obj({ s: str }),
    argv: ["--s=X\nX"],
    want: { s: "X\nX" },
  },
  {
    from: "minimist parse.js 'strings'",
    schema: obj({ s: str, x: str }),
    argv: ["--s", "0001234", "--x", "56"],
    want: { s: "0001234", x: "56" },
  },
  {
    from: "minimist parse.js 'empty strings'",
    schema: obj({ str }),
    argv: ["--str"],
    issues: ["missing_value"],
    differs: "minimist gives ''; a missing value is an error here (write --str= for an empty string)",
  },
  {
    from: "minimist parse.js 'slashBreak'",
    schema: obj({ I: str }),
    options: { case: "preserve", flags: { I: { short: "I" } } },
    argv: ["-I/foo/bar/baz"],
    want: { I: "/foo/bar/baz" },
  },
  {
    from: "minimist parse.js 'nested dotted objects'",
    schema: obj({ foo: obj({ bar: num, baz: num, quux: obj({ quibble: num, o_O: bool }) }), beep: obj({ boop: bool }) }),
    options: { separator: ".", case: "preserve" },
    argv: ["--foo.bar", "3", "--foo.baz", "4", "--foo.quux.quibble", "5", "--foo.quux.o_O", "--beep.boop"],
    want: { foo: { bar: 3, baz: 4, quux: { quibble: 5, o_O: true } }, beep: { boop: true } },
  },
  {
    from: "minimist dotted.js 'dotted array'",
    schema: obj({ a: { type: "array", items: obj({ foo: num }) } }),
    options: { separator: "." },
    argv: ["--a.1.foo", "11"],
    issues: ["unknown_flag"],
    differs: "minimist builds a sparse array; paths come only from the schema, and an array of objects is one JSON flag (--a '[...]')",
  },
  {
    from: "minimist proto.js 'proto pollution'",
    schema: obj({ x: str }),
    options: { separator: "." },
    argv: ["--__proto__.x", "123"],
    issues: ["unknown_flag"],
    differs: "minimist ignores the key; here it is an unknown flag, reported",
  },
  {
    from: "minimist proto.js 'proto pollution (constructor)'",
    schema: obj({ y: str }),
    options: { separator: "." },
    argv: ["--constructor.prototype.y", "123"],
    issues: ["unknown_flag"],
  },
  {
    from: "minimist proto.js 'trailing __proto__ in option key'",
    schema: obj({ a: obj({ b: str }) }),
    options: { separator: "." },
    argv: ["--a.__proto__", "IGNORED"],
    issues: ["unknown_flag"],
  },
  {
    from: "minimist dash.js '-' and '--'",
    schema: obj({ n: str, s: bool }),
    options: { flags: { n: { short: "n" }, s: { short: "s" } } },
    argv: ["-n", "-", "-", "-s", "--", "-x"],
    parse: { allowPositionals: true },
    want: { n: "-", s: true },
    rest: ["-", "-x"],
  },
  {
    from: "yargs-parser 'should parse a lone short option' / short groups",
    schema: obj({ a: bool, b: bool, c: str }),
    options: { flags: { a: { short: "a" }, b: { short: "b" }, c: { short: "c" } } },
    argv: ["-abc", "x"],
    want: { a: true, b: true, c: "x" },
  },
  {
    from: "yargs-parser 'should set n to the numeric value' (-n5, -n=5)",
    schema: obj({ n: num, m: num }),
    options: { flags: { n: { short: "n" }, m: { short: "m" } } },
    argv: ["-n5", "-m=6"],
    want: { n: 5, m: 6 },
  },
  {
    from: "yargs-parser 'should handle parsing negative numbers'",
    schema: obj({ n: num, x: num }),
    argv: ["--n", "-5", "--x=-3.5", "-33"],
    parse: { allowPositionals: true },
    want: { n: -5, x: -3.5 },
    rest: ["-33"],
  },
  {
    from: "yargs-parser 'should not consider a -- in the middle of a value'",
    schema: obj({ key: str }),
    argv: ["--key=a--b=c"],
    want: { key: "a--b=c" },
  },
  {
    from: "yargs-parser dot-notation with camel-case keys",
    schema: obj({ fooBar: obj({ bazQux: num }) }),
    argv: ["--foo-bar-baz-qux", "1"],
    want: { fooBar: { bazQux: 1 } },
    differs: "yargs-parser answers --foo-bar.baz-qux with both spellings; one kebab-cased name per key here",
  },
  {
    from: "yargs-parser 'should set boolean negation' with a dashed key",
    schema: obj({ "dry-run": bool }),
    argv: ["--no-dry-run"],
    want: { "dry-run": false },
  },
  {
    from: "yargs-parser 'duplicate flags: last wins' (duplicate-arguments-array: false)",
    schema: obj({ file: str }),
    argv: ["--file", "a", "--file", "b"],
    want: { file: "b" },
  },
  {
    from: "yargs-parser 'arrays' (array option)",
    schema: obj({ file: { type: "array", items: str } }),
    argv: ["--file", "a", "--file", "b"],
    want: { file: ["a", "b"] },
  },
  {
    from: "yargs-parser 'nargs': the number of arguments following a key (a tuple of two here)",
    schema: obj({ foo: { type: "array", prefixItems: [str, str], items: false } }),
    argv: ["--foo", "apple", "bar"],
    want: { foo: ["apple", "bar"] },
  },
  {
    from: "yargs-parser 'nargs': not enough arguments following the key",
    schema: obj({ foo: { type: "array", prefixItems: [str, str], items: false } }),
    argv: ["--foo", "apple"],
    issues: ["missing_value"],
  },
  {
    from: "yargs-parser 'nargs' with the first value inline (--foo=apple bar, as yargs-parser reads it; argparse refuses it)",
    schema: obj({ foo: { type: "array", prefixItems: [str, str], items: false } }),
    argv: ["--foo=apple", "bar"],
    want: { foo: ["apple", "bar"] },
  },
  {
    from: "yargs-parser 'nargs is applied to aliases'",
    schema: obj({ foo: { type: "array", prefixItems: [str, str], items: false } }),
    options: { flags: { foo: { aliases: ["bar"] } } },
    argv: ["--bar", "apple", "bar"],
    want: { foo: ["apple", "bar"] },
  },
  {
    from: "yargs-parser prototype pollution: --__proto__.foo=bar",
    schema: obj({ foo: str }),
    options: { separator: "." },
    argv: ["--__proto__.foo=bar", "--foo=ok"],
    issues: ["unknown_flag"],
  },
];

for (const row of rows) {
  test(`peer case: ${row.from}`, () => {
    const tool = cjs.compile(row.schema, row.options);
    const result = tool.safeParseArgv(row.argv, row.parse);
    if (row.issues) {
      assert.equal(result.success, false, JSON.stringify(result.data));
      assert.deepEqual(result.error.issues.map((i) => i.code), row.issues);
    } else {
      assert.ok(result.success, result.success || result.error.message);
      assert.deepEqual(result.data, row.want);
      assert.deepEqual(result.rest, row.rest || []);
    }
    assert.equal({}.foo, undefined);
    assert.equal({}.x, undefined);
    assert.equal({}.y, undefined);
  });
}

test("yargs-parser itself agrees where we do not differ (dot notation)", () => {
  const dotted = rows.find((row) => row.options?.separator === "." && row.want?.foo);
  const peer = yargsParser(["--foo.bar", "3", "--foo.baz", "4"], { number: ["foo.bar", "foo.baz"] });
  const ours = cjs.compile(dotted.schema, dotted.options).parseArgv(["--foo.bar", "3", "--foo.baz", "4"]);
  assert.deepEqual(ours.foo.bar, peer.foo.bar);
  assert.deepEqual(ours.foo.baz, peer.foo.baz);
});

// The command-line page's table of differences says what each peer gives: held here
// against the peers themselves, so the table cannot drift from them.
test("yargs-parser's nargs and a tuple's words agree", () => {
  const tool = cjs.compile(obj({ foo: { type: "array", prefixItems: [str, str], items: false }, n: num }));
  for (const argv of [["--foo", "apple", "bar", "--n", "1"], ["--foo=apple", "bar", "--n", "1"]]) {
    const peer = yargsParser(argv, { narg: { foo: 2 }, number: ["n"] });
    assert.deepEqual(tool.parseArgv(argv), { foo: peer.foo, n: peer.n }, argv.join(" "));
  }
});

test("what yargs-parser's nargs gives, fromFlagValues reads as the tuple's words", () => {
  const tool = cjs.compile(obj({ range: { type: "array", prefixItems: [num, num], items: false }, sort: { type: "array", prefixItems: [str, { enum: ["asc", "desc"] }], items: false } }));
  const argv = ["--range", "1", "-5", "--sort", "date", "desc"];
  // yargs-parser reads numbers itself unless told the words are strings; either reads back.
  for (const options of [{ narg: { range: 2, sort: 2 } }, { narg: { range: 2, sort: 2 }, string: ["range", "sort"] }]) {
    const { _, ...flat } = yargsParser(argv, options);
    assert.deepEqual(tool.fromFlagValues(flat), tool.parseArgv(argv));
  }
  assert.deepEqual(tool.parseArgv(argv), { range: [1, -5], sort: ["date", "desc"] });
});

test("a string flag given twice: yargs-parser makes a list, util.parseArgs and we keep the last", () => {
  const argv = ["--file", "a", "--file", "b"];
  assert.deepEqual(yargsParser(argv, { string: ["file"] }).file, ["a", "b"]);
  assert.equal(parseArgs({ args: argv, options: { file: { type: "string" } } }).values.file, "b");
  assert.equal(cjs.compile({ type: "object", properties: { file: str } }).parseArgv(argv).file, "b");
});

test("a list of booleans given a value a time: yargs-parser and we agree", () => {
  const argv = ["--b", "true", "--b", "false"];
  const peer = yargsParser(argv, { array: [{ key: "b", boolean: true }] }).b;
  const ours = cjs.compile({ type: "object", properties: { b: { type: "array", items: bool } } }).parseArgv(argv).b;
  assert.deepEqual(ours, [true, false]);
  assert.deepEqual(ours, peer);
});

test("dot notation for a nested key: yargs-parser takes it, util.parseArgs refuses it, we refuse it naming the flag", () => {
  const argv = ["--config.timeout", "5"];
  assert.deepEqual(yargsParser(argv).config, { timeout: 5 });
  assert.throws(() => parseArgs({ args: argv, options: { "config-timeout": { type: "string" } } }), { code: "ERR_PARSE_ARGS_UNKNOWN_OPTION" });
  const tool = cjs.compile({ type: "object", properties: { config: obj({ timeout: num }) } });
  assert.throws(() => tool.parseArgv(argv), { message: "unknown flag --config.timeout; did you mean --config-timeout?" });
  // With the separator ".", it is the flag's own name.
  assert.deepEqual(cjs.compile({ type: "object", properties: { config: obj({ timeout: num }) } }, { separator: "." }).parseArgv(argv), { config: { timeout: 5 } });
});

test("a camelCase spelling of a kebab flag: yargs-parser takes it, util.parseArgs refuses it, we refuse it naming the flag", () => {
  const argv = ["--dryRun"];
  assert.equal(yargsParser(argv, { boolean: ["dry-run"] }).dryRun, true);
  assert.throws(() => parseArgs({ args: argv, options: { "dry-run": { type: "boolean" } } }), { code: "ERR_PARSE_ARGS_UNKNOWN_OPTION" });
  const tool = cjs.compile({ type: "object", properties: { dryRun: bool, config: obj({ maxRetries: num }) } });
  assert.throws(() => tool.parseArgv(argv), { message: "unknown flag --dryRun; did you mean --dry-run?" });
  // Other spellings of the same words, and the last words of a nested flag.
  for (const [typed, meant] of [["--configMaxRetries", "--config-max-retries"], ["--config.max_retries", "--config-max-retries"], ["--config.max-retries", "--config-max-retries"], ["--config.maxRetries", "--config-max-retries"], ["--maxRetries", "--config-max-retries"], ["--noDryRun", "--no-dry-run"]]) {
    assert.throws(() => tool.parseArgv([typed, "1"]), { message: `unknown flag ${typed}; did you mean ${meant}?` });
  }
  assert.throws(() => tool.fromFlagValues({ configMaxRetries: "1" }), (e) => e.message.includes('did you mean "config-max-retries"?'));
});

test("a required key that takes null, not given: yargs-parser and util.parseArgs leave it out, we give null (as argparse gives None)", () => {
  assert.equal("note" in yargsParser(["--name", "x"], { string: ["note", "name"] }), false);
  assert.equal("note" in parseArgs({ args: ["--name", "x"], options: { name: { type: "string" }, note: { type: "string" } } }).values, false);
  const tool = cjs.compile(obj({ name: str, note: { type: ["string", "null"] } }, ["name", "note"]));
  assert.deepEqual(tool.parseArgv(["--name", "x"]), { name: "x", note: null });
});
