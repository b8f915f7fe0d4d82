//! Pass 1's per-column statistics and what is decided from them: which
//! types every value still fits ([`ColStats`], narrowed value by value, so
//! one pass over the file suffices and memory does not grow with it), the
//! distinct values with their counts (capped, then hashes only, then a
//! count alone), and from those the column's plan ([`ColPlan`]): its type,
//! its profiled values, whether it is full-text searchable and B-tree
//! indexed.

use super::hash::{hash_of, FastBuild};
use super::{
    TypeOrigin, DISTINCT_CAP, OTHER_VALUES_MAX_DISTINCT, SHORT_TEXT_MAX_AVG,
    TEXT_VALUES_MAX_DISTINCT,
};
use crate::value::{self, Cell, Fit};
use quarry_profile::{ColumnType, ValueCount};
use std::collections::{HashMap, HashSet};

/// Bytes of distinct values kept per column in pass 1; past it only hashes
/// are kept (the column is long text, not worth listing values of).
const DISTINCT_BYTES_BUDGET: usize = 16 << 20;

// The types a column's values still fit, as bits of `ColStats::cands`:
// inference starts from all of them and only ever narrows.
const C_INT: u8 = 1;
const C_DECOR: u8 = 2;
const C_FLOAT: u8 = 4;
const C_BOOL: u8 = 8;
const C_DATE: u8 = 16;
const C_DATETIME: u8 = 32;
const C_ALL: u8 = 63;

enum Distinct {
    Values {
        map: HashMap<Box<str>, u64, FastBuild>,
        bytes: usize,
    },
    Hashes(HashSet<u64, FastBuild>),
    Capped,
}

impl Distinct {
    fn observe(&mut self, s: &str) {
        match self {
            Distinct::Values { map, bytes } => {
                if let Some(c) = map.get_mut(s) {
                    *c += 1;
                } else if map.len() as u64 >= DISTINCT_CAP {
                    *self = Distinct::Capped;
                } else if *bytes + s.len() > DISTINCT_BYTES_BUDGET {
                    let mut set: HashSet<u64, FastBuild> = map.keys().map(|k| hash_of(k)).collect();
                    set.insert(hash_of(s));
                    *self = Distinct::Hashes(set);
                } else {
                    *bytes += s.len();
                    map.insert(s.into(), 1);
                }
            }
            Distinct::Hashes(set) => {
                if set.insert(hash_of(s)) && set.len() as u64 > DISTINCT_CAP {
                    *self = Distinct::Capped;
                }
            }
            Distinct::Capped => {}
        }
    }
}

/// How a column writes decorated numbers, across all its values.
#[derive(Default)]
struct DecorStats {
    separators: bool,
    long_plain: bool,
    fraction: bool,
    currency: Option<char>,
}

/// One column's statistics in pass 1.
pub(super) struct ColStats {
    /// A type fixed in advance: every value must fit it.
    pub(super) fixed: Option<(ColumnType, TypeOrigin)>,
    /// Fixed numeric type: some value fits only as a decorated number.
    fixed_decorated: bool,
    pub(super) cands: u8,
    /// Non-empty cells.
    non_empty: u64,
    /// Non-empty cells that are not null tokens.
    pub(super) typed_values: u64,
    total_len: u64,
    decor: DecorStats,
    saw_time: bool,
    bool_long_form: bool,
    bool_seen: [bool; 2],
    overflow: bool,
    distinct: Distinct,
}

impl ColStats {
    pub(super) fn new(fixed: Option<(ColumnType, TypeOrigin)>) -> Self {
        ColStats {
            fixed,
            fixed_decorated: false,
            cands: C_ALL,
            non_empty: 0,
            typed_values: 0,
            total_len: 0,
            decor: DecorStats::default(),
            saw_time: false,
            bool_long_form: false,
            bool_seen: [false; 2],
            overflow: false,
            distinct: Distinct::Values {
                map: HashMap::default(),
                bytes: 0,
            },
        }
    }

    /// Takes one (trimmed) value into account. `Err` when the column's type
    /// is fixed and the value does not fit it.
    pub(super) fn observe(&mut self, s: &str) -> Result<(), ()> {
        if s.is_empty() {
            return Ok(());
        }
        self.non_empty += 1;
        self.total_len += s.len() as u64;
        self.distinct.observe(s);
        if let Some((ty, _)) = self.fixed {
            if ty == ColumnType::Text || value::is_null_token(s) {
                return Ok(());
            }
            self.typed_values += 1;
            return match value::fits(ty, s) {
                Fit::Plain => Ok(()),
                Fit::Decorated => {
                    self.fixed_decorated = true;
                    Ok(())
                }
                Fit::No => Err(()),
            };
        }
        if self.cands == 0 || value::is_null_token(s) {
            return Ok(());
        }
        self.typed_values += 1;
        let c = self.cands;
        if c & C_INT != 0 && value::parse_int(s).is_none() {
            self.cands &= !C_INT;
            let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
            if value::looks_integral(s) && !(digits.len() > 1 && digits.starts_with('0')) {
                // Beyond i64: kept as text rather than rounded to a float.
                self.overflow = true;
                self.cands &= !(C_FLOAT | C_DECOR);
            }
        }
        if self.cands & C_DECOR != 0 {
            match value::parse_decorated(s) {
                Some(d)
                    if d.currency.is_none()
                        || self.decor.currency.is_none_or(|c| Some(c) == d.currency) =>
                {
                    let st = &mut self.decor;
                    st.separators |= d.separators;
                    st.long_plain |= d.long_plain;
                    st.fraction |= d.fraction;
                    st.currency = st.currency.or(d.currency);
                    if st.separators && st.long_plain {
                        // `1,234` and `1234` in one column: not one notation.
                        self.cands &= !C_DECOR;
                    }
                }
                // Not a number, or a second currency.
                _ => self.cands &= !C_DECOR,
            }
        }
        if self.cands & C_FLOAT != 0 && value::parse_float(s).is_none() {
            self.cands &= !C_FLOAT;
        }
        if c & C_BOOL != 0 {
            match value::parse_bool(s) {
                Some(b) => {
                    self.bool_seen[usize::from(b)] = true;
                    self.bool_long_form |= s.len() > 1;
                }
                None => self.cands &= !C_BOOL,
            }
        }
        if c & (C_DATE | C_DATETIME) != 0 {
            if value::parse_date(s).is_some() {
                // A date fits a date-time column too (at midnight).
            } else {
                self.cands &= !C_DATE;
                if c & C_DATETIME != 0 {
                    if value::parse_datetime(s).is_some() {
                        self.saw_time = true;
                    } else {
                        self.cands &= !C_DATETIME;
                    }
                }
            }
        }
        Ok(())
    }

    /// The column type, and whether numbers are decorated (thousands
    /// separators, currency signs).
    pub(super) fn decide(&self) -> (ColumnType, bool) {
        if let Some((ty, _)) = self.fixed {
            return (ty, self.fixed_decorated);
        }
        let c = self.cands;
        if self.typed_values == 0 {
            return (ColumnType::Text, false);
        }
        // Single letters `t`/`f` alone only make a boolean when both occur:
        // a column of `F` alone is more likely a code than "all false".
        let bool_ok = self.bool_long_form || (self.bool_seen[0] && self.bool_seen[1]);
        let decorated =
            c & C_DECOR != 0 && (self.decor.separators || self.decor.currency.is_some());
        if c & C_BOOL != 0 && bool_ok {
            (ColumnType::Boolean, false)
        } else if c & C_INT != 0 {
            (ColumnType::Integer, false)
        } else if decorated && !self.decor.fraction {
            (ColumnType::Integer, true)
        } else if decorated {
            (ColumnType::Float, true)
        } else if c & C_FLOAT != 0 {
            (ColumnType::Float, false)
        } else if c & C_DATE != 0 {
            (ColumnType::Date, false)
        } else if c & C_DATETIME != 0 && self.saw_time {
            (ColumnType::DateTime, false)
        } else {
            (ColumnType::Text, false)
        }
    }
}

/// What pass 1 decided about a column.
pub(super) struct ColPlan {
    pub(super) name: String,
    pub(super) original: String,
    pub(super) ty: ColumnType,
    pub(super) decorated: bool,
    pub(super) distinct_count: u64,
    pub(super) values: Vec<ValueCount>,
    pub(super) full_text: bool,
    pub(super) indexed: bool,
}

fn plan_column(
    name: String,
    original: String,
    stats: ColStats,
    warnings: &mut Vec<String>,
) -> ColPlan {
    let (ty, decorated) = stats.decide();
    if stats.overflow && ty == ColumnType::Text {
        warnings.push(format!(
            "column {name}: integers beyond the 64-bit range; the column is kept as text"
        ));
    }
    if decorated && stats.fixed.is_none() {
        let mut how = Vec::new();
        if let Some(c) = stats.decor.currency {
            how.push(format!("the currency sign {c}"));
        }
        if stats.decor.separators {
            how.push("thousands separators".to_string());
        }
        warnings.push(format!(
            "column {name}: numbers written with {} are stored as plain {} numbers",
            how.join(" and "),
            ty.as_str()
        ));
    }
    let avg_len = stats.total_len.checked_div(stats.non_empty).unwrap_or(0);
    let (distinct_count, merged) = match stats.distinct {
        Distinct::Values { map, .. } => {
            let merged: HashMap<String, u64> = if ty == ColumnType::Text {
                map.into_iter().map(|(k, v)| (k.into_string(), v)).collect()
            } else {
                let mut m: HashMap<String, u64> = HashMap::new();
                for (raw, n) in map {
                    let cell = value::convert(ty, decorated, &raw);
                    if cell != Cell::Null {
                        *m.entry(value::item_string(ty, &cell)).or_default() += n;
                    }
                }
                m
            };
            (merged.len() as u64, Some(merged))
        }
        Distinct::Hashes(set) => (set.len() as u64, None),
        Distinct::Capped => (DISTINCT_CAP, None),
    };
    let short_text = ty == ColumnType::Text
        && distinct_count <= TEXT_VALUES_MAX_DISTINCT
        && avg_len <= SHORT_TEXT_MAX_AVG;
    let worth_values =
        short_text || (ty != ColumnType::Text && distinct_count <= OTHER_VALUES_MAX_DISTINCT);
    let mut values: Vec<ValueCount> = match merged {
        Some(m) if worth_values => m
            .into_iter()
            .map(|(value, count)| ValueCount { value, count })
            .collect(),
        _ => Vec::new(),
    };
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    ColPlan {
        name,
        original,
        ty,
        decorated,
        distinct_count,
        values,
        full_text: ty == ColumnType::Text,
        indexed: ty != ColumnType::Text || short_text,
    }
}

/// The plans of all columns, in order (`names` normalised, `headers` as in
/// the file). Warnings go to `warnings`: per column in order, then the
/// columns whose names the full-text index reserves (`fts_name` is its
/// table's name).
pub(super) fn plan_columns(
    names: &[String],
    headers: &[String],
    stats: Vec<ColStats>,
    fts_name: &str,
    warnings: &mut Vec<String>,
) -> Vec<ColPlan> {
    let mut cols: Vec<ColPlan> = names
        .iter()
        .cloned()
        .zip(headers.iter().cloned())
        .zip(stats)
        .map(|((n, o), s)| plan_column(n, o, s, warnings))
        .collect();
    for c in cols.iter_mut().filter(|c| c.full_text) {
        // FTS5 reserves `rank` (and the table's own name) as column names.
        if c.name == "rank" || c.name.eq_ignore_ascii_case(fts_name) {
            c.full_text = false;
            warnings.push(format!(
                "column {}: the name is reserved by the full-text index; the column is not full-text searchable",
                c.name
            ));
        }
    }
    cols
}
