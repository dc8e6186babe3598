//! Grouped tools from real Zod output (tests/fixtures/zod-groups, written by
//! scripts/gen-fixtures.mjs): the whole definition as a snapshot, and the
//! texts API.md fixes byte for byte asserted here.

use serde_json::{json, Value};
use toolshape::group::{define, Group};
use toolshape::Code;

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/zod-groups/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn defined(name: &str) -> Group {
    define(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn description_of<'a>(group: &'a Group, field: &str) -> Option<&'a str> {
    group
        .input_schema
        .pointer(&format!("/properties/{field}/description"))?
        .as_str()
}

#[test]
fn snapshots() {
    for name in ["platform", "deployments"] {
        insta::assert_json_snapshot!(name, defined(name));
    }
}

#[test]
fn grouped_text_description() {
    let group = defined("platform");
    assert_eq!(
        group.description,
        "Platform administration. Select operation via the `action` parameter. Modules: users (list,create,ban) | billing (invoices,refund) | help\n\
         \n\
         Workflow:\n\
         - 'users.list': List users\n\
         - 'users.create': Create a user. Requires: email [DESTRUCTIVE]\n\
         - 'users.ban': Requires: id [DESTRUCTIVE]\n\
         - 'billing.invoices': List invoices\n\
         - 'billing.refund': Refund an invoice! Requires: id, amount [DESTRUCTIVE]"
    );
}

#[test]
fn notes_on_fields() {
    let group = defined("platform");
    assert_eq!(
        description_of(&group, "workspace"),
        Some("Workspace ID. (always required)")
    );
    assert_eq!(
        description_of(&group, "limit"),
        Some("Max rows. For: users.list, billing.invoices")
    );
    assert_eq!(description_of(&group, "email"), Some("Required for: users.create"));
    assert_eq!(description_of(&group, "name"), Some("For: users.create"));
    // the first description there is: users.ban's id has none
    assert_eq!(
        description_of(&group, "id"),
        Some("Invoice ID. Required for: users.ban, billing.refund")
    );
    assert_eq!(
        description_of(&group, "topic").map(|d| d.ends_with(". For: help")),
        Some(true)
    );
    assert_eq!(
        description_of(&group, "action"),
        Some("Module and operation (module.action format)")
    );
    assert_eq!(group.input_schema["required"], json!(["action", "workspace"]));
    assert_eq!(
        group.input_schema["properties"]["action"]["enum"],
        json!([
            "users.list",
            "users.create",
            "users.ban",
            "billing.invoices",
            "billing.refund",
            "help"
        ])
    );
    // integer (with Zod's safe bounds) and number give number
    assert_eq!(group.input_schema["properties"]["limit"]["type"], json!("number"));
}

#[test]
fn notes_required_in_some() {
    let group = defined("deployments");
    assert_eq!(
        description_of(&group, "service"),
        Some("Required for: deploy, rollback. For: status")
    );
    assert_eq!(
        group.input_schema["properties"]["environment"],
        json!({ "type": "string", "description": "Required for: deploy, rollback. For: status" })
    );
    assert_eq!(description_of(&group, "action"), Some("Which operation to perform"));
}

#[test]
fn toon_description() {
    let group = defined("deployments");
    assert_eq!(
        group.description,
        "deployments. Select operation via the `action` parameter.\n\
         \n\
         [4|]{action|desc|required|destructive}:\n  \
         \"42\"|\"true\"|\"\"|false\n  \
         deploy|\"Deploy a service: build, push, roll out\"|service,environment|false\n  \
         rollback|\"\"|service,environment|true\n  \
         status|\"\"|\"\"|false"
    );
}

#[test]
fn annotations() {
    let platform = defined("platform");
    assert_eq!(
        Value::Object(platform.annotations.clone()),
        json!({ "readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true })
    );
    let ban = platform
        .actions
        .iter()
        .find(|a| a.key == "users.ban")
        .map(|a| Value::Object(a.annotations.clone()));
    assert_eq!(ban, Some(json!({ "destructiveHint": true })));
    let list = platform
        .actions
        .iter()
        .find(|a| a.key == "users.list")
        .map(|a| a.flat_name.clone());
    assert_eq!(list.as_deref(), Some("platform_users_list"));
}

#[test]
fn every_conflict_at_once() {
    let err = define(&fixture("conflicts"))
        .err()
        .map(|e| (e.code, e.conflicts.clone(), e.message.clone()));
    let (code, conflicts, message) = err.unwrap_or_else(|| panic!("conflicts must be refused"));
    assert_eq!(code, Code::FieldConflict);
    let fields: Vec<&str> = conflicts.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["id", "size"]);
    assert!(conflicts.iter().all(|c| c.actions == ["a".to_owned(), "b".to_owned()]));
    assert!(message.contains("2 fields defined differently"), "{message}");
}

fn refused(definition: &Value) -> String {
    match define(definition) {
        Ok(_) => panic!("{definition} must be refused"),
        Err(err) => {
            assert_eq!(err.code, Code::InvalidDefinition, "{err}");
            err.message.clone()
        }
    }
}

#[test]
fn definition_errors_name_the_tool_and_action() {
    let base = |actions: Value| json!({ "name": "ops", "actions": actions });
    assert!(refused(&base(json!([]))).contains("has no actions"));
    assert!(refused(&base(json!([{ "name": "a.b" }]))).contains("\"a.b\" has a dot"));
    assert!(refused(&base(json!([{ "name": " " }]))).contains("an action name is empty"));
    assert!(refused(&base(json!([{ "name": "a" }, { "name": "a" }]))).contains("\"a\" is defined twice"));
    assert!(
        refused(&base(json!([{ "name": "a", "readOnly": true, "destructive": true }])))
            .contains("both readOnly and destructive")
    );
    let shadow =
        json!([{ "name": "a", "input": { "type": "object", "properties": { "action": { "type": "string" } } } }]);
    assert!(refused(&base(shadow)).contains("like the discriminator"));
    let help = json!({ "name": "ops", "help": true, "actions": [{ "name": "help" }] });
    assert!(refused(&help).contains("`help: true`"));
    let not_object = json!([{ "name": "a", "input": { "type": "string" } }]);
    let err = define(&base(not_object))
        .err()
        .map(|e| e.message.clone())
        .unwrap_or_default();
    assert!(err.starts_with("tool \"ops\", action \"a\":"), "{err}");
}

#[test]
fn a_flat_group_lists_its_actions() {
    // An action that says nothing may destroy, by MCP's default: its text
    // says so, as the tool's destructiveHint does.
    let group = define(
        &json!({ "name": "ops", "description": "Ops.", "actions": [{ "name": "a" }, { "name": "b", "destructive": true }] }),
    );
    let description = group.map(|g| g.description).unwrap_or_default();
    assert_eq!(
        description,
        "Ops. Select operation via the `action` parameter. Actions: a, b\n\nWorkflow:\n- 'a': [DESTRUCTIVE]\n- 'b': [DESTRUCTIVE]"
    );
}

#[test]
fn actions_are_all_in_groups_or_none() {
    let mixed = json!({ "name": "ops", "actions": [{ "group": "users", "name": "list" }, { "name": "status" }] });
    assert!(refused(&mixed).contains("some actions are in groups and some are not"));
}

/// The call path reports keys no action takes, unless the input says it
/// takes more (`additionalProperties` other than `false`).
#[test]
fn an_action_is_open_only_when_its_input_or_the_common_one_says_so() {
    let group = define(&json!({
        "name": "t",
        "common": {"type": "object", "properties": {"w": {"type": "string"}}},
        "actions": [
            {"name": "closed", "input": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}},
            {"name": "plain", "input": {"type": "object", "properties": {"b": {"type": "string"}}}},
            {"name": "loose", "input": {"type": "object", "properties": {"c": {"type": "string"}}, "additionalProperties": {}}}
        ]
    }))
    .unwrap();
    let open: Vec<bool> = group.actions.iter().map(|a| a.open).collect();
    assert_eq!(open, [false, false, true]);
    let fields: Vec<&[String]> = group.actions.iter().map(|a| &a.fields[..]).collect();
    assert_eq!(
        fields,
        [
            &["w".to_owned(), "a".to_owned()][..],
            &["w".to_owned(), "b".to_owned()],
            &["w".to_owned(), "c".to_owned()]
        ]
    );
}

#[test]
fn a_deprecated_action_is_marked_in_its_branch_and_flat_schema_only() {
    let definition = json!({ "name": "ops", "description": "Ops.", "actions": [
        { "name": "list", "description": "List" },
        { "name": "ls", "description": "Old list", "deprecated": true },
        { "name": "keep", "deprecated": false }
    ] });
    let group = define(&definition).unwrap_or_else(|e| panic!("{e}"));
    let marked: Vec<bool> = group.actions.iter().map(|a| a.deprecated.is_marked()).collect();
    assert_eq!(marked, [false, true, false]);
    assert_eq!(group.one_of_schema.pointer("/oneOf/1/deprecated"), Some(&json!(true)));
    assert_eq!(group.one_of_schema.pointer("/oneOf/0/deprecated"), None);
    assert_eq!(group.actions[1].input_schema.pointer("/deprecated"), Some(&json!(true)));
    assert_eq!(group.actions[2].input_schema.pointer("/deprecated"), None);
    // The grouped schema and the contract's description do not change.
    assert_eq!(group.input_schema.pointer("/deprecated"), None);
    let plain = define(&json!({ "name": "ops", "description": "Ops.", "actions": [
        { "name": "list", "description": "List" }, { "name": "ls", "description": "Old list" }, { "name": "keep" }
    ] }))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(group.description, plain.description);
    assert_eq!(group.input_schema, plain.input_schema);
    // Help entries read the mark off the branch.
    let schema = toolshape::schema::read_schema(&group.one_of_schema).unwrap_or_else(|e| panic!("{e}"));
    let entries = toolshape::help::help(&schema, &toolshape::HelpOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let flags: Vec<(&str, bool)> = entries
        .iter()
        .map(|e| (e.discriminator.as_str(), e.deprecated.is_marked()))
        .collect();
    assert_eq!(flags, [("list", false), ("ls", true), ("keep", false)]);
    assert!(
        refused(&json!({ "name": "ops", "actions": [{ "name": "a", "deprecated": 1 }] }))
            .contains("\"deprecated\": expected true, false or a message")
    );
}

#[test]
fn a_deprecated_action_message_goes_to_the_definition_not_to_the_schemas() {
    let group = define(&json!({ "name": "ops", "description": "Ops.", "actions": [
        { "name": "list" }, { "name": "ls", "deprecated": "use list" }
    ] }))
    .unwrap_or_else(|e| panic!("{e}"));
    let out = serde_json::to_value(&group.actions).unwrap_or_default();
    assert_eq!(out[1]["deprecated"], json!("use list"));
    assert!(out[0].get("deprecated").is_none());
    // JSON Schema's keyword is a boolean: the schemas say `true`, the message stays out.
    assert_eq!(group.one_of_schema.pointer("/oneOf/1/deprecated"), Some(&json!(true)));
    assert_eq!(group.actions[1].input_schema.pointer("/deprecated"), Some(&json!(true)));
    assert!(!group.one_of_schema.to_string().contains("use list"));
}

/// Every text says what the annotations say: an action that says nothing
/// may destroy (MCP's default), one marked read-only or `destructive:
/// false` does not.
#[test]
fn texts_and_hints_agree_on_what_may_destroy() {
    let def = |format: &str| {
        json!({ "name": "ops", "descriptionFormat": format, "actions": [
            { "name": "quiet" },
            { "name": "look", "readOnly": true },
            { "name": "tidy", "destructive": false },
        ] })
    };
    let group = define(&def("toon")).unwrap();
    assert_eq!(group.annotations["destructiveHint"], json!(true));
    assert!(
        group.description.contains("quiet|\"\"|\"\"|true"),
        "{}",
        group.description
    );
    assert!(
        group.description.contains("look|\"\"|\"\"|false"),
        "{}",
        group.description
    );
    assert!(
        group.description.contains("tidy|\"\"|\"\"|false"),
        "{}",
        group.description
    );
    let text = define(&def("text")).unwrap().description;
    assert!(text.contains("- 'quiet': [DESTRUCTIVE]"), "{text}");
    assert!(!text.contains("'look'") && !text.contains("'tidy'"), "{text}");
}
