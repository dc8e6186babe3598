// The fast parseArgv path's decoder. wasm writes numbers into a buffer kept
// in the Tool (layout: src/wire.rs, whose constants arrive here as
// `layout`); this builds the nested object from them, with the group plan
// made once per Tool. Text values are slices of the argv strings JS already
// holds, so nothing is decoded or JSON-parsed.

import { cloneJson, put } from "./objects.mjs";

/**
 * @param {Array<Array<[string, number, number]>>} groups per group, members as [key, isGroup, index]
 *   (isGroup 2: a group that is null when none of its flags is given)
 * @param {Array<{ repeatable?: boolean, default?: unknown }>} flags the flag table
 * @param {Record<string, number>} layout the wire constants
 */
export function makeDecoder(groups, flags, layout) {
  const { kindText, kindNumber, kindTrue, kindFalse, kindNull } = layout;
  const plan = groups.map((members) => {
    const keys = members.map((m) => m[0]);
    return {
      keys,
      isGroup: members.map((m) => m[1] !== 0),
      nullIfAbsent: members.map((m) => m[1] === 2),
      index: members.map((m) => m[2]),
      // `out.__proto__ = v` would set the prototype; define it instead.
      define: keys.map((k) => k === "__proto__"),
    };
  });
  const repeatable = flags.map((f) => f.repeatable === true);
  const defaults = flags.map((f) => f.default);
  const cloneDefault = defaults.map((d) => d !== null && typeof d === "object");
  const slots = new Array(flags.length);
  const present = new Uint8Array(plan.length);

  function build(g, seed) {
    const out = {};
    // An action's literal keys come first, as the general path writes them.
    if (seed !== undefined) {
      for (const [key, literal] of seed) {
        put(out, key, cloneJson(literal));
      }
    }
    const { keys, isGroup, nullIfAbsent, index, define } = plan[g];
    for (let m = 0; m < keys.length; m++) {
      const i = index[m];
      let value;
      if (isGroup[m]) {
        if (present[i] === 1) value = build(i);
        else if (nullIfAbsent[m]) value = null;
        else continue;
      } else {
        value = slots[i];
        if (value === undefined) continue;
      }
      if (define[m]) Object.defineProperty(out, keys[m], { value, writable: true, enumerable: true, configurable: true });
      else out[keys[m]] = value;
    }
    return out;
  }

  function valueOf(kind, flag, a, b, argv) {
    if (kind === kindText) return b === 0 ? argv[a] : argv[a].slice(b);
    if (kind === kindNumber) return a;
    if (kind === kindTrue) return true;
    if (kind === kindFalse) return false;
    if (kind === kindNull) return null;
    return cloneDefault[flag] ? cloneJson(defaults[flag]) : defaults[flag];
  }

  /**
   * Decodes the answer at `buf[start]` (which holds `layout.answerNumbers`);
   * `seed`, an action's literal `[key, value]` pairs, opens the object.
   */
  return function decode(buf, start, argv, seed) {
    slots.fill(undefined);
    present.fill(0);
    let p = start + 1;
    const groups = buf[p++];
    for (let k = 0; k < groups; k++) present[buf[p++]] = 1;
    const count = buf[p++];
    for (let k = 0; k < count; k++) {
      const flag = buf[p];
      const value = valueOf(buf[p + 1], flag, buf[p + 2], buf[p + 3], argv);
      p += 4;
      if (repeatable[flag]) {
        if (slots[flag] === undefined) slots[flag] = [value];
        else slots[flag].push(value);
      } else {
        slots[flag] = value;
      }
    }
    const data = build(0, seed);
    const restCount = buf[p++];
    const rest = new Array(restCount);
    for (let k = 0; k < restCount; k++) rest[k] = argv[buf[p++]];
    return { success: true, data, rest };
  };
}
