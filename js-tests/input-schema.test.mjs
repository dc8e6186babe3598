// inputSchema against real Zod: for every fixture case, the emitted schema
// accepts exactly the sample inputs Zod accepts, in every target and io mode
// whose conversion Zod does not make lossy itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { z } from "zod";
import { cases } from "../scripts/zod-cases.mjs";
import { cjs, fixtures, isPlainJson } from "./helpers.mjs";

const byName = new Map(fixtures().map((f) => [f.name, f]));

function validator(schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(JSON.stringify(schema)));
}

test("there are at least 60 fixture cases and each has six variants", () => {
  assert.ok(cases.length >= 60, `${cases.length} cases`);
  for (const c of cases) assert.equal(Object.keys(byName.get(c.name).variants).length, 6, c.name);
});

for (const c of cases) {
  test(`inputSchema validates like Zod: ${c.name}`, () => {
    const fixture = byName.get(c.name);
    for (const [variant, schema] of Object.entries(fixture.variants)) {
      const tool = cjs.compile(schema);
      const emitted = tool.inputSchema();
      tool.free();
      assert.ok(isPlainJson(emitted), `${variant}: not plain JSON`);
      assert.deepEqual(JSON.parse(JSON.stringify(emitted)), emitted);
      assert.equal(emitted.type, "object");
      const [target, io] = variant.split("/");
      if (io !== "input" || (c.lossy || []).includes(target)) continue;
      const validate = validator(emitted);
      for (const sample of c.samples) {
        const zodSays = c.schema.safeParse(sample).success;
        assert.equal(validate(sample), zodSays, `${variant} sample ${JSON.stringify(sample)}: Zod says ${zodSays}`);
      }
    }
  });
}

test("a Zod schema passed directly is converted through ~standard.jsonSchema", () => {
  const schema = z.object({ config: z.object({ timeout: z.number().default(30) }), name: z.string() });
  const direct = cjs.compile(schema).inputSchema();
  const viaJson = cjs.compile(z.toJSONSchema(schema, { io: "input" })).inputSchema();
  assert.deepEqual(direct, viaJson);
  assert.deepEqual(direct.properties.config.properties.timeout, { type: "number", default: 30 });
});

test("a Zod schema Zod cannot convert says so, with the option that writes it as any", () => {
  const schema = z.object({ n: z.bigint(), name: z.string() });
  assert.throws(
    () => cjs.compile(schema),
    (e) =>
      e.code === "INVALID_SCHEMA" &&
      e.message.includes("BigInt cannot be represented in JSON Schema") &&
      e.message.endsWith('pass z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })'),
  );
  // The advice works: the bigint is any JSON, the rest as before.
  const tool = cjs.compile(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
  assert.deepEqual(tool.inputSchema().properties.n, {});
  assert.deepEqual(tool.parseArgv(["--name", "x", "--n", "12"]), { name: "x", n: 12 });
});

test("a Zod date says how to take it as text, and that way works", () => {
  const advice = "for a date, take its text and let Zod make the Date: z.iso.datetime().pipe(z.coerce.date())";
  for (const schema of [z.object({ since: z.date() }), z.object({ since: z.coerce.date().optional() })]) {
    assert.throws(() => cjs.compile(schema), (e) => e.code === "INVALID_SCHEMA" && e.message.includes("Date cannot be represented") && e.message.includes(advice));
  }
  // A raw shape (the SDK's form) says the same.
  assert.throws(() => cjs.compile({ since: z.date() }), (e) => e.code === "INVALID_SCHEMA" && e.message.includes(advice));
  const Since = z.object({ since: z.iso.datetime().pipe(z.coerce.date()) });
  const tool = cjs.compile(Since);
  assert.equal(tool.inputSchema().properties.since.format, "date-time");
  const args = tool.parseArgv(["--since", "2024-05-01T00:00:00Z"]);
  assert.deepEqual(Since.parse(args), { since: new Date("2024-05-01T00:00:00Z") });
  // Another type keeps the general advice alone.
  assert.throws(() => cjs.compile(z.object({ n: z.bigint() })), (e) => !e.message.includes("for a date"));
});

test("an object that is JSON Schema is read as given even with a ~standard property", () => {
  const json = z.toJSONSchema(z.object({ a: z.string() }));
  assert.ok("~standard" in json);
  const tool = cjs.compile(json);
  assert.deepEqual(tool.inputSchema(), { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false });
});

test("JSON text is accepted", () => {
  const tool = cjs.compile('{"type":"object","properties":{"n":{"type":"integer"}}}');
  assert.deepEqual(tool.inputSchema(), { type: "object", properties: { n: { type: "integer" } } });
});

test("a property with a default is never required, in either io mode", () => {
  const schema = z.object({ a: z.string().default("x"), b: z.string() });
  for (const io of ["input", "output"]) {
    const emitted = cjs.compile(z.toJSONSchema(schema, { io })).inputSchema();
    assert.deepEqual(emitted.required, ["b"], io);
  }
});

test("nested objects are complete at every depth and $refs are inlined", () => {
  const emitted = cjs.compile(byName.get("shared-refs").variants["draft-7/input"]).inputSchema();
  assert.equal(emitted.$defs, undefined);
  assert.deepEqual(emitted.properties.home.required, ["street", "city"]);
  assert.deepEqual(Object.keys(emitted.properties.work.properties), ["street", "city", "zip"]);
});

test("recursive definitions stay under $defs and terminate", () => {
  const emitted = cjs.compile(byName.get("recursive-tree").variants["draft-2020-12/input"]).inputSchema();
  const text = JSON.stringify(emitted);
  assert.ok(text.length < 2000);
  assert.ok(emitted.$defs && Object.keys(emitted.$defs).length === 1);
});

test("OpenAPI nullable becomes a JSON Schema type list", () => {
  const emitted = cjs.compile(byName.get("nullable-string").variants["openapi-3.0/input"]).inputSchema();
  assert.deepEqual(emitted.properties.note, { type: ["string", "null"] });
});

test("the client option picks a profile and refuses unknown ones", () => {
  const tool = cjs.compile({ type: "object", properties: {} });
  assert.deepEqual(tool.inputSchema({ client: "mcp" }), tool.inputSchema());
  assert.throws(() => tool.inputSchema({ client: "nope" }), (e) => e.code === "INVALID_OPTION" && /mcp/.test(e.message));
});

test("text of every length and script crosses into wasm unchanged (short texts copied by a loop, long ones encoded at once)", () => {
  const pieces = ["a", "é", "ツ", "😀", "\u2028", "\"", "\\"];
  for (const length of [1, 40, 63, 64, 65, 66, 200, 5000]) {
    for (const piece of pieces) {
      // The non-ASCII piece lands first, in the middle and last.
      for (const at of [0, Math.floor(length / 2), length - 1]) {
        const chars = Array.from({ length }, (_, i) => (i === at ? piece : "x"));
        const description = chars.join("");
        const schema = { type: "object", properties: { note: { type: "string", description, default: description } } };
        const out = cjs.compile(schema).inputSchema();
        assert.equal(out.properties.note.description, description);
        assert.equal(out.properties.note.default, description);
      }
    }
  }
});

test("each inputSchema answer is the caller's own copy: changing one never changes the next", () => {
  const tool = cjs.compile(z.object({ name: z.string().describe("Who"), config: z.object({ timeout: z.number().default(30) }) }));
  for (const options of [undefined, { client: "cursor" }, { client: "openai-strict" }]) {
    const first = tool.inputSchema(options);
    const pristine = JSON.stringify(first);
    first.properties.name.description = "changed";
    delete first.properties.config;
    first.required?.push("extra");
    first.injected = true;
    const second = tool.inputSchema(options);
    assert.equal(JSON.stringify(second), pristine, JSON.stringify(options));
    assert.notEqual(second, tool.inputSchema(options));
    assert.ok(isPlainJson(second));
  }
  tool.free();
});

test("a schema's __proto__ key comes back as an own property, and no prototype changes", () => {
  const tool = cjs.compile(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}}}'));
  const schema = tool.inputSchema();
  assert.ok(Object.prototype.hasOwnProperty.call(schema.properties, "__proto__"));
  assert.deepEqual(Object.keys(schema.properties), ["__proto__", "a"]);
  assert.equal(Object.getPrototypeOf(schema.properties), Object.prototype);
  assert.equal({}.type, undefined);
  tool.free();
});
