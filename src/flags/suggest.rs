//! Which flag a person meant by a name the table does not know: the same
//! words spelt another way (`--dryRun`, `--dry_run`, `--config.timeout`, as
//! yargs' camel-case expansion would take them), a typo, the last words
//! of a nested flag (`--dry-run` for `--config-dry-run`), or a flag with
//! words added (`--serviceName` for `--service`).

use std::borrow::Cow;

use super::names::{segment, Case};
use super::table::FlagTable;
use crate::limits::MAX_SUGGEST_LEN;
use crate::text::closest;

/// The flag name (as typed, without `--`) that `typed` most likely meant.
#[must_use]
pub fn meant(table: &FlagTable, typed: &str) -> Option<String> {
    if typed.len() > MAX_SUGGEST_LEN {
        return None;
    }
    let names: Vec<Cow<'_, str>> = table.typed_names().collect();
    let words = words(typed);
    same_words(&names, &words)
        .or_else(|| closest(typed, names.iter().map(AsRef::as_ref)))
        .or_else(|| ending_with(&names, &words))
        .or_else(|| beginning(&names, &words))
        .map(str::to_owned)
        .or_else(|| {
            // `--no-dry-run` (or `--noDryRun`) for `--no-config-dry-run`.
            let rest = words.strip_prefix("no-")?;
            let flag = ending_with(&names, rest)?;
            table.lookup(&format!("no-{flag}")).map(|_| format!("no-{flag}"))
        })
}

/// A name as its words: kebab-cased, lower case, any run of characters
/// that are no letter or digit one `-`. `nestedDeepX`, `nested_deep.x`
/// and `nested-deep-x` all read `nested-deep-x`.
fn words(name: &str) -> String {
    let kebab = segment(name, Case::Kebab);
    let mut out = String::with_capacity(kebab.len());
    for c in kebab.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    if out.ends_with('-') {
        out.pop();
    }
    out
}

/// The first name with exactly the words typed.
fn same_words<'t>(names: &'t [Cow<'_, str>], typed: &str) -> Option<&'t str> {
    if typed.is_empty() {
        return None;
    }
    names.iter().map(AsRef::as_ref).find(|name| words(name) == typed)
}

/// A nested flag whose last words are the words typed: the shortest, then
/// the first in order.
fn ending_with<'t>(names: &'t [Cow<'_, str>], typed: &str) -> Option<&'t str> {
    if typed.is_empty() {
        return None;
    }
    let tail = format!("-{typed}");
    names
        .iter()
        .map(AsRef::as_ref)
        .filter(|name| words(name).ends_with(&tail))
        .min_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)))
}

/// The flag whose words begin the words typed (`--service` for
/// `--serviceName`, `--config-timeout` for `--config-timeout-ms`): the
/// longest, then the first in order.
fn beginning<'t>(names: &'t [Cow<'_, str>], typed: &str) -> Option<&'t str> {
    names
        .iter()
        .map(AsRef::as_ref)
        .filter(|name| {
            let words = words(name);
            !words.is_empty()
                && typed
                    .strip_prefix(words.as_str())
                    .is_some_and(|rest| rest.starts_with('-'))
        })
        .max_by(|a, b| a.len().cmp(&b.len()).then_with(|| b.cmp(a)))
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
    }
}
