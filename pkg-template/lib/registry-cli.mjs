// A registry's command line: every tool under its name (`ops deploy
// --service api`). A tool whose name cannot be typed as a command word, or
// whose schema makes no command line, is left out of it, said so, and
// answers why when its name is typed anyway: one tool written for MCP first
// must not stop the others.

import { answerCompletion, completionScript, isProgramName, SHELLS } from "./completion.mjs";
import { fail, isAnswer } from "./errors.mjs";
import { ANSWERED, ioOf } from "./run-cli.mjs";
import { jsonFlag, ownNames } from "./agent-argv.mjs";
import { printSchema } from "./json-input.mjs";
import { takeNoInput } from "./prompt.mjs";
import { commandHelp, helpMarkdown } from "./help-json.mjs";
import { CLI_OPTIONS } from "./define-parts.mjs";

/** The command word runCli answers with a tool's schema (unless a tool is named so). */
const SCHEMA = "schema";

/** `schema <tool>`: refused options (an unknown client) are said, exit 2. */
function printSchemaOf(def, tokens, io) {
  try {
    return printSchema(def, tokens, io);
  } catch (error) {
    if (!isAnswer(error)) throw error;
    io.err(`${error.message}\n`);
    return 2;
  }
}

/** The command word runCli answers with the shell completion script (unless a tool is named so). */
const COMPLETION = "completion";
/**
 * Parse errors passed on to the definition's command line: those it answers
 * itself, and a stopped core's (which reject); any other is its tool having
 * no command line.
 */
const PASSED_ON = new Set([...ANSWERED, "INTERNAL", "NOT_INITIALIZED"]);

/**
 * Why a definition's schema makes no command line (a flag collision, a
 * union no word picks), or undefined when it makes one.
 */
function noCommandLine(def, shared) {
  try {
    def.cliWith(shared).tool().flags();
    return undefined;
  } catch (error) {
    if (!isAnswer(error)) throw error;
    return error;
  }
}

/** runCli's answer for a tool typed by name that no command line can run: the reason, exit 2. */
function notOnCli(io, tool, reason) {
  io.err(`tool "${tool}" cannot be run from the command line, only over MCP: ${reason}\n`);
  return 2;
}

/**
 * `runCli(argv, io)` of a registry's definitions (`byName` maps each name
 * to its definition; `opts` the registry's options: name, version, onRefused).
 */
export function makeRunCli(api, defs, byName, opts) {
  // The command-line options given to the registry, for every tool (each definition's own `cli` wins).
  const shared = Object.fromEntries(CLI_OPTIONS.filter((key) => opts[key] !== undefined).map((key) => [key, opts[key]]));
  // The command line: each definition's command line under its name. A
  // name that cannot be typed as a command word ("a b", "-x") leaves that
  // tool out of the command line only, as a client's refusal leaves a
  // tool out of that client's list: one tool written for MCP first must
  // not stop the others. `onRefused` hears of it (client "cli"); a person
  // who types the name anyway is told why (runCli).
  let commands;
  /** Definitions on the command line, in order; and the reason for each name left out. */
  let onCli;
  const leftOutOfCli = new Map();
  /** The tools whose schema makes no command line, with the reason: said at each runCli's start. */
  const noTable = new Map();
  const cliDefs = () => {
    if (onCli === undefined) {
      onCli = [];
      const refused = [];
      for (const def of defs) {
        const problem = api.commandWordProblem(def.name);
        const error = problem === undefined ? noCommandLine(def, shared) : fail("INVALID_OPTION", problem);
        if (error === undefined) {
          onCli.push(def);
          continue;
        }
        leftOutOfCli.set(def.name, error.message);
        if (problem === undefined) noTable.set(def.name, error.message);
        refused.push({ tool: def.name, client: "cli", error });
      }
      if (opts.onRefused !== undefined) for (const event of refused) opts.onRefused(event);
    }
    return onCli;
  };
  const commandsOf = () => {
    if (commands === undefined) {
      // No prototype: a tool named "__proto__" is a key like any other.
      const tools = Object.create(null);
      for (const def of cliDefs()) tools[def.name] = def.cliWith(shared).tool();
      const made = {};
      if (opts.name !== undefined) made.name = opts.name;
      if (opts.version !== undefined) made.version = opts.version;
      // runCli answers `completion <shell>` with the script for `name`: the set lists it.
      if (isProgramName(opts.name)) made.completion = true;
      commands = api.compileCommands(tools, made);
    }
    return commands;
  };

  /** `completion <shell>`: the script for the registry's `name`, exit 0; what is missing, exit 2. */
  function printScript(io, shell) {
    if (!SHELLS.includes(shell)) {
      io.err(`usage: ${opts.name ?? "<command>"} completion bash|zsh|fish (prints the script that gives the shell completion)\n`);
      return 2;
    }
    if (!isProgramName(opts.name)) {
      const given = opts.name === undefined ? "" : ` (its name ${JSON.stringify(String(opts.name)).slice(0, 40)} is not one: letters, digits, '_', '.', '+', '-')`;
      io.err(`the completion script needs the name the command is typed by: give createRegistry the option "name"${given}\n`);
      return 2;
    }
    io.out(completionScript(opts.name, shell));
    return 0;
  }

  async function runCli(argv, io) {
    if (defs.length === 0) throw fail("INVALID_OPTION", "this registry has no tools to run");
    const first = cliDefs()[0];
    if (first === undefined && noTable.size === 0) {
      const [problem] = leftOutOfCli.values();
      const more = leftOutOfCli.size > 1 ? ` (and ${leftOutOfCli.size - 1} more)` : "";
      throw fail("INVALID_OPTION", `no tool of this registry can be run from a command line: ${problem}${more}`);
    }
    const opened = ioOf(io, api.closest);
    // Said at the start, never hidden: which tools have no command line, and why.
    for (const [tool, reason] of noTable) opened.err(`note: tool "${tool}" has no command line, only MCP: ${reason}\n`);
    const typed = Array.isArray(argv) ? argv[0] : undefined;
    if (typeof typed === "string" && leftOutOfCli.has(typed)) return notOnCli(opened, typed, leftOutOfCli.get(typed));
    // `--help=json` (or `help --json`) and `--help=md`: the whole program for an agent to read.
    const asJson = typed === "--help=json" || (typed === "help" && argv[1] === "--json" && !byName.has("help"));
    // `<tool> --help=json`: that command alone.
    const one = byName.get(typed) !== undefined && (argv[1] === "--help=json" || argv[1] === "--help=md") ? byName.get(typed) : undefined;
    if (asJson || typed === "--help=md" || one !== undefined) {
      const help = { ...(opts.name === undefined ? {} : { name: String(opts.name) }), ...(opts.version === undefined ? {} : { version: String(opts.version) }) };
      const described = (d) => (leftOutOfCli.has(d.name) && !noTable.has(d.name) ? { name: d.name, noCommandLine: leftOutOfCli.get(d.name) } : commandHelp(d, d.cliWith(shared).tool()));
      help.commands = one !== undefined ? [described(one)] : defs.map(described);
      const json = one !== undefined ? argv[1] === "--help=json" : asJson;
      opened.out(json ? `${JSON.stringify(help, null, 2)}\n` : helpMarkdown(help));
      return 0;
    }
    // `schema <tool> [--client x]`, unless a tool took the word: its definition as MCP lists it.
    if (typed === SCHEMA && !byName.has(SCHEMA)) {
      const of = byName.get(argv[1]);
      if (of === undefined) {
        opened.err(`usage: ${opts.name ?? "<command>"} schema <tool> [--client <profile>]; tools: ${defs.map((d) => d.name).join(", ")}\n`);
        return 2;
      }
      return printSchemaOf(of, argv.slice(2), opened);
    }
    // `<tool> --json '{...}'`: the whole input as one JSON object, even for a tool with no command line of flags.
    const jsonDef = typeof typed === "string" ? byName.get(typed) : undefined;
    const jsonFound = jsonDef === undefined ? undefined : jsonFlag(argv.slice(1));
    if (jsonFound !== undefined) return jsonDef.cliWith(shared).runJson(argv.slice(1), jsonFound, opened);
    if (first === undefined) {
      opened.err("no tool of this registry has a command line (see the notes above); they are served over MCP only\n");
      return 2;
    }
    const set = commandsOf();
    // `completion <shell>`, unless a tool took the word: the script.
    if (typed === COMPLETION && !byName.has(COMPLETION) && argv.length <= 2) return printScript(opened, argv[1]);
    const completed = answerCompletion(argv, opened, (words) => set.complete(words));
    if (completed !== undefined) return completed;
    const parseOptions = { env: opened.env, config: opened.config };
    const reparse = (again, partial = false) => set.safeParseArgv(again, partial ? { ...parseOptions, partial } : parseOptions);
    // `--no-input`: no prompt for missing flags (prompt.mjs).
    const owner = byName.get(argv[0]);
    const { argv: words, noInput } = takeNoInput(argv, () => owner !== undefined && ownNames(owner.cliWith(shared).tool()).has("no-input"));
    const parsed = reparse(words);
    // On an error the command word is argv's first, when it names a tool.
    const named = byName.get(parsed.success ? parsed.command : words[0]);
    // A tool with no command line (keys no flag can be named after, a
    // union with no discriminator) answers why when its word is typed, as
    // a name that cannot be typed does: the other tools still run.
    if (!parsed.success && named !== undefined && !PASSED_ON.has(parsed.error.code)) return notOnCli(opened, named.name, parsed.error.message);
    const def = named || first;
    const sameTool = (again, partial) => {
      const read = reparse(again, partial);
      return read.success && read.command === def.name ? read : { success: false };
    };
    return def.cliWith(shared).settle(parsed, words, { ...opened, noInput }, sameTool, parsed.success ? words.slice(1) : words);
  }

  return runCli;
}
