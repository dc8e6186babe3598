//! toolshape: one tool definition, every front. The JSON Schema a Zod tool
//! emits goes in once ([`Tool::compile`]); out come the MCP `inputSchema`,
//! the CLI flag table, argv parsing into nested arguments and back, and
//! usage text. Plain Rust on `serde_json::Value`; `wasm.rs` only converts.

pub mod args;
pub mod argv;
pub mod emit;
pub mod error;
pub mod flags;
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
    table: FlagTable,
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

impl Tool {
    /// Compiles a schema given as a JSON value.
    pub fn compile(schema: &Value, options: &CompileOptions) -> Result<Tool> {
        let schema = schema::read_schema(schema)?;
        check_root(&schema)?;
        let table = flags::build_table(&schema, &options.flag_options()?)?;
        let input_schema_text = emit::input_schema(&schema, Client::Mcp).to_string();
        Ok(Tool {
            schema,
            table,
            name: options.name.clone().unwrap_or_else(|| "tool".to_owned()),
            input_schema_text,
        })
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

    #[must_use]
    pub fn table(&self) -> &FlagTable {
        &self.table
    }

    /// The MCP inputSchema for a client.
    #[must_use]
    pub fn input_schema(&self, client: Client) -> Value {
        emit::input_schema(&self.schema, client)
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
        serde_json::to_string(&self.table.flags).unwrap_or_else(|_| "[]".to_owned())
    }

    /// argv (without node and script) to nested arguments.
    pub fn parse_argv(&self, argv: &[&str], env: args::Env<'_>) -> Result<Parsed> {
        let tokens = argv::tokenize(&self.table, argv);
        let data = args::from_tokens(&self.schema, &self.table, &tokens, env)?;
        Ok(Parsed {
            data,
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
    ) -> Result<(args::Compact<'a>, Vec<usize>)> {
        let tokens = argv::tokenize(&self.table, argv);
        let compact = args::compact_from_tokens(&self.schema, &self.table, &tokens, env)?;
        Ok((compact, tokens.rest))
    }

    /// The group structure as JSON, for building objects from
    /// [`Tool::parse_argv_compact`]: per group, `[key, isGroup, index]` members.
    #[must_use]
    pub fn plan_text(&self) -> String {
        let groups: Vec<Vec<(&str, u8, usize)>> = self
            .table
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
    pub fn reconstruct(&self, flat: &Map<String, Value>, env: args::Env<'_>) -> Result<Value> {
        args::reconstruct(&self.schema, &self.table, flat, env)
    }

    /// Nested arguments to argv that parses back to them.
    pub fn to_argv(&self, args: &Value) -> Result<Vec<String>> {
        args::to_argv(&self.schema, &self.table, args)
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

    /// `--help` text.
    #[must_use]
    pub fn usage(&self, options: &UsageOptions) -> String {
        help::usage(&self.table, &self.name, options)
    }
}

/// Help entries for an action union given as JSON text (no `compile` needed).
pub fn help_text(schema: &str, options: &help::HelpOptions) -> Result<Vec<help::HelpEntry>> {
    let value = schema::parse_json_text(schema, "the schema")?;
    let schema = schema::read_schema(&value)?;
    help::help(&schema, options)
}

/// No environment: every lookup misses.
#[must_use]
pub fn no_env(_: &str) -> Option<String> {
    None
}

fn check_root(schema: &Schema) -> Result<()> {
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
