//! Where JSON Schema keeps subschemas, for code that walks an emitted
//! schema (the profiles' walk, the group's comparison of fields).

/// Keywords whose value is one subschema.
pub const ONE: &[&str] = &[
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
];

/// Keywords whose value is a list of subschemas.
pub const LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];

/// Keywords whose value maps names to subschemas.
pub const MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// What a keyword's value holds, for a walk over subschemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// One subschema ([`ONE`]).
    One,
    /// A list of subschemas ([`LIST`]).
    List,
    /// Names to subschemas ([`MAP`]).
    Map,
    /// No subschema.
    Nothing,
}

/// [`Holds`] of `key`: a `match`, which compiles to a switch on the length
/// and one comparison, where looking the key up in the three lists compared
/// it with twenty names; a walk asks this for every key of every node.
#[must_use]
pub fn holds(key: &str) -> Holds {
    match key {
        "items"
        | "additionalProperties"
        | "not"
        | "if"
        | "then"
        | "else"
        | "contains"
        | "propertyNames"
        | "unevaluatedProperties"
        | "unevaluatedItems"
        | "additionalItems" => Holds::One,
        "anyOf" | "oneOf" | "allOf" | "prefixItems" => Holds::List,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => Holds::Map,
        _ => Holds::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_agrees_with_the_lists() {
        for key in ONE {
            assert_eq!(holds(key), Holds::One, "{key}");
        }
        for key in LIST {
            assert_eq!(holds(key), Holds::List, "{key}");
        }
        for key in MAP {
            assert_eq!(holds(key), Holds::Map, "{key}");
        }
        assert_eq!(holds("type"), Holds::Nothing);
    }
}
