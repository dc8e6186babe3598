//! The two root forms of an action union. Most clients refuse or strip a
//! root `oneOf` (Anthropic's API, Claude Code, Kiro, Copilot, Cursor), so
//! the flat form is one object: the discriminator an enum and every
//! action's fields beside it. A field two actions define differently keeps
//! both definitions (`anyOf`) rather than the first one silently; a field
//! not every action uses says which do. The `oneOf` form is what the MCP
//! spec and SDK v2 write for a discriminated union.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::json::{Distinct, Json, Map};
use crate::sets::NameSet;

use super::rules::{loosened_keys, object_of, text};

use crate::emit::{document, emit, emit_root};
use crate::schema::action_notes::{action_line, join_sentence, note, Use};
use crate::schema::actions::ActionUnion;
use crate::schema::Schema;

/// How a profile writes an action union at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionsAs {
    /// One object, the discriminator an enum.
    Flat,
    /// `{ type: "object", oneOf: [...] }`.
    OneOf,
}

impl ActionsAs {
    /// Each form as options spell it.
    pub const WORDS: &'static [(&'static str, ActionsAs)] = &[("flat", ActionsAs::Flat), ("oneOf", ActionsAs::OneOf)];
}

/// `{ type: "object", oneOf: [...] }`. Branches named by distinct literals
/// exclude each other, so a root `anyOf` (Zod's `z.union`) says the same as
/// `oneOf`, the form MCP 2025-11-25 and SDK v2 expect at the root.
#[must_use]
pub fn one_of(schema: &Schema) -> Json<'_> {
    typed_root(schema, true)
}

/// A union of objects no literal tells apart: `{ type: "object", anyOf }`,
/// kept `anyOf` since more than one branch may fit.
#[must_use]
pub fn any_of(schema: &Schema) -> Json<'_> {
    typed_root(schema, false)
}

fn typed_root(schema: &Schema, exclusive: bool) -> Json<'_> {
    let mut emitted = emit_root(schema);
    if let Json::Object(map) = &mut emitted {
        let mut typed = Map::new();
        typed.insert("type", Json::text("object"));
        for (key, value) in std::mem::take(map) {
            let key = if key == "anyOf" && exclusive {
                Cow::Borrowed("oneOf")
            } else {
                key
            };
            typed.insert_absent(key, value);
        }
        *map = typed;
    }
    emitted
}

/// The union as one object, with the `$defs` its fields refer to. Linear
/// in the actions and their fields: a union of 16,000 actions took 0.6 s
/// while each word and field was looked for in the lists so far.
#[must_use]
pub fn flat<'a>(schema: &'a Schema, union: &'a ActionUnion) -> Json<'a> {
    let discriminator = &union.discriminator;
    let (mut firsts, mut seconds) = (Words::default(), Words::default());
    let mut fields: Vec<Field> = Vec::new();
    let mut field_at: HashMap<&str, usize> = HashMap::new();
    for (at, action) in union.actions.iter().enumerate() {
        let mut words = action.name.splitn(2, ':');
        firsts.push_new(words.next());
        seconds.push_new(words.next());
        for prop in &action.params {
            let emitted = emit(&prop.shape);
            let required = prop.must_supply();
            if let Some(field) = field_at.get(prop.key.as_str()).and_then(|&i| fields.get_mut(i)) {
                field.add(emitted, at, required);
            } else {
                field_at.insert(&prop.key, fields.len());
                fields.push(Field::new(prop.key.clone(), emitted, at, required));
            }
        }
    }
    let (firsts, seconds) = (firsts.list, seconds.list);
    let names: Vec<String> = union.actions.iter().map(|a| a.name.clone()).collect();
    let all: Vec<usize> = (0..union.actions.len()).collect();
    let mut properties = Map::new();
    properties.insert(discriminator.key.clone(), string_enum(firsts, Some(workflow(union))));
    if let Some(second) = &discriminator.second {
        properties.insert(
            second.clone(),
            string_enum(
                seconds,
                Some(format!("With {}: the second word of the action", discriminator.key)),
            ),
        );
    }
    let mut required = vec![text(&discriminator.key)];
    for field in fields {
        if field.usage.always_required(&all) {
            required.push(Json::String(field.key.clone().into()));
        }
        let key = field.key.clone();
        properties.insert(key, field.into_schema(&all, &names));
    }
    let mut out = Map::new();
    out.insert("type", text("object"));
    if let Some(description) = &schema.root.description {
        out.insert("description", text(description));
    }
    out.insert("properties", Json::Object(properties));
    out.insert("required", Json::Array(required));
    document(Json::Object(out), schema)
}

/// The discriminator's description, in a group's words: what picks the
/// action, then each action's own description and the keys it requires.
fn workflow(union: &ActionUnion) -> String {
    let lines: Vec<String> = union
        .actions
        .iter()
        .filter_map(|action| {
            let requires: Vec<String> = action
                .params
                .iter()
                .filter(|p| p.must_supply())
                .map(|p| p.key.clone())
                .collect();
            action_line(&action.name, action.description.as_deref(), &requires, false)
        })
        .collect();
    if lines.is_empty() {
        return "Which operation to perform".to_owned();
    }
    format!("Which operation to perform:\n{}", lines.join("\n"))
}

/// `{ type: "string", enum, description? }` for the action words.
fn string_enum(values: Vec<Json<'_>>, description: Option<String>) -> Json<'_> {
    let mut map = Map::with_capacity(3);
    map.insert("type", text("string"));
    map.insert("enum", Json::Array(values));
    if let Some(description) = description {
        map.insert("description", Json::String(description.into()));
    }
    Json::Object(map)
}

/// What flattening an action union loosened: the keys each action
/// requires, which the one object can only require for all of them.
#[must_use]
pub fn flattened_note(union: &ActionUnion) -> String {
    let loosened = loosened_keys(
        "keys an action requires are optional here, their descriptions saying which",
        union.actions.iter().map(|action| {
            let keys = action.params.iter().filter(|p| p.must_supply()).map(|p| p.key.as_str());
            (action.name.clone(), keys.collect())
        }),
    );
    format!(
        "the action union is one object whose \"{}\" picks the action{loosened}",
        union.discriminator.key
    )
}

/// The distinct words of one place in the action names, in order.
#[derive(Default)]
struct Words<'a> {
    list: Vec<Json<'a>>,
    seen: NameSet<&'a str>,
}

impl<'a> Words<'a> {
    fn push_new(&mut self, word: Option<&'a str>) {
        if let Some(word) = word {
            if self.seen.insert(word) {
                self.list.push(text(word));
            }
        }
    }
}

/// One field across the actions that define it.
struct Field<'a> {
    key: String,
    /// Distinct emitted definitions (descriptions aside).
    schemas: Distinct<'a>,
    /// The actions that use it, and those that require it.
    usage: Use,
}

impl<'a> Field<'a> {
    fn new(key: String, emitted: Json<'a>, action: usize, required: bool) -> Field<'a> {
        let mut field = Field {
            key,
            schemas: Distinct::default(),
            usage: Use::default(),
        };
        field.add(emitted, action, required);
        field
    }

    fn add(&mut self, emitted: Json<'a>, action: usize, required: bool) {
        // One definition, described in one action and not another, is one field.
        self.schemas.insert_but(emitted, &["description"]);
        self.usage.add(action, required);
    }

    /// The field's schema with a group's note: `Required for: a. For: b`.
    fn into_schema(self, all: &[usize], names: &[String]) -> Json<'a> {
        let mut schemas = self.schemas.into_values();
        let mut field = match schemas.len() {
            1 => schemas.pop().unwrap_or(Json::Null),
            _ => object_of("anyOf", Json::Array(schemas)),
        };
        if let (Some(note), Json::Object(map)) = (note(&self.usage, all, names), &mut field) {
            let text = match map.get("description").and_then(Json::as_str) {
                Some(existing) => join_sentence(existing, &note),
                None => note,
            };
            map.insert("description", Json::String(text.into()));
        }
        field
    }
}
