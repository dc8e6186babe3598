//! Object and array structure: properties, required, additional and
//! pattern properties, tuple positions and items.

use crate::json::{Json, Map};

use crate::sets::NameSet;

use super::super::pointer::At;
use super::super::shape::{ArrayShape, Kind, ObjectShape, Prop, PropIndex, Shape};
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
        let properties = match slots.properties {
            None => None,
            Some(Json::Object(properties)) => Some(properties),
            Some(_) => {
                return Err(Error::at_pointer(
                    Code::InvalidSchema,
                    pointer,
                    "properties must be an object",
                ))
            }
        };
        let names = Names::new(properties.map_or(&[][..], Map::as_slice), &required);
        let mut props = Vec::with_capacity(properties.map_or(0, Map::len));
        if let Some(properties) = properties {
            let under = pointer.key("properties");
            for (key, sub) in properties {
                let shape = self.read(sub, &under.key(key), level + 1, inner)?;
                props.push(Prop {
                    required: names.required(key),
                    key: key.to_string(),
                    shape,
                });
            }
        }
        let required_extra = required
            .iter()
            .filter(|r| !names.is_property(r))
            .map(|r| (*r).to_owned())
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
            index: PropIndex::default(),
        })
    }

    #[inline(never)] // out of `read_one_type`: V8 compiles a whole function on its first call, and many schemas have no array
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

/// Which names an object requires and which it has as properties. Small
/// objects are scanned; past [`SCAN_PAIRS`] comparisons, sets: an object of
/// many keys, all required, must not cost keys x required comparisons.
/// SipHash, since the keys are the schema's, which a proxy may take from a
/// server it does not trust.
enum Names<'n> {
    Scan {
        properties: &'n [(std::borrow::Cow<'n, str>, Json<'n>)],
        required: &'n [&'n str],
    },
    Sets {
        properties: NameSet<&'n str>,
        required: NameSet<&'n str>,
    },
}

/// Comparisons up to which scanning two lists beats building two sets.
const SCAN_PAIRS: usize = 256;

impl<'n> Names<'n> {
    fn new(properties: &'n [(std::borrow::Cow<'n, str>, Json<'n>)], required: &'n [&'n str]) -> Names<'n> {
        if properties.len().saturating_mul(required.len()) <= SCAN_PAIRS {
            Names::Scan { properties, required }
        } else {
            Names::Sets {
                properties: properties.iter().map(|(k, _)| k.as_ref()).collect(),
                required: required.iter().copied().collect(),
            }
        }
    }

    fn required(&self, key: &str) -> bool {
        match self {
            Names::Scan { required, .. } => required.contains(&key),
            Names::Sets { required, .. } => required.contains(key),
        }
    }

    fn is_property(&self, name: &str) -> bool {
        match self {
            Names::Scan { properties, .. } => properties.iter().any(|(k, _)| k == name),
            Names::Sets { properties, .. } => properties.contains(name),
        }
    }
}
