//! Which flags positional arguments fill, and in what order: the keys marked
//! `positional: N` (in the schema's `cli` meta or `options.flags`), ordered
//! by N. Refused here, once, are the orders no argv could be read against.

use super::flag::{Flag, FlagType};
use super::names::show_path;
use crate::error::{Code, Error, Result};

/// The positional flags in order; each flag's `positional` becomes its
/// place (from 0).
pub fn order(flags: &mut [Flag]) -> Result<Vec<usize>> {
    let marked = crate::order::sort_pairs(
        flags
            .iter()
            .enumerate()
            .filter_map(|(index, flag)| flag.positional.map(|n| (n, index)))
            .collect(),
    );
    for pair in marked.windows(2) {
        if let [(n, a), (m, b)] = pair {
            if n == m {
                return Err(refused(
                    flags,
                    *b,
                    &format!("has the same position ({n}) as {}", describe(flags, *a)),
                ));
            }
        }
    }
    let order: Vec<usize> = marked.into_iter().map(|(_, index)| index).collect();
    let last = order.len().saturating_sub(1);
    let mut optional_seen: Option<usize> = None;
    for (place, &index) in order.iter().enumerate() {
        let Some(flag) = flags.get(index) else {
            continue;
        };
        if flag.ty == FlagType::Boolean {
            return Err(refused(flags, index, "is a boolean, a switch; it cannot be positional"));
        }
        if flag.count {
            return Err(refused(flags, index, "is counted, a switch; it cannot be positional"));
        }
        if flag.repeats() && place != last {
            return Err(refused(
                flags,
                index,
                "is an array, which takes every remaining argument, so it must be the last positional",
            ));
        }
        // A required key that takes null may be left out (it is null then),
        // but it still has its place: a schema whose keys were all required
        // keeps the order it was given.
        let optional = !flag.required && !flag.null_if_absent;
        match optional_seen {
            Some(before) if !optional => {
                return Err(refused(
                    flags,
                    index,
                    &format!(
                        "is required but comes after the optional positional {}; put required ones first",
                        describe(flags, before)
                    ),
                ));
            }
            None if optional => optional_seen = Some(index),
            _ => {}
        }
    }
    for (place, &index) in order.iter().enumerate() {
        if let Some(flag) = flags.get_mut(index) {
            flag.positional = Some(place);
        }
    }
    Ok(order)
}

fn describe(flags: &[Flag], index: usize) -> String {
    flags
        .get(index)
        .map_or_else(String::new, |f| format!("{} (--{})", show_path(&f.path), f.name))
}

fn refused(flags: &[Flag], index: usize, problem: &str) -> Error {
    let path = flags.get(index).map(|f| f.path.clone()).unwrap_or_default();
    Error::new(
        Code::InvalidOption,
        format!("the positional key {} {problem}", describe(flags, index)),
    )
    .with_path(path)
}
