//! A record of scalars (`z.record(z.string(), z.string())`: an object
//! whose keys are not listed) as a command line takes it, docker's `-e`
//! and helm's `--set` way: `--env KEY=VALUE`, given once per entry, each
//! adding one key (`--env A=1 --env B=2` is `{ A: "1", B: "2" }`). JSON
//! text for the whole object still works. Its keys cannot be flags of
//! their own, since no table can list them.

use crate::schema::{Kind, Schema, Shape};

/// The value schema of a record whose values are scalars (or a union of
/// them) and whose keys are listed nowhere, if `shape` is one.
#[must_use]
pub fn record_values<'s>(schema: &'s Schema, shape: &'s Shape) -> Option<&'s Shape> {
    let Kind::Object(object) = &schema.resolve(shape).kind else {
        return None;
    };
    if !object.props.is_empty() || !object.pattern_props.is_empty() {
        return None;
    }
    let values = object.additional.as_ref()?;
    let scalar = match &schema.resolve(values).kind {
        Kind::String | Kind::Number | Kind::Integer | Kind::Boolean => true,
        Kind::Enum(choices) => choices.iter().all(|c| !c.is_object() && !c.is_array()),
        Kind::Union(_) => super::scalar_union::scalar_parts(schema, values, false).is_some(),
        _ => false,
    };
    scalar.then_some(values)
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
    fn records_of_scalars_only() {
        let of = |value: serde_json::Value| {
            let schema = read_schema(&value).unwrap_or_else(|e| panic!("{e}"));
            record_values(&schema, &schema.root).is_some()
        };
        assert!(of(
            json!({ "type": "object", "propertyNames": { "type": "string" }, "additionalProperties": { "type": "string" } })
        ));
        assert!(of(
            json!({ "type": "object", "additionalProperties": { "anyOf": [{ "type": "number" }, { "const": "auto" }] } })
        ));
        assert!(!of(json!({ "type": "object", "additionalProperties": {} })));
        assert!(!of(
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
