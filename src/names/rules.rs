//! What each client accepts as a tool name (CLIENTS.md section 1): the
//! characters, the first one, and how many fit once the client has added
//! its prefix.

use std::borrow::Cow;

use super::Parts;
use crate::profile::Client;

/// Characters a name may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// `[A-Za-z0-9_-]`: OpenAI, Anthropic, Claude Code, Cursor, VS Code.
    Plain,
    /// `[A-Za-z0-9_.-]`: the MCP spec.
    Dotted,
    /// `[A-Za-z0-9_.:-]`: Gemini's function names.
    Gemini,
}

impl Charset {
    #[must_use]
    pub fn allows(self, c: char) -> bool {
        c.is_ascii_alphanumeric()
            || c == '_'
            || c == '-'
            || (c == '.' && self != Charset::Plain)
            || (c == ':' && self == Charset::Gemini)
    }
}

/// A server name assumed when none is given: its length counts against
/// the names of clients that prefix them with it.
pub const DEFAULT_SERVER_CHARS: usize = 16;

/// One client's rule for tool names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameRule {
    pub charset: Charset,
    /// The first character must be a letter or `_` (Gemini).
    pub letter_first: bool,
    /// Characters left for the tool's own name.
    pub budget: usize,
    /// Names are told apart without case: several clients (and the file
    /// systems some keep tools on) compare them so; only the spec does not.
    pub fold_case: bool,
    /// Names start with the toolbox (`toolbox__server__tool`); `false`
    /// leaves it out (`server__tool`).
    pub with_toolbox: bool,
}

impl NameRule {
    /// The rule of `client` for a server the client knows by a name of
    /// `server_chars` characters. `None` when the prefix leaves no room.
    #[must_use]
    pub fn of(client: Client, server_chars: usize) -> Option<NameRule> {
        let plain = |budget: Option<usize>| {
            budget.map(|budget| NameRule {
                charset: Charset::Plain,
                letter_first: false,
                budget,
                fold_case: true,
                with_toolbox: true,
            })
        };
        // Claude Code counts `mcp__<server>__`; Cursor `<server>` and one separator.
        let claude_code = 64usize.checked_sub(7 + server_chars);
        let cursor = 60usize.checked_sub(1 + server_chars);
        match client {
            Client::Mcp => Some(NameRule {
                charset: Charset::Dotted,
                letter_first: false,
                budget: 128,
                fold_case: false,
                with_toolbox: true,
            }),
            // VS Code's prefix is at most 18 of its 64, whatever the server is called.
            Client::Vscode => plain(Some(46)),
            Client::Openai | Client::OpenaiStrict | Client::Anthropic | Client::AnthropicStrict => plain(Some(64)),
            Client::ClaudeCode => plain(claude_code),
            Client::Cursor => plain(cursor),
            // Gemini CLI cuts names past 63 characters.
            Client::Gemini | Client::GeminiJson => Some(NameRule {
                charset: Charset::Gemini,
                letter_first: true,
                budget: 63,
                fold_case: true,
                with_toolbox: true,
            }),
            Client::Portable => {
                let budget = [Some(46), claude_code, cursor].into_iter().min().flatten();
                budget.map(|budget| NameRule {
                    charset: Charset::Plain,
                    letter_first: true,
                    budget,
                    fold_case: true,
                    with_toolbox: true,
                })
            }
        }
    }

    /// `parts` joined by `__`, every character the client refuses written
    /// as `_` and a `_` in front when it must start with a letter and does
    /// not; and whether that changed nothing.
    #[must_use]
    pub fn sanitize_parts(&self, parts: &Parts<'_>) -> (String, bool) {
        let [toolbox, server, tool] = parts;
        let mut out = String::with_capacity(toolbox.len() + server.len() + tool.len() + 5);
        let mut exact = true;
        let shown: &[&str] = if self.with_toolbox { parts } else { &[server, tool] };
        // The joined name starts with `_` when its first part is empty.
        let first = shown.first().and_then(|p| p.chars().next()).unwrap_or('_');
        if self.letter_first && !(first.is_ascii_alphabetic() || first == '_') {
            out.push('_');
            exact = false;
        }
        for (i, part) in shown.iter().enumerate() {
            if i > 0 {
                out.push_str("__");
            }
            if part.chars().all(|c| self.charset.allows(c)) {
                out.push_str(part);
                continue;
            }
            exact = false;
            out.extend(part.chars().map(|c| if self.charset.allows(c) { c } else { '_' }));
        }
        (out, exact)
    }

    /// One part with every character the client refuses written as `_`.
    #[must_use]
    pub fn sanitize_part(&self, part: &str) -> String {
        part.chars()
            .map(|c| if self.charset.allows(c) { c } else { '_' })
            .collect()
    }

    /// `name` (at most `room` characters, ASCII) made to start as the
    /// client requires: `_` in front, its last character given up for it
    /// when there is no room.
    #[must_use]
    pub fn lead(&self, mut name: String, room: usize) -> String {
        let first = name.chars().next().unwrap_or('_');
        if self.letter_first && !(first.is_ascii_alphabetic() || first == '_') {
            if name.len() >= room {
                name.pop();
            }
            name.insert(0, '_');
        }
        name
    }

    /// What two names are compared by: case folded where the client
    /// folds it, borrowed when folding changes nothing.
    #[must_use]
    pub fn key<'n>(&self, name: &'n str) -> Cow<'n, str> {
        if self.fold_case && name.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(name.to_ascii_lowercase())
        } else {
            Cow::Borrowed(name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl NameRule {
        /// Whether `name` is a valid name under this rule.
        fn accepts(&self, name: &str) -> bool {
            let count = name.chars().count();
            (1..=self.budget).contains(&count)
                && name.chars().all(|c| self.charset.allows(c))
                && (!self.letter_first || name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        }
    }

    #[test]
    fn budgets_count_the_prefix() {
        let budget = |client, server| NameRule::of(client, server).map(|r| r.budget);
        assert_eq!(budget(Client::ClaudeCode, 9), Some(48));
        assert_eq!(budget(Client::Cursor, 7), Some(52));
        assert_eq!(budget(Client::Vscode, 40), Some(46));
        assert_eq!(budget(Client::Portable, 16), Some(41));
        assert_eq!(budget(Client::Portable, 2), Some(46));
        assert_eq!(budget(Client::ClaudeCode, 60), None);
        assert_eq!(budget(Client::Mcp, 60), Some(128));
    }

    #[test]
    fn sanitizing_keeps_what_the_client_takes() {
        let openai = NameRule::of(Client::Openai, 0).unwrap_or_else(|| unreachable!());
        assert_eq!(
            openai.sanitize_parts(&["dev", "fs", "read.file"]),
            ("dev__fs__read_file".to_owned(), false)
        );
        assert_eq!(
            openai.sanitize_parts(&["t", "o", "tοol"]),
            ("t__o__t_ol".to_owned(), false)
        );
        assert_eq!(
            openai.sanitize_parts(&["dev", "fs", "read"]),
            ("dev__fs__read".to_owned(), true)
        );
        let gemini = NameRule::of(Client::Gemini, 0).unwrap_or_else(|| unreachable!());
        assert_eq!(
            gemini.sanitize_parts(&["1x:y", "z", "w"]),
            ("_1x:y__z__w".to_owned(), false)
        );
        assert_eq!(gemini.sanitize_parts(&["", "z", "w"]), ("__z__w".to_owned(), true));
        assert!(gemini.accepts("_1x:y.z"));
        assert!(!openai.accepts("a.b"));
    }
}
