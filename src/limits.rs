//! Every bound that keeps hostile input from hanging, trapping or exhausting
//! memory. Documented in the README; change them there too.

/// Subschema nesting accepted in a schema (each `properties`, `items`,
/// `anyOf` branch or followed `$ref` is one level).
pub const MAX_DEPTH: usize = 64;

/// JSON nesting serde_json accepts before refusing (its own recursion limit).
pub const MAX_JSON_DEPTH: usize = 128;

/// Largest schema or argument text accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// Work units a schema may expand to once `$ref`s are inlined: one per
/// subschema, plus the size of kept keyword values. Stops `$ref` bombs.
pub const MAX_SCHEMA_WEIGHT: usize = 250_000;

/// Issues reported by one `INVALID_ARGS` error; more are summarized.
pub const MAX_ISSUES: usize = 100;

/// Flag names longer than this get no "did you mean" suggestion.
pub const MAX_SUGGEST_LEN: usize = 128;

/// Times `repair` unwraps a string that holds JSON text of a string.
pub const MAX_REPAIR_UNWRAP: usize = 4;
