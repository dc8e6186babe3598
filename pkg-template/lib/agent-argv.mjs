// What an agent types at a compiled tool's command line (compile,
// compileCommands), answered by parseArgv itself: `--help=json` and
// `--help=md` (the whole command line described), `--schema` (its input
// JSON Schema) as `--help` is answered, a HELP_REQUESTED error whose
// message is the text to print, so a program that prints --help's text
// and exits 0 does the same for these; and `--json <input>` (or `--json -`,
// standard input) as the whole input, repaired, in place of flags. A tool
// whose own flag has one of these names keeps its flag.

import { fail, ToolshapeError } from "./errors.mjs";
import { compiledHelp, helpMarkdown } from "./help-json.mjs";
import { put } from "./objects.mjs";

/** Where `--json` is in `tokens` and the text given with it, or undefined when it is not there. */
export function jsonFlag(tokens) {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === "--") return undefined;
    if (token === "--json") return { at: i, end: i + 2, value: tokens[i + 1] };
    if (token.startsWith("--json=")) return { at: i, end: i + 1, value: token.slice("--json=".length) };
  }
  return undefined;
}

/**
 * The keys `data` lacks that `schema` requires (JSON Schema as inputSchema
 * writes it, `$ref`s inlined), in each object the data holds: each an
 * issue naming its path. Where a union stands, the validator decides.
 */
export function missingRequired(schema, data, path = [], out = []) {
  if (schema === null || typeof schema !== "object" || data === null || typeof data !== "object" || Array.isArray(data) || path.length > 64) return out;
  for (const key of Array.isArray(schema.required) ? schema.required : []) {
    if (!Object.hasOwn(data, key)) {
      const at = [...path, key];
      out.push({ code: "missing_required", path: at, message: `--json: missing required key ${at.join(".")}` });
    }
  }
  const properties = schema.properties !== null && typeof schema.properties === "object" ? schema.properties : {};
  for (const [key, child] of Object.entries(properties)) {
    if (Object.hasOwn(data, key)) missingRequired(child, data[key], [...path, key], out);
  }
  return out;
}

/**
 * The agent form `argv` asks for (before any `--`), or undefined: `kind`
 * is the flag's name (`help`, `schema`, `json`), which a tool's own flag of
 * that name keeps.
 */
export function agentForm(argv) {
  if (argv[0] === "--schema") return { kind: "schema", schema: argv.slice(1) };
  for (const token of argv) {
    if (token === "--") break;
    if (token === "--help=json") return { kind: "help", help: "json" };
    if (token === "--help=md") return { kind: "help", help: "md" };
  }
  const json = jsonFlag(argv);
  return json === undefined ? undefined : { kind: "json", json };
}

/**
 * What is wrong with `--json` as `tokens` give it (`found` by jsonFlag):
 * no value, or a flag beside it (one input, one source); undefined when
 * nothing is. `words` are the tokens before it that are no flag.
 */
export function jsonProblem(tokens, found) {
  if (found.value === undefined) return "--json takes the whole input as JSON text, or - to read it from standard input";
  const flags = [...tokens.slice(0, found.at), ...tokens.slice(found.end)].filter((t) => t.startsWith("-"));
  return flags.length > 0 ? `--json takes the whole input: give ${flags[0]} inside the JSON, or leave --json out` : undefined;
}

/** The long names the tool's own flags take (none when it has no command line): such a flag keeps its name. */
export function ownNames(tool) {
  try {
    return new Set(tool.flags().flatMap((f) => [f.name, ...(f.aliases ?? []).map((a) => (typeof a === "string" ? a : a.name))]));
  } catch {
    return new Set();
  }
}

/** An answer printed as --help's is. */
const answer = (text, format) => ({ success: false, error: fail("HELP_REQUESTED", text, { format }) });

const refused = (message) => ({ success: false, error: fail("INVALID_ARGS", message, { issues: [{ code: "invalid_value", path: [], message }] }) });

/** `--client <profile>` (or `--client=<profile>`) and nothing else; `{ problem }` otherwise. */
export function clientOf(tokens) {
  let client;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === "--client" && i + 1 < tokens.length) client = tokens[++i];
    else if (tokens[i].startsWith("--client=")) client = tokens[i].slice("--client=".length);
    else return { problem: `unexpected ${JSON.stringify(tokens[i])}: takes [--client <profile>]` };
  }
  return { client };
}

/** Help in `format` for a program of these commands (each `{ name, tool }`), named `name`. */
export function helpText(name, commands, format) {
  const help = { name, commands: commands.map((c) => compiledHelp(c.name, c.tool)) };
  return answer(format === "json" ? `${JSON.stringify(help, null, 2)}\n` : helpMarkdown(help), format === "json" ? "json" : "markdown");
}

/** The input schema `--schema` (or `schema <command>`) prints, for `--client`. */
export function schemaText(tool, tokens) {
  const { client, problem } = clientOf(tokens);
  if (problem !== undefined) return refused(`--schema ${problem}`);
  const inputSchema = tool.inputSchema(client === undefined ? undefined : { client });
  return answer(`${JSON.stringify({ inputSchema }, null, 2)}\n`, "json");
}

/**
 * `--json`: the whole input as one JSON object (the text, or standard input
 * for `-`, read by `opts.stdin`), repaired as an MCP call's arguments are.
 * Words before it name an action of an action union; flags beside it are
 * refused (one input, one source).
 */
export function jsonInput(tool, argv, found, stdin, partial = false) {
  const problem = jsonProblem(argv, found);
  if (problem !== undefined) return refused(problem);
  const before = argv.slice(0, found.at);
  let text = found.value;
  if (text === "-") {
    if (stdin === undefined) return refused("--json - reads standard input: pass parseArgv's stdin option (its text, or a function that reads it)");
    text = String(typeof stdin === "function" ? stdin() : stdin);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refused(`--json expects the input as a JSON object: ${error.message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return refused(`--json expects the input as a JSON object, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`);
  }
  if (before.length > 0) {
    // The words name an action: its literal keys, as a parse of them alone fills in.
    const named = tool.safeParseArgv(before, { partial: true });
    if (!named.success) return named;
    for (const [key, literal] of Object.entries(named.data)) {
      if (literal === null || typeof literal !== "object") put(value, key, literal);
    }
  }
  try {
    const data = tool.repair(value).value;
    // Held to the schema's required keys as flags are (`partial` lifts it, as for flags).
    const missing = partial ? [] : missingRequired(tool.inputSchema(), data);
    if (missing.length > 0) return { success: false, error: fail("INVALID_ARGS", missing.map((i) => i.message).join("\n"), { issues: missing }) };
    return { success: true, data, rest: [] };
  } catch (error) {
    // Input the core refuses (too deep, too large) is this parse's failure.
    if (error instanceof ToolshapeError) return { success: false, error };
    throw error;
  }
}

/**
 * The agent form's answer for one compiled tool, the command `nameOf()` of
 * the program `programOf()` (by default the command itself), or undefined when
 * argv asks none (or the tool's own flag is meant).
 */
export function agentAnswer(tool, nameOf, argv, { stdin, partial, programOf } = {}) {
  const form = agentForm(argv);
  if (form === undefined || ownNames(tool).has(form.kind)) return undefined;
  if (form.kind === "help") {
    const name = nameOf();
    return helpText((programOf && programOf()) ?? name, [{ name, tool }], form.help);
  }
  if (form.kind === "schema") return schemaText(tool, form.schema);
  return jsonInput(tool, argv, form.json, stdin, partial);
}
