//! The tape of the schema a call just answered, kept where JS reads it
//! (the format and the scanner: [`crate::emit::tape`]).
//!
//! A schema comes with its tape, kept beside the text in the Tool (the
//! Shape writer's, or one scanned once from a profile's rewritten tree),
//! and JS is pointed at it: nothing is scanned or copied on any call. A
//! text without one is scanned here, into one tape kept for the module.

use std::cell::Cell;

use crate::emit::tape::Tape;
pub use crate::emit::tape::{op, KNOWN};
use crate::limits::MAX_KEPT_SCRATCH_BYTES;

/// Slots a kept tape may hold past a call: the kept-scratch bound in bytes.
const MAX_KEPT_SLOTS: usize = MAX_KEPT_SCRATCH_BYTES / std::mem::size_of::<u32>();

std::thread_local! {
    /// The tape of the last text scanned here; one for the module (a call's
    /// tape is read before the next call), not one per tool. A `Cell` taken
    /// and put back: no borrow that could fail.
    static KEPT: Cell<Tape> = Cell::new(Tape::default());
    /// Where the tape of the schema just answered starts in wasm memory; 0
    /// when there is none (JS then parses the text).
    static AT: Cell<usize> = const { Cell::new(0) };
}

/// Hands on a schema's text, pointing JS at `tape` (the writer's, empty
/// when there is none) or at one scanned from the text now.
#[must_use]
pub fn answer(text: &str, tape: &[u32]) -> String {
    let at = if tape.is_empty() {
        scanned(text)
    } else {
        tape.as_ptr() as usize
    };
    AT.with(|kept| kept.set(at));
    text.to_owned()
}

/// Scans `text` into the kept tape; where it starts, 0 when the text could
/// not be scanned.
fn scanned(text: &str) -> usize {
    let mut tape = KEPT.with(Cell::take);
    // A large schema's tape is not held after it is read.
    if tape.capacity() > MAX_KEPT_SLOTS {
        tape = Tape::default();
    }
    // On `None` the tape is left empty, which JS reads as "parse the text".
    let at = match (tape.scan(text), tape.slots().is_empty()) {
        (Some(()), false) => tape.slots().as_ptr() as usize,
        _ => 0,
    };
    KEPT.with(|kept| kept.set(tape));
    at
}

/// Where the tape of the schema just answered starts, as a byte offset in
/// wasm memory; 0 when its text could not be scanned (JS then parses it).
#[must_use]
pub fn kept_at() -> usize {
    AT.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_tape_is_the_last_texts_and_empty_when_it_could_not_be_read() {
        let text = answer(r#"{"type":"object"}"#, &[]);
        assert_eq!(text, r#"{"type":"object"}"#);
        assert_ne!(kept_at(), 0);
        let _ = answer("{not json", &[]);
        assert_eq!(kept_at(), 0, "a text that cannot be read leaves no tape to misread");
        // A very large schema's tape is dropped by the next scan, not kept.
        let large = format!("[{}1]", "1,".repeat(MAX_KEPT_SCRATCH_BYTES));
        let _ = answer(&large, &[]);
        let _ = answer("[]", &[]);
        let tape = KEPT.with(Cell::take);
        assert!(tape.capacity() <= MAX_KEPT_SLOTS);
        assert_eq!(tape.slots(), &[op::ARRAY, 0]);
    }

    #[test]
    fn a_written_tape_is_pointed_at_and_an_empty_one_scanned() {
        let tape = [op::OBJECT, 0];
        let text = answer("{}", &tape);
        assert_eq!(text, "{}");
        assert_eq!(kept_at(), tape.as_ptr() as usize);
        let _ = answer("[]", &[]);
        assert_ne!(kept_at(), tape.as_ptr() as usize);
        assert_ne!(kept_at(), 0);
        let _ = answer("{not json", &[]);
        assert_eq!(kept_at(), 0);
    }
}
