//! Pass 10, order and top-N: the first superlative that finds a field
//! orders by it and limits the records ("the 3 cheapest" → price ascending,
//! 3); a position word orders by the records' position ("last 3"). A
//! superlative about counts ("the most films", "the most common
//! nationality") becomes the most frequent value of a field instead.
//! Without a superlative, a comparative chooses between alternatives
//! ("which had higher attendance, A or B"), else "sorted by X" orders.

use super::claims::ClaimedBy;
use super::mentions::Superlative;
use super::Ctx;
use crate::confidence;
use crate::index::AliasKind;
use crate::lexicon::units::Dimension;
use crate::lexicon::{
    frequency_direction, introduces_count, is_aggregate, is_descending_word, is_frequency_word,
    is_sort_word, is_stopword, split_comparative, Cmp, FieldGroup,
};
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Direction, Literal, MatchKind, OrderBy, OrderKey};
use crate::profile::ColumnType;

fn direction(desc: bool) -> Direction {
    if desc {
        Direction::Desc
    } else {
        Direction::Asc
    }
}

impl Ctx<'_> {
    pub(super) fn order_and_limit(&mut self) {
        let mut sups = self.superlatives_to_read();
        let mut explicit_order = false;
        if self.claims.has_position_anchor() {
            sups.retain(|s| !s.positional);
            self.plan.limit = Some(1);
        }
        for s in &sups {
            if self.read_superlative(s) {
                explicit_order = true;
                break;
            }
        }
        // "which had higher attendance, A or B": a choice between named
        // records, decided by the field the comparative names.
        let alternatives = self
            .plan
            .filters
            .iter()
            .any(|f| f.any_of.len() > 1 || f.any_of.iter().any(|c| c.op == CompareOp::In));
        if !explicit_order && alternatives {
            explicit_order = self.choose_alternative();
        }
        if !explicit_order {
            self.sorted_by();
        }
    }

    /// The superlatives that ask for an extreme, with the counts written
    /// before them ("the 5 … oldest"), which they claim. "the average,
    /// minimum and maximum age", "from the oldest to the youngest":
    /// aggregates or a range, so only counted position words are kept.
    /// ("above the average age" is a condition, not an aggregate.)
    fn superlatives_to_read(&mut self) -> Vec<Superlative> {
        let mut sups = self.sups.clone();
        let aggregate = self.toks.iter().enumerate().any(|(i, t)| {
            is_aggregate(&t.norm)
                    && !self.claims.in_average(i)
                    // "the highest median earnings" of `earnings_med`: a
                    // word of a field's longer name (a field named
                    // `average` alone is still asked for as an aggregate).
                    && !self.fields.iter().any(|f| {
                        f.start <= i
                            && i < f.end
                            && f.columns.iter().all(|c| self.ix.column_name(c.0) != t.norm)
                    })
        });
        let both = sups.iter().any(|s| !s.positional && s.desc)
            && sups.iter().any(|s| !s.positional && !s.desc);
        if aggregate || both {
            sups.retain(|s| s.positional && s.count.is_some());
        }
        // "more than 5 km from the nearest population": a superlative of
        // the place a distance is measured from names the reference, not
        // an order, once a number compares the distance.
        let compared = self.toks.iter().enumerate().any(|(k, t)| {
            t.number().is_some() && self.ops.iter().any(|o| o.end == k || o.end + 1 == k)
        });
        sups.retain(|s| {
            let reference = s.start >= 2
                && self.norm(s.start - 1) == "the"
                && matches!(self.norm(s.start - 2), "from" | "to" | "of")
                && matches!(
                    self.norm(s.start),
                    "nearest" | "closest" | "farthest" | "furthest"
                );
            !(reference && compared)
        });
        for s in sups
            .iter_mut()
            .filter(|s| s.count.is_none() && !s.positional)
        {
            for k in (s.start.saturating_sub(6)..s.start).rev() {
                if let Some(v) = self.toks[k].number() {
                    if !self.claims.is_claimed(k)
                        && k > 0
                        && introduces_count(self.norm(k - 1))
                        && (1.0..=100.0).contains(&v)
                        && v.fract() == 0.0
                    {
                        s.count = Some(v as u32);
                        self.claims.claim_token(k, ClaimedBy::Superlative);
                    }
                    break;
                }
            }
        }
        sups
    }

    /// "the slowest inspection time", "the 2 quickest times": a word of
    /// speed on a field named as a time (by the words after it or by its
    /// own name) means more or less of the time the other way round: the
    /// slowest time is the largest.
    fn speed_of_a_time(&self, s: &Superlative, col: usize) -> bool {
        let speed = (s.start..s.end).any(|k| {
            matches!(
                self.norm(k),
                "fastest" | "quickest" | "slowest" | "fast" | "quick" | "slow"
            )
        });
        if !speed || s.positional {
            return false;
        }
        let is_time = |w: &str| {
            matches!(
                w,
                "time"
                    | "times"
                    | "duration"
                    | "durations"
                    | "seconds"
                    | "minutes"
                    | "hours"
                    | "secs"
                    | "mins"
                    | "hrs"
            )
        };
        let after = self.past_count(s);
        let named = self
            .fields
            .iter()
            .find(|f| {
                (after..=after + 1).contains(&f.start) && f.columns.iter().any(|c| c.0 == col)
            })
            .is_some_and(|f| (f.start..f.end).any(|k| is_time(self.norm(k))));
        let name = self.ix.column_name(col).to_ascii_lowercase();
        named
            || name
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| is_time(w) || matches!(w, "sec" | "min" | "ms" | "secs"))
    }

    /// Reads one superlative: an order and a limit, or a most-frequent
    /// value. Whether it decided the plan's order (else the next one is
    /// read).
    fn read_superlative(&mut self, s: &Superlative) -> bool {
        // "the windiest", "the most cited": an adjective of the lexicon
        // orders by the column it found, or by nothing.
        if let Some(g) = s.graded.as_ref().filter(|g| !g.hand) {
            // "the snowiest december" in `grand_rapids_snow`: the month's
            // column named after it, not the season's total the dataset's
            // subject gives.
            // Only a column of a period (`dec`, `wk10`, `price2007`): a
            // season or a year after it is what the rows are.
            let after = self.field_after(s.end, 1).map(|f| f.0).filter(|&c| {
                let name = self.ix.column_name(c);
                self.ix.column_type(c).is_numeric()
                    && (crate::lexicon::month_index(name).is_some()
                        || name.ends_with(|ch: char| ch.is_ascii_digit()))
                    && !self.unasked_identifier(c)
            });
            let subject_only = g.field.as_ref().is_some_and(|f| {
                Some(f.column) == self.ix.subject_column && after.is_some_and(|a| a != f.column)
            });
            let field = if subject_only { None } else { g.field.clone() };
            match &field {
                Some(f) => {
                    let time = !f.flip && self.speed_of_a_time(s, f.column);
                    let desc = (s.desc != f.flip) != time;
                    let name = self.ix.column_name(f.column).to_string();
                    self.plan.order.push(OrderBy {
                        key: OrderKey::Field(name.clone()),
                        direction: direction(desc),
                    });
                    self.note(Note::GradedOrder {
                        source: self.span_text(s.start, s.end),
                        field: name,
                        noun: f.noun.clone(),
                        direction: direction(desc),
                    });
                    return self.limit_by(s);
                }
                // "the snowiest december": no field measures snow, but the
                // number field named right after is what is graded ("the 3
                // wettest periods at the north control": past the rows'
                // word of time).
                None if self.graded_field_after(s).is_some() => {
                    let Some(col) = self.graded_field_after(s) else {
                        return false;
                    };
                    // "driest": the less pole of what it speaks of (wetness),
                    // which the field measures.
                    let less = g.bases.first().is_some_and(|b| {
                        crate::lexicon::wordnet::attributes(b)
                            .first()
                            .is_some_and(|a| a.1 == crate::lexicon::wordnet::Pole::Less)
                    });
                    let desc = (s.desc != less) != self.speed_of_a_time(s, col);
                    let name = self.ix.column_name(col).to_string();
                    self.plan.order.push(OrderBy {
                        key: OrderKey::Field(name.clone()),
                        direction: direction(desc),
                    });
                    self.note(Note::Order {
                        source: self.span_text(s.start, s.end),
                        field: name,
                        direction: direction(desc),
                    });
                    return self.limit_by(s);
                }
                None => {
                    self.note(Note::GradedNoField {
                        source: self.span_text(s.start, s.end),
                        word: g.bases[0].clone(),
                        nouns: self.graded_nouns(g),
                    });
                    return false;
                }
            }
        }
        let graded_field = s.graded.as_ref().and_then(|g| g.field.as_ref());
        let implied = if s.positional {
            None
        } else {
            s.taught.or(s.column).or_else(|| {
                s.implies
                    .and_then(|g| self.column_for_group(g))
                    .or(graded_field.map(|f| f.column))
            })
        };
        // "the most films", "the most candidates": a count per value of
        // the field asked about, not an order.
        let counted = !s.positional
            && implied.is_none()
            && self.field_after(s.end, 3).is_none()
            && self.toks.get(s.end).is_some_and(|t| {
                t.is_word() && !is_stopword(&t.norm) || self.fields.iter().any(|f| f.start == s.end)
            });
        // "the most common nationality": the mode of the field after.
        // "the most popular genre" too: the superlative ends with the
        // frequency word, and a field follows (a popularity measure
        // otherwise: "the most popular song").
        let common = !s.positional
            && (self
                .toks
                .get(s.end)
                .is_some_and(|t| is_frequency_word(&t.norm))
                || s.end > s.start + 1 && is_frequency_word(self.norm(s.end - 1)));
        if common && self.most_common(s) {
            return true;
        }
        if counted && self.most_frequent_value(s) {
            return true;
        }
        let (field, mut desc) = self.superlative_field(s, implied);
        let quality = (s.start..s.end).any(|k| {
            matches!(
                self.norm(k),
                "top" | "best" | "highest" | "worst" | "lowest" | "bottom"
            )
        });
        // "the top 3 countries": with no field named, the table's one
        // field of standings.
        let field = field.or_else(|| {
            // Not one with empty standings (medal places shown as
            // pictures): its best would sort last.
            // Unless the rows are named by their standing ("the top 3
            // finishers").
            let after = self.past_count(s);
            let finishers = self.toks.get(after).is_some_and(|t| {
                matches!(
                    t.norm.as_str(),
                    "finishers" | "placers" | "placings" | "finishes" | "seeds" | "ranked"
                )
            });
            let standings: Vec<usize> = (0..self.ix.profile.columns.len())
                .filter(|&c| {
                    // (A name with the word glued on, `recruitrank`, ranks
                    // one thing among others: it must be named.)
                    let name = self.ix.column_name(c);
                    let glued = !name.contains('_') && !matches!(name, "rank" | "ranking");
                    self.is_standing(c)
                        && !(glued && name.contains("rank"))
                        && (finishers || self.ix.profile.columns[c].null_count == 0)
                })
                .collect();
            match standings[..] {
                [c] if quality && !s.positional => Some(c),
                _ => None,
            }
        });
        // "the 3 largest groups" of a long table whose one measure is
        // `value` (or a bare count, `y`, `n`): a word of size or amount
        // with no field named orders by it.
        let field = field.or_else(|| {
            let amount = (s.start..s.end).any(|k| {
                matches!(
                    self.norm(k),
                    "largest"
                        | "biggest"
                        | "greatest"
                        | "highest"
                        | "most"
                        | "smallest"
                        | "lowest"
                        | "fewest"
                        | "least"
                )
            });
            if !amount || s.positional {
                return None;
            }
            self.response_count_column()
                .or_else(|| {
                    let values: Vec<usize> = (0..self.ix.profile.columns.len())
                        .filter(|&c| {
                            self.ix.column_type(c).is_numeric()
                                && matches!(self.ix.column_name(c), "value" | "values")
                        })
                        .collect();
                    match values[..] {
                        [c] => Some(c),
                        _ => None,
                    }
                })
                .or_else(|| {
                    // "the 3 largest claims" of a table of claims whose one
                    // amount of money is `paid`: the size of a record is its
                    // money.
                    let rows = self
                        .toks
                        .get(self.past_count(s))
                        .is_some_and(|t| t.is_word() && self.ix.row_nouns.contains(&t.stem));
                    let money: Vec<usize> = (0..self.ix.profile.columns.len())
                        .filter(|&c| self.ix.measures[c].dim == Some(Dimension::Money))
                        .collect();
                    match money[..] {
                        [c] if rows => Some(c),
                        _ => None,
                    }
                })
                .or_else(|| {
                    // "the 3 highest airports": of places, high is the one
                    // field of elevations.
                    let high =
                        (s.start..s.end).any(|k| matches!(self.norm(k), "highest" | "lowest"));
                    let heights: Vec<usize> =
                        (0..self.ix.profile.columns.len())
                            .filter(|&c| {
                                self.ix.column_type(c).is_numeric()
                                    && self.ix.column_name(c).split('_').any(|p| {
                                        matches!(p, "elevation" | "elev" | "altitude" | "alt")
                                    })
                            })
                            .collect();
                    match heights[..] {
                        [c] if high => Some(c),
                        _ => None,
                    }
                })
        });
        let field = field.map(|c| self.keyed_member_of(c));
        // "the 5 biggest galls of 2003": the member of the year said (a
        // mention the periods pass made), else the latest.
        let field = field.map(|c| {
            self.said_sibling(c)
                .unwrap_or_else(|| self.latest_sibling(c))
        });
        let word = self.span_text(s.start, s.end);
        match field {
            Some(col) => {
                let name = self.ix.column_name(col).to_string();
                // The lexicon's column for a word of the hand table ("the
                // fastest" on a time: the smallest).
                let graded = graded_field.filter(|f| f.column == col);
                if let Some(f) = graded {
                    desc = desc != f.flip;
                } else if self.speed_of_a_time(s, col) {
                    desc = !desc;
                }
                // "the 3 worst risk adjusted rates" of a mortality rate:
                // of a measure of harm, the worst is the highest.
                let judged = (s.start..s.end).any(|k| matches!(self.norm(k), "best" | "worst"));
                if judged && graded.is_none() && measures_harm(&name) {
                    desc = !desc;
                }
                // "the top placed country", "the best ranked": a place or
                // rank is better the smaller it is (1st before 2nd).
                if self.is_standing(col) && quality {
                    desc = !desc;
                    // "top 25 recruiting classes" over seasons of ranks: every
                    // record ranked 25 or better, not 25 records.
                    let top = (s.start..s.end).any(|k| self.norm(k) == "top");
                    if let Some(n) = s.count.filter(|_| top && !desc) {
                        let name = self.ix.column_name(col).to_string();
                        let end = self.past_count(s);
                        self.phrases.push((s.start, end));
                        self.inferred_number(
                            (s.start, end),
                            name,
                            CompareOp::Le,
                            Literal::Integer(i64::from(n)),
                        );
                        return true;
                    }
                }
                self.plan.order.push(OrderBy {
                    key: OrderKey::Field(name.clone()),
                    direction: direction(desc),
                });
                match graded {
                    Some(f) => self.note(Note::GradedOrder {
                        source: word,
                        field: name,
                        noun: f.noun.clone(),
                        direction: direction(desc),
                    }),
                    None => self.note(Note::Order {
                        source: word,
                        field: name,
                        direction: direction(desc),
                    }),
                }
            }
            None if s.positional => {
                self.plan.order.push(OrderBy {
                    key: OrderKey::RowPosition,
                    direction: direction(desc),
                });
                self.note(Note::OrderByPosition { source: word });
            }
            None => {
                if self.most_frequent_value(s)
                    || self.superlative_as_value(s)
                    || self.superlative_as_code(s)
                {
                    return true;
                }
                self.note(Note::NoOrderField { source: word });
                return false;
            }
        }
        self.limit_by(s)
    }

    /// "top performers" where `performance_rating` holds `Top`: a
    /// superlative word that orders by nothing but is a value of the one
    /// field named (loosely) by the word after it is that value.
    fn superlative_as_value(&mut self, s: &Superlative) -> bool {
        if s.end - s.start != 1 || s.count.is_some() {
            return false;
        }
        let w = self.norm(s.start).to_string();
        let Some(next) = self.toks.get(s.end).filter(|t| t.is_word()) else {
            return false;
        };
        let next = next.stem.clone();
        let holding: Vec<(usize, String)> = self
            .ix
            .values_by_first
            .get(&w)
            .into_iter()
            .flatten()
            .map(|&id| &self.ix.values[id as usize])
            .filter(|e| e.words.len() == 1)
            .filter(|e| {
                // The word after names the field: a word of its name shares
                // its first five letters ("performers", `performance_rating`).
                self.ix.column_words[e.column].iter().any(|cw| {
                    let common = cw
                        .bytes()
                        .zip(next.bytes())
                        .take_while(|(a, b)| a == b)
                        .count();
                    common >= 5 || *cw == next
                })
            })
            .map(|e| (e.column, e.value.clone()))
            .collect();
        let [(col, value)] = &holding[..] else {
            return false;
        };
        let field = self.ix.column_name(*col).to_string();
        let value = value.clone();
        self.superlative_value((s.start, s.end + 1), field, value, MatchKind::Exact);
        self.claims.claim_token(s.end, ClaimedBy::Value);
        true
    }

    /// "in the bottom", "low or bottom two" where `outcome` holds `BTM`: a
    /// superlative word that orders by nothing but spells one code of a
    /// field is that value.
    fn superlative_as_code(&mut self, s: &Superlative) -> bool {
        if s.end - s.start != 1 {
            return false;
        }
        let Some(v) = self.word_code_of(s.start) else {
            return false;
        };
        let [id] = v.entries[..] else {
            return false;
        };
        let e = &self.ix.values[id as usize];
        let (field, value) = (self.ix.column_name(e.column).to_string(), e.value.clone());
        // "bottom two": the count is the code's own.
        let end = if s.count.is_some() {
            self.past_count(s)
        } else {
            s.end
        };
        self.superlative_value((s.start, end), field, value, MatchKind::Inferred);
        true
    }

    /// The end of a superlative with the number written right after it
    /// ("top 5", "bottom two").
    fn past_count(&self, s: &Superlative) -> usize {
        s.end + usize::from(self.toks.get(s.end).is_some_and(|t| t.number().is_some()))
    }

    /// The condition `field = value` a superlative word's span says, with
    /// its note.
    fn superlative_value(
        &mut self,
        span: (usize, usize),
        field: String,
        value: String,
        matched: MatchKind,
    ) {
        let source = self.span_text(span.0, span.1);
        self.note(Note::Value {
            source: source.clone(),
            field: field.clone(),
            negated: false,
            matched,
            ambiguous: false,
            confidence: crate::confidence::of_match(matched),
        });
        self.phrases.push(span);
        self.push_condition(
            span,
            Condition {
                field,
                op: CompareOp::Eq,
                values: vec![Literal::Text(value)],
                source,
                matched,
                confidence: crate::confidence::of_match(matched),
            },
        );
    }

    /// The nouns the lexicon tried for a graded word, for the note.
    fn graded_nouns(&self, g: &super::mentions::Graded) -> Vec<String> {
        let wide = self.tier == crate::plan::Tier::Default;
        let mut nouns: Vec<String> = Vec::new();
        for base in &g.bases {
            for (m, _) in super::graded::graded_measures(base, wide) {
                if !nouns.contains(&m.noun) && nouns.len() < 6 {
                    nouns.push(m.noun);
                }
            }
        }
        nouns
    }

    /// The superlative's count as the plan's limit; it decided the order.
    fn limit_by(&mut self, s: &Superlative) -> bool {
        // "the first" with no count still asks for one record.
        let lim = s.count.unwrap_or(1);
        self.plan.limit = Some(self.plan.limit.map_or(lim, |l| l.min(lim)));
        if s.count.is_none() && !s.positional && self.plan.order.len() == 1 {
            self.plan.ties = true;
            self.note(Note::Ties {
                source: self.span_text(s.start, s.end),
            });
        }
        self.phrases.push((s.start, s.end));
        true
    }

    /// The field a superlative orders by, and the direction. A field named
    /// right after wins ("highest rating"), then the one the word implies
    /// ("the highest airport" → elevation), then one named a little further
    /// on; a position word ("the last year", "first 5 …") orders by a date
    /// or year named next to it, else by position (`None`).
    /// The column of `c`'s family (its name with other digits: `gdiam03`
    /// beside `gdiam04`), `c` too, that a field mention of the phrase
    /// names.
    fn said_sibling(&self, c: usize) -> Option<usize> {
        let stem = |n: &str| -> String { n.chars().filter(|ch| !ch.is_ascii_digit()).collect() };
        let name = self.ix.column_name(c);
        if !name.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        let own = stem(name);
        self.fields
            .iter()
            .flat_map(|f| f.columns.first())
            .map(|x| x.0)
            .find(|&o| {
                let n = self.ix.column_name(o);
                n.bytes().any(|b| b.is_ascii_digit()) && stem(n) == own
            })
    }

    /// The number field a graded word of no field's measure grades: the
    /// one named right after it, or past the rows' word of time and "at"
    /// or "in" ("the driest period in the west target").
    fn graded_field_after(&self, s: &Superlative) -> Option<usize> {
        let measure = |c: usize| {
            self.ix.column_type(c).is_numeric()
                && self.ix.measures[c].role == crate::measure::Role::Measure
                && !self.unasked_identifier(c)
                && self.yes_value(c).is_none()
        };
        let (col, end) = self.field_after(s.end, 1)?;
        let period = self
            .fields
            .iter()
            .find(|f| f.end == end)
            .is_some_and(|f| (f.start..f.end).all(|k| is_period_word(&self.toks[k].stem)));
        if !period {
            return measure(col).then_some(col);
        }
        if !matches!(
            self.toks.get(end).map(|t| t.norm.as_str()),
            Some("at" | "in")
        ) {
            return None;
        }
        self.field_after(end + 1, 1)
            .map(|f| f.0)
            .filter(|&c| measure(c))
    }

    fn superlative_field(&self, s: &Superlative, implied: Option<usize>) -> (Option<usize>, bool) {
        let mut desc = s.desc;
        // Ids and 0/1 flags are never what a superlative orders by.
        let id = |c: &usize| self.unasked_identifier(*c) || self.yes_value(*c).is_some();
        // "the oldest patient" where "patient" only abbreviates `pat_karno`:
        // the word's own measure (age) before a field whose name does not
        // hold the word ("the largest area" is `surface_area`).
        let partial_after = self
            .fields
            .iter()
            .find(|f| f.start == s.end)
            // "the 5 longest average sentences" of `avgsen`: a name two
            // words spell is the field meant.
            .filter(|f| f.end - f.start == 1)
            .is_some_and(|f| {
                f.columns.iter().all(|c| {
                    c.1 < AliasKind::Full
                        && (f.start..f.end).all(|k| {
                            let t = &self.toks[k];
                            !self.ix.column_words[c.0]
                                .iter()
                                .any(|w| *w == t.stem || *w == t.norm)
                        })
                })
            });
        // "the most expensive booking" where "booking" is one word of
        // `previous_bookings_not_canceled`: only part of a name after it,
        // the word's own measure (the price) wins too.
        let part_only_after = self
            .fields
            .iter()
            .find(|f| f.start == s.end)
            .is_some_and(|f| {
                f.end - f.start == 1 && f.columns.iter().all(|c| c.1 < AliasKind::Full)
            });
        let own = s
            .implies
            .filter(|_| partial_after || part_only_after)
            .and_then(|g| self.column_for_group(g));
        // "the most expensive farm": a name field after the word ("farm" of
        // `farm`, "Farm 1") is what the rows are called, not the measure
        // the word implies.
        let group_column = s.implies.and_then(|g| self.column_for_group(g));
        // "the heaviest pig", "the most watched episode": a numeric field
        // after the word that measures nothing (`pig` numbers the pigs)
        // is what the rows are called too, when the word's own measure
        // is a field that does.
        let measures = |c: usize| self.ix.measures[c].dim.is_some();
        // "the 5 busiest hours", "the wettest month": a column of hours,
        // days or months after a superlative of no time is what the rows
        // are, not what it ranks them by.
        // ("the 3 longest working hours": a length of time is no period.)
        let timeless = s
            .implies
            .is_none_or(|g| !matches!(g, FieldGroup::Year | FieldGroup::Age | FieldGroup::Length))
            && !s.positional;
        let period = |c: usize| {
            timeless
                && self.fields.iter().any(|f| {
                    f.start >= s.end
                        && f.start <= s.end + 3
                        && f.columns.iter().any(|x| x.0 == c)
                        && (f.start..f.end).all(|k| is_period_word(&self.toks[k].stem))
                })
        };
        // "the top 3 antarctic years by total gas": the field after "by".
        let by = (s.end..(s.end + 6).min(self.toks.len())).find_map(|k| {
            (self.norm(k) == "by")
                .then(|| self.fields.iter().find(|f| f.start == k + 1))
                .flatten()
                .and_then(|f| {
                    f.columns
                        .iter()
                        .map(|c| c.0)
                        .find(|&c| self.is_ordered(c) && !id(&c))
                })
        });
        let field = own
            .or(by)
            .or_else(|| {
                self.field_after(s.end, 1)
                    .filter(|&(c, _)| !period(c))
                    // "the 5 heaviest on diet 2": a field given a number
                    // after it is a filter, not the order.
                    .filter(|&(_, end)| {
                        group_column.is_none()
                            || self.toks.get(end).is_none_or(|t| t.number().is_none())
                    })
                    .filter(|&(c, end)| match group_column {
                        None => true,
                        // A name two words spell is the field meant ("the 5
                        // longest average sentences" of `avgsen`).
                        // "the 5 most populous departments" of `dept`, a
                        // whole number per row: what the rows are called.
                        Some(g) => {
                            let col = &self.ix.profile.columns[c];
                            let key = col.ty == ColumnType::Integer
                                && col.distinct_count >= self.ix.profile.row_count
                                && g != c;
                            // (A field of fractions measures something
                            // of its own: `petiole` beside `bladelen`.)
                            let fractions = col.ty == ColumnType::Float;
                            self.ix.column_type(c).is_numeric()
                                && !key
                                && (measures(c) || !measures(g) || end >= s.end + 2 || fractions)
                        }
                    })
                    .map(|f| f.0)
            })
            .filter(|c| !id(c))
            // "the 2 largest sampling weights": a field's whole name after
            // a word or two the table does not know is what is ranked, not
            // the superlative's usual measure.
            .or_else(|| {
                self.fields
                    .iter()
                    .filter(|f| f.start > s.end && f.start <= s.end + 2)
                    .find(|f| {
                        (s.end..f.start).all(|k| {
                            !self.claims.is_claimed(k)
                                && self.toks[k].is_word()
                                && !is_stopword(self.norm(k))
                                && !self.fields.iter().any(|g| g.start <= k && k < g.end)
                                && !self.values.iter().any(|v| v.start <= k && k < v.end)
                        })
                    })
                    .and_then(|f| f.columns.first())
                    .filter(|c| {
                        c.1 == AliasKind::Full
                            && self.ix.column_type(c.0).is_numeric()
                            && self.is_ordered(c.0)
                            && !id(&c.0)
                            && !period(c.0)
                    })
                    .map(|c| c.0)
            })
            .or(implied.filter(|c| !id(c)))
            .or_else(|| {
                self.field_after(s.end, 3)
                    .map(|f| f.0)
                    .filter(|c| !id(c) && !period(*c))
            })
            // "the highest first year gpa": past a flag's word that only
            // modifies the field after it.
            .or_else(|| {
                self.fields
                    .iter()
                    .filter(|f| !s.positional && f.start >= s.end && f.start <= s.end + 3)
                    .flat_map(|f| f.columns.iter().map(|c| c.0))
                    .find(|&c| self.is_ordered(c) && !id(&c) && !period(c))
            });
        if field.is_some() || s.positional {
            return (field, desc);
        }
        let mut field = None;
        if let Some(group) = s.implies {
            field = self.column_for_group(group);
            if field.is_none() && group == FieldGroup::Age {
                // The oldest: the earliest birth year/date.
                field = self.year_column();
                desc = !desc;
            }
        }
        let field = field
            .or_else(|| self.field_before(s.start, 1).filter(|c| !id(c)))
            .or_else(|| {
                self.fields
                    .iter()
                    .find(|f| f.start >= s.end && f.start - s.end <= 3)
                    .and_then(|f| {
                        f.columns
                            .iter()
                            .find(|c| self.sortable_text(c.0) && !period(c.0))
                    })
                    .map(|c| c.0)
            })
            // "the highest rent" where `variable` holds 'rent': the
            // amounts of a table in long form.
            .or_else(|| self.long_form_amounts())
            // The nearest ordered field named anywhere in the phrase.
            .or_else(|| {
                self.nearest_ordered_field(s.start)
                    .filter(|c| !id(c) && !period(*c))
            })
            // "the 3 highest total nonfarm months" where the rows are
            // months: the table's one measure, a superlative of no time
            // having no other.
            // ("most" and "least" may count records: not them; "top" and
            // "highest" rank.)
            .or_else(|| {
                let cols = &self.ix.profile.columns;
                let graded = (s.start..s.end).any(|k| {
                    matches!(
                        self.norm(k),
                        "highest" | "lowest" | "higher" | "lower" | "high" | "low" | "top"
                    )
                });
                let named_id = |c: usize| {
                    let n = self.ix.column_name(c);
                    n == "id" || n.ends_with("_id")
                };
                let mut measures = (0..cols.len()).filter(|&c| {
                    self.ix.column_type(c).is_numeric()
                        && !id(&c)
                        && !named_id(c)
                        && Some(c) != self.year_column()
                        && cols[c].distinct_count > 12
                });
                let one = measures.next()?;
                (graded && timeless && s.implies.is_none() && measures.next().is_none())
                    .then_some(one)
            });
        (field, desc)
    }

    /// "the most common nationality": the most frequent value of the field
    /// named just after the frequency word, read as if named before the
    /// superlative. Whether it was read so.
    fn most_common(&mut self, s: &Superlative) -> bool {
        // After the frequency word: the superlative's last ("most
        // popular") or the word after it ("most common").
        let from = if is_frequency_word(self.norm(s.end - 1)) {
            s.end
        } else {
            s.end + 1
        };
        let Some(f) = self
            .fields
            .iter()
            .find(|f| f.start >= from && f.start <= s.end + 3)
            // A yes/no field has no mode worth asking for ("the least
            // popular comedies" orders the comedies).
            .filter(|f| f.columns.iter().all(|c| self.yes_value(c.0).is_none()))
            .cloned()
        else {
            return false;
        };
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
        done
    }

    /// "which venue is listed the most": with nothing to order by and no
    /// other condition, the most (or least) frequent value of the named
    /// categorical field, read off the profile's value counts.
    fn most_frequent_value(&mut self, s: &Superlative) -> bool {
        let Some(most) = frequency_direction(self.norm(s.start)) else {
            return false;
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
        self.note(Note::MostFrequent {
            source: source.clone(),
            field: name.clone(),
            most,
            confidence: confidence::MOST_FREQUENT,
        });
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
                confidence: confidence::MOST_FREQUENT,
            },
        );
        true
    }

    /// "which had higher attendance, A or B": the first comparative (not
    /// before "than", not about an average) with a field next to it orders
    /// by that field and keeps one record. Whether one did.
    fn choose_alternative(&mut self) -> bool {
        for i in 0..self.toks.len() {
            let Some(c) = split_comparative(self.norm(i)) else {
                continue;
            };
            if self.word_at(i + 1, "than") || self.claims.in_average(i) {
                continue;
            }
            let field = self
                .field_after(i + 1, 1)
                .map(|f| f.0)
                .or_else(|| self.field_before(i, 2));
            if let Some(col) = field {
                let name = self.ix.column_name(col).to_string();
                self.note(Note::ChooseAlternative {
                    source: self.span_text(i, i + 1),
                    field: name.clone(),
                });
                self.plan.order.push(OrderBy {
                    key: OrderKey::Field(name),
                    direction: direction(c == Cmp::Gt),
                });
                self.plan.limit = Some(1);
                return true;
            }
        }
        false
    }

    /// "sorted by X", "in descending order of X".
    fn sorted_by(&mut self) {
        for i in 0..self.toks.len() {
            if !is_sort_word(self.norm(i)) {
                continue;
            }
            let desc = (i.saturating_sub(3)..(i + 4).min(self.toks.len()))
                .any(|k| is_descending_word(self.norm(k)));
            if let Some((col, _)) = self.field_after(i + 1, 3) {
                let name = self.ix.column_name(col).to_string();
                self.plan.order.push(OrderBy {
                    key: OrderKey::Field(name),
                    direction: direction(desc),
                });
                break;
            }
        }
    }
}

/// A word for a stretch of time the rows may be ("the 5 busiest hours",
/// "the wettest month", "the driest period"), by its stem.
pub(super) fn is_period_word(stem: &str) -> bool {
    matches!(
        stem,
        "hour"
            | "day"
            | "month"
            | "week"
            | "season"
            | "quarter"
            | "year"
            | "date"
            | "night"
            | "period"
    )
}

/// Whether a field's name says it measures harm, of which more is worse
/// (`risk_adjusted_mortality_rate`, `deaths`, `failure_rate`,
/// `unemployment`).
fn measures_harm(name: &str) -> bool {
    name.split('_').any(|w| {
        matches!(
            w,
            "mortality"
                | "death"
                | "deaths"
                | "fatalities"
                | "fatality"
                | "failure"
                | "failures"
                | "error"
                | "errors"
                | "defects"
                | "complaints"
                | "crime"
                | "crimes"
                | "injuries"
                | "losses"
                | "unemployment"
                | "poverty"
                | "pollution"
                | "emissions"
        )
    })
}
