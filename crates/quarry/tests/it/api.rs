//! `POST /v1/query` against the real `quarry serve` on 127.0.0.1, set up
//! through the real operator commands, with a real HTTP client that reads
//! the stream as it arrives. One test per error row of DESIGN §1.

use crate::harness;

use std::ops::Deref;

use harness::{assert_error, companies_template, quarry, read_events, ALICE};
use reqwest::blocking::{RequestBuilder, Response};
use serde_json::{json, Value};

/// A running `quarry serve` over a copy of [`companies_template`], with
/// Alice's first token as the key of every request unless a test says
/// otherwise, and Bob's at hand.
struct Server {
    inner: harness::Server,
    token: String,
    other_token: String,
}

impl Deref for Server {
    type Target = harness::Server;
    fn deref(&self) -> &harness::Server {
        &self.inner
    }
}

impl Server {
    fn start(name: &str) -> Server {
        let t = companies_template();
        Server {
            inner: harness::Server::start_from(&t.dir, name, &[]),
            token: t.alice.clone(),
            other_token: t.bob.clone(),
        }
    }

    fn query(&self) -> RequestBuilder {
        self.query_with(&[])
    }

    /// A query request with the usual headers, each of which `overrides`
    /// may replace (`Some`) or remove (`None`).
    fn query_with(&self, overrides: &[(&'static str, Option<&str>)]) -> RequestBuilder {
        self.query_request(&self.token, overrides)
    }

    fn send_json(&self, body: Value) -> Response {
        self.post(&self.token, &body)
    }
}

fn is_item_key(k: &str) -> bool {
    let b = k.as_bytes();
    b.len() > 4
        && b[..3].iter().all(u8::is_ascii_digit)
        && b[3] == b'_'
        && b[4..]
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
}

fn check_stream(events: &[Value], limit: usize) {
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["thoughts", "sql", "results", "close"]);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    for e in events {
        let obj = e.as_object().unwrap();
        assert_eq!(obj.len(), 3, "{e}");
        assert!(obj["data"].is_object());
        let created = obj["created"].as_i64().expect("created is an integer");
        assert!(
            (now - 120..=now + 5).contains(&created),
            "created in seconds: {created}"
        );
    }
    let thoughts = &events[0]["data"];
    for k in ["filters", "traits", "key_phrases"] {
        assert!(
            thoughts[k].as_array().unwrap().iter().all(Value::is_string),
            "{k}: {thoughts}"
        );
    }
    assert!(thoughts["metadata"].is_string());
    let sql = events[1]["data"]["sql"].as_str().unwrap();
    assert!(sql.starts_with("SELECT "), "{sql}");
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert!(items.len() <= limit);
    for it in items {
        assert!(it["id"].is_string());
        let item = it["item"].as_object().unwrap();
        let keys: Vec<&String> = item.keys().collect();
        assert_eq!(
            keys,
            [
                "001_company_name",
                "002_country",
                "003_employees",
                "004_founded",
                "005_description"
            ],
            "column order"
        );
        assert!(keys.iter().all(|k| is_item_key(k)));
        assert!(item.values().all(Value::is_string), "{it}");
    }
    assert_eq!(events[3]["data"], json!({"complete": true}));
}

#[test]
fn happy_path_streams_four_events_in_order() {
    let s = Server::start("happy");
    let resp = s.send_json(json!({
        "query_string": "fintech companies in Germany",
        "dataset_id": "companies",
        "limit": 2
    }));
    assert_eq!(resp.status(), 200);
    let h = resp.headers();
    assert_eq!(h["content-type"], "text/event-stream");
    assert_eq!(h["cache-control"], "no-cache");
    assert_eq!(h["x-accel-buffering"], "no");
    assert!(h.contains_key("x-request-id"));
    let events = read_events(resp);
    check_stream(&events, 2);
    let items = events[2]["data"]["items"].as_array().unwrap();
    assert!(!items.is_empty(), "{events:?}");
    for it in items {
        assert_eq!(it["item"]["002_country"], "Germany", "{it}");
    }
}

#[test]
fn small_tier_and_defaults_stream_the_same_shape() {
    let s = Server::start("small");
    let resp = s.send_json(json!({
        "query_string": "companies with more than 500 employees",
        "dataset_id": "companies",
        "use_smaller_model": true,
        "unknown_member": "ignored"
    }));
    assert_eq!(resp.status(), 200);
    check_stream(&read_events(resp), 10);
    // No Accept header at all also streams.
    let resp = s
        .http
        .post(format!("{}/v1/query", s.base))
        .header("apikey", &s.token)
        .header("Content-Type", "application/json; charset=utf-8")
        .body(json!({"query_string": "fintech", "dataset_id": "companies"}).to_string())
        .send()
        .unwrap();
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    check_stream(&read_events(resp), 10);
}

#[test]
fn zero_matches_name_the_most_restrictive_conditions() {
    let s = Server::start("zero");
    let ask = |phrase: &str, small: bool| {
        let events = read_events(s.send_json(json!({
            "query_string": phrase,
            "dataset_id": "companies",
            "use_smaller_model": small
        })));
        check_stream(&events, 10);
        assert_eq!(events[2]["data"]["items"], json!([]), "{events:?}");
        events[0]["data"]["metadata"].as_str().unwrap().to_string()
    };
    // Each condition matches records alone; together none.
    let m = ask("companies in France with more than 1000 employees", false);
    assert!(
        m.contains("the most restrictive: country = 'France'"),
        "{m}"
    );
    assert!(m.contains("employees > 1000: 2"), "{m}");
    // The small tier runs no probes (DESIGN: it saves run time): it says
    // nothing matched, without counts.
    let m = ask("companies in France with more than 1000 employees", true);
    assert!(
        m.contains("No record matched every condition together."),
        "{m}"
    );
    assert!(!m.contains("most restrictive"), "{m}");
    // One condition matches nothing even alone (no relaxation applies:
    // both are exact).
    let m = ask("companies in Spain with more than 5000 employees", false);
    assert!(
        m.contains("employees > 5000 matches no record at all"),
        "{m}"
    );
    assert!(m.contains("country = 'Spain': 1"), "{m}");
}

#[test]
fn accept_application_json_gets_the_four_envelopes_as_an_array() {
    let s = Server::start("json");
    let resp = s
        .query_with(&[("accept", Some("application/json"))])
        .body(
            json!({"query_string": "remote-first", "dataset_id": "companies", "limit": 1})
                .to_string(),
        )
        .send()
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(resp.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let events: Vec<Value> = serde_json::from_str(&resp.text().unwrap()).unwrap();
    check_stream(&events, 1);
}

#[test]
fn request_ids_are_echoed_when_valid() {
    let s = Server::start("reqid");
    let r = s
        .http
        .get(format!("{}/healthz", s.base))
        .header("X-Request-Id", "trace-123")
        .send()
        .unwrap();
    assert_eq!(r.headers()["x-request-id"], "trace-123");
    let r = s
        .http
        .get(format!("{}/healthz", s.base))
        .header("X-Request-Id", "bad id with spaces")
        .send()
        .unwrap();
    assert_ne!(r.headers()["x-request-id"], "bad id with spaces");
}

#[test]
fn openapi_document_is_3_1_version_1_0_0() {
    let s = Server::start("openapi");
    let text = s
        .http
        .get(format!("{}/v1/openapi.json", s.base))
        .send()
        .unwrap()
        .text()
        .unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(doc["info"]["version"], "1.0.0");
    let op = &doc["paths"]["/v1/query"]["post"];
    assert_eq!(op["operationId"], "queryDataset");
    assert!(op["responses"]["200"]["content"]["text/event-stream"].is_object());
    assert_eq!(
        doc["components"]["securitySchemes"]["apikey"]["name"],
        "apikey"
    );
}

// ----- the error rows of DESIGN §1 ---------------------------------------

fn valid_body() -> Value {
    json!({"query_string": "fintech", "dataset_id": "companies"})
}

#[test]
fn missing_api_key_is_401() {
    let s = Server::start("nokey");
    let r = s
        .http
        .post(format!("{}/v1/query", s.base))
        .header("Content-Type", "application/json")
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_error(r, 401, "MISSING_API_KEY");
    let r = s
        .query_with(&[("apikey", Some(""))])
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_error(r, 401, "MISSING_API_KEY");
}

#[test]
fn bad_api_key_is_401() {
    let s = Server::start("badkey");
    for key in [
        "nonsense",
        "qk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        &s.token[..s.token.len() - 1],
    ] {
        let r = s
            .query_with(&[("apikey", Some(key))])
            .body(valid_body().to_string())
            .send()
            .unwrap();
        assert_error(r, 401, "INVALID_API_KEY");
    }
}

#[test]
fn authentication_comes_before_any_look_at_the_body() {
    let s = Server::start("authfirst");
    let r = s
        .http
        .post(format!("{}/v1/query", s.base))
        .header("apikey", "qk_wrong")
        .header("Content-Type", "text/plain")
        .body("not json at all")
        .send()
        .unwrap();
    assert_error(r, 401, "INVALID_API_KEY");
}

#[test]
fn deleted_key_is_refused_on_the_next_request() {
    let s = Server::start("deleted");
    let r = s.query().body(valid_body().to_string()).send().unwrap();
    assert_eq!(r.status(), 200);
    read_events(r);
    quarry(
        &s.data_dir,
        &["token", "delete", "--account", ALICE, "token-1"],
        None,
    );
    let r = s.query().body(valid_body().to_string()).send().unwrap();
    assert_error(r, 401, "INVALID_API_KEY");
    // A token created while the server runs works at once.
    let fresh = quarry(&s.data_dir, &["token", "create", "--account", ALICE], None);
    let r = s
        .query_with(&[("apikey", Some(fresh.trim()))])
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[test]
fn no_body_is_400_invalid_json() {
    let s = Server::start("nobody");
    assert_error(s.query().send().unwrap(), 400, "INVALID_JSON");
}

#[test]
fn non_json_body_is_400_invalid_json() {
    let s = Server::start("nonjson");
    let r = s.query().body("{\"query_string\": ").send().unwrap();
    assert_error(r, 400, "INVALID_JSON");
}

#[test]
fn array_body_is_400_invalid_json() {
    let s = Server::start("array");
    let r = s
        .query()
        .body(json!([valid_body()]).to_string())
        .send()
        .unwrap();
    assert_error(r, 400, "INVALID_JSON");
    let r = s.query().body("\"a string\"").send().unwrap();
    assert_error(r, 400, "INVALID_JSON");
}

#[test]
fn missing_fields_are_400_missing_parameter() {
    let s = Server::start("missing");
    let m = assert_error(
        s.send_json(json!({"dataset_id": "companies"})),
        400,
        "MISSING_PARAMETER",
    );
    assert!(m.contains("query_string"), "{m}");
    let m = assert_error(
        s.send_json(json!({"query_string": "x"})),
        400,
        "MISSING_PARAMETER",
    );
    assert!(m.contains("dataset_id"), "{m}");
    let m = assert_error(
        s.send_json(json!({"query_string": null, "dataset_id": "companies"})),
        400,
        "MISSING_PARAMETER",
    );
    assert!(m.contains("query_string"), "{m}");
    assert_error(s.send_json(json!({})), 400, "MISSING_PARAMETER");
}

fn with(key: &str, value: Value) -> Value {
    let mut b = valid_body();
    b[key] = value;
    b
}

fn assert_limit_rejected(value: Value) {
    let s = Server::start("limit");
    let m = assert_error(s.send_json(with("limit", value)), 400, "INVALID_PARAMETER");
    assert_eq!(m, "limit must be an integer between 1 and 100");
}

#[test]
fn limit_as_a_string_is_400() {
    assert_limit_rejected(json!("10"));
}

#[test]
fn limit_as_a_float_is_400() {
    assert_limit_rejected(json!(10.5));
}

#[test]
fn limit_zero_is_400() {
    assert_limit_rejected(json!(0));
}

#[test]
fn limit_101_is_400() {
    assert_limit_rejected(json!(101));
}

#[test]
fn limit_bounds_are_accepted() {
    let s = Server::start("limitok");
    for l in [1, 100] {
        let r = s.send_json(with("limit", json!(l)));
        assert_eq!(r.status(), 200);
        check_stream(&read_events(r), l);
    }
}

#[test]
fn use_smaller_model_yes_is_400() {
    let s = Server::start("smallyes");
    let m = assert_error(
        s.send_json(with("use_smaller_model", json!("yes"))),
        400,
        "INVALID_PARAMETER",
    );
    assert!(m.contains("use_smaller_model"), "{m}");
}

#[test]
fn empty_query_string_is_400() {
    let s = Server::start("emptyq");
    for q in ["", "   \t "] {
        let m = assert_error(
            s.send_json(with("query_string", json!(q))),
            400,
            "INVALID_PARAMETER",
        );
        assert!(m.contains("query_string"), "{m}");
    }
}

#[test]
fn query_string_of_2001_characters_is_400() {
    let s = Server::start("longq");
    let m = assert_error(
        s.send_json(with("query_string", json!("é".repeat(2001)))),
        400,
        "INVALID_PARAMETER",
    );
    assert!(m.contains("query_string"), "{m}");
    let r = s.send_json(with("query_string", json!("é".repeat(2000))));
    assert_eq!(r.status(), 200);
    read_events(r);
}

#[test]
fn nul_in_query_string_is_400() {
    let s = Server::start("nul");
    let m = assert_error(
        s.send_json(with("query_string", json!("fintech\u{0000}"))),
        400,
        "INVALID_PARAMETER",
    );
    assert!(m.contains("query_string"), "{m}");
}

#[test]
fn unknown_dataset_is_404_invalid_dataset() {
    let s = Server::start("unknownds");
    let m = assert_error(
        s.send_json(with("dataset_id", json!("nope"))),
        404,
        "INVALID_DATASET",
    );
    assert_eq!(m, "The dataset identifier is invalid.");
}

#[test]
fn another_accounts_dataset_is_404_not_403() {
    let s = Server::start("otherds");
    let m = assert_error(
        s.send_json(with("dataset_id", json!("bobs-companies"))),
        404,
        "INVALID_DATASET",
    );
    assert_eq!(m, "The dataset identifier is invalid.");
    // Bob himself gets it.
    let r = s
        .query_with(&[("apikey", Some(&s.other_token))])
        .body(with("dataset_id", json!("bobs-companies")).to_string())
        .send()
        .unwrap();
    assert_eq!(r.status(), 200);
    read_events(r);
}

#[test]
fn wrong_content_type_is_415() {
    let s = Server::start("415");
    let r = s
        .query_with(&[("content-type", Some("text/plain"))])
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_error(r, 415, "UNSUPPORTED_MEDIA_TYPE");
    let r = s
        .http
        .post(format!("{}/v1/query", s.base))
        .header("apikey", &s.token)
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_error(r, 415, "UNSUPPORTED_MEDIA_TYPE");
}

#[test]
fn body_over_64_kib_is_413() {
    let s = Server::start("413");
    let big = with("padding", json!("x".repeat(64 * 1024)));
    let r = s.send_json(big);
    // The body is not read to its end, so the connection is not reused:
    // the answer says so, and a keep-alive client opens a new one.
    assert_eq!(r.headers()["connection"], "close");
    assert_error(r, 413, "PAYLOAD_TOO_LARGE");
}

#[test]
fn unacceptable_accept_is_406() {
    let s = Server::start("406");
    let r = s
        .query_with(&[("accept", Some("text/html"))])
        .body(valid_body().to_string())
        .send()
        .unwrap();
    assert_error(r, 406, "NOT_ACCEPTABLE");
}

#[test]
fn wrong_method_is_405_with_allow() {
    let s = Server::start("405");
    for r in [
        s.http.get(format!("{}/v1/query", s.base)).send().unwrap(),
        s.http
            .delete(format!("{}/v1/query", s.base))
            .send()
            .unwrap(),
    ] {
        assert_eq!(r.headers()["allow"], "POST");
        assert_error(r, 405, "METHOD_NOT_ALLOWED");
    }
    let r = s.http.post(format!("{}/healthz", s.base)).send().unwrap();
    assert!(r.headers()["allow"].to_str().unwrap().contains("GET"));
    assert_error(r, 405, "METHOD_NOT_ALLOWED");
}

#[test]
fn unknown_path_is_404_not_found() {
    let s = Server::start("404");
    for path in ["/", "/v1", "/v2/query", "/v1/query/extra"] {
        let r = s.http.post(format!("{}{path}", s.base)).send().unwrap();
        assert_error(r, 404, "NOT_FOUND");
    }
}

// ----- hostile phrases ----------------------------------------------------

/// The SQL with its string literals and quoted identifiers blanked out, so
/// what is left is the statement's structure.
fn structure(sql: &str) -> String {
    let mut out = String::new();
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' || c == '"' {
            // A quoted run; a doubled quote stays inside it.
            loop {
                match chars.next() {
                    Some(q) if q == c => {
                        if chars.peek() == Some(&c) {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    Some(_) => {}
                    None => panic!("unterminated quote in {sql}"),
                }
            }
            out.push_str(if c == '\'' { "'?'" } else { "\"?\"" });
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn hostile_phrases_cannot_change_the_sql_structure() {
    let s = Server::start("hostile");
    let before = s.dataset_digest("companies");
    let phrases = [
        "fintech'; DROP TABLE companies; --",
        "Germany\" OR 1=1 /* comment */ --",
        "x'); DELETE FROM companies WHERE ('1'='1",
        "companies ʼ OR ʼ1ʼ=ʼ1 ； DROP TABLE companies －－",
        "more than 500 employees' UNION SELECT * FROM sqlite_master --",
        "NEAR(fintech bank) * ^ \"unbalanced",
        "fintech\\' ; ATTACH DATABASE '/tmp/x' AS x; --",
    ];
    for p in phrases {
        for small in [false, true] {
            let r = s.send_json(json!({
                "query_string": p,
                "dataset_id": "companies",
                "use_smaller_model": small
            }));
            assert_eq!(r.status(), 200, "{p}");
            let events = read_events(r);
            let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
            assert_eq!(
                types,
                ["thoughts", "sql", "results", "close"],
                "{p}: {events:?}"
            );
            assert_eq!(events[3]["data"]["complete"], true, "{p}");
            let sql = events[1]["data"]["sql"].as_str().unwrap();
            let shape = structure(sql);
            assert!(shape.starts_with("SELECT "), "{shape}");
            for bad in [
                ";",
                "--",
                "/*",
                "DROP",
                "DELETE",
                "UNION",
                "ATTACH",
                "sqlite_master",
            ] {
                assert!(!shape.contains(bad), "{p}: {bad} outside literals in {sql}");
            }
        }
    }
    // The dataset still answers and its file did not change.
    let r = s.send_json(valid_body());
    check_stream(&read_events(r), 10);
    // The server may keep the file open; give SQLite nothing to flush and
    // compare the bytes (PostgreSQL: the table's rows).
    assert_eq!(s.dataset_digest("companies"), before, "the dataset changed");
}

/// The whole contract suite again, with the catalog and the datasets in
/// PostgreSQL (`--database-url`): the same test bodies, each server on a
/// copy of the template's database.
mod on_postgresql {
    macro_rules! again {
        ($($test:ident),* $(,)?) => {
            $(
                #[test]
                fn $test() {
                    crate::harness::on_postgresql(super::$test)
                }
            )*
        };
    }

    again!(
        happy_path_streams_four_events_in_order,
        small_tier_and_defaults_stream_the_same_shape,
        zero_matches_name_the_most_restrictive_conditions,
        accept_application_json_gets_the_four_envelopes_as_an_array,
        request_ids_are_echoed_when_valid,
        openapi_document_is_3_1_version_1_0_0,
        missing_api_key_is_401,
        bad_api_key_is_401,
        authentication_comes_before_any_look_at_the_body,
        deleted_key_is_refused_on_the_next_request,
        no_body_is_400_invalid_json,
        non_json_body_is_400_invalid_json,
        array_body_is_400_invalid_json,
        missing_fields_are_400_missing_parameter,
        limit_as_a_string_is_400,
        limit_as_a_float_is_400,
        limit_zero_is_400,
        limit_101_is_400,
        limit_bounds_are_accepted,
        use_smaller_model_yes_is_400,
        empty_query_string_is_400,
        query_string_of_2001_characters_is_400,
        nul_in_query_string_is_400,
        unknown_dataset_is_404_invalid_dataset,
        another_accounts_dataset_is_404_not_403,
        wrong_content_type_is_415,
        body_over_64_kib_is_413,
        unacceptable_accept_is_406,
        wrong_method_is_405_with_allow,
        unknown_path_is_404_not_found,
        hostile_phrases_cannot_change_the_sql_structure,
    );
}
