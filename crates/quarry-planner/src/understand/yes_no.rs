//! Pass 9, yes/no fields: "channels that have high definition TV", "dogs
//! that were abandoned", "smokers": a yes/no field (boolean, a 0/1 flag, or text
//! yes/no) named in the phrase, with no filter of its own yet, asks for
//! "yes" (or "not yes" when negated).

use super::claims::ClaimedBy;
use super::Ctx;
use crate::confidence;
use crate::index::AliasKind;
use crate::lexicon::wordnet;
use crate::lexicon::{is_stopword, is_yes_no_word, is_yes_word, value_label};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::ColumnType;

impl Ctx<'_> {
    /// The value meaning "yes" of a yes/no column, if the column is one:
    /// boolean, 0/1 integers, or text values yes/no, y/n, true/false.
    pub(super) fn yes_value(&self, c: usize) -> Option<Literal> {
        let col = &self.ix.profile.columns[c];
        match col.ty {
            ColumnType::Boolean => Some(Literal::Boolean(true)),
            // A 0/1 column is a flag whatever its name ("smoker",
            // "hypertension", "dogs_yn"): 1 is the category it is named after.
            ColumnType::Integer
                if col.min.as_deref() == Some("0") && col.max.as_deref() == Some("1") =>
            {
                Some(Literal::Integer(1))
            }
            // 0.0/1.0: a flag written by a tool whose integers cannot be
            // missing (R and pandas write NA flags as floats).
            ColumnType::Float
                if col.distinct_count <= 2
                    && col.min.as_deref().and_then(|m| m.parse::<f64>().ok()) == Some(0.0)
                    && col.max.as_deref().and_then(|m| m.parse::<f64>().ok()) == Some(1.0) =>
            {
                Some(Literal::Integer(1))
            }
            // `Remote` / `Not remote`: the value the other one negates.
            // yes / no / mixed: a yes/no field with a third, partial answer
            // ("bimas farmers" of `bimas` yes/no/mixed).
            ColumnType::Text
                if col.distinct_count <= 4
                    && col.values.len() > 2
                    && col.values.len() as u64 == col.distinct_count =>
            {
                let yes = col
                    .values
                    .iter()
                    .find(|v| is_yes_word(&value_label(&v.value)))?;
                let no = col.values.iter().any(|v| {
                    is_yes_no_word(&value_label(&v.value)) && !is_yes_word(&value_label(&v.value))
                });
                let partial = col.values.iter().all(|v| {
                    let w = value_label(&v.value);
                    is_yes_no_word(&w) || is_partial_answer(&w)
                });
                // Yes / No and a stray answer of a few rows (a cell of
                // another column shifted in): a yes/no field still.
                let rows: u64 = col.values.iter().map(|v| v.count).sum();
                let answered: u64 = col
                    .values
                    .iter()
                    .filter(|v| is_yes_no_word(&value_label(&v.value)))
                    .map(|v| v.count)
                    .sum();
                let stray = answered * 50 >= rows * 49;
                (no && (partial || stray)).then(|| Literal::Text(yes.value.clone()))
            }
            ColumnType::Text if !col.values.is_empty() && col.values.len() <= 2 => {
                // `Remote` / `Not remote`: the value the other one negates.
                if let [a, b] = col.values.as_slice() {
                    let negates = |x: &str, y: &str| {
                        let (x, y) = (x.trim().to_lowercase(), y.trim().to_lowercase());
                        ["not ", "non-", "non ", "no "]
                            .iter()
                            .any(|p| x.strip_prefix(p) == Some(y.as_str()))
                            // `Uninoc` / `Inoc`, `Nonsmoker` / `Smoker`.
                            || y.len() >= 3
                                && ["un", "non"]
                                    .iter()
                                    .any(|p| x.strip_prefix(p) == Some(y.as_str()))
                    };
                    // `hispanic` / `not`: the bare negation is the other's no.
                    let bare =
                        |x: &str| matches!(x.trim().to_lowercase().as_str(), "not" | "non" | "no");
                    if col.distinct_count == 2 && bare(&a.value) && !bare(&b.value) {
                        return Some(Literal::Text(b.value.clone()));
                    }
                    if col.distinct_count == 2 && bare(&b.value) && !bare(&a.value) {
                        return Some(Literal::Text(a.value.clone()));
                    }
                    if col.distinct_count == 2 && negates(&a.value, &b.value) {
                        return Some(Literal::Text(b.value.clone()));
                    }
                    if col.distinct_count == 2 && negates(&b.value, &a.value) {
                        return Some(Literal::Text(a.value.clone()));
                    }
                    // `seeded` 'S' / 'U': the name's initial, and the initial
                    // of its negation ("unseeded", "non-…").
                    let letter = |x: &str| {
                        let x = x.trim();
                        (x.len() == 1 && x.bytes().all(|b| b.is_ascii_alphabetic()))
                            .then(|| x.to_ascii_lowercase())
                    };
                    if let (Some(x), Some(y)) = (letter(&a.value), letter(&b.value)) {
                        let initial = col.name.get(..1).unwrap_or("");
                        if col.distinct_count == 2 && col.name.len() >= 4 {
                            if x == initial && matches!(y.as_str(), "u" | "n") {
                                return Some(Literal::Text(a.value.clone()));
                            }
                            if y == initial && matches!(x.as_str(), "u" | "n") {
                                return Some(Literal::Text(b.value.clone()));
                            }
                        }
                    }
                }
                let yes = col
                    .values
                    .iter()
                    .find(|v| is_yes_word(&value_label(&v.value)))?;
                col.values
                    .iter()
                    .all(|v| is_yes_no_word(&value_label(&v.value)))
                    .then(|| Literal::Text(yes.value.clone()))
            }
            _ => None,
        }
    }

    /// "channels that have high definition TV", "dogs that were
    /// abandoned": a yes/no field named in the phrase asks for "yes". Then
    /// the words derived from a flag's name ("smoking", "ulcerated",
    /// "unmarried", "non-smokers"), which linking does not know.
    pub(super) fn boolean_fields(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let Some(&(col, kind)) = f.columns.first() else {
                continue;
            };
            // "in 1990" naming the members of `admn90`, `open90`: a year
            // picks a member, it asks for no flag.
            if (f.start..f.end).all(|k| self.toks[k].number().is_some()) {
                continue;
            }
            // A several-word name is named by its first word alone
            // ("union" for `union_member`); otherwise the whole name.
            // Or by its last word, a noun of the flag ("winners" for
            // `series_winner`).
            let stem = self.toks[f.start].stem.as_str();
            // A plural names what the rows are ("uk devs" is no `dev_ops`
            // flag): only a singular first word names the flag.
            let rest_named = self.ix.column_name(col).split('_').skip(1).all(|w| {
                self.toks
                    .iter()
                    .any(|t| t.is_word() && (t.stem == w || t.norm.starts_with(w)))
            });
            let plural = self.toks[f.start].norm != stem
                && self.toks[f.start].norm.ends_with('s')
                && !rest_named;
            // (`vet_wwko` of "veterans": the first part a short form.)
            let first_part = self.ix.column_name(col).split('_').next().map(|p| {
                crate::lexicon::ABBREVIATIONS
                    .iter()
                    .find(|(a, _)| *a == p)
                    .filter(|(_, full)| !full.contains(' '))
                    .map_or(p.to_string(), |(_, full)| crate::text::stem(full))
            });
            let first_word = kind == AliasKind::Partial
                && f.end - f.start == 1
                && (first_part.as_deref() == Some(stem)
                    && (!plural || self.ix.column_name(col).split('_').next() != Some(stem))
                    || self
                        .ix
                        .column_name(col)
                        .rsplit('_')
                        .next()
                        .is_some_and(|h| {
                            h == stem && is_agent_noun(h)
                                // "not feeding" of `active_feeding`: the
                                // name's last word, a verb's -ing form.
                                || h == self.toks[f.start].norm
                                    && h.len() >= 6
                                    && h.ends_with("ing")
                        }));
            // "college gpa above 3.8" beside `college_bound`, "the highest
            // first year gpa" beside `first_gen`: a flag's first word right
            // before another field (a word at most between) modifies it.
            let modifies = first_word
                && self.fields.iter().any(|g| {
                    (g.start == f.end
                        || g.start == f.end + 1
                            && !self.claims.is_claimed(f.end)
                            && self.toks[f.end].is_word())
                        && g.columns
                            .iter()
                            .any(|c| self.is_ordered(c.0) && self.yes_value(c.0).is_none())
                });
            let first_word = first_word && !modifies;
            // "ulcerated" of `ulcer`: the flag's one-word name, derived.
            let name = self.ix.column_name(col);
            let derived = f.end - f.start == 1
                && !name.contains('_')
                && name.len() >= 4
                && same_root(&self.toks[f.start].norm, name);
            // "metro" of `inmetro`: a one-word name glued to a little
            // word before the flag's content word.
            let glued = f.end - f.start == 1
                && !name.contains('_')
                && name
                    .strip_suffix(self.toks[f.start].norm.as_str())
                    .is_some_and(|p| matches!(p, "in" | "is" | "has" | "on" | "at"));
            // "devops" of `dev_ops`: the whole name, written as one word.
            let whole = f.end - f.start == 1 && name.replace('_', "") == self.toks[f.start].norm;
            // "repeat guests" of `is_repeated_guest`: every content word of
            // the name is in the phrase.
            let spread = name.contains('_')
                && name
                    .split('_')
                    .filter(|w| !matches!(*w, "is" | "has" | "was" | "had" | "did" | "any"))
                    .all(|w| {
                        // A form of the word counts ("repeat" of "repeated").
                        let w = crate::text::stem(w);
                        self.toks
                            .iter()
                            .any(|t| t.is_word() && name_word_form(&t.stem, &w))
                    });
            // ("radicalized online" of `online_radicalization`: the name's
            // other words the phrase says are the flag's too.)
            let spread_words: Vec<usize> = if spread {
                (0..self.toks.len())
                    .filter(|&k| {
                        (k < f.start || k >= f.end)
                            && self.toks[k].is_word()
                            && !self.claims.is_claimed(k)
                            && !self.fields.iter().any(|g| g.start <= k && k < g.end)
                            && !self.values.iter().any(|v| v.start <= k && k < v.end)
                            && name
                                .split('_')
                                .any(|w| name_word_form(&self.toks[k].stem, &crate::text::stem(w)))
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // "hospitalised" of `hosp`: a one-word name cut short.
            let cut = f.end - f.start == 1
                && !name.contains('_')
                && name.len() >= 4
                && self.toks[f.start].norm.starts_with(name);
            // "accident" of `acd`: a short one-word name that no dictionary
            // knows, the word's letters in order.
            let tok = self.toks[f.start].norm.as_str();
            let abbreviated = f.end - f.start == 1
                && !name.contains('_')
                && (3..=5).contains(&name.len())
                && name.len() + 2 <= tok.len()
                && !crate::lexicon::wordnet::knows(name)
                && super::linking::abbreviates(name, tok);
            // "near the incinerator" of `nearinc`: a one-word name glued
            // from the word and the start of another word the phrase says.
            let glued_rest = f.end - f.start == 1
                && !name.contains('_')
                && name.strip_prefix(tok).is_some_and(|rest| {
                    rest.len() >= 2
                        && rest.bytes().all(|b| b.is_ascii_lowercase())
                        && self.toks.iter().any(|t| {
                            t.is_word()
                                && t.norm.len() >= rest.len() + 3
                                && t.norm.starts_with(rest)
                        })
                });
            // "open container law in 1985" of `open85` beside `open90`:
            // the name with a year's digits after it.
            // "vaccinated in 2018" of `vacc18`: cut short too.
            let yeared = f.end - f.start == 1 && {
                let letters = name.trim_end_matches(|ch: char| ch.is_ascii_digit());
                matches!(name.len() - letters.len(), 2 | 4)
                    && (letters == tok
                        || letters == self.toks[f.start].stem
                        || letters.len() >= 4 && tok.starts_with(letters))
            };
            // "alive" of `was_outcome_alive`, "eligible" of
            // `is_loan_eligible`: the name's last word, an adjective of
            // the record said alone.
            // (Not a word of size or degree: "high" of `too_high`.)
            let head_adjective = f.end - f.start == 1
                && tok.len() >= 5
                && !matches!(
                    tok,
                    "large"
                        | "small"
                        | "short"
                        | "heavy"
                        | "light"
                        | "great"
                        | "young"
                        | "early"
                        | "quick"
                        | "cheap"
                        | "thick"
                        | "broad"
                        | "strong"
                        | "close"
                )
                && name.contains('_')
                && name.rsplit('_').next() == Some(tok)
                && wordnet::is_adjective(tok);
            // "vote", "voters" of `voted`: the verb of a name in its past
            // form, or its doer (`stem` is the mention's first word's).
            let verb_of = f.end - f.start == 1
                && !name.contains('_')
                && [name.strip_suffix('d'), name.strip_suffix("ed")]
                    .into_iter()
                    .flatten()
                    .any(|b| {
                        b.len() >= 3
                            && (stem == b
                                || stem.strip_suffix('r') == Some(b)
                                || stem.strip_suffix("er") == Some(b))
                    });
            // "northeast" of `ne`: a compound compass point, the whole name
            // its initials.
            let compass = f.end - f.start == 1
                && super::linking::compass_halves(tok)
                    .is_some_and(|h| name == format!("{}{}", &h[0].0[..1], &h[1].0[..1]));
            // "democrats who voted no", "yes votes": the answer said beside
            // the flag's word.
            let answer_at = |k: usize| {
                self.toks.get(k).filter(|t| {
                    t.is_word()
                        && !self.claims.is_claimed(k)
                        && matches!(t.norm.as_str(), "yes" | "no")
                })
            };
            // ("online, no informant": a "no" past a comma, or before
            // another field's name, is that field's determiner.)
            let answer = answer_at(f.end)
                .filter(|_| {
                    !self.comma_before(f.end) && !fields.iter().any(|g| g.start == f.end + 1)
                })
                .map(|t| (f.end, t.norm == "no"))
                .or_else(|| {
                    (f.start > 0)
                        .then(|| answer_at(f.start - 1).map(|t| (f.start - 1, t.norm == "no")))
                        .flatten()
                })
                .filter(|_| {
                    f.end - f.start == 1
                        && self.ix.profile.columns[col].ty != ColumnType::Text
                        && !self.has_filter_on(self.ix.column_name(col))
                });
            if let Some((k, no)) = answer {
                // ("no votes": that "no" is the answer, not a negation.)
                let neg = if k < f.start {
                    no
                } else {
                    no != self.negated(f.start)
                };
                if self.flag_condition(col, (f.start, f.end), neg) {
                    self.claims.claim((k, k + 1), ClaimedBy::Value);
                }
                continue;
            }
            if kind < AliasKind::Full
                && f.end - f.start < 2
                && !compass
                && !verb_of
                && !yeared
                && !abbreviated
                && !glued_rest
                && !first_word
                && !derived
                && !glued
                && !whole
                && !cut
                && !spread
                && !head_adjective
            {
                continue;
            }
            if self.aggregated(f.start) {
                continue;
            }
            // "health insurance" of `health` and `insurance`: a flag's one
            // singular word right before another flag's name modifies it.
            let word = self.toks[f.start].norm.as_str();
            // (A place's flag, "michigan construction workers", is no
            // modifier.)
            let modifies = f.end - f.start == 1
                && word == self.toks[f.start].stem
                && (!super::linking::place_flag(name)
                    || crate::lexicon::state_code(word).is_none())
                && !word.ends_with("ed")
                && !word.ends_with("ing")
                && !wordnet::is_adjective(word)
                && fields.iter().any(|g| {
                    // "chevy sedans", "spam emails": a plural after it is
                    // what the rows are, each word a flag of its own.
                    g.start == f.end
                        && !self.comma_before(g.start)
                        && self.toks[g.start].norm == self.toks[g.start].stem
                        && g.columns
                            .first()
                            .is_some_and(|&(c, _)| c != col && self.yes_value(c).is_some())
                });
            if modifies {
                continue;
            }
            // "developers" of `mobile_developer`, `embedded_developer`,
            // `desktop_applications_developer`…: a word many flags share
            // names what the rows are, not one of them.
            let flags_sharing = f
                .columns
                .iter()
                .filter(|c| self.yes_value(c.0).is_some())
                .count();
            // ("targeted the military" of `military_target`: unless the
            // phrase says the name's other words too.)
            if kind < AliasKind::Full && f.end - f.start == 1 && flags_sharing >= 3 && !spread {
                continue;
            }
            // "guests who are not repeated": the negated word of the name.
            let neg_word = spread
                && (0..self.toks.len()).any(|k| {
                    (k < f.start || k >= f.end)
                        && self.toks[k].is_word()
                        // ("lobed without a smooth edge": not a word of
                        // another field's mention.)
                        && !self.fields.iter().any(|g| {
                            g.start <= k && k < g.end && g.columns.iter().all(|c| c.0 != col)
                        })
                        && name.split('_').any(|w| {
                            let w = crate::text::stem(w);
                            w.len() >= 4 && self.toks[k].stem.starts_with(&w[..w.len().min(5)])
                        })
                        && self.negated(k)
                });
            let neg = self.negated(f.start) || self.negated_verb_before(col, f.start) || neg_word;
            if self.flag_condition(col, (f.start, f.end), neg) {
                for k in spread_words {
                    self.claims.claim((k, k + 1), ClaimedBy::Field);
                }
            }
        }
        self.derived_flag_words();
    }

    /// "never won a technical": a verb of the flag's head word
    /// (`technical_winner`) just before the field's mention, itself negated.
    fn negated_verb_before(&self, col: usize, start: usize) -> bool {
        let name = self.ix.column_name(col);
        let Some(head) = name.rsplit('_').next().filter(|h| *h != name) else {
            return false;
        };
        (start.saturating_sub(3)..start).any(|k| {
            self.toks[k].is_word() && same_root(base_form(self.norm(k)), head) && self.negated(k)
        })
    }

    /// "discounted items", "with a discount" over a text field that holds
    /// `No Discount` among its other values: the records whose value is not
    /// that one; "not discounted", "without a discount": the records whose
    /// value is. Only a participle of the field's name or the name after
    /// "with"/"without", and only a field no condition has yet.
    pub(super) fn presence_fields(&mut self) {
        let fields = self.fields.clone();
        for f in &fields {
            let [(col, _)] = f.columns[..] else {
                continue;
            };
            let column = &self.ix.profile.columns[col];
            let name = self.ix.column_name(col).to_string();
            if column.ty != ColumnType::Text || column.values.len() < 3 || name.contains('_') {
                continue;
            }
            let none = column.values.iter().find(|v| {
                let label = v.value.trim().to_lowercase();
                label.strip_prefix("no ").is_some_and(|rest| {
                    rest == name || crate::text::stem(rest) == crate::text::stem(&name)
                })
            });
            let Some(none) = none.map(|v| v.value.clone()) else {
                continue;
            };
            let word = self.norm(f.start).to_string();
            let participle =
                f.end - f.start == 1 && word.len() > name.len() && word.ends_with("ed");
            let before = |w: &str| (f.start.saturating_sub(2)..f.start).any(|k| self.norm(k) == w);
            let (with, without) = (before("with"), before("without"));
            if !(participle || with || without) || self.has_filter_on(&name) {
                continue;
            }
            let absent = without || self.negated(f.start);
            let span = (f.start, f.end);
            let source = self.span_text(span.0, span.1);
            self.note(Note::YesNoField {
                source: source.clone(),
                field: name.clone(),
                negated: absent,
            });
            self.phrases.push(span);
            self.push_condition(
                span,
                Condition {
                    field: name,
                    op: if absent { CompareOp::Eq } else { CompareOp::Ne },
                    values: vec![Literal::Text(none)],
                    source,
                    matched: MatchKind::Inferred,
                    confidence: confidence::YES_NO_FIELD,
                },
            );
        }
    }

    /// A filter for "yes" (or "not yes") on the flag `col`, unless the field
    /// is not a flag or already has a filter.
    pub(super) fn flag_condition(&mut self, col: usize, span: (usize, usize), neg: bool) -> bool {
        let Some(yes) = self.yes_value(col) else {
            return false;
        };
        let name = self.ix.column_name(col).to_string();
        if self.has_filter_on(&name) {
            return false;
        }
        let source = self.span_text(span.0, span.1);
        self.note(Note::YesNoField {
            source: source.clone(),
            field: name.clone(),
            negated: neg,
        });
        self.phrases.push(span);
        // "non-smokers" are the records whose flag says no: an unknown
        // (empty) flag is neither.
        let (op, value) = match (neg, self.no_value(col, &yes)) {
            (false, _) => (CompareOp::Eq, yes),
            (true, Some(no)) => (CompareOp::Eq, no),
            (true, None) => (CompareOp::Ne, yes),
        };
        self.push_condition(
            span,
            Condition {
                field: name,
                op,
                values: vec![value],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::YES_NO_FIELD,
            },
        );
        true
    }

    /// The value meaning "no" of a yes/no column whose "yes" is `yes`.
    fn no_value(&self, c: usize, yes: &Literal) -> Option<Literal> {
        match yes {
            Literal::Integer(1) => Some(Literal::Integer(0)),
            Literal::Boolean(true) => Some(Literal::Boolean(false)),
            // The value that says no ("no" of yes/no/mixed), else the other.
            Literal::Text(y) => {
                let values = &self.ix.profile.columns[c].values;
                values
                    .iter()
                    .find(|v| v.value != *y && is_yes_no_word(&value_label(&v.value)))
                    .or_else(|| values.iter().find(|v| v.value != *y))
                    .map(|v| Literal::Text(v.value.clone()))
            }
            _ => None,
        }
    }

    /// "smokers", "non-smoking", "who smoke", "ulcerated", "unmarried":
    /// an unclaimed word of the same root as a one-word flag's name; a
    /// "un"/"non" glued in front, or a negation before, asks for "no".
    fn derived_flag_words(&mut self) {
        let flags: Vec<(usize, String)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .map(|c| (c, self.ix.column_name(c).to_string()))
            .filter(|(_, n)| !n.contains('_') && n.len() >= 4)
            .collect();
        self.flag_head_words();
        self.antonym_flag_words();
        self.pertaining_flag_words();
        self.counted_adjectives();
        self.glued_flag_names();
        self.departure_words();
        if flags.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() || is_stopword(self.norm(i)) {
                continue;
            }
            let w = self.norm(i).to_string();
            let (word, glued_neg) = match w.strip_prefix("non").or_else(|| w.strip_prefix("un")) {
                Some(rest) if flags.iter().any(|(_, n)| same_root(rest, n)) => {
                    (rest.to_string(), true)
                }
                _ => (w.clone(), false),
            };
            let Some(&(col, _)) = flags.iter().find(|(_, n)| same_root(&word, n)) else {
                continue;
            };
            let neg = glued_neg != self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }
}

impl Ctx<'_> {
    /// "domestic cars" of `foreign_car`, "rural counties" of `urban`: an
    /// unclaimed adjective whose WordNet antonym is a word of a yes/no
    /// field's name asks for "not yes" (negated: "not domestic", for yes).
    /// Only when one flag is so named.
    fn antonym_flag_words(&mut self) {
        let flags: Vec<(usize, Vec<String>)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .map(|c| {
                let words = self
                    .ix
                    .column_name(c)
                    .split('_')
                    .map(str::to_string)
                    .collect();
                (c, words)
            })
            .collect();
        if flags.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() || is_stopword(self.norm(i)) {
                continue;
            }
            let mut opposites: Vec<&str> = wordnet::antonyms(self.norm(i)).to_vec();
            opposites.extend(verb_opposites(base_form(self.norm(i))));
            if opposites.is_empty() {
                continue;
            }
            // "still alive" of `death`: the opposite's noun names it too.
            let named: Vec<usize> = flags
                .iter()
                .filter(|(_, ws)| {
                    ws.iter().any(|w| {
                        // `marr` for married: a name's word cut short.
                        opposites.iter().any(|o| {
                            *o == w.as_str()
                                || noun_of_adjective(o) == Some(w.as_str())
                                || w.len() >= 4 && o.len() > w.len() && o.starts_with(w.as_str())
                        })
                    })
                })
                .map(|(c, _)| *c)
                .collect();
            let [col] = named[..] else {
                continue;
            };
            let neg = !self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }

    /// "households in the city" of `urban`: an unclaimed noun that a
    /// yes/no field's one-word adjective name pertains to (WordNet's
    /// pertainyms: urban → city) asks for yes. Only when one flag is so
    /// named.
    fn pertaining_flag_words(&mut self) {
        let flags: Vec<(usize, &'static [&'static str])> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .map(|c| (c, wordnet::pertains_to(self.ix.column_name(c))))
            .filter(|(_, nouns)| !nouns.is_empty())
            .collect();
        if flags.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() || is_stopword(self.norm(i)) {
                continue;
            }
            let noun = crate::text::stem(self.norm(i));
            let named: Vec<usize> = flags
                .iter()
                .filter(|(_, nouns)| nouns.contains(&noun.as_str()))
                .map(|(c, _)| *c)
                .collect();
            let [col] = named[..] else {
                continue;
            };
            let neg = self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }

    /// "deadly fires" of `fatalities`, "where people were injured" of
    /// `injuries`, "uncapped players" of `caps`: an unclaimed adjective or
    /// participle whose noun (what it counts, its derived noun, or its
    /// verb) names one field of counts from 0 asks for some (above 0); "un"
    /// or "non" glued in front, or a negation, for none.
    fn counted_adjectives(&mut self) {
        let counts: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                // Whole numbers from 0 (or 1, with the zeros left empty as
                // R and pandas write them), past 1.
                let col = &self.ix.profile.columns[c];
                let whole = |b: &Option<String>| {
                    b.as_deref()
                        .and_then(|m| m.parse::<f64>().ok())
                        .filter(|v| v.fract() == 0.0)
                };
                col.ty.is_numeric()
                    && matches!(whole(&col.min), Some(m) if m == 0.0 || m == 1.0 && col.null_count > 0)
                    && whole(&col.max).is_some_and(|m| m > 1.0)
            })
            .collect();
        if counts.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            // "where people were injured" of `injuries`: a participle that
            // named the field alone, with nothing said of it.
            let named_alone = self.claims.is_claimed(i)
                && self.norm(i).ends_with("ed")
                && self.fields.iter().any(|f| {
                    f.start == i
                        && f.end == i + 1
                        && !self.claims.is_field_attached(i)
                        && f.columns.iter().any(|(c, _)| counts.contains(c))
                });
            let graded = i > 0
                && matches!(
                    self.norm(i - 1),
                    "most" | "least" | "more" | "less" | "fewest" | "fewer"
                );
            if self.claims.is_claimed(i) && !named_alone
                || graded
                || !self.toks[i].is_word()
                || is_stopword(self.norm(i))
                || self.norm(i).len() < 5
                || self.toks.get(i + 1).is_some_and(|t| t.number().is_some())
            {
                continue;
            }
            let w = self.norm(i).to_string();
            let mut found: Option<(usize, bool)> = None;
            if named_alone {
                found = self
                    .fields
                    .iter()
                    .filter(|f| f.start == i)
                    .flat_map(|f| f.columns.iter().map(|c| c.0))
                    .find(|c| counts.contains(c))
                    .map(|c| (c, false));
            }
            let mut several = false;
            for (word, glued) in [
                (w.as_str(), false),
                (w.strip_prefix("non").unwrap_or(""), true),
                (w.strip_prefix("un").unwrap_or(""), true),
            ] {
                if word.len() < 4 {
                    continue;
                }
                let mut bases: Vec<String> = Vec::new();
                if let Some((base, wordnet::Degree::Positive)) = wordnet::adjective_of(word) {
                    bases.push(base.to_string());
                }
                bases.extend(wordnet::verbs_of_participle(word));
                let mut nouns: Vec<String> = Vec::new();
                for b in &bases {
                    nouns.push(crate::text::stem(b));
                    nouns.extend(
                        wordnet::counted_nouns(b)
                            .iter()
                            .map(|n| crate::text::stem(n)),
                    );
                    nouns.extend(wordnet::related(b).iter().map(|n| crate::text::stem(n)));
                    nouns.extend(wordnet::nominalisations(b));
                }
                nouns.retain(|n| n.len() >= 3);
                let named: Vec<usize> = counts
                    .iter()
                    .copied()
                    .filter(|&c| {
                        self.ix
                            .column_name(c)
                            .split('_')
                            .any(|p| nouns.contains(&crate::text::stem(p)))
                    })
                    .collect();
                match named[..] {
                    [] => {}
                    _ if named_alone => {}
                    [c] if found.is_none() => found = Some((c, glued)),
                    _ => several = true,
                }
            }
            let Some((col, glued)) = found.filter(|_| !several) else {
                continue;
            };
            if !named_alone && self.value_match_at(i, None).is_some() {
                continue;
            }
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let none = glued != self.negated(i);
            self.counted_word_condition(i, name, none, named_alone);
        }
    }

    /// The word at `i` asks for some (`> 0`) or none (`= 0`) of the count
    /// field `field`, noted as such; `named_alone` when linking read the
    /// word as the field itself (then it is only attached, not claimed).
    pub(super) fn counted_word_condition(
        &mut self,
        i: usize,
        field: String,
        none: bool,
        named_alone: bool,
    ) {
        let source = self.span_text(i, i + 1);
        self.note(Note::CountedWord {
            source: source.clone(),
            field: field.clone(),
            none,
        });
        if !named_alone {
            self.claims.claim_token(i, ClaimedBy::Field);
        }
        self.claims.attach_field(i);
        self.phrases.push((i, i + 1));
        self.push_condition(
            (i, i + 1),
            Condition {
                field,
                op: if none { CompareOp::Eq } else { CompareOp::Gt },
                values: vec![Literal::Integer(0)],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::INFERRED,
            },
        );
    }

    /// "customers who left", "employees who quit", "staff who stayed": a
    /// yes/no field of leaving (`churn`, `attrition`, `exited`, `left`)
    /// asks for yes with a word of leaving, and for no with one of staying.
    fn departure_words(&mut self) {
        let flags: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .filter(|&c| {
                self.ix.column_name(c).split('_').any(|w| {
                    matches!(
                        w,
                        "churn"
                            | "churned"
                            | "attrition"
                            | "exited"
                            | "exit"
                            | "left"
                            | "turnover"
                            | "quit"
                            | "leaver"
                            | "departed"
                    )
                })
            })
            .collect();
        let [col] = flags[..] else {
            return;
        };
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let stay = match self.norm(i) {
                "left" | "quit" | "quitted" | "churned" | "departed" | "exited" | "resigned"
                | "leavers" | "quitters" => false,
                "stayed" | "remained" | "retained" | "stayers" | "loyal" => true,
                _ => continue,
            };
            let neg = stay != self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }

    /// "working overtime" of `over_time`, "airco" of `air_co`: an unclaimed
    /// word that is a several-word flag's name written as one word.
    fn glued_flag_names(&mut self) {
        let flags: Vec<(usize, String)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .map(|c| (c, self.ix.column_name(c)))
            .filter(|(_, n)| n.contains('_'))
            .map(|(c, n)| (c, n.replace('_', "")))
            .filter(|(_, n)| n.len() >= 5)
            .collect();
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i).to_string();
            let Some(&(col, _)) = flags.iter().find(|(_, n)| *n == w || same_root(&w, n)) else {
                continue;
            };
            let neg = self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }

    /// "with an ira" of `pira`, "eligible for a 401k" of `e401k` beside
    /// `p401k`: a flag named by one letter glued to a word the phrase
    /// says. Of several with that word, the one whose letter starts a
    /// word near it ("eligible", "participants"); none when no word says.
    pub(super) fn lettered_flag_names(&mut self) {
        let flags: Vec<(usize, char, String)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .filter_map(|c| {
                let n = self.ix.column_name(c);
                let mut chars = n.chars();
                let l = chars.next().filter(char::is_ascii_lowercase)?;
                let rest: String = chars.collect();
                // Not a word of its own: `black` is no "lack".
                (rest.len() >= 3
                    && rest.chars().all(|ch| ch.is_ascii_alphanumeric())
                    && !wordnet::knows(n))
                .then_some((c, l, rest))
            })
            .collect();
        if flags.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            // Digits too: "401k" is a number and a magnitude, glued.
            let mut last = i;
            while last + 1 < self.toks.len() && self.toks[last + 1].start == self.toks[last].end {
                last += 1;
            }
            let w = self.query[self.toks[i].start..self.toks[last].end].to_lowercase();
            let same: Vec<&(usize, char, String)> =
                flags.iter().filter(|(_, _, r)| *r == w).collect();
            // A word that names a column whole is that column's.
            if same.is_empty() || self.ix.column_names().iter().any(|n| *n == w) {
                continue;
            }
            let near = |l: char| {
                (i.saturating_sub(3)..(i + 4).min(self.toks.len())).find(|&k| {
                    k != i
                        && self.toks[k].is_word()
                        && !is_stopword(self.norm(k))
                        && self.norm(k).len() >= 4
                        && self.norm(k).starts_with(l)
                })
            };
            let (col, word) = match same[..] {
                [&(c, l, _)] => (c, near(l)),
                _ => {
                    let lettered: Vec<(usize, usize)> = same
                        .iter()
                        .filter_map(|(c, l, _)| near(*l).map(|k| (*c, k)))
                        .collect();
                    match lettered[..] {
                        [(c, k)] => (c, Some(k)),
                        _ => continue,
                    }
                }
            };
            // "not eligible for a 401k": the letter's word negated.
            let neg = self.negated(i) || word.is_some_and(|k| k < i && self.negated(k));
            if self.flag_condition(col, (i, last + 1), neg) {
                self.claims.claim((i, last + 1), ClaimedBy::Field);
            }
        }
    }

    /// "winners", "did not win", "who won": an unclaimed word (or a verb of
    /// it) of the same root as the last word of a several-word flag's name
    /// (`series_winner`). Several flags with that head: the one whose other
    /// words the phrase names, else the first in the table's order.
    fn flag_head_words(&mut self) {
        let heads: Vec<(usize, String, Vec<String>)> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.yes_value(c).is_some())
            .filter_map(|c| {
                let name = self.ix.column_name(c);
                let mut parts: Vec<String> = name.split('_').map(str::to_string).collect();
                let head = parts
                    .pop()
                    .filter(|h| is_agent_noun(h) && !parts.is_empty())?;
                Some((c, head, parts))
            })
            .collect();
        if heads.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() || is_stopword(self.norm(i)) {
                continue;
            }
            let w = base_form(self.norm(i)).to_string();
            let matching: Vec<&(usize, String, Vec<String>)> =
                heads.iter().filter(|(_, h, _)| same_root(&w, h)).collect();
            let named = |rest: &Vec<String>| {
                rest.iter().any(|r| {
                    self.toks
                        .iter()
                        .any(|t| t.is_word() && (t.norm == *r || t.stem == *r))
                })
            };
            // "never won a technical" where `technical_winner` is a count,
            // not a flag: not the other flag with that head.
            let other_named = self.fields.iter().any(|f| {
                f.columns.iter().any(|&(c, _)| {
                    self.yes_value(c).is_none()
                        && self
                            .ix
                            .column_name(c)
                            .rsplit('_')
                            .next()
                            .is_some_and(|h| same_root(&w, h))
                })
            });
            let Some(&&(col, _, _)) = matching
                .iter()
                .find(|(_, _, rest)| named(rest))
                .or_else(|| matching.first().filter(|_| !other_named))
            else {
                continue;
            };
            let neg = self.negated(i);
            if self.flag_condition(col, (i, i + 1), neg) {
                self.claims.claim_token(i, ClaimedBy::Field);
            }
        }
    }
}

/// The opposites of a verb a flag may be named for, in the forms flags
/// take ("passengers who died" of `survived`): WordNet's table has
/// adjectives' antonyms only.
fn verb_opposites(v: &str) -> &'static [&'static str] {
    match v {
        "die" | "died" | "perish" | "perished" => &["survived", "survive", "survival", "alive"],
        "survive" | "survived" | "survivor" | "survivors" | "alive" => {
            &["died", "die", "dead", "death", "deceased"]
        }
        "lose" => &["won", "win", "winner"],
        "fail" | "failed" => &["passed", "pass"],
        // Not a verb, but read the same way: "single men" are not married.
        "single" => &["married"],
        "employ" | "unemployed" | "jobless" => &["employed", "employment"],
        "reject" | "rejected" | "declined" | "denied" => &["accepted", "approved", "admitted"],
        _ => &[],
    }
}

/// The noun of an adjective whose noun WordNet's table does not derive
/// ("dead" → death, "long" → length).
fn noun_of_adjective(a: &str) -> Option<&'static str> {
    Some(match a {
        "dead" => "death",
        "alive" | "live" => "life",
        "high" => "height",
        "long" => "length",
        "wide" => "width",
        "deep" => "depth",
        "strong" => "strength",
        "young" => "youth",
        "true" => "truth",
        "warm" => "warmth",
        "poor" => "poverty",
        "free" => "freedom",
        _ => return None,
    })
}

/// A third answer of a yes/no field: neither yes nor no.
fn is_partial_answer(w: &str) -> bool {
    matches!(
        w,
        "mixed"
            | "partial"
            | "partly"
            | "some"
            | "sometimes"
            | "maybe"
            | "both"
            | "unknown"
            // "not known", "don't know": y / n / nk.
            | "nk"
            | "dk"
            | "na"
            | "n/a"
    )
}

/// A noun for who does something ("winner", "survivor", "member"): a
/// flag's name ending in one names its category.
fn is_agent_noun(w: &str) -> bool {
    w.len() >= 5 && ["er", "or", "ist", "ee"].iter().any(|s| w.ends_with(s))
}

/// The plain form of an irregular past tense ("won" → "win"), else the word.
fn base_form(w: &str) -> &str {
    match w {
        "won" => "win",
        "lost" => "lose",
        "ran" => "run",
        "sold" => "sell",
        "bought" => "buy",
        "paid" => "pay",
        "made" => "make",
        "got" => "get",
        "drove" | "driven" => "drive",
        "flew" | "flown" => "fly",
        "wrote" | "written" => "write",
        "died" => "die",
        "swam" => "swim",
        "left" => "leave",
        "held" => "hold",
        _ => w,
    }
}

/// Whether a phrase's word (stemmed) is a form of a word of a field's
/// name (stemmed): the same, one a start of the other but for at most
/// three letters ("repeat" of "repeated"), or sharing their first seven
/// letters ("radicalized" of "radicalization").
pub(super) fn name_word_form(t: &str, w: &str) -> bool {
    let form = |a: &str, b: &str| a.len() >= 4 && b.starts_with(a) && b.len() - a.len() <= 3;
    t == w
        || form(t, w)
        || form(w, t)
        || t.len() >= 7
            && w.len() >= 7
            && t.is_char_boundary(7)
            && w.is_char_boundary(7)
            && t[..7] == w[..7]
}

/// Whether two words share their root: "smoking" and "smoker", "snowy"
/// and "snow",
/// "ulcerated" and "ulcer", "hypertensive" and "hypertension".
fn same_root(a: &str, b: &str) -> bool {
    // "ors" and "or": "survivors" and "survived" share "surviv";
    // "failure" and "failed" share "fail".
    const SUFFIXES: &[&str] = &[
        "ures", "ure", "ated", "ation", "ance", "ence", "ment", "ics", "ing", "ors", "ers", "ic",
        "or", "er", "ed", "es", "s", "e", "y",
    ];
    let root = |w: &str| -> String {
        // "denied" and "deny", "qualifies" and "qualify".
        if let Some(r) = w.strip_suffix("ied").or_else(|| w.strip_suffix("ies")) {
            if r.len() >= 3 {
                return format!("{r}y");
            }
        }
        SUFFIXES
            .iter()
            .find_map(|s| w.strip_suffix(s).filter(|r| r.len() >= 4))
            .unwrap_or(w)
            .to_string()
    };
    if a == b || root(a) == root(b) && root(a).len() >= 4 {
        return true;
    }
    // "win" and "winner", "run" and "runner": a doubled last consonant
    // before the suffix.
    let undoubled = |w: &str| -> Option<String> {
        let r = ["ers", "er", "ing"]
            .iter()
            .find_map(|s| w.strip_suffix(s))?;
        let b = r.as_bytes();
        (b.len() >= 3 && b[b.len() - 1] == b[b.len() - 2]).then(|| r[..r.len() - 1].to_string())
    };
    if a.len() >= 3 && undoubled(b).as_deref() == Some(a)
        || b.len() >= 3 && undoubled(a).as_deref() == Some(b)
    {
        return true;
    }
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let shorter = a.len().min(b.len());
    common >= 5 && common * 10 >= shorter * 8
}
