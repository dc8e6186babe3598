//! The Shape tree: what a JSON Schema means, with every `$ref` to a finite
//! definition already inlined and every way of saying "nullable" folded into
//! one flag. Everything downstream (emission, flags, repair) walks this.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use serde_json::{Map, Value};

use super::deprecation::Deprecation;
use super::enum_values::EnumValues;
use crate::json::Json;

/// A compiled schema: the root shape and the recursive definitions it needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    pub root: Shape,
    /// Definitions reached through a `$ref` cycle; [`Kind::Ref`] indexes here.
    /// Shared: each action of a union is a schema of its own over the same
    /// definitions, and a copy per action made thousands of actions and
    /// definitions quadratic in memory (2,000 of each: 1.6 GB).
    pub defs: Arc<[Def]>,
    /// Some node keeps a format with Zod's own pattern for it beside it
    /// ([`super::zod_patterns`]): a client profile that keeps the format
    /// leaves the pattern out, in its tree and in the Shape writer's text
    /// alike. Found while reading, so no profile walks the tree to ask.
    pub zod_patterns: bool,
}

/// A recursive definition, kept whole and referenced by [`Kind::Ref`].
#[derive(Debug, Clone, PartialEq)]
pub struct Def {
    /// Unique name, used as the `$defs` key on emission.
    pub name: String,
    pub shape: Shape,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub kind: Kind,
    /// `null` is accepted besides `kind` (from `type: [T, "null"]`,
    /// `anyOf` with `{type: "null"}`, or OpenAPI's `nullable: true`).
    pub nullable: bool,
    /// Boxed, as `cli` is: most shapes have neither, and a `Value` inline
    /// would make every shape, moved many times while reading, 70 bytes longer.
    pub default: Option<Box<Value>>,
    pub description: Option<String>,
    /// Boxed, as `default` is: few shapes have one, and every move of a
    /// shape copies what is inline (past 64 bytes, wasm copies through a call).
    pub title: Option<Box<String>>,
    /// The `cli` meta object (Zod's `.meta({ cli: {...} })`).
    pub cli: Option<Box<Map<String, Value>>>,
    /// Every other keyword (constraints, formats, examples, extensions),
    /// normalized to JSON Schema 2020-12 and emitted as given.
    pub keywords: Keywords,
    /// Schema-valued keywords that are not modelled (`not`, `if`, ...),
    /// read as subschemas so their `$ref`s resolve like any other.
    pub applicators: Applicators,
}

/// A shape's applicators in their order: none on nearly every node, so the
/// list is held by one boxed pointer (see `title`), present only when it
/// holds at least one.
#[derive(Debug, Clone, Default, PartialEq)]
#[allow(clippy::box_collection)] // the box is the point: one pointer inline, not a Vec's three words
pub struct Applicators(Option<Box<Vec<(String, Applicator)>>>);

impl Applicators {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, (String, Applicator)> {
        self.0.as_deref().map_or(&[][..], Vec::as_slice).iter()
    }

    pub fn extend(&mut self, more: Vec<(String, Applicator)>) {
        if more.is_empty() {
            return;
        }
        match &mut self.0 {
            Some(list) => list.extend(more),
            None => self.0 = Some(Box::new(more)),
        }
    }
}

impl<'a> IntoIterator for &'a Applicators {
    type Item = &'a (String, Applicator);
    type IntoIter = std::slice::Iter<'a, (String, Applicator)>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

// Shapes move by value all through reading and building; wasm copies a value
// over 64 bytes through `memory.copy`, a call into the engine (README, "Size
// and speed"), so a Shape must stay within 64 bytes there.
#[cfg(target_arch = "wasm32")]
const _: () = assert!(std::mem::size_of::<Shape>() <= 64);

/// The value of a schema-valued keyword that is not modelled.
#[derive(Debug, Clone, PartialEq)]
pub enum Applicator {
    One(Box<Shape>),
    Map(Vec<(String, Shape)>),
    /// `dependentRequired`, from draft-7 `dependencies` lists.
    Names(Map<String, Value>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// No constraint on the type (`{}` or `true`).
    Any,
    /// Nothing is accepted (`false`, `not: {}`).
    Never,
    Null,
    Boolean,
    Number,
    Integer,
    String,
    /// `enum` or `const`: the accepted values, without `null`.
    Enum(Box<EnumValues>),
    Array(Box<ArrayShape>),
    Object(Box<ObjectShape>),
    /// `anyOf` / `oneOf` with two or more branches left after folding null.
    Union(Union),
    /// `allOf` whose members could not be merged into one object.
    AllOf(Vec<Shape>),
    /// A recursive definition, by index into [`Schema::defs`].
    Ref(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Union {
    pub branches: Vec<Shape>,
    /// `oneOf` (exactly one branch must match) rather than `anyOf`.
    pub exclusive: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArrayShape {
    /// Tuple positions (`prefixItems`, or draft-7 `items: [...]`).
    pub prefix: Vec<Shape>,
    /// Items after the prefix; `None` accepts anything.
    pub items: Option<Shape>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ObjectShape {
    /// Add with [`ObjectShape::push_prop`], which keeps `index` in step.
    pub props: Vec<Prop>,
    /// `additionalProperties`; `None` when absent or `true`.
    pub additional: Option<Shape>,
    pub property_names: Option<Shape>,
    pub pattern_props: Vec<(String, Shape)>,
    /// Names in `required` that are not among `props` (kept for emission).
    pub required_extra: Vec<String>,
    pub index: PropIndex,
}

/// Objects up to this many properties are searched by comparing keys.
const SCAN_PROPS: usize = 16;

/// Key to place in [`ObjectShape::props`], made on the first lookup in an
/// object of more than [`SCAN_PROPS`] properties. Looking a key up by
/// scanning made repairing, checking and writing a wide object quadratic:
/// 64,000 keys of arguments took `repair` 10 s. Built lazily, so that
/// `compile` pays nothing for it; derived from `props`, so it takes no part
/// in equality.
#[derive(Debug, Clone, Default)]
pub struct PropIndex(OnceLock<HashMap<String, usize>>);

impl PartialEq for PropIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl ObjectShape {
    /// An object of these properties and nothing else.
    #[must_use]
    pub fn of(props: Vec<Prop>) -> ObjectShape {
        ObjectShape {
            props,
            additional: None,
            property_names: None,
            pattern_props: Vec::new(),
            required_extra: Vec::new(),
            index: PropIndex::default(),
        }
    }

    /// The property `key`, if the object names it (the first, if twice).
    #[must_use]
    pub fn prop(&self, key: &str) -> Option<&Prop> {
        if self.props.len() <= SCAN_PROPS {
            return self.props.iter().find(|prop| prop.key == key);
        }
        let index = self.index.0.get_or_init(|| {
            let mut index = HashMap::with_capacity(self.props.len());
            for (at, prop) in self.props.iter().enumerate() {
                index.entry(prop.key.clone()).or_insert(at);
            }
            index
        });
        // A place is checked, so that an index out of step (`props`
        // reordered by hand after a lookup) still answers right, by a scan.
        match index.get(key).map(|&at| self.props.get(at)) {
            None => None,
            Some(Some(prop)) if prop.key == key => Some(prop),
            Some(_) => self.props.iter().find(|prop| prop.key == key),
        }
    }

    /// Adds a property, letting go of an index made before it.
    pub fn push_prop(&mut self, prop: Prop) {
        self.props.push(prop);
        self.index = PropIndex::default();
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Prop {
    pub key: String,
    pub shape: Shape,
    /// Listed in `required` by the source schema.
    pub required: bool,
}

impl Prop {
    /// Whether a caller must supply this key: listed as required and without a
    /// default (Zod's output mode lists defaulted keys; a client may omit them).
    #[must_use]
    pub fn must_supply(&self) -> bool {
        self.required && self.shape.default.is_none()
    }
}

impl Kind {
    /// A scalar or an enum: a node with no subschema of its own.
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        matches!(
            self,
            Kind::Boolean | Kind::Number | Kind::Integer | Kind::String | Kind::Enum(_)
        )
    }
}

impl Shape {
    #[must_use]
    pub fn of(kind: Kind) -> Self {
        Shape {
            kind,
            nullable: false,
            default: None,
            description: None,
            title: None,
            cli: None,
            keywords: Keywords::default(),
            applicators: Applicators::default(),
        }
    }

    #[must_use]
    pub fn as_object(&self) -> Option<&ObjectShape> {
        match &self.kind {
            Kind::Object(obj) => Some(obj),
            _ => None,
        }
    }

    /// True when the shape carries nothing but its kind.
    #[must_use]
    pub fn is_bare(&self) -> bool {
        !self.nullable
            && self.default.is_none()
            && self.description.is_none()
            && self.title.is_none()
            && self.cli.is_none()
            && self.keywords.is_empty()
            && self.applicators.is_empty()
    }

    /// True for the bare schema that accepts nothing, which JSON Schema
    /// writes as `false` (a closed `additionalProperties` or `items`).
    #[must_use]
    pub fn is_false(&self) -> bool {
        self.kind == Kind::Never && self.is_bare()
    }
}

impl Schema {
    /// Follows a [`Kind::Ref`] to its definition; any other shape is itself.
    #[must_use]
    pub fn resolve<'a>(&'a self, shape: &'a Shape) -> &'a Shape {
        match shape.kind {
            Kind::Ref(index) => self.defs.get(index).map_or(shape, |def| &def.shape),
            _ => shape,
        }
    }

    /// JSON Schema's `deprecated: true` (Zod's `.meta({ deprecated: true })`)
    /// on the shape or on the definition its `$ref` names.
    #[must_use]
    pub fn is_deprecated(&self, shape: &Shape) -> bool {
        let marked = |s: &Shape| s.keywords.get("deprecated") == Some(&Value::Bool(true));
        marked(shape) || marked(self.resolve(shape))
    }

    /// `deprecated` as the command line reads it off a whole tool or an
    /// action: the `cli` meta's (a message, or `false` for the command
    /// line alone) over JSON Schema's keyword, which is a boolean. The
    /// error says what the meta should hold.
    pub fn deprecation(&self, shape: &Shape) -> std::result::Result<Deprecation, String> {
        let meta = [shape, self.resolve(shape)]
            .into_iter()
            .find_map(|s| s.cli.as_ref()?.get("deprecated"));
        match meta {
            Some(value) => {
                Deprecation::read(&Json::borrow(value)).map_err(|why| format!("the cli meta's \"deprecated\": {why}"))
            }
            None => Ok(Deprecation::from_flag(self.is_deprecated(shape))),
        }
    }
}

/// A shape's other keywords, in their order. A list, not a map: a node keeps
/// a handful, and a map would hash each insert and start its own hasher.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Keywords(Vec<(String, Value)>);

impl Keywords {
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Sets `key`, replacing its value where it is already present.
    pub fn insert(&mut self, key: String, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((key, value)),
        }
    }

    /// Removes `key`; the last keyword takes its place, as it does in
    /// serde_json's ordered map, which this replaced.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let at = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.swap_remove(at).1)
    }

    /// Keeps the keywords `keep` says yes to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &Value) -> bool) {
        self.0.retain(|(key, value)| keep(key, value));
    }

    /// Adds a keyword read from a node, whose keys are already unique.
    pub fn push(&mut self, key: String, value: Value) {
        self.0.push((key, value));
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<'a> IntoIterator for &'a Keywords {
    type Item = (&'a String, &'a Value);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'a, (String, Value)>, fn(&'a (String, Value)) -> (&'a String, &'a Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prop(key: &str, kind: Kind) -> Prop {
        Prop {
            key: key.to_owned(),
            shape: Shape::of(kind),
            required: false,
        }
    }

    #[test]
    fn a_wide_object_finds_each_key_by_its_index_and_the_first_of_a_repeat() {
        let mut props: Vec<Prop> = (0..40).map(|i| prop(&format!("k{i}"), Kind::String)).collect();
        props.push(prop("k7", Kind::Number));
        let mut object = ObjectShape::of(props);
        for i in 0..40 {
            let key = format!("k{i}");
            assert_eq!(object.prop(&key).map(|p| p.key.as_str()), Some(key.as_str()));
        }
        assert_eq!(object.prop("k7").map(|p| &p.shape.kind), Some(&Kind::String));
        assert!(object.prop("k40").is_none());
        // An index made before a property is added does not hide it.
        object.push_prop(prop("k40", Kind::Boolean));
        assert_eq!(object.prop("k40").map(|p| &p.shape.kind), Some(&Kind::Boolean));
        // Reordered by hand after a lookup: the stale place is checked.
        object.props.swap(0, 1);
        assert_eq!(object.prop("k0").map(|p| p.key.as_str()), Some("k0"));
        assert_eq!(object.prop("k1").map(|p| p.key.as_str()), Some("k1"));
    }
}
