//! Shape straight to JSON text: the same document as [`super::emit_root`]
//! followed by `serde_json::to_string`, byte for byte, without building the
//! tree in between (a map per node, an insert per keyword, and
//! a second walk to write it). The `mcp` schema of a plain object root is
//! written this way, and so is a profile's when its rewrite of that schema
//! is one of the few a [`Style`] names; any other rewrite needs the tree.

use serde_json::Value;

use crate::schema::json::{write_list, write_members, write_number, write_string};
use crate::schema::{Applicator, ArrayShape, Kind, ObjectShape, Prop, Schema, Shape};

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
    /// writer given to [`write_root_with`], which writes it when its
    /// profile rewrites it (with the profile's own rule) and declines
    /// otherwise.
    pub leaves: bool,
}

impl Style {
    /// The plain document.
    pub const PLAIN: Style = Style {
        closed: false,
        any_of: false,
        const_as_enum: false,
        join: false,
        leaves: false,
    };
    /// Closed (see [`Style::closed`]).
    pub const CLOSED: Style = Style {
        closed: true,
        any_of: true,
        const_as_enum: false,
        join: false,
        leaves: false,
    };
}

/// The root document as JSON text.
#[must_use]
pub fn write_root(schema: &Schema) -> String {
    write_root_as(schema, Style::PLAIN)
}

/// The root document as JSON text, rewritten as `style` says.
#[must_use]
pub fn write_root_as(schema: &Schema, style: Style) -> String {
    write_root_with(schema, style, &|_, _| false)
}

/// Writes a leaf node itself and says so, or declines (`false`, nothing
/// written).
pub type LeafWriter<'h> = &'h dyn Fn(&Shape, &mut Vec<u8>) -> bool;

/// [`write_root_as`], leaves offered to `leaf` first when `style.leaves`.
#[must_use]
pub fn write_root_with(schema: &Schema, style: Style, leaf: LeafWriter<'_>) -> String {
    let mut out = Writer {
        buf: Vec::with_capacity(256),
        schema,
        style,
        leaf,
    };
    out.shape(&schema.root, true, false);
    // Only UTF-8 was written: keys and strings through serde_json, the rest ASCII.
    String::from_utf8(out.buf).unwrap_or_default()
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
    schema: &'s Schema,
    style: Style,
    leaf: LeafWriter<'h>,
}

/// One object being written: whether a comma is due, and which of the
/// writer's own keys it has (a kept keyword never replaces a key the kind
/// wrote, as in the tree), one bit each.
struct Object {
    first: bool,
    keys: u32,
}

/// The bit of a key the writer itself writes; `None` for any other.
fn bit(key: &str) -> Option<u32> {
    let at = match key {
        "title" => 0,
        "description" => 1,
        "type" => 2,
        "not" => 3,
        "const" => 4,
        "enum" => 5,
        "anyOf" => 6,
        "oneOf" => 7,
        "allOf" => 8,
        "$ref" => 9,
        "prefixItems" => 10,
        "items" => 11,
        "properties" => 12,
        "required" => 13,
        "patternProperties" => 14,
        "propertyNames" => 15,
        "additionalProperties" => 16,
        "default" => 17,
        "$defs" => 18,
        _ => return None,
    };
    Some(1 << at)
}

impl Object {
    fn new() -> Object {
        Object { first: true, keys: 0 }
    }

    fn has(&self, key: &str) -> bool {
        bit(key).is_some_and(|b| self.keys & b != 0)
    }
}

impl Writer<'_, '_> {
    fn raw(&mut self, text: &str) {
        self.buf.extend_from_slice(text.as_bytes());
    }

    /// One byte of punctuation: pushed, where a slice of one would be
    /// copied by a call (in wasm, `memory.copy` through the engine).
    #[inline]
    fn byte(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    fn string(&mut self, text: &str) {
        write_string(&mut self.buf, text);
    }

    fn value(&mut self, value: &Value) {
        write_any(&mut self.buf, value);
    }

    /// Starts the member `key` of `object`.
    fn key(&mut self, object: &mut Object, key: &'static str) {
        object.keys |= bit(key).unwrap_or(0);
        self.next(object);
        self.byte(b'"');
        self.raw(key);
        self.byte(b'"');
        self.byte(b':');
    }

    /// Starts a member whose key is data (a property or keyword name).
    fn data_key(&mut self, object: &mut Object, key: &str) {
        self.next(object);
        self.string(key);
        self.byte(b':');
    }

    fn next(&mut self, object: &mut Object) {
        if object.first {
            object.first = false;
        } else {
            self.byte(b',');
        }
    }

    /// One schema; `made_nullable` for an optional key of a closed object.
    fn shape(&mut self, shape: &Shape, root: bool, made_nullable: bool) {
        if self.style.leaves && !root && shape.kind.is_leaf() && (self.leaf)(shape, &mut self.buf) {
            return;
        }
        self.byte(b'{');
        let mut object = Object::new();
        if let Some(title) = &shape.title {
            self.key(&mut object, "title");
            self.string(title);
        }
        if let Some(description) = &shape.description {
            self.key(&mut object, "description");
            self.string(description);
        }
        self.kind(shape, &mut object, made_nullable);
        for (key, value) in &shape.keywords {
            if !object.has(key) {
                self.data_key(&mut object, key);
                self.value(value);
            }
        }
        for (i, (key, applicator)) in shape.applicators.iter().enumerate() {
            // The tree keeps the first of a key: the kind's, a keyword's, an earlier applicator's.
            let taken = object.has(key)
                || shape.keywords.get(key).is_some()
                || shape.applicators.iter().take(i).any(|(earlier, _)| earlier == key);
            if !taken {
                self.data_key(&mut object, key);
                self.applicator(applicator);
            }
        }
        if let Some(default) = &shape.default {
            self.key(&mut object, "default");
            self.value(default);
        }
        if root && !self.schema.defs.is_empty() {
            self.key(&mut object, "$defs");
            self.byte(b'{');
            let mut defs = Object::new();
            for def in &self.schema.defs {
                self.data_key(&mut defs, &def.name);
                self.shape(&def.shape, false, false);
            }
            self.byte(b'}');
        }
        // After `$defs`: the tree's rewrite appends to the finished node.
        if let (true, Kind::Object(closed)) = (self.style.closed, &shape.kind) {
            self.close(closed, &mut object);
        }
        self.byte(b'}');
    }

    /// What a closed object appends: the keys it did not have.
    fn close(&mut self, shape: &ObjectShape, object: &mut Object) {
        if !object.has("additionalProperties") {
            self.key(object, "additionalProperties");
            self.raw("false");
        }
        if !object.has("required") {
            self.key(object, "required");
            self.names(shape.props.iter().map(|p| p.key.as_str()));
        }
    }

    fn names<'n>(&mut self, names: impl Iterator<Item = &'n str>) {
        self.byte(b'[');
        for (i, name) in names.enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.string(name);
        }
        self.byte(b']');
    }

    fn kind(&mut self, shape: &Shape, object: &mut Object, made_nullable: bool) {
        let nullable = shape.nullable || made_nullable;
        match &shape.kind {
            Kind::Any => {}
            Kind::Never => {
                self.key(object, "not");
                self.raw("{}");
            }
            Kind::Null => self.type_name(object, "null", false),
            Kind::Boolean => self.type_name(object, "boolean", nullable),
            Kind::Number => self.type_name(object, "number", nullable),
            Kind::Integer => self.type_name(object, "integer", nullable),
            Kind::String => self.type_name(object, "string", nullable),
            Kind::Enum(values) => self.enumeration(values, nullable, object),
            Kind::Array(array) => {
                self.type_name(object, "array", nullable);
                self.array(array, object);
            }
            Kind::Object(shape) => {
                self.type_name(object, "object", nullable);
                self.object(shape, object);
            }
            Kind::Union(union) if self.style.join => self.joined(&union.branches, object),
            Kind::Union(union) => {
                self.key(
                    object,
                    if union.exclusive && !self.style.any_of {
                        "oneOf"
                    } else {
                        "anyOf"
                    },
                );
                self.list(&union.branches, nullable);
            }
            Kind::AllOf(members) if nullable => {
                self.key(object, "anyOf");
                self.raw("[{\"allOf\":");
                self.list(members, false);
                self.raw("},{\"type\":\"null\"}]");
            }
            Kind::AllOf(members) => {
                self.key(object, "allOf");
                self.list(members, false);
            }
            Kind::Ref(index) => {
                if nullable {
                    self.key(object, "anyOf");
                    self.raw("[{\"$ref\":");
                    self.reference(*index);
                    self.raw("},{\"type\":\"null\"}]");
                } else {
                    self.key(object, "$ref");
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
        self.byte(b'[');
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
            self.raw("{\"type\":\"null\"}");
        }
        self.byte(b']');
    }

    fn type_name(&mut self, object: &mut Object, name: &str, nullable: bool) {
        self.key(object, "type");
        if nullable {
            self.byte(b'[');
        }
        self.byte(b'"');
        self.raw(name);
        self.byte(b'"');
        if nullable {
            self.raw(",\"null\"]");
        }
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an enum (V8 compiles a whole function on its first call)
    fn enumeration(&mut self, values: &[Value], nullable: bool, object: &mut Object) {
        if let Some(kind) = super::json_schema::common_type(values) {
            self.type_name(object, kind, nullable);
        }
        let total = values.len() + usize::from(nullable);
        if total == 1 {
            self.key(object, if self.style.const_as_enum { "enum" } else { "const" });
            if self.style.const_as_enum {
                self.byte(b'[');
            }
            match values.first() {
                Some(one) => self.value(one),
                None => self.raw("null"),
            }
            if self.style.const_as_enum {
                self.byte(b']');
            }
            return;
        }
        self.key(object, "enum");
        self.byte(b'[');
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
            self.raw("null");
        }
        self.byte(b']');
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an array (V8 compiles a whole function on its first call)
    fn array(&mut self, array: &ArrayShape, object: &mut Object) {
        if !array.prefix.is_empty() {
            self.key(object, "prefixItems");
            self.list(&array.prefix, false);
        }
        if let Some(items) = &array.items {
            self.key(object, "items");
            self.shape_or_false(items);
        }
    }

    fn object(&mut self, shape: &ObjectShape, object: &mut Object) {
        self.key(object, "properties");
        self.byte(b'{');
        let mut properties = Object::new();
        for prop in &shape.props {
            self.data_key(&mut properties, &prop.key);
            self.shape(&prop.shape, false, self.style.closed && !prop.must_supply());
        }
        // A required name without a property gets the additionalProperties
        // schema (see the tree writer); a name already listed keeps its own.
        if shape.pattern_props.is_empty() {
            for (i, name) in shape.required_extra.iter().enumerate() {
                let listed = shape.props.iter().any(|p| p.key == *name)
                    || shape.required_extra.iter().take(i).any(|earlier| earlier == name);
                if listed {
                    continue;
                }
                self.data_key(&mut properties, name);
                match &shape.additional {
                    Some(additional) => self.shape(additional, false, false),
                    None => self.raw("{}"),
                }
            }
        }
        self.byte(b'}');
        let mut required = shape
            .props
            .iter()
            .filter(|p| p.must_supply())
            .map(|p| p.key.as_str())
            .chain(shape.required_extra.iter().map(String::as_str))
            .peekable();
        if required.peek().is_some() {
            self.key(object, "required");
            if self.style.closed {
                self.names(shape.props.iter().map(|p| p.key.as_str()));
            } else {
                self.names(required);
            }
        }
        if !shape.pattern_props.is_empty() {
            self.key(object, "patternProperties");
            self.byte(b'{');
            let mut patterns = Object::new();
            for (pattern, sub) in &shape.pattern_props {
                self.data_key(&mut patterns, pattern);
                self.shape(sub, false, false);
            }
            self.byte(b'}');
        }
        if let Some(names) = &shape.property_names {
            self.key(object, "propertyNames");
            self.shape(names, false, false);
        }
        if let Some(additional) = &shape.additional {
            self.key(object, "additionalProperties");
            if self.style.closed {
                self.raw("false");
            } else {
                self.shape_or_false(additional);
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
        self.type_name(object, "object", false);
        self.key(object, "properties");
        self.byte(b'{');
        let mut properties = Object::new();
        let mut names: Vec<&str> = Vec::new();
        for (i, branch) in objects.iter().enumerate() {
            for prop in &branch.props {
                if objects.iter().take(i).any(|earlier| earlier.prop(&prop.key).is_some()) {
                    continue;
                }
                names.push(&prop.key);
                self.data_key(&mut properties, &prop.key);
                let later = objects.iter().skip(i + 1).filter_map(|o| o.prop(&prop.key));
                if later.clone().all(|other| other.shape == prop.shape) {
                    self.shape(&prop.shape, false, false);
                } else {
                    self.united_enum(std::iter::once(prop).chain(later));
                }
            }
        }
        self.byte(b'}');
        let required = |name: &&str| objects.iter().all(|o| o.prop(name).is_some_and(Prop::must_supply));
        if names.iter().any(required) {
            self.key(object, "required");
            self.names(names.iter().copied().filter(required));
        }
        if objects
            .first()
            .and_then(|o| o.additional.as_ref())
            .is_some_and(Shape::is_false)
        {
            self.key(object, "additionalProperties");
            self.raw("false");
        }
    }

    /// The tags several branches give one key: one string enum of all
    /// their values, in the order they first appear.
    fn united_enum<'p>(&mut self, tags: impl Iterator<Item = &'p Prop>) {
        let mut values: Vec<&Value> = Vec::new();
        for value in tags
            .filter_map(|tag| match &tag.shape.kind {
                Kind::Enum(these) => Some(these.iter()),
                _ => None,
            })
            .flatten()
        {
            if !values.contains(&value) {
                values.push(value);
            }
        }
        self.raw("{\"type\":\"string\",\"enum\":");
        write_list(&mut self.buf, values, write_any);
        self.byte(b'}');
    }

    fn shape_or_false(&mut self, shape: &Shape) {
        if shape.is_false() {
            self.raw("false");
        } else {
            self.shape(shape, false, false);
        }
    }

    #[inline(never)] // out of `shape`: compiled when the writer meets an applicator (V8 compiles a whole function on its first call)
    fn applicator(&mut self, applicator: &Applicator) {
        match applicator {
            Applicator::One(shape) => self.shape(shape, false, false),
            Applicator::Map(entries) => {
                self.byte(b'{');
                let mut map = Object::new();
                for (key, shape) in entries {
                    self.data_key(&mut map, key);
                    self.shape(shape, false, false);
                }
                self.byte(b'}');
            }
            Applicator::Names(names) => {
                write_members(&mut self.buf, names, write_any);
            }
        }
    }
}
