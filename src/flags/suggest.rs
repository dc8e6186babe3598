//! Which flag a person meant by a name the table does not know: the same
//! words spelt another way (`--dryRun`, `--dry_run`, `--dryrun`,
//! `--config.timeout`, as yargs' camel-case expansion would take some), a
//! typo, the last words of a nested flag (`--dry-run` or `--dryrun` for
//! `--config-dry-run`), or a flag with words added (`--serviceName` for
//! `--service`), or an object's own name (`--config`, whose keys are
//! flags of their own).

use std::borrow::Cow;

use super::names::{segment, Case};
use super::table::FlagTable;
use crate::limits::{MAX_CHOICES_SHOWN, MAX_SUGGESTED_ISSUES, MAX_SUGGEST_LEN};
use crate::text::{capped_list, clip, closest};

/// The flag name (as typed, without `--`) that `typed` most likely meant,
/// for an issue of a parse that has `issues_before` already. A suggestion
/// looks at every flag name, so only the first
/// [`MAX_SUGGESTED_ISSUES`] issues of a parse get one.
#[must_use]
pub fn meant(table: &FlagTable, typed: &str, issues_before: usize) -> Option<String> {
    if typed.len() > MAX_SUGGEST_LEN || issues_before >= MAX_SUGGESTED_ISSUES {
        return None;
    }
    let names: Vec<Cow<'_, str>> = table.typed_names().collect();
    let typed_words = words(typed);
    let found = Found::among(&names, &typed_words);
    found
        .same
        .or(found.joined)
        .or_else(|| closest(typed, names.iter().map(AsRef::as_ref)))
        // A typo in a name spelt another way (`--kee_0` for `--key-0`).
        .or_else(|| closest(&typed_words, names.iter().map(AsRef::as_ref)))
        .or(found.ending)
        .or(found.beginning)
        .map(str::to_owned)
        .or_else(|| {
            // `--no-dry-run` (or `--noDryRun`) for `--no-config-dry-run`.
            let rest = typed_words.strip_prefix("no-")?;
            let flag = Found::among(&names, rest).ending?;
            table.lookup(&format!("no-{flag}")).map(|_| format!("no-{flag}"))
        })
}

/// For `--config` typed where `config` is an object whose keys are flags
/// of their own (`--config-timeout`): the hint naming them, as JSON text
/// for it (`--config '{"timeout":5}'`) or `--config` alone would
/// otherwise get only "unknown flag". Asked, as [`meant`], for the first
/// issues of a parse alone.
#[must_use]
pub fn object_flags(table: &FlagTable, typed: &str, issues_before: usize) -> Option<String> {
    if typed.len() > MAX_SUGGEST_LEN || issues_before >= MAX_SUGGESTED_ISSUES {
        return None;
    }
    let group = table.group_named(typed)?;
    let path = &table.groups.get(group)?.path;
    let mut names = Vec::new();
    let mut total = 0usize;
    for flag in &table.flags {
        if flag.hidden || flag.deprecated.is_marked() || !table.ancestry(flag.group).any(|g| g == group) {
            continue;
        }
        total += 1;
        if names.len() < MAX_CHOICES_SHOWN {
            names.push(format!("--{}", flag.name));
        }
    }
    if total == 0 {
        return None;
    }
    let names = capped_list(&names, total, "flags");
    Some(format!(
        "; {} is an object whose keys are flags of their own: {names}",
        clip(&path.join("."))
    ))
}

/// What one pass over the names finds by their words.
#[derive(Default)]
struct Found<'t> {
    /// The first name with exactly the words typed.
    same: Option<&'t str>,
    /// The first name with the letters typed, the words joined otherwise
    /// (`--dryrun` for `--dry-run`).
    joined: Option<&'t str>,
    /// A nested flag whose last words are the words typed, joined or not
    /// (`--dry-run` or `--dryrun` for `--config-dry-run`): the shortest,
    /// then the first in order.
    ending: Option<&'t str>,
    /// The flag whose words begin the words typed (`--service` for
    /// `--serviceName`, `--config-timeout` for `--config-timeout-ms`): the
    /// longest, then the first in order.
    beginning: Option<&'t str>,
}

impl<'t> Found<'t> {
    fn among(names: &'t [Cow<'_, str>], typed: &str) -> Found<'t> {
        let mut found = Found::default();
        if typed.is_empty() {
            return found;
        }
        let mut buffer = String::new();
        for name in names.iter().map(AsRef::as_ref) {
            // Most flag names are their own words already: no copy of them.
            let name_words = if is_words(name) {
                name
            } else {
                words_into(name, &mut buffer);
                buffer.as_str()
            };
            if name_words.is_empty() {
                continue;
            }
            if found.same.is_none() && name_words == typed {
                found.same = Some(name);
            }
            match tail(name_words, typed) {
                Some(Tail::Whole) if found.joined.is_none() => found.joined = Some(name),
                Some(Tail::Words) if found.ending.is_none_or(|e| name.len() < e.len()) => found.ending = Some(name),
                _ => {}
            }
            let begins = typed.strip_prefix(name_words).is_some_and(|rest| rest.starts_with('-'));
            if begins && found.beginning.is_none_or(|b| name.len() > b.len()) {
                found.beginning = Some(name);
            }
        }
        found
    }
}

/// A name as its words: kebab-cased, lower case, any run of characters
/// that are no letter or digit one `-`. `nestedDeepX`, `nested_deep.x`
/// and `nested-deep-x` all read `nested-deep-x`.
fn words(name: &str) -> String {
    let mut out = String::new();
    words_into(name, &mut out);
    out
}

/// Where the letters typed end a name's words, dashes aside.
enum Tail {
    /// They are the whole name.
    Whole,
    /// They are its last words.
    Words,
}

/// Whether `typed` (words) ends `name_words`, comparing letters and digits
/// only, so `dryrun` ends `config-dry-run`; one pass from the end.
fn tail(name_words: &str, typed: &str) -> Option<Tail> {
    let mut letters = name_words.char_indices().rev().filter(|&(_, c)| c != '-');
    let mut start = name_words.len();
    for wanted in typed.chars().rev().filter(|&c| c != '-') {
        match letters.next() {
            Some((at, c)) if c == wanted => start = at,
            _ => return None,
        }
    }
    let head = name_words.get(..start)?;
    if head.is_empty() {
        Some(Tail::Whole)
    } else if head.ends_with('-') {
        Some(Tail::Words)
    } else {
        None
    }
}

/// Whether `name` reads as its own words: lower-case ASCII letters and
/// digits in runs joined by single dashes.
fn is_words(name: &str) -> bool {
    let bytes = name.as_bytes();
    !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
}

/// [`words`] into `out`, kept between names so a suggestion allocates once.
fn words_into(name: &str, out: &mut String) {
    out.clear();
    for c in segment(name, Case::Kebab).chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    if out.ends_with('-') {
        out.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_read_as_the_same_words() {
        for name in [
            "nestedDeepX",
            "nested_deep.x",
            "nested-deep-x",
            "--Nested--Deep_X-",
            "NESTED-DEEP-X",
        ] {
            assert_eq!(words(name), "nested-deep-x", "{name}");
        }
        assert_eq!(words("HTTPServer"), "http-server");
        assert_eq!(words("größeMax"), "größe-max");
        assert_eq!(words("-_."), "");
        for name in ["dry-run", "a", "v2-api", "", "-a", "a-", "a--b", "A", "a_b", "größe"] {
            if is_words(name) {
                assert_eq!(words(name), name, "{name}");
            } else {
                assert!(name.is_empty() || words(name) != name || !name.is_ascii(), "{name}");
            }
        }
    }
}
