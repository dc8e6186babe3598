//! A list no flag can repeat word by word (an array of objects, of arrays,
//! of booleans, of unions) as a command line takes it, the way argparse's
//! `action="append"` with a JSON type does: given again, each value adds
//! to the list, JSON text for several items (`[...]`) or for one item
//! (`--edit '{"old":"a","new":"b"}' --edit '{...}'`). A single JSON array
//! reads as it always did, so `toArgv`'s one flag comes back unchanged.

use super::scalar_union::{parts_of, Part};
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::schema::read_schema;

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
