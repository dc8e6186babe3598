//! MCP tool annotations from the actions' hints. MCP reads a missing hint
//! as readOnly false, destructive true, idempotent false, openWorld true,
//! so an action that says nothing counts as the unsafe side: a hint is on
//! the safe side only when every action concerned says so.

use serde_json::{Map, Value};

/// What one action says; `None` is unknown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hints {
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
}

/// The annotations of a tool of these actions, then `explicit` over them
/// key by key (`false` included; `title` passes through).
#[must_use]
pub fn aggregate(actions: &[Hints], explicit: Option<&Map<String, Value>>) -> Map<String, Value> {
    let mut out = Map::new();
    let read_only = !actions.is_empty() && actions.iter().all(|a| a.read_only == Some(true));
    out.insert("readOnlyHint".to_owned(), Value::Bool(read_only));
    if !read_only {
        let writers: Vec<&Hints> = actions.iter().filter(|a| a.read_only != Some(true)).collect();
        let destructive = !writers.iter().all(|a| a.destructive == Some(false));
        let idempotent = writers.iter().all(|a| a.idempotent == Some(true));
        out.insert("destructiveHint".to_owned(), Value::Bool(destructive));
        out.insert("idempotentHint".to_owned(), Value::Bool(idempotent));
    }
    let open_world = !actions.iter().all(|a| a.open_world == Some(false));
    out.insert("openWorldHint".to_owned(), Value::Bool(open_world));
    overlay(out, explicit)
}

/// One action's own annotations: what it says, nothing it does not (a
/// missing hint keeps MCP's default, which is the unsafe side).
#[must_use]
pub fn exact(hints: Hints) -> Map<String, Value> {
    let mut out = Map::new();
    let mut put = |key: &str, value: Option<bool>| {
        if let Some(value) = value {
            out.insert(key.to_owned(), Value::Bool(value));
        }
    };
    put("readOnlyHint", hints.read_only);
    if hints.read_only != Some(true) {
        put("destructiveHint", hints.destructive);
        put("idempotentHint", hints.idempotent);
    }
    put("openWorldHint", hints.open_world);
    out
}

fn overlay(mut out: Map<String, Value>, explicit: Option<&Map<String, Value>>) -> Map<String, Value> {
    if let Some(explicit) = explicit {
        for (key, value) in explicit {
            out.insert(key.clone(), value.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn hints(read_only: Option<bool>, destructive: Option<bool>) -> Hints {
        Hints {
            read_only,
            destructive,
            ..Hints::default()
        }
    }

    #[test]
    fn nothing_flagged_is_the_unsafe_side() {
        let out = aggregate(&[Hints::default(), Hints::default()], None);
        assert_eq!(
            Value::Object(out),
            json!({ "readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true })
        );
    }

    #[test]
    fn all_read_only_leaves_out_destructive_and_idempotent() {
        let out = aggregate(&[hints(Some(true), None), hints(Some(true), None)], None);
        assert_eq!(
            Value::Object(out),
            json!({ "readOnlyHint": true, "openWorldHint": true })
        );
    }

    #[test]
    fn destructive_false_only_when_every_writer_says_so() {
        let all = [hints(Some(true), None), hints(None, Some(false))];
        assert_eq!(aggregate(&all, None).get("destructiveHint"), Some(&json!(false)));
        let one_unknown = [hints(None, Some(false)), hints(None, None)];
        assert_eq!(aggregate(&one_unknown, None).get("destructiveHint"), Some(&json!(true)));
    }

    #[test]
    fn explicit_annotations_win_key_by_key() {
        let explicit = json!({ "destructiveHint": false, "title": "Ops" });
        let out = aggregate(&[Hints::default()], explicit.as_object());
        assert_eq!(out.get("destructiveHint"), Some(&json!(false)));
        assert_eq!(out.get("title"), Some(&json!("Ops")));
        assert_eq!(out.get("readOnlyHint"), Some(&json!(false)));
    }

    #[test]
    fn exact_hints_say_what_the_action_says() {
        assert_eq!(
            Value::Object(exact(hints(Some(true), None))),
            json!({ "readOnlyHint": true })
        );
        assert_eq!(Value::Object(exact(Hints::default())), json!({}));
    }
}
