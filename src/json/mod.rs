//! The ground floor every room may use: the borrowed JSON tree schemas and
//! requests are read into and profiles rewrite (`tree`, its objects `map`),
//! its one writer (`write`), and the field reader option structs and
//! definitions are read with (`fields`).

pub mod fields;
mod map;
mod read;
mod tree;
mod write;

pub use tree::{to_map, Distinct, Json, Map};
pub use write::{described, finish_note, push_note_entry, write_list, write_members, write_number, write_string};
