//! The web console's security rules (DESIGN §4), over HTTP against the real
//! `quarry serve` on 127.0.0.1: passwords, CSRF tokens, session expiry and
//! sign-out, sign-in throttling, account scoping of every form, the
//! separation of console sessions from API keys, the first-run setup code,
//! uploads, and the response headers.

use crate::harness;

use std::time::Duration;

use harness::console::*;
use harness::*;

fn session_cookie(c: &Client) -> Option<String> {
    c.cookies.get("quarry_session").cloned()
}

fn assert_signed_in(c: &mut Client) {
    let page = c.get("/console/tokens");
    assert_eq!(
        page.status,
        200,
        "expected a signed-in page, got {}",
        page.location()
    );
}

fn assert_signed_out(c: &mut Client) {
    let page = c.get("/console/tokens");
    assert_eq!(page.status, 303);
    assert!(
        page.location().starts_with("/console/sign-in"),
        "{}",
        page.location()
    );
}

#[test]
fn pages_send_the_security_headers_and_assets_are_cached() {
    let s = Server::start_console("headers", &[]);
    let mut c = Client::new(&s);
    let page = c.get("/console/sign-in");
    assert_eq!(page.status, 200);
    let h = &page.headers;
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(h["referrer-policy"], "no-referrer");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["cache-control"], "no-store");
    assert!(h["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(!page.body.contains("<script>"), "no inline script");
    assert!(!page.body.contains("style=\""), "no inline style");

    // Every label points at an input of the form.
    for id in ["email", "password"] {
        assert!(page.body.contains(&format!("<label for=\"{id}\"")));
        assert!(page.body.contains(&format!("id=\"{id}\"")));
    }

    // Assets: content-hashed names cached for a year; the plain name
    // revalidates with an ETag.
    let css = page
        .body
        .split('"')
        .find(|p| p.starts_with("/console/assets/console.") && p.ends_with(".css"))
        .expect("a hashed stylesheet link")
        .to_string();
    let asset = c.get(&css);
    assert_eq!(asset.status, 200);
    assert_eq!(
        asset.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(asset.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/css"));
    let etag = asset.headers["etag"].to_str().unwrap().to_string();
    let plain = reqwest::blocking::Client::new()
        .get(s.url("/console/assets/console.css"))
        .header("if-none-match", &etag)
        .send()
        .unwrap();
    assert_eq!(plain.status(), 304);
    assert_eq!(plain.headers()["cache-control"], "no-cache");
    assert_eq!(c.get("/console/assets/nope.js").status, 404);
}

#[test]
fn wrong_password_is_refused_and_the_right_one_starts_a_session() {
    let s = Server::start_console("password", &[]);
    let mut c = Client::new(&s);
    let page = c.sign_in(ALICE, "not-the-password");
    assert_eq!(page.status, 401);
    assert!(page.body.contains("The email or the password is wrong."));
    assert!(session_cookie(&c).is_none());
    // Unknown accounts get the same answer.
    let page = c.sign_in("nobody@example.com", ALICE_PASSWORD);
    assert_eq!(page.status, 401);
    assert!(page.body.contains("The email or the password is wrong."));

    let page = c.sign_in(ALICE, ALICE_PASSWORD);
    assert_eq!(page.status, 303, "{}", page.body);
    assert_eq!(page.location(), "/console/tokens");
    let cookie = page
        .set_cookies()
        .into_iter()
        .find(|c| c.starts_with("quarry_session="))
        .expect("a session cookie");
    for attr in ["HttpOnly", "SameSite=Strict", "Path=/console"] {
        assert!(cookie.contains(attr), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "no TLS here: {cookie}");
    let id = session_cookie(&c).unwrap();
    assert_eq!(id.len(), 64, "32 random bytes");
    let tokens = c.get("/console/tokens");
    assert!(tokens.body.contains(ALICE), "the page names the account");
    assert!(!s.log().contains(&id), "the log never holds a session id");
}

#[test]
fn secure_cookies_when_configured() {
    let s = Server::start_console("secure", &["--secure-cookies"]);
    let mut c = Client::new(&s);
    let page = c.sign_in(ALICE, ALICE_PASSWORD);
    assert!(page
        .set_cookies()
        .iter()
        .any(|c| c.starts_with("quarry_session=") && c.contains("; Secure")));
}

#[test]
fn the_sign_in_form_needs_its_own_csrf_value() {
    let s = Server::start_console("login-csrf", &[]);
    let mut c = Client::new(&s);
    // No cookie, no field.
    let page = c.post(
        "/console/sign-in",
        &[("email", ALICE), ("password", ALICE_PASSWORD)],
    );
    assert_eq!(page.status, 403);
    assert!(session_cookie(&c).is_none());
    // The cookie, but another value in the form.
    c.get("/console/sign-in");
    let page = c.post(
        "/console/sign-in",
        &[
            ("csrf", &"0".repeat(64)),
            ("email", ALICE),
            ("password", ALICE_PASSWORD),
        ],
    );
    assert_eq!(page.status, 403);
    assert!(session_cookie(&c).is_none());
    // A cross-site post is refused before anything else.
    let form = c.get("/console/sign-in");
    let csrf = form.input_value("csrf").unwrap();
    let page = c.post_with(
        "/console/sign-in",
        &[
            ("csrf", &csrf),
            ("email", ALICE),
            ("password", ALICE_PASSWORD),
        ],
        &[("origin", "http://evil.example")],
    );
    assert_eq!(page.status, 403);
    assert!(session_cookie(&c).is_none());
}

#[test]
fn state_changing_forms_need_the_session_csrf_token() {
    let s = Server::start_console("csrf", &[]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();

    // Create: missing, wrong, right.
    let page = c.post("/console/tokens", &[("name", "forged")]);
    assert_eq!(page.status, 403);
    let page = c.post(
        "/console/tokens",
        &[("csrf", &"a".repeat(64)), ("name", "forged")],
    );
    assert_eq!(page.status, 403);
    assert!(s.tokens_of(ALICE).is_empty(), "nothing created");
    let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", "real")]);
    assert_eq!(page.status, 303, "{}", page.body);
    let tokens = s.tokens_of(ALICE);
    assert_eq!(tokens.len(), 1);
    let id = tokens[0].0;

    // Delete: missing, wrong.
    let path = format!("/console/tokens/{id}/delete");
    assert_eq!(c.post(&path, &[]).status, 403);
    assert_eq!(c.post(&path, &[("csrf", "nope")]).status, 403);
    assert_eq!(s.tokens_of(ALICE).len(), 1, "nothing deleted");

    // A cross-origin post with the right token is refused too.
    let page = c.post_with(
        &path,
        &[("csrf", &csrf)],
        &[("origin", "http://evil.example")],
    );
    assert_eq!(page.status, 403);
    let page = c.post_with(
        &path,
        &[("csrf", &csrf)],
        &[("sec-fetch-site", "cross-site")],
    );
    assert_eq!(page.status, 403);
    assert_eq!(s.tokens_of(ALICE).len(), 1, "nothing deleted");

    // Dataset drop and upload, and sign-out, check it as well.
    assert_eq!(
        c.post("/console/datasets/companies/drop", &[("csrf", "x")])
            .status,
        403
    );
    let page = c.post_multipart(
        "/console/datasets",
        &[("csrf", "x"), ("id", "forged")],
        ("forged.csv", COMPANIES_CSV.as_bytes()),
    );
    assert_eq!(page.status, 403);
    assert!(quarry(&s.data_dir, &["dataset", "list"], None).contains("companies"));
    assert!(!quarry(&s.data_dir, &["dataset", "list"], None).contains("forged"));
    assert_eq!(c.post("/console/sign-out", &[]).status, 403);
    assert_signed_in(&mut c);

    // The right token deletes.
    let page = c.post(&path, &[("csrf", &csrf)]);
    assert_eq!(page.status, 303);
    assert!(s.tokens_of(ALICE).is_empty());
}

#[test]
fn another_accounts_token_or_dataset_is_not_found_and_stays() {
    let s = Server::start_console("scoping", &[]);
    let t = console_template();
    let bob_tokens = s.tokens_of(BOB);
    let bob_token_id = bob_tokens[0].0;
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();

    let page = c.post(
        &format!("/console/tokens/{bob_token_id}/delete"),
        &[("csrf", &csrf)],
    );
    assert_eq!(page.status, 404);
    assert_eq!(s.tokens_of(BOB), bob_tokens, "nothing deleted");
    assert_eq!(
        s.query(&t.bob_token, "bobs-companies", "fintech").status(),
        200
    );
    // Not a number, or no such token at all: also not found.
    assert_eq!(
        c.post("/console/tokens/abc/delete", &[("csrf", &csrf)])
            .status,
        404
    );
    assert_eq!(
        c.post("/console/tokens/999999/delete", &[("csrf", &csrf)])
            .status,
        404
    );

    let page = c.post("/console/datasets/bobs-companies/drop", &[("csrf", &csrf)]);
    assert_eq!(page.status, 404);
    assert!(quarry(&s.data_dir, &["dataset", "list"], None).contains("bobs-companies"));
    assert_eq!(
        s.query(&t.bob_token, "bobs-companies", "fintech").status(),
        200
    );

    // Alice's pages never show Bob's things.
    let tokens = c.get("/console/tokens");
    assert!(!tokens.body.contains(&t.bob_token));
    assert!(!tokens.body.contains("bob-ci"));
    let datasets = c.get("/console/datasets");
    assert!(datasets.body.contains("companies"));
    assert!(!datasets.body.contains("bobs-companies"));

    // Dataset ids are per account: an upload with Bob's dataset id makes
    // Alice a dataset of her own (nothing says Bob has one), and his stays.
    let page = c.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", "bobs-companies")],
        ("x.csv", COMPANIES_CSV.as_bytes()),
    );
    assert_eq!(page.status, 303, "{}", page.body);
    assert!(!page.body.contains("taken") && !page.body.contains("another account"));
    assert_eq!(
        s.query(&t.bob_token, "bobs-companies", "fintech").status(),
        200
    );
}

#[test]
fn sign_in_backs_off_per_account_and_address() {
    let s = Server::start_console("throttle-account", &[]);
    let mut c = Client::new(&s);
    for _ in 0..5 {
        assert_eq!(c.sign_in(ALICE, "wrong-password").status, 401);
    }
    // Past five failures, attempts wait an exponentially growing delay;
    // meanwhile even the right password is refused, with a time to retry.
    let mut page = c.sign_in(ALICE, "wrong-password");
    for _ in 0..20 {
        if page.status == 429 {
            break;
        }
        assert_eq!(page.status, 401);
        page = c.sign_in(ALICE, "wrong-password");
    }
    assert_eq!(page.status, 429);
    let page = c.sign_in(ALICE, ALICE_PASSWORD);
    assert_eq!(page.status, 429);
    let retry: u64 = page.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    assert!(page.body.contains("Too many failed sign-ins"));
    assert!(session_cookie(&c).is_none());
    // Another account from the same address is not affected.
    assert_eq!(c.sign_in(BOB, BOB_PASSWORD).status, 303);
}

#[test]
fn failures_from_an_address_do_not_lock_out_everyone_behind_it() {
    let s = Server::start_console("throttle-address", &[]);
    let mut c = Client::new(&s);
    for i in 0..20 {
        let page = c.sign_in(&format!("guess{i}@example.com"), "wrong-password");
        assert_eq!(page.status, 401);
    }
    // On main: 429 for everyone at this address for 15 minutes.
    let page = c.sign_in(BOB, BOB_PASSWORD);
    assert_eq!(page.status, 303);
    assert!(session_cookie(&c).is_some());
}

#[test]
fn sessions_expire_when_idle_and_when_old() {
    // Idle: one second without a request ends the session.
    let s = Server::start_console("idle", &["--session-idle-secs", "1"]);
    let mut c = Client::new(&s);
    assert_eq!(c.sign_in(ALICE, ALICE_PASSWORD).status, 303);
    assert_signed_in(&mut c);
    std::thread::sleep(Duration::from_millis(2600));
    let page = c.get("/console/tokens");
    assert_eq!(page.status, 303);
    assert_eq!(page.location(), "/console/sign-in?expired=1");
    assert!(session_cookie(&c).is_none(), "the stale cookie is cleared");
    drop(s);

    // Absolute: a busy session still ends after its lifetime.
    let s = Server::start_console("lifetime", &["--session-lifetime-secs", "2"]);
    let mut c = Client::new(&s);
    assert_eq!(c.sign_in(ALICE, ALICE_PASSWORD).status, 303);
    let csrf = c.csrf();
    std::thread::sleep(Duration::from_millis(1000));
    assert_signed_in(&mut c);
    std::thread::sleep(Duration::from_millis(2600));
    // A form posted with an expired session changes nothing.
    let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", "late")]);
    assert_eq!(page.status, 303);
    assert!(page.location().starts_with("/console/sign-in"));
    assert!(s.tokens_of(ALICE).is_empty());
    assert_signed_out(&mut c);
}

#[test]
fn sign_out_ends_the_session_everywhere() {
    let s = Server::start_console("sign-out", &[]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let id = session_cookie(&c).unwrap();
    let csrf = c.csrf();
    let page = c.post("/console/sign-out", &[("csrf", &csrf)]);
    assert_eq!(page.status, 303);
    assert_eq!(page.location(), "/console/sign-in?signed_out=1");
    assert!(session_cookie(&c).is_none(), "the cookie is cleared");
    // A copy of the old cookie no longer works: the session is gone.
    let mut replay = Client::new(&s);
    replay.cookies.insert("quarry_session".into(), id);
    assert_signed_out(&mut replay);
    // Signing in again starts a new session with a new id.
    c.sign_in(ALICE, ALICE_PASSWORD);
    assert_signed_in(&mut c);
}

#[test]
fn api_keys_and_console_sessions_do_not_cross() {
    let s = Server::start_console("separation", &[]);
    let t = console_template();
    // An API key does not open the console, as a cookie or as a header.
    let mut c = Client::new(&s);
    c.cookies
        .insert("quarry_session".into(), t.bob_token.clone());
    assert_signed_out(&mut c);
    let resp = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(s.url("/console/tokens"))
        .header("apikey", &t.bob_token)
        .send()
        .unwrap();
    assert_eq!(resp.status(), 303);

    // A console session is not an API key.
    let mut c = Client::new(&s);
    c.sign_in(BOB, BOB_PASSWORD);
    let session = session_cookie(&c).unwrap();
    let resp = s.query(&session, "bobs-companies", "fintech");
    assert_eq!(resp.status(), 401);
    let body: serde_json::Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    assert_eq!(body["error_code"], "INVALID_API_KEY");
    // Nor is the session cookie sent along with an API request accepted.
    let resp = reqwest::blocking::Client::new()
        .post(s.url("/v1/query"))
        .header("cookie", format!("quarry_session={session}"))
        .header("content-type", "application/json")
        .body(r#"{"query_string":"fintech","dataset_id":"bobs-companies"}"#)
        .send()
        .unwrap();
    assert_eq!(resp.status(), 401);
    let body: serde_json::Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    assert_eq!(body["error_code"], "MISSING_API_KEY");
}

#[test]
fn a_token_deleted_in_the_console_is_refused_on_the_next_request() {
    let s = Server::start_console("revoke", &[]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();
    for name in ["web", "batch"] {
        let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", name)]);
        assert_eq!(page.status, 303);
        assert!(page.location().starts_with("/console/tokens?created="));
    }
    // The list shows both in full.
    let page = c.get("/console/tokens");
    let values: Vec<String> = page
        .body
        .match_indices("value=\"qk_")
        .map(|(i, _)| page.body[i + 7..i + 7 + 46].to_string())
        .collect();
    assert_eq!(values.len(), 2, "{values:?}");
    assert_eq!(page.body.matches("data-testid=\"token-row\"").count(), 2);
    let (web, batch) = (values[0].clone(), values[1].clone());
    assert_eq!(s.query(&web, "companies", "fintech").status(), 200);
    assert_eq!(s.query(&batch, "companies", "fintech").status(), 200);

    // A duplicate name is a clear error, not a new token.
    let page = c.post("/console/tokens", &[("csrf", &csrf), ("name", "web")]);
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("already has a token named web"),
        "{}",
        page.body
    );

    let web_id = s
        .tokens_of(ALICE)
        .into_iter()
        .find(|(_, n)| n == "web")
        .unwrap()
        .0;
    let page = c.post(
        &format!("/console/tokens/{web_id}/delete"),
        &[("csrf", &csrf)],
    );
    assert_eq!(page.status, 303);
    let resp = s.query(&web, "companies", "fintech");
    assert_eq!(resp.status(), 401);
    let body: serde_json::Value = serde_json::from_str(&resp.text().unwrap()).unwrap();
    assert_eq!(body["error_code"], "INVALID_API_KEY");
    assert_eq!(s.query(&batch, "companies", "fintech").status(), 200);
}

#[test]
fn first_run_setup_needs_the_printed_one_time_code() {
    let s = Server::start_empty("setup", &[]);
    let printed = s.stdout();
    let code = printed
        .lines()
        .find_map(|l| l.trim().strip_prefix("one-time setup code: "))
        .unwrap_or_else(|| panic!("serve printed no setup code: {printed:?}"))
        .to_string();
    assert!(printed.contains("/console/setup"), "{printed}");

    let mut c = Client::new(&s);
    let home = c.get("/console");
    assert_eq!(home.location(), "/console/setup");
    let form = c.get("/console/setup");
    assert_eq!(form.status, 200);
    let csrf = form.input_value("csrf").unwrap();
    let fields = |code: &str| {
        vec![
            ("csrf", csrf.clone()),
            ("code", code.to_string()),
            ("email", "owner@example.com".to_string()),
            ("password", "owner-password".to_string()),
            ("password_again", "owner-password".to_string()),
        ]
    };
    let post = |c: &mut Client, f: Vec<(&str, String)>| {
        let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
        c.post("/console/setup", &f)
    };
    let page = post(&mut c, fields("AAAA-BBBB-CCCC-DDDD"));
    assert_eq!(page.status, 401);
    assert!(quarry(&s.data_dir, &["account", "list"], None).is_empty());
    // Without the form's own csrf value.
    let mut other = Client::new(&s);
    let page = post(&mut other, fields(&code));
    assert_eq!(page.status, 403);

    // The code, typed in lower case.
    let page = post(&mut c, fields(&code.to_lowercase()));
    assert_eq!(page.status, 303, "{}", page.body);
    assert_eq!(page.location(), "/console/tokens?welcome=1");
    assert_signed_in(&mut c);
    assert!(quarry(&s.data_dir, &["account", "list"], None).contains("owner@example.com"));

    // Used once: the page is closed now, whoever asks.
    let mut late = Client::new(&s);
    assert_eq!(late.get("/console/setup").location(), "/console/sign-in");
    let page = post(&mut late, fields(&code));
    assert_eq!(page.status, 303);
    assert_eq!(
        quarry(&s.data_dir, &["account", "list"], None)
            .lines()
            .count(),
        2
    );
    assert_eq!(
        late.sign_in("owner@example.com", "owner-password").status,
        303
    );
}

#[test]
fn no_setup_page_once_an_account_exists() {
    let s = Server::start_console("no-setup", &[]);
    assert!(!s.stdout().contains("setup code"));
    let mut c = Client::new(&s);
    assert_eq!(c.get("/console/setup").location(), "/console/sign-in");
    assert_eq!(c.get("/console").location(), "/console/sign-in");
    assert_eq!(c.get("/console/").status, 308);
}

#[test]
fn upload_imports_like_the_cli_and_reports_errors_clearly() {
    let s = Server::start_console("upload", &[]);
    let mut c = Client::new(&s);
    c.sign_in(ALICE, ALICE_PASSWORD);
    let csrf = c.csrf();

    let page = c.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", ""), ("id_column", "")],
        (
            "Team Members.csv",
            b"Name,Age,City\nAda,36,London\nLinus,28,Helsinki\n",
        ),
    );
    assert_eq!(page.status, 303, "{}", page.body);
    assert_eq!(page.location(), "/console/datasets?imported=team-members");
    let list = c.get(page.location());
    assert!(list.body.contains("team-members"));
    assert!(list
        .body
        .contains("Dataset \u{201c}team-members\u{201d} is imported"));
    assert!(list.body.contains(">integer<"), "column types are shown");

    let shown = quarry(&s.data_dir, &["dataset", "show", "team-members"], None);
    assert!(shown.contains("rows       2"), "{shown}");

    // A ragged file: the importer's message, naming the user's file.
    let page = c.post_multipart(
        "/console/datasets",
        &[("csrf", &csrf), ("id", "broken")],
        ("broken.csv", b"a,b\n1,2\n3\n"),
    );
    assert_eq!(page.status, 422);
    assert!(page.body.contains("broken.csv"), "{}", page.body);
    assert!(page.body.contains("line 3"), "{}", page.body);
    assert!(
        !page.body.contains(s.data_dir.to_str().unwrap()),
        "no server paths"
    );
    assert!(!quarry(&s.data_dir, &["dataset", "list"], None).contains("broken"));

    // No file chosen.
    let page = c.post_multipart("/console/datasets", &[("csrf", &csrf)], ("", b""));
    assert_eq!(page.status, 422);
    assert!(page.body.contains("Choose a file"));

    // The uploaded dataset answers queries.
    let token = {
        c.post("/console/tokens", &[("csrf", &csrf), ("name", "t")]);
        let page = c.get("/console/tokens");
        let i = page.body.find("value=\"qk_").unwrap();
        page.body[i + 7..i + 7 + 46].to_string()
    };
    assert_eq!(
        s.query(&token, "team-members", "people in London").status(),
        200
    );

    // Dropping it, confirmed, removes it at once from the catalog; its file
    // is retired, kept for the queries that had already looked it up and
    // deleted by the server's sweep two minutes later (the catalog's tests
    // cover the sweep).
    let page = c.post("/console/datasets/team-members/drop", &[("csrf", &csrf)]);
    assert_eq!(page.status, 303);
    assert_eq!(s.query(&token, "team-members", "people").status(), 404);
    let listed = quarry(&s.data_dir, &["dataset", "list"], None);
    assert!(!listed.contains("team-members"), "{listed}");
    // (On PostgreSQL the retired version is a table, kept likewise: the
    // catalog's and the store's own tests cover it.)
    if crate::harness::database_of(&s.data_dir).is_none() {
        let files: Vec<String> = std::fs::read_dir(s.data_dir.join("datasets"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("team-members"))
            .collect();
        assert_eq!(
            files.len(),
            1,
            "the retired file, until the sweep: {files:?}"
        );
    }
    // Nothing is left in the upload area.
    let leftovers = std::fs::read_dir(s.data_dir.join("uploads"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(leftovers, 0);
}

/// The console's HTTP tests again, with the catalog and the datasets in PostgreSQL
/// (`--database-url`): the same test bodies.
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
        pages_send_the_security_headers_and_assets_are_cached,
        wrong_password_is_refused_and_the_right_one_starts_a_session,
        secure_cookies_when_configured,
        the_sign_in_form_needs_its_own_csrf_value,
        state_changing_forms_need_the_session_csrf_token,
        another_accounts_token_or_dataset_is_not_found_and_stays,
        sign_in_backs_off_per_account_and_address,
        failures_from_an_address_do_not_lock_out_everyone_behind_it,
        sessions_expire_when_idle_and_when_old,
        sign_out_ends_the_session_everywhere,
        api_keys_and_console_sessions_do_not_cross,
        a_token_deleted_in_the_console_is_refused_on_the_next_request,
        first_run_setup_needs_the_printed_one_time_code,
        no_setup_page_once_an_account_exists,
        upload_imports_like_the_cli_and_reports_errors_clearly,
    );
}
