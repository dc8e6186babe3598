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
//! branches can be an array says strings ask, scalars do not. An object's
//! `"f":[key]` names the required objects repair fills in when absent.

use serde_json::Value;

use super::values::union_takes_type_of;
use crate::json::write_string;
use crate::schema::{Kind, Schema, Shape};

/// Deeper than this, the tree says `null` (ask wasm).
const MAX_HINT_DEPTH: usize = 32;

/// The tree as JSON text, written straight from the shapes (JS parses it
/// once per tool; no `Value` tree is built for it).
#[must_use]
pub fn string_hints(schema: &Schema) -> String {
    let mut out = Vec::with_capacity(64);
    hint(schema, &schema.root, 0, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Every string fits here, and a number or boolean may become one.
const TEXT: &[u8] = br#"{"s":1,"n":1,"b":1}"#;
/// A string may need repair, and so may a number or boolean (its text).
const SCALARS_ASK: &[u8] = br#"{"n":1,"b":1}"#;

fn hint(schema: &Schema, shape: &Shape, depth: usize, out: &mut Vec<u8>) {
    if depth > MAX_HINT_DEPTH {
        out.extend_from_slice(b"null");
        return;
    }
    match &shape.kind {
        Kind::Any => out.extend_from_slice(br#"{"s":1}"#),
        Kind::String => out.extend_from_slice(TEXT),
        // Not a nullable one: the text "null" there is repaired to `null`.
        Kind::Enum(values) if values.iter().all(Value::is_string) && !shape.nullable => out.extend_from_slice(TEXT),
        Kind::Object(object) => {
            out.extend_from_slice(br#"{"p":{"#);
            for (i, prop) in object.props.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_string(out, &prop.key);
                out.push(b':');
                hint(schema, &prop.shape, depth + 1, out);
            }
            out.extend_from_slice(br#"},"a":"#);
            match &object.additional {
                Some(additional) => hint(schema, additional, depth + 1, out),
                None => out.extend_from_slice(br#"{"s":1}"#),
            }
            // Required objects repair fills in when absent: their absence asks wasm.
            let filled: Vec<&str> = object
                .props
                .iter()
                .filter(|p| p.must_supply() && super::needless(schema, &p.shape, depth + 1).is_some())
                .map(|p| p.key.as_str())
                .collect();
            if !filled.is_empty() {
                out.extend_from_slice(br#","f":["#);
                for (i, key) in filled.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write_string(out, key);
                }
                out.push(b']');
            }
            out.push(b'}');
        }
        Kind::Array(array) => {
            out.extend_from_slice(br#"{"i":"#);
            match &array.items {
                Some(items) => hint(schema, items, depth + 1, out),
                None => out.extend_from_slice(br#"{"s":1}"#),
            }
            out.extend_from_slice(br#","t":["#);
            for (i, position) in array.prefix.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                hint(schema, position, depth + 1, out);
            }
            out.extend_from_slice(b"]}");
        }
        Kind::Union(union) if union.branches.iter().any(may_be_array) => out.extend_from_slice(b"null"),
        // A union with a plain string branch takes every string as it is;
        // a number or boolean asks unless a branch takes its type, where
        // repair leaves it alone (the rule repair itself asks).
        Kind::Union(union) if union.branches.iter().any(|b| b.kind == Kind::String) => {
            let takes = |sample: Value| union_takes_type_of(schema, &union.branches, &sample);
            out.extend_from_slice(br#"{"s":1"#);
            if !takes(Value::from(0)) {
                out.extend_from_slice(br#","n":1"#);
            }
            if !takes(Value::Bool(false)) {
                out.extend_from_slice(br#","b":1"#);
            }
            out.push(b'}');
        }
        // An enum holding some text, or a union with such an enum.
        Kind::Enum(_) if holds_text(shape) => out.extend_from_slice(SCALARS_ASK),
        Kind::Union(union) if union.branches.iter().any(holds_text) => out.extend_from_slice(SCALARS_ASK),
        // Scalars other than strings, and unions that hold no array: a
        // string here is exactly what repair is for; other scalars stay.
        Kind::Never | Kind::Null | Kind::Boolean | Kind::Number | Kind::Integer | Kind::Enum(_) | Kind::Union(_) => {
            out.extend_from_slice(b"{}");
        }
        Kind::AllOf(_) | Kind::Ref(_) => out.extend_from_slice(b"null"),
    }
}

/// An enum with a string among its values.
fn holds_text(shape: &Shape) -> bool {
    matches!(&shape.kind, Kind::Enum(values) if values.iter().any(Value::is_string))
}

/// Could a value of this branch be an array (so a scalar may be wrapped)?
fn may_be_array(shape: &Shape) -> bool {
    matches!(
        shape.kind,
        Kind::Array(_) | Kind::Union(_) | Kind::AllOf(_) | Kind::Ref(_)
    )
}
