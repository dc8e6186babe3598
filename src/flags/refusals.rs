//! What the table builder refuses, each error naming the key path or flag
//! and the way out.

use super::flag::FlagType;
use super::names::show_path;
use super::table::FlagTable;
use crate::error::{Code, Error};
use crate::text::clip;

/// A flag name no command line can carry. Out of line, as the other
/// errors here: V8 compiles a whole function on its first call, and the
/// formatting would be compiled by every first parse.
#[cold]
#[inline(never)]
pub(super) fn bad_name(name: &str, generated: Option<&str>, problem: &str, path: Vec<String>) -> Error {
    let generated = generated.unwrap_or(name);
    Error::new(
        Code::InvalidFlagName,
        format!(
            "the key path {} gives the flag name \"{name}\", which {problem}; set another with options.flags[{}].name",
            show_path(&path),
            crate::json_out::to_string(generated).unwrap_or_default()
        ),
    )
    .with_path(path)
}

#[cold]
#[inline(never)]
pub(super) fn ambiguous_override(generated: &str, path: &[String]) -> Error {
    Error::new(
        Code::InvalidOption,
        format!(
            "options.flags[{}] matches more than one key path (the second is {}); \
             rename one in its schema with .meta({{ cli: {{ name }} }})",
            crate::json_out::to_string(generated).unwrap_or_default(),
            show_path(path)
        ),
    )
}

#[cold]
#[inline(never)]
pub(super) fn unknown_override(name: &str, table: &FlagTable) -> Error {
    let names: Vec<&str> = table.flags.iter().map(|f| f.name.as_str()).collect();
    let hint = crate::text::closest(name, names.iter().copied())
        .map(|s| format!("; did you mean \"{s}\"?"))
        .unwrap_or_default();
    Error::new(
        Code::InvalidOption,
        format!("options.flags names \"{name}\", which is not a flag of this tool{hint}"),
    )
}

/// An alias no one could type as a flag name.
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn bad_alias(name: &str, alias: &str, problem: &str, path: Vec<String>) -> Error {
    Error::new(
        Code::InvalidFlagName,
        format!("the alias \"{}\" of --{name} {problem}", clip(alias)),
    )
    .with_flag(format!("--{name}"))
    .with_path(path)
}

/// `count` on a flag whose value is not one number.
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn not_countable(name: &str, repeatable: bool, ty: FlagType, path: Vec<String>) -> Error {
    let what = if repeatable {
        "a list".to_owned()
    } else {
        format!("of type {}", ty.placeholder())
    };
    Error::new(
        Code::InvalidOption,
        format!(
            "--{name} cannot be counted: \"count\" is for an integer key (given as -vvv for 3), and this one is {what}"
        ),
    )
    .with_flag(format!("--{name}"))
    .with_path(path)
}
