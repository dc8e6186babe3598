//! Keyword-level helpers of the reader: how types, `required`, enums and
//! bounds are read, which keys only annotate, and what reading costs
//! (which keys are structure is `slots.rs`).

use std::collections::HashMap;

use crate::sets::NameSet;

use serde_json::Value;

use crate::json::Json;

use super::super::enum_values::EnumValues;
use super::super::keywords::is_safe_integer_bound;
use super::super::pointer::{unescape_segment, At};
use super::super::shape::{Def, Keywords, Kind, Shape};
use crate::error::{Code, Error, Result};

/// Keys that describe a node without constraining it: a `$ref` beside only
/// these is its target alone.
pub fn is_annotation(key: &str) -> bool {
    matches!(
        key,
        "description"
            | "title"
            | "default"
            | "cli"
            | "$schema"
            | "$id"
            | "$comment"
            | "$anchor"
            | "~standard"
            | "examples"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
    )
}

#[inline(never)] // out of the reader's `read_typed`, which every node passes: compiled at the first enum
pub fn enum_shape(values: Vec<Value>) -> Shape {
    let nullable = values.iter().any(Value::is_null);
    let rest: Vec<Value> = values.into_iter().filter(|v| !v.is_null()).collect();
    if rest.is_empty() {
        return Shape::of(if nullable { Kind::Null } else { Kind::Never });
    }
    let mut shape = Shape::of(Kind::Enum(Box::new(EnumValues::new(rest))));
    shape.nullable = nullable;
    shape
}

pub fn read_types<'v>(value: Option<&'v Json<'_>>, pointer: &At<'_>) -> Result<Option<Vec<&'v str>>> {
    match value {
        None => Ok(None),
        Some(Json::String(one)) => Ok(Some(vec![one.as_ref()])),
        Some(Json::Array(many)) => many
            .iter()
            .map(|v| {
                v.as_str()
                    .ok_or_else(|| Error::at_pointer(Code::InvalidSchema, pointer, "type entries must be strings"))
            })
            .collect::<Result<Vec<&str>>>()
            .map(Some),
        Some(_) => Err(Error::at_pointer(
            Code::InvalidSchema,
            pointer,
            "type must be a string or an array of strings",
        )),
    }
}

pub fn read_required<'v>(value: Option<&'v Json<'_>>, pointer: &At<'_>) -> Result<Vec<&'v str>> {
    match value {
        // OpenAPI-style `required: true` on a property schema carries no list.
        None | Some(Json::Bool(_)) => Ok(Vec::new()),
        Some(Json::Array(names)) => names
            .iter()
            .map(|n| {
                n.as_str()
                    .ok_or_else(|| Error::at_pointer(Code::InvalidSchema, pointer, "required must list strings"))
            })
            .collect(),
        Some(_) => Err(Error::at_pointer(
            Code::InvalidSchema,
            pointer,
            "required must be an array",
        )),
    }
}

/// OpenAPI 3.0 / draft-4 write `exclusiveMinimum: true` beside `minimum`;
/// 2020-12 writes the bound itself.
pub fn normalize_exclusive_bounds(keywords: &mut Keywords) {
    for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
        match keywords.get(flag) {
            Some(Value::Bool(true)) => {
                if let Some(value) = keywords.remove(bound) {
                    keywords.insert(flag.to_owned(), value);
                } else {
                    keywords.remove(flag);
                }
            }
            Some(Value::Bool(false)) => {
                keywords.remove(flag);
            }
            _ => {}
        }
    }
}

/// Zod writes `.int()` as `minimum: -(2^53 - 1), maximum: 2^53 - 1`: the
/// integers a JSON number holds exactly, which is every integer a client
/// would send. CLIENTS.md (section 5) counts them as noise to drop: about
/// forty characters in every client's schema for each integer field, read
/// by the model on every request, for no value it would refuse.
pub fn drop_safe_integer_bounds(keywords: &mut Keywords) {
    keywords.retain(|key, value| !is_safe_integer_bound(key, value));
}

/// A rough size of a JSON value, so that inlining one many times is charged.
pub fn weight(value: &Json<'_>) -> usize {
    let mut total = 0usize;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        total = total.saturating_add(1);
        match v {
            Json::String(s) => total = total.saturating_add(s.len() / 64),
            Json::Array(items) => stack.extend(items),
            Json::Object(members) => stack.extend(members.iter().map(|(_, v)| v)),
            _ => {}
        }
    }
    total
}

pub fn slot_name(pointer: &str) -> String {
    let last = pointer.rsplit('/').next().unwrap_or("");
    if last.is_empty() {
        "root".to_owned()
    } else {
        unescape_segment(last).into_owned()
    }
}

/// `#/$defs/Node` and `#/definitions/Node` must not share a `$defs` key:
/// the second is `Node_2`, the next `Node_3`, each the first suffix free.
/// Linear in the definitions: a name's next suffix to try is kept, since
/// every one below it is taken (names are never given back). Trying each
/// suffix from 2 again made thousands of recursive definitions named alike
/// cubic: 3,200 of them (a 540 KB schema) held `compile` for 18 s.
pub fn unique_names(defs: &mut [Def]) {
    let mut taken: NameSet<String> = NameSet::with_capacity(defs.len());
    let mut next: HashMap<String, usize> = HashMap::new();
    for def in defs.iter_mut() {
        if taken.insert(def.name.clone()) {
            continue;
        }
        let suffix = next.entry(def.name.clone()).or_insert(2);
        let name = loop {
            let candidate = format!("{}_{suffix}", def.name);
            *suffix += 1;
            if !taken.contains(&candidate) {
                break candidate;
            }
        };
        taken.insert(name.clone());
        def.name = name;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(names: &[&str]) -> Vec<Def> {
        names
            .iter()
            .map(|name| Def {
                name: (*name).to_owned(),
                shape: Shape::of(Kind::Any),
            })
            .collect()
    }

    /// The rule as first written: each name tries every suffix from 2.
    fn by_trying_each(defs: &mut [Def]) {
        let mut seen: Vec<String> = Vec::new();
        for def in defs.iter_mut() {
            let mut name = def.name.clone();
            let mut n = 2;
            while seen.contains(&name) {
                name = format!("{}_{n}", def.name);
                n += 1;
            }
            seen.push(name.clone());
            def.name = name;
        }
    }

    #[test]
    fn names_are_those_the_first_free_suffix_gives() {
        let lists: [&[&str]; 5] = [
            &["Node", "Node", "Node"],
            &["a", "a_2", "a", "a", "a_2", "a_3"],
            &["n_2", "n", "n", "n", "n_3_2", "n_3", "n_3"],
            &["root", "x", "root", "x", "x_2", "x"],
            &["", "", "_2", ""],
        ];
        for list in lists {
            let (mut ours, mut reference) = (named(list), named(list));
            unique_names(&mut ours);
            by_trying_each(&mut reference);
            let names = |defs: &[Def]| defs.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
            assert_eq!(names(&ours), names(&reference), "{list:?}");
        }
    }

    #[test]
    fn many_definitions_of_one_name_are_named_in_linear_work() {
        // Trying each suffix anew did about n^3 / 6 comparisons here:
        // this would not finish.
        let mut defs = named(&vec!["n"; 20_000]);
        unique_names(&mut defs);
        assert_eq!(defs.get(19_999).map(|d| d.name.as_str()), Some("n_20000"));
    }
}
