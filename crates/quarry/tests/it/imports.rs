//! `quarry dataset import` end to end through the built binary: every
//! format and flag, the errors that import nothing, `--replace` under a
//! running server, a killed import, and the round trip of every value
//! through `/v1/query`.

use crate::harness;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use harness::{quarry, quarry_raw, read_events, unique_dir, Server, BIN};
use serde_json::{json, Value};

const OWNER: &str = "importer@example.com";

/// A data directory with one account and a token for it.
struct Setup {
    root: PathBuf,
    data: PathBuf,
    token: String,
}

impl Setup {
    fn new(name: &str) -> Setup {
        let root = unique_dir(name);
        let data = root.join("data");
        quarry(
            &data,
            &["account", "create", "--email", OWNER, "--password-stdin"],
            Some("import-password-1\n"),
        );
        let token = quarry(&data, &["token", "create", "--account", OWNER], None)
            .trim()
            .to_string();
        Setup { root, data, token }
    }

    fn file(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.root.join(name);
        std::fs::write(&p, content).unwrap();
        p
    }

    /// `quarry dataset import FILE --id ID --account OWNER EXTRA…`:
    /// (success, stdout, stderr).
    fn import(&self, file: &Path, id: &str, extra: &[&str]) -> (bool, String, String) {
        let mut args = vec![
            "dataset",
            "import",
            file.to_str().unwrap(),
            "--id",
            id,
            "--account",
            OWNER,
        ];
        args.extend_from_slice(extra);
        quarry_raw(&self.data, &args, None, &[])
    }

    fn import_ok(&self, file: &Path, id: &str, extra: &[&str]) -> String {
        let (ok, out, err) = self.import(file, id, extra);
        assert!(ok, "import {id} failed: {err}");
        out
    }

    fn dataset_ids(&self) -> Vec<String> {
        quarry(&self.data, &["dataset", "list"], None)
            .lines()
            .skip(1)
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .collect()
    }

    /// Names in the datasets directory.
    fn dataset_files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.data.join("datasets"))
            .map(|d| {
                d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }
}

/// Every item of a whole-table query ("all", no conditions), in row order.
fn all_items(server: &Server, token: &str, dataset: &str) -> Vec<Value> {
    let events = read_events(server.post(
        token,
        &json!({"query_string": "all", "dataset_id": dataset, "limit": 100}),
    ));
    assert_eq!(
        events.last().unwrap()["data"]["complete"],
        true,
        "{events:?}"
    );
    events
        .iter()
        .find(|e| e["type"] == "results")
        .unwrap_or_else(|| panic!("no results: {events:?}"))["data"]["items"]
        .as_array()
        .unwrap()
        .clone()
}

/// The item of each result as (key, value) pairs in key order.
fn items_as_rows(items: &[Value]) -> Vec<Vec<(String, String)>> {
    items
        .iter()
        .map(|i| {
            let mut row: Vec<(String, String)> = i["item"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                .collect();
            row.sort();
            row
        })
        .collect()
}

fn row(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut r: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    r.sort();
    r
}

#[test]
fn every_row_and_value_comes_back_as_the_design_says() {
    let s = Setup::new("roundtrip");
    // Integers, floats (shortest round trip), booleans, dates, date-times,
    // nulls (empty, NA, null), quotes, embedded newlines and delimiters,
    // odd Unicode; a header that needs normalising.
    let csv = "\u{feff}Name,Head Count,Score,Active,Founded,Seen At,Note\n\
        Ann,12,1.5,true,2024-01-02,2024-01-02T03:04:05,héllo wörld\n\
        Bob,NA,,false,,,\n\
        \"Cé, \"\"q\"\"\",-7,0.1,TRUE,1999-12-31,1999-12-31T23:59:59,\"multi\nline\"\n\
        Dee,1000000,1e21,no,2000-02-29,2000-02-29T00:00:00,\u{1F600} emoji \u{200B}zero-width\n\
        Eve,null,3,yes,N/A,,\"a;b|c\tq\"\n";
    let file = s.file("people.csv", csv);
    s.import_ok(&file, "people", &[]);
    let server = Server::start_in(s.data.clone(), &[]);
    let items = all_items(&server, &s.token, "people");
    let ids: Vec<&str> = items.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5"], "ids are row numbers");
    let keys = [
        "001_name",
        "002_head_count",
        "003_score",
        "004_active",
        "005_founded",
        "006_seen_at",
        "007_note",
    ];
    let expect = |vals: [&str; 7]| {
        let pairs: Vec<(&str, &str)> = keys.iter().copied().zip(vals).collect();
        row(&pairs)
    };
    assert_eq!(
        items_as_rows(&items),
        vec![
            expect([
                "Ann",
                "12",
                "1.5",
                "true",
                "2024-01-02",
                "2024-01-02T03:04:05",
                "héllo wörld"
            ]),
            expect(["Bob", "", "", "false", "", "", ""]),
            expect([
                "Cé, \"q\"",
                "-7",
                "0.1",
                "true",
                "1999-12-31",
                "1999-12-31T23:59:59",
                "multi\nline"
            ]),
            expect([
                "Dee",
                "1000000",
                "1e21",
                "false",
                "2000-02-29",
                "2000-02-29T00:00:00",
                "\u{1F600} emoji \u{200B}zero-width"
            ]),
            expect(["Eve", "", "3", "true", "", "", "a;b|c\tq"]),
        ]
    );
}

#[test]
fn every_format_and_flag_through_the_command() {
    let s = Setup::new("formats");
    let server = Server::start_in(s.data.clone(), &[]);
    let expected = vec![
        row(&[("001_city", "Zürich"), ("002_pop", "421878")]),
        row(&[("001_city", "Köln"), ("002_pop", "1084000")]),
    ];

    // TSV with a name that says nothing: --format.
    let tsv = s.file("cities.txt", "city\tpop\nZürich\t421878\nKöln\t1084000\n");
    let out = s.import_ok(&tsv, "tsv", &["--format", "tsv"]);
    assert!(out.contains("(2 columns, tsv)"), "{out}");
    assert_eq!(
        items_as_rows(&all_items(&server, &s.token, "tsv")),
        expected
    );

    // gzip-compressed CSV, detected from the name.
    let gz = s.root.join("cities.csv.gz");
    let mut gzip = Command::new("gzip")
        .arg("-c")
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&gz).unwrap())
        .spawn()
        .expect("gzip is installed");
    gzip.stdin
        .take()
        .unwrap()
        .write_all("city,pop\nZürich,421878\nKöln,1084000\n".as_bytes())
        .unwrap();
    assert!(gzip.wait().unwrap().success());
    s.import_ok(&gz, "gz", &[]);
    assert_eq!(items_as_rows(&all_items(&server, &s.token, "gz")), expected);

    // JSON Lines, nested values stored as JSON text.
    let jsonl = s.file(
        "cities.jsonl",
        "{\"city\":\"Zürich\",\"pop\":421878,\"tags\":[\"lake\",\"banks\"]}\n\
         {\"city\":\"Köln\",\"pop\":1084000,\"tags\":{\"river\":\"Rhein\"}}\n",
    );
    s.import_ok(&jsonl, "jsonl", &[]);
    let rows = items_as_rows(&all_items(&server, &s.token, "jsonl"));
    assert_eq!(
        rows[0][2],
        ("003_tags".into(), "[\"lake\",\"banks\"]".into())
    );
    assert_eq!(
        rows[1][2],
        ("003_tags".into(), "{\"river\":\"Rhein\"}".into())
    );

    // Parquet, its column types kept (a string column of digits stays text).
    let pq = s.root.join("cities.parquet");
    write_parquet(&pq);
    s.import_ok(&pq, "pq", &[]);
    assert_eq!(
        items_as_rows(&all_items(&server, &s.token, "pq")),
        vec![
            row(&[
                ("001_zip", "00501"),
                ("002_pop", "421878"),
                ("003_share", "0.5")
            ]),
            row(&[
                ("001_zip", "10115"),
                ("002_pop", "1084000"),
                ("003_share", "")
            ]),
        ]
    );

    // latin1: refused as UTF-8 with the place named, read with --encoding.
    let latin1 = s.file(
        "latin1.csv",
        b"city,pop\nZ\xfcrich,421878\nK\xf6ln,1084000\n",
    );
    let (ok, _, err) = s.import(&latin1, "latin1", &[]);
    assert!(!ok);
    assert!(
        err.contains("latin1.csv") && err.contains("line 2"),
        "{err}"
    );
    assert!(err.contains("--encoding latin1"), "{err}");
    s.import_ok(&latin1, "latin1", &["--encoding", "latin1"]);
    assert_eq!(
        items_as_rows(&all_items(&server, &s.token, "latin1")),
        expected
    );

    // A delimiter the sniffer does not consider.
    let colon = s.file("colon.csv", "city:pop\nZürich:421878\nKöln:1084000\n");
    s.import_ok(&colon, "colon", &["--delimiter", ":"]);
    assert_eq!(
        items_as_rows(&all_items(&server, &s.token, "colon")),
        expected
    );

    // --type: thousands separators read as a number unless the column is
    // declared text.
    let amounts = s.file("amounts.csv", "amount,n\n\"1,234\",5\n\"5,678\",7\n");
    s.import_ok(&amounts, "amounts", &[]);
    let rows = items_as_rows(&all_items(&server, &s.token, "amounts"));
    assert_eq!(rows[0][0], ("001_amount".into(), "1234".into()), "inferred");
    s.import_ok(&amounts, "amounts-text", &["--type", "amount=text"]);
    let rows = items_as_rows(&all_items(&server, &s.token, "amounts-text"));
    assert_eq!(rows[0][0], ("001_amount".into(), "1,234".into()));

    // --id-column gives the ids.
    s.import_ok(&tsv, "tsv-ids", &["--format", "tsv", "--id-column", "city"]);
    let ids: Vec<String> = all_items(&server, &s.token, "tsv-ids")
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids, ["Zürich", "Köln"]);

    assert!(
        s.dataset_files().iter().all(|f| !f.starts_with(".tmp-")),
        "{:?}",
        s.dataset_files()
    );
}

fn write_parquet(path: &Path) {
    use arrow_array::{ArrayRef, Float64Array, Int64Array, RecordBatch, StringArray};
    let zip: ArrayRef = Arc::new(StringArray::from(vec!["00501", "10115"]));
    let pop: ArrayRef = Arc::new(Int64Array::from(vec![421_878, 1_084_000]));
    let share: ArrayRef = Arc::new(Float64Array::from(vec![Some(0.5), None]));
    let batch = RecordBatch::try_from_iter([("zip", zip), ("pop", pop), ("share", share)]).unwrap();
    let file = std::fs::File::create(path).unwrap();
    let mut w = parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

#[test]
fn bad_input_is_named_and_imports_nothing() {
    let s = Setup::new("bad");
    let good = s.file("good.csv", "name,n\na,1\nb,2\n");
    s.import_ok(&good, "keep", &[]);
    let before = s.dataset_files();

    let cases: Vec<(PathBuf, Vec<&str>, Vec<&str>)> = vec![
        (
            s.file("ragged.csv", "name,n\na,1\nb,2,3\n"),
            vec![],
            vec!["ragged.csv", "line 3"],
        ),
        (
            s.file("utf8.csv", b"name,n\na,1\n\xff\xfe,2\n".as_slice()),
            vec![],
            vec!["utf8.csv", "line 3"],
        ),
        (
            s.file("typed.csv", "name,n\na,1\nb,two\n"),
            vec!["--type", "n=integer"],
            vec!["typed.csv", "line 3", "n", "two"],
        ),
        (
            s.file("dupes.csv", "name,n\na,1\na,2\n"),
            vec!["--id-column", "name"],
            vec!["dupes.csv", "name", "a"],
        ),
        (
            s.file(
                "broken.parquet",
                b"PAR1 this is not parquet PAR1".as_slice(),
            ),
            vec![],
            vec!["broken.parquet"],
        ),
        (
            s.file("broken.jsonl", "{\"a\":1}\n{\"a\":\n"),
            vec![],
            vec!["broken.jsonl", "line 2"],
        ),
        (
            s.file("wide.csv", {
                let header: Vec<String> = (0..1000).map(|i| format!("c{i}")).collect();
                format!("{}\n{}\n", header.join(","), vec!["1"; 1000].join(","))
            }),
            vec![],
            vec!["wide.csv", "999"],
        ),
    ];
    for (file, flags, needles) in cases {
        let (ok, _, err) = s.import(&file, "bad", &flags);
        assert!(!ok, "{} was imported", file.display());
        for n in needles {
            assert!(err.contains(n), "{}: {n:?} not in {err}", file.display());
        }
        assert_eq!(s.dataset_ids(), ["keep"]);
        assert_eq!(s.dataset_files(), before, "nothing left behind");
    }

    // Flags that make no sense are refused before any work.
    for flags in [
        vec!["--type", "n"],
        vec!["--type", "n=money"],
        vec!["--format", "xlsx"],
        vec!["--encoding", "ebcdic"],
        vec!["--delimiter", "ab"],
    ] {
        let (ok, _, err) = s.import(&good, "flags", &flags);
        assert!(!ok && err.contains(flags[0]), "{flags:?}: {err}");
    }
    assert_eq!(s.dataset_ids(), ["keep"]);
}

#[test]
fn replace_is_explicit_and_a_stream_open_on_the_old_version_finishes() {
    let s = Setup::new("replace");
    // Enough rows that the results event is large.
    let mut v1 = String::from("name,version\n");
    let mut v2 = String::from("name,version\n");
    for i in 0..100 {
        v1.push_str(&format!("old-{i:03} {},1\n", "x".repeat(2000)));
        v2.push_str(&format!("new-{i:03},2\n"));
    }
    let f1 = s.file("v1.csv", v1);
    let f2 = s.file("v2.csv", v2);
    s.import_ok(&f1, "things", &[]);
    let server = Server::start_in(s.data.clone(), &[]);

    // Without --replace the existing dataset stays as it was.
    let (ok, _, err) = s.import(&f2, "things", &[]);
    assert!(!ok);
    assert!(
        err.contains("already exists") && err.contains("--replace"),
        "{err}"
    );
    let first = all_items(&server, &s.token, "things");
    assert!(first[0]["item"]["001_name"]
        .as_str()
        .unwrap()
        .starts_with("old-000"));

    // Open a stream on the old version, read its first event only, swap
    // the new version in, then read the rest.
    let resp = server.post(
        &s.token,
        &json!({"query_string": "all", "dataset_id": "things", "limit": 100}),
    );
    assert_eq!(resp.status(), 200);
    let mut reader = std::io::BufReader::new(resp);
    let mut first_line = String::new();
    std::io::BufRead::read_line(&mut reader, &mut first_line).unwrap();
    assert!(first_line.starts_with("data: "), "{first_line}");
    let files_before = s.dataset_files();
    s.import_ok(&f2, "things", &["--replace"]);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).unwrap();
    let events: Vec<Value> = format!("{first_line}{rest}")
        .split("\n\n")
        .filter_map(|f| f.strip_prefix("data: "))
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    assert_eq!(events.last().unwrap()["data"]["complete"], true);
    let old_items = events.iter().find(|e| e["type"] == "results").unwrap()["data"]["items"]
        .as_array()
        .unwrap();
    assert_eq!(old_items.len(), 100);
    assert!(old_items
        .iter()
        .all(|i| i["item"]["001_name"].as_str().unwrap().starts_with("old-")));

    // New queries see the new version; the old file is kept (retired) for
    // queries that had looked it up, and the new one is there beside it.
    let new_items = all_items(&server, &s.token, "things");
    assert_eq!(new_items.len(), 100);
    assert_eq!(new_items[0]["item"]["001_name"], "new-000");
    assert_eq!(new_items[0]["item"]["002_version"], "2");
    let files_after = s.dataset_files();
    assert!(
        files_before.iter().all(|f| files_after.contains(f)),
        "retired file kept: {files_before:?} → {files_after:?}"
    );
    assert_eq!(files_after.len(), files_before.len() + 1);
}

/// A CSV big enough to take seconds to import in a debug build.
fn big_csv(s: &Setup) -> PathBuf {
    let mut csv = String::with_capacity(40 << 20);
    csv.push_str("id,name,city,description\n");
    for i in 0..400_000 {
        csv.push_str(&format!(
            "{i},company {i},city {},a description of company number {i} with some words\n",
            i % 997
        ));
    }
    s.file("big.csv", csv)
}

#[test]
fn a_terminal_gets_a_progress_bar_with_rows_per_second_and_eta() {
    // `script` gives the import a pseudo-terminal as its stderr.
    if Command::new("script").arg("--version").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "`script` (util-linux) is needed under CI"
        );
        eprintln!("skipped: no `script` command");
        return;
    }
    let s = Setup::new("bar");
    let big = big_csv(&s);
    let command = format!(
        "'{BIN}' --data-dir '{}' dataset import '{}' --id big --account {OWNER}",
        s.data.display(),
        big.display()
    );
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("COLUMNS", "120")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Imported 400,000 rows"), "{text}");
    let bar = text
        .split(['\r', '\n'])
        .find(|l| l.contains("inserting [") && l.contains("rows/s, ETA"))
        .unwrap_or_else(|| panic!("no progress bar line in {text:?}"));
    assert!(bar.contains("/400,000 rows ("), "{bar}");

    // Without a terminal: no bar, no escape codes.
    let s2 = Setup::new("nobar");
    let (ok, _, err) = s2.import(&big, "big", &[]);
    assert!(ok, "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains(" ["), "{err}");
}

#[test]
fn a_killed_import_leaves_nothing_and_the_next_start_removes_its_temp_files() {
    let s = Setup::new("killed");
    let big = big_csv(&s);
    let mut child = Command::new(BIN)
        .arg("--data-dir")
        .arg(&s.data)
        .args(["dataset", "import"])
        .arg(&big)
        .args(["--id", "big", "--account", OWNER])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once its temporary file exists, mid-way.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if s.dataset_files().iter().any(|f| f.starts_with(".tmp-")) {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the import finished before it could be killed"
        );
        assert!(Instant::now() < deadline, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(child.try_wait().unwrap().is_none(), "still importing");
    child.kill().unwrap();
    child.wait().unwrap();

    assert!(s.dataset_ids().is_empty(), "nothing registered");
    let left = s.dataset_files();
    assert!(!left.is_empty(), "the killed import's temp files remain");
    assert!(
        left.iter().all(|f| f.starts_with(".tmp-")),
        "only temp files: {left:?}"
    );

    // The next start removes them; the dataset can then be imported whole.
    let server = Server::start_in(s.data.clone(), &[]);
    assert!(s.dataset_files().is_empty(), "{:?}", s.dataset_files());
    drop(server);
    let small = s.file("small.csv", "id,name\n1,a\n2,b\n");
    s.import_ok(&small, "big", &["--id-column", "id"]);
    assert_eq!(s.dataset_ids(), ["big"]);
}
