//! What each choice of a flag means, where its schema says it: a union of
//! literals that each carry a description
//! (`z.union([z.literal("low").describe("Cheap and slow"), ...])`, or a
//! `oneOf` of described `const`s, JSON Schema's way to document an enum's
//! values). Usage lists them under the flag, as clap's "Possible values"
//! does, and completion shows each beside its value in zsh and fish. A
//! plain `enum` has nowhere to say it, so it has none.
//!
//! Read from the schema when usage or completion asks, not kept in the
//! flag table: every parse reads that table, and neither of these is
//! on a parse's path.

use serde::Serialize;
use serde_json::Value;

use crate::schema::{Kind, Schema, Shape};

use super::scalar_union::typed_form;
use super::Flag;

/// The flag's described choices in the schema's order: each value as it is
/// typed (`low`, `5`) with its description. A list's items' choices, for a
/// list flag.
#[must_use]
pub fn choice_notes<'s>(schema: &'s Schema, flag: &'s Flag) -> Vec<(String, &'s str)> {
    described_choices(schema, &flag.shape)
        .into_iter()
        .map(|(value, description)| (typed_form(value), description))
        .collect()
}

/// A shape's described choices in the schema's order, each value with its
/// description; an array's items' choices, for an array.
#[must_use]
pub fn described_choices<'s>(schema: &'s Schema, shape: &'s Shape) -> Vec<(&'s Value, &'s str)> {
    let mut shape = schema.resolve(shape);
    if let Kind::Array(array) = &shape.kind {
        if let Some(items) = &array.items {
            shape = schema.resolve(items);
        }
    }
    let Kind::Union(union) = &shape.kind else {
        return Vec::new();
    };
    union
        .branches
        .iter()
        .filter_map(|branch| note(schema, branch))
        .collect()
}

/// One branch's value and description, if it is one described literal.
fn note<'s>(schema: &'s Schema, branch: &'s Shape) -> Option<(&'s Value, &'s str)> {
    let resolved = schema.resolve(branch);
    let Kind::Enum(values) = &resolved.kind else {
        return None;
    };
    let value = values.first().filter(|_| values.len() == 1)?;
    let scalar = value.is_string() || value.is_number() || value.is_boolean();
    let description = said(branch.description.as_ref()).or_else(|| said(resolved.description.as_ref()))?;
    scalar.then_some((value, description))
}

/// A description that says something: not absent, not blank.
fn said(description: Option<&String>) -> Option<&str> {
    description.map(String::as_str).filter(|d| !d.trim().is_empty())
}

/// One flag as `flags()` lists it: the flag, what each of its choices
/// means (where the schema says it), and for an action union the actions
/// it belongs to.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagEntry<'a> {
    #[serde(flatten)]
    pub flag: &'a Flag,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choice_descriptions: Vec<ChoiceDescription<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<&'a str>>,
}

/// A choice's value (as the arguments hold it) and what it means.
#[derive(Serialize)]
pub struct ChoiceDescription<'a> {
    pub value: &'a Value,
    pub description: &'a str,
}

impl<'a> FlagEntry<'a> {
    /// The entry of `flag` of `schema`, for the actions `actions` when it
    /// belongs to an action union.
    #[must_use]
    pub fn new(schema: &'a Schema, flag: &'a Flag, actions: Option<Vec<&'a str>>) -> Self {
        let choice_descriptions = described_choices(schema, &flag.shape)
            .into_iter()
            .map(|(value, description)| ChoiceDescription { value, description })
            .collect();
        FlagEntry {
            flag,
            choice_descriptions,
            actions,
        }
    }
}
