//! Issue 11, item 2: several tools as the subcommands of one command line.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{no_env, ArgvOptions, Code, Commands, CommandsOptions, CompileOptions, IssueCode, Tool, UsageOptions};

fn ops(options: &str) -> Commands {
    let deploy = json!({"type": "object", "description": "Deploy a service", "properties": {
        "service": {"type": "string", "cli": {"positional": 0}},
        "config": {"type": "object", "properties": {"dryRun": {"type": "boolean"}}}
    }, "required": ["service"]});
    let logs = json!({"type": "object", "description": "Search the logs", "properties": {
        "query": {"type": "string"}, "lines": {"type": "integer", "default": 50}
    }});
    let docker = json!({"oneOf": [
        {"type": "object", "description": "Show logs", "properties": {"action": {"const": "logs"}, "id": {"type": "string"}}, "required": ["action", "id"]},
        {"type": "object", "description": "List containers", "properties": {"action": {"const": "list"}}, "required": ["action"]}
    ]});
    let options: CommandsOptions = toolshape::options::read_text(Some(options), "compileCommands").unwrap();
    let mut set = Commands::new(&options).unwrap();
    for (word, schema) in [("deploy", deploy), ("search-logs", logs), ("docker", docker)] {
        set.add(word, Tool::compile(&schema, &CompileOptions::default()).unwrap())
            .unwrap();
    }
    set
}

fn parse(set: &Commands, argv: &[&str]) -> Result<(String, Value, Vec<String>), toolshape::Error> {
    set.parse_argv(argv, &no_env, ArgvOptions::default())
        .map(|p| (p.command, p.parsed.data, p.parsed.rest))
}

#[test]
fn the_first_word_picks_the_tool() {
    let set = ops(r#"{"name":"ops"}"#);
    assert_eq!(
        parse(&set, &["deploy", "api", "--config-dry-run", "--", "x"]).unwrap(),
        (
            "deploy".to_owned(),
            json!({"service": "api", "config": {"dryRun": true}}),
            vec!["x".to_owned()]
        )
    );
    assert_eq!(
        parse(&set, &["search-logs", "--query", "err"]).unwrap().1,
        json!({"query": "err"})
    );
    assert_eq!(
        parse(&set, &["docker", "logs", "--id", "c1"]).unwrap().1,
        json!({"action": "logs", "id": "c1"})
    );
    assert_eq!(set.names().collect::<Vec<_>>(), ["deploy", "search-logs", "docker"]);
}

#[test]
fn a_misspelt_or_missing_command_is_named() {
    let set = ops(r#"{"name":"ops"}"#);
    let err = parse(&set, &["delpoy", "api"]).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    assert_eq!(err.issues[0].code, IssueCode::UnknownCommand);
    assert_eq!(err.message, "unknown command \"delpoy\"; did you mean deploy?");
    let err = parse(&set, &["zzz"]).unwrap_err();
    assert_eq!(
        err.message,
        "unknown command \"zzz\"; expected one of: deploy, search-logs, docker"
    );
    let err = parse(&set, &[]).unwrap_err();
    assert_eq!(err.issues[0].code, IssueCode::MissingCommand);
    assert_eq!(
        err.message,
        "missing command; expected one of: deploy, search-logs, docker"
    );
    let err = parse(&set, &["--service", "api"]).unwrap_err();
    assert!(
        err.message
            .starts_with("a command comes before any flag, got --service"),
        "{}",
        err.message
    );
    // The tool's own issues come through unchanged.
    let err = parse(&set, &["deploy", "api", "--nope"]).unwrap_err();
    assert_eq!(err.message, "unknown flag --nope");
}

#[test]
fn help_and_version() {
    let set = ops(r#"{"name":"ops","version":"ops 3.1.0"}"#);
    let err = parse(&set, &["--help"]).unwrap_err();
    assert_eq!(err.code, Code::HelpRequested);
    insta::assert_snapshot!("commands_list", err.message);
    let err = parse(&set, &["deploy", "--help"]).unwrap_err();
    assert_eq!(err.code, Code::HelpRequested);
    assert!(
        err.message.starts_with("Usage: ops deploy <service> [options]\n"),
        "{}",
        err.message
    );
    let err = parse(&set, &["help", "deploy"]).unwrap_err();
    assert!(
        err.message.starts_with("Usage: ops deploy <service> [options]\n"),
        "{}",
        err.message
    );
    let err = parse(&set, &["docker", "logs", "-h"]).unwrap_err();
    assert!(
        err.message.starts_with("Usage: ops docker logs <options>\n"),
        "{}",
        err.message
    );
    let err = parse(&set, &["help", "delpoy"]).unwrap_err();
    assert!(err.message.contains("did you mean deploy?"), "{}", err.message);
    let err = parse(&set, &["--version"]).unwrap_err();
    assert_eq!((err.code, err.message.as_str()), (Code::VersionRequested, "ops 3.1.0"));
    let text = set.usage(&UsageOptions::default(), Some("docker:logs")).unwrap();
    assert!(text.starts_with("Usage: ops docker logs <options>\n"), "{text}");
    let off = ops(r#"{"help":false}"#);
    assert_eq!(parse(&off, &["--help"]).unwrap_err().code, Code::InvalidArgs);
    assert!(!off.usage(&UsageOptions::default(), None).unwrap().contains("--help"));
}

#[test]
fn command_words_are_checked() {
    let mut set = Commands::new(&CommandsOptions::default()).unwrap();
    assert_eq!(set.finish().unwrap_err().code, Code::InvalidOption);
    let tool = || Tool::compile(&json!({"type": "object"}), &CompileOptions::default()).unwrap();
    for bad in ["", "-x", "two words", "a\u{0}b"] {
        let err = set.add(bad, tool()).unwrap_err();
        assert_eq!(err.code, Code::InvalidOption, "{bad:?}");
    }
    set.add("one", tool()).unwrap();
    assert!(set.add("one", tool()).unwrap_err().message.contains("given twice"));
    assert!(set.finish().is_ok());
}

/// The command list shows each description's first sentence, as `git help`
/// does; the command's own `--help` shows all of it. MCP tools' descriptions
/// run to paragraphs (the filesystem server's), which filled the list.
#[test]
fn the_command_list_shows_first_sentences() {
    let long = "Read a file as text. Handles various encodings, e.g. UTF-16. Use it for one file.";
    let schema = json!({"type": "object", "description": long, "properties": {"path": {"type": "string"}}});
    let options: CommandsOptions = toolshape::options::read_text(Some(r#"{"name":"fs"}"#), "compileCommands").unwrap();
    let mut set = Commands::new(&options).unwrap();
    set.add(
        "read_text_file",
        Tool::compile(&schema, &CompileOptions::default()).unwrap(),
    )
    .unwrap();
    let list = set.usage(&UsageOptions::default(), None).unwrap();
    assert!(list.contains("\n  read_text_file  Read a file as text.\n"), "{list}");
    assert!(!list.contains("encodings"), "{list}");
    let own = set.usage(&UsageOptions::default(), Some("read_text_file")).unwrap();
    assert!(
        own.contains("Read a file as text. Handles various encodings, e.g. UTF-16."),
        "{own}"
    );
}

#[test]
fn a_deprecated_command_is_listed_as_such_not_completed_and_says_so_in_its_usage() {
    let fresh = json!({"type": "object", "description": "Deploy a service. Any of them.", "properties": {"service": {"type": "string"}}});
    let old = json!({"type": "object", "description": "Deploy, the old way. Kept for scripts.", "deprecated": true,
        "cli": {"deprecated": "use deploy"}, "properties": {"service": {"type": "string"}}});
    let older = json!({"type": "object", "deprecated": true, "properties": {}});
    let options: CommandsOptions = toolshape::options::read_text(Some(r#"{"name":"ops"}"#), "compileCommands").unwrap();
    let mut set = Commands::new(&options).unwrap();
    let named = |schema: &Value, name: &str| {
        let options = CompileOptions::from_json(&json!({ "name": name }).to_string()).unwrap();
        Tool::compile(schema, &options).unwrap()
    };
    set.add("deploy", named(&fresh, "deploy")).unwrap();
    set.add("ship", named(&old, "ship")).unwrap();
    set.add("push", named(&older, "push")).unwrap();
    let list = set.usage(&UsageOptions::default(), None).unwrap();
    let row = |word: &str| {
        let line = list
            .lines()
            .find(|l| l.starts_with(&format!("  {word} ")))
            .unwrap_or_default();
        line.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")
    };
    assert_eq!(row("deploy"), "Deploy a service.");
    // The first sentence, then the mark (which the cut must not take).
    assert_eq!(row("ship"), "Deploy, the old way. [deprecated: use deploy]");
    assert_eq!(row("push"), "[deprecated]");
    let words: Vec<String> = set.complete(&[""]).into_iter().map(|c| c.value).collect();
    assert_eq!(words, ["deploy", "help"]);
    // Typed, it still parses and completes its flags.
    assert_eq!(
        parse(&set, &["ship", "--service", "a"]).unwrap().1,
        json!({"service": "a"})
    );
    let flags: Vec<String> = set.complete(&["ship", "--"]).into_iter().map(|c| c.value).collect();
    assert_eq!(flags, ["--service", "--help"]);
    let own = set.usage(&UsageOptions::default(), Some("ship")).unwrap();
    assert!(
        own.starts_with("Usage: ops ship [options]\n\nDeprecated: use deploy\n\nDeploy, the old way."),
        "{own}"
    );
    let markdown = UsageOptions {
        format: toolshape::Format::Markdown,
        ..UsageOptions::default()
    };
    let own = set.usage(&markdown, Some("push")).unwrap();
    assert!(own.starts_with("# ops push\n\n**Deprecated.**\n"), "{own}");
    // The tool warns of itself by the name it was compiled with, then of its flags.
    let ship = named(&old, "ship");
    assert_eq!(
        serde_json::to_value(ship.deprecated_in(&["--service", "a"])).unwrap(),
        json!([{"command": "ship", "message": "use deploy"}])
    );
    assert!(named(&fresh, "deploy").deprecated_in(&["--service", "a"]).is_empty());
    // A malformed meta refuses the tool's command line, not the tool.
    let bad = json!({"type": "object", "cli": {"deprecated": 7}, "properties": {"a": {"type": "string"}}});
    let tool = named(&bad, "bad");
    let error = tool.parse_argv(&["--a", "x"], &no_env).unwrap_err();
    assert_eq!(error.code, Code::InvalidSchema);
    assert!(
        error
            .message
            .contains("\"deprecated\": expected true, false or a message"),
        "{}",
        error.message
    );
    assert!(tool.input_schema(&toolshape::InputSchemaOptions::default()).is_ok());
}
