//! CSV import: a dataset file built from a CSV in two streaming passes.
//!
//! Pass 1 reads the whole file, checks its shape (field counts, UTF-8, the id
//! column) and keeps only per-column statistics: which types every value
//! still fits, and distinct values with counts (capped). Pass 2 reads it again
//! and inserts the converted records into a new SQLite file, which then gets
//! its FTS5 index, B-tree indexes, `ANALYZE` and the stored profile. The file
//! is built under a temporary name and renamed only when complete.

use crate::names;
use crate::store::{self, META_TABLE, PROFILE_TABLE};
use crate::value::{self, Cell};
use quarry_planner::{ColumnProfile, ColumnType, DatasetProfile, ValueCount};
use rusqlite::Connection;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::BufReader;
use std::path::{Path, PathBuf};
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
/// Offending lines listed in an id-column error.
const MAX_LINES_LISTED: usize = 5;
/// Rows between two progress reports.
const PROGRESS_EVERY: u64 = 10_000;

/// What to import and how.
#[derive(Default)]
pub struct ImportOptions<'a> {
    /// The dataset id; also the name of the records table.
    pub dataset_id: String,
    /// Header (as in the file, or normalised) of the column holding record
    /// ids. `None`: a record's id is its 1-based row number.
    pub id_column: Option<String>,
    /// Called now and then during the insert pass with the number of rows
    /// inserted so far, and once at the end with the total.
    pub progress: Option<&'a dyn Fn(u64)>,
}

impl ImportOptions<'_> {
    pub fn new(dataset_id: impl Into<String>) -> Self {
        ImportOptions {
            dataset_id: dataset_id.into(),
            id_column: None,
            progress: None,
        }
    }
}

/// A completed import.
#[derive(Debug, Clone)]
pub struct Imported {
    /// File name (no directory) of the dataset file in `dest_dir`.
    pub file_name: String,
    pub profile: DatasetProfile,
    pub row_count: u64,
    /// Things the importer changed or noticed (renamed columns, …).
    pub warnings: Vec<String>,
}

/// Why an import failed. Nothing is left in the destination directory.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("invalid dataset id {id:?}: {reason}")]
    InvalidDatasetId { id: String, reason: &'static str },
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: the file is empty; a header row is required")]
    Empty { file: String },
    #[error("{file}: {count} columns; a dataset may have at most {max}", max = MAX_COLUMNS)]
    TooManyColumns { file: String, count: usize },
    #[error("{file}, line {line}: {found} fields where the header has {expected}")]
    RaggedRow {
        file: String,
        line: u64,
        expected: usize,
        found: usize,
    },
    #[error(
        "{file}, line {line}, column {column}: invalid UTF-8 (the file must be UTF-8 encoded)"
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
    #[error("{file}: id column {column:?} not found; the columns are: {available}")]
    IdColumnMissing {
        file: String,
        column: String,
        available: String,
    },
    #[error("{file}: id column {column:?} is empty on {count} row(s), first at line(s) {}", join_lines(.lines))]
    IdColumnNull {
        file: String,
        column: String,
        count: u64,
        lines: Vec<u64>,
    },
    #[error("{file}: id column {column:?} has {count} duplicate value(s): {}", describe_duplicates(.duplicates))]
    IdColumnDuplicate {
        file: String,
        column: String,
        count: u64,
        /// (value, line of the duplicate, line of the first occurrence).
        duplicates: Vec<(String, u64, u64)>,
    },
    #[error("{file}: building the dataset file: {source}")]
    Sqlite {
        file: String,
        #[source]
        source: rusqlite::Error,
    },
}

fn join_lines(lines: &[u64]) -> String {
    lines
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe_duplicates(d: &[(String, u64, u64)]) -> String {
    d.iter()
        .map(|(v, line, first)| format!("{v:?} at line {line} (first at line {first})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_dataset_id(id: &str) -> Result<(), ImportError> {
    let bad = |reason| {
        Err(ImportError::InvalidDatasetId {
            id: id.to_string(),
            reason,
        })
    };
    if id.is_empty() {
        return bad("it is empty");
    }
    if id.len() > 200 {
        return bad("it is longer than 200 bytes");
    }
    if id.chars().any(|c| c.is_control() || "\"'`/\\".contains(c)) {
        return bad("it contains a quote, a slash or a control character");
    }
    let lower = id.to_ascii_lowercase();
    if lower.starts_with("sqlite_") || lower.starts_with("_quarry") {
        return bad("the name is reserved");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Reading

struct CsvSource<'p> {
    path: &'p Path,
    file: String,
}

impl CsvSource<'_> {
    fn open(&self) -> Result<csv::Reader<BufReader<File>>, ImportError> {
        let f = File::open(self.path).map_err(|source| ImportError::Io {
            file: self.file.clone(),
            source,
        })?;
        Ok(csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(BufReader::with_capacity(1 << 20, f)))
    }

    fn csv_error(&self, e: csv::Error, headers: Option<&[String]>) -> ImportError {
        let line = e.position().map_or(0, |p| p.line());
        match e.into_kind() {
            csv::ErrorKind::Io(source) => ImportError::Io {
                file: self.file.clone(),
                source,
            },
            csv::ErrorKind::Utf8 { err, .. } => ImportError::InvalidUtf8 {
                file: self.file.clone(),
                line,
                column: match headers {
                    Some(h) => h
                        .get(err.field())
                        .map_or_else(|| format!("{}", err.field() + 1), |n| format!("{n:?}")),
                    None => format!("{} of the header", err.field() + 1),
                },
            },
            other => ImportError::Csv {
                file: self.file.clone(),
                line,
                message: format!("{other:?}"),
            },
        }
    }

    /// Opens the file and reads its header row.
    fn records(&self) -> Result<Records, ImportError> {
        let mut rdr = self.open()?;
        let mut rec = csv::StringRecord::new();
        let got = rdr
            .read_record(&mut rec)
            .map_err(|e| self.csv_error(e, None))?;
        if !got {
            return Err(ImportError::Empty {
                file: self.file.clone(),
            });
        }
        Ok(Records {
            headers: rec.iter().map(str::to_string).collect(),
            rdr,
            rec,
            row: 0,
        })
    }
}

/// The data records of a CSV file, after its header.
struct Records {
    rdr: csv::Reader<BufReader<File>>,
    headers: Vec<String>,
    rec: csv::StringRecord,
    row: u64,
}

impl Records {
    /// Reads the next record, checking its field count. Returns its 1-based
    /// row number and the line it starts on; the fields are in `self.rec`.
    fn next(&mut self, src: &CsvSource) -> Result<Option<(u64, u64)>, ImportError> {
        match self.rdr.read_record(&mut self.rec) {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            Err(e) => return Err(src.csv_error(e, Some(&self.headers))),
        }
        let line = self.rec.position().map_or(0, |p| p.line());
        if self.rec.len() != self.headers.len() {
            return Err(ImportError::RaggedRow {
                file: src.file.clone(),
                line,
                expected: self.headers.len(),
                found: self.rec.len(),
            });
        }
        self.row += 1;
        Ok(Some((self.row, line)))
    }
}

// ---------------------------------------------------------------------------
// Pass 1: statistics

const C_INT: u8 = 1;
const C_THOUSANDS: u8 = 2;
const C_FLOAT: u8 = 4;
const C_BOOL: u8 = 8;
const C_DATE: u8 = 16;
const C_DATETIME: u8 = 32;
const C_ALL: u8 = 63;

enum Distinct {
    Values {
        map: HashMap<Box<str>, u64>,
        bytes: usize,
    },
    Hashes(HashSet<u64>),
    Capped,
}

fn hash_of(s: &str) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
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
                    let mut set: HashSet<u64> = map.keys().map(|k| hash_of(k)).collect();
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

struct ColStats {
    cands: u8,
    /// Non-empty cells.
    non_empty: u64,
    /// Non-empty cells that are not null tokens.
    typed_values: u64,
    total_len: u64,
    saw_separator: bool,
    saw_time: bool,
    bool_long_form: bool,
    bool_seen: [bool; 2],
    overflow: bool,
    distinct: Distinct,
}

impl ColStats {
    fn new() -> Self {
        ColStats {
            cands: C_ALL,
            non_empty: 0,
            typed_values: 0,
            total_len: 0,
            saw_separator: false,
            saw_time: false,
            bool_long_form: false,
            bool_seen: [false; 2],
            overflow: false,
            distinct: Distinct::Values {
                map: HashMap::new(),
                bytes: 0,
            },
        }
    }

    fn observe(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        self.non_empty += 1;
        self.total_len += s.len() as u64;
        self.distinct.observe(s);
        if self.cands == 0 || value::is_null_token(s) {
            return;
        }
        self.typed_values += 1;
        let c = self.cands;
        if c & C_INT != 0 && value::parse_int(s).is_none() {
            self.cands &= !C_INT;
            let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
            if value::looks_integral(s) && !(digits.len() > 1 && digits.starts_with('0')) {
                // Beyond i64: kept as text rather than rounded to a float.
                self.overflow = true;
                self.cands &= !C_FLOAT;
            }
        }
        if c & C_THOUSANDS != 0 {
            match value::parse_thousands(s) {
                Some((_, sep)) => self.saw_separator |= sep,
                None => self.cands &= !C_THOUSANDS,
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
    }

    /// The column type, and whether integers are written with thousands
    /// separators.
    fn decide(&self) -> (ColumnType, bool) {
        let c = self.cands;
        if self.typed_values == 0 {
            return (ColumnType::Text, false);
        }
        // Single letters `t`/`f` alone only make a boolean when both occur:
        // a column of `F` alone is more likely a code than "all false".
        let bool_ok = self.bool_long_form || (self.bool_seen[0] && self.bool_seen[1]);
        if c & C_BOOL != 0 && bool_ok {
            (ColumnType::Boolean, false)
        } else if c & C_INT != 0 {
            (ColumnType::Integer, false)
        } else if c & C_THOUSANDS != 0 && self.saw_separator {
            (ColumnType::Integer, true)
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
    thousands: bool,
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
    let (ty, thousands) = stats.decide();
    if stats.overflow && ty == ColumnType::Text {
        warnings.push(format!(
            "column {name}: integers beyond the 64-bit range; the column is kept as text"
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
                    let cell = value::convert(ty, thousands, &raw);
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
        thousands,
        distinct_count,
        values,
        full_text: ty == ColumnType::Text,
        indexed: ty != ColumnType::Text || short_text,
    }
}

// ---------------------------------------------------------------------------
// The temporary file

struct TempFile {
    path: PathBuf,
    keep: bool,
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
        // `.tmp-<id>-<pid>-<random>.sqlite[-journal]`
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

/// Imports `src` (a UTF-8 CSV with a header row) as a new dataset file in
/// `dest_dir`. See the module documentation.
pub fn import_csv(
    src: &Path,
    opts: &ImportOptions,
    dest_dir: &Path,
) -> Result<Imported, ImportError> {
    check_dataset_id(&opts.dataset_id)?;
    let source = CsvSource {
        path: src,
        file: src.display().to_string(),
    };
    let file = source.file.clone();
    let mut warnings = Vec::new();

    // Pass 1.
    let mut id_seen: HashMap<Box<str>, u64> = HashMap::new();
    let mut id_nulls: (u64, Vec<u64>) = (0, Vec::new());
    let mut id_dups: (u64, Vec<(String, u64, u64)>) = (0, Vec::new());
    let mut records = source.records()?;
    let headers = records.headers.clone();
    if headers.len() > MAX_COLUMNS {
        return Err(ImportError::TooManyColumns {
            file,
            count: headers.len(),
        });
    }
    let (names, w) = names::column_names(&headers);
    warnings.extend(w);
    let mut stats: Vec<ColStats> = (0..headers.len()).map(|_| ColStats::new()).collect();
    let mut id_index: Option<usize> = None;
    if let Some(want) = &opts.id_column {
        let want_norm = names::normalise(want);
        id_index = headers
            .iter()
            .position(|h| h == want)
            .or_else(|| names.iter().position(|n| *n == *want))
            .or_else(|| headers.iter().position(|h| h.eq_ignore_ascii_case(want)))
            .or_else(|| names.iter().position(|n| *n == want_norm));
        if id_index.is_none() {
            return Err(ImportError::IdColumnMissing {
                file,
                column: want.clone(),
                available: names.join(", "),
            });
        }
    }
    let mut rows = 0u64;
    while let Some((_, line)) = records.next(&source)? {
        rows += 1;
        let rec = &records.rec;
        for (s, st) in rec.iter().zip(stats.iter_mut()) {
            st.observe(s);
        }
        if let Some(i) = id_index {
            let v = &rec[i];
            if value::is_null_token(v) {
                id_nulls.0 += 1;
                if id_nulls.1.len() < MAX_LINES_LISTED {
                    id_nulls.1.push(line);
                }
            } else if let Some(&first) = id_seen.get(v) {
                id_dups.0 += 1;
                if id_dups.1.len() < MAX_LINES_LISTED {
                    id_dups.1.push((v.to_string(), line, first));
                }
            } else {
                id_seen.insert(v.into(), line);
            }
        }
    }
    drop(records);
    drop(id_seen);
    let id_name = id_index.map(|i| names[i].clone());
    if id_nulls.0 > 0 {
        return Err(ImportError::IdColumnNull {
            file,
            column: id_name.unwrap_or_default(),
            count: id_nulls.0,
            lines: id_nulls.1,
        });
    }
    if id_dups.0 > 0 {
        return Err(ImportError::IdColumnDuplicate {
            file,
            column: id_name.unwrap_or_default(),
            count: id_dups.0,
            duplicates: id_dups.1,
        });
    }
    if rows == 0 {
        warnings.push("the file has a header but no data rows".to_string());
    }

    let table = opts.dataset_id.clone();
    let fts_name = format!("{table}_fts");
    let mut cols: Vec<ColPlan> = names
        .iter()
        .cloned()
        .zip(headers.iter().cloned())
        .zip(stats)
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

    // Pass 2, into a temporary file.
    let stem = file_stem(&table);
    let temp = TempFile {
        path: dest_dir.join(format!("{TEMP_PREFIX}{stem}-{}.sqlite", random_suffix())),
        keep: false,
    };
    let sql_err = |source| ImportError::Sqlite {
        file: file.clone(),
        source,
    };
    let (null_counts, min_max) = {
        let mut conn = Connection::open(&temp.path).map_err(sql_err)?;
        let r = build(&mut conn, &source, &table, &cols, id_name.as_deref(), opts);
        let r = r.map_err(|e| match e {
            BuildError::Sql(source) => ImportError::Sqlite {
                file: file.clone(),
                source,
            },
            BuildError::Import(e) => e,
        })?;
        conn.close().map_err(|(_, e)| sql_err(e))?;
        r
    };

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
        let conn = Connection::open(&temp.path).map_err(sql_err)?;
        store::write_profile(&conn, &profile).map_err(sql_err)?;
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
        p(rows);
    }
    Ok(Imported {
        file_name,
        profile,
        row_count: rows,
        warnings,
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
    store::quote_ident(ident)
}

fn sql_type(ty: ColumnType) -> &'static str {
    match ty {
        ColumnType::Integer | ColumnType::Boolean => "INTEGER",
        ColumnType::Float => "REAL",
        _ => "TEXT",
    }
}

/// Pass 2 and everything after it on the open temporary database. Returns
/// per-column null counts and min/max.
fn build(
    conn: &mut Connection,
    source: &CsvSource,
    table: &str,
    cols: &[ColPlan],
    id_name: Option<&str>,
    opts: &ImportOptions,
) -> Result<(Vec<u64>, Vec<MinMax>), BuildError> {
    conn.pragma_update(None, "journal_mode", "OFF")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    conn.pragma_update(None, "cache_size", -65536)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    let t = q(table);
    let col_defs: Vec<String> = cols
        .iter()
        .map(|c| format!("{} {}", q(&c.name), sql_type(c.ty)))
        .collect();
    let tx = conn.transaction()?;
    tx.execute_batch(&format!("CREATE TABLE {t} ({});", col_defs.join(", ")))?;
    let mut nulls = vec![0u64; cols.len()];
    let mut extremes: Vec<Extremes> = cols.iter().map(|_| Extremes::default()).collect();
    {
        let col_list: Vec<String> = cols.iter().map(|c| q(&c.name)).collect();
        let params: Vec<String> = (0..=cols.len()).map(|i| format!("?{}", i + 1)).collect();
        let mut stmt = tx.prepare(&format!(
            "INSERT INTO {t} (rowid{}{}) VALUES ({})",
            if cols.is_empty() { "" } else { ", " },
            col_list.join(", "),
            params.join(", ")
        ))?;
        let mut records = source.records()?;
        while let Some((row, _)) = records.next(source)? {
            stmt.raw_bind_parameter(1, row as i64)?;
            for (i, (s, c)) in records.rec.iter().zip(cols).enumerate() {
                let cell = value::convert(c.ty, c.thousands, s);
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
            if row % PROGRESS_EVERY == 0 {
                if let Some(p) = opts.progress {
                    p(row);
                }
            }
        }
    }

    // Full-text index over the text columns.
    let fts_cols: Vec<&ColPlan> = cols.iter().filter(|c| c.full_text).collect();
    if !fts_cols.is_empty() {
        let fts = format!("{table}_fts");
        let f = q(&fts);
        let list: Vec<String> = fts_cols.iter().map(|c| q(&c.name)).collect();
        tx.execute_batch(&format!(
            "CREATE VIRTUAL TABLE {f} USING fts5({}, content='{}', content_rowid='rowid', \
             tokenize='porter unicode61 remove_diacritics 2');
             INSERT INTO {f}({f}) VALUES('rebuild');",
            list.join(", "),
            table.replace('\'', "''"),
        ))?;
    }

    // B-tree indexes.
    for c in cols {
        let unique = id_name == Some(c.name.as_str());
        if c.indexed || unique {
            tx.execute_batch(&format!(
                "CREATE {}INDEX {} ON {t} ({});",
                if unique { "UNIQUE " } else { "" },
                q(&format!("{table}__{}", c.name)),
                q(&c.name)
            ))?;
        }
    }
    tx.execute_batch(&format!(
        "CREATE TABLE {PROFILE_TABLE} (json TEXT NOT NULL);
         CREATE TABLE {META_TABLE} (key TEXT PRIMARY KEY, value TEXT);"
    ))?;
    tx.commit()?;
    conn.execute_batch("ANALYZE;")?;
    let min_max = extremes
        .into_iter()
        .zip(cols)
        .map(|(e, c)| e.finish(c.ty))
        .collect();
    Ok((nulls, min_max))
}
