//! Enum values a client cannot take as they are: structured values
//! refused, other values written as strings (repair turns them back).

use crate::sets::NameSet;
use std::borrow::Cow;

use crate::json::{Json, Map};

use super::rules::text;
use super::walk::Place;
use super::Report;
use crate::error::FindingCode;
use crate::text::capped_list;

/// Refuses an enum or `const` holding an object or an array, which a
/// client that needs a scalar type beside its values cannot write (`why`
/// says so); true when it did.
pub fn refuse_structured_values(node: &Map<'_>, place: &Place, report: &mut Report, why: &str) -> bool {
    let structured = super::join::enum_values(node)
        .is_some_and(|values| values.iter().any(|v| matches!(v, Json::Object(_) | Json::Array(_))));
    if structured {
        let key = if node.contains_key("enum") { "enum" } else { "const" };
        report.refuse(
            FindingCode::MixedEnum,
            place.at(key),
            format!("an enum or const holding an object or an array: {why}"),
        );
    }
    structured
}

/// Enum values (and a `const`) written as strings: clients that take only
/// string enums. `gemini` marks the node `format: "enum"` and keeps its
/// type; others make it a string. Refused when two values would read the
/// same, or (`gemini`) when no one type holds them.
pub fn stringify_enum(node: &mut Map<'_>, place: &Place, report: &mut Report, gemini: bool) {
    let Some(values) = super::join::enum_values(node) else {
        return;
    };
    if values.iter().all(Json::is_string) {
        if let Some(constant) = node.remove("const") {
            node.insert("enum", Json::Array(vec![constant]));
        }
        // An `allOf` merged into one node can give string values a type
        // they do not have (`{ type: "integer" }` with `{ const: "a" }`):
        // such a node accepted nothing, and Gemini takes an enum on a
        // string alone.
        let typed_otherwise = match node.get("type") {
            Some(Json::String(t)) => t != "string",
            Some(Json::Array(types)) => !types.iter().any(|t| t.as_str() == Some("string")),
            _ => false,
        };
        if gemini && typed_otherwise {
            node.insert("type", text("string"));
            report.warn(
                FindingCode::KeywordDropped,
                || place.at("type"),
                || "the type and the enum values disagree, so no value fitted; written as a string of those values",
            );
        }
        return;
    }
    let values = values.to_vec();
    let texts: Vec<String> = values
        .iter()
        .map(|v| match v {
            Json::String(s) => s.to_string(),
            other => other.to_string(),
        })
        .collect();
    let kinds: Vec<&str> = values.iter().map(Json::kind).collect();
    // Two values of one text, found in a set (comparing every pair was quadratic).
    let mut seen: NameSet<&str> = NameSet::with_capacity(texts.len());
    let collide = !texts.iter().all(|text| seen.insert(text));
    let mixed = kinds.iter().any(|k| Some(k) != kinds.first());
    if collide || (gemini && mixed) {
        report.refuse(
            FindingCode::MixedEnum,
            place.at(if node.contains_key("enum") { "enum" } else { "const" }),
            // At most a few values named: an enum may hold thousands.
            format!(
                "the values [{}] cannot be told apart once written as strings",
                capped_list(values.iter().map(Json::to_text), values.len(), "values")
            ),
        );
        return;
    }
    node.remove("const");
    node.insert(
        "enum".to_owned(),
        Json::Array(texts.iter().map(|t| Json::String(Cow::Owned(t.clone()))).collect()),
    );
    if gemini && !mixed {
        node.insert("format", text("enum"));
    } else {
        node.insert("type", text("string"));
    }
    report.warn(
        FindingCode::EnumStringified,
        || place.at("enum"),
        || {
            format!(
                "the values {} are written as strings; repair with this client turns them back",
                Json::Array(values)
            )
        },
    );
}
