// What a call answers, as MCP's CallToolResult: a handler's string is one
// text block, an object with a `content` array is returned as is, anything
// else is one text block of its JSON (two-space indent) and, when it is an
// object, also `structuredContent`. Failures are `isError` with one text.

/** An error text's start: `[tool/action] `, or nothing (withRepair without a name). */
export function lead(prefix) {
  return prefix === "" ? "" : `${prefix} `;
}

export function errorResult(text) {
  return { isError: true, content: [{ type: "text", text }] };
}

/** A handler's (or middleware's) result as a CallToolResult. */
export function toResult(value, prefix) {
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  // A copy, its getters read now (where a throw is caught), not by whoever reads the result.
  if (value !== null && typeof value === "object" && Array.isArray(value.content)) return { ...value };
  let text;
  try {
    text = JSON.stringify(value === undefined ? null : value, null, 2);
  } catch (error) {
    return errorResult(`${lead(prefix)}the handler's result cannot be written as JSON: ${error && error.message}`);
  }
  const out = { content: [{ type: "text", text }] };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) out.structuredContent = value;
  return out;
}

/** An issue's path as strings (Standard Schema segments may be `{ key }`). */
export function keyPath(issue) {
  return issue && Array.isArray(issue.path) ? issue.path.map((s) => String(s !== null && typeof s === "object" ? s.key : s)) : [];
}

/**
 * A validator's issue as `{ path, message }` of plain strings, read once.
 * An issue is the validator's own object: a getter of it that throws, or a
 * message that is no string, must not make a call reject or a command
 * line crash, since a call never throws.
 */
export function plainIssue(issue) {
  let path;
  try {
    path = keyPath(issue);
  } catch {
    path = [];
  }
  return { path, message: issueMessage(issue) };
}

/** A call's result on a command line: its text to stdout (exit 0), or to stderr when it is an error (exit 1). */
export function printResult(io, result) {
  const text = resultText(result);
  if (result && result.isError) {
    io.err(`${text}\n`);
    return 1;
  }
  io.out(text.endsWith("\n") || text === "" ? text : `${text}\n`);
  return 0;
}

/** One issue line, of a [`plainIssue`]: `- path: message` (or `- message` without a path). */
export function issueLine(issue) {
  const path = issue.path;
  return `- ${path.length > 0 ? `${path.join(".")}: ` : ""}${issue.message}`;
}

/** How many values a union's message names before it says there are more. */
const MAX_EXPECTED = 8;

/** How deep a union of unions is looked into for what it expected. */
const MAX_UNION_DEPTH = 4;

/**
 * An issue's message, saying what a union expected where Zod 4 says only
 * "Invalid input". Zod keeps each option's own issues beside it
 * (`errors`), and a model told only that cannot fix its call; where each
 * option failed at the union itself on one value or type
 * (`z.union([z.literal("name"), z.literal("age")])`,
 * `z.union([z.number(), z.literal("auto")])`), the message names them:
 * `Invalid input: expected "name" or "age"`. Any other issue, or a union
 * whose options failed deeper (objects), keeps its message.
 */
export function issueMessage(issue) {
  let message;
  try {
    message = issue && issue.message;
  } catch {
    return "(an issue whose message cannot be read)";
  }
  if (typeof message !== "string") return thrownText(message);
  try {
    const expected = unionExpected(issue, 0);
    if (expected === undefined) return message;
    const unique = [...new Set(expected)];
    // Past the first few, a count would need every option read: say there are more.
    const list = unique.length > MAX_EXPECTED ? `${unique.slice(0, MAX_EXPECTED).join(", ")}, ...` : orList(unique);
    return `${message}: expected ${list}`;
  } catch {
    // A validator's issue is its own object; one that throws when read keeps its message.
    return message;
  }
}

/** What each option of a Zod union expected, when each says it at the union; else undefined. */
function unionExpected(issue, depth) {
  if (!issue || issue.code !== "invalid_union" || !Array.isArray(issue.errors) || issue.errors.length === 0 || depth > MAX_UNION_DEPTH) return undefined;
  const expected = [];
  for (const option of issue.errors) {
    if (!Array.isArray(option) || option.length !== 1) return undefined;
    const [only] = option;
    if (!only || !Array.isArray(only.path) || only.path.length > 0) return undefined;
    if (only.code === "invalid_value" && Array.isArray(only.values)) expected.push(...only.values.slice(0, MAX_EXPECTED + 1).map(valueText));
    else if (only.code === "invalid_type" && typeof only.expected === "string") expected.push(clipped(only.expected));
    else {
      const inner = unionExpected(only, depth + 1);
      if (inner === undefined) return undefined;
      expected.push(...inner);
    }
    if (expected.length > MAX_EXPECTED * 4) break;
  }
  return expected;
}

/** Longest value a union's message shows whole. */
const MAX_VALUE_SHOWN = 60;

function clipped(text) {
  return text.length > MAX_VALUE_SHOWN ? `${text.slice(0, MAX_VALUE_SHOWN)}...` : text;
}

/** A literal as a message shows it: strings quoted, as Zod's own messages quote them; clipped. */
function valueText(value) {
  return clipped(typeof value === "string" ? JSON.stringify(value) : String(value));
}

/** `a`, `a or b`, `a, b or c`. */
function orList(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/**
 * The text of a thrown value, for an error result. A handler may throw
 * anything, a value whose `message` getter, `toJSON` and `toString` throw
 * among them: this never throws, or `call` would reject.
 */
export function thrownText(error) {
  try {
    if (error instanceof Error) return String(error.message);
    if (typeof error === "string") return error;
    const text = JSON.stringify(error);
    if (typeof text === "string") return text;
  } catch {
    // Not text, not JSON: as String() writes it, if it can.
  }
  try {
    return String(error);
  } catch {
    return "a thrown value that cannot be written as text";
  }
}

/** The text blocks of a result, joined, for a command line. */
export function resultText(result) {
  if (!result || !Array.isArray(result.content)) return "";
  return result.content
    .map((block) => (block && block.type === "text" ? block.text : JSON.stringify(block)))
    .join("\n");
}
