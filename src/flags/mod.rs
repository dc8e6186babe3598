//! Shape to flag table: flatten, names, overrides, collisions. Knows nothing
//! of argv.

mod build;
mod collide;
pub mod names;
mod overrides;
mod positionals;
mod table;

pub use build::{build_table, FlagOptions};
pub use names::Case;
pub use overrides::{short_char, FlagOverride};
pub use table::{Builtins, Flag, FlagTable, FlagType, Group, Lookup, Member};
