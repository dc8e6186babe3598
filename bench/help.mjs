// Help for a 50-action union: entries, and formatting them as markdown and
// JSON (the bar: formatting under a millisecond).
import { createRequire } from "node:module";
import { z } from "zod";
import { actionCases } from "../scripts/zod-cases.mjs";
import { format, measure } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { actionHelp, formatActionHelpMarkdown, formatActionHelpJson } = require("../pkg");

export function run() {
  const json = z.toJSONSchema(actionCases.find((c) => c.name === "many-actions").schema, { io: "input" });
  const entries = actionHelp(json);
  if (entries.length !== 50) throw new Error("expected 50 actions");
  const entriesTime = measure(() => actionHelp(json));
  const markdown = measure(() => formatActionHelpMarkdown(entries));
  const jsonTime = measure(() => formatActionHelpJson(entries));
  console.log(`\nhelp, 50-action union: entries ${format(entriesTime)}, formatActionHelpMarkdown ${format(markdown)}, formatActionHelpJson ${format(jsonTime)}`);
  return { entriesTime, markdown, jsonTime };
}
