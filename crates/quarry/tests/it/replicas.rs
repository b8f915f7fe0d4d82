//! Several `quarry serve` replicas on one PostgreSQL (`--database-url`,
//! issue 15): each replica a real process on its own port with its own data
//! directory (holding the same token key), the database a throw-away
//! cluster started by `scripts/pg-test-cluster.sh`.

use std::time::{Duration, Instant};

use crate::harness::console::Client;
use crate::harness::pg;
use crate::harness::*;

/// Two replicas sharing the database at `url`: Alice's and Bob's
/// accounts, tokens and datasets prepared through the operator commands
/// ([`prepare_with`]), the key copied to the second replica's directory.
struct Replicas {
    url: String,
    a: Server,
    b: Server,
    /// Alice's `token-1`, then Bob's `token-1`.
    tokens: Vec<String>,
}

impl Replicas {
    fn start(name: &str, url: String, flags: &[&str]) -> Replicas {
        let global = ["--database-url", url.as_str()];
        let (dir_a, tokens) =
            prepare_with(name, COMPANIES_CSV, &[(ALICE, None), (BOB, None)], &global);
        let dir_b = dir_a.with_file_name("data-b");
        std::fs::create_dir_all(&dir_b).unwrap();
        std::fs::copy(dir_a.join("secret.key"), dir_b.join("secret.key")).unwrap();
        let flags: Vec<&str> = global.iter().chain(flags).copied().collect();
        let a = Server::start_in(dir_a, &flags);
        let b = Server::start_in(dir_b, &flags);
        Replicas { url, a, b, tokens }
    }

    /// An operator command on the shared database.
    fn quarry(&self, args: &[&str]) -> String {
        let all: Vec<&str> = ["--database-url", self.url.as_str()]
            .iter()
            .chain(args)
            .copied()
            .collect();
        quarry(&self.a.data_dir, &all, None)
    }
}

/// The status and error code of a query on a dataset no account has: a
/// request that passes authentication and the rate (404) or not (401,
/// 429, 503), and costs no statement.
fn probe(s: &Server, key: &str) -> (u16, String) {
    let (status, code, _) = error_of(s.query(key, "no-such-dataset", "anything"));
    (status, code)
}

#[test]
fn a_dataset_uploaded_through_one_replica_is_queried_through_the_other() {
    let r = Replicas::start("replicas-upload", pg::database("upload"), &[]);
    let alice = &r.tokens[0];

    let mut c = Client::new(&r.a);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();
    let page = c.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", "staff"), ("id_column", "")],
        (
            "staff.csv",
            b"Name,Age,City\nAda,36,London\nLinus,28,Helsinki\nGrace,45,New York\n",
        ),
    );
    assert_eq!(page.status, 303, "{}", page.body);

    let events = read_events(r.b.query(alice, "staff", "people older than 30 in London"));
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["thoughts", "sql", "results", "close"], "{events:?}");
    // The statement that ran is PostgreSQL's (its row position column).
    assert!(
        events[1]["data"]["sql"]
            .as_str()
            .unwrap()
            .contains("\"_row\""),
        "{events:?}"
    );
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{events:?}");
    assert_eq!(items[0]["item"]["001_name"], "Ada");

    // And the operator's import, read by both.
    for s in [&r.a, &r.b] {
        let events = read_events(s.query(alice, "companies", "fintech companies in Germany"));
        assert_eq!(events[2]["data"]["items"].as_array().unwrap().len(), 3);
    }
    // Bob's key does not see Alice's upload.
    assert_eq!(probe(&r.b, &r.tokens[1]).1, "INVALID_DATASET");
    let (status, code, _) = error_of(r.b.query(&r.tokens[1], "staff", "Ada"));
    assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"));
}

#[test]
fn a_token_or_session_ended_through_one_replica_is_refused_by_the_other_at_once() {
    let r = Replicas::start("replicas-token", pg::database("token"), &[]);
    let alice = &r.tokens[0];
    // Both replicas accept the key (404: authenticated, no such dataset).
    assert_eq!(probe(&r.a, alice).0, 404);
    assert_eq!(probe(&r.b, alice).0, 404);

    let id = r
        .quarry(&["token", "list", "--account", ALICE])
        .lines()
        .skip(1)
        .find_map(|l| l.split_whitespace().next()?.parse::<i64>().ok())
        .expect("Alice's token is listed");
    let mut c = Client::new(&r.a);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();
    let page = c.post(&format!("/console/tokens/{id}/delete"), &[("csrf", &csrf)]);
    assert_eq!(page.status, 303, "{}", page.body);

    // The very next request to the other replica is refused.
    assert_eq!(probe(&r.b, alice), (401, "INVALID_API_KEY".to_string()));
    assert_eq!(probe(&r.a, alice), (401, "INVALID_API_KEY".to_string()));
    // Bob's key is untouched.
    assert_eq!(probe(&r.b, &r.tokens[1]).0, 404);
    // The deletion is in the shared audit log, as Alice's.
    let audit = r.quarry(&["audit", "--account", ALICE]);
    assert!(audit.contains("token.deleted"), "{audit}");

    // The console session is the database's too: the other replica takes
    // the same cookie, and a sign-out through one ends it on both.
    let mut on_b = Client::new(&r.b);
    on_b.cookies = c.cookies.clone();
    assert_eq!(on_b.get("/console/tokens").status, 200);
    let page = c.post("/console/sign-out", &[("csrf", &csrf)]);
    assert_eq!(page.status, 303, "{}", page.body);
    let page = on_b.get("/console/tokens");
    assert_eq!(page.status, 303);
    assert!(
        page.location().starts_with("/console/sign-in"),
        "{}",
        page.location()
    );
}

#[test]
fn an_accounts_rate_is_shared_by_the_replicas() {
    let r = Replicas::start("replicas-rate", pg::database("rate"), &[]);
    r.quarry(&[
        "account",
        "set-limits",
        "--email",
        ALICE,
        "--per-minute",
        "4",
    ]);
    let alice = &r.tokens[0];
    // Four requests spread over both replicas use the minute's four; the
    // fifth and sixth are refused wherever they go. A minute boundary
    // between the requests starts a new window: then the round is run
    // again (it takes well under a second).
    let mut seen = Vec::new();
    for _ in 0..2 {
        let minute = unix_now() / 60;
        seen = (0..6)
            .map(|i| probe(if i % 2 == 0 { &r.a } else { &r.b }, alice).0)
            .collect::<Vec<u16>>();
        if unix_now() / 60 == minute {
            break;
        }
        // The window turned meanwhile: start again in a clean one.
        std::thread::sleep(Duration::from_secs(61 - unix_now() % 60));
    }
    assert_eq!(seen, [404, 404, 404, 404, 429, 429]);
    // Another account's key has its own window.
    assert_eq!(probe(&r.b, &r.tokens[1]).0, 404);
}

#[test]
fn a_postgresql_outage_gives_fast_503s_and_the_replicas_recover() {
    // A cluster of its own: this test stops it.
    let cluster = pg::Cluster::start();
    let r = Replicas::start(
        "replicas-outage",
        pg::database_on(&cluster.url, "outage"),
        &[],
    );
    let alice = r.tokens[0].clone();
    let query = |s: &Server| {
        let started = Instant::now();
        let resp = s.query(&alice, "companies", "fintech companies in Germany");
        let status = resp.status().as_u16();
        let retry_after = resp.headers().contains_key("retry-after");
        let body = resp.text().unwrap_or_default();
        (status, retry_after, body, started.elapsed())
    };
    assert_eq!(query(&r.a).0, 200);
    assert_eq!(query(&r.b).0, 200);

    // Under load: two clients per replica keep querying throughout.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let load: Vec<_> = [r.a.base.clone(), r.a.base.clone(), r.b.base.clone()]
        .into_iter()
        .map(|base| {
            let stop = stop.clone();
            let key = alice.clone();
            std::thread::spawn(move || {
                let http = reqwest::blocking::Client::builder()
                    .timeout(Duration::from_secs(30))
                    .build()
                    .unwrap();
                let mut statuses = Vec::new();
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    let r = http
                        .post(format!("{base}/v1/query"))
                        .header("apikey", &key)
                        .header("content-type", "application/json")
                        .body(r#"{"query_string":"companies in Germany","dataset_id":"companies"}"#)
                        .send();
                    if let Ok(r) = r {
                        statuses.push(r.status().as_u16());
                        let _ = r.text();
                    }
                }
                statuses
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));

    cluster.pause();
    // Every answer during the outage is a 503 with Retry-After, fast.
    for _ in 0..5 {
        for s in [&r.a, &r.b] {
            let (status, retry_after, body, took) = query(s);
            assert_eq!(status, 503, "{body}");
            assert!(retry_after);
            assert!(body.contains("SERVICE_UNAVAILABLE"), "{body}");
            assert!(took < Duration::from_millis(2500), "took {took:?}");
        }
    }
    cluster.resume();

    // Both recover without a restart.
    for s in [&r.a, &r.b] {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let (status, _, body, _) = query(s);
            if status == 200 {
                break;
            }
            assert!(Instant::now() < deadline, "no recovery: {status} {body}");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for t in load {
        let statuses = t.join().unwrap();
        assert!(statuses.contains(&200), "{statuses:?}");
        assert!(statuses.contains(&503), "{statuses:?}");
        assert!(
            statuses.iter().all(|s| [200, 503].contains(s)),
            "{statuses:?}"
        );
    }
}

#[test]
fn a_replica_restarted_under_load_rejoins_cleanly() {
    let mut r = Replicas::start("replicas-restart", pg::database("restart"), &[]);
    let alice = r.tokens[0].clone();
    // Load on replica A throughout; B is killed and started again.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let load = {
        let (stop, base, key) = (stop.clone(), r.a.base.clone(), alice.clone());
        std::thread::spawn(move || {
            let http = reqwest::blocking::Client::new();
            let mut statuses = Vec::new();
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let resp = http
                    .post(format!("{base}/v1/query"))
                    .header("apikey", &key)
                    .header("content-type", "application/json")
                    .body(r#"{"query_string":"fintech companies","dataset_id":"companies"}"#)
                    .send()
                    .unwrap();
                statuses.push(resp.status().as_u16());
                let _ = resp.text();
            }
            statuses
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let dir_b = r.b.data_dir.clone();
    let flags = ["--database-url", r.url.as_str()];
    // SIGKILL: no goodbye to the database; its connections just break.
    r.b.child.kill().unwrap();
    r.b.child.wait().unwrap();
    r.b = Server::start_in(dir_b, &flags);
    for _ in 0..3 {
        let events = read_events(r.b.query(&alice, "companies", "fintech companies in Germany"));
        assert_eq!(events[2]["data"]["items"].as_array().unwrap().len(), 3);
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let statuses = load.join().unwrap();
    assert!(!statuses.is_empty());
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}
