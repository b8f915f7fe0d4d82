//! Quarry's natural-language planner: a search phrase plus a dataset profile
//! in, a [`QueryPlan`] out.
//!
//! Invariants: the planner does no IO and knows nothing of HTTP, SQLite or
//! SQL text. Everything it knows about a dataset comes from the
//! [`DatasetProfile`]; everything it decides is in the [`QueryPlan`], which the
//! SQL renderer (`quarry-sql`) turns into a statement.

mod confidence;
mod index;
mod lexicon;
mod measure;
mod note;
mod plan;
mod taught;
mod text;
mod understand;

pub use note::{Note, Teaching};
pub use plan::{
    CompareOp, Condition, Direction, Figure, FigureKind, Filter, Literal, MatchKind, OrderBy,
    OrderKey, QueryPlan, Tier, TraitMatch, WEEKDAY_NAMES,
};
pub use quarry_profile::{
    ColumnProfile, ColumnType, DatasetProfile, ValueCount, NUMBER_FUNCTION, YEAR_FUNCTION,
};
pub use quarry_vocabulary::Vocabulary;
// The profile types live in `quarry-profile` (shared with the dataset
// store); the planner's modules name them `crate::profile::…`.
use quarry_profile as profile;

/// A planner for one dataset. Building it indexes the profile (field words,
/// categorical values); build it once per dataset version and share it.
pub struct Planner {
    index: index::Index,
}

impl Planner {
    pub fn new(profile: &DatasetProfile) -> Planner {
        Planner::with_vocabulary(profile, &Vocabulary::default())
    }

    /// A planner that also reads what the dataset's vocabulary teaches:
    /// field synonyms, units and descriptions, value aliases, superlatives
    /// (both tiers). Entries that do not fit the profile are left out.
    pub fn with_vocabulary(profile: &DatasetProfile, vocabulary: &Vocabulary) -> Planner {
        Planner {
            index: index::Index::build(profile, vocabulary),
        }
    }

    pub fn profile(&self) -> &DatasetProfile {
        &self.index.profile
    }

    /// Plans one phrase. Never fails: what it cannot understand it says so in
    /// the plan's notes.
    pub fn plan(&self, query: &str, tier: Tier) -> QueryPlan {
        self.plan_on(query, tier, Day::today())
    }

    /// Plans one phrase as of `today`, the day relative dates ("last 3
    /// years", "this year") are counted from.
    pub fn plan_on(&self, query: &str, tier: Tier, today: Day) -> QueryPlan {
        understand::plan(&self.index, query, tier, today)
    }
}

/// The order a superlative word asks for in the built-in table ("smallest"
/// ascending, "largest" descending), for a taught superlative written
/// without one; `None` for a word the table does not have (the planner then
/// orders descending).
pub fn superlative_direction(word: &str) -> Option<Direction> {
    taught::built_in_direction(&text::words(word)).map(|desc| {
        if desc {
            Direction::Desc
        } else {
            Direction::Asc
        }
    })
}

/// A calendar day (proleptic Gregorian), for relative dates. The calendar
/// itself is `chrono`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Day {
    /// Today in UTC, from the system clock.
    pub fn today() -> Day {
        Day::of(chrono::Utc::now().date_naive())
    }

    /// Civil date from days since 1970-01-01. Days beyond the calendar's
    /// range (about 262,000 years either way) stop at its ends.
    pub fn from_days_since_epoch(days: i64) -> Day {
        let date = i32::try_from(days)
            .ok()
            .and_then(chrono::NaiveDate::from_epoch_days)
            .unwrap_or(if days < 0 {
                chrono::NaiveDate::MIN
            } else {
                chrono::NaiveDate::MAX
            });
        Day::of(date)
    }

    fn of(date: chrono::NaiveDate) -> Day {
        use chrono::Datelike;
        Day {
            year: date.year(),
            month: date.month(),
            day: date.day(),
        }
    }

    /// The same day `n` months earlier (clamped to the month's length).
    /// A day whose month is not 1 to 12, or that would fall outside the
    /// calendar's range, is returned as it is.
    pub fn months_back(self, n: i32) -> Day {
        use chrono::{Datelike, Months, NaiveDate};
        let months = Months::new(n.unsigned_abs());
        let target = NaiveDate::from_ymd_opt(self.year, self.month, 1).and_then(|first| {
            if n >= 0 {
                first.checked_sub_months(months)
            } else {
                first.checked_add_months(months)
            }
        });
        match target {
            Some(t) => Day {
                year: t.year(),
                month: t.month(),
                day: self.day.min(u32::from(t.num_days_in_month())),
            },
            None => self,
        }
    }

    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::Day;

    fn day(year: i32, month: u32, day: u32) -> Day {
        Day { year, month, day }
    }

    /// The values the hand-written algorithm (Hinnant's) gave before the
    /// calendar became `chrono`'s.
    #[test]
    fn days_since_the_epoch() {
        for (days, want) in [
            (0, day(1970, 1, 1)),
            (-1, day(1969, 12, 31)),
            (59, day(1970, 3, 1)),
            (11_016, day(2000, 2, 29)),
            (11_017, day(2000, 3, 1)),
            (-25_567, day(1900, 1, 1)),
            (-141_428, day(1582, 10, 14)),
            (-719_468, day(0, 3, 1)),
            (-719_469, day(0, 2, 29)),
            (-2_932_897, day(-6060, 1, 2)),
            (2_932_896, day(9999, 12, 31)),
            (2_932_897, day(10000, 1, 1)),
            (20_414, day(2025, 11, 22)),
        ] {
            assert_eq!(Day::from_days_since_epoch(days), want, "{days}");
        }
        assert_eq!(day(0, 2, 29).iso(), "0000-02-29");
        assert_eq!(day(10000, 1, 1).iso(), "10000-01-01");
    }

    #[test]
    fn months_back_clamps_to_the_months_length() {
        for (from, n, want) in [
            (day(2000, 3, 31), 1, day(2000, 2, 29)),
            (day(2001, 3, 31), 1, day(2001, 2, 28)),
            (day(1900, 3, 31), 1, day(1900, 2, 28)),
            (day(2024, 2, 29), 12, day(2023, 2, 28)),
            (day(2026, 5, 31), 3, day(2026, 2, 28)),
            (day(2026, 11, 22), 36, day(2023, 11, 22)),
            (day(2026, 11, 22), 119_880, day(-7964, 11, 22)),
            (day(2024, 1, 31), -1, day(2024, 2, 29)),
            (day(1970, 1, 1), 1, day(1969, 12, 1)),
            (day(1, 1, 15), 1, day(0, 12, 15)),
        ] {
            assert_eq!(from.months_back(n), want, "{from:?} - {n}");
        }
    }
}
