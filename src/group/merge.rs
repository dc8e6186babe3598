//! Same-named fields of several actions as one property of the grouped
//! schema. They merge when equal apart from annotations (`description`,
//! `title`, `examples`, `default`, at any depth) and the ±(2^53 - 1) bounds
//! Zod puts on `.int()`; two enums of one type give the union of their
//! values; an enum and its plain type give the plain type; `integer` and
//! `number` give `number`. Anything else is a conflict, and every conflict
//! is reported at once.

use serde_json::{Map, Value};

use crate::schema::keywords::{holds, is_safe_integer_bound, Holds};
use crate::schema::ValueIndex;

/// Keywords that say nothing about which values fit.
const ANNOTATIONS: &[&str] = &["description", "title", "examples", "default"];

/// `a` and `b` as one schema (`a`'s annotations kept), or `None` when they
/// cannot be one without changing what either action accepts.
#[must_use]
pub fn merge(a: &Value, b: &Value) -> Option<Value> {
    let (plain_a, plain_b) = (plain(a), plain(b));
    if plain_a == plain_b {
        // `a` as it is (its nested annotations too), with a description
        // from `b` when `a` has none.
        return match (a, b.get("description")) {
            (Value::Object(map), Some(description)) if !map.contains_key("description") => {
                let mut out = Map::new();
                out.insert("description".to_owned(), description.clone());
                out.extend(map.clone());
                Some(Value::Object(out))
            }
            _ => Some(a.clone()),
        };
    }
    let (Value::Object(map_a), Value::Object(map_b)) = (&plain_a, &plain_b) else {
        return None;
    };
    let merged = merge_numbers(map_a, map_b)
        .or_else(|| merge_enums(map_a, map_b))
        .or_else(|| enum_and_base(map_a, map_b))?;
    Some(with_annotations(merged, a, b))
}

/// The schema without annotations and without `.int()`'s safe bounds, for
/// comparing. Property names are kept whatever they are called.
#[must_use]
pub fn plain(schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut out = Map::new();
    for (key, value) in map {
        let key_str = key.as_str();
        if ANNOTATIONS.contains(&key_str) || is_safe_integer_bound(key_str, value) {
            continue;
        }
        let value = match (holds(key_str), value) {
            (Holds::Map, Value::Object(entries)) => {
                Value::Object(entries.iter().map(|(k, v)| (k.clone(), plain(v))).collect())
            }
            (Holds::List, Value::Array(items)) => Value::Array(items.iter().map(plain).collect()),
            (Holds::One, _) => plain(value),
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

/// `integer` and `number`, otherwise equal: `number`.
fn merge_numbers(a: &Map<String, Value>, b: &Map<String, Value>) -> Option<Map<String, Value>> {
    let widen = |map: &Map<String, Value>| {
        let mut out = map.clone();
        match out.get_mut("type") {
            Some(Value::String(t)) if t == "integer" => "number".clone_into(t),
            Some(Value::Array(types)) => {
                for t in types.iter_mut() {
                    if t == "integer" {
                        *t = Value::String("number".to_owned());
                    }
                }
            }
            _ => {}
        }
        out
    };
    let (wide_a, wide_b) = (widen(a), widen(b));
    (wide_a == wide_b && (wide_a != *a || wide_b != *b)).then_some(wide_a)
}

/// The values an `enum` or `const` allows.
fn values(map: &Map<String, Value>) -> Option<Vec<Value>> {
    match (map.get("enum"), map.get("const")) {
        (Some(Value::Array(values)), _) => Some(values.clone()),
        (_, Some(value)) => Some(vec![value.clone()]),
        _ => None,
    }
}

/// The node without its `enum`/`const`: its base type and other keywords.
fn base(map: &Map<String, Value>) -> Map<String, Value> {
    let mut out = map.clone();
    out.remove("enum");
    out.remove("const");
    out
}

/// Two enums of one type: the union of their values, `a`'s first.
fn merge_enums(a: &Map<String, Value>, b: &Map<String, Value>) -> Option<Map<String, Value>> {
    let (mut all, more) = (values(a)?, values(b)?);
    let base_a = base(a);
    if base_a != base(b) || !base_a.contains_key("type") {
        return None;
    }
    // `more`'s values not yet among them (a's own repeats are kept).
    let mut index = ValueIndex::default();
    for (at, value) in all.iter().enumerate() {
        index.add_new(value, at, |_| None);
    }
    for value in more {
        if index.add_new(&value, all.len(), |place| all.get(place)) {
            all.push(value);
        }
    }
    let mut out = base_a;
    out.insert("enum".to_owned(), Value::Array(all));
    Some(out)
}

/// An enum and its plain base type: the plain type.
fn enum_and_base(a: &Map<String, Value>, b: &Map<String, Value>) -> Option<Map<String, Value>> {
    match (values(a), values(b)) {
        (Some(_), None) if base(a) == *b && b.contains_key("type") => Some(b.clone()),
        (None, Some(_)) if base(b) == *a && a.contains_key("type") => Some(a.clone()),
        _ => None,
    }
}

/// A merged schema with the annotations of the first schema that has each.
fn with_annotations(mut merged: Map<String, Value>, a: &Value, b: &Value) -> Value {
    let mut out = Map::new();
    for key in ["title", "description"] {
        if let Some(value) = a.get(key).or_else(|| b.get(key)) {
            out.insert(key.to_owned(), value.clone());
        }
    }
    out.append(&mut merged);
    for key in ["examples", "default"] {
        if let Some(value) = a.get(key) {
            out.insert(key.to_owned(), value.clone());
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn annotations_and_int_bounds_do_not_count() {
        let a = json!({ "type": "integer", "minimum": -9_007_199_254_740_991_i64, "maximum": 9_007_199_254_740_991_i64, "description": "Max rows" });
        let b = json!({ "type": "integer", "description": "Limit" });
        assert_eq!(merge(&a, &b), Some(a.clone()));
        let bare = json!({ "type": "integer" });
        assert_eq!(
            merge(&bare, &b),
            Some(json!({ "description": "Limit", "type": "integer" }))
        );
    }

    #[test]
    fn a_property_named_like_an_annotation_stays() {
        let a = json!({ "type": "object", "properties": { "description": { "type": "string" } } });
        let b = json!({ "type": "object", "properties": {} });
        assert_eq!(merge(&a, &b), None);
    }

    #[test]
    fn integer_and_number_give_number() {
        let a =
            json!({ "type": "integer", "minimum": -9_007_199_254_740_991_i64, "maximum": 9_007_199_254_740_991_i64 });
        let b = json!({ "type": "number", "description": "How many" });
        assert_eq!(
            merge(&a, &b),
            Some(json!({ "description": "How many", "type": "number" }))
        );
    }

    #[test]
    fn enums_join_and_an_enum_meets_its_base() {
        let a = json!({ "type": "string", "enum": ["a", "b"] });
        let b = json!({ "type": "string", "enum": ["b", "c"] });
        assert_eq!(
            merge(&a, &b),
            Some(json!({ "type": "string", "enum": ["a", "b", "c"] }))
        );
        let plain_string = json!({ "type": "string" });
        assert_eq!(merge(&a, &plain_string), Some(json!({ "type": "string" })));
        assert_eq!(merge(&plain_string, &a), Some(json!({ "type": "string" })));
        assert_eq!(merge(&json!({ "type": "number", "enum": [1] }), &a), None);
    }

    #[test]
    fn other_differences_conflict() {
        assert_eq!(merge(&json!({ "type": "string" }), &json!({ "type": "number" })), None);
        assert_eq!(
            merge(
                &json!({ "type": "string", "minLength": 1 }),
                &json!({ "type": "string" })
            ),
            None
        );
    }
}
