//! Flag names: case conversion, joining key paths, and what a name may hold.

use std::borrow::Cow;

/// How object keys become flag name segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Case {
    /// `maxRetries` gives `max-retries`, `HTTPServer` gives `http-server`.
    #[default]
    Kebab,
    /// Keys are used as written.
    Preserve,
}

impl Case {
    /// Each case as options spell it.
    pub const WORDS: &'static [(&'static str, Case)] = &[("kebab", Case::Kebab), ("preserve", Case::Preserve)];
}

/// One key as a flag name segment: the key itself unless kebab case
/// changes it (most keys are lower case already, and are not copied).
/// Kebab case splits camelCase and writes snake_case's inner `_` as `-`,
/// so one command line has one spelling (`--per-page`, `--issue-number`).
#[must_use]
pub fn segment(key: &str, case: Case) -> Cow<'_, str> {
    match case {
        Case::Preserve => Cow::Borrowed(key),
        Case::Kebab if !key.chars().any(|c| c.is_uppercase() || c == '_') => Cow::Borrowed(key),
        Case::Kebab => Cow::Owned(inner_snake(&kebab(key))),
    }
}

/// The segment as it was written before snake_case became kebab case
/// (camelCase split, `_` kept): the alias a snake_case key's flag keeps.
#[must_use]
pub fn written_segment(key: &str, case: Case) -> Cow<'_, str> {
    match case {
        Case::Kebab if key.chars().any(char::is_uppercase) => Cow::Owned(kebab(key)),
        _ => Cow::Borrowed(key),
    }
}

/// Each `_` between two letters or digits as `-` (`issue_number`); a
/// leading, trailing or doubled one is part of the name (`_id`, `a__b`).
fn inner_snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let word = |at: Option<usize>| at.and_then(|i| chars.get(i)).is_some_and(|c| c.is_alphanumeric());
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if c == '_' && word(i.checked_sub(1)) && word(Some(i + 1)) {
                '-'
            } else {
                c
            }
        })
        .collect()
}

fn kebab(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::with_capacity(key.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
            let next = chars.get(i + 1).copied();
            let boundary = match prev {
                Some(p) if p.is_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_uppercase() => next.is_some_and(char::is_lowercase),
                _ => false,
            };
            if boundary {
                out.push('-');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a name cannot be typed as `--name` (or `-s` for a short alias), if it cannot.
#[must_use]
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("is empty")
    } else if name.starts_with('-') {
        Some("starts with '-'")
    } else if name.contains('=') {
        Some("contains '=', which separates a flag from its value")
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Some("contains white space or a control character")
    } else {
        None
    }
}

/// `APP` + `config-timeout` gives `APP_CONFIG_TIMEOUT`.
#[must_use]
pub fn env_name(prefix: &str, flag: &str) -> String {
    let body: String = flag
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    if prefix.is_empty() {
        body
    } else {
        format!("{prefix}_{body}")
    }
}

/// A key path as JSON, for messages: `["config","timeout"]`.
#[must_use]
pub fn show_path(path: &[String]) -> String {
    crate::json_out::to_string(path).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kebab_cases_like_people_write_flags() {
        for (key, want) in [
            ("maxRetries", "max-retries"),
            ("HTTPServer", "http-server"),
            ("fooURLBar", "foo-url-bar"),
            ("v2Api", "v2-api"),
            ("dry-run", "dry-run"),
            ("snake_case", "snake-case"),
            ("issue_number", "issue-number"),
            ("per_page", "per-page"),
            ("_id", "_id"),
            ("a__b", "a__b"),
            ("trailing_", "trailing_"),
            ("HTTP_Server", "http-server"),
            ("A", "a"),
            ("already", "already"),
            // Unicode's case mapping, as yargs-parser's camel-case expansion.
            ("größeÄndern", "größe-ändern"),
            ("ΣύνολοΤιμών", "σύνολο-τιμών"),
        ] {
            assert_eq!(segment(key, Case::Kebab), want, "{key}");
        }
        assert_eq!(segment("maxRetries", Case::Preserve), "maxRetries");
        assert_eq!(segment("issue_number", Case::Preserve), "issue_number");
        assert_eq!(written_segment("issue_number", Case::Kebab), "issue_number");
        assert_eq!(written_segment("perPage", Case::Kebab), "per-page");
    }

    #[test]
    fn names_that_cannot_be_typed() {
        assert!(name_problem("").is_some());
        assert!(name_problem("-x").is_some());
        assert!(name_problem("a=b").is_some());
        assert!(name_problem("a b").is_some());
        assert!(name_problem("a\u{0}b").is_some());
        assert!(name_problem("ok-name").is_none());
    }

    #[test]
    fn env_names() {
        assert_eq!(env_name("APP", "config-timeout"), "APP_CONFIG_TIMEOUT");
        assert_eq!(env_name("", "x.y"), "X_Y");
    }
}
