//! `openai-strict`: OpenAI with `strict: true` (CLIENTS.md 2.2). Every
//! object is closed and requires every key (O2, O3); an optional field
//! becomes required and nullable, and its `null` is read back as "absent"
//! by repair (the openai-agents-js model, the one reversible peer). A
//! `oneOf` becomes `anyOf` and an `allOf` is merged exactly (O4), a tuple
//! becomes an array of its positions' schemas, a schema for any value
//! becomes any scalar (strict mode needs a type at every node), and keywords the API does
//! not support are removed (O6); `$defs` recursion stays (OpenAI resolves
//! it). Refused: records (a closed object cannot hold their keys), an
//! `allOf` that cannot be merged exactly, and the size limits of O7.
//! A `format` outside the nine strict mode accepts is removed: the API
//! refuses the whole tool for one (`'uri' is not a valid format`,
//! cyanheads/git-mcp-server#47, for `z.url()`).

use crate::json::{Json, Map};

use super::rules::{accepts_null, drop_keywords, items_everywhere, make_nullable};
use super::strict::{is_object, narrow_any, rewrite_composite, shut, type_enum, UNSUPPORTED};
use super::walk::{each_schema, Place};
use super::Report;
use crate::error::FindingCode;

/// The string formats strict mode accepts (OpenAI's structured outputs
/// guide); any other fails the request.
pub const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Whether strict mode accepts `format` as written.
#[must_use]
pub fn format_ok(format: &str) -> bool {
    FORMATS.contains(&format)
}

/// O7: at most this many levels of nested objects.
const MAX_NESTING: usize = 10;
/// O7: at most this many enum values in the whole schema.
const MAX_ENUM_VALUES: usize = 1000;
/// O7: at most this many object properties in the whole schema.
const MAX_PROPERTIES: usize = 5000;

pub fn shape(schema: &mut Json<'_>, report: &mut Report) {
    super::rules::flatten_root_union(schema, report);
    let mut enum_values = 0usize;
    let mut properties = 0usize;
    each_schema(schema, &mut |node, place| {
        rewrite_composite(node, place, report);
        drop_keywords(node, place, UNSUPPORTED, report, "not supported in strict mode");
        unknown_format(node, place, report);
        items_everywhere(node);
        type_enum(node, place, report);
        narrow_any(node, place, report);
        if place.depth == MAX_NESTING + 1 {
            report.refuse(
                FindingCode::LimitExceeded,
                place.pointer(),
                format!("objects nest deeper than {MAX_NESTING} levels, the strict mode limit"),
            );
        }
        enum_values += node.get("enum").and_then(Json::as_array).map_or(0, Vec::len);
        if is_object(node) {
            close(node, place, report);
            properties += node.get("properties").and_then(Json::as_object).map_or(0, Map::len);
        }
    });
    if enum_values > MAX_ENUM_VALUES {
        report.refuse(
            FindingCode::LimitExceeded,
            "",
            format!("{enum_values} enum values; strict mode takes at most {MAX_ENUM_VALUES}"),
        );
    }
    if properties > MAX_PROPERTIES {
        report.refuse(
            FindingCode::LimitExceeded,
            "",
            format!("{properties} object properties; strict mode takes at most {MAX_PROPERTIES}"),
        );
    }
}

/// A `format` strict mode does not accept (`uri`, `cuid`, `ipv4` spelt
/// otherwise) is removed; a pattern beside it stays, and says more than
/// the format did to a model. The server's Zod still checks both.
fn unknown_format(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    if node
        .get("format")
        .is_none_or(|format| format.as_str().is_some_and(format_ok))
    {
        return;
    }
    // In order: the Shape writer, which leaves it out, writes the rest so.
    let Some(format) = node.shift_remove("format") else {
        return;
    };
    report.warn(
        FindingCode::KeywordDropped,
        || place.at("format"),
        || match format.as_str() {
            Some(name) => format!(
                "\"format\" removed: strict mode refuses the tool for the format \"{}\" (it takes {}); the server still checks it",
                crate::text::clip(name),
                FORMATS.join(", ")
            ),
            None => "\"format\" removed: a format is a name".to_owned(),
        },
    );
}

/// Closes an object and requires every key, optional ones made nullable.
fn close(node: &mut Map<'_>, place: &Place, report: &mut Report) {
    shut(node, place, report, "strict mode");
    let required = super::join::required_flags(node);
    node.insert_absent("properties", Json::Object(Map::new()));
    let Some(Json::Object(props)) = node.get_mut("properties") else {
        return;
    };
    let mut all = Vec::with_capacity(props.len());
    let mut here: Option<String> = None;
    for (i, (key, schema)) in props.iter_mut().enumerate() {
        all.push(Json::String(key.clone()));
        if required.get(i).copied().unwrap_or(false) {
            continue;
        }
        // The properties' pointer is written once, for the first warning.
        let mut pointer = || {
            let properties = here.get_or_insert_with(|| place.at("properties"));
            let escaped = crate::schema::escape_pointer_segment(key);
            let mut pointer = String::with_capacity(properties.len() + 1 + escaped.len());
            pointer.push_str(properties);
            pointer.push('/');
            pointer.push_str(&escaped);
            pointer
        };
        if accepts_null(schema) {
            report.warn(FindingCode::OptionalToNullable, &mut pointer, || {
                "optional, now required: strict mode requires every key (null, which it accepts, stays null)"
            });
        } else {
            *schema = make_nullable(std::mem::take(schema));
            report.warn(FindingCode::OptionalToNullable, &mut pointer, || {
                "optional, now required and nullable: repair with this client reads null as absent"
            });
        }
    }
    node.insert("required", Json::Array(all));
}
