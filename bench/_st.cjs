const T = [["start", performance.now()]];
const mark = (l) => T.push([l, performance.now()]);
const { z } = require("zod"); mark("zod");
const { compile } = require("../pkg/index.cjs"); mark("require toolshape");
const Input = z.object({
  service: z.string().describe("Service to deploy"),
  replicas: z.number().int().min(1).default(1).describe("How many"),
  dryRun: z.boolean().optional().describe("Plan only"),
  tags: z.array(z.string()).optional().describe("Labels"),
  note: z.string().optional().describe("A note for the log"),
  config: z.object({
    timeout: z.number().positive().optional().describe("Seconds"),
    retries: z.number().int().optional().describe("Retries"),
    region: z.enum(["eu", "us"]).optional().describe("Region"),
    tls: z.object({ cert: z.string().optional().describe("Certificate"), verify: z.boolean().optional().describe("Verify peers") }).optional(),
  }).optional(),
}); mark("schema");
const js = z.toJSONSchema(Input, { io: "input" }); mark("toJSONSchema (alone)");
const tool = compile(Input, { name: "deploy" }); mark("compile");
const parsed = tool.safeParseArgv(process.argv.slice(2)); mark("safeParseArgv");
const checked = Input.safeParse(parsed.data ?? {}); mark("zod safeParse");
let prev = T[0][1];
console.log(T.slice(1).map(([l, t]) => { const d = (t - prev).toFixed(2); prev = t; return `${l} ${d}`; }).join(" | "));
