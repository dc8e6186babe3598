// runCli: a definition (or a registry) as a command line. argv is parsed
// with the compiled flag table; `--help` prints usage (exit 0); argument
// errors and the validator's issues, in flag terms and all at once, go to
// stderr (exit 2); otherwise the call runs and its text is printed (exit 0,
// or 1 when the result is an error). A completion script's question
// (`--toolshape-complete <shell> ...`, completion.mjs) is answered with the
// candidates instead. It never calls process.exit.

import { answerCompletion } from "./completion.mjs";
import { agentForm, ownNames } from "./agent-argv.mjs";
import { printSchema, runJson } from "./json-input.mjs";
import { commandHelp, helpMarkdown } from "./help-json.mjs";
import { ToolshapeError } from "./errors.mjs";
import { knownOptions } from "./option-keys.mjs";
import { underPath } from "./objects.mjs";
import { interactive, missingFlags, promptFor, takeNoInput } from "./prompt.mjs";
import { keyPath, printResult, resultText } from "./results.mjs";

/** Where text goes: a function, anything with `write`, or the process's stream. */
function writer(target, fallback) {
  if (typeof target === "function") return target;
  if (target && typeof target.write === "function") return (text) => target.write(text);
  const proc = globalThis.process;
  const stream = proc && proc[fallback];
  return stream && typeof stream.write === "function" ? (text) => stream.write(text) : () => {};
}

const IO_KEYS = ["env", "stdout", "stderr", "stdin", "extra", "config"];

/**
 * The writers and environment of `runCli(argv, io)`. A key it does not take
 * (`stdOut`, `environment`) is refused, as other options objects' are:
 * ignored, it would send the output where the caller did not ask.
 */
export function ioOf(io, closest) {
  if (io === undefined || io === null) return ioOf({});
  if (typeof io !== "object" || Array.isArray(io)) {
    throw new ToolshapeError("INVALID_OPTION", "runCli(argv, io) takes io as an object { env, stdout, stderr, stdin, extra, config }");
  }
  const given = knownOptions(io, IO_KEYS, "runCli io", closest);
  // A person at a terminal is asked for missing flags (prompt.mjs); a given stdin is no terminal.
  const ask = given.stdin === undefined && given.stdout === undefined && interactive();
  return { env: given.env, extra: given.extra, stdin: given.stdin, config: given.config, ask, out: writer(given.stdout, "stdout"), err: writer(given.stderr, "stderr") };
}

/** The flag that sets `path` (or the nearest enclosing one: a JSON flag). */
function flagFor(flags, path, literal) {
  let best;
  for (const flag of flags) {
    if (literal !== undefined && Array.isArray(flag.actions) && !flag.actions.includes(literal)) continue;
    if (!underPath(path, flag.path)) continue;
    if (best === undefined || flag.path.length > best.path.length) best = flag;
  }
  return best;
}

function issueText(issue, flags, literal) {
  if (issue.whole) return issue.message;
  const path = keyPath(issue);
  const flag = flagFor(flags, path, literal);
  if (flag) return `--${flag.name}: ${issue.message}`;
  return path.length > 0 ? `${path.join(".")}: ${issue.message}` : issue.message;
}

/** argv issues after which the validator still has something to say. */
const LATER = new Set(["invalid_value", "missing_required"]);

/** argv without the tokens of these flags (`--a 1`, `--a=1`), to read what the rest says. */
function withoutFlags(argv, names) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const name = names.find((n) => token === n || token.startsWith(`${n}=`));
    if (name === undefined) out.push(token);
    else if (token === name && i + 1 < argv.length && !argv[i + 1].startsWith("-")) i++;
  }
  return out;
}

/** Parse errors a command line answers itself (usage, version, argument problems); `settle` throws any other. */
export const ANSWERED = new Set(["INVALID_ARGS", "HELP_REQUESTED", "VERSION_REQUESTED"]);

/**
 * @param {{ tool: () => object, route: (data: object) => ({ run: Function, validate: Function } | undefined),
 *   literalOf?: (data: object) => string | undefined, closest?: Function }} spec
 */
export function makeCliRunner(spec) {
  /**
   * What a parse result means for the command line; `reparse` reads argv
   * again. `own` is the tool's own argv (a registry's argv without the
   * command word).
   */
  async function settle(parsed, argv, io, reparse, own = argv) {
    const { data } = parsed;
    const tool = spec.tool();
    if (!parsed.success) {
      const { error } = parsed;
      if (!ANSWERED.has(error.code)) throw error;
      if (error.code === "HELP_REQUESTED" || error.code === "VERSION_REQUESTED") {
        io.out(error.message.endsWith("\n") ? error.message : `${error.message}\n`);
        return 0;
      }
      const missing = io.ask && !io.noInput ? missingFlags(error, tool.flags()) : undefined;
      const typed = missing === undefined ? undefined : await promptFor(missing);
      if (typed !== undefined) {
        // The answers read as flags, before any `--`; asked once.
        const end = argv.indexOf("--");
        const again = end === -1 ? [...argv, ...typed] : [...argv.slice(0, end), ...typed, ...argv.slice(end)];
        return settle(reparse(again), again, { ...io, ask: false }, reparse, [...own, ...typed]);
      }
      const lines = error.issues.length > 0 ? error.issues.map((i) => i.message) : [error.message];
      lines.push(...(await laterIssues(error, argv, reparse)));
      io.err(`${lines.join("\n")}\nRun with --help for usage.\n`);
      return 2;
    }
    const route = spec.route(data);
    if (route === undefined) {
      io.err("no action matches these arguments\n");
      return 2;
    }
    const checked = await route.validate(data);
    if (checked.failed) {
      io.err(`${resultText(checked.failed)}\n`);
      return 1;
    }
    if (checked.issues) {
      const flags = tool.flags();
      const literal = spec.literalOf ? spec.literalOf(data) : undefined;
      io.err(`${checked.issues.map((i) => issueText(i, flags, literal)).join("\n")}\nRun with --help for usage.\n`);
      return 2;
    }
    // Deprecated, still run: said once each, as cobra and argparse say it.
    for (const used of tool.deprecatedIn(own)) {
      const what = used.flag ?? (used.action === undefined ? `the command "${used.command}"` : `the action "${used.action}"`);
      io.err(`warning: ${what} is deprecated${used.message === undefined ? "" : `: ${used.message}`}\n`);
    }
    return printResult(io, await route.run(data, io.extra));
  }

  /**
   * The validator's issues for what did parse, when argv's only problems
   * are values of some flags or missing required ones: argv is read again
   * without the bad values and with missing flags allowed, so that both
   * kinds of problem are reported at once (each path once).
   */
  async function laterIssues(error, argv, reparse) {
    if (!error.issues.every((i) => LATER.has(i.code) && typeof i.flag === "string")) return [];
    const bad = error.issues.filter((i) => i.code === "invalid_value").map((i) => i.flag);
    const again = reparse(withoutFlags(argv, bad), true);
    if (!again.success) return [];
    const route = spec.route(again.data);
    if (route === undefined) return [];
    const checked = await route.validate(again.data);
    // A validator that throws says so once the arguments parse.
    if (!checked.issues) return [];
    const flags = spec.tool().flags();
    const literal = spec.literalOf ? spec.literalOf(again.data) : undefined;
    const badPaths = error.issues.map(keyPath);
    return checked.issues
      .filter((i) => !badPaths.some((p) => p.length > 0 && underPath(keyPath(i), p)))
      .map((i) => issueText(i, flags, literal));
  }

  /** `--json` in `tokens` (found by jsonFlag): the whole input as one JSON object, as an MCP call takes it. */
  function runJsonInput(tokens, found, io) {
    return runJson(tokens, found, io, { call: spec.call, named: spec.named || (() => undefined), usage: "Run with --help for usage.\n" });
  }

  async function runCli(argv, io) {
    const opened = ioOf(io, spec.closest);
    const tool = spec.tool();
    const completed = answerCompletion(argv, opened, (words) => tool.complete(words));
    if (completed !== undefined) return completed;
    // `--help=json`, `--help=md`, `--schema` and `--json`, unless the tool's own flag has the name.
    const form = spec.def === undefined || !Array.isArray(argv) ? undefined : agentForm(argv);
    if (form !== undefined && !ownNames(tool).has(form.kind)) {
      if (form.kind === "help") {
        const help = { name: spec.def().name, commands: [commandHelp(spec.def(), tool)] };
        opened.out(form.help === "json" ? `${JSON.stringify(help, null, 2)}\n` : helpMarkdown(help));
        return 0;
      }
      // The definition as MCP lists it.
      if (form.kind === "schema") return printSchema(spec.def(), form.schema, opened);
      if (spec.call !== undefined) return runJsonInput(argv, form.json, opened);
    }
    const options = { env: opened.env, config: opened.config };
    const reparse = (again, partial = false) => tool.safeParseArgv(again, partial ? { ...options, partial } : options);
    const { argv: given, noInput } = takeNoInput(argv, () => ownNames(tool).has("no-input"));
    return settle(reparse(given), given, { ...opened, noInput }, reparse);
  }

  return { runCli, settle, tool: spec.tool, runJson: runJsonInput };
}
