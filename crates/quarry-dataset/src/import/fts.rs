//! The full-text index, built on a thread of its own into a file of its
//! own, then copied into the dataset file. FTS5 indexing is the slowest
//! part of an import; on its own thread, reading the source itself at its
//! own pace, it overlaps pass 1 (when started early, [`super::scan`]), the
//! records' insert and the B-tree indexes, instead of following them. In a
//! database of its own it shares no lock or page cache with the records;
//! copying its finished shadow tables in is quick.

use super::build::{q, BuildError};
use crate::source::{self, ByteLimit, Encoding, Format, SourceSpec};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

// Build tuning (measured with the `import-bench` program).
/// Page cache of the connection building the full-text index (KiB).
const FTS_CACHE_KIB: i64 = 64 << 10;
/// Pending full-text data FTS5 keeps in memory before writing a segment
/// (the default, 1 MiB, makes many small segments that are merged again
/// and again).
const FTS_HASH_BYTES: i64 = 192 << 20;

/// What the FTS thread needs: owned, so that it can start during pass 1.
pub(super) struct FtsTask {
    path: PathBuf,
    file: String,
    format: Format,
    gzip: bool,
    encoding: Encoding,
    delimiter: u8,
    backslash_escapes: bool,
    limit: Option<ByteLimit>,
    headers: Vec<String>,
    table: String,
    /// The full-text table's name.
    fts: String,
    /// The full-text columns: positions and names.
    pub(super) cols: Vec<usize>,
    pub(super) names: Vec<String>,
    fts_path: PathBuf,
}

impl FtsTask {
    pub(super) fn new(
        spec: &SourceSpec,
        headers: &[String],
        table: &str,
        fts: &str,
        fts_path: &Path,
    ) -> Self {
        FtsTask {
            path: spec.path.to_path_buf(),
            file: spec.file.clone(),
            format: spec.format,
            gzip: spec.gzip,
            encoding: spec.encoding,
            delimiter: spec.delimiter,
            backslash_escapes: spec.backslash_escapes,
            limit: spec.limit.clone(),
            headers: headers.to_vec(),
            table: table.to_string(),
            fts: fts.to_string(),
            cols: Vec::new(),
            names: Vec::new(),
            fts_path: fts_path.to_path_buf(),
        }
    }
}

/// A running FTS thread. Dropping it stops the thread and waits for it, so
/// that its file can be removed.
pub(super) struct FtsRun {
    pub(super) cols: Vec<usize>,
    stop: Arc<AtomicBool>,
    started: Instant,
    /// The thread returns when it ended.
    handle: Option<std::thread::JoinHandle<Result<Instant, BuildError>>>,
}

impl FtsRun {
    pub(super) fn start(task: FtsTask) -> FtsRun {
        let stop = Arc::new(AtomicBool::new(false));
        let s = stop.clone();
        let cols = task.cols.clone();
        let started = Instant::now();
        let handle = std::thread::spawn(move || fts_worker(&task, &s).map(|()| Instant::now()));
        FtsRun {
            cols,
            stop,
            started,
            handle: Some(handle),
        }
    }

    /// Whether the thread has ended (done, failed or stopped).
    pub(super) fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// Waits for the index to be complete; returns when the thread
    /// started and ended.
    pub(super) fn finish(mut self) -> Result<(Instant, Instant), BuildError> {
        let ended = match self.handle.take() {
            Some(h) => h.join().unwrap_or_else(|_| {
                Err(BuildError::Sql(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(1),
                    Some("the full-text thread panicked".into()),
                )))
            })?,
            None => Instant::now(),
        };
        Ok((self.started, ended))
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
fn fts_create_sql(schema: &str, table: &str, fts: &str, cols: &[&str]) -> String {
    let list: Vec<String> = cols.iter().map(|c| q(c)).collect();
    format!(
        "CREATE VIRTUAL TABLE {}.{} USING fts5({}, content='{}', content_rowid='rowid', \
         tokenize='porter unicode61 remove_diacritics 2');",
        q(schema),
        q(fts),
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
        limit: job.limit.clone(),
    };
    let conn = Connection::open(&job.fts_path)?;
    conn.pragma_update(None, "journal_mode", "OFF")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    conn.pragma_update(None, "cache_size", -FTS_CACHE_KIB)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.execute_batch("BEGIN;")?;
    conn.execute_batch(&fts_create_sql("main", &job.table, &job.fts, &names))?;
    let f = q(&job.fts);
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

/// Copies the index the FTS thread built in `fts_path` into the dataset
/// file on `conn`: the same virtual table over `names`, its shadow tables'
/// rows copied.
pub(super) fn copy_in(
    conn: &mut Connection,
    table: &str,
    fts: &str,
    names: &[&str],
    fts_path: &Path,
) -> rusqlite::Result<()> {
    conn.execute(
        "ATTACH DATABASE ?1 AS fts_build",
        [fts_path.to_string_lossy()],
    )?;
    let tx = conn.transaction()?;
    tx.execute_batch(&fts_create_sql("main", table, fts, names))?;
    for shadow in ["data", "idx", "docsize"] {
        let s = q(&format!("{fts}_{shadow}"));
        tx.execute_batch(&format!(
            "DELETE FROM main.{s}; INSERT INTO main.{s} SELECT * FROM fts_build.{s};"
        ))?;
    }
    tx.commit()?;
    conn.execute_batch("DETACH DATABASE fts_build;")?;
    Ok(())
}
