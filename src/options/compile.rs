//! `compile` options as JS passes them (camelCase).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::json::fields::{any, choice, count, entries, flag, nested, optional, text, Fields};
use crate::json::Json;

use crate::error::{Code, Error, Result};
use crate::flags::{Builtins, Case, FlagOptions, FlagOverride};
use crate::json_out::value_text;
use crate::limits::MAX_ENV_PREFIX_CHARS;
use crate::text::clip;

/// The command name when none is given.
const DEFAULT_NAME: &str = "tool";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct CompileOptions {
    /// Command name used in usage text.
    pub name: Option<String>,
    /// Joins nested keys into flag names; default `-`.
    pub separator: Option<String>,
    /// `kebab` (default) or `preserve`.
    pub case: Option<Case>,
    /// Object levels flattened into flags; default 3.
    pub max_depth: Option<usize>,
    /// `false`: every object-valued property is one JSON flag.
    pub flatten: Option<bool>,
    /// Per-flag overrides by generated flag name.
    pub flags: BTreeMap<String, FlagOverride>,
    /// `APP`: `--config-timeout` falls back to `APP_CONFIG_TIMEOUT`.
    pub env_prefix: Option<String>,
    /// `--version` answers `VERSION_REQUESTED` with this text.
    pub version: Option<String>,
    /// `true` (default), `false`, or `{ short: null }` / `{ short: "?" }`;
    /// read in [`CompileOptions::builtins`], where a bad value is named.
    pub help: Option<Value>,
}

impl Fields for CompileOptions {
    const KEYS: &'static [&'static str] = &[
        "name",
        "separator",
        "case",
        "maxDepth",
        "flatten",
        "flags",
        "envPrefix",
        "version",
        "help",
    ];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "name" => self.name = optional(value, text)?,
            "separator" => self.separator = optional(value, text)?,
            "case" => self.case = optional(value, |v| choice(v, Case::WORDS))?,
            "maxDepth" => self.max_depth = optional(value, count)?,
            "flatten" => self.flatten = optional(value, flag)?,
            "flags" => self.flags = entries(value, nested)?,
            "envPrefix" => self.env_prefix = optional(value, text)?,
            "version" => self.version = optional(value, text)?,
            _ => self.help = optional(value, |v| Ok(any(v)))?,
        }
        Ok(())
    }
}

impl CompileOptions {
    /// Reads options from JSON text (the native and CLI path).
    pub fn from_json(text: &str) -> Result<Self> {
        super::read_text(Some(text), "compile")
    }

    /// The command name shown in usage text.
    #[must_use]
    pub fn command_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| DEFAULT_NAME.to_owned())
    }

    pub fn flag_options(&self) -> Result<FlagOptions> {
        let defaults = FlagOptions::default();
        if let Some(prefix) = &self.env_prefix {
            if prefix.is_empty() || !prefix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(Error::new(
                    Code::InvalidOption,
                    format!("envPrefix \"{}\" must be letters, digits and '_'", clip(prefix)),
                ));
            }
            if prefix.len() > MAX_ENV_PREFIX_CHARS {
                return Err(Error::new(
                    Code::InvalidOption,
                    format!(
                        "envPrefix \"{}\" must be at most {MAX_ENV_PREFIX_CHARS} characters",
                        clip(prefix)
                    ),
                ));
            }
        }
        if let Some(separator) = &self.separator {
            crate::flags::check_separator(separator)?;
        }
        Ok(FlagOptions {
            separator: self.separator.clone().unwrap_or(defaults.separator),
            case: self.case.unwrap_or(defaults.case),
            max_depth: self.max_depth.unwrap_or(defaults.max_depth),
            flatten: self.flatten.unwrap_or(defaults.flatten),
            overrides: self.flags.clone(),
            env_prefix: self.env_prefix.clone(),
            builtins: self.builtins()?,
        })
    }

    /// The built-in flags: `--help` unless `help: false`, `-h` unless
    /// `help: { short: null }` (or another letter), `--version` with a version.
    pub fn builtins(&self) -> Result<Builtins> {
        builtins(self.help.as_ref(), self.version.is_some())
    }
}

/// Reads the `help` option (of `compile` or `compileCommands`).
pub fn builtins(help: Option<&Value>, version: bool) -> Result<Builtins> {
    match help {
        None | Some(Value::Bool(true)) => Ok(Builtins {
            version,
            ..Builtins::default()
        }),
        Some(given) => builtins_given(given, version),
    }
}

/// `help` given as anything but `true`. Its own function: V8 compiles a
/// whole function on its first call, and most tools leave `help` alone.
#[inline(never)]
fn builtins_given(help: &Value, version: bool) -> Result<Builtins> {
    let defaults = Builtins::default();
    let bad = |what: &str| {
        Error::new(
            Code::InvalidOption,
            format!("option \"help\" must be true, false or {{ short: \"x\" | null }}, got {what}"),
        )
    };
    match help {
        Value::Bool(true) => Ok(Builtins { version, ..defaults }),
        Value::Bool(false) => Ok(Builtins {
            help: false,
            help_short: None,
            version,
        }),
        Value::Object(shape) => {
            if let Some(key) = shape.keys().find(|k| *k != "short") {
                return Err(bad(&format!("an object with the key \"{}\"", clip(key))));
            }
            let help_short = match shape.get("short") {
                None => defaults.help_short,
                Some(Value::Null) => None,
                Some(Value::String(short)) => Some(crate::flags::short_char(short, "help")?),
                Some(other) => return Err(bad(&format!("short: {}", clip(&value_text(other))))),
            };
            Ok(Builtins {
                help: true,
                help_short,
                version,
            })
        }
        other => Err(bad(&clip(&value_text(other)))),
    }
}

/// `compileCommands` options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommandsOptions {
    /// The program name shown in usage text.
    pub name: Option<String>,
    /// `--version` answers `VERSION_REQUESTED` with this text.
    pub version: Option<String>,
    /// As for `compile`.
    pub help: Option<Value>,
    /// The command line answers `completion <shell>` (a registry's runCli
    /// does): listed with the commands and completed like one.
    pub completion: bool,
}

impl Fields for CommandsOptions {
    const KEYS: &'static [&'static str] = &["name", "version", "help", "completion"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "name" => self.name = optional(value, text)?,
            "version" => self.version = optional(value, text)?,
            "completion" => self.completion = optional(value, flag)?.unwrap_or(false),
            _ => self.help = optional(value, |v| Ok(any(v)))?,
        }
        Ok(())
    }
}

impl CommandsOptions {
    /// The program name shown in usage text.
    #[must_use]
    pub fn command_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| DEFAULT_NAME.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_camel_case_samples_parse() {
        assert_eq!(CompileOptions::from_json("{}"), Ok(CompileOptions::default()));
        let options = CompileOptions::from_json(
            r#"{"name":"t","separator":".","case":"preserve","maxDepth":2,"flatten":false,
                "flags":{"a-b":{"short":"a","hidden":true}},"envPrefix":"APP"}"#,
        );
        let options = options.unwrap_or_default();
        assert_eq!(options.max_depth, Some(2));
        assert_eq!(options.case, Some(Case::Preserve));
        assert_eq!(
            options.flags.get("a-b").and_then(|o| o.short.clone()),
            Some("a".to_owned())
        );
    }

    #[test]
    fn misspelt_options_are_refused() {
        let err = CompileOptions::from_json(r#"{"maxdepth":2}"#).err();
        assert_eq!(err.map(|e| e.code), Some(Code::InvalidOption));
        let err = CompileOptions::from_json(r#"{"case":"snake"}"#).err();
        assert_eq!(err.map(|e| e.code), Some(Code::InvalidOption));
    }

    /// Both are written into every flag's name or environment variable, so
    /// their length multiplied the flag table's size (found by the fuzz
    /// harness: a 10,000-character separator over 12,000 actions took 1.6 GB).
    #[test]
    fn separator_and_env_prefix_are_short() {
        let message = |text: &str| {
            CompileOptions::from_json(text)
                .and_then(|o| o.flag_options())
                .err()
                .map(|e| (e.code, e.message.clone()))
        };
        assert_eq!(message(r#"{"separator":"__.__","envPrefix":"APP_1"}"#), None);
        let prefix = "A".repeat(MAX_ENV_PREFIX_CHARS);
        assert_eq!(message(&format!(r#"{{"envPrefix":"{prefix}"}}"#)), None);
        let long = message(&format!(r#"{{"envPrefix":"{prefix}B"}}"#));
        assert_eq!(long.as_ref().map(|e| e.0), Some(Code::InvalidOption));
        assert!(long.is_some_and(|e| e.1.ends_with("must be at most 64 characters")));
        let long = message(r#"{"separator":"_________"}"#);
        assert_eq!(
            long,
            Some((
                Code::InvalidOption,
                r#"separator "_________" must be at most 8 characters"#.to_owned()
            ))
        );
    }
}
