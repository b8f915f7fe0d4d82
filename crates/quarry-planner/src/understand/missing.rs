//! Pass 7c, missing values: a field named with a word of absence asks for
//! the records where it is empty, and one named with a word of presence for
//! those where it is not.
//!
//! - "unknown colour", "colour unknown", "no rating recorded", "height not
//!   recorded", "missing price", "without a website" → `IS NULL`;
//! - "with a website", "known age", "price recorded" → `IS NOT NULL`, when
//!   the field has empty values at all;
//! - "no retweets", "sugar free", "with a fireplace" on a count (a number field whose
//!   smallest value is 0 and that has no empty values) → `= 0` / `> 0`.
//!
//! - "no airbag", "without a seatbelt" on a text field that writes its
//!   absence as a value (`none`, `no`, `n/a`) → `= 'none'`.
//!
//! Yes/no fields are left to the yes/no pass ("no smokers" is `smoker <> 1`).

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::lexicon::{is_absence_word, is_filler_noun, is_presence_word, is_recorded_word};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

/// What a phrase asks of a field's emptiness.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asks {
    Empty,
    NotEmpty,
    Zero,
    AboveZero,
    /// The field's value that says it is absent ("none").
    NoneValue(String),
}

impl Ctx<'_> {
    pub(super) fn missing_values(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let Some(&(col, _)) = f.columns.first() else {
                continue;
            };
            let flag = self.yes_value(col).is_some();
            if self.claims.is_field_attached(f.start) || self.aggregated(f.start) {
                continue;
            }
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let Some((asks, span)) = self.emptiness_asked(f.start, f.end, col) else {
                continue;
            };
            // A yes/no field is empty only when said so after it ("jail
            // law not recorded", "smoking status unknown"): "no smoking" is
            // its "no".
            if flag && !(matches!(asks, Asks::Empty | Asks::NoneValue(_)) && span.1 > f.end) {
                continue;
            }
            let (op, values) = match asks {
                Asks::Empty => (CompareOp::IsNull, vec![]),
                Asks::NotEmpty => (CompareOp::IsNotNull, vec![]),
                Asks::Zero => (CompareOp::Eq, vec![Literal::Integer(0)]),
                Asks::AboveZero => (CompareOp::Gt, vec![Literal::Integer(0)]),
                Asks::NoneValue(ref v) => (CompareOp::Eq, vec![Literal::Text(v.clone())]),
            };
            self.claims.claim(span, ClaimedBy::Missing);
            self.claims.attach_field(f.start);
            let source = self.span_text(span.0, span.1);
            self.note(Note::Missing {
                source: source.clone(),
                field: name.clone(),
                empty: matches!(asks, Asks::Empty | Asks::Zero | Asks::NoneValue(_)),
                none_value: match &asks {
                    Asks::NoneValue(v) => Some(v.clone()),
                    // A count of none is zero, not an empty field.
                    Asks::Zero => Some("0".to_string()),
                    _ => None,
                },
            });
            self.phrases.push(span);
            self.push_condition(
                span,
                Condition {
                    field: name,
                    op,
                    values,
                    source,
                    matched: MatchKind::Inferred,
                    confidence: confidence::MISSING_VALUE,
                },
            );
        }
    }

    /// Whether the words around the field mention `start..end` ask for its
    /// emptiness, and the span they cover.
    fn emptiness_asked(
        &self,
        start: usize,
        end: usize,
        col: usize,
    ) -> Option<(Asks, (usize, usize))> {
        let column = &self.ix.profile.columns[col];
        let has_empty = column.null_count > 0;
        let count = matches!(column.ty, ColumnType::Integer | ColumnType::Float)
            && column.min.as_deref().and_then(|m| m.parse::<f64>().ok()) == Some(0.0);
        let unclaimed_word =
            |i: usize| i < self.toks.len() && !self.claims.is_claimed(i) && self.toks[i].is_word();
        // "income not recorded" where the field writes it as a value
        // ("Unknown"): that value; else the empty records.
        // ("no position listed" where none is written "-": that value.)
        let empty = |span: (usize, usize)| match unknown_value(column) {
            Some(v) => Some((Asks::NoneValue(v), span)),
            None if has_empty => Some((Asks::Empty, span)),
            None => none_value(column).map(|v| (Asks::NoneValue(v), span)),
        };
        if count && crate::lexicon::month_index(&column.name).is_some() {
            if let Some(r) = self.period_amount_asked(start, end) {
                return Some(r);
            }
        }
        // After the field: "unknown", "missing", "not recorded", "recorded".
        let mut after = end;
        // "january figures missing", "salary data not given".
        if unclaimed_word(after) && is_filler_noun(self.norm(after)) {
            after += 1;
        }
        if unclaimed_word(after) && matches!(self.norm(after), "is" | "was" | "are" | "were") {
            after += 1;
        }
        let not_after = unclaimed_word(after) && matches!(self.norm(after), "not" | "never");
        let recorded_after = |k: usize| unclaimed_word(k) && is_recorded_word(self.norm(k));
        // "sugar free", "fat-free": none of it.
        if count && unclaimed_word(end) && self.norm(end) == "free" {
            return Some((Asks::Zero, (start, end + 1)));
        }
        // "sold nothing", "scored zero": the field's verb, then none.
        if count && unclaimed_word(end) && matches!(self.norm(end), "nothing" | "zero" | "none") {
            return Some((Asks::Zero, (start, end + 1)));
        }
        // "spent nothing on alcohol": none of the field named after it.
        if count
            && start >= 2
            && unclaimed_word(start - 2)
            && unclaimed_word(start - 1)
            // "zero" is a number token by now.
            && (self.norm(start - 2) == "nothing" || self.toks[start - 2].number() == Some(0.0))
            && matches!(self.norm(start - 1), "on" | "for")
        {
            return Some((Asks::Zero, (start - 2, end)));
        }
        if unclaimed_word(after) && is_absence_word(self.norm(after)) {
            return empty((start, after + 1));
        }
        // "branch weight recorded", "root and bark measured": recorded
        // said after the field (past the other fields of a list joined by
        // "and") asks for a value.
        let mut past = after;
        while let Some(f) = (past + 1 < self.toks.len() && matches!(self.norm(past), "and" | ","))
            .then(|| self.fields.iter().find(|f| f.start == past + 1))
            .flatten()
        {
            past = f.end;
            if unclaimed_word(past) && is_filler_noun(self.norm(past)) {
                past += 1;
            }
        }
        let denied = (start.saturating_sub(2)..start)
            .any(|k| matches!(self.norm(k), "no" | "without" | "never" | "not" | "any"));
        if has_empty && recorded_after(past) && !not_after && !denied {
            let end = if past == after { after + 1 } else { end };
            return Some((Asks::NotEmpty, (start, end)));
        }
        if not_after && recorded_after(after + 1) {
            return empty((start, after + 2));
        }
        // Before the field, skipping an article: "no", "unknown", "with a".
        let mut before = start;
        if before > 0 && matches!(self.norm(before - 1), "a" | "an" | "any") {
            before -= 1;
        }
        // "no hospital visits": one word that names nothing between "no"
        // and the field.
        if before > 1
            && unclaimed_word(before - 1)
            && !crate::lexicon::is_stopword(self.norm(before - 1))
            && matches!(self.norm(before - 2), "no" | "without")
            && unclaimed_word(before - 2)
        {
            before -= 1;
        }
        // "in stock", "out of stock": a count of what is on hand.
        let on_hand = matches!(column.ty, ColumnType::Integer | ColumnType::Float)
            && column
                .name
                .split('_')
                .any(|w| matches!(w, "stock" | "inventory" | "instock"));
        if on_hand && start >= 1 && unclaimed_word(start - 1) {
            if start >= 2 && self.norm(start - 2) == "out" && self.norm(start - 1) == "of" {
                return Some((Asks::Zero, (start - 2, end)));
            }
            if self.norm(start - 1) == "in" {
                return Some((Asks::AboveZero, (start - 1, end)));
            }
        }
        let cue = before.checked_sub(1).filter(|&k| unclaimed_word(k))?;
        let w = self.norm(cue);
        let recorded = recorded_after(end);
        let stop = if recorded { end + 1 } else { end };
        // "free shipping": a price of nothing.
        if w == "free" && count && !recorded {
            return Some((Asks::Zero, (cue, stop)));
        }
        if w == "no" || w == "without" {
            if let Some(v) = none_value(column).filter(|_| !recorded || !has_empty) {
                return Some((Asks::NoneValue(v), (cue, stop)));
            }
            // "no visits" on a count of visits is none, even where some
            // counts are missing ("no visits recorded" is the missing ones).
            if count && !recorded {
                return Some((Asks::Zero, (cue, stop)));
            }
            return empty((cue, stop));
        }
        // "nothing pending" of `num_pending`: a count, none of it.
        if matches!(w, "nothing" | "none") && count && !recorded {
            return Some((Asks::Zero, (cue, stop)));
        }
        // "never arrested" of `narr86`: a count, none of it.
        if w == "never" && count && !recorded && self.yes_value(col).is_none() {
            return Some((Asks::Zero, (cue, stop)));
        }
        if is_absence_word(w) {
            return empty((cue, stop));
        }
        // "no alcohol but some tobacco": an amount, more than none.
        if w == "some" && count && !recorded {
            return Some((Asks::AboveZero, (cue, stop)));
        }
        if is_presence_word(w) {
            if count && !has_empty {
                return Some((Asks::AboveZero, (cue, stop)));
            }
            return has_empty.then_some((Asks::NotEmpty, (cue, stop)));
        }
        None
    }
}

impl Ctx<'_> {
    /// "grassy but not rancid" of the scores `grassy` and `rancid` (0 and
    /// up): a field named whole by an adjective, which no number, order or
    /// other condition took, asks for some of it (`> 0`); negated, none.
    fn adjective_fields(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let [(col, _)] = f.columns[..] else {
                continue;
            };
            let c = &self.ix.profile.columns[col];
            let word = self.norm(f.start).to_string();
            let name = self.ix.column_name(col).to_string();
            if f.end - f.start != 1
                || word != name
                || !crate::lexicon::wordnet::is_adjective(&word)
                || !c.ty.is_numeric()
                || self.yes_value(col).is_some()
                || c.min.as_deref().and_then(|m| m.parse::<f64>().ok()) != Some(0.0)
                || self.claims.is_field_attached(f.start)
                || self.has_filter_on(&name)
                || self
                    .sups
                    .iter()
                    .any(|s| s.end + 2 >= f.start && s.start <= f.end + 2)
                || self
                    .ops
                    .iter()
                    .any(|o| o.end + 1 >= f.start && o.start <= f.end + 1)
                || self.plan.figure.is_some()
            {
                continue;
            }
            let neg = self.negated(f.start);
            self.claims.attach_field(f.start);
            self.some_or_none((f.start, f.end), name, neg);
        }
    }

    /// "obese patients", "underweight": the WHO's classes of the body
    /// mass index, on a column of it (`bmi`, `body_mass_index`): 30 or
    /// more, 25 or more, under 18.5.
    fn weight_classes(&mut self) {
        let Some(col) = (0..self.ix.profile.columns.len()).find(|&c| {
            let n = self.ix.column_name(c);
            self.ix.column_type(c).is_numeric()
                && (n.split('_').any(|w| w == "bmi") || n.contains("body_mass"))
        }) else {
            return;
        };
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let (op, value) = match self.norm(i) {
                "obese" | "obesity" => (CompareOp::Ge, Literal::Integer(30)),
                "overweight" => (CompareOp::Ge, Literal::Integer(25)),
                "underweight" => (CompareOp::Lt, Literal::Float(18.5)),
                _ => continue,
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let neg = self.negated(i);
            let op = match (neg, op) {
                (false, op) => op,
                (true, CompareOp::Ge) => CompareOp::Lt,
                (true, _) => CompareOp::Ge,
            };
            self.inferred_number((i, i + 1), name, op, value);
        }
    }

    /// `> 0` on `name` for the words `span` ("rainy", "grassy"), or `= 0`
    /// when `none`, with its note.
    fn some_or_none(&mut self, span: (usize, usize), name: String, none: bool) {
        let source = self.span_text(span.0, span.1);
        self.note(Note::Missing {
            source: source.clone(),
            field: name.clone(),
            empty: none,
            none_value: None,
        });
        self.phrases.push(span);
        self.push_condition(
            span,
            Condition {
                field: name,
                op: if none { CompareOp::Eq } else { CompareOp::Gt },
                values: vec![Literal::Integer(0)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::MISSING_VALUE,
            },
        );
    }

    /// "rainy days", "windy days with no snow": an unclaimed adjective of
    /// the noun a numeric amount field is named after (`rain_mm`, `snow`:
    /// smallest value 0, not a yes/no field) asks for some of it, `> 0`;
    /// negated, none, `= 0`.
    pub(super) fn amount_adjectives(&mut self) {
        self.adjective_fields();
        self.weight_classes();
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i).to_string();
            // "dry days": no rain; "calm hours": no wind.
            let none_of = match w.as_str() {
                "dry" => Some("rain"),
                "calm" | "windless" => Some("wind"),
                _ => None,
            };
            let dry = none_of.is_some();
            let Some(noun) = w
                .strip_suffix('y')
                .filter(|n| n.len() >= 3 && !dry)
                .or(none_of)
            else {
                continue;
            };
            // "rainy" of `precip`: a word of the noun's synonym group.
            let kin = |f: &str| {
                crate::lexicon::FIELD_SYNONYMS
                    .iter()
                    .any(|g| g.contains(&noun) && g.iter().any(|x| crate::text::stem(x) == f))
            };
            // "sunny" of sun, "foggy" of fog: a doubled last letter.
            let undoubled = noun
                .strip_suffix(|c: char| {
                    noun.len() >= 4 && noun.ends_with(c) && noun[..noun.len() - 1].ends_with(c)
                })
                .unwrap_or(noun);
            let cols: Vec<usize> = (0..self.ix.profile.columns.len())
                .filter(|&c| {
                    let col = &self.ix.profile.columns[c];
                    col.ty.is_numeric()
                        && self.yes_value(c).is_none()
                        && col.min.as_deref().and_then(|m| m.parse::<f64>().ok()) == Some(0.0)
                        && self.ix.column_words[c]
                            .first()
                            .is_some_and(|f| f == noun || f == undoubled || kin(f))
                        // A wind's direction is no amount of wind.
                        && !self.ix.column_words[c]
                            .iter()
                            .any(|w| matches!(w.as_str(), "direct" | "direction" | "dir" | "bear" | "bearing"))
                })
                .collect();
            let [col] = cols[..] else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let neg = self.negated(i) != dry;
            self.claims.claim((i, i + 1), ClaimedBy::Missing);
            self.some_or_none((i, i + 1), name, neg);
        }
    }

    /// "snow in october", "no snow at all in november": a month of a table
    /// with a column per month (`oct`, `nov`), named with a word of what
    /// the dataset measures and no number, asks whether there was any
    /// (`> 0`), or none (`= 0`) after "no" or "without".
    fn period_amount_asked(&self, start: usize, end: usize) -> Option<(Asks, (usize, usize))> {
        let mut k = start;
        let mut subject = false;
        while k > 0 && start - k < 6 {
            let j = k - 1;
            if self.claims.is_claimed(j) || !self.toks[j].is_word() {
                break;
            }
            let w = self.norm(j);
            if matches!(w, "no" | "without" | "zero") {
                return Some((Asks::Zero, (j, end)));
            }
            if self.subject_word(j) {
                subject = true;
            } else if !matches!(w, "in" | "during" | "at" | "all" | "of" | "any" | "some") {
                break;
            }
            k = j;
        }
        subject.then_some((Asks::AboveZero, (k, end)))
    }
}

/// The value of a categorical text field that writes the absence of what
/// it records ("none", "no", "n/a"), as the data spells it.
fn none_value(column: &crate::profile::ColumnProfile) -> Option<String> {
    value_among(
        column,
        &[
            "none", "no", "nil", "n/a", "na", "absent", "without", "-", "--",
        ],
    )
}

/// The value a text field writes when it does not know ("unknown", "not
/// stated"), among a few categories.
fn unknown_value(column: &crate::profile::ColumnProfile) -> Option<String> {
    value_among(
        column,
        &[
            "unknown",
            "not known",
            "not recorded",
            "not stated",
            "unspecified",
            "not specified",
            "missing",
            "unk",
        ],
    )
}

/// The first value of a categorical text field (2 to 30 values) that is
/// one of `words`, as the data spells it.
fn value_among(column: &crate::profile::ColumnProfile, words: &[&str]) -> Option<String> {
    if column.ty != ColumnType::Text || column.values.len() < 2 || column.values.len() > 30 {
        return None;
    }
    // `emp_unk` beside `emp_1`, `emp_lt_1`: the prefix every value shares
    // (through a `_`) is left out.
    let first = column.values[0].value.as_str();
    let shared = first
        .match_indices('_')
        .map(|(i, _)| &first[..=i])
        .take_while(|p| column.values.iter().all(|v| v.value.starts_with(p)))
        .last()
        .unwrap_or("");
    column
        .values
        .iter()
        .find(|v| {
            let w = v.value.trim().to_lowercase();
            words.contains(&w.as_str())
                || !shared.is_empty()
                    && w.get(shared.len()..)
                        .is_some_and(|rest| words.contains(&rest.replace('_', " ").as_str()))
        })
        .map(|v| v.value.clone())
}
