//! The TOON (spec v3) a grouped tool's `toon` description carries: tabular
//! arrays with `|` as the delimiter, one row per action. Strings are quoted
//! exactly where the spec requires, so the official decoder gives back the
//! rows as written.

use std::fmt::Write as _;

/// One row: the columns are always all present, so every table stays tabular.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub action: String,
    pub desc: String,
    pub required: String,
    pub destructive: bool,
}

const FIELDS: &str = "{action|desc|required|destructive}";
const DELIMITER: char = '|';

/// A root array of rows (a flat tool).
#[must_use]
pub fn root_table(rows: &[Row]) -> String {
    table("", rows, 0)
}

/// An object of tables, one per group, in order (a grouped tool).
#[must_use]
pub fn grouped_tables(groups: &[(String, Vec<Row>)]) -> String {
    groups
        .iter()
        .map(|(name, rows)| table(&key(name), rows, 0))
        .collect::<Vec<_>>()
        .join("\n")
}

fn table(key: &str, rows: &[Row], depth: usize) -> String {
    let indent = "  ".repeat(depth + 1);
    let mut out = format!("{key}[{}{DELIMITER}]{FIELDS}:", rows.len());
    for row in rows {
        let _ = write!(
            out,
            "\n{indent}{}{DELIMITER}{}{DELIMITER}{}{DELIMITER}{}",
            cell(&row.action),
            cell(&row.desc),
            cell(&row.required),
            row.destructive
        );
    }
    out
}

/// A key: bare when it is an identifier, else quoted.
fn key(name: &str) -> String {
    let mut chars = name.chars();
    let bare = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    if bare {
        name.to_owned()
    } else {
        quoted(name)
    }
}

/// A string cell, quoted when the spec requires it.
fn cell(text: &str) -> String {
    if needs_quotes(text) {
        quoted(text)
    } else {
        text.to_owned()
    }
}

fn needs_quotes(text: &str) -> bool {
    text.is_empty()
        || text.trim() != text
        || matches!(text, "true" | "false" | "null")
        || numeric_like(text)
        || text.starts_with('-')
        || text
            .chars()
            .any(|c| matches!(c, ':' | '"' | '\\' | '[' | ']' | '{' | '}') || c == DELIMITER || c.is_control())
}

/// `/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i` or `/^0\d+$/`.
fn numeric_like(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let body = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (body.get(..at).unwrap_or(""), body.get(at + 1..)),
        None => (body, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exponent_ok
}

/// Quoted with the five escapes the spec has; any other control character
/// (the spec has no escape for it) becomes a space.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(action: &str, desc: &str, required: &str, destructive: bool) -> Row {
        Row {
            action: action.to_owned(),
            desc: desc.to_owned(),
            required: required.to_owned(),
            destructive,
        }
    }

    #[test]
    fn a_flat_table() {
        let rows = [row("list", "List users", "", false), row("ban", "", "id", true)];
        assert_eq!(
            root_table(&rows),
            "[2|]{action|desc|required|destructive}:\n  list|List users|\"\"|false\n  ban|\"\"|id|true"
        );
    }

    #[test]
    fn quoting_follows_the_spec() {
        for text in [
            "", " x", "true", "42", "-3.14", "1e-6", "05", "a:b", "a|b", "-x", "[x]", "a\"b", "a\nb",
        ] {
            assert!(needs_quotes(text), "{text:?} needs quotes");
        }
        for text in ["List users", "a,b", "v1.2", "1.", "e5", "x-1", "Ünïcode"] {
            assert!(!needs_quotes(text), "{text:?} needs none");
        }
        assert_eq!(quoted("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd \"");
    }

    #[test]
    fn group_keys() {
        let groups = vec![
            ("users".to_owned(), vec![row("list", "List", "", false)]),
            ("user-admin".to_owned(), vec![row("x", "y", "a,b", false)]),
        ];
        assert_eq!(
            grouped_tables(&groups),
            "users[1|]{action|desc|required|destructive}:\n  list|List|\"\"|false\n\"user-admin\"[1|]{action|desc|required|destructive}:\n  x|y|a,b|false"
        );
    }
}
