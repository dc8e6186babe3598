//! Action unions on the command line: subcommands, their flags, the
//! discriminator filled in, toArgv back, usage, and the inputSchema forms.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use std::fs;
use std::path::Path;

use serde_json::{json, Value};
use toolshape::{no_env, ActionsAs, Code, CompileOptions, InputSchemaOptions, Tool, UsageRequest};

fn tool(name: &str) -> Tool {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/zod-actions/{name}.json"));
    let value: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let options = CompileOptions::from_json(r#"{"name":"ops"}"#).unwrap();
    Tool::compile(&value["variants"]["draft-2020-12/input"], &options).unwrap()
}

fn parse(tool: &Tool, argv: &[&str]) -> Result<Value, toolshape::Error> {
    tool.parse_argv(argv, &no_env).map(|p| p.data)
}

#[test]
fn subcommands_fill_in_the_discriminator() {
    let docker = tool("docker-actions");
    assert_eq!(
        parse(&docker, &["logs", "--id", "abc", "--lines", "5"]).unwrap(),
        json!({"action": "logs", "id": "abc", "lines": 5})
    );
    assert_eq!(parse(&docker, &["list"]).unwrap(), json!({"action": "list"}));
    let scout = tool("scout-nested");
    assert_eq!(
        parse(&scout, &["zfs", "datasets", "--pool", "tank"]).unwrap(),
        json!({"action": "zfs", "subaction": "datasets", "pool": "tank"})
    );
    let flux = tool("flux-composite");
    assert_eq!(
        parse(&flux, &["container", "stop", "--id", "c1", "--force"]).unwrap(),
        json!({"action_subaction": "container:stop", "action": "container", "subaction": "stop", "id": "c1", "force": true})
    );
}

#[test]
fn unknown_and_missing_actions_are_clear() {
    let docker = tool("docker-actions");
    let err = parse(&docker, &["lgos"]).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    assert!(err.message.contains("did you mean logs?"), "{}", err.message);
    let err = parse(&docker, &["--id", "x"]).unwrap_err();
    assert_eq!(
        err.message,
        "an action comes before any flag, got --id (actions: list, logs, restart, inspect)"
    );
    let err = parse(&docker, &[]).unwrap_err();
    assert_eq!(err.message, "missing action (actions: list, logs, restart, inspect)");
    let err = parse(&tool("scout-nested"), &["zfs"]).unwrap_err();
    assert!(err.message.contains("second word"), "{}", err.message);
    let err = parse(&docker, &["logs", "--lines", "5"]).unwrap_err();
    assert!(err.message.contains("missing required flag --id"), "{}", err.message);
    let err = parse(&docker, &["list", "--id", "x"]).unwrap_err();
    assert_eq!(
        err.message,
        "--id is a flag of \"logs\", \"restart\", \"inspect\", not of \"list\""
    );
}

#[test]
fn to_argv_inverts_parse() {
    for (name, args) in [
        (
            "docker-actions",
            json!({"action": "inspect", "id": "c", "format": "yaml", "fields": ["a", "b"]}),
        ),
        (
            "scout-nested",
            json!({"action": "logs", "subaction": "search", "query": "-err", "since": null}),
        ),
        (
            "flux-composite",
            json!({"action_subaction": "image:pull", "action": "image", "subaction": "pull", "ref": "alpine", "platform": "arm64"}),
        ),
    ] {
        let t = tool(name);
        let argv = t.to_argv(&args).unwrap();
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert_eq!(parse(&t, &refs).unwrap(), args, "{argv:?}");
    }
    let err = tool("docker-actions").to_argv(&json!({"action": "nope"})).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
}

#[test]
fn usage_lists_actions_and_shows_one() {
    let scout = tool("scout-nested");
    let list = scout.usage(&UsageRequest::default()).unwrap();
    insta::assert_snapshot!("scout_actions", list);
    let one = scout.usage(&topic("logs:tail")).unwrap();
    assert!(one.starts_with("Usage: ops logs tail [options]"), "{one}");
    assert!(one.contains("--lines <integer>"));
    assert_eq!(scout.usage(&topic("nope")).unwrap_err().code, Code::InvalidArgs);
}

/// Defect: the union's own description (`z.discriminatedUnion(...)
/// .describe(...)`) was in no usage, where an object's is under its
/// `Usage:` line.
#[test]
fn the_list_of_actions_says_what_the_union_does() {
    let docker = tool("docker-actions");
    let text = docker.usage(&UsageRequest::default()).unwrap();
    assert!(
        text.starts_with("Usage: ops <action> [options]\n\nManage Docker containers\n\nActions:\n"),
        "{text}"
    );
    let markdown = docker
        .usage(&UsageRequest {
            format: toolshape::Format::Markdown,
            ..UsageRequest::default()
        })
        .unwrap();
    assert!(
        markdown.starts_with("# ops\n\nManage Docker containers\n\n## Actions\n"),
        "{markdown}"
    );
    // An action's usage says what the action does, not the union.
    let logs = docker.usage(&topic("logs")).unwrap();
    assert!(
        logs.starts_with("Usage: ops logs <options>\n\nShow container logs\n"),
        "{logs}"
    );
    assert!(!logs.contains("Manage Docker"), "{logs}");
}

#[test]
fn input_schema_forms() {
    let docker = tool("docker-actions");
    let one_of = InputSchemaOptions {
        actions_as: Some(ActionsAs::OneOf),
        ..InputSchemaOptions::default()
    };
    let emitted = docker.input_schema(&one_of).unwrap();
    assert_eq!(emitted["type"], "object");
    assert_eq!(emitted["oneOf"].as_array().unwrap().len(), 4);
    let flat = docker.input_schema(&InputSchemaOptions::default()).unwrap();
    // A group's words: each action's description and the keys it requires,
    // and on each key the actions that require it or use it.
    assert_eq!(
        flat["properties"]["action"],
        json!({"type": "string", "enum": ["list", "logs", "restart", "inspect"], "description": "Which operation to perform:\n- 'list': List containers\n- 'logs': Show container logs. Requires: id\n- 'restart': Restart a container. Requires: id\n- 'inspect': Requires: id"})
    );
    assert_eq!(flat["required"], json!(["action"]));
    assert_eq!(
        flat["properties"]["id"]["description"],
        "Container id. Required for: logs, restart, inspect"
    );
    assert!(flat.get("oneOf").is_none());
    insta::assert_json_snapshot!("docker_flat", flat);
    let clash = Tool::compile(
        &json!({"oneOf": [
            {"type": "object", "properties": {"action": {"const": "a"}, "n": {"type": "number"}}},
            {"type": "object", "properties": {"action": {"const": "b"}, "n": {"type": "string"}}}
        ]}),
        &CompileOptions::default(),
    )
    .unwrap();
    assert_eq!(
        clash.input_schema(&InputSchemaOptions::default()).unwrap()["properties"]["n"]["anyOf"],
        json!([{"type": "number"}, {"type": "string"}])
    );
}

#[test]
fn flags_say_which_actions_they_belong_to() {
    let flags: Value = tool("docker-actions").flags_json().unwrap();
    let id = flags.as_array().unwrap().iter().find(|f| f["name"] == "id").unwrap();
    assert_eq!(id["actions"], json!(["logs", "restart", "inspect"]));
}

#[test]
fn help_flags_ask_for_usage() {
    let docker = tool("docker-actions");
    let err = parse(&docker, &["logs", "--help"]).unwrap_err();
    assert_eq!(err.code, Code::HelpRequested);
    assert!(err.message.starts_with("Usage: ops logs <options>"), "{}", err.message);
    let err = parse(&docker, &["-h"]).unwrap_err();
    assert!(err.message.contains("Actions:"), "{}", err.message);
    let plain = Tool::compile(
        &json!({"type": "object", "properties": {"v": {"type": "boolean", "cli": {"short": "v"}}}}),
        &CompileOptions::default(),
    )
    .unwrap();
    let err = plain.parse_argv(&["-vh"], &no_env).unwrap_err();
    assert_eq!(err.code, Code::HelpRequested);
    assert_eq!(plain.parse_argv(&["--", "--help"], &no_env).unwrap().rest, ["--help"]);
}

#[test]
fn a_union_of_many_branches_compiles_without_blowing_up() {
    let branches: Vec<Value> = (0..5000)
        .map(|i| json!({"type": "object", "properties": {"action": {"const": format!("a{i}")}, format!("k{i}"): {"type": "string"}}}))
        .collect();
    let tool = Tool::compile(&json!({"oneOf": branches}), &CompileOptions::default()).unwrap();
    assert_eq!(
        parse(&tool, &["a4999", "--k4999", "x"]).unwrap(),
        json!({"action": "a4999", "k4999": "x"})
    );
    assert_eq!(tool.command().actions().unwrap().actions.len(), 5000);
}

fn topic(topic: &str) -> UsageRequest {
    UsageRequest {
        topic: Some(topic.to_owned()),
        ..UsageRequest::default()
    }
}

/// Defect: the flat form of a union with a recursive parameter emitted a
/// `$ref` to a NUL-carrying placeholder and no `$defs`.
#[test]
fn every_root_form_carries_its_defs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/zod-actions");
    let mut recursive = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        for (variant, schema) in fixture["variants"].as_object().unwrap() {
            let tool = Tool::compile(schema, &CompileOptions::default()).unwrap();
            for actions_as in [ActionsAs::Flat, ActionsAs::OneOf] {
                let options = InputSchemaOptions {
                    actions_as: Some(actions_as),
                    ..InputSchemaOptions::default()
                };
                let emitted = tool.input_schema(&options).unwrap();
                common::check_emitted(&emitted);
                if emitted.to_string().contains("\"$ref\"") {
                    assert!(
                        emitted.get("$defs").is_some(),
                        "{} {variant} {actions_as:?}",
                        fixture["name"]
                    );
                    recursive += 1;
                }
            }
        }
    }
    assert!(
        recursive >= 6,
        "the recursive fixture is read in every variant, both forms: {recursive}"
    );
}

/// Issue 11, item 8: help is asked only by `--help`, `-h`, or a cluster the
/// table reads as holding `-h`; never by a value.
#[test]
fn a_value_starting_with_h_is_not_a_request_for_help() {
    let schema = json!({"type": "object", "properties": {"foo": {"type": "string"}, "v": {"type": "boolean"}, "n": {"type": "integer"}}});
    let options = CompileOptions::from_json(r#"{"flags":{"v":{"short":"v"}}}"#).unwrap();
    let tool = Tool::compile(&schema, &options).unwrap();
    let parse = |argv: &[&str]| tool.parse_argv(argv, &no_env);
    let err = parse(&["--foo", "-hello world"]).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    assert_eq!(err.issues.len(), 1, "{:?}", err.issues);
    assert_eq!(
        err.message,
        "--foo expects a string value; to give a value that starts with '-', write --foo=-hello world"
    );
    for argv in [&["-hx"][..], &["-xh"]] {
        let err = parse(argv).unwrap_err();
        assert_eq!(err.code, Code::InvalidArgs, "{argv:?}");
        assert_eq!(err.message, "unknown flag -x", "{argv:?}");
    }
    for argv in [&["-h"][..], &["--help"], &["-vh"], &["--foo", "x", "-h"]] {
        assert_eq!(parse(argv).unwrap_err().code, Code::HelpRequested, "{argv:?}");
    }
    assert_eq!(parse(&["--n"]).unwrap_err().message, "--n expects an integer value");
    // A flag after a flag that wants a value is still read as a flag.
    let err = parse(&["--foo", "--v"]).unwrap_err();
    assert_eq!(err.issues.len(), 1);
}

/// Issue 11, item 5: a flag of another action says which.
#[test]
fn a_flag_of_another_action_says_which() {
    let docker = tool("docker-actions");
    let err = docker.parse_argv(&["logs", "--id", "x", "--all"], &no_env).unwrap_err();
    assert_eq!(err.message, "--all is a flag of \"list\", not of \"logs\"");
    let err = docker.parse_argv(&["list", "--format", "json"], &no_env).unwrap_err();
    assert_eq!(err.message, "--format is a flag of \"inspect\", not of \"list\"");
    let err = docker.parse_argv(&["list", "--nope"], &no_env).unwrap_err();
    assert!(err.message.starts_with("unknown flag --nope"), "{}", err.message);
}

/// Two-word actions (`zfs pools`): the first word alone, or a wrong second
/// word, says what may follow; usage and `--help` on the first word list
/// the actions under it.
#[test]
fn a_first_word_alone_lists_the_actions_under_it() {
    let scout = tool("scout-nested");
    let err = parse(&scout, &["zfs"]).unwrap_err();
    assert_eq!(err.message, "\"zfs\" needs a second word: pools, datasets");
    let err = parse(&scout, &["zfs", "pool"]).unwrap_err();
    assert!(
        err.message
            .starts_with("unknown action \"zfs pool\"; did you mean zfs pools? (actions: "),
        "{}",
        err.message
    );
    let under = scout.usage(&topic("zfs")).unwrap();
    assert!(
        under.starts_with("Usage: ops zfs <action> [options]\n\nActions:\n  pools"),
        "{under}"
    );
    assert!(!under.contains("logs"), "{under}");
    let err = parse(&scout, &["zfs", "--help"]).unwrap_err();
    assert_eq!(err.code, Code::HelpRequested);
    assert_eq!(err.message, under);
    assert_eq!(err.path, Some(vec!["zfs".to_owned()]));
}

#[test]
fn a_union_of_one_action_keeps_its_word() {
    // A group of one action: the schema reads as that object, the command
    // line still starts with the action's word (two words with a colon).
    for (literal, argv) in [("create", vec!["create"]), ("users:create", vec!["users", "create"])] {
        let branch = json!({"type": "object", "properties": {
            "action": {"const": literal}, "email": {"type": "string"}
        }, "required": ["action", "email"]});
        let one = Tool::compile(&json!({"oneOf": [branch.clone()]}), &CompileOptions::default()).unwrap();
        let mut words = argv.clone();
        words.extend(["--email", "a@b.c"]);
        assert_eq!(
            parse(&one, &words).unwrap(),
            json!({"action": literal, "email": "a@b.c"})
        );
        assert!(one.is_action_union());
        // The schema clients get is the object's, unchanged.
        let plain = Tool::compile(&branch, &CompileOptions::default()).unwrap();
        let options = InputSchemaOptions::default();
        assert_eq!(
            one.input_schema(&options).unwrap(),
            plain.input_schema(&options).unwrap()
        );
        // A plain object with a literal key is no action union.
        assert!(!plain.is_action_union());
        assert_eq!(
            parse(&plain, &["--action", literal, "--email", "x"]).unwrap()["action"],
            json!(literal)
        );
    }
    // One branch without a literal key: the object's flags, as before.
    let bare = json!({"anyOf": [{"type": "object", "properties": {"n": {"type": "integer"}}}]});
    let tool = Tool::compile(&bare, &CompileOptions::default()).unwrap();
    assert_eq!(parse(&tool, &["--n", "2"]).unwrap(), json!({"n": 2}));
}

#[test]
fn a_deprecated_action_is_listed_as_such_and_not_completed_but_still_runs() {
    let schema = json!({"oneOf": [
        {"type": "object", "description": "Show logs", "properties": {"action": {"const": "logs"}, "id": {"type": "string"}}, "required": ["action", "id"]},
        {"type": "object", "description": "Old name of logs", "deprecated": true, "properties": {"action": {"const": "log"}, "id": {"type": "string"}}, "required": ["action", "id"]},
        {"type": "object", "properties": {"action": {"const": "zfs:pools"}}, "required": ["action"]},
        {"type": "object", "deprecated": true, "properties": {"action": {"const": "zfs:legacy"}}, "required": ["action"]}
    ]});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"ops"}"#).unwrap()).unwrap();
    assert_eq!(
        parse(&tool, &["log", "--id", "a"]).unwrap(),
        json!({"action": "log", "id": "a"})
    );
    let usage = |topic: Option<&str>| {
        tool.usage(&UsageRequest {
            format: toolshape::Format::Text,
            width: 80,
            topic: topic.map(str::to_owned),
        })
        .unwrap()
    };
    let all = usage(None);
    assert!(
        all.lines()
            .any(|l| l.trim_start().starts_with("log ") && l.ends_with("Old name of logs [deprecated]")),
        "{all}"
    );
    assert!(
        all.lines()
            .any(|l| l.trim_start().starts_with("zfs legacy") && l.ends_with("  [deprecated]")),
        "{all}"
    );
    assert!(
        all.lines()
            .any(|l| l.trim_start().starts_with("logs ") && l.ends_with("Show logs")),
        "{all}"
    );
    let zfs = usage(Some("zfs"));
    assert!(
        zfs.lines()
            .any(|l| l.trim_start().starts_with("legacy") && l.ends_with("[deprecated]")),
        "{zfs}"
    );
    let words =
        |typed: &[&str]| -> Vec<String> { tool.complete(typed).unwrap().into_iter().map(|c| c.value).collect() };
    assert_eq!(words(&[""]), ["logs", "zfs"]);
    assert_eq!(words(&["zfs", ""]), ["pools"]);
    // A typed deprecated action still completes its flags.
    assert_eq!(words(&["log", "--"]), ["--id", "--help"]);
    let named = |argv: &[&str]| -> Vec<String> {
        tool.deprecated_in(argv)
            .into_iter()
            .map(|used| used.action.unwrap_or_default())
            .collect()
    };
    assert_eq!(named(&["log", "--id", "a"]), ["log"]);
    assert_eq!(named(&["zfs", "legacy"]), ["zfs legacy"]);
    assert!(tool.deprecated_in(&["logs", "--id", "a"]).is_empty());
    assert!(tool.deprecated_in(&["nope"]).is_empty());

    let entries = tool.help(&toolshape::HelpOptions::default()).unwrap();
    let marked: Vec<&str> = entries
        .iter()
        .filter(|e| e.deprecated.is_marked())
        .map(|e| e.discriminator.as_str())
        .collect();
    assert_eq!(marked, ["log", "zfs:legacy"]);
    let markdown = toolshape::help::format_markdown(&entries);
    assert!(
        markdown.contains("## log\n\n**Deprecated.**\n\nOld name of logs\n"),
        "{markdown}"
    );
    assert!(!markdown.contains("## logs\n\n**Deprecated"), "{markdown}");
    let json: Value = serde_json::from_str(&toolshape::help::format_json(&entries)).unwrap();
    assert_eq!(json[1]["deprecated"], json!(true));
    assert!(
        json[0].get("deprecated").is_none(),
        "false is left out, as servers write it"
    );
}

#[test]
fn a_deprecated_action_may_say_what_to_use_instead_through_its_cli_meta() {
    let schema = json!({"oneOf": [
        {"type": "object", "properties": {"action": {"const": "list"}}, "required": ["action"]},
        {"type": "object", "description": "List, the old way. Kept for scripts.", "deprecated": true, "cli": {"deprecated": "use list"}, "properties": {"action": {"const": "ls"}, "id": {"type": "string"}}, "required": ["action"]},
        {"type": "object", "deprecated": true, "cli": {"deprecated": false}, "properties": {"action": {"const": "dir"}}, "required": ["action"]},
        {"$ref": "#/$defs/Old"}
    ], "$defs": {"Old": {"type": "object", "cli": {"deprecated": "use list --all"}, "properties": {"action": {"const": "la"}}, "required": ["action"]}}});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"ops"}"#).unwrap()).unwrap();
    let usage = tool
        .usage(&UsageRequest {
            format: toolshape::Format::Text,
            width: 80,
            topic: None,
        })
        .unwrap();
    let line = |word: &str| {
        usage
            .lines()
            .find(|l| l.trim_start().starts_with(word))
            .unwrap_or_default()
            .to_owned()
    };
    // The description's first sentence, then the mark: cutting one never cuts the other.
    assert!(
        line("ls ").ends_with("List, the old way. [deprecated: use list]"),
        "{usage}"
    );
    assert!(line("la ").ends_with("[deprecated: use list --all]"), "{usage}");
    assert!(
        !line("dir").contains("deprecated"),
        "`false` in the meta unmarks it: {usage}"
    );
    let words: Vec<String> = tool.complete(&[""]).unwrap().into_iter().map(|c| c.value).collect();
    assert_eq!(words, ["list", "dir"]);
    // The action's own usage says so under its first line.
    let own = tool
        .usage(&UsageRequest {
            format: toolshape::Format::Text,
            width: 80,
            topic: Some("ls".to_owned()),
        })
        .unwrap();
    assert!(
        own.starts_with("Usage: ops ls [options]\n\nDeprecated: use list\n\nList, the old way."),
        "{own}"
    );
    let used = tool.deprecated_in(&["ls", "--id", "x"]);
    assert_eq!(
        serde_json::to_value(&used).unwrap(),
        json!([{"action": "ls", "message": "use list"}])
    );
    // The message reaches help entries, their markdown and JSON, and is read back in.
    let entries = tool.help(&toolshape::HelpOptions::default()).unwrap();
    let markdown = toolshape::help::format_markdown(&entries);
    assert!(
        markdown.contains("## ls\n\n**Deprecated:** use list\n\nList, the old way. Kept for scripts.\n"),
        "{markdown}"
    );
    let json: Value = serde_json::from_str(&toolshape::help::format_json(&entries)).unwrap();
    assert_eq!(json[1]["deprecated"], json!("use list"));
    let again =
        toolshape::help::parse_entries(&toolshape::json::Json::borrow(&serde_json::to_value(&entries).unwrap()))
            .unwrap();
    assert_eq!(again, entries);
    // The meta's value must be true, false or a message.
    let mut bad = schema.clone();
    bad["oneOf"][1]["cli"]["deprecated"] = json!(["use list"]);
    // Compiled all the same (an MCP server serves it); refused where it is used.
    let tool = Tool::compile(&bad, &CompileOptions::default()).unwrap();
    assert!(tool.input_schema(&toolshape::InputSchemaOptions::default()).is_ok());
    let help_error = tool.help(&toolshape::HelpOptions::default()).unwrap_err();
    assert_eq!(help_error.code, toolshape::Code::InvalidSchema);
    let error = tool.parse_argv(&["list"], &toolshape::no_env).unwrap_err();
    assert_eq!(error.code, toolshape::Code::InvalidSchema);
    assert!(
        error
            .message
            .contains("\"deprecated\": expected true, false or a message"),
        "{}",
        error.message
    );
}
