//! `gemini`: `FunctionDeclaration.parameters`, an OpenAPI 3.0 `Schema`
//! subset (CLIENTS.md 2.5). Any field outside its list fails every tool of
//! the request (G1), so the rest is rewritten or removed: a type list with
//! `null` becomes `nullable` (G2, G3), `anyOf` stands alone in its node with
//! the description moved into its branches (G4), `const` is a one-value
//! enum and non-string enums are strings marked `format: "enum"` (G5),
//! string formats other than `enum`/`date-time` go (G6), an integer's
//! exclusive bound becomes the inclusive one next to it, a tuple becomes an
//! array of its positions' schemas, and `additionalProperties` goes (the
//! server still checks it). Recursion is written out a few levels deep (no
//! `$ref` here). Refused:
//! property keys outside `[A-Za-z_][A-Za-z0-9_]{0,63}`, and enums mixing
//! types. Repair turns stringified enum values back into numbers.

use crate::json::{Json, Map};

use super::enum_strings::{refuse_structured_values, stringify_enum};
use super::recursion::expand_recursion;
use super::rules::{
    drop_keyword, flatten_root_union, items_everywhere, loosen_tuple, merge_all_of_here, object_of, refuse_keys, text,
};
use super::walk::{each_schema, Place};
use super::{Client, Report};
use crate::error::FindingCode;

/// Whether `key` is a field of Gemini's `Schema` (G1). Asked of every key
/// of every node: a `match` tests the length, then the bytes, where a scan
/// of a list compared up to 22 names.
fn is_field(key: &str) -> bool {
    matches!(
        key,
        "type"
            | "format"
            | "title"
            | "description"
            | "nullable"
            | "enum"
            | "maxItems"
            | "minItems"
            | "properties"
            | "required"
            | "minProperties"
            | "maxProperties"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "example"
            | "anyOf"
            | "propertyOrdering"
            | "default"
            | "items"
            | "minimum"
            | "maximum"
    )
}

/// `[A-Za-z_][A-Za-z0-9_]{0,63}`.
pub(super) fn key_ok(key: &str) -> bool {
    // Bytes, not chars: every byte of a non-ASCII char fails both tests.
    let mut bytes = key.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && key.len() <= 64
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    expand_recursion(schema, report, "Gemini's parameters have no $ref to write it with");
    if let Json::Object(root) = schema {
        root.remove("$defs");
    }
    flatten_root_union(schema, report);
    each_schema(schema, &mut |node, place| rewrite(node, place, report));
}

/// Gemini's rules for one node (its children are visited after it).
pub(super) fn rewrite(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    merge_all_of_here(node, place, report, false);
    if let Some(branches) = node.remove("oneOf") {
        report.warn(
            FindingCode::OneofToAnyof,
            || place.at("oneOf"),
            || "written as anyOf (Gemini has no oneOf): exactly-one is not checked by the client",
        );
        node.insert("anyOf", branches);
    }
    type_list(node);
    any_of_alone(node, place, report);
    if node.contains_key("anyOf") {
        return;
    }
    enums(node, place, report);
    formats(node, place, report);
    exclusive_bounds(node, place, report);
    records(node, place, report);
    loosen_tuple(node, place, report);
    if let Some(Json::Array(examples)) = node.remove("examples") {
        if let Some(first) = examples.into_iter().next() {
            node.insert_absent("example", first);
        }
    }
    if node.keys().any(|k| !is_field(k)) {
        let unknown: Vec<String> = node.keys().filter(|k| !is_field(k)).map(ToString::to_string).collect();
        for key in unknown {
            drop_keyword(node, place, &key, report, "Gemini's Schema has no such field");
        }
    }
    items_everywhere(node);
    refuse_keys(node, place, report, key_ok, "[A-Za-z_][A-Za-z0-9_]{0,63}");
}

/// `type: [T, "null"]` as `type: T, nullable: true`; several types as an
/// `anyOf` of one branch per type, rewritten by [`any_of_alone`].
fn type_list(node: &mut Map<'_>) {
    // Most nodes name one type: look before copying the list.
    if !matches!(node.get("type"), Some(Json::Array(_))) {
        return;
    }
    let Some(Json::Array(types)) = node.get("type").cloned() else {
        return;
    };
    let nullable = types.iter().any(|t| t == "null");
    let rest: Vec<Json<'_>> = types.into_iter().filter(|t| t != "null").collect();
    match rest.as_slice() {
        [] => {
            node.insert("type", text("null"));
        }
        [one] => {
            node.insert("type", one.clone());
        }
        many => {
            node.remove("type");
            let branches: Vec<Json<'_>> = many.iter().map(|t| object_of("type", t.clone())).collect();
            node.insert("anyOf", Json::Array(branches));
        }
    }
    if nullable {
        node.insert("nullable", Json::Bool(true));
    }
    if let Some(Json::Array(values)) = node.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
}

/// `anyOf` must be the only field of its node (G4): `null` branches become
/// `nullable` on the others, one branch left is merged into the node, and
/// otherwise the description moves into each branch.
fn any_of_alone(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    // A branch merged into the node may bring an `anyOf` of its own: one
    // level of the tree each round.
    while any_of_alone_once(node, place, report) {}
}

/// One round of [`any_of_alone`]; true when the node has an `anyOf` again.
fn any_of_alone_once(node: &mut Map<'_>, place: &Place, report: &mut Report) -> bool {
    let Some(Json::Array(branches)) = node.remove("anyOf") else {
        return false;
    };
    let before = branches.len();
    let mut nullable = node.remove("nullable") == Some(Json::Bool(true));
    let mut kept: Vec<Json<'_>> = Vec::with_capacity(before);
    for branch in branches {
        if branch.get("type").and_then(Json::as_str) == Some("null") && branch.as_object().is_some_and(|b| b.len() == 1)
        {
            nullable = true;
        } else {
            kept.push(branch);
        }
    }
    if kept.len() == 1 {
        if let Some(Json::Object(only)) = kept.pop() {
            for (key, value) in only {
                node.insert_absent(key, value);
            }
        }
        if nullable {
            node.insert("nullable", Json::Bool(true));
        }
        // The branch left may say what this node's rules already
        // rewrote: a type list, or an `anyOf` of its own (a tuple's
        // positions `[string | number, null]` joined).
        type_list(node);
        return node.contains_key("anyOf");
    }
    let description = node.remove("description");
    let siblings: Vec<String> = node.keys().map(ToString::to_string).collect();
    for key in siblings {
        drop_keyword(node, place, &key, report, "Gemini takes nothing beside anyOf");
    }
    for branch in &mut kept {
        if let Json::Object(map) = branch {
            if let Some(description) = &description {
                map.insert_absent("description", description.clone());
            }
            if nullable {
                map.insert("nullable", Json::Bool(true));
            }
        }
    }
    node.insert("anyOf", Json::Array(kept));
    false
}

fn enums(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let Some(values) = super::join::enum_values(node) else {
        return;
    };
    if values.contains(&Json::Null) {
        let rest: Vec<Json<'_>> = values.iter().filter(|v| !v.is_null()).cloned().collect();
        node.insert("nullable", Json::Bool(true));
        node.remove("const");
        if rest.is_empty() {
            node.remove("enum");
            node.insert("type", text("null"));
            return;
        }
        node.insert("enum", Json::Array(rest));
    }
    if refuse_structured_values(
        node,
        place,
        report,
        "Gemini takes enum values on strings and numbers only",
    ) {
        return;
    }
    let values = super::join::enum_values(node).unwrap_or(&[]);
    let booleans = !values.is_empty() && values.iter().all(Json::is_boolean);
    // The one JSON type every value has, for a node that names none.
    let kind = values
        .first()
        .map(Json::kind)
        .filter(|kind| values.iter().all(|v| v.kind() == *kind));
    if booleans {
        node.remove("const");
        node.insert("type", text("boolean"));
        drop_keyword(
            node,
            place,
            "enum",
            report,
            "Gemini takes enum values as strings or numbers, not booleans",
        );
        return;
    }
    if let (None, Some(kind)) = (node.get("type"), kind) {
        node.insert("type", text(kind));
    }
    stringify_enum(node, place, report, true);
}

fn formats(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let is_string = node.get("type").and_then(Json::as_str) == Some("string");
    let format = node.get("format").and_then(Json::as_str);
    let refused = format.is_some_and(|format| format != "enum" && !Client::Gemini.keeps_format(format));
    if is_string && refused {
        drop_keyword(
            node,
            place,
            "format",
            report,
            "Gemini takes only \"enum\" and \"date-time\" on strings",
        );
    }
}

/// `exclusiveMinimum: n` on an integer is `minimum: n + 1` exactly; on a
/// number it can only be written as `minimum: n`, which admits `n`.
fn exclusive_bounds(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    let integer = node.get("type").and_then(Json::as_str) == Some("integer");
    for (exclusive, inclusive, step) in [
        ("exclusiveMinimum", "minimum", 1.0),
        ("exclusiveMaximum", "maximum", -1.0),
    ] {
        let Some(bound) = node.remove(exclusive) else {
            continue;
        };
        let Some(n) = bound.as_f64() else {
            continue;
        };
        let (value, exact) = if integer {
            let next = if step > 0.0 { n.floor() + 1.0 } else { n.ceil() - 1.0 };
            (next, true)
        } else {
            (n, false)
        };
        let written = if integer {
            written_number(value).unwrap_or_else(|| bound.clone())
        } else {
            bound.clone()
        };
        let tighter = match node.get(inclusive).and_then(Json::as_f64) {
            Some(existing) => (step > 0.0 && existing < value) || (step < 0.0 && existing > value),
            None => true,
        };
        if tighter {
            node.insert(inclusive.to_owned(), written);
        }
        if !exact {
            report.warn(
                FindingCode::ConstraintLoosened,
                || place.at(exclusive),
                || format!("{exclusive} {bound} is written as {inclusive} {bound}, which admits {bound} itself"),
            );
        }
    }
}

fn records(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    match node.remove("additionalProperties") {
        Some(Json::Bool(false)) => report.warn(
            FindingCode::KeywordDropped,
            || place.at("additionalProperties"),
            || "\"additionalProperties\": false removed (Gemini refuses the field); the object is no longer closed for the model, the server still refuses unknown keys"),
        // Absent, `true` or `{}`: the object was open, and stays open.
        None | Some(Json::Bool(true)) => {}
        Some(Json::Object(schema)) if schema.is_empty() => {}
        Some(_) => report.warn(
            FindingCode::RecordValueSchemaDropped,
            || place.at("additionalProperties"),
            || "the record's value schema is removed (Gemini refuses the field); its values are checked by the server only"),
    }
}

/// An integer bound as JSON (exact within ±2^53).
fn written_number(value: f64) -> Option<Json<'static>> {
    if value.abs() < 9_007_199_254_740_992.0 {
        // Integral (floor/ceil) and within ±2^53, so the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        let whole = value as i64;
        return Some(Json::from(whole));
    }
    serde_json::Number::from_f64(value).map(Json::Number)
}
