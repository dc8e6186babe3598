//! The Shape tree: what a JSON Schema means, with every `$ref` to a finite
//! definition already inlined and every way of saying "nullable" folded into
//! one flag. Everything downstream (emission, flags, repair) walks this.

use serde_json::{Map, Value};

use super::enum_values::EnumValues;

/// A compiled schema: the root shape and the recursive definitions it needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    pub root: Shape,
    /// Definitions reached through a `$ref` cycle; [`Kind::Ref`] indexes here.
    pub defs: Vec<Def>,
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
    pub default: Option<Value>,
    pub description: Option<String>,
    pub title: Option<String>,
    /// The `cli` meta object (Zod's `.meta({ cli: {...} })`).
    pub cli: Option<Map<String, Value>>,
    /// Every other keyword (constraints, formats, examples, extensions),
    /// normalized to JSON Schema 2020-12 and emitted as given.
    pub keywords: Map<String, Value>,
    /// Schema-valued keywords that are not modelled (`not`, `if`, ...),
    /// read as subschemas so their `$ref`s resolve like any other.
    pub applicators: Vec<(String, Applicator)>,
}

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
    Enum(EnumValues),
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
    pub props: Vec<Prop>,
    /// `additionalProperties`; `None` when absent or `true`.
    pub additional: Option<Shape>,
    pub property_names: Option<Shape>,
    pub pattern_props: Vec<(String, Shape)>,
    /// Names in `required` that are not among `props` (kept for emission).
    pub required_extra: Vec<String>,
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
            keywords: Map::new(),
            applicators: Vec::new(),
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
}
