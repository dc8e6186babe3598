//! The definition as the JS layer hands it over (one JSON object, schemas
//! already JSON Schema), checked for what API.md refuses at definition.
//! What only JS can see (a handler that is no function, `actions` and
//! `groups` together) is checked there.

use serde_json::{Map, Value};

use crate::error::{Code, Error, Result};
use crate::json::fields::{any, fields, flag, list, nested, object, optional, text, Fields};
use crate::json::Json;
use crate::schema::Deprecation;

/// The discriminator's default name.
pub const DISCRIMINATOR: &str = "action";
/// The key of the built-in help action.
pub const HELP: &str = "help";

#[derive(Debug, Clone, Default)]
pub struct GroupDef {
    pub name: String,
    pub description: Option<String>,
    pub discriminator: Option<String>,
    pub help: bool,
    pub description_format: Option<String>,
    pub annotations: Option<Map<String, Value>>,
    pub common: Option<Value>,
    /// Whether the actions came in `groups` (keys `group.name`): read off
    /// the actions, which either all name a group or none does.
    pub grouped: bool,
    pub actions: Vec<ActionDef>,
}

impl Fields for GroupDef {
    const KEYS: &'static [&'static str] = &[
        "name",
        "description",
        "discriminator",
        "help",
        "descriptionFormat",
        "annotations",
        "common",
        "actions",
    ];
    const REQUIRED: &'static [&'static str] = &["name", "actions"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "name" => self.name = text(value)?,
            "description" => self.description = optional(value, text)?,
            "discriminator" => self.discriminator = optional(value, text)?,
            "help" => self.help = flag(value)?,
            "descriptionFormat" => self.description_format = optional(value, text)?,
            "annotations" => self.annotations = optional(value, object)?,
            "common" => self.common = optional(value, |v| Ok(any(v)))?,
            _ => self.actions = list(value, nested)?,
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Default)]
pub struct ActionDef {
    pub group: Option<String>,
    pub name: String,
    pub description: Option<String>,
    pub input: Option<Value>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    /// Still served; marked `deprecated` in its schemas, so help and the
    /// command line say so (with the message, when one is given).
    pub deprecated: Deprecation,
}

impl Fields for ActionDef {
    const KEYS: &'static [&'static str] = &[
        "group",
        "name",
        "description",
        "input",
        "readOnly",
        "destructive",
        "idempotent",
        "openWorld",
        "deprecated",
    ];
    const REQUIRED: &'static [&'static str] = &["name"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "group" => self.group = optional(value, text)?,
            "name" => self.name = text(value)?,
            "description" => self.description = optional(value, text)?,
            "input" => self.input = optional(value, |v| Ok(any(v)))?,
            "readOnly" => self.read_only = optional(value, flag)?,
            "destructive" => self.destructive = optional(value, flag)?,
            "idempotent" => self.idempotent = optional(value, flag)?,
            "deprecated" => self.deprecated = optional(value, Deprecation::read)?.unwrap_or_default(),
            _ => self.open_world = optional(value, flag)?,
        }
        Ok(())
    }
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
    let mut def: GroupDef = fields(&Json::borrow(value)).map_err(|problem| {
        Error::new(
            Code::InvalidDefinition,
            format!(
                "the definition is not one toolshape reads: {}",
                problem.message(GroupDef::KEYS)
            ),
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
