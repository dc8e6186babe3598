//! What the root's `cli` meta says for the whole command line: examples
//! and an epilogue for its usage.

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::schema::Shape;
use crate::text::{clip, closest};

/// What the root's `cli` meta may say (an action's branch, a root of its
/// own, may say `deprecated`).
const ROOT_KEYS: [&str; 4] = ["examples", "epilogue", "epilog", "deprecated"];

/// A misspelt key in the root's `cli` meta is refused, as a field's is,
/// with the key meant: `{ exmples: [...] }` must not pass unseen.
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn check_root_keys(root: &Shape) -> Result<()> {
    let Some(cli) = root.cli.as_ref() else {
        return Ok(());
    };
    let Some(key) = cli.keys().find(|key| !ROOT_KEYS.contains(&key.as_str())) else {
        return Ok(());
    };
    let hint = closest(key, ROOT_KEYS.iter().copied())
        .map(|s| format!("; did you mean \"{s}\"?"))
        .unwrap_or_default();
    Err(Error::at_pointer(
        Code::InvalidSchema,
        "/cli",
        format!(
            "the cli meta at the root has an unknown key \"{}\"{hint} (keys: examples, epilogue, epilog, deprecated; a flag's own keys go on its field)",
            clip(key)
        ),
    ))
}

/// The root's `cli.examples`: a list of command lines (after the name).
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn root_examples(root: &Shape) -> Result<Vec<String>> {
    let Some(examples) = root.cli.as_ref().and_then(|cli| cli.get("examples")) else {
        return Ok(Vec::new());
    };
    let list = examples.as_array().filter(|items| items.iter().all(Value::is_string));
    list.map(|items| items.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .ok_or_else(|| {
            Error::at_pointer(
                Code::InvalidSchema,
                "/cli/examples",
                "cli.examples must be a list of command lines (strings)",
            )
        })
}

/// The root's `cli.epilogue` (or yargs' other spelling, `epilog`): text.
#[inline(never)] // rare, and V8 compiles a whole function on its first call
pub(super) fn root_epilogue(root: &Shape) -> Result<Option<String>> {
    let cli = root.cli.as_ref();
    let Some((key, text)) = ["epilogue", "epilog"]
        .into_iter()
        .find_map(|key| Some((key, cli?.get(key)?)))
    else {
        return Ok(None);
    };
    match text.as_str() {
        Some(text) => Ok(Some(text.to_owned())),
        None => Err(Error::at_pointer(
            Code::InvalidSchema,
            format!("/cli/{key}"),
            format!("cli.{key} must be text, shown at the end of usage"),
        )),
    }
}
