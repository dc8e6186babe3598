//! How a flag table is built: the options `compile` reads into it.

use std::collections::BTreeMap;

use super::names::Case;
use super::overrides::FlagOverride;
use super::table::Builtins;
use crate::error::{Code, Error, Result};
use crate::limits::MAX_SEPARATOR_CHARS;
use crate::text::clip;

/// How the table is built; see `CompileOptions` for the documented defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct FlagOptions {
    pub separator: String,
    pub case: Case,
    pub max_depth: usize,
    pub flatten: bool,
    pub overrides: BTreeMap<String, FlagOverride>,
    pub env_prefix: Option<String>,
    /// `--help`, `-h`, `--version`.
    pub builtins: Builtins,
}

impl Default for FlagOptions {
    fn default() -> Self {
        FlagOptions {
            separator: "-".to_owned(),
            case: Case::Kebab,
            max_depth: 3,
            flatten: true,
            overrides: BTreeMap::new(),
            env_prefix: None,
            builtins: Builtins::default(),
        }
    }
}

/// A separator a flag name can hold: checked when options are read, so that
/// `compile` refuses it at once (the table is built on first use).
pub fn check_separator(sep: &str) -> Result<()> {
    if sep.is_empty() || sep.contains('=') || sep.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Error::new(
            Code::InvalidOption,
            format!(
                "separator {:?} must be non-empty, without '=' or white space",
                clip(sep)
            ),
        ));
    }
    if sep.chars().count() > MAX_SEPARATOR_CHARS {
        return Err(Error::new(
            Code::InvalidOption,
            format!(
                "separator {:?} must be at most {MAX_SEPARATOR_CHARS} characters",
                clip(sep)
            ),
        ));
    }
    Ok(())
}
