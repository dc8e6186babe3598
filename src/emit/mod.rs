//! The MCP `inputSchema`, one profile per client. Profiles plug in here:
//! each starts from the complete 2020-12 emission and adapts it.

mod flat_actions;
mod json_schema;

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::schema::Schema;

pub use flat_actions::flatten_actions;
pub use json_schema::emit;

/// Which client the emitted schema is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Client {
    /// Plain MCP: JSON Schema 2020-12 as the 2025-11-25 spec reads it.
    #[default]
    Mcp,
}

impl Client {
    pub const NAMES: &'static [&'static str] = &["mcp"];

    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "mcp" => Ok(Client::Mcp),
            other => Err(Error::new(
                Code::InvalidOption,
                format!(
                    "unknown client \"{other}\"; expected one of: {}",
                    Client::NAMES.join(", ")
                ),
            )),
        }
    }
}

/// The complete inputSchema for a client.
#[must_use]
pub fn input_schema(schema: &Schema, client: Client) -> Value {
    match client {
        Client::Mcp => json_schema::emit_root(schema),
    }
}
