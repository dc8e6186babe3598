//! Every options object a caller passes, read once, here: unknown keys are
//! refused with a suggestion (a misspelt option is an error, not a silent
//! default), a bad value names its key, and each default is written once,
//! in the struct it belongs to.

mod calls;
mod compile;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

pub use crate::keys::field_names;
pub use calls::{InputSchemaOptions, ParseOptions, UsageRequest};
pub use compile::{builtins, CommandsOptions, CompileOptions};

use crate::error::{Code, Error, Result};
use crate::text::{clip, closest};

/// Options as JSON text (how they cross from JS); empty text is none.
pub fn read_text<T: DeserializeOwned + Default>(text: Option<&str>, what: &str) -> Result<T> {
    match text.map(str::trim) {
        None | Some("") => Ok(T::default()),
        Some(text) => {
            let value = crate::schema::parse_json_text(text, &format!("the {what} options"))
                .map_err(|e| Error::new(Code::InvalidOption, e.message.clone()))?;
            read(value, what)
        }
    }
}

/// Options as a JSON value: `null` is none; anything else must be an object
/// whose keys are all known.
pub fn read<T: DeserializeOwned + Default>(value: Value, what: &str) -> Result<T> {
    let map = match value {
        Value::Null => return Ok(T::default()),
        Value::Object(map) => map,
        other => {
            return Err(Error::new(
                Code::InvalidOption,
                format!(
                    "{what} options must be an object, got {}",
                    crate::schema::value_kind(&other)
                ),
            ))
        }
    };
    let known = field_names::<T>();
    if let Some(unknown) = map.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(unknown_key(unknown, known, what));
    }
    // From an owned copy, not `&Value`: the borrowed deserializer would be
    // a second serde instantiation per options type (14 KiB of wasm, which
    // start-up pays), and an options object is a few keys.
    serde_json::from_value(Value::Object(map.clone())).map_err(|err| bad_value::<T>(&map, &err, what))
}

fn unknown_key(key: &str, known: &[&str], what: &str) -> Error {
    let hint = closest(key, known.iter().copied())
        .map(|s| format!("; did you mean \"{s}\"?"))
        .unwrap_or_default();
    Error::new(
        Code::InvalidOption,
        format!(
            "unknown {what} option \"{}\"{hint} (options: {})",
            clip(key),
            known.join(", ")
        ),
    )
}

/// Names the key whose value is wrong: each key is tried alone (every
/// option is optional), which costs nothing on the success path.
fn bad_value<T: DeserializeOwned>(map: &Map<String, Value>, err: &serde_json::Error, what: &str) -> Error {
    let culprit = map.iter().find(|(key, value)| {
        let mut alone = Map::new();
        alone.insert((*key).clone(), (*value).clone());
        serde_json::from_value::<T>(Value::Object(alone)).is_err()
    });
    match culprit {
        Some((key, _)) => Error::new(Code::InvalidOption, format!("{what} option \"{}\": {err}", clip(key))),
        None => Error::new(Code::InvalidOption, format!("invalid {what} options: {err}")),
    }
}
