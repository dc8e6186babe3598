//! Bad and hostile schemas: each gives one clear error with a stable code,
//! never a panic, hang or exhausted stack.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{Code, CompileOptions, InputSchemaOptions, Tool};

fn code_of(schema: &Value) -> Code {
    match Tool::compile(schema, &CompileOptions::default()) {
        Ok(_) => panic!("expected an error for {schema}"),
        Err(e) => e.code,
    }
}

fn message_of(schema: &Value) -> String {
    Tool::compile(schema, &CompileOptions::default())
        .err()
        .map(|e| e.message.clone())
        .unwrap_or_default()
}

#[test]
fn json_text_that_is_not_json() {
    let err = Tool::compile_text("{\"type\": ", &CompileOptions::default()).err();
    assert_eq!(err.map(|e| e.code), Some(Code::InvalidJson));
}

#[test]
fn roots_that_are_not_objects() {
    for root in [
        json!({"type": "string"}),
        json!({"type": ["object", "null"]}),
        json!(true),
        json!({"anyOf": [{"type": "string"}, {"type": "number"}]}),
    ] {
        assert_eq!(code_of(&root), Code::InvalidRoot, "{root}");
    }
    assert_eq!(code_of(&json!([1])), Code::InvalidSchema);
}

#[test]
fn dangling_refs_name_the_place() {
    let schema = json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}});
    assert_eq!(code_of(&schema), Code::DanglingRef);
    assert!(
        message_of(&schema).contains("#/properties/a"),
        "{}",
        message_of(&schema)
    );
    let remote = json!({"type": "object", "properties": {"a": {"$ref": "https://example.com/s.json"}}});
    assert_eq!(code_of(&remote), Code::DanglingRef);
}

#[test]
fn ref_cycles_without_an_object_are_refused() {
    let schema = json!({
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/x"}},
        "$defs": {"x": {"$ref": "#/$defs/y"}, "y": {"anyOf": [{"$ref": "#/$defs/x"}, {"type": "string"}]}}
    });
    assert_eq!(code_of(&schema), Code::RefCycle);
    let self_ref = json!({"type": "object", "properties": {"a": {"$ref": "#/properties/a"}}});
    assert_eq!(code_of(&self_ref), Code::RefCycle);
}

#[test]
fn recursion_through_objects_is_kept_and_terminated() {
    let schema = json!({"type": "object", "properties": {"next": {"$ref": "#"}, "v": {"type": "number"}}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).map_err(|e| e.to_string());
    let emitted = tool
        .map(|t| t.input_schema(&InputSchemaOptions::default()).unwrap_or_default())
        .unwrap_or_default();
    assert_eq!(emitted["properties"]["next"], json!({"$ref": "#/$defs/root"}));
    assert_eq!(
        emitted["$defs"]["root"]["properties"]["next"],
        json!({"$ref": "#/$defs/root"})
    );
}

#[test]
fn deep_nesting_is_refused() {
    let mut chain = serde_json::Map::new();
    for i in 0..100 {
        chain.insert(format!("d{i}"), json!({"$ref": format!("#/$defs/d{}", i + 1)}));
    }
    chain.insert("d100".into(), json!({"type": "string"}));
    let schema = json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}, "$defs": chain});
    assert_eq!(code_of(&schema), Code::TooDeep);

    let mut nested = json!({"type": "string"});
    for _ in 0..70 {
        nested = json!({"anyOf": [nested, {"type": "number"}]});
    }
    // 70 unions are 140 JSON levels: serde_json refuses the text first.
    let text = json!({"type": "object", "properties": {"a": nested}}).to_string();
    let err = Tool::compile_text(&text, &CompileOptions::default()).err();
    assert_eq!(err.map(|e| e.code), Some(Code::TooDeep));
}

#[test]
fn ref_bombs_are_refused() {
    let mut defs = serde_json::Map::new();
    for i in 0..25 {
        let next = format!("#/$defs/d{}", i + 1);
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": {"a": {"$ref": next}, "b": {"$ref": next}}}),
        );
    }
    defs.insert("d25".into(), json!({"type": "string"}));
    let schema = json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/d0"}}, "$defs": defs});
    assert_eq!(code_of(&schema), Code::TooLarge);
}

#[test]
fn oversized_text_is_refused_before_parsing() {
    let text = format!("{{\"description\": \"{}\"}}", "x".repeat(17 * 1024 * 1024));
    let err = Tool::compile_text(&text, &CompileOptions::default()).err();
    assert_eq!(err.map(|e| e.code), Some(Code::TooLarge));
}

#[test]
fn wrong_keyword_kinds_are_invalid_schema() {
    for bad in [
        json!({"type": "object", "properties": []}),
        json!({"type": "object", "required": "a"}),
        json!({"type": 5}),
        json!({"type": "object", "properties": {"a": {"type": "strin"}}}),
        json!({"type": "object", "properties": {"a": {"enum": "x"}}}),
        json!({"type": "object", "properties": {"a": 5}}),
    ] {
        assert_eq!(code_of(&bad), Code::InvalidSchema, "{bad}");
    }
    // `cli` meta is the command line's: it answers for it, the tool compiles.
    let meta = json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"short": 5}}}});
    let tool = Tool::compile(&meta, &CompileOptions::default()).unwrap();
    assert_eq!(tool.command().refusal().map(|e| e.code), Some(Code::InvalidSchema));
}

#[test]
fn proto_keys_are_ordinary_keys() {
    let schema: Value =
        serde_json::from_str(r#"{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"required":["__proto__"]}"#)
            .unwrap_or_default();
    let tool = Tool::compile(&schema, &CompileOptions::default()).map_err(|e| e.to_string());
    let emitted = tool
        .map(|t| t.input_schema(&InputSchemaOptions::default()).unwrap_or_default())
        .unwrap_or_default();
    assert_eq!(emitted["properties"]["__proto__"], json!({"type": "string"}));
    assert_eq!(emitted["required"], json!(["__proto__"]));
}

#[test]
fn hand_written_schemas_without_type_are_understood() {
    let schema = json!({"properties": {"a": {"items": {"type": "number"}}, "b": {"enum": ["x", null]}}});
    let emitted = Tool::compile(&schema, &CompileOptions::default())
        .map(|t| t.input_schema(&InputSchemaOptions::default()).unwrap_or_default());
    let emitted = emitted.unwrap_or_default();
    assert_eq!(emitted["type"], json!("object"));
    assert_eq!(
        emitted["properties"]["a"],
        json!({"type": "array", "items": {"type": "number"}})
    );
    assert_eq!(
        emitted["properties"]["b"],
        json!({"type": ["string", "null"], "enum": ["x", null]})
    );
}

#[test]
fn openapi_exclusive_bounds_become_2020_12() {
    let schema =
        json!({"type": "object", "properties": {"a": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}});
    let emitted = Tool::compile(&schema, &CompileOptions::default())
        .map(|t| t.input_schema(&InputSchemaOptions::default()).unwrap_or_default());
    assert_eq!(
        emitted.unwrap_or_default()["properties"]["a"],
        json!({"type": "number", "exclusiveMinimum": 0})
    );
}
