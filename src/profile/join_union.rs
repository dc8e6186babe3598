//! A nested union joined into one schema, for clients that take no
//! composition (Cursor, portable): what the branches accepted in one node,
//! and what each described value meant or which values were lost written
//! into the description.

use std::borrow::Cow;

use crate::json::{Json, Map};

use super::join::join;
use super::rules::{append_to_description, has_any, has_type};
use super::walk::Place;
use super::Report;
use crate::error::FindingCode;
use crate::limits::MAX_CHOICE_NOTES;
use crate::text::{capped_list, values_sentence};

/// A nested `anyOf`/`oneOf` as one schema (clients with no composition).
pub fn join_union_here(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    // Both when a node has both (an `allOf` merged into it can bring one).
    for keyword in ["anyOf", "oneOf"] {
        if let Some(Json::Array(branches)) = node.remove(keyword) {
            join_branches_here(node, keyword, branches, place, report);
        }
    }
}

fn join_branches_here<'a>(
    node: &mut Map<'a>,
    keyword: &'static str,
    branches: Vec<Json<'a>>,
    place: &Place,
    report: &mut Report,
) {
    let count = branches.len();
    let branch_text = lost_values_note(keyword, &branches);
    let meanings = described_values_note(&branches);
    let joined = join(branches);
    report.warn(
        FindingCode::UnionMerged,
        || place.at(keyword),
        || {
            let what = if joined.is_empty() {
                "any value".to_owned()
            } else {
                format!(
                    "one schema of type {}",
                    joined.get("type").map_or_else(String::new, Json::to_string)
                )
            };
            format!("the {keyword} of {count} branches is written as {what}; the server still checks the branches")
        },
    );
    for (key, value) in joined {
        node.insert_absent(key, value);
    }
    if let Some(text) = branch_text {
        moved_to_description(node, &text, place, keyword, report, || {
            format!("the {keyword}'s branches are written into the description, where the model still reads the values the one schema no longer lists")
        });
    }
    if let Some(text) = meanings {
        moved_to_description(node, &text, place, keyword, report, || {
            format!("what each value of the {keyword} means is written into the description, where the one enum has nowhere to say it")
        });
    }
}

/// `text` appended to a merged union's description, reported as moved
/// there, `why` saying what it keeps.
fn moved_to_description(
    node: &mut Map<'_>,
    text: &str,
    place: &Place,
    keyword: &'static str,
    report: &mut Report,
    why: impl FnOnce() -> String,
) {
    append_to_description(node, text);
    report.warn(FindingCode::MovedToDescription, || place.at(keyword), why);
}

/// `Values: "fast": Cheap; "exact": Slow.` for a union of literals that
/// carry descriptions (`z.union([z.literal("fast").describe("Cheap"),
/// ...])`, a `oneOf` of described `const`s: JSON Schema's way to document
/// an enum's values). The one schema keeps the values as an `enum` (or a
/// type list, beside [`lost_values_note`]), so without it the model would
/// lose what each means. `None` when no branch that lists values says
/// what they mean.
fn described_values_note(branches: &[Json<'_>]) -> Option<String> {
    let mut notes: Vec<String> = Vec::new();
    let mut total = 0_usize;
    for map in branches.iter().filter_map(Json::as_object) {
        let Some(values) = super::join::enum_values(map) else {
            continue;
        };
        let said = map
            .get("description")
            .and_then(Json::as_str)
            .filter(|d| !d.trim().is_empty());
        if let Some(description) = said {
            total += 1;
            if notes.len() < MAX_CHOICE_NOTES {
                let shown = capped_list(values.iter().map(Json::to_text), values.len(), "values");
                notes.push(format!("{shown}: {description}"));
            }
        }
    }
    (total > 0).then(|| values_sentence(notes.into_iter(), total))
}

/// Longest branch text written into a description: a longer union is
/// left to `UNION_MERGED` alone, its tokens paid on every request.
const MAX_NOTE: usize = 240;

/// `{anyOf: [...]}` for a union of scalars whose one schema would lose
/// what a branch said (`z.union([z.number().int(), z.literal("auto")])`
/// becomes `type: ["integer", "string"]`, which takes any string): the
/// branches without their annotations. `None` when the one schema says
/// the same (bare types, or enums only), when a branch is an object or an
/// array (those join property by property), or past [`MAX_NOTE`].
fn lost_values_note(keyword: &str, branches: &[Json<'_>]) -> Option<String> {
    const ANNOTATIONS: &[&str] = &["description", "title", "examples", "deprecated"];
    const STRUCTURED: &[&str] = &[
        "properties",
        "items",
        "prefixItems",
        "additionalProperties",
        "anyOf",
        "oneOf",
        "allOf",
        "$ref",
    ];
    let maps: Vec<&Map<'_>> = branches.iter().map(Json::as_object).collect::<Option<_>>()?;
    let structured = |m: &&Map<'_>| has_any(m, STRUCTURED) || ["object", "array"].iter().any(|t| has_type(m, t));
    let bare = |m: &&Map<'_>| m.keys().all(|k| k == "type" || ANNOTATIONS.contains(&k.as_ref()));
    let listed = |m: &&Map<'_>| super::join::enum_values(m).is_some();
    if maps.is_empty() || maps.iter().any(structured) || maps.iter().all(listed) {
        return None;
    }
    // A branch that narrows a type some bare branch takes whole loses
    // nothing in the join (`z.union([z.string(), z.literal("auto")])`).
    let open: Vec<Cow<'_, str>> = maps
        .iter()
        .filter(|m| bare(m))
        .filter_map(|m| super::join::types_of(m))
        .flatten()
        .collect();
    let covered = |m: &&Map<'_>| {
        super::join::types_of(m).is_some_and(|types| {
            types
                .iter()
                .all(|t| open.contains(t) || (t == "integer" && open.iter().any(|o| o == "number")))
        })
    };
    if maps.iter().all(|m| bare(m) || covered(m)) {
        return None;
    }
    // `push_note_entry`'s form, written a branch at a time so that a long
    // union stops at MAX_NOTE rather than being written whole first.
    let mut text: Vec<u8> = Vec::with_capacity(64);
    text.extend_from_slice(b"{");
    text.extend_from_slice(keyword.as_bytes());
    text.extend_from_slice(b": [");
    for (i, map) in maps.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        let mut kept = Map::with_capacity(map.len());
        for (key, value) in map.iter().filter(|(k, _)| !ANNOTATIONS.contains(&k.as_ref())) {
            kept.push(key.clone(), value.clone());
        }
        Json::Object(kept).write(&mut text);
        if text.len() > MAX_NOTE {
            return None;
        }
    }
    text.extend_from_slice(b"]}");
    String::from_utf8(text).ok()
}
