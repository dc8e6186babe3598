//! Strict number text: the JSON number grammar and nothing else, so `12abc`,
//! `0x10`, `NaN`, `Infinity`, ` 1`, `+1` and the empty string are refused,
//! and an integer must be exact.

use serde_json::{Number, Value};

/// Largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
pub(crate) const MAX_SAFE: i64 = 9_007_199_254_740_991;

/// Does `text` follow the JSON number grammar?
#[must_use]
pub fn is_json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// A finite number, as an integer `Value` when it is one exactly.
#[must_use]
pub fn parse_number(text: &str) -> Option<Value> {
    if !is_json_number(text) {
        return None;
    }
    if let Some(int) = parse_safe_integer(text) {
        return Some(Value::Number(int.into()));
    }
    // serde_json's exact reader (float_roundtrip), which every schema and
    // argument already goes through: `str::parse` would link core's own,
    // a second exact float reader with its 10 KB table of powers. Read as
    // any value, not as an `f64`: a typed read links serde_json's error for
    // a value of the wrong type, which writes floats with a writer of its
    // own (`crate::json_out`).
    let Ok(Value::Number(number)) = serde_json::from_str::<Value>(text) else {
        return None;
    };
    let float = number.as_f64()?;
    if !float.is_finite() {
        return None;
    }
    Some(number_value(float))
}

/// An integer that JS holds exactly, within ±(2^53 - 1), in any JSON
/// spelling of a whole number (`1000`, `1e3`, `1000.0`), as repair reads it.
#[must_use]
pub fn parse_integer(text: &str) -> Option<Value> {
    parse_number(text).filter(|v| v.is_i64() || v.is_u64())
}

/// Why `text` is no integer, for messages: the size aside only when size
/// is the problem, and JSON's spelling where the text is a near miss.
#[must_use]
pub fn integer_expected(text: &str) -> String {
    let spelled = json_spelling(text);
    let read = spelled.as_deref().unwrap_or(text);
    match parse_number(read).as_ref().and_then(Value::as_f64) {
        Some(f) if f.fract() != 0.0 => "an integer (a whole number)".to_owned(),
        Some(_) if parse_integer(read).is_none() => "an integer of at most 2^53 - 1 in size".to_owned(),
        Some(_) => spelled.map_or_else(|| "an integer".to_owned(), |s| as_json("an integer", &s)),
        None => "an integer".to_owned(),
    }
}

/// Why `text` is no number, for messages, with JSON's spelling where the
/// text is a near miss: `a number (as JSON writes it: 0.5)` for `.5`.
#[must_use]
pub fn number_expected(text: &str) -> String {
    json_spelling(text).map_or_else(|| "a number".to_owned(), |s| as_json("a number", &s))
}

fn as_json(what: &str, spelled: &str) -> String {
    format!("{what} (as JSON writes it: {})", crate::text::clip(spelled))
}

/// JSON's spelling of a number typed as people and other parsers take it
/// (`.5`, `5.`, `+5`, `007`, ` 5`): numbers here follow JSON, and the
/// message should say how to write the one meant. `None` when the text
/// holds no such number.
#[must_use]
pub fn json_spelling(text: &str) -> Option<String> {
    let trimmed = text.trim();
    if !trimmed.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let (sign, body) = match trimmed.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    let body = body.strip_suffix('.').unwrap_or(body).trim_start_matches('0');
    let body = if body.starts_with('.') || body.is_empty() {
        format!("0{body}")
    } else {
        body.to_owned()
    };
    let spelled = format!("{sign}{body}");
    (spelled != text && parse_number(&spelled).is_some()).then_some(spelled)
}

fn parse_safe_integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || !is_json_number(text) {
        return None;
    }
    let value: i64 = text.parse().ok()?;
    (-MAX_SAFE..=MAX_SAFE).contains(&value).then_some(value)
}

/// An f64 as a JSON number, integral values written as integers so that
/// `30` and `30.0` compare equal after a round trip.
#[must_use]
pub fn number_value(float: f64) -> Value {
    #[allow(clippy::cast_possible_truncation)] // checked: integral and within the safe range
    let as_int = float as i64;
    #[allow(clippy::cast_precision_loss, clippy::float_cmp)]
    // within ±2^53 i64 -> f64 is exact, so == is the exactness test
    let exact = float.fract() == 0.0 && (-MAX_SAFE..=MAX_SAFE).contains(&as_int) && as_int as f64 == float;
    if exact {
        Value::Number(as_int.into())
    } else {
        Number::from_f64(float).map_or(Value::Null, Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_grammar_only() {
        for ok in ["0", "-0", "12", "-5", "1.5", "1e3", "1E-3", "-0.25e+2"] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in [
            "", "-", "12abc", "0x10", "NaN", "Infinity", "+1", " 1", "1.", ".5", "01", "1e", "--1",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn numbers_are_finite_and_normalized() {
        assert_eq!(parse_number("30"), Some(json!(30)));
        assert_eq!(parse_number("30.0"), Some(json!(30)));
        assert_eq!(parse_number("1.5"), Some(json!(1.5)));
        assert_eq!(parse_number("1e309"), None);
        assert_eq!(parse_number("-1e308"), Some(json!(-1e308)));
    }

    #[test]
    fn floats_read_as_the_standard_library_reads_them() {
        // Any bit pattern, written short and in exponent form, and near the
        // edges of the range; both readers round exactly, so they agree.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut texts = vec![
            "2.2250738585072014e-308".to_owned(),
            "4.9e-324".to_owned(),
            "1.7976931348623157e308".to_owned(),
        ];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let float = f64::from_bits(state);
            if float.is_finite() {
                texts.push(format!("{float}"));
                texts.push(format!("{float:e}"));
            }
        }
        for text in texts {
            let ours = parse_number(&text).and_then(|v| v.as_f64());
            let std: Option<f64> = text.parse().ok().filter(|f: &f64| f.is_finite());
            assert_eq!(ours, std, "{text}");
        }
    }

    #[test]
    fn integers_are_exact() {
        assert_eq!(
            parse_integer("9007199254740991"),
            Some(json!(9_007_199_254_740_991_i64))
        );
        assert_eq!(parse_integer("9007199254740993"), None);
        assert_eq!(parse_integer("-12"), Some(json!(-12)));
        assert_eq!(parse_integer("1.0"), Some(json!(1)));
        assert_eq!(parse_integer("1e3"), Some(json!(1000)));
        assert_eq!(parse_integer("1.5"), None);
        assert_eq!(parse_integer("1e400"), None);
        assert_eq!(parse_integer("007"), None);
        assert_eq!(integer_expected("x"), "an integer");
        assert_eq!(integer_expected("007"), "an integer (as JSON writes it: 7)");
        assert_eq!(integer_expected("+5"), "an integer (as JSON writes it: 5)");
        assert_eq!(integer_expected(".5"), "an integer (a whole number)");
        assert_eq!(integer_expected("1.5"), "an integer (a whole number)");
        assert_eq!(
            integer_expected("9007199254740993"),
            "an integer of at most 2^53 - 1 in size"
        );
    }

    #[test]
    fn near_misses_get_json_spelling() {
        for (typed, spelled) in [
            (".5", Some("0.5")),
            ("-.5", Some("-0.5")),
            ("5.", Some("5")),
            ("+5", Some("5")),
            ("007", Some("7")),
            ("00.5", Some("0.5")),
            (" 5 ", Some("5")),
            ("000", Some("0")),
            ("5", None),
            (".", None),
            ("-", None),
            ("e5", None),
            ("0x1F", None),
            ("Infinity", None),
            ("1e400", None),
            ("1.2.3", None),
        ] {
            assert_eq!(json_spelling(typed).as_deref(), spelled, "{typed:?}");
        }
        assert_eq!(number_expected(".5"), "a number (as JSON writes it: 0.5)");
        assert_eq!(number_expected("x"), "a number");
        let long = number_expected(&format!(".{}", "5".repeat(10_000)));
        assert!(long.len() < 200, "{long}");
    }
}
