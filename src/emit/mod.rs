//! Shape to plain JSON Schema 2020-12: the writer every client profile
//! starts from. Knows nothing of clients. Text is written from the tree it
//! builds (`Json::to_text`), the one JSON writer of schemas.

mod json_schema;

pub use json_schema::{common_type, document, emit, emit_root};
