// `--json '<whole input>'` (or `--json -`, standard input) on a command
// line made by runCli: the arguments as one JSON object, through the same
// repair and validation as an MCP call. Flags beside it are refused: one
// input has one source, and a flag that silently lost to the JSON (or won
// over it) would hide which one ran. A group's action may be named by its
// words before `--json` (`users create --json '{...}'`), or in the JSON.

import { clientOf, jsonProblem } from "./agent-argv.mjs";
import { printResult } from "./results.mjs";

/** Standard input, whole, as text: `io.stdin` (text, or a function of it) or the process's. */
async function readStdin(stdin) {
  if (typeof stdin === "string") return stdin;
  if (typeof stdin === "function") return String(await stdin());
  const stream = globalThis.process && globalThis.process.stdin;
  if (!stream) return "";
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
  return chunks.join("");
}

/**
 * Runs a definition's call with the JSON input `found` in `tokens`: `call(args, extra)`
 * is its MCP call (repair, validation, handler); `named(words)` the
 * discriminator entry the words before `--json` name (groups), or undefined.
 */
export async function runJson(tokens, found, io, { call, named, usage }) {
  const problem = jsonProblem(tokens, found);
  if (problem !== undefined) {
    io.err(`${problem}\n${found.value === undefined ? "" : usage}`);
    return 2;
  }
  const words = tokens.slice(0, found.at).filter((t) => !t.startsWith("-"));
  const action = words.length > 0 ? named(words) : undefined;
  if (words.length > 0 && action === undefined) {
    io.err(`unexpected argument ${JSON.stringify(words[0])} before --json\n${usage}`);
    return 2;
  }
  let args = found.value === "-" ? await readStdin(io.stdin) : found.value;
  if (action !== undefined) {
    // The action named by its words, the rest from the JSON (repaired as a call's arguments are).
    let object;
    try {
      object = JSON.parse(args);
    } catch {
      object = undefined;
    }
    if (object !== null && typeof object === "object" && !Array.isArray(object)) args = { ...object, [action.key]: action.value };
  }
  return printResult(io, await call(args, io.extra));
}

/**
 * `schema <tool>` (a registry) or `--schema` (one definition): the tool's
 * definition as MCP lists it, with its input (and output) JSON Schema,
 * for `--client <profile>` (default `mcp`). Printed as JSON, exit 0.
 */
export function printSchema(def, tokens, io) {
  const { client, problem } = clientOf(tokens);
  if (problem !== undefined) {
    io.err(`usage: schema <tool> [--client <profile>] (${problem})\n`);
    return 2;
  }
  io.out(`${JSON.stringify(def.definition(client === undefined ? undefined : { client }), null, 2)}\n`);
  return 0;
}
