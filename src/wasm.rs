//! The only file that knows wasm-bindgen. It converts and calls; nothing else.
//!
//! How data crosses (measured choices, see the README):
//! - schemas and arguments come in as JSON text (the JS layer stringifies);
//! - options objects come in as JS values through serde-wasm-bindgen (small,
//!   once per call, and a misspelt key is reported by name);
//! - argv comes in as one string joined with NUL, env as NUL-joined pairs;
//! - results go out as JSON text that the JS layer parses with `JSON.parse`,
//!   which makes plain objects and defines `__proto__` as an own property;
//! - errors go out as a `js_sys::Error` whose message is the error's JSON,
//!   which the JS layer turns into `ToolshapeError`.

use std::cell::RefCell;

use serde::Serialize;
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

use crate::args::{Compact, Item};
use crate::{Client, CompileOptions, Error, Format, Tool, UsageOptions};

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn fail(err: &Error) -> JsValue {
    let error = js_sys::Error::new(&err.to_json());
    error.set_name("ToolshapeWireError");
    error.into()
}

fn option_error(err: &serde_wasm_bindgen::Error) -> JsValue {
    fail(&Error::new(
        crate::Code::InvalidOption,
        format!("invalid options: {err}"),
    ))
}

/// One NUL-joined string to its parts; `count` tells `""` from `[""]`.
fn split_joined(joined: &str, count: usize) -> Vec<&str> {
    if count == 0 {
        Vec::new()
    } else {
        joined.split('\0').collect()
    }
}

/// `name\0value\0name\0value` to a lookup.
fn env_pairs(joined: &str) -> Vec<(&str, &str)> {
    if joined.is_empty() {
        return Vec::new();
    }
    let parts: Vec<&str> = joined.split('\0').collect();
    parts
        .chunks(2)
        .filter_map(|pair| Some((*pair.first()?, *pair.get(1)?)))
        .collect()
}

#[derive(Serialize)]
#[serde(untagged)]
enum Outcome<'a> {
    Parsed {
        ok: bool,
        data: &'a Value,
        rest: &'a [String],
    },
    Built {
        ok: bool,
        data: &'a Value,
    },
    Failed {
        ok: bool,
        error: &'a Error,
    },
}

fn outcome_text(outcome: &Outcome<'_>) -> String {
    serde_json::to_string(outcome).unwrap_or_else(|_| {
        r#"{"ok":false,"error":{"code":"INVALID_ARGS","message":"unserializable result"}}"#.to_owned()
    })
}

/// Bytes of wasm linear memory, for the memory benchmark.
#[wasm_bindgen(js_name = memoryBytes)]
#[must_use]
pub fn memory_bytes() -> usize {
    core::arch::wasm32::memory_size(0).saturating_mul(65536)
}

/// Indexes and counts cross as f64; they are far below 2^53.
#[allow(clippy::cast_precision_loss)]
fn num(n: usize) -> f64 {
    n as f64
}

fn encode_compact(compact: &Compact<'_>, rest: &[usize], argv: &[&str], out: &mut Vec<f64>) -> Option<()> {
    let groups = compact.present.iter().filter(|p| **p).count();
    let values = compact.values().count();
    out.reserve(4 + groups + values * 4 + rest.len());
    out.push(1.0);
    out.push(num(groups));
    out.extend(
        compact
            .present
            .iter()
            .enumerate()
            .filter(|(_, p)| **p)
            .map(|(g, _)| num(g)),
    );
    out.push(num(values));
    for (flag, item) in compact.values() {
        let (kind, a, b) = match item {
            Item::Text {
                text,
                token: Some(index),
            } => {
                let token = argv.get(*index)?;
                let prefix = token.get(..token.len().checked_sub(text.len())?)?;
                // Most flags and values are ASCII: then bytes are UTF-16 units.
                let start = if prefix.is_ascii() {
                    prefix.len()
                } else {
                    prefix.encode_utf16().count()
                };
                (0.0, num(*index), num(start))
            }
            Item::Number(n) => (1.0, n.as_f64()?, 0.0),
            Item::Bool(true) => (2.0, 0.0, 0.0),
            Item::Bool(false) => (3.0, 0.0, 0.0),
            Item::Null => (4.0, 0.0, 0.0),
            Item::Default(_) => (5.0, 0.0, 0.0),
            Item::Text { token: None, .. } | Item::Owned(_) | Item::Json(_) => return None,
        };
        out.extend([num(flag), kind, a, b]);
    }
    out.push(num(rest.len()));
    out.extend(rest.iter().copied().map(num));
    Some(())
}

/// The wasm memory, for the JS layer's view of the fast path's buffer.
#[wasm_bindgen(js_name = wasmMemory)]
#[must_use]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Help entries for an action union: schema as JSON text, options as a JS
/// object; entries out as JSON text.
#[wasm_bindgen]
pub fn help(schema: &str, options: JsValue) -> Result<String, JsValue> {
    let options: crate::help::HelpOptions = if options.is_undefined() || options.is_null() {
        crate::help::HelpOptions::default()
    } else {
        let value: Value = serde_wasm_bindgen::from_value(options).map_err(|e| option_error(&e))?;
        serde_json::from_value(value).map_err(|e| {
            fail(&Error::new(
                crate::Code::InvalidOption,
                format!("invalid help options: {e}"),
            ))
        })?
    };
    let entries = crate::help_text(schema, &options).map_err(|e| fail(&e))?;
    Ok(serde_json::to_string(&entries).unwrap_or_else(|_| "[]".to_owned()))
}

fn help_options(options: JsValue) -> Result<crate::help::HelpOptions, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(crate::help::HelpOptions::default());
    }
    let value: Value = serde_wasm_bindgen::from_value(options).map_err(|e| option_error(&e))?;
    serde_json::from_value(value).map_err(|e| {
        fail(&Error::new(
            crate::Code::InvalidOption,
            format!("invalid help options: {e}"),
        ))
    })
}

/// Formats help entries (JSON text) as `markdown` or `json`.
#[wasm_bindgen(js_name = formatHelp)]
pub fn format_help(entries: &str, format: &str) -> Result<String, JsValue> {
    let value = crate::schema::parse_json_text(entries, "the help entries").map_err(|e| fail(&e))?;
    let entries = crate::help::parse_entries(value).map_err(|e| fail(&e))?;
    Ok(match format {
        "json" => crate::help::format_json(&entries),
        _ => crate::help::format_markdown(&entries),
    })
}

#[wasm_bindgen]
pub struct WasmTool {
    tool: Tool,
    /// The fast path's answer, kept between calls so each parse reuses one
    /// buffer that JS reads in place through a view of wasm memory.
    out: RefCell<Vec<f64>>,
    /// The fast path's answer when numbers cannot carry it (an error, or a
    /// value only JSON carries): outcome JSON, taken once by `takeAnswer`.
    answer: RefCell<String>,
}

#[wasm_bindgen]
impl WasmTool {
    /// Compiles JSON Schema text with options given as a JS object.
    #[wasm_bindgen(constructor)]
    pub fn new(schema: &str, options: JsValue) -> Result<WasmTool, JsValue> {
        let options: CompileOptions = if options.is_undefined() || options.is_null() {
            CompileOptions::default()
        } else {
            // Through a Value, not straight into the struct: serde-wasm-bindgen
            // reads only the struct's own field names from a JS object, so a
            // misspelt option would pass unseen; serde_json reports it.
            let value: Value = serde_wasm_bindgen::from_value(options).map_err(|e| option_error(&e))?;
            CompileOptions::from_value(value).map_err(|e| fail(&e))?
        };
        Tool::compile_text(schema, &options)
            .map(|tool| WasmTool {
                tool,
                out: RefCell::new(Vec::new()),
                answer: RefCell::new(String::new()),
            })
            .map_err(|e| fail(&e))
    }

    #[wasm_bindgen(js_name = inputSchema)]
    pub fn input_schema(&self, client: &str, flatten_actions: bool) -> Result<String, JsValue> {
        let client = Client::parse(client).map_err(|e| fail(&e))?;
        if flatten_actions {
            return Ok(self.tool.input_schema_flat(client).to_string());
        }
        Ok(self.tool.input_schema_text(client))
    }

    /// Whether the tool is an action union (its argv starts with an action).
    #[wasm_bindgen(js_name = isActions)]
    pub fn is_actions(&self) -> bool {
        self.tool.actions().is_some()
    }

    /// Help entries for an action-union tool, as JSON text.
    pub fn help(&self, options: JsValue) -> Result<String, JsValue> {
        let options = help_options(options)?;
        let entries = self.tool.help(&options).map_err(|e| fail(&e))?;
        Ok(serde_json::to_string(&entries).unwrap_or_else(|_| "[]".to_owned()))
    }

    pub fn flags(&self) -> String {
        self.tool.flags_text()
    }

    /// argv as NUL-joined text; the result is outcome JSON (`ok`, `data`, `rest` or `error`).
    #[wasm_bindgen(js_name = parseArgv)]
    pub fn parse_argv(&self, argv: &str, count: usize, env: &str) -> String {
        let argv = split_joined(argv, count);
        self.parse(&argv, env)
    }

    /// The group structure for the JS object builder (see `Tool::plan_text`).
    pub fn plan(&self) -> String {
        self.tool.plan_text()
    }

    /// The fast path of `parseArgv`: numbers written to the buffer at
    /// `outPtr()`, and the count returned. Layout:
    /// `[1, nPresent, group..., nValues, (flag, kind, a, b)..., nRest, token...]`
    /// with kinds 0 text (argv[a] from UTF-16 offset b), 1 number a, 2 true,
    /// 3 false, 4 null, 5 the flag's default. `[2]` means the answer is
    /// outcome JSON, from `takeAnswer()` (an error, or a value only JSON
    /// carries), so nothing is parsed twice. 0: use `parseArgv` (argv
    /// holding NUL, or an action union).
    #[wasm_bindgen(js_name = parseArgvFast)]
    pub fn parse_argv_fast(&self, argv: &str, count: usize) -> usize {
        let (Ok(mut out), Ok(mut answer)) = (self.out.try_borrow_mut(), self.answer.try_borrow_mut()) else {
            return 0;
        };
        out.clear();
        let argv = split_joined(argv, count);
        // An argument holding NUL splits into more parts than there are
        // arguments: the JSON path reads those exactly.
        if argv.len() != count {
            return 0;
        }
        *answer = match self.tool.parse_argv_compact(&argv, &|_| None) {
            Ok(None) => return 0,
            Ok(Some((compact, rest))) => {
                if encode_compact(&compact, &rest, &argv, &mut out).is_some() {
                    return out.len();
                }
                out.clear();
                let rest: Vec<String> = rest
                    .iter()
                    .filter_map(|&i| argv.get(i))
                    .map(|s| (*s).to_owned())
                    .collect();
                outcome_text(&Outcome::Parsed {
                    ok: true,
                    data: &compact.into_value(),
                    rest: &rest,
                })
            }
            Err(error) => outcome_text(&Outcome::Failed {
                ok: false,
                error: &error,
            }),
        };
        out.push(2.0);
        out.len()
    }

    /// The outcome JSON `parseArgvFast` left when it answered `[2]`.
    #[wasm_bindgen(js_name = takeAnswer)]
    pub fn take_answer(&self) -> String {
        self.answer
            .try_borrow_mut()
            .map(|mut a| std::mem::take(&mut *a))
            .unwrap_or_default()
    }

    /// Where `parseArgvFast` wrote its numbers, as a byte offset in wasm memory.
    #[wasm_bindgen(js_name = outPtr)]
    pub fn out_ptr(&self) -> usize {
        self.out.try_borrow().map_or(0, |out| out.as_ptr() as usize)
    }

    /// argv as a JSON array, for argv whose strings contain NUL.
    #[wasm_bindgen(js_name = parseArgvJson)]
    pub fn parse_argv_json(&self, argv: &str, env: &str) -> String {
        match serde_json::from_str::<Vec<String>>(argv) {
            Ok(list) => {
                let refs: Vec<&str> = list.iter().map(String::as_str).collect();
                self.parse(&refs, env)
            }
            Err(err) => outcome_text(&Outcome::Failed {
                ok: false,
                error: &Error::new(
                    crate::Code::InvalidArgs,
                    format!("argv must be an array of strings: {err}"),
                ),
            }),
        }
    }

    fn parse(&self, argv: &[&str], env: &str) -> String {
        let pairs = env_pairs(env);
        let lookup = |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned());
        match self.tool.parse_argv(argv, &lookup) {
            Ok(parsed) => outcome_text(&Outcome::Parsed {
                ok: true,
                data: &parsed.data,
                rest: &parsed.rest,
            }),
            Err(error) => outcome_text(&Outcome::Failed {
                ok: false,
                error: &error,
            }),
        }
    }

    /// Flat values as JSON object text; outcome JSON like `parseArgv`.
    pub fn reconstruct(&self, flat: &str, env: &str) -> String {
        let flat: Map<String, Value> = match crate::schema::parse_json_text(flat, "the flat values") {
            Ok(Value::Object(map)) => map,
            Ok(_) => {
                let error = Error::new(crate::Code::InvalidArgs, "reconstruct takes an object of flag values");
                return outcome_text(&Outcome::Failed {
                    ok: false,
                    error: &error,
                });
            }
            Err(error) => {
                return outcome_text(&Outcome::Failed {
                    ok: false,
                    error: &error,
                })
            }
        };
        let pairs = env_pairs(env);
        let lookup = |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned());
        match self.tool.reconstruct(&flat, &lookup) {
            Ok(data) => outcome_text(&Outcome::Built { ok: true, data: &data }),
            Err(error) => outcome_text(&Outcome::Failed {
                ok: false,
                error: &error,
            }),
        }
    }

    /// Arguments as JSON text to `{ value, repairs }` as JSON text.
    pub fn repair(&self, args: &str) -> Result<String, JsValue> {
        let args = crate::schema::parse_json_text(args, "the arguments").map_err(|e| fail(&e))?;
        let repaired = self.tool.repair(args);
        Ok(serde_json::to_string(&repaired).unwrap_or_else(|_| r#"{"value":null,"repairs":[]}"#.to_owned()))
    }

    /// The string-hint tree for the JS layer's quick check.
    #[wasm_bindgen(js_name = stringHints)]
    pub fn string_hints(&self) -> String {
        self.tool.string_hints_text()
    }

    /// Arguments as JSON text to argv as a JSON array of strings.
    #[wasm_bindgen(js_name = toArgv)]
    pub fn to_argv(&self, args: &str) -> Result<String, JsValue> {
        let args = crate::schema::parse_json_text(args, "the arguments").map_err(|e| fail(&e))?;
        let tokens = self.tool.to_argv(&args).map_err(|e| fail(&e))?;
        Ok(serde_json::to_string(&tokens).unwrap_or_else(|_| "[]".to_owned()))
    }

    #[allow(clippy::needless_pass_by_value)] // wasm-bindgen passes an optional JS string by value
    pub fn usage(&self, format: &str, width: usize, topic: Option<String>) -> Result<String, JsValue> {
        let format = match format {
            "text" => Format::Text,
            "markdown" => Format::Markdown,
            other => {
                return Err(fail(&Error::new(
                    crate::Code::InvalidOption,
                    format!("usage format \"{other}\" is not one of: text, markdown"),
                )))
            }
        };
        self.tool
            .usage(&UsageOptions { format, width }, topic.as_deref())
            .map_err(|e| fail(&e))
    }
}
