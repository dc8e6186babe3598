//! An enum's accepted values with a hash index over the scalar ones, built
//! once when the shape is made: whether a value is one of them costs the
//! same for 3 choices and for 10,000 (repair and coercion ask it per key).

use rustc_hash::FxHashSet;
use serde_json::Value;

use super::fits::same_value;

/// A number as `same_value` compares it: by its f64 value (`-0.0` is `0`;
/// JSON has no NaN).
fn number_key(value: &Value) -> Option<u64> {
    let f = value.as_f64()?;
    Some(if f == 0.0 { 0.0_f64 } else { f }.to_bits())
}

#[derive(Debug, Clone)]
pub struct EnumValues {
    values: Vec<Value>,
    /// Text values, looked up by `&str` without building a key.
    texts: FxHashSet<String>,
    numbers: FxHashSet<u64>,
    has_false: bool,
    has_true: bool,
    /// Some values are arrays or objects: those are compared one by one.
    has_compound: bool,
}

impl EnumValues {
    #[must_use]
    pub fn new(values: Vec<Value>) -> Self {
        let texts = values.iter().filter_map(Value::as_str).map(str::to_owned).collect();
        let numbers = values.iter().filter(|v| v.is_number()).filter_map(number_key).collect();
        let has = |b: bool| values.contains(&Value::Bool(b));
        let (has_false, has_true) = (has(false), has(true));
        let has_compound = values.iter().any(|v| v.is_array() || v.is_object());
        EnumValues {
            values,
            texts,
            numbers,
            has_false,
            has_true,
            has_compound,
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
            Value::Array(_) | Value::Object(_) => self.has_compound && self.values.iter().any(|v| same_value(v, value)),
        }
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
