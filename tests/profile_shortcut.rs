//! The shortcut a profile takes for a plain schema it would leave alone or
//! rewrite only in ways the Shape writer knows (`profile::direct`): the
//! text written straight from the Shape, without the tree rewrite.
//! Property: for generated schemas, every client's text is the text of the
//! profile's own tree, and the schema is refused exactly when `check`
//! (which always writes the tree) finds errors. A rule the shortcut forgot
//! shows up as a difference here.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use toolshape::emit::{Moves, Style};
use toolshape::{profile, Client, CompileOptions, InputSchemaOptions, Tool};

fn options(client: Client) -> InputSchemaOptions {
    InputSchemaOptions {
        client,
        actions_as: None,
    }
}

/// The text the tool hands out for `client` agrees with the profile's tree.
fn agrees(tool: &Tool, client: Client) -> Result<(), String> {
    let text = tool.input_schema_text(&options(client));
    let check = tool.check(client).unwrap();
    match text {
        Ok(text) => {
            if !check.ok {
                return Err(format!(
                    "{}: handed out a schema check refuses: {:?}",
                    client.name(),
                    check.errors
                ));
            }
            let tree = serde_json::to_string(&tool.input_schema(&options(client)).unwrap()).unwrap();
            if text != tree {
                return Err(format!("{}:\n  handed {text}\n  tree   {tree}", client.name()));
            }
        }
        Err(error) if check.ok => return Err(format!("{}: refused what check accepts: {error:?}", client.name())),
        Err(_) => {}
    }
    Ok(())
}

fn compiled(schema: &Value) -> Tool {
    Tool::compile(schema, &CompileOptions::default()).unwrap()
}

/// Every client's text agrees with its tree, for a schema that compiles.
fn every_client_agrees(schema: &Value) -> Result<(), String> {
    let Ok(tool) = Tool::compile(schema, &CompileOptions::default()) else {
        return Ok(());
    };
    Client::ALL
        .iter()
        .try_for_each(|client| agrees(&tool, *client).map_err(|difference| format!("{schema}\n{difference}")))
}

/// An object of generated properties, each required when its flag says so;
/// a key given twice keeps its first schema.
fn object_of<'k>(props: impl IntoIterator<Item = (&'k str, Value, bool)>) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (key, node, must) in props {
        if properties.insert(key.to_owned(), node).is_none() && must {
            required.push(json!(key));
        }
    }
    json!({ "type": "object", "properties": properties, "required": required })
}

/// `oneOf` or `anyOf` of `branches`.
fn union_of(branches: Vec<Value>, exclusive: bool) -> Value {
    let keyword = if exclusive { "oneOf" } else { "anyOf" };
    Value::Object(Map::from_iter([(keyword.to_owned(), Value::Array(branches))]))
}

/// Generated fields as the properties `f0`, `f1`, ...
fn fields(fields: Vec<Value>) -> Map<String, Value> {
    fields
        .into_iter()
        .enumerate()
        .map(|(i, f)| (format!("f{i}"), f))
        .collect()
}

/// The style `client`'s text is written in straight from the Shape.
fn direct(schema: &Value, client: Client) -> Option<Style> {
    profile::direct(compiled(schema).schema(), client)
}

/// Whether `client` hands out the mcp text itself.
fn shortcut(schema: &Value, client: Client) -> bool {
    direct(schema, client) == Some(Style::PLAIN)
}

/// A const made a one-value enum at the end of its node.
const CONST_AS_ENUM: Style = Style {
    const_as_enum: true,
    ..Style::PLAIN
};

#[test]
fn a_plain_object_of_scalars_takes_the_shortcut_for_every_client_but_the_strict_ones() {
    let schema = json!({
        "type": "object",
        "properties": {
            "name": { "type": "string", "minLength": 1, "description": "who" },
            "count": { "type": "integer", "minimum": 0, "default": 3 },
            "mode": { "type": "string", "enum": ["fast", "slow"] },
            "tags": { "type": "array", "items": { "type": "string" } },
            "nested": { "type": "object", "properties": { "on": { "type": "boolean" } }, "required": ["on"] }
        },
        "required": ["name"]
    });
    for client in Client::ALL {
        assert_eq!(
            shortcut(&schema, *client),
            !matches!(client, Client::OpenaiStrict | Client::AnthropicStrict),
            "{}",
            client.name()
        );
        agrees(&compiled(&schema), *client).unwrap();
    }
    // openai-strict only closes it: written straight from the Shape too.
    assert_eq!(direct(&schema, Client::OpenaiStrict), Some(STRICT));
    // Claude's strict tool use closes it and moves the bounds into the
    // descriptions: from the Shape too.
    assert_eq!(direct(&schema, Client::AnthropicStrict), Some(SHUT));
    let text = compiled(&schema)
        .input_schema_text(&options(Client::AnthropicStrict))
        .unwrap();
    assert!(text.contains(r#""description":"who\n\n{minLength: 1}""#), "{text}");
    assert!(text.contains(r#""default":3,"description":"{minimum: 0}""#), "{text}");
}

#[test]
fn claude_strict_limits_send_a_tool_over_them_the_long_way_to_be_refused() {
    let optional = |count: usize, nullable: bool| {
        let field = if nullable {
            json!({ "type": ["string", "null"] })
        } else {
            json!({ "type": "string" })
        };
        json!({ "type": "object", "properties": fields(vec![field; count]) })
    };
    // 24 optional parameters, 16 with a type list: at the limits.
    let mut at = optional(24, false);
    for i in 0..16 {
        at["properties"][format!("f{i}")] = json!({ "type": ["string", "null"] });
    }
    assert_eq!(direct(&at, Client::AnthropicStrict), Some(SHUT));
    agrees(&compiled(&at), Client::AnthropicStrict).unwrap();
    for over in [optional(25, false), optional(17, true)] {
        assert_eq!(direct(&over, Client::AnthropicStrict), None);
        let check = compiled(&over).check(Client::AnthropicStrict).unwrap();
        assert!(!check.ok, "{over}");
        agrees(&compiled(&over), Client::AnthropicStrict).unwrap();
    }
}

#[test]
fn claude_strict_moves_a_pattern_it_cannot_compile_and_leaves_out_zods_own() {
    let with = |pattern: Value| json!({ "type": "object", "properties": { "a": { "type": "string", "format": "email", "pattern": pattern } } });
    // Zod's hostname pattern looks ahead, but is left out beside the format.
    let zods = json!({ "type": "object", "properties": { "a": { "type": "string", "format": "hostname", "pattern": zod_pattern("hostname").unwrap() } } });
    assert!(direct(&zods, Client::AnthropicStrict).is_some());
    agrees(&compiled(&zods), Client::AnthropicStrict).unwrap();
    // One it compiles is written as is; one it cannot is moved into the
    // description; from the Shape either way.
    for (pattern, moved) in [("^[a-z]+@x\\.com$", false), ("^(?!x)[a-z]+@x\\.com$", true)] {
        let own = with(json!(pattern));
        assert_eq!(direct(&own, Client::AnthropicStrict), Some(SHUT), "{pattern}");
        let text = compiled(&own)
            .input_schema_text(&options(Client::AnthropicStrict))
            .unwrap();
        assert_eq!(text.contains("\"description\":\"{pattern: "), moved, "{text}");
        agrees(&compiled(&own), Client::AnthropicStrict).unwrap();
    }
}

/// openai-strict's style: closed, the formats it refuses left out.
const STRICT: Style = Style {
    formats: Some(profile::OPENAI_STRICT_FORMATS),
    ..Style::CLOSED
};

/// anthropic-strict's style: closed, what its grammar refuses moved into
/// the description (any `Moves` compares equal).
const SHUT: Style = Style {
    shut: true,
    formats: Some(profile::ANTHROPIC_STRICT_FORMATS),
    moves: Some(Moves(|_, _| false)),
    ..Style::PLAIN
};

#[test]
fn a_recursive_tree_is_closed_straight_from_the_shape() {
    // Zod's z.lazy tree, as z.toJSONSchema writes it.
    let schema = json!({
        "type": "object",
        "properties": { "root": { "$ref": "#/$defs/__schema0" } },
        "required": ["root"],
        "$defs": { "__schema0": {
            "type": "object",
            "properties": { "name": { "type": "string" }, "children": { "type": "array", "items": { "$ref": "#/$defs/__schema0" } } },
            "required": ["name"]
        } }
    });
    let tool = compiled(&schema);
    assert_eq!(direct(&schema, Client::OpenaiStrict), Some(STRICT));
    agrees(&tool, Client::OpenaiStrict).unwrap();
    // Gemini's JSON mode keeps it as it is: no required property refers back.
    assert_eq!(direct(&schema, Client::GeminiJson), Some(Style::PLAIN));
    agrees(&tool, Client::GeminiJson).unwrap();
    // A required property referring back inside the definition is refused,
    // a title beside a reference is stripped: both the long way.
    let mut required = schema.clone();
    required["$defs"]["__schema0"]["properties"]["next"] = json!({ "$ref": "#/$defs/__schema0" });
    required["$defs"]["__schema0"]["required"] = json!(["name", "next"]);
    let mut titled = schema.clone();
    titled["properties"]["root"]["title"] = json!("Root");
    for changed in [&required, &titled] {
        assert_eq!(direct(changed, Client::GeminiJson), None, "{changed}");
        agrees(&compiled(changed), Client::GeminiJson).unwrap();
    }
    assert!(!compiled(&required).check(Client::GeminiJson).unwrap().ok);
}

#[test]
fn openai_strict_takes_the_long_way_past_its_nesting_limit() {
    let mut schema = json!({ "type": "string" });
    for depth in 0..12 {
        schema = json!({ "type": "object", "properties": { "a": schema } });
        let tool = compiled(&schema);
        // Eleven levels of properties under the root are one too many.
        assert_eq!(
            direct(&schema, Client::OpenaiStrict) == Some(STRICT),
            depth < 10,
            "depth {depth}"
        );
        agrees(&tool, Client::OpenaiStrict).unwrap();
    }
    assert!(!compiled(&schema).check(Client::OpenaiStrict).unwrap().ok);
}

#[test]
fn what_a_client_rewrites_takes_the_long_way() {
    let with = |field: Value| json!({ "type": "object", "properties": { "a": field } });
    let cases = [
        // A nullable object: Gemini writes `nullable`, Cursor drops the
        // null, on the tree (a nullable scalar, by their rule for one node:
        // see below); OpenAI keeps it.
        (
            with(json!({ "type": ["object", "null"], "properties": {} })),
            &[Client::Gemini, Client::Cursor, Client::Portable][..],
            &[Client::Openai, Client::GeminiJson][..],
        ),
        // Numeric enums are stringified.
        (
            with(json!({ "enum": [1, 2] })),
            &[Client::Cursor, Client::Gemini],
            &[Client::Anthropic, Client::Vscode],
        ),
        // Gemini removes additionalProperties, even false.
        (
            json!({ "type": "object", "properties": {}, "additionalProperties": false }),
            &[Client::Gemini],
            &[Client::ClaudeCode, Client::Portable],
        ),
        // An open record is spelled out for Claude Code.
        (
            json!({ "type": "object", "properties": {}, "additionalProperties": {} }),
            &[Client::ClaudeCode, Client::Portable],
            &[],
        ),
        // Arrays get items.
        (
            with(json!({ "type": "array" })),
            &[Client::Openai, Client::Vscode, Client::Cursor],
            &[],
        ),
        // Key rules.
        (
            with(json!({ "type": "string" }))
                .pointer("/properties/a")
                .map(|a| json!({ "type": "object", "properties": { "a+b": a } }))
                .unwrap(),
            &[Client::Anthropic, Client::Gemini, Client::Portable],
            &[Client::Cursor, Client::Openai],
        ),
        (
            json!({ "type": "object", "properties": { "1a": { "type": "string" } } }),
            &[Client::Gemini],
            &[Client::Anthropic],
        ),
    ];
    for (schema, long, short) in cases {
        for client in long {
            assert!(
                direct(&schema, *client).is_none(),
                "{} should take the long way for {schema}",
                client.name()
            );
        }
        for client in short {
            assert!(
                shortcut(&schema, *client),
                "{} should take the shortcut for {schema}",
                client.name()
            );
        }
        for client in Client::ALL {
            agrees(&compiled(&schema), *client).unwrap();
        }
    }
}

#[test]
fn a_union_field_is_handed_out_as_written_by_the_clients_that_leave_it_alone() {
    // z.object({ auth: z.discriminatedUnion("type", [...]) }), as Zod writes it.
    let branch = |tag: &str, key: &str| {
        json!({
            "type": "object",
            "properties": { "type": { "type": "string", "const": tag }, key: { "type": "string" } },
            "required": ["type", key]
        })
    };
    let schema = json!({
        "type": "object",
        "properties": { "auth": { "oneOf": [branch("token", "token"), branch("basic", "user")] } },
        "required": ["auth"]
    });
    let tool = compiled(&schema);
    for client in Client::ALL {
        let expected = match client {
            // Cursor and portable join it into one object, the tags one enum.
            Client::Cursor | Client::Portable => Some(Style {
                join: true,
                ..CONST_AS_ENUM
            }),
            // Strict mode closes it, `oneOf` as `anyOf`.
            Client::OpenaiStrict => Some(STRICT),
            Client::AnthropicStrict => Some(Style { any_of: true, ..SHUT }),
            // Gemini writes `anyOf` and the tags as one-value enums.
            Client::Gemini => Some(Style {
                any_of: true,
                ..CONST_AS_ENUM
            }),
            // Gemini's JSON mode rewrites only the tags.
            Client::GeminiJson => Some(CONST_AS_ENUM),
            _ => Some(Style::PLAIN),
        };
        assert_eq!(direct(&schema, *client), expected, "{}", client.name());
        agrees(&tool, *client).unwrap();
    }
    // Anything beside Gemini's anyOf is moved or dropped: the long way.
    let mut described = schema.clone();
    described["properties"]["auth"]["description"] = json!("how to sign in");
    assert_eq!(direct(&described, Client::Gemini), None);
    agrees(&compiled(&described), Client::Gemini).unwrap();
}

#[test]
fn a_const_is_written_as_a_one_value_enum() {
    let with = |field: Value| json!({ "type": "object", "properties": { "a": field } });
    let last = with(json!({ "description": "tag", "type": "string", "const": "x" }));
    for client in [Client::Cursor, Client::Portable, Client::GeminiJson, Client::Gemini] {
        assert_eq!(direct(&last, client), Some(CONST_AS_ENUM), "{}", client.name());
        assert_eq!(
            compiled(&last).input_schema_text(&options(client)).unwrap(),
            r#"{"type":"object","properties":{"a":{"description":"tag","type":"string","enum":["x"]}}}"#
        );
    }
    assert_eq!(direct(&last, Client::Openai), Some(Style::PLAIN));
    // With keys after the const, the profile moves the last of them into
    // its place: the long way.
    let followed = with(json!({ "type": "string", "const": "x", "minLength": 1, "default": "x" }));
    assert_eq!(direct(&followed, Client::GeminiJson), None);
    for schema in [&last, &followed] {
        for client in Client::ALL {
            agrees(&compiled(schema), *client).unwrap();
        }
    }
}

#[test]
fn cursor_and_portable_drop_a_scalars_null_by_their_own_rule() {
    let schema = json!({ "type": "object", "properties": {
        "a": { "description": "maybe", "type": ["string", "null"], "minLength": 1 },
        "b": { "type": ["string", "null"], "enum": ["x", "y", null] },
        "c": { "type": "string", "const": "k", "default": "k" }
    } });
    let leaves = Style {
        leaves: true,
        ..Style::PLAIN
    };
    for client in [Client::Cursor, Client::Portable] {
        assert_eq!(direct(&schema, client), Some(leaves), "{}", client.name());
        assert_eq!(
            compiled(&schema).input_schema_text(&options(client)).unwrap(),
            r#"{"type":"object","properties":{"a":{"description":"maybe","type":"string","minLength":1},"b":{"type":"string","enum":["x","y"]},"c":{"type":"string","default":"k","enum":["k"]}}}"#
        );
        agrees(&compiled(&schema), client).unwrap();
    }
    // A numeric enum is written as strings, refused where two look alike;
    // a reference in a subschema beside a scalar is named only in the
    // whole document: both the long way.
    let numeric =
        json!({ "type": "object", "properties": { "n": { "type": ["integer", "null"], "enum": [1, null] } } });
    let referring = json!({
        "type": "object",
        "properties": { "n": { "type": ["string", "null"], "not": { "$ref": "#/$defs/Node" } }, "tree": { "$ref": "#/$defs/Node" } },
        "$defs": { "Node": { "type": "object", "properties": { "next": { "$ref": "#/$defs/Node" } } } }
    });
    for schema in [&numeric, &referring] {
        assert_eq!(direct(schema, Client::Cursor), None, "{schema}");
        agrees(&compiled(schema), Client::Cursor).unwrap();
    }
}

#[test]
fn gemini_writes_the_scalars_it_rewrites_by_its_own_rule() {
    let with = |field: Value| json!({ "type": "object", "properties": { "a": field, "b": { "type": "string" } } });
    let leaves = Style {
        leaves: true,
        ..Style::PLAIN
    };
    for (field, written) in [
        // `nullable` appended, the format removed (the last key moves into its place).
        (
            json!({ "type": ["string", "null"], "format": "email", "pattern": "@" }),
            r#"{"type":"string","nullable":true,"pattern":"@"}"#,
        ),
        // An exclusive bound as the inclusive one next to it, after the default.
        (
            json!({ "type": "integer", "exclusiveMinimum": 0, "default": 1 }),
            r#"{"type":"integer","default":1,"minimum":1}"#,
        ),
        // A const with keys after it: the enum at the end.
        (
            json!({ "type": "string", "const": "x", "minLength": 1, "default": "x" }),
            r#"{"type":"string","default":"x","minLength":1,"enum":["x"]}"#,
        ),
        // Examples as one example, a keyword outside Gemini's Schema removed.
        (
            json!({ "type": "number", "multipleOf": 5, "examples": [10, 20] }),
            r#"{"type":"number","example":10}"#,
        ),
    ] {
        let schema = with(field.clone());
        assert_eq!(direct(&schema, Client::Gemini), Some(leaves), "{field}");
        let text = compiled(&schema).input_schema_text(&options(Client::Gemini)).unwrap();
        let expected = format!(r#"{{"type":"object","properties":{{"a":{written},"b":{{"type":"string"}}}}}}"#);
        assert_eq!(text, expected);
        agrees(&compiled(&schema), Client::Gemini).unwrap();
    }
    // A numeric enum would be stringified and may be refused: the long way.
    assert_eq!(
        direct(
            &with(json!({ "type": ["integer", "null"], "enum": [1, 2, null] })),
            Client::Gemini
        ),
        None
    );
}

#[test]
fn the_mcp_text_already_written_is_the_one_handed_out() {
    let tool = compiled(&json!({ "type": "object", "properties": { "a": { "type": "string" } } }));
    let mcp = tool.input_schema_text(&options(Client::Mcp)).unwrap();
    assert_eq!(tool.input_schema_text(&options(Client::Cursor)).unwrap(), mcp);
    // Warnings still come from the profile's own walk.
    let vscode = compiled(&json!({ "type": "object", "properties": { "a": { "type": "string", "minLength": 2 } } }));
    assert_eq!(profile::direct(vscode.schema(), Client::Vscode), Some(Style::PLAIN));
    let check = vscode.check(Client::Vscode).unwrap();
    assert!(check.ok);
    assert_eq!(check.warnings.len(), 1, "{check:?}");
}

/// A profile that leaves a plain schema as it is holds the mcp text and
/// tape themselves, not copies (a proxy keeps a schema per client for a
/// thousand tools), whichever client asks first.
#[test]
fn a_profile_that_changes_nothing_shares_the_mcp_text_and_tape() {
    let schema = json!({ "type": "object", "properties": { "a": { "type": "string" }, "b": { "type": "number" } } });
    let same = [Client::ClaudeCode, Client::Cursor, Client::Openai];
    for first in [Client::Mcp, Client::ClaudeCode] {
        let tool = compiled(&schema);
        let (text, tape) = tool.input_schema_taped(&options(first)).unwrap();
        assert!(!tape.is_empty());
        for client in std::iter::once(Client::Mcp).chain(same) {
            assert_eq!(direct(&schema, client), Some(Style::PLAIN), "{}", client.name());
            let (other_text, other_tape) = tool.input_schema_taped(&options(client)).unwrap();
            assert!(std::ptr::eq(text, other_text), "{} copied the text", client.name());
            assert!(std::ptr::eq(tape, other_tape), "{} copied the tape", client.name());
        }
        // A profile that rewrites the schema has its own.
        let (strict, _) = tool.input_schema_taped(&options(Client::OpenaiStrict)).unwrap();
        assert_ne!(strict, text);
    }
}

const KEYS: &[&str] = &["alpha", "b_2", "max-retries", "a+b", "1st", "x.y", "é", "__proto__"];

/// The pattern Zod writes beside `format` (from the `format-patterns`
/// fixture's `email`, `id`, `ref` and `at`), which client profiles leave
/// out beside a format they keep; `z.url()` writes none.
fn zod_pattern(format: &str) -> Option<Value> {
    let fixture: Value = serde_json::from_str(include_str!("fixtures/zod/format-patterns.json")).unwrap();
    let key = match format {
        "email" => "email",
        "uuid" => "id",
        "cuid" => "ref",
        // Zod's hostname pattern looks ahead, which Claude's strict grammar cannot compile.
        "hostname" => "host",
        "uri" => return None,
        _ => "at",
    };
    Some(fixture["variants"]["draft-2020-12/input"]["properties"][key]["pattern"].clone())
}

fn leaf() -> impl Strategy<Value = Value> {
    let string = (
        // `uri` and `cuid`: formats openai-strict removes.
        prop::option::of(prop::sample::select(
            &["email", "date-time", "uuid", "uri", "cuid", "hostname"][..],
        )),
        prop::option::of(0u8..4),
        // "look": a pattern Claude's strict tool use cannot compile.
        prop::sample::select(&[None, Some("zod"), Some("own"), Some("look")][..]),
        prop::bool::ANY,
    )
        .prop_map(|(format, min, pattern, nullable)| {
            // A nullable one is a leaf Cursor, portable and Gemini rewrite by their own rule.
            let mut node = if nullable {
                json!({ "type": ["string", "null"] })
            } else {
                json!({ "type": "string" })
            };
            if let Some(format) = format {
                node["format"] = json!(format);
                match pattern {
                    Some("zod") => {
                        if let Some(pattern) = zod_pattern(format) {
                            node["pattern"] = pattern;
                        }
                    }
                    Some("look") => node["pattern"] = json!("^(?!x)[a-z]"),
                    Some(_) => node["pattern"] = json!("^[a-z]"),
                    None => {}
                }
            }
            if let Some(min) = min {
                node["minLength"] = json!(min);
            }
            node
        });
    prop_oneof![
        string,
        Just(json!({ "type": "number", "minimum": 0 })),
        Just(json!({ "type": "integer", "exclusiveMinimum": 0 })),
        Just(json!({ "type": "boolean", "default": false })),
        Just(json!({ "type": "string", "enum": ["only"], "minLength": 1, "default": "only" })),
        Just(json!({ "type": ["string", "null"] })),
        Just(json!({ "type": "null" })),
        Just(json!({})),
        prop::collection::vec(
            prop_oneof![
                Just(json!("a")),
                Just(json!("b")),
                Just(json!(1)),
                Just(json!(true)),
                Just(Value::Null)
            ],
            1..4
        )
        .prop_map(|values| json!({ "enum": values })),
        Just(json!({ "type": "string", "description": "text", "examples": ["x"] })),
        Just(json!({ "anyOf": [{ "type": "string" }, { "type": "number" }] })),
    ]
}

fn node() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                (inner.clone(), any::<bool>()).prop_map(|(items, with)| if with {
                    json!({ "type": "array", "items": items })
                } else {
                    json!({ "type": "array" })
                }),
                object(inner.clone()),
                union(inner),
            ]
        })
        .boxed()
}

/// A union below the root: `anyOf` or `oneOf` of generated branches, or a
/// discriminated union of objects tagged by a `const` (Zod's
/// `z.discriminatedUnion`), with a description, a `null` branch, a
/// default, a constraint written after it, or any of them.
fn union(inner: impl Strategy<Value = Value> + Clone) -> impl Strategy<Value = Value> {
    let tagged = prop::collection::vec(object(inner.clone()), 2..4).prop_map(|objects| {
        let branches: Vec<Value> = objects
            .into_iter()
            .enumerate()
            .map(|(i, mut branch)| {
                branch["properties"]["kind"] = json!({ "type": "string", "const": format!("k{i}") });
                branch["required"].as_array_mut().unwrap().push(json!("kind"));
                branch
            })
            .collect();
        json!({ "oneOf": branches })
    });
    let plain = (prop::collection::vec(inner, 2..4), any::<bool>())
        .prop_map(|(branches, exclusive)| union_of(branches, exclusive));
    (
        prop_oneof![tagged, plain],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(mut union, described, nullable, defaulted, constrained)| {
            if nullable {
                union = json!({ "anyOf": [union, { "type": "null" }] });
            }
            if described {
                union["description"] = json!("one of several");
            }
            if defaulted {
                union["default"] = json!({});
            }
            if constrained {
                union["maxLength"] = json!(5);
            }
            union
        })
}

fn object(inner: impl Strategy<Value = Value>) -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((prop::sample::select(KEYS), inner, any::<bool>()), 0..4),
        0..4usize,
    )
        .prop_map(|(props, additional)| {
            let additional = [
                None,
                Some(json!(false)),
                Some(json!({})),
                Some(json!({ "type": "string" })),
            ]
            .into_iter()
            .nth(additional)
            .flatten();
            let mut node = object_of(props);
            if let Some(additional) = additional {
                node["additionalProperties"] = additional;
            }
            node
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn every_client_hands_out_its_own_tree(schema in object(node())) {
        if let Err(difference) = every_client_agrees(&schema) {
            prop_assert!(false, "{difference}");
        }
    }
}

/// A generated object as a recursive definition: its `next` refers back to
/// it, optional or required, with a description, a title or neither.
fn recursive() -> impl Strategy<Value = Value> {
    (object(node()), any::<bool>(), 0..3u8, any::<bool>(), any::<bool>()).prop_map(|(mut def, required, words, nullable, head)| {
        let mut next = json!({ "$ref": "#/$defs/Node" });
        match words {
            1 => next["description"] = json!("the next one"),
            2 => next["title"] = json!("Next"),
            _ => {}
        }
        if nullable {
            next = json!({ "anyOf": [next, { "type": "null" }] });
        }
        def["properties"]["next"] = next;
        if required {
            def["required"].as_array_mut().unwrap().push(json!("next"));
        }
        json!({
            "type": "object",
            "properties": { "head": { "$ref": "#/$defs/Node" }, "rest": { "type": "array", "items": { "$ref": "#/$defs/Node" } } },
            "required": if head { json!(["head", "rest"]) } else { json!(["rest"]) },
            "$defs": { "Node": def }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn recursive_schemas_too(schema in recursive()) {
        if let Err(difference) = every_client_agrees(&schema) {
            prop_assert!(false, "{difference}");
        }
    }
}

/// Leaves strict mode writes as they are, so that objects and unions of
/// them are closed straight from the Shape as often as not.
fn strict_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({ "type": "string", "minLength": 1 })),
        Just(json!({ "type": "integer", "minimum": 0 })),
        Just(json!({ "type": "string", "enum": ["a", "b"] })),
        Just(json!({ "type": "string", "const": "tag" })),
        Just(json!({ "type": "array", "items": { "type": "string" } })),
    ]
}

fn strict_node() -> BoxedStrategy<Value> {
    strict_leaf()
        .prop_recursive(3, 16, 3, |inner| prop_oneof![object(inner.clone()), union(inner)])
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn strict_mode_closes_objects_and_unions_as_its_tree_does(schema in object(strict_node())) {
        let Ok(tool) = Tool::compile(&schema, &CompileOptions::default()) else {
            return Ok(());
        };
        if let Err(difference) = agrees(&tool, Client::OpenaiStrict) {
            prop_assert!(false, "{schema}\n{difference}");
        }
    }
}

/// Leaves the Shape writer rewrites for Gemini and its JSON mode (a `const`
/// last in its node), or that send a schema the long way (a `const` with a
/// default after it, a nullable type, a format Gemini drops).
fn styled_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => Just(json!({ "type": "string", "const": "tag" })),
        4 => Just(json!({ "description": "the tag", "type": "string", "const": "tag" })),
        1 => Just(json!({ "type": "string", "const": "x", "default": "x" })),
        4 => Just(json!({ "type": "string", "enum": ["a", "b"] })),
        1 => Just(json!({ "type": "string", "format": "date-time" })),
        1 => Just(json!({ "type": "string", "format": "email" })),
        4 => Just(json!({ "type": "integer", "minimum": 0 })),
        1 => Just(json!({ "type": "array", "items": { "type": "string" } })),
        1 => Just(json!({ "type": ["string", "null"] })),
        1 => Just(json!({ "type": "integer", "exclusiveMinimum": 0, "default": 1 })),
        1 => Just(json!({ "type": "number", "multipleOf": 5, "examples": [10] })),
        1 => Just(json!({ "type": ["string", "null"], "enum": ["a", "b", null] })),
    ]
}

/// Objects with keys every client takes, and unions of two or more
/// branches, now and then described (Gemini moves a description into the
/// branches); unions of objects tagged by a `kind` (the same tag or
/// several, one value or two), some closed, which Cursor and portable join.
fn styled_node() -> BoxedStrategy<Value> {
    styled_leaf()
        .prop_recursive(3, 16, 3, |inner| {
            let object = prop::collection::vec(
                (
                    prop::sample::select(&["alpha", "b_2", "kind"][..]),
                    inner.clone(),
                    any::<bool>(),
                ),
                0..4,
            )
            .prop_map(object_of);
            let tag = prop_oneof![
                3 => Just(json!({ "type": "string", "const": "a" })),
                3 => Just(json!({ "type": "string", "const": "b" })),
                2 => Just(json!({ "type": "string", "enum": ["b", "c"] })),
                1 => Just(json!({ "type": "integer", "const": 1 })),
            ];
            let tagged = (
                prop::collection::vec((object.clone(), tag, any::<bool>(), prop::bool::weighted(0.3)), 2..4),
                any::<bool>(),
            )
                .prop_map(|(branches, exclusive)| {
                    let branches: Vec<Value> = branches
                        .into_iter()
                        .map(|(mut branch, tag, required, closed)| {
                            branch["properties"]["kind"] = tag;
                            if required {
                                branch["required"].as_array_mut().unwrap().push(json!("kind"));
                            }
                            if closed {
                                branch["additionalProperties"] = json!(false);
                            }
                            branch
                        })
                        .collect();
                    union_of(branches, exclusive)
                });
            let union = (
                prop::collection::vec(inner, 1..4),
                any::<bool>(),
                prop::bool::weighted(0.2),
            )
                .prop_map(|(branches, exclusive, described)| {
                    let mut union = union_of(branches, exclusive);
                    if described {
                        union["description"] = json!("one of several");
                    }
                    union
                });
            prop_oneof![2 => object, 1 => union, 2 => tagged]
        })
        .boxed()
}

/// Unions of tagged objects of leaves, which Cursor and portable join
/// straight from the Shape as often as not: shared keys with the same
/// schema or different ones, tags alike or not, open or closed branches.
fn tagged_root() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        4 => Just(json!({ "type": "string" })),
        2 => Just(json!({ "type": "integer", "minimum": 0 })),
        2 => Just(json!({ "type": "string", "enum": ["x", "y"] })),
        1 => Just(json!({ "type": "number" })),
        1 => Just(json!({ "type": "string", "const": "x", "default": "x" })),
    ];
    let tag = prop_oneof![
        3 => Just(json!({ "type": "string", "const": "a" })),
        3 => Just(json!({ "type": "string", "const": "b" })),
        2 => Just(json!({ "type": "string", "enum": ["b", "c"] })),
        1 => Just(json!({ "description": "the a tag", "type": "string", "const": "a" })),
        1 => Just(json!({ "type": "integer", "const": 1 })),
    ];
    let branch = (
        prop::collection::vec(
            (
                prop::sample::select(&["alpha", "b_2", "gamma"][..]),
                leaf,
                any::<bool>(),
            ),
            0..3,
        ),
        tag,
        any::<bool>(),
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.05),
    )
        .prop_map(|(props, tag, tag_required, closed, described)| {
            let mut node = object_of(std::iter::once(("kind", tag, tag_required)).chain(props));
            if closed {
                node["additionalProperties"] = json!(false);
            }
            if described {
                node["description"] = json!("a branch");
            }
            node
        });
    // Now and then a keyword every branch has (the join keeps it), or one
    // beside the union.
    let union =
        (prop::collection::vec(branch, 2..4), any::<bool>(), 0..16u8).prop_map(|(mut branches, exclusive, extra)| {
            if extra == 0 {
                for branch in &mut branches {
                    branch["minProperties"] = json!(1);
                }
            }
            let mut union = union_of(branches, exclusive);
            match extra {
                1 => union["description"] = json!("one of several"),
                2 => union["maxProperties"] = json!(3),
                _ => {}
            }
            union
        });
    prop::collection::vec(union, 1..3)
        .prop_map(|union_fields| json!({ "type": "object", "properties": fields(union_fields), "required": ["f0"] }))
}

fn styled_root() -> impl Strategy<Value = Value> {
    prop::collection::vec(styled_node(), 1..4)
        .prop_map(|styled| json!({ "type": "object", "properties": fields(styled) }))
}

#[test]
fn the_styled_generator_reaches_the_styled_writer() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = styled_root();
    let mut styled = [0usize; 5];
    for _ in 0..400 {
        let schema = strategy.new_tree(&mut runner).unwrap().current();
        for (count, client) in styled.iter_mut().zip([Client::Gemini, Client::GeminiJson]) {
            if direct(&schema, client).is_some_and(|style| style != Style::PLAIN) {
                *count += 1;
            }
        }
        if direct(&schema, Client::Gemini).is_some_and(|style| style.leaves) {
            styled[4] += 1;
        }
    }
    let strategy = tagged_root();
    for _ in 0..400 {
        let schema = strategy.new_tree(&mut runner).unwrap().current();
        for (count, client) in styled.iter_mut().skip(2).zip([Client::Cursor, Client::Portable]) {
            if direct(&schema, client).is_some_and(|style| style.join) {
                *count += 1;
            }
        }
    }
    assert!(styled.iter().all(|count| *count >= 40), "{styled:?} of 400");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn what_the_writer_rewrites_matches_each_profiles_tree(schema in prop_oneof![styled_root(), tagged_root()]) {
        if let Err(difference) = every_client_agrees(&schema) {
            prop_assert!(false, "{difference}");
        }
    }
}

#[test]
fn zods_pattern_is_left_out_of_the_leaves_a_profile_rewrites_too() {
    for format in ["email", "date-time"] {
        let field = json!({ "type": ["string", "null"], "format": format, "pattern": zod_pattern(format) });
        let schema = json!({ "type": "object", "properties": { "a": field, "b": { "type": "string" } } });
        for client in [Client::Cursor, Client::Portable, Client::Gemini] {
            assert!(
                direct(&schema, client).is_some_and(|style| style.leaves && style.zod_patterns),
                "{client:?} {format}"
            );
            agrees(&compiled(&schema), client).unwrap();
        }
    }
}
