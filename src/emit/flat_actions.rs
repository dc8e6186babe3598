//! An action union as one object, for clients that refuse `oneOf` at the
//! root (Anthropic's API, Cursor): the discriminator becomes an enum and
//! every action's fields sit beside it. A field two actions define
//! differently keeps both definitions (`anyOf`) rather than the first one
//! silently; a field not every action uses says which do.

use serde_json::{json, Map, Value};

use super::json_schema::emit;
use super::Client;
use crate::schema::actions::actions;
use crate::schema::Schema;

#[must_use]
pub fn flatten_actions(schema: &Schema, client: Client) -> Value {
    let Client::Mcp = client;
    let Ok((discriminator, list)) = actions(schema, None, false) else {
        return json!({ "type": "object", "properties": {} });
    };
    let mut firsts: Vec<Value> = Vec::new();
    let mut seconds: Vec<Value> = Vec::new();
    // key -> (distinct emitted schemas, actions using it)
    let mut fields: Vec<(String, Vec<Value>, Vec<String>)> = Vec::new();
    for action in &list {
        let mut words = action.name.splitn(2, ':');
        if let Some(first) = words.next().map(|w| Value::String(w.to_owned())) {
            if !firsts.contains(&first) {
                firsts.push(first);
            }
        }
        if let Some(second) = words.next().map(|w| Value::String(w.to_owned())) {
            if !seconds.contains(&second) {
                seconds.push(second);
            }
        }
        for prop in action.branch.props().filter(|p| !action.literal_keys.contains(&p.key)) {
            let emitted = emit(&prop.shape);
            match fields.iter_mut().find(|(k, _, _)| *k == prop.key) {
                Some((_, schemas, users)) => {
                    // One definition, described in one action and not another, is one field.
                    match schemas.iter_mut().find(|s| undescribed(s) == undescribed(&emitted)) {
                        Some(known) => {
                            if known.get("description").is_none() {
                                *known = emitted;
                            }
                        }
                        None => schemas.push(emitted),
                    }
                    users.push(action.name.clone());
                }
                None => fields.push((prop.key.clone(), vec![emitted], vec![action.name.clone()])),
            }
        }
    }
    let mut properties = Map::new();
    properties.insert(discriminator.key.clone(), json!({ "type": "string", "enum": firsts }));
    if let Some(second) = &discriminator.second {
        properties.insert(second.clone(), json!({ "type": "string", "enum": seconds, "description": format!("With {}: the second word of the action", discriminator.key) }));
    }
    for (key, mut schemas, users) in fields {
        let mut field = if schemas.len() == 1 {
            schemas.pop().unwrap_or(Value::Null)
        } else {
            json!({ "anyOf": schemas })
        };
        if users.len() < list.len() {
            if let Value::Object(map) = &mut field {
                let note = format!("Used by: {}.", users.join(", "));
                let text = match map.get("description").and_then(Value::as_str) {
                    Some(existing) => format!("{existing} ({note})"),
                    None => note,
                };
                map.insert("description".to_owned(), Value::String(text));
            }
        }
        properties.insert(key, field);
    }
    let mut out = json!({ "type": "object", "properties": properties, "required": [discriminator.key] });
    if let (Some(description), Value::Object(map)) = (&schema.root.description, &mut out) {
        map.insert("description".to_owned(), Value::String(description.clone()));
    }
    out
}

fn undescribed(schema: &Value) -> Value {
    let mut copy = schema.clone();
    if let Value::Object(map) = &mut copy {
        map.remove("description");
    }
    copy
}
