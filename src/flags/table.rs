//! The flag table: every flag a tool's arguments can be typed with, and the
//! key path each one writes. Built once, on the first command-line call;
//! argv parsing, argument building, `toArgv` and usage only read it.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use serde_json::Value;

use super::flag::{Flag, Lookup};
use super::name_index::NameIndex;

/// An object whose keys are flags of their own. Group 0 is the root.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub path: Vec<String>,
    pub parent: Option<usize>,
    pub description: Option<String>,
    pub title: Option<String>,
    /// Present whenever its parent is (required without default).
    pub must_supply: bool,
    /// Takes `null` too, which none of its flags types (see the builder's
    /// `flattenable`).
    pub nullable: bool,
    /// Required and nullable: `null` when none of its flags is given (and
    /// its parent is present), as a required nullable flag is.
    pub null_if_absent: bool,
    /// The group's own default object, for usage text.
    pub default: Option<Value>,
    /// Flag name prefix (`config-`), for usage headings.
    pub prefix: String,
    /// How much of `prefix` is the group's own name (`config` of
    /// `config-`), which a person may type as a flag: the rest is the
    /// separator.
    pub name_len: usize,
    /// The group's keys in schema order, each a flag or a nested group
    /// (whose path ends in the key: see [`FlagTable::members`]).
    pub members: Vec<Member>,
    /// Command lines shown under `Examples:` (the root's
    /// `.meta({ cli: { examples } })`, after the command name).
    pub examples: Vec<String>,
    /// Text shown after everything else in usage (the root's
    /// `.meta({ cli: { epilogue } })`), as yargs' `epilogue` and
    /// argparse's `epilog`: where to read more, what the exit codes mean.
    pub epilogue: Option<String>,
}

/// What one key of a group is on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Member {
    Flag(usize),
    Group(usize),
}

/// A table's aliases: each spelling to its place in `spellings`. std's
/// SipHash, not Fx: the names are input, and Fx does not resist chosen
/// collisions; and the module's common `String` to `usize` map, not one
/// more map type.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Aliases {
    pub by_spelling: std::collections::HashMap<String, usize>,
    pub spellings: Vec<AliasSpelling>,
}

impl Aliases {
    /// What `typed` spells, if it is an alias.
    #[must_use]
    pub fn get(&self, typed: &str) -> Option<AliasSpelling> {
        self.by_spelling
            .get(typed)
            .and_then(|&at| self.spellings.get(at))
            .copied()
    }
}

/// What an alias's spelling (`--srv`, or `--no-srv`) refers to: the flag or
/// its negation, and which of the flag's aliases it is (for the warning a
/// deprecated one gets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AliasSpelling {
    pub lookup: Lookup,
    pub alias: usize,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct FlagTable {
    pub flags: Vec<Flag>,
    pub groups: Vec<Group>,
    /// Names and negations to flags, keyed by hash (see [`NameIndex`]);
    /// lookups are the hot path of parsing.
    pub by_name: NameIndex,
    pub by_short: FxHashMap<char, usize>,
    /// Aliases (and their negations) to flags: none for most tables, and
    /// asked only when a name is no flag's own, so a parse of flags typed
    /// by their names never looks here.
    pub aliases: Option<Box<Aliases>>,
    /// The flags positional arguments fill, in order; only the last may be
    /// repeatable (it takes every remaining one).
    pub positionals: Vec<usize>,
    /// The flags the command line answers itself.
    pub builtins: Builtins,
}

/// `--help`, `-h` and `--version`, as the compile options set them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Builtins {
    /// `--help` answers with usage.
    pub help: bool,
    /// The short alias of help (`-h`), if any.
    pub help_short: Option<char>,
    /// `--version` answers with the version text.
    pub version: bool,
}

impl Default for Builtins {
    fn default() -> Self {
        Builtins {
            help: true,
            help_short: Some('h'),
            version: false,
        }
    }
}

impl Builtins {
    /// Whether the token is exactly a request for help.
    #[must_use]
    pub fn asks_help(&self, token: &str) -> bool {
        (self.help && token == "--help") || self.help_short.is_some_and(|c| short_is(token, c))
    }

    /// Whether the token is exactly a request for the version.
    #[must_use]
    pub fn asks_version(&self, token: &str) -> bool {
        self.version && token == "--version"
    }
}

fn short_is(token: &str, c: char) -> bool {
    let mut chars = token.chars();
    chars.next() == Some('-') && chars.next() == Some(c) && chars.next().is_none()
}

impl FlagTable {
    /// A group's keys in schema order, each with what it is on the command
    /// line. The key is the last step of the member's path (not kept
    /// apart: a copy per key was a tenth of building the table).
    pub fn members(&self, group: usize) -> impl Iterator<Item = (&str, Member)> + '_ {
        let members = self.groups.get(group).map(|g| g.members.as_slice()).unwrap_or_default();
        members.iter().map(|&member| (self.member_key(member), member))
    }

    fn member_key(&self, member: Member) -> &str {
        let path = match member {
            Member::Flag(i) => self.flags.get(i).map(|f| &f.path),
            Member::Group(i) => self.groups.get(i).map(|g| &g.path),
        };
        path.and_then(|p| p.last()).map_or("", String::as_str)
    }

    #[must_use]
    pub fn lookup(&self, name: &str) -> Option<Lookup> {
        self.by_name.get(&self.flags, name).or_else(|| self.alias(name))
    }

    #[inline(never)] // off the hot path: only a name no flag owns gets here
    fn alias(&self, name: &str) -> Option<Lookup> {
        self.spelling(name).map(|spelling| spelling.lookup)
    }

    /// What the alias `typed` spells; none, without hashing, when no flag
    /// has aliases.
    fn spelling(&self, typed: &str) -> Option<AliasSpelling> {
        self.aliases.as_ref().and_then(|aliases| aliases.get(typed))
    }

    /// The deprecated alias `typed` spells (`server`, or `no-server`), as
    /// `(flag, alias)`: one lookup, and none when no flag has aliases.
    #[must_use]
    pub fn old_name(&self, typed: &str) -> Option<(usize, usize)> {
        let spelling = self.spelling(typed)?;
        let (Lookup::Flag(flag) | Lookup::Negation(flag)) = spelling.lookup;
        let alias = self.flags.get(flag)?.aliases.get(spelling.alias)?;
        alias.deprecated.is_marked().then_some((flag, spelling.alias))
    }

    #[must_use]
    pub fn short(&self, c: char) -> Option<usize> {
        self.by_short.get(&c).copied()
    }

    /// The object whose keys' flags `name` begins, when it is typed as a
    /// flag itself (`--config` for `--config-timeout`): not the root.
    #[must_use]
    pub fn group_named(&self, name: &str) -> Option<usize> {
        self.groups
            .iter()
            .position(|group| !group.path.is_empty() && group.prefix.get(..group.name_len) == Some(name))
    }

    /// Every name a person could type, for "did you mean" suggestions.
    pub fn typed_names(&self) -> impl Iterator<Item = Cow<'_, str>> {
        super::name_index::typed_names(&self.flags)
    }

    /// The flag the positional argument at `index` (from 0) fills: its own
    /// slot, or the last one when that is a list (repeatable, or a list
    /// flag), which takes the rest.
    #[must_use]
    pub fn positional_slot(&self, index: usize) -> Option<usize> {
        self.positionals.get(index).copied().or_else(|| {
            let last = *self.positionals.last()?;
            self.flags.get(last).filter(|f| f.repeats()).map(|_| last)
        })
    }

    /// `group` and every group above it, up to the root.
    pub fn ancestry(&self, group: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(group), |&g| self.groups.get(g).and_then(|x| x.parent))
    }
}
