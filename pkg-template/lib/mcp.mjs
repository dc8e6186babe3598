// What MCP servers need around a handler: repair, then validation through
// the schema's Standard Schema validator, then the handler with the
// validated value; failures as MCP's `{ isError: true, content }`.

import { fail } from "./errors.mjs";
import { standardOf } from "./schema-input.mjs";

export function errorResult(text) {
  return { isError: true, content: [{ type: "text", text }] };
}

function formatPath(path) {
  if (!path || path.length === 0) return "";
  const keys = path.map((p) => (p !== null && typeof p === "object" ? p.key : p));
  return `${keys.map(String).join(".")}: `;
}

/** `withRepair(schema, handler, { onRepair })` over a `compile` function. */
export function makeWithRepair(compile) {
  return function withRepair(schema, handler, options) {
    const standard = standardOf(schema);
    if (!standard || typeof standard.validate !== "function") {
      throw fail("INVALID_SCHEMA", "withRepair needs a Standard Schema (such as a Zod schema) to validate with");
    }
    if (typeof handler !== "function") throw fail("INVALID_OPTION", "withRepair needs a handler function");
    const onRepair = options && options.onRepair;
    const tool = compile(schema);
    return async function repairedHandler(args, extra) {
      let repaired;
      try {
        repaired = tool.repair(args === undefined ? {} : args);
      } catch (error) {
        return errorResult(`Invalid arguments: ${error.message}`);
      }
      if (repaired.repairs.length > 0 && typeof onRepair === "function") onRepair(repaired.repairs, extra);
      const result = await standard.validate(repaired.value);
      if (result.issues) {
        const lines = result.issues.map((issue) => `- ${formatPath(issue.path)}${issue.message}`);
        return errorResult(`Invalid arguments:\n${lines.join("\n")}`);
      }
      return handler(result.value, extra);
    };
  };
}
