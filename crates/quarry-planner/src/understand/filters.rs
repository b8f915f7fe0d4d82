//! The plan's filters: every pass adds its conditions through
//! `push_condition` (which drops a repeated one and records the token span
//! it came from), and pass 11 joins conditions on different fields written
//! "A or B" into one filter of alternatives.

use super::Ctx;
use crate::lexicon::is_stopword;
use crate::plan::{CompareOp, Condition, Filter, Literal};
use std::collections::HashSet;

impl Ctx<'_> {
    /// Adds a one-condition filter that the phrase's tokens `span` produced.
    pub(super) fn push_condition(&mut self, span: (usize, usize), mut condition: Condition) {
        self.two_digit_years(&mut condition);
        // A phrase that repeats itself asks once ("red red red cars").
        let same = |f: &Filter| {
            f.any_of.len() == 1
                && f.any_of[0].field == condition.field
                && f.any_of[0].op == condition.op
                && f.any_of[0].values == condition.values
        };
        if self.plan.filters.iter().any(same) {
            return;
        }
        self.filter_spans.push(span);
        self.plan.filters.push(Filter {
            any_of: vec![condition],
        });
    }

    /// Adds a filter of alternatives (any one holds) that the phrase's
    /// tokens `span` produced ("not between 200 and 400": below or above).
    pub(super) fn push_alternatives(&mut self, span: (usize, usize), any_of: Vec<Condition>) {
        self.filter_spans.push(span);
        self.plan.filters.push(Filter { any_of });
    }

    /// A year column written with two digits (`yronset` 85 … 93): a year
    /// of the phrase ("in 1990", "the 90s") is compared by its last two.
    fn two_digit_years(&self, c: &mut Condition) {
        let Some(col) = self.ix.profile.columns.iter().find(|x| x.name == c.field) else {
            return;
        };
        let two_digits = super::numbers::two_digit_years(col);
        let year = |l: &Literal| match l {
            Literal::Integer(v) => (1900..=2099).contains(v),
            Literal::Float(v) => v.fract() == 0.0 && (1900.0..=2099.0).contains(v),
            _ => false,
        };
        if !two_digits || c.values.is_empty() || !c.values.iter().all(year) {
            return;
        }
        for v in &mut c.values {
            *v = match *v {
                Literal::Integer(y) => Literal::Integer(y % 100),
                Literal::Float(y) => Literal::Integer(y as i64 % 100),
                ref other => other.clone(),
            };
        }
    }

    /// "8 cylinders or produced before 1980": conditions on different
    /// fields joined by "or" become one filter of alternatives.
    pub(super) fn join_alternatives(&mut self) {
        let mut order: Vec<usize> =
            (0..self.plan.filters.len().min(self.filter_spans.len())).collect();
        order.sort_by_key(|&k| self.filter_spans[k].0);
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for w in order.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (ae, bs) = (self.filter_spans[a].1, self.filter_spans[b].0);
            if ae <= bs
                && bs - ae <= 5
                && (ae..bs)
                    .find(|&k| !is_stopword(self.norm(k)) || self.word_at(k, "or"))
                    .is_some_and(|k| self.word_at(k, "or"))
                && (ae..bs).all(|k| self.toks[k].is_word())
                // "college or technical school grads in alberta": the words
                // after "or" that nothing understood are the other
                // alternative, which no filter holds; alberta is no
                // alternative to college.
                && (ae..bs)
                    .skip_while(|&k| !self.word_at(k, "or"))
                    .skip(1)
                    .filter(|&k| {
                        !self.claims.is_claimed(k)
                            && !is_stopword(self.norm(k))
                            && !self.fields.iter().any(|f| f.start <= k && k < f.end)
                    })
                    .count()
                    < 2
                // "july or august" on one date field is either month too.
                && (self.plan.filters[a].any_of[0].field != self.plan.filters[b].any_of[0].field
                    || self.plan.filters[a].any_of[0].op == CompareOp::StartsWith
                    || self.plan.filters[a].any_of[0].op == CompareOp::Contains
                    || self.plan.filters[b].any_of[0].op == CompareOp::Contains
                    // "low or bottom two", values two passes found: both
                    // at once is none.
                    || self.plan.filters[a].any_of[0].op == CompareOp::Eq
                        && self.plan.filters[b].any_of[0].op == CompareOp::Eq
                        && self.plan.filters[a].any_of.len() == 1
                        && self.plan.filters[b].any_of.len() == 1)
                // "not from texas or california", "not a chevy or a
                // pontiac": neither, so both hold.
                && !(negative(&self.plan.filters[a]) && negative(&self.plan.filters[b]))
                && !self.negated(self.filter_spans[a].0)
            {
                merged.push((a, b));
            }
        }
        let mut removed = HashSet::new();
        for (a, b) in merged.into_iter().rev() {
            if removed.contains(&a) {
                continue;
            }
            let other = self.plan.filters[b].any_of.clone();
            self.plan.filters[a].any_of.extend(other);
            removed.insert(b);
        }
        let mut k = 0;
        self.plan.filters.retain(|_| {
            k += 1;
            !removed.contains(&(k - 1))
        });
    }
}

/// Whether a filter excludes values ("<>", "NOT IN", "NOT LIKE").
fn negative(f: &Filter) -> bool {
    f.any_of.iter().all(|c| {
        matches!(
            c.op,
            CompareOp::Ne | CompareOp::NotIn | CompareOp::NotContains
        )
    })
}
