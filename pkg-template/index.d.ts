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

/** Every form `compile` accepts: a JSON Schema object, its JSON text, or a Standard JSON Schema value. */
export type SchemaInput = JsonSchema | string | StandardJsonSchemaLike;

/** Per-flag overrides (Rust: `FlagOverride`). Also readable from `.meta({ cli: {...} })`. */
export interface FlagOverride {
  /** One-character alias, typed as `-t`. */
  short?: string;
  /** Replaces the schema's description in usage text. */
  description?: string;
  /** Left out of usage text; still parsed. */
  hidden?: boolean;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** Flag name to use instead of the generated one. */
  name?: string;
}

/** Options of `compile` (Rust: `CompileOptions`). Unknown keys are an `INVALID_OPTION` error. */
export interface CompileOptions {
  /** Command name used in usage text. Default `"tool"`. */
  name?: string;
  /** Joins nested keys into flag names. Default `"-"`. */
  separator?: string;
  /** `"kebab"` (default): `maxRetries` gives `--max-retries`; `"preserve"` keeps keys as written. */
  case?: "kebab" | "preserve";
  /** Object levels flattened into flags; a deeper object is one JSON flag. Default 3. */
  maxDepth?: number;
  /** `false`: every object-valued property is one JSON flag. Default `true`. */
  flatten?: boolean;
  /** Overrides by generated flag name, e.g. `{ "config-timeout": { short: "t" } }`. Explicit options win over `cli` meta. */
  flags?: Record<string, FlagOverride>;
  /** `"APP"`: `--config-timeout` falls back to `APP_CONFIG_TIMEOUT`. */
  envPrefix?: string;
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

/** One problem inside an `INVALID_ARGS` error (Rust: `Issue`). */
export interface Issue {
  /** `unknown_flag`, `missing_value`, `invalid_value`, `missing_required`, `unexpected_value`, `too_many_issues`. */
  code: string;
  /** Key path in the nested arguments; empty when the problem has none. */
  path: string[];
  /** The flag as typed, with its dashes. */
  flag?: string;
  message: string;
}

/**
 * Every error toolshape throws. `code` is stable:
 * `INVALID_JSON`, `INVALID_SCHEMA`, `INVALID_ROOT`, `DANGLING_REF`, `REF_CYCLE`,
 * `TOO_DEEP`, `TOO_LARGE`, `INVALID_OPTION`, `FLAG_COLLISION`, `INVALID_FLAG_NAME`,
 * `INVALID_ARGS`, `UNREPRESENTABLE`, `NOT_ACTION_UNION`, `NO_DISCRIMINATOR`, `INVALID_ENTRIES`,
 * `HELP_REQUESTED` (argv held `--help`/`-h`; the message is the usage text), and from
 * the JS layer `FREED`, `NOT_INITIALIZED`.
 *
 * @example
 * try { tool.parseArgv(["--config-timout", "5"]); }
 * catch (e) { if (e instanceof ToolshapeError) console.error(e.code, e.issues); }
 */
export declare class ToolshapeError extends Error {
  readonly name: "ToolshapeError";
  readonly code: string;
  /** Key path into the arguments, where one applies. */
  readonly path?: string[];
  /** JSON pointer into the schema, where one applies (without the leading `#`). */
  readonly pointer?: string;
  /** The flag concerned, with its dashes. */
  readonly flag?: string;
  /** Every problem found, for `INVALID_ARGS`. */
  readonly issues?: Issue[];
}

export interface InputSchemaOptions {
  /** Compatibility profile. Only `"mcp"` (the default) so far. */
  client?: "mcp";
  /**
   * For an action union: one object with the discriminator as an enum and every
   * action's fields beside it, for clients that refuse `oneOf` at the root
   * (Anthropic's API, Cursor). Default `false`: `{ type: "object", oneOf: [...] }`.
   */
  flattenActions?: boolean;
}

export interface ParseOptions {
  /** Environment variables for flags with `env` (e.g. `process.env`). */
  env?: Record<string, string | undefined>;
}

export type SafeParseResult<T = Record<string, unknown>> =
  | { success: true; data: T; rest: string[] }
  | { success: false; error: ToolshapeError };

export interface UsageOptions {
  /** `"text"` (default) or `"markdown"`. */
  format?: "text" | "markdown";
  /** Columns for text output. Default 80. */
  width?: number;
  /** For an action union: one action's flags (`"logs"`, `"zfs:pools"`); without it, the list of actions. */
  topic?: string;
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
export interface RepairResult<T = Record<string, unknown>> {
  /** The repaired arguments; the very object given when nothing needed repair. */
  value: T;
  /** Each change, outermost first; empty when nothing changed. */
  repairs: Repair[];
}

/** The result an MCP tool handler returns. */
export interface CallToolResultLike {
  content: Array<{ type: string; [key: string]: unknown }>;
  isError?: boolean;
  [key: string]: unknown;
}

export interface WithRepairOptions {
  /** Called with the repairs whenever a call needed any, e.g. to log what clients sent. */
  onRepair?: (repairs: Repair[], extra: unknown) => void;
}

/**
 * A compiled tool. Lives in wasm memory: call `free()` (or use `using`) when
 * done; a forgotten Tool is freed by a FinalizationRegistry.
 * @example
 * using tool = compile(inputSchema);
 * const args = tool.parseArgv(process.argv.slice(2));
 */
export declare class Tool {
  private constructor();
  /**
   * The MCP `inputSchema`: a plain object, root `type: "object"`, nested
   * objects complete, finite `$ref`s inlined, defaulted keys not required.
   * @example
   * server.registerTool("deploy", { inputSchema: tool.inputSchema() }, handler);
   */
  inputSchema(options?: InputSchemaOptions): Record<string, unknown>;
  /** The flag table, one entry per flag, in schema order. For an action union each entry lists its `actions`. */
  flags(): Array<FlagEntry & { actions?: string[] }>;
  /**
   * Help entries, for a tool compiled from an action union.
   * @example
   * tool.help({ topic: "logs" });
   */
  help(options?: HelpOptions): HelpEntry[];
  /**
   * argv (without node and script) to the nested arguments. For an action
   * union, argv starts with the action (`logs --id x`, `zfs pools`) and the
   * result carries the discriminator keys.
   * @throws {ToolshapeError} `INVALID_ARGS` with every issue at once.
   * @example
   * tool.parseArgv(["--config-timeout", "30"]); // { config: { timeout: 30 } }
   */
  parseArgv<T = Record<string, unknown>>(argv: readonly string[], options?: ParseOptions): T;
  /**
   * Like `parseArgv`, but returns the result; `rest` holds positionals and everything after `--`.
   * `--help` or `-h` gives an error with code `HELP_REQUESTED` whose message is the usage text.
   * @example
   * const r = tool.safeParseArgv(process.argv.slice(2), { env: process.env });
   * if (!r.success) { console.error(r.error.message); process.exit(1); }
   */
  safeParseArgv<T = Record<string, unknown>>(argv: readonly string[], options?: ParseOptions): SafeParseResult<T>;
  /**
   * Flat values by flag name to nested arguments, with the same coercion as `parseArgv`.
   * @example
   * tool.reconstruct({ "config-timeout": "30" }); // { config: { timeout: 30 } }
   */
  reconstruct<T = Record<string, unknown>>(flat: Record<string, unknown>, options?: ParseOptions): T;
  /**
   * Nested arguments to argv that `parseArgv` turns back into the same arguments.
   * @throws {ToolshapeError} `UNREPRESENTABLE` for values no argv expresses (an empty
   * array for a repeatable flag, an empty object for an optional group, the string
   * `"null"` for a nullable string flag).
   * @example
   * tool.toArgv({ config: { timeout: 30 } }); // ["--config-timeout", "30"]
   */
  toArgv(args: Record<string, unknown>): string[];
  /**
   * Turns arguments an MCP client sent as JSON text back into what the schema
   * wants, before validation: only strings where the schema takes no string,
   * only into values that fit there. Arguments with nothing to repair return at
   * once, without crossing into wasm.
   * @example
   * tool.repair({ count: "3", plan: '{"module":"offers"}' });
   * // { value: { count: 3, plan: { module: "offers" } }, repairs: [{ path: ["count"], from: "3", to: 3 }, ...] }
   */
  repair<T = Record<string, unknown>>(args: unknown): RepairResult<T>;
  /**
   * `--help` text, nested flags grouped under their parent's description.
   * @example
   * if (argv.includes("--help")) console.log(tool.usage({ width: process.stdout.columns }));
   */
  usage(options?: UsageOptions): string;
  /** Releases the wasm memory now. Further calls throw `FREED`. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Compiles a tool's input schema once; every later call only walks prepared tables.
 * @throws {ToolshapeError} on a bad schema or option.
 * @example
 * import { z } from "zod";
 * import { compile } from "toolshape";
 * const tool = compile(z.object({ config: z.object({ timeout: z.number() }) }));
 * tool.parseArgv(["--config-timeout", "30"]); // { config: { timeout: 30 } }
 */
export declare function compile(schema: SchemaInput, options?: CompileOptions): Tool;

/**
 * `tool.repair(args)` for a tool or a schema (compiled and freed for the call).
 * @example
 * repair(z.object({ n: z.number() }), { n: "5" }).value; // { n: 5 }
 */
export declare function repair<T = Record<string, unknown>>(schemaOrTool: SchemaInput | Tool, args: unknown): RepairResult<T>;

/**
 * Wraps an MCP tool handler: arguments are repaired, validated by the schema's
 * Standard Schema validator (Zod's), and handed over validated; a failure
 * becomes `{ isError: true, content: [{ type: "text", text }] }` naming each path.
 * @example
 * const handler = withRepair(inputSchema, async (args) => ({ content: [{ type: "text", text: run(args) }] }), {
 *   onRepair: (repairs) => console.error("client sent JSON text", repairs),
 * });
 */
export declare function withRepair<S extends StandardJsonSchemaLike & { readonly "~standard": { validate(value: unknown): unknown } }>(
  schema: S,
  handler: (args: any, extra: any) => CallToolResultLike | Promise<CallToolResultLike>,
  options?: WithRepairOptions,
): (args: unknown, extra?: unknown) => Promise<CallToolResultLike>;

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
  topic?: string;
  /** The discriminator key, when it should not be found by itself (`action` is preferred). */
  discriminator?: string;
  /** Refuse a branch without the discriminator instead of skipping it. */
  strict?: boolean;
}

/**
 * Help entries for an action union (Zod's discriminatedUnion, union, nested
 * unions, or `{ type: "object", oneOf }`), read from JSON Schema.
 * @throws {ToolshapeError} `NOT_ACTION_UNION`, `NO_DISCRIMINATOR`.
 * @example
 * help(ActionsSchema, { topic: "zfs" }); // [{ discriminator: "zfs:pools", ... }, ...]
 */
export declare function help(schema: SchemaInput, options?: HelpOptions): HelpEntry[];

/**
 * Entries as markdown: `## action`, description, `**Parameters:**`, one line
 * per parameter, sections joined by `---`.
 * @example
 * return { content: [{ type: "text", text: formatHelpMarkdown(help(ActionsSchema, { topic })) }] };
 */
export declare function formatHelpMarkdown(entries: HelpEntry[]): string;

/**
 * Entries as JSON text (two-space indent) with the key `action` for the discriminator.
 * @example
 * formatHelpJson(help(ActionsSchema)); // '[\n  {\n    "action": "list", ...'
 */
export declare function formatHelpJson(entries: HelpEntry[]): string;

/**
 * Loads the wasm module. A no-op in Node (the module loads synchronously);
 * in browsers, await it once before anything else.
 * @example
 * await init();
 */
export declare function init(input?: unknown): Promise<void>;
