//! toolshape: one tool definition, every front. The JSON Schema a Zod tool
//! emits goes in once ([`Tool::compile`]); out come the inputSchema for each
//! client, the CLI flag table, argv parsing into nested arguments and back,
//! usage text, schema-guided repair of arguments sent as JSON text, and, for
//! action unions, help entries and subcommands.
//!
//! This file is the facade: each call hands over to the room that does the
//! work (`tool` for a compiled tool, `schema`, `emit`, `profile`, `flags`,
//! `command`, `argv`, `args`,
//! `help`, `repair`). Plain Rust on `serde_json::Value`; `wasm.rs` only
//! converts, and `wire.rs` says how results cross.

pub mod args;
pub mod argv;
pub mod command;
pub mod commands;
pub mod emit;
pub mod error;
pub mod flags;
pub mod group;
pub mod grouped;
pub mod headroom;
pub mod help;
pub mod json;
pub mod json_out;
pub mod limits;
pub mod names;
pub mod number;
pub mod options;
pub mod order;
pub mod profile;
pub mod repair;
pub mod schema;
pub mod sets;
pub mod text;
pub mod tool;

#[cfg(any(target_arch = "wasm32", test))]
pub mod wire;

#[cfg(target_arch = "wasm32")]
mod wasm;

use serde_json::Value;

pub use argv::ArgvOptions;
pub use command::{Candidate, Parsed};
pub use commands::{CommandParse, Commands};
pub use error::{Code, Error, Issue, IssueCode, Result};
pub use flags::{Flag, FlagTable, FlagType};
pub use help::{Format, HelpEntry, HelpOptions, UsageOptions};
pub use options::{CommandsOptions, CompileOptions, InputSchemaOptions, ParseOptions, UsageRequest};
pub use profile::{ActionsAs, Check, Client};
pub use schema::Schema;
pub use tool::Tool;

use tool::with_finding;

/// A client's schema and what its profile changed and refused.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientSchema {
    pub schema: Value,
    pub report: profile::Report,
}

/// `shape(schema, clients)`: each client's schema and report for any JSON
/// Schema, as `tool.inputSchema({ client })` gives them for a compiled one
/// (the `mcp` schema is emitted once and rewritten per client).
pub fn shape(schema: &Value, clients: &[Client]) -> Result<Vec<ClientSchema>> {
    let tool = Tool::compile(schema, &CompileOptions::default())?;
    let base = profile::mcp_schema(tool.input(), ActionsAs::Flat, profile::Report::default());
    Ok(clients
        .iter()
        .map(|&client| {
            let shaped = profile::reshape(base.clone(), client);
            ClientSchema {
                schema: shaped.schema.to_value(),
                report: shaped.report,
            }
        })
        .collect())
}

/// `check(schema, clients)`: lints any JSON Schema against clients, as
/// `tool.check` does for a compiled one: the schema is read once, each
/// client's report made as `shape` makes it, and a schema whose keys make
/// no flags (still a schema a client can take) gets `NO_COMMAND_LINE`.
/// A root that is no object is an error for every client.
pub fn check(schema: &Value, clients: &[Client]) -> Result<Vec<Check>> {
    match Tool::compile(schema, &CompileOptions::default()) {
        Ok(tool) => {
            let no_command_line = tool.command_line_finding();
            let base = profile::mcp_schema(tool.input(), ActionsAs::Flat, profile::Report::default());
            Ok(clients
                .iter()
                .map(|&client| {
                    let report = profile::reshape(base.clone(), client).report;
                    with_finding(Check::new(client, &report), no_command_line.as_ref())
                })
                .collect())
        }
        Err(err) if err.code == Code::InvalidRoot => Ok(clients
            .iter()
            .map(|&client| Check {
                client: client.name(),
                ok: false,
                warnings: Vec::new(),
                errors: vec![error::Finding {
                    code: error::FindingCode::RootNotObject,
                    pointer: String::new(),
                    message: err.message.clone().into(),
                }],
            })
            .collect()),
        Err(err) => Err(err),
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
