//! A record (`z.record(z.string(), z.string())`: an object whose keys are
//! not listed) as a command line takes it, docker's `-e` and helm's
//! `--set` way: `--env KEY=VALUE`, given once per entry, each adding one
//! key (`--env A=1 --env B=2` is `{ A: "1", B: "2" }`). Values that are no
//! scalar are JSON text after the `=`, as helm's `--set-json` takes them
//! (`--hosts 'api={"port":80}'`). JSON text for the whole object still
//! works. Its keys cannot be flags of their own, since no table can list
//! them.

use super::scalar_union::parts_of;
use crate::schema::{Kind, ObjectShape, Schema, Shape};

/// The object and value schema of a record whose keys are listed nowhere
/// (no properties, no pattern properties): `additionalProperties`.
#[must_use]
pub fn record_of<'s>(schema: &'s Schema, shape: &'s Shape) -> Option<(&'s ObjectShape, &'s Shape)> {
    let Kind::Object(object) = &schema.resolve(shape).kind else {
        return None;
    };
    if !object.props.is_empty() || !object.pattern_props.is_empty() {
        return None;
    }
    Some((object, object.additional.as_ref()?))
}

/// Whether `shape` is a record whose values have a kind (scalars, objects,
/// lists, unions), which takes `KEY=VALUE` entries: asked once, when the
/// flag table is built. A record of any value stays JSON text.
#[must_use]
pub fn takes_entries(schema: &Schema, shape: &Shape) -> bool {
    record_of(schema, shape)
        .is_some_and(|(_, values)| !matches!(schema.resolve(values).kind, Kind::Null | Kind::Any | Kind::Never))
}

/// Whether a record's values are scalars, each typed as a word after the
/// `=`; any other is JSON text there.
#[must_use]
pub fn of_scalars(schema: &Schema, values: &Shape) -> bool {
    parts_of(schema, values, false).is_some()
}

/// `KEY=VALUE` split at its first `=`, when the text is one: a key before
/// it, and not JSON text for the whole object (which starts with `{`).
#[must_use]
pub fn entry_text(text: &str) -> Option<(&str, &str)> {
    if text.trim_start().starts_with('{') {
        return None;
    }
    text.split_once('=').filter(|(key, _)| !key.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::schema::read_schema;

    #[test]
    fn records_whose_values_have_a_kind() {
        let of = |value: serde_json::Value| {
            let schema = read_schema(&value).unwrap_or_else(|e| panic!("{e}"));
            takes_entries(&schema, &schema.root)
        };
        assert!(of(
            json!({ "type": "object", "propertyNames": { "type": "string" }, "additionalProperties": { "type": "string" } })
        ));
        assert!(of(
            json!({ "type": "object", "additionalProperties": { "anyOf": [{ "type": "number" }, { "const": "auto" }] } })
        ));
        assert!(!of(json!({ "type": "object", "additionalProperties": {} })));
        assert!(of(
            json!({ "type": "object", "additionalProperties": { "type": "object" } })
        ));
        assert!(!of(
            json!({ "type": "object", "properties": { "a": { "type": "string" } }, "additionalProperties": { "type": "string" } })
        ));
        assert!(!of(json!({ "type": "object" })));
    }

    #[test]
    fn entries_split_at_the_first_equals_sign() {
        assert_eq!(entry_text("A=1"), Some(("A", "1")));
        assert_eq!(entry_text("url=http://x?a=b"), Some(("url", "http://x?a=b")));
        assert_eq!(entry_text("A="), Some(("A", "")));
        assert_eq!(entry_text("=1"), None);
        assert_eq!(entry_text("plain"), None);
        assert_eq!(entry_text(r#"{"a=b":1}"#), None);
    }
}
