//! Every Zod fixture under every client profile (issue 10, item 6): one
//! snapshot per profile, each fixture's schema as that client gets it, or
//! its refusals, and the warnings `check` gives. A change to any profile
//! shows up here as a reviewable diff.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

mod common;

use std::fmt::Write as _;

use serde_json::Value;
use toolshape::error::Finding;
use toolshape::{Client, CompileOptions, InputSchemaOptions, Tool};

/// The `draft-2020-12/input` variant of each fixture: what a Zod 4 MCP
/// server emits for its tools' input.
fn fixtures() -> Vec<(String, Value)> {
    common::zod_fixtures(Some("draft-2020-12/input"))
        .into_iter()
        .map(|(name, _, schema)| (name, schema))
        .collect()
}

fn report(client: Client) -> String {
    let mut text = String::new();
    for (name, schema) in fixtures() {
        let Ok(tool) = Tool::compile(&schema, &CompileOptions::default()) else {
            writeln!(text, "## {name}\n(does not compile)\n").unwrap();
            continue;
        };
        let check = tool.check(client).unwrap();
        writeln!(text, "## {name}").unwrap();
        let options = InputSchemaOptions {
            client,
            actions_as: None,
        };
        match tool.input_schema(&options) {
            Ok(out) => {
                // The text JS is handed is this tree, written.
                let handed = tool.input_schema_text(&options).unwrap();
                assert_eq!(
                    handed,
                    serde_json::to_string(&out).unwrap(),
                    "{name} for {}",
                    client.name()
                );
                writeln!(text, "{}", serde_json::to_string_pretty(&out).unwrap()).unwrap();
            }
            Err(_) => check.errors.iter().for_each(|f| line(&mut text, "REFUSED", f)),
        }
        check.warnings.iter().for_each(|f| line(&mut text, "warning", f));
        text.push('\n');
    }
    text
}

fn line(text: &mut String, kind: &str, finding: &Finding) {
    writeln!(
        text,
        "{kind} {} at #{}: {}",
        finding.code.as_str(),
        finding.pointer,
        finding.message
    )
    .unwrap();
}

#[test]
fn every_fixture_under_every_profile() {
    for client in Client::ALL {
        insta::assert_snapshot!(format!("profile__{}", client.name()), report(*client));
    }
}
