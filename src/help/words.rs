//! Usage of a list of words: an action union's actions or a command
//! set's commands, each with its summary; and the deprecation line a
//! deprecated command's usage gets.
#![allow(clippy::format_push_string)] // text is built once per call; write! would only add ignored fmt::Results

use super::text::{sanitize, summary};
use super::usage::{builtin_rows, clamp_width, column_for, md, push_wrapped, row, Format, UsageOptions};
use crate::flags::Builtins;
use crate::schema::Deprecation;

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
