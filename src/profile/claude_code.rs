//! `claude-code`: Anthropic's rules, and what Claude Code does itself
//! it cannot resolve `$ref`/`$defs`, so recursion is written out a few
//! levels deep (finite references are inlined already); a root `if`/`then`/
//! `else` drops the tool (CC1), so those are removed; and it turns
//! `additionalProperties: {}` into `false` (CC3), so a record of anything
//! is written as an explicit list of every type, which it keeps. One bad
//! schema silently drops the whole server, so this profile refuses rather
//! than hopes. Arguments come back unchanged.

use crate::json::{Json, Map};

use super::recursion::expand_recursion;
use super::rules::drop_keyword;
use super::walk::each_schema;
use super::Report;

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    super::anthropic::shape(schema, report);
    expand_recursion(schema, report, "Claude Code does not resolve $ref");
    each_schema(schema, &mut |node, place| {
        if place.is_root() {
            for key in ["if", "then", "else"] {
                drop_keyword(
                    node,
                    place,
                    key,
                    report,
                    "Claude Code drops a tool with a root conditional",
                );
            }
        }
        open_record(node, true);
    });
}

/// `additionalProperties: {}` (a record or loose object of anything) as
/// the explicit schema of every JSON type, which Claude Code keeps.
/// `with_null` is false for clients that refuse a type list with `null`.
pub fn open_record(node: &mut Map<'_>, with_null: bool) -> bool {
    let open = matches!(node.get("additionalProperties"), Some(Json::Object(m)) if m.is_empty())
        || node.get("additionalProperties") == Some(&Json::Bool(true));
    if open {
        let names: &[&'static str] = if with_null {
            &["string", "number", "boolean", "object", "array", "null"]
        } else {
            &["string", "number", "boolean", "object", "array"]
        };
        let types = Json::Array(names.iter().map(|name| Json::text(name)).collect());
        node.insert("additionalProperties", super::rules::object_of("type", types));
    }
    open
}
