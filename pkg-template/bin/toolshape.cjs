#!/usr/bin/env node
"use strict";
// The toolshape CLI. Its own flags are a JSON Schema parsed by toolshape
// itself, so the CLI is also the first user of the library.
// Exit codes: 0 done, 1 the schema or the arguments were bad, 2 misuse.
const { readFileSync } = require("node:fs");
const { resolve, join } = require("node:path");
const { pathToFileURL } = require("node:url");
const { compile, check, repair, actionHelp, formatActionHelpJson, formatActionHelpMarkdown, ToolshapeError } = require("../index.cjs");
const { tour } = require("./tour.cjs");
const { checkText, refusedBy } = require("./check-report.cjs");

const CLIENTS = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];

const COMMANDS = {
  tour: "the whole job on one tool: two clients' schemas, usage, a parse, a repair",
  inspect: "print the MCP inputSchema (--client NAME: the schema that client accepts)",
  check: "lint a schema against client profiles (--client NAME|all, default all); exit 1 when a client would be served nothing",
  flags: "print the flag table",
  usage: "print --help text for the tool",
  parse: "parse argv given after -- into nested arguments",
  help: "print help for an action union: help [schema.json] [topic] [--json]",
};

const OPTIONS = {
  type: "object",
  properties: {
    zod: { type: "string", description: "Read a Zod schema exported by an ES module instead: module.mjs#export (default export if no #)" },
    client: { type: "string", enum: [...CLIENTS, "all"], description: "Client profile for inspect and check (all: every client, check only)" },
    markdown: { type: "boolean", description: "usage: print markdown instead of text" },
    width: { type: "integer", description: "usage: wrap text at this many columns" },
    name: { type: "string", description: "Command name shown in usage text" },
    json: { type: "boolean", description: "help, check: print JSON instead of text" },
    strict: { type: "boolean", description: "help: refuse a branch without the discriminator" },
    discriminator: { type: "string", description: "help: the discriminator key, if it should not be found by itself" },
    topic: { type: "string", description: "usage: one action's flags, for an action union (logs, zfs:pools)" },
    allowPositionals: { type: "boolean", description: "parse: send positionals no key takes to rest instead of refusing them" },
  },
};

// `--version` is the library's own (VERSION_REQUESTED), as a tool author's would be.
const VERSION = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")).version;
const cli = compile(OPTIONS, { name: "toolshape", version: VERSION });

function help() {
  const commands = Object.entries(COMMANDS)
    .map(([name, text]) => `  ${name.padEnd(9)}${text}`)
    .join("\n");
  const options = cli.usage({ width: 80 }).split("\n").slice(2).join("\n").trimStart();
  return `Usage: toolshape <command> [schema.json] [options] [-- argv...]

One tool definition, every front: reads a tool's JSON Schema (as Zod emits it)
and prints what MCP clients and command lines need. Without a schema file the
bundled example (a deploy tool with nested objects, arrays, enums and
defaults) is used.

Commands:
${commands}

${options}`;
}

class Misuse extends Error {}

/** The command `typed` most likely meant: the closest by edit distance, at most a third of its length away. */
function nearest(typed, words) {
  const distance = (a, b) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length];
  };
  const limit = Math.max(1, Math.floor(String(typed).length / 3));
  const [best] = words.map((w) => [distance(String(typed), w), w]).filter(([d]) => d <= limit).sort((x, y) => x[0] - y[0]);
  return best && best[1];
}

function readSchemaFile(file) {
  const path = file === "-" ? 0 : resolve(file);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new ToolshapeError("INVALID_SCHEMA", `cannot read ${file}: ${error.code || error.message}`);
  }
}

async function loadZod(spec) {
  const hash = spec.lastIndexOf("#");
  const file = hash > 0 ? spec.slice(0, hash) : spec;
  const name = hash > 0 ? spec.slice(hash + 1) : "default";
  let mod;
  try {
    mod = await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    // A .ts module on a Node that does not strip types: say the way out.
    if (error && error.code === "ERR_UNKNOWN_FILE_EXTENSION" && /\.[mc]?ts$/.test(file)) {
      throw new ToolshapeError("INVALID_SCHEMA", `cannot import ${file}: Node ${process.version} does not run TypeScript; use Node 22.18 or later, which strips types (22.6 to 22.17: NODE_OPTIONS=--experimental-strip-types), or export the schema from a .mjs file`);
    }
    throw new ToolshapeError("INVALID_SCHEMA", `cannot import ${file}: ${error.message}`);
  }
  if (!(name in mod)) {
    throw new ToolshapeError("INVALID_SCHEMA", `${file} has no export named ${name} (exports: ${Object.keys(mod).join(", ") || "none"})`);
  }
  return mod[name];
}

async function main(argv) {
  const split = argv.indexOf("--");
  const own = split < 0 ? argv : argv.slice(0, split);
  const after = split < 0 ? [] : argv.slice(split + 1);
  if (own.includes("--help") || own.includes("-h") || own.length === 0) {
    process.stdout.write(`${help()}\n`);
    return own.length === 0 && argv.length > 0 ? 2 : 0;
  }
  const parsed = cli.safeParseArgv(own, { allowPositionals: true });
  if (!parsed.success && parsed.error.code === "VERSION_REQUESTED") {
    process.stdout.write(`${parsed.error.message}\n`);
    return 0;
  }
  if (!parsed.success) throw new Misuse(parsed.error.message);
  const options = parsed.data;
  const [command, ...positionals] = parsed.rest;
  if (!Object.hasOwn(COMMANDS, command)) {
    const meant = command === undefined ? undefined : nearest(command, Object.keys(COMMANDS));
    const hint = meant === undefined ? "" : `; did you mean "${meant}"?`;
    throw new Misuse(`unknown command ${JSON.stringify(command)}${hint} (commands: ${Object.keys(COMMANDS).join(", ")})`);
  }
  // help takes [file] [topic]; with --zod, the one positional is the topic.
  const takes = command === "help" ? 2 - (options.zod !== undefined ? 1 : 0) : 1;
  const [file, topic] = command === "help" && options.zod !== undefined ? [undefined, positionals[0]] : positionals;
  if (positionals.length > takes) throw new Misuse(`unexpected argument ${JSON.stringify(positionals[takes])}; argv to parse goes after --`);
  if (command === "tour" && (file !== undefined || options.zod !== undefined)) throw new Misuse("tour shows the bundled example; it takes no schema");
  if (command === "help") {
    const source = options.zod !== undefined ? await loadZod(options.zod) : readSchemaFile(file === undefined ? join(__dirname, "..", "example-actions.schema.json") : file);
    const entries = actionHelp(source, { topic, strict: options.strict === true, discriminator: options.discriminator });
    const text = options.json ? formatActionHelpJson(entries) : formatActionHelpMarkdown(entries);
    process.stdout.write(`${text}\n`);
    return 0;
  }
  if (after.length > 0 && command !== "parse") throw new Misuse(`only parse takes argv after --`);
  if (file !== undefined && options.zod !== undefined) throw new Misuse("give a schema file or --zod, not both");

  const schema = options.zod !== undefined
    ? await loadZod(options.zod)
    : readSchemaFile(file === undefined ? join(__dirname, "..", "example.schema.json") : file);
  if (command === "check") {
    const all = check(schema, "all");
    const checks = all.filter((c) => options.client === undefined || options.client === "all" || c.client === options.client);
    const out = options.json ? JSON.stringify(checks, null, 2) : checkText(checks, all);
    process.stdout.write(`${out}\n`);
    return refusedBy(checks, all).length > 0 ? 1 : 0;
  }
  if (options.client === "all") throw new Misuse("inspect takes one client; --client all is for check");
  const tool = compile(schema, { name: options.name || (file === undefined && options.zod === undefined ? "deploy" : "tool") });
  let out;
  switch (command) {
    case "tour":
      out = tour(tool, repair, {
        argv: ["--service", "api", "--tags", "blue", "--tags", "eu", "--config-timeout", "5", "--config-registry-url", "https://registry.example"],
        call: { service: "api", replicas: "3", config: '{"timeout": "5"}' },
      }).join("\n");
      break;
    case "inspect":
      out = JSON.stringify(tool.inputSchema({ client: options.client }), null, 2);
      break;
    case "flags": {
      const flags = tool.flags();
      // A tool with no command line has no flags; say why rather than print [].
      const refused = flags.length === 0 ? tool.safeParseArgv([]).error : undefined;
      if (refused !== undefined && refused.code !== "INVALID_ARGS") throw refused;
      out = JSON.stringify(flags, null, 2);
      break;
    }
    case "usage":
      out = tool.usage({ format: options.markdown ? "markdown" : "text", width: options.width || process.stdout.columns || 80, topic: options.topic });
      break;
    case "parse": {
      const result = tool.safeParseArgv(after, { env: process.env, allowPositionals: options.allowPositionals === true });
      // `--help` in the argv to parse is asked for, not an error: printed, exit 0.
      if (!result.success && result.error.code === "HELP_REQUESTED") {
        process.stdout.write(`${result.error.message}\n`);
        return 0;
      }
      if (!result.success) throw result.error;
      out = JSON.stringify({ data: result.data, rest: result.rest }, null, 2);
      break;
    }
  }
  process.stdout.write(out.endsWith("\n") ? out : `${out}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof Misuse) {
      process.stderr.write(`toolshape: ${error.message}\nRun toolshape --help for usage.\n`);
      process.exitCode = 2;
    } else if (error instanceof ToolshapeError) {
      process.stderr.write(`toolshape: ${error.code}: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`toolshape: internal error: ${error && error.stack}\n`);
      process.exitCode = 1;
    }
  },
);
