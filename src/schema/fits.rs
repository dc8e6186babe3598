//! Does a value have the structure a shape asks for? Types, enums, required
//! keys, closed objects and tuple positions; not string lengths, formats or
//! numeric bounds, which are the validator's (Zod's) business. Used to decide
//! whether JSON text given for a flag, or a repaired string, is what the
//! schema wants there.

use serde_json::Value;

use super::shape::{ArrayShape, Kind, ObjectShape, Schema, Shape};

use crate::limits::MAX_FIT_DEPTH;

#[must_use]
pub fn fits(schema: &Schema, shape: &Shape, value: &Value) -> bool {
    fits_at(schema, shape, value, 0)
}

fn fits_at(schema: &Schema, shape: &Shape, value: &Value, depth: usize) -> bool {
    if depth > MAX_FIT_DEPTH {
        return false;
    }
    if value.is_null() && shape.nullable {
        return true;
    }
    match &shape.kind {
        Kind::Any => true,
        Kind::Never => false,
        Kind::Null => value.is_null(),
        Kind::Boolean | Kind::Number | Kind::Integer | Kind::String => is_scalar_of(&shape.kind, value),
        Kind::Enum(values) => values.contains(value),
        Kind::Array(array) => fits_array(schema, array, value, depth),
        Kind::Object(object) => fits_object(schema, object, value, depth),
        Kind::Union(union) => union.branches.iter().any(|b| fits_at(schema, b, value, depth + 1)),
        Kind::AllOf(members) => members.iter().all(|m| fits_at(schema, m, value, depth + 1)),
        Kind::Ref(index) => schema
            .defs
            .get(*index)
            .is_some_and(|def| fits_at(schema, &def.shape, value, depth + 1)),
    }
}

fn fits_array(schema: &Schema, array: &ArrayShape, value: &Value, depth: usize) -> bool {
    let Value::Array(items) = value else {
        return false;
    };
    items.iter().enumerate().all(|(i, item)| match array.prefix.get(i) {
        Some(position) => fits_at(schema, position, item, depth + 1),
        None => array
            .items
            .as_ref()
            .is_none_or(|rest| fits_at(schema, rest, item, depth + 1)),
    })
}

fn fits_object(schema: &Schema, object: &ObjectShape, value: &Value, depth: usize) -> bool {
    let Value::Object(map) = value else {
        return false;
    };
    let required_present = object
        .props
        .iter()
        .filter(|p| p.must_supply())
        .all(|p| map.contains_key(&p.key))
        && object.required_extra.iter().all(|key| map.contains_key(key));
    required_present
        && object
            .property_names
            .as_ref()
            .is_none_or(|names| names_fit(schema, names, map, depth))
        && map.iter().all(|(key, item)| match object.prop(key) {
            Some(prop) => fits_at(schema, &prop.shape, item, depth + 1),
            None => object
                .additional
                .as_ref()
                .is_none_or(|extra| fits_at(schema, extra, item, depth + 1)),
        })
}

/// Every key of `map` is a name `names` (`propertyNames`) allows.
fn names_fit(schema: &Schema, names: &Shape, map: &serde_json::Map<String, Value>, depth: usize) -> bool {
    map.keys().all(|key| name_fits_at(schema, names, key, depth))
}

/// Whether `names` (`propertyNames`) allows the key `key`: a record keyed
/// by an enum (`z.record(z.enum(["cpu", "mem"]), ...)`) takes no other.
/// Zod's `{ type: "string" }` on every record allows any key, and is
/// answered without making a value of it.
#[must_use]
pub fn name_fits(schema: &Schema, names: &Shape, key: &str) -> bool {
    name_fits_at(schema, names, key, 0)
}

fn name_fits_at(schema: &Schema, names: &Shape, key: &str, depth: usize) -> bool {
    matches!(schema.resolve(names).kind, Kind::String | Kind::Any)
        || fits_at(schema, names, &Value::String(key.to_owned()), depth + 1)
}

/// Whether `value` is of the scalar kind `kind` (a string for `String`,
/// a whole number for `Integer`, ...); false for any other kind.
#[must_use]
pub fn is_scalar_of(kind: &Kind, value: &Value) -> bool {
    match kind {
        Kind::Boolean => value.is_boolean(),
        Kind::Number => value.is_number(),
        Kind::Integer => is_integer(value),
        Kind::String => value.is_string(),
        _ => false,
    }
}

fn is_integer(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

/// JSON equality with numbers compared by value (`1` equals `1.0`).
#[must_use]
pub fn same_value(a: &Value, b: &Value) -> bool {
    #[cfg(test)]
    comparisons::count();
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64().is_some_and(|fx| y.as_f64() == Some(fx)),
        _ => a == b,
    }
}

/// The JSON type of a value, for messages.
#[must_use]
pub fn value_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// How many values `same_value` compared on this thread: lets tests show
/// that work per key does not grow with an enum's size, without timing.
#[cfg(test)]
pub mod comparisons {
    use std::cell::Cell;

    thread_local! {
        static COUNT: Cell<usize> = const { Cell::new(0) };
    }

    pub fn count() {
        COUNT.with(|c| c.set(c.get() + 1));
    }

    /// The comparisons made while `f` ran.
    pub fn during(f: impl FnOnce()) -> usize {
        let before = COUNT.with(Cell::get);
        f();
        COUNT.with(Cell::get) - before
    }
}
