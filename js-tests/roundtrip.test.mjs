// Property over the Zod fixtures: for every sample Zod accepts (as given and
// as Zod outputs it), parseArgv(toArgv(v)) deep-equals v and Zod accepts the
// result, unless toArgv says UNREPRESENTABLE.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cases } from "../scripts/zod-cases.mjs";
import { cjs, fixtures } from "./helpers.mjs";

const byName = new Map(fixtures().map((f) => [f.name, f]));

test("parseArgv(toArgv(v)) equals v for every valid sample", () => {
  let roundTrips = 0;
  let unrepresentable = 0;
  for (const c of cases) {
    const tool = cjs.compile(byName.get(c.name).variants["draft-2020-12/input"]);
    const values = [];
    for (const sample of c.samples) {
      const parsed = c.schema.safeParse(sample);
      if (parsed.success) values.push(sample, parsed.data);
    }
    for (const value of values) {
      let argv;
      try {
        argv = tool.toArgv(value);
      } catch (e) {
        assert.equal(e.code, "UNREPRESENTABLE", `${c.name} ${JSON.stringify(value)}: ${e.message}`);
        unrepresentable++;
        continue;
      }
      const back = tool.safeParseArgv(argv);
      assert.ok(back.success, `${c.name} ${JSON.stringify(argv)}: ${back.success || back.error.message}`);
      assert.deepEqual(back.data, value, `${c.name} argv ${JSON.stringify(argv)}`);
      assert.deepEqual(back.rest, []);
      assert.ok(c.schema.safeParse(back.data).success, c.name);
      roundTrips++;
    }
    tool.free();
  }
  assert.ok(roundTrips >= 100, `only ${roundTrips} round trips (${unrepresentable} unrepresentable)`);
});

test("the three unrepresentable values of the contract", () => {
  const tool = cjs.compile({
    type: "object",
    properties: {
      tags: { type: "array", items: { type: "string" } },
      config: { type: "object", properties: { a: { type: "string" } } },
      note: { type: ["string", "null"] },
    },
  });
  for (const args of [{ tags: [] }, { config: {} }, { note: "null" }]) {
    assert.throws(() => tool.toArgv(args), (e) => e instanceof cjs.ToolshapeError && e.code === "UNREPRESENTABLE" && e.path.length === 1, JSON.stringify(args));
  }
  assert.deepEqual(tool.toArgv({ note: null, tags: ["-a"], config: { a: "--b" } }), ["--note", "null", "--tags=-a", "--config-a=--b"]);
  assert.deepEqual(tool.parseArgv(["--note", "null", "--tags=-a", "--config-a=--b"]), { note: null, tags: ["-a"], config: { a: "--b" } });
});

test("toArgv refuses keys and values the schema does not have", () => {
  const tool = cjs.compile({ type: "object", properties: { n: { type: "integer" }, c: { type: "object", properties: { x: { type: "boolean" } } } } });
  assert.throws(() => tool.toArgv({ m: 1 }), (e) => e.code === "UNREPRESENTABLE" && /\["m"\]/.test(e.message));
  assert.throws(() => tool.toArgv({ n: 1.5 }), (e) => e.code === "INVALID_ARGS" && e.flag === "--n");
  assert.throws(() => tool.toArgv({ c: 1 }), (e) => e.code === "INVALID_ARGS");
  assert.throws(() => tool.toArgv({ c: { x: "yes" } }), (e) => e.code === "INVALID_ARGS");
  assert.throws(() => tool.toArgv([]), (e) => e.code === "INVALID_ARGS");
  assert.deepEqual(tool.toArgv({ c: { x: false } }), ["--no-c-x"]);
});
