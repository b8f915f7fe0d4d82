//! Pass 1b, calendar phrases more precise than a month: decades ("the 80s",
//! "the 1970s", "in the sixties") and days ("jan 1 2010", "april 30",
//! "may 1 to may 5", "after may 3", "between march and may 2010").
//!
//! Decades go to the year column (a range of years) or the date column (a
//! range of days). Days go to a date column (ISO text, compared as text:
//! a day is `>= day AND < next day`, so that date-times count too), or to a
//! table's month and day number columns. A day without a year on a date
//! column takes the year of the data when every record is in one year, and
//! otherwise matches that day of any year.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{decade, month_index};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use chrono::NaiveDate;

/// A day as written: month (1-based), day, year if given.
#[derive(Debug, Clone, Copy)]
struct Written {
    month: u32,
    day: Option<u32>,
    year: Option<i32>,
}

/// What a calendar phrase asks for: a range of days `[from, to)` or one day.
enum Span {
    /// One written day, or from one to another (inclusive), or from a
    /// month's first to another's last day.
    Days(Written, Written),
    /// After / before / since a written day.
    After(Written),
    Before(Written),
    Since(Written),
}

impl Ctx<'_> {
    pub(super) fn calendar_phrases(&mut self) {
        self.decades();
        self.days();
    }

    /// "the 80s", "the 1970s", "the sixties": ten years.
    fn decades(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            let raw = self.span_text(i, i + 1);
            let Some(d) = decade(&raw) else {
                continue;
            };
            let after_the = i > 0 && matches!(self.norm(i - 1), "the" | "early" | "late" | "mid");
            // "in their 40s" is an age (the people pass).
            let age = i > 1 && matches!(self.norm(i - 1), "their" | "his" | "her");
            if age || !(after_the || d >= 1000) {
                continue;
            }
            let Some(col) = self.year_column() else {
                continue;
            };
            let first = if d >= 1000 {
                d
            } else {
                self.century_for(col, d)
            };
            let span = if after_the {
                (i - 1, i + 1)
            } else {
                (i, i + 1)
            };
            let column = &self.ix.profile.columns[col];
            let bounds = match column.ty {
                ColumnType::Date | ColumnType::DateTime => vec![
                    (CompareOp::Ge, Literal::Text(format!("{first:04}-01-01"))),
                    (
                        CompareOp::Lt,
                        Literal::Text(format!("{:04}-01-01", first + 10)),
                    ),
                ],
                ColumnType::Integer | ColumnType::Float => {
                    let (lo, hi) = (
                        self.stored_year(col, first),
                        self.stored_year(col, first + 9),
                    );
                    vec![
                        (CompareOp::Ge, Literal::Integer(lo)),
                        (CompareOp::Le, Literal::Integer(hi)),
                    ]
                }
                _ => continue,
            };
            self.calendar_condition(span, col, bounds);
        }
    }

    /// The first year of a two-digit decade: in the century where the year
    /// column's values are, else the 1900s.
    fn century_for(&self, col: usize, d: i64) -> i64 {
        let column = &self.ix.profile.columns[col];
        let year = |b: &Option<String>| b.as_deref().and_then(|v| v.get(..4)?.parse::<i64>().ok());
        match (year(&column.min), year(&column.max)) {
            (Some(lo), Some(hi)) if lo >= 1000 => [1900, 2000, 1800]
                .into_iter()
                .map(|c| c + d)
                .find(|&y| y + 9 >= lo && y <= hi)
                .unwrap_or(1900 + d),
            _ => 1900 + d,
        }
    }

    /// A year as the year column stores it: two-digit years ("87") as
    /// two digits.
    pub(super) fn stored_year(&self, col: usize, year: i64) -> i64 {
        let column = &self.ix.profile.columns[col];
        let max = column.max.as_deref().and_then(|v| v.parse::<f64>().ok());
        if max.is_some_and(|m| m < 100.0) {
            year % 100
        } else {
            year
        }
    }

    /// A written day at `i`: "jan 1", "jan 1 2010", "1 jan", "april 30th",
    /// "march 2010" (month and year, only inside a range). Its end.
    fn written_day(&self, i: usize) -> Option<(Written, usize)> {
        let free = |k: usize| k < self.toks.len() && !self.claims.is_claimed(k);
        let day_at = |k: usize| -> Option<u32> {
            if !free(k) {
                return None;
            }
            let t = &self.toks[k];
            let v = match t.number() {
                Some(v) => v,
                None => {
                    let w = t.norm.as_str();
                    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                    let suffix = &w[digits.len()..];
                    if !matches!(suffix, "st" | "nd" | "rd" | "th") {
                        return None;
                    }
                    digits.parse::<f64>().ok()?
                }
            };
            (v.fract() == 0.0 && (1.0..=31.0).contains(&v)).then_some(v as u32)
        };
        let year_at = |k: usize| -> Option<i32> {
            let v = free(k).then(|| self.toks[k].number()).flatten()?;
            (v.fract() == 0.0 && (1000.0..=2100.0).contains(&v)).then_some(v as i32)
        };
        let month_at = |k: usize| {
            free(k)
                .then(|| self.toks[k].is_word().then(|| month_index(self.norm(k))))
                .flatten()
                .flatten()
                .map(|m| m as u32 + 1)
        };
        let (month, day, mut end) = if let Some(m) = month_at(i) {
            match day_at(i + 1) {
                Some(d) => (m, Some(d), i + 2),
                None => (m, None, i + 1),
            }
        } else {
            let d = day_at(i)?;
            (month_at(i + 1)?, Some(d), i + 2)
        };
        let mut year = None;
        let comma = end < self.toks.len() && self.norm(end) == ",";
        if let Some(y) = year_at(if comma { end + 1 } else { end }) {
            year = Some(y);
            end += if comma { 2 } else { 1 };
        }
        Some((Written { month, day, year }, end))
    }

    /// "jan 1 2010", "may 1 to may 5", "after may 3", "between march and
    /// may 2010".
    fn days(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            let Some((first, end)) = self.written_day(i) else {
                i += 1;
                continue;
            };
            let prev = (i > 0).then(|| self.norm(i - 1).to_string());
            let between = prev.as_deref() == Some("between");
            let joins = end < self.toks.len()
                && matches!(self.norm(end), "to" | "through" | "until" | "till" | "-")
                || between && end < self.toks.len() && self.norm(end) == "and";
            // The end of a range: another day, or a bare day number ("jan 3
            // to 5").
            let second = if joins {
                self.written_day(end + 1).or_else(|| {
                    let t = self.toks.get(end + 1)?;
                    let v = t.number()?;
                    (first.day.is_some() && v.fract() == 0.0 && (1.0..=31.0).contains(&v)).then(
                        || {
                            (
                                Written {
                                    day: Some(v as u32),
                                    ..first
                                },
                                end + 2,
                            )
                        },
                    )
                })
            } else {
                None
            };
            let (span, stop) = match (second, prev.as_deref()) {
                (Some((mut last, stop)), _) => {
                    // "march to may 2010", "jan 3 to jan 5 2016": one year
                    // for both.
                    let mut first = first;
                    first.year = first.year.or(last.year);
                    last.year = last.year.or(first.year);
                    (Span::Days(first, last), stop)
                }
                // A month alone, or a month and year, is the months pass's.
                (None, _) if first.day.is_none() => {
                    i += 1;
                    continue;
                }
                (None, Some("after")) => (Span::After(first), end),
                (None, Some("before" | "until" | "till")) => (Span::Before(first), end),
                (None, Some("since" | "from")) => (Span::Since(first), end),
                (None, _) => (Span::Days(first, first), end),
            };
            let start = if matches!(
                prev.as_deref(),
                Some("after" | "before" | "since" | "until" | "till" | "between" | "from" | "on")
            ) {
                i - 1
            } else {
                i
            };
            if self.day_condition((start, stop), span) {
                i = stop;
            } else {
                i += 1;
            }
        }
    }

    /// The condition of a day phrase: on the date column, else on month and
    /// day number columns. Whether one was made.
    fn day_condition(&mut self, span: (usize, usize), days: Span) -> bool {
        if let Some(col) = self.date_column() {
            // A day without a year: the data's year when it has one; "after
            // may 3" also counts from the first year of the data.
            let data_year = self.single_year(col).or_else(|| {
                matches!(days, Span::After(_) | Span::Before(_) | Span::Since(_))
                    .then(|| self.first_year(col))
                    .flatten()
            });
            let iso = |w: Written, last: bool| -> Option<String> {
                let year = w.year.or(data_year)?;
                let day = match w.day {
                    Some(d) => NaiveDate::from_ymd_opt(year, w.month, d)?,
                    None if last => NaiveDate::from_ymd_opt(year, w.month, 1)?
                        .checked_add_months(chrono::Months::new(1))?
                        .pred_opt()?,
                    None => NaiveDate::from_ymd_opt(year, w.month, 1)?,
                };
                Some(day.format("%Y-%m-%d").to_string())
            };
            let next = |w: Written, last: bool| -> Option<String> {
                let d = NaiveDate::parse_from_str(&iso(w, last)?, "%Y-%m-%d").ok()?;
                Some(d.succ_opt()?.format("%Y-%m-%d").to_string())
            };
            let bounds = match days {
                Span::Days(a, b) => match (iso(a, false), next(b, true)) {
                    (Some(lo), Some(hi)) => vec![
                        (CompareOp::Ge, Literal::Text(lo)),
                        (CompareOp::Lt, Literal::Text(hi)),
                    ],
                    // No year known: that day of any year.
                    _ if a.year.is_none()
                        && a.day.is_some()
                        && (a.month, a.day) == (b.month, b.day) =>
                    {
                        vec![(
                            CompareOp::Contains,
                            Literal::Text(format!("-{:02}-{:02}", a.month, a.day.unwrap_or(1))),
                        )]
                    }
                    _ => return false,
                },
                Span::After(a) => match next(a, true) {
                    Some(d) => vec![(CompareOp::Ge, Literal::Text(d))],
                    None => return false,
                },
                Span::Since(a) => match iso(a, false) {
                    Some(d) => vec![(CompareOp::Ge, Literal::Text(d))],
                    None => return false,
                },
                Span::Before(a) => match iso(a, false) {
                    Some(d) => vec![(CompareOp::Lt, Literal::Text(d))],
                    None => return false,
                },
            };
            self.calendar_condition(span, col, bounds);
            return true;
        }
        // Month and day number columns.
        let (Some(mcol), Some(dcol)) = (self.month_number_column(), self.day_number_column())
        else {
            return false;
        };
        let Span::Days(a, b) = days else {
            return false;
        };
        let (Some(d1), Some(d2)) = (a.day, b.day) else {
            return false;
        };
        if a.month != b.month {
            return false;
        }
        self.calendar_condition(
            span,
            mcol,
            vec![(CompareOp::Eq, Literal::Integer(i64::from(a.month)))],
        );
        let days = if d1 == d2 {
            vec![(CompareOp::Eq, Literal::Integer(i64::from(d1)))]
        } else {
            vec![
                (CompareOp::Ge, Literal::Integer(i64::from(d1.min(d2)))),
                (CompareOp::Le, Literal::Integer(i64::from(d1.max(d2)))),
            ]
        };
        self.calendar_condition(span, dcol, days);
        if let (Some(y), Some(ycol)) = (a.year, self.year_column()) {
            let y = self.stored_year(ycol, i64::from(y));
            self.calendar_condition(span, ycol, vec![(CompareOp::Eq, Literal::Integer(y))]);
        }
        true
    }

    /// The year of a date column's first day.
    fn first_year(&self, col: usize) -> Option<i32> {
        let column = &self.ix.profile.columns[col];
        column
            .min
            .as_deref()
            .and_then(|v| v.get(..4)?.parse::<i32>().ok())
    }

    /// The one year every value of a date column is in, if there is one.
    fn single_year(&self, col: usize) -> Option<i32> {
        let column = &self.ix.profile.columns[col];
        let year = |b: &Option<String>| b.as_deref().and_then(|v| v.get(..4)?.parse::<i32>().ok());
        match (year(&column.min), year(&column.max)) {
            (Some(a), Some(b)) if a == b => Some(a),
            _ => None,
        }
    }

    /// A column of day-of-month numbers: integers named "day" (or "…_day")
    /// within 1..=31.
    fn day_number_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let within = |b: &Option<String>| {
            b.as_deref()
                .and_then(|v| v.parse::<i64>().ok())
                .is_some_and(|v| (1..=31).contains(&v))
        };
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty == ColumnType::Integer
                && col
                    .name
                    .split('_')
                    .any(|w| w == "day" || w.ends_with("day") && w.len() <= 9)
                && within(&col.min)
                && within(&col.max)
        })
    }

    /// Claims `span` and adds one condition per bound on `col`.
    fn calendar_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        bounds: Vec<(CompareOp, Literal)>,
    ) {
        let name = self.ix.column_name(col).to_string();
        self.claims.claim(span, ClaimedBy::Month);
        let source = self.span_text(span.0, span.1);
        if !self.phrases.contains(&span) {
            self.note(Note::Calendar {
                source: source.clone(),
                field: name.clone(),
            });
            self.phrases.push(span);
        }
        for (op, value) in bounds {
            self.push_condition(
                span,
                Condition {
                    field: name.clone(),
                    op,
                    values: vec![value],
                    source: source.clone(),
                    matched: MatchKind::Exact,
                    confidence: confidence::MONTH,
                },
            );
        }
    }
}
