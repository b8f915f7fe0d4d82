//! Pass 1b, calendar phrases more precise than a month: decades ("the 80s",
//! "the 1970s", "in the sixties") and days ("jan 1 2010", "april 30",
//! "may 1 to may 5", "after may 3", "between march and may 2010"); and,
//! in `weekdays`, the days of the week ("weekends", "not on mondays").
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
use crate::lexicon::calendar::{
    event_roots, meridiem, named_time, part_of_day, Minutes, END_OF_DAY, HOLIDAYS,
};
use crate::lexicon::{decade, is_stopword, month_index, wordnet, MONTHS};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Filter, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::{Token, TokenKind};
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
        self.times_of_day();
        self.holidays();
        self.decades();
        self.parts_of_years();
        self.days();
        self.month_ranges();
        self.weekdays();
    }

    /// "the last quarter of 2016", "the first half of 2019", "the first
    /// week of 2008", "q3 2015": the days of that part of the year, on a
    /// date column.
    fn parts_of_years(&mut self) {
        let mut i = 0;
        while i + 3 < self.toks.len() {
            let ordinal = match self.norm(i) {
                "first" | "1st" => Some(1),
                "second" | "2nd" => Some(2),
                "third" | "3rd" => Some(3),
                "fourth" | "4th" => Some(4),
                "last" | "final" => Some(0),
                _ => None,
            };
            let part = self.norm(i + 1).to_string();
            let parts = match part.as_str() {
                "quarter" => 4,
                "half" => 2,
                "week" => 0,
                _ => {
                    i += 1;
                    continue;
                }
            };
            let is_year = |k: usize| {
                self.toks
                    .get(k)
                    .and_then(Token::number)
                    .filter(|y| y.fract() == 0.0 && (1000.0..=2100.0).contains(y))
            };
            let (year3, year4) = (is_year(i + 3), is_year(i + 4));
            // "the first week of april 2020": a week of that month.
            if parts == 0 && self.norm(i + 2) == "of" {
                let month = month_index(self.norm(i + 3))
                    .filter(|_| self.norm(i + 3).len() >= 3)
                    .map(|m| m as u32 + 1);
                if let (Some(n), Some(m), Some(y)) = (ordinal, month, year4) {
                    let y = y as i32;
                    let last = (28..=31)
                        .rev()
                        .find(|&d| NaiveDate::from_ymd_opt(y, m, d).is_some())
                        .unwrap_or(28);
                    let (a, b) = match n {
                        0 => (last - 6, last),
                        n => (7 * (n - 1) + 1, (7 * n).min(last)),
                    };
                    let day = |d: u32| Written {
                        month: m,
                        day: Some(d),
                        year: Some(y),
                    };
                    let start = if i > 0 && self.norm(i - 1) == "the" {
                        i - 1
                    } else {
                        i
                    };
                    let all_free = (i..i + 5).all(|k| !self.claims.is_claimed(k));
                    if all_free && self.day_condition((start, i + 5), Span::Days(day(a), day(b))) {
                        i += 5;
                        continue;
                    }
                }
            }
            let year = year3.filter(|_| self.norm(i + 2) == "of");
            let (Some(n), Some(y)) = (ordinal, year) else {
                i += 1;
                continue;
            };
            if !(i..i + 4).all(|k| !self.claims.is_claimed(k)) || parts > 0 && n > parts {
                i += 1;
                continue;
            }
            let y = y as i32;
            let day = |month: u32, day: u32| Written {
                month,
                day: Some(day),
                year: Some(y),
            };
            let last_day = |m: u32| if matches!(m, 4 | 6 | 9 | 11) { 30 } else { 31 };
            let (from, to) = if parts == 0 {
                // Weeks: the first seven days, or the last.
                if n == 1 {
                    (day(1, 1), day(1, 7))
                } else if n == 0 {
                    (day(12, 25), day(12, 31))
                } else {
                    (day(1, 7 * (n - 1) + 1), day(1, 7 * n))
                }
            } else {
                let n = if n == 0 { parts } else { n };
                let months = 12 / parts;
                let (m1, m2) = (months * (n - 1) + 1, months * n);
                (day(m1, 1), day(m2, last_day(m2)))
            };
            let start = if i > 0 && self.norm(i - 1) == "the" {
                i - 1
            } else {
                i
            };
            if self.day_condition((start, i + 4), Span::Days(from, to)) {
                i += 4;
            } else {
                i += 1;
            }
        }
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
            // "90s movies": before what the rows are, a decade too.
            let before_rows = self
                .toks
                .get(i + 1)
                .is_some_and(|t| t.is_word() && self.ix.row_nouns.contains(&t.stem));
            if age || !(after_the || before_rows || d >= 1000) {
                continue;
            }
            let span = if after_the {
                (i - 1, i + 1)
            } else {
                (i, i + 1)
            };
            let Some(col) = self.year_column_at(span).or_else(|| {
                // "rice in the 1970s" over seasons written "1970-71".
                self.season_column().filter(|_| d >= 1000)
            }) else {
                continue;
            };
            // `season` 1 … 21 of a show counts seasons, not two-digit
            // years: "born in the 2000s" is none of them.
            let column = &self.ix.profile.columns[col];
            let numbered_seasons = column.ty.is_numeric()
                && column.name.split('_').any(|w| w == "season")
                && !column.name.split('_').any(|w| matches!(w, "year" | "yr"))
                && column
                    .max
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m < 100.0);
            if numbered_seasons {
                continue;
            }
            let first = if d >= 1000 {
                d
            } else {
                self.century_for(col, d)
            };
            // "the 1800s", "the 1900s": a century (the 2000s stay a decade,
            // as they are mostly said).
            let years = if d >= 1000 && d % 100 == 0 && d < 2000 {
                100
            } else {
                10
            };
            let column = &self.ix.profile.columns[col];
            // "ufos in the 1990s" on `7/4/2015`: the years the text writes.
            if super::dates::text_date_format(column)
                .is_some_and(super::dates::TextDate::four_digit_years)
            {
                if span.0 > 0 && crate::lexicon::is_negation(self.norm(span.0 - 1)) {
                    continue;
                }
                self.text_years_condition(span, col, first, first + years - 1);
                continue;
            }
            let bounds = match column.ty {
                ColumnType::Date | ColumnType::DateTime => vec![
                    (CompareOp::Ge, Literal::Text(format!("{first:04}-01-01"))),
                    (
                        CompareOp::Lt,
                        Literal::Text(format!("{:04}-01-01", first + years)),
                    ),
                ],
                ColumnType::Integer | ColumnType::Float => {
                    let (lo, hi) = (
                        self.stored_year(col, first),
                        self.stored_year(col, first + years - 1),
                    );
                    vec![
                        (CompareOp::Ge, Literal::Integer(lo)),
                        (CompareOp::Le, Literal::Integer(hi)),
                    ]
                }
                // Seasons compare as text: from "1970" up to "1980".
                ColumnType::Text => vec![
                    (CompareOp::Ge, Literal::Text(first.to_string())),
                    (CompareOp::Lt, Literal::Text((first + years).to_string())),
                ],
                _ => continue,
            };
            // "road records not from the 2000s": before it or after it.
            // (The operators pass, which lists negations, runs later.)
            let mut k = span.0;
            // ("not sampled in the 2000s": past the field's own word.)
            while k > 0
                && (matches!(self.norm(k - 1), "from" | "in" | "during" | "of")
                    || self.ix.column_words[col].contains(&self.toks[k - 1].stem))
            {
                k -= 1;
            }
            if k > 0 && crate::lexicon::is_negation(self.norm(k - 1)) {
                self.calendar_outside((k - 1, span.1), col, bounds);
                continue;
            }
            self.calendar_condition(span, col, bounds);
        }
    }

    /// A range of whole years on a column of dates kept as text
    /// (`CompareOp::YearBetween`), noted as a period of it.
    fn text_years_condition(&mut self, span: (usize, usize), col: usize, lo: i64, hi: i64) {
        let (name, source) = self.claim_calendar(span, col);
        self.push_condition(
            span,
            Condition {
                field: name,
                op: CompareOp::YearBetween,
                values: vec![Literal::Integer(lo), Literal::Integer(hi)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::INFERRED,
            },
        );
    }

    /// `calendar_condition` for a period negated: a record before its
    /// first bound or past its second.
    fn calendar_outside(
        &mut self,
        span: (usize, usize),
        col: usize,
        bounds: Vec<(CompareOp, Literal)>,
    ) {
        let (name, source) = self.claim_calendar(span, col);
        let any_of = bounds
            .into_iter()
            .map(|(op, value)| Condition {
                field: name.clone(),
                op: match op {
                    CompareOp::Ge => CompareOp::Lt,
                    CompareOp::Gt => CompareOp::Le,
                    CompareOp::Lt => CompareOp::Ge,
                    _ => CompareOp::Gt,
                },
                values: vec![value],
                source: source.clone(),
                matched: MatchKind::Exact,
                confidence: confidence::MONTH,
            })
            .collect();
        self.push_alternatives(span, any_of);
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
                    // Across the new year ("november to february 2016",
                    // "winter 2016"): the year written is its own side's.
                    let mut first = first;
                    let wraps = first.month > last.month;
                    let (fy, ly) = (first.year, last.year);
                    first.year = fy.or(ly.map(|y| if wraps { y - 1 } else { y }));
                    last.year = ly.or(fy.map(|y| if wraps { y + 1 } else { y }));
                    (Span::Days(first, last), stop)
                }
                // A month alone, or a month and year, is the months pass's;
                // but "before june 2011", "after march 2011" are days on
                // either side of it.
                (None, Some("after" | "before" | "until" | "till" | "since"))
                    if first.day.is_none() && first.year.is_some() =>
                {
                    match prev.as_deref() {
                        Some("after") => (Span::After(first), end),
                        Some("since") => (Span::Since(first), end),
                        _ => (Span::Before(first), end),
                    }
                }
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
        if let Some(col) = self.date_column_at(span) {
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

    /// Claims `span` as a period of `col`, with its note (once); the
    /// field's name and the span's text.
    fn claim_calendar(&mut self, span: (usize, usize), col: usize) -> (String, String) {
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
        (name, source)
    }

    /// Claims `span` and adds one condition per bound on `col`.
    pub(super) fn calendar_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        bounds: Vec<(CompareOp, Literal)>,
    ) {
        let (name, source) = self.claim_calendar(span, col);
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

/// A clock time as written: hours and minutes, and "am"/"pm" if given.
#[derive(Debug, Clone, Copy)]
struct Clock {
    hour: u32,
    minute: u32,
    /// `Some(true)` for "pm", `Some(false)` for "am".
    pm: Option<bool>,
    /// Written with minutes ("9:30") or as a named moment ("noon"): a clock
    /// time even without "am"/"pm".
    clock_like: bool,
}

impl Clock {
    /// Whether the words make it a time of day on their own.
    fn is_time(self) -> bool {
        self.pm.is_some() || self.clock_like
    }

    /// Minutes after midnight, with `pm` (its own, else the one given).
    fn minutes(self, pm: Option<bool>) -> Option<Minutes> {
        let h = match self.pm.or(pm) {
            Some(true) if self.hour < 12 => self.hour + 12,
            Some(false) if self.hour == 12 => 0,
            Some(_) if self.hour > 12 => return None,
            _ => self.hour,
        };
        (h <= 24 && self.minute < 60).then_some(h * 60 + self.minute)
    }
}

/// "22:00:00", "24:00:00" for the end of the day.
/// The minutes after midnight of a clock label with its half of the day:
/// `8:00 a.m.`, `12:00 p.m.` (noon), `5 pm`, `11:30PM`.
fn clock_label_minutes(v: &str) -> Option<Minutes> {
    let v = v.trim().to_ascii_lowercase();
    let (clock, pm) = [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true)]
        .iter()
        .find_map(|(suffix, pm)| v.strip_suffix(suffix).map(|c| (c.trim_end(), *pm)))?;
    let (h, m) = clock.split_once(':').unwrap_or((clock, "00"));
    let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    if !digits(h, 1..=2) || !digits(m, 2..=2) {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    if !(1..=12).contains(&h) || m >= 60 {
        return None;
    }
    let h = h % 12 + if pm { 12 } else { 0 };
    Some(h * 60 + m)
}

fn clock_text(m: Minutes) -> String {
    format!("{:02}:{:02}:00", m / 60, m % 60)
}

/// "10 pm", "9:30 am", "noon", "midnight" for a note.
fn clock_words(m: Minutes) -> String {
    match m {
        0 | END_OF_DAY => "midnight".into(),
        720 => "noon".into(),
        _ => {
            let (h, min) = (m / 60, m % 60);
            let (h12, half) = match h {
                0 => (12, "am"),
                1..=11 => (h, "am"),
                12 => (12, "pm"),
                _ => (h - 12, "pm"),
            };
            if min == 0 {
                format!("{h12} {half}")
            } else {
                format!("{h12}:{min:02} {half}")
            }
        }
    }
}

/// Whether a text value is a time of day: "22:14", "22:14:05".
pub(super) fn is_clock_text(v: &str) -> bool {
    let b = v.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|k| b.get(k).is_some_and(u8::is_ascii_digit));
    (b.len() == 5 || b.len() == 8 && b[5] == b':' && digits(6..8))
        && digits(0..2)
        && b[2] == b':'
        && digits(3..5)
}

/// Whether a text value is a date and a time: "2017-06-03 22:14:00".
pub(super) fn is_date_time_text(v: &str) -> bool {
    v.len() >= 16
        && v.is_char_boundary(10)
        && v.is_char_boundary(11)
        && NaiveDate::parse_from_str(&v[..10], "%Y-%m-%d").is_ok()
        && matches!(&v[10..11], " " | "T")
        && is_clock_text(v.get(11..16).unwrap_or(""))
}

impl Ctx<'_> {
    /// The columns that hold a time of day: text times ("22:14:00") first,
    /// then date-times, each by the event word near `at` when one names it.
    fn time_column(&self, at: (usize, usize)) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let bounds = |c: usize, f: fn(&str) -> bool| {
            let col = &cols[c];
            col.min.as_deref().is_some_and(f) && col.max.as_deref().is_some_and(f)
        };
        let times: Vec<usize> = (0..cols.len())
            .filter(|&c| cols[c].ty == ColumnType::Text && bounds(c, is_clock_text))
            .collect();
        // Not stamps all at midnight ('2005-04-05T00:00:00Z'): days.
        let midnight = |v: &Option<String>| {
            v.as_deref().is_some_and(|v| {
                let t = v.split(['T', ' ']).nth(1).unwrap_or("");
                t.starts_with("00:00:00") || t.starts_with("00:00")
            })
        };
        let stamps: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                (cols[c].ty == ColumnType::DateTime
                    || cols[c].ty == ColumnType::Text && bounds(c, is_date_time_text))
                    && !(midnight(&cols[c].min) && midnight(&cols[c].max))
            })
            .collect();
        let all: Vec<usize> = times.iter().chain(&stamps).copied().collect();
        self.event_column(at, &all)
            .or_else(|| self.named_column(&all))
            .or(all.first().copied())
    }

    /// Among `candidates`, the one a column word of the phrase names
    /// ("order time", "admitted_at"), by its name parts.
    pub(super) fn named_column(&self, candidates: &[usize]) -> Option<usize> {
        candidates.iter().copied().find(|&c| {
            let name = self.ix.column_name(c);
            let parts: Vec<&str> = name.split('_').filter(|p| p.len() >= 3).collect();
            (0..self.toks.len()).any(|k| {
                self.toks[k].is_word()
                    && !matches!(self.norm(k), "date" | "time" | "day" | "year")
                    && parts.contains(&self.norm(k))
            })
        })
    }

    /// Among `candidates` (date, time or year columns), the one the event
    /// word nearest the span `at` names: "died in the 80s" → `death_date`,
    /// "born before 1900" → `yob`, "hired after 2010" → `hire_date`.
    pub(super) fn event_column(&self, at: (usize, usize), candidates: &[usize]) -> Option<usize> {
        // One candidate too: the event word may name it over a year
        // column of another kind ("aired in 2015": `uk_airdate`, not the
        // `us_season` float).
        if candidates.is_empty() {
            return None;
        }
        let (start, end) = at;
        // Nearest first: the words before the span, then after it.
        let before = (start.saturating_sub(5)..start).rev();
        let after = end..(end + 3).min(self.toks.len());
        before.chain(after).find_map(|k| {
            if !self.toks[k].is_word() {
                return None;
            }
            let roots = event_roots(self.norm(k));
            if roots.is_empty() {
                // "aired in 2015" of `uk_airdate`, "filmed" of
                // `film_date`: a participle's verb glued to a date word.
                // "executions in the 1990s", "executed after 2010" of
                // `execution_date`: the noun (or the noun of the verb) the
                // name holds before its date word.
                let w = self.norm(k);
                let verb = w
                    .strip_suffix("ed")
                    .filter(|v| v.len() >= 3 && w.len() >= 5);
                let mut forms: Vec<String> = verb.map(str::to_string).into_iter().collect();
                if w.len() >= 5 && !is_stopword(w) {
                    forms.push(self.toks[k].stem.clone());
                    forms.extend(wordnet::nominalisations(w));
                }
                if forms.is_empty() {
                    return None;
                }
                let found: Vec<usize> = candidates
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let name = self.ix.column_name(c);
                        forms.iter().any(|verb| {
                            let glued = ["date", "dt", "day", "year", "yr"]
                                .iter()
                                .any(|d| name.split('_').any(|p| p == format!("{verb}{d}")));
                            let parted = name.split('_').collect::<Vec<_>>().windows(2).any(|x| {
                                x[0] == verb
                                    && matches!(x[1], "date" | "dt" | "day" | "year" | "yr")
                            });
                            glued || parted
                        })
                    })
                    .collect();
                return (found.len() == 1).then(|| found[0]);
            }
            let found: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&c| name_has_root(self.ix.column_name(c), roots))
                .collect();
            (found.len() == 1).then(|| found[0])
        })
    }

    /// A clock time at `i`: "10pm", "10 pm", "9:30", "9:30 am", "noon". Its
    /// end.
    fn clock_at(&self, i: usize) -> Option<(Clock, usize)> {
        let free = |k: usize| k < self.toks.len() && !self.claims.is_claimed(k);
        if !free(i) {
            return None;
        }
        let t = &self.toks[i];
        if t.is_word() {
            if let Some(m) = named_time(&t.norm) {
                let clock = Clock {
                    hour: m / 60,
                    minute: 0,
                    pm: Some(m >= 720),
                    clock_like: true,
                };
                return Some((clock, i + 1));
            }
            // "10pm", "11am"
            let w = t.norm.as_str();
            let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let pm = meridiem(&w[digits.len()..])?;
            let hour: u32 = digits.parse().ok()?;
            return (1..=12).contains(&hour).then_some((
                Clock {
                    hour,
                    minute: 0,
                    pm: Some(pm),
                    clock_like: true,
                },
                i + 1,
            ));
        }
        let v = t.number()?;
        if !matches!(
            t.kind,
            TokenKind::Number {
                unit: None,
                percent: false,
                scaled: false,
                ..
            }
        ) || v.fract() != 0.0
            || !(0.0..=24.0).contains(&v)
        {
            return None;
        }
        let mut clock = Clock {
            hour: v as u32,
            minute: 0,
            pm: None,
            clock_like: false,
        };
        let mut end = i + 1;
        // "9:30": minutes, written with two digits (the colon is no token).
        let colon = free(end) && self.query.get(t.end..self.toks[end].start) == Some(":");
        if colon {
            let m = &self.toks[end];
            let digits = m.norm.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            if digits.len() == 2 && digits.bytes().all(|b| b.is_ascii_digit()) {
                clock.minute = digits.parse().ok()?;
                clock.clock_like = true;
                if m.is_word() {
                    clock.pm = Some(meridiem(&m.norm[2..])?);
                }
                end += 1;
            }
        }
        if clock.pm.is_none() && free(end) && self.toks[end].is_word() {
            if let Some(pm) = meridiem(self.norm(end)) {
                clock.pm = Some(pm);
                end += 1;
            } else if matches!(self.norm(end), "a" | "p")
                && free(end + 1)
                && self.norm(end + 1) == "m"
                && self.query.get(self.toks[end].end..self.toks[end + 1].start) == Some(".")
            {
                // "10 p.m.": the dots are no tokens.
                clock.pm = Some(self.norm(end) == "p");
                end += 2;
            }
        }
        (clock.hour <= 12 || clock.pm.is_none()).then_some((clock, end))
    }

    /// Times of day: "after 10 pm", "before 9am", "between 12 and 1 pm",
    /// "from 9:30 to 11", "at noon", "in the morning", "at night",
    /// "overnight", "at lunchtime". A range of the time of day on the time
    /// column; a number with "am"/"pm" is a time even when the table has
    /// none (it is then claimed, with a note, and not compared).
    fn times_of_day(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            match self.time_phrase(i) {
                Some((start, stop, from, to)) => {
                    self.time_condition((start, stop), from, to);
                    i = stop;
                }
                None => i += 1,
            }
        }
    }

    /// The time phrase starting at `i`: its span and range of minutes.
    fn time_phrase(&self, i: usize) -> Option<(usize, usize, Minutes, Minutes)> {
        let prev = (i > 0).then(|| self.norm(i - 1));
        // Parts of the day: "in the morning", "at night", "overnight".
        if self.toks[i].is_word() && !self.claims.is_claimed(i) {
            let w = self.norm(i);
            let lunch = w == "lunch"
                && self
                    .toks
                    .get(i + 1)
                    .is_some_and(|t| matches!(t.norm.as_str(), "time" | "hour"));
            let part = if lunch {
                part_of_day("lunchtime")
            } else {
                part_of_day(w)
            };
            if let Some((from, to)) = part {
                if self.ix.values_by_first.contains_key(w) && !lunch {
                    return None;
                }
                let end = if lunch { i + 2 } else { i + 1 };
                let mut start = i;
                while start > 0
                    && matches!(self.norm(start - 1), "in" | "the" | "at" | "during" | "by")
                    && !self.claims.is_claimed(start - 1)
                {
                    start -= 1;
                }
                return Some((start, end, from, to));
            }
        }
        let (first, end) = self.clock_at(i)?;
        // A range: "between 12 and 1 pm", "from 9:30 to 11", "9 to 5 pm".
        let joins = self.toks.get(end).is_some_and(|t| {
            matches!(
                t.norm.as_str(),
                "to" | "until" | "till" | "-" | "through" | "thru"
            ) || t.norm == "and" && prev == Some("between")
        });
        if joins {
            if let Some((last, stop)) = self.clock_at(end + 1) {
                if first.is_time() || last.is_time() {
                    let b = last.minutes(None)?;
                    // "midnight through 4 am": the last hour included.
                    let through = matches!(self.norm(end), "through" | "thru");
                    let b = if through && last.minute == 0 {
                        b + 60
                    } else {
                        b
                    };
                    // "12 and 1 pm": the first takes the second's half of
                    // the day when that puts it before the second.
                    let a = [first.minutes(last.pm), first.minutes(None)]
                        .into_iter()
                        .flatten()
                        .find(|&a| a <= b)
                        .or_else(|| first.minutes(None))?;
                    // "from 9:30 to 2": 2 pm; "from 23:00 to 02:00" runs
                    // past midnight.
                    let twelve = first.hour <= 12 && last.hour < 12;
                    let b = if first.pm.is_none() && last.pm.is_none() && b <= a && twelve {
                        b + 720
                    } else {
                        b
                    };
                    let start = if matches!(prev, Some("between" | "from")) {
                        i - 1
                    } else {
                        i
                    };
                    return Some((start, stop, a, b.min(END_OF_DAY)));
                }
            }
        }
        if !first.is_time() {
            return None;
        }
        let m = first.minutes(None)?;
        let word = |w: &[&str]| prev.is_some_and(|p| w.contains(&p));
        let (start, from, to) = if word(&["after", "since", "past"]) {
            (i - 1, m, END_OF_DAY)
        } else if word(&["before", "until", "till", "by"]) {
            (i - 1, 0, m)
        } else if i > 1 && word(&["than"]) && matches!(self.norm(i - 2), "later" | "earlier") {
            if self.norm(i - 2) == "later" {
                (i - 2, m, END_OF_DAY)
            } else {
                (i - 2, 0, m)
            }
        } else {
            // "at 10 pm": that hour, or that minute when minutes are given.
            let len = if first.minute == 0 { 60 } else { 1 };
            let start = if word(&["at", "around", "about"]) {
                i - 1
            } else {
                i
            };
            (start, m, (m + len).min(END_OF_DAY))
        };
        Some((start, end, from, to))
    }

    /// Claims a time phrase and adds its range on the time column, or notes
    /// that the table has none.
    fn time_condition(&mut self, span: (usize, usize), from: Minutes, to: Minutes) {
        let source = self.span_text(span.0, span.1);
        if self.time_column(span).is_none() {
            if let Some(col) = self.hour_column() {
                self.clock_column_condition(span, col, (from, to), ClockColumn::Hours);
                return;
            }
            // A clock time said as one ("before 7 am", "after 15:30").
            let clock =
                (span.0..span.1).any(|k| self.clock_at(k).is_some_and(|(c, _)| c.is_time()));
            if let Some(col) = self.minute_of_day_column().filter(|_| clock) {
                self.clock_column_condition(span, col, (from, to), ClockColumn::Minutes);
                return;
            }
            // Clock times written as numbers, hours and minutes (`dep_time`
            // 517 is 5:17, `tst` 1030): the same range so written.
            if let Some(col) = self.hhmm_column() {
                self.clock_column_condition(span, col, (from, to), ClockColumn::HoursMinutes);
                return;
            }
        }
        // Times of a few fixed labels ('8:00 a.m.', '12:00 p.m.'): the
        // labels in the range.
        if let Some(col) = self
            .clock_label_column()
            .filter(|_| self.time_column(span).is_none())
        {
            let mut labels: Vec<Literal> = Vec::new();
            for v in &self.ix.profile.columns[col].values {
                let inside = clock_label_minutes(&v.value).is_some_and(|m| {
                    if from <= to {
                        from <= m && m < to
                    } else {
                        m >= from || m < to
                    }
                });
                if inside {
                    labels.push(Literal::Text(v.value.clone()));
                }
            }
            if !labels.is_empty() {
                self.time_column_condition(span, source, col, (from, to), CompareOp::In, labels);
                return;
            }
        }
        let Some(col) = self.time_column(span) else {
            // A part of the day with no time column is left to other passes;
            // a clock time is still no number.
            let clock = (span.0..span.1).any(|k| {
                self.toks[k].number().is_some()
                    || self.toks[k].norm.starts_with(|c: char| c.is_ascii_digit())
            });
            if clock {
                self.claims.claim(span, ClaimedBy::Month);
                self.note(Note::NoTimeColumn { source });
            }
            return;
        };
        let values = vec![
            Literal::Text(clock_text(from)),
            Literal::Text(clock_text(to)),
        ];
        self.time_column_condition(span, source, col, (from, to), CompareOp::TimeOfDay, values);
    }

    /// Claims a time phrase and adds its condition on the time column `col`.
    fn time_column_condition(
        &mut self,
        span: (usize, usize),
        source: String,
        col: usize,
        range: (Minutes, Minutes),
        op: CompareOp,
        values: Vec<Literal>,
    ) {
        let name = self.ix.column_name(col).to_string();
        self.time_claimed(span, &source, &name, range);
        self.push_condition(
            span,
            Condition {
                field: name,
                op,
                values,
                source,
                matched: MatchKind::Exact,
                confidence: confidence::MONTH,
            },
        );
    }

    /// Claims a time phrase read on `field`, with its note.
    fn time_claimed(
        &mut self,
        span: (usize, usize),
        source: &str,
        field: &str,
        range: (Minutes, Minutes),
    ) {
        self.claims.claim(span, ClaimedBy::Month);
        self.phrases.push(span);
        self.note(Note::TimeOfDay {
            source: source.to_string(),
            field: field.to_string(),
            from: clock_words(range.0),
            to: clock_words(range.1),
        });
    }

    /// A text column of a few clock labels (`8:00 a.m.`, `12:00 p.m.`,
    /// `5 pm`): 2 to 48 values, every one a time of day with its half of
    /// the day.
    fn clock_label_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty == ColumnType::Text
                && (2..=48).contains(&col.values.len())
                && col.values.len() as u64 == col.distinct_count
                && col
                    .values
                    .iter()
                    .all(|v| clock_label_minutes(&v.value).is_some())
        })
    }

    /// A column of hours of the day named `hour` (or `…_hour`, `hr`,
    /// `hour_of_day`): integers from 0 to 23, or fractions of hours from 0
    /// to below 24 (13.5 is half past one).
    fn hour_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            matches!(col.ty, ColumnType::Integer | ColumnType::Float)
                && col
                    .name
                    .split('_')
                    .any(|w| matches!(w, "hour" | "hr" | "hours" | "hod"))
                && bound(&col.min).is_some_and(|v| v >= 0.0)
                && bound(&col.max).is_some_and(|v| {
                    if col.ty == ColumnType::Integer {
                        (12.0..=23.0).contains(&v)
                    } else {
                        (12.0..24.0).contains(&v)
                    }
                })
        })
    }

    /// A column of minutes of the day: numbers named `time`, `clock` or
    /// `tod` (or `…_time`), none below 0 or past 1,440, some past 100 (so
    /// no hours).
    fn minute_of_day_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty.is_numeric()
                && col
                    .name
                    .split('_')
                    .any(|w| matches!(w, "time" | "clock" | "tod"))
                && bound(&col.min).is_some_and(|v| v >= 0.0)
                && bound(&col.max).is_some_and(|v| (100.0..=1440.0).contains(&v))
        })
    }

    /// A column of clock times written as a number of hours and minutes
    /// (`dep_time` 517 is 5:17, `tst` 1030 half past ten): whole numbers
    /// named `time`, `…_time`, `tst`, `clock` or `tod`, from 0 to 2400,
    /// some past 100, none of the listed ones with minutes past 59.
    fn hhmm_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<i64>().ok());
        let found: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                let col = &cols[c];
                col.ty == ColumnType::Integer
                    && col
                        .name
                        .split('_')
                        .any(|w| matches!(w, "time" | "tst" | "clock" | "tod"))
                    && bound(&col.min).is_some_and(|v| v >= 0)
                    && bound(&col.max).is_some_and(|v| (100..=2400).contains(&v))
                    && col.values.len() >= 5
                    && col
                        .values
                        .iter()
                        .all(|v| v.value.parse::<i64>().is_ok_and(|x| x % 100 < 60))
                    && col
                        .values
                        .iter()
                        .any(|v| v.value.parse::<i64>().is_ok_and(|x| x % 100 != 0))
            })
            .collect();
        // One, or the first of the ones scheduled and done (`dep_time`,
        // `sched_dep_time`): the phrase names which otherwise.
        found.first().copied()
    }

    /// A time range on a column of minutes of the day ("sampled before 7
    /// am" → `time < 420`, "after 3 pm" → `time > 900`), of hours of the
    /// day (`ClockColumn::Hours`: "trips before 6 am" → `hour < 6`, "after 10 pm"
    /// → `hour >= 22`, the hours the range covers), or of clock times
    /// written as numbers (`ClockColumn::HoursMinutes`: "before 7 am" → `tst <
    /// 700`). A range past midnight holds on either side.
    fn clock_column_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        (from, to): (Minutes, Minutes),
        clock: ClockColumn,
    ) {
        let source = self.span_text(span.0, span.1);
        let name = self.ix.column_name(col).to_string();
        let per_hour = clock == ClockColumn::Hours;
        // Fractions of hours (`hour` 13.5): the clock's own hours, a range
        // said "between 2 and 5 pm" holding its end.
        let fractional = per_hour && self.ix.column_type(col) == ColumnType::Float;
        let hhmm = |m: Minutes| i64::from((m / 60) * 100 + m % 60);
        let (first, last) = match clock {
            ClockColumn::Hours => (i64::from(from / 60), i64::from(to.div_ceil(60))),
            ClockColumn::Minutes => (i64::from(from), i64::from(to)),
            ClockColumn::HoursMinutes => (hhmm(from), hhmm(to)),
        };
        let after = !per_hour && matches!(self.norm(span.0), "after" | "past");
        let both_ends = (fractional || clock == ClockColumn::HoursMinutes)
            && matches!(self.norm(span.0), "between" | "from");
        let cond = |op: CompareOp, v: i64, exact: Minutes| Condition {
            field: name.clone(),
            op,
            values: vec![if fractional {
                Literal::Float(f64::from(exact) / 60.0)
            } else {
                Literal::Integer(v)
            }],
            source: source.clone(),
            matched: MatchKind::Inferred,
            confidence: confidence::MONTH,
        };
        let mut any_of = Vec::new();
        if from > 0 {
            any_of.push(cond(
                if after { CompareOp::Gt } else { CompareOp::Ge },
                first,
                from,
            ));
        }
        if to < END_OF_DAY {
            let op = if both_ends {
                CompareOp::Le
            } else {
                CompareOp::Lt
            };
            any_of.push(cond(op, last, to));
        }
        if any_of.is_empty() {
            return;
        }
        self.time_claimed(span, &source, &name, (from, to));
        if any_of.len() == 2 && from > to {
            self.filter_spans.push(span);
            self.plan.filters.push(Filter { any_of });
        } else {
            for c in any_of {
                self.push_condition(span, c);
            }
        }
    }

    /// Fixed-date holidays: "christmas", "on new year's eve", "halloween
    /// 2017": that day of the year on the date column (or the month and
    /// day columns), of any year unless one is given.
    fn holidays(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            let found = HOLIDAYS.iter().find(|(words, _, _)| {
                words.iter().enumerate().all(|(k, w)| {
                    i + k < self.toks.len()
                        && !self.claims.is_claimed(i + k)
                        && self.toks[i + k].is_word()
                        && self.norm(i + k) == *w
                })
            });
            let Some(&(words, month, day)) = found else {
                i += 1;
                continue;
            };
            // "christmas trees": a value of the table, not the day.
            let value = (0..words.len()).any(|k| {
                let t = &self.toks[i + k];
                let generic = matches!(
                    t.norm.as_str(),
                    "day"
                        | "eve"
                        | "night"
                        | "new"
                        | "year"
                        | "years"
                        | "of"
                        | "st"
                        | "saint"
                        | "fourth"
                        | "4th"
                        | "july"
                        | "april"
                );
                !generic
                    && ([&t.norm, &t.stem].iter().any(|w| {
                        self.ix.values_by_first.contains_key(w.as_str())
                            || self.ix.values_by_word.contains_key(w.as_str())
                    })
                    // "bookings near christmas" of a flag `near_christmas`:
                    // the flag says it, not the day.
                    || (0..self.ix.profile.columns.len()).any(|c| {
                        self.yes_value(c).is_some()
                            && self.ix.column_name(c).split('_').any(|p| p == t.norm)
                    }))
            });
            let mut end = i + words.len();
            let year = self
                .toks
                .get(end)
                .filter(|_| !self.claims.is_claimed(end))
                .and_then(Token::number)
                .filter(|v| v.fract() == 0.0 && (1000.0..=2100.0).contains(v));
            if year.is_some() {
                end += 1;
            }
            let start = if i > 0 && matches!(self.norm(i - 1), "on" | "at" | "over") {
                i - 1
            } else {
                i
            };
            let day = Written {
                month,
                day: Some(day),
                year: year.map(|y| y as i32),
            };
            if !value && self.day_condition((start, end), Span::Days(day, day)) {
                i = end;
            } else {
                i += 1;
            }
        }
    }

    /// Month ranges with no year on a date column or a column of month
    /// names: "june to august", "from march through may", "jun-aug",
    /// "november to february" (across the new year). A column of month
    /// numbers has its own (pass 8).
    fn month_ranges(&mut self) {
        if self.month_number_column().is_some() {
            return;
        }
        let mut i = 0;
        while i < self.toks.len() {
            let month = (!self.claims.is_claimed(i) && self.toks[i].is_word())
                .then(|| month_index(self.norm(i)))
                .flatten();
            let (Some(first), Some((last, end))) =
                (month, month.and_then(|_| self.month_range_end(i)))
            else {
                i += 1;
                continue;
            };
            // "june to august 2015" is a range of days (`days`).
            let year_after = self.toks.get(end).and_then(Token::number).is_some();
            let start = if i > 0 && matches!(self.norm(i - 1), "from" | "between") {
                i - 1
            } else {
                i
            };
            let months: Vec<usize> = if first <= last {
                (first..=last).collect()
            } else {
                (first..12).chain(0..=last).collect()
            };
            if year_after || months.len() >= 12 {
                i += 1;
                continue;
            }
            let span = (start, end);
            // "outside december to february": none of the months.
            // (Pass 2 finds the negations later: the word before.)
            let negated = (1..=2).any(|b| {
                start >= b
                    && matches!(
                        self.norm(start - b),
                        "not" | "except" | "excluding" | "outside" | "exclude"
                    )
                    && (1..b).all(|k| matches!(self.norm(start - k), "in" | "during"))
            });
            if let Some(col) = self.month_name_column() {
                let names = self.month_names(col);
                let values: Vec<Literal> = months
                    .iter()
                    .filter_map(|&m| names[m].clone().map(Literal::Text))
                    .collect();
                self.calendar_condition(span, col, vec![]);
                let name = self.ix.column_name(col).to_string();
                let source = self.span_text(span.0, span.1);
                self.push_condition(
                    span,
                    Condition {
                        field: name,
                        op: if negated {
                            CompareOp::NotIn
                        } else {
                            CompareOp::In
                        },
                        values,
                        source,
                        matched: MatchKind::Exact,
                        confidence: confidence::MONTH,
                    },
                );
            } else if let Some(col) = self.date_column_at(span) {
                let name = self.ix.column_name(col).to_string();
                let source = self.span_text(span.0, span.1);
                self.calendar_condition(span, col, vec![]);
                let conditions: Vec<Condition> = months
                    .iter()
                    .map(|&m| Condition {
                        field: name.clone(),
                        op: if negated {
                            CompareOp::NotContains
                        } else {
                            CompareOp::Contains
                        },
                        values: vec![Literal::Text(format!("-{:02}-", m + 1))],
                        source: source.clone(),
                        matched: MatchKind::Exact,
                        confidence: confidence::MONTH,
                    })
                    .collect();
                self.filter_spans.push(span);
                if negated {
                    for c in conditions {
                        self.plan.filters.push(Filter { any_of: vec![c] });
                    }
                } else {
                    self.plan.filters.push(Filter { any_of: conditions });
                }
            } else {
                i += 1;
                continue;
            }
            i = end;
        }
    }

    /// A text column of month names ("January", "Jan"): every value a month.
    fn month_name_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty == ColumnType::Text
                && col.values.len() >= 3
                && col
                    .values
                    .iter()
                    .all(|v| month_of_value(&v.value).is_some())
        })
    }

    /// The column's spelling of each month, where it has one.
    fn month_names(&self, col: usize) -> Vec<Option<String>> {
        let mut names = vec![None; 12];
        for v in &self.ix.profile.columns[col].values {
            if let Some(m) = month_of_value(&v.value) {
                names[m].get_or_insert_with(|| v.value.clone());
            }
        }
        names
    }
}

/// The month a value names: "June", "jun", "Sept", "MAR" (values are no
/// verbs: "mar" and "may" are months here).
fn month_of_value(v: &str) -> Option<usize> {
    let w = v.trim().trim_end_matches('.').to_lowercase();
    month_index(&w).or_else(|| {
        let w = if w == "sept" { "sep" } else { w.as_str() };
        (w.len() == 3)
            .then(|| MONTHS.iter().position(|m| m.starts_with(w)))
            .flatten()
    })
}

/// Whether a column name has a part that is one of `roots` or an
/// abbreviation of one: `death_date` (death), `diag_date` (diagnosis),
/// `birthyear` (birth), `yob`, `year_of_birth`.
pub(super) fn name_has_root(name: &str, roots: &[&str]) -> bool {
    name.split('_').any(|part| {
        roots.iter().any(|r| {
            part == *r
                || part.len() >= 4 && r.starts_with(part)
                || r.len() >= 4 && part.starts_with(r)
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::plan::{CompareOp, Literal};
    use crate::profile::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};
    use crate::{Planner, QueryPlan, Tier};

    fn col(name: &str, ty: ColumnType, min: &str, max: &str, values: &[&str]) -> ColumnProfile {
        ColumnProfile {
            name: name.to_string(),
            original_name: name.to_string(),
            ordinal: 1,
            ty,
            null_count: 0,
            distinct_count: 100,
            min: Some(min.to_string()),
            max: Some(max.to_string()),
            values: values
                .iter()
                .map(|v| ValueCount {
                    value: v.to_string(),
                    count: 1,
                })
                .collect(),
            full_text: false,
        }
    }

    /// A table of months by name, a date and time as text, and a time of
    /// minutes.
    fn trips() -> Planner {
        let months = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        let columns = vec![
            col("month", ColumnType::Text, "Apr", "Sep", &months),
            col(
                "started",
                ColumnType::Text,
                "2017-06-03 06:14:00",
                "2019-01-30 23:01:00",
                &[],
            ),
            col("fare", ColumnType::Float, "2.5", "80", &[]),
        ];
        Planner::new(&DatasetProfile {
            table: "trips".into(),
            fts_table: None,
            row_count: 100,
            id_column: None,
            columns,
        })
    }

    fn conditions(p: &QueryPlan) -> Vec<(String, CompareOp, Vec<Literal>)> {
        p.filters
            .iter()
            .flat_map(|f| &f.any_of)
            .map(|c| (c.field.clone(), c.op, c.values.clone()))
            .collect()
    }

    fn text(s: &str) -> Literal {
        Literal::Text(s.to_string())
    }

    #[test]
    fn month_ranges_on_month_names_take_the_columns_spelling() {
        let p = trips().plan("trips from november to february", Tier::Default);
        assert_eq!(
            conditions(&p),
            vec![(
                "month".to_string(),
                CompareOp::In,
                vec![text("Nov"), text("Dec"), text("Jan"), text("Feb")]
            )]
        );
    }

    #[test]
    fn a_clock_time_on_a_text_date_time_is_no_fare() {
        let p = trips().plan("trips started after 10:30 pm over 20", Tier::Default);
        let c = conditions(&p);
        assert!(c.contains(&(
            "started".to_string(),
            CompareOp::TimeOfDay,
            vec![text("22:30:00"), text("24:00:00")]
        )));
        assert!(c.iter().all(|x| x.2 != vec![Literal::Float(10.0)]), "{c:?}");
        assert!(
            p.notes.iter().any(|n| n.contains("time of day")),
            "{:?}",
            p.notes
        );
    }
}

impl Ctx<'_> {
    /// "the 15th of every month", "on the 1st": a day of the month said
    /// alone, on the one whole-number field of days of the month
    /// (`day_of_month`, `mday`, `dom`, `day`: 1 to 31).
    pub(super) fn days_of_month(&mut self) {
        let cols = &self.ix.profile.columns;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<i64>().ok());
        let days: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                cols[c].ty == ColumnType::Integer
                    && matches!(
                        cols[c].name.as_str(),
                        "day_of_month" | "mday" | "dom" | "day" | "monthday"
                    )
                    && bound(&cols[c].min).is_some_and(|v| v >= 1)
                    && bound(&cols[c].max).is_some_and(|v| (28..=31).contains(&v))
            })
            .collect();
        let [col] = days[..] else { return };
        for k in 0..self.toks.len() {
            if self.claims.is_claimed(k) {
                continue;
            }
            let w = self.norm(k);
            let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let suffix = &w[digits.len()..];
            let Ok(n) = digits.parse::<i64>() else {
                continue;
            };
            if !matches!(suffix, "st" | "nd" | "rd" | "th") || !(1..=31).contains(&n) {
                continue;
            }
            // Not a month's day ("june 15th"), which the dates read.
            let month_near = [k.checked_sub(1), Some(k + 1), Some(k + 2)]
                .into_iter()
                .flatten()
                .any(|j| {
                    j < self.toks.len() && crate::lexicon::month_index(self.norm(j)).is_some()
                });
            if month_near {
                continue;
            }
            let mut end = k + 1;
            // "of every month", "of each month", "of the month".
            if end + 2 < self.toks.len() + 1
                && self.toks.get(end).is_some_and(|t| t.norm == "of")
                && self.toks.get(end + 2).is_some_and(|t| t.norm == "month")
            {
                end += 3;
            }
            let name = self.ix.column_name(col).to_string();
            self.inferred_number((k, end), name, CompareOp::Eq, Literal::Integer(n));
        }
    }
}

/// How a column writes the time of day.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClockColumn {
    /// Hours, 0 to 23 (or fractions of hours).
    Hours,
    /// Minutes since midnight.
    Minutes,
    /// Hours and minutes as one number (517 is 5:17).
    HoursMinutes,
}
