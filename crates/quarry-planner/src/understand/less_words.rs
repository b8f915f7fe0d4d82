//! Words of lacking: "winless seasons", "childless couples", "scoreless
//! games": a word ending in "-less" whose root names a count field (`wins`,
//! `children`, `score`) asks for none of it (`wins = 0`).

use super::Ctx;
use crate::lexicon::wordnet;
use crate::text::stem;

impl Ctx<'_> {
    pub(super) fn less_words(&mut self) {
        for i in 0..self.toks.len() {
            if !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i).to_string();
            let Some(root) = w.strip_suffix("less").filter(|r| r.len() >= 3) else {
                continue;
            };
            // "unless", "regardless", "nevertheless": no root of a field.
            if wordnet::knows(&w) && !wordnet::is_adjective(&w) {
                continue;
            }
            let root = stem(root);
            let cols: Vec<usize> = (0..self.ix.profile.columns.len())
                .filter(|&c| {
                    let col = &self.ix.profile.columns[c];
                    col.ty.is_numeric()
                        && col.min.as_deref().and_then(|m| m.parse::<f64>().ok()) == Some(0.0)
                        && col
                            .max
                            .as_deref()
                            .and_then(|m| m.parse::<f64>().ok())
                            .is_some_and(|m| m >= 1.0)
                        && self.ix.column_words[c].len() == 1
                        && stem(&self.ix.column_words[c][0]) == root
                })
                .collect();
            let [col] = cols[..] else {
                continue;
            };
            // (Linking may have read the word as the field itself, a
            // mention with nothing said of it.)
            let named_alone = self.fields.iter().any(|f| {
                f.start == i
                    && f.end == i + 1
                    && !self.claims.is_field_attached(i)
                    && f.columns.iter().any(|c| c.0 == col)
            });
            if self.claims.is_claimed(i) && !named_alone {
                continue;
            }
            let field = self.ix.column_name(col).to_string();
            if self.has_filter_on(&field) {
                continue;
            }
            let none = !self.negated(i);
            self.counted_word_condition(i, field, none, named_alone);
        }
    }
}
