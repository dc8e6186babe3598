//! `vscode`: VS Code with GitHub Copilot (CLIENTS.md 2.7). Copilot deletes
//! a root `oneOf`/`anyOf`/`allOf`/`not`/`if`/`then`/`else` (V6), so a root
//! union is one object, a root `allOf` is merged and the rest removed;
//! every array gets `items` (V5). For `gpt-4*` models Copilot deletes
//! length, pattern, format, bound and default keywords (V8): they are kept
//! and reported as not enforced. Arguments come back unchanged.

use crate::json::Json;

use super::rules::{drop_keyword, flatten_root_union, ignored, items_everywhere, merge_all_of_here};
use super::walk::each_schema;
use super::Report;

/// What Copilot deletes for `gpt-4*` models.
const GPT4_DELETES: &[&str] = &[
    "minLength",
    "maxLength",
    "pattern",
    "default",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "contains",
    "minItems",
    "maxItems",
    "uniqueItems",
];

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    flatten_root_union(schema, report);
    each_schema(schema, &mut |node, place| {
        if place.is_root() {
            merge_all_of_here(node, place, report, false);
            for key in ["not", "if", "then", "else"] {
                drop_keyword(node, place, key, report, "Copilot deletes it at the root");
            }
        }
        items_everywhere(node);
        ignored(
            node,
            place,
            GPT4_DELETES,
            report,
            "deleted by Copilot for gpt-4* models (not enforced there)",
        );
    });
}
