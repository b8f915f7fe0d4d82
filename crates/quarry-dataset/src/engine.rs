//! Read-only execution of a rendered `SELECT` against one dataset file.
//!
//! The connection is opened read-only with `query_only` set, and an
//! authorizer allows nothing but `SELECT`, reads of the dataset's records
//! table, its FTS5 table and the FTS5 shadow tables, and function calls. A
//! progress handler interrupts a statement when its deadline passes or its
//! [`CancelFlag`] is set.

use crate::file_meta::{self, DatasetError};
use crate::value::{self, Cell};
use quarry_profile::{ColumnType, DatasetProfile};
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, ErrorCode};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Most bytes the items of one query take once sent: the JSON array of
/// `{"id": …, "item": {…}}` objects, counted after JSON escaping (a control
/// character is sent as `\u00XX`, six bytes). Rows past it are not read;
/// when not even the first record fits, the query fails with
/// [`EngineError::TooLarge`].
pub const MAX_RESULT_BYTES: usize = 8 << 20;
/// Virtual-machine steps between two checks of the deadline and the flag.
const PROGRESS_STEPS: i32 = 1000;
/// Page cache of one reader (KiB); readers are pooled, a few per dataset.
const READER_CACHE_KIB: i64 = 2 << 10;
/// Bytes of the file a reader maps into memory: none, so pages are read
/// into each reader's own bounded page cache. Mapping 1 GiB cut a 1M-row
/// trait-and-filter phrase from ~50 to 36 ms but raised the server's RSS
/// to 342 MiB (mapped pages count as resident), past the memory target.
const READER_MMAP_BYTES: i64 = 0;
/// Prepared statements kept per reader.
const STATEMENT_CACHE: usize = 64;
/// Suffixes of the FTS5 shadow tables.
const FTS_SHADOW: [&str; 5] = ["_data", "_idx", "_config", "_docsize", "_content"];

/// Set from another thread to interrupt a running query (e.g. when the
/// client disconnects). Cloning shares the flag.
#[derive(Debug, Clone, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    pub fn new() -> Self {
        Self::default()
    }
    /// Wraps an existing flag.
    pub fn from_arc(flag: Arc<AtomicBool>) -> Self {
        CancelFlag(flag)
    }
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One record of a result: `{"id": "...", "item": {"001_name": "...", ...}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultItem {
    pub id: String,
    /// Keys `<NNN>_<name>`, NNN the 1-based column position on three digits,
    /// so the map's order is the dataset's column order.
    pub item: BTreeMap<String, String>,
}

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Open(#[from] DatasetError),
    #[error("statement refused: {0}")]
    NotAuthorized(String),
    #[error("the query did not finish within {0:?}")]
    Timeout(Duration),
    #[error("the query was cancelled")]
    Cancelled,
    #[error("the statement does not return the dataset's columns: {0}")]
    Shape(String),
    #[error("SQL error: {0}")]
    Sql(#[source] rusqlite::Error),
    /// An error of another database than SQLite (a [`crate::DatasetStore`]
    /// of its own), as its driver said it.
    #[error("database error: {0}")]
    Backend(String),
    /// That database could not be reached (no connection within the
    /// store's wait, or the connection broke): retrying later may work.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The first record alone is larger, once sent as JSON, than the limit
    /// given (in bytes).
    #[error("one record is larger than the {0} bytes a result may take")]
    TooLarge(usize),
}

#[derive(Debug, Clone, Copy)]
enum Stop {
    Timeout,
    Cancelled,
}

struct Watch {
    deadline: Instant,
    cancel: CancelFlag,
    stopped: Option<Stop>,
}

type SharedWatch = Arc<Mutex<Option<Watch>>>;

fn lock(w: &SharedWatch) -> MutexGuard<'_, Option<Watch>> {
    w.lock().unwrap_or_else(|e| e.into_inner())
}

/// Clears the watch when a query ends, however it ends.
struct WatchGuard<'a>(&'a SharedWatch);

impl Drop for WatchGuard<'_> {
    fn drop(&mut self) {
        *lock(self.0) = None;
    }
}

/// A read-only connection to one dataset file. Cheap to open (two small
/// reads of metadata); `Send`, not `Sync`: use it from one thread at a time.
pub struct DatasetReader {
    conn: Connection,
    table: String,
    fts_table: Option<String>,
    watch: SharedWatch,
}

impl std::fmt::Debug for DatasetReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatasetReader")
            .field("table", &self.table)
            .field("fts_table", &self.fts_table)
            .finish_non_exhaustive()
    }
}

/// Name of the optional last column holding a figure over every matching
/// record (`count(*) OVER ()` and the like); not part of the items.
pub const FIGURE_COLUMN: &str = "_figure";

/// What a statement returned: the items, and the figure if it computed one
/// (`None` also when no record matched).
#[derive(Debug, Clone, PartialEq)]
pub struct Rows {
    pub items: Vec<ResultItem>,
    pub figure: Option<String>,
}

/// The SQL functions a statement may call: those the renderer writes
/// (`bm25`, the aggregates of the frequency and average conditions, `like` behind
/// `LIKE … ESCAPE`) and `match` behind FTS5's `MATCH`. Everything else
/// (`load_extension`, `readfile`, `randomblob`, …) is refused, whether or
/// not it is registered on this connection.
///
/// `time` is the time of day of a column (`CompareOp::TimeOfDay`), and
/// `strftime` its day of the week (`CompareOp::Weekday`); the guard allows
/// them on a column only, `strftime` with the format `'%w'` alone.
///
/// `quarry_number` reads a number kept as text (registered on every reader
/// connection, see [`register_number_function`]).
const ALLOWED_FUNCTIONS: &[&str] = &[
    "bm25",
    "count",
    "min",
    "max",
    "avg",
    "sum",
    "like",
    "match",
    "time",
    "strftime",
    quarry_profile::NUMBER_FUNCTION,
    quarry_profile::YEAR_FUNCTION,
];

/// Registers the renderer's number function on `conn`: the number a text
/// cell writes (`1,100`, `$12.50`), as `quarry_profile::number_in_text`
/// reads it, NULL for any other text; numbers pass through.
fn register_number_function(conn: &Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    use rusqlite::types::ValueRef;
    conn.create_scalar_function(
        quarry_profile::NUMBER_FUNCTION,
        1,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            Ok(match ctx.get_raw(0) {
                ValueRef::Integer(i) => Some(i as f64),
                ValueRef::Real(f) => Some(f),
                ValueRef::Text(t) => std::str::from_utf8(t)
                    .ok()
                    .and_then(quarry_profile::number_in_text),
                ValueRef::Null | ValueRef::Blob(_) => None,
            })
        },
    )
}

/// Registers the renderer's year function on `conn`: the year a date
/// kept as text writes, as `quarry_profile::year_in_text` reads it, NULL
/// for any other value.
fn register_year_function(conn: &Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    use rusqlite::types::ValueRef;
    conn.create_scalar_function(
        quarry_profile::YEAR_FUNCTION,
        1,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            Ok(match ctx.get_raw(0) {
                ValueRef::Text(t) => std::str::from_utf8(t)
                    .ok()
                    .and_then(quarry_profile::year_in_text),
                _ => None,
            })
        },
    )
}

fn is_allowed_function(name: &str) -> bool {
    ALLOWED_FUNCTIONS
        .iter()
        .any(|f| name.eq_ignore_ascii_case(f))
}

impl DatasetReader {
    /// Opens the dataset file at `path` for queries.
    pub fn open(path: &Path) -> Result<DatasetReader, EngineError> {
        let mut conn = file_meta::open_read_only(path)?;
        let (table, fts_table) = file_meta::read_tables(&conn, path)?;
        conn.pragma_update(None, "query_only", true)
            .map_err(|e| file_meta::sqlite_error(path, e))?;
        conn.pragma_update(None, "cache_size", -READER_CACHE_KIB)
            .map_err(|e| file_meta::sqlite_error(path, e))?;
        conn.pragma_update(None, "mmap_size", READER_MMAP_BYTES)
            .map_err(|e| file_meta::sqlite_error(path, e))?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        register_number_function(&conn).map_err(|e| file_meta::sqlite_error(path, e))?;
        register_year_function(&conn).map_err(|e| file_meta::sqlite_error(path, e))?;
        // FTS5's ranking with the rows' lengths in memory (the same values;
        // see `rank`). Without it, FTS5's own.
        if let Some(f) = &fts_table {
            if let Some(lengths) = crate::rank::shared_lengths(path, &conn, f) {
                let _ = crate::rank::install(&conn, lengths);
            }
        }

        let mut allowed: Vec<String> = vec![table.to_lowercase()];
        if let Some(f) = &fts_table {
            let f = f.to_lowercase();
            allowed.extend(FTS_SHADOW.iter().map(|s| format!("{f}{s}")));
            allowed.push(f);
        }
        conn.authorizer(Some(move |ctx: AuthContext<'_>| {
            let main_db = matches!(ctx.database_name, None | Some("main"));
            match ctx.action {
                AuthAction::Select | AuthAction::Recursive => Authorization::Allow,
                AuthAction::Read { table_name, .. }
                    if main_db && allowed.iter().any(|a| a.eq_ignore_ascii_case(table_name)) =>
                {
                    Authorization::Allow
                }
                AuthAction::Function { function_name } if is_allowed_function(function_name) => {
                    Authorization::Allow
                }
                // FTS5 checks whether the index changed under it.
                AuthAction::Pragma {
                    pragma_name,
                    pragma_value: None,
                } if ctx.accessor.is_none() && pragma_name.eq_ignore_ascii_case("data_version") => {
                    Authorization::Allow
                }
                _ => Authorization::Deny,
            }
        }))
        .map_err(|e| file_meta::sqlite_error(path, e))?;

        let watch: SharedWatch = Arc::new(Mutex::new(None));
        let w = watch.clone();
        conn.progress_handler(
            PROGRESS_STEPS,
            Some(move || {
                let mut g = lock(&w);
                let Some(watch) = g.as_mut() else {
                    return false;
                };
                if watch.cancel.is_cancelled() {
                    watch.stopped = Some(Stop::Cancelled);
                    true
                } else if Instant::now() >= watch.deadline {
                    watch.stopped = Some(Stop::Timeout);
                    true
                } else {
                    false
                }
            }),
        )
        .map_err(|e| file_meta::sqlite_error(path, e))?;
        Ok(DatasetReader {
            conn,
            table,
            fts_table,
            watch,
        })
    }

    /// Name of the records table.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Name of the FTS5 table, if the dataset has text columns.
    pub fn fts_table(&self) -> Option<&str> {
        self.fts_table.as_deref()
    }

    /// [`DatasetReader::query_rows`], the items only.
    pub fn query(
        &self,
        sql: &str,
        profile: &DatasetProfile,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
    ) -> Result<Vec<ResultItem>, EngineError> {
        self.query_rows(sql, profile, limit, cancel, timeout)
            .map(|r| r.items)
    }

    /// Runs `sql`, a `SELECT` returning the row number (`_row`) then every
    /// column of `profile` in order (then, optionally, a figure column named
    /// [`FIGURE_COLUMN`]), and returns at most `limit` items (and at most
    /// [`MAX_RESULT_BYTES`] once sent) with the figure.
    pub fn query_rows(
        &self,
        sql: &str,
        profile: &DatasetProfile,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
    ) -> Result<Rows, EngineError> {
        self.query_rows_capped(sql, profile, limit, cancel, timeout, MAX_RESULT_BYTES)
    }

    /// [`DatasetReader::query_rows`] with another cap than
    /// [`MAX_RESULT_BYTES`] on the items as sent (tests).
    pub fn query_rows_capped(
        &self,
        sql: &str,
        profile: &DatasetProfile,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
        max_bytes: usize,
    ) -> Result<Rows, EngineError> {
        if cancel.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        *lock(&self.watch) = Some(Watch {
            deadline: Instant::now() + timeout,
            cancel: cancel.clone(),
            stopped: None,
        });
        let _guard = WatchGuard(&self.watch);
        let fail = |e: rusqlite::Error| self.map_error(e, timeout);

        // Cached: a pooled connection answers the same phrase again without
        // parsing and planning it anew.
        let mut stmt = self.conn.prepare_cached(sql).map_err(fail)?;
        if !stmt.readonly() {
            return Err(EngineError::NotAuthorized(
                "only read-only statements may run".into(),
            ));
        }
        let mut n = stmt.column_count();
        // A figure column last ("how many …"): the same on every row.
        let figure_col = (n == profile.columns.len() + 2
            && stmt.column_name(n - 1).map_err(fail)? == FIGURE_COLUMN)
            .then_some(n - 1);
        if figure_col.is_some() {
            n -= 1;
        }
        if n != profile.columns.len() + 1 {
            return Err(EngineError::Shape(format!(
                "{n} columns where the row number and {} dataset columns were expected",
                profile.columns.len()
            )));
        }
        for (i, c) in profile.columns.iter().enumerate() {
            let got = stmt.column_name(i + 1).map_err(fail)?;
            if !got.eq_ignore_ascii_case(&c.name) {
                return Err(EngineError::Shape(format!(
                    "column {} is {got:?}, expected {:?}",
                    i + 2,
                    c.name
                )));
            }
        }
        let mut out = RowCollector::new(profile, figure_col.is_some(), limit, max_bytes);
        let mut rows = stmt.raw_query();
        while !out.is_full() {
            let Some(row) = rows.next().map_err(fail)? else {
                break;
            };
            let more = out.push(|i| row.get_ref(i).map(stored_cell).map_err(fail))?;
            if !more {
                break;
            }
        }
        Ok(out.finish())
    }

    /// How many records the full-text `query` matches, counted no further
    /// than `cap` (the count stops there: it reads at most `cap` entries of
    /// the index, no record); `None` when the dataset has no FTS table or
    /// the query is refused. A bound for the renderer to choose a form by
    /// (`quarry_sql::match_count_wanted`), so it gives up quietly.
    pub fn count_fts_matches(&self, query: &str, cap: u64, timeout: Duration) -> Option<u64> {
        let fts = file_meta::quote_ident(self.fts_table.as_deref()?);
        let cap = i64::try_from(cap).unwrap_or(i64::MAX);
        *lock(&self.watch) = Some(Watch {
            deadline: Instant::now() + timeout,
            cancel: CancelFlag::new(),
            stopped: None,
        });
        let _guard = WatchGuard(&self.watch);
        let sql =
            format!("SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ?1 LIMIT ?2)");
        let mut stmt = self.conn.prepare_cached(&sql).ok()?;
        stmt.query_row(rusqlite::params![query, cap], |r| r.get::<_, i64>(0))
            .ok()
            .and_then(|n| u64::try_from(n).ok())
    }

    fn map_error(&self, e: rusqlite::Error, timeout: Duration) -> EngineError {
        match e.sqlite_error_code() {
            Some(ErrorCode::OperationInterrupted) => {
                let stopped = lock(&self.watch).as_ref().and_then(|w| w.stopped);
                match stopped {
                    Some(Stop::Timeout) => EngineError::Timeout(timeout),
                    _ => EngineError::Cancelled,
                }
            }
            Some(ErrorCode::AuthorizationForStatementDenied) => {
                EngineError::NotAuthorized(e.to_string())
            }
            // A refused function is reported as a plain SQL error.
            _ if e.to_string().contains("not authorized") => {
                EngineError::NotAuthorized(e.to_string())
            }
            _ => EngineError::Sql(e),
        }
    }
}

/// The bytes of one item as sent besides its id and fields:
/// `{"id":` `,"item":{` `}}`.
const ITEM_OVERHEAD: usize = 6 + 9 + 2;

/// Length of `s` as a JSON string, quotes included, as `serde_json` writes
/// it: `"` and `\\` and the short escapes (`\n`, `\t`, …) take two bytes,
/// the other control characters six (`\u0001`), everything else its UTF-8
/// bytes.
pub fn json_string_len(s: &str) -> usize {
    2 + s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum::<usize>()
}

fn stored_cell(v: ValueRef<'_>) -> Cell<'_> {
    match v {
        ValueRef::Null => Cell::Null,
        ValueRef::Integer(i) => Cell::Int(i),
        ValueRef::Real(f) => Cell::Real(f),
        ValueRef::Text(t) | ValueRef::Blob(t) => Cell::Text(String::from_utf8_lossy(t)),
    }
}

/// Turns the rows of a rendered `SELECT` into result items, whatever
/// database they come from: the row number then every column of the
/// profile (then the figure, when there is one), at most `limit` items
/// and at most `max_bytes` once sent (see [`MAX_RESULT_BYTES`]).
#[derive(Debug)]
pub struct RowCollector {
    /// Keys and types of the result columns, in order.
    keys: Vec<(String, ColumnType)>,
    /// Statement column of the record id, when the dataset has an id column.
    id_col: Option<usize>,
    figure: bool,
    limit: usize,
    max_bytes: usize,
    /// The array as sent so far (its brackets to begin with).
    bytes: usize,
    rows: Rows,
}

impl RowCollector {
    /// A collector for the rows of a statement over `profile`'s columns,
    /// with a figure column last when `figure`.
    pub fn new(profile: &DatasetProfile, figure: bool, limit: usize, max_bytes: usize) -> Self {
        RowCollector {
            keys: profile
                .columns
                .iter()
                .map(|c| (c.item_key(), c.ty))
                .collect(),
            id_col: profile
                .id_column
                .as_ref()
                .and_then(|id| profile.columns.iter().position(|c| &c.name == id))
                .map(|i| i + 1),
            figure,
            limit,
            max_bytes,
            bytes: 2,
            rows: Rows {
                items: Vec::new(),
                figure: None,
            },
        }
    }

    /// Whether `limit` items are there.
    pub fn is_full(&self) -> bool {
        self.rows.items.len() >= self.limit
    }

    /// Adds one row, whose statement column `i` (0 the row number, then
    /// the profile's columns, then the figure) `cell(i)` reads. `Ok(false)`:
    /// the row did not fit the byte cap and no later row is wanted. A first
    /// row that does not fit is [`EngineError::TooLarge`].
    pub fn push<'r>(
        &mut self,
        mut cell: impl FnMut(usize) -> Result<Cell<'r>, EngineError>,
    ) -> Result<bool, EngineError> {
        let items = &mut self.rows.items;
        if self.figure && items.is_empty() {
            self.rows.figure = Some(value::item_string(
                ColumnType::Float,
                &cell(self.keys.len() + 1)?,
            ));
        }
        // What this record adds to the array as sent, counted while it is
        // built: a cell whose raw bytes alone do not fit is never copied.
        let budget = self.max_bytes.saturating_sub(self.bytes);
        let mut size = ITEM_OVERHEAD + usize::from(!items.is_empty());
        let mut fits = true;
        let mut item = BTreeMap::new();
        let mut id = None;
        for (i, (key, ty)) in self.keys.iter().enumerate() {
            let c = cell(i + 1)?;
            // JSON never sends a text in fewer bytes than it has.
            if let Cell::Text(t) = &c {
                if size.saturating_add(t.len()) > budget {
                    fits = false;
                    break;
                }
            }
            let v = value::item_string(*ty, &c);
            size += json_string_len(key) + 1 + json_string_len(&v) + usize::from(i > 0);
            if size > budget {
                fits = false;
                break;
            }
            if self.id_col == Some(i + 1) {
                id = Some(v.clone());
            }
            item.insert(key.clone(), v);
        }
        if fits {
            let id = match id {
                Some(id) => id,
                None => value::item_string(ColumnType::Integer, &cell(0)?),
            };
            size += json_string_len(&id);
            if size <= budget {
                self.bytes += size;
                items.push(ResultItem { id, item });
                return Ok(true);
            }
        }
        if items.is_empty() {
            return Err(EngineError::TooLarge(self.max_bytes));
        }
        Ok(false)
    }

    /// The items and the figure.
    pub fn finish(self) -> Rows {
        self.rows
    }
}
