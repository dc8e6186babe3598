// createRegistry: several definitions served together. `list` answers
// tools/list (grouped or flat exposition, filtered by tags), `call` routes
// tools/call by name, `attach` installs both on an MCP SDK server, and
// `runCli` is the command line of every tool (`ops deploy --service api`).

import { answerCompletion, completionScript, isProgramName, SHELLS } from "./completion.mjs";
import { fail, isAnswer } from "./errors.mjs";
import { profileForClient } from "./clients.mjs";
import { errorResult } from "./results.mjs";
import { ANSWERED, ioOf } from "./run-cli.mjs";
import { isObject } from "./objects.mjs";
import { knownOptions } from "./option-keys.mjs";
import { announceToolsChanged, claimTools, clientNameOf, handlerSetter, lowServer, markTools } from "./sdk-server.mjs";
import { keepTextArguments } from "./text-arguments.mjs";
import { spend, strictCost } from "./strict-budget.mjs";

const LIST_OPTIONS = ["client", "tags", "anyTags", "exclude"];
/**
 * The strict profiles, each with the profile of the same API a tool falls
 * back to, sent without strict (both APIs take strict and other tools in
 * one request), and whether one request's strict tools share limits
 * (Claude's, strict-budget.mjs).
 */
const STRICT = new Map([
  ["anthropic-strict", { loose: "anthropic", shared: true }],
  ["openai-strict", { loose: "openai", shared: false }],
]);
const REGISTRY_OPTIONS = ["exposition", "name", "version", "onRefused"];
const ATTACH_OPTIONS = ["client", "filter"];
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
function noCommandLine(def) {
  try {
    def.cli.tool().flags();
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

function stringList(value, what) {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw fail("INVALID_OPTION", `${what} must be an array of strings`);
  return value;
}

/** A filter from `{ tags, anyTags, exclude }`: all of, any of, none of. */
function tagFilter(options, what) {
  const tags = stringList(options.tags, `${what} "tags"`);
  const anyTags = stringList(options.anyTags, `${what} "anyTags"`);
  const exclude = stringList(options.exclude, `${what} "exclude"`);
  return (def) =>
    (!tags || tags.every((t) => def.tags.includes(t))) &&
    (!anyTags || anyTags.some((t) => def.tags.includes(t))) &&
    (!exclude || !exclude.some((t) => def.tags.includes(t)));
}

/**
 * What `list` does with a tool the client's profile refuses: an error other
 * than UNSUPPORTED_BY_CLIENT is thrown as before; a refusal is reported once
 * per tool and client, to `onRefused` or else as one line on stderr (an MCP
 * server's log), so that a tool missing from a client's list is never a
 * mystery.
 */
function refusals(onRefused) {
  const told = new Set();
  return function refused({ tool, client, error, fallback }) {
    if (!error || error.code !== "UNSUPPORTED_BY_CLIENT") throw error;
    const key = `${client}\0${tool}`;
    if (told.has(key)) return;
    told.add(key);
    const heard = fallback === undefined ? { tool, client, error } : { tool, client, error, fallback };
    if (onRefused !== undefined) onRefused(heard);
    else if (fallback === undefined) console.warn(`toolshape: tool "${tool}" is left out of tools/list for client profile "${client}": ${error.message}`);
    else console.warn(`toolshape: tool "${tool}" is listed with its "${fallback}" schema, not strict, for client profile "${client}": ${error.message}`);
  };
}

/** The registry over the API (compileCommands) and the define functions' output. */
export function makeRegistry(api) {
  return function createRegistry(defs, options) {
    if (!Array.isArray(defs)) throw fail("INVALID_OPTION", "createRegistry takes an array of definitions from defineTool or defineGroup");
    const opts = options === undefined ? {} : knownOptions(options, REGISTRY_OPTIONS, "createRegistry", api.closest);
    if (opts.onRefused !== undefined && typeof opts.onRefused !== "function") throw fail("INVALID_OPTION", 'createRegistry option "onRefused" must be a function ({ tool, client, error }) => void');
    const refused = refusals(opts.onRefused);
    const exposition = opts.exposition === undefined ? "grouped" : opts.exposition;
    if (exposition !== "grouped" && exposition !== "flat") throw fail("INVALID_OPTION", `createRegistry option "exposition" is "grouped" or "flat", got ${JSON.stringify(exposition)}`);
    const byName = new Map();
    /** Flat names of grouped tools' actions: name -> the group. */
    const byFlatName = new Map();
    const claim = (name, what) => {
      if (byName.has(name) || byFlatName.has(name)) throw fail("INVALID_DEFINITION", `createRegistry: two tools are named "${name}" (${what})`);
    };
    defs.forEach((def, i) => {
      if (!isObject(def) || (def.kind !== "tool" && def.kind !== "group")) throw fail("INVALID_DEFINITION", `createRegistry: item ${i} is not a definition from defineTool or defineGroup`);
      claim(def.name, `item ${i}`);
      byName.set(def.name, def);
    });
    for (const def of defs) {
      if (def.kind !== "group") continue;
      for (const action of def.actions) {
        if (!def.flatNames.includes(action.flatName)) continue; // the built-in help
        claim(action.flatName, `the flat name of ${def.name}'s action ${action.key}`);
        byFlatName.set(action.flatName, def);
      }
    }
    const all = [...byName.keys(), ...byFlatName.keys()];
    /** The names tools/list shows, in its order: for the unknown-tool error. */
    const listed =
      exposition === "flat"
        ? defs.flatMap((def) => (def.kind === "group" ? def.flatNames : [def.name]))
        : [...byName.keys()];

    function list(listOptions) {
      const given = listOptions === undefined ? {} : knownOptions(listOptions, LIST_OPTIONS, "list", api.closest);
      const keep = tagFilter(given, "list option");
      const client = given.client === undefined ? "mcp" : given.client;
      // A tool the client's profile cannot take is left out, not the whole
      // list: sent as it is, the client would refuse every tool with it.
      const leftOut = (tool, error) => refused({ tool, client, error });
      if (STRICT.has(client)) return listStrict(client, keep, leftOut);
      return listFor(client, keep, leftOut);
    }

    /** Every kept definition's listing (or, flat, each action's) for one profile. */
    function listFor(client, keep, leftOut) {
      const out = [];
      for (const def of defs) {
        if (!keep(def)) continue;
        // A group's flat projection leaves out only the actions refused; a
        // plain tool is its own projection.
        if (exposition === "flat" && def.kind === "group") {
          out.push(...def.definitions({ client }, leftOut));
          continue;
        }
        try {
          out.push(def.definition({ client }));
        } catch (error) {
          leftOut(def.name, error);
        }
      }
      return out;
    }

    /**
     * A strict profile: each tool strict (`strict: true`) where the strict
     * profile takes it and, for Claude, while the request's limits still
     * hold in list order; otherwise listed with the same API's non-strict
     * schema (`strict: false`) and reported, rather than left out. A tool
     * neither profile takes is left out, as for any client.
     */
    function listStrict(client, keep, leftOut) {
      const { loose, shared } = STRICT.get(client);
      const refusedStrict = new Map();
      const strictOf = new Map();
      for (const listing of listFor(client, keep, (tool, error) => refusedStrict.set(tool, error))) strictOf.set(listing.name, listing);
      const spent = { tools: 0, optional: 0, unions: 0 };
      return listFor(loose, keep, leftOut).map((listing) => {
        const strict = strictOf.get(listing.name);
        let error = refusedStrict.get(listing.name);
        if (strict !== undefined) {
          const over = shared ? spend(spent, strictCost(strict.inputSchema)) : undefined;
          if (over === undefined) return { ...strict, strict: true };
          error = fail("UNSUPPORTED_BY_CLIENT", `the ${client} profile cannot take this tool within the request's limits (1 problem):\n  - LIMIT_EXCEEDED at #: ${over}`, {
            issues: [{ code: "LIMIT_EXCEEDED", pointer: "", message: over }],
          });
        }
        if (error !== undefined) refused({ tool: listing.name, client, error, fallback: loose });
        return { ...listing, strict: false };
      });
    }

    async function call(name, args, extra, callOptions) {
      if (typeof name !== "string") return errorResult(`[registry] the tool name must be a string, got ${name === null ? "null" : typeof name}`);
      const def = byName.get(name);
      if (def !== undefined) return def.call(args, extra, callOptions);
      const group = byFlatName.get(name);
      if (group !== undefined) return group.callFlat(name, args, extra, callOptions);
      const shown = name.length > 80 ? `${name.slice(0, 80)}...` : name;
      const close = all.length > 0 ? api.closest(name, all) : undefined;
      const hint = close === undefined ? "" : ` Did you mean "${close}"?`;
      return errorResult(`[registry] Unknown tool "${shown}".${hint} Tools: ${listed.join(", ")}`);
    }

    function attach(server, attachOptions) {
      const low = lowServer(server);
      if (low === undefined) throw fail("INVALID_OPTION", "attach takes the MCP SDK's McpServer or Server (anything with setRequestHandler)");
      const given = attachOptions === undefined ? {} : knownOptions(attachOptions, ATTACH_OPTIONS, "attach", api.closest);
      const fixed = given.client === undefined ? "auto" : given.client;
      if (typeof fixed !== "string") throw fail("INVALID_OPTION", 'attach option "client" is "auto" or a profile name');
      const filter = given.filter === undefined ? {} : given.filter;
      if (!isObject(filter) && typeof filter !== "function") throw fail("INVALID_OPTION", 'attach option "filter" is { tags, anyTags, exclude } or a function of a definition');
      const listFilter = typeof filter === "function" ? {} : filter;
      const keep = typeof filter === "function" ? filter : tagFilter(listFilter, "attach filter");
      const clientNow = (extra) => (fixed === "auto" ? profileForClient(clientNameOf(low, extra)) : fixed);
      claimTools(low, "attach");
      if (typeof low.registerCapabilities === "function" && !(low.getCapabilities && low.getCapabilities() && low.getCapabilities().tools)) {
        // listChanged: attach and detach on a connected server say so.
        low.registerCapabilities({ tools: { listChanged: true } });
      }
      // `arguments` sent as one string, kept for the call path's repair.
      const textArguments = keepTextArguments(low);
      const visible = (name) => {
        const def = byName.get(name) || byFlatName.get(name);
        return def !== undefined && keep(def);
      };
      const setHandler = handlerSetter(low, "attach");
      try {
        setHandler("tools/list", async (request, extra) => ({
          tools: list({ client: clientNow(extra), ...listFilter }).filter((t) => visible(t.name)),
        }));
        setHandler("tools/call", async (request, extra) => {
          const params = (request && request.params) || {};
          const args = textArguments.argumentsOf(request, extra);
          if (typeof params.name === "string" && !visible(params.name) && (byName.has(params.name) || byFlatName.has(params.name))) {
            return errorResult(`[registry] Tool "${params.name}" is not available here`);
          }
          return call(params.name, args, extra, { client: clientNow(extra) });
        });
      } catch (error) {
        textArguments.detach();
        throw error;
      }
      markTools(low, true);
      announceToolsChanged(low);
      let attached = true;
      return function detach() {
        if (!attached) return;
        attached = false;
        markTools(low, false);
        textArguments.detach();
        setHandler("tools/list", async () => ({ tools: [] }));
        setHandler("tools/call", async (request) => {
          const name = request && request.params && request.params.name;
          return errorResult(`[registry] Tool "${typeof name === "string" ? name : "?"}" is no longer served here (the registry was detached)`);
        });
        announceToolsChanged(low);
      };
    }

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
          const error = problem === undefined ? noCommandLine(def) : fail("INVALID_OPTION", problem);
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
        for (const def of cliDefs()) tools[def.name] = def.cli.tool();
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
      if (first === undefined) {
        opened.err("no tool of this registry has a command line (see the notes above); they are served over MCP only\n");
        return 2;
      }
      const set = commandsOf();
      // `completion <shell>`, unless a tool took the word: the script.
      if (typed === COMPLETION && !byName.has(COMPLETION) && argv.length <= 2) return printScript(opened, argv[1]);
      const completed = answerCompletion(argv, opened, (words) => set.complete(words));
      if (completed !== undefined) return completed;
      const parseOptions = opened.env === undefined ? {} : { env: opened.env };
      const reparse = (again, partial = false) => set.safeParseArgv(again, partial ? { ...parseOptions, partial } : parseOptions);
      const parsed = reparse(argv);
      // On an error the command word is argv's first, when it names a tool.
      const named = byName.get(parsed.success ? parsed.command : argv[0]);
      // A tool with no command line (keys no flag can be named after, a
      // union with no discriminator) answers why when its word is typed, as
      // a name that cannot be typed does: the other tools still run.
      if (!parsed.success && named !== undefined && !PASSED_ON.has(parsed.error.code)) return notOnCli(opened, named.name, parsed.error.message);
      const def = named || first;
      const sameTool = (again, partial) => {
        const read = reparse(again, partial);
        return read.success && read.command === def.name ? read : { success: false };
      };
      return def.cli.settle(parsed, argv, opened, sameTool, parsed.success ? argv.slice(1) : argv);
    }

    return Object.freeze({ exposition, list, call, attach, runCli, tools: Object.freeze([...defs]) });
  };
}
