// The fuzz harness's second half: cases for the parts of the package above
// one compiled tool, which scripts/fuzz.mjs's tool cases never reach:
// createNameTable, compileCommands, defineGroup and createRegistry (and the
// defineTool definitions a registry serves). Cases stay JSON, so that a
// finding is shrunk and saved like any other: the handlers and middleware
// they name (`echo`, `throw`, `twice`, ...) are made at run time.
//
// Beyond the tool cases' invariants (only documented ToolshapeErrors are
// thrown, no prototype changes, bounded time and memory, the module still
// works), these check what each part promises:
//
//   a name table's names are distinct, each resolves to its identifier, and
//   the same identifiers in reverse order get the same names; `call`,
//   `callFlat` and `runCli` never reject (a CallToolResult, an exit code
//   of 0, 1 or 2; runCli's argv is also what a completion script sends,
//   bash's line with quotes and escapes in it); what `list` and
//   `definition` answer is plain JSON.

/** The tools' generators (scripts/fuzz.mjs), handed over to keep the import one-way. */
let gen;
/** The error codes the package documents, handed over with them by `runServing`. */
let documented;

/** A ToolshapeError with a documented code: what a part may throw where the case expects a refusal. */
function expected(api, error) {
  return error instanceof api.ToolshapeError && documented.has(error.code);
}

const WORDS = ["deploy", "logs", "help", "users", "list", "a", "x-y", "x_y", "xY", "--x", "-", "a b", "a.b", "a:b", "名前", "__proto__", "constructor", "toString", "", " ", "\u0000", "mcp__a__b", "x".repeat(70), "x".repeat(300)];
const HANDLERS = ["echo", "text", "undefined", "throw", "throwValue", "throwNasty", "cyclic", "bigint", "content", "proto", "getterContent", "getterIsError"];
const MIDDLEWARE = ["pass", "skip", "twice", "throw", "replaceArgs"];

function word(r, i) {
  return r.chance(0.7) ? `${r.pick(["deploy", "logs", "users", "run", "get"])}${i}` : r.pick(WORDS);
}

/** `{ [key]: value }` built as JSON.parse builds it (a `__proto__` key is own). */
function record(entries) {
  const out = {};
  for (const [key, value] of entries) gen.put(out, key, value);
  return out;
}

// --- name tables ----------------------------------------------------------------

function identifier(r, i) {
  if (r.chance(0.05)) return gen.randomValue(r);
  const id = { toolbox: r.chance(0.8) ? `box${i % 7}` : r.pick(WORDS), server: r.chance(0.8) ? `srv${i % 13}` : r.pick(WORDS), tool: r.chance(0.8) ? `tool.${i}` : r.pick(WORDS) };
  if (r.chance(0.02)) delete id[r.pick(["toolbox", "server", "tool"])];
  if (r.chance(0.02)) id.extra = 1;
  return id;
}

function namesCase(r, clients) {
  const n = r.chance(0.05) ? r.pick(gen.WIDTHS) : r.int(12);
  const ids = Array.from({ length: n }, (_, i) => identifier(r, i));
  if (n > 0 && r.chance(0.05)) ids.push(ids[r.int(n)]);
  // Many identifiers whose joined names are all too long or all equal once
  // cleaned: each is named by its hash.
  if (r.chance(0.05)) for (let i = 0; i < r.pick([50, 3000]); i++) ids.push({ toolbox: "b", server: "s", tool: `${"t".repeat(r.pick([5, 80]))}.${i}` });
  const options = r.chance(0.6) ? { client: r.pick(clients), ...(r.chance(0.5) ? { server: r.pick(WORDS) } : {}) } : r.chance(0.5) ? undefined : gen.randomOptions(r, ["client", "server"]);
  const lookups = Array.from({ length: r.int(4) }, () => (r.chance(0.5) ? identifier(r, r.int(20)) : r.pick(WORDS)));
  return { op: "names", ids, options, lookups };
}

function sameId(a, b) {
  return a.toolbox === b.toolbox && a.server === b.server && a.tool === b.tool;
}

/** A broken promise of the name table, or null. */
function checkNames(api, c) {
  const table = api.createNameTable(c.ids, gen.realOptions(c.options));
  const entries = table.entries();
  const seen = new Set();
  for (const { id, name } of entries) {
    if (seen.has(name)) return { check: "names-distinct", detail: `"${name.slice(0, 80)}" names two identifiers` };
    seen.add(name);
    const back = table.resolve(name);
    if (!back || !sameId(back, id) || table.name(id) !== name) return { check: "names-round-trip", detail: `"${name.slice(0, 80)}" does not resolve to its identifier` };
  }
  const reversed = api.createNameTable([...c.ids].reverse(), gen.realOptions(c.options));
  for (const { id, name } of entries) {
    if (reversed.name(id) !== name) return { check: "names-order", detail: `"${name.slice(0, 80)}" changes with the identifiers' order` };
  }
  for (const lookup of c.lookups) {
    if (typeof lookup === "string") table.resolve(lookup);
    else table.name(lookup);
  }
  return null;
}

// --- command sets -------------------------------------------------------------------

function commandsCase(r, api) {
  const wide = r.chance(0.03);
  const n = wide ? r.pick([300, 3000]) : 1 + r.int(5);
  // Wide sets share a few schemas, as generated ones do.
  const shared = Array.from({ length: 3 }, () => gen.smallSchema(r));
  const tools = record(Array.from({ length: n }, (_, i) => [word(r, i), wide ? shared[i % 3] : gen.schema(r)]));
  const words = Object.keys(tools);
  const argv = r.chance(0.9) && words.length > 0 ? [r.pick(words)] : [];
  argv.push(...(r.chance(0.2) ? [r.pick(["help", "--help", "-h", "--version"])] : []));
  // The chosen tool's own flags follow its command word.
  if (argv.length > 0 && Object.hasOwn(tools, argv[0])) argv.push(...gen.argv(r, gen.flagsOf(api, tools[argv[0]])));
  const options = r.chance(0.5) ? { name: r.pick(WORDS), ...(r.chance(0.3) ? { version: r.pick(WORDS) } : {}) } : r.chance(0.5) ? undefined : gen.randomOptions(r, ["name", "version"]);
  return { op: "commands", tools, options, argv, topic: r.chance(0.3) ? r.pick([...words, ...WORDS]) : undefined };
}

/**
 * A command set's parse of `word ...argv` that succeeds gives what the
 * word's tool gives for `argv` alone (the set reads its argv through its
 * own handle, on the general path; the tool alone, on the fast one where
 * it answers). Undefined when they agree, else what differs.
 */
function alikeAlone(tools, argv, parsed) {
  if (!parsed.success || parsed.command === undefined || argv[0] !== parsed.command || !Object.hasOwn(tools, parsed.command)) return undefined;
  const alone = tools[parsed.command].safeParseArgv(argv.slice(1));
  const [set, tool] = [parsed, alone].map((r) => JSON.stringify(r.success ? [r.data, r.rest] : r.error.message));
  return set === tool ? undefined : `the set gave ${set.slice(0, 150)}, the tool alone ${tool.slice(0, 150)}`;
}

function runCommands(api, c) {
  const tools = {};
  const made = [];
  try {
    for (const [key, schema] of Object.entries(c.tools)) {
      let tool;
      try {
        tool = api.compile(schema);
      } catch (error) {
        if (expected(api, error)) continue;
        throw error;
      }
      made.push(tool);
      gen.put(tools, key, tool);
    }
    const set = api.compileCommands(tools, gen.realOptions(c.options));
    try {
      const parsed = set.safeParseArgv(c.argv);
      const usage = set.usage(c.topic === undefined ? undefined : { topic: c.topic });
      return [parsed.success ? parsed.data : parsed.error, usage, alikeAlone(tools, c.argv, parsed)];
    } finally {
      set.free();
    }
  } finally {
    for (const tool of made) tool.free();
  }
}

// --- definitions: defineTool, defineGroup ------------------------------------------

/**
 * Now and then a schema given as a raw shape (an object of schemas, as the
 * MCP SDK 1.x takes): its properties, or a random schema, as members, each
 * optional or not and now and then async. Kept JSON here (`~shape`) and
 * made into Standard Schema values by `realSpec`.
 */
function maybeShape(r, schema) {
  if (!r.chance(0.15)) return schema;
  const props = schema !== null && typeof schema === "object" && schema.properties !== null && typeof schema.properties === "object" && !Array.isArray(schema.properties)
    ? Object.keys(schema.properties).map((key) => [key, schema.properties[key]])
    : [[r.pick(WORDS), gen.smallSchema(r)]];
  return { "~shape": record(props.map(([key, json]) => [key, { json, optional: r.chance(0.5), async: r.chance(0.1), issue: r.pick(ISSUES) }])) };
}

/**
 * The issue a member's validator answers a missing value with: a plain
 * one, or one shaped as Zod 4's `invalid_union` (whose options' issues the
 * call path reads to say what the union expected), now and then hostile:
 * nested past any depth, cyclic, with many options, odd values, or a
 * getter that throws.
 */
const ISSUES = ["plain", "plain", "union", "deep", "cyclic", "many", "odd", "throwing"];

function issueOf(kind) {
  const option = (values) => [{ code: "invalid_value", values, path: [], message: "Invalid input" }];
  const union = (errors) => ({ code: "invalid_union", errors, message: "Invalid input" });
  switch (kind) {
    case "union": return union([option(["a"]), [{ code: "invalid_type", expected: "number", path: [], message: "x" }]]);
    case "deep": {
      let issue = union([option(["leaf"])]);
      for (let i = 0; i < 200; i++) issue = union([[{ ...issue, path: [] }], option([i])]);
      return issue;
    }
    case "cyclic": {
      const issue = union([]);
      issue.path = [];
      issue.errors.push([issue], option(["b"]));
      return issue;
    }
    // Past what a message names (the harness makes it per missing value, so not 100,000).
    case "many": return union(Array.from({ length: 1000 }, (_, i) => option([`v${i}`, i])));
    case "odd": return union([option([10n, Symbol("s"), undefined, null, { toString: null }]), option(["x".repeat(100_000)])]);
    case "throwing": return Object.defineProperty(union([]), "errors", { get() { throw new Error("a getter of the validator's threw"); } });
    default: return { message: "required" };
  }
}

/** A `~shape` made real: each member a Standard Schema value that takes what it is given. */
function realShape(marked) {
  const shape = {};
  for (const key of Object.keys(marked["~shape"])) {
    const member = marked["~shape"][key];
    const validate = (value) => {
      const out = value === undefined && !member.optional ? { issues: [issueOf(member.issue)] } : { value };
      return member.async ? Promise.resolve(out) : out;
    };
    gen.put(shape, key, { "~standard": { version: 1, vendor: "fuzz", validate, jsonSchema: { input: () => member.json, output: () => member.json } } });
  }
  return shape;
}

const isShape = (value) => value !== null && typeof value === "object" && Object.prototype.hasOwnProperty.call(value, "~shape");

function action(r, withInput) {
  const spec = { handler: r.pick(HANDLERS) };
  if (withInput && r.chance(0.8)) spec.input = maybeShape(r, gen.schema(r));
  if (r.chance(0.5)) spec.description = r.pick(WORDS);
  for (const hint of ["readOnly", "destructive", "idempotent", "openWorld", "deprecated"]) if (r.chance(0.2)) spec[hint] = r.chance(0.5);
  // A deprecation message, now and then one no line can hold.
  if (r.chance(0.1)) spec.deprecated = r.pick(WORDS);
  if (r.chance(0.2)) spec.use = [r.pick(MIDDLEWARE)];
  return spec;
}

/** An action's input with a field and a recursive definition of its own (or, now and then, one named alike). */
function ownInput(r, i) {
  const name = r.chance(0.9) ? `T${i}` : "T";
  const tree = { type: "object", properties: { label: { type: "string" }, kids: { type: "array", items: { $ref: `#/$defs/${name}` } } } };
  return { type: "object", properties: { [`f${i}`]: { type: "string" }, [`tree${i}`]: { $ref: `#/$defs/${name}` } }, $defs: { [name]: tree } };
}

function groupSpec(r, name) {
  const spec = { name, description: r.chance(0.5) ? r.pick(WORDS) : undefined };
  if (r.chance(0.3)) spec.discriminator = r.pick(["action", "op", ...WORDS]);
  if (r.chance(0.3)) spec.help = r.chance(0.7);
  if (r.chance(0.3)) spec.descriptionFormat = r.pick(["text", "toon", "xml"]);
  if (r.chance(0.2)) spec.common = maybeShape(r, gen.schema(r));
  if (r.chance(0.2)) spec.use = [r.pick(MIDDLEWARE)];
  if (r.chance(0.3)) spec.tags = [r.pick(["ops", "read", ...WORDS])];
  if (r.chance(0.1)) spec._meta = metaValue(r);
  const wide = r.chance(0.03);
  const count = wide ? r.pick([300, 3000]) : 1 + r.int(5);
  // Wide groups share a few small schemas, as generated ones do, or give
  // each action fields and a recursive definition of its own.
  const shared = Array.from({ length: 3 }, () => gen.smallSchema(r));
  const own = r.chance(0.5);
  const actionOf = (i) => {
    const spec = action(r, !wide);
    if (wide) spec.input = own ? ownInput(r, i) : shared[i % 3];
    return spec;
  };
  if (r.chance(0.2)) {
    spec.groups = record(Array.from({ length: 1 + r.int(3) }, (_, g) => [word(r, g), { description: r.pick(WORDS), actions: record(Array.from({ length: 1 + r.int(3) }, (_, i) => [word(r, i), actionOf(i)])) }]));
  } else {
    spec.actions = record(Array.from({ length: count }, (_, i) => [word(r, i), actionOf(i)]));
  }
  return spec;
}

function toolSpec(r, name) {
  const spec = { name, handler: r.pick(HANDLERS) };
  if (r.chance(0.8)) spec.input = maybeShape(r, gen.schema(r));
  if (r.chance(0.5)) spec.description = r.pick(WORDS);
  if (r.chance(0.3)) spec.tags = [r.pick(["ops", "read", ...WORDS])];
  if (r.chance(0.2)) spec.use = [r.pick(MIDDLEWARE)];
  if (r.chance(0.2)) spec.annotations = { readOnlyHint: r.chance(0.5), title: r.pick(WORDS) };
  // An output schema of any shape (most are refused: its root must be an
  // object), held against whatever the handler answers.
  if (r.chance(0.2)) spec.output = maybeShape(r, gen.schema(r));
  if (r.chance(0.1)) spec._meta = metaValue(r);
  if (r.chance(0.1)) spec.icons = r.chance(0.7) ? [{ src: `https://example.com/${r.pick(WORDS)}.svg`, theme: r.pick(["light", "dark"]) }] : gen.randomValue(r);
  return spec;
}

/** A definition's `_meta`: the shape MCP Apps read, or any value. */
function metaValue(r) {
  return r.chance(0.7) ? { ui: { resourceUri: `ui://${r.pick(WORDS)}` } } : gen.randomValue(r);
}

/** Arguments for a call: an action's key with flags' worth of values, or anything. */
function callArgs(r, keys) {
  const args = r.chance(0.8) ? gen.args(r, []) : gen.randomValue(r);
  if (args !== null && typeof args === "object" && !Array.isArray(args) && keys.length > 0 && r.chance(0.8)) gen.put(args, r.pick(["action", "op"]), r.pick(keys));
  return r.chance(0.1) ? JSON.stringify(args) : args;
}

function argvFor(r, keys) {
  const argv = keys.length > 0 && r.chance(0.8) ? r.pick(keys).split(/[.:]/) : [];
  for (let i = r.int(5); i > 0; i--) argv.push(r.pick(["--help", "-h", "--version", "--json", `--${r.pick(WORDS)}`, r.pick(WORDS), "--id", "1", "--limit=3", "--", "{}"]));
  return argv;
}

/**
 * argv as a completion script sends it: zsh's and fish's the words, bash's
 * its break characters and a line with quotes, escapes and open quotes in it.
 */
function completionArgv(r, words) {
  const shell = r.pick(["bash", "bash", "zsh", "fish", "tcsh"]);
  if (shell !== "bash") return ["--toolshape-complete", shell, ...words, r.pick(["", "-", "--", ...WORDS])];
  const typed = words.map((w) => r.pick([w, `'${w}'`, `"${w}"`, `\\${w}`, `${w}=`, `"${w}`]));
  const end = r.pick(["", " ", ' "', " '", "\\", "=", ":", ' --x="a:', "\\\n", " $'a"]);
  const breaks = r.chance(0.9) ? " \t\n\"'><=;|&(:" : r.pick(["", "=", " "]);
  return ["--toolshape-complete", "bash", breaks, `prog ${typed.join(" ")}${end}`];
}

/** The action keys a spec names, as calls spell them. */
function keysOf(spec) {
  const keys = Object.keys(spec.actions ?? {});
  for (const [group, g] of Object.entries(spec.groups ?? {})) for (const key of Object.keys(g?.actions ?? {})) keys.push(`${group}.${key}`, `${group}:${key}`);
  return keys;
}

function ask(r, keys, clients) {
  switch (r.int(6)) {
    case 0: return { via: "definition", options: r.chance(0.7) ? { client: r.pick(clients), ...(r.chance(0.3) ? { actionsAs: r.pick(["oneOf", "flat"]) } : {}) } : gen.randomOptions(r, ["client", "actionsAs"]) };
    case 1: return { via: "definitions", options: r.chance(0.7) ? { client: r.pick(clients) } : undefined };
    case 2: {
      const argv = argvFor(r, keys);
      return { via: "runCli", argv: r.chance(0.3) ? completionArgv(r, argv) : argv };
    }
    case 3: return { via: "callFlat", name: r.pick([...keys.map((k) => `g_${k}`), ...WORDS]), args: callArgs(r, []) };
    default: return { via: "call", args: callArgs(r, keys), client: r.chance(0.3) ? r.pick(clients) : undefined };
  }
}

function groupCase(r, clients) {
  const spec = r.chance(0.8) ? groupSpec(r, r.chance(0.8) ? "g" : r.pick(WORDS)) : toolSpec(r, r.chance(0.8) ? "t" : r.pick(WORDS));
  const keys = keysOf(spec);
  return { op: spec.handler === undefined ? "group" : "tool", spec, asks: Array.from({ length: 1 + r.int(4) }, () => ask(r, keys, clients)) };
}

function registryCase(r, clients) {
  const specs = Array.from({ length: 1 + r.int(4) }, (_, i) => (r.chance(0.5) ? { kind: "group", spec: groupSpec(r, word(r, i)) } : { kind: "tool", spec: toolSpec(r, word(r, i)) }));
  const names = specs.map((s) => s.spec.name);
  const keys = specs.flatMap((s) => (s.kind === "group" ? keysOf(s.spec) : []));
  const asks = Array.from({ length: 1 + r.int(4) }, () => {
    switch (r.int(4)) {
      case 0: return { via: "list", options: r.chance(0.7) ? { client: r.pick(clients), ...(r.chance(0.3) ? { tags: ["ops"] } : {}) } : gen.randomOptions(r, ["client", "tags", "anyTags", "exclude"]) };
      case 1: {
        const argv = [...(r.chance(0.9) ? [r.pick(names)] : []), ...argvFor(r, keys)];
        return { via: "runCli", argv: r.chance(0.3) ? completionArgv(r, argv) : argv };
      }
      default: return { via: "call", name: r.chance(0.9) ? r.pick([...names, ...keys]) : r.pick(WORDS), args: callArgs(r, keys), client: r.chance(0.3) ? r.pick(clients) : undefined };
    }
  });
  const options = r.chance(0.5) ? { exposition: r.pick(["grouped", "flat", "nested"]), name: r.pick(WORDS) } : undefined;
  return { op: "registry", specs, options, asks };
}

// --- handlers and middleware, made from their names ---------------------------------

function handler(kind) {
  switch (kind) {
    case "echo": return (args) => args;
    case "text": return () => "done";
    case "undefined": return () => undefined;
    case "throw": return () => { throw new Error("the handler failed"); };
    case "throwValue": return () => { throw undefined; };
    case "throwNasty": return () => { throw { toJSON() { throw new Error("no JSON"); }, toString() { throw new Error("no text"); } }; };
    case "cyclic": return () => { const o = {}; o.self = o; return o; };
    case "bigint": return () => ({ n: 1n });
    case "content": return () => ({ content: "not an array" });
    // Results whose getters throw as the call path reads them.
    case "getterContent": return () => Object.defineProperty({}, "content", { enumerable: true, get() { throw new Error("a getter of the result threw"); } });
    case "getterIsError": return () => Object.defineProperty({ content: [{ type: "text", text: "x" }] }, "isError", { enumerable: true, get() { throw new Error("a getter of the result threw"); } });
    default: return () => JSON.parse('{"__proto__":{"polluted":true},"ok":1}');
  }
}

function middleware(kind) {
  switch (kind) {
    case "pass": return (ctx, next) => next();
    case "skip": return () => "skipped";
    case "twice": return async (ctx, next) => { await next(); return next(); };
    case "throw": return () => { throw new Error("the middleware failed"); };
    default: return (ctx, next) => { ctx.args = JSON.parse('{"__proto__":{"x":1}}'); return next(); };
  }
}

/** A spec of the case with its named handlers and middleware made real. */
function realSpec(spec) {
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) return spec;
  const out = {};
  for (const [key, value] of Object.entries(spec)) gen.put(out, key, value);
  if (typeof out.handler === "string") out.handler = handler(out.handler);
  for (const key of ["input", "output", "common"]) if (isShape(out[key])) out[key] = realShape(out[key]);
  if (Array.isArray(out.use)) out.use = out.use.map((m) => (typeof m === "string" ? middleware(m) : m));
  for (const list of ["actions", "groups"]) {
    if (out[list] === null || typeof out[list] !== "object" || Array.isArray(out[list])) continue;
    out[list] = record(Object.entries(out[list]).map(([key, value]) => [key, realSpec(value)]));
  }
  return out;
}

// --- running ----------------------------------------------------------------------------

function isCallResult(result) {
  return result !== null && typeof result === "object" && Array.isArray(result.content) && (result.isError === undefined || typeof result.isError === "boolean");
}

/** A call as the ask names it: a flat call, a definition's call, or a registry's call by name. */
function callOf(subject, ask) {
  if (ask.via === "callFlat") return subject.callFlat(ask.name, ask.args);
  const options = { client: ask.client };
  return ask.name === undefined ? subject.call(ask.args, undefined, options) : subject.call(ask.name, ask.args, undefined, options);
}

/** Runs one ask against a definition or registry; a broken promise, or null. */
async function runAsk(subject, ask, io, echoed) {
  const options = gen.realOptions(ask.options);
  switch (ask.via) {
    case "definition":
    case "definitions":
    case "list": {
      const listed = subject[ask.via](options);
      return gen.isPlainJson(JSON.parse(JSON.stringify(listed))) ? null : { check: "plain-json", detail: `${ask.via} gave a value that is not plain JSON` };
    }
    case "runCli": {
      const code = await subject.runCli(ask.argv, io);
      return code === 0 || code === 1 || code === 2 ? null : { check: "exit-code", detail: `runCli resolved to ${String(code)}` };
    }
    default: {
      const result = await callOf(subject, ask);
      if (!isCallResult(result)) return { check: "call-result", detail: `${ask.via} resolved to something that is not a CallToolResult` };
      if (echoed && !gen.isPlainJson(result)) return { check: "plain-json", detail: `${ask.via} gave a value that is not plain JSON` };
      return null;
    }
  }
}

/** Whether every handler of the specs answers with its arguments only (so results must be plain JSON). */
function onlyEcho(specs) {
  return (JSON.stringify(specs) ?? "").match(/"handler":"(\w+)"/g)?.every((h) => h === '"handler":"echo"') ?? true;
}

/**
 * Whether a thrown (or rejected) value is one the contract allows: `call`
 * and `callFlat` answer every failure as an error result; `runCli` answers
 * bad argv with exit code 2, and rejects only when the definition itself
 * has no command line (flags that collide, a name that is no command word,
 * a registry with no tools or none whose name is one); the rest throw
 * ToolshapeErrors.
 */
function acceptable(api, via, error) {
  if (!(error instanceof api.ToolshapeError)) return false;
  if (via === "call" || via === "callFlat") return false;
  return via !== "runCli" || error.code !== "INVALID_ARGS";
}

/** A tool for asking the core whether a name can be a command word (one per package). */
const probes = new WeakMap();

/**
 * Whether `compileCommands` takes `name` as a command word: the core's own
 * rule, asked through the public API rather than written again here.
 */
function isCommandWord(api, name) {
  if (!probes.has(api)) probes.set(api, api.compile({ type: "object" }));
  try {
    api.compileCommands({ [name]: probes.get(api) }).free();
    return true;
  } catch (error) {
    if (error instanceof api.ToolshapeError && error.code === "INVALID_OPTION") return false;
    throw error;
  }
}

const isArgv = (argv) => Array.isArray(argv) && argv.every((word) => typeof word === "string");

async function runDefinitions(api, c) {
  // What runCli prints is not checked, only that it resolves to an exit code.
  const io = { stdout: () => {}, stderr: () => {}, env: {} };
  const subjects = [];
  /** For a registry: how many of its tools a command line can name (one is enough for runCli to run); asked when a runCli rejects. */
  let typeable = () => 0;
  if (c.op === "registry") {
    const defs = [];
    for (const { kind, spec } of c.specs ?? []) {
      try {
        defs.push(kind === "group" ? api.defineGroup(realSpec(spec)) : api.defineTool(realSpec(spec)));
      } catch (error) {
        if (!expected(api, error)) throw error;
      }
    }
    const options = c.options === undefined ? { onRefused: () => {} } : { ...gen.realOptions(c.options), onRefused: () => {} };
    subjects.push(api.createRegistry(defs, options));
    typeable = () => defs.filter((def) => isCommandWord(api, def.name)).length;
  } else {
    subjects.push(c.op === "group" ? api.defineGroup(realSpec(c.spec)) : api.defineTool(realSpec(c.spec)));
  }
  const echoed = onlyEcho(c.op === "registry" ? c.specs : [c.spec]) && !JSON.stringify(c).includes("replaceArgs");
  for (const a of Array.isArray(c.asks) ? c.asks : []) {
    // Only a group has a flat projection to call.
    if (a === null || typeof a !== "object" || (a.via === "callFlat" && typeof subjects[0].callFlat !== "function")) continue;
    let broken;
    try {
      broken = await runAsk(subjects[0], a, io, echoed);
    } catch (error) {
      // An undocumented code goes to the caller, which names that check.
      if (error instanceof api.ToolshapeError && !documented.has(error.code)) throw error;
      // argv that is no array of strings is the caller's bug, refused as such.
      if (a.via === "runCli" && !isArgv(a.argv) && error instanceof api.ToolshapeError && error.code === "INVALID_ARGS") continue;
      if (!acceptable(api, a.via, error)) return { check: "error-type", detail: `${a.via}: ${error && error.name}: ${error && error.message}`.slice(0, 300) };
      // A registry's tool with no command line, or a name that cannot be
      // typed, is left out or answers exit 2; the others still run.
      const named = c.op === "registry" && a.via === "runCli" && isArgv(a.argv) ? typeable() : 0;
      if (named > 0) return { check: "registry-cli", detail: `runCli rejected, though ${named} of its tools can be named on a command line: ${error.code}: ${error.message}`.slice(0, 300) };
    }
    if (broken) return broken;
  }
  return null;
}

/** The ops of serving cases. */
export const SERVING_OPS = ["names", "commands", "group", "tool", "registry"];

/** One serving case: a JSON description that `runServing` replays exactly. */
export function makeServingCase(r, generators, api) {
  gen = generators;
  const clients = gen.clients(api);
  switch (r.int(4)) {
    case 0: return namesCase(r, clients);
    case 1: return commandsCase(r, api);
    case 2: return groupCase(r, clients);
    default: return registryCase(r, clients);
  }
}

/**
 * Runs a serving case's calls: null when each part kept its promise, else
 * `{ check, detail }`; a thrown value goes to the caller, which checks it
 * as a tool case's.
 */
export async function runServing(api, c, generators, codes) {
  gen = generators;
  documented = codes;
  if (c.op === "names") return checkNames(api, c);
  if (c.op === "commands") {
    const answer = runCommands(api, c);
    if (answer[2] !== undefined) return { check: "command-alone", detail: answer[2] };
    return gen.isPlainJson(answer[0]) || answer[0] instanceof api.ToolshapeError ? null : { check: "plain-json", detail: "commands gave a value that is not plain JSON" };
  }
  return runDefinitions(api, c);
}
