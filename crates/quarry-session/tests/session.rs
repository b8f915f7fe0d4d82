//! A session without a server: a real dataset file imported from a small CSV,
//! the production engine, and a `Vec<Event>` as the sink.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use quarry_planner::Tier;
use quarry_session::{Close, Ended, Event, OpenDataset, Session, SqliteEngine, Thoughts};

const CSV: &str = "\
name,country,employees,description
Acme Pay,Germany,120,A fintech startup building payment apps
Bluebird,France,4000,Logistics for remote warehouses
Cedar Labs,Germany,800,Fintech tools for small banks
Dune,Spain,60,Logistics software for ports
Elm,France,15,Remote design studio
";

/// The companies above as an imported dataset file in `dir`.
fn dataset(dir: &Path) -> Arc<OpenDataset> {
    let csv = dir.join("companies.csv");
    std::fs::write(&csv, CSV).unwrap();
    let imported =
        quarry_dataset::import_csv(&csv, &quarry_dataset::ImportOptions::new("companies"), dir)
            .unwrap();
    Arc::new(OpenDataset::open(&dir.join(&imported.file_name)).unwrap())
}

/// Runs `phrase` (default tier) into a collecting sink.
async fn ask(dataset: &Arc<OpenDataset>, phrase: &str, limit: u32) -> (Ended, Vec<Event>) {
    let session = Session::new(
        Arc::new(SqliteEngine),
        dataset.clone(),
        limit,
        Duration::from_secs(10),
    )
    // Relaxation and probes are what these tests check: no budget in the
    // way on a busy test machine.
    .with_thoughts_budget(Duration::from_secs(10));
    let mut events = Vec::new();
    let ended = session.query(phrase, Tier::Default, &mut events).await;
    (ended, events)
}

/// The events are thoughts, sql, results, close (complete), in that order;
/// returns the thoughts, the statement and the result ids.
fn in_order(events: &[Event]) -> (&Thoughts, &str, Vec<&str>) {
    match events {
        [Event::Thoughts(t), Event::Sql(sql), Event::Results(items), Event::Close(Close::Complete)] => {
            (
                t,
                sql.as_str(),
                items.iter().map(|i| i.id.as_str()).collect(),
            )
        }
        other => panic!("not thoughts, sql, results, close: {other:?}"),
    }
}

#[tokio::test]
async fn a_match_is_thoughts_sql_results_close() {
    let dir = tempfile::tempdir().unwrap();
    let d = dataset(dir.path());
    let (ended, events) = ask(&d, "companies in Germany", 10).await;
    assert_eq!(ended, Ended::Closed);
    let (thoughts, sql, ids) = in_order(&events);
    assert_eq!(thoughts.filters, ["country = 'Germany'"]);
    assert!(sql.starts_with("SELECT "), "{sql}");
    assert_eq!(ids, ["1", "3"]);
    // The limit caps the results.
    let (_, events) = ask(&d, "companies in Germany", 1).await;
    assert_eq!(in_order(&events).2.len(), 1);
}

#[tokio::test]
async fn a_plan_that_matches_nothing_is_relaxed_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dataset(dir.path());
    // The misspelt country is linked fuzzily, so it is the condition a
    // relaxation may drop; no German company has over 1000 employees.
    let (ended, events) = ask(&d, "companies in Germny with more than 1000 employees", 10).await;
    assert_eq!(ended, Ended::Closed);
    let (thoughts, sql, ids) = in_order(&events);
    assert!(
        thoughts.metadata.ends_with(
            "No record matched every condition, so Germny was dropped and the query run again."
        ),
        "{thoughts:?}"
    );
    assert!(!sql.contains("Germany"), "the relaxed statement: {sql}");
    assert_eq!(ids, ["2"]);
}

#[tokio::test]
async fn no_match_names_the_most_restrictive_condition() {
    let dir = tempfile::tempdir().unwrap();
    let d = dataset(dir.path());
    let (ended, events) = ask(&d, "companies in Spain with more than 500 employees", 10).await;
    assert_eq!(ended, Ended::Closed);
    let (thoughts, _, ids) = in_order(&events);
    assert!(ids.is_empty());
    assert!(
        thoughts.metadata.ends_with(
            "No record matched every condition together; the most restrictive: \
             country = 'Spain'. Records each condition matches alone: \
             country = 'Spain': 1; employees > 500: 2."
        ),
        "{thoughts:?}"
    );
}

#[tokio::test]
async fn a_cancelled_session_sends_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dataset(dir.path());
    let cancel = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let session =
        Session::new(Arc::new(SqliteEngine), d, 10, Duration::from_secs(10)).with_cancel(cancel);
    let mut events = Vec::new();
    let ended = session
        .query("companies in Germany", Tier::Default, &mut events)
        .await;
    assert_eq!(ended, Ended::Cancelled);
    assert!(events.is_empty(), "{events:?}");
}

/// "how many …", "average …": the results are still the records, and the
/// figure over every matching record (past the limit too) is in the
/// metadata, computed by the one statement the `sql` event shows.
#[tokio::test]
async fn a_figure_is_stated_over_every_match_by_the_same_statement() {
    let dir = tempfile::tempdir().unwrap();
    let ds = dataset(dir.path());

    // Two companies in France, a limit of one: the count says 2.
    let (_, events) = ask(&ds, "how many companies in France", 1).await;
    let (thoughts, sql, ids) = in_order(&events);
    assert_eq!(ids.len(), 1, "{events:?}");
    assert!(sql.contains("count(*) OVER ()"), "{sql}");
    assert!(
        thoughts.metadata.contains("'how many': 2 records match"),
        "{}",
        thoughts.metadata
    );

    // The average of 4000 and 15.
    let (_, events) = ask(&ds, "average employees of companies in France", 10).await;
    let (thoughts, sql, ids) = in_order(&events);
    assert_eq!(ids.len(), 2, "{events:?}");
    assert!(sql.contains("avg("), "{sql}");
    assert!(
        thoughts
            .metadata
            .contains("the average employees over the matching records is 2007.5"),
        "{}",
        thoughts.metadata
    );
    // The field averaged is not a condition.
    assert_eq!(thoughts.filters, vec!["country = 'France'".to_string()]);

    // With a full-text search: ranked by the FTS table's rank column
    // (SQLite refuses bm25() beside a window function). Sixty companies
    // with distinct descriptions, six of them fintech.
    let many = tempfile::tempdir().unwrap();
    let mut csv = String::from("name,description\n");
    for i in 0..60 {
        let what = if i % 10 == 7 { "fintech" } else { "logistics" };
        csv.push_str(&format!(
            "Company {i},A {what} firm number {i} in sector {}\n",
            i * 7
        ));
    }
    let path = many.path().join("many.csv");
    std::fs::write(&path, csv).unwrap();
    let imported = quarry_dataset::import_csv(
        &path,
        &quarry_dataset::ImportOptions::new("many"),
        many.path(),
    )
    .unwrap();
    let ds_many = Arc::new(OpenDataset::open(&many.path().join(&imported.file_name)).unwrap());
    let (_, events) = ask(&ds_many, "how many fintech companies", 1).await;
    let (thoughts, sql, ids) = in_order(&events);
    assert_eq!(ids.len(), 1, "{events:?}");
    assert!(sql.contains(".\"rank\""), "{sql}");
    assert!(
        thoughts.metadata.contains("'how many': 6 records match"),
        "{}",
        thoughts.metadata
    );

    // Nothing matches: no figure, and no figure column value invented.
    let (_, events) = ask(
        &ds,
        "how many companies in France with more than 5000 employees",
        10,
    )
    .await;
    let metadata = match &events[0] {
        Event::Thoughts(t) => t.metadata.clone(),
        other => panic!("{other:?}"),
    };
    assert!(!metadata.contains("records match"), "{metadata}");
    assert!(
        metadata.contains("'how many': no record matches."),
        "{metadata}"
    );
}

/// The production engine made slow: each statement takes `delay` more.
struct Slow {
    delay: Duration,
    calls: std::sync::atomic::AtomicUsize,
}

impl quarry_session::QueryEngine for Slow {
    fn run(
        &self,
        dataset_file: &Path,
        profile: &quarry_planner::DatasetProfile,
        sql: &str,
        limit: u32,
        cancel: &Arc<std::sync::atomic::AtomicBool>,
        timeout: Duration,
    ) -> Result<quarry_session::EngineRows, quarry_session::EngineFailure> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        std::thread::sleep(self.delay);
        SqliteEngine.run(dataset_file, profile, sql, limit, cancel, timeout)
    }
}

#[tokio::test]
async fn a_statement_slower_than_the_budget_is_neither_relaxed_nor_probed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dataset(dir.path());
    let engine = Arc::new(Slow {
        delay: Duration::from_millis(200),
        calls: Default::default(),
    });
    let session = Session::new(engine.clone(), d, 10, Duration::from_secs(10))
        .with_thoughts_budget(Duration::from_millis(5));
    let mut events = Vec::new();
    let ended = session
        .query(
            "companies in Germny with more than 100000 employees",
            Tier::Default,
            &mut events,
        )
        .await;
    assert_eq!(ended, Ended::Closed);
    match events.as_slice() {
        [Event::Thoughts(t), Event::Sql(sql), Event::Results(items), Event::Close(Close::Complete)] =>
        {
            assert!(items.is_empty());
            assert!(!t.metadata.contains("No record matched"), "{}", t.metadata);
            assert!(sql.contains("100000"), "{sql}");
        }
        other => panic!("not thoughts, sql, results, close: {other:?}"),
    }
    assert_eq!(engine.calls.load(std::sync::atomic::Ordering::SeqCst), 1);
}

/// A dataset whose guard verdicts are kept, as the server's are.
struct Guarded {
    inner: Arc<OpenDataset>,
    passed: quarry_session::GuardCache,
}

impl quarry_session::Dataset for Guarded {
    fn file(&self) -> &Path {
        &self.inner.file
    }
    fn profile(&self) -> &quarry_planner::DatasetProfile {
        &self.inner.profile
    }
    fn planner(&self) -> &quarry_planner::Planner {
        &self.inner.planner
    }
    fn guard_cache(&self) -> Option<&quarry_session::GuardCache> {
        Some(&self.passed)
    }
}

#[tokio::test]
async fn a_statement_the_guard_passed_once_runs_again_with_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = Arc::new(Guarded {
        inner: dataset(dir.path()),
        passed: quarry_session::GuardCache::default(),
    });
    let mut answers = Vec::new();
    for _ in 0..2 {
        let session = Session::new(
            Arc::new(SqliteEngine),
            d.clone(),
            10,
            Duration::from_secs(10),
        )
        .with_thoughts_budget(Duration::from_secs(10));
        let mut events = Vec::new();
        let ended = session
            .query("fintech companies in Germany", Tier::Default, &mut events)
            .await;
        assert_eq!(ended, Ended::Closed);
        let (_, sql, ids) = in_order(&events);
        assert!(d.passed.passed(sql), "the passed statement is kept");
        answers.push((
            sql.to_string(),
            ids.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        ));
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].1.len(), 2);
    // A statement the guard would refuse is never kept, so never skips it.
    assert!(!d.passed.passed("DELETE FROM companies"));
}

#[test]
fn the_guard_cache_is_bounded() {
    let c = quarry_session::GuardCache::default();
    for i in 0..quarry_session::GuardCache::CAPACITY {
        c.pass(&format!("SELECT {i}"));
    }
    assert!(c.passed("SELECT 0"));
    c.pass("SELECT -1");
    assert!(!c.passed("SELECT 0"), "emptied when full");
    assert!(c.passed("SELECT -1"));
}

/// 7,000 companies, one in three of them fintech: enough matches for a
/// search ordered by a field to be written field first.
fn many_companies(dir: &Path) -> Arc<OpenDataset> {
    let mut csv = String::from("name,founded,employees,description\n");
    for i in 0..7000u64 {
        let what = if i % 3 == 0 { "fintech" } else { "logistics" };
        csv += &format!(
            "Company {i},{},{},A {what} firm with {} clients in {} cities\n",
            1900 + (i * 7919) % 120,
            1 + (i * 37) % 5000,
            i * 13 % 997,
            i % 89
        );
    }
    let path = dir.join("many.csv");
    std::fs::write(&path, csv).unwrap();
    let imported =
        quarry_dataset::import_csv(&path, &quarry_dataset::ImportOptions::new("companies"), dir)
            .unwrap();
    Arc::new(OpenDataset::open(&dir.join(&imported.file_name)).unwrap())
}

/// The ids the plain join of `plan` returns (the form without a count).
fn plain_ids(d: &OpenDataset, plan: &quarry_planner::QueryPlan, limit: u32) -> Vec<String> {
    use quarry_session::Dataset;
    let sql = quarry_sql::render_select(&quarry_sql::Sqlite, d.profile(), plan, limit);
    assert!(!sql.contains("_ranked"), "{sql}");
    let reader = quarry_dataset::DatasetReader::open(d.file()).unwrap();
    let rows = reader
        .query(
            &sql,
            d.profile(),
            limit as usize,
            &quarry_dataset::CancelFlag::new(),
            Duration::from_secs(10),
        )
        .unwrap();
    rows.into_iter().map(|r| r.id).collect()
}

#[tokio::test]
async fn a_search_ordered_by_a_field_over_many_matches_is_written_field_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = many_companies(dir.path());
    for (phrase, limit) in [
        ("the 10 oldest fintech companies", 20),
        ("the 30 largest fintech companies by employees", 25),
        ("the youngest fintech firm", 1),
    ] {
        let session = Session::new(
            Arc::new(SqliteEngine),
            d.clone(),
            limit,
            Duration::from_secs(10),
        )
        .with_thoughts_budget(Duration::from_secs(10));
        let plan = session.plan(phrase, Tier::Default);
        assert_eq!(plan.order.len(), 1, "{phrase}: {plan:?}");
        assert!(!plan.traits.is_empty(), "{phrase}: {plan:?}");
        let want = plain_ids(&d, &plan, limit);
        assert_eq!(want.len() > 1, limit > 1, "{phrase}: {want:?}");

        // Through `Session::run` (the count off the async workers) ...
        let mut events = Vec::new();
        let ended = session.run(plan.clone(), &mut events).await;
        assert_eq!(ended, Ended::Closed);
        let (_, sql, ids) = in_order(&events);
        // The first values of the field among the matches, then the
        // matches holding them.
        let first_values = "AND +\"companies-fts\".rowid IN (SELECT rowid FROM \"companies\" WHERE";
        assert!(sql.contains(first_values), "{phrase}: {sql}");
        assert_eq!(ids.len(), want.len().min(limit as usize));
        assert_eq!(ids, want, "{phrase}: {sql}");

        // ... and through `Session::start` on a thread that may block, as
        // the server does.
        let (started, job) = session.start(&plan);
        std::thread::spawn(move || job.run());
        let mut events = Vec::new();
        let ended = session.run_started(plan, started, &mut events).await;
        assert_eq!(ended, Ended::Closed);
        let (_, sql2, ids) = in_order(&events);
        assert_eq!(sql2, sql);
        assert_eq!(ids, want, "{phrase}");
    }
    // Few matches: the plain join, no count worth making.
    let session = Session::new(
        Arc::new(SqliteEngine),
        d.clone(),
        10,
        Duration::from_secs(10),
    )
    .with_thoughts_budget(Duration::from_secs(10));
    let mut events = Vec::new();
    let ended = session
        .query(
            "the oldest company named Company 42",
            Tier::Default,
            &mut events,
        )
        .await;
    assert_eq!(ended, Ended::Closed);
    let (_, sql, _) = in_order(&events);
    assert!(!sql.contains("SELECT rowid FROM"), "{sql}");
}
