//! A parse into a kept scratch room allocates nothing once the room has
//! grown to fit (issue 15: "no per-call allocation, scratch kept in the
//! Tool"). The fast path JS takes keeps one such room in each `Tool`; this
//! counts every allocation the process makes (dhat's global allocator)
//! around many parses of the bench's argv, for one flag table and for an
//! action union's subcommand.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::{json, Value};
use toolshape::args::Scratch;
use toolshape::{ArgvOptions, CompileOptions, Tool};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "service": { "type": "string" },
            "replicas": { "type": "integer" },
            "verbose": { "type": "boolean" },
            "tags": { "type": "array", "items": { "type": "string" } },
            "config": { "type": "object", "properties": {
                "timeout": { "type": "number" },
                "retries": { "type": "integer" },
                "region": { "type": "string", "enum": ["eu", "us"] }
            } }
        },
        "required": ["service"]
    })
}

const ARGV: &[&str] = &[
    "--service",
    "api",
    "--replicas",
    "3",
    "--verbose",
    "--tags",
    "a",
    "--tags",
    "b",
    "--config-timeout",
    "2.5",
    "--config-retries",
    "4",
    "--config-region",
    "eu",
];

/// Blocks allocated by `runs` parses after a few that let the room grow.
fn allocations(tool: &Tool, argv: &[&str], runs: usize) -> u64 {
    let mut scratch = Scratch::new();
    let parse = |scratch: &mut Scratch| {
        scratch.reset();
        let parsed = tool
            .parse_argv_compact(scratch, argv, &|_| None, ArgvOptions::default())
            .unwrap()
            .expect("a clean parse takes the compact path");
        // Every flag given is there: the parse did its work.
        assert_eq!(parsed.compact.values().count(), 8);
    };
    for _ in 0..3 {
        parse(&mut scratch);
    }
    let before = dhat::HeapStats::get().total_blocks;
    for _ in 0..runs {
        parse(&mut scratch);
    }
    dhat::HeapStats::get().total_blocks - before
}

/// No test harness (Cargo.toml): the check runs here, alone in the process.
fn main() {
    a_parse_in_a_kept_scratch_room_allocates_nothing();
    println!("parse_allocations: a parse in a kept scratch room allocates nothing (one flag table, an action union's subcommand)");
}

fn a_parse_in_a_kept_scratch_room_allocates_nothing() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let tool = Tool::compile(&schema(), &CompileOptions::default()).unwrap();
    assert_eq!(allocations(&tool, ARGV, 1000), 0, "one flag table");

    let mut deploy = schema();
    deploy["properties"]["action"] = json!({ "const": "deploy" });
    deploy["required"] = json!(["action", "service"]);
    let actions = Tool::compile(
        &json!({ "oneOf": [deploy, {
            "type": "object",
            "properties": { "action": { "const": "logs" }, "id": { "type": "string" } },
            "required": ["action", "id"]
        }] }),
        &CompileOptions::default(),
    )
    .unwrap();
    let argv: Vec<&str> = std::iter::once("deploy").chain(ARGV.iter().copied()).collect();
    assert_eq!(allocations(&actions, &argv, 1000), 0, "an action union's subcommand");
}
