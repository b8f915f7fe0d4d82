//! Bounded memory under hostile clients (issue 16), against the real
//! `quarry serve` on 127.0.0.1: datasets of huge control-character cells
//! (six times larger once JSON-escaped), many answers that nobody reads (SSE
//! and JSON, on one key and on several), and an account creating tokens
//! without end. The server's RSS (`VmRSS` of /proc/PID/status) is printed
//! before, during and after the attack, and checked against the README's
//! bound with a generous margin.
//!
//! `cargo test -p quarry --test it hostile_clients:: -- --nocapture` prints the
//! figures.

use crate::harness;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use harness::console::Client;
use harness::*;
use serde_json::{json, Value};

/// The result cap (`quarry_dataset::MAX_RESULT_BYTES`).
const CAP: u64 = 8 << 20;
const MIB: u64 = 1 << 20;
/// The write time-out the server runs with here: long enough that none of
/// the unread answers is dropped before the caps are checked, even on a
/// loaded machine where starting the 24 of them took 30 s.
const WRITE_TIMEOUT_SECS: u64 = 60;

/// The server's resident memory, in bytes.
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kb * 1024
}

/// Samples the RSS every 50 ms until dropped; `peak()` is the highest seen.
struct Sampler {
    peak: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl Sampler {
    fn start(pid: u32) -> Sampler {
        let peak = Arc::new(AtomicU64::new(rss(pid)));
        let stop = Arc::new(AtomicBool::new(false));
        let (p, s) = (peak.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                if std::path::Path::new(&format!("/proc/{pid}")).exists() {
                    p.fetch_max(rss(pid), Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Sampler { peak, stop }
    }

    fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A CSV of `rows` records whose `blob` is `cell` bytes of `\x01`.
fn control_csv(path: &Path, rows: usize, cell: usize) {
    let mut csv = b"name,blob\n".to_vec();
    for i in 0..rows {
        csv.extend_from_slice(format!("row{i},").as_bytes());
        csv.extend(std::iter::repeat_n(1u8, cell));
        csv.push(b'\n');
    }
    std::fs::write(path, csv).unwrap();
}

fn import(s: &Server, csv: &Path, id: &str, owner: &str) {
    quarry(
        &s.data_dir,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            id,
            "--account",
            owner,
            "--quiet",
        ],
        None,
    );
}

/// A phrase naming one record (`name = 'row1'`), whose cell alone is near
/// or over the cap. (Not a word the data lacks: that is searched for as a
/// trait, matches nothing and reaches the records only through the
/// relaxation, which a loaded server may leave out past the thoughts'
/// budget, answering with no record.)
const EVERYTHING: &str = "row1";

/// Sends a query on a raw socket and never reads the answer.
fn unread(addr: &str, key: &str, dataset: &str, accept: &str, limit: u32) -> TcpStream {
    let body =
        json!({"query_string": EVERYTHING, "dataset_id": dataset, "limit": limit}).to_string();
    let req = format!(
        "POST /v1/query HTTP/1.1\r\nHost: {addr}\r\napikey: {key}\r\n\
         Content-Type: application/json\r\nAccept: {accept}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut sock = TcpStream::connect(addr).unwrap();
    sock.write_all(req.as_bytes()).unwrap();
    sock
}

/// Reads what a socket still delivers: true when the server closed it
/// (end of file or reset) before a complete answer, false when it is still
/// open after 3 s of silence.
fn was_dropped(mut sock: TcpStream) -> (bool, usize) {
    sock.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut buf = vec![0u8; 1 << 16];
    let mut got = 0;
    loop {
        match sock.read(&mut buf) {
            Ok(0) => return (true, got),
            Ok(n) => got += n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return (false, got)
            }
            Err(_) => return (true, got),
        }
    }
}

fn query_body(dataset: &str, limit: u32) -> Value {
    json!({"query_string": EVERYTHING, "dataset_id": dataset, "limit": limit})
}

/// Finding 1: a record larger than the cap once escaped ends the stream with
/// `RESULT_TOO_LARGE`; the records that fit come under the cap as sent.
/// Findings 2 and 3: unread answers (SSE and JSON, on one key and on
/// several) count against each key's cap, hold at most about the cap each,
/// and are dropped after the write time-out.
#[test]
fn unread_answers_are_bounded_counted_and_dropped() {
    let s = Server::start(
        "hostile",
        &[
            "--write-timeout-secs",
            &WRITE_TIMEOUT_SECS.to_string(),
            "--streams-per-key",
            "8",
            // All 24 answers must be admitted at once, however slowly two
            // cores run them: past the running-query bound they would get a
            // 503 (overload.rs's subject), not hold their key's slots.
            "--max-running-queries",
            "64",
        ],
    );
    let t = template();
    let pid = s.child.id();
    let root = s.data_dir.parent().unwrap().to_path_buf();

    // The repro of the finding: one 30 MiB cell of \x01 (180 MiB escaped).
    let huge = root.join("huge.csv");
    control_csv(&huge, 2, 30 << 20);
    import(&s, &huge, "huge", ALICE);
    // Records of 1.25 MiB raw, 7.5 MiB escaped: one answer near the cap.
    let wide = root.join("wide.csv");
    control_csv(&wide, 6, 1_310_720);
    import(&s, &wide, "wide", ALICE);
    import(&s, &wide, "bobs-wide", BOB);

    let before = rss(pid);
    println!("server RSS before: {} MiB", before / MIB);

    // Finding 1.
    let started = Instant::now();
    let r = s.post(&t.alice, &query_body("huge", 1));
    assert_eq!(r.status(), 200);
    let body = r.bytes().unwrap();
    println!(
        "huge cell, limit 1: {} bytes answered in {:?}",
        body.len(),
        started.elapsed()
    );
    assert!((body.len() as u64) < MIB, "{} bytes", body.len());
    let events: Vec<Value> = String::from_utf8_lossy(&body)
        .split("\n\n")
        .filter_map(|f| f.strip_prefix("data: "))
        .map(|f| serde_json::from_str(f).unwrap())
        .collect();
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["thoughts", "sql", "close"], "{events:?}");
    let close = &events[2]["data"];
    assert_eq!(close["complete"], false);
    assert_eq!(close["error_code"], "RESULT_TOO_LARGE");
    assert_eq!(close["retryable"], false);
    assert!(
        close["error"].as_str().unwrap().contains("8 MiB"),
        "{close}"
    );

    // The records that fit, under the cap as sent (escaped).
    let r = s.post(&t.alice, &query_body("wide", 10));
    let events = read_events(r);
    let results = events.iter().find(|e| e["type"] == "results").unwrap();
    let items = results["data"]["items"].as_array().unwrap();
    let sent = serde_json::to_string(items).unwrap().len() as u64;
    println!(
        "wide, limit 10: {} items, {sent} bytes of items",
        items.len()
    );
    assert_eq!(items.len(), 1);
    assert!(sent <= CAP && sent > CAP / 2, "{sent}");
    assert_eq!(events.last().unwrap()["data"]["complete"], true);

    // Findings 2 and 3: 8 unread JSON answers on one key, 8 unread streams
    // on a second key of the same account, 8 on a key of another account.
    let sampler = Sampler::start(pid);
    let attack = Instant::now();
    let mut socks = Vec::new();
    for _ in 0..8 {
        socks.push(unread(&s.addr, &t.alice, "wide", "application/json", 10));
        socks.push(unread(
            &s.addr,
            &t.alice_second,
            "wide",
            "text/event-stream",
            10,
        ));
        socks.push(unread(
            &s.addr,
            &t.bob,
            "bobs-wide",
            "text/event-stream",
            10,
        ));
    }
    // Each answer has started (its first bytes wait in the socket), so each
    // request holds its slot.
    for sock in &socks {
        sock.set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut b = [0u8; 1];
        assert_eq!(sock.peek(&mut b).unwrap(), 1);
    }
    let answered = Instant::now();
    println!("{} answers started in {:?}", socks.len(), attack.elapsed());
    // Every open answer counts against its key's cap, JSON ones too.
    for (key, dataset, accept) in [
        (&t.alice, "wide", "application/json"),
        (&t.alice, "wide", "text/event-stream"),
        (&t.alice_second, "wide", "text/event-stream"),
        (&t.bob, "bobs-wide", "application/json"),
    ] {
        let r = s
            .query_request(key, &[("accept", Some(accept))])
            .body(query_body(dataset, 1).to_string())
            .send()
            .unwrap();
        assert_eq!(r.status(), 429, "a ninth answer on {dataset} as {accept}");
        assert_error(r, 429, "RATE_LIMITED");
    }
    let during = rss(pid);
    let peak = sampler.peak();
    let streams = socks.len() as u64;
    // The README's bound: per connection its read buffer (4 x 16 KiB) and
    // body (64 KiB); per open answer three times the cap (the records and
    // their frame, briefly both, and what the allocator keeps of freed
    // copies); a margin of 64 MiB for everything else.
    let bound = before + streams * (128 << 10) + streams * 3 * CAP + 64 * MIB;
    println!(
        "{streams} unread answers: server RSS during {} MiB (peak {} MiB, +{} MiB over before); \
         bound {} MiB",
        during / MIB,
        peak / MIB,
        peak.saturating_sub(before) / MIB,
        bound / MIB
    );
    assert!(peak < bound, "peak {peak} over the bound {bound}");

    // Past the write time-out, every unread client has been dropped.
    // The margin covers answers whose big frame came seconds after their
    // first bytes (the headers go out before the statement runs; on two
    // busy cores 24 wide statements take a while): their write stalled,
    // and its time-out started, that much later. Draining a socket the
    // server has not dropped yet lets its answer finish, so a short margin
    // fails the test on a loaded machine.
    let wait = Duration::from_secs(WRITE_TIMEOUT_SECS + 10).saturating_sub(answered.elapsed());
    std::thread::sleep(wait);
    let mut kept = 0;
    let mut read_back = 0;
    for sock in socks {
        let (dropped, got) = was_dropped(sock);
        read_back += got;
        kept += usize::from(!dropped);
    }
    println!(
        "after the write time-out: {kept} of {streams} unread clients still connected; \
         they had {} MiB in their socket buffers",
        read_back as u64 / MIB
    );
    assert_eq!(
        kept, 0,
        "unread clients must be dropped after the write time-out"
    );
    // Their slots are free again.
    for (key, dataset) in [
        (&t.alice, "wide"),
        (&t.alice_second, "wide"),
        (&t.bob, "bobs-wide"),
    ] {
        let events = read_events(s.post(key, &query_body(dataset, 1)));
        assert_eq!(events.last().unwrap()["data"]["complete"], true);
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = rss(pid);
    println!(
        "server RSS: before {} MiB, peak {} MiB, after {} MiB",
        before / MIB,
        sampler.peak() / MIB,
        after / MIB
    );
    assert!(after < bound);
    assert!(s.log().contains("write time-out"), "the drop is logged");
}

/// Finding 4: an account has at most 50 API tokens unless the operator sets
/// another cap; the CLI and the console refuse one more with a clear error.
#[test]
fn tokens_per_account_are_capped_in_the_cli_and_the_console() {
    let s = Server::start_console("token-cap", &[]);
    let dir = &s.data_dir;
    // Alice has none: 50 through the CLI.
    for i in 0..50 {
        quarry(
            dir,
            &[
                "token",
                "create",
                "--account",
                ALICE,
                "--name",
                &format!("t{i}"),
            ],
            None,
        );
    }
    let (ok, out, err) = quarry_raw(dir, &["token", "create", "--account", ALICE], None, &[]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("already has 50 API tokens"), "{err}");
    assert_eq!(s.tokens_of(ALICE).len(), 50);

    // The console says the same, and keeps nothing.
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();
    let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", "one-more")]);
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body.contains("already has 50 API tokens"),
        "{}",
        page.body
    );
    assert_eq!(s.tokens_of(ALICE).len(), 50);

    // The operator's cap: raised, then lowered below what exists.
    let out = quarry(
        dir,
        &["account", "set-limits", "--email", ALICE, "--tokens", "51"],
        None,
    );
    assert!(out.contains("at most 51 API tokens"), "{out}");
    let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", "one-more")]);
    assert_eq!(page.status, 303, "{}", page.body);
    quarry(
        dir,
        &["account", "set-limits", "--email", ALICE, "--tokens", "3"],
        None,
    );
    let (ok, _, err) = quarry_raw(dir, &["token", "create", "--account", ALICE], None, &[]);
    assert!(!ok && err.contains("already has 3 API tokens"), "{err}");
    // --reset returns to the default of 50 (she has 51: still refused).
    quarry(
        dir,
        &["account", "set-limits", "--email", ALICE, "--reset"],
        None,
    );
    let (ok, _, err) = quarry_raw(dir, &["token", "create", "--account", ALICE], None, &[]);
    assert!(!ok && err.contains("already has 50 API tokens"), "{err}");
    // Bob's account has its own count.
    quarry(dir, &["token", "create", "--account", BOB], None);
}
