//! A grouped tool kept in the core: defined once, and each tool made of it
//! (the grouped schema's, each action's flat projection, the command line's
//! union of actions) compiled the first time it is asked for and kept. No
//! schema crosses to JS to be compiled again.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::rc::Rc;

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::group::{command_union, define, Group};
use crate::help::{help, HelpEntry, HelpOptions};
use crate::options::CompileOptions;
use crate::schema::read_schema;
use crate::tool::Tool;

/// A defined group and the tools compiled of it so far.
pub struct GroupTool {
    group: Group,
    schema: OnceCell<Rc<Tool>>,
    actions: Vec<OnceCell<Rc<Tool>>>,
    command_line: OnceCell<Rc<Tool>>,
}

impl GroupTool {
    /// Defines the group (see [`crate::group::define`]); nothing is compiled yet.
    pub fn define(definition: &Value) -> Result<GroupTool> {
        let group = define(definition)?;
        let actions = group.actions.iter().map(|_| OnceCell::new()).collect();
        Ok(GroupTool {
            group,
            schema: OnceCell::new(),
            actions,
            command_line: OnceCell::new(),
        })
    }

    #[must_use]
    pub fn group(&self) -> &Group {
        &self.group
    }

    /// The group as JS keeps it: the definition computed, without the
    /// schemas, which stay here.
    #[must_use]
    pub fn outline(&self) -> Value {
        let mut value = serde_json::to_value(&self.group).unwrap_or(Value::Null);
        if let Value::Object(group) = &mut value {
            group.remove("inputSchema");
            group.remove("oneOfSchema");
            if let Some(Value::Array(actions)) = group.get_mut("actions") {
                for action in actions.iter_mut().filter_map(Value::as_object_mut) {
                    action.remove("inputSchema");
                }
            }
        }
        value
    }

    /// The grouped schema's tool: what a grouped call is repaired by and
    /// each client's schema is written from.
    pub fn schema_tool(&self) -> Result<Rc<Tool>> {
        compiled(&self.schema, &self.group.name, || {
            Cow::Borrowed(&self.group.input_schema)
        })
    }

    /// The flat projection's tool of the action at `index`.
    pub fn action_tool(&self, index: usize) -> Result<Rc<Tool>> {
        let (Some(cell), Some(action)) = (self.actions.get(index), self.group.actions.get(index)) else {
            return Err(Error::new(
                Code::InvalidArgs,
                format!("the group has {} actions; there is none at {index}", self.actions.len()),
            ));
        };
        compiled(cell, &action.flat_name, || Cow::Borrowed(&action.input_schema))
    }

    /// The command line's tool: one branch per action (see [`command_union`]).
    pub fn command_tool(&self) -> Result<Rc<Tool>> {
        compiled(&self.command_line, &self.group.name, || {
            Cow::Owned(command_union(&self.group))
        })
    }

    /// The command line's tool under a registry's or the definition's own
    /// command-line options (`envPrefix`, `flags`, ...): compiled each time
    /// asked, since JS keeps one per set of options.
    pub fn command_tool_with(&self, options: &CompileOptions) -> Result<Tool> {
        let options = CompileOptions {
            name: Some(self.group.name.clone()),
            ..options.clone()
        };
        Tool::compile(&command_union(&self.group), &options)
    }

    /// Help entries for every action, from the `oneOf` schema.
    pub fn help(&self) -> Result<Vec<HelpEntry>> {
        let schema = read_schema(&self.group.one_of_schema)?;
        let options = HelpOptions {
            discriminator: Some(self.group.discriminator.clone()),
            ..HelpOptions::default()
        };
        help(&schema, &options)
    }
}

/// The tool in `cell`, compiled under `name` from the schema `schema`
/// makes, which is made only the first time.
fn compiled<'a>(cell: &OnceCell<Rc<Tool>>, name: &str, schema: impl FnOnce() -> Cow<'a, Value>) -> Result<Rc<Tool>> {
    if let Some(tool) = cell.get() {
        return Ok(Rc::clone(tool));
    }
    let options = CompileOptions {
        name: Some(name.to_owned()),
        ..CompileOptions::default()
    };
    let tool = Rc::new(Tool::compile(&schema(), &options)?);
    Ok(Rc::clone(cell.get_or_init(|| tool)))
}
