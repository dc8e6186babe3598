//! Visiting every subschema of an emitted schema, each with its JSON
//! pointer. A profile rewrites a node when it is visited; the children are
//! visited afterwards, as the rewrite left them, so a rewrite that creates
//! subschemas (a merged union's properties) has them visited too.

use serde_json::{Map, Value};

use crate::limits::MAX_DEPTH;
use crate::schema::escape_pointer_segment;

/// Where a node sits.
#[derive(Debug, Clone)]
pub struct Place {
    /// JSON pointer of the node, `""` for the root.
    pub pointer: String,
    /// How many `properties` levels down from the root.
    pub depth: usize,
    /// The node is a property its parent object requires.
    pub required: bool,
    /// The node is the value of a `properties` entry.
    pub is_property: bool,
}

impl Place {
    fn child(&self, segment: &str) -> Place {
        Place {
            pointer: format!("{}/{}", self.pointer, escape_pointer_segment(segment)),
            depth: self.depth,
            required: false,
            is_property: false,
        }
    }

    /// The pointer of one of this node's keywords.
    #[must_use]
    pub fn at(&self, keyword: &str) -> String {
        format!("{}/{}", self.pointer, escape_pointer_segment(keyword))
    }
}

/// Keywords whose value is one subschema.
const ONE: &[&str] = &[
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
const LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];

/// Keywords whose value maps names to subschemas.
const MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// Calls `visit` on every object subschema of `root`, the root first.
pub fn each_schema(root: &mut Value, visit: &mut dyn FnMut(&mut Map<String, Value>, &Place)) {
    let place = Place {
        pointer: String::new(),
        depth: 0,
        required: false,
        is_property: false,
    };
    walk(root, &place, visit, 0);
}

fn walk(value: &mut Value, place: &Place, visit: &mut dyn FnMut(&mut Map<String, Value>, &Place), nesting: usize) {
    // Emitted schemas are bounded by the reader's depth limit; this guard
    // only keeps a hand-built value from recursing without end.
    if nesting > MAX_DEPTH * 4 {
        return;
    }
    let Value::Object(node) = value else {
        return;
    };
    visit(node, place);
    // Read only where there are properties to mark.
    let required: Vec<String> = if node.contains_key("properties") {
        super::join::required_of(node).into_iter().map(str::to_owned).collect()
    } else {
        Vec::new()
    };
    for (key, child) in node.iter_mut() {
        let at = place.child(key);
        if ONE.contains(&key.as_str()) {
            walk(child, &at, visit, nesting + 1);
        } else if LIST.contains(&key.as_str()) || (key == "items" && child.is_array()) {
            if let Value::Array(members) = child {
                for (i, member) in members.iter_mut().enumerate() {
                    walk(member, &at.child(&i.to_string()), visit, nesting + 1);
                }
            }
        } else if MAP.contains(&key.as_str()) {
            if let Value::Object(members) = child {
                for (name, member) in members.iter_mut() {
                    let mut inner = at.child(name);
                    if key == "properties" {
                        inner.depth = place.depth + 1;
                        inner.required = required.contains(name);
                        inner.is_property = true;
                    }
                    walk(member, &inner, visit, nesting + 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn visits_every_subschema_with_its_pointer() {
        let mut schema = json!({
            "type": "object",
            "properties": {"a/b": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
            "required": ["a/b"],
            "$defs": {"T": {"type": "object"}}
        });
        let mut seen = Vec::new();
        each_schema(&mut schema, &mut |_, place| {
            seen.push((place.pointer.clone(), place.required));
        });
        let pointers: Vec<&str> = seen.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            pointers,
            [
                "",
                "/properties/a~1b",
                "/properties/a~1b/items",
                "/properties/a~1b/items/anyOf/0",
                "/properties/a~1b/items/anyOf/1",
                "/$defs/T"
            ]
        );
        assert!(seen.get(1).is_some_and(|(_, required)| *required));
    }
}
