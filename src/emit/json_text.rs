//! Shape straight to JSON text: the same document as [`super::emit_root`]
//! followed by `serde_json::to_string`, byte for byte, without building the
//! tree in between (a map per node, an insert per keyword, and
//! a second walk to write it). The `mcp` schema of a plain object root is
//! written this way, and so is a profile's when its rewrite of that schema
//! is one of the few a [`Style`] names; any other rewrite needs the tree.
//!
//! The text's tape ([`super::tape`]) is written as the text is: what JS
//! builds the object from, kept beside the text so that no call scans it.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::tape::{append_value, is_array_index, known_position, op, position, to_utf16};
use crate::schema::json::{
    described, finish_note, push_note_entry, write_list, write_members, write_number, write_string,
};
use crate::schema::zod_patterns::has_zod_pattern;
use crate::schema::{distinct_values, Applicator, ArrayShape, Kind, ObjectShape, Prop, Schema, Shape};

/// The rewrites the writer can make as it writes, each what a tree rewrite
/// of the plain document gives for a schema where it changes nothing else.
/// Which profile wants which, and for which schemas, is the profile room's
/// business.
// Independent rewrites, any of which a profile may want: flags, not states.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Every object closed and every key required, a key that was optional
    /// made nullable instead; `additionalProperties` and `required` stay
    /// where the document had them, and are appended (in that order) where
    /// it did not. Implies `any_of`.
    pub closed: bool,
    /// Every object closed, its `required` as written: `additionalProperties:
    /// false` appended where the document had none (Claude's strict tool
    /// use).
    pub shut: bool,
    /// `oneOf` written `anyOf`.
    pub any_of: bool,
    /// A single accepted value written as a one-value `enum`, not as
    /// `const`.
    pub const_as_enum: bool,
    /// A union written as one object with every branch's properties, for
    /// a union of bare objects that agree on the properties they share, or
    /// give string enums for them (a shared tag becomes one enum of every
    /// value; a key is required where every branch requires it).
    pub join: bool,
    /// A scalar or enum node below the root is first offered to the leaf
    /// writer given to [`write_taped`], which writes it when its
    /// profile rewrites it (with the profile's own rule) and declines
    /// otherwise.
    pub leaves: bool,
    /// Zod's own pattern beside a format left out
    /// ([`crate::schema::zod_patterns`]): every client profile does so
    /// where it keeps the format, and the writer writes only formats kept.
    pub zod_patterns: bool,
    /// The formats a client takes: any other is left out, and Zod's own
    /// pattern beside it kept (it is then all the client is told).
    pub formats: Option<&'static [&'static str]>,
    /// Keywords the client refuses, moved into the node's description as
    /// `{key: value, ...}` after a blank line (appended after everything
    /// else where it had none): Claude's strict tool use. Zod's own
    /// pattern beside a kept format is left out before.
    pub moves: Option<Moves>,
}

/// Whether the client keeps `format` ([`Style::formats`]).
fn kept_format(formats: Option<&'static [&'static str]>, format: &Value) -> bool {
    formats.is_none_or(|formats| format.as_str().is_some_and(|name| formats.contains(&name)))
}

/// Whether a keyword, with its value, is one the client's description
/// takes instead ([`Style::moves`]).
#[derive(Debug, Clone, Copy)]
pub struct Moves(pub fn(&str, &Value) -> bool);

// Two styles are alike when both move keywords or neither does: one
// profile moves them.
impl PartialEq for Moves {
    fn eq(&self, _other: &Moves) -> bool {
        true
    }
}

impl Eq for Moves {}

impl Style {
    /// The plain document.
    pub const PLAIN: Style = Style {
        closed: false,
        shut: false,
        any_of: false,
        const_as_enum: false,
        join: false,
        leaves: false,
        zod_patterns: false,
        formats: None,
        moves: None,
    };
    /// Closed (see [`Style::closed`]).
    pub const CLOSED: Style = Style {
        closed: true,
        shut: false,
        any_of: true,
        const_as_enum: false,
        join: false,
        leaves: false,
        zod_patterns: false,
        formats: None,
        moves: None,
    };
}

/// The root document as JSON text.
#[must_use]
pub fn write_root(schema: &Schema) -> String {
    write_taped(schema, Style::PLAIN, NO_LEAVES).text
}

/// Writes a leaf node itself and says so, or declines (`false`, nothing
/// written).
pub type LeafWriter<'h> = &'h dyn Fn(&Shape, &mut Vec<u8>) -> bool;

/// The leaf writer that declines every leaf.
pub const NO_LEAVES: LeafWriter<'static> = &|_, _| false;

/// A text and its tape ([`super::tape`]), made as the text was written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    /// Empty when the writer could not make it (JS is then handed one
    /// scanned from the text).
    pub tape: Vec<u32>,
}

/// The root document as JSON text, rewritten as `style` says, leaves
/// offered to `leaf` first when `style.leaves`; with the tape of the text:
/// what JS builds the object from, so that no call scans the text for it.
#[must_use]
pub fn write_taped(schema: &Schema, style: Style, leaf: LeafWriter<'_>) -> Written {
    let mut out = Writer {
        // Room for a 30-field schema at once, not grown three times; what
        // is kept is trimmed to its length (`Profiled::written`).
        buf: Vec::with_capacity(2048),
        tape: Vec::with_capacity(1024),
        lost: false,
        keys_at: Vec::with_capacity(64),
        schema,
        style,
        leaf,
    };
    out.shape(&schema.root, true, false);
    // Only UTF-8 was written: keys and strings through serde_json, the rest ASCII.
    let text = String::from_utf8(out.buf).unwrap_or_default();
    let mut tape = out.tape;
    if out.lost || to_utf16(&text, &mut tape).is_none() {
        tape = Vec::new();
    }
    Written { text, tape }
}

/// A value a shape keeps (a default, an enum value, a kept keyword), as
/// [`Json::write`](crate::schema::json::Json::write) writes it.
fn write_any(buf: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Null => buf.extend_from_slice(b"null"),
        Value::Bool(true) => buf.extend_from_slice(b"true"),
        Value::Bool(false) => buf.extend_from_slice(b"false"),
        Value::Number(n) => write_number(buf, n),
        Value::String(s) => write_string(buf, s),
        Value::Array(items) => write_list(buf, items, write_any),
        Value::Object(map) => write_members(buf, map, write_any),
    }
}

struct Writer<'s, 'h> {
    buf: Vec<u8>,
    /// The text's tape, offsets in bytes until the end.
    tape: Vec<u32>,
    /// A slot could not be written (an offset past `u32`, a copied value
    /// that was not one): the tape is dropped, and JS given a scanned one.
    lost: bool,
    /// Where on the tape each property key of the objects being written
    /// starts, a stack: `required` repeats those names, and copies them.
    keys_at: Vec<usize>,
    schema: &'s Schema,
    style: Style,
    leaf: LeafWriter<'h>,
}

/// One object being written: whether a comma is due, and which of the
/// writer's own keys it has (a kept keyword never replaces a key the kind
/// wrote, as in the tree), one bit each; where its member count goes on
/// the tape, and the count.
struct Object {
    first: bool,
    keys: u32,
    slot: usize,
    count: u32,
}

/// The bit of a key the writer itself writes; `None` for any other.
const fn bit(key: &str) -> Option<u32> {
    let at = match key.as_bytes() {
        b"title" => 0,
        b"description" => 1,
        b"type" => 2,
        b"not" => 3,
        b"const" => 4,
        b"enum" => 5,
        b"anyOf" => 6,
        b"oneOf" => 7,
        b"allOf" => 8,
        b"$ref" => 9,
        b"prefixItems" => 10,
        b"items" => 11,
        b"properties" => 12,
        b"required" => 13,
        b"patternProperties" => 14,
        b"propertyNames" => 15,
        b"additionalProperties" => 16,
        b"default" => 17,
        b"$defs" => 18,
        _ => return None,
    };
    Some(1 << at)
}

/// A keyword the writer writes: its text, its bit in [`Object::keys`]
/// and its place in the tape's table, found when compiling.
#[derive(Clone, Copy)]
struct Word {
    /// `"word":`, written with one copy.
    member: &'static str,
    bit: u32,
    known: u32,
}

macro_rules! word {
    ($text:literal) => {
        Word {
            member: concat!("\"", $text, "\":"),
            bit: match bit($text) {
                Some(bit) => bit,
                None => 0,
            },
            known: position($text),
        }
    };
}

const TITLE: Word = word!("title");
const DESCRIPTION: Word = word!("description");
const TYPE: Word = word!("type");
const NOT: Word = word!("not");
const CONST: Word = word!("const");
const ENUM: Word = word!("enum");
const ANY_OF: Word = word!("anyOf");
const ONE_OF: Word = word!("oneOf");
const ALL_OF: Word = word!("allOf");
const REF: Word = word!("$ref");
const PREFIX_ITEMS: Word = word!("prefixItems");
const ITEMS: Word = word!("items");
const PROPERTIES: Word = word!("properties");
const REQUIRED: Word = word!("required");
const PATTERN_PROPERTIES: Word = word!("patternProperties");
const PROPERTY_NAMES: Word = word!("propertyNames");
const ADDITIONAL_PROPERTIES: Word = word!("additionalProperties");
const DEFAULT: Word = word!("default");
const DEFS: Word = word!("$defs");

/// A `type` member as the writer writes it, alone and with `null`, its
/// text and its tape each made when compiling: one copy each, where the
/// member written piece by piece took a dozen steps (a field of every
/// object is one of these).
struct TypeMember {
    name: &'static str,
    alone: &'static str,
    alone_tape: [u32; 4],
    or_null: &'static str,
    or_null_tape: [u32; 4],
}

macro_rules! type_member {
    ($name:literal) => {
        TypeMember {
            name: $name,
            alone: concat!("\"type\":\"", $name, "\""),
            alone_tape: [op::KNOWN, TYPE.known, op::KNOWN, position($name)],
            or_null: concat!("\"type\":[\"", $name, "\",\"null\"]"),
            or_null_tape: [op::KNOWN, TYPE.known, op::OR_NULL, position($name)],
        }
    };
}

const NULL: TypeMember = type_member!("null");
const BOOLEAN: TypeMember = type_member!("boolean");
const NUMBER: TypeMember = type_member!("number");
const INTEGER: TypeMember = type_member!("integer");
const STRING: TypeMember = type_member!("string");
const ARRAY: TypeMember = type_member!("array");
const OBJECT: TypeMember = type_member!("object");

/// The type name `common_type` gives, as a [`TypeMember`].
fn type_word(name: &str) -> Option<&'static TypeMember> {
    [&NULL, &BOOLEAN, &NUMBER, &INTEGER, &STRING, &ARRAY, &OBJECT]
        .into_iter()
        .find(|member| member.name == name)
}

impl Object {
    fn has(&self, key: &str) -> bool {
        bit(key).is_some_and(|b| self.keys & b != 0)
    }
}

impl Writer<'_, '_> {
    fn raw(&mut self, text: &str) {
        self.buf.extend_from_slice(text.as_bytes());
    }

    /// An offset or count as a slot; past `u32` the tape is lost.
    fn slot_value(&mut self, n: usize) -> u32 {
        u32::try_from(n).unwrap_or_else(|_| {
            self.lost = true;
            0
        })
    }

    /// `{`, and its tape's `OBJECT` with the count to come.
    fn open(&mut self) -> Object {
        self.byte(b'{');
        self.tape.push(op::OBJECT);
        self.tape.push(0);
        Object {
            first: true,
            keys: 0,
            slot: self.tape.len() - 1,
            count: 0,
        }
    }

    /// `}`, and the object's count on its tape.
    fn shut(&mut self, object: &Object) {
        self.byte(b'}');
        self.count(object.slot, object.count);
    }

    /// `[`, and its tape's `ARRAY`; answers where its count goes.
    fn open_array(&mut self) -> usize {
        self.byte(b'[');
        self.tape.push(op::ARRAY);
        self.tape.push(0);
        self.tape.len() - 1
    }

    /// `]`, and the array's count of `count` elements on its tape.
    fn shut_array(&mut self, slot: usize, count: usize) {
        self.byte(b']');
        let count = self.slot_value(count);
        self.count(slot, count);
    }

    fn count(&mut self, slot: usize, count: u32) {
        match self.tape.get_mut(slot) {
            Some(at) => *at = count,
            None => self.lost = true,
        }
    }

    fn span(&mut self, kind: u32, start: usize, end: usize) {
        let (a, b) = (self.slot_value(start), self.slot_value(end));
        self.tape.push(kind);
        self.tape.push(a);
        self.tape.push(b);
    }

    /// The tape of a value just written from `start` as text.
    fn copied(&mut self, start: usize) {
        if append_value(&self.buf, start, &mut self.tape).is_none() {
            self.lost = true;
        }
    }

    fn empty_object(&mut self) {
        let empty = self.open();
        self.shut(&empty);
    }

    /// `false`, as a value.
    fn literal_false(&mut self) {
        self.raw("false");
        self.tape.push(op::FALSE);
    }

    /// `"anyOf":[{"<key>":...},{"type":"null"}]`, the member of a nullable
    /// `allOf` or reference; `value` writes what `key` holds.
    fn or_null(&mut self, object: &mut Object, key: Word, value: impl FnOnce(&mut Self)) {
        self.key(object, ANY_OF);
        let slot = self.open_array();
        let mut inner = self.open();
        self.key(&mut inner, key);
        value(self);
        self.shut(&inner);
        self.byte(b',');
        self.null_branch();
        self.shut_array(slot, 2);
    }

    /// `{"type":"null"}`, the branch a nullable union or reference gains.
    fn null_branch(&mut self) {
        let mut object = self.open();
        self.type_name(&mut object, &NULL, false);
        self.shut(&object);
    }

    /// One byte of punctuation: pushed, where a slice of one would be
    /// copied by a call (in wasm, `memory.copy` through the engine).
    #[inline]
    fn byte(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    /// A string as text: `TEXT` on the tape, or `ESCAPED` when writing it
    /// took an escape (the text then is longer than the string and quotes).
    fn string(&mut self, text: &str) {
        let start = self.buf.len();
        write_string(&mut self.buf, text);
        let end = self.buf.len();
        if end - start == text.len() + 2 {
            self.span(op::TEXT, start + 1, end - 1);
        } else {
            self.span(op::ESCAPED, start, end);
        }
    }

    fn value(&mut self, value: &Value) {
        let start = self.buf.len();
        write_any(&mut self.buf, value);
        self.copied(start);
    }

    /// Starts the member `key` of `object`.
    fn key(&mut self, object: &mut Object, key: Word) {
        object.keys |= key.bit;
        self.next(object);
        self.raw(key.member);
        self.tape.push(op::KNOWN);
        self.tape.push(key.known);
    }

    /// Starts a member whose key is a name (a property's, a definition's,
    /// a pattern): seldom a keyword, so not looked up in the table.
    fn name_key(&mut self, object: &mut Object, key: &str) {
        self.next(object);
        self.string(key);
        self.byte(b':');
    }

    /// Starts a member whose key is data (a keyword kept as written).
    fn data_key(&mut self, object: &mut Object, key: &str) {
        self.next(object);
        match known_position(key) {
            Some(index) => {
                write_string(&mut self.buf, key);
                self.tape.push(op::KNOWN);
                self.tape.push(index);
            }
            None => self.string(key),
        }
        self.byte(b':');
    }

    fn next(&mut self, object: &mut Object) {
        object.count += 1;
        if object.first {
            object.first = false;
        } else {
            self.byte(b',');
        }
    }

    /// One schema; `made_nullable` for an optional key of a closed object.
    fn shape(&mut self, shape: &Shape, root: bool, made_nullable: bool) {
        let keys = self.keys_at.len();
        self.shape_within(shape, root, made_nullable, keys);
        // The keys its object listed are done with (nested shapes left theirs).
        self.keys_at.truncate(keys);
    }

    /// [`Self::shape`]; its object's property keys are listed in `keys_at`
    /// from `keys` on.
    fn shape_within(&mut self, shape: &Shape, root: bool, made_nullable: bool, keys: usize) {
        let start = self.buf.len();
        if self.style.leaves && !root && shape.kind.is_leaf() && (self.leaf)(shape, &mut self.buf) {
            self.copied(start);
            return;
        }
        let mut object = self.open();
        if let Some(title) = &shape.title {
            self.key(&mut object, TITLE);
            self.string(title);
        }
        let moved = self.style.moves.and_then(|moves| self.moved(shape, moves));
        // As the tree's rewrite adds to a description (a missing one is
        // appended last, below).
        if let Some(description) = &shape.description {
            self.key(&mut object, DESCRIPTION);
            match &moved {
                Some(moved) => self.string(&described(Some(description), moved)),
                None => self.string(description),
            }
        }
        self.kind(shape, &mut object, made_nullable);
        if !shape.keywords.is_empty() || !shape.applicators.is_empty() {
            self.kept(shape, &mut object);
        }
        if let Some(default) = &shape.default {
            self.key(&mut object, DEFAULT);
            self.value(default);
        }
        if root && !self.schema.defs.is_empty() {
            self.defs(&mut object);
        }
        if let (None, Some(moved)) = (&shape.description, &moved) {
            self.key(&mut object, DESCRIPTION);
            self.string(moved);
        }
        // After `$defs`: the tree's rewrite appends to the finished node.
        if let (true, Kind::Object(closed)) = (self.style.closed, &shape.kind) {
            self.close(closed, &mut object, keys);
        } else if self.style.shut && matches!(shape.kind, Kind::Object(_)) && !object.has("additionalProperties") {
            self.key(&mut object, ADDITIONAL_PROPERTIES);
            self.literal_false();
        }
        self.shut(&object);
    }

    /// A node's kept keywords and applicators, after what its kind wrote.
    #[inline(never)] // out of `shape`: most nodes have neither, and V8 compiles a whole function on its first call
    fn kept(&mut self, shape: &Shape, object: &mut Object) {
        let formats = self.style.formats;
        let format_kept = |format: &Value| kept_format(formats, format);
        let zods = self.zods(shape);
        let client_moves = self.style.moves;
        for (key, value) in &shape.keywords {
            let zods_here = zods && key == "pattern";
            let in_description = !zods_here && client_moves.is_some_and(|Moves(moves)| moves(key, value));
            let left_out = zods_here || in_description || (key == "format" && !format_kept(value));
            if !left_out && !object.has(key) {
                self.data_key(object, key);
                self.value(value);
            }
        }
        for (i, (key, applicator)) in shape.applicators.iter().enumerate() {
            // The tree keeps the first of a key: the kind's, a keyword's, an earlier applicator's.
            let taken = object.has(key)
                || shape.keywords.get(key).is_some()
                || shape.applicators.iter().take(i).any(|(earlier, _)| earlier == key);
            if !taken {
                self.data_key(object, key);
                self.applicator(applicator);
            }
        }
    }

    /// Whether `shape` holds Zod's own pattern beside a format the client
    /// keeps, which is left out.
    fn zods(&self, shape: &Shape) -> bool {
        self.style.zod_patterns
            && has_zod_pattern(&shape.keywords)
            && shape
                .keywords
                .get("format")
                .is_some_and(|format| kept_format(self.style.formats, format))
    }

    /// The `{key: value, ...}` text of the keywords `moves` takes out of
    /// `shape`, in their order; `None` when none is.
    #[inline(never)] // out of `shape`: one profile moves keywords
    fn moved(&self, shape: &Shape, Moves(moves): Moves) -> Option<String> {
        if shape.keywords.is_empty() {
            return None;
        }
        let zods = self.zods(shape);
        let mut text: Vec<u8> = Vec::new();
        for (key, value) in &shape.keywords {
            if (zods && key == "pattern") || !moves(key, value) {
                continue;
            }
            push_note_entry(&mut text, key, &crate::schema::json::Json::borrow(value));
        }
        finish_note(text)
    }

    /// The root's `$defs`.
    #[inline(never)] // out of `shape`: only a root with definitions has them
    fn defs(&mut self, object: &mut Object) {
        self.key(object, DEFS);
        let mut defs = self.open();
        for def in self.schema.defs.iter() {
            self.name_key(&mut defs, &def.name);
            self.shape(&def.shape, false, false);
        }
        self.shut(&defs);
    }

    /// What a closed object appends: the keys it did not have.
    fn close(&mut self, shape: &ObjectShape, object: &mut Object, keys: usize) {
        if !object.has("additionalProperties") {
            self.key(object, ADDITIONAL_PROPERTIES);
            self.literal_false();
        }
        if !object.has("required") {
            self.key(object, REQUIRED);
            self.required(shape, keys, true);
        }
    }

    /// The `required` list: every property (`all`), or those to supply and
    /// the extra names. A property's name is its key again: its bytes are
    /// copied from the key and its tape slots repeated, where writing it
    /// anew checked it for escapes a second time.
    fn required(&mut self, shape: &ObjectShape, keys: usize, all: bool) {
        if self.every_name(shape, keys, all) {
            return;
        }
        let slot = self.open_array();
        let mut count = 0;
        for (i, prop) in shape.props.iter().enumerate() {
            if all || prop.must_supply() {
                if count > 0 {
                    self.byte(b',');
                }
                self.key_again(keys + i, &prop.key);
                count += 1;
            }
        }
        for name in shape.required_extra.iter().filter(|_| !all) {
            if count > 0 {
                self.byte(b',');
            }
            self.string(name);
            count += 1;
        }
        self.shut_array(slot, count);
    }

    /// A `required` list of every property, in order, as the one slot
    /// `NAMES`: JS then lists the keys it just made (`Object.keys`)
    /// instead of slicing each name from the text again, which cost a
    /// 30-field openai-strict schema's first call 5% to 7%. Declines
    /// (`false`, nothing written) where that list would differ: a name
    /// more than the properties, one left out, or an array index among
    /// the keys (JS lists those first).
    fn every_name(&mut self, shape: &ObjectShape, keys: usize, all: bool) -> bool {
        let same = shape
            .props
            .iter()
            .all(|prop| (all || prop.must_supply()) && !is_array_index(&prop.key));
        if !same || shape.props.is_empty() || !shape.required_extra.is_empty() {
            return false;
        }
        self.byte(b'[');
        for (i, prop) in shape.props.iter().enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.key_bytes_again(keys + i, &prop.key);
        }
        self.byte(b']');
        self.tape.push(op::NAMES);
        true
    }

    /// Property `name`'s text again, copied from its key at `keys_at[at]`.
    fn key_bytes_again(&mut self, at: usize, name: &str) {
        match self.key_span(at) {
            Some((_, from, to)) => self.buf.extend_from_within(from..to),
            None => write_string(&mut self.buf, name),
        }
    }

    /// Property `name` again, its key's tape slots found at `keys_at[at]`.
    fn key_again(&mut self, at: usize, name: &str) {
        match self.key_span(at) {
            Some((slots, from, to)) => {
                self.buf.extend_from_within(from..to);
                self.tape.extend_from_slice(&slots);
            }
            None => self.string(name),
        }
    }

    /// The tape slots of the key at `keys_at[at]` and where its text,
    /// quotes included, lies in the buffer.
    fn key_span(&self, at: usize) -> Option<([u32; 3], usize, usize)> {
        let slots = self
            .keys_at
            .get(at)
            .and_then(|&slot| self.tape.get(slot..slot + 3))
            .and_then(|slots| <[u32; 3]>::try_from(slots).ok())?;
        let [kind, a, b] = slots;
        // A TEXT span leaves the quotes out, an ESCAPED one holds them.
        let quotes = usize::from(kind == op::TEXT);
        let from = usize::try_from(a).ok()?.checked_sub(quotes)?;
        let to = usize::try_from(b).ok()?.checked_add(quotes)?;
        (matches!(kind, op::TEXT | op::ESCAPED) && from <= to && to <= self.buf.len()).then_some((slots, from, to))
    }

    fn names<'n>(&mut self, names: impl Iterator<Item = &'n str>) {
        let slot = self.open_array();
        let mut count = 0;
        for (i, name) in names.enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.string(name);
            count += 1;
        }
        self.shut_array(slot, count);
    }

    fn kind(&mut self, shape: &Shape, object: &mut Object, made_nullable: bool) {
        let nullable = shape.nullable || made_nullable;
        match &shape.kind {
            Kind::Any => {}
            Kind::Never => {
                self.key(object, NOT);
                self.empty_object();
            }
            Kind::Null => self.type_name(object, &NULL, false),
            Kind::Boolean => self.type_name(object, &BOOLEAN, nullable),
            Kind::Number => self.type_name(object, &NUMBER, nullable),
            Kind::Integer => self.type_name(object, &INTEGER, nullable),
            Kind::String => self.type_name(object, &STRING, nullable),
            Kind::Enum(values) => self.enumeration(values, nullable, object),
            Kind::Array(array) => {
                self.type_name(object, &ARRAY, nullable);
                self.array(array, object);
            }
            Kind::Object(shape) => {
                self.type_name(object, &OBJECT, nullable);
                self.object(shape, object);
            }
            Kind::Union(union) if self.style.join => self.joined(&union.branches, object),
            Kind::Union(union) => {
                self.key(
                    object,
                    if union.exclusive && !self.style.any_of {
                        ONE_OF
                    } else {
                        ANY_OF
                    },
                );
                self.list(&union.branches, nullable);
            }
            Kind::AllOf(members) if nullable => self.or_null(object, ALL_OF, |out| out.list(members, false)),
            Kind::AllOf(members) => {
                self.key(object, ALL_OF);
                self.list(members, false);
            }
            Kind::Ref(index) => {
                if nullable {
                    self.or_null(object, REF, |out| out.reference(*index));
                } else {
                    self.key(object, REF);
                    self.reference(*index);
                }
            }
        }
    }

    /// `"#/$defs/<name>"`, as `rewrite_refs` writes it.
    fn reference(&mut self, index: usize) {
        // Pushed, not `format!`: a recursive schema writes one per use.
        let mut target = String::from("#/$defs/");
        if let Some(def) = self.schema.defs.get(index) {
            target.push_str(&crate::schema::escape_pointer_segment(&def.name));
        }
        self.string(&target);
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets a union or `allOf` (V8 compiles a whole function on its first call)
    fn list(&mut self, shapes: &[Shape], nullable: bool) {
        let slot = self.open_array();
        for (i, shape) in shapes.iter().enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.shape(shape, false, false);
        }
        if nullable {
            if !shapes.is_empty() {
                self.byte(b',');
            }
            self.null_branch();
        }
        self.shut_array(slot, shapes.len() + usize::from(nullable));
    }

    fn type_name(&mut self, object: &mut Object, member: &TypeMember, nullable: bool) {
        object.keys |= TYPE.bit;
        self.next(object);
        if nullable {
            self.raw(member.or_null);
            self.tape.extend_from_slice(&member.or_null_tape);
        } else {
            self.raw(member.alone);
            self.tape.extend_from_slice(&member.alone_tape);
        }
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an enum (V8 compiles a whole function on its first call)
    fn enumeration(&mut self, values: &[Value], nullable: bool, object: &mut Object) {
        if let Some(kind) = super::json_schema::common_type(values).and_then(type_word) {
            self.type_name(object, kind, nullable);
        }
        let total = values.len() + usize::from(nullable);
        if total == 1 {
            self.key(object, if self.style.const_as_enum { ENUM } else { CONST });
            let slot = self.style.const_as_enum.then(|| self.open_array());
            match values.first() {
                Some(one) => self.value(one),
                None => self.null(),
            }
            if let Some(slot) = slot {
                self.shut_array(slot, 1);
            }
            return;
        }
        self.key(object, ENUM);
        let slot = self.open_array();
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.value(value);
        }
        if nullable {
            if !values.is_empty() {
                self.byte(b',');
            }
            self.null();
        }
        self.shut_array(slot, total);
    }

    fn null(&mut self) {
        self.raw("null");
        self.tape.push(op::NULL);
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an array (V8 compiles a whole function on its first call)
    fn array(&mut self, array: &ArrayShape, object: &mut Object) {
        if !array.prefix.is_empty() {
            self.key(object, PREFIX_ITEMS);
            self.list(&array.prefix, false);
        }
        if let Some(items) = &array.items {
            self.key(object, ITEMS);
            self.shape_or_false(items);
        }
    }

    fn object(&mut self, shape: &ObjectShape, object: &mut Object) {
        self.key(object, PROPERTIES);
        let mut properties = self.open();
        let keys = self.keys_at.len();
        for prop in &shape.props {
            let at = self.tape.len();
            self.name_key(&mut properties, &prop.key);
            self.keys_at.push(at);
            self.shape(&prop.shape, false, self.style.closed && !prop.must_supply());
        }
        // A required name without a property gets the additionalProperties
        // schema (see the tree writer); a name already listed keeps its own.
        if shape.pattern_props.is_empty() && !shape.required_extra.is_empty() {
            self.extra_required(shape, &mut properties);
        }
        self.shut(&properties);
        if shape.props.iter().any(Prop::must_supply) || !shape.required_extra.is_empty() {
            self.key(object, REQUIRED);
            self.required(shape, keys, self.style.closed);
        }
        if !shape.pattern_props.is_empty() {
            self.key(object, PATTERN_PROPERTIES);
            let mut patterns = self.open();
            for (pattern, sub) in &shape.pattern_props {
                self.name_key(&mut patterns, pattern);
                self.shape(sub, false, false);
            }
            self.shut(&patterns);
        }
        if let Some(names) = &shape.property_names {
            self.key(object, PROPERTY_NAMES);
            self.shape(names, false, false);
        }
        if let Some(additional) = &shape.additional {
            self.key(object, ADDITIONAL_PROPERTIES);
            if self.style.closed {
                self.literal_false();
            } else {
                self.shape_or_false(additional);
            }
        }
    }

    /// Each required name without a property, given the additionalProperties
    /// schema (see the tree writer); a name already listed keeps its own.
    #[inline(never)] // out of the object writer: few objects have such names
    fn extra_required(&mut self, shape: &ObjectShape, properties: &mut Object) {
        // Set aside, not scanned: a long `required` list was quadratic.
        let mut listed: HashSet<&str> = HashSet::new();
        for name in &shape.required_extra {
            if shape.prop(name).is_some() || !listed.insert(name) {
                continue;
            }
            self.name_key(properties, name);
            match &shape.additional {
                Some(additional) => self.shape(additional, false, false),
                None => self.empty_object(),
            }
        }
    }

    /// A union of objects as one object, as a tree rewrite that joins it
    /// writes it: every branch's properties in the order they first
    /// appear, a property several branches give written once when they
    /// agree, else as one string enum of all their values (a union
    /// [`Style::join`] is used for gives nothing else); required where
    /// every branch requires it; closed where every branch is.
    #[inline(never)] // out of `shape`: compiled when the writer meets a joined union (V8 compiles a whole function on its first call)
    fn joined(&mut self, branches: &[Shape], object: &mut Object) {
        let objects: Vec<&ObjectShape> = branches
            .iter()
            .filter_map(|branch| match &branch.kind {
                Kind::Object(shape) => Some(&**shape),
                _ => None,
            })
            .collect();
        self.type_name(object, &OBJECT, false);
        self.key(object, PROPERTIES);
        // Each key once, where it first appears, with its property in every
        // branch that has it, in order: gathered in one pass (looking each
        // key up in every other branch was quadratic in the branches).
        let mut names: Vec<&str> = Vec::new();
        let mut by_key: HashMap<&str, Vec<&Prop>> = HashMap::new();
        for branch in &objects {
            for prop in &branch.props {
                by_key
                    .entry(&prop.key)
                    .or_insert_with(|| {
                        names.push(&prop.key);
                        Vec::new()
                    })
                    .push(prop);
            }
        }
        let mut properties = self.open();
        for name in &names {
            let Some(props) = by_key.get(name) else { continue };
            let Some((first, later)) = props.split_first() else {
                continue;
            };
            self.name_key(&mut properties, name);
            if later.iter().all(|other| other.shape == first.shape) {
                self.shape(&first.shape, false, false);
            } else {
                self.united_enum(props.iter().copied());
            }
        }
        self.shut(&properties);
        let required = |name: &&str| {
            by_key
                .get(name)
                .is_some_and(|props| props.len() == objects.len() && props.iter().all(|p| p.must_supply()))
        };
        if names.iter().any(required) {
            self.key(object, REQUIRED);
            self.names(names.iter().copied().filter(required));
        }
        if objects
            .first()
            .and_then(|o| o.additional.as_ref())
            .is_some_and(Shape::is_false)
        {
            self.key(object, ADDITIONAL_PROPERTIES);
            self.literal_false();
        }
    }

    /// The tags several branches give one key: one string enum of all
    /// their values, in the order they first appear.
    fn united_enum<'p>(&mut self, tags: impl Iterator<Item = &'p Prop>) {
        let values = distinct_values(
            tags.filter_map(|tag| match &tag.shape.kind {
                Kind::Enum(these) => Some(these.iter()),
                _ => None,
            })
            .flatten(),
        );
        let mut object = self.open();
        self.type_name(&mut object, &STRING, false);
        self.key(&mut object, ENUM);
        let start = self.buf.len();
        write_list(&mut self.buf, values, write_any);
        self.copied(start);
        self.shut(&object);
    }

    fn shape_or_false(&mut self, shape: &Shape) {
        if shape.is_false() {
            self.literal_false();
        } else {
            self.shape(shape, false, false);
        }
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an applicator (V8 compiles a whole function on its first call)
    fn applicator(&mut self, applicator: &Applicator) {
        match applicator {
            Applicator::One(shape) => self.shape(shape, false, false),
            Applicator::Map(entries) => {
                let mut map = self.open();
                for (key, shape) in entries {
                    self.data_key(&mut map, key);
                    self.shape(shape, false, false);
                }
                self.shut(&map);
            }
            Applicator::Names(names) => {
                let start = self.buf.len();
                write_members(&mut self.buf, names, write_any);
                self.copied(start);
            }
        }
    }
}
