//! Arbitrary JSON as a schema, arbitrary argv and arbitrary arguments: every
//! entry point answers with a value or an error, never a panic.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use common::check_emitted;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use toolshape::emit::emit_root;
use toolshape::help::{help, HelpOptions};
use toolshape::json::Json;
use toolshape::schema::read_schema;
use toolshape::{no_env, ActionsAs, Client, CompileOptions, InputSchemaOptions, Tool, UsageRequest};

fn cases() -> u32 {
    std::env::var("TOOLSHAPE_HOSTILE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "items",
    "prefixItems",
    "anyOf",
    "oneOf",
    "allOf",
    "$ref",
    "$defs",
    "enum",
    "const",
    "default",
    "nullable",
    "additionalProperties",
    "description",
    "cli",
    "not",
    "definitions",
    "action",
    "title",
    "patternProperties",
    "dependencies",
    "dependentRequired",
    "exclusiveMinimum",
    "minimum",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-5_i64..5).prop_map(|n| json!(n)),
        prop::sample::select(vec![
            "object",
            "string",
            "number",
            "integer",
            "boolean",
            "array",
            "null",
            "#",
            "#/$defs/a",
            "#/properties/x",
            "a",
            ""
        ])
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYWORDS), inner), 0..5).prop_map(|pairs| Value::Object(
                pairs
                    .into_iter()
                    .map(|(k, v)| ((*k).to_owned(), v))
                    .collect::<Map<_, _>>()
            )),
        ]
    })
}

proptest! {
    // 3,000 cases in `npm test`; `TOOLSHAPE_HOSTILE_CASES=300000 cargo test
    // --release --test hostile` is the long run the README reports.
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn any_value_is_written_as_serde_json_writes_it(value in json_value(), text in prop_oneof![any::<String>(), "[a-z\"\\\\\\x00-\\x1f\\x7f é☃]{0,12}"], key in any::<String>()) {
        let value = json!({ "v": value, "t": text, (key): [1.5, -0.0, 1e300, u64::MAX, i64::MIN] });
        prop_assert_eq!(Json::borrow(&value).to_text(), serde_json::to_string(&value).unwrap());
    }

    #[test]
    fn any_json_as_a_schema_never_panics(schema in json_value(), argv in prop::collection::vec("[-a-z=]{0,8}", 0..6), args in json_value()) {
        let wrapped = json!({"type": "object", "properties": {"x": schema.clone(), "y": {"$ref": "#/properties/x"}}, "$defs": {"a": schema.clone()}});
        for candidate in [&schema, &wrapped] {
            if let Ok(parsed) = read_schema(candidate) {
                let _ = help(&parsed, &HelpOptions::default());
                // The text writer says what the tree writer says, byte for byte.
                let tree = emit_root(&parsed);
                let text = serde_json::to_string(&tree.to_value()).unwrap();
                prop_assert_eq!(&tree.to_text(), &text);
            }
        }
        for candidate in [&schema, &wrapped] {
            let Ok(tool) = Tool::compile(candidate, &CompileOptions::default()) else { continue };
            for actions_as in [None, Some(ActionsAs::Flat), Some(ActionsAs::OneOf)] {
                let options = InputSchemaOptions { actions_as, ..InputSchemaOptions::default() };
                if let Ok(emitted) = tool.input_schema(&options) {
                    check_emitted(&emitted);
                }
            }
            // Every client's schema is one JSON text, and never a panic.
            for &client in Client::ALL {
                let options = InputSchemaOptions { client, actions_as: None };
                if let Ok(text) = tool.input_schema_text(&options) {
                    prop_assert!(serde_json::from_str::<Value>(&text).is_ok());
                }
            }
            let _ = tool.usage(&UsageRequest::default());
            let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
            match tool.parse_argv(&refs, &no_env) {
                // Whatever parses, and toArgv writes, parses back the same.
                Ok(parsed) => if let Ok(again) = tool.to_argv(&parsed.data) {
                    let again: Vec<&str> = again.iter().map(String::as_str).collect();
                    let back = tool.parse_argv(&again, &no_env).map(|p| p.data);
                    prop_assert_eq!(back.as_ref().ok(), Some(&parsed.data), "argv {:?} -> {:?}", refs, again);
                },
                Err(err) => prop_assert!(err.to_json().len() < 64 * 1024, "an error of {} bytes", err.to_json().len()),
            }
            let _ = tool.repair(args.clone());
            let _ = tool.to_argv(&args);
            if let Value::Object(map) = &args {
                let _ = tool.args_from_flag_values(map, &no_env);
            }
        }
    }
}
