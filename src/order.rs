//! The one sort the module carries.
//!
//! Each element type `sort_unstable` is used with is a copy of the standard
//! library's pattern-defeating quicksort, 3 to 8 KB of wasm apiece. Every
//! sort here orders `(key, place)` pairs, and only on a path that is not a
//! parse's or a schema's common one (issues, positional flags, a group's
//! definitions, the members of an object inside an enum), so they share one
//! heap sort from `BinaryHeap`: O(n log n) at worst, in about 1 KB.

use std::collections::BinaryHeap;

/// `pairs` in ascending order.
#[must_use]
pub fn sort_pairs(pairs: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    BinaryHeap::from(pairs).into_sorted_vec()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_the_standard_sort(mut pairs in proptest::collection::vec((0_usize..50, 0_usize..50), 0..200)) {
            let sorted = super::sort_pairs(pairs.clone());
            pairs.sort_unstable();
            prop_assert_eq!(sorted, pairs);
        }
    }
}
