//! The grouped tool's description, `text` or `toon`, byte for byte as
//! API.md states it.

use super::toon::{grouped_tables, root_table, Row};
use crate::schema::action_notes::{action_line, join_sentence};

/// What the description needs of one user-defined action.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    pub group: Option<&'a str>,
    pub name: &'a str,
    pub key: &'a str,
    pub description: Option<&'a str>,
    /// Required fields of the action's own input, in its order.
    pub requires: &'a [String],
    pub destructive: bool,
}

/// The first line up to and including the "Select operation" sentence.
fn opening(tool: &str, description: Option<&str>, discriminator: &str) -> String {
    let first = description.filter(|d| !d.trim().is_empty()).unwrap_or(tool);
    join_sentence(first, &format!("Select operation via the `{discriminator}` parameter."))
}

/// `Actions: a, b` or `Modules: users (list,create) | billing (refund)`;
/// `extra` (the help action) comes last.
fn listing(lines: &[Line], grouped: bool, extra: Option<&str>) -> String {
    if !grouped {
        let mut keys: Vec<&str> = lines.iter().map(|l| l.key).collect();
        keys.extend(extra);
        return format!("Actions: {}", keys.join(", "));
    }
    let mut modules: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in lines {
        let group = line.group.unwrap_or("");
        match modules.iter_mut().find(|(g, _)| *g == group) {
            Some((_, names)) => names.push(line.name),
            None => modules.push((group, vec![line.name])),
        }
    }
    let mut parts: Vec<String> = modules
        .iter()
        .map(|(group, names)| format!("{group} ({})", names.join(",")))
        .collect();
    parts.extend(extra.map(str::to_owned));
    format!("Modules: {}", parts.join(" | "))
}

/// The `text` description.
#[must_use]
pub fn text(
    tool: &str,
    description: Option<&str>,
    discriminator: &str,
    grouped: bool,
    lines: &[Line],
    extra: Option<&str>,
) -> String {
    let mut out = format!(
        "{} {}",
        opening(tool, description, discriminator),
        listing(lines, grouped, extra)
    );
    let workflow: Vec<String> = lines
        .iter()
        .filter_map(|line| action_line(line.key, line.description, line.requires, line.destructive))
        .collect();
    if !workflow.is_empty() {
        out.push_str("\n\nWorkflow:\n");
        out.push_str(&workflow.join("\n"));
    }
    out
}

/// The `toon` description: the opening sentence, a blank line, the table(s).
#[must_use]
pub fn toon(tool: &str, description: Option<&str>, discriminator: &str, grouped: bool, lines: &[Line]) -> String {
    let row = |line: &Line| Row {
        action: line.name.to_owned(),
        desc: line.description.unwrap_or("").to_owned(),
        required: line.requires.join(","),
        destructive: line.destructive,
    };
    let table = if grouped {
        let mut groups: Vec<(String, Vec<Row>)> = Vec::new();
        for line in lines {
            let group = line.group.unwrap_or("");
            match groups.iter_mut().find(|(g, _)| g == group) {
                Some((_, rows)) => rows.push(row(line)),
                None => groups.push((group.to_owned(), vec![row(line)])),
            }
        }
        grouped_tables(&groups)
    } else {
        root_table(&lines.iter().map(row).collect::<Vec<_>>())
    };
    format!("{}\n\n{table}", opening(tool, description, discriminator))
}
