//! Several compiled tools as the subcommands of one command line
//! (`ops deploy --service api`, `ops search-logs --query x`): the first
//! word picks the tool, the rest is that tool's argv. `--help`, `-h`,
//! `--version` and `help <command>` are answered here; a misspelt command
//! gets the closest name.

use std::collections::HashMap;
use std::rc::Rc;

use crate::argv::ArgvOptions;
use crate::command::{complete, Candidate};
use crate::error::{Code, Error, Issue, IssueCode, Result};
use crate::flags::Builtins;
use crate::help::{self, UsageOptions};
use crate::options::{builtins, CommandsOptions};
use crate::text::{capped_list, clip, closest};
use crate::{args, Parsed, Tool};

/// Commands in one set, at most; a command line with more is not one a
/// person could read the list of.
const MAX_COMMANDS: usize = 10_000;

/// A successful parse: which command, and its tool's parse.
#[derive(Debug, Clone, PartialEq)]
pub struct CommandParse {
    pub command: String,
    pub parsed: Parsed,
}

/// Tools by command word, in the order given.
#[derive(Debug, Clone)]
pub struct Commands {
    name: String,
    version: Option<String>,
    builtins: Builtins,
    /// Each command's tool, shared with whoever compiled it (the JS `Tool`
    /// a command set is made of): a copy per set doubled a set's memory and
    /// put a deep copy of every table in the module.
    entries: Vec<(String, Rc<Tool>)>,
    /// Each word's place in `entries`: a scan per word added made a set of
    /// thousands quadratic to build, and each parse look through all.
    at: HashMap<String, usize>,
    /// `completion <shell>` is answered by the caller (a registry's runCli):
    /// listed and completed here with the commands.
    completion: bool,
}

/// The word of the shell completion script, and the shells it takes.
const COMPLETION: &str = "completion";
const SHELLS: [&str; 3] = ["bash", "zsh", "fish"];
const COMPLETION_TEXT: &str = "Print the shell completion script: completion bash|zsh|fish";

impl Commands {
    pub fn new(options: &CommandsOptions) -> Result<Commands> {
        Ok(Commands {
            name: options.command_name(),
            version: options.version.clone(),
            builtins: builtins(options.help.as_ref(), options.version.is_some())?,
            entries: Vec::new(),
            at: HashMap::new(),
            completion: options.completion,
        })
    }

    /// Adds a tool under a command word; refuses a word that could not be
    /// typed as one, or one already taken. A tool with no command line (see
    /// `Command::refusal`) is taken: its word answers the reason when used,
    /// so one such tool does not stop the others (a registry's command line
    /// serves tools written for MCP first).
    pub fn add(&mut self, word: &str, tool: impl Into<Rc<Tool>>) -> Result<()> {
        if let Some(error) = command_word_error(word) {
            return Err(error);
        }
        if self.at.contains_key(word) {
            return Err(Error::new(
                Code::InvalidOption,
                format!("the command name \"{}\" is given twice", clip(word)),
            ));
        }
        if self.entries.len() >= MAX_COMMANDS {
            return Err(Error::new(
                Code::TooLarge,
                format!("a command set holds at most {MAX_COMMANDS} commands"),
            ));
        }
        self.at.insert(word.to_owned(), self.entries.len());
        self.entries.push((word.to_owned(), tool.into()));
        Ok(())
    }

    /// Refuses a set with no command: its argv could never be read.
    pub fn finish(&self) -> Result<()> {
        if self.entries.is_empty() {
            return Err(Error::new(
                Code::InvalidOption,
                "compileCommands needs at least one tool, as { name: tool }",
            ));
        }
        Ok(())
    }

    /// The command words, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(word, _)| word.as_str())
    }

    /// The tool of a command word.
    #[must_use]
    pub fn tool(&self, word: &str) -> Option<&Tool> {
        self.at
            .get(word)
            .and_then(|&at| self.entries.get(at))
            .map(|(_, tool)| &**tool)
    }

    /// argv (without node and script): the command word, then its tool's argv.
    pub fn parse_argv(&self, argv: &[&str], env: args::Env<'_>, options: ArgvOptions) -> Result<CommandParse> {
        self.finish()?;
        let Some(&first) = argv.first() else {
            return Err(self.no_command("missing command"));
        };
        if self.builtins.asks_help(first) {
            return Err(self.help_requested(None));
        }
        if self.builtins.asks_version(first) {
            return Err(Error::new(
                Code::VersionRequested,
                self.version.clone().unwrap_or_default(),
            ));
        }
        if first.starts_with('-') && first != "-" {
            return Err(self.no_command(&format!("a command comes before any flag, got {}", clip(first))));
        }
        if self.builtin_help_word(first) {
            return Err(self.help_requested(argv.get(1..).filter(|rest| !rest.is_empty())));
        }
        let Some(tool) = self.tool(first) else {
            return Err(self.unknown(first));
        };
        let rest = argv.get(1..).unwrap_or_default();
        match tool.parse_argv_with(rest, env, options) {
            Ok(parsed) => Ok(CommandParse {
                command: first.to_owned(),
                parsed,
            }),
            Err(err) if err.code == Code::HelpRequested => {
                let topic = err.path.as_ref().and_then(|p| p.first()).cloned();
                let text = self.command_usage(first, tool, &UsageOptions::default(), topic.as_deref());
                Err(
                    Error::new(Code::HelpRequested, text.unwrap_or_else(|_| err.message.clone()))
                        .with_path(vec![first.to_owned()]),
                )
            }
            Err(err) => Err(err),
        }
    }

    /// Shell completion: the command words first (and `help`, which
    /// takes one), then the chosen tool's own.
    #[must_use]
    pub fn complete(&self, words: &[&str]) -> Vec<Candidate> {
        let (before, current) = complete::split_words(words);
        let Some(&first) = before.first() else {
            if current.starts_with('-') {
                return complete::matching(
                    complete::builtin_names(self.builtins, complete::one_dash(current)),
                    current,
                );
            }
            let mut words = self.command_words();
            if self.builtin_help_word("help") {
                words.push(Candidate::new("help".to_owned(), Some("Show help for a command")));
            }
            if self.offers_completion() {
                words.push(Candidate::new(COMPLETION.to_owned(), Some(COMPLETION_TEXT)));
            }
            return complete::matching(words, current);
        };
        if self.builtin_help_word(first) || (first == COMPLETION && self.offers_completion()) {
            if before.len() > 1 {
                return Vec::new();
            }
            let words = if first == COMPLETION {
                SHELLS
                    .iter()
                    .map(|shell| Candidate::new((*shell).to_owned(), None))
                    .collect()
            } else {
                self.command_words()
            };
            return complete::matching(words, current);
        }
        let rest = words.get(1..).unwrap_or_default();
        // A command with no command line (a registry leaves such tools out)
        // completes nothing; its word answers why when run.
        self.tool(first)
            .map_or_else(Vec::new, |tool| tool.complete(rest).unwrap_or_default())
    }

    /// Each command word with its summary; a deprecated command's is left
    /// for those who know it, as a deprecated action's is.
    fn command_words(&self) -> Vec<Candidate> {
        self.entries
            .iter()
            .filter(|(_, tool)| tool.command().deprecation().is_current())
            .map(|(word, tool)| Candidate::new(word.clone(), summary(tool).as_deref()))
            .collect()
    }

    /// Whether `word` is the built-in `help` (no tool took that word).
    fn builtin_help_word(&self, word: &str) -> bool {
        word == "help" && self.tool("help").is_none() && self.builtins.help
    }

    /// Whether `completion <shell>` is listed (no tool took that word).
    fn offers_completion(&self) -> bool {
        self.completion && self.tool(COMPLETION).is_none()
    }

    /// `--help` text: the command list, or with a topic (`deploy`,
    /// `docker logs`, `docker:logs`) one command's usage.
    pub fn usage(&self, options: &UsageOptions, topic: Option<&str>) -> Result<String> {
        self.finish()?;
        let Some(topic) = topic else {
            let mut list: Vec<help::Listed> = self
                .entries
                .iter()
                .map(|(word, tool)| help::Listed {
                    word: word.clone(),
                    description: summary(tool),
                    mark: tool.command().deprecation().mark(),
                })
                .collect();
            if self.offers_completion() {
                list.push(help::Listed::new(
                    COMPLETION.to_owned(),
                    Some(COMPLETION_TEXT.to_owned()),
                ));
            }
            return Ok(help::word_list(
                help::ListOf::Commands,
                &list,
                &self.name,
                None,
                options,
                self.builtins,
            ));
        };
        let (word, inner) = match topic.split_once([' ', ':']) {
            Some((word, inner)) => (word, Some(inner)),
            None => (topic, None),
        };
        let tool = self.tool(word).ok_or_else(|| self.unknown(word))?;
        self.command_usage(word, tool, options, inner)
    }

    fn command_usage(&self, word: &str, tool: &Tool, options: &UsageOptions, topic: Option<&str>) -> Result<String> {
        tool.command()
            .usage_as(tool.schema(), &format!("{} {word}", self.name), options, topic)
    }

    fn help_requested(&self, topic: Option<&[&str]>) -> Error {
        let topic = topic.map(|words| words.join(" "));
        match self.usage(&UsageOptions::default(), topic.as_deref()) {
            Ok(text) => Error::new(Code::HelpRequested, text),
            Err(err) => err,
        }
    }

    fn no_command(&self, what: &str) -> Error {
        invalid(IssueCode::MissingCommand, format!("{what}; {}", self.expected()))
    }

    fn unknown(&self, word: &str) -> Error {
        let hint = closest(word, self.names()).map_or_else(
            || format!("; {}", self.expected()),
            |name| format!("; did you mean {name}?"),
        );
        invalid(
            IssueCode::UnknownCommand,
            format!("unknown command \"{}\"{hint}", clip(word)),
        )
    }

    fn expected(&self) -> String {
        let count = self.entries.len();
        format!(
            "expected one of: {}",
            capped_list(self.names().map(str::to_owned), count, "commands")
        )
    }
}

/// A command's line in the list: its description, or for an action union
/// without one, its actions.
fn summary(tool: &Tool) -> Option<String> {
    tool.schema().root.description.clone().or_else(|| {
        let set = tool.command().actions()?;
        let names = set.actions.iter().map(|a| a.words.join(" "));
        Some(format!("actions: {}", capped_list(names, set.actions.len(), "actions")))
    })
}

fn invalid(code: IssueCode, message: String) -> Error {
    Error::invalid_args(vec![Issue {
        code,
        path: Vec::new(),
        flag: None,
        message,
    }])
}

/// The error [`Commands::add`] answers for a word that could not be typed
/// as a command, if it could not. A registry asks it of each tool's name
/// first, to leave such a tool out of its command line instead of refusing
/// the whole set.
#[must_use]
pub fn command_word_error(word: &str) -> Option<Error> {
    word_problem(word).map(|problem| {
        Error::new(
            Code::InvalidOption,
            format!("the command name \"{}\" {problem}", clip(word)),
        )
    })
}

/// Why a command word could not be typed as one, if it could not.
fn word_problem(word: &str) -> Option<&'static str> {
    if word.is_empty() {
        return Some("is empty");
    }
    if word.starts_with('-') {
        return Some("starts with '-', which would read as a flag");
    }
    if word.chars().count() > 64 {
        return Some("is longer than 64 characters");
    }
    let typeable = word
        .chars()
        .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.');
    (!typeable).then_some("holds characters other than letters, digits, '-', '_' and '.'")
}
