//! Times statements on a dataset file through Quarry's own reader (its
//! `bm25`, page cache and row collection), median of repeated runs:
//! `cargo run --release -p quarry-dataset --example statement_time -- FILE [RUNS] < statements`
//! (one statement a line, each returning `_row` and every column).
use std::io::BufRead;
use std::time::{Duration, Instant};

use quarry_dataset::{CancelFlag, DatasetReader};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = std::path::PathBuf::from(args.next().expect("a dataset file"));
    let runs: usize = args.next().map_or(7, |r| r.parse().expect("a run count"));
    let profile = quarry_dataset::load_profile(&file).expect("its profile");
    let reader = DatasetReader::open(&file).expect("a reader");
    let cancel = CancelFlag::new();
    // `raw:` lines run on a plain connection with Quarry's `bm25`, every
    // row stepped through, whatever they return.
    let raw =
        rusqlite::Connection::open_with_flags(&file, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("a connection");
    if let Some(fts) = &profile.fts_table {
        let lengths = quarry_dataset::rank::shared_lengths(&file, &raw, fts).expect("lengths");
        quarry_dataset::rank::install(&raw, lengths).expect("bm25");
    }
    for line in std::io::stdin().lock().lines() {
        let sql = line.expect("a line");
        if sql.trim().is_empty() {
            continue;
        }
        let mut times = Vec::with_capacity(runs);
        let mut n = 0;
        for _ in 0..runs {
            let t = Instant::now();
            n = if let Some(sql) = sql.strip_prefix("raw:") {
                let mut st = raw.prepare_cached(sql).expect("prepared");
                let mut rows = st.query([]).expect("runs");
                let mut k = 0;
                while rows.next().expect("a row").is_some() {
                    k += 1;
                }
                k
            } else {
                reader
                    .query(&sql, &profile, 1000, &cancel, Duration::from_secs(60))
                    .expect("the statement runs")
                    .len()
            };
            times.push(t.elapsed());
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:8.3} ms p50 ({:.3}..{:.3}) {n:4} rows  {}",
            ms(times[runs / 2]),
            ms(times[0]),
            ms(times[runs - 1]),
            &sql[..sql.len().min(150)]
        );
    }
}
