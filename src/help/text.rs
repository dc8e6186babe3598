//! Text helpers shared by every help format: control characters made
//! visible, and word wrapping.

/// Control characters (ANSI escapes, NUL, bells) become visible `\u{1b}`
/// escapes so a description cannot rewrite the terminal; line breaks and
/// tabs become spaces.
#[must_use]
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control()
                || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') =>
            {
                out.extend(c.escape_unicode());
            }
            c => out.push(c),
        }
    }
    out
}

/// Greedy word wrap to `width` columns (counted in chars); a word longer
/// than the width stands alone on its line.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(10);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0usize;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if used > 0 && used + 1 + len > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push(' ');
            used += 1;
        }
        line.push_str(word);
        used += len;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_visible() {
        assert_eq!(sanitize("red\u{1b}[31m\nx"), "red\\u{1b}[31m x");
        assert_eq!(sanitize("a\u{202e}b"), "a\\u{202e}b");
    }

    #[test]
    fn wraps_words() {
        assert_eq!(wrap("aa bb cc dd", 10), vec!["aa bb cc", "dd"]);
        assert_eq!(wrap("", 10), vec![String::new()]);
    }
}
