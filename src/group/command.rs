//! A group's command line as one action union: a branch per action, its
//! key as words (`users create`), the action's own description and
//! deprecation, the group's `$defs` beside.

use serde_json::{json, Map, Value};

use super::{ActionOut, Group};
use crate::schema::Deprecation;

/// The literal that names an action on the command line: `create`, or
/// `users:create` in a grouped tool (the command words split it at `:`).
#[must_use]
pub fn command_literal(action: &ActionOut) -> String {
    match &action.group {
        Some(group) => format!("{group}:{}", action.name),
        None => action.name.clone(),
    }
}

/// The group as one JSON Schema union of its actions, compiled for its
/// command line.
#[must_use]
#[inline(never)] // two callers (the group's own command line, and one under a registry's options): one copy
pub fn command_union(group: &Group) -> Value {
    let branches: Vec<Value> = group.actions.iter().map(|action| branch(group, action)).collect();
    let mut union = Map::new();
    union.insert("oneOf".to_owned(), Value::Array(branches));
    if let Some(defs) = group.input_schema.get("$defs") {
        union.insert("$defs".to_owned(), defs.clone());
    }
    if let Some(description) = &group.given_description {
        union.insert("description".to_owned(), Value::String(description.clone()));
    }
    Value::Object(union)
}

fn branch(group: &Group, action: &ActionOut) -> Value {
    let mut properties = Map::new();
    properties.insert(group.discriminator.clone(), json!({ "const": command_literal(action) }));
    let schema = &action.input_schema;
    if let Some(Value::Object(own)) = schema.get("properties") {
        properties.extend(own.iter().map(|(key, sub)| (key.clone(), sub.clone())));
    }
    let mut required = vec![Value::String(group.discriminator.clone())];
    if let Some(Value::Array(own)) = schema.get("required") {
        required.extend(own.iter().cloned());
    }
    let mut branch = Map::new();
    branch.insert("type".to_owned(), Value::String("object".to_owned()));
    branch.insert("properties".to_owned(), Value::Object(properties));
    branch.insert("required".to_owned(), Value::Array(required));
    if let Some(description) = action.given_description.as_ref().filter(|d| !d.is_empty()) {
        branch.insert("description".to_owned(), Value::String(description.clone()));
    }
    if action.deprecated.is_marked() {
        branch.insert("deprecated".to_owned(), Value::Bool(true));
    }
    // JSON Schema's keyword is a boolean: a message reaches the command line by the cli meta.
    if let Deprecation::Because(message) = &action.deprecated {
        branch.insert("cli".to_owned(), json!({ "deprecated": message }));
    }
    Value::Object(branch)
}
