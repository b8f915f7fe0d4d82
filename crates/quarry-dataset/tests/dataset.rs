//! Import and engine tests on real SQLite files in a temporary directory.

use quarry_dataset::{
    import_csv, load_profile, remove_stale_temp_files, CancelFlag, DatasetReader, EngineError,
    ImportError, ImportOptions, Imported, Phase, Progress,
};
use quarry_planner::{
    ColumnType, CompareOp, Condition, DatasetProfile, Filter, Literal, MatchKind, QueryPlan, Tier,
};
use rusqlite::Connection;
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const COMPANIES: &str = "\
Name,Revenue ($M),Employees,Founded,Active,Zip,Description,name,,Score
Acme,12.5,1200,2015-03-01,yes,02134,Running shoes for athletes,a,x,1
Beta,3,NA,2016/07/15,no,10001,Cloud accounting software,b,y,2.5
Gamma,,45,,yes,,\"Runs, jumps and swims\",c,,
";

struct Fixture {
    _dir: tempfile::TempDir,
    src_dir: PathBuf,
    dest: PathBuf,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let src_dir = dir.path().join("src");
    let dest = dir.path().join("datasets");
    std::fs::create_dir_all(&src_dir).unwrap();
    std::fs::create_dir_all(&dest).unwrap();
    Fixture {
        _dir: dir,
        src_dir,
        dest,
    }
}

impl Fixture {
    fn csv(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.src_dir.join(name);
        std::fs::write(&p, content).unwrap();
        p
    }

    fn import(&self, content: &str, id_column: Option<&str>) -> Result<Imported, ImportError> {
        let src = self.csv("data.csv", content);
        let mut opts = ImportOptions::new("ds-1");
        opts.id_column = id_column.map(str::to_string);
        import_csv(&src, &opts, &self.dest)
    }

    fn dest_files(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.dest)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    fn path(&self, imported: &Imported) -> PathBuf {
        self.dest.join(&imported.file_name)
    }
}

fn col<'a>(p: &'a DatasetProfile, name: &str) -> &'a quarry_planner::ColumnProfile {
    p.column(name)
        .unwrap_or_else(|| panic!("no column {name} in {:?}", names(p)))
}

fn names(p: &DatasetProfile) -> Vec<&str> {
    p.columns.iter().map(|c| c.name.as_str()).collect()
}

fn value_counts(p: &DatasetProfile, name: &str) -> Vec<(String, u64)> {
    col(p, name)
        .values
        .iter()
        .map(|v| (v.value.clone(), v.count))
        .collect()
}

#[test]
fn imports_types_names_and_profile() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let p = &imp.profile;
    assert_eq!(imp.row_count, 3);
    assert_eq!(p.row_count, 3);
    assert_eq!(p.table, "ds-1");
    assert_eq!(p.fts_table.as_deref(), Some("ds-1-fts"));
    assert_eq!(p.id_column, None);
    assert_eq!(
        names(p),
        [
            "name",
            "revenue_m",
            "employees",
            "founded",
            "active",
            "zip",
            "description",
            "name_2",
            "column_9",
            "score"
        ]
    );
    // Duplicate and empty headers are renamed and reported.
    assert_eq!(imp.warnings.len(), 2, "{:?}", imp.warnings);
    assert!(imp.warnings.iter().any(|w| w.contains("name_2")));
    assert!(imp.warnings.iter().any(|w| w.contains("column_9")));
    assert_eq!(col(p, "revenue_m").original_name, "Revenue ($M)");
    for (i, c) in p.columns.iter().enumerate() {
        assert_eq!(c.ordinal, i + 1);
    }

    let ty = |n| col(p, n).ty;
    assert_eq!(ty("name"), ColumnType::Text);
    assert_eq!(ty("revenue_m"), ColumnType::Float);
    assert_eq!(ty("employees"), ColumnType::Integer);
    assert_eq!(ty("founded"), ColumnType::Date);
    assert_eq!(ty("active"), ColumnType::Boolean);
    assert_eq!(ty("zip"), ColumnType::Text, "leading zeros keep codes text");
    assert_eq!(ty("score"), ColumnType::Float);

    let rev = col(p, "revenue_m");
    assert_eq!(
        (rev.min.as_deref(), rev.max.as_deref()),
        (Some("3"), Some("12.5"))
    );
    assert_eq!(rev.null_count, 1);
    assert_eq!(rev.distinct_count, 2);
    let emp = col(p, "employees");
    assert_eq!(emp.null_count, 1, "NA is null in a number column");
    assert_eq!(
        (emp.min.as_deref(), emp.max.as_deref()),
        (Some("45"), Some("1200"))
    );
    let founded = col(p, "founded");
    assert_eq!(founded.min.as_deref(), Some("2015-03-01"));
    assert_eq!(founded.max.as_deref(), Some("2016-07-15"), "stored ISO");
    assert_eq!(
        value_counts(p, "active"),
        [("true".to_string(), 2), ("false".to_string(), 1)]
    );
    assert_eq!(col(p, "active").min.as_deref(), Some("false"));
    assert_eq!(
        value_counts(p, "zip"),
        [("02134".to_string(), 1), ("10001".to_string(), 1)]
    );
    assert_eq!(col(p, "zip").null_count, 1);
    assert_eq!(col(p, "column_9").null_count, 1);
    assert_eq!(col(p, "name").distinct_count, 3);
    assert!(col(p, "description").full_text);
    assert!(!col(p, "score").full_text);

    // Only the final file is left, and its stored profile is the same.
    assert_eq!(fx.dest_files(), std::slice::from_ref(&imp.file_name));
    assert!(imp.file_name.starts_with("ds-1-") && imp.file_name.ends_with(".sqlite"));
    assert_eq!(&load_profile(&fx.path(&imp)).unwrap(), p);
}

#[test]
fn rows_are_numbered_and_stored_typed() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let conn = Connection::open(fx.path(&imp)).unwrap();
    type Row = (
        i64,
        String,
        Option<f64>,
        Option<i64>,
        Option<String>,
        Option<i64>,
    );
    let rows: Vec<Row> = conn
        .prepare(
            "SELECT rowid, name, revenue_m, employees, founded, active FROM \"ds-1\" ORDER BY rowid",
        )
        .unwrap()
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[0],
        (
            1,
            "Acme".into(),
            Some(12.5),
            Some(1200),
            Some("2015-03-01".into()),
            Some(1)
        )
    );
    assert_eq!(
        rows[1],
        (
            2,
            "Beta".into(),
            Some(3.0),
            None,
            Some("2016-07-15".into()),
            Some(0)
        )
    );
    assert_eq!(rows[2].0, 3);
    assert_eq!(rows[2].2, None);
    let journal: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(journal, "delete");
    // Indexes exist and ANALYZE ran.
    let n: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ds-1'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(n >= 5, "{n} indexes");
    let stats: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_stat1", [], |r| r.get(0))
        .unwrap();
    assert!(stats > 0);
}

#[test]
fn full_text_search_stems() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let conn = Connection::open(fx.path(&imp)).unwrap();
    let hits: Vec<i64> = conn
        .prepare("SELECT rowid FROM \"ds-1-fts\" WHERE \"ds-1-fts\" MATCH 'run' ORDER BY rowid")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(hits, [1, 3], "porter: run finds Running and Runs");
}

#[test]
fn inference_is_conservative() {
    let fx = fixture();
    let csv = "\
code,count,mixed_count,flag,big,when,ratio,empty,na_only,tf,f_only
007,\"1,234\",\"1,234\",t,12345678901234567890,2020-01-05 10:30,0.5,,NA,T,F
010,999,1234,f,1,2020-01-06T11:00:00,1e3,,N/A,F,F
123,\"12,000,000\",5,T,2,2020-01-07,-.25,,null,t,F
";
    let imp = fx.import(csv, None).unwrap();
    let p = &imp.profile;
    let ty = |n| col(p, n).ty;
    assert_eq!(ty("code"), ColumnType::Text);
    assert_eq!(
        ty("count"),
        ColumnType::Integer,
        "consistent thousands separators"
    );
    assert_eq!(col(p, "count").max.as_deref(), Some("12000000"));
    assert_eq!(
        ty("mixed_count"),
        ColumnType::Text,
        "inconsistent separators"
    );
    assert_eq!(ty("flag"), ColumnType::Boolean);
    assert_eq!(ty("big"), ColumnType::Text, "i64 overflow");
    assert!(imp.warnings.iter().any(|w| w.contains("big")));
    assert_eq!(ty("when"), ColumnType::DateTime);
    assert_eq!(col(p, "when").min.as_deref(), Some("2020-01-05T10:30:00"));
    assert_eq!(col(p, "when").max.as_deref(), Some("2020-01-07T00:00:00"));
    assert_eq!(ty("ratio"), ColumnType::Float);
    assert_eq!(col(p, "ratio").max.as_deref(), Some("1000"));
    assert_eq!(ty("empty"), ColumnType::Text);
    assert_eq!(col(p, "empty").null_count, 3);
    assert_eq!(ty("na_only"), ColumnType::Text);
    assert_eq!(ty("tf"), ColumnType::Boolean);
    assert_eq!(ty("f_only"), ColumnType::Text);
}

#[test]
fn no_text_columns_no_fts() {
    let fx = fixture();
    let imp = fx.import("a,b\n1,2.5\n2,3\n", None).unwrap();
    assert_eq!(imp.profile.fts_table, None);
    assert!(imp.profile.columns.iter().all(|c| !c.full_text));
    let r = DatasetReader::open(&fx.path(&imp)).unwrap();
    assert_eq!(r.fts_table(), None);
}

#[test]
fn step_times_are_reported_in_order() {
    let fx = fixture();
    let step_names =
        |imp: &Imported| -> Vec<&str> { imp.timings.steps.iter().map(|(name, _)| *name).collect() };
    let in_order = |imp: &Imported| imp.timings.steps.windows(2).all(|w| w[0].1 <= w[1].1);
    let imp = fx.import(COMPANIES, None).unwrap();
    assert_eq!(
        step_names(&imp),
        [
            "pass 1",
            "insert",
            "B-tree indexes",
            "full-text copy",
            "ANALYZE and profile",
            "publish"
        ]
    );
    assert!(in_order(&imp), "{:?}", imp.timings);
    let (start, end) = imp.timings.full_text.expect("a full-text thread");
    assert!(start <= end, "{:?}", imp.timings);
    // Before the copy of what it built.
    assert!(end <= imp.timings.steps[3].1, "{:?}", imp.timings);

    // Without a text column: no full-text thread, no copy.
    let imp = fx.import("a,b\n1,2.5\n2,3\n", None).unwrap();
    assert_eq!(imp.timings.full_text, None);
    assert_eq!(
        step_names(&imp),
        [
            "pass 1",
            "insert",
            "B-tree indexes",
            "ANALYZE and profile",
            "publish"
        ]
    );
    assert!(in_order(&imp), "{:?}", imp.timings);
}

#[test]
fn id_column_is_used() {
    let fx = fixture();
    let csv = "Code,Name\nX-1,Alpha\nX-2,Beta\n";
    let imp = fx.import(csv, Some("Code")).unwrap();
    assert_eq!(imp.profile.id_column.as_deref(), Some("code"));
    let items = run(&fx, &imp, &QueryPlan::empty(Tier::Default), 10).unwrap();
    let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["X-1", "X-2"]);
    // A code that reads as a null token elsewhere (Nadi's airport) is an
    // id in a text column.
    let fx3 = fixture();
    let imp3 = fx3
        .import(
            "iata,city\nNAN,Nadi\nNA,Nauru\nLAX,Los Angeles\n",
            Some("iata"),
        )
        .unwrap();
    let items = run(&fx3, &imp3, &QueryPlan::empty(Tier::Default), 10).unwrap();
    let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["NAN", "NA", "LAX"]);
    // The normalised name works too.
    let fx2 = fixture();
    let imp2 = fx2.import(csv, Some("code")).unwrap();
    assert_eq!(imp2.profile.id_column.as_deref(), Some("code"));
}

fn assert_nothing_left(fx: &Fixture) {
    assert!(fx.dest_files().is_empty(), "{:?}", fx.dest_files());
}

#[test]
fn ragged_row_is_an_error_with_its_line() {
    let fx = fixture();
    let err = fx.import("a,b\n1,2\n3,4\n5\n6,7\n", None).unwrap_err();
    assert!(
        matches!(err, ImportError::RaggedRow { line: 4, .. }),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(msg.contains("line 4") && msg.contains("data.csv"), "{msg}");
    assert_nothing_left(&fx);
}

#[test]
fn invalid_utf8_is_an_error_with_its_line() {
    let fx = fixture();
    let src = fx.csv("latin1.csv", b"name,city\nA,Paris\nB,M\xfcnchen\n");
    let err = import_csv(&src, &ImportOptions::new("x"), &fx.dest).unwrap_err();
    let msg = err.to_string();
    assert!(
        matches!(err, ImportError::InvalidUtf8 { line: 3, .. }),
        "{err:?}"
    );
    assert!(msg.contains("line 3") && msg.contains("city"), "{msg}");
    assert_nothing_left(&fx);
}

#[test]
fn id_column_errors() {
    let fx = fixture();
    let err = fx
        .import("id,n\n1,a\n2,b\n1,c\n3,d\n2,e\n", Some("id"))
        .unwrap_err();
    let msg = err.to_string();
    assert!(
        matches!(err, ImportError::IdColumnDuplicate { count: 2, .. }),
        "{err:?}"
    );
    assert!(msg.contains("line 4") && msg.contains("line 6"), "{msg}");

    let err = fx.import("id,n\n1,a\n,b\n3,c\n", Some("id")).unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnNull { count: 1, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains('3'), "{err}");

    // In a numeric id column `NA` is a null …
    let err = fx.import("id,n\n1,a\nNA,b\n3,c\n", Some("id")).unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnNull { count: 1, .. }),
        "{err:?}"
    );
    // … and a text one, duplicates of it included, is checked like any id.
    let err = fx
        .import("code,n\nNAN,a\nLAX,b\nNAN,c\n", Some("code"))
        .unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnDuplicate { count: 1, .. }),
        "{err:?}"
    );

    let err = fx.import("id,n\n1,a\n", Some("key")).unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnMissing { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("id, n"), "{err}");
    assert_nothing_left(&fx);
}

#[test]
fn empty_file_and_header_only() {
    let fx = fixture();
    let err = fx.import("", None).unwrap_err();
    assert!(matches!(err, ImportError::Empty { .. }), "{err:?}");
    assert_nothing_left(&fx);
    let imp = fx.import("a,b\n", None).unwrap();
    assert_eq!(imp.row_count, 0);
}

#[test]
fn too_many_columns() {
    let fx = fixture();
    let header: Vec<String> = (0..1000).map(|i| format!("c{i}")).collect();
    let err = fx.import(&(header.join(",") + "\n"), None).unwrap_err();
    assert!(
        matches!(err, ImportError::TooManyColumns { count: 1000, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("999"));
}

#[test]
fn progress_is_reported_and_stale_temp_files_removed() {
    let fx = fixture();
    let mut csv = String::from("n\n");
    for i in 0..25_000 {
        csv.push_str(&format!("{i}\n"));
    }
    let src = fx.csv("n.csv", csv);
    let calls = Cell::new(Vec::new());
    let cb = |p: &Progress| {
        let mut v = calls.take();
        if p.phase == Phase::Insert || p.phase == Phase::Done {
            v.push(p.rows);
        }
        calls.set(v);
    };
    let mut opts = ImportOptions::new("n");
    opts.progress = Some(&cb);
    let imp = import_csv(&src, &opts, &fx.dest).unwrap();
    let calls = calls.take();
    assert_eq!(calls.last(), Some(&25_000));
    assert!(calls.len() >= 3, "{calls:?}");
    assert_eq!(imp.profile.columns[0].distinct_count, 25_000);
    assert!(imp.profile.columns[0].values.is_empty(), "too many to list");

    // A temp file of a process that is gone is removed; others are kept.
    let stale = fx.dest.join(".tmp-x-999999999-00ff.sqlite");
    std::fs::write(&stale, b"").unwrap();
    let live = fx
        .dest
        .join(format!(".tmp-x-{}-00ff.sqlite", std::process::id()));
    std::fs::write(&live, b"").unwrap();
    if Path::new("/proc/self").exists() {
        assert_eq!(remove_stale_temp_files(&fx.dest).unwrap(), 1);
        assert!(!stale.exists());
    }
    assert!(live.exists());
    assert!(fx.path(&imp).exists());
}

// ---------------------------------------------------------------------------
// Engine

fn run(
    fx: &Fixture,
    imp: &Imported,
    plan: &QueryPlan,
    limit: u32,
) -> Result<Vec<quarry_dataset::ResultItem>, EngineError> {
    let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &imp.profile, plan, limit);
    let reader = DatasetReader::open(&fx.path(imp)).unwrap();
    reader.query(
        &sql,
        &imp.profile,
        limit as usize,
        &CancelFlag::new(),
        Duration::from_secs(5),
    )
}

fn eq_filter(field: &str, v: Literal) -> Filter {
    Filter {
        any_of: vec![Condition {
            field: field.into(),
            op: CompareOp::Eq,
            values: vec![v],
            source: field.into(),
            matched: MatchKind::Exact,
            confidence: 1.0,
        }],
    }
}

#[test]
fn engine_returns_items_with_keys_and_value_strings() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let mut plan = QueryPlan::empty(Tier::Default);
    plan.filters
        .push(eq_filter("active", Literal::Boolean(true)));
    let items = run(&fx, &imp, &plan, 10).unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].id, "1");
    assert_eq!(items[1].id, "3");
    let json = serde_json::to_value(&items[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "id": "1",
            "item": {
                "001_name": "Acme",
                "002_revenue_m": "12.5",
                "003_employees": "1200",
                "004_founded": "2015-03-01",
                "005_active": "true",
                "006_zip": "02134",
                "007_description": "Running shoes for athletes",
                "008_name_2": "a",
                "009_column_9": "x",
                "010_score": "1",
            }
        })
    );
    let keys: Vec<&String> = items[0].item.keys().collect();
    assert_eq!(keys[0], "001_name");
    assert_eq!(keys[9], "010_score");
    let third = &items[1].item;
    assert_eq!(third["002_revenue_m"], "", "null prints empty");
    assert_eq!(third["004_founded"], "");

    // Full text through the renderer's FTS join, and a float printed short.
    let mut plan = QueryPlan::empty(Tier::Default);
    plan.traits.push("cloud".into());
    let items = run(&fx, &imp, &plan, 10).unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].id, "2");
    assert_eq!(items[0].item["002_revenue_m"], "3");
    assert_eq!(items[0].item["005_active"], "false");
    assert_eq!(items[0].item["010_score"], "2.5");

    // The limit caps the rows.
    let items = run(&fx, &imp, &QueryPlan::empty(Tier::Default), 2).unwrap();
    assert_eq!(items.len(), 2);
    let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
    let sql = quarry_sql::render_select(
        &quarry_sql::Sqlite,
        &imp.profile,
        &QueryPlan::empty(Tier::Default),
        10,
    );
    let items = reader
        .query(
            &sql,
            &imp.profile,
            1,
            &CancelFlag::new(),
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(items.len(), 1);
}

#[test]
fn authorizer_refuses_everything_but_reading_the_dataset() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let other = fx.dest.join("other.sqlite");
    let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
    let refused = [
        format!("ATTACH DATABASE '{}' AS o", other.display()),
        "PRAGMA table_info(\"ds-1\")".to_string(),
        "PRAGMA journal_mode=WAL".to_string(),
        "INSERT INTO \"ds-1\" (name) VALUES ('x')".to_string(),
        "DELETE FROM \"ds-1\"".to_string(),
        "UPDATE \"ds-1\" SET name = 'x'".to_string(),
        "DROP TABLE \"ds-1\"".to_string(),
        "CREATE TABLE t (x)".to_string(),
        "CREATE TEMP TABLE t (x)".to_string(),
        "SELECT * FROM sqlite_master".to_string(),
        "SELECT * FROM _quarry_profile".to_string(),
        "BEGIN".to_string(),
        // Functions outside the renderer's few, registered or not.
        "SELECT rowid, randomblob(8), name FROM \"ds-1\"".to_string(),
        "SELECT rowid, upper(name), name FROM \"ds-1\"".to_string(),
        "SELECT rowid, load_extension('x'), name FROM \"ds-1\"".to_string(),
        "SELECT rowid, sqlite_version(), name FROM \"ds-1\"".to_string(),
    ];
    for sql in &refused {
        let r = reader.query(
            sql,
            &imp.profile,
            10,
            &CancelFlag::new(),
            Duration::from_secs(1),
        );
        assert!(
            matches!(r, Err(EngineError::NotAuthorized(_))),
            "{sql}: {r:?}"
        );
    }
    assert!(!other.exists());
    // A SELECT of the wrong shape is refused too, without running.
    let r = reader.query(
        "SELECT 1",
        &imp.profile,
        10,
        &CancelFlag::new(),
        Duration::from_secs(1),
    );
    assert!(matches!(r, Err(EngineError::Shape(_))), "{r:?}");
    // The reader still works afterwards.
    let sql = quarry_sql::render_select(
        &quarry_sql::Sqlite,
        &imp.profile,
        &QueryPlan::empty(Tier::Default),
        10,
    );
    let items = reader
        .query(
            &sql,
            &imp.profile,
            10,
            &CancelFlag::new(),
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(items.len(), 3);
}

/// A statement with the dataset's columns that never ends.
fn endless_sql(p: &DatasetProfile) -> String {
    let cols: Vec<String> = p
        .columns
        .iter()
        .map(|c| format!("t.\"{}\"", c.name))
        .collect();
    format!(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) \
         SELECT t.rowid AS \"_row\", {} FROM \"{}\" AS t, c WHERE c.x < 0",
        cols.join(", "),
        p.table
    )
}

#[test]
fn timeout_interrupts() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
    let start = Instant::now();
    let r = reader.query(
        &endless_sql(&imp.profile),
        &imp.profile,
        10,
        &CancelFlag::new(),
        Duration::from_millis(200),
    );
    assert!(matches!(r, Err(EngineError::Timeout(_))), "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(3));
    // The next query is not affected.
    let sql = quarry_sql::render_select(
        &quarry_sql::Sqlite,
        &imp.profile,
        &QueryPlan::empty(Tier::Default),
        10,
    );
    let items = reader
        .query(
            &sql,
            &imp.profile,
            10,
            &CancelFlag::new(),
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(items.len(), 3);
}

#[test]
fn cancel_flag_interrupts() {
    let fx = fixture();
    let imp = fx.import(COMPANIES, None).unwrap();
    let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
    let cancel = CancelFlag::new();
    let c2 = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        c2.cancel();
    });
    let start = Instant::now();
    let r = reader.query(
        &endless_sql(&imp.profile),
        &imp.profile,
        10,
        &cancel,
        Duration::from_secs(30),
    );
    t.join().unwrap();
    assert!(matches!(r, Err(EngineError::Cancelled)), "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(5));
    // Already cancelled: refused at once.
    let sql = quarry_sql::render_select(
        &quarry_sql::Sqlite,
        &imp.profile,
        &QueryPlan::empty(Tier::Default),
        10,
    );
    let r = reader.query(&sql, &imp.profile, 10, &cancel, Duration::from_secs(5));
    assert!(matches!(r, Err(EngineError::Cancelled)), "{r:?}");
}

/// `cargo test -p quarry-dataset --release -- --ignored --nocapture`
#[test]
#[ignore]
fn import_one_million_rows() {
    let fx = fixture();
    let src = fx.src_dir.join("big.csv");
    {
        use std::io::Write;
        let mut w = std::io::BufWriter::new(std::fs::File::create(&src).unwrap());
        writeln!(w, "id,name,country,employees,revenue,founded,public,notes").unwrap();
        let countries = ["Germany", "France", "Japan", "Brazil", "Canada", "Kenya"];
        for i in 0..1_000_000u32 {
            writeln!(
                w,
                "{i},Company {i},{},{},{}.{},{}-{:02}-{:02},{},\"runs {} things quietly\"",
                countries[(i % 6) as usize],
                i % 5000,
                i % 977,
                i % 100,
                1950 + i % 70,
                1 + i % 12,
                1 + i % 28,
                if i % 3 == 0 { "yes" } else { "no" },
                i % 1000
            )
            .unwrap();
        }
    }
    let start = Instant::now();
    let mut opts = ImportOptions::new("big");
    opts.id_column = Some("id".into());
    let imp = import_csv(&src, &opts, &fx.dest).unwrap();
    let took = start.elapsed();
    eprintln!("imported {} rows in {took:?}", imp.row_count);
    assert_eq!(imp.row_count, 1_000_000);
    assert_eq!(col(&imp.profile, "country").values.len(), 6);
    let mut plan = QueryPlan::empty(Tier::Default);
    plan.filters
        .push(eq_filter("country", Literal::Text("Japan".into())));
    plan.traits.push("quietly".into());
    let start = Instant::now();
    let items = run(&fx, &imp, &plan, 10).unwrap();
    eprintln!("query: {:?}", start.elapsed());
    assert_eq!(items.len(), 10);
    assert!(took < Duration::from_secs(60));
}

#[test]
fn bom_crlf_and_multiline_fields() {
    let fx = fixture();
    let csv = "\u{feff}Title,Body\r\nA,\"two\r\nlines\"\r\nB,one\r\n";
    let imp = fx.import(csv, None).unwrap();
    assert_eq!(imp.row_count, 2);
    assert_eq!(imp.profile.columns[0].name, "title");
    assert_eq!(imp.profile.columns[0].original_name, "Title");
    // Line numbers count physical lines: the ragged record starts on line 5.
    let err = fx.import("a,b\n1,\"x\ny\"\n2,3\n4\n", None).unwrap_err();
    assert!(
        matches!(err, ImportError::RaggedRow { line: 5, .. }),
        "{err:?}"
    );
}

/// A categorical column with many rows per value gets a composite index
/// with each number column, and an ordered phrase over a filter reads it
/// without sorting; the id and the free text do not lead or end one.
#[test]
fn composite_filter_order_indexes_are_built_and_used() {
    let f = fixture();
    let mut csv = String::from("id,country,employees,note\n");
    for i in 0..400 {
        let country = ["Germany", "France"][i % 2];
        csv.push_str(&format!(
            "{i},{country},{},free text number {i}\n",
            i * 7 % 101
        ));
    }
    let imported = f.import(&csv, Some("id")).unwrap();
    let conn = Connection::open(f.path(&imported)).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%+%' ORDER BY name",
        )
        .unwrap();
    let composites: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(composites, ["ds-1__country+employees"]);
    let plan: Vec<String> = conn
        .prepare(
            "EXPLAIN QUERY PLAN SELECT rowid, * FROM \"ds-1\" WHERE country = 'France' \
             ORDER BY employees DESC LIMIT 3",
        )
        .unwrap()
        .query_map([], |r| r.get::<_, String>(3))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(
        plan.iter().any(|p| p.contains("country+employees"))
            && !plan.iter().any(|p| p.contains("TEMP B-TREE")),
        "{plan:?}"
    );
    // The full ANALYZE wrote stat4 samples.
    let samples: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_stat4", [], |r| r.get(0))
        .unwrap();
    assert!(samples > 0);
}

/// A full-text search run by a reader (its own `bm25`, row lengths in
/// memory) returns the records, in the order, that the same statement
/// returns on a plain SQLite connection (FTS5's own `bm25`): the shown SQL
/// is what ran.
#[test]
fn readers_rank_full_text_as_sqlite_does() {
    let fx = fixture();
    let mut csv = String::from("name,city,description\n");
    let words = [
        "fintech",
        "bank",
        "fintech payments",
        "cloud data fintech",
        "shoes",
    ];
    for i in 0..600 {
        let city = ["Berlin", "Paris", "Oslo"][i % 3];
        let extra = "word ".repeat(i % 11);
        csv.push_str(&format!(
            "c{i},{city},{} {extra}{}\n",
            words[i % words.len()],
            if i % 7 == 0 { "fintech" } else { "x" }
        ));
    }
    let imp = fx.import(&csv, None).unwrap();
    let plain = Connection::open(fx.path(&imp)).unwrap();
    for (traits, city) in [
        (vec!["fintech"], None),
        (vec!["fintech", "payments"], None),
        (vec!["fintech"], Some("Oslo")),
    ] {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits = traits.iter().map(|t| t.to_string()).collect();
        if let Some(c) = city {
            plan.filters
                .push(eq_filter("city", Literal::Text(c.into())));
        }
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &imp.profile, &plan, 25);
        let got: Vec<String> = run(&fx, &imp, &plan, 25)
            .unwrap()
            .into_iter()
            .map(|i| i.id)
            .collect();
        let want: Vec<String> = plain
            .prepare(&sql)
            .unwrap()
            .query_map([], |r| r.get::<_, i64>(0))
            .unwrap()
            .map(|r| r.unwrap().to_string())
            .collect();
        assert_eq!(got.len(), 25, "{sql}");
        assert_eq!(got, want, "{sql}");
    }
}

/// Days of the week end to end: phrases planned against the imported
/// profile, rendered, guarded and run by the reader (whose authorizer
/// admits `strftime`), on a date column and on a date-time column.
#[test]
fn days_of_the_week_run_on_the_reader() {
    // 2024-06-01 is a Saturday.
    let csv = "\
shop,day,opened_at,sales
a,2024-06-01,2024-06-01 09:00:00,10
b,2024-06-02,2024-06-02T23:59:59,20
c,2024-06-03,2024-06-03 00:00:00,30
d,2024-06-05,2024-06-05 12:30:00,40
e,2024-06-07,2024-06-07 17:00:00,50
f,,,60
g,2025-06-07,2025-06-07 08:00:00,70
";
    let fx = fixture();
    let imp = fx.import(csv, None).unwrap();
    assert_eq!(col(&imp.profile, "day").ty, ColumnType::Date);
    assert_eq!(col(&imp.profile, "opened_at").ty, ColumnType::DateTime);
    let planner = quarry_planner::Planner::new(&imp.profile);
    let shops = |phrase: &str| -> Vec<String> {
        let plan = planner.plan(phrase, Tier::Default);
        assert!(
            plan.filters
                .iter()
                .flat_map(|f| &f.any_of)
                .any(|c| matches!(c.op, CompareOp::Weekday | CompareOp::NotWeekday)),
            "{phrase}: {plan:?}"
        );
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &imp.profile, &plan, 50);
        quarry_sql::check_select(&quarry_sql::Sqlite, &sql, &imp.profile.table, None)
            .unwrap_or_else(|e| panic!("{phrase}: {e}: {sql}"));
        let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
        let items = reader
            .query(
                &sql,
                &imp.profile,
                50,
                &CancelFlag::new(),
                Duration::from_secs(5),
            )
            .unwrap_or_else(|e| panic!("{phrase}: {e:?}: {sql}"));
        items.iter().map(|i| i.item["001_shop"].clone()).collect()
    };
    assert_eq!(shops("sales on weekends"), ["a", "b", "g"]);
    assert_eq!(shops("sales on weekdays"), ["c", "d", "e"]);
    assert_eq!(shops("sales on saturdays in 2024"), ["a"]);
    assert_eq!(shops("sales not on sundays"), ["a", "c", "d", "e", "g"]);
    assert_eq!(shops("mon to wed"), ["c", "d"]);
    assert_eq!(shops("opened on fridays"), ["e"]);
    assert_eq!(shops("sales on a saturday or sunday over 15"), ["b", "g"]);
}

/// Numbers kept as text end to end: a column with a few cells that are no
/// numbers stays text at import, and phrases compare, order and average
/// it as numbers through the reader's `quarry_number` (the words count as
/// no number), guarded and run as the server runs them.
#[test]
fn numbers_kept_as_text_run_as_numbers_on_the_reader() {
    let csv = "\
food,calories,fat
bread,80,1
cake,\"1,100\",t
soup,95,2
stew,450,12
pie,\"1,025\",14
jam,55,t
tea,0,0
broth,unknown,1
";
    let fx = fixture();
    let imp = fx.import(csv, None).unwrap();
    assert_eq!(col(&imp.profile, "calories").ty, ColumnType::Text);
    assert!(col(&imp.profile, "calories").numeric_text());
    let planner = quarry_planner::Planner::new(&imp.profile);
    let reader = DatasetReader::open(&fx.path(&imp)).unwrap();
    let run = |phrase: &str| -> (Vec<String>, Option<String>) {
        let plan = planner.plan(phrase, Tier::Default);
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &imp.profile, &plan, 50);
        assert!(sql.contains("quarry_number("), "{phrase}: {sql}");
        quarry_sql::check_select(&quarry_sql::Sqlite, &sql, &imp.profile.table, None)
            .unwrap_or_else(|e| panic!("{phrase}: {e}: {sql}"));
        let rows = reader
            .query_rows(
                &sql,
                &imp.profile,
                50,
                &CancelFlag::new(),
                Duration::from_secs(5),
            )
            .unwrap_or_else(|e| panic!("{phrase}: {e:?}: {sql}"));
        let foods = rows
            .items
            .iter()
            .map(|i| i.item["001_food"].clone())
            .collect();
        (foods, rows.figure)
    };
    assert_eq!(run("over 500 calories").0, ["cake", "pie"]);
    assert_eq!(run("under 90 calories").0, ["bread", "jam", "tea"]);
    assert_eq!(run("the 2 most caloric foods").0, ["cake", "pie"]);
    let (_, average) = run("average calories");
    let average: f64 = average.unwrap().parse().unwrap();
    let want = (80.0 + 1100.0 + 95.0 + 450.0 + 1025.0 + 55.0 + 0.0) / 7.0;
    assert!((average - want).abs() < 1e-6, "{average} vs {want}");
}
