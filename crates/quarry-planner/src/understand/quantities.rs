//! Pass 1c, quantities: a number with a unit written after it ("2.5 kg",
//! "6 feet", "30 °C", "20 km/h", "500 square miles", "$10 an hour"), a
//! compound amount ("5 ft 8", "1h 10m", "an hour and a half"), or an
//! article for one after a comparison ("under an hour", "over half a
//! mile"). Records a [`Quantity`] on the number's token for the numbers
//! pass, and claims the unit's words, so that no later pass reads "feet" as
//! a field, "f" as a value or "min" as a comparator.
//!
//! A word that is a unit or a magnitude ("5m": metres or million; "3 t")
//! or a unit or money ("8 pounds") is decided here from the dataset's
//! fields: which dimensions they measure, which reading their ranges hold,
//! the field words around the number, and last the letter's case ("M" is
//! million, "m" metres). A magnitude multiplies the number's token.

use super::claims::ClaimedBy;
use super::Ctx;
use crate::lexicon::units::{
    self, convert, money_rate_words, phrase_unit, Dimension, Unit, UnitUse,
};
use crate::lexicon::{Cmp, COMPARATIVES, COMPARATORS};
use crate::measure::Role;
use crate::text::{format_number, Token, TokenKind};

/// A number with its unit: the head number's token `at`, the tokens
/// `at..end` it spans, its amount in `unit` (a compound summed into the
/// head's unit).
#[derive(Debug, Clone)]
pub(super) struct Quantity {
    pub at: usize,
    pub end: usize,
    pub unit: &'static Unit,
    pub amount: f64,
    /// "40 years old": a duration that is an age.
    pub age: bool,
    /// "8+ miles": at least the amount.
    pub or_more: bool,
}

/// A reading of a number and an ambiguous word after it.
#[derive(Debug, Clone, Copy)]
enum Reading {
    Unit(&'static Unit),
    Magnitude(f64),
    /// "pounds" as money.
    Sterling,
}

/// What the word after a number is.
enum After {
    /// A unit of this many words (and whether it says an age).
    Unit(usize, &'static Unit, bool),
    /// A magnitude of one word ("5 M"): multiply the number.
    Magnitude(f64),
    /// Neither.
    Nothing,
}

impl Ctx<'_> {
    pub(super) fn read_quantities(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            if self.claims.is_claimed(i) {
                i += 1;
                continue;
            }
            let unit_at = if self.toks[i].is_word() {
                self.article_amount(i)
            } else {
                None
            };
            i = match self.toks[i].kind {
                TokenKind::Number { .. } => self.quantity_at(i, unit_at.unwrap_or(i + 1)),
                _ => i + 1,
            };
        }
    }

    /// The quantity recorded on the number token `i`.
    pub(super) fn quantity(&self, i: usize) -> Option<&Quantity> {
        self.quantities.iter().find(|q| q.at == i)
    }

    /// Reads the quantity whose number is token `i` and whose unit starts
    /// at token `from` (right after the number, or after the article it
    /// was), if any; returns the token to go on from.
    fn quantity_at(&mut self, i: usize, from: usize) -> usize {
        let TokenKind::Number {
            value,
            unit: own,
            percent,
            ..
        } = self.toks[i].kind
        else {
            return i + 1;
        };
        if percent {
            return i + 1;
        }
        let mut k = from;
        if own.is_none() && k == i + 1 && self.value_glued(i) {
            // "5000m" is a value of this dataset (an event), not an amount.
            return self.reglue(i, k + 1);
        }
        let or_more = self.word_at(k, "+");
        if or_more {
            k += 1;
        }
        let mut amount = value;
        // "one and a half hours"
        for (words, part) in [(["and", "a", "half"], 0.5), (["and", "a", "quarter"], 0.25)] {
            if self.matches_words(k, &words) {
                if let After::Unit(..) = self.after_number(i, k + 3, None) {
                    amount += part;
                    k += 3;
                }
            }
        }
        let (unit, age) = match own {
            Some(u) => {
                // "$5 m": a magnitude after a currency sign.
                if let Some(m) = self.toks.get(k).and_then(|t| single_magnitude(&t.norm)) {
                    self.scale_number(i, m);
                    amount *= m;
                    self.claims.claim_token(k, ClaimedBy::Unit);
                    k += 1;
                }
                (u, false)
            }
            None => match self.after_number(i, k, None) {
                After::Unit(len, u, _) if self.glued_word(i, k, u) => {
                    // "5g": a word of its own in this dataset.
                    return self.reglue(i, k + len);
                }
                After::Unit(len, u, age) => {
                    k += len;
                    (u, age)
                }
                After::Magnitude(m) => {
                    self.scale_number(i, m);
                    self.claims.claim_token(k, ClaimedBy::Unit);
                    return k + 1;
                }
                After::Nothing => return from,
            },
        };
        if unit.dim == Dimension::Percent {
            // "20 percent" is "20%".
            if let TokenKind::Number { percent, .. } = &mut self.toks[i].kind {
                *percent = true;
            }
            self.claims.claim((i + 1, k), ClaimedBy::Unit);
            return k;
        }
        if unit.dim == Dimension::Money {
            let ws: Vec<&str> = (k..self.toks.len().min(k + 2))
                .map(|q| self.norm(q))
                .collect();
            k += money_rate_words(&ws);
        }
        let (amount, end) = self.compound(amount, unit, k);
        self.claims.claim((i + 1, end), ClaimedBy::Unit);
        self.quantities.push(Quantity {
            at: i,
            end,
            unit,
            amount,
            age,
            or_more,
        });
        end
    }

    /// The rest of a compound amount from token `k` ("5 ft 8 in", "1h
    /// 10m", "2 hours 30", "an hour and a half"): the amount in the head's
    /// unit and the token after it.
    fn compound(&self, mut amount: f64, unit: &'static Unit, mut k: usize) -> (f64, usize) {
        if self.matches_words(k, &["and", "a", "half"]) {
            return (amount + 0.5, k + 3);
        }
        if self.matches_words(k, &["and", "a", "quarter"]) {
            return (amount + 0.25, k + 3);
        }
        let Some(x) = self.toks.get(k).and_then(Token::number) else {
            return (amount, k);
        };
        if self.claims.is_claimed(k) || self.own_unit(k).is_some() {
            return (amount, k);
        }
        match self.after_number(k, k + 1, Some(unit)) {
            After::Unit(len, u, _) if u.dim == unit.dim && u.factor < unit.factor => {
                amount += convert(x, u, unit);
                k += 1 + len;
            }
            After::Nothing => {
                // "5 ft 8", "2 hours 30": the next smaller unit.
                let (sub, below) = match unit.symbol {
                    "ft" => (&units::INCH, 12.0),
                    "h" => (&units::MINUTE, 60.0),
                    "min" => (&units::SECOND, 60.0),
                    "lb" => (&units::OUNCE, 16.0),
                    "st" => (&units::POUND, 14.0),
                    _ => return (amount, k),
                };
                // Only a count of the smaller unit (under 12 inches, 60
                // minutes), not followed by another number.
                if x >= below || self.toks.get(k + 1).is_some_and(|t| !t.is_word()) {
                    return (amount, k);
                }
                amount += convert(x, sub, unit);
                k += 1;
            }
            _ => {}
        }
        (amount, k)
    }

    /// Whether the number at `at` and the unit glued to it at `k` ("5g")
    /// are rather one word: no field measures the unit's dimension and no
    /// comparison asks for an amount.
    fn glued_word(&self, at: usize, k: usize, unit: &Unit) -> bool {
        k == at + 1
            && self.toks[at].end == self.toks[k].start
            && !self.ix.measures.iter().any(|m| m.reads(unit.dim))
            && !(at > 0 && self.ends_comparison(at - 1))
    }

    /// Whether the number at `at` and the word glued to it are one word
    /// that starts a value of the dataset ("5000m" of an event column).
    fn value_glued(&self, at: usize) -> bool {
        let Some(next) = self.toks.get(at + 1) else {
            return false;
        };
        if !next.is_word() || self.toks[at].end != next.start || self.claims.is_claimed(at + 1) {
            return false;
        }
        let glued = crate::text::fold(&self.query[self.toks[at].start..next.end]);
        self.ix.values_by_first.contains_key(&glued)
    }

    /// Makes the tokens `at..end` (a number and the unit glued to it) one
    /// word again, the way it was typed; returns `end`.
    fn reglue(&mut self, at: usize, end: usize) -> usize {
        let (start, stop) = (self.toks[at].start, self.toks[end - 1].end);
        let norm = crate::text::fold(&self.query[start..stop]);
        self.toks[at] = Token {
            kind: TokenKind::Word,
            stem: norm.clone(),
            norm,
            start,
            end: stop,
        };
        self.claims.claim((at + 1, end), ClaimedBy::Unit);
        end
    }

    /// The unit of a number token itself (a currency sign, a clock).
    fn own_unit(&self, i: usize) -> Option<&'static Unit> {
        match self.toks[i].kind {
            TokenKind::Number { unit, .. } => unit,
            _ => None,
        }
    }

    /// What the words at `k`, after the number at `at`, are: a unit (the
    /// longest), a magnitude, or nothing. `head` is the unit of the amount
    /// this number continues, in a compound.
    fn after_number(&self, at: usize, k: usize, head: Option<&'static Unit>) -> After {
        let toks = &self.toks;
        let Some((len, unit, use_)) = phrase_unit(|q| {
            toks.get(k + q)
                .filter(|t| t.is_word() && !self.claims.is_claimed(k + q))
                .map(|t| t.norm.as_str())
        }) else {
            return After::Nothing;
        };
        let value = toks[at].number().unwrap_or(0.0);
        match use_ {
            UnitUse::Always => After::Unit(len, unit, false),
            UnitUse::Age => After::Unit(len, unit, true),
            UnitUse::InCompound => match head {
                Some(h) if h.dim == unit.dim && h.factor > unit.factor => {
                    After::Unit(len, unit, false)
                }
                _ => After::Nothing,
            },
            UnitUse::Letter => {
                // "c", "f", "l": a unit only when some field measures its
                // dimension.
                let has_dimension = self.ix.measures.iter().any(|m| m.reads(unit.dim));
                if has_dimension {
                    After::Unit(len, unit, false)
                } else {
                    After::Nothing
                }
            }
            UnitUse::OrMagnitude(m) => {
                // "1h 10m": minutes after hours.
                if head.is_some_and(|h| h.symbol == "h") {
                    return After::Unit(len, &units::MINUTE, false);
                }
                let upper = self.query[toks[k].start..toks[k].end]
                    .chars()
                    .all(char::is_uppercase);
                // "5m": metres, million, or (informally) minutes.
                let readings: &[Reading] = if unit.symbol == "m" {
                    &[
                        Reading::Unit(unit),
                        Reading::Magnitude(m),
                        Reading::Unit(&units::MINUTE),
                    ]
                } else {
                    &[Reading::Unit(unit), Reading::Magnitude(m)]
                };
                match self.choose_reading(at, value, readings, upper) {
                    Reading::Unit(u) => After::Unit(len, u, false),
                    _ => After::Magnitude(m),
                }
            }
            UnitUse::MagnitudeOr(m) => {
                if self.only_unit_fits(value, unit, value * m) {
                    After::Unit(len, unit, false)
                } else {
                    After::Magnitude(m)
                }
            }
            UnitUse::OrSterling => {
                let readings = [Reading::Unit(unit), Reading::Sterling];
                match self.choose_reading(at, value, &readings, false) {
                    Reading::Sterling => After::Unit(len, &units::POUND_STERLING, false),
                    _ => After::Unit(len, unit, false),
                }
            }
        }
    }

    /// Whether `value` of `unit` fits the range of a field of the unit's
    /// dimension while `magnified` (the number times a magnitude) fits no
    /// number field's range.
    fn only_unit_fits(&self, value: f64, unit: &'static Unit, magnified: f64) -> bool {
        let ms = &self.ix.measures;
        let numeric: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| self.ix.column_type(c).is_numeric() && ms[c].role != Role::NotAMeasure)
            .collect();
        let unit_fits = numeric.iter().any(|&c| {
            ms[c].reads(unit.dim)
                && ms[c].role == Role::Measure
                && self
                    .stored_amount(c, value, unit)
                    .is_some_and(|(x, _)| self.holds(c, x))
        });
        let magnitude_fits = numeric
            .iter()
            .any(|&c| self.holds(c, magnified / ms[c].scale));
        unit_fits && !magnitude_fits
    }

    /// Which reading of the number at `at` and the word after it the
    /// dataset supports, of `readings` in order of preference: the only
    /// one some field could take; else the only one a field's range holds;
    /// else the one a field named within three words measures; else the
    /// first (a magnitude first when `upper`: "5M" is million).
    fn choose_reading(&self, at: usize, value: f64, readings: &[Reading], upper: bool) -> Reading {
        let ms = &self.ix.measures;
        let numeric: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| self.ix.column_type(c).is_numeric() && ms[c].role != Role::NotAMeasure)
            .collect();
        let takes = |r: Reading, c: usize| match r {
            Reading::Unit(u) => ms[c].reads(u.dim) && ms[c].role == Role::Measure,
            Reading::Magnitude(_) => {
                matches!(ms[c].dim, None | Some(Dimension::Money | Dimension::Count))
            }
            Reading::Sterling => ms[c].dim == Some(Dimension::Money),
        };
        let holds = |r: Reading, c: usize| match r {
            Reading::Unit(u) => self
                .stored_amount(c, value, u)
                .is_some_and(|(x, _)| self.holds(c, x)),
            Reading::Magnitude(m) => self.holds(c, value * m / ms[c].scale),
            Reading::Sterling => self.holds(c, value / ms[c].scale),
        };
        let mut order: Vec<Reading> = readings.to_vec();
        if upper {
            order.sort_by_key(|r| !matches!(r, Reading::Magnitude(_)));
        }
        let present: Vec<Reading> = order
            .iter()
            .copied()
            .filter(|&r| numeric.iter().any(|&c| takes(r, c)))
            .collect();
        match present.as_slice() {
            [] => return order[0],
            [r] => return *r,
            _ => {}
        }
        let fitting: Vec<Reading> = present
            .iter()
            .copied()
            .filter(|&r| numeric.iter().any(|&c| takes(r, c) && holds(r, c)))
            .collect();
        if let [r] = fitting.as_slice() {
            return *r;
        }
        // Field words around the number.
        let lo = at.saturating_sub(3);
        let hi = (at + 5).min(self.toks.len());
        for k in lo..hi {
            if let Some((_, cols)) = self.field_match_at(k) {
                let named = present.iter().copied().find(|&r| {
                    cols.iter()
                        .any(|&(c, _)| ms[c].dim.is_some() && takes(r, c))
                });
                if let Some(r) = named {
                    return r;
                }
            }
        }
        present[0]
    }

    /// "an hour", "half a mile", "a half hour", "under a dollar" after
    /// a comparison ("under an hour"): the article (or "half") becomes the
    /// number 1 (or 0.5) and the words up to the unit are claimed. Returns
    /// where the unit starts.
    fn article_amount(&mut self, i: usize) -> Option<usize> {
        let w = self.norm(i);
        let (value, unit_at) = match w {
            "a" | "an" if self.word_at(i + 1, "half") => (0.5, i + 2),
            // "a quarter km", "a quarter of a mile"
            "a" if self.word_at(i + 1, "quarter") => {
                let of_a = self.word_at(i + 2, "of")
                    && (self.word_at(i + 3, "a") || self.word_at(i + 3, "an"));
                (0.25, if of_a { i + 4 } else { i + 2 })
            }
            "a" | "an" => (1.0, i + 1),
            "half" if self.word_at(i + 1, "a") || self.word_at(i + 1, "an") => (0.5, i + 2),
            _ => return None,
        };
        let Some((len, unit, UnitUse::Always | UnitUse::OrSterling)) = phrase_unit(|q| {
            self.toks
                .get(unit_at + q)
                .filter(|t| t.is_word())
                .map(|t| t.norm.as_str())
        }) else {
            return None;
        };
        // "over an hour", or "half an hour or more": a comparison before
        // the amount or trailing it.
        let trailing = self.word_at(unit_at + len, "or")
            && self.toks.get(unit_at + len + 1).is_some_and(|t| {
                matches!(
                    t.norm.as_str(),
                    "more"
                        | "less"
                        | "longer"
                        | "shorter"
                        | "over"
                        | "under"
                        | "fewer"
                        | "later"
                        | "earlier"
                        | "older"
                        | "younger"
                )
            });
        if !(i > 0 && self.ends_comparison(i - 1) || trailing) {
            return None;
        }
        if !matches!(
            unit.dim,
            Dimension::Length
                | Dimension::Mass
                | Dimension::Duration
                | Dimension::Area
                | Dimension::Money
        ) {
            return None;
        }
        let (start, end) = (self.toks[i].start, self.toks[i].end);
        self.toks[i] = Token::plain_number(value, start, end);
        self.claims.claim((i + 1, unit_at), ClaimedBy::Unit);
        Some(unit_at)
    }

    /// Whether token `k` ends a comparison ("over", "less than", "at
    /// most", "about").
    fn ends_comparison(&self, k: usize) -> bool {
        let w = self.norm(k);
        if matches!(
            w,
            "than" | "about" | "around" | "nearly" | "almost" | "approximately" | "roughly"
        ) {
            return true;
        }
        COMPARATORS.iter().any(|c| {
            let len = c.words.len();
            k + 1 >= len && c.op != Cmp::Eq && self.matches_words(k + 1 - len, c.words)
        }) || COMPARATIVES
            .iter()
            .any(|c| c.words.len() == 1 && c.words[0] == w && self.word_at(k + 1, "than"))
    }

    /// Multiplies the number token `i` by a magnitude.
    fn scale_number(&mut self, i: usize, m: f64) {
        if let TokenKind::Number { value, scaled, .. } = &mut self.toks[i].kind {
            *value *= m;
            *scaled = true;
            let norm = format_number(*value);
            self.toks[i].norm = norm.clone();
            self.toks[i].stem = norm;
        }
    }

    /// An amount `x` of `unit` as the number column `c` stores it, with
    /// the unit it was taken to be in when the column's dimension is known
    /// but not its unit (the one common unit whose reading its range
    /// holds). `None` when the column measures another dimension.
    pub(super) fn stored_amount(
        &self,
        c: usize,
        x: f64,
        unit: &'static Unit,
    ) -> Option<(f64, Option<&'static Unit>)> {
        let m = &self.ix.measures[c];
        if m.dim.is_some() && !m.reads(unit.dim) {
            return None;
        }
        match m.unit_in(unit.dim) {
            // "above 90 degrees" on `temp_c`, whose values never reach 90:
            // degrees of the other scale, where they fall in its range.
            Some(cu) if unit.generic && unit.dim == Dimension::Temperature && !self.holds(c, x) => {
                let other = if std::ptr::eq(cu, &units::CELSIUS) {
                    &units::FAHRENHEIT
                } else {
                    &units::CELSIUS
                };
                // Near its range is enough: "above 90" may ask past the
                // hottest day on record.
                let col = &self.ix.profile.columns[c];
                let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
                let near = match (bound(&col.min), bound(&col.max)) {
                    (Some(lo), Some(hi)) => {
                        let pad = (hi - lo) / 2.0;
                        (lo - pad..=hi + pad).contains(&convert(x, other, cu))
                            && !(lo - pad..=hi + pad).contains(&x)
                    }
                    _ => false,
                };
                let y = convert(x, other, cu);
                if near {
                    Some((y, Some(cu)))
                } else {
                    Some((x, None))
                }
            }
            Some(cu) => {
                if cu.generic {
                    if let Some(r) = self.in_cents(c, unit.to_base(x), unit) {
                        return Some(r);
                    }
                }
                let y = convert(x, unit, cu) / m.scale;
                // Only an amount said large is read in a scale: "10 km" on
                // millimetres of rain is ten million of them, not 0.01
                // billion.
                let said_large =
                    x >= 1e6 || matches!(m.dim, Some(Dimension::Money | Dimension::Count));
                let scaled = said_large.then(|| self.amount_in_scale(c, y)).flatten();
                Some(scaled.unwrap_or((y, None)))
            }
            None if unit.generic => Some((x / m.scale, None)),
            // A column of known dimension but unknown unit, or of unknown
            // measure ("two weeks" on days of incubation, 10 to 20).
            None => {
                // "40 cents" on an amount of unknown unit: 0.40 of the
                // currency.
                let x = if unit.dim == Dimension::Money {
                    unit.to_base(x)
                } else {
                    x
                };
                if let Some(r) = self.in_cents(c, x, unit) {
                    return Some(r);
                }
                // A time of unknown unit is in minutes when that reading
                // fits: delays, air times and running times mostly are
                // ("delayed over 2 hours" on delays of -40 to 1300 is 120).
                if unit.dim == Dimension::Duration
                    && m.reads(Dimension::Duration)
                    && !std::ptr::eq(unit, &units::MINUTE)
                {
                    let minutes = convert(x, unit, &units::MINUTE) / m.scale;
                    if self.holds(c, minutes) {
                        return Some((minutes, Some(&units::MINUTE)));
                    }
                }
                // "$500 million" on takings of 16 to 945: millions; "5
                // billion tonnes" on emissions of 3 to 9,000: millions too.
                // "more than 25 million hectares" on areas of 9.8 to 31:
                // millions too, on a field of the dimension whose unit no
                // name tells.
                if unit.dim == Dimension::Money && m.dim.is_none() || x >= 1e6 {
                    if let Some(r) = self.amount_in_scale(c, x / m.scale) {
                        return Some(r);
                    }
                }
                // The typed number if the column's values hold it: a column
                // in the phrase's own unit ("flights over 500 miles" on
                // miles) is likelier than any conversion that also fits.
                let typed = x / m.scale;
                // "followed for more than 20 years" on follow-up times of 1
                // to 424: no such time runs past 150 years, so the column
                // is in a smaller unit (months).
                let col_max = self.ix.profile.columns[c]
                    .max
                    .as_deref()
                    .and_then(|v| v.parse::<f64>().ok());
                let past_years = std::ptr::eq(unit, &units::YEAR)
                    && m.role != crate::measure::Role::Age
                    && col_max.is_some_and(|mx| mx > 150.0);
                if self.holds(c, typed) && !past_years {
                    return Some((typed, None));
                }
                if past_years {
                    // Months or days, whichever the column's typical value
                    // is nearer.
                    let typical = self.typical(c).filter(|t| *t > 0.0);
                    let off = |y: f64| typical.map_or(0.0, |t| (y / t).ln().abs());
                    let best = [&units::MONTH, &units::DAY]
                        .into_iter()
                        .map(|u| (convert(x, unit, u) / m.scale, u))
                        .filter(|&(y, _)| self.holds(c, y))
                        .min_by(|a, b| off(a.0).total_cmp(&off(b.0)));
                    if let Some((y, u)) = best {
                        return Some((y, Some(u)));
                    }
                }
                let mut fits: Vec<(f64, &'static Unit)> = units::candidate_units(unit.dim)
                    .iter()
                    .map(|&u| (convert(x, unit, u) / m.scale, u))
                    .filter(|&(y, _)| self.holds(c, y))
                    .collect();
                // A speed of unknown unit is a road's (km/h or mph) when
                // either reading fits: knots and metres a second are the
                // sea's, the wind's and the lab's, and say so in a name.
                let road = |u: &Unit| {
                    std::ptr::eq(u, &units::KM_PER_HOUR) || std::ptr::eq(u, &units::MILE_PER_HOUR)
                };
                if unit.dim == Dimension::Speed && fits.iter().any(|f| road(f.1)) {
                    fits.retain(|f| road(f.1));
                }
                // "shallower than 1 km" on depths of 804 to 4,865: metres
                // (nearer the typical depth in feet, but one who says
                // kilometres measures in metres).
                // Several fit: the one nearest the field's typical value
                // ("6 feet" on heights of 57 to 197 around 170 is 183 cm,
                // not 72 in).
                let typical = self.typical(c);
                let off = |y: f64| match typical {
                    Some(t) if t > 0.0 && y > 0.0 => (y / t).ln().abs(),
                    Some(t) => (y - t).abs(),
                    None => 0.0,
                };
                // (Within three times the typical value: "100 mm of rain"
                // on inches of 0 to 12 is no 0.1 m.)
                let metric = |f: &(f64, &'static Unit)| {
                    units::is_metric(f.1) && typical.is_some() && off(f.0) <= 3f64.ln()
                };
                if units::is_metric(unit) && fits.iter().any(metric) {
                    fits.retain(metric);
                }
                let best = match fits.as_slice() {
                    // None fits: an area or length in thousands of the
                    // unit said ("2,500 square feet" on house sizes of 0.7
                    // to 3.1).
                    [] if m.dim.is_none()
                        && unit.dim == Dimension::Area
                        && self.size_named(c, unit)
                        && self.holds(c, typed / 1e3) =>
                    {
                        return Some((typed / 1e3, Some(&units::THOUSANDS)))
                    }
                    // None fits: "shorter than 5 feet" on heights of 64
                    // to 75 is 60 in, a little below the range, when the
                    // typed number is far from it.
                    [] => {
                        let col = &self.ix.profile.columns[c];
                        let b =
                            |x: &Option<String>| x.as_deref().and_then(|v| v.parse::<f64>().ok());
                        let apart = |y: f64| match (b(&col.min), b(&col.max)) {
                            (Some(lo), Some(hi)) if y > 0.0 && lo > 0.0 => {
                                if y < lo {
                                    lo / y
                                } else if y > hi {
                                    y / hi
                                } else {
                                    1.0
                                }
                            }
                            _ => f64::INFINITY,
                        };
                        let near = units::candidate_units(unit.dim)
                            .iter()
                            .map(|&u| (convert(x, unit, u) / m.scale, u))
                            .min_by(|a, b| apart(a.0).total_cmp(&apart(b.0)))
                            .filter(|&(y, _)| apart(y) <= 1.5 && apart(typed) >= 2.0);
                        match near {
                            Some(n) => n,
                            None => return Some((typed, None)),
                        }
                    }
                    [one] => *one,
                    // Several readings fit and the typed one does not: the
                    // one nearest the field's typical value, also on a field
                    // of unknown measure ("under a meter of snow" on totals
                    // of 20 to 132 is 39 in, not an empty 1).
                    _ if typical.is_none() => return Some((typed, None)),
                    _ => *fits
                        .iter()
                        .min_by(|a, b| off(a.0).total_cmp(&off(b.0)))
                        .unwrap_or(&fits[0]),
                };
                Some((best.0, Some(best.1)))
            }
        }
    }

    /// Whether column `c` is named for a size an area of `unit` gives:
    /// `size`, `area`, `living`, `footage`, `sqft`; for acres and
    /// hectares `lot`, `land`, `acreage`, `parcel`, `plot`.
    pub(super) fn size_named(&self, c: usize, unit: &Unit) -> bool {
        let land = std::ptr::eq(unit, &units::ACRE) || std::ptr::eq(unit, &units::HECTARE);
        let words: &[&str] = if land {
            &["lot", "land", "acreage", "parcel", "plot"]
        } else {
            &["size", "area", "living", "footage", "sqft"]
        };
        self.ix
            .column_name(c)
            .split('_')
            .any(|w| words.contains(&w))
    }

    /// "$1.40" on prices of 88 to 139: an amount `x` of a currency far
    /// below what money column `c` typically holds, whose hundredfold it
    /// holds: the column stores cents.
    fn in_cents(&self, c: usize, x: f64, unit: &Unit) -> Option<(f64, Option<&'static Unit>)> {
        let m = &self.ix.measures[c];
        if unit.dim != Dimension::Money || m.dim != Some(Dimension::Money) || m.scale != 1.0 {
            return None;
        }
        // Prices of goods: a small amount on a column of small numbers
        // ("revenue under $10M" on revenues of billions is no cents).
        let col = &self.ix.profile.columns[c];
        let max = col.max.as_deref().and_then(|v| v.parse::<f64>().ok())?;
        // Cents are whole: a column of whole amounts (a stray 49.000001
        // aside), not prices of 0.55 to 26.8.
        let whole = |b: &Option<String>| {
            b.as_deref()
                .and_then(|v| v.parse::<f64>().ok())
                .is_some_and(|v| (v - v.round()).abs() < 0.001)
        };
        if x >= 1000.0 || max >= 1e6 || !whole(&col.min) || !whole(&col.max) {
            return None;
        }
        let t = self.typical(c).filter(|t| *t > 0.0)?;
        let cents = x * 100.0;
        (x > 0.0 && x / t < 0.05 && (0.2..=5.0).contains(&(cents / t)) && self.holds(c, cents))
            .then_some((cents, Some(&units::CENT)))
    }

    /// A money or count amount `y` that no value of column `c` comes near
    /// (above its largest) while `y` in thousands or millions falls in its
    /// range: the column stores thousands or millions though its name does
    /// not say so ("$20k" on prices 7.4 to 61.9 is 20).
    pub(super) fn amount_in_scale(&self, c: usize, y: f64) -> Option<(f64, Option<&'static Unit>)> {
        let m = &self.ix.measures[c];
        let col = &self.ix.profile.columns[c];
        let max = col.max.as_deref().and_then(|v| v.parse::<f64>().ok())?;
        // Amounts only: a measure above its column's range ("rain over 10
        // mm" on a dry month) is an empty answer, not a unit to guess.
        // A column of unknown measure may store amounts too ("takings" of
        // 16 to 945, in millions): an amount far above its range is read
        // in its scale rather than matching nothing.
        // An amount said in millions or more far above a column of any
        // measure ("100 billion miles" on miles of 3,000 to 285,000) is in
        // its scale too.
        let scalable =
            matches!(m.dim, None | Some(Dimension::Money | Dimension::Count)) || y >= 1e6;
        // A small count (garage spaces 0 to 4) is never in thousands; a
        // small whole amount of money (incomes of 2 to 72) may be.
        let small_count = col.ty == crate::profile::ColumnType::Integer
            && max < 100.0
            && m.dim != Some(Dimension::Money);
        if !scalable || small_count || m.scale != 1.0 || y <= max {
            return None;
        }
        // Both may fit ("$10M" on revenues of 0.05 to 96,398): the one
        // nearer the column's typical value.
        let typical = self.typical(c).filter(|t| *t > 0.0);
        let off = |x: f64| typical.map_or(0.0, |t| (x / t).ln().abs());
        let pick = |scales: &[(f64, &'static Unit)]| {
            scales
                .iter()
                .copied()
                .filter(|&(f, _)| self.holds(c, y / f))
                .min_by(|a, b| off(y / a.0).total_cmp(&off(y / b.0)))
                .map(|(f, u)| (y / f, Some(u)))
        };
        // Tens of thousands only when no thousands, millions or billions
        // fit ("incomes over 50000" on incomes of 0.2 to 13.5).
        pick(&[
            (1e3, &units::THOUSANDS),
            (1e6, &units::MILLIONS),
            (1e9, &units::BILLIONS),
        ])
        .or_else(|| pick(&[(1e4, &units::TEN_THOUSANDS)]))
    }

    /// The value column `c` typically holds: the median of its profiled
    /// values when it lists them, else the middle of its range (geometric
    /// when it is all positive).
    fn typical(&self, c: usize) -> Option<f64> {
        let col = &self.ix.profile.columns[c];
        let mut vals: Vec<(f64, u64)> = col
            .values
            .iter()
            .filter_map(|v| v.value.parse::<f64>().ok().map(|x| (x, v.count)))
            .collect();
        if vals.len() >= 3 {
            vals.sort_by(|a, b| a.0.total_cmp(&b.0));
            let total: u64 = vals.iter().map(|v| v.1).sum();
            let mut seen = 0;
            for (x, n) in &vals {
                seen += n;
                if seen * 2 >= total {
                    return Some(*x);
                }
            }
        }
        let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
        let (lo, hi) = (bound(&col.min)?, bound(&col.max)?);
        Some(if lo > 0.0 {
            (lo * hi).sqrt()
        } else {
            (lo + hi) / 2.0
        })
    }

    /// Whether column `c`'s profiled range holds `v`.
    pub(super) fn holds(&self, c: usize, v: f64) -> bool {
        let col = &self.ix.profile.columns[c];
        let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
        bound(&col.min).is_some_and(|m| m <= v) && bound(&col.max).is_some_and(|m| m >= v)
    }
}

/// A one-letter magnitude after a currency amount ("$5 m", "£2 bn").
fn single_magnitude(w: &str) -> Option<f64> {
    match w {
        "k" => Some(1e3),
        "m" => Some(1e6),
        "b" => Some(1e9),
        "t" => Some(1e12),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::profile::{ColumnProfile, ColumnType, DatasetProfile};
    use crate::{Planner, Tier};

    fn col(name: &str, ty: ColumnType, min: &str, max: &str) -> ColumnProfile {
        ColumnProfile {
            name: name.to_string(),
            original_name: name.to_string(),
            ordinal: 1,
            ty,
            null_count: 0,
            distinct_count: 100,
            min: Some(min.to_string()),
            max: Some(max.to_string()),
            values: Vec::new(),
            full_text: false,
        }
    }

    fn births() -> Planner {
        let columns = vec![
            col("mother_age", ColumnType::Integer, "14", "45"),
            col("mother_weight_lb", ColumnType::Integer, "80", "250"),
            col("birth_weight_g", ColumnType::Integer, "709", "4990"),
            col("sales_usd_bn", ColumnType::Float, "0.01", "256"),
            col("height", ColumnType::Integer, "150", "200"),
        ];
        Planner::new(&DatasetProfile {
            table: "births".into(),
            fts_table: None,
            row_count: 189,
            id_column: None,
            columns,
        })
    }

    fn notes(q: &str) -> Vec<String> {
        births().plan(q, Tier::Default).notes
    }

    #[test]
    fn conversions_are_explained() {
        let n = notes("babies under 2.5 kg");
        assert!(
            n.iter()
                .any(|s| s == "'2.5 kg' read as 2500 g for birth_weight_g."),
            "{n:?}"
        );
        let n = notes("sales over $100bn");
        assert!(
            n.iter()
                .any(|s| s == "'$100bn' read as 100 billion USD for sales_usd_bn."),
            "{n:?}"
        );
        // A field of unknown unit: the unit its range holds.
        let n = notes("height over 1.8 m");
        assert!(
            n.iter().any(|s| s
                == "'1.8 m' read as 180 cm for height (its unit taken from the field's range of values)."),
            "{n:?}"
        );
        // The number as typed in the field's unit: nothing to explain.
        let n = notes("mothers under 110 lb");
        assert!(!n.iter().any(|s| s.contains("read as 110")), "{n:?}");
    }

    #[test]
    fn a_unit_no_field_measures_adds_nothing_and_says_so() {
        let plan = births().plan("over 30 °C", Tier::Default);
        assert!(plan.filters.is_empty());
        assert!(
            plan.notes.iter().any(|s| s
                == "'30 °C' is a temperature, and no field of this dataset holds one; no condition added."),
            "{:?}",
            plan.notes
        );
    }
}
