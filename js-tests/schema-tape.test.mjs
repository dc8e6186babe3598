// A schema crosses as its text plus a tape of its structure (src/wire/tape.rs),
// and JS builds the object from the tape. These tests hold the built object
// to `JSON.parse` of the very text the core answered, over every fixture and
// client profile and over the texts that stress the tape's offsets: escapes,
// every script, astral characters, numbers of every form, `__proto__`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { cjs, esm, fixtures } from "./helpers.mjs";

const glue = createRequire(import.meta.url)("../pkg/node/toolshape.js");
const clients = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];

/** The core's own text for `client`, straight from the glue, parsed by V8. */
function textParsed(schema, client) {
  const handle = new glue.WasmTool(JSON.stringify(schema), undefined);
  try {
    return JSON.parse(handle.inputSchemaFor(client));
  } finally {
    handle.free();
  }
}

function refused(fn) {
  try {
    fn();
    return false;
  } catch (error) {
    if (error.code === "UNSUPPORTED_BY_CLIENT" || error.code === "INVALID_SCHEMA") return true;
    throw error;
  }
}

test("every fixture under every profile builds what JSON.parse of its text gives", () => {
  let compared = 0;
  for (const fixture of fixtures()) {
    for (const [variant, schema] of Object.entries(fixture.variants)) {
      if (refused(() => cjs.compile(schema).free())) continue;
      const tool = cjs.compile(schema);
      for (const client of clients) {
        let built;
        if (refused(() => (built = tool.inputSchema({ client })))) continue;
        assert.deepEqual(built, textParsed(schema, client), `${fixture.name} ${variant} ${client}`);
        compared += 1;
      }
      tool.free();
    }
  }
  assert.ok(compared > 2000, `${compared} schemas compared`);
});

test("escapes, every script and astral characters keep their place (UTF-16 offsets)", () => {
  const texts = ["plain", "é", "naïve \"quoted\" \\ back", "line\nbreak\ttab", "\u0000\u001f", "ツ日本", "😀🦀", "𝄞 clef then é", "\u2028\u2029", ""];
  // Keys in several scripts too (a key becomes a flag name, so no spaces).
  const keys = ["plain", "é", "naïve", "日本語", "ツ", "😀", "𝄞clef", "x\u00e9y", "a-b", "k"];
  const properties = {};
  texts.forEach((text, i) => {
    properties[`${keys[i]}${i}`] = { type: "string", description: text, default: text, enum: [text, `${text}!`] };
  });
  const schema = { type: "object", properties, required: [`${keys[0]}0`] };
  let compared = 0;
  for (const client of clients) {
    let built;
    // Some clients refuse keys outside [a-zA-Z0-9_.-]: their refusal is theirs.
    if (refused(() => (built = cjs.compile(schema).inputSchema({ client })))) continue;
    assert.deepEqual(built, textParsed(schema, client), client);
    compared += 1;
  }
  assert.ok(compared >= 5, `${compared} clients`);
  const built = cjs.compile(schema).inputSchema();
  texts.forEach((text, i) => {
    assert.equal(built.properties[`${keys[i]}${i}`].description, text);
    assert.deepEqual(built.properties[`${keys[i]}${i}`].enum, [text, `${text}!`]);
  });
});

test("numbers of every form come back as JSON.parse reads them", () => {
  const values = [0, -0, 1, -1, 0.1, 1e21, 1e-7, 123456789.125, Number.MAX_SAFE_INTEGER, 2 ** 64, -1.5e300, 5e-324];
  const schema = {
    type: "object",
    properties: { n: { type: "number", minimum: -1.5e300, maximum: 2 ** 64, default: 0.1, enum: values, examples: values } },
  };
  const built = cjs.compile(schema).inputSchema();
  assert.deepEqual(built, textParsed(schema, "mcp"));
  assert.deepEqual(built.properties.n.enum, JSON.parse(JSON.stringify(values)));
});

test("__proto__ is an own property wherever it appears, and no prototype changes", () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"__proto__":{"type":"string","default":"__proto__"}},"default":{"__proto__":{"polluted":true}}}}}',
  );
  for (const client of clients) {
    const built = cjs.compile(schema).inputSchema({ client });
    assert.equal(Object.getPrototypeOf(built.properties), Object.prototype, client);
    assert.ok(Object.hasOwn(built.properties, "__proto__"), client);
    const inner = built.properties.__proto__;
    assert.ok(Object.hasOwn(inner.properties, "__proto__"), client);
    assert.deepEqual(built, textParsed(schema, client), client);
  }
  assert.equal({}.polluted, undefined);
});

test("a required list of every property keeps the text's order, array-index keys and __proto__ included", () => {
  // Where every property is required the tape says "the keys just made"
  // and JS lists them (Object.keys); keys JS orders first (array indexes)
  // are written out instead. Either way the text's order.
  const object = (keys) => ({
    type: "object",
    properties: Object.fromEntries(keys.map((k) => [k, { type: "string" }])),
    required: keys,
  });
  const schemas = [
    object(["b", "a"]),
    object(["b", "1", "0"]),
    object(["b", "4294967295", "01"]),
    JSON.parse('{"type":"object","properties":{"z":{"type":"string"},"__proto__":{"type":"string"}},"required":["z","__proto__"]}'),
    { type: "object", properties: { inner: object(["y", "x"]), z: { type: "string" } }, required: ["inner", "z"] },
    // Only some required: openai-strict lists every key, mcp the one.
    { type: "object", properties: { b: { type: "string" }, a: { type: "string" } }, required: ["a"] },
  ];
  let compared = 0;
  for (const schema of schemas) {
    const tool = cjs.compile(schema);
    for (const client of clients) {
      let built;
      if (refused(() => (built = tool.inputSchema({ client })))) continue;
      const parsed = textParsed(schema, client);
      assert.deepEqual(built, parsed, client);
      assert.deepEqual(built.required, parsed.required, `${client}: the text's order`);
      // A new list every call, free to change.
      built.required.push("changed");
      assert.deepEqual(tool.inputSchema({ client }).required, parsed.required, client);
      compared += 1;
    }
    tool.free();
  }
  assert.ok(compared >= 40, `${compared} compared`);
  assert.equal({}.polluted, undefined);
});

test("a schema large enough to grow wasm memory is read through a fresh view", () => {
  const properties = {};
  for (let i = 0; i < 4000; i++) properties[`field_${i}_${"é".repeat(i % 5)}`] = { type: i % 2 ? "string" : "number", description: `the ${i}th field` };
  const schema = { type: "object", properties };
  const small = cjs.compile({ type: "object", properties: { a: { type: "string" } } });
  assert.deepEqual(small.inputSchema(), { type: "object", properties: { a: { type: "string" } } });
  const tool = cjs.compile(schema);
  const built = tool.inputSchema({ client: "openai-strict" });
  assert.deepEqual(built, textParsed(schema, "openai-strict"));
  assert.equal(Object.keys(built.properties).length, 4000);
  // The small tool's schema, after the large one's tape: the kept tape is the latest.
  assert.deepEqual(small.inputSchema({ client: "gemini" }), textParsed({ type: "object", properties: { a: { type: "string" } } }, "gemini"));
  tool.free();
  small.free();
});

test("a returned schema is a new object every call, free to change", () => {
  const tool = cjs.compile({ type: "object", properties: { a: { type: "string", enum: ["x", "y"] } } });
  const first = tool.inputSchema();
  first.properties.a.enum.push("changed");
  first.type = "changed";
  assert.deepEqual(tool.inputSchema(), { type: "object", properties: { a: { type: "string", enum: ["x", "y"] } } });
  tool.free();
});

test("the ESM entry builds the same objects", () => {
  for (const fixture of fixtures().slice(0, 20)) {
    const schema = fixture.variants["draft-2020-12/input"];
    if (refused(() => esm.compile(schema).free())) continue;
    for (const client of clients) {
      let a;
      let b;
      if (refused(() => (a = esm.compile(schema).inputSchema({ client })))) continue;
      b = cjs.compile(schema).inputSchema({ client });
      assert.deepEqual(a, b, `${fixture.name} ${client}`);
    }
  }
});

test("arrays of every short length and nested arrays keep their elements in order", () => {
  // Lengths one and two are built as literals, longer ones at their size.
  const lists = [[], ["a"], ["a", 1], ["a", 1, true], [["x"], ["y", ["z", null]], []], Array.from({ length: 17 }, (_, i) => `v${i}`)];
  const schema = { type: "object", properties: { n: { type: "string", examples: lists, default: lists[4] } } };
  const built = cjs.compile(schema).inputSchema();
  assert.deepEqual(built.properties.n.examples, lists);
  assert.deepEqual(built.properties.n.default, lists[4]);
  assert.deepEqual(built, textParsed(schema, "mcp"));
  // An array handed out is an ordinary array: it grows and loses elements.
  built.properties.n.examples[1].push("b");
  built.properties.n.examples[2].pop();
  assert.deepEqual(built.properties.n.examples.slice(1, 3), [["a", "b"], ["a"]]);
});
