//! Pass 12, traits: the words no pass claimed (and that are not part of a
//! comparator) are searched in the full-text index when the dataset has one
//! and the word is rare enough there to select; the rest are reported as
//! ignored. Adjacent trait words are one phrase ("fake news"); relaxing
//! splits it into words. Words that only say "search for" ("mentioning",
//! "about", "posted") are not traits.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{
    is_frequency_word, is_negation, is_person_noun, is_search_verb, is_stopword, sex_of,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use std::collections::HashSet;

impl Ctx<'_> {
    pub(super) fn traits(&mut self) {
        let mut ignored = Vec::new();
        let ops_tok: HashSet<usize> = self.ops.iter().flat_map(|o| o.start..o.end).collect();
        // The token after the last trait word, to join adjacent ones.
        let mut last_end = usize::MAX;
        for i in 0..self.toks.len() {
            // Field names are claimed when linked, so they are skipped too.
            if self.claims.is_claimed(i) || ops_tok.contains(&i) {
                continue;
            }
            let t = &self.toks[i];
            // "the most common species": the frequency word was read as
            // the most frequent value.
            let frequency = is_frequency_word(&t.norm)
                && self.plan.filters.iter().any(|f| {
                    f.any_of.iter().any(|c| {
                        matches!(
                            c.op,
                            CompareOp::MostFrequent
                                | CompareOp::LeastFrequent
                                | CompareOp::GroupCount
                        )
                    })
                });
            if !t.is_word()
                || is_stopword(&t.norm)
                || is_negation(&t.norm)
                || is_search_verb(&t.norm)
                || frequency
                || t.norm.len() < 2
            {
                continue;
            }
            // "women over 40" in a table of people with no sex field: the
            // people the table holds, not a word to search; "not from
            // california": a negated word is never searched as wanted.
            // "hispanic inmates" of a death-row table: a noun of people by
            // their role names the records of a table of people, unless a
            // short value holds it ('Primary school teacher').
            let role = crate::lexicon::is_role_noun(&t.norm)
                && !self
                    .ix
                    .values
                    .iter()
                    .any(|e| e.words.len() <= 6 && e.stems.contains(&t.stem));
            let person = sex_of(&t.norm).is_some() || is_person_noun(&t.norm) || role;
            // "outside paris" of 'Paris 16th', 'Paris 17th': a negated word
            // inside the values of one field is kept out of that field.
            if self.negated(i) {
                if let Some(col) = self.one_field_holding(i) {
                    self.outside_condition(col, i);
                    continue;
                }
            }
            // "executed" of a table of executions: the verb of the records.
            let rows_verb = crate::lexicon::wordnet::nominalisations(&t.norm)
                .iter()
                .any(|n| self.ix.row_nouns.contains(n));
            // "blue eyed" of `eye_color` = 'Blue', "left footed" of `foot`:
            // a noun made an adjective, of a field a condition reads.
            let of_filtered = [t.norm.strip_suffix("ed"), t.norm.strip_suffix('d')]
                .into_iter()
                .flatten()
                .any(|base| {
                    base.len() >= 3
                        && t.norm.ends_with("ed")
                        && self.plan.filters.iter().any(|f| {
                            f.any_of
                                .iter()
                                .any(|c| c.field.split('_').any(|p| p == base))
                        })
                });
            // "above 5.5 fm": a short word after a number is its unit;
            // "over 1 million people affected": a word after a number read
            // as a condition is what it counts.
            let number_at = |k: usize| self.toks[k].number().is_some();
            let read = |k: usize| self.claims.claimed_by(k) == Some(ClaimedBy::Number);
            let after_number = i > 0
                && (number_at(i - 1)
                    || i > 1
                        && number_at(i - 2)
                        && matches!(
                            self.norm(i - 1),
                            "thousand" | "million" | "billion" | "k" | "m" | "bn"
                        ));
            let unit_after_number = after_number && (t.norm.len() <= 3 || read(i - 1));
            // "still killing after 2015": a verb going on, beside another
            // condition, says what the rows do; nothing to search.
            let ongoing = t.norm.len() >= 6
                && t.norm.ends_with("ing")
                && i > 0
                && matches!(self.norm(i - 1), "still" | "is" | "are" | "was" | "were")
                && !self.plan.filters.is_empty();
            if self.ix.row_nouns.contains(&t.stem)
                || ongoing
                || rows_verb
                || unit_after_number
                || of_filtered
                || t.norm != t.stem && crate::lexicon::is_kind_noun(&t.stem)
                || person && self.people_table()
                || self.negated(i)
                || self.head_noun(i)
                || self.event_of_a_filter(i)
                || self.part_of_a_named_field(i)
            {
                ignored.push(t.norm.clone());
                continue;
            }
            let fts = self.ix.profile.fts_table.is_some();
            let known =
                self.ix.word_rows.contains_key(&t.stem) || self.ix.word_rows.contains_key(&t.norm);
            let share = self.ix.word_share(&t.stem).max(self.ix.word_share(&t.norm));
            if fts && (known || self.ix.has_free_text) && share < 0.5 {
                // "waste of money": two trait words joined by "of" are one
                // phrase.
                let of_between = i >= 1 && last_end == i - 1 && self.norm(i - 1) == "of";
                match (self.plan.traits.last_mut(), self.phrases.last_mut()) {
                    (Some(phrase), Some(span)) if last_end == i && span.1 == i => {
                        phrase.push(' ');
                        phrase.push_str(&t.norm);
                        span.1 = i + 1;
                    }
                    (Some(phrase), Some(span)) if of_between && span.1 == i - 1 => {
                        phrase.push_str(" of ");
                        phrase.push_str(&t.norm);
                        span.1 = i + 1;
                    }
                    _ => {
                        self.plan.traits.push(t.norm.clone());
                        self.phrases.push((i, i + 1));
                    }
                }
                last_end = i + 1;
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

impl Ctx<'_> {
    /// Whether the records are people: the table has an age or a sex
    /// field, or its name says so (`young_men_wages`).
    fn people_table(&self) -> bool {
        self.age_column().is_some()
            || self.sex_column().is_some()
            || (0..self.ix.profile.columns.len()).any(|c| {
                matches!(
                    self.ix.column_name(c),
                    "male" | "female" | "sex" | "gender" | "men" | "women"
                )
            })
            || self
                .ix
                .row_nouns
                .iter()
                .any(|n| sex_of(n).is_some() || is_person_noun(n))
    }

    /// "born in england" over `birth_pl`: a word of an event whose field a
    /// condition already reads says which field, not what to search.
    fn event_of_a_filter(&self, i: usize) -> bool {
        let roots = crate::lexicon::calendar::event_roots(&self.toks[i].norm);
        !roots.is_empty()
            && self.plan.filters.iter().any(|f| {
                f.any_of
                    .iter()
                    .any(|c| super::calendar::name_has_root(&c.field, roots))
            })
    }

    /// "lost their job" of `joblost`, named by "lost": the other word of
    /// a glued field name the phrase named is that field's, not a word to
    /// search.
    fn part_of_a_named_field(&self, i: usize) -> bool {
        let stem = &self.toks[i].stem;
        stem.len() >= 3
            && self.fields.iter().any(|f| {
                f.columns.iter().any(|&(c, _)| {
                    let name = self.ix.column_name(c);
                    !name.contains('_') && name.len() > stem.len() && name.contains(stem.as_str())
                })
            })
    }

    /// "places with coffee in the name", "shops that open late": the
    /// phrase's first word, a plural noun followed by a word that starts
    /// what is said of it, names the records when another condition says
    /// what to find; it is no word to search for.
    fn head_noun(&self, i: usize) -> bool {
        let t = &self.toks[i];
        let plural = t.norm.len() > 3 && t.norm.ends_with('s') && t.stem != t.norm;
        let first = (0..i).all(|k| {
            !self.toks[k].is_word() || is_stopword(&self.toks[k].norm) || self.claims.is_claimed(k)
        });
        let relative = self.toks.get(i + 1).is_some_and(|n| {
            matches!(
                n.norm.as_str(),
                "with" | "that" | "which" | "who" | "where" | "whose" | "having" | "without"
            )
        });
        plural && first && relative && !self.plan.filters.is_empty()
    }

    /// The one text field whose values hold the word at `i`.
    fn one_field_holding(&self, i: usize) -> Option<usize> {
        let t = &self.toks[i];
        let ids = self
            .ix
            .values_by_word
            .get(&t.stem)
            .or_else(|| self.ix.values_by_word.get(&t.norm))?;
        let col = self.ix.values[*ids.first()? as usize].column;
        ids.iter()
            .all(|&id| self.ix.values[id as usize].column == col)
            .then_some(col)
    }

    /// `NotContains` of the word at `i` on `col`.
    fn outside_condition(&mut self, col: usize, i: usize) {
        let t = &self.toks[i];
        let part = self.query[t.start..t.end].to_string();
        let field = self.ix.column_name(col).to_string();
        self.claims.claim_token(i, ClaimedBy::Substring);
        let start = self
            .negations
            .iter()
            .copied()
            .filter(|&n| n < i)
            .max()
            .unwrap_or(i);
        let source = self.span_text(start, i + 1);
        self.note(Note::Substring {
            text: part.clone(),
            field: field.clone(),
        });
        self.phrases.push((start, i + 1));
        self.push_condition(
            (start, i + 1),
            Condition {
                field,
                op: CompareOp::NotContains,
                values: vec![Literal::Text(part)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::SUBSTRING,
            },
        );
    }
}
