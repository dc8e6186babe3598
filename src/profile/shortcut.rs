//! Schemas whose profile text can be written straight from the Shape:
//! those a profile leaves exactly as the `mcp` profile writes them
//! (recursive ones too, for clients that resolve `$ref` as written, and
//! unions below the root, for clients whose rules touch only a root one),
//! those whose only rewrites are a `const` made a one-value enum and a
//! `oneOf` made `anyOf`, a union of objects joined into one (Gemini, its
//! JSON mode, Cursor, portable), those `openai-strict` only closes (every
//! object closed, every key required, optional ones nullable), and those
//! whose other rewrites are of single scalars, which the profile's own rule
//! for one node then writes (Gemini, Cursor, portable).
//!
//! Most tools are plain objects of scalars, string enums and arrays, and for
//! most clients nothing in them needs rewriting; yet a profile builds the
//! mcp schema as a tree, visits every node with lookups that find nothing,
//! and writes the tree out: about four times what writing the mcp text
//! straight from the Shape costs. When this module names a [`Style`], the
//! profile's text is the Shape written in that style.
//!
//! Conservative on purpose: a node kind, keyword or key that any other rule
//! of the client's profile looks at sends the schema the long way. The
//! profile files stay the one statement of each client's rules; tests hold
//! both ways to the same bytes (the snapshot test over every Zod fixture,
//! and property tests over generated plain schemas).

use serde_json::Value;

use super::Client;
use crate::emit::{Moves, Style};
use crate::schema::{Kind, ObjectShape, Schema, Shape, Union};

/// How `client`'s profile text can be written straight from the Shape:
/// the [`Style`] whose rewrites are all the profile would make of `schema`
/// (`Style::PLAIN` when it leaves it alone), with nothing in it refused.
/// `None`: the profile rewrites the tree.
#[must_use]
pub fn direct(schema: &Schema, client: Client) -> Option<Style> {
    // Every client profile leaves out Zod's own pattern beside a format it
    // keeps (`rules::drop_zod_patterns`); the writer writes kept ones only.
    let zod_patterns = schema.zod_patterns;
    let Some(rules) = Rules::of(client) else {
        return closed(schema).then_some(Style {
            zod_patterns,
            formats: Some(super::openai_strict::FORMATS),
            ..Style::CLOSED
        });
    };
    if client == Client::AnthropicStrict && !anthropic_strict_limits(schema) {
        return None;
    }
    let root = &schema.root;
    // Only the rewrites this schema calls for: with none, the text is the
    // mcp text, which may be written already.
    // Closing every object, leaving out formats and moving keywords are
    // the client's whole style, whatever this schema needs of it.
    let mut used = Style {
        shut: rules.style.shut,
        formats: rules.style.formats,
        moves: rules.style.moves,
        ..Style::PLAIN
    };
    let written = (schema.defs.is_empty() || rules.refs != Refs::Refused)
        && !root.nullable
        && matches!(root.kind, Kind::Object(_))
        && rules.node(root, &mut used)
        && schema
            .defs
            .iter()
            .all(|def| Rules { in_def: true, ..rules }.node(&def.shape, &mut used));
    written.then_some(Style { zod_patterns, ..used })
}

/// What a profile does with a `$ref` node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Refs {
    /// Recursion is refused (a kept definition is a recursive one).
    Refused,
    /// Passed as written.
    AsWritten,
    /// Passed with nothing but `$` keywords beside it, and refused when a
    /// required property inside a definition refers to one (gemini-json).
    Bare,
}

/// What a profile does with a union below the root.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unions {
    /// Joined into one schema (Cursor, portable): written so when every
    /// branch is a bare object and the properties they share agree or are
    /// string enums ([`Style::join`]).
    Joined,
    /// Passed as written, its branches checked as any node is.
    AsWritten,
    /// Written as an `anyOf` that must stand alone in its node (Gemini):
    /// passed only when nothing stands beside it and no branch is `null`.
    Alone,
}

/// What a client's profile would change, as far as plain schemas go.
#[derive(Clone, Copy)]
struct Rules {
    /// Values are rewritten: `null` in a type list or enum (Cursor drops
    /// it, Gemini writes `nullable`), enum values that are not strings.
    rewrites_values: bool,
    /// `additionalProperties` is removed even when `false` (Gemini).
    no_additional: bool,
    refs: Refs,
    unions: Unions,
    /// Property keys the client refuses.
    key_ok: Option<fn(&str) -> bool>,
    /// Keywords kept as written; any other sends the schema the long way.
    keyword_ok: fn(&str, &Value) -> bool,
    /// What a node must hold besides, as a whole (Claude's strict tool
    /// use: a pattern it compiles or Zod's own beside a kept format, an
    /// enum of one type).
    node_ok: fn(&Shape) -> bool,
    /// The rewrites the writer may make for this client (`oneOf` as
    /// `anyOf`, `const` as a one-value enum, a union joined); its leaves
    /// are named by `leaves`.
    style: Style,
    /// The node is inside a definition.
    in_def: bool,
    /// Scalars and enums the profile rewrites, written by its own rule
    /// ([`Style::leaves`]).
    leaves: Option<Leaves>,
}

/// Which leaves a profile rewrites, and its rule for one node.
#[derive(Clone, Copy)]
struct Leaves {
    rewrites: fn(&Shape) -> bool,
    rule: super::walk::Rule,
}

impl Rules {
    /// `None` for openai-strict, which rewrites every object (see [`closed`]).
    fn of(client: Client) -> Option<Rules> {
        let loose = Rules {
            rewrites_values: false,
            no_additional: false,
            refs: Refs::AsWritten,
            unions: Unions::AsWritten,
            key_ok: None,
            keyword_ok: common_keyword,
            node_ok: |_| true,
            style: Style::PLAIN,
            in_def: false,
            leaves: None,
        };
        // A `const` becomes a one-value enum for these, taken out and put
        // back at the end of its node.
        let const_as_enum = Style {
            const_as_enum: true,
            ..Style::PLAIN
        };
        // Cursor and portable join every union into one schema, and drop
        // `null` from a scalar's type (by their own rule).
        let no_composition = Rules {
            rewrites_values: true,
            unions: Unions::Joined,
            style: Style {
                join: true,
                ..const_as_enum
            },
            leaves: Some(Leaves {
                rewrites: null_or_const_rewritten,
                rule: super::cursor::no_composition,
            }),
            ..loose
        };
        Some(match client {
            Client::OpenaiStrict => return None,
            Client::Mcp | Client::Openai | Client::Vscode => loose,
            Client::Anthropic => Rules {
                key_ok: Some(super::anthropic::key_ok),
                ..loose
            },
            // Every object closed; bounds the grammar refuses are moved
            // into the description (the long way).
            Client::AnthropicStrict => Rules {
                key_ok: Some(super::anthropic::key_ok),
                refs: Refs::Refused,
                // Bounds, formats and patterns it refuses the writer moves.
                keyword_ok: |key, _| super::anthropic_strict::may_move(key),
                node_ok: anthropic_strict_node,
                style: Style {
                    shut: true,
                    any_of: true,
                    formats: Some(super::anthropic_strict::FORMATS),
                    moves: Some(Moves(super::anthropic_strict::moves)),
                    ..Style::PLAIN
                },
                ..loose
            },
            // Claude Code refuses recursion.
            Client::ClaudeCode => Rules {
                key_ok: Some(super::anthropic::key_ok),
                refs: Refs::Refused,
                ..loose
            },
            Client::GeminiJson => Rules {
                refs: Refs::Bare,
                style: const_as_enum,
                ..loose
            },
            Client::Cursor => no_composition,
            Client::Portable => Rules {
                key_ok: Some(super::anthropic::key_ok),
                refs: Refs::Refused,
                leaves: Some(Leaves {
                    rewrites: null_or_const_rewritten,
                    rule: super::portable::rewrite,
                }),
                ..no_composition
            },
            Client::Gemini => Rules {
                no_additional: true,
                refs: Refs::Refused,
                unions: Unions::Alone,
                key_ok: Some(super::gemini::key_ok),
                keyword_ok: gemini_keyword,
                style: Style {
                    any_of: true,
                    join: false,
                    ..no_composition.style
                },
                // Nullable fields, formats, bounds.
                leaves: Some(Leaves {
                    rewrites: gemini_rewrites,
                    rule: super::gemini::rewrite,
                }),
                ..no_composition
            },
        })
    }

    /// Whether the style writes `shape` as the profile would; the rewrites
    /// it makes there are added to `used`.
    fn node(self, shape: &Shape, used: &mut Style) -> bool {
        if self.leaves.is_some_and(|leaves| (leaves.rewrites)(shape)) {
            used.leaves = true;
            return safe_leaf(shape);
        }
        if !shape.applicators.is_empty() || (self.rewrites_values && shape.nullable) {
            return false;
        }
        if !shape.keywords.iter().all(|(key, value)| (self.keyword_ok)(key, value)) || !(self.node_ok)(shape) {
            return false;
        }
        match &shape.kind {
            Kind::Boolean | Kind::Number | Kind::Integer | Kind::String => true,
            Kind::Ref(_) => match self.refs {
                Refs::Refused => false,
                Refs::AsWritten => true,
                // A nullable reference is written inside an `anyOf`, alone.
                Refs::Bare => shape.nullable || bare(shape),
            },
            Kind::Enum(values) => {
                // A profile takes a `const` out, the node's last key moving
                // into its place, and appends the enum: the writer's
                // one-value enum in place is the same text only when the
                // `const` was last.
                if self.style.const_as_enum && constant(shape) {
                    if moved_const(shape) {
                        return false;
                    }
                    used.const_as_enum = true;
                }
                !self.rewrites_values || values.iter().all(Value::is_string)
            }
            // An array without `items` gets one from several profiles; a
            // tuple is loosened.
            Kind::Array(array) => {
                array.prefix.is_empty() && array.items.as_ref().is_some_and(|items| self.node(items, used))
            }
            Kind::Object(object) => self.object(object, used),
            Kind::Union(union) => {
                let alone = match self.unions {
                    // Title and description stay in front of the joined
                    // keys; anything after the union would be moved.
                    Unions::Joined => {
                        let joined = shape.default.is_none() && shape.keywords.is_empty() && self.joins(union, used);
                        used.join |= joined;
                        return joined;
                    }
                    // A `oneOf` written `anyOf` is taken out and put back
                    // at the end of its node: the same text only when
                    // nothing follows it.
                    Unions::AsWritten => {
                        !(self.style.any_of && union.exclusive)
                            || (shape.keywords.is_empty() && shape.default.is_none() && !shape.nullable)
                    }
                    // A union read from a schema keeps two branches at least,
                    // none of them a bare `null` (that is `nullable`, which
                    // Gemini rewrites), so none is merged into the node.
                    Unions::Alone => bare(shape),
                };
                used.any_of |= self.style.any_of && union.exclusive;
                alone && union.branches.iter().all(|branch| self.node(branch, used))
            }
            Kind::Any | Kind::Never | Kind::Null | Kind::AllOf(_) => false,
        }
    }

    /// Whether [`Style::join`] writes `union` as the profile's join does:
    /// bare objects, open or closed alike, each written by these rules,
    /// whose shared properties are equal or all string enums.
    fn joins(self, union: &Union, used: &mut Style) -> bool {
        let mut objects = Vec::with_capacity(union.branches.len());
        for branch in &union.branches {
            match &branch.kind {
                Kind::Object(object) if branch.is_bare() => objects.push(&**object),
                _ => return false,
            }
        }
        let Some(first) = objects.first() else {
            return false;
        };
        // Shared keys are found by scanning: a wide union takes the long way.
        objects.iter().map(|o| o.props.len()).sum::<usize>() <= MAX_JOINED_PROPERTIES
            && objects
                .iter()
                .all(|o| o.additional == first.additional && self.object(o, used))
            && objects.iter().enumerate().all(|(i, o)| {
                o.props.iter().all(|prop| {
                    let mut later = objects.iter().skip(i + 1).filter_map(|l| l.prop(&prop.key));
                    later.clone().all(|p| p.shape == prop.shape)
                        || (string_enum(&prop.shape) && later.all(|p| string_enum(&p.shape)))
                })
            })
    }

    fn object(self, object: &ObjectShape, used: &mut Style) -> bool {
        // `false` is left by Claude Code's and Cursor's open-record rules.
        let additional = object
            .additional
            .as_ref()
            .is_none_or(|closed| !self.no_additional && closed.is_false());
        additional
            && only_properties(object)
            && object.props.iter().all(|prop| {
                self.key_ok.is_none_or(|ok| ok(&prop.key))
                    && !(self.in_def && self.refs == Refs::Bare && prop.must_supply() && refers(&prop.shape))
                    && self.node(&prop.shape, used)
            })
    }
}

/// A scalar or enum Gemini's rule rewrites: `nullable` written for a
/// type list, a keyword changed or removed, or a `const` with
/// keys after it (moved when it becomes an enum).
fn gemini_rewrites(shape: &Shape) -> bool {
    shape.kind.is_leaf()
        && (shape.nullable
            || !shape.keywords.iter().all(|(key, value)| gemini_keyword(key, value))
            || moved_const(shape))
}

/// Whether the rules of Gemini, Cursor and portable for a scalar or enum
/// node refuse nothing and write no `anyOf` there, so that the profile's
/// own rule can write the node alone ([`super::walk::write_leaf`]): one
/// type (a leaf has it, `null` aside), enum values all strings (others are
/// written as strings, and refused where two then look alike), and no
/// subschema (its references are named only in the whole document).
fn safe_leaf(shape: &Shape) -> bool {
    shape.applicators.is_empty()
        && match &shape.kind {
            Kind::Enum(values) => strings(values),
            _ => true,
        }
}

/// The profile's text for `schema`, written in the `style` [`direct`]
/// named: the leaves it rewrites by the profile's own rule.
#[must_use]
pub fn write(schema: &Schema, client: Client, style: Style) -> crate::emit::Written {
    let leaves = Rules::of(client).and_then(|rules| rules.leaves);
    match (leaves, style.leaves) {
        (Some(Leaves { rewrites, rule }), true) => crate::emit::write_taped(schema, style, &|shape, buf| {
            let rewritten = rewrites(shape);
            if rewritten {
                super::walk::write_leaf(shape, buf, rule);
            }
            rewritten
        }),
        _ => crate::emit::write_taped(schema, style, crate::emit::NO_LEAVES),
    }
}

/// A scalar or enum Cursor's and portable's rules rewrite: a type list or
/// enum with `null` (dropped), or a `const` with keys after it (moved when
/// it becomes an enum).
fn null_or_const_rewritten(shape: &Shape) -> bool {
    shape.kind.is_leaf() && (shape.nullable || moved_const(shape))
}

/// A single accepted value, which the writer writes as `const`.
fn constant(shape: &Shape) -> bool {
    matches!(&shape.kind, Kind::Enum(values) if values.len() + usize::from(shape.nullable) == 1)
}

/// A `const` with keys after it, which becomes an enum at the end of its node.
fn moved_const(shape: &Shape) -> bool {
    constant(shape) && (!shape.keywords.is_empty() || shape.default.is_some())
}

/// Enum values that are strings, at least one.
fn strings(values: &[Value]) -> bool {
    !values.is_empty() && values.iter().all(Value::is_string)
}

/// The properties of all a union's branches together, past which its join
/// is left to the tree.
const MAX_JOINED_PROPERTIES: usize = 64;

/// A bare enum of strings (a tag), which a join unites with its kin.
fn string_enum(shape: &Shape) -> bool {
    shape.is_bare() && matches!(&shape.kind, Kind::Enum(values) if strings(values))
}

/// A node with nothing but its kind: no title, description, default or
/// keyword beside it.
fn bare(shape: &Shape) -> bool {
    shape.title.is_none() && shape.description.is_none() && shape.default.is_none() && shape.keywords.is_empty()
}

/// A node written as a `$ref` (a nullable one is wrapped in an `anyOf`).
fn refers(shape: &Shape) -> bool {
    matches!(shape.kind, Kind::Ref(_)) && !shape.nullable
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
        "format" => value.as_str().is_some_and(|format| Client::Gemini.keeps_format(format)),
        "minLength" | "maxLength" | "pattern" | "minimum" | "maximum" | "minItems" | "maxItems" | "minProperties"
        | "maxProperties" => true,
        _ => false,
    }
}

/// An enum whose values share a type, which the writer writes (the
/// tree's rule gives others one). Bounds, formats and patterns the grammar
/// refuses are the leaf rule's.
fn anthropic_strict_node(shape: &Shape) -> bool {
    match &shape.kind {
        Kind::Enum(values) => crate::emit::common_type(values).is_some(),
        _ => true,
    }
}

/// Whether `schema` stays within strict tool use's limits as the tree
/// counts them (optional properties; nodes with a union or a type list),
/// counted here as many times or more.
fn anthropic_strict_limits(schema: &Schema) -> bool {
    fn count(shape: &Shape, optional: &mut usize, unions: &mut usize) {
        if shape.nullable || matches!(shape.kind, Kind::Union(_)) {
            *unions += 1;
        }
        match &shape.kind {
            Kind::Object(object) => {
                for prop in &object.props {
                    *optional += usize::from(!prop.must_supply());
                    count(&prop.shape, optional, unions);
                }
            }
            Kind::Array(array) => {
                if let Some(items) = &array.items {
                    count(items, optional, unions);
                }
            }
            Kind::Union(union) => union.branches.iter().for_each(|b| count(b, optional, unions)),
            _ => {}
        }
    }
    let (mut optional, mut unions) = (0, 0);
    count(&schema.root, &mut optional, &mut unions);
    optional <= super::anthropic_strict::MAX_OPTIONAL && unions <= super::anthropic_strict::MAX_UNIONS
}

/// Whether `openai-strict` writes `schema` as the mcp document with every
/// object closed and every key required, optional keys nullable, `oneOf`
/// written `anyOf` ([`Style::CLOSED`]), and refuses
/// nothing in it: no keyword it removes, no record, no type-less node,
/// nothing over its limits, no optional one-value enum (made nullable, a
/// `const` moves), no optional or nullable union (made nullable, it is
/// wrapped), no union with keywords after it (its `oneOf` is taken out and
/// `anyOf` appended, which moves them), and no optional `$ref` with a
/// title, default or keyword (made nullable, it is wrapped, and those stay
/// inside).
fn closed(schema: &Schema) -> bool {
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
    // A format strict mode refuses is left out by the writer, as by the tree.
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
