//! Help entries as markdown and as JSON, in exactly the formats servers
//! already emit by hand (so switching keeps their output), with control
//! characters in descriptions made visible.

use serde::Serialize;

use super::entries::{HelpEntry, Param};
use super::text::sanitize;
use crate::json::fields::{list, nested};
use crate::json::Json;
use crate::schema::Deprecation;

/// The text for an empty list.
pub const NO_HELP: &str = "No help available for the specified topic.";

#[must_use]
pub fn format_markdown(entries: &[HelpEntry]) -> String {
    if entries.is_empty() {
        return NO_HELP.to_owned();
    }
    entries.iter().map(markdown_entry).collect::<Vec<_>>().join("\n---\n\n")
}

fn markdown_entry(entry: &HelpEntry) -> String {
    let mut md = format!("## {}\n\n", sanitize(&entry.discriminator));
    match &entry.deprecated {
        Deprecation::Current => {}
        Deprecation::Marked => md.push_str("**Deprecated.**\n\n"),
        Deprecation::Because(why) => {
            md.push_str("**Deprecated:** ");
            md.push_str(&sanitize(why));
            md.push_str("\n\n");
        }
    }
    if !entry.description.is_empty() {
        md.push_str(&sanitize_block(&entry.description));
        md.push_str("\n\n");
    }
    if !entry.parameters.is_empty() {
        md.push_str("**Parameters:**\n\n");
        for param in &entry.parameters {
            md.push_str(&markdown_param(param));
        }
    }
    md
}

fn markdown_param(param: &Param) -> String {
    let required = if param.required { " (required)" } else { " (optional)" };
    let default = param
        .default
        .as_ref()
        .map(|d| format!(", default: {}", sanitize(&crate::json_out::value_text(d))))
        .unwrap_or_default();
    let description = param
        .description
        .as_deref()
        .map(|d| format!(" - {}", sanitize(d)))
        .unwrap_or_default();
    format!(
        "- **{}** ({}{required}{default}){description}\n",
        sanitize(&param.name),
        sanitize(&param.ty)
    )
}

/// Like `sanitize`, but keeps line breaks: an action's description may be
/// paragraphs.
fn sanitize_block(text: &str) -> String {
    text.split('\n').map(sanitize).collect::<Vec<_>>().join("\n")
}

#[derive(Serialize)]
struct JsonEntry<'a> {
    action: &'a str,
    description: &'a str,
    parameters: &'a [Param],
    #[serde(skip_serializing_if = "Deprecation::is_current")]
    deprecated: &'a Deprecation,
}

/// JSON with two-space indentation and the key `action`, as
/// `JSON.stringify(entries, null, 2)` writes it.
#[must_use]
pub fn format_json(entries: &[HelpEntry]) -> String {
    let json: Vec<JsonEntry<'_>> = entries
        .iter()
        .map(|e| JsonEntry {
            action: &e.discriminator,
            description: &e.description,
            parameters: &e.parameters,
            deprecated: &e.deprecated,
        })
        .collect();
    crate::json_out::to_string_pretty(&json).unwrap_or_else(|_| "[]".to_owned())
}

/// Reads entries handed in as JSON (from JS), refusing anything else.
pub fn parse_entries(value: &Json<'_>) -> crate::error::Result<Vec<HelpEntry>> {
    list(value, nested).map_err(|err| {
        crate::error::Error::new(
            crate::error::Code::InvalidEntries,
            format!("help entries must be an array of {{ discriminator, description, parameters }}: {err}"),
        )
    })
}

/// Help entries given as JSON text, formatted as `markdown` or `json`.
pub fn format_entries_text(entries: &str, format: &str) -> crate::error::Result<String> {
    let value = crate::schema::parse_schema_text(entries, "the help entries")?;
    let entries = parse_entries(&value)?;
    match format {
        "markdown" => Ok(format_markdown(&entries)),
        "json" => Ok(format_json(&entries)),
        other => Err(crate::error::Error::new(
            crate::error::Code::InvalidOption,
            format!(
                "help format \"{}\" is not one of: markdown, json",
                crate::text::clip(other)
            ),
        )),
    }
}
