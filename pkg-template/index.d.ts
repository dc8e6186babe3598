// Types for toolshape: every export, with JSDoc and an example (a test
// type-checks and runs each example). The data shapes are in types.d.ts.

import type {
  Args,
  CallToolResult,
  ClientCheck,
  ClientName,
  CommandsOptions,
  CompletionCandidate,
  DeprecatedUse,
  CompileOptions,
  CliOptions,
  ErrorCode,
  ErrorDetails,
  FlagEntry,
  ActionHelpEntry,
  ActionHelpOptions,
  InputSchema,
  InputSchemaOptions,
  Issue,
  ParseOptions,
  RepairOptions,
  RepairResult,
  RepairingOptions,
  ToStandardSchemaOptions,
  RepairingSchema,
  ToolErrorResult,
  UsageOptions,
  WithRepairOptions,
  ToolAnnotations,
  ToolIcon,
  CallContext,
  Middleware,
  ToolDefinition,
  GroupDefinition,
  Registry,
  RegistryOptions,
  ToolIdentifier,
  NameTable,
  NameTableOptions,
  ValueSource,
  HandlerContext,
} from "./types.js";

export type * from "./types.js";

/** A JSON Schema object, as `z.toJSONSchema(schema, { io: "input" })` returns it. */
export type JsonSchema = { [key: string]: unknown } | boolean;

/** Anything with a Standard JSON Schema converter: Zod >= 4.2, Valibot, ArkType. */
export interface StandardJsonSchemaLike {
  readonly "~standard": {
    readonly vendor?: string;
    readonly jsonSchema: { input(options: { target: string }): unknown };
  };
}

/** A Standard Schema that can validate (Zod, Valibot, ArkType), as `withRepair` needs. */
export interface ValidatingSchema extends StandardJsonSchemaLike {
  readonly "~standard": StandardJsonSchemaLike["~standard"] & {
    validate(value: unknown): unknown;
  };
}

/** Every form `compile` accepts: a JSON Schema object, its JSON text, a Standard JSON Schema value, or an object of them (a raw shape). */
export type SchemaInput = JsonSchema | string | StandardJsonSchemaLike | RawShape;

/**
 * An object of schemas, as the MCP SDK 1.x's `server.tool` and `registerTool` take
 * (`{ query: z.string(), limit: z.number().optional() }`): wherever a schema is taken, read as
 * the object schema it stands for, each key validated by its own schema. A key is optional when
 * its schema accepts `undefined` (`.optional()`, `.default()`, and also `z.unknown()`).
 * @example
 * import { z } from "zod";
 * import { defineTool } from "toolshape";
 * const search = defineTool({ name: "search", input: { query: z.string() }, handler: async ({ query }) => query.toUpperCase() });
 * console.log(search.definition().inputSchema); // { type: "object", properties: { query: { type: "string" } }, required: ["query"] }
 */
export type RawShape = { readonly [key: string]: { readonly "~standard": { validate(value: unknown): unknown } } };

/** One member's inferred type on side `K`; `unknown` when it declares none. */
type MemberOf<M, K extends "input" | "output"> = M extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly [P in K]: infer V }
    ? V
    : unknown
  : unknown;

/** The object a raw shape stands for: keys whose type takes `undefined` optional. */
type ShapeOf<S, K extends "input" | "output"> = {
  [P in keyof S as undefined extends MemberOf<S[P], K> ? never : P]: MemberOf<S[P], K>;
} & {
  [P in keyof S as undefined extends MemberOf<S[P], K> ? P : never]?: MemberOf<S[P], K>;
} extends infer O
  ? { [P in keyof O]: O[P] }
  : never;

type Inferred<S, K extends "input" | "output"> = S extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly [P in K]: infer V }
    ? unknown extends V
      ? Args
      : V
    : Args
  : S extends RawShape
    ? ShapeOf<S, K>
    : Args;

/** The arguments a schema accepts before validation: Standard Schema's inferred input type, else `Args`. */
export type InputOf<S> = Inferred<S, "input">;

/** The arguments after validation: Standard Schema's inferred output type, else `Args`. */
export type OutputOf<S> = Inferred<S, "output">;

/**
 * Every error toolshape throws. `code` is stable; `HELP_REQUESTED` means argv
 * held `--help`/`-h` and the message is the usage text to print;
 * `VERSION_REQUESTED` means argv held `--version` and the message is the version.
 *
 * @example
 * import { compile, ToolshapeError } from "toolshape";
 * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
 * try {
 *   tool.parseArgv(["--config-timout", "5"]);
 * } catch (e) {
 *   if (e instanceof ToolshapeError) console.error(e.code, e.issues?.map((i) => i.message));
 * }
 */
export declare class ToolshapeError extends Error {
  /**
   * @param code a stable code
   * @param message what went wrong, and where
   * @param details the path, pointer, flag or issues it concerns
   */
  constructor(code: ErrorCode, message: string, details?: ErrorDetails);
  readonly name: "ToolshapeError";
  readonly code: ErrorCode;
  /** Key path into the arguments, where one applies. */
  readonly path?: string[];
  /** JSON pointer into the schema, where one applies (without the leading `#`). */
  readonly pointer?: string;
  /** The flag concerned, with its dashes. */
  readonly flag?: string;
  /** Every problem found, for `INVALID_ARGS`. */
  readonly issues?: Issue[];
  /**
   * For `HELP_REQUESTED` answering an agent (`--help=json`, `--help=md`, `--schema`,
   * `schema <command>`): the message's format. Absent for usage text.
   */
  readonly format?: "json" | "markdown";
}

export type SafeParseResult<T = Args> =
  | { success: true; data: T; rest: string[]; /** With a config file: where each value came from. */ sources?: ValueSource[] }
  | { success: false; error: ToolshapeError };

declare global {
  // `Symbol.dispose` without `lib: ["esnext.disposable"]` (as @types/node declares it).
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/**
 * A compiled tool; `T` is the arguments' type, inferred from a Zod (or other
 * Standard Schema) input. Lives in wasm memory: call `free()` (or use
 * `using`) when done; a forgotten one is freed by a FinalizationRegistry.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * const tool = compile(z.object({ dryRun: z.boolean().optional() }));
 * const args = tool.parseArgv(["--dry-run"]); // { dryRun: true }, typed { dryRun?: boolean }
 * tool.free();
 */
export declare class CompiledTool<T = Args> {
  private constructor();
  /**
   * The inputSchema for a client: a plain object, root `type: "object"`,
   * nested objects complete, finite `$ref`s inlined, defaulted keys not required.
   * With `{ client }`, the schema that client accepts (written once, then
   * cached); throws `UNSUPPORTED_BY_CLIENT` with every refusal in `issues`
   * when it cannot be written without the server losing what it accepts.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
   * const listed = { name: "search", description: "Search", inputSchema: tool.inputSchema() }; // for tools/list
   */
  inputSchema(options?: InputSchemaOptions): InputSchema;
  /** The flag table, one entry per flag, in schema order. For an action union each entry lists its `actions`; empty for a tool with no command line (`usage()` says why). */
  flags(): Array<FlagEntry & { actions?: string[] }>;
  /**
   * The JSON Schema a config file must meet (`config` option): the input schema with every key optional.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { port: { type: "number" } }, required: ["port"] });
   * tool.configSchema().required; // undefined
   */
  configSchema(options?: InputSchemaOptions): InputSchema;
  /**
   * Help entries for the actions of a tool compiled from an action union
   * (what `usage()` is for flags, this is for actions: a model's help, or docs).
   * @example
   * import { z } from "zod";
   * import { compile } from "toolshape";
   * const tool = compile(z.discriminatedUnion("action", [z.object({ action: z.literal("logs"), id: z.string() })]));
   * tool.actionHelp({ topic: "logs" }); // [{ discriminator: "logs", description: "", parameters: [...] }]
   */
  actionHelp(options?: ActionHelpOptions): ActionHelpEntry[];
  /** @deprecated Renamed `actionHelp` (beside `usage`, `help` read as the flag text); this name goes in the next release. */
  help(options?: ActionHelpOptions): ActionHelpEntry[];
  /**
   * argv (without node and script) to the nested arguments. For an action
   * union, argv starts with the action (`logs --id x`, `zfs pools`) and the
   * result carries the discriminator keys.
   * @throws {ToolshapeError} `INVALID_ARGS` with every issue at once.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
   * tool.parseArgv(["--config-timeout", "30"]); // { config: { timeout: 30 } }
   */
  parseArgv(argv: readonly string[], options?: ParseOptions): T;
  /**
   * Like `parseArgv`, but returns the result; `rest` holds everything after `--` (and, with
   * `allowPositionals`, positionals no key takes).
   * `--help` or `-h` gives an error with code `HELP_REQUESTED` whose message is the usage text;
   * `--help=json`, `--help=md` and `--schema [--client <profile>]` likewise, with the text an
   * agent reads (and `error.format`). `--json '<input>'` (or `--json -`, read by the `stdin`
   * option) is the whole input as one JSON object, repaired, with no other flag beside it.
   * A tool with its own `--json`, `--schema` or `--help` flag keeps it.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { name: { type: "string" } } });
   * const r = tool.safeParseArgv(["--name", "x"], { env: process.env });
   * if (!r.success) console.error(r.error.message);
   * tool.parseArgv(["--json", '{"name":"x"}']); // { name: "x" }
   */
  safeParseArgv(argv: readonly string[], options?: ParseOptions): SafeParseResult<T>;
  /**
   * Flat values by flag name (as yargs or commander give them) to nested
   * arguments, with the same coercion as `parseArgv`.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
   * tool.fromFlagValues({ "config-timeout": "30" }); // { config: { timeout: 30 } }
   */
  fromFlagValues(flat: Record<string, unknown>, options?: ParseOptions): T;
  /** @deprecated Renamed `fromFlagValues` (it did not say from what); this name goes in the next release. */
  reconstruct(flat: Record<string, unknown>, options?: ParseOptions): T;
  /**
   * Nested arguments to argv that `parseArgv` turns back into the same arguments.
   * @throws {ToolshapeError} `UNREPRESENTABLE` for values no argv expresses (an empty
   * array for a repeatable flag, an empty object for an optional group, `null` for an
   * optional nullable group, the string `"null"` for a nullable string flag), and for
   * arguments that leave out a key parsing would fill in (a required switch is `false`, a
   * required key that takes `null` is `null` when its flag is not given).
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
   * tool.toArgv({ config: { timeout: 30 } }); // ["--config-timeout", "30"]
   */
  toArgv(args: T): string[];
  /**
   * Turns arguments an MCP client sent as JSON text back into what the schema
   * wants, before validation: only strings where the schema takes no string
   * (and a number or boolean where only a string is taken, into its text),
   * only into values that fit there. Arguments with nothing to repair return at
   * once, without crossing into wasm.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { count: { type: "number" }, plan: { type: "object", properties: {} } } });
   * tool.repair({ count: "3", plan: '{"module":"offers"}' });
   * // { value: { count: 3, plan: { module: "offers" } }, repairs: [{ path: ["count"], from: "3", to: 3 }, ...] }
   */
  repair(args: unknown, options?: RepairOptions): RepairResult<T>;
  /**
   * What the client's profile changes (`warnings`) and refuses (`errors`,
   * what `inputSchema({ client })` would throw). Never throws for the schema's sake.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { n: { type: "number", exclusiveMinimum: 0 } } });
   * tool.check("gemini").warnings[0].code; // "CONSTRAINT_LOOSENED"
   */
  check(client: ClientName): ClientCheck;
  /**
   * `--help` text, nested flags grouped under their parent's description.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { name: { type: "string", description: "Who" } } }, { name: "greet" });
   * console.log(tool.usage({ width: process.stdout.columns || 80 }));
   */
  usage(options?: UsageOptions): string;
  /**
   * Shell completion: what may follow `words` (the words typed after the command name, the last
   * being the one under the cursor, `""` after a space), read as `parseArgv` reads argv: the long
   * flags not yet given (a repeatable one again) with `--no-` of a negatable switch and `--help`
   * (after a single dash, `-` or `-r`, each one's short name too), an enum flag's choices as its value, a positional key's choices, an action union's words. Free
   * text gets none (the shell then offers file names). `runCli` answers the scripts of `completionScript` with it.
   * @throws {ToolshapeError} `INVALID_ARGS` when `words` is not an array of strings.
   * @example
   * import { z } from "zod";
   * import { compile } from "toolshape";
   * const tool = compile(z.object({ region: z.enum(["eu", "us"]), dryRun: z.boolean().optional() }), { name: "deploy" });
   * tool.complete(["--re"]); // [{ value: "--region" }]
   * tool.complete(["--region", ""]); // [{ value: "eu" }, { value: "us" }]
   */
  complete(words: readonly string[]): CompletionCandidate[];
  /**
   * What argv uses that is marked deprecated (`deprecated: true` in the schema, the flag override, or
   * a `cli` meta with a message): the whole tool first, as `{ command }` (the `name` it was compiled
   * with), when its root is marked; then an action union's chosen action, as `{ action }` (its words);
   * then each flag given, as `{ flag }` (`--name`, by any spelling: `-s`, `--name=v`, a cluster; not
   * from the environment); each with the `message` it was given. For a warning before a command runs;
   * `runCli` prints one line each on stderr.
   * @throws {ToolshapeError} `INVALID_ARGS` when `argv` is not an array of strings.
   * @example
   * import { z } from "zod";
   * import { compile } from "toolshape";
   * const tool = compile(z.object({ host: z.string().optional(), server: z.string().optional().meta({ cli: { deprecated: "use --host" } }) }));
   * tool.deprecatedIn(["--server", "a"]); // [{ flag: "--server", message: "use --host" }]
   * tool.deprecatedIn(["--host", "a"]); // []
   */
  deprecatedIn(argv: readonly string[]): DeprecatedUse[];
  /** Releases the wasm memory now. Further calls throw `FREED`. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Compiles a tool's input schema once; every later call only walks prepared
 * tables. Given a Zod (>= 4.2) or other Standard Schema value, the CompiledTool's
 * arguments are typed from it; given JSON Schema, they are `Args`.
 * @throws {ToolshapeError} on a bad schema or option. The flag table is built
 * on the first command-line call, and what it refuses is thrown there, not
 * here: keys that make no flag names (`"First Name"`, or `fooBar` beside
 * `foo-bar`: `INVALID_FLAG_NAME`, `FLAG_COLLISION`), an override of a flag
 * there is not, a malformed `.meta({ cli })`.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * const tool = compile(z.object({ config: z.object({ timeout: z.number() }) }));
 * const args = tool.parseArgv(["--config-timeout", "30"]); // { config: { timeout: 30 } }
 * const timeout: number = args.config.timeout;
 */
export declare function compile<S extends SchemaInput>(schema: S, options?: CompileOptions): CompiledTool<InputOf<S>>;

/** What `Commands.safeParseArgv` answers: the command word narrows `data` to that tool's arguments. */
export type CommandParseResult<M extends Record<string, CompiledTool<any>>> =
  | { [K in keyof M & string]: { success: true; command: K; data: M[K] extends CompiledTool<infer T> ? T : never; rest: string[]; sources?: ValueSource[] } }[keyof M & string]
  | { success: false; error: ToolshapeError };

/**
 * Several compiled tools as the subcommands of one command line
 * (`ops deploy --service api`, `ops search-logs --query x`). Holds its own
 * copy of each tool: freeing a tool later does not affect the set.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * import { compileCommands } from "toolshape/cli";
 * const ops = compileCommands(
 *   { deploy: compile(z.object({ service: z.string() })), logs: compile(z.object({ lines: z.number().optional() })) },
 *   { name: "ops", version: "ops 1.0.0" },
 * );
 * const r = ops.safeParseArgv(["deploy", "--service", "api"]);
 * if (r.success && r.command === "deploy") console.log(r.data.service); // "api"
 */
export declare class Commands<M extends Record<string, CompiledTool<any>> = Record<string, CompiledTool<Args>>> {
  private constructor();
  /** The command words, in the order given. */
  readonly commands: Array<keyof M & string>;
  /**
   * The command word first, then that tool's argv. `--help`/`-h` (or `help <command>`)
   * answers `HELP_REQUESTED` with the usage; `--version` answers `VERSION_REQUESTED`;
   * an unknown command is an `INVALID_ARGS` error (`unknown_command`, with the closest name).
   * For agents: `--help=json`/`--help=md` (or `help --json`) describe every command, `schema <command>`
   * prints one's input schema (each `HELP_REQUESTED`, with `error.format`), and after a command's
   * word `--json '<input>'` is its whole input. A command named `help` or `schema` keeps its word.
   */
  safeParseArgv(argv: readonly string[], options?: ParseOptions): CommandParseResult<M>;
  /**
   * As `safeParseArgv`, throwing the error.
   * @throws {ToolshapeError}
   */
  parseArgv(argv: readonly string[], options?: ParseOptions): Extract<CommandParseResult<M>, { success: true }> extends infer R
    ? R extends { command: infer C; data: infer D; rest: string[] } ? { command: C; data: D; rest: string[] } : never
    : never;
  /** The command list; with `topic` (`"deploy"`, or `"docker logs"` for an action), one command's usage. */
  usage(options?: UsageOptions): string;
  /**
   * Shell completion (see `CompiledTool.complete`): the command words (and `help`) first, then the chosen tool's own.
   * @throws {ToolshapeError} `INVALID_ARGS` when `words` is not an array of strings.
   */
  complete(words: readonly string[]): CompletionCandidate[];
  /** Releases the wasm memory now. Further calls throw `FREED`. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * One command line for several tools, keyed by command word.
 * @throws {ToolshapeError} `INVALID_OPTION` for no tools, a value that is not a CompiledTool,
 * or a command word that cannot be typed (empty, starting with `-`, spaces).
 * @example
 * import { compile } from "toolshape";
 * import { compileCommands } from "toolshape/cli";
 * const ops = compileCommands({ deploy: compile({ type: "object", properties: { service: { type: "string" } } }) }, { name: "ops" });
 * console.log(ops.usage()); // Usage: ops <command> [options] ...
 */
export declare function compileCommands<M extends Record<string, CompiledTool<any>>>(tools: M, options?: CommandsOptions): Commands<M>;

/**
 * `tool.repair(args)` for a tool or a schema (compiled and freed for the call).
 * @example
 * import { z } from "zod";
 * import { repair } from "toolshape/mcp";
 * repair(z.object({ n: z.number() }), { n: "5" }).value; // { n: 5 }
 */
export declare function repair<S extends SchemaInput | CompiledTool<any>>(
  schemaOrTool: S,
  args: unknown,
  options?: RepairOptions,
): RepairResult<S extends CompiledTool<infer T> ? T : InputOf<S>>;

/**
 * Lints any JSON Schema (or Zod schema) against one client's profile, or
 * every client's with `"all"` (the default): what each would change and refuse.
 * @example
 * import { check } from "toolshape/mcp";
 * const schema = { type: "object", properties: { "naïve": { type: "string" } } };
 * check(schema, "anthropic").errors[0].code; // "PROPERTY_KEY_REFUSED"
 * check(schema).filter((c) => !c.ok).map((c) => c.client); // ["portable", "anthropic", "claude-code", "gemini"]
 */
export declare function check(schema: SchemaInput, client: ClientName): ClientCheck;
export declare function check(schema: SchemaInput, client?: "all"): ClientCheck[];

/**
 * Wraps an MCP tool handler: arguments are repaired, validated by the schema's
 * Standard Schema validator (Zod's), and handed over validated and typed; a
 * failure becomes `{ isError: true, content: [{ type: "text", text }] }` naming each path.
 * @example
 * import { z } from "zod";
 * import { withRepair } from "toolshape/mcp";
 * const handler = withRepair(z.object({ n: z.number() }), async (args) => ({ content: [{ type: "text", text: String(args.n * 2) }] }), {
 *   onRepair: (repairs) => console.error("client sent JSON text", repairs),
 * });
 * const result = await handler({ n: "21" }); // { content: [{ type: "text", text: "42" }] }
 */
export declare function withRepair<S extends ValidatingSchema | RawShape, R extends CallToolResult>(
  schema: S,
  handler: (args: OutputOf<S>, extra: any) => R | Promise<R>,
  options?: WithRepairOptions,
): (args: unknown, extra?: unknown) => Promise<R | ToolErrorResult>;

/**
 * The schema for a server that hands its schema to the MCP SDK rather than
 * answering tools/call itself, as with the SDK 2.x `McpServer.registerTool`,
 * which validates arguments before the handler runs: a Standard Schema
 * that repairs a value (objects, arrays, numbers and booleans a client sent
 * as JSON text, see `repair`) and then validates it with the schema given,
 * and whose JSON Schema is toolshape's complete inputSchema. The handler
 * gets the validated, typed arguments. For the SDK 1.x, whose `registerTool`
 * takes only Zod, use `withRepair` on a `Server`, or `createRegistry`.
 * @throws {ToolshapeError} `INVALID_SCHEMA` for a schema with no validator (plain JSON Schema);
 * `INVALID_OPTION` for an unknown option.
 * @example
 * import { z } from "zod";
 * import { repairing } from "toolshape/mcp";
 * const Search = repairing(z.object({ query: z.string(), filters: z.object({ owners: z.array(z.string()) }).optional() }));
 * const checked = await Search["~standard"].validate({ query: "api", filters: '{"owners":["ops"]}' });
 * // { value: { query: "api", filters: { owners: ["ops"] } } }
 * Search["~standard"].jsonSchema.input({ target: "draft-2020-12" }).properties; // { query: ..., filters: ... }
 * // With the SDK 2.x: server.registerTool("search", { inputSchema: Search }, async (args) => ...)
 */
export declare function repairing<S extends ValidatingSchema | RawShape>(
  schema: S,
  options?: RepairingOptions,
): RepairingSchema<S extends RawShape ? ShapeSchema<S> : S>;

/**
 * A Standard Schema with Standard JSON Schema that any framework takes: the
 * MCP SDK 2.x `registerTool`, FastMCP, the AI SDK's `tool()`, tRPC. Its
 * `validate` repairs first (an object or array sent as JSON text, `"42"`
 * where a number is wanted, the whole arguments as one string), then gives
 * the given schema's own verdict, its issues with toolshape's readable
 * messages (what a union expected); `jsonSchema.input({ target })` is the
 * complete schema toolshape writes for `options.client` (default `portable`,
 * which every client takes), in `draft-2020-12` or `draft-07`; any other
 * target throws. Its types are the given schema's.
 * @throws {ToolshapeError} `INVALID_SCHEMA` for a schema with no validator (plain JSON Schema);
 * `INVALID_OPTION` for an unknown option or client.
 * @example
 * import { z } from "zod";
 * import { toStandardSchema } from "toolshape";
 * const Search = toStandardSchema(z.object({ query: z.string(), limit: z.number().default(10) }));
 * const checked = await Search["~standard"].validate({ query: "api", limit: "5" }); // { value: { query: "api", limit: 5 } }
 * const listed = Search["~standard"].jsonSchema.input({ target: "draft-07" }); // { type: "object", properties: { ... } }
 * // With the SDK 2.x: server.registerTool("search", { inputSchema: Search }, async (args) => ...)
 */
export declare function toStandardSchema<S extends ValidatingSchema | RawShape>(
  schema: S,
  options?: ToStandardSchemaOptions,
): RepairingSchema<S extends RawShape ? ShapeSchema<S> : S>;

/** The Standard Schema value a raw shape stands for (its validator and its types). */
type ShapeSchema<S> = {
  readonly "~standard": {
    validate(value: unknown):
      | ShapeResult<ShapeOf<S, "output">>
      | Promise<ShapeResult<ShapeOf<S, "output">>>;
    readonly types?: { readonly input: ShapeOf<S, "input">; readonly output: ShapeOf<S, "output"> };
  };
};

/** What a raw shape's validator answers. */
type ShapeResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }> };

/** A schema input of a definition: a Zod (or other Standard Schema) value, or JSON Schema. */
type DefinitionInput = SchemaInput | ValidatingSchema | { readonly "~standard": { validate(value: unknown): unknown } };

/** Spells an intersection out as one object type, so that editors show its keys. */
type Spelled<T> = { [P in keyof T]: T[P] };

/**
 * What an action's handler gets: the group's `common` arguments and the
 * action's own, each after validation, without the discriminator.
 */
export type ActionArgs<S, C = undefined> = [C] extends [undefined] ? OutputOf<S> : Spelled<OutputOf<C> & OutputOf<S>>;

/**
 * One action of `defineGroup`: `S` its input, `C` the group's `common`, `K`
 * its name as `ctx.action` gives it (`"create"`, or `"users.create"` in a
 * group of groups).
 */
export interface ActionSpec<S = DefinitionInput, C = undefined, K extends string = string> {
  description?: string;
  /** The action's own parameters (Zod, Standard Schema, or JSON Schema). */
  input?: S;
  /** JSON Schema of `input`, when `input` is a validator that cannot give one (Zod 3, Valibot, ArkType). */
  jsonSchema?: JsonSchema;
  /** Gets the validated arguments, typed from `input` and the group's `common`. */
  handler: (args: ActionArgs<S, C>, ctx: HandlerContext & { action: K }) => unknown;
  use?: Middleware[];
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
  /**
   * Still served and run, but marked: its branch and flat schema carry `deprecated: true`, its help
   * entry says so, and the command line lists it with `[deprecated]` and does not complete it. A
   * string marks it and says what to use instead (`"use list"`): in help, usage and `runCli`'s warning,
   * not in the schemas (JSON Schema's keyword is a boolean).
   */
  deprecated?: boolean | string;
}

/**
 * What a tool's handler returns: anything without an `output`; with one, the
 * object its validator takes (defaults may be left out) or a CallToolResult
 * whose `structuredContent` is that object.
 */
export type ToolResultOf<O> = [O] extends [undefined]
  ? unknown
  : InputOf<O> | CallToolResult | PromiseLike<InputOf<O> | CallToolResult>;

/** `defineTool`'s argument. */
export interface ToolSpec<S = DefinitionInput, O = undefined> {
  name: string;
  title?: string;
  description?: string;
  input?: S;
  jsonSchema?: JsonSchema;
  /**
   * The result's schema, listed as MCP's `outputSchema` (an object schema):
   * a result is checked by its validator and answered as `structuredContent`.
   */
  output?: O;
  /** `output`'s JSON Schema, when `output` is a validator that cannot give one (Zod 3, Valibot). */
  outputJsonSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** MCP's Tool.icons, listed as given. */
  icons?: ToolIcon[];
  /** Listed on the tool as given (MCP Apps read the tool's interface from `_meta.ui.resourceUri`). */
  _meta?: Record<string, unknown>;
  tags?: string[];
  use?: Middleware[];
  /**
   * A key the input does not take: `"reject"` (the default) answers an error
   * naming it, which a model can fix and learn from; `"strip"` drops it, as
   * the SDK's own `registerTool` does.
   */
  unknownKeys?: "reject" | "strip";
  /** The tool's own command-line options (`envPrefix`, `flags`, ...), over a registry's. */
  cli?: CliOptions;
  handler: (args: OutputOf<S>, ctx: HandlerContext & { action: undefined }) => ToolResultOf<O>;
}

/**
 * `defineGroup`'s argument: `actions` or `groups`, never both. `A` maps each
 * action to its input, `C` is `common`'s schema, `G` maps each group of
 * `groups` to its actions' inputs; all three are inferred, so that each
 * handler's arguments are typed from its own input.
 */
export interface GroupSpec<A = Record<string, DefinitionInput>, C = undefined, G = Record<string, Record<string, DefinitionInput>>> {
  name: string;
  title?: string;
  description?: string;
  /** Default `action`. */
  discriminator?: string;
  /** Parameters every action takes, before its own (Zod, Standard Schema, or JSON Schema). */
  common?: C;
  commonJsonSchema?: JsonSchema;
  use?: Middleware[];
  /** Adds a `help` action (optional `topic`) answering markdown help. */
  help?: boolean;
  descriptionFormat?: "text" | "toon";
  annotations?: ToolAnnotations;
  /** Listed on the grouped tool, and on each tool of the flat projection. */
  icons?: ToolIcon[];
  /** Listed on the grouped tool, and on each tool of the flat projection. */
  _meta?: Record<string, unknown>;
  /**
   * Hears the keys of other actions a call carried with `null`, `""` or
   * that key's own default (what models echo from the schema they were
   * shown): they are dropped, and the result's last text says so. A key of
   * another action with any other value is still an error.
   */
  /** The group's own command-line options (`envPrefix`, `flags`, ...), over a registry's. */
  cli?: CliOptions;
  onDropped?: (dropped: Array<{ key: string; value: unknown; owners: string[] }>, ctx: { tool: string; action: string; extra: unknown }) => void;
  tags?: string[];
  actions?: { [K in keyof A]: ActionSpec<A[K], C, K & string> };
  groups?: {
    [N in keyof G]: {
      description?: string;
      use?: Middleware[];
      actions: { [K in keyof G[N]]: ActionSpec<G[N][K], C, `${N & string}.${K & string}`> };
    };
  };
}

/**
 * One tool with its handler: MCP definition per client, a call path
 * (repair, validation by the input's Standard Schema, middleware, the
 * handler, its result as a CallToolResult) and a command line. Frozen.
 * With `output`, the definition lists it as `outputSchema` and every result
 * is checked by its validator and answered as `structuredContent`.
 * @throws {ToolshapeError} `INVALID_DEFINITION` naming the tool.
 * @example
 * import { z } from "zod";
 * import { defineTool } from "toolshape";
 * const deploy = defineTool({ name: "deploy", description: "Deploy a service", input: z.object({ service: z.string() }), handler: async (args) => ({ deployed: args.service }) });
 * const result = await deploy.call({ service: "api" }); // { content: [{ type: "text", text: '{\n  "deployed": "api"\n}' }], structuredContent: { deployed: "api" } }
 */
export declare function defineTool<S extends DefinitionInput, O extends DefinitionInput | undefined = undefined>(spec: ToolSpec<S, O>): ToolDefinition;

/**
 * Many actions behind one MCP tool, routed by a discriminator (`action`):
 * merged fields with notes, a generated description, aggregated hints, the
 * flat projection, middleware (tool, then group, then action), a command
 * line with the keys as words. Frozen.
 * @throws {ToolshapeError} `INVALID_DEFINITION` naming tool and action; `FIELD_CONFLICT` with every conflict.
 * @example
 * import { z } from "zod";
 * import { defineGroup } from "toolshape";
 * const users = defineGroup({ name: "users", actions: {
 *   list: { description: "List users", input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: async () => [] },
 *   ban: { input: z.object({ id: z.string() }), destructive: true, handler: async (args) => `banned ${args.id}` },
 * } });
 * users.definition().annotations; // { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
 * const result = await users.call({ action: "ban", id: "u1" }); // { content: [{ type: "text", text: "banned u1" }] }
 */
export declare function defineGroup<A = {}, C extends DefinitionInput | undefined = undefined, G = {}>(spec: GroupSpec<A, C, G>): GroupDefinition;

/**
 * Definitions served together: `list` (tools/list, by tags), `call` (by
 * name, with a suggestion for an unknown one), `attach` to the MCP SDK's
 * server, 1.x or 2.x (`client: "auto"` picks the profile from the client's name), and
 * `runCli` (`ops deploy --service api`).
 * @example
 * import { z } from "zod";
 * import { createRegistry, defineTool } from "toolshape";
 * const deploy = defineTool({ name: "deploy", input: z.object({ service: z.string() }), tags: ["ops"], handler: async () => "ok" });
 * const registry = createRegistry([deploy]);
 * registry.list({ tags: ["ops"] }).map((t) => t.name); // ["deploy"]
 * const result = await registry.call("deploi", {}); // isError: '[registry] Unknown tool "deploi". Did you mean "deploy"? ...'
 */
export declare function createRegistry(definitions: readonly (ToolDefinition | GroupDefinition)[], options?: RegistryOptions): Registry;

/**
 * Flat tool names for structured identifiers, valid for one client (its
 * characters and length, counting the prefix it adds) and distinct; a name
 * already valid and distinct stays `toolbox__server__tool`, others are
 * shortened with a hash of the whole identifier. The same set in any order
 * gives the same names.
 * @throws {ToolshapeError} `INVALID_IDENTIFIER` naming the item and field (an identifier given twice too);
 * `INVALID_OPTION` for an unknown client or a server name that leaves no room.
 * @example
 * import { createNameTable } from "toolshape/names";
 * const table = createNameTable([{ toolbox: "dev", server: "fs", tool: "read.file" }], { client: "openai", server: "workbench" });
 * const name = table.name({ toolbox: "dev", server: "fs", tool: "read.file" }); // "dev__fs__read_file": OpenAI takes no dots
 * table.resolve(name); // { toolbox: "dev", server: "fs", tool: "read.file" }
 */
export declare function createNameTable(ids: readonly ToolIdentifier[], options?: NameTableOptions): NameTable;

/**
 * Lets a server that sets its own tools/call handler (a proxy over the MCP
 * SDK's `Server`) receive `arguments` sent as one JSON string, which some
 * clients send and the SDK refuses before any handler runs. Call it before
 * `connect`: it watches the transports the server connects to, hands the
 * SDK `{}` for such a call and keeps the text. The returned function gives
 * a call's arguments, the text as sent or else the object, for `repair`
 * (which reads text holding an object as that object). `registry.attach`
 * does this itself. Works with the SDK 1.x (`@modelcontextprotocol/sdk`,
 * pass the handler's `extra`) and 2.x (`@modelcontextprotocol/server`,
 * pass its `ctx`).
 * @throws {ToolshapeError} `INVALID_OPTION` for anything but an `McpServer` or `Server`.
 * @example
 * // SDK 2.x: server.setRequestHandler("tools/call", async (request, ctx) => ... argumentsOf(request, ctx) ...)
 * import { Server } from "@modelcontextprotocol/sdk/server/index.js";
 * import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
 * import { compile } from "toolshape";
 * import { acceptTextArguments } from "toolshape/mcp";
 * const tool = compile({ type: "object", properties: { service: { type: "string" } } });
 * const server = new Server({ name: "proxy", version: "1.0.0" }, { capabilities: { tools: {} } });
 * const argumentsOf = acceptTextArguments(server);
 * server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
 *   const args = argumentsOf(request, extra); // '{"service":"api"}' as sent, or { service: "api" }
 *   return { content: [{ type: "text", text: JSON.stringify(tool.repair(args).value) }] };
 * });
 */
export declare function acceptTextArguments(server: object): (request: { params?: { arguments?: unknown } }, extra?: { requestId?: string | number } | { mcpReq?: { id?: string | number } }) => unknown;

/**
 * The client profile for the `clientInfo.name` an MCP client sends in
 * `initialize` (the README's table; compared in lower case, spaces and `_`
 * as `-`), `"portable"` for a name not in it. `registry.attach` with
 * `client: "auto"` uses it; a proxy serving its own tools/list does too.
 * @example
 * import { clientProfile } from "toolshape/mcp";
 * clientProfile("claude-code"); // "claude-code"
 * clientProfile("Visual Studio Code"); // "vscode"
 * clientProfile(undefined); // "portable"
 */
export declare function clientProfile(clientInfoName: string | undefined): ClientName;

/**
 * The script that gives a command line completion in bash, zsh or fish. The zsh and fish scripts send
 * the words typed to `<program> --toolshape-complete <shell> <words...>`, the bash script its word
 * break characters and the line up to the cursor (`<program> --toolshape-complete bash <breaks> <line>`),
 * which a definition's or a registry's `runCli` answers (a candidate a line; with none the shell
 * offers file names), so `program` must
 * be the name the command is typed by, on the PATH. A registry's `runCli` also answers
 * `<name> completion <shell>` with this script (its `name` option as the program).
 * @throws {ToolshapeError} `INVALID_OPTION` for a shell other than `"bash"`, `"zsh"`, `"fish"`, or a
 * program name that is not a command word (letters, digits, `_`, `.`, `+`, `-`; at most 64).
 * @example
 * import { completionScript } from "toolshape/cli";
 * const script = completionScript("ops", "bash"); // source it from ~/.bashrc
 * console.log(script.includes("complete -o default -F _toolshape_complete_ops ops")); // true
 */
export declare function completionScript(program: string, shell: "bash" | "zsh" | "fish"): string;

/**
 * Reads a tool identifier strictly: an object of exactly `toolbox`, `server`
 * and `tool`, each a non-empty string. Returns a frozen copy.
 * @throws {ToolshapeError} `INVALID_IDENTIFIER` naming the field: `Invalid tool identifier: toolbox cannot be empty`.
 * @example
 * import { parseToolIdentifier } from "toolshape/names";
 * parseToolIdentifier({ toolbox: "dev", server: "fs", tool: "read_file" }); // { toolbox: "dev", server: "fs", tool: "read_file" }
 */
export declare function parseToolIdentifier(value: unknown): ToolIdentifier;

/**
 * The JSON Schema of a tool identifier (strict, every part `minLength: 1`),
 * for a meta-tool's inputSchema. It accepts what `parseToolIdentifier` does.
 * @example
 * import { toolIdentifierSchema } from "toolshape/names";
 * const useTool = { type: "object", properties: { tool: toolIdentifierSchema, arguments: { type: "object" } }, required: ["tool"] };
 */
export declare const toolIdentifierSchema: {
  readonly type: "object";
  readonly properties: { readonly [part in "toolbox" | "server" | "tool"]: { readonly type: "string"; readonly minLength: 1; readonly maxLength: number; readonly description: string } };
  readonly required: readonly ["toolbox", "server", "tool"];
  readonly additionalProperties: false;
};

/**
 * Help entries for the actions of an action union (Zod's discriminatedUnion,
 * union, nested unions, or `{ type: "object", oneOf }`), read from JSON Schema.
 * @throws {ToolshapeError} `NOT_ACTION_UNION`, `NO_DISCRIMINATOR`.
 * @example
 * import { z } from "zod";
 * import { actionHelp } from "toolshape/cli";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") }), z.object({ action: z.literal("logs"), id: z.string() })]);
 * actionHelp(Actions, { topic: "logs" }); // [{ discriminator: "logs", description: "", parameters: [{ name: "id", ... }] }]
 */
export declare function actionHelp(schema: SchemaInput, options?: ActionHelpOptions): ActionHelpEntry[];

/**
 * Entries as markdown: `## action`, description, `**Parameters:**`, one line
 * per parameter, sections joined by `---`.
 * @example
 * import { z } from "zod";
 * import { actionHelp, formatActionHelpMarkdown } from "toolshape/cli";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") })]);
 * const text = formatActionHelpMarkdown(actionHelp(Actions)); // "## list\n\n"
 */
export declare function formatActionHelpMarkdown(entries: ActionHelpEntry[]): string;

/**
 * Entries as JSON text (two-space indent) with the key `action` for the discriminator.
 * @example
 * import { z } from "zod";
 * import { actionHelp, formatActionHelpJson } from "toolshape/cli";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") })]);
 * formatActionHelpJson(actionHelp(Actions)); // '[\n  {\n    "action": "list", ...'
 */
export declare function formatActionHelpJson(entries: ActionHelpEntry[]): string;

/** @deprecated Renamed `actionHelp` (import it from `toolshape/cli`); this name goes in the next release. */
export declare const help: typeof actionHelp;
/** @deprecated Renamed `formatActionHelpMarkdown` (from `toolshape/cli`); this name goes in the next release. */
export declare const formatHelpMarkdown: typeof formatActionHelpMarkdown;
/** @deprecated Renamed `formatActionHelpJson` (from `toolshape/cli`); this name goes in the next release. */
export declare const formatHelpJson: typeof formatActionHelpJson;
/** @deprecated Renamed `CompiledTool` (the MCP SDK has a `Tool` type of its own); this name goes in the next release. */
export declare const Tool: typeof CompiledTool;
/** @deprecated Renamed `CompiledTool`; this name goes in the next release. */
export type Tool<T = Args> = CompiledTool<T>;

/** The instance type of a global class when the program's lib declares it (DOM, Node), else `never`. */
type GlobalInstance<K extends string> = typeof globalThis extends { [P in K]: { prototype: infer I } } ? I : never;
/** `WebAssembly.Module` when the lib declares it, else `never`. */
type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer M } } } ? M : never;

/** Where the wasm comes from: a URL (or its string), a Request, a Response, the bytes, or a compiled module. */
export type InitSource = string | GlobalInstance<"URL"> | GlobalInstance<"Request"> | GlobalInstance<"Response"> | ArrayBuffer | ArrayBufferView | WasmModule;

/** What `init` takes: wasm-bindgen's own `{ module_or_path }`, or the source alone, or a promise of it. */
export type InitInput = InitSource | Promise<InitSource> | { module_or_path: InitSource | Promise<InitSource> };

/**
 * Loads the wasm module. A no-op in Node (the module loads synchronously);
 * in browsers, await it once before anything else. It takes what
 * wasm-bindgen's own init takes; without input, `toolshape_bg.wasm` beside
 * the web entry. A failed load can be retried, with another input.
 * @example
 * import { init } from "toolshape";
 * await init();
 * await init({ module_or_path: new URL("./toolshape_bg.wasm", import.meta.url) }); // loads once: a second call waits on the first
 */
export declare function init(input?: InitInput): Promise<void>;
