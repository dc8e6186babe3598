//! `anthropic`: the Messages API's `input_schema`. A root `oneOf`, `anyOf`
//! or `allOf` fails the whole request even beside `type: "object"` (A2), so
//! a root union is one object and a root `allOf` is merged; nested
//! composition, `$defs` and constraints pass (A5). A property key outside
//! `^[a-zA-Z0-9_.-]{1,64}$` fails the request (A3) and cannot be renamed
//! without the server knowing, so it is refused. Arguments come back
//! unchanged.

use crate::json::Json;

use super::rules::{flatten_root_union, merge_all_of_here, refuse_keys};
use super::walk::each_schema;
use super::Report;

/// `^[a-zA-Z0-9_.-]{1,64}$`.
pub fn key_ok(key: &str) -> bool {
    // Bytes, not chars: every byte of a non-ASCII char fails the test.
    (1..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

pub const KEY_RULE: &str = "^[a-zA-Z0-9_.-]{1,64}$";

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    flatten_root_union(schema, report);
    each_schema(schema, &mut |node, place| {
        if place.is_root() {
            merge_all_of_here(node, place, report, false);
        }
        refuse_keys(node, place, report, key_ok, KEY_RULE);
    });
}
