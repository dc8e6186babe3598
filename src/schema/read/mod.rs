//! JSON Schema (any target Zod 4 emits: draft-2020-12, draft-7, OpenAPI 3.0,
//! or hand-written) to a [`Schema`] of [`Shape`]s.
//!
//! `$ref`s to finite definitions are inlined; a `$ref` reached again while it
//! is being read is recursive and becomes a [`Kind::Ref`] to a kept
//! definition, provided an object or array lies on the cycle (otherwise the
//! cycle describes no value and is refused). Size and depth are bounded so a
//! hostile schema gives an error, never a hang or an exhausted stack.

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::Value;

use crate::json::{to_map, Json, Map};

mod applicators;
mod keywords;
mod refs;
mod slots;
mod structure;

use slots::{role, Role, Slots};

use super::normalize::{fold_union, meet, merge_all_of};
use super::pointer::At;
use super::shape::{Def, Keywords, Kind, Schema, Shape, Union};
use super::zod_patterns::has_zod_pattern;
use crate::error::{Code, Error, Result};
use crate::limits::{MAX_DEPTH, MAX_SCHEMA_WEIGHT};
use keywords::{drop_safe_integer_bounds, enum_shape, normalize_exclusive_bounds, read_types, unique_names, weight};

/// Reads a root schema value.
pub fn read_schema(root: &Value) -> Result<Schema> {
    read_json(&Json::borrow(root))
}

/// Reads a root schema as parsed from text (see [`Json`]).
pub fn read_json(root: &Json<'_>) -> Result<Schema> {
    let mut reader = Reader {
        root,
        stack: Vec::new(),
        defs: Vec::new(),
        def_index: HashMap::new(),
        weight: 0,
        zod_patterns: false,
    };
    let shape = reader.read(root, &At::written(""), 0, 0)?;
    let mut defs = reader
        .defs
        .into_iter()
        .map(|def| def.ok_or_else(|| Error::new(Code::RefCycle, "a recursive definition was never completed")))
        .collect::<Result<Vec<Def>>>()?;
    unique_names(&mut defs);
    Ok(Schema {
        root: shape,
        defs: defs.into(),
        zod_patterns: reader.zod_patterns,
    })
}

/// A `$ref` being read, for cycle detection.
struct Frame<'r> {
    /// Borrowed from the `$ref` text unless it was percent-decoded.
    pointer: Cow<'r, str>,
    /// Object/array levels entered when this reference was followed.
    structural: usize,
}

struct Reader<'a> {
    root: &'a Json<'a>,
    stack: Vec<Frame<'a>>,
    /// Recursive definitions; `None` while still being read.
    defs: Vec<Option<Def>>,
    def_index: HashMap<String, usize>,
    /// Work done so far, against [`MAX_SCHEMA_WEIGHT`].
    weight: usize,
    /// A node kept a format with Zod's own pattern beside it.
    zod_patterns: bool,
}

impl<'a> Reader<'a> {
    /// `level` counts every subschema step, `structural` only the steps into
    /// object properties and array items.
    fn read(&mut self, node: &'a Json<'a>, pointer: &At<'_>, level: usize, structural: usize) -> Result<Shape> {
        if level > MAX_DEPTH {
            return Err(too_deep(pointer));
        }
        self.charge(1, pointer)?;
        match node {
            Json::Bool(true) => Ok(Shape::of(Kind::Any)),
            Json::Bool(false) => Ok(Shape::of(Kind::Never)),
            Json::Object(map) => self.read_object_node(map, pointer, level, structural),
            _ => Err(Error::at_pointer(
                Code::InvalidSchema,
                pointer,
                "a schema must be an object or a boolean",
            )),
        }
    }

    fn charge(&mut self, units: usize, pointer: &At<'_>) -> Result<()> {
        let before = self.weight;
        self.weight = self.weight.saturating_add(units);
        // A large schema grows memory while it is read: room is made in
        // large steps (see `headroom`), looked at every 4,096 units.
        if before >> 12 != self.weight >> 12 {
            crate::headroom::keep(0);
        }
        if self.weight > MAX_SCHEMA_WEIGHT {
            return Err(Error::at_pointer(
                Code::TooLarge,
                pointer,
                "schema expands beyond the size limit (too many nodes once $refs are inlined)",
            ));
        }
        Ok(())
    }

    fn read_object_node(
        &mut self,
        map: &'a Map<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        let slots = Slots::of(map);
        if let Some(reference) = slots.reference {
            return self.read_ref_node(map, &slots, reference, pointer, level, structural);
        }
        let mut shape = self.read_kind(map, &slots, pointer, level, structural)?;
        self.read_annotations(&slots, &mut shape, pointer)?;
        Ok(shape)
    }

    fn read_kind(
        &mut self,
        map: &'a Map<'a>,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        // Most nodes say one thing (a type) and keep no keywords: the rest
        // is in functions of its own, compiled by V8 only when first called.
        let typed = self.read_typed(slots, pointer, level, structural)?;
        let mut shape =
            if slots.any_of.is_none() && slots.one_of.is_none() && slots.all_of.is_none() && slots.not.is_none() {
                typed.unwrap_or_else(|| Shape::of(Kind::Any))
            } else {
                self.read_combined(typed, slots, pointer, level, structural)?
            };
        if slots.nullable == Some(&Json::Bool(true)) {
            shape.nullable = true;
        }
        if slots.kept {
            self.keep_keywords(&mut shape, map, pointer)?;
        }
        if slots.applicators {
            let applicators = self.read_applicators(map, pointer, level, structural)?;
            shape.applicators.extend(applicators);
        }
        Ok(shape)
    }

    /// A node's type together with its `anyOf`, `oneOf`, `allOf` and `not`.
    #[inline(never)] // out of `read_kind`: see there
    fn read_combined(
        &mut self,
        typed: Option<Shape>,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        let mut parts: Vec<Shape> = Vec::new();
        for (key, list, exclusive) in [("anyOf", slots.any_of, false), ("oneOf", slots.one_of, true)] {
            if let Some(list) = list {
                let branches = self.read_list(list, &pointer.key(key), level, structural)?;
                parts.push(fold_union(branches, exclusive));
            }
        }
        if let Some(list) = slots.all_of {
            let members = self.read_list(list, &pointer.key("allOf"), level, structural)?;
            parts.push(merge_all_of(members));
        }
        // `not: {}` and `not: true` accept nothing.
        if matches!(slots.not, Some(Json::Bool(true))) || matches!(slots.not, Some(Json::Object(not)) if not.is_empty())
        {
            parts.push(Shape::of(Kind::Never));
        }
        Ok(match (typed, parts.len()) {
            (None, 0) => Shape::of(Kind::Any),
            (Some(typed), 0) => typed,
            (None, 1) => parts.pop().unwrap_or_else(|| Shape::of(Kind::Any)),
            (typed, _) => merge_all_of(typed.into_iter().chain(parts).collect()),
        })
    }

    /// The kept keywords of a node (bounds, formats, ...) added to its shape.
    #[inline(never)] // out of `read_kind`: most nodes keep none
    fn keep_keywords(&mut self, shape: &mut Shape, map: &Map<'_>, pointer: &At<'_>) -> Result<()> {
        let mut keywords = self.keywords(map, pointer)?;
        if shape.kind == Kind::Integer {
            drop_safe_integer_bounds(&mut keywords);
        }
        self.zod_patterns = self.zod_patterns || has_zod_pattern(&keywords);
        if shape.keywords.is_empty() {
            shape.keywords = keywords;
        } else {
            // The shape already holds what its `allOf` members or `$ref`
            // target ask; the node's own keywords are asked as well.
            for (key, value) in keywords.iter() {
                meet(&mut shape.keywords, key, value);
            }
        }
        Ok(())
    }

    fn read_list(
        &mut self,
        list: &'a Json<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Vec<Shape>> {
        let Json::Array(items) = list else {
            return Err(Error::at_pointer(
                Code::InvalidSchema,
                pointer,
                "expected an array of schemas",
            ));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| self.read(item, &pointer.index(i), level + 1, structural))
            .collect()
    }

    /// The part of a node said by `type`, `enum`/`const`, or implied by
    /// `properties`/`items`; `None` when the node says nothing of its type.
    fn read_typed(
        &mut self,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Option<Shape>> {
        if let Some(constant) = slots.constant {
            return Ok(Some(enum_shape(vec![constant.to_value()])));
        }
        if let Some(values) = slots.values {
            let Json::Array(values) = values else {
                return Err(Error::at_pointer(Code::InvalidSchema, pointer, "enum must be an array"));
            };
            self.charge(values.len(), pointer)?;
            return Ok(Some(enum_shape(values.iter().map(Json::to_value).collect())));
        }
        // One type named as a string, as nearly every node says it: no list.
        if let Some(Json::String(one)) = slots.types {
            return match one.as_ref() {
                "null" => Ok(Some(Shape::of(Kind::Null))),
                name => self.read_one_type(name, slots, pointer, level, structural).map(Some),
            };
        }
        self.read_type_list(slots, pointer, level, structural)
    }

    /// `read_typed` for a node whose `type` is a list, or absent and implied
    /// by `properties`/`items`. Its own function: V8 compiles a whole
    /// function on its first call, and most nodes name one type.
    #[inline(never)]
    fn read_type_list(
        &mut self,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Option<Shape>> {
        let types = read_types(slots.types, pointer)?;
        let implied = slots.implied_type();
        let types = match (types, implied) {
            (Some(types), _) => types,
            (None, Some(implied)) => vec![implied],
            (None, None) => return Ok(None),
        };
        let mut nullable = false;
        let mut branches = Vec::new();
        for name in types {
            match name {
                "null" => nullable = true,
                _ => branches.push(self.read_one_type(name, slots, pointer, level, structural)?),
            }
        }
        let mut shape = match branches.len() {
            0 => Shape::of(Kind::Null),
            1 => branches.pop().unwrap_or_else(|| Shape::of(Kind::Null)),
            _ => Shape::of(Kind::Union(Union {
                branches,
                exclusive: false,
            })),
        };
        if nullable && shape.kind != Kind::Null {
            shape.nullable = true;
        }
        Ok(Some(shape))
    }

    fn read_one_type(
        &mut self,
        name: &str,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        let kind = match name {
            "boolean" => Kind::Boolean,
            "number" => Kind::Number,
            "integer" => Kind::Integer,
            "string" => Kind::String,
            "object" => Kind::Object(Box::new(self.read_object(slots, pointer, level, structural)?)),
            "array" => Kind::Array(Box::new(self.read_array(slots, pointer, level, structural)?)),
            other => {
                return Err(Error::at_pointer(
                    Code::InvalidSchema,
                    pointer,
                    format!("unknown type \"{other}\""),
                ))
            }
        };
        Ok(Shape::of(kind))
    }

    fn read_annotations(&mut self, slots: &Slots<'_>, shape: &mut Shape, pointer: &At<'_>) -> Result<()> {
        if let Some(description) = slots.description {
            let Json::String(text) = description else {
                return Err(Error::at_pointer(
                    Code::InvalidSchema,
                    pointer,
                    "description must be a string",
                ));
            };
            self.charge(text.len() / 64, pointer)?;
            shape.description = Some(text.to_string());
        }
        if let Some(Json::String(title)) = slots.title {
            shape.title = Some(Box::new(title.to_string()));
        }
        if let Some(default) = slots.default {
            self.charge(weight(default), pointer)?;
            shape.default = Some(Box::new(default.to_value()));
        }
        match slots.cli {
            None => {}
            Some(Json::Object(cli)) => shape.cli = Some(Box::new(to_map(cli))),
            Some(_) => {
                return Err(Error::at_pointer(
                    Code::InvalidSchema,
                    pointer,
                    "the cli meta key must be an object",
                ));
            }
        }
        if slots.nullable == Some(&Json::Bool(true)) {
            shape.nullable = true;
        }
        Ok(())
    }

    #[inline(never)] // out of `read_kind`: most nodes keep no keywords, and V8 compiles a whole function on its first call
    fn keywords(&mut self, map: &Map<'_>, pointer: &At<'_>) -> Result<Keywords> {
        let mut out = Keywords::default();
        for (key, value) in map {
            if role(key) != Role::Kept {
                continue;
            }
            self.charge(weight(value), pointer)?;
            let mut value = value.to_value();
            if key == "discriminator" {
                drop_mapping(&mut value);
            }
            out.push(key.to_string(), value);
        }
        normalize_exclusive_bounds(&mut out);
        Ok(out)
    }
}

/// OpenAPI's `discriminator` (pydantic writes one for every discriminated
/// union) keeps its `propertyName` and loses its `mapping`: the mapping
/// names branches by `$ref` (`#/$defs/Cat`), and the refs it names are
/// inlined or renamed in what is written, so it would point at nothing.
/// Each branch still says its own value of the property.
#[cold]
#[inline(never)]
fn drop_mapping(discriminator: &mut Value) {
    if let Value::Object(members) = discriminator {
        members.shift_remove("mapping");
    }
}

/// The error for a schema nested past [`MAX_DEPTH`]; kept out of `read`,
/// which every node passes through, so its formatting is compiled only when
/// it is needed.
#[cold]
#[inline(never)]
fn too_deep(pointer: &At<'_>) -> Error {
    Error::at_pointer(
        Code::TooDeep,
        pointer,
        format!("schema nests deeper than {MAX_DEPTH} levels"),
    )
}
