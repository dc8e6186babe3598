//! Help entries for action unions, read from JSON Schema (any target, both
//! io modes), never from Zod internals: one entry per action with its
//! parameters typed as TypeScript reads them.

use crate::sets::NameSet;

use serde::Serialize;
use serde_json::Value;

use crate::error::Result;
use crate::flags::choice_notes::described_choices;
use crate::json::fields::{any, flag, list, nested, optional, text, Fields};
use crate::json::Json;
use crate::schema::actions::ActionUnion;
use crate::schema::{Deprecation, Kind, Schema, Shape};
use crate::text::values_sentence;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Param {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct HelpEntry {
    pub discriminator: String,
    pub description: String,
    pub parameters: Vec<Param>,
    /// The action's branch is marked `deprecated: true`: `true`, or the
    /// message its `cli` meta gives.
    #[serde(skip_serializing_if = "Deprecation::is_current")]
    pub deprecated: Deprecation,
}

/// Entries handed back in (to format them) are read as they were written.
impl Fields for HelpEntry {
    const KEYS: &'static [&'static str] = &["discriminator", "description", "parameters", "deprecated"];
    const REQUIRED: &'static [&'static str] = &["discriminator"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "discriminator" => self.discriminator = text(value)?,
            "description" => self.description = text(value)?,
            "deprecated" => self.deprecated = Deprecation::read(value)?,
            _ => self.parameters = list(value, nested)?,
        }
        Ok(())
    }
}

impl Fields for Param {
    const KEYS: &'static [&'static str] = &["name", "type", "description", "required", "default"];
    const REQUIRED: &'static [&'static str] = &["name", "type", "required"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "name" => self.name = text(value)?,
            "type" => self.ty = text(value)?,
            "description" => self.description = optional(value, text)?,
            "required" => self.required = flag(value)?,
            _ => self.default = optional(value, |v| Ok(any(v)))?,
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HelpOptions {
    /// Keep the action with this value and every action under `topic:`.
    pub topic: Option<String>,
    /// The discriminator key, when it should not be found by itself.
    pub discriminator: Option<String>,
    /// Refuse a branch without a literal instead of skipping it.
    pub strict: bool,
}

impl Fields for HelpOptions {
    const KEYS: &'static [&'static str] = &["topic", "discriminator", "strict"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "topic" => self.topic = optional(value, text)?,
            "discriminator" => self.discriminator = optional(value, text)?,
            _ => self.strict = flag(value)?,
        }
        Ok(())
    }
}

/// Help entries for a schema read as an action union with these options.
pub fn help(schema: &Schema, options: &HelpOptions) -> Result<Vec<HelpEntry>> {
    let union = ActionUnion::read(schema, options.discriminator.as_deref(), options.strict)?;
    entries(schema, &union, options.topic.as_deref())
}

/// Help entries of an action union already read; `topic` keeps an exact
/// match and everything under `topic:`. Refuses a malformed `cli` meta on
/// an action it shows.
pub fn entries(schema: &Schema, union: &ActionUnion, topic: Option<&str>) -> Result<Vec<HelpEntry>> {
    union
        .actions
        .iter()
        .filter(|a| match topic {
            None => true,
            Some(topic) => a.name == topic || a.name.strip_prefix(topic).is_some_and(|rest| rest.starts_with(':')),
        })
        .map(|action| {
            Ok(HelpEntry {
                description: action.description.clone().unwrap_or_default(),
                parameters: action
                    .params
                    .iter()
                    .map(|p| Param {
                        name: p.key.clone(),
                        ty: ts_type(schema, &p.shape, 0),
                        description: param_description(schema, &p.shape),
                        required: p.must_supply(),
                        default: p.shape.default.as_deref().cloned(),
                    })
                    .collect(),
                discriminator: action.name.clone(),
                deprecated: action.deprecated.clone()?,
            })
        })
        .collect()
}

/// A parameter's description, followed by what each of its values means
/// where the schema says it (a union of described literals): the type
/// reads `"fast" | "exact"`, and a model reading the help would otherwise
/// not learn what the schema says of each.
fn param_description(schema: &Schema, shape: &Shape) -> Option<String> {
    let own = shape
        .description
        .clone()
        .or_else(|| schema.resolve(shape).description.clone());
    let notes = described_choices(schema, shape);
    if notes.is_empty() {
        return own;
    }
    Some(with_values(own.as_deref(), &notes))
}

/// `How to search. Values: "fast": Cheap; "exact": Slow.` ([`values_sentence`]).
#[inline(never)] // few parameters have described choices
fn with_values(own: Option<&str>, notes: &[(&Value, &str)]) -> String {
    let shown = notes
        .iter()
        .map(|(value, description)| format!("{}: {description}", crate::json_out::value_text(value)));
    let values = values_sentence(shown, notes.len());
    match own.map(str::trim_end).filter(|own| !own.is_empty()) {
        None => values,
        Some(own) if own.ends_with(['.', '!', '?', ':']) => format!("{own} {values}"),
        Some(own) => format!("{own}. {values}"),
    }
}

/// A type as TypeScript writes it: `string[]`, `"a" | "b"`, `string | null`,
/// `{ host: string; port?: number }` for small objects.
#[must_use]
pub fn ts_type(schema: &Schema, shape: &Shape, depth: usize) -> String {
    // Recursive definitions (`type X = X[]`) would never end.
    if depth > crate::limits::MAX_TYPE_TEXT_DEPTH {
        return "unknown".to_owned();
    }
    let resolved = schema.resolve(shape);
    let base = match &resolved.kind {
        Kind::Any => "any".to_owned(),
        Kind::Never => "never".to_owned(),
        Kind::Null => "null".to_owned(),
        Kind::Boolean => "boolean".to_owned(),
        Kind::Number => "number".to_owned(),
        Kind::Integer => "integer".to_owned(),
        Kind::String => "string".to_owned(),
        Kind::Enum(values) => values
            .iter()
            .map(crate::json_out::value_text)
            .collect::<Vec<_>>()
            .join(" | "),
        Kind::Array(array) => match (&array.items, array.prefix.is_empty()) {
            (Some(items), true) => {
                let item = ts_type(schema, items, depth + 1);
                if item.contains(' ') && !item.starts_with('{') {
                    format!("({item})[]")
                } else {
                    format!("{item}[]")
                }
            }
            (_, false) => {
                let parts: Vec<String> = array.prefix.iter().map(|p| ts_type(schema, p, depth + 1)).collect();
                format!("[{}]", parts.join(", "))
            }
            (None, true) => "any[]".to_owned(),
        },
        Kind::Object(object) if depth == 0 && !object.props.is_empty() && object.props.len() <= 4 => {
            let fields: Vec<String> = object
                .props
                .iter()
                .map(|p| {
                    let optional = if p.must_supply() { "" } else { "?" };
                    format!("{}{optional}: {}", p.key, ts_type(schema, &p.shape, depth + 1))
                })
                .collect();
            format!("{{ {} }}", fields.join("; "))
        }
        Kind::Object(_) | Kind::AllOf(_) | Kind::Ref(_) => "object".to_owned(),
        Kind::Union(union) => {
            // Each written once, found in a set (a scan per branch was quadratic).
            let mut parts: Vec<String> = Vec::new();
            let mut seen: NameSet<String> = NameSet::new();
            for branch in &union.branches {
                let part = ts_type(schema, branch, depth + 1);
                if seen.insert(part.clone()) {
                    parts.push(part);
                }
            }
            parts.join(" | ")
        }
    };
    if (shape.nullable || resolved.nullable) && resolved.kind != Kind::Null {
        format!("{base} | null")
    } else {
        base
    }
}
