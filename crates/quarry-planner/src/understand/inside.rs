//! Pass 2b, words inside names: "companies with bank in the name", "books
//! with dragon in the title", "names with lake in them", "streets named
//! after lincoln", "names starting with mc", "tail numbers ending in aa".
//! The word is searched inside the text field the phrase names
//! (`Contains`, `StartsWith` or `EndsWith`), before linking can take it
//! for a whole value of some field.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_stopword, wordnet};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::TokenKind;

/// A search inside a field: its column, the searched words' tokens, the
/// operator, the span to claim.
type Inside = (usize, (usize, usize), CompareOp, (usize, usize));

impl Ctx<'_> {
    pub(super) fn words_inside_names(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            match self.inside_at(i) {
                Some((col, word_at, op, span)) => {
                    self.inside_condition(col, word_at, op, span);
                    i = span.1;
                }
                None => i += 1,
            }
        }
    }

    /// A text field named at `k` (unclaimed): its column and the mention's end.
    fn text_field_at(&self, k: usize) -> Option<(usize, usize)> {
        if k >= self.toks.len() {
            return None;
        }
        let (len, cols) = self.field_match_at(k)?;
        let col = cols.first()?.0;
        (self.ix.column_type(col) == ColumnType::Text).then_some((col, k + len))
    }

    /// A searchable word at `k`: unclaimed, a word or quoted text, not a
    /// stopword.
    fn searchable(&self, k: usize) -> bool {
        k < self.toks.len()
            && !self.claims.is_claimed(k)
            && !(self.toks[k].is_word() && is_stopword(self.norm(k)))
            && self.toks[k].number().is_none()
    }

    /// The values that hold the word at `k`, as typed or stemmed, as
    /// their first word or a word of a longer one (an id may repeat).
    fn values_holding(&self, k: usize) -> impl Iterator<Item = u32> + '_ {
        let t = &self.toks[k];
        [&t.norm, &t.stem].into_iter().flat_map(|w| {
            let first = self.ix.values_by_first.get(w).into_iter().flatten();
            let within = self.ix.values_by_word.get(w).into_iter().flatten();
            first.chain(within).copied()
        })
    }

    /// The one text field whose values hold the word at `k` (as a whole
    /// value's first word or a word of a longer one), if one only does.
    fn text_field_holding(&self, k: usize) -> Option<usize> {
        let mut cols = self
            .values_holding(k)
            .map(|id| self.ix.values[id as usize].column)
            .filter(|&c| self.ix.profile.columns[c].ty == ColumnType::Text);
        let c = cols.next()?;
        cols.all(|d| d == c).then_some(c)
    }

    /// The field of names whose values hold the word at `k` most often
    /// ("chicken" in `name_en` more than in `name_fr` or in `id_no`).
    fn names_holding_most(&self, k: usize) -> Option<usize> {
        let mut counts: std::collections::HashMap<usize, usize> = Default::default();
        let mut seen = std::collections::HashSet::new();
        for id in self.values_holding(k) {
            if seen.insert(id) {
                *counts
                    .entry(self.ix.values[id as usize].column)
                    .or_default() += 1;
            }
        }
        counts
            .into_iter()
            .filter(|&(c, _)| {
                self.ix.profile.columns[c].ty == ColumnType::Text && self.holds_names(c)
            })
            .max_by_key(|&(c, n)| (n, std::cmp::Reverse(c)))
            .map(|(c, _)| c)
    }

    /// Whether a text column holds names: most of its values are distinct.
    fn holds_names(&self, col: usize) -> bool {
        let c = &self.ix.profile.columns[col];
        c.distinct_count * 2 >= self.ix.profile.row_count.max(1)
    }

    /// The name field of the table: a text field named "name", "title" or
    /// "…_name", the first such.
    fn name_column(&self) -> Option<usize> {
        self.text_columns_named(|w| matches!(w, "name" | "title" | "street"))
            .next()
    }

    /// A text field of names that a word before `i` names: "tracks with
    /// love in the title" searches `track`, "models with hybrid in the
    /// name" `model`.
    fn head_names_column(&self, i: usize) -> Option<usize> {
        (0..i)
            .filter_map(|k| self.text_field_at(k))
            .map(|(c, _)| c)
            .find(|&c| self.holds_names(c))
    }

    /// The first text field that holds names, whatever it is called.
    fn names_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| cols[c].ty == ColumnType::Text && self.holds_names(c))
    }

    /// The one text field whose values are people's names: mostly two to
    /// four capitalised words with no digits or commas ("Kelly Clarkson"
    /// of `contestant`).
    fn people_names_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let person = |v: &str| {
            let ws: Vec<&str> = v.split_whitespace().collect();
            (2..=4).contains(&ws.len())
                && ws.iter().all(|w| {
                    w.chars().next().is_some_and(char::is_uppercase)
                        && w.chars()
                            .all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '-'))
                })
        };
        let found: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                let listed = &cols[c].values;
                cols[c].ty == ColumnType::Text
                    && self.holds_names(c)
                    && listed.len() >= 5
                    && listed.iter().filter(|v| person(&v.value)).count() * 5 >= listed.len() * 4
            })
            .collect();
        match found[..] {
            [c] => Some(c),
            _ => None,
        }
    }

    /// Whether one text field only holds names.
    fn one_names_column(&self) -> bool {
        let cols = &self.ix.profile.columns;
        (0..cols.len())
            .filter(|&c| cols[c].ty == ColumnType::Text && self.holds_names(c))
            .count()
            == 1
    }

    /// The pattern at `i`, if any: (column, the searched word's token, the
    /// operator, the span to claim).
    fn inside_at(&self, i: usize) -> Option<Inside> {
        // "meat excluding chicken": a word no field's whole value is but
        // the names of one field hold, excluded: those names left out.
        if matches!(self.norm(i), "excluding" | "except")
            && self.searchable(i + 1)
            && self.toks[i + 1].is_word()
            && self.toks[i + 1].norm.len() >= 4
            && self.value_match_at(i + 1, None).is_none()
            && self.field_match_at(i + 1).is_none()
            && !self.searchable(i + 2)
            && crate::lexicon::place_variants(self.norm(i + 1)).is_empty()
            && crate::lexicon::state_code(self.norm(i + 1)).is_none()
        {
            if let Some(c) = self.names_holding_most(i + 1) {
                return Some((c, (i + 1, i + 2), CompareOp::NotContains, (i, i + 2)));
            }
        }
        // "W in the F", "with W in the F".
        // Quoted text is the substring pass's, which knows the field the
        // contain-word governs.
        let quoted = self.toks[i].kind == TokenKind::Quoted;
        if !quoted && self.searchable(i) && self.word_at(i + 1, "in") {
            let mut k = i + 2;
            if k < self.toks.len()
                && matches!(self.norm(k), "the" | "its" | "their" | "his" | "her")
            {
                k += 1;
            }
            // "in the name" of a table whose name field is not called so
            // (`business_name` names no "name" alias; a county's name is
            // `county`): the table's name field.
            let named = self.text_field_at(k).or_else(|| {
                (k < self.toks.len() && matches!(self.toks[k].stem.as_str(), "name" | "title"))
                    .then(|| {
                        // Without a field so called, the first field of
                        // names is a guess the full-text search beats.
                        let guess = self.ix.profile.fts_table.is_none();
                        self.head_names_column(i)
                            // "home teams with borussia in the name": the
                            // text field named right before the asking word,
                            // names or not.
                            .or_else(|| {
                                let ask = self.asked_for_inside(i)?;
                                (0..ask)
                                    .filter_map(|k| self.text_field_at(k))
                                    .find(|&(_, end)| end == ask)
                                    .map(|(c, _)| c)
                            })
                            .or_else(|| self.name_column())
                            // (Not a guess when it is the only one:
                            // `constituency` beside `county`.)
                            .or_else(|| {
                                self.names_column()
                                    .filter(|_| guess || self.one_names_column())
                            })
                    })
                    .flatten()
                    .map(|c| (c, k + 1))
            });
            // "varieties with turkey in the name" where the variety field
            // repeats its names over many records: the one text field
            // whose values hold the word.
            let by_value = || {
                (named.is_none()
                    && k < self.toks.len()
                    && matches!(self.toks[k].stem.as_str(), "name" | "title")
                    && self.toks[i].is_word())
                .then(|| self.text_field_holding(i))
                .flatten()
                .map(|c| (c, k + 1))
            };
            if let Some((col, end)) = by_value() {
                let start = self.asked_for_inside(i).unwrap_or(i);
                return Some((col, (i, i + 1), CompareOp::Contains, (start, end)));
            }
            if let Some((col, end)) = named {
                // "live in the state" is not a search inside the state: the
                // field must be called a name or title, or "with" must ask
                // for the word.
                let asked = self.asked_for_inside(i);
                let with = asked.is_some();
                let name_word =
                    (k..end).any(|j| matches!(self.toks[j].stem.as_str(), "name" | "title"));
                if with || name_word && self.holds_names(col) {
                    let start = asked.unwrap_or(i);
                    return Some((col, (i, i + 1), CompareOp::Contains, (start, end)));
                }
            }
        }
        if let Some(found) = self.named_part_at(i) {
            return Some(found);
        }
        // "named after W".
        if self.word_at(i, "named") && self.word_at(i + 1, "after") && self.searchable(i + 2) {
            let col = self.name_column()?;
            return Some((col, (i + 2, i + 3), CompareOp::Contains, (i, i + 3)));
        }
        // "names with W in them", "titles containing W", "names starting
        // with W".
        // ("names containing david" where the names are `contestant`: the
        // table's one field of names.)
        let names = || {
            (matches!(self.toks[i].stem.as_str(), "name" | "title") && !self.claims.is_claimed(i))
                // (Not the first of `first_name` and `last_name`: a guess
                // the full-text search beats.)
                .then(|| self.people_names_column())
                .flatten()
                .map(|c| (c, i + 1))
        };
        if let Some((col, end)) = self.text_field_at(i).or_else(names) {
            let contains = [
                "containing",
                "contains",
                "contain",
                "mentioning",
                "mention",
                "mentions",
            ]
            .iter()
            .any(|w| self.word_at(end, w));
            let (op, w, wend, stop) = if self.word_at(end, "with") || contains {
                // ("mentioning the war": past the article; not "containing
                // the substring 'al'", the substring pass's.)
                let mentions = ["mentioning", "mention", "mentions"]
                    .iter()
                    .any(|w| self.word_at(end, w));
                let article = mentions
                    && matches!(
                        self.toks.get(end + 1).map(|t| t.norm.as_str()),
                        Some("the" | "a" | "an")
                    );
                let end = end + usize::from(article);
                let w = end + 1;
                let them = self.word_at(w + 1, "in")
                    && (self.word_at(w + 2, "them") || self.word_at(w + 2, "it"));
                // "names with an in them": any word, even a short one.
                let free = w < self.toks.len()
                    && !self.claims.is_claimed(w)
                    && self.toks[w].number().is_none();
                // "product ids containing 999": digits inside codes.
                let digits = contains
                    && !them
                    && self.ix.column_type(col) == ColumnType::Text
                    && self.toks.get(w).is_some_and(|t| {
                        t.number().is_some() && t.norm.bytes().all(|b| b.is_ascii_digit())
                    });
                if digits {
                    return Some((col, (w, w + 1), CompareOp::Contains, (i, w + 1)));
                }
                if !(self.searchable(w) || them && free) {
                    return None;
                }
                if !them && self.word_at(end, "with") {
                    return None;
                }
                // "descriptions mentioning hollywood rounds": the words
                // that follow, up to three.
                let mut last = w + 1;
                if contains && !them {
                    while last < (w + 3).min(self.toks.len())
                        && self.searchable(last)
                        && self.toks[last].is_word()
                        && self.field_match_at(last).is_none()
                        && !crate::lexicon::COMPARATORS
                            .iter()
                            .any(|c| c.words[0] == self.norm(last))
                    {
                        last += 1;
                    }
                }
                if them {
                    (CompareOp::Contains, w, w + 1, w + 3)
                } else {
                    (CompareOp::Contains, w, last, last)
                }
            } else if let Some(e) = self
                .start_verb_at(end)
                .filter(|&e| self.word_at(e, "with") && self.searchable(e + 1))
            {
                (CompareOp::StartsWith, e + 1, e + 2, e + 2)
            } else if (self.word_at(end, "ending") || self.word_at(end, "ends"))
                && (self.word_at(end + 1, "with") || self.word_at(end + 1, "in"))
                && self.searchable(end + 2)
                // "polls ending in november": a date, not letters.
                && crate::lexicon::month_index(self.norm(end + 2)).is_none()
            {
                // "tail numbers ending in aa", "names ending with son".
                (CompareOp::EndsWith, end + 2, end + 3, end + 3)
            } else {
                return None;
            };
            return Some((col, (w, wend), op, (i, stop)));
        }
        None
    }

    /// The token after a word of starting said of a field's values at
    /// `end`: "starting", "beginning", "whose name starts", "that begin".
    fn start_verb_at(&self, end: usize) -> Option<usize> {
        let mut e = end;
        if self.word_at(e, "whose") {
            e += 1;
            if ["name", "names", "title", "titles"]
                .iter()
                .any(|w| self.word_at(e, w))
            {
                e += 1;
            }
        } else if self.word_at(e, "that") || self.word_at(e, "which") {
            e += 1;
        }
        [
            "starting",
            "beginning",
            "starts",
            "begins",
            "start",
            "begin",
        ]
        .iter()
        .any(|w| self.word_at(e, w))
        .then_some(e + 1)
    }

    /// "stars named ross", "iron man movies", "centauri stars": words that
    /// occur inside several names of a field of names (`star`, `movie`),
    /// after the field's head noun and "named"/"called", or before its
    /// plural head noun, are searched inside it. Not a whole value said
    /// after "named" (the linking pass's), nor words that are a value of
    /// another field ("comedy movies"), nor a lone adjective ("new
    /// movies"); only a field of at most 5,000 listed values is read.
    fn named_part_at(&self, i: usize) -> Option<Inside> {
        let names = |c: usize| {
            self.holds_names(c)
                && self.ix.profile.columns[c].distinct_count > 2
                && (1..=5000).contains(&self.ix.profile.columns[c].values.len())
        };
        let occurs = |c: usize, text: &str| {
            self.ix.profile.columns[c]
                .values
                .iter()
                .filter(|v| v.value.to_lowercase().contains(text))
                .count()
        };
        let plain = |k: usize| {
            self.searchable(k)
                && self.toks[k].is_word()
                && self.toks[k].kind != TokenKind::Quoted
                && self.norm(k).len() >= 3
        };
        // "stars named ross".
        if let Some((col, end)) = self.text_field_at(i).filter(|&(c, _)| names(c)) {
            if (self.word_at(end, "named") || self.word_at(end, "called")) && plain(end + 1) {
                let w = end + 1;
                let text = self.norm(w).to_string();
                let whole = self.ix.profile.columns[col]
                    .values
                    .iter()
                    .any(|v| v.value.to_lowercase() == text);
                if !whole && occurs(col, &text) > 0 {
                    return Some((col, (w, w + 1), CompareOp::Contains, (i, w + 1)));
                }
            }
        }
        // "killers named john": "named" after what the rows are (a word of
        // no field), of the table's name field.
        if (self.word_at(i, "named") || self.word_at(i, "called"))
            && i > 0
            && self.text_field_at(i - 1).is_none()
            && plain(i + 1)
        {
            if let Some(col) = self.name_column().filter(|&c| names(c)) {
                let w = i + 1;
                let text = self.norm(w).to_string();
                // ("the museum named plaza museum": a whole name, the words
                // after it included, is that name.)
                let whole = (w + 1..=(w + 4).min(self.toks.len())).any(|end| {
                    let said = self.span_text(w, end).to_lowercase();
                    self.ix.profile.columns[col]
                        .values
                        .iter()
                        .any(|v| v.value.to_lowercase() == said)
                });
                if !whole && occurs(col, &text) > 0 {
                    return Some((col, (w, w + 1), CompareOp::Contains, (i, w + 1)));
                }
            }
        }
        // "iron man movies", "centauri stars": one or two words before the
        // plural head noun, the first of them starting the words.
        if !plain(i) || (i > 0 && plain(i - 1)) {
            return None;
        }
        for n in [2usize, 1] {
            let head = i + n;
            if head > self.toks.len() || !(i..head).all(plain) {
                continue;
            }
            let Some((col, end)) = self.text_field_at(head).filter(|&(c, _)| names(c)) else {
                continue;
            };
            let t = &self.toks[head];
            if end != head + 1 || t.stem == t.norm {
                continue;
            }
            // "new movies", "african countries": an adjective (a demonym
            // among them) says what kind, not a part of the name.
            if n == 1 && (self.attributive_adjective(i) || wordnet::is_adjective(self.norm(i))) {
                continue;
            }
            // "african countries", "european cities": a place of the world
            // lexicon, which linking reads.
            let text = self.span_text(i, head).to_lowercase();
            if !crate::lexicon::continent_countries(&text).is_empty()
                || !crate::lexicon::place_variants(&text).is_empty()
            {
                continue;
            }
            let other_value = self.value_match_at(i, None).is_some_and(|(_, ids, _)| {
                ids.iter()
                    .any(|&id| self.ix.values[id as usize].column != col)
            });
            if other_value {
                continue;
            }
            if occurs(col, &text) >= 2
                || n == 1 && occurs(col, &text) >= 1 && !wordnet::knows(&text)
            {
                return Some((col, (i, head), CompareOp::Contains, (i, head)));
            }
        }
        None
    }

    /// The start of the words that ask for the word at `i` inside a
    /// field: "with W", "containing the letter W", "that have the word W".
    fn asked_for_inside(&self, i: usize) -> Option<usize> {
        let mut k = i;
        while k > 0 && i - k < 3 {
            k -= 1;
            match self.norm(k) {
                "with" | "contain" | "contains" | "containing" | "have" | "has" | "having"
                | "include" | "includes" | "including" => return Some(k),
                "the" | "a" | "letter" | "word" | "string" | "character" | "text" => {}
                _ => return None,
            }
        }
        None
    }

    fn inside_condition(
        &mut self,
        col: usize,
        w: (usize, usize),
        op: CompareOp,
        span: (usize, usize),
    ) {
        let mut part = self.query[self.toks[w.0].start..self.toks[w.1 - 1].end]
            .trim_matches(['"', '\''])
            .to_string();
        // "hollywood rounds": several words end in their stem, so that
        // "Hollywood round" is found too.
        let last = &self.toks[w.1 - 1];
        if w.1 - w.0 > 1
            && last.kind != TokenKind::Quoted
            && last.stem.len() < last.norm.len()
            && last.norm.starts_with(&last.stem)
            && part.len() >= last.norm.len()
        {
            // (Only as typed: a word folded to other bytes is left whole.)
            let cut = part.len() - (last.norm.len() - last.stem.len());
            let suffix = &last.norm[last.stem.len()..];
            if part.is_char_boundary(cut) && part[cut..].eq_ignore_ascii_case(suffix) {
                part.truncate(cut);
            }
        }
        self.substring_condition(col, part, op, span);
    }

    /// Claims `span` and adds `col op text` (a part of the values), noted.
    pub(super) fn substring_condition(
        &mut self,
        col: usize,
        part: String,
        op: CompareOp,
        span: (usize, usize),
    ) {
        let field = self.ix.column_name(col).to_string();
        self.claims.claim(span, ClaimedBy::Substring);
        let source = self.span_text(span.0, span.1);
        self.note(Note::Substring {
            text: part.clone(),
            field: field.clone(),
        });
        self.phrases.push(span);
        self.push_condition(
            span,
            Condition {
                field,
                op,
                values: vec![Literal::Text(part)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::SUBSTRING,
            },
        );
    }

    /// "grade a loans" over `sub_grade` 'A1' … 'G5': a letter said right
    /// after or before the field's word, where every value of the field
    /// is a letter and digits, is the codes that begin with it.
    pub(super) fn letter_grades(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let [(col, _)] = f.columns[..] else { continue };
            let colp = &self.ix.profile.columns[col];
            if colp.ty != crate::profile::ColumnType::Text
                || colp.values.len() < 2
                || colp.distinct_count as usize > colp.values.len()
            {
                continue;
            }
            let graded = |v: &str| {
                let mut cs = v.chars();
                cs.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && v.len() >= 2
                    && cs.all(|c| c.is_ascii_digit())
            };
            if !colp.values.iter().all(|v| graded(&v.value)) {
                continue;
            }
            let letter_at = |k: usize| {
                self.toks.get(k).and_then(|t| {
                    (t.is_word() && !self.claims.is_claimed(k) && t.norm.len() == 1)
                        .then(|| t.norm.to_ascii_uppercase())
                        .filter(|l| {
                            colp.values
                                .iter()
                                .any(|v| v.value.to_ascii_uppercase().starts_with(l.as_str()))
                        })
                })
            };
            // "grade a", "a grade of c"; before the word, "c grade" (not
            // the article of "a grade").
            let of = self.toks.get(f.end).is_some_and(|t| t.norm == "of");
            let after = if of { f.end + 1 } else { f.end };
            let found = letter_at(after)
                .map(|l| (l, (f.start, after + 1)))
                .or_else(|| {
                    f.start
                        .checked_sub(1)
                        .filter(|&k| !matches!(self.norm(k), "a" | "i"))
                        .and_then(|k| letter_at(k).map(|l| (l, (k, f.end))))
                });
            let Some((letter, span)) = found else {
                continue;
            };
            self.claims.attach_field(f.start);
            self.substring_condition(col, letter, CompareOp::StartsWith, span);
        }
    }
}
