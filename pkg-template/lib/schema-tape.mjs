// Builds a schema object from the tape wasm writes beside the schema's text
// (layout and the reasons: src/emit/tape.rs). The keywords and type names
// come from one table, every other string is a slice of the text JS already
// holds, so this takes about half of what `JSON.parse` of the text does.

import { put } from "./objects.mjs";

/**
 * @param {Record<string, number | string[]>} ops the tape's layout (`layout().tape`)
 * @returns {(text: string, view: Uint32Array, start: number) => unknown}
 */
export function makeTapeReader(ops) {
  const { object: OBJECT, array: ARRAY, known: KNOWN, text: TEXT, escaped: ESCAPED, number: NUMBER, true: TRUE, false: FALSE, names: NAMES, orNull: OR_NULL } = ops;
  const strings = ops.strings;
  // The read in progress. Kept here rather than in closures made per read:
  // that allocation and every `at++` through a closure's context measured
  // 6% of a whole inputSchema call. One read at a time: nothing below
  // calls out to code that could start another.
  let text = "";
  let view = null;
  let at = 0;

  function value() {
    const kind = view[at++];
    if (kind === KNOWN) return strings[view[at++]];
    if (kind === TEXT) {
      const a = view[at++];
      return text.slice(a, view[at++]);
    }
    if (kind === OBJECT) {
      const n = view[at++];
      const out = {};
      for (let i = 0; i < n; i++) {
        const key = value();
        // A `required` list of every property: the keys just made, in
        // order (the writer leaves array indexes out, which JS lists first).
        if (view[at] === NAMES) {
          at++;
          out[key] = Object.keys(out.properties);
        } else if (key === "__proto__") {
          // An own key, as JSON.parse makes it.
          put(out, key, value());
        } else out[key] = value();
      }
      return out;
    }
    if (kind === ARRAY) {
      const n = view[at++];
      // Made at its size: `[]` takes room for sixteen at its first push,
      // and a schema's arrays are mostly one or two long (openai-strict
      // writes `[T, "null"]` for every optional field): 4% to 5% of that
      // profile's call. Elements are read left to right, in tape order.
      if (n === 1) return [value()];
      if (n === 2) return [value(), value()];
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = value();
      return out;
    }
    // A nullable type, `[T, "null"]`: one for every optional field that
    // openai-strict writes.
    if (kind === OR_NULL) return [strings[view[at++]], "null"];
    if (kind === ESCAPED) {
      const a = view[at++];
      return JSON.parse(text.slice(a, view[at++]));
    }
    if (kind === NUMBER) {
      const a = view[at++];
      return Number(text.slice(a, view[at++]));
    }
    if (kind === TRUE) return true;
    if (kind === FALSE) return false;
    return null;
  }

  return function read(schemaText, words, start) {
    text = schemaText;
    view = words;
    at = start;
    try {
      return value();
    } finally {
      // Not kept past the read: the view holds wasm memory, the text may be large.
      text = "";
      view = null;
    }
  };
}
