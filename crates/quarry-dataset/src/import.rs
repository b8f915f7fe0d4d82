//! Import: a dataset file built from a CSV, TSV, JSON Lines or Parquet file
//! (text formats possibly gzip-compressed) in two streaming passes.
//!
//! Every format is read as a stream of records of text fields (see
//! [`crate::source`]). Pass 1 reads the whole file, checks its shape (field
//! counts, UTF-8, the id column, values against fixed column types) and
//! keeps only per-column statistics: which types every value still fits,
//! and distinct values with counts (capped). Pass 2 reads it again and
//! inserts the converted records into a new SQLite file while a second
//! thread builds the FTS5 index in a file of its own; then come the B-tree
//! indexes, the FTS index copied in, `ANALYZE` and the stored profile. Files
//! are built under temporary names, and the dataset file is renamed only
//! when complete: a failed import leaves nothing behind.

use crate::file_meta::{self, META_TABLE, PROFILE_TABLE};
use crate::names;
use crate::source::{self, Encoding, Format, Location, RowSource, SourceSpec};
use crate::value::{self, Cell, Fit};
use quarry_profile::{
    ColumnProfile, ColumnType, DatasetId, DatasetProfile, InvalidDatasetId, ValueCount,
};
use rusqlite::Connection;
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Most columns a dataset may have: result item keys give the column
/// position three digits.
pub const MAX_COLUMNS: usize = 999;
/// Distinct values tracked per column; a column with more records its
/// `distinct_count` as this number (meaning "more than 100,000").
pub const DISTINCT_CAP: u64 = 100_001;
/// Text columns with at most this many distinct values (and short values)
/// get their values profiled and a B-tree index.
pub const TEXT_VALUES_MAX_DISTINCT: u64 = 100_000;
/// Non-text columns with at most this many distinct values get their values
/// profiled (booleans, years, small codes).
pub const OTHER_VALUES_MAX_DISTINCT: u64 = 1_000;
/// Average length (bytes) above which a text column is free text: not
/// profiled value by value, not B-tree indexed.
pub const SHORT_TEXT_MAX_AVG: u64 = 60;
/// Bytes of distinct values kept per column in pass 1; past it only hashes
/// are kept (the column is long text, not worth listing values of).
const DISTINCT_BYTES_BUDGET: usize = 16 << 20;
/// Offending rows listed in an id-column error.
const MAX_LINES_LISTED: usize = 5;
/// Rows between two progress reports.
const PROGRESS_EVERY: u64 = 10_000;
/// Longest value quoted in full in a message.
const MAX_VALUE_SHOWN: usize = 100;

// Build tuning (measured with the `import-bench` program).
/// Page cache of the connection building the records (KiB).
const RECORDS_CACHE_KIB: i64 = 256 << 10;
/// Page cache of the connection building the full-text index (KiB).
const FTS_CACHE_KIB: i64 = 64 << 10;
/// Pending full-text data FTS5 keeps in memory before writing a segment
/// (the default, 1 MiB, makes many small segments that are merged again
/// and again).
const FTS_HASH_BYTES: i64 = 192 << 20;
/// Page cache while the B-tree indexes are built (KiB); it also sizes the
/// sorter's in-memory runs.
const INDEX_CACHE_KIB: i64 = 1024;
/// Helper threads SQLite's sorter may use for `CREATE INDEX`.
const INDEX_SORT_THREADS: i64 = 1;
/// The FTS thread starts during pass 1, once this many records show which
/// columns are text for certain (and stops trying after the second
/// number); when pass 1 ends with other full-text columns it is restarted.
const SPECULATE_AFTER_ROWS: u64 = 10_000;
const SPECULATE_UNTIL_ROWS: u64 = 1_000_000;
/// Rows `ANALYZE` samples per index.
const ANALYSIS_LIMIT: i64 = 2_000;

/// A stage of an import, for progress displays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pass 1: reading the whole file for types and checks (`bytes` of
    /// `total_bytes`).
    Scan,
    /// Re-reading the file to confirm possible duplicate ids (rare).
    Verify,
    /// Pass 2: inserting records (`rows` of `total_rows`; `bytes` too).
    Insert,
    /// Building the B-tree indexes and finishing the full-text index
    /// (no measurable progress; `rows` is the total).
    Index,
    /// The dataset file is complete.
    Done,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Scan => "scanning",
            Phase::Verify => "checking ids",
            Phase::Insert => "inserting",
            Phase::Index => "indexing",
            Phase::Done => "done",
        }
    }
}

/// A progress report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub phase: Phase,
    /// Records read (Scan, Verify) or inserted (Insert) so far.
    pub rows: u64,
    /// The number of records, once pass 1 has counted them.
    pub total_rows: Option<u64>,
    /// Bytes of the file read so far (compressed bytes for gzip; whole row
    /// groups for Parquet).
    pub bytes: u64,
    /// Size of the file.
    pub total_bytes: u64,
}

/// What to import and how.
#[derive(Default)]
pub struct ImportOptions<'a> {
    /// The dataset id; also the name of the records table.
    pub dataset_id: String,
    /// Header (as in the file, or normalised) of the column holding record
    /// ids. `None`: a record's id is its 1-based row number.
    pub id_column: Option<String>,
    /// `None`: from the file name's extension (`.csv`, `.tsv`, `.jsonl`,
    /// `.ndjson`, `.parquet`, with `.gz` after the text ones), else from the
    /// content.
    pub format: Option<Format>,
    /// Encoding of text formats.
    pub encoding: Encoding,
    /// CSV/TSV delimiter; `None`: sniffed among `,` `;` tab `|`.
    pub delimiter: Option<u8>,
    /// Column types that replace inference: (header or normalised name,
    /// type). Every value of the column must fit the type (null tokens
    /// aside), or nothing is imported.
    pub types: Vec<(String, ColumnType)>,
    /// Called now and then from the importing thread.
    pub progress: Option<&'a dyn Fn(&Progress)>,
}

impl ImportOptions<'_> {
    pub fn new(dataset_id: impl Into<String>) -> Self {
        ImportOptions {
            dataset_id: dataset_id.into(),
            ..ImportOptions::default()
        }
    }
}

/// Parses a column type name: `integer` (`int`), `float` (`real`,
/// `double`, `number`), `boolean` (`bool`), `date`, `datetime`
/// (`timestamp`), `text` (`string`).
pub fn parse_column_type(s: &str) -> Option<ColumnType> {
    Some(match s.trim().to_ascii_lowercase().as_str() {
        "integer" | "int" | "bigint" => ColumnType::Integer,
        "float" | "real" | "double" | "number" | "numeric" | "decimal" => ColumnType::Float,
        "boolean" | "bool" => ColumnType::Boolean,
        "date" => ColumnType::Date,
        "datetime" | "timestamp" | "date-time" => ColumnType::DateTime,
        "text" | "string" | "str" => ColumnType::Text,
        _ => return None,
    })
}

/// Parses a `--type` argument, `COLUMN=TYPE`.
pub fn parse_type_override(s: &str) -> Result<(String, ColumnType), String> {
    let Some((col, ty)) = s.rsplit_once('=') else {
        return Err(format!(
            "--type {s:?}: expected COLUMN=TYPE, e.g. zip=text (types: integer, float, boolean, date, datetime, text)"
        ));
    };
    let col = col.trim();
    if col.is_empty() {
        return Err(format!("--type {s:?}: the column name is empty"));
    }
    match parse_column_type(ty) {
        Some(t) => Ok((col.to_string(), t)),
        None => Err(format!(
            "--type {s:?}: unknown type {ty:?}; use integer, float, boolean, date, datetime or text"
        )),
    }
}

/// A completed import.
#[derive(Debug, Clone)]
pub struct Imported {
    /// File name (no directory) of the dataset file in `dest_dir`; in a
    /// [`crate::SqliteStore`], the version's name.
    pub file_name: String,
    pub profile: DatasetProfile,
    pub row_count: u64,
    /// Things the importer changed or noticed (renamed columns, …).
    pub warnings: Vec<String>,
    /// The format the file was read as.
    pub format: Format,
}

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
    #[error("{file}: building the dataset file: {source}")]
    Sqlite {
        file: String,
        #[source]
        source: rusqlite::Error,
    },
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
fn check_dataset_id(id: &str) -> Result<(), ImportError> {
    DatasetId::parse(id)?;
    let lower = id.to_ascii_lowercase();
    if lower.starts_with("sqlite_") || lower.starts_with("_quarry") {
        return Err(ImportError::ReservedDatasetId { id: id.to_string() });
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Hashing

/// A fast 64-bit hash for strings (distinct-value sets and the id check,
/// where collisions are confirmed by comparing values).
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

const HASH_K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0 ^ (bytes.len() as u64).wrapping_mul(HASH_K);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ v).wrapping_mul(HASH_K).rotate_left(29);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            h = (h ^ u64::from_le_bytes(b))
                .wrapping_mul(HASH_K)
                .rotate_left(29);
        }
        self.0 = h;
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0 ^ u64::from(i)).wrapping_mul(HASH_K);
    }
    fn finish(&self) -> u64 {
        // fmix64 of MurmurHash3.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

type FastBuild = BuildHasherDefault<FastHasher>;

fn hash_of(s: &str) -> u64 {
    let mut h = FastHasher::default();
    h.write(s.as_bytes());
    h.finish()
}

// ---------------------------------------------------------------------------
// Pass 1: statistics

const C_INT: u8 = 1;
const C_DECOR: u8 = 2;
const C_FLOAT: u8 = 4;
const C_BOOL: u8 = 8;
const C_DATE: u8 = 16;
const C_DATETIME: u8 = 32;
const C_ALL: u8 = 63;

enum Distinct {
    Values {
        map: HashMap<Box<str>, u64, FastBuild>,
        bytes: usize,
    },
    Hashes(HashSet<u64, FastBuild>),
    Capped,
}

impl Distinct {
    fn observe(&mut self, s: &str) {
        match self {
            Distinct::Values { map, bytes } => {
                if let Some(c) = map.get_mut(s) {
                    *c += 1;
                } else if map.len() as u64 >= DISTINCT_CAP {
                    *self = Distinct::Capped;
                } else if *bytes + s.len() > DISTINCT_BYTES_BUDGET {
                    let mut set: HashSet<u64, FastBuild> = map.keys().map(|k| hash_of(k)).collect();
                    set.insert(hash_of(s));
                    *self = Distinct::Hashes(set);
                } else {
                    *bytes += s.len();
                    map.insert(s.into(), 1);
                }
            }
            Distinct::Hashes(set) => {
                if set.insert(hash_of(s)) && set.len() as u64 > DISTINCT_CAP {
                    *self = Distinct::Capped;
                }
            }
            Distinct::Capped => {}
        }
    }
}

/// How a column writes decorated numbers, across all its values.
#[derive(Default)]
struct DecorStats {
    separators: bool,
    long_plain: bool,
    fraction: bool,
    currency: Option<char>,
}

struct ColStats {
    /// A type fixed in advance: every value must fit it.
    fixed: Option<(ColumnType, TypeOrigin)>,
    /// Fixed numeric type: some value fits only as a decorated number.
    fixed_decorated: bool,
    cands: u8,
    /// Non-empty cells.
    non_empty: u64,
    /// Non-empty cells that are not null tokens.
    typed_values: u64,
    total_len: u64,
    decor: DecorStats,
    saw_time: bool,
    bool_long_form: bool,
    bool_seen: [bool; 2],
    overflow: bool,
    distinct: Distinct,
}

impl ColStats {
    fn new(fixed: Option<(ColumnType, TypeOrigin)>) -> Self {
        ColStats {
            fixed,
            fixed_decorated: false,
            cands: C_ALL,
            non_empty: 0,
            typed_values: 0,
            total_len: 0,
            decor: DecorStats::default(),
            saw_time: false,
            bool_long_form: false,
            bool_seen: [false; 2],
            overflow: false,
            distinct: Distinct::Values {
                map: HashMap::default(),
                bytes: 0,
            },
        }
    }

    /// Takes one (trimmed) value into account. `Err` when the column's type
    /// is fixed and the value does not fit it.
    fn observe(&mut self, s: &str) -> Result<(), ()> {
        if s.is_empty() {
            return Ok(());
        }
        self.non_empty += 1;
        self.total_len += s.len() as u64;
        self.distinct.observe(s);
        if let Some((ty, _)) = self.fixed {
            if ty == ColumnType::Text || value::is_null_token(s) {
                return Ok(());
            }
            self.typed_values += 1;
            return match value::fits(ty, s) {
                Fit::Plain => Ok(()),
                Fit::Decorated => {
                    self.fixed_decorated = true;
                    Ok(())
                }
                Fit::No => Err(()),
            };
        }
        if self.cands == 0 || value::is_null_token(s) {
            return Ok(());
        }
        self.typed_values += 1;
        let c = self.cands;
        if c & C_INT != 0 && value::parse_int(s).is_none() {
            self.cands &= !C_INT;
            let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
            if value::looks_integral(s) && !(digits.len() > 1 && digits.starts_with('0')) {
                // Beyond i64: kept as text rather than rounded to a float.
                self.overflow = true;
                self.cands &= !(C_FLOAT | C_DECOR);
            }
        }
        if self.cands & C_DECOR != 0 {
            match value::parse_decorated(s) {
                Some(d)
                    if d.currency.is_none()
                        || self.decor.currency.is_none_or(|c| Some(c) == d.currency) =>
                {
                    let st = &mut self.decor;
                    st.separators |= d.separators;
                    st.long_plain |= d.long_plain;
                    st.fraction |= d.fraction;
                    st.currency = st.currency.or(d.currency);
                    if st.separators && st.long_plain {
                        // `1,234` and `1234` in one column: not one notation.
                        self.cands &= !C_DECOR;
                    }
                }
                // Not a number, or a second currency.
                _ => self.cands &= !C_DECOR,
            }
        }
        if self.cands & C_FLOAT != 0 && value::parse_float(s).is_none() {
            self.cands &= !C_FLOAT;
        }
        if c & C_BOOL != 0 {
            match value::parse_bool(s) {
                Some(b) => {
                    self.bool_seen[usize::from(b)] = true;
                    self.bool_long_form |= s.len() > 1;
                }
                None => self.cands &= !C_BOOL,
            }
        }
        if c & (C_DATE | C_DATETIME) != 0 {
            if value::parse_date(s).is_some() {
                // A date fits a date-time column too (at midnight).
            } else {
                self.cands &= !C_DATE;
                if c & C_DATETIME != 0 {
                    if value::parse_datetime(s).is_some() {
                        self.saw_time = true;
                    } else {
                        self.cands &= !C_DATETIME;
                    }
                }
            }
        }
        Ok(())
    }

    /// The column type, and whether numbers are decorated (thousands
    /// separators, currency signs).
    fn decide(&self) -> (ColumnType, bool) {
        if let Some((ty, _)) = self.fixed {
            return (ty, self.fixed_decorated);
        }
        let c = self.cands;
        if self.typed_values == 0 {
            return (ColumnType::Text, false);
        }
        // Single letters `t`/`f` alone only make a boolean when both occur:
        // a column of `F` alone is more likely a code than "all false".
        let bool_ok = self.bool_long_form || (self.bool_seen[0] && self.bool_seen[1]);
        let decorated =
            c & C_DECOR != 0 && (self.decor.separators || self.decor.currency.is_some());
        if c & C_BOOL != 0 && bool_ok {
            (ColumnType::Boolean, false)
        } else if c & C_INT != 0 {
            (ColumnType::Integer, false)
        } else if decorated && !self.decor.fraction {
            (ColumnType::Integer, true)
        } else if decorated {
            (ColumnType::Float, true)
        } else if c & C_FLOAT != 0 {
            (ColumnType::Float, false)
        } else if c & C_DATE != 0 {
            (ColumnType::Date, false)
        } else if c & C_DATETIME != 0 && self.saw_time {
            (ColumnType::DateTime, false)
        } else {
            (ColumnType::Text, false)
        }
    }
}

/// What pass 1 decided about a column.
struct ColPlan {
    name: String,
    original: String,
    ty: ColumnType,
    decorated: bool,
    distinct_count: u64,
    values: Vec<ValueCount>,
    full_text: bool,
    indexed: bool,
}

fn plan_column(
    name: String,
    original: String,
    stats: ColStats,
    warnings: &mut Vec<String>,
) -> ColPlan {
    let (ty, decorated) = stats.decide();
    if stats.overflow && ty == ColumnType::Text {
        warnings.push(format!(
            "column {name}: integers beyond the 64-bit range; the column is kept as text"
        ));
    }
    if decorated && stats.fixed.is_none() {
        let mut how = Vec::new();
        if let Some(c) = stats.decor.currency {
            how.push(format!("the currency sign {c}"));
        }
        if stats.decor.separators {
            how.push("thousands separators".to_string());
        }
        warnings.push(format!(
            "column {name}: numbers written with {} are stored as plain {} numbers",
            how.join(" and "),
            ty.as_str()
        ));
    }
    let avg_len = stats.total_len.checked_div(stats.non_empty).unwrap_or(0);
    let (distinct_count, merged) = match stats.distinct {
        Distinct::Values { map, .. } => {
            let merged: HashMap<String, u64> = if ty == ColumnType::Text {
                map.into_iter().map(|(k, v)| (k.into_string(), v)).collect()
            } else {
                let mut m: HashMap<String, u64> = HashMap::new();
                for (raw, n) in map {
                    let cell = value::convert(ty, decorated, &raw);
                    if cell != Cell::Null {
                        *m.entry(value::item_string(ty, &cell)).or_default() += n;
                    }
                }
                m
            };
            (merged.len() as u64, Some(merged))
        }
        Distinct::Hashes(set) => (set.len() as u64, None),
        Distinct::Capped => (DISTINCT_CAP, None),
    };
    let short_text = ty == ColumnType::Text
        && distinct_count <= TEXT_VALUES_MAX_DISTINCT
        && avg_len <= SHORT_TEXT_MAX_AVG;
    let worth_values =
        short_text || (ty != ColumnType::Text && distinct_count <= OTHER_VALUES_MAX_DISTINCT);
    let mut values: Vec<ValueCount> = match merged {
        Some(m) if worth_values => m
            .into_iter()
            .map(|(value, count)| ValueCount { value, count })
            .collect(),
        _ => Vec::new(),
    };
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    ColPlan {
        name,
        original,
        ty,
        decorated,
        distinct_count,
        values,
        full_text: ty == ColumnType::Text,
        indexed: ty != ColumnType::Text || short_text,
    }
}

/// Finds a column by its header as in the file, its normalised name, its
/// header ignoring case, or the normalised form of `want`.
fn find_column(want: &str, headers: &[String], names: &[String]) -> Option<usize> {
    let want_norm = names::normalise(want);
    headers
        .iter()
        .position(|h| h == want)
        .or_else(|| names.iter().position(|n| *n == *want))
        .or_else(|| headers.iter().position(|h| h.eq_ignore_ascii_case(want)))
        .or_else(|| names.iter().position(|n| *n == want_norm))
}

/// The id column's values seen in pass 1: hashes only (8 bytes a row);
/// equal hashes are confirmed against the values by [`verify_ids`].
#[derive(Default)]
struct IdCheck {
    index: Option<usize>,
    hashes: Vec<u64>,
    nulls: u64,
    null_at: Vec<Location>,
    /// Values such as `NA` or `NaN`: null if the column turns out numeric
    /// or dated, ids if it is text (the airport code `NAN`).
    null_tokens: u64,
    null_token_at: Vec<Location>,
}

impl IdCheck {
    fn null(&mut self, at: Location) {
        self.nulls += 1;
        if self.null_at.len() < MAX_LINES_LISTED {
            self.null_at.push(at);
        }
    }

    fn null_token(&mut self, at: Location) {
        self.null_tokens += 1;
        if self.null_token_at.len() < MAX_LINES_LISTED {
            self.null_token_at.push(at);
        }
    }

    /// Counts the null tokens as nulls (the column is not text).
    fn tokens_are_nulls(&mut self) {
        self.nulls += std::mem::take(&mut self.null_tokens);
        let room = MAX_LINES_LISTED.saturating_sub(self.null_at.len());
        let tokens = std::mem::take(&mut self.null_token_at);
        self.null_at.extend(tokens.into_iter().take(room));
    }
}

/// Pass 1's running state.
struct Scan<'o> {
    file: String,
    names: Vec<String>,
    stats: Vec<ColStats>,
    declared: Vec<Option<ColumnType>>,
    /// (column as given, type, resolved index).
    overrides: Vec<(&'o str, ColumnType, Option<usize>)>,
    id_want: Option<&'o str>,
    id: IdCheck,
    rows: u64,
    /// The first rows' locations, for nulls of an id column that appears
    /// only later (JSON Lines).
    early: Vec<Location>,
}

impl Scan<'_> {
    /// Takes in columns the source has discovered.
    fn sync_columns(&mut self, headers: &[String]) -> Result<(), ImportError> {
        if headers.len() > MAX_COLUMNS {
            return Err(ImportError::TooManyColumns {
                file: self.file.clone(),
                count: headers.len(),
            });
        }
        self.names = names::column_names(headers).0;
        for (want, _, idx) in self.overrides.iter_mut().filter(|o| o.2.is_none()) {
            *idx = find_column(want, headers, &self.names);
        }
        while self.stats.len() < headers.len() {
            let i = self.stats.len();
            let fixed = self
                .overrides
                .iter()
                .find(|o| o.2 == Some(i))
                .map(|o| (o.1, TypeOrigin::Override))
                .or_else(|| {
                    self.declared
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|t| (t, TypeOrigin::Parquet))
                });
            self.stats.push(ColStats::new(fixed));
        }
        if let (Some(want), None) = (self.id_want, self.id.index) {
            self.id.index = find_column(want, headers, &self.names);
            if self.id.index.is_some() && self.rows > 0 {
                // Earlier records did not have the column.
                self.id.nulls += self.rows;
                self.id.null_at = self.early.clone();
            }
        }
        Ok(())
    }
}

/// A duplicate id: (value, where the duplicate is, where the first
/// occurrence is).
type Duplicate = (String, Location, Location);

impl Scan<'_> {
    /// The columns that will be full-text columns whatever the rest of the
    /// file holds: text by override, or with a value that fits no other
    /// type (inference only ever narrows). `None` while some column has no
    /// typed value yet (it could still go either way).
    fn certain_text_columns(&self, fts_name: &str) -> Option<Vec<usize>> {
        let mut cols = Vec::new();
        for (i, st) in self.stats.iter().enumerate() {
            let text = match st.fixed {
                Some((ty, _)) => ty == ColumnType::Text,
                None if st.typed_values == 0 => return None,
                None => st.cands == 0,
            };
            let name = &self.names[i];
            if text && name != "rank" && !name.eq_ignore_ascii_case(fts_name) {
                cols.push(i);
            }
        }
        Some(cols)
    }
}

/// Reads the file again to tell real duplicate ids from hash collisions.
fn verify_ids(
    spec: &SourceSpec,
    headers: &[String],
    id_index: usize,
    suspects: &HashSet<u64, FastBuild>,
    opts: &ImportOptions,
    total_bytes: u64,
) -> Result<(u64, Vec<Duplicate>), ImportError> {
    let mut src = source::open(spec, Some(headers))?;
    let mut rec = csv::StringRecord::new();
    let mut first: HashMap<String, Location> = HashMap::new();
    let mut count = 0u64;
    let mut listed = Vec::new();
    let mut rows = 0u64;
    while let Some(at) = src.next_record(&mut rec)? {
        rows += 1;
        if progress_due(rows) {
            report(
                opts,
                Phase::Verify,
                rows,
                None,
                src.bytes_read(),
                total_bytes,
            );
        }
        let v = rec.get(id_index).unwrap_or("");
        // Null tokens are ids here: pass 1 refused them in other than
        // text columns.
        if v.is_empty() || !suspects.contains(&hash_of(v)) {
            continue;
        }
        match first.get(v) {
            Some(&f) => {
                count += 1;
                if listed.len() < MAX_LINES_LISTED {
                    listed.push((v.to_string(), at, f));
                }
            }
            None => {
                first.insert(v.to_string(), at);
            }
        }
    }
    Ok((count, listed))
}

/// Whether a progress report is due after `rows` records (written out:
/// `is_multiple_of` is newer than the workspace's minimum Rust version).
fn progress_due(rows: u64) -> bool {
    rows / PROGRESS_EVERY * PROGRESS_EVERY == rows
}

fn report(
    opts: &ImportOptions,
    phase: Phase,
    rows: u64,
    total_rows: Option<u64>,
    bytes: u64,
    total_bytes: u64,
) {
    if let Some(p) = opts.progress {
        p(&Progress {
            phase,
            rows,
            total_rows,
            bytes: bytes.min(total_bytes),
            total_bytes,
        });
    }
}

/// Records read ahead by the reader thread of pass 1.
type Records = Vec<(csv::StringRecord, Location)>;

/// What the reader thread of pass 1 sends.
enum Ahead {
    Batch {
        records: Records,
        /// The headers, when the source discovered columns in this batch.
        headers: Option<Vec<String>>,
        bytes: u64,
    },
    End {
        headers: Vec<String>,
        warnings: Vec<String>,
        bytes: u64,
    },
    Failed(ImportError),
}

/// Records per batch of the reader thread.
const AHEAD_ROWS: usize = 1024;

/// The reader thread of pass 1: parses the source while the importing
/// thread keeps the statistics (the second core would idle otherwise).
/// Record buffers come back through `back` to be reused.
fn read_ahead(
    mut source: Box<dyn RowSource + Send + '_>,
    tx: mpsc::SyncSender<Ahead>,
    back: mpsc::Receiver<Records>,
) {
    let mut known = source.headers().len();
    loop {
        let mut batch = back.try_recv().unwrap_or_default();
        let mut n = 0;
        let mut end = false;
        while n < AHEAD_ROWS {
            if n == batch.len() {
                batch.push((csv::StringRecord::new(), Location::Line(0)));
            }
            match source.next_record(&mut batch[n].0) {
                Ok(Some(at)) => {
                    batch[n].1 = at;
                    n += 1;
                }
                Ok(None) => {
                    end = true;
                    break;
                }
                Err(e) => {
                    let _ = tx.send(Ahead::Failed(e));
                    return;
                }
            }
        }
        batch.truncate(n);
        let headers = (source.headers().len() != known).then(|| source.headers().to_vec());
        known = source.headers().len();
        let bytes = source.bytes_read();
        if tx
            .send(Ahead::Batch {
                records: batch,
                headers,
                bytes,
            })
            .is_err()
        {
            return;
        }
        if end {
            let _ = tx.send(Ahead::End {
                headers: source.headers().to_vec(),
                warnings: source.warnings(),
                bytes,
            });
            return;
        }
    }
}

// ---------------------------------------------------------------------------
// Temporary files

struct TempFile {
    path: PathBuf,
    keep: bool,
}

impl TempFile {
    fn new(path: PathBuf) -> Self {
        TempFile { path, keep: false }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
            for suffix in ["-journal", "-wal", "-shm"] {
                let mut p = self.path.clone().into_os_string();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn unix_nanos() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

fn random_suffix() -> String {
    use std::hash::BuildHasher;
    let r = std::collections::hash_map::RandomState::new().hash_one(unix_nanos());
    format!("{}-{:016x}", std::process::id(), r)
}

const TEMP_PREFIX: &str = ".tmp-";

/// Removes temporary files that interrupted imports left in `dir`: those of
/// processes that no longer run (where that can be told, i.e. on Linux) or
/// untouched for an hour. Returns how many were removed.
pub fn remove_stale_temp_files(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    let proc_available = Path::new("/proc/self").exists();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(TEMP_PREFIX) else {
            continue;
        };
        if !(rest.contains(".sqlite")) {
            continue;
        }
        // `.tmp-<id>-<pid>-<random>.sqlite[-fts][-journal]`
        let pid = rest
            .split(".sqlite")
            .next()
            .and_then(|s| s.rsplit('-').nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        let dead = match pid {
            Some(pid) if proc_available => {
                pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
            }
            _ => false,
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > Duration::from_secs(3600));
        if (dead || old) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

// ---------------------------------------------------------------------------
// The import

/// Imports `src` as a new dataset file in `dest_dir`: CSV or TSV with a
/// header row, JSON Lines, or Parquet; text formats may be gzip-compressed.
/// See the module documentation.
pub fn import_file(
    src: &Path,
    opts: &ImportOptions,
    dest_dir: &Path,
) -> Result<Imported, ImportError> {
    import_as(src, opts, opts.format, dest_dir)
}

/// [`import_file`] reading the file as CSV unless `opts.format` says
/// otherwise (the delimiter is still sniffed).
pub fn import_csv(
    src: &Path,
    opts: &ImportOptions,
    dest_dir: &Path,
) -> Result<Imported, ImportError> {
    import_as(
        src,
        opts,
        Some(opts.format.unwrap_or(Format::Csv)),
        dest_dir,
    )
}

fn import_as(
    src: &Path,
    opts: &ImportOptions,
    format: Option<Format>,
    dest_dir: &Path,
) -> Result<Imported, ImportError> {
    check_dataset_id(&opts.dataset_id)?;
    let spec = source::resolve(src, format, opts.encoding, opts.delimiter)?;
    let file = spec.file.clone();
    let total_bytes = std::fs::metadata(src).map(|m| m.len()).unwrap_or(0);

    // The temporary files: the dataset, and the full-text index built
    // beside it (possibly from pass 1 on).
    let table = opts.dataset_id.clone();
    let fts_name = format!("{table}_fts");
    let stem = file_stem(&table);
    let temp_base = format!("{TEMP_PREFIX}{stem}-{}.sqlite", random_suffix());
    let temp = TempFile::new(dest_dir.join(&temp_base));
    let fts_temp = TempFile::new(dest_dir.join(format!("{temp_base}-fts")));
    // Declared after its file: dropped (stopped) before the file is removed.
    let mut speculative: Option<FtsRun> = None;

    // Pass 1: a reader thread parses, this one keeps the statistics.
    let source = source::open(&spec, None)?;
    let first_headers = source.headers().to_vec();
    let mut scan = Scan {
        file: file.clone(),
        names: Vec::new(),
        stats: Vec::new(),
        declared: source.declared_types(),
        overrides: opts
            .types
            .iter()
            .map(|(c, t)| (c.as_str(), *t, None))
            .collect(),
        id_want: opts.id_column.as_deref(),
        id: IdCheck::default(),
        rows: 0,
        early: Vec::new(),
    };
    scan.sync_columns(&first_headers)?;
    report(opts, Phase::Scan, 0, None, 0, total_bytes);
    let (headers, mut warnings) = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Ahead>(4);
        let (back_tx, back_rx) = mpsc::channel::<Records>();
        scope.spawn(move || read_ahead(source, tx, back_rx));
        let mut headers = first_headers;
        for msg in rx {
            let (records, bytes) = match msg {
                Ahead::Batch {
                    records,
                    headers: h,
                    bytes,
                } => {
                    if let Some(h) = h {
                        headers = h;
                        scan.sync_columns(&headers)?;
                    }
                    (records, bytes)
                }
                Ahead::End {
                    headers,
                    warnings,
                    bytes,
                } => {
                    report(
                        opts,
                        Phase::Scan,
                        scan.rows,
                        Some(scan.rows),
                        bytes,
                        total_bytes,
                    );
                    return Ok((headers, warnings));
                }
                Ahead::Failed(e) => return Err(e),
            };
            for (rec, at) in &records {
                let at = *at;
                scan.rows += 1;
                if scan.early.len() < MAX_LINES_LISTED {
                    scan.early.push(at);
                }
                for (i, (s, st)) in rec.iter().zip(scan.stats.iter_mut()).enumerate() {
                    if st.observe(s).is_err() {
                        let (ty, origin) = st.fixed.expect("only fixed types fail");
                        return Err(ImportError::TypeMismatch {
                            file: file.clone(),
                            location: at,
                            column: headers[i].clone(),
                            value: s.to_string(),
                            ty,
                            origin,
                        });
                    }
                }
                if let Some(i) = scan.id.index {
                    let v = rec.get(i).unwrap_or("");
                    if v.is_empty() {
                        scan.id.null(at);
                    } else {
                        if value::is_null_token(v) {
                            scan.id.null_token(at);
                        }
                        scan.id.hashes.push(hash_of(v));
                    }
                }
                if progress_due(scan.rows) {
                    report(opts, Phase::Scan, scan.rows, None, bytes, total_bytes);
                }
            }
            let _ = back_tx.send(records);
            if speculative.is_none()
                && spec.format != Format::JsonLines
                && scan.rows >= SPECULATE_AFTER_ROWS
                && scan.rows <= SPECULATE_UNTIL_ROWS
            {
                if let Some(cols) = scan.certain_text_columns(&fts_name) {
                    if !cols.is_empty() {
                        let mut task = FtsTask::new(&spec, &headers, &table, &fts_temp.path);
                        task.names = cols.iter().map(|&i| scan.names[i].clone()).collect();
                        task.cols = cols;
                        speculative = Some(FtsRun::start(task));
                    }
                }
            }
        }
        Err(ImportError::Io {
            file: file.clone(),
            source: std::io::Error::other("the reader thread stopped"),
        })
    })?;
    let rows = scan.rows;
    let (names, w) = names::column_names(&headers);
    warnings.extend(w);
    if let Some((want, _, _)) = scan.overrides.iter().find(|o| o.2.is_none()) {
        return Err(ImportError::TypeColumnMissing {
            file,
            column: want.to_string(),
            available: names.join(", "),
        });
    }
    let id_name = match (&opts.id_column, scan.id.index) {
        (Some(want), None) => {
            return Err(ImportError::IdColumnMissing {
                file,
                column: want.clone(),
                available: names.join(", "),
            })
        }
        (_, i) => i.map(|i| names[i].clone()),
    };
    if let Some(i) = scan.id.index {
        if scan.stats[i].decide().0 != ColumnType::Text {
            scan.id.tokens_are_nulls();
        }
    }
    if scan.id.nulls > 0 {
        return Err(ImportError::IdColumnNull {
            file,
            column: id_name.unwrap_or_default(),
            count: scan.id.nulls,
            lines: std::mem::take(&mut scan.id.null_at),
        });
    }
    if let Some(id_index) = scan.id.index {
        let mut hashes = std::mem::take(&mut scan.id.hashes);
        hashes.sort_unstable();
        let suspects: HashSet<u64, FastBuild> = hashes
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        drop(hashes);
        if !suspects.is_empty() {
            let (count, duplicates) =
                verify_ids(&spec, &headers, id_index, &suspects, opts, total_bytes)?;
            if count > 0 {
                return Err(ImportError::IdColumnDuplicate {
                    file,
                    column: id_name.unwrap_or_default(),
                    count,
                    duplicates,
                });
            }
        }
    }
    if rows == 0 {
        warnings.push("the file has a header but no data rows".to_string());
    }

    let mut cols: Vec<ColPlan> = names
        .iter()
        .cloned()
        .zip(headers.iter().cloned())
        .zip(scan.stats)
        .map(|((n, o), s)| plan_column(n, o, s, &mut warnings))
        .collect();
    for c in cols.iter_mut().filter(|c| c.full_text) {
        // FTS5 reserves `rank` (and the table's own name) as column names.
        if c.name == "rank" || c.name.eq_ignore_ascii_case(&fts_name) {
            c.full_text = false;
            warnings.push(format!(
                "column {}: the name is reserved by the full-text index; the column is not full-text searchable",
                c.name
            ));
        }
    }

    // Pass 2, into temporary files.
    let sql_err = |source| ImportError::Sqlite {
        file: file.clone(),
        source,
    };
    let (null_counts, min_max) = {
        let mut conn = Connection::open(&temp.path).map_err(sql_err)?;
        let job = BuildJob {
            spec: &spec,
            headers: &headers,
            table: &table,
            cols: &cols,
            id_name: id_name.as_deref(),
            opts,
            rows,
            total_bytes,
            fts_path: &fts_temp.path,
        };
        let r = build(&mut conn, &job, speculative.take()).map_err(|e| match e {
            BuildError::Sql(source) => ImportError::Sqlite {
                file: file.clone(),
                source,
            },
            BuildError::Import(e) => e,
        })?;
        conn.close().map_err(|(_, e)| sql_err(e))?;
        r
    };
    drop(fts_temp);

    let fts_table = cols.iter().any(|c| c.full_text).then(|| fts_name.clone());
    let profile = DatasetProfile {
        table: table.clone(),
        fts_table: fts_table.clone(),
        row_count: rows,
        id_column: id_name.clone(),
        columns: cols
            .into_iter()
            .zip(null_counts)
            .zip(min_max)
            .enumerate()
            .map(|(i, ((c, nulls), (min, max)))| ColumnProfile {
                name: c.name,
                original_name: c.original,
                ordinal: i + 1,
                ty: c.ty,
                null_count: nulls,
                distinct_count: c.distinct_count,
                min,
                max,
                values: c.values,
                full_text: c.full_text,
            })
            .collect(),
    };
    {
        // A new connection: the one that built the file wrote the FTS
        // shadow tables directly and must not be trusted to read them.
        let conn = Connection::open(&temp.path).map_err(sql_err)?;
        conn.pragma_update(None, "cache_size", -RECORDS_CACHE_KIB)
            .map_err(sql_err)?;
        conn.pragma_update(None, "analysis_limit", ANALYSIS_LIMIT)
            .map_err(sql_err)?;
        conn.execute_batch("ANALYZE;").map_err(sql_err)?;
        file_meta::write_profile(&conn, &profile).map_err(sql_err)?;
        conn.pragma_update(None, "journal_mode", "DELETE")
            .map_err(sql_err)?;
        conn.close().map_err(|(_, e)| sql_err(e))?;
    }
    let io_err = |source| ImportError::Io {
        file: dest_dir.display().to_string(),
        source,
    };
    File::open(&temp.path)
        .and_then(|f| f.sync_all())
        .map_err(io_err)?;

    let mut nanos = unix_nanos();
    let (file_name, final_path) = loop {
        let name = format!("{stem}-{nanos}.sqlite");
        let p = dest_dir.join(&name);
        if !p.exists() {
            break (name, p);
        }
        nanos += 1;
    };
    std::fs::rename(&temp.path, &final_path).map_err(io_err)?;
    let mut temp = temp;
    temp.keep = true;
    if let Ok(d) = File::open(dest_dir) {
        let _ = d.sync_all();
    }
    if let Some(p) = opts.progress {
        p(&Progress {
            phase: Phase::Done,
            rows,
            total_rows: Some(rows),
            bytes: total_bytes,
            total_bytes,
        });
    }
    Ok(Imported {
        file_name,
        profile,
        row_count: rows,
        warnings,
        format: spec.format,
    })
}

enum BuildError {
    Sql(rusqlite::Error),
    Import(ImportError),
}

impl From<ImportError> for BuildError {
    fn from(e: ImportError) -> Self {
        BuildError::Import(e)
    }
}

impl From<rusqlite::Error> for BuildError {
    fn from(e: rusqlite::Error) -> Self {
        BuildError::Sql(e)
    }
}

type MinMax = (Option<String>, Option<String>);

/// Running minimum and maximum of a column, compared by type.
#[derive(Default)]
struct Extremes {
    int: Option<(i64, i64)>,
    real: Option<(f64, f64)>,
    text: Option<(String, String)>,
}

impl Extremes {
    fn observe(&mut self, cell: &Cell) {
        match cell {
            Cell::Null => {}
            Cell::Int(i) => {
                let (lo, hi) = self.int.get_or_insert((*i, *i));
                *lo = (*lo).min(*i);
                *hi = (*hi).max(*i);
            }
            Cell::Real(f) => {
                let (lo, hi) = self.real.get_or_insert((*f, *f));
                *lo = lo.min(*f);
                *hi = hi.max(*f);
            }
            Cell::Text(t) => match &mut self.text {
                None => self.text = Some((t.to_string(), t.to_string())),
                Some((lo, hi)) => {
                    if **t < **lo {
                        *lo = t.to_string();
                    }
                    if **t > **hi {
                        *hi = t.to_string();
                    }
                }
            },
        }
    }

    fn finish(self, ty: ColumnType) -> MinMax {
        let s = |c: Cell| value::item_string(ty, &c);
        if let Some((lo, hi)) = self.int {
            (Some(s(Cell::Int(lo))), Some(s(Cell::Int(hi))))
        } else if let Some((lo, hi)) = self.real {
            (Some(s(Cell::Real(lo))), Some(s(Cell::Real(hi))))
        } else if let Some((lo, hi)) = self.text {
            (Some(lo), Some(hi))
        } else {
            (None, None)
        }
    }
}

fn q(ident: &str) -> String {
    file_meta::quote_ident(ident)
}

fn sql_type(ty: ColumnType) -> &'static str {
    match ty {
        ColumnType::Integer | ColumnType::Boolean => "INTEGER",
        ColumnType::Float => "REAL",
        _ => "TEXT",
    }
}

/// Everything pass 2 needs.
struct BuildJob<'a> {
    spec: &'a SourceSpec<'a>,
    headers: &'a [String],
    table: &'a str,
    cols: &'a [ColPlan],
    id_name: Option<&'a str>,
    opts: &'a ImportOptions<'a>,
    rows: u64,
    total_bytes: u64,
    fts_path: &'a Path,
}

/// What the FTS thread needs: owned, so that it can start during pass 1.
struct FtsTask {
    path: PathBuf,
    file: String,
    format: Format,
    gzip: bool,
    encoding: Encoding,
    delimiter: u8,
    backslash_escapes: bool,
    headers: Vec<String>,
    table: String,
    /// The full-text columns: positions and names.
    cols: Vec<usize>,
    names: Vec<String>,
    fts_path: PathBuf,
}

impl FtsTask {
    fn new(spec: &SourceSpec, headers: &[String], table: &str, fts_path: &Path) -> Self {
        FtsTask {
            path: spec.path.to_path_buf(),
            file: spec.file.clone(),
            format: spec.format,
            gzip: spec.gzip,
            encoding: spec.encoding,
            delimiter: spec.delimiter,
            backslash_escapes: spec.backslash_escapes,
            headers: headers.to_vec(),
            table: table.to_string(),
            cols: Vec::new(),
            names: Vec::new(),
            fts_path: fts_path.to_path_buf(),
        }
    }
}

/// A running FTS thread. Dropping it stops the thread and waits for it, so
/// that its file can be removed.
struct FtsRun {
    cols: Vec<usize>,
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<Result<(), BuildError>>>,
}

impl FtsRun {
    fn start(task: FtsTask) -> FtsRun {
        let stop = Arc::new(AtomicBool::new(false));
        let s = stop.clone();
        let cols = task.cols.clone();
        let handle = std::thread::spawn(move || fts_worker(&task, &s));
        FtsRun {
            cols,
            stop,
            handle: Some(handle),
        }
    }

    /// Waits for the index to be complete.
    fn finish(mut self) -> Result<(), BuildError> {
        match self.handle.take() {
            Some(h) => h.join().unwrap_or_else(|_| {
                Err(BuildError::Sql(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(1),
                    Some("the full-text thread panicked".into()),
                )))
            }),
            None => Ok(()),
        }
    }
}

impl Drop for FtsRun {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            self.stop.store(true, Ordering::Relaxed);
            let _ = h.join();
        }
    }
}

/// The `CREATE VIRTUAL TABLE` of the full-text index (the same in the
/// build file and the dataset file, so that its shadow tables can be
/// copied from one to the other).
fn fts_create_sql(schema: &str, table: &str, cols: &[&str]) -> String {
    let fts = format!("{table}_fts");
    let list: Vec<String> = cols.iter().map(|c| q(c)).collect();
    format!(
        "CREATE VIRTUAL TABLE {}.{} USING fts5({}, content='{}', content_rowid='rowid', \
         tokenize='porter unicode61 remove_diacritics 2');",
        q(schema),
        q(&fts),
        list.join(", "),
        table.replace('\'', "''"),
    )
}

/// The FTS thread: builds the full-text index in a database file of its
/// own, reading the source itself, so that it runs at its own pace beside
/// pass 1 and the records' insert and indexes. Stops early when `stop` is
/// set.
fn fts_worker(job: &FtsTask, stop: &AtomicBool) -> Result<(), BuildError> {
    let names: Vec<&str> = job.names.iter().map(String::as_str).collect();
    let fts_cols = &job.cols;
    let spec = SourceSpec {
        path: &job.path,
        file: job.file.clone(),
        format: job.format,
        gzip: job.gzip,
        encoding: job.encoding,
        delimiter: job.delimiter,
        backslash_escapes: job.backslash_escapes,
    };
    let conn = Connection::open(&job.fts_path)?;
    conn.pragma_update(None, "journal_mode", "OFF")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    conn.pragma_update(None, "cache_size", -FTS_CACHE_KIB)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.execute_batch("BEGIN;")?;
    conn.execute_batch(&fts_create_sql("main", &job.table, &names))?;
    let f = q(&format!("{}_fts", job.table));
    conn.execute(
        &format!("INSERT INTO {f}({f}, rank) VALUES('hashsize', ?1)"),
        [FTS_HASH_BYTES],
    )?;
    {
        let col_list: Vec<String> = names.iter().map(|c| q(c)).collect();
        let params: Vec<String> = (0..=names.len()).map(|i| format!("?{}", i + 1)).collect();
        let mut stmt = conn.prepare(&format!(
            "INSERT INTO {f} (rowid, {}) VALUES ({})",
            col_list.join(", "),
            params.join(", ")
        ))?;
        let mut source = source::open(&spec, Some(&job.headers))?;
        let mut rec = csv::StringRecord::new();
        let mut row = 0i64;
        while source.next_record(&mut rec)?.is_some() {
            row += 1;
            if row & 4095 == 0 && stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            stmt.raw_bind_parameter(1, row)?;
            for (j, &i) in fts_cols.iter().enumerate() {
                // As the records table stores text: empty is null.
                match rec.get(i).unwrap_or("") {
                    "" => stmt.raw_bind_parameter(j + 2, rusqlite::types::Null)?,
                    s => stmt.raw_bind_parameter(j + 2, s)?,
                }
            }
            stmt.raw_execute()?;
        }
    }
    conn.execute_batch("COMMIT;")?;
    conn.close().map_err(|(_, e)| e)?;
    Ok(())
}

/// Pass 2 and the indexes on the open temporary database. Returns
/// per-column null counts and min/max.
fn build(
    conn: &mut Connection,
    job: &BuildJob,
    fts: Option<FtsRun>,
) -> Result<(Vec<u64>, Vec<MinMax>), BuildError> {
    let (table, cols, opts) = (job.table, job.cols, job.opts);
    conn.pragma_update(None, "journal_mode", "OFF")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    conn.pragma_update(None, "cache_size", -RECORDS_CACHE_KIB)?;
    // The sorter of CREATE INDEX spills to temporary files, not memory:
    // at 10M rows an index's sort runs are hundreds of MB.
    conn.pragma_update(None, "temp_store", "FILE")?;
    // Let the sorter of CREATE INDEX use helper threads.
    conn.pragma_update(None, "threads", INDEX_SORT_THREADS)?;
    let t = q(table);
    let col_defs: Vec<String> = cols
        .iter()
        .map(|c| format!("{} {}", q(&c.name), sql_type(c.ty)))
        .collect();
    let index_sql = |c: &ColPlan| {
        let unique = job.id_name == Some(c.name.as_str());
        format!(
            "CREATE {}INDEX {} ON {t} ({});",
            if unique { "UNIQUE " } else { "" },
            q(&format!("{table}__{}", c.name)),
            q(&c.name)
        )
    };
    let tx = conn.transaction()?;
    tx.execute_batch(&format!("CREATE TABLE {t} ({});", col_defs.join(", ")))?;
    let fts_cols: Vec<usize> = (0..cols.len()).filter(|&i| cols[i].full_text).collect();
    let fts_names: Vec<&str> = fts_cols.iter().map(|&i| cols[i].name.as_str()).collect();

    let mut nulls = vec![0u64; cols.len()];
    let mut extremes: Vec<Extremes> = cols.iter().map(|_| Extremes::default()).collect();

    // The FTS thread: the one pass 1 started, if it indexes the right
    // columns, else a new one.
    let run = match fts {
        Some(r) if r.cols == fts_cols => Some(r),
        other => {
            drop(other);
            let _ = std::fs::remove_file(job.fts_path);
            (!fts_cols.is_empty()).then(|| {
                let mut task = FtsTask::new(job.spec, job.headers, table, job.fts_path);
                task.cols = fts_cols.clone();
                task.names = fts_names.iter().map(|n| n.to_string()).collect();
                FtsRun::start(task)
            })
        }
    };
    let mine = (|| -> Result<(), BuildError> {
        insert_records(&tx, job, &mut nulls, &mut extremes)?;
        if let Some(p) = opts.progress {
            p(&Progress {
                phase: Phase::Index,
                rows: job.rows,
                total_rows: Some(job.rows),
                bytes: job.total_bytes,
                total_bytes: job.total_bytes,
            });
        }
        // B-tree indexes, while the FTS thread goes on. Built after the
        // insert, by sorting: creating them first and maintaining them
        // row by row was as fast at 1M rows and much slower at 10M,
        // where the index pages no longer fit the cache. A small cache
        // makes SQLite's sorter sort short runs that fit the CPU cache
        // and merge them: 15-50% less CPU than runs of hundreds of MB
        // (measured; the 10M-row import used 30% less CPU in all).
        tx.pragma_update(None, "cache_size", -INDEX_CACHE_KIB)?;
        for c in cols
            .iter()
            .filter(|c| c.indexed || job.id_name == Some(c.name.as_str()))
        {
            tx.execute_batch(&index_sql(c))?;
        }
        tx.execute_batch(&format!(
            "CREATE TABLE {PROFILE_TABLE} (json TEXT NOT NULL);
             CREATE TABLE {META_TABLE} (key TEXT PRIMARY KEY, value TEXT);"
        ))?;
        Ok(())
    })();
    // On failure, dropping the run stops the thread.
    let result = mine.and_then(|()| run.map_or(Ok(()), FtsRun::finish));
    result?;
    tx.commit()?;

    if !fts_cols.is_empty() {
        // The index built by the FTS thread, copied in.
        let fts = format!("{table}_fts");
        conn.execute(
            "ATTACH DATABASE ?1 AS fts_build",
            [job.fts_path.to_string_lossy()],
        )?;
        let tx = conn.transaction()?;
        tx.execute_batch(&fts_create_sql("main", table, &fts_names))?;
        for shadow in ["data", "idx", "docsize"] {
            let s = q(&format!("{fts}_{shadow}"));
            tx.execute_batch(&format!(
                "DELETE FROM main.{s}; INSERT INTO main.{s} SELECT * FROM fts_build.{s};"
            ))?;
        }
        tx.commit()?;
        conn.execute_batch("DETACH DATABASE fts_build;")?;
    }
    let min_max = extremes
        .into_iter()
        .zip(cols)
        .map(|(e, c)| e.finish(c.ty))
        .collect();
    Ok((nulls, min_max))
}

/// Pass 2 proper: reads the file again, converts and inserts every record
/// (the FTS thread reads the file on its own).
fn insert_records(
    tx: &rusqlite::Transaction,
    job: &BuildJob,
    nulls: &mut [u64],
    extremes: &mut [Extremes],
) -> Result<(), BuildError> {
    let cols = job.cols;
    let t = q(job.table);
    let col_list: Vec<String> = cols.iter().map(|c| q(&c.name)).collect();
    let params: Vec<String> = (0..=cols.len()).map(|i| format!("?{}", i + 1)).collect();
    let mut stmt = tx.prepare(&format!(
        "INSERT INTO {t} (rowid{}{}) VALUES ({})",
        if cols.is_empty() { "" } else { ", " },
        col_list.join(", "),
        params.join(", ")
    ))?;
    let mut source = source::open(job.spec, Some(job.headers))?;
    let mut rec = csv::StringRecord::new();
    let mut row = 0u64;
    report(
        job.opts,
        Phase::Insert,
        0,
        Some(job.rows),
        source.bytes_read(),
        job.total_bytes,
    );
    while source.next_record(&mut rec)?.is_some() {
        row += 1;
        stmt.raw_bind_parameter(1, row as i64)?;
        for (i, c) in cols.iter().enumerate() {
            let s = rec.get(i).unwrap_or("");
            let cell = value::convert(c.ty, c.decorated, s);
            let p = i + 2;
            match &cell {
                Cell::Null => {
                    nulls[i] += 1;
                    stmt.raw_bind_parameter(p, rusqlite::types::Null)?
                }
                Cell::Int(v) => stmt.raw_bind_parameter(p, v)?,
                Cell::Real(v) => stmt.raw_bind_parameter(p, v)?,
                Cell::Text(v) => stmt.raw_bind_parameter(p, v.as_ref())?,
            }
            extremes[i].observe(&cell);
        }
        stmt.raw_execute()?;
        if progress_due(row) {
            report(
                job.opts,
                Phase::Insert,
                row,
                Some(job.rows),
                source.bytes_read(),
                job.total_bytes,
            );
        }
    }
    Ok(())
}
