//! Every input format, the bad-input cases, type overrides, decorated
//! numbers and the round trip of values to result items, on real files in
//! temporary directories.

use arrow_array::types::Int32Type;
use arrow_array::{
    ArrayRef, BooleanArray, Date32Array, DictionaryArray, Float32Array, Float64Array, Int64Array,
    ListArray, RecordBatch, StringArray, TimestampMillisecondArray, UInt64Array,
};
use flate2::write::GzEncoder;
use parquet::arrow::ArrowWriter;
use parquet::file::properties::WriterProperties;
use quarry_dataset::{
    import_file, parse_type_override, CancelFlag, DatasetReader, Encoding, Format, ImportError,
    ImportOptions, Imported, Location, Phase, Progress, TypeOrigin,
};
use quarry_planner::{ColumnType, DatasetProfile, QueryPlan, Tier};
use rusqlite::Connection;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

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
    fn write(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.src_dir.join(name);
        std::fs::write(&p, content).unwrap();
        p
    }

    fn gz(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let mut e = GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(content.as_ref()).unwrap();
        self.write(name, e.finish().unwrap())
    }

    fn import(&self, src: &Path, opts: &ImportOptions) -> Result<Imported, ImportError> {
        import_file(src, opts, &self.dest)
    }

    fn import_ok(&self, name: &str, content: impl AsRef<[u8]>) -> Imported {
        let src = self.write(name, content);
        self.import(&src, &ImportOptions::new("ds"))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn dest_files(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.dest)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    fn assert_nothing_left(&self) {
        assert!(self.dest_files().is_empty(), "{:?}", self.dest_files());
    }

    /// Only finished dataset files, no temporary ones.
    fn assert_only_dataset(&self, imp: &Imported) {
        let files = self.dest_files();
        assert!(files.contains(&imp.file_name), "{files:?}");
        assert!(files.iter().all(|f| !f.starts_with(".tmp-")), "{files:?}");
    }

    fn path(&self, imported: &Imported) -> PathBuf {
        self.dest.join(&imported.file_name)
    }

    /// Every record through the engine, as the API returns them.
    fn items(&self, imp: &Imported) -> Vec<(String, BTreeMap<String, String>)> {
        let sql = quarry_sql::render_select(
            &quarry_sql::Sqlite,
            &imp.profile,
            &QueryPlan::empty(Tier::Default),
            100,
        );
        let reader = DatasetReader::open(&self.path(imp)).unwrap();
        reader
            .query(
                &sql,
                &imp.profile,
                100,
                &CancelFlag::new(),
                Duration::from_secs(5),
            )
            .unwrap()
            .into_iter()
            .map(|i| (i.id, i.item))
            .collect()
    }

    /// Row numbers that a full-text query matches, through the renderer.
    fn search(&self, imp: &Imported, words: &str) -> Vec<String> {
        let mut plan = QueryPlan::empty(Tier::Default);
        plan.traits.push(words.into());
        let sql = quarry_sql::render_select(&quarry_sql::Sqlite, &imp.profile, &plan, 100);
        let reader = DatasetReader::open(&self.path(imp)).unwrap();
        let mut ids: Vec<String> = reader
            .query(
                &sql,
                &imp.profile,
                100,
                &CancelFlag::new(),
                Duration::from_secs(5),
            )
            .unwrap()
            .into_iter()
            .map(|i| i.id)
            .collect();
        ids.sort();
        ids
    }

    /// FTS5's own check of the index against the records.
    fn fts_integrity(&self, imp: &Imported) {
        let f = imp.profile.fts_table.as_deref().expect("an FTS table");
        let conn = Connection::open(self.path(imp)).unwrap();
        conn.execute_batch(&format!(
            "INSERT INTO \"{f}\"(\"{f}\", rank) VALUES('integrity-check', 1);"
        ))
        .unwrap();
    }
}

fn ty(p: &DatasetProfile, name: &str) -> ColumnType {
    p.column(name)
        .unwrap_or_else(|| panic!("no column {name}"))
        .ty
}

fn names(p: &DatasetProfile) -> Vec<&str> {
    p.columns.iter().map(|c| c.name.as_str()).collect()
}

fn column_values(items: &[(String, BTreeMap<String, String>)], key: &str) -> Vec<String> {
    items.iter().map(|(_, i)| i[key].clone()).collect()
}

// ---------------------------------------------------------------------------
// Formats

#[test]
fn csv_with_semicolons() {
    let fx = fixture();
    let imp = fx.import_ok(
        "eu.csv",
        "Name;Price;City\nAcme;12.5;\"Paris; France\"\nBeta;3;Lyon\n",
    );
    assert_eq!(imp.format, Format::Csv);
    assert_eq!(names(&imp.profile), ["name", "price", "city"]);
    assert_eq!(ty(&imp.profile, "price"), ColumnType::Float);
    let items = fx.items(&imp);
    assert_eq!(column_values(&items, "003_city"), ["Paris; France", "Lyon"]);
}

#[test]
fn csv_with_backslash_escaped_quotes() {
    // Some exporters (and Wikipedia table dumps) escape quotes with a
    // backslash instead of doubling them.
    let fx = fixture();
    let imp = fx.import_ok(
        "wiki.csv",
        "\"Name\",\"Height\",\"Episode\"\n\"Aaron\",\"5'8\\\"\",\"\\\"Dirty Tricks\\\"\"\n\"Bea\",\"6'1\\\"\",\"\"\n",
    );
    let items = fx.items(&imp);
    assert_eq!(column_values(&items, "002_height"), ["5'8\"", "6'1\""]);
    assert_eq!(
        column_values(&items, "003_episode"),
        ["\"Dirty Tricks\"", ""]
    );
}

#[test]
fn csv_with_pipes() {
    let fx = fixture();
    let imp = fx.import_ok("p.csv", "a|b|c\n1|x, y|true\n2|z|false\n");
    assert_eq!(names(&imp.profile), ["a", "b", "c"]);
    assert_eq!(ty(&imp.profile, "a"), ColumnType::Integer);
    assert_eq!(ty(&imp.profile, "c"), ColumnType::Boolean);
    assert_eq!(column_values(&fx.items(&imp), "002_b"), ["x, y", "z"]);
}

#[test]
fn tsv() {
    let fx = fixture();
    let imp = fx.import_ok(
        "t.tsv",
        "id\tname\tnote\n1\tAcme\thas, commas; and semicolons\n2\tBeta\t\n",
    );
    assert_eq!(imp.format, Format::Tsv);
    assert_eq!(names(&imp.profile), ["id", "name", "note"]);
    let items = fx.items(&imp);
    assert_eq!(
        column_values(&items, "003_note"),
        ["has, commas; and semicolons", ""]
    );
}

#[test]
fn csv_with_bom_and_embedded_newlines() {
    let fx = fixture();
    let imp = fx.import_ok(
        "bom.csv",
        "\u{feff}Title;Body\r\nA;\"two\r\nlines; here\"\r\nB;one\r\n",
    );
    assert_eq!(names(&imp.profile), ["title", "body"]);
    assert_eq!(imp.profile.columns[0].original_name, "Title");
    let items = fx.items(&imp);
    assert_eq!(
        column_values(&items, "002_body"),
        ["two\r\nlines; here", "one"]
    );
    assert_eq!(fx.search(&imp, "lines"), ["1"]);
}

#[test]
fn latin1() {
    let fx = fixture();
    // "München", "Zürich" and the euro sign (0x80 in Windows-1252).
    let src = fx.write(
        "old.csv",
        b"city,price\nM\xfcnchen,\x8012\nZ\xfcrich,\x803\n".as_slice(),
    );
    let mut opts = ImportOptions::new("ds");
    opts.encoding = Encoding::Latin1;
    let imp = fx.import(&src, &opts).unwrap();
    let items = fx.items(&imp);
    assert_eq!(column_values(&items, "001_city"), ["München", "Zürich"]);
    assert_eq!(ty(&imp.profile, "price"), ColumnType::Integer, "€12, €3");
    assert_eq!(column_values(&items, "002_price"), ["12", "3"]);
    assert_eq!(fx.search(&imp, "munchen"), ["1"], "diacritics folded");
    // Without the option it is an error naming the line and column.
    let err = fx.import(&src, &ImportOptions::new("ds2")).unwrap_err();
    assert!(
        matches!(err, ImportError::InvalidUtf8 { line: 2, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("--encoding latin1"), "{err}");
}

#[test]
fn json_lines_with_nested_values() {
    let fx = fixture();
    let jsonl = r#"{"name": "Acme", "employees": 1200, "public": true, "tags": ["b2b", "saas"], "hq": {"city": "Berlin", "zip": "10115"}}

{"employees": 45, "name": "Beta", "public": false, "revenue": 3.5, "tags": []}
{"name": "Gamma \"G\" Ltd", "employees": null, "public": null, "revenue": 12, "hq": null, "note": "  padded  "}
"#;
    let imp = fx.import_ok("c.jsonl", jsonl);
    assert_eq!(imp.format, Format::JsonLines);
    let p = &imp.profile;
    assert_eq!(
        names(p),
        [
            "name",
            "employees",
            "public",
            "tags",
            "hq",
            "revenue",
            "note"
        ],
        "union of keys in first-seen order"
    );
    assert_eq!(ty(p, "employees"), ColumnType::Integer);
    assert_eq!(ty(p, "public"), ColumnType::Boolean);
    assert_eq!(ty(p, "revenue"), ColumnType::Float);
    assert_eq!(ty(p, "tags"), ColumnType::Text);
    assert_eq!(ty(p, "hq"), ColumnType::Text);
    let items = fx.items(&imp);
    assert_eq!(items.len(), 3);
    let (id, first) = &items[0];
    assert_eq!(id, "1");
    assert_eq!(first["001_name"], "Acme");
    assert_eq!(first["002_employees"], "1200");
    assert_eq!(first["003_public"], "true");
    assert_eq!(first["004_tags"], r#"["b2b", "saas"]"#);
    assert_eq!(first["005_hq"], r#"{"city": "Berlin", "zip": "10115"}"#);
    assert_eq!(first["006_revenue"], "", "missing key is null");
    assert_eq!(items[1].1["004_tags"], "[]");
    assert_eq!(items[1].1["006_revenue"], "3.5");
    assert_eq!(items[2].1["001_name"], "Gamma \"G\" Ltd");
    assert_eq!(items[2].1["002_employees"], "");
    assert_eq!(items[2].1["003_public"], "");
    assert_eq!(items[2].1["006_revenue"], "12");
    assert_eq!(items[2].1["007_note"], "padded");
    // Nested JSON text is searchable.
    assert_eq!(fx.search(&imp, "berlin"), ["1"]);
    fx.fts_integrity(&imp);
}

fn write_parquet(path: &Path, batch: &RecordBatch, rows_per_group: usize) {
    let props = WriterProperties::builder()
        .set_max_row_group_row_count(Some(rows_per_group))
        .build();
    let f = std::fs::File::create(path).unwrap();
    let mut w = ArrowWriter::try_new(f, batch.schema(), Some(props)).unwrap();
    w.write(batch).unwrap();
    w.close().unwrap();
}

fn parquet_batch() -> RecordBatch {
    let list = ListArray::from_iter_primitive::<Int32Type, _, _>(vec![
        Some(vec![Some(1), Some(2)]),
        None,
        Some(vec![]),
    ]);
    let dict: DictionaryArray<Int32Type> =
        vec!["Germany", "France", "Germany"].into_iter().collect();
    RecordBatch::try_from_iter(vec![
        (
            "id",
            Arc::new(Int64Array::from(vec![10, 20, 30])) as ArrayRef,
        ),
        (
            "Name",
            Arc::new(StringArray::from(vec![Some("Acme"), Some("Beta"), None])) as ArrayRef,
        ),
        (
            "revenue",
            Arc::new(Float64Array::from(vec![Some(12.5), None, Some(3.0)])) as ArrayRef,
        ),
        (
            "ratio",
            Arc::new(Float32Array::from(vec![0.1f32, 2.0, -1.5])) as ArrayRef,
        ),
        (
            "public",
            Arc::new(BooleanArray::from(vec![Some(true), Some(false), None])) as ArrayRef,
        ),
        (
            "founded",
            Arc::new(Date32Array::from(vec![Some(0), Some(19_723), None])) as ArrayRef,
        ),
        (
            "updated",
            Arc::new(
                TimestampMillisecondArray::from(vec![
                    Some(1_700_000_000_123),
                    Some(1_700_000_000_000),
                    None,
                ])
                .with_timezone("UTC"),
            ) as ArrayRef,
        ),
        ("country", Arc::new(dict) as ArrayRef),
        ("scores", Arc::new(list) as ArrayRef),
        (
            // Integer-looking strings stay text: the Parquet type wins.
            "code",
            Arc::new(StringArray::from(vec!["007", "123", "5"])) as ArrayRef,
        ),
        (
            "big",
            Arc::new(UInt64Array::from(vec![1u64, 2, 3])) as ArrayRef,
        ),
    ])
    .unwrap()
}

#[test]
fn parquet_keeps_its_types() {
    let fx = fixture();
    let src = fx.src_dir.join("c.parquet");
    write_parquet(&src, &parquet_batch(), 2);
    let mut opts = ImportOptions::new("ds");
    opts.id_column = Some("id".into());
    let imp = fx.import(&src, &opts).unwrap();
    assert_eq!(imp.format, Format::Parquet);
    let p = &imp.profile;
    assert_eq!(
        names(p),
        [
            "id", "name", "revenue", "ratio", "public", "founded", "updated", "country", "scores",
            "code", "big"
        ]
    );
    assert_eq!(ty(p, "id"), ColumnType::Integer);
    assert_eq!(ty(p, "name"), ColumnType::Text);
    assert_eq!(ty(p, "revenue"), ColumnType::Float);
    assert_eq!(ty(p, "ratio"), ColumnType::Float);
    assert_eq!(ty(p, "public"), ColumnType::Boolean);
    assert_eq!(ty(p, "founded"), ColumnType::Date);
    assert_eq!(ty(p, "updated"), ColumnType::DateTime);
    assert_eq!(ty(p, "country"), ColumnType::Text);
    assert_eq!(ty(p, "scores"), ColumnType::Text);
    assert_eq!(ty(p, "code"), ColumnType::Text);
    assert_eq!(
        ty(p, "big"),
        ColumnType::Integer,
        "u64 inferred from values"
    );
    let items = fx.items(&imp);
    let expected: Vec<(&str, Vec<&str>)> = vec![
        (
            "10",
            vec![
                "10",
                "Acme",
                "12.5",
                "0.1",
                "true",
                "1970-01-01",
                "2023-11-14T22:13:20.123Z",
                "Germany",
                "[1,2]",
                "007",
                "1",
            ],
        ),
        (
            "20",
            vec![
                "20",
                "Beta",
                "",
                "2",
                "false",
                "2024-01-01",
                "2023-11-14T22:13:20Z",
                "France",
                "",
                "123",
                "2",
            ],
        ),
        (
            "30",
            vec!["30", "", "3", "-1.5", "", "", "", "Germany", "[]", "5", "3"],
        ),
    ];
    assert_eq!(items.len(), expected.len());
    for ((id, item), (eid, evalues)) in items.iter().zip(&expected) {
        assert_eq!(id, eid);
        let values: Vec<&str> = item.values().map(String::as_str).collect();
        assert_eq!(&values, evalues, "row {id}");
    }
    assert_eq!(
        p.column("country").unwrap().values.len(),
        2,
        "dictionary values profiled"
    );
    assert_eq!(fx.search(&imp, "acme"), ["10"]);
    fx.fts_integrity(&imp);
}

#[test]
fn gzip_csv_and_jsonl() {
    let fx = fixture();
    let src = fx.gz("c.csv.gz", "name;n\nAcme;1\nBeta;2\n");
    let imp = fx.import(&src, &ImportOptions::new("a")).unwrap();
    assert_eq!(imp.format, Format::Csv);
    assert_eq!(names(&imp.profile), ["name", "n"]);
    assert_eq!(column_values(&fx.items(&imp), "002_n"), ["1", "2"]);

    let src = fx.gz("c.jsonl.gz", "{\"a\": 1, \"b\": [1]}\n{\"a\": 2}\n");
    let imp = fx.import(&src, &ImportOptions::new("b")).unwrap();
    assert_eq!(imp.format, Format::JsonLines);
    assert_eq!(column_values(&fx.items(&imp), "002_b"), ["[1]", ""]);

    // Compressed without the extension saying so: the magic bytes tell.
    let src = fx.gz("c.tsv", "x\ty\n1\t2\n");
    let imp = fx.import(&src, &ImportOptions::new("c")).unwrap();
    assert_eq!(names(&imp.profile), ["x", "y"]);
}

#[test]
fn format_from_option_or_content() {
    let fx = fixture();
    let src = fx.write("data.txt", "{\"k\": \"v\"}\n");
    let imp = fx.import(&src, &ImportOptions::new("a")).unwrap();
    assert_eq!(imp.format, Format::JsonLines);
    let src = fx.write("export", "a,b\n1,2\n");
    let imp = fx.import(&src, &ImportOptions::new("b")).unwrap();
    assert_eq!(imp.format, Format::Csv);
    let src = fx.write("pipes.dat", "a|b\n1|2\n");
    let mut opts = ImportOptions::new("c");
    opts.format = Some(Format::Csv);
    opts.delimiter = Some(b'|');
    let imp = fx.import(&src, &opts).unwrap();
    assert_eq!(names(&imp.profile), ["a", "b"]);
    assert_eq!(
        Format::from_path(Path::new("x.NDJSON.gz")),
        Some(Format::JsonLines)
    );
    assert_eq!(
        Format::from_path(Path::new("x.parquet")),
        Some(Format::Parquet)
    );
    assert_eq!(Format::parse("jsonl"), Some(Format::JsonLines));
}

// ---------------------------------------------------------------------------
// Types

#[test]
fn currency_and_thousands_columns() {
    let fx = fixture();
    let csv = "\
name,revenue,price_eur,staff,mixed,mixed_currency,plain
A,\"$1,234.50\",€12,\"1,200\",\"1,234\",$5,\"10\"
B,$0.99,€3,999,1234,€6,2
C,\"-$2,000\",€1 500,\"12,000,000\",5,$7,3
D,NA,,\"3\",,,
";
    let imp = fx.import_ok("money.csv", csv);
    let p = &imp.profile;
    assert_eq!(ty(p, "revenue"), ColumnType::Float);
    assert_eq!(
        ty(p, "price_eur"),
        ColumnType::Text,
        "'€1 500' is not one notation"
    );
    assert_eq!(ty(p, "staff"), ColumnType::Integer);
    assert_eq!(
        ty(p, "mixed"),
        ColumnType::Text,
        "1,234 and 1234 in one column"
    );
    assert_eq!(ty(p, "mixed_currency"), ColumnType::Text, "$ and €");
    assert_eq!(ty(p, "plain"), ColumnType::Integer);
    let items = fx.items(&imp);
    assert_eq!(
        column_values(&items, "002_revenue"),
        ["1234.5", "0.99", "-2000", ""]
    );
    assert_eq!(
        column_values(&items, "004_staff"),
        ["1200", "999", "12000000", "3"]
    );
    assert_eq!(p.column("revenue").unwrap().max.as_deref(), Some("1234.5"));
    assert!(
        imp.warnings
            .iter()
            .any(|w| w.contains("revenue") && w.contains('$')),
        "{:?}",
        imp.warnings
    );

    let imp = fx.import_ok("eur.csv", "item;price\na;€12\nb;7 €\nc;€1,000\n");
    assert_eq!(ty(&imp.profile, "price"), ColumnType::Integer);
    assert_eq!(
        column_values(&fx.items(&imp), "002_price"),
        ["12", "7", "1000"]
    );
}

#[test]
fn type_overrides() {
    let fx = fixture();
    let src = fx.write(
        "o.csv",
        "code,amount,flag,day,score,Zip Code\n007,1,1,2020-01-05,5,02134\n010,\"$2,500\",0,2021-02-03,NA,10001\n",
    );
    let mut opts = ImportOptions::new("ds");
    opts.types = vec![
        parse_type_override("code=integer").unwrap(),
        parse_type_override("amount=float").unwrap(),
        parse_type_override("flag=boolean").unwrap(),
        parse_type_override("day=datetime").unwrap(),
        parse_type_override("score=text").unwrap(),
        ("Zip Code".to_string(), ColumnType::Integer),
    ];
    let imp = fx.import(&src, &opts).unwrap();
    let p = &imp.profile;
    assert_eq!(ty(p, "code"), ColumnType::Integer);
    assert_eq!(ty(p, "amount"), ColumnType::Float);
    assert_eq!(ty(p, "flag"), ColumnType::Boolean);
    assert_eq!(ty(p, "day"), ColumnType::DateTime);
    assert_eq!(ty(p, "score"), ColumnType::Text);
    assert_eq!(ty(p, "zip_code"), ColumnType::Integer);
    let items = fx.items(&imp);
    assert_eq!(column_values(&items, "001_code"), ["7", "10"]);
    assert_eq!(column_values(&items, "002_amount"), ["1", "2500"]);
    assert_eq!(column_values(&items, "003_flag"), ["true", "false"]);
    assert_eq!(
        column_values(&items, "004_day"),
        ["2020-01-05T00:00:00", "2021-02-03T00:00:00"]
    );
    assert_eq!(
        column_values(&items, "005_score"),
        ["5", "NA"],
        "text keeps NA"
    );
    assert_eq!(column_values(&items, "006_zip_code"), ["2134", "10001"]);

    assert!(parse_type_override("x").is_err());
    assert!(parse_type_override("x=money").is_err());
    assert!(parse_type_override("=int").is_err());
}

#[test]
fn type_override_that_does_not_fit_imports_nothing() {
    let fx = fixture();
    let src = fx.write(
        "bad.csv",
        "name,employees\nAcme,12\nBeta,\"a lot\"\nGamma,3\n",
    );
    let mut opts = ImportOptions::new("ds");
    opts.types = vec![("employees".into(), ColumnType::Integer)];
    let err = fx.import(&src, &opts).unwrap_err();
    match &err {
        ImportError::TypeMismatch {
            location,
            column,
            value,
            ty,
            origin,
            ..
        } => {
            assert_eq!(*location, Location::Line(3));
            assert_eq!(column, "employees");
            assert_eq!(value, "a lot");
            assert_eq!(*ty, ColumnType::Integer);
            assert_eq!(*origin, TypeOrigin::Override);
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    for part in ["bad.csv", "line 3", "employees", "\"a lot\"", "integer"] {
        assert!(msg.contains(part), "{part}: {msg}");
    }
    fx.assert_nothing_left();

    // A column the file does not have.
    opts.types = vec![("staff".into(), ColumnType::Integer)];
    let err = fx.import(&src, &opts).unwrap_err();
    assert!(
        matches!(err, ImportError::TypeColumnMissing { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("name, employees"), "{err}");
    fx.assert_nothing_left();

    // A date that is not one.
    opts.types = vec![("name".into(), ColumnType::Date)];
    let err = fx.import(&src, &opts).unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
    assert!(err.to_string().contains("\"Acme\""), "{err}");
    fx.assert_nothing_left();
}

// ---------------------------------------------------------------------------
// Bad input

#[test]
fn ragged_tsv_row() {
    let fx = fixture();
    let src = fx.write("r.tsv", "a\tb\n1\t2\n3\t4\t5\n");
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(
        matches!(
            err,
            ImportError::RaggedRow {
                line: 3,
                expected: 2,
                found: 3,
                ..
            }
        ),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(msg.contains("r.tsv") && msg.contains("tab"), "{msg}");
    fx.assert_nothing_left();
}

#[test]
fn bad_json_lines() {
    let fx = fixture();
    let src = fx.write("b.jsonl", "{\"a\": 1}\n{\"a\": 2,}\n");
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(matches!(err, ImportError::Json { line: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("b.jsonl, line 2"), "{err}");
    fx.assert_nothing_left();

    let src = fx.write("arr.jsonl", "{\"a\": 1}\n[1, 2]\n");
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
    assert!(err.to_string().contains("object"), "{err}");

    let src = fx.write(
        "u.jsonl",
        b"{\"a\": 1, \"city\": \"Paris\"}\n{\"a\": 2, \"city\": \"M\xfcnchen\"}\n".as_slice(),
    );
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(
        matches!(err, ImportError::InvalidUtf8 { line: 2, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("\"city\""), "{err}");
    fx.assert_nothing_left();

    // An id column some records lack.
    let src = fx.write("ids.jsonl", "{\"n\": 1}\n{\"id\": \"a\", \"n\": 2}\n");
    let mut opts = ImportOptions::new("ds");
    opts.id_column = Some("id".into());
    let err = fx.import(&src, &opts).unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnNull { count: 1, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("line 1"), "{err}");
    fx.assert_nothing_left();
}

#[test]
fn unreadable_parquet() {
    let fx = fixture();
    let src = fx.write("junk.parquet", "this is not parquet at all");
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(
        matches!(
            err,
            ImportError::Parquet {
                row_group: None,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("junk.parquet"), "{err}");
    fx.assert_nothing_left();

    // A file whose second row group is damaged.
    let src = fx.src_dir.join("damaged.parquet");
    let n = 300;
    let batch = RecordBatch::try_from_iter(vec![
        (
            "id",
            Arc::new(Int64Array::from_iter_values(0..n)) as ArrayRef,
        ),
        (
            "name",
            Arc::new(StringArray::from_iter_values(
                (0..n).map(|i| format!("name {i}")),
            )) as ArrayRef,
        ),
    ])
    .unwrap();
    write_parquet(&src, &batch, 100);
    let meta = {
        let f = std::fs::File::open(&src).unwrap();
        parquet::file::reader::SerializedFileReader::new(f).unwrap()
    };
    use parquet::file::reader::FileReader;
    let md = meta.metadata();
    assert_eq!(md.num_row_groups(), 3);
    let chunk = md.row_group(1).column(1);
    let (start, len) = chunk.byte_range();
    let mut bytes = std::fs::read(&src).unwrap();
    for b in &mut bytes[start as usize..(start + len.min(64)) as usize] {
        *b = 0xff;
    }
    std::fs::write(&src, &bytes).unwrap();
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    match &err {
        ImportError::Parquet {
            row_group, column, ..
        } => {
            assert_eq!(*row_group, Some(1), "{err}");
            assert_eq!(column.as_deref(), Some("name"), "{err}");
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(
        msg.contains("damaged.parquet") && msg.contains("row group 1") && msg.contains("\"name\""),
        "{msg}"
    );
    fx.assert_nothing_left();
}

#[test]
fn duplicate_ids_are_listed_in_every_format() {
    let fx = fixture();
    let src = fx.write("d.jsonl", "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 1}\n");
    let mut opts = ImportOptions::new("ds");
    opts.id_column = Some("id".into());
    let err = fx.import(&src, &opts).unwrap_err();
    assert!(
        matches!(err, ImportError::IdColumnDuplicate { count: 1, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("\"1\" at line 3 (first at line 1)"),
        "{err}"
    );
    fx.assert_nothing_left();
}

#[test]
fn truncated_gzip_is_an_error() {
    let fx = fixture();
    let mut e = GzEncoder::new(Vec::new(), flate2::Compression::default());
    for i in 0..20_000 {
        writeln!(e, "{i},name {i}").unwrap();
    }
    let bytes = e.finish().unwrap();
    let src = fx.write("cut.csv.gz", &bytes[..bytes.len() / 2]);
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(err.to_string().contains("cut.csv.gz"), "{err}");
    fx.assert_nothing_left();
}

// ---------------------------------------------------------------------------
// Round trip and progress

const ROUND_TRIP: &str = "\
id,name,employees,revenue,founded,active,joined,updated,notes
1,Acme,1200,12.5,1999,yes,2015-03-01,2020-01-05 10:30:00,\"Quoted, with comma\"
2,Beta,,3,2001,no,,2021-06-01T08:00:00Z,
3,Gamma Ltd,45,0.1,NA,true,2016/07/15,,\"line1
line2\"
4,Δelta ünïcode,-7,-0.000001,2024,false,2000-02-29,2000-02-29T23:59:59.5+02:00,\"She said \"\"hi\"\"\"
";

fn round_trip_expected() -> Vec<(String, BTreeMap<String, String>)> {
    let keys = [
        "001_id",
        "002_name",
        "003_employees",
        "004_revenue",
        "005_founded",
        "006_active",
        "007_joined",
        "008_updated",
        "009_notes",
    ];
    let rows: [[&str; 9]; 4] = [
        [
            "1",
            "Acme",
            "1200",
            "12.5",
            "1999",
            "true",
            "2015-03-01",
            "2020-01-05T10:30:00",
            "Quoted, with comma",
        ],
        [
            "2",
            "Beta",
            "",
            "3",
            "2001",
            "false",
            "",
            "2021-06-01T08:00:00Z",
            "",
        ],
        [
            "3",
            "Gamma Ltd",
            "45",
            "0.1",
            "",
            "true",
            "2016-07-15",
            "",
            "line1\nline2",
        ],
        [
            "4",
            "Δelta ünïcode",
            "-7",
            "-0.000001",
            "2024",
            "false",
            "2000-02-29",
            "2000-02-29T23:59:59.5+02:00",
            "She said \"hi\"",
        ],
    ];
    rows.iter()
        .map(|r| {
            (
                r[0].to_string(),
                keys.iter()
                    .zip(r)
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn round_trip_every_value() {
    let fx = fixture();
    let expected = round_trip_expected();
    let mut opts = ImportOptions::new("ds");
    opts.id_column = Some("id".into());

    let src = fx.write("rt.csv", ROUND_TRIP);
    let imp = fx.import(&src, &opts).unwrap();
    assert_eq!(fx.items(&imp), expected, "CSV");
    fx.fts_integrity(&imp);

    // The same records as JSON Lines, gzip-compressed.
    let jsonl = r#"{"id": 1, "name": "Acme", "employees": 1200, "revenue": 12.5, "founded": 1999, "active": true, "joined": "2015-03-01", "updated": "2020-01-05 10:30:00", "notes": "Quoted, with comma"}
{"id": 2, "name": "Beta", "employees": null, "revenue": 3, "founded": 2001, "active": false, "joined": null, "updated": "2021-06-01T08:00:00Z", "notes": ""}
{"id": 3, "name": "Gamma Ltd", "employees": 45, "revenue": 0.1, "founded": "NA", "active": true, "joined": "2016/07/15", "notes": "line1\nline2"}
{"id": 4, "name": "\u0394elta ünïcode", "employees": -7, "revenue": -1e-6, "founded": 2024, "active": false, "joined": "2000-02-29", "updated": "2000-02-29T23:59:59.5+02:00", "notes": "She said \"hi\""}
"#;
    let src = fx.gz("rt.jsonl.gz", jsonl);
    let imp = fx.import(&src, &opts).unwrap();
    assert_eq!(fx.items(&imp), expected, "JSON Lines");

    // And as a semicolon-separated Latin-1 file (no Δ in Latin-1: row 4's
    // name differs).
    let latin = ROUND_TRIP
        .replace(',', ";")
        .replace("Quoted; with comma", "Quoted, with comma")
        .replace("Δelta", "Delta");
    let bytes: Vec<u8> = latin.chars().map(|c| c as u32 as u8).collect();
    let src = fx.write("rt-latin1.csv", bytes);
    let mut opts = ImportOptions::new("ds");
    opts.id_column = Some("id".into());
    opts.encoding = Encoding::Latin1;
    let imp = fx.import(&src, &opts).unwrap();
    let mut expected = expected;
    expected[3]
        .1
        .insert("002_name".into(), "Delta ünïcode".into());
    assert_eq!(fx.items(&imp), expected, "Latin-1 with semicolons");
}

#[test]
fn progress_reports_both_passes() {
    let fx = fixture();
    let mut csv = String::from("n,word\n");
    for i in 0..25_000 {
        csv.push_str(&format!("{i},w{}\n", i % 7));
    }
    let src = fx.write("n.csv", &csv);
    let seen = std::cell::RefCell::new(Vec::<Progress>::new());
    let cb = |p: &Progress| seen.borrow_mut().push(*p);
    let mut opts = ImportOptions::new("n");
    opts.progress = Some(&cb);
    fx.import(&src, &opts).unwrap();
    let seen = seen.into_inner();
    let phases: Vec<Phase> = seen.iter().map(|p| p.phase).collect();
    for ph in [Phase::Scan, Phase::Insert, Phase::Index, Phase::Done] {
        assert!(phases.contains(&ph), "{ph:?} in {phases:?}");
    }
    let size = csv.len() as u64;
    assert!(seen
        .iter()
        .all(|p| p.total_bytes == size && p.bytes <= size));
    let scans: Vec<&Progress> = seen.iter().filter(|p| p.phase == Phase::Scan).collect();
    assert!(scans.len() >= 3, "{scans:?}");
    assert_eq!(scans.last().unwrap().bytes, size);
    assert_eq!(scans.last().unwrap().total_rows, Some(25_000));
    let inserts: Vec<&Progress> = seen.iter().filter(|p| p.phase == Phase::Insert).collect();
    assert!(inserts.iter().all(|p| p.total_rows == Some(25_000)));
    assert!(inserts.windows(2).all(|w| w[0].rows <= w[1].rows));
    assert_eq!(seen.last().unwrap().phase, Phase::Done);
    assert_eq!(seen.last().unwrap().rows, 25_000);
}

#[test]
fn full_text_started_early_is_redone_when_a_column_turns_out_text() {
    let fx = fixture();
    // `code` looks numeric for 15,000 rows (the FTS thread starts before
    // then without it), then holds a word: it is full-text in the end.
    let mut csv = String::from("name,code,city\n");
    for i in 0..20_000 {
        let code = if i == 15_000 {
            "zebra".to_string()
        } else {
            i.to_string()
        };
        csv.push_str(&format!("company {i},{code},city{}\n", i % 9));
    }
    let imp = fx.import_ok("late.csv", &csv);
    assert_eq!(ty(&imp.profile, "code"), ColumnType::Text);
    assert!(imp.profile.column("code").unwrap().full_text);
    assert_eq!(fx.search(&imp, "zebra"), ["15001"]);
    fx.fts_integrity(&imp);
    fx.assert_only_dataset(&imp);

    // Where the guess holds, the early index is the one kept.
    let imp = fx.import_ok("early.csv", csv.replace("zebra", "15000"));
    assert_eq!(ty(&imp.profile, "code"), ColumnType::Integer);
    assert_eq!(fx.search(&imp, "city3").len(), 100, "limit of the helper");
    fx.fts_integrity(&imp);
}

#[test]
fn late_error_stops_the_early_full_text_thread_and_leaves_nothing() {
    let fx = fixture();
    let mut csv = String::from("name,n\n");
    for i in 0..30_000 {
        let n = if i == 25_000 {
            "oops".to_string()
        } else {
            i.to_string()
        };
        csv.push_str(&format!("company {i},{n}\n"));
    }
    let src = fx.write("late-error.csv", &csv);
    let mut opts = ImportOptions::new("ds");
    opts.types = vec![("n".into(), ColumnType::Integer)];
    let err = fx.import(&src, &opts).unwrap_err();
    assert!(err.to_string().contains("line 25002"), "{err}");
    fx.assert_nothing_left();

    // A ragged row late in the file: the same.
    let src = fx.write("late-ragged.csv", csv.replace("oops", "1,2"));
    let err = fx.import(&src, &ImportOptions::new("ds")).unwrap_err();
    assert!(
        matches!(err, ImportError::RaggedRow { line: 25002, .. }),
        "{err:?}"
    );
    fx.assert_nothing_left();
}
