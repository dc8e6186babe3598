//! Reading an options object (or a definition) by hand: each struct lists
//! its keys and sets one key from one value ([`Fields`]); the loop here
//! refuses unknown and missing keys and names the key a bad value sits
//! under. serde's derived readers did the same for twelve structs, at the
//! price of a deserializer instantiated per struct and per input type (the
//! largest single block of the wasm), and of a `serde_json::Value` parsed
//! per call: `inputSchema({ client })` spent more on its options than on
//! handing out a cached schema.

use std::collections::BTreeMap;

use serde_json::Value;

use super::tree::Json;
use crate::text::clip;

/// A struct read from a JSON object, key by key.
pub trait Fields: Default {
    /// Every key it takes, as JS spells them.
    const KEYS: &'static [&'static str];
    /// Keys that must be there.
    const REQUIRED: &'static [&'static str] = &[];
    /// Sets `key`, one of [`Fields::KEYS`], from `value`; the error says
    /// what was expected.
    fn set(&mut self, key: &str, value: &Json<'_>) -> Result<(), String>;
}

/// Why an object could not be read as a `T`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Not an object: its JSON type.
    NotObject(&'static str),
    Unknown(String),
    Missing(&'static str),
    /// A key whose value is wrong, and what was expected.
    Bad(String, String),
}

impl Problem {
    /// The problem as one line, for a value nested under another key.
    #[must_use]
    pub fn message(&self, keys: &[&str]) -> String {
        match self {
            Problem::NotObject(kind) => format!("expected an object, got {kind}"),
            Problem::Unknown(key) => format!("unknown key \"{}\" (keys: {})", clip(key), keys.join(", ")),
            Problem::Missing(key) => format!("\"{key}\" is missing"),
            Problem::Bad(key, why) => format!("\"{}\": {why}", clip(key)),
        }
    }
}

/// Reads `value`, an object of `T`'s keys.
pub fn fields<T: Fields>(value: &Json<'_>) -> Result<T, Problem> {
    let Json::Object(map) = value else {
        return Err(Problem::NotObject(value.kind()));
    };
    let mut out = T::default();
    for (key, item) in map {
        if !T::KEYS.contains(&key.as_ref()) {
            return Err(Problem::Unknown(key.to_string()));
        }
        out.set(key, item).map_err(|why| Problem::Bad(key.to_string(), why))?;
    }
    if let Some(missing) = T::REQUIRED.iter().find(|key| !map.contains_key(key)) {
        return Err(Problem::Missing(missing));
    }
    Ok(out)
}

/// A `T` nested under a key: its problem as the key's message.
pub fn nested<T: Fields>(value: &Json<'_>) -> Result<T, String> {
    fields(value).map_err(|problem| problem.message(T::KEYS))
}

/// "expected `what`, got ..." with the value shown (clipped).
#[must_use]
pub fn expected(what: &str, value: &Json<'_>) -> String {
    match value {
        Json::Object(_) | Json::Array(_) => format!("expected {what}, got {}", value.kind()),
        _ => format!("expected {what}, got {}", clip(&value.to_text())),
    }
}

pub fn text(value: &Json<'_>) -> Result<String, String> {
    value
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| expected("a string", value))
}

pub fn flag(value: &Json<'_>) -> Result<bool, String> {
    match value {
        Json::Bool(b) => Ok(*b),
        other => Err(expected("true or false", other)),
    }
}

pub fn count(value: &Json<'_>) -> Result<usize, String> {
    value
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| expected("a whole number, 0 or more", value))
}

/// `null` is none (as an absent key is), anything else is read by `read`.
pub fn optional<T>(value: &Json<'_>, read: impl Fn(&Json<'_>) -> Result<T, String>) -> Result<Option<T>, String> {
    match value {
        Json::Null => Ok(None),
        other => read(other).map(Some),
    }
}

/// One of a few words.
pub fn choice<T: Copy>(value: &Json<'_>, words: &[(&str, T)]) -> Result<T, String> {
    let found = value
        .as_str()
        .and_then(|word| words.iter().find(|(w, _)| *w == word).map(|(_, v)| *v));
    found.ok_or_else(|| {
        let names: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        expected(&format!("one of {}", names.join(", ")), value)
    })
}

/// An array, each item read by `read`.
pub fn list<T>(value: &Json<'_>, read: impl Fn(&Json<'_>) -> Result<T, String>) -> Result<Vec<T>, String> {
    let Json::Array(items) = value else {
        return Err(expected("an array", value));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read(item).map_err(|why| format!("item {i}: {why}")))
        .collect()
}

/// An object of any keys, each value read by `read`.
pub fn entries<T>(
    value: &Json<'_>,
    read: impl Fn(&Json<'_>) -> Result<T, String>,
) -> Result<BTreeMap<String, T>, String> {
    let Json::Object(map) = value else {
        return Err(expected("an object", value));
    };
    // Inserted one by one: collecting sorts first, which brought a stable
    // sort's code (4 KB of wasm) for a map of a few overrides. A key given
    // twice keeps its last value either way.
    let mut entries = BTreeMap::new();
    for (key, item) in map {
        let read = read(item).map_err(|why| format!("\"{}\": {why}", clip(key)))?;
        entries.insert(key.to_string(), read);
    }
    Ok(entries)
}

/// Any JSON, kept as a value.
#[must_use]
pub fn any(value: &Json<'_>) -> Value {
    value.to_value()
}

/// An object, kept as a map.
pub fn object(value: &Json<'_>) -> Result<serde_json::Map<String, Value>, String> {
    match value {
        Json::Object(members) => Ok(crate::json::to_map(members)),
        _ => Err(expected("an object", value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq)]
    struct Sample {
        name: String,
        size: Option<usize>,
        on: bool,
    }

    impl Fields for Sample {
        const KEYS: &'static [&'static str] = &["name", "size", "on"];
        const REQUIRED: &'static [&'static str] = &["name"];
        fn set(&mut self, key: &str, value: &Json<'_>) -> Result<(), String> {
            match key {
                "name" => self.name = text(value)?,
                "size" => self.size = optional(value, count)?,
                _ => self.on = flag(value)?,
            }
            Ok(())
        }
    }

    fn read(text: &str) -> Result<Sample, Problem> {
        let json: Json<'_> = serde_json::from_str(text).unwrap_or_default();
        fields(&json)
    }

    #[test]
    fn keys_are_set_checked_and_named() {
        let ok = read(r#"{"name":"a","size":null,"on":true}"#);
        assert_eq!(
            ok,
            Ok(Sample {
                name: "a".into(),
                size: None,
                on: true
            })
        );
        assert_eq!(read(r#"{"name":"a","siez":1}"#), Err(Problem::Unknown("siez".into())));
        assert_eq!(read(r#"{"on":false}"#), Err(Problem::Missing("name")));
        assert_eq!(
            read(r#"{"name":"a","size":-1}"#),
            Err(Problem::Bad(
                "size".into(),
                "expected a whole number, 0 or more, got -1".into()
            ))
        );
        assert_eq!(read("[1]"), Err(Problem::NotObject("array")));
        let words = [("text", 1), ("markdown", 2)];
        assert_eq!(choice(&Json::text("markdown"), &words), Ok(2));
        assert_eq!(
            choice(&Json::text("html"), &words),
            Err("expected one of text, markdown, got \"html\"".to_owned())
        );
    }
}
