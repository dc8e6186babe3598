// Tool names through the package: a property test over 1,000 generated
// identifier sets per property (every name valid for its client, counting
// the prefix; distinct; resolving back; the same in any order; unchanged
// when already fine), hostile identifiers, the seed's message templates,
// and toolIdentifierSchema accepting exactly what parseToolIdentifier does.
import { test } from "node:test";
import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { cjs, esm } from "./helpers.mjs";

const { createNameTable, parseToolIdentifier, toolIdentifierSchema, ToolshapeError } = cjs;
const CLIENTS = ["mcp", "portable", "openai", "openai-strict", "anthropic", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];
const SETS = 1000;

/** CLIENTS.md section 1, written apart from the core: does `client` take `name` from server `server`? */
function takes(client, server, name) {
  const plain = /^[A-Za-z0-9_-]+$/;
  const len = [...name].length;
  switch (client) {
    case "mcp":
      return /^[A-Za-z0-9_.-]{1,128}$/.test(name);
    case "openai":
    case "openai-strict":
    case "anthropic":
      return len <= 64 && plain.test(name);
    case "claude-code":
      return `mcp__${server}__${name}`.length <= 64 && plain.test(name);
    case "cursor":
      return server.length + 1 + len <= 60 && plain.test(name);
    case "vscode":
      return 18 + len <= 64 && plain.test(name);
    case "gemini":
    case "gemini-json":
      return /^[A-Za-z_][A-Za-z0-9_.:-]{0,62}$/.test(name);
    case "portable":
      return /^[A-Za-z_][A-Za-z0-9_-]{0,45}$/.test(name) && takes("claude-code", server, name) && takes("cursor", server, name);
    default:
      return false;
  }
}

/** A small seeded generator (xorshift), so a failure names its seed. */
function random(seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

const HOSTILE = ["__proto__", "constructor", "prototype", "read_file", "READ_FILE", "read.file", "read-file", "tοol", "tool", "a\u0000b", "ツール", "x:y", "9lives", "-dash"];

function part(r) {
  const roll = r.next();
  if (roll < 0.5) {
    const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-";
    return Array.from({ length: 1 + r.int(12) }, () => r.pick(chars)).join("");
  }
  if (roll < 0.9) return r.pick(HOSTILE);
  return "x".repeat(30 + r.int(200));
}

function idSet(r) {
  const seen = new Set();
  const out = [];
  for (let n = 1 + r.int(25); n > 0; n--) {
    const id = { toolbox: part(r), server: part(r), tool: part(r) };
    const key = JSON.stringify(id);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(id);
    }
  }
  return out;
}

test(`over ${SETS} generated sets: names valid for each client, distinct, resolving back`, () => {
  for (let seed = 1; seed <= SETS; seed++) {
    const r = random(seed);
    const ids = idSet(r);
    const server = r.pick(["ops", "workbench", "a".repeat(1 + r.int(30))]);
    for (const client of CLIENTS) {
      const table = createNameTable(ids, { client, server });
      const seen = new Set();
      for (const { id, name } of table.entries()) {
        assert.ok(takes(client, server, name), `seed ${seed}, ${client}: ${JSON.stringify(name)}`);
        const key = client === "mcp" ? name : name.toLowerCase();
        assert.ok(!seen.has(key), `seed ${seed}, ${client}: ${name} twice`);
        seen.add(key);
        assert.deepEqual(table.resolve(name), id);
        assert.equal(table.name(id), name);
      }
    }
  }
});

test(`over ${SETS} generated sets: the same names in any order, and names already fine kept`, () => {
  for (let seed = 1; seed <= SETS; seed++) {
    const r = random(seed * 7919);
    const ids = idSet(r);
    const shuffled = ids.map((id) => [r.next(), id]).sort((a, b) => a[0] - b[0]).map(([, id]) => id);
    const client = CLIENTS[seed % CLIENTS.length];
    const a = createNameTable(ids, { client, server: "ops" });
    const b = createNameTable(shuffled, { client, server: "ops" });
    const fold = (s) => (client === "mcp" ? s : s.toLowerCase());
    const joined = ids.map((id) => `${id.toolbox}__${id.server}__${id.tool}`);
    for (const [i, id] of ids.entries()) {
      assert.equal(a.name(id), b.name(id), `seed ${seed}, ${client}`);
      const alone = joined.every((other, j) => j === i || fold(other) !== fold(joined[i]));
      if (alone && takes(client, "ops", joined[i])) assert.equal(a.name(id), joined[i], `seed ${seed}, ${client}`);
    }
  }
});

test("the seed's messages, each with a suggestion when one is close", () => {
  const table = createNameTable(
    [
      { toolbox: "dev", server: "filesystem", tool: "read_file" },
      { toolbox: "dev", server: "github", tool: "search" },
      { toolbox: "production", server: "db", tool: "query" },
    ],
    { client: "claude-code", server: "workbench" },
  );
  const message = (id) => {
    try {
      table.name(id);
    } catch (error) {
      assert.ok(error instanceof ToolshapeError);
      assert.equal(error.code, "UNKNOWN_TOOL");
      return error.message;
    }
    assert.fail("no error");
  };
  assert.equal(message({ toolbox: "staging", server: "db", tool: "query" }), "Toolbox 'staging' not found");
  assert.equal(message({ toolbox: "prodcution", server: "db", tool: "query" }), "Toolbox 'prodcution' not found; did you mean 'production'?");
  assert.equal(message({ toolbox: "dev", server: "database", tool: "query" }), "Server 'database' not found in toolbox 'dev'");
  assert.equal(message({ toolbox: "dev", server: "filesystem", tool: "delete_all" }), "Tool 'delete_all' not found in server 'filesystem' (toolbox 'dev')");
  assert.equal(message({ toolbox: "dev", server: "filesystem", tool: "readfile" }), "Tool 'readfile' not found in server 'filesystem' (toolbox 'dev'); did you mean 'read_file'?");
  assert.equal(table.resolve("dev__github__serach"), undefined);
  assert.equal(table.resolve(42), undefined);
  assert.equal(table.client, "claude-code");
  assert.ok(Object.isFrozen(table) && Object.isFrozen(table.entries()[0].id));
});

test("hostile identifiers: a clear error or a valid distinct name, and no prototype touched", () => {
  const refused = (fn, code, pattern) =>
    assert.throws(fn, (e) => {
      assert.ok(e instanceof ToolshapeError, String(e));
      assert.equal(e.code, code, e.message);
      assert.match(e.message, pattern);
      return true;
    });
  refused(() => createNameTable([{ toolbox: "", server: "s", tool: "t" }]), "INVALID_IDENTIFIER", /^ids\[0\]: Invalid tool identifier: toolbox cannot be empty$/);
  refused(() => createNameTable([{ toolbox: "a", server: "s" }]), "INVALID_IDENTIFIER", /tool is required/);
  // Plain identifiers cross as NUL-terminated parts, one holding NUL as JSON: the same errors either way.
  for (const other of ["b", "b\u0000"]) {
    refused(() => createNameTable([{ toolbox: "a", server: other, tool: "t" }, { toolbox: "a", server: "s", tool: "" }]), "INVALID_IDENTIFIER", /^ids\[1\]: Invalid tool identifier: tool cannot be empty$/);
    refused(() => createNameTable([{ toolbox: "a", server: other, tool: "t" }, { toolbox: "é".repeat(65537), server: "s", tool: "t" }]), "TOO_LARGE", /^ids\[1\]: Invalid tool identifier: toolbox is longer than 65536 characters$/);
  }
  assert.equal(createNameTable([{ toolbox: "é".repeat(65536), server: "s", tool: "t" }]).entries().length, 1);
  refused(() => createNameTable("dev__fs__read"), "INVALID_IDENTIFIER", /array of identifiers/);
  refused(() => createNameTable([{ toolbox: "a", server: "b", tool: "c" }, { toolbox: "a", server: "b", tool: "c" }]), "INVALID_IDENTIFIER", /given twice \(first at ids\[0\]\)/);
  refused(() => createNameTable([], { client: "curosr" }), "INVALID_OPTION", /did you mean "cursor"/);
  refused(() => createNameTable([], { clinet: "cursor" }), "INVALID_OPTION", /clinet/);
  refused(() => createNameTable([{ toolbox: "a", server: "b", tool: "c" }], { client: "cursor", server: "s".repeat(50) }), "INVALID_OPTION", /leaves too little room/);
  refused(() => createNameTable([{ toolbox: "a", server: "b", tool: "c".repeat(70000) }]), "TOO_LARGE", /tool is longer than 65536 characters/);
  const cyclic = { toolbox: "a", server: "b" };
  cyclic.tool = cyclic;
  refused(() => createNameTable([cyclic]), "INVALID_IDENTIFIER", /./);
  const proto = JSON.parse('{"toolbox":"a","server":"b","tool":"c","__proto__":{"polluted":1}}');
  refused(() => createNameTable([proto]), "INVALID_IDENTIFIER", /unknown key "__proto__"/);
  assert.equal({}.polluted, undefined);
  const huge = "y".repeat(10000);
  const table = createNameTable(
    [
      { toolbox: "__proto__", server: "constructor", tool: "prototype" },
      { toolbox: "a", server: "b", tool: "t\u0000x" },
      { toolbox: "a", server: "b", tool: "t\u0001x" },
      { toolbox: "a", server: "b", tool: "tοx" },
      { toolbox: "a", server: "b", tool: "TOX" },
      { toolbox: "a", server: "b", tool: "tox" },
      { toolbox: huge, server: "b", tool: "c" },
      { toolbox: huge, server: "b", tool: "d" },
    ],
    { client: "portable", server: "ops" },
  );
  const names = table.entries().map((e) => e.name);
  assert.equal(new Set(names.map((n) => n.toLowerCase())).size, names.length);
  assert.ok(names.every((n) => takes("portable", "ops", n)), names.join(" "));
  assert.equal(names[0], "__proto____constructor__prototype");
  assert.deepEqual(table.resolve("__proto____constructor__prototype"), { toolbox: "__proto__", server: "constructor", tool: "prototype" });
  assert.equal(table.resolve("toString"), undefined);
  assert.equal(table.resolve("__proto__"), undefined);
  refused(() => table.name({ toolbox: "a", server: "b", tool: "t_x", extra: 1 }), "INVALID_IDENTIFIER", /unknown key "extra"/);
  assert.equal({}.polluted, undefined);

  // A part is read once: the table holds what the core checked.
  let reads = 0;
  const shifty = { toolbox: "a", server: "b", get tool() { reads += 1; return reads === 1 ? "first" : "x".repeat(70000); } };
  const once = createNameTable([shifty]);
  assert.equal(reads, 1);
  assert.deepEqual(once.entries()[0].id, { toolbox: "a", server: "b", tool: "first" });
  assert.ok(Object.isFrozen(once.entries()[0].id));

  // Identifiers whose parts join to the same text keep their own names.
  const alike = [
    { toolbox: "a", server: "1:b", tool: "c" },
    { toolbox: "a1:", server: "b", tool: "c" },
    { toolbox: "a1", server: ":b", tool: "c" },
    { toolbox: "a", server: "1", tool: ":bc" },
  ];
  const split = createNameTable(alike);
  const given = alike.map((id) => split.name(id));
  assert.equal(new Set(given).size, alike.length);
  alike.forEach((id, i) => assert.deepEqual(split.resolve(given[i]), id));
});

test("toolIdentifierSchema accepts exactly what parseToolIdentifier does", () => {
  const validate = new Ajv2020({ strict: true }).compile(toolIdentifierSchema);
  const r = random(99);
  const values = [null, 3, "a", [], {}, { toolbox: "a", server: "b", tool: "c" }, { toolbox: "a", server: "b", tool: "" }, { toolbox: "a", server: "b", tool: "c", x: 1 }, { toolbox: "a", server: 2, tool: "c" }];
  for (let i = 0; i < 300; i++) {
    const value = {};
    for (const key of ["toolbox", "server", "tool", "extra"]) {
      const roll = r.next();
      if (roll < 0.7 && key !== "extra") value[key] = r.pick(["", "a", "ok", "x".repeat(5), "ツ"]);
      else if (roll < 0.8) value[key] = r.pick([1, null, true, [], {}]);
    }
    values.push(value);
  }
  for (const value of values) {
    let parsed = true;
    try {
      assert.deepEqual(parseToolIdentifier(value), value);
    } catch (error) {
      if (!(error instanceof ToolshapeError)) throw error;
      assert.equal(error.code, "INVALID_IDENTIFIER");
      assert.match(error.message, /^Invalid tool identifier: /);
      parsed = false;
    }
    assert.equal(validate(value), parsed, JSON.stringify(value));
  }
  assert.ok(Object.isFrozen(toolIdentifierSchema.properties.tool));
  assert.equal(esm.toolIdentifierSchema, toolIdentifierSchema);
});

test("the docs' and the declarations' examples give the names they show", () => {
  const ids = [
    { toolbox: "dev", server: "filesystem", tool: "read_file" },
    { toolbox: "dev", server: "filesystem", tool: "read.file" },
  ];
  const names = createNameTable(ids, { client: "openai", server: "workbench" }).entries().map((e) => e.name);
  assert.deepEqual(names, ["dev__filesystem__read_file", "dev__filesystem__read_file_yjg5u057"]);
  const one = createNameTable([{ toolbox: "dev", server: "fs", tool: "read.file" }], { client: "openai", server: "workbench" });
  assert.equal(one.name({ toolbox: "dev", server: "fs", tool: "read.file" }), "dev__fs__read_file");
});

test("a long toolbox is cut before the tool's own name, which a model reads; the toolbox may be left out", () => {
  const tools = ["create_entities", "read_graph", "search_nodes", "open_nodes", "add_observations"];
  const ids = tools.map((tool) => ({ toolbox: "platform-engineering-sandbox", server: "memory", tool }));
  for (const client of ["vscode", "portable", "claude-code", "cursor", "openai", "gemini"]) {
    const table = createNameTable(ids, { client, server: "workbench" });
    for (const { id, name } of table.entries()) {
      assert.match(name, new RegExp(`__memory__${id.tool}(_[0-9a-z]{8})?$`), `${client}: ${name}`);
      assert.deepEqual(table.resolve(name), id);
    }
  }
  // In any order, the same names.
  const forward = createNameTable(ids, { client: "vscode" }).entries().map((e) => e.name);
  const backward = createNameTable([...ids].reverse(), { client: "vscode" }).entries().map((e) => e.name).reverse();
  assert.deepEqual(backward, forward);
  const without = createNameTable(ids, { client: "vscode", toolbox: false });
  assert.deepEqual(without.entries().map((e) => e.name), tools.map((t) => `memory__${t}`));
  assert.deepEqual(without.resolve("memory__read_graph"), ids[1]);
  assert.throws(() => createNameTable(ids, { toolbox: "no" }), (e) => e.code === "INVALID_OPTION");
});

test("warnings(): where the spec's text (128, no /) and SEP-986 (64, / allowed) part, each name says what happened", () => {
  const ids = [
    { toolbox: "dev", server: "fs", tool: "files/read" },
    { toolbox: "dev", server: "fs", tool: "x".repeat(90) },
    { toolbox: "dev", server: "fs", tool: "ok" },
  ];
  const portable = cjs.createNameTable(ids, { client: "portable" }).warnings();
  assert.deepEqual(portable.map((w) => w.name), ["dev__fs__files_read", cjs.createNameTable(ids, { client: "portable" }).name(ids[1])]);
  assert.match(portable[0].message, /^"dev__fs__files\/read" has a "\/", which the spec's text refuses and SEP-986 allows: written as "_"$/);
  assert.match(portable[1].message, /was shortened to \d+ characters \(SEP-986 allows 64; this client fewer\)$/);
  const mcp = cjs.createNameTable(ids, { client: "mcp" }).warnings();
  assert.match(mcp[1].message, /is 99 characters: clients that follow SEP-986 refuse more than 64$/);
  assert.deepEqual(cjs.createNameTable([ids[2]], { client: "portable" }).warnings(), []);
});
