//! The tools of the MCP project's reference servers (everything, filesystem,
//! memory, sequential-thinking), as a proxy receives them from `tools/list`
//! (`tests/fixtures/servers`, written by `scripts/gen-server-fixtures.mjs`):
//! schemas written by other hands than ours. Each compiles; each client
//! profile writes what its client accepts or refuses with a rule; every
//! value a tool takes goes to argv and back unchanged; and each tool's
//! command line reads as a reviewed snapshot.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod clients;
mod common;

use std::fmt::Write as _;

use serde_json::{json, Map, Value};
use toolshape::{no_env, Client, Code, CompileOptions, InputSchemaOptions, Tool, UsageRequest};

/// `(server, tool, inputSchema)` for every listed tool, in file order.
fn tools() -> Vec<(String, String, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/servers");
    let mut files: Vec<_> = std::fs::read_dir(dir).expect("fixture dir").flatten().collect();
    files.sort_by_key(std::fs::DirEntry::file_name);
    let mut out = Vec::new();
    for file in files {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(file.path()).unwrap()).unwrap();
        let server = fixture["server"].as_str().unwrap().to_owned();
        for tool in fixture["tools"].as_array().unwrap() {
            let name = tool["name"].as_str().unwrap().to_owned();
            out.push((server.clone(), name, tool["inputSchema"].clone()));
        }
    }
    out
}

fn compiled(name: &str, schema: &Value) -> Tool {
    let options = CompileOptions::from_json(&json!({ "name": name }).to_string()).unwrap();
    Tool::compile(schema, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_tool_compiles_and_its_mcp_schema_is_whole() {
    let all = tools();
    assert!(all.len() >= 35, "{} tools read", all.len());
    for (server, name, schema) in &all {
        let tool = compiled(name, schema);
        let out = tool.input_schema(&InputSchemaOptions::default()).unwrap();
        common::check_emitted(&out);
        assert_eq!(clients::mcp(&out), Vec::new(), "{server}/{name}");
        // What the server declared is kept: every property, every required name.
        assert_eq!(
            out["properties"].as_object().map(Map::len),
            schema["properties"].as_object().map(Map::len),
            "{server}/{name}"
        );
        assert_eq!(out.get("required"), schema.get("required"), "{server}/{name}");
    }
}

/// The bar of the client profiles, on schemas we did not write.
#[test]
fn every_profile_writes_what_its_client_accepts_or_refuses_with_a_rule() {
    for (server, name, schema) in tools() {
        let tool = compiled(&name, &schema);
        for client_name in clients::CLIENTS {
            let client = Client::parse(client_name).unwrap();
            let options = InputSchemaOptions {
                client,
                actions_as: None,
            };
            match tool.input_schema(&options) {
                Ok(out) => {
                    let found = clients::check(client_name, &out);
                    assert!(
                        found.is_empty(),
                        "{server}/{name} under {client_name}: {found:?}\n{out:#}"
                    );
                }
                Err(err) => {
                    assert_eq!(
                        err.code,
                        Code::UnsupportedByClient,
                        "{server}/{name} {client_name}: {err}"
                    );
                    assert!(!err.findings.is_empty(), "{server}/{name} {client_name}: {err}");
                }
            }
        }
    }
}

/// A value that fits a schema of these servers: the first choice, the
/// first type of a type list, every property (optional ones too), one item.
fn sample(schema: &Value) -> Value {
    if let Some(choice) = schema.get("enum").and_then(|e| e.get(0)) {
        return choice.clone();
    }
    let ty = match schema.get("type") {
        Some(Value::Array(types)) => types.first().and_then(Value::as_str).unwrap_or("string"),
        Some(Value::String(ty)) => ty,
        _ => "string",
    };
    match ty {
        "object" => Value::Object(
            schema["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(key, property)| (key.clone(), sample(property)))
                .collect(),
        ),
        "array" => json!([sample(&schema["items"])]),
        "integer" => json!(2),
        "number" => json!(2.5),
        "boolean" => json!(true),
        _ => json!("a b"),
    }
}

#[test]
fn every_tools_arguments_go_to_argv_and_back() {
    for (server, name, schema) in tools() {
        let tool = compiled(&name, &schema);
        let sampled = sample(&schema);
        let argv = tool
            .to_argv(&sampled)
            .unwrap_or_else(|e| panic!("{server}/{name}: {e}"));
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        let parsed = tool
            .parse_argv(&refs, &no_env)
            .unwrap_or_else(|e| panic!("{server}/{name}: {e}\n{argv:?}"));
        assert_eq!(parsed.data, sampled, "{server}/{name}: {argv:?}");
        // A client that sent every value as text is repaired to the same
        // arguments, but where text is itself allowed (`["boolean", "string"]`).
        let as_text = texts(&sampled);
        let expected = Value::Object(
            sampled
                .as_object()
                .unwrap()
                .iter()
                .map(|(key, value)| {
                    let keeps_text = schema["properties"][key]["type"]
                        .as_array()
                        .is_some_and(|types| types.contains(&json!("string")));
                    (
                        key.clone(),
                        if keeps_text {
                            as_text[key].clone()
                        } else {
                            value.clone()
                        },
                    )
                })
                .collect(),
        );
        assert_eq!(
            tool.repair(as_text.clone()).value,
            expected,
            "{server}/{name}: {as_text}"
        );
    }
}

/// Every scalar as the string a client that stringifies writes, and every
/// array or object inside the top level as JSON text.
fn texts(args: &Value) -> Value {
    let Value::Object(map) = args else { return args.clone() };
    Value::Object(
        map.iter()
            .map(|(key, value)| {
                let text = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (key.clone(), Value::String(text))
            })
            .collect(),
    )
}

#[test]
fn each_tools_command_line() {
    let mut text = String::new();
    for (server, name, schema) in tools() {
        let usage = compiled(&name, &schema).usage(&UsageRequest::default()).unwrap();
        writeln!(text, "## {server}/{name}\n{usage}").unwrap();
    }
    insta::assert_snapshot!("real_servers__usage", text);
}
