//! Pass 7, numbers: each unclaimed number with the comparator before it
//! ("over 500", "below age 30", "a greater weight than 10"), a range
//! ("between 10 and 20", "from 2010 to 2015"), trailing words ("500 or
//! more"), or a list ("aged 32 or 33"), becomes a condition on the field it
//! governs: named right after or before it, implied by the comparator, the
//! year column for a year, or the one numeric field whose range holds it.
//! A number with a unit (a quantity of pass 1c: "2.5 kg", "$100bn") takes a
//! field of the unit's dimension and is converted to the field's unit and
//! scale; when no field has that dimension it adds no condition, and says
//! so. Claims the phrase and attaches the field mention it took.

use super::claims::ClaimedBy;
use super::mentions::{FieldMention, OpMention};
use super::Ctx;
use crate::confidence;
use crate::lexicon::units::{convert, round_significant, Dimension, Unit};
use crate::lexicon::{
    introduces_year, is_field_glue, is_number_article, is_stopword, joins_range, precedes_year,
    split_comparative, Cmp, FieldGroup, TRAILING,
};
use crate::measure::Role;
use crate::note::Note;
use crate::plan::{CompareOp, Condition, Literal, MatchKind};
use crate::profile::{ColumnProfile, ColumnType};
use crate::text::{format_number, stem, words, TokenKind};

/// A number and the words around it that say what it asks.
#[derive(Clone)]
struct NumberPhrase {
    /// The number's token.
    at: usize,
    value: f64,
    percent: bool,
    /// The comparator before it, if any.
    op: Option<OpMention>,
    /// The field named between the comparator and the number ("below age
    /// 30").
    between_field: Option<usize>,
    cmp: Option<Cmp>,
    /// The upper bound of a range.
    hi: Option<f64>,
    /// Further numbers of a list ("32 or 33"), the first included.
    list: Vec<f64>,
    /// The token after the phrase.
    end: usize,
    /// The unit the numbers are written in ("2.5 kg"): `value`, `hi` and
    /// `list` are amounts of it.
    unit: Option<&'static Unit>,
    /// "40 years old": an age.
    age: bool,
    /// A magnitude multiplied the number ("5k", "200B").
    scaled: bool,
    /// No year: the dataset's years lie centuries away ("over 1000 men"
    /// in a table of 2005 to 2016).
    no_year: bool,
}

impl NumberPhrase {
    /// Where the phrase starts: its comparator, else the number.
    fn start(&self) -> usize {
        self.op.as_ref().map_or(self.at, |o| o.start)
    }

    /// A whole number, without a unit, that could be a year.
    /// "2k" is an amount: a number a magnitude multiplied never is one.
    fn year_like(&self) -> bool {
        self.unit.is_none()
            && !self.scaled
            && !self.no_year
            && self.value.fract() == 0.0
            && (1000.0..=2100.0).contains(&self.value)
    }
}

/// Whether `v` lies within the column's profiled range.
/// The values of a text column of numbered codes ("S05", "Q3", "ep 12",
/// "#7") with their numbers, when every value is one: a common letter
/// prefix and a number. `None` for any other column, or one whose values
/// the profile does not list whole.
pub(super) fn numbered_codes(col: &ColumnProfile) -> Option<Vec<(String, f64)>> {
    if col.values.len() < 2 || col.distinct_count as usize > col.values.len() {
        return None;
    }
    let mut prefix: Option<String> = None;
    let mut out = Vec::with_capacity(col.values.len());
    for v in &col.values {
        let text = v.value.trim();
        let digits = text.trim_start_matches(|c: char| !c.is_ascii_digit());
        let head = &text[..text.len() - digits.len()];
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || head.len() > 8
            || head.chars().any(|c| c.is_ascii_digit())
        {
            return None;
        }
        let head = head.trim().to_lowercase();
        if head.is_empty() || prefix.as_ref().is_some_and(|p| *p != head) {
            return None;
        }
        prefix = Some(head);
        out.push((v.value.clone(), digits.parse::<f64>().ok()?));
    }
    Some(out)
}

/// The values of a text column of numeric bands ("0-2500", "2500-5000",
/// "60+ per day", "<12 yrs", "under 18", "65 and over") with the range
/// each covers, when most listed values are one and at least two are
/// true ranges. `None` for any other column or one the profile does not
/// list whole. A comparison on such a column picks the bands wholly on
/// its side ("income under 5000" → '0-2500', '2500-5000').
pub(super) fn numeric_bands(col: &ColumnProfile) -> Option<Vec<(String, f64, f64)>> {
    if col.ty != ColumnType::Text
        || col.values.len() < 3
        || col.distinct_count as usize > col.values.len()
    {
        return None;
    }
    let out: Vec<(String, f64, f64)> = col
        .values
        .iter()
        .filter_map(|v| band_of(&v.value).map(|(lo, hi)| (v.value.clone(), lo, hi)))
        .collect();
    let ranges = out.iter().filter(|b| b.1 < b.2).count();
    (ranges >= 2 && out.len() * 3 >= col.values.len() * 2).then_some(out)
}

/// The range one band value covers: "20-29 per day" → 20..29, "60+" →
/// 60..∞, "<12 yrs" → −∞..12, "$25,000 to $49,999" → 25000..49999.
fn band_of(v: &str) -> Option<(f64, f64)> {
    // Interval notation, as R's `cut` writes it: "[50, 75)", "(0,10]",
    // "[100, Inf)".
    let t = v.trim();
    let bound = |x: &str| -> Option<f64> {
        match x.trim().to_lowercase().as_str() {
            "inf" | "+inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            n => n.parse().ok(),
        }
    };
    if t.len() >= 5 && t.starts_with(['[', '(']) && t.ends_with([']', ')']) {
        if let Some((Some(lo), Some(hi))) = t[1..t.len() - 1]
            .split_once(',')
            .map(|(a, b)| (bound(a), bound(b)))
        {
            return (lo < hi).then_some((lo, hi));
        }
    }
    let text = v.to_lowercase().replace([',', '$', '£', '€'], "");
    // The numbers and the words around them.
    let mut nums: Vec<(usize, usize, f64)> = Vec::new();
    let b = text.as_bytes();
    let mut k = 0;
    while k < b.len() {
        if b[k].is_ascii_digit() {
            let s = k;
            while k < b.len() && (b[k].is_ascii_digit() || b[k] == b'.') {
                k += 1;
            }
            nums.push((s, k, text[s..k].trim_end_matches('.').parse().ok()?));
        } else {
            k += 1;
        }
    }
    let before = |s: usize| text[..s].trim();
    let after = |e: usize| text[e..].trim();
    let starts_below = |t: &str| {
        t.ends_with('<')
            || ["under", "below", "less than", "fewer than", "up to", "lt"]
                .iter()
                .any(|w| t.ends_with(w))
    };
    let starts_above = |t: &str| {
        t.ends_with('>')
            || ["over", "above", "more than", "gt"]
                .iter()
                .any(|w| t.ends_with(w))
    };
    match nums[..] {
        [(s, e, x)] => {
            let (pre, post) = (before(s), after(e));
            if post.starts_with('+')
                || [
                    "or more",
                    "and over",
                    "and up",
                    "and above",
                    "or over",
                    "plus",
                ]
                .iter()
                .any(|w| post.starts_with(w))
                || starts_above(pre)
            {
                Some((x, f64::INFINITY))
            } else if starts_below(pre)
                || ["or less", "and under", "or fewer", "and below"]
                    .iter()
                    .any(|w| post.starts_with(w))
            {
                Some((f64::NEG_INFINITY, x))
            } else {
                None
            }
        }
        [(_, e1, x), (s2, _, y)] => {
            let between = text[e1..s2].trim();
            let joined = matches!(between, "-" | "–" | "to" | "and" | "—")
                || between.ends_with('-') && between.len() <= 4;
            (joined && x <= y && before(nums[0].0).len() <= 12).then_some((x, y))
        }
        _ => None,
    }
}

/// The condition on the text values a comparison picked ("S05", "2500-5000"):
/// equal to one or in several, negated by "not"; `None` when none.
fn picked_values(cmp: Cmp, picked: Vec<Literal>) -> Option<(CompareOp, Vec<Literal>)> {
    if picked.is_empty() {
        return None;
    }
    let op = match (cmp == Cmp::Ne, picked.len() == 1) {
        (true, true) => CompareOp::Ne,
        (true, false) => CompareOp::NotIn,
        (false, true) => CompareOp::Eq,
        (false, false) => CompareOp::In,
    };
    Some((op, picked))
}

fn in_range(col: &ColumnProfile, v: f64) -> bool {
    let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
    bound(&col.min).is_some_and(|m| m <= v) && bound(&col.max).is_some_and(|m| m >= v)
}

/// A column of years written with two digits: whole numbers from 0 to 99
/// named a year (`year` 92 … 99, `yronset`, `yearphd` 38 … 96).
pub(super) fn two_digit_years(col: &ColumnProfile) -> bool {
    let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
    let whole = col.ty == ColumnType::Integer
        || col.ty == ColumnType::Float
            && col
                .values
                .iter()
                .all(|x| x.value.parse::<f64>().is_ok_and(|f| f.fract() == 0.0));
    // `season` 1 … 21 of a show numbers its seasons: two-digit years
    // start far past a few (a season's year 85 … 99).
    let numbered_seasons = col.name.split('_').any(|w| w == "season")
        && !col
            .name
            .split('_')
            .any(|w| w != "season" && crate::lexicon::is_year_name_part(w))
        && bound(&col.min).is_some_and(|m| m < 30.0);
    whole
        && !numbered_seasons
        && (col.name.split('_').any(crate::lexicon::is_year_name_part)
            || col.name.starts_with("year") && !col.name.contains('_'))
        && bound(&col.min).is_some_and(|m| m >= 0.0)
        && bound(&col.max).is_some_and(|m| m <= 99.0)
}

impl Ctx<'_> {
    pub(super) fn number_conditions(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        while i < n {
            let Some(v) = self.toks[i].number() else {
                i += 1;
                continue;
            };
            if self.claims.is_claimed(i) {
                i += 1;
                continue;
            }
            // "pm2.5 over 35": digits after a word's dot ("pm2.5", "v1.2")
            // are part of a name, no number of their own.
            let start = self.toks[i].start;
            if i > 0
                && start >= 2
                && self.toks[i - 1].end + 1 == start
                && self.query.as_bytes()[start - 1] == b'.'
                && self.query.as_bytes()[start - 2].is_ascii_alphanumeric()
                && self.toks[i - 1]
                    .norm
                    .bytes()
                    .any(|b| b.is_ascii_alphabetic())
            {
                self.claims.claim_token(i, ClaimedBy::Number);
                i += 1;
                continue;
            }
            // "the 1978-79 season": a season is named by the year it starts.
            let mut season = false;
            if v.fract() == 0.0 && (1800.0..=2100.0).contains(&v) {
                if let Some(n) = self.toks.get(i + 1) {
                    let glued = n.start == self.toks[i].end + 1
                        && self.query[self.toks[i].end..n.start] == *"-"
                        && n.end - n.start == 2;
                    if glued
                        && n.number() == Some((v + 1.0) % 100.0)
                        && !self.claims.is_claimed(i + 1)
                    {
                        self.claims.claim_token(i + 1, ClaimedBy::Number);
                        season = true;
                    }
                }
            }
            let mut p = self.number_phrase(i, v);
            if season && p.end == i + 1 {
                p.end = i + 2;
            }
            // "500 doctors per 100k people": the denominator of a rate is
            // no number of its own; the rate's column is asked for.
            let per = self.rate_denominator(p.end);
            if let Some((from, to)) = per {
                self.claims.claim((from, to), ClaimedBy::Number);
            }
            // "1000 people per square mile": a density, on the field named
            // for one.
            if let Some((span, col)) = self.density_at(p.end) {
                self.claims.claim(span, ClaimedBy::Number);
                p.end = p.end.max(span.1);
                i = p.end;
                self.number_condition(&mut p, col, MatchKind::Inferred);
                continue;
            }
            self.hemisphere(&mut p);
            // "patients 80+" beside the flag `age80`: the flag.
            if let Some((c, yes)) = self.threshold_flag(&p) {
                let span = (p.start(), p.end);
                self.claims.claim(span, ClaimedBy::Number);
                i = p.end;
                self.flag_condition(c, span, !yes);
                continue;
            }
            // "cities with more than 5 companies": a count of records per
            // value, not a number of a field.
            if p.unit.is_none()
                && !p.percent
                && !p.scaled
                && p.list.len() <= 1
                && self.group_count((p.start(), p.end), p.cmp, p.value, p.hi)
            {
                i = p.end;
                continue;
            }
            // "under 3 out of 10": the field whose values run to 10.
            let (field, how) = match self.out_of_field(p.end) {
                Some(c) => {
                    self.claims.claim((p.end, p.end + 3), ClaimedBy::Number);
                    p.end += 3;
                    // "7 out of 10 or better".
                    if let Some((cmp, len)) = self.trailing_at(p.end) {
                        self.claims.claim((p.end, p.end + len), ClaimedBy::Number);
                        p.cmp = Some(cmp);
                        p.end += len;
                    }
                    (Some(c), MatchKind::Inferred)
                }
                None => self.number_field(&mut p),
            };
            // "chicks over 300 g": an amount of a dimension goes to the one
            // field of that dimension, not to a field named beside it that
            // measures nothing (`chick`, the bird's number).
            // ("average ticks above 450 m": a count named by a plural,
            // `ticks`, measures no length either; `height` does.)
            let names_rows = |c: usize| {
                let name = self.ix.column_name(c);
                let plural = !name.contains('_')
                    && name.len() >= 4
                    && name.ends_with('s')
                    && crate::text::stem(name) != name;
                self.unasked_identifier(c)
                    || self.ix.column_type(c) == ColumnType::Integer
                        && (plural || self.ix.row_nouns.contains(&crate::text::stem(name)))
            };
            let (field, how) = match (field, p.unit) {
                (Some(c), Some(u))
                    if !u.generic && self.ix.measures[c].dim.is_none() && names_rows(c) =>
                {
                    let mut of_dim: Vec<usize> = (0..self.ix.profile.columns.len())
                        .filter(|&o| self.ix.measures[o].dim == Some(u.dim))
                        .collect();
                    // (`height` beside `c_height`, centred: the one that
                    // holds the amount.)
                    if of_dim.len() > 1 {
                        of_dim.retain(|&o| in_range(&self.ix.profile.columns[o], p.value));
                    }
                    match of_dim[..] {
                        [o] => (Some(o), MatchKind::Inferred),
                        _ => (Some(c), how),
                    }
                }
                _ => (field, how),
            };
            i = p.end;
            // The rate beside a count named alike (`rate_beds` of
            // `num_beds`); a field with no rate beside it may hold the rate
            // itself (`murder` per 100,000).
            let field = match (field, per) {
                (Some(c), Some(_)) => Some(self.rate_sibling(c).unwrap_or(c)),
                (f, _) => f,
            };
            // "age groups over 10 million people": a number a thousand times
            // past everything a field holds (a band of ages, 0 to 100) is
            // not its; the one field whose range holds it is.
            let (field, how) = match field {
                Some(c) if p.unit.is_none() && self.far_past(c, p.value) => {
                    match self.field_by_range(p.value, p.scaled) {
                        Some(other) if other != c => (Some(other), MatchKind::Inferred),
                        _ => (Some(c), how),
                    }
                }
                _ => (field, how),
            };
            // "under 1000 sq ft" where no field is an area: the field of
            // unknown measure named for a size that holds the amount.
            let (field, how) = match (field, p.unit) {
                (None, Some(u)) => match self.size_field(u, p.value) {
                    Some(c) => (Some(c), MatchKind::Inferred),
                    None => (None, how),
                },
                _ => (field, how),
            };
            // "days when it got below 0°f", "gusts over 50 mph": of a
            // temperature's or a speed's lowest, average and highest, the
            // lowest is what falls below, the highest what rises above.
            let field = field.map(|c| self.extreme_of(c, &p).unwrap_or(c));
            // "city mileage under 15 mpg": the unit names `comb_mpg`, but a
            // word just before names its sibling `city_mpg`.
            let field = field.map(|c| {
                let words = &self.ix.column_words[c];
                self.fields
                    .iter()
                    .filter(|f| f.end <= p.start() && p.start() - f.end <= 3)
                    .filter(|f| !self.claims.is_field_attached(f.start))
                    // A mention of the sibling alone, not one of several.
                    .filter(|f| f.columns.len() == 1)
                    .map(|f| f.columns[0].0)
                    .find(|&o| {
                        o != c
                            && self.ix.column_type(o).is_numeric()
                            && self.ix.column_words[o].len() >= 2
                            && self.ix.column_words[o].iter().any(|w| words.contains(w))
                            && self.holds(o, p.value)
                    })
                    .unwrap_or(c)
            });
            // "sodium in the 60-90 cm layer": a length said of a layer or a
            // depth goes to the column of bands named for lengths.
            let of_depth = self.toks.iter().any(|t| {
                matches!(
                    t.stem.as_str(),
                    "layer"
                        | "deep"
                        | "deeper"
                        | "deepest"
                        | "depth"
                        | "shallow"
                        | "shallower"
                        | "surface"
                )
            });
            let field = match (field, p.unit) {
                (Some(c), Some(u)) if of_depth => match self.band_field(u, &p) {
                    Some((b, true)) => Some(b),
                    _ => Some(c),
                },
                (f, _) => f,
            };
            // "posted reserves in 1997" of `posted_reserve97`: the year the
            // field's name ends with names it; it is no value of it.
            if let Some(col) = field.filter(|&c| p.cmp.is_none() && self.year_of_name(c, &p)) {
                let (start, end) = (p.start(), p.end);
                self.claims.claim((start, end), ClaimedBy::Number);
                let _ = col;
                continue;
            }
            // "scoring 500+ on sat math" of `mth500` (shares of 0 to
            // 100): the number the field's name holds, out of its values'
            // range, names the field; it is no value of it.
            if let Some(col) = field.filter(|&c| {
                let name = self.ix.column_name(c);
                let digits: String = name
                    .chars()
                    .skip_while(|ch| !ch.is_ascii_digit())
                    .take_while(char::is_ascii_digit)
                    .collect();
                p.unit.is_none()
                    && p.hi.is_none()
                    && !p.year_like()
                    && digits.len() >= 2
                    && digits.parse::<f64>().ok() == Some(p.value)
                    && !in_range(&self.ix.profile.columns[c], p.value)
            }) {
                let (start, end) = (p.start(), p.end);
                self.claims.claim((start, end), ClaimedBy::Number);
                let _ = col;
                continue;
            }
            // "more than 3 police per 100 residents" of `polpc` (0.0007 to
            // 0.009): a rate said per a count of people on a field that
            // holds it per person, a fraction, is divided by the count.
            if let (Some(col), Some((from, _))) = (field, per) {
                let per_count = self.toks.get(from + 1).and_then(|t| t.number()).map(|n| {
                    let scale = match self.toks.get(from + 2).map(|t| t.norm.as_str()) {
                        Some("k" | "thousand") => 1e3,
                        Some("m" | "million") => 1e6,
                        _ => 1.0,
                    };
                    n * scale
                });
                let col_p = &self.ix.profile.columns[col];
                let max = col_p.max.as_deref().and_then(|m| m.parse::<f64>().ok());
                if let (Some(n), Some(max)) = (per_count, max) {
                    if n >= 10.0 && max <= 1.0 && p.value > max && p.value / n <= 1.0 {
                        p.value /= n;
                        p.hi = p.hi.map(|h| h / n);
                        p.list.iter_mut().for_each(|x| *x /= n);
                    }
                }
            }
            if let Some(col) = field {
                let asked = p.clone();
                self.number_condition(&mut p, col, how);
                // "at least 15 in both composition and drawing": the same
                // condition on each field of the list.
                for other in self.coordinated_fields(col, (asked.start(), p.end)) {
                    let mut q = asked.clone();
                    self.number_condition(&mut q, other, how);
                }
            } else if let Some(col) = p
                .unit
                .filter(|u| u.dim == Dimension::Duration)
                .and_then(|_| self.clock_text_column(p.start()))
            {
                // "winning times under 2 hours 10 minutes" over race times
                // written "02:09:37".
                self.clock_text_condition(&p, col);
            } else if let Some(col) = p
                .unit
                .filter(|u| u.dim == Dimension::Speed)
                .and_then(|_| self.limit_field(p.end))
            {
                // "a 55 mph limit" of `slim`, `spdlim`.
                self.number_condition(&mut p, col, MatchKind::Inferred);
            } else if let Some((col, _)) = p.unit.and_then(|u| self.band_field(u, &p)) {
                // "the 0-10 cm layer", "deeper than 30 cm" over depths
                // written as bands ("0-10", "30-60").
                self.number_condition(&mut p, col, MatchKind::Inferred);
            } else if let Some(col) = p
                .unit
                .and_then(|_| p.hi.is_none().then(|| self.numbered_code_field(p.value)))
                .flatten()
            {
                // "60 month loans" over `term` 'term_36', 'term_60': no field
                // holds the unit, one field of numbered codes the number.
                self.number_condition(&mut p, col, MatchKind::Inferred);
            } else if let Some(col) = p
                .unit
                .filter(|u| {
                    u.dim == Dimension::Duration
                        && p.cmp.is_none()
                        && p.hi.is_none()
                        && !p.scaled
                        && !p.no_year
                        && p.value.fract() == 0.0
                        && (1000.0..=2100.0).contains(&p.value)
                })
                .and_then(|_| self.year_column_at((p.at, p.at + 1)))
                .filter(|&c| self.holds_year(c, p.value))
            {
                // "1962 days without a limit" where no field holds a
                // duration: the year the year column holds, not 1962 days.
                p.unit = None;
                self.number_condition(&mut p, col, MatchKind::Inferred);
            } else if let Some(unit) = p.unit {
                // "2.5 kg" where no field is a mass.
                let (start, end) = (p.start(), p.end);
                self.claims.claim((start, end), ClaimedBy::Number);
                self.note(Note::NoFieldForUnit {
                    source: self.span_text(p.at, end),
                    dimension: unit.dim.noun().to_string(),
                });
            }
        }
    }

    /// Whether `v` lies a thousand times past the largest bound of a text
    /// field of numbered bands ('0-4', '100+'), and is 10,000 or more. (A
    /// number field may hold its amounts in thousands or millions:
    /// "population under 500,000" of `population` 0.1 to 9.2.)
    fn far_past(&self, c: usize, v: f64) -> bool {
        let col = &self.ix.profile.columns[c];
        let max = if col.ty != ColumnType::Text {
            return false;
        } else {
            // A text field of numbered bands ('0-4', '100+'), listed whole:
            // the largest number written in it.
            if col.values.is_empty() || col.distinct_count as usize > col.values.len() {
                return false;
            }
            let mut max = f64::MIN;
            for v in &col.values {
                let nums: Vec<f64> = v
                    .value
                    .split(|ch: char| !ch.is_ascii_digit() && ch != '.')
                    .filter_map(|s| s.parse::<f64>().ok())
                    .collect();
                if nums.is_empty() {
                    return false;
                }
                max = nums.into_iter().fold(max, f64::max);
            }
            max
        };
        v >= 10_000.0 && max > 0.0 && v > max * 1000.0
    }

    /// "more than 40 accidents" of a dataset named for accidents
    /// (`swedish_speed_limit_accidents`) whose records are days: a number
    /// followed by a word of the dataset's name that no field is named by
    /// counts what the name says, and the dataset's one field named as a
    /// bare count or response (`y`, `n`, `count`, `freq`) holds it.
    fn response_count(&self, p: &NumberPhrase) -> Option<usize> {
        if p.unit.is_some() || p.percent || p.value < 0.0 {
            return None;
        }
        let t = self.toks.get(p.end).filter(|t| t.is_word())?;
        if !self.ix.row_nouns.contains(&t.stem) || self.fields.iter().any(|f| f.start == p.end) {
            return None;
        }
        let c = self.response_count_column()?;
        in_range(&self.ix.profile.columns[c], p.value).then_some(c)
    }

    /// The dataset's one number field named as a bare count or response
    /// (`y`, `n`, `count`, `freq`).
    pub(super) fn response_count_column(&self) -> Option<usize> {
        let counts: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                self.ix.column_type(c).is_numeric()
                    && self.yes_value(c).is_none()
                    && matches!(
                        self.ix.column_name(c),
                        "y" | "n" | "count" | "counts" | "cnt" | "freq" | "frequency"
                    )
            })
            .collect();
        let [c] = counts[..] else {
            return None;
        };
        Some(c)
    }

    /// The one text column of numbered codes (`term_36`, `term_60`) one of
    /// whose codes carries the number `v`.
    fn numbered_code_field(&self, v: f64) -> Option<usize> {
        let mut found = None;
        for (c, col) in self.ix.profile.columns.iter().enumerate() {
            if col.ty != ColumnType::Text {
                continue;
            }
            if numbered_codes(col).is_some_and(|codes| codes.iter().any(|(_, n)| *n == v)) {
                if found.is_some() {
                    return None;
                }
                found = Some(c);
            }
        }
        found
    }

    /// A text column of durations written as a clock ("02:09:37",
    /// "1:05:00"): the one the phrase names, else the only one.
    fn clock_text_column(&self, at: usize) -> Option<usize> {
        let clock = |v: &str| {
            let parts: Vec<&str> = v.split(':').collect();
            (2..=3).contains(&parts.len())
                && parts[0].len() <= 2
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && parts[1..].iter().all(|p| p.len() == 2)
        };
        let cols: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                let col = &self.ix.profile.columns[c];
                col.ty == ColumnType::Text
                    && col.min.as_deref().is_some_and(clock)
                    && col.max.as_deref().is_some_and(clock)
                    && col.values.iter().all(|v| clock(&v.value))
            })
            .collect();
        let named = self
            .fields
            .iter()
            .filter(|f| f.end <= at + 1 || f.start >= at)
            .flat_map(|f| f.columns.iter().map(|c| c.0))
            .find(|c| cols.contains(c));
        named.or(match cols[..] {
            [c] => Some(c),
            _ => None,
        })
    }

    /// The duration of `p` compared on a text column of clock durations,
    /// written as its values are (hours padded to two digits when they
    /// are), which compare as text.
    fn clock_text_condition(&mut self, p: &NumberPhrase, col: usize) {
        let Some(unit) = p.unit else {
            return;
        };
        let column = &self.ix.profile.columns[col];
        let sample = column.min.clone().unwrap_or_default();
        let padded = sample.split(':').next().is_some_and(|h| h.len() == 2);
        let seconds = sample.split(':').count() == 3;
        let text = |x: f64| {
            let total = convert(x, unit, &crate::lexicon::units::SECOND).round() as i64;
            let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60);
            let h = if padded {
                format!("{h:02}")
            } else {
                h.to_string()
            };
            if seconds {
                format!("{h}:{m:02}:{s:02}")
            } else {
                format!("{h}:{m:02}")
            }
        };
        let (op, values) = match p.cmp {
            Some(Cmp::Between) if p.hi.is_some() => (
                CompareOp::Between,
                vec![
                    Literal::Text(text(p.value)),
                    Literal::Text(text(p.hi.unwrap_or(p.value))),
                ],
            ),
            Some(Cmp::Gt | Cmp::After) => (CompareOp::Gt, vec![Literal::Text(text(p.value))]),
            Some(Cmp::Ge | Cmp::Since) => (CompareOp::Ge, vec![Literal::Text(text(p.value))]),
            Some(Cmp::Lt | Cmp::Before) => (CompareOp::Lt, vec![Literal::Text(text(p.value))]),
            Some(Cmp::Le) => (CompareOp::Le, vec![Literal::Text(text(p.value))]),
            _ => return,
        };
        let (start, end) = (p.start(), p.end);
        self.claims.claim((start, end), ClaimedBy::Number);
        let source = self.span_text(start, end);
        self.push_condition(
            (start, end),
            Condition {
                field: self.ix.column_name(col).to_string(),
                op,
                values,
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::INFERRED,
            },
        );
    }

    /// The lowest or highest sibling of column `c` (`temp_min`, `temp_max`
    /// beside `temp_avg`; `gust_max` beside `gust`) that a comparison
    /// below or above asks of a temperature or a speed, when the phrase
    /// names no minimum, average or maximum itself.
    fn extreme_of(&self, c: usize, p: &NumberPhrase) -> Option<usize> {
        let m = &self.ix.measures[c];
        if !matches!(m.dim, Some(Dimension::Temperature | Dimension::Speed)) {
            return None;
        }
        let said = self.toks.iter().any(|t| {
            matches!(
                t.norm.as_str(),
                "average"
                    | "avg"
                    | "mean"
                    | "min"
                    | "max"
                    | "minimum"
                    | "maximum"
                    | "lowest"
                    | "highest"
                    | "low"
                    | "high"
                    | "typical"
            )
        });
        let want = match p.cmp? {
            Cmp::Lt | Cmp::Le => "min",
            Cmp::Gt | Cmp::Ge => "max",
            _ => return None,
        };
        // "above 30 and below 35": one field's range, not two fields.
        let both_ways = self.ops.iter().any(|o| matches!(o.cmp, Cmp::Lt | Cmp::Le))
            && self.ops.iter().any(|o| matches!(o.cmp, Cmp::Gt | Cmp::Ge));
        if said || both_ways || p.hi.is_some() {
            return None;
        }
        let name = self.ix.column_name(c);
        let parts: Vec<&str> = name.split('_').collect();
        let base: Vec<&str> = parts
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "min" | "max" | "avg" | "mean"))
            .collect();
        if base.is_empty() || parts.contains(&want) {
            return None;
        }
        // `temp_avg` named by its whole name stays.
        let named_whole = base.len() < parts.len()
            && self.fields.iter().any(|f| {
                f.columns
                    .iter()
                    .any(|x| x.0 == c && x.1 == crate::index::AliasKind::Full)
            });
        if named_whole {
            return None;
        }
        let stem = base.join("_");
        [format!("{stem}_{want}"), format!("{want}_{stem}")]
            .iter()
            .find_map(|n| (0..self.ix.profile.columns.len()).find(|&k| self.ix.column_name(k) == n))
            .filter(|&k| k != c && self.ix.measures[k].dim == m.dim)
    }

    /// Whether the number of `p` is a year that column `c`'s name ends
    /// with (`posted_reserve97` and 1997, `pop2010` and 2010).
    fn year_of_name(&self, c: usize, p: &NumberPhrase) -> bool {
        let v = p.value;
        if !p.year_like() || p.list.len() > 1 || p.hi.is_some() || v.fract() != 0.0 {
            return false;
        }
        let name = self.ix.column_name(c);
        let digits = name.len() - name.bytes().rev().take_while(u8::is_ascii_digit).count();
        let tail = &name[digits..];
        let year = v as i64;
        digits > 0
            && (tail.len() == 4 && tail == year.to_string()
                || tail.len() == 2 && tail == format!("{:02}", year % 100))
    }

    /// The other fields of a list the number's field `col` is in, when
    /// the list says the number holds for each: "in both composition and
    /// drawing", "composition and drawing both over 15", "height and
    /// weight each above 50". Fields joined by "and" (or commas), of the same
    /// kind as `col` (ordered numbers), no other word between them, the
    /// list right before or after the number's phrase `span`.
    fn coordinated_fields(&self, col: usize, span: (usize, usize)) -> Vec<usize> {
        // Of the same kind: ordered numbers measuring alike, no flags.
        let numeric = |c: usize| {
            self.is_ordered(c)
                && self.ix.column_type(c).is_numeric()
                && self.ix.measures[c].role != Role::NotAMeasure
                && self.ix.measures[c].dim == self.ix.measures[col].dim
        };
        let Some(at) = self
            .fields
            .iter()
            .position(|f| f.columns.first().is_some_and(|c| c.0 == col))
        else {
            return Vec::new();
        };
        // The run of mentions joined by "and"/"," around the field's.
        let joined = |a: &FieldMention, b: &FieldMention| {
            a.end < b.start
                && (a.end..b.start).all(|k| matches!(self.norm(k), "and" | "," | "&"))
                && b.start - a.end <= 2
        };
        let mut order: Vec<&FieldMention> = self.fields.iter().collect();
        order.sort_by_key(|f| f.start);
        let Some(k) = order
            .iter()
            .position(|f| std::ptr::eq(*f, &self.fields[at]))
        else {
            return Vec::new();
        };
        let (mut lo, mut hi) = (k, k);
        while lo > 0 && joined(order[lo - 1], order[lo]) {
            lo -= 1;
        }
        while hi + 1 < order.len() && joined(order[hi], order[hi + 1]) {
            hi += 1;
        }
        if lo == hi {
            return Vec::new();
        }
        let (first, last) = (order[lo].start, order[hi].end);
        // "both" or "each" before the list or after it, or the list right
        // against the number's phrase.
        let said_each = first > 0 && matches!(self.norm(first - 1), "both" | "each")
            || matches!(
                self.toks.get(last).map(|t| t.norm.as_str()),
                Some("both" | "each")
            );
        let beside =
            last == span.0 || last + 1 == span.0 && matches!(self.norm(last), "both" | "each");
        let after = first == span.1
            || first >= 2 && first - 2 == span.1 && matches!(self.norm(first - 1), "both" | "each");
        if !(said_each && (beside || after || first == span.1 + 1)) {
            return Vec::new();
        }
        order[lo..=hi]
            .iter()
            .filter_map(|f| f.columns.first().map(|c| c.0))
            .filter(|&c| c != col && numeric(c))
            .filter(|&c| !self.has_filter_on(self.ix.column_name(c)))
            .collect()
    }

    /// The field of unknown measure an area of `unit` names when no field
    /// is an area: one named for a size (`size`, `area`, `living`; for
    /// acres and hectares `lot`, `land`, `acreage`) whose values hold the
    /// amount `x`, as said, converted or in thousands.
    fn size_field(&self, unit: &'static Unit, x: f64) -> Option<usize> {
        if unit.dim != Dimension::Area || unit.generic {
            return None;
        }
        let cols: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                let m = &self.ix.measures[c];
                m.dim.is_none()
                    && m.role == Role::Measure
                    && self.ix.column_type(c).is_numeric()
                    && self.size_named(c, unit)
                    // As said or in thousands of it, not converted to
                    // another unit the range happens to fit.
                    && self.stored_amount(c, x, unit).is_some_and(|(y, g)| {
                        self.holds(c, y)
                            && g.is_none_or(|g| std::ptr::eq(g, &crate::lexicon::units::THOUSANDS))
                    })
            })
            .collect();
        (cols.len() == 1).then(|| cols[0])
    }

    /// The one number field whose name holds "lim" when the word after
    /// `k` is "limit" ("a 55 mph limit" of `slim`).
    fn limit_field(&self, k: usize) -> Option<usize> {
        if !self
            .toks
            .get(k)
            .is_some_and(|t| t.norm == "limit" || t.norm == "limits")
        {
            return None;
        }
        let found: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                self.ix.column_type(c).is_numeric() && self.ix.column_name(c).contains("lim")
            })
            .collect();
        (found.len() == 1).then(|| found[0])
    }

    /// The text column of numeric bands ("0-10", "30-60") a number said
    /// in `unit` is about when no numeric field holds one: the one whose
    /// name is a word of the unit's dimension (`depth` for centimetres),
    /// else the only column of bands when the number is one of its
    /// bounds; and whether its name said the dimension.
    fn band_field(&self, unit: &'static Unit, p: &NumberPhrase) -> Option<(usize, bool)> {
        let words: &[&str] = match unit.dim {
            Dimension::Length => &[
                "depth", "length", "height", "width", "distance", "size", "layer",
            ],
            Dimension::Duration => &["age", "duration", "time", "tenure", "period"],
            Dimension::Mass => &["weight", "mass"],
            Dimension::Temperature => &["temperature", "temp"],
            _ => &[],
        };
        type Bands = Vec<(String, f64, f64)>;
        let bands: Vec<(usize, Bands)> = (0..self.ix.profile.columns.len())
            .filter_map(|c| numeric_bands(&self.ix.profile.columns[c]).map(|b| (c, b)))
            .collect();
        let named: Vec<usize> = bands
            .iter()
            .filter(|(c, _)| {
                self.ix
                    .column_name(*c)
                    .split('_')
                    .any(|w| words.contains(&w))
            })
            .map(|b| b.0)
            .collect();
        if named.len() == 1 {
            return Some((named[0], true));
        }
        let [(c, b)] = bands.as_slice() else {
            return None;
        };
        b.iter()
            .any(|(_, lo, hi)| *lo == p.value || *hi == p.value)
            .then_some((*c, false))
    }

    /// "per 100k people", "per 100,000 residents", "per capita" within
    /// four words after `k` (the number's phrase end): the span from
    /// "per" to the end of its count (its magnitude too) and the one noun
    /// after it.
    fn rate_denominator(&self, k: usize) -> Option<(usize, usize)> {
        let free = |j: usize| j < self.toks.len() && !self.claims.is_claimed(j);
        let from = (k..(k + 4).min(self.toks.len()))
            .take_while(|&j| self.toks[j].is_word())
            .find(|&j| self.word_at(j, "per") && free(j))?;
        let next = self.toks.get(from + 1)?;
        if !free(from + 1) {
            return None;
        }
        let mut to = if next.norm == "capita" || next.number().is_some_and(|v| v >= 10.0) {
            from + 2
        } else {
            return None;
        };
        // "100k": the magnitude the quantities pass claimed.
        while to < self.toks.len() && self.claims.claimed_by(to) == Some(ClaimedBy::Unit) {
            to += 1;
        }
        // "people", "residents": the noun counted, not "in" of "per
        // capita in 2010".
        if free(to)
            && self.toks[to].is_word()
            && !crate::lexicon::is_stopword(self.norm(to))
            && self.field_match_at(to).is_none()
        {
            to += 1;
        }
        Some((from, to))
    }

    /// "per square mile", "per km²", "per acre" within four words after
    /// `k`, and the one field named for a density (`density`,
    /// `pop_dens`): the span from the number's phrase end to the unit's
    /// end, and the field.
    fn density_at(&self, k: usize) -> Option<((usize, usize), usize)> {
        let free = |j: usize| j < self.toks.len() && !self.claims.is_claimed(j);
        let from = (k..(k + 4).min(self.toks.len()))
            .take_while(|&j| self.toks[j].is_word())
            .find(|&j| self.word_at(j, "per") && free(j))?;
        let w = |j: usize| self.toks.get(j).map_or("", |t| t.norm.as_str());
        let len = match (w(from + 1), w(from + 2)) {
            (
                "square" | "sq",
                "mile" | "mi" | "km" | "kilometre" | "kilometer" | "metre" | "meter" | "m" | "foot"
                | "ft",
            ) => 2,
            ("km2" | "km²" | "mi2" | "sqmi" | "sqkm" | "acre" | "hectare" | "ha", _) => 1,
            _ => return None,
        };
        let dens: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                self.is_ordered(c)
                    && self
                        .ix
                        .column_name(c)
                        .split('_')
                        .any(|p| matches!(p, "density" | "dens" | "popdens" | "pop_density"))
            })
            .collect();
        match dens[..] {
            [c] => Some(((k, from + 1 + len), c)),
            _ => None,
        }
    }

    /// Whether `c` is named for a rate (`rate_beds`, `dthrte90`'s parts
    /// aside: a part `rate`, `per`, `pc`, `capita`, `ratio`).
    fn is_rate(&self, c: usize) -> bool {
        self.ix
            .column_name(c)
            .split('_')
            .any(|p| RATE_WORDS.contains(&p))
    }

    /// The column of a rate named like the count `c` names: `rate_beds`
    /// beside `num_beds`, `ssi_rate` beside `ssi_num`. `None` when `c` is a
    /// rate already or no column is its rate.
    fn rate_sibling(&self, c: usize) -> Option<usize> {
        const COUNT: &[&str] = &[
            "num", "n", "no", "nb", "count", "cnt", "number", "total", "tot",
        ];
        let parts = |c: usize| -> Vec<&str> { self.ix.column_name(c).split('_').collect() };
        if self.is_rate(c) {
            return None;
        }
        let core = |c: usize, drop: &[&str]| -> Vec<String> {
            parts(c)
                .into_iter()
                .filter(|p| !drop.contains(p))
                .map(str::to_string)
                .collect()
        };
        let want = core(c, COUNT);
        (0..self.ix.profile.columns.len()).find(|&d| {
            d != c && self.is_ordered(d) && self.is_rate(d) && core(d, RATE_WORDS) == want
        })
    }

    /// The column that ends the span `c` begins: `end_year` of
    /// `start_year`, `last_seen` of `first_seen`.
    fn end_sibling(&self, c: usize) -> Option<usize> {
        let name = self.ix.column_name(c);
        let parts: Vec<&str> = name.split('_').collect();
        let swap = |w: &str| match w {
            "start" => Some("end"),
            "begin" => Some("end"),
            "first" => Some("last"),
            "from" => Some("to"),
            _ => None,
        };
        let at = parts.iter().position(|w| swap(w).is_some())?;
        let mut other = parts.clone();
        other[at] = swap(parts[at])?;
        let other = other.join("_");
        (0..self.ix.profile.columns.len()).find(|&o| self.ix.column_name(o) == other)
    }

    /// A text field of age bands ("<25", "25-29", ">35") named for age,
    /// when no number field is: "drivers over 35" picks its bands.
    pub(super) fn age_band_column(&self) -> Option<usize> {
        self.text_columns_named(|w| matches!(w, "age" | "ages" | "agegroup" | "ageband"))
            .find(|&c| numeric_bands(&self.ix.profile.columns[c]).is_some())
    }

    /// The field a score's scale names: "out of N" at `k`, and the one
    /// numeric field (no flag, no identifier) whose largest value is N, or
    /// else the one whose values all fall within N and reach most of it.
    fn out_of_field(&self, k: usize) -> Option<usize> {
        let free = |j: usize| j < self.toks.len() && !self.claims.is_claimed(j);
        if !(free(k) && free(k + 1) && free(k + 2))
            || self.norm(k) != "out"
            || self.norm(k + 1) != "of"
        {
            return None;
        }
        let n = self.toks[k + 2].number()?;
        let bound = |b: &Option<String>| b.as_deref().and_then(|v| v.parse::<f64>().ok());
        let scored = |near: bool| -> Vec<usize> {
            self.ix
                .ordered_columns()
                .filter(|&c| {
                    let col = &self.ix.profile.columns[c];
                    let max = bound(&col.max);
                    col.ty.is_numeric()
                        && self.yes_value(c).is_none()
                        && !self.unasked_identifier(c)
                        && bound(&col.min).is_some_and(|m| m >= 0.0)
                        && if near {
                            max.is_some_and(|m| m <= n && m >= 0.8 * n)
                        } else {
                            max == Some(n)
                        }
                })
                .collect()
        };
        match scored(false)[..] {
            [c] => Some(c),
            [] => match scored(true)[..] {
                [c] => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// Reads the comparator, range, trailing words and list of the number
    /// at token `i`; claims trailing words.
    fn number_phrase(&mut self, i: usize, v: f64) -> NumberPhrase {
        let (op, between_field) = self.number_comparator(i);
        let q = self.quantity(i).cloned();
        let value = q.as_ref().map_or(v, |q| q.amount);
        let mut p = NumberPhrase {
            at: i,
            value,
            percent: matches!(self.toks[i].kind, TokenKind::Number { percent: true, .. }),
            cmp: op.as_ref().map(|o| o.cmp),
            op,
            between_field,
            hi: None,
            list: vec![value],
            end: q
                .as_ref()
                .map_or_else(|| self.past_unit_words(i + 1), |q| q.end),
            unit: q.as_ref().map(|q| q.unit),
            age: q.as_ref().is_some_and(|q| q.age),
            scaled: matches!(self.toks[i].kind, TokenKind::Number { scaled: true, .. }),
            no_year: false,
        };
        p.no_year = self.years_far_from(value);
        if q.as_ref().is_some_and(|q| q.or_more) {
            p.cmp = Some(Cmp::Ge); // "8+ miles"
        }
        // "older than 500,000 years": years an age comparative asks are an
        // age.
        if p.unit.is_some_and(|u| u.dim == Dimension::Duration)
            && p.op
                .as_ref()
                .is_some_and(|o| o.implies == Some(FieldGroup::Age))
        {
            p.age = true;
        }
        self.number_range(&mut p);
        // "500 or more"
        if let Some((c, len)) = self.trailing_at(p.end) {
            p.cmp = Some(c);
            self.claims.claim((p.end, p.end + len), ClaimedBy::Number);
            p.end += len;
        } else if p.unit.is_none()
            && p.end < self.toks.len()
            && self.toks[p.end].is_word()
            && !self.claims.is_claimed(p.end)
            && self.field_match_at(p.end).is_none()
        {
            // "5 ghz or higher": past a unit the lexicon does not know.
            if let Some((c, len)) = self.trailing_at(p.end + 1) {
                p.cmp = Some(c);
                self.claims
                    .claim((p.end + 1, p.end + 1 + len), ClaimedBy::Number);
            }
        }
        // "aged 32 or 33": a list of numbers; "genotypes 34, 35 and 36",
        // "34 35 and 36": numbers one after another, closed by "and" or
        // "or" before the last.
        if matches!(p.cmp, None | Some(Cmp::Eq)) {
            let n = self.toks.len();
            let free_number = |k: usize| {
                (k < n && !self.claims.is_claimed(k))
                    .then(|| self.toks[k].number())
                    .flatten()
            };
            let mut end = p.end;
            let mut bare = Vec::new();
            while let Some(x) = free_number(end).filter(|_| p.unit.is_none()) {
                bare.push(x);
                end += 1;
            }
            if !bare.is_empty()
                && end + 1 < n
                && (self.word_at(end, "or") || self.word_at(end, "and"))
                && free_number(end + 1).is_some()
            {
                p.list.extend(bare);
                p.end = end;
            }
            while p.end + 1 < n && (self.word_at(p.end, "or") || self.word_at(p.end, "and")) {
                match self.toks[p.end + 1].number() {
                    Some(x) if !self.claims.is_claimed(p.end + 1) => {
                        p.list.push(x);
                        p.end += 2;
                    }
                    _ => break,
                }
            }
        }
        p
    }

    /// The comparator right before the number at `i` ("over 5", "over
    /// about 5"), or before the field before it ("below age 30", with that
    /// field), or a comparative apart from its "than" ("a greater weight
    /// than 10", with the field between).
    fn number_comparator(&self, i: usize) -> (Option<OpMention>, Option<usize>) {
        let ops = &self.ops;
        let op = ops
            .iter()
            .find(|o| o.end == i || (o.end + 1 == i && is_number_article(self.norm(o.end))))
            .cloned();
        if op.is_some() {
            return (op, None);
        }
        if let Some(f) = self.fields.iter().find(|f| f.end == i) {
            if let Some(o) = ops.iter().find(|o| o.end == f.start) {
                let field = f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0);
                return (Some(o.clone()), field);
            }
        }
        if i > 1 && self.word_at(i - 1, "than") {
            for k in (i.saturating_sub(6)..i - 1).rev() {
                if let Some(c) = split_comparative(self.norm(k)) {
                    let op = OpMention {
                        start: k,
                        end: i,
                        cmp: c,
                        implies: None,
                        graded: None,
                    };
                    let field = self
                        .fields
                        .iter()
                        .filter(|f| f.start > k && f.end < i)
                        .find_map(|f| f.columns.iter().find(|c| self.is_ordered(c.0)).map(|c| c.0));
                    return (Some(op), field);
                }
            }
        }
        (None, None)
    }

    /// "between 1 and 2 hours", "0-10 cm": the unit after a range's
    /// second number (at `k`) is the first's too.
    fn upper_quantity(&self, p: &mut NumberPhrase, k: usize) {
        if let Some(q) = self.quantity(k) {
            match p.unit {
                Some(u) => p.hi = Some(convert(q.amount, q.unit, u)),
                None => {
                    p.unit = Some(q.unit);
                    p.hi = Some(q.amount);
                }
            }
            p.end = q.end;
        }
    }

    /// "between 10 and 20", "from 2010 to 2015", "10 to 20"; "from 1990"
    /// alone means since.
    fn number_range(&self, p: &mut NumberPhrase) {
        if !(matches!(p.cmp, Some(Cmp::Between)) || p.cmp.is_none()) {
            return;
        }
        let end = p.end;
        // "aged 25-34", "$15-20", "0-10 cm": two numbers joined by a dash.
        let dashed = end < self.toks.len()
            && end == p.at + 1
            && self.toks[end - 1].end < self.toks[end].start
            && matches!(
                &self.query[self.toks[end - 1].end..self.toks[end].start],
                "-" | "–"
            )
            // Not the parts of a date ("2001-03-15").
            && !self.query[..self.toks[p.at].start].ends_with(['-', '/'])
            && !self.query[self.toks[end].end..].starts_with(['-', '/', ':']);
        if let Some(hi) = self
            .toks
            .get(end)
            .and_then(|t| t.number())
            .filter(|&hi| dashed && hi > p.value && !self.claims.is_claimed(end))
        {
            p.hi = Some(hi);
            p.cmp = Some(Cmp::Between);
            p.end = self.past_unit_words(end + 1);
            self.upper_quantity(p, end);
            return;
        }
        if end + 1 < self.toks.len()
            && self.toks[end].is_word()
            && joins_range(self.norm(end))
            && self.toks[end + 1].number().is_some()
            && (p.cmp.is_some()
                || self.word_at(end, "to")
                || self.word_at(end, "through")
                || self.word_at(end, "thru"))
        {
            p.hi = self.toks[end + 1].number();
            p.cmp = Some(Cmp::Between);
            // "between 20 and 25 grand": the second number's magnitude is
            // the first's too.
            let hi_scaled = matches!(
                self.toks[end + 1].kind,
                TokenKind::Number { scaled: true, .. }
            );
            if let Some(hi) = p.hi.filter(|_| hi_scaled && !p.scaled) {
                let lo = p.value;
                if let Some(f) = [1e3, 1e6, 1e9]
                    .into_iter()
                    .find(|&f| lo * f <= hi && hi < lo * f * 100.0)
                {
                    p.value = lo * f;
                    p.list = vec![p.value];
                    p.scaled = true;
                }
            }
            p.end = self.past_unit_words(end + 2);
            self.upper_quantity(p, end + 1);
        } else if p.cmp == Some(Cmp::Between) {
            // "from 1990" alone. "from 100 up" is at least 100, and so is
            // a year "from 1990 on"; "bills from 2005" is of that year.
            p.cmp = None;
            let onward = self.toks.get(p.end).is_some_and(|t| {
                matches!(
                    t.norm.as_str(),
                    "on" | "onward" | "onwards" | "forward" | "up" | "upward" | "upwards"
                )
            });
            if p.op.as_ref().is_some_and(|o| self.norm(o.start) == "from")
                && (!p.year_like() || onward)
            {
                p.cmp = Some(Cmp::Since);
            }
        }
    }

    /// The first token from `k` that is not a word the units pass claimed
    /// (the "m" of "5m" read as million).
    fn past_unit_words(&self, mut k: usize) -> usize {
        while self.claims.claimed_by(k) == Some(ClaimedBy::Unit) {
            k += 1;
        }
        k
    }

    /// Trailing words at `k` that flip or widen a comparison ("or more"):
    /// the comparison and their length.
    fn trailing_at(&self, k: usize) -> Option<(Cmp, usize)> {
        // "between 1 and 2 and under 50": a comparison of its own number,
        // not a widening of this one.
        let own_number = |len: usize| self.toks.get(k + len).is_some_and(|t| t.number().is_some());
        TRAILING
            .iter()
            .find(|(ws, _)| self.matches_words(k, ws) && !(ws.len() > 1 && own_number(ws.len())))
            .map(|(ws, c)| (*c, ws.len()))
            .or_else(|| {
                // "6 feet or taller", "40 or older", "$5 or cheaper": "or"
                // and a comparative adjective.
                if !self.word_at(k, "or") && !self.word_at(k, "and") {
                    return None;
                }
                let w = self.toks.get(k + 1).filter(|t| t.is_word())?.norm.as_str();
                let cmp = match w {
                    "taller" | "older" | "heavier" | "longer" | "bigger" | "larger" | "later"
                    | "newer" | "wider" | "deeper" | "faster" | "louder" | "hotter" | "warmer"
                    | "richer" | "costlier" | "pricier" | "greater" | "up" | "better" => Cmp::Ge,
                    "shorter" | "younger" | "lighter" | "smaller" | "earlier" | "slower"
                    | "cheaper" | "narrower" | "shallower" | "colder" | "cooler" | "poorer"
                    | "worse" => Cmp::Le,
                    _ => return None,
                };
                Some((cmp, 2))
            })
    }

    /// The field a number governs and how it was found; claims trailing
    /// words after a field named after the number ("50 employees or
    /// fewer").
    fn number_field(&mut self, p: &mut NumberPhrase) -> (Option<usize>, MatchKind) {
        if p.age && !self.ix.measures.iter().any(|m| m.role == Role::Age) {
            // "10 years old" with no age field: read the number alone;
            // "loans over 5 years" beside a field of durations (`time`, 6
            // to 72): a duration of years.
            let durations = self
                .ix
                .ordered_columns()
                .any(|c| self.ix.measures[c].dim == Some(Dimension::Duration));
            if !durations {
                p.unit = None;
            }
            p.age = false;
        }
        // "north of 60 degrees": degrees of latitude, not of temperature.
        let compass = p.op.as_ref().is_some_and(|o| {
            matches!(
                o.implies,
                Some(FieldGroup::Latitude | FieldGroup::Longitude)
            )
        });
        if compass && p.unit.is_some_and(|u| u.dim == Dimension::Temperature) {
            p.unit = None;
        }
        // "20 or more years of schooling": a count of years of what a
        // numeric field names ("years of education" of `education`), not
        // a field of years.
        let years_word = self
            .toks
            .get(p.end)
            .is_some_and(|t| matches!(t.norm.as_str(), "years" | "year" | "yrs"));
        if p.unit.is_some_and(|u| u.dim == Dimension::Duration) || years_word {
            let of = if years_word {
                p.end + 1
            } else {
                self.past_unit_words(p.end)
            };
            let k = if self.word_at(of, "of") { of + 1 } else { of };
            let counted = self.word_at(of, "of").then(|| {
                self.fields
                    .iter()
                    .filter(|f| f.start == k)
                    .flat_map(|f| f.columns.iter().map(|c| c.0))
                    .find(|&c| {
                        self.ix.column_type(c).is_numeric()
                            && self.ix.measures[c].dim.is_none()
                            && self.yes_value(c).is_none()
                            && !self.calendar_years(c)
                            && !self
                                .ix
                                .column_name(c)
                                .split('_')
                                .any(crate::lexicon::is_year_name_part)
                    })
            });
            if let Some(c) = counted.flatten() {
                p.unit = None;
                if years_word {
                    self.claims.claim((p.end, p.end + 1), ClaimedBy::Number);
                    p.end += 1;
                }
                return (Some(c), MatchKind::Exact);
            }
        }
        // "working over 40 hours a week" beside a column named `hours`: the
        // unit word is the column's whole name.
        if let Some(u) = p.unit {
            let named = (p.at + 1..p.end.min(self.toks.len())).find_map(|k| {
                let word = &self.toks[k];
                (0..self.ix.profile.columns.len()).find(|&c| {
                    let name = self.ix.column_name(c);
                    word.is_word()
                        && (name == word.norm || name == word.stem)
                        && self.ix.column_type(c).is_numeric()
                        && self.ix.measures[c].reads(u.dim)
                })
            });
            if let Some(c) = named {
                return (Some(c), MatchKind::Exact);
            }
        }
        if p.unit.is_some() {
            return match self.quantity_field(p) {
                Some((c, how)) if !self.unasked_identifier(c) => (Some(c), how),
                // "rent under $800" where `variable` holds 'rent'.
                _ => match self.long_form_amounts() {
                    Some(c) => (Some(c), MatchKind::Inferred),
                    None => (None, MatchKind::Exact),
                },
            };
        }
        // "days with 25 or more accidents" of an accidents dataset: what
        // the noun after the number counts, before a field named earlier.
        if let Some(c) = self.response_count(p) {
            return (Some(c), MatchKind::Inferred);
        }
        let (i, v) = (p.at, p.value);
        let mut how = MatchKind::Exact;
        // "over 1,000 cases": a number of things counted is no year.
        // Not a year alone before a noun ("2018 results").
        let counted = self.counted_noun_after(p.end) && (p.cmp.is_some() || !p.year_like());
        // "over 1000 a month": a rate's period, no field of months.
        let rate = self.toks.get(p.end).is_some_and(|t| {
            matches!(t.norm.as_str(), "a" | "an" | "per" | "each")
                && self.toks.get(p.end + 1).is_some_and(|n| {
                    matches!(
                        n.norm.as_str(),
                        "month" | "year" | "week" | "day" | "hour" | "minute" | "night"
                    )
                })
        });
        // "make more than 30 an hour", "earning 50k a year": an amount per
        // time with no field named is the one field of money that holds it
        // (pay said as a rate).
        if rate && p.between_field.is_none() {
            let money: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.measures[c].dim == Some(Dimension::Money)
                        && in_range(&self.ix.profile.columns[c], v)
                })
                .collect();
            let named = (p.start().saturating_sub(3)..p.end)
                .any(|k| self.fields.iter().any(|f| f.start <= k && k < f.end));
            if let ([c], false) = (&money[..], named) {
                return (Some(*c), MatchKind::Inferred);
            }
        }
        let after = if p.between_field.is_some() || rate {
            None
        } else {
            self.counted_field_after(p.end, 2, v)
                .or_else(|| self.counted_field_after(i + 1, 2, v))
        }
        // "between 100 and 500 and age over 60": a field past a joining
        // word and followed by a comparison of its own number is not this
        // number's. Right after the number it is ("3 beds at least 2
        // baths"), and a comma ends it ("3 beds, at least 2 baths").
        .filter(|&(after_col, end)| {
            // "diet 1 chicks": a number right after a field that holds it,
            // with no comparison, labels that field; the noun after is
            // what the rows are.
            let labelled = p.cmp.is_none()
                && p.hi.is_none()
                && p.list.len() <= 1
                && self.fields.iter().any(|f| {
                    f.end == p.start()
                        // ("4 beds 2 baths": not a field with a number of
                        // its own before it.)
                        && (f.start == 0 || self.toks[f.start - 1].number().is_none())
                        // ("rated 3 stars": the same field twice.)
                        && f.columns.iter().all(|c| c.0 != after_col)
                        && f.columns.iter().any(|c| {
                            self.ix.column_type(c.0).is_numeric() && self.holds(c.0, v)
                        })
                });
            if labelled {
                return false;
            }
            let adjacent = self.fields.iter().any(|f| f.start == p.end && f.end == end);
            // "site 5 on wafer 7": past a word, a field with a number of
            // its own is not this number's when a field comes right
            // before it.
            let own_number = !adjacent
                && self.toks.get(end).is_some_and(|t| t.number().is_some())
                && self.fields.iter().any(|f| f.end == p.start());
            adjacent
                || !own_number
                    && !self.ops.iter().any(|o| {
                        o.start == end
                            && end > 0
                            && !self.query[self.toks[end - 1].end..self.toks[o.start].start]
                                .contains(',')
                            && self.toks.get(o.end).is_some_and(|t| t.number().is_some())
                    })
        });
        // "4 or more years of tenure": a count of years is no calendar
        // year; the field named after "years" is the number's.
        let after = match after {
            Some((c, end)) if !p.year_like() && self.calendar_years(c) => {
                let past_of = self.toks.get(end).is_some_and(|t| t.norm == "of");
                if past_of {
                    self.counted_field_after(end + 1, 1, v)
                } else {
                    None
                }
            }
            other => other,
        };
        // A 0/1 flag ("winners" of `series_winner`) holds no other number.
        let compared = p.cmp.is_some_and(|c| c != Cmp::Eq);
        let flags: Vec<bool> = (0..self.ix.profile.columns.len())
            .map(|c| {
                self.yes_value(c).is_some() && v != 0.0 && v != 1.0
                    // "plot 12" names the plot; "professors over 60" does
                    // not compare `prof_no`.
                    || compared && self.unasked_identifier(c)
                    // "days with over 100 million shares": a day is compared
                    // by a year or a date, not by a plain number.
                    || matches!(
                        self.ix.column_type(c),
                        ColumnType::Date | ColumnType::DateTime
                    ) && !p.year_like()
            })
            .collect();
        let flag = |c: usize| flags[c];
        let mut field = p.between_field.or(after.map(|f| f.0)).filter(|&c| !flag(c));
        // "2008 sales", "december 2008 sales": a year before an amount is
        // the year of the event, not an amount of 2008, in a table with a
        // year or date column (the one the event word names first).
        let year_range = p.cmp == Some(Cmp::Between)
            && p.hi
                .is_some_and(|h| h.fract() == 0.0 && (1000.0..=2100.0).contains(&h));
        // "texas after the 1993 prison expansion": a year after a word of
        // time ("after", "before", "since", "until") is a year, whatever
        // field the words after it name.
        let temporal = p.op.as_ref().is_some_and(|o| {
            matches!(
                self.norm(o.start),
                "after" | "before" | "since" | "until" | "till" | "prior"
            )
        });
        if let Some(c) = field.filter(|_| {
            (p.year_like() && !counted)
                && !p.percent
                && !p.scaled
                && (p.cmp.is_none() || year_range || temporal)
                // "1997 and 1998 fares": a list of years too.
                && p.list.iter().all(|&y| y.fract() == 0.0 && (1000.0..=2100.0).contains(&y))
        }) {
            let col = &self.ix.profile.columns[c];
            let cannot_hold = col.ty.is_numeric() && !in_range(col, v);
            if self.ix.measures[c].dim == Some(Dimension::Money) || cannot_hold || temporal {
                let year = self.year_column_at((p.start(), i + 1)).filter(|&y| {
                    let col = &self.ix.profile.columns[y];
                    y != c
                        && (matches!(col.ty, ColumnType::Date | ColumnType::DateTime)
                            || self.holds_year(y, v))
                });
                if year.is_some() {
                    field = year;
                    how = MatchKind::Inferred;
                }
            }
        }
        // "visits after the 1993 expansion": the same, whatever field is
        // named before the word of time.
        if temporal && p.year_like() && !counted && !p.percent && !p.scaled {
            let year = self.year_column_at((p.start(), i + 1)).filter(|&y| {
                let col = &self.ix.profile.columns[y];
                matches!(col.ty, ColumnType::Date | ColumnType::DateTime) || self.holds_year(y, v)
            });
            // "phd earned before 1960" beside `year` (92 … 99): the one
            // column with a year glued into its name that holds it
            // (`yearphd`, 38 … 96).
            let year = year.or_else(|| {
                let cols = &self.ix.profile.columns;
                let glued: Vec<usize> = (0..cols.len())
                    .filter(|&c| {
                        let n = &cols[c].name;
                        (n.starts_with("year") || n.starts_with("yr") || n.ends_with("year"))
                            && !n.contains('_')
                            && n.len() > 4
                            && cols[c].ty.is_numeric()
                            && self.holds_year(c, v)
                    })
                    .collect();
                match glued[..] {
                    [c] => Some(c),
                    _ => None,
                }
            });
            // "founded before 1950" names it: found as named below. So
            // does "born before 1945" of `birth_yr` beside `year`.
            let before = self.field_before(p.start(), 3);
            let year_named = before.is_some_and(|b| {
                self.ix.column_type(b).is_numeric()
                    && self
                        .ix
                        .column_name(b)
                        .split('_')
                        .any(|w| matches!(w, "year" | "yr" | "yob" | "birthyear" | "birthyr"))
            });
            if year.is_some() && year != field && year != before && !year_named {
                field = year;
                how = MatchKind::Inferred;
            }
            // "still killing after 2015" of `start_year` beside `end_year`:
            // what is still going on after a year ended after it.
            let still = (0..p.start()).any(|k| self.norm(k) == "still");
            if let Some(end) = field.filter(|_| still).and_then(|c| self.end_sibling(c)) {
                field = Some(end);
                how = MatchKind::Inferred;
            }
        }
        // "in 1994", "during 2007": a year, whatever field precedes it.
        let year_word = (p.year_like() && !counted)
            && i > 0
            && introduces_year(self.norm(i - 1))
            && p.op.is_none();
        if field.is_none() && year_word {
            field = self.year_field_before(p.start(), v);
        }
        if let Some((_, fend)) = after {
            // "50 employees or fewer"
            if let Some((c, len)) = self.trailing_at(fend) {
                p.cmp = Some(c);
                self.claims.claim((fend, fend + len), ClaimedBy::Number);
            }
        }
        // "days windier than 50": the column the comparative's adjective
        // speaks of, before a field named ahead of it.
        if field.is_none() {
            if let Some(f) =
                p.op.as_ref()
                    .and_then(|o| o.graded.as_ref()?.field.as_ref())
            {
                field = Some(f.column);
                how = MatchKind::Synonym;
            }
        }
        if field.is_none() && !year_word {
            field = self.field_before(p.start(), 3).filter(|&c| !flag(c));
        }
        // "carapace wider than 50": the comparative spells part of the
        // field named with it (`cw`), which no graded column took.
        if field.is_none() {
            field = self
                .mention_over(p.start())
                .and_then(|f| f.columns.first().map(|c| c.0))
                .filter(|&c| !flag(c));
        }
        if field.is_none() {
            if let Some(c) = p.op.as_ref().and_then(|o| self.op_column(o)) {
                field = Some(c);
                how = MatchKind::Synonym;
            }
        }
        // "student 86", "farm 101001": the table's row noun and a number
        // name a record by its identifier.
        // "household 17", "households 1 to 5", "respondent 135": any noun
        // no field, value or unit takes, before a whole number or a range
        // of them, in a table with one identifier that holds it.
        // ("chick number 250", "site no 12": the noun before the word of
        // number.)
        let noun_at = if i > 1 && matches!(self.norm(i - 1), "number" | "no" | "num" | "nr") {
            i - 2
        } else {
            i.saturating_sub(1)
        };
        let noun_before = i > 0 && {
            let k = noun_at;
            let t = &self.toks[k];
            self.ix.row_nouns.contains(&t.stem)
                || t.is_word()
                    // A space between, no "alert(1)".
                    && self.query.get(t.end..self.toks[k + 1].start) == Some(" ")
                    // "the next locomotive after locomotive 4106": a
                    // position the record's value gives.
                    && !(k > 0
                        && matches!(
                            self.norm(k - 1),
                            "after" | "before" | "following" | "preceding" | "than" | "since"
                        ))
                    && !self.claims.is_claimed(k)
                    && !is_stopword(&t.norm)
                    && t.norm.len() >= 4
                    && !self.fields.iter().any(|f| f.start <= k && k < f.end)
                    && !self.values.iter().any(|v| v.start <= k && k < v.end)
                    && crate::lexicon::units::dimension_word(&t.norm).is_none()
                    && !self.ops.iter().any(|o| o.start <= k && k < o.end)
                    && v.fract() == 0.0
                    && p.hi.is_none_or(|h| h.fract() == 0.0)
                    && !p.year_like()
        };
        if field.is_none()
            && (p.cmp.is_none() || p.cmp == Some(Cmp::Between) && p.hi.is_some())
            && p.list.len() <= 1
            && !p.scaled
            && !p.percent
            && p.unit.is_none()
            && noun_before
        {
            let noun = self.norm(noun_at).to_string();
            if let Some(c) = self
                .noun_number_column(&noun, v)
                .or_else(|| self.identifier_holding(v))
                .filter(|&c| {
                    p.hi.is_none_or(|h| in_range(&self.ix.profile.columns[c], h))
                })
            {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        let yearish = (p.year_like() && !counted) && !p.percent;
        // "2018 results": a year alone, before no field, in a table that
        // has years or dates.
        // Not the year of a written day ("march 2001", "2001-01-01"), which
        // the calendar passes read, and only a year the column holds.
        let in_day = i > 0 && crate::lexicon::month_index(self.norm(i - 1)).is_some()
            || self.toks.get(i + 1).is_some_and(|t| {
                // The separator of "2001-01-01" is not a token.
                t.start == self.toks[i].end
                    || t.number().is_some() && t.start == self.toks[i].end + 1
            });
        // "excluding 1978 and 2016": a list of years alone too.
        let years_only = p
            .list
            .iter()
            .all(|&y| y.fract() == 0.0 && (1000.0..=2100.0).contains(&y));
        let lone_year = yearish && after.is_none() && p.cmp.is_none() && years_only && !in_day;
        let asked_year = p.cmp.is_some() || i > 0 && precedes_year(self.norm(i - 1));
        if field.is_none() && yearish && (asked_year || lone_year) {
            field = self.year_column_at((p.start(), i + 1)).filter(|&c| {
                asked_year || p.list.iter().chain([&v]).all(|&y| self.holds_year(c, y))
            });
            // "rice seasons before 1960" over seasons written "1959-60".
            if field.is_none() && asked_year {
                field = self.season_column();
            }
            how = MatchKind::Inferred;
        }
        // "women over 70", "patients under 50": people compared by a
        // number are compared by age.
        let measured =
            p.op.as_ref()
                .is_some_and(|o| o.implies.is_some() || o.graded.is_some());
        if field.is_none()
            && p.cmp.is_some()
            && !measured
            && v <= 120.0
            && self.person_before(p.start())
        {
            if let Some(c) = self.age_column().or_else(|| self.age_band_column()) {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "over 60", "contestants under 25": a bare comparison with no
        // other field named, in a table of people, is of age.
        if field.is_none() && p.cmp.is_some() && !measured && !p.percent && v <= 120.0 {
            let named_other = self
                .fields
                .iter()
                .any(|f| f.columns.iter().any(|c| self.is_ordered(c.0) && !flag(c.0)));
            if let Some(c) = self
                .age_column()
                .filter(|&c| !named_other && in_range(&self.ix.profile.columns[c], v))
            {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "under 2 grand", "over 5M": an amount with a magnitude and no
        // field named is most likely money, when one money field holds it.
        if field.is_none() && p.scaled && !counted {
            let money: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.measures[c].dim == Some(Dimension::Money)
                        && (self.holds(c, v / self.ix.measures[c].scale)
                            || self.amount_in_scale(c, v).is_some())
                })
                .collect();
            if let Some(c) = self.plainest(&money) {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "construction above 7 million" where `employed` (13.7 …
        // 137,148) keeps thousands: an amount with a magnitude and no
        // field named, of the one measure that holds it, as it is or in
        // its scale.
        if field.is_none() && p.scaled && !p.percent && p.cmp.is_some() {
            let fits: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.column_type(c).is_numeric()
                        && !flag(c)
                        && !self.unasked_identifier(c)
                        && Some(c) != self.year_column()
                        && (self.holds(c, v) || self.amount_in_scale(c, v).is_some())
                })
                .collect();
            if let [c] = fits[..] {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "zero cases of mumps", "over 1,000 cases": a number of things
        // counted, no field named, in a table with one column of counts
        // (`count`, `n`, `cases`, `frequency`).
        if field.is_none() && counted {
            let noun = self.toks[p.end].stem.clone();
            let counts: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    let words = &self.ix.column_words[c];
                    words.len() <= 2
                        && words.iter().any(|w| {
                            *w == noun
                                || matches!(
                                    w.as_str(),
                                    "count" | "n" | "freq" | "frequency" | "tally"
                                )
                        })
                        && in_range(&self.ix.profile.columns[c], v)
                })
                .collect();
            if let [c] = counts[..] {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "deeper than 2500" with no field of depth: the comparative said
        // what it measures; no other field is guessed by its range.
        if field.is_none() && p.cmp.is_some() && measured && p.unit.is_none() {
            self.note(Note::ComparedNoField {
                source: self.span_text(p.start(), p.end),
            });
        }
        // "income over 60000" where `variable` holds 'income': the amounts
        // of a table in long form.
        if field.is_none() && (p.cmp.is_some() || p.unit.is_some() || p.scaled) {
            if let Some(c) = self.long_form_amounts() {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        if field.is_none() && p.cmp.is_some() && !measured {
            // "over 3000 traffic deaths in a year": no year is 3000.
            field = self
                .nearest_ordered_field(i)
                .filter(|&c| !flag(c) && (!self.calendar_years(c) || p.year_like()))
                .or_else(|| self.field_by_range(v, p.scaled));
            how = MatchKind::Inferred;
        }
        if yearish && after.is_none() && p.between_field.is_none() {
            // A year-like number far above the chosen field's values is a
            // year.
            // Not one of years in two digits (`birth_yr`, 41 to 53).
            if let (Some(c), Some(y)) = (
                field.filter(|&c| !self.in_two_digit_years(c)),
                self.year_column(),
            ) {
                let outside = self.ix.profile.columns[c]
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
        // "the windiest day of 2013" with no year or date column: no day
        // is 2013; no condition rather than one that matches nothing.
        if let Some(c) = field {
            let col = &self.ix.profile.columns[c];
            if p.year_like()
                && !counted
                && p.cmp.is_none()
                && col.ty.is_numeric()
                && !in_range(col, v)
                && self.year_column().is_none()
            {
                field = None;
                self.claims.claim((p.start(), p.end), ClaimedBy::Number);
                self.note(Note::NoYearColumn {
                    source: self.span_text(p.at, p.at + 1),
                });
            }
        }
        // "less than 20% urban" where "urban" names `pop_urban_growth_rate`
        // and `percent_urban`: of the columns the same words name, the one
        // named a percentage.
        if let Some(c) = field.filter(|_| p.percent) {
            let percent_named = |c: usize| {
                self.ix.column_name(c).split('_').any(|w| {
                    matches!(
                        w,
                        "percent" | "pct" | "perc" | "share" | "proportion" | "pc"
                    )
                })
            };
            if !percent_named(c) {
                let alt = self
                    .fields
                    .iter()
                    .filter(|f| f.columns.iter().any(|x| x.0 == c))
                    .flat_map(|f| f.columns.iter().map(|x| x.0))
                    .find(|&x| percent_named(x) && self.takes_numbers(x));
                if let Some(a) = alt {
                    field = alt;
                    // The fields-named note names the column the number took.
                    for f in self.fields.iter_mut() {
                        if let Some(pos) = f.columns.iter().position(|x| x.0 == a) {
                            if f.columns.iter().any(|x| x.0 == c) {
                                let x = f.columns.remove(pos);
                                f.columns.insert(0, x);
                            }
                        }
                    }
                }
            }
        }
        // "people over 60" where "people" took `population` (3,750 and
        // up): a guessed field that cannot hold the number gives way to the
        // one field that can.
        if let Some(c) = field.filter(|_| how == MatchKind::Inferred && !p.scaled) {
            let col = &self.ix.profile.columns[c];
            // "in 1988" on years written 68 to 88: 88.
            let v = if p.year_like() && self.in_two_digit_years(c) && in_range(col, v % 100.0) {
                v % 100.0
            } else {
                v
            };
            let far = col.ty.is_numeric() && {
                let b = |x: &Option<String>| x.as_deref().and_then(|m| m.parse::<f64>().ok());
                b(&col.min).is_some_and(|m| v < m / 2.0) || b(&col.max).is_some_and(|m| v > m * 2.0)
            };
            if far {
                if let Some(other) = self.field_by_range(v, false) {
                    field = Some(other);
                }
            }
        }
        // "between 30 and 35 degrees north", "over 40 degrees south": the
        // hemisphere's word (signed by `hemisphere`) says latitude, or
        // longitude for east and west.
        let heading = (p.at + 1..p.end.min(self.toks.len()))
            .rev()
            .find(|&k| self.claims.claimed_by(k) == Some(ClaimedBy::Hemisphere))
            .map(|k| self.norm(k))
            .filter(|w| matches!(*w, "north" | "south" | "east" | "west"));
        if let Some(w) = heading {
            let group = if matches!(w, "north" | "south") {
                FieldGroup::Latitude
            } else {
                FieldGroup::Longitude
            };
            if let Some(c) = self.column_for_group(group) {
                if field.is_none() || how == MatchKind::Inferred && field != Some(c) {
                    field = Some(c);
                    how = MatchKind::Inferred;
                }
            }
        }
        // "dannon under 6": the one numeric field of the member a value
        // picked (`price_dannon`; `feat_dannon` is a flag).
        if field.is_none() {
            let measures: Vec<usize> = self
                .member
                .iter()
                .flatten()
                .copied()
                .filter(|&c| self.is_ordered(c) && self.yes_value(c).is_none() && !flag(c))
                .collect();
            if let [c] = measures[..] {
                field = Some(c);
                how = MatchKind::Inferred;
            }
        }
        // "earning under 15k" guessed `incsq` beside `inc`: a square or a
        // logarithm is meant only when named; the column it is computed
        // from instead.
        if let Some(c) = field.filter(|&c| how == MatchKind::Inferred && self.ix.derived[c]) {
            let name = self.ix.column_name(c);
            let base = self.ix.ordered_columns().find(|&b| {
                let bn = self.ix.column_name(b);
                !self.ix.derived[b]
                    && b != c
                    && bn.len() >= 2
                    && (name.starts_with(bn) || name.ends_with(bn))
            });
            if base.is_some() {
                field = base;
            }
        }
        (field, how)
    }

    /// A 0/1 column named for a threshold of a field (`age80`, `over_65`,
    /// `age65plus`) whose number the phrase compares, when no column of
    /// that field exists: the flag, and whether the phrase means yes
    /// ("80+", "over 80", "80 or older") or no ("under 80").
    fn threshold_flag(&self, p: &NumberPhrase) -> Option<(usize, bool)> {
        if p.hi.is_some() || p.list.len() > 1 || p.unit.is_some() || p.scaled || p.percent {
            return None;
        }
        let yes = match p.cmp? {
            Cmp::Gt | Cmp::Ge | Cmp::After | Cmp::Since => true,
            Cmp::Lt | Cmp::Le | Cmp::Before => false,
            _ => return None,
        };
        let found: Vec<usize> = (0..self.ix.profile.columns.len())
            .filter(|&c| {
                let name = self.ix.column_name(c);
                let core = ["plus", "up", "over"]
                    .iter()
                    .find_map(|s| name.strip_suffix(s))
                    .unwrap_or(name)
                    .trim_end_matches('_');
                let digits = core.trim_start_matches(|ch: char| !ch.is_ascii_digit());
                let letters = core[..core.len() - digits.len()].trim_end_matches('_');
                !digits.is_empty()
                    && digits.chars().all(|ch| ch.is_ascii_digit())
                    && digits.parse::<f64>().ok() == Some(p.value)
                    && letters.len() >= 2
                    && letters.chars().all(|ch| ch.is_ascii_lowercase())
                    // An age, or a field the phrase names ("top10" is no
                    // threshold of "fewer than 10").
                    && (matches!(letters, "age" | "aged" | "over" | "under" | "above" | "below")
                        || letters.len() >= 3
                            && self.toks.iter().any(|t| t.is_word() && t.norm.starts_with(letters)))
                    && !self.ix.column_names().contains(&letters)
                    && self.yes_value(c).is_some()
            })
            .collect();
        match found[..] {
            [c] => Some((c, yes)),
            _ => None,
        }
    }

    /// "provider 30001" of `provnum`, "store 12" of `store_no`: the whole
    /// number column named by the noun's start (three letters or more)
    /// and a word of numbering, that holds `v`.
    fn noun_number_column(&self, noun: &str, v: f64) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        let found: Vec<usize> = (0..cols.len())
            .filter(|&c| {
                let col = &cols[c];
                let name = col.name.as_str();
                let head = [
                    "_number", "number", "_num", "num", "_nbr", "nbr", "_no", "_id", "id", "_code",
                    "code",
                ]
                .iter()
                .find_map(|s| name.strip_suffix(s));
                col.ty == ColumnType::Integer
                    && head.is_some_and(|h| h.len() >= 3 && noun.starts_with(h))
                    && in_range(col, v)
            })
            .collect();
        match found[..] {
            [c] => Some(c),
            _ => None,
        }
    }

    /// The identifier column (integers, one a record or a record's repeats, named `…_id`,
    /// `…_no`, `number`) whose range holds `v`.
    fn identifier_holding(&self, v: f64) -> Option<usize> {
        let cols = &self.ix.profile.columns;
        (0..cols.len()).find(|&c| {
            let col = &cols[c];
            col.ty == ColumnType::Integer
                // One a record, or one a record's repeats (a panel).
                && (col.distinct_count + col.null_count >= self.ix.profile.row_count
                    || col.distinct_count >= 10)
                && (col.name.rsplit('_').next().is_some_and(|w| {
                    matches!(w, "id" | "no" | "num" | "number" | "nr" | "idx")
                }) || matches!(col.name.as_str(), "idno" | "idnum" | "idcode" | "ident"))
                && in_range(col, v)
        })
    }

    /// Whether the dataset has dates or calendar years and every one of
    /// them lies more than 200 years from `v`: then `v` is no year.
    fn years_far_from(&self, v: f64) -> bool {
        if !(1000.0..=2100.0).contains(&v) || v.fract() != 0.0 {
            return false;
        }
        let year = |b: &Option<String>| {
            b.as_deref()
                .and_then(|x| x.get(..4))
                .and_then(|x| x.parse::<f64>().ok())
        };
        let spans: Vec<(f64, f64)> = self
            .ix
            .profile
            .columns
            .iter()
            .enumerate()
            .filter(|(c, col)| {
                matches!(col.ty, ColumnType::Date | ColumnType::DateTime)
                    || self.calendar_years(*c) && !self.in_two_digit_years(*c)
            })
            .filter_map(|(_, col)| Some((year(&col.min)?, year(&col.max)?)))
            .filter(|(lo, hi)| *lo >= 1000.0 && *hi <= 2200.0)
            .collect();
        !spans.is_empty()
            && spans
                .iter()
                .all(|(lo, hi)| v < lo - 200.0 || v > hi + 200.0)
    }

    /// Whether year `v` lies within the years column `c` holds (a year
    /// number, or the year of a date).
    fn holds_year(&self, c: usize, v: f64) -> bool {
        let col = &self.ix.profile.columns[c];
        let year = |b: &Option<String>| {
            b.as_deref()
                .and_then(|x| x.get(..4))
                .and_then(|x| x.parse::<f64>().ok())
        };
        match col.ty {
            ColumnType::Date | ColumnType::DateTime => {
                year(&col.min).is_some_and(|m| m <= v) && year(&col.max).is_some_and(|m| v <= m)
            }
            // Months written `1965-03`: their first four digits.
            ColumnType::Text
                if super::dates::text_date_format(col)
                    .is_some_and(super::dates::TextDate::year_first) =>
            {
                year(&col.min).is_some_and(|m| m <= v) && year(&col.max).is_some_and(|m| v <= m)
            }
            // "excluding 1980" on years written 80 and 90.
            _ => in_range(col, v) || self.in_two_digit_years(c) && in_range(col, v % 100.0),
        }
    }

    /// "hired in 2005": the field named just before, if it can hold the
    /// year, else the dataset's year column.
    fn year_field_before(&self, start: usize, v: f64) -> Option<usize> {
        // ("beef production in 2023" where `beef` runs 366 … 2512 beside a
        // `date`: a measure that only happens to reach the number is no
        // year when a date column holds it.)
        let dated = self.year_column_at((start, start + 1)).filter(|&y| {
            let col = &self.ix.profile.columns[y];
            matches!(col.ty, ColumnType::Date | ColumnType::DateTime) && self.holds_year(y, v)
        });
        let before = self.field_before(start, 3).filter(|&c| {
            let col = &self.ix.profile.columns[c];
            let year_named = col.name.split('_').any(crate::lexicon::is_year_name_part);
            matches!(col.ty, ColumnType::Date | ColumnType::DateTime)
                || in_range(col, v) && (dated.is_none() || year_named)
        });
        before.or_else(|| self.year_column_at((start, start + 1)))
    }

    /// The ordered field named nearest to token `i`.
    pub(super) fn nearest_ordered_field(&self, i: usize) -> Option<usize> {
        self.fields
            .iter()
            .filter_map(|f| {
                f.columns
                    .iter()
                    .find(|c| self.is_ordered(c.0))
                    .map(|c| (f, c.0))
            })
            .min_by_key(|(f, _)| f.start.abs_diff(i))
            .map(|(_, c)| c)
    }

    /// The only numeric field (not an id) whose range holds `v` (divided
    /// by the field's scale when a magnitude was written: "200B" in
    /// billions is 200).
    fn field_by_range(&self, v: f64, scaled: bool) -> Option<usize> {
        let fits: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| {
                let col = &self.ix.profile.columns[c];
                let x = if scaled {
                    v / self.ix.measures[c].scale
                } else {
                    v
                };
                col.ty.is_numeric()
                    && !col.name.ends_with("id")
                    && !self.unasked_identifier(c)
                    && in_range(col, x)
            })
            .collect();
        (fits.len() == 1).then(|| fits[0])
    }

    /// The condition a number phrase asks of column `col`, with its note.
    fn number_condition(&mut self, p: &mut NumberPhrase, col: usize, how: MatchKind) {
        let i = p.at;
        if let Some(f) = self.fields.iter().find(|f| {
            f.columns.iter().any(|c| c.0 == col)
                && (f.end <= i + 1 && i - f.end.min(i) <= 4 || f.start >= i && f.start - i <= 3)
        }) {
            self.claims.attach_field(f.start);
        }
        let mut cmp = p.cmp.unwrap_or(Cmp::Eq);
        // "100 rbi seasons", "30 point games": a milestone reached, at
        // least the number.
        if p.cmp.is_none() && p.hi.is_none() && p.list.len() <= 1 {
            let milestone = self
                .fields
                .iter()
                .find(|f| f.start == p.end && f.columns.iter().any(|c| c.0 == col))
                .and_then(|f| self.toks.get(f.end))
                .is_some_and(|t| matches!(t.stem.as_str(), "season" | "game" | "match" | "race"));
            if milestone {
                cmp = Cmp::Ge;
            }
        }
        // "records older than 1985": of a year, older is earlier.
        let op_word = p.op.as_ref().map(|o| self.norm(o.start).to_string());
        let of_time = matches!(
            self.ix.column_type(col),
            ColumnType::Date | ColumnType::DateTime
        ) || Some(col) == self.year_column();
        if p.year_like() && of_time {
            match (op_word.as_deref(), cmp) {
                (Some("older"), Cmp::Gt) => cmp = Cmp::Before,
                (Some("younger"), Cmp::Lt) => cmp = Cmp::After,
                _ => {}
            }
        }
        let mut conversion = None;
        // `log_radon`, `ln_income`: a field of logarithms takes the
        // logarithm of an amount said plainly ("radon above 4"), unless
        // the phrase speaks of the logarithm itself.
        if let Some(base) = log_base(&self.ix.profile.columns[col].name) {
            let said = self
                .toks
                .iter()
                .any(|t| matches!(t.norm.as_str(), "log" | "ln" | "logged" | "logarithm"));
            let positive =
                p.value > 0.0 && p.hi.is_none_or(|h| h > 0.0) && p.list.iter().all(|&x| x > 0.0);
            if !said && positive {
                let log = |x: f64| x.ln() / base.ln();
                p.value = log(p.value);
                p.hi = p.hi.map(log);
                p.list = p.list.iter().map(|&x| log(x)).collect();
                let unit = if base == 10.0 {
                    "(its base-10 logarithm)"
                } else {
                    "(its natural logarithm)"
                };
                conversion = Some((unit.to_string(), false));
            }
        }
        if conversion.is_none() {
            conversion = self.to_field_unit(p, col);
        }
        // "deeper than 3000 m" on an elevation that goes below the sea
        // (`elevation_m` down to -5700): below minus that depth.
        let below_sea = matches!(op_word.as_deref(), Some("deeper" | "shallower"))
            && self.ix.column_words[col].iter().any(|w| {
                matches!(
                    w.as_str(),
                    "elevation" | "elev" | "altitude" | "alt" | "height"
                )
            })
            && self.ix.profile.columns[col]
                .min
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| m < 0.0)
            && p.value > 0.0
            && p.hi.is_none()
            && p.list.len() <= 1;
        if below_sea {
            p.value = -p.value;
            p.list = p.list.iter().map(|x| -x).collect();
            cmp = match cmp {
                Cmp::Gt => Cmp::Lt,
                Cmp::Ge => Cmp::Le,
                Cmp::Lt => Cmp::Gt,
                Cmp::Le => Cmp::Ge,
                other => other,
            };
        }
        let Some((op, values)) = self.number_operands(p, col, cmp) else {
            return;
        };
        let (op_start, end) = (p.start(), p.end);
        // "not between 200 and 400": below the first or above the second.
        let outside = op == CompareOp::Between && self.negated(op_start);
        // "in 2013 and 2014", "excluding 2013 and 2014" on a date: each
        // year said, not the first alone.
        let on_date = matches!(
            self.ix.column_type(col),
            ColumnType::Date | ColumnType::DateTime
        ) || super::dates::text_date_format(&self.ix.profile.columns[col])
            .is_some_and(super::dates::TextDate::year_first);
        let years: Vec<Literal> = if op == CompareOp::StartsWith && on_date && p.list.len() > 1 {
            p.list
                .iter()
                .map(|&y| Literal::Text(format_number(y)))
                .collect()
        } else {
            values.clone()
        };
        let op = if self.negated(op_start) {
            match op {
                // "not in 2013" on a date: no day of that year.
                CompareOp::StartsWith if on_date => CompareOp::NotContains,
                CompareOp::Eq => CompareOp::Ne,
                CompareOp::Gt => CompareOp::Le,
                CompareOp::Ge => CompareOp::Lt,
                CompareOp::Lt => CompareOp::Ge,
                CompareOp::Le => CompareOp::Gt,
                CompareOp::In => CompareOp::NotIn,
                o => o,
            }
        } else {
            op
        };
        self.claims.claim((op_start, end), ClaimedBy::Number);
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
        let name = self.ix.profile.columns[col].name.clone();
        if let Some((unit, guessed)) = conversion {
            let shown: Vec<String> = values.iter().map(crate::text::literal_text).collect();
            self.note(Note::Conversion {
                source: self.span_text(p.at, p.end),
                value: shown.join(" and "),
                unit,
                field: name.clone(),
                guessed,
            });
        }
        let source = self.span_text(ps, pe);
        let conf = match how {
            MatchKind::Exact => confidence::NUMBER_BESIDE_FIELD,
            k => confidence::of_match(k),
        };
        self.note(Note::Number {
            source: source.clone(),
            field: name.clone(),
            matched: how,
            confidence: conf,
        });
        self.phrases.push((ps, pe));
        if outside {
            let side = |op: CompareOp, v: &Literal| Condition {
                field: name.clone(),
                op,
                values: vec![v.clone()],
                source: source.clone(),
                matched: how,
                confidence: conf,
            };
            let any_of = vec![
                side(CompareOp::Lt, &values[0]),
                side(CompareOp::Gt, &values[1]),
            ];
            self.push_alternatives((ps, pe), any_of);
            return;
        }
        if years.len() > 1 && matches!(op, CompareOp::StartsWith | CompareOp::NotContains) {
            let year = |y: &Literal| Condition {
                field: name.clone(),
                op,
                values: vec![y.clone()],
                source: source.clone(),
                matched: how,
                confidence: conf,
            };
            if op == CompareOp::StartsWith {
                self.push_alternatives((ps, pe), years.iter().map(year).collect());
            } else {
                for y in &years {
                    self.push_condition((ps, pe), year(y));
                }
            }
            return;
        }
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
    }

    /// The operator and operands for `cmp` on column `col`: a number in a
    /// text field is searched inside it, a year on a date column is a range
    /// of days, otherwise the number itself. `None` when a text field
    /// cannot take the comparison.
    fn number_operands(
        &self,
        p: &NumberPhrase,
        col: usize,
        cmp: Cmp,
    ) -> Option<(CompareOp, Vec<Literal>)> {
        let colp = &self.ix.profile.columns[col];
        let is_date = matches!(colp.ty, ColumnType::Date | ColumnType::DateTime);
        let yearish = p.year_like() && !p.percent;
        let bound = |b: &Option<String>| b.as_deref().and_then(|m| m.parse::<f64>().ok());
        // Shares written as fractions of one take the percent divided, unless
        // the column holds small percents ("sodium over 0.5%" on 0.03–0.83):
        // the number as written lies among its values, divided at or below them.
        let small_percents = bound(&colp.min).is_some_and(|lo| {
            p.value / 100.0 <= lo && bound(&colp.max).is_some_and(|hi| (lo..=hi).contains(&p.value))
        });
        let v = if p.percent && bound(&colp.max).is_some_and(|m| m <= 1.0) && !small_percents {
            p.value / 100.0
        } else {
            p.value
        };
        if colp.ty == ColumnType::Text {
            // Seasons written from a year ("1959-60") compare as text.
            if yearish && Some(col) == self.season_column() {
                return Some(year_on_season(cmp, v as i64, p.hi.unwrap_or(v) as i64));
            }
            // "season 5" where seasons are written "S05": the codes whose
            // number answers.
            if let Some(codes) = numbered_codes(colp) {
                let hi = p.hi.unwrap_or(v);
                let want = |n: f64| match cmp {
                    Cmp::Eq if p.list.len() > 1 => p.list.contains(&n),
                    Cmp::Eq | Cmp::Ne => n == v,
                    Cmp::Gt | Cmp::After => n > v,
                    Cmp::Ge | Cmp::Since => n >= v,
                    Cmp::Lt | Cmp::Before => n < v,
                    Cmp::Le => n <= v,
                    Cmp::Between => n >= v.min(hi) && n <= v.max(hi),
                };
                let picked: Vec<Literal> = codes
                    .into_iter()
                    .filter(|(_, n)| want(*n))
                    .map(|(code, _)| Literal::Text(code))
                    .collect();
                return picked_values(cmp, picked);
            }
            // "income under 5000" where incomes are written "2500-5000":
            // the bands wholly on the comparison's side.
            if let Some(bands) = numeric_bands(colp) {
                // "income over 75k" on bands written in thousands ("[75,
                // 100)"): an amount said large, far past every bound, is
                // read in the bands' scale.
                let top = bands
                    .iter()
                    .flat_map(|b| [b.1, b.2])
                    .filter(|x| x.is_finite())
                    .fold(0.0_f64, f64::max);
                let mut v = v;
                let mut hi = p.hi.unwrap_or(v);
                for _ in 0..2 {
                    if p.scaled && top > 0.0 && v > top * 10.0 {
                        v /= 1000.0;
                        hi /= 1000.0;
                    }
                }
                let want = |lo: f64, up: f64| match cmp {
                    Cmp::Eq if p.list.len() > 1 => p.list.iter().any(|&x| lo <= x && x <= up),
                    Cmp::Eq | Cmp::Ne => lo <= v && v <= up,
                    Cmp::Gt | Cmp::After | Cmp::Ge | Cmp::Since => lo >= v,
                    Cmp::Lt | Cmp::Before | Cmp::Le => up <= v,
                    Cmp::Between => lo >= v.min(hi) && up <= v.max(hi),
                };
                let picked: Vec<Literal> = bands
                    .into_iter()
                    .filter(|b| want(b.1, b.2))
                    .map(|b| Literal::Text(b.0))
                    .collect();
                return picked_values(cmp, picked);
            }
            // "line 1" of "1, 5, 8": an item of the list.
            if self.is_list_column(col) && matches!(cmp, Cmp::Eq | Cmp::Ne) {
                let items: Vec<Literal> = if p.list.len() > 1 {
                    p.list
                        .iter()
                        .map(|&x| Literal::Text(format_number(x)))
                        .collect()
                } else {
                    vec![Literal::Text(format_number(v))]
                };
                let op = if cmp == Cmp::Ne {
                    CompareOp::NotHasItem
                } else {
                    CompareOp::HasItem
                };
                return Some((op, items));
            }
            let text_date = super::dates::text_date_format(colp).filter(|_| yearish);
            // A year on months written `1965-03`: compared as text, as
            // seasons are.
            if text_date.is_some_and(super::dates::TextDate::year_first) {
                return Some(year_on_season(cmp, v as i64, p.hi.unwrap_or(v) as i64));
            }
            // A year on dates kept as text: the values ending with it.
            if let Some(format) = text_date {
                let suffix = Literal::Text(format.year_suffix(v as i64));
                // "before 1970" on `7/4/2015`: the year the text writes,
                // compared (four digits only; `7/4/15` leaves the century
                // unsaid).
                let years = |lo: i64, hi: i64| {
                    Some((
                        CompareOp::YearBetween,
                        vec![Literal::Integer(lo), Literal::Integer(hi)],
                    ))
                };
                let y = v as i64;
                if format.four_digit_years() {
                    match cmp {
                        Cmp::Gt | Cmp::After => return years(y + 1, 9999),
                        Cmp::Ge | Cmp::Since => return years(y, 9999),
                        Cmp::Lt | Cmp::Before => return years(0, y - 1),
                        Cmp::Le => return years(0, y),
                        Cmp::Between => {
                            let h = p.hi.unwrap_or(v) as i64;
                            return years(y.min(h), y.max(h));
                        }
                        _ => {}
                    }
                }
                return match cmp {
                    Cmp::Eq if p.list.len() <= 1 => Some((CompareOp::EndsWith, vec![suffix])),
                    Cmp::Ne if format.year_suffix(v as i64).len() >= 5 => Some((
                        CompareOp::NotContains,
                        vec![Literal::Text(format_number(v))],
                    )),
                    _ => None,
                };
            }
            // A number in a text field: the text holds it ("in 2007-2008"
            // over seasons written "2007–08": its first year).
            return match cmp {
                Cmp::Eq => Some((CompareOp::Contains, vec![Literal::Text(format_number(v))])),
                Cmp::Between if yearish && p.hi.is_some_and(|h| h - v <= 1.0) => {
                    Some((CompareOp::Contains, vec![Literal::Text(format_number(v))]))
                }
                Cmp::Ne => Some((
                    CompareOp::NotContains,
                    vec![Literal::Text(format_number(v))],
                )),
                _ => None,
            };
        }
        if is_date && yearish {
            return Some(year_on_date(cmp, v as i64, p.hi.unwrap_or(v) as i64));
        }
        let lit = self.number_literal(col, v);
        Some(match cmp {
            Cmp::Eq if p.list.len() > 1 => (
                CompareOp::In,
                p.list
                    .iter()
                    .map(|&x| self.number_literal(col, x))
                    .collect(),
            ),
            Cmp::Eq => (CompareOp::Eq, vec![lit]),
            Cmp::Ne => (CompareOp::Ne, vec![lit]),
            Cmp::Gt | Cmp::After => (CompareOp::Gt, vec![lit]),
            Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![lit]),
            Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![lit]),
            Cmp::Le => (CompareOp::Le, vec![lit]),
            Cmp::Between => {
                let hi = p.hi.unwrap_or(v);
                let (a, b) = (v.min(hi), v.max(hi));
                (
                    CompareOp::Between,
                    vec![self.number_literal(col, a), self.number_literal(col, b)],
                )
            }
        })
    }

    /// The field an amount with a unit governs, and how it was found, in
    /// order: a field named next to it that measures the unit's dimension
    /// (or whose measure is unknown: "books under $300"); the one field in
    /// the very unit written ("100 knots" and `speed_knots`); a field of
    /// the dimension the comparative implies ("taller than 170 cm") or the
    /// phrase names elsewhere; the dataset's only field of the dimension;
    /// else among those, the only one whose range holds the amount, the
    /// only one in the same unit, or the first. `None` when no field
    /// measures the dimension.
    fn quantity_field(&self, p: &NumberPhrase) -> Option<(usize, MatchKind)> {
        let unit = p.unit?;
        // "within 500 m of an existing population": a length within which
        // something lies is a distance, when a field is named for one.
        // So is a length "from" a place or "away" ("more than 300 km from
        // paris").
        let next = self.toks.get(self.past_unit_words(p.end));
        let within = next.is_some_and(|t| t.norm == "of")
            && (p.start().saturating_sub(1)..=p.start()).any(|k| self.norm(k) == "within")
            || next.is_some_and(|t| matches!(t.norm.as_str(), "from" | "away"));
        if within && unit.dim == Dimension::Length {
            let distance: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.column_type(c).is_numeric()
                        && self
                            .ix
                            .column_name(c)
                            .split('_')
                            .any(|w| matches!(w, "distance" | "dist" | "proximity"))
                })
                .collect();
            if let [c] = distance[..] {
                return Some((c, MatchKind::Inferred));
            }
        }
        let mut named: Vec<&FieldMention> = Vec::new();
        if let Some(c) = p.between_field {
            named.extend(
                self.fields
                    .iter()
                    .find(|f| f.end == p.at && f.columns.iter().any(|x| x.0 == c)),
            );
        }
        // "market cap under $10bn with margins over 15%": a field named
        // right before the comparator beats one after "with" or "and",
        // which starts the next condition.
        let joined_after = p.end < self.toks.len()
            && matches!(self.norm(p.end), "with" | "and" | "but")
            && self.mention_before(p.start(), 0).is_some();
        if joined_after {
            named.extend(self.mention_before(p.start(), 0));
        }
        // "over a million dollars in crypto": past the currency's word.
        let mut past = self.past_unit_words(p.end);
        while self.toks.get(past).is_some_and(|t| {
            matches!(
                t.norm.as_str(),
                "dollars" | "dollar" | "euros" | "euro" | "bucks" | "pounds" | "usd"
            )
        }) {
            past += 1;
        }
        // "$5000 in savings", "a million dollars in crypto", "$200 on
        // groceries": the amount is of the numeric field named after it.
        if unit.dim == Dimension::Money
            && matches!(
                self.toks.get(past).map(|t| t.norm.as_str()),
                Some("in" | "on")
            )
        {
            // ("under $20 in stock" is on hand, not an amount of stock.)
            let on_hand = self
                .toks
                .get(past + 1)
                .is_some_and(|t| matches!(t.norm.as_str(), "stock" | "inventory"));
            let spent = self
                .fields
                .iter()
                .find(|f| f.start == past + 1 && !on_hand)
                .and_then(|f| {
                    let [(c, _)] = f.columns[..] else {
                        return None;
                    };
                    (self.ix.column_type(c).is_numeric()
                        && self.yes_value(c).is_none()
                        && !self.unasked_identifier(c)
                        && self.holds(c, p.value))
                    .then_some(c)
                });
            if let Some(c) = spent {
                return Some((c, MatchKind::Exact));
            }
        }
        named.extend(self.mention_after(p.end, 2));
        // "under a meter of snow" in `grand_rapids_snow`: an amount of what
        // the dataset is named after, with no field named after it, is of
        // the subject column, not of a field named before ("seasons").
        if named.is_empty() && self.subject_after(p.end) {
            if let Some(c) = self.ix.subject_column.filter(|&c| {
                self.takes(c, unit, true, p.age).is_some() && !self.unasked_identifier(c)
            }) {
                return Some((c, MatchKind::Inferred));
            }
        }
        named.extend(self.mention_before(p.start(), 3));
        named.extend(self.mention_over(p.start()));
        let written = |c: &usize| {
            self.ix.measures[*c]
                .unit_in(unit.dim)
                .is_some_and(|u| std::ptr::eq(u, unit))
        };
        // "pigs heavier than 100 kg", "sites higher than 5000 feet": a
        // comparative whose own measure is a field of the amount's
        // dimension beats a field of unknown measure named beside it.
        let implied_measure = p.op.as_ref().and_then(|o| o.implies).is_some_and(|g| {
            let stems: Vec<String> = g.synonyms().iter().map(|w| stem(w)).collect();
            // Its own dimension, not a second reading ("longer than two
            // weeks" is no `length`).
            self.ix.ordered_columns().any(|c| {
                self.ix.measures[c].dim == Some(unit.dim)
                    && self.takes(c, unit, false, p.age) == Some(true)
                    && words(&self.ix.column_name(c).replace('_', " "))
                        .iter()
                        .any(|w| stems.contains(&stem(w)))
            })
        });
        // "mothers shorter than 5 foot 2" beside `mother` (62 to 70) and
        // `midparent_height`: a field of unknown measure named right before
        // the comparative, whose values lie where the implied measure's do,
        // is what it compares.
        if implied_measure {
            let op_start = p.op.as_ref().map_or(p.start(), |o| o.start);
            let range = |c: usize| {
                let col = &self.ix.profile.columns[c];
                let b = |x: &Option<String>| x.as_deref().and_then(|v| v.parse::<f64>().ok());
                Some((b(&col.min)?, b(&col.max)?))
            };
            let alike = |a: usize, b: usize| match (range(a), range(b)) {
                (Some((l1, h1)), Some((l2, h2))) if h1 > l1 && h2 > l2 => {
                    (h1.min(h2) - l1.max(l2)) / (h1 - l1).min(h2 - l2) >= 0.5
                }
                _ => false,
            };
            let kin = named
                .iter()
                .filter(|f| f.end == op_start)
                .flat_map(|f| f.columns.iter().map(|c| c.0))
                .find(|&c| {
                    self.takes(c, unit, true, p.age) == Some(false)
                        && self.ix.column_type(c).is_numeric()
                        && self.yes_value(c).is_none()
                        && !self.unasked_identifier(c)
                        && self.ix.ordered_columns().any(|m| {
                            m != c
                                && self.ix.measures[m].dim == Some(unit.dim)
                                && self.takes(m, unit, false, p.age) == Some(true)
                                && alike(c, m)
                        })
                });
            if let Some(c) = kin {
                return Some((c, MatchKind::Exact));
            }
        }
        for measured in [true, false] {
            if !measured && implied_measure {
                break;
            }
            // "sold for under $100k": money goes to a money field that holds
            // it before a named field of no known measure (`year_sold`).
            // Not a field its mention calls an amount of the unit's kind:
            // "market value over 20 billion" keeps `mktval`.
            let unmeasured_named = named.iter().any(|f| {
                let amount_word = (f.start..f.end)
                    .any(|k| crate::lexicon::units::dimension_word(self.norm(k)) == Some(unit.dim));
                !amount_word
                    && f.columns
                        .iter()
                        .any(|c| self.takes(c.0, unit, true, p.age) == Some(false))
            });
            // "strength at 28 days": a time goes to the one field of
            // times that holds it (`age` in days), not to a named field of
            // no known measure.
            // Said as a point in time: "at 28 days", "after a week".
            let at_time = p.start() > 0
                && matches!(self.norm(p.start() - 1), "at" | "after" | "within")
                || p.op
                    .as_ref()
                    .is_some_and(|o| matches!(self.norm(o.start), "after" | "within"));
            if !measured && unit.dim == Dimension::Duration && unmeasured_named && at_time {
                let times: Vec<usize> = self
                    .ix
                    .ordered_columns()
                    .filter(|&c| {
                        self.takes(c, unit, false, p.age) == Some(true)
                            && (self.ix.measures[c].role != Role::Age
                                || self.ix.measures[c]
                                    .unit
                                    .is_some_and(|u| std::ptr::eq(u, &crate::lexicon::units::DAY)))
                            && self
                                .stored_amount(c, p.value, unit)
                                .is_some_and(|(x, _)| self.holds(c, x))
                    })
                    .collect();
                if let [c] = times[..] {
                    return Some((c, MatchKind::Inferred));
                }
            }
            // "won more than $5,000" of `win` beside `cash`: a named field
            // that holds the amount keeps it.
            let named_holds = named.iter().any(|f| {
                f.end <= p.start()
                    && f.columns.iter().any(|c| {
                        self.takes(c.0, unit, true, p.age) == Some(false)
                            && self
                                .stored_amount(c.0, p.value, unit)
                                .is_some_and(|(x, _)| self.holds(c.0, x))
                    })
            });
            if !measured && unit.dim == Dimension::Money && unmeasured_named && !named_holds {
                let money: Vec<usize> = self
                    .ix
                    .ordered_columns()
                    .filter(|&c| {
                        self.takes(c, unit, false, p.age) == Some(true)
                            && self
                                .stored_amount(c, p.value, unit)
                                .is_some_and(|(x, _)| self.holds(c, x))
                    })
                    .collect();
                if let Some(c) = self.plainest(&money) {
                    return Some((c, MatchKind::Inferred));
                }
            }
            for f in &named {
                let cands: Vec<usize> = f
                    .columns
                    .iter()
                    .map(|c| c.0)
                    .filter(|&c| {
                        self.takes(c, unit, true, p.age) == Some(measured)
                            && !self.unasked_identifier(c)
                    })
                    .collect();
                // "australia got more than 600 mm of rain": of the rain
                // columns, the one another mention of the phrase names too
                // (`aus_rain` of `aus_…`).
                if cands.len() > 1 {
                    let shared: Vec<usize> = cands
                        .iter()
                        .copied()
                        .filter(|&c| {
                            self.fields
                                .iter()
                                .any(|g| g.start != f.start && g.columns.iter().any(|x| x.0 == c))
                        })
                        .collect();
                    if let [c] = shared[..] {
                        return Some((c, MatchKind::Exact));
                    }
                    if let Some(c) = self.sibling_by_dimension(&cands, p, unit) {
                        return Some((c, MatchKind::Exact));
                    }
                    // "ten years of development": of `development_year`
                    // (1988 to 1997) and `development_lag` (1 to 10), the
                    // one whose values hold the number as written.
                    let holding: Vec<usize> = cands
                        .iter()
                        .copied()
                        .filter(|&c| self.holds(c, p.value))
                        .collect();
                    if let ([c], false) = (&holding[..], measured) {
                        return Some((*c, MatchKind::Exact));
                    }
                }
                // "90 cm long": of the lengths "long" names, one in cm.
                let in_written: Vec<usize> = cands.iter().copied().filter(written).collect();
                if let Some(c) = self
                    .plainest(&in_written)
                    .or_else(|| cands.first().copied())
                {
                    return Some((c, MatchKind::Exact));
                }
            }
        }
        let mut of_dim: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| self.takes(c, unit, false, p.age) == Some(true))
            .collect();
        // "wheat harvests over 70 million tonnes" with no field of a mass:
        // the one field named for an amount produced or traded
        // (`production`, `output`, `exports`) that holds it in its scale.
        if of_dim.is_empty()
            && p.value >= 1e6
            && matches!(unit.dim, Dimension::Mass | Dimension::Volume)
        {
            let produced: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.measures[c].dim.is_none()
                        && self.ix.column_name(c).split('_').any(|w| {
                            matches!(
                                w,
                                "production"
                                    | "output"
                                    | "harvest"
                                    | "catch"
                                    | "landings"
                                    | "consumption"
                                    | "exports"
                                    | "imports"
                                    | "emissions"
                                    | "supply"
                                    | "demand"
                                    | "produced"
                            )
                        })
                        && self.amount_in_scale(c, p.value).is_some()
                })
                .collect();
            if let [c] = produced[..] {
                return Some((c, MatchKind::Inferred));
            }
        }
        // "earning under 15k" beside `inc` and `incsq`: not the square.
        if of_dim.iter().any(|&c| !self.ix.derived[c]) {
            of_dim.retain(|&c| !self.ix.derived[c]);
        }
        // "sons over 6 feet": the child's; "lake houston under $20": the
        // sibling of the letter said.
        if let Some(c) = self
            .offspring_column(&of_dim)
            .or_else(|| self.letter_sibling(&of_dim))
        {
            return Some((c, MatchKind::Inferred));
        }
        // "second option under 20 guilders": the named member's field.
        if let Some(member) = &self.member {
            if of_dim.iter().any(|c| member.contains(c)) {
                of_dim.retain(|c| member.contains(c));
            }
        }
        // "more than 100 inches of snow" in `grand_rapids_snow`: no field
        // of the dimension, but the amount is of what the dataset is named
        // after, which its subject column (`total`) measures.
        if of_dim.is_empty() && named.is_empty() {
            let beside = self.subject_after(p.end)
                || (p.start().saturating_sub(2)..p.start()).any(|k| self.subject_word(k));
            if let Some(c) = self.ix.subject_column.filter(|&c| {
                beside && self.takes(c, unit, true, p.age).is_some() && !self.unasked_identifier(c)
            }) {
                return Some((c, MatchKind::Inferred));
            }
        }
        // "farms over 2 hectares": no field holds an area, but one field is
        // the size of the land (`size`, `acreage`, `lot`), in no unit.
        if of_dim.is_empty() && unit.dim == Dimension::Area {
            let sized: Vec<usize> = self
                .ix
                .ordered_columns()
                .filter(|&c| {
                    self.ix.column_type(c).is_numeric()
                        && self.ix.measures[c].dim.is_none()
                        && self.yes_value(c).is_none()
                        && self.ix.column_name(c).split('_').any(|w| {
                            matches!(w, "size" | "acreage" | "lot" | "plot" | "land" | "surface")
                        })
                })
                .collect();
            if let [c] = sized[..] {
                return Some((c, MatchKind::Inferred));
            }
        }
        let in_unit = |c: &usize| {
            self.ix.measures[*c]
                .unit_in(unit.dim)
                .is_some_and(|u| std::ptr::eq(u, unit))
        };
        let fits: Vec<usize> = of_dim
            .iter()
            .copied()
            .filter(|&c| {
                self.stored_amount(c, p.value, unit)
                    .is_some_and(|(x, _)| self.holds(c, x))
            })
            .collect();
        // The one field in the very unit written, unless its values are
        // far from the amount and another field's hold it: as good as
        // named.
        if let [c] = of_dim.iter().copied().filter(in_unit).collect::<Vec<_>>()[..] {
            if fits.is_empty() || fits.contains(&c) {
                return Some((c, MatchKind::Exact));
            }
        }
        if let Some(group) = p.op.as_ref().and_then(|o| o.implies) {
            let stems: Vec<String> = group.synonyms().iter().map(|w| stem(w)).collect();
            let named_for: Vec<usize> = of_dim
                .iter()
                .copied()
                .filter(|&c| {
                    words(&self.ix.column_name(c).replace('_', " "))
                        .iter()
                        .any(|w| stems.contains(&stem(w)))
                })
                .collect();
            // "over 90 cm long": a length in cm before one in mm.
            let in_written: Vec<usize> = named_for.iter().copied().filter(in_unit).collect();
            let implied = self
                .plainest(&in_written)
                .or_else(|| self.plainest(&named_for));
            if let Some(c) = implied {
                return Some((c, MatchKind::Synonym));
            }
        }
        let elsewhere = self
            .fields
            .iter()
            .filter(|f| !self.claims.is_field_attached(f.start))
            .filter_map(|f| {
                // "over 90 cm long": of the lengths "long" names, one in cm.
                let cands: Vec<usize> = f
                    .columns
                    .iter()
                    .map(|c| c.0)
                    .filter(|c| of_dim.contains(c))
                    .collect();
                let in_written: Vec<usize> = cands.iter().copied().filter(in_unit).collect();
                let c = self
                    .plainest(&in_written)
                    .or_else(|| cands.first().copied())?;
                Some((f.start.abs_diff(p.at), c))
            })
            .min();
        if let Some((_, c)) = elsewhere {
            return Some((c, MatchKind::Inferred));
        }
        // "brent crude over 100 dollars": no field measures the amount's
        // dimension, and the phrase names one numeric field of unknown
        // measure a few words before it.
        if of_dim.is_empty() {
            let unmeasured: Vec<(usize, usize)> = self
                .fields
                .iter()
                .filter(|f| !self.claims.is_field_attached(f.start))
                .filter(|f| f.end <= p.start() && p.start() - f.end <= 3)
                .filter_map(|f| {
                    let cands: Vec<usize> = f
                        .columns
                        .iter()
                        .map(|c| c.0)
                        .filter(|&c| {
                            self.takes(c, unit, true, p.age) == Some(false)
                                && !self.unasked_identifier(c)
                        })
                        .collect();
                    match cands[..] {
                        [c] => Some((f.start.abs_diff(p.at), c)),
                        _ => None,
                    }
                })
                .collect();
            if let [(_, c)] = unmeasured[..] {
                return Some((c, MatchKind::Inferred));
            }
        }
        if let [c] = of_dim[..] {
            return Some((c, MatchKind::Synonym));
        }
        let pool = if fits.is_empty() { &of_dim } else { &fits };
        let same_unit: Vec<usize> = pool.iter().copied().filter(in_unit).collect();
        // "under $20k" over `min_price`, `price`, `max_price`: the plainest
        // money field.
        // Otherwise the first field of the dimension, the land a home
        // stands on after the home ("homes over 200 m²": `sqrft`, not
        // `lotsize`).
        let c = match same_unit.len() {
            0 if unit.dim == Dimension::Money => self.plainest(pool)?,
            0 => pool
                .iter()
                .copied()
                .min_by_key(|&c| is_grounds(self.ix.column_name(c)))?,
            _ => self.plainest(&same_unit)?,
        };
        Some((c, MatchKind::Inferred))
    }

    /// Of several columns measuring the same thing, the plainest: a total
    /// ("total_length_cm"), else the one with the fewest words in its name
    /// ("weight_kg" before "lean_body_mass_kg"), else the first.
    /// "bill wider than 1 cm" among `bill_depth`, `bill_width` and
    /// `bill_length`: of the columns one mention names, the one whose
    /// name holds the noun the comparative measures (width). With no
    /// graded word, a length is the thing's length: "bills under 24 mm"
    /// → `bill_length`, when exactly one of them says so.
    fn sibling_by_dimension(
        &self,
        cands: &[usize],
        p: &NumberPhrase,
        unit: &Unit,
    ) -> Option<usize> {
        let parts = |c: usize| -> Vec<String> {
            words(&self.ix.column_name(c).replace('_', " "))
                .iter()
                .map(|w| stem(w))
                .collect()
        };
        if let Some(g) = p.op.as_ref().and_then(|o| o.graded.as_ref()) {
            if let Some(f) = g.field.as_ref().filter(|f| cands.contains(&f.column)) {
                return Some(f.column);
            }
            let noun = g.field.as_ref().map(|f| stem(&f.noun))?;
            let named: Vec<usize> = cands
                .iter()
                .copied()
                .filter(|&c| parts(c).contains(&noun))
                .collect();
            return match named[..] {
                [c] => Some(c),
                _ => None,
            };
        }
        if p.op.as_ref().is_some_and(|o| o.implies.is_some()) || unit.dim != Dimension::Length {
            return None;
        }
        let lengths: Vec<usize> = cands
            .iter()
            .copied()
            .filter(|&c| parts(c).iter().any(|w| w == "length" || w == "len"))
            .collect();
        let measures = cands.iter().filter(|&&c| {
            parts(c).iter().any(|w| {
                matches!(
                    w.as_str(),
                    "depth"
                        | "width"
                        | "height"
                        | "breadth"
                        | "thick"
                        | "thickness"
                        | "diamet"
                        | "diameter"
                )
            })
        });
        match lengths[..] {
            [c] if measures.count() + 1 == cands.len() => Some(c),
            _ => None,
        }
    }

    /// "lake houston under $20" among `cost_c`, `cost_h` and `cost_s`:
    /// of columns named alike but for a last letter, the one whose letter
    /// begins a word of the phrase no other part of the plan took, when
    /// only one does.
    pub(super) fn letter_sibling(&self, cols: &[usize]) -> Option<usize> {
        if cols.len() < 2 {
            return None;
        }
        let split = |c: usize| -> Option<(&str, char)> {
            let (head, tail) = self.ix.column_name(c).rsplit_once('_')?;
            let mut t = tail.chars();
            let l = t.next().filter(char::is_ascii_lowercase)?;
            t.next().is_none().then_some((head, l))
        };
        let parts: Vec<(&str, char)> = cols.iter().map(|&c| split(c)).collect::<Option<_>>()?;
        if parts.iter().any(|p| p.0 != parts[0].0) {
            return None;
        }
        let said: Vec<usize> = (0..cols.len())
            .filter(|&j| {
                self.toks.iter().enumerate().any(|(k, t)| {
                    t.is_word()
                        && t.norm.len() >= 3
                        && !is_stopword(&t.norm)
                        && !self.claims.is_claimed(k)
                        && t.norm.starts_with(parts[j].1)
                })
            })
            .collect();
        match said[..] {
            [j] => Some(cols[j]),
            _ => None,
        }
    }

    /// "sons over 6 feet" among `midparent_height` and `child_height`:
    /// a word for offspring picks the one column named for a child.
    fn offspring_column(&self, cols: &[usize]) -> Option<usize> {
        let offspring = |w: &str| {
            matches!(
                w,
                "son"
                    | "sons"
                    | "daughter"
                    | "daughters"
                    | "kid"
                    | "kids"
                    | "child"
                    | "children"
                    | "offspring"
            )
        };
        if cols.len() < 2 || !self.toks.iter().any(|t| offspring(&t.norm)) {
            return None;
        }
        let named: Vec<usize> = cols
            .iter()
            .copied()
            .filter(|&c| self.ix.column_name(c).split('_').any(offspring))
            .collect();
        match named[..] {
            [c] => Some(c),
            _ => None,
        }
    }

    pub(super) fn plainest(&self, cols: &[usize]) -> Option<usize> {
        if let Some(c) = self
            .letter_sibling(cols)
            .or_else(|| self.offspring_column(cols))
        {
            return Some(c);
        }
        // Among `price1998`, `price2007`, `price2014`: the latest.
        let year = |name: &str| -> u32 {
            let digits: String = name.chars().filter(char::is_ascii_digit).collect();
            digits
                .parse::<u32>()
                .ok()
                .filter(|y| (1900..=2100).contains(y))
                .unwrap_or(0)
        };
        let names = self.ix.column_names();
        cols.iter().copied().min_by_key(|&c| {
            let name = self.ix.column_name(c);
            // `total_cost`, `comb_mpg` beside `city_mpg`: the overall one.
            let total = name.split('_').any(|w| {
                matches!(
                    w,
                    "total" | "comb" | "combined" | "overall" | "avg" | "average" | "mean"
                )
            });
            // `orig_price`, `list_price` beside `sale_price`: an amount
            // named by no word is what was paid, not what was first asked.
            let earlier = name.split('_').any(|w| {
                matches!(
                    w,
                    "orig"
                        | "original"
                        | "list"
                        | "listing"
                        | "asking"
                        | "initial"
                        | "old"
                        | "previous"
                        | "prior"
                        | "start"
                        | "starting"
                        | "msrp"
                        | "min"
                        | "max"
                        | "minimum"
                        | "maximum"
                )
            });
            // `lprice`, `llotsize` beside `price`, `lotsize`: a transform
            // (a logarithm) of a field the table has comes after it.
            let derived = name.len() > 4 && name.get(1..).is_some_and(|rest| names.contains(&rest));
            // `lotsize` beside `sqrft`: the land a home stands on is not
            // its own size.
            // `close` beside `open`, `high`, `low`: the price of the day.
            let quote = !matches!(name, "close" | "closing" | "close_price" | "closing_price");
            (
                derived,
                quote,
                !total,
                is_grounds(name),
                name.split('_').count(),
                earlier,
                std::cmp::Reverse(year(name)),
            )
        })
    }

    /// Whether column `c` can take an amount of `unit`: `Some(true)` when
    /// it measures the unit's dimension, `Some(false)` when its measure is
    /// unknown and it was `named` next to the amount, `None` otherwise. An
    /// age takes a duration only when named or asked ("years old"); a
    /// calendar part or a yes/no flag never.
    fn takes(&self, c: usize, unit: &Unit, named: bool, age: bool) -> Option<bool> {
        // Bands of amounts written as text ("2500-5000"), named beside the
        // amount: of unknown measure.
        if named && numeric_bands(&self.ix.profile.columns[c]).is_some() {
            return Some(false);
        }
        if !self.is_ordered(c) || !self.ix.column_type(c).is_numeric() {
            return None;
        }
        let m = &self.ix.measures[c];
        match m.role {
            Role::NotAMeasure => return None,
            // An age in days or months (concrete tested at 1 to 365) is a
            // duration like any other.
            // Ages in days (concrete tested at 1 to 365) are durations.
            // An age in years is asked as one ("25 years old", "aged 25"),
            // unless years are said, the age is the dataset's only
            // duration and the dataset has no dates ("females over 25
            // years" of elephants with `age`; not "in two weeks").
            Role::Age
                if !(named || age)
                    && m.unit
                        .is_some_and(|u| !std::ptr::eq(u, &crate::lexicon::units::DAY))
                    && (!std::ptr::eq(unit, &crate::lexicon::units::YEAR)
                        || self.ix.ordered_columns().any(|o| {
                            o != c
                                && (self.ix.column_type(o).is_numeric()
                                && self.ix.measures[o].dim == Some(Dimension::Duration)
                                // ("hired over 2 years" of `hire_date`.)
                                || matches!(
                                    self.ix.column_type(o),
                                    ColumnType::Date | ColumnType::DateTime
                                ))
                        })) =>
            {
                return None
            }
            Role::Measure if age => return None,
            _ => {}
        }
        match m.dim {
            Some(_) => m.reads(unit.dim).then_some(true),
            None => named.then_some(false),
        }
    }

    /// Whether a word of what the dataset is named after follows `k`,
    /// after stopwords ("of snow").
    fn subject_after(&self, k: usize) -> bool {
        (k..(k + 3).min(self.toks.len()))
            .take_while(|&j| {
                self.subject_word(j) || self.toks[j].is_word() && is_stopword(self.norm(j))
            })
            .any(|j| self.subject_word(j))
    }

    /// Pass 2a: "30 degrees south", "south of 30 south": a compass word
    /// after a number of degrees, or after a number a compass comparison
    /// governs, is the number's hemisphere (not a region's value). Claimed
    /// for the numbers pass.
    pub(super) fn claim_hemispheres(&mut self) {
        for i in 0..self.toks.len() {
            if self.toks[i].number().is_none() {
                continue;
            }
            let mut k = self.quantity(i).map_or(i + 1, |q| q.end);
            let degrees = self.word_at(k, "degrees") || self.word_at(k, "degree");
            if degrees {
                k += 1;
            }
            let unit_degrees = self
                .quantity(i)
                .is_some_and(|q| q.unit.dim == Dimension::Temperature);
            let compass_op = self.ops.iter().any(|o| {
                o.end <= i
                    && i - o.end <= 1
                    && matches!(
                        o.implies,
                        Some(FieldGroup::Latitude | FieldGroup::Longitude)
                    )
            });
            let Some(t) = self.toks.get(k) else {
                continue;
            };
            if !t.is_word()
                || self.claims.is_claimed(k)
                || !matches!(t.norm.as_str(), "south" | "west" | "north" | "east")
                || !(degrees || unit_degrees || compass_op)
            {
                continue;
            }
            self.claims.claim((i + 1, k + 1), ClaimedBy::Hemisphere);
        }
    }

    /// The hemisphere the first pass found after the number phrase: south
    /// and west are negative.
    fn hemisphere(&mut self, p: &mut NumberPhrase) {
        let mut k = p.end;
        while k < self.toks.len() && self.claims.claimed_by(k) == Some(ClaimedBy::Hemisphere) {
            k += 1;
        }
        if k == p.end {
            return;
        }
        if matches!(self.norm(k - 1), "south" | "west") {
            p.value = -p.value;
            p.hi = p.hi.map(|h| -h);
            p.list = p.list.iter().map(|x| -x).collect();
        }
        if p.unit.is_some_and(|u| u.dim == Dimension::Temperature) {
            p.unit = None;
        }
        p.end = k;
    }

    /// "freezing days", "below freezing": a temperature at or under (under,
    /// when "below") the freezing point, on the temperature field (the lowest of the day's,
    /// when there is one: `temp_min`), in its unit (0 °C, 32 °F; a field
    /// of unknown unit whose values go below 0 is Celsius).
    pub(super) fn freezing(&mut self) {
        let Some(i) = (0..self.toks.len())
            .find(|&k| !self.claims.is_claimed(k) && self.word_at(k, "freezing"))
        else {
            return;
        };
        let temps: Vec<usize> = self
            .ix
            .ordered_columns()
            .filter(|&c| self.ix.measures[c].dim == Some(Dimension::Temperature))
            .collect();
        let lowest = temps.iter().copied().find(|&c| {
            self.ix.column_words[c]
                .iter()
                .any(|w| matches!(w.as_str(), "min" | "low" | "lowest" | "minimum" | "tmin"))
        });
        let Some(col) = lowest.or_else(|| temps.first().copied()) else {
            return;
        };
        let name = self.ix.column_name(col).to_string();
        if self.has_filter_on(&name) {
            return;
        }
        let fahrenheit = self.ix.measures[col]
            .unit_in(Dimension::Temperature)
            .is_some_and(|u| std::ptr::eq(u, &crate::lexicon::units::FAHRENHEIT));
        let point = if fahrenheit { 32 } else { 0 };
        // "below freezing" is strictly under the point, as "under 32" is;
        // "freezing days" are at or under it.
        let below = i > 0 && matches!(self.norm(i - 1), "below" | "under");
        let start = if below { i - 1 } else { i };
        let op = if below { CompareOp::Lt } else { CompareOp::Le };
        let span = (start, i + 1);
        self.inferred_number(span, name, op, Literal::Integer(point));
    }

    /// "negative values", "a positive balance", "values that are
    /// negative": a sign word beside a numeric field that holds both signs
    /// is `< 0` or `> 0`.
    pub(super) fn signs(&mut self) {
        self.globe_halves();
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            let op = match self.norm(i) {
                "negative" => CompareOp::Lt,
                "positive" => CompareOp::Gt,
                _ => continue,
            };
            // The field right after it, or just before ("values that are
            // negative").
            // (Past one plain word: "negative work experience".)
            let plain = |k: usize| {
                k < self.toks.len()
                    && self.toks[k].is_word()
                    && !self.claims.is_claimed(k)
                    && !is_stopword(self.norm(k))
            };
            let field = self
                .fields
                .iter()
                .find(|f| f.start == i + 1 || f.start == i + 2 && plain(i + 1))
                .or_else(|| {
                    self.fields.iter().find(|f| {
                        f.end <= i
                            && (f.end..i).all(|k| {
                                matches!(
                                    self.norm(k),
                                    "that" | "which" | "are" | "is" | "was" | "were"
                                )
                            })
                    })
                })
                .cloned();
            let Some(f) = field else {
                continue;
            };
            let Some(col) = f
                .columns
                .iter()
                .map(|c| c.0)
                .find(|&c| self.holds_negatives(c))
            else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) || self.claims.is_field_attached(f.start) {
                continue;
            }
            let span = (i.min(f.start), (i + 1).max(f.end));
            self.claims.attach_field(f.start);
            self.inferred_number(span, name, op, Literal::Integer(0));
        }
    }

    /// "got a majority", "over half the vote", "less than half", "more
    /// than a quarter": a share of one half (a quarter, a third, a fifth,
    /// a tenth), on the share field named near it (a percent, 0 to
    /// 100, or a fraction, 0 to 1).
    pub(super) fn halves(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            // "more than a quarter", "under a third": the fraction's article
            // is skipped.
            let part = match self.norm(i) {
                "majority" | "half" => 0.5,
                "quarter" => 0.25,
                "third" => 1.0 / 3.0,
                "fifth" => 0.2,
                "tenth" => 0.1,
                _ => continue,
            };
            // "one" is a number token by now.
            let a = usize::from(
                self.norm(i) != "majority"
                    && i > 0
                    && (self.norm(i - 1) == "a" || self.toks[i - 1].number() == Some(1.0))
                    && part < 0.5,
            );
            let before = |k: usize, w: &str| i >= k + a && self.norm(i - k - a) == w;
            let (op, from) = match self.norm(i) {
                "majority" => (CompareOp::Gt, i),
                _ if part < 0.5 && a == 0 => continue,
                _ if before(1, "over") || before(1, "above") => (CompareOp::Gt, i - 1 - a),
                _ if before(2, "more") && before(1, "than") => (CompareOp::Gt, i - 2 - a),
                _ if before(1, "under") || before(1, "below") => (CompareOp::Lt, i - 1 - a),
                _ if before(2, "less") && before(1, "than") => (CompareOp::Lt, i - 2 - a),
                _ if before(2, "at") && before(1, "least") => (CompareOp::Ge, i - 2 - a),
                _ => continue,
            };
            let share = |c: usize| {
                let col = &self.ix.profile.columns[c];
                let num = |v: &Option<String>| v.as_deref().and_then(|x| x.parse::<f64>().ok());
                match (num(&col.min), num(&col.max)) {
                    (Some(lo), Some(hi)) if lo >= 0.0 && hi <= 1.0 => Some(part),
                    (Some(lo), Some(hi)) if lo >= 0.0 && hi <= 100.0 && hi > 1.0 => {
                        Some(part * 100.0)
                    }
                    _ => None,
                }
            };
            // The nearest field mention of a share within five words
            // either side ("spending more than half their budget on food":
            // `wfood`, not the spending).
            let Some((f, half)) = self
                .fields
                .iter()
                .filter(|f| f.end <= from && from - f.end <= 5 || f.start > i && f.start - i <= 5)
                .filter(|f| f.columns.iter().any(|c| share(c.0).is_some()))
                .min_by_key(|f| {
                    if f.end <= from {
                        from - f.end
                    } else {
                        f.start - i
                    }
                })
                .and_then(|f| {
                    let c = f
                        .columns
                        .iter()
                        .map(|c| c.0)
                        .find(|&c| share(c).is_some())?;
                    Some((f.clone(), (c, share(c)?)))
                })
            else {
                continue;
            };
            let name = self.ix.column_name(half.0).to_string();
            if self.has_filter_on(&name) || self.claims.is_field_attached(f.start) {
                continue;
            }
            let span = (from.min(f.start), (i + 1).max(f.end));
            self.claims.attach_field(f.start);
            self.claims.claim((from, i + 1), ClaimedBy::Number);
            self.inferred_number(span, name, op, Literal::Float(half.1));
        }
    }

    /// "greens in double digits", "single-digit scores", "triple-digit
    /// heat": the number of digits a field's values are written with, on
    /// the nearest numeric field named within four words (`>= 10 AND <
    /// 100`).
    pub(super) fn digit_counts(&mut self) {
        for i in 0..self.toks.len().saturating_sub(1) {
            if self.claims.is_claimed(i) || self.claims.is_claimed(i + 1) {
                continue;
            }
            if !matches!(self.norm(i + 1), "digits" | "digit") {
                continue;
            }
            let (lo, hi) = match self.norm(i) {
                "single" => (None, 10.0),
                "double" => (Some(10.0), 100.0),
                "triple" => (Some(100.0), 1000.0),
                _ => continue,
            };
            let numeric = |c: usize| {
                self.is_ordered(c)
                    && self.ix.column_type(c).is_numeric()
                    && self.ix.measures[c].role != Role::NotAMeasure
            };
            let Some(f) = self
                .fields
                .iter()
                .filter(|f| f.end <= i && i - f.end <= 4 || f.start > i + 1 && f.start - i <= 5)
                .filter(|f| f.columns.iter().any(|c| numeric(c.0)))
                .min_by_key(|f| if f.end <= i { i - f.end } else { f.start - i })
                .cloned()
            else {
                continue;
            };
            let Some(col) = f.columns.iter().map(|c| c.0).find(|&c| numeric(c)) else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) || self.claims.is_field_attached(f.start) {
                continue;
            }
            // "in the double digits".
            let mut from = i;
            while from > 0 && matches!(self.norm(from - 1), "in" | "the" | "into") {
                from -= 1;
            }
            let span = (from.min(f.start), (i + 2).max(f.end));
            self.claims.attach_field(f.start);
            self.claims.claim((from, i + 2), ClaimedBy::Number);
            self.inferred_number(span, name.clone(), CompareOp::Lt, Literal::Float(hi));
            // Single digits of a signed field: -9 to 9.
            let signed = self.ix.profile.columns[col]
                .min
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| m < 0.0);
            let lo = lo.or((signed).then_some(-9.0));
            if let Some(lo) = lo {
                let source = self.span_text(span.0, span.1);
                self.push_condition(
                    span,
                    Condition {
                        field: name,
                        op: CompareOp::Ge,
                        values: vec![Literal::Float(lo)],
                        source,
                        matched: MatchKind::Inferred,
                        confidence: confidence::INFERRED,
                    },
                );
            }
        }
    }

    /// "making six figures", "a seven-figure salary", "millionaires": an
    /// amount of money by its digits, on the money field named nearby,
    /// else the one money field that holds such amounts.
    pub(super) fn money_figures(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) {
                continue;
            }
            let (lo, hi, len) = match (self.toks[i].number(), self.toks.get(i + 1)) {
                (Some(n), Some(t))
                    if (4.0..=10.0).contains(&n)
                        && n.fract() == 0.0
                        && matches!(t.norm.as_str(), "figures" | "figure")
                        && !self.claims.is_claimed(i + 1) =>
                {
                    (10f64.powf(n - 1.0), Some(10f64.powf(n)), 2)
                }
                (None, _) => match self.norm(i) {
                    "millionaire" | "millionaires" => (1e6, None, 1),
                    "billionaire" | "billionaires" => (1e9, None, 1),
                    _ => continue,
                },
                _ => continue,
            };
            let money = |c: usize| {
                self.is_ordered(c)
                    && self.ix.column_type(c).is_numeric()
                    && self.takes(c, &crate::lexicon::units::DOLLAR, false, false) == Some(true)
                    && self.holds(c, lo)
            };
            let named = self
                .fields
                .iter()
                .filter(|f| f.end <= i && i - f.end <= 4 || f.start >= i + len && f.start - i <= 5)
                .flat_map(|f| f.columns.iter().map(|c| c.0))
                .find(|&c| money(c));
            let col = named.or_else(|| {
                let all: Vec<usize> = self.ix.ordered_columns().filter(|&c| money(c)).collect();
                self.plainest(&all)
            });
            let Some(col) = col else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let span = (i, i + len);
            self.claims.claim(span, ClaimedBy::Number);
            self.inferred_number(span, name.clone(), CompareOp::Ge, Literal::Float(lo));
            if let Some(hi) = hi {
                let source = self.span_text(span.0, span.1);
                self.push_condition(
                    span,
                    Condition {
                        field: name,
                        op: CompareOp::Lt,
                        values: vec![Literal::Float(hi)],
                        source,
                        matched: MatchKind::Inferred,
                        confidence: confidence::INFERRED,
                    },
                );
            }
        }
    }

    /// "shrinking populations", "homes that lost value", "growing
    /// cities": a word of decline or growth over a column of changes
    /// (`pct_change`, `population_growth_rate`: numeric, both signs, named
    /// for a change) is `< 0` or `> 0`; of several, the one a word of the
    /// phrase names.
    pub(super) fn trends(&mut self) {
        for i in 0..self.toks.len() {
            // "profitable orders": an outcome word may also have named the
            // result's field.
            // Not when that field took a condition already ("negative
            // incurred losses").
            let named_result = self.claims.claimed_by(i) == Some(ClaimedBy::Field)
                && outcome_word(self.norm(i)).is_some()
                && !self
                    .fields
                    .iter()
                    .any(|f| f.start <= i && i < f.end && self.claims.is_field_attached(f.start));
            if self.claims.is_claimed(i) && !named_result || !self.toks[i].is_word() {
                continue;
            }
            let w = self.norm(i);
            let op = match w {
                "shrinking" | "declining" | "falling" | "decreasing" | "dropping" | "lost"
                | "losing" | "fell" | "dropped" | "decreased" | "declined" | "shrank"
                | "shrunk" | "shrinks" | "declines" => CompareOp::Lt,
                "growing" | "rising" | "increasing" | "grew" | "rose" | "increased" | "grows"
                | "gained" | "gaining" => CompareOp::Gt,
                _ => match outcome_word(w) {
                    Some(op) => op,
                    None => continue,
                },
            };
            let outcome = outcome_word(w).is_some();
            let change = |c: usize| {
                self.holds_negatives(c)
                    && self.ix.column_name(c).split('_').any(|w| {
                        matches!(
                            w,
                            "change" | "growth" | "delta" | "diff" | "difference" | "trend" | "chg"
                        )
                    })
            };
            // "orders that lost money", "games i lost", "the worst loss": of
            // no column of changes, a signed column of a result
            // (`profit`, `win_margin`, `net_income`).
            let result = |c: usize| {
                self.holds_negatives(c)
                    && self.ix.column_name(c).split('_').any(|w| {
                        matches!(
                            w,
                            "profit"
                                | "profits"
                                | "margin"
                                | "net"
                                | "gain"
                                | "gains"
                                | "balance"
                                | "pnl"
                                | "surplus"
                                | "return"
                                | "returns"
                                | "income"
                        )
                    })
            };
            let mut cols: Vec<usize> = (0..self.ix.profile.columns.len())
                .filter(|&c| change(c))
                .collect();
            if cols.is_empty() && outcome {
                cols = (0..self.ix.profile.columns.len())
                    .filter(|&c| result(c))
                    .collect();
            }
            let named = cols.iter().copied().find(|&c| {
                self.ix.column_words[c].iter().any(|w| {
                    !matches!(w.as_str(), "change" | "growth" | "rate" | "pct" | "percent")
                        && self.toks.iter().any(|t| t.is_word() && t.stem == *w)
                })
            });
            let Some(col) = named.or_else(|| (cols.len() == 1).then(|| cols[0])) else {
                continue;
            };
            // "the fastest growing job": the order by the change.
            if let Some(s) = self.sups.iter_mut().find(|s| s.end == i && !s.positional) {
                s.column = Some(col);
                s.desc = op == CompareOp::Gt;
                self.claims.claim_token(i, ClaimedBy::Superlative);
                continue;
            }
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            // "won by 30 or more", "lost by more than 20": the margin, in
            // the result's sign; "by less than 5" is still a win or a loss.
            if let Some((cmp, n, end)) = self.margin_after(i + 1).filter(|_| outcome) {
                let won = op == CompareOp::Gt;
                let mirrored = match cmp {
                    Cmp::Gt => Cmp::Lt,
                    Cmp::Ge => Cmp::Le,
                    Cmp::Lt => Cmp::Gt,
                    Cmp::Le => Cmp::Ge,
                    c => c,
                };
                let (bound, v) = if won { (cmp, n) } else { (mirrored, -n) };
                let within = matches!(cmp, Cmp::Lt | Cmp::Le);
                let op = match bound {
                    Cmp::Gt => CompareOp::Gt,
                    Cmp::Ge => CompareOp::Ge,
                    Cmp::Lt => CompareOp::Lt,
                    Cmp::Le => CompareOp::Le,
                    _ => CompareOp::Eq,
                };
                let value = self.number_literal(col, v);
                self.inferred_number((i, end), name.clone(), op, value);
                if within {
                    let side = if won { CompareOp::Gt } else { CompareOp::Lt };
                    let zero = self.number_literal(col, 0.0);
                    self.inferred_number((i, end), name, side, zero);
                }
                continue;
            }
            let span = (i, i + 1);
            self.inferred_number(span, name, op, Literal::Integer(0));
        }
    }

    /// "the southern hemisphere", "south of the equator", "east of
    /// greenwich": a sign of the latitude or longitude column that holds
    /// both signs.
    fn globe_halves(&mut self) {
        for i in 0..self.toks.len() {
            if self.claims.is_claimed(i) || !self.toks[i].is_word() {
                continue;
            }
            let free = |k: usize| k < self.toks.len() && !self.claims.is_claimed(k);
            let w = self.norm(i);
            let side = match w {
                "southern" | "south" => Some((FieldGroup::Latitude, CompareOp::Lt)),
                "northern" | "north" => Some((FieldGroup::Latitude, CompareOp::Gt)),
                "eastern" | "east" => Some((FieldGroup::Longitude, CompareOp::Gt)),
                "western" | "west" => Some((FieldGroup::Longitude, CompareOp::Lt)),
                _ => None,
            };
            let Some((group, op)) = side else {
                continue;
            };
            // "southern hemisphere"; "south of the equator", "east of
            // greenwich" (the line the side is of must fit the word).
            let end = if free(i + 1) && self.norm(i + 1) == "hemisphere" {
                i + 2
            } else if free(i + 1) && self.norm(i + 1) == "of" {
                let k = if free(i + 2) && self.norm(i + 2) == "the" {
                    i + 3
                } else {
                    i + 2
                };
                let line = if free(k) { self.norm(k) } else { "" };
                let fits = match group {
                    FieldGroup::Latitude => line == "equator",
                    _ => matches!(line, "greenwich" | "meridian"),
                };
                if !fits {
                    continue;
                }
                k + 1
            } else {
                continue;
            };
            let Some(col) = self
                .column_for_group(group)
                .filter(|&c| self.holds_negatives(c))
            else {
                continue;
            };
            let name = self.ix.column_name(col).to_string();
            if self.has_filter_on(&name) {
                continue;
            }
            let start = if i > 0 && free(i - 1) && self.norm(i - 1) == "the" {
                i - 1
            } else {
                i
            };
            self.inferred_number((start, end), name, op, Literal::Integer(0));
        }
    }

    /// A margin after an outcome word, from token `k`: "by 30", "by 30 or
    /// more", "by more than 20", "by at least 10"; its comparison, number
    /// and end.
    fn margin_after(&self, k: usize) -> Option<(Cmp, f64, usize)> {
        let free = |j: usize| j < self.toks.len() && !self.claims.is_claimed(j);
        if !free(k) || self.norm(k) != "by" {
            return None;
        }
        let mut j = k + 1;
        let mut cmp = Cmp::Eq;
        let two =
            |a: &str, b: &str| free(j) && free(j + 1) && self.norm(j) == a && self.norm(j + 1) == b;
        if two("more", "than") || two("at", "least") || two("less", "than") || two("at", "most") {
            cmp = match self.norm(j) {
                "more" => Cmp::Gt,
                "at" if self.norm(j + 1) == "least" => Cmp::Ge,
                "at" => Cmp::Le,
                _ => Cmp::Lt,
            };
            j += 2;
        } else if free(j) && matches!(self.norm(j), "over" | "under") {
            cmp = if self.norm(j) == "over" {
                Cmp::Gt
            } else {
                Cmp::Lt
            };
            j += 1;
        }
        let n = free(j).then(|| self.toks[j].number()).flatten()?;
        j += 1;
        if cmp == Cmp::Eq {
            if let Some((c, len)) = self.trailing_at(j) {
                cmp = c;
                j += len;
            }
        }
        Some((cmp, n, j))
    }

    /// Whether column `c` is numeric and holds values below zero.
    fn holds_negatives(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        col.ty.is_numeric()
            && col
                .min
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| m < 0.0)
    }

    /// A condition a word implies rather than a number states ("freezing",
    /// "negative", "shrinking"): claims the span, notes it and adds the
    /// condition, inferred.
    pub(super) fn inferred_number(
        &mut self,
        span: (usize, usize),
        name: String,
        op: CompareOp,
        value: Literal,
    ) {
        self.claims.claim(span, ClaimedBy::Number);
        let source = self.span_text(span.0, span.1);
        self.note(Note::Number {
            source: source.clone(),
            field: name.clone(),
            matched: MatchKind::Inferred,
            confidence: confidence::INFERRED,
        });
        self.phrases.push(span);
        self.push_condition(
            span,
            Condition {
                field: name,
                op,
                values: vec![value],
                source,
                matched: MatchKind::Inferred,
                confidence: confidence::INFERRED,
            },
        );
    }

    /// Whether an unclaimed plural noun that names no field follows `k`
    /// ("1,000 cases", "500 deaths"): the number counts those things.
    fn counted_noun_after(&self, k: usize) -> bool {
        let Some(t) = self.toks.get(k) else {
            return false;
        };
        t.is_word()
            && !self.claims.is_claimed(k)
            && t.norm.len() >= 4
            && t.norm.ends_with('s')
            && t.stem != t.norm
            && !is_stopword(&t.norm)
            && !self.fields.iter().any(|f| f.start == k)
            && crate::lexicon::month_index(&t.norm).is_none()
    }

    /// The field mention starting at `k`, after up to `skip` stopwords.
    fn mention_after(&self, mut k: usize, skip: usize) -> Option<&FieldMention> {
        let mut budget = skip + 1;
        while budget > 0 {
            if let Some(f) = self.fields.iter().find(|f| f.start == k) {
                return Some(f);
            }
            if self.subject_word(k) {
                k += 1;
                continue;
            }
            budget -= 1;
            if k >= self.toks.len() || !self.toks[k].is_word() || !is_stopword(self.norm(k)) {
                return None;
            }
            k += 1;
        }
        None
    }

    /// The field mention that spans token `k` and began before it (the
    /// comparative of "carapace wider than" is part of the mention of
    /// `cw`), unless a number took it already.
    fn mention_over(&self, k: usize) -> Option<&FieldMention> {
        self.fields
            .iter()
            .find(|f| f.start < k && k < f.end && !self.claims.is_field_attached(f.start))
    }

    /// The field mention ending just before `k`, after up to `skip`
    /// stopwords or field glue, unless a number took it already.
    fn mention_before(&self, mut k: usize, skip: usize) -> Option<&FieldMention> {
        let mut budget = skip + 1;
        while budget > 0 {
            if let Some(f) = self.fields.iter().find(|f| f.end == k) {
                return (!self.claims.is_field_attached(f.start)).then_some(f);
            }
            if k > 0 && self.subject_word(k - 1) {
                k -= 1;
                continue;
            }
            budget -= 1;
            if k == 0 || !self.toks[k - 1].is_word() {
                return None;
            }
            let w = self.norm(k - 1);
            if !(is_stopword(w) || is_field_glue(w)) {
                return None;
            }
            k -= 1;
        }
        None
    }

    /// Rewrites the phrase's numbers in column `col`'s unit and scale:
    /// an amount with a unit is converted ("2.5 kg" → 2500 for grams), a
    /// number with a magnitude is divided by the column's scale ("$100bn"
    /// → 100 in billions). Returns the unit the notes give the result in,
    /// and whether the column's unit was guessed, when the numbers changed
    /// or a unit was converted.
    fn to_field_unit(&self, p: &mut NumberPhrase, col: usize) -> Option<(String, bool)> {
        // "inmates 50 and older" on ages in months: an age said bare is in
        // years.
        if p.unit.is_none() && !p.percent && p.value <= 130.0 && self.age_in_months(col) {
            p.unit = Some(&crate::lexicon::units::YEAR);
        }
        let mut m = self.ix.measures[col];
        // "under 4 weeks" on a bare `duration` of 0 to 117, taken to be in
        // minutes by its name alone: days, weeks or months said of it, and
        // the number among its values, are its unit (not years: "over a
        // year" is no `duration > 1` of running times; but years are, on
        // durations of 1 to 47 that no running time is: spells in office).
        let bare = self
            .ix
            .column_name(col)
            .split('_')
            .all(|w| matches!(w, "duration" | "runtime" | "spell" | "length"));
        if let Some(u) = p.unit.filter(|u| {
            bare && u.dim == Dimension::Duration
                && m.unit
                    .is_some_and(|cu| std::ptr::eq(cu, &crate::lexicon::units::MINUTE))
                && u.factor >= crate::lexicon::units::DAY.factor
                && (u.factor < crate::lexicon::units::YEAR.factor
                    || self.ix.profile.columns[col]
                        .max
                        .as_deref()
                        .and_then(|m| m.parse::<f64>().ok())
                        .is_some_and(|m| m <= 60.0))
                && in_range(&self.ix.profile.columns[col], p.value)
                && p.hi
                    .is_none_or(|h| in_range(&self.ix.profile.columns[col], h))
        }) {
            return Some((u.symbol.to_string(), true));
        }
        // A `length` read as a running time: its unit as one.
        if let Some(u) = p.unit {
            m.unit = m.unit_in(u.dim);
        }
        let mut guessed: Option<&'static Unit> = None;
        let mut changed = false;
        // One scale for every number of the phrase ("between 1m and 5m"),
        // the first number's.
        let fixed = match p.unit {
            Some(u) => self
                .stored_amount(col, p.value, u)
                .and_then(|(y, g)| g.map(|g| (p.value / y, g))),
            // "incomes under 20,000" on incomes of 12 to 250: an amount of
            // money far above the column's range is read in its scale too.
            // A count only when its column holds fractions (people in
            // millions, 0.4 to 33): whole counts (employees of 3 to
            // 4,000) are in ones, and more than them is none of them.
            None if p.scaled
                || m.dim == Some(Dimension::Money)
                || m.dim == Some(Dimension::Count)
                    && self.ix.column_type(col) == ColumnType::Float =>
            {
                self.amount_in_scale(col, p.value / m.scale)
                    .and_then(|(y, g)| g.map(|g| (p.value / y, g)))
            }
            None => None,
        }
        .filter(|(f, g)| g.dim == Dimension::Money && f.is_finite() && *f > 0.0);
        let mut one = |x: f64| -> f64 {
            let (y, g) = match (fixed, p.unit) {
                (Some((f, g)), _) => (x / f, Some(g)),
                (None, Some(u)) => self.stored_amount(col, x, u).unwrap_or((x, None)),
                (None, None) if p.scaled => (x / m.scale, None),
                (None, None) => (x, None),
            };
            if y == x {
                return x;
            }
            changed = true;
            // Years in whole days: 365 a year, not 365.25.
            let whole_days = self.ix.column_type(col) == ColumnType::Integer
                && p.unit
                    .is_some_and(|u| std::ptr::eq(u, &crate::lexicon::units::YEAR))
                && m.unit
                    .is_some_and(|u| std::ptr::eq(u, &crate::lexicon::units::DAY));
            let y = if whole_days { y.floor() } else { y };
            let same_unit = match (p.unit, m.unit) {
                (Some(u), Some(cu)) => u.generic || cu.generic || std::ptr::eq(u, cu),
                _ => p.unit.is_none(),
            };
            if g.is_some() {
                guessed = g;
            }
            round_significant(y, if same_unit && g.is_none() { 12 } else { 6 })
        };
        p.value = one(p.value);
        p.hi = p.hi.map(&mut one);
        p.list = p.list.iter().map(|&x| one(x)).collect();
        let converted_unit = match (p.unit, m.unit) {
            (Some(u), Some(cu)) => !(u.generic || cu.generic || std::ptr::eq(u, cu)),
            _ => false,
        };
        if !(changed || converted_unit) {
            return None;
        }
        let mut unit = match (m.unit, guessed) {
            // "2.5 thousand sq ft".
            (_, Some(g)) if g.generic && g.dim != p.unit.map_or(g.dim, |u| u.dim) => {
                format!("{} {}", g.symbol, p.unit.map_or("", |u| u.symbol))
            }
            (_, Some(g)) => g.symbol.to_string(),
            (Some(u), None) if !u.generic => u.symbol.to_string(),
            _ => String::new(),
        };
        let scale = [(1e9, "billion"), (1e6, "million"), (1e3, "thousand")]
            .iter()
            .find(|(s, _)| *s == m.scale)
            .map_or("", |(_, w)| w);
        if !scale.is_empty() {
            unit = if unit.is_empty() {
                scale.to_string()
            } else {
                format!("{scale} {unit}")
            };
        }
        Some((unit, guessed.is_some()))
    }

    /// Whether column `c` is the year column and holds calendar years
    /// (four digits), which no count of years compares.
    fn calendar_years(&self, c: usize) -> bool {
        let col = &self.ix.profile.columns[c];
        Some(c) == self.year_column()
            && col.ty.is_numeric()
            && col
                .min
                .as_deref()
                .and_then(|m| m.parse::<f64>().ok())
                .is_some_and(|m| m >= 1000.0)
    }

    /// Whether column `c` holds years in two digits: named for a year
    /// (`year`, `birth_yr`), whole numbers under 100.
    fn in_two_digit_years(&self, c: usize) -> bool {
        two_digit_years(&self.ix.profile.columns[c])
    }

    /// A number as a literal of the column's type.
    fn number_literal(&self, col: usize, v: f64) -> Literal {
        // "born in 1988" on a year column of two-digit years: 88.
        let v = if (1000.0..=2100.0).contains(&v)
            && Some(col) == self.year_column()
            && (self.in_two_digit_years(col)
                || !self.ix.column_name(col).split('_').any(|w| w == "season"))
        {
            self.stored_year(col, v as i64) as f64 + v.fract()
        } else {
            v
        };
        match self.ix.column_type(col) {
            ColumnType::Integer if v.fract() == 0.0 => Literal::Integer(v as i64),
            ColumnType::Date | ColumnType::DateTime => Literal::Text(format_number(v)),
            _ => Literal::Float(v),
        }
    }
}

/// The base of the logarithms a field's name says it holds: `log_radon`,
/// `ln_wage` (natural, as statistics packages write them),
/// `log10_gdp`.
fn log_base(name: &str) -> Option<f64> {
    let first = name.split('_').next()?;
    let rest = name.len() > first.len() + 1;
    match first {
        "log" | "ln" if rest => Some(std::f64::consts::E),
        "log10" | "lg" if rest => Some(10.0),
        _ => None,
    }
}

/// Parts of a column name that make it a rate.
const RATE_WORDS: &[&str] = &["rate", "rte", "per", "pc", "capita", "percap", "ratio"];

/// Whether a field's name is for the land something stands on (`lotsize`,
/// `land_area`), which is not the size of the thing itself.
fn is_grounds(name: &str) -> bool {
    name.starts_with("lotsize")
        || name.split('_').any(|w| {
            matches!(
                w,
                "lot" | "lotsize" | "lotarea" | "land" | "plot" | "grounds" | "acreage"
            )
        })
}

/// A year `y` compared on a date column: a range of days ("after 2010" is
/// from 2011-01-01); `h` is a range's last year.
fn year_on_date(cmp: Cmp, y: i64, h: i64) -> (CompareOp, Vec<Literal>) {
    match cmp {
        Cmp::Eq => (CompareOp::StartsWith, vec![Literal::Text(y.to_string())]),
        Cmp::Gt | Cmp::After => (
            CompareOp::Ge,
            vec![Literal::Text(format!("{}-01-01", y + 1))],
        ),
        Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![Literal::Text(format!("{y}-01-01"))]),
        Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![Literal::Text(format!("{y}-01-01"))]),
        Cmp::Le => (
            CompareOp::Lt,
            vec![Literal::Text(format!("{}-01-01", y + 1))],
        ),
        Cmp::Ne => (CompareOp::NotContains, vec![Literal::Text(y.to_string())]),
        Cmp::Between => (
            CompareOp::Between,
            vec![
                Literal::Text(format!("{y}-01-01")),
                Literal::Text(format!("{h}-12-31T23:59:59")),
            ],
        ),
    }
}

/// A year compared on seasons written from their first year ("1959-60"),
/// as text: "before 1960" is `< '1960'`, "in 1970" starts with "1970".
fn year_on_season(cmp: Cmp, y: i64, h: i64) -> (CompareOp, Vec<Literal>) {
    let text = |y: i64| Literal::Text(y.to_string());
    match cmp {
        Cmp::Eq => (CompareOp::StartsWith, vec![text(y)]),
        Cmp::Gt | Cmp::After => (CompareOp::Ge, vec![text(y + 1)]),
        Cmp::Ge | Cmp::Since => (CompareOp::Ge, vec![text(y)]),
        Cmp::Lt | Cmp::Before => (CompareOp::Lt, vec![text(y)]),
        Cmp::Le => (CompareOp::Lt, vec![text(y + 1)]),
        Cmp::Ne => (CompareOp::NotContains, vec![text(y)]),
        Cmp::Between => (
            CompareOp::Between,
            vec![text(y), Literal::Text(format!("{h}~"))],
        ),
    }
}

/// Words of a result that is a loss or a win ("lost", "a loss",
/// "profitable"): below or above zero on a signed column of results.
fn outcome_word(w: &str) -> Option<CompareOp> {
    match w {
        "lost" | "lose" | "loses" | "losing" | "loss" | "losses" | "unprofitable"
        | "loss-making" | "deficit" | "deficits" => Some(CompareOp::Lt),
        "won" | "win" | "wins" | "winning" | "profitable" => Some(CompareOp::Gt),
        _ => None,
    }
}

impl Ctx<'_> {
    /// "income under 15k" of `income` = 'lt15k', "over 50k" of '50k+':
    /// a comparator and a number that a text field of brackets writes as
    /// one of its codes ("lt15k", "<15000", "under $15k"; "50k+",
    /// ">50k", "gt50k", "over 50k"). One column's value only; the field
    /// named right before is claimed with them.
    pub(super) fn bracket_codes(&mut self) {
        let mut ops = self.ops.clone();
        // "10+ years" of `emp_ge_10`: a number with a plus after it.
        for k in 0..self.toks.len() {
            if self.toks[k].number().is_some()
                && self.toks.get(k + 1).is_some_and(|t| t.norm == "+")
                && !ops.iter().any(|o| o.end == k)
            {
                ops.push(OpMention {
                    start: k,
                    end: k,
                    cmp: Cmp::Ge,
                    implies: None,
                    graded: None,
                });
            }
        }
        for o in &ops {
            let at = o.end;
            let Some(v) = self.toks.get(at).and_then(|t| t.number()) else {
                continue;
            };
            if self.claims.claimed_by(at) == Some(ClaimedBy::Number) || v <= 0.0 || v.fract() != 0.0
            {
                continue;
            }
            let below = match o.cmp {
                Cmp::Lt | Cmp::Le => true,
                Cmp::Gt | Cmp::Ge => false,
                _ => continue,
            };
            let mut written = vec![format!("{v}")];
            if v >= 1000.0 && v % 1000.0 == 0.0 {
                written.push(format!("{}k", v / 1000.0));
            }
            let codes: Vec<String> = written
                .iter()
                .flat_map(|n| {
                    if below {
                        vec![
                            format!("lt{n}"),
                            format!("le{n}"),
                            format!("<{n}"),
                            format!("under{n}"),
                            format!("lessthan{n}"),
                            format!("below{n}"),
                        ]
                    } else {
                        vec![
                            format!("{n}+"),
                            format!(">{n}"),
                            format!("gt{n}"),
                            format!("ge{n}"),
                            format!("over{n}"),
                            format!("morethan{n}"),
                            format!("above{n}"),
                        ]
                    }
                })
                .collect();
            let squash = |s: &str| -> String {
                s.to_lowercase()
                    .chars()
                    .filter(|c| !matches!(c, ' ' | '$' | ',' | '-' | '_' | '€' | '£'))
                    .collect()
            };
            let found: Vec<(usize, String)> = self
                .ix
                .short_codes
                .iter()
                .map(|&id| &self.ix.values[id as usize])
                .filter(|e| {
                    let sv = squash(&e.value);
                    codes.iter().any(|c| {
                        sv == *c
                            // `emp_ge_10` beside `emp_1`: after the prefix
                            // every value of the field shares.
                            || sv.strip_suffix(c.as_str()).is_some_and(|head| {
                                let vals = &self.ix.profile.columns[e.column].values;
                                !head.is_empty()
                                    && vals.len() >= 3
                                    && vals.iter().all(|v| squash(&v.value).starts_with(head))
                            })
                    })
                })
                .map(|e| (e.column, e.value.clone()))
                .collect();
            let [(col, value)] = &found[..] else {
                continue;
            };
            // "claims over 35" beside `age` '>35': a field named next to
            // the number that is not the brackets' keeps it.
            let other_named = |f: &super::FieldMention| f.columns.iter().all(|c| c.0 != *col);
            if self
                .fields
                .iter()
                .any(|f| (f.end == o.start || f.start == at + 1) && other_named(f))
            {
                continue;
            }
            let plus = o.start == o.end;
            let mut span = (o.start, if plus { at + 2 } else { at + 1 });
            if let Some(f) = self
                .fields
                .iter()
                .find(|f| f.end == o.start && f.columns.iter().any(|c| c.0 == *col))
            {
                span.0 = f.start;
                self.claims.attach_field(f.start);
            }
            let name = self.ix.column_name(*col).to_string();
            self.inferred_number(span, name, CompareOp::Eq, Literal::Text(value.clone()));
        }
    }
}
