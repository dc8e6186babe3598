//! `gemini-json`: `FunctionDeclaration.parametersJsonSchema` (CLIENTS.md
//! 2.6). JSON Schema passes, with three rules: nothing but `$` keywords
//! beside a `$ref`, no `allOf` (not in its list, so it is merged), and
//! recursion only through optional properties (Gemini unrolls cycles a
//! little way, which a required one defeats: refused). Keywords outside its
//! list (lengths, patterns, `uniqueItems`, `not`...) are silently not
//! enforced by Gemini: each is reported. Arguments come back unchanged.

use crate::json::Json;

use super::rules::{bare_refs, ignored, merge_all_of_here};
use super::walk::each_schema;
use super::Report;
use crate::error::FindingCode;

/// Kept, but Gemini does not enforce them (GJ3).
const NOT_ENFORCED: &[&str] = &[
    "minLength",
    "maxLength",
    "pattern",
    "uniqueItems",
    "not",
    "if",
    "then",
    "else",
    "multipleOf",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minProperties",
    "maxProperties",
    "patternProperties",
    "propertyNames",
    "contains",
    "dependentRequired",
    "dependentSchemas",
];

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    each_schema(schema, &mut |node, place| {
        merge_all_of_here(node, place, report, false);
        // Inside a definition (every kept one is recursive), a required
        // property that refers to a definition closes a cycle no optional
        // key breaks; outside, a `$ref` only enters one.
        if node.contains_key("$ref") && place.is_property && place.required && place.pointer().starts_with("/$defs/") {
            report.refuse(
                FindingCode::RecursiveSchema,
                place.pointer(),
                "a required property refers back to its own definition; Gemini unrolls cycles only through optional properties",
            );
        }
        bare_refs(node, place, report);
        if let Some(constant) = node.remove("const") {
            node.insert("enum", Json::Array(vec![constant]));
        }
        ignored(
            node,
            place,
            NOT_ENFORCED,
            report,
            "not enforced by Gemini's JSON Schema mode",
        );
    });
}
