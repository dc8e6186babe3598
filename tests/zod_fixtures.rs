//! Every schema Zod 4 emits for the fixture cases (all targets, both io
//! modes) compiles, and its inputSchema, flag table and usage text are
//! snapshots reviewed as diffs. Fixtures: `npm run fixtures`.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use std::fs;
use std::path::Path;

use serde_json::{json, Map, Value};
use toolshape::{CompileOptions, InputSchemaOptions, Tool, UsageRequest};

fn fixtures() -> Vec<(String, Map<String, Value>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/zod");
    let mut out = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(&dir).expect("fixture dir").flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let text = fs::read_to_string(entry.path()).expect("fixture text");
        let value: Value = serde_json::from_str(&text).expect("fixture json");
        let name = value["name"].as_str().expect("name").to_owned();
        let variants = value["variants"].as_object().expect("variants").clone();
        out.push((name, variants));
    }
    assert!(
        out.len() >= 60,
        "expected at least 60 fixture cases, found {}",
        out.len()
    );
    out
}

fn compile(schema: &Value, what: &str) -> Tool {
    Tool::compile(schema, &CompileOptions::default()).unwrap_or_else(|e| panic!("{what}: {e}"))
}

#[test]
fn input_schemas_match_snapshots() {
    for (name, variants) in fixtures() {
        let mut emitted = Map::new();
        for (variant, schema) in &variants {
            let tool = compile(schema, &format!("{name} {variant}"));
            emitted.insert(
                variant.clone(),
                tool.input_schema(&InputSchemaOptions::default()).expect("emits"),
            );
        }
        insta::assert_json_snapshot!(format!("input_schema__{name}"), Value::Object(emitted));
    }
}

#[test]
fn flag_tables_and_usage_match_snapshots() {
    for (name, variants) in fixtures() {
        let schema = &variants["draft-2020-12/input"];
        let tool = compile(schema, &name);
        let flags: Value = tool.flags_json().unwrap();
        insta::assert_json_snapshot!(format!("flags__{name}"), flags);
        insta::assert_snapshot!(format!("usage__{name}"), tool.usage(&UsageRequest::default()).unwrap());
    }
}

#[test]
fn emitted_schemas_are_self_contained() {
    // No $ref may point outside the emitted document, and only recursive
    // definitions remain under $defs.
    for (name, variants) in fixtures() {
        for (variant, schema) in &variants {
            let emitted = compile(schema, &name)
                .input_schema(&InputSchemaOptions::default())
                .expect("emits");
            assert_eq!(emitted["type"], json!("object"), "{name} {variant}");
            assert!(emitted.get("$schema").is_none());
            assert!(emitted.get("definitions").is_none());
            let mut stack = vec![&emitted];
            while let Some(node) = stack.pop() {
                match node {
                    Value::Object(map) => {
                        if let Some(Value::String(r)) = map.get("$ref") {
                            let target = r.strip_prefix("#/$defs/").expect("local $defs ref");
                            assert!(emitted["$defs"].get(target).is_some(), "{name} {variant}: dangling {r}");
                        }
                        stack.extend(map.values());
                    }
                    Value::Array(items) => stack.extend(items),
                    _ => {}
                }
            }
        }
    }
}
