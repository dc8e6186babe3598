//! The peers' own test cases for per-client transforms (issue 10, item 5),
//! ported as data in `tests/fixtures/peers/`: each case is the peer's input
//! and what the peer's test expects (a schema, `null` for "no parameters",
//! or `throws`). Our profile for the same client must give a schema its
//! client's checker accepts (or refuse it with a named rule), and wherever
//! our result is not the peer's, the case says why in `differs`: a case that
//! matches must not claim a difference, so the notes cannot go stale. Cases
//! with `args` port the peer's argument normalisation: `repair` with the
//! client must give `normalized`. Our outputs are snapshotted per peer.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod clients;

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use toolshape::{Client, CompileOptions, Tool};

/// What we did with a peer's input.
enum Ours {
    Emitted(Value),
    /// Refused by the profile (its error codes) or by reading (the code).
    Refused(Vec<String>),
}

fn ours(input: &Value, client: Client) -> (Ours, Vec<String>) {
    match toolshape::shape(input, &[client]) {
        Ok(mut shaped) => {
            let shaped = shaped.pop().unwrap();
            let warnings = shaped
                .report
                .warnings
                .iter()
                .map(|f| f.code.as_str().to_owned())
                .collect();
            if shaped.report.errors.is_empty() {
                (Ours::Emitted(shaped.schema), warnings)
            } else {
                let codes = shaped
                    .report
                    .errors
                    .iter()
                    .map(|f| f.code.as_str().to_owned())
                    .collect();
                (Ours::Refused(codes), warnings)
            }
        }
        Err(err) => (Ours::Refused(vec![err.code.as_str().to_owned()]), Vec::new()),
    }
}

/// Whether we did what the peer's test expects.
fn same_as_peer(ours: &Ours, case: &Value) -> bool {
    match (ours, case.get("throws")) {
        (Ours::Refused(_), Some(_)) => true,
        (Ours::Emitted(schema), None) => case.get("expected") == Some(schema),
        _ => false,
    }
}

/// The peer's argument normalisation, through our repair for the client.
fn check_args(case: &Value, client: Client, test: &str, failures: &mut Vec<String>) -> Option<Value> {
    let args = case.get("args")?;
    let tool = Tool::compile(&case["input"], &CompileOptions::default()).unwrap();
    let repaired = tool.repair_for(args.clone(), client).value;
    let matches = Some(&repaired) == case.get("normalized");
    if matches == case.get("differs").is_some() {
        failures.push(format!(
            "{test}: repaired {repaired}, peer wants {}, differs note: {:?}",
            case["normalized"],
            case.get("differs")
        ));
    }
    Some(repaired)
}

fn run(file: &Path) -> (String, Vec<String>) {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let client = Client::parse(doc["client"].as_str().unwrap()).unwrap();
    let mut failures = Vec::new();
    let mut out = format!("# {} as `{}`\n\n", doc["peer"].as_str().unwrap(), client.name());
    for case in doc["cases"].as_array().unwrap() {
        let test = case["test"].as_str().unwrap();
        let (ours, warnings) = ours(&case["input"], client);
        writeln!(out, "## {test}").unwrap();
        match &ours {
            Ours::Emitted(schema) => {
                let violations = clients::check(client.name(), schema);
                if !violations.is_empty() {
                    failures.push(format!(
                        "{test}: our schema fails the {} checker: {violations:?}",
                        client.name()
                    ));
                }
                writeln!(out, "{schema}").unwrap();
            }
            Ours::Refused(codes) => writeln!(out, "refused: {}", codes.join(", ")).unwrap(),
        }
        if !warnings.is_empty() {
            writeln!(out, "warnings: {}", warnings.join(", ")).unwrap();
        }
        if case.get("args").is_some() {
            let repaired = check_args(case, client, test, &mut failures).unwrap();
            writeln!(out, "repaired: {repaired}").unwrap();
        } else if same_as_peer(&ours, case) == case.get("differs").is_some() {
            failures.push(format!(
                "{test}: {} the peer, but the case {}",
                if same_as_peer(&ours, case) {
                    "same as"
                } else {
                    "differs from"
                },
                if case.get("differs").is_some() {
                    "claims a difference"
                } else {
                    "says nothing of it"
                }
            ));
        }
        if let Some(note) = case.get("differs") {
            writeln!(out, "differs: {}", note.as_str().unwrap()).unwrap();
        }
        out.push('\n');
    }
    (out, failures)
}

#[test]
fn peer_cases_hold_or_say_why_not() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/peers");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(
        files.len(),
        5,
        "the four peers of issue 10, item 5, and Anthropic's SDK"
    );
    let mut failures = Vec::new();
    for file in files {
        let (text, found) = run(&file);
        failures.extend(found);
        let name = file.file_stem().unwrap().to_str().unwrap().to_owned();
        insta::assert_snapshot!(format!("peer_{name}"), text);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
