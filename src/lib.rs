//! toolshape: one tool definition, every front. The JSON Schema a Zod tool
//! emits goes in once ([`Tool::compile`]); out come the inputSchema for each
//! client, the CLI flag table, argv parsing into nested arguments and back,
//! usage text, schema-guided repair of arguments sent as JSON text, and, for
//! action unions, help entries and subcommands.
//!
//! This file is the facade: each call hands over to the room that does the
//! work (`schema`, `emit`, `profile`, `flags`, `command`, `argv`, `args`,
//! `help`, `repair`). Plain Rust on `serde_json::Value`; `wasm.rs` only
//! converts, and `wire.rs` says how results cross.

pub mod args;
pub mod argv;
pub mod command;
pub mod commands;
pub mod emit;
pub mod error;
pub mod flags;
pub mod help;
pub mod keys;
pub mod limits;
pub mod number;
pub mod options;
pub mod profile;
pub mod repair;
pub mod schema;
pub mod text;

#[cfg(any(target_arch = "wasm32", test))]
pub mod wire;

#[cfg(target_arch = "wasm32")]
mod wasm;

use serde_json::{Map, Value};

pub use argv::ArgvOptions;
pub use command::{CompactParse, Parsed};
pub use commands::{CommandParse, Commands};
pub use error::{Code, Error, Issue, IssueCode, Result};
pub use flags::{Flag, FlagTable, FlagType};
pub use help::{Format, HelpEntry, HelpOptions, UsageOptions};
pub use options::{CommandsOptions, CompileOptions, InputSchemaOptions, ParseOptions, UsageRequest};
pub use profile::{ActionsAs, Client};
pub use schema::Schema;

use command::Command;
use schema::actions::ActionUnion;

/// A compiled tool: every expensive step done once.
#[derive(Debug, Clone)]
pub struct Tool {
    schema: Schema,
    /// The action union the root is, read once for the command line,
    /// emission and help.
    union: Option<ActionUnion>,
    command: Command,
    /// The default (`mcp`) inputSchema as JSON text, ready to hand out.
    default_input_schema: String,
}

impl Tool {
    /// Compiles a schema given as a JSON value.
    pub fn compile(schema: &Value, options: &CompileOptions) -> Result<Tool> {
        let schema = schema::read_schema(schema)?;
        let flag_options = options.flag_options()?;
        let name = options.command_name();
        let version = options.version.clone();
        let (union, command) = if schema::actions::is_action_union(&schema) {
            match ActionUnion::read(&schema, None, false) {
                Ok(union) => {
                    let command = Command::build(&schema, Some(&union), &flag_options, name, version)?;
                    (Some(union), command)
                }
                // `z.union` of objects with no literal key: a client can send
                // it, a command line has no word to pick a branch by.
                Err(err) if err.code == Code::NoDiscriminator && schema::is_object_union(&schema) => {
                    (None, Command::without_flags(name, version, flag_options.builtins))
                }
                Err(err) => return Err(err),
            }
        } else {
            schema::check_object_root(&schema)?;
            (None, Command::build(&schema, None, &flag_options, name, version)?)
        };
        let mut tool = Tool {
            schema,
            union,
            command,
            default_input_schema: String::new(),
        };
        tool.default_input_schema = tool.input_schema(&InputSchemaOptions::default())?.to_string();
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

    /// The command line: one flag table, or one per action.
    #[must_use]
    pub fn command(&self) -> &Command {
        &self.command
    }

    /// Whether the root is an action union (argv starts with an action).
    #[must_use]
    pub fn is_action_union(&self) -> bool {
        self.union.is_some()
    }

    /// The inputSchema for a client (see [`profile`]).
    pub fn input_schema(&self, options: &InputSchemaOptions) -> Result<Value> {
        let input = profile::Input {
            schema: &self.schema,
            union: self.union.as_ref(),
        };
        profile::input_schema(input, options.client, options.actions_as)
    }

    /// The inputSchema as JSON text; the default one was written in `compile`.
    pub fn input_schema_text(&self, options: &InputSchemaOptions) -> Result<String> {
        if *options == InputSchemaOptions::default() {
            return Ok(self.default_input_schema.clone());
        }
        self.input_schema(options).map(|v| v.to_string())
    }

    /// The flag table as JSON: an array of flag entries (for an action
    /// union, each with the actions it belongs to).
    #[must_use]
    pub fn flags_json(&self) -> Value {
        self.command.flags_json()
    }

    /// argv (without node and script) to nested arguments.
    pub fn parse_argv(&self, argv: &[&str], env: args::Env<'_>) -> Result<Parsed> {
        self.parse_argv_with(argv, env, ArgvOptions::default())
    }

    /// [`Tool::parse_argv`] with options (`allow_positionals`).
    pub fn parse_argv_with(&self, argv: &[&str], env: args::Env<'_>, options: ArgvOptions) -> Result<Parsed> {
        self.command.parse_argv(&self.schema, argv, env, options)
    }

    /// Like [`Tool::parse_argv`], flat, for callers that hold argv and build
    /// the nested object themselves; `None` for an action union.
    pub fn parse_argv_compact<'a>(
        &'a self,
        argv: &[&'a str],
        env: args::Env<'_>,
        options: ArgvOptions,
    ) -> Result<Option<CompactParse<'a>>> {
        self.command.parse_argv_compact(&self.schema, argv, env, options)
    }

    /// Flat values by flag name to nested arguments.
    pub fn reconstruct(&self, flat: &Map<String, Value>, env: args::Env<'_>) -> Result<Value> {
        self.command.reconstruct(&self.schema, flat, env)
    }

    /// Nested arguments to argv that parses back to them.
    pub fn to_argv(&self, args: &Value) -> Result<Vec<String>> {
        self.command.to_argv(&self.schema, args)
    }

    /// Repairs arguments an MCP client sent as JSON text (see [`repair`]).
    #[must_use]
    pub fn repair(&self, args: Value) -> repair::Repaired {
        repair::repair(&self.schema, args)
    }

    /// Where strings never need repair (see `repair::string_hints`).
    #[must_use]
    pub fn string_hints(&self) -> Value {
        repair::string_hints(&self.schema.root)
    }

    /// `--help` text. For an action union, the list of actions; with a
    /// topic, one action's flags.
    pub fn usage(&self, request: &UsageRequest) -> Result<String> {
        self.command.usage(&request.usage_options(), request.topic.as_deref())
    }

    /// Help entries, for an action union. The union read in `compile` serves
    /// unless the options ask to read it another way.
    pub fn help(&self, options: &HelpOptions) -> Result<Vec<HelpEntry>> {
        match &self.union {
            Some(union) if options.discriminator.is_none() && !options.strict => {
                Ok(help::entries(&self.schema, union, options.topic.as_deref()))
            }
            _ => help::help(&self.schema, options),
        }
    }
}

/// Help entries for an action union given as JSON text (no `compile` needed).
pub fn help_text(schema: &str, options: &HelpOptions) -> Result<Vec<HelpEntry>> {
    let value = schema::parse_json_text(schema, "the schema")?;
    let schema = schema::read_schema(&value)?;
    help::help(&schema, options)
}

/// No environment: every lookup misses.
#[must_use]
pub fn no_env(_: &str) -> Option<String> {
    None
}
