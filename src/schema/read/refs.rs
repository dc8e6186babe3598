//! `$ref`s as the reader follows them: each target read once into a
//! definition, cycles kept as references, siblings applied on top.

use super::keywords::{is_annotation, slot_name};
use super::slots::Slots;
use super::{Frame, Reader};
use crate::error::{Code, Error, Result};
use crate::json::{Json, Map};
use crate::schema::normalize::merge_all_of;
use crate::schema::pointer::{resolve_local_ref, At};
use crate::schema::shape::{Def, Kind, Shape};

impl<'a> Reader<'a> {
    /// A `$ref`, with any sibling keywords (2020-12 allows them) applied on top.
    #[inline(never)] // out of `read`: V8 compiles a whole function on its first call, and a first schema often has no `$ref`
    pub(super) fn read_ref_node(
        &mut self,
        map: &'a Map<'a>,
        slots: &Slots<'a>,
        reference: &'a Json<'a>,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        let Json::String(reference) = reference else {
            return Err(Error::at_pointer(Code::InvalidSchema, pointer, "$ref must be a string"));
        };
        let target = self.follow_ref(reference, pointer, level, structural)?;
        let has_structure = map
            .iter()
            .map(|(k, _)| k)
            .any(|k| !is_annotation(k) && k != "$ref" && k != "$defs" && k != "definitions");
        let mut shape = if has_structure {
            let own = self.read_kind(map, slots, pointer, level, structural)?;
            merge_all_of(vec![target, own])
        } else {
            target
        };
        self.read_annotations(slots, &mut shape, pointer)?;
        Ok(shape)
    }

    pub(super) fn follow_ref(
        &mut self,
        reference: &'a str,
        pointer: &At<'_>,
        level: usize,
        structural: usize,
    ) -> Result<Shape> {
        let (target_pointer, target) = resolve_local_ref(self.root, reference)
            .map_err(|why| Error::at_pointer(Code::DanglingRef, pointer, format!("$ref \"{reference}\" {why}")))?;
        if let Some(&index) = self.def_index.get(target_pointer.as_ref()) {
            if matches!(self.defs.get(index), Some(Some(_))) {
                return Ok(Shape::of(Kind::Ref(index)));
            }
        }
        if let Some(frame) = self.stack.iter().find(|f| f.pointer == target_pointer) {
            if frame.structural == structural {
                return Err(Error::at_pointer(
                    Code::RefCycle,
                    pointer,
                    format!("$ref \"{reference}\" refers back to itself without passing through an object or array"),
                ));
            }
            let index = self.def_slot(&target_pointer);
            return Ok(Shape::of(Kind::Ref(index)));
        }
        self.stack.push(Frame {
            pointer: target_pointer.clone(),
            structural,
        });
        let read = self.read(target, &At::written(&target_pointer), level + 1, structural);
        self.stack.pop();
        let shape = read?;
        match self.def_index.get(target_pointer.as_ref()) {
            Some(&index) => {
                if let Some(slot) = self.defs.get_mut(index) {
                    if slot.is_none() {
                        let name = slot_name(&target_pointer);
                        *slot = Some(Def { name, shape });
                    }
                }
                Ok(Shape::of(Kind::Ref(index)))
            }
            None => Ok(shape),
        }
    }

    pub(super) fn def_slot(&mut self, target_pointer: &str) -> usize {
        if let Some(&index) = self.def_index.get(target_pointer) {
            return index;
        }
        let index = self.defs.len();
        self.defs.push(None);
        self.def_index.insert(target_pointer.to_owned(), index);
        index
    }
}
