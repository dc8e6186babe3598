#!/usr/bin/env node
// A complete command line from one Zod schema: flags for nested objects,
// --help, clear errors, Zod's validation, exit codes 0 / 1 / 2; for an
// agent, --json '<input>' (or --json - from stdin), --help=json, --schema.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { compile } from "toolshape";

const Deploy = z.object({
  service: z.string().min(1).describe("Service to deploy"),
  environment: z.enum(["dev", "staging", "prod"]).default("dev").describe("Target environment"),
  tags: z.array(z.string()).optional().describe("Labels for every instance"),
  config: z
    .object({
      timeout: z.number().positive().default(30).describe("Health check timeout in seconds"),
      dryRun: z.boolean().default(false).describe("Plan only"),
    })
    .optional()
    .describe("Rollout settings"),
});

// Values also come from --config <file>, or ./deploy.json when it is there.
const tool = compile(Deploy, { name: "deploy", envPrefix: "DEPLOY", config: { files: ["deploy.json"] } });
const parsed = tool.safeParseArgv(process.argv.slice(2), { env: process.env, stdin: () => readFileSync(0, "utf8") });
if (!parsed.success) {
  const help = parsed.error.code === "HELP_REQUESTED";
  (help ? console.log : console.error)(parsed.error.message);
  process.exit(help ? 0 : 2);
}
const checked = Deploy.safeParse(parsed.data);
if (!checked.success) {
  for (const issue of checked.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
const args = checked.data;
console.log(`deploying ${args.service} to ${args.environment} (timeout ${args.config?.timeout ?? 30}s)`);
