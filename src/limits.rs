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

/// Cells of the distance table one suggestion may compute (a few
/// milliseconds): past it, the candidates left are not looked at.
pub const MAX_SUGGEST_WORK: usize = 2_000_000;

/// Issues of one parse that may carry a suggestion: each looks through
/// every flag name, and a hundred unknown flags need no hundred hints.
pub const MAX_SUGGESTED_ISSUES: usize = 8;

/// Times `repair` unwraps a string that holds JSON text of a string.
pub const MAX_REPAIR_UNWRAP: usize = 4;

/// Work one `repair` may spend trying a union's branches on a value: each
/// branch tried costs the value's size in JSON nodes. A union met with more
/// than this leaves its value as it was (nothing is guessed), for the
/// validator to report: 12,000 branches tried on 3,000 keys took 10 s.
pub const MAX_REPAIR_TRIAL_WORK: usize = 2_000_000;

/// Characters of the `separator` compile option: it is written into every
/// nested flag name once per level, so a long one made flag tables grow
/// with its length times their size (10,000 characters over 12,000
/// actions: 1.6 GB and 7.7 s).
pub const MAX_SEPARATOR_CHARS: usize = 8;

/// Characters of the `envPrefix` compile option: it starts every flag's
/// environment variable name, for the same reason.
pub const MAX_ENV_PREFIX_CHARS: usize = 64;

/// Characters of user text (a flag, a key, a value) quoted in a message;
/// longer text is clipped, so a message never grows with its input.
pub const CLIP_CHARS: usize = 80;

/// Unions nested inside unions that are searched for action branches.
pub const MAX_UNION_NESTING: usize = 16;

/// Levels a TypeScript-style type in help entries spells out before
/// writing `unknown` (recursive definitions would never end).
pub const MAX_TYPE_TEXT_DEPTH: usize = 8;

/// The columns usage text is wrapped to: a requested width is clamped here.
pub const USAGE_WIDTH: std::ops::RangeInclusive<usize> = 40..=400;

/// Depth to which `fits` follows a value and recursive definitions; values
/// deeper than this cannot arrive (serde_json stops at 128), so it only
/// guards hand-made input.
pub const MAX_FIT_DEPTH: usize = 256;

/// Choices a message lists before it says how many there are in all.
pub const MAX_CHOICES_SHOWN: usize = 8;

/// Described choices usage lists under a flag before it says how many
/// more there are: documentation, so more than a message's eight, yet a
/// union of thousands of described literals must not make usage that long.
pub const MAX_CHOICE_NOTES: usize = 64;

/// Positions of a tuple typed as words after its flag (`--range 1 5`);
/// a longer tuple stays one value of JSON text.
pub const MAX_TUPLE_WORDS: usize = 8;

/// Nodes in the example value a JSON flag's error shows, at most, and how
/// deep and how many object keys it goes: an example is a hint, and a
/// recursive tuple must not make it cost more than the parse.
pub const MAX_EXAMPLE_NODES: usize = 32;
pub const MAX_EXAMPLE_DEPTH: usize = 4;
pub const MAX_EXAMPLE_KEYS: usize = 3;
