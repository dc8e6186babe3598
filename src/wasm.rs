//! The only file that knows wasm-bindgen: `#[wasm_bindgen]` shims that take
//! the input as it crosses, call the core, and hand the result back. How each
//! kind of data crosses is `wire.rs`; errors leave through [`fail`], thrown
//! as the error's JSON text, which the JS layer rethrows as
//! `ToolshapeError`.

// wasm-bindgen hands an optional JS string over as an owned `Option<String>`.
#![allow(clippy::needless_pass_by_value)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::options::{read_text, ParseOptions};
use crate::wire::{self, FastParse};
use crate::{
    help, ArgvOptions, Commands, CommandsOptions, CompileOptions, Error, HelpOptions, InputSchemaOptions, Tool,
    UsageRequest,
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

/// An argv parse's options, once memory has room for a parse of `argv`
/// (see `headroom`): what every argv export does first.
fn argv_call(argv: &str, allow_positionals: bool, partial: bool) -> ArgvOptions {
    crate::headroom::keep(argv.len());
    ArgvOptions {
        allow_positionals,
        partial,
    }
}

/// Bytes of wasm linear memory, for the memory benchmark.
#[wasm_bindgen(js_name = memoryBytes)]
#[must_use]
pub fn memory_bytes() -> usize {
    core::arch::wasm32::memory_size(0).saturating_mul(65536)
}

/// The wasm memory, for the JS layer's view of the fast parse's buffer.
#[wasm_bindgen(js_name = wasmMemory)]
#[must_use]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Where the tape of the schema just answered starts (0: parse its text).
#[wasm_bindgen(js_name = schemaTape)]
#[must_use]
pub fn schema_tape() -> usize {
    wire::tape::kept_at()
}

/// The fast parse's buffer layout as JSON.
#[wasm_bindgen(js_name = wireLayout)]
#[must_use]
pub fn wire_layout() -> String {
    wire::layout_json()
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

/// `createNameTable` for identifiers whose parts crossed NUL-terminated.
#[wasm_bindgen(js_name = nameTableParts)]
pub fn name_table_parts(parts: &str, options: Option<String>) -> Result<String, JsValue> {
    crate::headroom::keep(parts.len());
    thrown(wire::name_table_parts(parts, options.as_deref()))
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

/// The closest of NUL-joined candidates to `typed`, if one is close enough.
#[wasm_bindgen]
#[must_use]
pub fn closest(typed: &str, candidates: &str) -> Option<String> {
    wire::closest_text(typed, candidates)
}

/// A grouped tool's definition to what the core computes of it.
#[wasm_bindgen(js_name = defineGroup)]
pub fn define_group(definition: &str) -> Result<String, JsValue> {
    crate::headroom::keep(definition.len());
    thrown(wire::define_group_text(definition))
}

#[wasm_bindgen]
pub fn help(schema: &str, options: Option<String>) -> Result<String, JsValue> {
    crate::headroom::keep(schema.len());
    let options: HelpOptions = thrown(read_text(options.as_deref(), "help"))?;
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
    fast: RefCell<FastParse>,
}

#[wasm_bindgen]
impl WasmTool {
    #[wasm_bindgen(constructor)]
    pub fn new(schema: &str, options: Option<String>) -> Result<WasmTool, JsValue> {
        crate::headroom::keep(schema.len());
        let options: CompileOptions = thrown(read_text(options.as_deref(), "compile"))?;
        let tool = thrown(Tool::compile_text(schema, &options))?;
        Ok(WasmTool {
            tool: Rc::new(tool),
            fast: RefCell::new(FastParse::default()),
        })
    }

    #[wasm_bindgen(js_name = inputSchema)]
    pub fn input_schema(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let options: InputSchemaOptions = thrown(read_text(options.as_deref(), "inputSchema"))?;
        self.schema_answer(options)
    }

    /// `inputSchema({ client })`, the client's name crossing alone.
    #[wasm_bindgen(js_name = inputSchemaFor)]
    pub fn input_schema_for(&self, client: &str) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let options: InputSchemaOptions = thrown(crate::options::read_client(client, "inputSchema"))?;
        self.schema_answer(options)
    }

    /// The schema's text, JS pointed at its tape (`wire::tape`).
    fn schema_answer(&self, options: InputSchemaOptions) -> Result<String, JsValue> {
        thrown(
            self.tool
                .input_schema_taped(&options)
                .map(|(text, tape)| wire::tape::answer(text, tape)),
        )
    }

    #[wasm_bindgen(js_name = isActions)]
    pub fn is_actions(&self) -> bool {
        self.tool.is_action_union()
    }

    pub fn help(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let options: HelpOptions = thrown(read_text(options.as_deref(), "help"))?;
        thrown(self.tool.help(&options).map(|e| wire::json_text(&e)))
    }

    pub fn flags(&self) -> String {
        crate::headroom::keep(0);
        wire::flags_text(&self.tool)
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

    pub fn plan(&self) -> String {
        wire::plan_json(&self.tool)
    }

    #[wasm_bindgen(js_name = actionPlan)]
    pub fn action_plan(&self, action: usize) -> String {
        wire::action_plan_json(&self.tool, action)
    }

    #[wasm_bindgen(js_name = parseArgv)]
    pub fn parse_argv(&self, argv: &str, count: usize, env: &str, allow_positionals: bool, partial: bool) -> String {
        let options = argv_call(argv, allow_positionals, partial);
        wire::parse_outcome(&self.tool, &wire::split_argv(argv, count), env, options)
    }

    #[wasm_bindgen(js_name = parseArgvJson)]
    pub fn parse_argv_json(&self, argv: &str, env: &str, allow_positionals: bool, partial: bool) -> String {
        let options = argv_call(argv, allow_positionals, partial);
        wire::parse_json_outcome(&self.tool, argv, env, options)
    }

    /// Where JS writes argv for [`WasmTool::parse_argv_fast`]: a byte
    /// offset in wasm memory with room for at least `bytes` bytes, kept
    /// by the tool (0 when the tool is busy or `bytes` is past the limit).
    #[wasm_bindgen(js_name = argvRoom)]
    pub fn argv_room(&self, bytes: usize) -> usize {
        self.fast.try_borrow_mut().map_or(0, |mut fast| {
            fast.input_room(bytes).map_or(0, |room| room.as_ptr() as usize)
        })
    }

    /// Parses the `len` bytes of NUL-joined argv JS wrote at
    /// [`WasmTool::argv_room`]. Returns where the answer's numbers start,
    /// as a byte offset in wasm memory (never 0: a vector holding numbers
    /// is allocated), or 0 when the general path must answer. One call,
    /// and no string crossing: argv is already in place.
    #[wasm_bindgen(js_name = parseArgvFast)]
    pub fn parse_argv_fast(&self, len: usize, count: usize, allow_positionals: bool) -> usize {
        let options = ArgvOptions {
            allow_positionals,
            partial: false,
        };
        self.fast.try_borrow_mut().map_or(0, |mut fast| {
            if fast.parse_input(&self.tool, len, count, options) == 0 {
                0
            } else {
                fast.numbers().as_ptr() as usize
            }
        })
    }

    #[wasm_bindgen(js_name = takeAnswer)]
    pub fn take_answer(&self) -> String {
        self.fast
            .try_borrow_mut()
            .map(|mut fast| fast.take_answer())
            .unwrap_or_default()
    }

    pub fn reconstruct(&self, flat: &str, env: &str) -> String {
        crate::headroom::keep(flat.len());
        wire::reconstruct_outcome(&self.tool, flat, env)
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

    #[wasm_bindgen(js_name = parseArgv)]
    pub fn parse_argv(&self, argv: &str, count: usize, env: &str, allow_positionals: bool, partial: bool) -> String {
        let options = argv_call(argv, allow_positionals, partial);
        wire::commands_outcome(&self.commands, &wire::split_argv(argv, count), env, options)
    }

    #[wasm_bindgen(js_name = parseArgvJson)]
    pub fn parse_argv_json(&self, argv: &str, env: &str, allow_positionals: bool, partial: bool) -> String {
        let options = argv_call(argv, allow_positionals, partial);
        wire::commands_json_outcome(&self.commands, argv, env, options)
    }

    /// Shell completion; `words` is a JSON array of strings.
    pub fn complete(&self, words: &str) -> Result<String, JsValue> {
        crate::headroom::keep(words.len());
        thrown(wire::complete_text(words, &|refs| self.commands.complete(refs)))
    }

    pub fn usage(&self, options: Option<String>) -> Result<String, JsValue> {
        crate::headroom::keep(0);
        let request: UsageRequest = thrown(read_text(options.as_deref(), "usage"))?;
        thrown(self.commands.usage(&request.usage_options(), request.topic.as_deref()))
    }
}
