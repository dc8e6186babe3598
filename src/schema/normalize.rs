//! Folding unions and intersections into the simplest equivalent shape:
//! `anyOf [T, null]` is a nullable T, a union of literals is one enum, an
//! `allOf` of open objects is one object.

use std::collections::HashSet;

use super::enum_values::distinct_values;
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
    let mut kept: Vec<Shape> = members
        .into_iter()
        .filter(|m| !(m.kind == Kind::Any && m.is_bare()))
        .collect();
    if kept.len() <= 1 {
        return kept.pop().unwrap_or_else(|| Shape::of(Kind::Any));
    }
    if let Some(merged) = merge_open_objects(&kept) {
        return merged;
    }
    Shape::of(Kind::AllOf(kept))
}

/// Objects that allow extra keys and share no key mean the same as one
/// object with all their keys. Closed objects (`additionalProperties: false`)
/// are kept apart: merging them would accept what the intersection refuses.
fn merge_open_objects(members: &[Shape]) -> Option<Shape> {
    let mut merged = ObjectShape::of(Vec::new());
    // The keys merged so far: a scan per key made wide members quadratic.
    let mut keys: HashSet<&str> = HashSet::new();
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
