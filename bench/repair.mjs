// repair on valid arguments (the common case) for a 10-field nested schema,
// against one JSON.stringify(args) (the least any crossing into wasm costs)
// and against the hand-written check a server would otherwise carry.
import { createRequire } from "node:module";
import { z } from "zod";
import { measure, report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

const schema = z.object({
  service: z.string(),
  replicas: z.number().int(),
  dryRun: z.boolean(),
  tags: z.array(z.string()),
  owner: z.string(),
  config: z.object({ timeout: z.number(), retries: z.number().int(), region: z.enum(["eu", "us"]) }),
  plan: z.object({ module: z.string(), steps: z.array(z.number().int()) }),
  note: z.string().nullable(),
});

const args = {
  service: "api",
  replicas: 3,
  dryRun: false,
  tags: ["a", "b"],
  owner: "ops",
  config: { timeout: 2.5, retries: 4, region: "eu" },
  plan: { module: "offers", steps: [1, 2, 3] },
  note: null,
};

function parsed(text, want) {
  if (typeof text !== "string") return text;
  try {
    const value = JSON.parse(text);
    return typeof value === want || (want === "array" && Array.isArray(value)) ? value : text;
  } catch {
    return text;
  }
}

function byHand(input) {
  const out = { ...input };
  if (typeof out.replicas === "string") out.replicas = parsed(out.replicas, "number");
  if (typeof out.dryRun === "string") out.dryRun = parsed(out.dryRun, "boolean");
  if (typeof out.tags === "string") out.tags = parsed(out.tags, "array");
  if (typeof out.config === "string") out.config = parsed(out.config, "object");
  if (out.config && typeof out.config === "object") {
    const c = { ...out.config };
    if (typeof c.timeout === "string") c.timeout = parsed(c.timeout, "number");
    if (typeof c.retries === "string") c.retries = parsed(c.retries, "number");
    out.config = c;
  }
  if (typeof out.plan === "string") out.plan = parsed(out.plan, "object");
  if (out.plan && typeof out.plan.steps === "string") out.plan = { ...out.plan, steps: parsed(out.plan.steps, "array") };
  return out;
}

export function run() {
  const tool = compile(schema);
  const result = tool.repair(args);
  if (result.repairs.length !== 0 || result.value !== args) throw new Error("valid arguments must come back untouched");
  let ours = Infinity;
  let stringify = Infinity;
  let hand = Infinity;
  let crossing = Infinity;
  const broken = { ...args, replicas: "3", config: JSON.stringify(args.config) };
  for (let round = 0; round < 2; round++) {
    ours = Math.min(ours, measure(() => tool.repair(args)));
    stringify = Math.min(stringify, measure(() => JSON.stringify(args)));
    hand = Math.min(hand, measure(() => byHand(args)));
    crossing = Math.min(crossing, measure(() => tool.repair(broken)));
  }
  report("repair, valid arguments, 10 fields (nested)", [
    ["toolshape repair", ours],
    ["one JSON.stringify(args)", stringify],
    ["hand-written string checks", hand],
    ["toolshape repair, two fields to repair (crosses to wasm)", crossing],
  ]);
  return { ours, stringify, hand, crossing };
}
