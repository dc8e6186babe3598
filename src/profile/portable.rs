//! `portable`: one schema safe in every client here except Gemini's
//! `parameters`: Cursor's rules (no composition at any depth, string enums,
//! no `null` in type lists), Claude Code's (no `$ref`, so recursion is
//! written out a few levels deep; records of anything written explicitly), Anthropic's property
//! keys, and Copilot's (items everywhere, nothing beside the root object).
//! Arguments come back unchanged.

use crate::json::{Json, Map};

use super::claude_code::open_record;
use super::cursor::no_composition;
use super::recursion::expand_recursion;
use super::rules::{drop_keyword, flatten_root_union, items_everywhere, refuse_keys};
use super::walk::{each_schema, Place};
use super::Report;
use crate::error::FindingCode;

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    flatten_root_union(schema, report);
    expand_recursion(schema, report, "Claude Code and Kiro do not resolve $ref");
    each_schema(schema, &mut |node, place| rewrite(node, place, report));
}

/// Portable's rules for one node (its children are visited after it).
pub(super) fn rewrite(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    if place.is_root() {
        for key in ["not", "if", "then", "else"] {
            drop_keyword(
                node,
                place,
                key,
                report,
                "Copilot deletes it at the root and Claude Code drops the tool",
            );
        }
    }
    no_composition(node, place, report);
    if open_record(node, false) {
        report.warn(
            FindingCode::NullDropped,
            || place.at("additionalProperties"),
            || "values of any type but null (Claude Code closes an empty schema here; Cursor refuses null in a type list)");
    }
    items_everywhere(node);
    refuse_keys(
        node,
        place,
        report,
        super::anthropic::key_ok,
        super::anthropic::KEY_RULE,
    );
}
