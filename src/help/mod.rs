//! Help: usage text for the command line (action-union help comes later).

mod text;
mod usage;

pub use text::{sanitize, wrap};
pub use usage::{usage, Format, UsageOptions};
