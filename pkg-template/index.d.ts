// Types for toolshape. Each shape here mirrors a Rust type that crosses the
// boundary as JSON (named beside it); js-tests/types.test.mjs checks that the
// runtime objects carry exactly these keys.

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

/** Every form `compile` accepts: a JSON Schema object, its JSON text, or a Standard JSON Schema value. */
export type SchemaInput = JsonSchema | string | StandardJsonSchemaLike;

/** Arguments of a tool whose schema says nothing of its types (plain JSON Schema). */
export type Args = Record<string, unknown>;

type Inferred<S, K extends "input" | "output"> = S extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly [P in K]: infer V }
    ? unknown extends V
      ? Args
      : V
    : Args
  : Args;

/** The arguments a schema accepts before validation: Standard Schema's inferred input type, else `Args`. */
export type InputOf<S> = Inferred<S, "input">;

/** The arguments after validation: Standard Schema's inferred output type, else `Args`. */
export type OutputOf<S> = Inferred<S, "output">;

/** Per-flag overrides (Rust: `FlagOverride`). Also readable from `.meta({ cli: {...} })`. */
export interface FlagOverride {
  /** One-character alias, typed as `-t`. */
  short?: string | undefined;
  /** Replaces the schema's description in usage text. */
  description?: string | undefined;
  /** Left out of usage text; still parsed. */
  hidden?: boolean | undefined;
  /** Environment variable read when the flag is absent. */
  env?: string | undefined;
  /** Flag name to use instead of the generated one. */
  name?: string | undefined;
}

/** Options of `compile` (Rust: `CompileOptions`). Unknown keys are an `INVALID_OPTION` error. */
export interface CompileOptions {
  /** Command name used in usage text. Default `"tool"`. */
  name?: string | undefined;
  /** Joins nested keys into flag names. Default `"-"`. */
  separator?: string | undefined;
  /** `"kebab"` (default): `maxRetries` gives `--max-retries`; `"preserve"` keeps keys as written. */
  case?: "kebab" | "preserve" | undefined;
  /** Object levels flattened into flags; a deeper object is one JSON flag. Default 3. */
  maxDepth?: number | undefined;
  /** `false`: every object-valued property is one JSON flag. Default `true`. */
  flatten?: boolean | undefined;
  /** Overrides by generated flag name, e.g. `{ "config-timeout": { short: "t" } }`. Explicit options win over `cli` meta. */
  flags?: Record<string, FlagOverride> | undefined;
  /** `"APP"`: `--config-timeout` falls back to `APP_CONFIG_TIMEOUT`. */
  envPrefix?: string | undefined;
}

/** A flag's value type (Rust: `FlagType`). */
export type FlagType = "string" | "number" | "integer" | "boolean" | "enum" | "json";

/** One entry of the flag table (Rust: `Flag`). Optional keys are absent, never `undefined` or `false`. */
export interface FlagEntry {
  /** Flag name without dashes: `config-timeout`. */
  name: string;
  /** Key path in the nested arguments: `["config", "timeout"]`. */
  path: string[];
  type: FlagType;
  /** Must be given: the key and every parent object are required and have no default. */
  required: boolean;
  /** The key's default, or the value from a parent's default object. */
  default?: unknown;
  description?: string;
  short?: string;
  /** Accepted values of an enum flag. */
  choices?: Array<string | number | boolean>;
  /** An array of scalars: `--tag a --tag b`. */
  repeatable?: true;
  /** A boolean that also takes `--no-name`. */
  negatable?: true;
  /** The value is JSON text (objects, tuples, unions, records, recursion). */
  json?: true;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** The literal `null` is accepted. */
  nullable?: true;
  /** Left out of usage text. */
  hidden?: true;
}

/** What one issue of an `INVALID_ARGS` error is about (Rust: `IssueCode`). */
export type IssueCode =
  | "unknown_flag"
  | "missing_value"
  | "invalid_value"
  | "missing_required"
  | "unexpected_value"
  | "too_many_issues"
  | "missing_action"
  | "unknown_action";

/** One problem inside an `INVALID_ARGS` error (Rust: `Issue`). */
export interface Issue {
  code: IssueCode;
  /** Key path in the nested arguments; empty when the problem has none. */
  path: string[];
  /** The flag as typed, with its dashes. */
  flag?: string;
  message: string;
}

/** Every `ToolshapeError` code (Rust: `Code`, and the JS layer's own). Stable: codes are only ever added. */
export type ErrorCode =
  | "INVALID_JSON"
  | "INVALID_SCHEMA"
  | "INVALID_ROOT"
  | "DANGLING_REF"
  | "REF_CYCLE"
  | "TOO_DEEP"
  | "TOO_LARGE"
  | "INVALID_OPTION"
  | "FLAG_COLLISION"
  | "INVALID_FLAG_NAME"
  | "INVALID_ARGS"
  | "UNREPRESENTABLE"
  | "NOT_ACTION_UNION"
  | "NO_DISCRIMINATOR"
  | "INVALID_ENTRIES"
  | "HELP_REQUESTED"
  | "FREED"
  | "NOT_INITIALIZED"
  | "INTERNAL";

/** Where an error is, where that applies. */
export interface ErrorDetails {
  /** Key path into the arguments. */
  path?: string[] | undefined;
  /** JSON pointer into the schema (without the leading `#`). */
  pointer?: string | undefined;
  /** The flag concerned, with its dashes. */
  flag?: string | undefined;
  /** Every problem found, for `INVALID_ARGS`. */
  issues?: Issue[] | undefined;
}

/**
 * Every error toolshape throws. `code` is stable; `HELP_REQUESTED` means argv
 * held `--help`/`-h` and the message is the usage text to print.
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
}

/** A client profile name. */
export type ClientName = "mcp";

export interface InputSchemaOptions {
  /** The client the schema is for. Default `"mcp"`. */
  client?: ClientName | undefined;
  /**
   * For an action union: `"flat"` (one object, the action an enum) or
   * `"oneOf"` (`{ type: "object", oneOf: [...] }`). The profile decides when
   * absent; `mcp` flattens, since most clients refuse a root `oneOf`.
   */
  actionsAs?: "flat" | "oneOf" | undefined;
}

/** A JSON Schema object. */
export interface JsonSchemaObject {
  [key: string]: unknown;
}

/** An MCP `inputSchema`: assignable to the MCP SDK's `Tool["inputSchema"]`. */
export interface InputSchema {
  type: "object";
  properties?: { [key: string]: JsonSchemaObject };
  required?: string[];
  [key: string]: unknown;
}

export interface ParseOptions {
  /** Environment variables for flags with `env` (e.g. `process.env`). */
  env?: Record<string, string | undefined> | undefined;
}

export type SafeParseResult<T = Args> =
  | { success: true; data: T; rest: string[] }
  | { success: false; error: ToolshapeError };

export interface UsageOptions {
  /** `"text"` (default) or `"markdown"`. */
  format?: "text" | "markdown" | undefined;
  /** Columns for text output. Default 80. */
  width?: number | undefined;
  /** For an action union: one action's flags (`"logs"`, `"zfs:pools"`); without it, the list of actions. */
  topic?: string | undefined;
}

/** One change made by `repair` (Rust: `repair::Change`). */
export interface Repair {
  /** Keys and array indexes from the arguments' root; `[]` for the whole arguments string. */
  path: Array<string | number>;
  /** The text that was there. */
  from: string;
  /** The value that replaced it (before repairs inside it, which are listed after it). */
  to: unknown;
}

/** What `repair` returns (Rust: `repair::Repaired`). */
export interface RepairResult<T = Args> {
  /** The repaired arguments (not yet validated); the very object given when nothing needed repair. */
  value: T;
  /** Each change, outermost first; empty when nothing changed. */
  repairs: Repair[];
}

/** MCP content blocks, as the spec defines them (assignable to the SDK's `ContentBlock`). */
export type ContentBlock =
  | { type: "text"; text: string; [key: string]: unknown }
  | { type: "image"; data: string; mimeType: string; [key: string]: unknown }
  | { type: "audio"; data: string; mimeType: string; [key: string]: unknown }
  | { type: "resource_link"; uri: string; name: string; [key: string]: unknown }
  | {
      type: "resource";
      resource: { uri: string; text: string; mimeType?: string } | { uri: string; blob: string; mimeType?: string };
      [key: string]: unknown;
    };

/** The result an MCP tool handler returns (assignable to the SDK's `CallToolResult`). */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

/** What `withRepair` answers when repair or validation fails. */
export interface ToolErrorResult {
  isError: true;
  content: [{ type: "text"; text: string }];
  [key: string]: unknown;
}

export interface WithRepairOptions {
  /** Called with the repairs whenever a call needed any, e.g. to log what clients sent. */
  onRepair?: ((repairs: Repair[], extra: unknown) => void) | undefined;
}

declare global {
  // `Symbol.dispose` without `lib: ["esnext.disposable"]` (as @types/node declares it).
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/**
 * A compiled tool; `T` is the arguments' type, inferred from a Zod (or other
 * Standard Schema) input. Lives in wasm memory: call `free()` (or use
 * `using`) when done; a forgotten Tool is freed by a FinalizationRegistry.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * const tool = compile(z.object({ dryRun: z.boolean().optional() }));
 * const args = tool.parseArgv(["--dry-run"]); // { dryRun: true }, typed { dryRun?: boolean }
 * tool.free();
 */
export declare class Tool<T = Args> {
  private constructor();
  /**
   * The inputSchema for a client: a plain object, root `type: "object"`,
   * nested objects complete, finite `$ref`s inlined, defaulted keys not required.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
   * const listed = { name: "search", description: "Search", inputSchema: tool.inputSchema() }; // for tools/list
   */
  inputSchema(options?: InputSchemaOptions): InputSchema;
  /** The flag table, one entry per flag, in schema order. For an action union each entry lists its `actions`. */
  flags(): Array<FlagEntry & { actions?: string[] }>;
  /**
   * Help entries, for a tool compiled from an action union.
   * @example
   * import { z } from "zod";
   * import { compile } from "toolshape";
   * const tool = compile(z.discriminatedUnion("action", [z.object({ action: z.literal("logs"), id: z.string() })]));
   * tool.help({ topic: "logs" }); // [{ discriminator: "logs", description: "", parameters: [...] }]
   */
  help(options?: HelpOptions): HelpEntry[];
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
   * Like `parseArgv`, but returns the result; `rest` holds positionals and everything after `--`.
   * `--help` or `-h` gives an error with code `HELP_REQUESTED` whose message is the usage text.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { name: { type: "string" } } });
   * const r = tool.safeParseArgv(["--name", "x"], { env: process.env });
   * if (!r.success) console.error(r.error.message);
   */
  safeParseArgv(argv: readonly string[], options?: ParseOptions): SafeParseResult<T>;
  /**
   * Flat values by flag name to nested arguments, with the same coercion as `parseArgv`.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
   * tool.reconstruct({ "config-timeout": "30" }); // { config: { timeout: 30 } }
   */
  reconstruct(flat: Record<string, unknown>, options?: ParseOptions): T;
  /**
   * Nested arguments to argv that `parseArgv` turns back into the same arguments.
   * @throws {ToolshapeError} `UNREPRESENTABLE` for values no argv expresses (an empty
   * array for a repeatable flag, an empty object for an optional group, the string
   * `"null"` for a nullable string flag).
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { config: { type: "object", properties: { timeout: { type: "number" } } } } });
   * tool.toArgv({ config: { timeout: 30 } }); // ["--config-timeout", "30"]
   */
  toArgv(args: T): string[];
  /**
   * Turns arguments an MCP client sent as JSON text back into what the schema
   * wants, before validation: only strings where the schema takes no string,
   * only into values that fit there. Arguments with nothing to repair return at
   * once, without crossing into wasm.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { count: { type: "number" }, plan: { type: "object", properties: {} } } });
   * tool.repair({ count: "3", plan: '{"module":"offers"}' });
   * // { value: { count: 3, plan: { module: "offers" } }, repairs: [{ path: ["count"], from: "3", to: 3 }, ...] }
   */
  repair(args: unknown): RepairResult<T>;
  /**
   * `--help` text, nested flags grouped under their parent's description.
   * @example
   * import { compile } from "toolshape";
   * const tool = compile({ type: "object", properties: { name: { type: "string", description: "Who" } } }, { name: "greet" });
   * console.log(tool.usage({ width: process.stdout.columns || 80 }));
   */
  usage(options?: UsageOptions): string;
  /** Releases the wasm memory now. Further calls throw `FREED`. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Compiles a tool's input schema once; every later call only walks prepared
 * tables. Given a Zod (>= 4.2) or other Standard Schema value, the Tool's
 * arguments are typed from it; given JSON Schema, they are `Args`.
 * @throws {ToolshapeError} on a bad schema or option.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * const tool = compile(z.object({ config: z.object({ timeout: z.number() }) }));
 * const args = tool.parseArgv(["--config-timeout", "30"]); // { config: { timeout: 30 } }
 * const timeout: number = args.config.timeout;
 */
export declare function compile<S extends SchemaInput>(schema: S, options?: CompileOptions): Tool<InputOf<S>>;

/**
 * `tool.repair(args)` for a tool or a schema (compiled and freed for the call).
 * @example
 * import { z } from "zod";
 * import { repair } from "toolshape";
 * repair(z.object({ n: z.number() }), { n: "5" }).value; // { n: 5 }
 */
export declare function repair<S extends SchemaInput | Tool<any>>(
  schemaOrTool: S,
  args: unknown,
): RepairResult<S extends Tool<infer T> ? T : InputOf<S>>;

/**
 * Wraps an MCP tool handler: arguments are repaired, validated by the schema's
 * Standard Schema validator (Zod's), and handed over validated and typed; a
 * failure becomes `{ isError: true, content: [{ type: "text", text }] }` naming each path.
 * @example
 * import { z } from "zod";
 * import { withRepair } from "toolshape";
 * const handler = withRepair(z.object({ n: z.number() }), async (args) => ({ content: [{ type: "text", text: String(args.n * 2) }] }), {
 *   onRepair: (repairs) => console.error("client sent JSON text", repairs),
 * });
 * const result = await handler({ n: "21" }); // { content: [{ type: "text", text: "42" }] }
 */
export declare function withRepair<S extends ValidatingSchema, R extends CallToolResult>(
  schema: S,
  handler: (args: OutputOf<S>, extra: any) => R | Promise<R>,
  options?: WithRepairOptions,
): (args: unknown, extra?: unknown) => Promise<R | ToolErrorResult>;

/** One parameter of an action (Rust: `help::Param`). */
export interface HelpParameter {
  name: string;
  /** As TypeScript writes it: `string`, `integer`, `string[]`, `"a" | "b"`, `string | null`, `{ a: string }`. */
  type: string;
  description?: string;
  /** False when optional or defaulted, in either io mode. */
  required: boolean;
  default?: unknown;
}

/** One action of an action union (Rust: `help::HelpEntry`). */
export interface HelpEntry {
  /** The action's value: `logs`, or `zfs:pools` for action + subaction. */
  discriminator: string;
  description: string;
  /** Every parameter but the discriminator keys. */
  parameters: HelpParameter[];
}

export interface HelpOptions {
  /** Keep this action and every action under `topic:`. */
  topic?: string | undefined;
  /** The discriminator key, when it should not be found by itself (`action` is preferred). */
  discriminator?: string | undefined;
  /** Refuse a branch without the discriminator instead of skipping it. */
  strict?: boolean | undefined;
}

/**
 * Help entries for an action union (Zod's discriminatedUnion, union, nested
 * unions, or `{ type: "object", oneOf }`), read from JSON Schema.
 * @throws {ToolshapeError} `NOT_ACTION_UNION`, `NO_DISCRIMINATOR`.
 * @example
 * import { z } from "zod";
 * import { help } from "toolshape";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") }), z.object({ action: z.literal("logs"), id: z.string() })]);
 * help(Actions, { topic: "logs" }); // [{ discriminator: "logs", description: "", parameters: [{ name: "id", ... }] }]
 */
export declare function help(schema: SchemaInput, options?: HelpOptions): HelpEntry[];

/**
 * Entries as markdown: `## action`, description, `**Parameters:**`, one line
 * per parameter, sections joined by `---`.
 * @example
 * import { z } from "zod";
 * import { formatHelpMarkdown, help } from "toolshape";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") })]);
 * const text = formatHelpMarkdown(help(Actions)); // "## list\n\n"
 */
export declare function formatHelpMarkdown(entries: HelpEntry[]): string;

/**
 * Entries as JSON text (two-space indent) with the key `action` for the discriminator.
 * @example
 * import { z } from "zod";
 * import { formatHelpJson, help } from "toolshape";
 * const Actions = z.discriminatedUnion("action", [z.object({ action: z.literal("list") })]);
 * formatHelpJson(help(Actions)); // '[\n  {\n    "action": "list", ...'
 */
export declare function formatHelpJson(entries: HelpEntry[]): string;

/**
 * Loads the wasm module. A no-op in Node (the module loads synchronously);
 * in browsers, await it once before anything else.
 * @example
 * import { init } from "toolshape";
 * await init();
 */
export declare function init(input?: unknown): Promise<void>;
