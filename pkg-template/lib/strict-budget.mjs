// Claude's strict tool use compiles every strict tool of a request into one
// grammar, whose limits hold over the whole request: 20 strict tools, 24
// optional parameters and 16 parameters with a union (Anthropic's strict
// tool use guide). The core refuses one tool that is over them alone
// (src/profile/anthropic_strict.rs); a registry's list sums them over its
// tools here, on the schemas it sends, counting as the core counts: every
// object subschema that is an optional property, and every one with
// `anyOf` or a type list, at any depth.

import { hasOwn, isObject } from "./objects.mjs";

/** Per request, over every strict tool in it. */
export const STRICT_LIMITS = Object.freeze({ tools: 20, optional: 24, unions: 16 });

// The keywords that hold subschemas, as the core's walk reads them
// (src/schema/keywords.rs, `holds`).
const ONE = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"]);
const LIST = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const MAP = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/**
 * What one strict tool's schema spends of the request's limits.
 * @param {unknown} schema an emitted anthropic-strict input schema
 * @returns {{ optional: number, unions: number }}
 */
export function strictCost(schema) {
  const cost = { optional: 0, unions: 0 };
  // A list of work, not recursion: the walk's depth is the schema's.
  const todo = [[schema, false]];
  while (todo.length > 0) {
    const [node, optional] = todo.pop();
    if (!isObject(node)) continue;
    if (optional) cost.optional += 1;
    if (hasOwn(node, "anyOf") || Array.isArray(node.type)) cost.unions += 1;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (ONE.has(key)) {
        todo.push([child, false]);
      } else if (LIST.has(key)) {
        if (Array.isArray(child)) for (const member of child) todo.push([member, false]);
      } else if (MAP.has(key) && isObject(child)) {
        const required = key === "properties" && Array.isArray(node.required) ? new Set(node.required) : undefined;
        for (const name of Object.keys(child)) todo.push([child[name], required !== undefined ? !required.has(name) : key === "properties"]);
      }
    }
  }
  return cost;
}

/**
 * Whether a tool of `cost` still fits beside what `spent` holds; if so,
 * adds it. Otherwise the first limit it would pass, in words.
 * @param {{ tools: number, optional: number, unions: number }} spent
 * @param {{ optional: number, unions: number }} cost
 * @returns {string | undefined}
 */
export function spend(spent, cost) {
  const after = { tools: spent.tools + 1, optional: spent.optional + cost.optional, unions: spent.unions + cost.unions };
  let over;
  if (after.tools > STRICT_LIMITS.tools) over = `the request already holds ${spent.tools} strict tools, the most strict tool use takes`;
  else if (after.optional > STRICT_LIMITS.optional) over = `with its ${cost.optional} optional properties the request's strict tools would hold ${after.optional}, over the ${STRICT_LIMITS.optional} strict tool use takes in a request`;
  else if (after.unions > STRICT_LIMITS.unions) over = `with its ${cost.unions} properties with a union or a type list the request's strict tools would hold ${after.unions}, over the ${STRICT_LIMITS.unions} strict tool use takes in a request`;
  if (over === undefined) Object.assign(spent, after);
  return over;
}
