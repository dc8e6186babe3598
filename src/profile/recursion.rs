//! A recursive schema for a client that resolves no `$ref` (Claude Code,
//! Kiro, Gemini's `parameters`): each reference written out in place, a few
//! levels deep, the level below taking any value the server then checks,
//! rather than the tool left out of that client's list. A definition that
//! refers to itself so often that the copies would pass a bound is refused
//! as before.

use crate::error::FindingCode;
use crate::json::{Json, Map};

use super::Report;

/// Levels of a recursive definition written out.
pub const LEVELS: usize = 3;

/// Copies of definitions written out in one schema, at most.
const MAX_COPIES: usize = 2_000;

/// What stands where the levels stop.
const BELOW: &str = "Deeper levels are not described here; the server checks them";

/// `$defs` written out in place, `LEVELS` deep, with a warning for each
/// definition; or, past [`MAX_COPIES`] copies, refused (`why` says what
/// the client cannot do), as a client with no `$ref` always was.
pub fn expand_recursion(root: &mut Json<'_>, report: &mut Report, why: &str) {
    let Json::Object(map) = root else {
        return;
    };
    let Some(Json::Object(defs)) = map.get("$defs") else {
        return;
    };
    // Keyed as the `$ref`s spell them, in the tree's own map (no map type of its own).
    let mut by_ref = Map::new();
    for (name, def) in defs.iter() {
        by_ref.insert(
            format!("#/$defs/{}", crate::schema::escape_pointer_segment(name)),
            def.clone(),
        );
    }
    let names: Vec<String> = defs.keys().map(ToString::to_string).collect();
    map.remove("$defs");
    let mut written = 0usize;
    if !write_out(root, &by_ref, 0, &mut written) {
        // Past the bound: refused, one refusal a definition, as before.
        for name in names {
            report.refuse(
                FindingCode::RecursiveSchema,
                format!("/$defs/{}", crate::schema::escape_pointer_segment(&name)),
                format!("\"{name}\" refers to itself, and {why}"),
            );
        }
        return;
    }
    // One warning for the schema, naming every definition written out.
    report.warn(
        FindingCode::RecursionExpanded,
        || "/$defs".to_owned(),
        || format!("{} refer to themselves, and {why}: written out {LEVELS} levels deep, what is deeper takes any value, which the server checks", names.join(", ")),
    );
}

/// Replaces each `$ref` under `node` by a copy of its definition, itself
/// written out one level further; `false` once the copies pass the bound.
/// Keywords beside a `$ref` (a description) apply on top of its copy.
fn write_out<'a>(node: &mut Json<'a>, by_ref: &Map<'a>, level: usize, written: &mut usize) -> bool {
    match node {
        Json::Object(map) => {
            let target = map.get("$ref").and_then(Json::as_str).and_then(|r| by_ref.get(r));
            if let Some(def) = target {
                *written += 1;
                if *written > MAX_COPIES {
                    return false;
                }
                let mut copy = if level >= LEVELS { below() } else { def.clone() };
                if let Json::Object(copy_map) = &mut copy {
                    for (key, value) in map.iter().filter(|(key, _)| key.as_ref() != "$ref") {
                        copy_map.insert(key.clone(), value.clone());
                    }
                }
                *node = copy;
                return level >= LEVELS || write_out(node, by_ref, level + 1, written);
            }
            map.values_mut().all(|value| write_out(value, by_ref, level, written))
        }
        Json::Array(items) => items.iter_mut().all(|item| write_out(item, by_ref, level, written)),
        _ => true,
    }
}

fn below<'a>() -> Json<'a> {
    let mut map = Map::new();
    map.insert("description", Json::text(BELOW));
    Json::Object(map)
}
