//! Per-flag overrides, from `options.flags` (by flat flag name) or from the
//! `cli` meta key in the schema. Explicit options win, key by key.

use serde_json::{Map, Value};

use super::flag::Alias;
use crate::error::{Code, Error, Result};
use crate::json::fields::{count, fields, flag, list, nested, optional, text, Fields, Problem};
use crate::json::Json;
use crate::schema::Deprecation;
use crate::text::{clip, closest};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FlagOverride {
    /// One-character alias: `-t`.
    pub short: Option<String>,
    pub description: Option<String>,
    /// Left out of usage text; still parsed.
    pub hidden: Option<bool>,
    /// Shown as `[deprecated]` (or `[deprecated: use --host]`, given a
    /// message) and not completed; still parsed. Over the schema's own
    /// `deprecated`.
    pub deprecated: Option<Deprecation>,
    /// Environment variable read when the flag is absent.
    pub env: Option<String>,
    /// Flag name to use instead of the generated one.
    pub name: Option<String>,
    /// Counted: given as a switch, its value how often (`-vvv` is 3).
    pub count: Option<bool>,
    /// Other long names the flag is typed by.
    pub aliases: Option<Vec<Alias>>,
    /// Also taken as the Nth positional argument (positions are ordered by
    /// N, so counting from 0 or from 1 both work).
    pub positional: Option<usize>,
}

impl Fields for FlagOverride {
    const KEYS: &'static [&'static str] = &[
        "short",
        "description",
        "hidden",
        "deprecated",
        "env",
        "name",
        "positional",
        "count",
        "aliases",
    ];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "short" => self.short = optional(value, text)?,
            "description" => self.description = optional(value, text)?,
            "hidden" => self.hidden = optional(value, flag)?,
            "deprecated" => self.deprecated = optional(value, Deprecation::read)?,
            "env" => self.env = optional(value, text)?,
            "name" => self.name = optional(value, text)?,
            "count" => self.count = optional(value, flag)?,
            "aliases" => self.aliases = optional(value, |v| list(v, alias))?,
            _ => self.positional = optional(value, count)?,
        }
        Ok(())
    }
}

/// One alias: `"srv"`, or `{ name: "server", deprecated: "use --host" }`.
fn alias(value: &Json<'_>) -> std::result::Result<Alias, String> {
    match value {
        Json::String(name) => Ok(Alias {
            name: name.to_string(),
            deprecated: Deprecation::Current,
            spelled: false,
        }),
        other => nested::<Alias>(other),
    }
}

impl Fields for Alias {
    const KEYS: &'static [&'static str] = &["name", "deprecated"];
    const REQUIRED: &'static [&'static str] = &["name"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "name" => self.name = text(value)?,
            _ => self.deprecated = Deprecation::read(value)?,
        }
        Ok(())
    }
}

impl FlagOverride {
    /// Reads a schema's `cli` meta object; a misspelt key gets a suggestion.
    pub fn from_meta(meta: &Map<String, Value>, path: &[String]) -> Result<Self> {
        let at = super::names::show_path(path);
        let known = FlagOverride::KEYS;
        let value = Value::Object(meta.clone());
        fields(&Json::borrow(&value)).map_err(|problem| {
            let message = match problem {
                Problem::Unknown(key) => {
                    let hint = closest(&key, known.iter().copied())
                        .map(|s| format!("; did you mean \"{s}\"?"))
                        .unwrap_or_default();
                    format!(
                        "the cli meta at {at} has an unknown key \"{}\"{hint} (keys: {})",
                        clip(&key),
                        known.join(", ")
                    )
                }
                other => format!("the cli meta at {at} is not valid: {}", other.message(known)),
            };
            Error::new(Code::InvalidSchema, message).with_path(path.to_vec())
        })
    }

    /// `self` (explicit options) over `meta` (the schema), key by key.
    #[must_use]
    pub fn over(self, meta: FlagOverride) -> FlagOverride {
        FlagOverride {
            short: self.short.or(meta.short),
            description: self.description.or(meta.description),
            hidden: self.hidden.or(meta.hidden),
            deprecated: self.deprecated.or(meta.deprecated),
            env: self.env.or(meta.env),
            name: self.name.or(meta.name),
            positional: self.positional.or(meta.positional),
            count: self.count.or(meta.count),
            aliases: self.aliases.or(meta.aliases),
        }
    }
}

/// A short alias must be one character that can follow a single dash.
pub fn short_char(short: &str, flag: &str) -> Result<char> {
    let mut chars = short.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '-' && c != '=' && !c.is_whitespace() && !c.is_control() => Ok(c),
        _ => Err(Error::new(
            Code::InvalidOption,
            format!(
                "the short alias \"{short}\" for --{flag} must be one character other than '-', '=' or white space"
            ),
        )
        .with_flag(format!("--{flag}"))),
    }
}
