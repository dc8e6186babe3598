//! The flag table: every flag a tool's arguments can be typed with, and the
//! key path each one writes. Built once, on the first command-line call;
//! argv parsing, argument building, `toArgv` and usage only read it.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use serde::Serialize;
use serde_json::Value;

use super::name_index::NameIndex;
use super::scalar_union::Part;
use crate::schema::{ArrayShape, Deprecation, Schema, Shape};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FlagType {
    String,
    Number,
    Integer,
    Boolean,
    Enum,
    Json,
}

impl FlagType {
    /// The placeholder shown in usage text.
    #[must_use]
    pub fn placeholder(self) -> &'static str {
        match self {
            FlagType::String => "string",
            FlagType::Number => "number",
            FlagType::Integer => "integer",
            FlagType::Boolean => "boolean",
            FlagType::Enum => "choice",
            FlagType::Json => "json",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(clippy::struct_excessive_bools)] // mirrors the public flag entry, whose facts are booleans
pub struct Flag {
    /// Flag name without dashes.
    pub name: String,
    /// Key path in the nested arguments.
    pub path: Vec<String>,
    #[serde(rename = "type")]
    pub ty: FlagType,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repeatable: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negatable: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub json: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub env: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nullable: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Marked `deprecated` (its schema, an enclosing object's, or an
    /// override, which may say what to use instead): usage says so and
    /// completion leaves it out; still parsed.
    #[serde(skip_serializing_if = "Deprecation::is_current")]
    pub deprecated: Deprecation,
    /// Taken as a positional argument too: its place among them (from 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positional: Option<usize>,
    /// A number counted by how often the flag is given (`-vvv` is 3), as
    /// yargs' `count` and argparse's `action="count"`: a switch, each
    /// time adding one (or `--verbose=2`, two).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub count: bool,
    /// Other long names it is typed by (`--srv` for `--server`), as yargs'
    /// `alias`: a name kept after a rename. Parsed as the flag; not
    /// completed; the flag's own name is what usage and toArgv write.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<Alias>,
    /// The value's shape (the item's, for a repeatable flag).
    #[serde(skip)]
    pub shape: Shape,
    /// A JSON flag over a union of scalars: its kinds and values, typed
    /// as bare words (see [`super::scalar_union`]).
    #[serde(skip)]
    pub scalar_parts: Option<Vec<Part>>,
    /// A JSON flag over a record of scalars, objects or lists: also typed
    /// `KEY=VALUE` (or `KEY=JSON`), each giving one entry (see
    /// [`super::record`]). `flags()` says so, as it says `repeatable`,
    /// for a caller writing its own help.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub record: bool,
    /// A JSON flag over a plain list that is no repeatable flag (objects,
    /// arrays, booleans, unions): given again, each value adds JSON text
    /// for several items or for one (see [`super::list`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub list: bool,
    /// A JSON flag over a "one or many" union (a scalar, or a list of it:
    /// [`super::list::one_or_many`]) that gathers what it is given, as
    /// yargs does: once, the value as typed (`--id a` is `"a"`); again,
    /// every value's items in one list (`--id a --id b` is `["a", "b"]`),
    /// where the last would otherwise silently win. `flags()` says so, as
    /// it says `list`, for a caller writing its own help.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub gathers: bool,
    /// A list's items when each is a scalar (`<boolean>...`): their kinds
    /// and values, for usage and completion to name.
    #[serde(skip)]
    pub item_parts: Option<Vec<Part>>,
    /// A JSON flag over a tuple of scalars (`z.tuple([z.number(),
    /// z.number()])`) takes a word a position after it (`--range 1 5`), as
    /// argparse's and yargs' `nargs` do; JSON text for the whole tuple
    /// still works (`--range '[1,5]'`). Each position's kinds and values:
    /// what a word is read as, and what usage, messages and completion
    /// name. `flags()` gives how many as `nargs`, for a caller writing its
    /// own help. Boxed: few flags are tuples, and the table is read on
    /// every parse.
    #[serde(
        rename = "nargs",
        skip_serializing_if = "Option::is_none",
        serialize_with = "positions_count"
    )]
    pub tuple_parts: Option<Box<[Vec<Part>]>>,
    /// Index of the group (object) this flag's value sits in.
    #[serde(skip)]
    pub group: usize,
    /// `default` came from a parent's default object, which Zod does not
    /// apply once the parent is given: parsing fills it in then.
    #[serde(skip)]
    pub inherited_default: bool,
    /// A required boolean without default: absent means `false`.
    #[serde(skip)]
    pub switch: bool,
    /// A required key that takes `null`, without default (no switch):
    /// absent means `null`.
    #[serde(skip)]
    pub null_if_absent: bool,
    /// Its value may be a negative number (`--offset -5`): a number type,
    /// or a union of scalars with a number branch. Found when the table is
    /// built, since argv asks it of every value.
    #[serde(skip)]
    pub numeric: bool,
    /// Must be given whenever its group is present (own key required, no default).
    #[serde(skip)]
    pub must_supply: bool,
}

/// A tuple's positions as `flags()` gives them: how many.
#[allow(clippy::ref_option)] // serde's `serialize_with` hands the field by reference
fn positions_count<S: serde::Serializer>(
    positions: &Option<Box<[Vec<Part>]>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(positions.as_ref().map_or(0, |p| p.len() as u64))
}

/// Another name of a flag. A deprecated one (the old name after a
/// rename) still parses, is warned of when typed, and is left out of usage.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Alias {
    pub name: String,
    pub deprecated: Deprecation,
}

/// `"srv"`, or `{ name, deprecated }` for a deprecated one: the form it is given in.
impl Serialize for Alias {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        if self.deprecated.is_current() {
            return serializer.serialize_str(&self.name);
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("deprecated", &self.deprecated)?;
        map.end()
    }
}

impl Flag {
    /// Whether a value follows the flag (`--name value`): not for a switch
    /// (a boolean) or a counted flag, whose value is how often it is given.
    #[must_use]
    pub fn takes_value(&self) -> bool {
        self.ty != FlagType::Boolean && !self.count
    }

    /// Whether its value is a list, each time given adding items: a
    /// repeatable flag (a word an item) or a list flag (JSON text for one
    /// item or several). Usage shows `...`, and as the last positional it
    /// takes the rest.
    #[must_use]
    pub fn repeats(&self) -> bool {
        self.repeatable || self.list || self.gathers
    }

    /// The array a list flag holds (none for any other flag).
    #[must_use]
    pub fn list_array<'s>(&'s self, schema: &'s Schema) -> Option<&'s ArrayShape> {
        if self.list {
            super::list::list_of(schema, &self.shape)
        } else {
            None
        }
    }

    /// What a JSON example for the flag shows: one item for a list flag,
    /// which is given an item at a time (usage's `<json>...` says it
    /// repeats), else the whole value.
    #[must_use]
    pub fn example_shape<'s>(&'s self, schema: &'s Schema) -> &'s Shape {
        self.list_array(schema)
            .and_then(|list| list.items.as_ref())
            .unwrap_or(&self.shape)
    }

    /// Whether giving it again adds to its value rather than replacing it:
    /// a list's items, a record's entries, a count.
    #[must_use]
    pub fn gathers(&self) -> bool {
        self.repeats() || self.record || self.count
    }

    /// How many words a tuple typed as words takes after the flag.
    #[must_use]
    pub fn nargs(&self) -> Option<usize> {
        self.tuple_parts.as_ref().map(|positions| positions.len())
    }

    /// Whether a token after it is its value rather than a flag: one that
    /// does not start with `-`, or `-` (standard input, by convention), or
    /// a negative number where the flag takes numbers.
    #[must_use]
    #[inline] // on parseArgv's path, once a value
    pub fn takes_word(&self, token: &str) -> bool {
        !token.starts_with('-') || token == "-" || (self.numeric && crate::number::is_json_number(token))
    }

    /// Whether its value may be left out, meaning `true` (`--color`,
    /// `--no-color`, `--color auto`): a union of scalars with a boolean
    /// branch, as commander's `--color [when]` and argparse's `nargs='?'`.
    /// A following token that is no flag is still its value.
    #[must_use]
    pub fn value_optional(&self) -> bool {
        self.json && self.negatable
    }
}

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

/// What an alias's spelling (`--srv`, or `--no-srv`) refers to: the flag or
/// its negation, and which of the flag's aliases it is (for the warning a
/// deprecated one gets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AliasSpelling {
    pub lookup: Lookup,
    pub alias: usize,
}

/// What a `--name` refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    Flag(usize),
    /// `--no-name` of a boolean flag.
    Negation(usize),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct FlagTable {
    pub flags: Vec<Flag>,
    pub groups: Vec<Group>,
    /// Names and negations to flags, keyed by hash (see [`NameIndex`]);
    /// lookups are the hot path of parsing.
    pub by_name: NameIndex,
    pub by_short: FxHashMap<char, usize>,
    /// Aliases (and their negations) to flags: empty for most tables, and
    /// asked only when a name is no flag's own, so a parse of flags typed
    /// by their names never looks here. std's SipHash, not Fx: the names
    /// are input, and Fx does not resist chosen collisions.
    pub by_alias: std::collections::HashMap<String, AliasSpelling>,
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
        if self.by_alias.is_empty() {
            return None;
        }
        self.by_alias.get(name).map(|spelling| spelling.lookup)
    }

    /// The deprecated alias `typed` spells (`server`, or `no-server`), as
    /// `(flag, alias)`: one lookup, and none when no flag has aliases.
    #[must_use]
    pub fn old_name(&self, typed: &str) -> Option<(usize, usize)> {
        if self.by_alias.is_empty() {
            return None;
        }
        let spelling = self.by_alias.get(typed)?;
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
