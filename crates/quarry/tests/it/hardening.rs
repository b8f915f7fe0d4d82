//! Issue 16's hardening findings against the real `quarry serve` and the
//! real `quarry` commands: a compressed (or long) console upload stops at
//! the upload limits and leaves nothing behind; a column cannot take the
//! full-text table's name, nor be longer than 128 characters; API answers
//! carry `nosniff` and `no-store`; a JSON body in another charset than
//! UTF-8 is refused; the operator commands print no terminal escape from
//! the data; the data directory is private to its user.

use crate::harness;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use harness::console::Client;
use harness::*;
use serde_json::{json, Value};

/// Every path under `dir` (files and directories), relative to it.
fn paths_under(dir: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            out.insert(p.strip_prefix(dir).unwrap().to_path_buf());
            if p.is_dir() {
                stack.push(p);
            }
        }
    }
    out
}

fn rusqlite_open(p: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(p).unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(bytes).unwrap();
    enc.finish().unwrap()
}

/// `rows` CSV records of about 20 bytes each under a header.
fn csv_rows(rows: usize) -> Vec<u8> {
    let mut csv = b"name,city\n".to_vec();
    for i in 0..rows {
        csv.extend_from_slice(format!("person {},Berlin\n", i % 7).as_bytes());
    }
    csv
}

/// Posts the upload form as the page's script does (asking for JSON), with
/// `c`'s session; returns the status and the JSON answer.
fn upload(s: &Server, c: &mut Client, id: &str, file_name: &str, bytes: &[u8]) -> (u16, Value) {
    let csrf = c.csrf();
    let boundary = "----quarry-hardening-boundary";
    let mut body = Vec::new();
    for (k, v) in [("csrf", csrf.as_str()), ("id", id)] {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let cookies = c
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let resp = s
        .http
        .post(s.url("/console/datasets"))
        .header("cookie", cookies)
        .header("accept", "application/json")
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .unwrap();
    let status = resp.status().as_u16();
    let body: Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    (status, body)
}

/// Asserts a refused upload: `status`, the contract's error shape with
/// `code`, no dataset `id`, and no file added to the data directory.
fn assert_refused_upload(
    s: &Server,
    c: &mut Client,
    id: &str,
    file_name: &str,
    bytes: &[u8],
    status: u16,
    code: &str,
) -> String {
    let before = paths_under(&s.data_dir);
    let started = std::time::Instant::now();
    let (got, body) = upload(s, c, id, file_name, bytes);
    println!(
        "{file_name}: {} bytes sent, answered {got} in {:.2} s",
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(got, status, "{body}");
    assert_eq!(body["error_code"], code, "{body}");
    let message = body["error"].as_str().unwrap().to_string();
    assert!(!message.is_empty());
    let listed = quarry(&s.data_dir, &["dataset", "list"], None);
    assert!(!listed.contains(id), "{listed}");
    let after = paths_under(&s.data_dir);
    let added: Vec<_> = after.difference(&before).collect();
    // The upload area may be created by the first upload; nothing in it.
    let added: Vec<_> = added
        .into_iter()
        .filter(|p| p.as_os_str() != "uploads")
        .collect();
    assert!(added.is_empty(), "left behind: {added:?}");
    message
}

#[test]
fn a_gzip_bomb_upload_stops_at_the_decompressed_limit_and_leaves_nothing() {
    let s = Server::start_console("gzip-bomb", &["--max-upload-mb", "1"]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);

    // About 2 MB of rows, compressed to a few KB: well under the 1 MiB
    // upload limit as sent, twice over it once decompressed.
    let csv = csv_rows(140_000);
    assert!(csv.len() > 2_000_000, "{}", csv.len());
    let bomb = gzip(&csv);
    assert!(bomb.len() < 64 << 10, "{}", bomb.len());
    let message = assert_refused_upload(
        &s,
        &mut c,
        "bomb",
        "bomb.csv.gz",
        &bomb,
        413,
        "PAYLOAD_TOO_LARGE",
    );
    assert!(message.contains("1 MiB"), "{message}");
    assert!(message.contains("bomb.csv.gz"), "{message}");
    assert!(!message.contains(s.data_dir.to_str().unwrap()), "{message}");

    // The same as JSON Lines.
    let mut jsonl = Vec::new();
    for i in 0..60_000 {
        jsonl.extend_from_slice(
            format!("{{\"name\":\"person {}\",\"city\":\"Berlin\"}}\n", i % 7).as_bytes(),
        );
    }
    assert!(jsonl.len() > 2_000_000);
    assert_refused_upload(
        &s,
        &mut c,
        "bomb2",
        "bomb2.jsonl.gz",
        &gzip(&jsonl),
        413,
        "PAYLOAD_TOO_LARGE",
    );

    // Under the limit once decompressed, a compressed upload imports.
    let (status, body) = upload(
        &s,
        &mut c,
        "small",
        "small.csv.gz",
        &gzip(&csv_rows(10_000)),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"], 10_000);
    let uploads_left = paths_under(&s.data_dir.join("uploads"));
    assert!(uploads_left.is_empty(), "{uploads_left:?}");
}

#[test]
fn an_upload_over_the_row_limit_is_refused_and_leaves_nothing() {
    let s = Server::start_console("row-limit", &["--max-upload-rows", "1000"]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);

    let message = assert_refused_upload(
        &s,
        &mut c,
        "many",
        "many.csv",
        &csv_rows(1001),
        413,
        "PAYLOAD_TOO_LARGE",
    );
    assert!(message.contains("1000 rows"), "{message}");
    // Compressed, and many more rows: the same.
    assert_refused_upload(
        &s,
        &mut c,
        "many",
        "many.csv.gz",
        &gzip(&csv_rows(200_000)),
        413,
        "PAYLOAD_TOO_LARGE",
    );
    // At the limit, it imports.
    let (status, body) = upload(&s, &mut c, "enough", "enough.csv", &csv_rows(1000));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"], 1000);

    // The operator's import has no such limit.
    let dir = unique_dir("row-limit-cli");
    let file = dir.join("many.csv");
    std::fs::write(&file, csv_rows(1500)).unwrap();
    let out = quarry(
        &s.data_dir,
        &[
            "dataset",
            "import",
            file.to_str().unwrap(),
            "--id",
            "many",
            "--account",
            ALICE,
            "--quiet",
        ],
        None,
    );
    assert!(out.contains("1,500 rows"), "{out}");
}

/// A CSV of titles (free text: long enough not to be profiled value by
/// value) with columns named like the old full-text table.
const FTS_COLLISION_CSV: &str = "\
title,demo_fts,Demo_FTS_2
Rust compiler internals explained from the parser down to the code generator,first note,a
Gardening for impatient people who want tomatoes by the end of the first summer,second note,b
A field guide to compiler bugs and how to reduce them to a small reproducible case,third note,c
Cooking with cast iron pans over an open fire in every season of the year and more,fourth note,d
";

#[test]
fn a_column_named_like_the_full_text_table_does_not_break_search() {
    let root = unique_dir("fts-collision");
    let data = root.join("data");
    let csv = root.join("demo.csv");
    std::fs::write(&csv, FTS_COLLISION_CSV).unwrap();
    quarry(
        &data,
        &["account", "create", "--email", ALICE, "--password-stdin"],
        Some(&format!("{ALICE_PASSWORD}\n")),
    );
    let key = quarry(&data, &["token", "create", "--account", ALICE], None)
        .trim()
        .to_string();
    let (ok, _, err) = quarry_raw(
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "demo",
            "--account",
            ALICE,
        ],
        None,
        &[],
    );
    assert!(ok, "{err}");
    assert!(!err.contains("reserved by the full-text index"), "{err}");
    let (table, fts) = dataset_tables(&data, "demo");
    let fts = fts.expect("a full-text table");
    assert_eq!(table, "demo");
    assert!(!fts.eq_ignore_ascii_case("demo_fts"), "{fts}");

    let s = Server::start_in(data, &[]);
    let resp = s.post(
        &key,
        &json!({"query_string": "compiler", "dataset_id": "demo", "limit": 5}),
    );
    assert_eq!(resp.status(), 200);
    let events = read_events(resp);
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["thoughts", "sql", "results", "close"], "{events:?}");
    let sql = events[1]["data"]["sql"].as_str().unwrap();
    assert!(sql.contains("MATCH"), "a full-text search: {sql}");
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{events:?}");
}

#[test]
fn a_dataset_file_with_the_old_full_text_table_name_still_searches() {
    // A file as earlier versions built it: the FTS table `<id>_fts`,
    // recorded in the file. Made from a fresh import by renaming it back.
    let root = unique_dir("fts-old-name");
    let data = root.join("data");
    let csv = root.join("old.csv");
    std::fs::write(
        &csv,
        "title,year\n\
         Rust compiler internals explained from the parser down to the code generator,2020\n\
         Gardening for impatient people who want tomatoes by the end of the first summer,2021\n",
    )
    .unwrap();
    quarry(
        &data,
        &["account", "create", "--email", ALICE, "--password-stdin"],
        Some(&format!("{ALICE_PASSWORD}\n")),
    );
    let key = quarry(&data, &["token", "create", "--account", ALICE], None)
        .trim()
        .to_string();
    quarry(
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "old",
            "--account",
            ALICE,
        ],
        None,
    );
    let (_, fts) = dataset_tables(&data, "old");
    let fts = fts.unwrap();
    let file = std::fs::read_dir(data.join("datasets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "sqlite"))
        .unwrap();
    // (An earlier binary already wrote `old_fts`.)
    if fts != "old_fts" {
        let conn = rusqlite_open(&file);
        conn.execute_batch(&format!(
            "ALTER TABLE \"{fts}\" RENAME TO \"old_fts\";
             UPDATE _quarry_meta SET value = 'old_fts' WHERE key = 'fts_table';"
        ))
        .unwrap();
        let profile: String = conn
            .query_row("SELECT json FROM _quarry_profile", [], |r| r.get(0))
            .unwrap();
        let profile = profile.replace(&format!("\"{fts}\""), "\"old_fts\"");
        conn.execute("UPDATE _quarry_profile SET json = ?1", [profile])
            .unwrap();
    }
    assert_eq!(dataset_tables(&data, "old").1.as_deref(), Some("old_fts"));
    let s = Server::start_in(data, &[]);
    let resp = s.post(
        &key,
        &json!({"query_string": "compiler", "dataset_id": "old", "limit": 5}),
    );
    assert_eq!(resp.status(), 200);
    let events = read_events(resp);
    let sql = events[1]["data"]["sql"].as_str().unwrap();
    assert!(sql.contains("\"old_fts\" MATCH"), "{sql}");
    assert_eq!(
        events[2]["data"]["items"].as_array().unwrap().len(),
        1,
        "{events:?}"
    );
}

#[test]
fn column_names_longer_than_128_characters_are_refused() {
    let s = Server::start_console("long-names", &[]);
    let dir = unique_dir("long-names-files");
    let long = "n".repeat(129);
    let ok = "k".repeat(128);

    // The operator's import: a clear message, nothing registered.
    let file = dir.join("long.csv");
    std::fs::write(&file, format!("title,{long}\nx,1\n")).unwrap();
    let (ok_run, _, err) = quarry_raw(
        &s.data_dir,
        &[
            "dataset",
            "import",
            file.to_str().unwrap(),
            "--id",
            "long",
            "--account",
            ALICE,
        ],
        None,
        &[],
    );
    assert!(!ok_run);
    assert!(err.contains("column 2"), "{err}");
    assert!(err.contains("129 characters"), "{err}");
    assert!(err.contains("at most 128"), "{err}");
    assert!(!quarry(&s.data_dir, &["dataset", "list"], None).contains("long"));
    // JSON Lines keys too.
    let file = dir.join("long.jsonl");
    std::fs::write(&file, format!("{{\"a\":1}}\n{{\"a\":2,\"{long}\":3}}\n")).unwrap();
    let (ok_run, _, err) = quarry_raw(
        &s.data_dir,
        &[
            "dataset",
            "import",
            file.to_str().unwrap(),
            "--id",
            "long",
            "--account",
            ALICE,
        ],
        None,
        &[],
    );
    assert!(!ok_run);
    assert!(err.contains("at most 128"), "{err}");

    // 128 characters are fine.
    let file = dir.join("fine.csv");
    std::fs::write(&file, format!("title,{ok}\nx,1\n")).unwrap();
    quarry(
        &s.data_dir,
        &[
            "dataset",
            "import",
            file.to_str().unwrap(),
            "--id",
            "fine",
            "--account",
            ALICE,
        ],
        None,
    );

    // The console: 422 in the contract's shape.
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let message = assert_refused_upload(
        &s,
        &mut c,
        "long",
        "long.csv",
        format!("title,{long}\nx,1\n").as_bytes(),
        422,
        "INVALID_INPUT",
    );
    assert!(message.contains("at most 128"), "{message}");
}

fn assert_private_api_headers(resp: &reqwest::blocking::Response, what: &str) {
    let h = resp.headers();
    assert_eq!(
        h.get("x-content-type-options").map(|v| v.to_str().unwrap()),
        Some("nosniff"),
        "{what}"
    );
    let cache = h
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_string());
    assert!(
        matches!(cache.as_deref(), Some("no-store") | Some("no-cache")),
        "{what}: {cache:?}"
    );
}

#[test]
fn api_answers_are_nosniff_and_not_stored() {
    let s = Server::start("headers", &[]);
    let key = &template().alice;
    let get = |path: &str, key: Option<&str>| {
        let mut r = s.http.get(s.url(path));
        if let Some(k) = key {
            r = r.header("apikey", k);
        }
        r.send().unwrap()
    };
    for (path, k, status) in [
        ("/v1/datasets", Some(key.as_str()), 200),
        ("/v1/datasets/companies", Some(key.as_str()), 200),
        ("/v1/datasets", None, 401),
        ("/v1/datasets/nope", Some(key.as_str()), 404),
        ("/v1/openapi.json", None, 200),
        ("/v1/nothing-here", None, 404),
    ] {
        let resp = get(path, k);
        assert_eq!(resp.status(), status, "{path}");
        assert_private_api_headers(&resp, path);
        assert_eq!(resp.headers()["cache-control"], "no-store", "{path}");
    }
    // Errors of the query endpoint, and its stream.
    let resp = s.post(key, &json!({"dataset_id": "companies"}));
    assert_eq!(resp.status(), 400);
    assert_private_api_headers(&resp, "400");
    assert_eq!(resp.headers()["cache-control"], "no-store");
    let resp = s.post(
        key,
        &json!({"query_string": "companies", "dataset_id": "companies", "limit": 1}),
    );
    assert_eq!(resp.status(), 200);
    assert_private_api_headers(&resp, "stream");
}

#[test]
fn a_json_body_in_another_charset_than_utf8_is_refused() {
    let s = Server::start("charset", &[]);
    let key = &template().alice;
    let text =
        json!({"query_string": "companies", "dataset_id": "companies", "limit": 1}).to_string();
    // UTF-16LE, as the Content-Type says.
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    for ct in [
        "application/json; charset=utf-16",
        "application/json; charset=UTF-16LE",
        "application/json;charset=\"utf-16\"",
    ] {
        let resp = s
            .query_request(key, &[("content-type", Some(ct))])
            .body(utf16.clone())
            .send()
            .unwrap();
        assert_error(resp, 415, "UNSUPPORTED_MEDIA_TYPE");
    }
    // A body labelled Latin-1 is refused too, even when its bytes happen to
    // be ASCII.
    assert_error(
        s.post_raw(key, "application/json; charset=iso-8859-1", &text),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
    );
    // UTF-8, said or not, is JSON.
    for ct in [
        "application/json",
        "application/json; charset=utf-8",
        "application/json; charset=\"UTF-8\"",
    ] {
        let resp = s.post_raw(key, ct, &text);
        assert_eq!(resp.status(), 200, "{ct}");
        read_events(resp);
    }
}

const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m";

fn assert_no_terminal_escape(out: &str, what: &str) {
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "{what} printed a control character: {out:?}"
    );
}

#[test]
fn operator_commands_print_no_terminal_escape_from_the_data() {
    let root = unique_dir("escapes");
    let data = root.join("data");
    quarry(
        &data,
        &["account", "create", "--email", ALICE, "--password-stdin"],
        Some(&format!("{ALICE_PASSWORD}\n")),
    );
    // A value, a header and an id column holding escape sequences.
    let csv = root.join("evil.csv");
    let mut text = format!("code,\"kind{HOSTILE}\",city\n");
    for i in 0..6 {
        text.push_str(&format!("c{i},\"x{HOSTILE}\",Berlin\n"));
    }
    std::fs::write(&csv, text).unwrap();
    quarry(
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "evil",
            "--account",
            ALICE,
            "--quiet",
        ],
        None,
    );
    let shown = quarry(&data, &["dataset", "show", "evil"], None);
    assert!(shown.contains("pwned"), "the value is shown: {shown}");
    assert_no_terminal_escape(&shown, "dataset show");
    assert_no_terminal_escape(&quarry(&data, &["dataset", "list"], None), "dataset list");
    // A token name, if the catalog takes one with escapes, is listed safely.
    let (created, _, err) = quarry_raw(
        &data,
        &[
            "token",
            "create",
            "--account",
            ALICE,
            "--name",
            &format!("t{HOSTILE}"),
        ],
        None,
        &[],
    );
    assert_no_terminal_escape(&err, "token create");
    if created {
        let listed = quarry(&data, &["token", "list", "--account", ALICE], None);
        assert_no_terminal_escape(&listed, "token list");
    }
    assert_no_terminal_escape(&quarry(&data, &["account", "list"], None), "account list");
    // An error quoting the data.
    let (ok, _, err) = quarry_raw(
        &data,
        &["dataset", "show", &format!("no{HOSTILE}")],
        None,
        &[],
    );
    assert!(!ok);
    assert_no_terminal_escape(&err, "an error");
}

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
}

/// Every entry under `dir`, and `dir`, with a group or other bit.
#[cfg(unix)]
fn readable_by_others(dir: &Path) -> Vec<(PathBuf, u32)> {
    let mut out: Vec<(PathBuf, u32)> = std::iter::once(PathBuf::new())
        .chain(paths_under(dir))
        .map(|p| {
            let m = mode(&dir.join(&p));
            (p, m)
        })
        .filter(|(_, m)| m & 0o077 != 0)
        .collect();
    out.sort();
    out
}

#[cfg(unix)]
#[test]
fn the_data_directory_is_private_to_its_user() {
    use std::os::unix::fs::PermissionsExt;
    // Created by the commands: private from the start, SQLite's own files
    // included.
    let root = unique_dir("private");
    let data = root.join("data");
    let csv = root.join("c.csv");
    std::fs::write(&csv, COMPANIES_CSV).unwrap();
    quarry(
        &data,
        &["account", "create", "--email", ALICE, "--password-stdin"],
        Some(&format!("{ALICE_PASSWORD}\n")),
    );
    quarry(&data, &["token", "create", "--account", ALICE], None);
    quarry(
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "c",
            "--account",
            ALICE,
            "--quiet",
        ],
        None,
    );
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("catalog.sqlite")), 0o600);
    assert_eq!(readable_by_others(&data), vec![], "created private");
    {
        let s = Server::start_in(data.clone(), &[]);
        let key = quarry(&data, &["token", "create", "--account", ALICE], None);
        let resp = s.query(key.trim(), "c", "companies in Germany");
        assert_eq!(resp.status(), 200);
        read_events(resp);
        let mut c = Client::new(&s);
        c.sign_in(ALICE, ALICE_PASSWORD);
        let (status, body) = upload(&s, &mut c, "up", "up.csv", b"a,b\n1,2\n");
        assert_eq!(status, 200, "{body}");
        assert_eq!(readable_by_others(&data), vec![], "while serving");
    }

    // A directory left readable (an earlier version, a copy under umask
    // 022): an operator command tightens it and says so.
    let loose = root.join("loose");
    copy_dir(&data, &loose);
    let loosen = |dir: &Path| {
        for p in std::iter::once(PathBuf::new()).chain(paths_under(dir)) {
            let p = dir.join(p);
            let m = if p.is_dir() { 0o755 } else { 0o644 };
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(m)).unwrap();
        }
    };
    loosen(&loose);
    assert!(!readable_by_others(&loose).is_empty());
    let (ok, _, err) = quarry_raw(&loose, &["dataset", "list"], None, &[]);
    assert!(ok, "{err}");
    assert!(err.contains("tightened the permissions"), "{err}");
    assert_eq!(readable_by_others(&loose), vec![]);
    // Once private, nothing more is said.
    let (_, _, err) = quarry_raw(&loose, &["dataset", "list"], None, &[]);
    assert!(!err.contains("tightened"), "{err}");

    // And `quarry serve` does the same on start, in its log.
    loosen(&loose);
    let s = Server::start_in(loose.clone(), &[]);
    assert!(s.log().contains("tightened the permissions"), "{}", s.log());
    assert_eq!(readable_by_others(&loose), vec![]);
}
