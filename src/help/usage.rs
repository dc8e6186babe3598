//! `--help` text from the flag table: a synopsis, then the flags, each
//! nested object's flags under a heading with its description.
#![allow(clippy::format_push_string)] // text is built once per call; write! would only add ignored fmt::Results

use std::collections::HashSet;

use serde_json::Value;

use super::text::{sanitize, summary, wrap};
use crate::flags::choice_notes::choice_notes;
use crate::flags::record::record_of;
use crate::flags::scalar_union::{listed, parts_of, Part};
use crate::flags::{Builtins, Flag, FlagTable, FlagType, Group, Member};
use crate::json_out::value_text;
use crate::limits::USAGE_WIDTH;
use crate::limits::{MAX_CHOICES_SHOWN, MAX_CHOICE_NOTES};
use crate::schema::{example_text, Deprecation, Schema};
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
fn builtin_rows(builtins: Builtins) -> Vec<(String, &'static str)> {
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

fn clamp_width(width: usize) -> usize {
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
fn shared_titles(table: &FlagTable) -> HashSet<&str> {
    let mut seen = HashSet::new();
    let mut shared = HashSet::new();
    for title in table.groups.iter().skip(1).filter_map(|g| g.title.as_deref()) {
        if !seen.insert(title) {
            shared.insert(title);
        }
    }
    shared
}

fn heading(group: &Group, shared: &HashSet<&str>) -> String {
    let path = group.path.join(".");
    let own = group.title.as_deref().filter(|title| !shared.contains(title));
    let title = own.map_or(path, sanitize);
    match &group.description {
        Some(description) => format!("{title}: {}", sanitize(description)),
        None => title,
    }
}

fn value_hint(schema: &Schema, flag: &Flag) -> String {
    let body = match (&flag.choices, flag.ty) {
        (Some(choices), _) => {
            let mut shown: Vec<String> = choices.iter().take(MAX_CHOICES_SHOWN).map(show_value).collect();
            if choices.len() > MAX_CHOICES_SHOWN {
                shown.push("...".to_owned());
            }
            shown.join("|")
        }
        (None, FlagType::String) => format_name(flag).unwrap_or("string").to_owned(),
        (None, FlagType::Json) if flag.record => return record_hint(schema, flag),
        (None, FlagType::Json) if flag.tuple_parts.is_some() => return tuple_hint(flag),
        (None, FlagType::Json) if flag.list || flag.gathers => flag
            .item_parts
            .as_deref()
            .map_or_else(|| "json".to_owned(), scalar_hint),
        (None, FlagType::Json) => flag
            .scalar_parts
            .as_deref()
            .map_or_else(|| "json".to_owned(), scalar_hint),
        (None, ty) => ty.placeholder().to_owned(),
    };
    let body = if flag.nullable { format!("{body}|null") } else { body };
    if flag.repeats() {
        format!(" <{body}>...")
    } else {
        format!(" <{body}>")
    }
}

/// A JSON flag over a union of scalars names its kinds and values,
/// `<number|auto>`, `<boolean|string>`: `<json>` would send a person to
/// write JSON where a word does.
fn scalar_hint(parts: &[Part]) -> String {
    let shown: Vec<String> = listed(parts, false).iter().map(|item| sanitize(item)).collect();
    shown.join("|")
}

/// A tuple typed as words, a placeholder each: `<number> <number>`,
/// `<string> <asc|desc>`.
#[inline(never)] // out of `value_hint`: few flags are tuples
fn tuple_hint(flag: &Flag) -> String {
    let mut hint = String::new();
    for position in position_hints(flag) {
        hint.push_str(" <");
        hint.push_str(&position);
        hint.push('>');
    }
    hint
}

/// Each position of a tuple typed as words by its kinds and values:
/// `number`, `asc|desc`; none for any other flag.
fn position_hints(flag: &Flag) -> impl Iterator<Item = String> + '_ {
    flag.tuple_parts.iter().flatten().map(|parts| scalar_hint(parts))
}

/// A record, typed an entry at a time: `<key=string>...`,
/// `<key=number>...`, `<key=low|high>...`, and `<key=json>...` for values
/// that are no scalar (JSON text for the whole object still works).
#[inline(never)] // out of `value_hint`: few flags are records
fn record_hint(schema: &Schema, flag: &Flag) -> String {
    let value = record_of(schema, &flag.shape)
        .and_then(|(_, values)| parts_of(schema, values, false))
        .map_or_else(|| "json".to_owned(), |parts| scalar_hint(&parts));
    let body = if flag.nullable {
        format!("key={value}|null")
    } else {
        format!("key={value}")
    };
    format!(" <{body}>...")
}

/// A string's `format` as its placeholder (`<email>`, `<url>`, `<uuid>`,
/// `<date-time>`), when it is a plain word.
fn format_name(flag: &Flag) -> Option<&str> {
    let format = flag.shape.keywords.get("format")?.as_str()?;
    let plain = !format.is_empty()
        && format.len() <= 20
        && format
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    plain.then_some(if format == "uri" { "url" } else { format })
}

/// A choice as typed: a word bare, a string a shell or the `|` list would
/// split (`"New York"`, `""`) quoted as JSON, anything else as JSON.
fn show_value(value: &Value) -> String {
    let shown = match value.as_str() {
        Some(text) if text.is_empty() || text.chars().any(|c| c.is_whitespace() || "|<>\"'".contains(c)) => {
            value_text(value)
        }
        Some(text) => text.to_owned(),
        None => value_text(value),
    };
    sanitize(&shown)
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
        .filter(|a| a.deprecated.is_current())
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
fn column_for(lefts: impl Iterator<Item = usize>, width: usize) -> usize {
    let cap = width / 2;
    lefts.filter(|&len| len <= cap).max().unwrap_or(cap) + 4
}

fn row(out: &mut String, left: &str, right: &str, column: usize, width: usize) {
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
fn md(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|").replace('`', "\\`")
}

/// What a list of words on a command line names, for its usage text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListOf {
    /// An action union's actions.
    Actions,
    /// A command set's commands.
    Commands,
}

impl ListOf {
    fn noun(self) -> &'static str {
        match self {
            ListOf::Actions => "action",
            ListOf::Commands => "command",
        }
    }
}

/// Usage of a deprecated command: a line under the first (`Usage: ...`, or
/// markdown's heading) saying so, with its message.
#[must_use]
pub fn with_deprecation(text: String, deprecation: &Deprecation, format: Format) -> String {
    if deprecation.is_current() {
        return text;
    }
    let said = match (deprecation.message(), format) {
        (Some(why), Format::Text) => format!("\nDeprecated: {}\n", sanitize(why)),
        (Some(why), Format::Markdown) => format!("\n**Deprecated:** {}\n", md(&sanitize(why))),
        (None, Format::Text) => "\nDeprecated.\n".to_owned(),
        (None, Format::Markdown) => "\n**Deprecated.**\n".to_owned(),
    };
    let at = text.find('\n').map_or(text.len(), |i| i + 1);
    let (first, rest) = text.split_at(at);
    let mut out = String::with_capacity(text.len() + said.len());
    out.push_str(first);
    out.push_str(&said);
    out.push_str(rest);
    out
}

/// A description under a usage line, wrapped to `width`, each line ended.
fn push_wrapped(out: &mut String, description: &str, width: usize) {
    for line in wrap(&sanitize(description), width) {
        out.push_str(&line);
        out.push('\n');
    }
}

/// One row of a word list: the word, its description (text shows its
/// first sentence), and a mark after it (`[deprecated]`), kept apart so
/// that cutting the description never cuts the mark.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listed {
    pub word: String,
    pub description: Option<String>,
    pub mark: Option<String>,
}

impl Listed {
    #[must_use]
    pub fn new(word: String, description: Option<String>) -> Listed {
        Listed {
            word,
            description,
            mark: None,
        }
    }

    /// The right column: the description (or its first sentence), then the mark.
    fn right(&self, first_sentence: bool) -> String {
        let description = self
            .description
            .as_deref()
            .map(|d| if first_sentence { summary(d) } else { d });
        let parts: Vec<&str> = description.into_iter().chain(self.mark.as_deref()).collect();
        sanitize(&parts.join(" "))
    }
}

/// An action union's or a command set's `--help`: what the whole does (an
/// action union's own description, as an object's usage shows its own),
/// each word with its description, then the built-in flags.
#[must_use]
pub fn word_list(
    kind: ListOf,
    words: &[Listed],
    name: &str,
    description: Option<&str>,
    options: &UsageOptions,
    builtins: Builtins,
) -> String {
    let name = sanitize(name);
    let noun = kind.noun();
    let mut title = noun.to_owned();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    match options.format {
        Format::Markdown => {
            let mut out = format!("# {}\n\n", md(&name));
            if let Some(description) = description {
                out.push_str(&format!("{}\n\n", md(&sanitize(description))));
            }
            out.push_str(&format!("## {title}s\n\n| {title} | Description |\n| --- | --- |\n"));
            for listed in words {
                let (word, text) = (&listed.word, listed.right(false));
                out.push_str(&format!("| `{}` | {} |\n", md(&sanitize(word)), md(&text)));
            }
            out
        }
        Format::Text => {
            let width = clamp_width(options.width);
            let mut out = format!("Usage: {name} <{noun}> [options]\n\n");
            if let Some(description) = description {
                push_wrapped(&mut out, description, width);
                out.push('\n');
            }
            out.push_str(&format!("{title}s:\n"));
            let rows = builtin_rows(builtins);
            let column = column_for(
                words
                    .iter()
                    .map(|l| l.word.chars().count())
                    .chain(rows.iter().map(|(left, _)| left.chars().count())),
                width,
            );
            for listed in words {
                let (word, text) = (&listed.word, listed.right(true));
                row(&mut out, &sanitize(word), &text, column, width);
            }
            if !rows.is_empty() {
                out.push_str("\nOptions:\n");
            }
            for (left, right) in rows {
                row(&mut out, &left, right, column, width);
            }
            if builtins.help {
                let article = if noun.starts_with('a') { "an" } else { "a" };
                out.push_str(&format!("\nRun {name} <{noun}> --help for {article} {noun}'s flags.\n"));
            }
            out
        }
    }
}
