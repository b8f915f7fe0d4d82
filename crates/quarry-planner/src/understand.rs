//! The pipeline from a phrase to a plan: operators (comparisons, order,
//! negation) → links to fields and values → numbers attached to fields →
//! superlatives → traits from what is left.

use crate::index::{AliasKind, Index};
use crate::lexicon::{
    is_aggregate, is_negation, is_stopword, place_variants, split_comparative, Cmp, COMPARATORS,
    FIELD_SYNONYMS, SUPERLATIVES, TRAILING,
};
use crate::plan::{
    CompareOp, Condition, Direction, Filter, Literal, MatchKind, OrderBy, QueryPlan, Tier,
};
use crate::profile::ColumnType;
use crate::text::{format_number, stem, tokenize, Token, TokenKind};
use std::collections::HashSet;

/// The row number pseudo-column: the order the records had in the file.
pub const ROW_ORDER_FIELD: &str = "rowid";

#[derive(Debug, Clone)]
struct FieldMention {
    start: usize,
    end: usize,
    /// Candidate columns, best first, with how they were named.
    columns: Vec<(usize, AliasKind)>,
}

#[derive(Debug, Clone)]
struct ValueMention {
    start: usize,
    end: usize,
    /// Index entries (same text, possibly several columns).
    entries: Vec<u32>,
    kind: MatchKind,
}

/// Value mentions of one field, gathered: (column, negated, values, weakest
/// match, token spans, found in several fields).
type ValueGroup = (
    usize,
    bool,
    Vec<String>,
    MatchKind,
    Vec<(usize, usize)>,
    bool,
);

#[derive(Debug, Clone)]
struct OpMention {
    start: usize,
    end: usize,
    cmp: Cmp,
    implies: Option<&'static str>,
}

#[derive(Debug, Clone)]
struct Superlative {
    start: usize,
    end: usize,
    desc: bool,
    implies: Option<&'static str>,
    count: Option<u32>,
    positional: bool,
}

struct Ctx<'a> {
    ix: &'a Index,
    query: &'a str,
    toks: Vec<Token>,
    used: Vec<bool>,
    tier: Tier,
    fields: Vec<FieldMention>,
    values: Vec<ValueMention>,
    ops: Vec<OpMention>,
    sups: Vec<Superlative>,
    negations: Vec<usize>,
    plan: QueryPlan,
    phrases: Vec<(usize, usize)>,
    /// Token span of each filter, for joining "A or B" across fields.
    filter_spans: Vec<(usize, usize)>,
    /// An ordering by position was set for a "before/after X" phrase.
    positional_anchor: bool,
    today: crate::Day,
    /// Field mentions (by start) already attached to a number.
    attached: HashSet<usize>,
    /// Token spans read as comparisons with an average.
    averaged: Vec<(usize, usize)>,
}

fn confidence(kind: MatchKind) -> f32 {
    match kind {
        MatchKind::Exact => 1.0,
        MatchKind::Stemmed => 0.9,
        MatchKind::Synonym => 0.8,
        MatchKind::Inferred => 0.6,
        MatchKind::Fuzzy => 0.5,
    }
}

fn kind_word(kind: MatchKind) -> &'static str {
    match kind {
        MatchKind::Exact => "exact",
        MatchKind::Stemmed => "stemmed",
        MatchKind::Synonym => "synonym",
        MatchKind::Inferred => "inferred",
        MatchKind::Fuzzy => "fuzzy",
    }
}

pub fn plan(ix: &Index, query: &str, tier: Tier, today: crate::Day) -> QueryPlan {
    let toks = tokenize(query);
    let n = toks.len();
    let mut cx = Ctx {
        ix,
        query,
        toks,
        used: vec![false; n],
        tier,
        fields: Vec::new(),
        values: Vec::new(),
        ops: Vec::new(),
        sups: Vec::new(),
        negations: Vec::new(),
        plan: QueryPlan::empty(tier),
        phrases: Vec::new(),
        filter_spans: Vec::new(),
        positional_anchor: false,
        attached: HashSet::new(),
        averaged: Vec::new(),
        today,
    };
    cx.relative_dates();
    cx.scan_operators();
    cx.link();
    cx.value_conditions();
    cx.quoted_conditions();
    cx.average_conditions();
    cx.number_conditions();
    cx.month_conditions();
    cx.boolean_fields();
    cx.superlatives();
    cx.join_alternatives();
    cx.traits();
    cx.finish();
    cx.plan
}

impl<'a> Ctx<'a> {
    fn norm(&self, i: usize) -> &str {
        &self.toks[i].norm
    }

    fn word_at(&self, i: usize, w: &str) -> bool {
        i < self.toks.len() && self.toks[i].is_word() && self.toks[i].norm == w
    }

    fn span_text(&self, start: usize, end: usize) -> String {
        let s = self.toks[start].start;
        let e = self.toks[end - 1].end;
        self.query[s..e].to_string()
    }

    fn matches_words(&self, i: usize, ws: &[&str]) -> bool {
        ws.iter().enumerate().all(|(k, w)| self.word_at(i + k, w))
    }

    // ------------------------------------------------------------ operators

    fn scan_operators(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            if !self.toks[i].is_word() || self.used[i] {
                i += 1;
                continue;
            }
            // "first name", "best finish", "final table made": a field.
            if self.field_match_at(i).is_some_and(|(len, _)| len >= 2) {
                i += 1;
                continue;
            }
            // Longest superlative phrase ("most fuel efficient") or
            // comparator ("no more than") starting here.
            let mut best_sup: Option<(usize, bool, Option<&'static str>)> = None;
            for (phrase, desc, implies) in SUPERLATIVES {
                let len = phrase.split(' ').count();
                let ok = phrase
                    .split(' ')
                    .enumerate()
                    .all(|(k, w)| self.word_at(i + k, w));
                if ok && best_sup.is_none_or(|b| len > b.0) {
                    best_sup = Some((len, *desc, *implies));
                }
            }
            let mut best_cmp: Option<(usize, &crate::lexicon::Comparator)> = None;
            for c in COMPARATORS {
                if self.matches_words(i, c.words) && best_cmp.is_none_or(|b| c.words.len() > b.0) {
                    best_cmp = Some((c.words.len(), c));
                }
            }
            if let Some((len, c)) = best_cmp {
                if best_sup.is_none_or(|s| len >= s.0) {
                    self.ops.push(OpMention {
                        start: i,
                        end: i + len,
                        cmp: c.op,
                        implies: c.implies,
                    });
                    i += len;
                    continue;
                }
            }
            if let Some((len, desc, implies)) = best_sup {
                // "top 5", "5 most", "the 3 cheapest".
                let mut count = None;
                if let Some(v) = self.toks.get(i + len).and_then(Token::number) {
                    if (1.0..=1000.0).contains(&v) && v.fract() == 0.0 {
                        count = Some(v as u32);
                    }
                }
                if i > 0 {
                    if let Some(v) = self.toks[i - 1].number() {
                        if (1.0..=1000.0).contains(&v) && v.fract() == 0.0 {
                            count = Some(v as u32);
                            self.used[i - 1] = true;
                        }
                    }
                }
                let word = self.norm(i).to_string();
                if word == "top"
                    && count.is_none()
                    && !self.toks.get(i + 1).is_some_and(|t| t.is_word())
                {
                    i += 1;
                    continue;
                }
                if let Some(c) = count {
                    if i + len < n && self.toks[i + len].number() == Some(c as f64) {
                        self.used[i + len] = true;
                    }
                }
                for k in i..i + len {
                    self.used[k] = true;
                }
                self.sups.push(Superlative {
                    start: i,
                    end: i + len,
                    desc,
                    implies,
                    count,
                    positional: false,
                });
                i += len;
                continue;
            }
            let w = self.norm(i).to_string();
            if matches!(w.as_str(), "first" | "last" | "final") {
                let mut count = None;
                if let Some(v) = self.toks.get(i + 1).and_then(Token::number) {
                    if (1.0..=1000.0).contains(&v) && v.fract() == 0.0 {
                        count = Some(v as u32);
                        self.used[i + 1] = true;
                    }
                }
                self.used[i] = true;
                self.sups.push(Superlative {
                    start: i,
                    end: i + 1,
                    desc: w != "first",
                    implies: None,
                    count,
                    positional: true,
                });
            } else if is_negation(&w) {
                self.negations.push(i);
            }
            i += 1;
        }
    }

    /// The date column relative dates and months apply to: a date or
    /// datetime column (named in the phrase if several), else a year column.
    fn date_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let dates: Vec<usize> = (0..cols.len())
            .filter(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            .collect();
        let named = self.mentioned_columns();
        dates
            .iter()
            .copied()
            .find(|c| named.contains(c))
            .or(dates.first().copied())
    }

    /// "last 3 years", "past 6 months", "this year", "last year".
    fn relative_dates(&mut self) {
        let n = self.toks.len();
        for i in 0..n {
            if self.used[i]
                || !matches!(
                    self.norm(i),
                    "last" | "past" | "previous" | "this" | "recent"
                )
            {
                continue;
            }
            let (count, unit_at) = match self.toks.get(i + 1).and_then(Token::number) {
                Some(v) if v >= 1.0 && v.fract() == 0.0 && v < 1000.0 => (v as i32, i + 2),
                _ => (1, i + 1),
            };
            let Some(unit) = self.toks.get(unit_at).map(|t| t.stem.clone()) else {
                continue;
            };
            let months = match unit.as_str() {
                "year" => 12,
                "month" => 1,
                "decade" => 120,
                _ => continue,
            };
            let this = self.norm(i) == "this";
            let (field, value) = if let Some(c) = self.date_column() {
                let from = if this {
                    crate::Day {
                        year: self.today.year,
                        month: if months == 12 { 1 } else { self.today.month },
                        day: 1,
                    }
                } else {
                    self.today.months_back(count * months)
                };
                (c, Literal::Text(from.iso()))
            } else if let Some(c) = self
                .year_column()
                .filter(|&c| self.ix.column_type(c) == ColumnType::Integer)
            {
                if months % 12 != 0 {
                    continue;
                }
                let years = if this { 0 } else { count * months / 12 };
                (c, Literal::Integer(i64::from(self.today.year - years)))
            } else {
                continue;
            };
            let name = self.ix.column_name(field).to_string();
            let source = self.span_text(i, unit_at + 1);
            self.plan.notes.push(format!(
                "'{}' read as {} on or after {} (counted from {}).",
                source,
                name,
                crate::text::literal_text(&value),
                self.today.iso()
            ));
            for k in i..=unit_at {
                self.used[k] = true;
            }
            self.phrases.push((i, unit_at + 1));
            self.push_condition(
                (i, unit_at + 1),
                Condition {
                    field: name,
                    op: CompareOp::Ge,
                    values: vec![value],
                    source,
                    matched: MatchKind::Inferred,
                    confidence: 0.85,
                },
            );
        }
    }

    /// The value meaning "yes" of a yes/no column, if the column is one:
    /// boolean, 0/1 integers, or text values yes/no, y/n, true/false.
    fn yes_value(&self, c: usize) -> Option<Literal> {
        let col = &self.ix.profile.columns[c];
        match col.ty {
            ColumnType::Boolean => Some(Literal::Boolean(true)),
            ColumnType::Integer
                if col.min.as_deref() == Some("0")
                    && col.max.as_deref() == Some("1")
                    && col.name.ends_with("yn") =>
            {
                Some(Literal::Integer(1))
            }
            ColumnType::Text if !col.values.is_empty() && col.values.len() <= 2 => {
                let yes = col.values.iter().find(|v| {
                    matches!(v.value.to_lowercase().as_str(), "yes" | "y" | "true" | "t")
                })?;
                col.values
                    .iter()
                    .all(|v| {
                        matches!(
                            v.value.to_lowercase().as_str(),
                            "yes" | "y" | "true" | "t" | "no" | "n" | "false" | "f"
                        )
                    })
                    .then(|| Literal::Text(yes.value.clone()))
            }
            _ => None,
        }
    }

    /// "channels that have high definition TV", "dogs that were
    /// abandoned": a yes/no field named in the phrase asks for "yes".
    fn boolean_fields(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let Some(&(col, kind)) = f.columns.first() else {
                continue;
            };
            if kind != AliasKind::Full && f.end - f.start < 2 {
                continue;
            }
            let Some(yes) = self.yes_value(col) else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self
                .plan
                .filters
                .iter()
                .any(|x| x.any_of.iter().any(|c| c.field == name))
            {
                continue;
            }
            let neg = self.negated(f.start);
            let source = self.span_text(f.start, f.end);
            self.plan.notes.push(format!(
                "'{}' names the yes/no field {}; keeping records where it is {}.",
                source,
                name,
                if neg { "not yes" } else { "yes" }
            ));
            self.phrases.push((f.start, f.end));
            self.push_condition(
                (f.start, f.end),
                Condition {
                    field: name,
                    op: if neg { CompareOp::Ne } else { CompareOp::Eq },
                    values: vec![yes],
                    source,
                    matched: MatchKind::Inferred,
                    confidence: 0.7,
                },
            );
        }
    }

    /// Month names on a date column: "in March" (any year), "March 2015".
    fn month_conditions(&mut self) {
        let Some(col) = self.date_column() else {
            return;
        };
        for i in 0..self.toks.len() {
            if self.used[i] || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i);
            let Some(m) = crate::lexicon::MONTHS.iter().position(|x| {
                *x == w
                    || (x.len() > 3 && w.len() == 3 && x.starts_with(w) && w != "mar" && w != "may")
            }) else {
                continue;
            };
            let year = self
                .toks
                .get(i + 1)
                .and_then(Token::number)
                .filter(|v| (1000.0..=2100.0).contains(v) && !self.used[i + 1]);
            // "may" is a verb unless a year or "in" makes it the month.
            if w == "may" && year.is_none() && !(i > 0 && self.word_at(i - 1, "in")) {
                continue;
            }
            let name = self.ix.column_name(col).to_string();
            let (op, value, end) = match year {
                Some(y) => (
                    CompareOp::StartsWith,
                    format!("{}-{:02}", y as i64, m + 1),
                    i + 2,
                ),
                None => (CompareOp::Contains, format!("-{:02}-", m + 1), i + 1),
            };
            for k in i..end {
                self.used[k] = true;
            }
            let source = self.span_text(i, end);
            self.plan
                .notes
                .push(format!("'{}' read as a month of {}.", source, name));
            self.phrases.push((i, end));
            self.push_condition(
                (i, end),
                Condition {
                    field: name,
                    op,
                    values: vec![Literal::Text(value)],
                    source,
                    matched: MatchKind::Exact,
                    confidence: 0.9,
                },
            );
        }
    }

    // ------------------------------------------------------------ linking

    /// The longest value match at `i`, optionally with the first word
    /// replaced (fuzzy correction or a place-name variant).
    fn value_match_at(
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
                    if q >= this.toks.len() || this.used[q] {
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
                let len = if first.is_some() { need + 1 } else { need };
                // A single word that is a stopword or a bare number is not a
                // value on its own.
                // "named h", "called X": whatever follows is a value.
                let introduced = i > 0
                    && matches!(
                        this.toks[i - 1].norm.as_str(),
                        "named" | "called" | "titled"
                    );
                if e.words.len() == 1 && first.is_none() && !introduced {
                    let w = &e.words[0];
                    if is_stopword(w) || w.len() < 2 || w.chars().all(|c| c.is_ascii_digit()) {
                        continue;
                    }
                }
                if !introduced
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
        best
    }

    fn field_match_at(&self, i: usize) -> Option<(usize, Vec<(usize, AliasKind)>)> {
        let t = &self.toks[i];
        if !t.is_word() {
            return None;
        }
        let aliases = self.ix.fields_by_first.get(&t.stem)?;
        let mut best: Option<(usize, Vec<(usize, AliasKind)>)> = None;
        for a in aliases {
            if a.kind == AliasKind::Synonym && self.tier == Tier::Small {
                continue;
            }
            let len = a.words.len();
            let ok = (0..len).all(|k| {
                let q = i + k;
                q < self.toks.len()
                    && !self.used[q]
                    && self.toks[q].is_word()
                    && self.toks[q].stem == a.words[k]
            });
            if !ok {
                continue;
            }
            // Glue words alone never name a field.
            if len == 1
                && matches!(
                    a.words[0].as_str(),
                    "the" | "of" | "a" | "in" | "and" | "to" | "by" | "for" | "is" | "s" | "no"
                )
            {
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
        if let Some((_, cols)) = &mut best {
            cols.sort_by_key(|c| std::cmp::Reverse(c.1));
            let top = cols[0].1;
            cols.retain(|c| c.1 == top);
        }
        best
    }

    fn link(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            if self.used[i] {
                i += 1;
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
                    self.used[i] = true;
                }
                i += 1;
                continue;
            }
            let value = self.value_match_at(i, None);
            let field = self.field_match_at(i);
            let vlen = value.as_ref().map_or(0, |v| v.0);
            let flen = field.as_ref().map_or(0, |f| f.0);
            let take_value = vlen > 0
                && (vlen > flen
                    || (vlen == flen
                        && field
                            .as_ref()
                            .is_some_and(|(_, cols)| cols[0].1 != AliasKind::Full)));
            if take_value {
                let (len, entries, kind) = value.unwrap();
                self.values.push(ValueMention {
                    start: i,
                    end: i + len,
                    entries,
                    kind,
                });
                for k in i..i + len {
                    self.used[k] = true;
                }
                i += len;
                continue;
            }
            if let Some((len, columns)) = field {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + len,
                    columns,
                });
                for k in i..i + len {
                    self.used[k] = true;
                }
                i += len;
                continue;
            }
            let place = if self.tier == Tier::Default && t.is_word() && !is_stopword(&t.norm) {
                self.place_at(i)
            } else {
                None
            };
            if let Some(m) = place.or_else(|| self.partial_value_at(i)) {
                for k in m.start..m.end {
                    self.used[k] = true;
                }
                i = m.end;
                self.values.push(m);
                continue;
            }
            if t.is_word()
                && self.tier == Tier::Default
                && !is_stopword(&t.norm)
                && !is_negation(&t.norm)
            {
                if let Some(m) = self.world_or_fuzzy(i) {
                    let len = m.end - m.start;
                    for k in i..i + len {
                        self.used[k] = true;
                    }
                    self.values.push(m);
                    i += len;
                    continue;
                }
            }
            i += 1;
        }
    }

    /// Part of a several-word value: the longest run of words starting at
    /// `i` that appears, in order, inside few values of one field ("Senna"
    /// for "Ayrton Senna", "camarines sur" for "Camarines Sur Province").
    fn partial_value_at(&self, i: usize) -> Option<ValueMention> {
        let t = &self.toks[i];
        if !t.is_word()
            || is_stopword(&t.norm)
            || is_negation(&t.norm)
            || t.norm.chars().count() < 3
        {
            return None;
        }
        if self.ix.row_nouns.contains(&t.stem) || self.ix.fields_by_first.contains_key(&t.stem) {
            return None;
        }
        let mut cands: Vec<u32> = self.ix.values_by_word.get(&t.stem)?.clone();
        if cands.len() >= 64 {
            return None;
        }
        let mut end = i + 1;
        // Extend over following words that continue the same values.
        while end < self.toks.len() && !self.used[end] && self.toks[end].is_word() {
            let next = &self.toks[end].stem;
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
            let _ = next;
            cands = keep;
            end += 1;
        }
        // A lone common word inside many values is a trait, not a value.
        let mut cols: Vec<usize> = cands
            .iter()
            .map(|&id| self.ix.values[id as usize].column)
            .collect();
        cols.sort();
        cols.dedup();
        if cands.len() > 6 || (end - i == 1 && cands.len() > 3) {
            return None;
        }
        Some(ValueMention {
            start: i,
            end,
            entries: cands,
            kind: MatchKind::Inferred,
        })
    }

    /// Default tier only: place names and demonyms, values that are codes
    /// or prefixes of the word ("herbivores" → `herbi`), and typos.
    /// Place names, codes and demonyms over one to three words
    /// ("German" → Germany, "California" → CA, "African" → Africa).
    fn place_at(&self, i: usize) -> Option<ValueMention> {
        for len in (1..=3).rev() {
            if i + len > self.toks.len()
                || (i..i + len).any(|k| self.used[k] || !self.toks[k].is_word())
            {
                continue;
            }
            let phrase = (i..i + len)
                .map(|k| self.norm(k))
                .collect::<Vec<_>>()
                .join(" ");
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
        }
        None
    }

    /// Default tier only: values that are codes or prefixes of the word
    /// ("herbivores" → `herbi`), and typos.
    fn world_or_fuzzy(&self, i: usize) -> Option<ValueMention> {
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
            if !found.is_empty() && found.len() <= 3 {
                return Some(ValueMention {
                    start: i,
                    end: i + 1,
                    entries: found,
                    kind: MatchKind::Inferred,
                });
            }
        }
        // Typos.
        if self.ix.word_rows.contains_key(&t.stem) || self.ix.fields_by_first.contains_key(&t.stem)
        {
            return None;
        }
        let mut best: Option<ValueMention> = None;
        for cand in self.ix.fuzzy_candidates(w) {
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

    // ------------------------------------------------------------ conditions

    fn mentioned_columns(&self) -> HashSet<usize> {
        self.fields
            .iter()
            .flat_map(|f| f.columns.iter().map(|c| c.0))
            .collect()
    }

    /// Whether a negation word governs the span starting at `start`: within
    /// three words before it, with only glue words or field names between.
    fn negated(&self, start: usize) -> bool {
        self.negations.iter().any(|&ng| {
            ng < start
                && start - ng <= 4
                && (ng + 1..start).all(|k| {
                    let w = self.norm(k);
                    is_stopword(w)
                        || self.fields.iter().any(|f| f.start <= k && k < f.end)
                        || matches!(w, "have" | "has" | "use" | "from" | "in" | "equal")
                })
        }) || self
            .ops
            .iter()
            .any(|o| o.cmp == Cmp::Ne && o.end <= start && start - o.end <= 1)
    }

    /// "before", "after", "previous to", "next after", "following" just
    /// before token `start` (glue words allowed): (is-before, phrase start).
    fn position_word_before(&self, start: usize) -> Option<(bool, usize)> {
        let mut k = start;
        let mut steps = 0;
        while k > 0 && steps < 3 {
            k -= 1;
            steps += 1;
            let w = self.norm(k);
            match w {
                "before" | "previous" | "preceding" | "prior" | "above" => return Some((true, k)),
                "after" | "next" | "following" | "succeeding" | "below" => return Some((false, k)),
                "the" | "to" | "right" | "just" | "immediately" | "directly" => continue,
                _ => return None,
            }
        }
        None
    }

    /// "<more|less|greater…> [field] than", "taller than", "the same
    /// [field] as" right before token `start`: the comparison, the ordered
    /// field compared and where the phrase starts.
    fn row_comparison_before(&self, start: usize) -> Option<(CompareOp, usize, usize)> {
        let mut k = start;
        while k > 0 && matches!(self.norm(k - 1), "the" | "that" | "of") {
            k -= 1;
        }
        if k == 0 {
            return None;
        }
        // A comparator phrase with an implied field: "taller than".
        if let Some(o) = self.ops.iter().find(|o| o.end == k) {
            let op = match o.cmp {
                Cmp::Gt => CompareOp::GtRowOf,
                Cmp::Lt => CompareOp::LtRowOf,
                _ => return None,
            };
            let field = o
                .implies
                .and_then(|h| self.column_for_group(h))
                .or_else(|| {
                    self.fields
                        .iter()
                        .filter(|f| f.end <= o.start && o.start - f.end <= 3)
                        .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0))
                })?;
            return Some((op, field, o.start));
        }
        let last = self.norm(k - 1);
        if last != "than" && last != "as" {
            return None;
        }
        for j in (k.saturating_sub(7)..k - 1).rev() {
            let w = self.norm(j);
            let op = if last == "than" {
                match split_comparative(w) {
                    Some(Cmp::Gt) => CompareOp::GtRowOf,
                    Some(Cmp::Lt) => CompareOp::LtRowOf,
                    _ => continue,
                }
            } else if w == "same" {
                CompareOp::EqRowOf
            } else {
                continue;
            };
            let field = self
                .fields
                .iter()
                .filter(|f| f.start > j && f.end < k)
                .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0))?;
            return Some((op, field, j));
        }
        None
    }

    fn value_conditions(&mut self) {
        let mentioned = self.mentioned_columns();
        // Per mention, choose a column: one named in the phrase, else the
        // column where the value is most common.
        let mut groups: Vec<ValueGroup> = Vec::new();
        let values = self.values.clone();
        for m in &values {
            let entries: Vec<&crate::index::ValueEntry> = m
                .entries
                .iter()
                .map(|&id| &self.ix.values[id as usize])
                .collect();
            let mut cols: Vec<usize> = entries.iter().map(|e| e.column).collect();
            cols.sort();
            cols.dedup();
            let ambiguous = cols.len() > 1;
            // "from Chicago" is an origin, "to Chicago" a destination.
            let direction = (m.start > 0)
                .then(|| self.norm(m.start - 1))
                .and_then(|w| match w {
                    "from" | "leaving" | "departing" | "out" => {
                        Some(["origin", "source", "from", "departure", "depart"])
                    }
                    "to" | "into" | "arriving" | "landing" | "toward" | "towards" => {
                        Some(["dest", "destination", "to", "arrival", "arrive"])
                    }
                    _ => None,
                });
            let by_direction = direction.and_then(|words| {
                cols.iter().copied().find(|&c| {
                    self.ix
                        .column_name(c)
                        .split('_')
                        .any(|w| words.contains(&w))
                })
            });
            let col = by_direction
                .or_else(|| cols.iter().copied().find(|c| mentioned.contains(c)))
                .unwrap_or_else(|| {
                    entries
                        .iter()
                        .max_by_key(|e| e.count)
                        .map(|e| e.column)
                        .unwrap_or(cols[0])
                });
            let mut vals: Vec<String> = entries
                .iter()
                .filter(|e| e.column == col)
                .map(|e| e.value.clone())
                .collect();
            vals.dedup();
            // "more gold medals than Kazakhstan", "the same wins as SD
            // Compostela", "taller than Andri": compared with that record.
            if vals.len() == 1 {
                if let Some((op, field, from)) = self.row_comparison_before(m.start) {
                    let name = self.ix.column_name(field).to_string();
                    let anchor = self.ix.column_name(col).to_string();
                    let source = self.span_text(from, m.end);
                    self.plan.notes.push(format!(
                        "'{}' compares {} with the record whose {} is '{}' ({}).",
                        source,
                        name,
                        anchor,
                        vals[0],
                        kind_word(m.kind)
                    ));
                    self.phrases.push((from, m.end));
                    let conf = confidence(m.kind) * 0.9;
                    self.push_condition(
                        (from, m.end),
                        Condition {
                            field: name,
                            op,
                            values: vec![
                                Literal::Text(anchor.clone()),
                                Literal::Text(vals[0].clone()),
                            ],
                            source: source.clone(),
                            matched: m.kind,
                            confidence: conf,
                        },
                    );
                    if op == CompareOp::EqRowOf {
                        self.push_condition(
                            (from, m.end),
                            Condition {
                                field: anchor,
                                op: CompareOp::Ne,
                                values: vec![Literal::Text(vals[0].clone())],
                                source,
                                matched: m.kind,
                                confidence: conf,
                            },
                        );
                    }
                    continue;
                }
            }
            // "before San Juan", "the driver after Lwakataka": a position
            // relative to the record holding the value.
            if let Some((dir_before, from)) = self.position_word_before(m.start) {
                if vals.len() == 1 {
                    let name = self.ix.column_name(col).to_string();
                    let source = self.span_text(from, m.end);
                    self.plan.notes.push(format!(
                        "'{}' read as the records listed {} the one whose {} is '{}' ({}).",
                        source,
                        if dir_before { "before" } else { "after" },
                        name,
                        vals[0],
                        kind_word(m.kind)
                    ));
                    self.phrases.push((from, m.end));
                    self.push_condition(
                        (from, m.end),
                        Condition {
                            field: name,
                            op: if dir_before {
                                CompareOp::BeforeRowOf
                            } else {
                                CompareOp::AfterRowOf
                            },
                            values: vec![Literal::Text(vals[0].clone())],
                            source,
                            matched: m.kind,
                            confidence: confidence(m.kind) * 0.9,
                        },
                    );
                    if self.plan.order.is_empty() {
                        self.plan.order.push(OrderBy {
                            field: ROW_ORDER_FIELD.to_string(),
                            direction: if dir_before {
                                Direction::Desc
                            } else {
                                Direction::Asc
                            },
                        });
                        self.positional_anchor = true;
                    }
                    continue;
                }
            }
            let neg = self.negated(m.start);
            // A value right after another of the same column, joined by
            // "or"/"and"/",", is an alternative.
            if let Some(g) = groups.iter_mut().find(|g| g.0 == col && g.1 == neg) {
                for v in vals {
                    if !g.2.contains(&v) {
                        g.2.push(v);
                    }
                }
                g.3 = g.3.min(m.kind);
                g.4.push((m.start, m.end));
                g.5 |= ambiguous;
            } else {
                groups.push((col, neg, vals, m.kind, vec![(m.start, m.end)], ambiguous));
            }
        }
        for (col, neg, vals, kind, spans, ambiguous) in groups {
            let name = self.ix.column_name(col).to_string();
            let op = match (neg, vals.len()) {
                (false, 1) => CompareOp::Eq,
                (false, _) => CompareOp::In,
                (true, 1) => CompareOp::Ne,
                (true, _) => CompareOp::NotIn,
            };
            let source = spans
                .iter()
                .map(|&(s, e)| self.span_text(s, e))
                .collect::<Vec<_>>()
                .join(", ");
            let mut conf = confidence(kind);
            if ambiguous {
                conf *= 0.9;
            }
            self.plan.notes.push(format!(
                "{} '{}' matched a value of {} ({}{}, confidence {:.2}).",
                if neg { "Negated:" } else { "Value" },
                source,
                name,
                kind_word(kind),
                if ambiguous {
                    ", also found in other fields"
                } else {
                    ""
                },
                conf
            ));
            for &(s, e) in &spans {
                let s = if neg {
                    self.negations
                        .iter()
                        .copied()
                        .filter(|&n| n < s && s - n <= 4)
                        .max()
                        .unwrap_or(s)
                } else {
                    s
                };
                self.phrases.push((s, e));
            }
            let lo = spans.iter().map(|s| s.0).min().unwrap_or(0);
            let hi = spans.iter().map(|s| s.1).max().unwrap_or(0);
            self.push_condition(
                (lo, hi),
                Condition {
                    field: name,
                    op,
                    values: vals.into_iter().map(Literal::Text).collect(),
                    source,
                    matched: kind,
                    confidence: conf,
                },
            );
        }
    }

    /// Quoted text that is not a value: a substring search in the text
    /// field named nearest to it, else a trait.
    fn quoted_conditions(&mut self) {
        for i in 0..self.toks.len() {
            if self.used[i] {
                continue;
            }
            // Quoted text, or the word after "the letter", "the substring".
            let spelled = i > 0
                && self.toks[i].is_word()
                && !is_stopword(self.norm(i))
                && matches!(
                    self.norm(i - 1),
                    "letter" | "letters" | "substring" | "character" | "characters" | "string"
                );
            if self.toks[i].kind != TokenKind::Quoted && !spelled {
                continue;
            }
            self.used[i] = true;
            let text = if spelled {
                self.span_text(i, i + 1)
            } else {
                self.toks[i].norm.clone()
            };
            let is_text =
                |f: &&FieldMention| self.ix.column_type(f.columns[0].0) == ColumnType::Text;
            // "a state whose name contains 'North'", "names containing
            // 'Al'": the field before the word that asks for a part of it;
            // "contain the letter w in their description": the one after.
            let contain = (i.saturating_sub(5)..i).rev().find(|&k| {
                matches!(
                    self.norm(k),
                    "contain" | "contains" | "containing" | "include" | "includes" | "including"
                )
            });
            let governed = contain.and_then(|c| {
                self.fields
                    .iter()
                    .filter(is_text)
                    .filter(|f| f.end <= c && c - f.end <= 3)
                    .max_by_key(|f| f.end)
                    .map(|f| {
                        // "the state whose name contains": the name of the
                        // state, i.e. the state field.
                        let generic = f.end - f.start == 1
                            && matches!(self.norm(f.start), "name" | "names" | "title");
                        let owner = self.fields.iter().filter(is_text).find(|g| {
                            g.end < f.start
                                && f.start - g.end <= 2
                                && (g.end..f.start)
                                    .all(|k| matches!(self.norm(k), "whose" | "s" | "of" | "the"))
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
            });
            let field = governed.or_else(|| {
                self.fields.iter().filter(is_text).min_by_key(|f| {
                    if f.end <= i {
                        i - f.end
                    } else {
                        f.start - i
                    }
                })
            });
            let neg = self.negated(i);
            if let Some(f) = field {
                let name = self.ix.column_name(f.columns[0].0).to_string();
                self.plan.notes.push(format!(
                    "'{}' is not a whole value of {}; searching for it inside {}.",
                    text, name, name
                ));
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
                        confidence: 0.7,
                    },
                );
            } else if self.ix.profile.fts_table.is_some() {
                self.phrases.push((i, i + 1));
                self.plan.traits.push(text);
            }
        }
    }

    fn column_for_group(&self, head: &str) -> Option<usize> {
        let group = FIELD_SYNONYMS.iter().find(|g| g[0] == head)?;
        let stems: Vec<String> = group.iter().map(|w| stem(w)).collect();
        self.ix
            .ordered_columns()
            .find(|&c| {
                crate::text::words(&self.ix.column_name(c).replace('_', " "))
                    .iter()
                    .any(|w| stems.contains(&stem(w)))
            })
            .or_else(|| {
                if head == "year" {
                    self.year_column()
                } else {
                    None
                }
            })
            .or_else(|| {
                // Heights like "1.87 m", times like "4:19.84": text that
                // sorts as its number.
                (0..self.ix.profile.columns.len()).find(|&c| {
                    self.sortable_text(c)
                        && crate::text::words(&self.ix.column_name(c).replace('_', " "))
                            .iter()
                            .any(|w| stems.contains(&stem(w)))
                })
            })
    }

    /// A text column whose values all start with a digit (the profile's
    /// smallest and largest do), so its text order follows its numbers.
    fn sortable_text(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        let digit = |v: &Option<String>| {
            v.as_deref()
                .is_some_and(|s| s.starts_with(|ch: char| ch.is_ascii_digit()))
        };
        col.ty == ColumnType::Text && digit(&col.min) && digit(&col.max)
    }

    fn is_ordered(&self, c: usize) -> bool {
        matches!(
            self.ix.column_type(c),
            ColumnType::Integer | ColumnType::Float | ColumnType::Date | ColumnType::DateTime
        )
    }

    fn year_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        self.ix
            .ordered_columns()
            .find(|&c| {
                cols[c]
                    .name
                    .split('_')
                    .any(|w| w == "year" || w == "yr" || w == "season")
            })
            .or_else(|| {
                self.ix
                    .ordered_columns()
                    .find(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            })
            .or_else(|| {
                self.ix.ordered_columns().find(|&c| {
                    cols[c].ty == ColumnType::Integer
                        && cols[c]
                            .min
                            .as_deref()
                            .and_then(|m| m.parse::<i64>().ok())
                            .is_some_and(|m| m >= 1000)
                        && cols[c]
                            .max
                            .as_deref()
                            .and_then(|m| m.parse::<i64>().ok())
                            .is_some_and(|m| m <= 2100)
                })
            })
            .or_else(|| {
                // "2007 (May–October)", "13 December 1950": text that holds the year.
                (0..cols.len()).find(|&c| {
                    cols[c].ty == ColumnType::Text
                        && cols[c]
                            .name
                            .split('_')
                            .any(|w| matches!(w, "year" | "years" | "season" | "date" | "dates"))
                })
            })
    }

    /// A field mention of an ordered column starting at `i` (after up to
    /// `skip` glue words), or ending just before `i`.
    fn field_after(&self, i: usize, skip: usize) -> Option<(usize, usize)> {
        let mut k = i;
        let mut skipped = 0;
        loop {
            if let Some(f) = self.fields.iter().find(|f| f.start == k) {
                return f
                    .columns
                    .iter()
                    .find(|c| self.is_ordered(c.0))
                    .map(|c| (c.0, f.end));
            }
            if k < self.toks.len()
                && skipped < skip
                && self.toks[k].is_word()
                && is_stopword(self.norm(k))
            {
                k += 1;
                skipped += 1;
                continue;
            }
            return None;
        }
    }

    fn field_before(&self, i: usize, skip: usize) -> Option<usize> {
        let mut k = i;
        let mut skipped = 0;
        while k > 0 {
            if let Some(f) = self.fields.iter().find(|f| f.end == k) {
                if self.attached.contains(&f.start) {
                    return None;
                }
                return f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0);
            }
            let w = self.norm(k - 1);
            if skipped < skip
                && self.toks[k - 1].is_word()
                && (is_stopword(w)
                    || matches!(
                        w,
                        "is" | "are" | "was" | "with" | "has" | "have" | "of" | "had"
                    ))
            {
                k -= 1;
                skipped += 1;
                continue;
            }
            return None;
        }
        None
    }

    fn number_literal(&self, col: usize, v: f64) -> Literal {
        match self.ix.column_type(col) {
            ColumnType::Integer if v.fract() == 0.0 => Literal::Integer(v as i64),
            ColumnType::Date | ColumnType::DateTime => Literal::Text(format_number(v)),
            _ => Literal::Float(v),
        }
    }

    /// "above the average age", "older than average", "more than the
    /// average number of products", "whose price is below average": a
    /// numeric field against its mean over the whole dataset.
    fn average_conditions(&mut self) {
        let n = self.toks.len();
        // "fewer employees than average": a comparative apart from its
        // "than" reads like "fewer than", about the field between them.
        let mut ops = self.ops.clone();
        for t in 0..n {
            if self.norm(t) != "than" || ops.iter().any(|o| o.start <= t && t < o.end) {
                continue;
            }
            for j in (t.saturating_sub(5)..t).rev() {
                if let Some(cmp) = split_comparative(self.norm(j)) {
                    ops.push(OpMention {
                        start: j,
                        end: t + 1,
                        cmp,
                        implies: None,
                    });
                    break;
                }
            }
        }
        for o in ops {
            let (op, word) = match o.cmp {
                Cmp::Gt | Cmp::Ge => (CompareOp::GtAvg, "above"),
                Cmp::Lt | Cmp::Le => (CompareOp::LtAvg, "below"),
                _ => continue,
            };
            let mut k = o.end;
            while k < n && matches!(self.norm(k), "the" | "an" | "a" | "that" | "its" | "their") {
                k += 1;
            }
            if k >= n || !matches!(self.norm(k), "average" | "mean" | "avg") || self.used[k] {
                continue;
            }
            let numeric = |c: usize| {
                matches!(
                    self.ix.column_type(c),
                    ColumnType::Integer | ColumnType::Float
                )
            };
            // The field: named after "average" ("the average number of
            // products"), implied by the comparison ("older"), or named
            // just before it ("whose age is above average").
            let after = self.field_after(k + 1, 2).filter(|&(c, _)| numeric(c));
            let between = self
                .fields
                .iter()
                .filter(|f| f.start > o.start && f.end < o.end)
                .find_map(|f| f.columns.iter().map(|c| c.0).find(|&c| numeric(c)));
            let col = after
                .map(|(c, _)| c)
                .or(between)
                .or_else(|| {
                    o.implies
                        .and_then(|h| self.column_for_group(h))
                        .filter(|&c| numeric(c))
                })
                .or_else(|| self.field_before(o.start, 3).filter(|&c| numeric(c)));
            let Some(col) = col else { continue };
            let end = after.map_or(k + 1, |(_, e)| e);
            let mut start = o.start;
            if let Some(f) = self.fields.iter().find(|f| {
                f.columns.iter().any(|c| c.0 == col) && f.end <= o.start && o.start - f.end <= 3
            }) {
                start = f.start;
            }
            let op = if self.negated(o.start) {
                if op == CompareOp::GtAvg {
                    CompareOp::LtAvg
                } else {
                    CompareOp::GtAvg
                }
            } else {
                op
            };
            for t in o.start..end {
                self.used[t] = true;
            }
            let name = self.ix.column_name(col).to_string();
            let source = self.span_text(start, end);
            self.plan.notes.push(format!(
                "'{source}' read as {name} {word} its average over the whole dataset (confidence 0.90)."
            ));
            self.phrases.push((start, end));
            self.averaged.push((start, end));
            self.push_condition(
                (start, end),
                Condition {
                    field: name,
                    op,
                    values: Vec::new(),
                    source,
                    matched: MatchKind::Exact,
                    confidence: 0.9,
                },
            );
        }
    }

    fn number_conditions(&mut self) {
        let n = self.toks.len();
        let ops = self.ops.clone();
        let mut i = 0;
        while i < n {
            let Some(v) = self.toks[i].number() else {
                i += 1;
                continue;
            };
            if self.used[i] {
                i += 1;
                continue;
            }
            let percent = matches!(self.toks[i].kind, TokenKind::Number { percent: true, .. });
            // The comparator right before the number.
            let mut op = ops
                .iter()
                .find(|o| {
                    o.end == i
                        || (o.end + 1 == i
                            && matches!(self.norm(o.end), "a" | "an" | "the" | "about" | "around"))
                })
                .cloned();
            let mut between_field: Option<usize> = None;
            if op.is_none() {
                // "below age 30": the comparator, the field, the number.
                if let Some(f) = self.fields.iter().find(|f| f.end == i) {
                    if let Some(o) = ops.iter().find(|o| o.end == f.start) {
                        op = Some(o.clone());
                        between_field =
                            f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0);
                    }
                }
            }
            if op.is_none() && i > 1 && self.word_at(i - 1, "than") {
                // "a greater weight than 10"
                for k in (i.saturating_sub(6)..i - 1).rev() {
                    if let Some(c) = split_comparative(self.norm(k)) {
                        op = Some(OpMention {
                            start: k,
                            end: i,
                            cmp: c,
                            implies: None,
                        });
                        between_field = self
                            .fields
                            .iter()
                            .filter(|f| f.start > k && f.end < i)
                            .find_map(|f| {
                                f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0)
                            });
                        break;
                    }
                }
            }
            let op = op.as_ref();
            let mut cmp = op.map(|o| o.cmp);
            let mut hi: Option<f64> = None;
            let mut end = i + 1;
            if matches!(cmp, Some(Cmp::Between)) || cmp.is_none() {
                // "between 10 and 20", "from 2010 to 2015", "10-20".
                if end + 1 < n
                    && (self.word_at(end, "and")
                        || self.word_at(end, "to")
                        || self.word_at(end, "through"))
                    && self.toks[end + 1].number().is_some()
                    && (cmp.is_some() || self.word_at(end, "to"))
                {
                    hi = self.toks[end + 1].number();
                    cmp = Some(Cmp::Between);
                    end += 2;
                } else if cmp == Some(Cmp::Between) {
                    cmp = None; // "from 1990" alone
                    if op.is_some_and(|o| self.norm(o.start) == "from") {
                        cmp = Some(Cmp::Since);
                    }
                }
            }
            // "500 or more"
            for (ws, c) in TRAILING {
                if self.matches_words(end, ws) {
                    cmp = Some(*c);
                    for k in end..end + ws.len() {
                        self.used[k] = true;
                    }
                    end += ws.len();
                    break;
                }
            }
            let op_start = op.map_or(i, |o| o.start);
            // Which field: named right after, right before, implied by the
            // comparison, a year, or the one numeric field whose range holds it.
            let mut how = MatchKind::Exact;
            // "aged 32 or 33": a list of numbers.
            let mut list = vec![v];
            if matches!(cmp, None | Some(Cmp::Eq)) {
                while end + 1 < n && (self.word_at(end, "or") || self.word_at(end, "and")) {
                    match self.toks[end + 1].number() {
                        Some(x) if !self.used[end + 1] => {
                            list.push(x);
                            end += 2;
                        }
                        _ => break,
                    }
                }
            }
            let after = if between_field.is_some() {
                None
            } else {
                self.field_after(end, 2)
                    .or_else(|| self.field_after(i + 1, 2))
            };
            let mut field = between_field.or(after.map(|f| f.0));
            // "in 1994", "during 2007": a year, whatever field precedes it.
            let year_word = v.fract() == 0.0
                && (1000.0..=2100.0).contains(&v)
                && i > 0
                && matches!(self.norm(i - 1), "in" | "during" | "since" | "by")
                && op.is_none();
            if field.is_none() && year_word {
                // The field named just before, if it can hold a year ("hired
                // in 2005"), else the dataset's year column.
                let before = self.field_before(op_start, 3).filter(|&c| {
                    let col = &self.ix.profile.columns[c];
                    matches!(col.ty, ColumnType::Date | ColumnType::DateTime)
                        || (col
                            .min
                            .as_deref()
                            .and_then(|m| m.parse::<f64>().ok())
                            .is_some_and(|m| m <= v)
                            && col
                                .max
                                .as_deref()
                                .and_then(|m| m.parse::<f64>().ok())
                                .is_some_and(|m| m >= v))
                });
                field = before.or_else(|| self.year_column());
            }
            if let Some((_, fend)) = after {
                // "50 employees or fewer"
                for (ws, c) in TRAILING {
                    if self.matches_words(fend, ws) {
                        cmp = Some(*c);
                        for k in fend..fend + ws.len() {
                            self.used[k] = true;
                        }
                        break;
                    }
                }
            }
            if field.is_none() && !year_word {
                field = self.field_before(op_start, 3);
            }
            if field.is_none() {
                if let Some(head) = op.and_then(|o| o.implies) {
                    field = self.column_for_group(head);
                    how = MatchKind::Synonym;
                }
            }
            let yearish = v.fract() == 0.0 && (1000.0..=2100.0).contains(&v) && !percent;
            if field.is_none()
                && yearish
                && (cmp.is_some()
                    || i > 0 && matches!(self.norm(i - 1), "in" | "of" | "during" | "year"))
            {
                field = self.year_column();
                how = MatchKind::Inferred;
            }
            if field.is_none() && cmp.is_some() && self.tier == Tier::Default {
                // The nearest named numeric field, else the only field whose range holds it.
                field = self
                    .fields
                    .iter()
                    .filter_map(|f| {
                        f.columns
                            .iter()
                            .find(|c| self.is_ordered(c.0))
                            .map(|c| (f, c.0))
                    })
                    .min_by_key(|(f, _)| f.start.abs_diff(i))
                    .map(|(_, c)| c);
                if field.is_none() {
                    let fits: Vec<usize> = self
                        .ix
                        .ordered_columns()
                        .filter(|&c| {
                            let col = &self.ix.profile.columns[c];
                            col.ty.is_numeric()
                                && !col.name.ends_with("id")
                                && col
                                    .min
                                    .as_deref()
                                    .and_then(|m| m.parse::<f64>().ok())
                                    .is_some_and(|m| m <= v)
                                && col
                                    .max
                                    .as_deref()
                                    .and_then(|m| m.parse::<f64>().ok())
                                    .is_some_and(|m| m >= v)
                        })
                        .collect();
                    if fits.len() == 1 {
                        field = Some(fits[0]);
                    }
                }
                how = MatchKind::Inferred;
            }
            if yearish && after.is_none() && between_field.is_none() {
                if let (Some(c), Some(y)) = (field, self.year_column()) {
                    let colp = &self.ix.profile.columns[c];
                    let outside = colp
                        .max
                        .as_deref()
                        .and_then(|m| m.parse::<f64>().ok())
                        .is_some_and(|m| m < v / 2.0);
                    if outside {
                        field = Some(y);
                        how = MatchKind::Inferred;
                    }
                }
            }
            let Some(col) = field else {
                i = end;
                continue;
            };
            if let Some(f) = self.fields.iter().find(|f| {
                f.columns.iter().any(|c| c.0 == col)
                    && (f.end <= i + 1 && i - f.end.min(i) <= 4 || f.start >= i && f.start - i <= 3)
            }) {
                self.attached.insert(f.start);
            }
            let cmp = match cmp {
                Some(c) => c,
                None => Cmp::Eq,
            };
            let colp = &self.ix.profile.columns[col];
            let is_date = matches!(colp.ty, ColumnType::Date | ColumnType::DateTime);
            let v = if percent
                && colp
                    .max
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m <= 1.0)
            {
                v / 100.0
            } else {
                v
            };
            let name = colp.name.clone();
            let (op, values) = if colp.ty == ColumnType::Text {
                // A number in a text field: the text holds it.
                match cmp {
                    Cmp::Eq => (CompareOp::Contains, vec![Literal::Text(format_number(v))]),
                    Cmp::Ne => (
                        CompareOp::NotContains,
                        vec![Literal::Text(format_number(v))],
                    ),
                    _ => {
                        i = end;
                        continue;
                    }
                }
            } else if is_date && yearish {
                let y = v as i64;
                match cmp {
                    Cmp::Eq => (CompareOp::StartsWith, vec![Literal::Text(y.to_string())]),
                    Cmp::Gt | Cmp::After => (
                        CompareOp::Ge,
                        vec![Literal::Text(format!("{}-01-01", y + 1))],
                    ),
                    Cmp::Ge | Cmp::Since => {
                        (CompareOp::Ge, vec![Literal::Text(format!("{y}-01-01"))])
                    }
                    Cmp::Lt | Cmp::Before => {
                        (CompareOp::Lt, vec![Literal::Text(format!("{y}-01-01"))])
                    }
                    Cmp::Le => (
                        CompareOp::Lt,
                        vec![Literal::Text(format!("{}-01-01", y + 1))],
                    ),
                    Cmp::Ne => (CompareOp::NotContains, vec![Literal::Text(y.to_string())]),
                    Cmp::Between => {
                        let h = hi.unwrap_or(v) as i64;
                        (
                            CompareOp::Between,
                            vec![
                                Literal::Text(format!("{y}-01-01")),
                                Literal::Text(format!("{h}-12-31T23:59:59")),
                            ],
                        )
                    }
                }
            } else {
                let lit = self.number_literal(col, v);
                match cmp {
                    Cmp::Eq if list.len() > 1 => (
                        CompareOp::In,
                        list.iter().map(|&x| self.number_literal(col, x)).collect(),
                    ),
                    Cmp::Eq => (CompareOp::Eq, vec![lit]),
                    Cmp::Ne => (CompareOp::Ne, vec![lit]),
                    Cmp::Gt | Cmp::After => (CompareOp::Gt, vec![lit]),
                    Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![lit]),
                    Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![lit]),
                    Cmp::Le => (CompareOp::Le, vec![lit]),
                    Cmp::Between => {
                        let (a, b) = (v.min(hi.unwrap_or(v)), v.max(hi.unwrap_or(v)));
                        (
                            CompareOp::Between,
                            vec![self.number_literal(col, a), self.number_literal(col, b)],
                        )
                    }
                }
            };
            let op = if self.negated(op_start) {
                match op {
                    CompareOp::Eq => CompareOp::Ne,
                    CompareOp::Gt => CompareOp::Le,
                    CompareOp::Ge => CompareOp::Lt,
                    CompareOp::Lt => CompareOp::Ge,
                    CompareOp::Le => CompareOp::Gt,
                    o => o,
                }
            } else {
                op
            };
            for k in op_start..end {
                self.used[k] = true;
            }
            // The phrase covers the field named next to it.
            let mut ps = op_start;
            let mut pe = end;
            if let Some(f) = self.fields.iter().find(|f| {
                f.columns.iter().any(|c| c.0 == col)
                    && (f.end <= op_start && op_start - f.end <= 3
                        || f.start >= end && f.start - end <= 2)
            }) {
                ps = ps.min(f.start);
                pe = pe.max(f.end);
            }
            let source = self.span_text(ps, pe);
            let conf = match how {
                MatchKind::Exact => 0.95,
                k => confidence(k),
            };
            self.plan.notes.push(format!(
                "'{}' read as a condition on {} ({}, confidence {:.2}).",
                source,
                name,
                if how == MatchKind::Exact {
                    "field named next to the number"
                } else {
                    kind_word(how)
                },
                conf
            ));
            self.phrases.push((ps, pe));
            self.push_condition(
                (ps, pe),
                Condition {
                    field: name,
                    op,
                    values,
                    source,
                    matched: how,
                    confidence: conf,
                },
            );
            i = end;
        }
    }

    /// "which venue is listed the most": with nothing to order by and no
    /// other condition, the most (or least) frequent value of the named
    /// categorical field, read off the profile's value counts.
    fn most_frequent_value(&mut self, s: &Superlative) -> bool {
        let word = self.norm(s.start).to_string();
        let most = match word.as_str() {
            "most" => true,
            "least" | "fewest" => false,
            _ => return false,
        };
        // The field the question asks about: the last one named before the
        // superlative ("which *year* did she star in the most films").
        let Some(col) = self
            .fields
            .iter()
            .filter(|f| f.end <= s.start)
            .flat_map(|f| f.columns.first())
            .map(|c| c.0)
            .rfind(|&c| {
                let col = &self.ix.profile.columns[c];
                col.values.len() >= 2 || col.ty == ColumnType::Text
            })
        else {
            return false;
        };
        let name = self.ix.column_name(col).to_string();
        let source = self.span_text(s.start, s.end);
        self.plan.notes.push(format!(
            "'{}' read as the {} frequent value of {} among the matching records (inferred, confidence 0.50).",
            source,
            if most { "most" } else { "least" },
            name,
        ));
        self.phrases.push((s.start, s.end));
        self.push_condition(
            (s.start, s.end),
            Condition {
                field: name,
                op: if most {
                    CompareOp::MostFrequent
                } else {
                    CompareOp::LeastFrequent
                },
                values: vec![],
                source,
                matched: MatchKind::Inferred,
                confidence: 0.5,
            },
        );
        true
    }

    fn superlatives(&mut self) {
        let mut sups = self.sups.clone();
        // "the average, minimum and maximum age", "from the oldest to the
        // youngest": aggregates or a range, not a request for the extreme.
        // ("above the average age" is a condition, not an aggregate.)
        let aggregate = self.toks.iter().enumerate().any(|(i, t)| {
            is_aggregate(&t.norm) && !self.averaged.iter().any(|&(s, e)| s <= i && i < e)
        });
        let both = sups.iter().any(|s| !s.positional && s.desc)
            && sups.iter().any(|s| !s.positional && !s.desc);
        if aggregate || both {
            sups.retain(|s| s.positional && s.count.is_some());
        }
        for s in sups
            .iter_mut()
            .filter(|s| s.count.is_none() && !s.positional)
        {
            for k in (s.start.saturating_sub(6)..s.start).rev() {
                if let Some(v) = self.toks[k].number() {
                    if !self.used[k]
                        && k > 0
                        && matches!(self.norm(k - 1), "the" | "top" | "first")
                        && (1.0..=100.0).contains(&v)
                        && v.fract() == 0.0
                    {
                        s.count = Some(v as u32);
                        self.used[k] = true;
                    }
                    break;
                }
            }
        }
        let mut explicit_order = false;
        if self.positional_anchor {
            sups.retain(|s| !s.positional);
            self.plan.limit = Some(1);
        }
        for s in &sups {
            let mut desc = s.desc;
            let implied = if s.positional {
                None
            } else {
                s.implies.and_then(|h| self.column_for_group(h))
            };
            // "the most films", "the most candidates": a count per value of
            // the field asked about, not an order.
            let counted = !s.positional
                && implied.is_none()
                && self.field_after(s.end, 3).is_none()
                && self.toks.get(s.end).is_some_and(|t| {
                    t.is_word() && !is_stopword(&t.norm)
                        || self.fields.iter().any(|f| f.start == s.end)
                });
            // "the most common nationality": the mode of the field after.
            let common = !s.positional
                && self.toks.get(s.end).is_some_and(|t| {
                    matches!(
                        t.norm.as_str(),
                        "common" | "frequent" | "popular" | "usual" | "often" | "frequently"
                    )
                });
            if common {
                if let Some(f) = self
                    .fields
                    .iter()
                    .find(|f| f.start > s.end && f.start <= s.end + 3)
                    .cloned()
                {
                    let pseudo = Superlative {
                        start: s.start,
                        end: f.start,
                        ..s.clone()
                    };
                    let keep = std::mem::take(&mut self.fields);
                    self.fields = keep
                        .iter()
                        .filter(|x| x.start == f.start)
                        .cloned()
                        .collect();
                    for x in &mut self.fields {
                        x.end = pseudo.start; // the subject, as if named before
                    }
                    let done = self.most_frequent_value(&pseudo);
                    self.fields = keep;
                    if done {
                        explicit_order = true;
                        break;
                    }
                }
            }
            if counted && self.most_frequent_value(s) {
                explicit_order = true;
                break;
            }
            // A field named right after wins ("highest rating"), then the
            // one the word implies ("the highest airport" → elevation),
            // then one named a little further on.
            let mut field = self
                .field_after(s.end, 1)
                .map(|f| f.0)
                .or(implied)
                .or_else(|| self.field_after(s.end, 3).map(|f| f.0));
            if field.is_none() && s.positional {
                // "the last year", "first 5 …": a date or year named next
                // to it orders by that, else the order of the records.
                field = None;
            }
            if field.is_none() && !s.positional {
                if let Some(head) = s.implies {
                    field = self.column_for_group(head);
                    if field.is_none() && head == "age" {
                        // The oldest: the earliest birth year/date.
                        field = self.year_column();
                        desc = !desc;
                    }
                }
            }
            if field.is_none() && !s.positional {
                field = self.field_before(s.start, 1);
            }
            if field.is_none() && !s.positional {
                field = self
                    .fields
                    .iter()
                    .find(|f| f.start >= s.end && f.start - s.end <= 3)
                    .and_then(|f| f.columns.iter().find(|c| self.sortable_text(c.0)))
                    .map(|c| c.0);
            }
            if field.is_none() && !s.positional {
                // The nearest ordered field named anywhere in the phrase.
                field = self
                    .fields
                    .iter()
                    .filter_map(|f| {
                        f.columns
                            .iter()
                            .find(|c| self.is_ordered(c.0))
                            .map(|c| (f, c.0))
                    })
                    .min_by_key(|(f, _)| f.start.abs_diff(s.start))
                    .map(|(_, c)| c);
            }
            let word = self.span_text(s.start, s.end);
            match field {
                Some(col) => {
                    let name = self.ix.column_name(col).to_string();
                    self.plan.order.push(OrderBy {
                        field: name.clone(),
                        direction: if desc {
                            Direction::Desc
                        } else {
                            Direction::Asc
                        },
                    });
                    self.plan.notes.push(format!(
                        "'{}' orders by {} {}.",
                        word,
                        name,
                        if desc { "descending" } else { "ascending" }
                    ));
                }
                None if s.positional => {
                    self.plan.order.push(OrderBy {
                        field: ROW_ORDER_FIELD.to_string(),
                        direction: if desc {
                            Direction::Desc
                        } else {
                            Direction::Asc
                        },
                    });
                    self.plan.notes.push(format!(
                        "'{}' orders by the records' position in the dataset.",
                        word
                    ));
                }
                None => {
                    if self.most_frequent_value(s) {
                        explicit_order = true;
                        break;
                    }
                    self.plan
                        .notes
                        .push(format!("'{}' names no field to order by; ignored.", word));
                    continue;
                }
            }
            explicit_order = true;
            let lim = s.count.unwrap_or(1);
            self.plan.limit = Some(self.plan.limit.map_or(lim, |l| l.min(lim)));
            if s.count.is_none() && s.positional {
                // "the first" with no count still asks for one record.
            }
            self.phrases.push((s.start, s.end));
            break;
        }
        // "which had higher attendance, A or B": a choice between named
        // records, decided by the field the comparative names.
        let alternatives = self
            .plan
            .filters
            .iter()
            .any(|f| f.any_of.len() > 1 || f.any_of.iter().any(|c| c.op == CompareOp::In));
        if !explicit_order && alternatives {
            for i in 0..self.toks.len() {
                let Some(c) = split_comparative(self.norm(i)) else {
                    continue;
                };
                if self.word_at(i + 1, "than")
                    || self.averaged.iter().any(|&(s, e)| s <= i && i < e)
                {
                    continue;
                }
                let field = self
                    .field_after(i + 1, 1)
                    .map(|f| f.0)
                    .or_else(|| self.field_before(i, 2));
                if let Some(col) = field {
                    let name = self.ix.column_name(col).to_string();
                    self.plan.notes.push(format!(
                        "'{}' chooses between the alternatives by {}.",
                        self.span_text(i, i + 1),
                        name
                    ));
                    self.plan.order.push(OrderBy {
                        field: name,
                        direction: if c == Cmp::Gt {
                            Direction::Desc
                        } else {
                            Direction::Asc
                        },
                    });
                    self.plan.limit = Some(1);
                    explicit_order = true;
                    break;
                }
            }
        }
        // "sorted by X", "in descending order of X".
        if !explicit_order {
            for i in 0..self.toks.len() {
                let w = self.norm(i).to_string();
                if matches!(
                    w.as_str(),
                    "order"
                        | "ordered"
                        | "sort"
                        | "sorted"
                        | "rank"
                        | "ranked"
                        | "arrange"
                        | "arranged"
                ) {
                    let desc = (i.saturating_sub(3)..(i + 4).min(self.toks.len())).any(|k| {
                        matches!(
                            self.norm(k),
                            "descending" | "desc" | "decreasing" | "reverse"
                        )
                    });
                    if let Some((col, _)) = self.field_after(i + 1, 3) {
                        let name = self.ix.column_name(col).to_string();
                        self.plan.order.push(OrderBy {
                            field: name,
                            direction: if desc {
                                Direction::Desc
                            } else {
                                Direction::Asc
                            },
                        });
                        break;
                    }
                }
            }
        }
    }

    /// Adds a one-condition filter that the phrase's tokens `span` produced.
    fn push_condition(&mut self, span: (usize, usize), condition: Condition) {
        // A phrase that repeats itself asks once ("red red red cars").
        let same = |f: &Filter| {
            f.any_of.len() == 1
                && f.any_of[0].field == condition.field
                && f.any_of[0].op == condition.op
                && f.any_of[0].values == condition.values
        };
        if self.plan.filters.iter().any(same) {
            return;
        }
        self.filter_spans.push(span);
        self.plan.filters.push(Filter {
            any_of: vec![condition],
        });
    }

    /// "8 cylinders or produced before 1980": conditions on different
    /// fields joined by "or" become one filter of alternatives.
    fn join_alternatives(&mut self) {
        let mut order: Vec<usize> =
            (0..self.plan.filters.len().min(self.filter_spans.len())).collect();
        order.sort_by_key(|&k| self.filter_spans[k].0);
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for w in order.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (ae, bs) = (self.filter_spans[a].1, self.filter_spans[b].0);
            if ae <= bs
                && bs - ae <= 5
                && (ae..bs)
                    .find(|&k| !is_stopword(self.norm(k)) || self.word_at(k, "or"))
                    .is_some_and(|k| self.word_at(k, "or"))
                && (ae..bs).all(|k| self.toks[k].is_word())
                && self.plan.filters[a].any_of[0].field != self.plan.filters[b].any_of[0].field
            {
                merged.push((a, b));
            }
        }
        let mut removed = HashSet::new();
        for (a, b) in merged.into_iter().rev() {
            if removed.contains(&a) {
                continue;
            }
            let other = self.plan.filters[b].any_of.clone();
            self.plan.filters[a].any_of.extend(other);
            removed.insert(b);
        }
        let mut k = 0;
        self.plan.filters.retain(|_| {
            k += 1;
            !removed.contains(&(k - 1))
        });
    }

    fn traits(&mut self) {
        let mut ignored = Vec::new();
        let field_tok: HashSet<usize> = self.fields.iter().flat_map(|f| f.start..f.end).collect();
        let ops_tok: HashSet<usize> = self.ops.iter().flat_map(|o| o.start..o.end).collect();
        for i in 0..self.toks.len() {
            if self.used[i] && !field_tok.contains(&i) {
                continue;
            }
            if field_tok.contains(&i) || ops_tok.contains(&i) {
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
            self.plan.notes.push(format!(
                "Searched the text fields for: {} (full-text, ranked by BM25).",
                self.plan.traits.join(", ")
            ));
        }
        if !ignored.is_empty() {
            self.plan.notes.push(format!(
                "Words ignored (not a field, value or condition of this dataset): {}.",
                ignored.join(", ")
            ));
        }
    }

    fn finish(&mut self) {
        let fields: Vec<String> = {
            let mut names: Vec<String> = self
                .fields
                .iter()
                .map(|f| {
                    format!(
                        "'{}' → {}",
                        self.span_text(f.start, f.end),
                        self.ix.column_name(f.columns[0].0)
                    )
                })
                .collect();
            names.dedup();
            names
        };
        if !fields.is_empty() {
            self.plan
                .notes
                .insert(0, format!("Fields named: {}.", fields.join(", ")));
        }
        let mut phrases = std::mem::take(&mut self.phrases);
        phrases.sort();
        phrases.dedup();
        let mut last_end = 0;
        for (s, e) in phrases {
            if s < last_end {
                continue;
            }
            // Extend a value or trait with the field words right after it
            // ("fintech companies", "Ideal cut").
            self.plan.key_phrases.push(self.span_text(s, e));
            last_end = e;
        }
        self.plan.notes.push(match self.tier {
            Tier::Default => "Default tier: exact, stemmed, synonym, world-knowledge and fuzzy linking; relaxes once if nothing matches.".to_string(),
            Tier::Small => "Small tier: exact and stemmed linking only, no relaxation.".to_string(),
        });
        if self.plan.filters.is_empty() && self.plan.traits.is_empty() && self.plan.order.is_empty()
        {
            self.plan
                .notes
                .push("No condition found: returning the records in dataset order.".to_string());
        }
    }
}
