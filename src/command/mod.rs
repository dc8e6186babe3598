//! How one tool meets the command line: one flag table for an object schema,
//! or one per action for an action union (subcommands). Owns parseArgv,
//! args_from_flag_values, toArgv, usage and shell completion; everything here walks
//! tables built once.

mod actions;
pub mod complete;
mod deprecated;
mod given;

use serde_json::{Map, Value};

pub use actions::{with_literals, without_literals, ActionCommand, ActionSet};
pub use complete::Candidate;
pub use deprecated::Used;

use crate::args::{self, Env};
use crate::argv::{self, ArgvOptions};
use crate::error::{Code, Error, Issue, IssueCode, Result};
use crate::flags::choice_notes::FlagEntry;
use crate::flags::{build_table, Builtins, FlagOptions, FlagTable};
use crate::help::{self, UsageOptions};
use crate::schema::actions::ActionUnion;
use crate::schema::{Deprecation, Schema};

/// The result of parsing argv.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The nested arguments.
    pub data: Value,
    /// Positionals and everything after `--`.
    pub rest: Vec<String>,
}

/// The command line of one tool.
#[derive(Debug, Clone)]
pub struct Command {
    /// The command name shown in usage text.
    name: String,
    /// The text `--version` answers with, when there is one.
    version: Option<String>,
    /// `--help`, `-h`, `--version` as compiled (the same for every action).
    builtins: Builtins,
    /// The whole command is deprecated (the root's `deprecated: true`, or
    /// its `cli` meta with a message): usage says so, a command set lists
    /// it as such and does not complete it, and its use is warned of.
    deprecation: Deprecation,
    form: Form,
}

#[derive(Debug, Clone)]
enum Form {
    /// An object schema: one flag table.
    Flags(FlagTable),
    /// An action union: one table per action, reached as a subcommand.
    Actions(ActionSet),
    /// No command line, and the reason every command-line call answers:
    /// a union of objects with no literal key (no word picks a branch), or
    /// keys that give no flag names (a key a flag cannot be named after,
    /// two keys that give one name). The schema's other faces (inputSchema,
    /// check, repair) do not need one, so `compile` still succeeds.
    Refused(Error),
}

impl Form {
    /// No command line, for `reason`, which says the tool's other faces
    /// still work (why `compile` succeeded).
    fn refused(reason: Error) -> Form {
        let message = format!("{} (inputSchema and repair work as it is)", reason.message);
        Form::Refused(reason.with_message(message))
    }
}

impl Command {
    /// Builds the flag table(s): one for an object schema, one per action of
    /// `union` when the schema is an action union. What the table refuses
    /// (a key a flag cannot be named after, two keys that give one name,
    /// an override of a flag there is not, a bad `cli` meta) refuses the
    /// command line, not the tool (every command-line call answers it): a
    /// proxy or an MCP server serves any schema a client can take, and the
    /// command line says why it cannot be one when it is used.
    #[must_use]
    pub fn build(
        schema: &Schema,
        union: Option<&ActionUnion>,
        options: &FlagOptions,
        name: String,
        version: Option<String>,
    ) -> Command {
        let deprecation = schema
            .deprecation(&schema.root)
            .map_err(|why| Error::at_pointer(Code::InvalidSchema, "", why));
        let built = deprecation.clone().and_then(|_| match union {
            Some(union) => ActionSet::build(schema, union, options).map(Form::Actions),
            None => build_table(schema, options).map(Form::Flags),
        });
        let form = built.unwrap_or_else(Form::refused);
        Command {
            name,
            version,
            builtins: options.builtins,
            deprecation: deprecation.unwrap_or_default(),
            form,
        }
    }

    /// The command line of a union of objects no literal key tells apart.
    #[must_use]
    pub fn without_flags(name: String, version: Option<String>, builtins: Builtins) -> Command {
        let reason = Error::new(
            Code::NoDiscriminator,
            format!(
                "{name} takes a union of objects with no literal key (z.union without a z.literal in each branch), \
                 so no word on the command line can say which branch is meant; give each branch a literal key \
                 (z.discriminatedUnion) to use it as a command line"
            ),
        );
        Command {
            name,
            version,
            builtins,
            deprecation: Deprecation::Current,
            form: Form::refused(reason),
        }
    }

    /// Whether the whole command is deprecated, and what to use instead.
    #[must_use]
    pub fn deprecation(&self) -> &Deprecation {
        &self.deprecation
    }

    /// Why there is no command line, when there is none.
    #[must_use]
    pub fn refusal(&self) -> Option<&Error> {
        match &self.form {
            Form::Refused(reason) => Some(reason),
            Form::Flags(_) | Form::Actions(_) => None,
        }
    }

    /// The flag table of an object schema; `None` for an action union.
    #[must_use]
    pub fn table(&self) -> Option<&FlagTable> {
        match &self.form {
            Form::Flags(table) => Some(table),
            Form::Actions(_) | Form::Refused(_) => None,
        }
    }

    /// The subcommands of an action union; `None` for an object schema.
    #[must_use]
    pub fn actions(&self) -> Option<&ActionSet> {
        match &self.form {
            Form::Flags(_) | Form::Refused(_) => None,
            Form::Actions(set) => Some(set),
        }
    }

    /// Every flag as JSON text; for an action union, each with the actions
    /// it belongs to. Written as text, never as a `Value`: each type
    /// serialized two ways is its serializer's code twice. A tool with no
    /// command line answers why (a collision is thrown, never an empty table).
    pub fn flags_text(&self, schema: &Schema) -> Result<String> {
        let text = match &self.form {
            Form::Flags(table) => {
                let entries: Vec<_> = table
                    .flags
                    .iter()
                    .map(|flag| FlagEntry::new(schema, flag, None))
                    .collect();
                crate::json_out::to_string(&entries)
            }
            Form::Actions(set) => set.flags_text(),
            Form::Refused(reason) => return Err(reason.clone()),
        };
        Ok(text.unwrap_or_else(|_| "[]".to_owned()))
    }

    /// The environment variables the flag table(s) read, once each: what a
    /// parse needs to be sent, without writing the whole table. A tool with
    /// no command line answers why.
    pub fn env_names(&self) -> Result<Vec<&str>> {
        let tables: Vec<&FlagTable> = match &self.form {
            Form::Flags(table) => vec![table],
            Form::Actions(set) => set.actions.iter().map(|action| &action.table).collect(),
            Form::Refused(reason) => return Err(reason.clone()),
        };
        let mut seen = crate::sets::NameSet::new();
        Ok(tables
            .iter()
            .flat_map(|table| &table.flags)
            .filter_map(|flag| flag.env.as_deref())
            .filter(|env| seen.insert(*env))
            .collect())
    }

    /// [`Command::flags_text`] as a `Value`.
    pub fn flags_json(&self, schema: &Schema) -> Result<Value> {
        Ok(serde_json::from_str(&self.flags_text(schema)?).unwrap_or(Value::Array(Vec::new())))
    }

    /// argv (without node and script) to nested arguments. `--help` or `-h`
    /// before `--` gives `HELP_REQUESTED` whose message is the usage text
    /// (of the action, after an action's words).
    pub fn parse_argv(&self, schema: &Schema, argv: &[&str], env: Env<'_>, options: ArgvOptions) -> Result<Parsed> {
        let (schema, table, action, skip) = match &self.form {
            Form::Flags(table) => (schema, table, None, 0),
            Form::Actions(set) => match set.select(argv) {
                Ok((action, words)) => (&action.schema, &action.table, Some(action), words),
                Err(_) if self.asks_help(argv) => {
                    // `users --help`: the actions under the first word, when it has some.
                    let first = argv.first().filter(|w| !set.listed_under(w).is_empty());
                    return Err(self.help_requested(schema, first.copied()));
                }
                Err(_) if self.asks_version(argv) => return Err(self.version_requested()),
                Err(err) => return Err(err),
            },
            Form::Refused(reason) => return Err(reason.clone()),
        };
        let argv = argv.get(skip..).unwrap_or_default();
        let mut tokens = argv::tokenize(table, argv, options);
        if tokens.help {
            return Err(self.help_requested(schema, action.map(|a| a.name.as_str())));
        }
        if tokens.version {
            return Err(self.version_requested());
        }
        if let (Some(action), Form::Actions(set)) = (action, &self.form) {
            for (_, issue) in &mut tokens.values.issues {
                if let Some(message) = flag_of_another_action(set, action, issue) {
                    issue.message = message;
                }
            }
        }
        let data = args::from_flag_values(schema, table, &tokens.values, env)?;
        Ok(Parsed {
            data: match action {
                Some(action) => with_literals(action, data),
                None => data,
            },
            rest: tokens
                .rest
                .iter()
                .filter_map(|&i| argv.get(i))
                .map(|s| (*s).to_owned())
                .collect(),
        })
    }

    /// Flat values by flag name to nested arguments. For an action union,
    /// `flat` names the action by the discriminator key
    /// (`{ "action": "logs", "lines": "5" }`, or `"zfs:pools"`).
    pub fn args_from_flag_values(&self, schema: &Schema, flat: &Map<String, Value>, env: Env<'_>) -> Result<Value> {
        match &self.form {
            Form::Refused(reason) => Err(reason.clone()),
            Form::Flags(table) => args::from_flag_object(schema, table, flat, env),
            Form::Actions(set) => {
                let named = flat.get(&set.key).and_then(Value::as_str).unwrap_or_default();
                let words: Vec<&str> = named.split(':').collect();
                let (action, _) = set.select(&words)?;
                let rest: Map<String, Value> = flat
                    .iter()
                    .filter(|(k, _)| **k != set.key)
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let data = args::from_flag_object(&action.schema, &action.table, &rest, env)?;
                Ok(with_literals(action, data))
            }
        }
    }

    /// Nested arguments to argv that parses back to them.
    pub fn to_argv(&self, schema: &Schema, args: &Value) -> Result<Vec<String>> {
        match &self.form {
            Form::Refused(reason) => Err(reason.clone()),
            Form::Flags(table) => args::to_argv(schema, table, args),
            Form::Actions(set) => {
                let Value::Object(map) = args else {
                    return Err(Error::new(Code::InvalidArgs, "arguments must be an object").with_path(Vec::new()));
                };
                let action = set.find_for_args(map)?;
                let mut out = action.words.clone();
                out.extend(args::to_argv(
                    &action.schema,
                    &action.table,
                    &without_literals(action, map),
                )?);
                Ok(out)
            }
        }
    }

    /// `--help` text. For an action union, the list of actions; with
    /// `topic`, one action's flags.
    pub fn usage(&self, schema: &Schema, options: &UsageOptions, topic: Option<&str>) -> Result<String> {
        self.usage_as(schema, &self.name, options, topic)
    }

    /// [`Command::usage`] under another command name (`ops deploy` when the
    /// tool is one command of a set).
    pub fn usage_as(&self, schema: &Schema, name: &str, options: &UsageOptions, topic: Option<&str>) -> Result<String> {
        let text = self.usage_of_form(schema, name, options, topic)?;
        Ok(help::with_deprecation(text, &self.deprecation, options.format))
    }

    fn usage_of_form(
        &self,
        schema: &Schema,
        name: &str,
        options: &UsageOptions,
        topic: Option<&str>,
    ) -> Result<String> {
        let builtins = self.builtins;
        match (&self.form, topic) {
            // Never the reason printed where usage was expected.
            (Form::Refused(reason), _) => Err(reason.clone()),
            (Form::Flags(table), _) => Ok(help::usage(schema, table, name, options, builtins)),
            (Form::Actions(set), None) => {
                let list: Vec<help::Listed> = set.actions.iter().map(|a| a.listed(a.words.join(" "))).collect();
                let description = schema.root.description.as_deref();
                Ok(help::word_list(
                    help::ListOf::Actions,
                    &list,
                    name,
                    description,
                    options,
                    builtins,
                ))
            }
            (Form::Actions(set), Some(topic)) => {
                let words: Vec<&str> = topic.split([':', ' ']).collect();
                if let [first] = words[..] {
                    // A first word alone (`users`): the actions under it.
                    let under = set.listed_under(first);
                    if !under.is_empty() && !set.actions.iter().any(|a| a.words == [first]) {
                        let name = format!("{name} {first}");
                        return Ok(help::word_list(
                            help::ListOf::Actions,
                            &under,
                            &name,
                            None,
                            options,
                            builtins,
                        ));
                    }
                }
                let (action, _) = set.select(&words)?;
                let name = format!("{name} {}", action.words.join(" "));
                let text = help::usage(&action.schema, &action.table, &name, options, builtins);
                Ok(help::with_deprecation(text, &action.deprecated, options.format))
            }
        }
    }

    /// Shell completion: what may follow `words`, the last of which is the
    /// word under the cursor (see [`complete`]). A tool with no command
    /// line answers why.
    pub fn complete(&self, schema: &Schema, words: &[&str]) -> Result<Vec<Candidate>> {
        let (before, current) = complete::split_words(words);
        Ok(match &self.form {
            Form::Flags(table) => complete::flags(schema, table, before, current),
            Form::Actions(set) => complete::actions(schema, set, self.builtins, before, current),
            Form::Refused(reason) => return Err(reason.clone()),
        })
    }

    /// What argv uses that is marked deprecated, for a warning: the flags
    /// as `--name`, an action union's action by its words, read with the
    /// parse's tokenizer, each with its message. Empty for a tool with no
    /// command line.
    #[must_use]
    pub fn deprecated_in(&self, argv: &[&str]) -> Vec<Used> {
        let mut out = Vec::new();
        if self.deprecation.is_marked() {
            out.push(Used::command(&self.name, &self.deprecation));
        }
        out.extend(match &self.form {
            Form::Flags(table) => deprecated::flags(table, argv),
            Form::Actions(set) => deprecated::actions(set, argv),
            Form::Refused(_) => Vec::new(),
        });
        out
    }

    /// Whether argv asks for help before any `--` (exactly `--help` or the
    /// help short alias), for argv no action could be read from.
    #[must_use]
    pub fn asks_help(&self, argv: &[&str]) -> bool {
        argv.iter()
            .take_while(|t| **t != "--")
            .any(|t| self.builtins.asks_help(t))
    }

    /// Whether argv asks for the version before any `--`.
    #[must_use]
    pub fn asks_version(&self, argv: &[&str]) -> bool {
        argv.iter()
            .take_while(|t| **t != "--")
            .any(|t| self.builtins.asks_version(t))
    }

    /// `VERSION_REQUESTED` whose message is the version text.
    #[must_use]
    pub fn version_requested(&self) -> Error {
        Error::new(Code::VersionRequested, self.version.clone().unwrap_or_default())
    }

    /// `HELP_REQUESTED` whose message is the usage (of `topic`, an action).
    #[must_use]
    pub fn help_requested(&self, schema: &Schema, topic: Option<&str>) -> Error {
        let text = self.usage(schema, &UsageOptions::default(), topic).unwrap_or_default();
        let mut err = Error::new(Code::HelpRequested, text);
        if let Some(topic) = topic {
            err = err.with_path(vec![topic.to_owned()]);
        }
        err
    }
}

/// `--all is a flag of "list", not of "logs"`: an unknown flag that another
/// action has says which.
fn flag_of_another_action(set: &ActionSet, action: &ActionCommand, issue: &Issue) -> Option<String> {
    if issue.code != IssueCode::UnknownFlag {
        return None;
    }
    let shown = issue.flag.as_deref()?;
    let name = shown.strip_prefix("--")?;
    let owners: Vec<&str> = set
        .actions
        .iter()
        .filter(|other| other.name != action.name && other.table.lookup(name).is_some())
        .map(|other| other.name.as_str())
        .collect();
    if owners.is_empty() {
        return None;
    }
    let named = crate::text::capped_list(owners.iter().map(|o| format!("\"{o}\"")), owners.len(), "actions");
    Some(format!("{shown} is a flag of {named}, not of \"{}\"", action.name))
}
