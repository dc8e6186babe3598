//! JSON Schema in, [`Shape`] tree out. Knows nothing of flags, argv or JS.

pub mod action_notes;
pub mod actions;
mod deprecation;
mod enum_values;
mod example;
mod fits;
pub mod keywords;
mod normalize;
mod pointer;
mod read;
mod root;
mod shape;
pub mod zod_patterns;

pub use deprecation::Deprecation;
pub use enum_values::{distinct_values, EnumValues, ValueIndex};
pub use example::example_text;
#[cfg(test)]
pub use fits::comparisons;
pub use fits::{fits, name_fits, same_value, value_kind};
pub use pointer::escape_segment as escape_pointer_segment;
pub use pointer::At;
pub use read::{read_json, read_schema};
pub use root::{check_object_root, is_object_union};
pub use shape::{Applicator, Applicators, ArrayShape, Def, Keywords, Kind, ObjectShape, Prop, Schema, Shape, Union};

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::limits::{MAX_INPUT_BYTES, MAX_JSON_DEPTH};

/// Parses schema text for reading (see [`crate::json::Json`]), with the errors of
/// [`parse_json_text`].
pub fn parse_schema_text(text: &str, what: impl std::fmt::Display) -> Result<crate::json::Json<'_>> {
    parse_text(text, what)
}

/// Parses schema text; refuses text over the size limit before parsing it.
/// `what` names the text in an error, and is written only then.
pub fn parse_json_text(text: &str, what: impl std::fmt::Display) -> Result<Value> {
    parse_text(text, what)
}

// `what` is plural for some texts ("the arguments") and singular for others
// ("the schema"), so each message names it and then says what is wrong.
fn parse_text<'t, T: serde::Deserialize<'t>>(text: &'t str, what: impl std::fmt::Display) -> Result<T> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(Error::new(
            Code::TooLarge,
            format!("{what}: {} bytes, more than the limit of {MAX_INPUT_BYTES}", text.len()),
        ));
    }
    serde_json::from_str(text).map_err(|err| {
        if err.to_string().contains("recursion limit") {
            Error::new(
                Code::TooDeep,
                format!("{what}: nested deeper than {MAX_JSON_DEPTH} levels"),
            )
        } else {
            Error::new(Code::InvalidJson, format!("{what}: not valid JSON: {err}"))
        }
    })
}
