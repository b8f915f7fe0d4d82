//! Pass 1b', periods written as text labels, year first: quarters
//! (`1981 Q1`, `1981Q1`, `1981-Q1`) and months (`2000 Jan`), as quarterly
//! and monthly series are exported. Their text sorts as time does, so
//! "in 2000" is `LIKE '2000%'`, "the 1980s" `LIKE '198%'`, "since 2010"
//! `>= '2010'`, "before 1990" `< '1990'`; "the first quarter" and "april
//! to june" end in `Q1`/`Q2`, and "in march" ends in `Mar` (or, on
//! quarters, in the quarter that holds March).

use super::claims::ClaimedBy;
use super::Ctx;
use crate::lexicon::{decade, month_index};
use crate::plan::{CompareOp, Literal};
use crate::profile::ColumnType;

/// What the labels of a period column name after the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Period {
    Quarter,
    Month,
}

/// A column of period labels: which period, and how the labels write a
/// quarter (its letter's case, from a label).
struct Labels {
    col: usize,
    period: Period,
    upper_q: bool,
}

impl Labels {
    /// The label ending for quarter `q` (1 to 4) or month `m` (0 to 11).
    fn quarter_end(&self, q: usize) -> String {
        format!("{}{}", if self.upper_q { "Q" } else { "q" }, q)
    }

    fn month_end(m: usize) -> String {
        const SHORT: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        SHORT[m].to_string()
    }
}

/// The year, separator and period part of one label, if it is one.
fn split_label(v: &str) -> Option<(&str, &str, &str)> {
    let v = v.trim();
    let year = v
        .get(..4)
        .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))?;
    let rest = &v[4..];
    let part = rest.trim_start_matches([' ', '-', '.', '/']);
    let sep = &rest[..rest.len() - part.len()];
    if sep.len() > 1 {
        return None;
    }
    Some((year, sep, part))
}

fn quarter_part(p: &str) -> Option<usize> {
    let digit = p.strip_prefix(['Q', 'q'])?;
    digit.parse::<usize>().ok().filter(|q| (1..=4).contains(q))
}

fn month_part(p: &str) -> Option<usize> {
    (p.len() == 3 && p.starts_with(|c: char| c.is_ascii_uppercase()))
        .then(|| month_index(&p.to_lowercase()))
        .flatten()
}

impl Ctx<'_> {
    /// The table's column of period labels, when every listed value (of
    /// the first 50) is one of the same kind.
    fn period_labels(&self) -> Option<Labels> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find_map(|c| {
            let col = &cols[c];
            if col.ty != ColumnType::Text || col.values.len() < 2 {
                return None;
            }
            let first = split_label(&col.values[0].value)?;
            let period = if quarter_part(first.2).is_some() {
                Period::Quarter
            } else if month_part(first.2).is_some() {
                Period::Month
            } else {
                return None;
            };
            let all = col.values.iter().take(50).all(|v| {
                split_label(&v.value).is_some_and(|(_, sep, part)| {
                    sep == first.1
                        && match period {
                            Period::Quarter => quarter_part(part).is_some(),
                            Period::Month => month_part(part).is_some(),
                        }
                })
            });
            all.then(|| Labels {
                col: c,
                period,
                upper_q: first.2.starts_with('Q'),
            })
        })
    }

    pub(super) fn period_label_conditions(&mut self) {
        let Some(labels) = self.period_labels() else {
            return;
        };
        let col = labels.col;
        let free = |cx: &Self, k: usize| k < cx.toks.len() && !cx.claims.is_claimed(k);
        let year_at = |cx: &Self, k: usize| -> Option<i64> {
            let v = free(cx, k).then(|| cx.toks[k].number()).flatten()?;
            (v.fract() == 0.0 && (1000.0..=2100.0).contains(&v)).then_some(v as i64)
        };
        let text = |y: i64| Literal::Text(y.to_string());
        let mut i = 0;
        while i < self.toks.len() {
            if !free(self, i) {
                i += 1;
                continue;
            }
            // "the 1980s", "the 80s".
            let raw = self.span_text(i, i + 1);
            if let Some(d) = decade(&raw) {
                let after_the =
                    i > 0 && matches!(self.norm(i - 1), "the" | "in" | "early" | "late");
                let age = i > 0 && matches!(self.norm(i - 1), "their" | "his" | "her");
                if (after_the || d >= 1000) && !age {
                    let first = if d >= 1000 { d } else { 1900 + d };
                    let prefix = if d >= 1000 && d % 100 == 0 && d < 2000 {
                        format!("{}", first / 100)
                    } else {
                        format!("{}", first / 10)
                    };
                    let start = if after_the && self.norm(i - 1) == "the" {
                        i - 1
                    } else {
                        i
                    };
                    self.calendar_condition(
                        (start, i + 1),
                        col,
                        vec![(CompareOp::StartsWith, Literal::Text(prefix))],
                    );
                    i += 1;
                    continue;
                }
            }
            // "between 2000 and 2005", "from 2000 to 2005".
            if matches!(self.norm(i), "between" | "from") {
                if let (Some(a), true, Some(b)) = (
                    year_at(self, i + 1),
                    free(self, i + 2) && matches!(self.norm(i + 2), "and" | "to" | "-"),
                    year_at(self, i + 3),
                ) {
                    let (a, b) = (a.min(b), a.max(b));
                    self.calendar_condition(
                        (i, i + 4),
                        col,
                        vec![(CompareOp::Ge, text(a)), (CompareOp::Lt, text(b + 1))],
                    );
                    i += 4;
                    continue;
                }
            }
            if let Some(y) = year_at(self, i) {
                let before = if i > 0 && free(self, i - 1) {
                    self.norm(i - 1)
                } else {
                    ""
                };
                // "arrivals over 2000" is an amount, not a year.
                let compared = i > 0
                    && matches!(
                        self.norm(i - 1),
                        "over"
                            | "under"
                            | "above"
                            | "below"
                            | "than"
                            | "least"
                            | "most"
                            | "top"
                            | "topped"
                            | "exceeding"
                            | "exceeded"
                            | "about"
                            | "around"
                    );
                if compared {
                    i += 1;
                    continue;
                }
                let (start, bound) = match before {
                    "since" | "from" => (i - 1, (CompareOp::Ge, text(y))),
                    "after" => (i - 1, (CompareOp::Ge, text(y + 1))),
                    "before" => (i - 1, (CompareOp::Lt, text(y))),
                    "until" | "through" | "thru" => (i - 1, (CompareOp::Lt, text(y + 1))),
                    "in" | "during" | "of" => (i - 1, (CompareOp::StartsWith, text(y))),
                    _ => (i, (CompareOp::StartsWith, text(y))),
                };
                self.calendar_condition((start, i + 1), col, vec![bound]);
                i += 1;
                continue;
            }
            // "the first quarter", "q3", "4th quarter".
            if labels.period == Period::Quarter {
                let w = self.norm(i).to_string();
                let ordinal = match w.as_str() {
                    "first" | "1st" => Some(1),
                    "second" | "2nd" => Some(2),
                    "third" | "3rd" => Some(3),
                    "fourth" | "4th" => Some(4),
                    _ => None,
                };
                let quarter_word = |k: usize| {
                    free(self, k) && matches!(self.norm(k), "quarter" | "quarters" | "qtr")
                };
                let (q, end) = match (ordinal, quarter_part(&w)) {
                    (Some(q), _) if quarter_word(i + 1) => (Some(q), i + 2),
                    (_, Some(q)) => (Some(q), i + 1),
                    _ => (None, i + 1),
                };
                if let Some(q) = q {
                    let start = if i > 0 && free(self, i - 1) && self.norm(i - 1) == "the" {
                        i - 1
                    } else {
                        i
                    };
                    self.calendar_condition(
                        (start, end),
                        col,
                        vec![(CompareOp::EndsWith, Literal::Text(labels.quarter_end(q)))],
                    );
                    i = end;
                    continue;
                }
            }
            // "october to december", "in march".
            if let Some(m) = self.toks[i]
                .is_word()
                .then(|| month_index(self.norm(i)))
                .flatten()
                .filter(|_| self.norm(i) != "may" || i > 0 && self.norm(i - 1) == "in")
            {
                let to = free(self, i + 1) && matches!(self.norm(i + 1), "to" | "through" | "-");
                let last = to
                    .then(|| {
                        free(self, i + 2)
                            .then(|| month_index(self.norm(i + 2)))
                            .flatten()
                    })
                    .flatten();
                let (ends, end): (Vec<String>, usize) = match (labels.period, last) {
                    (Period::Quarter, Some(n)) if m % 3 == 0 && n == m + 2 => {
                        (vec![labels.quarter_end(m / 3 + 1)], i + 3)
                    }
                    (Period::Quarter, None) => (vec![labels.quarter_end(m / 3 + 1)], i + 1),
                    (Period::Month, Some(n)) if n >= m => {
                        ((m..=n).map(Labels::month_end).collect(), i + 3)
                    }
                    (Period::Month, None) => (vec![Labels::month_end(m)], i + 1),
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                let start = if i > 0 && free(self, i - 1) && self.norm(i - 1) == "in" {
                    i - 1
                } else {
                    i
                };
                let bounds = if ends.len() == 1 {
                    vec![(CompareOp::EndsWith, Literal::Text(ends[0].clone()))]
                } else {
                    // Several months: no one ending; left unread.
                    i = end;
                    continue;
                };
                self.calendar_condition((start, end), col, bounds);
                self.claims.claim((start, end), ClaimedBy::Month);
                i = end;
                continue;
            }
            i += 1;
        }
    }
}
