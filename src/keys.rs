//! The keys a serde struct accepts, as serde spells them, read from the
//! struct's own `Deserialize` impl: the list of known keys is derived, never
//! written a second time. A leaf: options and the `cli` meta both use it.

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// A deserializer that answers nothing: asked for a struct, it notes the
/// struct's field names and stops.
struct FieldNames<'n>(&'n mut &'static [&'static str]);

/// The error a [`FieldNames`] run ends with; never shown.
#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("field names only")
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Stop
    }
}

impl<'de> Deserializer<'de> for FieldNames<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        *self.0 = fields;
        Err(Stop)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

/// The keys an options struct accepts (after `rename_all`).
#[must_use]
pub fn field_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut names: &'static [&'static str] = &[];
    // The run always ends in `Stop`; only the names it noted matter.
    let _ = T::deserialize(FieldNames(&mut names));
    names
}

#[cfg(test)]
mod tests {
    use super::field_names;
    use crate::flags::FlagOverride;
    use crate::options::{CompileOptions, UsageRequest};

    #[test]
    fn names_come_from_the_struct() {
        assert!(field_names::<CompileOptions>().contains(&"maxDepth"));
        assert!(field_names::<CompileOptions>().contains(&"envPrefix"));
        assert_eq!(field_names::<UsageRequest>(), &["format", "width", "topic"]);
        assert!(field_names::<FlagOverride>().contains(&"short"));
    }
}
