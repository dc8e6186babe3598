// How long a client may keep a registry's tools/list answer, and whether
// one kept copy may serve another client (MCP 2026-07-28's ttlMs and
// cacheScope), from attach's `cache` option.

import { fail } from "./errors.mjs";
import { isObject } from "./objects.mjs";

/** How long a client may keep a tools/list answer by default (ms); attach and detach announce changes anyway. */
const DEFAULT_TTL_MS = 300_000;

/**
 * `ttlMs` and `cacheScope` of tools/list (MCP 2026-07-28): `private` when
 * the list depends on who asks (`client: "auto"`), else `public`; a public
 * cache of a per-client list would hand one client's schemas to another.
 */
export function cacheOf(cache, client) {
  if (cache !== undefined && !isObject(cache)) throw fail("INVALID_OPTION", 'attach option "cache" is { ttlMs, scope }');
  const { ttlMs = DEFAULT_TTL_MS, scope = client === "auto" ? "private" : "public", ...rest } = cache ?? {};
  const extra = Object.keys(rest);
  if (extra.length > 0) throw fail("INVALID_OPTION", `unknown attach cache option ${JSON.stringify(extra[0])} (options: ttlMs, scope)`);
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 0) throw fail("INVALID_OPTION", `attach cache "ttlMs" must be a whole number of milliseconds, 0 or more; got ${JSON.stringify(ttlMs)}`);
  if (scope !== "public" && scope !== "private") throw fail("INVALID_OPTION", `attach cache "scope" is "public" or "private"; got ${JSON.stringify(scope)}`);
  if (scope === "public" && client === "auto") throw fail("INVALID_OPTION", 'attach cache "scope" cannot be "public" with client "auto": each client is listed its own schemas; fix the client (client: "portable") or keep it private');
  return { ttlMs, cacheScope: scope };
}
