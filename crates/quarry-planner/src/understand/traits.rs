//! Pass 12, traits: the words no pass claimed (and that are not part of a
//! comparator) are searched in the full-text index when the dataset has one
//! and the word is rare enough there to select; the rest are reported as
//! ignored.

use super::Ctx;
use crate::lexicon::{is_negation, is_stopword};
use crate::note::Note;
use std::collections::HashSet;

impl Ctx<'_> {
    pub(super) fn traits(&mut self) {
        let mut ignored = Vec::new();
        let ops_tok: HashSet<usize> = self.ops.iter().flat_map(|o| o.start..o.end).collect();
        for i in 0..self.toks.len() {
            // Field names are claimed when linked, so they are skipped too.
            if self.claims.is_claimed(i) || ops_tok.contains(&i) {
                continue;
            }
            let t = &self.toks[i];
            if !t.is_word() || is_stopword(&t.norm) || is_negation(&t.norm) || t.norm.len() < 2 {
                continue;
            }
            if self.ix.row_nouns.contains(&t.stem) {
                ignored.push(t.norm.clone());
                continue;
            }
            let fts = self.ix.profile.fts_table.is_some();
            let known =
                self.ix.word_rows.contains_key(&t.stem) || self.ix.word_rows.contains_key(&t.norm);
            let share = self.ix.word_share(&t.stem).max(self.ix.word_share(&t.norm));
            if fts && (known || self.ix.has_free_text) && share < 0.5 {
                self.plan.traits.push(t.norm.clone());
                self.phrases.push((i, i + 1));
            } else {
                ignored.push(t.norm.clone());
            }
        }
        if !self.plan.traits.is_empty() {
            self.note(Note::Traits {
                words: self.plan.traits.clone(),
            });
        }
        if !ignored.is_empty() {
            self.note(Note::Ignored { words: ignored });
        }
    }
}
