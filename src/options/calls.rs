//! Options of the per-tool calls: `inputSchema`, `usage`, `parseArgv`.

use crate::help::{Format, UsageOptions};
use crate::json::fields::{choice, count, flag, optional, text, Fields};
use crate::json::Json;
use crate::profile::{ActionsAs, Client};

/// `tool.inputSchema(options)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputSchemaOptions {
    /// The client profile; `mcp` by default.
    pub client: Client,
    /// For an action union: `flat` or `oneOf`; the profile decides when absent.
    pub actions_as: Option<ActionsAs>,
}

impl Fields for InputSchemaOptions {
    const KEYS: &'static [&'static str] = &["client", "actionsAs"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> Result<(), String> {
        if key == "client" {
            let name = value
                .as_str()
                .ok_or_else(|| crate::json::fields::expected("a string", value))?;
            self.client = Client::parse(name).map_err(|e| e.message.clone())?;
        } else {
            self.actions_as = optional(value, |v| choice(v, ActionsAs::WORDS))?;
        }
        Ok(())
    }
}

/// `tool.usage(options)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageRequest {
    /// `text` or `markdown`.
    pub format: Format,
    /// Columns for text output.
    pub width: usize,
    /// For an action union: one action's flags (`logs`, `zfs:pools`).
    pub topic: Option<String>,
}

impl Default for UsageRequest {
    fn default() -> Self {
        let defaults = UsageOptions::default();
        UsageRequest {
            format: defaults.format,
            width: defaults.width,
            topic: None,
        }
    }
}

impl Fields for UsageRequest {
    const KEYS: &'static [&'static str] = &["format", "width", "topic"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> Result<(), String> {
        match key {
            "format" => self.format = choice(value, Format::WORDS)?,
            "width" => self.width = count(value)?,
            _ => self.topic = optional(value, text)?,
        }
        Ok(())
    }
}

impl UsageRequest {
    #[must_use]
    pub fn usage_options(&self) -> UsageOptions {
        UsageOptions {
            format: self.format,
            width: self.width,
        }
    }
}

/// `tool.parseArgv(argv, options)`. The environment is looked up by the
/// caller (only the names the flag table uses cross), standard input
/// (`--json -`) and config files read there, so their values are not read here; the keys
/// are known so that a misspelt one is refused with a suggestion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// A positional no key takes goes to `rest` instead of being an issue.
    pub allow_positionals: bool,
    /// A missing required flag is no issue.
    pub partial: bool,
}

impl Fields for ParseOptions {
    const KEYS: &'static [&'static str] = &["env", "allowPositionals", "partial", "stdin", "config"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> Result<(), String> {
        match key {
            "allowPositionals" => self.allow_positionals = flag(value)?,
            "partial" => self.partial = flag(value)?,
            // Read by the caller: env's names looked up, stdin read for `--json -`, config files read.
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Code;
    use crate::options::read_text;

    #[test]
    fn defaults_and_camel_case_samples_parse() {
        let none: InputSchemaOptions = read_text(Some("{}"), "inputSchema").unwrap_or_default();
        assert_eq!(none, InputSchemaOptions::default());
        let some: InputSchemaOptions =
            read_text(Some(r#"{"client":"mcp","actionsAs":"oneOf"}"#), "inputSchema").unwrap_or_default();
        assert_eq!(some.actions_as, Some(ActionsAs::OneOf));
        let usage: UsageRequest = read_text(None, "usage").unwrap_or_default();
        assert_eq!(usage.width, 80);
        assert_eq!(usage.format, Format::Text);
    }

    #[test]
    fn misspelt_keys_and_bad_values_are_named() {
        let err = read_text::<InputSchemaOptions>(Some(r#"{"flatenActions":true}"#), "inputSchema").err();
        let err = err.map(|e| (e.code, e.message.clone()));
        assert_eq!(err.as_ref().map(|e| e.0), Some(Code::InvalidOption));
        assert!(err.is_some_and(|e| e.1.contains("\"flatenActions\"")));
        let err = read_text::<UsageRequest>(Some(r#"{"widht":3}"#), "usage").err();
        assert!(err.is_some_and(|e| e.message.contains("did you mean \"width\"")));
        let err = read_text::<UsageRequest>(Some(r#"{"width":-1}"#), "usage").err();
        assert!(err.is_some_and(|e| e.message.starts_with("usage option \"width\"")));
        let err = read_text::<InputSchemaOptions>(Some(r#"{"client":"mpc"}"#), "inputSchema").err();
        assert!(err.is_some_and(|e| e.message.contains("did you mean \"mcp\"")));
        let err = read_text::<UsageRequest>(Some("[1]"), "usage").err();
        assert!(err.is_some_and(|e| e.message == "usage options must be an object, got array"));
    }

    #[test]
    fn a_client_alone_reads_as_the_object_holding_it() {
        for client in ["mcp", "openai-strict", "mpc", "", "\"quoted\""] {
            let text = format!("{{\"client\":{}}}", serde_json::Value::from(client));
            let object = read_text::<InputSchemaOptions>(Some(&text), "inputSchema");
            let alone = crate::options::read_client::<InputSchemaOptions>(client, "inputSchema");
            assert_eq!(object, alone, "{client}");
        }
        // Options without a client say so as the object would.
        let usage = crate::options::read_client::<UsageRequest>("mcp", "usage").map_err(|e| e.message.clone());
        assert!(usage.is_err_and(|m| m.starts_with("unknown usage option \"client\"")));
    }
}
