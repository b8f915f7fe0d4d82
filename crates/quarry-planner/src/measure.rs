//! What a numeric column measures, read from its profile: its name, its
//! type and its range, nothing else. Built with the index, once per
//! dataset version.
//!
//! The heuristics, in order:
//! 1. Only integer and float columns measure anything.
//! 2. The name is split into words (`living_area_sqft` → living, area,
//!    sqft). A scale word (`bn`, `million`, `k`, …) says the stored number
//!    is in billions, millions or thousands; it is set aside (but a `k`
//!    beside a temperature's word is kelvin: `air_temperature_k`).
//! 3. A percent word (`pct`, `percent`) makes a percentage.
//! 4. A unit word gives the unit (`miles`, `usd`, `km2`, the pairs `sq ft`,
//!    `km h`). An abbreviation that is common elsewhere (`s`, `h`, `g`, `c`,
//!    `f`, `min`, `in`) counts only after another word of the name and only
//!    when the name's dimension words, if any, agree with it (`time_min` is
//!    minutes; `temp_min` is a minimum temperature). `m` is millions in a
//!    name about money or counts (`revenue_m`), metres otherwise.
//! 5. Without a unit, a dimension word gives the dimension (`price` is
//!    money of no stated currency, `height` a length of unknown unit).
//!    Then the range decides where English does not: a `duration` or
//!    `runtime` whose values stay under 400 is in minutes; a temperature
//!    whose maximum is above 50 is in °F, else in °C. A name that is
//!    only `length` is also read as a running time (in minutes under the
//!    same range rule), since films, songs and calls have one.
//!    With no measure word, `alt` and `elev` of values past 100 are a
//!    height above the sea, and `amount` (`amt`) of values from 0 past 100
//!    is money; a height above the sea past Everest's 8,849 is in feet.
//! 6. An age (`age`) is a duration in years that a phrase reaches only by
//!    naming it or saying "years old"; a calendar part (`day`, `month`,
//!    `year`) and a yes/no flag (0 and 1 only) measure nothing, so that
//!    "days over 90°F" never compares the day of the month, nor "ulcers
//!    over 3 mm" a flag.
//! 7. Across the table ([`share_units`]): a length, area, mass or volume of
//!    unknown unit takes the one unit its dimension's other columns write.
//! 8. A price quoted as `open`, `high`, `low` and `close` ([`price_quotes`])
//!    is money.

use crate::lexicon::units::{
    self, dimension_word, is_age_word, is_calendar_word, name_scale, name_unit, name_unit_pair,
    Dimension, NamePart, Unit,
};
use crate::profile::{ColumnProfile, ColumnType};
use crate::text::words;

/// What kind of number a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A measure (or a number of unknown meaning when `dim` is `None`).
    Measure,
    /// An age in years.
    Age,
    /// A part of the calendar or a yes/no flag: no measure.
    NotAMeasure,
}

/// A column's dimension, unit and scale.
#[derive(Debug, Clone, Copy)]
pub struct Measure {
    pub dim: Option<Dimension>,
    /// The unit when the name (or the range) says it; `None` for a
    /// dimension of unknown unit.
    pub unit: Option<&'static Unit>,
    /// The stored number times `scale` is the amount in `unit`.
    pub scale: f64,
    pub role: Role,
    /// A second reading of a name English leaves open, with its unit: a
    /// bare `length` is a distance or the running time of a film, a song
    /// or a call (step 5).
    pub also: Option<(Dimension, Option<&'static Unit>)>,
}

impl Measure {
    const NONE: Measure = Measure {
        dim: None,
        unit: None,
        scale: 1.0,
        role: Role::Measure,
        also: None,
    };

    fn of(unit: &'static Unit, scale: f64) -> Measure {
        Measure {
            dim: Some(unit.dim),
            unit: Some(unit),
            scale,
            role: Role::Measure,
            also: None,
        }
    }

    /// Whether the column can hold an amount of dimension `d`.
    pub fn reads(&self, d: Dimension) -> bool {
        self.dim == Some(d) || self.also.is_some_and(|(a, _)| a == d)
    }

    /// The column's unit when it is read as dimension `d` (its own unit
    /// when it measures no known dimension).
    pub fn unit_in(&self, d: Dimension) -> Option<&'static Unit> {
        match self.also {
            Some((a, u)) if a == d && self.dim != Some(d) => u,
            _ => self.unit,
        }
    }
}

fn bound(v: &Option<String>) -> Option<f64> {
    v.as_deref().and_then(|s| s.parse::<f64>().ok())
}

/// The measure of one column.
pub fn measure_of(col: &ColumnProfile) -> Measure {
    if !matches!(col.ty, ColumnType::Integer | ColumnType::Float) {
        return Measure::NONE;
    }
    let mut all = words(&col.name.replace('_', " "));
    // `meantemp`, `totalpay`: one word gluing a known word to a measure's.
    if let [w] = &all[..] {
        if dimension_word(w).is_none() {
            // (Not `price2020`, a word and a year: the periods pass's.)
            if let Some(glued) = crate::index::split_glued(&col.name)
                .filter(|g| g.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
            {
                all = words(&glued.replace('_', " "));
            }
        }
    }
    // `high_t`, `low_t`: a day's highest or lowest temperature.
    let extreme = |w: &str| {
        matches!(
            w,
            "high" | "low" | "hi" | "lo" | "max" | "min" | "avg" | "mean"
        )
    };
    if all.len() == 2 && all.iter().any(|w| w == "t") && all.iter().any(|w| extreme(w)) {
        for w in all.iter_mut().filter(|w| *w == "t") {
            *w = "temperature".to_string();
        }
    }
    let mut scale = 1.0;
    let mut ws: Vec<&str> = Vec::new();
    // `air_temperature_k` of 295 to 305: a temperature's `k` is kelvin, no
    // thousands (none is below absolute zero, and thousands of degrees are
    // a star's, not a thermometer's).
    let kelvin = all
        .iter()
        .any(|w| dimension_word(w) == Some(Dimension::Temperature))
        && bound(&col.min).is_some_and(|m| m >= 0.0);
    for (k, w) in all.iter().enumerate() {
        match name_scale(w) {
            Some(_) if kelvin && w == "k" => ws.push("kelvin"),
            // A scale word after another word: `sales_usd_bn`.
            Some(s) if k > 0 => scale *= s,
            _ => ws.push(w),
        }
    }
    // `hgt97`, `diam96`: a measure's word cut short, a year glued on.
    let dims: Vec<Dimension> = ws
        .iter()
        .filter_map(|w| {
            let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
            // `time1`, `price2`: a measure's word with a member's number
            // (not a year's: `price2020` is the periods pass's).
            let member = w.len() - letters.len() <= 2;
            dimension_word(w)
                .or_else(|| dimension_word(letters).filter(|_| member))
                .or_else(|| units::dimension_of_cut(letters))
                // `futime`, `ptime`, `survtime`: a time glued to a short
                // word of what it times (not `daytime`, `overtime`).
                // Not a clock time (`deptime`, `endtime`, 0 to 2359).
                .or_else(|| {
                    let head = letters.strip_suffix("time")?;
                    let clock = matches!(
                        head,
                        "dep"
                            | "arr"
                            | "end"
                            | "start"
                            | "beg"
                            | "on"
                            | "off"
                            | "open"
                            | "cls"
                            | "crs"
                            | "sched"
                            | "act"
                    ) || bound(&col.max)
                        .is_some_and(|m| (1200.0..=2400.0).contains(&m));
                    ((1..=4).contains(&head.len())
                        && !clock
                        && !crate::lexicon::wordnet::knows(letters)
                        && head.bytes().all(|b| b.is_ascii_lowercase()))
                    .then_some(Dimension::Duration)
                })
        })
        .collect();
    // `market_cap`: a company's worth, money (a `cap` alone is a capacity).
    let mut dims = dims;
    if ws.windows(2).any(|p| p[0] == "market" && p[1] == "cap") {
        dims.push(Dimension::Money);
    }
    // `profit_margin`, `price_ratio`, `debt_share`: the head word says a
    // ratio of the amount the first word names, which is no amount itself.
    if ws.len() >= 2
        && matches!(
            ws[ws.len() - 1],
            "margin" | "ratio" | "pct" | "percent" | "share" | "yield"
        )
        && dims.len() == 1
        && dimension_word(ws[ws.len() - 1]).is_none()
    {
        return Measure::NONE;
    }
    let (min, max) = (bound(&col.min), bound(&col.max));
    if let Some(m) = unit_in_name(&ws, &dims, scale) {
        return m;
    }
    if dims.is_empty() {
        // `alt`, `elev`: a height above the sea when the values can be one
        // (an `alt` of 1 to 3 is some alternative's number).
        if ws.iter().any(|w| matches!(*w, "alt" | "elev"))
            && max.is_some_and(|m| m >= 100.0)
            && col.distinct_count > 20
        {
            dims.push(Dimension::Length);
        }
        // `amount`, `claim_amt`: with no other measure word, an amount of
        // money (payments, claims, loans, orders say so in their values'
        // cents or their size, but a count would say what it counts).
        if ws
            .iter()
            .any(|w| matches!(*w, "amount" | "amt" | "amnt" | "amounts"))
            && min.is_some_and(|m| m >= 0.0)
            && max.is_some_and(|m| m >= 100.0)
        {
            dims.push(Dimension::Money);
        }
    }
    // A height above the sea past Everest's 8,849 m is in feet.
    let elevation = ws
        .iter()
        .any(|w| matches!(*w, "elevation" | "elev" | "altitude" | "alt"))
        && dims.last() == Some(&Dimension::Length);
    if elevation && max.is_some_and(|m| m > 8_850.0 && m < 30_000.0) {
        return Measure::of(&units::FOOT, scale);
    }
    if ws.iter().any(|w| is_age_word(w)) && dims.is_empty() {
        // Ages past any person's or animal's years (concrete tested at 1
        // to 365 days) are in a unit the range tells.
        let years = max.is_none_or(|m| m <= 130.0);
        // A person's age in months: past any age in years (prisoners of
        // 198 to 933 months; not concrete tested at 1 to 365 days).
        // From ten years (120 months): not ages of 18 to 999 with 999 for
        // unknown, nor ages of sites of 12 to 1500.
        let months =
            !years && min.is_some_and(|m| m >= 120.0) && max.is_some_and(|m| m <= 130.0 * 12.0);
        return Measure {
            dim: Some(Dimension::Duration),
            // Past any years and at most a year of days (concrete tested
            // at 1 to 365): days.
            unit: if years {
                Some(&units::YEAR)
            } else if months {
                Some(&units::MONTH)
            } else if min.is_some_and(|m| m >= 0.0)
                && max.is_some_and(|m| (180.0..=400.0).contains(&m))
                && col.distinct_count <= 30
            {
                Some(&units::DAY)
            } else {
                None
            },
            scale,
            role: Role::Age,
            also: None,
        };
    }
    let flag = col.distinct_count <= 2 && min == Some(0.0) && max == Some(1.0);
    if flag || (ws.len() == 1 && is_calendar_word(ws[0])) {
        return Measure {
            role: Role::NotAMeasure,
            ..Measure::NONE
        };
    }
    // `no_of_sites`, `num_beds`, `n_children`: a number of things, which
    // no length or weight is ("sites higher than 5000 feet").
    let counted = ws.len() >= 2
        && matches!(
            ws[0],
            "no" | "num" | "number" | "nb" | "n" | "cnt" | "count"
        )
        && !ws.iter().any(|w| matches!(*w, "id" | "code"));
    let Some(&dim) = dims.last().or(counted.then_some(&Dimension::Count)) else {
        return Measure::NONE;
    };
    let unit = match dim {
        Dimension::Money => Some(&units::MONEY),
        Dimension::Count => Some(&units::COUNT),
        Dimension::Duration
            if ws.iter().any(|w| matches!(*w, "duration" | "runtime"))
                && min.is_some_and(|m| m >= 0.0)
                && max.is_some_and(|m| m <= 400.0) =>
        {
            Some(&units::MINUTE)
        }
        // Work experience is counted in years (a working life's, up to
        // 80). (Not a tenure: a customer's is in months.)
        Dimension::Duration
            if ws.iter().any(|w| matches!(*w, "experience" | "exper"))
                && max.is_some_and(|m| m <= 80.0) =>
        {
            Some(&units::YEAR)
        }
        // A stay (`los`, length of stay; `stay_days`) is counted in days.
        Dimension::Duration
            if ws.iter().any(|w| matches!(*w, "stay" | "los")) && min.is_some_and(|m| m >= 0.0) =>
        {
            Some(&units::DAY)
        }
        Dimension::Temperature => match max {
            // Thousands of degrees and none below 200 (stars, plasmas):
            // kelvin.
            Some(m) if m >= 2000.0 && min.is_some_and(|m| m >= 200.0) => Some(&units::KELVIN),
            Some(m) if m > 50.0 => Some(&units::FAHRENHEIT),
            Some(_) => Some(&units::CELSIUS),
            None => None,
        },
        _ => None,
    };
    let minutes = min.is_some_and(|m| m >= 0.0) && max.is_some_and(|m| m <= 400.0);
    // A bare `length` is also a running time; a bare `speed` also a
    // clock speed (computers).
    let also = match ws.as_slice() {
        _ if unit.is_some() => None,
        ["length"] | ["len"] => Some((Dimension::Duration, minutes.then_some(&units::MINUTE))),
        ["speed"] => Some((Dimension::Frequency, None)),
        _ => None,
    };
    Measure {
        dim: Some(dim),
        unit,
        scale,
        role: Role::Measure,
        also,
    }
}

/// Step 7: a length, area, mass or volume of unknown unit in a table whose
/// other columns of that dimension all write one unit takes it: `lotsize`
/// beside `sqrft` is in square feet, `width` beside `length_cm` in
/// centimetres. A table keeps to one system of units far more often than
/// not.
pub fn share_units(measures: &mut [Measure], columns: &[ColumnProfile]) {
    // A distance or a height above the sea is measured on its own scale
    // (miles beside feet): it takes no unit from a size.
    let apart = |c: usize| {
        words(&columns[c].name.replace('_', " ")).iter().any(|w| {
            matches!(
                w.as_str(),
                "distance" | "dist" | "elevation" | "elev" | "altitude" | "alt" | "range"
            )
        })
    };
    for dim in [
        Dimension::Length,
        Dimension::Area,
        Dimension::Mass,
        Dimension::Volume,
    ] {
        // A length in miles or kilometres is a distance or a position
        // (`river_mile`), which says nothing of the widths beside it.
        let mut named: Vec<&'static Unit> = measures
            .iter()
            .filter(|m| m.dim == Some(dim) && m.role == Role::Measure)
            .filter_map(|m| m.unit)
            .filter(|u| dim != Dimension::Length || u.factor <= 1.0)
            .collect();
        named.dedup_by(|a, b| std::ptr::eq(*a, *b));
        let [unit] = named[..] else {
            continue;
        };
        for (c, m) in measures.iter_mut().enumerate() {
            if m.dim == Some(dim) && m.role == Role::Measure && m.unit.is_none() && !apart(c) {
                m.unit = Some(unit);
            }
        }
    }
}

/// Step 8: a price quoted as `open`, `high`, `low` and `close` (a stock's
/// day) is money, in no named currency, as is its `adj_close`.
pub fn price_quotes(measures: &mut [Measure], columns: &[ColumnProfile]) {
    let has = |n: &str| columns.iter().any(|c| c.name == n && c.ty.is_numeric());
    if !(has("open") && has("high") && has("low") && has("close")) {
        return;
    }
    for (c, m) in measures.iter_mut().enumerate() {
        let quote = matches!(
            columns[c].name.as_str(),
            "open" | "high" | "low" | "close" | "adj_close" | "adjusted_close"
        );
        if quote && m.dim.is_none() && columns[c].ty.is_numeric() {
            *m = Measure::of(&crate::lexicon::units::MONEY, 1.0);
        }
    }
}

/// The unit a column name writes, with its scale (steps 3 and 4 of the
/// module's heuristics).
fn unit_in_name(ws: &[&str], dims: &[Dimension], scale: f64) -> Option<Measure> {
    for pair in ws.windows(2) {
        if let Some(u) = name_unit_pair(pair[0], pair[1]) {
            return Some(Measure::of(u, scale));
        }
    }
    let agrees = |d: Dimension| dims.iter().all(|&x| x == d);
    let about_amounts = dims
        .iter()
        .any(|d| matches!(d, Dimension::Money | Dimension::Count));
    // The last unit word wins: `wage_usd_per_hour` is money.
    for (k, w) in ws.iter().enumerate().rev() {
        match name_unit(w) {
            // `gr_liv_area`: a unit's letters opening a name whose measure
            // word says another dimension are no unit of it.
            Some(NamePart::Unit(u)) if k > 0 || ws.len() == 1 || agrees(u.dim) => {
                return Some(Measure::of(u, scale))
            }
            Some(NamePart::Abbreviation(u)) if k > 0 && agrees(u.dim) => {
                // `temp_c` and `temp_f` need the temperature word.
                if u.dim == Dimension::Temperature && dims.is_empty() {
                    continue;
                }
                return Some(Measure::of(u, scale));
            }
            // `etr_w_m_2` (watts per square metre), `cd_m_2`: a metre
            // squared or cubed under a rate, no length.
            Some(NamePart::MetreOrMillion)
                if ws.get(k + 1).is_some_and(|n| matches!(*n, "2" | "3")) =>
            {
                return None
            }
            Some(NamePart::MetreOrMillion) if k > 0 => {
                if about_amounts {
                    let unit = if dims.contains(&Dimension::Money) {
                        &units::MONEY
                    } else {
                        &units::COUNT
                    };
                    return Some(Measure::of(unit, scale * 1e6));
                }
                if agrees(Dimension::Length) {
                    return Some(Measure::of(&units::METRE, scale));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::ColumnProfile;

    fn col(name: &str, ty: ColumnType, min: &str, max: &str) -> ColumnProfile {
        ColumnProfile {
            name: name.to_string(),
            original_name: name.to_string(),
            ordinal: 1,
            ty,
            null_count: 0,
            distinct_count: 10,
            min: Some(min.to_string()),
            max: Some(max.to_string()),
            values: Vec::new(),
            full_text: false,
        }
    }

    fn unit(name: &str, min: &str, max: &str) -> (Option<&'static str>, f64, Role) {
        let m = measure_of(&col(name, ColumnType::Float, min, max));
        (m.unit.map(|u| u.symbol), m.scale, m.role)
    }

    #[test]
    fn units_from_names() {
        for (name, want, scale) in [
            ("weight_g", "g", 1.0),
            ("height_cm", "cm", 1.0),
            ("time_s", "s", 1.0),
            ("net_s", "s", 1.0),
            ("dist_miles", "mi", 1.0),
            ("climb_ft", "ft", 1.0),
            ("wind_mph", "mph", 1.0),
            ("temp_c", "°C", 1.0),
            ("temp_f", "°F", 1.0),
            ("rain_mm", "mm", 1.0),
            ("sales_usd_bn", "USD", 1e9),
            ("living_area_sqft", "sq ft", 1.0),
            ("lot_size_acres", "acres", 1.0),
            ("wage_usd_per_hour", "USD", 1.0),
            ("duration_min", "min", 1.0),
            ("time_min", "min", 1.0),
            ("price_eur", "EUR", 1.0),
            ("revenue_m", "money", 1e6),
            ("population_m", "", 1e6),
            ("climb_m", "m", 1.0),
            ("land_area_km2", "km²", 1.0),
            ("wt_loss_lb", "lb", 1.0),
            ("rec_ver_tat_h", "h", 1.0),
            ("women_pct", "%", 1.0),
            ("speed_km_h", "km/h", 1.0),
            ("speed_knots", "kn", 1.0),
            ("hindfoot_length_mm", "mm", 1.0),
            ("time_days", "days", 1.0),
            ("education_years", "years", 1.0),
            ("price", "money", 1.0),
            ("gdp_k", "money", 1e3),
        ] {
            let got = unit(name, "0", "100");
            assert_eq!((got.0, got.1), (Some(want), scale), "{name}");
        }
    }

    #[test]
    fn abbreviations_need_agreeing_words() {
        // A minimum temperature, not minutes.
        assert_eq!(unit("temp_min", "-5", "20").0, Some("°C"));
        // A bare letter is no unit.
        assert_eq!(unit("c", "0", "9").0, None);
        assert_eq!(unit("vit_c", "0", "400").0, None);
        assert_eq!(unit("sex_f", "0", "1").0, None);
    }

    #[test]
    fn units_from_the_range() {
        assert_eq!(unit("runtime", "74", "195").0, Some("min"));
        assert_eq!(unit("duration", "60", "5000").0, None);
        assert_eq!(unit("temperature", "56", "97").0, Some("°F"));
        assert_eq!(unit("temp", "-1.5", "23.9").0, Some("°C"));
        assert_eq!(unit("height", "150", "200").0, None);
    }

    #[test]
    fn ages_and_calendar_parts() {
        assert_eq!(unit("age", "4", "95"), (Some("years"), 1.0, Role::Age));
        assert_eq!(unit("mother_age", "14", "45").2, Role::Age);
        // Ages in months past any age in years; in days, unknown.
        assert_eq!(unit("age", "198", "933"), (Some("months"), 1.0, Role::Age));
        assert_eq!(unit("age", "1", "365").0, Some(units::DAY.symbol));
        assert_eq!(unit("day", "1", "31").2, Role::NotAMeasure);
        assert_eq!(unit("month", "1", "12").2, Role::NotAMeasure);
        let mut flag = col("ulcer", ColumnType::Integer, "0", "1");
        flag.distinct_count = 2;
        assert_eq!(measure_of(&flag).role, Role::NotAMeasure);
        let text = col("weight_g", ColumnType::Text, "a", "b");
        assert!(measure_of(&text).dim.is_none());
    }
}
