//! Default tier only: linking beyond the words of the dataset: place
//! names, codes and demonyms ("German" → Germany, "California" → CA), values
//! that are codes or prefixes of a word ("herbivores" → `herbi`), and typos
//! (through the index's deletion neighbourhoods).

use super::mentions::ValueMention;
use super::Ctx;
use crate::lexicon::{continent_countries, place_variants};
use crate::plan::MatchKind;

impl Ctx<'_> {
    /// Pass 3-places: a country a column of typed answers spells several
    /// ways ('United Kingdom', 'Uk', 'England' in a survey's `country`):
    /// the value said stands for all of its spellings there. Only a
    /// column of many places (20 or more), where the spellings are one
    /// answer written by different hands.
    pub(super) fn place_spellings(&mut self) {
        for k in 0..self.values.len() {
            let Some(&first) = self.values[k].entries.first() else {
                continue;
            };
            let col = self.ix.values[first as usize].column;
            if self.ix.profile.columns[col].distinct_count < 20
                || self.values[k]
                    .entries
                    .iter()
                    .any(|&id| self.ix.values[id as usize].column != col)
            {
                continue;
            }
            let phrase = self.ix.values[first as usize].words.join(" ");
            let mut more: Vec<u32> = Vec::new();
            for v in place_variants(&phrase) {
                let ws: Vec<String> = v.split(' ').map(str::to_string).collect();
                let Some(ids) = self.ix.values_by_first.get(&ws[0]) else {
                    continue;
                };
                more.extend(ids.iter().copied().filter(|&id| {
                    let e = &self.ix.values[id as usize];
                    e.column == col && e.words == ws
                }));
            }
            for id in more {
                if !self.values[k].entries.contains(&id) {
                    self.values[k].entries.push(id);
                }
            }
        }
    }

    /// Place names, codes and demonyms over one to three words
    /// ("German" → Germany, "California" → CA, "African" → Africa).
    pub(super) fn place_at(&self, i: usize) -> Option<ValueMention> {
        for len in (1..=3).rev() {
            if i + len > self.toks.len()
                || (i..i + len).any(|k| self.claims.is_claimed(k) || !self.toks[k].is_word())
            {
                continue;
            }
            let phrase = (i..i + len)
                .map(|k| self.norm(k))
                .collect::<Vec<_>>()
                .join(" ");
            // "companies in europe" over a field of countries: the
            // continent's countries the field holds (one spelling each).
            let mut members: Vec<u32> = Vec::new();
            // "southern states" beside a flag `south`: the field the word
            // names, not the Census region.
            let compass = phrase.strip_suffix("ern").unwrap_or(&phrase);
            let named_field = matches!(compass, "south" | "north" | "east" | "west")
                && self
                    .ix
                    .profile
                    .columns
                    .iter()
                    .any(|c| c.name.split('_').any(|w| w == compass || w == phrase));
            for spellings in continent_countries(&phrase)
                .into_iter()
                .filter(|_| !named_field)
            {
                let found = spellings.iter().find_map(|v| {
                    let ws: Vec<String> = v.split(' ').map(str::to_string).collect();
                    let ids: Vec<u32> = self
                        .ix
                        .values_by_first
                        .get(&ws[0])?
                        .iter()
                        .copied()
                        .filter(|&id| self.ix.values[id as usize].words == ws)
                        // "Spanish" of a language field is no country.
                        .filter(|&id| {
                            !self
                                .ix
                                .column_name(self.ix.values[id as usize].column)
                                .contains("lang")
                        })
                        .collect();
                    (!ids.is_empty()).then_some(ids)
                });
                members.extend(found.unwrap_or_default());
            }
            // Of a continent's countries, those of the field that holds the
            // most of them: "in asia" over a field of countries, not `LA`
            // (Laos) of a field of US states.
            if !members.is_empty() {
                let mut per_column: Vec<(usize, usize)> = Vec::new();
                for &id in &members {
                    let col = self.ix.values[id as usize].column;
                    match per_column.iter_mut().find(|(c, _)| *c == col) {
                        Some((_, n)) => *n += 1,
                        None => per_column.push((col, 1)),
                    }
                }
                if per_column.len() > 1 {
                    let best = per_column
                        .iter()
                        .fold(
                            (usize::MAX, 0),
                            |b, &(c, n)| if n > b.1 { (c, n) } else { b },
                        )
                        .0;
                    members.retain(|&id| self.ix.values[id as usize].column == best);
                }
            }
            // A region that is a value itself ("Eastern Europe" of a region
            // field) is that value.
            let is_value = |v: &str| {
                let ws: Vec<String> = v.split(' ').map(str::to_string).collect();
                self.ix.values_by_first.get(&ws[0]).is_some_and(|ids| {
                    ids.iter()
                        .any(|&id| self.ix.values[id as usize].words == ws)
                })
            };
            let continent_value = !members.is_empty()
                && (place_variants(&phrase).iter().any(|v| is_value(v))
                    || is_value(&phrase)
                    || self.ix.values_by_first.contains_key(&phrase));
            if !members.is_empty() && !continent_value {
                return Some(ValueMention {
                    start: i,
                    end: i + len,
                    entries: members,
                    kind: MatchKind::Synonym,
                });
            }
            for v in place_variants(&phrase) {
                let ws: Vec<String> = v.split(' ').map(str::to_string).collect();
                if let Some(ids) = self.ix.values_by_first.get(&ws[0]) {
                    let ids: Vec<u32> = ids
                        .iter()
                        .copied()
                        .filter(|&id| self.ix.values[id as usize].words == ws)
                        .collect();
                    if !ids.is_empty() {
                        return Some(ValueMention {
                            start: i,
                            end: i + len,
                            entries: ids,
                            kind: MatchKind::Synonym,
                        });
                    }
                }
            }
            if let Some(entries) = self.state_suffixed_values(&phrase) {
                return Some(ValueMention {
                    start: i,
                    end: i + len,
                    entries,
                    kind: MatchKind::Synonym,
                });
            }
        }
        None
    }

    /// "in california" over a field of places written "Fresno, CA" or
    /// "Fargo, ND-MN": the field's values whose trailing state codes hold
    /// the state's. Only a field whose values the profile lists whole and
    /// nearly all of which end so.
    fn state_suffixed_values(&self, phrase: &str) -> Option<Vec<u32>> {
        let code = crate::lexicon::US_STATES
            .iter()
            .find(|(name, _)| *name == phrase)?
            .1;
        fn states(v: &str) -> Option<Vec<&str>> {
            let (_, tail) = v.rsplit_once(", ")?;
            let codes: Vec<&str> = tail.trim().split('-').collect();
            codes
                .iter()
                .all(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_uppercase()))
                .then_some(codes)
        }
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            // The least and greatest values first: a cheap look before the
            // listed values (fifty thousand cities in a large table).
            if col.ty != crate::profile::ColumnType::Text
                || col.values.len() < 5
                || col.distinct_count as usize > col.values.len()
                || col.min.as_deref().is_none_or(|v| states(v).is_none())
                || col.max.as_deref().is_none_or(|v| states(v).is_none())
            {
                continue;
            }
            let suffixed = col
                .values
                .iter()
                .filter(|v| states(&v.value).is_some())
                .count();
            if suffixed * 10 < col.values.len() * 9 {
                continue;
            }
            let ids: Vec<u32> = self
                .ix
                .values
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    e.column == c && states(&e.value).is_some_and(|s| s.contains(&code))
                })
                .map(|(id, _)| id as u32)
                .collect();
            if !ids.is_empty() {
                return Some(ids);
            }
        }
        None
    }

    /// Default tier only: values that are codes or prefixes of the word
    /// ("herbivores" → `herbi`), and typos.
    pub(super) fn world_or_fuzzy(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if self.ix.row_nouns.contains(&t.stem) {
            return None;
        }
        // Codes and prefixes: a one-word value that is a prefix of the word
        // (`herbi` of "herbivores") or that the word's stem begins
        // (`rodentia` for "rodents").
        let w = t.norm.as_str();
        if w.len() >= 5 {
            let mut found: Vec<u32> = Vec::new();
            for cut in 4..w.len() {
                if !w.is_char_boundary(cut) {
                    continue;
                }
                if let Some(ids) = self.ix.values_by_first.get(&w[..cut]) {
                    found.extend(
                        ids.iter()
                            .filter(|&&id| self.ix.values[id as usize].words.len() == 1),
                    );
                }
            }
            if found.is_empty() && t.stem.len() >= 5 {
                for (first, ids) in self.ix.values_with_prefix(&t.stem) {
                    if first.len() <= t.stem.len() + 3 {
                        found.extend(
                            ids.iter()
                                .filter(|&&id| self.ix.values[id as usize].words.len() == 1),
                        );
                    }
                }
            }
            // "premature" of `premie`, "vegetarian" of `veggie`: a clipped
            // form, the word's first four letters or more and a clipping's
            // ending ("ie", "y", "o"), a value no dictionary knows of a
            // field of a few values.
            if found.is_empty() {
                for cut in (4..w.len() - 2).rev() {
                    if !w.is_char_boundary(cut) {
                        continue;
                    }
                    let head = &w[..cut];
                    for end in ["ie", "y", "o", "gie"] {
                        let clipped = format!("{head}{end}");
                        if crate::lexicon::wordnet::knows(&clipped) {
                            continue;
                        }
                        if let Some(ids) = self.ix.values_by_first.get(&clipped) {
                            found.extend(ids.iter().filter(|&&id| {
                                let e = &self.ix.values[id as usize];
                                e.words.len() == 1
                                    && self.ix.profile.columns[e.column].values.len() <= 10
                            }));
                        }
                    }
                    if !found.is_empty() {
                        break;
                    }
                }
            }
            // "silent films": not the start of a title.
            if self.attributive_adjective(i) {
                found.retain(|&id| !self.names_like(self.ix.values[id as usize].column));
            }
            if !found.is_empty() && found.len() <= 3 {
                return Some(ValueMention {
                    start: i,
                    end: i + 1,
                    entries: found,
                    kind: MatchKind::Inferred,
                });
            }
        }
        // Typos. Not of a word English has ("worth" is no typo of `north`),
        // unless the value is no word English has, of a field of a few
        // values: "diarrhoea" of 'Diarrhaea' (a spelling of its own).
        if self.ix.word_rows.contains_key(&t.stem) || self.ix.fields_by_first.contains_key(&t.stem)
        {
            return None;
        }
        let known = crate::lexicon::wordnet::knows(w);
        if known && w.len() < 6 {
            return None;
        }
        let mut best: Option<ValueMention> = None;
        for cand in self.ix.fuzzy_candidates(w) {
            if known
                && (crate::lexicon::wordnet::knows(cand)
                    || !self.ix.values_by_first.get(cand).is_some_and(|ids| {
                        ids.iter().all(|&id| {
                            let e = &self.ix.values[id as usize];
                            e.words.len() == 1
                                && self.ix.profile.columns[e.column].values.len() <= 20
                        })
                    }))
            {
                continue;
            }
            let first = vec![cand.to_string()];
            if let Some((len, ids, _)) = self.value_match_at(i, Some(&first)) {
                if best.as_ref().is_none_or(|b| len > b.end - b.start) {
                    best = Some(ValueMention {
                        start: i,
                        end: i + len,
                        entries: ids,
                        kind: MatchKind::Fuzzy,
                    });
                } else if let Some(b) = &mut best {
                    if len == b.end - b.start {
                        b.entries.extend(ids);
                    }
                }
            }
        }
        best
    }
}
