//! Pass 1d, standings by ordinal: "placed first", "finished 2nd", "in 3rd
//! place", "ranked tenth" over a number field of standings (`place`,
//! `rank`, `position`, `finish`: 1 is the best) → `place = 1`; "finished
//! in the top 3" → `place <= 3`. The verb or noun of a standing must be
//! said, so that "the first option" or "2nd quarter" stay what other
//! passes make of them; the field is the one the word names, or the
//! table's only field of standings.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::plan::{CompareOp, Literal};

/// Words that say a standing: the verb before the ordinal ("placed
/// first") or the noun after it ("3rd place").
fn is_standing_word(w: &str) -> bool {
    matches!(
        w,
        "placed"
            | "finished"
            | "ranked"
            | "came"
            | "seeded"
            | "place"
            | "position"
            | "finish"
            | "rank"
            | "seed"
    )
}

/// Words after an ordinal that name a period or a choice ("the first
/// week", "second option"), which other passes read.
fn is_period_or_choice(w: &str) -> bool {
    matches!(
        w,
        "week"
            | "weeks"
            | "day"
            | "days"
            | "month"
            | "months"
            | "year"
            | "years"
            | "quarter"
            | "half"
            | "hour"
            | "minute"
            | "time"
            | "round"
            | "season"
            | "game"
            | "leg"
            | "stage"
            | "option"
            | "choice"
    )
}

/// The number an ordinal names: "first" to "twelfth" in words, "1st" to
/// "20th" in figures.
pub(super) fn ordinal_value(w: &str) -> Option<i64> {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    if let Some(k) = WORDS.iter().position(|x| *x == w) {
        return Some(k as i64 + 1);
    }
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let n: i64 = digits.parse().ok()?;
    let right = match (n % 100, n % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    (&w[digits.len()..] == right && (1..=20).contains(&n)).then_some(n)
}

impl Ctx<'_> {
    /// A number field of standings (`place`, `rank`, `position`,
    /// `finish`, `seed`): 1 is the best.
    pub(super) fn is_standing(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        let name = self.ix.column_name(c);
        // Numbers from 1 (or 0), and not a time, an id or a
        // coordinate named alike (`finish_time`, `place_id`, `pos_x`).
        col.ty.is_numeric()
            && col
                .min
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| (0.0..=1.0).contains(&m))
            && !name.split('_').any(|w| {
                matches!(
                    w,
                    "time" | "id" | "x" | "y" | "z" | "date" | "year" | "code"
                )
            })
            && name.split('_').any(|w| {
                matches!(
                    w,
                    "place"
                        | "placing"
                        | "position"
                        | "pos"
                        | "rank"
                        | "ranking"
                        | "standing"
                        | "finish"
                        | "seed"
                        | "seeding"
                )
            })
            // `recruitrank`, `worldrank`: the word glued on.
            || col.ty.is_numeric()
                && !name.contains('_')
                && name.len() > 6
                && (name.ends_with("rank") || name.ends_with("ranking"))
                && col
                    .min
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| (0.0..=1.0).contains(&m))
    }

    pub(super) fn standing_ordinals(&mut self) {
        let standings: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.is_standing(c))
            .collect();
        if standings.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            // "finished in the top 3": at most that standing.
            let top = self.norm(i) == "top";
            let n = if top {
                // Not "the top 10%".
                let percent = self.toks.get(i + 1).is_some_and(|t| {
                    matches!(t.kind, crate::text::TokenKind::Number { percent: true, .. })
                }) || self
                    .toks
                    .get(i + 2)
                    .is_some_and(|t| matches!(t.norm.as_str(), "percent" | "per" | "pct"));
                match self.toks.get(i + 1).and_then(|t| t.number()) {
                    Some(v) if !percent && v.fract() == 0.0 && (1.0..=100.0).contains(&v) => {
                        v as i64
                    }
                    _ => continue,
                }
            } else {
                match ordinal_value(self.norm(i)) {
                    Some(n) => n,
                    None => continue,
                }
            };
            let last = if top { i + 2 } else { i + 1 };
            // "orders placed in the first week": an ordinal of a period.
            if self
                .toks
                .get(last)
                .is_some_and(|t| is_period_or_choice(&t.norm))
            {
                continue;
            }
            let free = |k: usize| k < self.toks.len() && !self.claims.is_claimed(k);
            // "placed first", "finished in 2nd", "came in third"; "3rd
            // place", "in 2nd position".
            let mut word = None;
            let mut before = i;
            while before > 0 && matches!(self.norm(before - 1), "in" | "the" | "at") {
                before -= 1;
            }
            if before > 0 && free(before - 1) && is_standing_word(self.norm(before - 1)) {
                word = Some((before - 1, (before - 1, last)));
            } else if !top && free(i + 1) && is_standing_word(self.norm(i + 1)) {
                word = Some((i + 1, (i, i + 2)));
            }
            let Some((at, span)) = word else {
                continue;
            };
            // The field the word names, else the only one.
            let named = self
                .field_match_at(at)
                .and_then(|(_, cols)| cols.iter().map(|c| c.0).find(|c| standings.contains(c)));
            let Some(col) = named.or(match standings[..] {
                [c] => Some(c),
                _ => None,
            }) else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            self.claims.claim(span, ClaimedBy::Number);
            let op = if top { CompareOp::Le } else { CompareOp::Eq };
            self.inferred_number(span, name, op, Literal::Integer(n));
        }
    }
}

impl Ctx<'_> {
    /// "the first replicate", "second replicate", "3rd block" of a whole
    /// number field that counts from 0 or 1 to at most 20 (`rep`,
    /// `block`): the ordinal is its value (`rep = 1`), not the first
    /// record. The field word right after the ordinal, singular, whole or
    /// a short form of the name, and not a word of time or choice, which
    /// other passes read ("the first week", "second option").
    pub(super) fn ordinal_counters(&mut self) {
        for i in 0..self.toks.len().saturating_sub(1) {
            if self.claims.is_claimed(i) || self.claims.is_claimed(i + 1) {
                continue;
            }
            let Some(n) = ordinal_value(self.norm(i)) else {
                continue;
            };
            let t = &self.toks[i + 1];
            if !t.is_word() || t.norm != t.stem || is_period_or_choice(&t.norm) {
                continue;
            }
            let Some((len, cols)) = self.field_match_at(i + 1) else {
                continue;
            };
            let counter = cols.iter().map(|c| c.0).find(|&c| {
                let col = &self.ix.profile.columns[c];
                let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
                col.ty == crate::profile::ColumnType::Integer
                    && bound(&col.min).is_some_and(|m| m == 0.0 || m == 1.0)
                    && bound(&col.max).is_some_and(|m| (2.0..=20.0).contains(&m) && m >= n as f64)
                    && self.yes_value(c).is_none()
                    && !self.is_standing(c)
                    && !self.unasked_identifier(c)
                    && !self
                        .ix
                        .column_name(c)
                        .split('_')
                        .any(crate::lexicon::units::is_calendar_word)
            });
            // "second replicate" of `rep` holding `R1`, `R2`, `R3`: the
            // code of one prefix numbered so.
            let coded = || {
                cols.iter().find_map(|&(c, _)| {
                    let col = &self.ix.profile.columns[c];
                    if col.ty != crate::profile::ColumnType::Text
                        || !(2..=20).contains(&col.values.len())
                    {
                        return None;
                    }
                    let parts: Vec<(&str, i64)> = col
                        .values
                        .iter()
                        .map(|v| {
                            let v = v.value.trim();
                            let digits =
                                v.len() - v.trim_end_matches(|ch: char| ch.is_ascii_digit()).len();
                            let (prefix, num) = v.split_at(v.len() - digits);
                            let prefix = prefix.trim_end();
                            (!prefix.is_empty()
                                && prefix.len() <= 4
                                && prefix.chars().all(|ch| ch.is_ascii_alphabetic()))
                            .then(|| num.parse::<i64>().ok().map(|k| (prefix, k)))
                            .flatten()
                        })
                        .collect::<Option<Vec<_>>>()?;
                    let one_prefix = parts.iter().all(|p| p.0.eq_ignore_ascii_case(parts[0].0));
                    let at = parts.iter().position(|p| p.1 == n)?;
                    one_prefix.then(|| (c, col.values[at].value.clone()))
                })
            };
            let span = (i, i + 1 + len);
            let Some(col) = counter else {
                if let Some((c, value)) = coded() {
                    let name = self.ix.column_name(c).to_string();
                    self.claims.claim(span, ClaimedBy::Number);
                    self.inferred_number(span, name, CompareOp::Eq, Literal::Text(value));
                }
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            self.claims.claim(span, ClaimedBy::Number);
            self.inferred_number(span, name, CompareOp::Eq, Literal::Integer(n));
        }
    }
}
