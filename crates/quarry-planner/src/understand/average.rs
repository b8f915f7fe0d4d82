//! Pass 6, averages: "above the average age", "older than average",
//! "fewer employees than average", "whose price is below average": a
//! numeric field against its mean over the whole dataset. Claims the phrase
//! and marks its span, so the order pass does not read "average" as a
//! request for an aggregate.

use super::claims::ClaimedBy;
use super::mentions::OpMention;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_average_article, is_average_word, split_comparative, Cmp};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

impl Ctx<'_> {
    /// "above the average age", "older than average", "more than the
    /// average number of products", "whose price is below average": a
    /// numeric field against its mean over the whole dataset.
    pub(super) fn average_conditions(&mut self) {
        let n = self.toks.len();
        // "fewer employees than average": a comparative apart from its
        // "than" reads like "fewer than", about the field between them.
        for o in self.comparisons_with_than() {
            let (op, above) = match o.cmp {
                Cmp::Gt | Cmp::Ge => (CompareOp::GtAvg, true),
                Cmp::Lt | Cmp::Le => (CompareOp::LtAvg, false),
                _ => continue,
            };
            let mut k = o.end;
            // "than the 20th century average": articles, and a century.
            let century = |k: usize| {
                let w = self.norm(k);
                w == "century"
                    || w.starts_with(|c: char| c.is_ascii_digit())
                        && k + 1 < n
                        && self.norm(k + 1) == "century"
            };
            while k < n && (is_average_article(self.norm(k)) || century(k)) {
                k += 1;
            }
            if k >= n || !is_average_word(self.norm(k)) || self.claims.is_claimed(k) {
                continue;
            }
            let numeric = |c: usize| {
                matches!(
                    self.ix.column_type(c),
                    ColumnType::Integer | ColumnType::Float
                )
            };
            // The field: named after "average" ("the average number of
            // products"), implied by the comparison ("older"), or named
            // just before it ("whose age is above average").
            let after = self.field_after(k + 1, 2).filter(|&(c, _)| numeric(c));
            let between = self
                .fields
                .iter()
                .filter(|f| f.start > o.start && f.end < o.end)
                .find_map(|f| f.columns.iter().map(|c| c.0).find(|&c| numeric(c)));
            let col = after
                .map(|(c, _)| c)
                .or(between)
                .or_else(|| self.op_column(&o).filter(|&c| numeric(c)))
                .or_else(|| self.field_before(o.start, 3).filter(|&c| numeric(c)));
            let Some(col) = col else { continue };
            let end = after.map_or(k + 1, |(_, e)| e);
            let mut start = o.start;
            if let Some(f) = self.fields.iter().find(|f| {
                f.columns.iter().any(|c| c.0 == col) && f.end <= o.start && o.start - f.end <= 3
            }) {
                start = f.start;
            }
            let op = if self.negated(o.start) {
                if op == CompareOp::GtAvg {
                    CompareOp::LtAvg
                } else {
                    CompareOp::GtAvg
                }
            } else {
                op
            };
            let name = self.ix.column_name(col).to_string();
            // `temp_anomaly`, `deviation`: a field that is the difference
            // from an average already; above average is above 0.
            if is_anomaly(&name) {
                self.claims.mark_average((start, end));
                let op = if op == CompareOp::GtAvg {
                    CompareOp::Gt
                } else {
                    CompareOp::Lt
                };
                self.inferred_number((start.min(o.start), end), name, op, Literal::Integer(0));
                continue;
            }
            self.claims.claim((o.start, end), ClaimedBy::Average);
            let source = self.span_text(start, end);
            self.note(Note::Average {
                source: source.clone(),
                field: name.clone(),
                above,
                confidence: confidence::AVERAGE,
            });
            self.phrases.push((start, end));
            self.claims.mark_average((start, end));
            self.push_condition(
                (start, end),
                Condition {
                    field: name,
                    op,
                    values: Vec::new(),
                    source,
                    matched: MatchKind::Exact,
                    confidence: confidence::AVERAGE,
                },
            );
        }
    }

    /// The comparator phrases, and a comparative apart from its "than"
    /// ("fewer employees than average") read like "fewer than".
    fn comparisons_with_than(&self) -> Vec<OpMention> {
        let mut ops = self.ops.clone();
        for t in 0..self.toks.len() {
            if self.norm(t) != "than" || ops.iter().any(|o| o.start <= t && t < o.end) {
                continue;
            }
            for j in (t.saturating_sub(5)..t).rev() {
                if let Some(cmp) = split_comparative(self.norm(j)) {
                    ops.push(OpMention {
                        start: j,
                        end: t + 1,
                        cmp,
                        implies: None,
                        graded: None,
                    });
                    break;
                }
            }
        }
        ops
    }
}

/// A name whose values are differences from an average (`temp_anomaly`,
/// `anom`, `deviation`, `departure`).
fn is_anomaly(name: &str) -> bool {
    name.split('_').any(|p| {
        matches!(
            p,
            "anomaly" | "anomalies" | "anom" | "deviation" | "departure" | "dev_from_mean"
        )
    })
}
