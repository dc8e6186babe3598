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

/// Entries up to which [`get`] scans instead of hashing.
const SCAN_UP_TO: usize = 12;

/// `map.get(key)` without hashing for the small maps schema nodes are:
/// `preserve_order`'s index map hashes every lookup with SipHash, which cost
/// more than the rest of reading a node (a node is asked for some 25
/// keywords), while comparing a handful of short keys is a few bytes each.
#[must_use]
pub fn get<'m>(map: &'m serde_json::Map<String, serde_json::Value>, key: &str) -> Option<&'m serde_json::Value> {
    if map.len() <= SCAN_UP_TO {
        map.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
    } else {
        map.get(key)
    }
}
