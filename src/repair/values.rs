//! What repair asks of a value before it changes anything: how large it
//! is, whether its JSON type is one a shape takes, whether text looks like
//! JSON, and the text parsed where the shape wants what it holds.

use serde_json::Value;

use crate::limits::{MAX_INPUT_BYTES, MAX_REPAIR_UNWRAP};
use crate::number::is_json_number;
use crate::schema::{fits, Kind, Schema, Shape};

/// The JSON nodes in `value`, counted up to `cap` (past it, `cap`).
pub(super) fn nodes_up_to(value: &Value, cap: usize) -> usize {
    let mut count = 0;
    let mut pending = vec![value];
    while let Some(next) = pending.pop() {
        count += 1;
        if count >= cap {
            return cap;
        }
        match next {
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.values()),
            _ => {}
        }
    }
    count
}

/// Is `value` of the JSON type `shape` is made of, though it may not fit
/// it? Only for shapes that say one type; unions and enums need a fit.
pub(super) fn same_json_type(shape: &Shape, value: &Value) -> bool {
    match &shape.kind {
        Kind::Object(_) => value.is_object(),
        Kind::Array(_) => value.is_array(),
        Kind::Integer | Kind::Number => value.is_number(),
        _ => false,
    }
}

/// Does one of a union's `branches` take some value of `value`'s JSON type
/// (a number branch for a number, a boolean or an enum holding one for a
/// boolean)? Only asked of numbers and booleans: where it says yes, such a
/// value never becomes text there. The quick check's hints ask it too, so
/// that they send a scalar to wasm wherever this may say no.
pub(super) fn union_takes_type_of(schema: &Schema, branches: &[Shape], value: &Value) -> bool {
    takes_json_type_of(schema, branches, value, 0)
}

/// [`union_takes_type_of`]. Unions nested in the branches are looked into
/// a few levels; past that, the answer is yes, which guesses nothing.
pub(super) fn takes_json_type_of(schema: &Schema, branches: &[Shape], value: &Value, depth: usize) -> bool {
    let same_type = |v: &Value| (v.is_number() && value.is_number()) || (v.is_boolean() && value.is_boolean());
    depth > MAX_UNION_LOOK
        || branches.iter().any(|branch| match &schema.resolve(branch).kind {
            Kind::Number | Kind::Integer => value.is_number(),
            Kind::Boolean => value.is_boolean(),
            Kind::Enum(values) => values.iter().any(same_type),
            Kind::Union(union) => takes_json_type_of(schema, &union.branches, value, depth + 1),
            Kind::Any | Kind::AllOf(_) => true,
            _ => false,
        })
}

/// How deep [`takes_json_type_of`] looks into unions of unions.
const MAX_UNION_LOOK: usize = 8;

/// Text a client meant as a JSON object or array: it is parsed, or left.
pub(super) fn looks_like_json(text: &str) -> bool {
    let trimmed = text.trim_start();
    trimmed.starts_with('{') || trimmed.starts_with('[')
}

/// JSON text to a value, for a place whose shape takes no string. Numbers
/// follow the same strict grammar as the CLI (`"1e400"`, `"12abc"`, `" 3"`
/// stay text); text whose objects hold a `__proto__` key is left alone; a
/// string JSON-encoded again and again is unwrapped a bounded number of times.
pub(super) fn parse_text(text: &str, shape: &Shape, schema: &Schema) -> Option<Value> {
    let mut current = std::borrow::Cow::Borrowed(text);
    for _ in 0..=MAX_REPAIR_UNWRAP {
        if current.len() > MAX_INPUT_BYTES {
            return None;
        }
        let trimmed = current.trim();
        let looks_scalar = !trimmed.starts_with('{') && !trimmed.starts_with('[') && !trimmed.starts_with('"');
        let plain = current.as_ref();
        if looks_scalar && plain != "true" && plain != "false" && plain != "null" && !is_json_number(plain) {
            return None;
        }
        let parsed: Value = serde_json::from_str(&current).ok()?;
        match parsed {
            // Text encoded again: unwrap it, unless a string is what fits here.
            Value::String(inner) => {
                let inner = Value::String(inner);
                if fits(schema, shape, &inner) {
                    return None;
                }
                let Value::String(inner) = inner else { return None };
                current = std::borrow::Cow::Owned(inner);
            }
            other => return (!has_proto_key(&other)).then_some(other),
        }
    }
    None
}

fn has_proto_key(value: &Value) -> bool {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => {
                if map.contains_key("__proto__") {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    false
}
