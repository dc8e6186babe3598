// parseArgv on a 7-flag nested schema against yargs-parser (configured with
// the same types) and against node's util.parseArgs plus the nesting and
// number checks a user would otherwise write by hand.
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import yargsParser from "yargs-parser";
import { measure, report } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { compile } = require("../pkg");

export const schema = {
  type: "object",
  properties: {
    service: { type: "string" },
    replicas: { type: "integer" },
    verbose: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    config: {
      type: "object",
      properties: {
        timeout: { type: "number" },
        retries: { type: "integer" },
        region: { type: "string", enum: ["eu", "us"] },
      },
    },
  },
  required: ["service"],
};

export const argv = ["--service", "api", "--replicas", "3", "--verbose", "--tags", "a", "--tags", "b", "--config-timeout", "2.5", "--config-retries", "4", "--config-region", "eu"];
export const expected = { service: "api", replicas: 3, verbose: true, tags: ["a", "b"], config: { timeout: 2.5, retries: 4, region: "eu" } };

const tool = compile(schema);

// The same flags as one action of an action union (a subcommand), with a
// second action beside it: `deploy --service api ...`.
const actionTool = compile({
  oneOf: [
    { ...schema, properties: { action: { const: "deploy" }, ...schema.properties }, required: ["action", ...schema.required] },
    { type: "object", properties: { action: { const: "logs" }, id: { type: "string" } }, required: ["action", "id"] },
  ],
});
const actionArgv = ["deploy", ...argv];

const yargsOptions = {
  string: ["service", "config-region"],
  number: ["replicas", "config-timeout", "config-retries"],
  boolean: ["verbose"],
  array: [{ key: "tags", string: true }],
  configuration: { "camel-case-expansion": false, "dot-notation": false },
};

function byHand(args) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      service: { type: "string" },
      replicas: { type: "string" },
      verbose: { type: "boolean" },
      tags: { type: "string", multiple: true },
      "config-timeout": { type: "string" },
      "config-retries": { type: "string" },
      "config-region": { type: "string" },
    },
  });
  const number = (text, name, integer) => {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n) || (integer && !Number.isSafeInteger(n))) throw new Error(`--${name} expects a number`);
    return n;
  };
  const out = {};
  if (values.service === undefined) throw new Error("--service is required");
  out.service = values.service;
  if (values.replicas !== undefined) out.replicas = number(values.replicas, "replicas", true);
  if (values.verbose !== undefined) out.verbose = values.verbose;
  if (values.tags !== undefined) out.tags = values.tags;
  const config = {};
  if (values["config-timeout"] !== undefined) config.timeout = number(values["config-timeout"], "config-timeout", false);
  if (values["config-retries"] !== undefined) config.retries = number(values["config-retries"], "config-retries", true);
  if (values["config-region"] !== undefined) {
    if (!["eu", "us"].includes(values["config-region"])) throw new Error("--config-region expects eu or us");
    config.region = values["config-region"];
  }
  if (Object.keys(config).length > 0) out.config = config;
  return out;
}

/** The subcommand by hand: the first word picks the parser. */
function byHandAction(args) {
  const [word, ...rest] = args;
  if (word === "deploy") return { action: "deploy", ...byHand(rest) };
  throw new Error(`unknown action ${word}`);
}

function yargsNested(args) {
  const flat = yargsParser(args, yargsOptions);
  const out = { service: flat.service, replicas: flat.replicas, verbose: flat.verbose, tags: flat.tags };
  out.config = { timeout: flat["config-timeout"], retries: flat["config-retries"], region: flat["config-region"] };
  return out;
}

export function run() {
  // The three agree on the result before any timing.
  for (const candidate of [tool.parseArgv(argv), byHand(argv), yargsNested(argv)]) {
    if (JSON.stringify(candidate) !== JSON.stringify(expected)) throw new Error(`disagreement: ${JSON.stringify(candidate)}`);
  }
  const expectedAction = JSON.stringify({ action: "deploy", ...expected });
  for (const candidate of [actionTool.parseArgv(actionArgv), byHandAction(actionArgv)]) {
    if (JSON.stringify(candidate) !== expectedAction) throw new Error(`disagreement: ${JSON.stringify(candidate)}`);
  }
  // Interleaved twice, best kept: one candidate's garbage or JIT tier-up
  // should not land on another's clock.
  let ours = Infinity;
  let hand = Infinity;
  let yargs = Infinity;
  let oursAction = Infinity;
  let handAction = Infinity;
  for (let round = 0; round < 2; round++) {
    ours = Math.min(ours, measure(() => tool.parseArgv(argv)));
    hand = Math.min(hand, measure(() => byHand(argv)));
    yargs = Math.min(yargs, measure(() => yargsNested(argv)));
    oursAction = Math.min(oursAction, measure(() => actionTool.parseArgv(actionArgv)));
    handAction = Math.min(handAction, measure(() => byHandAction(actionArgv)));
  }
  report("parseArgv, 7 flags (3 nested), 15 tokens", [
    ["toolshape parseArgv", ours],
    ["util.parseArgs + hand-written nesting and checks", hand],
    ["yargs-parser (typed) + nesting", yargs],
  ]);
  report("parseArgv, the same flags as an action of an action union (16 tokens)", [
    ["toolshape parseArgv", oursAction],
    ["the first word by hand, then util.parseArgs as above", handAction],
  ]);
  return { ours, hand, yargs, oursAction, handAction };
}
