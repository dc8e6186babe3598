//! One flag value, as typed or as given in a flat object, to the JSON value
//! the schema wants. Strict: a value that does not fit is an error naming
//! what was expected, never a silent guess.

use serde_json::Value;

use super::describe::describe;
use super::item::Item;
use super::misfit::misfit;
use crate::flags::{record, scalar_union, Flag, FlagType};
use crate::json_out::value_text;
use crate::limits::MAX_CHOICES_SHOWN;
use crate::number::{integer_expected, number_expected, parse_integer, parse_number};
use crate::schema::{fits, name_fits, same_value, ArrayShape, Kind, Schema, Shape};
use crate::text::{capped_list, clip};

/// Coerces typed text; `token` is the argv token the text ends, if any.
/// `Err` holds what was expected, for the message.
pub fn coerce_text<'a>(schema: &Schema, flag: &Flag, text: &'a str, token: Option<usize>) -> Result<Item<'a>, String> {
    if flag.nullable && text == "null" && flag.ty != FlagType::Json {
        return Ok(Item::Null);
    }
    let as_number = |value: Option<Value>| match value {
        Some(Value::Number(n)) => Some(Item::Number(n)),
        _ => None,
    };
    match flag.ty {
        FlagType::String => Ok(Item::Text { text, token }),
        FlagType::Number => as_number(parse_number(text)).ok_or_else(|| number_expected(text)),
        FlagType::Integer => as_number(parse_integer(text)).ok_or_else(|| integer_expected(text)),
        FlagType::Boolean => match text {
            "true" | "1" => Ok(Item::Bool(true)),
            "false" | "0" => Ok(Item::Bool(false)),
            _ => Err("true or false".to_owned()),
        },
        FlagType::Enum if is_text_choice(flag, text) => Ok(Item::Text { text, token }),
        FlagType::Enum => spelt_choice(flag, text)
            .map(Item::from_value)
            .ok_or_else(|| expected_choices(flag)),
        FlagType::Json => match json_text(schema, flag, text)? {
            Value::String(kept) if kept == text => Ok(Item::Text { text, token }),
            other => Ok(Item::Json(other)),
        },
    }
}

/// A tuple's words (`--range 1 5`), each read for its position as a word
/// of a union of scalars is (JSON that fits, else the text where the
/// position takes a string), then the array held to the tuple whole.
#[inline(never)] // out of `collect`: few flags are tuples
pub fn tuple_words<'a>(schema: &Schema, flag: &Flag, words: &[&str]) -> Result<Item<'a>, String> {
    let positions = match &schema.resolve(&flag.shape).kind {
        Kind::Array(array) => array.prefix.as_slice(),
        _ => &[],
    };
    let read: Option<Vec<Value>> = positions
        .iter()
        .zip(words)
        .map(|(position, word)| json_value(schema, position, word).ok())
        .collect();
    match read.map(Value::Array) {
        Some(value) if words.len() == positions.len() && fits(schema, &flag.shape, &value) => Ok(Item::Json(value)),
        Some(value) => Err(json_expected(schema, flag, Some(&value))),
        None => Err(json_head(schema, flag)),
    }
}

/// A tuple typed as words given as the words typed for it (yargs-parser's
/// `nargs` gives `['1', '5']`): each is read for its position, as on the
/// command line.
fn tuple_texts<'v>(flag: &Flag, value: &'v Value) -> Option<Vec<&'v str>> {
    flag.nargs()?;
    value.as_array()?.iter().map(Value::as_str).collect()
}

/// Coerces a value from a flat object (`args_from_flag_values`): text goes through
/// [`coerce_text`], anything else must already be what the flag wants.
pub fn coerce_value<'a>(schema: &Schema, flag: &Flag, value: &'a Value) -> Result<Item<'a>, String> {
    if let Some(array) = flag.list_array(schema).filter(|_| !fits(schema, &flag.shape, value)) {
        return list_value(schema, flag, array, value);
    }
    if let Some(words) = tuple_texts(flag, value).filter(|_| !fits(schema, &flag.shape, value)) {
        return tuple_words(schema, flag, &words);
    }
    if let Value::String(text) = value {
        if flag.ty != FlagType::Json || !fits(schema, &flag.shape, value) {
            return coerce_text(schema, flag, text, None);
        }
    }
    let ok = match (flag.ty, value) {
        (_, Value::Null) => flag.nullable,
        (FlagType::Boolean, Value::Bool(_)) | (FlagType::Number, Value::Number(_)) => true,
        (FlagType::Integer, Value::Number(_)) => parse_integer(&value_text(value)).is_some(),
        (FlagType::Enum, _) => is_choice(flag, value),
        (FlagType::Json, _) => fits(schema, &flag.shape, value),
        _ => false,
    };
    if ok {
        Ok(Item::from_value(value.clone()))
    } else if flag.ty == FlagType::Json {
        Err(json_expected(schema, flag, Some(value)))
    } else {
        Err(expected(schema, flag))
    }
}

/// What a flag expects, in words.
#[must_use]
pub fn expected(schema: &Schema, flag: &Flag) -> String {
    match flag.ty {
        FlagType::String => "a string".to_owned(),
        FlagType::Number => "a number".to_owned(),
        FlagType::Integer => "an integer".to_owned(),
        FlagType::Boolean => "true or false".to_owned(),
        FlagType::Enum => expected_choices(flag),
        FlagType::Json => json_head(schema, flag),
    }
}

/// A union of scalars is typed as a word: `a number or auto`, where any
/// other JSON flag wants `JSON text for an object`.
fn json_head(schema: &Schema, flag: &Flag) -> String {
    if let Some(positions) = &flag.tuple_parts {
        return format!("{}, or JSON text for the array", scalar_union::tuple_values(positions));
    }
    match &flag.scalar_parts {
        Some(parts) => scalar_union::words(parts),
        None => match record::record_of(schema, &flag.shape).filter(|_| flag.record) {
            Some((_, values)) if record::of_scalars(schema, values) => format!(
                "KEY=VALUE with {} for the value, or JSON text for an object",
                describe(schema, values)
            ),
            Some((_, values)) => format!(
                "KEY=VALUE with JSON text for {} after the =, or JSON text for the whole object",
                describe(schema, values)
            ),
            None if flag.list => format!("JSON text for {}, or for one item", describe(schema, &flag.shape)),
            None => format!("JSON text for {}", describe(schema, &flag.shape)),
        },
    }
}

/// What a JSON flag expects, and where `given` (JSON) first misses it.
#[must_use]
pub fn expected_of(schema: &Schema, flag: &Flag, given: &Value) -> String {
    json_expected(schema, flag, Some(given))
}

fn is_choice(flag: &Flag, value: &Value) -> bool {
    match &flag.shape.kind {
        Kind::Enum(values) => values.contains(value),
        _ => flag.choices.iter().flatten().any(|c| same_value(c, value)),
    }
}

/// Whether `text` is itself a choice. Looked up in the enum's hash index
/// without allocating, so a flag of 10,000 choices costs what one of 3 does.
fn is_text_choice(flag: &Flag, text: &str) -> bool {
    match &flag.shape.kind {
        Kind::Enum(values) => values.contains_text(text),
        _ => flag.choices.iter().flatten().any(|c| c.as_str() == Some(text)),
    }
}

/// The number or boolean choice `text` spells (`--code 200`).
fn spelt_choice(flag: &Flag, text: &str) -> Option<Value> {
    let parsed = parse_number(text).or_else(|| match text {
        "true" => Some(Value::Bool(true)),
        "false" => Some(Value::Bool(false)),
        _ => None,
    })?;
    is_choice(flag, &parsed).then_some(parsed)
}

/// The choice `text` most likely meant (`cursor` for `curosr`), by the
/// core's edit distance over the choices written as text.
#[must_use]
pub fn meant_choice(flag: &Flag, text: &str) -> Option<String> {
    let choices = flag.choices.as_deref().unwrap_or_default();
    // Collected, so `closest` is the one instantiation a slice of names already has.
    let names: Vec<&str> = choices.iter().filter_map(Value::as_str).collect();
    crate::text::closest(text, names.iter().copied()).map(str::to_owned)
}

/// `one of: a, b`, an enum flag's choices as its messages name them; with
/// `meant`, a list cut short still shows it, in its last place.
#[must_use]
pub fn expected_choices_with(flag: &Flag, meant: Option<&str>) -> String {
    let choices = flag.choices.as_deref().unwrap_or_default();
    let mut shown: Vec<String> = choices
        .iter()
        .take(MAX_CHOICES_SHOWN)
        .map(|c| c.as_str().map_or_else(|| value_text(c), str::to_owned))
        .collect();
    if let Some(meant) = meant.filter(|m| !shown.iter().any(|s| s == m)) {
        if shown.len() >= MAX_CHOICES_SHOWN {
            shown.pop();
        }
        shown.push(meant.to_owned());
    }
    format!("one of: {}", capped_list(shown, choices.len(), "choices"))
}

/// `one of: a, b`, an enum flag's choices as its messages name them.
#[must_use]
pub fn expected_choices(flag: &Flag) -> String {
    expected_choices_with(flag, None)
}

fn json_text(schema: &Schema, flag: &Flag, text: &str) -> Result<Value, String> {
    if flag.record {
        if let Some((key, value)) = record::entry_text(text) {
            return record_entry(schema, flag, key, value);
        }
    }
    if let Some(array) = flag.list_array(schema) {
        return list_text(schema, flag, array, text);
    }
    json_value(schema, &flag.shape, text).map_err(|parsed| json_expected(schema, flag, parsed.as_ref()))
}

/// Text typed for `shape`: JSON text that fits, or else the text itself
/// where the schema takes a string. `Err` holds the JSON that parsed but
/// did not fit, for the message.
fn json_value(schema: &Schema, shape: &Shape, text: &str) -> Result<Value, Option<Value>> {
    let parsed = match serde_json::from_str::<Value>(text) {
        Ok(parsed) if fits(schema, shape, &parsed) => return Ok(parsed),
        Ok(parsed) => Some(parsed),
        Err(_) => None,
    };
    // A flag whose schema also takes plain text (`string | number`, `any`)
    // accepts it as typed, so `--id abc` works where `--id '"abc"'` would too.
    let as_string = Value::String(text.to_owned());
    if fits(schema, shape, &as_string) {
        return Ok(as_string);
    }
    Err(parsed)
}

/// A list flag's text, as the items it adds (`collect` appends them):
/// JSON text for several items, the whole value where that is no list
/// (`null`, for a nullable one), or else one item. An array whose items
/// all fit is read as several, so one flag of the whole list (what
/// `toArgv` writes) reads as before; `[1,2]` for a list of arrays of
/// numbers is one item, since `1` is no item.
#[inline(never)] // out of `coerce_text`: few flags are lists
fn list_text(schema: &Schema, flag: &Flag, array: &ArrayShape, text: &str) -> Result<Value, String> {
    let item_fits = |value: &Value| fits_item(schema, array, value);
    match serde_json::from_str::<Value>(text).ok() {
        Some(Value::Array(values)) if values.iter().all(item_fits) => Ok(Value::Array(values)),
        Some(whole) if !whole.is_array() && fits(schema, &flag.shape, &whole) => Ok(whole),
        Some(item) if item_fits(&item) => Ok(Value::Array(vec![item])),
        parsed => {
            // Text that is no JSON (or JSON of another kind) is one item
            // where an item takes a string, as for any JSON flag.
            let as_string = Value::String(text.to_owned());
            if item_fits(&as_string) {
                return Ok(Value::Array(vec![as_string]));
            }
            Err(list_expected(schema, flag, array, parsed.as_ref()))
        }
    }
}

/// A value from a flat object for a list flag that is not the whole list:
/// text as typed (several items or one), else one item.
#[inline(never)] // out of `coerce_value`: few flags are lists
fn list_value<'a>(schema: &Schema, flag: &Flag, array: &ArrayShape, value: &'a Value) -> Result<Item<'a>, String> {
    if let Value::String(text) = value {
        return coerce_text(schema, flag, text, None);
    }
    if fits_item(schema, array, value) {
        return Ok(Item::Json(Value::Array(vec![value.clone()])));
    }
    Err(list_expected(schema, flag, array, Some(value)))
}

/// Whether `value` is one item of the list (any value, where `items` is absent).
fn fits_item(schema: &Schema, array: &ArrayShape, value: &Value) -> bool {
    array.items.as_ref().is_none_or(|items| fits(schema, items, value))
}

/// What a list flag expects, and where `given` first misses it: an array
/// is held to the list, anything else to one item.
fn list_expected(schema: &Schema, flag: &Flag, array: &ArrayShape, given: Option<&Value>) -> String {
    let expected = json_head(schema, flag);
    let missed = match (given, &array.items) {
        (Some(value @ Value::Array(_)), _) => misfit(schema, &flag.shape, value),
        (Some(value), Some(items)) => misfit(schema, items, value),
        (_, _) => None,
    };
    with_misfit(expected, missed)
}

/// One `KEY=VALUE` of a record flag, as the one-entry object it adds
/// (`collect` merges them): the value typed for the record's value
/// schema, the key held to its `propertyNames`.
#[inline(never)] // out of `coerce_text`: few flags are records
fn record_entry(schema: &Schema, flag: &Flag, key: &str, value: &str) -> Result<Value, String> {
    let Some((object, values)) = record::record_of(schema, &flag.shape) else {
        return Err(json_head(schema, flag));
    };
    if !object
        .property_names
        .as_ref()
        .is_none_or(|names| name_fits(schema, names, key))
    {
        return Err(format!(
            "{} (the key \"{}\" is not one it takes)",
            json_head(schema, flag),
            clip(key)
        ));
    }
    match json_value(schema, values, value) {
        Ok(value) => {
            let mut entry = serde_json::Map::new();
            entry.insert(key.to_owned(), value);
            Ok(Value::Object(entry))
        }
        Err(_) => Err(json_head(schema, flag)),
    }
}

/// What a JSON flag expects, and, for JSON that parsed but does not fit,
/// where inside it the first mistake is: a list of objects one of which
/// lacks a key reads "(at [1]: the required key "b" is missing)".
fn json_expected(schema: &Schema, flag: &Flag, given: Option<&Value>) -> String {
    let expected = json_head(schema, flag);
    with_misfit(expected, given.and_then(|value| misfit(schema, &flag.shape, value)))
}

/// `expected`, then where the given value first missed it.
fn with_misfit(expected: String, missed: Option<(String, String)>) -> String {
    match missed {
        Some((path, reason)) if path.is_empty() => format!("{expected} ({reason})"),
        Some((path, reason)) => format!("{expected} (at {path}: {reason})"),
        None => expected,
    }
}
