//! Pass 2, operators: comparator phrases ("more than", "older than"),
//! superlatives with their counts ("the 3 cheapest", "top 5"), position
//! words ("first", "last 3") and negation words. Superlatives, their counts
//! and position words are claimed; comparators are left for the passes that
//! read them with a number, a value or "average".

use super::claims::ClaimedBy;
use super::mentions::{Graded, OpMention, Superlative};
use super::Ctx;
use crate::confidence;
use crate::lexicon::{
    is_negation, is_position_word, is_stopword, Degree, FieldGroup, COMPARATIVES, COMPARATORS,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;
use crate::text::{Token, TokenKind};

/// The longest superlative at a token: (length, largest first, implied
/// group, the graded adjective, the column a taught superlative orders by).
type SuperlativeMatch = (
    usize,
    bool,
    Option<FieldGroup>,
    Option<Graded>,
    Option<usize>,
);

/// A count a superlative or position word can carry ("top 5"): a whole
/// number from 1 to 1000, not a share ("the top 10%" is no ten records).
fn count_of(t: &Token) -> Option<u32> {
    if matches!(t.kind, TokenKind::Number { percent: true, .. }) {
        return None;
    }
    t.number()
        .filter(|v| (1.0..=1000.0).contains(v) && v.fract() == 0.0)
        .map(|v| v as u32)
}

impl Ctx<'_> {
    pub(super) fn scan_operators(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            if !self.toks[i].is_word() || self.claims.is_claimed(i) {
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
            let best_sup = self.superlative_at(i);
            if let Some(op) = self.comparator_at(i) {
                let len = op.end - op.start;
                if best_sup.as_ref().is_none_or(|s| len >= s.0) {
                    // "south of 20": "south" is not a value.
                    if matches!(
                        op.implies,
                        Some(FieldGroup::Latitude | FieldGroup::Longitude)
                    ) {
                        self.claims.claim((op.start, op.end), ClaimedBy::Number);
                    }
                    self.ops.push(op);
                    i += len;
                    continue;
                }
            }
            if let Some(sup) = best_sup {
                i = self.superlative(i, sup);
                continue;
            }
            let w = self.norm(i).to_string();
            if let Some(end) = self.time_span_at(i) {
                // Not read as dates by the dates pass: the dataset has none.
                self.claims.claim((i, end), ClaimedBy::RelativeDate);
                self.note(Note::NoDateForSpan {
                    source: self.span_text(i, end),
                });
                i = end;
                continue;
            } else if let Some(end) = self.end_of_field_at(i) {
                i = end;
                continue;
            } else if is_position_word(&w)
                && !self.position_word_is_value(i)
                && self.names_a_position(i)
            {
                self.position_word(i, w != "first");
            } else if is_negation(&w) {
                // "anything but diesel" negates; "under 6 but over 1000"
                // only joins.
                // "every state but texas", "all models but the mini": after
                // "every"/"all" and a noun too.
                let all_but = |k: usize| {
                    matches!(
                        self.norm(k),
                        "anything" | "all" | "everything" | "everyone" | "everybody" | "any"
                    )
                };
                let joins = w == "but"
                    && !(i > 0 && all_but(i - 1)
                        || i > 1
                            && matches!(self.norm(i - 2), "every" | "all" | "any")
                            && self.toks[i - 1].is_word());
                if !joins {
                    self.negations.push(i);
                }
            }
            i += 1;
        }
    }

    /// The longest superlative starting at token `i`: of the hand table
    /// (with the lexicon's reading of its word, for a group no column has),
    /// else of an adjective the lexicon knows ("windiest", "most cited").
    fn superlative_at(&self, i: usize) -> Option<SuperlativeMatch> {
        let mut best: Option<SuperlativeMatch> = None;
        let mut words: &[&str] = &[];
        for c in COMPARATIVES {
            let Degree::Superlative { desc } = c.degree else {
                continue;
            };
            let len = c.words.len();
            if self.matches_words(i, c.words) && best.as_ref().is_none_or(|b| len > b.0) {
                best = Some((len, desc, c.group, None, None));
                words = c.words;
            }
        }
        // "leader" orders only right after the field it leads ("the home
        // run leader"); elsewhere it is a noun ("the country's leader").
        if matches!(words, ["leader"] | ["leaders"]) {
            let led = (1..=2.min(i)).any(|back| {
                self.field_match_at(i - back)
                    .is_some_and(|(len, _)| len == back)
            });
            if !led {
                best = None;
            }
        }
        if let Some(b) = &mut best {
            if b.2.is_some() {
                b.3 = self.hand_graded(words);
            }
        }
        if let Some((len, desc, g)) = self.graded_superlative_at(i) {
            if best.as_ref().is_none_or(|b| len > b.0) {
                best = Some((len, desc, None, Some(g), None));
            }
        }
        // The dataset's vocabulary wins a tie.
        if let Some((len, desc, col)) = self.taught_superlative_at(i) {
            if best.as_ref().is_none_or(|b| len >= b.0) {
                best = Some((len, desc, None, None, Some(col)));
            }
        }
        best
    }

    /// The longest comparator phrase starting at token `i`: a comparator
    /// ("at least") or a comparative with its "than" ("older than").
    fn comparator_at(&self, i: usize) -> Option<OpMention> {
        let mut best: Option<OpMention> = None;
        let mut consider = |len: usize, cmp, implies, graded| {
            if best.as_ref().is_none_or(|b| len > b.end - b.start) {
                best = Some(OpMention {
                    start: i,
                    end: i + len,
                    cmp,
                    implies,
                    graded,
                });
            }
        };
        // "in the first 3 weeks": up to the number of periods, past the
        // phrase's start (where "the first 3" asks for records by place).
        if i > 1
            && matches!(self.norm(i), "first" | "initial")
            && self.toks.get(i + 1).is_some_and(|t| t.number().is_some())
            && self.toks.get(i + 2).is_some_and(|t| {
                matches!(
                    t.stem.as_str(),
                    "week" | "day" | "month" | "year" | "hour" | "minute" | "season" | "round"
                )
            })
        {
            consider(1, crate::lexicon::Cmp::Le, None, None);
        }
        for c in COMPARATORS {
            if self.matches_words(i, c.words) {
                consider(c.words.len(), c.op, None, None);
            }
        }
        for c in COMPARATIVES {
            let Degree::Comparative { than, .. } = c.degree else {
                continue;
            };
            if self.matches_words(i, c.words) && self.word_at(i + c.words.len(), "than") {
                let graded = c.group.and_then(|_| self.hand_graded(c.words));
                consider(c.words.len() + 1, than, c.group, graded);
            }
            // "north of 60": a compass comparative before a number.
            let number_next = self
                .toks
                .get(i + c.words.len())
                .is_some_and(|t| t.number().is_some());
            if c.words.last() == Some(&"of") && self.matches_words(i, c.words) && number_next {
                consider(c.words.len(), than, c.group, None);
            }
        }
        // "windier than", "more sugary than": an adjective of the lexicon.
        if let Some((len, cmp, g)) = self.graded_comparator_at(i) {
            consider(len, cmp, None, Some(g));
        }
        best
    }

    /// Records the superlative at token `i` with its count ("top 5", "5
    /// most", "the 3 cheapest") and claims it; returns the token after it.
    fn superlative(
        &mut self,
        i: usize,
        (len, desc, implies, graded, taught): SuperlativeMatch,
    ) -> usize {
        let n = self.toks.len();
        let mut count = self.toks.get(i + len).and_then(count_of);
        if i > 0 {
            if let Some(c) = count_of(&self.toks[i - 1]) {
                count = Some(c);
                self.claims.claim_token(i - 1, ClaimedBy::Superlative);
            }
        }
        // "10 counties with the highest …": a count that leads the phrase,
        // before its plural head noun.
        if count.is_none() {
            let lead = usize::from(
                self.toks
                    .first()
                    .is_some_and(|t| matches!(t.norm.as_str(), "the" | "top")),
            );
            // "the 3 years with the highest price": "years" read as the
            // count's unit still heads the phrase when "with" follows.
            let unit_head = self.claims.claimed_by(lead + 1) == Some(ClaimedBy::Unit)
                && self
                    .toks
                    .get(lead + 2)
                    .is_some_and(|t| matches!(t.norm.as_str(), "with" | "that" | "where" | "when"));
            let plural_after = self.toks.get(lead + 1).is_some_and(|t| {
                t.is_word() && t.stem != t.norm && (!self.claims.is_claimed(lead + 1) || unit_head)
            });
            if lead + 1 < i && plural_after && !self.claims.is_claimed(lead) {
                if let Some(c) = self.toks.get(lead).and_then(count_of) {
                    count = Some(c);
                    self.claims.claim_token(lead, ClaimedBy::Superlative);
                }
            }
        }
        // "most interlocked 5", "highest charges 5": terse, a count that
        // ends the phrase one word after the superlative.
        if count.is_none()
            && i + len + 2 == n
            && self.toks[i + len].is_word()
            && !self.claims.is_claimed(i + len + 1)
        {
            if let Some(c) = count_of(&self.toks[i + len + 1]) {
                count = Some(c);
                self.claims.claim_token(i + len + 1, ClaimedBy::Superlative);
            }
        }
        if self.norm(i) == "top"
            && count.is_none()
            && !self.toks.get(i + 1).is_some_and(|t| t.is_word())
        {
            return i + 1;
        }
        if let Some(c) = count {
            if i + len < n && self.toks[i + len].number() == Some(c as f64) {
                self.claims.claim_token(i + len, ClaimedBy::Superlative);
            }
        }
        self.claims.claim((i, i + len), ClaimedBy::Superlative);
        self.sups.push(Superlative {
            start: i,
            end: i + len,
            desc,
            implies,
            graded,
            count,
            positional: false,
            taught,
            column: None,
        });
        i + len
    }

    /// "first class" (`ship_mode = 'First Class'`), "went first"
    /// (`start = 'first'`): the position word is, or begins, a value the
    /// data holds exactly, so it is no order by position.
    fn position_word_is_value(&self, i: usize) -> bool {
        // "claims first made in montreal", "the first quarter of 1979",
        // "first year gpa", "first option": an adverb before a participle,
        // an ordinal of a period or of one of a kind; no order.
        if self.norm(i) == "first" {
            if let Some(n) = self.toks.get(i + 1).filter(|n| n.is_word()) {
                let participle = crate::lexicon::wordnet::verbs_of_participle(&n.norm)
                    .first()
                    .is_some_and(|v| crate::lexicon::wordnet::is_verb(v))
                    || matches!(
                        n.norm.as_str(),
                        "made"
                            | "born"
                            | "built"
                            | "held"
                            | "seen"
                            | "shown"
                            | "sold"
                            | "won"
                            | "paid"
                            | "found"
                            | "given"
                            | "taken"
                            | "written"
                            | "released"
                            | "elected"
                            | "opened"
                            | "published"
                            | "aired"
                            | "broadcast"
                    );
                let period = matches!(
                    n.norm.as_str(),
                    "quarter"
                        | "half"
                        | "week"
                        | "month"
                        | "season"
                        | "round"
                        | "term"
                        | "semester"
                        | "trimester"
                        | "period"
                        | "inning"
                        | "innings"
                        | "year"
                        | "time"
                        | "generation"
                        | "option"
                        | "choice"
                        | "name"
                        | "language"
                        | "edition"
                        | "marriage"
                        | "offence"
                        | "offense"
                );
                if participle || period {
                    return true;
                }
            }
        }
        self.value_match_at(i, None).is_some_and(|(len, _, kind)| {
            kind == MatchKind::Exact
                && (len >= 2 || self.toks.get(i + 1).is_none_or(|t| count_of(t).is_none()))
        })
    }

    /// The end (exclusive) of "last two weeks" in "visits in the last two
    /// weeks", "in the past year" at `i`: a span of time before now (the
    /// dates pass reads it where the dataset has dates or years), not the
    /// dataset's last records, unless the records are those spans ("in the
    /// last 3 weeks" of a weekly table) or a part of one follows ("of").
    fn time_span_at(&self, i: usize) -> Option<usize> {
        let within = i >= 2
            && self.norm(i - 1) == "the"
            && matches!(
                self.norm(i - 2),
                "in" | "over" | "during" | "within" | "for" | "from"
            );
        if !within || !matches!(self.norm(i), "last" | "past") || self.claims.is_claimed(i) {
            return None;
        }
        let mut k = i + 1;
        if self.toks.get(k).and_then(count_of).is_some() {
            k += 1;
        }
        let unit = self.toks.get(k)?;
        let span = matches!(
            unit.norm.as_str(),
            "hour"
                | "hours"
                | "day"
                | "days"
                | "week"
                | "weeks"
                | "fortnight"
                | "month"
                | "months"
                | "year"
                | "years"
                | "decade"
                | "decades"
        );
        let of = self.toks.get(k + 1).is_some_and(|t| t.norm == "of");
        (span && !of && !self.ix.row_nouns.contains(&unit.stem)).then_some(k + 1)
    }

    /// Whether "first"/"last" at `i` asks for records by their place in
    /// the dataset: not "at first evaluation", "at last follow-up" (when,
    /// not which records), nor "the last week of may" (a period).
    fn names_a_position(&self, i: usize) -> bool {
        if i > 0 && self.norm(i - 1) == "at" {
            return false;
        }
        if self.time_span_at(i).is_some() {
            return false;
        }
        // "last eruption unknown" of `last_known_eruption`: the word is
        // one of the name of the field said after it.
        let w = self.norm(i);
        if i + 1 < self.toks.len()
            && self.field_match_at(i + 1).is_some_and(|(_, cols)| {
                cols.iter()
                    .any(|c| self.ix.column_name(c.0).split('_').any(|p| p == w))
            })
        {
            return false;
        }
        // "coming off a final four", "a first offence": after an
        // indefinite article the word says what kind, not which record.
        if i > 0 && matches!(self.norm(i - 1), "a" | "an") {
            return false;
        }
        // "first offenders", "first floor tests": with no article and no
        // count, before a noun that is no record of the dataset (not its
        // row noun, no word of records, no field or value of it), the
        // word says what kind, not which record. ("the last game", "his
        // last match" are records.)
        let determined = i > 0
            && matches!(
                self.norm(i - 1),
                "the" | "his" | "her" | "its" | "their" | "my" | "our" | "your" | "this" | "that"
            );
        if let Some(n) = self.toks.get(i + 1).filter(|n| n.is_word() && !determined) {
            let row_word = matches!(
                n.norm.as_str(),
                "one"
                    | "ones"
                    | "record"
                    | "records"
                    | "row"
                    | "rows"
                    | "entry"
                    | "entries"
                    | "item"
                    | "items"
                    | "result"
                    | "results"
                    | "line"
                    | "lines"
            );
            // A plural ("first offenders") or a noun before another
            // ("first floor tests"); not "last place", "last city in".
            let plural = n.norm.ends_with('s') && n.stem != n.norm;
            let compound = self
                .toks
                .get(i + 2)
                .is_some_and(|m| m.is_word() && !is_stopword(&m.norm) && count_of(m).is_none());
            let kind = !row_word
                && (plural || compound)
                && n.norm.len() >= 4
                && !is_stopword(&n.norm)
                && count_of(n).is_none()
                && !self.ix.row_nouns.contains(&n.stem)
                && !self
                    .ix
                    .row_nouns
                    .iter()
                    .any(|r| n.stem.starts_with(r.as_str()) && r.len() >= 4)
                && self.field_match_at(i + 1).is_none()
                && self.value_match_at(i + 1, None).is_none();
            if kind {
                return false;
            }
        }
        !self.toks.get(i + 1).is_some_and(|n| {
            matches!(
                n.norm.as_str(),
                "week"
                    | "weeks"
                    | "month"
                    | "months"
                    | "quarter"
                    | "half"
                    | "weekend"
                    | "day"
                    | "days"
            ) && self.toks.get(i + 2).is_some_and(|t| t.norm == "of")
        })
    }

    /// "placebo in the last period", "players during the first season":
    /// after "in"/"during" + "the", "last"/"final"/"first" and a field of
    /// a few whole numbers (50 values or fewer) is the field's largest (or
    /// smallest) value, a condition on each record, not the one record
    /// that comes last. Returns the end of the words read.
    fn end_of_field_at(&mut self, i: usize) -> Option<usize> {
        let w = self.norm(i);
        if !matches!(w, "last" | "final" | "first")
            || i < 2
            || self.norm(i - 1) != "the"
            || !matches!(self.norm(i - 2), "in" | "during")
            || self.claims.is_claimed(i)
        {
            return None;
        }
        let (len, cols) = self.field_match_at(i + 1)?;
        let [(c, _)] = cols[..] else {
            return None;
        };
        let col = &self.ix.profile.columns[c];
        if col.ty != ColumnType::Integer || col.distinct_count > 50 || col.distinct_count < 2 {
            return None;
        }
        let end_value = if w == "first" { &col.min } else { &col.max };
        let value: i64 = end_value.as_deref()?.parse().ok()?;
        let name = col.name.clone();
        if self.has_filter_on(&name) {
            return None;
        }
        let end = i + 1 + len;
        let source = self.span_text(i, end);
        self.note(Note::EndOfField {
            source: source.clone(),
            field: name.clone(),
            value,
            last: w != "first",
        });
        self.claims.claim((i, end), ClaimedBy::Field);
        self.phrases.push((i, end));
        self.push_condition(
            (i, end),
            Condition {
                field: name,
                op: CompareOp::Eq,
                values: vec![Literal::Integer(value)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::INFERRED,
            },
        );
        Some(end)
    }

    /// "first", "last 3": an order by position, with its count.
    fn position_word(&mut self, i: usize, desc: bool) {
        let count = self.toks.get(i + 1).and_then(count_of);
        if count.is_some() {
            self.claims.claim_token(i + 1, ClaimedBy::Position);
        }
        self.claims.claim_token(i, ClaimedBy::Position);
        self.sups.push(Superlative {
            start: i,
            end: i + 1,
            desc,
            implies: None,
            graded: None,
            count,
            positional: true,
            taught: None,
            column: None,
        });
    }
}
