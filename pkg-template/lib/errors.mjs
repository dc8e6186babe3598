// The one error class, and how errors cross from wasm: the core throws the
// error's JSON text (a string, which nothing else in the module throws);
// `call` rethrows it as a ToolshapeError. The wire decoding stays in this
// file.

import { hasOwn } from "./objects.mjs";

const DETAIL_KEYS = ["path", "pointer", "flag", "issues", "conflicts", "format"];

/** Every failure toolshape reports; `code` is stable (see the README). */
export class ToolshapeError extends Error {
  /**
   * @param {string} code a stable UPPER_SNAKE code
   * @param {string} message what and where
   * @param {{ path?: unknown[], pointer?: string, flag?: string, issues?: unknown[] }} [details]
   */
  constructor(code, message, details) {
    super(typeof message === "string" ? message : String(code));
    this.name = "ToolshapeError";
    this.code = typeof code === "string" ? code : "INTERNAL";
    if (details !== null && typeof details === "object") {
      for (const key of DETAIL_KEYS) {
        if (hasOwn(details, key) && details[key] !== undefined) this[key] = details[key];
      }
    }
    if (this.code === "INVALID_ARGS" && !this.issues) this.issues = [];
  }
}

/** A ToolshapeError from the error JSON the core writes. */
export function fromWire(data) {
  if (data === null || typeof data !== "object") return new ToolshapeError("INTERNAL", "unreadable error from the core");
  return new ToolshapeError(data.code, data.message, data);
}

/**
 * Whether `error` is the core's answer about the input (a schema that makes
 * no command line, say), not a stopped core or someone else's exception.
 */
export function isAnswer(error) {
  return error instanceof ToolshapeError && error.code !== "INTERNAL" && error.code !== "NOT_INITIALIZED";
}

export function fail(code, message, details) {
  return new ToolshapeError(code, message, details);
}

/** Runs a wasm call, turning its wire errors into ToolshapeError. */
export function call(fn) {
  try {
    return fn();
  } catch (error) {
    if (typeof error === "string") {
      let data;
      try {
        data = JSON.parse(error);
      } catch {
        data = { code: "INTERNAL", message: error };
      }
      throw fromWire(data);
    }
    throw error;
  }
}
