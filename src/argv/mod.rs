//! argv tokens to raw flag values, through the flag table. No coercion here:
//! a value is the text the person typed (or `true`/`false` for a bare boolean
//! flag and its negation). A positional fills the next key marked
//! `positional` as if it were that flag's value; one with no key left is an
//! issue, or goes to `rest` when positionals are allowed. Everything after
//! `--` goes to `rest`.

mod messages;

use crate::args::{FlagValue, FlagValues, RawValue, Spelling};
use crate::error::{Issue, IssueCode};
use crate::flags::{Flag, FlagTable, Lookup};
use crate::number::is_json_number;
use crate::text::clip;
use messages::{
    after_list_message, after_switch_message, no_place_message, path_of, typed_long, unknown, unknown_short, what_value,
};

/// How argv is read beyond the flag table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArgvOptions {
    /// A positional no key takes goes to `rest` instead of being an issue.
    pub allow_positionals: bool,
    /// A missing required flag is no issue: the arguments hold what was
    /// given (to validate the rest, or to ask for what is missing).
    pub partial: bool,
}

/// argv read through a flag table: the values given, and what is not a flag.
#[derive(Debug, PartialEq)]
pub struct Tokens<'a> {
    pub values: FlagValues<'a>,
    /// Indexes of the tokens after `--` (and of positionals no key takes,
    /// when they are allowed).
    pub rest: Vec<usize>,
    /// `--help` or `-h` was given (before any `--`).
    pub help: bool,
    /// `--version` was given (before any `--`) and the tool has a version.
    pub version: bool,
    /// The token being read.
    at: usize,
    /// Positionals read so far.
    positionals: usize,
    /// The token index and flag of the last switch given bare (`--dry-run`),
    /// to explain a `true`/`false` typed after it.
    switch: Option<(usize, usize)>,
    /// The token index and list flag of the last stray word that followed
    /// the list's value (`b` in `--tags a b c`), so that `c` is explained
    /// as `b` was. Set only when a word is refused, never while parsing.
    list_run: Option<(usize, usize)>,
}

impl<'a> Tokens<'a> {
    /// Records a flag read from the current token; `ahead` is how many of
    /// the following tokens its value took (the last of them ends it).
    fn give(&mut self, flag: usize, raw: RawValue<'a>, spelling: Spelling<'a>, ahead: usize) {
        self.switch = matches!(raw, RawValue::Bool(_)).then_some((self.at, flag));
        self.values.values.push(FlagValue {
            at: self.at,
            value_at: self.at + ahead,
            flag,
            raw,
            spelling,
        });
    }

    fn issue(&mut self, issue: Issue) {
        self.values.issue(self.at, issue);
    }

    fn issue_with(&mut self, make: impl FnOnce() -> Issue) {
        self.values.issue_with(self.at, make);
    }
}

#[must_use]
pub fn tokenize<'a>(table: &FlagTable, argv: &'a [&'a str], options: ArgvOptions) -> Tokens<'a> {
    let mut out = Tokens {
        values: FlagValues::default(),
        rest: Vec::new(),
        help: false,
        version: false,
        at: 0,
        positionals: 0,
        switch: None,
        list_run: None,
    };
    out.values.values.reserve(argv.len());
    out.values.partial = options.partial;
    let mut i = 0;
    while let Some(&token) = argv.get(i) {
        out.at = i;
        i += 1;
        if token == "--" {
            out.rest.extend(i..argv.len());
            break;
        }
        let ahead = argv.get(i..).unwrap_or_default();
        i += if let Some(body) = token.strip_prefix("--") {
            long(table, body, ahead, &mut out)
        } else if token.len() > 1 && token.starts_with('-') && !is_positional_number(table, token) {
            short_group(table, token, ahead, &mut out)
        } else {
            positional(table, token, options, &mut out);
            0
        };
    }
    out
}

/// A negative number where no short alias claims its first digit is a
/// positional, as in yargs.
fn is_positional_number(table: &FlagTable, token: &str) -> bool {
    let first = token.chars().nth(1);
    is_json_number(token) && first.is_none_or(|c| table.short(c).is_none())
}

/// `name=value` as the name and the value, `name` as itself: a byte scan,
/// which for a flag's few bytes costs less than `split_once`'s searcher.
fn split_inline(body: &str) -> (&str, Option<&str>) {
    match body.bytes().position(|b| b == b'=') {
        Some(at) => (body.get(..at).unwrap_or(body), body.get(at + 1..)),
        None => (body, None),
    }
}

/// Handles `--name`, `--name=value`, `--no-name`. Returns how many of the
/// tokens `ahead` were its value.
fn long<'a>(table: &FlagTable, body: &'a str, ahead: &'a [&'a str], out: &mut Tokens<'a>) -> usize {
    let next = ahead.first().copied();
    let (name, inline) = split_inline(body);
    let typed = Spelling::Long(name);
    match table.lookup(name) {
        None if name == "help" && inline.is_none() && table.builtins.help => {
            out.help = true;
            0
        }
        None if name == "version" && inline.is_none() && table.builtins.version => {
            out.version = true;
            0
        }
        None => {
            let issues_before = out.values.issues.len();
            out.issue_with(|| unknown(table, &typed.show(), name, issues_before));
            // `--nope value`: the value goes with the unknown flag, so it is
            // not reported again as an unexpected argument. A long flag
            // after it (`--nope --nope-too`) is no value: it is read, and
            // reported when unknown too.
            usize::from(
                inline.is_none() && next.is_some_and(|value| !value.starts_with("--") && !reads_as_flag(table, value)),
            )
        }
        Some(Lookup::Negation(flag)) => {
            if inline.is_some() {
                out.issue(Issue {
                    code: IssueCode::UnexpectedValue,
                    path: path_of(table, flag),
                    flag: Some(typed.show()),
                    message: format!("{} takes no value", typed.show()),
                });
            } else {
                out.give(flag, RawValue::Bool(false), typed, 0);
            }
            0
        }
        Some(Lookup::Flag(flag)) => take_value(table, flag, typed, inline, ahead, out),
    }
}

/// Handles `-abc`, `-n5`, `-n=5`, `-n 5`. Returns whether `next` was used.
/// Asks for help only when the whole cluster reads as flags with `-h`
/// among them (`-h`, `-vh`): `-hx` with no `-x` is an unknown flag, as
/// `-xh` is, and never a request for help.
fn short_group<'a>(table: &FlagTable, token: &'a str, ahead: &'a [&'a str], out: &mut Tokens<'a>) -> usize {
    let next = ahead.first().copied();
    let body = token.get(1..).unwrap_or_default();
    let mut help = false;
    for (at, c) in body.char_indices() {
        let typed = Spelling::Short(c);
        let Some(flag) = table.short(c) else {
            if table.builtins.help_short == Some(c) {
                help = true;
                continue;
            }
            out.issue(unknown_short(c));
            // `-x value`, as for an unknown long flag.
            return usize::from(body.len() == c.len_utf8() && next.is_some_and(|value| !reads_as_flag(table, value)));
        };
        let after = body.get(at + c.len_utf8()..).unwrap_or_default();
        let is_switch = table.flags.get(flag).is_some_and(|f| !f.takes_value());
        if let Some(value) = after.strip_prefix('=') {
            return take_value(table, flag, typed, Some(value), ahead, out);
        }
        if is_switch {
            out.give(flag, RawValue::Bool(true), typed, 0);
            continue;
        }
        let inline = (!after.is_empty()).then_some(after);
        return take_value(table, flag, typed, inline, ahead, out);
    }
    out.help |= help;
    0
}

/// Whether a token reads as a flag (or `--`) rather than as a value that
/// happens to start with `-`: `--name`, `--help`, `-h`, or a cluster whose
/// first letter is a short alias.
fn reads_as_flag(table: &FlagTable, token: &str) -> bool {
    if token == "--" || table.builtins.asks_help(token) || table.builtins.asks_version(token) {
        return true;
    }
    if let Some(body) = token.strip_prefix("--") {
        return table.lookup(split_inline(body).0).is_some();
    }
    token
        .strip_prefix('-')
        .and_then(|body| body.chars().next())
        .is_some_and(|c| table.short(c).is_some())
}

fn take_value<'a>(
    table: &FlagTable,
    flag: usize,
    typed: Spelling<'a>,
    inline: Option<&'a str>,
    ahead: &'a [&'a str],
    out: &mut Tokens<'a>,
) -> usize {
    let Some(entry) = table.flags.get(flag) else {
        return 0;
    };
    if let Some(text) = inline {
        // `--range=1 5`, as yargs-parser reads it: the first word inline.
        if entry.tuple_parts.is_some() && !text.starts_with('[') {
            return tuple_words(entry, flag, typed, Some(text), ahead, out);
        }
        out.give(flag, RawValue::Text(text), typed, 0);
        return 0;
    }
    if !entry.takes_value() {
        out.give(flag, RawValue::Bool(true), typed, 0);
        return 0;
    }
    let next = ahead.first().copied();
    match next {
        Some(value) if entry.takes_word(value) => {
            if entry.tuple_parts.is_some() && !value.starts_with('[') {
                return tuple_words(entry, flag, typed, None, ahead, out);
            }
            out.give(flag, RawValue::Text(value), typed, 1);
            1
        }
        // `--color` before another flag or at the end: its value left out.
        // What follows starts with a dash, so no word after it is "its
        // value" to explain as after a switch.
        _ if entry.value_optional() => {
            out.give(flag, RawValue::Bool(true), typed, 0);
            out.switch = None;
            0
        }
        _ => {
            let hint = match next.filter(|value| !reads_as_flag(table, value)) {
                Some(value) => format!(
                    "; to give a value that starts with '-', write {}={}",
                    typed_long(table, flag),
                    clip(value)
                ),
                None => String::new(),
            };
            out.issue(Issue {
                code: IssueCode::MissingValue,
                path: entry.path.clone(),
                flag: Some(typed.show()),
                message: format!("{} expects {}{hint}", typed.show(), what_value(entry)),
            });
            // A next token that is no flag was meant as this value: it is
            // taken, so it is not read again as flags (`-hello` as `-h`).
            usize::from(next.is_some_and(|value| !reads_as_flag(table, value)))
        }
    }
}

/// A tuple's positions typed as words after its flag (`--range 1 5`, or
/// the first inline, `--range=1 5`): each word up to its `nargs`, read
/// together as one value. Fewer words before the next flag or the end is
/// one issue that names what is missing, and the words given are taken,
/// not read again as positionals. Returns how many of `ahead` it took.
#[inline(never)] // out of `take_value`: few flags are tuples
fn tuple_words<'a>(
    entry: &Flag,
    flag: usize,
    typed: Spelling<'a>,
    first: Option<&'a str>,
    ahead: &'a [&'a str],
    out: &mut Tokens<'a>,
) -> usize {
    let wanted = entry.nargs().unwrap_or(1);
    let taken = ahead
        .iter()
        .take(wanted.saturating_sub(usize::from(first.is_some())))
        .take_while(|token| **token != "--" && entry.takes_word(token))
        .count();
    let got = taken + usize::from(first.is_some());
    if got < wanted {
        let one = first.or_else(|| ahead.first().copied()).filter(|_| got == 1);
        out.issue_with(|| Issue {
            code: IssueCode::MissingValue,
            path: entry.path.clone(),
            flag: Some(typed.show()),
            message: format!(
                "{} expects {}, got {got}{}",
                typed.show(),
                what_value(entry),
                one.map(|word| words_hint(&typed.show(), word, wanted))
                    .unwrap_or_default()
            ),
        });
        return taken;
    }
    let ahead = ahead.get(..taken).unwrap_or_default();
    out.give(flag, RawValue::Words { first, ahead }, typed, taken);
    taken
}

/// `--range 1,5` for a tuple of two: the word holds as many parts in
/// commas as the tuple has positions, so it says how to type them.
fn words_hint(flag: &str, word: &str, wanted: usize) -> String {
    let parts: Vec<&str> = word.split(',').collect();
    if parts.len() != wanted || parts.iter().any(|part| part.is_empty()) {
        return String::new();
    }
    format!("; write them as words: {flag} {}", clip(&parts.join(" ")))
}

/// A token that is no flag: the value of the next positional key, or an
/// issue that says how to write what was likely meant.
fn positional<'a>(table: &FlagTable, token: &'a str, options: ArgvOptions, out: &mut Tokens<'a>) {
    let after_switch = out.switch.filter(|(at, _)| at + 1 == out.at).map(|(_, flag)| flag);
    let boolean_word = token.eq_ignore_ascii_case("true") || token.eq_ignore_ascii_case("false");
    // `--dry-run false` never fills a positional: it was meant for the switch.
    let slot = table
        .positional_slot(out.positionals)
        .filter(|_| !(boolean_word && after_switch.is_some()));
    if let Some(flag) = slot {
        out.positionals += 1;
        out.give(flag, RawValue::Text(token), Spelling::Positional, 0);
        return;
    }
    if options.allow_positionals && !(boolean_word && after_switch.is_some()) {
        out.rest.push(out.at);
        return;
    }
    // yargs reads `--tags a b` as two tags: a word right after a list's
    // value (the last value given ends the token before), or after a word
    // explained so, was most likely meant as another item.
    let after_list = out
        .list_run
        .filter(|(at, _)| at + 1 == out.at)
        .map(|(_, flag)| flag)
        .or_else(|| {
            let last = out.values.values.last()?;
            (last.value_at + 1 == out.at).then_some(last.flag)
        })
        .and_then(|flag| Some((flag, table.flags.get(flag).filter(|f| f.repeats())?)));
    let message = match (after_switch.and_then(|flag| table.flags.get(flag)), after_list) {
        (Some(flag), _) => after_switch_message(flag, token, boolean_word),
        (None, Some((index, flag))) => {
            out.list_run = Some((out.at, index));
            after_list_message(flag, token)
        }
        (None, None) => no_place_message(table, token),
    };
    out.issue(Issue {
        code: IssueCode::UnexpectedArgument,
        path: Vec::new(),
        flag: None,
        message,
    });
}
