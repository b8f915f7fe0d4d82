//! Pass 5, substrings: quoted text that is not a whole value, or the word
//! after "the letter"/"the substring", is searched inside a text field: the
//! one a contain-word governs ("the state whose name contains 'North'" →
//! state), else the text field named nearest to it; with no text field
//! named, it is a trait.

use super::claims::ClaimedBy;
use super::mentions::FieldMention;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{
    asks_for_spelled_part, is_contain_word, is_generic_name_word, is_owner_glue, is_stopword,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::TokenKind;

impl Ctx<'_> {
    pub(super) fn quoted_conditions(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            // Quoted text, or the word after "the letter", "the substring".
            let spelled = i > 0
                && self.toks[i].is_word()
                && !is_stopword(self.norm(i))
                && asks_for_spelled_part(self.norm(i - 1));
            if self.toks[i].kind != TokenKind::Quoted && !spelled {
                continue;
            }
            self.claims.claim_token(i, ClaimedBy::Substring);
            let text = if spelled {
                self.span_text(i, i + 1)
            } else {
                self.toks[i].norm.clone()
            };
            let field = self.substring_field(i).map(|f| f.columns[0].0);
            let neg = self.negated(i);
            if let Some(col) = field {
                let name = self.ix.column_name(col).to_string();
                self.note(Note::Substring {
                    text: text.clone(),
                    field: name.clone(),
                });
                self.phrases.push((i, i + 1));
                self.push_condition(
                    (i, i + 1),
                    Condition {
                        field: name,
                        op: if neg {
                            CompareOp::NotContains
                        } else {
                            CompareOp::Contains
                        },
                        values: vec![Literal::Text(text.clone())],
                        source: self.span_text(i, i + 1),
                        matched: MatchKind::Inferred,
                        confidence: confidence::SUBSTRING,
                    },
                );
            } else if self.ix.profile.fts_table.is_some() {
                self.phrases.push((i, i + 1));
                self.plan.traits.push(text);
            }
        }
    }

    /// The text field mention the part at token `i` is searched in: the one
    /// a contain-word governs, else the nearest.
    fn substring_field(&self, i: usize) -> Option<&FieldMention> {
        let is_text = |f: &&FieldMention| self.ix.column_type(f.columns[0].0) == ColumnType::Text;
        let governed = self.contained_in(i);
        governed.or_else(|| {
            self.fields.iter().filter(is_text).min_by_key(|f| {
                if f.end <= i {
                    i - f.end
                } else {
                    f.start - i
                }
            })
        })
    }

    /// "a state whose name contains 'North'", "names containing 'Al'": the
    /// text field before the word that asks for a part of it; "contain the
    /// letter w in their description": the one after.
    fn contained_in(&self, i: usize) -> Option<&FieldMention> {
        let is_text = |f: &&FieldMention| self.ix.column_type(f.columns[0].0) == ColumnType::Text;
        let contain = (i.saturating_sub(5)..i)
            .rev()
            .find(|&k| is_contain_word(self.norm(k)))?;
        self.fields
            .iter()
            .filter(is_text)
            .filter(|f| f.end <= contain && contain - f.end <= 3)
            .max_by_key(|f| f.end)
            .map(|f| {
                // "the state whose name contains": the name of the
                // state, i.e. the state field.
                let generic = f.end - f.start == 1 && is_generic_name_word(self.norm(f.start));
                let owner = self.fields.iter().filter(is_text).find(|g| {
                    g.end < f.start
                        && f.start - g.end <= 2
                        && (g.end..f.start).all(|k| is_owner_glue(self.norm(k)))
                });
                match owner {
                    Some(g) if generic => g,
                    _ => f,
                }
            })
            .or_else(|| {
                self.fields
                    .iter()
                    .filter(is_text)
                    .filter(|f| f.start > i && f.start - i <= 3)
                    .min_by_key(|f| f.start)
            })
    }
}
