//! Schema-valued keywords toolshape does not model (`not`, `if`/`then`/
//! `else`, `contains`, `dependentSchemas`, ...): read as subschemas all the
//! same, so a `$ref` inside one is resolved like any other and never left
//! dangling once `$defs` are inlined. They are emitted as read; nothing
//! downstream interprets them (the server's validator does).

use crate::json::{Json, Map};

use super::super::pointer::At;
use super::super::shape::{Applicator, Kind};
use super::slots::{role, Role};
use super::Reader;
use crate::error::{Code, Error, Result};

impl<'a> Reader<'a> {
    #[inline(never)] // out of `read_kind`: few nodes have applicators, and V8 compiles a whole function on its first call
    pub(super) fn read_applicators(
        &mut self,
        map: &'a Map<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Vec<(String, Applicator)>> {
        let mut out = Vec::new();
        for (key, value) in map {
            let role = role(key);
            if role == Role::One {
                let shape = self.read(value, &pointer.key(key), level + 1, structural)?;
                // `not: {}` is the kind Never, read with the node's kind.
                if !(key == "not" && shape.kind == Kind::Any && shape.is_bare()) {
                    out.push((key.to_string(), Applicator::One(Box::new(shape))));
                }
            } else if role == Role::Map {
                self.read_map(key, value, pointer, level, structural, &mut out)?;
            }
        }
        Ok(out)
    }

    /// `dependentSchemas`, and draft-7 `dependencies`, whose values are
    /// schemas or (2020-12's `dependentRequired`) lists of names.
    fn read_map(
        &mut self,
        key: &str,
        value: &'a Json<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
        out: &mut Vec<(String, Applicator)>,
    ) -> Result<()> {
        let Json::Object(entries) = value else {
            return Err(Error::at_pointer(
                Code::InvalidSchema,
                pointer,
                format!("{key} must be an object"),
            ));
        };
        let mut schemas = Vec::new();
        let mut required = serde_json::Map::new();
        let under = pointer.key(key);
        for (name, entry) in entries {
            if let (Json::Array(_), "dependencies") = (entry, key) {
                required.insert(name.to_string(), entry.to_value());
                continue;
            }
            schemas.push((
                name.to_string(),
                self.read(entry, &under.key(name), level + 1, structural)?,
            ));
        }
        if !schemas.is_empty() {
            out.push(("dependentSchemas".to_owned(), Applicator::Map(schemas)));
        }
        if !required.is_empty() {
            out.push(("dependentRequired".to_owned(), Applicator::Names(required)));
        }
        Ok(())
    }
}
