//! The PostgreSQL store against a real cluster: an import gives SQLite's
//! profile and the same records, versions are separate tables, a query
//! runs read-only within its time-out and can be cancelled, and what an
//! import leaves behind is cleaned up.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use quarry_dataset::{CancelFlag, DatasetStore, EngineError, ImportOptions, SqliteStore};
use quarry_profile::DatasetProfile;

fn people_csv() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../quarry-planner/tests/data/people.csv")
}

/// `profile` without what names where it is stored.
fn placeless(profile: &DatasetProfile) -> DatasetProfile {
    let mut p = profile.clone();
    p.table = String::new();
    p.fts_table = p.fts_table.map(|_| String::new());
    p
}

fn select_all(profile: &DatasetProfile, row: &str, extra: &str) -> String {
    let cols: Vec<String> = profile
        .columns
        .iter()
        .map(|c| quarry_sql::ident(&c.name))
        .collect();
    format!(
        "SELECT {row} AS \"_row\", {} FROM {}{extra}",
        cols.join(", "),
        quarry_sql::ident(&profile.table)
    )
}

#[test]
fn an_import_has_sqlites_profile_and_records() {
    let pg = common::store("import");
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::new(dir.path());
    let opts = ImportOptions::new("people");
    let s = sqlite.import(&people_csv(), &opts).unwrap();
    let p = pg.import(&people_csv(), &opts).unwrap();
    assert_eq!(placeless(&p.profile), placeless(&s.profile));
    assert_eq!(p.row_count, s.row_count);
    assert!(p.file_name.starts_with("people-v"), "{}", p.file_name);
    assert_eq!(p.profile.table, p.file_name);
    assert_eq!(p.profile.fts_table.as_deref(), Some(quarry_pg::FTS_COLUMN));
    assert_eq!(pg.load_profile(&p.file_name).unwrap(), p.profile);
    assert!(pg.location(&p.file_name).contains(&p.file_name));

    let never = CancelFlag::new();
    let t = Duration::from_secs(10);
    let all_s = sqlite
        .run(
            &s.file_name,
            &s.profile,
            &select_all(&s.profile, "rowid", " ORDER BY rowid"),
            1000,
            &never,
            t,
        )
        .unwrap();
    let all_p = pg
        .run(
            &p.file_name,
            &p.profile,
            &select_all(&p.profile, "\"_row\"", " ORDER BY \"_row\""),
            1000,
            &never,
            t,
        )
        .unwrap();
    assert_eq!(all_p, all_s);
    assert_eq!(all_p.items.len() as u64, s.row_count);

    // A figure: an average of an integer column, as SQLite writes it.
    let fig = |store: &dyn DatasetStore, v: &str, prof: &DatasetProfile, row: &str| {
        let sql = select_all(prof, row, "").replace(
            &format!(" FROM {}", quarry_sql::ident(&prof.table)),
            &format!(
                ", count(*) OVER () AS \"_figure\" FROM {} ORDER BY {row} LIMIT 2",
                quarry_sql::ident(&prof.table)
            ),
        );
        store.run(v, prof, &sql, 2, &never, t).unwrap()
    };
    let (fs, fp) = (
        fig(&sqlite, &s.file_name, &s.profile, "rowid"),
        fig(&pg, &p.file_name, &p.profile, "\"_row\""),
    );
    assert_eq!(fp, fs);
    assert_eq!(fp.figure, Some(s.row_count.to_string()));

    // A second version is another table; removing the first leaves it.
    let p2 = pg.import(&people_csv(), &opts).unwrap();
    assert_ne!(p2.file_name, p.file_name);
    assert_eq!(
        pg.versions().unwrap(),
        [p.file_name.clone(), p2.file_name.clone()]
    );
    pg.remove_version(&p.file_name);
    pg.remove_version("no-such-version");
    assert!(pg.load_profile(&p.file_name).is_err());
    assert_eq!(pg.versions().unwrap(), std::slice::from_ref(&p2.file_name));
    let again = pg
        .run(
            &p2.file_name,
            &p2.profile,
            &select_all(&p2.profile, "\"_row\"", " ORDER BY \"_row\""),
            1000,
            &never,
            t,
        )
        .unwrap();
    assert_eq!(again, all_s);
}

#[test]
fn the_btree_indexes_are_sqlites_composite_ones_included() {
    let pg = common::store("indexes");
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("companies.csv");
    quarry_dataset::generate::write_companies_file(
        &csv,
        2_000,
        quarry_dataset::generate::DEFAULT_SEED,
    )
    .unwrap();
    let sqlite = SqliteStore::new(dir.path().join("store"));
    std::fs::create_dir_all(dir.path().join("store")).unwrap();
    let opts = ImportOptions::new("companies");
    let s = sqlite.import(&csv, &opts).unwrap();
    let p = pg.import(&csv, &opts).unwrap();
    // The same B-tree indexes as the SQLite build, a composite one as one
    // index over its columns in order (not one index per column).
    let sqlite_indexes: Vec<Vec<String>> = {
        let conn = rusqlite::Connection::open(sqlite.location(&s.file_name)).unwrap();
        let mut stmt = conn
            .prepare(
                "SELECT il.name, ii.name FROM pragma_index_list(?1) AS il, pragma_index_info(il.name) AS ii
                 WHERE il.origin = 'c' ORDER BY il.seq, ii.seqno",
            )
            .unwrap();
        let rows: Vec<(String, String)> = stmt
            .query_map([&s.profile.table], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for (index, column) in rows {
            match out.last_mut() {
                Some((name, cols)) if *name == index => cols.push(column),
                _ => out.push((index, vec![column])),
            }
        }
        out.into_iter().map(|(_, c)| c).collect()
    };
    assert!(
        sqlite_indexes.iter().any(|c| c.len() > 1),
        "the import should choose a composite index: {sqlite_indexes:?}"
    );
    let mut pg_indexes: Vec<Vec<String>> = common::query_text(
        "SELECT indexdef FROM pg_indexes WHERE tablename = $1 AND indexdef NOT LIKE '%USING gin%'
         AND indexname NOT LIKE '%-pk'",
        &p.file_name,
    )
    .into_iter()
    .flatten()
    .map(|def| {
        let cols = def.rsplit_once('(').unwrap().1.trim_end_matches(')');
        cols.split(", ")
            .map(|c| c.trim_matches('"').to_string())
            .collect()
    })
    .collect();
    let mut expected = sqlite_indexes.clone();
    pg_indexes.sort();
    expected.sort();
    assert_eq!(pg_indexes, expected);
}

#[test]
fn queries_are_read_only_timed_and_cancellable() {
    let pg = common::store("run");
    let p = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let prof = &p.profile;
    let v = &p.file_name;
    let never = CancelFlag::new();
    let table = quarry_sql::ident(&prof.table);

    // A write, or a second statement, never runs.
    for sql in [
        format!("DELETE FROM {table}"),
        format!("{}; DELETE FROM {table}", select_all(prof, "\"_row\"", "")),
        format!(
            "{}; COMMIT; DELETE FROM {table}",
            select_all(prof, "\"_row\"", "")
        ),
    ] {
        let r = pg.run(v, prof, &sql, 10, &never, Duration::from_secs(5));
        assert!(r.is_err(), "{sql}: {r:?}");
    }
    let n = pg
        .run(
            v,
            prof,
            &select_all(prof, "\"_row\"", ""),
            1000,
            &never,
            Duration::from_secs(5),
        )
        .unwrap()
        .items
        .len();
    assert_eq!(n as u64, p.row_count);

    // The wrong shape is refused before it runs.
    let r = pg.run(
        v,
        prof,
        &format!("SELECT \"_row\" FROM {table}"),
        10,
        &never,
        Duration::from_secs(5),
    );
    assert!(matches!(r, Err(EngineError::Shape(_))), "{r:?}");

    let slow = select_all(prof, "\"_row\"", " WHERE pg_sleep(0.5) IS NOT NULL");
    let started = std::time::Instant::now();
    let r = pg.run(v, prof, &slow, 10, &never, Duration::from_millis(300));
    assert!(matches!(r, Err(EngineError::Timeout(_))), "{r:?}");
    assert!(started.elapsed() < Duration::from_secs(3));

    let flag = CancelFlag::new();
    let f = flag.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        f.cancel();
    });
    let started = std::time::Instant::now();
    let r = pg.run(v, prof, &slow, 10, &flag, Duration::from_secs(60));
    assert!(matches!(r, Err(EngineError::Cancelled)), "{r:?}");
    assert!(started.elapsed() < Duration::from_secs(5));

    // The pool's connections are usable afterwards.
    let r = pg
        .run(
            v,
            prof,
            &select_all(prof, "\"_row\"", " LIMIT 3"),
            10,
            &never,
            Duration::from_secs(5),
        )
        .unwrap();
    assert_eq!(r.items.len(), 3);
}

#[test]
fn a_failed_import_leaves_nothing_and_stale_tables_are_removed() {
    let pg = common::store("stale");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "a,b\n1,2\n3\n").unwrap();
    assert!(pg.import(&bad, &ImportOptions::new("bad")).is_err());
    assert!(pg.versions().unwrap().is_empty());
    assert_eq!(pg.remove_stale_imports().unwrap(), 0);
    // A table an interrupted import left under its building name.
    let p = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let client_sql = format!(
        "CREATE TABLE {}.{} (x int)",
        quarry_sql::ident(pg.schema()),
        quarry_sql::ident("people-vdead-building")
    );
    common::execute(&client_sql);
    assert_eq!(pg.remove_stale_imports().unwrap(), 1);
    assert_eq!(pg.remove_stale_imports().unwrap(), 0);
    assert_eq!(pg.versions().unwrap(), [p.file_name]);
}

/// The store's time-of-day function is SQLite's `time()` on what Quarry
/// stores (and on text times), and NULL where `time()` is NULL rather than
/// an error.
#[test]
fn the_time_of_day_function_is_sqlites() {
    let pg = common::store("time");
    let sqlite = rusqlite::Connection::open_in_memory().unwrap();
    let f = format!(
        "SELECT {}.{}($1)",
        quarry_sql::ident(pg.schema()),
        quarry_sql::PG_TIME_OF_DAY_FUNCTION
    );
    for v in [
        "22:14",
        "22:14:09",
        "07:05:59.25",
        "2017-06-03 22:14:00",
        "2017-06-03T22:14:00",
        "2017-06-03T22:14:00.5",
        "2017-06-03T22:14:00Z",
        "2017-06-03T22:14:00+02:00",
        "2017-06-03T01:14:00-05:30",
        "2017-06-03",
        "2017-02-30T10:00:00",
        "2017-02-32T10:00:00",
        "2017-13-01T10:00:00",
        "2017-06-03T23:30:00-01:00",
        "2017-06-03T00:30:00+0100",
        "2017-06-03 22:14",
        "07:05:59.999",
        "24:00",
        "25:00",
        "9:30",
        "noon",
        "",
        "n/a",
    ] {
        let want: Option<String> = sqlite
            .query_row("SELECT time(?1)", [v], |r| r.get(0))
            .unwrap();
        let got = common::query_text(&f, v).remove(0);
        assert_eq!(got, want, "time({v:?})");
    }
}

/// The store's day-of-week function is SQLite's `strftime('%w', x)` on
/// the same text: on what Quarry stores (dates, date-times with `T` or a
/// space, fractions, offsets turned to UTC, which may change the day), on
/// every day of a few years and on the text SQLite reads its own way
/// (days past a month's end, `24:00`, a time alone, Julian day numbers,
/// spaces), and NULL wherever SQLite's is NULL, never an error.
#[test]
fn the_weekday_function_is_sqlites() {
    let pg = common::store("weekday");
    let sqlite = rusqlite::Connection::open_in_memory().unwrap();
    let mut values: Vec<String> = [
        "2024-06-01",
        "2024-06-02",
        "2024-06-03 00:00:00",
        "2024-06-03T23:59:59",
        "2024-06-03T23:59:59.9999",
        "2024-06-03 23:30:00.5",
        "2024-06-03T23:30:00Z",
        "2024-06-03T23:30:00z",
        "2024-06-03T23:30:00+02:00",
        "2024-06-03T00:30:00+05:30",
        "2024-06-03T23:30:00-01:00",
        "2024-06-03T22:59:00-01:00",
        "2024-06-03T10:00:00+14:00",
        "2024-06-03T10:00:00+15:00",
        "2024-06-03T10:00:00-14:59",
        "2024-06-03T10:00:00+0100",
        "2024-06-03T10:00:00 +01:00 ",
        "2024-06-03T10:00:60",
        "2024-06-03T24:00",
        "2024-06-03T24:59:59",
        "2024-06-03T25:00",
        "2024-06-03T24:00:00.000",
        "2024-06-03T24:00:00.001",
        "2024-06-03T24:00:01",
        "2024-06-03T24:01",
        "2024-06-03T24:00+05:00",
        "2024-02-28T24:00",
        "2023-02-28T24:00",
        "2017-02-31T24:00",
        "2024-12-31T24:00:00",
        "9999-12-31T24:00",
        "-0044-12-31T24:00",
        "-0001-02-28T24:00",
        "2024-06-03T10:00:00+00:00",
        "2024-06-03T10:60",
        "2024-06-03 10",
        "2024-06-03 10:00:",
        "2024-06-03 10:00:00.",
        "2024-06-03  \t T10:00",
        "2024-06-03TT10:00",
        "2024-06-03 ",
        "2024-06-03T",
        "2024-06-03x",
        " 2024-06-03",
        "2024-6-3",
        "2024/06/03",
        "2017-02-29",
        "2017-02-30T10:00:00",
        "2017-04-31",
        "2017-02-32",
        "2017-13-01",
        "2017-00-10",
        "2017-01-00",
        "0000-01-01",
        "0001-03-01",
        "-0044-03-15",
        "-4713-11-24",
        "-4713-11-25 12:00",
        "-4713-11-24T11:59:59",
        "-4714-12-31",
        "9999-12-31 23:59:59",
        "9999-12-31T23:59:59-00:01",
        "1582-10-10",
        "1900-02-28",
        "2000-02-29",
        "22:14",
        "23:30:00-01:00",
        "00:30+01:00",
        "24:00",
        "24:00:00Z",
        "24:00-02:00",
        "24:30",
        "24:00:00.5",
        "9:30",
        "2457000",
        "2457000.5",
        "2457000.4999999",
        "0",
        "-0",
        "0.5",
        ".5",
        "1.",
        "1e6",
        " 2460000 ",
        "+2460000",
        "-1",
        "5373484.49",
        "5373484.5",
        "1e400",
        "1e",
        "0x10",
        "noon",
        "monday",
        "",
        " ",
        "n/a",
    ]
    .iter()
    .map(|v| v.to_string())
    .collect();
    // Every day of three years, at times across the day, some with offsets.
    for n in 0..(3 * 366) {
        let iso: String = sqlite
            .query_row(
                "SELECT date('2023-01-01', ?1)",
                [format!("+{n} days")],
                |r| r.get(0),
            )
            .unwrap();
        let time = ["00:00:00", "07:45:12", "12:00", "23:59:59.999", "24:00"][n % 5];
        let offset = ["", "Z", "+09:00", "-08:00", "+00:00", "-03:30"][n % 6];
        values.push(iso.clone());
        values.push(format!("{iso}T{time}{offset}"));
        values.push(format!("{iso} {time}"));
    }
    let f = format!(
        "SELECT {}.{}(x) FROM unnest(string_to_array($1, E'\\x01')) WITH ORDINALITY AS u(x, n) ORDER BY n",
        quarry_sql::ident(pg.schema()),
        quarry_sql::PG_WEEKDAY_FUNCTION
    );
    let got = common::query_text(&f, &values.join("\u{1}"));
    assert_eq!(got.len(), values.len());
    let mut nulls = 0;
    for (v, got) in values.iter().zip(got) {
        let want: Option<String> = sqlite
            .query_row("SELECT strftime('%w', ?1)", [v], |r| r.get(0))
            .unwrap();
        nulls += usize::from(want.is_none());
        assert_eq!(got, want, "strftime('%w', {v:?})");
    }
    assert!(nulls > 20, "{nulls} values SQLite reads as no date");
    assert!(
        values.len() - nulls > 3000,
        "{nulls} of {} are NULL",
        values.len()
    );
    // NULL in, NULL out.
    let null = format!(
        "SELECT {}.{}(NULL::text) WHERE $1 = ''",
        quarry_sql::ident(pg.schema()),
        quarry_sql::PG_WEEKDAY_FUNCTION
    );
    assert_eq!(common::query_text(&null, ""), [None]);
}

/// PostgreSQL's number function reads text cells as the Rust reading
/// SQLite's engine calls does.
#[test]
fn the_number_function_reads_text_as_sqlites_does() {
    let pg = common::store("numbers");
    let values = [
        "1,100",
        " $1,299.99 ",
        "-3.5",
        "+7",
        ".5",
        "5.",
        "£12",
        "-$3.50",
        "t",
        "",
        ".",
        "-",
        "menos de 1",
        "8-44",
        "1e5",
        "inf",
        "NaN",
        ",5",
        "5,",
        "1.2.3",
        "Unknown",
    ];
    let f = format!(
        "SELECT {}.{}(x)::text FROM unnest(string_to_array($1, E'\\x01')) WITH ORDINALITY AS u(x, n) ORDER BY n",
        quarry_sql::ident(pg.schema()),
        quarry_sql::NUMBER_FUNCTION
    );
    let got = common::query_text(&f, &values.join("\u{1}"));
    assert_eq!(got.len(), values.len());
    let mut numbers = 0;
    for (v, got) in values.iter().zip(got) {
        let want = quarry_profile::number_in_text(v);
        numbers += usize::from(want.is_some());
        let got = got.map(|g| g.parse::<f64>().unwrap());
        assert_eq!(
            got,
            want,
            "{NUMBER}({v:?})",
            NUMBER = quarry_sql::NUMBER_FUNCTION
        );
    }
    assert_eq!(numbers, 8);
}

/// PostgreSQL's year function reads dates kept as text as the Rust
/// reading SQLite's engine calls does.
#[test]
fn the_year_function_reads_text_as_sqlites_does() {
    let pg = common::store("years");
    let values = [
        "7/4/2015",
        " 25-12-2019 ",
        "Sep 11, 2001",
        "2015-07-04",
        "2015/07",
        "2015",
        "12345",
        "ab/2015x",
        "unknown",
        "",
    ];
    let f = format!(
        "SELECT {}.{}(x)::text FROM unnest(string_to_array($1, E'\\x01')) WITH ORDINALITY AS u(x, n) ORDER BY n",
        quarry_sql::ident(pg.schema()),
        quarry_sql::YEAR_FUNCTION
    );
    let got = common::query_text(&f, &values.join("\u{1}"));
    assert_eq!(got.len(), values.len());
    let mut years = 0;
    for (v, got) in values.iter().zip(got) {
        let want = quarry_profile::year_in_text(v);
        years += usize::from(want.is_some());
        let got = got.map(|g| g.parse::<i64>().unwrap());
        assert_eq!(got, want, "{YEAR}({v:?})", YEAR = quarry_sql::YEAR_FUNCTION);
    }
    assert_eq!(years, 5);
}

#[test]
fn queries_run_as_a_role_that_reads_only_the_dataset_tables() {
    let pg = common::store("reader");
    assert!(
        pg.reader_role().is_some(),
        "the test cluster's user may create roles"
    );
    let p = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let (prof, v) = (&p.profile, &p.file_name);
    let never = CancelFlag::new();
    let run = |extra: &str| {
        pg.run(
            v,
            prof,
            &select_all(prof, "\"_row\"", extra),
            10,
            &never,
            Duration::from_secs(5),
        )
    };
    assert_eq!(run(" LIMIT 2").unwrap().items.len(), 2);
    // The store's own table of versions, a table of another schema and a
    // table only a superuser may read (the connecting user is one) are
    // all out of reach.
    common::execute(
        "CREATE SCHEMA IF NOT EXISTS reader_other;
         CREATE TABLE IF NOT EXISTS reader_other.secrets (x int);
         GRANT USAGE ON SCHEMA reader_other TO PUBLIC",
    );
    for extra in [
        " WHERE EXISTS (SELECT 1 FROM \"_versions\")",
        " WHERE EXISTS (SELECT 1 FROM reader_other.secrets)",
        " WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_authid)",
    ] {
        let r = run(extra);
        assert!(
            matches!(r, Err(EngineError::NotAuthorized(_))),
            "{extra}: {r:?}"
        );
    }
    // A second version is readable as soon as it is published.
    let p2 = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let r = pg.run(
        &p2.file_name,
        &p2.profile,
        &select_all(&p2.profile, "\"_row\"", " LIMIT 1"),
        10,
        &never,
        Duration::from_secs(5),
    );
    assert_eq!(r.unwrap().items.len(), 1);
}

#[test]
fn an_outage_is_reported_as_unavailable_at_once_and_the_store_recovers() {
    // A cluster of its own: this test stops it.
    let cluster = common::Cluster::start();
    let mut config = quarry_pg::PgConfig::new(cluster.url.clone());
    config.pool_size = 2;
    let pg = quarry_pg::PgStore::connect(&config).unwrap();
    let p = pg
        .import(&people_csv(), &ImportOptions::new("people"))
        .unwrap();
    let (prof, v) = (&p.profile, &p.file_name);
    let never = CancelFlag::new();
    let run = || {
        pg.run(
            v,
            prof,
            &select_all(prof, "\"_row\"", " LIMIT 2"),
            10,
            &never,
            Duration::from_secs(5),
        )
    };
    assert_eq!(run().unwrap().items.len(), 2);
    cluster.pause();
    for _ in 0..3 {
        let started = std::time::Instant::now();
        let r = run();
        assert!(matches!(r, Err(EngineError::Unavailable(_))), "{r:?}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }
    cluster.resume();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        match run() {
            Ok(rows) => {
                assert_eq!(rows.items.len(), 2);
                break;
            }
            Err(e) => assert!(std::time::Instant::now() < deadline, "no recovery: {e:?}"),
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}
