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

/// A description's first sentence, for a list of commands or actions,
/// where each should take a line or two (as `git help` and `cargo --list`
/// show them); the whole description is the command's own `--help`. The
/// first line, cut after the first `.`, `!` or `?` that ends a sentence
/// (followed by a space and not ending `e.g.`, `i.e.`, `etc.` or `vs.`).
#[must_use]
pub fn summary(text: &str) -> &str {
    let line = text.trim_start().lines().next().unwrap_or_default().trim_end();
    let mut ends = line.match_indices(['.', '!', '?']);
    let cut = ends.find(|&(at, mark)| {
        let after = line.get(at + 1..).unwrap_or_default();
        let before = line.get(..at).unwrap_or_default().to_ascii_lowercase();
        after.starts_with(' ') && !(mark == "." && ["e.g", "i.e", "etc", "vs"].iter().any(|a| before.ends_with(a)))
    });
    match cut {
        Some((at, _)) => line.get(..=at).unwrap_or(line),
        None => line,
    }
}

/// Greedy word wrap to `width` columns (counted in chars). A bracketed tag
/// (`[default: "a b"]`, `[env: APP_X]`) is never broken; a word or tag
/// longer than the width stands alone on its line.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(10);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0usize;
    for word in units(text) {
        let len = word.chars().count();
        if used > 0 && used + 1 + len > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push(' ');
            used += 1;
        }
        line.push_str(&word);
        used += len;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Words, with a bracketed tag kept as one unit (brackets may nest, as in
/// `[default: ["a", "b"]]`).
/// A tag starts with a word that starts with `[`; a `[` inside a word (a
/// made-visible escape such as `\u{1b}[31m`) starts nothing.
fn units(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut depth = 0isize;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let balance = |w: &str| {
            w.chars()
                .map(|c| match c {
                    '[' => 1,
                    ']' => -1,
                    _ => 0,
                })
                .sum::<isize>()
        };
        match out.last_mut() {
            Some(last) if depth > 0 => {
                last.push(' ');
                last.push_str(word);
                depth += balance(word);
            }
            _ => {
                depth = if word.starts_with('[') { balance(word) } else { 0 };
                out.push(word.to_owned());
            }
        }
    }
    out
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
        assert_eq!(
            wrap("Timeout in seconds [default: 30] [env: APP_CONFIG_TIMEOUT]", 24),
            vec!["Timeout in seconds", "[default: 30]", "[env: APP_CONFIG_TIMEOUT]"]
        );
        assert_eq!(
            wrap(r#"x [default: ["a b", "c"]] y"#, 12),
            vec!["x", r#"[default: ["a b", "c"]]"#, "y"]
        );
        assert_eq!(
            wrap(r"red\u{1b}[31m text [env: X]", 20),
            vec![r"red\u{1b}[31m text", "[env: X]"]
        );
    }

    #[test]
    fn a_summary_is_the_first_sentence_of_the_first_line() {
        assert_eq!(
            summary("Returns the sum of two numbers"),
            "Returns the sum of two numbers"
        );
        assert_eq!(
            summary("Compresses a file. Depending upon the type, returns data."),
            "Compresses a file."
        );
        assert_eq!(summary("Lists files.\nMore on a second line."), "Lists files.");
        assert_eq!(summary("First line\nsecond line"), "First line");
        assert_eq!(
            summary("Emulate devices, e.g. a phone. Then more."),
            "Emulate devices, e.g. a phone."
        );
        assert_eq!(summary("Version 1.2 of it! Yes."), "Version 1.2 of it!");
        assert_eq!(summary("Ends with a dot."), "Ends with a dot.");
        assert_eq!(summary("  \n"), "");
        assert_eq!(summary("Is it? Maybe."), "Is it?");
    }
}
