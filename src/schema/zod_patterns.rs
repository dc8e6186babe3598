//! Zod's own patterns beside a format that says the same: `z.email()`
//! writes `format: "email"` and a 102-character `pattern`, `z.uuid()` 166
//! characters, `z.iso.datetime()` 256, read by a model on every request.
//! Which ones: `scripts/zod-patterns.mjs`, which writes the table of their
//! hashes from the installed Zod. A hash, not the text: 8 bytes a pattern
//! in the module instead of 100 to 400, and a user's own pattern, whose
//! hash is in no table, is never taken for one of Zod's.

#[path = "zod_pattern_table.rs"]
mod table;

use super::Keywords;

/// Whether `pattern` is the one Zod writes beside `format`.
#[must_use]
pub fn is_zod_pattern(format: &str, pattern: &str) -> bool {
    table::ZOD_PATTERN_HASHES.binary_search(&hash(format, pattern)).is_ok()
}

/// Whether a node's kept keywords hold a format and Zod's pattern for it.
#[must_use]
pub fn has_zod_pattern(keywords: &Keywords) -> bool {
    match (keywords.get("format"), keywords.get("pattern")) {
        (Some(format), Some(pattern)) => match (format.as_str(), pattern.as_str()) {
            (Some(format), Some(pattern)) => is_zod_pattern(format, pattern),
            _ => false,
        },
        _ => false,
    }
}

/// FNV-1a, 64 bits, over the format, a 0 byte and the pattern: the
/// generator's hash (`patternHash`), which needs no table of its own.
fn hash(format: &str, pattern: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    format
        .bytes()
        .chain([0])
        .chain(pattern.bytes())
        .fold(OFFSET, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_for_its_search() {
        assert!(table::ZOD_PATTERN_HASHES.windows(2).all(|w| w.first() < w.last()));
    }

    #[test]
    fn a_pattern_counts_only_beside_its_own_format() {
        // What Zod writes for `z.string().email()`, as the fixture holds it.
        let fixture = std::fs::read_to_string("tests/fixtures/zod/string-formats.json").unwrap_or_default();
        let fixture: serde_json::Value = serde_json::from_str(&fixture).unwrap_or_default();
        let email = &fixture["variants"]["draft-2020-12/input"]["properties"]["email"];
        let pattern = email["pattern"].as_str().unwrap_or_default();
        assert!(is_zod_pattern("email", pattern), "{email}");
        assert!(!is_zod_pattern("uuid", pattern));
        assert!(!is_zod_pattern("email", &format!("{pattern} ")));
        assert!(!is_zod_pattern("email", "^[a-z]+@example\\.com$"));
    }
}
