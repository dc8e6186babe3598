// The playground: a schema (Zod code, JSON Schema, or a tool as an MCP
// server lists it: { name, description, inputSchema }) in, every face
// toolshape gives it out, for the client picked. It uses only the shipped
// package's web entry; Zod and the shell splitter are bundled, so nothing
// leaves the page's origin.
import { ToolshapeError, compile, defineGroup, init } from "toolshape";
import { z } from "zod";
import { parse as shellParse } from "shell-quote";
import { EXAMPLES } from "./examples.js";

const CLIENTS = ["mcp", "portable", "openai", "openai-strict", "anthropic", "anthropic-strict", "claude-code", "gemini", "gemini-json", "vscode", "cursor"];
const $ = (id) => document.getElementById(id);
const out = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/**
 * Set when the schema text came from a share link and is code, not JSON:
 * opening a link must not run someone else's code in this page, so it runs
 * only after the "Run it" button (or once an example replaces it).
 */
let sharedCode = false;

/** Thrown instead of running code from a link that the user has not asked to run. */
class SharedCodeWaits extends Error {}

/** The text as JSON, when it is JSON (`undefined` when it is code). */
function asJson(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed === "true" || trimmed === "false") {
    try {
      return { value: JSON.parse(trimmed) };
    } catch {
      // Zod code may start with a brace too (an object literal).
    }
  }
  return undefined;
}

/** The schema text as a value: JSON when it is JSON, else Zod code. */
function evaluate(text) {
  const json = asJson(text);
  if (json !== undefined) return json.value;
  if (sharedCode) throw new SharedCodeWaits();
  // The page's own user typing code into their own page: evaluated with Zod in scope.
  return new Function("z", "defineGroup", `"use strict";\nreturn (${text.trim()}\n);`)(z, defineGroup);
}

/** A command line split as a POSIX shell would (quotes, backslashes); `$X` stays literal. */
function splitArgv(line) {
  return shellParse(line, (name) => `$${name}`)
    .filter((token) => typeof token === "string" || !("comment" in token))
    .map((token) => (typeof token === "string" ? token : token.pattern ?? token.op));
}

const errorText = (error) => (error instanceof ToolshapeError ? `${error.code}: ${error.message}` : `${error && error.name ? error.name : "Error"}: ${error && error.message}`);
const pretty = (value) => JSON.stringify(value, null, 2);

let current; // { tool, group, checked, owned } for the schema text last read
let currentText;

/**
 * The schema text read once per change: `tool` gives flags, usage, parsing
 * and repair; `checked` the profiles' findings (for a group, its grouped
 * schema compiled); `owned` the tools made here, freed on the next change.
 */
function readSchema(text) {
  if (text === currentText && current) return current;
  if (current) for (const tool of current.owned) tool.free();
  current = undefined;
  currentText = text;
  const value = evaluate(text);
  if (value && value.kind === "group") {
    const checked = compile(value.definition().inputSchema);
    current = { tool: value.tool, group: value, checked, owned: [checked] };
  } else if (value && value.kind === "tool") {
    current = { tool: value.tool, checked: value.tool, owned: [] };
  } else if (isListedTool(value)) {
    // A tool as a server lists it (one entry of tools/list): its inputSchema, named for it.
    const tool = compile(value.inputSchema, { name: value.name });
    current = { tool, checked: tool, owned: [tool] };
  } else {
    const tool = compile(value, { name: "tool" });
    current = { tool, checked: tool, owned: [tool] };
  }
  return current;
}

/** `{ name, inputSchema }`, as `tools/list` lists a tool: never a JSON Schema, which has no `inputSchema`. */
function isListedTool(value) {
  return value !== null && typeof value === "object" && typeof value.name === "string" && value.inputSchema !== null && typeof value.inputSchema === "object" && !("type" in value);
}

/** The usage text, or why there is no command line (thrown, never printed as usage). */
function usageText(tool) {
  try {
    return tool.usage();
  } catch (error) {
    return `(no command line: ${errorText(error)})`;
  }
}

function renderFlags(tool) {
  const body = out("flags").tBodies[0];
  // A schema that makes no command line (a key like "First Name", a union
  // with no literal key) throws why: said in place of the table.
  let flags;
  let refused;
  try {
    flags = tool.flags();
  } catch (error) {
    refused = error;
  }
  if (refused !== undefined) {
    const row = document.createElement("tr");
    const cell = document.createElement("td");
    cell.colSpan = 5;
    cell.textContent = `no command line: ${refused.code}: ${refused.message}`;
    row.append(cell);
    body.replaceChildren(row);
    return;
  }
  body.replaceChildren(
    ...flags.map((flag) => {
      const row = document.createElement("tr");
      const cells = [`--${flag.name}${flag.short ? `, -${flag.short}` : ""}`, flag.type + (flag.repeatable ? "[]" : ""), flag.required ? "yes" : "", flag.default === undefined ? "" : JSON.stringify(flag.default), flag.description ?? ""];
      for (const text of cells) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
}

function renderWarnings(checked, client) {
  const list = out("warnings");
  let report;
  try {
    report = checked.check(client);
  } catch (error) {
    report = { warnings: [], errors: [{ code: error.code ?? "ERROR", pointer: "", message: error.message }] };
  }
  const items = [...report.errors.map((f) => ["error", f]), ...report.warnings.map((f) => ["warning", f])].map(([kind, finding]) => {
    const item = document.createElement("li");
    item.textContent = `${finding.code} (${kind}) ${finding.pointer ? `${finding.pointer}: ` : ""}${finding.message}`;
    return item;
  });
  if (items.length === 0) {
    const none = document.createElement("li");
    none.textContent = "nothing: the schema goes to this client as it is";
    items.push(none);
  }
  list.replaceChildren(...items);
}

function renderSchema(tool, group, client) {
  try {
    out("input-schema").textContent = pretty(group ? group.definition({ client }).inputSchema : tool.inputSchema({ client }));
  } catch (error) {
    out("input-schema").textContent = errorText(error);
  }
}

function renderArgs(tool) {
  let argv;
  try {
    argv = splitArgv($("argv").value);
  } catch (error) {
    out("args").textContent = errorText(error);
    return;
  }
  const parsed = tool.safeParseArgv(argv);
  out("args").textContent = parsed.success ? pretty(parsed.rest.length > 0 ? { data: parsed.data, rest: parsed.rest } : parsed.data) : errorText(parsed.error);
}

function renderRepair(tool, client) {
  const text = $("repair-input").value;
  if (text.trim() === "") {
    out("repair-output").textContent = "";
    return;
  }
  let sent;
  try {
    sent = JSON.parse(text);
  } catch {
    sent = text; // a client that sent the whole arguments as text
  }
  try {
    out("repair-output").textContent = pretty(tool.repair(sent, { client }));
  } catch (error) {
    out("repair-output").textContent = errorText(error);
  }
}

function share() {
  const state = { s: $("schema").value, c: $("client").value, a: $("argv").value, r: $("repair-input").value };
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  $("share").href = `#${btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

function restore() {
  if (location.hash.length < 2) return false;
  try {
    const binary = atob(location.hash.slice(1).replaceAll("-", "+").replaceAll("_", "/"));
    const state = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    $("schema").value = String(state.s ?? "");
    sharedCode = asJson($("schema").value) === undefined;
    $("client").value = CLIENTS.includes(state.c) ? state.c : "mcp";
    $("argv").value = String(state.a ?? "");
    $("repair-input").value = String(state.r ?? "");
    return true;
  } catch {
    return false;
  }
}

function render() {
  const started = performance.now();
  const client = $("client").value;
  const problem = $("schema-error");
  const waiting = $("shared-code");
  let state;
  try {
    state = readSchema($("schema").value);
    problem.hidden = true;
    problem.textContent = "";
    waiting.hidden = true;
  } catch (error) {
    current = undefined;
    const waits = error instanceof SharedCodeWaits;
    waiting.hidden = !waits;
    problem.hidden = waits;
    problem.textContent = waits ? "" : errorText(error);
    const why = waits ? "the link's code has not run" : errorText(error);
    for (const id of ["input-schema", "usage", "args", "repair-output"]) out(id).textContent = `(no output: ${why})`;
    out("flags").tBodies[0].replaceChildren();
    out("warnings").replaceChildren();
  }
  if (state) {
    renderSchema(state.tool, state.group, client);
    renderWarnings(state.checked, client);
    renderFlags(state.tool);
    out("usage").textContent = usageText(state.tool);
    renderArgs(state.tool);
    renderRepair(state.tool, client);
  }
  share();
  window.playgroundRenderMs = performance.now() - started;
  // The time goes in a tooltip: the visible text stays the same from one update to the next.
  $("status").textContent = "up to date";
  $("status").title = `updated in ${window.playgroundRenderMs.toFixed(1)} ms`;
}

let timer;
function later() {
  clearTimeout(timer);
  timer = setTimeout(render, 40);
}

function loadExample(index) {
  const example = EXAMPLES[index];
  sharedCode = false;
  $("schema").value = example.schema;
  $("client").value = example.client;
  $("argv").value = example.argv;
  $("repair-input").value = example.repair;
}

async function start() {
  const began = performance.now();
  for (const name of CLIENTS) $("client").append(new Option(name, name));
  $("example").append(...EXAMPLES.map((e, i) => new Option(e.name, String(i))));
  if (!restore()) loadExample(0);
  await init();
  for (const id of ["schema", "argv", "repair-input"]) $(id).addEventListener("input", later);
  $("client").addEventListener("change", render);
  $("run-shared").addEventListener("click", () => {
    sharedCode = false;
    render();
  });
  $("example").addEventListener("change", () => {
    loadExample(Number($("example").value));
    render();
  });
  window.addEventListener("hashchange", () => {
    if (restore()) render();
  });
  render();
  window.playgroundFirstRenderMs = performance.now() - began;
  document.body.dataset.ready = "true";
}

start().catch((error) => {
  $("status").textContent = `could not start: ${errorText(error)}`;
});
