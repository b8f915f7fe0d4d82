//! The cap on open query streams per API key, over the real router and
//! accept loop on 127.0.0.1. The engine here holds each statement until the
//! client goes away (the planner cannot be made to write a slow statement),
//! so a stream stays open as long as the test wants.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use quarry_planner::DatasetProfile;
use quarry_server::{AppState, EngineFailure, EngineRows, Limits, QueryEngine};

/// Runs until cancelled (the client disconnected).
struct UntilCancelled;

impl QueryEngine for UntilCancelled {
    fn run(
        &self,
        _dataset_file: &Path,
        _profile: &DatasetProfile,
        _sql: &str,
        _limit: u32,
        cancel: &Arc<AtomicBool>,
        _timeout: Duration,
    ) -> Result<EngineRows, EngineFailure> {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !cancel.load(Ordering::SeqCst) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        Err(EngineFailure::Cancelled)
    }
}

fn data_dir() -> (PathBuf, String, String) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "streams-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(dir.join("datasets")).unwrap();
    let csv = dir.join("cities.csv");
    std::fs::write(&csv, "city,country\nBerlin,Germany\nParis,France\n").unwrap();
    let imported = quarry_dataset::import_csv(
        &csv,
        &quarry_dataset::ImportOptions::new("cities"),
        &dir.join("datasets"),
    )
    .unwrap();
    let mut catalog = quarry_catalog::Catalog::open(&dir).unwrap();
    let a = catalog
        .create_account("a@example.com", "password1")
        .unwrap();
    let t1 = catalog
        .create_token(&quarry_catalog::Actor::Operator, a.id, None)
        .unwrap()
        .value;
    let t2 = catalog
        .create_token(&quarry_catalog::Actor::Operator, a.id, None)
        .unwrap()
        .value;
    catalog
        .register_dataset(
            &quarry_catalog::Actor::Operator,
            "cities",
            a.id,
            &imported.file_name,
            imported.row_count,
        )
        .unwrap();
    (dir, t1, t2)
}

fn serve(state: AppState, limits: Limits) -> std::net::SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            quarry_server::listener::serve(
                listener,
                quarry_server::app(state),
                &limits,
                std::future::pending(),
                || {},
            )
            .await
            .unwrap();
        });
    });
    addr
}

/// Sends a query and returns the connection and the status line with the
/// headers.
fn open_query(addr: std::net::SocketAddr, token: &str) -> (BufReader<TcpStream>, String) {
    let body = serde_json::json!({"query_string": "cities in Germany", "dataset_id": "cities"})
        .to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "POST /v1/query HTTP/1.1\r\nHost: {addr}\r\napikey: {token}\r\n\
         Content-Type: application/json\r\nAccept: text/event-stream\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reader = BufReader::new(s);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" || line.is_empty() {
            break;
        }
        head.push_str(&line);
    }
    (reader, head)
}

#[test]
fn open_streams_per_key_are_capped_and_freed_when_the_client_leaves() {
    let (dir, token, other_token) = data_dir();
    let limits = Limits {
        concurrent_streams: 2,
        ..Limits::default()
    };
    let state = AppState::build(
        &dir,
        Duration::from_secs(60),
        Arc::new(UntilCancelled),
        limits.clone(),
    )
    .unwrap();
    let addr = serve(state.clone(), limits);

    let (first, head) = open_query(addr, &token);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let (_second, head) = open_query(addr, &token);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");

    // The third stream of the same key is refused before its body is read.
    let (mut third, head) = open_query(addr, &token);
    assert!(head.starts_with("HTTP/1.1 429"), "{head}");
    let lower = head.to_ascii_lowercase();
    assert!(lower.contains("retry-after: 1"), "{head}");
    assert!(
        lower.contains("ratelimit-policy: \"default\";q=60000;w=60"),
        "{head}"
    );
    let mut body = String::new();
    let len: usize = lower
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let mut buf = vec![0u8; len];
    third.read_exact(&mut buf).unwrap();
    body.push_str(&String::from_utf8_lossy(&buf));
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["error_code"], "RATE_LIMITED");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("2 open query streams"),
        "{v}"
    );

    // Another key of the same account has its own slots.
    let (_other, head) = open_query(addr, &other_token);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");

    // The first client hangs up: its slot comes back.
    first
        .into_inner()
        .shutdown(std::net::Shutdown::Both)
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_s, head) = open_query(addr, &token);
        if head.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(head.starts_with("HTTP/1.1 429"), "{head}");
        assert!(Instant::now() < deadline, "the slot was not given back");
        std::thread::sleep(Duration::from_millis(100));
    }
}
