//! Each client's input-schema rules (CLIENTS.md section 2) written as code,
//! independently of the emitter: a checker reads a JSON Schema as the
//! client would and lists every rule it breaks. Rule ids are the ones in
//! CLIENTS.md (`A2`, `CU1`, `G5`...), so a failure says which report it
//! comes from. The profiles of issue 10 must emit schemas these accept.

#![allow(dead_code)] // each test file uses the checkers it needs

use serde_json::{Map, Value};

/// One rule a schema breaks, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub pointer: String,
    pub message: String,
}

/// The clients with a checker, by profile name.
pub const CLIENTS: &[&str] = &[
    "mcp",
    "portable",
    "openai",
    "openai-strict",
    "anthropic",
    "anthropic-strict",
    "claude-code",
    "gemini",
    "gemini-json",
    "vscode",
    "cursor",
];

/// The checker of a client, by profile name.
#[must_use]
pub fn check(client: &str, schema: &Value) -> Vec<Violation> {
    match client {
        "mcp" => mcp(schema),
        "portable" => portable(schema),
        "openai" => openai(schema),
        "openai-strict" => openai_strict(schema),
        "anthropic" => anthropic(schema),
        "anthropic-strict" => anthropic_strict(schema),
        "claude-code" => claude_code(schema),
        "gemini" => gemini(schema),
        "gemini-json" => gemini_json(schema),
        "vscode" => vscode(schema),
        "cursor" => cursor(schema),
        other => panic!("no checker for {other}"),
    }
}

/// A node of the schema with its pointer and whether it sits where a
/// schema (not a property name or a value) is.
struct Node<'a> {
    value: &'a Map<String, Value>,
    pointer: String,
    /// Object nesting: how many `properties` levels down.
    depth: usize,
}

/// Every subschema, depth first, the root first.
fn nodes(schema: &Value) -> Vec<Node<'_>> {
    let mut out = Vec::new();
    walk(schema, "", 0, &mut out);
    out
}

fn walk<'a>(value: &'a Value, pointer: &str, depth: usize, out: &mut Vec<Node<'a>>) {
    let Value::Object(map) = value else {
        return;
    };
    out.push(Node {
        value: map,
        pointer: pointer.to_owned(),
        depth,
    });
    for (key, child) in map {
        let at = format!("{pointer}/{}", escape(key));
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                if let Value::Object(members) = child {
                    let deeper = depth + usize::from(key == "properties");
                    for (name, member) in members {
                        walk(member, &format!("{at}/{}", escape(name)), deeper, out);
                    }
                }
            }
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                if let Value::Array(members) = child {
                    for (i, member) in members.iter().enumerate() {
                        walk(member, &format!("{at}/{i}"), depth, out);
                    }
                }
            }
            "items" => match child {
                Value::Array(members) => {
                    for (i, member) in members.iter().enumerate() {
                        walk(member, &format!("{at}/{i}"), depth, out);
                    }
                }
                other => walk(other, &at, depth, out),
            },
            "additionalProperties"
            | "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "additionalItems" => walk(child, &at, depth, out),
            _ => {}
        }
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn violation(rule: &'static str, pointer: &str, message: impl Into<String>) -> Violation {
    Violation {
        rule,
        pointer: pointer.to_owned(),
        message: message.into(),
    }
}

fn is_type(node: &Map<String, Value>, ty: &str) -> bool {
    match node.get("type") {
        Some(Value::String(t)) => t == ty,
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some(ty)),
        _ => false,
    }
}

fn property_names(node: &Map<String, Value>) -> Vec<&str> {
    node.get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

fn required_names(node: &Map<String, Value>) -> Vec<&str> {
    node.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The root must be `type: "object"` (M1, A1, K1, O1).
fn root_object(rule: &'static str, schema: &Value) -> Vec<Violation> {
    match schema.get("type") {
        Some(Value::String(t)) if t == "object" => Vec::new(),
        other => vec![violation(
            rule,
            "",
            format!(
                "the root must be type \"object\", got {}",
                other.map_or("none".to_owned(), Value::to_string)
            ),
        )],
    }
}

/// `required` names that `properties` lacks (G7, V7, the mcp profile).
fn required_subset(rule: &'static str, schema: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    for node in nodes(schema) {
        if !node.value.contains_key("properties") && !node.value.contains_key("required") {
            continue;
        }
        let names = property_names(node.value);
        for name in required_names(node.value) {
            if !names.contains(&name) {
                out.push(violation(
                    rule,
                    &node.pointer,
                    format!("required \"{name}\" is not a property"),
                ));
            }
        }
    }
    out
}

/// Arrays without a schema in `items` (ON2, V5, G7, W3): Copilot tests
/// `!items`, so `items: false` fails and `prefixItems` does not stand in.
fn arrays_have_items(rule: &'static str, schema: &Value) -> Vec<Violation> {
    nodes(schema)
        .into_iter()
        .filter(|n| is_type(n.value, "array") && matches!(n.value.get("items"), None | Some(Value::Bool(false))))
        .map(|n| violation(rule, &n.pointer, "an array without items"))
        .collect()
}

/// Local `$ref`s that point at nothing (A4, K2).
fn refs_resolve(rule: &'static str, schema: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    for node in nodes(schema) {
        let Some(reference) = node.value.get("$ref").and_then(Value::as_str) else {
            continue;
        };
        let target = reference
            .strip_prefix('#')
            .and_then(|p| if p.is_empty() { Some(schema) } else { schema.pointer(p) });
        if target.is_none() {
            out.push(violation(
                rule,
                &node.pointer,
                format!("$ref {reference} points at nothing"),
            ));
        }
    }
    out
}

/// Keys in use anywhere among `keywords` (CU1, O4, O6...).
fn keywords_anywhere(rule: &'static str, schema: &Value, keywords: &[&str]) -> Vec<Violation> {
    let mut out = Vec::new();
    for node in nodes(schema) {
        for keyword in keywords {
            if node.value.contains_key(*keyword) {
                out.push(violation(rule, &node.pointer, format!("\"{keyword}\" is not accepted")));
            }
        }
    }
    out
}

/// Property keys a client refuses (A3, the Gemini key rule).
fn property_keys(rule: &'static str, schema: &Value, ok: fn(&str) -> bool) -> Vec<Violation> {
    let mut out = Vec::new();
    for node in nodes(schema) {
        for name in property_names(node.value) {
            if !ok(name) {
                out.push(violation(
                    rule,
                    &node.pointer,
                    format!("the property key {name:?} is refused"),
                ));
            }
        }
    }
    out
}

/// The MCP spec profile: root object, property values objects, required
/// names among the properties, refs resolve, no `$schema` (M1-M4).
#[must_use]
pub fn mcp(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("M1", schema);
    for node in nodes(schema) {
        if let Some(Value::Object(props)) = node.value.get("properties") {
            for (name, value) in props {
                if !value.is_object() {
                    out.push(violation(
                        "M3",
                        &node.pointer,
                        format!("property {name:?} is not a schema object"),
                    ));
                }
            }
        }
    }
    out.extend(required_subset("M-REQUIRED", schema));
    out.extend(refs_resolve("M-REF", schema));
    if schema.get("$schema").is_some() {
        out.push(violation("M-SCHEMA", "", "the mcp profile writes no $schema"));
    }
    out
}

/// `^[a-zA-Z0-9_.-]{1,64}$`.
fn anthropic_key(name: &str) -> bool {
    (1..=64).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// Anthropic Messages (A1-A5).
#[must_use]
pub fn anthropic(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("A1", schema);
    for keyword in ["oneOf", "anyOf", "allOf"] {
        if schema.get(keyword).is_some() {
            out.push(violation(
                "A2",
                "",
                format!("a root \"{keyword}\" is refused, even beside type \"object\""),
            ));
        }
    }
    out.extend(property_keys("A3", schema, anthropic_key));
    out.extend(refs_resolve("A4", schema));
    out
}

/// Claude's strict tool use (CLIENTS.md 2.4, "Strict tool use"; the
/// grammar's limits as LangSchema's Anthropic converter and the SDKs'
/// `transform-json-schema` state them): the Messages rules, and
/// AS1 every object closed; AS2 no numeric, length or size bound, no
/// `minItems` above 1; AS3 formats only from the list; AS4 a pattern
/// without backreferences, lookaround or word boundaries; AS5 no
/// recursion; AS6 at most 24 optional parameters and 16 with a union or
/// type list.
#[must_use]
pub fn anthropic_strict(schema: &Value) -> Vec<Violation> {
    const FORMATS: &[&str] = &[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "uri",
        "ipv4",
        "ipv6",
        "uuid",
    ];
    let mut out = anthropic(schema);
    let (mut optional, mut unions) = (0, 0);
    for node in nodes(schema) {
        let value = node.value;
        if (is_type(value, "object") || value.contains_key("properties"))
            && value.get("additionalProperties") != Some(&Value::Bool(false))
        {
            out.push(violation(
                "AS1",
                &node.pointer,
                "an object without additionalProperties: false",
            ));
        }
        for key in [
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minLength",
            "maxLength",
            "maxItems",
            "uniqueItems",
            "minProperties",
            "maxProperties",
        ] {
            if value.contains_key(key) {
                out.push(violation("AS2", &node.pointer, format!("\"{key}\"")));
            }
        }
        if value.get("minItems").and_then(Value::as_u64).is_some_and(|n| n > 1) {
            out.push(violation("AS2", &node.pointer, "minItems above 1"));
        }
        if let Some(format) = value.get("format") {
            if !format.as_str().is_some_and(|f| FORMATS.contains(&f)) {
                out.push(violation("AS3", &node.pointer, format!("format {format}")));
            }
        }
        if let Some(pattern) = value.get("pattern").and_then(Value::as_str) {
            let refused = ["(?=", "(?!", "(?<=", "(?<!", "\\b", "\\B", "\\k<"]
                .iter()
                .any(|bad| pattern.contains(bad))
                || (1..=9).any(|d| pattern.contains(&format!("\\{d}")));
            if refused {
                out.push(violation("AS4", &node.pointer, format!("pattern {pattern}")));
            }
        }
        if let Some(Value::Object(props)) = value.get("properties") {
            let required = required_names(value);
            optional += props.keys().filter(|k| !required.contains(&k.as_str())).count();
        }
        if value.contains_key("anyOf") || matches!(value.get("type"), Some(Value::Array(_))) {
            unions += 1;
        }
    }
    if schema
        .get("$defs")
        .and_then(Value::as_object)
        .is_some_and(|d| !d.is_empty())
    {
        out.push(violation("AS5", "/$defs", "definitions, which only recursion keeps"));
    }
    if optional > 24 || unions > 16 {
        out.push(violation(
            "AS6",
            "",
            format!("{optional} optional, {unions} with a union"),
        ));
    }
    out
}

/// Claude Code: Anthropic's rules, and what it drops itself (CC1-CC3).
#[must_use]
pub fn claude_code(schema: &Value) -> Vec<Violation> {
    let mut out = anthropic(schema);
    for keyword in ["if", "then", "else"] {
        if schema.get(keyword).is_some() {
            out.push(violation("CC1", "", format!("a root \"{keyword}\" drops the tool")));
        }
    }
    out.extend(keywords_anywhere("CC2", schema, &["$ref", "$defs", "definitions"]));
    for node in nodes(schema) {
        if node.value.get("additionalProperties") == Some(&Value::Object(Map::new())) {
            out.push(violation("CC3", &node.pointer, "additionalProperties {} becomes false"));
        }
    }
    out
}

/// Cursor (CU1-CU3).
#[must_use]
pub fn cursor(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("M1", schema);
    out.extend(keywords_anywhere("CU1", schema, &["oneOf", "anyOf", "allOf"]));
    for node in nodes(schema) {
        if let Some(Value::Array(values)) = node.value.get("enum") {
            if !values.iter().all(Value::is_string) {
                out.push(violation("CU2", &node.pointer, "a non-string enum"));
            }
        }
        if matches!(node.value.get("items"), Some(Value::Array(_))) {
            out.push(violation("CU2", &node.pointer, "tuple (array-form) items"));
        }
        if let Some(Value::Array(types)) = node.value.get("type") {
            if types.iter().any(|t| t.as_str() == Some("null")) {
                out.push(violation("CU3", &node.pointer, "a type array with null"));
            }
        }
    }
    out
}

/// VS Code with Copilot (V5-V7).
#[must_use]
pub fn vscode(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("V4", schema);
    out.extend(arrays_have_items("V5", schema));
    for keyword in ["oneOf", "anyOf", "allOf", "not", "if", "then", "else"] {
        if schema.get(keyword).is_some() {
            out.push(violation("V6", "", format!("a root \"{keyword}\" is deleted")));
        }
    }
    out.extend(required_subset("V7", schema));
    out
}

/// OpenAI without strict (ON1-ON2).
#[must_use]
pub fn openai(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("O1", schema);
    out.extend(arrays_have_items("ON2", schema));
    out
}

/// OpenAI with `strict: true` (O1-O7).
#[must_use]
pub fn openai_strict(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("O1", schema);
    if schema.get("anyOf").is_some() {
        out.push(violation("O1", "", "a root anyOf"));
    }
    if matches!(schema.get("type"), Some(Value::Array(_))) {
        out.push(violation("O1", "", "a nullable root"));
    }
    for node in nodes(schema) {
        if is_type(node.value, "object") || node.value.contains_key("properties") {
            if node.value.get("additionalProperties") != Some(&Value::Bool(false)) {
                out.push(violation(
                    "O2",
                    &node.pointer,
                    "an object without additionalProperties: false",
                ));
            }
            let required = required_names(node.value);
            for name in property_names(node.value) {
                if !required.contains(&name) {
                    out.push(violation("O3", &node.pointer, format!("\"{name}\" is not required")));
                }
            }
        }
        if node.depth > 10 {
            out.push(violation("O7", &node.pointer, "nested deeper than 10 levels"));
        }
        // O9: `In context=(...), schema must have a 'type' key` (odoo-llm#212).
        if !["type", "anyOf", "$ref"]
            .iter()
            .any(|key| node.value.contains_key(*key))
        {
            out.push(violation("O9", &node.pointer, "a schema without a type"));
        }
    }
    out.extend(keywords_anywhere(
        "O4",
        schema,
        &[
            "oneOf",
            "allOf",
            "not",
            "if",
            "then",
            "else",
            "dependentRequired",
            "dependentSchemas",
        ],
    ));
    out.extend(keywords_anywhere(
        "O6",
        schema,
        &[
            "uniqueItems",
            "patternProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "prefixItems",
            "additionalItems",
            "contains",
            "$dynamicRef",
            "unevaluatedProperties",
            "unevaluatedItems",
            "contentEncoding",
            "contentMediaType",
        ],
    ));
    for node in nodes(schema) {
        if matches!(node.value.get("items"), Some(Value::Array(_))) {
            out.push(violation("O6", &node.pointer, "tuple items"));
        }
    }
    let enum_values: usize = nodes(schema)
        .iter()
        .filter_map(|n| n.value.get("enum").and_then(Value::as_array).map(Vec::len))
        .sum();
    if enum_values > 1000 {
        out.push(violation("O7", "", format!("{enum_values} enum values (at most 1000)")));
    }
    out.extend(arrays_have_items("ON2", schema));
    out
}

/// The fields of Gemini's OpenAPI `Schema` (G1).
const GEMINI_FIELDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
];

/// `[A-Za-z_][A-Za-z0-9_]{0,63}`.
fn gemini_key(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().count() <= 64
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Gemini `FunctionDeclaration.parameters` (G1-G8).
#[must_use]
pub fn gemini(schema: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    for node in nodes(schema) {
        for key in node.value.keys() {
            if !GEMINI_FIELDS.contains(&key.as_str()) {
                out.push(violation(
                    "G1",
                    &node.pointer,
                    format!("Unknown name \"{key}\": Cannot find field"),
                ));
            }
        }
        if let Some(ty) = node.value.get("type") {
            if !ty.is_string() {
                out.push(violation("G2", &node.pointer, "type must be one value"));
            }
        }
        if node.value.contains_key("anyOf") && node.value.len() > 1 {
            out.push(violation("G4", &node.pointer, "anyOf must be the only field"));
        }
        if let Some(Value::Array(values)) = node.value.get("enum") {
            if !values.iter().all(Value::is_string) {
                out.push(violation("G5", &node.pointer, "enum values must be strings"));
            }
            let string_typed = node
                .value
                .get("type")
                .and_then(Value::as_str)
                .is_none_or(|t| t.eq_ignore_ascii_case("string"));
            if !string_typed && node.value.get("format").and_then(Value::as_str) != Some("enum") {
                out.push(violation(
                    "G5",
                    &node.pointer,
                    "a non-string enum needs format \"enum\"",
                ));
            }
        }
        if let Some(format) = node.value.get("format").and_then(Value::as_str) {
            if node
                .value
                .get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| t.eq_ignore_ascii_case("string"))
                && !matches!(format, "enum" | "date-time")
            {
                out.push(violation(
                    "G6",
                    &node.pointer,
                    format!("format \"{format}\" on a string"),
                ));
            }
        }
    }
    out.extend(arrays_have_items("G7", schema));
    out.extend(required_subset("G7", schema));
    out.extend(property_keys("G-KEY", schema, gemini_key));
    out
}

/// Gemini `parametersJsonSchema` (GJ1-GJ2).
#[must_use]
pub fn gemini_json(schema: &Value) -> Vec<Violation> {
    let mut out = root_object("GJ1", schema);
    for node in nodes(schema) {
        if node.value.contains_key("$ref") && node.value.keys().any(|k| !k.starts_with('$')) {
            out.push(violation("GJ2", &node.pointer, "a $ref with sibling keywords"));
        }
    }
    out.extend(refs_resolve("GJ2", schema));
    out
}

/// Safe in every client above except Gemini's `parameters`.
#[must_use]
pub fn portable(schema: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    for check in [mcp, openai, anthropic, claude_code, vscode, cursor, gemini_json] {
        for found in check(schema) {
            if !out.contains(&found) {
                out.push(found);
            }
        }
    }
    out
}
