//! Issue 6's evidence against the real `quarry serve` on 127.0.0.1:
//! hostile phrases cannot change what runs or what is stored; a copy of the
//! data directory without its key file holds no token; logs hold no token,
//! password or path; `quarry rotate-secret` runs under a live server without
//! a single refused request, and the old key no longer decrypts anything.

use crate::harness;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use harness::*;
use serde_json::{json, Value};

/// The hostile corpus: the file's lines, then variants made by code.
fn corpus() -> Vec<(String, &'static str)> {
    let text = include_str!("data/hostile-queries.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("## "))
        .collect();
    assert!(lines.len() >= 300, "corpus has {} lines", lines.len());
    let mut out: Vec<(String, &'static str)> =
        lines.iter().map(|l| (l.to_string(), "file")).collect();
    let fullwidth = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c),
                _ => c,
            })
            .collect()
    };
    let to_2000 = |s: &str| -> String {
        let unit = format!("{} ", s.trim());
        let mut t: String = unit.chars().cycle().take(2000).collect();
        // Trimming must leave exactly 2,000 characters.
        while t.ends_with(char::is_whitespace) || t.starts_with(char::is_whitespace) {
            t = t.trim().to_string();
            t.push('x');
        }
        t
    };
    for (i, l) in lines.iter().enumerate() {
        let v = match i % 5 {
            0 => (format!("\u{202E}{l}\u{202C}"), "rtl"),
            1 => (fullwidth(l), "fullwidth"),
            2 => (to_2000(l), "2000 chars"),
            3 => (format!("{l}\t{l}\n{l}"), "whitespace"),
            _ => (format!("{l} {l} {l}"), "repeated"),
        };
        out.push(v);
    }
    // Refused by the field rules (400), never by anything worse.
    for l in lines.iter().take(20) {
        out.push((format!("{l}\u{0}"), "nul"));
        out.push((format!("\u{7}{l}\u{1b}[2J"), "control"));
    }
    out.push(("x".repeat(2001), "2001 chars"));
    out.push(("é".repeat(2000), "2000 chars"));
    out
}

fn dataset_state(s: &Server) -> (Vec<(String, String)>, String) {
    let files = files_under(&s.data_dir.join("datasets"))
        .into_iter()
        .map(|(p, b)| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                sha256_hex(&b),
            )
        })
        .collect();
    let catalog = quarry_catalog::Catalog::open(&s.data_dir).unwrap();
    let rows = format!("{:?}", catalog.list_datasets(None).unwrap());
    (files, sha256_hex(rows.as_bytes()))
}

#[test]
fn hostile_corpus_through_the_live_api_runs_one_select_and_changes_nothing() {
    let s = Server::start("hostile", &[]);
    // The corpus is a burst from one key: lift its rate for this test.
    quarry(
        &s.data_dir,
        &[
            "account",
            "set-limits",
            "--email",
            ALICE,
            "--per-minute",
            "1000000",
        ],
        None,
    );
    let (table, fts) = dataset_tables(&s.data_dir, "companies");
    let before = dataset_state(&s);
    let corpus = corpus();
    assert!(corpus.len() >= 700, "{}", corpus.len());
    let token = template().alice.clone();

    let next = AtomicUsize::new(0);
    let (mut streams, mut refusals) = (0usize, 0usize);
    let results: Vec<(usize, usize)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let (mut ok, mut refused) = (0, 0);
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some((phrase, kind)) = corpus.get(i) else {
                            break;
                        };
                        let json_mode = i.is_multiple_of(10);
                        let body = json!({
                            "query_string": phrase,
                            "dataset_id": "companies",
                            "limit": 1 + (i % 100),
                            "use_smaller_model": i % 2 == 1,
                        });
                        let resp = s
                            .http
                            .post(format!("{}/v1/query", s.base))
                            .header("apikey", &token)
                            .header("content-type", "application/json")
                            .header(
                                "accept",
                                if json_mode {
                                    "application/json"
                                } else {
                                    "text/event-stream"
                                },
                            )
                            .body(body.to_string())
                            .send()
                            .unwrap();
                        let status = resp.status().as_u16();
                        let ctx = format!("#{i} ({kind}) {phrase:?}");
                        match status {
                            200 => {
                                let events: Vec<Value> = if json_mode {
                                    serde_json::from_str(&resp.text().unwrap()).unwrap()
                                } else {
                                    read_events(resp)
                                };
                                check_stream(&events, 1 + (i % 100), &table, fts.as_deref(), &ctx);
                                ok += 1;
                            }
                            400 => {
                                let (_, code, message) = error_of(resp);
                                assert_eq!(code, "INVALID_PARAMETER", "{ctx}: {message}");
                                assert!(message.contains("query_string"), "{ctx}: {message}");
                                assert!(
                                    matches!(*kind, "nul" | "control" | "2001 chars"),
                                    "{ctx} refused: {message}"
                                );
                                refused += 1;
                            }
                            other => panic!("{ctx}: status {other}: {}", resp.text().unwrap()),
                        }
                    }
                    (ok, refused)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (ok, refused) in results {
        streams += ok;
        refusals += refused;
    }
    assert_eq!(streams + refusals, corpus.len());
    assert_eq!(
        refusals, 41,
        "the NUL, control and 2,001-character variants"
    );
    eprintln!(
        "hostile corpus: {} phrases ({} from the file), {streams} streams, {refusals} refused with 400",
        corpus.len(),
        corpus.iter().filter(|(_, k)| *k == "file").count()
    );

    // The dataset still answers, and neither its files nor the catalog's
    // datasets table changed.
    let r = s.post(
        &token,
        &json!({"query_string": "fintech companies in Germany", "dataset_id": "companies"}),
    );
    assert_eq!(r.status(), 200);
    let events = read_events(r);
    assert!(!events[2]["data"]["items"].as_array().unwrap().is_empty());
    assert_eq!(
        dataset_state(&s),
        before,
        "dataset files or registry changed"
    );
}

fn check_stream(events: &[Value], limit: usize, table: &str, fts: Option<&str>, ctx: &str) {
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        ["thoughts", "sql", "results", "close"],
        "{ctx}: {events:?}"
    );
    assert_eq!(events[3]["data"], json!({"complete": true}), "{ctx}");
    let sql = events[1]["data"]["sql"].as_str().unwrap();
    if let Err(e) = quarry_sql::check_select(&quarry_sql::Sqlite, sql, table, fts) {
        panic!("{ctx}: the SQL is not one SELECT on the dataset: {e}\n{sql}");
    }
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert!(items.len() <= limit, "{ctx}");
    for e in events {
        assert!(e["created"].is_i64(), "{ctx}");
    }
}

/// Tokens must not appear anywhere in the data directory but encrypted, nor
/// in the server's log; neither may passwords or the data directory's path.
#[test]
fn a_copy_of_the_data_directory_without_the_key_file_reveals_no_token() {
    let s = Server::start("leak", &[]);
    let t = template();
    let tokens = [t.alice.clone(), t.alice_second.clone(), t.bob.clone()];
    // Use every token, and present some wrong ones, so the catalog, its WAL
    // and the log have had every chance to see them.
    for (key, dataset) in [
        (&t.alice, "companies"),
        (&t.alice_second, "companies"),
        (&t.bob, "bobs-companies"),
    ] {
        let r = s.post(
            key,
            &json!({"query_string": "fintech", "dataset_id": dataset}),
        );
        assert_eq!(r.status(), 200);
        read_events(r);
    }
    // The last character changed (a token that already ends in X would
    // otherwise be its own near miss, one time in sixty or so).
    let last = if t.alice.ends_with('X') { 'Y' } else { 'X' };
    let near_miss = format!("{}{last}", &t.alice[..t.alice.len() - 1]);
    let (status, code, _) = error_of(s.post(
        &near_miss,
        &json!({"query_string": "x", "dataset_id": "companies"}),
    ));
    assert_eq!((status, code.as_str()), (401, "INVALID_API_KEY"));
    // A refused body: the message names the field, not the key.
    let (status, _, message) = error_of(s.post(&t.alice, &json!({"query_string": "x"})));
    assert!(!message.contains(&t.alice));
    assert_eq!(status, 400);
    let fresh = quarry(&s.data_dir, &["token", "create", "--account", BOB], None);
    let fresh = fresh.trim().to_string();
    let r = s.post(
        &fresh,
        &json!({"query_string": "x", "dataset_id": "bobs-companies"}),
    );
    assert_eq!(r.status(), 200);
    read_events(r);
    let mut tokens = tokens.to_vec();
    tokens.push(fresh);
    tokens.push(near_miss);

    // Copy everything but the key (the server is still running, so the WAL
    // is copied as it is).
    let copy = unique_dir("leak-copy");
    copy_dir(&s.data_dir, &copy);
    for name in ["secret.key", "secret.key.next"] {
        let _ = std::fs::remove_file(copy.join(name));
    }
    let files = files_under(&copy);
    assert!(files.iter().any(|(p, _)| p.ends_with("catalog.sqlite")));
    let secrets: Vec<Vec<u8>> = tokens
        .iter()
        .flat_map(|t| {
            [
                t.as_bytes().to_vec(),
                t.trim_start_matches("qk_").as_bytes().to_vec(),
            ]
        })
        .chain([
            ALICE_PASSWORD.as_bytes().to_vec(),
            BOB_PASSWORD.as_bytes().to_vec(),
        ])
        .collect();
    for (path, bytes) in &files {
        for secret in &secrets {
            assert!(
                !contains(bytes, secret),
                "{} holds {}",
                path.display(),
                String::from_utf8_lossy(secret)
            );
        }
    }
    // Without the key the copy cannot list tokens (a new key is not the
    // one the tokens are under), and says nothing of their values.
    let (ok, out, err) = quarry_raw(&copy, &["token", "list", "--account", ALICE], None, &[]);
    assert!(!ok, "listing tokens without the key succeeded: {out}");
    for t in &tokens {
        assert!(!out.contains(t.as_str()) && !err.contains(t.as_str()));
    }

    // The server's log (at debug level) carries no token, password or path.
    let log = s.log();
    assert!(log.contains("request"), "the log is empty: {log}");
    for secret in &secrets {
        assert!(!contains(log.as_bytes(), secret), "the log holds a secret");
    }
    let dir = s.data_dir.to_string_lossy().into_owned();
    assert!(
        !log.contains(&dir),
        "the log names the data directory:\n{log}"
    );
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn rotate_secret_under_a_live_server_refuses_no_request_and_retires_the_old_key() {
    let s = Server::start("rotate", &["--rate-per-minute", "1000000"]);
    let t = template();
    let old_key = std::fs::read_to_string(s.data_dir.join("secret.key")).unwrap();

    // Requests run without pause while the key is rotated three times.
    let stop = Arc::new(AtomicBool::new(false));
    let (done, failures) = std::thread::scope(|scope| {
        let hammer = scope.spawn(|| {
            let mut n = 0usize;
            let mut failures = Vec::new();
            while !stop.load(Ordering::SeqCst) {
                for (key, ds) in [(&t.alice, "companies"), (&t.bob, "bobs-companies")] {
                    let r = s.post(key, &json!({"query_string": "fintech", "dataset_id": ds}));
                    if r.status() != 200 {
                        failures.push(format!("{}: {}", r.status(), r.text().unwrap()));
                    } else {
                        read_events(r);
                    }
                    n += 1;
                }
            }
            (n, failures)
        });
        for _ in 0..3 {
            std::thread::sleep(Duration::from_millis(150));
            let out = quarry(&s.data_dir, &["rotate-secret"], None);
            assert!(out.contains("re-encrypted"), "{out}");
        }
        std::thread::sleep(Duration::from_millis(150));
        stop.store(true, Ordering::SeqCst);
        hammer.join().unwrap()
    });
    assert!(failures.is_empty(), "refused during rotation: {failures:?}");
    assert!(done >= 4, "{done} requests");

    // Old tokens keep working; new ones too.
    let r = s.post(
        &t.alice_second,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    assert_eq!(r.status(), 200);
    read_events(r);
    let new_key = std::fs::read_to_string(s.data_dir.join("secret.key")).unwrap();
    assert_ne!(new_key, old_key);
    let listed = quarry(&s.data_dir, &["token", "list", "--account", ALICE], None);
    assert!(listed.contains(&t.alice) && listed.contains(&t.alice_second));

    // The old key decrypts nothing: neither through the environment nor as
    // the key file of a copy.
    let (ok, out, err) = quarry_raw(
        &s.data_dir,
        &["token", "list", "--account", ALICE],
        None,
        &[("QUARRY_SECRET_KEY", old_key.trim())],
    );
    assert!(!ok && !out.contains(&t.alice), "{out}");
    assert!(err.contains("does not match"), "{err}");
    let copy = unique_dir("rotate-copy");
    copy_dir(&s.data_dir, &copy);
    std::fs::write(copy.join("secret.key"), &old_key).unwrap();
    let (ok, out, _) = quarry_raw(&copy, &["token", "list", "--account", ALICE], None, &[]);
    assert!(!ok && !out.contains(&t.alice), "{out}");
    // Nor can anything be rotated while the key comes from the environment.
    let (ok, _, err) = quarry_raw(
        &s.data_dir,
        &["rotate-secret"],
        None,
        &[("QUARRY_SECRET_KEY", new_key.trim())],
    );
    assert!(!ok && err.contains("QUARRY_SECRET_KEY"), "{err}");
}
