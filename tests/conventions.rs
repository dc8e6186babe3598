//! Command-line conventions of issue 11: the environment, and messages that
//! say exactly what to do.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use common::{assert_says, usage_text};
use serde_json::{json, Value};
use toolshape::{CompileOptions, Tool};

/// Usage asked for as Markdown.
fn markdown() -> toolshape::UsageRequest {
    toolshape::UsageRequest {
        format: toolshape::Format::Markdown,
        ..toolshape::UsageRequest::default()
    }
}

fn tool() -> Tool {
    let schema = json!({"type": "object", "properties": {
        "tags": {"type": "array", "items": {"type": "string"}},
        "ports": {"type": "array", "items": {"type": "integer"}},
        "force": {"type": "boolean"},
        "name": {"type": "string"},
        "count": {"type": "integer"}
    }});
    Tool::compile(&schema, &CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap()).unwrap()
}

fn with_env(vars: &[(&str, &str)]) -> Result<Value, toolshape::Error> {
    let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned());
    tool().parse_argv(&[], &lookup).map(|p| p.data)
}

#[test]
fn environment_values() {
    assert_eq!(
        with_env(&[("APP_NAME", ""), ("APP_FORCE", "")]).unwrap(),
        json!({}),
        "empty means unset"
    );
    assert_eq!(
        with_env(&[("APP_TAGS", "a,b\\,c")]).unwrap(),
        json!({"tags": ["a", "b,c"]})
    );
    assert_eq!(
        with_env(&[("APP_TAGS", r#"["x", "y,z"]"#)]).unwrap(),
        json!({"tags": ["x", "y,z"]})
    );
    assert_eq!(
        with_env(&[("APP_PORTS", "80,443")]).unwrap(),
        json!({"ports": [80, 443]})
    );
    for (text, expected) in [
        ("yes", true),
        ("ON", true),
        ("True", true),
        ("no", false),
        ("Off", false),
        ("0", false),
    ] {
        assert_eq!(
            with_env(&[("APP_FORCE", text)]).unwrap(),
            json!({"force": expected}),
            "{text}"
        );
    }
    let err = with_env(&[("APP_PORTS", "80,http")]).unwrap_err();
    assert_says(&err.message, "$APP_PORTS (for --ports)");
    // On the command line a boolean still takes only true/false/1/0.
    let err = tool().parse_argv(&["--force=yes"], &toolshape::no_env).unwrap_err();
    assert_says(&err.message, "true or false");
}

#[test]
fn a_flag_after_a_flag_wanting_a_value_gets_no_equals_hint() {
    let err = tool()
        .parse_argv(&["--count", "--name", "x"], &toolshape::no_env)
        .unwrap_err();
    assert_eq!(err.message, "--count expects an integer value");
}

#[test]
fn integers_in_any_whole_spelling_and_asides_only_when_relevant() {
    let parse = |argv: &[&str]| tool().parse_argv(argv, &toolshape::no_env);
    assert_eq!(parse(&["--count", "1e3"]).unwrap().data, json!({"count": 1000}));
    assert_eq!(parse(&["--count", "2.0"]).unwrap().data, json!({"count": 2}));
    assert_eq!(
        parse(&["--count", "1.5"]).unwrap_err().message.clone(),
        "--count expects an integer (a whole number), got \"1.5\""
    );
    assert_eq!(
        parse(&["--count", "x"]).unwrap_err().message,
        "--count expects an integer, got \"x\""
    );
    assert_eq!(
        parse(&["--count", "9007199254740993"]).unwrap_err().message.clone(),
        "--count expects an integer of at most 2^53 - 1 in size, got \"9007199254740993\""
    );
}

#[test]
fn suggestions_by_suffix_and_for_cli_meta_keys() {
    let schema = json!({"type": "object", "properties": {"config": {"type": "object", "properties": {"dryRun": {"type": "boolean"}}}}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let message = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap_err().message.clone();
    assert_eq!(
        message(&["--dry-run"]),
        "unknown flag --dry-run; did you mean --config-dry-run?"
    );
    assert_eq!(
        message(&["--no-dry-run"]),
        "unknown flag --no-dry-run; did you mean --no-config-dry-run?"
    );
    // The same words in another spelling: yargs would take these.
    for (typed, meant) in [
        ("--configDryRun", "--config-dry-run"),
        ("--config_dry_run", "--config-dry-run"),
        ("--Config.DryRun", "--config-dry-run"),
        ("--dryRun", "--config-dry-run"),
        ("--noDryRun", "--no-config-dry-run"),
        ("--NO-CONFIG-DRY-RUN", "--no-config-dry-run"),
        ("--configdryrun", "--config-dry-run"),
        // Words added after a flag's.
        ("--config-dry-run-now", "--config-dry-run"),
        ("--configDryRunEverywhere", "--config-dry-run"),
    ] {
        assert_eq!(
            message(&[typed]),
            format!("unknown flag {typed}; did you mean {meant}?")
        );
    }
    // Each suggestion looks through every flag name: the first few issues
    // of a parse get one, and a hundred unknown flags cost no more.
    let many: Vec<String> = (0..12).map(|i| format!("--config-dry-rnu{i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let err = tool.parse_argv(&many, &toolshape::no_env).unwrap_err();
    let hinted = |i: usize| err.issues[i].message.contains("did you mean");
    assert!((0..8).all(hinted) && !(8..12).any(hinted), "{}", err.message);
    // A long flag after an unknown one is no value of it: both are reported.
    let err = tool
        .parse_argv(&["--nope", "--dryrun"], &toolshape::no_env)
        .unwrap_err();
    assert_eq!(err.issues.len(), 2, "{}", err.message);
    assert_eq!(
        err.issues[1].message,
        "unknown flag --dryrun; did you mean --config-dry-run?"
    );
    let typo = json!({"type": "object", "properties": {"t": {"type": "number", "cli": {"shrt": "t"}}}});
    // The command line reads `cli` meta, and answers for it.
    let typo = Tool::compile(&typo, &CompileOptions::default()).unwrap();
    let err = typo.parse_argv(&[], &toolshape::no_env).unwrap_err();
    assert_eq!(err.code, toolshape::Code::InvalidSchema);
    assert_says(&err.message, "unknown key \"shrt\"; did you mean \"short\"?");
}

/// An object's own name typed as a flag (`--config`, or JSON text for it
/// as `--config '{"timeout":5}'`) names the flags its keys are.
#[test]
fn an_object_typed_as_a_flag_names_its_keys_flags() {
    let schema = json!({"type": "object", "properties": {
        "config": {"type": "object", "properties": {
            "timeout": {"type": "number"},
            "tls": {"type": "object", "properties": {"verify": {"type": "boolean"}}},
            "old": {"type": "string", "deprecated": true}
        }},
        "config-name": {"type": "string"}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let message = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap_err().message.clone();
    let keys = "config is an object whose keys are flags of their own: --config-timeout, --config-tls-verify";
    assert_eq!(
        message(&["--config", r#"{"timeout":5}"#]),
        format!("unknown flag --config; {keys}")
    );
    assert_eq!(message(&["--config={}"]), format!("unknown flag --config; {keys}"));
    // A nested object, and a separator of another kind.
    assert_eq!(
        message(&["--config-tls"]),
        "unknown flag --config-tls; config.tls is an object whose keys are flags of their own: --config-tls-verify"
    );
    let dotted = Tool::compile(&schema, &CompileOptions::from_json(r#"{"separator":"."}"#).unwrap()).unwrap();
    let err = dotted
        .parse_argv(&["--config.tls", "x"], &toolshape::no_env)
        .unwrap_err();
    assert_eq!(err.issues.len(), 1, "the value goes with the flag: {}", err.message);
    assert_says(
        &err.message,
        "config.tls is an object whose keys are flags of their own: --config.tls.verify",
    );
    // Not an object's name: the suggestions as before.
    assert_eq!(
        message(&["--config-nme"]),
        "unknown flag --config-nme; did you mean --config-name?"
    );
    // Past the first issues of a parse, no hint, as for suggestions.
    let many: Vec<&str> = std::iter::repeat_n("--config", 10).collect();
    let err = tool.parse_argv(&many, &toolshape::no_env).unwrap_err();
    let hinted = |i: usize| err.issues[i].message.contains("keys are flags");
    assert!((0..8).all(hinted) && !(8..10).any(hinted), "{}", err.message);
}

/// Usage text of every Zod fixture: no line ends in a space, and no tag
/// (`[default: ...]`, `[env: ...]`) is broken across lines.
#[test]
fn usage_has_no_trailing_spaces_or_broken_tags() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/zod");
    for entry in std::fs::read_dir(dir).unwrap() {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        let schema = &fixture["variants"]["draft-2020-12/input"];
        let options = CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap();
        let Ok(tool) = Tool::compile(schema, &options) else {
            continue;
        };
        for width in [40, 60, 80] {
            let request = toolshape::UsageRequest {
                width,
                ..toolshape::UsageRequest::default()
            };
            let text = tool.usage(&request).unwrap();
            for line in text.lines() {
                assert!(!line.ends_with(' '), "{}: trailing space in {line:?}", fixture["name"]);
                let opened = line.matches("[env:").count() + line.matches("[default:").count();
                let open_tag = line.rfind("[env:").or_else(|| line.rfind("[default:"));
                if let Some(at) = open_tag {
                    assert!(
                        line[at..].contains(']'),
                        "{}: a tag broken in {line:?} ({opened})",
                        fixture["name"]
                    );
                }
            }
        }
    }
}

/// Issue 11, item 7: formats in usage, and examples from the root's cli meta.
#[test]
fn usage_shows_formats_and_examples() {
    let schema = json!({"type": "object", "cli": {"examples": ["--to a@b.co --site https://x.y", "--id 123e4567-e89b-12d3-a456-426614174000"]},
    "properties": {
        "to": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "id": {"type": "string", "format": "uuid"},
        "at": {"type": "string", "format": "date-time"},
        "level": {"enum": ["l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9"]}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"send"}"#).unwrap()).unwrap();
    let text = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    for hint in [
        "--to <email>",
        "--site <url>",
        "--id <uuid>",
        "--at <date-time>",
        "--level <l0|l1|l2|l3|l4|l5|l6|l7|...>",
    ] {
        assert!(text.contains(hint), "{hint} in\n{text}");
    }
    assert!(
        text.ends_with(
            "Examples:\n  send --to a@b.co --site https://x.y\n  send --id 123e4567-e89b-12d3-a456-426614174000\n"
        ),
        "{text}"
    );
    let markdown = tool.usage(&markdown()).unwrap();
    assert!(
        markdown.contains("## Examples\n\n```sh\nsend --to a@b.co"),
        "{markdown}"
    );
    let bad = json!({"type": "object", "cli": {"examples": "send --x"}, "properties": {}});
    let bad = Tool::compile(&bad, &CompileOptions::default()).unwrap();
    assert_eq!(
        bad.usage(&toolshape::UsageRequest::default()).map_err(|e| e.code),
        Err(toolshape::Code::InvalidSchema),
        "usage throws the refusal"
    );
    assert_eq!(
        bad.command().refusal().map(|e| e.code),
        Some(toolshape::Code::InvalidSchema)
    );
}

/// The root's `cli.epilogue` (yargs' `epilogue`, argparse's `epilog`)
/// ends usage, its own line breaks kept and a long line wrapped.
#[test]
fn usage_ends_with_the_epilogue() {
    let epilogue = "Exit codes:\n  0  deployed\n  2  bad arguments\n\nSee https://example.com/deploy for every option this command has and what each one does.";
    let schema = json!({"type": "object", "cli": {"examples": ["--to a"], "epilogue": epilogue},
        "properties": {"to": {"type": "string"}}});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"deploy"}"#).unwrap()).unwrap();
    let request = toolshape::UsageRequest {
        width: 60,
        ..toolshape::UsageRequest::default()
    };
    let text = tool.usage(&request).unwrap();
    assert!(
        text.ends_with("  deploy --to a\n\nExit codes:\n  0  deployed\n  2  bad arguments\n\nSee https://example.com/deploy for every option this command\nhas and what each one does.\n"),
        "{text}"
    );
    let markdown = tool.usage(&markdown()).unwrap();
    assert!(markdown.ends_with("```\n\nExit codes:  \n  0  deployed  \n  2  bad arguments  \n  \nSee https://example.com/deploy for every option this command has and what each one does.  \n"), "{markdown}");
    // yargs' other spelling; a control character made visible.
    let schema = json!({"type": "object", "cli": {"epilog": "bye\u{1b}[2J"}, "properties": {}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    assert_says(
        &tool.usage(&toolshape::UsageRequest::default()).unwrap(),
        "\nbye\\u{1b}[2J\n",
    );
    let bad = json!({"type": "object", "cli": {"epilogue": ["x"]}, "properties": {}});
    let bad = Tool::compile(&bad, &CompileOptions::default()).unwrap();
    let refusal = bad.command().refusal().unwrap();
    assert_eq!(refusal.code, toolshape::Code::InvalidSchema);
    assert_says(&refusal.message, "cli.epilogue must be text");
}

/// Issue 11, item 5: FLAG_COLLISION names the override that would work, and
/// that override does work. The command line answers it (`compile` lets
/// the tool through for its other faces).
#[test]
fn collision_advice_names_a_fix_that_works() {
    let compile = |schema: Value, options: &str| {
        let tool = Tool::compile(&schema, &CompileOptions::from_json(options).unwrap())?;
        tool.parse_argv(&[], &toolshape::no_env).map(|_| tool)
    };
    let props = |p: Value| json!({"type": "object", "properties": p});
    let err = compile(
        props(json!({"a-b": {"type": "string"}, "aB": {"type": "string"}})),
        "{}",
    )
    .unwrap_err();
    assert!(
        err.message
            .contains(r#".meta({ cli: { name: "..." } }) on ["aB"] (options.flags["a-b"] would match both)"#),
        "{}",
        err.message
    );
    assert!(compile(
        props(json!({"a-b": {"type": "string"}, "aB": {"type": "string", "cli": {"name": "ab"}}})),
        "{}"
    )
    .is_ok());
    let err = compile(props(json!({"help": {"type": "string"}})), "{}").unwrap_err();
    assert!(
        err.message
            .contains(r#"give one another name with options.flags["help"].name"#),
        "{}",
        err.message
    );
    assert!(compile(
        props(json!({"help": {"type": "string"}})),
        r#"{"flags":{"help":{"name":"topic"}}}"#
    )
    .is_ok());
    let two_t = props(json!({"x": {"type": "string"}, "y": {"type": "string"}}));
    let err = compile(two_t.clone(), r#"{"flags":{"x":{"short":"t"},"y":{"short":"t"}}}"#).unwrap_err();
    assert!(
        err.message
            .contains(r#"give one another short with options.flags["y"].short"#),
        "{}",
        err.message
    );
}

/// Issue 11, item 6: the description on the literal names the action when
/// the branch has none.
#[test]
fn the_literal_describes_its_action() {
    let schema = json!({"oneOf": [
        {"type": "object", "properties": {"action": {"const": "logs", "description": "Show logs"}, "id": {"type": "string"}}},
        {"type": "object", "description": "List things", "properties": {"action": {"const": "list", "description": "ignored"}}}
    ]});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"ops"}"#).unwrap()).unwrap();
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    assert!(usage.contains("\n  logs        Show logs\n"), "{usage}");
    assert!(usage.contains("List things"), "{usage}");
    let entries = tool.help(&toolshape::HelpOptions::default()).unwrap();
    assert_eq!(entries[0].description, "Show logs");
    assert_eq!(entries[1].description, "List things");
}

/// Issue 11, item 5: a JSON flag's error says what it holds in plain words
/// and shows an example; the flag is not also reported missing.
#[test]
fn json_flag_errors_show_an_example() {
    let schema = json!({"type": "object", "properties": {
        "hosts": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "port": {"type": "number"}
        }, "required": ["name"]}},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "ids": {"type": "array", "items": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}}
    }, "required": ["hosts"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = tool.parse_argv(&["--hosts", "a"], &toolshape::no_env).unwrap_err();
    assert_eq!(
        err.message,
        r#"--hosts expects JSON text for an array of objects, or for one item, got "a"; e.g. --hosts '{"name":"..."}'"#
    );
    let err = tool
        .parse_argv(&["--hosts", "[]", "--labels", "x", "--ids", "{}"], &toolshape::no_env)
        .unwrap_err();
    // A record of scalars is typed an entry at a time, which its words say.
    assert_eq!(
        err.issues[0].message,
        r#"--labels expects KEY=VALUE with a string for the value, or JSON text for an object, got "x""#
    );
    assert!(
        err.issues[1]
            .message
            .starts_with("--ids expects JSON text for an array of integers or booleans, or for one item"),
        "{}",
        err.issues[1].message
    );
}

/// JSON that parses but does not fit says where inside it the first mistake
/// is, the way the filesystem server's `edit_file` is misused: an edit
/// without its `newText`, or a number where text goes. Through `args_from_flag_values`
/// (a flat object holding the array itself) the same.
#[test]
fn json_that_parses_but_does_not_fit_names_the_place() {
    let schema = json!({"type": "object", "properties": {
        "edits": {"type": "array", "items": {"type": "object", "properties": {
            "oldText": {"type": "string"}, "newText": {"type": "string"}
        }, "required": ["oldText", "newText"]}},
        "jobs": {"type": "array", "items": {"type": "object", "properties": {
            "retry": {"type": "object", "properties": {"times": {"type": "integer"}}}
        }, "additionalProperties": false}}
    }, "required": ["edits"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let missing = r#"[{"oldText":"a","newText":"b"},{"oldText":"c"}]"#;
    let err = tool.parse_argv(&["--edits", missing], &toolshape::no_env).unwrap_err();
    assert_eq!(
        err.message,
        format!(
            r#"--edits expects JSON text for an array of objects, or for one item (at [1]: the required key "newText" is missing), got {}; e.g. --edits '{{"oldText":"...","newText":"..."}}'"#,
            serde_json::to_string(missing).unwrap()
        )
    );
    let err = tool
        .parse_argv(&["--edits", r#"[{"oldText":5,"newText":"b"}]"#], &toolshape::no_env)
        .unwrap_err();
    assert!(
        err.message.starts_with(
            "--edits expects JSON text for an array of objects, or for one item (at [0].oldText: expected a string, got a number), got "
        ),
        "{}",
        err.message
    );
    let err = tool
        .parse_argv(
            &["--edits", "[]", "--jobs", r#"[{"retry":{"times":1.5}}]"#],
            &toolshape::no_env,
        )
        .unwrap_err();
    assert!(
        err.message
            .contains("(at [0].retry.times: expected an integer, got 1.5)"),
        "{}",
        err.message
    );
    let err = tool
        .parse_argv(&["--edits", "[]", "--jobs", r#"[{"retries":3}]"#], &toolshape::no_env)
        .unwrap_err();
    assert_says(&err.message, r#"(at [0]: the key "retries" is not allowed)"#);
    // Text that is not JSON at all keeps the short form.
    let err = tool.parse_argv(&["--edits", "a"], &toolshape::no_env).unwrap_err();
    assert!(
        err.message
            .starts_with(r#"--edits expects JSON text for an array of objects, or for one item, got "a""#),
        "{}",
        err.message
    );
    // A flat object holding the value itself (args_from_flag_values) says the same.
    let flat = json!({"edits": [{"oldText": "c"}]});
    let err = tool
        .args_from_flag_values(flat.as_object().unwrap(), &toolshape::no_env)
        .unwrap_err();
    assert!(
        err.message
            .contains(r#"(at [0]: the required key "newText" is missing)"#),
        "{}",
        err.message
    );
}

/// Issue 11, item 6: a `z.union` of objects with no literal key compiles;
/// inputSchema and repair work, and the command line refuses with the reason.
#[test]
fn a_union_without_a_literal_compiles_and_the_cli_says_why_not() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/zod-unions/plain-object-union.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for (variant, schema) in fixture["variants"].as_object().unwrap() {
        let tool = Tool::compile(schema, &CompileOptions::from_json(r#"{"name":"fetch"}"#).unwrap())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let emitted = tool.input_schema(&toolshape::InputSchemaOptions::default()).unwrap();
        assert_eq!(emitted["type"], json!("object"), "{variant}");
        assert_eq!(emitted["anyOf"].as_array().map(Vec::len), Some(2), "{variant}");
        assert_eq!(
            emitted.get("oneOf"),
            None,
            "{variant}: branches may overlap, so anyOf stays"
        );
        let repaired = tool.repair(json!({"path": "a.txt", "line": "3"}));
        assert_eq!(repaired.value, json!({"path": "a.txt", "line": 3}), "{variant}");
        let err = tool.parse_argv(&["--path", "a.txt"], &toolshape::no_env).unwrap_err();
        assert_eq!(err.code, toolshape::Code::NoDiscriminator);
        assert!(
            err.message
                .starts_with("fetch takes a union of objects with no literal key"),
            "{}",
            err.message
        );
        assert_eq!(
            tool.to_argv(&json!({"path": "a"})).unwrap_err().code,
            toolshape::Code::NoDiscriminator
        );
        // Never an empty table, never the reason printed as usage: thrown.
        let code = Some(toolshape::Code::NoDiscriminator);
        assert_eq!(tool.flags_json().err().map(|e| e.code), code);
        assert_eq!(
            tool.usage(&toolshape::UsageRequest::default()).err().map(|e| e.code),
            code
        );
        assert_eq!(tool.complete(&["--"]).err().map(|e| e.code), code);
        let help = tool.parse_argv(&["--help"], &toolshape::no_env).unwrap_err();
        assert_eq!(help.code, toolshape::Code::NoDiscriminator);
    }
    // A union with a non-object branch is still no tool root.
    let mixed = json!({"anyOf": [{"type": "object", "properties": {}}, {"type": "string"}]});
    assert!(Tool::compile(&mixed, &CompileOptions::default()).is_err());
}

#[test]
fn a_partial_parse_leaves_missing_required_flags_out() {
    let schema = json!({"type": "object", "properties": {
        "service": {"type": "string"},
        "count": {"type": "integer"},
        "config": {"type": "object", "properties": {"timeout": {"type": "number"}, "mode": {"type": "string"}}, "required": ["timeout"]}
    }, "required": ["service", "count"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let none = |_: &str| None;
    let partial = toolshape::ArgvOptions {
        allow_positionals: false,
        partial: true,
    };
    let parsed = tool
        .parse_argv_with(&["--config-mode", "fast"], &none, partial)
        .unwrap();
    assert_eq!(parsed.data, json!({"config": {"mode": "fast"}}));
    // Every other issue is still one.
    let err = tool.parse_argv_with(&["--count", "x"], &none, partial).unwrap_err();
    assert_eq!(err.issues.len(), 1, "{:?}", err.issues);
    assert!(
        err.issues[0].message.starts_with("--count expects an integer"),
        "{}",
        err.message
    );
    let strict = tool.parse_argv(&["--config-mode", "fast"], &none).unwrap_err();
    let messages: Vec<&str> = strict.issues.iter().map(|i| i.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "missing required flag --service",
            "missing required flag --count",
            "missing required flag --config-timeout (needed once any --config-* flag is given)"
        ]
    );
}

#[test]
fn a_boolean_literal_is_a_switch() {
    let schema = json!({"type": "object", "properties": {
        "confirm": {"type": "boolean", "const": true, "description": "Must be true"}
    }, "required": ["confirm"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let none = |_: &str| None;
    assert_eq!(
        tool.parse_argv(&["--confirm"], &none).unwrap().data,
        json!({"confirm": true})
    );
    // The value the schema refuses still reaches the validator, which names it.
    assert_eq!(
        tool.parse_argv(&["--no-confirm"], &none).unwrap().data,
        json!({"confirm": false})
    );
    assert_eq!(tool.to_argv(&json!({"confirm": true})).unwrap(), vec!["--confirm"]);
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    assert!(usage.contains("--[no-]confirm  Must be true\n"), "{usage}");
    // Required like any required boolean: absent is false, which the validator refuses.
    assert_eq!(tool.parse_argv(&[], &none).unwrap().data, json!({"confirm": false}));
}

/// Issues come in argv order whichever stage found them: the tokenizer (an
/// unknown flag) or the coercion of a value (a bad number), and two bad
/// values at once keep their order.
#[test]
fn issues_are_reported_in_argv_order() {
    let tool = tool();
    let none = |_: &str| None;
    let err = tool
        .parse_argv(
            &[
                "--count", "x", "--nope", "--name", "api", "--ports", "1", "--ports", "z", "--zzz",
            ],
            &none,
        )
        .unwrap_err();
    let flags: Vec<Option<&str>> = err.issues.iter().map(|i| i.flag.as_deref()).collect();
    assert_eq!(
        flags,
        [Some("--count"), Some("--nope"), Some("--ports"), Some("--zzz")],
        "{:?}",
        err.issues
    );
}

#[test]
fn a_counted_flag_is_given_as_often_as_it_counts() {
    let schema = json!({"type": "object", "properties": {
        "verbose": {"type": "integer", "cli": {"short": "v", "count": true}},
        "quiet": {"type": "boolean", "cli": {"short": "q"}},
        "level": {"type": "number", "default": 0},
        "name": {"type": "string"}
    }});
    let options =
        CompileOptions::from_json(r#"{"name":"app","envPrefix":"APP","flags":{"level":{"count":true}}}"#).unwrap();
    let tool = Tool::compile(&schema, &options).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    assert_eq!(parse(&["-vvv"]).unwrap(), json!({"verbose": 3}));
    assert_eq!(
        parse(&["-v", "--verbose", "-qv"]).unwrap(),
        json!({"verbose": 3, "quiet": true})
    );
    assert_eq!(parse(&["--verbose=2", "-v"]).unwrap(), json!({"verbose": 3}));
    assert_eq!(parse(&["--level", "--level"]).unwrap(), json!({"level": 2}));
    assert_eq!(
        parse(&["--name", "x"]).unwrap(),
        json!({"name": "x"}),
        "absent: absent (the validator applies a default)"
    );
    // A value after it is not its value: the message says how to write one.
    let error = parse(&["-v", "2"]).unwrap_err();
    assert_says(
        &error.issues[0].message,
        "after --verbose: a counted flag takes no value; write --verbose=2, or give --verbose that many times",
    );
    // A nullable one takes null, as a value, and toArgv writes it back.
    let nullable =
        json!({"type": "object", "properties": {"v": {"type": ["integer", "null"], "cli": {"count": true}}}});
    let tool_n = Tool::compile(&nullable, &CompileOptions::default()).unwrap();
    let data = tool_n.parse_argv(&["--v=null"], &toolshape::no_env).unwrap().data;
    assert_eq!(data, json!({"v": null}));
    assert_eq!(tool_n.to_argv(&data).unwrap(), ["--v=null"]);
    assert_eq!(
        tool_n
            .parse_argv(&["--v=null", "--v"], &toolshape::no_env)
            .unwrap()
            .data,
        json!({"v": 1})
    );
    assert!(parse(&["--verbose=x"]).unwrap_err().issues[0]
        .message
        .contains("expects an integer"));
    // The environment gives the number itself.
    let env = |name: &str| (name == "APP_VERBOSE").then(|| "2".to_owned());
    assert_eq!(tool.parse_argv(&[], &env).unwrap().data, json!({"verbose": 2}));
    // toArgv writes the number after `=`, which parses back to it.
    let argv = tool.to_argv(&json!({"verbose": 4, "level": 1})).unwrap();
    assert_eq!(argv, ["--verbose=4", "--level=1"]);
    let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
    assert_eq!(parse(&refs).unwrap(), json!({"verbose": 4, "level": 1}));
    // flags(), usage and completion say what it is.
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[0]["count"], json!(true));
    assert!(flags[1].get("count").is_none());
    let usage = usage_text(&tool, 80);
    let line = usage.lines().find(|l| l.contains("--verbose")).unwrap();
    assert!(
        line.trim_start().starts_with("-v, --verbose ") && line.contains(" [count]"),
        "{usage}"
    );
    let offered: Vec<String> = tool
        .complete(&["-v", "--"])
        .unwrap()
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert!(offered.contains(&"--verbose".to_owned()), "offered again: {offered:?}");
    assert_eq!(
        tool.complete(&["-v", ""]).unwrap().len(),
        offered.len(),
        "no value is completed after it"
    );
}

#[test]
fn only_a_number_can_be_counted() {
    for (schema, what) in [
        (json!({"type": "string"}), "of type string"),
        (json!({"type": "boolean"}), "of type boolean"),
        (json!({"type": "array", "items": {"type": "integer"}}), "a list"),
    ] {
        let root = json!({"type": "object", "properties": {"v": schema}});
        let options = CompileOptions::from_json(r#"{"flags":{"v":{"count":true}}}"#).unwrap();
        let error = Tool::compile(&root, &options)
            .and_then(|t| t.parse_argv(&[], &toolshape::no_env).map(|_| ()))
            .unwrap_err();
        assert_eq!(error.code, toolshape::Code::InvalidOption);
        assert_says(&error.message, "--v cannot be counted");
        assert_says(&error.message, what);
    }
    let positional =
        json!({"type": "object", "properties": {"v": {"type": "integer", "cli": {"count": true, "positional": 0}}}});
    let tool = Tool::compile(&positional, &CompileOptions::default()).unwrap();
    let error = tool.parse_argv(&[], &toolshape::no_env).unwrap_err();
    assert_says(&error.message, "is counted, a switch; it cannot be positional");
}

#[test]
fn an_alias_is_another_name_for_the_flag() {
    let schema = json!({"type": "object", "properties": {
        "host": {"type": "string", "enum": ["a", "b"], "cli": {"aliases": ["server", "srv"]}},
        "dryRun": {"type": "boolean", "cli": {"aliases": ["dry"]}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"app"}"#).unwrap()).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    assert_eq!(
        parse(&["--srv", "a", "--dry"]).unwrap(),
        json!({"host": "a", "dryRun": true})
    );
    assert_eq!(
        parse(&["--server=b", "--no-dry"]).unwrap(),
        json!({"host": "b", "dryRun": false})
    );
    // Messages name the flag as it was typed.
    let error = parse(&["--srv", "c"]).unwrap_err();
    assert!(
        error.issues[0].message.starts_with("--srv expects"),
        "{}",
        error.issues[0].message
    );
    // toArgv writes the flag's own name; args_from_flag_values takes an alias too.
    assert_eq!(tool.to_argv(&json!({"host": "a"})).unwrap(), ["--host", "a"]);
    let flat = serde_json::Map::from_iter([("srv".to_owned(), json!("b"))]);
    assert_eq!(
        tool.args_from_flag_values(&flat, &toolshape::no_env).unwrap(),
        json!({"host": "b"})
    );
    // Usage lists them; completion offers the flag's own name, and an alias's choices.
    let usage = usage_text(&tool, 100);
    assert!(usage.contains("[aliases: --server, --srv]"), "{usage}");
    let offered: Vec<String> = tool.complete(&["--"]).unwrap().into_iter().map(|c| c.value).collect();
    assert_eq!(offered, ["--host", "--dry-run", "--no-dry-run", "--help"]);
    let choices: Vec<String> = tool
        .complete(&["--srv", ""])
        .unwrap()
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert_eq!(choices, ["a", "b"]);
    assert_eq!(tool.flags_json().unwrap()[0]["aliases"], json!(["server", "srv"]));
}

#[test]
fn an_alias_must_be_typeable_and_free() {
    let refused = |schema: Value| {
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
        tool.parse_argv(&[], &toolshape::no_env).unwrap_err()
    };
    let error =
        refused(json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"aliases": ["b c"]}}}}));
    assert_eq!(error.code, toolshape::Code::InvalidFlagName);
    assert_says(&error.message, "the alias \"b c\" of --a contains white space");
    for (schema, first) in [
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string", "cli": {"aliases": ["a"]}}}}),
            "the key path [\"a\"]",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "string", "cli": {"aliases": ["no-a"]}}}}),
            "the negation of the key path [\"a\"]",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"aliases": ["x"]}}, "b": {"type": "boolean", "cli": {"aliases": ["x"]}}}}),
            "the key path [\"a\"]",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"aliases": ["help"]}}}}),
            "the built-in --help",
        ),
    ] {
        let error = refused(schema);
        assert_eq!(error.code, toolshape::Code::FlagCollision);
        assert_says(&error.message, &format!("would mean both {first} and"));
        assert_says(&error.message, "give the alias another name");
    }
}

#[test]
fn a_deprecated_alias_keeps_an_old_name_working_and_warns_of_it() {
    let schema = json!({"type": "object", "properties": {
        "host": {"type": "string", "cli": {"aliases": ["h0st", {"name": "server", "deprecated": "use --host"}]}},
        "dryRun": {"type": "boolean", "cli": {"aliases": [{"name": "dry", "deprecated": true}]}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"app"}"#).unwrap()).unwrap();
    let data = tool
        .parse_argv(&["--server", "a", "--no-dry"], &toolshape::no_env)
        .unwrap()
        .data;
    assert_eq!(data, json!({"host": "a", "dryRun": false}));
    let used = tool.deprecated_in(&["--server", "a", "--no-dry", "--server=b", "--h0st", "c"]);
    assert_eq!(
        serde_json::to_value(used).unwrap(),
        json!([{"flag": "--server", "message": "use --host"}, {"flag": "--dry"}])
    );
    assert!(tool.deprecated_in(&["--host", "a", "--dry-run"]).is_empty());
    // Not advertised: usage lists the current aliases only; flags() tells them apart.
    let usage = usage_text(&tool, 100);
    assert!(
        usage.contains("[aliases: --h0st]") && !usage.contains("server") && !usage.contains("--dry "),
        "{usage}"
    );
    assert_eq!(
        tool.flags_json().unwrap()[0]["aliases"],
        json!(["h0st", {"name": "server", "deprecated": "use --host"}])
    );
    let bad =
        json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"aliases": [{"deprecated": true}]}}}});
    let error = Tool::compile(&bad, &CompileOptions::default())
        .unwrap()
        .parse_argv(&[], &toolshape::no_env)
        .unwrap_err();
    assert_says(&error.message, "\"name\" is missing");
}

/// A record of scalars takes `--env KEY=VALUE` once per entry (docker's
/// `-e`, helm's `--set`), each typed for the record's values; JSON text for
/// the whole object still works and merges with entries; the whole object
/// is held to the schema once all are in; toArgv writes entries back.
#[test]
fn a_record_of_scalars_takes_key_value_entries() {
    let schema = json!({"type": "object", "properties": {
        "env": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "string"}},
        "limits": {"type": "object", "propertyNames": {"enum": ["cpu", "mem"]}, "additionalProperties": {"type": "number"}, "required": ["cpu", "mem"]},
        "meta": {"type": "object", "additionalProperties": {}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env);
    let data = |argv: &[&str]| parse(argv).unwrap().data;
    assert_eq!(
        data(&[
            "--env",
            "A=1",
            "--env",
            "B=x=y",
            "--env",
            r#"{"C":"3"}"#,
            "--env",
            "A=2"
        ]),
        json!({"env": {"A": "2", "B": "x=y", "C": "3"}})
    );
    assert_eq!(
        data(&["--limits", "cpu=1.5", "--limits", "mem=2"]),
        json!({"limits": {"cpu": 1.5, "mem": 2}})
    );
    let messages = |argv: &[&str]| -> Vec<String> {
        parse(argv)
            .unwrap_err()
            .issues
            .iter()
            .map(|i| i.message.clone())
            .collect()
    };
    assert_eq!(
        messages(&["--limits", "cpu=1"]),
        [
            r#"--limits expects KEY=VALUE with a number for the value, or JSON text for an object (the required key "mem" is missing), got "{\"cpu\":1}""#
        ]
    );
    assert_eq!(
        messages(&["--limits", "gpu=1", "--limits", "cpu=x"]),
        [
            r#"--limits expects KEY=VALUE with a number for the value, or JSON text for an object (the key "gpu" is not one it takes), got "gpu=1""#,
            r#"--limits expects KEY=VALUE with a number for the value, or JSON text for an object, got "cpu=x""#
        ]
    );
    assert_eq!(
        messages(&["--env"]),
        ["--env expects a value: KEY=VALUE, or JSON text for an object"]
    );
    // A key named like a prototype member is a key like any other.
    assert_eq!(data(&["--env", "__proto__=1"]), json!({"env": {"__proto__": "1"}}));
    // A record of any value is not typed by entries: `=` is no separator there.
    assert_eq!(
        parse(&["--meta", "a=1"]).unwrap_err().code,
        toolshape::Code::InvalidArgs
    );
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    assert!(usage.contains("--env <key=string>..."), "{usage}");
    assert!(usage.contains("--limits <key=number>..."), "{usage}");
    for (args, argv) in [
        (
            json!({"env": {"A": "1", "B": " x"}}),
            vec!["--env", "A=1", "--env", "B= x"],
        ),
        (
            json!({"limits": {"cpu": 1, "mem": 2}}),
            vec!["--limits", "cpu=1", "--limits", "mem=2"],
        ),
        // A key with `=` in it, or no entry at all, goes as JSON text.
        (json!({"env": {"a=b": "1"}}), vec!["--env", r#"{"a=b":"1"}"#]),
        (json!({"env": {}}), vec!["--env", "{}"]),
    ] {
        let written = tool.to_argv(&args).unwrap();
        assert_eq!(written, argv);
        let refs: Vec<&str> = written.iter().map(String::as_str).collect();
        assert_eq!(data(&refs), args);
    }
}

/// A record whose values are objects or lists takes `KEY=JSON` entries,
/// as helm's `--set-json`: the text after the first `=` is the value's
/// JSON. A record of any value stays JSON text for the whole object.
#[test]
fn a_record_of_objects_takes_key_json_entries() {
    let schema = json!({"type": "object", "properties": {
        "hosts": {"type": "object", "additionalProperties": {"type": "object", "properties": {
            "port": {"type": "integer"}, "tls": {"type": "boolean"}
        }, "required": ["port"]}},
        "deps": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env);
    assert_eq!(
        parse(&[
            "--hosts",
            r#"api={"port":80}"#,
            "--hosts",
            r#"db={"port":5432,"tls":true}"#,
            "--deps",
            r#"api=["db"]"#,
            "--hosts",
            r#"{"web":{"port":8080}}"#
        ])
        .unwrap()
        .data,
        json!({"hosts": {"api": {"port": 80}, "db": {"port": 5432, "tls": true}, "web": {"port": 8080}}, "deps": {"api": ["db"]}})
    );
    assert_eq!(
        parse(&["--hosts", "api=80"]).unwrap_err().issues[0].message,
        r#"--hosts expects KEY=VALUE with JSON text for an object after the =, or JSON text for the whole object, got "api=80""#
    );
    // A flat object holding the texts typed (util.parseArgs' `multiple`).
    let flat = json!({"hosts": [r#"api={"port":80}"#, r#"{"db":{"port":1}}"#]});
    assert_eq!(
        tool.args_from_flag_values(flat.as_object().unwrap(), &toolshape::no_env)
            .unwrap(),
        json!({"hosts": {"api": {"port": 80}, "db": {"port": 1}}})
    );
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    assert!(usage.contains("--hosts <key=json>..."), "{usage}");
    let args = json!({"hosts": {"api": {"port": 80}}, "deps": {"a=b": ["x"]}});
    let written = tool.to_argv(&args).unwrap();
    assert_eq!(written, ["--hosts", r#"api={"port":80}"#, "--deps", r#"{"a=b":["x"]}"#]);
    let refs: Vec<&str> = written.iter().map(String::as_str).collect();
    assert_eq!(parse(&refs).unwrap().data, args);
}

const ONE_EDIT: &str = r#"{"oldText":"a","newText":"b"}"#;
const TWO_EDITS: &str = r#"[{"oldText":"c","newText":"d"},{"oldText":"e","newText":"f"}]"#;

/// The edits of [`ONE_EDIT`] and [`TWO_EDITS`], in that order.
fn all_edits() -> Value {
    json!([
        {"oldText": "a", "newText": "b"},
        {"oldText": "c", "newText": "d"},
        {"oldText": "e", "newText": "f"}
    ])
}

/// A list of each kind: objects, arrays, booleans, nullable words and
/// numbers, and a tuple (no list).
fn lists() -> Tool {
    let schema = json!({"type": "object", "properties": {
        "edits": {"type": "array", "items": {"type": "object", "properties": {
            "oldText": {"type": "string"}, "newText": {"type": "string"}
        }, "required": ["oldText", "newText"]}},
        "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
        "checks": {"type": "array", "items": {"type": "boolean"}},
        "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
        "offsets": {"type": ["array", "null"], "items": {"type": "number"}}
    }});
    Tool::compile(&schema, &CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap()).unwrap()
}

/// A list no flag repeats word by word (objects, arrays, booleans) takes
/// more items each time it is given, as argparse's `action="append"` with
/// a JSON type: JSON text for several items, or for one. One flag of the
/// whole list reads as before.
#[test]
fn a_list_takes_one_item_or_several_each_time_it_is_given() {
    let tool = lists();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env);
    let data = |argv: &[&str]| parse(argv).unwrap().data;
    let (one, two, all) = (ONE_EDIT, TWO_EDITS, all_edits());
    assert_eq!(data(&["--edits", one, "--edits", two]), json!({ "edits": all }));
    assert_eq!(data(&["--edits", two]), json!({"edits": all.as_array().unwrap()[1..]}));
    assert_eq!(data(&["--edits", "[]"]), json!({"edits": []}));
    // `[1,2]` is no list of arrays (1 is no item), so it is one item.
    assert_eq!(
        data(&["--matrix", "[1,2]", "--matrix", "[[3],[4]]"]),
        json!({"matrix": [[1, 2], [3], [4]]})
    );
    // A repeated boolean carries `false`: the flag takes a value.
    assert_eq!(
        data(&["--checks", "true", "--checks", "false"]),
        json!({"checks": [true, false]})
    );
    // A nullable list of words: each word an item; `null` is the whole value.
    assert_eq!(data(&["--tags", "a", "--tags", "b c"]), json!({"tags": ["a", "b c"]}));
    assert_eq!(data(&["--tags", "a", "--tags", "null"]), json!({"tags": null}));
    assert_eq!(data(&["--tags", "null", "--tags", "a"]), json!({"tags": ["a"]}));
    // A list of numbers takes a negative one, as a number flag does.
    assert_eq!(
        data(&["--offsets", "-5", "--offsets", "2"]),
        json!({"offsets": [-5, 2]})
    );
    // A tuple is one value: its positions are no list.
    assert_eq!(
        parse(&["--pair", "a", "--pair", "1"]).unwrap_err().issues[0].message,
        r#"--pair expects JSON text for an array, got "a"; e.g. --pair '["...",1]'"#
    );
    let message = |argv: &[&str]| parse(argv).unwrap_err().issues[0].message.clone();
    assert_eq!(
        message(&["--edits", r#"{"oldText":"a"}"#]),
        r#"--edits expects JSON text for an array of objects, or for one item (the required key "newText" is missing), got "{\"oldText\":\"a\"}"; e.g. --edits '{"oldText":"...","newText":"..."}'"#
    );
    assert_says(
        &message(&["--edits", one, "--edits", r#"[{"oldText":1,"newText":"b"}]"#]),
        "(at [0].oldText: expected a string, got a number)",
    );
    assert_eq!(
        message(&["--edits"]),
        "--edits expects a value: JSON text for the list, or for one item"
    );
    // The environment: JSON text whole, one item or several; words in commas.
    let env = |name: &'static str, value: &'static str| move |asked: &str| (asked == name).then(|| value.to_owned());
    assert_eq!(
        tool.parse_argv(&[], &env("APP_EDITS", one)).unwrap().data,
        json!({"edits": [{"oldText": "a", "newText": "b"}]})
    );
    assert_eq!(
        tool.parse_argv(&[], &env("APP_TAGS", "a,b\\,c")).unwrap().data,
        json!({"tags": ["a", "b,c"]})
    );
    // A key named like a prototype member is a key like any other.
    assert_eq!(
        data(&["--edits", r#"{"oldText":"a","newText":"b","__proto__":{"x":1}}"#]),
        json!({"edits": [{"oldText": "a", "newText": "b", "__proto__": {"x": 1}}]})
    );
}

/// A list reads back from a flat object, and is shown and written as
/// usage, completion and toArgv say.
#[test]
fn a_list_is_shown_and_written_back() {
    let tool = lists();
    let data = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap().data;
    let (one, two, all) = (ONE_EDIT, TWO_EDITS, all_edits());
    // A flat object (args_from_flag_values): the texts typed, as util.parseArgs'
    // `multiple` gives them, or one item given as itself.
    let flat = |value: Value| tool.args_from_flag_values(value.as_object().unwrap(), &toolshape::no_env);
    assert_eq!(flat(json!({"edits": [one, two]})).unwrap(), json!({ "edits": all }));
    assert_eq!(
        flat(json!({"edits": {"oldText": "a", "newText": "b"}})).unwrap(),
        json!({"edits": [{"oldText": "a", "newText": "b"}]})
    );
    assert_says(
        &flat(json!({"edits": [one, "x"]})).unwrap_err().message,
        r#"--edits expects JSON text for an array of objects, or for one item, got "x""#,
    );
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    assert!(usage.contains("--edits <json>..."), "{usage}");
    assert!(usage.contains("--pair <json> "), "{usage}");
    // A list of scalars is typed a word an item: usage names the words.
    for words in [
        "--checks <boolean>...",
        "--tags <string|null>...",
        "--offsets <number|null>...",
    ] {
        let line = usage.lines().find(|line| line.contains(words));
        assert!(line.is_some_and(|line| !line.contains("[JSON]")), "{usage}");
    }
    // A list of scalars is written a word an item, JSON text where a bare
    // word would read back otherwise (the string "null" in a nullable list).
    assert_eq!(
        tool.to_argv(&json!({"tags": ["a", "null", "-x"], "checks": [true, false]}))
            .unwrap(),
        [
            "--tags",
            "a",
            "--tags",
            r#""null""#,
            "--tags=-x",
            "--checks",
            "true",
            "--checks",
            "false"
        ]
    );
    // Any other list is written as typed too, one flag an item, each
    // item's JSON text (`--edits '{...}' --edits '{...}'`).
    assert_eq!(
        tool.to_argv(&json!({"edits": all, "matrix": [[1, 2], [3]]})).unwrap(),
        [
            "--edits",
            r#"{"oldText":"a","newText":"b"}"#,
            "--edits",
            r#"{"oldText":"c","newText":"d"}"#,
            "--edits",
            r#"{"oldText":"e","newText":"f"}"#,
            "--matrix",
            "[1,2]",
            "--matrix",
            "[3]"
        ]
    );
    // An item whose text would read as several items (an array in a list
    // of anything) leaves the whole list one flag of JSON text.
    let anything = json!({"type": "object", "properties": {"values": {"type": "array", "items": {}}}});
    let anything = Tool::compile(&anything, &CompileOptions::default()).unwrap();
    let args = json!({"values": [[1, 2], {"a": 1}]});
    let written = anything.to_argv(&args).unwrap();
    assert_eq!(written, ["--values", r#"[[1,2],{"a":1}]"#]);
    let refs: Vec<&str> = written.iter().map(String::as_str).collect();
    assert_eq!(anything.parse_argv(&refs, &toolshape::no_env).unwrap().data, args);
    let args = json!({"values": [{"a": 1}, "x"]});
    assert_eq!(
        anything.to_argv(&args).unwrap(),
        ["--values", r#"{"a":1}"#, "--values", "x"]
    );
    // Whatever it writes reads back the same.
    for args in [
        json!({ "edits": all }),
        json!({"matrix": [[1, 2]]}),
        json!({"tags": null}),
        json!({"tags": ["a", "null", "-x", "5", ""]}),
        json!({"tags": []}),
        json!({"offsets": [-5, 0.5]}),
    ] {
        let written = tool.to_argv(&args).unwrap();
        let refs: Vec<&str> = written.iter().map(String::as_str).collect();
        assert_eq!(data(&refs), args, "{written:?}");
    }
}

/// A union of scalars with a boolean branch takes its value optionally,
/// as commander's `--color [when]` and argparse's `nargs='?'`: bare is
/// `true`, `--no-` is `false`, and a token that is no flag is its value
/// (so a typo names the flag rather than filling a positional).
#[test]
fn a_union_with_a_boolean_takes_its_value_optionally() {
    let schema = json!({"type": "object", "properties": {
        "color": {"anyOf": [{"type": "boolean"}, {"type": "string", "enum": ["auto", "always"]}],
                  "description": "Colour"},
        "file": {"type": "string"},
        "n": {"type": "number"},
        "level": {"anyOf": [{"type": "number"}, {"const": "max"}]},
        "only": {"anyOf": [{"const": true}, {"type": "number"}]}
    }});
    let options =
        CompileOptions::from_json(r#"{"flags": {"color": {"short": "c"}, "file": {"positional": 0}}}"#).unwrap();
    let tool = Tool::compile(&schema, &options).unwrap();
    let none = |_: &str| None;
    let parse = |argv: &[&str]| tool.parse_argv(argv, &none).map(|p| p.data);
    for (argv, expected) in [
        (&["--color"][..], json!({"color": true})),
        (&["-c"], json!({"color": true})),
        (&["--no-color"], json!({"color": false})),
        (&["--color=auto"], json!({"color": "auto"})),
        (&["--color", "always"], json!({"color": "always"})),
        (&["-c", "auto"], json!({"color": "auto"})),
        (&["--color", "false"], json!({"color": false})),
        (&["--color", "--n", "3"], json!({"color": true, "n": 3})),
        (&["a.txt", "--color"], json!({"color": true, "file": "a.txt"})),
    ] {
        assert_eq!(parse(argv).unwrap(), expected, "{argv:?}");
    }
    // A union that takes numbers takes a negative one, as a number flag does.
    assert_eq!(parse(&["--level", "-5"]).unwrap(), json!({"level": -5}));
    // Before a dash the value is left out, and the dash word is read on
    // its own: no word after `--color` is explained as its value.
    assert_says(
        &parse(&["a.txt", "--color", "-5"]).unwrap_err().to_string(),
        "unexpected argument \"-5\": this command takes 1 positional argument",
    );
    // A word no branch takes is the flag's mistake, not a positional.
    assert_says(
        &parse(&["--color", "a.txt"]).unwrap_err().to_string(),
        "--color expects a boolean, auto or always, got \"a.txt\"",
    );
    assert_says(
        &parse(&["a.txt", "--no-color", "auto"]).unwrap_err().to_string(),
        "after --no-color: the negation takes no value; write --no-color, or --color auto",
    );
    // Without a boolean branch the value is still required, and a lone
    // `true` literal has no `false` to negate to.
    assert_says(&parse(&["--level"]).unwrap_err().to_string(), "--level expects a value");
    assert_says(
        &parse(&["--no-level"]).unwrap_err().to_string(),
        "unknown flag --no-level",
    );
    assert_says(
        &parse(&["--only"]).unwrap_err().to_string(),
        "--only expects a value: true or a number",
    );
    // toArgv writes the value after the flag, which reads back whatever follows.
    for value in [json!(true), json!(false), json!("auto")] {
        let argv = tool.to_argv(&json!({"color": value})).unwrap();
        let typed: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert_eq!(parse(&typed).unwrap(), json!({"color": value}), "{argv:?}");
    }
    let usage = usage_text(&tool, 80);
    assert_says(&usage, "-c, --[no-]color [<boolean|auto|always>]  Colour\n");
    let table = tool.flags_json().unwrap();
    assert_eq!(table[0]["negatable"], json!(true), "{table}");
}

/// `--no-color` is claimed as a boolean's negation is, so a key of that
/// name is a collision, not a flag that silently shadows the negation.
#[test]
fn a_union_with_a_boolean_claims_its_negation() {
    let schema = json!({"type": "object", "properties": {
        "color": {"anyOf": [{"type": "boolean"}, {"const": "auto"}]},
        "noColor": {"type": "string"}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let error = tool.parse_argv(&[], &|_: &str| None).unwrap_err();
    assert_eq!(error.code, toolshape::Code::FlagCollision, "{error}");
    assert_says(&error.to_string(), "--no-color");
}

/// From the environment such a flag reads `yes`/`on` and `no`/`off` as a
/// boolean does, unless a string branch would take those words as typed.
#[test]
fn a_union_with_a_boolean_reads_yes_and_no_from_the_environment() {
    let schema = json!({"type": "object", "properties": {
        "color": {"anyOf": [{"type": "boolean"}, {"const": "auto"}]},
        "label": {"anyOf": [{"type": "boolean"}, {"type": "string"}]}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap()).unwrap();
    let with = |vars: &[(&str, &str)]| {
        let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned());
        tool.parse_argv(&[], &lookup).map(|p| p.data)
    };
    assert_eq!(with(&[("APP_COLOR", "YES")]).unwrap(), json!({"color": true}));
    assert_eq!(with(&[("APP_COLOR", "off")]).unwrap(), json!({"color": false}));
    assert_eq!(with(&[("APP_COLOR", "auto")]).unwrap(), json!({"color": "auto"}));
    assert_eq!(with(&[("APP_LABEL", "yes")]).unwrap(), json!({"label": "yes"}));
    assert_eq!(with(&[("APP_LABEL", "true")]).unwrap(), json!({"label": true}));
}

/// pydantic's `Optional[Filter] = None` as FastMCP lists it: a `$ref` in an
/// `anyOf` with `null`, defaulting to `null`.
fn nullable_objects() -> Tool {
    let filter = json!({"anyOf": [{"$ref": "#/$defs/Filter"}, {"type": "null"}]});
    let with = |extra: Value| {
        let mut schema = filter.clone();
        schema
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        schema
    };
    let schema = json!({
        "$defs": {"Filter": {"type": "object", "title": "Filter", "required": ["field"], "properties": {
            "field": {"type": "string"}, "value": {"type": "integer"}
        }}},
        "type": "object",
        "properties": {
            "opts": with(json!({"default": null})),
            "nodef": filter,
            "req": filter,
            "fallback": with(json!({"default": {"field": "x"}})),
        },
        "required": ["req"]
    });
    Tool::compile(&schema, &CompileOptions::default()).unwrap()
}

#[test]
fn a_nullable_object_is_a_group_of_flags() {
    let tool = nullable_objects();
    let names: Vec<String> = tool
        .flags_json()
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect();
    // Optional: none of its flags given leaves it out. Required: none given
    // is null. Defaulting to an object: null is a value of its own, so the
    // key stays one JSON flag, which takes it.
    assert_eq!(
        names,
        [
            "opts-field",
            "opts-value",
            "nodef-field",
            "nodef-value",
            "req-field",
            "req-value",
            "fallback"
        ]
    );
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    let data = parse(&["--opts-field", "a", "--opts-value", "3"]).unwrap();
    assert_eq!(data, json!({"opts": {"field": "a", "value": 3}, "req": null}));
    let argv = tool.to_argv(&data).unwrap();
    assert_eq!(
        argv,
        ["--opts-field", "a", "--opts-value", "3"],
        "a required null is no flag given"
    );
    let data = parse(&["--req-field", "r"]).unwrap();
    assert_eq!(data, json!({"req": {"field": "r"}}));
    assert_eq!(tool.to_argv(&data).unwrap(), ["--req-field", "r"]);
    // A member given makes the object present, and its required keys due.
    let error = parse(&["--nodef-value", "3"]).unwrap_err();
    assert_says(&error.issues[0].message, "missing required flag --nodef-field");
    let error = parse(&["--req-value", "3"]).unwrap_err();
    assert_says(&error.issues[0].message, "missing required flag --req-field");
    // An optional one's null is no argv: refused as such, not as a wrong type.
    let error = tool.to_argv(&json!({"req": null, "opts": null})).unwrap_err();
    assert_eq!(error.code, toolshape::Code::Unrepresentable);
    assert_says(&error.message, "null for an optional nullable group of flags");
    let error = tool.to_argv(&json!({"req": null, "opts": 3})).unwrap_err();
    assert_eq!(error.code, toolshape::Code::InvalidArgs);
    // The required one left out, or given empty, would come back null.
    for args in [json!({}), json!({"req": {}})] {
        let error = tool.to_argv(&args).unwrap_err();
        assert_eq!(error.code, toolshape::Code::Unrepresentable, "{args}");
    }
    assert_eq!(
        tool.to_argv(&json!({"req": null, "fallback": null})).unwrap(),
        ["--fallback", "null"]
    );
}

#[test]
fn a_required_key_that_takes_null_is_null_when_not_given() {
    let schema = json!({"type": "object", "required": ["name", "note", "cfg", "kept"], "properties": {
        "name": {"type": "string"},
        "note": {"type": ["string", "null"]},
        "cfg": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "null"}]},
        "kept": {"type": ["integer", "null"], "default": 3}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    // A default is the validator's to apply: the key stays out.
    assert_eq!(
        parse(&["--name", "x"]).unwrap(),
        json!({"name": "x", "note": null, "cfg": null})
    );
    assert_eq!(parse(&["--name", "x", "--note", "n"]).unwrap()["note"], json!("n"));
    let error = parse(&[]).unwrap_err();
    assert_eq!(error.issues.len(), 1, "only --name is missing: {error:?}");
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[1]["required"], json!(false));
    assert!(!usage_text(&tool, 80).contains("--note <string|null>  (required)"));
    assert_eq!(
        tool.to_argv(&json!({"name": "x", "note": null, "cfg": null})).unwrap(),
        ["--name", "x"]
    );
    let error = tool.to_argv(&json!({"name": "x", "cfg": null})).unwrap_err();
    assert_eq!(error.code, toolshape::Code::Unrepresentable);
    assert_says(&error.message, "absent on the command line means null");
}

/// `z.union([z.string(), z.array(z.string())])`: given once, the value as
/// typed; given again, every value's items in one list, as yargs gathers a
/// repeated flag (the last one winning would drop what came first).
#[test]
fn a_one_or_many_union_gathers_what_it_is_given() {
    let schema = json!({"type": "object", "required": ["ids"], "properties": {
        "ids": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "n": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).map(|p| p.data);
    assert_eq!(parse(&["--ids", "a"]).unwrap(), json!({"ids": "a"}));
    assert_eq!(parse(&["--ids", "[\"a\"]"]).unwrap(), json!({"ids": ["a"]}));
    assert_eq!(
        parse(&["--ids", "a", "--ids", "[\"b\",\"c\"]", "--n", "1", "--n", "2"]).unwrap(),
        json!({"ids": ["a", "b", "c"], "n": [1, 2]})
    );
    let usage = usage_text(&tool, 80);
    assert!(usage.contains("--ids <string>...  (required)\n"), "{usage}");
    assert!(usage.contains("--n <integer>...\n"), "{usage}");
    for args in [
        json!({"ids": "a"}),
        json!({"ids": ["a"]}),
        json!({"ids": []}),
        json!({"ids": ["a", "[1]", "null", "-x"], "n": [1, -2]}),
        json!({"ids": ["a", "b"], "n": 3}),
    ] {
        let argv = tool.to_argv(&args).unwrap();
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert_eq!(parse(&refs).unwrap(), args, "{argv:?}");
    }
    assert_eq!(
        tool.to_argv(&json!({"ids": ["a", "b"]})).unwrap(),
        ["--ids", "a", "--ids", "b"]
    );
}

/// From the environment, a "one or many" flag reads the value as typed
/// where it reads (`a,b` is the string for a string or strings), else its
/// items in commas, as a list does (`1,2` for an integer or integers).
#[test]
fn a_one_or_many_union_from_the_environment() {
    let schema = json!({"type": "object", "properties": {
        "ids": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "n": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}
    }});
    let options = CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap();
    let tool = Tool::compile(&schema, &options).unwrap();
    let from = |name: &'static str, value: &'static str| {
        let env = move |key: &str| (key == name).then(|| value.to_owned());
        tool.parse_argv(&[], &env).map(|p| p.data)
    };
    assert_eq!(from("APP_N", "1,2").unwrap(), json!({"n": [1, 2]}));
    assert_eq!(from("APP_N", "[1,2]").unwrap(), json!({"n": [1, 2]}));
    assert_eq!(from("APP_N", "7").unwrap(), json!({"n": 7}));
    assert_eq!(from("APP_IDS", "a,b").unwrap(), json!({"ids": "a,b"}));
    assert_eq!(from("APP_IDS", r#"["a","b"]"#).unwrap(), json!({"ids": ["a", "b"]}));
    let refused = from("APP_N", "1,x").unwrap_err().message.clone();
    assert!(
        refused.starts_with("$APP_N (for --n) expects ") && refused.contains(r#"got "1,x""#),
        "{refused}"
    );
}

/// A model a schema uses for two properties (pydantic titles it with its
/// class name) heads neither group: each is headed by its path, with its
/// own description. A title one group alone has still heads it.
#[test]
fn a_title_two_groups_share_heads_neither() {
    let schema = json!({
        "$defs": {"Addr": {"type": "object", "title": "Addr", "description": "A postal address",
            "properties": {"street": {"type": "string"}}}},
        "type": "object",
        "properties": {
            "home": {"$ref": "#/$defs/Addr"},
            "work": {"$ref": "#/$defs/Addr", "description": "Where you work"},
            "server": {"type": "object", "title": "Server settings", "properties": {"port": {"type": "integer"}}}
        }
    });
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let text = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    let headings: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with(' ')).collect();
    assert_eq!(
        headings,
        [
            "Usage: tool [options]",
            "home: A postal address",
            "work: Where you work",
            "Server settings"
        ],
        "{text}"
    );
    let markdown = tool.usage(&markdown()).unwrap();
    assert!(
        markdown.contains("\n## home: A postal address\n") && markdown.contains("\n## Server settings\n"),
        "{markdown}"
    );
    assert!(!markdown.contains("Addr"), "{markdown}");
}

fn tuples() -> Tool {
    Tool::compile(&tuple_schema(), &CompileOptions::default()).unwrap()
}

fn tuple_schema() -> Value {
    json!({"type": "object", "properties": {
        "range": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": false},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"enum": ["asc", "desc"]}, {"type": "boolean"}], "items": false},
        "open": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
        "name": {"type": "string"}
    }})
}

/// A closed tuple of scalars (`z.tuple([z.number(), z.number()])`) takes
/// its positions as words after its flag, as argparse's and yargs'
/// `nargs` do; JSON text for the whole tuple still works.
#[test]
fn a_tuple_takes_its_positions_as_words() {
    let tool = tuples();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env);
    let data = |argv: &[&str]| parse(argv).unwrap().data;
    assert_eq!(
        data(&["--range", "1", "5", "--name", "x"]),
        json!({"range": [1, 5], "name": "x"})
    );
    assert_eq!(data(&["--range", "-1", "-5"]), json!({"range": [-1, -5]}));
    assert_eq!(data(&["--range", "[1,5]"]), json!({"range": [1, 5]}));
    assert_eq!(data(&["--range=[1,5]"]), json!({"range": [1, 5]}));
    // The first word inline, as yargs-parser reads `--foo=apple bar`.
    assert_eq!(
        data(&["--range=1", "5", "--name", "x"]),
        json!({"range": [1, 5], "name": "x"})
    );
    assert_eq!(
        data(&["--pair=a b", "desc", "true"]),
        json!({"pair": ["a b", "desc", true]})
    );
    assert_eq!(
        data(&["--pair", "a b", "desc", "true"]),
        json!({"pair": ["a b", "desc", true]})
    );
    // A word for a string position is the text, as for a union of scalars.
    assert_eq!(
        data(&["--pair", "5", "asc", "false"]),
        json!({"pair": ["5", "asc", false]})
    );
    assert_eq!(
        data(&["--pair", "-", "asc", "false"]),
        json!({"pair": ["-", "asc", false]})
    );
    // Given again, the last one wins, as for any one value.
    assert_eq!(
        data(&["--range", "1", "2", "--range", "3", "4"]),
        json!({"range": [3, 4]})
    );
    // An open tuple (items may follow) stays one value of JSON text.
    assert_eq!(data(&["--open", r#"["a",1,true]"#]), json!({"open": ["a", 1, true]}));
    let message = |argv: &[&str]| parse(argv).unwrap_err().message.clone();
    let too_few = "--range expects 2 values: a number, then a number, got 1";
    let as_words = format!("{too_few}; write them as words: --range 1 5");
    for (argv, said) in [
        (&["--range", "1", "--name", "x"][..], too_few),
        (&["--range"], "--range expects 2 values: a number, then a number"),
        (&["--range=1"], too_few),
        (&["--range=1", "--name", "x"], too_few),
        // One word in commas, as many parts as positions: how to type them.
        (&["--range", "1,5"], &as_words),
        (&["--range=1,5"], &as_words),
        (&["--range", "1,5,6"], too_few),
    ] {
        assert_eq!(message(argv), said, "{argv:?}");
    }
    assert_eq!(
        message(&["--range", "1", "x"]),
        r#"--range expects 2 values: a number, then a number, or JSON text for the array, got "1 x""#
    );
    assert_eq!(
        message(&["--pair", "a", "up", "true"]),
        r#"--pair expects 3 values: a string, then asc or desc, then a boolean, or JSON text for the array, got "a up true""#
    );
    // The words taken are not read again as positional arguments.
    let err = parse(&["--range", "1", "--", "2"]).unwrap_err();
    assert_eq!(err.issues.len(), 1, "{}", err.message);
    // A word after the tuple's words is a stray positional, as after any value.
    assert_says(&message(&["--range", "1", "2", "3"]), r#"unexpected argument "3""#);
}

/// A tuple typed as words is shown, written back and completed as typed.
#[test]
fn a_tuple_is_shown_written_and_completed_as_words() {
    let tool = tuples();
    let usage = tool.usage(&toolshape::UsageRequest::default()).unwrap();
    let line = |flag: &str| {
        usage
            .lines()
            .find(|line| line.contains(flag))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(line("--range").contains("--range <number> <number>"), "{usage}");
    assert!(!line("--range").contains("JSON"), "{usage}");
    assert!(
        line("--pair").contains("--pair <string> <asc|desc> <boolean>"),
        "{usage}"
    );
    assert!(line("--open").contains("--open <json>"), "{usage}");
    let markdown = tool.usage(&markdown()).unwrap();
    assert!(markdown.contains("| `--range` | `number number` |"), "{markdown}");
    assert!(
        markdown.contains("| `--pair` | `string asc\\|desc boolean` |"),
        "{markdown}"
    );
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[0]["nargs"], json!(2));
    assert_eq!(flags[2].get("nargs"), None, "an open tuple has no nargs");
    let written = |args: Value| tool.to_argv(&args).unwrap();
    assert_eq!(written(json!({"range": [1, -5]})), ["--range", "1", "-5"]);
    assert_eq!(
        written(json!({"pair": ["a b", "asc", true]})),
        ["--pair", "a b", "asc", "true"]
    );
    // A string that would not read back as a word: the tuple as JSON text.
    assert_eq!(
        written(json!({"pair": ["-x", "asc", true]})),
        ["--pair", r#"["-x","asc",true]"#]
    );
    assert_eq!(
        written(json!({"pair": ["[a", "asc", true]})),
        ["--pair", r#"["[a","asc",true]"#]
    );
    assert_eq!(
        written(json!({"pair": ["\"q\"", "asc", true]})),
        ["--pair", r#"["\"q\"","asc",true]"#]
    );
    for args in [
        json!({"range": [1, -5]}),
        json!({"pair": ["-x", "desc", false], "name": "n"}),
        json!({"pair": ["5", "asc", true]}),
        json!({"pair": ["\"q\"", "asc", true]}),
    ] {
        let argv = tool.to_argv(&args).unwrap();
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert_eq!(
            tool.parse_argv(&refs, &toolshape::no_env).unwrap().data,
            args,
            "{argv:?}"
        );
    }
    let complete =
        |words: &[&str]| -> Vec<String> { tool.complete(words).unwrap().into_iter().map(|c| c.value).collect() };
    assert_eq!(complete(&["--pair", "a", ""]), ["asc", "desc"]);
    assert_eq!(complete(&["--pair", "a", "asc", ""]), ["true", "false"]);
    assert_eq!(complete(&["--pair=a", ""]), ["asc", "desc"]);
    assert_eq!(complete(&["--pair=a", "asc", ""]), ["true", "false"]);
    assert!(complete(&["--pair=[\"a\",\"asc\",true]", "--"]).contains(&"--name".to_owned()));
    assert!(complete(&["--pair", "a", "asc", "true", "--"]).contains(&"--name".to_owned()));
    assert_eq!(complete(&["--range", ""]), Vec::<String>::new());
}

/// A tuple typed as words reads its positions from the environment in
/// commas, as a list does, and from `args_from_flag_values` as the words typed for
/// it (yargs-parser's `nargs` gives `['1', '5']`); JSON text for the whole
/// tuple works in both.
#[test]
fn a_tuple_reads_words_from_the_environment_and_args_from_flag_values() {
    let options = CompileOptions::from_json(r#"{"envPrefix":"APP"}"#).unwrap();
    let tool = Tool::compile(&tuple_schema(), &options).unwrap();
    let with_env = |name: &'static str, value: &'static str| move |key: &str| (key == name).then(|| value.to_owned());
    let parsed = |name, value| tool.parse_argv(&[], &with_env(name, value));
    assert_eq!(parsed("APP_RANGE", "1,-5").unwrap().data, json!({"range": [1, -5]}));
    assert_eq!(parsed("APP_RANGE", "[1,5]").unwrap().data, json!({"range": [1, 5]}));
    assert_eq!(
        parsed("APP_PAIR", r"a\,b,desc,true").unwrap().data,
        json!({"pair": ["a,b", "desc", true]})
    );
    assert_eq!(
        parsed("APP_RANGE", "1").unwrap_err().message,
        r#"$APP_RANGE (for --range) expects 2 values: a number, then a number, or JSON text for the array, got "1""#
    );
    assert_says(
        &parsed("APP_PAIR", "a,up,true").unwrap_err().message,
        "$APP_PAIR (for --pair) expects 3 values: a string, then asc or desc, then a boolean",
    );
    // The command line still wins over the variable.
    assert_eq!(
        tool.parse_argv(&["--range", "2", "3"], &with_env("APP_RANGE", "1,5"))
            .unwrap()
            .data,
        json!({"range": [2, 3]})
    );
    let rebuilt = |flat: Value| tool.args_from_flag_values(flat.as_object().unwrap(), &toolshape::no_env);
    assert_eq!(
        rebuilt(json!({"range": ["1", "-5"]})).unwrap(),
        json!({"range": [1, -5]})
    );
    assert_eq!(rebuilt(json!({"range": [1, 5]})).unwrap(), json!({"range": [1, 5]}));
    assert_eq!(rebuilt(json!({"range": "[1,5]"})).unwrap(), json!({"range": [1, 5]}));
    assert_eq!(
        rebuilt(json!({"pair": ["5", "asc", "false"]})).unwrap(),
        json!({"pair": ["5", "asc", false]})
    );
    assert_says(
        &rebuilt(json!({"range": ["1"]})).unwrap_err().message,
        "--range expects 2 values: a number, then a number",
    );
    assert_eq!(
        rebuilt(json!({"range": ["1", "x"]})).unwrap_err().message,
        r#"--range expects 2 values: a number, then a number, or JSON text for the array, got "[\"1\",\"x\"]""#
    );
}

/// A union of literals that each carry a description (Zod's
/// `z.union([z.literal("low").describe("..."), ...])`, a `oneOf` of
/// described `const`s): usage lists what each value means under the flag,
/// as clap's "possible values" do, markdown in the description cell, and
/// completion gives each value its description (zsh and fish show it).
#[test]
fn described_choices_are_listed_in_usage_and_completion() {
    let schema = json!({"type": "object", "properties": {
        "level": {"description": "Service level", "anyOf": [
            {"type": "string", "const": "low", "description": "Cheap and slow"},
            {"type": "string", "const": "high", "description": "Fast, costs more"},
            {"type": "string", "const": "mid", "description": " "}
        ]},
        "tier": {"type": "array", "items": {"oneOf": [
            {"const": 1, "description": "First"},
            {"const": 2, "description": "Second"}
        ]}},
        "size": {"type": "string", "enum": ["s", "m"]}
    }, "required": ["level"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let usage = usage_text(&tool, 80);
    let column = " ".repeat(30);
    let expected = format!(
        "  --level <low|high|mid>  Service level (required)\n{column}- low: Cheap and slow\n{column}- high: Fast, costs more\n      --tier"
    );
    assert!(usage.contains(&expected), "{usage}");
    assert!(usage.contains("- 1: First\n"), "{usage}");
    assert!(
        !usage.contains("- mid"),
        "a choice described blank gets no line: {usage}"
    );
    let markdown = tool.usage(&markdown()).unwrap();
    assert!(
        markdown.contains("Service level (required) Values: `low`: Cheap and slow; `high`: Fast, costs more. |"),
        "{markdown}"
    );
    let complete = |words: &[&str]| -> Vec<(String, Option<String>)> {
        tool.complete(words)
            .unwrap()
            .into_iter()
            .map(|c| (c.value, c.description))
            .collect()
    };
    assert_eq!(
        complete(&["--level", ""]),
        [
            ("low".to_owned(), Some("Cheap and slow".to_owned())),
            ("high".to_owned(), Some("Fast, costs more".to_owned())),
            ("mid".to_owned(), None)
        ]
    );
    assert_eq!(
        complete(&["--tier", "2"]),
        [("2".to_owned(), Some("Second".to_owned()))]
    );
    assert_eq!(complete(&["--size", "s"]), [("s".to_owned(), None)]);
    // The parse is unchanged: a described value is a value.
    let data = tool
        .parse_argv(&["--level", "high", "--tier", "1"], &toolshape::no_env)
        .unwrap()
        .data;
    assert_eq!(data, json!({"level": "high", "tier": [1]}));
    // A choice, as the same literals undescribed are (and `size` is): the
    // flag table says so, where it said `json` and listed no choices.
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[0]["type"], "enum", "{flags}");
    assert_eq!(flags[0]["choices"], json!(["low", "high", "mid"]), "{flags}");
    assert_eq!(flags[0].get("json"), None, "{flags}");
    assert_eq!(flags[1]["type"], "enum", "{flags}");
    assert_eq!(flags[1]["choices"], json!([1, 2]), "{flags}");
    assert_eq!(flags[1]["repeatable"], true, "{flags}");
    // What each choice means, for `--help=json` (blank ones left out).
    assert_eq!(
        flags[0]["choiceDescriptions"],
        json!([{"value": "low", "description": "Cheap and slow"}, {"value": "high", "description": "Fast, costs more"}])
    );
    assert_eq!(
        flags[1]["choiceDescriptions"],
        json!([{"value": 1, "description": "First"}, {"value": 2, "description": "Second"}])
    );
    assert_eq!(
        flags[2].get("choiceDescriptions"),
        None,
        "a plain enum says nothing: {flags}"
    );
    let says = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap_err().message.clone();
    assert_eq!(
        says(&["--level", "max"]),
        r#"--level expects one of: low, high, mid, got "max""#
    );
    assert_eq!(
        says(&["--level", "low", "--size"]),
        "--size expects a value, one of: s, m"
    );
}

/// An enum where a text value is typed as another value is (`"5"` beside
/// `5`, `"true"` beside `true`) cannot be a choice typed as a bare word:
/// `--code 5` would be either. It is a JSON flag, which tells them apart
/// (`--code '"5"'` is the text), so every value comes back from `toArgv`
/// as it went in; where it was a choice, `5` came back as `"5"`.
#[test]
fn an_enum_of_lookalike_values_round_trips() {
    let schema = json!({"type": "object", "properties": {
        "code": {"enum": ["5", 5]},
        "when": {"anyOf": [
            {"const": "true", "description": "The word"},
            {"const": true, "description": "Yes"}
        ]},
        "codes": {"type": "array", "items": {"enum": ["1", 1]}},
        "plain": {"enum": ["5", 6, true]}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    for value in [
        json!({"code": 5}),
        json!({"code": "5"}),
        json!({"when": true}),
        json!({"when": "true"}),
        json!({"codes": [1, "1"]}),
        json!({"plain": "5"}),
        json!({"plain": 6}),
    ] {
        let argv = tool.to_argv(&value).unwrap();
        let words: Vec<&str> = argv.iter().map(String::as_str).collect();
        let back = tool.parse_argv(&words, &toolshape::no_env).unwrap().data;
        assert_eq!(back, value, "{argv:?}");
    }
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[0]["type"], "json", "{flags}");
    assert_eq!(flags[3]["type"], "enum", "no value is typed as another: {flags}");
    let parsed = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap().data;
    assert_eq!(parsed(&["--code", "5"]), json!({"code": 5}));
    assert_eq!(parsed(&["--code", "\"5\""]), json!({"code": "5"}));
}

/// One flag whose left column is wider than half the line (a long enum)
/// takes its description on the next line, as argparse does past its
/// `max_help_position`, and the other rows keep their own column instead
/// of starting at the middle of the line.
#[test]
fn a_wide_flag_does_not_push_every_description_right() {
    let choices: Vec<String> = (0..8).map(|i| format!("choice-number-{i}")).collect();
    let schema = json!({"type": "object", "properties": {
        "client": {"type": "string", "enum": choices, "description": "Which client"},
        "name": {"type": "string", "description": "Command name shown in usage text"}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let usage = usage_text(&tool, 80);
    let lines: Vec<&str> = usage.lines().collect();
    let client = lines.iter().position(|l| l.contains("--client <")).unwrap();
    assert!(
        lines[client].chars().count() > 40 && !lines[client].contains("Which client"),
        "{usage}"
    );
    assert_eq!(lines[client + 1], format!("{}Which client", " ".repeat(23)), "{usage}");
    assert!(
        usage.contains("\n      --name <string>  Command name shown in usage text\n"),
        "{usage}"
    );
    assert!(usage.contains("\n  -h, --help           Show this help\n"), "{usage}");
}

/// Numbers follow JSON; a near miss that other parsers take is refused
/// with the spelling that works, from argv, `args_from_flag_values` and the
/// environment alike (they share the reader).
#[test]
fn a_number_typed_as_other_parsers_take_it_gets_json_spelling() {
    let schema = json!({"type": "object", "properties": {
        "ratio": {"type": "number"}, "count": {"type": "integer"}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let says = |argv: &[&str]| tool.parse_argv(argv, &toolshape::no_env).unwrap_err().message.clone();
    assert_eq!(
        says(&["--ratio", ".5"]),
        r#"--ratio expects a number (as JSON writes it: 0.5), got ".5""#
    );
    assert_eq!(
        says(&["--count", "+3"]),
        r#"--count expects an integer (as JSON writes it: 3), got "+3""#
    );
    assert_eq!(says(&["--count", "0x10"]), r#"--count expects an integer, got "0x10""#);
    assert_eq!(
        tool.parse_argv(&["--ratio", "0.5", "--count", "3"], &toolshape::no_env)
            .unwrap()
            .data,
        json!({"ratio": 0.5, "count": 3})
    );
}
