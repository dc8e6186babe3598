//! The `mcp` profile: the spec's JSON Schema 2020-12 with a root
//! `type: "object"`. An action union is flattened by default, since most
//! clients refuse or strip a root `oneOf`; `actionsAs: "oneOf"` keeps the
//! spec's `{ type: "object", oneOf }`. A union of objects with no literal
//! key is `{ type: "object", anyOf }`. Nothing is transformed that a client
//! would send back differently, so arguments come back unchanged.

use serde_json::Value;

use super::union_root::{any_of, flat, one_of, ActionsAs};
use super::Input;
use crate::emit::emit_root;
use crate::error::Result;

// Every profile answers a Result (others refuse what their client cannot take).
#[allow(clippy::unnecessary_wraps)]
pub fn emit(input: Input<'_>, actions_as: Option<ActionsAs>) -> Result<Value> {
    Ok(match (input.union, actions_as.unwrap_or(ActionsAs::Flat)) {
        (None, _) if crate::schema::is_object_union(input.schema) => any_of(input.schema),
        (None, _) => emit_root(input.schema),
        (Some(union), ActionsAs::Flat) => flat(input.schema, union),
        (Some(_), ActionsAs::OneOf) => one_of(input.schema),
    })
}

pub fn accept(args: Value) -> Value {
    args
}
