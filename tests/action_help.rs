//! Help entries for action unions from every Zod target and io mode, their
//! two formats as snapshots, and the errors.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use std::fs;
use std::path::Path;

use serde_json::{json, Value};
use toolshape::help::{format_json, format_markdown, help, HelpOptions, NO_HELP};
use toolshape::schema::read_schema;
use toolshape::Code;

fn fixture(name: &str) -> serde_json::Map<String, Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/zod-actions/{name}.json"));
    let value: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    value["variants"].as_object().unwrap().clone()
}

fn entries(schema: &Value, options: &HelpOptions) -> Vec<toolshape::help::HelpEntry> {
    help(&read_schema(schema).unwrap(), options).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_target_and_io_mode_gives_the_same_entries() {
    for name in ["docker-actions", "scout-nested", "flux-composite", "many-actions"] {
        let variants = fixture(name);
        let first = entries(&variants["draft-2020-12/input"], &HelpOptions::default());
        assert!(!first.is_empty());
        for (variant, schema) in &variants {
            let got = entries(schema, &HelpOptions::default());
            // OpenAPI 3.0 and draft-7 say the same things; output mode only adds
            // `required` for defaulted keys, which a default keeps optional.
            assert_eq!(got, first, "{name} {variant}");
        }
        if name != "many-actions" {
            insta::assert_snapshot!(format!("markdown__{name}"), format_markdown(&first));
            insta::assert_snapshot!(format!("json__{name}"), format_json(&first));
        }
    }
}

#[test]
fn discriminators_are_found_and_composed() {
    let docker = entries(&fixture("docker-actions")["draft-7/output"], &HelpOptions::default());
    let names: Vec<&str> = docker.iter().map(|e| e.discriminator.as_str()).collect();
    assert_eq!(names, ["list", "logs", "restart", "inspect"]);
    assert_eq!(docker[1].parameters[1].ty, "integer");
    assert_eq!(docker[1].parameters[1].default, Some(json!(20)));
    assert!(!docker[1].parameters[1].required);
    assert_eq!(docker[3].parameters[1].ty, r#""json" | "yaml""#);
    assert_eq!(docker[3].parameters[2].ty, "string[]");
    let scout = entries(&fixture("scout-nested")["draft-2020-12/input"], &HelpOptions::default());
    let names: Vec<&str> = scout.iter().map(|e| e.discriminator.as_str()).collect();
    assert_eq!(
        names,
        ["status", "zfs:pools", "zfs:datasets", "logs:tail", "logs:search"]
    );
    let flux = entries(
        &fixture("flux-composite")["draft-2020-12/input"],
        &HelpOptions::default(),
    );
    assert_eq!(flux[1].discriminator, "container:stop");
    let params: Vec<&str> = flux[1].parameters.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(params, ["id", "force"], "discriminator keys are not parameters");
}

#[test]
fn topics_keep_exact_matches_and_children() {
    let schema = &fixture("scout-nested")["draft-2020-12/input"];
    let topic = |t: &str| HelpOptions {
        topic: Some(t.to_owned()),
        ..HelpOptions::default()
    };
    let names = |t: &str| {
        entries(schema, &topic(t))
            .into_iter()
            .map(|e| e.discriminator)
            .collect::<Vec<_>>()
    };
    assert_eq!(names("zfs"), ["zfs:pools", "zfs:datasets"]);
    assert_eq!(names("zfs:pools"), ["zfs:pools"]);
    assert_eq!(names("zf"), Vec::<String>::new());
    assert_eq!(format_markdown(&entries(schema, &topic("nope"))), NO_HELP);
    assert_eq!(format_json(&[]), "[]");
}

#[test]
fn sdk_v2_root_object_with_one_of() {
    let schema = json!({
        "type": "object",
        "properties": {"action": {"type": "string", "enum": ["get", "put"]}, "key": {"type": "string", "description": "Shared key"}},
        "required": ["action", "key"],
        "oneOf": [
            {"type": "object", "properties": {"action": {"const": "get"}}, "description": "Read"},
            {"type": "object", "properties": {"action": {"const": "put"}, "value": {"type": "string"}}, "required": ["value"]}
        ]
    });
    let got = entries(&schema, &HelpOptions::default());
    assert_eq!(got[0].discriminator, "get");
    assert_eq!(got[0].parameters[0].name, "key");
    assert_eq!(
        got[1].parameters.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        ["key", "value"]
    );
}

#[test]
fn errors_name_what_is_wrong() {
    let not_union = read_schema(&json!({"type": "object", "properties": {}})).unwrap();
    assert_eq!(
        help(&not_union, &HelpOptions::default()).err().unwrap().code,
        Code::NotActionUnion
    );
    let no_literal = read_schema(&json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "number"}}}]})).unwrap();
    let err = help(&no_literal, &HelpOptions::default()).err().unwrap();
    assert_eq!(err.code, Code::NoDiscriminator);
    let partial = read_schema(&json!({"oneOf": [
        {"type": "object", "properties": {"action": {"const": "a"}}},
        {"type": "object", "properties": {"other": {"type": "string"}}}
    ]}))
    .unwrap();
    assert_eq!(
        help(&partial, &HelpOptions::default()).unwrap().len(),
        1,
        "a branch without the literal is skipped"
    );
    let strict = HelpOptions {
        strict: true,
        ..HelpOptions::default()
    };
    let err = help(&partial, &strict).err().unwrap();
    assert_eq!(err.code, Code::NoDiscriminator);
    assert!(err.message.contains("#/oneOf/1"), "{}", err.message);
    let named = HelpOptions {
        discriminator: Some("kind".to_owned()),
        ..HelpOptions::default()
    };
    let kinds = read_schema(&json!({"oneOf": [
        {"type": "object", "properties": {"kind": {"const": "x"}, "action": {"const": "y"}}}
    ]}))
    .unwrap();
    assert_eq!(help(&kinds, &named).unwrap()[0].discriminator, "x");
}

#[test]
fn control_characters_in_descriptions_are_escaped() {
    let schema = json!({"oneOf": [{"type": "object", "description": "line one\nline\u{1b}[2J two", "properties": {
        "action": {"const": "a"}, "x": {"type": "string", "description": "bad\u{7}\nthing"}
    }}]});
    let md = format_markdown(&entries(&schema, &HelpOptions::default()));
    assert!(!md.contains('\u{1b}') && !md.contains('\u{7}'));
    assert!(md.contains("line one\nline\\u{1b}[2J two"));
    assert!(md.contains("- **x** (string (optional)) - bad\\u{7} thing"));
}

#[test]
fn recursive_parameter_types_end() {
    let schema = json!({"oneOf": [{"type": "object", "properties": {"action": {"const": "a"}, "x": {"$ref": "#/$defs/X"}}}],
        "$defs": {"X": {"type": "array", "items": {"$ref": "#/$defs/X"}}}});
    let got = entries(&schema, &HelpOptions::default());
    let ty = &got[0].parameters[0].ty;
    assert!(ty.starts_with("unknown[]") && ty.len() < 40, "{ty}");
}

#[test]
fn parameter_types_read_like_typescript() {
    let schema = json!({"oneOf": [{"type": "object", "properties": {
        "action": {"const": "a"},
        "target": {"type": "object", "properties": {"host": {"type": "string"}, "port": {"type": "integer"}}, "required": ["host"]},
        "big": {"type": "object", "properties": {"a": {}, "b": {}, "c": {}, "d": {}, "e": {}}},
        "id": {"anyOf": [{"type": "string"}, {"type": "number"}]},
        "note": {"type": ["string", "null"]},
        "pairs": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}},
        "point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": false},
        "code": {"enum": [200, 404]}
    }}]});
    let types: Vec<String> = entries(&schema, &HelpOptions::default())[0]
        .parameters
        .iter()
        .map(|p| p.ty.clone())
        .collect();
    assert_eq!(
        types,
        [
            "{ host: string; port?: integer }",
            "object",
            "string | number",
            "string | null",
            "(string | number)[]",
            "[number, number]",
            "200 | 404"
        ]
    );
}

/// A union of described literals (`z.union([z.literal("fast").describe(..)])`)
/// types as `"fast" | "exact"`; what the schema says of each value follows
/// the parameter's description, so that a model reading a group's `help`
/// learns it too. Undescribed values get nothing, and the count is bounded.
#[test]
fn described_choices_follow_the_description() {
    let many: Vec<Value> = (0..70)
        .map(|i| json!({"const": i, "description": format!("level {i}")}))
        .collect();
    let schema = json!({"oneOf": [{"type": "object", "properties": {
        "action": {"const": "search"},
        "mode": {"description": "How to search", "anyOf": [
            {"type": "string", "const": "fast", "description": "Cheap, approximate"},
            {"type": "string", "const": "exact", "description": "Slow, precise"},
            {"type": "string", "const": "auto"}
        ]},
        "sorted": {"description": "Order.", "oneOf": [{"const": true, "description": "By score"}, {"const": false, "description": "As found"}]},
        "tiers": {"type": "array", "items": {"oneOf": [{"const": 1, "description": "First"}, {"const": 2}]}},
        "level": {"oneOf": many},
        "size": {"type": "string", "enum": ["s", "m"], "description": "Size"}
    }, "required": ["mode"]}]});
    let got = entries(&schema, &HelpOptions::default());
    let described: Vec<Option<&str>> = got[0].parameters.iter().map(|p| p.description.as_deref()).collect();
    let level = format!(
        "Values: {}; 6 more.",
        (0..64)
            .map(|i| format!("{i}: level {i}"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    assert_eq!(
        described,
        [
            Some(r#"How to search. Values: "fast": Cheap, approximate; "exact": Slow, precise."#),
            Some("Order. Values: true: By score; false: As found."),
            Some("Values: 1: First."),
            Some(level.as_str()),
            Some("Size")
        ]
    );
    assert_eq!(got[0].parameters[0].ty, r#""fast" | "exact" | "auto""#);
    let md = format_markdown(&got);
    assert!(
        md.contains(r#"- **mode** ("fast" | "exact" | "auto" (required)) - How to search. Values: "fast": Cheap, approximate; "exact": Slow, precise."#),
        "{md}"
    );
}
