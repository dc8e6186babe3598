//! toolshape: one tool definition, every front. The JSON Schema a Zod tool
//! emits goes in once ([`Tool::compile`]); out come the MCP `inputSchema`,
//! the CLI flag table, argv parsing into nested arguments and back, usage
//! text, schema-guided repair of arguments sent as JSON text, and, for
//! action unions, help entries and subcommands. Plain Rust on
//! `serde_json::Value`; `wasm.rs` only converts.

pub mod args;
pub mod argv;
pub mod emit;
pub mod error;
pub mod flags;
pub mod front;
pub mod help;
pub mod limits;
pub mod options;
pub mod repair;
pub mod schema;
mod suggest;

#[cfg(target_arch = "wasm32")]
mod wasm;

use serde_json::{Map, Value};

pub use emit::Client;
pub use error::{Code, Error, Issue, Result};
pub use flags::{Flag, FlagTable, FlagType};
pub use help::{Format, UsageOptions};
pub use options::CompileOptions;
pub use schema::Schema;

/// A compiled tool: every expensive step done once.
#[derive(Debug, Clone)]
pub struct Tool {
    schema: Schema,
    front: Front,
    name: String,
    /// The default (`mcp`) inputSchema as JSON text, ready to hand out.
    input_schema_text: String,
}

/// The result of parsing argv.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The nested arguments.
    pub data: Value,
    /// Positionals and everything after `--`.
    pub rest: Vec<String>,
}

/// The command-line side of a tool.
#[derive(Debug, Clone)]
enum Front {
    /// An object schema: one flag table.
    Flags(FlagTable),
    /// An action union: one table per action, reached as a subcommand.
    Actions(front::ActionSet),
}

impl Tool {
    /// Compiles a schema given as a JSON value.
    pub fn compile(schema: &Value, options: &CompileOptions) -> Result<Tool> {
        let schema = schema::read_schema(schema)?;
        let flag_options = options.flag_options()?;
        let front = if schema::actions::is_action_union(&schema) {
            Front::Actions(front::ActionSet::build(&schema, &flag_options)?)
        } else {
            check_root(&schema)?;
            Front::Flags(flags::build_table(&schema, &flag_options)?)
        };
        let mut tool = Tool {
            schema,
            front,
            name: options.name.clone().unwrap_or_else(|| "tool".to_owned()),
            input_schema_text: String::new(),
        };
        tool.input_schema_text = tool.input_schema(Client::Mcp).to_string();
        Ok(tool)
    }

    /// Compiles a schema given as JSON text.
    pub fn compile_text(schema: &str, options: &CompileOptions) -> Result<Tool> {
        let value = schema::parse_json_text(schema, "the schema")?;
        Tool::compile(&value, options)
    }

    #[must_use]
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The flag table of an object schema; `None` for an action union.
    #[must_use]
    pub fn table(&self) -> Option<&FlagTable> {
        match &self.front {
            Front::Flags(table) => Some(table),
            Front::Actions(_) => None,
        }
    }

    /// The actions of an action union; `None` for an object schema.
    #[must_use]
    pub fn actions(&self) -> Option<&front::ActionSet> {
        match &self.front {
            Front::Flags(_) => None,
            Front::Actions(set) => Some(set),
        }
    }

    /// The MCP inputSchema for a client. An action union is emitted as
    /// `{ type: "object", oneOf: [...] }`.
    #[must_use]
    pub fn input_schema(&self, client: Client) -> Value {
        let mut emitted = emit::input_schema(&self.schema, client);
        if let (Front::Actions(_), Value::Object(map)) = (&self.front, &mut emitted) {
            // Branches named by distinct literals exclude each other, so a
            // root `anyOf` (Zod's `z.union`) says the same as `oneOf`, the
            // form MCP 2025-11-25 and SDK v2 expect at the root.
            let mut typed = Map::new();
            typed.insert("type".to_owned(), Value::String("object".to_owned()));
            for (key, value) in std::mem::take(map) {
                let key = if key == "anyOf" { "oneOf".to_owned() } else { key };
                typed.entry(key).or_insert(value);
            }
            *map = typed;
        }
        emitted
    }

    /// An action union as one object: the discriminator an enum, every
    /// action's fields beside it (for clients that refuse `oneOf` at the
    /// root). An object schema is returned as `input_schema` gives it.
    #[must_use]
    pub fn input_schema_flat(&self, client: Client) -> Value {
        match &self.front {
            Front::Flags(_) => self.input_schema(client),
            Front::Actions(_) => emit::flatten_actions(&self.schema, client),
        }
    }

    /// The MCP inputSchema for a client, as JSON text.
    #[must_use]
    pub fn input_schema_text(&self, client: Client) -> String {
        match client {
            Client::Mcp => self.input_schema_text.clone(),
        }
    }

    /// The flag table as JSON text: an array of flag entries.
    #[must_use]
    pub fn flags_text(&self) -> String {
        match &self.front {
            Front::Flags(table) => serde_json::to_string(&table.flags).unwrap_or_else(|_| "[]".to_owned()),
            Front::Actions(set) => set.flags_json().to_string(),
        }
    }

    /// argv (without node and script) to nested arguments.
    /// `--help` or `-h` anywhere before `--` gives `HELP_REQUESTED` whose
    /// message is the usage text (of the action, after an action's words).
    pub fn parse_argv(&self, argv: &[&str], env: args::Env<'_>) -> Result<Parsed> {
        let (schema, table, action, skip) = match &self.front {
            Front::Flags(table) => (&self.schema, table, None, 0),
            Front::Actions(set) => match set.select(argv) {
                Ok((action, words)) => (&action.schema, &action.table, Some(action), words),
                Err(_) if asks_help(argv) => return Err(self.help_requested(None)),
                Err(err) => return Err(err),
            },
        };
        let argv = argv.get(skip..).unwrap_or_default();
        let tokens = argv::tokenize(table, argv);
        if tokens.help {
            return Err(self.help_requested(action.map(|a| a.name.as_str())));
        }
        let data = args::from_tokens(schema, table, &tokens, env)?;
        Ok(Parsed {
            data: match action {
                Some(action) => front::with_literals(action, data),
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

    /// Like [`Tool::parse_argv`], but flat: which objects are present and
    /// each flag's values with their origin, for callers that hold argv and
    /// build the nested object themselves (the JS layer). Rest is by index.
    pub fn parse_argv_compact<'a>(
        &'a self,
        argv: &[&'a str],
        env: args::Env<'_>,
    ) -> Result<Option<(args::Compact<'a>, Vec<usize>)>> {
        let Front::Flags(table) = &self.front else {
            return Ok(None);
        };
        let tokens = argv::tokenize(table, argv);
        if tokens.help {
            return Err(self.help_requested(None));
        }
        let compact = args::compact_from_tokens(&self.schema, table, &tokens, env)?;
        Ok(Some((compact, tokens.rest)))
    }

    /// The group structure as JSON, for building objects from
    /// [`Tool::parse_argv_compact`]: per group, `[key, isGroup, index]` members.
    #[must_use]
    pub fn plan_text(&self) -> String {
        let Front::Flags(table) = &self.front else {
            return "[]".to_owned();
        };
        let groups: Vec<Vec<(&str, u8, usize)>> = table
            .groups
            .iter()
            .map(|g| {
                g.members
                    .iter()
                    .map(|(key, member)| match member {
                        flags::Member::Flag(i) => (key.as_str(), 0, *i),
                        flags::Member::Group(i) => (key.as_str(), 1, *i),
                    })
                    .collect()
            })
            .collect();
        serde_json::to_string(&groups).unwrap_or_else(|_| "[]".to_owned())
    }

    /// Flat values by flag name to nested arguments.
    /// For an action union, `flat` names the action by the discriminator
    /// key (`{ "action": "logs", "lines": "5" }`, or `"zfs:pools"`).
    pub fn reconstruct(&self, flat: &Map<String, Value>, env: args::Env<'_>) -> Result<Value> {
        match &self.front {
            Front::Flags(table) => args::reconstruct(&self.schema, table, flat, env),
            Front::Actions(set) => {
                let named = flat.get(&set.key).and_then(Value::as_str).unwrap_or_default();
                let words: Vec<&str> = named.split(':').collect();
                let (action, _) = set.select(&words)?;
                let rest: Map<String, Value> = flat
                    .iter()
                    .filter(|(k, _)| **k != set.key)
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let data = args::reconstruct(&action.schema, &action.table, &rest, env)?;
                Ok(front::with_literals(action, data))
            }
        }
    }

    /// Nested arguments to argv that parses back to them.
    pub fn to_argv(&self, args: &Value) -> Result<Vec<String>> {
        match &self.front {
            Front::Flags(table) => args::to_argv(&self.schema, table, args),
            Front::Actions(set) => {
                let Value::Object(map) = args else {
                    return Err(Error::new(Code::InvalidArgs, "arguments must be an object").with_path(Vec::new()));
                };
                let action = set.find_for_args(map)?;
                let mut out = action.words.clone();
                out.extend(args::to_argv(
                    &action.schema,
                    &action.table,
                    &front::without_literals(action, map),
                )?);
                Ok(out)
            }
        }
    }

    /// Repairs arguments an MCP client sent as JSON text (see [`repair`]).
    #[must_use]
    pub fn repair(&self, args: Value) -> repair::Repaired {
        repair::repair(&self.schema, args)
    }

    /// Where strings never need repair, as JSON (see `repair::string_hints`).
    #[must_use]
    pub fn string_hints_text(&self) -> String {
        repair::string_hints(&self.schema.root).to_string()
    }

    /// `--help` text. For an action union, the list of actions; with
    /// `topic`, one action's flags.
    pub fn usage(&self, options: &UsageOptions, topic: Option<&str>) -> Result<String> {
        match (&self.front, topic) {
            (Front::Flags(table), _) => Ok(help::usage(table, &self.name, options)),
            (Front::Actions(set), None) => {
                let list: Vec<(String, Option<String>)> = set
                    .actions
                    .iter()
                    .map(|a| (a.words.join(" "), a.description.clone()))
                    .collect();
                Ok(help::action_list(&list, &self.name, options))
            }
            (Front::Actions(set), Some(topic)) => {
                let words: Vec<&str> = topic.split([':', ' ']).collect();
                let (action, _) = set.select(&words)?;
                let name = format!("{} {}", self.name, action.words.join(" "));
                Ok(help::usage(&action.table, &name, options))
            }
        }
    }

    /// Help entries, for an action union.
    pub fn help(&self, options: &help::HelpOptions) -> Result<Vec<help::HelpEntry>> {
        help::help(&self.schema, options)
    }
}

/// Help entries for an action union given as JSON text (no `compile` needed).
pub fn help_text(schema: &str, options: &help::HelpOptions) -> Result<Vec<help::HelpEntry>> {
    let value = schema::parse_json_text(schema, "the schema")?;
    let schema = schema::read_schema(&value)?;
    help::help(&schema, options)
}

/// Whether argv holds `--help` or `-h` before any `--`.
fn asks_help(argv: &[&str]) -> bool {
    argv.iter()
        .take_while(|t| **t != "--")
        .any(|t| *t == "--help" || *t == "-h")
}

impl Tool {
    fn help_requested(&self, topic: Option<&str>) -> Error {
        let text = self.usage(&UsageOptions::default(), topic).unwrap_or_default();
        let mut err = Error::new(Code::HelpRequested, text);
        if let Some(topic) = topic {
            err = err.with_path(vec![topic.to_owned()]);
        }
        err
    }
}

/// No environment: every lookup misses.
#[must_use]
pub fn no_env(_: &str) -> Option<String> {
    None
}

fn check_root(schema: &Schema) -> Result<()> {
    // An action union is handled before this; any other root must be an object.
    let root = &schema.root;
    let is_object = matches!(root.kind, schema::Kind::Object(_));
    if is_object && !root.nullable {
        return Ok(());
    }
    let got = match &root.kind {
        schema::Kind::Object(_) => "a nullable object".to_owned(),
        other => kind_name(other).to_owned(),
    };
    Err(Error::at_pointer(
        Code::InvalidRoot,
        "",
        format!("a tool's input schema must be an object schema (type \"object\"), got {got}"),
    ))
}

fn kind_name(kind: &schema::Kind) -> &'static str {
    use schema::Kind;
    match kind {
        Kind::Any => "a schema that accepts anything",
        Kind::Never => "a schema that accepts nothing",
        Kind::Null => "null",
        Kind::Boolean => "boolean",
        Kind::Number => "number",
        Kind::Integer => "integer",
        Kind::String => "string",
        Kind::Enum(_) => "an enum",
        Kind::Array(_) => "array",
        Kind::Object(_) => "object",
        Kind::Union(_) => "a union",
        Kind::AllOf(_) => "an intersection",
        Kind::Ref(_) => "a recursive reference",
    }
}
