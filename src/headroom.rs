//! Wasm memory grown in large steps instead of a page at a time.
//!
//! std's allocator on wasm (dlmalloc) grows linear memory by as little as
//! one request needs, often 64 KiB. Each growth makes V8 replace the
//! memory's `ArrayBuffer` and count its whole size again as external
//! memory, and once that passes about 64 MB every growth starts a full
//! collection of the JS heap. On Node 20, a process holding 15,000
//! compiled tools beside 100 MB of its own objects took 12 s, instead of
//! 0.2 s, to compile the next 5,000 (Node 24: 1.2 s), and one 12 MB schema
//! took 3.3 s on its first compile, 0.25 s on the next.
//!
//! So the calls that allocate first [`keep`] room: when memory grew since
//! the last look, a block of half its size is allocated and freed at once.
//! The allocator grows memory for it in one step and keeps it as free room
//! for the allocations that follow. Memory then grows by half at a time, a
//! few dozen growths from 8 MB to the 4 GB limit instead of thousands,
//! with at most a third of it room not yet used. A large input gets room
//! for what reading it takes before it is read. Below 8 MB nothing is
//! done: growth there is cheap, and start-up allocates nothing more.
//!
//! The root of this is the allocator, and a global allocator of our own
//! could grow memory geometrically itself; it needs `unsafe`, which the
//! crate forbids, so the calls look instead.

/// Memory below which growth is left to the allocator.
pub const MIN_MEMORY: usize = 8 * 1024 * 1024;

/// An input this large gets room before it is read.
pub const LARGE_INPUT: usize = 1024 * 1024;

/// Room a large input gets, per byte of it: reading a schema into its
/// tree and shape takes about six times its text.
pub const ROOM_PER_INPUT_BYTE: usize = 8;

/// The most room kept in one step.
pub const MAX_ROOM: usize = 512 * 1024 * 1024;

/// How many bytes of free room to make, given the memory's size now,
/// whether it grew since the last look, and the size of the call's input.
#[must_use]
pub fn room_to_make(memory: usize, grew: bool, input: usize) -> usize {
    let for_input = if input >= LARGE_INPUT {
        input.saturating_mul(ROOM_PER_INPUT_BYTE)
    } else {
        0
    };
    let for_growth = if grew && memory >= MIN_MEMORY { memory / 2 } else { 0 };
    for_input.max(for_growth).min(MAX_ROOM)
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::sync::atomic::{AtomicUsize, Ordering};

    const PAGE: usize = 65536;

    /// Memory's size in pages after the last [`keep`].
    static SEEN_PAGES: AtomicUsize = AtomicUsize::new(0);

    /// Makes room when memory grew since the last call or `input` is large;
    /// see the module documentation. Cheap otherwise: one size read.
    pub fn keep(input: usize) {
        let pages = core::arch::wasm32::memory_size(0);
        let grew = pages > SEEN_PAGES.load(Ordering::Relaxed);
        if !grew && input < super::LARGE_INPUT {
            return;
        }
        let room = super::room_to_make(pages.saturating_mul(PAGE), grew, input);
        if room > 0 {
            let mut block: Vec<u8> = Vec::new();
            // Refused (the 4 GB limit near): the call goes on and grows as it needs.
            if block.try_reserve_exact(room).is_ok() {
                // Kept from being optimised away: the allocation is the point.
                std::hint::black_box(&mut block);
            }
        }
        SEEN_PAGES.store(core::arch::wasm32::memory_size(0), Ordering::Relaxed);
    }
}

#[cfg(target_arch = "wasm32")]
pub use wasm::keep;

/// Native builds have no linear memory to grow: nothing to do.
#[cfg(not(target_arch = "wasm32"))]
pub fn keep(_input: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_memory_and_inputs_get_no_room() {
        assert_eq!(room_to_make(MIN_MEMORY - 1, true, LARGE_INPUT - 1), 0);
        assert_eq!(room_to_make(MIN_MEMORY * 4, false, 10), 0);
    }

    #[test]
    fn grown_memory_gets_half_its_size() {
        assert_eq!(room_to_make(MIN_MEMORY, true, 0), MIN_MEMORY / 2);
        assert_eq!(room_to_make(100 << 20, true, 0), 50 << 20);
    }

    #[test]
    fn large_inputs_get_room_for_reading_them() {
        assert_eq!(room_to_make(2 << 20, false, 2 << 20), (2 << 20) * ROOM_PER_INPUT_BYTE);
        assert_eq!(room_to_make(400 << 20, true, 2 << 20), 200 << 20);
    }

    #[test]
    fn room_is_capped() {
        assert_eq!(room_to_make(usize::MAX, true, usize::MAX), MAX_ROOM);
    }
}
