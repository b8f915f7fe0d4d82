//! Dates: relative dates ("last 3 years", "this year"; pass 1, before the
//! operators pass reads "last" as a position) counted from the caller's
//! day, and month names on the date column ("in March", "March 2015"; pass
//! 8: the year after a month counts only if the number pass left it).

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_relative_date_word, month_index, months_in_unit};
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
        let Some(col) = self.date_column() else {
            return;
        };
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i);
            let Some(m) = month_index(w) else {
                continue;
            };
            let year = self
                .toks
                .get(i + 1)
                .and_then(Token::number)
                .filter(|v| (1000.0..=2100.0).contains(v) && !self.claims.is_claimed(i + 1));
            // "may" is a verb unless a year or "in" makes it the month.
            if w == "may" && year.is_none() && !(i > 0 && self.word_at(i - 1, "in")) {
                continue;
            }
            let name = self.ix.column_name(col).to_string();
            let (op, value, end) = match year {
                Some(y) => (
                    CompareOp::StartsWith,
                    format!("{}-{:02}", y as i64, m + 1),
                    i + 2,
                ),
                None => (CompareOp::Contains, format!("-{:02}-", m + 1), i + 1),
            };
            self.claims.claim((i, end), ClaimedBy::Month);
            let source = self.span_text(i, end);
            self.note(Note::Month {
                source: source.clone(),
                field: name.clone(),
            });
            self.phrases.push((i, end));
            self.push_condition(
                (i, end),
                Condition {
                    field: name,
                    op,
                    values: vec![Literal::Text(value)],
                    source,
                    matched: MatchKind::Exact,
                    confidence: confidence::MONTH,
                },
            );
        }
    }
}
