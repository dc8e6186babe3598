//! `anthropic-strict`: Claude's strict tool use (`strict: true`, CLIENTS.md
//! 2.4). The tool's schema is compiled into a grammar, which takes less
//! than `input_schema` does: every object closed, no numeric, length or
//! size bounds, `minItems` only 0 or 1, ten formats, a pattern only without
//! backreferences, lookaround or word boundaries, and no recursion.
//!
//! The `anthropic` rules apply first (a root union as one object, a root
//! `allOf` merged, property keys held to A3). Then, as Anthropic's own SDKs
//! do for their strict helpers (`transform-json-schema.ts`), a constraint
//! the grammar refuses is moved into the node's description, where the
//! model still reads it, and the server's Zod still checks it. Optional
//! keys stay optional (strict tool use takes them, unlike OpenAI's), so
//! arguments come back unchanged. Refused: records, recursion, an `allOf`
//! that cannot be merged exactly, and a tool over the request's limits of
//! 24 optional parameters and 16 parameters with a union.

use crate::error::FindingCode;
use crate::json::{finish_note, push_note_entry, Json, Map};

use super::rules::{drop_keywords, flatten_root_union, refuse_keys, refuse_recursion};
use super::walk::{each_schema, Place};
use super::Report;

/// The string formats the grammar takes (Anthropic's structured outputs
/// guide; the SDKs' `SUPPORTED_STRING_FORMATS`).
pub const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Whether the grammar takes `format` as written.
#[must_use]
pub fn format_ok(format: &str) -> bool {
    FORMATS.contains(&format)
}

/// Per request, over every strict tool in it: at most this many optional
/// parameters, and this many with a union (`anyOf` or a type list).
pub const MAX_OPTIONAL: usize = 24;
pub const MAX_UNIONS: usize = 16;

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    flatten_root_union(schema, report);
    refuse_recursion(schema, report, "strict tool use takes no recursive schema");
    let mut optional = 0usize;
    let mut unions = 0usize;
    each_schema(schema, &mut |node, place| {
        super::strict::rewrite_composite(node, place, report);
        refuse_keys(
            node,
            place,
            report,
            super::anthropic::key_ok,
            super::anthropic::KEY_RULE,
        );
        // First: of OpenAI's unsupported keywords, the grammar takes the
        // size bounds as text, and the subschemas and annotations not at all.
        to_description(node, place, report);
        drop_keywords(
            node,
            place,
            super::strict::UNSUPPORTED,
            report,
            "not supported in strict tool use",
        );
        super::strict::type_enum(node, place, report);
        super::strict::narrow_any(node, place, report);
        if place.is_property && !place.required {
            optional += 1;
        }
        if node.contains_key("anyOf") || matches!(node.get("type"), Some(Json::Array(_))) {
            unions += 1;
        }
        if super::strict::is_object(node) {
            super::strict::shut(node, place, report, "strict tool use");
        }
    });
    if optional > MAX_OPTIONAL {
        report.refuse(
            FindingCode::LimitExceeded,
            "",
            format!("{optional} optional properties; strict tool use takes at most {MAX_OPTIONAL} in a request, over every strict tool in it"),
        );
    }
    if unions > MAX_UNIONS {
        report.refuse(
            FindingCode::LimitExceeded,
            "",
            format!("{unions} properties with a union or a type list; strict tool use takes at most {MAX_UNIONS} in a request, over every strict tool in it"),
        );
    }
}

/// Whether the node's value for `key` is one the grammar refuses (never
/// for a key outside [`CANDIDATES`]).
fn refused(key: &str, value: &Json<'_>) -> bool {
    match key {
        "minItems" => value.as_u64().is_none_or(|n| n > 1),
        "format" => value.as_str().is_none_or(|name| !format_ok(name)),
        "pattern" => value.as_str().is_none_or(|pattern| !regex_subset(pattern)),
        _ => candidate(key).is_some(),
    }
}

/// Moves what the grammar refuses into the description, written as the
/// SDKs write it (`{minimum: 1, maximum: 10}` after a blank line), so that
/// Claude reads the same text from either.
fn to_description(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let mut moved: Vec<u8> = Vec::new();
    let mut at = 0;
    // In the node's order; each key moved is taken out where it stood.
    loop {
        let found = node
            .iter()
            .enumerate()
            .skip(at)
            .find_map(|(i, (key, value))| candidate(key).filter(|key| refused(key, value)).map(|key| (i, key)));
        let Some((i, key)) = found else {
            break;
        };
        at = i;
        let Some(value) = node.shift_remove(key) else {
            break;
        };
        push_note_entry(&mut moved, key, &value);
        report.warn(
            FindingCode::MovedToDescription,
            || place.at(key),
            || format!("\"{key}\" moved into the description: strict tool use does not take it; the server still checks it"),
        );
    }
    if let Some(note) = finish_note(moved) {
        super::rules::append_to_description(node, &note);
    }
}

/// The keywords the grammar may refuse, by their static names: bounds it
/// refuses always, `minItems` above 1, a format outside [`FORMATS`], a
/// pattern outside the regex subset.
const CANDIDATES: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "minItems",
    "format",
    "pattern",
];

fn candidate(key: &str) -> Option<&'static str> {
    CANDIDATES.iter().copied().find(|name| *name == key)
}

/// Whether `pattern` stays inside the regex subset the grammar compiles:
/// no backreference (`\1`, `\k<name>`), no lookahead or lookbehind, no
/// word boundary (`\b`, `\B`). An escaped backslash is skipped whole, so
/// `\\b` (a backslash, then `b`) passes.
#[must_use]
pub fn regex_subset(pattern: &str) -> bool {
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if matches!(chars.next(), Some('1'..='9' | 'k' | 'b' | 'B')) {
                    return false;
                }
            }
            '(' => {
                let rest = chars.as_str();
                if ["?=", "?!", "?<=", "?<!"].iter().any(|look| rest.starts_with(look)) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::regex_subset;

    #[test]
    fn the_regex_subset_refuses_lookaround_backreferences_and_word_boundaries() {
        for ok in [
            "^[a-z]+$",
            r"^\d{3}-\d{4}$",
            r"\\b",
            r"(?:a|b)",
            r"(?<year>\d{4})",
            r"[\w.-]+",
            "",
        ] {
            assert!(regex_subset(ok), "{ok}");
        }
        for refused in [
            r"^(?!\.)",
            r"(?=a)",
            r"(?<=a)b",
            r"(?<!a)b",
            r"(a)\1",
            r"\bword\b",
            r"\B",
            r"(?<n>a)\k<n>",
        ] {
            assert!(!regex_subset(refused), "{refused}");
        }
    }
}
