//! The compiled tool: every expensive step of a schema done once in
//! `compile`; each client's schema written the first time it is asked for,
//! the command line built on first command-line use, both kept.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::command::{self, Command};
use crate::error::{self, Code, Error, Result};
use crate::json::Json;
use crate::schema::actions::ActionUnion;
use crate::{
    args, flags, help, profile, repair, schema, ActionsAs, ArgvOptions, Candidate, Check, Client, CompileOptions,
    HelpEntry, HelpOptions, InputSchemaOptions, Parsed, Schema, UsageRequest,
};

/// A compiled tool: every expensive step done once, each when first needed.
#[derive(Debug, Clone)]
pub struct Tool {
    schema: Schema,
    /// The action union the root is, read once for the command line,
    /// emission and help.
    union: Option<ActionUnion>,
    /// What the command line is built from.
    plan: CommandPlan,
    /// The command line, built the first time a command-line call asks for
    /// it: an MCP server or a proxy never does, and the flag table was a
    /// fifth of `compile` (and the largest code a first call compiles).
    command: std::sync::OnceLock<Command>,
    /// Each profile's schema, written the first time it is asked for.
    profiles: ProfileCache,
}

/// The compile options a command line is built from, read (and checked) in
/// `compile`.
#[derive(Debug, Clone)]
struct CommandPlan {
    options: flags::FlagOptions,
    name: String,
    version: Option<String>,
    /// A union of one object branch with a literal key: that action.
    single: Option<ActionUnion>,
}

/// The error for a profile slot that does not exist; every client and form
/// has one, so this is only the answer `get` needs.
fn no_slot() -> Error {
    Error::new(Code::InvalidOption, "no such client profile")
}

/// One slot per client and action-union form.
/// Boxed: a profile is asked for on few slots, and twenty of them inline
/// made a `Tool` 3.6 KB that `compile` moved through every `Result`.
type ProfileCache = [std::sync::OnceLock<Box<Profiled>>; PROFILE_SLOTS];

const PROFILE_SLOTS: usize = 2 * Client::ALL.len();

/// A profile's output, kept as the text handed out. The tree a profile
/// rewrote is dropped once written: a proxy keeps a thousand tools, each
/// with a schema per client, and the text is all it hands out. Written for
/// `inputSchema`, its report holds the refusals only (`Report::quiet`);
/// `check` writes the profile again once for the whole report.
#[derive(Debug, Clone)]
struct Profiled {
    text: Arc<str>,
    report: profile::Report,
    /// The report with its warnings, when `report` is quiet.
    full: std::sync::OnceLock<profile::Report>,
}

impl Profiled {
    /// The tree written as text (none when the profile refused it: a
    /// refused schema is never handed out), with the report it stands for.
    fn new(tree: &Json<'_>, report: profile::Report) -> Profiled {
        let text = if report.errors.is_empty() {
            tree.to_text()
        } else {
            String::new()
        };
        Profiled {
            text: Arc::from(text),
            report,
            full: std::sync::OnceLock::new(),
        }
    }

    /// Itself, or `UNSUPPORTED_BY_CLIENT` with every refusal.
    fn accepted(&self, client: Client) -> Result<&Profiled> {
        if self.report.errors.is_empty() {
            Ok(self)
        } else {
            Err(Error::unsupported_by_client(client.name(), self.report.errors.clone()))
        }
    }
}

/// A root schema read once: the shape, the action union it is, and for a
/// union of one object branch with a literal key (a group of one action),
/// that action: the schema is that object, its command line still starts
/// with the action's word, as it would with more.
struct Root {
    schema: Schema,
    union: Option<ActionUnion>,
    single: Option<ActionUnion>,
}

fn read_root(raw: &Json<'_>) -> Result<Root> {
    let schema = schema::read_json(raw)?;
    let (union, single) = if schema::actions::is_action_union(&schema) {
        match ActionUnion::read(&schema, None, false) {
            Ok(union) => (Some(union), None),
            // `z.union` of objects with no literal key: a client can send
            // it, a command line has no word to pick a branch by.
            Err(err) if err.code == Code::NoDiscriminator && schema::is_object_union(&schema) => (None, None),
            Err(err) => return Err(err),
        }
    } else {
        schema::check_object_root(&schema)?;
        let single = one_branch_union(raw).then(|| ActionUnion::read(&schema, None, false).ok());
        (None, single.flatten())
    };
    Ok(Root { schema, union, single })
}

/// A root `oneOf`/`anyOf` of exactly one schema.
fn one_branch_union(raw: &Json<'_>) -> bool {
    ["oneOf", "anyOf"].iter().any(|key| {
        raw.get(key)
            .and_then(Json::as_array)
            .is_some_and(|list| list.len() == 1)
    })
}

/// A check with the schema's `NO_COMMAND_LINE` warning, when it has one.
pub(crate) fn with_finding(mut check: Check, finding: Option<&error::Finding>) -> Check {
    check.warnings.extend(finding.cloned());
    check
}

impl Tool {
    /// Compiles a schema given as a JSON value.
    pub fn compile(schema: &Value, options: &CompileOptions) -> Result<Tool> {
        Tool::compile_json(&Json::borrow(schema), options)
    }

    /// Compiles a schema as parsed from text.
    fn compile_json(schema: &Json<'_>, options: &CompileOptions) -> Result<Tool> {
        let Root { schema, union, single } = read_root(schema)?;
        let plan = CommandPlan {
            options: options.flag_options()?,
            name: options.command_name(),
            version: options.version.clone(),
            single,
        };
        // Neither the command line nor an inputSchema is made yet: a server
        // asks for its client's schema and never for flags, a command line
        // the other way round (see `command` and `profiled`).
        Ok(Tool {
            schema,
            union,
            plan,
            command: std::sync::OnceLock::new(),
            profiles: std::array::from_fn(|_| std::sync::OnceLock::new()),
        })
    }

    /// Compiles a schema given as JSON text.
    pub fn compile_text(schema: &str, options: &CompileOptions) -> Result<Tool> {
        let json = schema::parse_schema_text(schema, "the schema")?;
        Tool::compile_json(&json, options)
    }

    #[must_use]
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The command line: one flag table, or one per action; built on first
    /// use. What it refuses (see [`Command::refusal`]) every command-line
    /// call answers.
    #[must_use]
    pub fn command(&self) -> &Command {
        self.command.get_or_init(|| {
            let CommandPlan {
                options,
                name,
                version,
                single,
            } = &self.plan;
            if self.union.is_none() && schema::is_object_union(&self.schema) {
                Command::without_flags(name.clone(), version.clone(), options.builtins)
            } else {
                Command::build(
                    &self.schema,
                    self.union.as_ref().or(single.as_ref()),
                    options,
                    name.clone(),
                    version.clone(),
                )
            }
        })
    }

    /// Whether the root is an action union (argv starts with an action).
    #[must_use]
    pub fn is_action_union(&self) -> bool {
        self.command().actions().is_some()
    }

    /// A profile's output, written once per client and form: the `mcp`
    /// schema from the Shape, every other profile a rewrite of the flat
    /// `mcp` tree, each written to text by the one tree writer.
    fn profiled(&self, options: InputSchemaOptions) -> Result<&Profiled> {
        let form = profile::form(options.client, options.actions_as)?;
        let slot = self.slot(options.client, form).ok_or_else(no_slot)?;
        if let Some(done) = slot.get() {
            return Ok(done);
        }
        let shaped = self.shaped(options.client, form, profile::Report::quiet());
        let profiled = Profiled::new(&shaped.schema, shaped.report);
        Ok(slot.get_or_init(|| Box::new(profiled)))
    }

    /// Where a client's profile in one form is cached (every client and
    /// form has a slot: `PROFILE_SLOTS`).
    fn slot(&self, client: Client, form: ActionsAs) -> Option<&std::sync::OnceLock<Box<Profiled>>> {
        self.profiles
            .get(client.index() * 2 + usize::from(form == ActionsAs::OneOf))
    }

    /// A profile's tree, its findings going to `report`.
    fn shaped(&self, client: Client, form: ActionsAs, report: profile::Report) -> profile::Shaped<'_> {
        match client {
            Client::Mcp => profile::mcp_schema(self.input(), form, report),
            client => profile::reshape(profile::mcp_schema(self.input(), ActionsAs::Flat, report), client),
        }
    }

    pub(crate) fn input(&self) -> profile::Input<'_> {
        profile::Input {
            schema: &self.schema,
            union: self.union.as_ref(),
        }
    }

    /// The inputSchema for a client (see [`profile`]) as a tree;
    /// `UNSUPPORTED_BY_CLIENT` with every refusal when the client cannot
    /// take it. Read back from the text that is kept (what JS is handed):
    /// this is for Rust callers and tests.
    pub fn input_schema(&self, options: &InputSchemaOptions) -> Result<Value> {
        let text = &self.profiled(*options)?.accepted(options.client)?.text;
        serde_json::from_str(text).map_err(|_| Error::new(Code::InvalidSchema, "the written schema did not read back"))
    }

    /// The inputSchema as JSON text, written once per client.
    pub fn input_schema_text(&self, options: &InputSchemaOptions) -> Result<String> {
        Ok(self.profiled(*options)?.accepted(options.client)?.text.to_string())
    }

    /// What the client's profile changes and refuses; never fails for the
    /// schema's sake.
    pub fn check(&self, client: Client) -> Result<Check> {
        let options = InputSchemaOptions {
            client,
            actions_as: None,
        };
        let profiled = self.profiled(options)?;
        let finding = self.command_line_finding();
        if !profiled.report.quiet {
            return Ok(with_finding(Check::new(client, &profiled.report), finding.as_ref()));
        }
        let form = profile::form(client, None)?;
        let full = profiled
            .full
            .get_or_init(|| self.shaped(client, form, profile::Report::default()).report);
        Ok(with_finding(Check::new(client, full), finding.as_ref()))
    }

    /// `NO_COMMAND_LINE` with the reason, for a schema that makes no command
    /// line (MCP clients still take it; `check` says so when it is defined).
    pub(crate) fn command_line_finding(&self) -> Option<error::Finding> {
        self.command().refusal().map(|reason| error::Finding {
            code: error::FindingCode::NoCommandLine,
            pointer: String::new(),
            message: reason.message.clone().into(),
        })
    }

    /// The flag table as JSON: an array of flag entries (for an action
    /// union, each with the actions it belongs to); why there is no command
    /// line when there is none (`FLAG_COLLISION`, ...).
    pub fn flags_json(&self) -> Result<Value> {
        self.command().flags_json(&self.schema)
    }

    /// [`Tool::flags_json`] as JSON text.
    pub fn flags_text(&self) -> Result<String> {
        self.command().flags_text(&self.schema)
    }

    /// argv (without node and script) to nested arguments.
    pub fn parse_argv(&self, argv: &[&str], env: args::Env<'_>) -> Result<Parsed> {
        self.parse_argv_with(argv, env, ArgvOptions::default())
    }

    /// [`Tool::parse_argv`] with options (`allow_positionals`).
    pub fn parse_argv_with(&self, argv: &[&str], env: args::Env<'_>, options: ArgvOptions) -> Result<Parsed> {
        self.command().parse_argv(&self.schema, argv, env, options)
    }

    /// Flat values by flag name to nested arguments.
    pub fn args_from_flag_values(&self, flat: &Map<String, Value>, env: args::Env<'_>) -> Result<Value> {
        self.command().args_from_flag_values(&self.schema, flat, env)
    }

    /// Nested arguments to argv that parses back to them.
    pub fn to_argv(&self, args: &Value) -> Result<Vec<String>> {
        self.command().to_argv(&self.schema, args)
    }

    /// Shell completion: what may follow `words` (typed after the command
    /// name, the last being the word under the cursor).
    pub fn complete(&self, words: &[&str]) -> Result<Vec<Candidate>> {
        self.command().complete(&self.schema, words)
    }

    /// The deprecated flags (`--name`) and action (its words) argv uses,
    /// with their messages, for the warning a command line prints before
    /// it runs.
    #[must_use]
    pub fn deprecated_in(&self, argv: &[&str]) -> Vec<command::Used> {
        self.command().deprecated_in(argv)
    }

    /// Repairs arguments an MCP client sent as JSON text (see [`repair`]).
    #[must_use]
    pub fn repair(&self, args: Value) -> repair::Repaired {
        repair::repair(&self.schema, args, profile::Inverse::default())
    }

    /// Repair, then the inverse of `client`'s profile (its `null` for an
    /// optional field back to absent, and so on).
    #[must_use]
    pub fn repair_for(&self, args: Value, client: Client) -> repair::Repaired {
        repair::repair(&self.schema, args, client.inverse())
    }

    /// Where strings never need repair, as JSON text (see
    /// `repair::string_hints`).
    #[must_use]
    pub fn string_hints(&self) -> String {
        repair::string_hints(&self.schema)
    }

    /// `--help` text. For an action union, the list of actions; with a
    /// topic, one action's flags.
    pub fn usage(&self, request: &UsageRequest) -> Result<String> {
        self.command()
            .usage(self.schema(), &request.usage_options(), request.topic.as_deref())
    }

    /// Help entries, for an action union. The union read in `compile` serves
    /// unless the options ask to read it another way.
    pub fn help(&self, options: &HelpOptions) -> Result<Vec<HelpEntry>> {
        match &self.union {
            Some(union) if options.discriminator.is_none() && !options.strict => {
                help::entries(&self.schema, union, options.topic.as_deref())
            }
            _ => help::help(&self.schema, options),
        }
    }
}
