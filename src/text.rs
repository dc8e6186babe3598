//! Small text helpers shared by every room: "did you mean" suggestions and
//! clipping of huge user text in messages.

use crate::limits::{MAX_CHOICES_SHOWN, MAX_SUGGEST_LEN};

/// A flag, key or value as shown in a message, cut short when someone typed
/// a huge one, so a message never grows with its input.
#[must_use]
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(crate::limits::CLIP_CHARS) {
        Some((at, _)) => format!("{}…", text.get(..at).unwrap_or_default()),
        None => text.to_owned(),
    }
}

/// A list for a message: the first [`MAX_CHOICES_SHOWN`] of `total` items
/// (taken lazily, each clipped), then how many there are in all, so a
/// message stays small whatever the schema holds: `a, b, ... (10,000 choices)`.
#[must_use]
pub fn capped_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>, total: usize, noun: &str) -> String {
    let shown: Vec<String> = items
        .into_iter()
        .take(MAX_CHOICES_SHOWN)
        .map(|s| clip(s.as_ref()))
        .collect();
    if total <= MAX_CHOICES_SHOWN {
        return shown.join(", ");
    }
    format!("{}, ... ({} {noun})", shown.join(", "), thousands(total))
}

/// `10000` as `10,000`.
#[must_use]
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The candidate closest to `typed` by edit distance, when close enough to
/// be a typo (at most a third of the length, and at most 3 edits).
pub fn closest<'a>(typed: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    if typed.len() > MAX_SUGGEST_LEN {
        return None;
    }
    let length = typed.chars().count();
    let limit = (length / 3).clamp(1, 3);
    // Lengths further apart than the limit are that many edits at least:
    // such candidates are passed over without a table of distances.
    candidates
        .filter(|c| c.len() <= MAX_SUGGEST_LEN && c.chars().count().abs_diff(length) <= limit)
        .map(|c| (distance(typed, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by(|(da, a), (db, b)| da.cmp(db).then_with(|| a.cmp(b)))
        .map(|(_, c)| c)
}

/// Edit distance where swapping two neighbours counts as one edit (optimal
/// string alignment), since `--nmae` for `--name` is the commonest typo.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    let at = |i: usize, j: usize| i * width + j;
    for i in 0..=a.len() {
        if let Some(cell) = d.get_mut(at(i, 0)) {
            *cell = i;
        }
    }
    for j in 0..=b.len() {
        if let Some(cell) = d.get_mut(at(0, j)) {
            *cell = j;
        }
    }
    let get = |d: &[usize], i: usize, j: usize| d.get(at(i, j)).copied().unwrap_or(usize::MAX / 2);
    for (i, ca) in a.iter().enumerate() {
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let mut best = (get(&d, i, j + 1) + 1)
                .min(get(&d, i + 1, j) + 1)
                .min(get(&d, i, j) + cost);
            let swapped = i > 0 && j > 0 && a.get(i - 1) == Some(cb) && b.get(j - 1) == Some(ca);
            if swapped {
                best = best.min(get(&d, i - 1, j - 1) + 1);
            }
            if let Some(cell) = d.get_mut(at(i + 1, j + 1)) {
                *cell = best;
            }
        }
    }
    get(&d, a.len(), b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_capped() {
        assert_eq!(capped_list(["a", "b"], 2, "choices"), "a, b");
        assert_eq!(
            capped_list((0..10_000).map(|i| i.to_string()), 10_000, "choices"),
            "0, 1, 2, 3, 4, 5, 6, 7, ... (10,000 choices)"
        );
        assert!(capped_list(["x".repeat(100_000)], 1, "choices").len() < 100);
    }

    #[test]
    fn suggests_typos_only() {
        let names = ["config-timeout", "config-retries", "verbose"];
        assert_eq!(closest("config-timout", names.iter().copied()), Some("config-timeout"));
        assert_eq!(closest("verbos", names.iter().copied()), Some("verbose"));
        assert_eq!(closest("zzz", names.iter().copied()), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("nmae", "name"), 1);
        assert_eq!(closest("nmae", ["name", "note"].iter().copied()), Some("name"));
    }
}
