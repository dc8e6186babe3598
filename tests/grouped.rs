//! A group kept in the core (`GroupTool`): its tools compiled from its own
//! schemas once, shared after, and its command line one branch per action.

use std::rc::Rc;

use serde_json::{json, Value};
use toolshape::grouped::GroupTool;
use toolshape::{Code, UsageRequest};

fn ops() -> GroupTool {
    GroupTool::define(&json!({
        "name": "ops",
        "description": "Operations.",
        "common": { "type": "object", "properties": { "region": { "type": "string" } } },
        "actions": [
            { "group": "svc", "name": "deploy", "description": "Deploy a service",
              "input": { "type": "object", "properties": { "service": { "type": "string" } }, "required": ["service"] } },
            { "group": "svc", "name": "ls", "deprecated": "use svc list" },
            { "group": "svc", "name": "list" }
        ]
    }))
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn each_tool_is_compiled_once_and_shared() {
    let group = ops();
    let (Ok(first), Ok(again)) = (group.schema_tool(), group.schema_tool()) else {
        panic!("the grouped schema compiles");
    };
    assert!(Rc::ptr_eq(&first, &again));
    let (Ok(first), Ok(again)) = (group.action_tool(0), group.action_tool(0)) else {
        panic!("an action's schema compiles");
    };
    assert!(Rc::ptr_eq(&first, &again));
    let (Ok(first), Ok(again)) = (group.command_tool(), group.command_tool()) else {
        panic!("the command line compiles");
    };
    assert!(Rc::ptr_eq(&first, &again));
}

#[test]
fn an_action_past_the_end_is_an_error_not_a_panic() {
    let err = ops().action_tool(3).err().map(|e| e.code);
    assert_eq!(err, Some(Code::InvalidArgs));
}

#[test]
fn the_command_line_has_a_branch_per_action_with_its_own_words() {
    let group = ops();
    let union = toolshape::group::command_union(group.group());
    assert_eq!(union.pointer("/description"), Some(&json!("Operations.")));
    let literals: Vec<&Value> = (0..3)
        .filter_map(|i| union.pointer(&format!("/oneOf/{i}/properties/action/const")))
        .collect();
    assert_eq!(literals, [&json!("svc:deploy"), &json!("svc:ls"), &json!("svc:list")]);
    assert_eq!(union.pointer("/oneOf/0/description"), Some(&json!("Deploy a service")));
    assert_eq!(union.pointer("/oneOf/0/required"), Some(&json!(["action", "service"])));
    assert_eq!(union.pointer("/oneOf/1/deprecated"), Some(&json!(true)));
    assert_eq!(union.pointer("/oneOf/1/cli/deprecated"), Some(&json!("use svc list")));
    // An action without a description of its own gets none here: the flat
    // projection's stand-in ("Operations (svc.list)") says nothing on a command line.
    assert_eq!(union.pointer("/oneOf/2/description"), None);
    let Ok(tool) = group.command_tool() else {
        panic!("the command line compiles")
    };
    let usage = tool.usage(&UsageRequest::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(usage.contains("svc deploy"), "{usage}");
}

#[test]
fn the_outline_leaves_the_schemas_in_the_core() {
    let outline = ops().outline();
    assert_eq!(outline.get("inputSchema"), None);
    assert_eq!(outline.get("oneOfSchema"), None);
    assert_eq!(outline.pointer("/actions/0/inputSchema"), None);
    assert_eq!(outline.pointer("/actions/0/flatName"), Some(&json!("ops_svc_deploy")));
}
