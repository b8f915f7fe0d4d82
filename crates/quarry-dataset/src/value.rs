//! Parsing of CSV cells into typed values, and the result-item strings of
//! typed values (DESIGN §1: integers without decimals, floats in shortest
//! round-trip form, booleans `true`/`false`, dates ISO, null as `""`).

use quarry_profile::ColumnType;
use std::borrow::Cow;

/// A cell after conversion to its column's type, as stored in SQLite; also
/// what an engine reads back ([`crate::RowCollector`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Cell<'a> {
    Null,
    Int(i64),
    Real(f64),
    /// Text, dates and date-times (ISO, stored as TEXT).
    Text(Cow<'a, str>),
}

/// Tokens read as null in non-text columns (compared case-insensitively).
pub(crate) fn is_null_token(s: &str) -> bool {
    s.is_empty()
        || ["na", "n/a", "null", "none", "nan"]
            .iter()
            .any(|t| s.eq_ignore_ascii_case(t))
}

/// Plain integer: optional sign, digits, no leading zero (so `007` and
/// `02134` stay codes, not numbers). `None` also on i64 overflow.
pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return None;
    }
    s.parse::<i64>().ok()
}

/// Whether the text looks like an integer at all (sign and digits) — used to
/// tell an overflowing integer from a non-number.
pub(crate) fn looks_integral(s: &str) -> bool {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Currency signs understood before or after a number (`$1,234.50`, `12 €`).
pub(crate) const CURRENCY_SIGNS: &[char] = &[
    '$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', '₦', '₱', '฿', '₫', '₴', '¢',
];

/// A number written for people: thousands separators (`1,234,567.5`), a
/// currency sign before or after it (`$12`, `-$3.50`, `12 €`), or both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Decorated {
    /// The value when it has no fractional part (and fits an i64).
    pub int: Option<i64>,
    pub float: f64,
    /// Thousands separators were used.
    pub separators: bool,
    /// More than three integer digits without separators (`1234`): a column
    /// mixing that with `1,234` is not consistent.
    pub long_plain: bool,
    pub fraction: bool,
    pub currency: Option<char>,
}

/// Parses a [`Decorated`] number. Plain numbers (`1234`, `0.5`) parse too, so
/// a consistent column can hold them; leading zeros (`007`) and exponents do
/// not.
pub(crate) fn parse_decorated(s: &str) -> Option<Decorated> {
    let mut rest = s;
    let mut neg = false;
    if let Some(r) = rest.strip_prefix('-') {
        neg = true;
        rest = r;
    } else if let Some(r) = rest.strip_prefix('+') {
        rest = r;
    }
    let mut currency = None;
    if let Some(c) = rest.chars().next().filter(|c| CURRENCY_SIGNS.contains(c)) {
        currency = Some(c);
        rest = rest[c.len_utf8()..].trim_start();
        if !neg {
            if let Some(r) = rest.strip_prefix('-') {
                neg = true;
                rest = r;
            }
        }
    } else if let Some(c) = rest.chars().last().filter(|c| CURRENCY_SIGNS.contains(c)) {
        currency = Some(c);
        rest = rest[..rest.len() - c.len_utf8()].trim_end();
    }
    let (int_part, frac) = match rest.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (rest, None),
    };
    if let Some(f) = frac {
        if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    let separators = int_part.contains(',');
    if separators {
        let mut groups = int_part.split(',');
        let first = groups.next()?;
        if first.is_empty()
            || first.len() > 3
            || !first.bytes().all(|b| b.is_ascii_digit())
            || first.starts_with('0')
        {
            return None;
        }
        for g in groups {
            if g.len() != 3 || !g.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
        }
    } else if int_part.is_empty()
        || !int_part.bytes().all(|b| b.is_ascii_digit())
        || (int_part.len() > 1 && int_part.starts_with('0'))
    {
        return None;
    }
    // The plain digits, for exact parsing.
    let mut buf = [0u8; 80];
    let mut n = 0;
    let bytes = std::iter::once(b'-')
        .filter(|_| neg)
        .chain(int_part.bytes().filter(|b| *b != b','));
    for b in bytes {
        *buf.get_mut(n)? = b;
        n += 1;
    }
    let int_len = n;
    if let Some(f) = frac {
        for b in std::iter::once(b'.').chain(f.bytes()) {
            *buf.get_mut(n)? = b;
            n += 1;
        }
    }
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    let int = match frac {
        None => Some(text.parse::<i64>().ok()?),
        Some(_) => None,
    };
    let float: f64 = text.parse().ok()?;
    if !float.is_finite() {
        return None;
    }
    Some(Decorated {
        int,
        float,
        separators,
        long_plain: !separators && int_len - usize::from(neg) > 3,
        fraction: frac.is_some(),
        currency,
    })
}

/// An integer as a `--type integer` override reads it: optional sign and
/// digits, leading zeros allowed (`007` is 7).
pub(crate) fn parse_int_loose(s: &str) -> Option<i64> {
    if looks_integral(s) {
        s.parse().ok()
    } else {
        None
    }
}

/// A decimal number, leading zeros allowed; no `inf`/`nan`.
pub(crate) fn parse_float_loose(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if !body.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let v: f64 = s.parse().ok()?;
    v.is_finite().then_some(v)
}

/// Booleans as a `--type boolean` override reads them: the inferred forms
/// plus `1`/`0` and `y`/`n`.
pub(crate) fn parse_bool_loose(s: &str) -> Option<bool> {
    parse_bool(s).or(match s {
        "1" | "y" | "Y" => Some(true),
        "0" | "n" | "N" => Some(false),
        _ => None,
    })
}

/// How a value fits a column type fixed in advance (a `--type` override or a
/// Parquet column type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fit {
    /// As written.
    Plain,
    /// Only as a [`Decorated`] number.
    Decorated,
    No,
}

pub(crate) fn fits(ty: ColumnType, s: &str) -> Fit {
    let ok = |b: bool| if b { Fit::Plain } else { Fit::No };
    match ty {
        ColumnType::Text => Fit::Plain,
        ColumnType::Integer => {
            if parse_int_loose(s).is_some() {
                Fit::Plain
            } else if parse_decorated(s).is_some_and(|d| d.int.is_some()) {
                Fit::Decorated
            } else {
                Fit::No
            }
        }
        ColumnType::Float => {
            if parse_float_loose(s).is_some() {
                Fit::Plain
            } else if parse_decorated(s).is_some() {
                Fit::Decorated
            } else {
                Fit::No
            }
        }
        ColumnType::Boolean => ok(parse_bool_loose(s).is_some()),
        ColumnType::Date => ok(parse_date(s).is_some()),
        ColumnType::DateTime => ok(parse_datetime(s).is_some() || parse_date(s).is_some()),
    }
}

/// Decimal float: `1.5`, `-.5`, `3`, `1e6`, `2.5E-3`. No `inf`/`nan`, no
/// leading zero in the integer part (`0.5` is fine, `012.5` is a code).
pub(crate) fn parse_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int_part, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    if !int_part.bytes().all(|b| b.is_ascii_digit())
        || !frac.unwrap_or("").bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    if int_part.is_empty() && frac.unwrap_or("").is_empty() {
        return None;
    }
    if int_part.len() > 1 && int_part.starts_with('0') {
        return None;
    }
    if let Some(e) = exp {
        let ed = e.strip_prefix(['+', '-']).unwrap_or(e);
        if ed.is_empty() || !ed.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    let v: f64 = s.parse().ok()?;
    v.is_finite().then_some(v)
}

pub(crate) fn parse_bool(s: &str) -> Option<bool> {
    const T: [&str; 3] = ["true", "yes", "t"];
    const F: [&str; 3] = ["false", "no", "f"];
    if T.iter().any(|t| s.eq_ignore_ascii_case(t)) {
        Some(true)
    } else if F.iter().any(|t| s.eq_ignore_ascii_case(t)) {
        Some(false)
    } else {
        None
    }
}

/// `a` is a multiple of `b` (written out: `is_multiple_of` is newer than
/// the workspace's minimum Rust version).
fn divisible(a: u32, b: u32) -> bool {
    a / b * b == a
}

fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (divisible(y, 4) && !divisible(y, 100)) || divisible(y, 400) => 29,
        2 => 28,
        _ => 0,
    }
}

fn small_number(s: &str, min_len: usize, max_len: usize) -> Option<u32> {
    if s.len() < min_len || s.len() > max_len || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD` (month and day may have one
/// digit; the separator must be the same twice). Returns ISO `YYYY-MM-DD`.
pub(crate) fn parse_date(s: &str) -> Option<String> {
    let sep = *s.as_bytes().get(4)?;
    if !matches!(sep, b'-' | b'/' | b'.') {
        return None;
    }
    let mut parts = s.split(sep as char);
    let y = small_number(parts.next()?, 4, 4)?;
    let m = small_number(parts.next()?, 1, 2)?;
    let d = small_number(parts.next()?, 1, 2)?;
    if parts.next().is_some() || !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
        return None;
    }
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// A date, `T` or a space, `HH:MM[:SS[.fff]]`, optional `Z` or `±HH:MM`
/// offset. Returns ISO `YYYY-MM-DDTHH:MM:SS[.fff][offset]`.
pub(crate) fn parse_datetime(s: &str) -> Option<String> {
    let split = s.find(['T', ' '])?;
    let date = parse_date(&s[..split])?;
    let rest = &s[split + 1..];
    // Offset suffix.
    let (time, offset) = if let Some(t) = rest.strip_suffix(['Z', 'z']) {
        (t, "Z".to_string())
    } else if let Some(i) = rest.rfind(['+', '-']) {
        let off = &rest[i + 1..];
        let (oh, om) = if let Some((h, m)) = off.split_once(':') {
            (h, m)
        } else if off.len() == 4 {
            (&off[..2], &off[2..])
        } else {
            (off, "00")
        };
        let oh = small_number(oh, 2, 2)?;
        let om = small_number(om, 2, 2)?;
        if oh > 23 || om > 59 {
            return None;
        }
        (&rest[..i], format!("{}{oh:02}:{om:02}", &rest[i..i + 1]))
    } else {
        (rest, String::new())
    };
    let (hms, frac) = match time.split_once('.') {
        Some((a, f)) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => (a, f),
        Some(_) => return None,
        None => (time, ""),
    };
    let mut parts = hms.split(':');
    let h = small_number(parts.next()?, 1, 2)?;
    let mi = small_number(parts.next()?, 2, 2)?;
    let sec = match parts.next() {
        Some(p) => small_number(p, 2, 2)?,
        None if frac.is_empty() => 0,
        None => return None,
    };
    if parts.next().is_some() || h > 23 || mi > 59 || sec > 60 {
        return None;
    }
    let frac = if frac.is_empty() {
        String::new()
    } else {
        format!(".{frac}")
    };
    Some(format!("{date}T{h:02}:{mi:02}:{sec:02}{frac}{offset}"))
}

/// Converts a (trimmed) cell to its column's type; `decorated`: numbers may
/// carry thousands separators and a currency sign. The import's first pass
/// guarantees that every non-null cell of a typed column converts; should
/// one not, it is kept as text rather than lost.
pub(crate) fn convert<'a>(ty: ColumnType, decorated: bool, s: &'a str) -> Cell<'a> {
    if ty == ColumnType::Text {
        return if s.is_empty() {
            Cell::Null
        } else {
            Cell::Text(Cow::Borrowed(s))
        };
    }
    if is_null_token(s) {
        return Cell::Null;
    }
    let converted = match ty {
        ColumnType::Integer => parse_int_loose(s)
            .or_else(|| decorated.then(|| parse_decorated(s)?.int).flatten())
            .map(Cell::Int),
        ColumnType::Float => parse_float_loose(s)
            .or_else(|| {
                decorated
                    .then(|| parse_decorated(s).map(|d| d.float))
                    .flatten()
            })
            .map(Cell::Real),
        ColumnType::Boolean => parse_bool_loose(s).map(|b| Cell::Int(i64::from(b))),
        ColumnType::Date => parse_date(s).map(|d| Cell::Text(Cow::Owned(d))),
        ColumnType::DateTime => parse_datetime(s)
            .or_else(|| parse_date(s).map(|d| format!("{d}T00:00:00")))
            .map(|d| Cell::Text(Cow::Owned(d))),
        ColumnType::Text => unreachable!(),
    };
    converted.unwrap_or(Cell::Text(Cow::Borrowed(s)))
}

/// The result-item string of a float: shortest round-trip digits, integral
/// values without a decimal point (`3`), exponent form only for very large or
/// very small magnitudes.
pub fn format_float(f: f64) -> String {
    if f == 0.0 {
        return "0".to_string();
    }
    if !f.is_finite() {
        return String::new();
    }
    let a = f.abs();
    if !(1e-7..1e21).contains(&a) {
        format!("{f:e}")
    } else {
        format!("{f}")
    }
}

/// The result-item string of a stored cell of a column of type `ty`.
pub(crate) fn item_string(ty: ColumnType, cell: &Cell) -> String {
    match cell {
        Cell::Null => String::new(),
        Cell::Int(i) if ty == ColumnType::Boolean => (*i != 0).to_string(),
        Cell::Int(i) => i.to_string(),
        Cell::Real(f) => format_float(*f),
        Cell::Text(t) => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_int("42"), Some(42));
        assert_eq!(parse_int("-7"), Some(-7));
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("007"), None);
        assert_eq!(parse_int("99999999999999999999"), None);
        assert!(looks_integral("99999999999999999999"));
        let d = |s| parse_decorated(s).map(|d| (d.int, d.float, d.separators, d.currency));
        assert_eq!(d("1,234"), Some((Some(1234), 1234.0, true, None)));
        assert_eq!(
            d("-12,345,678"),
            Some((Some(-12345678), -12345678.0, true, None))
        );
        assert_eq!(d("999"), Some((Some(999), 999.0, false, None)));
        assert!(parse_decorated("1234").unwrap().long_plain);
        assert_eq!(d("1,23"), None);
        assert_eq!(d("0,123"), None);
        assert_eq!(d("007"), None);
        assert_eq!(d("$1,234.50"), Some((None, 1234.5, true, Some('$'))));
        assert_eq!(d("-$3.5"), Some((None, -3.5, false, Some('$'))));
        assert_eq!(d("$-3"), Some((Some(-3), -3.0, false, Some('$'))));
        assert_eq!(d("€12"), Some((Some(12), 12.0, false, Some('€'))));
        assert_eq!(d("12 €"), Some((Some(12), 12.0, false, Some('€'))));
        assert_eq!(d("1.5e3"), None);
        assert_eq!(d("$"), None);
        assert_eq!(d("1."), None);
        assert_eq!(d("99,999,999,999,999,999,999"), None, "i64 overflow");
        assert_eq!(parse_int_loose("007"), Some(7));
        assert_eq!(parse_float_loose("012.5"), Some(12.5));
        assert_eq!(parse_float_loose("inf"), None);
        assert_eq!(parse_float_loose("NaN"), None);
        assert_eq!(fits(ColumnType::Integer, "1,200"), Fit::Decorated);
        assert_eq!(fits(ColumnType::Integer, "12.5"), Fit::No);
        assert_eq!(fits(ColumnType::Float, "12.5"), Fit::Plain);
        assert_eq!(fits(ColumnType::Boolean, "1"), Fit::Plain);
        assert_eq!(fits(ColumnType::DateTime, "2020-01-05"), Fit::Plain);
        assert_eq!(fits(ColumnType::Date, "05/01/2020"), Fit::No);
        assert_eq!(parse_float("1.5"), Some(1.5));
        assert_eq!(parse_float("-.5"), Some(-0.5));
        assert_eq!(parse_float("1e6"), Some(1e6));
        assert_eq!(parse_float("0.25"), Some(0.25));
        assert_eq!(parse_float("012.5"), None);
        assert_eq!(parse_float("inf"), None);
        assert_eq!(parse_float("nan"), None);
        assert_eq!(parse_float("."), None);
        assert_eq!(parse_float("1e"), None);
    }

    #[test]
    fn dates() {
        assert_eq!(parse_date("2020-01-05").as_deref(), Some("2020-01-05"));
        assert_eq!(parse_date("2020/1/5").as_deref(), Some("2020-01-05"));
        assert_eq!(parse_date("2021-02-29"), None);
        assert_eq!(parse_date("2020-13-01"), None);
        assert_eq!(parse_date("2020-01/05"), None);
        assert_eq!(
            parse_datetime("2020-01-05 13:45:10").as_deref(),
            Some("2020-01-05T13:45:10")
        );
        assert_eq!(
            parse_datetime("2020-01-05T13:45").as_deref(),
            Some("2020-01-05T13:45:00")
        );
        assert_eq!(
            parse_datetime("2020-01-05T13:45:10.250+0200").as_deref(),
            Some("2020-01-05T13:45:10.250+02:00")
        );
        assert_eq!(
            parse_datetime("2020-01-05T13:45:10Z").as_deref(),
            Some("2020-01-05T13:45:10Z")
        );
        assert_eq!(parse_datetime("2020-01-05T25:00:00"), None);
        assert_eq!(parse_datetime("2020-01-05"), None);
    }

    #[test]
    fn floats_print_shortest() {
        assert_eq!(format_float(3.0), "3");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(-2.5), "-2.5");
        assert_eq!(format_float(1e22), "1e22");
        assert_eq!(format_float(-0.0), "0");
        assert_eq!(format_float(123456789.125), "123456789.125");
    }
}
