//! Nested arguments back to argv, such that parsing the result gives the
//! same arguments. Values that no argv can express are refused with
//! `UNREPRESENTABLE` rather than written in a form that parses differently.

use serde_json::{Map, Value};

use crate::error::{Code, Error, Result};
use crate::flags::names::show_path;
use crate::flags::{Flag, FlagTable, FlagType, Member};
use crate::json_out::value_text;
use crate::number::parse_integer;
use crate::schema::{fits, same_value, Schema};

pub fn to_argv(schema: &Schema, table: &FlagTable, args: &Value) -> Result<Vec<String>> {
    let Value::Object(map) = args else {
        return Err(Error::new(Code::InvalidArgs, "arguments must be an object").with_path(Vec::new()));
    };
    let mut out = Vec::new();
    write_group(schema, table, 0, map, &[], &mut out)?;
    Ok(out)
}

fn write_group(
    schema: &Schema,
    table: &FlagTable,
    group: usize,
    map: &Map<String, Value>,
    path: &[String],
    out: &mut Vec<String>,
) -> Result<()> {
    for (key, value) in map {
        let mut here = path.to_vec();
        here.push(key.clone());
        let Some((_, member)) = table.members(group).find(|(k, _)| k == key) else {
            return Err(unrepresentable(
                &here,
                "has no flag (the schema does not declare this key)",
            ));
        };
        match member {
            Member::Flag(index) => {
                // Absent is how argv says null for it.
                if let Some(flag) = table
                    .flags
                    .get(index)
                    .filter(|f| !(f.null_if_absent && value.is_null()))
                {
                    write_flag(schema, flag, value, &here, out)?;
                }
            }
            Member::Group(child) => write_child_group(schema, table, child, value, &here, out)?,
        }
    }
    check_filled_in(table, group, map, path)
}

fn write_child_group(
    schema: &Schema,
    table: &FlagTable,
    child: usize,
    value: &Value,
    path: &[String],
    out: &mut Vec<String>,
) -> Result<()> {
    let group = table.groups.get(child);
    let null_if_absent = group.is_some_and(|g| g.null_if_absent);
    if value.is_null() && null_if_absent {
        // No flag of it given is how argv says null.
        return Ok(());
    }
    if value.is_null() && group.is_some_and(|g| g.nullable) {
        return Err(unrepresentable(
            path,
            "is null for an optional nullable group of flags; with no flag given it stays absent",
        ));
    }
    let Value::Object(inner) = value else {
        return Err(Error::new(
            Code::InvalidArgs,
            format!(
                "{} must be an object, got {}",
                show_path(path),
                crate::schema::value_kind(value)
            ),
        )
        .with_path(path.to_vec()));
    };
    let before = out.len();
    write_group(schema, table, child, inner, path, out)?;
    let must_supply = group.is_some_and(|g| g.must_supply);
    if out.len() == before && null_if_absent {
        return Err(unrepresentable(
            path,
            "is an empty object for a required nullable group of flags; with no flag given it is null",
        ));
    }
    if out.len() == before && !must_supply {
        return Err(unrepresentable(
            path,
            "is an empty object for an optional group of flags; with no flag given it stays absent",
        ));
    }
    Ok(())
}

const NULL_IF_ABSENT: &str = "is absent, but it is required and takes null: absent on the command line means null";

/// Keys parsing fills in when they are absent: from a present object's
/// default object, `false` for a required switch, and `null` for a required
/// key that takes null. Arguments that leave such a key out cannot come
/// back unchanged.
fn check_filled_in(table: &FlagTable, group: usize, map: &Map<String, Value>, path: &[String]) -> Result<()> {
    for (key, member) in table.members(group) {
        if map.contains_key(key) {
            continue;
        }
        let why = match member {
            Member::Flag(index) => table.flags.get(index).and_then(|flag| filled_in(flag, group)),
            Member::Group(child) => table
                .groups
                .get(child)
                .filter(|g| g.null_if_absent)
                .map(|_| NULL_IF_ABSENT),
        };
        let Some(why) = why else { continue };
        let mut here = path.to_vec();
        here.push(key.to_owned());
        return Err(unrepresentable(&here, why));
    }
    Ok(())
}

/// Why parsing fills in `flag` when it is absent from a present `group`.
fn filled_in(flag: &Flag, group: usize) -> Option<&'static str> {
    if flag.inherited_default && group != 0 {
        Some("is absent while its object is given; parsing fills it from the object's default")
    } else if flag.switch {
        Some("is absent, but it is a required switch: absent on the command line means false")
    } else if flag.null_if_absent {
        Some(NULL_IF_ABSENT)
    } else {
        None
    }
}

fn write_flag(schema: &Schema, flag: &Flag, value: &Value, path: &[String], out: &mut Vec<String>) -> Result<()> {
    if flag.repeatable {
        let Value::Array(items) = value else {
            return Err(invalid(flag, path, value, "an array"));
        };
        if items.is_empty() {
            return Err(unrepresentable(
                path,
                "is an empty array; a repeatable flag given no times is absent",
            ));
        }
        for item in items {
            let text = scalar_text(schema, flag, item, path)?;
            push(out, flag, text);
        }
        return Ok(());
    }
    if flag.ty == FlagType::Boolean {
        match value {
            Value::Bool(true) => out.push(format!("--{}", flag.name)),
            Value::Bool(false) => out.push(format!("--no-{}", flag.name)),
            Value::Null if flag.nullable => out.push(format!("--{}=null", flag.name)),
            _ => return Err(invalid(flag, path, value, "true or false")),
        }
        return Ok(());
    }
    if flag.record {
        if let Some(entries) = record_entries(schema, flag, value) {
            for entry in entries {
                push(out, flag, entry);
            }
            return Ok(());
        }
    }
    if flag.list || flag.item_parts.is_some() {
        if let Some(items) = list_words(schema, flag, value) {
            for item in items {
                push(out, flag, item);
            }
            return Ok(());
        }
    }
    if flag.tuple_parts.is_some() {
        if let Some(words) = tuple_words(schema, flag, value) {
            out.push(format!("--{}", flag.name));
            out.extend(words);
            return Ok(());
        }
    }
    let text = scalar_text(schema, flag, value, path)?;
    push(out, flag, text);
    Ok(())
}

/// A tuple's positions as the words a person types after its flag
/// (`--range 1 5`), when the command line takes each as a word and they
/// read back as the tuple; `None` sends it as JSON text (a string that
/// starts with `-`, or whose word would read as another value).
#[inline(never)] // out of `write_flag`: few flags are tuples
fn tuple_words(schema: &Schema, flag: &Flag, value: &Value) -> Option<Vec<String>> {
    let Value::Array(items) = value else {
        return None;
    };
    let words: Vec<String> = items
        .iter()
        .map(|item| item.as_str().map_or_else(|| value_text(item), str::to_owned))
        .collect();
    let typed =
        words.first().is_some_and(|first| !first.starts_with('[')) && words.iter().all(|word| flag.takes_word(word));
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let reads_back = |item: super::item::Item<'_>| &item.into_value() == value;
    (typed && super::coerce::tuple_words(schema, flag, &refs).is_ok_and(reads_back)).then_some(words)
}

/// A list as one flag an item (`--tag a --tag b`, `--edit '{...}' --edit
/// '{...}'`), as a repeatable flag is written and as a person types it: a
/// string bare where it reads back as that item, else the item's JSON text
/// where that reads back as the one item (`'"null"'`, `'"5"'` beside
/// numbers; an object); `None` sends the whole list as JSON text (an
/// empty one, one that does not fit, one item of a "one or many" flag, an
/// item whose text would read as several, such as an array in a list of
/// anything).
#[inline(never)] // out of `write_flag`: few flags are lists
fn list_words(schema: &Schema, flag: &Flag, value: &Value) -> Option<Vec<String>> {
    let Value::Array(items) = value else {
        return None;
    };
    // A "one or many" flag given once is the value typed: one item is
    // written as the list's JSON text.
    let fewest = if flag.gathers { 2 } else { 1 };
    if items.len() < fewest || !fits(schema, &flag.shape, value) {
        return None;
    }
    let reads_back = |text: &String, item: &Value| {
        super::coerce::coerce_text(schema, flag, text, None)
            .ok()
            .map(super::item::Item::into_value)
            .is_some_and(|read| {
                if flag.gathers {
                    return &read == item;
                }
                read.as_array()
                    .is_some_and(|read| read.len() == 1 && read.first() == Some(item))
            })
    };
    items
        .iter()
        .map(|item| {
            let bare = item.as_str().map(str::to_owned).filter(|text| reads_back(text, item));
            bare.or_else(|| Some(value_text(item)).filter(|text| reads_back(text, item)))
        })
        .collect()
}

/// A record flag's object as one `KEY=VALUE` a key (`--env A=1 --env
/// B=2`), when each reads back as its entry and the whole object fits;
/// `None` sends it as JSON text (an empty object, a key with `=`).
#[inline(never)] // out of `write_flag`: few flags are records
fn record_entries(schema: &Schema, flag: &Flag, value: &Value) -> Option<Vec<String>> {
    let Value::Object(map) = value else {
        return None;
    };
    if map.is_empty() || !fits(schema, &flag.shape, value) {
        return None;
    }
    map.iter()
        .map(|(key, item)| {
            let text = match item {
                Value::String(text) => text.clone(),
                other => value_text(other),
            };
            let entry = format!("{key}={text}");
            let read = super::coerce::coerce_text(schema, flag, &entry, None)
                .ok()?
                .into_value();
            let same = read
                .as_object()
                .is_some_and(|read| read.len() == 1 && read.get(key) == Some(item));
            same.then_some(entry)
        })
        .collect()
}

fn scalar_text(schema: &Schema, flag: &Flag, value: &Value, path: &[String]) -> Result<String> {
    if value.is_null() && flag.nullable && flag.ty != FlagType::Json {
        return Ok("null".to_owned());
    }
    match (flag.ty, value) {
        (FlagType::String, Value::String(text)) => {
            if flag.nullable && text == "null" {
                return Err(unrepresentable(
                    path,
                    "is the string \"null\" for a nullable flag, where null means null",
                ));
            }
            Ok(text.clone())
        }
        (FlagType::Number, Value::Number(n)) => Ok(crate::json_out::number_text(n)),
        // Written as plain digits (`1` for `1.0`), which every parser reads.
        (FlagType::Integer, Value::Number(n)) => match parse_integer(&crate::json_out::number_text(n)) {
            Some(whole) => Ok(value_text(&whole)),
            None => Err(invalid(flag, path, value, &super::coerce::expected(schema, flag))),
        },
        (FlagType::Enum, _) if flag.choices.iter().flatten().any(|c| same_value(c, value)) => {
            Ok(value.as_str().map_or_else(|| value_text(value), str::to_owned))
        }
        (FlagType::Json, _) if fits(schema, &flag.shape, value) => Ok(json_flag_text(schema, flag, value)),
        _ => Err(invalid(flag, path, value, &super::coerce::expected(schema, flag))),
    }
}

/// A JSON flag's value as a person types it: a string bare when the flag
/// reads the bare word back as that string (`--limit auto`, `--id abc`), as
/// JSON where it would not (`"5"` for a string beside a number type).
fn json_flag_text(schema: &Schema, flag: &Flag, value: &Value) -> String {
    if let Value::String(text) = value {
        let reads_back = matches!(
            super::coerce::coerce_text(schema, flag, text, None),
            Ok(super::item::Item::Text { text: read, .. }) if read == text
        );
        if reads_back {
            return text.clone();
        }
    }
    value_text(value)
}

/// `--name value`, or `--name=value` when the value starts with `-` and
/// would otherwise read as a flag.
fn push(out: &mut Vec<String>, flag: &Flag, text: String) {
    // A counted flag takes no separate value: its number goes after `=`.
    if text.starts_with('-') || flag.count {
        out.push(format!("--{}={text}", flag.name));
    } else {
        out.push(format!("--{}", flag.name));
        out.push(text);
    }
}

fn unrepresentable(path: &[String], why: &str) -> Error {
    Error::new(Code::Unrepresentable, format!("{} {why}", show_path(path))).with_path(path.to_vec())
}

fn invalid(flag: &Flag, path: &[String], value: &Value, expected: &str) -> Error {
    Error::new(
        Code::InvalidArgs,
        format!(
            "{} (--{}) expects {expected}, got {}",
            show_path(path),
            flag.name,
            crate::schema::value_kind(value)
        ),
    )
    .with_path(path.to_vec())
    .with_flag(format!("--{}", flag.name))
}
