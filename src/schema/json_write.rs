//! [`Json`] as text, byte for byte what `serde_json::to_string` writes for
//! the same value (a profile's schema is handed out so, and tests compare
//! it with serde_json's): serde's serializer goes through a formatter for
//! every token and copies strings a chunk at a time.

use std::fmt;

use serde::Serialize;

use super::json::Json;

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
            Json::Number(n) => {
                let _ = n.serialize(&mut serde_json::Serializer::new(&mut *buf));
            }
            Json::String(s) => write_string(buf, s),
            Json::Array(items) => {
                buf.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        buf.push(b',');
                    }
                    item.write(buf);
                }
                buf.push(b']');
            }
            Json::Object(map) => {
                buf.push(b'{');
                for (i, (key, item)) in map.iter().enumerate() {
                    if i > 0 {
                        buf.push(b',');
                    }
                    write_string(buf, key);
                    buf.push(b':');
                    item.write(buf);
                }
                buf.push(b'}');
            }
        }
    }
}

/// As compact JSON text (messages quote values so).
impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
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
