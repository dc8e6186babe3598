//! Where strings can never need repair, for the JS layer's quick check: a
//! tree that mirrors the schema, so arguments with no string in a place that
//! wants something else (the common case) never cross into wasm at all.
//!
//! Node form: `{"s":1}` strings here are left as they are whatever they
//! hold; `{"p":{key: node},"a":node,"i":node,"t":[node]}` for objects
//! (properties, additional) and arrays (items, tuple positions); `null` where
//! the shape is a union, an intersection or recursive, and any string below
//! must go to wasm. A number or boolean needs wasm only where the node has
//! `i` (an array wants it: it may be wrapped), is `null`, or has `n` (a
//! number asks) or `b` (a boolean asks): a string is wanted there and a
//! number or boolean may become its text; `{}` on a union none of whose
//! branches can be an array says strings ask, scalars do not.

use serde_json::{json, Map, Value};

use crate::schema::{Kind, Shape};

/// Deeper than this, the tree says `null` (ask wasm).
const MAX_HINT_DEPTH: usize = 32;

#[must_use]
pub fn string_hints(root: &Shape) -> Value {
    hint(root, 0)
}

fn hint(shape: &Shape, depth: usize) -> Value {
    if depth > MAX_HINT_DEPTH {
        return Value::Null;
    }
    match &shape.kind {
        Kind::Any => json!({ "s": 1 }),
        Kind::String => json!({ "s": 1, "n": 1, "b": 1 }),
        // Not a nullable one: the text "null" there is repaired to `null`.
        Kind::Enum(values) if values.iter().all(Value::is_string) && !shape.nullable => {
            json!({ "s": 1, "n": 1, "b": 1 })
        }
        Kind::Object(object) => {
            let props: Map<String, Value> = object
                .props
                .iter()
                .map(|p| (p.key.clone(), hint(&p.shape, depth + 1)))
                .collect();
            let mut node = Map::new();
            node.insert("p".to_owned(), Value::Object(props));
            node.insert(
                "a".to_owned(),
                object
                    .additional
                    .as_ref()
                    .map_or(json!({ "s": 1 }), |a| hint(a, depth + 1)),
            );
            Value::Object(node)
        }
        Kind::Array(array) => {
            let mut node = Map::new();
            node.insert(
                "i".to_owned(),
                array.items.as_ref().map_or(json!({ "s": 1 }), |i| hint(i, depth + 1)),
            );
            node.insert(
                "t".to_owned(),
                Value::Array(array.prefix.iter().map(|p| hint(p, depth + 1)).collect()),
            );
            Value::Object(node)
        }
        Kind::Union(union) if union.branches.iter().any(may_be_array) => Value::Null,
        // A union with a plain string branch takes every string as it is;
        // a number or boolean asks unless a branch takes every one.
        Kind::Union(union) if union.branches.iter().any(|b| b.kind == Kind::String) => {
            let takes = |kinds: &[Kind]| union.branches.iter().any(|b| kinds.contains(&b.kind));
            let mut node = Map::new();
            node.insert("s".to_owned(), json!(1));
            // Repair leaves a number alone in a union with a number branch.
            if !takes(&[Kind::Number, Kind::Integer]) {
                node.insert("n".to_owned(), json!(1));
            }
            if !takes(&[Kind::Boolean]) {
                node.insert("b".to_owned(), json!(1));
            }
            Value::Object(node)
        }
        // An enum holding some text, or a union with such an enum: a string
        // may need repair, and so may a number or boolean (`1` for `"1"`).
        Kind::Enum(values) if values.iter().any(Value::is_string) => json!({ "n": 1, "b": 1 }),
        Kind::Union(union)
            if union
                .branches
                .iter()
                .any(|b| matches!(&b.kind, Kind::Enum(values) if values.iter().any(Value::is_string))) =>
        {
            json!({ "n": 1, "b": 1 })
        }
        // Scalars other than strings, and unions that hold no array: a
        // string here is exactly what repair is for; other scalars stay.
        Kind::Never | Kind::Null | Kind::Boolean | Kind::Number | Kind::Integer | Kind::Enum(_) | Kind::Union(_) => {
            json!({})
        }
        Kind::AllOf(_) | Kind::Ref(_) => Value::Null,
    }
}

/// Could a value of this branch be an array (so a scalar may be wrapped)?
fn may_be_array(shape: &Shape) -> bool {
    matches!(
        shape.kind,
        Kind::Array(_) | Kind::Union(_) | Kind::AllOf(_) | Kind::Ref(_)
    )
}
