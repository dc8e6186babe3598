//! Shape to JSON Schema 2020-12: complete `properties`/`required` at every
//! depth, finite `$ref`s already inlined, recursive definitions under `$defs`.

use serde_json::{Map, Value};

use crate::schema::{Applicator, ArrayShape, Kind, ObjectShape, Schema, Shape};

/// Emits the root shape, with the `$defs` its recursive references need.
#[must_use]
pub fn emit_root(schema: &Schema) -> Value {
    document(emit(&schema.root), schema)
}

/// Makes an emitted root a whole document: the `$defs` its recursive
/// references need, and every `$ref` written by [`emit`] pointing at them by
/// name. Whatever builds a root from emitted parts must end here, or its
/// references would dangle.
#[must_use]
pub fn document(mut root: Value, schema: &Schema) -> Value {
    if !schema.defs.is_empty() {
        let defs: Map<String, Value> = schema
            .defs
            .iter()
            .map(|def| (def.name.clone(), emit(&def.shape)))
            .collect();
        if let Value::Object(map) = &mut root {
            map.insert("$defs".to_owned(), Value::Object(defs));
        }
    }
    rewrite_refs(&mut root, schema);
    root
}

/// Emits one shape. `Kind::Ref` is written with its index and rewritten to
/// the definition's name by [`rewrite_refs`], so this stays schema-free.
#[must_use]
pub fn emit(shape: &Shape) -> Value {
    let mut out = Map::new();
    if let Some(title) = &shape.title {
        out.insert("title".to_owned(), Value::String(title.clone()));
    }
    if let Some(description) = &shape.description {
        out.insert("description".to_owned(), Value::String(description.clone()));
    }
    emit_kind(shape, &mut out);
    for (key, value) in &shape.keywords {
        out.entry(key.clone()).or_insert_with(|| value.clone());
    }
    for (key, applicator) in &shape.applicators {
        out.entry(key.clone()).or_insert_with(|| emit_applicator(applicator));
    }
    if let Some(default) = &shape.default {
        out.insert("default".to_owned(), Value::clone(default));
    }
    Value::Object(out)
}

fn emit_kind(shape: &Shape, out: &mut Map<String, Value>) {
    let nullable = shape.nullable;
    match &shape.kind {
        Kind::Any => {}
        Kind::Never => {
            out.insert("not".to_owned(), Value::Object(Map::new()));
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
            let mut branches: Vec<Value> = union.branches.iter().map(emit).collect();
            if nullable {
                branches.push(null_type());
            }
            let key = if union.exclusive { "oneOf" } else { "anyOf" };
            out.insert(key.to_owned(), Value::Array(branches));
        }
        Kind::AllOf(members) => {
            let all = Value::Array(members.iter().map(emit).collect());
            if nullable {
                let mut all_of = Map::with_capacity(1);
                all_of.insert("allOf".to_owned(), all);
                out.insert(
                    "anyOf".to_owned(),
                    Value::Array(vec![Value::Object(all_of), null_type()]),
                );
            } else {
                out.insert("allOf".to_owned(), all);
            }
        }
        Kind::Ref(index) => {
            let reference = Value::String(format!("#/$defs/{REF_MARK}{index}"));
            if nullable {
                let mut map = Map::with_capacity(1);
                map.insert("$ref".to_owned(), reference);
                out.insert("anyOf".to_owned(), Value::Array(vec![Value::Object(map), null_type()]));
            } else {
                out.insert("$ref".to_owned(), reference);
            }
        }
    }
}

/// `{ "type": "null" }`, built directly: `json!` would serialize each part.
fn null_type() -> Value {
    let mut map = Map::with_capacity(1);
    map.insert("type".to_owned(), Value::String("null".to_owned()));
    Value::Object(map)
}

fn emit_applicator(applicator: &Applicator) -> Value {
    match applicator {
        Applicator::One(shape) => emit(shape),
        Applicator::Map(entries) => Value::Object(entries.iter().map(|(k, s)| (k.clone(), emit(s))).collect()),
        Applicator::Names(names) => Value::Object(names.clone()),
    }
}

/// Placeholder prefix for a definition index, replaced by its name.
const REF_MARK: &str = "\u{0}toolshape-def-";

fn set_type(out: &mut Map<String, Value>, name: &str, nullable: bool) {
    let name = Value::String(name.to_owned());
    let value = if nullable {
        Value::Array(vec![name, Value::String("null".to_owned())])
    } else {
        name
    };
    out.insert("type".to_owned(), value);
}

fn emit_enum(values: &[Value], nullable: bool, out: &mut Map<String, Value>) {
    let kind = common_type(values);
    if let Some(kind) = kind {
        set_type(out, kind, nullable);
    }
    let mut all = values.to_vec();
    if nullable {
        all.push(Value::Null);
    }
    match all.as_slice() {
        [one] => {
            out.insert("const".to_owned(), one.clone());
        }
        _ => {
            out.insert("enum".to_owned(), Value::Array(all));
        }
    }
}

/// The one JSON type all enum values share, if they share one.
pub(super) fn common_type(values: &[Value]) -> Option<&'static str> {
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

fn emit_array(array: &ArrayShape, out: &mut Map<String, Value>) {
    if !array.prefix.is_empty() {
        out.insert(
            "prefixItems".to_owned(),
            Value::Array(array.prefix.iter().map(emit).collect()),
        );
    }
    if let Some(items) = &array.items {
        out.insert("items".to_owned(), emit_or_false(items));
    }
}

fn emit_object(object: &ObjectShape, out: &mut Map<String, Value>) {
    let mut properties: Map<String, Value> = object.props.iter().map(|p| (p.key.clone(), emit(&p.shape))).collect();
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
                .map_or_else(|| Value::Object(Map::new()), emit);
            properties.entry(name.clone()).or_insert(schema);
        }
    }
    out.insert("properties".to_owned(), Value::Object(properties));
    let required: Vec<Value> = object
        .props
        .iter()
        .filter(|p| p.must_supply())
        .map(|p| Value::String(p.key.clone()))
        .chain(object.required_extra.iter().cloned().map(Value::String))
        .collect();
    if !required.is_empty() {
        out.insert("required".to_owned(), Value::Array(required));
    }
    if !object.pattern_props.is_empty() {
        let patterns: Map<String, Value> = object.pattern_props.iter().map(|(k, s)| (k.clone(), emit(s))).collect();
        out.insert("patternProperties".to_owned(), Value::Object(patterns));
    }
    if let Some(names) = &object.property_names {
        out.insert("propertyNames".to_owned(), emit(names));
    }
    if let Some(additional) = &object.additional {
        out.insert("additionalProperties".to_owned(), emit_or_false(additional));
    }
}

/// `false` reads better than `{ "not": {} }` where a schema position is closed.
fn emit_or_false(shape: &Shape) -> Value {
    if shape.kind == Kind::Never && shape.is_bare() {
        Value::Bool(false)
    } else {
        emit(shape)
    }
}

/// Replaces definition indexes in `$ref`s by the definitions' names.
fn rewrite_refs(value: &mut Value, schema: &Schema) {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get_mut("$ref") {
                    if let Some(index) = reference.strip_prefix(&format!("#/$defs/{REF_MARK}")) {
                        let name = index
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| schema.defs.get(i))
                            .map_or_else(String::new, |d| {
                                crate::schema::escape_pointer_segment(&d.name).into_owned()
                            });
                        *reference = format!("#/$defs/{name}");
                    }
                }
                stack.extend(map.values_mut());
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}
