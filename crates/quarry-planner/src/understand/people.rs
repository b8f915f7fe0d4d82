//! People words, read from what a table's columns say about people.
//!
//! - "women", "girls", "men", "boys", "females" name a value of the sex or
//!   gender field: a field named so, or one whose few values are all sex
//!   words or letters ("F"/"M", "female"/"male", "G"/"B"). They become
//!   value mentions, so negation and alternatives work as for any value.
//! - "children", "teenagers", "seniors", "adults" name an age range on the
//!   age field (a numeric field named `age` or `…_age`). They become field
//!   mentions of that field first, so that a number next to them wins
//!   ("children under 5" → `age < 5`); only a word left without a number
//!   gets its range ([`Ctx::age_word_conditions`], after the numbers pass).
//! - "in their 40s", "in their forties": a decade of age.

use super::claims::ClaimedBy;
use super::mentions::{FieldMention, ValueMention};
use super::Ctx;
use crate::confidence;
use crate::index::AliasKind;
use crate::lexicon::{age_range, decade, is_person_noun, sex_of, value_label, Sex};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

/// A word of age that became a field mention of the age field, waiting to
/// see whether a number takes it.
#[derive(Debug, Clone)]
pub(super) struct AgeWord {
    pub start: usize,
    pub end: usize,
    pub column: usize,
    /// Inclusive bounds; `None` is open.
    pub low: Option<i64>,
    pub high: Option<i64>,
}

/// How a sex is written in a column: the spellings tried, in order.
fn spellings(sex: Sex, child: bool) -> &'static [&'static str] {
    match (sex, child) {
        (Sex::Female, false) => &["female", "f", "woman", "women", "w", "girl", "g"],
        (Sex::Female, true) => &["girl", "g", "female", "f"],
        (Sex::Male, false) => &["male", "m", "man", "men", "boy", "b"],
        (Sex::Male, true) => &["boy", "b", "male", "m"],
    }
}

/// `agea`, `agehed`: "age" with a short tag or a cut word glued on, where
/// the whole is no English word ("agent", "agency", "ageing").
fn glued_age(w: &str) -> bool {
    w.strip_prefix("age").is_some_and(|rest| {
        (1..=4).contains(&rest.len())
            && rest.chars().all(|c| c.is_ascii_lowercase())
            && !crate::lexicon::wordnet::knows(w)
            && !matches!(
                w,
                "aged" | "ages" | "ageing" | "agent" | "agency" | "agenda"
            )
    })
}

/// Every spelling of either sex: a column whose values are all among these
/// holds sexes.
fn is_sex_spelling(v: &str) -> bool {
    [Sex::Female, Sex::Male]
        .iter()
        .flat_map(|&s| spellings(s, false).iter().chain(spellings(s, true)))
        .any(|w| *w == v)
}

impl Ctx<'_> {
    /// The sex or gender field: named so, or holding only sex words.
    pub(super) fn sex_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let named = |c: usize| {
            cols[c]
                .name
                .split('_')
                .any(|w| matches!(w, "sex" | "gender"))
        };
        let holds_sexes = |c: usize| {
            let vals = &cols[c].values;
            (2..=3).contains(&vals.len())
                && vals.iter().all(|v| is_sex_spelling(&value_label(&v.value)))
        };
        (0..cols.len())
            .filter(|&c| cols[c].ty == ColumnType::Text && !cols[c].values.is_empty())
            .find(|&c| named(c) && cols[c].values.len() <= 6)
            .or_else(|| (0..cols.len()).find(|&c| holds_sexes(c)))
    }

    /// A yes/no field named after one sex (`female`, `is_male`), with the
    /// sex it says yes to.
    fn sex_flag(&self) -> Option<(usize, Sex)> {
        self.ix
            .profile
            .columns
            .iter()
            .enumerate()
            .find_map(|(c, col)| {
                let sex = col.name.split('_').find_map(|w| match w {
                    "female" | "woman" | "women" | "girl" => Some(Sex::Female),
                    "male" | "man" | "men" | "boy" => Some(Sex::Male),
                    _ => None,
                })?;
                self.yes_value(c).is_some().then_some((c, sex))
            })
    }

    /// The age field: a number field named `age` (or `…_age`, `age_…`) whose
    /// values fit a person's age. A few typing errors (an age of 5555 among
    /// teenagers' and adults') do not unfit it: nine in ten of its rows hold a
    /// listed value of at most 120 years.
    pub(super) fn age_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let mostly_ages = |c: usize| {
            let col = &cols[c];
            let held = self.ix.profile.row_count.saturating_sub(col.null_count);
            let ages: u64 = col
                .values
                .iter()
                .filter(|v| {
                    v.value
                        .parse::<f64>()
                        .is_ok_and(|a| (0.0..=120.0).contains(&a))
                })
                .map(|v| v.count)
                .sum();
            held > 0 && ages as f64 >= 0.9 * held as f64
        };
        let fits = |c: usize| {
            self.age_in_months(c)
                || cols[c]
                    .max
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m <= 150.0)
                || mostly_ages(c)
        };
        let candidates: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                matches!(cols[c].ty, ColumnType::Integer | ColumnType::Float)
                    && cols[c].name.split('_').any(|w| {
                        w == "age"
                            || glued_age(w)
                            // `mage`, `fage`: a parent's age.
                            || matches!(w, "mage" | "fage")
                    })
                    && fits(c)
            })
            .collect();
        // "teen mothers" of `mage` beside `fage`: the one the phrase names.
        let named = candidates.iter().copied().find(|&c| {
            self.fields
                .iter()
                .any(|f| f.columns.len() == 1 && f.columns[0].0 == c)
        });
        named
            .or_else(|| candidates.iter().copied().find(|&c| cols[c].name == "age"))
            .or_else(|| candidates.first().copied())
    }

    /// Whether column `c` holds ages in months (`measure` reads them from
    /// the range): the years a phrase says are twelve times as many.
    pub(super) fn age_in_months(&self, c: usize) -> bool {
        let m = &self.ix.measures[c];
        m.role == crate::measure::Role::Age
            && m.unit
                .is_some_and(|u| std::ptr::eq(u, &crate::lexicon::units::MONTH))
    }

    /// The number field that counts a record's children (`children`,
    /// `kids`, `n_children`), if one.
    fn children_count_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            cols[c].ty.is_numeric()
                && self
                    .ix
                    .column_name(c)
                    .split('_')
                    .any(|w| matches!(w, "children" | "kids" | "nchild" | "childs"))
        })
    }

    /// Pass 3b: people words among the unclaimed tokens.
    pub(super) fn people_words(&mut self) {
        self.sex_named_columns();
        let sex_col = self.sex_column();
        // ("seniors" of `age_group` '65-74', '75+': a field of age bands
        // when no field holds ages.)
        let age_col = self.age_column().or_else(|| self.age_band_column());
        let sex_flag = if sex_col.is_none() {
            self.sex_flag()
        } else {
            None
        };
        if sex_col.is_none() && age_col.is_none() && sex_flag.is_none() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let w = self.toks[i].norm.clone();
            if let (Some(col), Some((sex, child))) = (sex_col, sex_of(&w)) {
                if let Some(id) = self.sex_value(col, sex, child) {
                    self.values.push(ValueMention {
                        start: i,
                        end: i + 1,
                        entries: vec![id],
                        kind: MatchKind::Synonym,
                    });
                    self.claims.claim_token(i, ClaimedBy::Value);
                    // "girls" also says children when there is no sex
                    // field; with one, the sex is enough.
                    continue;
                }
            }
            // "women" of a 0/1 `female` field: its yes; "men": its no.
            if let (Some((col, flag_sex)), Some((sex, _))) = (sex_flag, sex_of(&w)) {
                if self.flag_condition(col, (i, i + 1), sex != flag_sex) {
                    self.claims.claim_token(i, ClaimedBy::Value);
                    continue;
                }
            }
            // "3 or more kids", "2 children": children counted, on the
            // field that counts them (`children`), not an age.
            if let Some(col) = self.children_count_column().filter(|_| {
                matches!(w.as_str(), "kids" | "kid" | "children" | "child")
                    && (i.saturating_sub(3)..i).any(|k| self.toks[k].number().is_some())
            }) {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + 1,
                    columns: vec![(col, AliasKind::Synonym)],
                });
                self.claims.claim_token(i, ClaimedBy::Field);
                continue;
            }
            if let (Some(col), Some((low, high))) = (age_col, age_range(&w)) {
                self.fields.push(FieldMention {
                    start: i,
                    end: i + 1,
                    columns: vec![(col, AliasKind::Synonym)],
                });
                self.claims.claim_token(i, ClaimedBy::Field);
                self.age_words.push(AgeWord {
                    start: i,
                    end: i + 1,
                    column: col,
                    low,
                    high,
                });
            }
        }
        if let Some(col) = age_col.filter(|&c| self.ix.profile.columns[c].ty.is_numeric()) {
            self.age_decades(col);
        }
    }

    /// Whether a word naming people ends right before `start` (its
    /// comparator): "women over 70", "patients under 50", "men aged".
    pub(super) fn person_before(&self, start: usize) -> bool {
        start > 0 && {
            let w = self.norm(start - 1);
            sex_of(w).is_some() || is_person_noun(w) || crate::lexicon::is_role_noun(w)
        }
    }

    /// The index entry of the value spelling `sex` in `col`.
    fn sex_value(&self, col: usize, sex: Sex, child: bool) -> Option<u32> {
        spellings(sex, child).iter().find_map(|sp| {
            self.ix.values.iter().enumerate().find_map(|(id, e)| {
                (e.column == col && value_label(&e.value) == *sp).then_some(id as u32)
            })
        })
    }

    /// "in their 40s", "in their forties", "in her twenties": ten years of
    /// age.
    fn age_decades(&mut self, col: usize) {
        // "under 25s", "over-60s": people below, or of and above, an age.
        for i in 0..self.toks.len().saturating_sub(1) {
            if self.claims.is_claimed(i) || self.claims.is_claimed(i + 1) {
                continue;
            }
            let under = match self.norm(i) {
                "under" => true,
                "over" => false,
                _ => continue,
            };
            let raw = self.span_text(i + 1, i + 2).to_lowercase();
            let Some(n) = raw
                .strip_suffix("s")
                .map(|n| n.trim_end_matches('\''))
                .filter(|n| n.len() == 2)
                .and_then(|n| n.parse::<i64>().ok())
                .filter(|n| (12..=99).contains(n))
            else {
                continue;
            };
            self.claims.claim((i, i + 2), ClaimedBy::Number);
            if under {
                self.age_condition(col, (i, i + 2), None, Some(n - 1));
            } else {
                self.age_condition(col, (i, i + 2), Some(n), None);
            }
        }
        for i in 0..self.toks.len().saturating_sub(2) {
            if !self.word_at(i, "in")
                || !matches!(self.norm(i + 1), "their" | "his" | "her")
                || self.claims.is_claimed(i + 2)
            {
                continue;
            }
            let raw = self.span_text(i + 2, i + 3);
            let Some(low) = decade(&raw) else {
                continue;
            };
            if !(10..=120).contains(&low) {
                continue;
            }
            self.claims.claim((i, i + 3), ClaimedBy::Number);
            self.age_condition(col, (i, i + 3), Some(low), Some(low + 9));
        }
    }

    /// Pass 7b: each age word no number took becomes its range.
    pub(super) fn age_word_conditions(&mut self) {
        let words = std::mem::take(&mut self.age_words);
        for a in &words {
            let name = self.ix.column_name(a.column).to_string();
            let taken = self.claims.is_field_attached(a.start)
                || self
                    .plan
                    .filters
                    .iter()
                    .any(|f| f.any_of.iter().any(|c| c.field == name));
            if !taken {
                self.age_condition(a.column, (a.start, a.end), a.low, a.high);
                continue;
            }
            // "adults under 30": the number bounds one side, the word the
            // other (18 or more).
            let ops: Vec<CompareOp> = self
                .plan
                .filters
                .iter()
                .filter(|f| f.any_of.len() == 1)
                .flat_map(|f| f.any_of.iter())
                .filter(|c| c.field == name)
                .map(|c| c.op)
                .collect();
            let col = &self.ix.profile.columns[a.column];
            let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
            match ops[..] {
                [CompareOp::Lt | CompareOp::Le]
                    if a.high.is_none()
                        && a.low
                            .is_some_and(|l| bound(&col.min).is_some_and(|m| m < l as f64)) =>
                {
                    self.age_condition(a.column, (a.start, a.end), a.low, None);
                }
                [CompareOp::Gt | CompareOp::Ge]
                    if a.low.is_none()
                        && a.high
                            .is_some_and(|h| bound(&col.max).is_some_and(|m| m > h as f64)) =>
                {
                    self.age_condition(a.column, (a.start, a.end), None, a.high);
                }
                _ => {}
            }
        }
    }

    fn age_condition(
        &mut self,
        col: usize,
        span: (usize, usize),
        low: Option<i64>,
        high: Option<i64>,
    ) {
        // A field of age bands: the bands wholly inside the ages.
        if let Some(bands) = super::numbers::numeric_bands(&self.ix.profile.columns[col]) {
            let (lo, hi) = (
                low.map_or(f64::NEG_INFINITY, |l| l as f64),
                high.map_or(f64::INFINITY, |h| h as f64 + 1.0),
            );
            let inside: Vec<Literal> = bands
                .into_iter()
                .filter(|b| b.1 >= lo && b.2 <= hi)
                .map(|b| Literal::Text(b.0))
                .collect();
            if inside.is_empty() {
                return;
            }
            let field = self.ix.column_name(col).to_string();
            let source = self.span_text(span.0, span.1);
            self.note(Note::AgeWord {
                source: source.clone(),
                field: field.clone(),
                low,
                high,
            });
            self.phrases.push(span);
            self.push_condition(
                span,
                Condition {
                    field,
                    op: CompareOp::In,
                    values: inside,
                    source,
                    matched: MatchKind::Synonym,
                    confidence: confidence::of_match(MatchKind::Synonym),
                },
            );
            return;
        }
        // Ages with fractions ("19.5"): up to the next birthday.
        let whole = self.ix.profile.columns[col].ty == ColumnType::Integer;
        let shown = (low, high);
        // Ages in months: "teenagers" are 156 to 239 months old.
        let (low, high) = if self.age_in_months(col) {
            (low.map(|l| l * 12), high.map(|h| (h + 1) * 12 - 1))
        } else {
            (low, high)
        };
        let mut bounds: Vec<(CompareOp, Vec<Literal>)> = match (low, high) {
            (Some(l), Some(h)) if whole => vec![(
                CompareOp::Between,
                vec![Literal::Integer(l), Literal::Integer(h)],
            )],
            (Some(l), Some(h)) => vec![
                (CompareOp::Ge, vec![Literal::Integer(l)]),
                (CompareOp::Lt, vec![Literal::Integer(h + 1)]),
            ],
            (Some(l), None) => vec![(CompareOp::Ge, vec![Literal::Integer(l)])],
            (None, Some(h)) if whole => vec![(CompareOp::Le, vec![Literal::Integer(h)])],
            (None, Some(h)) => vec![(CompareOp::Lt, vec![Literal::Integer(h + 1)])],
            (None, None) => return,
        };
        let field = self.ix.column_name(col).to_string();
        let source = self.span_text(span.0, span.1);
        self.note(Note::AgeWord {
            source: source.clone(),
            field: field.clone(),
            low: shown.0,
            high: shown.1,
        });
        self.phrases.push(span);
        for (op, values) in bounds.drain(..) {
            self.push_condition(
                span,
                Condition {
                    field: field.clone(),
                    op,
                    values,
                    source: source.clone(),
                    matched: MatchKind::Synonym,
                    confidence: confidence::of_match(MatchKind::Synonym),
                },
            );
        }
    }
}

impl Ctx<'_> {
    /// "how many live alone", "living alone": a household or family of
    /// one, on a whole number field of its size (`hhsize`, `fsize`,
    /// `famsize`, `household_size`) → `= 1`.
    pub(super) fn living_alone(&mut self) {
        let Some(i) = (0..self.toks.len().saturating_sub(1)).find(|&i| {
            matches!(self.norm(i), "live" | "lives" | "living" | "lived")
                && self.norm(i + 1) == "alone"
                && !self.claims.is_claimed(i)
                && !self.claims.is_claimed(i + 1)
        }) else {
            return;
        };
        let household = |name: &str| {
            let glued = name.replace('_', "");
            let head = glued
                .strip_suffix("size")
                .or_else(|| glued.strip_suffix("sz"))
                .unwrap_or("");
            matches!(head, "hh" | "household" | "house" | "f" | "fam" | "family")
        };
        let cols: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                self.ix.column_type(c) == ColumnType::Integer && household(self.ix.column_name(c))
            })
            .collect();
        let [col] = cols[..] else {
            return;
        };
        let name = self.ix.column_name(col).to_string();
        self.inferred_number((i, i + 2), name, CompareOp::Eq, Literal::Integer(1));
    }
}

impl Ctx<'_> {
    /// "economically active women" where the mention names both
    /// `economic_activity_male` and `economic_activity_female`: the sex
    /// word said in the phrase keeps the column of its sex. The word stays
    /// free for the sex field, if any.
    fn sex_named_columns(&mut self) {
        let said: Vec<Sex> = (0..self.toks.len())
            .filter(|&k| self.toks[k].is_word())
            .filter_map(|k| sex_of(self.norm(k)).map(|s| s.0))
            .collect();
        let [sex] = said[..] else { return };
        for f in &mut self.fields {
            if f.columns.len() < 2 {
                continue;
            }
            let of_sex = |c: usize| {
                self.ix
                    .column_name(c)
                    .split('_')
                    .find_map(crate::index::sex_part)
            };
            if !f.columns.iter().all(|c| of_sex(c.0).is_some()) {
                continue;
            }
            let kept: Vec<_> = f
                .columns
                .iter()
                .copied()
                .filter(|c| of_sex(c.0) == Some(sex))
                .collect();
            if !kept.is_empty() {
                f.columns = kept;
            }
        }
    }
}
