//! Schemas whose profile text can be written straight from the Shape:
//! those a profile leaves exactly as the `mcp` profile writes them
//! (recursive ones too, for clients that resolve `$ref` as written, and
//! unions below the root, for clients whose rules touch only a root one), and
//! those `openai-strict` only closes (every object closed, every key
//! required, optional ones nullable).
//!
//! Most tools are plain objects of scalars, string enums and arrays, and for
//! most clients nothing in them needs rewriting; yet a profile builds the
//! mcp schema as a tree, visits every node with lookups that find nothing,
//! and writes the tree out: about four times what writing the mcp text
//! straight from the Shape costs. When this module says a schema is left
//! alone, the profile's text is the mcp text.
//!
//! Conservative on purpose: a node kind, keyword or key that any rule of
//! the client's profile looks at sends the schema the long way. The
//! profile files stay the one statement of each client's rules; tests hold
//! both ways to the same bytes (the snapshot test over every Zod fixture,
//! and a property test over generated plain schemas).

use serde_json::Value;

use super::Client;
use crate::schema::{Kind, ObjectShape, Schema, Shape};

/// Whether `client`'s profile writes `schema` as the mcp profile does and
/// refuses nothing in it. `openai-strict` rewrites every object, so never
/// (see [`closed`]).
#[must_use]
pub fn unchanged(schema: &Schema, client: Client) -> bool {
    let Some(rules) = Rules::of(client) else {
        return false;
    };
    let root = &schema.root;
    (schema.defs.is_empty() || rules.refs)
        && !root.nullable
        && matches!(root.kind, Kind::Object(_))
        && rules.node(root)
        && schema.defs.iter().all(|def| rules.node(&def.shape))
}

/// What a client's profile would change, as far as plain schemas go.
// One flag per rule reads as the profiles' own list; a state machine it is not.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy)]
struct Rules {
    /// Values are rewritten: `null` in a type list or enum (Cursor drops
    /// it, Gemini writes `nullable`), enum values that are not strings.
    rewrites_values: bool,
    /// A `const` (an enum of one value) becomes a one-value enum.
    no_const: bool,
    /// `additionalProperties` is removed even when `false` (Gemini).
    no_additional: bool,
    /// Recursive definitions pass as written (no refusal, no rewrite of a
    /// `$ref` node).
    refs: bool,
    /// A union below the root passes as written (the client's rules touch
    /// only a root union), its branches checked as any node is.
    unions: bool,
    /// Property keys the client refuses.
    key_ok: Option<fn(&str) -> bool>,
    /// Keywords kept as written; any other sends the schema the long way.
    keyword_ok: fn(&str, &Value) -> bool,
}

impl Rules {
    fn of(client: Client) -> Option<Rules> {
        let loose = Rules {
            rewrites_values: false,
            no_const: false,
            no_additional: false,
            refs: true,
            unions: true,
            key_ok: None,
            keyword_ok: common_keyword,
        };
        // Cursor and portable join a union into one schema, Gemini makes
        // `anyOf` stand alone: they rewrite every union.
        let no_composition = Rules {
            rewrites_values: true,
            no_const: true,
            unions: false,
            ..loose
        };
        Some(match client {
            Client::OpenaiStrict => return None,
            Client::Mcp | Client::Openai | Client::Vscode => loose,
            Client::Anthropic => Rules {
                key_ok: Some(super::anthropic::key_ok),
                ..loose
            },
            // Claude Code refuses recursion; Gemini's JSON mode strips what
            // sits beside a `$ref` and refuses some cycles.
            Client::ClaudeCode => Rules {
                key_ok: Some(super::anthropic::key_ok),
                refs: false,
                ..loose
            },
            Client::GeminiJson => Rules {
                no_const: true,
                refs: false,
                ..loose
            },
            Client::Cursor => no_composition,
            Client::Portable => Rules {
                key_ok: Some(super::anthropic::key_ok),
                refs: false,
                ..no_composition
            },
            Client::Gemini => Rules {
                no_additional: true,
                refs: false,
                key_ok: Some(super::gemini::key_ok),
                keyword_ok: gemini_keyword,
                ..no_composition
            },
        })
    }

    fn node(self, shape: &Shape) -> bool {
        if !shape.applicators.is_empty() || (self.rewrites_values && shape.nullable) {
            return false;
        }
        if !shape.keywords.iter().all(|(key, value)| (self.keyword_ok)(key, value)) {
            return false;
        }
        match &shape.kind {
            Kind::Boolean | Kind::Number | Kind::Integer | Kind::String => true,
            Kind::Ref(_) => self.refs,
            Kind::Enum(values) => self.enumeration(values, shape.nullable),
            // An array without `items` gets one from several profiles; a
            // tuple is loosened.
            Kind::Array(array) => array.prefix.is_empty() && array.items.as_ref().is_some_and(|items| self.node(items)),
            Kind::Object(object) => self.object(object),
            Kind::Union(union) => self.unions && union.branches.iter().all(|branch| self.node(branch)),
            Kind::Any | Kind::Never | Kind::Null | Kind::AllOf(_) => false,
        }
    }

    fn enumeration(self, values: &[Value], nullable: bool) -> bool {
        // The mcp writer turns a single accepted value into `const`.
        let written = values.len() + usize::from(nullable);
        (!self.no_const || written >= 2) && (!self.rewrites_values || values.iter().all(Value::is_string))
    }

    fn object(self, object: &ObjectShape) -> bool {
        // `false` is left by Claude Code's and Cursor's open-record rules.
        let additional = object
            .additional
            .as_ref()
            .is_none_or(|closed| !self.no_additional && closed.is_false());
        additional
            && only_properties(object)
            && object
                .props
                .iter()
                .all(|prop| self.key_ok.is_none_or(|ok| ok(&prop.key)) && self.node(&prop.shape))
    }
}

/// An object described by its properties alone: no pattern properties,
/// property names or required names without a property (records and
/// their kin, which most profiles rewrite or refuse).
fn only_properties(object: &ObjectShape) -> bool {
    object.pattern_props.is_empty() && object.property_names.is_none() && object.required_extra.is_empty()
}

/// Constraints Zod writes that no profile but `gemini` rewrites or removes
/// (`vscode` and `gemini-json` only warn about some); `openai-strict`
/// removes the object and uniqueness ones.
fn common_keyword(key: &str, _value: &Value) -> bool {
    strict_keyword(key) || matches!(key, "uniqueItems" | "minProperties" | "maxProperties")
}

/// The fields of Gemini's `Schema` it keeps as written: `format` only as
/// `date-time` (every other string format is removed), no exclusive
/// bounds (rewritten), no `uniqueItems` or `multipleOf` (not its fields).
fn gemini_keyword(key: &str, value: &Value) -> bool {
    match key {
        "format" => value.as_str() == Some("date-time"),
        "minLength" | "maxLength" | "pattern" | "minimum" | "maximum" | "minItems" | "maxItems" | "minProperties"
        | "maxProperties" => true,
        _ => false,
    }
}

/// Whether `openai-strict` writes `schema` as the mcp document with every
/// object closed and every key required, optional keys nullable, `oneOf`
/// written `anyOf` ([`crate::emit::write_root_closed`]), and refuses
/// nothing in it: no keyword it removes, no record, no type-less node,
/// nothing over its limits, no optional one-value enum (made nullable, a
/// `const` moves), no optional or nullable union (made nullable, it is
/// wrapped), no union with keywords after it (its `oneOf` is taken out and
/// `anyOf` appended, which moves them), and no optional `$ref` with a
/// title, default or keyword (made nullable, it is wrapped, and those stay
/// inside).
#[must_use]
pub fn closed(schema: &Schema) -> bool {
    let root = &schema.root;
    let mut counts = Counts::default();
    !root.nullable
        && matches!(root.kind, Kind::Object(_))
        && strict_node(root, 0, false, &mut counts)
        // Definitions sit at the root's depth, and are closed as they are.
        && schema.defs.iter().all(|def| strict_node(&def.shape, 0, false, &mut counts))
        && counts.enum_values <= MAX_ENUM_VALUES
        && counts.properties <= MAX_PROPERTIES
}

/// openai-strict's limits (CLIENTS.md O7), a little under: the tree counts
/// the `null` an optional enum gains.
const MAX_NESTING: usize = 10;
const MAX_ENUM_VALUES: usize = 500;
const MAX_PROPERTIES: usize = 5000;

#[derive(Default)]
struct Counts {
    enum_values: usize,
    properties: usize,
}

/// `optional`: the node is a property its object does not require (strict
/// mode makes it required and nullable).
fn strict_node(shape: &Shape, depth: usize, optional: bool, counts: &mut Counts) -> bool {
    if depth > MAX_NESTING || !shape.applicators.is_empty() {
        return false;
    }
    if !shape.keywords.iter().all(|(key, _)| strict_keyword(key)) {
        return false;
    }
    match &shape.kind {
        // Strict mode resolves `$defs`; each definition is checked once.
        Kind::Boolean | Kind::Number | Kind::Integer | Kind::String | Kind::Ref(_) => true,
        Kind::Enum(values) => {
            counts.enum_values += values.len() + 1;
            (values.len() >= 2 || !(optional || shape.nullable)) && values.iter().all(Value::is_string)
        }
        Kind::Array(array) => {
            array.prefix.is_empty()
                && array
                    .items
                    .as_ref()
                    .is_some_and(|items| strict_node(items, depth, false, counts))
        }
        // Branches sit at the union's depth.
        Kind::Union(union) => {
            !optional
                && !shape.nullable
                && shape.keywords.is_empty()
                && shape.default.is_none()
                && union
                    .branches
                    .iter()
                    .all(|branch| strict_node(branch, depth, false, counts))
        }
        Kind::Object(object) => {
            counts.properties += object.props.len();
            object.additional.as_ref().is_none_or(Shape::is_false)
                && only_properties(object)
                && object.props.iter().all(|prop| {
                    // An optional reference made nullable is wrapped in an
                    // `anyOf` with only its description kept outside: the
                    // same text unless it has more than a description.
                    let shape = &prop.shape;
                    let wrapped = matches!(shape.kind, Kind::Ref(_))
                        && !prop.must_supply()
                        && !shape.nullable
                        && (shape.title.is_some() || shape.default.is_some() || !shape.keywords.is_empty());
                    !wrapped && strict_node(&prop.shape, depth + 1, !prop.must_supply(), counts)
                })
        }
        Kind::Any | Kind::Never | Kind::Null | Kind::AllOf(_) => false,
    }
}

/// Keywords strict mode keeps as written (its removals are listed in
/// `openai_strict::UNSUPPORTED`).
fn strict_keyword(key: &str) -> bool {
    matches!(
        key,
        "format"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "minItems"
            | "maxItems"
    )
}
