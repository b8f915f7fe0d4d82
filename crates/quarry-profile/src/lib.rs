//! The vocabulary that dataset storage and the planner share, in a crate of
//! its own so that neither depends on the other: the importer writes a
//! [`DatasetProfile`], the planner reads it, and a [`DatasetId`] is the one
//! rule for what may name a dataset (the catalog, the importer and the API
//! all parse ids with it).
//!
//! Plain values only (serde, no IO): a PostgreSQL store later produces the
//! same profile from a different place.

mod id;
mod profile;

pub use id::{DatasetId, InvalidDatasetId, MAX_LEN as MAX_DATASET_ID_LEN};
pub use profile::{
    number_in_text, year_in_text, ColumnProfile, ColumnType, DatasetProfile, ValueCount,
    NUMBER_FUNCTION, YEAR_FUNCTION,
};
