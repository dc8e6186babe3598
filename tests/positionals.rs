//! Issue 11, items 1 and 3: positional arguments, and the built-in `--help`,
//! `-h` and `--version` that can be renamed or turned off.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{no_env, ArgvOptions, Code, CompileOptions, Error, IssueCode, Tool, UsageRequest};

fn deploy(options: &str) -> Tool {
    let schema = json!({"type": "object", "properties": {
        "service": {"type": "string", "cli": {"positional": 0}},
        "region": {"type": "string", "cli": {"positional": 1}},
        "files": {"type": "array", "items": {"type": "string"}, "cli": {"positional": 2}},
        "config": {"type": "object", "properties": {"dryRun": {"type": "boolean"}}},
        "replicas": {"type": "integer"}
    }, "required": ["service"]});
    Tool::compile(&schema, &CompileOptions::from_json(options).unwrap()).unwrap()
}

fn plain(options: &str) -> Tool {
    let schema = json!({"type": "object", "properties": {
        "config": {"type": "object", "properties": {"dryRun": {"type": "boolean"}}},
        "host": {"type": "string"}
    }});
    Tool::compile(&schema, &CompileOptions::from_json(options).unwrap()).unwrap()
}

fn parse(tool: &Tool, argv: &[&str]) -> Result<Value, Error> {
    tool.parse_argv(argv, &no_env).map(|p| p.data)
}

/// Why `compile` or, for flag names, the command line refuses the schema.
fn compile_error(schema: &Value, options: &str) -> Error {
    match Tool::compile(schema, &CompileOptions::from_json(options).unwrap()) {
        Ok(tool) => tool.command().refusal().cloned().expect("a refusal"),
        Err(err) => err,
    }
}

#[test]
fn positionals_fill_marked_keys_in_order() {
    let tool = deploy("{}");
    assert_eq!(parse(&tool, &["api"]).unwrap(), json!({"service": "api"}));
    assert_eq!(
        parse(&tool, &["api", "eu", "a.txt", "b.txt", "--replicas", "2"]).unwrap(),
        json!({"service": "api", "region": "eu", "files": ["a.txt", "b.txt"], "replicas": 2})
    );
    // The flag still works, and positionals and flags mix in any order.
    assert_eq!(
        parse(&tool, &["--region", "us", "--service", "web"]).unwrap(),
        json!({"service": "web", "region": "us"})
    );
    assert_eq!(
        parse(&tool, &["--config-dry-run", "api"]).unwrap(),
        json!({"service": "api", "config": {"dryRun": true}})
    );
    // After `--`, nothing is positional.
    let parsed = tool.parse_argv(&["api", "--", "eu"], &no_env).unwrap();
    assert_eq!(
        (parsed.data, parsed.rest),
        (json!({"service": "api"}), vec!["eu".to_owned()])
    );
    // A missing positional is named as the synopsis shows it, with its flag.
    let err = parse(&tool, &[]).unwrap_err();
    assert_eq!(err.message, "missing required argument <service> (or --service)");
    assert_eq!(err.issues[0].code, IssueCode::MissingRequired);
    assert_eq!(err.issues[0].flag.as_deref(), Some("--service"));
    // A plain flag keeps its own wording.
    let schema = json!({"type": "object", "properties": {"host": {"type": "string"}}, "required": ["host"]});
    let flags_only = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    assert_eq!(
        parse(&flags_only, &[]).unwrap_err().message,
        "missing required flag --host"
    );
}

/// A positional and its flag are one key given twice: the last wins, as for
/// any flag given twice (README conventions).
#[test]
fn a_positional_and_its_flag_together_keep_the_last() {
    assert_eq!(
        parse(&deploy("{}"), &["api", "--service", "web"]).unwrap(),
        json!({"service": "web"})
    );
    assert_eq!(
        parse(&deploy("{}"), &["--service", "web", "api"]).unwrap(),
        json!({"service": "api"})
    );
}

#[test]
fn a_bad_positional_value_names_its_key() {
    let schema = json!({"type": "object", "properties": {
        "port": {"type": "integer", "cli": {"positional": 1}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = parse(&tool, &["eighty"]).unwrap_err();
    assert!(err.message.starts_with("<port> expects an integer"), "{}", err.message);
    assert_eq!(parse(&tool, &["80"]).unwrap(), json!({"port": 80}));
}

#[test]
fn an_unexpected_positional_is_an_issue_unless_allowed() {
    let tool = plain("{}");
    let err = parse(&tool, &["extra"]).unwrap_err();
    assert_eq!(err.issues[0].code, IssueCode::UnexpectedArgument);
    assert_eq!(
        err.message,
        "unexpected argument \"extra\": this command takes no positional arguments; give a value with its flag (--name value), or after -- to pass it through"
    );
    let allowed = tool
        .parse_argv_with(
            &["extra", "--host", "h"],
            &no_env,
            ArgvOptions {
                allow_positionals: true,
                partial: false,
            },
        )
        .unwrap();
    assert_eq!(
        (allowed.data, allowed.rest),
        (json!({"host": "h"}), vec!["extra".to_owned()])
    );
    let err = parse(&deploy("{}"), &["api", "eu", "--replicas", "1", "x", "y"]);
    assert!(err.is_ok(), "the array takes the rest");
    let schema = json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"positional": 0}}}});
    let one = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = parse(&one, &["x", "y"]).unwrap_err();
    assert_eq!(
        err.message,
        "unexpected argument \"y\": this command takes 1 positional argument (<a>); put the rest after -- to pass them through"
    );
}

/// The defect that opened the issue: `--config-dry-run false` gave `true`
/// and sent `false` to rest.
#[test]
fn a_boolean_word_after_a_switch_says_how_to_write_it() {
    for tool in [plain("{}"), deploy("{}")] {
        let err = parse(&tool, &["--config-dry-run", "false"]).unwrap_err();
        let issue = err
            .issues
            .iter()
            .find(|i| i.code == IssueCode::UnexpectedArgument)
            .unwrap();
        assert_eq!(
            issue.message,
            "unexpected argument \"false\" after --config-dry-run: a switch takes no value; write --no-config-dry-run or --config-dry-run=false"
        );
        let err = parse(&tool, &["--config-dry-run", "TRUE"]).unwrap_err();
        assert!(
            err.message.contains("write --config-dry-run or --config-dry-run=true"),
            "{}",
            err.message
        );
    }
    // Even when positionals are allowed, a true/false after a switch is refused.
    let err = plain("{}")
        .parse_argv_with(
            &["--config-dry-run", "false"],
            &no_env,
            ArgvOptions {
                allow_positionals: true,
                partial: false,
            },
        )
        .unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    let err = parse(&plain("{}"), &["--config-dry-run", "api"]).unwrap_err();
    assert!(
        err.message
            .contains("after --config-dry-run: a switch takes no value, and no key is left"),
        "{}",
        err.message
    );
    assert_eq!(
        parse(&plain("{}"), &["--config-dry-run=false"]).unwrap(),
        json!({"config": {"dryRun": false}})
    );
}

/// A list flag (a nullable list of words, a list of objects) takes the
/// rest of the positionals when last, as an array of strings does, each
/// word an item; before another positional it is refused.
#[test]
fn a_list_takes_the_remaining_positionals() {
    let schema = json!({"type": "object", "properties": {
        "out": {"type": "string", "cli": {"positional": 0}},
        "files": {"type": ["array", "null"], "items": {"type": "string"}, "cli": {"positional": 1}},
        "edits": {"type": "array", "items": {"type": "object"}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    assert_eq!(
        parse(&tool, &["o", "a.txt", "b.txt", "--files", "c.txt"]).unwrap(),
        json!({"out": "o", "files": ["a.txt", "b.txt", "c.txt"]})
    );
    let usage = tool.usage(&UsageRequest::default()).unwrap();
    assert!(usage.contains("Usage: tool [out] [files]... [options]"), "{usage}");
    let objects = json!({"type": "object", "properties": {
        "edits": {"type": "array", "items": {"type": "object"}, "cli": {"positional": 0}}
    }});
    let tool = Tool::compile(&objects, &CompileOptions::default()).unwrap();
    assert_eq!(
        parse(&tool, &["{\"a\":1}", "[{\"b\":2},{}]"]).unwrap(),
        json!({"edits": [{"a": 1}, {"b": 2}, {}]})
    );
    let list_first = json!({"type": "object", "properties": {
        "files": {"type": ["array", "null"], "items": {"type": "string"}, "cli": {"positional": 0}},
        "out": {"type": "string", "cli": {"positional": 1}}
    }});
    let err = compile_error(&list_first, "{}");
    assert!(err.message.contains("must be the last positional"), "{}", err.message);
}

#[test]
fn usage_shows_positionals() {
    let text = deploy(r#"{"name":"deploy"}"#).usage(&UsageRequest::default()).unwrap();
    assert!(
        text.starts_with("Usage: deploy <service> [region] [files]... [options]\n"),
        "{text}"
    );
    let schema = json!({"type": "object", "properties": {
        "service": {"type": "string", "cli": {"positional": 0}},
        "token": {"type": "string"}
    }, "required": ["service", "token"]});
    let tool = Tool::compile(&schema, &CompileOptions::from_json(r#"{"name":"deploy"}"#).unwrap()).unwrap();
    let text = tool.usage(&UsageRequest::default()).unwrap();
    assert!(text.starts_with("Usage: deploy <service> <options>\n"), "{text}");
    let flags = tool.flags_json().unwrap();
    assert_eq!(flags[0]["positional"], json!(0));
    assert_eq!(flags[1].get("positional"), None);
}

#[test]
fn options_flags_can_mark_positionals_and_orders_are_checked() {
    let schema = json!({"type": "object", "properties": {
        "a": {"type": "string"}, "b": {"type": "string"}
    }});
    let tool = Tool::compile(
        &schema,
        &CompileOptions::from_json(r#"{"flags":{"a":{"positional":2},"b":{"positional":1}}}"#).unwrap(),
    )
    .unwrap();
    assert_eq!(parse(&tool, &["x", "y"]).unwrap(), json!({"b": "x", "a": "y"}));

    let err = compile_error(&schema, r#"{"flags":{"a":{"positional":1},"b":{"positional":1}}}"#);
    assert!(err.message.contains("has the same position (1)"), "{}", err.message);
    let switch = json!({"type": "object", "properties": {"f": {"type": "boolean", "cli": {"positional": 0}}}});
    let err = compile_error(&switch, "{}");
    assert!(err.message.contains("is a boolean, a switch"), "{}", err.message);
    let array_first = json!({"type": "object", "properties": {
        "files": {"type": "array", "items": {"type": "string"}, "cli": {"positional": 0}},
        "out": {"type": "string", "cli": {"positional": 1}}
    }});
    let err = compile_error(&array_first, "{}");
    assert!(err.message.contains("must be the last positional"), "{}", err.message);
    let optional_first = json!({"type": "object", "properties": {
        "a": {"type": "string", "cli": {"positional": 0}},
        "b": {"type": "string", "cli": {"positional": 1}}
    }, "required": ["b"]});
    let err = compile_error(&optional_first, "{}");
    assert!(
        err.message
            .contains("is required but comes after the optional positional"),
        "{}",
        err.message
    );
    let bad = json!({"type": "object", "properties": {"a": {"type": "string", "cli": {"positional": -1}}}});
    assert_eq!(compile_error(&bad, "{}").code, Code::InvalidSchema);
}

#[test]
fn positionals_work_in_actions() {
    let schema = json!({"oneOf": [
        {"type": "object", "properties": {
            "action": {"const": "logs"},
            "service": {"type": "string", "cli": {"positional": 0}}
        }, "required": ["action", "service"]},
        {"type": "object", "properties": {"action": {"const": "list"}}, "required": ["action"]}
    ]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    assert_eq!(
        parse(&tool, &["logs", "api"]).unwrap(),
        json!({"action": "logs", "service": "api"})
    );
    let err = parse(&tool, &["list", "api"]).unwrap_err();
    assert_eq!(err.issues[0].code, IssueCode::UnexpectedArgument);
}

#[test]
fn version_answers_when_given() {
    let tool = plain(r#"{"name":"ops","version":"ops 1.4.2"}"#);
    let err = parse(&tool, &["--host", "h", "--version"]).unwrap_err();
    assert_eq!((err.code, err.message.as_str()), (Code::VersionRequested, "ops 1.4.2"));
    let text = tool.usage(&UsageRequest::default()).unwrap();
    assert!(text.contains("    --version  "), "{text}");
    // Without a version, --version is an unknown flag, and a key may take it.
    let err = parse(&plain("{}"), &["--version"]).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    let keyed = json!({"type": "object", "properties": {"version": {"type": "string"}}});
    let tool = Tool::compile(&keyed, &CompileOptions::default()).unwrap();
    assert_eq!(parse(&tool, &["--version", "2"]).unwrap(), json!({"version": "2"}));
    let err = compile_error(&keyed, r#"{"version":"1.0.0"}"#);
    assert_eq!(err.code, Code::FlagCollision);
    assert!(
        err.message.contains("or leave out the compile option version"),
        "{}",
        err.message
    );
}

#[test]
fn help_can_be_renamed_or_turned_off() {
    let schema = json!({"type": "object", "properties": {
        "host": {"type": "string", "cli": {"short": "h"}}
    }});
    let err = compile_error(&schema, "{}");
    assert_eq!(err.code, Code::FlagCollision);
    assert!(err.message.contains("help: { short: null }"), "{}", err.message);
    let tool = Tool::compile(
        &schema,
        &CompileOptions::from_json(r#"{"help":{"short":null}}"#).unwrap(),
    )
    .unwrap();
    assert_eq!(parse(&tool, &["-h", "db"]).unwrap(), json!({"host": "db"}));
    assert_eq!(parse(&tool, &["--help"]).unwrap_err().code, Code::HelpRequested);
    let text = tool.usage(&UsageRequest::default()).unwrap();
    assert!(
        text.contains("\n      --help  ") || text.contains("\n  --help"),
        "{text}"
    );
    assert!(!text.contains("-h, --help"), "{text}");

    let other = Tool::compile(
        &schema,
        &CompileOptions::from_json(r#"{"help":{"short":"?"}}"#).unwrap(),
    )
    .unwrap();
    assert_eq!(parse(&other, &["-?"]).unwrap_err().code, Code::HelpRequested);

    let keyed = json!({"type": "object", "properties": {"help": {"type": "boolean"}}});
    let err = compile_error(&keyed, "{}");
    assert!(err.message.contains("help: false"), "{}", err.message);
    let off = Tool::compile(&keyed, &CompileOptions::from_json(r#"{"help":false}"#).unwrap()).unwrap();
    assert_eq!(parse(&off, &["--help"]).unwrap(), json!({"help": true}));
    assert!(!off.usage(&UsageRequest::default()).unwrap().contains("Show this help"));
    let err = parse(&off, &["-h"]).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs, "-h is an unknown flag once help is off");

    for bad in [
        r#"{"help":"yes"}"#,
        r#"{"help":{"shrt":null}}"#,
        r#"{"help":{"short":"hh"}}"#,
    ] {
        let err = compile_error(&schema, bad);
        assert_eq!(err.code, Code::InvalidOption, "{bad}");
    }
}

/// A required key that takes null may be left out (it is null then), but
/// keeps its place before a required one: a schema written for OpenAI's
/// strict mode, every key required, keeps the order it was given.
#[test]
fn a_required_nullable_positional_keeps_its_place() {
    let schema = json!({"type": "object", "required": ["note", "path", "tail"], "properties": {
        "note": {"type": ["string", "null"], "cli": {"positional": 0}},
        "path": {"type": "string", "cli": {"positional": 1}},
        "tail": {"type": ["string", "null"], "cli": {"positional": 2}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    assert!(tool.command().refusal().is_none());
    let usage = tool.usage(&UsageRequest::default()).unwrap();
    assert!(usage.starts_with("Usage: tool <note> <path> [tail] "), "{usage}");
    assert_eq!(
        parse(&tool, &["n", "p"]).unwrap(),
        json!({"note": "n", "path": "p", "tail": null})
    );
}

/// yargs reads `--tags a b` as two tags: a word after a list flag's value
/// says how to add it, for every word of the run, and nothing else changes.
#[test]
fn a_word_after_a_list_value_says_how_to_add_it() {
    let schema = json!({"type": "object", "properties": {
        "tags": {"type": "array", "items": {"type": "string"}},
        "ports": {"type": "array", "items": {"type": "integer"}},
        "name": {"type": "string"},
        "file": {"type": "string", "cli": {"positional": 0}}
    }});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = parse(&tool, &["--tags", "a", "b", "c"]).unwrap_err();
    let messages: Vec<&str> = err.issues.iter().map(|i| i.message.as_str()).collect();
    assert_eq!(
        messages,
        ["unexpected argument \"c\": this command takes 1 positional argument (<file>); put the rest after -- to pass them through"],
        "b fills the positional <file>: c follows no list value"
    );
    let err = parse(&tool, &["x.txt", "--tags=a", "b", "c", "--ports", "1", "-2"]).unwrap_err();
    let messages: Vec<&str> = err.issues.iter().map(|i| i.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "unexpected argument \"b\": --tags takes one value each time it is given; write --tags b to add it",
            "unexpected argument \"c\": --tags takes one value each time it is given; write --tags c to add it",
            "unexpected argument \"-2\": --ports takes one value each time it is given; write --ports=-2 to add it",
        ]
    );
    // A word after a scalar flag's value, or after another word, is as before.
    let err = parse(&tool, &["x.txt", "--name", "n", "b"]).unwrap_err();
    assert!(
        err.message.contains("takes 1 positional argument (<file>)"),
        "{}",
        err.message
    );
    assert_eq!(
        parse(&tool, &["--tags", "a", "x.txt", "--tags", "b"]).unwrap(),
        json!({"tags": ["a", "b"], "file": "x.txt"})
    );
}
