//! Client profiles: one two-way unit per client. A profile writes the
//! schema its client accepts, starting from the `mcp` profile's output, and
//! reports every change that loses meaning (a warning) and everything it
//! cannot write without the server losing what it accepts (an error). Its
//! inverse ([`Inverse`]) turns the arguments that client sends back into
//! what the original schema accepts. CLIENTS.md section 2 has the rules each
//! file follows; the README lists, per profile, what it changes and refuses.

mod anthropic;
mod anthropic_strict;
mod claude_code;
mod cursor;
mod enum_strings;
mod gemini;
mod gemini_json;
mod join;
mod join_union;
mod mcp;
mod openai;
mod openai_strict;
mod portable;
mod recursion;
mod rules;
mod strict;
mod union_root;
mod vscode;
mod walk;

use std::borrow::Cow;

use crate::json::Json;
use serde::Serialize;

pub use anthropic_strict::FORMATS as ANTHROPIC_STRICT_FORMATS;
pub use openai_strict::FORMATS as OPENAI_STRICT_FORMATS;
pub use union_root::ActionsAs;

use crate::error::{Code, Error, Finding, FindingCode, Result};
use crate::schema::actions::ActionUnion;
use crate::schema::Schema;
use crate::text::closest;

/// Which client a schema is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Client {
    /// The MCP spec: JSON Schema 2020-12, root `type: "object"`.
    #[default]
    Mcp,
    /// Safe in every client below except Gemini's `parameters`.
    Portable,
    /// OpenAI function tools without `strict`.
    Openai,
    /// OpenAI with `strict: true`.
    OpenaiStrict,
    /// Anthropic Messages `input_schema`.
    Anthropic,
    /// Anthropic with strict tool use (`strict: true`).
    AnthropicStrict,
    /// Claude Code (Anthropic's rules and its own).
    ClaudeCode,
    /// Gemini `FunctionDeclaration.parameters` (OpenAPI 3.0 subset).
    Gemini,
    /// Gemini `parametersJsonSchema`.
    GeminiJson,
    /// VS Code with GitHub Copilot.
    Vscode,
    /// Cursor.
    Cursor,
}

impl Client {
    /// Every client, in the order `check(schema, "all")` reports them.
    pub const ALL: &'static [Client] = &[
        Client::Mcp,
        Client::Portable,
        Client::Openai,
        Client::OpenaiStrict,
        Client::Anthropic,
        Client::AnthropicStrict,
        Client::ClaudeCode,
        Client::Gemini,
        Client::GeminiJson,
        Client::Vscode,
        Client::Cursor,
    ];

    /// Every profile name, as options and the CLI spell them.
    pub const NAMES: &'static [&'static str] = &[
        "mcp",
        "portable",
        "openai",
        "openai-strict",
        "anthropic",
        "anthropic-strict",
        "claude-code",
        "gemini",
        "gemini-json",
        "vscode",
        "cursor",
    ];

    pub fn parse(name: &str) -> Result<Self> {
        Client::ALL.iter().copied().find(|c| c.name() == name).ok_or_else(|| {
            let hint = closest(name, Client::NAMES.iter().copied())
                .map(|s| format!("; did you mean \"{s}\"?"))
                .unwrap_or_default();
            Error::new(
                Code::InvalidOption,
                format!(
                    "unknown client \"{}\"{hint} (clients: {})",
                    crate::text::clip(name),
                    Client::NAMES.join(", ")
                ),
            )
        })
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Client::Mcp => "mcp",
            Client::Portable => "portable",
            Client::Openai => "openai",
            Client::OpenaiStrict => "openai-strict",
            Client::Anthropic => "anthropic",
            Client::AnthropicStrict => "anthropic-strict",
            Client::ClaudeCode => "claude-code",
            Client::Gemini => "gemini",
            Client::GeminiJson => "gemini-json",
            Client::Vscode => "vscode",
            Client::Cursor => "cursor",
        }
    }

    /// Position in [`Client::ALL`], for per-client caches.
    #[must_use]
    pub fn index(self) -> usize {
        Client::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    /// Whether the client keeps a string's `format` as written: Gemini's
    /// `parameters` only `date-time` (beside its own `enum`), the strict
    /// modes their lists, every other client any. The one statement the
    /// tree's rules, Zod's patterns and the Shape writer read.
    #[must_use]
    pub fn keeps_format(self, format: &str) -> bool {
        match self {
            Client::Gemini => format == "date-time",
            Client::OpenaiStrict => openai_strict::format_ok(format),
            Client::AnthropicStrict => anthropic_strict::format_ok(format),
            _ => true,
        }
    }

    /// What repair undoes for this client's arguments.
    #[must_use]
    pub fn inverse(self) -> Inverse {
        Inverse {
            null_means_absent: self == Client::OpenaiStrict,
        }
    }
}

/// The inverse of a profile's transforms, applied by repair. Enum values a
/// profile wrote as strings need no entry: repair already turns text into
/// the value that fits where the schema takes no string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Inverse {
    /// `null` for a key whose schema does not accept it is an omitted key
    /// (`openai-strict` makes every optional field required and nullable).
    pub null_means_absent: bool,
}

/// What a tool's schema is, as far as a profile cares.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    pub schema: &'a Schema,
    /// The action union the root is, read once in `compile`.
    pub union: Option<&'a ActionUnion>,
}

/// What a profile changed and refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    pub warnings: Vec<Finding>,
    pub errors: Vec<Finding>,
    /// Warnings are not written: `inputSchema` hands out the schema and
    /// throws the refusals, and a warning's pointer and message were a
    /// sixth of a profile's cost (thirty optional fields made nullable);
    /// `check` writes the profile again with them.
    #[serde(skip)]
    pub quiet: bool,
}

impl Report {
    /// A report that keeps refusals only (see [`Report::quiet`]).
    #[must_use]
    pub fn quiet() -> Report {
        Report {
            quiet: true,
            ..Report::default()
        }
    }

    /// Records a warning; its pointer and message are made only when kept.
    fn warn<P: Into<String>, M: Into<Cow<'static, str>>>(
        &mut self,
        code: FindingCode,
        pointer: impl FnOnce() -> P,
        message: impl FnOnce() -> M,
    ) {
        if self.quiet {
            return;
        }
        self.warnings.push(Finding {
            code,
            pointer: pointer().into(),
            message: message().into(),
        });
    }

    fn refuse(&mut self, code: FindingCode, pointer: impl Into<String>, message: impl Into<Cow<'static, str>>) {
        self.errors.push(Finding {
            code,
            pointer: pointer.into(),
            message: message.into(),
        });
    }
}

/// A profile's schema with its report. The schema borrows names and
/// texts from the compiled schema it was written from.
#[derive(Debug, Clone, PartialEq)]
pub struct Shaped<'a> {
    pub schema: Json<'a>,
    pub report: Report,
    /// The schema holds a pattern of Zod's own beside its format
    /// ([`Schema::zod_patterns`]).
    pub zod_patterns: bool,
}

/// `tool.check(client)`: what the profile changes (warnings) and what it
/// cannot write (errors, which `inputSchema` would throw).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub client: &'static str,
    pub ok: bool,
    pub warnings: Vec<Finding>,
    pub errors: Vec<Finding>,
}

impl Check {
    #[must_use]
    pub fn new(client: Client, report: &Report) -> Check {
        Check {
            client: client.name(),
            ok: report.errors.is_empty(),
            warnings: report.warnings.clone(),
            errors: report.errors.clone(),
        }
    }
}

/// The root form an action union takes for `client`: `oneOf` only for
/// `mcp`, since every other client refuses or strips a root `oneOf`.
pub fn form(client: Client, actions_as: Option<ActionsAs>) -> Result<ActionsAs> {
    let form = actions_as.unwrap_or(ActionsAs::Flat);
    if form == ActionsAs::OneOf && client != Client::Mcp {
        return Err(Error::new(
            Code::InvalidOption,
            format!(
                "actionsAs \"oneOf\" is only for the mcp profile: the {} client refuses or strips a root oneOf",
                client.name()
            ),
        ));
    }
    Ok(form)
}

/// The `mcp` profile's schema and report: where every other profile starts.
/// `report` is where findings go: [`Report::quiet`] when only the schema
/// and its refusals are wanted.
#[must_use]
pub fn mcp_schema(input: Input<'_>, form: ActionsAs, mut report: Report) -> Shaped<'_> {
    let schema = mcp::emit(input, form);
    if let (Some(union), ActionsAs::Flat) = (input.union, form) {
        report.warn(FindingCode::UnionFlattened, || "", || union_root::flattened_note(union));
    }
    Shaped {
        schema,
        report,
        zod_patterns: input.schema.zod_patterns,
    }
}

/// The flat `mcp` schema (from [`mcp_schema`]) rewritten for `client`, its
/// report extended with what that changed and refused.
#[must_use]
pub fn reshape(mut base: Shaped<'_>, client: Client) -> Shaped<'_> {
    let (schema, report) = (&mut base.schema, &mut base.report);
    if base.zod_patterns && client != Client::Mcp {
        // Before the client's own rules, so none of them reports a pattern
        // that is not sent.
        rules::drop_zod_patterns(schema, report, |format| client.keeps_format(format));
    }
    match client {
        Client::Mcp => {}
        Client::Portable => portable::shape(schema, report),
        Client::Openai => openai::shape(schema, report),
        Client::OpenaiStrict => openai_strict::shape(schema, report),
        Client::Anthropic => anthropic::shape(schema, report),
        Client::AnthropicStrict => anthropic_strict::shape(schema, report),
        Client::ClaudeCode => claude_code::shape(schema, report),
        Client::Gemini => gemini::shape(schema, report),
        Client::GeminiJson => gemini_json::shape(schema, report),
        Client::Vscode => vscode::shape(schema, report),
        Client::Cursor => cursor::shape(schema, report),
    }
    base
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_parses_by_its_name() {
        for client in Client::ALL {
            assert_eq!(Client::parse(client.name()).map(Client::index), Ok(client.index()));
        }
        assert_eq!(Client::NAMES.len(), Client::ALL.len());
        assert!(Client::parse("mpc").is_err_and(|e| e.message.contains("did you mean \"mcp\"")));
        assert!(Client::parse("open-ai").is_err_and(|e| e.message.contains("did you mean \"openai\"")));
    }
}
