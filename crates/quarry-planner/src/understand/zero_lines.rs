//! Lines at zero that a phrase names instead of a number: "south of the
//! equator" is a latitude below 0, "below sea level" an elevation below 0.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::FieldGroup;
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};

impl Ctx<'_> {
    pub(super) fn zero_lines(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            let Some((col, op, end)) = self.zero_line_at(i) else {
                continue;
            };
            let negated = self.negated(i);
            let op = match (op, negated) {
                (CompareOp::Gt, true) => CompareOp::Le,
                (CompareOp::Lt, true) => CompareOp::Ge,
                (op, _) => op,
            };
            let field = self.ix.column_name(col).to_string();
            let source = self.span_text(i, end);
            self.claims.claim((i, end), ClaimedBy::Number);
            self.phrases.push((i, end));
            self.note(Note::Number {
                source: source.clone(),
                field: field.clone(),
                matched: MatchKind::Synonym,
                confidence: confidence::of_match(MatchKind::Synonym),
            });
            self.push_condition(
                (i, end),
                Condition {
                    field,
                    op,
                    values: vec![Literal::Integer(0)],
                    source,
                    matched: MatchKind::Synonym,
                    confidence: confidence::of_match(MatchKind::Synonym),
                },
            );
        }
    }

    /// "north/south of the equator" on the latitude field, "above/below
    /// sea level" on the one field of elevations or altitudes: the field,
    /// the comparison with zero and the phrase's end.
    fn zero_line_at(&self, i: usize) -> Option<(usize, CompareOp, usize)> {
        let w = |k: usize| self.toks.get(k).map_or("", |t| t.norm.as_str());
        let op = match w(i) {
            "north" | "above" | "over" => CompareOp::Gt,
            "south" | "below" | "under" | "beneath" => CompareOp::Lt,
            _ => return None,
        };
        let mut k = i + 1;
        if matches!(w(i), "north" | "south") {
            if w(k) != "of" {
                return None;
            }
            k += 1;
            if w(k) == "the" {
                k += 1;
            }
            if w(k) != "equator" {
                return None;
            }
            let col = self.column_for_group(FieldGroup::Latitude)?;
            return Some((col, op, k + 1));
        }
        if !(w(k) == "sea" && w(k + 1) == "level") {
            return None;
        }
        let cols = &self.ix.profile.columns;
        let heights: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                cols[c].ty.is_numeric()
                    && cols[c]
                        .name
                        .split('_')
                        .any(|p| matches!(p, "elevation" | "elev" | "altitude" | "alt" | "height"))
            })
            .collect();
        match heights[..] {
            [c] => Some((c, op, k + 2)),
            _ => None,
        }
    }
}
