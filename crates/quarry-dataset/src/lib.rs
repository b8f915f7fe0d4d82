//! The dataset store: where dataset versions live ([`DatasetStore`], with
//! [`SqliteStore`] its implementation here; `quarry-pg` has another), and everything inside a
//! version's SQLite file: import from CSV, TSV, JSON Lines or Parquet, the
//! text formats possibly gzip-compressed ([`import_file`]), the stored
//! profile ([`load_profile`]) and read-only execution of a rendered `SELECT`
//! ([`DatasetReader`]).
//!
//! [`generate`] writes the deterministic companies dataset the benchmarks
//! use; the `gen-companies` and `import-bench` programs wrap it:
//! `cargo run --release -p quarry-dataset --bin import-bench -- --rows 10000000`.
//!
//! This crate knows nothing of HTTP, accounts, the catalog or the planner
//! (the profile types are `quarry-profile`'s): it is given version names or
//! paths and returns values.

pub mod engine;
mod file_meta;
pub mod generate;
pub mod import;
mod names;
pub mod pool;
pub mod rank;
mod source;
mod store;
mod value;

pub use engine::{
    json_string_len, CancelFlag, DatasetReader, EngineError, ResultItem, RowCollector, Rows,
    FIGURE_COLUMN, MAX_RESULT_BYTES,
};
pub use file_meta::{load_profile, DatasetError, FORMAT_VERSION, META_TABLE, PROFILE_TABLE};
pub use import::{
    import_csv, import_file, parse_column_type, parse_type_override, remove_stale_temp_files,
    ImportError, ImportOptions, ImportTimings, Imported, Phase, Progress, TypeOrigin,
};
pub use names::normalise as normalise_column_name;
pub use source::{Encoding, Format, Location};
pub use store::{DatasetStore, SqliteStore, DATASETS_DIR};
pub use value::{format_float, Cell};
