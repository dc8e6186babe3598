//! The client checkers of `tests/clients` (issue 10, item 5): each rule
//! fires on a schema a client's own error report came from and stays quiet
//! on one it accepts; and the `mcp` profile's output for every Zod fixture
//! passes the MCP checker, with every action union's root flat enough for
//! Anthropic (no root composition).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod clients;
mod common;

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use toolshape::{Client, Code, CompileOptions, InputSchemaOptions, Tool};

fn rules(client: &str, schema: &Value) -> Vec<&'static str> {
    let mut found: Vec<&'static str> = clients::check(client, schema).iter().map(|v| v.rule).collect();
    found.dedup();
    found
}

#[test]
fn each_rule_fires_on_what_its_client_refused() {
    let plain = json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]});
    for client in clients::CLIENTS {
        if *client == "openai-strict" || *client == "anthropic-strict" {
            continue;
        }
        assert_eq!(
            rules(client, &plain),
            Vec::<&str>::new(),
            "{client} refuses a plain object"
        );
    }
    let strict = json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false});
    assert_eq!(rules("openai-strict", &strict), Vec::<&str>::new());
    assert_eq!(rules("anthropic-strict", &strict), Vec::<&str>::new());
    let bounded = json!({"type": "object", "additionalProperties": false, "properties": {
        "n": {"type": "integer", "minimum": 1},
        "u": {"type": "string", "format": "uri"},
        "c": {"type": "string", "format": "cuid"},
        "p": {"type": "string", "pattern": "^(?!x)"},
        "w": {"type": "string", "pattern": "\\bw"},
        "l": {"type": "array", "items": {"type": "string"}, "minItems": 2},
        "o": {"type": "object", "properties": {}}
    }});
    // In the order of the properties; `uri` is one of its formats.
    assert_eq!(rules("anthropic-strict", &bounded), ["AS2", "AS3", "AS4", "AS2", "AS1"]);
    let fields: Map<String, Value> = (0..25).map(|i| (format!("f{i}"), json!({"type": "string"}))).collect();
    let wide = json!({"type": "object", "additionalProperties": false, "properties": fields});
    assert_eq!(rules("anthropic-strict", &wide), ["AS6"]);
}

#[test]
fn anthropic_vscode_and_cursor_rules() {
    // A2: a root oneOf beside type "object" (williamkapke/kapture#20).
    let root_one_of =
        json!({"type": "object", "properties": {"a": {"type": "string"}}, "oneOf": [{"required": ["a"]}]});
    assert!(rules("anthropic", &root_one_of).contains(&"A2"));
    assert!(rules("vscode", &root_one_of).contains(&"V6"));
    assert!(!rules("gemini-json", &root_one_of).contains(&"A2"));
    // A3: a key with a space.
    assert_eq!(
        rules("anthropic", &json!({"type": "object", "properties": {"a b": {}}})),
        ["A3"]
    );
    // CU1: anyOf at any depth (code-yeongyu/senpi#952).
    let nested_any_of =
        json!({"type": "object", "properties": {"id": {"anyOf": [{"type": "string"}, {"type": "number"}]}}});
    assert_eq!(rules("cursor", &nested_any_of), ["CU1"]);
    assert!(
        rules("anthropic", &nested_any_of).is_empty(),
        "nested anyOf is fine for Anthropic (A5)"
    );
    // CU2, CU3.
    assert_eq!(
        rules(
            "cursor",
            &json!({"type": "object", "properties": {"n": {"enum": [1, 2]}}})
        ),
        ["CU2"]
    );
    assert_eq!(
        rules(
            "cursor",
            &json!({"type": "object", "properties": {"s": {"type": ["null", "string"]}}})
        ),
        ["CU3"]
    );
}

#[test]
fn gemini_rules() {
    // G1: zod's .positive() gives exclusiveMinimum (fazer-ai/agents#64); additionalProperties (brainlid/langchain#599).
    let positive = json!({"type": "object", "properties": {"n": {"type": "number", "exclusiveMinimum": 0}}, "additionalProperties": false});
    assert_eq!(rules("gemini", &positive), ["G1"]);
    // G2, G4, G5, G6, G7, the key rule.
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"s": {"type": ["string", "null"]}}})
        ),
        ["G2"]
    );
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}], "description": "x"}}})
        ),
        ["G4"]
    );
    assert!(rules(
        "gemini",
        &json!({"type": "object", "properties": {"n": {"type": "integer", "enum": [1, 2]}}})
    )
    .contains(&"G5"));
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"n": {"type": "integer", "format": "enum", "enum": ["1", "2"]}}})
        ),
        Vec::<&str>::new()
    );
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"e": {"type": "string", "format": "email"}}})
        ),
        ["G6"]
    );
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"l": {"type": "array"}}})
        ),
        ["G7"]
    );
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "properties": {"dry-run": {"type": "boolean"}}})
        ),
        ["G-KEY"]
    );
    assert_eq!(
        rules(
            "gemini",
            &json!({"type": "object", "required": ["x"], "properties": {}})
        ),
        ["G7"]
    );
}

#[test]
fn openai_claude_code_mcp_and_portable_rules() {
    let nested_any_of =
        json!({"type": "object", "properties": {"id": {"anyOf": [{"type": "string"}, {"type": "number"}]}}});
    // ON2: an array without items fails even without strict (sigoden/aichat#1049).
    assert_eq!(
        rules(
            "openai",
            &json!({"type": "object", "properties": {"l": {"type": "array"}}})
        ),
        ["ON2"]
    );
    // O2, O3: strict needs closed objects and every key required (kevinwatt/mysql-mcp#5).
    let open =
        json!({"type": "object", "properties": {"q": {"type": "string"}, "p": {"type": "string"}}, "required": ["q"]});
    assert_eq!(rules("openai-strict", &open), ["O2", "O3"]);
    assert!(rules(
        "openai-strict",
        &json!({"type": "object", "properties": {}, "additionalProperties": false, "patternProperties": {"x": {}}})
    )
    .contains(&"O6"));
    // CC2, CC3: refs fail to register in Claude Code; records become closed.
    let with_ref =
        json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}}, "$defs": {"T": {"type": "string"}}});
    assert!(rules("claude-code", &with_ref).contains(&"CC2"));
    assert!(rules("anthropic", &with_ref).is_empty());
    assert!(rules(
        "claude-code",
        &json!({"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {}}}})
    )
    .contains(&"CC3"));
    // A4 / M-REF: a dangling ref.
    assert!(rules(
        "anthropic",
        &json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/Nope"}}})
    )
    .contains(&"A4"));
    // M1, M3: a non-object root; a boolean property schema (SDK v1's Zod check).
    assert_eq!(rules("mcp", &json!({"anyOf": [{"type": "object"}]})), ["M1"]);
    assert_eq!(
        rules("mcp", &json!({"type": "object", "properties": {"a": true}})),
        ["M3"]
    );
    // GJ2: a $ref with siblings.
    assert!(rules(
        "gemini-json",
        &json!({"type": "object", "properties": {"t": {"$ref": "#", "description": "x"}}})
    )
    .contains(&"GJ2"));
    // portable gathers every client but Gemini's parameters.
    assert!(rules("portable", &nested_any_of).contains(&"CU1"));
    assert!(!rules(
        "portable",
        &json!({"type": "object", "properties": {"dry-run": {"type": "boolean"}}})
    )
    .contains(&"G-KEY"));
}

fn fixture_dirs() -> Vec<(String, Value)> {
    common::zod_fixtures(None)
        .into_iter()
        .map(|(name, variant, schema)| (format!("{name} {variant}"), schema))
        .collect()
}

#[test]
fn the_mcp_profile_passes_the_mcp_checker_for_every_fixture() {
    let mut checked = 0;
    for (what, schema) in fixture_dirs() {
        let Ok(tool) = Tool::compile(&schema, &CompileOptions::default()) else {
            continue;
        };
        let emitted = tool.input_schema(&InputSchemaOptions::default()).unwrap();
        let found = clients::mcp(&emitted);
        assert!(found.is_empty(), "{what}: {found:?}");
        if tool.is_action_union() {
            let root: Vec<_> = clients::anthropic(&emitted)
                .into_iter()
                .filter(|v| v.rule == "A2")
                .collect();
            assert!(
                root.is_empty(),
                "{what}: the flat action union still has a root composition: {root:?}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 400, "{checked}");
}

/// Issue 10's bar: every fixture under every profile is emitted and passes
/// that client's checker, or is refused with every refusal coded and
/// located. The counts below keep the refusals from growing unnoticed.
#[test]
fn every_profile_emits_what_its_client_accepts_or_refuses_with_a_rule() {
    let mut refused: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let mut emitted = 0;
    for (what, schema) in fixture_dirs() {
        let Ok(tool) = Tool::compile(&schema, &CompileOptions::default()) else {
            continue;
        };
        for name in clients::CLIENTS {
            let client = Client::parse(name).unwrap();
            let options = InputSchemaOptions {
                client,
                actions_as: None,
            };
            let check = tool.check(client).unwrap();
            match tool.input_schema(&options) {
                Ok(out) => {
                    assert!(
                        check.ok && check.errors.is_empty(),
                        "{what} {name}: ok schema with errors"
                    );
                    let found = clients::check(name, &out);
                    assert!(found.is_empty(), "{what} under {name}: {found:?}\n{out:#}");
                    emitted += 1;
                }
                Err(err) => {
                    assert_eq!(err.code, Code::UnsupportedByClient, "{what} {name}: {err}");
                    assert!(!check.ok);
                    assert_eq!(err.findings, check.errors, "{what} {name}");
                    assert!(err.findings.iter().all(|f| f.code.is_error()), "{what} {name}: {err}");
                    *refused.entry(name).or_default() += 1;
                }
            }
        }
    }
    assert!(emitted >= 4000, "{emitted}");
    eprintln!("refused per profile: {refused:?}");
}

/// The same bar as above for `schema`, as a message when it fails.
fn each_client_accepts_or_a_rule_refuses(schema: &Value) -> Result<(), String> {
    let Ok(tool) = Tool::compile(schema, &CompileOptions::default()) else {
        return Ok(());
    };
    for name in clients::CLIENTS {
        let client = Client::parse(name).map_err(|e| e.to_string())?;
        let check = tool.check(client).map_err(|e| format!("{name}: check failed: {e}"))?;
        let options = InputSchemaOptions {
            client,
            actions_as: None,
        };
        match tool.input_schema(&options) {
            Ok(out) => {
                if !check.errors.is_empty() {
                    return Err(format!("{name}: emitted, yet check found {:?}", check.errors));
                }
                let found = clients::check(name, &out);
                if !found.is_empty() {
                    return Err(format!("{name}: {found:?}\n{out:#}"));
                }
            }
            Err(err) if err.code == Code::UnsupportedByClient && err.findings == check.errors => {}
            Err(err) => return Err(format!("{name}: {err} (check: {:?})", check.errors)),
        }
    }
    Ok(())
}

/// Leaves as Zod and hand-written schemas give them, with the keywords the
/// profiles rewrite: formats, patterns, bounds, `multipleOf`, `const`,
/// exclusive bounds, enums of several types, `null` in a type list.
fn generated_string() -> BoxedStrategy<Value> {
    (
        prop::option::of(prop::sample::select(&["email", "date-time", "uuid", "date", "uri"][..])),
        prop::option::of(prop::sample::select(&["^[a-z]+$", "[0-9]$", "^(a|b)"][..])),
        prop::option::of(0u8..4),
    )
        .prop_map(|(format, pattern, min)| {
            let mut node = json!({ "type": "string" });
            if let Some(format) = format {
                node["format"] = json!(format);
            }
            if let Some(pattern) = pattern {
                node["pattern"] = json!(pattern);
            }
            if let Some(min) = min {
                node["minLength"] = json!(min);
            }
            node
        })
        .boxed()
}

fn generated_leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        generated_string(),
        Just(json!({ "type": "integer", "minimum": -9_007_199_254_740_991_i64, "maximum": 9_007_199_254_740_991_i64 })),
        Just(json!({ "type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5 })),
        Just(json!({ "type": ["string", "null"], "maxLength": 3 })),
        Just(json!({ "type": "boolean", "default": true })),
        Just(json!({ "const": "fixed" })),
        Just(json!({ "enum": [1, 2, 3] })),
        Just(json!({ "enum": ["a", 1, null] })),
        Just(json!({ "type": "string", "not": { "const": "no" } })),
        Just(json!({})),
        Just(json!({ "type": ["string", "number", "boolean"] })),
        Just(json!({ "type": "string", "nullable": true, "description": "OpenAPI's null" })),
        Just(json!({ "type": "number", "minimum": 0, "exclusiveMinimum": true })),
        Just(json!({ "type": "string", "const": "tag", "default": "tag" })),
        Just(json!({ "type": "integer", "enum": [200, 404], "title": "Status" })),
        Just(json!({ "type": "string", "if": { "minLength": 2 }, "then": { "pattern": "^a" } })),
        Just(json!({ "enum": [{ "a": 1 }, [1], "x"] })),
        Just(json!({ "const": { "a": 1 } })),
        Just(json!({ "const": 5, "description": "five" })),
        Just(json!({ "enum": [null] })),
        Just(json!(true)),
    ]
    .boxed()
}

/// `allOf` as Zod writes it: an intersection of objects, of scalars, a
/// string with two regexes (`{ type, allOf: [{ pattern }, { pattern }] }`),
/// and members that disagree.
fn generated_all_of(inner: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![
        // Objects with keys of their own, or the same key saying the same
        // (members that give one key two types describe no value).
        (generated_object(inner.clone()), generated_object_of(inner.clone(), &["e", "f", "g"]))
            .prop_map(|(a, b)| json!({ "allOf": [a, b] })),
        (inner.clone(), any::<bool>()).prop_map(|(shared, closed)| {
            let second = if closed {
                json!({ "type": "object", "properties": { "k": shared.clone() }, "additionalProperties": false })
            } else {
                json!({ "type": "object", "properties": { "k": shared.clone() }, "required": ["k"] })
            };
            json!({ "allOf": [{ "type": "object", "properties": { "k": shared } }, second] })
        }),
        // Scalars that agree on a type (members that contradict each other,
        // an integer that must equal a string, describe no value and are
        // left out: no client has a way to say so).
        (generated_string(), generated_string()).prop_map(|(a, b)| json!({ "allOf": [a, b] })),
        (generated_string(), prop::sample::select(&["^a", "z$"][..]))
            .prop_map(|(a, pattern)| json!({ "allOf": [a, { "pattern": pattern }] })),
        Just(json!({ "type": "string", "allOf": [{ "pattern": "^a" }, { "pattern": "z$" }] })),
        Just(json!({ "allOf": [{ "type": "string", "enum": ["a", "b", "c"] }, { "enum": ["c", "b", "d"] }] })),
        Just(json!({ "allOf": [{ "type": "integer", "enum": [1, 2] }, { "enum": [2, 3], "description": "two" }] })),
        Just(json!({ "type": "string", "format": "email", "allOf": [{ "pattern": "^a" }, { "minLength": 3, "pattern": "z$" }] })),
        Just(json!({ "allOf": [{ "type": "integer", "minimum": 1 }, { "type": "number", "maximum": 10, "multipleOf": 2 }, { "multipleOf": 3 }] })),
        inner.prop_map(|member| json!({ "allOf": [member, { "description": "noted" }] })),
    ]
    .boxed()
}

fn generated_object(inner: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    generated_object_of(inner, &["a", "b", "c", "d"])
}

fn generated_object_of(inner: BoxedStrategy<Value>, keys: &'static [&'static str]) -> BoxedStrategy<Value> {
    (
        prop::collection::vec((prop::sample::select(keys), inner, any::<bool>()), 0..4),
        0..10usize,
    )
        .prop_map(|(props, additional)| {
            let mut properties = Map::new();
            let mut required = Vec::new();
            for (key, schema, must) in props {
                if must && !properties.contains_key(key) {
                    required.push(json!(key));
                }
                properties.insert(key.to_owned(), schema);
            }
            let mut node = json!({ "type": "object", "properties": properties, "required": required });
            match additional {
                1 => node["additionalProperties"] = json!(false),
                2 => node["additionalProperties"] = json!({ "type": "number" }),
                3 => node["additionalProperties"] = json!(true),
                4 => node["patternProperties"] = json!({ "^x-": { "type": "string" } }),
                5 => node["propertyNames"] = json!({ "pattern": "^[a-z]+$" }),
                6 => node["dependentRequired"] = json!({ "a": ["b"] }),
                7 => node["minProperties"] = json!(1),
                _ => {}
            }
            node
        })
        .boxed()
}

fn generated_node() -> BoxedStrategy<Value> {
    generated_leaf()
        .prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                inner
                    .clone()
                    .prop_map(|items| json!({ "type": "array", "items": items })),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| json!({ "type": "array", "prefixItems": [a, b] })),
                generated_object(inner.clone()),
                (prop::collection::vec(inner.clone(), 2..4), any::<bool>()).prop_map(|(branches, exclusive)| {
                    if exclusive {
                        json!({ "oneOf": branches })
                    } else {
                        json!({ "anyOf": branches })
                    }
                }),
                inner
                    .clone()
                    .prop_map(|member| json!({ "anyOf": [member, { "type": "null" }] })),
                generated_all_of(inner.clone()),
                inner
                    .clone()
                    .prop_map(|shared| json!({ "$ref": "#/$defs/Shared", "$defs": { "Shared": shared } })),
                // A recursive definition: a node whose `next` is itself.
                (generated_object(inner.clone()), any::<bool>()).prop_map(|(mut node, required)| {
                    node["properties"]["next"] = json!({ "$ref": "#/$defs/Node" });
                    if required {
                        node["required"]
                            .as_array_mut()
                            .into_iter()
                            .for_each(|r| r.push(json!("next")));
                    }
                    json!({ "$ref": "#/$defs/Node", "$defs": { "Node": node } })
                }),
                (inner.clone(), any::<bool>()).prop_map(|(items, closed)| if closed {
                    json!({ "type": "array", "prefixItems": [items], "items": false })
                } else {
                    json!({ "type": "array", "items": items, "uniqueItems": true, "minItems": 1 })
                }),
                inner.prop_map(
                    |schema| json!({ "anyOf": [schema, { "type": "null" }], "default": null, "description": "or null" })
                ),
            ]
        })
        .boxed()
}

/// 1,000 cases in `npm test`; `TOOLSHAPE_CLIENT_CASES=100000 cargo test
/// --release --test client_rules generated` is a long run.
fn cases() -> u32 {
    std::env::var("TOOLSHAPE_CLIENT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The fixtures' bar over generated schemas: a profile that emits
    /// something its client would refuse (an `allOf` left where none is
    /// taken, a keyword the client rejects) fails here whatever the Zod
    /// fixtures happen to hold.
    #[test]
    fn generated_schemas_are_emitted_as_each_client_accepts_or_refused_with_a_rule(root in generated_object(generated_node())) {
        let root = with_defs_at_root(root);
        if let Err(why) = each_client_accepts_or_a_rule_refuses(&root) {
            prop_assert!(false, "{root:#}\n{why}");
        }
    }
}

/// An action union as Zod writes `z.discriminatedUnion("action", [...])`
/// at the root, or a plain union of objects: every profile flattens it or
/// keeps it where its client takes a root union.
fn generated_root_union() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec(generated_object(generated_node()), 2..4),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(branches, tagged, exclusive)| {
            let branches: Vec<Value> = branches
                .into_iter()
                .enumerate()
                .map(|(i, mut branch)| {
                    if tagged {
                        branch["properties"]["action"] = json!({ "type": "string", "const": format!("act{i}") });
                        if let Some(required) = branch["required"].as_array_mut() {
                            required.push(json!("action"));
                        }
                    }
                    branch
                })
                .collect();
            let keyword = if exclusive { "oneOf" } else { "anyOf" };
            let mut root = json!({ "type": "object" });
            root[keyword] = Value::Array(branches);
            root
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases() / 2))]

    #[test]
    fn generated_root_unions_are_emitted_as_each_client_accepts_or_refused_with_a_rule(root in generated_root_union()) {
        let root = with_defs_at_root(root);
        if let Err(why) = each_client_accepts_or_a_rule_refuses(&root) {
            prop_assert!(false, "{root:#}\n{why}");
        }
    }
}

/// `$defs` the generators write inside a property, gathered at the root,
/// where a `$ref` finds them.
fn with_defs_at_root(mut root: Value) -> Value {
    let mut defs = Map::new();
    gather_defs(&mut root, &mut defs);
    if !defs.is_empty() {
        root["$defs"] = Value::Object(defs);
    }
    root
}

fn gather_defs(node: &mut Value, defs: &mut Map<String, Value>) {
    match node {
        Value::Object(map) => {
            if let Some(Value::Object(found)) = map.remove("$defs") {
                for (name, mut schema) in found {
                    gather_defs(&mut schema, defs);
                    defs.entry(name).or_insert(schema);
                }
            }
            for value in map.values_mut() {
                gather_defs(value, defs);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| gather_defs(item, defs)),
        _ => {}
    }
}

/// gemini-json: a cycle through a required property is refused (Gemini
/// unrolls cycles only through optional ones); entering a recursive
/// definition through a required property is fine.
#[test]
fn gemini_json_refuses_only_a_cycle_no_optional_key_breaks() {
    let required_cycle = json!({
        "type": "object",
        "properties": {"head": {"$ref": "#/$defs/Node"}},
        "required": ["head"],
        "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}, "required": ["next"]}}
    });
    let tool = Tool::compile(&required_cycle, &CompileOptions::default()).unwrap();
    let check = tool.check(Client::GeminiJson).unwrap();
    assert_eq!(check.errors.len(), 1, "{check:?}");
    assert!(check.errors[0].pointer.starts_with("/$defs/"), "{check:?}");
    let optional_cycle = json!({
        "type": "object",
        "properties": {"head": {"$ref": "#/$defs/Node"}},
        "required": ["head"],
        "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}}
    });
    let tool = Tool::compile(&optional_cycle, &CompileOptions::default()).unwrap();
    assert!(tool.check(Client::GeminiJson).unwrap().ok);
}
