//! The `$defs` of a group: every action's recursive schemas gathered once
//! for the grouped and `oneOf` schemas, and for each action's own flat
//! schema only the definitions it reaches. Giving each flat schema every
//! definition of the group made the output grow with actions times
//! definitions: 1,000 actions with a recursive schema each took 17 s and
//! 1.3 GB, and 4,000 ran the module out of memory.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::Fields;
use crate::error::{Code, Error, Result};
use crate::schema::escape_pointer_segment;

/// Where every `$ref` the emitter writes points: `#/$defs/<escaped name>`.
const DEFS_PREFIX: &str = "#/$defs/";

/// Every `$defs` entry the actions' recursive schemas need; one name with
/// two different definitions is refused (the references would mix).
pub(super) fn all_defs(tool: &str, common: &Fields, own: &[Fields]) -> Result<Map<String, Value>> {
    let mut out = Map::new();
    for fields in std::iter::once(common).chain(own) {
        crate::headroom::keep(0);
        for (name, schema) in &fields.defs {
            match out.get(name) {
                Some(existing) if existing != schema => {
                    return Err(Error::new(
                        Code::InvalidDefinition,
                        format!("tool \"{tool}\": two actions define the recursive schema \"{name}\" differently; give them different ids"),
                    ))
                }
                Some(_) => {}
                None => {
                    out.insert(name.clone(), schema.clone());
                }
            }
        }
    }
    Ok(out)
}

/// The group's definitions looked up by the name their `$ref`s use, each
/// with its place in the group's order.
pub(super) struct DefIndex<'a> {
    /// The escaped name to its place (the module's common map type, from
    /// names a schema chose, so hashed for hostile input).
    by_ref: HashMap<String, usize>,
    defs: Vec<(&'a str, &'a Value)>,
}

impl<'a> DefIndex<'a> {
    pub(super) fn new(defs: &'a Map<String, Value>) -> Self {
        let by_ref = defs
            .keys()
            .enumerate()
            .map(|(place, name)| (escape_pointer_segment(name).into_owned(), place))
            .collect();
        let defs = defs.iter().map(|(name, schema)| (name.as_str(), schema)).collect();
        Self { by_ref, defs }
    }

    /// The definitions `props` reach, through `$ref`s and the definitions
    /// those name, in the group's order. Walked with a stack: a schema's
    /// depth never becomes the walk's.
    ///
    /// The work is the walk and the definitions reached, never every
    /// definition of the group per action.
    pub(super) fn reached_by(&self, props: &Map<String, Value>) -> Map<String, Value> {
        if self.by_ref.is_empty() {
            return Map::new();
        }
        // A definition's place is below their count: a flag per place, not a hash set.
        let mut seen = vec![false; self.defs.len()];
        let mut reached: Vec<(usize, &str, &Value)> = Vec::new();
        let mut stack: Vec<&Value> = props.values().collect();
        while let Some(node) = stack.pop() {
            match node {
                Value::Object(map) => {
                    if let Some(def) = map.get("$ref").and_then(|r| self.target(r)) {
                        if let Some(slot) = seen.get_mut(def.0).filter(|slot| !**slot) {
                            *slot = true;
                            reached.push(def);
                            stack.push(def.2);
                        }
                    }
                    stack.extend(map.values());
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        // The places are sorted, not the definitions: the module's one sort
        // takes pairs (`crate::order`).
        let order: Vec<(usize, usize)> = reached.iter().enumerate().map(|(i, def)| (def.0, i)).collect();
        crate::order::sort_pairs(order)
            .into_iter()
            .filter_map(|(_, i)| reached.get(i))
            .map(|(_, name, schema)| ((*name).to_owned(), (*schema).clone()))
            .collect()
    }

    fn target(&self, reference: &Value) -> Option<(usize, &'a str, &'a Value)> {
        let escaped = reference.as_str()?.strip_prefix(DEFS_PREFIX)?;
        let place = *self.by_ref.get(escaped)?;
        self.defs.get(place).map(|&(name, schema)| (place, name, schema))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    #[test]
    fn only_the_reached_definitions_and_theirs() {
        let defs = map(json!({
            "Tree": { "type": "object", "properties": { "kids": { "type": "array", "items": { "$ref": "#/$defs/Tree" } }, "leaf": { "$ref": "#/$defs/Leaf" } } },
            "Leaf": { "type": "string" },
            "a/b": { "type": "object", "properties": { "next": { "$ref": "#/$defs/a~1b" } } },
            "Other": { "type": "number" },
        }));
        let index = DefIndex::new(&defs);
        let tree = index.reached_by(&map(json!({ "root": { "$ref": "#/$defs/Tree" } })));
        assert_eq!(tree.keys().collect::<Vec<_>>(), ["Tree", "Leaf"]);
        let escaped = index.reached_by(&map(
            json!({ "x": { "anyOf": [{ "$ref": "#/$defs/a~1b" }, { "type": "null" }] } }),
        ));
        assert_eq!(escaped.keys().collect::<Vec<_>>(), ["a/b"]);
        assert!(index.reached_by(&map(json!({ "n": { "type": "number" } }))).is_empty());
    }
}
