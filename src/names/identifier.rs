//! `{ toolbox, server, tool }`: what a proxy names a downstream tool by.
//! Read strictly (three non-empty strings, nothing else), with messages
//! that name the field.

use serde_json::{json, Value};

use crate::error::{Code, Error, Result};
use crate::json::Json;
use crate::text::clip;

/// Longest part accepted, in characters: longer text is no name anyone typed.
pub const MAX_PART_CHARS: usize = 65_536;

const FIELDS: [&str; 3] = ["toolbox", "server", "tool"];

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToolId {
    pub toolbox: String,
    pub server: String,
    pub tool: String,
}

impl ToolId {
    #[must_use]
    pub fn new(toolbox: &str, server: &str, tool: &str) -> ToolId {
        ToolId {
            toolbox: toolbox.to_owned(),
            server: server.to_owned(),
            tool: tool.to_owned(),
        }
    }

    /// Reads an identifier, or says which field is wrong and how.
    pub fn read(value: &Value) -> Result<ToolId> {
        let json = Json::borrow(value);
        let [toolbox, server, tool] = read_parts(&json)?;
        Ok(ToolId::new(toolbox, server, tool))
    }

    /// The parts as names are made from them: toolbox, server, tool.
    #[must_use]
    pub fn parts(&self) -> Parts<'_> {
        [&self.toolbox, &self.server, &self.tool]
    }

    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({ "toolbox": self.toolbox, "server": self.server, "tool": self.tool })
    }
}

/// An identifier's parts borrowed from where they were read.
pub type Parts<'a> = [&'a str; 3];

/// Reads an identifier without copying its parts, naming the bad field.
pub fn read_parts<'a>(value: &'a Json<'_>) -> Result<Parts<'a>> {
    let Json::Object(map) = value else {
        return Err(invalid(&format!(
            "expected an object {{ toolbox, server, tool }}, got {}",
            kind(value)
        )));
    };
    if let Some(extra) = map.keys().find(|k| !FIELDS.contains(&k.as_ref())) {
        return Err(invalid(&format!(
            "unknown key \"{}\" (keys: toolbox, server, tool)",
            clip(extra)
        )));
    }
    let mut parts = [""; 3];
    for (slot, field) in parts.iter_mut().zip(FIELDS) {
        *slot = match map.get(field) {
            None => return Err(invalid(&format!("{field} is required"))),
            Some(Json::String(s)) => checked_part(field, s)?,
            Some(other) => return Err(invalid(&format!("{field} must be a string, got {}", kind(other)))),
        };
    }
    Ok(parts)
}

fn checked_part<'p>(field: &str, part: &'p str) -> Result<&'p str> {
    if part.is_empty() {
        return Err(invalid(&format!("{field} cannot be empty")));
    }
    // A character is at most four bytes: only long parts are counted.
    if part.len() > MAX_PART_CHARS && part.chars().count() > MAX_PART_CHARS {
        return Err(Error::new(
            Code::TooLarge,
            format!("Invalid tool identifier: {field} is longer than {MAX_PART_CHARS} characters"),
        ));
    }
    Ok(part)
}

fn invalid(what: &str) -> Error {
    Error::new(Code::InvalidIdentifier, format!("Invalid tool identifier: {what}"))
}

fn kind(value: &Json<'_>) -> &'static str {
    match value {
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
        other => other.kind(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(value: &Value) -> String {
        ToolId::read(value).map_or_else(|e| e.message.clone(), |_| String::new())
    }

    #[test]
    fn each_field_is_named() {
        assert_eq!(
            ToolId::read(&json!({"toolbox": "dev", "server": "fs", "tool": "read"})).ok(),
            Some(ToolId::new("dev", "fs", "read"))
        );
        assert_eq!(
            message(&json!({"toolbox": "", "server": "fs", "tool": "read"})),
            "Invalid tool identifier: toolbox cannot be empty"
        );
        assert_eq!(
            message(&json!({"toolbox": "d", "server": 3, "tool": "read"})),
            "Invalid tool identifier: server must be a string, got number"
        );
        assert_eq!(
            message(&json!({"toolbox": "d", "server": "s"})),
            "Invalid tool identifier: tool is required"
        );
        assert_eq!(
            message(&json!({"toolbox": "d", "server": "s", "tool": "t", "x": 1})),
            "Invalid tool identifier: unknown key \"x\" (keys: toolbox, server, tool)"
        );
        assert_eq!(
            message(&json!(["d", "s", "t"])),
            "Invalid tool identifier: expected an object { toolbox, server, tool }, got an array"
        );
    }
}
