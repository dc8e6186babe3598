// What a handler gets of its request besides the arguments: `progress(done,
// total?, message?)`, sent as `notifications/progress` when the request
// carried a progress token (and nothing otherwise), and the request's abort
// signal, which fires when the client cancels. Read from either SDK line's
// handler context: 1.x's `extra` (`_meta`, `sendNotification`, `signal`) and
// 2.x's `ctx.mcpReq` (`_meta`, `notify`, `signal`).

import { fail } from "./errors.mjs";
import { isObject } from "./objects.mjs";

const NEVER = new AbortController().signal;

/** `{ progress, signal }` for a handler, from the SDK's extra (or nothing, off MCP). */
export function requestTools(extra) {
  const req = isObject(extra) && isObject(extra.mcpReq) ? extra.mcpReq : extra;
  const meta = isObject(req) && isObject(req._meta) ? req._meta : undefined;
  const token = meta === undefined ? undefined : meta.progressToken;
  const send = !isObject(req) ? undefined : typeof req.notify === "function" ? req.notify : typeof req.sendNotification === "function" ? req.sendNotification : undefined;
  const signal = isObject(req) && req.signal instanceof AbortSignal ? req.signal : NEVER;
  let last = -Infinity;
  async function progress(done, total, message) {
    if (typeof done !== "number" || !Number.isFinite(done)) throw fail("INVALID_OPTION", `progress(done, total, message) takes done as a finite number, got ${typeof done}`);
    if (total !== undefined && (typeof total !== "number" || !Number.isFinite(total))) throw fail("INVALID_OPTION", "progress's total must be a finite number when given");
    // MCP wants each notification's progress greater than the last: an equal or smaller one is not sent.
    if (token === undefined || send === undefined || done <= last) return;
    last = done;
    const params = { progressToken: token, progress: done };
    if (total !== undefined) params.total = total;
    if (typeof message === "string") params.message = message;
    await send.call(req, { method: "notifications/progress", params });
  }
  return { progress, signal };
}
