// What the registry's `attach` and `acceptTextArguments` need of an MCP SDK
// server, in both SDK lines: 1.x (`@modelcontextprotocol/sdk`), whose
// `setRequestHandler` takes a request schema and hands the handler
// `extra.requestId`, and 2.x (`@modelcontextprotocol/server`), which takes
// the method's name and hands it `ctx.mcpReq.id`. The SDK is not a
// dependency: the server in hand is asked, never imported.

import { fail } from "./errors.mjs";

/** The SDK's low-level `Server` of an `McpServer` or a `Server`; undefined for anything else. */
export function lowServer(server) {
  if (server && typeof server.setRequestHandler === "function") return server;
  if (server && server.server && typeof server.server.setRequestHandler === "function") return server.server;
  return undefined;
}

/**
 * A request schema that SDK 1.x's `setRequestHandler` reads its method from
 * and that takes the request as it came: the registry checks arguments
 * itself (with repair first).
 */
function requestSchema(method) {
  const pass = (data) => ({ success: true, data });
  return {
    shape: { method: { value: method } },
    parse: (data) => data,
    safeParse: pass,
    safeParseAsync: async (data) => pass(data),
  };
}

/**
 * `setHandler(method, handler)` for `low`, in the form its SDK line takes.
 * The first call finds the form: SDK 2.x takes the method's name and 1.x
 * refuses it (a name has no schema shape) before it changes anything, so
 * the name is offered first and the schema second. A server that takes
 * neither is not an SDK server: `INVALID_OPTION` with both reasons.
 */
export function handlerSetter(low, what) {
  let form;
  return function setHandler(method, handler) {
    if (form === "name") return low.setRequestHandler(method, handler);
    if (form === "schema") return low.setRequestHandler(requestSchema(method), handler);
    try {
      low.setRequestHandler(method, handler);
      form = "name";
    } catch (byName) {
      try {
        low.setRequestHandler(requestSchema(method), handler);
        form = "schema";
      } catch (bySchema) {
        throw fail(
          "INVALID_OPTION",
          `${what}: the server's setRequestHandler took neither the method name "${method}" (MCP SDK 2.x: ${reason(byName)}) nor a request schema (1.x: ${reason(bySchema)})`,
        );
      }
    }
    return undefined;
  };
}

function reason(error) {
  return error && typeof error.message === "string" ? error.message : String(error);
}

/** The JSON-RPC id of the request a handler answers: `extra.requestId` (1.x) or `ctx.mcpReq.id` (2.x). */
export function requestIdOf(extra) {
  if (!extra || typeof extra !== "object") return undefined;
  if (extra.requestId !== undefined) return extra.requestId;
  const request = extra.mcpReq;
  return request && typeof request === "object" ? request.id : undefined;
}

/** The `_meta` key of the client's name and version in a request's envelope (protocol revision 2026-07-28). */
const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";

/**
 * The name the client gave, for the request a handler answers: from the
 * request's own envelope (`ctx.mcpReq.envelope`, protocol revision
 * 2026-07-28, where each request says who sends it), else from the
 * connection's `initialize` (`getClientVersion()`, which SDK 2.x keeps
 * but deprecates). Undefined when neither says: a stateless server
 * answering a 2025-era request never saw that client's `initialize`.
 */
export function clientNameOf(low, extra) {
  const envelope = extra && typeof extra === "object" && extra.mcpReq && typeof extra.mcpReq === "object" ? extra.mcpReq.envelope : undefined;
  const info = envelope && typeof envelope === "object" ? envelope[CLIENT_INFO_KEY] : undefined;
  if (info && typeof info === "object" && typeof info.name === "string") return info.name;
  const version = typeof low.getClientVersion === "function" ? low.getClientVersion() : undefined;
  return version && typeof version.name === "string" ? version.name : undefined;
}

/**
 * Marks a server whose tools/list and tools/call a registry answers: `true`
 * while attached, `false` once detached (its handlers then answer
 * "detached", and a new attach may take them over). A registered symbol on
 * the server, not a map of this module's, so that the package's CommonJS and
 * ES module copies (both loaded in one process, as happens) see one mark.
 */
const TOOLS_MARK = Symbol.for("toolshape.registry-attached");

/**
 * Claims tools/list and tools/call of `low`. A server that already answers
 * them with its own tools (an McpServer's `registerTool`) keeps them: the
 * handlers it had are returned, for the registry to answer beside them
 * and to put back on detach. A server whose handlers cannot be read, or
 * that answers only one of the two, is refused before anything changes,
 * since attaching would drop its tools without a word. Servers that cannot
 * tell (no `assertCanSetRequestHandler`) are taken as free.
 */
export function claimTools(low, what) {
  const served = low[TOOLS_MARK];
  if (served === true) throw fail("INVALID_OPTION", `${what}: a registry is already attached to this server; call the detach function its attach returned first`);
  if (served === false || typeof low.assertCanSetRequestHandler !== "function") return undefined;
  const taken = ["tools/list", "tools/call"].filter((method) => {
    try {
      low.assertCanSetRequestHandler(method);
      return false;
    } catch {
      return true;
    }
  });
  if (taken.length === 0) return undefined;
  // The SDK's Protocol keeps its handlers in `_requestHandlers` (1.x and 2.x).
  const handlers = low._requestHandlers;
  const own = handlers instanceof Map && taken.length === 2 ? { list: handlers.get("tools/list"), call: handlers.get("tools/call") } : undefined;
  if (own === undefined || typeof own.list !== "function" || typeof own.call !== "function") {
    throw fail(
      "INVALID_OPTION",
      `${what}: this server already answers ${taken.join(" and ")} with a handler of its own, and attaching would replace it: define those tools with defineTool in the registry, or serve them from another server`,
    );
  }
  return { ...own, restore: () => taken.forEach((method) => handlers.set(method, own[method === "tools/list" ? "list" : "call"])) };
}

/** The names of an McpServer's own tools (`registerTool`), or undefined for a server that does not say. */
export function ownToolNames(server) {
  const tools = server && server._registeredTools;
  return tools !== null && typeof tools === "object" ? Object.keys(tools) : undefined;
}

/** Marks `low`'s tools as a registry's (`attached` true) or released by its detach (false). */
export function markTools(low, attached) {
  Object.defineProperty(low, TOOLS_MARK, { value: attached, writable: true, configurable: true, enumerable: false });
}

/**
 * Tells a connected client that the tool list changed
 * (`notifications/tools/list_changed`), as McpServer does when its tools
 * change: after a detach, or an attach to a server already serving, the
 * client would otherwise keep calling the tools of the list it read before.
 * Not connected: nothing to tell (the client reads the list when it
 * connects). A notification that fails (the transport closing) is not the
 * attach's or detach's failure, so it is dropped.
 */
export function announceToolsChanged(low) {
  if (low.transport === undefined || low.transport === null || typeof low.sendToolListChanged !== "function") return;
  try {
    Promise.resolve(low.sendToolListChanged()).catch(() => {});
  } catch {
    // As above: a notification that cannot be sent changes nothing here.
  }
}
