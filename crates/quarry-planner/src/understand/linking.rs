//! Pass 3, linking: each unclaimed token starts the longest value or field
//! name it can (a value wins a tie unless the field is named in full);
//! quoted text matches whole values only. Place names,
//! codes and typos are tried next (`fuzzy`), and a word that appears inside
//! few values of one field is a part of a value. Claims what it links.

use super::claims::ClaimedBy;
use super::mentions::{FieldMention, ValueMention};
use super::Ctx;
use crate::index::{AliasKind, ValueEntry};
use crate::lexicon::wordnet;
use crate::lexicon::{
    introduces_value, is_absence_word, is_glue_word, is_negation, is_stopword, letter_codes,
    IUCN_CODES, LIFE_CODES,
};
use crate::plan::MatchKind;
use crate::profile::ColumnType;
use crate::text::{Token, TokenKind};

impl Ctx<'_> {
    /// The longest value match at `i`, optionally with the first word
    /// replaced (fuzzy correction or a place-name variant).
    pub(super) fn value_match_at(
        &self,
        i: usize,
        first: Option<&[String]>,
    ) -> Option<(usize, Vec<u32>, MatchKind)> {
        let t = &self.toks[i];
        let ix = self.ix;
        let mut best: Option<(usize, Vec<u32>, MatchKind)> = None;
        let mut consider = |ids: &[u32], stemmed: bool, this: &Ctx| {
            for &id in ids {
                let e = &ix.values[id as usize];
                // Words the query must supply: the replaced first words, then tokens.
                let (skip, lead) = match first {
                    Some(f) => (f.len(), f),
                    None => (0, &[][..]),
                };
                if e.words.len() < skip || e.words[..skip] != *lead {
                    continue;
                }
                let need = e.words.len() - skip;
                let mut k = 0;
                let mut ok = true;
                let mut exact = !stemmed;
                let start = if first.is_some() { i + 1 } else { i };
                if first.is_none() && need == 0 {
                    continue;
                }
                while k < need {
                    let q = start + k;
                    if q >= this.toks.len() || this.claims.is_claimed(q) {
                        ok = false;
                        break;
                    }
                    let tk = &this.toks[q];
                    if tk.kind == TokenKind::Quoted {
                        ok = false;
                        break;
                    }
                    let w = &e.words[skip + k];
                    if tk.norm == *w {
                    } else if tk.stem == e.stems[skip + k] {
                        exact = false;
                    } else {
                        ok = false;
                        break;
                    }
                    k += 1;
                }
                if !ok {
                    continue;
                }
                // "executed in may 2000": a month's name before a year, or
                // after "in", is the month, not a name stemmed to it
                // ('Mays').
                let month = |k: usize| {
                    this.toks.get(k).is_some_and(|m| {
                        m.norm.len() >= 3 && crate::lexicon::month_index(&m.norm).is_some()
                    })
                };
                let dated = |k: usize| {
                    this.toks.get(k + 1).is_some_and(|n| n.number().is_some())
                        || k > 0
                            && matches!(
                                this.toks[k - 1].norm.as_str(),
                                "in" | "since" | "before" | "after" | "until" | "during"
                            )
                };
                if !exact && need == 1 && month(start) && dated(start) {
                    continue;
                }
                let len = if first.is_some() { need + 1 } else { need };
                // "much better than average": a comparison, not the value
                // 'Much better'.
                if this.toks.get(i + len).is_some_and(|n| n.norm == "than") {
                    continue;
                }
                // A single word that is a stopword or a bare number is not a
                // value on its own.
                // "named h", "called X": whatever follows is a value.
                // "grade b", "color D": a letter code right after its field.
                let introduced = i > 0 && introduces_value(&this.toks[i - 1].norm)
                    || this.fields.last().is_some_and(|f| {
                        f.end == i
                            && (f.columns.iter().any(|c| c.0 == e.column)
                                || this.may_name(f.start, f.end, e.column))
                    })
                    // "b stars", "k stars over 4000 kelvin": a letter before
                    // what the rows are, of the one field of letter codes
                    // that holds it (not the article "a").
                    || e.value.len() == 1
                        && e.words.first().is_some_and(|w| w != "a")
                        && this.toks.get(i + 1).is_some_and(|n| ix.row_nouns.contains(&n.stem))
                        && this.letter_code_column(e.column)
                    // "type o blood", "class b": a letter code after a word
                    // of kind that names no field, of a field of letter codes.
                    || e.value.chars().count() <= 2
                        && i > 0
                        && this.fields.last().is_none_or(|f| f.end != i)
                        && matches!(
                            this.toks[i - 1].norm.as_str(),
                            "type" | "class" | "group" | "grade" | "category" | "tier" | "level"
                        )
                        && this.letter_code_column(e.column)
                    // "type m or k": the next item of a list of its field's
                    // codes.
                    || i >= 1
                        && this.values.last().is_some_and(|v| {
                            let joined = v.end + 1 == i
                                && matches!(this.toks[i - 1].norm.as_str(), "or" | "and" | "/")
                                || v.end == i
                                    && this.query[this.toks[i - 1].end..this.toks[i].start]
                                        .contains(',');
                            joined
                                && v.entries
                                    .iter()
                                    .any(|&id| ix.values[id as usize].column == e.column)
                        });
                // "country in 2022": a preposition after a field of codes
                // is no code (`IN`) unless written as the code is.
                if introduced
                    && e.words.len() == 1
                    && first.is_none()
                    && e.words[0].len() >= 2
                    && is_stopword(&e.words[0])
                    && !(i > 0 && introduces_value(&this.toks[i - 1].norm))
                    && this.query[t.start..t.end] != e.value
                {
                    continue;
                }
                if e.words.len() == 1 && first.is_none() && !introduced {
                    let w = &e.words[0];
                    // "used ones": a participle that is one of a few
                    // categories (new, used) is the value, stopword or not.
                    let category = w.len() >= 4
                        && w.ends_with("ed")
                        && (2..=4).contains(&this.ix.profile.columns[e.column].values.len());
                    if is_stopword(w) && !category
                        || w.len() < 2
                        || w.chars().all(|c| c.is_ascii_digit())
                    {
                        continue;
                    }
                    // "no" is the code "NO" only when written so.
                    if is_negation(w) && this.query[t.start..t.end] != e.value {
                        continue;
                    }
                    // "speed unknown": the field's value is missing, unless
                    // the field holds that word.
                    if is_absence_word(w) && this.absence_of_other_field(i, e.column) {
                        continue;
                    }
                    // "silent films", "the best": an adjective is no title
                    // or name of one record (a column of mostly distinct
                    // values), unless quoted or introduced ("titled").
                    if this.names_like(e.column) && this.attributive_adjective(i) {
                        continue;
                    }
                }
                let category = e.words.len() == 1
                    && e.words[0].len() >= 4
                    && e.words[0].ends_with("ed")
                    && (2..=4).contains(&this.ix.profile.columns[e.column].values.len());
                // ("all items" of `All items`: several little words said
                // exactly as a category writes them are its value.)
                let whole_category = exact
                    && e.words.len() >= 2
                    && (2..=60).contains(&this.ix.profile.columns[e.column].values.len());
                if !introduced
                    && !category
                    && !whole_category
                    && e.words
                        .iter()
                        .all(|w| is_stopword(w) || w.chars().all(|c| c.is_ascii_digit()))
                    && first.is_none()
                {
                    continue;
                }
                let kind = if exact {
                    MatchKind::Exact
                } else {
                    MatchKind::Stemmed
                };
                match &mut best {
                    Some((bl, ids, bk)) if *bl == len => {
                        if !ids.contains(&id) {
                            ids.push(id);
                        }
                        if kind > *bk {
                            *bk = kind;
                        }
                    }
                    Some((bl, _, _)) if *bl > len => {}
                    _ => best = Some((len, vec![id], kind)),
                }
            }
        };
        match first {
            Some(f) => {
                if let Some(ids) = ix.values_by_first.get(&f[0]) {
                    consider(ids, false, self);
                }
            }
            None => {
                if let Some(ids) = ix.values_by_first.get(&t.norm) {
                    consider(ids, false, self);
                }
                if let Some(ids) = ix.values_by_first.get(&t.stem) {
                    consider(ids, true, self);
                }
                if let Some(ids) = ix.values_by_first_stem.get(&t.stem) {
                    consider(ids, true, self);
                }
            }
        }
        // "formula c6h6" is `C6H6`, not `C6H6S` too: a code with digits
        // said exactly has no plural.
        if let Some((1, ids, _)) = &mut best {
            let said = |id: &u32| {
                let words = &ix.values[*id as usize].words;
                words.len() == 1 && words[0] == t.norm
            };
            if t.norm.bytes().any(|b| b.is_ascii_digit()) && ids.iter().any(said) {
                ids.retain(said);
            }
        }
        best
    }

    pub(super) fn field_match_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        // A mention covers at least its first word, so every caller moves on.
        let found = self.field_match_from(i).filter(|(len, _)| *len > 0);
        self.flag_begun_by(i, found.as_ref()).or(found)
    }

    /// "hispanic players" of the flag `hispan` beside the share
    /// `perchisp`: a one-word mention of no flag gives way to the one 0/1
    /// flag whose whole name (five letters or more) the word begins with.
    fn flag_begun_by(
        &self,
        i: usize,
        found: Option<&(usize, Vec<(usize, AliasKind)>)>,
    ) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let (1, cols) = found? else {
            return None;
        };
        if cols.iter().any(|c| self.yes_value(c.0).is_some()) {
            return None;
        }
        // A share said so, or a number near, is the share ("over 10%
        // hispanic", "share hispanic").
        let near = i.saturating_sub(3)..(i + 2).min(self.toks.len());
        if near.clone().any(|k| self.toks[k].number().is_some())
            || near.into_iter().any(|k| {
                matches!(
                    self.norm(k),
                    "share" | "percent" | "percentage" | "proportion" | "fraction" | "pct" | "%"
                )
            })
        {
            return None;
        }
        let t = &self.toks[i];
        let flags: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                let name = self.ix.column_name(c);
                name.len() >= 5
                    && !name.contains('_')
                    && t.norm.len() > name.len()
                    && t.norm.starts_with(name)
                    && self.yes_value(c).is_some()
            })
            .collect();
        match flags[..] {
            [flag] => Some((1, vec![(flag, AliasKind::Partial)])),
            _ => None,
        }
    }

    fn field_match_from(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        // "cats named luna": "named" says a value follows; it names no field.
        if !t.is_word() || crate::lexicon::introduces_value(&t.norm) {
            return None;
        }
        // "voters", "voting", "ranked": the verb a one-word field is named
        // for (`vote`, `rank`).
        let hyphened = i > 0
            && self.toks[i - 1].end + 1 == t.start
            && self.query.as_bytes().get(t.start - 1) == Some(&b'-');
        let verbs = |w: &str| -> Vec<String> {
            let mut out = Vec::new();
            for s in ["ers", "er", "ing", "ed"] {
                let Some(b) = w.strip_suffix(s) else {
                    continue;
                };
                if b.len() >= 3 {
                    out.push(format!("{b}e"));
                }
                // "ranked", "ranking" of `rank`; not "later" of `lat`, nor
                // the "tailed" of "red-tailed" (a compound adjective).
                if b.len() >= 4 && matches!(s, "ing" | "ed") && !hyphened {
                    out.push(b.to_string());
                }
                break;
            }
            out
        };
        let verb_fields = || {
            verbs(&t.norm)
                .into_iter()
                .find_map(|v| self.ix.fields_by_first.get(&v))
        };
        let aliases = match self.ix.fields_by_first.get(&t.stem) {
            Some(a) => a,
            None => match verb_fields() {
                Some(a) if a.iter().all(|x| x.words.len() == 1) => a,
                _ => {
                    return self
                        .numbered_part_field_at(i)
                        .or_else(|| self.initials_field_at(i))
                        .or_else(|| self.count_field_at(i))
                        .or_else(|| self.joined_field_at(i))
                        .or_else(|| self.spelled_field_at(i))
                        .or_else(|| self.place_family_at(i))
                        .or_else(|| self.prefixed_field_at(i))
                        .or_else(|| self.clipped_field_at(i))
                        .or_else(|| self.high_low_member_at(i))
                        .or_else(|| self.compound_field_at(i))
                        .or_else(|| self.lettered_member_at(i))
                        .or_else(|| self.squashed_field_at(i))
                        .or_else(|| self.squashed_starts_at(i))
                        .or_else(|| self.skeleton_field_at(i))
                        .or_else(|| self.short_part_field_at(i))
                        .or_else(|| self.misspelled_field_at(i))
                }
            },
        };
        let mut best: Option<(usize, Vec<(usize, AliasKind)>)> = None;
        for a in aliases {
            let len = a.words.len();
            let ok = (0..len).all(|k| {
                let q = i + k;
                q < self.toks.len()
                    && !self.claims.is_claimed(q)
                    && self.toks[q].is_word()
                    && (self.toks[q].stem == a.words[k]
                        // (A verb of a word the name only abbreviates,
                        // "scoring" of `totsc4`, is not enough.)
                        || len == 1
                            && verbs(&self.toks[q].norm).contains(&a.words[k])
                            && self.ix.column_name(a.column).contains(a.words[k].as_str()))
            });
            if !ok {
                continue;
            }
            // Glue words alone never name a field.
            if len == 1 && is_glue_word(&a.words[0]) {
                continue;
            }
            match &mut best {
                Some((bl, cols)) if *bl == len => {
                    if let Some(c) = cols.iter_mut().find(|(c, _)| *c == a.column) {
                        c.1 = c.1.max(a.kind);
                    } else {
                        cols.push((a.column, a.kind));
                    }
                }
                Some((bl, _)) if *bl > len => {}
                _ => best = Some((len, vec![(a.column, a.kind)])),
            }
        }
        if let Some((len, cols)) = &mut best {
            // "candidates with more than 5 million votes" of
            // `candidatevotes` beside `totalvotes`: the field whose other
            // word the phrase says elsewhere.
            let span = i..i + *len;
            let said_elsewhere = |c: usize| {
                self.ix.column_words[c].iter().any(|w| {
                    w.len() >= 4
                        && !a_generic_word(w)
                        && (0..self.toks.len()).any(|k| {
                            !span.contains(&k)
                                && self.toks[k].is_word()
                                && self.toks[k].stem == *w
                                // (Not a unit: "ten years of development".)
                                && !(k > 0 && self.toks[k - 1].number().is_some())
                                && !(k > 0
                                    && (self.norm(k - 1) == "a"
                                        || crate::text::number_word(self.norm(k - 1)).is_some()))
                        })
                })
            };
            let told: Vec<(usize, AliasKind)> = cols
                .iter()
                .copied()
                .filter(|c| said_elsewhere(c.0))
                .collect();
            if cols.len() >= 2 && told.len() == 1 {
                *cols = told;
            }
            cols.sort_by_key(|c| std::cmp::Reverse(c.1));
            let top = cols[0].1;
            cols.retain(|c| c.1 == top);
        }
        // A word the index lists for no column the phrase can take here
        // may still spell a name ("diameter" of `diam97`).
        if best.is_none() {
            return self
                .joined_field_at(i)
                .or_else(|| self.spelled_field_at(i))
                .or_else(|| self.prefixed_field_at(i))
                .or_else(|| self.compound_field_at(i))
                .or_else(|| self.lettered_member_at(i))
                .or_else(|| self.squashed_field_at(i))
                .or_else(|| self.misspelled_field_at(i));
        }
        // "rec room" of `recroom`: a name spelled over more words than the
        // alias of its first word ("rec") covers.
        if best.as_ref().is_some_and(|(len, _)| *len == 1) {
            if let Some(longer) = self
                .joined_field_at(i)
                .or_else(|| self.spelled_field_at(i))
                .filter(|(len, _)| *len > 1)
                .or_else(|| self.initials_field_at(i))
            {
                return Some(longer);
            }
        }
        best
    }

    pub(super) fn link(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            if self.claims.is_claimed(i) {
                i += 1;
                continue;
            }
            // "single digit age": a count of digits (the numbers pass's),
            // not 'single' of a marital status.
            if matches!(self.norm(i), "single" | "double" | "triple")
                && i + 1 < n
                && matches!(self.norm(i + 1), "digit" | "digits")
            {
                i += 2;
                continue;
            }
            let t = self.toks[i].clone();
            if t.kind == TokenKind::Quoted {
                // A quoted value matches whole values only.
                let ws: Vec<String> = t.stem.split(' ').map(str::to_string).collect();
                let ids: Vec<u32> = self
                    .ix
                    .values_by_first
                    .get(&ws[0])
                    .map(|ids| {
                        ids.iter()
                            .copied()
                            .filter(|&id| self.ix.values[id as usize].words == ws)
                            .collect()
                    })
                    .unwrap_or_default();
                if !ids.is_empty() {
                    self.values.push(ValueMention {
                        start: i,
                        end: i + 1,
                        entries: ids,
                        kind: MatchKind::Exact,
                    });
                    self.claims.claim_token(i, ClaimedBy::Value);
                }
                i += 1;
                continue;
            }
            // "june to august" in a table of month numbers: months (the
            // month pass reads them), not a word inside a note.
            if t.is_word()
                && crate::lexicon::MONTHS.contains(&t.norm.as_str())
                && self.month_number_column().is_some()
            {
                i += 1;
                continue;
            }
            // "no pesticide": "no" before a field asks for none of it, even
            // where another field writes "no" as a value.
            if matches!(t.norm.as_str(), "no" | "yes") && i + 1 < n {
                let after = self
                    .field_match_at(i + 1)
                    .filter(|_| self.value_match_at(i + 1, None).is_none());
                let other_field = |(_, entries, _): &(usize, Vec<u32>, MatchKind)| {
                    after.as_ref().is_some_and(|(_, cols)| {
                        entries.iter().all(|&id| {
                            let c = self.ix.values[id as usize].column;
                            cols.iter().all(|x| x.0 != c)
                        })
                    })
                };
                if self
                    .value_match_at(i, None)
                    .as_ref()
                    .is_some_and(other_field)
                {
                    i += 1;
                    continue;
                }
            }
            // "better than 30 mpg", "much better than average": the word
            // before "than" compares; it may name a field, never a value.
            // ('Less than high school', a value holding the "than", is one.)
            if t.is_word()
                && self.toks.get(i + 1).is_some_and(|n| n.norm == "than")
                && self.value_match_at(i, None).is_none_or(|v| v.0 < 2)
            {
                if let Some((len, columns)) = self.field_match_at(i) {
                    self.fields.push(FieldMention {
                        start: i,
                        end: i + len,
                        columns,
                    });
                    self.claims.claim((i, i + len), ClaimedBy::Field);
                    i += len;
                } else {
                    i += 1;
                }
                continue;
            }
            // "heinz 41" of `heinz41`: a word and a number that one short
            // value glues together.
            if let Some(m) = self.word_number_value_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // "high school" of `highschool`, "african american" of `afam`:
            // words written apart that one short value glues together.
            if let Some(m) = self.glued_words_value_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // "not in the labor force": a negation is never a value alone
            // (`not` of a hispanic / not field).
            let value = self
                .value_match_at(i, None)
                .filter(|v| !(v.0 == 1 && is_negation(&t.norm)));
            // "charge date" of `date_charged`: a form of the name's other
            // word right before the field's mention is the mention's.
            if value.is_none() {
                if let Some((len, columns)) = self.name_word_before_field(i) {
                    self.fields.push(FieldMention {
                        start: i,
                        end: i + 1 + len,
                        columns,
                    });
                    self.claims.claim((i, i + 1 + len), ClaimedBy::Field);
                    i += 1 + len;
                    continue;
                }
            }
            let field = self.field_match_at(i);
            let vlen = value.as_ref().map_or(0, |v| v.0);
            let flen = field.as_ref().map_or(0, |f| f.0);
            // "control group" where `control` holds 'treat' and 'control':
            // the word is a value of the very field it names.
            let own_value = |cols: &Vec<(usize, AliasKind)>| {
                value.as_ref().is_some_and(|(_, entries, _)| {
                    let col = &self.ix.profile.columns[cols[0].0];
                    // Not a header repeated as a row ('Population' once
                    // among numbers): a category many records hold.
                    entries.iter().all(|&id| {
                        let e = &self.ix.values[id as usize];
                        e.column == cols[0].0 && e.count * 20 >= self.ix.profile.row_count.max(1)
                    }) && col.ty == ColumnType::Text
                        && col.values.len() <= 30
                })
            };
            let take_value = vlen > 0
                && (vlen > flen
                    || (vlen == flen
                        && field.as_ref().is_some_and(|(_, cols)| {
                            cols[0].1 < AliasKind::Full || own_value(cols)
                        })));
            // "military dictatorships" of `Military Dict` beside a value
            // `military` of another field: the value the words' starts
            // spell over more words.
            if let Some(m) = take_value
                .then(|| self.word_starts_value_at(i))
                .flatten()
                .filter(|m| m.end - m.start > vlen)
            {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            if take_value {
                let (len, entries, kind) = value.unwrap();
                // "in arizona" of a stray `Arizona??` among cities, beside
                // a `state` field of codes where `AZ` is common: the code.
                if let Some(m) = self.state_code_over(i, len, &entries) {
                    self.claims.claim((m.start, m.end), ClaimedBy::Value);
                    i = m.end;
                    self.values.push(m);
                    continue;
                }
                // "smoking status unknown": the value names its field, whose
                // emptiness is asked (the missing-values pass reads it).
                if let Some(col) = self.absence_after_value(i + len, &entries) {
                    self.fields.push(FieldMention {
                        start: i,
                        end: i + len,
                        columns: vec![(col, AliasKind::Partial)],
                    });
                    self.claims.claim((i, i + len), ClaimedBy::Field);
                    i += len;
                    continue;
                }
                self.values.push(ValueMention {
                    start: i,
                    end: i + len,
                    entries,
                    kind,
                });
                self.claims.claim((i, i + len), ClaimedBy::Value);
                i += len;
                continue;
            }
            // "undecided voters", "voting no": a word beside a field of
            // one-letter codes, whose first letter is one of them.
            if let Some(m) = self.initial_code_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // "delta", "o'hare", "new york" over IATA codes.
            if let Some(m) = self.aviation_code_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // "isotopes of tin" over a field of element symbols (`Sn`).
            if let Some(m) = self.element_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // (Before a field one of the words names: "lanes wider".)
            if let Some(col) = self.initial_glued_field(i) {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + 2,
                    columns: vec![(col, AliasKind::Partial)],
                });
                self.claims.claim((i, i + 2), ClaimedBy::Field);
                i += 2;
                continue;
            }
            // "facing se to sw" of `SE-SW`: a value written as a range;
            // "texas districts" over `TX-12`, `TX-13`: the state's codes.
            if let Some(m) = self
                .dashed_value_at(i)
                .or_else(|| self.state_prefixed_at(i))
            {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            // "large" of a size field holding `L`: the code, not the field.
            if let Some(m) = self.letter_code_at(i) {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            if let Some((len, columns)) = field {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + len,
                    columns,
                });
                self.claims.claim((i, i + len), ClaimedBy::Field);
                i += len;
                continue;
            }
            // "speed unknown": no guessing a value for the absence word.
            if is_absence_word(&t.norm) && self.absence_of_other_field(i, usize::MAX) {
                i += 1;
                continue;
            }
            // "average calories": a figure asked of the numeric field
            // after it, no value cut short from it (`aver.`).
            // (At the phrase's head: "above average", "the highest median
            // earnings" of `earnings_med` are other readings.)
            let figure_of_field = matches!(
                t.norm.as_str(),
                "average" | "mean" | "median" | "avg" | "total"
            ) && (0..i).all(|k| is_stopword(self.norm(k)))
                && i + 1 < self.toks.len()
                && self.field_match_at(i).is_none()
                && self.field_match_at(i + 1).is_some_and(|(_, cols)| {
                    cols.iter().any(|c| self.ix.column_type(c.0).is_numeric())
                });
            if figure_of_field {
                i += 1;
                continue;
            }
            let place = if t.is_word() && (!is_stopword(&t.norm) || self.is_us(i)) {
                self.place_at(i)
            } else {
                None
            };
            if let Some(m) = place
                .or_else(|| self.negated_prefix_value_at(i))
                .or_else(|| self.week_part_at(i))
                .or_else(|| self.calendar_name_value_at(i))
                .or_else(|| self.base_value_at(i))
                .or_else(|| self.adverb_pair_value_at(i))
                .or_else(|| self.related_value_at(i))
                .or_else(|| self.clipped_value_at(i))
                .or_else(|| self.field_and_value_glued_at(i))
                // A code the words spell whole, by initials or short forms
                // ("workers comp" of `wkcomp`, "public relations" of `PR`),
                // before a part of a longer name ('Workers Comp Exch').
                .or_else(|| self.code_value_at(i))
                .or_else(|| self.initials_across_at(i))
                .or_else(|| self.word_starts_value_at(i))
                .or_else(|| self.partial_value_at(i))
            {
                if let Some(col) = self.absence_after_value(m.end, &m.entries) {
                    self.fields.push(FieldMention {
                        start: m.start,
                        end: m.end,
                        columns: vec![(col, AliasKind::Partial)],
                    });
                    self.claims.claim((m.start, m.end), ClaimedBy::Field);
                    i = m.end;
                    continue;
                }
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            if let Some(m) = self
                .code_value_at(i)
                .or_else(|| self.word_code_at(i))
                .or_else(|| self.initials_value_at(i))
                .or_else(|| self.member_value_at(i))
            {
                self.claims.claim((m.start, m.end), ClaimedBy::Value);
                i = m.end;
                self.values.push(m);
                continue;
            }
            if let Some(col) = self.abbreviated_field(i) {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + 1,
                    columns: vec![(col, AliasKind::Partial)],
                });
                self.claims.claim_token(i, ClaimedBy::Field);
                i += 1;
                continue;
            }
            if t.is_word() && !is_stopword(&t.norm) && !is_negation(&t.norm) {
                if let Some(m) = self.world_or_fuzzy(i) {
                    let len = m.end - m.start;
                    self.claims.claim((i, i + len), ClaimedBy::Value);
                    self.values.push(m);
                    i += len;
                    continue;
                }
            }
            i += 1;
        }
        self.release_counted_nouns();
        self.narrow_adjacent_fields();
        self.join_adjacent_values();
    }

    /// "over 10 million people", "fewer than 1000 people": the noun a
    /// number counts is no word found inside a value ('Lao People's
    /// Democratic Republic'); only an exact value stays one.
    fn release_counted_nouns(&mut self) {
        let counted = |this: &Self, k: usize| {
            let number = |j: usize| this.toks[j].number().is_some();
            k > 0
                && (number(k - 1)
                    || k > 1
                        && number(k - 2)
                        && matches!(
                            this.toks[k - 1].norm.as_str(),
                            "thousand" | "million" | "billion" | "k" | "m" | "bn"
                        ))
        };
        let mut k = 0;
        while k < self.values.len() {
            let v = &self.values[k];
            // "above 5.5 fm": a short word after a number is its unit, not
            // a code written otherwise ('Fm').
            let tok = &self.toks[v.start];
            let unit_like = v.kind == MatchKind::Exact
                && tok.norm.len() <= 3
                && v.entries.iter().all(|&id| {
                    self.ix.values[id as usize].value.trim() != &self.query[tok.start..tok.end]
                });
            // ('3 Doors Down' of "songs by 3 doors down" holds the number.)
            let number_in_value = v.start > 0
                && v.entries.iter().any(|&id| {
                    let e = &self.ix.values[id as usize];
                    e.words.contains(&self.toks[v.start - 1].norm)
                });
            if (v.kind == MatchKind::Inferred || unit_like)
                && v.end == v.start + 1
                && counted(self, v.start)
                && !number_in_value
            {
                let span = (v.start, v.end);
                self.values.remove(k);
                self.claims.release(span);
            } else {
                k += 1;
            }
        }
    }

    /// "women's open winners", "men's wheelchair": two value mentions side
    /// by side, each matching several values of a column, that some values
    /// match both are one mention of those values (`Women's open champion`,
    /// not every value holding "women's" or "open"). Mentions with nothing
    /// in common stay apart ("ford fiat" is either).
    fn join_adjacent_values(&mut self) {
        let mut k = 0;
        while k + 1 < self.values.len() {
            let (a, b) = (&self.values[k], &self.values[k + 1]);
            let glued = a.end == b.start
                && (a.entries.len() > 1 || b.entries.len() > 1)
                && a.kind != MatchKind::Exact
                && b.kind != MatchKind::Exact;
            let both: Vec<u32> = if glued {
                a.entries
                    .iter()
                    .copied()
                    .filter(|id| b.entries.contains(id))
                    .collect()
            } else {
                Vec::new()
            };
            if both.is_empty() {
                k += 1;
                continue;
            }
            let kind = a.kind.min(b.kind);
            self.values[k] = ValueMention {
                start: a.start,
                end: b.end,
                entries: both,
                kind,
            };
            self.values.remove(k + 1);
        }
    }

    /// "share of black residents": two field mentions side by side (or
    /// joined by "of"), each naming several fields, that share some are
    /// one mention of the shared ones (`percblack` of perc… and …black).
    fn narrow_adjacent_fields(&mut self) {
        let mut k = 0;
        while k + 1 < self.fields.len() {
            let (a, b) = (&self.fields[k], &self.fields[k + 1]);
            let gap = b.start.saturating_sub(a.end);
            let glued = gap == 0 || gap == 1 && self.norm(a.end) == "of";
            // What the second mention or its first word alone names ("black"
            // of "black residents").
            let b_first: Vec<usize> = self
                .ix
                .fields_by_first
                .get(&self.toks[b.start].stem)
                .map(|v| {
                    v.iter()
                        .filter(|x| x.words.len() == 1)
                        .map(|x| x.column)
                        .collect()
                })
                .unwrap_or_default();
            let shared: Vec<(usize, AliasKind)> = a
                .columns
                .iter()
                .filter(|x| b.columns.iter().any(|y| y.0 == x.0) || b_first.contains(&x.0))
                .copied()
                .collect();
            // "tails longer than 40 cm": a comparative stays an operator.
            let in_op = |m: &FieldMention| {
                self.ops.iter().any(|o| o.start < m.end && m.start < o.end)
                    || self.sups.iter().any(|x| x.start < m.end && m.start < x.end)
            };
            if glued
                && !in_op(a)
                && !in_op(b)
                && !shared.is_empty()
                && (shared.len() < a.columns.len() || shared.len() < b.columns.len())
            {
                let merged = FieldMention {
                    start: a.start,
                    end: b.end,
                    columns: shared,
                };
                self.claims
                    .claim((merged.start, merged.end), ClaimedBy::Field);
                self.fields[k] = merged;
                self.fields.remove(k + 1);
            } else {
                k += 1;
            }
        }
    }

    /// The one-letter code of a field named right before or after the word
    /// at `i` that the word's first letter spells ("undecided voters" → `U`
    /// of `vote`, "voting no" → `N`), when the field holds only such codes.
    fn initial_code_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 2 || self.claims.is_claimed(i) {
            return None;
        }
        if is_stopword(&t.norm) && !matches!(t.norm.as_str(), "yes" | "no" | "current") {
            return None;
        }
        // "school excluding durer": a word of negation is no code's initial
        // (while "no", "non" and "never" may be the `n` of a no).
        if !matches!(t.norm.as_str(), "no" | "non" | "never") && is_negation(&t.norm) {
            return None;
        }
        // "no vote recorded", "no vote given": the field's absence, not the
        // code for no.
        if t.norm == "no" && i + 1 < self.toks.len() {
            if let Some((len, _)) = self.field_match_at(i + 1) {
                let k = i + 1 + len;
                if self
                    .toks
                    .get(k)
                    .is_some_and(|n| n.is_word() && crate::lexicon::is_recorded_word(&n.norm))
                {
                    return None;
                }
            }
        }
        // Before the field, an adjective ("undecided"), never a plural noun
        // ("athletes voting").
        let plural = t.stem != t.norm;
        let after = (i + 1 < self.toks.len() && !plural)
            .then(|| self.field_match_at(i + 1))
            .flatten()
            .map(|(_, cols)| cols);
        let before = self
            .fields
            .last()
            .filter(|f| f.end == i)
            .map(|f| f.columns.clone());
        let cols = &self.ix.profile.columns;
        // One letter each, either case; a "not known" code beside them.
        let letters = |c: usize| {
            cols[c].ty == ColumnType::Text
                && (2..=12).contains(&cols[c].values.len())
                && cols[c].values.iter().all(|v| {
                    v.value.len() == 1 && v.value.chars().all(|ch| ch.is_ascii_alphabetic())
                        || matches!(v.value.to_lowercase().as_str(), "nk" | "na" | "unk")
                })
                && cols[c].values.iter().any(|v| v.value.len() == 1)
        };
        // "ex-smokers": a former one is written `x`.
        let initial = if t.norm == "ex" {
            'x'
        } else {
            t.norm.chars().next()?
        };
        // "orange females", "not blue": with no field named, a colour word
        // is the initial of the one field of letters that holds it (`sp`
        // B/O for blue and orange crabs).
        let colour = || {
            let holding: Vec<usize> = (0..cols.len())
                .filter(|&c| {
                    letters(c)
                        && cols[c]
                            .values
                            .iter()
                            .any(|v| v.value.eq_ignore_ascii_case(&initial.to_string()))
                })
                .collect();
            (COLOURS.contains(&t.norm.as_str()) && holding.len() == 1).then(|| holding[0])
        };
        let col = before
            .into_iter()
            .chain(after)
            .flatten()
            .map(|(c, _)| c)
            .find(|&c| letters(c))
            .or_else(colour)?;
        let id = self.ix.values.iter().position(|e| {
            e.column == col
                && e.value.len() == 1
                && e.value.eq_ignore_ascii_case(&initial.to_string())
        })?;
        Some(ValueMention {
            start: i,
            end: i + 1,
            entries: vec![id as u32],
            kind: MatchKind::Inferred,
        })
    }

    /// "high school" for `highschool_pct`: two words written apart that a
    /// column's name holds as one word (of eight letters or more).
    fn joined_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        // "plu 4225" of `plu4225_units`, "wk 10" of `wk10`: a word and the
        // digits after it spell a word of the name too.
        let digits = |t: &Token| {
            !t.is_word()
                && self.query[t.start..t.end]
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                && t.end > t.start
        };
        let next = self
            .toks
            .get(i + 1)
            .filter(|t| t.is_word() || digits(t) && self.toks[i].norm.len() >= 2)?;
        if self.claims.is_claimed(i) || self.claims.is_claimed(i + 1) || !self.toks[i].is_word() {
            return None;
        }
        let joined = if next.is_word() {
            format!("{}{}", self.toks[i].norm, next.stem)
        } else {
            format!("{}{}", self.toks[i].norm, &self.query[next.start..next.end])
        };
        if joined.len() < if next.is_word() { 8 } else { 4 } {
            return None;
        }
        let cols: Vec<(usize, AliasKind)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.ix.column_words[c].contains(&joined))
            .map(|c| (c, AliasKind::Partial))
            .collect();
        (!cols.is_empty()).then_some((2, cols))
    }

    /// Whether the word at `i` is an adjective said of the plural noun
    /// after it ("silent films", "new releases").
    pub(super) fn attributive_adjective(&self, i: usize) -> bool {
        let w = self.norm(i);
        (wordnet::is_adjective(w) || wordnet::adjective_of(w).is_some())
            && self
                .toks
                .get(i + 1)
                .is_some_and(|n| n.is_word() && n.stem != n.norm && !is_stopword(&n.norm))
    }

    /// "in march", "thursday trips": the value of a field of month or day
    /// names written short (`Mar`, `Thu`, `Thur`) that the word spells.
    fn calendar_name_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() {
            return None;
        }
        let word = t.norm.as_str();
        let names: &[&str] = if DAYS.contains(&word) {
            DAYS
        } else if crate::lexicon::MONTHS.contains(&word) {
            crate::lexicon::MONTHS
        } else {
            return None;
        };
        // A short form of one of `names`, not the whole name (whole names
        // are matched as values already).
        let short_of = |v: &str| {
            let v = v.trim().trim_end_matches('.').to_lowercase();
            if v.len() < 3 {
                return None;
            }
            names
                .iter()
                .find(|n| n.starts_with(v.as_str()) && n.len() > v.len())
        };
        let cols = &self.ix.profile.columns;
        let col = (0..cols.len()).find(|&c| {
            cols[c].ty == ColumnType::Text
                && (2..=12).contains(&cols[c].values.len())
                && cols[c].values.iter().all(|v| short_of(&v.value).is_some())
        })?;
        let ids = self
            .short_values(|e| e.column == col && short_of(&e.value).is_some_and(|n| *n == word));
        (!ids.is_empty()).then(|| one_word(i, ids, MatchKind::Inferred))
    }

    /// The one column of `entries` when the words from `k` ask for its
    /// emptiness: a filler noun ("status", "figures") then a word of
    /// absence ("unknown", "missing").
    fn absence_after_value(&self, k: usize, entries: &[u32]) -> Option<usize> {
        let col = self.ix.values[*entries.first()? as usize].column;
        if entries
            .iter()
            .any(|&id| self.ix.values[id as usize].column != col)
        {
            return None;
        }
        let filler = self
            .toks
            .get(k)
            .is_some_and(|t| t.is_word() && crate::lexicon::is_filler_noun(&t.norm));
        let absent = self
            .toks
            .get(k + 1)
            .is_some_and(|t| t.is_word() && is_absence_word(&t.norm));
        (filler && absent && self.ix.profile.columns[col].null_count > 0).then_some(col)
    }

    /// "unmarried" → `not married`: a word of "un" and a word, where a
    /// field writes "not" and that word as one of its values.
    fn negated_prefix_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        let rest = t.norm.strip_prefix("un").filter(|r| r.len() >= 4)?;
        let ids: Vec<u32> = self
            .ix
            .values_by_first
            .get("not")?
            .iter()
            .copied()
            .filter(|&id| {
                let e = &self.ix.values[id as usize];
                e.words.len() == 2 && e.words[1] == rest
            })
            .collect();
        (!ids.is_empty()).then(|| one_word(i, ids, MatchKind::Inferred))
    }

    /// Two or three words that one value of a categorical field writes as
    /// one: whole ("high school" of `highschool`, "self employed" of
    /// `selfemployed`), or the start of each, two to four letters, when
    /// the value is no word ("african american" of `afam`, "blue collar"
    /// of `blucol`).
    fn glued_words_value_at(&self, i: usize) -> Option<ValueMention> {
        let word = |k: usize| {
            k < self.toks.len()
                && !self.claims.is_claimed(k)
                && self.toks[k].is_word()
                && !is_stopword(&self.toks[k].norm)
                && !is_negation(&self.toks[k].norm)
        };
        // "never married" of `nevmarr`: a negation may begin the value.
        let first = i < self.toks.len()
            && !self.claims.is_claimed(i)
            && self.toks[i].is_word()
            && self.toks[i].norm.len() >= 4;
        if !(word(i) || first && is_negation(&self.toks[i].norm)) || !word(i + 1) {
            return None;
        }
        let (a, b) = (self.toks[i].norm.as_str(), self.toks[i + 1].norm.as_str());
        if !a.is_ascii() || !b.is_ascii() {
            return None;
        }
        let c = (word(i + 2)).then(|| self.toks[i + 2].norm.as_str());
        let mut found: Vec<(u32, usize)> = Vec::new();
        for &id in &self.ix.code_values {
            let e = &self.ix.values[id as usize];
            let [v] = &e.words[..] else {
                continue;
            };
            if v.len() < 4 || !v.is_ascii() || !v.starts_with(&a[..1]) {
                continue;
            }
            let whole2 = v.len() >= 6 && *v == format!("{a}{b}");
            let whole3 = c.is_some_and(|c| v.len() >= 8 && *v == format!("{a}{b}{c}"));
            // A code, not a name ("Japan" is no "japanese animation").
            let titled = e.value.chars().next().is_some_and(char::is_uppercase)
                && e.value.chars().skip(1).all(|c| c.is_lowercase());
            let starts = v.len() <= 8
                && !titled
                && !crate::lexicon::wordnet::knows(v)
                && (2..=4.min(a.len() - 1)).any(|n| {
                    let rest = &v[n..];
                    v[..n] == a[..n]
                        && (2..=4).contains(&rest.len())
                        && rest.len() < b.len()
                        && b.starts_with(rest)
                });
            if whole3 {
                found.push((id, 3));
            } else if whole2 || starts {
                found.push((id, 2));
            }
        }
        let len = found.iter().map(|f| f.1).max()?;
        let entries: Vec<u32> = found.iter().filter(|f| f.1 == len).map(|f| f.0).collect();
        self.one_column(&entries)?;
        Some(ValueMention {
            start: i,
            end: i + len,
            entries,
            kind: MatchKind::Inferred,
        })
    }

    /// Whether the `n` tokens from `i` are unclaimed words, none a stopword
    /// or a negation.
    fn plain_words_at(&self, i: usize, n: usize) -> bool {
        i + n <= self.toks.len()
            && (i..i + n).all(|k| {
                !self.claims.is_claimed(k)
                    && self.toks[k].is_word()
                    && !is_stopword(self.norm(k))
                    && !is_negation(self.norm(k))
            })
    }

    /// "political science" of `Pol Sci`, "computer sci" of `Comp Sci`: a
    /// short value of two or three words, each the start (three letters
    /// or more) of the phrase's word in turn, one cut short at least.
    fn word_starts_value_at(&self, i: usize) -> Option<ValueMention> {
        for n in (2..=3).rev() {
            if !self.plain_words_at(i, n) {
                continue;
            }
            let words: Vec<&str> = (i..i + n).map(|k| self.norm(k)).collect();
            let ids: Vec<u32> = self
                .ix
                .category_values
                .iter()
                .copied()
                .filter(|&id| {
                    let e = &self.ix.values[id as usize];
                    e.words.len() == n
                        && e.words
                            .iter()
                            .zip(&words)
                            .all(|(v, w)| v.len() >= 3 && w.starts_with(v.as_str()))
                        && e.words.iter().zip(&words).any(|(v, w)| v.len() < w.len())
                })
                .collect();
            if ids.is_empty() || self.one_column(&ids).is_none() {
                continue;
            }
            return Some(ValueMention {
                start: i,
                end: i + n,
                entries: ids,
                kind: MatchKind::Inferred,
            });
        }
        None
    }

    /// The one column all of `ids` are values of; `None` when they are of
    /// several, or there are none.
    fn one_column(&self, ids: &[u32]) -> Option<usize> {
        let column = self.ix.values[*ids.first()? as usize].column;
        ids.iter()
            .all(|&id| self.ix.values[id as usize].column == column)
            .then_some(column)
    }

    /// Whether column `c` holds codes of a letter or two: a text field of
    /// at most 30 values, none longer than three characters, some of one
    /// letter.
    fn letter_code_column(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        col.ty == ColumnType::Text
            && (2..=30).contains(&col.values.len())
            && col
                .values
                .iter()
                .all(|v| v.value.trim().chars().count() <= 3)
            && col
                .values
                .iter()
                .any(|v| v.value.trim().chars().count() == 1)
    }

    /// "nsw", "the nt": a short word no dictionary knows that is the
    /// initials of one several-word value (`New South Wales`).
    fn initials_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word()
            || !(2..=4).contains(&t.norm.len())
            || !t.norm.chars().all(|c| c.is_ascii_alphabetic())
            || is_stopword(&t.norm)
            || is_negation(&t.norm)
            || crate::lexicon::wordnet::knows(&t.norm)
        {
            return None;
        }
        let ids = self.ix.initials.get(&t.norm)?;
        (ids.len() == 1).then(|| one_word(i, ids.clone(), MatchKind::Inferred))
    }

    /// "weekend trips", "on weekdays": the values of a day-of-week field
    /// (`Sat`, `Sunday`, …) the word spans.
    fn week_part_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        let days: &[&str] = match t.stem.as_str() {
            "weekend" => &["sat", "sun"],
            "weekday" => &["mon", "tue", "wed", "thu", "fri"],
            _ => return None,
        };
        let is_day = |v: &str| {
            let v = v.trim().to_lowercase();
            DAYS.iter()
                .any(|d| v.len() >= 2 && d.starts_with(v.as_str()))
        };
        let cols = &self.ix.profile.columns;
        let col = (0..cols.len()).find(|&c| {
            cols[c].ty == ColumnType::Text
                && (2..=8).contains(&cols[c].values.len())
                && cols[c].values.iter().all(|v| is_day(&v.value))
        })?;
        let ids = self.short_values(|e| {
            let v = e.value.trim().to_lowercase();
            e.column == col && days.iter().any(|d| v.starts_with(d))
        });
        (!ids.is_empty()).then(|| one_word(i, ids, MatchKind::Synonym))
    }

    /// The entries of the short categorical values (`Index::short_codes`,
    /// a bounded list) that `keep` accepts.
    fn short_values(&self, keep: impl Fn(&crate::index::ValueEntry) -> bool) -> Vec<u32> {
        self.ix
            .short_codes
            .iter()
            .copied()
            .filter(|&id| keep(&self.ix.values[id as usize]))
            .collect()
    }

    /// "admitted for surgery" → `service = 'Surgical'`: a noun WordNet
    /// relates to an adjective that is a one-word value of a categorical
    /// field (at most 30 values), when one field's values take it. A noun a
    /// relational adjective pertains to counts too, either way round: "in
    /// cities" → `'Urban'`, "industrial" → `'Industry'`.
    fn related_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 4 || is_stopword(&t.norm) || is_negation(&t.norm) {
            return None;
        }
        let cols = &self.ix.profile.columns;
        // Looked up once: the nouns the word pertains to, if an adjective.
        let own_nouns = wordnet::pertains_to(&t.norm);
        let ids = self.short_values(|e| {
            e.words.len() == 1
                && (2..=30).contains(&cols[e.column].values.len())
                && e.words[0] != t.norm
                && (wordnet::related(&e.words[0])
                    .iter()
                    .any(|n| *n == t.norm || *n == t.stem)
                    || wordnet::pertains_to(&e.words[0])
                        .iter()
                        .any(|n| *n == t.norm || *n == t.stem)
                    || own_nouns.iter().any(|n| {
                        *n == e.words[0] || Some(*n) == e.stems.first().map(|s| s.as_str())
                    }))
        });
        let one_field = ids.iter().all(|&id| {
            self.ix.values[id as usize].column == self.ix.values[ids[0] as usize].column
        });
        if !ids.is_empty() && ids.len() <= 2 && one_field {
            return Some(one_word(i, ids, MatchKind::Synonym));
        }
        // "patients who died" of `'1_Death'`: the noun of a verb said in
        // its past, a word of one value of a categorical field (a number
        // before it, a code's order, left out).
        let bases: Vec<&str> = [t.norm.strip_suffix('d'), t.norm.strip_suffix("ed")]
            .into_iter()
            .flatten()
            .filter(|b| b.len() >= 3)
            .collect();
        let nouns: Vec<&str> = bases
            .iter()
            .flat_map(|b| wordnet::related(b).iter().copied())
            .collect();
        if nouns.is_empty() {
            return None;
        }
        let mut ids: Vec<u32> = Vec::new();
        for noun in &nouns {
            let st = crate::text::stem(noun);
            let found = self.ix.values_by_word.get(&st).into_iter().flatten();
            let first = self.ix.values_by_first_stem.get(&st).into_iter().flatten();
            for &id in found.chain(first) {
                let e = &self.ix.values[id as usize];
                let words: Vec<&String> = e
                    .words
                    .iter()
                    .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
                    .collect();
                if words.len() == 1
                    && words[0].as_str() == *noun
                    && (2..=30).contains(&cols[e.column].values.len())
                    && !ids.contains(&id)
                {
                    ids.push(id);
                }
            }
        }
        let one_field = ids.iter().all(|&id| {
            self.ix.values[id as usize].column == self.ix.values[ids[0] as usize].column
        });
        (ids.len() == 1 && one_field).then(|| one_word(i, ids, MatchKind::Synonym))
    }

    /// "tv prices" of `Televisions`, "photo equipment" of `Photographic
    /// equipment and supplies`: an everyday clipped word or initialism
    /// (`lexicon::clipped_word`) whose full words begin a category's first
    /// words, one field's only. The words after it that go on with the
    /// value's are the mention's too.
    fn clipped_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        let full = crate::lexicon::clipped_word(&t.norm)?;
        let cols = &self.ix.profile.columns;
        let begins = |e: &crate::index::ValueEntry| {
            e.words.len() >= full.len()
                && full.iter().zip(&e.words).all(|(f, w)| w.starts_with(f))
                && (2..=60).contains(&cols[e.column].values.len())
        };
        let ids: Vec<u32> = self
            .ix
            .category_values
            .iter()
            .copied()
            .filter(|&id| begins(&self.ix.values[id as usize]))
            .collect();
        if ids.is_empty() || ids.len() > 2 {
            return None;
        }
        self.one_column(&ids)?;
        // ("photo equipment": the value's next word said too.)
        let e = &self.ix.values[ids[0] as usize];
        let mut end = i + 1;
        let mut k = full.len();
        while end < self.toks.len()
            && k < e.stems.len()
            && !self.claims.is_claimed(end)
            && self.toks[end].stem == e.stems[k]
        {
            end += 1;
            k += 1;
        }
        Some(ValueMention {
            start: i,
            end,
            entries: ids,
            kind: MatchKind::Synonym,
        })
    }

    /// "heinz 41 oz" → `heinz41`: a word and the whole number after it
    /// that a short value of one field glues together. ("season 5" of
    /// `S05`, a field's initial and a number, is the numbers pass's.)
    fn word_number_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || is_stopword(&t.norm) || t.norm.len() < 2 || i + 1 >= self.toks.len() {
            return None;
        }
        // "size class 3" of `sc3`: two words, their initials the letters.
        let pair = self
            .toks
            .get(i + 1)
            .filter(|w| w.is_word() && !is_stopword(&w.norm) && !self.claims.is_claimed(i + 1));
        let (letters_said, at) = match pair {
            Some(w) if self.toks.get(i + 2).is_some_and(|x| x.number().is_some()) => (
                format!("{}{}", &t.norm[..1], w.norm.get(..1).unwrap_or_default()),
                i + 2,
            ),
            _ => (t.norm.clone(), i + 1),
        };
        let n = self.toks[at]
            .number()
            .filter(|v| v.fract() == 0.0 && *v >= 0.0 && !self.claims.is_claimed(at))?;
        let mut found: Vec<u32> = Vec::new();
        for &id in &self.ix.short_codes {
            let e = &self.ix.values[id as usize];
            let v = e.value.trim().to_lowercase();
            let cut = v.len() - v.bytes().rev().take_while(u8::is_ascii_digit).count();
            let (letters, digits) = v.split_at(cut);
            if letters.is_empty()
                || digits.is_empty()
                || !letters.bytes().all(|b| b.is_ascii_alphabetic())
                || digits.parse::<f64>().ok() != Some(n)
            {
                continue;
            }
            if letters == letters_said {
                found.push(id);
            }
        }
        self.one_column(&found)?;
        Some(ValueMention {
            start: i,
            end: at + 1,
            entries: found,
            kind: MatchKind::Inferred,
        })
    }

    /// "smoking mothers" → `habit = 'smoker'`, "renters" → `'RENT'`: a word
    /// and a one-word value of a categorical field that are forms of one
    /// verb (its gerund, agent noun or plural).
    fn base_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 4 || is_stopword(&t.norm) || is_negation(&t.norm) {
            return None;
        }
        // "lost their job" of `lose`: an irregular past, its verb.
        let irregular = crate::lexicon::wordnet::participles_of_word(&t.norm);
        let base = verb_base(&t.norm);
        // "adopted" of `ADOPTION`, "transferred" of `TRANSFER`: a regular
        // past and the verb or the noun it makes.
        let past = t
            .norm
            .strip_suffix("ed")
            .filter(|b| b.len() >= 4 && !t.norm.ends_with("eed"))
            .map(|b| {
                let bytes = b.as_bytes();
                let doubled = bytes.len() >= 5
                    && bytes[bytes.len() - 1] == bytes[bytes.len() - 2]
                    && !b"aeiouls".contains(&bytes[bytes.len() - 1]);
                verb_base(if doubled { &b[..b.len() - 1] } else { b })
            });
        if (base.len() < 3 || base == t.norm) && irregular.is_none() && past.is_none() {
            return None;
        }
        let made_of = |w: &str| {
            past.as_deref().is_some_and(|p| {
                verb_base(w) == p
                    || ["ation", "ion"]
                        .iter()
                        .any(|suf| w.strip_suffix(suf).is_some_and(|b| verb_base(b) == p))
            })
        };
        let cols = &self.ix.profile.columns;
        let ids = self.short_values(|e| {
            e.words.len() == 1
                && (2..=30).contains(&cols[e.column].values.len())
                && e.words[0] != t.norm
                && (base.len() >= 3 && base != t.norm && verb_base(&e.words[0]) == base
                    || irregular == Some(e.words[0].as_str())
                    || made_of(&e.words[0]))
        });
        (!ids.is_empty() && ids.len() <= 3).then(|| one_word(i, ids, MatchKind::Inferred))
    }

    /// A US state's name matched as a value of a field not named for
    /// states, where a field named `state` (or `…_state`) holds the
    /// state's postal code in more records: that code instead.
    fn state_code_over(&self, i: usize, len: usize, entries: &[u32]) -> Option<ValueMention> {
        let name = (i..i + len)
            .map(|k| self.norm(k))
            .collect::<Vec<_>>()
            .join(" ");
        let code = crate::lexicon::state_code(&name)?;
        let state_field = |c: usize| {
            self.ix
                .column_name(c)
                .split('_')
                .any(|w| matches!(w, "state" | "st" | "province"))
        };
        if entries
            .iter()
            .any(|&id| state_field(self.ix.values[id as usize].column))
        {
            return None;
        }
        let said: u64 = entries
            .iter()
            .map(|&id| self.ix.values[id as usize].count)
            .sum();
        let ids: Vec<u32> = self
            .ix
            .values_by_first
            .get(&code.to_lowercase())
            .into_iter()
            .flatten()
            .copied()
            .filter(|&id| {
                let e = &self.ix.values[id as usize];
                e.value == code && state_field(e.column) && e.count > said
            })
            .collect();
        self.one_column(&ids)?;
        Some(ValueMention {
            start: i,
            end: i + len,
            entries: ids,
            kind: MatchKind::Synonym,
        })
    }

    /// "severely injured" of `INJURED SEVERE`, "mildly ill" of `ILL
    /// MILD`: an adverb and the word it qualifies, a category's two words
    /// in either order (the adverb as its adjective).
    fn adverb_pair_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        let next = self.toks.get(i + 1)?;
        if !t.is_word() || !next.is_word() || self.claims.is_claimed(i + 1) {
            return None;
        }
        let adjective = match t.norm.strip_suffix("ly").filter(|b| b.len() >= 3)? {
            b if b.ends_with('i') => format!("{}y", &b[..b.len() - 1]),
            b if b.ends_with("ab") || b.ends_with("ib") => format!("{b}le"),
            b => b.to_string(),
        };
        let alts = [adjective.clone(), format!("{adjective}e")];
        let ids: Vec<u32> = self
            .ix
            .category_values
            .iter()
            .copied()
            .filter(|&id| {
                let e = &self.ix.values[id as usize];
                let w = &e.words;
                w.len() == 2
                    && (alts.contains(&w[0]) && (w[1] == next.norm || e.stems[1] == next.stem)
                        || alts.contains(&w[1]) && (w[0] == next.norm || e.stems[0] == next.stem))
            })
            .collect();
        self.one_column(&ids)?;
        Some(ValueMention {
            start: i,
            end: i + 2,
            entries: ids,
            kind: MatchKind::Stemmed,
        })
    }

    /// "homeowners" of `home` holding `owner`: one word that is a field's
    /// name and then one of its few values, glued.
    fn field_and_value_glued_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 7 {
            return None;
        }
        let mut ids: Vec<u32> = Vec::new();
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            let Some(rest) = t
                .stem
                .strip_prefix(col.name.as_str())
                .filter(|r| col.name.len() >= 3 && r.len() >= 3 && col.values.len() <= 12)
            else {
                continue;
            };
            // The rest as one of the field's one-word values (looked up, not
            // scanned: a profile may list many thousands of values).
            for key in [&self.ix.values_by_first, &self.ix.values_by_first_stem] {
                for &id in key.get(rest).map_or(&[][..], |v| v.as_slice()) {
                    let e = &self.ix.values[id as usize];
                    if e.column == c
                        && e.words.len() == 1
                        && e.stems[0] == rest
                        && !ids.contains(&id)
                    {
                        ids.push(id);
                    }
                }
            }
        }
        (ids.len() == 1).then(|| one_word(i, ids, MatchKind::Inferred))
    }

    /// Whether the words `start..end` are any alias of column `c`, however
    /// weak ("rated" of `content_rating` beside `rating`).
    fn may_name(&self, start: usize, end: usize, c: usize) -> bool {
        self.ix
            .fields_by_first
            .get(&self.toks[start].stem)
            .is_some_and(|aliases| {
                aliases.iter().any(|a| {
                    a.column == c
                        && a.words.len() == end - start
                        && a.words
                            .iter()
                            .zip(start..end)
                            .all(|(w, k)| *w == self.toks[k].stem)
                })
            })
    }

    /// Whether a text column names its records (titles, names): more than
    /// a dozen values, mostly distinct.
    pub(super) fn names_like(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        col.distinct_count * 2 >= self.ix.profile.row_count.max(1) && col.distinct_count > 12
    }

    /// Words that spell a column's name part by part where no alias does:
    /// "home runs" for `hm_run`, "career home runs" for `c_hm_run`,
    /// "reported weight" for `repwt`, "poverty" for `percbelowpoverty`,
    /// "metro" for `inmetro`. A part is spelled by a word that is it, that
    /// it abbreviates (its letters in order from the word's first, or the
    /// lexicon's abbreviation), or, for a part glued from two, by two
    /// words in turn; a single word may also be the start or the end of a
    /// longer glued part. The columns spelled by the most words win; among
    /// glued ends, those whose other end a nearby word names ("share of
    /// black residents": `perc` of `percblack`, not `pop` of `popblack`).
    fn spelled_field_at(&self, i: usize) -> Spelled {
        let t = &self.toks[i];
        if !t.is_word() || is_stopword(&t.norm) || is_negation(&t.norm) || t.norm.len() < 3 {
            return None;
        }
        // "highest gpa" is no `hsgpa`: a superlative or comparative
        // adjective spells no part of a name it does not hold.
        let graded = wordnet::adjective_of(&t.norm).is_some_and(|(_, d)| {
            matches!(
                d,
                wordnet::Degree::Superlative | wordnet::Degree::Comparative
            )
        });
        if graded {
            return None;
        }
        // The phrase's unclaimed words from `i`, up to four.
        let words: Vec<(&str, &str)> = (i..self.toks.len().min(i + 4))
            .take_while(|&k| !self.claims.is_claimed(k) && self.toks[k].is_word())
            .map(|k| (self.toks[k].norm.as_str(), self.toks[k].stem.as_str()))
            .collect();
        let key = (i, words.len());
        if let Some(known) = self.spelled.borrow().get(&key) {
            return known.clone();
        }
        // "northeast" of `ne`, "northwest control" of `nwc` (not `nc`): a
        // compass point of two is two words' initials.
        let mut found = words
            .first()
            .and_then(|w| compass_halves(w.0))
            .and_then(|halves| {
                let mut split = vec![halves[0], halves[1]];
                split.extend_from_slice(&words[1..]);
                self.spell_columns(i, &split).filter(|f| f.0 >= 2)
            })
            .map(|(n, cols)| (n - 1, cols));
        if found.is_none() {
            found = self.spell_columns(i, &words);
        }
        // "east target" of `te`: a compass point after the noun it places,
        // the two names' initials the other way round.
        if found.is_none()
            && words.len() >= 2
            && (compass_halves(words[0].0).is_some()
                || matches!(words[0].0, "north" | "south" | "east" | "west"))
        {
            let turned = [words[1], words[0]];
            if let Some((2, cols)) = self.spell_columns(i, &turned) {
                found = Some((2, cols));
            }
        }
        // "years of education" of `eduyrs`, "length of stay" of
        // `stay_len`: the two words the other way round, across "of".
        if found.is_none() && words.len() >= 3 && words[1].0 == "of" && !is_stopword(words[2].0) {
            let turned = [words[2], words[0]];
            if let Some((2, cols)) = self.spell_columns(i, &turned) {
                found = Some((3, cols));
            }
        }
        // "20 years of education", where the number took "years" as its
        // unit: the word after "of" names the field alone.
        if found.is_none()
            && !words.is_empty()
            && i >= 2
            && self.norm(i - 1) == "of"
            && self.toks[i - 2].is_word()
        {
            let before = (self.norm(i - 2), self.toks[i - 2].stem.as_str());
            let turned = [words[0], before];
            if let Some((2, cols)) = self.spell_columns(i, &turned) {
                found = Some((1, cols));
            }
        }
        self.spelled.borrow_mut().insert(key, found.clone());
        found
    }

    /// `spelled_field_at` over every column, for the words from `i`.
    fn spell_columns(&self, i: usize, words: &[(&str, &str)]) -> Spelled {
        let mut best: Option<(usize, bool, Vec<usize>)> = None;
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            // A number glued to a part is a year or a count the phrase
            // says apart ("height" of `hgt97`, see `periods.rs`).
            let parts: Vec<&str> = col
                .name
                .split('_')
                .map(|p| {
                    let letters = p.trim_end_matches(|c: char| c.is_ascii_digit());
                    if letters.len() >= 2 {
                        letters
                    } else {
                        p
                    }
                })
                .filter(|p| !p.is_empty())
                .collect();
            // `d_t`: a name of single letters is spelled by no words'
            // initials ("deeper than").
            if parts.iter().all(|p| p.len() == 1) {
                continue;
            }
            let Some((n, glued_end)) = spell(&parts, words).filter(|&(n, _)| n > 0) else {
                continue;
            };
            // "steel types" of `types`: the second word is the whole name,
            // so the first spells none of it.
            if n == 2
                && parts.len() == 1
                && (words[1].0 == parts[0] || words[1].1 == crate::text::stem(parts[0]))
            {
                continue;
            }
            // A single word spelling a single short part by abbreviation
            // alone is too weak ("c" of "career").
            // Unless the whole name is its first and last letters ("rm"
            // of "rooms"; not `wk10`, which "week 10" names by number).
            if n == 1
                && parts.len() == 1
                && !glued_end
                && parts[0].len() < 3
                && !(col.name == parts[0]
                    && first_and_last(parts[0], words[0].1)
                    // "females" is a sex, not `fl`.
                    && crate::lexicon::sex_of(words[0].0).is_none()
                    && crate::lexicon::age_range(words[0].0).is_none()
                    && self.value_match_at(i, None).is_none())
            {
                continue;
            }
            let named_other = glued_end && self.other_end_named(i, parts[0], &words[0]);
            match &mut best {
                Some((bn, bo, cols)) if *bn == n && *bo == named_other => cols.push(c),
                Some((bn, bo, _)) if *bn > n || (*bn == n && *bo && !named_other) => {}
                _ => best = Some((n, named_other, vec![c])),
            }
        }
        let (n, _, cols) = best?;
        Some((
            n,
            cols.into_iter().map(|c| (c, AliasKind::Partial)).collect(),
        ))
    }

    /// Whether a word within three of `i` names the rest of the glued name
    /// part whose start or end the word `w` spelled (`perc` of `percblack`
    /// by "share", through the abbreviation percent and its synonyms).
    fn other_end_named(&self, i: usize, part: &str, w: &(&str, &str)) -> bool {
        let rest = part
            .strip_suffix(w.0)
            .or_else(|| part.strip_suffix(w.1))
            .or_else(|| part.strip_prefix(w.0))
            .or_else(|| part.strip_prefix(w.1))
            .unwrap_or("");
        if rest.len() < 2 {
            return false;
        }
        let full = crate::lexicon::ABBREVIATIONS
            .iter()
            .find(|(a, _)| *a == rest)
            .map_or(rest, |(_, f)| *f);
        let stem_of = crate::text::stem;
        let group: Vec<String> = crate::lexicon::FIELD_SYNONYMS
            .iter()
            .find(|g| g.iter().any(|x| stem_of(x) == stem_of(full)))
            .map(|g| g.iter().map(|x| stem_of(x)).collect())
            .unwrap_or_else(|| vec![stem_of(full)]);
        (i.saturating_sub(3)..(i + 4).min(self.toks.len()))
            .filter(|&k| k != i && self.toks[k].is_word())
            .any(|k| {
                let t = &self.toks[k];
                group.contains(&t.stem) || abbreviates(rest, &t.norm) && rest.len() >= 3
            })
    }

    /// Whether the word at `i` ("unknown") sits beside a field named in the
    /// phrase other than `column`: "speed unknown", "unknown speed".
    fn absence_of_other_field(&self, i: usize, column: usize) -> bool {
        let before = self.fields.last().filter(|f| f.end == i);
        let after = (i + 1 < self.toks.len())
            .then(|| self.field_match_at(i + 1))
            .flatten()
            .map(|(_, cols)| cols);
        before
            .map(|f| f.columns.clone())
            .into_iter()
            .chain(after)
            .any(|cols| cols.iter().all(|&(c, _)| c != column))
    }

    /// An airline or an airport named in words, over a column of their
    /// IATA codes: "delta" → `DL` in a column named for airlines or
    /// carriers that holds two known airline codes; "o'hare" → `ORD`,
    /// "new york" → `JFK`, `LGA`, `EWR` in every column whose listed values
    /// are three-letter codes, at least three of them known airports.
    /// An element's name ("tin", "uranium") over a text field whose
    /// values are all symbols of elements, or symbols glued (`CuZn`), ten
    /// or more: that symbol; two names side by side ("copper zinc",
    /// "copper and zinc"), the value gluing both symbols when one does.
    fn element_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word() || self.claims.is_claimed(i) {
            return None;
        }
        let symbol = crate::lexicon::element_symbol(&t.norm)?;
        if self.value_match_at(i, None).is_some() {
            return None;
        }
        let cols = &self.ix.profile.columns;
        let elements = |c: usize| {
            cols[c].ty == ColumnType::Text
                && cols[c].values.len() >= 10
                && cols[c]
                    .values
                    .iter()
                    .all(|v| crate::lexicon::glued_symbols(v.value.trim()).is_some())
        };
        let holding = |wanted: &dyn Fn(&str) -> bool| -> Vec<u32> {
            self.ix
                .values
                .iter()
                .enumerate()
                .filter(|(_, e)| wanted(e.value.trim()) && elements(e.column))
                .map(|(id, _)| id as u32)
                .collect()
        };
        // "copper zinc", "copper and zinc", "copper-zinc": the pair's
        // glued value, in either order.
        let joined = usize::from(matches!(
            self.toks.get(i + 1).map(|t| t.norm.as_str()),
            Some("and" | "-" | "+" | "/")
        ));
        let second = self
            .toks
            .get(i + 1 + joined)
            .filter(|t| t.is_word() && !self.claims.is_claimed(i + 1 + joined))
            .and_then(|t| crate::lexicon::element_symbol(&t.norm));
        if let Some(other) = second.filter(|o| *o != symbol) {
            let pair = holding(&|v: &str| {
                crate::lexicon::glued_symbols(v)
                    .is_some_and(|p| p.len() == 2 && p.contains(&symbol) && p.contains(&other))
            });
            if !pair.is_empty() {
                return Some(ValueMention {
                    start: i,
                    end: i + 2 + joined,
                    entries: pair,
                    kind: MatchKind::Synonym,
                });
            }
        }
        let ids = holding(&|v: &str| v == symbol);
        (!ids.is_empty()).then_some(ValueMention {
            start: i,
            end: i + 1,
            entries: ids,
            kind: MatchKind::Synonym,
        })
    }

    fn aviation_code_at(&self, i: usize) -> Option<ValueMention> {
        use crate::lexicon::aviation;
        let words: Vec<&str> = (i..self.toks.len().min(i + 3))
            .take_while(|&k| !self.claims.is_claimed(k) && self.toks[k].is_word())
            .map(|k| self.norm(k))
            .collect();
        // A place the table holds as a value of its own ("out of hawaii"
        // over `origin_state` 'HI') is that value.
        if words.is_empty() || self.value_match_at(i, None).is_some() || self.place_at(i).is_some()
        {
            return None;
        }
        let cols = &self.ix.profile.columns;
        let airline_col = |c: usize| {
            cols[c].ty == ColumnType::Text
                && cols[c]
                    .name
                    .split('_')
                    .any(|w| matches!(w, "airline" | "airlines" | "carrier" | "carriers"))
                && cols[c]
                    .values
                    .iter()
                    .filter(|v| aviation::is_airline_code(v.value.trim()))
                    .count()
                    >= 2
        };
        let airport_col = |c: usize| {
            let vals = &cols[c].values;
            // Named for a trip's ends or for airports: ISO codes of
            // countries (`AUS`, `IND`, `FRA`) are no airports.
            let named = cols[c].name.split('_').any(|w| {
                matches!(
                    w,
                    "origin"
                        | "orig"
                        | "dest"
                        | "destination"
                        | "source"
                        | "airport"
                        | "airports"
                        | "from"
                        | "to"
                        | "departure"
                        | "arrival"
                        | "dep"
                        | "arr"
                        | "iata"
                        | "faa"
                        | "hub"
                        | "src"
                        | "dst"
                )
            });
            named
                && cols[c].ty == ColumnType::Text
                && !vals.is_empty()
                && vals.iter().all(|v| v.value.trim().len() == 3)
                && vals
                    .iter()
                    .filter(|v| aviation::is_airport_code(v.value.trim()))
                    .count()
                    >= 3
        };
        let ids_of = |codes: &[&str], fits: &dyn Fn(usize) -> bool| -> Vec<u32> {
            self.ix
                .values
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    codes.iter().any(|c| e.value.trim().eq_ignore_ascii_case(c)) && fits(e.column)
                })
                .map(|(id, _)| id as u32)
                .collect()
        };
        let airline = aviation::airline_code(&words)
            .map(|(n, code)| (n, ids_of(&[code], &airline_col)))
            .filter(|(_, ids)| !ids.is_empty());
        let airport = aviation::airport_codes(&words)
            .map(|(n, codes)| (n, ids_of(codes, &airport_col)))
            .filter(|(_, ids)| !ids.is_empty());
        // The longer name of the two ("american airlines", "dallas fort
        // worth"); an airline on a tie ("delta": no airport is named so).
        let (n, ids) = match (airline, airport) {
            (Some(a), Some(b)) => {
                if b.0 > a.0 {
                    b
                } else {
                    a
                }
            }
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (None, None) => return None,
        };
        Some(ValueMention {
            start: i,
            end: i + n,
            entries: ids,
            kind: MatchKind::Synonym,
        })
    }

    /// "se to sw", "nw through ne" of a value written `SE-SW`: two words
    /// joined by "to" where the value joins them by a dash.
    fn dashed_value_at(&self, i: usize) -> Option<ValueMention> {
        let free =
            |k: usize| k < self.toks.len() && !self.claims.is_claimed(k) && self.toks[k].is_word();
        if !(free(i)
            && free(i + 1)
            && free(i + 2)
            && matches!(self.norm(i + 1), "to" | "through" | "thru"))
        {
            return None;
        }
        let (a, b) = (self.norm(i), self.norm(i + 2));
        let entries: Vec<u32> = self
            .ix
            .values_by_first
            .get(a)?
            .iter()
            .copied()
            .filter(|&id| {
                let e = &self.ix.values[id as usize];
                e.words.len() == 2
                    && e.words[1] == b
                    && e.value.to_lowercase().replace(' ', "") == format!("{a}-{b}")
            })
            .collect();
        (!entries.is_empty()).then_some(ValueMention {
            start: i,
            end: i + 3,
            entries,
            kind: MatchKind::Exact,
        })
    }

    /// A state named at `i` (its name, one or two words, or its people:
    /// "texans") over a column of codes that begin with a state's postal
    /// code (`TX-12`, `CA-AL`, `NY 3`: congressional districts): every
    /// value of that state.
    fn state_prefixed_at(&self, i: usize) -> Option<ValueMention> {
        let free =
            |k: usize| k < self.toks.len() && !self.claims.is_claimed(k) && self.toks[k].is_word();
        if !free(i) {
            return None;
        }
        // A state ("new york", "texans") or a region of states ("new
        // england"), before any column is looked at.
        let (codes, n) = [3usize, 2, 1].into_iter().find_map(|n| {
            if !(i..i + n).all(free) {
                return None;
            }
            let phrase = (i..i + n)
                .map(|k| self.norm(k))
                .collect::<Vec<_>>()
                .join(" ");
            if let Some((_, states)) = crate::lexicon::US_REGIONS
                .iter()
                .find(|(r, _)| *r == phrase || phrase.strip_suffix("ern") == Some(r))
            {
                return Some((states.to_vec(), n));
            }
            let one = phrase.strip_suffix('s').unwrap_or(&phrase);
            let state = crate::lexicon::STATE_DEMONYMS
                .iter()
                .find(|(d, _)| *d == one)
                .map_or(phrase.as_str(), |(_, s)| s);
            crate::lexicon::US_STATES
                .iter()
                .find(|(name, _)| *name == state)
                .map(|(_, code)| (vec![*code], n))
        })?;
        let cols = &self.ix.profile.columns;
        let prefixed = |v: &str| {
            let b = v.as_bytes();
            b.len() >= 4
                && b[0].is_ascii_uppercase()
                && b[1].is_ascii_uppercase()
                && matches!(b[2], b'-' | b' ' | b'_')
                && b[3..].iter().all(|c| c.is_ascii_alphanumeric())
                && crate::lexicon::US_STATES
                    .iter()
                    .any(|(_, code)| code.as_bytes() == &b[..2])
        };
        // A column of such codes, judged by its commonest values.
        let col = (0..cols.len()).find(|&c| {
            let sample: Vec<&str> = cols[c]
                .values
                .iter()
                .take(100)
                .map(|v| v.value.as_str())
                .collect();
            cols[c].ty == ColumnType::Text
                && sample.len() >= 20
                && sample.iter().filter(|v| prefixed(v)).count() * 10 >= sample.len() * 9
        })?;
        // Its values begin with the code as their first word (`tx` of
        // "TX-12").
        let entries: Vec<u32> = codes
            .iter()
            .filter_map(|code| self.ix.values_by_first.get(&code.to_lowercase()))
            .flatten()
            .copied()
            .filter(|&id| {
                let e = &self.ix.values[id as usize];
                e.column == col && prefixed(&e.value)
            })
            .collect();
        (!entries.is_empty()).then_some(ValueMention {
            start: i,
            end: i + n,
            entries,
            kind: MatchKind::Synonym,
        })
    }

    /// A letter code a size or life-status word stands for ("large" →
    /// `L`, "died" → `D`), in a column whose values are all short codes.
    fn letter_code_at(&self, i: usize) -> Option<ValueMention> {
        let words: Vec<&str> = (i..self.toks.len().min(i + 2))
            .take_while(|&k| !self.claims.is_claimed(k) && self.toks[k].is_word())
            .map(|k| self.norm(k))
            .collect();
        let (n, codes, family) = letter_codes(&words)?;
        let cols = &self.ix.profile.columns;
        // A league's clubs are thirty codes; sizes and statuses a few.
        // Winds run to sixteen points and a calm.
        let compass = family == crate::lexicon::COMPASS_CODES;
        let most = if family == crate::lexicon::MLB_TEAMS {
            60
        } else if compass {
            20
        } else {
            12
        };
        let short = |c: usize| {
            cols[c].ty == ColumnType::Text
                && (2..=most).contains(&cols[c].values.len())
                && cols[c].values.iter().all(|v| {
                    bare_code(&v.value).len() <= 3
                        || family == LIFE_CODES
                        || family == IUCN_CODES
                        || compass && bare_code(&v.value).len() <= 4
                })
                && cols[c]
                    .values
                    .iter()
                    .filter(|v| {
                        family
                            .iter()
                            .any(|f| bare_code(&v.value).eq_ignore_ascii_case(f))
                    })
                    .count()
                    >= 2
        };
        let of_code = |code: &&str| -> Vec<u32> {
            self.ix
                .values
                .iter()
                .enumerate()
                .filter(|(_, e)| bare_code(&e.value).eq_ignore_ascii_case(code) && short(e.column))
                .map(|(id, _)| id as u32)
                .collect()
        };
        let ids: Vec<u32> = if crate::lexicon::codes_are_a_set(family) {
            // "outfielders": every outfield position the column holds.
            let all: Vec<u32> = codes.iter().flat_map(of_code).collect();
            (!all.is_empty()).then_some(all)?
        } else {
            codes.iter().find_map(|code| {
                let ids = of_code(code);
                (!ids.is_empty()).then_some(ids)
            })?
        };
        // "large cities": the word describes another field's noun; not
        // the rows' own number ("southern departments" of `dept`).
        let column = self.ix.values[ids[0] as usize].column;
        let row_number = |c: usize| {
            cols[c].ty == ColumnType::Integer && cols[c].distinct_count >= self.ix.profile.row_count
        };
        let other_noun = (i + n < self.toks.len())
            .then(|| self.field_match_at(i + n))
            .flatten()
            .is_some_and(|(_, fc)| fc.iter().all(|&(c, _)| c != column && !row_number(c)));
        if other_noun {
            return None;
        }
        Some(ValueMention {
            start: i,
            end: i + n,
            entries: ids,
            kind: MatchKind::Inferred,
        })
    }

    /// A code one word spells out, in a column of short codes: the code
    /// begins the word ("Vic" of "victoria", "Row" of "rowers"), its long
    /// part abbreviates the word ("T_Sprnt" of "sprinters"), or its parts
    /// begin and end it ("B_Ball" of "basketball").
    fn word_code_at(&self, i: usize) -> Option<ValueMention> {
        if self.claims.is_claimed(i) {
            return None;
        }
        self.word_code_of(i)
    }

    /// "senators" of `senate`, "councillors" of `council`: a member of
    /// what a value of a categorical field names (the word less "or", the
    /// value's last "e" dropped too). One column only.
    fn member_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if self.claims.is_claimed(i) || !t.is_word() || t.norm.len() < 6 {
            return None;
        }
        let bases: Vec<&str> = ["lors", "ors", "lor", "or"]
            .iter()
            .filter_map(|x| t.norm.strip_suffix(x))
            .filter(|b| b.len() >= 4)
            .collect();
        if bases.is_empty() {
            return None;
        }
        let ids = self.short_values(|e| {
            let v = e.value.trim().to_lowercase();
            e.words.len() == 1
                && bases
                    .iter()
                    .any(|&b| v.strip_suffix('e') == Some(b) || v == b)
        });
        self.one_column(&ids)?;
        Some(one_word(i, ids, MatchKind::Inferred))
    }

    /// `word_code_at` for a word another pass claimed ("bottom", a
    /// superlative that orders by nothing, of `BTM`).
    pub(super) fn word_code_of(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        // ("100 rbi seasons" is no `SEA`: a word of time names no code.)
        if !t.is_word()
            || t.norm.len() < 4
            || is_stopword(&t.norm)
            || is_negation(&t.norm)
            || super::order::is_period_word(&t.stem)
            || self.field_match_at(i).is_some()
        {
            return None;
        }
        let w = t.norm.as_str();
        let stem = t.stem.as_str();
        let spells = |v: &str| -> bool {
            let low = v.to_lowercase();
            if !low.chars().all(|c| c.is_ascii_alphabetic() || c == '_') || low == w || low == stem
            {
                return false;
            }
            let parts: Vec<&str> = low.split('_').filter(|p| !p.is_empty()).collect();
            match parts[..] {
                // "divorced" of `divrcd`, "management" of `Mgmt`: a code
                // no dictionary knows, the word's first and last letters
                // and some between, in order.
                [one]
                    if one.len() >= 4
                        && !w.starts_with(one)
                        && abbreviates(one, w)
                        && one.chars().last() == w.chars().last()
                        && !crate::lexicon::wordnet::knows(one) =>
                {
                    true
                }
                // "bottom" of `BTM`: three capitals, the word's consonants
                // from its first letter to its last.
                [one]
                    if one.len() == 3
                        && v.bytes().all(|b| b.is_ascii_uppercase())
                        && w.len() >= 5
                        && !one.contains(['a', 'e', 'i', 'o', 'u'])
                        && one.chars().next() == w.chars().next()
                        && one.chars().last() == w.chars().last()
                        && abbreviates(one, w)
                        && !crate::lexicon::wordnet::knows(one) =>
                {
                    true
                }
                [one] => {
                    let rest = w.strip_prefix(one).unwrap_or("");
                    one.len() >= 3
                        && w.starts_with(one)
                        && (matches!(rest, "s" | "er" | "ers" | "ing" | "ed" | "or" | "ors")
                            || v.len() <= 4
                                && rest.len() >= 3
                                // "controlled" is no `CON`: a verb's past
                                // is no kind.
                                && !rest.ends_with("ed")
                                && !splits_digraph(one, rest)
                                && !crate::lexicon::wordnet::is_adjective(w))
                }
                [head, tail] => {
                    // "T_Sprnt": a letter of kind and the word abbreviated;
                    // "B_Ball": the word begins with one and ends with the other.
                    head.len() == 1 && tail.len() >= 3 && abbreviates(tail, stem)
                        || w.starts_with(head) && w.ends_with(tail) && tail.len() >= 3
                }
                _ => false,
            }
        };
        // "banks" of `BNK`, "wood" of `WOD`, "transport" of `TRN`: in a
        // column of three capitals only (sectors, kinds), a code that is
        // the word's letters in order from its first.
        // Of two capitals ("goalkeepers" of `GK`, "turboprops" of `TP`,
        // "strikers" of `ST` beside `CAM`, `LWB`), only for a long word
        // whose second letter is the code's, or begins a part of three
        // letters or more after one of three or more ("goal|keepers",
        // "turbo|props"): "takeoff" is no `TF`.
        let two_of = |v: &str| {
            let code = v.to_ascii_lowercase();
            let (a, b) = (code.as_bytes()[0], code.as_bytes()[1]);
            let wb = w.as_bytes();
            w.len() >= 6 && wb[0] == a && (wb[1] == b || (3..=wb.len() - 3).any(|k| wb[k] == b))
        };
        let squeezed = |v: &str, c: usize| {
            v.bytes().all(|b| b.is_ascii_uppercase())
                && (v.len() == 3 && self.capital_code_column(c, 3..=3)
                    || v.len() == 2
                        && self.capital_code_column(c, 2..=3)
                        && !self.place_code_column(c)
                        && two_of(v))
                // ("companies" of a table of firms is no `CON`, nor
                // "controlled": a verb's past is no kind.)
                && !crate::lexicon::is_kind_noun(stem)
                && !w.ends_with("ed")
                && {
                    let low = v.to_lowercase();
                    v.len() == 2 || abbreviates(&low, stem) || abbreviates(&low, w)
                }
        };
        let of = |fits: &dyn Fn(&crate::index::ValueEntry) -> bool| -> Vec<u32> {
            self.ix
                .short_codes
                .iter()
                .copied()
                .filter(|&id| fits(&self.ix.values[id as usize]))
                .collect()
        };
        // (A code the word begins wins: "manufacturers" is `MAN`, not
        // `MER` as well.)
        let mut ids = of(&|e| spells(&e.value));
        if ids.is_empty() {
            ids = of(&|e| squeezed(e.value.trim(), e.column));
        }
        // One column, one or two codes: more is a guess.
        if ids.len() > 2 {
            return None;
        }
        self.one_column(&ids)?;
        Some(ValueMention {
            start: i,
            end: i + 1,
            entries: ids,
            kind: MatchKind::Inferred,
        })
    }

    /// "alive with disease" of `AWD`: three words, a little word between
    /// two others, whose initials are a code of capitals of a field of at
    /// most 12 values. One column only.
    fn initials_across_at(&self, i: usize) -> Option<ValueMention> {
        let little = |k: usize| {
            self.toks.get(k).is_some_and(|t| {
                matches!(
                    t.norm.as_str(),
                    "with" | "of" | "and" | "in" | "on" | "at" | "for" | "to" | "the" | "by"
                )
            }) && !self.claims.is_claimed(k)
        };
        if !(self.plain_words_at(i, 1) && little(i + 1) && self.plain_words_at(i + 2, 1)) {
            return None;
        }
        let initials: String = (i..i + 3)
            .filter_map(|k| self.norm(k).chars().next())
            .collect::<String>()
            .to_uppercase();
        let cols = &self.ix.profile.columns;
        let ids =
            self.short_values(|e| e.value.trim() == initials && cols[e.column].values.len() <= 12);
        self.one_column(&ids)?;
        Some(ValueMention {
            start: i,
            end: i + 3,
            entries: ids,
            kind: MatchKind::Inferred,
        })
    }

    /// The field mention right after a word at `i` that is a form of
    /// another word of the one field's name ("charge" before "date" of
    /// `date_charged`): its length and column.
    fn name_word_before_field(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 4 || is_stopword(&t.norm) || i + 1 >= self.toks.len() {
            return None;
        }
        let (len, cols) = self.field_match_at(i + 1)?;
        let [(c, _)] = cols[..] else {
            return None;
        };
        let said: Vec<&str> = (i + 1..i + 1 + len)
            .map(|k| self.toks[k].stem.as_str())
            .collect();
        let name = self.ix.column_name(c);
        (name.contains('_')
            && name.split('_').any(|w| {
                let w = crate::text::stem(w);
                !said.contains(&w.as_str()) && super::yes_no::name_word_form(&t.stem, &w)
            }))
        .then_some((len, cols))
    }

    /// Whether column `c` holds places' codes (`MN`, `BR`): named for a
    /// state, country or origin, or most of its values US states' codes.
    /// No word's letters squeeze into those ("millionaires" is no `MN`).
    fn place_code_column(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        let named = col.name.split('_').any(|w| {
            matches!(
                w,
                "state"
                    | "st"
                    | "country"
                    | "cntry"
                    | "origin"
                    | "nation"
                    | "nationality"
                    | "province"
                    | "region"
                    | "destination"
                    | "dest"
                    | "location"
            )
        });
        let states = col
            .values
            .iter()
            .filter(|v| {
                crate::lexicon::US_STATES
                    .iter()
                    .any(|s| s.1 == v.value.trim())
            })
            .count();
        named || states * 2 >= col.values.len()
    }

    /// Whether column `c` holds codes of capitals of `lens` letters (three:
    /// `BNK`, `MIN`, `WOD`; two or three: `GK`, `CAM`): a text field of 3
    /// to 30 values, every one such a code.
    fn capital_code_column(&self, c: usize, lens: std::ops::RangeInclusive<usize>) -> bool {
        let col = &self.ix.profile.columns[c];
        col.ty == ColumnType::Text
            && (3..=30).contains(&col.values.len())
            && col.values.iter().all(|v| {
                let v = v.value.trim();
                lens.contains(&v.len()) && v.bytes().all(|b| b.is_ascii_uppercase())
            })
    }

    /// A code value the words at `i` spell out: "blue collar" for `bc` (the
    /// initials), "assistant professor" for `AsstProf` (each part of the
    /// code abbreviates one word, in order). Two or three words.
    fn code_value_at(&self, i: usize) -> Option<ValueMention> {
        for n in (2..=3).rev() {
            // "no league" is no `NL`. A little word may lead a code that
            // spells it out ("some" of `somePS`).
            let led = || {
                self.plain_words_at(i + 1, n - 1)
                    && !self.claims.is_claimed(i)
                    && self.toks[i].is_word()
                    && !is_negation(self.norm(i))
                    && self.ix.code_values.iter().any(|&id| {
                        let v = &self.ix.values[id as usize].value;
                        v.strip_prefix(self.norm(i))
                            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
                    })
            };
            if !self.plain_words_at(i, n) && !led() {
                continue;
            }
            // Words that name a value of their own, or another field, are
            // not a spelled-out code ("popular genre" is not `PG`; "blue
            // collar" may be `bc` of the collar field).
            if (i..i + n).any(|k| self.value_match_at(k, None).is_some()) {
                continue;
            }
            // "added before 1993" is no `AB`: a word of comparison spells
            // no code.
            let comparing = (i..i + n).any(|k| {
                crate::lexicon::COMPARATORS
                    .iter()
                    .any(|c| c.words.len() == 1 && c.words[0] == self.norm(k))
            });
            if comparing {
                continue;
            }
            let named: Vec<usize> = (i..i + n)
                .filter_map(|k| self.field_match_at(k))
                .flat_map(|(_, cols)| cols.into_iter().map(|c| c.0))
                .collect();
            let words: Vec<&str> = (i..i + n).map(|k| self.norm(k)).collect();
            let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
            // Each code that fits, with how many of its letters begin the
            // words; only the best fits are kept ("assoc" of "associate"
            // over "asst").
            let scored: Vec<(u32, usize)> = self
                .ix
                .code_values
                .iter()
                .copied()
                .filter(|&id| {
                    let e = &self.ix.values[id as usize];
                    named.iter().all(|&c| c == e.column)
                })
                .filter_map(|id| {
                    let v = &self.ix.values[id as usize].value;
                    // Two initials spell one of many codes by chance ("live
                    // alone" is no `LA` of fifty states): only among a few.
                    let column = &self.ix.profile.columns[self.ix.values[id as usize].column];
                    let compass = words
                        .iter()
                        .all(|w| matches!(*w, "north" | "south" | "east" | "west"));
                    let by_chance = n == 2 && column.distinct_count > 12 && !compass;
                    if v.to_lowercase() == initials && !by_chance {
                        return Some((id, n));
                    }
                    let parts = code_parts(v);
                    // "workers comp" of `wkcomp`, "product liability" of
                    // `prodliab`: a code of one case cut into the words'
                    // short forms, in order.
                    if parts.len() == 1 && v.len() >= 5 && squashes(&v.to_lowercase(), &words) {
                        return Some((id, n));
                    }
                    let fits = parts.len() == n
                        && parts.iter().zip(&words).all(|(p, w)| {
                            p.len() >= 2 && abbreviates(p, w)
                                    // `somePS` of "some post-secondary": a
                                    // word, then capitals that are initials.
                                    || p.len() == 1
                                        && w.starts_with(p.as_str())
                                        && parts[0].len() >= 3
                        });
                    fits.then(|| {
                        let score = parts
                            .iter()
                            .zip(&words)
                            .map(|(p, w)| {
                                p.chars().zip(w.chars()).take_while(|(a, b)| a == b).count()
                            })
                            .sum();
                        (id, score)
                    })
                })
                .collect();
            let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
            let ids: Vec<u32> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
            if !ids.is_empty() {
                return Some(ValueMention {
                    start: i,
                    end: i + n,
                    entries: ids,
                    kind: MatchKind::Inferred,
                });
            }
        }
        None
    }

    /// A field whose name abbreviates the word at `i`: "applications" for
    /// `apps`, "population" for `pop` (a number field whose name's word
    /// begins the word, at least three letters longer), "handed" for
    /// `w_hnd` (a name word without vowels whose letters the word has in
    /// order); only when one field fits.
    fn abbreviated_field(&self, i: usize) -> Option<usize> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 5 || is_stopword(&t.norm) {
            return None;
        }
        let cols = &self.ix.profile.columns;
        let mut found = (0..cols.len()).filter(|&c| {
            self.ix.column_words[c].iter().any(|w| {
                let w = w.strip_suffix('s').filter(|r| r.len() >= 3).unwrap_or(w);
                if w.len() < 3 || t.norm.len() < w.len() + 2 {
                    return false;
                }
                // "citations" of `cites`, "elections" of `elect`: the noun
                // a verb's name makes.
                let noun = t.norm.strip_suffix('s').unwrap_or(&t.norm);
                let made = ["ation", "ion"].iter().any(|suf| {
                    noun.strip_suffix(suf)
                        .is_some_and(|b| b.len() >= 3 && (w == b || w.strip_suffix('e') == Some(b)))
                });
                if made && w.len() >= 4 {
                    return true;
                }
                // A prefix ("pop" of "population") for a number field; the
                // letters in order from the first ("hnd" of "handed") for
                // any field, when they are not a word of their own.
                let ordered = matches!(cols[c].ty, ColumnType::Integer | ColumnType::Float);
                (ordered && t.norm.starts_with(w) && t.norm.len() >= w.len() + 3)
                    || (!w.chars().any(|ch| "aeiou".contains(ch)) && abbreviates(w, &t.norm))
            }) || self.glued_end_abbreviates(c, &t.norm)
        });
        let first = found.next()?;
        let rest: Vec<usize> = found.collect();
        if rest.is_empty() {
            return Some(first);
        }
        // "accidents" of `totacc` beside `fatacc`, `injacc`: the total.
        let mut totals = std::iter::once(first)
            .chain(rest)
            .filter(|&c| cols[c].name.starts_with("tot"));
        let total = totals.next()?;
        totals.next().is_none().then_some(total)
    }

    /// "sentences" of `avgsen`, "arrest" of `prbarr`, "police" of `polpc`,
    /// "manufacturing" of `wmfg`, "crimes" of `crmrte`: a number field's
    /// name glued from short forms, no dictionary's word and no known
    /// short form, whose start or end (three letters or more, one letter
    /// or more left over) begins the word (two letters or more shorter) or
    /// is, with no vowel, the word's letters in order from its first.
    fn glued_end_abbreviates(&self, c: usize, word: &str) -> bool {
        let col = &self.ix.profile.columns[c];
        if !matches!(col.ty, ColumnType::Integer | ColumnType::Float) {
            return false;
        }
        let letters = col.name.trim_end_matches(|ch: char| ch.is_ascii_digit());
        if letters.len() < 4
            || !letters.bytes().all(|b| b.is_ascii_lowercase())
            || wordnet::knows(letters)
            || wordnet::knows(letters.strip_suffix('s').unwrap_or(letters))
            || crate::lexicon::ABBREVIATIONS
                .iter()
                .any(|(a, _)| *a == letters)
        {
            return false;
        }
        let cuts = |seg: &str| {
            seg.len() >= 3
                && !crate::lexicon::ABBREVIATIONS.iter().any(|(a, _)| *a == seg)
                && (word.len() >= seg.len() + 2 && word.starts_with(seg)
                    || !seg.chars().any(|ch| "aeiou".contains(ch)) && abbreviates(seg, word))
        };
        // `prio` is "prior" cut short, no glued name: its start that
        // leaves one letter over begins no word ("prisoners"). (An end
        // after one letter does: `drat`, the "d" before "ratio".)
        let vowel = |seg: &str| seg.contains(['a', 'e', 'i', 'o', 'u']);
        (3..letters.len()).any(|k| {
            cuts(&letters[..k]) && (k + 1 < letters.len() || !vowel(&letters[..k]))
                || cuts(&letters[letters.len() - k..])
        })
    }

    /// "speed limit" of `slim`, "lane width" (or "lanes wider") of
    /// `lwid`: a short number field's name glued from the first word's
    /// initial and the start of the second. One field only.
    fn initial_glued_field(&self, i: usize) -> Option<usize> {
        let free =
            |k: usize| k < self.toks.len() && !self.claims.is_claimed(k) && self.toks[k].is_word();
        if !(free(i) && free(i + 1)) || is_stopword(self.norm(i)) {
            return None;
        }
        let (a, b) = (self.norm(i), self.norm(i + 1));
        if a.len() < 3 || b.len() < 4 {
            return None;
        }
        let cols = &self.ix.profile.columns;
        let mut found = (0..cols.len()).filter(|&c| {
            let name = cols[c].name.as_str();
            matches!(cols[c].ty, ColumnType::Integer | ColumnType::Float)
                && (4..=6).contains(&name.len())
                && name.bytes().all(|x| x.is_ascii_lowercase())
                && name.as_bytes()[0] == a.as_bytes()[0]
                && b.starts_with(&name[1..])
        });
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// "the us", "US": the country, not the pronoun.
    fn is_us(&self, i: usize) -> bool {
        let t = &self.toks[i];
        // "us earthquakes": the first word, before a noun, is no pronoun.
        let leading = i == 0
            && self
                .toks
                .get(1)
                .is_some_and(|n| n.is_word() && !is_stopword(&n.norm));
        // "us and uk", "canada or us": joined to another country's name.
        let place = |k: usize| {
            self.toks.get(k).is_some_and(|n| {
                n.is_word() && n.norm != "us" && !crate::lexicon::place_variants(&n.norm).is_empty()
            })
        };
        let joined = |k: usize| {
            self.toks
                .get(k)
                .is_some_and(|n| matches!(n.norm.as_str(), "and" | "or"))
        };
        let coordinated = joined(i + 1) && place(i + 2) || i >= 2 && joined(i - 1) && place(i - 2);
        t.norm == "us"
            && (&self.query[t.start..t.end] == "US"
                || leading
                || coordinated
                || i > 0 && matches!(self.norm(i - 1), "the" | "non"))
    }

    /// Part of a several-word value: the longest run of words starting at
    /// `i` that appears, in order, inside few values of one field ("Senna"
    /// for "Ayrton Senna", "camarines sur" for "Camarines Sur Province").
    pub(super) fn partial_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word()
            || is_stopword(&t.norm)
            || is_negation(&t.norm)
            || t.norm.chars().count() < 3
        {
            return None;
        }
        if self.ix.row_nouns.contains(&t.stem)
            || self.ix.fields_by_first.contains_key(&t.stem)
            || t.norm != t.stem && crate::lexicon::is_kind_noun(&t.stem)
            // "after more than 24 hours": a word of comparison.
            || matches!(t.norm.as_str(), "after" | "before" | "since" | "until" | "during")
        {
            return None;
        }
        // "4 or more bedrooms": a word of a comparison is no part of a value
        // (`More_Than_Two_Types`).
        let comparing = matches!(
            t.norm.as_str(),
            "more" | "less" | "fewer" | "greater" | "most" | "least" | "over" | "under"
        ) && self.toks.get(i + 1).is_some_and(|n| n.norm == "than")
            // "perceived harm 7 or higher" is no `bachelor's degree or
            // higher`: a comparative after "N or".
            || i >= 2
                && self.toks[i - 2].number().is_some()
                && crate::lexicon::TRAILING.iter().any(|(words, _)| {
                    words.len() == 2 && words[0] == self.toks[i - 1].norm && words[1] == t.norm
                });
        if comparing || self.ops.iter().any(|o| o.start <= i && i < o.end) {
            return None;
        }
        // "still killing after 2015": a verb's -ing form after "still" or
        // a form of "be" is what is done, no part of a name ('… Killings').
        if t.norm.len() >= 6
            && t.norm.ends_with("ing")
            && i > 0
            && matches!(
                self.norm(i - 1),
                "still" | "is" | "are" | "was" | "were" | "been"
            )
        {
            return None;
        }
        // "women over 50" beside a sex field: the people pass reads it
        // (not `Women's retraining` of another field).
        // "women's retraining" is the value holding both words.
        let continued = self.toks.get(i + 1).is_some_and(|n| {
            n.is_word()
                && self.ix.values_by_word.get(&t.stem).is_some_and(|ids| {
                    ids.iter()
                        .any(|&id| self.ix.values[id as usize].stems.contains(&n.stem))
                })
        });
        if crate::lexicon::sex_of(&t.norm).is_some() && self.sex_column().is_some() && !continued {
            return None;
        }
        let mut cands: Vec<u32> = self.ix.values_by_word.get(&t.stem)?.clone();
        if cands.len() >= 64 || is_absence_word(&t.norm) {
            return None;
        }
        // "years in the lost job" of `joblost`: a word of a field's own name
        // is no evidence for one of its values (`seasonal_job_ended`).
        cands.retain(|&id| {
            let name = self.ix.column_name(self.ix.values[id as usize].column);
            !name.replace('_', "").contains(t.stem.as_str())
        });
        if cands.is_empty() {
            return None;
        }
        // An adjective inside titles or names ("silent films") is no part
        // of one record's name.
        if self.attributive_adjective(i) {
            cands.retain(|&id| !self.names_like(self.ix.values[id as usize].column));
            if cands.is_empty() {
                return None;
            }
        }
        let mut end = i + 1;
        // Extend over following words that continue the same values.
        while end < self.toks.len() && !self.claims.is_claimed(end) && self.toks[end].is_word() {
            let keep: Vec<u32> = cands
                .iter()
                .copied()
                .filter(|&id| {
                    let e = &self.ix.values[id as usize];
                    e.stems
                        .windows(end - i + 1)
                        .any(|w| w.iter().zip(i..=end).all(|(s, k)| *s == self.toks[k].stem))
                })
                .collect();
            if keep.is_empty() {
                break;
            }
            cands = keep;
            end += 1;
        }
        // A lone common word inside many values is a trait, not a value.
        // The same value in several fields (`regular+aide` of `star1` …
        // `star3`) counts once.
        let mut distinct: Vec<&str> = cands
            .iter()
            .map(|&id| self.ix.values[id as usize].value.as_str())
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        // "raiders" of `Oakland Raiders` in `team` and `opposing_team`, and
        // inside many descriptions of games: the one value the fields
        // holding a single one share.
        if distinct.len() > 3 {
            let mut per_column: std::collections::HashMap<usize, Vec<&str>> =
                std::collections::HashMap::new();
            for &id in &cands {
                let e = &self.ix.values[id as usize];
                per_column
                    .entry(e.column)
                    .or_default()
                    .push(e.value.as_str());
            }
            let mut single: Vec<&str> = per_column
                .values()
                .filter(|vs| vs.len() == 1)
                .map(|vs| vs[0])
                .collect();
            let fields = single.len();
            single.sort_unstable();
            single.dedup();
            // (Held by two fields at least: one field's one value among
            // many elsewhere is no evidence.)
            if let ([one], 2..) = (&single[..], fields) {
                let one = one.to_string();
                cands.retain(|&id| self.ix.values[id as usize].value == one);
                distinct = vec![];
            }
        }
        // "fruits" of `Fruits A-F`, `Fruits G-P`, `Fruits R-Z`, "wildland"
        // of `Wildland Full-Time`, `Wildland Contract`: the word that
        // begins two values or more of one field of few values, and every
        // value it is found in there, is that family of values.
        let mut family = false;
        if distinct.len() > 3 && end - i == 1 {
            let cols = &self.ix.profile.columns;
            let mut heads: Vec<usize> = cands
                .iter()
                .map(|&id| self.ix.values[id as usize].column)
                .filter(|&c| {
                    let of_c: Vec<&ValueEntry> = cands
                        .iter()
                        .map(|&id| &self.ix.values[id as usize])
                        .filter(|e| e.column == c)
                        .collect();
                    cols[c].distinct_count <= 30
                        && of_c.len() >= 2
                        && of_c
                            .iter()
                            .all(|e| e.stems.len() >= 2 && e.stems[0] == t.stem)
                })
                .collect();
            heads.sort_unstable();
            heads.dedup();
            if let [c] = heads[..] {
                cands.retain(|&id| self.ix.values[id as usize].column == c);
                family = true;
            }
        }
        if !family && (distinct.len() > 6 || (end - i == 1 && distinct.len() > 3)) {
            return None;
        }
        // "hispanic workers" beside `Service_Workers` and `Sales_Workers`:
        // a plural word for people that ends several values is who the
        // records are, not one kind of them.
        // So is one that heads the phrase ("workers older than 65" beside
        // `sales workers`).
        let heads = (0..i).all(|k| is_stopword(self.norm(k)) || !self.toks[k].is_word());
        if end - i == 1
            && (distinct.len() >= 2
                || heads
                    && cands
                        .iter()
                        .all(|&id| self.ix.values[id as usize].stems.len() >= 2))
            && t.norm != t.stem
            && crate::lexicon::is_person_noun(&t.norm)
            && cands
                .iter()
                .all(|&id| self.ix.values[id as usize].stems.last() == Some(&t.stem))
        {
            return None;
        }
        // "children under 5" beside `Mott Children's Hosp`: a word of age
        // in a table of ages names people, not a part of a longer name.
        // ("children's hospitals" is the name's word.)
        let (said, after) = (&self.query[t.start..t.end], &self.query[t.end..]);
        let possessive = ["'s", "’s"]
            .iter()
            .any(|s| said.ends_with(s) || after.starts_with(s));
        if end - i == 1
            && !possessive
            && crate::lexicon::age_range(&t.norm).is_some()
            && self.age_column().is_some()
            && cands
                .iter()
                .all(|&id| self.ix.values[id as usize].stems.len() >= 2)
        {
            return None;
        }
        // A lone adjective that only modifies a name ("new" of "New York",
        // "south" of "South Korea") is no evidence for it; one that ends it
        // may be ("gull" of "Herring gull").
        if end - i == 1 && crate::lexicon::wordnet::is_adjective(&t.norm) {
            cands.retain(|&id| self.ix.values[id as usize].stems.last() == Some(&t.stem));
            if cands.is_empty() {
                return None;
            }
        }
        Some(ValueMention {
            start: i,
            end,
            entries: cands,
            kind: MatchKind::Inferred,
        })
    }
}

/// Whether `short` is `long` abbreviated: its letters in order, starting
/// with the same letter ("hnd" of "handed", "asst" of "assistant").
/// A value mention of the one word at `i`.
fn one_word(i: usize, entries: Vec<u32>, kind: MatchKind) -> ValueMention {
    ValueMention {
        start: i,
        end: i + 1,
        entries,
        kind,
    }
}

/// Whether a column's name is a state's or province's code or its name
/// cut short (`mi`, `ky`, `wisc`, `illinois`).
pub(super) fn place_flag(col: &str) -> bool {
    crate::lexicon::US_STATES
        .iter()
        .chain(crate::lexicon::OTHER_STATES)
        .any(|(name, code)| {
            code.eq_ignore_ascii_case(col)
                || col.len() >= 4 && name.replace(' ', "").starts_with(col)
        })
}

/// What a value written below another says it is below: the rest after
/// "<", "lt-", "lt ", "less than " or a "less" glued to a capital (`<HS`,
/// `lt-hs`, `lessHS`), lowercase.
fn below_rest(value: &str) -> Option<String> {
    let v = value.trim().to_lowercase();
    let rest = v
        .strip_prefix('<')
        .or_else(|| v.strip_prefix("lt-"))
        .or_else(|| v.strip_prefix("lt "))
        .or_else(|| v.strip_prefix("less than "))
        // `lessHS` beside `HS`: "less" glued to a capital.
        .or_else(|| {
            value
                .trim()
                .strip_prefix("less")
                .filter(|r| r.starts_with(|c: char| c.is_ascii_uppercase() || c == '-'))
                .map(|_| &v[4..])
        })?;
    Some(rest.trim_start_matches('-').trim().to_string())
}

/// The two compass points a compound one is made of ("northeast",
/// "south-western"), as words (normal form and stem).
pub(super) fn compass_halves(w: &str) -> Option<[(&'static str, &'static str); 2]> {
    let w = w.replace('-', "");
    let w = w
        .strip_suffix("ern")
        .or_else(|| w.strip_suffix("erly"))
        .unwrap_or(&w);
    let (a, b) = [("north", "north"), ("south", "south")]
        .into_iter()
        .find_map(|a| w.strip_prefix(a.0).map(|rest| (a, rest)))?;
    let b = [("east", "east"), ("west", "west")]
        .into_iter()
        .find(|e| e.0 == b)?;
    Some([a, b])
}

/// A field mention spelled from a token: its length and columns.
pub(super) type Spelled = Option<(usize, Vec<(usize, AliasKind)>)>;

/// How many of `words` (each its normal form and stem), from the first,
/// spell every one of a column name's `parts` in order (see
/// `spelled_field_at`), and whether a part was only the start or end of a
/// glued part.
fn spell(parts: &[&str], words: &[(&str, &str)]) -> Option<(usize, bool)> {
    let Some((part, rest)) = parts.split_first() else {
        return Some((0, false));
    };
    let (w, more) = words.split_first()?;
    // The part is the word or abbreviates it.
    let by_word = part_spells(part, w)
        .then(|| spell(rest, more).map(|(n, g)| (n + 1, g)))
        .flatten();
    // The initials of two or three words ("hr" of "home runs", "rbi" of
    // "runs batted in"); a part WordNet knows ("fl", "bd") only of
    // content words ("frontal lobe", "body depth").
    let mut by_initials = None;
    for n in 2..=3 {
        if part.len() != n || words.len() < n {
            continue;
        }
        let content = words[..n].iter().all(|w| {
            w.0.len() >= 4 && w.0.bytes().all(|b| b.is_ascii_lowercase()) && !is_stopword(w.0)
        });
        if wordnet::knows(part) && !content {
            continue;
        }
        // "cash than" is no `ct`: a joining or comparing word starts nothing.
        if words[..n]
            .iter()
            .any(|w| matches!(w.0, "than" | "and" | "or" | "but"))
        {
            continue;
        }
        let initials: String = words[..n]
            .iter()
            .filter_map(|w| w.0.chars().next())
            .collect();
        if initials == *part {
            if let Some((m, g)) = spell(rest, &words[n..]) {
                by_initials = Some((m + n, g));
                break;
            }
        }
    }
    // Of both, the one that spells with more words ("bd" of "body
    // depth", not of "body" alone).
    match (by_word, by_initials) {
        (Some(a), Some(b)) => return Some(if b.0 > a.0 { b } else { a }),
        (Some(a), None) | (None, Some(a)) => return Some(a),
        (None, None) => {}
    }
    // A part glued from two words ("rep" + "wt"), itself no word.
    let glued = part.len() >= 4 && !wordnet::knows(part);
    // The initials of two words and a third whole ("high school gpa" of
    // `hsgpa`).
    if glued && words.len() >= 3 && part.is_char_boundary(2) {
        let (a, b) = part.split_at(2);
        let initials: String = words[..2]
            .iter()
            .filter_map(|w| w.0.chars().next())
            .collect();
        let content = words[..2]
            .iter()
            .all(|w| w.0.len() >= 3 && !is_stopword(w.0));
        if content && initials == a && (b == words[2].0 || b == words[2].1) {
            if let Some((n, g)) = spell(rest, &words[3..]) {
                return Some((n + 3, g));
            }
        }
    }
    // A whole word and the initial of the word before it ("verbal sat" of
    // `satv`).
    if let Some(w2) = more.first().filter(|_| glued) {
        let cut = part.len() - 1;
        if part.is_char_boundary(cut) {
            let (a, b) = part.split_at(cut);
            if (a == w2.0 || a == w2.1) && w.0.len() >= 3 && w.0.starts_with(b) {
                if let Some((n, g)) = spell(rest, &more[1..]) {
                    return Some((n + 2, g));
                }
            }
        }
    }
    if let Some((w2, more2)) = more.split_first().filter(|_| glued) {
        for cut in (1..part.len()).filter(|&c| part.is_char_boundary(c)) {
            let (a, b) = part.split_at(cut);
            // One letter for a word only before a whole word: `fage` of
            // "father's age"; and after one: `actm` of "act math".
            let second = if cut == 1 {
                b == w2.0 || b == w2.1
            } else if b.len() == 1 {
                (a == w.0 || a == w.1) && w2.0.len() >= 3 && w2.0.starts_with(b)
            } else {
                part_spells(b, w2)
            };
            if part_spells(a, w) && second {
                if let Some((n, g)) = spell(rest, more2) {
                    return Some((n + 2, g));
                }
            }
            // The rest the initials of the next words ("high blood
            // pressure" of `highbp`).
            let k = b.len();
            if (2..=3).contains(&k)
                && more.len() >= k
                && part_spells(a, w)
                && more[..k]
                    .iter()
                    .zip(b.chars())
                    .all(|(x, c)| x.0.starts_with(c))
            {
                if let Some((n, g)) = spell(rest, &more[k..]) {
                    return Some((n + 1 + k, g));
                }
            }
        }
    }
    // The only part, of which the word is the start or end ("metro" of
    // `inmetro`, "poverty" of `percbelowpoverty`).
    // Three letters after a little word ("bed" of `inbed`).
    let after_little = ["in", "is", "on", "at", "no"]
        .iter()
        .any(|l| part.strip_prefix(l) == Some(w.0));
    // A word cut short and a word of a name's kind ("smokers" of
    // `smstat`, smoking status).
    // "n" and most of a word: a count of it ("owners" of `nown`,
    // "full-timers" of `nfull`; not "american" of `name`).
    if rest.is_empty() && glued {
        let counted = part
            .strip_prefix('n')
            .filter(|r| r.len() >= 3 && r.len() + 3 >= w.0.len())
            .is_some_and(|r| w.0.starts_with(r) || w.1.starts_with(r));
        if counted {
            return Some((1, true));
        }
    }
    if rest.is_empty() && glued {
        let cut_and_kind = ["stat", "status", "flag", "yn", "ind", "code", "cd", "type"]
            .iter()
            .filter_map(|k| part.strip_suffix(k))
            .any(|a| a.len() >= 2 && part_spells(a, w));
        if cut_and_kind {
            return Some((1, true));
        }
    }
    if rest.is_empty() && (w.0.len() >= 4 || w.0.len() == 3 && after_little) {
        let ends =
            |x: &str| part.len() >= x.len() + 2 && (part.ends_with(x) || part.starts_with(x));
        if ends(w.0) || ends(w.1) && w.1.len() >= 4 {
            return Some((1, true));
        }
    }
    None
}

/// A word without its gerund, agent or plural ending, and a final "e":
/// "smoking", "smoker", "smokers", "smoke" → "smok"; "renters" → "rent".
fn verb_base(w: &str) -> String {
    let w = w.to_lowercase();
    let cut = ["ings", "ing", "ers", "er", "es", "s", "e"]
        .iter()
        .find_map(|suf| w.strip_suffix(suf).filter(|b| b.len() >= 3));
    cut.unwrap_or(&w).to_string()
}

/// Whether a two-letter name part is the first letter and the closing
/// consonant of a content word's stem ("rm" of "room", "wt" of
/// "weight", "lg" of "league"), and no word of its own.
fn first_and_last(part: &str, stem: &str) -> bool {
    // Its closing consonant: "league" closes on "g".
    let closed = stem.trim_end_matches(['a', 'e', 'i', 'o', 'u']);
    let (p, w) = (part.as_bytes(), closed.as_bytes());
    p.len() == 2
        && w.len() >= 4
        && !is_stopword(stem)
        && p[0] == w[0]
        && p[1] == w[w.len() - 1]
        && !b"aeiouy".contains(&p[1])
        && !wordnet::knows(part)
}

/// Whether a name part is the word (normal form or stem) or abbreviates it.
fn part_spells(part: &str, w: &(&str, &str)) -> bool {
    if part == w.0 || part == w.1 {
        return true;
    }
    if crate::lexicon::ABBREVIATIONS
        .iter()
        .any(|(a, f)| *a == part && (*f == w.0 || crate::text::stem(f) == w.1))
    {
        return true;
    }
    // `id` is an identifier's, never the short form of another word
    // ("interviewed").
    if part == "id" {
        return false;
    }
    // A place's code ("qld" of queensland, "ca" of california).
    if (2..=3).contains(&part.len())
        && w.0.len() >= 4
        && crate::lexicon::state_code(w.0).is_some_and(|c| c.eq_ignore_ascii_case(part))
    {
        return true;
    }
    // WordNet's own short form ("diam" of diameter).
    if part.len() >= 3 && wordnet::synonyms(w.0).contains(&part) {
        return true;
    }
    // An abbreviation: a short start ("rep" of "reported") or the word's
    // consonants in order ("hm" of "home", "wt" of "weight").
    let consonants = part.chars().skip(1).all(|c| !"aeiou".contains(c));
    // A word of its own is not an abbreviation: "snowiest" is no `snow`.
    let start = w.0.starts_with(part) && (part.len() <= 3 || !wordnet::knows(part));
    // A longer start no dictionary knows ("vulner" of "vulnerability").
    let long_start = part.len() >= 5
        && part.len() + 2 <= w.0.len()
        && w.0.starts_with(part)
        && !wordnet::knows(part);
    long_start
        || part.len() <= 4
            && part.len() < w.0.len()
            && (start || consonants && abbreviates(part, w.0))
}

/// Whether `short` is `long`'s letters in order from its first. An `h`
/// taken without the letter before it in "sh", "ch", "th", "ph", "gh" or
/// "wh" is the second half of one sound, which no short form keeps alone:
/// `phd` is no short form of "published".
pub(super) fn abbreviates(short: &str, long: &str) -> bool {
    let long: Vec<char> = long.chars().collect();
    if short.chars().next() != long.first().copied() {
        return false;
    }
    let mut at = 0;
    let mut taken: Option<usize> = None;
    for c in short.chars() {
        let Some(k) = (at..long.len()).find(|&k| long[k] == c) else {
            return false;
        };
        let half = c == 'h'
            && k > 0
            && matches!(long[k - 1], 'c' | 's' | 't' | 'p' | 'g' | 'w')
            && taken != Some(k - 1);
        if half {
            return false;
        }
        taken = Some(k);
        at = k + 1;
    }
    true
}

/// Whether `code` is the words' short forms written together: each a
/// start of its word or its letters in order from the first (one letter
/// only for all but the last word), the last three letters or more
/// ("wkcomp" of workers comp, "ppauto" of private passenger auto).
fn squashes(code: &str, words: &[&str]) -> bool {
    match words {
        [] => code.is_empty(),
        [last] => code.len() >= 3 && abbreviates(code, last),
        [w, rest @ ..] => (1..code.len()).any(|k| {
            code.is_char_boundary(k)
                && abbreviates(&code[..k], w)
                && (k >= 2 || code[..k].len() == 1)
                && squashes(&code[k..], rest)
        }),
    }
}

/// The parts of a code, lowercased: "AsstProf" → asst, prof.
fn code_parts(v: &str) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    for c in v.chars() {
        if c.is_uppercase() || parts.is_empty() {
            parts.push(String::new());
        }
        if let Some(p) = parts.last_mut() {
            p.extend(c.to_lowercase());
        }
    }
    parts
}

/// Whether cutting a word into `head` and `rest` splits one sound written
/// with two or three letters ("pit|chers", "ba|ch", "las|h"): an
/// abbreviation never ends there, so `PIT` is no short form of "pitchers"
/// (while `CHEM` is of "chemistry").
fn splits_digraph(head: &str, rest: &str) -> bool {
    let (Some(a), Some(b)) = (head.chars().last(), rest.chars().next()) else {
        return false;
    };
    matches!(
        (a, b),
        ('c' | 's' | 't' | 'p' | 'g' | 'w', 'h') | ('c', 'k') | ('q', 'u')
    ) || a == 't' && rest.starts_with("ch")
        || a == 'd' && rest.starts_with('g')
}

/// The days of the week, as month names are in `lexicon::MONTHS`.
const DAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

impl Ctx<'_> {
    /// "advertising budget over 20k", "sodium level under 140": a noun
    /// that only says the field is an amount, right after the field's
    /// mention and naming no field itself, joins the mention, so that the
    /// number after it is the field's.
    pub(super) fn measure_nouns(&mut self) {
        for k in 0..self.fields.len() {
            let end = self.fields[k].end;
            if end >= self.toks.len()
                || self.claims.is_claimed(end)
                || !self.toks[end].is_word()
                || self.fields.iter().any(|g| g.start == end)
            {
                continue;
            }
            if matches!(
                self.norm(end),
                "budget" | "budgets" | "spend" | "spending" | "amount" | "level" | "levels"
            ) {
                self.fields[k].end = end + 1;
                self.claims.claim_token(end, ClaimedBy::Field);
            }
        }
    }

    /// "evening charges" of `total_day_charge`, `total_eve_charge`,
    /// `total_night_charge`: a word before a field mention that several
    /// columns share, which abbreviates a word of one of their names only
    /// ("eve" of "evening", "intl" of "international"), picks that column
    /// and joins the mention.
    pub(super) fn narrow_by_modifier(&mut self) {
        // "mpg" of `city_mpg`, `hwy_mpg`, `comb_mpg`: of columns named
        // alike, the overall one first.
        let overall: Vec<bool> = (0..self.ix.profile.columns.len())
            .map(|c| {
                self.ix.column_name(c).split('_').any(|w| {
                    matches!(
                        w,
                        "total" | "comb" | "combined" | "overall" | "avg" | "average" | "mean"
                    )
                })
            })
            .collect();
        for f in self.fields.iter_mut() {
            f.columns
                .sort_by_key(|&(c, kind)| (std::cmp::Reverse(kind), !overall[c]));
        }
        for k in 0..self.fields.len() {
            let f = &self.fields[k];
            if f.columns.len() < 2 || f.start == 0 {
                continue;
            }
            let i = f.start - 1;
            let t = &self.toks[i];
            if self.claims.is_claimed(i)
                || !t.is_word()
                || t.norm.len() < 4
                || is_stopword(&t.norm)
                || is_negation(&t.norm)
            {
                continue;
            }
            let named: Vec<usize> = f
                .columns
                .iter()
                .map(|c| c.0)
                .filter(|&c| {
                    self.ix.column_words[c].iter().any(|w| {
                        w.len() >= 3
                            && (*w == t.stem
                                || t.norm.starts_with(w.as_str())
                                || w.len() >= 4 && abbreviates(w, &t.norm))
                    })
                })
                .collect();
            let [col] = named[..] else {
                continue;
            };
            let f = &mut self.fields[k];
            f.columns.sort_by_key(|c| c.0 != col);
            f.start = i;
            self.claims.claim_token(i, ClaimedBy::Field);
        }
    }
}

impl Ctx<'_> {
    /// "per capita income", "income per head", "gdp per head": a mention
    /// of a per-capita column (`percap`, `gdp_percap`) beside another
    /// mention, or "per" between them, is that column alone.
    pub(super) fn per_capita_mentions(&mut self) {
        let per_capita = |ix: &crate::index::Index, c: usize| {
            let n = ix.column_name(c);
            n.contains("percap") || n.contains("per_capita") || n.contains("capita")
        };
        let mut k = 0;
        while k + 1 < self.fields.len() {
            let (a, b) = (&self.fields[k], &self.fields[k + 1]);
            let gap = b.start.saturating_sub(a.end);
            let joined = b.start >= a.end
                && (gap == 0 || gap == 1 && matches!(self.norm(a.end), "per" | "a" | "each"));
            let pa = a.columns.iter().all(|c| per_capita(self.ix, c.0));
            let pb = b.columns.iter().all(|c| per_capita(self.ix, c.0));
            if joined && pa != pb {
                let keep = if pa { k } else { k + 1 };
                let (start, end) = (a.start, b.end);
                let mut m = self.fields[keep].clone();
                m.start = start;
                m.end = end;
                self.fields[k] = m;
                self.fields.remove(k + 1);
                self.claims.claim((start, end), ClaimedBy::Field);
                continue;
            }
            k += 1;
        }
    }

    /// "the higher bid" of `bidh` beside `bidl`, "low temp" of `templ`
    /// beside `temph`: a word of height and the word of a pair of fields
    /// named by it and the initial of high or low.
    fn high_low_member_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let side = match self.norm(i) {
            "high" | "higher" | "highest" | "upper" | "top" => 'h',
            "low" | "lower" | "lowest" | "bottom" => 'l',
            _ => return None,
        };
        let next = self.toks.get(i + 1).filter(|t| t.is_word())?;
        if self.claims.is_claimed(i + 1) || next.stem.len() < 3 {
            return None;
        }
        let named = |suffix: char| {
            [&next.norm, &next.stem].into_iter().find_map(|w| {
                let name = format!("{w}{suffix}");
                (0..self.ix.profile.columns.len()).find(|&c| self.ix.column_name(c) == name)
            })
        };
        let (h, l) = (named('h')?, named('l')?);
        let c = if side == 'h' { h } else { l };
        Some((2, vec![(c, AliasKind::Partial)]))
    }

    /// "gen 4" of `generation`, "div 2" of `division`: a word of three
    /// letters or more clipping a whole-number field's one-word name of
    /// twice its length or more, right before a number. Only when one
    /// field is so named.
    fn clipped_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        let w = t.norm.as_str();
        if w.len() < 3 || !w.bytes().all(|b| b.is_ascii_lowercase()) || is_stopword(w) {
            return None;
        }
        if !self
            .toks
            .get(i + 1)
            .is_some_and(|n| matches!(n.kind, TokenKind::Number { .. }))
        {
            return None;
        }
        let mut cols = (0..self.ix.profile.columns.len()).filter(|&c| {
            let name = self.ix.column_name(c);
            self.ix.column_type(c) == ColumnType::Integer
                && !name.contains('_')
                && name.len() >= 2 * w.len()
                && name.starts_with(w)
        });
        let c = cols.next()?;
        cols.next()
            .is_none()
            .then(|| (1, vec![(c, AliasKind::Partial)]))
    }

    /// "manual transmission" of `man_trans_avail`, "passenger capacity" of
    /// `pass_cap`: words that the name's first words abbreviate, in order
    /// (each word of the name, three letters or more, begins its word of
    /// the phrase, at least one cut short). The longest such run, of one
    /// column only.
    fn prefixed_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let mut best: Option<(usize, Vec<usize>)> = None;
        for c in 0..self.ix.profile.columns.len() {
            let name: Vec<&str> = self.ix.column_name(c).split('_').collect();
            if name.len() < 2 {
                continue;
            }
            for k in (1..=name.len()).rev() {
                let fits = (0..k).all(|j| {
                    let at = i + j;
                    at < self.toks.len()
                        && self.toks[at].is_word()
                        && !self.claims.is_claimed(at)
                        && name[j].len() >= 3
                        && self.toks[at].norm.starts_with(name[j])
                });
                // "amazon" of `amaz_new`: one word, when the name's first
                // part is four letters or more and no word of its own.
                let fits = fits
                    && (k >= 2
                        || name[0].len() >= 4
                            && !crate::lexicon::wordnet::knows(name[0])
                            && self.toks[i].norm.len() > name[0].len() + 1);
                let shortened =
                    (0..k).any(|j| self.toks.get(i + j).is_some_and(|t| t.norm != name[j]));
                if fits && shortened {
                    match &mut best {
                        Some((len, cols)) if *len == k => cols.push(c),
                        Some((len, _)) if *len > k => {}
                        _ => best = Some((k, vec![c])),
                    }
                    break;
                }
            }
        }
        match best {
            Some((len, cols)) if cols.len() == 1 => {
                Some((len, vec![(cols[0], AliasKind::Partial)]))
            }
            _ => None,
        }
    }
}

impl Ctx<'_> {
    /// "queensland" of `qld_rain` and `qld_a_vt`, "the northern
    /// territory" of `nt_rain`: a state, territory or province (one to
    /// three words) whose code, or whose name's start of three letters or
    /// more, is the first part of numeric columns' names. A mention of
    /// them all: the number's unit or another word picks one.
    fn place_family_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        for n in (1..=3).rev() {
            if i + n > self.toks.len()
                || (i..i + n).any(|k| self.claims.is_claimed(k) || !self.toks[k].is_word())
            {
                continue;
            }
            let name = (i..i + n)
                .map(|k| self.norm(k))
                .collect::<Vec<_>>()
                .join(" ");
            // A state's code, or a country's codes of two or three letters
            // ("australia" of `aus_rain`).
            let codes: Vec<String> = match crate::lexicon::state_code(&name) {
                Some(code) => vec![code.to_lowercase()],
                None => crate::lexicon::place_variants(&name)
                    .into_iter()
                    .filter(|v| {
                        (2..=3).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_lowercase())
                    })
                    .collect(),
            };
            if codes.is_empty() {
                continue;
            }
            let head = |c: usize| -> bool {
                let col = self.ix.column_name(c);
                let Some((first, rest)) = col.split_once('_') else {
                    return false;
                };
                !rest.is_empty()
                    && (codes.iter().any(|code| first == code)
                        || n == 1
                            && first.len() >= 3
                            && name.starts_with(first)
                            && !wordnet::knows(first))
            };
            let cols: Vec<(usize, AliasKind)> = self
                .ix
                .ordered_columns()
                .filter(|&c| self.ix.column_type(c).is_numeric() && head(c))
                .map(|c| (c, AliasKind::Partial))
                .collect();
            // A family (two columns or more), and not a word that names a
            // value ("hawaii" of a `state` holding `HI`, beside `hi_temp`).
            if cols.len() >= 2 && self.value_match_at(i, None).is_none() {
                return Some((n, cols));
            }
            // "michigan" of `mi` beside `ky`, "wisconsin" of `wisc` beside
            // `minn`: a 0/1 flag named by the place's code or its name cut
            // short, in a table of two such flags or more.
            let squashed = name.replace(' ', "");
            let flag = (0..self.ix.profile.columns.len()).find(|&c| {
                let col = self.ix.column_name(c);
                self.yes_value(c).is_some()
                    && (codes.iter().any(|code| col == code)
                        || col.len() >= 4 && !col.contains('_') && squashed.starts_with(col))
            });
            if let Some(c) = flag {
                let places = (0..self.ix.profile.columns.len())
                    .filter(|&o| self.yes_value(o).is_some() && place_flag(self.ix.column_name(o)))
                    .count();
                if places >= 2 && self.value_match_at(i, None).is_none() {
                    return Some((n, vec![(c, AliasKind::Full)]));
                }
            }
        }
        None
    }

    /// "policyholders" of `holders`, "shareholders" of `holders`: a
    /// compound word ending in a word of a column's name (six letters or
    /// more) after four letters or more that are no prefix ("over",
    /// "under"). Only when one column is so named.
    fn compound_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() || self.claims.is_claimed(i) || t.norm.len() < 8 {
            return None;
        }
        let mut found = None;
        for (c, words) in self.ix.column_words.iter().enumerate() {
            let hit = words.iter().any(|w| {
                w.len() >= 6
                    && [t.norm.as_str(), t.stem.as_str()].iter().any(|x| {
                        // The name word, or its singular ("holders" of a
                        // plural phrase word's stem "holder").
                        x.strip_suffix(w.as_str())
                            .or_else(|| x.strip_suffix(w.strip_suffix('s')?))
                            .is_some_and(|head| {
                                head.len() >= 4
                                    && head.bytes().all(|b| b.is_ascii_lowercase())
                                    // "overweight", "underpaid": a prefix,
                                    // not a word of its own.
                                    && !matches!(
                                        head,
                                        "over" | "under" | "anti" | "post" | "semi" | "super"
                                            | "self" | "multi" | "inter" | "counter"
                                            | "grand" | "great" | "step" | "trans"
                                    )
                            })
                    })
            });
            // "homeowners" of `home_ownership`: the word's head a name
            // word, its rest the start of the next one.
            let split = words.windows(2).any(|p| {
                p[0].len() >= 4
                    && t.norm.strip_prefix(p[0].as_str()).is_some_and(|rest| {
                        let rest = rest.strip_suffix('s').unwrap_or(rest);
                        rest.len() >= 4 && p[1].len() > rest.len() && p[1].starts_with(rest)
                    })
            });
            if hit || split {
                if found.is_some() {
                    return None;
                }
                // Spelling a two-word name whole, it names it whole.
                let whole = split && words.len() == 2;
                found = Some((
                    c,
                    if whole {
                        AliasKind::Full
                    } else {
                        AliasKind::Partial
                    },
                ));
            }
        }
        found.map(|c| (1, vec![c]))
    }
}

impl Ctx<'_> {
    /// "d15N" of `d15_n`, "pm25" of `pm2_5`: a word that is a column's
    /// name with its separators left out (three characters or more).
    fn squashed_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() || self.claims.is_claimed(i) || t.norm.len() < 3 {
            return None;
        }
        let c = (0..self.ix.profile.columns.len()).find(|&c| {
            let name = self.ix.column_name(c);
            name.contains('_')
                && name.len() == t.norm.len() + name.matches('_').count()
                && name.split('_').collect::<String>() == t.norm
        })?;
        Some((1, vec![(c, AliasKind::Full)]))
    }

    /// "didn't finish high school", "less than high school" of `'<HS'`
    /// beside `'HS'`: a value the phrase negates or says less than, whose
    /// field also holds it written below ("<" before it), is that value.
    /// The cue joins the mention, so that it negates nothing more.
    pub(super) fn below_values(&mut self) {
        for vi in 0..self.values.len() {
            let v = &self.values[vi];
            let cue = (v.start.saturating_sub(3)..v.start).find(|&k| {
                matches!(
                    self.norm(k),
                    "didnt" | "not" | "never" | "no" | "without" | "less" | "below" | "dont"
                ) && (k + 1..v.start).all(|j| !self.claims.is_claimed(j) && self.toks[j].is_word())
            });
            let Some(cue) = cue else { continue };
            // The mention's words' initials ("hs" of "high school", for
            // `lt-hs` beside `highsc`).
            let initials: String = (v.start..v.end)
                .filter(|&k| self.toks[k].is_word())
                .filter_map(|k| self.norm(k).chars().next())
                .collect();
            let below: Vec<u32> = v
                .entries
                .iter()
                .filter_map(|&id| {
                    let e = &self.ix.values[id as usize];
                    let want = e.value.trim().to_lowercase();
                    // Only a categorical field's values (a bounded list)
                    // are read: `<HS`, `Less Than High School`.
                    let col = &self.ix.profile.columns[e.column];
                    if col.values.len() > 50 || col.distinct_count as usize > col.values.len() {
                        return None;
                    }
                    col.values
                        .iter()
                        .find(|o| {
                            below_rest(&o.value).is_some_and(|rest| {
                                rest == want || initials.len() >= 2 && rest == initials
                            })
                        })
                        .and_then(|o| {
                            self.ix
                                .values
                                .iter()
                                .position(|x| x.column == e.column && x.value == o.value)
                        })
                        .map(|id| id as u32)
                })
                .collect();
            if below.is_empty() {
                continue;
            }
            let end = v.end;
            self.claims.claim((cue, end), ClaimedBy::Value);
            let v = &mut self.values[vi];
            v.start = cue;
            v.entries = below;
        }
        // "didn't finish high school" of `lt-hs` where no value took "high
        // school": two or three unclaimed words after the cue (one word
        // between at most) whose initials are what one code is below.
        for cue in 0..self.toks.len() {
            if !matches!(
                self.norm(cue),
                "didnt" | "not" | "never" | "no" | "without" | "less" | "below" | "dont"
            ) {
                continue;
            }
            for start in [cue + 1, cue + 2] {
                for n in [3usize, 2] {
                    let end = start + n;
                    if end > self.toks.len()
                        || !(cue + 1..end)
                            .all(|k| !self.claims.is_claimed(k) && self.toks[k].is_word())
                    {
                        continue;
                    }
                    let initials: String = (start..end)
                        .filter_map(|k| self.norm(k).chars().next())
                        .collect();
                    let ids: Vec<u32> = self
                        .ix
                        .short_codes
                        .iter()
                        .copied()
                        .filter(|&id| {
                            below_rest(&self.ix.values[id as usize].value).as_deref()
                                == Some(initials.as_str())
                        })
                        .collect();
                    if ids.len() == 1 {
                        self.claims.claim((cue, end), ClaimedBy::Value);
                        self.values.push(ValueMention {
                            start: cue,
                            end,
                            entries: ids,
                            kind: MatchKind::Inferred,
                        });
                    }
                }
            }
        }
    }

    /// "arrested" of `narr86`, "felony arrests" of `nfarr86`: a count named
    /// `n` ("number of") and the starts of one or two words, the last start
    /// three letters or more (a year's two digits may follow): a whole
    /// number field from 0 whose name no dictionary knows; or a share named
    /// `pct` or `perc` so ("students" of `pctstu`). One column only.
    fn count_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let word = |k: usize| {
            self.toks
                .get(k)
                .filter(|t| {
                    t.is_word()
                        && t.norm.len() >= 4
                        && t.norm.bytes().all(|b| b.is_ascii_lowercase())
                        && !self.claims.is_claimed(k)
                        && !is_stopword(&t.norm)
                        && !is_negation(&t.norm)
                })
                .map(|t| t.norm.as_str())
        };
        let first = word(i)?;
        let second = word(i + 1);
        let cols = &self.ix.profile.columns;
        let mut found: Option<(usize, usize)> = None;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
        for (c, col) in cols.iter().enumerate() {
            let letters = col.name.trim_end_matches(|ch: char| ch.is_ascii_digit());
            if !matches!(col.name.len() - letters.len(), 0 | 2) {
                continue;
            }
            // A count from 0 named `n…`, or a share named `pct…`/`perc…`
            // ("students" of `pctstu`, 9.9 to 71.2).
            let count = col.ty == ColumnType::Integer && col.min.as_deref() == Some("0");
            let share = col.ty.is_numeric()
                && bound(&col.min).is_some_and(|m| m >= 0.0)
                && bound(&col.max).is_some_and(|m| m <= 100.0);
            let rest = if count {
                letters.strip_prefix('n')
            } else {
                None
            }
            .or_else(|| {
                share
                    .then(|| {
                        letters
                            .strip_prefix("pct")
                            .or_else(|| letters.strip_prefix("perc"))
                    })
                    .flatten()
            });
            let Some(rest) = rest else {
                continue;
            };
            if rest.len() < 3
                || !rest.bytes().all(|b| b.is_ascii_lowercase())
                || wordnet::knows(letters)
                || wordnet::knows(rest)
            {
                continue;
            }
            // The start of one word, or one letter or more of a word and
            // the start of the next.
            let one = first.len() > rest.len() && first.starts_with(rest);
            let two = second.is_some_and(|b| {
                (1..=rest.len() - 3).any(|p| {
                    let (x, y) = rest.split_at(p);
                    first.starts_with(x) && b.starts_with(y) && b.len() > y.len()
                })
            });
            let len = if two {
                2
            } else if one {
                1
            } else {
                continue;
            };
            match found {
                Some((_, l)) if l > len => {}
                Some((_, l)) if l == len => return None,
                _ => found = Some((c, len)),
            }
        }
        found.map(|(c, len)| (len, vec![(c, AliasKind::Partial)]))
    }

    /// "death rate" of `dthrte85` and `dthrte90`: two words whose short
    /// forms, written together, are a column's name (a year's digits may
    /// follow), a name no dictionary knows, five letters or more. Every
    /// column so named (the year said picks one later).
    fn skeleton_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let word = |k: usize| {
            self.toks.get(k).filter(|t| {
                t.is_word()
                    && !self.claims.is_claimed(k)
                    && !is_stopword(&t.norm)
                    && t.norm.len() >= 3
                    && t.norm.is_ascii()
                    // "highest gpa" spells no `hsgpa`.
                    && !wordnet::is_adjective(&t.norm)
                    && wordnet::adjective_of(&t.norm).is_none()
            })
        };
        let (a, b) = (word(i)?, word(i + 1)?);
        let words = [a.norm.as_str(), b.norm.as_str()];
        let mut found: Vec<(usize, AliasKind)> = Vec::new();
        let mut letters_of: Option<String> = None;
        for c in 0..self.ix.profile.columns.len() {
            let name = self.ix.column_name(c);
            let letters = name.trim_end_matches(|ch: char| ch.is_ascii_digit());
            if letters.len() < 5
                || !letters.bytes().all(|x| x.is_ascii_lowercase())
                || crate::lexicon::wordnet::knows(letters)
                || !self.ix.column_type(c).is_numeric() && self.yes_value(c).is_none()
                || !squashes(letters, &words)
            {
                continue;
            }
            match &letters_of {
                Some(l) if l != letters => return None,
                _ => letters_of = Some(letters.to_string()),
            }
            found.push((c, AliasKind::Partial));
        }
        (!found.is_empty()).then_some((2, found))
    }

    /// "bypass ratio" of `bpr`, "molecular weight" of `cmpd_mwt`: two
    /// words whose letters in order from each one's first (one letter or
    /// more from each) spell a part of three or four letters of a
    /// column's name, consonants after its first, that no dictionary
    /// knows. Neither word a value, a field or the records of its own.
    /// One column only.
    fn short_part_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let word = |k: usize| {
            self.toks.get(k).filter(|t| {
                t.is_word()
                    && !self.claims.is_claimed(k)
                    && !is_stopword(&t.norm)
                    && !is_negation(&t.norm)
                    && t.norm.len() >= 3
                    && t.norm.is_ascii()
                    // "heavier", "highest" compare; they name nothing.
                    && !wordnet::adjective_of(&t.norm)
                        .is_some_and(|(_, d)| d != wordnet::Degree::Positive)
            })
        };
        let (a, b) = (word(i)?, word(i + 1)?);
        // Words of their own ("western counties" is no `wcon`: a value and
        // the table's records) spell nothing.
        let own = |k: usize, t: &crate::text::Token| {
            self.ix.row_nouns.contains(&t.stem)
                || crate::lexicon::is_kind_noun(&t.stem)
                || self.value_match_at(k, None).is_some()
                || self.ix.fields_by_first.contains_key(&t.stem)
        };
        if own(i, a) || own(i + 1, b) {
            return None;
        }
        let mut found: Option<usize> = None;
        for c in 0..self.ix.profile.columns.len() {
            let fits = self.ix.column_name(c).split('_').any(|part| {
                let part = part.trim_end_matches(|ch: char| ch.is_ascii_digit());
                (3..=4).contains(&part.len())
                    && part.bytes().all(|x| x.is_ascii_lowercase())
                    // Consonants after the first letter: a short form,
                    // no word ("name" of "nas machines").
                    && !part[1..].contains(['a', 'e', 'i', 'o', 'u'])
                    && !wordnet::knows(part)
                    && !crate::lexicon::ABBREVIATIONS.iter().any(|(x, _)| *x == part)
                    && (1..part.len()).any(|k| {
                        abbreviates(&part[..k], &a.norm) && abbreviates(&part[k..], &b.norm)
                    })
            });
            if fits {
                if found.is_some_and(|f| f != c) {
                    return None;
                }
                found = Some(c);
            }
        }
        found.map(|c| (2, vec![(c, AliasKind::Partial)]))
    }

    /// "student faculty ratio" or "students per faculty" of `studfac`,
    /// "library volumes" of `libvol`: two words (or two joined by "per",
    /// "of" or "to") whose starts, three letters or more each, spell a
    /// column's name of one word no dictionary knows. One column only.
    fn squashed_starts_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let word = |k: usize| {
            self.toks
                .get(k)
                .filter(|t| t.is_word() && !self.claims.is_claimed(k) && !is_stopword(&t.norm))
        };
        let a = word(i)?;
        if a.norm.len() < 3 {
            return None;
        }
        let (j, b) = match word(i + 1) {
            Some(b) => (i + 1, b),
            None if self
                .toks
                .get(i + 1)
                .is_some_and(|t| matches!(t.norm.as_str(), "per" | "of" | "to")) =>
            {
                (i + 2, word(i + 2)?)
            }
            None => return None,
        };
        let mut found = None;
        for c in 0..self.ix.profile.columns.len() {
            let name = self.ix.column_name(c);
            if name.len() < 6
                || name.contains('_')
                || !name.bytes().all(|x| x.is_ascii_lowercase())
                || !a.norm.starts_with(&name[..3])
            {
                continue;
            }
            let fits = (3..=name.len() - 3).any(|k| {
                let (x, y) = name.split_at(k);
                a.norm.starts_with(x)
                    && b.norm.starts_with(y)
                    && (x.len() < a.norm.len() || y.len() < b.norm.len())
            });
            if fits && !wordnet::knows(name) {
                if found.is_some() {
                    return None;
                }
                found = Some(c);
            }
        }
        found.map(|c| (j + 1 - i, vec![(c, AliasKind::Partial)]))
    }

    /// "black men in prison" of `bmprison`, "econ in high school" of
    /// `econhs`, "excellent attendance" of `attexc`: two to four words
    /// (little words such as "in" between them left out) whose starts, in
    /// order, spell the whole of a column's name of one word no dictionary
    /// knows (five letters or more, one start of three letters or more),
    /// or two words whose starts of three letters or more spell it the
    /// other way round. One column only.
    fn initials_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        // ASCII words only: the starts are cut by bytes.
        let word = |k: usize| {
            self.toks
                .get(k)
                .filter(|t| {
                    t.is_word()
                        && t.norm.is_ascii()
                        && !self.claims.is_claimed(k)
                        && !is_stopword(&t.norm)
                })
                .map(|t| t.norm.as_str())
        };
        word(i)?;
        // The run's words and the token after each.
        let mut run: Vec<(&str, usize)> = Vec::new();
        let mut k = i;
        while run.len() < 4 {
            let Some(w) = word(k) else { break };
            run.push((w, k + 1));
            k += 1;
            if word(k).is_none()
                && self
                    .toks
                    .get(k)
                    .is_some_and(|t| matches!(t.norm.as_str(), "in" | "of" | "at" | "on"))
            {
                k += 1;
            }
        }
        if run.len() < 2 {
            return None;
        }
        fn spells(name: &str, words: &[&str], long: bool) -> bool {
            match words.split_first() {
                None => name.is_empty() && long,
                Some((w, rest)) => (1..=w.len().min(name.len()))
                    .any(|p| name.starts_with(&w[..p]) && spells(&name[p..], rest, long || p >= 3)),
            }
        }
        let names: Vec<(usize, &str)> = (0..self.ix.profile.columns.len())
            .map(|c| (c, self.ix.column_name(c)))
            .filter(|(_, n)| {
                n.len() >= 5
                    && !n.contains('_')
                    && n.bytes().all(|x| x.is_ascii_lowercase())
                    && !wordnet::knows(n)
            })
            .collect();
        // The longest run that spells one column.
        for len in (2..=run.len()).rev() {
            let words: Vec<&str> = run[..len].iter().map(|r| r.0).collect();
            // Not the name said whole, a letter left to the next word
            // ("timezone europe" of `timezone`).
            let said = |n: &str| {
                words.iter().any(|w| {
                    let common = w.bytes().zip(n.bytes()).take_while(|(a, b)| a == b).count();
                    common + 1 >= n.len()
                })
            };
            let mut found: Vec<usize> = names
                .iter()
                .filter(|(_, n)| !said(n))
                .filter(|(_, n)| {
                    spells(n, &words, false)
                        || len == 2
                            && (3..=n.len().saturating_sub(3)).any(|p| {
                                let (x, y) = n.split_at(p);
                                words[1].starts_with(x) && words[0].starts_with(y)
                            })
                })
                .map(|(c, _)| *c)
                .collect();
            found.dedup();
            match found[..] {
                [c] => return Some((run[len - 1].1 - i, vec![(c, AliasKind::Partial)])),
                [] => continue,
                _ => return None,
            }
        }
        None
    }

    /// "rnfl" of `rnfl4_mean`: a word that is a part of one field's name
    /// but for the digits after it (three letters or more, no word the
    /// dictionary knows).
    fn numbered_part_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() || t.norm.len() < 3 || is_stopword(&t.norm) || wordnet::knows(&t.norm) {
            return None;
        }
        let found: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                self.ix.column_name(c).split('_').any(|p| {
                    p.strip_prefix(t.norm.as_str()).is_some_and(|rest| {
                        !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
                    })
                })
            })
            .collect();
        match found[..] {
            [c] => Some((1, vec![(c, AliasKind::Partial)])),
            _ => None,
        }
    }

    /// "married" of `maried`: an English word of six letters or more one
    /// edit from a column's name of one word that no dictionary knows (a
    /// misspelt name). One column only.
    fn misspelled_field_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word()
            || self.claims.is_claimed(i)
            || t.norm.len() < 6
            || !wordnet::knows(&t.norm) && !wordnet::knows(&t.stem)
        {
            return None;
        }
        let found: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                let n = self.ix.column_name(c);
                n.len() >= 5
                    && !n.contains('_')
                    && n.bytes().all(|b| b.is_ascii_lowercase())
                    && !wordnet::knows(n)
                    && crate::text::edit_distance(&t.norm, n, 1) == 1
            })
            .collect();
        match found[..] {
            // The whole name, misspelt.
            [c] => Some((1, vec![(c, AliasKind::Full)])),
            _ => None,
        }
    }

    /// "food" of `wfood`, "alcohol" of `walc`, "transport" of `wtrans`: a
    /// family of three or more columns named by one shared letter and a
    /// word each (`wfood`, `wfuel`, `walc`: budget shares), the word at `i`
    /// beginning with, or being, the rest of one of them (three letters or
    /// more); or one such column whose rest is the whole word (four
    /// letters or more). Not a word that names a value.
    fn lettered_member_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() || self.claims.is_claimed(i) || t.norm.len() < 4 || is_stopword(&t.norm) {
            return None;
        }
        // A look over the names that allocates nothing: this runs for
        // every word no alias names.
        let names = || (0..self.ix.profile.columns.len()).map(|c| self.ix.column_name(c));
        let lettered =
            |n: &str| n.len() >= 4 && !n.contains('_') && n.bytes().all(|b| b.is_ascii_lowercase());
        let mut found: Vec<usize> = Vec::new();
        for (c, n) in names().enumerate() {
            if !lettered(n) {
                continue;
            }
            let (letter, rest) = n.split_at(1);
            if rest.len() < 3 || !(t.norm.starts_with(rest) || t.stem == rest) {
                continue;
            }
            // `snow`, `fund`: a word of its own, not a letter and a word
            // ("now", "underfunded").
            if wordnet::knows(n) || t.norm.contains(n) {
                continue;
            }
            // `lprice` beside `price`: a transform of a field the table
            // has, which the plain word names.
            if names().any(|m| t.norm.starts_with(m) && m.len() >= rest.len()) {
                return None;
            }
            let family = names()
                .filter(|m| lettered(m) && m.starts_with(letter))
                .count();
            // Alone, the rest must be the whole word ("food" of `wfood`).
            let whole = rest.len() >= 4 && (t.norm == rest || t.stem == rest);
            if family >= 3 || whole {
                found.push(c);
            }
        }
        if found.len() != 1 || self.value_match_at(i, None).is_some() {
            return None;
        }
        Some((1, vec![(found[0], AliasKind::Partial)]))
    }
}

/// Basic colour words, whose initials data often codes them by (`B`, `O`).
const COLOURS: &[&str] = &[
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "black", "white", "brown",
    "grey", "gray", "pink",
];

/// A code without the rank written before it (`Lg` of "3:Lg", `Med` of
/// "2:Med": an ordered factor's level numbered for sorting).
fn bare_code(v: &str) -> &str {
    let t = v.trim();
    match t.split_once(':') {
        Some((n, rest)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => rest.trim(),
        _ => t,
    }
}

/// Words of column names that say little of which field is meant.
fn a_generic_word(w: &str) -> bool {
    matches!(
        w,
        "total" | "number" | "count" | "value" | "amount" | "name" | "date"
    )
}
