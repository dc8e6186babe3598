//! Help: usage text for the command line, and help entries for action
//! unions with their markdown and JSON formats.

mod entries;
mod format;
mod hints;
mod text;
mod usage;
mod words;

pub use entries::{entries, help, ts_type, HelpEntry, HelpOptions, Param};
pub use format::{format_entries_text, format_json, format_markdown, parse_entries, NO_HELP};
pub use text::{sanitize, wrap};
pub use usage::{usage, Format, UsageOptions};
pub use words::{with_deprecation, word_list, ListOf, Listed};
