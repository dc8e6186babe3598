//! How data crosses between the core and the JS layer, one way per kind of
//! call (measured choices; see the README):
//!
//! - schemas, arguments and options come in as JSON text;
//! - argv comes in as one string joined with NUL (its count tells `[]` from
//!   `[""]`), for the fast parse written by JS straight into room kept in
//!   the tool ([`FastParse::input_room`]); the environment as NUL-joined
//!   name/value pairs;
//! - results go out as JSON text, which `JSON.parse` turns into plain
//!   objects where `__proto__` is an own property;
//! - a schema (`inputSchema`) goes out as its text and a tape of its
//!   structure (the writer's, kept in the tool, or one scanned: [`tape`]),
//!   from which JS builds the object in about half the time `JSON.parse`
//!   takes, `__proto__` defined as an own property;
//! - a parse or reconstruct answers "outcome" JSON (`ok` and `data`/`rest`,
//!   or `error`), so a failure costs no exception across the boundary;
//! - the fast parse writes numbers into a buffer kept in the tool, which JS
//!   reads through a view of wasm memory (layout in [`layout`]).
//!
//! Compiled for wasm32 and for tests, so every encoding is tested natively.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::args::{Item, Scratch, ScratchVec};
use crate::argv::ArgvOptions;
use crate::command::{Candidate, CompactParse};
use crate::error::{Code, Error, Result};
use crate::flags::{FlagTable, Member};
use crate::limits::{MAX_ARGV_ROOM_BYTES, MAX_KEPT_SCRATCH_BYTES};
use crate::{Commands, Tool};

pub mod tape;

/// The fast parse's buffer layout. JS reads these names from
/// [`layout_json`], so each number is written once, here.
pub mod layout {
    /// First slot: the numbers that follow carry the whole answer.
    pub const ANSWER_NUMBERS: f64 = 1.0;
    /// First slot: the answer is outcome JSON, taken with `takeAnswer`.
    pub const ANSWER_JSON: f64 = 2.0;
    /// First slot, for an action union: the next number is the action's
    /// position (see `actionPlan`), then an [`ANSWER_NUMBERS`] answer for
    /// its own flag table, argv indexes counted over the whole argv.
    pub const ANSWER_ACTION: f64 = 3.0;
    /// A value's kind: text, `argv[a]` from UTF-16 offset `b`.
    pub const KIND_TEXT: f64 = 0.0;
    /// A value's kind: the number `a`.
    pub const KIND_NUMBER: f64 = 1.0;
    pub const KIND_TRUE: f64 = 2.0;
    pub const KIND_FALSE: f64 = 3.0;
    pub const KIND_NULL: f64 = 4.0;
    /// A value's kind: the flag's default from the flag table.
    pub const KIND_DEFAULT: f64 = 5.0;
}

/// The layout constants as JSON, for the JS decoder.
///
/// Written by hand rather than through `serde_json::json!`: every program
/// asks for this on its first schema or parse, and the map, hashing and
/// float formatting a `Value` brings were 14 KB of code V8 compiled for that
/// one call, about 1 ms of start-up. Names and strings are plain ASCII with
/// nothing to escape; a test holds the text to the `json!` it replaces.
#[must_use]
pub fn layout_json() -> String {
    use layout::{
        ANSWER_ACTION, ANSWER_JSON, ANSWER_NUMBERS, KIND_DEFAULT, KIND_FALSE, KIND_NULL, KIND_NUMBER, KIND_TEXT,
        KIND_TRUE,
    };
    let answers = [
        ("answerNumbers", ANSWER_NUMBERS),
        ("answerJson", ANSWER_JSON),
        ("answerAction", ANSWER_ACTION),
        ("kindText", KIND_TEXT),
        ("kindNumber", KIND_NUMBER),
        ("kindTrue", KIND_TRUE),
        ("kindFalse", KIND_FALSE),
        ("kindNull", KIND_NULL),
        ("kindDefault", KIND_DEFAULT),
    ];
    let ops = [
        ("object", tape::op::OBJECT),
        ("array", tape::op::ARRAY),
        ("known", tape::op::KNOWN),
        ("text", tape::op::TEXT),
        ("escaped", tape::op::ESCAPED),
        ("number", tape::op::NUMBER),
        ("true", tape::op::TRUE),
        ("false", tape::op::FALSE),
        ("null", tape::op::NULL),
        ("names", tape::op::NAMES),
        ("orNull", tape::op::OR_NULL),
    ];
    let mut out = String::with_capacity(1024);
    out.push('{');
    for (name, value) in answers {
        push_member(&mut out, name, whole(value));
    }
    out.push_str("\"tape\":{");
    for (name, value) in ops {
        push_member(&mut out, name, value);
    }
    out.push_str("\"strings\":[");
    for (i, known) in tape::KNOWN.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_quoted(&mut out, known);
    }
    out.push_str("]}}");
    out
}

/// `"name":value,` for [`layout_json`].
fn push_member(out: &mut String, name: &str, value: u32) {
    push_quoted(out, name);
    out.push(':');
    push_digits(out, value);
    out.push(',');
}

/// Digits by hand: `Display` would bring the formatting machinery.
fn push_digits(out: &mut String, value: u32) {
    if value >= 10 {
        push_digits(out, value / 10);
    }
    out.push(char::from_digit(value % 10, 10).unwrap_or('0'));
}

/// A name or table string in quotes; none of them holds a character JSON escapes.
fn push_quoted(out: &mut String, text: &str) {
    out.push('"');
    out.push_str(text);
    out.push('"');
}

/// A layout constant as the whole number it is (each is a small count).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // the constants are whole numbers under ten; the test holds each to the text
fn whole(value: f64) -> u32 {
    value as u32
}

/// Any serializable result as JSON text. Serializing plain data cannot
/// fail; should it, the answer is still valid JSON naming the failure.
pub fn json_text<T: Serialize + ?Sized>(value: &T) -> String {
    crate::json_out::to_string(value)
        .unwrap_or_else(|_| Error::new(Code::InvalidArgs, "the result could not be written as JSON").to_json())
}

/// One NUL-joined string to its parts; `count` tells `""` from `[""]`.
#[must_use]
pub fn split_argv(joined: &str, count: usize) -> Vec<&str> {
    let mut parts = Vec::with_capacity(count);
    parts.extend(joined_parts(joined, count));
    parts
}

/// The parts of argv joined with NUL (how JS hands it over), `count` of
/// them when none holds NUL.
fn joined_parts(joined: &str, count: usize) -> impl Iterator<Item = &str> {
    // A byte scan: `split('\0')` sets up a searcher and calls memchr per
    // part, more than the parts' few bytes cost to look at.
    let mut bytes = joined.bytes().enumerate();
    let mut start = 0;
    let mut done = count == 0;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        for (at, byte) in bytes.by_ref() {
            if byte == 0 {
                let part = joined.get(start..at).unwrap_or_default();
                start = at + 1;
                return Some(part);
            }
        }
        done = true;
        Some(joined.get(start..).unwrap_or_default())
    })
}

/// The environment as `name\0value\0name\0value`.
pub struct EnvPairs<'a>(Vec<(&'a str, &'a str)>);

impl<'a> EnvPairs<'a> {
    #[must_use]
    pub fn new(joined: &'a str) -> Self {
        if joined.is_empty() {
            return EnvPairs(Vec::new());
        }
        let parts: Vec<&str> = joined.split('\0').collect();
        EnvPairs(
            parts
                .chunks(2)
                .filter_map(|pair| Some((*pair.first()?, *pair.get(1)?)))
                .collect(),
        )
    }

    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Outcome<'a> {
    Command {
        ok: bool,
        command: &'a str,
        data: &'a Value,
        rest: &'a [String],
    },
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

fn failed(error: &Error) -> String {
    json_text(&Outcome::Failed { ok: false, error })
}

/// parseArgv on the general path: outcome JSON.
#[must_use]
pub fn parse_outcome(tool: &Tool, argv: &[&str], env: &str, options: ArgvOptions) -> String {
    let pairs = EnvPairs::new(env);
    match tool.parse_argv_with(argv, &|name| pairs.get(name), options) {
        Ok(parsed) => json_text(&Outcome::Parsed {
            ok: true,
            data: &parsed.data,
            rest: &parsed.rest,
        }),
        Err(error) => failed(&error),
    }
}

/// A command set's parseArgv: outcome JSON with the command word.
#[must_use]
pub fn commands_outcome(commands: &Commands, argv: &[&str], env: &str, options: ArgvOptions) -> String {
    let pairs = EnvPairs::new(env);
    match commands.parse_argv(argv, &|name| pairs.get(name), options) {
        Ok(parse) => json_text(&Outcome::Command {
            ok: true,
            command: &parse.command,
            data: &parse.parsed.data,
            rest: &parse.parsed.rest,
        }),
        Err(error) => failed(&error),
    }
}

/// parseArgv for argv given as a JSON array (argv whose strings hold NUL).
#[must_use]
pub fn parse_json_outcome(tool: &Tool, argv: &str, env: &str, options: ArgvOptions) -> String {
    with_json_argv(argv, |refs| parse_outcome(tool, refs, env, options))
}

/// [`commands_outcome`] for argv given as a JSON array.
#[must_use]
pub fn commands_json_outcome(commands: &Commands, argv: &str, env: &str, options: ArgvOptions) -> String {
    with_json_argv(argv, |refs| commands_outcome(commands, refs, env, options))
}

fn with_json_argv(argv: &str, then: impl FnOnce(&[&str]) -> String) -> String {
    with_strings(argv, "argv", then).unwrap_or_else(|error| failed(&error))
}

/// A JSON array of strings (argv, a completion's words) handed to `then`
/// as borrowed words, or why it is not one.
fn with_strings<R>(text: &str, what: &str, then: impl FnOnce(&[&str]) -> R) -> Result<R> {
    // Read as any value and checked here, not read as `Vec<String>`: a typed
    // read links serde_json's error for a value of the wrong type, which
    // writes floats with a writer of its own (`crate::json_out`).
    let refused = |why: String| Error::new(Code::InvalidArgs, format!("{what} must be an array of strings: {why}"));
    let Value::Array(items) = serde_json::from_str::<Value>(text).map_err(|err| refused(err.to_string()))? else {
        return Err(refused("not an array".to_owned()));
    };
    let refs = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_str()
                .ok_or_else(|| refused(format!("item {i} is not a string")))
        })
        .collect::<Result<Vec<&str>>>()?;
    Ok(then(&refs))
}

/// Shell completion for words given as a JSON array of strings: the
/// candidates as JSON text (`[{ value, description? }]`). `complete` is
/// a trait object: one copy of this for the tool and the command set.
pub fn complete_text(words: &str, complete: &dyn Fn(&[&str]) -> Vec<Candidate>) -> Result<String> {
    with_strings(words, "words", |refs| json_text(&complete(refs)))
}

/// deprecatedIn: argv as a JSON array of strings; the names as a JSON array.
pub fn deprecated_text(argv: &str, tool: &Tool) -> Result<String> {
    with_strings(argv, "argv", |refs| json_text(&tool.deprecated_in(refs)))
}

/// reconstruct: flat values as JSON object text; outcome JSON.
#[must_use]
pub fn reconstruct_outcome(tool: &Tool, flat: &str, env: &str) -> String {
    let flat: Map<String, Value> = match crate::schema::parse_json_text(flat, "the flat values") {
        Ok(Value::Object(map)) => map,
        Ok(_) => {
            return failed(&Error::new(
                Code::InvalidArgs,
                "reconstruct takes an object of flag values",
            ))
        }
        Err(error) => return failed(&error),
    };
    let pairs = EnvPairs::new(env);
    match tool.reconstruct(&flat, &|name| pairs.get(name)) {
        Ok(data) => json_text(&Outcome::Built { ok: true, data: &data }),
        Err(error) => failed(&error),
    }
}

/// The flag table as JSON text: an object schema's flags written straight
/// from the table; an action union's with the actions each belongs to.
#[must_use]
pub fn flags_text(tool: &Tool) -> String {
    tool.command().flags_text()
}

/// The group structure for the JS object builder: per group, its members
/// as `[key, isGroup, index]`, `isGroup` 2 for a group that is `null` when
/// none of its flags is given.
#[must_use]
pub fn plan_json(tool: &Tool) -> String {
    match tool.command().table() {
        Some(table) => json_text(&plan(table)),
        None => "[]".to_owned(),
    }
}

fn plan(table: &FlagTable) -> Vec<Vec<(&str, u8, usize)>> {
    (0..table.groups.len())
        .map(|group| {
            table
                .members(group)
                .map(|(key, member)| match member {
                    Member::Flag(i) => (key, 0, i),
                    Member::Group(i) if table.groups.get(i).is_some_and(|g| g.null_if_absent) => (key, 2, i),
                    Member::Group(i) => (key, 1, i),
                })
                .collect()
        })
        .collect()
}

/// What the JS builder needs for one action of an action union, the
/// `action` of an [`layout::ANSWER_ACTION`] answer: its group plan, its
/// flag table and the literal keys that name it, as
/// `{ plan, flags, literals: [[key, value], ...] }`; `null` for no such action.
#[must_use]
pub fn action_plan_json(tool: &Tool, action: usize) -> String {
    let Some(action) = tool.command().action(action) else {
        return "null".to_owned();
    };
    json_text(&ActionPlan {
        plan: plan(&action.table),
        flags: &action.table.flags,
        literals: &action.literals,
    })
}

/// [`action_plan_json`]'s answer. Written through a struct, not `json!`:
/// that made a `Value` of the flag table first, with serde's writer into
/// `Value` instantiated for each of its types.
#[derive(Serialize)]
struct ActionPlan<'a> {
    plan: Vec<Vec<(&'a str, u8, usize)>>,
    flags: &'a [crate::flags::Flag],
    literals: &'a [(String, Value)],
}

/// The fast parse's buffers, kept in the tool between calls so each parse
/// reuses them.
#[derive(Debug, Default)]
pub struct FastParse {
    /// Numbers JS reads in place (see [`layout`]).
    out: Vec<f64>,
    /// Outcome JSON when numbers cannot carry the answer.
    answer: String,
    /// NUL-joined argv as UTF-8, written here by JS: kept between parses,
    /// so that a parse makes no allocation (and JS no extra calls) to
    /// bring its argv in.
    input: Vec<u8>,
    /// The parse's working lists (argv's parts, the values, the slots),
    /// emptied before each parse.
    scratch: Scratch,
}

impl FastParse {
    /// Room for at least `bytes` bytes of argv (never empty, so it has a
    /// place in memory); JS writes there, then calls
    /// [`FastParse::parse_input`]. Moves only when it grows. `None` past
    /// [`MAX_ARGV_ROOM_BYTES`]: such argv takes the general path.
    pub fn input_room(&mut self, bytes: usize) -> Option<&mut [u8]> {
        if bytes > MAX_ARGV_ROOM_BYTES {
            return None;
        }
        let bytes = bytes.max(1);
        if self.input.len() < bytes {
            self.input.resize(bytes, 0);
        }
        Some(&mut self.input)
    }

    /// [`FastParse::parse`] of the first `len` bytes of the input room; 0
    /// (the general path answers) when they are not UTF-8 or not there.
    pub fn parse_input(&mut self, tool: &Tool, len: usize, count: usize, options: ArgvOptions) -> usize {
        let input = std::mem::take(&mut self.input);
        let written = match input.get(..len).map(std::str::from_utf8) {
            Some(Ok(joined)) => self.parse(tool, joined, count, options),
            _ => 0,
        };
        self.input = input;
        written
    }

    /// Parses argv (NUL-joined) and writes the answer; returns how many
    /// numbers were written, 0 when the general path must answer (argv
    /// holding NUL; for an action union, anything but a clean parse).
    pub fn parse(&mut self, tool: &Tool, joined: &str, count: usize, options: ArgvOptions) -> usize {
        let written = self.parse_in_scratch(tool, joined, count, options);
        if self.scratch.allocated_bytes() > MAX_KEPT_SCRATCH_BYTES {
            self.scratch = Scratch::new();
        }
        written
    }

    fn parse_in_scratch(&mut self, tool: &Tool, joined: &str, count: usize, options: ArgvOptions) -> usize {
        let FastParse {
            out, answer, scratch, ..
        } = self;
        out.clear();
        // Emptied, not freed: once grown to fit, a parse allocates nothing.
        scratch.reset();
        let scratch = &*scratch;
        let mut argv = ScratchVec::with_capacity_in(count, scratch);
        argv.extend(joined_parts(joined, count));
        // An argument holding NUL splits into more parts than there are
        // arguments: the JSON path reads those exactly.
        if argv.len() != count {
            return 0;
        }
        *answer = match tool.parse_argv_compact(scratch, &argv, &|_| None, options) {
            Ok(None) => return 0,
            Ok(Some(parse)) => {
                if encode(&parse, &argv, out).is_some() {
                    return out.len();
                }
                out.clear();
                let rest: Vec<String> = parse
                    .rest
                    .iter()
                    .filter_map(|&i| argv.get(i))
                    .map(|s| (*s).to_owned())
                    .collect();
                let action = parse.action.and_then(|(at, _)| tool.command().action(at));
                let data = parse.compact.into_value();
                json_text(&Outcome::Parsed {
                    ok: true,
                    data: &match action {
                        Some(action) => crate::command::with_literals(action, data),
                        None => data,
                    },
                    rest: &rest,
                })
            }
            Err(error) => failed(&error),
        };
        out.push(layout::ANSWER_JSON);
        out.len()
    }

    /// The outcome JSON of the last parse that answered [`layout::ANSWER_JSON`].
    pub fn take_answer(&mut self) -> String {
        std::mem::take(&mut self.answer)
    }

    /// The numbers written by the last parse.
    #[must_use]
    pub fn numbers(&self) -> &[f64] {
        &self.out
    }
}

/// Indexes and counts cross as f64; they are far below 2^53.
#[allow(clippy::cast_precision_loss)]
fn num(n: usize) -> f64 {
    n as f64
}

/// `[ANSWER_NUMBERS, nPresent, group..., nValues, (flag, kind, a, b)..., nRest, token...]`,
/// after `[ANSWER_ACTION, action]` for an action union; `None` when a
/// value only JSON can carry.
fn encode(parse: &CompactParse<'_>, argv: &[&str], out: &mut Vec<f64>) -> Option<()> {
    let (compact, rest) = (&parse.compact, &parse.rest);
    // The action's values index the argv after its words.
    let skip = parse.action.map_or(0, |(_, words)| words);
    let tail = argv.get(skip..)?;
    let groups = compact.present.iter().filter(|p| **p).count();
    let values = compact.values().count();
    out.reserve(6 + groups + values * 4 + rest.len());
    if let Some((action, _)) = parse.action {
        out.extend([layout::ANSWER_ACTION, num(action)]);
    }
    out.push(layout::ANSWER_NUMBERS);
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
            } => (
                layout::KIND_TEXT,
                num(*index + skip),
                num(utf16_offset(tail, *index, text)?),
            ),
            Item::Number(n) => (layout::KIND_NUMBER, n.as_f64()?, 0.0),
            Item::Bool(true) => (layout::KIND_TRUE, 0.0, 0.0),
            Item::Bool(false) => (layout::KIND_FALSE, 0.0, 0.0),
            Item::Null => (layout::KIND_NULL, 0.0, 0.0),
            Item::Default(_) => (layout::KIND_DEFAULT, 0.0, 0.0),
            Item::Text { token: None, .. } | Item::Owned(_) | Item::Json(_) => return None,
        };
        out.extend([num(flag), kind, a, b]);
    }
    out.push(num(rest.len()));
    out.extend(rest.iter().copied().map(num));
    Some(())
}

/// Where `text`, a suffix of `argv[index]`, starts, in UTF-16 units (how JS
/// slices strings).
fn utf16_offset(argv: &[&str], index: usize, text: &str) -> Option<usize> {
    let token = argv.get(index)?;
    let prefix = token.get(..token.len().checked_sub(text.len())?)?;
    // Most flags and values are ASCII: then bytes are UTF-16 units.
    Some(if prefix.is_ascii() {
        prefix.len()
    } else {
        prefix.encode_utf16().count()
    })
}

/// Repair: arguments as JSON text to `{ value, repairs }` as JSON text;
/// with a client, its profile's inverse too.
pub fn repair_text(tool: &Tool, args: &str, client: Option<&str>) -> Result<String> {
    let client = client.map(crate::Client::parse).transpose()?;
    let args = crate::schema::parse_json_text(args, "the arguments")?;
    Ok(json_text(&match client {
        Some(client) => tool.repair_for(args, client),
        None => tool.repair(args),
    }))
}

/// `tool.check(client)` as JSON text.
pub fn check_text(tool: &Tool, client: &str) -> Result<String> {
    Ok(json_text(&tool.check(crate::Client::parse(client)?)?))
}

/// The free `check(schema, client | "all")`: a JSON array of checks.
pub fn check_schema_text(schema: &str, client: &str) -> Result<String> {
    let clients = if client == "all" {
        crate::Client::ALL.to_vec()
    } else {
        vec![crate::Client::parse(client)?]
    };
    let schema = crate::schema::parse_json_text(schema, "the schema")?;
    Ok(json_text(&crate::check(&schema, &clients)?))
}

/// `createNameTable(ids, options)`: the names, in the order of `ids`, as a
/// JSON array (JS keeps the lookups; the table is a function of its input).
pub fn name_table_text(ids: &str, options: Option<&str>) -> Result<String> {
    let json = crate::schema::parse_schema_text(ids, "the identifiers")?;
    names_text(&crate::names::read_id_list(&json)?, options)
}

/// [`name_table_text`] for identifiers whose parts crossed NUL-terminated
/// (as argv does; a part holding NUL crosses as JSON).
pub fn name_table_parts(parts: &str, options: Option<&str>) -> Result<String> {
    names_text(&crate::names::split_parts(parts)?, options)
}

fn names_text(ids: &[crate::names::Parts<'_>], options: Option<&str>) -> Result<String> {
    let options: crate::names::NameOptions = crate::options::read_text(options, "createNameTable")?;
    Ok(json_text(&crate::names::names_for(ids, &options)?))
}

/// The `UNKNOWN_TOOL` error for an identifier no entry of `ids` has.
#[must_use]
pub fn unknown_tool_error(ids: &str, id: &str) -> Error {
    let read = |text: &str, what: &str| crate::schema::parse_json_text(text, what);
    match (
        read(ids, "the identifiers").and_then(|v| crate::names::read_ids(&v)),
        read(id, "the identifier"),
    ) {
        (Ok(ids), Ok(id)) => match crate::names::ToolId::read(&id) {
            Ok(id) => crate::names::unknown(&ids, &id),
            Err(err) => err,
        },
        (Err(err), _) | (_, Err(err)) => err,
    }
}

/// `parseToolIdentifier`: the identifier as JSON, or the error naming the field.
pub fn tool_identifier_text(value: &str) -> Result<String> {
    let value = crate::schema::parse_json_text(value, "the identifier")?;
    Ok(json_text(&crate::names::ToolId::read(&value)?.to_json()))
}

/// A grouped tool's definition (JSON text, inputs as JSON Schema) to
/// everything the core computes of it, as JSON (see [`crate::group::Group`]).
pub fn define_group_text(definition: &str) -> Result<String> {
    let definition = crate::schema::parse_json_text(definition, "the definition")?;
    Ok(json_text(&crate::group::define(&definition)?))
}

/// The candidate closest to `typed` ("did you mean" in the JS call path);
/// candidates cross NUL-joined, as argv does.
#[must_use]
pub fn closest_text(typed: &str, candidates: &str) -> Option<String> {
    crate::text::closest(typed, candidates.split('\0')).map(str::to_owned)
}

/// toArgv: arguments as JSON text to argv as a JSON array.
pub fn to_argv_text(tool: &Tool, args: &str) -> Result<String> {
    let args = crate::schema::parse_json_text(args, "the arguments")?;
    Ok(json_text(&tool.to_argv(&args)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CompileOptions;
    use serde_json::json;

    fn tool(schema: &Value) -> Tool {
        Tool::compile(schema, &CompileOptions::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn argv_and_env_split() {
        assert_eq!(split_argv("", 0), Vec::<&str>::new());
        assert_eq!(split_argv("", 1), vec![""]);
        assert_eq!(split_argv("a\0b", 2), vec!["a", "b"]);
        assert_eq!(split_argv("é\0\0☃\0", 4), vec!["é", "", "☃", ""]);
        let env = EnvPairs::new("A\x001\0B\0");
        assert_eq!(env.get("A").as_deref(), Some("1"));
        assert_eq!(env.get("B").as_deref(), Some(""));
        assert_eq!(env.get("C"), None);
    }

    const ALLOW: ArgvOptions = ArgvOptions {
        allow_positionals: true,
        partial: false,
    };

    #[test]
    fn fast_parse_writes_the_documented_layout() {
        let t = tool(
            &json!({"type":"object","properties":{"n":{"type":"number"},"s":{"type":"string"},"b":{"type":"boolean"}}}),
        );
        let mut fast = FastParse::default();
        let written = fast.parse(&t, "--n\x005\0--s=é\0--b\0x", 5, ALLOW);
        assert_eq!(written, fast.numbers().len());
        assert_eq!(
            fast.numbers(),
            &[
                layout::ANSWER_NUMBERS,
                1.0,
                0.0, // one group present: the root
                3.0, // three values
                0.0,
                layout::KIND_NUMBER,
                5.0,
                0.0,
                1.0,
                layout::KIND_TEXT,
                2.0,
                4.0, // argv[2] from UTF-16 offset 4
                2.0,
                layout::KIND_TRUE,
                0.0,
                0.0,
                1.0,
                4.0, // rest: argv[4]
            ]
        );
    }

    #[test]
    fn an_action_union_is_parsed_on_the_fast_path() {
        let t = tool(&json!({"oneOf": [
            {"type":"object","properties":{"action":{"const":"logs"},"n":{"type":"number"}},"required":["action"]},
            {"type":"object","properties":{"action":{"const":"pools"},"s":{"type":"string"}},"required":["action"]}
        ]}));
        let mut fast = FastParse::default();
        assert_eq!(fast.parse(&t, "pools\0--s=é\0--\0x", 4, ArgvOptions::default()), 12);
        assert_eq!(
            fast.numbers(),
            &[
                layout::ANSWER_ACTION,
                1.0, // the second action, whose word is argv[0]
                layout::ANSWER_NUMBERS,
                1.0,
                0.0,
                1.0,
                0.0,
                layout::KIND_TEXT,
                1.0,
                4.0, // argv[1] from UTF-16 offset 4: counted over the whole argv
                1.0,
                3.0, // rest: argv[3]
            ]
        );
        let plan: Value = serde_json::from_str(&action_plan_json(&t, 1)).unwrap_or_default();
        assert_eq!(plan["literals"], json!([["action", "pools"]]));
        assert_eq!(plan["plan"], json!([[["s", 0, 0]]]));
        assert_eq!(action_plan_json(&t, 2), "null");
        // Anything but a clean parse is the general path's to word.
        assert_eq!(fast.parse(&t, "logs\0--n\0x", 3, ArgvOptions::default()), 0);
        assert_eq!(fast.parse(&t, "nope", 1, ArgvOptions::default()), 0);
        assert_eq!(fast.parse(&t, "logs\0--help", 2, ArgvOptions::default()), 0);
    }

    #[test]
    fn fast_parse_answers_errors_as_json_and_declines_nul() {
        let t = tool(&json!({"type":"object","properties":{"n":{"type":"number"}}}));
        let mut fast = FastParse::default();
        assert_eq!(fast.parse(&t, "--n\0x", 2, ArgvOptions::default()), 1);
        assert_eq!(fast.numbers(), &[layout::ANSWER_JSON]);
        let answer: Value = serde_json::from_str(&fast.take_answer()).unwrap_or_default();
        assert_eq!(answer["ok"], json!(false));
        assert_eq!(answer["error"]["code"], json!("INVALID_ARGS"));
        assert_eq!(fast.parse(&t, "a\0b", 1, ArgvOptions::default()), 0);
    }

    #[test]
    fn the_input_room_grows_is_reused_and_refuses_what_is_not_utf8() {
        let t = tool(&json!({"type":"object","properties":{"n":{"type":"number"}}}));
        let mut fast = FastParse::default();
        let write = |fast: &mut FastParse, text: &[u8]| {
            let room = fast.input_room(text.len()).unwrap_or_default();
            assert!(room.len() >= text.len());
            room.get_mut(..text.len()).unwrap_or_default().copy_from_slice(text);
        };
        // Never empty: even no argv has a place to be written.
        assert_eq!(FastParse::default().input_room(0).map(|room| room.len()), Some(1));
        assert!(fast.input_room(MAX_ARGV_ROOM_BYTES + 1).is_none());
        write(&mut fast, b"--n\x005");
        let at = fast.input_room(0).map(|room| room.as_ptr());
        assert_eq!(fast.parse_input(&t, 5, 2, ArgvOptions::default()), 9);
        assert_eq!(fast.numbers().get(6), Some(&5.0));
        // Shorter text reuses the same room; what is left after it is not read.
        write(&mut fast, b"--n=7");
        assert_eq!(fast.input_room(3).map(|room| room.as_ptr()), at);
        assert_eq!(fast.parse_input(&t, 5, 1, ArgvOptions::default()), 9);
        assert_eq!(fast.numbers().get(6), Some(&7.0));
        // Past the room, or not UTF-8: the general path answers.
        assert_eq!(fast.parse_input(&t, 1 << 20, 1, ArgvOptions::default()), 0);
        write(&mut fast, b"--n\x00\xff");
        assert_eq!(fast.parse_input(&t, 5, 2, ArgvOptions::default()), 0);
    }

    #[test]
    fn the_scratch_room_is_kept_between_parses_and_let_go_past_its_bound() {
        let t = tool(&json!({"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}}}));
        let mut fast = FastParse::default();
        // The first parse grows the room (emptying it keeps its largest part).
        assert_eq!(fast.parse(&t, "--tags\0a\0--tags\0b", 4, ArgvOptions::default()), 13);
        assert_eq!(fast.parse(&t, "--tags\0a\0--tags\0b", 4, ArgvOptions::default()), 13);
        let kept = fast.scratch.allocated_bytes();
        assert!(kept > 0 && kept <= MAX_KEPT_SCRATCH_BYTES, "{kept}");
        for _ in 0..3 {
            assert_eq!(fast.parse(&t, "--tags\0c", 2, ArgvOptions::default()), 9);
            assert_eq!(fast.scratch.allocated_bytes(), kept, "the same room, emptied");
        }
        // 20,000 values need far more than the bound: that room is let go.
        let long = vec!["--tags=x"; 20_000].join("\0");
        assert!(fast.parse(&t, &long, 20_000, ArgvOptions::default()) > 20_000);
        assert!(fast.scratch.allocated_bytes() <= MAX_KEPT_SCRATCH_BYTES);
        assert_eq!(fast.parse(&t, "--tags\0c", 2, ArgvOptions::default()), 9);
    }

    proptest::proptest! {
        /// A parse in the kept scratch room answers as one in a new room:
        /// nothing of one parse reaches the next.
        #[test]
        fn a_kept_scratch_room_answers_as_a_new_one(argvs in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(&[
                "--tags", "a", "--tags=b", "--n", "5", "--n=x", "--cfg-on", "--no-cfg-on", "--cfg-level=3",
                "--", "-h", "pos", "--bogus", "é☃", "",
            ][..]), 0..12),
            1..8,
        )) {
            let t = tool(&json!({"type":"object","properties":{
                "tags":{"type":"array","items":{"type":"string"}},
                "n":{"type":"number"},
                "cfg":{"type":"object","properties":{"on":{"type":"boolean"},"level":{"type":"integer"}},"required":["level"]}
            }}));
            let mut kept = FastParse::default();
            for argv in &argvs {
                let joined = argv.join("\0");
                let mut fresh = FastParse::default();
                let expected = fresh.parse(&t, &joined, argv.len(), ALLOW);
                proptest::prop_assert_eq!(kept.parse(&t, &joined, argv.len(), ALLOW), expected);
                proptest::prop_assert_eq!(kept.numbers(), fresh.numbers());
                proptest::prop_assert_eq!(kept.take_answer(), fresh.take_answer());
            }
        }
    }

    #[test]
    fn outcomes_are_json() {
        let t =
            tool(&json!({"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"integer"}}}}}));
        let out: Value = serde_json::from_str(&parse_outcome(
            &t,
            &["--a-b", "3", "--", "x"],
            "",
            ArgvOptions::default(),
        ))
        .unwrap_or_default();
        assert_eq!(out, json!({"ok": true, "data": {"a": {"b": 3}}, "rest": ["x"]}));
        let out: Value = serde_json::from_str(&reconstruct_outcome(&t, r#"{"a-b":"4"}"#, "")).unwrap_or_default();
        assert_eq!(out, json!({"ok": true, "data": {"a": {"b": 4}}}));
        let out: Value = serde_json::from_str(&reconstruct_outcome(&t, "[]", "")).unwrap_or_default();
        assert_eq!(out["error"]["code"], json!("INVALID_ARGS"));
        let out: Value =
            serde_json::from_str(&parse_json_outcome(&t, "[1]", "", ArgvOptions::default())).unwrap_or_default();
        assert_eq!(out["error"]["code"], json!("INVALID_ARGS"));
        assert_eq!(plan_json(&t), r#"[[["a",1,1]],[["b",0,0]]]"#);
        let flags: Value = serde_json::from_str(&flags_text(&t)).unwrap_or_default();
        assert_eq!(flags, t.flags_json());
    }

    #[test]
    fn digits_written_by_hand_read_back_as_the_number() {
        for n in [0, 7, 9, 10, 42, 100, 1_000_007, u32::MAX] {
            let mut text = String::new();
            push_digits(&mut text, n);
            assert_eq!(text, n.to_string());
        }
    }

    /// Every number as an f64, so `1` and `1.0` compare equal.
    fn as_floats(value: &Value) -> Value {
        match value {
            Value::Number(n) => json!(n.as_f64()),
            Value::Array(items) => items.iter().map(as_floats).collect(),
            Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), as_floats(v))).collect()),
            other => other.clone(),
        }
    }

    #[test]
    fn layout_names_every_constant() {
        let layout: Value = serde_json::from_str(&layout_json()).unwrap_or_default();
        // The text written by hand says what `json!` of the constants says.
        let expected = json!({
            "answerNumbers": layout::ANSWER_NUMBERS, "answerJson": layout::ANSWER_JSON,
            "answerAction": layout::ANSWER_ACTION, "kindText": layout::KIND_TEXT,
            "kindNumber": layout::KIND_NUMBER, "kindTrue": layout::KIND_TRUE, "kindFalse": layout::KIND_FALSE,
            "kindNull": layout::KIND_NULL, "kindDefault": layout::KIND_DEFAULT,
            "tape": {
                "object": tape::op::OBJECT, "array": tape::op::ARRAY, "known": tape::op::KNOWN,
                "text": tape::op::TEXT, "escaped": tape::op::ESCAPED, "number": tape::op::NUMBER,
                "true": tape::op::TRUE, "false": tape::op::FALSE, "null": tape::op::NULL,
                "names": tape::op::NAMES, "orNull": tape::op::OR_NULL, "strings": tape::KNOWN,
            },
        });
        assert_eq!(as_floats(&layout), as_floats(&expected));
        assert!(tape::KNOWN
            .iter()
            .all(|k| k.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')));
        assert_eq!(layout.as_object().map(Map::len), Some(10));
        assert_eq!(layout["answerJson"].as_f64(), Some(layout::ANSWER_JSON));
        // The tape's eleven kinds and its table of strings.
        assert_eq!(layout["tape"].as_object().map(Map::len), Some(12));
        assert_eq!(layout["tape"]["escaped"], json!(tape::op::ESCAPED));
        assert_eq!(layout["tape"]["strings"], json!(tape::KNOWN));
    }
}
