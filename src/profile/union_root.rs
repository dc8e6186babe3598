//! The two root forms of an action union. Most clients refuse or strip a
//! root `oneOf` (Anthropic's API, Claude Code, Kiro, Copilot, Cursor), so
//! the flat form is one object: the discriminator an enum and every
//! action's fields beside it. A field two actions define differently keeps
//! both definitions (`anyOf`) rather than the first one silently; a field
//! not every action uses says which do. The `oneOf` form is what the MCP
//! spec and SDK v2 write for a discriminated union.

use serde_json::{Map, Value};

use super::rules::{object_of, text};

use crate::emit::{document, emit, emit_root};
use crate::schema::actions::ActionUnion;
use crate::schema::Schema;

/// How a profile writes an action union at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
pub enum ActionsAs {
    /// One object, the discriminator an enum.
    #[serde(rename = "flat")]
    Flat,
    /// `{ type: "object", oneOf: [...] }`.
    #[serde(rename = "oneOf")]
    OneOf,
}

/// `{ type: "object", oneOf: [...] }`. Branches named by distinct literals
/// exclude each other, so a root `anyOf` (Zod's `z.union`) says the same as
/// `oneOf`, the form MCP 2025-11-25 and SDK v2 expect at the root.
#[must_use]
pub fn one_of(schema: &Schema) -> Value {
    typed_root(schema, true)
}

/// A union of objects no literal tells apart: `{ type: "object", anyOf }`,
/// kept `anyOf` since more than one branch may fit.
#[must_use]
pub fn any_of(schema: &Schema) -> Value {
    typed_root(schema, false)
}

fn typed_root(schema: &Schema, exclusive: bool) -> Value {
    let mut emitted = emit_root(schema);
    if let Value::Object(map) = &mut emitted {
        let mut typed = Map::new();
        typed.insert("type".to_owned(), Value::String("object".to_owned()));
        for (key, value) in std::mem::take(map) {
            let key = if key == "anyOf" && exclusive {
                "oneOf".to_owned()
            } else {
                key
            };
            typed.entry(key).or_insert(value);
        }
        *map = typed;
    }
    emitted
}

/// The union as one object, with the `$defs` its fields refer to.
#[must_use]
pub fn flat(schema: &Schema, union: &ActionUnion) -> Value {
    let discriminator = &union.discriminator;
    let mut firsts: Vec<Value> = Vec::new();
    let mut seconds: Vec<Value> = Vec::new();
    let mut fields: Vec<Field> = Vec::new();
    for action in &union.actions {
        let mut words = action.name.splitn(2, ':');
        push_new(&mut firsts, words.next());
        push_new(&mut seconds, words.next());
        for prop in &action.params {
            let emitted = emit(&prop.shape);
            match fields.iter_mut().find(|f| f.key == prop.key) {
                Some(field) => field.add(emitted, &action.name),
                None => fields.push(Field {
                    key: prop.key.clone(),
                    schemas: vec![emitted],
                    users: vec![action.name.clone()],
                }),
            }
        }
    }
    let mut properties = Map::new();
    properties.insert(discriminator.key.clone(), string_enum(firsts, None));
    if let Some(second) = &discriminator.second {
        properties.insert(
            second.clone(),
            string_enum(
                seconds,
                Some(format!("With {}: the second word of the action", discriminator.key)),
            ),
        );
    }
    let count = union.actions.len();
    for field in fields {
        let key = field.key.clone();
        properties.insert(key, field.into_schema(count));
    }
    let mut out = Map::new();
    out.insert("type".to_owned(), text("object"));
    if let Some(description) = &schema.root.description {
        out.insert("description".to_owned(), Value::String(description.clone()));
    }
    out.insert("properties".to_owned(), Value::Object(properties));
    out.insert("required".to_owned(), Value::Array(vec![text(&discriminator.key)]));
    document(Value::Object(out), schema)
}

/// `{ type: "string", enum, description? }` for the action words.
fn string_enum(values: Vec<Value>, description: Option<String>) -> Value {
    let mut map = Map::with_capacity(3);
    map.insert("type".to_owned(), text("string"));
    map.insert("enum".to_owned(), Value::Array(values));
    if let Some(description) = description {
        map.insert("description".to_owned(), Value::String(description));
    }
    Value::Object(map)
}

/// What flattening an action union loosened: the keys each action
/// requires, which the one object can only require for all of them.
#[must_use]
pub fn flattened_note(union: &ActionUnion) -> String {
    let per_action: Vec<String> = union
        .actions
        .iter()
        .filter_map(|action| {
            let keys: Vec<&str> = action
                .params
                .iter()
                .filter(|p| p.must_supply())
                .map(|p| p.key.as_str())
                .collect();
            (!keys.is_empty()).then(|| format!("{}: {}", action.name, keys.join(", ")))
        })
        .collect();
    let loosened = if per_action.is_empty() {
        String::new()
    } else {
        format!(
            "; keys an action requires are optional here ({})",
            per_action.join("; ")
        )
    };
    format!(
        "the action union is one object whose \"{}\" picks the action{loosened}",
        union.discriminator.key
    )
}

fn push_new(list: &mut Vec<Value>, word: Option<&str>) {
    if let Some(word) = word.map(|w| Value::String(w.to_owned())) {
        if !list.contains(&word) {
            list.push(word);
        }
    }
}

/// One field across the actions that define it.
struct Field {
    key: String,
    /// Distinct emitted definitions.
    schemas: Vec<Value>,
    /// The actions that use it.
    users: Vec<String>,
}

impl Field {
    fn add(&mut self, emitted: Value, action: &str) {
        // One definition, described in one action and not another, is one field.
        match self
            .schemas
            .iter_mut()
            .find(|s| undescribed(s) == undescribed(&emitted))
        {
            Some(known) => {
                if known.get("description").is_none() {
                    *known = emitted;
                }
            }
            None => self.schemas.push(emitted),
        }
        self.users.push(action.to_owned());
    }

    fn into_schema(mut self, actions: usize) -> Value {
        let mut field = match self.schemas.len() {
            1 => self.schemas.pop().unwrap_or(Value::Null),
            _ => object_of("anyOf", Value::Array(self.schemas)),
        };
        if self.users.len() < actions {
            if let Value::Object(map) = &mut field {
                let note = format!("Used by: {}.", self.users.join(", "));
                let text = match map.get("description").and_then(Value::as_str) {
                    Some(existing) => format!("{existing} ({note})"),
                    None => note,
                };
                map.insert("description".to_owned(), Value::String(text));
            }
        }
        field
    }
}

fn undescribed(schema: &Value) -> Value {
    let mut copy = schema.clone();
    if let Value::Object(map) = &mut copy {
        map.remove("description");
    }
    copy
}
