//! The same plans on both back-ends: every phrase of the planner's corpus
//! (`crates/quarry-planner/tests/data/*.phrases`) is planned against the
//! profile of its CSV as imported, rendered through [`Sqlite`] and
//! [`Postgres`], each statement guarded in its own dialect, and run on the
//! SQLite store and on a PostgreSQL table built from the same CSV by
//! [`quarry_pg::PgStore`]. The records (their ids, in order) must be the
//! same. Where a plan searches text (traits), the two full-text engines
//! rank (`bm25` against `ts_rank_cd`) and tokenize (FTS5's `porter
//! unicode61` against a Snowball configuration) differently: the order of
//! the matches may differ, and is compared as a set; the sets themselves
//! are counted and printed when they differ, and must mostly agree.
//!
//! Phrases of topics planned with a vocabulary (`*.vocabulary.toml`) are
//! left out. A figure (an average) may differ in its last digits: the two
//! databases sum floats in another order; it is compared to 1e-12.

mod common;
#[path = "../../quarry-planner/tests/phrases/escape.rs"]
mod escape;

use escape::unescape;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use quarry_dataset::{CancelFlag, DatasetStore, ImportOptions, SqliteStore};
use quarry_planner::{Day, Planner, QueryPlan, Tier};
use quarry_sql::{check_select, render_select, Postgres, Sqlite};

const TODAY: Day = Day {
    year: 2026,
    month: 6,
    day: 15,
};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../quarry-planner/tests/data")
}

/// The profiles and their source files, as `profiles/build.sh` makes
/// them: the CSVs beside the phrases, demo/'s birdstrikes and flights,
/// every fifth airport, 5,000 generated companies (written into `tmp`).
fn sources(tmp: &Path) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(data_dir())
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            if path.extension()? != "csv" {
                return None;
            }
            Some((path.file_stem()?.to_str()?.to_string(), path.clone()))
        })
        .collect();
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../demo");
    for name in ["birdstrikes", "flights"] {
        out.push((name.to_string(), demo.join(format!("{name}.csv"))));
    }
    let airports = std::fs::read_to_string(demo.join("airports.csv")).unwrap();
    let cut: Vec<&str> = airports
        .lines()
        .enumerate()
        .filter(|(i, _)| *i == 0 || (i + 1) % 5 == 2)
        .map(|(_, l)| l)
        .collect();
    let path = tmp.join("airports.csv");
    std::fs::write(&path, cut.join("\n") + "\n").unwrap();
    out.push(("airports".to_string(), path));
    let path = tmp.join("companies.csv");
    quarry_dataset::generate::write_companies_file(
        &path,
        5000,
        quarry_dataset::generate::DEFAULT_SEED,
    )
    .unwrap();
    out.push(("companies".to_string(), path));
    out.sort();
    out
}

/// The phrases of a profile's `.phrases` files (without a vocabulary), as
/// the corpus test reads them: (phrase, tier).
fn phrases(profile: &str) -> Vec<(String, Tier)> {
    let dir = data_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".phrases")
                && name.split('.').next() == Some(profile)
                && !dir
                    .join(name.replace(".phrases", ".vocabulary.toml"))
                    .exists()
        })
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .lines()
                .filter_map(parse_line)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A line of a `.phrases` file (see the planner's `tests/corpus.rs`).
fn parse_line(line: &str) -> Option<(String, Tier)> {
    let mut end = line.len();
    let mut prev: Option<char> = None;
    for (i, c) in line.char_indices() {
        if c == '#' && prev.is_none_or(char::is_whitespace) {
            end = i;
            break;
        }
        prev = if prev == Some('\\') {
            Some('x')
        } else {
            Some(c)
        };
    }
    let shown = line[..end].trim();
    if shown.is_empty() {
        return None;
    }
    let (tier, written) = match shown.strip_prefix("small:") {
        Some(rest) => (Tier::Small, rest.trim()),
        None => (Tier::Default, shown),
    };
    Some((unescape(written), tier))
}

/// Two figures equal to 1e-12 relative.
fn close(a: &Option<String>, b: &Option<String>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => match (a.parse::<f64>(), b.parse::<f64>()) {
            (Ok(x), Ok(y)) => (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
            _ => false,
        },
        (a, b) => a == b,
    }
}

#[derive(Default, Debug)]
struct Tally {
    plans: usize,
    same: usize,
    /// Plans with the same records and a figure equal to 1e-12 (counted
    /// in `same` too).
    figure_rounding: usize,
    /// Text search plans whose matches are the same set in another order.
    reordered: usize,
    /// Text search plans whose matches differ.
    text_differs: Vec<String>,
    /// Structured plans whose records differ, or a statement one side
    /// refused or failed: never allowed.
    failures: Vec<String>,
}

#[test]
fn the_corpus_plans_return_the_same_records_on_both_backends() {
    let pg = common::store("corpus");
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::new(dir.path().join("sqlite"));
    let never = CancelFlag::new();
    let t = Duration::from_secs(30);
    let mut tally = Tally::default();
    for (name, csv) in sources(dir.path()) {
        let opts = ImportOptions::new(name.clone());
        let s = sqlite.import(&csv, &opts).unwrap();
        let p = pg.import(&csv, &opts).unwrap();
        let (ps, pp) = (&s.profile, &p.profile);
        let mut same_profile = pp.clone();
        same_profile.table = ps.table.clone();
        same_profile.fts_table = ps.fts_table.clone();
        assert_eq!(&same_profile, ps, "{name}: the profiles differ");
        let planner = Planner::new(ps);
        // Every record, so that a LIMIT never cuts two orders differently.
        let all = u32::try_from(s.row_count + 1).unwrap();
        for (phrase, tier) in phrases(&name) {
            let plan: QueryPlan = planner.plan_on(&phrase, tier, TODAY);
            tally.plans += 1;
            let what = format!("{name}: {phrase:?}");
            let sql_s = render_select(&Sqlite, ps, &plan, all);
            let sql_p = render_select(&Postgres, pp, &plan, all);
            if let Err(e) = check_select(&Sqlite, &sql_s, &ps.table, ps.fts_table.as_deref()) {
                tally
                    .failures
                    .push(format!("{what}: SQLite guard: {e}\n  {sql_s}"));
                continue;
            }
            if let Err(e) = check_select(&Postgres, &sql_p, &pp.table, pp.fts_table.as_deref()) {
                tally
                    .failures
                    .push(format!("{what}: Postgres guard: {e}\n  {sql_p}"));
                continue;
            }
            let rs = sqlite.run(&s.file_name, ps, &sql_s, all as usize, &never, t);
            let rp = pg.run(&p.file_name, pp, &sql_p, all as usize, &never, t);
            let (rs, rp) = match (rs, rp) {
                (Ok(a), Ok(b)) => (a, b),
                (a, b) => {
                    tally.failures.push(format!(
                        "{what}: SQLite {:?} / PostgreSQL {:?}\n  {sql_p}",
                        a.err(),
                        b.err()
                    ));
                    continue;
                }
            };
            let ids =
                |r: &quarry_dataset::Rows| r.items.iter().map(|i| i.id.clone()).collect::<Vec<_>>();
            let (is, ip) = (ids(&rs), ids(&rp));
            let text = !plan.traits.is_empty() && pp.fts_table.is_some();
            if is == ip && rs == rp {
                tally.same += 1;
                continue;
            }
            let (ss, sp): (BTreeSet<_>, BTreeSet<_>) = (is.iter().collect(), ip.iter().collect());
            if text && ss == sp {
                tally.reordered += 1;
            } else if text {
                let only_s: Vec<_> = ss.difference(&sp).take(5).collect();
                let only_p: Vec<_> = sp.difference(&ss).take(5).collect();
                tally.text_differs.push(format!(
                    "{what} (traits {:?}): {} vs {} records; only SQLite {only_s:?}, only PostgreSQL {only_p:?}",
                    plan.traits,
                    ss.len(),
                    sp.len()
                ));
            } else if is == ip && rs.items == rp.items && close(&rs.figure, &rp.figure) {
                tally.same += 1;
                tally.figure_rounding += 1;
            } else if is == ip {
                tally.failures.push(format!(
                    "{what}: the same records, other values (figure {:?} / {:?})\n  {sql_p}",
                    rs.figure, rp.figure
                ));
            } else {
                tally.failures.push(format!(
                    "{what}: {} vs {} records (first {:?} / {:?})\n  {sql_s}\n  {sql_p}",
                    is.len(),
                    ip.len(),
                    is.iter().take(8).collect::<Vec<_>>(),
                    ip.iter().take(8).collect::<Vec<_>>()
                ));
            }
        }
    }
    eprintln!(
        "{} plans: {} the same ({} with a figure rounded otherwise), {} text matches reordered, {} text matches differing, {} failures",
        tally.plans,
        tally.same,
        tally.figure_rounding,
        tally.reordered,
        tally.text_differs.len(),
        tally.failures.len()
    );
    for d in &tally.text_differs {
        eprintln!("text: {d}");
    }
    for f in &tally.failures {
        eprintln!("FAIL: {f}");
    }
    assert!(tally.plans > 1000, "{} plans", tally.plans);
    assert!(
        tally.failures.is_empty(),
        "{} failures",
        tally.failures.len()
    );
    // The full-text engines differ (stemmers, tokenizers): a few plans.
    assert!(
        tally.text_differs.len() * 50 <= tally.plans,
        "{} text searches differ",
        tally.text_differs.len()
    );
}
