//! Shell completion: what may follow the words typed, read with the parse's
//! own tokenizer (a tool's flags, an action union's words, a command set).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{Candidate, Commands, CommandsOptions, CompileOptions, Tool};

fn compiled(schema: &Value, options: &str) -> Tool {
    let options: CompileOptions = toolshape::options::read_text(Some(options), "compile").unwrap();
    Tool::compile(schema, &options).unwrap()
}

fn deploy() -> Tool {
    compiled(
        &json!({"type": "object", "description": "Deploy a service", "properties": {
            "env": {"type": "string", "enum": ["dev", "staging", "prod"], "cli": {"positional": 0}},
            "service": {"type": "string", "description": "Service name\nsecond line", "cli": {"short": "s"}},
            "region": {"type": "string", "enum": ["eu", "us"], "cli": {"short": "r"}},
            "replicas": {"type": "integer", "enum": [1, 3]},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "secret": {"type": "string", "cli": {"hidden": true}},
            "config": {"type": "object", "properties": {
                "dryRun": {"type": "boolean", "description": "Only\tplan"},
                "timeout": {"type": "number"}
            }}
        }, "required": ["env", "service"]}),
        r#"{"name":"deploy","version":"1.0.0"}"#,
    )
}

fn values(candidates: &[Candidate]) -> Vec<&str> {
    candidates.iter().map(|c| c.value.as_str()).collect()
}

fn complete(tool: &Tool, words: &[&str]) -> Vec<String> {
    values(&tool.complete(words).unwrap())
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_dash_offers_every_long_flag_with_negations_and_builtins_not_hidden_ones() {
    let tool = deploy();
    assert_eq!(
        complete(&tool, &["--"]),
        [
            "--env",
            "--service",
            "--region",
            "--replicas",
            "--tags",
            "--config-dry-run",
            "--no-config-dry-run",
            "--config-timeout",
            "--help",
            "--version"
        ]
    );
    assert_eq!(complete(&tool, &["--con"]), ["--config-dry-run", "--config-timeout"]);
    assert_eq!(complete(&tool, &["--no"]), ["--no-config-dry-run"]);
    assert_eq!(complete(&tool, &["--nothing"]), Vec::<String>::new());
}

#[test]
fn one_dash_offers_the_short_names_too_each_before_its_long_one() {
    let tool = deploy();
    let one_dash = complete(&tool, &["-"]);
    let long: Vec<&String> = one_dash.iter().filter(|w| w.starts_with("--")).collect();
    let expected_long = complete(&tool, &["--"]);
    assert_eq!(long, expected_long.iter().collect::<Vec<_>>());
    let shorts: Vec<(&str, &str)> = one_dash
        .windows(2)
        .filter(|pair| !pair[0].starts_with("--"))
        .map(|pair| (pair[0].as_str(), pair[1].as_str()))
        .collect();
    assert_eq!(shorts, [("-s", "--service"), ("-r", "--region"), ("-h", "--help")]);
    // A short name typed whole is offered, so the shell ends the word.
    assert_eq!(complete(&tool, &["-s"]), ["-s"]);
    let offered = tool.complete(&["-r"]).unwrap();
    assert_eq!(values(&offered), ["-r"]);
    assert_eq!(offered[0].description, None, "the flag has no description");
    assert_eq!(
        tool.complete(&["-s"]).unwrap()[0].description.as_deref(),
        Some("Service name")
    );
    // Given once, neither name is offered again; an empty word gets long names only.
    assert_eq!(complete(&tool, &["-s", "api", "-s"]), Vec::<String>::new());
    assert!(complete(&tool, &["dev", "-s", "api", ""])
        .iter()
        .all(|w| w.starts_with("--")));
}

#[test]
fn flags_given_are_not_offered_again_unless_repeatable() {
    let tool = deploy();
    let offered = complete(
        &tool,
        &["--service", "api", "-r", "eu", "--tags", "a", "--config-dry-run", "--"],
    );
    assert!(!offered.contains(&"--service".to_owned()));
    assert!(!offered.contains(&"--region".to_owned()), "the short alias gave it");
    assert!(!offered.contains(&"--no-config-dry-run".to_owned()));
    assert!(offered.contains(&"--tags".to_owned()), "repeatable");
    assert!(offered.contains(&"--replicas".to_owned()));
    // `--service=api` and `-sapi` give it as well.
    assert!(!complete(&tool, &["--service=api", "--"]).contains(&"--service".to_owned()));
    assert!(!complete(&tool, &["-sapi", "--"]).contains(&"--service".to_owned()));
}

#[test]
fn an_enum_flags_value_is_one_of_its_choices() {
    let tool = deploy();
    assert_eq!(complete(&tool, &["--region", ""]), ["eu", "us"]);
    assert_eq!(complete(&tool, &["--region", "u"]), ["us"]);
    assert_eq!(complete(&tool, &["-r", ""]), ["eu", "us"]);
    assert_eq!(complete(&tool, &["--replicas", ""]), ["1", "3"]);
    assert_eq!(complete(&tool, &["--tags", "a", "--tags", ""]), ["a", "b"]);
    assert_eq!(complete(&tool, &["--region="]), ["--region=eu", "--region=us"]);
    assert_eq!(
        complete(&tool, &["--config-dry-run="]),
        ["--config-dry-run=true", "--config-dry-run=false"]
    );
    // Free text gets nothing: the shell offers its own (file names).
    assert_eq!(complete(&tool, &["--service", ""]), Vec::<String>::new());
    assert_eq!(complete(&tool, &["--config-timeout", ""]), Vec::<String>::new());
    // A switch takes no value: the next word is a positional.
    assert_eq!(complete(&tool, &["--config-dry-run", ""]), ["dev", "staging", "prod"]);
    // `-rs`: -r took "s" as its value, so nothing is pending.
    assert_eq!(complete(&tool, &["-rs", "p"]), ["prod"]);
}

/// A union with a boolean (`--color`, `--no-color`, `--color auto`): its
/// values after it, its negation among the flags, and, since its value may
/// be left out, the flags again once the word starts with a dash.
#[test]
fn a_value_that_may_be_left_out_leaves_room_for_a_flag() {
    let tool = compiled(
        &json!({"type": "object", "properties": {
            "color": {"anyOf": [{"type": "boolean"}, {"const": "auto"}]},
            "depth": {"type": "number"}
        }}),
        "{}",
    );
    assert_eq!(complete(&tool, &["--color", ""]), ["true", "false", "auto"]);
    assert_eq!(complete(&tool, &["--color", "--d"]), ["--depth"]);
    assert_eq!(complete(&tool, &["--no-"]), ["--no-color"]);
    assert_eq!(complete(&tool, &["--color", "auto", "--"]), ["--depth", "--help"]);
    // A value still required (`--depth`) is what follows, dash or not.
    assert_eq!(complete(&tool, &["--depth", "--c"]), Vec::<String>::new());
}

/// A flag that adds to its value when given again (a list's items, a
/// record's entries) is offered again; one whose value a second would
/// replace is not.
#[test]
fn a_flag_that_adds_to_its_value_is_offered_again() {
    let tool = compiled(
        &json!({"type": "object", "properties": {
            "edits": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}},
            "env": {"type": "object", "additionalProperties": {"type": "string"}},
            "name": {"type": "string"},
            "checks": {"type": "array", "items": {"type": "boolean"}}
        }}),
        "{}",
    );
    assert_eq!(
        complete(&tool, &["--edits", "{}", "--env", "A=1", "--name", "x", "--"]),
        ["--edits", "--env", "--checks", "--help"]
    );
    // A list of scalars offers what one item takes.
    assert_eq!(
        complete(&tool, &["--checks", "true", "--checks", ""]),
        ["true", "false"]
    );
}

#[test]
fn positionals_are_offered_their_choices_in_order() {
    let tool = deploy();
    assert_eq!(complete(&tool, &[""]), ["dev", "staging", "prod"]);
    assert_eq!(complete(&tool, &["st"]), ["staging"]);
    assert_eq!(complete(&tool, &["--service", "api", ""]), ["dev", "staging", "prod"]);
    // The one positional is filled (so `--env` is given): an empty word
    // gets the flags, a word nothing.
    assert_eq!(complete(&tool, &["prod", ""])[..2], ["--service", "--region"]);
    assert_eq!(complete(&tool, &["prod", "x"]), Vec::<String>::new());
    // After `--` every word is rest.
    assert_eq!(complete(&tool, &["--", "-"]), Vec::<String>::new());
    assert_eq!(
        complete(&tool, &[]),
        ["dev", "staging", "prod"],
        "no words is one empty word"
    );
}

#[test]
fn descriptions_are_one_clipped_line() {
    let tool = deploy();
    let all = tool.complete(&["--"]).unwrap();
    let service = all.iter().find(|c| c.value == "--service").unwrap();
    assert_eq!(service.description.as_deref(), Some("Service name"));
    let dry = all.iter().find(|c| c.value == "--config-dry-run").unwrap();
    assert_eq!(dry.description.as_deref(), Some("Only plan"));
    let long = compiled(
        &json!({"type": "object", "properties": {"x": {"type": "string", "description": "y".repeat(500)}}}),
        "{}",
    );
    let x = &long.complete(&["--x"]).unwrap()[0];
    assert!(x.description.as_ref().unwrap().chars().count() <= 81);
}

fn docker() -> Tool {
    compiled(
        &json!({"oneOf": [
            {"type": "object", "description": "Show logs", "properties": {"action": {"const": "logs"}, "id": {"type": "string"}, "follow": {"type": "boolean"}}, "required": ["action", "id"]},
            {"type": "object", "description": "List containers", "properties": {"action": {"const": "list"}, "all": {"type": "boolean"}}, "required": ["action"]},
            {"type": "object", "description": "List pools", "properties": {"action": {"const": "zfs:pools"}, "health": {"type": "string", "enum": ["ok", "degraded"]}}, "required": ["action"]},
            {"type": "object", "description": "Scrub a pool", "properties": {"action": {"const": "zfs:scrub"}, "pool": {"type": "string"}}, "required": ["action"]}
        ]}),
        r#"{"name":"docker"}"#,
    )
}

#[test]
fn an_action_union_offers_its_words_then_the_actions_flags() {
    let tool = docker();
    assert_eq!(complete(&tool, &[""]), ["logs", "list", "zfs"]);
    assert_eq!(complete(&tool, &["l"]), ["logs", "list"]);
    let firsts = tool.complete(&[""]).unwrap();
    assert_eq!(firsts[0].description.as_deref(), Some("Show logs"));
    assert_eq!(firsts[2].description.as_deref(), Some("zfs pools, scrub"));
    assert_eq!(complete(&tool, &["zfs", ""]), ["pools", "scrub"]);
    assert_eq!(complete(&tool, &["zfs", "s"]), ["scrub"]);
    assert_eq!(
        complete(&tool, &["logs", "--"]),
        ["--id", "--follow", "--no-follow", "--help"]
    );
    assert_eq!(complete(&tool, &["zfs", "pools", "--health", ""]), ["ok", "degraded"]);
    assert_eq!(complete(&tool, &["-"]), ["-h", "--help"]);
    assert_eq!(
        complete(&tool, &["logs", "-"]),
        ["--id", "--follow", "--no-follow", "-h", "--help"]
    );
    // Unknown words and a flag before the action: nothing to offer.
    assert_eq!(complete(&tool, &["nope", "--"]), Vec::<String>::new());
    assert_eq!(complete(&tool, &["--all", ""]), Vec::<String>::new());
}

#[test]
fn a_tool_with_no_command_line_says_why() {
    let union = compiled(
        &json!({"anyOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}},
            {"type": "object", "properties": {"b": {"type": "string"}}}
        ]}),
        "{}",
    );
    let reason = union.complete(&["-"]).unwrap_err();
    assert_eq!(reason.code, toolshape::Code::NoDiscriminator);
}

#[test]
fn a_command_set_offers_its_words_help_and_each_tools_own() {
    let options: CommandsOptions =
        toolshape::options::read_text(Some(r#"{"name":"ops","version":"2.0.0"}"#), "compileCommands").unwrap();
    let mut set = Commands::new(&options).unwrap();
    set.add("deploy", deploy()).unwrap();
    set.add("docker", docker()).unwrap();
    let words = |w: &[&str]| -> Vec<String> { set.complete(w).into_iter().map(|c| c.value).collect() };
    assert_eq!(words(&[""]), ["deploy", "docker", "help"]);
    assert_eq!(words(&["d"]), ["deploy", "docker"]);
    assert_eq!(words(&["-"]), ["-h", "--help", "--version"]);
    assert_eq!(words(&["--"]), ["--help", "--version"]);
    assert_eq!(words(&["help", ""]), ["deploy", "docker"]);
    assert_eq!(words(&["help", "deploy", ""]), Vec::<String>::new());
    assert_eq!(words(&["deploy", "--region", ""]), ["eu", "us"]);
    assert_eq!(words(&["docker", "zfs", ""]), ["pools", "scrub"]);
    assert_eq!(words(&["nope", ""]), Vec::<String>::new());
    assert_eq!(set.complete(&[""])[0].description.as_deref(), Some("Deploy a service"));
}

#[test]
fn hostile_words_cost_their_length_and_never_panic() {
    let tool = deploy();
    let many: Vec<String> = (0..20_000).map(|i| format!("--tags={}", i % 2)).collect();
    let mut refs: Vec<&str> = many.iter().map(String::as_str).collect();
    refs.push("--ta");
    assert_eq!(complete(&tool, &refs), ["--tags"]);
    for words in [
        &["-\u{0}", ""][..],
        &["--=", "--="],
        &["-", "-"],
        &["--region", "--region", ""],
        &["\u{1F600}", "-\u{1F600}"],
        &["--no-config-dry-run=x", "--no-"],
    ] {
        let _ = tool.complete(words);
        let _ = docker().complete(words);
    }
    // A choice holding a control character cannot be offered one per line.
    let odd = compiled(
        &json!({"type": "object", "properties": {"x": {"type": "string", "enum": ["a\nb", "c", ""]}}}),
        "{}",
    );
    assert_eq!(complete(&odd, &["--x", ""]), ["c"]);
}

#[test]
fn a_set_that_answers_completion_lists_and_completes_the_word_unless_a_tool_took_it() {
    let with = |options: &str, words: &[(&str, Tool)]| {
        let options: CommandsOptions = toolshape::options::read_text(Some(options), "compileCommands").unwrap();
        let mut set = Commands::new(&options).unwrap();
        for (word, tool) in words {
            set.add(word, tool.clone()).unwrap();
        }
        set
    };
    let offered = with(r#"{"name":"ops","completion":true}"#, &[("deploy", deploy())]);
    let words = |set: &Commands, w: &[&str]| -> Vec<String> { set.complete(w).into_iter().map(|c| c.value).collect() };
    assert_eq!(words(&offered, &[""]), ["deploy", "help", "completion"]);
    assert_eq!(words(&offered, &["completion", ""]), ["bash", "zsh", "fish"]);
    assert_eq!(words(&offered, &["completion", "z"]), ["zsh"]);
    assert_eq!(words(&offered, &["completion", "zsh", ""]), Vec::<String>::new());
    let usage = offered.usage(&toolshape::UsageOptions::default(), None).unwrap();
    assert!(
        usage.contains("completion  Print the shell completion script: completion bash|zsh|fish"),
        "{usage}"
    );

    let plain = with(r#"{"name":"ops"}"#, &[("deploy", deploy())]);
    assert_eq!(words(&plain, &[""]), ["deploy", "help"]);
    assert!(!plain
        .usage(&toolshape::UsageOptions::default(), None)
        .unwrap()
        .contains("completion"));

    let own = compiled(
        &json!({"type": "object", "description": "Its own", "properties": {"x": {"type": "string", "enum": ["a"]}}}),
        "{}",
    );
    let taken = with(r#"{"name":"ops","completion":true}"#, &[("completion", own)]);
    assert_eq!(words(&taken, &[""]), ["completion", "help"]);
    assert_eq!(words(&taken, &["completion", "--x", ""]), ["a"]);
}
