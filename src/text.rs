//! Small text helpers shared by every room: "did you mean" suggestions and
//! clipping of huge user text in messages.

use crate::limits::{MAX_CHOICES_SHOWN, MAX_CHOICE_NOTES, MAX_SUGGEST_LEN, MAX_SUGGEST_WORK};

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

/// `Values: a; b; 6 more.`: the first [`MAX_CHOICE_NOTES`] of `total`
/// described values, each already written as its reader wants, then how
/// many more; markdown usage, help entries and a client schema whose
/// union of described literals became one `enum` end a description so.
#[must_use]
pub fn values_sentence(shown: impl Iterator<Item = String>, total: usize) -> String {
    let mut shown: Vec<String> = shown.take(MAX_CHOICE_NOTES).collect();
    if total > MAX_CHOICE_NOTES {
        shown.push(format!("{} more", total - MAX_CHOICE_NOTES));
    }
    format!("Values: {}.", shown.join("; "))
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
///
/// Only the band of the distance table within that many edits of the
/// diagonal is computed, a candidate is dropped once a whole row is past
/// the limit, and one call spends at most [`MAX_SUGGEST_WORK`] cells: the
/// full table for each of 20,000 same-length names of 100 characters took
/// 0.7 s a call, and an argv of 100 unknown flags made 100 calls. Past
/// the budget the candidates left are not looked at: a schema that large
/// whose names are all near what was typed gets a suggestion from its
/// first names, or none.
pub fn closest<'a>(typed: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    if typed.len() > MAX_SUGGEST_LEN {
        return None;
    }
    let typed: Vec<char> = typed.chars().collect();
    let limit = (typed.len() / 3).clamp(1, 3);
    let mut table = Band::default();
    let mut work = 0usize;
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if work > MAX_SUGGEST_WORK {
            break;
        }
        // Lengths further apart than the limit are that many edits at
        // least: such candidates are passed over without a table.
        if candidate.len() > MAX_SUGGEST_LEN || candidate.chars().count().abs_diff(typed.len()) > limit {
            continue;
        }
        let found = table.distance(&typed, candidate, limit);
        work += table.rows * (2 * limit + 1) + candidate.len();
        let Some(found) = found else {
            continue;
        };
        let better = best.is_none_or(|(d, name)| found < d || (found == d && candidate < name));
        if better {
            best = Some((found, candidate));
        }
    }
    best.map(|(_, name)| name)
}

/// Rows of an edit distance table where swapping two neighbours counts as
/// one edit (optimal string alignment), since `--nmae` for `--name` is the
/// commonest typo; kept between candidates so a suggestion allocates once.
#[derive(Default)]
struct Band {
    /// Rows the last call computed, for the work budget.
    rows: usize,
    candidate: Vec<char>,
    two_back: Vec<usize>,
    back: Vec<usize>,
    now: Vec<usize>,
}

impl Band {
    /// The distance from `a` to `b` when it is at most `limit`.
    fn distance(&mut self, a: &[char], b: &str, limit: usize) -> Option<usize> {
        let past = limit + 1;
        self.candidate.clear();
        self.candidate.extend(b.chars());
        let b = &self.candidate;
        let width = b.len() + 1;
        for row in [&mut self.two_back, &mut self.back, &mut self.now] {
            row.clear();
            row.resize(width, past);
        }
        for (j, cell) in self.back.iter_mut().enumerate().take(past) {
            *cell = j;
        }
        self.rows = 0;
        for (i, ca) in a.iter().enumerate() {
            let row = i + 1;
            self.rows = row;
            self.now.fill(past);
            if let Some(first) = self.now.first_mut() {
                *first = row.min(past);
            }
            let from = row.saturating_sub(limit).max(1);
            let to = (row + limit).min(b.len());
            let mut row_best = self.now.first().copied().unwrap_or(past);
            for j in from..=to {
                let cb = b.get(j - 1);
                let cost = usize::from(cb != Some(ca));
                let at = |cells: &[usize], k: usize| cells.get(k).copied().unwrap_or(past);
                let mut cell = (at(&self.back, j) + 1)
                    .min(at(&self.now, j - 1) + 1)
                    .min(at(&self.back, j - 1) + cost);
                let swapped = i > 0 && j > 1 && a.get(i - 1) == cb && b.get(j - 2) == Some(ca);
                if swapped {
                    cell = cell.min(at(&self.two_back, j - 2) + 1);
                }
                let cell = cell.min(past);
                if let Some(slot) = self.now.get_mut(j) {
                    *slot = cell;
                }
                row_best = row_best.min(cell);
            }
            // A row wholly past the limit stays past it: every later cell
            // comes from this row, or (a swap) from the one before, which
            // is at most one less.
            if row_best > limit {
                return None;
            }
            std::mem::swap(&mut self.two_back, &mut self.back);
            std::mem::swap(&mut self.back, &mut self.now);
        }
        self.back.get(b.len()).copied().filter(|&d| d <= limit)
    }
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

    /// The whole table, as the banded one replaced it.
    fn full(a: &[char], b: &[char]) -> usize {
        let width = b.len() + 1;
        let mut d: Vec<usize> = (0..(a.len() + 1) * width)
            .map(|k| {
                if k < width {
                    k
                } else if k % width == 0 {
                    k / width
                } else {
                    0
                }
            })
            .collect();
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[(i - 1) * width + j] + 1)
                    .min(d[i * width + j - 1] + 1)
                    .min(d[(i - 1) * width + j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * width + j - 2] + 1);
                }
                d[i * width + j] = best;
            }
        }
        d[a.len() * width + b.len()]
    }

    proptest::proptest! {
        #[test]
        fn the_band_agrees_with_the_whole_table(a in "[abc-]{0,12}", b in "[abc-]{0,12}", limit in 1usize..4) {
            let (ac, bc): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let whole = full(&ac, &bc);
            let banded = Band::default().distance(&ac, &b, limit);
            proptest::prop_assert_eq!(banded, (whole <= limit).then_some(whole));
        }
    }

    #[test]
    fn a_suggestion_among_many_long_names_is_quick_and_bounded() {
        // 19,990 names, then ten whose ends are letters.
        let long = "a".repeat(95);
        let mut names: Vec<String> = (0..19_990).map(|i| format!("{long}{i:0>5}")).collect();
        names.extend((0..10).map(|i| format!("{long}qqqq{i}")));
        let names = || names.iter().map(String::as_str);
        // Each of these names is dropped a row or two in.
        assert_eq!(closest(&"y".repeat(100), names()), None);
        // Near the first names: one edit from ten of them, the first wins.
        assert_eq!(closest(&format!("{long}0001x"), names()), names().nth(10));
        // Near the last names, each name before them runs its whole band
        // (five edits from it): the budget ends the call first.
        let late = format!("{long}qqqqx");
        assert_eq!(closest(&late, names()), None);
        assert_eq!(closest(&late, names().skip(19_990)), names().nth(19_990));
    }

    #[test]
    fn suggests_typos_only() {
        let names = ["config-timeout", "config-retries", "verbose"];
        assert_eq!(closest("config-timout", names.iter().copied()), Some("config-timeout"));
        assert_eq!(closest("verbos", names.iter().copied()), Some("verbose"));
        assert_eq!(closest("zzz", names.iter().copied()), None);
        let distance = |a: &str, b: &str, limit| Band::default().distance(&a.chars().collect::<Vec<_>>(), b, limit);
        assert_eq!(distance("kitten", "sitting", 3), Some(3));
        assert_eq!(distance("kitten", "sitting", 2), None);
        assert_eq!(distance("", "abc", 3), Some(3));
        assert_eq!(distance("abc", "", 3), Some(3));
        assert_eq!(distance("nmae", "name", 1), Some(1));
        assert_eq!(distance("ab", "ba", 1), Some(1));
        assert_eq!(distance("same", "same", 1), Some(0));
        assert_eq!(closest("nmae", ["name", "note"].iter().copied()), Some("name"));
    }
}
