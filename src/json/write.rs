//! [`Json`] as text, byte for byte what `serde_json::to_string` writes for
//! the same value (a profile's schema is handed out so, and tests compare
//! it with serde_json's): serde's serializer goes through a formatter for
//! every token and copies strings a chunk at a time.

use std::fmt;

use serde::Serialize;

use super::tree::Json;

impl Json<'_> {
    /// The value as compact JSON text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut buf = Vec::with_capacity(256);
        self.write(&mut buf);
        // Only UTF-8 was written: strings from `str`s, the rest ASCII.
        String::from_utf8(buf).unwrap_or_default()
    }

    /// Appends the value as compact JSON text.
    pub fn write(&self, buf: &mut Vec<u8>) {
        match self {
            Json::Null => buf.extend_from_slice(b"null"),
            Json::Bool(true) => buf.extend_from_slice(b"true"),
            Json::Bool(false) => buf.extend_from_slice(b"false"),
            Json::Number(n) => write_number(buf, n),
            Json::String(s) => write_string(buf, s),
            Json::Array(items) => write_list(buf, items, |buf, item| item.write(buf)),
            Json::Object(map) => write_members(buf, map, |buf, item| item.write(buf)),
        }
    }
}

/// As compact JSON text (messages quote values so).
impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A number as serde_json writes it, floats without serde_json's float writer.
pub use crate::json_out::write_number;

/// `[a,b]`, each item written by `each`: the one way lists are written,
/// whatever tree they come from.
pub fn write_list<T>(buf: &mut Vec<u8>, items: impl IntoIterator<Item = T>, mut each: impl FnMut(&mut Vec<u8>, T)) {
    buf.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        each(buf, item);
    }
    buf.push(b']');
}

/// `{"k":v}`, each value written by `each` (see [`write_list`]).
pub fn write_members<K: AsRef<str>, T>(
    buf: &mut Vec<u8>,
    members: impl IntoIterator<Item = (K, T)>,
    mut each: impl FnMut(&mut Vec<u8>, T),
) {
    buf.push(b'{');
    for (i, (key, value)) in members.into_iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        write_string(buf, key.as_ref());
        buf.push(b':');
        each(buf, value);
    }
    buf.push(b'}');
}

/// One `key: value` of a keyword note (`{minimum: 1, maximum: 50}`, the
/// form Anthropic's SDKs write the keywords a client refuses in, into the
/// description): the note is opened at its first entry; `}` closes it.
pub fn push_note_entry(note: &mut Vec<u8>, key: &str, value: &Json<'_>) {
    note.extend_from_slice(if note.is_empty() { b"{" } else { b", " });
    note.extend_from_slice(key.as_bytes());
    note.extend_from_slice(b": ");
    value.write(note);
}

/// The note [`push_note_entry`] wrote, closed; `None` when it holds no
/// entry.
#[must_use]
pub fn finish_note(mut note: Vec<u8>) -> Option<String> {
    if note.is_empty() {
        return None;
    }
    note.push(b'}');
    // Only UTF-8 was written: keys, and JSON text from `str`s.
    String::from_utf8(note).ok()
}

/// `note` after a description and a blank line, or alone where there is
/// none: where a client that cannot take a keyword still shows the model
/// what it said (Anthropic's SDKs write `{minimum: 1}` so).
#[must_use]
pub fn described(description: Option<&str>, note: &str) -> String {
    match description {
        Some(before) if !before.is_empty() => {
            let mut both = String::with_capacity(before.len() + 2 + note.len());
            both.push_str(before);
            both.push_str("\n\n");
            both.push_str(note);
            both
        }
        _ => note.to_owned(),
    }
}

/// A JSON string: copied whole when nothing in it needs escaping (names
/// and descriptions rarely hold a quote, a backslash or a control
/// character), else escaped by serde_json, so that the text is the same.
pub fn write_string(buf: &mut Vec<u8>, text: &str) {
    if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        buf.reserve(text.len() + 2);
        buf.push(b'"');
        buf.extend_from_slice(text.as_bytes());
        buf.push(b'"');
    } else {
        let _ = text.serialize(&mut serde_json::Serializer::new(buf));
    }
}
