//! An enum's accepted values with a hash index over the scalar ones, built
//! once when the shape is made: whether a value is one of them costs the
//! same for 3 choices and for 10,000 (repair and coercion ask it per key).

use rustc_hash::{FxHashMap, FxHashSet};
use serde_json::Value;

use crate::json::Json;
use crate::number::parse_number;

/// A number as `same_value` compares it: by its f64 value (`-0.0` is `0`;
/// JSON has no NaN).
fn number_key(value: &Value) -> Option<u64> {
    let f = value.as_f64()?;
    Some(if f == 0.0 { 0.0_f64 } else { f }.to_bits())
}

/// A value's fingerprint: equal values (`==`, objects' members in any
/// order) share it. For finding one among many without a scan per value.
#[must_use]
fn value_print(value: &Value) -> u64 {
    Json::borrow(value).fingerprint()
}

/// Places of values by their fingerprint (their [`Json::fingerprint`]): which of many
/// values equals one, without a scan of them all (a scan per value made
/// thousands of values against thousands quadratic).
#[derive(Debug, Clone, Default)]
pub struct ValueIndex(FxHashMap<u64, Vec<usize>>);

impl ValueIndex {
    /// Records `value` at place `at` unless `at_place` finds an equal one
    /// at a place recorded before; whether it was new.
    pub fn add_new<'v>(&mut self, value: &Value, at: usize, at_place: impl Fn(usize) -> Option<&'v Value>) -> bool {
        let places = self.0.entry(value_print(value)).or_default();
        if places.iter().any(|&place| at_place(place) == Some(value)) {
            return false;
        }
        places.push(at);
        true
    }

    /// Whether a value equal to `value` is recorded.
    pub fn contains<'v>(&self, value: &Value, at_place: impl Fn(usize) -> Option<&'v Value>) -> bool {
        self.0
            .get(&value_print(value))
            .is_some_and(|places| places.iter().any(|&place| at_place(place) == Some(value)))
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The values in first-seen order, each once (as `==` tells them apart).
#[must_use]
pub fn distinct_values<'v>(values: impl IntoIterator<Item = &'v Value>) -> Vec<&'v Value> {
    let mut out: Vec<&Value> = Vec::new();
    let mut index = ValueIndex::default();
    for value in values {
        if index.add_new(value, out.len(), |place| out.get(place).copied()) {
            out.push(value);
        }
    }
    out
}

#[derive(Debug, Clone)]
pub struct EnumValues {
    values: Vec<Value>,
    /// Text values, looked up by `&str` without building a key.
    // std's map, as every other set of names a schema chose.
    texts: crate::sets::NameSet<String>,
    numbers: FxHashSet<u64>,
    has_false: bool,
    has_true: bool,
    /// The arrays and objects among the values (JSON equality is
    /// `same_value`'s for them).
    compound: ValueIndex,
}

impl EnumValues {
    #[must_use]
    pub fn new(values: Vec<Value>) -> Self {
        let texts = values.iter().filter_map(Value::as_str).map(str::to_owned).collect();
        let numbers = values.iter().filter(|v| v.is_number()).filter_map(number_key).collect();
        let has = |b: bool| values.contains(&Value::Bool(b));
        let (has_false, has_true) = (has(false), has(true));
        let mut compound = ValueIndex::default();
        for (at, value) in values.iter().enumerate() {
            if value.is_array() || value.is_object() {
                compound.add_new(value, at, |place| values.get(place));
            }
        }
        EnumValues {
            values,
            texts,
            numbers,
            has_false,
            has_true,
            compound,
        }
    }

    /// Whether the text `text` is one of the values.
    #[must_use]
    pub fn contains_text(&self, text: &str) -> bool {
        self.texts.contains(text)
    }

    /// Whether `value` is one of the values (as `same_value` says).
    #[must_use]
    pub fn contains(&self, value: &Value) -> bool {
        match value {
            Value::String(s) => self.contains_text(s),
            Value::Number(_) => number_key(value).is_some_and(|k| self.numbers.contains(&k)),
            Value::Bool(true) => self.has_true,
            Value::Bool(false) => self.has_false,
            Value::Null => false,
            Value::Array(_) | Value::Object(_) => {
                !self.compound.is_empty() && self.compound.contains(value, |place| self.values.get(place))
            }
        }
    }
}

impl EnumValues {
    /// Whether a text value is typed as another of the values is
    /// (`"5"` beside `5`, `"true"` beside `true`): a command line's word
    /// `5` could then be either, so such an enum is typed as JSON text
    /// where the two differ (`--code '"5"'`).
    #[must_use]
    pub fn has_lookalikes(&self) -> bool {
        if self.numbers.is_empty() && !self.has_true && !self.has_false {
            return false;
        }
        self.texts.iter().any(|text| match text.as_str() {
            "true" => self.has_true,
            "false" => self.has_false,
            _ => parse_number(text).is_some_and(|n| self.contains(&n)),
        })
    }
}

impl std::ops::Deref for EnumValues {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        &self.values
    }
}

impl PartialEq for EnumValues {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::same_value;
    use serde_json::json;

    #[test]
    fn membership_matches_same_value() {
        let values = EnumValues::new(vec![
            json!("a"),
            json!(1),
            json!(2.5),
            json!(true),
            json!([1]),
            json!(0),
        ]);
        for (value, expected) in [
            (json!("a"), true),
            (json!("b"), false),
            (json!(1.0), true),
            (json!(2.5), true),
            (json!(-0.0), true),
            (json!(true), true),
            (json!(false), false),
            (json!([1]), true),
            (json!({}), false),
            (json!(null), false),
        ] {
            assert_eq!(values.contains(&value), expected, "{value}");
            assert_eq!(values.iter().any(|v| same_value(v, &value)), expected, "{value}");
        }
    }
}
