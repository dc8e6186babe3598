//! Usage text: grouping, facts, wrapping, markdown, and escaping.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use serde_json::json;
use toolshape::{CompileOptions, Format, Tool, UsageRequest};

fn tool() -> Tool {
    let schema = json!({
        "type": "object",
        "description": "Deploy a service.\nSafely.",
        "properties": {
            "service": {"type": "string", "description": "Service name"},
            "level": {"enum": ["debug", "info"], "default": "info"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "secret": {"type": "string", "cli": {"hidden": true}},
            "evil": {"type": "string", "description": "red\u{1b}[31m text\u{7}"},
            "config": {
                "type": "object",
                "description": "Rollout settings",
                "properties": {
                    "timeout": {"type": "number", "description": "Seconds to wait for every instance to report healthy before the rollout is abandoned"},
                    "dryRun": {"type": "boolean"},
                    "note": {"type": ["string", "null"]}
                },
                "required": ["timeout"]
            }
        },
        "required": ["service", "config"]
    });
    let options =
        CompileOptions::from_json(r#"{"name":"deploy","envPrefix":"APP","flags":{"service":{"short":"s"}}}"#).unwrap();
    Tool::compile(&schema, &options).unwrap()
}

#[test]
fn text_usage() {
    let text = tool()
        .usage(&UsageRequest {
            format: Format::Text,
            width: 72,
            topic: None,
        })
        .unwrap();
    insta::assert_snapshot!("usage_text_72", text);
    assert!(text.contains("\\u{1b}[31m"), "escape shown, not sent");
    assert!(!text.contains('\u{1b}'));
    assert!(!text.contains("secret"), "hidden flags are not listed");
    assert!(text.lines().all(|l| l.chars().count() <= 72), "{text}");
}

#[test]
fn markdown_usage() {
    let text = tool()
        .usage(&UsageRequest {
            format: Format::Markdown,
            width: 80,
            topic: None,
        })
        .unwrap();
    insta::assert_snapshot!("usage_markdown", text);
    assert!(text.contains("## config: Rollout settings"));
    assert!(!text.contains('\u{1b}'));
}

#[test]
fn narrow_and_wide_widths_stay_sane() {
    for width in [1, 40, 400, 100_000] {
        let text = tool()
            .usage(&UsageRequest {
                format: Format::Text,
                width,
                topic: None,
            })
            .unwrap();
        assert!(text.starts_with("Usage: deploy <options>"));
    }
}

/// A tool with no flags of its own (`z.object({})`, the reference servers'
/// `get-env` and `read_graph`) lists its help flag as any tool does: under
/// "Options:", its description beside it, not on a line of its own.
#[test]
fn a_tool_without_flags_lists_help_on_one_line() {
    let options = CompileOptions::from_json(r#"{"name":"read_graph"}"#).unwrap();
    let tool = Tool::compile(&json!({"type": "object", "properties": {}}), &options).unwrap();
    let usage = tool.usage(&UsageRequest::default()).unwrap();
    assert_eq!(
        usage,
        "Usage: read_graph [options]\n\nOptions:\n  -h, --help  Show this help\n"
    );
    // With flags shorter than the help flag, the column still fits both.
    let tool = Tool::compile(
        &json!({"type": "object", "properties": {"ab": {"type": "string", "description": "An a"}}}),
        &options,
    )
    .unwrap();
    let usage = tool.usage(&UsageRequest::default()).unwrap();
    assert!(
        usage.contains("\n      --ab <string>  An a\n\n  -h, --help         Show this help\n"),
        "{usage}"
    );
}
