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

use std::collections::HashMap;

use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::options::read::{optional, text, Fields};
use crate::profile::Client;
use crate::schema::json::Json;
use crate::text::{clip, closest};

pub use identifier::{ToolId, MAX_PART_CHARS};
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
}

impl Fields for NameOptions {
    const KEYS: &'static [&'static str] = &["client", "server"];

    fn set(&mut self, key: &str, value: &Json<'_>) -> std::result::Result<(), String> {
        let read = optional(value, text)?;
        if key == "client" {
            self.client = read;
        } else {
            self.server = read;
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
        let names = names_for(&ids, options)?;
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
    read_id_list(&Json::borrow(value))
}

/// [`read_ids`] on JSON parsed for reading.
pub fn read_id_list(value: &Json<'_>) -> Result<Vec<ToolId>> {
    let Json::Array(items) = value else {
        return Err(Error::new(
            Code::InvalidIdentifier,
            "createNameTable takes an array of identifiers { toolbox, server, tool }",
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| ToolId::read_json(item).map_err(|e| Error::new(e.code, format!("ids[{i}]: {}", e.message))))
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
pub fn names_for(ids: &[ToolId], options: &NameOptions) -> Result<Vec<String>> {
    let client = options.client.as_deref().map_or(Ok(Client::Mcp), Client::parse)?;
    let rule = rule_for(client, options.server.as_deref())?;
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
fn refuse_repeats(ids: &[ToolId]) -> Result<()> {
    let mut seen: HashMap<&ToolId, usize> = HashMap::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        if let Some(first) = seen.insert(id, i) {
            return Err(Error::new(
                Code::InvalidIdentifier,
                format!(
                    "ids[{i}]: the identifier {{ toolbox: '{}', server: '{}', tool: '{}' }} is given twice (first at ids[{first}])",
                    clip(&id.toolbox),
                    clip(&id.server),
                    clip(&id.tool)
                ),
            ));
        }
    }
    Ok(())
}

/// Each identifier's name: the readable one where it is valid and no other
/// identifier would share it, else a shortened one with a hash.
fn assign(ids: &[ToolId], rule: &NameRule) -> Result<Vec<String>> {
    let readable: Vec<(String, bool)> = ids
        .iter()
        .map(|id| {
            let joined = id.joined();
            let name = rule.sanitize(&joined);
            let exact = name == joined;
            (name, exact)
        })
        .collect();
    let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, (name, _)) in readable.iter().enumerate() {
        if name.len() <= rule.budget {
            groups.entry(rule.key(name)).or_default().push(i);
        }
    }
    let mut names: Vec<Option<String>> = vec![None; ids.len()];
    for members in groups.values() {
        // A name valid as given wins over one that had to be rewritten; two
        // of either kind that clash both give way.
        let as_given: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| readable.get(i).is_some_and(|r| r.1))
            .collect();
        let keeper = match (as_given.as_slice(), members.as_slice()) {
            ([only], _) | ([], [only]) => Some(*only),
            _ => None,
        };
        if let (Some(i), Some(slot)) = (keeper, keeper.and_then(|i| names.get_mut(i))) {
            *slot = readable.get(i).map(|r| r.0.clone());
        }
    }
    shorten_the_rest(ids, &readable, names, rule)
}

/// Names for the identifiers without one yet, distinct from every other.
fn shorten_the_rest(
    ids: &[ToolId],
    readable: &[(String, bool)],
    mut names: Vec<Option<String>>,
    rule: &NameRule,
) -> Result<Vec<String>> {
    let kept: HashMap<String, usize> = names
        .iter()
        .enumerate()
        .filter_map(|(i, n)| n.as_ref().map(|n| (rule.key(n), i)))
        .collect();
    let mut pending: Vec<usize> = (0..ids.len())
        .filter(|&i| names.get(i).is_some_and(Option::is_none))
        .collect();
    let mut digits = hash::SHORT;
    for round in 0..MAX_ROUNDS {
        let made: Vec<(usize, String)> = pending
            .iter()
            .map(|&i| {
                let id = ids.get(i);
                let head = readable.get(i).map_or("", |r| r.0.as_str());
                (i, shortened(head, id, rule.budget, digits, round))
            })
            .collect();
        let mut count: HashMap<String, usize> = HashMap::new();
        for (_, name) in &made {
            *count.entry(rule.key(name)).or_default() += 1;
        }
        let mut clashing = Vec::new();
        for (i, name) in made {
            let key = rule.key(&name);
            if kept.contains_key(&key) || count.get(&key).copied().unwrap_or(0) > 1 {
                clashing.push(i);
            } else if let Some(slot) = names.get_mut(i) {
                *slot = Some(name);
            }
        }
        if clashing.is_empty() {
            return Ok(names.into_iter().map(Option::unwrap_or_default).collect());
        }
        pending = clashing;
        digits = hash::LONG;
    }
    Err(Error::new(
        Code::InvalidIdentifier,
        "these identifiers hash alike even after re-hashing; rename one",
    ))
}

/// As much of `head` as fits, `_`, and the identifier's hash.
fn shortened(head: &str, id: Option<&ToolId>, budget: usize, digits: usize, salt: u64) -> String {
    let parts = id.map_or([""; 3], |id| {
        [id.toolbox.as_str(), id.server.as_str(), id.tool.as_str()]
    });
    let tail = hash::base36(hash::of_parts(&parts, salt), digits);
    let room = budget.saturating_sub(1 + tail.len());
    // `head` is ASCII (sanitized), so any byte index is a character boundary.
    let kept = head.get(..room.min(head.len())).unwrap_or_default();
    format!("{kept}_{tail}")
}

/// `Toolbox 'x' not found`, `Server 's' not found in toolbox 'x'`, or
/// `Tool 't' not found in server 's' (toolbox 'x')`, with the closest name.
#[must_use]
pub fn unknown(ids: &[ToolId], id: &ToolId) -> Error {
    let suggest = |typed: &str, known: Vec<&str>| {
        closest(typed, known.into_iter())
            .map(|s| format!("; did you mean '{}'?", clip(s)))
            .unwrap_or_default()
    };
    let in_toolbox: Vec<&ToolId> = ids.iter().filter(|i| i.toolbox == id.toolbox).collect();
    let message = if in_toolbox.is_empty() {
        let known = distinct(ids.iter().map(|i| i.toolbox.as_str()));
        format!(
            "Toolbox '{}' not found{}",
            clip(&id.toolbox),
            suggest(&id.toolbox, known)
        )
    } else {
        let on_server: Vec<&ToolId> = in_toolbox.iter().copied().filter(|i| i.server == id.server).collect();
        if on_server.is_empty() {
            let known = distinct(in_toolbox.iter().map(|i| i.server.as_str()));
            format!(
                "Server '{}' not found in toolbox '{}'{}",
                clip(&id.server),
                clip(&id.toolbox),
                suggest(&id.server, known)
            )
        } else {
            let known = distinct(on_server.iter().map(|i| i.tool.as_str()));
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

fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = items.collect();
    out.sort_unstable();
    out.dedup();
    out
}
