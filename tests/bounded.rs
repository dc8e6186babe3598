//! Issue 9, findings 2 and 3: work and output stay small multiples of the
//! input whatever the schema holds. Bounds are on sizes, never on time.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::{no_env, Code, CompileOptions, Tool};

fn big_enum(n: usize) -> Vec<Value> {
    (0..n).map(|i| json!(format!("choice-{i}"))).collect()
}

/// 2,000 bad values of a flag with 10,000 choices gave a 6.9 MB error.
#[test]
fn issues_and_their_messages_are_capped() {
    let schema = json!({"type": "object", "properties": {"c": {"type": "array", "items": {"enum": big_enum(10_000)}}}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let mut argv = Vec::new();
    for i in 0..2_000 {
        argv.push("--c".to_owned());
        argv.push(format!("bad-{i}"));
    }
    let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
    let err = tool.parse_argv(&refs, &no_env).unwrap_err();
    assert_eq!(err.code, Code::InvalidArgs);
    let size = err.to_json().len();
    assert!(size < 64 * 1024, "the error is {size} bytes");
    assert!(err.issues.len() <= 101, "{} issues", err.issues.len());
    let first = &err.issues[0].message;
    assert!(first.contains("... (10,000 choices)"), "{first}");
    assert!(
        err.issues.last().unwrap().message.contains("more"),
        "the last issue counts the rest"
    );
}

/// A 100,000-character `const` shown in a message is clipped.
#[test]
fn huge_choices_are_clipped_in_messages() {
    let long = "x".repeat(100_000);
    let schema = json!({"type": "object", "properties": {"c": {"const": long}}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let argv: Vec<&str> = (0..200).flat_map(|_| ["--c", "nope"]).collect();
    let err = tool.parse_argv(&argv, &no_env).unwrap_err();
    assert!(err.to_json().len() < 64 * 1024, "{} bytes", err.to_json().len());
}

/// Repair of 10,000 keys against a 10,000-value enum took about 1 s: its
/// work per key must not grow with the enum. Checked by what it does, not
/// by time: the same 10,000 keys against 10 and 10,000 choices repair alike.
#[test]
fn repair_handles_large_enums_per_key() {
    for n in [10, 10_000] {
        let mut values = big_enum(n);
        values.push(json!(7));
        let schema = json!({"type": "object", "additionalProperties": {"enum": values}});
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
        let args: serde_json::Map<String, Value> = (0..10_000)
            .map(|i| (format!("k{i}"), json!(if i % 2 == 0 { "7" } else { "choice-1" })))
            .collect();
        let repaired = tool.repair(Value::Object(args));
        assert_eq!(repaired.repairs.len(), 5_000, "n = {n}");
        assert_eq!(repaired.value["k0"], json!(7));
        assert_eq!(repaired.value["k1"], json!("choice-1"));
    }
}

/// A JSON flag's error shows an example value; a recursive tuple of many
/// positions would make that example grow as positions^depth, so past a
/// small budget the hint is left out rather than built.
#[test]
fn a_recursive_tuple_gets_no_example_in_its_error() {
    let positions: Vec<Value> = (0..1_000).map(|_| json!({"$ref": "#/$defs/T"})).collect();
    let schema = json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}},
        "$defs": {"T": {"type": "array", "prefixItems": positions}}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = tool.parse_argv(&["--t", "x"], &no_env).unwrap_err();
    assert!(err.message.starts_with("--t expects JSON text"), "{}", err.message);
    assert!(!err.message.contains("e.g."), "{}", err.message);
}
