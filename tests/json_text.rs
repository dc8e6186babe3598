//! The mcp schema written straight to text is the tree writer's document,
//! byte for byte, for every Zod and peer fixture (arbitrary schemas: the
//! hostile property test).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use serde_json::Value;
use toolshape::emit::{emit_root, write_root};
use toolshape::schema::read_schema;

fn peer_schemas() -> Vec<Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/peers");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("peer fixtures").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("peer fixture");
        collect_schemas(&serde_json::from_str(&text).expect("peer JSON"), &mut out);
    }
    out
}

/// Every object in a peer fixture that has a `type` or `properties`: the
/// cases' inputs and expectations alike, all of them schemas to write.
fn collect_schemas(value: &Value, out: &mut Vec<Value>) {
    match value {
        Value::Object(map) => {
            if map.contains_key("type") || map.contains_key("properties") {
                out.push(value.clone());
            }
            map.values().for_each(|v| collect_schemas(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_schemas(v, out)),
        _ => {}
    }
}

#[test]
fn text_and_tree_writers_agree_on_every_fixture() {
    let mut checked = 0;
    let fixtures = common::zod_fixtures(None).into_iter().map(|(_, _, schema)| schema);
    for schema in fixtures.chain(peer_schemas()) {
        let Ok(read) = read_schema(&schema) else { continue };
        let tree = serde_json::to_string(&emit_root(&read).to_value()).unwrap();
        assert_eq!(write_root(&read), tree, "for {schema}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} schemas checked");
}

#[test]
fn text_and_tree_writers_agree_on_edge_cases() {
    let cases = [
        // draft-7 `dependencies` lists become a dependentRequired applicator
        // beside a kept dependentRequired keyword: the keyword wins.
        serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}},
            "dependentRequired": {"a": ["b"]}, "dependencies": {"c": ["d"], "e": {"type": "object"}},
            "dependentSchemas": {"f": {"required": ["g"]}}}),
        serde_json::json!({"type": "object", "properties": {"n": {"enum": ["x", null]}, "m": {"enum": [null]},
            "k": {"type": ["integer", "null"], "minimum": 1, "exclusiveMinimum": true},
            "j": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"allOf": [{"type": "object"}, {"not": {}}]}, {"type": "null"}]}},
            "required": ["n", "absent"], "additionalProperties": {"type": "number"}}),
        serde_json::json!({"type": "object", "properties": {"tree": {"$ref": "#/$defs/T"}},
            "$defs": {"T": {"type": ["object", "null"], "title": "T\u{1}\"", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/T"}}}}}}),
        serde_json::json!({"type": "object", "properties": {"t": {"type": "array", "prefixItems": [{"type": "string"}, {"const": 1.5}], "items": false},
            "p": {"type": "object", "patternProperties": {"^a/b~": {"type": "boolean"}}, "propertyNames": {"minLength": 1}}},
            "default": {"t": ["a", 1.5]}, "description": "é ☃ \n"}),
    ];
    for schema in cases {
        let read = read_schema(&schema).unwrap();
        let tree = serde_json::to_string(&emit_root(&read).to_value()).unwrap();
        assert_eq!(write_root(&read), tree, "for {schema}");
    }
}
