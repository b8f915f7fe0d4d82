//! `quarry backup` while the server serves and writes, and `quarry
//! restore`: the restored directory serves the same answers with the same
//! tokens, and a corrupt, incomplete or mismatched backup is refused before
//! anything is written.

use crate::harness;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use harness::*;
use serde_json::{json, Value};

fn integrity_ok(file: &Path) {
    let conn = rusqlite::Connection::open(file).unwrap();
    let r: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(r, "ok", "{}", file.display());
}

fn items(s: &Server, key: &str, dataset: &str) -> Vec<Value> {
    let r = s.post(
        key,
        &json!({"query_string": "fintech", "dataset_id": dataset, "limit": 10}),
    );
    assert_eq!(r.status(), 200, "{dataset}");
    let events = read_events(r);
    events[2]["data"]["items"].as_array().unwrap().clone()
}

fn audit_ids(dir: &Path) -> Vec<(i64, String)> {
    quarry(dir, &["audit", "--json"], None)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["id"].as_i64().unwrap(),
                v["action"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[test]
fn a_backup_taken_while_serving_restores_a_working_data_directory() {
    let s = Server::start("backup-live", &["--rate-per-minute", "1000000"]);
    let t = template();
    let work = unique_dir("backup-live-work");
    let csv = work.join("c.csv");
    std::fs::write(&csv, COMPANIES_PUBLIC_CSV).unwrap();
    let backup = work.join("backup");

    // While the backup runs: queries, tokens created, a dataset replaced
    // over and over.
    let stop = AtomicBool::new(false);
    let (failures, made) = std::thread::scope(|scope| {
        let queries = scope.spawn(|| {
            let mut failures = 0;
            while !stop.load(Ordering::SeqCst) {
                let r = s.post(
                    &t.alice,
                    &json!({"query_string": "fintech", "dataset_id": "companies"}),
                );
                if r.status() == 200 {
                    read_events(r);
                } else {
                    failures += 1;
                }
            }
            failures
        });
        let writes = scope.spawn(|| {
            let mut made = 0;
            while !stop.load(Ordering::SeqCst) {
                quarry(&s.data_dir, &["token", "create", "--account", BOB], None);
                quarry(
                    &s.data_dir,
                    &[
                        "dataset",
                        "import",
                        csv.to_str().unwrap(),
                        "--id",
                        "companies",
                        "--account",
                        ALICE,
                        "--replace",
                        "--quiet",
                    ],
                    None,
                );
                made += 1;
            }
            made
        });
        std::thread::sleep(Duration::from_millis(300));
        let out = quarry(&s.data_dir, &["backup", backup.to_str().unwrap()], None);
        assert!(
            out.contains("Backed up the catalog and 2 dataset version(s)"),
            "{out}"
        );
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::SeqCst);
        (queries.join().unwrap(), writes.join().unwrap())
    });
    assert_eq!(failures, 0);
    assert!(made >= 1, "no writes during the backup");

    // What the backup holds.
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(backup.join("quarry-backup.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["format"], 1);
    assert_eq!(manifest["key"]["files"], json!(["secret.key"]));
    assert_eq!(manifest["sha256"].as_object().unwrap().len(), 4);
    let datasets = manifest["datasets"].as_array().unwrap();
    assert_eq!(datasets.len(), 2);
    for d in datasets {
        integrity_ok(&backup.join(d["file"].as_str().unwrap()));
    }
    integrity_ok(&backup.join("catalog.sqlite"));
    for f in files_under(&backup) {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&f.0).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "{} is readable by others", f.0.display());
        let name = f.0.to_string_lossy().into_owned();
        assert!(
            !name.ends_with("-wal") && !name.ends_with(".partial"),
            "{name}"
        );
    }

    // Restored into a new data directory, it serves.
    let restored = work.join("restored");
    let out = quarry(&restored, &["restore", backup.to_str().unwrap()], None);
    assert!(
        out.contains("Restored the catalog and 2 dataset version(s)"),
        "{out}"
    );
    integrity_ok(&restored.join("catalog.sqlite"));
    // Its audit log is the live one's up to that moment (read before the
    // restored directory serves, and records first uses of its own).
    let (then, now) = (audit_ids(&restored), audit_ids(&s.data_dir));
    assert!(then.len() >= 6, "{then:?}");
    assert_eq!(then[..], now[..then.len()]);
    let r = Server::start_in(restored.clone(), &[]);
    assert_eq!(
        items(&r, &t.alice, "companies"),
        items(&s, &t.alice, "companies")
    );
    assert_eq!(
        items(&r, &t.bob, "bobs-companies"),
        items(&s, &t.bob, "bobs-companies")
    );
    // Its tokens are the live directory's of that moment: the template's,
    // and some of those created meanwhile, each of which works.
    let then = r.tokens_of(BOB);
    let now = s.tokens_of(BOB);
    assert!(
        !then.is_empty() && then.iter().all(|t| now.contains(t)),
        "{then:?} {now:?}"
    );
    let listed = quarry(&restored, &["token", "list", "--account", BOB], None);
    for key in listed
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().nth(2))
    {
        let resp = r.post(
            key,
            &json!({"query_string": "fintech", "dataset_id": "bobs-companies"}),
        );
        assert_eq!(resp.status(), 200);
        read_events(resp);
    }

    // A backup never goes into a directory that has something in it.
    let (ok, _, err) = quarry_raw(
        &s.data_dir,
        &["backup", backup.to_str().unwrap()],
        None,
        &[],
    );
    assert!(!ok && err.contains("not empty"), "{err}");
}

/// A fresh backup of a copy of the template, in `work`.
fn fresh_backup(work: &Path, name: &str) -> std::path::PathBuf {
    let data = work.join(format!("{name}-data"));
    copy_dir(&template().dir, &data);
    let backup = work.join(name);
    quarry(&data, &["backup", backup.to_str().unwrap()], None);
    backup
}

fn refused(work: &Path, backup: &Path, expect: &str) {
    let target = work.join("target");
    let (ok, _, err) = quarry_raw(&target, &["restore", backup.to_str().unwrap()], None, &[]);
    assert!(!ok, "restored from {}", backup.display());
    assert!(err.contains(expect), "expected {expect:?} in: {err}");
    assert!(
        !target.exists(),
        "the refused restore left {}",
        target.display()
    );
}

#[test]
fn restore_refuses_a_corrupt_incomplete_or_mismatched_backup_and_a_used_data_dir() {
    let work = unique_dir("restore-refusals");

    // A dataset file with a page overwritten.
    let b = fresh_backup(&work, "corrupt-dataset");
    let file = std::fs::read_dir(b.join("datasets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("companies-")
        })
        .unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = (bytes.len() / 2) & !4095;
    bytes[mid..mid + 4096].fill(0x5a);
    std::fs::write(&file, &bytes).unwrap();
    refused(&work, &b, "the backup is corrupt: dataset companies");

    // A truncated catalog.
    let b = fresh_backup(&work, "corrupt-catalog");
    let cat = b.join("catalog.sqlite");
    let len = std::fs::metadata(&cat).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(&cat).unwrap();
    f.set_len(len / 2).unwrap();
    drop(f);
    refused(&work, &b, "the backup is corrupt: the catalog");

    // A dataset file missing.
    let b = fresh_backup(&work, "incomplete");
    std::fs::remove_file(file_named(&b, "bobs-companies-")).unwrap();
    refused(
        &work,
        &b,
        "the backup is incomplete: dataset bobs-companies",
    );

    // A changed byte that SQLite's check does not look at (the header's
    // application id): a sound SQLite file, but not the one backed up.
    let b = fresh_backup(&work, "changed-byte");
    let file = file_named(&b, "bobs-companies-");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[71] ^= 0x01;
    std::fs::write(&file, &bytes).unwrap();
    integrity_ok(&file);
    refused(&work, &b, "does not match its checksum in the manifest");

    // Another key (with a manifest that agrees, as if made for it).
    let b = fresh_backup(&work, "other-key");
    let other = format!("{}\n", "ab".repeat(32));
    std::fs::write(b.join("secret.key"), &other).unwrap();
    let mut manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(b.join("quarry-backup.json")).unwrap())
            .unwrap();
    manifest["sha256"]["secret.key"] = json!(sha256_hex(other.as_bytes()));
    std::fs::write(b.join("quarry-backup.json"), manifest.to_string()).unwrap();
    refused(&work, &b, "the backup's key file does not open its catalog");

    // Not a backup at all.
    let empty = work.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    refused(&work, &empty, "not a quarry backup");

    // A good backup into a data directory in use is refused; into an empty
    // one it works.
    let b = fresh_backup(&work, "good");
    let used = work.join("good-data");
    let (ok, _, err) = quarry_raw(&used, &["restore", b.to_str().unwrap()], None, &[]);
    assert!(!ok && err.contains("not empty"), "{err}");
    let target = work.join("target");
    std::fs::create_dir_all(&target).unwrap();
    quarry(&target, &["restore", b.to_str().unwrap()], None);
    let listed = quarry(&target, &["dataset", "list"], None);
    assert!(
        listed.contains("companies") && listed.contains("bobs-companies"),
        "{listed}"
    );
}

fn file_named(backup: &Path, prefix: &str) -> std::path::PathBuf {
    std::fs::read_dir(backup.join("datasets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .unwrap()
}

#[test]
fn backups_taken_during_key_rotations_hold_the_key_of_their_catalog() {
    let work = unique_dir("backup-rotations");
    let data = work.join("data");
    copy_dir(&template().dir, &data);
    let stop = AtomicBool::new(false);
    let backups: Vec<std::path::PathBuf> = std::thread::scope(|scope| {
        let rotations = scope.spawn(|| {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                quarry(&data, &["rotate-secret"], None);
                n += 1;
            }
            n
        });
        let backups = (0..6)
            .map(|i| {
                let b = work.join(format!("backup-{i}"));
                quarry(&data, &["backup", b.to_str().unwrap()], None);
                std::thread::sleep(Duration::from_millis(30));
                b
            })
            .collect();
        stop.store(true, Ordering::SeqCst);
        assert!(rotations.join().unwrap() >= 1);
        backups
    });
    // Each restores, and its tokens decrypt under the key it holds.
    let want = quarry(&data, &["token", "list", "--account", ALICE], None);
    let values = |listing: &str| -> Vec<String> {
        listing
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().nth(2).unwrap().to_string())
            .collect()
    };
    for (i, b) in backups.iter().enumerate() {
        let restored = work.join(format!("restored-{i}"));
        quarry(&restored, &["restore", b.to_str().unwrap()], None);
        let got = quarry(&restored, &["token", "list", "--account", ALICE], None);
        assert_eq!(values(&got), values(&want), "backup {i}");
    }
}
