//! Rewrites several profiles share, each reporting what it changed. They
//! work on one emitted node at a time (see `walk`), except the root ones.

use std::borrow::Cow;

use crate::json::{described, Distinct, Json, Map};

use super::join::{join, merge_members_into, required_of};
use super::walk::{each_schema, Place};
use super::Report;
use crate::error::FindingCode;
use crate::limits::MAX_CHOICES_SHOWN;
use crate::schema::zod_patterns::is_zod_pattern;
use crate::text::capped_list;

/// A root union as one object: Anthropic, Claude Code, Kiro, Copilot and
/// Cursor refuse or strip a root `anyOf`/`oneOf`, and Gemini wants `anyOf`
/// alone in its node. Keys only some branches require become optional.
pub fn flatten_root_union(root: &mut Json<'_>, report: &mut Report) {
    let Json::Object(map) = root else {
        return;
    };
    let Some((keyword, Json::Array(branches))) = ["anyOf", "oneOf"].iter().find_map(|k| map.remove(k).map(|v| (*k, v)))
    else {
        return;
    };
    let count = branches.len();
    // What each branch requires, for the warning: the join takes the branches.
    let each_requires: Vec<Vec<String>> = if report.quiet {
        Vec::new()
    } else {
        branches
            .iter()
            .map(|branch| {
                branch
                    .as_object()
                    .map(required_of)
                    .unwrap_or_default()
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            })
            .collect()
    };
    let joined = join(branches);
    report.warn(
        FindingCode::UnionFlattened,
        || "",
        || {
            let shared = required_of(&joined);
            let detail = loosened_keys(
                "keys only some branches require are optional here",
                each_requires.iter().enumerate().map(|(i, names)| {
                    let only = names.iter().map(String::as_str).filter(|k| !shared.contains(k));
                    (format!("branch {i}"), only.collect())
                }),
            );
            format!("the root {keyword} of {count} objects is written as one object with every branch's keys{detail}")
        },
    );
    for (key, value) in joined {
        if key != "type" {
            map.insert_absent(key, value);
        }
    }
    map.insert("type", text("object"));
}

/// An `allOf` merged into its node. Where the node and its members
/// disagree the first value stays: refused when `exact`, unless what is
/// lost only narrows a string or a number (a second `pattern`, a `format`,
/// a `multipleOf`), which the server's validator still holds; else
/// reported as dropped.
pub fn merge_all_of_here(node: &mut Map<'_>, place: &Place, report: &mut Report, exact: bool) {
    // A member that is itself an `allOf` brings its own up into the node:
    // merged again until none is left, each round one level of the tree.
    while let Some(Json::Array(members)) = node.remove("allOf") {
        merge_members_here(node, &members, place, report, exact);
    }
}

fn merge_members_here<'a>(node: &mut Map<'a>, members: &[Json<'a>], place: &Place, report: &mut Report, exact: bool) {
    for conflict in merge_members_into(node, members) {
        let pointer = format!("{}{}", place.pointer(), conflict.pointer);
        let narrowing = conflict.narrowing;
        if exact && !narrowing {
            report.refuse(
                FindingCode::AllofConflict,
                pointer,
                "the allOf members give this keyword different values, and the client takes no allOf",
            );
        } else if narrowing {
            report.warn(
                FindingCode::KeywordDropped,
                || pointer,
                || "a second value of this keyword, which only an allOf could hold and the client takes none: the first is sent, and the server's validator still checks both",
            );
        } else {
            report.warn(
                FindingCode::KeywordDropped,
                || pointer,
                || "the allOf members disagree here; the first member's value is kept",
            );
        }
    }
}

/// The end of a flattening warning that names what each branch required
/// and the one object no longer does: `"; {what} ({label}: {keys}; ...)"`,
/// or nothing when no branch lost a key. A union of thousands of actions
/// names the first few and counts them all.
pub fn loosened_keys<'k>(what: &str, each: impl Iterator<Item = (String, Vec<&'k str>)>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut count = 0_usize;
    for (label, keys) in each.filter(|(_, keys)| !keys.is_empty()) {
        count += 1;
        if parts.len() < MAX_CHOICES_SHOWN {
            parts.push(format!("{label}: {}", capped_list(keys.iter(), keys.len(), "keys")));
        }
    }
    if count > parts.len() {
        parts.push(format!("... ({count} in all)"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("; {what} ({})", parts.join("; "))
    }
}

/// `text` after the node's description and a blank line, or as its
/// description ([`described`]).
pub fn append_to_description(node: &mut Map<'_>, text: &str) {
    let joined = described(node.get("description").and_then(Json::as_str), text);
    node.insert("description", Json::String(joined.into()));
}

/// Every array gets `items` that is a schema (OpenAI, Copilot, Gemini and
/// Windsurf fail without it; Copilot tests `!items`, so `false` fails too,
/// and `prefixItems` does not count). `{}` says what a missing one said;
/// `items: false` (Zod's closed tuple) says "nothing past the positions",
/// which `maxItems` says as exactly, so nothing is lost either way.
pub fn items_everywhere(node: &mut Map<'_>) {
    if !has_type(node, "array") {
        return;
    }
    match node.get("items") {
        None => {}
        Some(Json::Bool(false)) => {
            let positions = node.get("prefixItems").and_then(Json::as_array).map_or(0, Vec::len);
            let bound = node.get("maxItems").and_then(Json::as_u64).map_or(positions, |max| {
                usize::try_from(max).map_or(positions, |max| max.min(positions))
            });
            node.insert("maxItems", Json::from(bound));
        }
        Some(_) => return,
    }
    node.insert("items", Json::Object(Map::new()));
}

/// Whether `type` names `name`, alone or in a list.
#[must_use]
pub fn has_type(node: &Map<'_>, name: &str) -> bool {
    match node.get("type") {
        Some(Json::String(t)) => t == name,
        Some(Json::Array(ts)) => ts.iter().any(|t| t == name),
        _ => false,
    }
}

/// Recursive definitions a client cannot resolve: one refusal each.
pub fn refuse_recursion(root: &Json<'_>, report: &mut Report, why: &str) {
    if let Some(Json::Object(defs)) = root.get("$defs") {
        for name in defs.keys() {
            report.refuse(
                FindingCode::RecursiveSchema,
                format!("/$defs/{}", crate::schema::escape_pointer_segment(name)),
                format!("\"{name}\" refers to itself, and {why}"),
            );
        }
    }
}

/// Property keys the client refuses, one refusal each.
pub fn refuse_keys(node: &Map<'_>, place: &Place, report: &mut Report, ok: fn(&str) -> bool, rule: &str) {
    if let Some(Json::Object(props)) = node.get("properties") {
        for key in props.keys().filter(|k| !ok(k)) {
            report.refuse(
                FindingCode::PropertyKeyRefused,
                format!(
                    "{}/{}",
                    place.at("properties"),
                    crate::schema::escape_pointer_segment(key)
                ),
                format!("the property key {key:?} does not match {rule}; the client refuses the request"),
            );
        }
    }
}

/// Removes `key`, reporting it as dropped for `why`.
pub fn drop_keyword(node: &mut Map<'_>, place: &Place, key: &str, report: &mut Report, why: &str) {
    if node.remove(key).is_some() {
        report.warn(
            FindingCode::KeywordDropped,
            || place.at(key),
            || format!("\"{key}\" removed: {why}"),
        );
    }
}

/// Zod's own pattern beside a format `keeps_format` says the client keeps
/// (`z.email()`'s 102 characters beside `format: "email"`), left out: the
/// format says the same to a model in a word, and the server's Zod still
/// checks the pattern. CLIENTS.md section 5; a user's own pattern is kept.
pub fn drop_zod_patterns(schema: &mut Json<'_>, report: &mut Report, keeps_format: impl Fn(&str) -> bool) {
    each_schema(schema, &mut |node, place| {
        let Some(format) = node.get("format").and_then(Json::as_str) else {
            return;
        };
        let zods = keeps_format(format)
            && node
                .get("pattern")
                .and_then(Json::as_str)
                .is_some_and(|pattern| is_zod_pattern(format, pattern));
        if !zods {
            return;
        }
        // Kept for the message only where one is written (`inputSchema`'s
        // report is quiet): the format is borrowed from the node.
        let format = (!report.quiet).then(|| format.to_owned());
        // In order: the Shape writer, which leaves it out, writes the rest so.
        if node.shift_remove("pattern").is_some() {
            report.warn(
                FindingCode::KeywordDropped,
                || place.at("pattern"),
                || {
                    format!(
                        "\"pattern\" removed: Zod's own pattern for the format \"{}\", which says the same; the server's Zod still checks it",
                        format.unwrap_or_default()
                    )
                },
            );
        }
    });
}

/// Removes each of `keys` present, as [`drop_keyword`] does, reported in
/// the order of `keys`.
pub fn drop_keywords(node: &mut Map<'_>, place: &Place, keys: &[&str], report: &mut Report, why: &str) {
    if has_any(node, keys) {
        for key in keys {
            drop_keyword(node, place, key, report, why);
        }
    }
}

/// Whether the node has any of `keys`: one pass over its few keys, where a
/// lookup per listed keyword would scan them once each.
#[must_use]
pub fn has_any(node: &Map<'_>, keys: &[&str]) -> bool {
    node.keys().any(|key| keys.contains(&key.as_ref()))
}

/// Reports keywords the client keeps but does not enforce.
pub fn ignored(node: &Map<'_>, place: &Place, keys: &[&str], report: &mut Report, why: &str) {
    if !has_any(node, keys) {
        return;
    }
    for key in keys {
        if node.contains_key(key) {
            report.warn(
                FindingCode::IgnoredByClient,
                || place.at(key),
                || format!("\"{key}\" is {why}"),
            );
        }
    }
}

/// Does a schema accept `null`?
#[must_use]
pub fn accepts_null(schema: &Json<'_>) -> bool {
    let Json::Object(map) = schema else {
        return schema == &Json::Bool(true);
    };
    if let Some(values) = super::join::enum_values(map) {
        return values.contains(&Json::Null);
    }
    match map.get("type") {
        Some(Json::String(t)) => t == "null",
        Some(Json::Array(ts)) => ts.iter().any(|t| t == "null"),
        _ => {
            if let Some(Json::Array(branches)) = map.get("anyOf").or_else(|| map.get("oneOf")) {
                return branches.iter().any(accepts_null);
            }
            !has_any(map, &["$ref", "not", "allOf"])
        }
    }
}

/// The schema that also accepts `null`: a type list when the node has one
/// plain type, else `anyOf` with `{ type: "null" }` (its description kept
/// outside, where clients show it).
#[must_use]
pub fn make_nullable(schema: Json<'_>) -> Json<'_> {
    let Json::Object(mut map) = schema else {
        return schema;
    };
    let simple = matches!(map.get("type"), Some(Json::String(_))) && !has_any(&map, &["anyOf", "oneOf", "$ref"]);
    if simple {
        if let Some(ty) = map.get_mut("type") {
            *ty = Json::Array(vec![ty.take(), text("null")]);
        }
        if let Some(constant) = map.remove("const") {
            map.insert("enum", Json::Array(vec![constant, Json::Null]));
        } else if let Some(Json::Array(values)) = map.get_mut("enum") {
            values.push(Json::Null);
        }
        return Json::Object(map);
    }
    let mut out = Map::new();
    if let Some(description) = map.remove("description") {
        out.insert("description", description);
    }
    // A node that is only an `anyOf` takes `null` as one more branch:
    // `anyOf: [A, B, null]`, not `anyOf: [{ anyOf: [A, B] }, null]`.
    let only_any_of = map.len() == 1;
    let mut branches = match map.get_mut("anyOf") {
        Some(Json::Array(branches)) if only_any_of => std::mem::take(branches),
        _ => vec![Json::Object(map)],
    };
    branches.push(object_of("type", text("null")));
    out.insert("anyOf".to_owned(), Json::Array(branches));
    Json::Object(out)
}

/// A JSON string borrowing its text (static, or the schema's).
#[must_use]
pub fn text(value: &str) -> Json<'_> {
    Json::String(Cow::Borrowed(value))
}

/// `{ key: value }`.
#[must_use]
pub fn object_of<'a>(key: &'static str, value: Json<'a>) -> Json<'a> {
    let mut map = Map::with_capacity(1);
    map.insert(key, value);
    Json::Object(map)
}

/// A `$ref` keeps only `$` keywords beside it (Gemini's JSON Schema mode).
pub fn bare_refs(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    if !node.contains_key("$ref") {
        return;
    }
    let siblings: Vec<String> = node
        .keys()
        .filter(|k| !k.starts_with('$'))
        .map(ToString::to_string)
        .collect();
    for key in siblings {
        drop_keyword(node, place, &key, report, "the client takes nothing beside a $ref");
    }
}

/// `prefixItems` (a tuple) as an array of any of its positions' schemas;
/// a closed tuple keeps its length as `maxItems`.
pub fn loosen_tuple(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let Some(Json::Array(positions)) = node.remove("prefixItems") else {
        return;
    };
    let count = positions.len();
    let mut schemas = positions;
    match node.remove("items") {
        Some(Json::Bool(false)) => {
            node.insert_absent("maxItems", Json::from(count));
        }
        Some(rest) => schemas.push(rest),
        None => {}
    }
    let mut distinct = Distinct::default();
    for schema in schemas {
        distinct.insert(schema);
    }
    let mut distinct = distinct.into_values();
    let items = if distinct.len() == 1 {
        distinct.pop().unwrap_or_default()
    } else {
        object_of("anyOf", Json::Array(distinct))
    };
    node.insert("items", items);
    report.warn(
        FindingCode::TupleLoosened,
        || place.at("prefixItems"),
        || format!("the tuple of {count} positions is written as an array of any of their schemas; the server still checks each position"));
}
