//! A list no flag can repeat word by word (an array of objects, of arrays,
//! of booleans, of unions) as a command line takes it, the way argparse's
//! `action="append"` with a JSON type does: given again, each value adds
//! to the list, JSON text for several items (`[...]`) or for one item
//! (`--edit '{"old":"a","new":"b"}' --edit '{...}'`). A single JSON array
//! reads as it always did, so `toArgv`'s one flag comes back unchanged.

use super::scalar_union::{parts_of, Part};
use crate::limits::MAX_TUPLE_WORDS;
use crate::schema::{ArrayShape, Kind, Schema, Shape};

/// The array `shape` is, when it is a plain list: one item schema for
/// every position (no tuple), `null` allowed or not.
#[must_use]
pub fn list_of<'s>(schema: &'s Schema, shape: &'s Shape) -> Option<&'s ArrayShape> {
    match &schema.resolve(shape).kind {
        Kind::Array(array) if array.prefix.is_empty() => Some(array),
        _ => None,
    }
}

/// The kinds and values of a list's items when each is a scalar, typed as
/// a word (`--tag a`, `--check false`): usage names them as it names a
/// union's (`<boolean>...`), where `<json>` would send a person to JSON.
#[must_use]
pub fn scalar_items(schema: &Schema, shape: &Shape) -> Option<Vec<Part>> {
    parts_of(schema, list_of(schema, shape)?.items.as_ref()?, false)
}

/// The positions of a tuple typed as words after its flag (`--range 1
/// 5`, as argparse's `nargs=2` and yargs' `nargs` take them): a closed
/// tuple (no items after its positions, as `z.tuple` writes it) of at
/// most [`MAX_TUPLE_WORDS`] scalars, each position's kinds and values.
/// `None` for any other shape, which stays one value of JSON text.
#[must_use]
pub fn tuple_words(schema: &Schema, shape: &Shape) -> Option<Vec<Vec<Part>>> {
    let resolved = schema.resolve(shape);
    let Kind::Array(array) = &resolved.kind else {
        return None;
    };
    let closed = array
        .items
        .as_ref()
        .is_some_and(|rest| schema.resolve(rest).kind == Kind::Never);
    if shape.nullable || resolved.nullable || !closed || array.prefix.is_empty() || array.prefix.len() > MAX_TUPLE_WORDS
    {
        return None;
    }
    array
        .prefix
        .iter()
        .map(|position| parts_of(schema, position, false))
        .collect()
}

/// The list of a "one or many" union (`z.union([z.string(),
/// z.array(z.string())])`): a scalar and a list of the same scalar. Its
/// flag gathers what it is given (see `Flag::gathers`). Booleans are left
/// out: a boolean flag is a switch, whose repeats say nothing.
#[must_use]
pub fn one_or_many<'s>(schema: &'s Schema, shape: &'s Shape) -> Option<&'s ArrayShape> {
    let Kind::Union(union) = &schema.resolve(shape).kind else {
        return None;
    };
    let [a, b] = union.branches.as_slice() else {
        return None;
    };
    let (one, many) = match (&schema.resolve(a).kind, &schema.resolve(b).kind) {
        (Kind::Array(many), _) => (b, many),
        (_, Kind::Array(many)) => (a, many),
        _ => return None,
    };
    let (one, item) = (schema.resolve(one), schema.resolve(many.items.as_ref()?));
    let same = one.kind.is_leaf()
        && one.kind != Kind::Boolean
        && one.kind == item.kind
        && one.keywords == item.keywords
        && !one.nullable
        && !item.nullable;
    (same && many.prefix.is_empty()).then_some(&**many)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::schema::read_schema;

    #[test]
    fn one_or_many_is_a_scalar_beside_a_list_of_it() {
        let of = |value: serde_json::Value| {
            let schema = read_schema(&value).unwrap_or_else(|e| panic!("{e}"));
            one_or_many(&schema, &schema.root).is_some()
        };
        let list = |items: serde_json::Value| json!({ "type": "array", "items": items });
        let string = json!({ "type": "string" });
        assert!(of(json!({ "anyOf": [string, list(string.clone())] })));
        assert!(of(
            json!({ "anyOf": [list(json!({ "type": "integer" })), { "type": "integer" }] })
        ));
        assert!(of(
            json!({ "anyOf": [{ "enum": ["a", "b"] }, list(json!({ "enum": ["a", "b"] }))] })
        ));
        // Not the same scalar, a boolean, a tuple, a third branch.
        assert!(!of(json!({ "anyOf": [string, list(json!({ "type": "number" }))] })));
        assert!(!of(
            json!({ "anyOf": [string, list(json!({ "type": "string", "minLength": 2 }))] })
        ));
        assert!(!of(
            json!({ "anyOf": [{ "type": "boolean" }, list(json!({ "type": "boolean" }))] })
        ));
        assert!(!of(
            json!({ "anyOf": [string, { "type": "array", "prefixItems": [string] }] })
        ));
        assert!(!of(
            json!({ "anyOf": [string, list(string.clone()), { "type": "number" }] })
        ));
    }

    #[test]
    fn plain_lists_only() {
        let of = |value: serde_json::Value| {
            let schema = read_schema(&value).unwrap_or_else(|e| panic!("{e}"));
            list_of(&schema, &schema.root).is_some()
        };
        assert!(of(json!({ "type": "array", "items": { "type": "object" } })));
        assert!(of(json!({ "type": "array" })));
        assert!(of(json!({ "type": ["array", "null"], "items": { "type": "boolean" } })));
        assert!(!of(
            json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": "number" }] })
        ));
        assert!(!of(json!({ "type": "object" })));
    }
}
