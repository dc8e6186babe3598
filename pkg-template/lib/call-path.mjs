// One action's call, after routing: the keys it does not take are reported
// (with the action that does take them, or the closest key), each part of
// the arguments is validated by its Standard Schema (the common input and
// the action's own), every issue at once; then the middleware chain,
// composed once at definition, and the handler; and a tool's result held
// to its output schema when it declares one.

import { errorResult, issueLine, lead, plainIssue, thrownText, toResult } from "./results.mjs";
import { hasOwn, put } from "./objects.mjs";
import { requestTools } from "./progress.mjs";

/** Issues shown at most, then how many more. */
const MAX_ISSUES = 50;
/** A key longer than this is clipped in messages. */
const MAX_KEY_SHOWN = 60;
/** Actions named as a field's owners in a message (a field may belong to thousands). */
const MAX_OWNERS_SHOWN = 8;

/** The middleware (outermost first) around the handler, as one function of ctx. */
export function compose(middleware, handler) {
  let run = (ctx) => handler(ctx.args, { action: ctx.action, tool: ctx.tool, extra: ctx.extra, ...requestTools(ctx.extra) });
  for (let i = middleware.length - 1; i >= 0; i--) {
    const outer = middleware[i];
    const next = run;
    run = (ctx) => outer(ctx, () => next(ctx));
  }
  return run;
}

/** A key as a message shows it: at most `max` characters, then `...`. */
export function clip(key, max = MAX_KEY_SHOWN) {
  return key.length > max ? `${key.slice(0, max)}...` : key;
}

/** Whether a validator answered a promise (Standard Schema allows either). */
export const isThenable = (result) => result !== null && typeof result === "object" && typeof result.then === "function";

/** At most `max` names, then how many more: `a, b, and 3 more`. */
export function listed(names, max) {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")}, and ${names.length - max} more`;
}

/**
 * The validation plan of one action.
 * `owners`: the actions that take each field, of the whole group (shared by
 * every action's plan). `defaults()`: each field's default as JSON text,
 * read when first needed (shared too). `strip`: keys the tool does not
 * take are dropped instead of refused (a plain tool's `unknownKeys: "strip"`).
 * @param {{ label: string, fields: string[], open: boolean, owners?: Map<string, string[]>, defaults?: () => Map<string, string>,
 *   strip?: boolean, parts: { standard: object, keys: string[] | null }[], suggest: (typed: string, candidates: string[]) => string | undefined }} spec
 */
export function makePlan(spec) {
  const validated = new Set();
  let all = false;
  for (const part of spec.parts) {
    if (part.keys === null) all = true;
    else for (const key of part.keys) validated.add(key);
  }
  return {
    label: spec.label,
    fieldList: spec.fields,
    fields: new Set(spec.fields),
    open: spec.open,
    owners: spec.owners || new Map(),
    defaults: spec.defaults || (() => new Map()),
    strip: spec.strip === true,
    parts: spec.parts.map((p) => ({ standard: p.standard, keys: p.keys })),
    validatesAll: all,
    validated,
    suggest: spec.suggest,
  };
}

function unknownKey(key, plan, suggest) {
  const shown = clip(key);
  // The group's owners of each field (shared by every action's plan); a
  // key of this action's never gets here.
  const owners = (plan.owners.get(key) || []).filter((owner) => owner !== plan.label);
  if (owners.length > 0) return `${shown} is not a parameter of ${plan.label}; it belongs to ${listed(owners, MAX_OWNERS_SHOWN)}`;
  const close = suggest && plan.fieldList.length > 0 ? plan.suggest(key, plan.fieldList) : undefined;
  if (close !== undefined) return `${shown} is not a parameter of ${plan.label}; did you mean "${close}"?`;
  const list = plan.fieldList.length > 0 ? `parameters: ${plan.fieldList.join(", ")}` : "it takes no parameters";
  return `${shown} is not a parameter of ${plan.label} (${list})`;
}

/**
 * A key of another action whose value a model echoes from the schema it
 * was shown, asking nothing of this action: `null`, `""`, or that key's
 * own default. Such a key is dropped; any other value is still refused.
 */
function echoed(key, value, plan) {
  if (value === null || value === "") return plan.owners.has(key);
  const given = plan.owners.has(key) ? plan.defaults().get(key) : undefined;
  if (given === undefined) return false;
  try {
    return JSON.stringify(value) === given;
  } catch {
    return false;
  }
}

/**
 * Validates `args` (an object) by the plan, leaving out `skip` (the
 * discriminator). Resolves to `{ value, dropped }` or `{ issues }`, each
 * issue `{ path, message, whole? }` (`whole`: the message names the key
 * itself); `dropped` lists the keys of other actions left out as echoes.
 */
export async function validate(args, plan, skip) {
  const issues = [];
  const dropped = [];
  const keys = Object.keys(args);
  if (!plan.open && !plan.strip) {
    for (const key of keys) {
      if (key === skip || plan.fields.has(key)) continue;
      if (echoed(key, args[key], plan)) {
        dropped.push({ key, value: args[key], owners: plan.owners.get(key) });
        continue;
      }
      // Only the issues an error text shows look for a suggestion: each
      // asks the core, and arguments may hold a million unknown keys.
      issues.push({ path: [key], message: unknownKey(key, plan, issues.length < MAX_ISSUES), whole: true });
    }
  }
  const value = {};
  for (const part of plan.parts) {
    const input = {};
    for (const key of part.keys === null ? keys : part.keys) {
      if (key !== skip && hasOwn(args, key) && (part.keys !== null || plan.open || plan.fields.has(key))) put(input, key, args[key]);
    }
    let result = part.standard.validate(input);
    if (isThenable(result)) result = await result;
    if (result && result.issues) {
      for (const issue of result.issues) issues.push(plainIssue(issue));
    } else if (result && result.value !== null && typeof result.value === "object") {
      for (const key of Object.keys(result.value)) put(value, key, result.value[key]);
    }
  }
  if (!plan.validatesAll) {
    // Keys no validator takes (plain JSON Schema input) pass as they are.
    for (const key of keys) {
      if (key !== skip && !plan.validated.has(key) && (plan.open || plan.fields.has(key)) && !hasOwn(value, key)) put(value, key, args[key]);
    }
  }
  return issues.length > 0 ? { issues } : { value, dropped };
}

/** The note a result carries for the keys dropped as echoes, which the model reads. */
export function droppedNote(dropped) {
  const shown = dropped.slice(0, MAX_ISSUES).map(({ key, value }) => `${clip(key)} (${value === null ? "null" : value === "" ? "empty" : "its default"})`);
  const more = dropped.length > MAX_ISSUES ? `, and ${dropped.length - MAX_ISSUES} more` : "";
  return `Note: ignored ${dropped.length === 1 ? "a key" : "keys"} of other actions: ${shown.join(", ")}${more}. Send only this action's parameters.`;
}

/**
 * `validate`, with a validator that throws (its own code, or an issue
 * whose getter throws as it is read) answered as the error result a call
 * gives for it, `{ failed }`: a command line then says so and exits 1, as
 * for a handler that throws, instead of rejecting with the error.
 */
export async function validateOrFail(args, plan, skip, prefix) {
  try {
    return await validate(args, plan, skip);
  } catch (error) {
    return { failed: errorResult(`${lead(prefix)}the validator failed: ${thrownText(error)}`) };
  }
}

/** Issues as the lines of an error text (bounded). */
export function issueLines(issues) {
  const lines = issues.slice(0, MAX_ISSUES).map((issue) => (issue.whole ? `- ${issue.message}` : issueLine(issue)));
  if (issues.length > MAX_ISSUES) lines.push(`- and ${issues.length - MAX_ISSUES} more`);
  return lines.join("\n");
}

/**
 * The result of a tool that declares an output schema: MCP then wants
 * `structuredContent`, an object that meets the schema. A plain object is
 * checked by the output's validator (`standard`, when it has one) and
 * answered with its validated value as both the text and
 * `structuredContent`; a CallToolResult's `structuredContent` is checked
 * the same way, and an `isError` result passes as it is. Anything else
 * (a string, an array, a result without `structuredContent`) is an error
 * result, as the MCP SDK's McpServer answers it.
 */
export async function outputResult(value, standard, prefix) {
  const whole = value !== null && typeof value === "object" && Array.isArray(value.content);
  if (whole && value.isError === true) return { ...value };
  const structured = whole ? value.structuredContent : value;
  if (structured === null || typeof structured !== "object" || Array.isArray(structured)) {
    const where = whole ? "its structuredContent" : "the handler's result";
    return errorResult(`${lead(prefix)}the tool declares an output schema, so ${where} must be an object; got ${kindOf(structured)}`);
  }
  if (standard === undefined) return whole ? { ...value } : toResult(structured, prefix);
  let lines;
  let valid = structured;
  try {
    let checked = standard.validate(structured);
    if (isThenable(checked)) checked = await checked;
    // What it answers is read here too: its getters may throw.
    if (checked && checked.issues) lines = issueLines(Array.from(checked.issues, plainIssue));
    else if (checked) valid = checked.value;
  } catch (error) {
    return errorResult(`${lead(prefix)}the output validator failed: ${thrownText(error)}`);
  }
  if (lines !== undefined) return errorResult(`${lead(prefix)}the handler's result does not match the tool's output schema:\n${lines}`);
  return whole ? { ...value, structuredContent: valid } : toResult(valid, prefix);
}

function kindOf(value) {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
