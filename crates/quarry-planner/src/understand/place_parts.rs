//! Places inside "City, State" values: "finalists born in texas",
//! "hometown in alabama", "not born in california, texas or florida". A
//! text field whose values are mostly a place and the larger place it lies
//! in, after a comma (`Dallas, Texas`), is searched for the larger place a
//! phrase names: `birthplace LIKE '%, Texas'`.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_stopword, place_variants, US_STATES};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};

impl Ctx<'_> {
    pub(super) fn place_parts(&mut self) {
        let ix = self.ix;
        let columns = &ix.place_part_columns;
        if columns.is_empty() {
            return;
        }
        let mut i = 0;
        while i < self.toks.len() {
            let Some((part, end)) = self.place_part_at(i, columns) else {
                i += 1;
                continue;
            };
            // "california, texas or florida": the places listed with it.
            let mut parts = vec![part];
            let mut stop = end;
            loop {
                let next = if self
                    .toks
                    .get(stop)
                    .is_some_and(|t| matches!(t.norm.as_str(), "and" | "or"))
                {
                    stop + 1
                } else {
                    stop
                };
                match self.place_part_at(next, columns) {
                    Some((p, e)) if next < self.toks.len() => {
                        parts.push(p);
                        stop = e;
                    }
                    _ => break,
                }
            }
            let cols = self.place_part_field(i, columns, &parts);
            // The one value of a fully listed field that ends with a place
            // said alone ("before finland" of 'Helsinki, Finland'):
            // linking reads it whole.
            let one = parts.len() == 1 && {
                let ending: Vec<usize> = columns
                    .iter()
                    .filter(|(c, _)| cols.contains(c))
                    .flat_map(|(c, ps)| ps.iter().filter(|p| p.0 == parts[0]).map(move |_| *c))
                    .collect();
                ending.len() == 1 && {
                    let col = &self.ix.profile.columns[ending[0]];
                    col.distinct_count as usize <= col.values.len()
                }
            };
            if !cols.is_empty() && !one {
                self.place_part_condition((i, stop), &cols, &parts);
            }
            i = stop;
        }
    }

    /// A place of one to three words at `i` that is the larger place of
    /// some value of those fields, and a place the lexicon knows (a state,
    /// a country): its folded words and its end.
    fn place_part_at(
        &self,
        i: usize,
        columns: &[(usize, Vec<(String, String)>)],
    ) -> Option<(String, usize)> {
        for len in (1..=3).rev() {
            if i + len > self.toks.len()
                || (i..i + len).any(|k| {
                    self.claims.is_claimed(k)
                        || !self.toks[k].is_word()
                        || is_stopword(self.norm(k))
                })
            {
                continue;
            }
            let phrase: Vec<&str> = (i..i + len).map(|k| self.norm(k)).collect();
            let phrase = phrase.join(" ");
            let known = US_STATES.iter().any(|(name, _)| *name == phrase)
                || !place_variants(&phrase).is_empty();
            if known
                && columns
                    .iter()
                    .any(|(_, ps)| ps.iter().any(|p| p.0 == phrase))
            {
                // A whole value is linking's: "before mexico" where
                // `opponent` holds 'Mexico', "after athens, greece" where
                // `venue` holds 'Athens, Greece'.
                // So is a value the place begins ("after michigan
                // technological university").
                let end = i + len;
                let whole = (0..=3.min(i)).any(|back| {
                    (0..=3.min(self.toks.len() - end)).any(|ahead| {
                        let run: Vec<&str> =
                            (i - back..end + ahead).map(|k| self.norm(k)).collect();
                        self.ix.values.iter().any(|e| {
                            e.words.len() == run.len()
                                && e.words.iter().zip(&run).all(|(a, b)| a == b)
                        })
                    })
                });
                if whole {
                    return None;
                }
                return Some((phrase, i + len));
            }
        }
        None
    }

    /// The fields the places are searched in: the one the phrase names
    /// ("hometown"), the one of births for "born", else every field that
    /// holds them.
    fn place_part_field(
        &self,
        start: usize,
        columns: &[(usize, Vec<(String, String)>)],
        parts: &[String],
    ) -> Vec<usize> {
        let holding: Vec<usize> = columns
            .iter()
            .filter(|(_, ps)| parts.iter().all(|p| ps.iter().any(|x| &x.0 == p)))
            .map(|(c, _)| *c)
            .collect();
        let named: Vec<usize> = holding
            .iter()
            .copied()
            .filter(|&c| {
                // (Fields are linked after this pass: looked up here.)
                (0..start).any(|k| {
                    self.toks[k].is_word()
                        && self
                            .field_match_at(k)
                            .is_some_and(|(_, cols)| cols.iter().any(|x| x.0 == c))
                })
            })
            .collect();
        if !named.is_empty() {
            return named;
        }
        let born = (0..start).any(|k| matches!(self.norm(k), "born" | "birth" | "native"));
        let births: Vec<usize> = holding
            .iter()
            .copied()
            .filter(|&c| self.ix.column_name(c).contains("birth"))
            .collect();
        if born && !births.is_empty() {
            return births;
        }
        holding
    }

    fn place_part_condition(&mut self, span: (usize, usize), cols: &[usize], parts: &[String]) {
        // "queens from new york": the noun before "from" is what the rows
        // are, not the city of one value ('Queens, New York').
        if span.0 >= 2 && self.word_at(span.0 - 1, "from") {
            let k = span.0 - 2;
            let city = self.toks[k].is_word()
                && !self.claims.is_claimed(k)
                && self.ix.values.iter().any(|e| {
                    cols.contains(&e.column) && e.stems.first() == Some(&self.toks[k].stem)
                });
            if city {
                self.claims.claim_token(k, ClaimedBy::Field);
            }
        }
        let negated = self.negated(span.0)
            || (span.0 >= 2
                && matches!(self.norm(span.0 - 1), "in" | "from")
                && self.negated(span.0 - 1));
        let source = self.span_text(span.0, span.1);
        self.claims.claim(span, ClaimedBy::Substring);
        self.phrases.push(span);
        let mut any_of = Vec::new();
        for &c in cols {
            let field = self.ix.column_name(c).to_string();
            self.note(Note::Substring {
                text: parts.join(", "),
                field: field.clone(),
            });
            for p in parts {
                // The place as the field writes it.
                let written = self
                    .ix
                    .place_part_columns
                    .iter()
                    .find(|(x, _)| *x == c)
                    .and_then(|(_, ps)| ps.iter().find(|x| &x.0 == p).map(|x| x.1.clone()))
                    .unwrap_or_else(|| p.clone());
                let condition = Condition {
                    field: field.clone(),
                    op: if negated {
                        CompareOp::NotContains
                    } else {
                        CompareOp::EndsWith
                    },
                    values: vec![Literal::Text(format!(", {written}"))],
                    source: source.clone(),
                    matched: MatchKind::Inferred,
                    confidence: confidence::INFERRED,
                };
                if negated {
                    self.push_condition(span, condition);
                } else {
                    any_of.push(condition);
                }
            }
        }
        if !any_of.is_empty() {
            self.push_alternatives(span, any_of);
        }
    }
}
