//! A dataset's SQLite file: import from CSV ([`import_csv`]), the stored
//! profile ([`load_profile`]) and read-only execution of a rendered `SELECT`
//! ([`DatasetReader`]).
//!
//! This crate knows nothing of HTTP, accounts or the catalog: it is given
//! paths and returns values.

pub mod engine;
pub mod import;
mod names;
mod store;
mod value;

pub use engine::{CancelFlag, DatasetReader, EngineError, ResultItem, MAX_RESULT_BYTES};
pub use import::{import_csv, remove_stale_temp_files, ImportError, ImportOptions, Imported};
pub use names::normalise as normalise_column_name;
pub use store::{load_profile, DatasetError, FORMAT_VERSION, META_TABLE, PROFILE_TABLE};
pub use value::format_float;
