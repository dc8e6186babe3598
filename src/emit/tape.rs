//! A schema's JSON text together with its structure, so that JS builds the
//! object from numbers instead of running `JSON.parse` on the text.
//!
//! Why: V8's `JSON.parse` spends about 140 ns on every nested object of a
//! schema (a 30-property schema of 872 bytes takes 5.7 us). Building the
//! same object in JS from this tape took 0.4x to 0.55x of that on the bench
//! schemas: the keywords and type names come from one table made once
//! ([`KNOWN`]; with every string sliced instead, the gain halved), and
//! every other string is a slice of the text, which JS has already decoded
//! to return it.
//!
//! The tape is `u32` slots (JS reads them through a `Uint32Array` view of
//! wasm memory); offsets count UTF-16 code units of the text, as `String.slice`
//! does:
//!
//! | slots | value |
//! |---|---|
//! | `OBJECT n` then n (key, value) pairs | an object; a key is `KNOWN`, `TEXT` or `ESCAPED` |
//! | `ARRAY n` then n values | an array |
//! | `KNOWN i` | `KNOWN[i]` |
//! | `TEXT a b` | `text.slice(a, b)`: a string with no escape |
//! | `ESCAPED a b` | `JSON.parse(text.slice(a, b))`: a string with escapes, quotes included |
//! | `NUMBER a b` | `Number(text.slice(a, b))`, the same number `JSON.parse` gives |
//! | `TRUE`, `FALSE`, `NULL` | the literal |
//! | `OR_NULL i` | the array `[KNOWN[i], "null"]` (a nullable type, written for every optional field by strict profiles) |
//! | `NAMES` | an array of the keys of the `properties` member read before it in the same object, in order (`Object.keys`) |
//!
//! A text written from the Shape gets its tape from its writer, as it
//! writes (`json_text`); values it copies as text (a default, an enum, a
//! leaf a profile writes) are scanned where they land ([`append_value`]).
//! Any other text is scanned whole ([`Tape::scan`]). Both hold offsets in
//! bytes until [`to_utf16`] turns them into `String.slice`'s units.
//!
//! The text is ours (compact JSON the core wrote). The scanner checks the
//! bytes it relies on and answers `None` on anything else (JS then parses
//! the text); it never panics. Property tests hold its tape, read back, to
//! the value serde_json reads from the text, for any JSON value, and the
//! writer's to the scanner's for every fixture.

/// What a slot opening a value says it is.
pub mod op {
    pub const OBJECT: u32 = 0;
    pub const ARRAY: u32 = 1;
    pub const KNOWN: u32 = 2;
    pub const TEXT: u32 = 3;
    pub const ESCAPED: u32 = 4;
    pub const NUMBER: u32 = 5;
    pub const TRUE: u32 = 6;
    pub const FALSE: u32 = 7;
    pub const NULL: u32 = 8;
    /// Only as a member's value: written by the text writer for a
    /// `required` list that names every property in order, so that JS
    /// lists the keys it made instead of slicing each name again.
    pub const NAMES: u32 = 9;
    /// `[KNOWN[i], "null"]`, a nullable type: one slot and its index where
    /// the array took six, and JS makes it without reading two strings.
    pub const OR_NULL: u32 = 10;
}

/// How many slots a value of `kind` opens with (a container's count
/// included, its members following); `None` for no kind.
#[must_use]
pub const fn width(kind: u32) -> Option<usize> {
    match kind {
        op::OBJECT | op::ARRAY | op::KNOWN | op::OR_NULL => Some(2),
        op::TEXT | op::ESCAPED | op::NUMBER => Some(3),
        op::TRUE | op::FALSE | op::NULL | op::NAMES => Some(1),
        _ => None,
    }
}

/// The strings a schema repeats (keywords and type names), sent to JS
/// once; the tape names them by position. A test checks each is found at
/// its own position (so none is listed twice).
pub const KNOWN: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "description",
    "title",
    "default",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "allOf",
    "items",
    "prefixItems",
    "$ref",
    "$defs",
    "not",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
    "propertyNames",
    "patternProperties",
    "examples",
    "$schema",
    "nullable",
    "string",
    "number",
    "integer",
    "boolean",
    "object",
    "array",
    "null",
];

/// Slots in the lookup table of [`KNOWN`]: a power of two, about three
/// times the strings, so a lookup mostly looks at one slot.
const SLOTS: usize = 128;
const EMPTY: u8 = u8::MAX;
const _: () = assert!(KNOWN.len() < EMPTY as usize && KNOWN.len() * 2 < SLOTS);

/// The longest of [`KNOWN`]: anything longer is not looked up.
const LONGEST: usize = "additionalProperties".len();

/// A table entry: a string's length and first eight bytes, compared
/// before any byte past them.
#[derive(Clone, Copy)]
struct Entry {
    head: u64,
    len: u8,
    index: u8,
}

/// The first eight bytes of `text` (fewer padded with zeros), little-endian.
#[allow(clippy::indexing_slicing)] // `i` stays under the length; in the const table an index out of range fails the build
const fn head(text: &[u8]) -> u64 {
    let mut head = 0;
    let mut i = 0;
    while i < 8 && i < text.len() {
        head |= (text[i] as u64) << (8 * i);
        i += 1;
    }
    head
}

#[allow(clippy::cast_possible_truncation)] // the top 7 bits of the product: a slot under 128
const fn slot_of(head: u64, len: usize) -> usize {
    ((head ^ (len as u64) << 56).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57) as usize
}

/// Position in [`KNOWN`] by slot, linear probing; built when compiling.
#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)] // compile-time: a bad index fails the build; the assertions above keep lengths and positions in a byte
const TABLE: [Entry; SLOTS] = {
    let mut table = [Entry {
        head: 0,
        len: 0,
        index: EMPTY,
    }; SLOTS];
    let mut i = 0;
    while i < KNOWN.len() {
        let text = KNOWN[i].as_bytes();
        let mut slot = slot_of(head(text), text.len());
        while table[slot].index != EMPTY {
            slot = (slot + 1) % SLOTS;
        }
        table[slot] = Entry {
            head: head(text),
            len: text.len() as u8,
            index: i as u8,
        };
        i += 1;
    }
    table
};

/// The position in [`KNOWN`] of `bytes[start..end]`. `bytes` is the
/// whole text: a string shorter than eight bytes is read as the eight from
/// its start, masked, one load instead of a loop (a string is always
/// followed by its closing quote, so only the text's last bytes need the loop).
fn known_index(bytes: &[u8], start: usize, end: usize) -> Option<u8> {
    let len = end.checked_sub(start)?;
    if len > LONGEST {
        return None;
    }
    let first = match bytes.get(start..start + 8) {
        Some(eight) => u64::from_le_bytes(eight.try_into().ok()?) & mask(len),
        None => head(bytes.get(start..end)?),
    };
    let mut slot = slot_of(first, len);
    loop {
        let entry = TABLE.get(slot)?;
        if entry.index == EMPTY {
            return None;
        }
        if usize::from(entry.len) == len
            && entry.head == first
            && (len <= 8 || KNOWN.get(usize::from(entry.index))?.as_bytes().get(8..) == bytes.get(start + 8..end))
        {
            return Some(entry.index);
        }
        slot = (slot + 1) % SLOTS;
    }
}

/// The low `len` bytes of a `u64` (all eight from 8 on).
fn mask(len: usize) -> u64 {
    if len >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * len)) - 1
    }
}

/// A tape and the scanner's stack, both kept between scans so a scan
/// allocates only when a schema is larger than any before it.
#[derive(Default)]
pub struct Tape {
    slots: Vec<u32>,
    open: Vec<Open>,
}

impl Tape {
    /// Writes the tape of `text` (what was there before is gone). `None`
    /// when the text is not compact JSON as the core writes it; the tape
    /// is then empty.
    pub fn scan(&mut self, text: &str) -> Option<()> {
        self.slots.clear();
        self.open.clear();
        // Owned by the scanner while it runs, put back after: fields it
        // holds by value stay in locals, where through `&mut` every push
        // loaded the vector again.
        let mut scanner = Scanner {
            bytes: text.as_bytes(),
            at: 0,
            units: Units::new(text),
            out: std::mem::take(&mut self.slots),
            open: std::mem::take(&mut self.open),
        };
        let done = scanner.document();
        self.slots = scanner.out;
        self.open = scanner.open;
        if done.is_none() {
            self.slots.clear();
        }
        done
    }

    /// The slots of the last scan.
    #[must_use]
    pub fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// Slots held, used or not.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.capacity()
    }
}

/// The place in [`KNOWN`] of `word`, for the words a writer knows as it
/// writes them.
///
/// # Panics
///
/// When `word` is not in the table; the writer evaluates it for constants
/// only, so that fails the build, never a call.
#[must_use]
#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)] // compile-time only: `i` stays under the table's length, which is under 256
pub(crate) const fn position(word: &str) -> u32 {
    let word = word.as_bytes();
    let mut i = 0;
    while i < KNOWN.len() {
        let known = KNOWN[i].as_bytes();
        if known.len() == word.len() {
            let mut j = 0;
            while j < word.len() && known[j] == word[j] {
                j += 1;
            }
            if j == word.len() {
                return i as u32;
            }
        }
        i += 1;
    }
    panic!("not a word of the table")
}

/// The place in [`KNOWN`] of `word`, if it is there.
#[must_use]
pub fn known_position(word: &str) -> Option<u32> {
    known_index(word.as_bytes(), 0, word.len()).map(u32::from)
}

/// Appends to `slots` the tape of the one value `bytes[start..]` holds,
/// offsets in bytes (see [`to_utf16`]). `None`, with `slots` as they were,
/// when that is not one value of compact JSON.
pub fn append_value(bytes: &[u8], start: usize, slots: &mut Vec<u32>) -> Option<()> {
    let before = slots.len();
    let mut scanner = Scanner {
        bytes,
        at: start,
        units: Units::bytes(),
        out: std::mem::take(slots),
        open: Vec::new(),
    };
    let done = scanner.document();
    *slots = scanner.out;
    if done.is_none() {
        slots.truncate(before);
    }
    done
}

/// Rewrites the byte offsets of `slots`, the tape of `text` written with
/// them, as UTF-16 offsets (the same numbers for ASCII text). Offsets may
/// come in any order (a `required` name points back at its property's key).
/// `None` when the tape is not one of `text`.
pub fn to_utf16(text: &str, slots: &mut [u32]) -> Option<()> {
    if text.is_ascii() {
        return Some(());
    }
    // The UTF-16 offset of every byte offset, made once.
    let mut units = Vec::with_capacity(text.len() + 1);
    let mut unit = 0u32;
    for b in text.bytes() {
        units.push(unit);
        // A lead byte of a 4-byte sequence is a surrogate pair in UTF-16;
        // continuation bytes add nothing.
        unit = unit.checked_add(match b {
            0x80..=0xBF => 0,
            0xF0..=0xFF => 2,
            _ => 1,
        })?;
    }
    units.push(unit);
    let mut at = 0;
    while let Some(&kind) = slots.get(at) {
        let slots_here = width(kind)?;
        if matches!(kind, op::TEXT | op::ESCAPED | op::NUMBER) {
            for offset in slots.get_mut(at + 1..at + 3)? {
                *offset = *units.get(usize::try_from(*offset).ok()?)?;
            }
        }
        at += slots_here;
    }
    Some(())
}

/// A tree's text ([`Json::to_text`](crate::schema::json::Json::to_text))
/// and its tape, scanned once: a profile that rewrites a tree keeps both,
/// so no later call scans its text. The tape is empty when the text could
/// not be scanned (JS then parses it).
#[must_use]
pub fn write_tree(tree: &crate::schema::json::Json<'_>) -> super::Written {
    let text = tree.to_text();
    let mut tape = Tape::default();
    let _ = tape.scan(&text);
    super::Written { text, tape: tape.slots }
}

/// The value JS builds from `text` and its tape (`schema-tape.mjs`),
/// built again in Rust to check tapes with; `None` where JS would fail or
/// slots are left over.
#[must_use]
pub fn read_back(text: &str, tape: &[u32]) -> Option<serde_json::Value> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut at = 0;
    let value = read_one(&units, tape, &mut at, 0)?;
    (at == tape.len()).then_some(value)
}

fn read_one(units: &[u16], tape: &[u32], at: &mut usize, depth: usize) -> Option<serde_json::Value> {
    use serde_json::Value;
    let mut next = || {
        let slot = usize::try_from(*tape.get(*at)?).ok()?;
        *at += 1;
        Some(slot)
    };
    let kind = u32::try_from(next()?).ok()?;
    // Deeper than the core ever writes (a schema and a value in it): refused, not recursed into.
    if depth > crate::limits::MAX_DEPTH + crate::limits::MAX_JSON_DEPTH * 2 {
        return None;
    }
    Some(match kind {
        op::OBJECT => {
            let mut map = serde_json::Map::new();
            for _ in 0..next()? {
                let Value::String(key) = read_one(units, tape, at, depth + 1)? else {
                    return None;
                };
                let value = if tape.get(*at) == Some(&op::NAMES) {
                    *at += 1;
                    property_names(&map)?
                } else {
                    read_one(units, tape, at, depth + 1)?
                };
                map.insert(key, value);
            }
            Value::Object(map)
        }
        op::ARRAY => {
            let n = next()?;
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(read_one(units, tape, at, depth + 1)?);
            }
            Value::Array(items)
        }
        op::KNOWN => Value::String((*KNOWN.get(next()?)?).to_owned()),
        op::OR_NULL => Value::Array(vec![
            Value::String((*KNOWN.get(next()?)?).to_owned()),
            Value::from("null"),
        ]),
        op::TEXT | op::ESCAPED | op::NUMBER => {
            let (a, b) = (next()?, next()?);
            let slice = String::from_utf16(units.get(a..b)?).ok()?;
            if kind == op::TEXT {
                Value::String(slice)
            } else {
                serde_json::from_str(&slice).ok()?
            }
        }
        op::TRUE => Value::Bool(true),
        op::FALSE => Value::Bool(false),
        op::NULL => Value::Null,
        _ => return None,
    })
}

/// What JS makes of `NAMES`: `Object.keys` of the object's `properties`.
/// `None` where JS would not list them in the order they were read (an
/// array index among them comes first there) or there is no such object.
fn property_names(map: &serde_json::Map<String, serde_json::Value>) -> Option<serde_json::Value> {
    let serde_json::Value::Object(properties) = map.get("properties")? else {
        return None;
    };
    if properties.keys().any(|key| is_array_index(key)) {
        return None;
    }
    Some(serde_json::Value::Array(
        properties
            .keys()
            .map(|key| serde_json::Value::String(key.clone()))
            .collect(),
    ))
}

/// A key JS keeps as an array index, which `Object.keys` lists first and
/// in numeric order whatever the order it was set in: a canonical decimal
/// below 2^32 - 1.
#[must_use]
pub fn is_array_index(key: &str) -> bool {
    let canonical = key == "0" || (!key.starts_with('0') && !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()));
    canonical && key.len() <= 10 && key.parse::<u64>().is_ok_and(|n| n < u64::from(u32::MAX))
}

/// A container being read: where its count goes, how many values so far.
struct Open {
    slot: usize,
    count: u32,
    object: bool,
}

struct Scanner<'t> {
    bytes: &'t [u8],
    at: usize,
    units: Units<'t>,
    out: Vec<u32>,
    open: Vec<Open>,
}

impl Scanner<'_> {
    /// One value at the top, read without recursion: a container pushes
    /// onto `open`, and each value ends by counting itself in its parent.
    fn document(&mut self) -> Option<()> {
        loop {
            if self.open.last().is_some_and(|o| o.object) {
                self.string()?;
                self.expect(b':')?;
            }
            if self.value()? {
                // A container was opened and holds something: read its first member.
                continue;
            }
            if self.after_value()? {
                return (self.at == self.bytes.len()).then_some(());
            }
        }
    }

    /// Reads one value; `true` when it opened a container with members.
    fn value(&mut self) -> Option<bool> {
        match *self.bytes.get(self.at)? {
            b'{' => Some(self.container(true, b'}')),
            b'[' => Some(self.container(false, b']')),
            b'"' => self.string().map(|()| false),
            b't' => self.literal(b"true", op::TRUE),
            b'f' => self.literal(b"false", op::FALSE),
            b'n' => self.literal(b"null", op::NULL),
            _ => self.number().map(|()| false),
        }
    }

    fn container(&mut self, object: bool, close: u8) -> bool {
        self.at += 1;
        self.out.push(if object { op::OBJECT } else { op::ARRAY });
        self.out.push(0);
        if self.bytes.get(self.at) == Some(&close) {
            self.at += 1;
            return false;
        }
        self.open.push(Open {
            slot: self.out.len() - 1,
            count: 0,
            object,
        });
        true
    }

    /// After a value: counts it, then reads `,` (`false`: another member
    /// follows) or closes containers; `true` once the document is done.
    fn after_value(&mut self) -> Option<bool> {
        loop {
            let Some(open) = self.open.last_mut() else {
                return Some(true);
            };
            open.count = open.count.checked_add(1)?;
            let close = if open.object { b'}' } else { b']' };
            let next = *self.bytes.get(self.at)?;
            self.at += 1;
            if next == b',' {
                return Some(false);
            }
            if next != close {
                return None;
            }
            let (slot, count) = (open.slot, open.count);
            self.open.pop();
            *self.out.get_mut(slot)? = count;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.bytes.get(self.at) == Some(&byte)).then(|| self.at += 1)
    }

    fn literal(&mut self, word: &[u8], slot: u32) -> Option<bool> {
        let end = self.at.checked_add(word.len())?;
        if self.bytes.get(self.at..end)? != word {
            return None;
        }
        self.at = end;
        self.out.push(slot);
        Some(false)
    }

    /// A string at `"`: `KNOWN`, `TEXT` or, with an escape, `ESCAPED`.
    fn string(&mut self) -> Option<()> {
        if self.bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let start = self.at + 1;
        let mut end = start;
        let mut escaped = false;
        loop {
            end = quote_or_escape(self.bytes, end)?;
            if self.bytes.get(end) == Some(&b'"') {
                break;
            }
            // The escaped byte is never the closing quote; `\uXXXX`'s
            // digits are found as plain bytes.
            escaped = true;
            end += 2;
        }
        self.at = end + 1;
        if escaped {
            return self.span(op::ESCAPED, start - 1, end + 1);
        }
        if let Some(index) = known_index(self.bytes, start, end) {
            self.out.push(op::KNOWN);
            self.out.push(u32::from(index));
            return Some(());
        }
        self.span(op::TEXT, start, end)
    }

    fn number(&mut self) -> Option<()> {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        {
            self.at += 1;
        }
        if self.at == start {
            return None;
        }
        self.span(op::NUMBER, start, self.at)
    }

    /// `slot a b`, the byte offsets as UTF-16 offsets.
    fn span(&mut self, slot: u32, start: usize, end: usize) -> Option<()> {
        let a = self.units.at(start)?;
        let b = self.units.at(end)?;
        // Pushes, not `extend_from_slice`: that one is a call and a copy.
        self.out.push(slot);
        self.out.push(a);
        self.out.push(b);
        Some(())
    }
}

/// The first `"` or `\\` at or after `from`, eight bytes at a time: a byte
/// equal to the one sought is a zero byte of the XOR, and
/// `(v - 0x0101..) & !v & 0x8080..` marks a word's lowest zero byte exactly.
fn quote_or_escape(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_bytes = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let mut at = from;
    while let Some(eight) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(eight.try_into().ok()?);
        let hits = zero_bytes(word ^ (ONES * u64::from(b'"'))) | zero_bytes(word ^ (ONES * u64::from(b'\\')));
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    Some(at + bytes.get(at..)?.iter().position(|&b| b == b'"' || b == b'\\')?)
}

/// Byte offsets to UTF-16 offsets, asked in increasing order (each byte
/// is counted once); the same number for ASCII text.
struct Units<'t> {
    bytes: &'t [u8],
    ascii: bool,
    byte: usize,
    unit: u32,
}

impl<'t> Units<'t> {
    /// Offsets left in bytes (a fragment's, turned by [`to_utf16`] later).
    fn bytes() -> Units<'static> {
        Units {
            bytes: &[],
            ascii: true,
            byte: 0,
            unit: 0,
        }
    }

    fn new(text: &'t str) -> Self {
        Units {
            bytes: text.as_bytes(),
            ascii: text.is_ascii(),
            byte: 0,
            unit: 0,
        }
    }

    fn at(&mut self, byte: usize) -> Option<u32> {
        if self.ascii {
            return u32::try_from(byte).ok();
        }
        for b in self.bytes.get(self.byte..byte)? {
            // A lead byte of a 4-byte sequence is a surrogate pair in UTF-16;
            // continuation bytes add nothing.
            let units = match b {
                0x80..=0xBF => 0,
                0xF0..=0xFF => 2,
                _ => 1,
            };
            self.unit = self.unit.checked_add(units)?;
        }
        self.byte = byte;
        Some(self.unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// What JS does with a tape, written again in Rust to check it.
    fn build(text: &str, tape: &[u32]) -> Value {
        read_back(text, tape).expect("a tape that reads back")
    }

    fn round_trip(value: &Value) {
        let text = serde_json::to_string(value).unwrap();
        let mut tape = Tape::default();
        assert_eq!(tape.scan(&text), Some(()), "{text}");
        assert_eq!(&build(&text, tape.slots()), value, "{text}");
    }

    /// Every Zod fixture under every profile: where the writer made the
    /// tape, it reads back as the text does, and as the scanner's tape does.
    #[test]
    fn every_written_tape_reads_back_as_its_text() {
        use crate::{Client, CompileOptions, InputSchemaOptions, Tool};
        let (mut written, mut scanned) = (0, 0);
        for dir in [
            "tests/fixtures/zod",
            "tests/fixtures/zod-actions",
            "tests/fixtures/zod-unions",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for entry in std::fs::read_dir(path).unwrap().flatten() {
                let fixture: Value = serde_json::from_str(&std::fs::read_to_string(entry.path()).unwrap()).unwrap();
                for (variant, schema) in fixture["variants"].as_object().unwrap() {
                    let Ok(tool) = Tool::compile(schema, &CompileOptions::default()) else {
                        continue;
                    };
                    for &client in Client::ALL {
                        let options = InputSchemaOptions {
                            client,
                            actions_as: None,
                        };
                        let Ok((text, tape)) = tool.input_schema_taped(&options) else {
                            continue;
                        };
                        if tape.is_empty() {
                            scanned += 1;
                            continue;
                        }
                        let parsed: Value = serde_json::from_str(text).unwrap();
                        let what = format!("{} {variant} {client:?}", fixture["name"]);
                        assert_eq!(build(text, tape), parsed, "{what}");
                        let mut again = Tape::default();
                        again.scan(text).unwrap();
                        assert_eq!(build(text, again.slots()), parsed, "{what}");
                        written += 1;
                    }
                }
            }
        }
        // Every text handed out comes with a kept tape.
        assert!(written > 1500 && scanned == 0, "{written} written, {scanned} scanned");
    }

    #[test]
    fn required_names_copied_from_their_keys_read_back_in_any_script() {
        use crate::{Client, CompileOptions, InputSchemaOptions, Tool};
        let names = ["é", "日本", "a\"b", "😀x", "tab\there", "plain"];
        let properties: serde_json::Map<String, Value> = names
            .iter()
            .map(|n| ((*n).to_owned(), json!({ "type": "string" })))
            .collect();
        for required in [json!(names), json!(["日本", "plain"])] {
            let schema = json!({ "type": "object", "properties": properties, "required": required });
            let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
            let mut taped = 0;
            for client in [Client::Mcp, Client::OpenaiStrict] {
                let options = InputSchemaOptions {
                    client,
                    actions_as: None,
                };
                let Ok((text, tape)) = tool.input_schema_taped(&options) else {
                    continue;
                };
                let parsed: Value = serde_json::from_str(text).unwrap();
                assert!(!tape.is_empty(), "{client:?}");
                assert_eq!(build(text, tape), parsed, "{client:?}");
                taped += 1;
            }
            assert!(taped >= 1);
        }
    }

    /// How many values of `wanted` a tape holds, walked value by value (a
    /// count or an offset may hold the same number).
    fn values_of(tape: &[u32], wanted: u32) -> usize {
        let (mut at, mut found) = (0, 0);
        while let Some(&kind) = tape.get(at) {
            found += usize::from(kind == wanted);
            at += width(kind).expect("a kind the writer writes");
        }
        found
    }

    /// A `required` list of every property, in order, is one `NAMES` slot
    /// (JS lists the keys it made); where `Object.keys` would list another
    /// order or other names, the list is written out. Either way the tape
    /// reads back as the text.
    #[test]
    fn a_required_list_of_every_property_is_one_slot_where_js_lists_the_same() {
        use crate::{Client, CompileOptions, InputSchemaOptions, Tool};
        let string = json!({ "type": "string" });
        let object = |keys: &[&str], required: Value| {
            let properties: serde_json::Map<String, Value> =
                keys.iter().map(|k| ((*k).to_owned(), string.clone())).collect();
            json!({ "type": "object", "properties": properties, "required": required })
        };
        let nested = json!({ "type": "object", "properties": { "inner": object(&["y", "x"], json!(["y", "x"])), "z": string }, "required": ["inner", "z"] });
        // (schema, NAMES slots in the mcp tape, in the openai-strict tape)
        let cases = [
            (object(&["b", "a"], json!(["b", "a"])), 1, 1),
            (object(&["b", "a"], json!(["a"])), 0, 1),
            (
                object(&["a\"q", "é", "__proto__"], json!(["a\"q", "é", "__proto__"])),
                1,
                1,
            ),
            (nested, 2, 2),
            // JS lists array indexes first, in numeric order.
            (object(&["b", "1", "0"], json!(["b", "1", "0"])), 0, 0),
            (object(&["b", "4294967294"], json!(["b", "4294967294"])), 0, 0),
            (
                object(&["b", "4294967295", "01"], json!(["b", "4294967295", "01"])),
                1,
                1,
            ),
            // A name without a property.
            (object(&["a"], json!(["a", "z"])), 0, 0),
        ];
        for (schema, mcp, strict) in cases {
            let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
            for (client, expected) in [(Client::Mcp, mcp), (Client::OpenaiStrict, strict)] {
                let options = InputSchemaOptions {
                    client,
                    actions_as: None,
                };
                let Ok((text, tape)) = tool.input_schema_taped(&options) else {
                    assert_eq!(expected, 0, "{client:?} refused {schema}");
                    continue;
                };
                let parsed: Value = serde_json::from_str(text).unwrap();
                assert_eq!(build(text, tape), parsed, "{client:?} {text}");
                assert_eq!(values_of(tape, op::NAMES), expected, "{client:?} {text}");
            }
        }
    }

    /// A nullable type, `[T, "null"]`, is one `OR_NULL` value: openai-strict
    /// writes one for every optional field, and mcp for a nullable one.
    #[test]
    fn a_nullable_type_is_one_value_and_reads_back_as_its_array() {
        use crate::{Client, CompileOptions, InputSchemaOptions, Tool};
        let schema = json!({ "type": "object", "properties": {
            "a": { "type": "string" }, "b": { "type": ["integer", "null"] }, "c": { "type": "boolean" }
        }, "required": ["a"] });
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
        for (client, expected) in [(Client::Mcp, 1), (Client::OpenaiStrict, 2)] {
            let (text, tape) = tool
                .input_schema_taped(&InputSchemaOptions {
                    client,
                    actions_as: None,
                })
                .unwrap();
            let parsed: Value = serde_json::from_str(text).unwrap();
            assert_eq!(build(text, tape), parsed, "{client:?} {text}");
            assert_eq!(values_of(tape, op::OR_NULL), expected, "{client:?} {text}");
        }
    }

    #[test]
    fn a_fragment_is_appended_with_byte_offsets_then_turned_to_utf16() {
        let text = r#"{"é":["naïve",1.5,{"k":null}],"x":"\n"}"#;
        let mut slots = vec![op::OBJECT, 2, op::TEXT, 2, 4];
        let start = text.find('[').unwrap();
        let fragment = &text.as_bytes()[..text.find(",\"x\"").unwrap()];
        assert_eq!(append_value(fragment, start, &mut slots), Some(()));
        let x = u32::try_from(text.find("\"x\"").unwrap()).unwrap() + 1;
        slots.extend([op::TEXT, x, x + 1]);
        let end = text.len() - 1;
        assert_eq!(
            append_value(&text.as_bytes()[..end], x as usize + 3, &mut slots),
            Some(())
        );
        to_utf16(text, &mut slots).unwrap();
        assert_eq!(build(text, &slots), serde_json::from_str::<Value>(text).unwrap());
        // Not one value: nothing appended.
        let before = slots.clone();
        assert_eq!(append_value(b"[1,2", 0, &mut slots), None);
        assert_eq!(append_value(b"1 2", 0, &mut slots), None);
        assert_eq!(slots, before);
        // A tape that is not the text's is refused, not misread.
        assert_eq!(to_utf16("é", &mut [99]), None);
        assert_eq!(to_utf16("é", &mut [op::TEXT, 0]), None);
    }

    #[test]
    fn known_indexes_run_in_order() {
        // Each alone (the short-text path) and followed by more text (the load path).
        let lookup = |text: &str| {
            let alone = known_index(text.as_bytes(), 0, text.len());
            let followed = format!("{text}\",\"something after it");
            assert_eq!(known_index(followed.as_bytes(), 0, text.len()), alone, "{text}");
            alone
        };
        for (i, text) in KNOWN.iter().enumerate() {
            assert_eq!(lookup(text).map(usize::from), Some(i), "{text}");
        }
        assert!(KNOWN.iter().all(|k| k.len() >= 2 && k.len() <= LONGEST));
        for other in [
            "",
            "t",
            "typ",
            "types",
            "Type",
            "field0",
            "minLengths",
            "exclusiveMinimun",
            "additionalPropertiesX",
            "nul",
        ] {
            assert_eq!(lookup(other), None, "{other}");
        }
    }

    #[test]
    fn a_schema_round_trips_with_keywords_from_the_table() {
        let schema = json!({
            "type": "object",
            "properties": {
                "config": { "type": "object", "properties": { "timeout": { "type": "number", "default": 30 } } },
                "tags": { "type": "array", "items": { "type": "string" }, "maxItems": 3 },
                "mode": { "enum": ["a", "b", null, true, false, -1.5e-7] }
            },
            "required": ["config"],
            "additionalProperties": false
        });
        round_trip(&schema);
        let text = serde_json::to_string(&schema).unwrap();
        let mut tape = Tape::default();
        tape.scan(&text).unwrap();
        // "type" opens the document's only member list as a table entry.
        assert_eq!(&tape.slots()[..4], &[op::OBJECT, 4, op::KNOWN, 0]);
    }

    #[test]
    fn escapes_and_non_ascii_text_keep_utf16_offsets() {
        round_trip(&json!({
            "é": "naïve \"quoted\"\n",
            "🦀 crab": ["𝄞 clef", "tab\there", "\u{0}", "plain"],
            "__proto__": { "polluted": true },
            "日本": { "": "" }
        }));
    }

    #[test]
    fn empty_containers_and_scalars_at_the_top() {
        for value in [
            json!({}),
            json!([]),
            json!([[], {}, [[]]]),
            json!(0),
            json!("x"),
            json!(null),
            json!(1e300),
        ] {
            round_trip(&value);
        }
    }

    #[test]
    fn text_the_core_did_not_write_is_refused_not_misread() {
        for text in [
            "",
            "{",
            "}",
            "[1,]",
            "{\"a\"}",
            "{\"a\":}",
            "{\"a\":1,}",
            "{\"a\" : 1}",
            " {}",
            "{} ",
            "tru",
            "nul",
            "\"open",
            "[1 2]",
            "{\"a\":1]",
            "[1}",
            "\"\\",
            "{\"a\":1}}",
            "x",
        ] {
            let mut tape = Tape::default();
            tape.scan("[1,[2]]").unwrap();
            assert_eq!(tape.scan(text), None, "{text:?}");
            assert!(tape.slots().is_empty(), "{text:?} left slots");
        }
    }

    #[test]
    fn the_word_search_finds_the_first_quote_or_backslash_at_any_place() {
        for len in 0..40 {
            for at in 0..len {
                for (filler, sought) in [(b'a', b'"'), (0xE9, b'\\'), (0x80, b'"'), (0x21, b'\\'), (0x23, b'"')] {
                    let mut bytes = vec![filler; len];
                    bytes[at] = sought;
                    // A later match must not hide the first.
                    bytes.extend_from_slice(b"\"\\\"");
                    for from in 0..=at {
                        assert_eq!(quote_or_escape(&bytes, from), Some(at), "len {len} at {at} from {from}");
                    }
                }
            }
            assert_eq!(quote_or_escape(&vec![b'x'; len], 0), None);
        }
    }

    /// Any JSON value: keys and strings from the whole of Unicode (escapes,
    /// astral characters) and from the table, numbers of every kind.
    fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let text = prop_oneof![any::<String>(), proptest::sample::select(KNOWN).prop_map(str::to_owned)];
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            text.clone().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::vec((text.clone(), inner), 0..6)
                    .prop_map(|members| Value::Object(members.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn any_json_value_round_trips(value in any_value()) {
            round_trip(&value);
        }
    }
}
