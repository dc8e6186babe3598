//! Grouped tools: many actions behind one MCP tool. From the definition
//! (each action's input as JSON Schema) the core computes, once: the
//! grouped inputSchema (the discriminator, the common fields, every
//! action's fields merged, each with its note), the `oneOf` form, the
//! description (`text` or `toon`), the annotations, and the flat
//! projection (one tool per action with exact hints). Handlers, middleware
//! and validation live in the JS layer.

mod command;
mod defs;
mod describe;
mod fields;
mod hints;
mod merge;
use crate::schema::action_notes as notes;
mod read;
mod toon;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Code, Error, Result};
use crate::schema::Deprecation;
pub use command::command_union;
use fields::{fields_of, merge_fields, Fields, Merged};
pub use hints::Hints;
pub use read::{ActionDef, GroupDef, DISCRIMINATOR, HELP};

/// A defined group: everything a function of its schemas, computed once.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub name: String,
    pub discriminator: String,
    pub grouped: bool,
    pub description: String,
    /// The grouped `mcp` inputSchema: one object, the discriminator first.
    pub input_schema: Value,
    /// The same as `{ type: "object", properties: common, oneOf: actions }`.
    pub one_of_schema: Value,
    pub annotations: Map<String, Value>,
    /// The common input's fields, in order (validated by the common schema).
    pub common_fields: Vec<String>,
    pub actions: Vec<ActionOut>,
    /// The definition's own description, as given (the command line's).
    #[serde(skip)]
    pub given_description: Option<String>,
}

/// One action as the call path and the flat projection need it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionOut {
    pub key: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub name: String,
    /// The flat projection's tool name: `platform_users_create`.
    pub flat_name: String,
    pub description: String,
    /// Common fields and the action's own, as one object schema.
    pub input_schema: Value,
    pub annotations: Map<String, Value>,
    /// Every field the action takes (common ones first).
    pub fields: Vec<String>,
    /// The action's own input's fields, in its order (validated by it).
    pub input_fields: Vec<String>,
    /// The action's own required fields, in its order.
    pub requires: Vec<String>,
    /// Keys beyond `fields` are taken (`additionalProperties` other than
    /// `false` on the action's or the common input: Zod's `looseObject`,
    /// `catchall`); otherwise the call path reports them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
    /// The built-in help action.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub builtin: bool,
    /// Marked `deprecated` in the definition: `true`, or its message
    /// (which only the command line and help show: JSON Schema's keyword
    /// is a boolean).
    #[serde(skip_serializing_if = "Deprecation::is_current")]
    pub deprecated: Deprecation,
    /// The action's own description, as given (the command line's; the
    /// flat projection's `description` says "platform (users.list)").
    #[serde(skip)]
    pub given_description: Option<String>,
}

/// Defines a group from its JSON definition (see [`GroupDef`]).
///
/// Memory headroom (`crate::headroom`) is looked for before each pass over
/// the actions, at each action in it, and before the group is written: a
/// group's work is many small allocations within one call.
pub fn define(definition: &Value) -> Result<Group> {
    crate::headroom::keep(0);
    let mut def = read::read(definition)?;
    if def.help {
        def.actions.push(help_action());
    }
    let discriminator = def.discriminator.clone().unwrap_or_else(|| DISCRIMINATOR.to_owned());
    let shadows = |owner: &str| {
        Error::new(
            Code::InvalidDefinition,
            format!(
                "tool \"{}\", {owner}: a field is named \"{discriminator}\", like the discriminator; rename it or pick another `discriminator`",
                def.name
            ),
        )
    };
    let common = match &def.common {
        Some(schema) => fields_of(schema, &def.name, "common")?,
        None => Fields::default(),
    };
    if common.props.contains_key(&discriminator) {
        return Err(shadows("common"));
    }
    let mut own: Vec<Fields> = Vec::with_capacity(def.actions.len());
    for action in &def.actions {
        crate::headroom::keep(0);
        let owner = format!("action \"{}\"", action.key());
        let fields = match &action.input {
            Some(schema) => fields_of(schema, &def.name, &owner)?,
            None => Fields::default(),
        };
        if fields.props.contains_key(&discriminator) {
            return Err(shadows(&owner));
        }
        own.push(fields);
    }
    build(&def, &discriminator, &common, &own)
}

/// `help` with an optional `topic`: read-only, closed-world.
fn help_action() -> ActionDef {
    ActionDef {
        group: None,
        name: HELP.to_owned(),
        description: Some("Show the actions and their parameters".to_owned()),
        input: Some(serde_json::json!({
            "type": "object",
            "properties": {
                "topic": {
                    "type": "string",
                    "description": "Only actions whose key is this or starts with it and a dot"
                }
            }
        })),
        read_only: Some(true),
        destructive: None,
        idempotent: Some(true),
        open_world: Some(false),
        deprecated: Deprecation::Current,
    }
}

fn build(def: &GroupDef, discriminator: &str, common: &Fields, own: &[Fields]) -> Result<Group> {
    let keys: Vec<String> = def.actions.iter().map(ActionDef::key).collect();
    // The help action, when there is one, was added last.
    let user: Vec<usize> = (0..def.actions.len().saturating_sub(usize::from(def.help))).collect();
    let (merged, conflicts) = merge_fields(common, own, &keys, &user);
    if !conflicts.is_empty() {
        return Err(Error::field_conflicts(&def.name, conflicts));
    }
    let defs = defs::all_defs(&def.name, common, own)?;
    let lines: Vec<describe::Line> = user
        .iter()
        .filter_map(|&i| {
            let (action, fields) = (def.actions.get(i)?, own.get(i)?);
            Some(describe::Line {
                group: action.group.as_deref(),
                name: &action.name,
                key: keys.get(i)?,
                description: action.description.as_deref(),
                requires: &fields.required,
                // MCP's default: a writer that does not say otherwise may destroy,
                // as the tool's destructiveHint says; the texts agree with it.
                destructive: action.read_only != Some(true) && action.destructive != Some(false),
            })
        })
        .collect();
    let extra = def.help.then_some(HELP);
    let description = match def.description_format.as_deref() {
        Some("toon") => describe::toon(
            &def.name,
            def.description.as_deref(),
            discriminator,
            def.grouped,
            &lines,
        ),
        _ => describe::text(
            &def.name,
            def.description.as_deref(),
            discriminator,
            def.grouped,
            &lines,
            extra,
        ),
    };
    let input_schema = grouped_schema(def, discriminator, &keys, &user, &merged, &defs);
    let one_of_schema = one_of_schema(def, discriminator, &keys, common, own, &defs);
    let action_hints: Vec<Hints> = user.iter().filter_map(|&i| def.actions.get(i).map(hints_of)).collect();
    let annotations = hints::aggregate(&action_hints, def.annotations.as_ref());
    let index = defs::DefIndex::new(&defs);
    let actions = def
        .actions
        .iter()
        .zip(own)
        .zip(&keys)
        .map(|((action, fields), key)| {
            crate::headroom::keep(0);
            action_out(def, action, key, common, fields, &index)
        })
        .collect();
    crate::headroom::keep(0);
    Ok(Group {
        name: def.name.clone(),
        discriminator: discriminator.to_owned(),
        grouped: def.grouped,
        description,
        input_schema,
        one_of_schema,
        annotations,
        common_fields: common.props.keys().cloned().collect(),
        actions,
        given_description: def.description.clone(),
    })
}

fn hints_of(action: &ActionDef) -> Hints {
    Hints {
        read_only: action.read_only,
        destructive: action.destructive,
        idempotent: action.idempotent,
        open_world: action.open_world,
    }
}

fn discriminator_description(def: &GroupDef, discriminator: &str) -> String {
    if def.grouped {
        format!("Module and operation (module.{discriminator} format)")
    } else {
        "Which operation to perform".to_owned()
    }
}

fn object(props: Map<String, Value>, required: Vec<Value>, defs: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("type".to_owned(), Value::String("object".to_owned()));
    out.insert("properties".to_owned(), Value::Object(props));
    if !required.is_empty() {
        out.insert("required".to_owned(), Value::Array(required));
    }
    if !defs.is_empty() {
        out.insert("$defs".to_owned(), Value::Object(defs.clone()));
    }
    out
}

fn grouped_schema(
    def: &GroupDef,
    discriminator: &str,
    keys: &[String],
    user: &[usize],
    merged: &[Merged],
    defs: &Map<String, Value>,
) -> Value {
    let mut props = Map::new();
    props.insert(
        discriminator.to_owned(),
        serde_json::json!({
            "type": "string",
            "enum": keys,
            "description": discriminator_description(def, discriminator),
        }),
    );
    let mut required = vec![Value::String(discriminator.to_owned())];
    for field in merged {
        let mut schema = field.schema.clone();
        if let Some(note) = notes::note(&field.usage, user, keys) {
            if let Value::Object(map) = &mut schema {
                let text = match map.get("description").and_then(Value::as_str) {
                    Some(existing) => notes::join_sentence(existing, &note),
                    None => note,
                };
                map.insert("description".to_owned(), Value::String(text));
            }
        }
        if field.usage.always_required(user) {
            required.push(Value::String(field.key.clone()));
        }
        props.insert(field.key.clone(), schema);
    }
    Value::Object(object(props, required, defs))
}

fn one_of_schema(
    def: &GroupDef,
    discriminator: &str,
    keys: &[String],
    common: &Fields,
    own: &[Fields],
    defs: &Map<String, Value>,
) -> Value {
    let branches: Vec<Value> = def
        .actions
        .iter()
        .zip(own)
        .zip(keys)
        .map(|((action, fields), key)| {
            let mut props = Map::new();
            props.insert(
                discriminator.to_owned(),
                serde_json::json!({ "type": "string", "const": key }),
            );
            props.extend(fields.props.clone());
            let required = std::iter::once(discriminator.to_owned())
                .chain(fields.required.iter().cloned())
                .map(Value::String)
                .collect();
            let mut branch = object(props, required, &Map::new());
            if let Some(description) = &action.description {
                branch.insert("description".to_owned(), Value::String(description.clone()));
            }
            if action.deprecated.is_marked() {
                branch.insert("deprecated".to_owned(), Value::Bool(true));
            }
            Value::Object(branch)
        })
        .collect();
    let required = common.required.iter().cloned().map(Value::String).collect();
    let mut out = object(common.props.clone(), required, defs);
    out.insert("oneOf".to_owned(), Value::Array(branches));
    Value::Object(out)
}

fn action_out(
    def: &GroupDef,
    action: &ActionDef,
    key: &str,
    common: &Fields,
    fields: &Fields,
    defs: &defs::DefIndex,
) -> ActionOut {
    let builtin = def.help && key == HELP;
    let mut props = if builtin { Map::new() } else { common.props.clone() };
    props.extend(fields.props.clone());
    let field_names: Vec<String> = props.keys().cloned().collect();
    let reached = defs.reached_by(&props);
    let required: Vec<Value> = (if builtin { &[][..] } else { &common.required[..] })
        .iter()
        .chain(&fields.required)
        .cloned()
        .map(Value::String)
        .collect();
    let description = action.description.clone().unwrap_or_else(|| {
        let tool = def
            .description
            .as_deref()
            .filter(|d| !d.trim().is_empty())
            .unwrap_or(&def.name);
        format!("{} ({key})", tool.trim_end().trim_end_matches('.'))
    });
    let mut input_schema = object(props, required, &reached);
    if action.deprecated.is_marked() {
        input_schema.insert("deprecated".to_owned(), Value::Bool(true));
    }
    ActionOut {
        key: key.to_owned(),
        group: action.group.clone(),
        name: action.name.clone(),
        flat_name: format!("{}_{}", def.name, key).replace('.', "_"),
        description,
        input_schema: Value::Object(input_schema),
        annotations: hints::exact(hints_of(action)),
        fields: field_names,
        input_fields: fields.props.keys().cloned().collect(),
        requires: fields.required.clone(),
        open: fields.open || (common.open && !builtin),
        builtin,
        deprecated: action.deprecated.clone(),
        given_description: action.description.clone(),
    }
}
