//! Why an import fails: [`ImportError`], and the descriptions its messages
//! are made of. Every message names the file and, where there is one, the
//! line (or row group) and the column, because the operator fixes the file,
//! not the importer; the messages are part of the CLI's and the console's
//! output and do not change with the code around them.

use super::{MAX_COLUMNS, MAX_COLUMN_NAME_CHARS};
use crate::source::Location;
use quarry_profile::{ColumnType, DatasetId, InvalidDatasetId};

/// Longest value quoted in full in a message.
const MAX_VALUE_SHOWN: usize = 100;

/// Where a column's fixed type came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeOrigin {
    /// A `--type` override.
    Override,
    /// The Parquet column type.
    Parquet,
}

/// Why an import failed. Nothing is left in the destination directory.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    InvalidDatasetId(#[from] InvalidDatasetId),
    #[error("invalid dataset id {id:?}: the name is reserved")]
    ReservedDatasetId { id: String },
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: the file is empty; a header row (or, for JSON Lines, an object) is required")]
    Empty { file: String },
    #[error("{file}: {count} columns; a dataset may have at most {max}", max = MAX_COLUMNS)]
    TooManyColumns { file: String, count: usize },
    #[error("{file}: column {position} has a name of {chars} characters ({start:?}…); a column name may have at most {max}", max = MAX_COLUMN_NAME_CHARS)]
    ColumnNameTooLong {
        file: String,
        /// 1-based.
        position: usize,
        chars: usize,
        /// The name's first characters.
        start: String,
    },
    #[error("{file}: the data is larger than the limit of {} once decompressed; nothing was imported", describe_bytes(*.limit))]
    TooLarge { file: String, limit: u64 },
    #[error("{file}: more than {limit} rows, the most an upload may have; nothing was imported")]
    TooManyRows { file: String, limit: u64 },
    #[error("{file}, line {line}: {found} fields where the header has {expected} (delimiter {delimiter}; a field holding the delimiter must be quoted)")]
    RaggedRow {
        file: String,
        line: u64,
        expected: usize,
        found: usize,
        delimiter: String,
    },
    #[error(
        "{file}, line {line}, column {column}: invalid UTF-8 (the file must be UTF-8 encoded; for Latin-1/Windows-1252 files use --encoding latin1)"
    )]
    InvalidUtf8 {
        file: String,
        line: u64,
        column: String,
    },
    #[error("{file}, line {line}: {message}")]
    Csv {
        file: String,
        line: u64,
        message: String,
    },
    #[error("{file}, line {line}: invalid JSON Lines: {message}")]
    Json {
        file: String,
        line: u64,
        message: String,
    },
    #[error("{file}{}{}: {message}", .row_group.map(|g| format!(", row group {g}")).unwrap_or_default(), .column.as_ref().map(|c| format!(", column {c:?}")).unwrap_or_default())]
    Parquet {
        file: String,
        row_group: Option<usize>,
        column: Option<String>,
        message: String,
    },
    #[error("{file}, {location}, column {column:?}: value {} is not a valid {} ({})", show_value(.value), .ty.as_str(), describe_origin(*.origin, .column, *.ty))]
    TypeMismatch {
        file: String,
        location: Location,
        column: String,
        value: String,
        ty: ColumnType,
        origin: TypeOrigin,
    },
    #[error("{file}: --type names column {column:?}, which is not in the file; the columns are: {available}")]
    TypeColumnMissing {
        file: String,
        column: String,
        available: String,
    },
    #[error("{file}: id column {column:?} not found; the columns are: {available}")]
    IdColumnMissing {
        file: String,
        column: String,
        available: String,
    },
    #[error("{file}: id column {column:?} is empty on {count} row(s), first at {}", join_locations(.lines))]
    IdColumnNull {
        file: String,
        column: String,
        count: u64,
        lines: Vec<Location>,
    },
    #[error("{file}: id column {column:?} has {count} duplicate value(s): {}", describe_duplicates(.duplicates))]
    IdColumnDuplicate {
        file: String,
        column: String,
        count: u64,
        /// (value, where the duplicate is, where the first occurrence is).
        duplicates: Vec<(String, Location, Location)>,
    },
    #[error("{file}: building the dataset file: {}", describe_sqlite(.source))]
    Sqlite {
        file: String,
        #[source]
        source: rusqlite::Error,
    },
    /// A failure of another database than SQLite while a store of its own
    /// loaded the built dataset, as its driver said it.
    #[error("{file}: storing the dataset: {message}; nothing was imported")]
    Backend { file: String, message: String },
}

impl ImportError {
    /// Whether the import went past a size or row limit (a 413 for an
    /// upload) rather than finding something wrong in the file.
    pub fn is_over_limit(&self) -> bool {
        matches!(
            self,
            ImportError::TooLarge { .. } | ImportError::TooManyRows { .. }
        )
    }
}

/// A SQLite error, said plainly when it is the disk's: a full disk is
/// `SQLITE_FULL`; a write refused by a quota or a file size limit (EFBIG,
/// EDQUOT) reaches SQLite as a short write, `SQLITE_IOERR_WRITE`.
fn describe_sqlite(e: &rusqlite::Error) -> String {
    use rusqlite::ffi;
    match e.sqlite_error() {
        Some(f)
            if f.code == ffi::ErrorCode::DiskFull || f.extended_code == ffi::SQLITE_IOERR_WRITE =>
        {
            format!(
                "could not write it: the disk is full, or a quota or file size limit was reached \
                 ({e}); nothing was imported"
            )
        }
        _ => e.to_string(),
    }
}

fn describe_bytes(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

fn show_value(v: &str) -> String {
    if v.chars().count() > MAX_VALUE_SHOWN {
        let cut: String = v.chars().take(MAX_VALUE_SHOWN).collect();
        format!("{cut:?}…")
    } else {
        format!("{v:?}")
    }
}

fn describe_origin(origin: TypeOrigin, column: &str, ty: ColumnType) -> String {
    match origin {
        TypeOrigin::Override => format!("--type {column}={}; nothing was imported", ty.as_str()),
        TypeOrigin::Parquet => "the type of the Parquet column".to_string(),
    }
}

fn join_locations(locs: &[Location]) -> String {
    locs.iter()
        .map(Location::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe_duplicates(d: &[(String, Location, Location)]) -> String {
    d.iter()
        .map(|(v, at, first)| format!("{} at {at} (first at {first})", show_value(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The id as every part of Quarry accepts it ([`DatasetId`]), and not a
/// name SQLite or this file layout reserves for its own tables.
pub(super) fn check_dataset_id(id: &str) -> Result<(), ImportError> {
    DatasetId::parse(id)?;
    let lower = id.to_ascii_lowercase();
    if lower.starts_with("sqlite_") || lower.starts_with("_quarry") {
        return Err(ImportError::ReservedDatasetId { id: id.to_string() });
    }
    Ok(())
}
