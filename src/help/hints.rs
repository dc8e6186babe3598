//! The value a flag takes, as its usage line shows it: `<number>`,
//! `<eu|us>`, `<key=string>...`, `<email>`.

use serde_json::Value;

use super::text::sanitize;
use crate::flags::record::record_of;
use crate::flags::scalar_union::{listed, parts_of, Part};
use crate::flags::{Flag, FlagType};
use crate::json_out::value_text;
use crate::limits::MAX_CHOICES_SHOWN;
use crate::schema::Schema;

pub(super) fn value_hint(schema: &Schema, flag: &Flag) -> String {
    let body = match (&flag.choices, flag.ty) {
        (Some(choices), _) => {
            let mut shown: Vec<String> = choices.iter().take(MAX_CHOICES_SHOWN).map(show_value).collect();
            if choices.len() > MAX_CHOICES_SHOWN {
                shown.push("...".to_owned());
            }
            shown.join("|")
        }
        (None, FlagType::String) => format_name(flag).unwrap_or("string").to_owned(),
        (None, FlagType::Json) if flag.record => return record_hint(schema, flag),
        (None, FlagType::Json) if flag.tuple_parts.is_some() => return tuple_hint(flag),
        (None, FlagType::Json) if flag.list || flag.gathers => flag
            .item_parts
            .as_deref()
            .map_or_else(|| "json".to_owned(), scalar_hint),
        (None, FlagType::Json) => flag
            .scalar_parts
            .as_deref()
            .map_or_else(|| "json".to_owned(), scalar_hint),
        (None, ty) => ty.placeholder().to_owned(),
    };
    let body = if flag.nullable { format!("{body}|null") } else { body };
    if flag.repeats() {
        format!(" <{body}>...")
    } else {
        format!(" <{body}>")
    }
}

/// A JSON flag over a union of scalars names its kinds and values,
/// `<number|auto>`, `<boolean|string>`: `<json>` would send a person to
/// write JSON where a word does.
fn scalar_hint(parts: &[Part]) -> String {
    let shown: Vec<String> = listed(parts, false).iter().map(|item| sanitize(item)).collect();
    shown.join("|")
}

/// A tuple typed as words, a placeholder each: `<number> <number>`,
/// `<string> <asc|desc>`.
#[inline(never)] // out of `value_hint`: few flags are tuples
fn tuple_hint(flag: &Flag) -> String {
    let mut hint = String::new();
    for position in position_hints(flag) {
        hint.push_str(" <");
        hint.push_str(&position);
        hint.push('>');
    }
    hint
}

/// Each position of a tuple typed as words by its kinds and values:
/// `number`, `asc|desc`; none for any other flag.
pub(super) fn position_hints(flag: &Flag) -> impl Iterator<Item = String> + '_ {
    flag.tuple_parts.iter().flatten().map(|parts| scalar_hint(parts))
}

/// A record, typed an entry at a time: `<key=string>...`,
/// `<key=number>...`, `<key=low|high>...`, and `<key=json>...` for values
/// that are no scalar (JSON text for the whole object still works).
#[inline(never)] // out of `value_hint`: few flags are records
fn record_hint(schema: &Schema, flag: &Flag) -> String {
    let value = record_of(schema, &flag.shape)
        .and_then(|(_, values)| parts_of(schema, values, false))
        .map_or_else(|| "json".to_owned(), |parts| scalar_hint(&parts));
    let body = if flag.nullable {
        format!("key={value}|null")
    } else {
        format!("key={value}")
    };
    format!(" <{body}>...")
}

/// A string's `format` as its placeholder (`<email>`, `<url>`, `<uuid>`,
/// `<date-time>`), when it is a plain word.
fn format_name(flag: &Flag) -> Option<&str> {
    let format = flag.shape.keywords.get("format")?.as_str()?;
    let plain = !format.is_empty()
        && format.len() <= 20
        && format
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    plain.then_some(if format == "uri" { "url" } else { format })
}

/// A choice as typed: a word bare, a string a shell or the `|` list would
/// split (`"New York"`, `""`) quoted as JSON, anything else as JSON.
fn show_value(value: &Value) -> String {
    let shown = match value.as_str() {
        Some(text) if text.is_empty() || text.chars().any(|c| c.is_whitespace() || "|<>\"'".contains(c)) => {
            value_text(value)
        }
        Some(text) => text.to_owned(),
        None => value_text(value),
    };
    sanitize(&shown)
}
