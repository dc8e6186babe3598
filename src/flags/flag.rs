//! One flag of the table: its type, the key path it writes, how it is
//! shown and typed, and what a typed `--name` refers to.

use serde::Serialize;
use serde_json::Value;

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
/// The key's own spelling (`--issue_number` for `--issue-number`) parses
/// without a word and is left out of usage: one spelling is shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Alias {
    pub name: String,
    pub deprecated: Deprecation,
    pub spelled: bool,
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

/// What a `--name` refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    Flag(usize),
    /// `--no-name` of a boolean flag.
    Negation(usize),
}
