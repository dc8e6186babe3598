//! Coerced flag values to the nested arguments object, through the table:
//! which objects are present, which defaults an object's default fills in,
//! which required flags are missing. Paths come only from the table, so no
//! typed name can write a key the schema did not declare.

use serde_json::{Map, Value};

use crate::error::{Error, Issue, Result};
use crate::flags::{FlagTable, Member};
use crate::limits::MAX_ISSUES;

/// One flag's collected value.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    Empty,
    One(Value),
    Many(Vec<Value>),
}

/// Collects values and issues on the way to [`Collected::assemble`].
#[derive(Debug)]
pub struct Collected {
    pub slots: Vec<Slot>,
    pub issues: Vec<Issue>,
    pub dropped: usize,
}

impl Collected {
    #[must_use]
    pub fn new(table: &FlagTable) -> Self {
        Collected {
            slots: vec![Slot::Empty; table.flags.len()],
            issues: Vec::new(),
            dropped: 0,
        }
    }

    pub fn issue(&mut self, issue: Issue) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(issue);
        } else {
            self.dropped += 1;
        }
    }

    /// Records a value: appended for a repeatable flag, else the last one wins.
    pub fn put(&mut self, flag: usize, value: Value, repeatable: bool) {
        let Some(slot) = self.slots.get_mut(flag) else {
            return;
        };
        if repeatable {
            match slot {
                Slot::Many(items) => items.push(value),
                _ => *slot = Slot::Many(vec![value]),
            }
        } else {
            *slot = Slot::One(value);
        }
    }

    pub fn put_all(&mut self, flag: usize, values: Vec<Value>) {
        if let Some(slot) = self.slots.get_mut(flag) {
            *slot = Slot::Many(values);
        }
    }

    #[must_use]
    pub fn is_empty(&self, flag: usize) -> bool {
        matches!(self.slots.get(flag), Some(Slot::Empty) | None)
    }

    pub fn assemble(mut self, table: &FlagTable) -> Result<Value> {
        let present = self.present_groups(table);
        self.fill_absent(table, &present);
        if !self.issues.is_empty() {
            if self.dropped > 0 {
                self.issues.push(Issue {
                    code: "too_many_issues",
                    path: Vec::new(),
                    flag: None,
                    message: format!("{} more problems not listed", self.dropped),
                });
            }
            return Err(Error::invalid_args(self.issues));
        }
        Ok(build_object(table, 0, &present, &mut self.slots))
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
                    if let Some(p) = present.get_mut(group) {
                        *p = true;
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

    /// Switches become `false`, children of a given object get its default
    /// object's values, and required flags that are still absent are named.
    fn fill_absent(&mut self, table: &FlagTable, present: &[bool]) {
        for (index, flag) in table.flags.iter().enumerate() {
            if !self.is_empty(index) || !present.get(flag.group).copied().unwrap_or(false) {
                continue;
            }
            if flag.switch {
                self.put(index, Value::Bool(false), false);
            } else if flag.inherited_default {
                if let Some(default) = &flag.default {
                    self.put(index, default.clone(), false);
                }
            } else if flag.must_supply {
                let why = if flag.required {
                    String::new()
                } else {
                    let prefix = table.groups.get(flag.group).map_or("", |g| g.prefix.as_str());
                    format!(" (needed once any --{prefix}* flag is given)")
                };
                self.issue(Issue {
                    code: "missing_required",
                    path: flag.path.clone(),
                    flag: Some(format!("--{}", flag.name)),
                    message: format!("missing required flag --{}{why}", flag.name),
                });
            }
        }
    }
}

fn build_object(table: &FlagTable, group: usize, present: &[bool], slots: &mut [Slot]) -> Value {
    let mut out = Map::new();
    let Some(members) = table.groups.get(group).map(|g| &g.members) else {
        return Value::Object(out);
    };
    for (key, member) in members {
        match *member {
            Member::Flag(index) => {
                let slot = slots.get_mut(index).map(|s| std::mem::replace(s, Slot::Empty));
                match slot {
                    Some(Slot::One(value)) => {
                        out.insert(key.clone(), value);
                    }
                    Some(Slot::Many(items)) => {
                        out.insert(key.clone(), Value::Array(items));
                    }
                    Some(Slot::Empty) | None => {}
                }
            }
            Member::Group(child) => {
                if present.get(child).copied().unwrap_or(false) {
                    out.insert(key.clone(), build_object(table, child, present, slots));
                }
            }
        }
    }
    Value::Object(out)
}
