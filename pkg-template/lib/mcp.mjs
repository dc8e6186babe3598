// withRepair: an MCP tool handler wrapped in the call path of a tool
// (repair, keys no parameter takes reported, Standard Schema validation,
// the result as a CallToolResult). It is defineTool's call for one schema
// and one handler, kept as its own API.

import { fail } from "./errors.mjs";
import { validatorOf } from "./schema-input.mjs";

/** `withRepair(schema, handler, { onRepair, name })` over defineTool. */
export function makeWithRepair(defineTool) {
  return function withRepair(schema, handler, options) {
    if (validatorOf(schema) === undefined) {
      throw fail("INVALID_SCHEMA", "withRepair needs a Standard Schema (such as a Zod schema) to validate with");
    }
    if (typeof handler !== "function") throw fail("INVALID_OPTION", "withRepair needs a handler function");
    const opts = options === undefined || options === null ? {} : options;
    if (typeof opts !== "object" || Array.isArray(opts)) throw fail("INVALID_OPTION", "withRepair options must be an object { onRepair, name }");
    for (const key of Object.keys(opts)) {
      if (key !== "onRepair" && key !== "name") throw fail("INVALID_OPTION", `unknown withRepair option "${key}" (options: onRepair, name)`);
    }
    if (opts.onRepair !== undefined && typeof opts.onRepair !== "function") throw fail("INVALID_OPTION", "withRepair option \"onRepair\" must be a function");
    const named = typeof opts.name === "string" && opts.name.length > 0;
    const tool = defineTool(
      { name: named ? opts.name : "tool", input: schema, handler: (args, ctx) => handler(args, ctx.extra) },
      { onRepair: opts.onRepair, prefix: named ? `[${opts.name}]` : "" },
    );
    return function repairedHandler(args, extra) {
      return tool.call(args, extra);
    };
  };
}
