// Ask for what is missing: a call whose arguments lack required values (or
// hold ones repair could not settle) asks the client for them with an MCP
// elicitation form instead of failing, where the client can answer. The
// form is the flag table restricted to what a form carries (strings, with
// the formats email, uri, date and date-time; numbers; integers; booleans;
// enums of text, titled where the schema describes each value): its
// property names are the flag names (`config-timeout`), and the answers go
// back into the arguments at each flag's path, then through validation.
// A field a form cannot carry (an object in an array, a record) is never
// asked: the call fails as before, saying what to send.
//
// How to ask depends on the SDK line: on the MCP SDK 2.x the handler
// returns an `input_required` result, which the SDK sends on a 2026-07-28
// request and turns into `elicitation/create` on a 2025 connection, calling
// the handler again with the answer; on the 1.x line the server sends
// `elicitation/create` itself (`elicitInput`).

import { errorResult, lead } from "./results.mjs";
import { cloneJson, isObject, put, samePath, underPath } from "./objects.mjs";

/** The key of toolshape's form among a request's input requests and responses. */
export const ASK_KEY = "toolshape-missing-input";
const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
const FORMATS = new Set(["email", "uri", "date", "date-time"]);
const SCALARS = new Set(["string", "number", "integer", "boolean", "enum"]);

/** The capabilities the calling client declared: the request's envelope (2026-07-28), or the connection's. */
function capabilitiesOf(low, extra) {
  const envelope = isObject(extra) && isObject(extra.mcpReq) ? extra.mcpReq.envelope : undefined;
  if (isObject(envelope) && isObject(envelope[CAPABILITIES_KEY])) return envelope[CAPABILITIES_KEY];
  const declared = low && typeof low.getClientCapabilities === "function" ? low.getClientCapabilities() : undefined;
  return isObject(declared) ? declared : {};
}

/** A client that takes form elicitation: `elicitation: {}` (2025-06-18) or with `form` (2025-11-25 on). */
function takesForms(capabilities) {
  const e = capabilities.elicitation;
  return isObject(e) && (Object.keys(e).length === 0 || isObject(e.form));
}

/**
 * How this request may ask its client, or undefined when it may not:
 * `(params) => Promise<{ action, content } | { pending }>`.
 */
export function elicitorFor(low, extra) {
  if (!takesForms(capabilitiesOf(low, extra))) return undefined;
  if (isObject(extra) && isObject(extra.mcpReq)) {
    const responses = extra.mcpReq.inputResponses;
    return async (params) => {
      const answer = isObject(responses) ? responses[ASK_KEY] : undefined;
      if (isObject(answer)) return answer;
      return { pending: { resultType: "input_required", inputRequests: { [ASK_KEY]: { method: "elicitation/create", params } } } };
    };
  }
  if (low && typeof low.elicitInput === "function") {
    return (params) => low.elicitInput(params, isObject(extra) && extra.requestId !== undefined ? { relatedRequestId: extra.requestId } : undefined);
  }
  return undefined;
}

/** A flag a form can carry: one scalar, no list, no JSON; an enum of text only. */
function askable(flag) {
  if (!SCALARS.has(flag.type) || flag.json || flag.repeatable || flag.count) return false;
  return flag.type !== "enum" || flag.choices.every((c) => typeof c === "string");
}

/** The JSON Schema node at `path` of an object schema, if it is written out there. */
function nodeAt(schema, path) {
  let node = schema;
  for (const key of path) {
    node = isObject(node) && isObject(node.properties) ? node.properties[key] : undefined;
  }
  return isObject(node) ? node : {};
}

/** One field of the form, from its flag and the schema written for it. */
function field(flag, node) {
  const out = { type: flag.type === "enum" ? "string" : flag.type, title: typeof node.title === "string" ? node.title : flag.path[flag.path.length - 1] };
  if (typeof flag.description === "string") out.description = flag.description;
  if (flag.type === "enum") {
    const said = new Map((flag.choiceDescriptions ?? []).map((c) => [c.value, c.description]));
    if (said.size > 0) out.oneOf = flag.choices.map((c) => ({ const: c, title: said.get(c) ?? c }));
    else out.enum = [...flag.choices];
  }
  if (flag.type === "string" && FORMATS.has(node.format)) out.format = node.format;
  const bounds = flag.type === "string" ? ["minLength", "maxLength"] : flag.type === "number" || flag.type === "integer" ? ["minimum", "maximum"] : [];
  for (const key of bounds) if (typeof node[key] === "number") out[key] = node[key];
  if (flag.default !== undefined && typeof flag.default === (flag.type === "integer" ? "number" : out.type)) out.default = flag.default;
  return out;
}

/**
 * The form for these issues of a call, or undefined when one of them
 * cannot be asked: each issue's flag (or, for a missing object, its
 * required flags), askable. `tool` is the compiled tool of the call's
 * input (its flags and schema); `label` names the tool in the message.
 */
export function formFor(issues, tool, label) {
  let flags;
  try {
    flags = tool.flags();
  } catch {
    return undefined; // no flag table (the reason is the command line's): nothing to ask from
  }
  const fields = [];
  for (const issue of issues) {
    if (issue.whole || !Array.isArray(issue.path)) return undefined;
    const exact = flags.find((f) => samePath(f.path, issue.path));
    const found = exact !== undefined ? [exact] : flags.filter((f) => f.required && underPath(f.path, issue.path));
    if (found.length === 0 || !found.every(askable)) return undefined;
    for (const flag of found) if (!fields.includes(flag)) fields.push(flag);
  }
  if (fields.length === 0) return undefined;
  const schema = tool.inputSchema();
  const properties = {};
  for (const flag of fields) put(properties, flag.name, field(flag, nodeAt(schema, flag.path)));
  const names = fields.map((f) => f.name);
  const message = `${label} needs ${names.length === 1 ? "a value" : "values"} for ${names.join(", ")}`;
  return { fields, params: { mode: "form", message, requestedSchema: { type: "object", properties, required: names } } };
}

/** `args` with each answered field put at its flag's path (a copy; the arguments are the caller's). */
export function withAnswers(args, content, fields) {
  const out = cloneJson(args);
  for (const flag of fields) {
    if (!isObject(content) || !Object.hasOwn(content, flag.name)) continue;
    let at = out;
    flag.path.forEach((key, i) => {
      if (i === flag.path.length - 1) put(at, key, content[flag.name]);
      else {
        if (!isObject(at[key]) || !Object.hasOwn(at, key)) put(at, key, {});
        at = at[key];
      }
    });
  }
  return out;
}

/**
 * The call path's `ask(issues, args)`: `{ args }` with the answers in,
 * `{ result }` to answer the call with (the SDK's input_required, or a
 * declined form's error), or `{}` to fail as without asking.
 */
export function makeAsk(elicit, source, prefix, label) {
  return async function ask(issues, args) {
    const form = formFor(issues, source(), label);
    if (form === undefined) return {};
    let answer;
    try {
      answer = await elicit(form.params);
    } catch {
      return {}; // the client could not be asked after all: the issues say what to send
    }
    if (isObject(answer) && answer.pending !== undefined) return { result: answer.pending };
    const names = form.fields.map((f) => f.name).join(", ");
    if (!isObject(answer) || answer.action !== "accept") {
      const how = isObject(answer) && answer.action === "decline" ? "declined" : "cancelled";
      return { result: errorResult(`${lead(prefix)}the user ${how} the form asking for ${names}; call again with them in the arguments`) };
    }
    return { args: withAnswers(args, answer.content, form.fields) };
  };
}
