//! Writing a composition as one schema, for clients that refuse `anyOf`,
//! `oneOf` or `allOf` somewhere. A union becomes a schema that accepts at
//! least what any branch accepted (looser, never narrower: the server's own
//! validator still holds the exact rule). An `allOf` is merged exactly where
//! its members agree, and the places they disagree are reported.

use serde_json::{Map, Value};

/// The JSON types a schema node admits; `None` when it admits any.
fn types_of(node: &Map<String, Value>) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    match node.get("type") {
        Some(Value::String(t)) => out.push(t.clone()),
        Some(Value::Array(ts)) => out.extend(ts.iter().filter_map(Value::as_str).map(str::to_owned)),
        _ => {
            let values = enum_values(node)?;
            for value in values {
                let name = match value {
                    Value::Null => "null",
                    Value::Bool(_) => "boolean",
                    Value::Number(n) if n.is_f64() => "number",
                    Value::Number(_) => "integer",
                    Value::String(_) => "string",
                    Value::Array(_) => "array",
                    Value::Object(_) => "object",
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
pub fn enum_values(node: &Map<String, Value>) -> Option<&[Value]> {
    match (super::rules::field(node, "enum"), super::rules::field(node, "const")) {
        (Some(Value::Array(values)), _) => Some(values),
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
pub fn join(branches: &[Value]) -> Map<String, Value> {
    // Each branch with the JSON types it admits; one that admits any makes
    // the whole join `{}`.
    let mut branches_typed: Vec<(&Map<String, Value>, Vec<String>)> = Vec::new();
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
            [one] => Value::String(one.clone()),
            _ => Value::Array(types.iter().cloned().map(Value::String).collect()),
        },
    );
    let maps: Vec<&Map<String, Value>> = branches_typed.iter().map(|(m, _)| *m).collect();
    join_enums(&maps, &mut out);
    let of_type = |name: &str| -> Vec<&Map<String, Value>> {
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
        let items: Option<Vec<Value>> = arrays.iter().map(|m| m.get("items").cloned()).collect();
        if let Some(items) = items {
            out.insert("items".to_owned(), one_or_any_of(items));
        }
    }
    if let Some(first) = maps.first() {
        for (key, value) in *first {
            if !STRUCTURAL.contains(&key.as_str()) && maps.iter().all(|m| m.get(key) == Some(value)) {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    out
}

/// Branches that are unions themselves give their own branches.
fn expand(branches: &[Value]) -> Vec<&Value> {
    let mut out = Vec::new();
    let mut stack: Vec<&Value> = branches.iter().rev().collect();
    while let Some(branch) = stack.pop() {
        let inner = ["anyOf", "oneOf"]
            .iter()
            .find_map(|k| branch.get(k).and_then(Value::as_array))
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
fn join_enums(maps: &[&Map<String, Value>], out: &mut Map<String, Value>) {
    let mut all: Vec<Value> = Vec::new();
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
    out.insert("enum".to_owned(), Value::Array(all));
}

fn join_objects(objects: &[&Map<String, Value>], out: &mut Map<String, Value>) {
    let mut keys: Vec<String> = Vec::new();
    let mut schemas: Vec<Vec<Value>> = Vec::new();
    for object in objects {
        let Some(Value::Object(props)) = object.get("properties") else {
            continue;
        };
        for (key, schema) in props {
            let index = keys.iter().position(|k| k == key).unwrap_or_else(|| {
                keys.push(key.clone());
                schemas.push(Vec::new());
                keys.len() - 1
            });
            if let Some(list) = schemas.get_mut(index) {
                list.push(schema.clone());
            }
        }
    }
    let properties: Map<String, Value> = keys
        .iter()
        .cloned()
        .zip(schemas.into_iter().map(distinct_or_any_of))
        .collect();
    out.insert("properties".to_owned(), Value::Object(properties));
    let required: Vec<Value> = keys
        .iter()
        .filter(|key| objects.iter().all(|o| required_of(o).contains(&key.as_str())))
        .cloned()
        .map(Value::String)
        .collect();
    if !required.is_empty() {
        out.insert("required".to_owned(), Value::Array(required));
    }
    let first = objects.first().and_then(|o| o.get("additionalProperties"));
    if first.is_some() && objects.iter().all(|o| o.get("additionalProperties") == first) {
        if let Some(first) = first {
            out.insert("additionalProperties".to_owned(), first.clone());
        }
    }
}

/// For each of the node's properties, in order, whether it is required:
/// read before the properties are borrowed mutably, without copying names.
#[must_use]
pub fn required_flags(node: &Map<String, Value>) -> Vec<bool> {
    let Some(Value::Object(props)) = super::rules::field(node, "properties") else {
        return Vec::new();
    };
    let required = required_of(node);
    // `required` mostly lists the keys in their order (Zod writes it so,
    // and so does a profile that requires every key): check that place
    // first, so a wide object does not compare every pair of names.
    props
        .keys()
        .enumerate()
        .map(|(i, key)| required.get(i) == Some(&key.as_str()) || required.contains(&key.as_str()))
        .collect()
}

/// The names an object node requires.
#[must_use]
pub fn required_of(node: &Map<String, Value>) -> Vec<&str> {
    super::rules::field(node, "required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// One schema when every branch gave the same one (descriptions aside),
/// else `anyOf` of the distinct ones, joined in turn when visited.
fn distinct_or_any_of(schemas: Vec<Value>) -> Value {
    let mut distinct: Vec<Value> = Vec::new();
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

fn one_or_any_of(mut schemas: Vec<Value>) -> Value {
    if schemas.len() == 1 {
        return schemas.pop().unwrap_or(Value::Null);
    }
    let mut map = Map::new();
    map.insert("anyOf".to_owned(), Value::Array(schemas));
    Value::Object(map)
}

/// Equal but for their words (`description`, `title`), compared in place:
/// a copy of each side per comparison was most of a join's cost.
fn same_but_words(a: &Value, b: &Value) -> bool {
    let (Value::Object(a), Value::Object(b)) = (a, b) else {
        return a == b;
    };
    let rule = |(key, _): &(&String, &Value)| key.as_str() != "description" && key.as_str() != "title";
    a.iter().filter(rule).count() == b.iter().filter(rule).count()
        && a.iter().filter(rule).all(|(key, value)| b.get(key) == Some(value))
}

/// `allOf` members merged into one node: properties and `required` are
/// united, a property two members define is merged in turn, and any other
/// keyword two members give differently keeps the first member's value and
/// is named in the returned list (with its pointer below the node).
#[must_use]
pub fn merge_all_of(members: &[Value]) -> (Map<String, Value>, Vec<String>) {
    let mut out = Map::new();
    let mut conflicts = Vec::new();
    for member in members {
        if let Value::Object(map) = member {
            merge_into(&mut out, map, "", &mut conflicts);
        }
    }
    (out, conflicts)
}

fn merge_into(target: &mut Map<String, Value>, member: &Map<String, Value>, at: &str, conflicts: &mut Vec<String>) {
    for (key, value) in member {
        match (key.as_str(), target.get_mut(key)) {
            (_, None) => {
                target.insert(key.clone(), value.clone());
            }
            ("required", Some(Value::Array(names))) => {
                for name in value.as_array().into_iter().flatten() {
                    if !names.contains(name) {
                        names.push(name.clone());
                    }
                }
            }
            ("properties", Some(Value::Object(props))) => {
                for (name, schema) in value.as_object().into_iter().flatten() {
                    match props.get_mut(name) {
                        None => {
                            props.insert(name.clone(), schema.clone());
                        }
                        Some(Value::Object(existing)) => {
                            if let Value::Object(schema) = schema {
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
    use serde_json::json;

    #[test]
    fn a_union_of_objects_keeps_every_key_and_requires_the_shared_ones() {
        let joined = join(&[
            json!({"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}, "required": ["kind", "x"]}),
            json!({"type": "object", "properties": {"kind": {"const": "b"}, "y": {"type": "number"}}, "required": ["kind"]}),
        ]);
        assert_eq!(
            Value::Object(joined),
            json!({
                "type": "object",
                "properties": {"kind": {"anyOf": [{"const": "a"}, {"const": "b"}]}, "x": {"type": "string"}, "y": {"type": "number"}},
                "required": ["kind"]
            })
        );
        let consts = join(&[json!({"const": "a"}), json!({"const": "b"})]);
        assert_eq!(Value::Object(consts), json!({"type": "string", "enum": ["a", "b"]}));
    }

    #[test]
    fn scalars_of_several_types_become_a_type_list_and_anything_stays_anything() {
        let joined = join(&[
            json!({"type": "string", "minLength": 2}),
            json!({"type": "integer"}),
            json!({"type": "number"}),
        ]);
        assert_eq!(Value::Object(joined), json!({"type": ["string", "number"]}));
        assert!(join(&[json!({"type": "string"}), json!({"description": "any"})]).is_empty());
    }

    #[test]
    fn all_of_merges_properties_and_names_conflicts() {
        let (merged, conflicts) = merge_all_of(&[
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            json!({"type": "object", "properties": {"b": {"type": "number"}, "a": {"minLength": 1}}, "required": ["b"]}),
        ]);
        assert!(conflicts.is_empty(), "{conflicts:?}");
        assert_eq!(
            Value::Object(merged),
            json!({"type": "object", "properties": {"a": {"type": "string", "minLength": 1}, "b": {"type": "number"}}, "required": ["a", "b"]})
        );
        let (_, conflicts) = merge_all_of(&[json!({"type": "string"}), json!({"type": "number"})]);
        assert_eq!(conflicts, ["/type"]);
    }
}
