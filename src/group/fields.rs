//! The fields of a group's inputs: each input read as an object schema,
//! then every field merged by name across the common input and the
//! actions, with who uses it, and the fields two actions define differently.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::merge;
use crate::error::{Conflict, Error, Result};
use crate::schema;
use crate::schema::action_notes as notes;

/// An object schema's parts: properties in order, required names, `$defs`.
#[derive(Debug, Clone, Default)]
pub(super) struct Fields {
    pub(super) props: Map<String, Value>,
    pub(super) required: Vec<String>,
    pub(super) defs: Map<String, Value>,
    /// `additionalProperties` is there and is not `false`.
    pub(super) open: bool,
}

/// An action's (or the common) input read as an object schema; `owner`
/// says whose in messages (`action "users.create"`, `common`).
pub(super) fn fields_of(schema: &Value, tool: &str, owner: &str) -> Result<Fields> {
    let located = |err: Error| Error::new(err.code, format!("tool \"{tool}\", {owner}: {}", err.message));
    let read = schema::read_schema(schema).map_err(located)?;
    schema::check_object_root(&read).map_err(located)?;
    let Value::Object(mut root) = crate::emit::emit_root(&read).to_value() else {
        return Ok(Fields::default());
    };
    let take_map = |root: &mut Map<String, Value>, key: &str| match root.remove(key) {
        Some(Value::Object(map)) => map,
        _ => Map::new(),
    };
    let props = take_map(&mut root, "properties");
    let defs = take_map(&mut root, "$defs");
    let open = root
        .get("additionalProperties")
        .is_some_and(|extra| extra != &Value::Bool(false));
    let required = match root.remove("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
        _ => Vec::new(),
    };
    Ok(Fields {
        props,
        required,
        defs,
        open,
    })
}

/// Every field of the common input and the actions, merged by name in the
/// order first met, with who uses it; and the fields two actions define
/// differently.
pub(super) fn merge_fields(
    common: &Fields,
    own: &[Fields],
    keys: &[String],
    user: &[usize],
) -> (Vec<Merged>, Vec<Conflict>) {
    let mut merged: Vec<Merged> = Vec::new();
    // Each field's place in `merged`: looked up, not searched, or thousands
    // of actions with fields of their own took a time that grew with the square.
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut conflicts: Vec<Conflict> = Vec::new();
    for (key, schema) in &common.props {
        at.insert(key.clone(), merged.len());
        let mut usage = notes::Use::default();
        for &i in user {
            usage.add(i, common.required.contains(key));
        }
        merged.push(Merged {
            key: key.clone(),
            schema: schema.clone(),
            usage,
            first: "common".to_owned(),
        });
    }
    for (i, fields) in own.iter().enumerate() {
        let action_key = keys.get(i).cloned().unwrap_or_default();
        for (key, schema) in &fields.props {
            let required = fields.required.contains(key);
            if let Some(field) = at.get(key).and_then(|&place| merged.get_mut(place)) {
                match merge::merge(&field.schema, schema) {
                    Some(schema) => field.schema = schema,
                    None => conflicts.push(conflict(key, &field.first, &action_key, &field.schema, schema)),
                }
                field.usage.add(i, required);
            } else {
                let mut usage = notes::Use::default();
                usage.add(i, required);
                at.insert(key.clone(), merged.len());
                merged.push(Merged {
                    key: key.clone(),
                    schema: schema.clone(),
                    usage,
                    first: action_key.clone(),
                });
            }
        }
    }
    (merged, conflicts)
}

/// One merged field of the grouped schema.
pub(super) struct Merged {
    pub(super) key: String,
    pub(super) schema: Value,
    pub(super) usage: notes::Use,
    /// Who defined it first: an action key, or `common`.
    pub(super) first: String,
}

fn conflict(field: &str, first: &str, second: &str, a: &Value, b: &Value) -> Conflict {
    let shown = |v: &Value| crate::text::clip(&crate::json_out::value_text(&merge::plain(v)));
    Conflict {
        field: field.to_owned(),
        actions: [first.to_owned(), second.to_owned()],
        message: format!("\"{field}\": {first} has {}, {second} has {}", shown(a), shown(b)),
    }
}
