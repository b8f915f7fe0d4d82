//! `quarry-bench`: drives a running `quarry serve` with N concurrent
//! keep-alive clients over a list of search phrases in classes, reads each
//! SSE stream as it arrives, and reports per class and tier the time to
//! the `thoughts` event and to `close` (p50/p95/p99), throughput, the
//! server's RSS and CPU, and the floor: the statements Quarry reported,
//! run directly on the same dataset file in this process.
//!
//! One command reproduces the README's table (generates, imports, serves):
//!
//! ```sh
//! cargo build --release -p quarry -p quarry-bench
//! target/release/quarry-bench --setup --rows 1000000 --work /tmp/quarry-bench-1m
//! ```

mod floor;
mod http;
mod phrases;
mod procstat;
mod setup;

use anyhow::{bail, Context};
use clap::Parser;
use http::{Answer, Client};
use phrases::{Class, PHRASES};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(about = "End-to-end benchmark of quarry serve against the SQL floor")]
struct Args {
    /// Generate a companies dataset of `--rows` rows, import it with the
    /// quarry CLI into `--work`/data (once; reused afterwards), create an
    /// API key and start `quarry serve` on a free port for the run.
    #[arg(long)]
    setup: bool,
    /// Rows of the generated dataset (with --setup).
    #[arg(long, default_value_t = 1_000_000)]
    rows: u64,
    /// Working directory of --setup (CSV, data directory, key).
    #[arg(long, default_value = "/tmp/quarry-bench")]
    work: PathBuf,
    /// The quarry binary (with --setup); default: `quarry` beside this one.
    #[arg(long)]
    quarry: Option<PathBuf>,
    /// More flags for `quarry serve` (with --setup), e.g. `--serve-arg=--query-timeout-ms=2000`.
    /// Without `--max-running-queries` among them (or in the environment),
    /// the server runs as many queries at once as the most clients.
    #[arg(long = "serve-arg", allow_hyphen_values = true)]
    serve_args: Vec<String>,

    /// A running service (without --setup).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Its API key (without --setup).
    #[arg(long, env = "QUARRY_API_KEY")]
    api_key: Option<String>,
    /// The dataset's id.
    #[arg(long, default_value = "companies")]
    dataset: String,
    /// The dataset's file, for the floor (without --setup).
    #[arg(long)]
    dataset_file: Option<PathBuf>,
    /// The server's pid, for RSS and CPU (default: found from /proc).
    #[arg(long)]
    server_pid: Option<u32>,

    /// Client counts to run, comma-separated.
    #[arg(long, default_value = "1,32", value_delimiter = ',')]
    clients: Vec<usize>,
    /// Tiers: default, small, or both.
    #[arg(long, default_value = "both")]
    tiers: String,
    /// Lists: mixed (every class), structured (selective filters and
    /// ranges only), or one class by its name in the table (selective,
    /// range, ordered, traits, traits+filter, broad, nothing),
    /// comma-separated.
    #[arg(long, default_value = "mixed,structured", value_delimiter = ',')]
    lists: Vec<String>,
    /// Seconds each run lasts.
    #[arg(long, default_value_t = 8.0)]
    seconds: f64,
    /// `limit` of every query.
    #[arg(long, default_value_t = 10)]
    limit: u32,
    /// Also write the figures table (Markdown) to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print each phrase's SQL, row count and floor, and its p50 in each
    /// run.
    #[arg(long)]
    verbose: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Tier {
    Default,
    Small,
}

impl Tier {
    fn name(self) -> &'static str {
        match self {
            Tier::Default => "default",
            Tier::Small => "small",
        }
    }
}

fn body(dataset: &str, phrase: &str, tier: Tier, limit: u32) -> String {
    serde_json::json!({
        "query_string": phrase,
        "dataset_id": dataset,
        "limit": limit,
        "use_smaller_model": tier == Tier::Small,
    })
    .to_string()
}

/// One phrase's facts in one tier, from a checked first run.
#[derive(Debug, Clone)]
struct Probe {
    sql: String,
    items: usize,
    floor: Duration,
}

/// A sample of one timed query.
#[derive(Debug, Clone, Copy)]
struct Sample {
    phrase: usize,
    thoughts: Duration,
    close: Duration,
}

struct RunResult {
    samples: Vec<Sample>,
    errors: usize,
    first_error: Option<String>,
    wall: Duration,
    cpu: Option<f64>,
    rss: Option<(u64, u64)>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut served = None;
    let (url, api_key, dataset_file, mut pid) = if args.setup {
        let bin = match &args.quarry {
            Some(b) => b.clone(),
            None => std::env::current_exe()?
                .parent()
                .context("no directory of this binary")?
                .join("quarry"),
        };
        if !bin.exists() {
            bail!(
                "no quarry binary at {} (build it: cargo build --release -p quarry; or pass --quarry PATH)",
                bin.display()
            );
        }
        let flags = setup::serve_flags(
            &args.serve_args,
            args.clients.iter().copied().max().unwrap_or(1),
            std::env::var_os("QUARRY_MAX_RUNNING_QUERIES").is_some(),
        );
        let s = setup::setup(&bin, &args.work, args.rows, &flags)?;
        let r = (
            s.url.clone(),
            s.api_key.clone(),
            s.dataset_file.clone(),
            Some(s.child.id()),
        );
        served = Some(s);
        r
    } else {
        (
            args.url.clone(),
            args.api_key
                .clone()
                .context("--api-key (or QUARRY_API_KEY) is required without --setup")?,
            args.dataset_file
                .clone()
                .context("--dataset-file is required without --setup")?,
            args.server_pid,
        )
    };
    let addr = socket_addr(&url)?;
    if pid.is_none() {
        pid = procstat::find_server(addr.port());
    }
    let tiers: Vec<Tier> = match args.tiers.as_str() {
        "both" => vec![Tier::Default, Tier::Small],
        "default" => vec![Tier::Default],
        "small" => vec![Tier::Small],
        t => bail!("--tiers {t:?}: default, small or both"),
    };
    let rows_in_file = std::fs::metadata(&dataset_file)?.len();
    eprintln!(
        "server {url} (pid {}), dataset file {} ({} MiB)",
        pid.map_or("unknown".into(), |p| p.to_string()),
        dataset_file.display(),
        rows_in_file >> 20
    );

    // A checked first pass: every phrase once per tier, one client; the
    // event order, the SQL, the item count; then the floor of each SQL.
    let mut probes: HashMap<(Tier, usize), Probe> = HashMap::new();
    let conn = floor::open(&dataset_file)?;
    let mut client = Client::new(addr, &api_key);
    let mut mismatches = 0;
    // A phrase whose check fails is counted, named and left out of the
    // timed runs of its tier; the others go on.
    let mut check_errors: Vec<String> = Vec::new();
    for &tier in &tiers {
        for (i, (class, phrase)) in PHRASES.iter().enumerate() {
            let checked = (|| -> anyhow::Result<Probe> {
                let a: Answer =
                    client.query(&body(&args.dataset, phrase, tier, args.limit), true)?;
                if a.status != 200 {
                    bail!("status {} {:?}", a.status, a.error);
                }
                let expected: &[&str] = if a.items.is_some() {
                    &["thoughts", "sql", "results", "close"]
                } else {
                    &["thoughts", "sql", "close"]
                };
                if a.order != expected || !a.complete {
                    bail!("events {:?}, complete {}", a.order, a.complete);
                }
                let sql = a.sql.clone().context("no sql event")?;
                let (floor, floor_rows) = floor::time_statement(&conn, &sql)
                    .with_context(|| format!("the floor of {sql}"))?;
                let items = a.items.unwrap_or(0);
                if floor_rows != items {
                    mismatches += 1;
                    eprintln!(
                        "note: {phrase:?} ({}): Quarry sent {items} items, the statement returns {floor_rows} rows",
                        tier.name()
                    );
                }
                Ok(Probe { sql, items, floor })
            })();
            let probe = match checked {
                Ok(p) => p,
                Err(e) => {
                    let msg = format!("{phrase:?} ({}): {e:#}", tier.name());
                    eprintln!("error: {msg}");
                    check_errors.push(msg);
                    // A broken connection is not the next phrase's fault.
                    client = Client::new(addr, &api_key);
                    continue;
                }
            };
            if args.verbose {
                eprintln!(
                    "{:<14} {:<7} {:>4} rows floor {:>8.3} ms  {phrase}\n    {}",
                    class.name(),
                    tier.name(),
                    probe.items,
                    ms(probe.floor),
                    probe.sql
                );
            }
            probes.insert((tier, i), probe);
        }
    }
    drop(client);
    let empty = |c: Class| {
        PHRASES
            .iter()
            .enumerate()
            .filter(|(_, (k, _))| *k == c)
            .all(|(i, _)| {
                tiers
                    .iter()
                    .all(|t| probes.get(&(*t, i)).is_none_or(|p| p.items == 0))
            })
    };
    if !empty(Class::Nothing) {
        eprintln!("note: some 'nothing' phrases matched records");
    }

    let mut table = String::new();
    let _ = writeln!(
        table,
        "| rows | clients | list | tier | class | queries | thoughts p50 / p99 ms | close p50 / p95 / p99 ms | q/s | floor p50 ms | Quarry ÷ floor (p50) | added p50 ms |"
    );
    let _ = writeln!(table, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut summary = String::new();
    let rows_label = rows_label(&conn);
    for list in &args.lists {
        let chosen: Vec<usize> = PHRASES
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| match list.as_str() {
                "structured" => c.structured(),
                "mixed" => true,
                class => c.name() == class,
            })
            .map(|(i, _)| i)
            .collect();
        for &clients in &args.clients {
            for &tier in &tiers {
                // The phrases whose check passed in this tier.
                let chosen: Vec<usize> = chosen
                    .iter()
                    .copied()
                    .filter(|i| probes.contains_key(&(tier, *i)))
                    .collect();
                if chosen.is_empty() {
                    continue;
                }
                let r = run(
                    addr,
                    &api_key,
                    &args.dataset,
                    tier,
                    args.limit,
                    &chosen,
                    clients,
                    Duration::from_secs_f64(args.seconds),
                    pid,
                )?;
                let secs = r.wall.as_secs_f64();
                let total = r.samples.len();
                let statements: Vec<String> = chosen
                    .iter()
                    .map(|i| probes[&(tier, *i)].sql.clone())
                    .collect();
                let floor_qps = floor::throughput(
                    &dataset_file,
                    &statements,
                    clients.min(64),
                    Duration::from_secs_f64((args.seconds / 2.0).clamp(1.0, 4.0)),
                )?;
                if args.verbose {
                    // Each phrase's own p50, to find the ones a class's
                    // figure hides.
                    let mut by_phrase: BTreeMap<usize, Vec<Duration>> = BTreeMap::new();
                    for s in &r.samples {
                        by_phrase.entry(s.phrase).or_default().push(s.close);
                    }
                    for (i, mut v) in by_phrase {
                        v.sort();
                        eprintln!(
                            "  {clients} clients, {}: close p50 {:.2} ms (floor {:.3} ms, {} queries): {}",
                            tier.name(),
                            ms(pct(&v, 50.0)),
                            ms(probes[&(tier, i)].floor),
                            v.len(),
                            PHRASES[i].1
                        );
                    }
                }
                let mut by_class: BTreeMap<Class, Vec<Sample>> = BTreeMap::new();
                for s in &r.samples {
                    by_class.entry(PHRASES[s.phrase].0).or_default().push(*s);
                }
                let all: Vec<Sample> = r.samples.clone();
                let mut groups: Vec<(String, Vec<Sample>)> = by_class
                    .into_iter()
                    .map(|(c, v)| (c.name().to_string(), v))
                    .collect();
                groups.push(("**all**".to_string(), all));
                for (name, samples) in groups {
                    let mut th: Vec<Duration> = samples.iter().map(|s| s.thoughts).collect();
                    let mut cl: Vec<Duration> = samples.iter().map(|s| s.close).collect();
                    let mut fl: Vec<Duration> = samples
                        .iter()
                        .map(|s| probes[&(tier, s.phrase)].floor)
                        .collect();
                    th.sort();
                    cl.sort();
                    fl.sort();
                    let (f50, c50) = (pct(&fl, 50.0), pct(&cl, 50.0));
                    let _ = writeln!(
                        table,
                        "| {rows_label} | {clients} | {list} | {} | {name} | {} | {:.2} / {:.2} | {:.2} / {:.2} / {:.2} | {:.0} | {:.3} | {:.2} | {:+.2} |",
                        tier.name(),
                        samples.len(),
                        ms(pct(&th, 50.0)),
                        ms(pct(&th, 99.0)),
                        ms(c50),
                        ms(pct(&cl, 95.0)),
                        ms(pct(&cl, 99.0)),
                        samples.len() as f64 / secs,
                        ms(f50),
                        ms(c50) / ms(f50).max(1e-6),
                        ms(c50) - ms(f50),
                    );
                }
                let _ = writeln!(
                    summary,
                    "{rows_label} rows, {clients} clients, {list} list, {} tier: {total} queries in {secs:.1} s = {:.0} q/s (floor with {} connections: {floor_qps:.0} statements/s), {} errors{}; server CPU {}, RSS {}",
                    tier.name(),
                    total as f64 / secs,
                    clients.min(64),
                    r.errors,
                    r.first_error.as_deref().map(|e| format!(" (first: {e})")).unwrap_or_default(),
                    r.cpu.map_or("?".into(), |c| format!("{:.0}% of one core", 100.0 * c / secs)),
                    r.rss.map_or("?".into(), |(now, peak)| format!("{} MiB (peak {} MiB)", now >> 10, peak >> 10)),
                );
                eprintln!("{}", summary.lines().last().unwrap_or(""));
            }
        }
    }
    let mut report = String::new();
    if let Some(s) = served.as_ref().and_then(|s| s.import_line.as_ref()) {
        let _ = writeln!(report, "import: {s}\n");
    }
    let _ = writeln!(report, "{table}");
    let _ = writeln!(report, "{summary}");
    if !check_errors.is_empty() {
        let _ = writeln!(
            report,
            "{} phrase check(s) failed and were left out of the timed runs (first: {})",
            check_errors.len(),
            check_errors[0]
        );
    }
    if mismatches > 0 {
        let _ = writeln!(
            report,
            "{mismatches} phrase(s) where Quarry's item count differs from the statement's rows (the result cap, or a difference to look into)"
        );
    }
    print!("{report}");
    if let Some(out) = &args.out {
        std::fs::write(out, &report)?;
    }
    drop(served);
    Ok(())
}

fn rows_label(conn: &rusqlite::Connection) -> String {
    let table: Option<String> = conn
        .query_row(
            "SELECT value FROM _quarry_meta WHERE key = 'table'",
            [],
            |r| r.get(0),
        )
        .ok();
    let n: Option<i64> = table.and_then(|t| {
        conn.query_row(
            &format!("SELECT max(rowid) FROM \"{}\"", t.replace('"', "\"\"")),
            [],
            |r| r.get(0),
        )
        .ok()
    });
    match n {
        Some(n) if n >= 1_000_000 && n % 1_000_000 == 0 => format!("{}M", n / 1_000_000),
        Some(n) if n >= 1000 && n % 1000 == 0 => format!("{}k", n / 1000),
        Some(n) => n.to_string(),
        None => "?".into(),
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    addr: SocketAddr,
    api_key: &str,
    dataset: &str,
    tier: Tier,
    limit: u32,
    chosen: &[usize],
    clients: usize,
    duration: Duration,
    pid: Option<u32>,
) -> anyhow::Result<RunResult> {
    let bodies: Arc<Vec<(usize, String)>> = Arc::new(
        chosen
            .iter()
            .map(|&i| (i, body(dataset, PHRASES[i].1, tier, limit)))
            .collect(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let cpu0 = pid.and_then(procstat::cpu_seconds);
    let start = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|c| {
            let bodies = bodies.clone();
            let stop = stop.clone();
            let key = api_key.to_string();
            std::thread::spawn(move || {
                let mut client = Client::new(addr, &key);
                let mut samples = Vec::new();
                let mut errors = 0usize;
                let mut first_error = None;
                // Each client walks the list from its own offset.
                let mut i = c * bodies.len() / clients;
                while !stop.load(Ordering::Relaxed) {
                    let (phrase, b) = &bodies[i % bodies.len()];
                    i += 1;
                    match client.query(b, false) {
                        Ok(Answer {
                            status: 200,
                            to_thoughts: Some(t),
                            to_close: Some(c),
                            complete: true,
                            ..
                        }) => samples.push(Sample {
                            phrase: *phrase,
                            thoughts: t,
                            close: c,
                        }),
                        Ok(a) => {
                            errors += 1;
                            first_error.get_or_insert_with(|| {
                                format!("status {} {}", a.status, a.error.unwrap_or_default())
                            });
                        }
                        Err(e) => {
                            errors += 1;
                            first_error.get_or_insert_with(|| e.to_string());
                        }
                    }
                }
                (samples, errors, first_error)
            })
        })
        .collect();
    std::thread::sleep(duration);
    stop.store(true, Ordering::Relaxed);
    let mut out = RunResult {
        samples: Vec::new(),
        errors: 0,
        first_error: None,
        wall: Duration::ZERO,
        cpu: None,
        rss: None,
    };
    for h in handles {
        let (s, e, f) = h.join().map_err(|_| anyhow::anyhow!("client panicked"))?;
        out.samples.extend(s);
        out.errors += e;
        if out.first_error.is_none() {
            out.first_error = f;
        }
    }
    out.wall = start.elapsed();
    out.cpu = match (cpu0, pid.and_then(procstat::cpu_seconds)) {
        (Some(a), Some(b)) => Some(b - a),
        _ => None,
    };
    out.rss = pid.and_then(procstat::rss_kib);
    Ok(out)
}

fn socket_addr(url: &str) -> anyhow::Result<SocketAddr> {
    let rest = url
        .strip_prefix("http://")
        .context("--url must be http://HOST:PORT")?;
    let hostport = rest.split('/').next().unwrap_or(rest);
    hostport
        .to_socket_addrs()?
        .next()
        .with_context(|| format!("cannot resolve {hostport}"))
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_the_nearest_rank() {
        let v: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(pct(&v, 50.0), Duration::from_millis(51));
        assert_eq!(pct(&v, 99.0), Duration::from_millis(99));
        assert_eq!(pct(&[], 50.0), Duration::ZERO);
    }

    #[test]
    fn the_phrase_list_has_every_class_and_enough_phrases() {
        assert!(PHRASES.len() >= 60);
        for c in [
            Class::Selective,
            Class::Range,
            Class::Ordered,
            Class::Traits,
            Class::TraitsFiltered,
            Class::Broad,
            Class::Nothing,
        ] {
            assert!(
                PHRASES.iter().filter(|(k, _)| *k == c).count() >= 7,
                "{c:?}"
            );
        }
    }
}
