//! `cursor` (CLIENTS.md 2.9): any `oneOf`/`anyOf`/`allOf` at any depth
//! fails the whole request (CU1), so unions are written as one schema that
//! accepts what any branch accepted and `allOf` is merged; a non-string
//! enum fails (CU2), so enum values are written as strings (repair turns
//! them back); a type list with `null` trips Cursor's own argument check
//! (CU3), so `null` is no longer offered (the field can still be left out).
//! Arguments come back unchanged: the strings an enum became are turned
//! back by repair's usual rule.

use crate::json::{Json, Map};

use super::enum_strings::stringify_enum;
use super::join_union::join_union_here;
use super::rules::{flatten_root_union, merge_all_of_here};
use super::walk::{each_schema, Place};
use super::Report;
use crate::error::FindingCode;

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    flatten_root_union(schema, report);
    each_schema(schema, &mut |node, place| no_composition(node, place, report));
}

/// Cursor's rules for one node; `portable` applies them too.
pub fn no_composition(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    merge_all_of_here(node, place, report, false);
    join_union_here(node, place, report);
    // Branches that share an `allOf` (their second `pattern`) keep it
    // in what they are joined into.
    merge_all_of_here(node, place, report, false);
    drop_null(node, place, report);
    stringify_enum(node, place, report, false);
}

/// `null` taken out of a type list or an enum, and a `default: null`
/// with it, which the type left would refuse (the key left out still
/// gets it from the server's own schema).
pub fn drop_null(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let mut dropped = false;
    if let Some(Json::Array(types)) = node.get_mut("type") {
        let before = types.len();
        types.retain(|t| t != "null");
        dropped |= types.len() < before;
        if let [one] = types.as_slice() {
            let one = one.clone();
            node.insert("type", one);
        }
    }
    if let Some(Json::Array(values)) = node.get_mut("enum") {
        let before = values.len();
        values.retain(|v| !v.is_null());
        dropped |= values.len() < before;
    }
    if !dropped {
        return;
    }
    let default_too = node.get("default").is_some_and(Json::is_null);
    if default_too {
        node.shift_remove("default");
    }
    report.warn(FindingCode::NullDropped, || place.pointer(), || {
        if default_too {
            "null is no longer offered here, nor stated as the default (Cursor mishandles a type list with null); the key can still be left out for its default"
        } else {
            "null is no longer offered here (Cursor mishandles a type list with null); the key can still be left out"
        }
    });
}
