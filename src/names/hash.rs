//! The short hash that keeps shortened names distinct: FNV-1a over the
//! identifier's parts, each led by its length so that no two identifiers
//! feed it the same bytes, written in base 36 (lower-case letters and
//! digits, valid in every client's names). Stable across builds: names a
//! client has stored keep resolving.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

/// Digits written for a hash: 8 usually, 13 (all 64 bits) when 8 clash.
pub const SHORT: usize = 8;
pub const LONG: usize = 13;

#[must_use]
pub fn of_parts(parts: &[&str], salt: u64) -> u64 {
    let mut hash = OFFSET ^ salt.wrapping_mul(PRIME);
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
    };
    for part in parts {
        feed(&(part.len() as u64).to_le_bytes());
        feed(part.as_bytes());
    }
    hash
}

/// The last `digits` base-36 digits of `hash` (at most 13, all of it).
#[must_use]
pub fn base36(mut hash: u64, digits: usize) -> String {
    const ALPHABET: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::with_capacity(digits);
    for _ in 0..digits.min(LONG) {
        let digit = usize::try_from(hash % 36).unwrap_or(0);
        out.push(ALPHABET.get(digit).copied().unwrap_or(b'0'));
        hash /= 36;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_not_confused_and_the_text_is_stable() {
        assert_ne!(of_parts(&["ab", "c"], 0), of_parts(&["a", "bc"], 0));
        assert_ne!(of_parts(&["a"], 0), of_parts(&["a"], 1));
        // Pinned: a change here renames every shortened tool.
        assert_eq!(base36(of_parts(&["dev", "fs", "read"], 0), SHORT), "o09wgrf4");
        assert_eq!(base36(0, 4), "0000");
        assert_eq!(base36(35, 2), "0z");
        assert_eq!(base36(u64::MAX, LONG), "3w5e11264sgsf");
    }
}
