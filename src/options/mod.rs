//! Every options object a caller passes, read once, here: unknown keys are
//! refused with a suggestion (a misspelt option is an error, not a silent
//! default), a bad value names its key, and each default is written once,
//! in the struct it belongs to.

mod calls;
mod compile;

pub use crate::json::fields::{fields, Fields, Problem};
pub use calls::{InputSchemaOptions, ParseOptions, UsageRequest};
pub use compile::{builtins, CommandsOptions, CompileOptions};

use crate::error::{Code, Error, Result};
use crate::json::Json;
use crate::text::{clip, closest};

/// Options as JSON text (how they cross from JS); empty text is none.
pub fn read_text<T: Fields>(text: Option<&str>, what: &str) -> Result<T> {
    match text.map(str::trim) {
        None | Some("") => Ok(T::default()),
        Some(text) => read_given(text, what),
    }
}

/// Options given as text. Its own function: V8 compiles a whole function
/// on its first call, and a first `compile` often has no options.
#[inline(never)]
fn read_given<T: Fields>(text: &str, what: &str) -> Result<T> {
    // The label is written only for an error: options cross on
    // every call, and most calls are a cached schema handed out.
    let value = crate::schema::parse_schema_text(text, format_args!("the {what} options"))
        .map_err(|e| Error::new(Code::InvalidOption, e.message.clone()))?;
    read_json(&value, what)
}

/// Options as JSON: `null` is none; anything else must be an object whose
/// keys are all known.
pub fn read_json<T: Fields>(value: &Json<'_>, what: &str) -> Result<T> {
    if value.is_null() {
        return Ok(T::default());
    }
    fields(value).map_err(|problem| worded(problem, T::KEYS, what))
}

/// Options that are `{ client }` alone, the name crossing as itself (a
/// proxy asks for a schema per client and tool): read as the object
/// would be, with the same errors.
pub fn read_client<T: Fields>(client: &str, what: &str) -> Result<T> {
    if !T::KEYS.contains(&"client") {
        return Err(unknown_key("client", T::KEYS, what));
    }
    let mut out = T::default();
    out.set("client", &Json::String(std::borrow::Cow::Borrowed(client)))
        .map_err(|why| worded(Problem::Bad("client".to_owned(), why), T::KEYS, what))?;
    match T::REQUIRED.iter().find(|&&key| key != "client") {
        Some(missing) => Err(worded(Problem::Missing(missing), T::KEYS, what)),
        None => Ok(out),
    }
}

fn worded(problem: Problem, keys: &[&str], what: &str) -> Error {
    match problem {
        Problem::NotObject(kind) => Error::new(
            Code::InvalidOption,
            format!("{what} options must be an object, got {kind}"),
        ),
        Problem::Unknown(key) => unknown_key(&key, keys, what),
        Problem::Missing(key) => Error::new(Code::InvalidOption, format!("{what} option \"{key}\" is missing")),
        Problem::Bad(key, why) => Error::new(Code::InvalidOption, format!("{what} option \"{}\": {why}", clip(&key))),
    }
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
