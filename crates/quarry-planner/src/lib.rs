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
mod note;
mod plan;
mod text;
mod understand;

pub use note::Note;
pub use plan::{
    CompareOp, Condition, Direction, Filter, Literal, MatchKind, OrderBy, OrderKey, QueryPlan,
    Tier, TraitMatch,
};
pub use quarry_profile::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};
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
        Planner {
            index: index::Index::build(profile),
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

/// A calendar day (proleptic Gregorian), for relative dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Day {
    /// Today in UTC, from the system clock.
    pub fn today() -> Day {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Day::from_days_since_epoch(secs.div_euclid(86_400))
    }

    /// Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    pub fn from_days_since_epoch(z: i64) -> Day {
        let z = z + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Day { year, month, day }
    }

    /// The same day `n` months earlier (clamped to the month's length).
    pub fn months_back(self, n: i32) -> Day {
        let total = self.year * 12 + self.month as i32 - 1 - n;
        let (year, month) = (total.div_euclid(12), total.rem_euclid(12) as u32 + 1);
        let days_in = match month {
            2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        Day {
            year,
            month,
            day: self.day.min(days_in),
        }
    }

    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}
