//! Shape to flag table: flatten, names, overrides, collisions. Knows nothing
//! of argv.

mod build;
pub mod choice_notes;
mod collide;
mod flag;
mod flag_options;
mod kinds;
pub mod list;
mod name_index;
pub mod names;
mod overrides;
mod positionals;
pub mod record;
mod refusals;
mod root_meta;
pub mod scalar_union;
pub mod suggest;
mod table;

pub use build::build_table;
pub use flag::{Alias, Flag, FlagType, Lookup};
pub use flag_options::{check_separator, FlagOptions};
pub use name_index::NameIndex;
pub use names::Case;
pub use overrides::{short_char, FlagOverride};
pub use table::{AliasSpelling, Builtins, FlagTable, Group, Member};
