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
  if (value !== null && typeof value === "object" && Array.isArray(value.content)) return value;
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

/** One issue line: `- path: message` (or `- message` without a path). */
export function issueLine(issue) {
  const path = keyPath(issue);
  return `- ${path.length > 0 ? `${path.join(".")}: ` : ""}${issue && issue.message}`;
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
