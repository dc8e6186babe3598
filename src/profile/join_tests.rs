//! Tests of `profile/join.rs`.
use super::*;
use serde_json::{json, Value};

fn joined(values: &[Value]) -> Value {
    let trees: Vec<Json<'_>> = values.iter().map(Json::borrow).collect();
    Json::Object(join(trees)).to_value()
}

fn merged(values: &[Value]) -> (Value, Vec<String>) {
    let trees: Vec<Json<'_>> = values.iter().map(Json::borrow).collect();
    let mut merged = Map::new();
    let conflicts = merge_members_into(&mut merged, &trees);
    (
        Json::Object(merged).to_value(),
        conflicts.into_iter().map(|c| c.pointer).collect(),
    )
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
fn wide_unions_group_keys_in_first_seen_order_past_the_scan_limit() {
    // 30 keys each, 20 shared: past the keys a map finds by comparing.
    let branch = |from: usize, description: &str| {
        let props: serde_json::Map<String, Value> = (from..from + 30)
            .map(|i| (format!("k{i}"), json!({"type": "string", "description": description})))
            .collect();
        let required: Vec<String> = (from..from + 30).map(|i| format!("k{i}")).collect();
        json!({"type": "object", "properties": props, "required": required})
    };
    let joined_wide = joined(&[branch(0, "a"), branch(10, "b")]);
    let keys: Vec<&str> = joined_wide["properties"]
        .as_object()
        .map(|props| props.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let expected: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
    assert_eq!(keys, expected);
    let shared: Vec<String> = (10..30).map(|i| format!("k{i}")).collect();
    assert_eq!(joined_wide["required"], json!(shared));
    // A shared key's two schemas differ only in their words: one is kept.
    assert_eq!(
        joined_wide["properties"]["k15"],
        json!({"type": "string", "description": "a"})
    );
    assert_eq!(
        joined_wide["properties"]["k35"],
        json!({"type": "string", "description": "b"})
    );
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

#[test]
fn only_a_second_pattern_format_or_multiple_narrows() {
    let trees = [
        json!({"pattern": "a", "properties": {"pattern": true}}),
        json!({"pattern": "b", "properties": {"pattern": {"type": "string"}}}),
    ];
    let trees: Vec<Json<'_>> = trees.iter().map(Json::borrow).collect();
    let mut merged = Map::new();
    let conflicts = merge_members_into(&mut merged, &trees);
    let found: Vec<(&str, bool)> = conflicts.iter().map(|c| (c.pointer.as_str(), c.narrowing)).collect();
    // A property named `pattern` whose schemas disagree is no narrowing.
    assert_eq!(found, [("/pattern", true), ("/properties/pattern", false)]);
}

#[test]
fn all_of_keeps_the_values_two_enums_share() {
    let (all, conflicts) = merged(&[
        json!({"type": "string", "enum": ["a", "b", "c"]}),
        json!({"enum": ["d", "c", "b"]}),
    ]);
    assert!(conflicts.is_empty(), "{conflicts:?}");
    assert_eq!(all, json!({"type": "string", "enum": ["b", "c"]}));
    let (_, conflicts) = merged(&[json!({"enum": [1, 2]}), json!({"enum": [3]})]);
    assert_eq!(conflicts, ["/enum"]);
}

#[test]
fn all_of_keeps_the_tighter_bound_and_names_a_second_pattern() {
    let (all, conflicts) = merged(&[
        json!({"type": "integer", "minimum": 1, "maximum": 100}),
        json!({"minimum": 0, "maximum": 10, "pattern": "a"}),
        json!({"pattern": "b"}),
    ]);
    assert_eq!(
        all,
        json!({"type": "integer", "minimum": 1, "maximum": 10, "pattern": "a"})
    );
    assert_eq!(conflicts, ["/pattern"]);
}

#[test]
fn required_flags_mark_each_listed_key_in_order_or_not() {
    let flags = |node: Value| {
        let text = node.to_string();
        let json: Json<'_> = serde_json::from_str(&text).unwrap_or_default();
        match json {
            Json::Object(map) => required_flags(&map),
            _ => Vec::new(),
        }
    };
    let props = json!({ "a": {}, "b": {}, "c": {}, "d": {} });
    let cases = [
        (json!(["a", "c"]), vec![true, false, true, false]),
        (json!(["d", "a"]), vec![true, false, false, true]),
        (json!(["b", "b"]), vec![false, true, false, false]),
        (json!(["x", "c"]), vec![false, false, true, false]),
        (json!([]), vec![false; 4]),
    ];
    for (required, want) in cases {
        let got = flags(json!({ "type": "object", "properties": props, "required": required }));
        assert_eq!(got, want, "{required}");
    }
    assert_eq!(flags(json!({ "type": "object", "properties": props })), vec![false; 4]);
}
