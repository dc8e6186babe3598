// Builds a schema object from the tape wasm writes beside the schema's text
// (layout and the reasons: src/wire/tape.rs). The keywords and type names
// come from one table, every other string is a slice of the text JS already
// holds, so this takes about half of what `JSON.parse` of the text does.

import { put } from "./objects.mjs";

/**
 * @param {Record<string, number | string[]>} ops the tape's layout (`layout().tape`)
 * @returns {(text: string, view: Uint32Array, start: number) => unknown}
 */
export function makeTapeReader(ops) {
  const { object: OBJECT, array: ARRAY, known: KNOWN, text: TEXT, escaped: ESCAPED, number: NUMBER, true: TRUE, false: FALSE } = ops;
  const strings = ops.strings;

  return function read(text, view, start) {
    let at = start;

    function string(kind) {
      if (kind === KNOWN) return strings[view[at++]];
      const a = view[at++];
      const b = view[at++];
      return kind === TEXT ? text.slice(a, b) : JSON.parse(text.slice(a, b));
    }

    function value() {
      const kind = view[at++];
      if (kind === OBJECT) {
        const n = view[at++];
        const out = {};
        for (let i = 0; i < n; i++) {
          const key = string(view[at++]);
          put(out, key, value());
        }
        return out;
      }
      if (kind === KNOWN || kind === TEXT || kind === ESCAPED) return string(kind);
      if (kind === ARRAY) {
        const n = view[at++];
        const out = [];
        for (let i = 0; i < n; i++) out.push(value());
        return out;
      }
      if (kind === NUMBER) return Number(text.slice(view[at++], view[at++]));
      if (kind === TRUE) return true;
      if (kind === FALSE) return false;
      return null;
    }

    return value();
  };
}
