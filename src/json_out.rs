//! JSON text from serde values: serde_json's serializer with a formatter of
//! ours that writes floats with core's shortest formatting, byte for byte
//! as serde_json writes them.
//!
//! serde_json writes floats with `zmij`, whose table alone is 17 KB of the
//! module (12 KB gzipped), and core's `{:e}` links two algorithms with
//! big-number fallbacks (about 20 KB); `ryu` with its small tables gives
//! the same shortest digits in about 5. So every JSON text the core writes
//! comes from here, and a value, a number or a float is never written with
//! its `Display`.

use std::io;
use std::ops::RangeInclusive;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter, Serializer};
use serde_json::{Number, Value};

/// Decimal exponents serde_json writes an f64 in fixed notation for
/// (`0.00001`, `1000000000000000.0`); outside them, `1e-6`, `1e+16`.
const FIXED_F64: RangeInclusive<i32> = -5..=15;
/// The same for an f32.
const FIXED_F32: RangeInclusive<i32> = -6..=12;

/// `value` as JSON text, as `serde_json::to_string` writes it.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    write(value, Compact)
}

/// `value` as indented JSON text, as `serde_json::to_string_pretty` writes it.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    write(value, Pretty(PrettyFormatter::new()))
}

/// A `Value` as JSON text (what its `Display` writes). Writing a `Value`
/// cannot fail: its keys are strings.
#[must_use]
pub fn value_text(value: &Value) -> String {
    to_string(value).unwrap_or_default()
}

/// A number as JSON text (what its `Display` writes).
#[must_use]
pub fn number_text(number: &Number) -> String {
    let mut buf = Vec::with_capacity(24);
    write_number(&mut buf, number);
    String::from_utf8(buf).unwrap_or_default()
}

/// A number's JSON text added to `buf`: an integer with no allocation (the
/// schema writers' common case), a float through [`float_text`].
pub fn write_number(buf: &mut Vec<u8>, number: &Number) {
    // Writing to a `Vec` cannot fail.
    let _ = number.serialize(&mut Serializer::with_formatter(buf, Compact));
}

/// A finite f64 as serde_json writes it: the shortest digits that read
/// back as the same float, in fixed notation for exponents -5 to 15
/// (`1.0`, `0.00001`), else `1.5e+16`, `1e-6`.
#[must_use]
pub fn float_text(value: f64) -> String {
    layout(&exponential(ryu::Buffer::new().format(value)), &FIXED_F64)
}

/// An f32 the same way (fixed notation for exponents -6 to 12).
fn float32_text(value: f32) -> String {
    layout(&exponential(ryu::Buffer::new().format(value)), &FIXED_F32)
}

/// Ryu's text (`1.5e-7`, `0.00015`, `100.0`: the shortest digits, in fixed
/// notation for some exponents) as one digit before the point and an
/// exponent, `1.5e-4`, `1e2`, for [`layout`].
fn exponential(text: &str) -> String {
    let (sign, unsigned) = text.strip_prefix('-').map_or(("", text), |rest| ("-", rest));
    if unsigned.contains('e') {
        return text.to_owned();
    }
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let all: String = [int, frac].concat();
    let significant = all.trim_start_matches('0');
    let lead = all.len() - significant.len();
    let significant = significant.trim_end_matches('0');
    let Some(first) = significant.get(..1) else {
        return format!("{sign}0e0");
    };
    // `int.len() - 1 - lead` without leaving the integers: the point sits after `int`.
    let exponent = i64::try_from(int.len()).unwrap_or(0) - 1 - i64::try_from(lead).unwrap_or(0);
    let rest = significant.get(1..).unwrap_or_default();
    let point = if rest.is_empty() { "" } else { "." };
    format!("{sign}{first}{point}{rest}e{exponent}")
}

fn write<T: Serialize + ?Sized, F: Formatter>(value: &T, formatter: F) -> serde_json::Result<String> {
    let mut out = Vec::with_capacity(128);
    value.serialize(&mut Serializer::with_formatter(&mut out, formatter))?;
    // The serializer writes only UTF-8: the strings it copies are `str`s.
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// Core's `{:e}` text (`-1.2345e-7`: the shortest digits, one before the
/// point) laid out as serde_json lays it out.
fn layout(exponential: &str, fixed: &RangeInclusive<i32>) -> String {
    let (sign, unsigned) = exponential
        .strip_prefix('-')
        .map_or(("", exponential), |rest| ("-", rest));
    let (mantissa, exponent) = unsigned.split_once('e').unwrap_or((unsigned, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if !fixed.contains(&exponent) {
        let mark = if exponent >= 0 { "+" } else { "" };
        return format!("{sign}{mantissa}e{mark}{exponent}");
    }
    let mut out = String::with_capacity(digits.len() + 8);
    out.push_str(sign);
    // Digits before the point: `1.234e2` has three.
    let whole = usize::try_from(exponent + 1).unwrap_or(0);
    if exponent < 0 {
        // `1.5e-3` is `0.0015`: the zeros after the point number -e - 1.
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', usize::try_from(-exponent - 1).unwrap_or(0)));
        out.push_str(&digits);
    } else if let Some((int, frac)) = digits.split_at_checked(whole).filter(|(_, frac)| !frac.is_empty()) {
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', whole.saturating_sub(digits.len())));
        out.push_str(".0");
    }
    out
}

/// serde_json's compact layout, with our floats.
struct Compact;

impl Formatter for Compact {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(float_text(value).as_bytes())
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        writer.write_all(float32_text(value).as_bytes())
    }
}

/// serde_json's indented layout, with our floats.
struct Pretty<'a>(PrettyFormatter<'a>);

impl Formatter for Pretty<'_> {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        Compact.write_f64(writer, value)
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        Compact.write_f32(writer, value)
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    #[test]
    fn floats_as_serde_json_writes_them() {
        for value in [
            0.1,
            1.0,
            100.0,
            1e15,
            1e16,
            1.5e16,
            1.234_567_890_123_456_8e20,
            1e21,
            1e-5,
            1e-6,
            1.5e-7,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            -0.0,
            0.0,
            0.000_123,
            1234.5678,
            -2.5e-10,
            1e100,
            0.3,
        ] {
            assert_eq!(
                float_text(value),
                serde_json::to_string(&value).unwrap_or_default(),
                "{value:e}"
            );
        }
        for value in [0.1_f32, 1.0, 1e12, 1e13, 1e-6, 1e-7, f32::MAX, -3.5e-20] {
            assert_eq!(to_string(&value).ok(), serde_json::to_string(&value).ok(), "{value:e}");
        }
    }

    #[test]
    fn values_and_numbers_as_serde_json_writes_them() {
        let value = json!({ "a": [1, -2, 1.5, 1e300, "x\"y", null, true, {}], "b": { "c": 0.1 }, "d": u64::MAX, "e": i64::MIN });
        assert_eq!(value_text(&value), value.to_string());
        assert_eq!(to_string_pretty(&value).ok(), serde_json::to_string_pretty(&value).ok());
        for n in [json!(0), json!(u64::MAX), json!(i64::MIN), json!(2.5), json!(-1e-9)] {
            if let Value::Number(n) = n {
                assert_eq!(number_text(&n), n.to_string());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        // Floats with few significant bits: where two shortest decimals
        // tie, as -1656955703751436.25 between ...436.2 and ...436.3.
        #[test]
        fn tying_f64_as_serde_json_writes_it(high in any::<i32>(), low in 0_u32..2_097_152, quarters in 0_u8..4, scale in -60_i32..60) {
            // Up to 52 bits of whole number, exactly, and a quarter.
            let whole = f64::from(high) * 2_097_152.0 + f64::from(low);
            let value = (whole + f64::from(quarters) / 4.0) * 2_f64.powi(scale);
            prop_assert_eq!(to_string(&value).ok(), serde_json::to_string(&value).ok());
        }

        #[test]
        fn any_f64_as_serde_json_writes_it(bits in any::<u64>()) {
            let value = f64::from_bits(bits);
            prop_assert_eq!(to_string(&value).ok(), serde_json::to_string(&value).ok());
        }

        #[test]
        fn any_f32_as_serde_json_writes_it(bits in any::<u32>()) {
            let value = f32::from_bits(bits);
            prop_assert_eq!(to_string(&value).ok(), serde_json::to_string(&value).ok());
        }
    }
}
