//! Local JSON pointers: the `#/$defs/Name` form every `$ref` Zod writes uses.

use std::borrow::Cow;

use crate::json::Json;

/// Resolves a local `$ref` against the root document. Returns the canonical
/// pointer (without `#`) and the target, or why it cannot be followed.
pub fn resolve_local_ref<'a, 'r>(
    root: &'a Json<'a>,
    reference: &'r str,
) -> Result<(Cow<'r, str>, &'a Json<'a>), &'static str> {
    let Some(fragment) = reference.strip_prefix('#') else {
        return Err("is not a local reference (only \"#...\" references are supported)");
    };
    let fragment = percent_decode(fragment).ok_or("is not a valid URI fragment")?;
    if fragment.is_empty() {
        return Ok((fragment, root));
    }
    let Some(rest) = fragment.strip_prefix('/') else {
        return Err("uses an anchor, which is not supported (use a JSON pointer such as #/$defs/Name)");
    };
    let mut node = root;
    for raw in rest.split('/') {
        let segment = unescape_segment(raw);
        node = match node {
            Json::Object(members) => members.get(&segment),
            Json::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        }
        .ok_or("points at nothing")?;
    }
    Ok((fragment, node))
}

/// One JSON pointer segment as the key it names (`~1` is `/`, `~0` is
/// `~`); borrowed when it holds no escape.
#[must_use]
pub fn unescape_segment(raw: &str) -> Cow<'_, str> {
    if raw.contains('~') {
        Cow::Owned(raw.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(raw)
    }
}

/// Escapes a key for use as one JSON pointer segment of a `$ref` (a URI
/// fragment, which readers percent-decode: `%` itself is encoded).
#[must_use]
pub fn escape_segment(key: &str) -> Cow<'_, str> {
    // Nearly every key needs no escape: borrow it, since pointers are built
    // for every property read.
    if !key.contains(['~', '/', '%']) {
        return Cow::Borrowed(key);
    }
    Cow::Owned(key.replace('~', "~0").replace('/', "~1").replace('%', "%25"))
}

/// Where the reader is, as a chain of steps up to the root: the JSON pointer
/// is written only when an error names it. Writing it for every node read
/// (a `format!` and an allocation each) was a tenth of compiling a schema.
#[derive(Debug, Clone, Copy)]
pub struct At<'p> {
    parent: Option<&'p At<'p>>,
    step: Step<'p>,
}

#[derive(Debug, Clone, Copy)]
enum Step<'p> {
    /// A pointer already written (the root's `""`, a `$ref`'s target).
    Written(&'p str),
    /// A keyword or a name, escaped when written.
    Key(&'p str),
    Index(usize),
}

impl<'p> At<'p> {
    /// A place given by a pointer already written.
    #[must_use]
    pub fn written(pointer: &'p str) -> At<'p> {
        At {
            parent: None,
            step: Step::Written(pointer),
        }
    }

    /// The place of `key` (a keyword, property or definition name) below this one.
    #[must_use]
    pub fn key(&'p self, key: &'p str) -> At<'p> {
        At {
            parent: Some(self),
            step: Step::Key(key),
        }
    }

    /// The place of a list's `index`th member below this one.
    #[must_use]
    pub fn index(&'p self, index: usize) -> At<'p> {
        At {
            parent: Some(self),
            step: Step::Index(index),
        }
    }
}

impl std::fmt::Display for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(parent) = self.parent {
            parent.fmt(f)?;
        }
        match self.step {
            Step::Written(pointer) => f.write_str(pointer),
            Step::Key(key) => write!(f, "/{}", escape_segment(key)),
            Step::Index(index) => write!(f, "/{index}"),
        }
    }
}

/// Borrowed when there is nothing to decode, as in every pointer Zod writes.
fn percent_decode(text: &str) -> Option<Cow<'_, str>> {
    if !text.contains('%') {
        return Some(Cow::Borrowed(text));
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok().map(Cow::Owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_place_writes_its_pointer() {
        let root = At::written("/$defs/T");
        let props = root.key("properties");
        let key = props.key("a/b");
        let list = key.key("anyOf");
        assert_eq!(list.index(2).to_string(), "/$defs/T/properties/a~1b/anyOf/2");
        assert_eq!(At::written("").to_string(), "");
    }

    #[test]
    fn resolves_defs_and_escapes() {
        let value = json!({ "$defs": { "a/b": { "type": "string" }, "c d": { "type": "number" } } });
        let root = Json::borrow(&value);
        assert_eq!(
            resolve_local_ref(&root, "#/$defs/a~1b").map(|r| r.1.to_value()),
            Ok(json!({ "type": "string" }))
        );
        assert_eq!(
            resolve_local_ref(&root, "#/$defs/c%20d").map(|r| r.1.to_value()),
            Ok(json!({ "type": "number" }))
        );
        assert!(resolve_local_ref(&root, "#/$defs/missing").is_err());
        assert!(resolve_local_ref(&root, "other.json#/x").is_err());
        assert!(resolve_local_ref(&root, "#/$defs/%zz").is_err());
        assert_eq!(
            resolve_local_ref(&root, "#").map(|r| r.0.into_owned()),
            Ok(String::new())
        );
        // The pointer is borrowed unless it had to be decoded.
        assert!(matches!(
            resolve_local_ref(&root, "#/$defs/a~1b"),
            Ok((Cow::Borrowed("/$defs/a~1b"), _))
        ));
        assert!(matches!(
            resolve_local_ref(&root, "#/$defs/c%20d"),
            Ok((Cow::Owned(_), _))
        ));
    }
}
