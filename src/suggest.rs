//! "Did you mean" for unknown flag and option names.

use crate::limits::MAX_SUGGEST_LEN;

/// The candidate closest to `typed` by edit distance, when close enough to
/// be a typo (at most a third of the length, and at most 3 edits).
pub fn closest<'a>(typed: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    if typed.len() > MAX_SUGGEST_LEN {
        return None;
    }
    let limit = (typed.chars().count() / 3).clamp(1, 3);
    candidates
        .filter(|c| c.len() <= MAX_SUGGEST_LEN)
        .map(|c| (distance(typed, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by(|(da, a), (db, b)| da.cmp(db).then_with(|| a.cmp(b)))
        .map(|(_, c)| c)
}

/// Levenshtein distance over chars, in one row of memory.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = i;
        let mut left = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let up = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let cost = usize::from(ca != *cb);
            let value = (diagonal + cost).min(up + 1).min(left + 1);
            diagonal = up;
            if let Some(slot) = row.get_mut(j + 1) {
                *slot = value;
            }
            left = value;
        }
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_typos_only() {
        let names = ["config-timeout", "config-retries", "verbose"];
        assert_eq!(closest("config-timout", names.iter().copied()), Some("config-timeout"));
        assert_eq!(closest("verbos", names.iter().copied()), Some("verbose"));
        assert_eq!(closest("zzz", names.iter().copied()), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }
}
