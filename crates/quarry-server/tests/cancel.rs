//! Work stops when the client goes away, and a statement that runs too long
//! ends the stream with a failing `close`. The real router is served
//! in-process on 127.0.0.1 over a real dataset file; the planner cannot be
//! made to write a slow statement, so the engine here runs the real
//! read-only SQLite reader on a statement that never finishes by itself (a
//! recursive CTE that scans forever), or, for the disconnect case, is
//! wrapped to report how its run ended.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use quarry_planner::DatasetProfile;
use quarry_server::{AppState, EngineFailure, EngineRows, QueryEngine, SqliteEngine};

/// Runs, instead of the planned statement, one that only an interrupt ends,
/// through the production engine, and reports the outcome.
struct EndlessStatement {
    outcome: Mutex<Option<mpsc::Sender<Result<usize, EngineFailure>>>>,
}

impl QueryEngine for EndlessStatement {
    fn run(
        &self,
        dataset_file: &Path,
        profile: &DatasetProfile,
        _sql: &str,
        limit: u32,
        cancel: &Arc<AtomicBool>,
        timeout: Duration,
    ) -> Result<EngineRows, EngineFailure> {
        // Same shape as a rendered statement: the row number, then every
        // column; the WHERE clause is never true, so it counts forever.
        let columns: Vec<String> = profile
            .columns
            .iter()
            .map(|c| format!("'' AS \"{}\"", c.name))
            .collect();
        let sql = format!(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) \
             SELECT x AS _row, {} FROM c WHERE x < 0 LIMIT 1",
            columns.join(", ")
        );
        let r = SqliteEngine.run(dataset_file, profile, &sql, limit, cancel, timeout);
        if let Some(tx) = self.outcome.lock().unwrap().take() {
            let _ = tx.send(
                r.as_ref()
                    .map(|rows| rows.items.len())
                    .map_err(Clone::clone),
            );
        }
        r
    }
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "server-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A data directory with one account, its token and a small dataset.
fn data_dir(name: &str) -> (PathBuf, String) {
    let dir = fresh_dir(name);
    let csv = dir.join("cities.csv");
    std::fs::write(
        &csv,
        "city,country,population\nBerlin,Germany,3600000\nParis,France,2100000\n",
    )
    .unwrap();
    let datasets = dir.join("datasets");
    std::fs::create_dir_all(&datasets).unwrap();
    let imported = quarry_dataset::import_csv(
        &csv,
        &quarry_dataset::ImportOptions::new("cities"),
        &datasets,
    )
    .unwrap();
    let mut catalog = quarry_catalog::Catalog::open(&dir).unwrap();
    let account = catalog
        .create_account("a@example.com", "password1")
        .unwrap();
    let token = catalog
        .create_token(&quarry_catalog::Actor::Operator, account.id, None)
        .unwrap()
        .value;
    catalog
        .register_dataset(
            &quarry_catalog::Actor::Operator,
            "cities",
            account.id,
            &imported.file_name,
            imported.row_count,
        )
        .unwrap();
    (dir, token)
}

/// Serves the real router through the production accept loop on a free
/// port in a background runtime, until `shutdown` is sent (or forever).
/// Returns the address and the server thread.
fn serve_until(
    state: AppState,
    limits: quarry_server::Limits,
    shutdown: Option<tokio::sync::oneshot::Receiver<()>>,
) -> (std::net::SocketAddr, std::thread::JoinHandle<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let stopper = state.clone();
            quarry_server::listener::serve(
                listener,
                quarry_server::app(state),
                &limits,
                async {
                    match shutdown {
                        Some(rx) => {
                            let _ = rx.await;
                        }
                        None => std::future::pending().await,
                    }
                },
                move || stopper.stop_streams(),
            )
            .await
            .unwrap();
        });
    });
    (addr, thread)
}

fn serve(state: AppState) -> std::net::SocketAddr {
    serve_until(state, quarry_server::Limits::default(), None).0
}

/// Reads the response until its `close` event has arrived (the connection
/// may stay open) and returns the events, after checking they are
/// `thoughts`, `sql`, `close`.
fn events_until_close(stream: &mut TcpStream, mut raw: Vec<u8>) -> Vec<serde_json::Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&raw).contains("\"type\":\"close\"") {
        assert!(Instant::now() < deadline, "no close event");
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "connection closed before the close event");
        raw.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&raw);
    let events: Vec<serde_json::Value> = text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["thoughts", "sql", "close"], "{text}");
    events
}

fn post_query(addr: std::net::SocketAddr, token: &str, phrase: &str) -> TcpStream {
    let body = serde_json::json!({"query_string": phrase, "dataset_id": "cities"}).to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST /v1/query HTTP/1.1\r\nHost: {addr}\r\napikey: {token}\r\n\
         Content-Type: application/json\r\nAccept: text/event-stream\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s
}

#[test]
fn a_client_that_disconnects_mid_stream_interrupts_the_statement() {
    let (dir, token) = data_dir("disconnect");
    let (tx, rx) = mpsc::channel();
    let engine = Arc::new(EndlessStatement {
        outcome: Mutex::new(Some(tx)),
    });
    // A time-out far beyond the test: only the disconnect can stop it.
    let state = AppState::with_engine(&dir, Duration::from_secs(600), engine).unwrap();
    let addr = serve(state);

    let stream = post_query(addr, &token, "cities in Germany");
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    // The statement is running now (the default tier runs it before the
    // first event); give it a moment, then hang up.
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        rx.try_recv().is_err(),
        "the endless statement must still be running"
    );
    let started = Instant::now();
    reader
        .into_inner()
        .shutdown(std::net::Shutdown::Both)
        .unwrap();

    let outcome = rx
        .recv_timeout(Duration::from_secs(15))
        .expect("the statement was not interrupted after the client left");
    assert_eq!(outcome, Err(EngineFailure::Cancelled));
    assert!(started.elapsed() < Duration::from_secs(15));
}

#[test]
fn a_statement_past_the_time_out_ends_the_stream_with_a_failing_close() {
    let (dir, token) = data_dir("timeout");
    let (tx, rx) = mpsc::channel();
    let engine = Arc::new(EndlessStatement {
        outcome: Mutex::new(Some(tx)),
    });
    let state = AppState::with_engine(&dir, Duration::from_millis(300), engine).unwrap();
    let addr = serve(state);

    let mut stream = post_query(addr, &token, "cities in Germany");
    let events = events_until_close(&mut stream, Vec::new());
    assert_eq!(
        rx.recv_timeout(Duration::from_secs(5)).unwrap(),
        Err(EngineFailure::Timeout)
    );
    let close = &events[2]["data"];
    assert_eq!(close["complete"], false);
    assert_eq!(close["error_code"], "QUERY_TIMEOUT");
    assert_eq!(close["retryable"], true);
    assert!(close["error"].as_str().unwrap().contains("300 ms"));
}

#[test]
fn a_shutdown_ends_open_streams_with_a_service_unavailable_close() {
    let (dir, token) = data_dir("shutdown");
    let (tx, rx) = mpsc::channel();
    let engine = Arc::new(EndlessStatement {
        outcome: Mutex::new(Some(tx)),
    });
    let limits = quarry_server::Limits {
        shutdown_drain: Duration::from_millis(500),
        ..quarry_server::Limits::default()
    };
    // A time-out far beyond the test: only the shutdown can stop it.
    let state = AppState::build(&dir, Duration::from_secs(600), engine, limits.clone()).unwrap();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (addr, server) = serve_until(state, limits, Some(stop_rx));

    let mut stream = post_query(addr, &token, "cities in Germany");
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    // The headers first: the stream has started and its statement runs.
    while !String::from_utf8_lossy(&raw).contains("\r\n\r\n") {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "connection closed early");
        raw.extend_from_slice(&buf[..n]);
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(rx.try_recv().is_err(), "the statement must still run");
    let asked = Instant::now();
    stop_tx.send(()).unwrap();
    let events = events_until_close(&mut stream, raw);
    // Not before the drain period: open requests get the chance to finish.
    assert!(asked.elapsed() >= Duration::from_millis(500));
    let close = &events[2]["data"];
    assert_eq!(close["complete"], false);
    assert_eq!(close["error_code"], "SERVICE_UNAVAILABLE");
    assert_eq!(close["retryable"], true);
    assert_eq!(
        rx.recv_timeout(Duration::from_secs(5)).unwrap(),
        Err(EngineFailure::Cancelled),
        "the statement was interrupted"
    );
    // And the server finishes.
    server.join().unwrap();
    assert!(TcpStream::connect(addr).is_err(), "no longer listening");
}
