//! `GET /metrics` on the real `quarry serve`: read with a Prometheus
//! text-format parser (`prometheus-parse`), no API key needed, counters
//! that move as requests are made, no token or dataset id in it, and on an
//! address of its own with `--metrics-addr`.

use crate::harness::{self, read_events, template, Server};

use prometheus_parse::{Scrape, Value};
use serde_json::json;

/// The scrape, parsed; asserts the status and the content type.
fn scrape(http: &reqwest::blocking::Client, url: &str) -> (String, Scrape) {
    let resp = http.get(url).send().unwrap();
    assert_eq!(resp.status(), 200);
    let ct = resp.headers()["content-type"].to_str().unwrap().to_string();
    assert!(ct.starts_with("application/openmetrics-text"), "{ct}");
    let text = resp.text().unwrap();
    assert!(text.ends_with("# EOF\n"), "{text}");
    let parsed = Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap();
    assert!(parsed.samples.len() > 10, "{text}");
    (text, parsed)
}

/// The value of the sample `name` with exactly these labels (0 when it is
/// absent: a counter family has no sample until its first increment).
fn value(s: &Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    s.samples
        .iter()
        .find(|x| {
            x.metric == name
                && x.labels.len() == labels.len()
                && labels.iter().all(|(k, v)| x.labels.get(k) == Some(v))
        })
        .map(|x| match x.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => v,
            _ => panic!("{name} is not a single value"),
        })
        .unwrap_or(0.0)
}

fn query(s: &Server, key: &str, phrase: &str, small: bool) -> reqwest::blocking::Response {
    s.post(
        key,
        &json!({"query_string": phrase, "dataset_id": "companies", "use_smaller_model": small}),
    )
}

#[test]
fn metrics_parse_and_counters_move_with_requests() {
    let t = template();
    let s = Server::start("metrics", &[]);
    let url = s.url("/metrics");
    // No API key: a scrape config holds no secret.
    let (_, before) = scrape(&s.http, &url);

    let q = [("route", "/v1/query"), ("status", "200")];
    let events = read_events(query(&s, &t.alice, "fintech companies in Germany", false));
    assert_eq!(events.last().unwrap()["data"]["complete"], true);
    let events = read_events(query(&s, &t.alice, "fintech companies", true));
    assert_eq!(events.last().unwrap()["data"]["complete"], true);
    // Nothing matches on the small tier (no relaxation there).
    let events = read_events(query(&s, &t.alice, "more than 900000 employees", true));
    assert_eq!(events[2]["data"]["items"], json!([]));
    assert_eq!(query(&s, "qk_not-a-key", "x", false).status(), 401);
    let resp = s
        .http
        .post(s.url("/v1/query"))
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .unwrap();
    assert_eq!(resp.status(), 401);
    assert_eq!(s.http.get(s.url("/nowhere")).send().unwrap().status(), 404);

    let (text, after) = scrape(&s.http, &url);
    let moved = |name: &str, labels: &[(&str, &str)]| {
        value(&after, name, labels) - value(&before, name, labels)
    };
    assert_eq!(moved("quarry_http_requests_total", &q), 3.0, "{text}");
    assert_eq!(
        moved(
            "quarry_http_requests_total",
            &[("route", "/v1/query"), ("status", "401")]
        ),
        2.0
    );
    assert_eq!(
        moved(
            "quarry_http_requests_total",
            &[("route", "other"), ("status", "404")]
        ),
        1.0
    );
    // The first scrape itself was counted once it had been sent.
    assert!(
        value(
            &after,
            "quarry_http_requests_total",
            &[("route", "/metrics"), ("status", "200")]
        ) >= 1.0
    );
    for (outcome, n) in [("ok", 3.0), ("invalid", 1.0), ("missing", 1.0)] {
        assert_eq!(
            moved(
                "quarry_token_authentications_total",
                &[("outcome", outcome)]
            ),
            n,
            "{outcome}: {text}"
        );
    }
    for (stage, tier, n) in [
        ("plan", "default", 1.0),
        ("sql", "default", 1.0),
        ("stream", "default", 1.0),
        ("plan", "small", 2.0),
        ("sql", "small", 2.0),
        ("stream", "small", 2.0),
    ] {
        assert_eq!(
            moved(
                "quarry_query_stage_duration_seconds_count",
                &[("stage", stage), ("tier", tier)]
            ),
            n,
            "{stage} {tier}: {text}"
        );
    }
    assert_eq!(
        moved("quarry_zero_result_answers_total", &[("tier", "small")]),
        1.0,
        "{text}"
    );
    // The gauges fall when the server drops the stream, which may be a
    // moment after the client has read `close`: wait for them, briefly.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut settled = after;
    while value(&settled, "quarry_open_streams", &[]) != 0.0
        || value(&settled, "quarry_running_queries", &[]) != 0.0
    {
        assert!(
            std::time::Instant::now() < deadline,
            "gauges never fell back to 0"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        settled = scrape(&s.http, &url).1;
    }
    // The metrics without labels are there from the first scrape.
    for family in [
        "quarry_statement_timeouts",
        "quarry_relaxations",
        "quarry_import_rows",
        "quarry_import_duration_seconds",
    ] {
        assert!(
            text.contains(&format!("# TYPE {family} ")),
            "{family}: {text}"
        );
    }
    // Counts and times only: no token, no dataset id, no phrase.
    for secret in [t.alice.as_str(), "companies", "Germany", "fintech", "qk_"] {
        assert!(!text.contains(secret), "{secret} in /metrics");
    }
}

#[test]
fn rejections_and_console_imports_are_counted() {
    let t = template();
    // Two requests a minute per key: the third is refused.
    let s = Server::start("metrics-rejected", &["--rate-per-minute", "2"]);
    let (_, before) = scrape(&s.http, &s.url("/metrics"));
    for _ in 0..2 {
        read_events(query(&s, &t.alice, "fintech", false));
    }
    assert_eq!(query(&s, &t.alice, "fintech", false).status(), 429);
    let (_, during) = scrape(&s.http, &s.url("/metrics"));
    let moved = |name: &str, labels: &[(&str, &str)]| {
        value(&during, name, labels) - value(&before, name, labels)
    };
    assert_eq!(
        moved(
            "quarry_rejected_requests_total",
            &[("reason", "rate_limit")]
        ),
        1.0
    );

    // A console upload, then one that fails.
    let mut console = harness::console::Client::new(&s);
    console.sign_in(harness::ALICE, harness::ALICE_PASSWORD);
    let csrf = console.csrf();
    let ok = console.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", "imported")],
        ("imported.csv", b"a,b\n1,x\n2,y\n3,z\n"),
    );
    assert_eq!(ok.status, 303, "{}", ok.body);
    let bad = console.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", "broken")],
        ("broken.csv", b""),
    );
    assert!((400..500).contains(&bad.status), "{}", bad.body);
    let (text, after) = scrape(&s.http, &s.url("/metrics"));
    let moved = |name: &str, labels: &[(&str, &str)]| {
        value(&after, name, labels) - value(&before, name, labels)
    };
    assert_eq!(
        moved("quarry_imports_total", &[("outcome", "ok")]),
        1.0,
        "{text}"
    );
    assert_eq!(moved("quarry_imports_total", &[("outcome", "failed")]), 1.0);
    assert_eq!(moved("quarry_import_rows_total", &[]), 3.0);
    assert_eq!(moved("quarry_import_duration_seconds_count", &[]), 2.0);
}

#[test]
fn metrics_addr_serves_them_apart_from_the_api() {
    let metrics_addr = format!("127.0.0.1:{}", harness::free_port());
    let s = Server::start("metrics-addr", &["--metrics-addr", &metrics_addr]);
    // Not on the API's address any more…
    assert_eq!(s.http.get(s.url("/metrics")).send().unwrap().status(), 404);
    // …but on its own, and nothing else is there.
    let url = format!("http://{metrics_addr}/metrics");
    let (text, _) = scrape(&s.http, &url);
    assert!(text.contains("quarry_http_requests_total{route=\"/metrics\",status=\"404\"} 1"));
    let other = s
        .http
        .get(format!("http://{metrics_addr}/healthz"))
        .send()
        .unwrap();
    assert_eq!(other.status(), 404);
}
