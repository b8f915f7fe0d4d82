//! The audit log, end to end: what the console, the API and the operator
//! commands do to an account is recorded (who, when, from where, what),
//! `quarry audit` reads it with its filters, the console shows an account
//! its own entries and no one else's, and no entry holds a secret.

use crate::harness;

use harness::console::*;
use harness::*;
use serde_json::Value;

/// `quarry audit ARGS… --json`, parsed.
fn audit_json(data_dir: &std::path::Path, args: &[&str]) -> Vec<Value> {
    let mut all = vec!["audit", "--json"];
    all.extend_from_slice(args);
    quarry(data_dir, &all, None)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// (who, action, subject) of each entry.
fn summary(entries: &[Value]) -> Vec<(String, String, String)> {
    entries
        .iter()
        .map(|e| {
            (
                e["who"].as_str().unwrap().to_string(),
                e["action"].as_str().unwrap().to_string(),
                e["subject"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn entry(who: &str, action: &str, subject: &str) -> (String, String, String) {
    (who.into(), action.into(), subject.into())
}

#[test]
fn console_api_and_operator_actions_are_recorded_and_each_account_sees_its_own() {
    let s = Server::start_console("audit", &[]);
    let t = console_template();
    let dir = &s.data_dir;

    // The template was made by operator commands.
    assert_eq!(
        summary(&audit_json(dir, &[])),
        [
            entry("operator", "token.created", "token 1 \"bob-ci\""),
            entry("operator", "dataset.imported", "dataset companies"),
            entry("operator", "dataset.imported", "dataset bobs-companies"),
        ]
    );
    let before = audit_json(dir, &[]).len();

    // Alice, in the console: a wrong password, a sign-in, a token created,
    // used twice through the API, deleted; a dataset uploaded, uploaded
    // again (replaced), its vocabulary cleared, dropped.
    let mut c = Client::new(&s);
    let wrong = "not-alices-password-55";
    assert_eq!(c.sign_in(ALICE, wrong).status, 401);
    assert_eq!(c.sign_in(ALICE, ALICE_PASSWORD).status, 303);
    let csrf = c.csrf();
    let made = c.post(
        "/console/tokens",
        &[("csrf", &csrf), ("name", "alice-web-token")],
    );
    assert_eq!(made.status, 303, "{}", made.body);
    let token_id: i64 = made.location().rsplit('=').next().unwrap().parse().unwrap();
    let value = quarry(dir, &["token", "list", "--account", ALICE], None)
        .lines()
        .find(|l| l.contains("alice-web-token"))
        .and_then(|l| l.split_whitespace().nth(2).map(str::to_string))
        .unwrap();
    assert!(value.starts_with("qk_"));
    for _ in 0..2 {
        let r = s.query(&value, "companies", "fintech");
        assert_eq!(r.status(), 200);
        read_events(r);
    }
    let deleted = c.post(
        &format!("/console/tokens/{token_id}/delete"),
        &[("csrf", &csrf)],
    );
    assert_eq!(deleted.status, 303, "{}", deleted.body);
    for _ in 0..2 {
        let up = c.post_multipart(
            "/console/datasets",
            &[("csrf", &csrf), ("id", "uploaded")],
            ("u.csv", COMPANIES_CSV.as_bytes()),
        );
        assert_eq!(up.status, 303, "{}", up.body);
    }
    let cleared = c.post(
        "/console/datasets/uploaded/vocabulary",
        &[("csrf", &csrf), ("action", "clear"), ("vocabulary", "")],
    );
    assert_eq!(cleared.status, 303, "{}", cleared.body);
    let dropped = c.post("/console/datasets/uploaded/drop", &[("csrf", &csrf)]);
    assert_eq!(dropped.status, 303, "{}", dropped.body);

    // Someone tries an email that is no account (the text typed is not
    // recorded: it could be a password in the wrong field).
    let mut stranger = Client::new(&s);
    let typed = "hunter2-typed-in-the-email-field";
    assert_eq!(stranger.sign_in(typed, "whatever-password").status, 401);

    // The operator changes Alice's limits and rotates the key.
    quarry(
        dir,
        &[
            "account",
            "set-limits",
            "--email",
            ALICE,
            "--per-minute",
            "99",
        ],
        None,
    );
    quarry(dir, &["rotate-secret"], None);

    let all = audit_json(dir, &[]);
    let new = &all[before..];
    let token = format!("token {token_id} \"alice-web-token\"");
    assert_eq!(
        summary(new),
        [
            entry(
                "anonymous",
                "console.sign_in_failed",
                &format!("account {ALICE}")
            ),
            entry(ALICE, "console.sign_in", &format!("account {ALICE}")),
            entry(ALICE, "token.created", &token),
            entry(ALICE, "token.first_used", &token),
            entry(ALICE, "token.deleted", &token),
            entry(ALICE, "dataset.imported", "dataset uploaded"),
            entry(ALICE, "dataset.replaced", "dataset uploaded"),
            entry(ALICE, "dataset.vocabulary_changed", "dataset uploaded"),
            entry(ALICE, "dataset.dropped", "dataset uploaded"),
            entry("anonymous", "console.sign_in_failed", "unknown account"),
            entry(
                "operator",
                "account.limits_changed",
                &format!("account {ALICE}")
            ),
            entry("operator", "secret.rotated", "secret key"),
        ]
    );
    // Console and API events carry the client's address; operator ones none.
    for e in new {
        let by_operator = e["actor"] == "operator";
        assert_eq!(
            e["address"].as_str(),
            (!by_operator).then_some("127.0.0.1"),
            "{e}"
        );
        assert!(e["time"].as_str().unwrap().ends_with('Z'), "{e}");
    }
    assert_eq!(
        new[0]["account"], ALICE,
        "a failed sign-in names the account tried"
    );
    assert_eq!(
        new[10]["detail"],
        "per minute 99, concurrent default, tokens default"
    );

    // Never a secret: no token, password, typed text or key.
    let text = quarry(dir, &["audit", "--json"], None) + &quarry(dir, &["audit"], None);
    let key = std::fs::read_to_string(dir.join("secret.key")).unwrap();
    for secret in [
        value.as_str(),
        t.bob_token.as_str(),
        wrong,
        ALICE_PASSWORD,
        typed,
        "whatever-password",
        key.trim(),
    ] {
        assert!(!text.contains(secret), "the audit log holds {secret:?}");
    }

    // --account: only that account's entries.
    let bobs = audit_json(dir, &["--account", BOB]);
    assert_eq!(
        summary(&bobs),
        [
            entry("operator", "token.created", "token 1 \"bob-ci\""),
            entry("operator", "dataset.imported", "dataset bobs-companies"),
        ]
    );
    let (ok, _, err) = quarry_raw(
        dir,
        &["audit", "--account", "nobody@example.com"],
        None,
        &[],
    );
    assert!(!ok && err.contains("no account"), "{err}");

    // --since: a time, a duration, and nonsense.
    assert_eq!(audit_json(dir, &["--since", "1h"]).len(), all.len());
    assert!(audit_json(dir, &["--since", "2999-01-01T00:00:00Z"]).is_empty());
    let last = all.last().unwrap()["unix"].as_i64().unwrap();
    let since = chrono::DateTime::from_timestamp(last, 0)
        .unwrap()
        .to_rfc3339();
    assert!(audit_json(dir, &["--since", &since])
        .iter()
        .all(|e| e["unix"].as_i64().unwrap() >= last));
    let (ok, _, err) = quarry_raw(dir, &["audit", "--since", "yesterday"], None, &[]);
    assert!(!ok && err.contains("RFC 3339"), "{err}");

    // The table: a header and one line per entry.
    let table = quarry(dir, &["audit", "--account", ALICE], None);
    assert!(table.starts_with("TIME"), "{table}");
    assert!(table.contains("token.first_used") && table.contains("127.0.0.1"));
    assert!(!table.contains("bobs-companies"), "{table}");

    // The console: Alice's own entries, not Bob's, not the key rotation.
    let page = c.get("/console/activity");
    assert_eq!(page.status, 200, "{}", page.location());
    assert!(
        page.body.contains("Used a token for the first time"),
        "{}",
        page.body
    );
    assert!(page.body.contains("alice-web-token"));
    assert!(page.body.contains("Failed sign-in"));
    assert!(page.body.contains("An operator"));
    assert!(page.body.contains("127.0.0.1"));
    assert!(!page.body.contains("bob-ci") && !page.body.contains("bobs-companies"));
    assert!(!page.body.contains("secret key"));
    assert!(!page.body.contains("unknown account"));
    let mut bob = Client::new(&s);
    assert_eq!(bob.sign_in(BOB, BOB_PASSWORD).status, 303);
    let page = bob.get("/console/activity");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("bob-ci") && page.body.contains("bobs-companies"));
    assert!(!page.body.contains("alice-web-token") && !page.body.contains("uploaded"));
    // Signed out: no page.
    let mut anon = Client::new(&s);
    assert_eq!(anon.get("/console/activity").status, 303);
}

#[test]
fn the_log_refuses_changes_even_through_sqlite_and_prints_hostile_text_harmlessly() {
    let dir = unique_dir("audit-append-only").join("data");
    quarry(
        &dir,
        &["account", "create", "--email", ALICE, "--password-stdin"],
        Some("a-long-password\n"),
    );
    quarry(&dir, &["token", "create", "--account", ALICE], None);
    let conn = rusqlite::Connection::open(dir.join("catalog.sqlite")).unwrap();
    for sql in [
        "UPDATE audit_log SET actor = 'anonymous'",
        "DELETE FROM audit_log",
    ] {
        let e = conn.execute(sql, []).unwrap_err().to_string();
        assert!(e.contains("append-only"), "{sql}: {e}");
    }
    // Appending is what the catalog does; a row written by hand with
    // escape sequences in every text is still printed harmlessly.
    conn.execute(
        "INSERT INTO audit_log (at, actor, account_id, account_email, address, action, subject, detail)
         VALUES (0, 'operator', NULL, '\x1b]0;x\x07', '\x1b[2J', 'a\x1b[31m', 's\r\u{9b}', 'd\x08')",
        [],
    )
    .unwrap();
    drop(conn);
    let table = quarry(&dir, &["audit"], None);
    let json = quarry(&dir, &["audit", "--json"], None);
    for out in [&table, &json] {
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    }
    assert_eq!(audit_json(&dir, &[]).len(), 2);
    assert!(json.contains("\\u001b[2J"), "{json}");
}
