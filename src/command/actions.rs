//! An action union on the command line: one flag table per action, reached
//! as a subcommand by its words (`mytool logs --id abc`, `mytool zfs pools`).
//! Built once, on the first command-line call, from the union `compile` read.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::error::{Code, Error, Issue, IssueCode, Result};
use crate::flags::choice_notes::FlagEntry;
use crate::flags::{build_table, FlagOptions, FlagTable, FlagType};
use crate::help::Listed;
use crate::schema::actions::ActionUnion;
use crate::schema::{Deprecation, Kind, ObjectShape, Schema, Shape};
use crate::text::closest;

/// One action as a subcommand.
#[derive(Debug, Clone)]
pub struct ActionCommand {
    /// `logs`, or `zfs:pools`.
    pub name: String,
    /// The words typed for it: `["zfs", "pools"]`.
    pub words: Vec<String>,
    /// The literal keys and values that name it, filled into the arguments.
    pub literals: Vec<(String, Value)>,
    pub description: Option<String>,
    /// Listed with `[deprecated]` (and its message), and not offered by completion.
    pub deprecated: Deprecation,
    /// The branch without its literal keys: what its flags come from.
    pub schema: Schema,
    pub table: FlagTable,
}

impl ActionCommand {
    /// Its row in a list of actions, under `word`: `[deprecated]` after
    /// its description.
    #[must_use]
    pub fn listed(&self, word: String) -> Listed {
        Listed {
            word,
            description: self.description.clone(),
            mark: self.deprecated.mark(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct ActionSet {
    pub key: String,
    pub actions: Vec<ActionCommand>,
}

impl ActionSet {
    pub fn build(schema: &Schema, union: &ActionUnion, options: &FlagOptions) -> Result<ActionSet> {
        let mut out = Vec::with_capacity(union.actions.len());
        for action in &union.actions {
            let mut root = Shape::of(Kind::Object(Box::new(ObjectShape::of(action.params.clone()))));
            root.description.clone_from(&action.description);
            let sub = Schema {
                root,
                defs: Arc::clone(&schema.defs),
                zod_patterns: schema.zod_patterns,
            };
            let table = build_table(&sub, options).map_err(|e| in_action(&e, &action.name))?;
            out.push(ActionCommand {
                words: action.name.split(':').map(str::to_owned).collect(),
                name: action.name.clone(),
                literals: action.literals.clone(),
                description: action.description.clone(),
                deprecated: action.deprecated.clone()?,
                schema: sub,
                table,
            });
        }
        Ok(ActionSet {
            key: union.discriminator.key.clone(),
            actions: out,
        })
    }

    /// The action argv names, and how many words it took.
    pub fn select(&self, argv: &[&str]) -> Result<(&ActionCommand, usize)> {
        let (at, words) = self.select_at(argv)?;
        self.actions
            .get(at)
            .map(|action| (action, words))
            .ok_or_else(|| self.action_error(IssueCode::UnknownAction, None, "unknown action"))
    }

    /// [`ActionSet::select`] as the action's position in [`ActionSet::actions`].
    pub fn select_at(&self, argv: &[&str]) -> Result<(usize, usize)> {
        let first = argv.first().copied().filter(|t| !t.starts_with('-'));
        let Some(first) = first else {
            let what = argv.first().map_or_else(
                || "missing action".to_owned(),
                |flag| format!("an action comes before any flag, got {}", crate::text::clip(flag)),
            );
            return Err(self.action_error(IssueCode::MissingAction, None, &what));
        };
        let second = argv.get(1).copied().filter(|t| !t.starts_with('-'));
        if let Some(second) = second {
            if let Some(at) = self.actions.iter().position(|a| a.words == [first, second]) {
                return Ok((at, 2));
            }
        }
        if let Some(at) = self.actions.iter().position(|a| a.words == [first]) {
            return Ok((at, 1));
        }
        let children: Vec<String> = self.listed_under(first).into_iter().map(|l| l.word).collect();
        if children.is_empty() {
            return Err(self.action_error(IssueCode::UnknownAction, Some(first), "unknown action"));
        }
        if let Some(second) = second {
            // `users crate`: the two words are what was typed, and what is suggested.
            return Err(self.action_error(
                IssueCode::UnknownAction,
                Some(&format!("{first} {second}")),
                "unknown action",
            ));
        }
        let list = crate::text::capped_list(&children, children.len(), "words");
        let message = format!("\"{}\" needs a second word: {list}", crate::text::clip(first));
        Err(Error::invalid_args(vec![Issue {
            code: IssueCode::MissingAction,
            path: vec![self.key.clone()],
            flag: None,
            message,
        }]))
    }

    /// The actions under a first word, as a list of words with descriptions.
    #[must_use]
    pub fn listed_under(&self, first: &str) -> Vec<Listed> {
        self.under(first)
            .filter_map(|a| Some(a.listed(a.words.get(1)?.clone())))
            .collect()
    }

    /// The two-word actions whose first word is `first`.
    pub fn under<'a>(&'a self, first: &'a str) -> impl Iterator<Item = &'a ActionCommand> + 'a {
        self.actions
            .iter()
            .filter(move |a| a.words.len() == 2 && a.words.first().map(String::as_str) == Some(first))
    }

    fn action_error(&self, code: IssueCode, typed: Option<&str>, what: &str) -> Error {
        let names: Vec<String> = self.actions.iter().map(|a| a.words.join(" ")).collect();
        let firsts = self.actions.iter().filter_map(|a| a.words.first().map(String::as_str));
        let hint = typed
            .and_then(|t| closest(t, firsts.chain(names.iter().map(String::as_str))))
            .map(|s| format!("; did you mean {s}?"))
            .unwrap_or_default();
        let shown = typed
            .map(|t| format!(" \"{}\"", crate::text::clip(t)))
            .unwrap_or_default();
        let list = crate::text::capped_list(&names, names.len(), "actions");
        let message = format!("{what}{shown}{hint} (actions: {list})");
        Error::invalid_args(vec![Issue {
            code,
            path: vec![self.key.clone()],
            flag: None,
            message,
        }])
    }

    /// The action whose literal keys the arguments carry.
    pub fn find_for_args(&self, args: &Map<String, Value>) -> Result<&ActionCommand> {
        self.actions
            .iter()
            .find(|a| {
                a.literals
                    .iter()
                    .all(|(k, v)| args.get(k).is_some_and(|x| crate::schema::same_value(x, v)))
            })
            .ok_or_else(|| {
                Error::new(
                    Code::InvalidArgs,
                    format!("the arguments name no action of this tool by \"{}\"", self.key),
                )
                .with_path(vec![self.key.clone()])
            })
    }

    /// Every flag with the actions it belongs to, as JSON text; one entry
    /// where actions share a flag of the same kind.
    pub fn flags_text(&self) -> serde_json::Result<String> {
        let mut entries: Vec<FlagEntry<'_>> = Vec::new();
        // One entry per flag the actions share, found by what makes two the
        // same (a scan of the entries per flag was quadratic in the flags).
        let mut at: HashMap<(&str, &[String], FlagType, bool), usize> = HashMap::new();
        for action in &self.actions {
            for flag in &action.table.flags {
                let key = (flag.name.as_str(), flag.path.as_slice(), flag.ty, flag.required);
                if let Some(actions) = at
                    .get(&key)
                    .and_then(|&i| entries.get_mut(i))
                    .and_then(|e| e.actions.as_mut())
                {
                    actions.push(&action.name);
                } else {
                    at.insert(key, entries.len());
                    entries.push(FlagEntry::new(&action.schema, flag, Some(vec![&action.name])));
                }
            }
        }
        crate::json_out::to_string(&entries)
    }
}

/// Arguments with the action's literal keys first, then what its flags gave.
#[must_use]
pub fn with_literals(action: &ActionCommand, data: Value) -> Value {
    let mut out = Map::new();
    for (key, value) in &action.literals {
        out.insert(key.clone(), value.clone());
    }
    if let Value::Object(rest) = data {
        out.extend(rest);
    }
    Value::Object(out)
}

/// The arguments without the action's literal keys, for its flag table.
#[must_use]
pub fn without_literals(action: &ActionCommand, args: &Map<String, Value>) -> Value {
    Value::Object(
        args.iter()
            .filter(|(k, _)| !action.literals.iter().any(|(key, _)| key == *k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    )
}

fn in_action(err: &Error, action: &str) -> Error {
    let mut out = Error::new(err.code, format!("in action \"{action}\": {}", err.message));
    if let Some(flag) = &err.flag {
        out = out.with_flag(flag.clone());
    }
    out
}
