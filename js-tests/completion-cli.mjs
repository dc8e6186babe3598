#!/usr/bin/env node
// The command line the completion tests put on PATH as `opsctl`: a registry
// of a tool and a group, its runCli answering the shells' scripts. With
// COMPLETION_CLI=single in the environment (as `deploy`), the deploy tool
// alone, as a definition's runCli.
import { z } from "zod";
import { createRegistry, defineGroup, defineTool } from "../pkg/index.mjs";

const deploy = defineTool({
  name: "deploy",
  description: "Deploy a service",
  input: z.object({
    service: z.string().describe("Service name"),
    region: z.enum(["eu-west", "us:east", "ap south"]).describe("Where: a region"),
    dryRun: z.boolean().optional().describe("Plan only"),
  }),
  handler: (args) => `deployed ${args.service}`,
});

const services = defineGroup({
  name: "services",
  description: "Operate running services",
  actions: {
    status: { description: "Show health", input: z.object({ verbose: z.boolean().optional() }), handler: () => "ok" },
    scale: { description: "Change the replica count", input: z.object({ replicas: z.number().int() }), handler: () => "scaled" },
  },
});

const argv = process.argv.slice(2);
process.exitCode =
  process.env.COMPLETION_CLI === "single" ? await deploy.runCli(argv) : await createRegistry([deploy, services], { name: "opsctl" }).runCli(argv);
