//! Issue 5's discovery API against the real `quarry serve` on 127.0.0.1:
//! `GET /v1/datasets` lists the key's account's datasets and nothing else,
//! `GET /v1/datasets/{id}` names the fields with the very keys `/v1/query`
//! result items carry, and both follow `/v1/query`'s rules for keys, rate
//! limits, methods and foreign or unknown datasets.

use crate::harness;

use std::collections::BTreeSet;

use harness::*;
use reqwest::blocking::Response;
use serde_json::{json, Value};

/// Alice's second dataset, with an id column; its id sorts before
/// `companies`, Bob's `bobs-companies` before both.
const CITIES_CSV: &str = "\
Code,City,Population,Coastal,Area km2,Founded
BER,Berlin,3850809,false,891.3,1237-01-01
HAM,Hamburg,1892122,true,755.2,0808-01-01
MUC,Munich,1512491,false,310.7,1158-06-14
";

fn get(s: &Server, path: &str, key: Option<&str>) -> Response {
    let mut req = s.http.get(format!("{}{path}", s.base));
    if let Some(key) = key {
        req = req.header("apikey", key);
    }
    req.send().unwrap()
}

/// A 200 with a JSON body.
fn ok_json(resp: Response) -> Value {
    assert_eq!(resp.status(), 200);
    let ct = resp.headers()["content-type"].to_str().unwrap().to_string();
    assert!(ct.starts_with("application/json"), "{ct}");
    serde_json::from_str(&resp.text().unwrap()).unwrap()
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// A server over a copy of the template, with Alice's `cities` imported.
fn server(name: &str) -> Server {
    let s = Server::start(name, &[]);
    let csv = s.data_dir.with_extension("cities.csv");
    std::fs::write(&csv, CITIES_CSV).unwrap();
    quarry(
        &s.data_dir,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "cities",
            "--account",
            ALICE,
            "--id-column",
            "code",
        ],
        None,
    );
    s
}

/// The ids and row counts of a list, after checking its shape.
fn listed(body: &Value, since: i64) -> Vec<(String, u64)> {
    let obj = body.as_object().unwrap();
    assert_eq!(obj.len(), 1, "only `datasets`: {body}");
    body["datasets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert_eq!(d.as_object().unwrap().len(), 3, "{d}");
            let updated = d["updated"].as_i64().expect("updated is Unix seconds");
            // The template was made by this test run; `cities` just now.
            assert!(
                updated >= since - 3600 && updated <= now() + 5,
                "updated {updated} is not Unix seconds of this run"
            );
            (
                d["id"].as_str().unwrap().to_string(),
                d["row_count"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_list_shows_the_accounts_own_datasets_sorted_with_row_counts() {
    let started = now();
    let s = server("disc-list");
    let t = template();
    let alice = listed(&ok_json(get(&s, "/v1/datasets", Some(&t.alice))), started);
    assert_eq!(
        alice,
        [("cities".to_string(), 3), ("companies".to_string(), 7)]
    );
    // The account's other key sees the same; the list is the account's.
    let second = listed(
        &ok_json(get(&s, "/v1/datasets", Some(&t.alice_second))),
        started,
    );
    assert_eq!(second, alice);
    let bob = listed(&ok_json(get(&s, "/v1/datasets", Some(&t.bob))), started);
    assert_eq!(bob, [("bobs-companies".to_string(), 7)]);

    // `updated` is the import time: `cities` was imported after the server
    // started, so it is not older than that.
    let body = ok_json(get(&s, "/v1/datasets", Some(&t.alice)));
    let cities = &body["datasets"][0];
    assert!(cities["updated"].as_i64().unwrap() >= started, "{cities}");

    // A dropped dataset leaves the list.
    quarry(&s.data_dir, &["dataset", "drop", "cities"], None);
    let alice = listed(&ok_json(get(&s, "/v1/datasets", Some(&t.alice))), started);
    assert_eq!(alice, [("companies".to_string(), 7)]);
}

/// The keys of every item of a `/v1/query` result.
fn result_items(s: &Server, key: &str, dataset: &str, phrase: &str) -> Vec<Value> {
    let r = s.post(
        key,
        &json!({"query_string": phrase, "dataset_id": dataset, "limit": 100}),
    );
    assert_eq!(r.status(), 200);
    let events = read_events(r);
    let results = events
        .iter()
        .find(|e| e["type"] == "results")
        .expect("a results event");
    let items = results["data"]["items"].as_array().unwrap().clone();
    assert!(!items.is_empty(), "{phrase:?} found nothing in {dataset}");
    items
}

fn field_keys(detail: &Value) -> Vec<String> {
    detail["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["key"].as_str().unwrap().to_string())
        .collect()
}

fn field<'a>(detail: &'a Value, name: &str) -> &'a Value {
    detail["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no field {name}: {detail}"))
}

#[test]
fn the_detail_names_fields_with_the_keys_of_real_result_items() {
    let s = server("disc-detail");
    let t = template();

    let detail = ok_json(get(&s, "/v1/datasets/companies", Some(&t.alice)));
    assert_eq!(detail["id"], "companies");
    assert_eq!(detail["row_count"], 7);
    assert!(detail["updated"].is_i64(), "{detail}");
    assert_eq!(detail["id_column"], Value::Null, "ids are row numbers");
    let keys = field_keys(&detail);
    assert_eq!(
        keys,
        [
            "001_company_name",
            "002_country",
            "003_employees",
            "004_founded",
            "005_description",
            "006_public"
        ]
    );
    // Every field has exactly key, name and type; the key is NNN_name.
    for (i, f) in detail["fields"].as_array().unwrap().iter().enumerate() {
        assert_eq!(f.as_object().unwrap().len(), 3, "{f}");
        assert_eq!(
            f["key"],
            format!("{:03}_{}", i + 1, f["name"].as_str().unwrap())
        );
    }
    assert_eq!(field(&detail, "company_name")["type"], "text");
    assert_eq!(field(&detail, "employees")["type"], "integer");
    assert_eq!(field(&detail, "founded")["type"], "date");
    assert_eq!(field(&detail, "public")["type"], "boolean");

    // The keys of real result items, for every row of the dataset.
    let items = result_items(&s, &t.alice, "companies", "companies");
    assert_eq!(items.len(), 7);
    let want: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    for item in &items {
        let got: BTreeSet<&str> = item["item"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(got, want, "{item}");
    }
    // Row numbers as ids.
    let ids: BTreeSet<&str> = items.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5", "6", "7"].into());

    // A dataset with an id column, a float and a date before 1000.
    let detail = ok_json(get(&s, "/v1/datasets/cities", Some(&t.alice)));
    assert_eq!(detail["row_count"], 3);
    assert_eq!(detail["id_column"], "code");
    assert_eq!(field(&detail, "population")["type"], "integer");
    assert_eq!(field(&detail, "coastal")["type"], "boolean");
    assert_eq!(field(&detail, "area_km2")["type"], "float");
    let keys = field_keys(&detail);
    let code_key = field(&detail, "code")["key"].as_str().unwrap().to_string();
    let items = result_items(&s, &t.alice, "cities", "cities");
    assert_eq!(items.len(), 3);
    for item in &items {
        let got: Vec<&str> = item["item"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want: Vec<&str> = keys.iter().map(String::as_str).collect();
        want.sort();
        assert_eq!(got, want, "{item}");
        // `id_column` names the field the ids come from.
        assert_eq!(item["id"], item["item"][&code_key], "{item}");
    }

    // Bob's own dataset, with his key.
    let detail = ok_json(get(&s, "/v1/datasets/bobs-companies", Some(&t.bob)));
    assert_eq!(detail["id"], "bobs-companies");
    let items = result_items(&s, &t.bob, "bobs-companies", "companies");
    let want: BTreeSet<String> = field_keys(&detail).into_iter().collect();
    let got: BTreeSet<String> = items[0]["item"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(got, want);
}

#[test]
fn another_accounts_unknown_and_malformed_ids_are_404_invalid_dataset() {
    let s = server("disc-404");
    let t = template();
    let (status, code, foreign) = error_of(get(&s, "/v1/datasets/bobs-companies", Some(&t.alice)));
    assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"));
    let (status, code, unknown) = error_of(get(&s, "/v1/datasets/no-such-dataset", Some(&t.alice)));
    assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"));
    // Indistinguishable: the same message as `/v1/query`'s.
    assert_eq!(foreign, unknown);
    assert_eq!(foreign, "The dataset identifier is invalid.");
    let r = s.post(
        &t.alice,
        &json!({"query_string": "fintech", "dataset_id": "bobs-companies"}),
    );
    assert_eq!(error_of(r).2, foreign);
    // ... and the other way round.
    let (status, code, _) = error_of(get(&s, "/v1/datasets/companies", Some(&t.bob)));
    assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"));
    let (status, code, _) = error_of(get(&s, "/v1/datasets/cities", Some(&t.bob)));
    assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"));

    // Ids no dataset can have: the same answer.
    let long = "a".repeat(129);
    for bad in [
        "-leading-dash",
        "has%20space",
        "semi%3Bcolon",
        "%FF%FE",
        "dot.ted",
        "..x",
        long.as_str(),
    ] {
        let (status, code, message) =
            error_of(get(&s, &format!("/v1/datasets/{bad}"), Some(&t.alice)));
        assert_eq!((status, code.as_str()), (404, "INVALID_DATASET"), "{bad}");
        assert_eq!(message, unknown, "{bad}");
    }
    // Case is treated as `/v1/query` treats it.
    let detail = get(&s, "/v1/datasets/Companies", Some(&t.alice)).status();
    let query = s
        .post(
            &t.alice,
            &json!({"query_string": "fintech", "dataset_id": "Companies"}),
        )
        .status();
    assert_eq!(detail, query);
    // The owner still gets it (the 404s are not for everyone).
    ok_json(get(&s, "/v1/datasets/companies", Some(&t.alice)));
    ok_json(get(&s, "/v1/datasets/bobs-companies", Some(&t.bob)));
}

#[test]
fn a_missing_or_bad_key_is_401_before_the_dataset_is_looked_at() {
    let s = server("disc-401");
    for path in [
        "/v1/datasets",
        "/v1/datasets/companies",
        "/v1/datasets/no-such-dataset",
        "/v1/datasets/-malformed",
    ] {
        for (key, want) in [
            (None, "MISSING_API_KEY"),
            (Some(""), "MISSING_API_KEY"),
            (Some("   "), "MISSING_API_KEY"),
            (Some("qk_wrong"), "INVALID_API_KEY"),
            (
                Some("qk_0000000000000000000000000000000000000000000"),
                "INVALID_API_KEY",
            ),
        ] {
            let r = get(&s, path, key);
            // Unauthenticated answers carry no quota, as on /v1/query.
            assert!(!r.headers().contains_key("ratelimit"), "{path} {key:?}");
            let (status, code, message) = error_of(r);
            assert_eq!((status, code.as_str()), (401, want), "{path} {key:?}");
            assert!(!message.is_empty());
        }
    }
    // A deleted token is refused at once.
    let out = quarry(&s.data_dir, &["token", "list", "--account", BOB], None);
    let id = out
        .lines()
        .find_map(|l| {
            l.split_whitespace()
                .next()
                .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
        })
        .unwrap_or_else(|| panic!("no token id in {out}"))
        .to_string();
    ok_json(get(&s, "/v1/datasets", Some(&template().bob)));
    quarry(
        &s.data_dir,
        &["token", "delete", "--account", BOB, &id],
        None,
    );
    let (status, code, _) = error_of(get(&s, "/v1/datasets", Some(&template().bob)));
    assert_eq!((status, code.as_str()), (401, "INVALID_API_KEY"));
}

fn rate_state(r: &Response) -> (String, u64) {
    let policy = r.headers()["ratelimit-policy"]
        .to_str()
        .unwrap()
        .to_string();
    let state = r.headers()["ratelimit"].to_str().unwrap();
    let remaining = state
        .strip_prefix("\"default\";r=")
        .and_then(|s| s.split(';').next())
        .unwrap_or_else(|| panic!("{state}"))
        .parse()
        .unwrap();
    (policy, remaining)
}

#[test]
fn discovery_requests_carry_rate_headers_and_share_the_keys_bucket() {
    let s = server("disc-rate");
    let t = template();
    // Every authenticated answer says where the quota stands.
    let r = get(&s, "/v1/datasets", Some(&t.alice));
    assert_eq!(r.status(), 200);
    assert_eq!(rate_state(&r).0, "\"default\";q=60000;w=60");

    // At 5 a minute (one more every 12 s), each request, 200 or 404, takes
    // one, and the sixth in a row is refused with 429.
    quarry(
        &s.data_dir,
        &[
            "account",
            "set-limits",
            "--email",
            ALICE,
            "--per-minute",
            "5",
            "--concurrent",
            "4",
        ],
        None,
    );
    let mut seen = Vec::new();
    for path in [
        "/v1/datasets",
        "/v1/datasets/companies",
        "/v1/datasets/bobs-companies",
        "/v1/datasets",
        "/v1/datasets/no-such-dataset",
        "/v1/datasets/companies",
    ] {
        let r = get(&s, path, Some(&t.alice));
        let (policy, remaining) = rate_state(&r);
        assert_eq!(policy, "\"default\";q=5;w=60");
        let status = r.status().as_u16();
        if status == 429 {
            let retry: u64 = r.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=12).contains(&retry), "retry-after {retry}");
            let (_, code, _) = error_of(r);
            assert_eq!(code, "RATE_LIMITED");
        }
        seen.push((status, remaining));
    }
    assert_eq!(
        seen,
        [(200, 4), (200, 3), (404, 2), (200, 1), (404, 0), (429, 0)]
    );
    // The same bucket as /v1/query's: the query is refused too.
    let r = s.post(
        &t.alice,
        &json!({"query_string": "fintech", "dataset_id": "companies"}),
    );
    assert_eq!(error_of(r).1, "RATE_LIMITED");
    // Another account is not affected.
    ok_json(get(&s, "/v1/datasets", Some(&t.bob)));
}

#[test]
fn wrong_methods_are_405_like_on_the_query_route() {
    let s = server("disc-405");
    let t = template();
    for (method, path) in [
        (reqwest::Method::POST, "/v1/datasets"),
        (reqwest::Method::DELETE, "/v1/datasets"),
        (reqwest::Method::PUT, "/v1/datasets/companies"),
        (reqwest::Method::DELETE, "/v1/datasets/companies"),
        (reqwest::Method::PATCH, "/v1/datasets/no-such-dataset"),
    ] {
        let r = s
            .http
            .request(method.clone(), format!("{}{path}", s.base))
            .header("apikey", &t.alice)
            .send()
            .unwrap();
        assert_eq!(r.headers()["allow"], "GET, HEAD", "{method} {path}");
        let (status, code, _) = error_of(r);
        assert_eq!(
            (status, code.as_str()),
            (405, "METHOD_NOT_ALLOWED"),
            "{method} {path}"
        );
    }
    // The dataset was not dropped by the DELETE.
    ok_json(get(&s, "/v1/datasets/companies", Some(&t.alice)));
    // As on /v1/query.
    let r = s.http.get(format!("{}/v1/query", s.base)).send().unwrap();
    assert_eq!(error_of(r).1, "METHOD_NOT_ALLOWED");
    // HEAD is GET without a body.
    let r = s
        .http
        .head(format!("{}/v1/datasets", s.base))
        .header("apikey", &t.alice)
        .send()
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[test]
fn the_openapi_document_marks_both_operations_as_extensions() {
    let s = Server::start("disc-openapi", &[]);
    let doc = ok_json(get(&s, "/v1/openapi.json", None));
    let list = &doc["paths"]["/v1/datasets"]["get"];
    let detail = &doc["paths"]["/v1/datasets/{id}"]["get"];
    for (op, id) in [(list, "listDatasets"), (detail, "getDataset")] {
        assert_eq!(op["operationId"], id);
        assert_eq!(op["x-quarry-extension"], true, "{op}");
        assert_eq!(op["security"], json!([{"apikey": []}]));
        assert!(op["responses"]["401"].is_object());
    }
    assert!(detail["responses"]["404"].is_object());
    // The contract's own operation is not marked.
    assert!(doc["paths"]["/v1/query"]["post"]
        .get("x-quarry-extension")
        .is_none());
    let fields = &doc["components"]["schemas"]["FieldType"]["enum"];
    assert_eq!(
        fields,
        &json!(["integer", "float", "boolean", "date", "datetime", "text"])
    );
}
