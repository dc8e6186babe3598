// The tool author's half of the API: defineTool and defineGroup (define.mjs),
// withRepair (mcp.mjs), repairing (repairing.mjs), createRegistry (registry.mjs),
// acceptTextArguments (text-arguments.mjs), completionScript (completion.mjs)
// and the reader of raw shapes (raw-shape.mjs). The Node entry loads it on first
// use, so a program that only compiles schemas never parses it (about half
// of the JS layer, 1 ms of start-up); the browser entry imports it as it is.

import { completionScript } from "./completion.mjs";
import { fail } from "./errors.mjs";
import { makeDefine } from "./define.mjs";
import { makeWithRepair } from "./mcp.mjs";
import { makeRepairing } from "./repairing.mjs";
import { rawShapeOf } from "./raw-shape.mjs";
import { makeRegistry } from "./registry.mjs";
import { readShapesWith } from "./schema-input.mjs";
import { lowServer } from "./sdk-server.mjs";
import { keepTextArguments } from "./text-arguments.mjs";

/**
 * Lets a server that sets its own tools/call handler (a proxy over the
 * SDK's `Server`) receive `arguments` sent as one JSON string, which the
 * SDK refuses before any handler runs. Call it before `connect`; the
 * returned function gives a call's arguments (the text as sent, else the
 * object) for `repair` or `tool.repair` to turn into the object.
 */
function acceptTextArguments(server) {
  const low = lowServer(server);
  if (low === undefined) throw fail("INVALID_OPTION", "acceptTextArguments takes the MCP SDK's McpServer or Server (anything with setRequestHandler)");
  return keepTextArguments(low).argumentsOf;
}

/**
 * The serving half over the API's own parts: `compile`, `compileCommands`,
 * `core`, `actionHelp`, `formatActionHelpMarkdown`, `closest` and `commandWordProblem`
 * (see api.mjs).
 */
// This bundle's own copy of schema-input.mjs reads shapes with it; the core
// half's copy asks `rawShapeOf` below (api.mjs).
readShapesWith(rawShapeOf);

export function makeServing(parts) {
  const { defineTool, defineGroup } = makeDefine(parts);
  return {
    rawShapeOf,
    defineTool,
    defineGroup,
    withRepair: makeWithRepair(defineTool),
    ...makeRepairing(parts.compile, parts.closest),
    createRegistry: makeRegistry(parts),
    acceptTextArguments,
    completionScript,
  };
}
