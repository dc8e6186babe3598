//! A schema as the reader reads it: JSON whose strings are borrowed from
//! the text where they need no unescaping and whose objects are lists of
//! members. Parsing a schema into `serde_json::Value` made an ordered hash
//! map per object, hashed every key and copied every string, and dropping
//! that tree after reading cost as much again: together more than a third
//! of `compile`. The parts a [`Shape`](super::Shape) keeps (defaults, enum
//! values, kept keywords) become `Value`s when read.
//!
//! The client profiles rewrite the same kind of tree, emitted from a Shape
//! with its names and texts borrowed (`emit::emit_root`), for the same
//! reasons: see [`Map`] for how objects are searched.

use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde_json::{Number, Value};

use super::map::Entries;

/// A JSON object's members, in order (see `map.rs`).
pub type Map<'a> = Entries<'a, Json<'a>>;

/// One JSON value; see the module documentation.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Json<'a> {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    Object(Map<'a>),
}

impl<'a> Json<'a> {
    /// The same JSON, borrowing the strings of a `Value` already parsed.
    #[must_use]
    pub fn borrow(value: &'a Value) -> Json<'a> {
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(n.clone()),
            Value::String(s) => Json::String(Cow::Borrowed(s)),
            Value::Array(items) => Json::Array(items.iter().map(Json::borrow).collect()),
            Value::Object(map) => Json::Object(
                map.iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Json::borrow(v)))
                    .collect(),
            ),
        }
    }

    /// As a `serde_json::Value`, for the parts of a schema a shape keeps.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.clone()),
            Json::String(s) => Value::String(s.clone().into_owned()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Object(members) => Value::Object(to_map(members)),
        }
    }

    /// A string of static text.
    #[must_use]
    pub fn text(value: &'static str) -> Json<'a> {
        Json::String(Cow::Borrowed(value))
    }

    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_array(&self) -> Option<&Vec<Json<'a>>> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Json<'a>>> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_object(&self) -> Option<&Map<'a>> {
        match self {
            Json::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn as_object_mut(&mut self) -> Option<&mut Map<'a>> {
        match self {
            Json::Object(members) => Some(members),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    #[must_use]
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    #[must_use]
    pub fn is_string(&self) -> bool {
        matches!(self, Json::String(_))
    }

    #[must_use]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Json::Bool(_))
    }

    /// The JSON type of the value, for messages (as the schema room's `value_kind` names it).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "boolean",
            Json::Number(_) => "number",
            Json::String(_) => "string",
            Json::Array(_) => "array",
            Json::Object(_) => "object",
        }
    }

    /// Takes the value out, leaving `null`.
    #[must_use]
    pub fn take(&mut self) -> Json<'a> {
        std::mem::take(self)
    }

    /// The member `key` of an object.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        self.as_object().and_then(|members| members.get(key))
    }

    /// A hash that equal values share: an object's members in any order
    /// (as [`Map`]'s equality has them), numbers by value. For finding a
    /// value among many by hashing, where a scan per value was quadratic.
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint_but(&[])
    }

    /// [`Json::fingerprint`], leaving out this object's own members named
    /// in `left_out` (as an equality that ignores them must).
    #[must_use]
    pub fn fingerprint_but(&self, left_out: &[&str]) -> u64 {
        let mut hasher = DefaultHasher::new();
        match self {
            Json::Null => 0_u8.hash(&mut hasher),
            Json::Bool(b) => (1_u8, b).hash(&mut hasher),
            // 0.0 and -0.0 are equal numbers: one hash.
            Json::Number(n) => {
                (2_u8, n.as_f64().map_or(0, |f| if f == 0.0 { 0 } else { f.to_bits() })).hash(&mut hasher);
            }
            Json::String(s) => (3_u8, s.as_ref()).hash(&mut hasher),
            Json::Array(items) => {
                4_u8.hash(&mut hasher);
                for item in items {
                    item.fingerprint().hash(&mut hasher);
                }
            }
            Json::Object(members) => {
                // The members' own hashes, sorted, so that their order does not
                // count. Sorted rather than added: a sum lets whoever writes the
                // schema find many objects of one fingerprint (a k-sum), and
                // every lookup among them would compare each.
                // Each hash as its two halves, for the module's one sort
                // (`crate::order`).
                let each: Vec<(usize, usize)> = members
                    .iter()
                    .filter(|(key, _)| !left_out.contains(&key.as_ref()))
                    .map(|(key, value)| {
                        let mut member = DefaultHasher::new();
                        (key.as_ref(), value.fingerprint()).hash(&mut member);
                        halves(member.finish())
                    })
                    .collect();
                (5_u8, crate::order::sort_pairs(each)).hash(&mut hasher);
            }
        }
        hasher.finish()
    }

    /// Equal once each object's own members named in `left_out` are left
    /// out (the equality [`Json::fingerprint_but`] hashes for), compared in
    /// place: a copy of each side per comparison was most of a join's cost.
    #[must_use]
    pub fn same_but(&self, other: &Json<'_>, left_out: &[&str]) -> bool {
        let (Json::Object(a), Json::Object(b)) = (self, other) else {
            return self == other;
        };
        let kept = |(key, _): &(&Cow<'_, str>, &Json<'_>)| !left_out.contains(&key.as_ref());
        a.iter().filter(kept).count() == b.iter().filter(kept).count()
            && a.iter().filter(kept).all(|(key, value)| b.get(key) == Some(value))
    }

    /// Whether this is `{}`.
    #[must_use]
    pub fn is_empty_object(&self) -> bool {
        matches!(self, Json::Object(members) if members.is_empty())
    }
}

/// A hash as its high and low halves, in that order: sorted, the pairs
/// keep the hashes' order, on 32-bit `usize` as on 64.
fn halves(hash: u64) -> (usize, usize) {
    let half = |bits: u64| usize::try_from(bits & 0xFFFF_FFFF).unwrap_or(usize::MAX);
    (half(hash >> 32), half(hash))
}

/// Distinct values in the order first seen, each found by a fingerprint
/// ([`Json::fingerprint`], or one leaving some members out) and then
/// compared: a scan of the list so far per value made thousands of enum
/// values, tuple positions or union branches quadratic.
#[derive(Debug, Default)]
pub struct Distinct<'a> {
    values: Vec<Json<'a>>,
    // Fx, as the value index does: the keys are fingerprints already.
    by_print: rustc_hash::FxHashMap<u64, Vec<usize>>,
}

impl<'a> Distinct<'a> {
    /// Adds `value` unless an equal one is there (the first is kept).
    pub fn insert(&mut self, value: Json<'a>) {
        let print = value.fingerprint();
        if self.find(&value, print, &[]).is_none() {
            self.push(value, print);
        }
    }

    /// Adds `value` unless one equal to it but for the members in
    /// `left_out` is there; that twin gives its place to `value` when it
    /// has no description of its own.
    pub fn insert_but(&mut self, value: Json<'a>, left_out: &[&str]) {
        let print = value.fingerprint_but(left_out);
        match self
            .find(&value, print, left_out)
            .and_then(|at| self.values.get_mut(at))
        {
            Some(twin) if twin.get("description").is_none() => *twin = value,
            Some(_) => {}
            None => self.push(value, print),
        }
    }

    /// Whether a value equal to `value` is there.
    #[must_use]
    pub fn contains(&self, value: &Json<'a>) -> bool {
        self.find(value, value.fingerprint(), &[]).is_some()
    }

    #[must_use]
    pub fn into_values(self) -> Vec<Json<'a>> {
        self.values
    }

    fn find(&self, value: &Json<'a>, print: u64, left_out: &[&str]) -> Option<usize> {
        let places = self.by_print.get(&print)?;
        places
            .iter()
            .copied()
            .find(|&at| self.values.get(at).is_some_and(|known| known.same_but(value, left_out)))
    }

    fn push(&mut self, value: Json<'a>, print: u64) {
        self.by_print.entry(print).or_default().push(self.values.len());
        self.values.push(value);
    }
}

impl From<usize> for Json<'_> {
    fn from(n: usize) -> Self {
        Json::Number(n.into())
    }
}

impl From<i64> for Json<'_> {
    fn from(n: i64) -> Self {
        Json::Number(n.into())
    }
}

impl From<bool> for Json<'_> {
    fn from(b: bool) -> Self {
        Json::Bool(b)
    }
}

impl<'a> From<Map<'a>> for Json<'a> {
    fn from(map: Map<'a>) -> Self {
        Json::Object(map)
    }
}

impl PartialEq<str> for Json<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Json<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

/// An object's members as a `serde_json::Map`.
#[must_use]
pub fn to_map(members: &Map<'_>) -> serde_json::Map<String, Value> {
    members
        .iter()
        .map(|(k, v)| (k.clone().into_owned(), v.to_value()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_as_serde_json_does() {
        let text = r#"{"a":1,"b":[true,null,"x\"y",-2,1.5],"a":{"c":"d"},"e\u0041":{}}"#;
        let json: Json<'_> = serde_json::from_str(text).unwrap_or(Json::Null);
        let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        assert_eq!(json.to_value(), value);
        assert_eq!(Json::borrow(&value), json);
        assert!(matches!(
            json.get("b").and_then(|b| b.as_array()).map(Vec::as_slice),
            Some([_, _, Json::String(Cow::Owned(_)), _, _])
        ));
    }

    #[test]
    fn equal_values_share_a_fingerprint() {
        let parse = |text: &'static str| serde_json::from_str::<Json<'_>>(text).unwrap_or(Json::Null);
        let pairs = [
            (r#"{"a":1,"b":[true,{"c":null}]}"#, r#"{"b":[true,{"c":null}],"a":1}"#),
            ("0.0", "-0.0"),
            (r#"{"description":"x","type":"string"}"#, r#"{"type":"string"}"#),
        ];
        for (i, (a, b)) in pairs.into_iter().enumerate() {
            let (a, b) = (parse(a), parse(b));
            if i < 2 {
                assert_eq!(a, b);
                assert_eq!(a.fingerprint(), b.fingerprint(), "{a:?}");
            } else {
                assert_ne!(a.fingerprint(), b.fingerprint());
                assert_eq!(a.fingerprint_but(&["description"]), b.fingerprint_but(&["description"]));
            }
        }
        // Only the object's own members are left out, not those below.
        let (a, b) = (parse(r#"{"p":{"description":"x"}}"#), parse(r#"{"p":{}}"#));
        assert_ne!(a.fingerprint_but(&["description"]), b.fingerprint_but(&["description"]));
    }

    #[test]
    fn distinct_keeps_the_first_of_equal_values_in_order() {
        let mut distinct = Distinct::default();
        for text in [r#"{"a":1,"b":2}"#, "3", r#"{"b":2,"a":1}"#, "3.5", "3", r#"{"a":2}"#] {
            distinct.insert(serde_json::from_str::<Json<'_>>(text).unwrap_or(Json::Null));
        }
        let texts: Vec<String> = distinct.into_values().iter().map(Json::to_text).collect();
        assert_eq!(texts, [r#"{"a":1,"b":2}"#, "3", "3.5", r#"{"a":2}"#]);
    }

    #[test]
    fn a_wide_object_with_repeated_keys_keeps_the_first_place_and_last_value() {
        let members: Vec<String> = (0..40).map(|i| format!("\"k{}\":{i}", i % 30)).collect();
        let text = format!("{{{},\"end\":0}}", members.join(","));
        let json: Json<'_> = serde_json::from_str(&text).unwrap_or(Json::Null);
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert_eq!(json.to_value(), value);
        assert_eq!(json.as_object().map(Map::len), Some(31));
    }
}
