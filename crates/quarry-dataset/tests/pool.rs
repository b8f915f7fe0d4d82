//! The pool of readers never serves a dataset file that was removed from
//! under it: the next query on it fails (and the file's idle connections are
//! closed, so its disk space is given back), instead of answering from a
//! connection opened before.

use std::time::Duration;

use quarry_dataset::{import_csv, pool, CancelFlag, DatasetReader, ImportOptions};
use quarry_planner::{QueryPlan, Tier};

#[test]
fn a_removed_file_is_not_served_from_pooled_connections() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("data.csv");
    std::fs::write(&src, "name,n\nalpha,1\nbeta,2\n").unwrap();
    let dest = dir.path().join("datasets");
    std::fs::create_dir_all(&dest).unwrap();
    let imported = import_csv(&src, &ImportOptions::new("pooled"), &dest).unwrap();
    let file = dest.join(&imported.file_name);
    let sql = quarry_sql::render_select(
        &quarry_sql::Sqlite,
        &imported.profile,
        &QueryPlan::empty(Tier::Default),
        10,
    );
    let run = |r: &DatasetReader| {
        r.query_rows(
            &sql,
            &imported.profile,
            10,
            &CancelFlag::new(),
            Duration::from_secs(10),
        )
    };
    // Twice: the second answer comes from the pooled connection.
    for _ in 0..2 {
        let rows = pool::with_reader(&file, run).unwrap().unwrap();
        assert_eq!(rows.items.len(), 2);
    }
    std::fs::remove_file(&file).unwrap();
    let after = pool::with_reader(&file, run);
    assert!(
        after.is_err(),
        "a removed file was answered from a pooled connection"
    );
}
