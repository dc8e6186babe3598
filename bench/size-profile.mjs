// npm run bench:size: where the module's bytes go (issue 15, item 2), by
// the room or crate each function is named for. Part of `npm run bench`.
//
// What ships has no names, so the release build (which has them) is
// optimised again exactly as the build does, but keeping its names
// (wasm-opt -g). That module is the shipped one within about 1%: the rest is
// wasm-bindgen's glue, which the build adds in between. Generic code takes
// the crate its path starts with, so `Vec<Issue>::push` counts under
// `alloc`; drop glue is a group of its own, whatever it drops.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WASM_OPT_ARGS, root } from "../scripts/setup.mjs";
import { sections } from "../scripts/wasm-sections.mjs";

const SECTION_NAMES = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"];

/** Rust's legacy mangling escapes (`$LT$` for `<`, and so on). */
const ESCAPES = { SP: "@", BP: "*", RF: "&", LT: "<", GT: ">", LP: "(", RP: ")", C: "," };

/**
 * A legacy-mangled name (`_ZN...E`) as its path, `a::b::<c as d>::e`;
 * undefined for any other name. The hash segment is dropped.
 */
export function demangleLegacy(name) {
  const match = /^_?_ZN(.*)E(?:\.\S*)?$/.exec(name.replace(/_\d+$/, ""));
  if (!match) return undefined;
  const body = match[1];
  const parts = [];
  let at = 0;
  while (at < body.length) {
    const digits = /^\d+/.exec(body.slice(at));
    if (!digits) return undefined;
    at += digits[0].length;
    const part = body.slice(at, at + Number(digits[0]));
    at += Number(digits[0]);
    if (/^h[0-9a-f]{16}$/.test(part)) continue;
    parts.push(
      part
        .replace(/^_\$/, "$")
        .replace(/\$([A-Z]{1,2})\$/g, (whole, code) => ESCAPES[code] ?? whole)
        .replace(/\$u([0-9a-f]+)\$/g, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replaceAll("..", "::"),
    );
  }
  return parts.join("::");
}

/** The crate of a path: its first segment, or for `<T as Trait>` the type's, else the trait's. */
function crateOfPath(path) {
  if (path.startsWith("<")) {
    const inner = path.slice(1);
    const as = inner.indexOf(" as ");
    const subject = as === -1 ? inner : inner.slice(0, as);
    const own = /^[A-Za-z_][A-Za-z0-9_]*::/.exec(subject.replace(/^&(mut )?/, ""));
    if (own) return { crate: own[0].slice(0, -2), path: subject.replace(/^&(mut )?/, "") };
    return as === -1 ? undefined : crateOfPath(inner.slice(as + 4));
  }
  const crate = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path);
  return crate ? { crate: crate[0], path } : undefined;
}

const rooms = new Map();
/** Whether `src/` has a module of that name (else the name is an item of lib.rs); asked once a name. */
function isRoom(name) {
  if (!rooms.has(name)) rooms.set(name, existsSync(join(root, "src", `${name}.rs`)) || existsSync(join(root, "src", name, "mod.rs")));
  return rooms.get(name);
}

/**
 * The group a function counts under: `toolshape::<room>` for our own code,
 * the crate's name for a dependency's or the standard library's (generic
 * code instantiated for our types included), `drop glue`, or `exports and
 * runtime` (wasm-bindgen's shims, memcmp and the like, named without mangling).
 */
export function groupOf(name) {
  if (name.includes("drop_in_place")) return "drop glue";
  const legacy = demangleLegacy(name);
  if (legacy !== undefined) {
    const found = crateOfPath(legacy);
    if (found === undefined) return "exports and runtime";
    if (found.crate !== "toolshape") return found.crate;
    const room = /^toolshape::([a-z_][a-z0-9_]*)::/.exec(found.path)?.[1];
    return room !== undefined && isRoom(room) ? `toolshape::${room}` : "toolshape (lib.rs)";
  }
  if (/^_R/.test(name)) {
    // v0 mangling, as the standard library is built: the first crate named.
    const crate = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(name);
    if (crate) {
      // An identifier that starts with `_` or a digit has a `_` before it, outside its length.
      const start = crate.index + crate[0].length + (name[crate.index + crate[0].length] === "_" ? 1 : 0);
      return name.slice(start, start + Number(crate[1]));
    }
  }
  return "exports and runtime";
}

/** Function index -> name, from the `name` custom section. */
function functionNames(bytes) {
  const names = new Map();
  for (const section of sections(bytes)) {
    if (section.id !== 0 || section.name !== "name") continue;
    const reader = section.reader;
    while (reader.at < section.end) {
      const kind = reader.byte();
      const size = reader.leb();
      const end = reader.at + size;
      if (kind === 1) {
        const count = reader.leb();
        for (let i = 0; i < count; i++) {
          const index = reader.leb();
          names.set(index, reader.name());
        }
      }
      reader.at = end;
    }
  }
  return names;
}

/** How many functions the module imports: the code section's bodies are numbered after them. */
function importedFunctions(bytes) {
  return WebAssembly.Module.imports(new WebAssembly.Module(bytes)).filter((entry) => entry.kind === "function").length;
}

/**
 * A module's bytes by group: `{ total, groups: [{ group, bytes }], functions:
 * [{ name, group, bytes }], sections: [{ section, bytes }] }`. Custom sections
 * (names, wasm-bindgen's) are left out of `total`: none ships.
 */
export function profile(bytes) {
  const names = functionNames(bytes);
  const first = importedFunctions(bytes);
  const functions = [];
  const other = new Map();
  let total = 0;
  let codeSection = 0;
  for (const section of sections(bytes)) {
    const size = section.end - section.reader.at;
    if (section.id === 0) continue;
    total += size;
    if (section.id !== 10) {
      const label = SECTION_NAMES[section.id] ?? `section ${section.id}`;
      other.set(label, (other.get(label) ?? 0) + size);
      continue;
    }
    codeSection += size;
    const reader = section.reader;
    const count = reader.leb();
    for (let i = 0; i < count; i++) {
      const bodySize = reader.leb();
      const name = names.get(first + i) ?? `function ${first + i}`;
      functions.push({ name, group: groupOf(name), bytes: bodySize });
      reader.at += bodySize;
    }
  }
  const byGroup = new Map();
  for (const fn of functions) byGroup.set(fn.group, (byGroup.get(fn.group) ?? 0) + fn.bytes);
  const code = functions.reduce((sum, fn) => sum + fn.bytes, 0);
  // Each body's size prefix and the count: what the code section holds beyond the bodies.
  other.set("code framing", codeSection - code);
  return {
    total,
    groups: [...byGroup].map(([group, n]) => ({ group, bytes: n })).sort((a, b) => b.bytes - a.bytes),
    functions: functions.sort((a, b) => b.bytes - a.bytes),
    sections: [...other].map(([section, n]) => ({ section, bytes: n })).sort((a, b) => b.bytes - a.bytes),
  };
}

/** The release build optimised as the build does, names kept. */
function namedModule() {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-size-"));
  try {
    const out = join(dir, "named.wasm");
    const release = join(root, "target", "wasm32-unknown-unknown", "release", "toolshape.single-results.wasm");
    execFileSync(join(root, "node_modules", ".bin", "wasm-opt"), [release, ...WASM_OPT_ARGS, "-g", "-o", out], { stdio: ["ignore", "ignore", "inherit"] });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const share = (n, total) => `${((100 * n) / total).toFixed(1)}%`;

/** Prints the profile: the groups, then the largest functions. */
export function run({ top = 15 } = {}) {
  const shipped = readFileSync(join(root, "pkg", "web", "toolshape_bg.wasm")).length;
  const found = profile(namedModule());
  console.log(`\nwhere the bytes go: the release build optimised as shipped, names kept (${kb(found.total)}; the shipped module ${kb(shipped)})`);
  for (const { group, bytes } of found.groups) console.log(`  ${group.padEnd(24)} ${kb(bytes).padStart(9)}  ${share(bytes, found.total).padStart(6)}`);
  const [data, ...rest] = found.sections;
  const line = (label, bytes) => console.log(`  ${label.padEnd(24)} ${kb(bytes).padStart(9)}  ${share(bytes, found.total).padStart(6)}`);
  line(`(${data.section})`, data.bytes);
  line("(other sections)", rest.reduce((sum, row) => sum + row.bytes, 0));
  console.log(`  the ${top} largest functions:`);
  for (const fn of found.functions.slice(0, top)) console.log(`  ${kb(fn.bytes).padStart(9)}  ${(demangleLegacy(fn.name) ?? fn.name).slice(0, 100)}`);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
