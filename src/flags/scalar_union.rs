//! A JSON flag whose schema is a union of scalars (`z.union([z.number(),
//! z.literal("auto")])`, `string | number`, `boolean | "ask"`). Its value
//! is typed as a bare word, as a scalar flag's is (`--limit auto`,
//! `--limit 5`): the flag takes JSON text only because no one scalar type
//! covers it. So usage names its kinds and values (`<number|auto>`), a
//! message says "a number or auto", completion offers the values, and
//! toArgv writes the word, not JSON.

use serde_json::Value;

use crate::limits::MAX_CHOICES_SHOWN;
use crate::schema::{Kind, Schema, Shape, ValueIndex};
use crate::text::{clip, thousands};

/// How deep a union of unions is looked into; deeper stays plain JSON.
const MAX_NESTING: usize = 4;

/// One branch of a union of scalars, in the union's order.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// A whole scalar type: `"number"`, `"integer"`, `"string"`, `"boolean"`, `"null"`.
    Kind(&'static str),
    /// One value of an enum or `const` branch.
    Value(Value),
}

/// The branches of a union whose every branch is a scalar type or a
/// scalar value, each once; `None` for any other shape. A `null` branch is
/// left out when `nullable` says the flag shows it once already. An enum
/// that reaches a JSON flag (`"5"` beside `5`) is its values.
#[must_use]
pub fn scalar_parts(schema: &Schema, shape: &Shape, nullable: bool) -> Option<Vec<Part>> {
    match &schema.resolve(shape).kind {
        Kind::Union(_) | Kind::Enum(_) => parts_of(schema, shape, nullable),
        _ => None,
    }
}

/// The parts of any scalar shape: a union's as [`scalar_parts`], a scalar
/// type's one kind, an enum's values (a record's values are any of these).
#[must_use]
pub fn parts_of(schema: &Schema, shape: &Shape, nullable: bool) -> Option<Vec<Part>> {
    let mut found = Found::default();
    match &schema.resolve(shape).kind {
        Kind::Union(union) => {
            for branch in &union.branches {
                found.collect(schema, branch, nullable, 0)?;
            }
        }
        _ => found.collect(schema, shape, nullable, 0)?,
    }
    (!found.parts.is_empty()).then_some(found.parts)
}

/// The parts so far, and the values among them hashed: a union may hold an
/// enum of 10,000 values, which a list search would make quadratic.
#[derive(Default)]
struct Found<'s> {
    parts: Vec<Part>,
    values: Vec<&'s Value>,
    index: ValueIndex,
}

impl<'s> Found<'s> {
    fn collect(&mut self, schema: &'s Schema, shape: &'s Shape, nullable: bool, depth: usize) -> Option<()> {
        let kind = match &schema.resolve(shape).kind {
            Kind::Boolean => "boolean",
            Kind::Number => "number",
            Kind::Integer => "integer",
            Kind::String => "string",
            Kind::Null if nullable => return Some(()),
            Kind::Null => "null",
            Kind::Enum(values) => {
                for value in values.iter() {
                    if value.is_object() || value.is_array() {
                        return None;
                    }
                    if !(nullable && value.is_null()) {
                        self.add_value(value);
                    }
                }
                return Some(());
            }
            Kind::Union(inner) if depth < MAX_NESTING => {
                for branch in &inner.branches {
                    self.collect(schema, branch, nullable, depth + 1)?;
                }
                return Some(());
            }
            _ => return None,
        };
        if !self.parts.contains(&Part::Kind(kind)) {
            self.parts.push(Part::Kind(kind));
        }
        Some(())
    }

    fn add_value(&mut self, value: &'s Value) {
        let values = &self.values;
        if self
            .index
            .add_new(value, values.len(), |place| values.get(place).copied())
        {
            self.values.push(value);
            self.parts.push(Part::Value(value.clone()));
        }
    }
}

/// Whether the parts take both `true` and `false` (a boolean branch, or
/// both literals): such a flag reads bare as `true` and `--no-` as `false`.
#[must_use]
pub fn takes_true_and_false(parts: &[Part]) -> bool {
    let takes = |b: bool| {
        parts
            .iter()
            .any(|part| matches!(part, Part::Kind("boolean")) || *part == Part::Value(Value::Bool(b)))
    };
    takes(true) && takes(false)
}

/// Whether the parts take numbers, so that a value may be negative
/// (`--offset -5`), as a number flag's may.
#[must_use]
pub fn takes_numbers(parts: &[Part]) -> bool {
    parts
        .iter()
        .any(|part| matches!(part, Part::Kind("number" | "integer")))
}

/// A value as a person types it for such a flag: a string bare when the
/// flag reads the bare word back as that string (`auto`), as JSON when it
/// would read as something else (`"5"`, `"true"`) or a shell or the `|`
/// list would split it (`"New York"`, `""`); a number or boolean as JSON.
#[must_use]
pub fn typed_form(value: &Value) -> String {
    match value.as_str() {
        Some(text)
            if !text.is_empty()
                && !text.starts_with('-')
                && !text
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control() || "|<>\"'".contains(c))
                && serde_json::from_str::<Value>(text).is_err() =>
        {
            text.to_owned()
        }
        _ => crate::json_out::value_text(value),
    }
}

/// What the flag expects, in words, in the union's order: `a number or
/// auto`, `a, b or a boolean`.
#[must_use]
pub fn words(parts: &[Part]) -> String {
    let items = listed(parts, true);
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// What a tuple typed as words expects, position by position: `2
/// values: a number, then a or b`.
#[must_use]
pub fn tuple_values(positions: &[Vec<Part>]) -> String {
    let each: Vec<String> = positions.iter().map(|parts| words(parts)).collect();
    let count = match positions.len() {
        1 => "1 value".to_owned(),
        n => format!("{n} values"),
    };
    format!("{count}: {}", each.join(", then "))
}

/// Each part as shown, in the union's order: a kind as its name (with an
/// article in a sentence), a value as typed. Past [`MAX_CHOICES_SHOWN`]
/// values, one `...` (with the count in a sentence), so text stays small
/// whatever the schema holds.
#[must_use]
pub fn listed(parts: &[Part], sentence: bool) -> Vec<String> {
    let total = parts.iter().filter(|p| matches!(p, Part::Value(_))).count();
    let mut shown = 0;
    let mut items: Vec<String> = Vec::new();
    for part in parts {
        match part {
            Part::Kind(kind) if sentence => items.push(with_article(kind)),
            Part::Kind(kind) => items.push((*kind).to_owned()),
            Part::Value(value) if shown < MAX_CHOICES_SHOWN => {
                shown += 1;
                items.push(clip(&typed_form(value)));
            }
            Part::Value(_) if shown == MAX_CHOICES_SHOWN => {
                shown += 1;
                items.push(if sentence {
                    format!("... ({} values)", thousands(total))
                } else {
                    "...".to_owned()
                });
            }
            Part::Value(_) => {}
        }
    }
    items
}

fn with_article(kind: &str) -> String {
    match kind {
        "null" => "null".to_owned(),
        "integer" => "an integer".to_owned(),
        other => format!("a {other}"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::schema::read_schema;

    fn parts_of(schema: &Value, nullable: bool) -> Option<Vec<Part>> {
        let schema = read_schema(schema).unwrap_or_else(|e| panic!("{e}"));
        scalar_parts(&schema, &schema.root, nullable)
    }

    #[test]
    fn a_number_or_a_word() {
        let parts = parts_of(&json!({ "anyOf": [{ "type": "number" }, { "const": "auto" }] }), false);
        let parts = parts.unwrap_or_default();
        assert_eq!(parts, vec![Part::Kind("number"), Part::Value(json!("auto"))]);
        assert_eq!(words(&parts), "a number or auto");
    }

    #[test]
    fn in_the_unions_order_nested_unions_flattened() {
        let schema = json!({ "anyOf": [
            { "type": "boolean" },
            { "anyOf": [{ "enum": ["a", "b"] }, { "type": "integer" }] },
            { "type": "null" }
        ] });
        let parts = parts_of(&schema, true).unwrap_or_default();
        // The null branch is the shape's `nullable`, shown once as `|null`.
        assert_eq!(words(&parts), "a boolean, a, b or an integer");
    }

    #[test]
    fn a_value_two_branches_allow_is_one_part() {
        let schema =
            json!({ "anyOf": [{ "enum": ["a", "b"] }, { "const": "a" }, { "type": "number" }, { "type": "number" }] });
        let parts = parts_of(&schema, false).unwrap_or_default();
        assert_eq!(words(&parts), "a, b or a number");
    }

    #[test]
    fn anything_but_scalars_is_none() {
        assert_eq!(parts_of(&json!({ "type": "number" }), false), None);
        assert_eq!(
            parts_of(&json!({ "anyOf": [{ "type": "number" }, { "type": "object" }] }), false),
            None
        );
        assert_eq!(
            parts_of(&json!({ "anyOf": [{ "type": "number" }, { "enum": [[1]] }] }), false),
            None
        );
    }

    #[test]
    fn many_values_are_counted_not_listed() {
        let values: Vec<String> = (0..10_000).map(|i| format!("v{i}")).collect();
        let parts = parts_of(&json!({ "anyOf": [{ "enum": values }, { "type": "number" }] }), false);
        let text = words(&parts.unwrap_or_default());
        assert!(text.ends_with(", ... (10,000 values) or a number"), "{text}");
        assert!(text.len() < 200, "{text}");
    }

    #[test]
    fn typed_forms_read_back_as_the_value() {
        assert_eq!(typed_form(&json!("auto")), "auto");
        assert_eq!(typed_form(&json!("5")), "\"5\"");
        assert_eq!(typed_form(&json!("true")), "\"true\"");
        assert_eq!(typed_form(&json!("New York")), "\"New York\"");
        assert_eq!(typed_form(&json!("")), "\"\"");
        assert_eq!(typed_form(&json!("-x")), "\"-x\"");
        assert_eq!(typed_form(&json!(2)), "2");
        assert_eq!(typed_form(&json!(false)), "false");
    }
}
