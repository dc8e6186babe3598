//! Which flags argv gives, read as the parse reads it but leniently (a
//! missing value or a stray word is no error): what completion and the
//! deprecation warning need to know of the words before them.

use crate::args::Spelling;
use crate::argv::{tokenize, ArgvOptions};
use crate::flags::FlagTable;

pub struct Given {
    /// By flag index: given at least once (by any spelling, or as a positional).
    pub flags: Vec<bool>,
    /// How many positional arguments were taken.
    pub positionals: usize,
    /// The last word was taken as the value of a flag before it.
    pub last_is_value: bool,
    /// Each deprecated alias typed (`--server`, or `--no-server` for a
    /// switch), as `(flag, alias)`, in argv order.
    pub old_names: Vec<(usize, usize)>,
}

#[must_use]
pub fn given(table: &FlagTable, argv: &[&str]) -> Given {
    let options = ArgvOptions {
        allow_positionals: true,
        partial: true,
    };
    let tokens = tokenize(table, argv, options);
    let last = argv.len().checked_sub(1);
    let mut out = Given {
        flags: vec![false; table.flags.len()],
        positionals: 0,
        last_is_value: false,
        old_names: Vec::new(),
    };
    for value in &tokens.values.values {
        if let Spelling::Long(typed) = value.spelling {
            out.old_names.extend(table.old_name(typed));
        }
        if let Some(slot) = out.flags.get_mut(value.flag) {
            *slot = true;
        }
        if value.spelling == Spelling::Positional {
            out.positionals += 1;
        }
        if Some(value.value_at) == last && value.at < value.value_at {
            out.last_is_value = true;
        }
    }
    out
}
