//! The one error type. Every failure the core reports is an [`Error`] with a
//! stable [`Code`]; the JS layer turns its JSON form into `ToolshapeError`.

use std::fmt;

use serde::Serialize;

mod finding;

pub use finding::{Finding, FindingCode};

/// Stable error codes. The strings are part of the public contract: never
/// rename one, only add.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Code {
    /// Schema or option text that is not JSON.
    InvalidJson,
    /// A schema keyword with a value of the wrong kind.
    InvalidSchema,
    /// The root schema is not an object schema.
    InvalidRoot,
    /// A `$ref` that points at nothing.
    DanglingRef,
    /// A `$ref` cycle that never passes through an object or array.
    RefCycle,
    /// Nesting beyond [`crate::limits::MAX_DEPTH`].
    TooDeep,
    /// Input beyond a size limit, or a schema that expands beyond one.
    TooLarge,
    /// An option with a bad value, or an override for a flag that does not exist.
    InvalidOption,
    /// Two entries of the flag table with one name or one short alias.
    FlagCollision,
    /// A key that cannot be written as a flag name.
    InvalidFlagName,
    /// argv or flat values that do not fit the schema.
    InvalidArgs,
    /// Arguments that no argv can express.
    Unrepresentable,
    /// `help` on a schema that is not a union of object actions.
    NotActionUnion,
    /// An action union whose branches share no literal key, or (strict) a
    /// branch without one.
    NoDiscriminator,
    /// Help entries handed to a formatter that are not help entries.
    InvalidEntries,
    /// argv asked for `--help`/`-h`; the message is the usage text.
    HelpRequested,
    /// argv asked for `--version` and the tool has one; the message is it.
    VersionRequested,
    /// A client profile cannot write the schema without the server losing what it accepts.
    UnsupportedByClient,
    /// A tool or group definition API.md refuses (no actions, a bad name, ...).
    InvalidDefinition,
    /// Actions of one group define a field incompatibly; every conflict at once.
    FieldConflict,
    /// A tool identifier (or name) no table entry has.
    UnknownTool,
    /// A tool identifier that is not `{ toolbox, server, tool }` of non-empty strings.
    InvalidIdentifier,
}

impl Code {
    /// Every code, for the JS layer's declarations to be checked against.
    pub const ALL: &'static [Code] = &[
        Code::InvalidJson,
        Code::InvalidSchema,
        Code::InvalidRoot,
        Code::DanglingRef,
        Code::RefCycle,
        Code::TooDeep,
        Code::TooLarge,
        Code::InvalidOption,
        Code::FlagCollision,
        Code::InvalidFlagName,
        Code::InvalidArgs,
        Code::Unrepresentable,
        Code::NotActionUnion,
        Code::NoDiscriminator,
        Code::InvalidEntries,
        Code::HelpRequested,
        Code::VersionRequested,
        Code::UnsupportedByClient,
        Code::InvalidDefinition,
        Code::FieldConflict,
        Code::UnknownTool,
        Code::InvalidIdentifier,
    ];

    /// The wire string, as JS sees it in `error.code`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Code::InvalidJson => "INVALID_JSON",
            Code::InvalidSchema => "INVALID_SCHEMA",
            Code::InvalidRoot => "INVALID_ROOT",
            Code::DanglingRef => "DANGLING_REF",
            Code::RefCycle => "REF_CYCLE",
            Code::TooDeep => "TOO_DEEP",
            Code::TooLarge => "TOO_LARGE",
            Code::InvalidOption => "INVALID_OPTION",
            Code::FlagCollision => "FLAG_COLLISION",
            Code::InvalidFlagName => "INVALID_FLAG_NAME",
            Code::InvalidArgs => "INVALID_ARGS",
            Code::Unrepresentable => "UNREPRESENTABLE",
            Code::NotActionUnion => "NOT_ACTION_UNION",
            Code::NoDiscriminator => "NO_DISCRIMINATOR",
            Code::InvalidEntries => "INVALID_ENTRIES",
            Code::HelpRequested => "HELP_REQUESTED",
            Code::VersionRequested => "VERSION_REQUESTED",
            Code::UnsupportedByClient => "UNSUPPORTED_BY_CLIENT",
            Code::InvalidDefinition => "INVALID_DEFINITION",
            Code::FieldConflict => "FIELD_CONFLICT",
            Code::UnknownTool => "UNKNOWN_TOOL",
            Code::InvalidIdentifier => "INVALID_IDENTIFIER",
        }
    }
}

/// What one issue of an `INVALID_ARGS` error is about. Stable, like [`Code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueCode {
    /// A flag the table does not have.
    UnknownFlag,
    /// A flag that takes a value was given none.
    MissingValue,
    /// A value that does not fit the flag.
    InvalidValue,
    /// A required flag was not given.
    MissingRequired,
    /// A value given to a flag that takes none.
    UnexpectedValue,
    /// Stands for the issues past the limit.
    TooManyIssues,
    /// An action union's argv or arguments name no action.
    MissingAction,
    /// An action word that names no action.
    UnknownAction,
    /// A positional argument no key takes.
    UnexpectedArgument,
    /// A command word that names no command of a command set.
    UnknownCommand,
    /// A command set's argv names no command.
    MissingCommand,
}

impl IssueCode {
    pub const ALL: &'static [IssueCode] = &[
        IssueCode::UnknownFlag,
        IssueCode::MissingValue,
        IssueCode::InvalidValue,
        IssueCode::MissingRequired,
        IssueCode::UnexpectedValue,
        IssueCode::TooManyIssues,
        IssueCode::MissingAction,
        IssueCode::UnknownAction,
        IssueCode::UnexpectedArgument,
        IssueCode::UnknownCommand,
        IssueCode::MissingCommand,
    ];
}

/// Every error and issue code as JSON: `{ errors: [...], issues: [...] }`.
#[must_use]
pub fn codes_json() -> String {
    // A struct, not `json!`: that instantiated serde's writer into `Value`
    // for each code type, only for this.
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Codes {
        errors: Vec<&'static str>,
        issues: &'static [IssueCode],
        client_warnings: &'static [FindingCode],
        client_errors: &'static [FindingCode],
    }
    crate::json_out::to_string(&Codes {
        errors: Code::ALL.iter().map(|c| c.as_str()).collect(),
        issues: IssueCode::ALL,
        client_warnings: FindingCode::WARNINGS,
        client_errors: FindingCode::ERRORS,
    })
    .unwrap_or_default()
}

/// One problem inside an `INVALID_ARGS` error.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Issue {
    pub code: IssueCode,
    /// Key path in the nested arguments; empty when the problem has no path.
    pub path: Vec<String>,
    /// The flag as typed, with its dashes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    pub message: String,
}

/// The error every fallible core function returns. Boxed so that `Result`s
/// stay one pointer wide on the hot paths; fields read through `Deref`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Error(Box<Details>);

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Details {
    pub code: Code,
    pub message: String,
    /// Where: a JSON pointer into the schema, or a key path into arguments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub issues: Vec<Issue>,
    /// What a client profile refused (`UNSUPPORTED_BY_CLIENT`). Crosses as
    /// `issues` too: an error carries argv issues or these, never both.
    #[serde(rename = "issues", skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
    /// Fields two actions define incompatibly (`FIELD_CONFLICT`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// One field two actions of a group define incompatibly.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conflict {
    pub field: String,
    /// The two action keys (`common` for the group's common fields).
    pub actions: [String; 2],
    pub message: String,
}

impl Error {
    #[must_use]
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Error(Box::new(Details {
            code,
            message: message.into(),
            path: None,
            pointer: None,
            flag: None,
            issues: Vec::new(),
            findings: Vec::new(),
            conflicts: Vec::new(),
        }))
    }

    /// An error located in a schema, by JSON pointer.
    #[must_use]
    pub fn at_pointer(code: Code, pointer: impl std::fmt::Display, message: impl Into<String>) -> Self {
        let pointer = pointer.to_string();
        let mut err = Error::new(code, format!("{} (at #{pointer})", message.into()));
        err.0.pointer = Some(pointer);
        err
    }

    #[must_use]
    pub fn with_path(mut self, path: Vec<String>) -> Self {
        self.0.path = Some(path);
        self
    }

    /// The same error, said another way (with the context a caller adds).
    #[must_use]
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.0.message = message.into();
        self
    }

    #[must_use]
    pub fn with_flag(mut self, flag: impl Into<String>) -> Self {
        self.0.flag = Some(flag.into());
        self
    }

    /// An `INVALID_ARGS` error carrying every issue found.
    #[must_use]
    pub fn invalid_args(issues: Vec<Issue>) -> Self {
        let message = match issues.as_slice() {
            [one] => one.message.clone(),
            many => {
                let lines: Vec<String> = many.iter().map(|i| format!("  - {}", i.message)).collect();
                format!("{} problems with the arguments:\n{}", many.len(), lines.join("\n"))
            }
        };
        let mut err = Error::new(Code::InvalidArgs, message);
        if let [one] = issues.as_slice() {
            err.0.flag.clone_from(&one.flag);
            if !one.path.is_empty() {
                err.0.path = Some(one.path.clone());
            }
        }
        err.0.issues = issues;
        err
    }

    /// An `UNSUPPORTED_BY_CLIENT` error carrying every refusal at once.
    #[must_use]
    pub fn unsupported_by_client(client: &str, findings: Vec<Finding>) -> Self {
        let lines = findings
            .iter()
            .map(|f| format!("{} at #{}: {}", f.code.as_str(), f.pointer, f.message));
        let message = format!(
            "the {client} profile cannot express this schema without losing what the server accepts ({}):\n{}",
            plural(findings.len(), "problem"),
            bulleted(lines, findings.len())
        );
        let mut err = Error::new(Code::UnsupportedByClient, message);
        err.0.findings = findings;
        err
    }

    /// A `FIELD_CONFLICT` error listing every conflict of `tool`.
    #[must_use]
    pub fn field_conflicts(tool: &str, conflicts: Vec<Conflict>) -> Self {
        let lines = conflicts.iter().map(|c| c.message.clone());
        let message = format!(
            "tool \"{tool}\": {} defined differently by two actions (give them one schema, or different names):\n{}",
            plural(conflicts.len(), "field"),
            bulleted(lines, conflicts.len())
        );
        let mut err = Error::new(Code::FieldConflict, message);
        err.0.conflicts = conflicts;
        err
    }

    /// The JSON text that crosses to JS and becomes a `ToolshapeError`.
    #[must_use]
    pub fn to_json(&self) -> String {
        crate::json_out::to_string(self).unwrap_or_else(|_| {
            // Serializing plain strings cannot fail; keep a valid payload anyway.
            format!(r#"{{"code":"{}","message":"error"}}"#, self.code.as_str())
        })
    }
}

impl std::ops::Deref for Error {
    type Target = Details;

    fn deref(&self) -> &Details {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// `1 field`, `3 fields`.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// `  - line` for each of the first [`crate::limits::MAX_ISSUES`] lines of
/// `total`, then how many more: a message stays bounded however many there are.
fn bulleted(lines: impl Iterator<Item = String>, total: usize) -> String {
    let limit = crate::limits::MAX_ISSUES;
    let mut out: Vec<String> = lines.take(limit).map(|line| format!("  - {line}")).collect();
    if total > limit {
        out.push(format!("  - and {} more", total - limit));
    }
    out.join("\n")
}
