// tools/call `arguments` sent as one JSON string (some clients do). The MCP
// SDK checks a request against its own schema, which refuses an
// `arguments` that is a string, before any handler runs; so the message is
// taken as it arrives from the transport, the SDK is handed `{}`, and the
// text is kept (by JSON-RPC id) for the handler, whose repair reads it as
// the object it holds. Used by the registry's `attach` and exported as
// `acceptTextArguments` for servers that set their own handlers (proxies).

import { requestIdOf } from "./sdk-server.mjs";

/**
 * Texts kept at most, oldest dropped first: a text the SDK refuses for
 * another reason never reaches a handler to be taken, and a client sending
 * such calls must not grow the server's memory without end. A call whose
 * text was dropped sees the `{}` the SDK was handed.
 */
export const MAX_KEPT_TEXTS = 1024;

/**
 * Watches every transport `low` (the SDK's `Server`) connects from now on.
 * Returns `argumentsOf(request, extra)`, a call's arguments: the text it
 * was sent as, else `request.params.arguments`; and `detach()`, which stops.
 */
export function keepTextArguments(low) {
  let attached = true;
  const sentAsText = new Map();
  const connect = low.connect;
  if (typeof connect === "function") {
    low.connect = function connectWithTextArguments(transport) {
      if (transport && typeof transport === "object") watch(transport);
      return connect.call(this, transport);
    };
  }

  function watch(transport) {
    let inner = transport.onmessage;
    const outer = function onmessage(message, ...rest) {
      if (attached && message && message.method === "tools/call" && message.params && typeof message.params.arguments === "string" && message.id !== undefined) {
        sentAsText.set(message.id, message.params.arguments);
        if (sentAsText.size > MAX_KEPT_TEXTS) sentAsText.delete(sentAsText.keys().next().value);
        message = { ...message, params: { ...message.params, arguments: {} } };
      }
      return inner && inner.call(this, message, ...rest);
    };
    // The SDK sets `onmessage` after `connect` is called: the setter keeps
    // its handler inside ours.
    Object.defineProperty(transport, "onmessage", {
      configurable: true,
      enumerable: true,
      get: () => (inner === undefined ? undefined : outer),
      set: (fn) => {
        inner = fn;
      },
    });
  }

  return {
    argumentsOf(request, extra) {
      const params = (request && request.params) || {};
      const id = requestIdOf(extra);
      if (id !== undefined && sentAsText.has(id)) {
        const text = sentAsText.get(id);
        sentAsText.delete(id);
        return text;
      }
      return params.arguments;
    },
    detach() {
      if (!attached) return;
      attached = false;
      sentAsText.clear();
      if (typeof connect === "function") low.connect = connect;
    },
  };
}
