//! Shape to plain JSON Schema 2020-12: the writer every client profile
//! starts from. Knows nothing of clients.

mod json_schema;
mod json_text;
pub mod tape;

pub use json_schema::{common_type, document, emit, emit_root};
pub use json_text::{write_root, write_taped, LeafWriter, Moves, Style, Written, NO_LEAVES};
