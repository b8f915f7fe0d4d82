//! Locating the field a word governs: the field mention right after or
//! right before it (across glue words), the column a comparative's field
//! group implies, the dataset's year column, and whether a negation governs
//! a span. Shared by the passes that attach a word to a field.

use super::Ctx;
use crate::lexicon::{
    group_measures, is_aggregate, is_field_glue, is_stopword, is_year_name_part,
    is_year_text_name_part, negation_bridge, Cmp, FieldGroup,
};
use crate::profile::ColumnType;
use crate::text::stem;
use std::collections::HashSet;

impl Ctx<'_> {
    /// The columns the phrase's field mentions name.
    pub(super) fn mentioned_columns(&self) -> HashSet<usize> {
        self.fields
            .iter()
            .flat_map(|f| f.columns.iter().map(|c| c.0))
            .collect()
    }

    /// Whether a negation word governs the span starting at `start`: within
    /// three words before it, with only glue words or field names between.
    pub(super) fn negated(&self, start: usize) -> bool {
        // "never married under 30": a negation word that is part of a value
        // ('Never Married') negates nothing after it.
        // "other than english" negates still, though `other` is a value.
        let in_value = |k: usize| {
            self.values.iter().any(|v| v.start <= k && k < v.end)
                && !(k + 1 < self.toks.len() && self.norm(k + 1) == "than")
        };
        // "gender non-conforming": a negation that a value matched right
        // after it writes before that word ('ANTI-GENDER NON-CONFORMING')
        // is the value's own.
        let begins_value = |k: usize| {
            self.values.iter().any(|v| {
                v.start == k + 1
                    && v.entries.iter().any(|&id| {
                        self.ix.values[id as usize]
                            .words
                            .windows(2)
                            .any(|w| w[0] == self.norm(k) && w[1] == self.norm(k + 1))
                    })
            })
        };
        self.negations
            .iter()
            .filter(|&&ng| !in_value(ng) && !begins_value(ng))
            .any(|&ng| {
                // "not a chevy or a pontiac", "not on the ground or in shrubs":
                // a negation before a list joined by "or" is "neither", so it
                // reaches every item of the list.
                let or_list =
                    ng < start && (ng + 1..start).any(|k| matches!(self.norm(k), "or" | "nor"));
                let reach = if or_list { 8 } else { 4 };
                // "no law in 1999", "without a shall carry law": "no" and
                // "without" negate the noun phrase after them (unknown words
                // included), not what a preposition after its noun adds.
                let determiner = matches!(self.norm(ng), "no" | "without");
                let in_field = |k: usize| self.fields.iter().any(|f| f.start <= k && k < f.end);
                let past_noun = determiner
                    && (ng + 1..start).any(|k| {
                        (ng + 1..k).any(in_field)
                            && !in_field(k)
                            && matches!(
                                self.norm(k),
                                "in" | "from" | "at" | "on" | "during" | "since" | "for" | "of"
                            )
                    });
                // Unknown words only before the phrase's first field:
                // "without a major credit card" negates `major`, not
                // `card` past "credit".
                let unknown = |k: usize| {
                    determiner
                        && !self.claims.is_claimed(k)
                        && self.toks[k].is_word()
                        && !self.values.iter().any(|v| v.start <= k && k < v.end)
                        && !(ng + 1..k).any(in_field)
                        && (k + 1..start + 1).any(in_field)
                };
                // "no job and studying over 30": the determiner's noun (a
                // word of no field, value or condition) ends its reach at
                // the joining word after it.
                let spent = determiner
                    && (ng + 1..start).any(|k| {
                        matches!(self.norm(k), "and" | "but" | "while" | "," | "yet")
                            && (ng + 1..k).any(|j| {
                                !self.claims.is_claimed(j)
                                    && self.toks[j].is_word()
                                    && !is_stopword(self.norm(j))
                                    && !in_field(j)
                                    && !self.values.iter().any(|v| v.start <= j && j < v.end)
                            })
                    });
                // "no limit and at most 12 accidents": past its field and a
                // joining word, a comparison of a number of its own is
                // another condition, which the determiner does not reach.
                let compared = self.toks[start].number().is_some()
                    || self.ops.iter().any(|o| o.start == start);
                let spent = spent
                    || determiner
                        && compared
                        && (ng + 1..start).any(|k| {
                            matches!(self.norm(k), "and" | "but" | "while" | "," | "yet")
                                && (ng + 1..k).any(in_field)
                        });
                // "no visits despite 3+ illnesses": a concessive word opens
                // another clause, which the negation does not reach.
                let conceded = (ng + 1..start).any(|k| {
                    matches!(
                        self.norm(k),
                        "despite"
                            | "although"
                            | "though"
                            | "whereas"
                            | "unlike"
                            | "notwithstanding"
                    )
                });
                ng < start
                && start - ng <= reach
                && !past_noun
                && !spent
                && !conceded
                // "non-union workers": "non" negates the word it is glued to.
                && (self.norm(ng) != "non" || start - ng == 1)
                // "outside the northeast costing over 400": a place's
                // negation ends at the place named after it.
                // So does "outside the us aged 65+": a value (a place)
                // named between them.
                && (self.norm(ng) != "outside"
                    || !self.values.iter().any(|v| ng < v.start && v.end <= start))
                && (self.norm(ng) != "outside"
                    || !self.fields.iter().any(|f| {
                        ng < f.start
                            && f.end <= start
                            && f.columns.iter().any(|c| self.yes_value(c.0).is_some())
                            // Another field or a joining word right after
                            // it: "new york" is no `newsletter` and a place.
                            && (self.fields.iter().any(|g| g.start == f.end)
                                || f.end < self.toks.len()
                                    && matches!(self.norm(f.end), "and" | "with" | "," | "but"))
                    }))
                && (ng + 1..start).all(|k| {
                    let w = self.norm(k);
                    is_stopword(w)
                        || in_field(k)
                        || negation_bridge(w)
                        || unknown(k)
                        // "not facing nw-ne": a verb's -ing form of no
                        // field right after the negation.
                        || k == ng + 1
                            && w.len() >= 6
                            && w.ends_with("ing")
                            && !self.claims.is_claimed(k)
                            && !in_field(k)
                        // "not born in texas", "not made in china": a
                        // participle right after the negation.
                        || k == ng + 1
                            && !self.claims.is_claimed(k)
                            && (w.len() >= 5 && w.ends_with("ed")
                                || matches!(w, "born" | "made" | "built" | "sold" | "held" | "grown"))
                        // "who don't say too little": the word right after a
                        // negated auxiliary (its verb), of no field.
                        || k == ng + 1
                            && matches!(self.norm(ng), "dont" | "doesnt" | "didnt")
                            && self.toks[k].is_word()
                            && !self.claims.is_claimed(k)
                            && !in_field(k)
                        || or_list && self.values.iter().any(|v| v.start <= k && k < v.end)
                })
            })
            || self.ops.iter().any(|o| {
                o.cmp == Cmp::Ne && o.end <= start && start - o.end <= 1 && !in_value(o.start)
            })
    }

    /// In a table in long form (a text column naming what each record
    /// measures, `variable` = 'rent' or 'income', beside one column of the
    /// amounts, `estimate`), the amounts' column when the phrase matched
    /// a value of the naming column: "the highest rent" ranks `estimate`.
    pub(super) fn long_form_amounts(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let naming = |c: usize| {
            cols[c].ty == ColumnType::Text
                && (2..=60).contains(&cols[c].values.len())
                && matches!(
                    self.ix.column_name(c),
                    "variable"
                        | "var"
                        | "measure"
                        | "metric"
                        | "indicator"
                        | "series"
                        | "description"
                        | "item"
                        | "statistic"
                        | "stat"
                        | "key"
                        | "element"
                        | "parameter"
                        | "quantity"
                        | "measurement"
                )
        };
        // `category` beside `value` (an export's 'Trade value of exports',
        // 'Export Quality Index'): a plainer name, long form only beside
        // a column named for the amounts.
        let plain = |c: usize| {
            cols[c].ty == ColumnType::Text
                && (2..=60).contains(&cols[c].values.len())
                && matches!(self.ix.column_name(c), "category" | "type" | "kind")
        };
        let matched_by = |keep: &dyn Fn(usize) -> bool| {
            self.values.iter().any(|v| {
                v.entries
                    .iter()
                    .any(|&id| keep(self.ix.values[id as usize].column))
            })
        };
        let matched = matched_by(&naming);
        if !matched && !matched_by(&plain) {
            return None;
        }
        let amounts: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                let name = self.ix.column_name(c);
                cols[c].ty.is_numeric()
                    && self.yes_value(c).is_none()
                    && !self.unasked_identifier(c)
                    && !name.ends_with("id")
                    && !name.split('_').any(|w| {
                        is_year_name_part(w)
                            || matches!(w, "moe" | "se" | "sd" | "error" | "lower" | "upper" | "ci")
                    })
            })
            .collect();
        let named = amounts.iter().copied().find(|&c| {
            matches!(
                self.ix.column_name(c),
                "value" | "estimate" | "amount" | "val" | "obs_value" | "result"
            )
        });
        match (named, &amounts[..]) {
            (Some(c), _) => Some(c),
            (None, [c]) if matched => Some(*c),
            _ => None,
        }
    }

    /// Whether the field mention starting at `start` is what an aggregate
    /// asks about ("average birth weight of smokers"): a figure, not a
    /// condition.
    pub(super) fn aggregated(&self, start: usize) -> bool {
        let mut k = start;
        while k > 0 && matches!(self.norm(k - 1), "the" | "their" | "its") {
            k -= 1;
        }
        k > 0 && {
            let w = self.norm(k - 1);
            (is_aggregate(w) || w == "total") && !self.claims.in_average(k - 1)
        }
    }

    /// Whether token `k` only joins the items of a list: "and", "or",
    /// "nor", a comma, an article ("not a nurse or a doctor").
    pub(super) fn is_list_joint(&self, k: usize) -> bool {
        matches!(
            self.norm(k),
            "and" | "or" | "nor" | "," | "&" | "/" | "a" | "an" | "the"
        )
    }

    /// The column a field group implies ("older" → age): an ordered column
    /// whose name holds a word of the group, else (for a year) the year
    /// column, else text that sorts as its number.
    pub(super) fn column_for_group(&self, group: FieldGroup) -> Option<usize> {
        let stems: Vec<String> = group.synonyms().iter().map(|w| stem(w)).collect();
        // The group's words are in order of how plainly they name it: of
        // `outstate_tuition` and `grad_rate`, "tuition" before "rate".
        // The name's own words, and its abbreviations spelt out (`inc`
        // for income), the latter only behind.
        let rank = |c: usize| {
            crate::text::words(&self.ix.column_name(c).replace('_', " "))
                .iter()
                .filter_map(|w| stems.iter().position(|s| *s == stem(w)))
                .min()
                .or_else(|| {
                    self.ix.column_words[c]
                        .iter()
                        .filter_map(|w| stems.iter().position(|s| s == w))
                        .min()
                        .map(|r| r + stems.len())
                })
        };
        let ranked: Vec<(usize, usize)> = self
            .ix
            .ordered_columns()
            .filter(|&c| self.yes_value(c).is_none())
            .filter_map(|c| rank(c).map(|r| (c, r)))
            .collect();
        // "the most expensive hiland": of `price_yoplait` … `price_hiland`,
        // the member a value picked.
        let ranked: Vec<(usize, usize)> = match &self.member {
            Some(m) if ranked.iter().any(|x| m.contains(&x.0)) => {
                ranked.into_iter().filter(|x| m.contains(&x.0)).collect()
            }
            _ => ranked,
        };
        let best = ranked.iter().map(|x| x.1).min();
        let named: Vec<usize> = ranked
            .iter()
            .filter(|x| Some(x.1) == best)
            .map(|x| x.0)
            .collect();
        // "the 2 earliest dates": a date column the phrase names orders
        // finer than any year.
        let named_date = || {
            let cols = &self.ix.profile.columns;
            let named = self.mentioned_columns();
            (0..cols.len()).find(|c| {
                named.contains(c) && matches!(cols[*c].ty, ColumnType::Date | ColumnType::DateTime)
            })
        };
        if group == FieldGroup::Year {
            if let Some(c) = named_date() {
                return Some(c);
            }
        }
        self.plainest(&named)
            .or_else(|| {
                if group == FieldGroup::Year {
                    self.year_column()
                } else {
                    None
                }
            })
            .or_else(|| self.column_for_measure_of(group))
            // "the largest breach": the table's one measure.
            .or_else(|| {
                (group == FieldGroup::Size)
                    .then(|| self.only_measure())
                    .flatten()
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

    /// Of columns named alike but for a year (`price1998` … `price2014`),
    /// the latest: what "the most expensive" means today.
    pub(super) fn latest_sibling(&self, c: usize) -> usize {
        let split = |name: &str| -> (String, u32) {
            let digits: String = name.chars().filter(char::is_ascii_digit).collect();
            // Two digits ending the name (`wgt19`): a year of the last
            // century from 30 on, else of this one.
            let short = digits.len() == 2 && name.ends_with(digits.as_str());
            let year = digits
                .parse::<u32>()
                .ok()
                .map(|y| match y {
                    _ if !short => y,
                    30.. => 1900 + y,
                    _ => 2000 + y,
                })
                .filter(|y| (1900..=2100).contains(y))
                .unwrap_or(0);
            (
                name.chars().filter(|ch| !ch.is_ascii_digit()).collect(),
                year,
            )
        };
        let (stem, year) = split(self.ix.column_name(c));
        if year == 0 {
            return c;
        }
        (0..self.ix.profile.columns.len())
            .filter(|&o| self.ix.column_type(o) == self.ix.column_type(c))
            .map(|o| (o, split(self.ix.column_name(o))))
            .filter(|(_, (s, y))| *s == stem && *y > 0)
            .max_by_key(|(_, (_, y))| *y)
            .map_or(c, |(o, _)| o)
    }

    /// The table's one numeric measure: not an id, a flag, a year or a
    /// date; `None` when there are several.
    fn only_measure(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let found: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                cols[c].ty.is_numeric()
                    && !self.unasked_identifier(c)
                    && self.yes_value(c).is_none()
                    && !cols[c].name.split('_').any(is_year_name_part)
                    && self.ix.measures[c].role != crate::measure::Role::NotAMeasure
            })
            .collect();
        (found.len() == 1).then(|| found[0])
    }

    /// When no column is named for a group: the measure the group usually
    /// means, by preference ("the largest state" by population, "the
    /// largest companies" by employees, "the richest country" by GDP). A
    /// column's name word matches a measure word it holds ("ppgdp" holds
    /// "gdp").
    fn column_for_measure_of(&self, group: FieldGroup) -> Option<usize> {
        // Land is measured by its extent: "the largest countries", "the
        // biggest lakes" are the widest (a city's size is its people).
        let land = group == FieldGroup::Size
            && self
                .toks
                .iter()
                .map(|t| t.stem.as_str())
                .chain(self.ix.row_nouns.iter().map(String::as_str))
                .any(is_land_noun);
        // "the biggest economies": an economy's size is its output.
        let economy = group == FieldGroup::Size
            && self
                .toks
                .iter()
                .any(|t| matches!(t.stem.as_str(), "economy" | "economie"));
        let area: &[&str] = if land {
            &["area"]
        } else if economy {
            &["gdp"]
        } else {
            &[]
        };
        let measures = group_measures(group);
        area.iter().chain(measures).find_map(|m| {
            let m = stem(m);
            // A 0/1 flag (`member`) measures nothing.
            self.ix
                .ordered_columns()
                .filter(|&c| self.yes_value(c).is_none())
                .find(|&c| {
                    self.ix.column_words[c].iter().any(|w| {
                        let w = stem(w);
                        w == m || (m.len() >= 3 && w.len() <= m.len() + 3 && w.contains(&m))
                    })
                })
        })
    }

    /// A text column whose values all start with a digit (the profile's
    /// smallest and largest do), so its text order follows its numbers.
    pub(super) fn sortable_text(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        let digit = |v: &Option<String>| {
            v.as_deref()
                .is_some_and(|s| s.starts_with(|ch: char| ch.is_ascii_digit()))
        };
        col.ty == ColumnType::Text && digit(&col.min) && digit(&col.max)
    }

    /// A column with an order of its own: numbers and dates.
    /// Whether a number written beside the field can be compared with it:
    /// an ordered field, or text of numbered codes ("S05") or of numeric
    /// bands ("2500-5000").
    pub(super) fn takes_numbers(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        self.is_ordered(c)
            || super::numbers::numbered_codes(col).is_some()
            || super::numbers::numeric_bands(col).is_some()
    }

    /// Whether column `c` numbers the records (`prof_no`, `auction_id`,
    /// `row_number`: integers, all distinct, named so) and the phrase does
    /// not ask for it by "number", "no" or "id": a number or a superlative
    /// never takes it then ("professors over 60" is not `prof_no > 60`).
    pub(super) fn unasked_identifier(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        // The id word ends the name: `number_products` counts products.
        let named = col.name.rsplit('_').next().is_some_and(|w| {
            matches!(
                w,
                "no" | "id" | "num" | "number" | "nr" | "index" | "idx" | "key" | "code"
            )
        }) || matches!(col.name.as_str(), "idno" | "idnum" | "idcode" | "ident");
        // A catalogue number anywhere in the name (`textbook_isbn`).
        let catalogue_word = |w: &str| {
            matches!(
                w,
                "isbn" | "issn" | "upc" | "ean" | "sku" | "asin" | "barcode"
            )
        };
        if col.ty.is_numeric() && col.name.split('_').any(catalogue_word) {
            return !self.toks.iter().any(|t| catalogue_word(&t.norm));
        }
        let distinct = col.distinct_count + col.null_count >= self.ix.profile.row_count;
        let asked = self.toks.iter().any(|t| {
            matches!(
                t.norm.as_str(),
                "number" | "no" | "id" | "#" | "num" | "nr" | "ids"
            )
        });
        // Not always distinct: `prof_no` repeats over a professor's courses.
        let many = distinct || col.distinct_count >= 10;
        col.ty == ColumnType::Integer && named && many && !asked
    }

    /// Whether text column `c` holds comma-separated lists (computed once
    /// per index: `index::is_list_column`).
    pub(super) fn is_list_column(&self, c: usize) -> bool {
        self.ix.list_columns[c]
    }

    pub(super) fn is_ordered(&self, c: usize) -> bool {
        matches!(
            self.ix.column_type(c),
            ColumnType::Integer | ColumnType::Float | ColumnType::Date | ColumnType::DateTime
        )
    }

    /// The dataset's year column: named for a year, else a date, else
    /// integers between 1000 and 2100, else text named for years.
    /// A text column of years or seasons written from a year ("1950-51",
    /// "2019/20", "1987"), compared as text: the year column of a table
    /// that has no numeric one.
    pub(super) fn season_column(&self) -> Option<usize> {
        let season = |v: &str| {
            // A footnote mark after it ("2002-03*") is no part of it.
            let v = v.trim_end_matches(|c: char| !c.is_ascii_digit());
            let b = v.as_bytes();
            b.len() >= 4
                && b[..4].iter().all(u8::is_ascii_digit)
                && (1000..=2100).contains(&v[..4].parse::<i64>().unwrap_or(0))
                && (b.len() == 4
                    || matches!(b[4], b'-' | b'/')
                        && (b.len() == 7 || b.len() == 9)
                        && b[5..].iter().all(u8::is_ascii_digit))
        };
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty == ColumnType::Text
                && !col.values.is_empty()
                && col.min.as_deref().is_some_and(season)
                && col.max.as_deref().is_some_and(season)
                && col.values.iter().all(|v| season(&v.value))
        })
    }

    pub(super) fn year_column(&self) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        self.ix
            .ordered_columns()
            .find(|&c| cols[c].name.split('_').any(is_year_name_part))
            .or_else(|| {
                self.ix
                    .ordered_columns()
                    .find(|&c| matches!(cols[c].ty, ColumnType::Date | ColumnType::DateTime))
            })
            .or_else(|| {
                self.ix.ordered_columns().find(|&c| {
                    cols[c].ty == ColumnType::Integer
                        // Zip codes 1060 to 1062 are no years.
                        && !cols[c].name.split('_').any(|w| {
                            matches!(
                                w,
                                "zip" | "zipcode" | "postcode" | "postal" | "code" | "id" | "no"
                                    | "num" | "number" | "fips" | "nr"
                            )
                        })
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
                // "quakes in 2019" of `25/12/2019`, "Sep 11, 2001": dates
                // kept as text.
                (0..cols.len()).find(|&c| super::dates::text_date_format(&cols[c]).is_some())
            })
            .or_else(|| {
                // "2007 (May–October)", "13 December 1950": text that holds the year.
                (0..cols.len()).find(|&c| {
                    cols[c].ty == ColumnType::Text
                        && cols[c].name.split('_').any(is_year_text_name_part)
                })
            })
    }

    /// "median price over 200k", "average cost under 5": a word of what is
    /// measured, naming no field itself, between a field and its number.
    pub(super) fn measure_noun(&self, k: usize) -> bool {
        let Some(t) = self.toks.get(k) else {
            return false;
        };
        t.is_word()
            && !self.claims.is_claimed(k)
            && !self.fields.iter().any(|f| f.start <= k && k < f.end)
            && matches!(
                t.norm.as_str(),
                "price"
                    | "prices"
                    | "cost"
                    | "costs"
                    | "value"
                    | "worth"
                    | "amount"
                    | "figure"
                    // "food share under 20%"
                    | "share"
                    | "proportion"
                    | "percentage"
                    | "fraction"
                    | "level"
                    | "levels"
                    // "quality rating of 3 or 4", "quality rated 3": a
                    // word of grading no field holds.
                    | "rating"
                    | "ratings"
                    | "rated"
                    | "score"
                    | "scores"
                    | "scored"
                    | "reading"
                    | "readings"
            )
    }

    /// Whether the token at `k` is an unclaimed word of what the dataset
    /// is named after ("snow" or "snowfall" in `grand_rapids_snow`, no
    /// field's name): it says what a number measures, and stands between
    /// the number and the field as a stopword would ("2 feet of snow in
    /// january", "march snowfall over 10").
    pub(super) fn subject_word(&self, k: usize) -> bool {
        let Some(t) = self.toks.get(k) else {
            return false;
        };
        t.is_word()
            && !self.claims.is_claimed(k)
            && !self.fields.iter().any(|f| f.start <= k && k < f.end)
            && self.ix.row_nouns.iter().any(|n| {
                n.len() >= 3
                    && (t.stem == *n
                        || n.len() >= 4
                            && t.norm.starts_with(n.as_str())
                            && t.norm.len() <= n.len() + 5)
            })
    }

    /// The column of a field mention a number goes to: the first that takes
    /// numbers, or of siblings told apart by a letter the phrase says
    /// ("mpg on the highway" of `mpg_h` beside `mpg_c`), that one.
    fn number_column_of(&self, f: &super::FieldMention) -> Option<usize> {
        let takes: Vec<usize> = f
            .columns
            .iter()
            .map(|c| c.0)
            .filter(|&c| self.takes_numbers(c))
            .collect();
        self.letter_sibling(&takes).or(takes.first().copied())
    }

    /// A field mention of an ordered column starting at `i` (after up to
    /// `skip` glue words), or ending just before `i`.
    pub(super) fn field_after(&self, i: usize, skip: usize) -> Option<(usize, usize)> {
        let mut k = i;
        let mut skipped = 0;
        loop {
            if let Some(f) = self.fields.iter().find(|f| f.start == k) {
                return self.number_column_of(f).map(|c| (c, f.end));
            }
            if self.subject_word(k) {
                k += 1;
                continue;
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

    /// `field_after` for the number `v`: "5000 hospital beds" is a number
    /// of beds. A singular noun before another field's name modifies it;
    /// the last noun of the compound is the head, when the first field
    /// cannot hold the number and the head's can ("2 bedroom rent" keeps
    /// the bedrooms).
    pub(super) fn counted_field_after(
        &self,
        i: usize,
        skip: usize,
        v: f64,
    ) -> Option<(usize, usize)> {
        let (c, end) = self.field_after(i, skip)?;
        let f = self
            .fields
            .iter()
            .find(|f| f.end == end && f.columns.iter().any(|x| x.0 == c))?;
        if self.holds(c, v) {
            return Some((c, end));
        }
        // "ten years of development" naming `development_year` (1988 to
        // 1997) and `development_lag` (1 to 10): the one that holds it.
        let holding: Vec<usize> = f
            .columns
            .iter()
            .map(|x| x.0)
            .filter(|&x| x != c && self.takes_numbers(x) && self.holds(x, v))
            .collect();
        let year_like = v.fract() == 0.0 && (1000.0..=2100.0).contains(&v);
        if let ([h], false) = (&holding[..], year_like) {
            let h = *h;
            return Some((h, end));
        }
        let head = self.fields.iter().find(|g| {
            g.start == f.end
                && f.end == f.start + 1
                && !self.norm(f.start).ends_with('s')
                && g.columns
                    .iter()
                    .all(|c| f.columns.iter().all(|d| d.0 != c.0))
        });
        // "4 cylinder chevy sedans": a yes/no field counts nothing.
        let counts =
            |c: usize| self.takes_numbers(c) && self.yes_value(c).is_none() && self.holds(c, v);
        match head.and_then(|g| g.columns.iter().find(|c| counts(c.0)).map(|c| (c.0, g.end))) {
            Some(h) => Some(h),
            None => Some((c, end)),
        }
    }

    /// The text columns, in order, with a part of their name (split at
    /// `_`) that `part` accepts.
    pub(super) fn text_columns_named<'a>(
        &'a self,
        part: impl Fn(&str) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        let cols = &self.ix.profile.columns;
        (0..cols.len())
            .filter(move |&c| cols[c].ty == ColumnType::Text && cols[c].name.split('_').any(&part))
    }

    /// The ordered column of a field mention ending just before `i` (after
    /// up to `skip` glue words), unless a number already took it.
    pub(super) fn field_before(&self, i: usize, skip: usize) -> Option<usize> {
        let mut k = i;
        let mut skipped = 0;
        while k > 0 {
            if let Some(f) = self.fields.iter().find(|f| f.end == k) {
                if self.claims.is_field_attached(f.start) {
                    return None;
                }
                return self.number_column_of(f);
            }
            if self.subject_word(k - 1) || self.measure_noun(k - 1) {
                k -= 1;
                continue;
            }
            let w = self.norm(k - 1);
            if skipped < skip && self.toks[k - 1].is_word() && (is_stopword(w) || is_field_glue(w))
            {
                k -= 1;
                skipped += 1;
                continue;
            }
            return None;
        }
        None
    }
}

/// Nouns of land, whose size is an area; `w` is a stem.
fn is_land_noun(w: &str) -> bool {
    const LAND: [&str; 14] = [
        "country",
        "nation",
        "island",
        "lake",
        "park",
        "forest",
        "desert",
        "territory",
        "province",
        "reserve",
        "glacier",
        "ocean",
        "sea",
        "continent",
    ];
    LAND.iter().any(|l| stem(l) == w)
}
