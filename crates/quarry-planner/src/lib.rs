//! Quarry's natural-language planner: a search phrase plus a dataset profile
//! in, a [`QueryPlan`] out.
//!
//! Invariants: the planner does no IO and knows nothing of HTTP, SQLite or
//! SQL text. Everything it knows about a dataset comes from the
//! [`DatasetProfile`]; everything it decides is in the [`QueryPlan`], which the
//! SQL renderer (`quarry-sql`) turns into a statement.

mod index;
mod lexicon;
mod plan;
mod profile;
mod text;
mod understand;

pub use plan::{CompareOp, Condition, Direction, Filter, Literal, MatchKind, OrderBy, QueryPlan, Tier,
    TraitMatch};
pub use profile::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};

/// A planner for one dataset. Building it indexes the profile (field words,
/// categorical values); build it once per dataset version and share it.
pub struct Planner {
    index: index::Index,
}

pub use understand::ROW_ORDER_FIELD;

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
        understand::plan(&self.index, query, tier)
    }
}
