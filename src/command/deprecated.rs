//! What argv uses that is marked deprecated, for the warning a command line
//! prints before it runs (as cobra and argparse warn): the flags given, by
//! their names, and an action union's action, by its words. Read with the
//! parse's own tokenizer, so `-s`, `--name=v` and a cluster count as the
//! flag they spell; the environment, which the tokenizer never reads, does
//! not count.

use super::actions::ActionSet;
use super::given::given;
use crate::flags::FlagTable;

/// `--name` of each deprecated flag argv gives, once each, in table order.
#[must_use]
pub fn flags(table: &FlagTable, argv: &[&str]) -> Vec<String> {
    if !table.flags.iter().any(|f| f.deprecated) {
        return Vec::new();
    }
    let typed = given(table, argv);
    table
        .flags
        .iter()
        .zip(typed.flags)
        .filter(|(flag, given)| *given && flag.deprecated)
        .map(|(flag, _)| format!("--{}", flag.name))
        .collect()
}

/// The chosen action's words, when it is deprecated, then its flags.
#[must_use]
pub fn actions(set: &ActionSet, argv: &[&str]) -> Vec<String> {
    let Ok((at, taken)) = set.select_at(argv) else {
        return Vec::new();
    };
    let Some(action) = set.actions.get(at) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if action.deprecated {
        out.push(action.words.join(" "));
    }
    out.extend(flags(&action.table, argv.get(taken..).unwrap_or_default()));
    out
}
