//! The flag table: names, depth, JSON flags, repeatables, required and
//! default propagation, overrides, and every kind of collision.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{Code, CompileOptions, Tool};

/// A compiled tool, or why it has no command line: `compile` refuses bad
/// options, the command line keys that give no flag names.
fn tool(schema: &Value, options: &Value) -> Result<Tool, toolshape::Error> {
    let options = CompileOptions::from_json(&options.to_string())?;
    let tool = Tool::compile(schema, &options)?;
    match tool.command().refusal() {
        Some(reason) => Err(reason.clone()),
        None => Ok(tool),
    }
}

fn flags(schema: &Value, options: &Value) -> Vec<Value> {
    let tool = tool(schema, options).unwrap_or_else(|e| panic!("{e}"));
    tool.flags_json().unwrap().as_array().cloned().unwrap_or_default()
}

fn names(schema: &Value, options: &Value) -> Vec<String> {
    flags(schema, options)
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect()
}

#[allow(clippy::needless_pass_by_value)] // reads better at call sites with json! literals
fn obj(props: Value) -> Value {
    json!({"type": "object", "properties": props})
}

#[test]
fn nested_keys_join_and_kebab_case() {
    let schema = obj(json!({
        "maxRetries": {"type": "integer"},
        "config": obj(json!({"timeoutMs": {"type": "number"}, "dry-run": {"type": "boolean"}})),
    }));
    assert_eq!(
        names(&schema, &json!({})),
        ["max-retries", "config-timeout-ms", "config-dry-run"]
    );
    assert_eq!(
        names(&schema, &json!({"case": "preserve", "separator": "."})),
        ["maxRetries", "config.timeoutMs", "config.dry-run"]
    );
    let table = flags(&schema, &json!({}));
    assert_eq!(table[2]["path"], json!(["config", "dry-run"]));
}

#[test]
fn max_depth_and_flatten_decide_json_flags() {
    let leaf = json!({"type": "string"});
    let d = obj(json!({"leaf": leaf}));
    let c = obj(json!({"d": d}));
    let b = obj(json!({"c": c}));
    let a = obj(json!({"b": b}));
    let schema = obj(json!({"a": a}));
    let table = flags(&schema, &json!({}));
    assert_eq!(table.len(), 1);
    assert_eq!(table[0]["name"], "a-b-c-d");
    assert_eq!(table[0]["type"], "json");
    assert_eq!(table[0]["json"], true);
    assert_eq!(names(&schema, &json!({"maxDepth": 5})), ["a-b-c-d-leaf"]);
    assert_eq!(names(&schema, &json!({"flatten": false})), ["a"]);
    assert_eq!(names(&schema, &json!({"maxDepth": 0})), ["a"]);
}

#[test]
fn what_becomes_json_and_what_repeats() {
    let schema = obj(json!({
        "tags": {"type": "array", "items": {"type": "string"}},
        "ports": {"type": "array", "items": {"type": "integer"}},
        "levels": {"type": "array", "items": {"enum": ["a", "b"]}},
        "users": {"type": "array", "items": obj(json!({"id": {"type": "number"}}))},
        "point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}]},
        "headers": {"type": "object", "additionalProperties": {"type": "string"}},
        "id": {"anyOf": [{"type": "string"}, {"type": "number"}]},
        "any": {},
        "flags": {"type": "array", "items": {"type": "boolean"}},
        "maybe": {"type": ["array", "null"], "items": {"type": "string"}},
    }));
    let table = flags(&schema, &json!({}));
    let kind = |i: usize| {
        (
            table[i]["type"].as_str().unwrap().to_owned(),
            table[i].get("repeatable").is_some(),
        )
    };
    assert_eq!(kind(0), ("string".into(), true));
    assert_eq!(kind(1), ("integer".into(), true));
    assert_eq!(kind(2), ("enum".into(), true));
    assert_eq!(table[2]["choices"], json!(["a", "b"]));
    for (i, flag) in table.iter().enumerate().skip(3) {
        assert_eq!(kind(i), ("json".into(), false), "{}", flag["name"]);
    }
}

#[test]
fn required_only_when_every_parent_is_required() {
    let schema = json!({
        "type": "object",
        "properties": {
            "opt": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
            "req": {"type": "object", "properties": {"b": {"type": "string"}, "c": {"type": "string", "default": "x"}}, "required": ["b", "c"]},
            "flag": {"type": "boolean"},
            "sw": {"type": "boolean"},
        },
        "required": ["req", "sw"],
    });
    let table = flags(&schema, &json!({}));
    let required: Vec<bool> = table.iter().map(|f| f["required"].as_bool().unwrap()).collect();
    assert_eq!(required, [false, true, false, false, false]);
    assert_eq!(table[2]["default"], "x");
}

#[test]
fn defaults_come_from_the_parent_default_object() {
    let schema = obj(json!({
        "config": {
            "type": "object",
            "properties": {"timeout": {"type": "number"}, "retries": {"type": "integer", "default": 5}},
            "default": {"timeout": 30, "retries": 3},
        }
    }));
    let table = flags(&schema, &json!({}));
    assert_eq!(table[0]["default"], 30);
    assert_eq!(table[1]["default"], 5, "the child's own default wins");
}

#[test]
fn overrides_from_options_and_meta_with_options_winning() {
    let schema = obj(json!({
        "timeout": {"type": "number", "cli": {"short": "t", "description": "from meta", "env": "T"}},
        "verbose": {"type": "boolean", "cli": {"short": "v", "hidden": true}},
        "name": {"type": "string"},
    }));
    let options = json!({"flags": {"timeout": {"description": "from options"}, "name": {"name": "title", "short": "n"}}, "envPrefix": "APP"});
    let table = flags(&schema, &options);
    assert_eq!(table[0]["short"], "t");
    assert_eq!(table[0]["description"], "from options");
    assert_eq!(table[0]["env"], "T");
    assert_eq!(table[1]["hidden"], true);
    assert_eq!(table[2]["name"], "title");
    assert_eq!(table[2]["path"], json!(["name"]));
    assert_eq!(table[2]["env"], "APP_TITLE");
    let err = tool(&schema, &json!({"flags": {"timout": {}}})).err().unwrap();
    assert_eq!(err.code, Code::InvalidOption);
    assert!(err.message.contains("did you mean \"timeout\""), "{}", err.message);
    let err = tool(&schema, &json!({"flags": {"name": {"short": "ab"}}}))
        .err()
        .unwrap();
    assert_eq!(err.code, Code::InvalidOption);
}

fn collision(schema: &Value, options: &Value) -> String {
    match tool(schema, options) {
        Ok(_) => panic!("expected a collision for {schema}"),
        Err(e) => {
            assert_eq!(e.code, Code::FlagCollision, "{}", e.message);
            e.message.clone()
        }
    }
}

#[test]
fn collisions_are_refused_with_both_paths() {
    let message = collision(
        &obj(json!({"foo": obj(json!({"bar": {"type": "string"}})), "foo-bar": {"type": "string"}})),
        &json!({}),
    );
    assert!(
        message.contains(r#"["foo","bar"]"#) && message.contains(r#"["foo-bar"]"#),
        "{message}"
    );
    assert!(message.contains("options.flags"), "{message}");
    collision(
        &obj(json!({"maxRetries": {"type": "number"}, "max-retries": {"type": "number"}})),
        &json!({}),
    );
    let message = collision(
        &obj(json!({"color": {"type": "boolean"}, "no-color": {"type": "boolean"}})),
        &json!({}),
    );
    assert!(message.contains("negation"), "{message}");
    let deep = obj(
        json!({"a": obj(json!({"b": obj(json!({"c": obj(json!({"d": obj(json!({"x": {"type": "string"}}))}))}))}))}),
    );
    let mut with_leaf = deep.clone();
    with_leaf["properties"]["a-b-c-d"] = json!({"type": "string"});
    collision(&with_leaf, &json!({}));
    collision(
        &obj(json!({"a": {"type": "string"}, "b": {"type": "string"}})),
        &json!({"flags": {"a": {"short": "x"}, "b": {"short": "x"}}}),
    );
    collision(&obj(json!({"help": {"type": "boolean"}})), &json!({}));
    collision(
        &obj(json!({"host": {"type": "string", "cli": {"short": "h"}}})),
        &json!({}),
    );
    collision(
        &obj(json!({"a": {"type": "string"}, "b": {"type": "string"}})),
        &json!({"flags": {"b": {"name": "a"}}}),
    );
}

#[test]
fn a_collision_can_be_resolved_by_renaming() {
    let schema = obj(
        json!({"foo": obj(json!({"bar": {"type": "string"}})), "foo-bar": {"type": "string", "cli": {"name": "foobar"}}}),
    );
    assert_eq!(names(&schema, &json!({})), ["foo-bar", "foobar"]);
    // An option names flags by generated name, which two keys share here.
    let plain = obj(json!({"foo": obj(json!({"bar": {"type": "string"}})), "foo-bar": {"type": "string"}}));
    let err = tool(&plain, &json!({"flags": {"foo-bar": {"name": "foobar"}}}))
        .err()
        .unwrap();
    assert_eq!(err.code, Code::InvalidOption);
}

#[test]
fn keys_that_cannot_be_typed_need_a_name() {
    let schema = obj(json!({"has space": {"type": "string"}}));
    let err = tool(&schema, &json!({})).err().unwrap();
    assert_eq!(err.code, Code::InvalidFlagName);
    assert!(
        err.message.contains("options.flags[\"has space\"].name"),
        "{}",
        err.message
    );
    assert_eq!(
        names(&schema, &json!({"flags": {"has space": {"name": "has-space"}}})),
        ["has-space"]
    );
    let err = tool(&obj(json!({"a=b": {"type": "string"}})), &json!({}))
        .err()
        .unwrap();
    assert_eq!(err.code, Code::InvalidFlagName);
}

/// A proxy or an MCP server serves schemas whose keys make no command
/// line: `compile` succeeds, every other face works, and each
/// command-line call answers why there are no flags.
#[test]
fn keys_that_make_no_flags_refuse_the_command_line_not_the_tool() {
    use toolshape::{Client, InputSchemaOptions, UsageRequest};
    let env = &toolshape::no_env;
    for (schema, code) in [
        (
            obj(json!({"first name": {"type": "string"}, "age": {"type": "integer"}})),
            Code::InvalidFlagName,
        ),
        (
            obj(json!({"fooBar": {"type": "string"}, "foo-bar": {"type": "integer"}, "age": {"type": "integer"}})),
            Code::FlagCollision,
        ),
        (
            obj(json!({"help": {"type": "string"}, "age": {"type": "integer"}})),
            Code::FlagCollision,
        ),
    ] {
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap_or_else(|e| panic!("{schema}: {e}"));
        let reason = tool.command().refusal().cloned().unwrap();
        assert_eq!(reason.code, code, "{schema}");
        assert!(
            reason.message.ends_with("(inputSchema and repair work as it is)"),
            "{}",
            reason.message
        );
        // The other faces.
        let options = InputSchemaOptions {
            client: Client::OpenaiStrict,
            actions_as: None,
        };
        assert!(tool.input_schema(&options).is_ok(), "{schema}");
        assert_eq!(tool.repair(json!({"age": "3"})).value, json!({"age": 3}));
        // Every command-line call says why.
        assert_eq!(tool.parse_argv(&["--age", "3"], env).unwrap_err(), reason);
        assert_eq!(tool.to_argv(&json!({"age": 3})).unwrap_err(), reason);
        assert_eq!(
            tool.args_from_flag_values(&serde_json::Map::new(), env).unwrap_err(),
            reason
        );
        // Never an empty table, never the reason printed as usage: thrown.
        assert_eq!(tool.flags_json().unwrap_err(), reason);
        assert_eq!(tool.usage(&UsageRequest::default()).unwrap_err(), reason);
        assert_eq!(tool.complete(&["--"]).unwrap_err(), reason);
        assert_eq!(tool.parse_argv(&["--help"], env).unwrap_err(), reason);
        // check says so as the tool is defined, for every client, without failing it.
        for checked in [
            tool.check(Client::Mcp).unwrap(),
            toolshape::check(&schema, &[Client::Cursor]).unwrap().remove(0),
        ] {
            assert!(checked.ok);
            let finding = checked
                .warnings
                .iter()
                .find(|w| w.code == toolshape::error::FindingCode::NoCommandLine);
            assert_eq!(finding.map(|f| f.message.to_string()), Some(reason.message.clone()));
        }
        // In a command set the tool's word answers the reason; the others work.
        let mut set = toolshape::Commands::new(&toolshape::CommandsOptions::default()).unwrap();
        set.add("people", tool).unwrap();
        let plain = Tool::compile(&obj(json!({"q": {"type": "string"}})), &CompileOptions::default()).unwrap();
        set.add("search", plain).unwrap();
        let options = toolshape::ArgvOptions::default();
        assert_eq!(
            set.parse_argv(&["people", "--age", "3"], env, options).unwrap_err(),
            reason
        );
        assert_eq!(
            set.parse_argv(&["search", "--q", "x"], env, options)
                .unwrap()
                .parsed
                .data,
            json!({"q": "x"})
        );
    }
}

#[test]
fn nullable_and_enum_facts() {
    let schema = obj(json!({
        "note": {"type": ["string", "null"]},
        "mode": {"enum": ["a", "b", null]},
        "code": {"enum": [200, 404]},
    }));
    let table = flags(&schema, &json!({}));
    assert_eq!(table[0]["nullable"], true);
    assert_eq!(table[1]["choices"], json!(["a", "b"]));
    assert_eq!(table[1]["nullable"], true);
    assert_eq!(table[2]["type"], "enum");
}

/// Defect: this message carried a run of spaces from a broken line continuation.
#[test]
fn an_override_matching_two_paths_reads_cleanly() {
    let err = tool(
        &obj(json!({"a-b": {"type": "string"}, "aB": {"type": "string"}})),
        &json!({"flags": {"a-b": {"short": "x"}}}),
    )
    .unwrap_err();
    assert_eq!(err.code, toolshape::Code::InvalidOption);
    assert!(!err.message.contains("  "), "{}", err.message);
    assert!(
        err.message.contains("(the second is [\"aB\"]); rename one"),
        "{}",
        err.message
    );
}

#[test]
fn deprecated_comes_from_the_key_its_object_its_definition_or_an_override() {
    let schema = json!({
        "type": "object",
        "$defs": {"Old": {"type": "string", "deprecated": true}},
        "properties": {
            "host": {"type": "string"},
            "server": {"type": "string", "deprecated": true},
            "legacy": {"type": "object", "deprecated": true, "properties": {
                "mode": {"type": "string", "enum": ["a", "b"]}
            }},
            "alias": {"$ref": "#/$defs/Old"},
            "port": {"type": "integer", "cli": {"deprecated": true}},
            "kept": {"type": "string", "deprecated": true, "cli": {"deprecated": false}},
            "quiet": {"type": "boolean", "deprecated": false}
        }
    });
    let marked = |options: &Value| -> Vec<String> {
        flags(&schema, options)
            .iter()
            .filter(|f| f.get("deprecated").is_some_and(|d| d != &json!(false)))
            .map(|f| f["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(marked(&json!({})), ["server", "legacy-mode", "alias", "port"]);
    // Explicit options win over the meta and the schema, key by key.
    assert_eq!(
        marked(
            &json!({"flags": {"server": {"deprecated": false}, "host": {"deprecated": true}, "kept": {"deprecated": true}}})
        ),
        ["host", "legacy-mode", "alias", "port", "kept"]
    );
    assert!(
        flags(&schema, &json!({}))[0].get("deprecated").is_none(),
        "false is left out"
    );
    for bad in [json!(3), json!(""), json!("use\n--host")] {
        let error = tool(&schema, &json!({"flags": {"host": {"deprecated": bad}}}))
            .map(|_| ())
            .unwrap_err();
        assert_eq!(error.code, Code::InvalidOption);
        assert!(
            error
                .message
                .contains("\"deprecated\": expected true, false or a message"),
            "{}",
            error.message
        );
    }

    // Still parsed; usage says so; completion leaves them out, but completes a typed one's choices.
    let tool = tool(&schema, &json!({"name": "srv"})).unwrap();
    let parsed = tool
        .parse_argv(&["--server", "x", "--legacy-mode", "a"], &toolshape::no_env)
        .unwrap();
    assert_eq!(parsed.data, json!({"server": "x", "legacy": {"mode": "a"}}));
    let usage = tool
        .usage(&toolshape::UsageRequest {
            format: toolshape::Format::Text,
            width: 100,
            topic: None,
        })
        .unwrap();
    let line = |flag: &str| usage.lines().find(|l| l.contains(flag)).unwrap_or_default().to_owned();
    assert!(line("--server ").ends_with("[deprecated]"), "{usage}");
    assert!(line("--legacy-mode ").ends_with("[deprecated]"), "{usage}");
    assert!(!line("--host ").contains("deprecated"), "{usage}");
    assert!(!line("--kept ").contains("deprecated"), "{usage}");
    let offered: Vec<String> = tool.complete(&["--"]).unwrap().into_iter().map(|c| c.value).collect();
    assert_eq!(offered, ["--host", "--kept", "--quiet", "--no-quiet", "--help"]);
    let choices: Vec<String> = tool
        .complete(&["--legacy-mode", ""])
        .unwrap()
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert_eq!(choices, ["a", "b"]);

    // What argv uses that is deprecated: by any spelling, once, in table order; not after `--`.
    let named = |argv: &[&str]| -> Vec<String> {
        tool.deprecated_in(argv)
            .into_iter()
            .map(|used| used.flag.unwrap_or_default())
            .collect()
    };
    assert_eq!(
        named(&["--legacy-mode=a", "--server", "x", "--server=y"]),
        ["--server", "--legacy-mode"]
    );
    assert_eq!(named(&["--port", "1", "--kept", "k", "--host", "h"]), ["--port"]);
    assert!(tool.deprecated_in(&["--", "--server", "x"]).is_empty());
    // Argv the parse refuses: a flag left without its value names nothing, the others still count.
    assert!(tool.deprecated_in(&["--nope", "--server"]).is_empty());
    assert_eq!(named(&["--nope", "--server", "x"]), ["--server"]);
}

#[test]
fn a_deprecated_flag_may_say_what_to_use_instead() {
    let schema = json!({
        "type": "object",
        "properties": {
            "host": {"type": "string"},
            "server": {"type": "string", "deprecated": true, "cli": {"deprecated": "use --host"}},
            "port": {"type": "integer", "cli": {"deprecated": "use --host host:port"}},
            "old": {"type": "string", "deprecated": true}
        }
    });
    let listed = flags(&schema, &json!({}));
    let shown: Vec<&Value> = listed.iter().map(|f| &f["deprecated"]).collect();
    assert_eq!(
        shown,
        [
            &Value::Null,
            &json!("use --host"),
            &json!("use --host host:port"),
            &json!(true)
        ]
    );
    // An explicit value wins over the meta's, message and all, as every override key does.
    let over = flags(
        &schema,
        &json!({"flags": {"server": {"deprecated": "gone in 2.0"}, "port": {"deprecated": true}}}),
    );
    assert_eq!(over[1]["deprecated"], json!("gone in 2.0"));
    assert_eq!(over[2]["deprecated"], json!(true));

    let srv = tool(&schema, &json!({"name": "srv"})).unwrap();
    let usage = srv
        .usage(&toolshape::UsageRequest {
            format: toolshape::Format::Text,
            width: 120,
            topic: None,
        })
        .unwrap();
    let line = |flag: &str| usage.lines().find(|l| l.contains(flag)).unwrap_or_default().to_owned();
    assert!(line("--server ").ends_with("[deprecated: use --host]"), "{usage}");
    assert!(line("--old ").ends_with("[deprecated]"), "{usage}");
    let used = srv.deprecated_in(&["--old", "a", "--server", "b"]);
    assert_eq!(
        serde_json::to_value(&used).unwrap(),
        json!([{"flag": "--server", "message": "use --host"}, {"flag": "--old"}])
    );
    // The warning's text is sanitized as usage text is: a bidi override is shown, not obeyed.
    let sly =
        json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"deprecated": "use \u{202e}--b"}}}});
    let used = tool(&sly, &json!({})).unwrap().deprecated_in(&["--a", "x"]);
    assert_eq!(used[0].message.as_deref(), Some("use \\u{202e}--b"));
    // A bad message in the meta is the schema's fault, named where it sits.
    let bad = json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"deprecated": ""}}}});
    let error = tool(&bad, &json!({})).map(|_| ()).unwrap_err();
    assert_eq!(error.code, Code::InvalidSchema);
    assert!(error.message.contains("deprecated"), "{}", error.message);
}

#[test]
fn a_one_letter_key_answers_its_letter_after_one_dash() {
    let schema = obj(json!({
        "n": {"type": "integer"},
        "v": {"type": "boolean"},
        "q": {"type": "string"},
        "h": {"type": "string"},
        "1": {"type": "string"},
        "name": {"type": "string"},
        "config": {"type": "object", "properties": {"x": {"type": "string"}}}
    }));
    let tool = tool(&schema, &json!({"flags": {"name": {"short": "q"}}})).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    // `-n 5`, `--n 5`, a cluster ending in a value, and `-n5`.
    assert_eq!(parse(&["-n", "5"]).unwrap(), json!({"n": 5}));
    assert_eq!(parse(&["--n", "5"]).unwrap(), json!({"n": 5}));
    assert_eq!(parse(&["-vn", "3"]).unwrap(), json!({"v": true, "n": 3}));
    assert_eq!(parse(&["-n5", "--no-v"]).unwrap(), json!({"n": 5, "v": false}));
    // An explicit short alias keeps its letter; `-h` stays help; a digit,
    // which `-1` would read as a number, and a nested flag get none.
    assert_eq!(parse(&["-q", "a", "--q", "b"]).unwrap(), json!({"name": "a", "q": "b"}));
    assert_eq!(parse(&["-h"]).unwrap_err().code, Code::HelpRequested);
    let shorts: Vec<(String, Value)> = flags(&schema, &json!({"flags": {"name": {"short": "q"}}}))
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_owned(),
                f.get("short").cloned().unwrap_or(Value::Null),
            )
        })
        .collect();
    assert_eq!(
        shorts,
        [
            ("n", json!("n")),
            ("v", json!("v")),
            ("q", Value::Null),
            ("h", Value::Null),
            ("1", Value::Null),
            ("name", json!("q")),
            ("config-x", Value::Null)
        ]
        .map(|(name, short)| (name.to_owned(), short))
    );
    // With help's -h freed, the key `h` takes it.
    let freed = tool_with(&schema, &json!({"help": {"short": null}}));
    assert_eq!(
        freed.parse_argv(&["-h", "x"], &toolshape::no_env).unwrap().data,
        json!({"h": "x"})
    );
}

fn tool_with(schema: &Value, options: &Value) -> Tool {
    tool(schema, options).unwrap_or_else(|e| panic!("{e}"))
}
