//! The `mcp` profile: the spec's JSON Schema 2020-12 with a root
//! `type: "object"`. An action union is flattened by default, since most
//! clients refuse or strip a root `oneOf`; `actionsAs: "oneOf"` keeps the
//! spec's `{ type: "object", oneOf }`. A union of objects with no literal
//! key is `{ type: "object", anyOf }`. Every other profile starts from this
//! output. Nothing is written that a client would send back differently,
//! so there is nothing to undo.

use crate::json::Json;

use super::union_root::{any_of, flat, one_of, ActionsAs};
use super::Input;
use crate::emit::emit_root;

#[must_use]
pub fn emit(input: Input<'_>, actions_as: ActionsAs) -> Json<'_> {
    match (input.union, actions_as) {
        (None, _) if crate::schema::is_object_union(input.schema) => any_of(input.schema),
        (None, _) => emit_root(input.schema),
        (Some(union), ActionsAs::Flat) => flat(input.schema, union),
        (Some(_), ActionsAs::OneOf) => one_of(input.schema),
    }
}
