//! Writing a composition as one schema, for clients that refuse `anyOf`,
//! `oneOf` or `allOf` somewhere. A union becomes a schema that accepts at
//! least what any branch accepted (looser, never narrower: the server's own
//! validator still holds the exact rule). An `allOf` is merged exactly where
//! its members agree, and the places they disagree are reported.

use std::borrow::Cow;

use crate::schema::json::{Json, Map};

/// The JSON types a schema node admits; `None` when it admits any.
fn types_of(node: &Map<'_>) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    match node.get("type") {
        Some(Json::String(t)) => out.push(t.to_string()),
        Some(Json::Array(ts)) => out.extend(ts.iter().filter_map(Json::as_str).map(str::to_owned)),
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
                    out.push(name.to_owned());
                }
            }
        }
    }
    if out.is_empty() {
        if node.contains_key("properties") {
            out.push("object".to_owned());
        } else if node.contains_key("items") || node.contains_key("prefixItems") {
            out.push("array".to_owned());
        }
    }
    (!out.is_empty()).then_some(out)
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
#[must_use]
pub fn join<'a>(branches: &[Json<'a>]) -> Map<'a> {
    // Each branch with the JSON types it admits; one that admits any makes
    // the whole join `{}`.
    let mut branches_typed: Vec<(&Map<'_>, Vec<String>)> = Vec::new();
    let mut types: Vec<String> = Vec::new();
    for branch in expand(branches) {
        let Some((map, branch_types)) = branch.as_object().and_then(|m| types_of(m).map(|t| (m, t))) else {
            return Map::new();
        };
        for t in &branch_types {
            if !types.contains(t) {
                types.push(t.clone());
            }
        }
        branches_typed.push((map, branch_types));
    }
    if types.iter().any(|t| t == "number") {
        types.retain(|t| t != "integer");
    }
    let mut out = Map::new();
    out.insert(
        "type".to_owned(),
        match types.as_slice() {
            [one] => Json::String(Cow::Owned(one.clone())),
            _ => Json::Array(types.iter().map(|t| Json::String(Cow::Owned(t.clone()))).collect()),
        },
    );
    let maps: Vec<&Map<'_>> = branches_typed.iter().map(|(m, _)| *m).collect();
    join_enums(&maps, &mut out);
    let of_type = |name: &str| -> Vec<&Map<'_>> {
        branches_typed
            .iter()
            .filter(|(_, t)| t.iter().any(|t| t == name))
            .map(|(m, _)| *m)
            .collect()
    };
    let objects = of_type("object");
    if !objects.is_empty() {
        join_objects(&objects, &mut out);
    }
    let arrays = of_type("array");
    if !arrays.is_empty() {
        let items: Option<Vec<Json<'_>>> = arrays.iter().map(|m| m.get("items").cloned()).collect();
        if let Some(items) = items {
            out.insert("items", one_or_any_of(items));
        }
    }
    if let Some(first) = maps.first() {
        for (key, value) in *first {
            if !STRUCTURAL.contains(&key.as_ref()) && maps.iter().all(|m| m.get(key) == Some(value)) {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    out
}

/// Branches that are unions themselves give their own branches.
fn expand<'m, 'a>(branches: &'m [Json<'a>]) -> Vec<&'m Json<'a>> {
    let mut out = Vec::new();
    let mut stack: Vec<&Json<'_>> = branches.iter().rev().collect();
    while let Some(branch) = stack.pop() {
        let inner = ["anyOf", "oneOf"]
            .iter()
            .find_map(|k| branch.get(k).and_then(Json::as_array))
            .filter(|_| branch.get("type").is_none());
        match inner {
            // Bounded: the emitted schema's depth is.
            Some(members) if out.len() + stack.len() < 10_000 => stack.extend(members.iter().rev()),
            _ => out.push(branch),
        }
    }
    out
}

/// Values of every branch when each branch is an enum; otherwise none.
fn join_enums<'a>(maps: &[&Map<'a>], out: &mut Map<'a>) {
    let mut all: Vec<Json<'_>> = Vec::new();
    for map in maps {
        let Some(values) = enum_values(map) else {
            return;
        };
        for value in values {
            if !all.contains(value) {
                all.push(value.clone());
            }
        }
    }
    out.insert("enum", Json::Array(all));
}

fn join_objects<'a>(objects: &[&Map<'a>], out: &mut Map<'a>) {
    // Each key's schemas across the branches, in the order keys appear.
    let mut grouped: Map<'a> = Map::new();
    for object in objects {
        let Some(Json::Object(props)) = object.get("properties") else {
            continue;
        };
        for (key, schema) in props {
            match grouped.get_mut(key) {
                Some(Json::Array(list)) => list.push(schema.clone()),
                _ => {
                    grouped.insert(key.clone(), Json::Array(vec![schema.clone()]));
                }
            }
        }
    }
    let each_requires: Vec<Vec<&str>> = objects.iter().map(|o| required_of(o)).collect();
    let required: Vec<Json<'a>> = grouped
        .keys()
        .filter(|key| each_requires.iter().all(|names| names.contains(&key.as_ref())))
        .map(|key| Json::String(key.clone()))
        .collect();
    let properties: Map<'a> = grouped
        .into_iter()
        .map(|(key, schemas)| match schemas {
            Json::Array(list) => (key, distinct_or_any_of(list)),
            other => (key, other),
        })
        .collect();
    out.insert("properties", Json::Object(properties));
    if !required.is_empty() {
        out.insert("required", Json::Array(required));
    }
    let first = objects.first().and_then(|o| o.get("additionalProperties"));
    if first.is_some() && objects.iter().all(|o| o.get("additionalProperties") == first) {
        if let Some(first) = first {
            out.insert("additionalProperties", first.clone());
        }
    }
}

/// For each of the node's properties, in order, whether it is required:
/// read before the properties are borrowed mutably, without copying names.
#[must_use]
pub fn required_flags(node: &Map<'_>) -> Vec<bool> {
    let Some(Json::Object(props)) = node.get("properties") else {
        return Vec::new();
    };
    let required = required_of(node);
    // `required` mostly lists the keys in their order (Zod writes it so,
    // and so does a profile that requires every key): check that place
    // first, so a wide object does not compare every pair of names.
    props
        .keys()
        .enumerate()
        .map(|(i, key)| required.get(i) == Some(&key.as_ref()) || required.contains(&key.as_ref()))
        .collect()
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
    let mut distinct: Vec<Json<'_>> = Vec::new();
    for schema in schemas {
        match distinct.iter_mut().find(|d| same_but_words(d, &schema)) {
            Some(known) => {
                if known.get("description").is_none() {
                    *known = schema;
                }
            }
            None => distinct.push(schema),
        }
    }
    one_or_any_of(distinct)
}

fn one_or_any_of(mut schemas: Vec<Json<'_>>) -> Json<'_> {
    if schemas.len() == 1 {
        return schemas.pop().unwrap_or(Json::Null);
    }
    let mut map = Map::new();
    map.insert("anyOf", Json::Array(schemas));
    Json::Object(map)
}

/// Equal but for their words (`description`, `title`), compared in place:
/// a copy of each side per comparison was most of a join's cost.
fn same_but_words(a: &Json<'_>, b: &Json<'_>) -> bool {
    let (Json::Object(a), Json::Object(b)) = (a, b) else {
        return a == b;
    };
    let rule = |(key, _): &(&Cow<'_, str>, &Json<'_>)| *key != "description" && *key != "title";
    a.iter().filter(rule).count() == b.iter().filter(rule).count()
        && a.iter().filter(rule).all(|(key, value)| b.get(key) == Some(value))
}

/// `allOf` members merged into one node: properties and `required` are
/// united, a property two members define is merged in turn, and any other
/// keyword two members give differently keeps the first member's value and
/// is named in the returned list (with its pointer below the node).
#[must_use]
pub fn merge_all_of<'a>(members: &[Json<'a>]) -> (Map<'a>, Vec<String>) {
    let mut out = Map::new();
    let mut conflicts = Vec::new();
    for member in members {
        if let Json::Object(map) = member {
            merge_into(&mut out, map, "", &mut conflicts);
        }
    }
    (out, conflicts)
}

fn merge_into<'a>(target: &mut Map<'a>, member: &Map<'a>, at: &str, conflicts: &mut Vec<String>) {
    for (key, value) in member {
        match (key.as_ref(), target.get_mut(key)) {
            (_, None) => {
                target.insert(key.clone(), value.clone());
            }
            ("required", Some(Json::Array(names))) => {
                for name in value.as_array().into_iter().flatten() {
                    if !names.contains(name) {
                        names.push(name.clone());
                    }
                }
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
                        Some(_) => conflicts.push(format!("{at}/properties/{name}")),
                    }
                }
            }
            ("description" | "title", Some(_)) => {}
            (_, Some(existing)) => {
                if existing != value {
                    conflicts.push(format!("{at}/{}", crate::schema::escape_pointer_segment(key)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn joined(values: &[Value]) -> Value {
        let trees: Vec<Json<'_>> = values.iter().map(Json::borrow).collect();
        Json::Object(join(&trees)).to_value()
    }

    fn merged(values: &[Value]) -> (Value, Vec<String>) {
        let trees: Vec<Json<'_>> = values.iter().map(Json::borrow).collect();
        let (merged, conflicts) = merge_all_of(&trees);
        (Json::Object(merged).to_value(), conflicts)
    }

    #[test]
    fn a_union_of_objects_keeps_every_key_and_requires_the_shared_ones() {
        let joined_objects = joined(&[
            json!({"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}, "required": ["kind", "x"]}),
            json!({"type": "object", "properties": {"kind": {"const": "b"}, "y": {"type": "number"}}, "required": ["kind"]}),
        ]);
        assert_eq!(
            joined_objects,
            json!({
                "type": "object",
                "properties": {"kind": {"anyOf": [{"const": "a"}, {"const": "b"}]}, "x": {"type": "string"}, "y": {"type": "number"}},
                "required": ["kind"]
            })
        );
        let consts = joined(&[json!({"const": "a"}), json!({"const": "b"})]);
        assert_eq!(consts, json!({"type": "string", "enum": ["a", "b"]}));
    }

    #[test]
    fn scalars_of_several_types_become_a_type_list_and_anything_stays_anything() {
        let scalars = joined(&[
            json!({"type": "string", "minLength": 2}),
            json!({"type": "integer"}),
            json!({"type": "number"}),
        ]);
        assert_eq!(scalars, json!({"type": ["string", "number"]}));
        assert_eq!(
            joined(&[json!({"type": "string"}), json!({"description": "any"})]),
            json!({})
        );
    }

    #[test]
    fn all_of_merges_properties_and_names_conflicts() {
        let (all, conflicts) = merged(&[
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            json!({"type": "object", "properties": {"b": {"type": "number"}, "a": {"minLength": 1}}, "required": ["b"]}),
        ]);
        assert!(conflicts.is_empty(), "{conflicts:?}");
        assert_eq!(
            all,
            json!({"type": "object", "properties": {"a": {"type": "string", "minLength": 1}, "b": {"type": "number"}}, "required": ["a", "b"]})
        );
        let (_, conflicts) = merged(&[json!({"type": "string"}), json!({"type": "number"})]);
        assert_eq!(conflicts, ["/type"]);
    }
}
