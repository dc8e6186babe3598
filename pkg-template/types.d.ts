// The data shapes of toolshape's API, re-exported by index.d.ts. Each
// mirrors a Rust type that crosses the boundary as JSON (named beside it).

import type { ToolshapeError } from "./index.js";

/** Arguments of a tool whose schema says nothing of its types (plain JSON Schema). */
export type Args = Record<string, unknown>;

/** Per-flag overrides (Rust: `FlagOverride`). Also readable from `.meta({ cli: {...} })`. */
export interface FlagOverride {
  /** One-character alias, typed as `-t`. */
  short?: string | undefined;
  /** Replaces the schema's description in usage text. */
  description?: string | undefined;
  /** Left out of usage text; still parsed. */
  hidden?: boolean | undefined;
  /**
   * Shown as `[deprecated]` in usage and left out of shell completion; still parsed. Over the
   * schema's own `deprecated: true` (Zod: `.meta({ deprecated: true })`), which marks it too.
   * A string marks it and says what to use instead, on one line: `[deprecated: use --host]` in
   * usage, `warning: --server is deprecated: use --host` from `runCli`.
   */
  deprecated?: boolean | string | undefined;
  /** Environment variable read when the flag is absent. */
  env?: string | undefined;
  /** Flag name to use instead of the generated one. */
  name?: string | undefined;
  /**
   * Also taken as a positional argument: positionals fill the marked keys in
   * order of N (counting from 0 or 1 both work). Only the last may be an array
   * (it takes the rest); required ones come before optional ones; never a boolean.
   */
  positional?: number | undefined;
  /**
   * Counted, as yargs' `count` and argparse's `action="count"`: a switch whose value is how often
   * it is given (`-vvv` is 3, `--verbose=2` adds 2). For an integer or number key only.
   */
  count?: boolean | undefined;
  /**
   * Other long names the flag is typed by, as yargs' `alias` (`["srv"]`: `--srv` is `--server`). Not
   * completed; usage lists them; toArgv writes the flag's own name. `{ name, deprecated }` keeps an
   * old name after a rename: it parses, `runCli` warns when it is typed (`warning: --server is
   * deprecated: use --host`), and usage leaves it out.
   */
  aliases?: readonly (string | FlagAlias)[] | undefined;
}

/** A flag's old name, still typeable, warned of when typed (Rust: `flags::Alias`). */
export interface FlagAlias {
  name: string;
  /** `true`, or what to use instead. */
  deprecated?: boolean | string | undefined;
}

/** Options of `compile` (Rust: `CompileOptions`). Unknown keys are an `INVALID_OPTION` error. */
export interface CompileOptions {
  /** Command name used in usage text. Default `"tool"`. */
  name?: string | undefined;
  /** Joins nested keys into flag names: 1 to 8 characters, no `=` or white space. Default `"-"`. */
  separator?: string | undefined;
  /** `"kebab"` (default): `maxRetries` gives `--max-retries`; `"preserve"` keeps keys as written. */
  case?: "kebab" | "preserve" | undefined;
  /** Object levels flattened into flags; a deeper object is one JSON flag. Default 3. */
  maxDepth?: number | undefined;
  /** `false`: every object-valued property is one JSON flag. Default `true`. */
  flatten?: boolean | undefined;
  /** Overrides by generated flag name, e.g. `{ "config-timeout": { short: "t" } }`. Explicit options win over `cli` meta. */
  flags?: Record<string, FlagOverride> | undefined;
  /** `"APP"`: `--config-timeout` falls back to `APP_CONFIG_TIMEOUT`. Letters, digits and `_`, at most 64. */
  envPrefix?: string | undefined;
  /** `--version` answers a `VERSION_REQUESTED` error whose message is this text; without it, `--version` is free for a key. */
  version?: string | undefined;
  /**
   * The built-in `--help`/`-h`. `true` (default); `false`: neither, so a key may be named `help`;
   * `{ short: null }`: `--help` only, `-h` is free (for `--host`); `{ short: "?" }`: another letter.
   */
  help?: boolean | { short?: string | null | undefined } | undefined;
  /**
   * A config file: `--config <file>` (or the first of `files` found) supplies values as typed
   * JSON under argv and the environment, over the schema's defaults. See `ConfigFileOptions`.
   */
  config?: ConfigFileOptions | undefined;
}

/**
 * Where a parse finds a config file (read by the JS side, not the core). Precedence is
 * argv > environment > file > schema default. A key no flag has is refused with a
 * suggestion, a value of the wrong type is refused (never read from text), and each error
 * names the file and the key path. A command set's file holds an object per command word.
 */
export interface ConfigFileOptions {
  /** The flag that names the file, in kebab-case. Default `"config"` (`--config <file>`). */
  flag?: string | undefined;
  /** Files looked for, in order, when the flag is not given (`["deploy.json"]`, relative to the working directory). */
  files?: string[] | undefined;
  /** Reads a file: its text, or `undefined` when there is none. Default Node's `fs` (Node, Bun, Deno). */
  read?: ((path: string) => string | undefined) | undefined;
}

/** Where each value of a parse with a config file came from; a key in none of them is the schema's default. */
export interface ValueSource {
  path: string[];
  from: "argv" | "env" | "config";
}

/** Options of `compileCommands` (Rust: `CommandsOptions`). Unknown keys are an `INVALID_OPTION` error. */
export interface CommandsOptions {
  /** Program name used in usage text. Default `"tool"`. */
  name?: string | undefined;
  /** `--version` (as the first argument) answers a `VERSION_REQUESTED` error whose message is this text. */
  version?: string | undefined;
  /** As `CompileOptions.help`, for the set's own `--help`/`-h`. */
  help?: boolean | { short?: string | null | undefined } | undefined;
  /**
   * The command line answers `completion bash|zsh|fish` itself (a registry's `runCli` does, printing
   * `completionScript`): the word is listed with the commands in usage and completed like one,
   * unless a command takes it. Default `false`.
   */
  completion?: boolean | undefined;
  /**
   * A config file: `--config <file>` (or the first of `files` found) supplies values as typed
   * JSON under argv and the environment, over the schema's defaults. See `ConfigFileOptions`.
   */
  config?: ConfigFileOptions | undefined;
}

/** A flag's value type (Rust: `FlagType`). */
export type FlagType = "string" | "number" | "integer" | "boolean" | "enum" | "json";

/** One word a shell may offer (`Tool.complete`), with a line saying what it is (zsh and fish show it). */
export interface CompletionCandidate {
  value: string;
  description?: string;
}

/**
 * One deprecated thing argv uses (`Tool.deprecatedIn`; Rust: `command::Used`), with its message:
 * the whole command (its root schema is marked; by the name it was compiled with), an action, or a flag.
 */
export type DeprecatedUse =
  | { command: string; message?: string }
  | { action: string; message?: string }
  | { flag: string; message?: string };

/** One entry of the flag table (Rust: `Flag`). Optional keys are absent, never `undefined` or `false`. */
export interface FlagEntry {
  /** Flag name without dashes: `config-timeout`. */
  name: string;
  /** Key path in the nested arguments: `["config", "timeout"]`. */
  path: string[];
  type: FlagType;
  /**
   * Must be given: the key and every parent object are required and have no default. Not so
   * for a required boolean (absent is `false`) or a required key that takes `null` (absent is `null`).
   */
  required: boolean;
  /** The key's default, or the value from a parent's default object. */
  default?: unknown;
  description?: string;
  /**
   * Its one-letter spelling after one dash (`-t`): an explicit `short`, or the flag's own
   * name when that is one letter (the key `n` answers `-n` as well as `--n`).
   */
  short?: string;
  /**
   * Accepted values of an enum flag: a `z.enum`, or a union of literals, described
   * (`z.union([z.literal("fast").describe("Cheap"), ...])`) or not. An enum where a text
   * value reads as another value (`"5"` beside `5`) is a `json` flag instead, which tells
   * the two apart (`--code 5`, `--code '"5"'`).
   */
  choices?: Array<string | number | boolean>;
  /**
   * What each choice means, where the schema says it (a union of described literals, or a
   * `oneOf` of described `const`s), in the schema's order; a plain `z.enum` has none.
   */
  choiceDescriptions?: Array<{ value: string | number | boolean; description: string }>;
  /** An array of scalars: `--tag a --tag b`. */
  repeatable?: true;
  /**
   * Takes `--no-name` for false: a boolean, or a union of scalars that takes both booleans
   * (`--color`, `--no-color`, `--color auto`), whose value may then be left out, meaning true.
   */
  negatable?: true;
  /**
   * The value is JSON text (objects, tuples, unions, records, recursion).
   * A union of scalars also takes a bare word (`--limit auto`, `--limit 5`),
   * a record `KEY=VALUE` entries (`--env A=1`; `--hosts 'api={"port":80}'`), and
   * a list that is not `repeatable` (of objects or booleans, or nullable) one
   * item or several each time it is given (`--edit '{...}' --edit '[{...}]'`),
   * and a tuple of scalars a word a position (`--range 1 5`; see `nargs`).
   */
  json?: true;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** The literal `null` is accepted. */
  nullable?: true;
  /** Left out of usage text. */
  hidden?: true;
  /** Marked deprecated (its schema's `deprecated: true`, an enclosing object's, or an override): `true`, or the override's message. */
  deprecated?: true | string;
  /** Also filled by the positional argument at this place (from 0). */
  positional?: number;
  /** Counted: a switch whose value is how often it is given (`-vvv` is 3). */
  count?: true;
  /** Other long names it is typed by (without `--`); a deprecated one as `{ name, deprecated }`. */
  aliases?: (string | FlagAlias)[];
  /**
   * A `json` flag over a list that is not `repeatable`: each time it is given it adds one item
   * or several (`--edit '{...}' --edit '[{...},{...}]'`); usage shows `<json>...`.
   */
  list?: true;
  /**
   * A `json` flag over a record of scalars, objects or lists, typed an entry at a time:
   * `--env A=1 --env B=2`, `--hosts 'api={"port":80}'`; usage shows `<key=string>...`.
   */
  record?: true;
  /**
   * A `json` flag over a scalar or a list of it (`z.union([z.string(), z.array(z.string())])`):
   * given once, the value as typed (`--id a` is `"a"`); given again, every value in one list
   * (`--id a --id b` is `["a", "b"]`). Usage shows `<string>...`.
   */
  gathers?: true;
  /**
   * A `json` flag over a tuple of scalars (`z.tuple([z.number(), z.number()])`): how many
   * words it takes after it, one a position (`--range 1 5`), as yargs' and argparse's `nargs`;
   * JSON text for the whole tuple still works (`--range '[1,5]'`). Usage shows `<number> <number>`.
   */
  nargs?: number;
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
  | "unknown_action"
  | "unexpected_argument"
  | "unknown_command"
  | "missing_command";

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
  | "VERSION_REQUESTED"
  | "UNSUPPORTED_BY_CLIENT"
  | "INVALID_DEFINITION"
  | "FIELD_CONFLICT"
  | "UNKNOWN_TOOL"
  | "INVALID_IDENTIFIER"
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
  /** Every problem found: `Issue`s for `INVALID_ARGS`, `ClientFinding`s for `UNSUPPORTED_BY_CLIENT`. */
  issues?: Issue[] | ClientFinding[] | undefined;
  /** The message's format, for `HELP_REQUESTED` answering an agent. */
  format?: "json" | "markdown" | undefined;
  /** `FIELD_CONFLICT`: every field two actions of a group define incompatibly. */
  conflicts?: FieldConflict[] | undefined;
}

/** One field two actions of a grouped tool define incompatibly. */
export interface FieldConflict {
  /** The field's key. */
  field: string;
  /** The two action keys (`"common"` for the group's common fields). */
  actions: [string, string];
  message: string;
}

/** A client profile name (the README describes what each one changes and refuses). */
export type ClientName =
  | "mcp"
  | "portable"
  | "openai"
  | "openai-strict"
  | "anthropic"
  | "anthropic-strict"
  | "claude-code"
  | "gemini"
  | "gemini-json"
  | "vscode"
  | "cursor";

/** A warning: something a profile changed that loses meaning (Rust: `FindingCode`). */
export type ClientWarningCode =
  | "UNION_FLATTENED"
  | "UNION_MERGED"
  | "OPTIONAL_TO_NULLABLE"
  | "OBJECT_CLOSED"
  | "ONEOF_TO_ANYOF"
  | "KEYWORD_DROPPED"
  | "IGNORED_BY_CLIENT"
  | "NULL_DROPPED"
  | "ENUM_STRINGIFIED"
  | "RECORD_VALUE_SCHEMA_DROPPED"
  | "CONSTRAINT_LOOSENED"
  | "TUPLE_LOOSENED"
  | "ANY_NARROWED"
  | "MOVED_TO_DESCRIPTION"
  | "RECURSION_EXPANDED"
  /** Not a client's: the schema makes no command line (a flag collision, a union no word picks); the message says why. */
  | "NO_COMMAND_LINE";

/** An error: something a profile cannot write without the server losing what it accepts. */
export type ClientErrorCode =
  | "RECURSIVE_SCHEMA"
  | "PROPERTY_KEY_REFUSED"
  | "RECORD_REFUSED"
  | "MIXED_ENUM"
  | "ALLOF_CONFLICT"
  | "LIMIT_EXCEEDED"
  | "ROOT_NOT_OBJECT";

/** One warning or error of a client check (Rust: `Finding`). */
export interface ClientFinding {
  code: ClientWarningCode | ClientErrorCode;
  /** JSON pointer into the schema as the profile writes it; `""` for the root. */
  pointer: string;
  message: string;
}

/** What `tool.check(client)` and `check(schema, client)` return (Rust: `Check`). */
export interface ClientCheck {
  client: ClientName;
  /** No errors: `inputSchema({ client })` gives a schema. */
  ok: boolean;
  warnings: ClientFinding[];
  /** What `inputSchema({ client })` throws as `UNSUPPORTED_BY_CLIENT`. */
  errors: ClientFinding[];
}

export interface RepairOptions {
  /** Also undo this client's profile (e.g. `openai-strict`'s `null` for an omitted key). */
  client?: ClientName | undefined;
}

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
  /**
   * A positional argument that no `positional` key takes goes to `rest` instead of
   * being an `unexpected_argument` issue. A `true`/`false` right after a switch is refused either way.
   */
  allowPositionals?: boolean | undefined;
  /**
   * A missing required flag is no issue: `data` holds what was given, for a command line that
   * asks for the rest, or validates what it has to report every problem at once (as `runCli` does).
   * Every other issue is still an error. The data may then not fit the schema's `required`.
   */
  partial?: boolean | undefined;
  /**
   * What `--json -` reads as the whole input: its text, or a function that returns it, called
   * only when argv asks (in Node, `() => readFileSync(0, "utf8")`). Without it `--json -` is refused.
   */
  stdin?: string | (() => string) | undefined;
  /** A config file for this parse (over the tool's own `config` option); `false` turns it off. */
  config?: ConfigFileOptions | false | undefined;
}

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
  /** What was there: the text, or a client's `null` for an omitted key. */
  from: string | null;
  /** The value that replaced it (before repairs inside it, which are listed after it); absent when the key was removed. */
  to?: unknown;
}

/** Options of `repairing`. */
export interface RepairingOptions {
  /** Called with the repairs whenever a value needed any, e.g. to log what clients sent. */
  onRepair?: ((repairs: Repair[]) => void) | undefined;
}

/** `toStandardSchema`'s options. */
export interface ToStandardSchemaOptions extends RepairingOptions {
  /** The client profile whose schema `jsonSchema.input` writes, and whose changes repair undoes. Default `"portable"`, which every client takes. */
  client?: ClientName | undefined;
}

/**
 * What `repairing` returns: a Standard Schema (validating) with a Standard
 * JSON Schema, as the MCP SDK 2.x `registerTool` takes for `inputSchema`.
 * Its types are the given schema's, so a handler's arguments are typed the same.
 */
export interface RepairingSchema<S extends { readonly "~standard": object }> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "toolshape";
    /** Repairs the value (see `repair`), then validates it with the given schema's validator. */
    readonly validate: S["~standard"] extends { validate: infer V } ? V : never;
    readonly jsonSchema: {
      /** toolshape's complete inputSchema (the `mcp` profile), whatever the target. */
      input(options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> | undefined }): Record<string, unknown>;
      /** The given schema's own output JSON Schema. */
      output(options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> | undefined }): Record<string, unknown>;
    };
    readonly types?: S["~standard"] extends { types?: infer T } ? T : undefined;
  };
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
  /** Error texts start with `[name]` when given. */
  name?: string | undefined;
}

/** MCP tool annotations (hints); MCP's defaults: readOnly false, destructive true, idempotent false, openWorld true. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** One tool as `tools/list` lists it. */
export interface ToolListing {
  name: string;
  title?: string;
  description: string;
  inputSchema: InputSchema;
  /** A tool's `output`, as the mcp profile writes it, for every client. */
  outputSchema?: InputSchema;
  annotations?: ToolAnnotations;
  icons?: ToolIcon[];
  _meta?: Record<string, unknown>;
  /**
   * Only in a registry's `list` for `openai-strict` or `anthropic-strict`: whether to send the tool
   * with `strict: true`. False for a tool the strict profile refuses, listed with the same API's
   * non-strict schema (`openai`, `anthropic`); for Claude also past the request's strict limits
   * (20 tools, 24 optional properties, 16 with a union, summed in list order).
   * @example
   * registry.list({ client: "anthropic-strict" }).map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema, strict: t.strict }));
   */
  strict?: boolean;
}

/** An icon of a tool (MCP's Icon): a URL or a data: URI, with what it is and where it suits. */
export interface ToolIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}

/** What middleware and handlers are told of a call. */
export interface CallContext {
  /** The tool's name. */
  tool: string;
  /** The action's key (`users.create`); undefined for a plain tool. */
  action: string | undefined;
  /** The validated arguments (without the discriminator); middleware may replace them. */
  args: Record<string, unknown>;
  /** What the MCP SDK passed to the request handler (or `call`'s second argument). */
  extra: unknown;
}

/** What a handler is told of its call, besides the arguments. */
export interface HandlerContext {
  tool: string;
  /** The action's key (`users.create`); undefined for a plain tool. */
  action: string | undefined;
  /** What the MCP SDK passed to the request handler (or `call`'s second argument). */
  extra: unknown;
  /**
   * Reports progress as `notifications/progress` when the request carried a progress token
   * (nothing otherwise). Each `done` must exceed the last sent; one that does not is not sent.
   * @example
   * // handler: async (args, { progress }) => { for (let i = 0; i < 10; i++) await progress(i + 1, 10, `step ${i + 1}`); }
   */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /**
   * Aborts when the client cancels the request (never, off MCP): the runtime's `AbortSignal`,
   * typed by what it has so that a project without DOM or Node types compiles.
   */
  signal: {
    readonly aborted: boolean;
    readonly reason: unknown;
    addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
    removeEventListener(type: "abort", listener: () => void): void;
    throwIfAborted(): void;
  };
}

/** `(ctx, next) => result`: runs around the handler; `next()` runs the rest of the chain. */
export type Middleware = (ctx: CallContext, next: () => Promise<unknown>) => unknown;

/** A handler's result: a string, a CallToolResult, or any JSON value. */
export type HandlerResult = string | CallToolResult | unknown;

/** Options of `definition()`. */
export interface DefinitionOptions {
  client?: ClientName | undefined;
  /** `"oneOf"` (with client `mcp` only): one branch per action. */
  actionsAs?: "oneOf" | "flat" | undefined;
}

/** Options of `call()`. */
export interface CallOptions {
  /** The client's profile, whose transforms repair undoes (`null` for an omitted key, ...). */
  client?: ClientName | undefined;
  /**
   * How the call may ask for missing required values: sent an MCP elicitation form
   * (`{ mode: "form", message, requestedSchema }`, its properties the flag names), it answers as a
   * client does (`{ action: "accept", content }`, `decline`, `cancel`). A registry's `attach` gives
   * it for a client that takes forms; without it, a call with missing values fails as before.
   */
  elicit?: ((params: { mode: "form"; message: string; requestedSchema: { type: "object"; properties: Record<string, unknown>; required: string[] } }) => Promise<{ action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }>) | undefined;
}

/** Where `runCli` reads and writes; each stream is a function or anything with `write`. */
export interface CliIo {
  env?: Record<string, string | undefined> | undefined;
  stdout?: ((text: string) => void) | { write(text: string): unknown } | undefined;
  stderr?: ((text: string) => void) | { write(text: string): unknown } | undefined;
  /** What `--json -` reads: the text, or a function of it; default the process's standard input. */
  stdin?: string | (() => string | Promise<string>) | undefined;
  /** Passed to handlers as `extra`. */
  extra?: unknown;
  /** A config file (`--config <file>`, or the first of `files` found): see `ConfigFileOptions`. */
  config?: ConfigFileOptions | undefined;
}

/** Fields every definition has. */
interface DefinitionBase {
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** `{ name, description, inputSchema, outputSchema?, title?, annotations, icons?, _meta? }` for one client (default `mcp`). */
  definition(options?: DefinitionOptions): ToolListing;
  /** The flat projection: one tool per action (a plain tool is its own). */
  definitions(options?: { client?: ClientName | undefined }): ToolListing[];
  /** Repair, route, validate, middleware, handler: always a CallToolResult, never a throw. */
  call(args: unknown, extra?: unknown, options?: CallOptions): Promise<CallToolResult>;
  /**
   * The command line: resolves to the exit code (0, 1 when the result is an error, 2 for bad arguments),
   * whatever argv holds and whatever the handler throws.
   * @throws {ToolshapeError} (rejects) only when the definition has no command line: `FLAG_COLLISION` or
   * `INVALID_FLAG_NAME` for keys that give no flag, or give one flag twice; `INVALID_OPTION` for an `io` that is not an object.
   * argv `--toolshape-complete <shell> ...` (what the script of `completionScript` sends) is answered with the
   * completion candidates, a line each, exit 0; no handler runs.
   */
  runCli(argv: readonly string[], io?: CliIo): Promise<number>;
}

/** A tool from `defineTool`. */
export interface ToolDefinition extends DefinitionBase {
  readonly kind: "tool";
  readonly annotations: ToolAnnotations | undefined;
}

/** A grouped tool from `defineGroup`. */
export interface GroupDefinition extends DefinitionBase {
  readonly kind: "group";
  readonly discriminator: string;
  readonly grouped: boolean;
  readonly annotations: ToolAnnotations;
  readonly actions: readonly { readonly key: string; readonly flatName: string; readonly description: string }[];
  /** The tool names of `definitions()`, in order: every action but the built-in help. */
  readonly flatNames: readonly string[];
  /** A call to one tool of the flat projection (`platform_users_create`). */
  callFlat(flatName: string, args: unknown, extra?: unknown, options?: CallOptions): Promise<CallToolResult>;
}

/** Filters of `list` and `attach`: `tags` all of them, `anyTags` any, `exclude` none. */
export interface TagFilter {
  tags?: readonly string[] | undefined;
  anyTags?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
}

/**
 * The command-line options of `compile` that a registry takes for all its
 * tools and a definition (`defineTool`, `defineGroup`) takes as its own `cli`,
 * which win key by key. A registry's `flags` overrides reach the tools that
 * have those flags.
 */
export type CliOptions = Pick<CompileOptions, "envPrefix" | "separator" | "case" | "maxDepth" | "flags">;

export interface RegistryOptions extends CliOptions {
  /**
   * `grouped` (default): one MCP tool per definition; `flat`: one per action; `catalog`: four
   * tools (`search_tools`, `get_tool_details`, `call_read_tool`, `call_write_tool`) that find,
   * describe and call the others, so a client reads one schema at a time.
   */
  exposition?: "grouped" | "flat" | "catalog" | undefined;
  /** The command name in usage text. */
  name?: string | undefined;
  version?: string | undefined;
  /**
   * Hears each tool (or, flat, each action) that `list` leaves out because
   * the client's profile cannot take its schema, once per tool and client;
   * `error` is the `UNSUPPORTED_BY_CLIENT` error with its issues. Without
   * it, one line goes to stderr (`console.warn`). Also hears, with `client`
   * `"cli"` and an `INVALID_OPTION` error, each tool `runCli` leaves out
   * because its name cannot be typed as a command word (once, on the first
   * `runCli`; without `onRefused` nothing is printed then, since the
   * command line's stderr is its user's). For `openai-strict` and `anthropic-strict`, a tool the strict
   * profile refuses (or, for Claude, one over the request's strict limits) is not left out but listed
   * non-strict: it is heard with `fallback`, the profile whose schema was listed (`openai`, `anthropic`).
   */
  onRefused?: ((refusal: { tool: string; client: ClientName | "cli"; error: ToolshapeError; fallback?: "anthropic" | "openai" }) => void) | undefined;
}

export interface AttachOptions {
  /** `auto` (default): the profile for the `clientInfo.name` the client sent; or a profile name. */
  client?: "auto" | ClientName | undefined;
  /**
   * The tools this server serves: tags, or a function of a definition asked
   * on every `tools/list` and `tools/call`, so one that reads state of your
   * own turns tools on and off while connected (call the server's
   * `sendToolListChanged()` after a change): as `McpServer`'s `enable()`
   * and `disable()`, with `filter: (def) => enabled.has(def.name)`.
   */
  filter?: TagFilter | ((definition: ToolDefinition | GroupDefinition) => boolean) | undefined;
  /**
   * `ttlMs` and `cacheScope` of every tools/list answer (MCP 2026-07-28). Default 300000 ms, and
   * `private` with `client: "auto"` (each client is listed its own schemas), else `public`;
   * `public` with `auto` is refused.
   */
  cache?: { ttlMs?: number | undefined; scope?: "public" | "private" | undefined } | undefined;
  /**
   * The request's headers (a `Headers`, or an object of them), where the server is handed them
   * (the SDK 2.x `createMcpHandler` factory's `requestInfo.headers`): each `x-mcp-header`
   * argument's `Mcp-Param-{Name}` header is checked against it, a disagreement refused with -32020.
   */
  headers?: { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined;
}

/** A registry from `createRegistry`. */
export interface Registry {
  readonly exposition: "grouped" | "flat" | "catalog";
  readonly tools: readonly (ToolDefinition | GroupDefinition)[];
  /**
   * tools/list for one client: a tool its profile cannot take is left out (and reported, see `onRefused`), not the whole list.
   * For `openai-strict` and `anthropic-strict` each listing carries `strict` (see `ToolListing.strict`), and a tool
   * the strict profile refuses is listed non-strict; Claude's strict ones together stay within the request's limits.
   */
  list(options?: TagFilter & { client?: ClientName | undefined }): ToolListing[];
  call(name: string, args: unknown, extra?: unknown, options?: CallOptions): Promise<CallToolResult>;
  /**
   * Serves tools/list and tools/call on an MCP SDK `McpServer` or `Server`, of the SDK 1.x
   * (`@modelcontextprotocol/sdk`) or 2.x (`@modelcontextprotocol/server`); call before `connect`.
   * Returns `detach`. A handler's `extra` is what the SDK hands it (1.x `extra`, 2.x `ctx`).
   * On a connected server, `detach()` and an `attach` after it send `notifications/tools/list_changed`.
   * @throws {ToolshapeError} `INVALID_OPTION` for a server that already answers tools/list
   * (`registerTool`, a handler of its own) or has another registry attached, changing nothing.
   */
  attach(server: object, options?: AttachOptions): () => void;
  /**
   * Every definition as a command, its name first: resolves to the exit code, as a definition's `runCli`.
   * A definition whose name cannot be typed as a command word (empty, spaces, a leading `-`, over 64
   * characters) is left out of the command line only (see `onRefused`); typed anyway, it answers exit 2
   * with the reason on stderr, as does the word of a tool with no command line (keys no flag can be
   * named after, a union with no discriminator). `completion bash|zsh|fish` prints the shell completion script
   * for the registry's `name` (unless a tool is named `completion`), and `--toolshape-complete` is answered as a
   * definition's `runCli` answers it.
   * @throws {ToolshapeError} (rejects) `INVALID_OPTION` when the registry has no definitions, or none
   * whose name can be typed as a command word, naming why.
   */
  runCli(argv: readonly string[], io?: CliIo): Promise<number>;
  /**
   * Tool-search payloads for the model APIs: OpenAI's Responses API (`namespace` tools, a group or
   * the plain tools in chunks of at most `perNamespace`, default 9, of functions with
   * `defer_loading`, then `tool_search`) or Anthropic's (each tool with `defer_loading`, and the
   * BM25 or regex tool search tool). Names keep the API's rule (`[A-Za-z0-9_-]`, at most 64);
   * `names` maps each payload name to the registry's, for `call`.
   * @example
   * // const { tools, names } = registry.toolSearch("openai");
   * // await openai.responses.create({ model: "gpt-5.4", input, tools });
   * // then, for a function call: registry.call(names[call.name], JSON.parse(call.arguments))
   */
  toolSearch(vendor: "openai", options?: { client?: ClientName | undefined; perNamespace?: number | undefined; name?: string | undefined; description?: string | undefined }): OpenAiToolSearch;
  toolSearch(vendor: "anthropic", options?: { client?: ClientName | undefined; search?: "bm25" | "regex" | undefined }): AnthropicToolSearch;
  /**
   * The names `tools/list` shows that MCP's two readings of a tool name disagree on (the spec's text:
   * at most 128 characters of `A-Z a-z 0-9 _ . -`; SEP-986: at most 64, `/` allowed): each name
   * with a `/`, past 64 characters, or with another character, and what a client may do. Names are
   * served as given; empty when every client reads them alike.
   * @example
   * // for (const w of registry.warnings()) console.warn(w.message);
   */
  warnings(): { readonly name: string; readonly message: string }[];
}

/** A function inside an OpenAI namespace, loaded when tool search finds it. */
export interface OpenAiDeferredFunction {
  type: "function";
  name: string;
  description: string;
  defer_loading: true;
  parameters: InputSchema;
  strict: boolean;
}

/** `registry.toolSearch("openai")`: the Responses API's `tools`, and each name's registry name. */
export interface OpenAiToolSearch {
  tools: Array<{ type: "namespace"; name: string; description: string; tools: OpenAiDeferredFunction[] } | { type: "tool_search" }>;
  names: Record<string, string>;
}

/** `registry.toolSearch("anthropic")`: the Messages API's `tools`, and each name's registry name. */
export interface AnthropicToolSearch {
  tools: Array<
    | { type: "tool_search_tool_bm25_20251119"; name: "tool_search_tool_bm25" }
    | { type: "tool_search_tool_regex_20251119"; name: "tool_search_tool_regex" }
    | { name: string; description: string; input_schema: InputSchema; defer_loading: true }
  >;
  names: Record<string, string>;
}

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
export interface ActionHelpEntry {
  /** The action's value: `logs`, or `zfs:pools` for action + subaction. */
  discriminator: string;
  description: string;
  /** Every parameter but the discriminator keys. */
  parameters: HelpParameter[];
  /**
   * The action's branch is marked `deprecated: true` (Zod: `.meta({ deprecated: true })`): `true`, or
   * the message its `cli` meta gives (`.meta({ cli: { deprecated: "use list" } })`); absent otherwise.
   */
  deprecated?: true | string;
}

export interface ActionHelpOptions {
  /** Keep this action and every action under `topic:`. */
  topic?: string | undefined;
  /** The discriminator key, when it should not be found by itself (`action` is preferred). */
  discriminator?: string | undefined;
  /** Refuse a branch without the discriminator instead of skipping it. */
  strict?: boolean | undefined;
}


/** A downstream tool named by structure (a proxy's toolbox, server and tool). Every part is a non-empty string. */
export interface ToolIdentifier {
  readonly toolbox: string;
  readonly server: string;
  readonly tool: string;
}

/** Options of `createNameTable`. Unknown keys are an `INVALID_OPTION` error. */
export interface NameTableOptions {
  /** The client profile the names must be valid for. Default `"mcp"`. */
  client?: ClientName | undefined;
  /**
   * The name the client knows this server by: Claude Code (`mcp__<server>__`), Cursor (`<server>`
   * and one separator) and `portable` count it against their limits. Default: a 16-character name.
   */
  server?: string | undefined;
  /**
   * `false`: names leave the toolbox out (`memory__read_graph`), for a proxy with one
   * toolbox; the identifiers still carry it, and `resolve` gives them back whole. Default `true`.
   */
  toolbox?: boolean | undefined;
}

/** Flat names for a set of identifiers, valid and distinct for one client. */
export interface NameTable {
  /** The profile the names are valid for. */
  readonly client: ClientName;
  /**
   * The flat name of an identifier (`toolbox__server__tool` when that is valid and distinct).
   * @throws {ToolshapeError} `UNKNOWN_TOOL` naming the unknown part, with the closest name;
   * `INVALID_IDENTIFIER` when `id` is not an identifier.
   */
  name(id: ToolIdentifier): string;
  /** The identifier a flat name stands for (by lookup, never by splitting), or `undefined`. */
  resolve(name: string): ToolIdentifier | undefined;
  /** `[{ id, name }]` in the order the identifiers were given. */
  entries(): { readonly id: ToolIdentifier; readonly name: string }[];
  /**
   * Where MCP's two readings of a tool name disagree (the spec's text: at most 128, no `/`; SEP-986:
   * at most 64, `/` allowed): each identifier with a `/` in a part, a name past 64 characters, or
   * one shortened to fit, with what happened. Empty when every name is the same under both.
   */
  warnings(): { readonly id: ToolIdentifier; readonly name: string; readonly message: string }[];
}

/** @deprecated Renamed `ActionHelpEntry`; this name goes in the next release. */
export type HelpEntry = ActionHelpEntry;
/** @deprecated Renamed `ActionHelpOptions`; this name goes in the next release. */
export type HelpOptions = ActionHelpOptions;
