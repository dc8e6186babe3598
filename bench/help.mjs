// Help for a 50-action union: entries, and formatting them as markdown and
// JSON (the bar: formatting under a millisecond).
import { createRequire } from "node:module";
import { z } from "zod";
import { actionCases } from "../scripts/zod-cases.mjs";
import { format, measure } from "./harness.mjs";

const require = createRequire(import.meta.url);
const { help, formatHelpMarkdown, formatHelpJson } = require("../pkg");

export function run() {
  const json = z.toJSONSchema(actionCases.find((c) => c.name === "many-actions").schema, { io: "input" });
  const entries = help(json);
  if (entries.length !== 50) throw new Error("expected 50 actions");
  const entriesTime = measure(() => help(json));
  const markdown = measure(() => formatHelpMarkdown(entries));
  const jsonTime = measure(() => formatHelpJson(entries));
  console.log(`\nhelp, 50-action union: entries ${format(entriesTime)}, formatHelpMarkdown ${format(markdown)}, formatHelpJson ${format(jsonTime)}`);
  return { entriesTime, markdown, jsonTime };
}
