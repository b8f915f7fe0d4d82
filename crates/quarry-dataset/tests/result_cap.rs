//! The result cap counts the bytes that are sent (after JSON escaping), on
//! real SQLite files (issue 16: a cell of control characters grew six-fold
//! past the cap once escaped).

use std::path::PathBuf;
use std::time::Duration;

use quarry_dataset::{
    import_csv, json_string_len, CancelFlag, DatasetReader, EngineError, ImportOptions, Imported,
    Rows, MAX_RESULT_BYTES,
};
use quarry_planner::{QueryPlan, Tier};

struct Fixture {
    _dir: tempfile::TempDir,
    dest: PathBuf,
    imported: Imported,
}

fn import(content: &[u8]) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("data.csv");
    let dest = dir.path().join("datasets");
    std::fs::create_dir_all(&dest).unwrap();
    std::fs::write(&src, content).unwrap();
    let imported = import_csv(&src, &ImportOptions::new("cap"), &dest).unwrap();
    Fixture {
        _dir: dir,
        dest,
        imported,
    }
}

impl Fixture {
    /// Every record in id order, at most `limit`, under a cap of `cap`
    /// bytes.
    fn all(&self, limit: usize, cap: usize) -> Result<Rows, EngineError> {
        let p = &self.imported.profile;
        let sql = quarry_sql::render_select(
            &quarry_sql::Sqlite,
            p,
            &QueryPlan::empty(Tier::Default),
            limit as u32,
        );
        DatasetReader::open(&self.dest.join(&self.imported.file_name))
            .unwrap()
            .query_rows_capped(
                &sql,
                p,
                limit,
                &CancelFlag::new(),
                Duration::from_secs(30),
                cap,
            )
    }
}

fn sent_len(rows: &Rows) -> usize {
    serde_json::to_string(&rows.items).unwrap().len()
}

#[test]
fn json_lengths_match_serde() {
    for s in [
        "",
        "plain",
        "quote \" and \\ backslash",
        "\u{1}\u{2}\u{1f}\n\r\t\u{8}\u{c}\u{7f}",
        "ünïcødé → 東京",
    ] {
        assert_eq!(
            json_string_len(s),
            serde_json::to_string(s).unwrap().len(),
            "{s:?}"
        );
    }
}

#[test]
fn the_cap_counts_escaped_bytes_exactly() {
    // Four records of control characters, quotes and backslashes: each
    // grows about five-fold when escaped.
    let mut csv = b"name,note\n".to_vec();
    for i in 0..4 {
        csv.extend_from_slice(format!("r{i},\"").as_bytes());
        for _ in 0..200 {
            csv.extend_from_slice(b"\x01\x02\"\"\\\x1f");
        }
        csv.extend_from_slice(b"\"\n");
    }
    let fx = import(&csv);
    let everything = fx.all(10, usize::MAX).unwrap();
    assert_eq!(everything.items.len(), 4);
    let total = sent_len(&everything);
    // 1,000 raw bytes a record, 4,400 once escaped.
    assert!(total > 4 * 4 * 1000, "escaping grows the text: {total}");
    // A cap of exactly the bytes of the first k records admits k of them;
    // one byte less admits k - 1.
    for k in 1..=4 {
        let first_k = Rows {
            items: everything.items[..k].to_vec(),
            figure: None,
        };
        let exact = sent_len(&first_k);
        let rows = fx.all(10, exact).unwrap();
        assert_eq!(rows.items.len(), k, "cap {exact}");
        assert_eq!(sent_len(&rows), exact);
        if k > 1 {
            assert_eq!(fx.all(10, exact - 1).unwrap().items.len(), k - 1);
        } else {
            assert!(matches!(
                fx.all(10, exact - 1),
                Err(EngineError::TooLarge(_))
            ));
        }
    }
}

/// Issue 16's repro, scaled down: one cell of `\x01` under the real cap in
/// raw bytes, six times over it once escaped. Before, the first record was
/// always admitted (a 188 MB `results` event from a 30 MiB cell); now the
/// query fails with `TooLarge` and nothing of the cell is copied.
#[test]
fn a_record_over_the_cap_once_escaped_is_refused() {
    let raw = MAX_RESULT_BYTES / 4; // 2 MiB raw, 12 MiB escaped
    let mut csv = b"name,blob\nbig,".to_vec();
    csv.extend(std::iter::repeat_n(1u8, raw));
    csv.extend_from_slice(b"\nsmall,x\n");
    let fx = import(&csv);
    match fx.all(1, MAX_RESULT_BYTES) {
        Err(EngineError::TooLarge(cap)) => assert_eq!(cap, MAX_RESULT_BYTES),
        other => panic!("expected TooLarge, got {:?}", other.map(|r| sent_len(&r))),
    }
    // A record under the cap is still answered.
    let mut csv = b"name,blob\nbig,".to_vec();
    csv.extend(std::iter::repeat_n(1u8, MAX_RESULT_BYTES / 7));
    csv.extend_from_slice(b"\nsmall,x\n");
    let fx = import(&csv);
    let rows = fx.all(10, MAX_RESULT_BYTES).unwrap();
    assert_eq!(rows.items.len(), 2);
    assert!(sent_len(&rows) <= MAX_RESULT_BYTES);
}
