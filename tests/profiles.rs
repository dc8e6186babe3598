//! Every Zod fixture under every client profile (issue 10, item 6): one
//! snapshot per profile, each fixture's schema as that client gets it, or
//! its refusals, and the warnings `check` gives. A change to any profile
//! shows up here as a reviewable diff.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use std::fmt::Write as _;

use serde_json::Value;
use toolshape::error::Finding;
use toolshape::{Client, CompileOptions, InputSchemaOptions, Tool};

/// The `draft-2020-12/input` variant of each fixture: what a Zod 4 MCP
/// server emits for its tools' input.
fn fixtures() -> Vec<(String, Value)> {
    common::zod_fixtures(Some("draft-2020-12/input"))
        .into_iter()
        .map(|(name, _, schema)| (name, schema))
        .collect()
}

/// What `client` is asked for, with no actions_as option.
fn for_client(client: Client) -> InputSchemaOptions {
    InputSchemaOptions {
        client,
        actions_as: None,
    }
}

fn report(client: Client) -> String {
    let mut text = String::new();
    for (name, schema) in fixtures() {
        let Ok(tool) = Tool::compile(&schema, &CompileOptions::default()) else {
            writeln!(text, "## {name}\n(does not compile)\n").unwrap();
            continue;
        };
        let check = tool.check(client).unwrap();
        writeln!(text, "## {name}").unwrap();
        let options = for_client(client);
        match tool.input_schema(&options) {
            Ok(out) => {
                // The text JS is handed is this tree, written.
                let handed = tool.input_schema_text(&options).unwrap();
                assert_eq!(
                    handed,
                    serde_json::to_string(&out).unwrap(),
                    "{name} for {}",
                    client.name()
                );
                writeln!(text, "{}", serde_json::to_string_pretty(&out).unwrap()).unwrap();
            }
            Err(_) => check.errors.iter().for_each(|f| line(&mut text, "REFUSED", f)),
        }
        check.warnings.iter().for_each(|f| line(&mut text, "warning", f));
        text.push('\n');
    }
    text
}

fn line(text: &mut String, kind: &str, finding: &Finding) {
    writeln!(
        text,
        "{kind} {} at #{}: {}",
        finding.code.as_str(),
        finding.pointer,
        finding.message
    )
    .unwrap();
}

#[test]
fn every_fixture_under_every_profile() {
    for client in Client::ALL {
        insta::assert_snapshot!(format!("profile__{}", client.name()), report(*client));
    }
}

/// `inputSchema` writes a profile without its warnings (it hands out the
/// schema and throws refusals); `check` then writes the whole report. The
/// report is the same whichever is asked first, and the same as `shape`'s.
#[test]
fn check_reports_the_same_whichever_call_came_first() {
    let mut compared = 0;
    for (name, schema) in fixtures() {
        for &client in Client::ALL {
            let (Ok(first), Ok(second)) = (
                Tool::compile(&schema, &CompileOptions::default()),
                Tool::compile(&schema, &CompileOptions::default()),
            ) else {
                continue;
            };
            let options = for_client(client);
            let _ = first.input_schema_text(&options);
            let after = first.check(client).unwrap();
            let alone = second.check(client).unwrap();
            assert_eq!(after, alone, "{name} for {}", client.name());
            let shaped = toolshape::shape(&schema, &[client]).unwrap().pop().unwrap();
            // check also says when the schema makes no command line; shape is the profile alone.
            let profile_warnings: Vec<_> = after
                .warnings
                .iter()
                .filter(|w| w.code != toolshape::error::FindingCode::NoCommandLine)
                .cloned()
                .collect();
            assert_eq!(profile_warnings, shaped.report.warnings, "{name} for {}", client.name());
            assert_eq!(after.errors, shaped.report.errors, "{name} for {}", client.name());
            compared += usize::from(!after.warnings.is_empty());
        }
    }
    assert!(compared > 50, "only {compared} reports with warnings compared");
}

/// openai-strict makes an optional union nullable by adding a `null`
/// branch to its `anyOf`, not by wrapping it in another (the
/// sequential-thinking server's `isRevision`, `type: ["boolean", "string"]`).
#[test]
fn openai_strict_adds_null_to_an_optional_union_without_nesting() {
    let schema = serde_json::json!({"type": "object", "properties": {
        "isRevision": {"description": "Whether this revises", "type": ["boolean", "string"]},
        "mode": {"anyOf": [{"type": "string"}, {"type": "number"}], "title": "Mode"}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let options = for_client(Client::OpenaiStrict);
    let out = tool.input_schema(&options).unwrap();
    assert_eq!(
        out["properties"]["isRevision"],
        serde_json::json!({"description": "Whether this revises", "anyOf": [{"type": "boolean"}, {"type": "string"}, {"type": "null"}]})
    );
    // A node with more than its anyOf keeps it whole, beside null.
    let mode = &out["properties"]["mode"]["anyOf"];
    assert_eq!(mode.as_array().unwrap().len(), 2, "{out:#}");
    assert_eq!(mode[1], serde_json::json!({"type": "null"}));
}

/// pydantic writes a discriminated union as `oneOf` of `$ref`s with
/// OpenAPI's `discriminator`, whose `mapping` names each branch by its
/// `$ref`. The refs are inlined in what every client gets, so the mapping
/// would point at nothing: it is left out, and `propertyName` kept.
#[test]
fn a_discriminator_keeps_its_property_name_not_its_mapping() {
    let schema = serde_json::json!({
        "$defs": {
            "Cat": {"type": "object", "title": "Cat", "required": ["kind"], "properties": {"kind": {"const": "cat", "type": "string"}, "lives": {"type": "integer"}}},
            "Dog": {"type": "object", "title": "Dog", "required": ["kind"], "properties": {"kind": {"const": "dog", "type": "string"}, "bark": {"type": "boolean"}}}
        },
        "type": "object",
        "required": ["pet"],
        "properties": {"pet": {
            "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}],
            "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog"}}
        }}
    });
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    for client in Client::ALL {
        let options = for_client(*client);
        let Ok(out) = tool.input_schema(&options) else { continue };
        common::check_emitted(&out);
        let text = out.to_string();
        assert!(!text.contains("#/$defs/"), "{}: {text}", client.name());
        assert!(!text.contains("mapping"), "{}: {text}", client.name());
    }
    let mcp = tool.input_schema(&InputSchemaOptions::default()).unwrap();
    assert_eq!(
        mcp["properties"]["pet"]["discriminator"],
        serde_json::json!({"propertyName": "kind"})
    );
}

/// Wherever a client's schema states `default: null`, the node still
/// accepts `null`: Cursor and portable take `null` out of a type list or
/// an enum (Cursor mishandles it), and the default goes with it.
#[test]
fn a_null_default_goes_with_the_null_a_client_drops() {
    fn takes_null(node: &serde_json::Map<String, Value>) -> bool {
        let typed = |t: &Value| t == "null" || t.as_array().is_some_and(|ts| ts.iter().any(|t| t == "null"));
        node.get("type").is_none_or(typed)
            || node.get("nullable") == Some(&Value::Bool(true))
            || node
                .get("enum")
                .and_then(Value::as_array)
                .is_some_and(|vs| vs.iter().any(Value::is_null))
    }
    fn check(value: &Value, at: &str, client: &str) {
        match value {
            Value::Object(node) => {
                if node.get("default") == Some(&Value::Null) {
                    assert!(
                        takes_null(node),
                        "{client}: default null where null is refused, at {at}: {value}"
                    );
                }
                for (key, child) in node {
                    check(child, &format!("{at}/{key}"), client);
                }
            }
            Value::Array(items) => items.iter().for_each(|item| check(item, at, client)),
            _ => {}
        }
    }
    let schema = serde_json::json!({"type": "object", "properties": {
        "note": {"type": ["string", "null"], "default": null},
        "level": {"enum": ["low", "high", null], "default": null},
        "cfg": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "null"}], "default": null}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    for client in Client::ALL {
        let options = for_client(*client);
        let Ok(out) = tool.input_schema(&options) else { continue };
        check(&out, "#", client.name());
    }
    let cursor = tool.input_schema(&for_client(Client::Cursor)).unwrap();
    assert_eq!(cursor["properties"]["note"], serde_json::json!({"type": "string"}));
    let check = tool.check(Client::Cursor).unwrap();
    let note = check.warnings.iter().find(|w| w.pointer == "/properties/note").unwrap();
    assert!(note.message.contains("nor stated as the default"), "{}", note.message);
}
