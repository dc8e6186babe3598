//! `--help` text from the flag table: a synopsis, then the flags, each
//! nested object's flags under a heading with its description.
#![allow(clippy::format_push_string)] // text is built once per call; write! would only add ignored fmt::Results

use crate::sets::NameSet;

use super::hints::{position_hints, value_hint};
use super::text::{sanitize, wrap};
use crate::flags::choice_notes::choice_notes;
use crate::flags::{Builtins, Flag, FlagTable, FlagType, Group, Member};
use crate::json_out::value_text;
use crate::limits::MAX_CHOICE_NOTES;
use crate::limits::USAGE_WIDTH;
use crate::schema::{example_text, Schema};
use crate::text::values_sentence;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Text,
    Markdown,
}

impl Format {
    /// Each format as options spell it.
    pub const WORDS: &'static [(&'static str, Format)] = &[("text", Format::Text), ("markdown", Format::Markdown)];
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageOptions {
    pub format: Format,
    /// Columns for text output.
    pub width: usize,
}

impl Default for UsageOptions {
    fn default() -> Self {
        UsageOptions {
            format: Format::Text,
            width: 80,
        }
    }
}

/// The rows usage adds for the flags the command line answers itself.
pub(super) fn builtin_rows(builtins: Builtins) -> Vec<(String, &'static str)> {
    let mut rows = Vec::new();
    if builtins.help {
        let left = match builtins.help_short {
            Some(c) => format!("-{}, --help", sanitize(&c.to_string())),
            None => "    --help".to_owned(),
        };
        rows.push((left, "Show this help"));
    }
    if builtins.version {
        rows.push(("    --version".to_owned(), "Show the version"));
    }
    rows
}

pub(super) fn clamp_width(width: usize) -> usize {
    width.clamp(*USAGE_WIDTH.start(), *USAGE_WIDTH.end())
}

#[must_use]
pub fn usage(schema: &Schema, table: &FlagTable, name: &str, options: &UsageOptions, builtins: Builtins) -> String {
    match options.format {
        Format::Text => text(schema, table, name, clamp_width(options.width), builtins),
        Format::Markdown => markdown(schema, table, name),
    }
}

/// Groups in reading order (depth first, as the schema lists them), each with
/// its visible flags.
fn sections(table: &FlagTable) -> Vec<(&Group, Vec<&Flag>)> {
    let mut out = Vec::new();
    let mut stack = vec![0usize];
    while let Some(index) = stack.pop() {
        let Some(group) = table.groups.get(index) else {
            continue;
        };
        let flags: Vec<&Flag> = group
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Flag(i) => table.flags.get(*i).filter(|f| !f.hidden),
                Member::Group(_) => None,
            })
            .collect();
        out.push((group, flags));
        let children: Vec<usize> = group
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Group(g) => Some(*g),
                Member::Flag(_) => None,
            })
            .collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The titles two or more groups share: a model a schema uses twice
/// (pydantic titles every model with its class name, `Addr` for both
/// `home` and `work`) names neither group, so those are headed by path.
fn shared_titles(table: &FlagTable) -> NameSet<&str> {
    let mut seen = NameSet::new();
    let mut shared = NameSet::new();
    for title in table.groups.iter().skip(1).filter_map(|g| g.title.as_deref()) {
        if !seen.insert(title) {
            shared.insert(title);
        }
    }
    shared
}

fn heading(group: &Group, shared: &NameSet<&str>) -> String {
    let path = group.path.join(".");
    let own = group.title.as_deref().filter(|title| !shared.contains(title));
    let title = own.map_or(path, sanitize);
    match &group.description {
        Some(description) => format!("{title}: {}", sanitize(description)),
        None => title,
    }
}

/// The left column: `-t, --config-timeout <number>`.
fn left(schema: &Schema, flag: &Flag) -> String {
    let short = flag
        .short
        .as_deref()
        .map_or_else(|| "    ".to_owned(), |s| format!("-{}, ", sanitize(s)));
    if flag.ty == FlagType::Boolean {
        let nullable = if flag.nullable { "[=null]" } else { "" };
        format!("{short}--[no-]{}{nullable}", sanitize(&flag.name))
    } else if flag.value_optional() {
        // `--[no-]color [<boolean|auto>]`: bare, negated, or with a value.
        let hint = value_hint(schema, flag);
        format!("{short}--[no-]{} [{}]", sanitize(&flag.name), hint.trim_start())
    } else if flag.count {
        format!("{short}--{}", sanitize(&flag.name))
    } else {
        format!("{short}--{}{}", sanitize(&flag.name), value_hint(schema, flag))
    }
}

/// The right column: description, then facts in brackets.
fn right(schema: &Schema, flag: &Flag) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(description) = &flag.description {
        parts.push(sanitize(description));
    }
    if flag.required {
        parts.push("(required)".to_owned());
    }
    if let Some(default) = &flag.default {
        parts.push(format!("[default: {}]", sanitize(&value_text(default))));
    }
    // A union of scalars is typed as a word (`--limit auto`); its hint
    // already says which.
    if flag.json
        && flag.scalar_parts.is_none()
        && !flag.record
        && flag.item_parts.is_none()
        && flag.tuple_parts.is_none()
    {
        // What JSON, shown where there is structure to know: a person
        // cannot guess what an array of objects or a tuple's positions
        // want (`["...",1]`), and `true`, `[]` or `{}` says nothing.
        let example = example_text(schema, flag.example_shape(schema))
            .filter(|text| text.starts_with(['[', '{']) && text.len() > 2);
        parts.push(match example {
            Some(text) => format!("[JSON, e.g. '{}']", sanitize(&text)),
            None => "[JSON]".to_owned(),
        });
    }
    if flag.repeatable {
        parts.push("[repeatable]".to_owned());
    }
    if flag.count {
        parts.push("[count]".to_owned());
    }
    if let Some(env) = &flag.env {
        parts.push(format!("[env: {}]", sanitize(env)));
    }
    // A deprecated alias, an old name, is not advertised: typed, it warns.
    let names: Vec<String> = flag
        .aliases
        .iter()
        .filter(|a| a.deprecated.is_current() && !a.spelled)
        .map(|a| format!("--{}", sanitize(&a.name)))
        .collect();
    if !names.is_empty() {
        parts.push(format!("[aliases: {}]", names.join(", ")));
    }
    if let Some(mark) = flag.deprecated.mark() {
        parts.push(sanitize(&mark));
    }
    parts.join(" ")
}

/// The synopsis after the name: positionals (`<service>`, `[region]`,
/// `<files>...`), then the options.
fn synopsis(table: &FlagTable) -> String {
    let mut out = String::new();
    let positionals: Vec<&Flag> = table.positionals.iter().filter_map(|&i| table.flags.get(i)).collect();
    // One that may be left out (it is null then) is still typed before a
    // required one after it: the words fill the places in order.
    let last_required = positionals.iter().rposition(|f| f.required);
    for (place, flag) in positionals.iter().enumerate() {
        let name = sanitize(&flag.name);
        let dots = if flag.repeats() { "..." } else { "" };
        let before_required = last_required.is_some_and(|last| place < last);
        if flag.required || (flag.null_if_absent && before_required) {
            out.push_str(&format!(" <{name}>{dots}"));
        } else {
            out.push_str(&format!(" [{name}]{dots}"));
        }
    }
    let required_flag = table.flags.iter().any(|f| f.required && f.positional.is_none());
    out.push_str(if required_flag { " <options>" } else { " [options]" });
    out
}

fn text(schema: &Schema, table: &FlagTable, name: &str, width: usize, builtins: Builtins) -> String {
    let mut out = String::new();
    let name = sanitize(name);
    out.push_str(&format!("Usage: {name}{}\n", synopsis(table)));
    if let Some(description) = table.groups.first().and_then(|g| g.description.as_deref()) {
        out.push('\n');
        push_wrapped(&mut out, description, width);
    }
    // The built-in rows share the column: a tool with no flags of its own
    // would otherwise put "Show this help" on a line below its flag.
    let builtins = builtin_rows(builtins);
    let column = column_for(
        table
            .flags
            .iter()
            .filter(|f| !f.hidden)
            .map(|f| left(schema, f).chars().count())
            .chain(builtins.iter().map(|(left, _)| left.chars().count())),
        width,
    );
    let mut any_flag = false;
    let shared = shared_titles(table);
    for (index, (group, flags)) in sections(table).into_iter().enumerate() {
        if flags.is_empty() {
            continue;
        }
        any_flag = true;
        out.push('\n');
        if index == 0 {
            out.push_str("Options:\n");
        } else {
            for line in wrap(&heading(group, &shared), width) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        for flag in flags {
            row(&mut out, &left(schema, flag), &right(schema, flag), column, width);
            note_rows(&mut out, schema, flag, column, width);
        }
    }
    if !builtins.is_empty() {
        out.push_str(if any_flag { "\n" } else { "\nOptions:\n" });
    }
    for (left, right) in builtins {
        row(&mut out, &left, right, column, width);
    }
    let examples = table.groups.first().map(|g| g.examples.as_slice()).unwrap_or_default();
    if !examples.is_empty() {
        out.push_str("\nExamples:\n");
        for example in examples {
            out.push_str(&format!("  {name} {}\n", sanitize(example)));
        }
    }
    if let Some(epilogue) = table.groups.first().and_then(|g| g.epilogue.as_deref()) {
        out.push('\n');
        push_lines(&mut out, epilogue, width);
    }
    out
}

/// A flag's described choices, one line each under its description, as
/// clap lists "possible values": `- low: Cheap and slow`.
#[inline(never)] // few flags have described choices
fn note_rows(out: &mut String, schema: &Schema, flag: &Flag, column: usize, width: usize) {
    let notes = choice_notes(schema, flag);
    for (value, description) in notes.iter().take(MAX_CHOICE_NOTES) {
        let line = format!("- {}: {}", sanitize(value), sanitize(description));
        row(out, "", &line, column, width);
    }
    if notes.len() > MAX_CHOICE_NOTES {
        let line = format!("- ... {} more", notes.len() - MAX_CHOICE_NOTES);
        row(out, "", &line, column, width);
    }
}

/// A flag's described choices in its markdown row's description cell:
/// ` Values: `low`: Cheap and slow; `high`: Fast, costs more.`
#[inline(never)] // few flags have described choices
fn note_cell(schema: &Schema, flag: &Flag, alone: bool) -> String {
    let notes = choice_notes(schema, flag);
    if notes.is_empty() {
        return String::new();
    }
    let shown = notes
        .iter()
        .map(|(value, description)| format!("`{}`: {}", md(&sanitize(value)), md(&sanitize(description))));
    let lead = if alone { "" } else { " " };
    format!("{lead}{}", values_sentence(shown, notes.len()))
}

/// Text whose line breaks are its own (an epilogue: `Exit codes:` and an
/// indented line a code): each line kept as written where it fits the
/// width, wrapped where it does not.
#[inline(never)] // few tools have an epilogue
fn push_lines(out: &mut String, text: &str, width: usize) {
    for line in text.lines() {
        let line = sanitize(line);
        let line = line.trim_end();
        if line.chars().count() <= width {
            out.push_str(line);
            out.push('\n');
        } else {
            push_wrapped(out, line, width);
        }
    }
}

/// Where descriptions start: after the widest left column that fits in
/// half the width. A wider one (`--client <mcp|portable|...>`) puts its
/// description on the line below, as argparse does past its
/// `max_help_position`, instead of pushing every other row's description
/// to the middle of the line.
pub(super) fn column_for(lefts: impl Iterator<Item = usize>, width: usize) -> usize {
    let cap = width / 2;
    lefts.filter(|&len| len <= cap).max().unwrap_or(cap) + 4
}

pub(super) fn row(out: &mut String, left: &str, right: &str, column: usize, width: usize) {
    let left_len = left.chars().count() + 2;
    out.push_str("  ");
    out.push_str(left);
    let lines = wrap(right, width.saturating_sub(column).max(20));
    let mut lines = lines.into_iter().filter(|l| !l.is_empty()).peekable();
    // Padding only before a description: no line ends in spaces.
    if left_len < column && lines.peek().is_some() {
        out.push_str(&" ".repeat(column - left_len));
        out.push_str(&lines.next().unwrap_or_default());
    }
    out.push('\n');
    for line in lines {
        if line.is_empty() {
            continue;
        }
        out.push_str(&" ".repeat(column));
        out.push_str(&line);
        out.push('\n');
    }
}

fn markdown(schema: &Schema, table: &FlagTable, name: &str) -> String {
    let mut out = format!("# {}\n", md(&sanitize(name)));
    if let Some(description) = table.groups.first().and_then(|g| g.description.as_deref()) {
        out.push_str(&format!("\n{}\n", md(&sanitize(description))));
    }
    let shared = shared_titles(table);
    for (index, (group, flags)) in sections(table).into_iter().enumerate() {
        if flags.is_empty() {
            continue;
        }
        let title = if index == 0 {
            "Options".to_owned()
        } else {
            heading(group, &shared)
        };
        out.push_str(&format!(
            "\n## {}\n\n| Flag | Type | Description |\n| --- | --- | --- |\n",
            md(&title)
        ));
        for flag in flags {
            let short = flag
                .short
                .as_deref()
                .map(|s| format!(", `-{}`", md(&sanitize(s))))
                .unwrap_or_default();
            let described = right(schema, flag);
            out.push_str(&format!(
                "| `--{}`{short} | `{}` | {}{} |\n",
                md(&sanitize(&flag.name)),
                md(&type_cell(schema, flag)),
                md(&described),
                note_cell(schema, flag, described.is_empty())
            ));
        }
    }
    let examples = table.groups.first().map(|g| g.examples.as_slice()).unwrap_or_default();
    if !examples.is_empty() {
        out.push_str("\n## Examples\n\n```sh\n");
        for example in examples {
            out.push_str(&format!("{} {}\n", sanitize(name), sanitize(example)));
        }
        out.push_str("```\n");
    }
    if let Some(epilogue) = table.groups.first().and_then(|g| g.epilogue.as_deref()) {
        out.push('\n');
        for line in epilogue.lines() {
            out.push_str(&md(&sanitize(line)));
            out.push_str("  \n");
        }
    }
    out
}

/// A flag's value hint as a markdown table's type: `<string>...` is
/// `string`, a tuple's `<number> <number>` is `number number`.
fn type_cell(schema: &Schema, flag: &Flag) -> String {
    if flag.tuple_parts.is_some() {
        return position_hints(flag).collect::<Vec<_>>().join(" ");
    }
    let hint = value_hint(schema, flag);
    hint.trim()
        .trim_start_matches('<')
        .trim_end_matches("...")
        .trim_end_matches('>')
        .to_owned()
}

/// Escapes text for a markdown table cell.
pub(super) fn md(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|").replace('`', "\\`")
}

/// A description under a usage line, wrapped to `width`, each line ended.
pub(super) fn push_wrapped(out: &mut String, description: &str, width: usize) {
    for line in wrap(&sanitize(description), width) {
        out.push_str(&line);
        out.push('\n');
    }
}
