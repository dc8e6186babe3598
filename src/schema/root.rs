//! What a tool's root schema may be: an object, or an action union.

use super::shape::{Kind, Schema};
use crate::error::{Code, Error, Result};

/// Refuses a root that is neither an object schema nor (checked before
/// this) an action union.
pub fn check_object_root(schema: &Schema) -> Result<()> {
    // An action union is handled before this; any other root must be an object.
    let root = &schema.root;
    let is_object = matches!(root.kind, Kind::Object(_));
    if is_object && !root.nullable {
        return Ok(());
    }
    let got = match &root.kind {
        Kind::Object(_) => "a nullable object".to_owned(),
        other => kind_name(other).to_owned(),
    };
    Err(Error::at_pointer(
        Code::InvalidRoot,
        "",
        format!("a tool's input schema must be an object schema (type \"object\"), got {got}"),
    ))
}

/// Whether the root is a union whose branches are all objects (nested
/// unions of objects included): Zod's `z.union` of objects. Without a
/// literal key it is no action union, but an MCP client can still send it.
#[must_use]
pub fn is_object_union(schema: &Schema) -> bool {
    let root = schema.resolve(&schema.root);
    !root.nullable && matches!(root.kind, Kind::Union(_)) && all_objects(schema, root, 0)
}

fn all_objects(schema: &Schema, shape: &super::shape::Shape, depth: usize) -> bool {
    if depth > crate::limits::MAX_UNION_NESTING {
        return false;
    }
    match &schema.resolve(shape).kind {
        Kind::Object(_) => !schema.resolve(shape).nullable,
        Kind::Union(union) => {
            !union.branches.is_empty() && union.branches.iter().all(|b| all_objects(schema, b, depth + 1))
        }
        _ => false,
    }
}

fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Any => "a schema that accepts anything",
        Kind::Never => "a schema that accepts nothing",
        Kind::Null => "null",
        Kind::Boolean => "boolean",
        Kind::Number => "number",
        Kind::Integer => "integer",
        Kind::String => "string",
        Kind::Enum(_) => "an enum",
        Kind::Array(_) => "array",
        Kind::Object(_) => "object",
        Kind::Union(_) => "a union",
        Kind::AllOf(_) => "an intersection",
        Kind::Ref(_) => "a recursive reference",
    }
}
