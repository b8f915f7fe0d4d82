//! Pass 0, taught phrases, and the notes on what the dataset's vocabulary
//! taught. An alias phrase ("DACH") is matched case-insensitively, word for
//! word (a plural's stem too), longest first, before any built-in reading:
//! it is claimed as a value mention of its field standing for all the
//! alias's values, which the values pass (4) turns into an `In` (or a
//! `NotIn` after a negation, or joins with other values of the field). The
//! operators pass (2) asks [`Ctx::taught_superlative_at`] for superlatives
//! before the built-in table; synonyms, units and description words are
//! field aliases in the index, linked by pass 3. At the end,
//! [`Ctx::taught_notes`] says which taught word was used and what it meant.

use super::claims::ClaimedBy;
use super::mentions::ValueMention;
use super::Ctx;
use crate::index::AliasKind;
use crate::note::{Note, Teaching};
use crate::plan::{MatchKind, OrderKey};
use crate::taught::TaughtField;
use crate::text::{Token, TokenKind};

/// Whether a phrase's token `t` is the alias's token `a`: the same folded
/// text, or for words the same stem.
fn same_token(t: &Token, a: &Token) -> bool {
    match (&t.kind, &a.kind) {
        (TokenKind::Word, TokenKind::Word) => t.norm == a.norm || t.stem == a.stem,
        (TokenKind::Number { value: x, .. }, TokenKind::Number { value: y, .. }) => x == y,
        _ => false,
    }
}

impl Ctx<'_> {
    /// Pass 0: the vocabulary's alias phrases, claimed as values.
    pub(super) fn taught_phrases(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            let Some((k, len)) = self.taught_alias_at(i) else {
                i += 1;
                continue;
            };
            let entries = self.ix.taught.aliases[k].entries.clone();
            self.values.push(ValueMention {
                start: i,
                end: i + len,
                entries,
                kind: MatchKind::Taught,
            });
            self.claims.claim((i, i + len), ClaimedBy::Value);
            i += len;
        }
    }

    /// The longest alias phrase starting at token `i` (its index and
    /// length).
    fn taught_alias_at(&self, i: usize) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (k, a) in self.ix.taught.aliases.iter().enumerate() {
            let len = a.tokens.len();
            let fits = i + len <= self.toks.len()
                && (0..len).all(|j| {
                    !self.claims.is_claimed(i + j) && same_token(&self.toks[i + j], &a.tokens[j])
                });
            if fits && best.is_none_or(|(_, l)| len > l) {
                best = Some((k, len));
            }
        }
        best
    }

    /// The longest taught superlative starting at token `i`: its length,
    /// whether it orders descending, and its column.
    pub(super) fn taught_superlative_at(&self, i: usize) -> Option<(usize, bool, usize)> {
        self.ix
            .taught
            .superlatives
            .iter()
            .filter(|s| {
                !s.words.is_empty()
                    && s.words
                        .iter()
                        .enumerate()
                        .all(|(k, w)| !self.claims.is_claimed(i + k) && self.word_at(i + k, w))
            })
            .max_by_key(|s| s.words.len())
            .map(|s| (s.words.len(), s.desc, s.column))
    }

    /// A note for each taught word the plan used: a field named by a
    /// synonym, unit or description word, an alias, a superlative that set
    /// the order.
    pub(super) fn taught_notes(&mut self) {
        if self.ix.taught.is_empty() {
            return;
        }
        let mut notes = Vec::new();
        for f in &self.fields {
            let Some(&(col, kind)) = f.columns.first() else {
                continue;
            };
            if !matches!(kind, AliasKind::Taught | AliasKind::Described) {
                continue;
            }
            let stems: Vec<String> = self.toks[f.start..f.end]
                .iter()
                .map(|t| t.stem.clone())
                .collect();
            let Some(how) = self.ix.taught.field_word(col, &stems) else {
                continue;
            };
            let field = self.ix.column_name(col).to_string();
            notes.push(Note::Taught {
                source: self.span_text(f.start, f.end),
                teaching: match how {
                    TaughtField::Synonym => Teaching::Synonym { field },
                    TaughtField::Unit => Teaching::Unit { field },
                    TaughtField::Description => Teaching::Description { field },
                },
            });
        }
        for m in self.values.iter().filter(|m| m.kind == MatchKind::Taught) {
            let Some(a) = self
                .ix
                .taught
                .aliases
                .iter()
                .find(|a| a.entries == m.entries)
            else {
                continue;
            };
            notes.push(Note::Taught {
                source: self.span_text(m.start, m.end),
                teaching: Teaching::Alias {
                    field: self.ix.column_name(a.column).to_string(),
                    values: a.values.clone(),
                },
            });
        }
        for s in &self.sups {
            let Some(col) = s.taught else { continue };
            let field = self.ix.column_name(col).to_string();
            let used = self
                .plan
                .order
                .iter()
                .find(|o| o.key == OrderKey::Field(field.clone()));
            if let Some(o) = used {
                notes.push(Note::Taught {
                    source: self.span_text(s.start, s.end),
                    teaching: Teaching::Superlative {
                        field,
                        direction: o.direction,
                    },
                });
            }
        }
        notes.dedup();
        self.notes.extend(notes);
    }
}
