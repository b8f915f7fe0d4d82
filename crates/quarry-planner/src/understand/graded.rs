//! Graded adjectives and participles read through the WordNet lexicon
//! ("the windiest day", "the most cited", "heavier than 3 kg", "more
//! sugary than"). Pass 2 (`operators`) finds them with the helpers here;
//! pass 3b (`resolve_graded`), once the phrase's field mentions are known,
//! finds the column each speaks of by the nouns of its name: the word
//! itself, its derived nouns, its attributes and their synonyms
//! (`lexicon::wordnet::measures`), a column the phrase names first. Where
//! the word means less of the noun ("light": weight, "fast": time) its
//! direction turns over.

use super::mentions::{Graded, GradedField};
use super::Ctx;
use crate::lexicon::wordnet::{self, Degree, Pole};
use crate::lexicon::{is_frequency_word, is_negation, is_stopword, Cmp, FIELD_SYNONYMS};
use crate::note::Note;
use crate::profile::ColumnType;
use crate::text::stem;
use std::collections::HashMap;
use std::sync::OnceLock;

/// How well a column matches a graded word, best least: not named in the
/// phrase, which base, the relation of the noun, its place among the
/// word's nouns, the length of the column's name.
type MatchRank = (
    bool,
    bool,
    bool,
    usize,
    wordnet::Relation,
    usize,
    bool,
    usize,
);

/// The stems of the words naming a column's lows and its highs (`tmin`,
/// `low_t`; `tmax`, `high_t`).
fn extremes() -> &'static (Vec<String>, Vec<String>) {
    static E: OnceLock<(Vec<String>, Vec<String>)> = OnceLock::new();
    E.get_or_init(|| {
        let s = |ws: &[&str]| ws.iter().map(|w| stem(w)).collect::<Vec<_>>();
        (
            s(&["min", "minimum", "low", "lowest", "lo"]),
            s(&["max", "maximum", "high", "highest", "hi"]),
        )
    })
}

/// The comparison the other way round.
fn flip_cmp(c: Cmp) -> Cmp {
    match c {
        Cmp::Gt => Cmp::Lt,
        Cmp::Lt => Cmp::Gt,
        Cmp::Ge => Cmp::Le,
        Cmp::Le => Cmp::Ge,
        Cmp::Before => Cmp::After,
        Cmp::After => Cmp::Before,
        other => other,
    }
}

/// The hand table's synonym groups by the stem of each of their words,
/// built once.
fn synonym_groups() -> &'static HashMap<String, Vec<usize>> {
    static GROUPS: OnceLock<HashMap<String, Vec<usize>>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut map: HashMap<String, Vec<usize>> = HashMap::new();
        for (gi, group) in FIELD_SYNONYMS.iter().enumerate() {
            for w in group.iter() {
                let list = map.entry(stem(w)).or_default();
                if !list.contains(&gi) {
                    list.push(gi);
                }
            }
        }
        map
    })
}

/// The nouns a graded word speaks of (`wordnet::measures`), and in the
/// default tier the words of the hand table's synonym group of each
/// ("duration" → runtime), which name a column only as the first word of
/// its name (`delay_minutes` holds "minutes" as its unit, not its
/// measure). Each with whether it must be that first word.
pub(super) fn graded_measures(base: &str, wide: bool) -> Vec<(wordnet::Measure, bool)> {
    let mut out: Vec<(wordnet::Measure, bool)> = wordnet::measures(base, wide, wide)
        .into_iter()
        .map(|m| (m, false))
        .collect();
    if !wide {
        return out;
    }
    let direct: Vec<wordnet::Measure> = out.iter().map(|(m, _)| m.clone()).collect();
    for m in direct {
        let Some(groups) = synonym_groups().get(&stem(&m.noun)) else {
            continue;
        };
        for group in groups.iter().map(|&g| FIELD_SYNONYMS[g]) {
            for w in group.iter().filter(|w| !w.contains(' ')) {
                if !out.iter().any(|(o, _)| o.noun == *w) {
                    let syn = wordnet::Measure {
                        noun: w.to_string(),
                        relation: wordnet::Relation::Synonym,
                        ..m.clone()
                    };
                    out.push((syn, true));
                }
            }
        }
    }
    out
}

impl Ctx<'_> {
    /// An unclaimed word at `i`.
    fn free_word(&self, i: usize) -> Option<&str> {
        let t = self.toks.get(i)?;
        (t.is_word() && !self.claims.is_claimed(i)).then_some(t.norm.as_str())
    }

    /// The adjective or participle at `i` that a "most", "least", "more" or
    /// "less" before it grades: an adjective the lexicon knows
    /// ("prestigious"), or a past participle whose verb the lexicon knows
    /// ("cited") or a column is named for ("retweeted": `retweet_count`).
    /// Not a field's name; a word of frequency ("the most common X") or a
    /// value of the data ("the most northern": region 'Northern') only when
    /// a column is named for it, else it is read as without the lexicon.
    pub(super) fn graded_word_at(&self, i: usize) -> Option<Graded> {
        let w = self.free_word(i)?;
        if is_stopword(w) || is_negation(w) || self.field_match_at(i).is_some() {
            return None;
        }
        let weak = is_frequency_word(w) || self.value_match_at(i, None).is_some();
        if let Some((base, Degree::Positive)) = wordnet::adjective_of(w) {
            return self.graded(vec![base.to_string()], weak);
        }
        let verbs = wordnet::verbs_of_participle(w);
        if verbs.is_empty() {
            return None;
        }
        let known = verbs.iter().any(|v| wordnet::is_verb(v));
        self.graded(verbs, weak || !known)
    }

    /// A graded word of the lexicon from its bases; when `only_with_field`,
    /// only if a column is named for it.
    fn graded(&self, bases: Vec<String>, only_with_field: bool) -> Option<Graded> {
        let g = Graded {
            bases,
            hand: false,
            field: None,
        };
        (!only_with_field || self.graded_field(&g).is_some()).then_some(g)
    }

    /// A superlative of an adjective the hand table does not hold, at `i`:
    /// "windiest" (one word) or "most sugary", "least cited" (two). Its
    /// length, whether it asks for the most, and the word.
    pub(super) fn graded_superlative_at(&self, i: usize) -> Option<(usize, bool, Graded)> {
        let w = self.free_word(i)?;
        if w == "most" || w == "least" {
            let g = self.graded_word_at(i + 1)?;
            return Some((2, w == "most", g));
        }
        let (base, degree) = wordnet::adjective_of(w)?;
        if degree != Degree::Superlative || self.field_match_at(i).is_some() {
            return None;
        }
        let weak = self.value_match_at(i, None).is_some();
        Some((1, true, self.graded(vec![base.to_string()], weak)?))
    }

    /// A comparative of an adjective the hand table does not hold, with its
    /// "than", at `i`: "windier than", "more sugary than", "less cited
    /// than". Its length, the comparison and the word.
    pub(super) fn graded_comparator_at(&self, i: usize) -> Option<(usize, Cmp, Graded)> {
        let w = self.free_word(i)?;
        if (w == "more" || w == "less") && self.word_at(i + 2, "than") {
            let g = self.graded_word_at(i + 1)?;
            let cmp = if w == "more" { Cmp::Gt } else { Cmp::Lt };
            return Some((3, cmp, g));
        }
        if !self.word_at(i + 1, "than") {
            return None;
        }
        let (base, degree) = wordnet::adjective_of(w)?;
        if degree != Degree::Comparative {
            return None;
        }
        Some((2, Cmp::Gt, self.graded(vec![base.to_string()], false)?))
    }

    /// The lexicon's reading of a word of the hand table ("fastest" →
    /// fast), asked when the table's field group names no column.
    pub(super) fn hand_graded(&self, words: &[&str]) -> Option<Graded> {
        let last = words.last()?;
        let (base, _) = wordnet::adjective_of(last)?;
        Some(Graded {
            bases: vec![base.to_string()],
            hand: true,
            field: None,
        })
    }

    /// The column a graded word speaks of: an ordered column (or text that
    /// sorts as its number) whose name holds one of the word's nouns. A
    /// column the phrase names wins, then the nearer relation (the word
    /// itself, a derived noun, an attribute, a synonym), then the shorter
    /// name. Both tiers read the same words (the small tier saves run
    /// time, not understanding).
    pub(super) fn graded_field(&self, g: &Graded) -> Option<GradedField> {
        let wide = true;
        let mentioned = self.mentioned_columns();
        let columns: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| self.is_ordered(c) || self.sortable_text(c))
            .filter(|&c| self.ix.column_words[c].last().is_none_or(|w| w != "id"))
            // Times of day ("01:00" to "24:00", a day's hours) are no time
            // a thing takes: "faster" speaks of no clock. (Race times of
            // "2:05:00" to "4:30:00" are.)
            .filter(|&c| {
                let col = &self.ix.profile.columns[c];
                let hour = |v: &Option<String>| {
                    v.as_deref()
                        .filter(|v| super::calendar::is_clock_text(v))
                        .and_then(|v| v[..2].parse::<u32>().ok())
                };
                let day = matches!(
                    (hour(&col.min), hour(&col.max)),
                    (Some(lo), Some(hi)) if hi >= lo + 18
                );
                !(col.ty == ColumnType::Text && day)
            })
            .collect();
        let mut best: Option<(MatchRank, GradedField)> = None;
        for (bi, base) in g.bases.iter().enumerate() {
            for (mi, (m, first_only)) in graded_measures(base, wide).iter().enumerate() {
                let noun = stem(&m.noun);
                for &c in &columns {
                    let words = &self.ix.column_words[c];
                    let named = if *first_only {
                        words.first() == Some(&noun)
                    } else {
                        words.contains(&noun)
                    };
                    // `passen` of "passengers": a name cut short, at least
                    // four letters and half the noun, and no word of its own.
                    let cut = !named
                        && !*first_only
                        && words.iter().any(|w| {
                            w.len() >= 4
                                && w.len() < noun.len()
                                && 2 * w.len() >= noun.len()
                                && noun.starts_with(w.as_str())
                                && !crate::lexicon::wordnet::knows(w)
                        });
                    if !named && !cut {
                        continue;
                    }
                    // `comb_mpg` beside `city_mpg`, `hwy_mpg`: the overall one.
                    let overall = words.iter().any(|w| {
                        matches!(
                            w.as_str(),
                            "comb"
                                | "combin"
                                | "combined"
                                | "overall"
                                | "total"
                                | "avg"
                                | "averag"
                                | "average"
                                | "mean"
                        )
                    });
                    // `wind_dir` beside `wind_speed`: a direction is no
                    // amount of the noun.
                    let bearing = words.iter().any(|w| {
                        matches!(
                            w.as_str(),
                            "dir"
                                | "direct"
                                | "direction"
                                | "bear"
                                | "bearing"
                                | "head"
                                | "heading"
                                | "angl"
                                | "angle"
                        )
                    });
                    // `tmax` beside `tmin`: "hotter", "the hottest" speak
                    // of the highs, "the coldest" of the lows.
                    let up = if g.hand {
                        !m.inverse
                    } else {
                        m.pole != Pole::Less
                    };
                    let against = words.iter().any(|w| {
                        let (lows, highs) = extremes();
                        if up {
                            lows.contains(w)
                        } else {
                            highs.contains(w)
                        }
                    });
                    let key = (
                        !mentioned.contains(&c),
                        cut,
                        bearing || against,
                        bi,
                        m.relation,
                        mi,
                        !overall,
                        words.len(),
                    );
                    if best.as_ref().is_none_or(|(k, _)| key < *k) {
                        let flip = if g.hand {
                            m.inverse
                        } else {
                            m.pole == Pole::Less
                        };
                        best = Some((
                            key,
                            GradedField {
                                column: c,
                                noun: m.noun.clone(),
                                flip,
                            },
                        ));
                    }
                }
            }
        }
        best.map(|(_, f)| f).or_else(|| self.subject_graded(g))
    }

    /// "the snowiest winter" in `grand_rapids_snow`: no field is named by
    /// what the adjective measures, but the dataset is, and its subject
    /// column (`total`) measures it.
    fn subject_graded(&self, g: &Graded) -> Option<GradedField> {
        let c = self.ix.subject_column?;
        let noun = g.bases.iter().find_map(|base| {
            graded_measures(base, true).into_iter().find_map(|(m, _)| {
                let noun = stem(&m.noun);
                (noun.len() >= 3 && self.ix.row_nouns.contains(&noun)).then_some(m)
            })
        })?;
        Some(GradedField {
            column: c,
            flip: noun.pole == Pole::Less,
            noun: noun.noun,
        })
    }

    /// Pass 3b: the column of each graded comparative and superlative. A
    /// word of the hand table keeps its group's column when there is one.
    /// A comparative's comparison turns over where its word means less of
    /// the column; a superlative's order does so in the order pass.
    pub(super) fn resolve_graded(&mut self) {
        for k in 0..self.ops.len() {
            let Some(g) = self.ops[k].graded.clone() else {
                continue;
            };
            if g.hand
                && self.ops[k]
                    .implies
                    .is_some_and(|grp| self.column_for_group(grp).is_some())
            {
                continue;
            }
            let Some(f) = self.graded_field(&g) else {
                // "shoulders narrower than 4 feet": no field is a width, but
                // the word is the low end of what it grades, so the field
                // the phrase names is compared downwards.
                // (WordNet's poles are too loose for this: it has "steep"
                // at the low end of its attribute.)
                let low_end = g.bases.first().is_some_and(|base| {
                    matches!(
                        base.as_str(),
                        "narrow"
                            | "shallow"
                            | "thin"
                            | "slim"
                            | "skinny"
                            | "low"
                            | "small"
                            | "tiny"
                            | "little"
                            | "short"
                            | "light"
                            | "slow"
                            | "weak"
                            | "cheap"
                            | "young"
                            | "near"
                            | "close"
                            | "cool"
                            | "cold"
                            | "quiet"
                            | "few"
                    )
                });
                if low_end && !g.hand {
                    self.ops[k].cmp = flip_cmp(self.ops[k].cmp);
                }
                continue;
            };
            if f.flip {
                self.ops[k].cmp = flip_cmp(self.ops[k].cmp);
            }
            let mut f = f;
            f.column = self.named_sibling(f.column, (self.ops[k].start, self.ops[k].end));
            let source = self.span_text(self.ops[k].start, self.ops[k].end);
            let field = self.ix.column_name(f.column).to_string();
            let noun = f.noun.clone();
            self.ops[k].graded.as_mut().unwrap().field = Some(f);
            self.note(Note::GradedField {
                source,
                field,
                noun,
            });
        }
        for k in 0..self.sups.len() {
            let Some(g) = self.sups[k].graded.clone() else {
                continue;
            };
            if g.hand
                && self.sups[k]
                    .implies
                    .is_some_and(|grp| self.column_for_group(grp).is_some())
            {
                continue;
            }
            let span = (self.sups[k].start, self.sups[k].end);
            let field = self.graded_field(&g).map(|mut f| {
                f.column = self.named_sibling(f.column, span);
                f
            });
            self.sups[k].graded.as_mut().unwrap().field = field;
        }
    }

    /// "ocean cooler than average", "the coldest years on land": the
    /// adjective grades `temp_anomaly`, but a field named within four
    /// words of it (`ocean_anomaly`, `land_anomaly`: a number field alone
    /// in its mention, sharing a word of its name) is the one meant.
    fn named_sibling(&self, col: usize, (start, end): (usize, usize)) -> usize {
        let words = &self.ix.column_words[col];
        self.fields
            .iter()
            .filter(|f| {
                f.end <= start && start - f.end <= 4 || f.start >= end && f.start - end <= 4
            })
            .filter(|f| f.columns.len() == 1 && !self.claims.is_field_attached(f.start))
            .map(|f| f.columns[0].0)
            .find(|&o| {
                o != col
                    && self.ix.column_type(o).is_numeric()
                    && self.ix.column_words[o].len() >= 2
                    && self.ix.column_words[o].iter().any(|w| words.contains(w))
            })
            .unwrap_or(col)
    }

    /// The column a comparator phrase implies: its field group's, else
    /// the one the lexicon found for its adjective.
    pub(super) fn op_column(&self, o: &super::mentions::OpMention) -> Option<usize> {
        o.implies
            .and_then(|g| self.column_for_group(g))
            .or_else(|| o.graded.as_ref()?.field.as_ref().map(|f| f.column))
    }
}
