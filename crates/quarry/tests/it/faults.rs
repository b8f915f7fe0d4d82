//! `kill -9` in the middle of writes, then a restart: the catalog passes
//! `PRAGMA integrity_check`, every token that was committed works, and no
//! partial dataset is registered or left on disk. Three writers: the
//! server creating tokens for the console, `quarry dataset import
//! --replace`, and `quarry rotate-secret` under a running server.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::harness::{self, quarry, read_events, template, Server, ALICE, ALICE_PASSWORD, BIN};

use serde_json::json;

fn sigkill(pid: u32) {
    // SAFETY: a plain kill(2) of a process this test started.
    unsafe {
        libc::kill(pid as i32, libc::SIGKILL);
    }
}

/// `PRAGMA integrity_check` of the catalog.
fn catalog_integrity(data_dir: &Path) -> String {
    let conn = rusqlite::Connection::open(data_dir.join("catalog.sqlite")).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0))
        .unwrap()
}

/// The token values the console lists for the signed-in account.
fn console_tokens(c: &mut harness::console::Client) -> Vec<String> {
    let page = c.get("/console/tokens");
    assert_eq!(page.status, 200);
    page.body
        .match_indices("value=\"qk_")
        .map(|(i, _)| page.body[i + 7..i + 7 + 46].to_string())
        .collect()
}

fn works(s: &Server, token: &str) -> bool {
    let resp = s.post(
        token,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    resp.status() == 200 && read_events(resp).last().unwrap()["data"]["complete"] == true
}

#[test]
fn kill_9_while_the_console_creates_tokens() {
    let s = Server::start("kill-tokens", &[]);
    let data_dir = s.data_dir.clone();
    let pid = s.child.id();
    let mut c = harness::console::Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();
    let before = console_tokens(&mut c).len();

    // Tokens created one after another until the server dies under them.
    let committed = Arc::new(Mutex::new(Vec::<String>::new()));
    let creator = {
        let committed = committed.clone();
        std::thread::spawn(move || {
            for i in 0..45 {
                let name = format!("k{i}");
                let page = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    c.post("/console/tokens", &[("csrf", &csrf), ("name", &name)])
                }));
                match page {
                    Ok(p) if p.status == 303 => committed.lock().unwrap().push(name),
                    _ => break,
                }
            }
        })
    };
    // Killed in the middle of the run of creations: once ten are done,
    // while the next ones are on their way.
    let deadline = Instant::now() + Duration::from_secs(30);
    while committed.lock().unwrap().len() < 10 {
        assert!(Instant::now() < deadline, "no token created");
        std::thread::sleep(Duration::from_millis(1));
    }
    sigkill(pid);
    let _ = creator.join();
    drop(s);
    let committed = committed.lock().unwrap().clone();
    println!("{} tokens committed before the kill", committed.len());
    assert!(committed.len() < 45, "the kill came after every creation");

    assert_eq!(catalog_integrity(&data_dir), "ok");
    let s = Server::start_in(data_dir.clone(), &[]);
    let mut c = harness::console::Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let names: Vec<String> = s.tokens_of(ALICE).into_iter().map(|(_, n)| n).collect();
    for name in &committed {
        assert!(names.contains(name), "{name} lost: {names:?}");
    }
    let values = console_tokens(&mut c);
    assert!(values.len() >= before + committed.len(), "{values:?}");
    for v in &values {
        assert!(works(&s, v), "a stored token does not work");
    }
    // The CLI lists the same tokens.
    let listed = s.tokens_of(ALICE);
    assert_eq!(listed.len(), values.len(), "{listed:?}");
}

#[test]
fn kill_9_during_a_replacing_import_keeps_the_old_version() {
    let t = template();
    let s = Server::start("kill-replace", &[]);
    let data_dir = s.data_dir.clone();
    let csv = data_dir.with_extension("slow.csv");
    std::fs::write(&csv, crate::overload::slow_csv()).unwrap();
    let versions_before = versions(&data_dir);

    // The replacing import, killed part-way through.
    let mut child = Command::new(BIN)
        .arg("--data-dir")
        .arg(&data_dir)
        .args(["dataset", "import"])
        .arg(&csv)
        .args([
            "--id",
            "companies",
            "--account",
            ALICE,
            "--replace",
            "--quiet",
        ])
        .env_remove("QUARRY_SECRET_KEY")
        .env_remove("QUARRY_DATA_DIR")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let temp_seen = {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let temp = temp_files(&data_dir);
            if !temp.is_empty() || Instant::now() > deadline {
                break !temp.is_empty();
            }
            assert!(
                child.try_wait().unwrap().is_none(),
                "the import ended first"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    assert!(temp_seen, "the import never started writing");
    std::thread::sleep(Duration::from_millis(500));
    sigkill(child.id());
    child.wait().unwrap();

    // The running server still answers from the old version.
    let events = read_events(s.post(
        &t.alice,
        &json!({"query_string": "fintech companies in Germany", "dataset_id": "companies"}),
    ));
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert!(!items.is_empty() && items.len() <= 6, "{items:?}");
    assert!(items[0]["item"]["001_company_name"].is_string());
    drop(s);

    assert_eq!(catalog_integrity(&data_dir), "ok");
    // A restart removes what the import left and keeps the old version.
    let s = Server::start_in(data_dir.clone(), &[]);
    assert!(
        temp_files(&data_dir).is_empty(),
        "{:?}",
        temp_files(&data_dir)
    );
    assert_eq!(versions(&data_dir), versions_before);
    let shown = quarry(
        &data_dir,
        &["dataset", "show", "companies", "--account", ALICE],
        None,
    );
    assert!(shown.contains("company_name"), "{shown}");
    assert!(works(&s, &t.alice));
}

/// The dataset files in place (not an import's temporary ones).
fn versions(data_dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(data_dir.join("datasets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            !name.starts_with(".tmp-") && name.ends_with(".sqlite")
        })
        .collect();
    v.sort();
    v
}

fn temp_files(data_dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data_dir.join("datasets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".tmp-")
        })
        .collect()
}

#[test]
fn kill_9_during_rotate_secret_loses_no_token() {
    let s = Server::start("kill-rotate", &[]);
    let data_dir = s.data_dir.clone();
    // More tokens, so that a rotation takes a while to write.
    for i in 0..30 {
        quarry(
            &data_dir,
            &[
                "token",
                "create",
                "--account",
                ALICE,
                "--name",
                &format!("r{i}"),
            ],
            None,
        );
    }
    let mut c = harness::console::Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let tokens = console_tokens(&mut c);
    assert!(tokens.len() >= 32);

    // Rotations killed at different points (and some that finish).
    let mut finished = 0;
    for delay_ms in [0u64, 2, 5, 10, 20, 40, 80] {
        let mut child = Command::new(BIN)
            .arg("--data-dir")
            .arg(&data_dir)
            .arg("rotate-secret")
            .env_remove("QUARRY_SECRET_KEY")
            .env_remove("QUARRY_DATA_DIR")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        sigkill(child.id());
        let status = child.wait().unwrap();
        finished += usize::from(status.success());
        assert_eq!(catalog_integrity(&data_dir), "ok", "after {delay_ms} ms");
        // The running server follows whatever key is in force.
        for v in &tokens {
            assert!(
                works(&s, v),
                "a token stopped working after a kill at {delay_ms} ms"
            );
        }
    }
    println!("{finished} of 7 rotations finished before their kill");
    drop(s);
    // And after a restart.
    let s = Server::start_in(data_dir, &[]);
    for v in &tokens {
        assert!(works(&s, v), "a token stopped working after the restart");
    }
}
