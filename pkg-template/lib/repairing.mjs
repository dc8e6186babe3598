// repairing: a Standard Schema that repairs before it validates, for
// servers that hand their schema to the SDK instead of answering tools/call
// themselves (the SDK 2.x `McpServer.registerTool` takes any Standard
// Schema with a JSON Schema). The SDK validates arguments with it before the
// handler runs, so this is the one place a repair can happen there. It lists
// toolshape's complete inputSchema and validates with the schema given.

import { fail, ToolshapeError } from "./errors.mjs";
import { knownOptions } from "./option-keys.mjs";
import { validatorOf } from "./schema-input.mjs";
import { plainIssue } from "./results.mjs";
import { isThenable } from "./call-path.mjs";

const OPTIONS = ["onRepair"];
const STANDARD_OPTIONS = ["client", "onRepair"];
/** The targets `toStandardSchema` writes: toolshape's own (2020-12) and draft-07's spelling of it. */
const TARGETS = ["draft-2020-12", "draft-07"];

/** `repairing(schema, { onRepair })` and `toStandardSchema(schema, { client, onRepair })` over `compile` (and the core's `closest`). */
export function makeRepairing(compile, closest) {
  function repairing(schema, options) {
    const { onRepair } = options === undefined ? {} : knownOptions(options, OPTIONS, "repairing", closest);
    return standardOf(schema, { onRepair, what: "repairing" });
  }

  /** A Standard Schema with Standard JSON Schema for any framework: repaired, then validated; the schema a client takes. */
  function toStandardSchema(schema, options) {
    const { client = "portable", onRepair } = options === undefined ? {} : knownOptions(options, STANDARD_OPTIONS, "toStandardSchema", closest);
    if (typeof client !== "string") throw fail("INVALID_OPTION", 'toStandardSchema option "client" must be a client name');
    return standardOf(schema, { client, onRepair, what: "toStandardSchema", targets: true });
  }

  function standardOf(schema, { client, onRepair, what, targets = false }) {
    const standard = validatorOf(schema);
    if (standard === undefined) {
      throw fail("INVALID_SCHEMA", `${what} needs a Standard Schema that validates (Zod 4, ArkType, Valibot): plain JSON Schema has no validator to hand the repaired value to`);
    }
    if (onRepair !== undefined && typeof onRepair !== "function") throw fail("INVALID_OPTION", `${what} option "onRepair" must be a function`);
    const tool = compile(schema);
    // Asked for once, so an unknown client is refused now, not at the first listing.
    if (client !== undefined) tool.inputSchema({ client });
    const output = standard.jsonSchema && typeof standard.jsonSchema.output === "function" ? standard.jsonSchema.output : undefined;
    const written = (json, options) => (targets ? inTarget(json, options, what) : json);
    return {
      "~standard": {
        version: 1,
        vendor: "toolshape",
        validate(value) {
          let out;
          try {
            out = tool.repair(value, client === undefined ? undefined : { client });
          } catch (error) {
            // Arguments repair cannot read (nested too deeply, too large) are
            // refused as a call through defineTool refuses them: an issue, since
            // a Standard Schema reports and does not throw.
            if (!(error instanceof ToolshapeError)) throw error;
            return { issues: [{ message: error.message, path: Array.isArray(error.path) ? error.path : [] }] };
          }
          if (out.repairs.length > 0 && onRepair !== undefined) onRepair(out.repairs);
          const verdict = standard.validate(out.value);
          return targets ? readable(verdict) : verdict;
        },
        jsonSchema: {
          input: (options) => written(tool.inputSchema(client === undefined ? undefined : { client }), options),
          output(options) {
            if (output === undefined) throw fail("INVALID_SCHEMA", `the schema given to ${what} has no output JSON Schema (~standard.jsonSchema.output)`);
            const target = targets ? "draft-2020-12" : options && options.target;
            return written(output.call(standard.jsonSchema, { ...options, target }), options);
          },
        },
        ...(standard.types === undefined ? {} : { types: standard.types }),
      },
    };
  }

  return { repairing, toStandardSchema };
}

/**
 * A validator's verdict with toolshape's readable issues: what a union
 * expected where Zod says only "Invalid input", each issue `{ message, path }`.
 */
function readable(verdict) {
  if (isThenable(verdict)) return verdict.then(readable);
  return verdict && verdict.issues ? { issues: Array.from(verdict.issues, plainIssue) } : verdict;
}

/**
 * A 2020-12 schema as `options.target` asks; an unsupported target throws,
 * as the Standard JSON Schema spec says.
 */
function inTarget(json, options, what) {
  const target = options && options.target;
  if (target === "draft-2020-12") return json;
  if (target === "draft-07") return draft07(json);
  throw new Error(`${what}: unsupported target ${JSON.stringify(target)} (targets: ${TARGETS.join(", ")})`);
}

/** Draft-07's spelling of what 2020-12 writes: `definitions` for `$defs`, `items` arrays for `prefixItems`. */
function draft07(node) {
  if (Array.isArray(node)) return node.map(draft07);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$defs") out.definitions = draft07(value);
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/\$defs\//, "#/definitions/");
    else if (key === "prefixItems") out.items = draft07(value);
    else if (key === "items" && Array.isArray(node.prefixItems)) out.additionalItems = draft07(value);
    else out[key] = draft07(value);
  }
  return out;
}
