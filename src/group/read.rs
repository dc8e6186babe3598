//! The definition as the JS layer hands it over (one JSON object, schemas
//! already JSON Schema), checked for what API.md refuses at definition.
//! What only JS can see (a handler that is no function, `actions` and
//! `groups` together) is checked there.

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::{Code, Error, Result};

/// The discriminator's default name.
pub const DISCRIMINATOR: &str = "action";
/// The key of the built-in help action.
pub const HELP: &str = "help";

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GroupDef {
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub discriminator: Option<String>,
    #[serde(default)]
    pub help: bool,
    #[serde(default)]
    pub description_format: Option<String>,
    #[serde(default)]
    pub annotations: Option<Map<String, Value>>,
    #[serde(default)]
    pub common: Option<Value>,
    /// Whether the actions came in `groups` (keys `group.name`): read off
    /// the actions, which either all name a group or none does.
    #[serde(skip)]
    pub grouped: bool,
    pub actions: Vec<ActionDef>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ActionDef {
    #[serde(default)]
    pub group: Option<String>,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub input: Option<Value>,
    #[serde(default)]
    pub read_only: Option<bool>,
    #[serde(default)]
    pub destructive: Option<bool>,
    #[serde(default)]
    pub idempotent: Option<bool>,
    #[serde(default)]
    pub open_world: Option<bool>,
}

impl ActionDef {
    /// `name`, or `group.name` in a grouped tool.
    #[must_use]
    pub fn key(&self) -> String {
        match &self.group {
            Some(group) => format!("{group}.{}", self.name),
            None => self.name.clone(),
        }
    }
}

/// Reads and checks a definition.
pub fn read(value: &Value) -> Result<GroupDef> {
    let mut def = GroupDef::deserialize(value).map_err(|e| {
        Error::new(
            Code::InvalidDefinition,
            format!("the definition is not one toolshape reads: {e}"),
        )
    })?;
    def.grouped = def.actions.iter().any(|a| a.group.is_some());
    check(&def)?;
    Ok(def)
}

fn refuse(tool: &str, message: impl std::fmt::Display) -> Error {
    Error::new(Code::InvalidDefinition, format!("tool \"{tool}\": {message}"))
}

fn check(def: &GroupDef) -> Result<()> {
    let tool = def.name.as_str();
    if tool.trim().is_empty() {
        return Err(Error::new(Code::InvalidDefinition, "a tool needs a non-empty name"));
    }
    if def.actions.is_empty() {
        return Err(refuse(
            tool,
            "has no actions; give `actions` or `groups` with at least one action",
        ));
    }
    let discriminator = def.discriminator.as_deref().unwrap_or(DISCRIMINATOR);
    if discriminator.is_empty() {
        return Err(refuse(tool, "the discriminator name is empty"));
    }
    match def.description_format.as_deref() {
        None | Some("text" | "toon") => {}
        Some(other) => {
            return Err(refuse(
                tool,
                format!("descriptionFormat is \"text\" or \"toon\", not {other:?}"),
            ))
        }
    }
    if def.grouped && def.actions.iter().any(|a| a.group.is_none()) {
        return Err(refuse(
            tool,
            "some actions are in groups and some are not; give `actions` or `groups`, not both",
        ));
    }
    let mut keys: Vec<String> = Vec::new();
    for action in &def.actions {
        if let Some(group) = &action.group {
            check_name(tool, "group", group)?;
        }
        check_name(tool, "action", &action.name)?;
        let key = action.key();
        if keys.contains(&key) {
            return Err(refuse(tool, format!("the action \"{key}\" is defined twice")));
        }
        if def.help && key == HELP {
            return Err(refuse(
                tool,
                "has an action named \"help\" and `help: true`, which adds one; rename the action or drop `help`",
            ));
        }
        if action.read_only == Some(true) && action.destructive == Some(true) {
            return Err(refuse(
                tool,
                format!(
                    "the action \"{key}\" is both readOnly and destructive; an action that only reads destroys nothing"
                ),
            ));
        }
        keys.push(key);
    }
    Ok(())
}

fn check_name(tool: &str, what: &str, name: &str) -> Result<()> {
    if name.trim().is_empty() {
        let article = if what == "action" { "an" } else { "a" };
        return Err(refuse(tool, format!("{article} {what} name is empty")));
    }
    if name.contains('.') {
        return Err(refuse(
            tool,
            format!("the {what} name \"{name}\" has a dot; dots join a group and its action (\"group.action\")"),
        ));
    }
    Ok(())
}
