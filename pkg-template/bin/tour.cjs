"use strict";
// `toolshape tour` (what `npm start` runs): the whole job on one tool in one
// screen. The schema two clients get and what differs, the command line's
// usage, one argv parsed into nested arguments, one broken call repaired.

/** Every path where `b` differs from `a`, as lines: `+` added, `-` removed, `~` changed. */
function differences(a, b, path = "") {
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    const lines = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = `${path}/${key}`;
      if (!Object.hasOwn(b, key)) lines.push(`- ${at}`);
      else if (!Object.hasOwn(a, key)) lines.push(`+ ${at}: ${clip(b[key])}`);
      else lines.push(...differences(a[key], b[key], at));
    }
    return lines;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [`~ ${path}: ${clip(a)} -> ${clip(b)}`];
}

const clip = (value, most = 60) => {
  const text = JSON.stringify(value);
  return text.length > most ? `${text.slice(0, most - 3)}...` : text;
};

/** The lines `toolshape tour` prints, for a compiled tool and the package's `repair`. */
function tour(tool, repair, { first = "claude-code", second = "gemini", argv, call, most = 8 }) {
  const one = tool.inputSchema({ client: first });
  const two = tool.inputSchema({ client: second });
  const diff = differences(one, two);
  const shown = diff.length > most ? [...diff.slice(0, most), `  ... and ${diff.length - most} more`] : diff;
  const fixed = repair(tool, call);
  return [
    `1. The inputSchema ${first} gets (every nested object's properties, $refs inlined, defaults not required):`,
    ...Object.entries(one.properties).map(([key, value]) => `   ${key}: ${clip(value, 90 - key.length)}`),
    `   ${second} gets the same tool with ${diff.length} changes, each to a keyword that client refuses or misreads:`,
    ...shown.map((line) => `   ${line}`),
    "",
    "2. The command line of the same tool:",
    ...tool.usage({ width: 90 }).trimEnd().split("\n").map((line) => (line === "" ? "" : `   ${line}`)),
    "",
    `3. One argv parsed into nested arguments: ${argv.join(" ")}`,
    `   ${JSON.stringify(tool.parseArgv(argv))}`,
    "",
    `4. One broken client call repaired: ${JSON.stringify(call)}`,
    `   ${JSON.stringify(fixed.value)}`,
    ...fixed.repairs.map((r) => `   ${r.path.join(".") || "(arguments)"}: ${JSON.stringify(r.from)} -> ${JSON.stringify(r.to)}`),
  ];
}

module.exports = { tour, differences };
