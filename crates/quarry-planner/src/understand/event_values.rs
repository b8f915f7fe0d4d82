//! Events said as verbs: "senators who died in office", "resigned in the
//! 1990s", "patients who retired": a participle whose noun (WordNet's
//! derivation, "die" → death, "resign" → resignation) is one value of a
//! category (`reason = 'Death'`), as a person names the event by its verb.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_stopword, wordnet};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::stem;

impl Ctx<'_> {
    pub(super) fn event_values(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i)
                || !self.toks[i].is_word()
                || is_stopword(self.norm(i))
                || self.norm(i).len() < 4
            {
                continue;
            }
            let w = self.norm(i).to_string();
            let verbs = wordnet::verbs_of_participle(&w);
            let Some(verb) = verbs.first() else {
                continue;
            };
            let nouns: Vec<String> = wordnet::related(verb)
                .iter()
                .map(|n| stem(n))
                .chain(wordnet::nominalisations(verb).iter().map(|n| stem(n)))
                .filter(|n| n.len() >= 4)
                .collect();
            if nouns.is_empty() {
                continue;
            }
            // "died in 1993" beside `death_date`: the verb names that field
            // (the dates pass reads it), not a value.
            let names_field = (0..self.ix.profile.columns.len()).any(|c| {
                self.ix.column_words[c]
                    .iter()
                    .any(|w| nouns.contains(&stem(w)))
            });
            if names_field {
                continue;
            }
            // Looked up by first word and its stem, not scanned.
            let mut found: Vec<usize> = nouns
                .iter()
                .flat_map(|n| {
                    let by_word = self.ix.values_by_first.get(n).into_iter().flatten();
                    let by_stem = self.ix.values_by_first_stem.get(n).into_iter().flatten();
                    by_word.chain(by_stem).map(|&id| id as usize)
                })
                .filter(|&id| {
                    let e = &self.ix.values[id];
                    let col = &self.ix.profile.columns[e.column];
                    col.ty == ColumnType::Text
                        && (2..=50).contains(&col.values.len())
                        && col.distinct_count as usize <= col.values.len()
                        && e.stems.len() == 1
                        && nouns.contains(&e.stems[0])
                })
                .collect();
            found.sort_unstable();
            found.dedup();
            let [id] = found[..] else {
                continue;
            };
            let (col, value) = (self.ix.values[id].column, self.ix.values[id].value.clone());
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let negated = self.negated(i);
            let source = self.span_text(i, i + 1);
            self.note(Note::Value {
                source: source.clone(),
                field: name.clone(),
                negated,
                matched: MatchKind::Synonym,
                ambiguous: false,
                confidence: confidence::of_match(MatchKind::Synonym),
            });
            self.claims.claim_token(i, ClaimedBy::Value);
            self.phrases.push((i, i + 1));
            self.push_condition(
                (i, i + 1),
                Condition {
                    field: name,
                    op: if negated {
                        CompareOp::Ne
                    } else {
                        CompareOp::Eq
                    },
                    values: vec![Literal::Text(value)],
                    source,
                    matched: MatchKind::Synonym,
                    confidence: confidence::of_match(MatchKind::Synonym),
                },
            );
        }
    }
}
