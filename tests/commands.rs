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
