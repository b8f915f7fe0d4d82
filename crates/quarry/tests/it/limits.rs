//! Rate limits, slow clients, oversized heads and the connection cap,
//! against the real `quarry serve` on 127.0.0.1.

use crate::harness;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use harness::*;
use serde_json::json;

fn rate_headers(resp: &reqwest::blocking::Response) -> (String, String) {
    let h = resp.headers();
    (
        h.get("ratelimit-policy")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default(),
        h.get("ratelimit")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default(),
    )
}

/// `"default";r=<n>;t=<n>` → (r, t).
fn parse_state(v: &str) -> (u64, u64) {
    let rest = v
        .strip_prefix("\"default\";r=")
        .unwrap_or_else(|| panic!("{v}"));
    let (r, t) = rest.split_once(";t=").unwrap_or_else(|| panic!("{v}"));
    (r.parse().unwrap(), t.parse().unwrap())
}

#[test]
fn a_burst_over_the_rate_gets_429s_with_headers_and_the_key_recovers() {
    let s = Server::start("rate", &[]);
    let t = template();
    // 30 a minute: a burst of 30, then one more every 2 s.
    let out = quarry(
        &s.data_dir,
        &[
            "account",
            "set-limits",
            "--email",
            ALICE,
            "--per-minute",
            "30",
            "--concurrent",
            "4",
        ],
        None,
    );
    assert!(out.contains("30 requests per minute"), "{out}");
    // A cheap request (refused at the fields) still counts.
    let body = json!({"dataset_id": "companies"});
    let mut allowed = 0;
    let mut refused = Vec::new();
    let mut last_remaining = u64::MAX;
    let burst = Instant::now();
    for _ in 0..40 {
        let r = s.post(&t.alice, &body);
        let (policy, state) = rate_headers(&r);
        assert_eq!(policy, "\"default\";q=30;w=60");
        let (remaining, reset) = parse_state(&state);
        if r.status() == 429 {
            let retry: u64 = r.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(remaining, 0);
            assert_eq!(reset, retry);
            assert!((1..=2).contains(&retry), "retry-after {retry}");
            let (_, code, message) = error_of(r);
            assert_eq!(code, "RATE_LIMITED");
            assert!(message.contains("retry"), "{message}");
            refused.push(retry);
        } else {
            assert_eq!(r.status(), 400);
            assert!(remaining <= last_remaining);
            last_remaining = remaining;
            if remaining > 0 {
                assert_eq!(reset, 0);
            }
            allowed += 1;
        }
    }
    // The burst, plus one request per 2 s that the burst took (a slow
    // machine may take a while over 40 requests).
    let refills = (burst.elapsed().as_secs_f64() / 2.0).ceil() as usize;
    assert!(
        (30..=30 + refills + 1).contains(&allowed),
        "{allowed} allowed in {:?}",
        burst.elapsed()
    );
    assert!(refused.len() >= 8, "{} refused", refused.len());

    // The account's other key and another account's key are not affected.
    let r = s.post(
        &t.alice_second,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    assert_eq!(r.status(), 200);
    assert_eq!(rate_headers(&r).0, "\"default\";q=30;w=60");
    read_events(r);
    let r = s.post(
        &t.bob,
        &json!({"query_string": "fintech", "dataset_id": "bobs-companies"}),
    );
    assert_eq!(r.status(), 200);
    assert_eq!(
        rate_headers(&r).0,
        "\"default\";q=60000;w=60",
        "server default"
    );
    read_events(r);

    // After Retry-After, the key is served again.
    let wait = *refused.last().unwrap();
    std::thread::sleep(Duration::from_secs(wait) + Duration::from_millis(100));
    let r = s.post(
        &t.alice,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    assert_eq!(r.status(), 200, "not recovered after Retry-After");
    read_events(r);

    // Unauthenticated answers carry no quota.
    let r = s.post("qk_wrong", &body);
    assert_eq!(r.status(), 401);
    assert!(!r.headers().contains_key("ratelimit"));
}

fn connect(s: &Server) -> TcpStream {
    let c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    c
}

/// Reads until the peer closes (or the read time-out); returns what came.
fn read_all(c: &mut TcpStream) -> (String, bool) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match c.read(&mut chunk) {
            Ok(0) => return (String::from_utf8_lossy(&buf).into_owned(), true),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(_) => return (String::from_utf8_lossy(&buf).into_owned(), false),
        }
    }
}

#[test]
fn a_client_that_trickles_its_headers_or_body_is_cut_off() {
    let s = Server::start("slow", &["--read-timeout-ms", "1000"]);
    // Headers, one byte every 200 ms: cut off after about a second although
    // bytes keep coming.
    let mut c = connect(&s);
    let started = Instant::now();
    c.write_all(b"POST /v1/query HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let mut closed = false;
    for b in b"X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
        std::thread::sleep(Duration::from_millis(200));
        if c.write_all(&[*b]).is_err() {
            closed = true;
            break;
        }
        c.set_nonblocking(true).unwrap();
        let mut probe = [0u8; 1024];
        let r = c.read(&mut probe);
        c.set_nonblocking(false).unwrap();
        if r.is_ok() {
            closed = true;
            break;
        }
        if started.elapsed() > Duration::from_secs(6) {
            break;
        }
    }
    assert!(closed, "a trickling client was not cut off");
    let took = started.elapsed();
    assert!(took < Duration::from_secs(4), "cut off after {took:?}");

    // A body that stops half way: 408 once the read time-out passes.
    let t = template();
    let mut c = connect(&s);
    let started = Instant::now();
    write!(
        c,
        "POST /v1/query HTTP/1.1\r\nHost: x\r\napikey: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"query_string\"",
        t.alice
    )
    .unwrap();
    let (answer, _) = read_all(&mut c);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("REQUEST_TIMEOUT"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("connection: close"),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn oversized_request_heads_are_refused() {
    let s = Server::start("bighead", &["--max-header-bytes", "16384"]);
    // Just over the limit, on the API and on the console: the contract's
    // error shape.
    for path in ["/healthz", "/v1/query", "/console/"] {
        let r = s
            .http
            .get(format!("{}{path}", s.base))
            .header("x-padding", "a".repeat(16 * 1024))
            .send()
            .unwrap();
        assert_eq!(r.status(), 431);
        assert_eq!(r.headers()["connection"], "close");
        let (status, code, message) = error_of(r);
        assert_eq!(status, 431);
        assert_eq!(code, "HEADERS_TOO_LARGE");
        assert!(message.contains("16384 bytes"), "{message}");
    }
    // Exactly at the limit is fine; one byte more is not.
    let raw_status = |size: usize| {
        let head = |pad: usize| {
            format!(
                "GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\nx-padding: {}\r\n\r\n",
                "a".repeat(pad)
            )
        };
        let pad = size - head(0).len();
        let mut c = TcpStream::connect(&s.addr).unwrap();
        c.write_all(head(pad).as_bytes()).unwrap();
        let mut answer = String::new();
        c.read_to_string(&mut answer).unwrap();
        answer.lines().next().unwrap_or_default().to_string()
    };
    assert_eq!(raw_status(16384), "HTTP/1.1 200 OK");
    assert_eq!(
        raw_status(16385),
        "HTTP/1.1 431 Request Header Fields Too Large"
    );
    // Far over it, hyper refuses the head before it is parsed.
    let r = s
        .http
        .get(format!("{}/healthz", s.base))
        .header("x-padding", "a".repeat(128 * 1024))
        .send();
    match r {
        Ok(r) => assert_eq!(r.status(), 431),
        // hyper may close before the client finished writing.
        Err(e) => assert!(e.is_request() || e.is_body(), "{e}"),
    }
    // And the server is still fine.
    let r = s.http.get(format!("{}/healthz", s.base)).send().unwrap();
    assert_eq!(r.status(), 200);
}

#[test]
fn connections_over_the_cap_get_503_with_retry_after() {
    let s = Server::start(
        "conncap",
        &["--max-connections", "3", "--read-timeout-ms", "8000"],
    );
    // Three connections hold every slot (half a request line each), then
    // one more asks. Under a loaded machine the server may not have
    // accepted the three yet, or (past the high-water mark, after 2 s) may
    // already have closed them as idle: then try again, a few times.
    let mut attempt = 0;
    let (mut held, answer, closed) = loop {
        attempt += 1;
        let held: Vec<TcpStream> = (0..3)
            .map(|_| {
                let mut c = connect(&s);
                c.write_all(b"GET /healthz HTTP/1.1\r\n").unwrap();
                c
            })
            .collect();
        std::thread::sleep(Duration::from_millis(200));
        let mut extra = connect(&s);
        extra
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let (answer, closed) = read_all(&mut extra);
        if answer.starts_with("HTTP/1.1 503") || attempt == 5 {
            break (held, answer, closed);
        }
        drop(held);
        std::thread::sleep(Duration::from_millis(500));
    };
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    let lower = answer.to_ascii_lowercase();
    assert!(lower.contains("retry-after: 1"), "{answer}");
    assert!(lower.contains("x-request-id:"), "{answer}");
    assert!(
        answer.contains("\"error_code\":\"SERVICE_UNAVAILABLE\""),
        "{answer}"
    );
    assert!(closed, "the over-cap connection must be closed");

    // One slot frees: a new connection is served.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut c = connect(&s);
        c.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let (answer, _) = read_all(&mut c);
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "no slot came back: {answer}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
