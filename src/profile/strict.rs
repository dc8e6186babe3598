//! Rules both strict modes share (`openai-strict`, `anthropic-strict`):
//! each compiles the schema into a grammar that needs a type at every
//! node, closes every object, and takes no `oneOf`, tuple or `allOf` it
//! cannot merge; neither takes the keywords in [`UNSUPPORTED`].

use crate::error::FindingCode;
use crate::json::{Json, Map};

use super::enum_strings::refuse_structured_values;
use super::rules::{has_any, loosen_tuple, merge_all_of_here, object_of};
use super::walk::Place;
use super::Report;

/// Removed: the API refuses them in strict mode (O4, O6).
pub const UNSUPPORTED: &[&str] = &[
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
    "contentEncoding",
    "contentMediaType",
    "$dynamicRef",
];

/// `oneOf` as `anyOf`, `allOf` merged exactly, a tuple as an array.
pub fn rewrite_composite(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    // First: a member may bring a `oneOf` of its own into the node.
    merge_all_of_here(node, place, report, true);
    if let Some(Json::Array(branches)) = node.remove("oneOf") {
        report.warn(
            FindingCode::OneofToAnyof,
            || place.at("oneOf"),
            || "written as anyOf: the client does not check that exactly one branch fits",
        );
        node.insert("anyOf", Json::Array(branches));
    }
    loosen_tuple(node, place, report);
}

/// An enum or `const` is written without a `type` when its values are of
/// several JSON types (`z.literal(["a", 1])`), or by hand; strict mode
/// refuses a node without one, enum or not ("schema must have a 'type'
/// key", openclaw/clawpatch#60). One type is written beside the values;
/// several split the values by type into an `anyOf` of typed enums, which
/// accepts the same values. An object or an array among them is refused:
/// no type strict mode can write holds it (a closed object with every key
/// required is not a value's shape).
pub fn type_enum(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    if has_any(node, &["type", "anyOf", "$ref"]) {
        return;
    }
    if refuse_structured_values(
        node,
        place,
        report,
        "strict mode needs a type at every node and has none for it",
    ) {
        return;
    }
    let Some(values) = super::join::enum_values(node) else {
        return;
    };
    // Objects and arrays were refused above: every value is a scalar.
    let mut types: Vec<&'static str> = Vec::new();
    for name in values.iter().map(Json::kind) {
        if !types.contains(&name) {
            types.push(name);
        }
    }
    if let [only] = types.as_slice() {
        node.insert("type", Json::text(only));
        return;
    }
    let values = match (node.remove("enum"), node.remove("const")) {
        (Some(Json::Array(values)), _) => values,
        (_, Some(value)) => vec![value],
        _ => return,
    };
    let branches = types
        .into_iter()
        .map(|name| {
            let mut branch = Map::with_capacity(2);
            branch.insert("type", Json::text(name));
            if name != "null" {
                let own: Vec<Json<'_>> = values.iter().filter(|v| v.kind() == name).cloned().collect();
                branch.insert("enum", Json::Array(own));
            }
            Json::Object(branch)
        })
        .collect();
    node.insert("anyOf", Json::Array(branches));
}

/// What gives a node its type, directly or through its branches.
const TYPED_BY: &[&str] = &["type", "anyOf", "$ref", "enum", "const", "properties"];

/// A schema for any value (`z.any()`, `z.unknown()`, an array's `items: {}`)
/// has no type, and strict mode needs one at every node ("schema must have
/// a 'type' key", odoo-llm#212) and takes no open object: the nearest it
/// can say is any scalar. The server still takes anything.
pub fn narrow_any(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    if has_any(node, TYPED_BY) {
        return;
    }
    node.insert(
        "anyOf".to_owned(),
        Json::Array(
            ["string", "number", "boolean", "null"]
                .into_iter()
                .map(|name| object_of("type", Json::text(name)))
                .collect(),
        ),
    );
    report.warn(
        FindingCode::AnyNarrowed,
        || place.pointer(),
        || "any value, written as a string, number, boolean or null: strict mode needs a type at every node and takes no open object, so objects and arrays cannot be sent here");
}

pub fn is_object(node: &Map<'_>) -> bool {
    match node.get("type") {
        Some(_) => super::rules::has_type(node, "object"),
        None => node.get("properties").is_some(),
    }
}

/// Closes an object, as `who` (a strict mode) does to every one: an open
/// one is reported closed, a record (a schema for other keys, patterns or
/// property names) refused, since a closed object cannot list its keys.
pub fn shut(node: &mut Map<'_>, place: &Place, report: &mut Report, who: &'static str) {
    for key in ["patternProperties", "propertyNames"] {
        if node.contains_key(key) {
            report.refuse(
                FindingCode::RecordRefused,
                place.at(key),
                format!("{who} takes no \"{key}\": a record's keys cannot be listed in a closed object"),
            );
        }
    }
    // `Some(true)`: open to any key; `Some(false)`: a record's values.
    let other_keys = match node.get("additionalProperties") {
        None | Some(Json::Bool(false)) => None,
        Some(Json::Bool(true)) => Some(true),
        Some(Json::Object(schema)) => Some(schema.is_empty()),
        Some(_) => Some(false),
    };
    match other_keys {
        Some(true) => report.warn(
            FindingCode::ObjectClosed,
            || place.at("additionalProperties"),
            || format!("the object accepted unknown keys; {who} closes it"),
        ),
        Some(false) => report.refuse(
            FindingCode::RecordRefused,
            place.at("additionalProperties"),
            format!("{who} closes every object, so a record's values could not be sent"),
        ),
        None => {}
    }
    node.insert("additionalProperties", Json::Bool(false));
}
