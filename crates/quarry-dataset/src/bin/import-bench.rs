//! Import benchmark: generates the companies CSV (or reuses it), imports it
//! and prints the time of each step (the importer's own
//! [`quarry_dataset::ImportTimings`]), rows/s, wall time, CPU time, peak RSS
//! and the file sizes.
//!
//! `cargo run --release -p quarry-dataset --bin import-bench -- --rows 10000000
//! [--dir DIR] [--seed S] [--id-column id] [--keep]`

use quarry_dataset::generate::{write_companies_file, DEFAULT_SEED};
use quarry_dataset::{import_file, ImportOptions, Phase, Progress};
use std::cell::RefCell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut rows: u64 = 1_000_000;
    let mut dir = std::env::temp_dir().join("quarry-import-bench");
    let mut seed = DEFAULT_SEED;
    let mut id_column: Option<String> = Some("id".into());
    let mut keep = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("{name} needs a value");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--rows" => rows = parse(&value("--rows")),
            "--seed" => seed = parse(&value("--seed")),
            "--dir" => dir = PathBuf::from(value("--dir")),
            "--id-column" => {
                let v = value("--id-column");
                id_column = (!v.is_empty()).then_some(v);
            }
            "--keep" => keep = true,
            other => {
                eprintln!("unknown argument {other:?}");
                return ExitCode::from(2);
            }
        }
    }
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let csv = dir.join(format!("companies-{rows}-{seed:x}.csv"));
    if csv.exists() {
        eprintln!("reusing {}", csv.display());
    } else {
        let start = Instant::now();
        eprintln!("generating {}", csv.display());
        if let Err(e) = write_companies_file(&csv, rows, seed) {
            eprintln!("{}: {e}", csv.display());
            return ExitCode::FAILURE;
        }
        eprintln!("generated in {:.1?}", start.elapsed());
    }
    let dest = dir.join("datasets");
    let _ = std::fs::remove_dir_all(&dest);
    std::fs::create_dir_all(&dest).expect("creating the destination directory");

    let start = Instant::now();
    // Phase changes, with the time they happened.
    let phases: RefCell<Vec<(Phase, f64)>> = RefCell::new(Vec::new());
    let on_progress = |p: &Progress| {
        let mut v = phases.borrow_mut();
        if v.last().map(|(ph, _)| *ph) != Some(p.phase) {
            v.push((p.phase, start.elapsed().as_secs_f64()));
            eprintln!(
                "{:>8.2} s  {}",
                start.elapsed().as_secs_f64(),
                p.phase.name()
            );
        }
    };
    let mut opts = ImportOptions::new("companies");
    opts.id_column = id_column;
    opts.progress = Some(&on_progress);
    let imported = match import_file(&csv, &opts, &dest) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("import failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let wall = start.elapsed();
    let csv_size = std::fs::metadata(&csv).map(|m| m.len()).unwrap_or(0);
    let db = dest.join(&imported.file_name);
    let db_size = std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0);
    let rate = imported.row_count as f64 / wall.as_secs_f64();
    let phases = phases.into_inner();
    for (i, (phase, at)) in phases.iter().enumerate() {
        let end = phases.get(i + 1).map_or(wall.as_secs_f64(), |p| p.1);
        if *phase != Phase::Done {
            println!("phase {:<12} {:>7.2} s", phase.name(), end - at);
        }
    }
    // The importer's steps: how long each took, and when it ended.
    let t = &imported.timings;
    let mut last = 0.0;
    for (step, end) in &t.steps {
        let end = end.as_secs_f64();
        println!(
            "step  {step:<20} {:>7.2} s  (ended at {end:.2} s)",
            end - last
        );
        last = end;
    }
    if let Some((start, end)) = t.full_text {
        let (start, end) = (start.as_secs_f64(), end.as_secs_f64());
        println!(
            "full-text thread           {:>7.2} s  ({start:.2}-{end:.2} s, beside the steps)",
            end - start
        );
    }
    println!("rows:        {}", imported.row_count);
    println!("wall time:   {:.2} s", wall.as_secs_f64());
    println!("rows/s:      {rate:.0}");
    if let Some((user, sys)) = cpu_seconds() {
        println!("CPU time:    {user:.2} s user + {sys:.2} s system (all threads)");
    }
    // The importing thread alone (this one): the steps' critical path when
    // the machine is loaded, steadier than the wall time.
    if let Some((user, sys)) = cpu_seconds_of("/proc/thread-self/stat") {
        println!(
            "main thread: {:.2} CPU-s ({user:.2} user + {sys:.2} system)",
            user + sys
        );
    }
    println!(
        "peak RSS:    {}",
        peak_rss().unwrap_or_else(|| "unknown".into())
    );
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!("load avg:    {}", load.trim());
    }
    println!("CSV size:    {} ({})", human(csv_size), csv_size);
    println!("SQLite size: {} ({})", human(db_size), db_size);
    // The index answers: a phrase, and a word with a B-tree filter, with
    // the FTS table driving the join as the renderer writes it.
    if let Ok(conn) =
        rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
    {
        for (label, sql) in [
            (
                "phrase 'machine learning'",
                "SELECT count(*) FROM \"companies-fts\" WHERE \"companies-fts\" MATCH '\"machine learning\"'",
            ),
            (
                "'fintech' in Germany, top 10 by bm25",
                "SELECT count(*) FROM (SELECT c.rowid FROM \"companies-fts\" CROSS JOIN companies AS c \
                 ON c.rowid = \"companies-fts\".rowid WHERE \"companies-fts\" MATCH '\"fintech\"' \
                 AND c.country = 'Germany' ORDER BY bm25(\"companies-fts\") LIMIT 10)",
            ),
        ] {
            let t = Instant::now();
            let n: i64 = conn.query_row(sql, [], |r| r.get(0)).unwrap_or(-1);
            println!("query:       {label}: {n} rows in {:.1?}", t.elapsed());
        }
    }
    if !keep {
        let _ = std::fs::remove_dir_all(&dest);
    }
    ExitCode::SUCCESS
}

fn peak_rss() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{} ({kb} kB)", human(kb * 1024)))
}

/// User and system CPU seconds of this process (all threads), from
/// `/proc/self/stat` (clock ticks of 1/100 s).
fn cpu_seconds() -> Option<(f64, f64)> {
    cpu_seconds_of("/proc/self/stat")
}

/// User and system CPU seconds from a `/proc/…/stat` file.
fn cpu_seconds_of(path: &str) -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string(path).ok()?;
    // Fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? / 100.0, ticks(12)? / 100.0))
}

fn human(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= (1u64 << 30) as f64 {
        format!("{:.2} GiB", b / (1u64 << 30) as f64)
    } else {
        format!("{:.1} MiB", b / (1u64 << 20) as f64)
    }
}

fn parse(s: &str) -> u64 {
    let digits: String = s.chars().filter(|c| *c != '_').collect();
    digits.parse().unwrap_or_else(|_| {
        eprintln!("not a number: {s:?}");
        std::process::exit(2)
    })
}
