//! Writing a composition as one schema, for clients that refuse `anyOf`,
//! `oneOf` or `allOf` somewhere. A union becomes a schema that accepts at
//! least what any branch accepted (looser, never narrower: the server's own
//! validator still holds the exact rule). An `allOf` is merged exactly where
//! its members agree, and the places they disagree are reported.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::json::{Distinct, Json, Map};
use crate::schema::keywords::{bound_side, is_tighter};
use crate::sets::NameSet;

/// The JSON types a schema node admits; `None` when it admits any.
pub(super) fn types_of<'a>(node: &Map<'a>) -> Option<Vec<Cow<'a, str>>> {
    let mut out: Vec<Cow<'a, str>> = Vec::new();
    match node.get("type") {
        Some(Json::String(t)) => out.push(t.clone()),
        Some(Json::Array(ts)) => out.extend(ts.iter().filter_map(|t| match t {
            Json::String(t) => Some(t.clone()),
            _ => None,
        })),
        _ => {
            let values = enum_values(node)?;
            for value in values {
                let name = match value {
                    Json::Null => "null",
                    Json::Bool(_) => "boolean",
                    Json::Number(n) if n.is_f64() => "number",
                    Json::Number(_) => "integer",
                    Json::String(_) => "string",
                    Json::Array(_) => "array",
                    Json::Object(_) => "object",
                };
                if !out.iter().any(|t| t == name) {
                    out.push(Cow::Borrowed(name));
                }
            }
        }
    }
    if out.is_empty() {
        if node.contains_key("properties") {
            out.push(Cow::Borrowed("object"));
        } else if node.contains_key("items") || node.contains_key("prefixItems") {
            out.push(Cow::Borrowed("array"));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A type's name as a JSON string: JSON's own names borrowed as static
/// text, any other name (a schema may say anything) copied.
fn type_name<'a>(name: &str) -> Json<'a> {
    const NAMES: [&str; 7] = ["null", "boolean", "object", "array", "number", "integer", "string"];
    NAMES
        .iter()
        .find(|known| **known == name)
        .map_or_else(|| Json::String(Cow::Owned(name.to_owned())), |known| Json::text(known))
}

/// The values an `enum` or `const` allows.
pub fn enum_values<'m, 'a>(node: &'m Map<'a>) -> Option<&'m [Json<'a>]> {
    match (node.get("enum"), node.get("const")) {
        (Some(Json::Array(values)), _) => Some(values.as_slice()),
        (_, Some(value)) => Some(std::slice::from_ref(value)),
        _ => None,
    }
}

/// Keywords [`join`] treats itself; any other survives only where every
/// branch has it with the same value.
const STRUCTURAL: &[&str] = &[
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "prefixItems",
    "description",
    "title",
    "anyOf",
    "oneOf",
];

/// One schema accepting at least every value any of `branches` accepts.
/// The branches are taken, so that their subschemas move into the result
/// rather than being copied (a copy of every property's schema was most of
/// a join's cost).
#[must_use]
pub fn join(branches: Vec<Json<'_>>) -> Map<'_> {
    let branches = expand(branches);
    // Each branch with the JSON types it admits; one that admits any makes
    // the whole join `{}`.
    let mut branch_types: Vec<Vec<Cow<'_, str>>> = Vec::with_capacity(branches.len());
    for branch in &branches {
        match branch.as_object().and_then(types_of) {
            Some(types) => branch_types.push(types),
            None => return Map::new(),
        }
    }
    let mut types: Vec<&str> = Vec::new();
    for t in branch_types.iter().flatten() {
        if !types.contains(&t.as_ref()) {
            types.push(t);
        }
    }
    if types.contains(&"number") {
        types.retain(|t| *t != "integer");
    }
    let mut out = Map::with_capacity(4);
    out.insert(
        "type",
        match types.as_slice() {
            [one] => type_name(one),
            _ => Json::Array(types.iter().map(|t| type_name(t)).collect()),
        },
    );
    let mut maps: Vec<Map<'_>> = branches
        .into_iter()
        .filter_map(|branch| match branch {
            Json::Object(map) => Some(map),
            _ => None,
        })
        .collect();
    join_enums(&maps, &mut out);
    // Kept where every branch has the same value: found before the
    // branches give up their subschemas, written last.
    let shared = shared_keywords(&maps);
    let is = |name: &str| -> Vec<usize> {
        branch_types
            .iter()
            .enumerate()
            .filter(|(_, t)| t.iter().any(|t| t == name))
            .map(|(i, _)| i)
            .collect()
    };
    let objects = is("object");
    if !objects.is_empty() {
        join_objects(&mut maps, &objects, &mut out);
    }
    let arrays = is("array");
    if !arrays.is_empty()
        && arrays
            .iter()
            .all(|&i| maps.get(i).is_some_and(|m| m.contains_key("items")))
    {
        let items: Vec<Json<'_>> = arrays
            .iter()
            .filter_map(|&i| maps.get_mut(i).and_then(|m| m.remove("items")))
            .collect();
        out.insert("items", one_or_any_of(items));
    }
    for (key, value) in shared {
        out.insert(key, value);
    }
    out
}

/// The first branch's keywords that [`join`] does not treat itself and
/// that every branch gives the same value.
fn shared_keywords<'a>(maps: &[Map<'a>]) -> Vec<(Cow<'a, str>, Json<'a>)> {
    let Some(first) = maps.first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|(key, value)| !STRUCTURAL.contains(&key.as_ref()) && maps.iter().all(|m| m.get(key) == Some(value)))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect()
}

/// Branches that are unions themselves give their own branches.
fn expand(branches: Vec<Json<'_>>) -> Vec<Json<'_>> {
    let mut out = Vec::with_capacity(branches.len());
    let mut stack: Vec<Json<'_>> = branches.into_iter().rev().collect();
    while let Some(mut branch) = stack.pop() {
        // Bounded: the emitted schema's depth is.
        let inner = match &mut branch {
            Json::Object(map) if !map.contains_key("type") && out.len() + stack.len() < 10_000 => ["anyOf", "oneOf"]
                .iter()
                .find(|k| matches!(map.get(k), Some(Json::Array(_))))
                .and_then(|k| map.remove(k)),
            _ => None,
        };
        match inner {
            Some(Json::Array(members)) => stack.extend(members.into_iter().rev()),
            _ => out.push(branch),
        }
    }
    out
}

/// Values of every branch when each branch is an enum; otherwise none.
fn join_enums<'a>(maps: &[Map<'a>], out: &mut Map<'a>) {
    let mut all = Distinct::default();
    for map in maps {
        let Some(values) = enum_values(map) else {
            return;
        };
        for value in values {
            all.insert(value.clone());
        }
    }
    out.insert("enum", Json::Array(all.into_values()));
}

/// The object branches (`objects`, positions in `maps`) as one object:
/// their properties move out of them.
fn join_objects<'a>(maps: &mut [Map<'a>], objects: &[usize], out: &mut Map<'a>) {
    let first = objects
        .first()
        .and_then(|&i| maps.get(i))
        .and_then(|o| o.get("additionalProperties"));
    let additional = first
        .filter(|first| {
            objects
                .iter()
                .all(|&i| maps.get(i).and_then(|o| o.get("additionalProperties")) == Some(*first))
        })
        .cloned();
    let (firsts, more) = group_properties(maps, objects);
    // A key is required where every object branch requires it (their
    // `required` lists stay behind when the properties move out): counted
    // once per branch, not looked for in each branch per key.
    let mut requiring: HashMap<&str, usize> = HashMap::new();
    for &i in objects {
        let names = maps.get(i).and_then(|m| m.get("required")).and_then(Json::as_array);
        let once: NameSet<&str> = names.into_iter().flatten().filter_map(Json::as_str).collect();
        for &name in once.iter() {
            *requiring.entry(name).or_insert(0) += 1;
        }
    }
    let every_branch_requires = |key: &str| requiring.get(key) == Some(&objects.len());
    let mut properties = Map::with_capacity(firsts.len());
    let mut required = Vec::new();
    for ((key, first), more) in firsts.into_iter().zip(more) {
        if every_branch_requires(&key) {
            required.push(Json::String(key.clone()));
        }
        let schema = if more.is_empty() {
            first
        } else {
            let mut all = Vec::with_capacity(1 + more.len());
            all.push(first);
            all.extend(more);
            distinct_or_any_of(all)
        };
        // Distinct: grouping gave each key one entry.
        properties.push(key, schema);
    }
    out.insert("properties", Json::Object(properties));
    if !required.is_empty() {
        out.insert("required", Json::Array(required));
    }
    if let Some(additional) = additional {
        out.insert("additionalProperties", additional);
    }
}

/// Each property key of the object branches with its first schema, in
/// the order keys first appear (a map, so that keys are found as any map
/// finds them), and, by the same position, the schemas later branches
/// give it (most keys belong to one branch: an empty list, never allocated).
fn group_properties<'a>(maps: &mut [Map<'a>], objects: &[usize]) -> (Map<'a>, Vec<Vec<Json<'a>>>) {
    let mut firsts = Map::new();
    let mut more: Vec<Vec<Json<'a>>> = Vec::new();
    for &i in objects {
        let Some(Json::Object(props)) = maps.get_mut(i).and_then(|m| m.remove("properties")) else {
            continue;
        };
        for (key, schema) in props {
            if let Some(later) = firsts.index_of(&key).and_then(|at| more.get_mut(at)) {
                later.push(schema);
            } else {
                firsts.push(key, schema);
                more.push(Vec::new());
            }
        }
    }
    (firsts, more)
}

/// For each of the node's properties, in order, whether it is required:
/// read before the properties are borrowed mutably, without copying names.
#[must_use]
pub fn required_flags(node: &Map<'_>) -> Vec<bool> {
    let Some(Json::Object(props)) = node.get("properties") else {
        return Vec::new();
    };
    let required = required_of(node);
    // `required` mostly lists keys in the order of `properties` (as Zod and
    // the profiles write it): walked beside them, it marks them unhashed; a
    // name out of order (or twice) hashes them (a scan per key is quadratic).
    let mut next = 0;
    let marked: Vec<bool> = props
        .keys()
        .map(|key| {
            let listed = required.get(next) == Some(&key.as_ref());
            next += usize::from(listed);
            listed
        })
        .collect();
    if next == required.len() {
        return marked;
    }
    let named: NameSet<&str> = required.iter().copied().collect();
    props.keys().map(|key| named.contains(key.as_ref())).collect()
}

/// The names an object node requires.
#[must_use]
pub fn required_of<'m>(node: &'m Map<'_>) -> Vec<&'m str> {
    node.get("required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default()
}

/// One schema when every branch gave the same one (descriptions aside),
/// else `anyOf` of the distinct ones, joined in turn when visited.
fn distinct_or_any_of(schemas: Vec<Json<'_>>) -> Json<'_> {
    // A later equal one takes its twin's place when the twin has no description.
    let mut kept = Distinct::default();
    for schema in schemas {
        kept.insert_but(schema, WORDS);
    }
    one_or_any_of(kept.into_values())
}

/// The words (`description`, `title`) two schemas may differ in and still be one.
const WORDS: &[&str] = &["description", "title"];

fn one_or_any_of(mut schemas: Vec<Json<'_>>) -> Json<'_> {
    if schemas.len() == 1 {
        return schemas.pop().unwrap_or(Json::Null);
    }
    let mut map = Map::new();
    map.insert("anyOf", Json::Array(schemas));
    Json::Object(map)
}

/// `allOf` members merged into their node: properties and `required` are
/// united, a property two define is merged in turn, of two bounds the
/// tighter stays, and any other keyword given differently keeps the value
/// there first and is named in the returned list (its pointer below the
/// node). The node's own keywords count: `{ type, pattern, allOf: [{
/// pattern }] }` gives a second pattern, which is a conflict, not a
/// keyword to add where absent.
pub fn merge_members_into<'a>(target: &mut Map<'a>, members: &[Json<'a>]) -> Vec<Conflict> {
    let mut conflicts = Vec::new();
    for member in members {
        if let Json::Object(map) = member {
            merge_into(target, map, "", &mut conflicts);
        }
    }
    conflicts
}

/// For a bound keyword, whether `new` is tighter than `kept`; `None` for
/// any other keyword, or a bound that is not a number.
fn tighter(key: &str, kept: &Json<'_>, new: &Json<'_>) -> Option<bool> {
    Some(is_tighter(bound_side(key)?, kept.as_f64()?, new.as_f64()?))
}

/// Where two `allOf` members disagree, below their node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub pointer: String,
    /// The value lost only narrows a string or a number (a second
    /// `pattern`, `format` or `multipleOf`): the server's validator still
    /// holds it, so a client may be sent the first alone.
    pub narrowing: bool,
}

impl Conflict {
    fn at(pointer: String) -> Conflict {
        Conflict {
            pointer,
            narrowing: false,
        }
    }
}

fn merge_into<'a>(target: &mut Map<'a>, member: &Map<'a>, at: &str, conflicts: &mut Vec<Conflict>) {
    for (key, value) in member {
        match (key.as_ref(), target.get_mut(key)) {
            (_, None) => {
                target.insert(key.clone(), value.clone());
            }
            ("required", Some(Json::Array(names))) => {
                // Found by fingerprint, not scanned per name: long lists were quadratic.
                let mut united = Distinct::default();
                for name in names.iter().chain(value.as_array().into_iter().flatten()) {
                    united.insert(name.clone());
                }
                *names = united.into_values();
            }
            ("properties", Some(Json::Object(props))) => {
                for (name, schema) in value.as_object().into_iter().flatten() {
                    match props.get_mut(name) {
                        None => {
                            props.insert(name.clone(), schema.clone());
                        }
                        Some(Json::Object(existing)) => {
                            if let Json::Object(schema) = schema {
                                let below = format!("{at}/properties/{}", crate::schema::escape_pointer_segment(name));
                                merge_into(existing, schema, &below, conflicts);
                            }
                        }
                        Some(_) => conflicts.push(Conflict::at(format!("{at}/properties/{name}"))),
                    }
                }
            }
            ("description" | "title", Some(_)) => {}
            // Two lists of values: those in both, which is exact
            // (`z.intersection` of two enums). None in both accepts nothing,
            // which no client can be sent: a conflict.
            ("enum", Some(Json::Array(values))) if value.as_array().is_some() => {
                let mut theirs = Distinct::default();
                for other in value.as_array().into_iter().flatten() {
                    theirs.insert(other.clone());
                }
                values.retain(|v| theirs.contains(v));
                if values.is_empty() {
                    conflicts.push(Conflict::at(format!("{at}/enum")));
                }
            }
            (_, Some(existing)) => {
                if existing == value {
                    continue;
                }
                match tighter(key, existing, value) {
                    // Both bounds hold where the tighter one does.
                    Some(true) => *existing = value.clone(),
                    Some(false) => {}
                    None => conflicts.push(Conflict {
                        pointer: format!("{at}/{}", crate::schema::escape_pointer_segment(key)),
                        narrowing: matches!(key.as_ref(), "pattern" | "format" | "multipleOf"),
                    }),
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "join_tests.rs"]
mod tests;
