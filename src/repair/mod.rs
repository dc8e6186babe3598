//! Schema-guided repair of arguments that MCP clients send as JSON text:
//! `"3"` where a number is wanted, `"{\"a\":1}"` where an object is, the
//! whole arguments object as one string, a lone `"a"` where `["a"]` is
//! wanted, `1` where the string `"1"` is. Runs before validation and changes
//! only values that sit where the schema does not take them. A parsed value
//! is kept when it fits, or when it is at least of the JSON type wanted
//! there (an object for an object, a number for an integer): the validator
//! then names the real problem (`config.timeout`, "expected int") instead of
//! "expected object, received string". Inside a union only values that fit are kept, since the type
//! alone cannot say which branch was meant. Everything else is left exactly
//! as it was, for the validator to report.

mod hints;
mod values;

use std::cell::Cell;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json_out::number_text;
use crate::limits::{MAX_DEPTH, MAX_REPAIR_TRIAL_WORK};
use crate::profile::Inverse;
use crate::schema::{fits, Kind, ObjectShape, Schema, Shape};
use values::{looks_like_json, nodes_up_to, parse_text, same_json_type, union_takes_type_of};

pub use hints::string_hints;

/// One segment of a path into the arguments: a key or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Segment {
    Key(String),
    Index(usize),
}

/// One change: what was there and the value that replaced it; no `to`
/// when the key was removed (a client's `null` standing for "absent").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub path: Vec<Segment>,
    pub from: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Repaired {
    pub value: Value,
    pub repairs: Vec<Change>,
}

/// Repairs `args` against the schema's root, then undoes what a client's
/// profile did (`inverse`).
#[must_use]
pub fn repair(schema: &Schema, args: Value, inverse: Inverse) -> Repaired {
    let trial_work = Cell::new(0);
    let mut walker = Walker {
        schema,
        inverse,
        repairs: Vec::new(),
        trial_work: &trial_work,
        scalars_to_text: true,
    };
    let value = walker.root(args);
    Repaired {
        value,
        repairs: walker.repairs,
    }
}

/// `{}` (with the required objects inside it filled the same way) for an
/// object that asks for nothing; `None` for any other shape.
fn needless(schema: &Schema, shape: &Shape, depth: usize) -> Option<Value> {
    if depth > MAX_DEPTH {
        return None;
    }
    let Kind::Object(object) = &schema.resolve(shape).kind else {
        return None;
    };
    let mut out = Map::new();
    for prop in object.props.iter().filter(|p| p.must_supply()) {
        out.insert(prop.key.clone(), needless(schema, &prop.shape, depth + 1)?);
    }
    Some(Value::Object(out))
}

struct Walker<'s> {
    schema: &'s Schema,
    inverse: Inverse,
    repairs: Vec<Change>,
    /// What trying union branches has cost so far, shared with the trial
    /// walkers (see [`MAX_REPAIR_TRIAL_WORK`]).
    trial_work: &'s Cell<usize>,
    /// Whether a number or boolean may become text ([`Walker::as_text`]);
    /// off in the branches of a union that takes its JSON type.
    scalars_to_text: bool,
}

impl Walker<'_> {
    /// The whole arguments object sent as one string is parsed first.
    fn root(&mut self, args: Value) -> Value {
        let args = match args {
            Value::String(text) => match parse_text(&text, &self.schema.root, self.schema) {
                Some(parsed @ Value::Object(_)) => {
                    self.repairs.push(Change {
                        path: Vec::new(),
                        from: Value::String(text),
                        to: Some(parsed.clone()),
                    });
                    parsed
                }
                _ => Value::String(text),
            },
            other => other,
        };
        let mut path = Vec::new();
        let root = &self.schema.root;
        self.walk(root, args, &mut path, 0)
    }

    fn walk(&mut self, shape: &Shape, value: Value, path: &mut Vec<Segment>, depth: usize) -> Value {
        if depth > MAX_DEPTH * 2 {
            return value;
        }
        let shape = self.schema.resolve(shape);
        match value {
            Value::String(text) => self.string(shape, text, path, depth),
            Value::Object(map) => self.object(shape, map, path, depth),
            Value::Array(items) => self.array(shape, items, path, depth),
            other @ (Value::Number(_) | Value::Bool(_)) => self.scalar(shape, other, path, depth),
            Value::Null => Value::Null,
        }
    }

    /// A number or boolean where an array of them is wanted is wrapped; one
    /// where a string is wanted becomes its JSON text.
    fn scalar(&mut self, shape: &Shape, value: Value, path: &mut Vec<Segment>, depth: usize) -> Value {
        if fits(self.schema, shape, &value) {
            return value;
        }
        match &shape.kind {
            Kind::Array(_) => self.wrap(shape, value, path, depth).unwrap_or_else(|value| value),
            Kind::Union(union) => self.branch(&union.branches, value, path, depth),
            _ => self.as_text(shape, value, path),
        }
    }

    /// `7` or `true` where a string is wanted, as its text (`"7"`, `"true"`),
    /// when that fits. Some clients turn text that reads as a number into
    /// one (a sheet named `"1"` arrives as `1`), and models send an id as a
    /// number; the text is what was meant, and nothing is lost, since a
    /// number where only a string is taken fails anyway. Not inside a union
    /// that takes the value's own JSON type: there `7.5` for an integer
    /// branch is the validator's to report, not text to guess.
    fn as_text(&mut self, shape: &Shape, value: Value, path: &[Segment]) -> Value {
        if !self.scalars_to_text {
            return value;
        }
        let text = Value::String(match &value {
            Value::Number(number) => number_text(number),
            Value::Bool(flag) => flag.to_string(),
            _ => return value,
        });
        if !fits(self.schema, shape, &text) {
            return value;
        }
        self.repairs.push(Change {
            path: path.to_vec(),
            from: value,
            to: Some(text.clone()),
        });
        text
    }

    /// `value` as the one item of the array `shape` wants, when that item
    /// (repaired like any other) fits the array's items; otherwise `value`
    /// back untouched. A tuple is never guessed at.
    fn wrap(&mut self, shape: &Shape, value: Value, path: &mut Vec<Segment>, depth: usize) -> Result<Value, Value> {
        let Kind::Array(array) = &shape.kind else {
            return Err(value);
        };
        let Some(items) = array.items.as_ref().filter(|_| array.prefix.is_empty()) else {
            return Err(value);
        };
        let before = self.repairs.len();
        path.push(Segment::Index(0));
        let item = self.walk(items, value.clone(), path, depth + 1);
        path.pop();
        // The item's own repairs are folded into the one change recorded here.
        self.repairs.truncate(before);
        if !fits(self.schema, items, &item) {
            return Err(value);
        }
        let wrapped = Value::Array(vec![item]);
        self.repairs.push(Change {
            path: path.clone(),
            from: value,
            to: Some(wrapped.clone()),
        });
        Ok(wrapped)
    }

    /// A string where the schema takes no string becomes the JSON it holds,
    /// when that fits or is of the JSON type wanted; its inside is repaired
    /// in turn. Text that is no JSON of that type (`"a"`, `"3"`) may still
    /// be the one item of a wanted array; text that starts like JSON (`[`,
    /// `{`) is parsed or left alone, never wrapped.
    fn string(&mut self, shape: &Shape, text: String, path: &mut Vec<Segment>, depth: usize) -> Value {
        let as_string = Value::String(text);
        if fits(self.schema, shape, &as_string) {
            return as_string;
        }
        let Value::String(text) = as_string else {
            return as_string;
        };
        match self.parsed(shape, &text, path, depth) {
            Some(value) => value,
            None if looks_like_json(&text) => Value::String(text),
            None => match &shape.kind {
                Kind::Union(union) => self.branch(&union.branches, Value::String(text), path, depth),
                _ => self
                    .wrap(shape, Value::String(text), path, depth)
                    .unwrap_or_else(|value| value),
            },
        }
    }

    /// The JSON `text` holds, repaired inside, when it fits `shape` or is
    /// of the JSON type `shape` wants; the change is recorded.
    fn parsed(&mut self, shape: &Shape, text: &str, path: &mut Vec<Segment>, depth: usize) -> Option<Value> {
        let parsed = parse_text(text, shape, self.schema)?;
        if matches!(shape.kind, Kind::Array(_)) && !parsed.is_array() {
            // `"7"` for `[7]`: wrapped from the text, as one change.
            return None;
        }
        let before = self.repairs.len();
        let inner = self.walk(shape, parsed, path, depth + 1);
        if !fits(self.schema, shape, &inner) && !same_json_type(shape, &inner) {
            self.repairs.truncate(before);
            return None;
        }
        self.repairs.insert(
            before,
            Change {
                path: path.clone(),
                from: Value::String(text.to_owned()),
                to: Some(inner.clone()),
            },
        );
        Some(inner)
    }

    fn object(&mut self, shape: &Shape, map: Map<String, Value>, path: &mut Vec<Segment>, depth: usize) -> Value {
        match &shape.kind {
            Kind::Object(object) => {
                let mut out = Map::with_capacity(map.len());
                for (key, item) in map {
                    let prop = object.prop(&key);
                    if item.is_null() && self.null_means_absent(prop, object) {
                        path.push(Segment::Key(key));
                        self.repairs.push(Change {
                            path: path.clone(),
                            from: Value::Null,
                            to: None,
                        });
                        path.pop();
                        continue;
                    }
                    let sub = prop.map(|p| &p.shape).or(object.additional.as_ref());
                    let repaired = match sub {
                        Some(sub) => {
                            path.push(Segment::Key(key.clone()));
                            let repaired = self.walk(sub, item, path, depth + 1);
                            path.pop();
                            repaired
                        }
                        None => item,
                    };
                    out.insert(key, repaired);
                }
                self.fill_needless(object, &mut out, path, depth);
                Value::Object(out)
            }
            Kind::Union(union) => self.branch(&union.branches, Value::Object(map), path, depth),
            Kind::AllOf(members) => self.all_of(members, Value::Object(map), path, depth),
            _ => Value::Object(map),
        }
    }

    /// A required object left out whose every key may be left out too
    /// (each optional or defaulted) is filled in as `{}`, the validator
    /// then giving the defaults: the command line fills it so when none of
    /// its flags is typed, and a call agrees. Recorded with `from: null`.
    fn fill_needless(
        &mut self,
        object: &ObjectShape,
        out: &mut Map<String, Value>,
        path: &mut Vec<Segment>,
        depth: usize,
    ) {
        for prop in &object.props {
            if !prop.must_supply() || out.contains_key(&prop.key) {
                continue;
            }
            let Some(filled) = needless(self.schema, &prop.shape, depth + 1) else {
                continue;
            };
            path.push(Segment::Key(prop.key.clone()));
            self.repairs.push(Change {
                path: path.clone(),
                from: Value::Null,
                to: Some(filled.clone()),
            });
            path.pop();
            out.insert(prop.key.clone(), filled);
        }
    }

    /// A client whose profile made optional keys required-and-nullable
    /// sends `null` to leave one out. That `null` is "absent" where the
    /// schema does not take `null` and the key may be left out (or is no
    /// key of this object at all: another action's, in a flattened union).
    fn null_means_absent(&self, prop: Option<&crate::schema::Prop>, object: &crate::schema::ObjectShape) -> bool {
        if !self.inverse.null_means_absent {
            return false;
        }
        match prop {
            Some(prop) => !prop.must_supply() && !fits(self.schema, &prop.shape, &Value::Null),
            None => !object
                .additional
                .as_ref()
                .is_some_and(|extra| fits(self.schema, extra, &Value::Null)),
        }
    }

    fn array(&mut self, shape: &Shape, items: Vec<Value>, path: &mut Vec<Segment>, depth: usize) -> Value {
        match &shape.kind {
            Kind::Array(array) => {
                let mut out = Vec::with_capacity(items.len());
                for (index, item) in items.into_iter().enumerate() {
                    let sub = array.prefix.get(index).or(array.items.as_ref());
                    out.push(match sub {
                        Some(sub) => {
                            path.push(Segment::Index(index));
                            let repaired = self.walk(sub, item, path, depth + 1);
                            path.pop();
                            repaired
                        }
                        None => item,
                    });
                }
                Value::Array(out)
            }
            Kind::Union(union) => self.branch(&union.branches, Value::Array(items), path, depth),
            Kind::AllOf(members) => self.all_of(members, Value::Array(items), path, depth),
            _ => Value::Array(items),
        }
    }

    /// In a union, a value that fits as it is stays; otherwise the branches
    /// are tried, and a repair is kept only when every branch that can be
    /// made to fit agrees on the result. Where they disagree, nothing is
    /// guessed.
    ///
    /// Each branch's fit and trial costs about the value's size, so a wide
    /// union over a large value (or unions nested in unions) could cost
    /// their product: past [`MAX_REPAIR_TRIAL_WORK`] in one repair, the
    /// value is left as it was.
    fn branch(&mut self, branches: &[Shape], value: Value, path: &mut Vec<Segment>, depth: usize) -> Value {
        // The value is counted only as far as the work left allows, so that
        // counting, too, stops at the bound.
        let tried = branches.len().max(1);
        let left = MAX_REPAIR_TRIAL_WORK.saturating_sub(self.trial_work.get());
        let each = nodes_up_to(&value, left / tried + 1);
        if each > left / tried {
            return value;
        }
        self.trial_work.set(self.trial_work.get() + each * tried);
        if branches.iter().any(|b| fits(self.schema, b, &value)) {
            return value;
        }
        let mut chosen: Option<(Value, Vec<Change>)> = None;
        let scalar = matches!(value, Value::Number(_) | Value::Bool(_));
        let scalars_to_text = self.scalars_to_text && !(scalar && union_takes_type_of(self.schema, branches, &value));
        for branch in branches {
            let mut trial = Walker {
                schema: self.schema,
                inverse: self.inverse,
                repairs: Vec::new(),
                trial_work: self.trial_work,
                scalars_to_text,
            };
            let repaired = trial.walk(branch, value.clone(), path, depth + 1);
            if !fits(self.schema, branch, &repaired) {
                continue;
            }
            match &chosen {
                None => chosen = Some((repaired, trial.repairs)),
                Some((existing, _)) if *existing == repaired => {}
                Some(_) => return value,
            }
        }
        match chosen {
            Some((repaired, changes)) => {
                self.repairs.extend(changes);
                repaired
            }
            None => value,
        }
    }

    fn all_of(&mut self, members: &[Shape], value: Value, path: &mut Vec<Segment>, depth: usize) -> Value {
        members
            .iter()
            .fold(value, |current, member| self.walk(member, current, path, depth + 1))
    }
}

#[cfg(test)]
mod enum_cost {
    use super::*;
    use crate::schema::read_schema;
    use serde_json::json;

    /// Issue 9, finding 3: repair of 10,000 keys against a 10,000-value enum
    /// compared every key with every value (about 1 s). Each key now costs a
    /// hash lookup: no value-by-value comparison at all.
    #[test]
    fn work_per_key_does_not_grow_with_the_enum() {
        let mut values: Vec<Value> = (0..10_000).map(|i| json!(format!("c{i}"))).collect();
        values.push(json!(7));
        let schema = read_schema(&json!({"type": "object", "additionalProperties": {"enum": values}}));
        let Ok(schema) = schema else { panic!("reads") };
        let args: Map<String, Value> = (0..10_000)
            .map(|i| (format!("k{i}"), json!(if i % 2 == 0 { "7" } else { "c1" })))
            .collect();
        let mut repaired = None;
        let compared = crate::schema::comparisons::during(|| {
            repaired = Some(repair(&schema, Value::Object(args), Inverse::default()));
        });
        assert_eq!(repaired.map(|r| r.repairs.len()), Some(5_000));
        assert!(compared < 10_000, "{compared} comparisons for 10,000 keys");
    }
}
