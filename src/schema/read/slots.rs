//! A node's keywords, found in one pass over its keys. The reader asks a
//! node for some thirty keywords; looking each up compared it with every
//! key (or hashed it), the largest single cost of reading a schema in wasm.

use crate::json::{Json, Map};

/// What a key is to the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Read into structure or an annotation (see [`Slots`]), or ignored.
    Structure,
    /// A schema-valued keyword read as an applicator (`not`, `if`, ...).
    One,
    /// A keyword mapping names to schemas (`dependentSchemas`, draft-7 `dependencies`).
    Map,
    /// Kept verbatim (constraints, formats, examples, extensions).
    Kept,
}

/// The role of `key`: a `match`, compiled to a switch on length and one
/// comparison, where three lists were searched before.
#[must_use]
pub fn role(key: &str) -> Role {
    match key {
        "type"
        | "properties"
        | "required"
        | "additionalProperties"
        | "propertyNames"
        | "patternProperties"
        | "items"
        | "prefixItems"
        | "additionalItems"
        | "anyOf"
        | "oneOf"
        | "allOf"
        | "$ref"
        | "$defs"
        | "definitions"
        | "$schema"
        | "$id"
        | "$anchor"
        | "$comment"
        | "nullable"
        | "const"
        | "enum"
        | "default"
        | "description"
        | "title"
        | "cli"
        | "~standard" => Role::Structure,
        "not"
        | "if"
        | "then"
        | "else"
        | "contains"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => Role::One,
        "dependentSchemas" | "dependencies" => Role::Map,
        _ => Role::Kept,
    }
}

/// The keywords of one node the reader looks at, each `None` when absent.
#[derive(Debug, Default, Clone, Copy)]
pub struct Slots<'a> {
    pub reference: Option<&'a Json<'a>>,
    pub types: Option<&'a Json<'a>>,
    pub constant: Option<&'a Json<'a>>,
    pub values: Option<&'a Json<'a>>,
    pub any_of: Option<&'a Json<'a>>,
    pub one_of: Option<&'a Json<'a>>,
    pub all_of: Option<&'a Json<'a>>,
    pub not: Option<&'a Json<'a>>,
    pub nullable: Option<&'a Json<'a>>,
    pub properties: Option<&'a Json<'a>>,
    pub required: Option<&'a Json<'a>>,
    pub additional_properties: Option<&'a Json<'a>>,
    pub property_names: Option<&'a Json<'a>>,
    pub pattern_properties: Option<&'a Json<'a>>,
    pub items: Option<&'a Json<'a>>,
    pub prefix_items: Option<&'a Json<'a>>,
    pub additional_items: Option<&'a Json<'a>>,
    pub description: Option<&'a Json<'a>>,
    pub title: Option<&'a Json<'a>>,
    pub default: Option<&'a Json<'a>>,
    pub cli: Option<&'a Json<'a>>,
    /// Some key is kept verbatim.
    pub kept: bool,
    /// Some key is an applicator.
    pub applicators: bool,
}

impl<'a> Slots<'a> {
    #[must_use]
    pub fn of(map: &'a Map<'a>) -> Slots<'a> {
        let mut slots = Slots::default();
        for (key, value) in map {
            let slot = match key.as_ref() {
                "$ref" => &mut slots.reference,
                "type" => &mut slots.types,
                "const" => &mut slots.constant,
                "enum" => &mut slots.values,
                "anyOf" => &mut slots.any_of,
                "oneOf" => &mut slots.one_of,
                "allOf" => &mut slots.all_of,
                "nullable" => &mut slots.nullable,
                "properties" => &mut slots.properties,
                "required" => &mut slots.required,
                "additionalProperties" => &mut slots.additional_properties,
                "propertyNames" => &mut slots.property_names,
                "patternProperties" => &mut slots.pattern_properties,
                "items" => &mut slots.items,
                "prefixItems" => &mut slots.prefix_items,
                "additionalItems" => &mut slots.additional_items,
                "description" => &mut slots.description,
                "title" => &mut slots.title,
                "default" => &mut slots.default,
                "cli" => &mut slots.cli,
                other => {
                    match role(other) {
                        Role::One => {
                            slots.applicators = true;
                            if other == "not" {
                                slots.not = Some(value);
                            }
                        }
                        Role::Map => slots.applicators = true,
                        Role::Kept => slots.kept = true,
                        Role::Structure => {}
                    }
                    continue;
                }
            };
            *slot = Some(value);
        }
        slots
    }

    /// The type `properties`/`items` and their kin imply where `type` is absent.
    #[must_use]
    pub fn implied_type(&self) -> Option<&'static str> {
        if self.properties.is_some()
            || self.additional_properties.is_some()
            || self.pattern_properties.is_some()
            || self.property_names.is_some()
        {
            Some("object")
        } else if self.items.is_some() || self.prefix_items.is_some() {
            Some("array")
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_pass_finds_every_keyword() {
        let value = json!({"type": "object", "not": {}, "minimum": 1, "if": true, "properties": {}, "cli": {}});
        let node = Json::borrow(&value);
        let empty = Map::new();
        let slots = Slots::of(node.as_object().unwrap_or(&empty));
        assert_eq!(slots.types.and_then(Json::as_str), Some("object"));
        assert!(slots.not.is_some_and(Json::is_empty_object));
        assert!(slots.cli.is_some_and(Json::is_empty_object));
        assert!(slots.kept && slots.applicators);
        assert_eq!(slots.implied_type(), Some("object"));
        assert_eq!(role("dependencies"), Role::Map);
        assert_eq!(role("$comment"), Role::Structure);
        assert_eq!(role("format"), Role::Kept);
    }
}
