//! Whether a flag or an action is deprecated, and what to use instead.
//! JSON Schema's `deprecated` is a boolean; the message comes from an
//! override or a `cli` meta (`deprecated: "use --host"`), as yargs'
//! `deprecateOption(key, message)` and cobra's `MarkDeprecated` take one.

use serde::{Serialize, Serializer};

use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Deprecation {
    #[default]
    Current,
    /// Deprecated, with nothing said about what replaces it.
    Marked,
    /// Deprecated, with the text to show beside the mark (`use --host`).
    Because(String),
}

impl Deprecation {
    #[must_use]
    pub fn is_marked(&self) -> bool {
        !matches!(self, Deprecation::Current)
    }

    /// True when not deprecated: lets serde leave the key out.
    #[must_use]
    pub fn is_current(&self) -> bool {
        !self.is_marked()
    }

    #[must_use]
    pub fn message(&self) -> Option<&str> {
        match self {
            Deprecation::Because(text) => Some(text),
            _ => None,
        }
    }

    /// `true` or `false` from a schema keyword.
    #[must_use]
    pub fn from_flag(marked: bool) -> Self {
        if marked {
            Deprecation::Marked
        } else {
            Deprecation::Current
        }
    }

    /// How usage text marks it: `[deprecated]`, `[deprecated: use --host]`.
    #[must_use]
    pub fn mark(&self) -> Option<String> {
        match self {
            Deprecation::Current => None,
            Deprecation::Marked => Some("[deprecated]".to_owned()),
            Deprecation::Because(text) => Some(format!("[deprecated: {text}]")),
        }
    }

    /// Reads `true`, `false` or a message. A message must say something,
    /// on one line: it is printed inside usage's brackets and after a
    /// warning, where a line break would start a line of its own.
    pub fn read(value: &Json<'_>) -> Result<Self, String> {
        match value {
            Json::Bool(marked) => Ok(Deprecation::from_flag(*marked)),
            Json::String(text) if !text.trim().is_empty() && !text.chars().any(char::is_control) => {
                Ok(Deprecation::Because(text.to_string()))
            }
            Json::String(_) => {
                Err("expected true, false or a message on one line, got an empty or multi-line string".to_owned())
            }
            other => Err(format!(
                "expected true, false or a message (\"use --host\"), got {}",
                other.kind()
            )),
        }
    }
}

/// `true`, or the message: what `flags()` and help entries carry, so a
/// reader that only tests the key's truth keeps working.
impl Serialize for Deprecation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Deprecation::Current => serializer.serialize_bool(false),
            Deprecation::Marked => serializer.serialize_bool(true),
            Deprecation::Because(text) => serializer.serialize_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(value: &serde_json::Value) -> Result<Deprecation, String> {
        Deprecation::read(&Json::borrow(value))
    }

    #[test]
    fn reads_a_flag_or_a_message() {
        assert_eq!(read(&json!(true)), Ok(Deprecation::Marked));
        assert_eq!(read(&json!(false)), Ok(Deprecation::Current));
        assert_eq!(
            read(&json!("use --host")),
            Ok(Deprecation::Because("use --host".to_owned()))
        );
    }

    #[test]
    fn refuses_what_cannot_be_shown_on_a_line() {
        for bad in [json!(""), json!("  "), json!("use\n--host"), json!(1), json!(["x"])] {
            let error = read(&bad).unwrap_err();
            assert!(error.starts_with("expected true, false or a message"), "{error}");
        }
    }

    #[test]
    fn marks_and_serializes() {
        let because = Deprecation::Because("use --host".to_owned());
        assert_eq!(because.mark().as_deref(), Some("[deprecated: use --host]"));
        assert_eq!(Deprecation::Marked.mark().as_deref(), Some("[deprecated]"));
        assert_eq!(Deprecation::Current.mark(), None);
        assert_eq!(serde_json::to_value(&because).ok(), Some(json!("use --host")));
        assert_eq!(serde_json::to_value(Deprecation::Marked).ok(), Some(json!(true)));
    }
}
