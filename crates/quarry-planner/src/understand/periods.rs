//! Pass 3a, columns per year: a wide table with one column of a measure per
//! year (`price1998`, `price2007`, `price2014`; `pop_2000`, `pop_2010`).
//! A year the phrase names picks its column ("worth over 500k in 2007" is
//! `price2007`, "price in 1998 over 300k" is `price1998`): the year's token
//! becomes a mention of that column, so the numbers pass binds the amount
//! beside it; a measure named without a year is its latest column ("under
//! 200k" of the price is `price2014`, the price now).
//!
//! Columns numbered one by one (`wk1` … `wk76`, `q1` … `q4`, `round_1` …)
//! are named by their word and number: "week 10" is `wk10`, "quarter 3"
//! is `q3`, so that "number one in week 10" reads `wk10 = 1`.

use super::claims::ClaimedBy;
use super::mentions::FieldMention;
use super::Ctx;
use crate::index::AliasKind;

/// Columns of one measure, one per year: `(column, year)`.
type Family = Vec<(usize, i64)>;

impl Ctx<'_> {
    pub(super) fn year_columns(&mut self) {
        let families = self.year_families();
        if families.is_empty() {
            return;
        }
        // Mentions a year has decided keep its column.
        let mut decided: Vec<usize> = Vec::new();
        // A year of a family named in the phrase: its column, of the family
        // the phrase names, else of one whose measure is known (`price`
        // before `adj`).
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || self.quantity(i).is_some() {
                continue;
            }
            let Some(v) = self.toks[i].number() else {
                continue;
            };
            let holding: Vec<usize> = families
                .iter()
                .filter_map(|f| f.iter().find(|(_, y)| *y as f64 == v).map(|m| m.0))
                .collect();
            let named = |c: usize| {
                let fam = families.iter().find(|f| f.iter().any(|m| m.0 == c));
                self.fields.iter().any(|f| {
                    f.columns
                        .iter()
                        .any(|x| fam.is_some_and(|fam| fam.iter().any(|m| m.0 == x.0)))
                })
            };
            let Some(col) = holding
                .iter()
                .copied()
                .find(|&c| named(c))
                .or_else(|| {
                    holding.iter().copied().find(|&c| {
                        split_year(self.ix.column_name(c)).is_some_and(|(stem, _)| {
                            crate::lexicon::units::dimension_word(&stem).is_some()
                        })
                    })
                })
                .or_else(|| holding.first().copied())
            else {
                continue;
            };
            let family = families
                .iter()
                .find(|f| f.iter().any(|m| m.0 == col))
                .cloned()
                .unwrap_or_default();
            // The measure named too ("price in 1998"): that column.
            for (k, f) in self.fields.iter_mut().enumerate() {
                if f.columns.iter().any(|c| family.iter().any(|m| m.0 == c.0)) {
                    f.columns.sort_by_key(|c| c.0 != col);
                    decided.push(k);
                }
            }
            decided.push(self.fields.len());
            self.fields.push(FieldMention {
                start: i,
                end: i + 1,
                columns: vec![(col, AliasKind::Full)],
            });
            self.claims.claim_token(i, ClaimedBy::Field);
        }
        // Named without a year: the latest first.
        for family in &families {
            let Some(latest) = family.iter().max_by_key(|m| m.1).map(|m| m.0) else {
                continue;
            };
            for (k, f) in self.fields.iter_mut().enumerate() {
                if decided.contains(&k) {
                    continue;
                }
                let members = f
                    .columns
                    .iter()
                    .filter(|c| family.iter().any(|m| m.0 == c.0))
                    .count();
                if members >= 2 {
                    f.columns.sort_by_key(|c| c.0 != latest);
                }
            }
        }
    }

    /// "week 10" of `wk1` … `wk76`: a word and a number that name a
    /// numbered column (the word is the columns' stem, or the stem
    /// abbreviates it) become a mention of that column.
    pub(super) fn numbered_columns(&mut self) {
        let mut families = self.numbered_families();
        families.retain(|(_, f)| f.len() >= 3);
        if families.is_empty() {
            return;
        }
        for i in 0..self.toks.len().saturating_sub(1) {
            if self.claims.is_claimed(i) || self.claims.is_claimed(i + 1) || !self.toks[i].is_word()
            {
                continue;
            }
            let Some(v) = self.toks[i + 1].number() else {
                continue;
            };
            let w = self.toks[i].stem.clone();
            let Some(col) = families.iter().find_map(|(stem, f)| {
                let named = *stem == w
                    || !stem.is_empty()
                        && stem.len() < w.len()
                        && super::linking::abbreviates(stem, &w);
                if !named {
                    return None;
                }
                f.iter().find(|(_, n)| *n as f64 == v).map(|m| m.0)
            }) else {
                continue;
            };
            self.fields.push(FieldMention {
                start: i,
                end: i + 2,
                columns: vec![(col, AliasKind::Full)],
            });
            self.claims.claim((i, i + 2), ClaimedBy::Field);
        }
    }

    /// "user 15", "store 7": a word and a whole number, where the word
    /// (or its start, "product 4" of `prodid`)
    /// with `_id`, `id`, `_no` or `_number` after it names a numeric
    /// column whose range holds the number: a mention of that column
    /// (the number pass then reads an equality).
    pub(super) fn numbered_ids(&mut self) {
        for i in 0..self.toks.len().saturating_sub(1) {
            // The word may have named another field ("product" of a text
            // `prod` beside `prodid`): a number after it is an id.
            let named = self.claims.claimed_by(i) == Some(ClaimedBy::Field)
                && self.fields.iter().any(|f| f.start == i && f.end == i + 1);
            if (self.claims.is_claimed(i) && !named)
                || self.claims.is_claimed(i + 1)
                || !self.toks[i].is_word()
            {
                continue;
            }
            let Some(v) = self.toks[i + 1].number().filter(|v| v.fract() == 0.0) else {
                continue;
            };
            let (w, s) = (self.toks[i].norm.as_str(), self.toks[i].stem.as_str());
            // The name without its suffix: the word itself, or its start
            // of three letters or more ("product 4" of `prodid`).
            let base_of = |name: &str| -> Option<bool> {
                let base = ["_id", "id", "_no", "_number", "_num"]
                    .iter()
                    .find_map(|suf| name.strip_suffix(suf))?;
                if base == w || base == s {
                    return Some(true);
                }
                // `ketchup_hid` of "household 100": a last part of a
                // word's initial (or two letters) and `id`.
                let last = base.rsplit('_').next().unwrap_or(base);
                if base.contains('_') && (1..=2).contains(&last.len()) && w.starts_with(last) {
                    return Some(false);
                }
                // Four letters or more: `valid` is no `val` id.
                (base.len() >= 4 && !base.contains('_') && w.starts_with(base)).then_some(false)
            };
            let holds = |c: &crate::profile::ColumnProfile| {
                c.ty.is_numeric()
                    && c.min
                        .as_deref()
                        .and_then(|m| m.parse::<f64>().ok())
                        .is_some_and(|m| m <= v)
                    && c.max
                        .as_deref()
                        .and_then(|m| m.parse::<f64>().ok())
                        .is_some_and(|m| v <= m)
            };
            let cols = &self.ix.profile.columns;
            let exact = cols
                .iter()
                .position(|c| holds(c) && base_of(&c.name) == Some(true));
            let started: Vec<usize> = (0..cols.len())
                .filter(|&c| holds(&cols[c]) && base_of(&cols[c].name) == Some(false))
                .collect();
            let found = exact.or_else(|| (started.len() == 1).then(|| started[0]));
            // "respondent 42", "patient 7": a person or what the rows are,
            // and the table's one identifier (`id`, `id_no`).
            // One record: a singular noun ("patients 80+" is an age).
            let plural = format!("{w}s");
            let person = w == s
                && (crate::lexicon::is_person_noun(w)
                    || crate::lexicon::is_person_noun(&plural)
                    || crate::lexicon::is_role_noun(w)
                    || crate::lexicon::is_role_noun(&plural)
                    || self.ix.row_nouns.contains(s)
                    || matches!(s, "record" | "row" | "entry" | "observation" | "case"));
            let named_number = self
                .fields
                .iter()
                .any(|f| f.start == i && f.columns.iter().any(|c| cols[c.0].ty.is_numeric()));
            let ids: Vec<usize> = (0..cols.len())
                .filter(|&c| matches!(cols[c].name.as_str(), "id" | "id_no" | "id_number" | "idno"))
                .collect();
            let found = found.or_else(|| match ids[..] {
                // ("employees 500+" is of `employees`: a word that named a
                // number field keeps it.)
                [c] if person && holds(&cols[c]) && !named_number => Some(c),
                _ => None,
            });
            // "week 10", "day 3" where no field is named for the period:
            // the one whole-number field named `time` that holds it.
            let period = matches!(s, "week" | "day" | "month" | "visit")
                && !cols
                    .iter()
                    .any(|c| c.name.split('_').any(|p| p.starts_with(s)));
            let timed: Vec<usize> = (0..cols.len())
                .filter(|&c| {
                    cols[c].ty == crate::profile::ColumnType::Integer
                        && matches!(cols[c].name.as_str(), "time" | "t" | "period")
                })
                .collect();
            let found = found.or_else(|| match timed[..] {
                [c] if period && !named && holds(&cols[c]) => Some(c),
                _ => None,
            });
            let Some(col) = found else {
                continue;
            };
            self.fields.retain(|f| f.start != i);
            self.fields.push(FieldMention {
                start: i,
                end: i + 1,
                columns: vec![(col, AliasKind::Full)],
            });
            self.claims.claim_token(i, ClaimedBy::Field);
        }
    }

    /// The families of year columns: numeric columns whose names are one
    /// stem and a year, two or more per stem.
    fn year_families(&self) -> Vec<Family> {
        let mut by_stem: Vec<(String, Family)> = Vec::new();
        // (Yes/no fields too: `south66`, `south76`, where a man lived in
        // each year.)
        let measured = |col: &crate::profile::ColumnProfile| {
            col.ty.is_numeric() || col.ty == crate::profile::ColumnType::Boolean
        };
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            if !measured(col) {
                continue;
            }
            let Some((stem, year)) = split_year(&col.name) else {
                continue;
            };
            match by_stem.iter_mut().find(|(s, _)| *s == stem) {
                Some((_, f)) => f.push((c, year)),
                None => by_stem.push((stem, vec![(c, year)])),
            }
        }
        // Two-digit years (`hgt90`, `hgt96`, `hgt97`): a stem with two or
        // more such columns and no other numbered one (`wk1` … `wk76` count
        // weeks), read as the years of the last century from 30 on.
        let names = self.ix.column_names();
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            let Some((stem, n)) = split_number(&col.name).filter(|_| measured(col)) else {
                continue;
            };
            let digits = col.name.len()
                - col
                    .name
                    .trim_end_matches(|c: char| c.is_ascii_digit())
                    .len();
            let numbered_alike = names
                .iter()
                .filter_map(|n| split_number(n))
                .filter(|(s, _)| *s == stem);
            if digits != 2 || stem.len() < 3 || numbered_alike.clone().count() < 2 {
                continue;
            }
            if names.iter().any(|other| {
                let d = other.len() - other.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                d != 2 && split_number(other).is_some_and(|(s, _)| s == stem)
            }) {
                continue;
            }
            let year = if n >= 30 { 1900 + n } else { 2000 + n };
            match by_stem.iter_mut().find(|(s, _)| *s == stem) {
                Some((_, f)) => f.push((c, year)),
                None => by_stem.push((stem, vec![(c, year)])),
            }
        }
        by_stem
            .into_iter()
            .map(|(_, f)| f)
            .filter(|f| f.len() >= 2)
            .collect()
    }
}

/// `wk10` → ("wk", 10); `round_3` → ("round", 3): a stem of letters and
/// a number below 1000.
fn split_number(name: &str) -> Option<(String, i64)> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &name[stem.len()..];
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let stem = stem.trim_end_matches(['_', '-']);
    (!stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphabetic()))
        .then(|| (stem.to_string(), digits.parse().ok()))
        .and_then(|(s, n)| n.map(|n| (s, n)))
}

impl Ctx<'_> {
    /// The columns named by a stem and a number (`wk1` … `wk76`,
    /// `speed65`, `speed70`), by stem: `(stem, [(column, number)])`.
    fn numbered_families(&self) -> Vec<(String, Vec<(usize, i64)>)> {
        let mut families: Vec<(String, Vec<(usize, i64)>)> = Vec::new();
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            let Some((stem, n)) = split_number(&col.name) else {
                continue;
            };
            match families.iter_mut().find(|(s, _)| *s == stem) {
                Some((_, f)) => f.push((c, n)),
                None => families.push((stem, vec![(c, n)])),
            }
        }
        families
    }

    /// "70 mph speed limit" of `speed65`, `speed70`; "days over 90" of
    /// `dx70`, `dx90`: columns of one measure per threshold, named by a
    /// number the phrase says beside a mention of the family or in the
    /// unit of the family's measure. The number (and its unit) becomes a
    /// mention of that member: it names the column, it compares nothing.
    pub(super) fn valued_columns(&mut self) {
        let mut families = self.numbered_families();
        // Thresholds, not a numbered run (`wk1` … `wk76` is the numbered
        // columns' pass): two to six members, none of them 1.
        families.retain(|(_, f)| (2..=6).contains(&f.len()) && f.iter().all(|m| m.1 >= 5));
        if families.is_empty() {
            return;
        }
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            let Some(v) = self.toks[i].number() else {
                continue;
            };
            let end = self.quantity(i).map_or(i + 1, |q| q.end);
            let unit_dim = self.quantity(i).map(|q| q.unit.dim);
            for (stem, fam) in &families {
                let Some(&(col, _)) = fam.iter().find(|m| m.1 as f64 == v) else {
                    continue;
                };
                let near = self.fields.iter().any(|f| {
                    (f.end <= i && i - f.end <= 2 || f.start >= end && f.start - end <= 2)
                        && f.columns.iter().any(|x| fam.iter().any(|m| m.0 == x.0))
                });
                let in_unit =
                    unit_dim.is_some() && crate::lexicon::units::dimension_word(stem) == unit_dim;
                if !(near || in_unit) {
                    continue;
                }
                for f in self.fields.iter_mut() {
                    if f.columns.iter().any(|x| fam.iter().any(|m| m.0 == x.0)) {
                        for x in f.columns.iter_mut() {
                            if fam.iter().any(|m| m.0 == x.0) {
                                x.0 = col;
                            }
                        }
                        f.dedup_columns();
                    }
                }
                self.fields.push(FieldMention {
                    start: i,
                    end,
                    columns: vec![(col, AliasKind::Full)],
                });
                self.fields.sort_by_key(|f| f.start);
                self.claims.claim((i, end), ClaimedBy::Field);
                break;
            }
        }
    }
}

/// `price1998` → ("price", 1998); `pop_2010` → ("pop", 2010).
fn split_year(name: &str) -> Option<(String, i64)> {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits != 4 {
        return None;
    }
    let (stem, year) = name.split_at(name.len() - 4);
    let stem = stem.trim_end_matches(['_', '-']);
    let year: i64 = year.parse().ok()?;
    (stem.len() >= 2 && (1800..=2100).contains(&year)).then(|| (stem.to_string(), year))
}

#[cfg(test)]
mod tests {
    use super::split_year;

    #[test]
    fn a_year_ends_the_name() {
        assert_eq!(split_year("price1998"), Some(("price".into(), 1998)));
        assert_eq!(split_year("pop_2010"), Some(("pop".into(), 2010)));
        assert_eq!(split_year("x2010"), None);
        assert_eq!(split_year("code12345"), None);
        assert_eq!(split_year("price"), None);
        assert_eq!(super::split_number("wk10"), Some(("wk".into(), 10)));
        assert_eq!(super::split_number("round_3"), Some(("round".into(), 3)));
        assert_eq!(super::split_number("price1998"), None);
        assert_eq!(super::split_number("x_y"), None);
    }
}
