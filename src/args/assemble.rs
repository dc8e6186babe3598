//! Coerced flag values to the nested arguments object, through the table:
//! which objects are present, which defaults an object's default fills in,
//! which required flags are missing. Paths come only from the table, so no
//! typed name can write a key the schema did not declare.

use serde_json::{Map, Value};

use super::item::Item;
use crate::error::{Error, Issue, IssueCode, Result};
use crate::flags::{Flag, FlagTable, Member};
use crate::limits::MAX_ISSUES;

/// One flag's collected values.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot<'a> {
    Empty,
    One(Item<'a>),
    Many(Vec<Item<'a>>),
}

/// Collects values and issues on the way to [`Collected::assemble`].
#[derive(Debug)]
pub struct Collected<'a> {
    pub slots: Vec<Slot<'a>>,
    pub issues: Vec<Issue>,
    pub dropped: usize,
    /// Missing required flags are not issues.
    pub partial: bool,
    /// A record flag was given: its object is checked whole once all its
    /// entries are in.
    pub merged: bool,
}

impl<'a> Collected<'a> {
    #[must_use]
    pub fn new(table: &FlagTable) -> Self {
        let mut slots = Vec::with_capacity(table.flags.len());
        // Made in place: a `vec!` of `Slot::Empty` clones the first n times.
        slots.extend(std::iter::repeat_with(|| Slot::Empty).take(table.flags.len()));
        Collected {
            slots,
            issues: Vec::new(),
            dropped: 0,
            partial: false,
            merged: false,
        }
    }

    pub fn issue(&mut self, issue: Issue) {
        self.issue_with(|| issue);
    }

    /// [`Collected::issue`], the issue made only when it is kept (see
    /// [`crate::args::input::FlagValues::issue_with`]).
    pub fn issue_with(&mut self, make: impl FnOnce() -> Issue) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(make());
        } else {
            self.dropped += 1;
        }
    }

    /// Records a value: appended for a repeatable flag, else the last one wins.
    pub fn put(&mut self, flag: usize, item: Item<'a>, repeatable: bool) {
        let Some(slot) = self.slots.get_mut(flag) else {
            return;
        };
        if repeatable {
            if let Slot::Many(items) = slot {
                items.push(item);
            } else {
                // Room for a few: one would grow on the second.
                let mut items = Vec::with_capacity(4);
                items.push(item);
                *slot = Slot::Many(items);
            }
        } else {
            *slot = Slot::One(item);
        }
    }

    /// A value for flag `index`, kept as that flag gathers its values: a
    /// record's entries merged, a list's items appended, a repeatable
    /// flag's pushed, any other's last one kept. (A counted flag's number
    /// is added only where argv counts it: see `collect`.)
    pub fn give(&mut self, index: usize, flag: &Flag, item: Item<'a>) {
        if flag.record || flag.list {
            self.merged |= flag.record;
            self.add_to(index, item);
        } else if flag.gathers {
            self.gather(index, item);
        } else {
            self.put(index, item, flag.repeatable);
        }
    }

    /// A record's entry (or whole object) added to what was given before,
    /// a later key replacing an earlier one, as `--env A=1 --env A=2` is
    /// `{ A: "2" }` with docker and helm; a list's items after those given
    /// before. Anything else (`null` for a nullable list) replaces them, as
    /// a scalar's last value wins.
    fn add_to(&mut self, flag: usize, item: Item<'a>) {
        let Some(slot) = self.slots.get_mut(flag) else {
            return;
        };
        match (slot, item) {
            (Slot::One(Item::Json(Value::Object(given))), Item::Json(Value::Object(more))) => given.extend(more),
            (Slot::One(Item::Json(Value::Array(given))), Item::Json(Value::Array(more))) => given.extend(more),
            (slot, item) => *slot = Slot::One(item),
        }
    }

    /// A "one or many" flag's value given again: every value's items in
    /// one list (a list given adds its items, a scalar itself). `null` (a
    /// nullable one's) replaces what was given, as a scalar's last value
    /// wins.
    fn gather(&mut self, flag: usize, item: Item<'a>) {
        let Some(slot) = self.slots.get_mut(flag) else {
            return;
        };
        let before = std::mem::replace(slot, Slot::Empty);
        *slot = match before {
            Slot::One(first) if first != Item::Null && item != Item::Null => {
                let mut items = Vec::new();
                for value in [first.into_value(), item.into_value()] {
                    match value {
                        Value::Array(more) => items.extend(more),
                        one => items.push(one),
                    }
                }
                Slot::One(Item::Json(Value::Array(items)))
            }
            _ => Slot::One(item),
        };
    }

    /// The object a record flag's entries made, if it was given.
    #[must_use]
    pub fn merged_object(&self, flag: usize) -> Option<&Value> {
        match self.slots.get(flag) {
            Some(Slot::One(Item::Json(value @ Value::Object(_)))) => Some(value),
            _ => None,
        }
    }

    /// A counted flag given again: its number grows by `item`'s (one for
    /// `-v`, two for `--verbose=2`). Saturating: argv cannot overflow it.
    pub fn add(&mut self, flag: usize, item: &Item<'a>) {
        let Some(slot) = self.slots.get_mut(flag) else {
            return;
        };
        // `--verbose=null` (a nullable key) is null until counted again.
        let Item::Number(more) = item else {
            *slot = Slot::One(item.clone());
            return;
        };
        let had = match slot {
            Slot::One(Item::Number(n)) => n.as_f64().unwrap_or(0.0),
            _ => 0.0,
        };
        let more = more.as_f64().unwrap_or(0.0);
        // Clamped, so that a huge `--verbose=1e308` given twice stays a number.
        let sum = (had + more).clamp(-f64::MAX, f64::MAX);
        *slot = Slot::One(Item::from_value(crate::number::number_value(sum)));
    }

    pub fn put_all(&mut self, flag: usize, items: Vec<Item<'a>>) {
        if let Some(slot) = self.slots.get_mut(flag) {
            *slot = Slot::Many(items);
        }
    }

    #[must_use]
    pub fn is_empty(&self, flag: usize) -> bool {
        matches!(self.slots.get(flag), Some(Slot::Empty) | None)
    }

    pub fn assemble(self, table: &'a FlagTable) -> Result<Value> {
        let (present, mut slots) = self.check(table)?;
        Ok(build_object(table, 0, &present, &mut slots))
    }

    /// Settles presence and defaults; every issue found becomes the error.
    fn check(mut self, table: &'a FlagTable) -> Result<(Vec<bool>, Vec<Slot<'a>>)> {
        let present = self.present_groups(table);
        self.fill_absent(table, &present);
        if !self.issues.is_empty() {
            if self.dropped > 0 {
                self.issues.push(Issue {
                    code: IssueCode::TooManyIssues,
                    path: Vec::new(),
                    flag: None,
                    message: format!("{} more problems not listed", self.dropped),
                });
            }
            return Err(Error::invalid_args(self.issues));
        }
        Ok((present, self.slots))
    }

    /// A group is present when a flag inside it was given, or when its
    /// parent is present and it must be supplied. Groups are numbered
    /// parents first, so one pass in order settles them.
    fn present_groups(&self, table: &FlagTable) -> Vec<bool> {
        let mut present = vec![false; table.groups.len()];
        if let Some(root) = present.first_mut() {
            *root = true;
        }
        for (index, flag) in table.flags.iter().enumerate() {
            if !self.is_empty(index) {
                for group in table.ancestry(flag.group) {
                    match present.get_mut(group) {
                        // Already marked, and so is everything above it.
                        Some(true) => break,
                        Some(p) => *p = true,
                        None => {}
                    }
                }
            }
        }
        for (index, group) in table.groups.iter().enumerate() {
            let parent_present = group.parent.and_then(|p| present.get(p).copied()).unwrap_or(false);
            if parent_present && group.must_supply {
                if let Some(p) = present.get_mut(index) {
                    *p = true;
                }
            }
        }
        present
    }

    /// Switches become `false`, required nullable flags `null`, children of
    /// a given object get its default object's values, and required flags
    /// that are still absent are named.
    fn fill_absent(&mut self, table: &'a FlagTable, present: &[bool]) {
        for (index, flag) in table.flags.iter().enumerate() {
            if !self.is_empty(index) || !present.get(flag.group).copied().unwrap_or(false) {
                continue;
            }
            if flag.switch {
                self.put(index, Item::Bool(false), false);
            } else if flag.null_if_absent {
                self.put(index, Item::Null, false);
            } else if flag.inherited_default {
                if let Some(default) = &flag.default {
                    self.put(index, Item::Default(default), false);
                }
            } else if flag.must_supply && !self.partial && !self.issues.iter().any(|i| i.path == flag.path) {
                // A flag given with a bad value is already reported; it is
                // not also "missing".
                let why = if flag.required {
                    String::new()
                } else {
                    let prefix = table.groups.get(flag.group).map_or("", |g| g.prefix.as_str());
                    format!(" (needed once any --{prefix}* flag is given)")
                };
                // A positional's place is what the synopsis shows
                // (`<dest>`): a person who typed the others as words
                // looks for that, and the flag still fills it.
                let message = match flag.positional {
                    Some(_) => format!("missing required argument <{0}> (or --{0}){why}", flag.name),
                    None => format!("missing required flag --{}{why}", flag.name),
                };
                self.issue(Issue {
                    code: IssueCode::MissingRequired,
                    path: flag.path.clone(),
                    flag: Some(format!("--{}", flag.name)),
                    message,
                });
            }
        }
    }
}

fn build_object(table: &FlagTable, group: usize, present: &[bool], slots: &mut [Slot<'_>]) -> Value {
    let mut out = Map::new();
    for (key, member) in table.members(group) {
        match member {
            Member::Flag(index) => {
                let slot = slots.get_mut(index).map(|s| std::mem::replace(s, Slot::Empty));
                match slot {
                    Some(Slot::One(item)) => {
                        out.insert(key.to_owned(), item.into_value());
                    }
                    Some(Slot::Many(items)) => {
                        out.insert(
                            key.to_owned(),
                            Value::Array(items.into_iter().map(Item::into_value).collect()),
                        );
                    }
                    Some(Slot::Empty) | None => {}
                }
            }
            Member::Group(child) => {
                if present.get(child).copied().unwrap_or(false) {
                    out.insert(key.to_owned(), build_object(table, child, present, slots));
                } else if table.groups.get(child).is_some_and(|g| g.null_if_absent) {
                    out.insert(key.to_owned(), Value::Null);
                }
            }
        }
    }
    Value::Object(out)
}
