//! The flag type a shape's single value takes, with its choices.

use serde_json::Value;

use super::flag::FlagType;
use super::scalar_union::Part;
use crate::schema::{EnumValues, Kind, Shape};

/// The flag type of a shape a single flag value can express, with its choices.
pub(super) fn scalar_type(shape: &Shape) -> Option<(FlagType, Option<Vec<Value>>)> {
    match &shape.kind {
        Kind::String => Some((FlagType::String, None)),
        Kind::Number => Some((FlagType::Number, None)),
        Kind::Integer => Some((FlagType::Integer, None)),
        Kind::Boolean => Some((FlagType::Boolean, None)),
        // `z.literal(true)` (a confirmation) is typed as the switch people
        // expect, `--confirm`, not `--confirm true`; the validator still
        // refuses the value the schema does not take.
        Kind::Enum(values) => enum_type(values),
        _ => None,
    }
}

/// The flag type of an enum's values: a switch for `true` alone (or both),
/// a choice among scalars, nothing for an object or list value, nor where
/// a text value is typed as another value is (`"5"` beside `5`), which a
/// JSON flag tells apart.
pub(super) fn enum_type(values: &EnumValues) -> Option<(FlagType, Option<Vec<Value>>)> {
    if !values.is_empty() && values.iter().all(Value::is_boolean) {
        return Some((FlagType::Boolean, None));
    }
    let scalars = values.iter().all(|v| v.is_string() || v.is_number() || v.is_boolean());
    (scalars && !values.has_lookalikes()).then(|| (FlagType::Enum, Some(values.to_vec())))
}

/// The parts of a union whose every part is a literal, as the choice the
/// same literals undescribed are: the reader keeps such a union a union
/// because its branches carry descriptions (`z.union([z.literal("low")
/// .describe("Cheap"), ...])`), so `flags()` says `enum` and lists them
/// while usage and completion still read each value's description from
/// the shape. `None` where a part is a whole type (`number | "auto"`), or
/// the values look alike (see [`enum_type`]).
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn literal_choice(parts: &[Part]) -> Option<(FlagType, Option<Vec<Value>>)> {
    let values = parts
        .iter()
        .map(|part| match part {
            Part::Value(value) => Some(value.clone()),
            Part::Kind(_) => None,
        })
        .collect::<Option<Vec<Value>>>()?;
    enum_type(&EnumValues::new(values))
}
