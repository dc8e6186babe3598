//! Checks shared by the integration tests.

#![allow(clippy::expect_used, dead_code)] // test code: a panic is a failed test; not every test uses every check

use serde_json::{json, Map, Value};

/// The tool's text usage at `width` columns.
pub fn usage_text(tool: &toolshape::Tool, width: usize) -> String {
    tool.usage(&toolshape::UsageRequest {
        format: toolshape::Format::Text,
        width,
        topic: None,
    })
    .expect("text usage")
}

/// Fails, showing the whole message, unless it contains `part`.
#[track_caller]
pub fn assert_says(message: &str, part: &str) {
    assert!(message.contains(part), "expected {part:?} in: {message}");
}

/// What every emitted schema must be, whatever went in: an object schema at
/// the root, every `$ref` pointing inside the document, and no internal
/// placeholder (they carry a NUL) anywhere.
pub fn check_emitted(emitted: &Value) {
    assert_eq!(emitted.get("type"), Some(&json!("object")), "root: {emitted}");
    let text = emitted.to_string();
    assert!(
        !text.contains("\\u0000") && !text.contains("toolshape-def"),
        "internal name leaked: {text}"
    );
    let mut stack = vec![emitted];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else { continue };
        if let Some(reference) = map.get("$ref") {
            let reference = reference.as_str().expect("$ref is a string");
            assert!(resolve(emitted, reference).is_some(), "{reference} dangles in {text}");
        }
        stack.extend(subschemas(map));
    }
}

/// The subschemas of a schema object (not its data: property names,
/// defaults and examples may hold a `$ref` key that is no reference).
fn subschemas(map: &Map<String, Value>) -> Vec<&Value> {
    let mut out = Vec::new();
    for (key, value) in map {
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                out.extend(value.as_object().into_iter().flat_map(Map::values));
            }
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => out.extend(value.as_array().into_iter().flatten()),
            "items"
            | "additionalProperties"
            | "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedItems"
            | "unevaluatedProperties" => out.push(value),
            _ => {}
        }
    }
    out
}

fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    fragment.split('/').skip(1).try_fold(root, |node, raw| {
        let segment = raw.replace("%25", "%").replace("~1", "/").replace("~0", "~");
        match node {
            Value::Object(map) => map.get(&segment),
            Value::Array(items) => items.get(segment.parse::<usize>().ok()?),
            _ => None,
        }
    })
}

/// Every Zod fixture variant, `(fixture name, variant, schema)`, in file
/// order: the objects, action unions and plain unions Zod emitted. With
/// `only`, that variant alone (`"draft-2020-12/input"`).
pub fn zod_fixtures(only: Option<&str>) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for dir in [
        "tests/fixtures/zod",
        "tests/fixtures/zod-actions",
        "tests/fixtures/zod-unions",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut entries: Vec<_> = std::fs::read_dir(&path).expect("fixture dir").flatten().collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let text = std::fs::read_to_string(entry.path()).expect("fixture file");
            let fixture: Value = serde_json::from_str(&text).expect("fixture JSON");
            let name = fixture["name"].as_str().expect("fixture name").to_owned();
            for (variant, schema) in fixture["variants"].as_object().expect("variants") {
                if only.is_none_or(|o| o == variant) {
                    out.push((name.clone(), variant.clone(), schema.clone()));
                }
            }
        }
    }
    out
}
