//! What argv uses that is marked deprecated, for the warning a command line
//! prints before it runs (as cobra and argparse warn): the command itself,
//! an action union's action, by its words, the flags given, by their names,
//! and the old names (deprecated aliases) typed. Read with the
//! parse's own tokenizer, so `-s`, `--name=v` and a cluster count as the
//! flag they spell; the environment, which the tokenizer never reads, does
//! not count.

use serde::Serialize;

use super::actions::ActionSet;
use super::given::given;
use crate::flags::FlagTable;
use crate::help::sanitize;
use crate::schema::Deprecation;

/// One deprecated thing argv uses, as JS reads it: `{ command: "deploy" }`,
/// `{ action: "docker logs" }` or `{ flag: "--server" }`, with `message`
/// when one was given. Its text goes to a terminal as a warning, so it is
/// sanitized as usage text is (a bidi override or an escape is shown, not
/// obeyed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Used {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl Used {
    /// The whole command, by the name its usage shows.
    #[must_use]
    pub fn command(name: &str, deprecation: &Deprecation) -> Used {
        Used {
            command: Some(sanitize(name)),
            ..Used::of(deprecation)
        }
    }

    /// A flag, by the name typed for it (`--server`).
    fn flag(name: &str, deprecation: &Deprecation) -> Used {
        Used {
            flag: Some(sanitize(&format!("--{name}"))),
            ..Used::of(deprecation)
        }
    }

    /// An action, by its words.
    fn action(words: &[String], deprecation: &Deprecation) -> Used {
        Used {
            action: Some(sanitize(&words.join(" "))),
            ..Used::of(deprecation)
        }
    }

    /// Nothing named yet; the message, sanitized as usage text is.
    fn of(deprecation: &Deprecation) -> Used {
        Used {
            command: None,
            flag: None,
            action: None,
            message: deprecation.message().map(sanitize),
        }
    }
}

/// Each deprecated flag argv gives, once each, in table order; then each
/// deprecated alias typed, once each, in argv order.
#[must_use]
pub fn flags(table: &FlagTable, argv: &[&str]) -> Vec<Used> {
    let marked =
        |f: &crate::flags::Flag| f.deprecated.is_marked() || f.aliases.iter().any(|a| a.deprecated.is_marked());
    if !table.flags.iter().any(marked) {
        return Vec::new();
    }
    let typed = given(table, argv);
    let mut out: Vec<Used> = table
        .flags
        .iter()
        .zip(&typed.flags)
        .filter(|(flag, given)| **given && flag.deprecated.is_marked())
        .map(|(flag, _)| Used::flag(&flag.name, &flag.deprecated))
        .collect();
    // Then each old name typed, once each: `--server`, renamed `--host`.
    let mut said = std::collections::HashSet::new();
    for &(flag, at) in &typed.old_names {
        if !said.insert((flag, at)) {
            continue;
        }
        let Some(alias) = table.flags.get(flag).and_then(|f| f.aliases.get(at)) else {
            continue;
        };
        out.push(Used::flag(&alias.name, &alias.deprecated));
    }
    out
}

/// The chosen action's words, when it is deprecated, then its flags.
#[must_use]
pub fn actions(set: &ActionSet, argv: &[&str]) -> Vec<Used> {
    let Ok((at, taken)) = set.select_at(argv) else {
        return Vec::new();
    };
    let Some(action) = set.actions.get(at) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if action.deprecated.is_marked() {
        out.push(Used::action(&action.words, &action.deprecated));
    }
    out.extend(flags(&action.table, argv.get(taken..).unwrap_or_default()));
    out
}
