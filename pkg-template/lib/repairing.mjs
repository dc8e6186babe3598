// repairing: a Standard Schema that repairs before it validates, for
// servers that hand their schema to the SDK instead of answering tools/call
// themselves (the SDK 2.x `McpServer.registerTool` takes any Standard
// Schema with a JSON Schema). The SDK validates arguments with it before the
// handler runs, so this is the one place a repair can happen there. It lists
// toolshape's complete inputSchema and validates with the schema given.

import { fail, ToolshapeError } from "./errors.mjs";
import { knownOptions } from "./option-keys.mjs";
import { validatorOf } from "./schema-input.mjs";

const OPTIONS = ["onRepair"];

/** `repairing(schema, { onRepair })` over `compile` (and the core's `closest`, for a misspelt option). */
export function makeRepairing(compile, closest) {
  return function repairing(schema, options) {
    const standard = validatorOf(schema);
    if (standard === undefined) {
      throw fail("INVALID_SCHEMA", "repairing needs a Standard Schema that validates (Zod 4, ArkType, Valibot): plain JSON Schema has no validator to hand the repaired value to");
    }
    const { onRepair } = options === undefined ? {} : knownOptions(options, OPTIONS, "repairing", closest);
    if (onRepair !== undefined && typeof onRepair !== "function") throw fail("INVALID_OPTION", 'repairing option "onRepair" must be a function');
    const tool = compile(schema);
    const output = standard.jsonSchema && typeof standard.jsonSchema.output === "function" ? standard.jsonSchema.output : undefined;
    return {
      "~standard": {
        version: 1,
        vendor: "toolshape",
        validate(value) {
          let out;
          try {
            out = tool.repair(value);
          } catch (error) {
            // Arguments repair cannot read (nested too deeply, too large) are
            // refused as a call through defineTool refuses them: an issue, since
            // a Standard Schema reports and does not throw.
            if (!(error instanceof ToolshapeError)) throw error;
            return { issues: [{ message: error.message, path: Array.isArray(error.path) ? error.path : [] }] };
          }
          if (out.repairs.length > 0 && onRepair !== undefined) onRepair(out.repairs);
          return standard.validate(out.value);
        },
        jsonSchema: {
          input: () => tool.inputSchema(),
          output(options) {
            if (output === undefined) throw fail("INVALID_SCHEMA", "the schema given to repairing has no output JSON Schema (~standard.jsonSchema.output)");
            return output.call(standard.jsonSchema, options);
          },
        },
        ...(standard.types === undefined ? {} : { types: standard.types }),
      },
    };
  };
}
