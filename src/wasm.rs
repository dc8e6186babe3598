//! The only file that knows wasm-bindgen: `#[wasm_bindgen]` shims that take
//! JSON text, call the core, and hand JSON text back (the one way across is
//! `wire.rs`); errors leave through [`fail`], thrown as the error's JSON
//! text, which the JS layer rethrows as `ToolshapeError`.

// wasm-bindgen hands an optional JS string over as an owned `Option<String>`.
#![allow(clippy::needless_pass_by_value)]

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::grouped::GroupTool;
use crate::options::{read_text, ParseOptions};
use crate::wire;
use crate::{
    help, Commands, CommandsOptions, CompileOptions, Error, HelpOptions, InputSchemaOptions, Tool, UsageRequest,
};

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JS string, not a JS `Error`: an `Error` made here would capture a
/// stack through wasm frames, and the JS layer makes the one the caller
/// sees anyway (a refused profile paid more for the two than for the
/// refusal).
fn fail(err: &Error) -> JsValue {
    JsValue::from_str(&err.to_json())
}

fn thrown<T>(result: crate::Result<T>) -> Result<T, JsValue> {
    result.map_err(|e| fail(&e))
}

/// Bytes of wasm linear memory, for the memory benchmark.
#[wasm_bindgen(js_name = memoryBytes)]
#[must_use]
pub fn memory_bytes() -> usize {
    core::arch::wasm32::memory_size(0).saturating_mul(65536)
}

/// Every error and issue code, for the declarations' test.
#[wasm_bindgen]
#[must_use]
pub fn codes() -> String {
    crate::error::codes_json()
}

/// Whether repair with `client` undoes anything on a `null` (the JS quick
/// check must then look at nulls too); an unknown name is an error.
#[wasm_bindgen(js_name = clientNullsMatter)]
pub fn client_nulls_matter(client: &str) -> Result<bool, JsValue> {
    thrown(crate::Client::parse(client).map(|c| c.inverse().null_means_absent))
}

/// The free `check(schema, client | "all")`.
#[wasm_bindgen(js_name = checkSchema)]
pub fn check_schema(schema: &str, client: &str) -> Result<String, JsValue> {
    crate::headroom::keep(schema.len());
    thrown(wire::check_schema_text(schema, client))
}

/// `createNameTable`: the names of JSON identifiers, as a JSON array.
#[wasm_bindgen(js_name = nameTable)]
pub fn name_table(ids: &str, options: Option<String>) -> Result<String, JsValue> {
    crate::headroom::keep(ids.len());
    thrown(wire::name_table_text(ids, options.as_deref()))
}

/// Throws the `UNKNOWN_TOOL` error of a name table's `name(id)`, for an
/// identifier it lacks.
#[wasm_bindgen(js_name = unknownTool)]
pub fn unknown_tool(ids: &str, id: &str) -> Result<(), JsValue> {
    Err(fail(&wire::unknown_tool_error(ids, id)))
}

/// `parseToolIdentifier`: the identifier, or the error naming the field.
#[wasm_bindgen(js_name = parseToolIdentifier)]
pub fn parse_tool_identifier(value: &str) -> Result<String, JsValue> {
    thrown(wire::tool_identifier_text(value))
}

/// Why `word` cannot be a command word (the message `compileCommands`
/// throws for it), if it cannot.
#[wasm_bindgen(js_name = commandWordProblem)]
#[must_use]
pub fn command_word_problem(word: &str) -> Option<String> {
    crate::commands::command_word_error(word).map(|error| error.message.clone())
}

/// The closest of candidates (a JSON array) to `typed`, if one is close enough.
#[wasm_bindgen]
pub fn closest(typed: &str, candidates: &str) -> Result<Option<String>, JsValue> {
    thrown(wire::closest_text(typed, candidates))
}

/// A grouped tool, defined once and kept: its tools are compiled here
/// from its own schemas when first asked for.
#[wasm_bindgen]
pub struct WasmGroup {
    group: GroupTool,
}

#[wasm_bindgen]
impl WasmGroup {
    #[wasm_bindgen(constructor)]
    pub fn new(definition: &str) -> Result<WasmGroup, JsValue> {
        crate::headroom::keep(definition.len());
        Ok(WasmGroup {
            group: thrown(wire::define_group(definition))?,
        })
    }

    /// What the core computed of the definition, without its schemas.
    pub fn outline(&self) -> String {
        wire::json_text(&self.group.outline())
    }

    /// The `oneOf` form of the grouped schema (the `mcp` client's `actionsAs: "oneOf"`).
    #[wasm_bindgen(js_name = oneOfSchema)]
    pub fn one_of_schema(&self) -> String {
        wire::json_text(&self.group.group().one_of_schema)
    }

    #[wasm_bindgen(js_name = schemaTool)]
    pub fn schema_tool(&self) -> Result<WasmTool, JsValue> {
        thrown(self.group.schema_tool()).map(|tool| WasmTool { tool })
    }

    #[wasm_bindgen(js_name = actionTool)]
    pub fn action_tool(&self, index: usize) -> Result<WasmTool, JsValue> {
        thrown(self.group.action_tool(index)).map(|tool| WasmTool { tool })
    }

    /// The command line's tool; with options (compile's, as JSON text), one
    /// compiled under them.
    #[wasm_bindgen(js_name = commandTool)]
    pub fn command_tool(&self, options: Option<String>) -> Result<WasmTool, JsValue> {
        let Some(options) = options else {
            return thrown(self.group.command_tool()).map(|tool| WasmTool { tool });
        };
        crate::headroom::keep(options.len());
        let options: CompileOptions = thrown(read_text(Some(&options), "cli"))?;
        thrown(self.group.command_tool_with(&options)).map(|tool| WasmTool { tool: Rc::new(tool) })
    }

    pub fn help(&self) -> Result<String, JsValue> {
        thrown(self.group.help()).map(|entries| wire::json_text(&entries))
    }
}

#[wasm_bindgen]
pub fn help(schema: &str, options: Option<String>) -> Result<String, JsValue> {
    crate::headroom::keep(schema.len());
    let options: HelpOptions = thrown(read_text(options.as_deref(), "actionHelp"))?;
    thrown(crate::help_text(schema, &options).map(|e| wire::json_text(&e)))
}

#[wasm_bindgen(js_name = formatHelp)]
pub fn format_help(entries: &str, format: &str) -> Result<String, JsValue> {
    thrown(help::format_entries_text(entries, format))
}

/// Refuses parseArgv options with an unknown key (read only when a key
/// other than `env` is present).
#[wasm_bindgen(js_name = checkParseOptions)]
pub fn check_parse_options(options: &str) -> Result<(), JsValue> {
    thrown(read_text::<ParseOptions>(Some(options), "parseArgv").map(|_| ()))
}

#[wasm_bindgen]
pub struct WasmTool {
    /// Shared with the command sets it is added to (`Commands::add`).
    tool: Rc<Tool>,
}

#[wasm_bindgen]
impl WasmTool {
    #[wasm_bindgen(constructor)]
    pub fn new(schema: &str, options: Option<String>) -> Result<WasmTool, JsValue> {
        crate::headroom::keep(schema.len());
        let options: CompileOptions = thrown(read_text(options.as_deref(), "compile"))?;
        let tool = thrown(Tool::compile_text(schema, &options))?;
        Ok(WasmTool { tool: Rc::new(tool) })
    }

    #[wasm_bindgen(js_name = inputSchema)]
    pub fn input_schema(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let options: InputSchemaOptions = thrown(read_text(options.as_deref(), "inputSchema"))?;
        thrown(self.tool.input_schema_text(&options))
    }

    #[wasm_bindgen(js_name = isActions)]
    pub fn is_actions(&self) -> bool {
        self.tool.is_action_union()
    }

    pub fn help(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let options: HelpOptions = thrown(read_text(options.as_deref(), "actionHelp"))?;
        thrown(self.tool.help(&options).map(|e| wire::json_text(&e)))
    }

    /// The environment variables a parse reads, as a JSON array.
    #[wasm_bindgen(js_name = envNames)]
    pub fn env_names(&self) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        thrown(self.tool.command().env_names().map(|names| wire::json_text(&names)))
    }

    pub fn flags(&self) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        thrown(self.tool.flags_text())
    }

    /// Shell completion; `words` is a JSON array of strings.
    pub fn complete(&self, words: &str) -> Result<String, JsValue> {
        crate::headroom::keep(words.len());
        thrown(wire::complete_text(words, &|refs| self.tool.complete(refs)))
    }

    /// The deprecated flags and action argv uses; `argv` is a JSON array of strings.
    #[wasm_bindgen(js_name = deprecatedIn)]
    pub fn deprecated_in(&self, argv: &str) -> Result<String, JsValue> {
        crate::headroom::keep(argv.len());
        thrown(wire::deprecated_text(argv, &self.tool))
    }

    /// `parseArgv`: a parse request `{ argv, env, allowPositionals, partial }`
    /// as JSON text, answered as outcome JSON.
    #[wasm_bindgen(js_name = parseArgv)]
    pub fn parse_argv(&self, request: &str) -> String {
        crate::headroom::keep(request.len());
        wire::parse_outcome(&self.tool, request)
    }

    /// `fromFlagValues`: `{ flat, env }` as JSON text, answered as outcome JSON.
    #[wasm_bindgen(js_name = fromFlagValues)]
    pub fn args_from_flag_values(&self, request: &str) -> String {
        crate::headroom::keep(request.len());
        wire::from_flag_values_outcome(&self.tool, request)
    }

    pub fn repair(&self, args: &str, client: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(args.len());
        thrown(wire::repair_text(&self.tool, args, client.as_deref()))
    }

    pub fn check(&self, client: &str) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        thrown(wire::check_text(&self.tool, client))
    }

    #[wasm_bindgen(js_name = stringHints)]
    pub fn string_hints(&self) -> String {
        self.tool.string_hints()
    }

    #[wasm_bindgen(js_name = toArgv)]
    pub fn to_argv(&self, args: &str) -> Result<String, JsValue> {
        crate::headroom::keep(args.len());
        thrown(wire::to_argv_text(&self.tool, args))
    }

    pub fn usage(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let request: UsageRequest = thrown(read_text(options.as_deref(), "usage"))?;
        thrown(self.tool.usage(&request))
    }
}

/// Several tools as subcommands. Each added tool is copied in, so the set
/// lives on when a tool is freed.
#[wasm_bindgen]
pub struct WasmCommands {
    commands: Commands,
}

#[wasm_bindgen]
impl WasmCommands {
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<String>) -> Result<WasmCommands, JsValue> {
        let options: CommandsOptions = thrown(read_text(options.as_deref(), "compileCommands"))?;
        Ok(WasmCommands {
            commands: thrown(Commands::new(&options))?,
        })
    }

    pub fn add(&mut self, name: &str, tool: &WasmTool) -> Result<(), JsValue> {
        crate::headroom::keep(0);
        thrown(self.commands.add(name, Rc::clone(&tool.tool)))
    }

    pub fn finish(&self) -> Result<(), JsValue> {
        thrown(self.commands.finish())
    }

    /// `parseArgv`: a parse request as JSON text, answered as outcome JSON
    /// with the command word.
    #[wasm_bindgen(js_name = parseArgv)]
    pub fn parse_argv(&self, request: &str) -> String {
        crate::headroom::keep(request.len());
        wire::commands_outcome(&self.commands, request)
    }

    /// Shell completion; `words` is a JSON array of strings.
    pub fn complete(&self, words: &str) -> Result<String, JsValue> {
        crate::headroom::keep(words.len());
        thrown(wire::complete_text(words, &|refs| Ok(self.commands.complete(refs))))
    }

    pub fn usage(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let request: UsageRequest = thrown(read_text(options.as_deref(), "usage"))?;
        thrown(self.commands.usage(&request.usage_options(), request.topic.as_deref()))
    }
}
