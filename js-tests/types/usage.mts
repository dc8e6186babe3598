// Compiled by js-tests/types.test.mjs with tsc --noEmit (strict,
// exactOptionalPropertyTypes): the declarations in pkg/ type arguments from
// the schema, fit the MCP SDK's types without casts, and refuse misuse.
import { z } from "zod";
// The SDK's Tool and ours no longer share a name: both import as they are.
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { McpServer as McpServerV2, Server as ServerV2 } from "@modelcontextprotocol/server";
import {
  acceptTextArguments,
  compile,
  repairing,
  toStandardSchema,
  compileCommands,
  createRegistry,
  defineGroup,
  defineTool,
  repair,
  withRepair,
  ToolshapeError,
  type ErrorCode,
  type FlagEntry,
  type IssueCode,
  type CompiledTool,
} from "toolshape";

// Types flow from the Zod schema: no caller writes a type argument.
const tool = compile(z.object({ config: z.object({ timeout: z.number() }), tags: z.array(z.string()).optional() }), {
  maxDepth: 2,
  flags: { "config-timeout": { short: "t" } },
});
const args = tool.parseArgv(["--config-timeout", "5"]);
const timeout: number = args.config.timeout;
const tags: string[] | undefined = args.tags;
const result = tool.safeParseArgv(["-t", "5"], { env: process.env });
if (result.success) {
  const t: number = result.data.config.timeout;
  const rest: string[] = result.rest;
  void [t, rest];
} else {
  const code: ErrorCode = result.error.code;
  void code;
}
const rebuilt: number = tool.fromFlagValues({ "config-timeout": "5" }).config.timeout;
const fixed = tool.repair({ config: '{"timeout":"5"}' });
const repairedTimeout: number = fixed.value.config.timeout;
const viaFree: number = repair(tool, {}).value.config.timeout;
const viaSchema: string = repair(z.object({ s: z.string() }), {}).value.s;
const argv: string[] = tool.toArgv({ config: { timeout: 5 } });
const untyped: CompiledTool = compile({ type: "object", properties: { a: { type: "string" } } });
const loose: unknown = untyped.parseArgv([]).a;
const flags: FlagEntry[] = tool.flags();
const gathers: boolean = flags.some((f) => f.list === true || f.record === true || f.repeatable === true || f.gathers === true);
const text: string = tool.usage({ format: "markdown", width: 100 });

// The inputSchema is the SDK's Tool["inputSchema"], without a cast.
const listed: Tool = { name: "deploy", inputSchema: tool.inputSchema({ client: "mcp" }) };
const flat: Tool["inputSchema"] = compile(z.discriminatedUnion("action", [z.object({ action: z.literal("a") })])).inputSchema({ actionsAs: "oneOf" });

// withRepair: the handler gets the validated output type; the wrapper's
// result is the SDK's CallToolResult.
const handler = withRepair(z.object({ n: z.number().transform((n) => String(n)) }), async (a) => {
  const s: string = a.n;
  return { content: [{ type: "text", text: s }] };
});
const answered: CallToolResult = await handler({ n: "5" });

// Codes are literal unions.
const issueCode: IssueCode = "unknown_flag";
const made = new ToolshapeError("INVALID_ARGS", "--n expects a number", { path: ["n"], flag: "--n" });
try {
  compile("{}");
} catch (e) {
  if (e instanceof ToolshapeError && e.code === "INVALID_JSON") console.log(e.issues?.length);
}
{
  using scoped = compile({ type: "object" });
  void scoped;
}
tool.free();
void [timeout, tags, rebuilt, repairedTimeout, viaFree, viaSchema, argv, loose, flags, text, listed, flat, answered, issueCode, made];

// @ts-expect-error: case takes "kebab" or "preserve"
compile({}, { case: "snake" });
// @ts-expect-error: argv is an array of strings
tool.parseArgv("--x");
// @ts-expect-error: timeout is a number in this tool's arguments
tool.toArgv({ config: { timeout: "5" } });
// @ts-expect-error: the constructor takes a code first, then the message
new ToolshapeError("just a message");
// @ts-expect-error: not an error code
const badCode: ErrorCode = "NOPE";
// @ts-expect-error: not a client
tool.inputSchema({ client: "claude" });
void badCode;

// A command set narrows data by the command word.
const opsSet = compileCommands(
  { deploy: compile(z.object({ service: z.string() })), logs: compile(z.object({ lines: z.number().optional() })) },
  { name: "ops", version: "1.0.0", help: { short: null } },
);
const picked = opsSet.safeParseArgv(["deploy", "--service", "api"], { allowPositionals: true });
if (picked.success && picked.command === "deploy") {
  const service: string = picked.data.service;
  void service;
} else if (picked.success) {
  const lines: number | undefined = picked.data.lines;
  void lines;
}
const thrown = opsSet.parseArgv(["logs"]);
const word: "deploy" | "logs" = thrown.command;
const versionCode: ErrorCode = "VERSION_REQUESTED";
const positional = compile(z.object({ s: z.string().meta({ cli: { positional: 0 } }) }), { version: "1", help: false }).flags()[0]?.positional;
void [word, versionCode, positional];
// @ts-expect-error: no such command
if (picked.success && picked.command === "nope") console.log(picked);
// @ts-expect-error: help takes a boolean or { short }
compile({}, { help: "no" });

// A registry hears which tools a client's profile leaves out, with the error's issues.
const heard: string[] = [];
const served = createRegistry([defineTool({ name: "t", input: z.object({ q: z.string() }), handler: async () => "ok" })], {
  onRefused: ({ tool: left, client, error }) => heard.push(`${client} ${left} ${error.code} ${error.issues?.length ?? 0}`),
});
void served.list({ client: "gemini" });
// A strict list marks each tool, and a fallback names the profile listed instead.
const strictTools: { name: string; input_schema: unknown; strict: boolean | undefined }[] = served
  .list({ client: "anthropic-strict" })
  .map((t) => ({ name: t.name, input_schema: t.inputSchema, strict: t.strict }));
createRegistry([], { onRefused: ({ fallback }) => heard.push(fallback === undefined ? "left out" : `listed as ${fallback}`) });
// @ts-expect-error: a fallback is a non-strict profile of the same API
createRegistry([], { onRefused: ({ fallback }) => fallback === "gemini" });
void strictTools;
// @ts-expect-error: onRefused is a function
createRegistry([], { onRefused: "log" });

// A tool's output types its handler's result (defaults may be left out); without one, anything goes.
const Weather = z.object({ temp: z.number(), unit: z.enum(["C", "F"]).default("C") });
const weather = defineTool({ name: "weather", input: z.object({ city: z.string() }), output: Weather, handler: async ({ city }) => ({ temp: city.length }) });
const outputSchema: Tool["outputSchema"] = weather.definition().outputSchema;
void [outputSchema, defineTool({ name: "w", output: Weather, handler: () => ({ content: [], structuredContent: { temp: 1 } }) })];
void defineTool({ name: "any", _meta: { "openai/outputTemplate": "ui://w" }, handler: () => 42 });
const listedMeta: Tool["_meta"] = weather.definition()._meta;
const listedIcons: Tool["icons"] = defineTool({ name: "i", icons: [{ src: "https://example.com/i.svg", theme: "light" }], handler: () => "" }).definition().icons;
void [listedMeta, listedIcons];
// @ts-expect-error: an icon's theme is "light" or "dark"
defineTool({ name: "i", icons: [{ src: "x", theme: "blue" }], handler: () => "" });
// @ts-expect-error: temp is a number in the output
defineTool({ name: "w", output: Weather, handler: async () => ({ temp: "hot" }) });
// @ts-expect-error: a tool with an output answers an object, not a string
defineTool({ name: "w", output: Weather, handler: () => "sunny" });

// The SDK 2.x: attach takes its McpServer; a handler's ctx gives argumentsOf the request's id.
const detachV2: () => void = served.attach(new McpServerV2({ name: "s", version: "1" }));
void detachV2;
const proxy = new ServerV2({ name: "p", version: "1" }, { capabilities: { tools: {} } });
const argumentsOf = acceptTextArguments(proxy);
proxy.setRequestHandler("tools/call", async (request, ctx) => ({ content: [{ type: "text" as const, text: JSON.stringify(argumentsOf(request, ctx)) }] }));

// repairing fits the SDK 2.x registerTool's inputSchema, and the handler's arguments keep Zod's types.
const repairedSearch = repairing(z.object({ query: z.string(), limit: z.number().default(10) }), { onRepair: (repairs) => void repairs.length });
new McpServerV2({ name: "s", version: "1" }).registerTool("search", { inputSchema: repairedSearch }, async (a) => {
  const query: string = a.query;
  const limit: number = a.limit;
  return { content: [{ type: "text" as const, text: `${query} ${limit}` }] };
});
// @ts-expect-error: repairing needs a validator, and plain JSON Schema has none
repairing({ type: "object" });

// toStandardSchema: Zod's input and output types, with no cast, in registerTool and in the Standard Schema types.
const standardSearch = toStandardSchema(z.object({ query: z.string(), limit: z.number().default(10) }), { client: "cursor" });
new McpServerV2({ name: "s", version: "1" }).registerTool("standard", { inputSchema: standardSearch }, async (a) => {
  const limit: number = a.limit;
  return { content: [{ type: "text" as const, text: `${a.query} ${limit}` }] };
});
type StandardTypes = NonNullable<(typeof standardSearch)["~standard"]["types"]>;
const standardInput: StandardTypes["input"] = { query: "q" };
const standardOutput: StandardTypes["output"] = { query: "q", limit: 1 };
void standardInput;
void standardOutput;
// @ts-expect-error: the output's limit is a number, never absent
const missingLimit: StandardTypes["output"] = { query: "q" };
void missingLimit;

// A raw shape, as the SDK 1.x's server.tool takes it: the handler's arguments are typed from its members.
defineTool({
  name: "shape",
  input: { query: z.string(), limit: z.number().default(10), deep: z.boolean().optional() },
  output: { hits: z.number() },
  handler: async ({ query, limit, deep }) => {
    const typed: [string, number, boolean | undefined] = [query, limit, deep];
    return { hits: typed.length };
  },
});
const shaped = compile({ query: z.string(), deep: z.boolean().optional() });
shaped.parseArgv(["--query", "q"]) satisfies { query: string; deep?: boolean | undefined };
// @ts-expect-error: query is a string in this shape's arguments
defineTool({ name: "shape", input: { query: z.string() }, handler: async ({ query }) => query.toFixed(1) });
// @ts-expect-error: hits is a number in the shape's output
defineTool({ name: "shape", output: { hits: z.number() }, handler: async () => ({ hits: "many" }) });
// withRepair takes a shape too, its handler's arguments typed from the members.
void withRepair({ count: z.number() }, async ({ count }) => ({ content: [{ type: "text" as const, text: count.toFixed(0) }] }));
// repairing takes a shape too: the SDK 2.x's registerTool gets its typed arguments.
new McpServerV2({ name: "s", version: "1" }).registerTool("shaped", { inputSchema: repairing({ query: z.string(), limit: z.number().default(10) }) }, async (a) => {
  const query: string = a.query;
  const limit: number = a.limit;
  return { content: [{ type: "text" as const, text: `${query} ${limit}` }] };
});

// A group's handlers are typed from their own input and the group's common
// input (after validation: defaults filled in), and ctx.action is the action's name.
const notes = defineGroup({
  name: "notes",
  common: z.object({ workspace: z.string().default("main") }),
  actions: {
    add: {
      input: z.object({ title: z.string(), tags: z.array(z.string()).default([]), body: z.string().optional() }),
      handler: async (a, ctx) => {
        const typed: [string, string[], string | undefined, string] = [a.title, a.tags, a.body, a.workspace];
        const name: "add" = ctx.action;
        return `${typed.join(" ")} ${name}`;
      },
    },
    remove: { input: { id: z.number().int() }, destructive: true, handler: async ({ id, workspace }) => `${id.toFixed(0)} ${workspace}` },
    ping: { handler: (a) => Object.keys(a).length },
    raw: { input: { type: "object", properties: { q: { type: "string" } } }, handler: (a) => String(a.q) },
  },
});
const platform = defineGroup({
  name: "platform",
  groups: {
    users: { actions: { create: { input: z.object({ email: z.string() }), handler: (a, ctx) => { const name: "users.create" = ctx.action; return a.email.toUpperCase() + name; } } } },
    teams: { description: "Teams", actions: { list: { input: z.object({ limit: z.number().optional() }), handler: (a) => a.limit?.toFixed(0) } } },
  },
});
void [notes, platform];
// @ts-expect-error: id is a number in this action's arguments
defineGroup({ name: "x", actions: { remove: { input: z.object({ id: z.number() }), handler: (a) => a.id.toUpperCase() } } });
// @ts-expect-error: the common input's w is a string
defineGroup({ name: "x", common: z.object({ w: z.string() }), actions: { a: { input: z.object({ t: z.string() }), handler: (a) => a.w.toFixed(1) } } });
// @ts-expect-error: in a group of groups, ctx.action is "u.c"
defineGroup({ name: "x", groups: { u: { actions: { c: { handler: (_a, ctx) => { const name: "c" = ctx.action; return name; } } } } } });
