//! The contract's response shapes: the SSE stream and the error body.

use std::io::{BufRead, BufReader};

use reqwest::blocking::Response;
use serde_json::Value;

/// Reads an SSE body frame by frame as it arrives and returns the
/// envelopes: every frame must be `data: <json>\n\n` or the keep-alive
/// comment, and nothing may follow `close`.
pub fn read_events(resp: Response) -> Vec<Value> {
    let mut reader = BufReader::new(resp);
    let mut events = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if line == ": keep-alive\n" {
            let mut blank = String::new();
            reader.read_line(&mut blank).unwrap();
            assert_eq!(blank, "\n");
            continue;
        }
        let json = line
            .strip_prefix("data: ")
            .and_then(|l| l.strip_suffix('\n'))
            .unwrap_or_else(|| panic!("not an SSE data line: {line:?}"));
        events.push(serde_json::from_str::<Value>(json).unwrap());
        let mut blank = String::new();
        reader.read_line(&mut blank).unwrap();
        assert_eq!(blank, "\n", "an event must end with a blank line");
        if events.last().unwrap()["type"] == "close" {
            let mut rest = String::new();
            assert_eq!(reader.read_line(&mut rest).unwrap(), 0, "{rest:?}");
            break;
        }
    }
    events
}

/// Asserts the contract's error shape (a request id, a JSON object of
/// exactly `error` and `error_code`, both strings) and returns (status,
/// code, message).
pub fn error_of(resp: Response) -> (u16, String, String) {
    let status = resp.status().as_u16();
    assert!(resp.headers().contains_key("x-request-id"));
    let ct = resp.headers()["content-type"].to_str().unwrap().to_string();
    assert!(ct.starts_with("application/json"), "{ct}");
    let body: Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    let obj = body.as_object().expect("error body is an object");
    assert_eq!(obj.len(), 2, "exactly error and error_code: {body}");
    (
        status,
        obj["error_code"].as_str().unwrap().to_string(),
        obj["error"]
            .as_str()
            .expect("error is a string")
            .to_string(),
    )
}

/// Asserts the error shape, this status and code, and a message; returns
/// the message.
pub fn assert_error(resp: Response, status: u16, code: &str) -> String {
    let (got_status, got_code, message) = error_of(resp);
    assert_eq!(got_status, status, "{got_code}: {message}");
    assert_eq!(got_code, code, "{message}");
    assert!(!message.is_empty());
    message
}
