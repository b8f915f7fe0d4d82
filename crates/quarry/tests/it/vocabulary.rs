//! A dataset's vocabulary end to end, through the built binary and the real
//! `quarry serve` on 127.0.0.1: `quarry dataset vocabulary` sets, shows,
//! checks and clears it and refuses a bad file (every error with its line,
//! nothing applied); a taught alias changes the very next query of a running
//! server (no restart), `metadata` names the taught word and `GET
//! /v1/datasets/{id}` shows it; an import with `--replace` keeps the entries
//! whose fields remain and names the others; the console's form validates,
//! saves and clears it within the signed-in account. (The browser test is in
//! `console_browser.rs`.)

use crate::harness;

use std::path::{Path, PathBuf};

use harness::console::{console_template, Client};
use harness::*;
use serde_json::{json, Value};

/// The issue's example, on the template's companies (Germany, UK, France,
/// Spain, Ireland).
const GOOD: &str = r#"# What "DACH" means here.
[fields.employees]
synonyms = ["headcount", "staff"]
description = "people employed"
unit = "people"

[[aliases]]
phrase = "DACH"
field = "country"
values = ["Germany", "Austria", "Switzerland"]

[superlatives]
largest = "employees"
"#;

/// Three errors: an unknown field (line 1), an empty alias (line 7), a
/// superlative on text (line 10).
const BAD: &str = r#"[fields.employes]
synonyms = ["staff"]

[[aliases]]
phrase = "DACH"
field = "country"
values = []

[superlatives]
largest = "country"
"#;

/// A fresh copy of the template's data directory, and a place for files.
fn data_dir(name: &str) -> (PathBuf, PathBuf) {
    let root = unique_dir(name);
    let data = root.join("data");
    copy_dir(&template().dir, &data);
    (root, data)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn vocabulary(data: &Path, args: &[&str]) -> (bool, String, String) {
    let mut all = vec!["dataset", "vocabulary"];
    all.extend_from_slice(args);
    quarry_raw(data, &all, None, &[])
}

#[test]
fn the_cli_sets_shows_checks_and_clears_and_a_bad_file_changes_nothing() {
    let (root, data) = data_dir("vocab-cli");
    let good = write(&root, "good.toml", GOOD);
    let bad = write(&root, "bad.toml", BAD);

    // None yet.
    let (ok, out, err) = vocabulary(&data, &["companies", "--show"]);
    assert!(ok && out.is_empty(), "{out}");
    assert!(err.contains("has no vocabulary"), "{err}");

    // A bad file: every error with its file and line, on stderr; nothing set.
    let (ok, out, err) = vocabulary(&data, &["companies", "--set", &bad]);
    assert!(!ok, "a bad file fails: {out}");
    assert!(out.is_empty(), "{out}");
    for (line, what) in [
        (
            1,
            "the dataset has no field 'employes'; did you mean 'employees'?",
        ),
        (7, "the alias 'DACH' has no values"),
        (
            10,
            "the superlative 'largest' orders by country, which is text",
        ),
    ] {
        assert!(
            err.contains(&format!("{bad}:{line}: error: ")) && err.contains(what),
            "line {line}: {err}"
        );
    }
    assert!(
        err.contains("has 3 errors; the vocabulary of dataset companies is unchanged"),
        "{err}"
    );
    assert!(vocabulary(&data, &["companies", "--show"]).1.is_empty());

    // --check only checks.
    let (ok, out, _) = vocabulary(&data, &["companies", "--set", &good, "--check"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("is a valid vocabulary for dataset companies"),
        "{out}"
    );
    assert!(vocabulary(&data, &["companies", "--show"]).1.is_empty());

    // The good file: set, with its warnings (values no record has).
    let (ok, out, err) = vocabulary(&data, &["companies", "--set", &good]);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        "Set the vocabulary of dataset companies (revision 1): 2 synonyms of 1 field (1 with a description or unit), 1 alias, 1 superlative."
    );
    assert!(
        err.contains(&format!(
            "{good}:10: warning: the alias 'DACH': no record has country = 'Austria'"
        )),
        "{err}"
    );
    assert_eq!(vocabulary(&data, &["companies", "--show"]).1, GOOD);
    let show = quarry(&data, &["dataset", "show", "companies"], None);
    assert!(show.contains("vocabulary revision 1"), "{show}");

    // A bad file later leaves the good one in place.
    let (ok, _, _) = vocabulary(&data, &["companies", "--set", &bad]);
    assert!(!ok);
    assert_eq!(vocabulary(&data, &["companies", "--show"]).1, GOOD);

    // From stdin.
    let (ok, out, err) = quarry_raw(
        &data,
        &["dataset", "vocabulary", "companies", "--set", "-"],
        Some("[superlatives]\nbiggest = \"employees\"\n"),
        &[],
    );
    assert!(ok, "{err}");
    assert!(out.contains("(revision 2)"), "{out}");

    // Not TOML, not UTF-8, no such dataset, no action: refused.
    let not_utf8 = root.join("latin1.toml");
    std::fs::write(
        &not_utf8,
        b"[fields.employees]\nsynonyms = [\"Besch\xe4ftigte\"]\n",
    )
    .unwrap();
    let (ok, _, err) = vocabulary(&data, &["companies", "--set", not_utf8.to_str().unwrap()]);
    assert!(!ok && err.contains("is not UTF-8 text"), "{err}");
    let garbled = write(&root, "garbled.toml", "[fields.employees\nsynonyms = 3\n");
    let (ok, _, err) = vocabulary(&data, &["companies", "--set", &garbled]);
    assert!(
        !ok && err.contains(&format!("{garbled}:1: error: ")),
        "{err}"
    );
    let (ok, _, err) = vocabulary(&data, &["nope", "--show"]);
    assert!(!ok && err.contains("no dataset with id nope"), "{err}");
    let (ok, _, err) = vocabulary(&data, &["companies"]);
    assert!(!ok && err.contains("--set"), "{err}");
    assert!(vocabulary(&data, &["companies", "--show"])
        .1
        .contains("biggest"));

    // Cleared.
    let (ok, out, _) = vocabulary(&data, &["companies", "--clear"]);
    assert!(
        ok && out.contains("Cleared the vocabulary of dataset companies"),
        "{out}"
    );
    assert!(vocabulary(&data, &["companies", "--show"]).1.is_empty());
    let show = quarry(&data, &["dataset", "show", "companies"], None);
    assert!(show.contains("vocabulary none"), "{show}");
}

/// One query's events (JSON array mode), as (filters, metadata, sql, the
/// result items' countries).
fn ask(
    s: &Server,
    key: &str,
    phrase: &str,
    small: bool,
) -> (Vec<String>, String, String, Vec<String>) {
    let events = read_events(s.post(
        key,
        &json!({"query_string": phrase, "dataset_id": "companies", "limit": 20, "use_smaller_model": small}),
    ));
    let of = |t: &str| events.iter().find(|e| e["type"] == t).unwrap()["data"].clone();
    let thoughts = of("thoughts");
    let filters = thoughts["filters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    let countries = of("results")["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["item"]["002_country"].as_str().unwrap().to_string())
        .collect();
    (
        filters,
        thoughts["metadata"].as_str().unwrap().to_string(),
        of("sql")["sql"].as_str().unwrap().to_string(),
        countries,
    )
}

fn detail(s: &Server, key: &str) -> Value {
    let resp = s
        .http
        .get(s.url("/v1/datasets/companies"))
        .header("apikey", key)
        .send()
        .unwrap();
    assert_eq!(resp.status(), 200);
    serde_json::from_str(&resp.text().unwrap()).unwrap()
}

#[test]
fn a_taught_alias_changes_the_next_query_of_a_running_server() {
    let s = Server::start("vocab-api", &[]);
    let t = template();

    // Before: "DACH" means nothing here.
    let (filters, metadata, sql, countries) = ask(&s, &t.alice, "DACH companies", false);
    assert!(filters.is_empty(), "{filters:?}");
    assert!(!sql.contains(" IN ("), "{sql}");
    assert!(!metadata.contains("taught"), "{metadata}");
    assert_eq!(countries.len(), 7);
    assert_eq!(detail(&s, &t.alice)["vocabulary"], Value::Null);

    // Taught while the server runs, by the operator command.
    let file = write(s.data_dir.parent().unwrap(), "companies.toml", GOOD);
    quarry(
        &s.data_dir,
        &["dataset", "vocabulary", "companies", "--set", &file],
        None,
    );

    // The very next query, in both tiers.
    for small in [false, true] {
        let (filters, metadata, sql, countries) = ask(&s, &t.alice, "DACH companies", small);
        assert_eq!(
            filters,
            ["country IN ('Germany', 'Austria', 'Switzerland')"],
            "small {small}"
        );
        assert!(
            sql.contains(r#""companies"."country" IN ('Germany', 'Austria', 'Switzerland')"#),
            "{sql}"
        );
        assert!(
            metadata.contains("'DACH' is taught: country in (Germany, Austria, Switzerland)."),
            "{metadata}"
        );
        assert_eq!(countries, ["Germany", "Germany", "Germany"]);
    }
    // A synonym and a superlative.
    let (filters, metadata, _, _) = ask(&s, &t.alice, "staff over 1000", false);
    assert_eq!(filters, ["employees > 1000"]);
    assert!(
        metadata.contains("'staff' is taught: a synonym of employees."),
        "{metadata}"
    );
    let (_, metadata, sql, _) = ask(&s, &t.alice, "the largest company", false);
    assert!(
        sql.contains(r#"ORDER BY "companies"."employees" DESC"#),
        "{sql}"
    );
    assert!(
        metadata.contains("'largest' is taught: orders by employees descending."),
        "{metadata}"
    );

    // The discovery API shows it, as written and as read.
    let d = detail(&s, &t.alice);
    let v = &d["vocabulary"];
    assert_eq!(v["revision"], 1);
    assert_eq!(v["toml"], GOOD);
    assert_eq!(
        v["aliases"],
        json!([{"phrase": "DACH", "field": "country", "values": ["Germany", "Austria", "Switzerland"]}])
    );
    assert_eq!(
        v["fields"],
        json!([{"field": "employees", "synonyms": ["headcount", "staff"], "description": "people employed", "unit": "people"}])
    );
    assert_eq!(
        v["superlatives"],
        json!([{"word": "largest", "field": "employees", "order": "descending"}])
    );
    // Bob's dataset of the same rows knows nothing of it.
    let resp = s
        .http
        .get(s.url("/v1/datasets/bobs-companies"))
        .header("apikey", &t.bob)
        .send()
        .unwrap();
    let bobs: Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    assert_eq!(bobs["vocabulary"], Value::Null);

    // Cleared: the next query is as before.
    quarry(
        &s.data_dir,
        &["dataset", "vocabulary", "companies", "--clear"],
        None,
    );
    let (filters, _, _, _) = ask(&s, &t.alice, "DACH companies", false);
    assert!(filters.is_empty(), "{filters:?}");
    assert_eq!(detail(&s, &t.alice)["vocabulary"], Value::Null);

    // The OpenAPI document describes the member.
    let resp = s.http.get(s.url("/v1/openapi.json")).send().unwrap();
    let doc: Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    let schemas = &doc["components"]["schemas"];
    assert!(
        schemas["DatasetDetail"]["properties"]["vocabulary"].is_object(),
        "{}",
        schemas["DatasetDetail"]
    );
    assert!(schemas["VocabularyInfo"]["properties"]["toml"].is_object());
}

#[test]
fn a_replacing_import_keeps_the_entries_whose_fields_remain() {
    let (root, data) = data_dir("vocab-replace");
    let text = "# ours\n[fields.employees]\nsynonyms = [\"staff\"]\n\n[fields.public]\nsynonyms = [\"listed\"]\n\n[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\"]\n\n[superlatives]\nlargest = \"employees\"\n";
    let file = write(&root, "v.toml", text);
    quarry(
        &data,
        &["dataset", "vocabulary", "companies", "--set", &file],
        None,
    );
    let import = |csv: &str| {
        let path = write(&root, "next.csv", csv);
        quarry_raw(
            &data,
            &[
                "dataset",
                "import",
                &path,
                "--id",
                "companies",
                "--account",
                ALICE,
                "--replace",
                "-q",
            ],
            None,
            &[],
        )
    };

    // Every field still there: kept as written.
    let (ok, _, err) = import(COMPANIES_PUBLIC_CSV);
    assert!(ok, "{err}");
    assert!(
        err.contains("The vocabulary of dataset companies still applies; kept."),
        "{err}"
    );
    assert_eq!(vocabulary(&data, &["companies", "--show"]).1, text);

    // Without employees: its synonym and the superlative go, named; the
    // rest stays.
    let (ok, _, err) = import(
        "Company Name,Country,Founded,Public\nAcme Pay,Germany,2015-03-01,true\nZeta Foods,Spain,1980-02-02,false\n",
    );
    assert!(ok, "{err}");
    assert!(
        err.contains("warning: vocabulary of companies: dropped [fields.employees] (line 2): [fields.employees]: the dataset has no field 'employees'"),
        "{err}"
    );
    assert!(
        err.contains(
            "warning: vocabulary of companies: dropped the superlative 'largest' (line 14)"
        ),
        "{err}"
    );
    assert!(
        err.contains("is kept without the 2 entries that no longer apply"),
        "{err}"
    );
    let (_, kept, _) = vocabulary(&data, &["companies", "--show"]);
    assert!(
        kept.contains("[fields.public]") && kept.contains("phrase = \"DACH\""),
        "{kept}"
    );
    assert!(
        !kept.contains("employees") && !kept.contains("largest"),
        "{kept}"
    );
    let show = quarry(&data, &["dataset", "show", "companies"], None);
    assert!(show.contains("vocabulary revision 2"), "{show}");

    // Nothing left that applies: removed.
    let (ok, _, err) = import("Name,Size\nx,1\n");
    assert!(ok, "{err}");
    assert!(
        err.contains("The vocabulary of dataset companies is removed"),
        "{err}"
    );
    assert!(vocabulary(&data, &["companies", "--show"]).1.is_empty());
}

#[test]
fn the_console_validates_saves_and_clears_within_the_account() {
    let s = Server::start_console("vocab-console", &[]);
    let mut bob = Client::new(&s);
    assert_eq!(bob.sign_in(BOB, BOB_PASSWORD).status, 303);
    let csrf = bob.csrf();
    let path = "/console/datasets/bobs-companies/vocabulary";

    // No CSRF token: refused.
    let page = bob.post(
        path,
        &[("csrf", "nope"), ("action", "save"), ("vocabulary", GOOD)],
    );
    assert_eq!(page.status, 403);

    // Errors: every one with its line, in the page, nothing saved.
    let page = bob.post(
        path,
        &[("csrf", &csrf), ("action", "save"), ("vocabulary", BAD)],
    );
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("3 errors; nothing was saved"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("line 1: [fields.employes]"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("line 10: the superlative"),
        "{}",
        page.body
    );
    let events = s.query(&bob_token(), "bobs-companies", "DACH companies");
    assert!(!events.text().unwrap().contains("IN ("));

    // Validate (with CRLF lines, as browsers send them): valid, not saved.
    let crlf = GOOD.replace('\n', "\r\n");
    let page = bob.post(
        path,
        &[
            ("csrf", &csrf),
            ("action", "validate"),
            ("vocabulary", &crlf),
        ],
    );
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Valid: 2 synonyms of 1 field"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("no record has country = &#39;Austria&#39;")
            || page.body.contains("no record has country = 'Austria'"),
        "{}",
        page.body
    );

    // Save: a redirect, the page shows it, the next query uses it.
    let page = bob.post(
        path,
        &[("csrf", &csrf), ("action", "save"), ("vocabulary", &crlf)],
    );
    assert_eq!(page.status, 303, "{}", page.body);
    assert!(
        page.location()
            .starts_with("/console/datasets?vocabulary=bobs-companies&revision=1"),
        "{}",
        page.location()
    );
    let page = bob.get(page.location());
    assert!(
        page.body
            .contains("The vocabulary of \u{201c}bobs-companies\u{201d} is saved (revision 1)"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("phrase = &#34;DACH&#34;")
            || page.body.contains("phrase = &quot;DACH&quot;"),
        "{}",
        page.body
    );
    let (ok, shown, _) = vocabulary(&s.data_dir, &["bobs-companies", "--show"]);
    assert!(ok);
    assert_eq!(shown, GOOD, "stored with LF lines");
    let body = s
        .query(&bob_token(), "bobs-companies", "DACH companies")
        .text()
        .unwrap();
    assert!(
        body.contains("country IN ('Germany', 'Austria', 'Switzerland')"),
        "{body}"
    );

    // Alice cannot touch Bob's dataset: not found.
    let mut alice = Client::new(&s);
    assert_eq!(alice.sign_in(ALICE, ALICE_PASSWORD).status, 303);
    let alice_csrf = alice.csrf();
    let page = alice.post(path, &[("csrf", &alice_csrf), ("action", "clear")]);
    assert_eq!(page.status, 404);
    assert_eq!(
        vocabulary(&s.data_dir, &["bobs-companies", "--show"]).1,
        GOOD
    );

    // Clear.
    let page = bob.post(path, &[("csrf", &csrf), ("action", "clear")]);
    assert_eq!(page.status, 303);
    assert!(vocabulary(&s.data_dir, &["bobs-companies", "--show"])
        .1
        .is_empty());
    let body = s
        .query(&bob_token(), "bobs-companies", "DACH companies")
        .text()
        .unwrap();
    assert!(!body.contains("IN ("), "{body}");
}

fn bob_token() -> String {
    console_template().bob_token.clone()
}
