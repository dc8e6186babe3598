//! Where JSON given for a flag stops fitting its schema, and why: the first
//! place `fits` would say no, as a path and a reason, so that a message can
//! say `at [0]: the required key "newText" is missing` instead of only
//! repeating what the whole flag expects. The same walk as `fits`, taking
//! the first failing branch instead of answering yes or no.

use serde_json::Value;

use super::describe::describe;
use crate::limits::MAX_FIT_DEPTH;
use crate::schema::{fits, name_fits, value_kind, ArrayShape, Kind, ObjectShape, Schema, Shape};

/// The first place `value` does not fit `shape`: `(path, reason)`, the path
/// written as in JavaScript (`[0].newText`, empty at the top). `None` when
/// it fits, or when the value itself is of the wrong kind: what the whole
/// flag expects already says that.
#[must_use]
pub fn misfit(schema: &Schema, shape: &Shape, value: &Value) -> Option<(String, String)> {
    let mut path = String::new();
    match walk(schema, shape, value, &mut path, 0)? {
        Reason::Kind(_) if path.is_empty() => None,
        Reason::Kind(text) | Reason::Other(text) => Some((tail(path), text)),
    }
}

/// Why a value does not fit where it is.
enum Reason {
    /// Not of the kind the schema wants there: `expected a string, got a number`.
    Kind(String),
    /// A key missing or not allowed, or nesting past the limit.
    Other(String),
}

/// A path deeper than a message should hold keeps its end, where the mistake is.
fn tail(path: String) -> String {
    let keep = 2 * crate::limits::CLIP_CHARS;
    match path.char_indices().rev().nth(keep) {
        Some((at, _)) => format!("…{}", path.get(at..).unwrap_or_default()),
        None => path,
    }
}

fn walk(schema: &Schema, shape: &Shape, value: &Value, path: &mut String, depth: usize) -> Option<Reason> {
    if depth > MAX_FIT_DEPTH {
        return Some(Reason::Other(format!("nested deeper than {MAX_FIT_DEPTH} levels")));
    }
    if value.is_null() && shape.nullable {
        return None;
    }
    match &shape.kind {
        Kind::Array(array) if value.is_array() => walk_array(schema, array, value, path, depth),
        Kind::Object(object) if value.is_object() => walk_object(schema, object, value, path, depth),
        Kind::Union(union) if !fits(schema, shape, value) => {
            // Only one branch of the value's own kind: say what is wrong inside it.
            let mut alike = union.branches.iter().filter(|b| same_kind(schema, b, value));
            match (alike.next(), alike.next()) {
                (Some(only), None) => walk(schema, only, value, path, depth + 1),
                _ => Some(wanted(schema, shape, value)),
            }
        }
        Kind::AllOf(members) => members
            .iter()
            .find_map(|member| walk(schema, member, value, path, depth + 1)),
        Kind::Ref(index) => match schema.defs.get(*index) {
            Some(def) => walk(schema, &def.shape, value, path, depth + 1),
            None => Some(wanted(schema, shape, value)),
        },
        _ if fits(schema, shape, value) => None,
        _ => Some(wanted(schema, shape, value)),
    }
}

fn walk_array(schema: &Schema, array: &ArrayShape, value: &Value, path: &mut String, depth: usize) -> Option<Reason> {
    let items = value.as_array()?;
    items.iter().enumerate().find_map(|(i, item)| {
        let shape = array.prefix.get(i).or(array.items.as_ref())?;
        let at = path.len();
        path.push('[');
        path.push_str(&i.to_string());
        path.push(']');
        let found = walk(schema, shape, item, path, depth + 1);
        if found.is_none() {
            path.truncate(at);
        }
        found
    })
}

fn walk_object(
    schema: &Schema,
    object: &ObjectShape,
    value: &Value,
    path: &mut String,
    depth: usize,
) -> Option<Reason> {
    let map = value.as_object()?;
    if let Some(missing) = object
        .props
        .iter()
        .find(|p| p.must_supply() && !map.contains_key(&p.key))
    {
        return Some(Reason::Other(format!(
            "the required key {} is missing",
            quoted(&missing.key)
        )));
    }
    if let Some(missing) = object.required_extra.iter().find(|key| !map.contains_key(*key)) {
        return Some(Reason::Other(format!(
            "the required key {} is missing",
            quoted(missing)
        )));
    }
    if let Some(names) = &object.property_names {
        let refused = map.keys().find(|key| !name_fits(schema, names, key));
        if let Some(key) = refused {
            return Some(Reason::Other(format!("the key {} is not one it takes", quoted(key))));
        }
    }
    map.iter().find_map(|(key, item)| {
        let shape = match object.prop(key) {
            Some(prop) => &prop.shape,
            None => match object.additional.as_ref()? {
                closed if matches!(closed.kind, Kind::Never) => {
                    return Some(Reason::Other(format!("the key {} is not allowed", quoted(key))));
                }
                additional => additional,
            },
        };
        let at = path.len();
        push_key(path, key);
        let found = walk(schema, shape, item, path, depth + 1);
        if found.is_none() {
            path.truncate(at);
        }
        found
    })
}

/// Whether a branch takes values of this JSON kind at all (object for an
/// object, array for an array): the branch a mistake inside it belongs to.
fn same_kind(schema: &Schema, shape: &Shape, value: &Value) -> bool {
    matches!(
        (&schema.resolve(shape).kind, value),
        (Kind::Object(_), Value::Object(_)) | (Kind::Array(_), Value::Array(_))
    )
}

fn wanted(schema: &Schema, shape: &Shape, value: &Value) -> Reason {
    Reason::Kind(format!(
        "expected {}, got {}",
        describe(schema, shape),
        got(schema, shape, value)
    ))
}

/// The value itself where its kind is right and the value is not (`got
/// "zz"` for one of `"eq"`, `"lt"`; `got 1.5` for an integer), where "got
/// a string" would not say what is wrong; else its kind.
fn got(schema: &Schema, shape: &Shape, value: &Value) -> String {
    let names_values = match &schema.resolve(shape).kind {
        Kind::Enum(_) => true,
        Kind::Integer => value.is_number(),
        Kind::Union(union) => union
            .branches
            .iter()
            .all(|b| matches!(schema.resolve(b).kind, Kind::Enum(_))),
        _ => false,
    };
    match value {
        Value::String(text) if names_values => quoted(text),
        Value::Number(_) | Value::Bool(_) if names_values => crate::json_out::value_text(value),
        _ => a_kind(value).to_owned(),
    }
}

fn a_kind(value: &Value) -> &'static str {
    match value_kind(value) {
        "null" => "null",
        "array" => "an array",
        "object" => "an object",
        "boolean" => "a boolean",
        "number" => "a number",
        _ => "a string",
    }
}

/// `.name` for a key that reads as an identifier, `["a b"]` for any other.
fn push_key(path: &mut String, key: &str) {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push('[');
        path.push_str(&quoted(key));
        path.push(']');
    }
}

fn quoted(key: &str) -> String {
    crate::json_out::value_text(&Value::String(crate::text::clip(key)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failed test

    use serde_json::{json, Map};

    use super::*;
    use crate::schema::read_schema;

    fn object_of(pairs: &[(&str, Value)]) -> Value {
        Value::Object(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect::<Map<String, Value>>(),
        )
    }

    fn misfit_of(schema: &Value, value: &Value) -> Option<(String, String)> {
        let schema = read_schema(schema).unwrap();
        misfit(&schema, &schema.root, value)
    }

    fn edits() -> Value {
        json!({
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"oldText": {"type": "string"}, "newText": {"type": "string"}},
                "required": ["oldText", "newText"]
            }
        })
    }

    #[test]
    fn names_the_item_and_the_missing_key() {
        let found = misfit_of(&edits(), &json!([{"oldText": "a", "newText": "b"}, {"oldText": "a"}]));
        assert_eq!(
            found,
            Some(("[1]".to_owned(), "the required key \"newText\" is missing".to_owned()))
        );
    }

    #[test]
    fn names_the_key_whose_value_is_of_the_wrong_kind() {
        let found = misfit_of(&edits(), &json!([{"oldText": 5, "newText": "b"}]));
        assert_eq!(
            found,
            Some(("[0].oldText".to_owned(), "expected a string, got a number".to_owned()))
        );
    }

    #[test]
    fn what_fits_has_no_misfit() {
        assert_eq!(misfit_of(&edits(), &json!([{"oldText": "a", "newText": "b"}])), None);
    }

    #[test]
    fn a_closed_object_names_the_key_it_does_not_allow() {
        let closed = json!({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false});
        let value = object_of(&[("a", json!("x")), ("b c", json!(1))]);
        assert_eq!(
            misfit_of(&closed, &value),
            Some((String::new(), "the key \"b c\" is not allowed".to_owned()))
        );
    }

    #[test]
    fn a_union_with_one_object_branch_is_looked_into() {
        let union = json!({"anyOf": [{"type": "string"}, {"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]}]});
        let wrapped = json!({"type": "object", "properties": {"u": union}});
        assert_eq!(
            misfit_of(&wrapped, &json!({"u": {"n": "1"}})),
            Some(("u.n".to_owned(), "expected a number, got a string".to_owned()))
        );
        assert_eq!(
            misfit_of(&wrapped, &json!({"u": true})),
            Some((
                "u".to_owned(),
                "expected a string or an object, got a boolean".to_owned()
            ))
        );
    }

    #[test]
    fn a_deep_path_keeps_its_end() {
        let mut schema = json!({"type": "integer"});
        let mut value = json!(1.5);
        for _ in 0..40 {
            schema = json!({"type": "object", "properties": {"levelOfNesting": schema}});
            value = json!({"levelOfNesting": value});
        }
        let (path, reason) = misfit_of(&schema, &value).unwrap();
        assert!(
            path.starts_with('…') && path.ends_with(".levelOfNesting.levelOfNesting"),
            "{path}"
        );
        assert!(path.chars().count() <= 2 * crate::limits::CLIP_CHARS + 2, "{path}");
        assert_eq!(reason, "expected an integer, got 1.5");
    }

    #[test]
    fn odd_keys_are_quoted_in_the_path() {
        let schema = json!({"type": "object", "properties": {"a b": {"type": "object", "properties": {"x": {"type": "integer"}}}}});
        assert_eq!(
            misfit_of(&schema, &json!({"a b": {"x": 1.5}})),
            Some(("[\"a b\"].x".to_owned(), "expected an integer, got 1.5".to_owned()))
        );
    }

    /// Where the kind is right and the value is not, the value says what is
    /// wrong (clipped), and a value of the wrong kind is still named by kind.
    #[test]
    fn a_value_of_the_right_kind_is_shown() {
        let op = json!({"type": "object", "properties": {"op": {"type": "string", "enum": ["eq", "lt"]}}});
        let says = |value: Value| misfit_of(&op, &value).map(|(_, reason)| reason);
        assert_eq!(
            says(json!({"op": "zz"})).unwrap(),
            r#"expected one of "eq", "lt", got "zz""#
        );
        assert_eq!(says(json!({"op": 5})).unwrap(), r#"expected one of "eq", "lt", got 5"#);
        assert_eq!(
            says(json!({"op": ["eq"]})).unwrap(),
            r#"expected one of "eq", "lt", got an array"#
        );
        let long = says(json!({"op": "z\n".repeat(10_000)})).unwrap();
        assert!(long.ends_with("…\"") && long.len() < 400, "{long}");
        let literals = json!({"type": "object", "properties": {"m": {"anyOf": [{"const": "a"}, {"const": "b"}]}}});
        assert_eq!(
            misfit_of(&literals, &json!({"m": "c"}))
                .map(|(_, reason)| reason)
                .unwrap(),
            r#"expected one of "a", "b", got "c""#
        );
        let number = json!({"type": "object", "properties": {"n": {"type": "number"}}});
        assert_eq!(
            misfit_of(&number, &json!({"n": "5"}))
                .map(|(_, reason)| reason)
                .unwrap(),
            "expected a number, got a string"
        );
    }
}
