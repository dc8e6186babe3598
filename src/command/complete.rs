//! Shell completion: what may come next on a command line. The words
//! already typed are read by the parse's own tokenizer, so a completion
//! offers what the parse would take: the flags not yet given (again, one
//! that adds to its value), `--no-` of a negatable switch, an enum flag's
//! choices as its value (after `--name`, or as `--name=`), a positional
//! key's choices, a tuple's values position by position, an action
//! union's words. Free text (a string, a number,
//! a path) gets no candidates, so the shell falls back to its own (file
//! names); an empty word where no positional fits gets the flags.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use super::actions::ActionSet;
use super::given::given;
use crate::flags::choice_notes::choice_notes;
use crate::flags::scalar_union::{typed_form, Part};
use crate::flags::{Builtins, Flag, FlagTable, FlagType, Lookup};
use crate::schema::Schema;
use crate::text::clip;

/// One word the shell may offer, with a line saying what it is (zsh and
/// fish show it beside the word).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

impl Candidate {
    /// A candidate whose description is shown as one line (see [`summary_line`]).
    #[must_use]
    pub fn new(value: String, description: Option<&str>) -> Candidate {
        Candidate {
            value,
            description: description.and_then(summary_line),
        }
    }
}

/// The words typed split into those finished and the one under the cursor
/// (empty when the cursor follows a space).
#[must_use]
pub fn split_words<'w, 'a>(words: &'w [&'a str]) -> (&'w [&'a str], &'a str) {
    match words.split_last() {
        Some((current, before)) => (before, current),
        None => (&[], ""),
    }
}

/// Candidates for a tool whose command line is one flag table.
#[must_use]
pub fn flags(schema: &Schema, table: &FlagTable, before: &[&str], current: &str) -> Vec<Candidate> {
    // After `--` every word is rest: nothing the table knows.
    if before.contains(&"--") {
        return Vec::new();
    }
    if let Some((flag, position)) = tuple_position(table, before) {
        return matching(position_values(flag, position), current);
    }
    let typed = given(table, before);
    let pending = before
        .last()
        .filter(|_| !typed.last_is_value)
        .and_then(|word| awaiting_value(table, word));
    if let Some(flag) = pending.and_then(|i| table.flags.get(i)) {
        // A value that may be left out (`--color`) leaves room for a flag.
        if !(flag.value_optional() && current.starts_with('-')) {
            return matching(values_of(schema, flag, ""), current);
        }
    }
    if let Some((name, _)) = current.strip_prefix("--").and_then(|body| body.split_once('=')) {
        let flag = match table.lookup(name) {
            Some(Lookup::Flag(i)) => table.flags.get(i),
            _ => None,
        };
        return flag.map_or_else(Vec::new, |flag| {
            matching(values_of(schema, flag, &format!("--{name}=")), current)
        });
    }
    if current.starts_with('-') {
        return matching(flag_names(table, &typed.flags, one_dash(current)), current);
    }
    match table
        .positional_slot(typed.positionals)
        .and_then(|i| table.flags.get(i))
    {
        Some(flag) => matching(values_of(schema, flag, ""), current),
        // No positional fits here, so file names would be no use: an empty
        // word gets the flags, as yargs offers them when it has nothing else.
        None if current.is_empty() => matching(flag_names(table, &typed.flags, false), current),
        None => Vec::new(),
    }
}

/// Candidates for an action union: its words first, then the chosen
/// action's flags. The words are chosen as the parse chooses them
/// ([`ActionSet::select_at`]).
#[must_use]
pub fn actions(schema: &Schema, set: &ActionSet, builtins: Builtins, before: &[&str], current: &str) -> Vec<Candidate> {
    let Some(&first) = before.first() else {
        if current.starts_with('-') {
            return matching(builtin_names(builtins, one_dash(current)), current);
        }
        return matching(first_words(set), current);
    };
    if before.len() == 1 && !current.starts_with('-') && set.under(first).next().is_some() {
        let words = set
            .under(first)
            .filter(|a| a.deprecated.is_current())
            .filter_map(|a| Some(Candidate::new(a.words.get(1)?.clone(), a.description.as_deref())));
        return matching(words.collect(), current);
    }
    let Ok((at, taken)) = set.select_at(before) else {
        return Vec::new();
    };
    set.actions.get(at).map_or_else(Vec::new, |action| {
        flags(schema, &action.table, before.get(taken..).unwrap_or_default(), current)
    })
}

/// The first word of each action, once each, in one pass (a union of
/// thousands of actions must not cost their square): a word first met as
/// a whole action is described as that action, one with second words
/// under it by them.
fn first_words(set: &ActionSet) -> Vec<Candidate> {
    /// A first word: whether a one-word action met it first (and that
    /// action's description), and the second words under it.
    struct FirstWord<'s> {
        text: &'s str,
        whole: bool,
        description: Option<&'s str>,
        under: Vec<&'s str>,
    }
    let mut words: Vec<FirstWord<'_>> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for action in set.actions.iter().filter(|a| a.deprecated.is_current()) {
        let mut parts = action.words.iter().map(String::as_str);
        let Some(first) = parts.next() else { continue };
        let second = parts.next();
        let slot = *at.entry(first).or_insert_with(|| {
            words.push(FirstWord {
                text: first,
                whole: second.is_none(),
                description: action.description.as_deref(),
                under: Vec::new(),
            });
            words.len() - 1
        });
        if let (Some(second), Some(word)) = (second, words.get_mut(slot)) {
            word.under.push(second);
        }
    }
    words
        .into_iter()
        .map(|word| {
            let description = if word.whole {
                word.description.map(str::to_owned)
            } else {
                Some(format!("{} {}", word.text, word.under.join(", ")))
            };
            Candidate::new(word.text.to_owned(), description.as_deref())
        })
        .collect()
}

/// A tuple typed as words whose words are not all in yet (`--range 1`,
/// or `--range=1`, before the cursor): the flag and the position the
/// next word fills.
fn tuple_position<'t>(table: &'t FlagTable, before: &[&str]) -> Option<(&'t Flag, usize)> {
    let limit = crate::limits::MAX_TUPLE_WORDS.min(before.len());
    (0..limit).find_map(|typed| {
        let at = before.len().checked_sub(typed + 1)?;
        let word = before.get(at)?;
        let (flag, inline) = match awaiting_value(table, word) {
            Some(index) => (table.flags.get(index)?, false),
            None => (inline_tuple(table, word)?, true),
        };
        let position = typed + usize::from(inline);
        let words = before.get(at + 1..)?;
        let open = flag.nargs().is_some_and(|nargs| position < nargs)
            && (inline || words.first().is_none_or(|first| !first.starts_with('[')))
            && words.iter().all(|word| flag.takes_word(word));
        open.then_some((flag, position))
    })
}

/// The tuple flag a `--name=word` gives its first word, as the parse
/// reads it (JSON text for the whole tuple, `--range=[1,5]`, is none).
fn inline_tuple<'t>(table: &'t FlagTable, word: &str) -> Option<&'t Flag> {
    let (name, value) = word.strip_prefix("--")?.split_once('=')?;
    let Some(Lookup::Flag(index)) = table.lookup(name) else {
        return None;
    };
    table
        .flags
        .get(index)
        .filter(|flag| flag.nargs().is_some() && !value.starts_with('['))
}

/// What a tuple's position offers: its values, as a union of scalars'.
fn position_values(flag: &Flag, position: usize) -> Vec<Candidate> {
    let Some(parts) = flag.tuple_parts.as_ref().and_then(|positions| positions.get(position)) else {
        return Vec::new();
    };
    parts
        .iter()
        .flat_map(part_words)
        .map(|word| Candidate::new(word, None))
        .collect()
}

/// The flag whose value the word leaves to the next one (`--name`, or a
/// short cluster ending in a flag that takes a value), if any.
fn awaiting_value(table: &FlagTable, word: &str) -> Option<usize> {
    let takes_value = |i: usize| table.flags.get(i).is_some_and(crate::flags::Flag::takes_value);
    if let Some(body) = word.strip_prefix("--") {
        if body.contains('=') {
            return None;
        }
        return match table.lookup(body) {
            Some(Lookup::Flag(i)) if takes_value(i) => Some(i),
            _ => None,
        };
    }
    let body = word.strip_prefix('-')?;
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        let flag = table.short(c)?;
        if takes_value(flag) {
            // `-n5` holds its value; `-n` leaves it to the next word.
            return chars.peek().is_none().then_some(flag);
        }
    }
    None
}

/// Whether the word under the cursor is a single dash's (`-`, `-v`), where
/// short names are offered beside the long ones, as click's and
/// argcomplete's completions do; after `--` or on an empty word only the
/// long names are, which say what each flag is.
#[must_use]
pub fn one_dash(current: &str) -> bool {
    current.starts_with('-') && !current.starts_with("--")
}

/// Every name a person may type next: flags not yet given (or given
/// again to add to their value), each one's short name first when
/// `shorts`, their negations, then the built-in ones. Hidden and
/// deprecated flags are left for those who know them.
fn flag_names(table: &FlagTable, given: &[bool], shorts: bool) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (i, flag) in table.flags.iter().enumerate() {
        let seen = given.get(i).copied().unwrap_or(false);
        if flag.hidden || flag.deprecated.is_marked() || (seen && !flag.gathers()) {
            continue;
        }
        if let Some(short) = flag.short.as_deref().filter(|_| shorts) {
            out.push(Candidate::new(format!("-{short}"), flag.description.as_deref()));
        }
        out.push(Candidate::new(format!("--{}", flag.name), flag.description.as_deref()));
        if flag.negatable && !seen {
            out.push(Candidate::new(format!("--no-{}", flag.name), None));
        }
    }
    out.extend(builtin_names(table.builtins, shorts));
    out
}

/// `--help` (and `-h` when `shorts`) and `--version`, as the compile
/// options left them.
#[must_use]
pub fn builtin_names(builtins: Builtins, shorts: bool) -> Vec<Candidate> {
    let mut out = Vec::new();
    if let Some(short) = builtins.help_short.filter(|_| shorts) {
        out.push(Candidate::new(format!("-{short}"), Some("Show help")));
    }
    if builtins.help {
        out.push(Candidate::new("--help".to_owned(), Some("Show help")));
    }
    if builtins.version {
        out.push(Candidate::new("--version".to_owned(), Some("Show the version")));
    }
    out
}

/// The values a flag can take that are worth offering: an enum's choices,
/// a boolean's two words (only reached as `--name=`), a union of scalars'
/// values and boolean words (a list of them, one item's); none for free
/// text. A value its schema describes (a union of described literals)
/// carries that description.
fn values_of(schema: &Schema, flag: &Flag, prefix: &str) -> Vec<Candidate> {
    // A list of scalars offers what one item takes.
    let parts = flag.scalar_parts.as_ref().or(flag.item_parts.as_ref());
    let words: Vec<String> = match (flag.ty, &flag.choices, parts) {
        (FlagType::Boolean, _, _) => vec!["true".to_owned(), "false".to_owned()],
        (_, Some(choices), _) => choices.iter().filter_map(choice_text).collect(),
        (_, None, Some(parts)) => {
            // Values are distinct already; only a boolean type beside a
            // boolean literal would offer a word twice.
            let boolean = parts.contains(&Part::Kind("boolean"));
            parts
                .iter()
                .filter(|part| !(boolean && matches!(part, Part::Value(Value::Bool(_)))))
                .flat_map(part_words)
                .collect()
        }
        _ => Vec::new(),
    };
    // A map, not a scan per word: a union may have thousands of literals.
    // Each value to its note's place: the module's common map type.
    let (values, notes): (Vec<String>, Vec<&str>) = choice_notes(schema, flag).into_iter().unzip();
    let at: HashMap<String, usize> = values.into_iter().enumerate().map(|(i, value)| (value, i)).collect();
    words
        .into_iter()
        .map(|word| {
            let note = at.get(&word).and_then(|&i| notes.get(i)).copied();
            Candidate::new(format!("{prefix}{word}"), note)
        })
        .collect()
}

/// What a union of scalars' branch offers: its value when typed bare it
/// reads back as that value (a shell would unquote `"5"` to the number),
/// `true` and `false` for a boolean.
fn part_words(part: &Part) -> Vec<String> {
    match part {
        Part::Kind("boolean") => vec!["true".to_owned(), "false".to_owned()],
        Part::Kind(_) => Vec::new(),
        Part::Value(value) => {
            let typed = typed_form(value);
            let bare = value.as_str().is_none_or(|text| text == typed);
            if bare {
                vec![typed]
            } else {
                Vec::new()
            }
        }
    }
}

/// A choice as typed: a string as it is, a number or boolean as JSON.
fn choice_text(choice: &Value) -> Option<String> {
    let text = match choice {
        Value::String(s) => s.clone(),
        Value::Number(_) | Value::Bool(_) => crate::json_out::value_text(choice),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// The candidates that start with what is typed so far; every answer
/// passes here. A value holding a control character (an enum choice, an
/// action or command word) is never offered: the scripts read a candidate
/// a line, fish a tab before its description, and no one types one.
#[must_use]
pub fn matching(candidates: Vec<Candidate>, current: &str) -> Vec<Candidate> {
    candidates
        .into_iter()
        .filter(|c| c.value.starts_with(current) && !c.value.chars().any(char::is_control))
        .collect()
}

/// A description as one short line: its first line, control characters
/// as spaces, clipped.
#[must_use]
pub fn summary_line(text: &str) -> Option<String> {
    // `split`, not `lines`: the same here (trim takes a `\r`), and less code.
    let line = text.split('\n').map(str::trim).find(|l| !l.is_empty())?;
    let plain: String = line.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    Some(clip(&plain))
}
