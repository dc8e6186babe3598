//! Tool names for structured identifiers, over generated identifier sets:
//! every name valid for its client (prefix counted), distinct, resolving
//! back, independent of order, unchanged when already fine; hostile parts
//! (empty, huge, NUL, `__proto__`, look-alikes, case twins) handled.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use std::collections::{BTreeSet, HashMap, HashSet};

use proptest::prelude::*;
use serde_json::json;
use toolshape::names::{read_ids, NameOptions, NameTable, ToolId};
use toolshape::{Client, Code};

const CLIENTS: &[&str] = Client::NAMES;

/// Written from CLIENTS.md section 1, apart from the core's own rules:
/// whether `name` is one `client` takes from a server it calls `server`.
fn client_takes(client: &str, server: &str, name: &str) -> bool {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let len = name.chars().count();
    let s = server.chars().count();
    if len == 0 {
        return false;
    }
    match client {
        "mcp" => len <= 128 && name.chars().all(|c| plain(c) || c == '.'),
        "openai" | "openai-strict" | "anthropic" | "anthropic-strict" => len <= 64 && name.chars().all(plain),
        "claude-code" => format!("mcp__{server}__{name}").chars().count() <= 64 && name.chars().all(plain),
        "cursor" => s + 1 + len <= 60 && name.chars().all(plain),
        "vscode" => 18 + len <= 64 && name.chars().all(plain),
        // Gemini's API takes 128 (64 before May 2026); Gemini CLI cuts names past 63.
        "gemini" | "gemini-json" => {
            len <= 63
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| plain(c) || c == '.' || c == ':')
        }
        "portable" => {
            len <= 46
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(plain)
                && client_takes("claude-code", server, name)
                && client_takes("cursor", server, name)
        }
        _ => false,
    }
}

fn table(ids: &[ToolId], client: &str, server: &str) -> NameTable {
    let options = NameOptions {
        client: Some(client.to_owned()),
        server: Some(server.to_owned()),
        toolbox: None,
    };
    NameTable::build(ids.to_vec(), &options).unwrap()
}

fn id(toolbox: &str, server: &str, tool: &str) -> ToolId {
    ToolId::new(toolbox, server, tool)
}

fn part() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z][a-z0-9_]{0,10}",
        2 => "[A-Za-z0-9_.:-]{1,14}",
        1 => Just("__proto__".to_owned()),
        1 => Just("constructor".to_owned()),
        1 => Just("read_file".to_owned()),
        1 => Just("READ_FILE".to_owned()),
        1 => Just("read.file".to_owned()),
        1 => Just("tοol".to_owned()), // Greek omicron
        1 => Just("tool".to_owned()),
        1 => Just("a\u{0}b".to_owned()),
        1 => Just("ツール".to_owned()),
        1 => (40usize..300).prop_map(|n| "x".repeat(n)),
    ]
}

fn id_set() -> impl Strategy<Value = Vec<ToolId>> {
    prop::collection::vec((part(), part(), part()), 1..30).prop_map(|parts| {
        let mut seen = HashSet::new();
        parts
            .into_iter()
            .map(|(a, b, c)| ToolId::new(&a, &b, &c))
            .filter(|id| seen.insert(id.clone()))
            .collect()
    })
}

fn server_name() -> impl Strategy<Value = String> {
    prop_oneof![Just("ops".to_owned()), Just("workbench".to_owned()), "[a-z]{1,30}"]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn names_are_valid_distinct_and_resolve(ids in id_set(), server in server_name()) {
        for &client in CLIENTS {
            let t = table(&ids, client, &server);
            let mut seen = HashSet::new();
            for (id, name) in t.entries() {
                prop_assert!(client_takes(client, &server, name), "{client}: {name:?} (server {server})");
                let key = if client == "mcp" { name.to_owned() } else { name.to_ascii_lowercase() };
                prop_assert!(seen.insert(key), "{client}: {name:?} twice");
                prop_assert_eq!(t.resolve(name), Some(id));
                prop_assert_eq!(t.name(id).unwrap(), name);
            }
        }
    }

    #[test]
    fn the_same_set_in_any_order_gets_the_same_names(ids in id_set(), seed in any::<u64>()) {
        let mut shuffled = ids.clone();
        // A deterministic shuffle from the seed.
        let mut state = seed | 1;
        for i in (1..shuffled.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let j = usize::try_from(state % (i as u64 + 1)).unwrap();
            shuffled.swap(i, j);
        }
        for &client in CLIENTS {
            let a = table(&ids, client, "ops");
            let b = table(&shuffled, client, "ops");
            for id in &ids {
                prop_assert_eq!(a.name(id).unwrap(), b.name(id).unwrap());
            }
        }
    }

    #[test]
    fn names_already_valid_and_distinct_are_kept(ids in id_set()) {
        for &client in CLIENTS {
            let t = table(&ids, client, "ops");
            let joined: Vec<String> = ids.iter().map(|id| id.parts().join("__")).collect();
            let mut count: HashMap<String, usize> = HashMap::new();
            for own in &joined {
                let key = if client == "mcp" { own.clone() } else { own.to_ascii_lowercase() };
                *count.entry(key).or_default() += 1;
            }
            for (i, own) in joined.iter().enumerate() {
                let key = if client == "mcp" { own.clone() } else { own.to_ascii_lowercase() };
                let alone = count.get(&key) == Some(&1);
                if alone && client_takes(client, "ops", own) {
                    prop_assert_eq!(t.name(&ids[i]).unwrap(), own.as_str(), "{}", client);
                }
            }
        }
    }
}

#[test]
fn readable_names_shortened_with_a_hash() {
    let ids = vec![
        id("dev", "filesystem", "read_file"),
        id("dev", "filesystem", "read.file"),
        id("dev", "filesystem", "Read_File"),
        id("prod", "db", &"q".repeat(80)),
    ];
    let t = table(&ids, "openai", "ops");
    let names: Vec<&str> = t.names().iter().map(String::as_str).collect();
    // read_file and Read_File differ only in case: both give way; read.file
    // becomes read_file, which they would share: it gives way too.
    assert!(
        names[0].starts_with("dev__filesystem__read_file_") && names[0].len() == 35,
        "{names:?}"
    );
    assert!(names[1].starts_with("dev__filesystem__read_file_"), "{names:?}");
    assert!(names[2].starts_with("dev__filesystem__Read_File_"), "{names:?}");
    assert_eq!(names[3].len(), 64);
    assert!(names[3].starts_with("prod__db__qqq"));
    let mcp = table(&ids[..2], "mcp", "ops");
    assert_eq!(
        mcp.names(),
        ["dev__filesystem__read_file", "dev__filesystem__read.file"]
    );
}

#[test]
fn unknown_identifiers_say_which_part_with_a_suggestion() {
    let ids = vec![
        id("dev", "filesystem", "read_file"),
        id("dev", "github", "search"),
        id("production", "db", "query"),
    ];
    let t = table(&ids, "mcp", "ops");
    let message = |i: ToolId| {
        let err = t.name(&i).unwrap_err();
        assert_eq!(err.code, Code::UnknownTool);
        err.message.clone()
    };
    assert_eq!(message(id("prod", "db", "query")), "Toolbox 'prod' not found");
    assert_eq!(
        message(id("productoin", "db", "query")),
        "Toolbox 'productoin' not found; did you mean 'production'?"
    );
    assert_eq!(
        message(id("dev", "githbu", "search")),
        "Server 'githbu' not found in toolbox 'dev'; did you mean 'github'?"
    );
    assert_eq!(
        message(id("dev", "filesystem", "read_fiel")),
        "Tool 'read_fiel' not found in server 'filesystem' (toolbox 'dev'); did you mean 'read_file'?"
    );
    assert_eq!(t.resolve("dev__github__serch"), None);
}

/// Two names as close as each other: the suggestion is the first by name,
/// whatever order the catalogue lists them in and however often.
#[test]
fn a_tie_between_suggestions_goes_to_the_first_by_name() {
    for ids in [
        vec![
            id("west", "db", "q"),
            id("west", "db", "r"),
            id("east", "db", "q"),
            id("west", "db", "s"),
        ],
        vec![id("east", "db", "q"), id("west", "db", "q"), id("east", "db", "r")],
    ] {
        let t = table(&ids, "mcp", "ops");
        let err = t.name(&id("wast", "db", "q")).unwrap_err();
        assert_eq!(err.message, "Toolbox 'wast' not found; did you mean 'east'?");
    }
}

#[test]
fn hostile_sets_get_clear_errors() {
    let err = |value: serde_json::Value| read_ids(&value).unwrap_err().message.clone();
    assert_eq!(
        err(json!([{"toolbox": "a", "server": "b", "tool": "c"}, {"toolbox": "a", "server": "", "tool": "c"}])),
        "ids[1]: Invalid tool identifier: server cannot be empty"
    );
    assert_eq!(
        err(json!({"toolbox": "a"})),
        "createNameTable takes an array of identifiers { toolbox, server, tool }"
    );
    let twice = NameTable::build(vec![id("a", "b", "c"), id("a", "b", "c")], &NameOptions::default()).unwrap_err();
    assert_eq!(twice.code, Code::InvalidIdentifier);
    assert!(
        twice.message.contains("is given twice (first at ids[0])"),
        "{}",
        twice.message
    );
    let long_server = NameOptions {
        client: Some("claude-code".to_owned()),
        server: Some("s".repeat(60)),
        toolbox: None,
    };
    let room = NameTable::build(vec![id("a", "b", "c")], &long_server).unwrap_err();
    assert_eq!(room.code, Code::InvalidOption);
    let unknown_client = NameOptions {
        client: Some("cursr".to_owned()),
        server: None,
        toolbox: None,
    };
    assert!(NameTable::build(vec![], &unknown_client)
        .unwrap_err()
        .message
        .contains("did you mean \"cursor\""));
    // Parts that differ only where the client writes `_` get distinct names.
    let twins = vec![
        id("a", "b", "t\u{0}x"),
        id("a", "b", "t\u{1}x"),
        id("a", "b", "t_x"),
        id("a", "b", "tοx"),
    ];
    let t = table(&twins, "portable", "ops");
    let distinct: BTreeSet<String> = t.names().iter().map(|n| n.to_ascii_lowercase()).collect();
    assert_eq!(distinct.len(), 4);
    assert_eq!(t.names()[2], "a__b__t_x");
}

#[test]
fn parts_of_ten_thousand_characters() {
    let huge = "y".repeat(10_000);
    let ids = vec![
        id(&huge, "s", "t"),
        id(&huge, "s", "u"),
        id("a", &huge, &huge),
        id("a", "b", &format!("{huge}z")),
    ];
    for &client in CLIENTS {
        let t = table(&ids, client, "ops");
        let distinct: HashSet<String> = t.names().iter().map(|n| n.to_ascii_lowercase()).collect();
        assert_eq!(distinct.len(), 4, "{client}");
        for (id, name) in t.entries() {
            assert!(client_takes(client, "ops", name), "{client}: {name}");
            assert_eq!(t.resolve(name), Some(id));
        }
    }
}

#[test]
fn a_thousand_tools_from_a_few_servers() {
    let ids: Vec<ToolId> = (0..1000)
        .map(|i| {
            id(
                &format!("box{}", i % 3),
                &format!("server{}", i % 7),
                &format!("tool_{i}"),
            )
        })
        .collect();
    for &client in CLIENTS {
        let t = table(&ids, client, "workbench");
        assert_eq!(t.names().len(), 1000);
        assert!(t.names().iter().all(|n| client_takes(client, "workbench", n)));
    }
}

/// A long toolbox is cut before the tool's own name: each name keeps the
/// tool whole when it fits the budget alone, and as much of it as fits
/// otherwise; names that fitted keep their old form.
#[test]
fn the_budget_goes_to_the_tool_first() {
    let tools = ["create_entities", "read_graph", "add_observations"];
    let ids: Vec<ToolId> = tools
        .iter()
        .map(|t| id("platform-engineering-sandbox", "memory", t))
        .collect();
    for client in ["vscode", "portable", "claude-code", "cursor"] {
        let names = table(&ids, client, "workbench");
        for (given, name) in names.entries() {
            assert!(name.contains(&format!("__memory__{}", given.tool)), "{client}: {name}");
            assert_eq!(names.resolve(name), Some(given));
        }
    }
    let vscode = table(&ids, "vscode", "workbench");
    assert_eq!(vscode.names()[0], "platform-eng__memory__create_entities_0rv4ivt6");
    // The tool alone is longer than the budget: as much of it as fits.
    let long = id("platform-engineering-sandbox", "memory", &"x".repeat(80));
    let cut = table(std::slice::from_ref(&long), "vscode", "workbench");
    assert!(cut.names()[0].starts_with(&"x".repeat(37)), "{}", cut.names()[0]);
    assert_eq!(cut.names()[0].len(), 46);
    // A name that fitted, or was shortened with its tool whole, is as it was.
    let short = [
        id("dev", "filesystem", "read_file"),
        id("dev", "filesystem", "read.file"),
    ];
    assert_eq!(
        table(&short, "openai", "workbench").names(),
        ["dev__filesystem__read_file", "dev__filesystem__read_file_yjg5u057"]
    );
    // A toolbox left out: `server__tool`, still resolving to the identifier.
    let without = NameOptions {
        client: Some("vscode".to_owned()),
        server: None,
        toolbox: Some(false),
    };
    let names = NameTable::build(ids.clone(), &without).unwrap();
    assert_eq!(names.names()[0], "memory__create_entities");
    assert_eq!(names.resolve("memory__read_graph"), ids.get(1));
}
