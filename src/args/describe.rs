//! A shape in words, for messages: `an object`, `an array of numbers`,
//! `strings or numbers`.

use crate::json_out::value_text;
use crate::schema::{Kind, Schema, Shape};
use crate::text::capped_list;

/// A short description of a shape for messages: `an object`, `an array of numbers`.
#[must_use]
pub fn describe(schema: &Schema, shape: &Shape) -> String {
    describe_at(schema, shape, 0)
}

fn describe_at(schema: &Schema, shape: &Shape, depth: usize) -> String {
    let base = match &schema.resolve(shape).kind {
        Kind::Any => "any value".to_owned(),
        Kind::Never => "no value".to_owned(),
        Kind::Null => "null".to_owned(),
        Kind::Boolean => "a boolean".to_owned(),
        Kind::Number => "a number".to_owned(),
        Kind::Integer => "an integer".to_owned(),
        Kind::String => "a string".to_owned(),
        Kind::Enum(values) => {
            format!(
                "one of {}",
                capped_list(values.iter().map(value_text), values.len(), "choices")
            )
        }
        Kind::Array(array) => match (&array.items, depth) {
            (Some(items), 0) if array.prefix.is_empty() => format!("an array of {}", plural(schema, items)),
            _ => "an array".to_owned(),
        },
        Kind::Object(_) => "an object".to_owned(),
        Kind::Union(union) if depth == 0 => {
            let parts: Vec<String> = union.branches.iter().map(|b| describe_at(schema, b, 1)).collect();
            parts.join(" or ")
        }
        Kind::Union(_) => "one of several kinds".to_owned(),
        Kind::AllOf(_) | Kind::Ref(_) => "a value of the schema".to_owned(),
    };
    if shape.nullable || schema.resolve(shape).nullable {
        format!("{base} or null")
    } else {
        base
    }
}

/// Array items in words: `objects`, `strings or numbers`.
fn plural(schema: &Schema, shape: &Shape) -> String {
    let resolved = schema.resolve(shape);
    let base = match &resolved.kind {
        Kind::Any => "values".to_owned(),
        Kind::Never => "no values".to_owned(),
        Kind::Null => "nulls".to_owned(),
        Kind::Boolean => "booleans".to_owned(),
        Kind::Number => "numbers".to_owned(),
        Kind::Integer => "integers".to_owned(),
        Kind::String => "strings".to_owned(),
        Kind::Enum(values) => format!(
            "values from {}",
            capped_list(values.iter().map(value_text), values.len(), "choices")
        ),
        Kind::Array(_) => "arrays".to_owned(),
        Kind::Object(_) => "objects".to_owned(),
        Kind::Union(union) => {
            let parts: Vec<String> = union
                .branches
                .iter()
                .map(|b| match &schema.resolve(b).kind {
                    Kind::Union(_) => "values of the schema".to_owned(),
                    _ => plural(schema, b),
                })
                .collect();
            parts.join(" or ")
        }
        Kind::AllOf(_) | Kind::Ref(_) => "values of the schema".to_owned(),
    };
    if shape.nullable || resolved.nullable {
        format!("{base} or nulls")
    } else {
        base
    }
}
