//! What `args` is built from: raw values given for flags, each with where it
//! came from. The argv room produces these from tokens and the environment
//! lookup adds to them; `args` never sees a token.

use crate::error::Issue;
use crate::limits::MAX_ISSUES;
use crate::text::clip;

/// How a flag was spelt by whoever gave it, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling<'a> {
    Long(&'a str),
    Short(char),
    Env(&'a str),
    /// A positional argument filling the flag.
    Positional,
}

impl Spelling<'_> {
    #[must_use]
    pub fn show(&self) -> String {
        self.show_for("value")
    }

    /// As [`Spelling::show`]; a positional shows as `<flag-name>`.
    #[must_use]
    pub fn show_for(&self, flag_name: &str) -> String {
        match self {
            Spelling::Long(name) => format!("--{}", clip(name)),
            Spelling::Short(c) => format!("-{c}"),
            Spelling::Env(name) => format!("${name}"),
            Spelling::Positional => format!("<{}>", clip(flag_name)),
        }
    }
}

/// A value before coercion: the text as given, or the `true`/`false` of a
/// bare boolean flag and its negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawValue<'a> {
    Text(&'a str),
    Bool(bool),
    /// A tuple's positions, a word each (`--range 1 5`): the one inline
    /// (`--range=1`), if any, then the words that follow it in argv.
    Words {
        first: Option<&'a str>,
        ahead: &'a [&'a str],
    },
}

/// One value given for one flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagValue<'a> {
    /// Position of what gave the flag, to report issues in that order.
    pub at: usize,
    /// Index of the input string whose end the value text is (a value is
    /// always a suffix of one string: `--n=5`, `-n5`, or the next one), so
    /// callers holding those strings can slice them instead of copying.
    pub value_at: usize,
    pub flag: usize,
    pub raw: RawValue<'a>,
    pub spelling: Spelling<'a>,
}

/// Every value given, and the problems found while reading them.
#[derive(Debug, Default, PartialEq)]
pub struct FlagValues<'a> {
    pub values: Vec<FlagValue<'a>>,
    /// Problems, each with the position it came from.
    pub issues: Vec<(usize, Issue)>,
    /// Issues past [`MAX_ISSUES`], counted but not kept.
    pub dropped: usize,
    /// Required flags may be missing (the parse option `partial`).
    pub partial: bool,
}

impl FlagValues<'_> {
    /// Keeps the first [`MAX_ISSUES`] issues and counts the rest.
    pub fn issue(&mut self, at: usize, issue: Issue) {
        self.issue_with(at, || issue);
    }

    /// [`FlagValues::issue`], the issue made only when it is kept: an
    /// unknown flag's suggestion compares it with every flag, and for
    /// thousands of unknown flags that was quadratic.
    pub fn issue_with(&mut self, at: usize, make: impl FnOnce() -> Issue) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push((at, make()));
        } else {
            self.dropped += 1;
        }
    }
}
