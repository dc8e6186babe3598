//! An enum's accepted values with a hash index over the scalar ones, built
//! once when the shape is made: whether a value is one of them costs the
//! same for 3 choices and for 10,000 (repair and coercion ask it per key).

use rustc_hash::FxHashSet;
use serde_json::Value;

use super::fits::same_value;

/// A scalar as `same_value` compares it: numbers by their f64 value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Scalar {
    Text(String),
    Number(u64),
    Bool(bool),
}

impl Scalar {
    fn of(value: &Value) -> Option<Scalar> {
        match value {
            Value::String(s) => Some(Scalar::Text(s.clone())),
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            // -0.0 and 0.0 are one value; JSON has no NaN.
            Value::Number(n) => n
                .as_f64()
                .map(|f| Scalar::Number(if f == 0.0 { 0.0_f64 } else { f }.to_bits())),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct EnumValues {
    values: Vec<Value>,
    scalars: FxHashSet<Scalar>,
    /// Some values are arrays or objects: those are compared one by one.
    has_compound: bool,
}

impl EnumValues {
    #[must_use]
    pub fn new(values: Vec<Value>) -> Self {
        let scalars = values.iter().filter_map(Scalar::of).collect();
        let has_compound = values.iter().any(|v| v.is_array() || v.is_object());
        EnumValues {
            values,
            scalars,
            has_compound,
        }
    }

    /// Whether `value` is one of the values (as `same_value` says).
    #[must_use]
    pub fn contains(&self, value: &Value) -> bool {
        match Scalar::of(value) {
            Some(key) => self.scalars.contains(&key),
            None if value.is_null() => false,
            None => self.has_compound && self.values.iter().any(|v| same_value(v, value)),
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
