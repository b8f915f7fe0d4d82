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
//!
//! The modules follow the import's steps: [`scan`] (pass 1, with its reader
//! thread) keeps [`stats`] per column and an [`ids`] check, both over
//! [`hash`]es; [`build`] is pass 2 and the B-tree indexes, beside the
//! [`fts`] thread; [`temp`] owns the temporary files and the final rename;
//! [`progress`] is what a display is told, and [`error`] why an import
//! failed. This file holds the public entry points and the order of the
//! steps.

mod build;
mod error;
mod fts;
mod hash;
mod ids;
mod progress;
mod scan;
mod stats;
mod temp;

pub use error::{ImportError, TypeOrigin};
pub use progress::{Phase, Progress};
pub use temp::remove_stale_temp_files;

use crate::names;
use crate::source::{self, Encoding, Format, SourceSpec};
use build::{BuildJob, MinMax};
use error::check_dataset_id;
use fts::FtsRun;
use quarry_profile::{ColumnProfile, ColumnType, DatasetProfile};
use scan::{FtsTarget, Scan, Scanned};
use stats::ColPlan;
use std::path::Path;
use std::time::{Duration, Instant};
use temp::TempFile;

/// Most columns a dataset may have: result item keys give the column
/// position three digits.
pub const MAX_COLUMNS: usize = 999;
/// Longest column name (header as in the file), in characters.
pub const MAX_COLUMN_NAME_CHARS: usize = 128;
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
    /// At most this many bytes of data: for text formats the decompressed
    /// stream, for Parquet the values read. Past it the import stops at
    /// once with [`ImportError::TooLarge`]. `None`: no limit.
    pub max_bytes: Option<u64>,
    /// At most this many records; past it the import stops at once with
    /// [`ImportError::TooManyRows`]. `None`: no limit.
    pub max_rows: Option<u64>,
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
    /// How long the steps took.
    pub timings: ImportTimings,
}

/// When an import's steps ended, counted from its start (wall time): for
/// benchmarks and logs, so that two ways into the importer (the CLI, the
/// console, `import-bench`) can be compared step by step.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportTimings {
    /// The importing thread's steps in order, each with the time it ended:
    /// `pass 1`, `insert`, `B-tree indexes` (then the wait for the
    /// full-text thread, if it is still running), `full-text copy` (when
    /// there is a full-text index), `ANALYZE and profile`, `publish`.
    pub steps: Vec<(&'static str, Duration)>,
    /// When the thread that built the full-text index started and ended
    /// (beside the steps); `None` without a full-text column.
    pub full_text: Option<(Duration, Duration)>,
}

impl ImportTimings {
    /// One line for a log: each step with how long it took, then the
    /// full-text thread's span, e.g. `pass 1 2.81 s, insert 2.39 s, …,
    /// publish 0.00 s; full-text thread 0.06-11.32 s`.
    pub fn summary(&self) -> String {
        let mut last = Duration::ZERO;
        let mut parts = Vec::new();
        for (step, end) in &self.steps {
            let took = end.saturating_sub(last);
            parts.push(format!("{step} {:.2} s", took.as_secs_f64()));
            last = *end;
        }
        let mut line = parts.join(", ");
        if let Some((start, end)) = self.full_text {
            line.push_str(&format!(
                "; full-text thread {:.2}-{:.2} s",
                start.as_secs_f64(),
                end.as_secs_f64()
            ));
        }
        line
    }
}

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

/// An import, step by step: each step's errors are the import's, and the
/// temporary files are removed on every way out but the last.
fn import_as(
    src: &Path,
    opts: &ImportOptions,
    format: Option<Format>,
    dest_dir: &Path,
) -> Result<Imported, ImportError> {
    let started = Instant::now();
    check_dataset_id(&opts.dataset_id)?;
    let mut spec = source::resolve(src, format, opts.encoding, opts.delimiter)?;
    spec.limit = opts.max_bytes.map(source::ByteLimit::new);
    let result = import_spec(&spec, opts, dest_dir, started);
    match (&spec.limit, result) {
        // Whatever the parser made of the refused read, the reason is the
        // limit.
        (Some(limit), Err(_)) if limit.hit() => Err(ImportError::TooLarge {
            file: spec.file.clone(),
            limit: limit.max,
        }),
        (_, r) => r,
    }
}

fn import_spec(
    spec: &SourceSpec,
    opts: &ImportOptions,
    dest_dir: &Path,
    started: Instant,
) -> Result<Imported, ImportError> {
    let spec = spec.clone();
    let src = spec.path;
    let total_bytes = std::fs::metadata(src).map(|m| m.len()).unwrap_or(0);

    // The temporary files: the dataset, and the full-text index built
    // beside it (possibly from pass 1 on).
    let table = opts.dataset_id.clone();
    let fts_name = names::fts_table_name(&table);
    let stem = temp::file_stem(&table);
    let (temp, fts_temp) = TempFile::pair(dest_dir, &stem);
    // Declared after its file: dropped (stopped) before the file is removed.
    let mut speculative: Option<FtsRun> = None;

    // Pass 1: a reader thread parses, this one keeps the statistics.
    let target = FtsTarget {
        table: &table,
        fts_name: &fts_name,
        path: &fts_temp.path,
    };
    let Scanned {
        mut scan,
        headers,
        mut warnings,
    } = scan::scan_file(&spec, opts, total_bytes, &target, &mut speculative)?;
    let rows = scan.rows;
    let (names, w) = names::column_names(&headers);
    warnings.extend(w);
    let id_name = check_columns(&mut scan, &spec, &headers, &names, opts, total_bytes)?;
    if rows == 0 {
        warnings.push("the file has a header but no data rows".to_string());
    }
    let cols = stats::plan_columns(&names, &headers, scan.stats, &fts_name, &mut warnings);
    let mut timings = ImportTimings::default();
    timings.steps.push(("pass 1", started.elapsed()));

    // Pass 2, into temporary files.
    let job = BuildJob {
        spec: &spec,
        headers: &headers,
        table: &table,
        fts_name: &fts_name,
        cols: &cols,
        id_name: id_name.as_deref(),
        opts,
        rows,
        total_bytes,
        fts_path: &fts_temp.path,
        started,
    };
    let built = build::build_file(&temp.path, &job, speculative.take())?;
    drop(fts_temp);
    timings.steps.extend(built.steps);
    timings.full_text = built.full_text;

    let profile = dataset_profile(
        &table,
        &fts_name,
        rows,
        id_name,
        cols,
        (built.nulls, built.min_max),
    );
    build::finish_file(&temp.path, &profile, &spec.file)?;
    timings
        .steps
        .push(("ANALYZE and profile", started.elapsed()));
    let file_name = temp.publish(dest_dir, &stem)?;
    timings.steps.push(("publish", started.elapsed()));
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
        timings,
    })
}

/// The checks on the columns that need the whole file: every `--type`
/// column and the id column exist, and the id column has neither empty nor
/// duplicate values. Returns the id column's (normalised) name.
fn check_columns(
    scan: &mut Scan,
    spec: &SourceSpec,
    headers: &[String],
    names: &[String],
    opts: &ImportOptions,
    total_bytes: u64,
) -> Result<Option<String>, ImportError> {
    if let Some((want, _, _)) = scan.overrides.iter().find(|o| o.2.is_none()) {
        return Err(ImportError::TypeColumnMissing {
            file: spec.file.clone(),
            column: want.to_string(),
            available: names.join(", "),
        });
    }
    let id_name = match (&opts.id_column, scan.id.index) {
        (Some(want), None) => {
            return Err(ImportError::IdColumnMissing {
                file: spec.file.clone(),
                column: want.clone(),
                available: names.join(", "),
            })
        }
        (_, i) => i.map(|i| names[i].clone()),
    };
    let not_text = scan
        .id
        .index
        .is_some_and(|i| scan.stats[i].decide().0 != ColumnType::Text);
    scan.id.check(
        id_name.as_deref(),
        not_text,
        spec,
        headers,
        opts,
        total_bytes,
    )?;
    Ok(id_name)
}

/// The stored profile: the column plans of pass 1 with the null counts and
/// least and greatest values of pass 2 (`built`).
fn dataset_profile(
    table: &str,
    fts_name: &str,
    rows: u64,
    id_name: Option<String>,
    cols: Vec<ColPlan>,
    built: (Vec<u64>, Vec<MinMax>),
) -> DatasetProfile {
    let (null_counts, min_max) = built;
    let fts_table = cols
        .iter()
        .any(|c| c.full_text)
        .then(|| fts_name.to_string());
    DatasetProfile {
        table: table.to_string(),
        fts_table,
        row_count: rows,
        id_column: id_name,
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
    }
}
