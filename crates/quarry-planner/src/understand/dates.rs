//! Dates: relative dates ("last 3 years", "this year"; pass 1, before the
//! operators pass reads "last" as a position) counted from the caller's
//! day, and month names on the date column ("in March", "March 2015"; pass
//! 8: the year after a month counts only if the number pass left it).

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{
    is_relative_date_word, is_year_name_part, joins_range, month_index, months_in_unit,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::{literal_text, Token};
use crate::Day;

impl Ctx<'_> {
    /// The date column relative dates and months apply to: a date or
    /// datetime column (named in the phrase if several), else a year column.
    pub(super) fn date_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let dates: Vec<usize> = (0..cols.len())
            .filter(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            .collect();
        let named = self.mentioned_columns();
        dates
            .iter()
            .copied()
            .find(|c| named.contains(c))
            .or(dates.first().copied())
    }

    /// The date column of a date phrase at `at`: the one the event word near
    /// it names ("died in march" → `death_date`), else [`Self::date_column`].
    pub(super) fn date_column_at(&self, at: (usize, usize)) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let dates: Vec<usize> = (0..cols.len())
            .filter(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            .collect();
        self.event_column(at, &dates).or_else(|| self.date_column())
    }

    /// The year (or date) column of a year phrase at `at`: among the date
    /// columns and the columns of years, the one the event word near it
    /// names ("born before 1900" → `yob`, `birth_date`), else the year
    /// column.
    pub(super) fn year_column_at(&self, at: (usize, usize)) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let years = |c: usize| {
            let col = &cols[c];
            let within = |b: &Option<String>| {
                b.as_deref()
                    .and_then(|v| v.parse::<i64>().ok())
                    .is_some_and(|v| (1000..=2100).contains(&v))
            };
            match col.ty {
                ColumnType::Date | ColumnType::DateTime => true,
                ColumnType::Integer => {
                    col.name
                        .split('_')
                        .any(|p| is_year_name_part(p) || matches!(p, "yob" | "y" | "yod"))
                        || within(&col.min) && within(&col.max)
                }
                _ => false,
            }
        };
        let candidates: Vec<usize> = (0..cols.len()).filter(|&c| years(c)).collect();
        self.event_column(at, &candidates)
            .or_else(|| self.year_column())
    }

    /// "last 3 years", "past 6 months", "this year", "last year".
    pub(super) fn relative_dates(&mut self) {
        let n = self.toks.len();
        for i in 0..n {
            if self.claims.is_claimed(i) || !is_relative_date_word(self.norm(i)) {
                continue;
            }
            let (count, unit_at) = match self.toks.get(i + 1).and_then(Token::number) {
                Some(v) if v >= 1.0 && v.fract() == 0.0 && v < 1000.0 => (v as i32, i + 2),
                _ => (1, i + 1),
            };
            let Some(unit) = self.toks.get(unit_at).map(|t| t.stem.clone()) else {
                continue;
            };
            let Some(months) = months_in_unit(&unit) else {
                continue;
            };
            let this = self.norm(i) == "this";
            let (field, value) = if let Some(c) = self.date_column() {
                let from = if this {
                    Day {
                        year: self.today.year,
                        month: if months == 12 { 1 } else { self.today.month },
                        day: 1,
                    }
                } else {
                    self.today.months_back(count * months)
                };
                (c, Literal::Text(from.iso()))
            } else if let Some(c) = self
                .year_column()
                .filter(|&c| self.ix.column_type(c) == ColumnType::Integer)
            {
                if months % 12 != 0 {
                    continue;
                }
                let years = if this { 0 } else { count * months / 12 };
                (c, Literal::Integer(i64::from(self.today.year - years)))
            } else {
                continue;
            };
            let name = self.ix.column_name(field).to_string();
            let source = self.span_text(i, unit_at + 1);
            self.note(Note::RelativeDate {
                source: source.clone(),
                field: name.clone(),
                from: literal_text(&value),
                today: self.today.iso(),
            });
            self.claims.claim((i, unit_at + 1), ClaimedBy::RelativeDate);
            self.phrases.push((i, unit_at + 1));
            self.push_condition(
                (i, unit_at + 1),
                Condition {
                    field: name,
                    op: CompareOp::Ge,
                    values: vec![value],
                    source,
                    matched: MatchKind::Inferred,
                    confidence: confidence::RELATIVE_DATE,
                },
            );
        }
    }

    /// Month names on a date column: "in March" (any year), "March 2015".
    pub(super) fn month_conditions(&mut self) {
        if let Some(col) = self.month_number_column() {
            self.month_number_conditions(col);
            return;
        }
        if self.date_column().is_none() {
            self.text_month_conditions();
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let Some(col) = self.date_column_at((i, i + 1)) else {
                continue;
            };
            let Some((m, year)) = self.month_at(i) else {
                continue;
            };
            if self.month_list_condition(i, col) {
                continue;
            }
            let (op, value, end) = match year {
                Some(y) => (
                    CompareOp::StartsWith,
                    format!("{}-{:02}", y as i64, m + 1),
                    i + 2,
                ),
                // "not in december": the month's days left out.
                None if self.negated(i) => {
                    (CompareOp::NotContains, format!("-{:02}-", m + 1), i + 1)
                }
                None => (CompareOp::Contains, format!("-{:02}-", m + 1), i + 1),
            };
            self.month_condition((i, end), col, op, vec![Literal::Text(value)]);
        }
    }

    /// "january and february 2014", "june, july or august": months joined
    /// by "and", "or" or commas are alternatives, and the year written
    /// after the last is every one's. Whether the months at `i` were such
    /// a list (then its condition is added).
    fn month_list_condition(&mut self, i: usize, col: usize) -> bool {
        let mut months = vec![(i, self.month_at(i))];
        let mut k = i + 1;
        loop {
            let joined = |k: usize| {
                self.toks
                    .get(k)
                    .is_some_and(|t| matches!(t.norm.as_str(), "and" | "or" | ","))
            };
            // (Commas are no tokens: "june, july or august".)
            let next = if joined(k) { k + 1 } else { k };
            if next >= self.toks.len() || self.claims.is_claimed(next) {
                break;
            }
            match self.month_at(next) {
                Some(m) => {
                    months.push((next, Some(m)));
                    k = next + 1;
                }
                None => break,
            }
        }
        if months.len() < 2 || months.iter().any(|(_, m)| m.is_none()) {
            return false;
        }
        let months: Vec<(usize, Option<f64>)> = months.iter().filter_map(|(_, m)| *m).collect();
        let last_year = months.last().and_then(|m| m.1);
        // A year after an inner month only ("may 2004 and june") is not
        // shared.
        if months[..months.len() - 1].iter().any(|m| m.1.is_some()) {
            return false;
        }
        let end = k + usize::from(last_year.is_some());
        let negated = self.negated(i);
        let conditions: Vec<(CompareOp, String)> = months
            .iter()
            .map(|(m, _)| match last_year {
                Some(y) => (CompareOp::StartsWith, format!("{}-{:02}", y as i64, m + 1)),
                None => (CompareOp::Contains, format!("-{:02}-", m + 1)),
            })
            .collect();
        // "not in june or july" without a year: neither month's days.
        if negated && last_year.is_some() {
            return false;
        }
        let name = self.ix.column_name(col).to_string();
        let span = (i, end);
        self.claims.claim(span, ClaimedBy::Month);
        let source = self.span_text(i, end);
        self.note(Note::Month {
            source: source.clone(),
            field: name.clone(),
        });
        self.phrases.push(span);
        let condition = |op: CompareOp, value: &str| Condition {
            field: name.clone(),
            op,
            values: vec![Literal::Text(value.to_string())],
            source: source.clone(),
            matched: MatchKind::Exact,
            confidence: confidence::MONTH,
        };
        if negated {
            for (_, v) in &conditions {
                self.push_condition(span, condition(CompareOp::NotContains, v));
            }
        } else {
            let any_of = conditions.iter().map(|(op, v)| condition(*op, v)).collect();
            self.push_alternatives(span, any_of);
        }
        true
    }

    /// The text columns of dates written as people write them (see
    /// [`TextDate`]): every listed value (of the first 50) is one. (Read
    /// when the table has no date column.)
    pub(super) fn text_date_columns(&self) -> Vec<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len())
            .filter(|&c| text_date_format(&cols[c]).is_some())
            .collect()
    }

    /// The text date column of a month phrase at `at`: the one its event
    /// word names ("died in may 2005" → `date_of_death`), else the first.
    pub(super) fn text_date_column_at(&self, at: (usize, usize)) -> Option<usize> {
        let cols = self.text_date_columns();
        self.event_column(at, &cols).or(cols.first().copied())
    }

    /// "days in july", "october runs", "may 2004" over a column of text
    /// dates: the month where the values write it (`date LIKE '7/%'`
    /// month first, `LIKE '%/07/%'` day first, `LIKE 'Jul%'` by name), and
    /// the year that ends the value (`LIKE '%/2004'`, in the values' own
    /// two or four digits).
    fn text_month_conditions(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let Some((m, year)) = self.month_at(i) else {
                continue;
            };
            let end = if year.is_some() { i + 2 } else { i + 1 };
            let Some(col) = self.text_date_column_at((i, end)) else {
                return;
            };
            let Some(format) = text_date_format(&self.ix.profile.columns[col]) else {
                continue;
            };
            let negated = self.negated(i);
            let number = |padded: bool| {
                if padded {
                    format!("{:02}", m + 1)
                } else {
                    (m + 1).to_string()
                }
            };
            if format.year_first() {
                self.year_month_condition(i, m, year, col, negated, format);
                continue;
            }
            let sep = format.separator();
            let (op, month) = match format {
                // "not in may": no negated prefix is written; left unread
                // (a trait or a word ignored) rather than read wrong.
                TextDate::MonthFirst { .. } | TextDate::MonthName if negated => continue,
                TextDate::MonthFirst { padded, .. } => {
                    (CompareOp::StartsWith, format!("{}{sep}", number(padded)))
                }
                TextDate::DayFirst { padded, .. } if negated => {
                    if year.is_some() {
                        continue;
                    }
                    (
                        CompareOp::NotContains,
                        format!("{sep}{}{sep}", number(padded)),
                    )
                }
                TextDate::DayFirst { padded, .. } => {
                    (CompareOp::Contains, format!("{sep}{}{sep}", number(padded)))
                }
                TextDate::MonthName => (CompareOp::StartsWith, MONTH_ABBREVIATIONS[m].to_string()),
                TextDate::YearMonth | TextDate::YearMonthName => continue,
            };
            self.month_condition((i, end), col, op, vec![Literal::Text(month)]);
            if let Some(y) = year {
                let name = self.ix.column_name(col).to_string();
                self.push_condition(
                    (i, end),
                    Condition {
                        field: name,
                        op: CompareOp::EndsWith,
                        values: vec![Literal::Text(format.year_suffix(y as i64))],
                        source: self.span_text(i, end),
                        matched: MatchKind::Exact,
                        confidence: confidence::EXACT,
                    },
                );
            }
        }
    }

    /// "march 1966", "december months", "june to august" over a column of
    /// `yyyy-mm` values: the month (or each month of the range) ends the
    /// value (`LIKE '%-12'`), a year said with it begins it (`LIKE
    /// '1966-03%'`); "not in may" leaves the month's values out.
    fn year_month_condition(
        &mut self,
        i: usize,
        m: usize,
        year: Option<f64>,
        col: usize,
        negated: bool,
        format: TextDate,
    ) {
        let text = |y: Option<f64>, m: usize| format.year_month_text(y.map(|y| y as i64), m);
        if let Some(y) = year {
            let value = text(Some(y), m);
            self.month_condition(
                (i, i + 2),
                col,
                CompareOp::StartsWith,
                vec![Literal::Text(value)],
            );
            return;
        }
        let (months, end): (Vec<usize>, usize) = match self.month_range_end(i) {
            Some((h, end)) if h >= m => ((m..=h).collect(), end),
            Some((h, end)) => ((m..12).chain(0..=h).collect(), end),
            None => (vec![m], i + 1),
        };
        // "june to august 1968": the months of that year.
        if let Some(y) = self
            .toks
            .get(end)
            .and_then(Token::number)
            .filter(|v| (1000.0..=2100.0).contains(v) && v.fract() == 0.0)
            .filter(|_| months.len() > 1 && !negated && !self.claims.is_claimed(end))
        {
            let (first, last) = (months[0], months[months.len() - 1]);
            // (Names of months do not sort: each month of the year.)
            if first <= last && format == TextDate::YearMonthName {
                let values = months
                    .iter()
                    .map(|&k| Literal::Text(text(Some(y), k)))
                    .collect();
                self.month_condition((i, end + 1), col, CompareOp::In, values);
                return;
            }
            if first <= last {
                let at = |k: usize| Literal::Text(text(Some(y), k));
                self.month_condition(
                    (i, end + 1),
                    col,
                    CompareOp::Between,
                    vec![at(first), at(last)],
                );
                return;
            }
        }
        if negated {
            let name = self.ix.column_name(col).to_string();
            let source = self.span_text(i, end);
            for (n, &k) in months.iter().enumerate() {
                let value = Literal::Text(text(None, k));
                if n == 0 {
                    self.month_condition((i, end), col, CompareOp::NotContains, vec![value]);
                    continue;
                }
                self.push_condition(
                    (i, end),
                    Condition {
                        field: name.clone(),
                        op: CompareOp::NotContains,
                        values: vec![value],
                        source: source.clone(),
                        matched: MatchKind::Exact,
                        confidence: confidence::MONTH,
                    },
                );
            }
            return;
        }
        if months.len() == 1 {
            let value = Literal::Text(text(None, m));
            self.month_condition((i, end), col, CompareOp::EndsWith, vec![value]);
            return;
        }
        let name = self.ix.column_name(col).to_string();
        let span = (i, end);
        self.claims.claim(span, ClaimedBy::Month);
        let source = self.span_text(i, end);
        self.note(Note::Month {
            source: source.clone(),
            field: name.clone(),
        });
        self.phrases.push(span);
        let any_of = months
            .iter()
            .map(|&k| Condition {
                field: name.clone(),
                op: CompareOp::EndsWith,
                values: vec![Literal::Text(text(None, k))],
                source: source.clone(),
                matched: MatchKind::Exact,
                confidence: confidence::MONTH,
            })
            .collect();
        self.push_alternatives(span, any_of);
    }

    /// The month named at token `i` and the year written right after it
    /// ("march 2004"). "may" is a verb unless a year or "in" makes it the
    /// month.
    fn month_at(&self, i: usize) -> Option<(usize, Option<f64>)> {
        let w = self.norm(i);
        // "januaries", "marches": a month said of every year.
        let m = month_index(w).or_else(|| {
            (w.len() >= 6 && w.ends_with('s'))
                .then(|| month_index(&crate::text::stem(w)))
                .flatten()
        })?;
        let year = self
            .toks
            .get(i + 1)
            .and_then(Token::number)
            .filter(|v| (1000.0..=2100.0).contains(v) && !self.claims.is_claimed(i + 1));
        if w == "may" && year.is_none() && !(i > 0 && self.word_at(i - 1, "in")) {
            return None;
        }
        Some((m, year))
    }

    /// Claims the month phrase `span` and adds its condition on `col`.
    fn month_condition(
        &mut self,
        span: (usize, usize),
        col: usize,
        op: CompareOp,
        values: Vec<Literal>,
    ) {
        let name = self.ix.column_name(col).to_string();
        self.claims.claim(span, ClaimedBy::Month);
        let source = self.span_text(span.0, span.1);
        self.note(Note::Month {
            source: source.clone(),
            field: name.clone(),
        });
        self.phrases.push(span);
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

    /// A column of month numbers: integers named "month" (or "…_month")
    /// whose values lie within 1..=12. A table that has one keeps its months
    /// there, whatever date columns it also has.
    pub(super) fn month_number_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| is_month_number_column(&cols[c]))
    }

    /// "in june", "june to august", "not in may" over a column of month
    /// numbers: `month = 6`, `month BETWEEN 6 AND 8`, `month <> 5`.
    fn month_number_conditions(&mut self, col: usize) {
        let mut i = 0;
        while i < self.toks.len() {
            let month = (!self.claims.is_claimed(i) && self.toks[i].is_word())
                .then(|| month_index(self.norm(i)))
                .flatten();
            let Some(m) = month else {
                i += 1;
                continue;
            };
            // "may" is a verb unless "in" or a range makes it the month.
            let (hi, end) = match self.month_range_end(i) {
                Some((h, end)) => (Some(h), end),
                None => (None, i + 1),
            };
            if self.norm(i) == "may" && hi.is_none() && !(i > 0 && self.word_at(i - 1, "in")) {
                i += 1;
                continue;
            }
            let number = |k: usize| Literal::Integer(k as i64 + 1);
            let (op, values) = match hi {
                Some(h) if m <= h => (CompareOp::Between, vec![number(m), number(h)]),
                // "november to february": across the new year.
                Some(h) => (CompareOp::In, (m..12).chain(0..=h).map(number).collect()),
                None if self.negated(i) => (CompareOp::Ne, vec![number(m)]),
                None => (CompareOp::Eq, vec![number(m)]),
            };
            self.month_condition((i, end), col, op, values);
            // "june to august 1985": the year on the year column.
            let year = self
                .toks
                .get(end)
                .and_then(Token::number)
                .filter(|v| (1000.0..=2100.0).contains(v) && v.fract() == 0.0);
            if let (Some(y), Some(ycol)) = (year, self.year_column()) {
                if ycol != col && !self.claims.is_claimed(end) {
                    let y = self.stored_year(ycol, y as i64);
                    self.month_condition(
                        (end, end + 1),
                        ycol,
                        CompareOp::Eq,
                        vec![Literal::Integer(y)],
                    );
                }
            }
            i = end;
        }
    }

    /// The month closing a range that starts with the month at `i`
    /// ("june to august", "march through may", "jun-aug"), and the range's
    /// end.
    pub(super) fn month_range_end(&self, i: usize) -> Option<(usize, usize)> {
        let next = self.toks.get(i + 1)?;
        // "jun-aug": the hyphen is no token.
        if next.is_word() && self.query.get(self.toks[i].end..next.start) == Some("-") {
            return (!self.claims.is_claimed(i + 1))
                .then(|| month_index(&next.norm))
                .flatten()
                .map(|m| (m, i + 2));
        }
        let joins =
            joins_range(&next.norm) || matches!(next.norm.as_str(), "until" | "till" | "thru");
        let last = self.toks.get(i + 2).filter(|t| t.is_word())?;
        if !joins || self.claims.is_claimed(i + 2) {
            return None;
        }
        month_index(&last.norm).map(|m| (m, i + 3))
    }
}

/// Whether a column holds month numbers: integers from 1 to 12 named
/// `month` (or `…_month`, `mon`).
pub(super) fn is_month_number_column(col: &crate::profile::ColumnProfile) -> bool {
    let within = |b: &Option<String>| {
        b.as_deref()
            .and_then(|v| v.parse::<i64>().ok())
            .is_some_and(|v| (1..=12).contains(&v))
    };
    // (Whole numbers kept as floats, as a column with gaps often is.)
    let whole = col.ty == ColumnType::Float
        && col
            .values
            .iter()
            .all(|v| v.value.parse::<f64>().is_ok_and(|x| x.fract() == 0.0));
    (col.ty == ColumnType::Integer || whole)
        && col
            .name
            .split('_')
            .any(|w| w == "mon" || w.ends_with("month") && w.len() <= 12)
        && within(&col.min)
        && within(&col.max)
}

/// The first three letters of each month, as dates written by name
/// begin ("Sep 11, 2001", "September 11, 2001").
const MONTH_ABBREVIATIONS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// How a text column writes its dates, when it is no date column: with
/// slashes, month first (`5/2/2008`, `12/25/11`, as US spreadsheets keep
/// them) or day first (`25/12/2019`, `7/09/2014`: a first part above 12
/// somewhere, a second never), or by the month's name (`Sep 11, 2001`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum TextDate {
    /// `padded`: months written with their zero (`01/31/1988`); `four`:
    /// years of four digits.
    MonthFirst {
        padded: bool,
        four: bool,
        dash: bool,
    },
    DayFirst {
        padded: bool,
        four: bool,
        dash: bool,
    },
    MonthName,
    /// A month of a year, ISO-style, with no day: `1965-03` (monthly
    /// series). Years compare as text prefixes, a month ends the value.
    YearMonth,
    /// A year and the month's short name: `2007 Dec` (R's `yearmonth`).
    /// Years compare as text prefixes, the month's name ends the value.
    YearMonthName,
}

impl TextDate {
    /// The end of a value of year `y`: `/2004`, `/04`, or the year after
    /// the month's name and day.
    pub(super) fn year_suffix(self, y: i64) -> String {
        let sep = self.separator();
        match self {
            TextDate::MonthFirst { four: true, .. } | TextDate::DayFirst { four: true, .. } => {
                format!("{sep}{y}")
            }
            TextDate::MonthFirst { .. } | TextDate::DayFirst { .. } => {
                format!("{sep}{:02}", y % 100)
            }
            TextDate::MonthName => format!(" {y}"),
            TextDate::YearMonth => format!("{y}-"),
            TextDate::YearMonthName => format!("{y} "),
        }
    }

    /// Whether the value ends with a year of four digits (`7/4/2015`),
    /// which the stores' year function reads.
    pub(super) fn four_digit_years(self) -> bool {
        matches!(
            self,
            TextDate::MonthFirst { four: true, .. } | TextDate::DayFirst { four: true, .. }
        )
    }

    /// Whether the value begins with its year (`1965-03`, `2007 Dec`).
    pub(super) fn year_first(self) -> bool {
        matches!(self, TextDate::YearMonth | TextDate::YearMonthName)
    }

    /// A month of a year-first value: the whole value of year `y` and month
    /// `m` (0-based), or its end for every year (`-03`, ` Mar`).
    fn year_month_text(self, y: Option<i64>, m: usize) -> String {
        let month = match self {
            TextDate::YearMonthName => format!(" {}", MONTH_ABBREVIATIONS[m]),
            _ => format!("-{:02}", m + 1),
        };
        match y {
            Some(y) => format!("{y}{month}"),
            None => month,
        }
    }

    /// The character between a date's parts: `/`, or `-` (`25-12-2019`).
    pub(super) fn separator(self) -> char {
        match self {
            TextDate::MonthFirst { dash: true, .. } | TextDate::DayFirst { dash: true, .. } => '-',
            _ => '/',
        }
    }
}

/// How `col` writes dates as text (every listed value of the first 50 is
/// one), or `None`.
pub(super) fn text_date_format(col: &crate::profile::ColumnProfile) -> Option<TextDate> {
    if col.ty != ColumnType::Text || col.values.is_empty() {
        return None;
    }
    let listed = || col.values.iter().take(50).map(|v| v.value.as_str());
    // `5/2/2008`, or `25-12-2019` (never `2019-12-25`: a first part of one
    // or two digits), one separator throughout.
    let dash = listed().all(|v| slash_date(v, '-').is_some());
    if dash || listed().all(|v| slash_date(v, '/').is_some()) {
        let sep = if dash { '-' } else { '/' };
        let parts: Vec<(&str, &str, &str)> = listed().filter_map(|v| slash_date(v, sep)).collect();
        let above_12 = |s: &str| s.parse::<u32>().is_ok_and(|n| n > 12);
        // (The listed values may all be of the first days; the largest
        // value, in text order, begins with the largest first part.)
        let bounds: Vec<(&str, &str, &str)> = [&col.min, &col.max]
            .into_iter()
            .filter_map(|b| b.as_deref().and_then(|b| slash_date(b, sep)))
            .collect();
        let day_first = parts.iter().chain(&bounds).any(|p| above_12(p.0))
            && !parts.iter().chain(&bounds).any(|p| above_12(p.1));
        let four = parts.first().is_some_and(|p| p.2.len() == 4);
        return Some(if day_first {
            TextDate::DayFirst {
                padded: parts.iter().any(|p| p.1.len() == 2 && p.1.starts_with('0')),
                four,
                dash,
            }
        } else {
            TextDate::MonthFirst {
                padded: parts.iter().take(20).any(|p| p.0.starts_with('0')),
                four,
                dash,
            }
        });
    }
    if listed().all(|v| year_month(v).is_some()) {
        return Some(TextDate::YearMonth);
    }
    if listed().all(|v| year_month_name(v).is_some()) {
        return Some(TextDate::YearMonthName);
    }
    listed()
        .all(|v| month_name_date(v).is_some())
        .then_some(TextDate::MonthName)
}

/// The month (1 to 12) of a value written `yyyy-mm`.
fn year_month(v: &str) -> Option<u32> {
    let (y, m) = v.trim().split_once('-')?;
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2)) {
        return None;
    }
    m.parse::<u32>().ok().filter(|m| (1..=12).contains(m))
}

/// The month (0-based) of a value written `yyyy Mon` (`2007 Dec`).
fn year_month_name(v: &str) -> Option<usize> {
    let (y, m) = v.trim().split_once(' ')?;
    if !(y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    MONTH_ABBREVIATIONS.iter().position(|a| *a == m)
}

/// The month, day and year of a date written `m/d/yy` or `m/d/yyyy` (or
/// day first), parted by `sep`.
fn slash_date(v: &str, sep: char) -> Option<(&str, &str, &str)> {
    let mut parts = v.trim().split(sep);
    let (m, d, y) = (parts.next()?, parts.next()?, parts.next()?);
    let digits =
        |s: &str, lens: &[usize]| lens.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    (parts.next().is_none() && digits(m, &[1, 2]) && digits(d, &[1, 2]) && digits(y, &[2, 4]))
        .then_some((m, d, y))
}

/// The month (0-based) of a date written by the month's name, its day, a
/// comma and a year of four digits: `Sep 11, 2001`, `September 11, 2001`,
/// `Sept. 3, 1999`.
fn month_name_date(v: &str) -> Option<usize> {
    let mut words = v.split_whitespace();
    let (month, day, year) = (words.next()?, words.next()?, words.next()?);
    let month = month.trim_end_matches('.').to_ascii_lowercase();
    let month = if month == "sept" {
        "sep"
    } else {
        month.as_str()
    };
    let day = day.strip_suffix(',')?;
    let m = if month.len() == 3 {
        MONTH_ABBREVIATIONS
            .iter()
            .position(|a| a.eq_ignore_ascii_case(month))
    } else {
        month_index(month)
    }?;
    (words.next().is_none()
        && (1..=2).contains(&day.len())
        && day.bytes().all(|b| b.is_ascii_digit())
        && year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit()))
    .then_some(m)
}
