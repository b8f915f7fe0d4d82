//! Faults: `kill -9` of the server (and of an operator command) in the
//! middle of writes, then a restart; and a disk that fills up during an
//! import. After each: the catalog passes `PRAGMA integrity_check`, every
//! token the catalog holds works, no dataset is half there, and the audit
//! log agrees with what the catalog holds.

use crate::harness;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use harness::console::*;
use harness::*;
use serde_json::{json, Value};

/// `PRAGMA integrity_check` of the catalog and of every dataset version it
/// names (a read-write open, as the next process would: it recovers the
/// WAL a killed process left).
fn integrity_ok(dir: &Path) {
    let check = |file: &Path| {
        let conn = rusqlite::Connection::open(file).unwrap();
        let r: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(r, "ok", "{}", file.display());
    };
    check(&dir.join("catalog.sqlite"));
    let conn = rusqlite::Connection::open(dir.join("catalog.sqlite")).unwrap();
    let files: Vec<String> = conn
        .prepare("SELECT file_name FROM datasets")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for f in files {
        check(&dir.join("datasets").join(f));
    }
}

/// Every entry of `quarry audit --json`.
fn audit(dir: &Path) -> Vec<Value> {
    quarry(dir, &["audit", "--json"], None)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The token ids the audit log says an account has: created and not
/// deleted.
fn audited_tokens(dir: &Path, email: &str) -> BTreeSet<i64> {
    let mut live = BTreeSet::new();
    for e in audit(dir).iter().filter(|e| e["account"] == email) {
        let id = || -> i64 {
            e["subject"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .nth(1)
                .unwrap()
                .parse()
                .unwrap()
        };
        match e["action"].as_str().unwrap() {
            "token.created" => assert!(live.insert(id()), "created twice: {e}"),
            "token.deleted" => assert!(live.remove(&id()), "deleted, never created: {e}"),
            _ => {}
        }
    }
    live
}

/// Every token of the account, by the operator's list: (id, value).
fn tokens(dir: &Path, email: &str) -> Vec<(i64, String)> {
    quarry(dir, &["token", "list", "--account", email], None)
        .lines()
        .skip(1)
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[0].parse().unwrap(), w[2].to_string())
        })
        .collect()
}

/// Every token the catalog holds answers a query, and the audit log
/// accounts for exactly these tokens.
fn tokens_work_and_agree_with_the_log(s: &Server, email: &str, dataset: &str) {
    let listed = tokens(&s.data_dir, email);
    for (_, key) in &listed {
        let r = s.post(
            key,
            &json!({"query_string": "fintech", "dataset_id": dataset}),
        );
        assert_eq!(r.status(), 200, "a stored token is refused");
        read_events(r);
    }
    let ids: BTreeSet<i64> = listed.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, audited_tokens(&s.data_dir, email));
}

/// SIGKILL to a process: no handler, no drain, no checkpoint.
fn sigkill(pid: u32) {
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) }, 0);
}

#[test]
fn kill_9_during_console_token_creation_loses_no_acknowledged_token() {
    let mut s = Server::start_console("fault-tokens", &[]);
    quarry(
        &s.data_dir,
        &[
            "account",
            "set-limits",
            "--email",
            ALICE,
            "--tokens",
            "10000",
        ],
        None,
    );
    let mut c = Client::new(&s);
    assert_eq!(c.sign_in(ALICE, ALICE_PASSWORD).status, 303);
    let csrf = c.csrf();
    let clients: Vec<Client> = (0..2)
        .map(|_| {
            let mut b = Client::new(&s);
            b.cookies = c.cookies.clone();
            b
        })
        .collect();
    let pid = s.child.id();

    // Two browsers create (and now and then delete) tokens as fast as
    // they can; the server is killed under them.
    let acknowledged = Mutex::new(BTreeSet::new());
    let deleted = Mutex::new(BTreeSet::new());
    // A delete sent when the kill came, with no answer: it may or may not
    // have been committed, so either outcome is right for that token.
    let in_doubt = Mutex::new(BTreeSet::new());
    std::thread::scope(|scope| {
        for (n, mut c) in clients.into_iter().enumerate() {
            let csrf = csrf.clone();
            let (acknowledged, deleted, in_doubt) = (&acknowledged, &deleted, &in_doubt);
            scope.spawn(move || {
                for i in 0.. {
                    let name = format!("t{n}-{i}");
                    let Ok(page) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        c.post("/console/tokens", &[("csrf", &csrf), ("name", &name)])
                    })) else {
                        break; // the server is gone
                    };
                    assert_eq!(page.status, 303, "{}", page.body);
                    let id: i64 = page.location().rsplit('=').next().unwrap().parse().unwrap();
                    acknowledged.lock().unwrap().insert(name.clone());
                    if i % 3 == 2 {
                        let Ok(page) =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                c.post(&format!("/console/tokens/{id}/delete"), &[("csrf", &csrf)])
                            }))
                        else {
                            in_doubt.lock().unwrap().insert(name);
                            break;
                        };
                        assert_eq!(page.status, 303, "{}", page.body);
                        deleted.lock().unwrap().insert(name);
                    }
                }
            });
        }
        // At least 700 ms and 5 tokens (a loaded machine is slow).
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(700)
            || (acknowledged.lock().unwrap().len() < 5
                && started.elapsed() < Duration::from_secs(60))
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        sigkill(pid);
    });
    s.child.wait().unwrap();
    let acknowledged = acknowledged.into_inner().unwrap();
    let deleted = deleted.into_inner().unwrap();
    let in_doubt = in_doubt.into_inner().unwrap();
    assert!(
        acknowledged.len() >= 5,
        "only {} tokens made",
        acknowledged.len()
    );

    integrity_ok(&s.data_dir);
    let s = Server::start_in(s.data_dir.clone(), &[]);
    // By name: an id is reused once the newest token is deleted.
    let listed = quarry(&s.data_dir, &["token", "list", "--account", ALICE], None);
    let names: BTreeSet<&str> = listed
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    for name in acknowledged.iter().filter(|n| !in_doubt.contains(*n)) {
        assert_eq!(
            names.contains(name.as_str()),
            !deleted.contains(name),
            "token {name}: acknowledged, {} deleted",
            if deleted.contains(name) { "and" } else { "not" }
        );
    }
    tokens_work_and_agree_with_the_log(&s, ALICE, "companies");
}

/// `rows` rows of the companies' columns.
fn big_csv(rows: usize) -> String {
    let mut csv = String::from("Company Name,Country,Employees,Founded,Description\n");
    for i in 0..rows {
        csv.push_str(&format!(
            "Company {i},Country {},{},2001-01-{:02},fintech words {i} and more words\n",
            i % 50,
            i % 9000,
            i % 28 + 1
        ));
    }
    csv
}

/// The rows of the account's dataset, by `quarry dataset list`.
fn rows_of(dir: &Path, id: &str) -> u64 {
    quarry(dir, &["dataset", "list"], None)
        .lines()
        .find(|l| l.split_whitespace().next() == Some(id))
        .and_then(|l| l.split_whitespace().nth(2))
        .unwrap()
        .parse()
        .unwrap()
}

/// Every file in `datasets/` is a current version or one retired (and
/// awaiting its grace); no temporary file, no upload left.
fn nothing_partial(dir: &Path) {
    let conn = rusqlite::Connection::open(dir.join("catalog.sqlite")).unwrap();
    let known: BTreeSet<String> = conn
        .prepare("SELECT file_name FROM datasets UNION SELECT file_name FROM retired_dataset_files")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for e in std::fs::read_dir(dir.join("datasets")).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(known.contains(&name), "a file no one names: {name}");
    }
    let uploads = dir.join("uploads");
    if uploads.exists() {
        assert_eq!(
            std::fs::read_dir(&uploads).unwrap().count(),
            0,
            "an upload is left"
        );
    }
}

#[test]
fn kill_9_during_a_dataset_replace_leaves_the_old_version_or_the_new_whole() {
    let big = big_csv(150_000);
    // Killed while the upload is received, while the import writes its
    // temporary files, and (most likely) in neither: after it.
    for round in ["receiving", "importing", "later"] {
        let mut s = Server::start_console(&format!("fault-replace-{round}"), &[]);
        let t = console_template();
        let mut c = Client::new(&s);
        assert_eq!(c.sign_in(ALICE, ALICE_PASSWORD).status, 303);
        let csrf = c.csrf();
        let before = rows_of(&s.data_dir, "companies");
        let started = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                started.store(true, Ordering::SeqCst);
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    c.post_multipart(
                        "/console/datasets",
                        &[("csrf", &csrf), ("id", "companies")],
                        ("companies.csv", big.as_bytes()),
                    )
                }));
            });
            while !started.load(Ordering::SeqCst) {
                std::thread::yield_now();
            }
            match round {
                "receiving" => std::thread::sleep(Duration::from_millis(20)),
                "importing" => {
                    let deadline = Instant::now() + Duration::from_secs(60);
                    while !std::fs::read_dir(s.data_dir.join("datasets"))
                        .unwrap()
                        .any(|e| {
                            e.unwrap()
                                .file_name()
                                .to_string_lossy()
                                .starts_with(".tmp-")
                        })
                    {
                        assert!(Instant::now() < deadline, "the import never started");
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                _ => std::thread::sleep(Duration::from_secs(8)),
            }
            sigkill(s.child.id());
        });
        s.child.wait().unwrap();

        integrity_ok(&s.data_dir);
        let s = Server::start_in(s.data_dir.clone(), &[]);
        // The restart removed what the killed import had begun.
        nothing_partial(&s.data_dir);
        let rows = rows_of(&s.data_dir, "companies");
        let replaced = audit(&s.data_dir)
            .iter()
            .any(|e| e["action"] == "dataset.replaced" && e["account"] == ALICE);
        match rows {
            r if r == before => assert!(!replaced, "round {round}: logged, not done"),
            150_000 => assert!(replaced, "round {round}: done, not logged"),
            r => panic!("round {round}: a partial dataset of {r} rows"),
        }
        eprintln!("round {round}: {rows} rows");
        if round == "importing" {
            assert_eq!(rows, before, "the import was done before the kill");
        }
        // It answers from whichever version it has, whole.
        let r = s.query(&t.bob_token, "bobs-companies", "fintech");
        assert_eq!(r.status(), 200);
        read_events(r);
        let key = quarry(&s.data_dir, &["token", "create", "--account", ALICE], None);
        let r = s.post(
            key.trim(),
            &json!({"query_string": "fintech", "dataset_id": "companies", "limit": 100}),
        );
        assert_eq!(r.status(), 200);
        read_events(r);
        tokens_work_and_agree_with_the_log(&s, ALICE, "companies");
    }
}

#[test]
fn kill_9_during_secret_rotation_keeps_every_token_and_counts_every_rotation() {
    let mut s = Server::start("fault-rotate", &["--rate-per-minute", "1000000"]);
    // More tokens, so that a rotation takes a moment.
    for _ in 0..40 {
        quarry(&s.data_dir, &["token", "create", "--account", BOB], None);
    }
    for round in 0..3 {
        // Rotations back to back, in processes of their own; at the stop,
        // the one running is killed with SIGKILL wherever it is.
        let stop = AtomicBool::new(false);
        let data_dir = s.data_dir.clone();
        let finished = std::sync::atomic::AtomicUsize::new(0);
        let done = std::thread::scope(|scope| {
            let rotations = scope.spawn(|| {
                let mut done = 0;
                loop {
                    let mut child = KillOnDrop(
                        Command::new(BIN)
                            .arg("--data-dir")
                            .arg(&data_dir)
                            .arg("rotate-secret")
                            .env_remove("QUARRY_SECRET_KEY")
                            .stdout(Stdio::null())
                            .stderr(Stdio::null())
                            .spawn()
                            .unwrap(),
                    );
                    loop {
                        if stop.load(Ordering::SeqCst) {
                            let _ = child.kill();
                            return done;
                        }
                        if let Some(status) = child.try_wait().unwrap() {
                            assert!(status.success());
                            done += 1;
                            finished.fetch_add(1, Ordering::SeqCst);
                            break;
                        }
                        std::thread::sleep(Duration::from_micros(200));
                    }
                }
            });
            let t = template();
            // At least this long, and until a rotation has finished.
            let started = Instant::now();
            let least = Duration::from_millis(400 + 150 * round);
            while started.elapsed() < least
                || (finished.load(Ordering::SeqCst) == 0
                    && started.elapsed() < Duration::from_secs(60))
            {
                for (key, ds) in [(&t.alice, "companies"), (&t.bob, "bobs-companies")] {
                    let r = s.post(key, &json!({"query_string": "fintech", "dataset_id": ds}));
                    assert_eq!(r.status(), 200);
                    read_events(r);
                }
            }
            stop.store(true, Ordering::SeqCst);
            sigkill(s.child.id());
            rotations.join().unwrap()
        });
        s.child.wait().unwrap();
        assert!(done >= 1, "round {round}: no rotation finished");

        integrity_ok(&s.data_dir);
        s = Server::start_in(s.data_dir.clone(), &["--rate-per-minute", "1000000"]);
        let conn = rusqlite::Connection::open(s.data_dir.join("catalog.sqlite")).unwrap();
        let generation: i64 = conn
            .query_row("SELECT generation FROM secret_state", [], |r| r.get(0))
            .unwrap();
        let rotated = audit(&s.data_dir)
            .iter()
            .filter(|e| e["action"] == "secret.rotated")
            .count() as i64;
        assert_eq!(rotated, generation - 1, "round {round}");
        for email in [ALICE, BOB] {
            let ds = if email == ALICE {
                "companies"
            } else {
                "bobs-companies"
            };
            tokens_work_and_agree_with_the_log(&s, email, ds);
        }
    }
    // And rotating works on.
    quarry(&s.data_dir, &["rotate-secret"], None);
    let r = s.post(
        &template().bob,
        &json!({"query_string": "x", "dataset_id": "bobs-companies"}),
    );
    assert_eq!(r.status(), 200);
}

/// A full disk, as far as a test without root can make one: the import
/// runs with a file size limit (`RLIMIT_FSIZE`, what `ulimit -f` sets) and
/// SIGXFSZ ignored, so a write past the limit fails with EFBIG, as a write
/// on a full disk fails with ENOSPC; SQLite reports both as a failed write.
/// (A small tmpfs or a loop device would need root, which tests here do not
/// have.) The limit is above what the catalog needs and far below what the
/// dataset needs.
#[test]
fn a_full_disk_during_import_is_a_clear_error_and_leaves_nothing() {
    let dir = unique_dir("fault-disk-full");
    let data = dir.join("data");
    copy_dir(&template().dir, &data);
    let csv = dir.join("big.csv");
    std::fs::write(&csv, big_csv(150_000)).unwrap();
    let before = rows_of(&data, "companies");
    let files_before = files_under(&data.join("datasets"));
    let audit_before = audit(&data).len();

    for replace in [false, true] {
        let id = if replace { "companies" } else { "big" };
        let mut cmd = Command::new(BIN);
        cmd.arg("--data-dir")
            .arg(&data)
            .args(["dataset", "import", csv.to_str().unwrap(), "--id", id])
            .args(["--account", ALICE, "--quiet"])
            .args(if replace { &["--replace"][..] } else { &[][..] })
            .env_remove("QUARRY_SECRET_KEY")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let limit: libc::rlim_t = 2 << 20;
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0
                    || libc::signal(libc::SIGXFSZ, libc::SIG_IGN) == libc::SIG_ERR
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "the import succeeded past the limit");
        assert!(
            err.contains(
                "could not write it: the disk is full, or a quota or file size limit was reached"
            ),
            "{err}"
        );
        assert!(err.contains("nothing was imported"), "{err}");
        // Nothing left: the same files, the same datasets, no audit entry.
        assert_eq!(
            files_under(&data.join("datasets")),
            files_before,
            "replace: {replace}"
        );
        assert_eq!(rows_of(&data, "companies"), before);
        assert!(!quarry(&data, &["dataset", "list"], None).contains("big "));
        assert_eq!(audit(&data).len(), audit_before);
    }
    integrity_ok(&data);

    // With room, the same file imports.
    quarry(
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "big",
            "--account",
            ALICE,
            "--quiet",
        ],
        None,
    );
    assert_eq!(rows_of(&data, "big"), 150_000);
}
