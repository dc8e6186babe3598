//! Flat tool names for structured identifiers (`{ toolbox, server, tool }`),
//! valid for one client and distinct, and the way back by lookup, never by
//! splitting. Names already valid and distinct stay as they are; the rest
//! are shortened to as much of the readable name as fits, `_`, and a hash
//! of the whole identifier. Every decision depends on the set, not its
//! order, so a proxy that lists its tools in another order names them the
//! same.

mod hash;
mod identifier;
mod rules;

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::json::fields::{flag, optional, text, Fields};
use crate::json::Json;
use crate::profile::Client;
use crate::text::{clip, closest};

pub use identifier::{read_parts, Parts, ToolId, MAX_PART_CHARS};
pub use rules::{Charset, NameRule, DEFAULT_SERVER_CHARS};

/// Identifiers in one table, at most.
pub const MAX_IDS: usize = 100_000;

/// Rounds of re-hashing names that still clash (only a full 64-bit hash
/// collision gets past the first).
const MAX_ROUNDS: u64 = 8;

/// `createNameTable` options as JS passes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameOptions {
    /// A profile name; `mcp` when absent.
    pub client: Option<String>,
    /// The name the client knows this server by (its prefix counts).
    pub server: Option<String>,
    /// `false`: names leave the toolbox out (`server__tool`), for a proxy
    /// with one toolbox; identifiers still carry it.
    pub toolbox: Option<bool>,
}

impl Fields for NameOptions {
    const KEYS: &'static [&'static str] = &["client", "server", "toolbox"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        match key {
            "client" => self.client = optional(value, text)?,
            "server" => self.server = optional(value, text)?,
            _ => self.toolbox = optional(value, flag)?,
        }
        Ok(())
    }
}

/// Names for a set of identifiers under one client's rule.
#[derive(Debug, Clone)]
pub struct NameTable {
    ids: Vec<ToolId>,
    names: Vec<String>,
    by_name: HashMap<String, usize>,
    by_id: HashMap<ToolId, usize>,
}

impl NameTable {
    /// Names `ids` for `client`, whose prefix counts `server`'s length.
    pub fn build(ids: Vec<ToolId>, options: &NameOptions) -> Result<NameTable> {
        let parts: Vec<Parts<'_>> = ids.iter().map(ToolId::parts).collect();
        let names = names_for(&parts, options)?;
        let by_id = ids.iter().enumerate().map(|(i, id)| (id.clone(), i)).collect();
        let by_name = names.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
        Ok(NameTable {
            ids,
            names,
            by_name,
            by_id,
        })
    }

    /// The flat name of `id`, or `UNKNOWN_TOOL` saying which part is unknown.
    pub fn name(&self, id: &ToolId) -> Result<&str> {
        self.by_id
            .get(id)
            .and_then(|&i| self.names.get(i))
            .map(String::as_str)
            .ok_or_else(|| unknown(&self.ids, id))
    }

    /// The identifier a flat name stands for.
    #[must_use]
    pub fn resolve(&self, name: &str) -> Option<&ToolId> {
        self.by_name.get(name).and_then(|&i| self.ids.get(i))
    }

    /// `(identifier, name)` in the order the identifiers were given.
    pub fn entries(&self) -> impl Iterator<Item = (&ToolId, &str)> {
        self.ids.iter().zip(self.names.iter().map(String::as_str))
    }

    /// The names, in the order the identifiers were given.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// Reads a list of identifiers, naming the bad item.
pub fn read_ids(value: &Value) -> Result<Vec<ToolId>> {
    let json = Json::borrow(value);
    let parts = read_id_list(&json)?;
    Ok(parts
        .into_iter()
        .map(|[toolbox, server, tool]| ToolId::new(toolbox, server, tool))
        .collect())
}

/// [`read_ids`] on JSON parsed for reading, the parts borrowed from it.
pub fn read_id_list<'a>(value: &'a Json<'_>) -> Result<Vec<Parts<'a>>> {
    let Json::Array(items) = value else {
        return Err(Error::new(
            Code::InvalidIdentifier,
            "createNameTable takes an array of identifiers { toolbox, server, tool }",
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read_parts(item).map_err(|e| Error::new(e.code, format!("ids[{i}]: {}", e.message))))
        .collect()
}

fn rule_for(client: Client, server: Option<&str>) -> Result<NameRule> {
    let server_chars = server.map_or(DEFAULT_SERVER_CHARS, |s| s.chars().count());
    let rule = NameRule::of(client, server_chars).filter(|r| r.budget >= hash::LONG + 2);
    rule.ok_or_else(|| {
        Error::new(
            Code::InvalidOption,
            format!(
                "the server name \"{}\" leaves too little room for tool names in {} (its prefix counts); use a shorter server name",
                clip(server.unwrap_or_default()),
                client.name()
            ),
        )
    })
}

/// The names of `ids` under the options' client, in order: what a
/// [`NameTable`] holds without its lookups (JS builds its own from these).
pub fn names_for(ids: &[Parts<'_>], options: &NameOptions) -> Result<Vec<String>> {
    let client = options.client.as_deref().map_or(Ok(Client::Mcp), Client::parse)?;
    let mut rule = rule_for(client, options.server.as_deref())?;
    rule.with_toolbox = options.toolbox != Some(false);
    if ids.len() > MAX_IDS {
        return Err(Error::new(
            Code::TooLarge,
            format!("a name table holds at most {MAX_IDS} identifiers"),
        ));
    }
    refuse_repeats(ids)?;
    assign(ids, &rule)
}

/// An identifier given twice is refused, naming both places.
fn refuse_repeats(ids: &[Parts<'_>]) -> Result<()> {
    let mut seen: HashMap<Parts<'_>, usize> = HashMap::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        if let Some(first) = seen.insert(*id, i) {
            let [toolbox, server, tool] = id;
            return Err(Error::new(
                Code::InvalidIdentifier,
                format!(
                    "ids[{i}]: the identifier {{ toolbox: '{}', server: '{}', tool: '{}' }} is given twice (first at ids[{first}])",
                    clip(toolbox),
                    clip(server),
                    clip(tool)
                ),
            ));
        }
    }
    Ok(())
}

/// Who shares one readable name (compared as the client compares names).
#[derive(Default)]
struct Sharing {
    /// Identifiers whose readable name this is.
    members: usize,
    /// Of those, the ones whose name is valid as given.
    as_given: usize,
    /// The last member, and the last member valid as given.
    member: usize,
    given: usize,
}

impl Sharing {
    /// The one identifier that keeps this name: a name valid as given wins
    /// over one that had to be rewritten; two of either kind that clash
    /// both give way.
    fn keeper(&self) -> Option<usize> {
        match (self.as_given, self.members) {
            (1, _) => Some(self.given),
            (0, 1) => Some(self.member),
            _ => None,
        }
    }
}

/// Each identifier's name: the readable one where it is valid and no other
/// identifier would share it, else a shortened one with a hash.
fn assign(ids: &[Parts<'_>], rule: &NameRule) -> Result<Vec<String>> {
    let readable: Vec<(String, bool)> = ids.iter().map(|parts| rule.sanitize_parts(parts)).collect();
    let mut groups: HashMap<Cow<'_, str>, Sharing> = HashMap::with_capacity(readable.len());
    for (i, (name, exact)) in readable.iter().enumerate() {
        if name.len() <= rule.budget {
            let group = groups.entry(rule.key(name)).or_default();
            group.members += 1;
            group.member = i;
            if *exact {
                group.as_given += 1;
                group.given = i;
            }
        }
    }
    let mut names: Vec<Option<String>> = vec![None; ids.len()];
    for group in groups.values() {
        if let Some((slot, (name, _))) = group.keeper().and_then(|i| names.get_mut(i).zip(readable.get(i))) {
            *slot = Some(name.clone());
        }
    }
    // Only keepers' names stay in the way of the shortened ones.
    let taken = |key: &str| groups.get(key).is_some_and(|g| g.keeper().is_some());
    shorten_the_rest(ids, &readable, names, rule, taken)
}

/// Names for the identifiers without one yet, distinct from every other.
fn shorten_the_rest(
    ids: &[Parts<'_>],
    readable: &[(String, bool)],
    mut names: Vec<Option<String>>,
    rule: &NameRule,
    taken: impl Fn(&str) -> bool,
) -> Result<Vec<String>> {
    let mut pending: Vec<usize> = (0..ids.len())
        .filter(|&i| names.get(i).is_some_and(Option::is_none))
        .collect();
    let mut digits = hash::SHORT;
    for round in 0..MAX_ROUNDS {
        if pending.is_empty() {
            break;
        }
        let made: Vec<(usize, String)> = pending
            .iter()
            .map(|&i| {
                let head = readable.get(i).map_or("", |r| r.0.as_str());
                (i, shortened(head, ids.get(i), rule, digits, round))
            })
            .collect();
        let mut count: HashMap<Cow<'_, str>, usize> = HashMap::with_capacity(made.len());
        for (_, name) in &made {
            *count.entry(rule.key(name)).or_default() += 1;
        }
        let clashes: Vec<bool> = made
            .iter()
            .map(|(_, name)| {
                let key = rule.key(name);
                taken(&key) || count.get(&key).copied().unwrap_or(0) > 1
            })
            .collect();
        drop(count);
        pending.clear();
        for ((i, name), clash) in made.into_iter().zip(clashes) {
            if clash {
                pending.push(i);
            } else if let Some(slot) = names.get_mut(i) {
                *slot = Some(name);
            }
        }
        digits = hash::LONG;
    }
    if pending.is_empty() {
        return Ok(names.into_iter().map(Option::unwrap_or_default).collect());
    }
    Err(Error::new(
        Code::InvalidIdentifier,
        "these identifiers hash alike even after re-hashing; rename one",
    ))
}

/// A name that fits, `_`, and the identifier's hash. The readable name
/// whole when it fits (as names were always shortened); otherwise the
/// tool's own name first, since that is what a model reads: whole, behind
/// as much of the server and toolbox as still fits, or as much of it as
/// fits alone.
fn shortened(head: &str, id: Option<&Parts<'_>>, rule: &NameRule, digits: usize, salt: u64) -> String {
    let parts = id.copied().unwrap_or([""; 3]);
    let tail = hash::base36(hash::of_parts(&parts, salt), digits);
    let room = rule.budget.saturating_sub(1 + tail.len());
    let body = if head.len() <= room || short_prefix(head, &parts, rule, room) {
        // As names were always shortened: as much of the readable name as fits.
        head.get(..room.min(head.len())).unwrap_or_default().to_owned()
    } else {
        tool_first(&parts, rule, room)
    };
    format!("{body}_{tail}")
}

/// The tool alone does not fit, and what comes before it in the readable
/// name takes at most half the room: such names keep the form they were
/// handed out with (the prefix whole, as much of the tool as fits).
fn short_prefix(head: &str, parts: &Parts<'_>, rule: &NameRule, room: usize) -> bool {
    let [_, _, tool] = parts;
    let tool = tool.chars().count();
    tool >= room && head.len().saturating_sub(tool) <= room / 2 && rule.with_toolbox
}

/// At most `room` characters that keep the tool's name: `toolbox__server__tool`
/// with the toolbox cut first, then the server, then the toolbox left out,
/// then the server; the tool itself is cut only when it does not fit alone.
fn tool_first(parts: &Parts<'_>, rule: &NameRule, room: usize) -> String {
    let [toolbox, server, tool] = parts;
    let (toolbox, server, tool) = (
        rule.sanitize_part(toolbox),
        rule.sanitize_part(server),
        rule.sanitize_part(tool),
    );
    // Sanitized names are ASCII, so byte lengths are characters.
    let cut = |text: &str, n: usize| text.get(..n.min(text.len())).unwrap_or_default().to_owned();
    let left = room.saturating_sub(tool.len());
    let body = if tool.len() >= room {
        cut(&tool, room)
    } else if left >= 6 && rule.with_toolbox && !toolbox.is_empty() {
        let kept_server = cut(&server, left - 5);
        let kept_toolbox = cut(&toolbox, left - 4 - kept_server.len());
        format!("{kept_toolbox}__{kept_server}__{tool}")
    } else if left >= 3 {
        format!("{}__{tool}", cut(&server, left - 2))
    } else {
        tool
    };
    rule.lead(body, room)
}

/// Each run of one name once: a catalogue lists a toolbox's or a server's
/// tools together, so its name comes in runs. Not sorted and deduplicated:
/// `closest` breaks ties by name, so a repeat only costs a distance again,
/// and a sort was 10 KB of wasm for an error message.
fn runs<'a>(names: impl Iterator<Item = &'a str>) -> impl Iterator<Item = &'a str> {
    let mut last = None;
    names.filter(move |name| last.replace(*name) != Some(*name))
}

/// `Toolbox 'x' not found`, `Server 's' not found in toolbox 'x'`, or
/// `Tool 't' not found in server 's' (toolbox 'x')`, with the closest name.
#[must_use]
pub fn unknown(ids: &[ToolId], id: &ToolId) -> Error {
    let suggest = |typed: &str, known: &mut dyn Iterator<Item = &str>| {
        closest(typed, known)
            .map(|s| format!("; did you mean '{}'?", clip(s)))
            .unwrap_or_default()
    };
    let in_toolbox: Vec<&ToolId> = ids.iter().filter(|i| i.toolbox == id.toolbox).collect();
    let message = if in_toolbox.is_empty() {
        let known = &mut runs(ids.iter().map(|i| i.toolbox.as_str()));
        format!(
            "Toolbox '{}' not found{}",
            clip(&id.toolbox),
            suggest(&id.toolbox, known)
        )
    } else {
        let on_server: Vec<&ToolId> = in_toolbox.iter().copied().filter(|i| i.server == id.server).collect();
        if on_server.is_empty() {
            let known = &mut runs(in_toolbox.iter().map(|i| i.server.as_str()));
            format!(
                "Server '{}' not found in toolbox '{}'{}",
                clip(&id.server),
                clip(&id.toolbox),
                suggest(&id.server, known)
            )
        } else {
            let known = &mut runs(on_server.iter().map(|i| i.tool.as_str()));
            format!(
                "Tool '{}' not found in server '{}' (toolbox '{}'){}",
                clip(&id.tool),
                clip(&id.server),
                clip(&id.toolbox),
                suggest(&id.tool, known)
            )
        }
    };
    Error::new(Code::UnknownTool, message)
}
