//! Object and array structure: properties, required, additional and
//! pattern properties, tuple positions and items.

use crate::schema::json::Json;

use std::collections::HashSet;

use super::super::pointer::At;
use super::super::shape::{ArrayShape, Kind, ObjectShape, Prop, Shape};
use super::keywords::read_required;
use super::slots::Slots;
use super::Reader;
use crate::error::{Code, Error, Result};

impl<'a> Reader<'a> {
    pub(super) fn read_object(
        &mut self,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<ObjectShape> {
        let inner = structural + 1;
        let required = read_required(slots.required, pointer)?;
        // Sets, not list scans: an object of many keys, all required, must
        // not cost keys x required comparisons. SipHash, since the keys are
        // the schema's, which a proxy may take from a server it does not trust.
        let required_set: HashSet<&str> = required.iter().map(String::as_str).collect();
        let mut props = Vec::new();
        if let Some(properties) = slots.properties {
            let Json::Object(properties) = properties else {
                return Err(Error::at_pointer(
                    Code::InvalidSchema,
                    pointer,
                    "properties must be an object",
                ));
            };
            let under = pointer.key("properties");
            for (key, sub) in properties {
                let shape = self.read(sub, &under.key(key), level + 1, inner)?;
                props.push(Prop {
                    required: required_set.contains(key.as_ref()),
                    key: key.to_string(),
                    shape,
                });
            }
        }
        let keys: HashSet<&str> = props.iter().map(|p| p.key.as_str()).collect();
        let required_extra = required
            .iter()
            .filter(|r| !keys.contains(r.as_str()))
            .cloned()
            .collect();
        // `{}` and `true` are kept (as `{}`), not read as absent: they say
        // the object is open on purpose (Zod's `looseObject`), which a
        // profile that closes objects must report, and Claude Code needs
        // written explicitly.
        let additional = match slots.additional_properties {
            Some(Json::Bool(true)) => Some(Shape::of(Kind::Any)),
            Some(Json::Object(open)) if open.is_empty() => Some(Shape::of(Kind::Any)),
            other => self.read_optional(other, pointer, "additionalProperties", level, inner)?,
        };
        let property_names = self.read_optional(slots.property_names, pointer, "propertyNames", level, inner)?;
        let mut pattern_props = Vec::new();
        if let Some(Json::Object(patterns)) = slots.pattern_properties {
            let under = pointer.key("patternProperties");
            for (pattern, sub) in patterns {
                pattern_props.push((
                    pattern.to_string(),
                    self.read(sub, &under.key(pattern), level + 1, inner)?,
                ));
            }
        }
        Ok(ObjectShape {
            props,
            additional,
            property_names,
            pattern_props,
            required_extra,
        })
    }

    pub(super) fn read_array(
        &mut self,
        slots: &Slots<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<ArrayShape> {
        let inner = structural + 1;
        let mut prefix = Vec::new();
        if let Some(list) = slots.prefix_items {
            prefix = self.read_list(list, &pointer.key("prefixItems"), level, inner)?;
        }
        let items = match slots.items {
            Some(list @ Json::Array(_)) => {
                // draft-7 tuple form: `items` lists positions, `additionalItems` the rest.
                prefix = self.read_list(list, &pointer.key("items"), level, inner)?;
                self.read_optional(slots.additional_items, pointer, "additionalItems", level, inner)?
            }
            other => self.read_optional(other, pointer, "items", level, inner)?,
        };
        Ok(ArrayShape { prefix, items })
    }

    /// A schema-valued keyword; `true` and absence both mean "anything".
    pub(super) fn read_optional(
        &mut self,
        value: Option<&'a Json<'a>>,
        pointer: &At<'_>,
        key: &str,
        level: usize,
        structural: usize,
    ) -> Result<Option<Shape>> {
        match value {
            None | Some(Json::Bool(true)) => Ok(None),
            Some(sub) => {
                let shape = self.read(sub, &pointer.key(key), level + 1, structural)?;
                Ok(if shape.kind == Kind::Any && shape.is_bare() {
                    None
                } else {
                    Some(shape)
                })
            }
        }
    }
}
