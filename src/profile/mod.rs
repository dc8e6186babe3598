//! Client profiles: one two-way unit per client. A profile writes the
//! schema its client accepts (starting from emit's plain 2020-12) and turns
//! the arguments that client sends back into what the original schema
//! accepts. Only `mcp` exists yet; each further client is one more file
//! here and one more [`Client`] variant.

mod mcp;
mod union_root;

use serde_json::Value;

pub use union_root::ActionsAs;

use crate::error::{Code, Error, Result};
use crate::schema::actions::ActionUnion;
use crate::schema::Schema;
use crate::text::closest;

/// Which client a schema is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Client {
    /// The MCP spec: JSON Schema 2020-12, root `type: "object"`.
    #[default]
    Mcp,
}

impl Client {
    /// Every profile name, as options and the CLI spell them.
    pub const NAMES: &'static [&'static str] = &["mcp"];

    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "mcp" => Ok(Client::Mcp),
            other => {
                let hint = closest(other, Client::NAMES.iter().copied())
                    .map(|s| format!("; did you mean \"{s}\"?"))
                    .unwrap_or_default();
                Err(Error::new(
                    Code::InvalidOption,
                    format!(
                        "unknown client \"{}\"{hint} (clients: {})",
                        crate::text::clip(other),
                        Client::NAMES.join(", ")
                    ),
                ))
            }
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Client::Mcp => "mcp",
        }
    }
}

/// What a tool's schema is, as far as a profile cares.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    pub schema: &'a Schema,
    /// The action union the root is, read once in `compile`.
    pub union: Option<&'a ActionUnion>,
}

/// The inputSchema `client` accepts. `actions_as` overrides the profile's
/// root form for an action union.
pub fn input_schema(input: Input<'_>, client: Client, actions_as: Option<ActionsAs>) -> Result<Value> {
    match client {
        Client::Mcp => mcp::emit(input, actions_as),
    }
}

/// Arguments as `client` sends them, back to what the original schema
/// accepts (the inverse of the profile's transforms).
#[must_use]
pub fn accept(client: Client, args: Value) -> Value {
    match client {
        Client::Mcp => mcp::accept(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn mcp_takes_arguments_back_unchanged() {
        let args = json!({"a": {"b": [1, "x", null]}});
        assert_eq!(accept(Client::Mcp, args.clone()), args);
        assert_eq!(Client::parse("mcp").map(Client::name), Ok("mcp"));
        assert!(Client::parse("mpc").is_err_and(|e| e.message.contains("did you mean \"mcp\"")));
    }
}
