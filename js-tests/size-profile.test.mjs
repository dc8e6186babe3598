// The size profile (bench/size-profile.mjs) bench/README.md's "Where the bytes go"
// is read from: its names must land in the right group, and its groups must
// add up to the module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { demangleLegacy, groupOf, profile } from "../bench/size-profile.mjs";
import { root } from "./helpers.mjs";

test("legacy-mangled names read back as their paths, hash dropped", () => {
  assert.equal(demangleLegacy("_ZN9toolshape5group5build17hd3b6cbc0c46c8cb0E"), "toolshape::group::build");
  assert.equal(
    demangleLegacy("_ZN73_$LT$toolshape..flags..table..FlagTable$u20$as$u20$core..clone..Clone$GT$5clone17h4e5742af35f8131fE"),
    "<toolshape::flags::table::FlagTable as core::clone::Clone>::clone",
  );
  assert.equal(demangleLegacy("_ZN4core3fmt5Write9write_fmt17h9ee0cce167210365E_1022"), "core::fmt::Write::write_fmt");
  assert.equal(demangleLegacy("memcmp"), undefined);
  assert.equal(demangleLegacy("_RNvNtCsgXGp5Oqx2Ny_4core3str19slice_error_fail_rt"), undefined);
});

test("each function counts under its room or crate", () => {
  const cases = {
    _ZN9toolshape5group5build17hd3b6cbc0c46c8cb0E: "toolshape::group",
    // A trait impl counts for its type: our flag table, not core's Clone.
    "_ZN73_$LT$toolshape..flags..table..FlagTable$u20$as$u20$core..clone..Clone$GT$5clone17h4e5742af35f8131fE": "toolshape::flags",
    // A blanket impl over a reference has no type of its own: the trait's crate.
    "_ZN44_$LT$$RF$T$u20$as$u20$core..fmt..Display$GT$3fmt17hfb2ed0997cf8b2fcE": "core",
    // An item of lib.rs, not a room.
    _ZN9toolshape4Tool12compile_json17haf4e421cd5c12ed4E: "toolshape (lib.rs)",
    "_ZN10serde_json2de21Deserializer$LT$R$GT$14f64_from_parts17hec455521977e1a8eE": "serde_json",
    "_ZN4core3ptr45drop_in_place$LT$serde_json..error..Error$GT$17hc80a4822997aefefE": "drop glue",
    // v0 mangling (the standard library): the first crate it names.
    _RNvNtNtNtNtCsgXGp5Oqx2Ny_4core3num7flt2dec8strategy6dragon15format_shortest: "core",
    _RNvXsq_NtCs5cOc02OMXlo_5alloc6stringNtB5_6StringNtNtCsgXGp5Oqx2Ny_4core3fmt7Display3fmt: "alloc",
    // An identifier starting with `_` carries a separator outside its length.
    _RNvCsfLfy6EI15iL_7___rustc13___rdl_realloc: "__rustc",
    wasmtool_parseArgv_0594965f3c8ae780: "exports and runtime",
    memcmp: "exports and runtime",
  };
  for (const [name, group] of Object.entries(cases)) assert.equal(groupOf(name), group, name);
});

test("the built module's profile adds up, every function named and grouped", () => {
  const bytes = readFileSync(join(root, "target", "wasm32-unknown-unknown", "release", "toolshape.wasm"));
  const found = profile(bytes);
  const groups = found.groups.reduce((sum, row) => sum + row.bytes, 0);
  const sections = found.sections.reduce((sum, row) => sum + row.bytes, 0);
  assert.equal(groups + sections, found.total);
  // The custom sections (names, wasm-bindgen's) are the rest of the file.
  assert.ok(found.total < bytes.length);
  assert.deepEqual(found.functions.filter((fn) => fn.name.startsWith("function ")), []);
  const named = new Set(found.groups.map((row) => row.group));
  for (const group of ["toolshape::schema", "toolshape::profile", "toolshape::flags", "serde_json", "core", "alloc", "drop glue"]) {
    assert.ok(named.has(group), `${group} in ${[...named].join(", ")}`);
  }
  assert.ok(found.functions.some((fn) => fn.name.includes("parseArgv") && fn.group === "exports and runtime"));
});

test("serde_json's float writer is not in the module: floats are written by core's formatting (src/json_out.rs)", () => {
  // zmij's table alone is 17 KB (12 KB gzipped). A `Value` written with its
  // `Display` (`.to_string()`, `{}`), or a typed serde_json read, links it again.
  const found = profile(readFileSync(join(root, "target", "wasm32-unknown-unknown", "release", "toolshape.wasm")));
  assert.deepEqual(found.functions.filter((fn) => fn.group === "zmij" || fn.name.includes("zmij")).map((fn) => fn.name), []);
});
