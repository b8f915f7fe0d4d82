//! Pass 2: the file read again, every record converted to its column's
//! type and inserted into the records table (rowid = row number) of the
//! temporary dataset file, with per-column null counts and least and
//! greatest values kept on the way; then the B-tree indexes, the full-text
//! index copied in from the FTS thread's file ([`super::fts`]), `ANALYZE`
//! and the stored profile. The connection runs without a journal and
//! without syncing, since a failed build is thrown away whole; the tuning
//! below was measured with the `import-bench` program.

use super::fts::{self, FtsRun, FtsTask};
use super::progress::{progress_due, report, Phase, Progress};
use super::scan::{read_ahead, Ahead, Records};
use super::stats::ColPlan;
use super::{ImportError, ImportOptions};
use crate::file_meta::{self, META_TABLE, PROFILE_TABLE};
use crate::source::{self, SourceSpec};
use crate::value::{self, Cell};
use quarry_profile::{ColumnType, DatasetProfile};
use rusqlite::Connection;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

// Build tuning (measured with the `import-bench` program).
/// Page cache of the connection building the records (KiB).
const RECORDS_CACHE_KIB: i64 = 256 << 10;
/// Page cache while the B-tree indexes are built (KiB); it also sizes the
/// sorter's in-memory runs.
const INDEX_CACHE_KIB: i64 = 1024;
/// Helper threads SQLite's sorter may use for `CREATE INDEX` once the FTS
/// thread is done; while it runs, none: on two cores a helper then only
/// takes CPU from the FTS thread (a helper cost 3.4 CPU-s more for 0.9 s
/// less wall over the 16 indexes of 1M rows with a core to spare).
/// Measured again (1M rows, two alternated pairs on a quiet machine): a
/// helper from the first index on took the importing thread's CPU time
/// from ~14 to ~11 s, but the FTS thread then ended 0.9-1.5 s later and
/// the import took 14.9-15.2 s against 14.4-14.5 s (24.7-25.0 CPU-s
/// against 23.5-23.9): both cores are busy until the FTS thread ends.
const INDEX_SORT_THREADS: i64 = 1;
/// Rows `ANALYZE` samples per index: 0, every row. A limit leaves
/// `sqlite_stat4` empty and `sqlite_stat1` wrong (2,001 rows per value of
/// every column), and then a range that matches nothing (`founded < 1850
/// ORDER BY rowid LIMIT 10`) was read by scanning the whole table instead
/// of its index.
const ANALYSIS_LIMIT: i64 = 0;

/// A failure in pass 2: SQLite's (named after the file by the caller),
/// or the source's.
pub(super) enum BuildError {
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

/// A column's least and greatest value, as result items write them.
pub(super) type MinMax = (Option<String>, Option<String>);

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

pub(super) fn q(ident: &str) -> String {
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
pub(super) struct BuildJob<'a> {
    pub(super) spec: &'a SourceSpec<'a>,
    pub(super) headers: &'a [String],
    pub(super) table: &'a str,
    /// The full-text table's name ([`crate::names::fts_table_name`]).
    pub(super) fts_name: &'a str,
    pub(super) cols: &'a [ColPlan],
    pub(super) id_name: Option<&'a str>,
    pub(super) opts: &'a ImportOptions<'a>,
    pub(super) rows: u64,
    pub(super) total_bytes: u64,
    pub(super) fts_path: &'a Path,
    /// When the import started (for [`Built::steps`]).
    pub(super) started: Instant,
}

/// What pass 2 returns: per-column null counts and least and greatest
/// values, and when its steps ended (see [`super::ImportTimings`]).
pub(super) struct Built {
    pub(super) nulls: Vec<u64>,
    pub(super) min_max: Vec<MinMax>,
    pub(super) steps: Vec<(&'static str, Duration)>,
    pub(super) full_text: Option<(Duration, Duration)>,
}

/// Pass 2 into the temporary dataset file at `path` (see [`build`]), with
/// its errors named after the source file. `fts`: the FTS thread pass 1
/// started, if any.
pub(super) fn build_file(
    path: &Path,
    job: &BuildJob,
    fts: Option<FtsRun>,
) -> Result<Built, ImportError> {
    let file = &job.spec.file;
    let sql_err = |source| ImportError::Sqlite {
        file: file.clone(),
        source,
    };
    let mut conn = Connection::open(path).map_err(sql_err)?;
    let r = build(&mut conn, job, fts).map_err(|e| match e {
        BuildError::Sql(source) => ImportError::Sqlite {
            file: file.clone(),
            source,
        },
        BuildError::Import(e) => e,
    })?;
    conn.close().map_err(|(_, e)| sql_err(e))?;
    Ok(r)
}

/// The finishing touches on the built file at `path`: `ANALYZE`, the
/// stored profile, and a rollback journal again (the build ran without
/// one). On a new connection: the one that built the file wrote the FTS
/// shadow tables directly and must not be trusted to read them.
pub(super) fn finish_file(
    path: &Path,
    profile: &DatasetProfile,
    file: &str,
) -> Result<(), ImportError> {
    let sql_err = |source| ImportError::Sqlite {
        file: file.to_string(),
        source,
    };
    let conn = Connection::open(path).map_err(sql_err)?;
    conn.pragma_update(None, "cache_size", -RECORDS_CACHE_KIB)
        .map_err(sql_err)?;
    conn.pragma_update(None, "analysis_limit", ANALYSIS_LIMIT)
        .map_err(sql_err)?;
    conn.execute_batch("ANALYZE;").map_err(sql_err)?;
    file_meta::write_profile(&conn, profile).map_err(sql_err)?;
    conn.pragma_update(None, "journal_mode", "DELETE")
        .map_err(sql_err)?;
    conn.close().map_err(|(_, e)| sql_err(e))?;
    Ok(())
}

/// Pass 2 and the indexes on the open temporary database. Returns
/// per-column null counts and min/max, and the steps' times.
fn build(conn: &mut Connection, job: &BuildJob, fts: Option<FtsRun>) -> Result<Built, BuildError> {
    let (table, cols, opts) = (job.table, job.cols, job.opts);
    conn.pragma_update(None, "journal_mode", "OFF")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    conn.pragma_update(None, "cache_size", -RECORDS_CACHE_KIB)?;
    // The sorter of CREATE INDEX spills to temporary files, not memory:
    // at 10M rows an index's sort runs are hundreds of MB.
    conn.pragma_update(None, "temp_store", "FILE")?;
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
    let mut steps = Vec::new();
    let since = |t: Instant| t.saturating_duration_since(job.started);

    // The FTS thread: the one pass 1 started, if it indexes the right
    // columns, else a new one.
    let run = match fts {
        Some(r) if r.cols == fts_cols => Some(r),
        other => {
            drop(other);
            let _ = std::fs::remove_file(job.fts_path);
            (!fts_cols.is_empty()).then(|| {
                let mut task =
                    FtsTask::new(job.spec, job.headers, table, job.fts_name, job.fts_path);
                task.cols = fts_cols.clone();
                task.names = fts_names.iter().map(|n| n.to_string()).collect();
                FtsRun::start(task)
            })
        }
    };
    let mine = (|| -> Result<(), BuildError> {
        insert_records(&tx, job, &mut nulls, &mut extremes)?;
        steps.push(("insert", job.started.elapsed()));
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
        // The sorter's helper threads: only once the FTS thread is done.
        let sort_threads = |tx: &rusqlite::Transaction| {
            let alone = run.as_ref().is_none_or(FtsRun::is_finished);
            tx.pragma_update(None, "threads", if alone { INDEX_SORT_THREADS } else { 0 })
        };
        for c in cols
            .iter()
            .filter(|c| c.indexed || job.id_name == Some(c.name.as_str()))
        {
            sort_threads(&tx)?;
            tx.execute_batch(&index_sql(c))?;
        }
        for (group, order) in composite_indexes(cols, job.id_name, job.rows) {
            sort_threads(&tx)?;
            tx.execute_batch(&format!(
                "CREATE INDEX {} ON {t} ({}, {});",
                q(&format!("{table}__{}+{}", group.name, order.name)),
                q(&group.name),
                q(&order.name)
            ))?;
        }
        tx.execute_batch(&format!(
            "CREATE TABLE {PROFILE_TABLE} (json TEXT NOT NULL);
             CREATE TABLE {META_TABLE} (key TEXT PRIMARY KEY, value TEXT);"
        ))?;
        steps.push(("B-tree indexes", job.started.elapsed()));
        Ok(())
    })();
    // On failure, dropping the run stops the thread.
    let result = mine.and_then(|()| run.map(FtsRun::finish).transpose());
    let full_text = result?.map(|(start, end)| (since(start), since(end)));
    tx.commit()?;

    if !fts_cols.is_empty() {
        // The index built by the FTS thread, copied in.
        fts::copy_in(conn, table, job.fts_name, &fts_names, job.fts_path)?;
        steps.push(("full-text copy", job.started.elapsed()));
    }
    let min_max = extremes
        .into_iter()
        .zip(cols)
        .map(|(e, c)| e.finish(c.ty))
        .collect();
    Ok(Built {
        nulls,
        min_max,
        steps,
        full_text,
    })
}

/// Most composite indexes one import builds.
const MAX_COMPOSITE_INDEXES: usize = 12;
/// A categorical column leads composite indexes when its values hold this
/// many rows each on average (fewer: the filter alone is selective enough
/// that sorting what it finds costs nothing).
const COMPOSITE_MIN_ROWS_PER_VALUE: u64 = 64;

/// The (filter, order) column pairs that get a composite index, chosen from
/// the profile: every categorical column (indexed short text whose values
/// each hold many rows) with every orderable column (numbers, dates,
/// indexed, not the id), so that a phrase such as "the oldest companies in
/// Germany" (`country = … ORDER BY founded`) reads the first rows of an
/// index instead of sorting every row the filter matched.
fn composite_indexes<'a>(
    cols: &'a [ColPlan],
    id_name: Option<&str>,
    rows: u64,
) -> Vec<(&'a ColPlan, &'a ColPlan)> {
    let groups = cols.iter().filter(|c| {
        c.ty == ColumnType::Text
            && c.indexed
            && c.distinct_count >= 2
            && c.distinct_count
                .saturating_mul(COMPOSITE_MIN_ROWS_PER_VALUE)
                <= rows
    });
    let orders: Vec<&ColPlan> = cols
        .iter()
        .filter(|c| {
            c.indexed
                && id_name != Some(c.name.as_str())
                && matches!(
                    c.ty,
                    ColumnType::Integer
                        | ColumnType::Float
                        | ColumnType::Date
                        | ColumnType::DateTime
                )
                && c.distinct_count >= 2
        })
        .collect();
    groups
        .flat_map(|g| orders.iter().map(move |o| (g, *o)))
        .take(MAX_COMPOSITE_INDEXES)
        .collect()
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
    // A reader thread parses the file while this one converts and inserts
    // (as in pass 1): the importing thread is the import's critical path,
    // and the FTS thread beside it ends ~5 s before it at 1M rows, so it
    // can spare the core time. Measured (1M rows, quiet machine, four
    // alternated pairs): 13.94-14.82 s against 14.00-15.75 s (mean 14.24
    // against 14.93), the same CPU time in all.
    let source = source::open(job.spec, Some(job.headers))?;
    report(
        job.opts,
        Phase::Insert,
        0,
        Some(job.rows),
        0,
        job.total_bytes,
    );
    std::thread::scope(|scope| {
        let (ahead_tx, ahead_rx) = mpsc::sync_channel::<Ahead>(4);
        let (back_tx, back_rx) = mpsc::channel::<Records>();
        scope.spawn(move || read_ahead(source, ahead_tx, back_rx));
        let mut row = 0u64;
        for msg in ahead_rx {
            let (records, bytes) = match msg {
                Ahead::Batch { records, bytes, .. } => (records, bytes),
                Ahead::End { .. } => return Ok(()),
                Ahead::Failed(e) => return Err(e.into()),
            };
            for (rec, _) in &records {
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
                        bytes,
                        job.total_bytes,
                    );
                }
            }
            let _ = back_tx.send(records);
        }
        Err(BuildError::Import(ImportError::Io {
            file: job.spec.file.clone(),
            source: std::io::Error::other("the reader thread stopped"),
        }))
    })
}
