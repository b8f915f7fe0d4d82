//! Part of pass 7, counts of records per value: "cities with more than 5
//! companies", "hometowns shared by at least two teachers", "template types
//! with fewer than 3 templates" → the records whose field holds a value
//! that at least (more than, fewer than …) n records hold.
//!
//! The number must count the table's own rows (its row noun follows it:
//! "teachers" of a `teacher` table), and a categorical field must be named
//! before it: the values that are counted.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::Cmp;
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

impl Ctx<'_> {
    /// Whether the number phrase `start..end` (comparison `cmp`, values
    /// `lo`, `hi`) counts records per value of a field named before it; if
    /// so, adds the condition and claims the phrase and the row noun.
    pub(super) fn group_count(
        &mut self,
        (start, end): (usize, usize),
        cmp: Option<Cmp>,
        lo: f64,
        hi: Option<f64>,
    ) -> bool {
        if lo.fract() != 0.0 || !(0.0..=10_000.0).contains(&lo) {
            return false;
        }
        // The row noun right after the number ("teachers", "tv channels").
        let mut noun_end = end;
        while noun_end < self.toks.len()
            && noun_end - end < 2
            && self.toks[noun_end].is_word()
            && self.ix.row_nouns.contains(&self.toks[noun_end].stem)
        {
            noun_end += 1;
        }
        if noun_end == end {
            return false;
        }
        // "a baseline of 50 or more seizures" of a seizure trial with a
        // field of seizures: the noun is what a number field measures,
        // not the records counted.
        let measured = self.fields.iter().any(|f| {
            f.start == end
                && f.columns
                    .iter()
                    .any(|(c, _)| self.ix.profile.columns[*c].ty.is_numeric())
        });
        // "days with 25 or more accidents" of an accidents dataset with a
        // field of counts (`y`): the field holds the number.
        if measured || self.response_count_column().is_some() {
            return false;
        }
        // The field whose values are counted: the nearest categorical field
        // named before the phrase, not already taken.
        let Some((fstart, col)) = self
            .fields
            .iter()
            .filter(|f| f.end <= start && !self.claims.is_field_attached(f.start))
            .filter_map(|f| {
                let c = f.columns.first()?.0;
                let column = &self.ix.profile.columns[c];
                let categorical = column.ty == ColumnType::Text
                    || column.ty == ColumnType::Integer
                        && column.distinct_count < self.ix.profile.row_count;
                (categorical && self.yes_value(c).is_none()).then_some((f.start, c))
            })
            .next_back()
        else {
            return false;
        };
        let (sym, values): (&str, Vec<Literal>) = match (cmp, hi) {
            (Some(Cmp::Between), Some(h)) if h.fract() == 0.0 => (
                "between",
                vec![Literal::Integer(lo as i64), Literal::Integer(h as i64)],
            ),
            (Some(Cmp::Gt), _) => (">", vec![Literal::Integer(lo as i64)]),
            (Some(Cmp::Ge | Cmp::Since), _) => (">=", vec![Literal::Integer(lo as i64)]),
            (Some(Cmp::Lt), _) => ("<", vec![Literal::Integer(lo as i64)]),
            (Some(Cmp::Le), _) => ("<=", vec![Literal::Integer(lo as i64)]),
            _ => return false,
        };
        let name = self.ix.column_name(col).to_string();
        let span = (start, noun_end);
        self.claims.claim(span, ClaimedBy::Number);
        self.claims.attach_field(fstart);
        let source = self.span_text(span.0, span.1);
        self.note(Note::GroupCount {
            source: source.clone(),
            field: name.clone(),
        });
        self.phrases.push(span);
        let mut values = values;
        values.insert(0, Literal::Text(sym.to_string()));
        self.push_condition(
            span,
            Condition {
                field: name,
                op: CompareOp::GroupCount,
                values,
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::MOST_FREQUENT,
            },
        );
        true
    }
}
