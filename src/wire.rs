//! How every call crosses between the core and the JS layer: one way.
//!
//! - In: JSON text. Schemas, arguments and options as they are; a parse as
//!   one request object `{ argv, env?, allowPositionals?, partial? }`, so
//!   argv and the environment travel as one string ([`read_parse_request`]).
//! - Out: JSON text, which `JSON.parse` turns into plain objects where
//!   `__proto__` is an own property. A parse or fromFlagValues answers
//!   "outcome" JSON (`ok` and `data`/`rest`, or `error`), so a failure
//!   costs no exception across the boundary; every other call's error is
//!   thrown as the error's JSON text (`wasm.rs`).
//!
//! Compiled for wasm32 and for tests, so every encoding is tested natively.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::argv::ArgvOptions;
use crate::command::Candidate;
use crate::error::{Code, Error, Result};
use crate::json::Json;
use crate::{Commands, Tool};

/// Any serializable result as JSON text. Serializing plain data cannot
/// fail; should it, the answer is still valid JSON naming the failure.
pub fn json_text<T: Serialize + ?Sized>(value: &T) -> String {
    crate::json_out::to_string(value)
        .unwrap_or_else(|_| Error::new(Code::InvalidArgs, "the result could not be written as JSON").to_json())
}

/// What a parse is given, read from its request text (strings borrowed
/// from it where they need no unescaping).
#[derive(Debug, Default, PartialEq)]
pub struct ParseRequest<'t> {
    pub argv: Vec<Cow<'t, str>>,
    /// The environment variables the flag table reads (the JS layer sends
    /// only those).
    pub env: Vec<(Cow<'t, str>, Cow<'t, str>)>,
    pub options: ArgvOptions,
}

impl ParseRequest<'_> {
    /// The value of an environment variable, if it was sent.
    #[must_use]
    pub fn env(&self, name: &str) -> Option<String> {
        self.env.iter().find(|(k, _)| k == name).map(|(_, v)| v.to_string())
    }

    fn argv(&self) -> Vec<&str> {
        self.argv.iter().map(AsRef::as_ref).collect()
    }
}

/// `{ argv: string[], env?: { NAME: string }, allowPositionals?: boolean,
/// partial?: boolean }` as JSON text, read with the reader schemas are read
/// with (a first parse reaches no other). The JS layer checks what a caller
/// gave before it crosses; this refuses anything else all the same.
pub fn read_parse_request(text: &str) -> Result<ParseRequest<'_>> {
    let refused = |why: &str| Error::new(Code::InvalidArgs, format!("a parse request {why}"));
    let Json::Object(mut map) = crate::schema::parse_schema_text(text, "the parse request")? else {
        return Err(refused("must be an object"));
    };
    let argv = match map.remove("argv") {
        Some(Json::Array(items)) => items
            .into_iter()
            .enumerate()
            .map(|(i, item)| match item {
                Json::String(s) => Ok(s),
                _ => Err(Error::new(Code::InvalidArgs, format!("argv[{i}] must be a string"))),
            })
            .collect::<Result<Vec<_>>>()?,
        _ => return Err(refused("needs argv, an array of strings")),
    };
    let env = match map.remove("env") {
        None | Some(Json::Null) => Vec::new(),
        Some(Json::Object(vars)) => vars
            .into_iter()
            .filter_map(|(k, v)| match v {
                Json::String(s) => Some((k, s)),
                _ => None,
            })
            .collect(),
        Some(_) => return Err(refused("has an env that is not an object of strings")),
    };
    let mut flag = |key: &str| match map.remove(key) {
        None | Some(Json::Null) => Ok(false),
        Some(Json::Bool(b)) => Ok(b),
        Some(_) => Err(refused(&format!("has a {key} that is not a boolean"))),
    };
    let options = ArgvOptions {
        allow_positionals: flag("allowPositionals")?,
        partial: flag("partial")?,
    };
    if let Some(key) = map.keys().next() {
        return Err(refused(&format!("has an unknown key \"{}\"", crate::text::clip(key))));
    }
    Ok(ParseRequest { argv, env, options })
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

/// parseArgv: a parse request (JSON text) to outcome JSON.
#[must_use]
pub fn parse_outcome(tool: &Tool, request: &str) -> String {
    let request = match read_parse_request(request) {
        Ok(request) => request,
        Err(error) => return failed(&error),
    };
    match tool.parse_argv_with(&request.argv(), &|name| request.env(name), request.options) {
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
pub fn commands_outcome(commands: &Commands, request: &str) -> String {
    let request = match read_parse_request(request) {
        Ok(request) => request,
        Err(error) => return failed(&error),
    };
    match commands.parse_argv(&request.argv(), &|name| request.env(name), request.options) {
        Ok(parse) => json_text(&Outcome::Command {
            ok: true,
            command: &parse.command,
            data: &parse.parsed.data,
            rest: &parse.parsed.rest,
        }),
        Err(error) => failed(&error),
    }
}

/// A JSON array of strings (a completion's words, argv for
/// deprecatedIn, candidates) handed to `then` as borrowed words, or why
/// it is not one.
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
pub fn complete_text(words: &str, complete: &dyn Fn(&[&str]) -> Result<Vec<Candidate>>) -> Result<String> {
    with_strings(words, "words", |refs| complete(refs).map(|found| json_text(&found)))?
}

/// deprecatedIn: argv as a JSON array of strings; the names as a JSON array.
pub fn deprecated_text(argv: &str, tool: &Tool) -> Result<String> {
    with_strings(argv, "argv", |refs| json_text(&tool.deprecated_in(refs)))
}

/// fromFlagValues: `{ flat: { flag: value }, env?: { NAME: string } }` as JSON
/// text; outcome JSON.
#[must_use]
pub fn from_flag_values_outcome(tool: &Tool, request: &str) -> String {
    let refused = || Error::new(Code::InvalidArgs, "fromFlagValues takes an object of flag values");
    let mut request = match crate::schema::parse_json_text(request, "the flat values") {
        Ok(Value::Object(map)) => map,
        Ok(_) => return failed(&refused()),
        Err(error) => return failed(&error),
    };
    let Some(Value::Object(flat)) = request.remove("flat") else {
        return failed(&refused());
    };
    let env = match request.remove("env") {
        Some(Value::Object(vars)) => vars,
        _ => Map::new(),
    };
    let lookup = |name: &str| env.get(name).and_then(Value::as_str).map(str::to_owned);
    match tool.args_from_flag_values(&flat, &lookup) {
        Ok(data) => json_text(&Outcome::Built { ok: true, data: &data }),
        Err(error) => failed(&error),
    }
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

/// A grouped tool's definition (JSON text, inputs as JSON Schema) defined
/// and kept (see [`crate::grouped::GroupTool`]).
pub fn define_group(definition: &str) -> Result<crate::grouped::GroupTool> {
    let definition = crate::schema::parse_json_text(definition, "the definition")?;
    crate::grouped::GroupTool::define(&definition)
}

/// The candidate closest to `typed` ("did you mean" in the JS call path);
/// the candidates are a JSON array of strings.
pub fn closest_text(typed: &str, candidates: &str) -> Result<Option<String>> {
    with_strings(candidates, "candidates", |refs| {
        crate::text::closest(typed, refs.iter().copied()).map(str::to_owned)
    })
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
    fn a_parse_request_is_read_whole_or_refused() {
        let read = read_parse_request(r#"{"argv":["a","","é"],"env":{"A":"1","B":""},"allowPositionals":true}"#);
        let request = read.unwrap_or_default();
        assert_eq!(request.argv, ["a", "", "é"]);
        assert_eq!(request.env("A").as_deref(), Some("1"));
        assert_eq!(request.env("B").as_deref(), Some(""));
        assert_eq!(request.env("C"), None);
        assert!(request.options.allow_positionals && !request.options.partial);
        for bad in [
            "[]",
            "{}",
            r#"{"argv":[1]}"#,
            r#"{"argv":[],"env":[]}"#,
            r#"{"argv":[],"partial":1}"#,
            r#"{"argv":[],"x":1}"#,
        ] {
            let err = read_parse_request(bad).err();
            assert_eq!(err.map(|e| e.code), Some(Code::InvalidArgs), "{bad}");
        }
        assert_eq!(read_parse_request("{").err().map(|e| e.code), Some(Code::InvalidJson));
    }

    #[test]
    fn outcomes_are_json() {
        let t =
            tool(&json!({"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"integer"}}}}}));
        let out: Value =
            serde_json::from_str(&parse_outcome(&t, r#"{"argv":["--a-b","3","--","x"]}"#)).unwrap_or_default();
        assert_eq!(out, json!({"ok": true, "data": {"a": {"b": 3}}, "rest": ["x"]}));
        let out: Value =
            serde_json::from_str(&from_flag_values_outcome(&t, r#"{"flat":{"a-b":"4"}}"#)).unwrap_or_default();
        assert_eq!(out, json!({"ok": true, "data": {"a": {"b": 4}}}));
        let out: Value = serde_json::from_str(&from_flag_values_outcome(&t, "[]")).unwrap_or_default();
        assert_eq!(out["error"]["code"], json!("INVALID_ARGS"));
        let out: Value = serde_json::from_str(&parse_outcome(&t, r#"{"argv":[1]}"#)).unwrap_or_default();
        assert_eq!(out["error"]["code"], json!("INVALID_ARGS"));
    }

    #[test]
    fn candidates_cross_as_a_json_array() {
        assert_eq!(
            closest_text("delpoy", r#"["deploy","status"]"#)
                .ok()
                .flatten()
                .as_deref(),
            Some("deploy")
        );
        assert!(closest_text("x", "not json").is_err());
    }
}
