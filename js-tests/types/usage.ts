// Compiled by js-tests/types.test.mjs with tsc --noEmit: the declarations
// in pkg/ must accept ordinary use and refuse misuse.
import { z } from "zod";
import { compile, repair, withRepair, ToolshapeError, type FlagEntry, type Tool } from "toolshape";

const tool: Tool = compile(z.object({ config: z.object({ timeout: z.number() }) }), { maxDepth: 2, flags: { "config-timeout": { short: "t" } } });
const schema: Record<string, unknown> = tool.inputSchema({ client: "mcp" });
const flags: FlagEntry[] = tool.flags();
const args = tool.parseArgv<{ config: { timeout: number } }>(["--config-timeout", "5"]);
const timeout: number = args.config.timeout;
const result = tool.safeParseArgv(["-t", "5"], { env: process.env });
if (result.success) {
  const rest: string[] = result.rest;
  void rest;
} else {
  const code: string = result.error.code;
  void code;
}
const argv: string[] = tool.toArgv({ config: { timeout: 5 } });
const text: string = tool.usage({ format: "markdown", width: 100 });
const fixed = repair(tool, { config: '{"timeout":"5"}' });
const paths: Array<Array<string | number>> = fixed.repairs.map((r) => r.path);
const handler = withRepair(z.object({ n: z.number() }), async (a) => ({ content: [{ type: "text", text: String(a.n) }] }));
void handler;
try {
  compile("{}");
} catch (e) {
  if (e instanceof ToolshapeError) console.log(e.code, e.issues?.length);
}
tool.free();
void [schema, flags, timeout, argv, text, paths];

// @ts-expect-error: case takes "kebab" or "preserve"
compile({}, { case: "snake" });
// @ts-expect-error: argv is an array of strings
tool.parseArgv("--x");
