//! One coerced flag value, kept borrowed where it can be: text stays a slice
//! of argv until a `Value` is really wanted, and the JS layer can rebuild it
//! from argv without any string crossing back.

use serde_json::{Number, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum Item<'a> {
    /// Text as typed; `token` is the argv token it is the end of, if any.
    Text {
        text: &'a str,
        token: Option<usize>,
    },
    /// Text that lives elsewhere (an environment variable).
    Owned(String),
    Number(Number),
    Bool(bool),
    Null,
    /// A JSON flag's parsed value, or a value given in a flat object.
    Json(Value),
    /// The flag's table default (inherited from a parent's default object).
    Default(&'a Value),
}

impl Item<'_> {
    /// Scalars become their own variants; anything else stays JSON.
    #[must_use]
    pub fn from_value(value: Value) -> Item<'static> {
        match value {
            Value::Number(n) => Item::Number(n),
            Value::Bool(b) => Item::Bool(b),
            Value::Null => Item::Null,
            Value::String(s) => Item::Owned(s),
            other => Item::Json(other),
        }
    }

    /// The same value, owning its text (for text that does not outlive the call).
    #[must_use]
    pub fn detach(self) -> Item<'static> {
        match self {
            Item::Text { text, .. } => Item::Owned(text.to_owned()),
            Item::Owned(text) => Item::Owned(text),
            Item::Number(n) => Item::Number(n),
            Item::Bool(b) => Item::Bool(b),
            Item::Null => Item::Null,
            Item::Json(value) => Item::Json(value),
            Item::Default(value) => Item::Json(value.clone()),
        }
    }

    #[must_use]
    pub fn into_value(self) -> Value {
        match self {
            Item::Text { text, .. } => Value::String(text.to_owned()),
            Item::Owned(text) => Value::String(text),
            Item::Number(n) => Value::Number(n),
            Item::Bool(b) => Value::Bool(b),
            Item::Null => Value::Null,
            Item::Json(value) => value,
            Item::Default(value) => value.clone(),
        }
    }
}
