//! Pass 9, yes/no fields: "channels that have high definition TV", "dogs
//! that were abandoned", "smokers": a yes/no field (boolean, a 0/1 flag, or text
//! yes/no) named in the phrase, with no filter of its own yet, asks for
//! "yes" (or "not yes" when negated).

use super::Ctx;
use crate::confidence;
use crate::index::AliasKind;
use crate::lexicon::{is_yes_no_word, is_yes_word};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

impl Ctx<'_> {
    /// The value meaning "yes" of a yes/no column, if the column is one:
    /// boolean, 0/1 integers, or text values yes/no, y/n, true/false.
    fn yes_value(&self, c: usize) -> Option<Literal> {
        let col = &self.ix.profile.columns[c];
        match col.ty {
            ColumnType::Boolean => Some(Literal::Boolean(true)),
            // A 0/1 column is a flag whatever its name ("smoker",
            // "hypertension", "dogs_yn"): 1 is the category it is named after.
            ColumnType::Integer
                if col.min.as_deref() == Some("0") && col.max.as_deref() == Some("1") =>
            {
                Some(Literal::Integer(1))
            }
            ColumnType::Text if !col.values.is_empty() && col.values.len() <= 2 => {
                let yes = col
                    .values
                    .iter()
                    .find(|v| is_yes_word(&v.value.to_lowercase()))?;
                col.values
                    .iter()
                    .all(|v| is_yes_no_word(&v.value.to_lowercase()))
                    .then(|| Literal::Text(yes.value.clone()))
            }
            _ => None,
        }
    }

    /// "channels that have high definition TV", "dogs that were
    /// abandoned": a yes/no field named in the phrase asks for "yes".
    pub(super) fn boolean_fields(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let Some(&(col, kind)) = f.columns.first() else {
                continue;
            };
            if kind != AliasKind::Full && f.end - f.start < 2 {
                continue;
            }
            let Some(yes) = self.yes_value(col) else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self
                .plan
                .filters
                .iter()
                .any(|x| x.any_of.iter().any(|c| c.field == name))
            {
                continue;
            }
            let neg = self.negated(f.start);
            let source = self.span_text(f.start, f.end);
            self.note(Note::YesNoField {
                source: source.clone(),
                field: name.clone(),
                negated: neg,
            });
            self.phrases.push((f.start, f.end));
            self.push_condition(
                (f.start, f.end),
                Condition {
                    field: name,
                    op: if neg { CompareOp::Ne } else { CompareOp::Eq },
                    values: vec![yes],
                    source,
                    matched: MatchKind::Inferred,
                    confidence: confidence::YES_NO_FIELD,
                },
            );
        }
    }
}
