//! Action unions: a union of object schemas told apart by a literal key
//! (`action: "list" | "logs"`), nested unions of them (`action` +
//! `subaction`, written `zfs:pools`), and the MCP SDK v2 form
//! `{ type: "object", properties: common, oneOf: [...] }`.

use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::deprecation::Deprecation;
use super::shape::{Applicator, Kind, ObjectShape, Prop, Schema, Shape};
use crate::error::{Code, Error, Result};
use crate::limits::MAX_SCHEMA_WEIGHT;

/// The key preferred as the discriminator when several qualify.
const PREFERRED: &str = "action";
/// The key of the second level (`action:subaction`).
const SECOND: &str = "subaction";

/// One object branch of the union, with the properties shared by an
/// enclosing object (SDK v2 form) placed first.
#[derive(Debug, Clone)]
pub struct Branch<'s> {
    pub shape: &'s Shape,
    pub object: &'s ObjectShape,
    /// Shared by the branches of one union (a copy per branch was quadratic).
    pub common: Rc<[&'s Prop]>,
    /// Where the branch sits, for messages: `#/oneOf/1/oneOf/0`.
    pub pointer: String,
}

impl<'s> Branch<'s> {
    /// Every property: shared ones first, unless the branch redefines them.
    pub fn props(&self) -> impl Iterator<Item = &'s Prop> + '_ {
        let own = &self.object.props;
        self.common
            .iter()
            .copied()
            .filter(move |c| self.object.prop(&c.key).is_none())
            .chain(own.iter())
    }

    /// The literal a key holds in this branch, as text.
    #[must_use]
    pub fn literal(&self, schema: &Schema, key: &str) -> Option<String> {
        let prop = self.props().find(|p| p.key == key)?;
        literal_text(schema.resolve(&prop.shape))
    }
}

/// A discriminator: its key, and the second-level key when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discriminator {
    pub key: String,
    pub second: Option<String>,
}

/// One action: its value (`logs`, or `zfs:pools`), its branch, and the
/// literal keys that name it (left out of its parameters).
#[derive(Debug, Clone)]
pub struct Action<'s> {
    pub name: String,
    pub branch: Branch<'s>,
    pub literal_keys: Vec<String>,
}

/// An action union read once, owning what every user of it needs (the
/// command line, emission, help), so none of them discovers it again.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionUnion {
    pub discriminator: Discriminator,
    pub actions: Vec<ActionDef>,
}

/// One action of an [`ActionUnion`].
#[derive(Debug, Clone, PartialEq)]
pub struct ActionDef {
    /// `logs`, or `zfs:pools`.
    pub name: String,
    /// The literal keys that name it, with their values, in schema order.
    pub literals: Vec<(String, Value)>,
    /// Every other property: the action's parameters, shared ones first.
    pub params: Vec<Prop>,
    pub description: Option<String>,
    /// The branch is marked `deprecated: true`, or its `cli` meta says
    /// `deprecated` (with a message): listed as such, not completed. A
    /// malformed meta is refused where it is used, by the command line and
    /// help, as a flag's is: an MCP server serving the schema never asks.
    pub deprecated: std::result::Result<Deprecation, Error>,
    /// Where its branch sits, for messages: `#/oneOf/1`.
    pub pointer: String,
}

impl ActionUnion {
    /// Reads the root as an action union (see [`actions`]).
    pub fn read(schema: &Schema, named: Option<&str>, strict: bool) -> Result<ActionUnion> {
        let (discriminator, list) = actions(schema, named, strict)?;
        let actions = list
            .into_iter()
            .map(|action| {
                let literals = action
                    .branch
                    .props()
                    .filter(|p| action.literal_keys.contains(&p.key))
                    .filter_map(|p| match &schema.resolve(&p.shape).kind {
                        Kind::Enum(values) => values.first().map(|v| (p.key.clone(), v.clone())),
                        _ => None,
                    })
                    .collect();
                let params = action
                    .branch
                    .props()
                    .filter(|p| !action.literal_keys.contains(&p.key))
                    .cloned()
                    .collect();
                // The branch's description, else the one on its literal
                // (`action: z.literal("logs").describe("Show logs")`).
                let description = action.branch.shape.description.clone().or_else(|| {
                    let literal = action.branch.props().find(|p| p.key == discriminator.key)?;
                    literal
                        .shape
                        .description
                        .clone()
                        .or_else(|| schema.resolve(&literal.shape).description.clone())
                });
                ActionDef {
                    literals,
                    params,
                    description,
                    deprecated: deprecation(schema, &action.branch),
                    pointer: action.branch.pointer,
                    name: action.name,
                }
            })
            .collect();
        Ok(ActionUnion { discriminator, actions })
    }
}

/// The branch's `deprecated` keyword, unless its `cli` meta says otherwise:
/// JSON Schema's keyword is a boolean, so a message (`"use list"`) or
/// `false` for the command line alone comes from there.
fn deprecation(schema: &Schema, branch: &Branch<'_>) -> Result<Deprecation> {
    schema
        .deprecation(branch.shape)
        .map_err(|why| Error::at_pointer(Code::InvalidSchema, &branch.pointer, why))
}

/// Whether the root is an action union at all (a union with an object branch).
#[must_use]
pub fn is_action_union(schema: &Schema) -> bool {
    // Most roots are plain objects: answered here, `collect` (and its
    // formatting) is compiled only for a schema that has a union.
    if !matches!(schema.resolve(&schema.root).kind, Kind::Union(_) | Kind::AllOf(_)) {
        return false;
    }
    let mut branches = Vec::new();
    collect(schema, &schema.root, &[], "", &mut branches, 0) && !branches.is_empty()
}

/// Reads the root as an action union. `named` picks the discriminator key;
/// otherwise it is found. Branches without a literal for it are skipped,
/// or with `strict` refused, naming the branch.
pub fn actions<'s>(schema: &'s Schema, named: Option<&str>, strict: bool) -> Result<(Discriminator, Vec<Action<'s>>)> {
    let mut branches = Vec::new();
    let root = schema.resolve(&schema.root);
    if let Kind::Object(object) = &root.kind {
        // A union of one branch reads as that branch: help on it is one action,
        // provided a key holds a literal.
        branches.push(Branch {
            shape: root,
            object,
            common: Rc::from(Vec::new()),
            pointer: String::new(),
        });
    }
    let single = !branches.is_empty() && named.is_none() && find_key(schema, &branches).is_err();
    if single
        || (branches.is_empty() && !collect(schema, &schema.root, &[], "", &mut branches, 0))
        || branches.is_empty()
    {
        return Err(Error::new(
            Code::NotActionUnion,
            "the schema is not a union of object actions (oneOf/anyOf of objects told apart by a literal key)",
        ));
    }
    within_expansion(&branches)?;
    let key = match named {
        Some(key) => key.to_owned(),
        None => find_key(schema, &branches)?,
    };
    let second =
        (key == PREFERRED && branches.iter().any(|b| b.literal(schema, SECOND).is_some())).then(|| SECOND.to_owned());
    let mut out: Vec<Action<'s>> = Vec::new();
    for branch in branches {
        let Some(first) = branch.literal(schema, &key) else {
            if strict {
                return Err(Error::at_pointer(
                    Code::NoDiscriminator,
                    &branch.pointer,
                    format!("this branch has no literal \"{key}\""),
                ));
            }
            continue;
        };
        let sub = second.as_deref().and_then(|s| branch.literal(schema, s));
        let name = match &sub {
            Some(sub) => format!("{first}:{sub}"),
            None => first,
        };
        let literal_keys = branch
            .props()
            .filter(|p| {
                p.key == key
                    || Some(p.key.as_str()) == second.as_deref()
                    || literal_text(schema.resolve(&p.shape)).as_deref() == Some(name.as_str())
            })
            .map(|p| p.key.clone())
            .collect();
        out.push(Action {
            name,
            branch,
            literal_keys,
        });
    }
    Ok((Discriminator { key, second }, out))
}

/// The key that is a literal in the most branches (`action` first among
/// equals, then the first seen). One pass, so a union of thousands of
/// branches with keys of their own stays linear.
fn find_key(schema: &Schema, branches: &[Branch<'_>]) -> Result<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for branch in branches {
        for prop in branch.props() {
            if literal_text(schema.resolve(&prop.shape)).is_none() {
                continue;
            }
            let slot = *index.entry(prop.key.as_str()).or_insert_with(|| {
                counts.push((prop.key.as_str(), 0));
                counts.len() - 1
            });
            if let Some(entry) = counts.get_mut(slot) {
                entry.1 += 1;
            }
        }
    }
    let mut best: Option<(&str, usize)> = None;
    for &(key, count) in &counts {
        let better = match best {
            None => true,
            Some((k, c)) => count > c || (count == c && key == PREFERRED && k != PREFERRED),
        };
        if better {
            best = Some((key, count));
        }
    }
    best.map(|(key, _)| key.to_owned()).ok_or_else(|| {
        let pointer = branches.first().map_or("", |b| b.pointer.as_str());
        Error::at_pointer(
            Code::NoDiscriminator,
            pointer,
            "no key holds a literal (const or one-value enum) in any branch, so no action can be named",
        )
    })
}

/// Each action gets its own copy of its parameters, the shared ones
/// included, and its own flags for them: thousands of actions beside
/// thousands of shared fields were millions of copies (2,000 of each took
/// 2.3 GB of wasm memory on the first parse; 3,000 passed the 4 GB limit).
/// What the copies would hold, the shared fields' nodes counted once and
/// added per action, is held to the schema's own weight limit. The
/// properties alone are counted first, in one step per branch, so that
/// nothing walks every action's every field before the limit is known.
fn within_expansion(branches: &[Branch<'_>]) -> Result<()> {
    let props = branches.iter().fold(0_usize, |sum, b| {
        sum.saturating_add(b.common.len()).saturating_add(b.object.props.len())
    });
    if props > MAX_SCHEMA_WEIGHT {
        return Err(too_wide(branches.len()));
    }
    let mut weights: HashMap<usize, usize> = HashMap::new();
    let mut total = 0_usize;
    for branch in branches {
        for prop in branch.common.iter().copied().chain(&branch.object.props) {
            let weight = *weights
                .entry(std::ptr::from_ref(prop) as usize)
                .or_insert_with(|| nodes(&prop.shape, MAX_SCHEMA_WEIGHT + 1));
            total = total.saturating_add(weight);
            if total > MAX_SCHEMA_WEIGHT {
                return Err(too_wide(branches.len()));
            }
        }
    }
    Ok(())
}

fn too_wide(actions: usize) -> Error {
    Error::new(
        Code::TooLarge,
        format!(
            "the action union expands beyond the size limit: each of its {actions} actions has its own copy of the fields it shares with the others ({MAX_SCHEMA_WEIGHT} schema nodes at most in all)"
        ),
    )
}

/// The nodes of a shape, counted up to `cap` (iteratively: no recursion
/// on a schema's depth).
fn nodes(shape: &Shape, cap: usize) -> usize {
    let mut count = 0;
    let mut stack = vec![shape];
    while let Some(node) = stack.pop() {
        count += 1;
        if count >= cap {
            break;
        }
        match &node.kind {
            Kind::Object(object) => {
                stack.extend(object.props.iter().map(|p| &p.shape));
                stack.extend(object.additional.iter().chain(&object.property_names));
                stack.extend(object.pattern_props.iter().map(|(_, s)| s));
            }
            Kind::Array(array) => stack.extend(array.prefix.iter().chain(&array.items)),
            Kind::Union(union) => stack.extend(union.branches.iter()),
            Kind::AllOf(members) => stack.extend(members.iter()),
            _ => {}
        }
        for (_, applicator) in &node.applicators {
            match applicator {
                Applicator::One(sub) => stack.push(sub),
                Applicator::Map(entries) => stack.extend(entries.iter().map(|(_, s)| s)),
                Applicator::Names(_) => {}
            }
        }
    }
    count
}

/// Collects object branches; false when the shape is no union at all.
fn collect<'s>(
    schema: &'s Schema,
    shape: &'s Shape,
    common: &[&'s Prop],
    pointer: &str,
    out: &mut Vec<Branch<'s>>,
    depth: usize,
) -> bool {
    if depth > crate::limits::MAX_UNION_NESTING {
        return false;
    }
    let shape = schema.resolve(shape);
    match &shape.kind {
        Kind::Union(union) => {
            let key = if union.exclusive { "oneOf" } else { "anyOf" };
            let shared: Rc<[&'s Prop]> = Rc::from(common);
            for (i, branch) in union.branches.iter().enumerate() {
                let at = format!("{pointer}/{key}/{i}");
                let resolved = schema.resolve(branch);
                match &resolved.kind {
                    Kind::Object(object) => out.push(Branch {
                        shape: resolved,
                        object,
                        common: Rc::clone(&shared),
                        pointer: at,
                    }),
                    _ => {
                        collect(schema, branch, common, &at, out, depth + 1);
                    }
                }
            }
            true
        }
        Kind::AllOf(members) => {
            // SDK v2: an object of shared properties beside a union of actions.
            let shared: Vec<&Prop> = members
                .iter()
                .filter_map(|m| schema.resolve(m).as_object())
                .flat_map(|o| o.props.iter())
                .collect();
            let mut all = common.to_vec();
            all.extend(shared);
            let mut found = false;
            for member in members {
                if matches!(schema.resolve(member).kind, Kind::Union(_) | Kind::AllOf(_)) {
                    // Every union member is collected, so no short-circuit here.
                    found |= collect(schema, member, &all, pointer, out, depth + 1);
                }
            }
            found
        }
        _ => false,
    }
}

/// A literal's text: `const`/one-value `enum` of a string, number or boolean.
#[must_use]
pub fn literal_text(shape: &Shape) -> Option<String> {
    match &shape.kind {
        Kind::Enum(values) if values.len() == 1 && !shape.nullable => match values.first()? {
            Value::String(s) => Some(s.clone()),
            v @ (Value::Number(_) | Value::Bool(_)) => Some(crate::json_out::value_text(v)),
            _ => None,
        },
        _ => None,
    }
}
