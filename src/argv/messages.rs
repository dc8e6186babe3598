//! What argv parsing says when a word does not fit: each message names
//! the flag or token and says what to write instead.

use crate::args::expected_choices;
use crate::error::{Issue, IssueCode};
use crate::flags::{scalar_union, Flag, FlagTable, FlagType};
use crate::number::is_json_number;
use crate::text::clip;

/// `unexpected argument "false" after --dry-run: a switch takes no value;
/// write --no-dry-run or --dry-run=false`.
pub(super) fn after_switch_message(flag: &crate::flags::Flag, token: &str, boolean_word: bool) -> String {
    let name = &flag.name;
    let shown = clip(token);
    if flag.value_optional() {
        // Only a negation ends such a flag without its value: `--no-color false`.
        return format!(
            "unexpected argument \"{shown}\" after --no-{name}: the negation takes no value; write --no-{name}, or --{name} {shown}"
        );
    }
    if boolean_word {
        let value = token.to_ascii_lowercase();
        let bare = if value == "true" {
            format!("--{name}")
        } else {
            format!("--no-{name}")
        };
        format!(
            "unexpected argument \"{shown}\" after --{name}: a switch takes no value; write {bare} or --{name}={value}"
        )
    } else if flag.count && is_json_number(token) {
        format!(
            "unexpected argument \"{shown}\" after --{name}: a counted flag takes no value; write --{name}={shown}, or give --{name} that many times"
        )
    } else {
        format!(
            "unexpected argument \"{shown}\" after --{name}: a switch takes no value, and no key is left to take a positional argument"
        )
    }
}

/// `unexpected argument "b": --tags takes one value each time it is given;
/// write --tags b to add it`, for `--tags a b` as yargs would read it.
pub(super) fn after_list_message(flag: &crate::flags::Flag, token: &str) -> String {
    let name = &flag.name;
    let shown = clip(token);
    let write = if token.starts_with('-') {
        format!("--{name}={shown}")
    } else {
        format!("--{name} {shown}")
    };
    format!("unexpected argument \"{shown}\": --{name} takes one value each time it is given; write {write} to add it")
}

pub(super) fn no_place_message(table: &FlagTable, token: &str) -> String {
    let shown = clip(token);
    if table.positionals.is_empty() {
        return format!(
            "unexpected argument \"{shown}\": this command takes no positional arguments; give a value with its flag (--name value), or after -- to pass it through"
        );
    }
    let names: Vec<String> = table
        .positionals
        .iter()
        .filter_map(|&i| table.flags.get(i))
        .map(|f| format!("<{}>", f.name))
        .collect();
    format!(
        "unexpected argument \"{shown}\": this command takes {} positional argument{} ({}); put the rest after -- to pass them through",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(" ")
    )
}

/// `an integer`, `a string`.
/// `a number value`; for a union of scalars `a value: a number or auto`,
/// for a record `a value: KEY=VALUE, ...`, for other JSON `a value: JSON
/// text` (`a json value` read as if JSON were a kind of value), for an
/// enum `a value, one of: a, b` (`a choice value` named none of them).
pub(super) fn what_value(flag: &Flag) -> String {
    if let Some(positions) = &flag.tuple_parts {
        return scalar_union::tuple_values(positions);
    }
    match &flag.scalar_parts {
        Some(parts) => format!("a value: {}", scalar_union::words(parts)),
        None if flag.record => "a value: KEY=VALUE, or JSON text for an object".to_owned(),
        None if flag.list => "a value: JSON text for the list, or for one item".to_owned(),
        None if flag.json => "a value: JSON text".to_owned(),
        None if flag.ty == FlagType::Enum => format!("a value, {}", expected_choices(flag)),
        None => format!("{} value", with_article(flag.ty.placeholder())),
    }
}

pub(super) fn with_article(word: &str) -> String {
    let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {word}")
}

pub(super) fn typed_long(table: &FlagTable, flag: usize) -> String {
    table
        .flags
        .get(flag)
        .map_or_else(String::new, |f| format!("--{}", f.name))
}

pub(super) fn path_of(table: &FlagTable, flag: usize) -> Vec<String> {
    table.flags.get(flag).map_or_else(Vec::new, |f| f.path.clone())
}

/// An unknown flag, with the flag it likely meant (see
/// [`crate::flags::suggest::meant`]).
pub(super) fn unknown(table: &FlagTable, shown: &str, name: &str, issues_before: usize) -> Issue {
    let hint = crate::flags::suggest::object_flags(table, name, issues_before)
        .or_else(|| crate::flags::suggest::meant(table, name, issues_before).map(|s| format!("; did you mean --{s}?")))
        .unwrap_or_default();
    Issue {
        code: IssueCode::UnknownFlag,
        path: Vec::new(),
        flag: Some(shown.to_owned()),
        message: format!("unknown flag {shown}{hint}"),
    }
}

pub(super) fn unknown_short(c: char) -> Issue {
    Issue {
        code: IssueCode::UnknownFlag,
        path: Vec::new(),
        flag: Some(format!("-{c}")),
        message: format!("unknown flag -{c}"),
    }
}
