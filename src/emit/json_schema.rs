//! Shape to JSON Schema 2020-12: complete `properties`/`required` at every
//! depth, finite `$ref`s already inlined, recursive definitions under `$defs`.
//! The tree borrows every name and text from the shape (the profiles
//! rewrite it, then it is written out and dropped).

use std::borrow::Cow;

use serde_json::Value;

use crate::json::{Json, Map};
use crate::schema::{Applicator, ArrayShape, Kind, ObjectShape, Schema, Shape};

/// Emits the root shape, with the `$defs` its recursive references need.
#[must_use]
pub fn emit_root(schema: &Schema) -> Json<'_> {
    document(emit(&schema.root), schema)
}

/// Makes an emitted root a whole document: the `$defs` its recursive
/// references need, and every `$ref` written by [`emit`] pointing at them by
/// name. Whatever builds a root from emitted parts must end here, or its
/// references would dangle.
#[must_use]
pub fn document<'a>(mut root: Json<'a>, schema: &'a Schema) -> Json<'a> {
    // Without definitions there is no reference to rewrite (a shape's
    // references index its schema's definitions).
    if schema.defs.is_empty() {
        return root;
    }
    let defs: Map<'a> = schema
        .defs
        .iter()
        .map(|def| (def.name.as_str(), emit(&def.shape)))
        .collect();
    if let Json::Object(map) = &mut root {
        map.insert("$defs", Json::Object(defs));
    }
    rewrite_refs(&mut root, schema);
    root
}

/// Emits one shape. `Kind::Ref` is written with its index and rewritten to
/// the definition's name by `rewrite_refs`, so this stays schema-free.
#[must_use]
pub fn emit(shape: &Shape) -> Json<'_> {
    let mut out = Map::with_capacity(4);
    if let Some(title) = &shape.title {
        out.push("title", borrowed(title));
    }
    if let Some(description) = &shape.description {
        out.push("description", borrowed(description));
    }
    emit_kind(shape, &mut out);
    for (key, value) in &shape.keywords {
        out.insert_absent(key.as_str(), Json::borrow(value));
    }
    for (key, applicator) in &shape.applicators {
        if !out.contains_key(key) {
            out.push(key.as_str(), emit_applicator(applicator));
        }
    }
    if let Some(default) = &shape.default {
        out.insert("default", Json::borrow(default));
    }
    Json::Object(out)
}

fn borrowed(text: &str) -> Json<'_> {
    Json::String(Cow::Borrowed(text))
}

fn emit_kind<'a>(shape: &'a Shape, out: &mut Map<'a>) {
    let nullable = shape.nullable;
    match &shape.kind {
        Kind::Any => {}
        Kind::Never => {
            out.push("not", Json::Object(Map::new()));
        }
        Kind::Null => set_type(out, "null", false),
        Kind::Boolean => set_type(out, "boolean", nullable),
        Kind::Number => set_type(out, "number", nullable),
        Kind::Integer => set_type(out, "integer", nullable),
        Kind::String => set_type(out, "string", nullable),
        Kind::Enum(values) => emit_enum(values, nullable, out),
        Kind::Array(array) => {
            set_type(out, "array", nullable);
            emit_array(array, out);
        }
        Kind::Object(object) => {
            set_type(out, "object", nullable);
            emit_object(object, out);
        }
        Kind::Union(union) => {
            let mut branches: Vec<Json<'a>> = union.branches.iter().map(emit).collect();
            if nullable {
                branches.push(null_type());
            }
            let key = if union.exclusive { "oneOf" } else { "anyOf" };
            out.push(key, Json::Array(branches));
        }
        Kind::AllOf(members) => {
            let all = Json::Array(members.iter().map(emit).collect());
            if nullable {
                let mut all_of = Map::with_capacity(1);
                all_of.push("allOf", all);
                out.push("anyOf", Json::Array(vec![Json::Object(all_of), null_type()]));
            } else {
                out.push("allOf", all);
            }
        }
        Kind::Ref(index) => {
            let reference = Json::String(Cow::Owned(format!("#/$defs/{REF_MARK}{index}")));
            if nullable {
                let mut map = Map::with_capacity(1);
                map.push("$ref", reference);
                out.push("anyOf", Json::Array(vec![Json::Object(map), null_type()]));
            } else {
                out.push("$ref", reference);
            }
        }
    }
}

/// `{ "type": "null" }`.
fn null_type<'a>() -> Json<'a> {
    let mut map = Map::with_capacity(1);
    map.push("type", Json::text("null"));
    Json::Object(map)
}

fn emit_applicator(applicator: &Applicator) -> Json<'_> {
    match applicator {
        Applicator::One(shape) => emit(shape),
        Applicator::Map(entries) => Json::Object(entries.iter().map(|(k, s)| (k.as_str(), emit(s))).collect()),
        Applicator::Names(names) => Json::Object(names.iter().map(|(k, v)| (k.as_str(), Json::borrow(v))).collect()),
    }
}

/// Placeholder prefix for a definition index, replaced by its name.
const REF_MARK: &str = "\u{0}toolshape-def-";

fn set_type(out: &mut Map<'_>, name: &'static str, nullable: bool) {
    let name = Json::text(name);
    let value = if nullable {
        Json::Array(vec![name, Json::text("null")])
    } else {
        name
    };
    out.push("type", value);
}

fn emit_enum<'a>(values: &'a [Value], nullable: bool, out: &mut Map<'a>) {
    let kind = common_type(values);
    if let Some(kind) = kind {
        set_type(out, kind, nullable);
    }
    let mut all: Vec<Json<'a>> = values.iter().map(Json::borrow).collect();
    if nullable {
        all.push(Json::Null);
    }
    if all.len() == 1 {
        if let Some(one) = all.pop() {
            out.push("const", one);
        }
    } else {
        out.push("enum", Json::Array(all));
    }
}

/// The one JSON type all enum values share, if they share one.
#[must_use]
pub fn common_type(values: &[Value]) -> Option<&'static str> {
    let kind_of = |v: &Value| match v {
        Value::String(_) => Some("string"),
        Value::Bool(_) => Some("boolean"),
        Value::Number(n) if n.is_i64() || n.is_u64() => Some("integer"),
        Value::Number(_) => Some("number"),
        _ => None,
    };
    let first = kind_of(values.first()?)?;
    let mut kind = first;
    for value in values {
        match (kind, kind_of(value)?) {
            (a, b) if a == b => {}
            ("integer" | "number", "integer" | "number") => kind = "number",
            _ => return None,
        }
    }
    Some(kind)
}

fn emit_array<'a>(array: &'a ArrayShape, out: &mut Map<'a>) {
    if !array.prefix.is_empty() {
        out.push("prefixItems", Json::Array(array.prefix.iter().map(emit).collect()));
    }
    if let Some(items) = &array.items {
        out.push("items", emit_or_false(items));
    }
}

fn emit_object<'a>(object: &'a ObjectShape, out: &mut Map<'a>) {
    let mut properties: Map<'a> = object.props.iter().map(|p| (p.key.as_str(), emit(&p.shape))).collect();
    // A required key with no property (Zod's record with enum keys) gets
    // one: several clients refuse or drop a `required` name missing from
    // `properties`. Its schema is the one that validated it already, the
    // `additionalProperties` schema, so nothing accepted changes; with
    // `patternProperties` that could not be told without matching, so it
    // is left as it was.
    if object.pattern_props.is_empty() {
        for name in &object.required_extra {
            let schema = object
                .additional
                .as_ref()
                .map_or_else(|| Json::Object(Map::new()), |s| emit(s));
            properties.insert_absent(name.as_str(), schema);
        }
    }
    out.push("properties", Json::Object(properties));
    let required: Vec<Json<'a>> = object
        .props
        .iter()
        .filter(|p| p.must_supply())
        .map(|p| borrowed(&p.key))
        .chain(object.required_extra.iter().map(|name| borrowed(name)))
        .collect();
    if !required.is_empty() {
        out.push("required", Json::Array(required));
    }
    if !object.pattern_props.is_empty() {
        let patterns: Map<'a> = object
            .pattern_props
            .iter()
            .map(|(k, s)| (k.as_str(), emit(s)))
            .collect();
        out.push("patternProperties", Json::Object(patterns));
    }
    if let Some(names) = &object.property_names {
        out.push("propertyNames", emit(names));
    }
    if let Some(additional) = &object.additional {
        out.push("additionalProperties", emit_or_false(additional));
    }
}

/// `false` reads better than `{ "not": {} }` where a schema position is closed.
fn emit_or_false(shape: &Shape) -> Json<'_> {
    if shape.is_false() {
        Json::Bool(false)
    } else {
        emit(shape)
    }
}

/// Replaces definition indexes in `$ref`s by the definitions' names.
fn rewrite_refs<'a>(value: &mut Json<'a>, schema: &'a Schema) {
    let mark = format!("#/$defs/{REF_MARK}");
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Json::Object(map) => {
                if let Some(Json::String(reference)) = map.get_mut("$ref") {
                    if let Some(index) = reference.strip_prefix(&mark) {
                        let name = index
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| schema.defs.get(i))
                            .map_or_else(String::new, |d| {
                                crate::schema::escape_pointer_segment(&d.name).into_owned()
                            });
                        *reference = Cow::Owned(format!("#/$defs/{name}"));
                    }
                }
                stack.extend(map.values_mut());
            }
            Json::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}
