//! The floor: the statements Quarry reported in its `sql` events, run
//! directly on the same dataset file in this process (a read-only rusqlite
//! connection, each statement prepared once and cached, every row read and
//! every cell turned into a string), so that Quarry ÷ floor is what the
//! service adds to SQLite.

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn open(file: &Path) -> anyhow::Result<Connection> {
    let conn = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.set_prepared_statement_cache_capacity(256);
    Ok(conn)
}

/// Runs `sql` once: every row read, every cell made a string. Returns the
/// number of rows.
pub fn run_once(conn: &Connection, sql: &str) -> anyhow::Result<usize> {
    let mut stmt = conn.prepare_cached(sql)?;
    let n = stmt.column_count();
    let mut rows = stmt.raw_query();
    let mut count = 0;
    let mut cells: Vec<String> = Vec::with_capacity(n);
    while let Some(row) = rows.next()? {
        cells.clear();
        for i in 0..n {
            cells.push(match row.get_ref(i)? {
                ValueRef::Null => String::new(),
                ValueRef::Integer(v) => v.to_string(),
                ValueRef::Real(v) => v.to_string(),
                ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
            });
        }
        std::hint::black_box(&cells);
        count += 1;
    }
    Ok(count)
}

/// The median time of `sql` over a few runs (after one warm-up run), and
/// its row count.
pub fn time_statement(conn: &Connection, sql: &str) -> anyhow::Result<(Duration, usize)> {
    let rows = run_once(conn, sql)?;
    let mut times = Vec::new();
    let begin = Instant::now();
    while times.len() < 3 || (times.len() < 25 && begin.elapsed() < Duration::from_millis(40)) {
        let t = Instant::now();
        run_once(conn, sql)?;
        times.push(t.elapsed());
    }
    times.sort();
    Ok((times[times.len() / 2], rows))
}

/// Statements per second with `threads` connections running `statements`
/// round-robin for `duration`.
pub fn throughput(
    file: &Path,
    statements: &[String],
    threads: usize,
    duration: Duration,
) -> anyhow::Result<f64> {
    if statements.is_empty() {
        return Ok(0.0);
    }
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let file = file.to_path_buf();
            let statements = statements.to_vec();
            let done = done.clone();
            let stop = stop.clone();
            std::thread::spawn(move || -> anyhow::Result<()> {
                let conn = open(&file)?;
                let mut i = t * statements.len() / threads.max(1);
                while !stop.load(Ordering::Relaxed) {
                    run_once(&conn, &statements[i % statements.len()])?;
                    done.fetch_add(1, Ordering::Relaxed);
                    i += 1;
                }
                Ok(())
            })
        })
        .collect();
    std::thread::sleep(duration);
    stop.store(true, Ordering::Relaxed);
    for h in handles {
        h.join()
            .map_err(|_| anyhow::anyhow!("floor thread panicked"))??;
    }
    Ok(done.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64())
}
