//! Raw flag values to nested, typed arguments (coercion), and back (toArgv).

mod assemble;
mod coerce;
mod describe;
mod input;
mod item;
mod misfit;
mod to_argv;

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Issue, IssueCode, Result};
use crate::flags::{Flag, FlagTable, FlagType, Lookup};
use crate::json_out::value_text;
use crate::limits::MAX_SUGGESTED_ISSUES;
use crate::schema::Schema;
use crate::text::clip;
use assemble::Collected;

pub use input::{FlagValue, FlagValues, RawValue, Spelling};
pub use item::Item;

pub use coerce::expected_choices;
pub use describe::describe;
pub use to_argv::to_argv;

/// Environment variables, looked up by name.
pub type Env<'e> = &'e dyn Fn(&str) -> Option<String>;

/// Flag values to nested arguments.
pub fn from_flag_values(schema: &Schema, table: &FlagTable, given: &FlagValues<'_>, env: Env<'_>) -> Result<Value> {
    collect(schema, table, given, env).assemble(table)
}

fn collect<'a>(schema: &Schema, table: &'a FlagTable, given: &FlagValues<'a>, env: Env<'_>) -> Collected<'a> {
    let mut collected = Collected::new(table);
    let mut found: Vec<(usize, Issue)> = Vec::new();
    found.extend(given.issues.iter().cloned());
    for given in &given.values {
        let Some(flag) = table.flags.get(given.flag) else {
            continue;
        };
        let coerced = match given.raw {
            // A counted flag given bare counts one.
            RawValue::Bool(_) if flag.count => Ok(Item::Number(1.into())),
            RawValue::Bool(b) => Ok(Item::Bool(b)),
            RawValue::Text(text) => coerce::coerce_text(schema, flag, text, Some(given.value_at)),
            RawValue::Words { first, ahead } => {
                let words: Vec<&str> = first.into_iter().chain(ahead.iter().copied()).collect();
                coerce::tuple_words(schema, flag, &words)
            }
        };
        match coerced {
            Ok(item) if flag.count => collected.add(given.flag, &item),
            Ok(item) => collected.give(given.flag, flag, item),
            Err(expected) => {
                let suggest = found.len() < MAX_SUGGESTED_ISSUES;
                let shown = given.spelling.show_for(&flag.name);
                let received = received_text(given.raw);
                found.push((
                    given.at,
                    bad_value_of(schema, flag, (&shown, &received, &expected), suggest),
                ));
            }
        }
    }
    // Reported in argv order, whichever stage found them (ties in the order
    // found). The places are sorted, not the issues: the module's one sort
    // takes pairs (`crate::order`); a stable sort of issues was 8 KB.
    let order: Vec<(usize, usize)> = found.iter().enumerate().map(|(i, (at, _))| (*at, i)).collect();
    let mut found: Vec<Option<Issue>> = found.into_iter().map(|(_, issue)| Some(issue)).collect();
    for (_, i) in crate::order::sort_pairs(order) {
        if let Some(issue) = found.get_mut(i).and_then(Option::take) {
            collected.issue(issue);
        }
    }
    collected.dropped += given.dropped;
    collected.partial = given.partial;
    from_env(schema, table, &mut collected, env);
    if collected.merged {
        check_records(schema, table, &mut collected);
    }
    collected
}

/// Each record flag given, held whole to its schema once all its entries
/// are in: an entry fits alone, yet the object may lack a required key.
#[inline(never)] // out of `collect`: few parses merge entries
fn check_records(schema: &Schema, table: &FlagTable, collected: &mut Collected<'_>) {
    for (index, flag) in table.flags.iter().enumerate().filter(|(_, flag)| flag.record) {
        if let Some(given) = collected.merged_object(index) {
            if !crate::schema::fits(schema, &flag.shape, given) {
                let shown = value_text(given);
                let expected = coerce::expected_of(schema, flag, given);
                collected.issue(bad_value(schema, flag, &format!("--{}", flag.name), &shown, &expected));
            }
        }
    }
}

/// `{ "config-timeout": "30" }` to `{ config: { timeout: 30 } }`.
pub fn from_flag_object<'a>(
    schema: &Schema,
    table: &'a FlagTable,
    values: &'a Map<String, Value>,
    env: Env<'_>,
) -> Result<Value> {
    let mut collected = Collected::new(table);
    for (name, value) in values {
        let (index, negated) = match table.lookup(name) {
            Some(Lookup::Flag(i)) => (i, false),
            Some(Lookup::Negation(i)) => (i, true),
            None => {
                let issues_before = collected.issues.len();
                collected.issue_with(|| {
                    let hint = crate::flags::suggest::meant(table, name, issues_before)
                        .map(|s| format!("; did you mean \"{s}\"?"))
                        .unwrap_or_default();
                    Issue {
                        code: IssueCode::UnknownFlag,
                        path: Vec::new(),
                        flag: Some(format!("--{}", clip(name))),
                        message: format!("unknown flag name \"{}\"{hint}", clip(name)),
                    }
                });
                continue;
            }
        };
        let Some(flag) = table.flags.get(index) else {
            continue;
        };
        let shown = format!("--{}", flag.name);
        if negated {
            match value {
                Value::Bool(b) => collected.put(index, Item::Bool(!b), false),
                _ => collected.issue(bad_value(
                    schema,
                    flag,
                    &format!("--no-{}", flag.name),
                    &value_text(value),
                    "true or false",
                )),
            }
            continue;
        }
        match (flag.repeatable, value) {
            (true, Value::Array(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match coerce::coerce_value(schema, flag, item) {
                        Ok(v) => out.push(v),
                        Err(expected) => collected.issue(bad_value(schema, flag, &shown, &given_text(item), &expected)),
                    }
                }
                collected.put_all(index, out);
            }
            // A list or record given as the texts typed for it
            // (util.parseArgs' `multiple` gives `['{"a":1}', '{"a":2}']`,
            // `['A=1', 'B=2']`): each adds, as typed would. Other values are
            // held to the flag whole, so a mistake is named by its place
            // (`at [1]`).
            (false, Value::Array(items))
                if (flag.list || flag.record)
                    && items.iter().all(Value::is_string)
                    && !crate::schema::fits(schema, &flag.shape, value) =>
            {
                for item in items {
                    match coerce::coerce_value(schema, flag, item) {
                        Ok(v) => collected.give(index, flag, v),
                        Err(expected) => collected.issue(bad_value(schema, flag, &shown, &given_text(item), &expected)),
                    }
                }
            }
            (_, value) => match coerce::coerce_value(schema, flag, value) {
                Ok(v) => collected.give(index, flag, v),
                Err(expected) => collected.issue(bad_value(schema, flag, &shown, &given_text(value), &expected)),
            },
        }
    }
    from_env(schema, table, &mut collected, env);
    if collected.merged {
        check_records(schema, table, &mut collected);
    }
    collected.assemble(table)
}

/// Flags still absent read their environment variable, if one is set.
fn from_env(schema: &Schema, table: &FlagTable, collected: &mut Collected, env: Env<'_>) {
    for (index, flag) in table.flags.iter().enumerate() {
        if !collected.is_empty(index) {
            continue;
        }
        let Some(name) = flag.env.as_deref() else {
            continue;
        };
        // An empty variable is unset, as shells and dotenv files mean it.
        let Some(text) = env(name).filter(|t| !t.is_empty()) else {
            continue;
        };
        take_env(schema, flag, index, name, &text, collected);
    }
}

/// One variable's value into its flag. Its own function: V8 compiles a
/// whole function on its first call, and most parses read no variable.
#[inline(never)]
fn take_env(schema: &Schema, flag: &Flag, index: usize, name: &str, text: &str, collected: &mut Collected) {
    let refused = |collected: &mut Collected, expected: &str| {
        let shown = format!("{} (for --{})", Spelling::Env(name).show(), flag.name);
        let suggest = collected.issues.len() < MAX_SUGGESTED_ISSUES;
        collected.issue(bad_value_of(schema, flag, (&shown, text, expected), suggest));
    };
    if let Some(words) = tuple_env_words(flag, text) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match coerce::tuple_words(schema, flag, &words) {
            Ok(item) => collected.give(index, flag, item),
            Err(expected) => refused(collected, &expected),
        }
        return;
    }
    // A "one or many" flag reads the value as typed, or, where that does
    // not read (`1,2` for numbers), its items in commas, as a list does.
    // The value read as typed is kept, not read a second time.
    let parts = if flag.gathers && text.contains(',') {
        match coerce::coerce_text(schema, flag, text, None) {
            Ok(item) => {
                collected.give(index, flag, item.detach());
                return;
            }
            Err(_) => split_commas(text),
        }
    } else {
        env_values(flag, text)
    };
    for part in parts {
        match coerce::coerce_text(schema, flag, &part, None).map(Item::detach) {
            Ok(item) => collected.give(index, flag, item),
            Err(expected) => {
                refused(collected, &expected);
                break;
            }
        }
    }
}

/// A tuple typed as words reads its positions from one variable as a
/// list does, in commas (`1,5`, `\,` for a comma); JSON text for the
/// whole tuple (`[1,5]`) is read as it is.
fn tuple_env_words(flag: &Flag, text: &str) -> Option<Vec<String>> {
    let json_array = text.trim_start().starts_with('[') && serde_json::from_str::<Value>(text).is_ok();
    (flag.nargs().is_some() && !json_array).then(|| split_commas(text))
}

/// What one environment variable holds for a flag: for a repeatable flag a
/// list, as JSON text (`["a","b"]`) or comma-separated (`a,b`, `\,` for a
/// comma), and for a list flag the same, its JSON text kept whole; for a
/// boolean also `yes`/`no`/`on`/`off` in any case, and so for a union with
/// a boolean where no string branch would take those words.
fn env_values(flag: &Flag, text: &str) -> Vec<String> {
    if flag.ty == crate::flags::FlagType::Boolean || boolean_words(flag) {
        let word = match text.to_ascii_lowercase().as_str() {
            "yes" | "on" | "true" => "true".to_owned(),
            "no" | "off" | "false" => "false".to_owned(),
            _ => text.to_owned(),
        };
        return vec![word];
    }
    // A record's entries in commas (`a=1,b=2`), as its flag takes them one
    // at a time; JSON text, or a value holding a comma that is no entry,
    // is read whole.
    if flag.record && serde_json::from_str::<Value>(text).is_err() {
        let entries = split_commas(text);
        if entries.len() > 1
            && entries
                .iter()
                .all(|entry| crate::flags::record::entry_text(entry).is_some())
        {
            return entries;
        }
        return vec![text.to_owned()];
    }
    // A list reads JSON text as it is, for one item or several, and a
    // list in commas as a repeatable flag does.
    let list_in_commas = flag.list && serde_json::from_str::<Value>(text).is_err();
    if !flag.repeatable && !list_in_commas {
        return vec![text.to_owned()];
    }
    if text.trim_start().starts_with('[') {
        if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) {
            return items
                .into_iter()
                .map(|item| match item {
                    Value::String(s) => s,
                    other => value_text(&other),
                })
                .collect();
        }
    }
    split_commas(text)
}

/// A flag whose value may be left out (`--color`) reads `yes` as `true`
/// from the environment, as a boolean does, unless its union takes any
/// string (then `yes` is that string).
fn boolean_words(flag: &Flag) -> bool {
    flag.value_optional()
        && !flag
            .scalar_parts
            .as_deref()
            .is_some_and(|parts| parts.contains(&crate::flags::scalar_union::Part::Kind("string")))
}

/// `a,b\,c` to `["a", "b,c"]`.
fn split_commas(text: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(',') => push_char(&mut parts, ','),
                Some(other) => {
                    push_char(&mut parts, '\\');
                    push_char(&mut parts, other);
                }
                None => push_char(&mut parts, '\\'),
            },
            ',' => parts.push(String::new()),
            other => push_char(&mut parts, other),
        }
    }
    parts
}

fn push_char(parts: &mut [String], c: char) {
    if let Some(last) = parts.last_mut() {
        last.push(c);
    }
}

/// A value of a flat object as a message shows it: text as it is (the
/// message quotes it), anything else as JSON.
fn given_text(value: &Value) -> String {
    value.as_str().map_or_else(|| value_text(value), str::to_owned)
}

fn received_text(raw: RawValue<'_>) -> String {
    match raw {
        RawValue::Text(text) => text.to_owned(),
        RawValue::Bool(b) => b.to_string(),
        RawValue::Words { first, ahead } => first
            .into_iter()
            .chain(ahead.iter().copied())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn bad_value(schema: &Schema, flag: &Flag, shown: &str, received: &str, expected: &str) -> Issue {
    bad_value_of(schema, flag, (shown, received, expected), false)
}

/// [`bad_value`], naming a near miss of a choice (`curosr`) as a near miss
/// of a flag is named, when `suggest`: only the first issues of a parse
/// look for one, since each looks at every choice.
fn bad_value_of(schema: &Schema, flag: &Flag, (shown, received, expected): (&str, &str, &str), suggest: bool) -> Issue {
    let near = (suggest && flag.ty == FlagType::Enum)
        .then(|| coerce::meant_choice(flag, received))
        .flatten();
    let expected = match &near {
        Some(choice) => Cow::Owned(coerce::expected_choices_with(flag, Some(choice))),
        None => Cow::Borrowed(expected),
    };
    let meant = near
        .map(|choice| format!("; did you mean \"{}\"?", clip(&choice)))
        .unwrap_or_default();
    let received = crate::json_out::to_string(&clip(received)).unwrap_or_default();
    Issue {
        code: IssueCode::InvalidValue,
        path: flag.path.clone(),
        flag: Some(shown.to_owned()),
        message: format!(
            "{shown} expects {expected}, got {received}{meant}{}",
            json_example(schema, flag)
        ),
    }
}

/// `; e.g. --hosts '{"name":"..."}'` for a JSON flag (one item for a
/// list), when the example is short and quotes safely in a shell.
fn json_example(schema: &Schema, flag: &Flag) -> String {
    if flag.ty != FlagType::Json || flag.scalar_parts.is_some() || flag.record || flag.tuple_parts.is_some() {
        return String::new();
    }
    crate::schema::example_text(schema, flag.example_shape(schema))
        .map(|text| format!("; e.g. --{} '{text}'", flag.name))
        .unwrap_or_default()
}
