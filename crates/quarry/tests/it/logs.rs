//! `quarry serve --log-format json`: the real server's stderr read back as
//! JSON lines: one line per request with its id, route, status, account
//! (never the token), dataset, tier, rows and stage timings; an error with
//! the request id its client was given.

use std::time::{Duration, Instant};

use crate::harness::{read_events, template, Server};

use serde_json::{json, Value};

/// Every line of the log, each of which must be a JSON object.
fn lines(s: &Server) -> Vec<Value> {
    s.log()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l)
                .unwrap_or_else(|e| panic!("not a JSON line ({e}): {l:?}"))
        })
        .collect()
}

/// The request line of `id`, waiting for it: it is written once the
/// answer's last byte has left.
fn request_line(s: &Server, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(l) = lines(s)
            .into_iter()
            .find(|l| l["message"] == "request" && l["request_id"] == id)
        {
            return l;
        }
        assert!(
            Instant::now() < deadline,
            "no request line for {id}:\n{}",
            s.log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn request_id(resp: &reqwest::blocking::Response) -> String {
    resp.headers()["x-request-id"].to_str().unwrap().to_string()
}

#[test]
fn json_logs_have_one_line_per_request_with_its_fields() {
    let t = template();
    let s = Server::start("logs-json", &["--log-format", "json"]);

    let resp = s.post(
        &t.alice,
        &json!({"query_string": "fintech companies in Germany", "dataset_id": "companies", "limit": 2}),
    );
    let id = request_id(&resp);
    let events = read_events(resp);
    let rows = events[2]["data"]["items"].as_array().unwrap().len();
    let line = request_line(&s, &id);
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["path"], "/v1/query");
    assert_eq!(line["method"], "POST");
    assert_eq!(line["status"], 200);
    assert!(line["account_id"].as_i64().unwrap() > 0, "{line}");
    assert_eq!(line["dataset"], "companies");
    assert_eq!(line["tier"], "default");
    assert_eq!(line["rows"], rows as u64);
    for stage in ["plan_ms", "sql_ms", "stream_ms", "elapsed_ms"] {
        assert!(line[stage].as_f64().unwrap() >= 0.0, "{stage}: {line}");
    }
    assert!(line["timestamp"].is_string());

    // The small tier, and a refused key: the line says so, with no account.
    let resp = s.post(
        &t.alice,
        &json!({"query_string": "fintech", "dataset_id": "companies", "use_smaller_model": true}),
    );
    let id = request_id(&resp);
    read_events(resp);
    assert_eq!(request_line(&s, &id)["tier"], "small");
    let resp = s.post(
        "qk_wrong",
        &json!({"query_string": "x", "dataset_id": "companies"}),
    );
    let id = request_id(&resp);
    assert_eq!(resp.status(), 401);
    let line = request_line(&s, &id);
    assert_eq!(line["status"], 401);
    assert_eq!(line["error_code"], "INVALID_API_KEY");
    assert!(line.get("account_id").is_none(), "{line}");

    // An internal error: the dataset's file gone from under the server
    // (its planner is loaded, so the statement fails). Its client gets the
    // request id in the failing `close`; the log has the error under it.
    std::fs::remove_file(s.dataset_file("companies")).unwrap();
    let resp = s.post(
        &t.alice,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    let id = request_id(&resp);
    let events = read_events(resp);
    let close = &events.last().unwrap()["data"];
    assert_eq!(close["error_code"], "INTERNAL_ERROR", "{close}");
    assert!(close["error"].as_str().unwrap().contains(&id), "{close}");
    assert_eq!(request_line(&s, &id)["error_code"], "INTERNAL_ERROR");
    let errors: Vec<Value> = lines(&s)
        .into_iter()
        .filter(|l| l["level"] == "ERROR")
        .collect();
    assert!(
        errors
            .iter()
            .any(|l| l["request_id"] == id || l["span"]["request_id"] == id),
        "no error logged under {id}: {errors:?}"
    );

    // Never a token, in any line.
    let log = s.log();
    for token in [&t.alice, &t.alice_second, &t.bob] {
        assert!(!log.contains(token.as_str()), "a token in the log");
    }
    assert!(!log.contains("qk_wrong"));
}

#[test]
fn text_logs_are_the_default() {
    let s = Server::start("logs-text", &[]);
    let resp = s.http.get(s.url("/healthz")).send().unwrap();
    let id = request_id(&resp);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !s.log().contains(&id) {
        assert!(Instant::now() < deadline, "{}", s.log());
        std::thread::sleep(Duration::from_millis(50));
    }
    let line = s
        .log()
        .lines()
        .find(|l| l.contains(&id))
        .unwrap()
        .to_string();
    assert!(serde_json::from_str::<Value>(&line).is_err(), "{line}");
    assert!(line.contains("status=200"), "{line}");
}
