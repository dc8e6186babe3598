//! Visiting every subschema of an emitted schema, each with its JSON
//! pointer. A profile rewrites a node when it is visited; the children are
//! visited afterwards, as the rewrite left them, so a rewrite that creates
//! subschemas (a merged union's properties) has them visited too.

use crate::json::{Json, Map};

use crate::limits::MAX_DEPTH;
use crate::schema::escape_pointer_segment;
use crate::schema::keywords::{holds, Holds};

/// Where a node sits. The pointer is built only when asked for (a finding
/// is being recorded): most nodes are visited and left alone, and a string
/// per node was most of a profile's cost.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    parent: Option<&'a Place<'a>>,
    segment: Segment<'a>,
    /// How many `properties` levels down from the root.
    pub depth: usize,
    /// The node is a property its parent object requires.
    pub required: bool,
    /// The node is the value of a `properties` entry.
    pub is_property: bool,
}

/// One step of a pointer: a keyword or name, or a position in a list.
#[derive(Debug, Clone, Copy)]
enum Segment<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

impl<'a> Place<'a> {
    /// The root schema's place.
    const ROOT: Place<'static> = Place {
        parent: None,
        segment: Segment::Root,
        depth: 0,
        required: false,
        is_property: false,
    };

    fn child(&'a self, segment: Segment<'a>) -> Place<'a> {
        Place {
            parent: Some(self),
            segment,
            depth: self.depth,
            required: false,
            is_property: false,
        }
    }

    /// Whether this is the root schema.
    #[must_use]
    pub fn is_root(&self) -> bool {
        self.parent.is_none()
    }

    /// JSON pointer of the node, `""` for the root.
    #[must_use]
    pub fn pointer(&self) -> String {
        let mut steps = Vec::new();
        let mut at = Some(self);
        while let Some(place) = at {
            steps.push(place.segment);
            at = place.parent;
        }
        let mut out = String::new();
        for step in steps.iter().rev() {
            match step {
                Segment::Root => {}
                Segment::Key(key) => {
                    out.push('/');
                    out.push_str(&escape_pointer_segment(key));
                }
                Segment::Index(i) => {
                    out.push('/');
                    out.push_str(&i.to_string());
                }
            }
        }
        out
    }

    /// The pointer of one of this node's keywords.
    #[must_use]
    pub fn at(&self, keyword: &str) -> String {
        let mut out = self.pointer();
        out.push('/');
        out.push_str(&escape_pointer_segment(keyword));
        out
    }
}

/// Calls `visit` on every object subschema of `root`, the root first.
pub fn each_schema(root: &mut Json<'_>, visit: &mut dyn FnMut(&mut Map<'_>, &Place)) {
    walk(root, &Place::ROOT, visit, 0);
}

fn walk(value: &mut Json<'_>, place: &Place, visit: &mut dyn FnMut(&mut Map<'_>, &Place), nesting: usize) {
    // Emitted schemas are bounded by the reader's depth limit; this guard
    // only keeps a hand-built value from recursing without end.
    if nesting > MAX_DEPTH * 4 {
        return;
    }
    let Json::Object(node) = value else {
        return;
    };
    visit(node, place);
    let required = super::join::required_flags(node);
    for (key, child) in node.iter_mut() {
        let at = place.child(Segment::Key(key));
        match holds(key) {
            Holds::One => walk(child, &at, visit, nesting + 1),
            Holds::List => {
                if let Json::Array(members) = child {
                    for (i, member) in members.iter_mut().enumerate() {
                        walk(member, &at.child(Segment::Index(i)), visit, nesting + 1);
                    }
                }
            }
            Holds::Map => {
                if let Json::Object(members) = child {
                    let is_properties = key == "properties";
                    for (i, (name, member)) in members.iter_mut().enumerate() {
                        let mut inner = at.child(Segment::Key(name));
                        if is_properties {
                            inner.depth = place.depth + 1;
                            inner.required = required.get(i).copied().unwrap_or(false);
                            inner.is_property = true;
                        }
                        walk(member, &inner, visit, nesting + 1);
                    }
                }
            }
            Holds::Nothing => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn visits_every_subschema_with_its_pointer() {
        let value = json!({
            "type": "object",
            "properties": {"a/b": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
            "required": ["a/b"],
            "$defs": {"T": {"type": "object"}}
        });
        let mut seen = Vec::new();
        let mut schema = Json::borrow(&value);
        each_schema(&mut schema, &mut |_, place| {
            seen.push((place.pointer(), place.required));
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
