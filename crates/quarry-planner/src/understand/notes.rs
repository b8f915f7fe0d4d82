//! Pass 13, the closing notes: the fields the phrase named (first in the
//! notes), the key phrases (the spans that carried meaning, in phrase
//! order, without overlaps), the tier, and a note when nothing was found.

use super::Ctx;
use crate::note::Note;

impl Ctx<'_> {
    pub(super) fn finish(&mut self) {
        let mut fields: Vec<(String, String)> = self
            .fields
            .iter()
            .map(|f| {
                (
                    self.span_text(f.start, f.end),
                    self.ix.column_name(f.columns[0].0).to_string(),
                )
            })
            .collect();
        fields.dedup();
        if !fields.is_empty() {
            self.notes.insert(0, Note::FieldsNamed { fields });
        }
        let mut phrases = std::mem::take(&mut self.phrases);
        phrases.sort();
        phrases.dedup();
        let mut last_end = 0;
        for (s, e) in phrases {
            if s < last_end {
                continue;
            }
            self.plan.key_phrases.push(self.span_text(s, e));
            last_end = e;
        }
        self.note(Note::Tier(self.tier));
        if self.plan.filters.is_empty() && self.plan.traits.is_empty() && self.plan.order.is_empty()
        {
            self.note(Note::NoCondition);
        }
    }
}
