//! Pass 7d, figures: a question that asks for a figure ("how many women
//! …", "average salary of nurses", "total revenue of German companies")
//! still returns the matching records; the plan carries the figure, which
//! the same statement computes over all of them (a window function) and
//! `metadata` states. The averaged or summed field is claimed, so it is not
//! read as a condition.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::lexicon::is_aggregate;
use crate::plan::{Figure, FigureKind};
use crate::profile::ColumnType;

impl Ctx<'_> {
    pub(super) fn figures(&mut self) {
        let n = self.toks.len();
        for i in 0..n {
            if self.claims.in_average(i) || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i);
            // "how many", "number of", "count of".
            let count = (w == "how" && self.word_at(i + 1, "many"))
                || (matches!(w, "number" | "count") && self.word_at(i + 1, "of") && i == 0);
            if count {
                self.plan.figure = Some(Figure {
                    kind: FigureKind::Count,
                    field: None,
                    source: self.span_text(i, i + 2),
                });
                return;
            }
            // "total cost" of `cost_total`: a word of a field's name.
            if self.fields.iter().any(|f| f.start <= i && i < f.end) {
                continue;
            }
            let kind = match w {
                "total" | "sum" => FigureKind::Total,
                _ if is_aggregate(w) && w != "median" => FigureKind::Average,
                _ => continue,
            };
            // The numeric field right after it ("average birth weight",
            // "total of the revenue"), not one a number took.
            let Some(f) = self
                .fields
                .iter()
                .filter(|f| f.start > i && f.start <= i + 3)
                .filter(|f| {
                    (i + 1..f.start).all(|k| matches!(self.norm(k), "the" | "of" | "their" | "its"))
                })
                .find(|f| !self.claims.is_field_attached(f.start))
                .cloned()
            else {
                continue;
            };
            let Some(&(col, _)) = f.columns.iter().find(|(c, _)| {
                matches!(
                    self.ix.column_type(*c),
                    ColumnType::Integer | ColumnType::Float
                )
            }) else {
                continue;
            };
            self.claims.attach_field(f.start);
            self.claims.claim_token(i, ClaimedBy::Average);
            self.second_figure_not_an_order(i, f.end);
            self.plan.figure = Some(Figure {
                kind,
                field: Some(self.ix.column_name(col).to_string()),
                source: self.span_text(i, f.end),
            });
            return;
        }
    }

    /// "the total population and maximum GNP in Asia": a maximum joined by
    /// "and" to a figure (tokens `start..end`) asks for a second figure
    /// over the same records, not for the one record with the most.
    fn second_figure_not_an_order(&mut self, start: usize, end: usize) {
        // "total X and maximum Y", or "maximum Y and total X".
        let joined = |sup_start: usize| {
            (sup_start == end + 1 && self.word_at(end, "and"))
                || (sup_start < start && start - sup_start <= 4 && self.word_at(start - 1, "and"))
        };
        let figure_words = |ctx: &Self, s: &super::mentions::Superlative| {
            s.end == s.start + 1
                && !s.positional
                && matches!(ctx.norm(s.start), "maximum" | "minimum" | "max" | "min")
        };
        let drop: Vec<usize> = self
            .sups
            .iter()
            .enumerate()
            .filter(|(_, s)| figure_words(self, s) && joined(s.start))
            .map(|(k, _)| k)
            .collect();
        for k in drop.into_iter().rev() {
            self.sups.remove(k);
        }
    }
}
