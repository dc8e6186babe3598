//! Where JSON Schema keeps subschemas, for code that walks an emitted
//! schema (the profiles' walk, the group's comparison of fields).

/// What a keyword's value holds, for a walk over subschemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// One subschema.
    One,
    /// A list of subschemas.
    List,
    /// Names to subschemas.
    Map,
    /// No subschema.
    Nothing,
}

/// [`Holds`] of `key`. A walk asks this for every key of every node, and
/// at `opt-level = "z"` a `match` on strings alone compares the key with
/// each name in turn (a call to `memcmp` each, 12% of writing a client's
/// schema); matching the length first compares only names that long.
#[must_use]
pub fn holds(key: &str) -> Holds {
    use Holds::{List, Map, Nothing, One};
    match (key.len(), key) {
        (2, "if")
        | (3, "not")
        | (4, "then" | "else")
        | (5, "items")
        | (8, "contains")
        | (13, "propertyNames")
        | (15, "additionalItems")
        | (16, "unevaluatedItems")
        | (20, "additionalProperties")
        | (21, "unevaluatedProperties") => One,
        (5, "anyOf" | "oneOf" | "allOf") | (11, "prefixItems") => List,
        (5, "$defs")
        | (10, "properties")
        | (11, "definitions")
        | (16, "dependentSchemas")
        | (17, "patternProperties") => Map,
        _ => Nothing,
    }
}

/// Whether `key: value` is one of the bounds Zod writes for `.int()`,
/// `minimum: -(2^53 - 1)` or `maximum: 2^53 - 1`: every integer a JS
/// number holds exactly, so they refuse nothing a client would send.
#[must_use]
pub fn is_safe_integer_bound(key: &str, value: &serde_json::Value) -> bool {
    let safe = crate::number::MAX_SAFE;
    match key {
        "minimum" => value.as_i64() == Some(-safe),
        "maximum" => value.as_i64() == Some(safe),
        _ => false,
    }
}

/// Which way a bound keyword limits: of two lower bounds the larger holds
/// both, of two upper bounds the smaller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Lower,
    Upper,
}

/// [`Bound`] of `key`, `None` for a keyword that is no bound.
#[must_use]
pub fn bound_side(key: &str) -> Option<Bound> {
    match key {
        "minimum" | "exclusiveMinimum" | "minLength" | "minItems" | "minProperties" | "minContains" => {
            Some(Bound::Lower)
        }
        "maximum" | "exclusiveMaximum" | "maxLength" | "maxItems" | "maxProperties" | "maxContains" => {
            Some(Bound::Upper)
        }
        _ => None,
    }
}

/// Whether `new` is a tighter bound `key` than `kept`: asked of two bounds
/// where both must hold, the tighter is the one to keep.
#[must_use]
pub fn is_tighter(side: Bound, kept: f64, new: f64) -> bool {
    match side {
        Bound::Lower => new > kept,
        Bound::Upper => new < kept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_keyword_holds_what_json_schema_says() {
        let cases: [(&[&str], Holds); 4] = [
            (
                &[
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
                ],
                Holds::One,
            ),
            (&["anyOf", "oneOf", "allOf", "prefixItems"], Holds::List),
            (
                &[
                    "properties",
                    "patternProperties",
                    "$defs",
                    "definitions",
                    "dependentSchemas",
                ],
                Holds::Map,
            ),
            (
                &[
                    "type",
                    "enum",
                    "required",
                    "minimum",
                    "description",
                    "",
                    "i",
                    "Items",
                    "$def",
                    "properties ",
                ],
                Holds::Nothing,
            ),
        ];
        for (keys, want) in cases {
            for key in keys {
                assert_eq!(holds(key), want, "{key}");
            }
        }
    }
}
