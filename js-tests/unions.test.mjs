// A z.union of objects with no literal key (issue 11, item 6): it compiles,
// its inputSchema keeps every branch, repair works and Zod accepts the
// repaired samples; the command line refuses with the reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { unionCases } from "../scripts/zod-cases.mjs";
import { cjs } from "./helpers.mjs";

const { compile, ToolshapeError } = cjs;

for (const c of unionCases) {
  test(`${c.name}: inputSchema and repair work, the CLI says why not`, () => {
    const tool = compile(c.schema, { name: "fetch" });
    const schema = tool.inputSchema();
    assert.equal(schema.type, "object");
    assert.equal(schema.anyOf.length, 2);
    for (const sample of c.samples) {
      const sent = Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]));
      const { value } = tool.repair(sent);
      assert.deepEqual(value, sample);
      assert.ok(c.schema.safeParse(value).success);
    }
    assert.throws(() => tool.flags(), (e) => e.code === "NO_DISCRIMINATOR");
    const parsed = tool.safeParseArgv(["--path", "a.txt"]);
    assert.equal(parsed.success, false);
    assert.ok(parsed.error instanceof ToolshapeError);
    assert.equal(parsed.error.code, "NO_DISCRIMINATOR");
    assert.match(parsed.error.message, /^fetch takes a union of objects with no literal key .* give each branch a literal key/);
    assert.throws(() => tool.usage(), (e) => e.code === "NO_DISCRIMINATOR" && /^fetch takes a union/.test(e.message));
  });
}
