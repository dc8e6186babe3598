//! Folding unions and intersections into the simplest equivalent shape:
//! `anyOf [T, null]` is a nullable T, a union of literals is one enum, an
//! `allOf` of open objects is one object.

use crate::sets::NameSet;

use serde_json::Value;

use super::enum_values::distinct_values;
use super::fits::is_scalar_of;
use super::keywords::{bound_side, is_tighter};
use super::shape::{Kind, ObjectShape, Shape, Union};

/// Builds the shape of `anyOf`/`oneOf` from its read branches.
#[must_use]
#[inline(never)] // out of the reader: a first compile of a schema without unions need not compile it (start-up)
pub fn fold_union(branches: Vec<Shape>, exclusive: bool) -> Shape {
    let mut nullable = false;
    let mut kept: Vec<Shape> = Vec::new();
    for branch in branches {
        match branch.kind {
            Kind::Null if branch.is_bare() => nullable = true,
            Kind::Never if branch.is_bare() => {}
            Kind::Union(inner) if !inner.exclusive && branch.is_bare() => kept.extend(inner.branches),
            _ => kept.push(branch),
        }
    }
    let mut shape = if let Some(values) = literal_values(&kept) {
        Shape::of(Kind::Enum(Box::new(super::enum_values::EnumValues::new(values))))
    } else if kept.len() > 1 {
        Shape::of(Kind::Union(Union {
            branches: kept,
            exclusive,
        }))
    } else if let Some(only) = kept.pop() {
        only
    } else if nullable {
        nullable = false;
        Shape::of(Kind::Null)
    } else {
        Shape::of(Kind::Never)
    };
    shape.nullable |= nullable;
    shape
}

/// All branches bare enums (`z.union([z.literal("a"), z.literal("b")])`):
/// their values, in order, without repeats.
fn literal_values(branches: &[Shape]) -> Option<Vec<serde_json::Value>> {
    if branches.len() < 2 {
        return None;
    }
    let mut all = Vec::new();
    for branch in branches {
        let Kind::Enum(items) = &branch.kind else {
            return None;
        };
        if !branch.is_bare() {
            return None;
        }
        all.extend(items.iter());
    }
    Some(distinct_values(all).into_iter().cloned().collect())
}

/// Builds the shape of `allOf` (or of a node that says several things at once).
#[must_use]
#[inline(never)] // out of the reader: a first compile of a plain schema need not compile it (start-up)
pub fn merge_all_of(members: Vec<Shape>) -> Shape {
    // A member that only describes (`{ description }`, as `.describe()` on
    // an intersection writes it) constrains nothing: its words go to the
    // result, unless a member says its own.
    let mut words: (Option<String>, Option<Box<String>>) = (None, None);
    let mut kept: Vec<Shape> = Vec::with_capacity(members.len());
    for member in members {
        if member.kind == Kind::Any && member.is_bare() {
            continue;
        }
        if only_words(&member) {
            words.0 = words.0.or(member.description);
            words.1 = words.1.or(member.title);
            continue;
        }
        kept.push(member);
    }
    let mut shape = if kept.len() <= 1 {
        kept.pop().unwrap_or_else(|| Shape::of(Kind::Any))
    } else if let Some(merged) = merge_scalars(&kept).or_else(|| merge_open_objects(&kept)) {
        merged
    } else {
        Shape::of(Kind::AllOf(kept))
    };
    if shape.description.is_none() {
        shape.description = words.0;
    }
    if shape.title.is_none() {
        shape.title = words.1;
    }
    shape
}

/// A schema for any value with a description or title and nothing else.
fn only_words(shape: &Shape) -> bool {
    shape.kind == Kind::Any
        && !shape.nullable
        && shape.default.is_none()
        && shape.cli.is_none()
        && shape.keywords.is_empty()
        && shape.applicators.is_empty()
}

/// Scalars of one type and members that only constrain (a `pattern`, a
/// bound, no type) mean one scalar with every keyword: Zod writes
/// `z.string().regex(a).regex(b)` as `{ type, allOf: [{ pattern }, { pattern }] }`
/// and `z.intersection` of two strings as `allOf` of both, and as an
/// intersection the command line could only take it as JSON text, and
/// clients that take no `allOf` lost the constraints.
fn merge_scalars(members: &[Shape]) -> Option<Shape> {
    let mut kind: Option<Kind> = None;
    // The values every enum member allows (`z.intersection` of two enums).
    let mut values: Option<Vec<Value>> = None;
    // Null passes the intersection only where every typed member takes it;
    // a member without a type takes it already.
    let mut nullable = true;
    let mut typed = false;
    for member in members {
        if member.default.is_some() || member.cli.is_some() || !member.applicators.is_empty() {
            return None;
        }
        match &member.kind {
            Kind::Any => continue,
            Kind::Enum(own) => {
                values = Some(match values {
                    None => own.to_vec(),
                    Some(mut kept) => {
                        kept.retain(|value| own.contains(value));
                        kept
                    }
                });
            }
            other => {
                kind = Some(match (kind, other) {
                    (None, Kind::String | Kind::Number | Kind::Integer | Kind::Boolean) => other.clone(),
                    (Some(Kind::Number | Kind::Integer), Kind::Integer) | (Some(Kind::Integer), Kind::Number) => {
                        Kind::Integer
                    }
                    (Some(kept), other) if kept == *other => kept,
                    _ => return None,
                });
            }
        }
        typed = true;
        nullable &= member.nullable;
    }
    let merged = match (values, &kind) {
        (None, kind) => kind.clone().unwrap_or(Kind::Any),
        (Some(mut values), kind) => {
            values.retain(|value| kind.as_ref().is_none_or(|kind| is_scalar_of(kind, value)));
            // No value in common: the intersection accepts nothing, kept
            // as the `allOf` it was.
            if values.is_empty() {
                return None;
            }
            Kind::Enum(Box::new(super::enum_values::EnumValues::new(values)))
        }
    };
    let mut shape = Shape::of(merged);
    shape.nullable = typed && nullable;
    for member in members {
        if shape.description.is_none() {
            shape.description.clone_from(&member.description);
        }
        if shape.title.is_none() {
            shape.title.clone_from(&member.title);
        }
        for (key, value) in &member.keywords {
            meet(&mut shape.keywords, key, value);
        }
    }
    Some(shape)
}

/// Adds `key: value` to `keywords` so that the node asks both: a bound
/// keeps the tighter value, `uniqueItems` either's `true`, an annotation
/// the value given last (a node's own `examples` beside a `$ref` over its
/// target's, as before), and any other keyword given twice differently
/// (two patterns, two formats) goes into the node's `allOf`, which JSON
/// Schema reads as one more condition: never a keyword lost or replaced.
pub fn meet(keywords: &mut super::Keywords, key: &str, value: &Value) {
    let Some(kept) = keywords.get_mut(key) else {
        keywords.push(key.to_owned(), value.clone());
        return;
    };
    if kept == value {
        return;
    }
    match (key, bound_side(key), kept, value) {
        ("allOf", _, Value::Array(list), Value::Array(more)) => list.extend(more.iter().cloned()),
        (_, Some(side), Value::Number(a), Value::Number(b)) => {
            if is_tighter(side, a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0)) {
                keywords.insert(key.to_owned(), value.clone());
            }
        }
        ("uniqueItems", _, kept, Value::Bool(true)) => *kept = Value::Bool(true),
        ("uniqueItems", _, _, Value::Bool(false)) => {}
        _ if is_annotation_keyword(key) => keywords.insert(key.to_owned(), value.clone()),
        _ => {
            let condition = Value::Object(std::iter::once((key.to_owned(), value.clone())).collect());
            match keywords.get_mut("allOf") {
                Some(Value::Array(list)) => list.push(condition),
                _ => keywords.push("allOf".to_owned(), Value::Array(vec![condition])),
            }
        }
    }
}

/// Keywords that describe rather than constrain: given twice, the last stays.
fn is_annotation_keyword(key: &str) -> bool {
    matches!(
        key,
        "examples" | "example" | "deprecated" | "readOnly" | "writeOnly" | "$comment"
    ) || key.starts_with("x-")
}

/// Objects that allow extra keys and share no key mean the same as one
/// object with all their keys. Closed objects (`additionalProperties: false`)
/// are kept apart: merging them would accept what the intersection refuses.
fn merge_open_objects(members: &[Shape]) -> Option<Shape> {
    let mut merged = ObjectShape::of(Vec::new());
    // The keys merged so far: a scan per key made wide members quadratic.
    let mut keys: NameSet<&str> = NameSet::new();
    let mut keywords = super::Keywords::default();
    for member in members {
        let obj = member.as_object()?;
        let mergeable = !member.nullable
            && member.default.is_none()
            && obj.additional.is_none()
            && obj.property_names.is_none()
            && obj.pattern_props.is_empty()
            && member.applicators.is_empty();
        if !mergeable {
            return None;
        }
        for prop in &obj.props {
            if !keys.insert(&prop.key) {
                return None;
            }
            merged.push_prop(prop.clone());
        }
        merged.required_extra.extend(obj.required_extra.iter().cloned());
        for (key, value) in &member.keywords {
            if keywords.get(key).is_some() {
                return None;
            }
            keywords.push(key.clone(), value.clone());
        }
    }
    let mut shape = Shape::of(Kind::Object(Box::new(merged)));
    shape.keywords = keywords;
    shape.description = members.iter().find_map(|m| m.description.clone());
    Some(shape)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::super::read::read_schema;
    use super::super::shape::{Kind, Shape};

    /// The shape of property `p` of `{ type: object, properties: { p: schema } }`.
    fn property(schema: &Value) -> Shape {
        let root = json!({"type": "object", "properties": {"p": schema}});
        let read = read_schema(&root).unwrap_or_else(|e| panic!("{e:?}"));
        let prop = read.root.as_object().and_then(|o| o.prop("p")).map(|p| p.shape.clone());
        prop.unwrap_or_else(|| panic!("no property p"))
    }

    fn keywords(shape: &Shape) -> Value {
        Value::Object(shape.keywords.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
    }

    #[test]
    fn an_intersection_of_scalars_is_one_scalar_with_the_tighter_bounds() {
        let code = property(
            &json!({"allOf": [{"type": "string", "minLength": 2}, {"type": "string", "maxLength": 4, "minLength": 1}]}),
        );
        assert_eq!(code.kind, Kind::String);
        assert_eq!(keywords(&code), json!({"minLength": 2, "maxLength": 4}));
        // Zod's `z.intersection(z.int().min(1), z.number().max(10))`.
        let size = property(&json!({"allOf": [
            {"type": "integer", "minimum": 1, "maximum": 9_007_199_254_740_991_i64},
            {"type": "number", "maximum": 10}
        ]}));
        assert_eq!(size.kind, Kind::Integer);
        assert_eq!(keywords(&size), json!({"minimum": 1, "maximum": 10}));
        // Null passes only where every typed member takes it.
        let nullable = property(&json!({"allOf": [{"type": ["string", "null"]}, {"type": "string", "minLength": 1}]}));
        assert!(!nullable.nullable);
        let both =
            property(&json!({"allOf": [{"type": ["string", "null"]}, {"type": ["string", "null"]}, {"minLength": 1}]}));
        assert!(both.nullable);
    }

    #[test]
    fn a_second_pattern_stays_a_condition_of_its_own() {
        // Zod's `z.string().regex(a).regex(b)`; the node's own pattern is asked too.
        let code = property(
            &json!({"type": "string", "pattern": "c", "allOf": [{"pattern": "a"}, {"pattern": "b", "minLength": 3}]}),
        );
        assert_eq!(code.kind, Kind::String);
        assert_eq!(
            keywords(&code),
            json!({"pattern": "a", "allOf": [{"pattern": "b"}, {"pattern": "c"}], "minLength": 3})
        );
        // Annotations given twice keep the last; a repeated equal keyword is one.
        let described = property(
            &json!({"allOf": [{"type": "string", "examples": ["x"], "format": "email"}, {"examples": ["y"], "format": "email"}]}),
        );
        assert_eq!(keywords(&described), json!({"examples": ["y"], "format": "email"}));
        // `uniqueItems: true` holds whichever member says it.
        let unique = property(&json!({"allOf": [{"uniqueItems": false}, {"uniqueItems": true}]}));
        assert_eq!(keywords(&unique), json!({"uniqueItems": true}));
    }

    #[test]
    fn zods_safe_integer_bounds_are_left_out_and_other_bounds_kept() {
        let safe = 9_007_199_254_740_991_i64;
        let int = property(&json!({"type": "integer", "minimum": -safe, "maximum": safe, "multipleOf": 2}));
        assert_eq!(keywords(&int), json!({"multipleOf": 2}));
        let own = property(&json!({"type": ["integer", "null"], "minimum": 0, "maximum": safe}));
        assert_eq!(keywords(&own), json!({"minimum": 0}));
        // Not an integer, or not exactly Zod's bound: as written.
        let number = property(&json!({"type": "number", "maximum": safe}));
        assert_eq!(keywords(&number), json!({"maximum": safe}));
        let near = property(&json!({"type": "integer", "maximum": safe - 1, "minimum": safe}));
        assert_eq!(keywords(&near), json!({"maximum": safe - 1, "minimum": safe}));
    }

    #[test]
    fn keywords_beside_a_ref_are_asked_with_its_targets() {
        let root = json!({
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/Limit", "maximum": 200, "minimum": 5, "examples": [7]}},
            "$defs": {"Limit": {"type": "integer", "minimum": 0, "maximum": 100, "examples": [1]}}
        });
        let read = read_schema(&root).unwrap_or_else(|e| panic!("{e:?}"));
        let limit = read.root.as_object().and_then(|o| o.prop("p")).map(|p| p.shape.clone());
        let limit = limit.unwrap_or_else(|| panic!("no property p"));
        assert_eq!(limit.kind, Kind::Integer);
        assert_eq!(keywords(&limit), json!({"minimum": 5, "maximum": 100, "examples": [7]}));
    }

    #[test]
    fn enums_keep_the_values_every_member_allows() {
        let both = property(
            &json!({"allOf": [{"enum": ["a", "b", "c"]}, {"type": "string", "enum": ["d", "c", "b"], "minLength": 1}]}),
        );
        assert_eq!(
            both.kind,
            Kind::Enum(Box::new(super::super::enum_values::EnumValues::new(vec![
                json!("b"),
                json!("c")
            ])))
        );
        assert_eq!(keywords(&both), json!({"minLength": 1}));
        // A type keeps the values of that type; null only where every member takes it.
        let typed = property(&json!({"allOf": [{"enum": ["a", 1, 2.5, null]}, {"type": ["integer", "null"]}]}));
        assert_eq!(
            typed.kind,
            Kind::Enum(Box::new(super::super::enum_values::EnumValues::new(vec![json!(1)])))
        );
        assert!(typed.nullable);
    }

    #[test]
    fn members_of_other_types_or_with_defaults_stay_an_intersection() {
        for schema in [
            json!({"allOf": [{"type": "string"}, {"type": "number"}]}),
            json!({"allOf": [{"type": "string", "default": "a"}, {"minLength": 1}]}),
            json!({"allOf": [{"type": "string"}, {"not": {"const": "x"}}]}),
            json!({"allOf": [{"enum": [1, 2]}, {"type": "string"}]}),
            json!({"allOf": [{"enum": ["a", "b"]}, {"enum": ["c"]}]}),
        ] {
            assert!(matches!(property(&schema).kind, Kind::AllOf(_)), "{schema}");
        }
    }
}
