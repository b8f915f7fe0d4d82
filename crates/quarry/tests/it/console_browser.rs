//! The web console end to end in headless Chromium, driven over WebDriver
//! (chromedriver) against the real `quarry serve` on 127.0.0.1: sign in,
//! create two tokens, see both in full, use one on `/v1/query`, delete it
//! and see the API refuse it at once while the other still works, upload a
//! CSV and see the dataset, run a playground query and watch the SQL and
//! the rows arrive; the pages also fit a 400 px wide window.
//!
//! Needs the Debian packages `chromium` and `chromium-driver` (`.ci/run`
//! installs them). When the browser cannot start, the test fails under
//! `CI=true` and is skipped, loudly, elsewhere.
//!
//! Screenshots of every page go to `target/console-screenshots/`; with
//! `QUARRY_UPDATE_SCREENSHOTS=1` they replace the ones in
//! `docs/screenshots/` that the README shows.

use crate::harness;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client as Browser, ClientBuilder, Locator};
use harness::*;
use serde_json::{json, Value};
use tokio::runtime::Runtime;

const WAIT: Duration = Duration::from_secs(30);

/// `chromedriver` on a free port, in a process group of its own with the
/// Chromium it starts; the whole group is killed on drop, so a failing test
/// leaves no browser behind.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// Why the browser could not start: fatal under CI, a loud skip elsewhere.
fn unavailable(why: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if ci {
        panic!("CI=true and the browser cannot start: {why}");
    }
    eprintln!(
        "\n\
         ************************************************************\n\
         SKIPPED console_browser: the browser cannot start: {why}\n\
         Install it with: apt-get install -y chromium chromium-driver\n\
         (under CI=true this is a failure, not a skip)\n\
         ************************************************************\n"
    );
}

fn start_driver(log_dir: &Path) -> Result<(Driver, PathBuf), String> {
    let chromium = std::env::var_os("CHROME_BIN")
        .map(PathBuf::from)
        .or_else(|| on_path(&["chromium", "chromium-browser", "google-chrome"]))
        .ok_or("no chromium on PATH")?;
    let driver = std::env::var_os("CHROMEDRIVER")
        .map(PathBuf::from)
        .or_else(|| on_path(&["chromedriver"]))
        .or_else(|| {
            let p = PathBuf::from("/usr/lib/chromium/chromedriver");
            p.is_file().then_some(p)
        })
        .ok_or("no chromedriver on PATH")?;
    let port = free_port();
    let log = std::fs::File::create(log_dir.join("chromedriver.log")).map_err(|e| e.to_string())?;
    let child = Command::new(&driver)
        .process_group(0)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log)
        .spawn()
        .map_err(|e| format!("{}: {e}", driver.display()))?;
    let d = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let http = reqwest::blocking::Client::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let ready = http
            .get(format!("{}/status", d.url))
            .send()
            .ok()
            .and_then(|r| r.text().ok())
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .is_some_and(|v| v["value"]["ready"] == true);
        if ready {
            return Ok((d, chromium));
        }
        if Instant::now() > deadline {
            return Err("chromedriver did not become ready in 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

async fn open_browser(driver: &Driver, chromium: &Path, profile: &Path) -> Result<Browser, String> {
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium.to_str().unwrap(),
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                format!("--user-data-dir={}", profile.display()),
                "--window-size=1280,1000",
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .map_err(|e| format!("starting a Chromium session failed: {e}"))
}

/// Where screenshots go (see the module documentation).
fn screenshot_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = if std::env::var("QUARRY_UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        root.join("docs/screenshots")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("../console-screenshots")
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn shot(b: &Browser, name: &str) {
    let png = b.screenshot().await.unwrap();
    let path = screenshot_dir().join(format!("{name}.png"));
    std::fs::write(&path, png).unwrap();
    eprintln!("screenshot: {}", path.display());
}

async fn find(b: &Browser, css: &str) -> Element {
    match b.wait().at_most(WAIT).for_element(Locator::Css(css)).await {
        Ok(e) => e,
        Err(e) => {
            let url = b
                .current_url()
                .await
                .map(|u| u.to_string())
                .unwrap_or_default();
            let text = b
                .execute("return document.body.innerText", vec![])
                .await
                .unwrap_or_default();
            panic!("no element {css} at {url}: {e}; page text: {text}")
        }
    }
}

fn testid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

/// Waits until `script` (a function body returning a value) returns true.
async fn until(b: &Browser, what: &str, script: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        if b.execute(script, vec![]).await.unwrap() == json!(true) {
            return;
        }
        if Instant::now() > deadline {
            let url = b
                .current_url()
                .await
                .map(|u| u.to_string())
                .unwrap_or_default();
            let text = b
                .execute("return document.body.innerText", vec![])
                .await
                .unwrap_or_default();
            panic!("timed out waiting for {what} at {url}; page text: {text}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn rows_named(b: &Browser) -> Vec<(Element, String)> {
    let mut out = Vec::new();
    for row in b
        .find_all(Locator::Css(&testid("token-row")))
        .await
        .unwrap()
    {
        let name = row
            .find(Locator::Css(".token-name"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        out.push((row, name));
    }
    out
}

/// The stream of a query with this key: status and event types.
fn api_query(s: &Server, key: &str) -> (u16, Vec<String>) {
    let resp = s.query(key, "companies", "fintech companies in Germany");
    let status = resp.status().as_u16();
    let body = resp.text().unwrap();
    let types = body
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|j| {
            serde_json::from_str::<Value>(j).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    if status != 200 {
        let v: Value = serde_json::from_str(&body).unwrap();
        return (status, vec![v["error_code"].as_str().unwrap().to_string()]);
    }
    (status, types)
}

#[test]
fn a_new_user_does_everything_by_clicking() {
    let work = unique_dir("browser");
    let (driver, chromium) = match start_driver(&work) {
        Ok(d) => d,
        Err(why) => return unavailable(&why),
    };
    let rt = Runtime::new().unwrap();
    let b = match rt.block_on(open_browser(&driver, &chromium, &work.join("profile"))) {
        Ok(b) => b,
        Err(why) => {
            let log = std::fs::read_to_string(work.join("chromedriver.log")).unwrap_or_default();
            return unavailable(&format!("{why}\nchromedriver log:\n{log}"));
        }
    };

    // First run: the setup page of an empty data directory.
    let empty = Server::start_empty("browser-setup", &[]);
    rt.block_on(async {
        b.goto(&empty.url("/console")).await.unwrap();
        find(&b, &testid("setup-code")).await;
        shot(&b, "setup").await;
    });
    drop(empty);

    let s = Server::start_console("browser", &[]);
    let tokens = rt.block_on(async {
        // Sign in.
        b.goto(&s.url("/console")).await.unwrap();
        find(&b, &testid("login-email"))
            .await
            .send_keys(ALICE)
            .await
            .unwrap();
        find(&b, &testid("login-password"))
            .await
            .send_keys(ALICE_PASSWORD)
            .await
            .unwrap();
        shot(&b, "sign-in").await;
        find(&b, &testid("login-submit"))
            .await
            .click()
            .await
            .unwrap();
        find(
            &b,
            &format!("{}[aria-current=\"page\"]", testid("tab-tokens")),
        )
        .await;
        assert!(b
            .current_url()
            .await
            .unwrap()
            .path()
            .ends_with("/console/tokens"));

        // Create two tokens; the new value is shown at once. The page is
        // read by script, not through an element handle: the second token's
        // page replaces the first's, whose elements go stale.
        let mut previous = String::new();
        for name in ["web", "batch"] {
            find(&b, &testid("token-name"))
                .await
                .send_keys(name)
                .await
                .unwrap();
            find(&b, &testid("token-create"))
                .await
                .click()
                .await
                .unwrap();
            let shown = format!(
                "document.querySelector({})",
                serde_json::to_string(&testid("token-new-value")).unwrap()
            );
            until(
                &b,
                "the new token's value",
                &format!(
                    "const e = {shown}; return e !== null && e.value.startsWith('qk_') && e.value !== {}",
                    serde_json::to_string(&previous).unwrap()
                ),
            )
            .await;
            let value = b
                .execute(&format!("return {shown}.value"), vec![])
                .await
                .unwrap();
            let value = value.as_str().unwrap().to_string();
            assert!(value.starts_with("qk_") && value.len() == 46, "{value}");
            previous = value;
        }
        until(
            &b,
            "two token rows",
            &format!(
                "return document.querySelectorAll('{}').length === 2",
                testid("token-row")
            ),
        )
        .await;
        shot(&b, "token-created").await;

        // The list shows both: masked, then in full after one click each.
        let mut values = Vec::new();
        for (row, name) in rows_named(&b).await {
            let input = row
                .find(Locator::Css(&testid("token-value")))
                .await
                .unwrap();
            assert_eq!(
                input.attr("type").await.unwrap().as_deref(),
                Some("password")
            );
            row.find(Locator::Css(&testid("token-reveal")))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            assert_eq!(input.attr("type").await.unwrap().as_deref(), Some("text"));
            let value = input.prop("value").await.unwrap().unwrap();
            assert!(value.starts_with("qk_") && value.len() == 46, "{value}");
            let created = row.find(Locator::Css("time")).await.unwrap();
            assert!(!created.text().await.unwrap().is_empty());
            assert!(row.text().await.unwrap().contains("Last used never"));
            values.push((name, value));
        }
        assert_eq!(
            values.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["web", "batch"]
        );
        // Copy gives feedback on the button.
        let copy = rows_named(&b)
            .await
            .into_iter()
            .nth(1)
            .unwrap()
            .0
            .find(Locator::Css(&testid("token-copy")))
            .await
            .unwrap();
        copy.click().await.unwrap();
        until(
            &b,
            "copy feedback",
            &format!(
                "return [...document.querySelectorAll('{}')].some(e => e.textContent === 'Copied')",
                testid("token-copy")
            ),
        )
        .await;
        b.goto(&s.url("/console/tokens")).await.unwrap();
        for (row, _) in rows_named(&b).await.into_iter().take(1) {
            row.find(Locator::Css(&testid("token-reveal")))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        }
        shot(&b, "tokens").await;
        values
    });
    let web = tokens[0].1.clone();
    let batch = tokens[1].1.clone();

    // One of them works on the API, as a stream.
    assert_eq!(
        api_query(&s, &web),
        (
            200,
            vec![
                "thoughts".into(),
                "sql".into(),
                "results".into(),
                "close".into()
            ]
        )
    );

    rt.block_on(async {
        // Delete "web", after the confirmation.
        let (row, _) = rows_named(&b)
            .await
            .into_iter()
            .find(|(_, n)| n == "web")
            .unwrap();
        row.find(Locator::Css(&testid("token-delete"))).await.unwrap().click().await.unwrap();
        let confirm = row
            .find(Locator::Css(&testid("token-delete-confirm")))
            .await
            .unwrap();
        shot(&b, "token-delete-confirm").await;
        confirm.click().await.unwrap();
        until(&b, "one token row left", &format!(
            "return document.querySelectorAll('{}').length === 1 && document.body.innerText.includes('is deleted')",
            testid("token-row")
        ))
        .await;
        let left = rows_named(&b).await;
        assert_eq!(left[0].1, "batch");
    });

    // The very next request with the deleted token is refused; the other works.
    assert_eq!(api_query(&s, &web), (401, vec!["INVALID_API_KEY".into()]));
    assert_eq!(api_query(&s, &batch).0, 200);

    rt.block_on(async {
        // Upload a CSV: choosing the file starts it; the page shows the dataset.
        find(&b, &testid("tab-datasets")).await.click().await.unwrap();
        let csv = work.join("Team Members.csv");
        std::fs::write(
            &csv,
            "Name,Role,Age,City\nAda Lovelace,engineer,36,London\nLinus Torvalds,maintainer,28,Helsinki\nGrace Hopper,admiral,45,New York\n",
        )
        .unwrap();
        find(&b, &testid("dataset-upload"))
            .await
            .send_keys(csv.to_str().unwrap())
            .await
            .unwrap();
        until(
            &b,
            "the uploaded dataset",
            "return location.search.includes('imported=team-members') && !!document.querySelector('[data-dataset-id=\"team-members\"]')",
        )
        .await;
        let row = find(&b, "[data-dataset-id=\"team-members\"]").await;
        let text = row.text().await.unwrap();
        assert!(text.contains("3 rows"), "{text}");
        assert!(text.contains("integer") && text.contains("text"), "{text}");
        assert!(text.contains("from \u{201c}Name\u{201d}") || text.contains("name"), "{text}");
        b.set_window_size(1280, 1700).await.unwrap();
        shot(&b, "datasets").await;
        b.set_window_size(1280, 1000).await.unwrap();

        // A broken file: the importer's message, in place.
        let bad = work.join("broken.csv");
        std::fs::write(&bad, "a,b\n1,2\n3\n").unwrap();
        find(&b, &testid("dataset-upload"))
            .await
            .send_keys(bad.to_str().unwrap())
            .await
            .unwrap();
        until(
            &b,
            "the upload error",
            "const e = document.getElementById('upload-error'); return !e.hidden && e.textContent.includes('broken.csv, line 3')",
        )
        .await;

        // The playground: pick the dataset, type, run, watch the events.
        find(&b, &testid("tab-playground")).await.click().await.unwrap();
        find(&b, "#pg-dataset")
            .await
            .select_by_value("companies")
            .await
            .unwrap();
        find(&b, &testid("playground-query"))
            .await
            .send_keys("fintech companies in Germany with more than 100 employees")
            .await
            .unwrap();
        let limit = find(&b, "#pg-limit").await;
        limit.clear().await.unwrap();
        limit.send_keys("5").await.unwrap();
        find(&b, &testid("playground-run")).await.click().await.unwrap();
        until(
            &b,
            "the close event",
            "return document.querySelectorAll('#pg-events li').length === 4 && document.getElementById('pg-status').textContent.startsWith('Done')",
        )
        .await;
        let sql = find(&b, &testid("playground-sql")).await.text().await.unwrap();
        assert!(sql.starts_with("SELECT"), "{sql}");
        assert!(sql.contains("'Germany'"), "{sql}");
        let keywords = b
            .find_all(Locator::Css("#pg-sql .sql-kw"))
            .await
            .unwrap()
            .len();
        assert!(keywords >= 3, "keywords are highlighted");
        let results = find(&b, &testid("playground-results")).await;
        let rows = results.find_all(Locator::Css("tbody tr")).await.unwrap();
        assert!(!rows.is_empty() && rows.len() <= 5, "{} rows", rows.len());
        let table = results.text().await.unwrap();
        // (Headers are upper-cased by the stylesheet.)
        assert!(
            table.contains("Germany") && table.to_lowercase().contains("company_name"),
            "{table}"
        );
        let chips = b.find_all(Locator::Css("#pg-thoughts .chip")).await.unwrap();
        assert!(!chips.is_empty(), "thoughts as chips");
        let events: Vec<String> = {
            let mut v = Vec::new();
            for li in b.find_all(Locator::Css("#pg-events .event-type")).await.unwrap() {
                v.push(li.text().await.unwrap());
            }
            v
        };
        assert_eq!(events, ["thoughts", "sql", "results", "close"]);
        b.set_window_size(1280, 1500).await.unwrap();
        shot(&b, "playground").await;

        // Readable at 400 px: nothing wider than the window.
        b.set_window_size(400, 900).await.unwrap();
        for (path, name) in [
            ("/console/tokens", "tokens-400px"),
            ("/console/datasets", "datasets-400px"),
            ("/console/playground", "playground-400px"),
        ] {
            b.goto(&s.url(path)).await.unwrap();
            find(&b, "main").await;
            let overflow = b
                .execute(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
                    vec![],
                )
                .await
                .unwrap();
            assert!(
                overflow.as_i64().unwrap() <= 0,
                "{path} overflows a 400 px window by {overflow} px"
            );
            if name == "tokens-400px" {
                shot(&b, name).await;
            }
        }
        b.set_window_size(1280, 1000).await.unwrap();

        // Sign out: back to the sign-in page, and the tabs are gone.
        b.goto(&s.url("/console/tokens")).await.unwrap();
        find(&b, &testid("sign-out")).await.click().await.unwrap();
        find(&b, &testid("login-email")).await;
        let text: Value = b.execute("return document.body.innerText", vec![]).await.unwrap();
        assert!(text.as_str().unwrap().contains("You are signed out."));
        b.goto(&s.url("/console/tokens")).await.unwrap();
        find(&b, &testid("login-email")).await;

        b.close().await.unwrap();
    });
    drop(driver);
}

/// Chromium on a fresh profile under `work`, or `None` (after saying why)
/// when it cannot start.
fn browser(work: &Path, rt: &Runtime) -> Option<(Driver, Browser)> {
    let (driver, chromium) = match start_driver(work) {
        Ok(d) => d,
        Err(why) => {
            unavailable(&why);
            return None;
        }
    };
    match rt.block_on(open_browser(&driver, &chromium, &work.join("profile"))) {
        Ok(b) => Some((driver, b)),
        Err(why) => {
            let log = std::fs::read_to_string(work.join("chromedriver.log")).unwrap_or_default();
            unavailable(&format!("{why}\nchromedriver log:\n{log}"));
            None
        }
    }
}

/// Bob's vocabulary for `bobs-companies`, as typed into the editor.
const VOCABULARY: &str = "[fields.employees]\nsynonyms = [\"staff\"]\n\n[[aliases]]\nphrase = \"DACH\"\nfield = \"country\"\nvalues = [\"Germany\", \"Austria\", \"Switzerland\"]\n";

#[test]
fn a_vocabulary_is_edited_validated_and_saved_by_clicking() {
    let work = unique_dir("browser-vocabulary");
    let rt = Runtime::new().unwrap();
    let Some((driver, b)) = browser(&work, &rt) else {
        return;
    };
    let s = Server::start_console("browser-vocabulary", &[]);
    let editor = "#vocabulary-bobs-companies";
    let textarea = format!("{editor} {}", testid("vocabulary-text"));
    rt.block_on(async {
        b.goto(&s.url("/console")).await.unwrap();
        find(&b, &testid("login-email"))
            .await
            .send_keys(BOB)
            .await
            .unwrap();
        find(&b, &testid("login-password"))
            .await
            .send_keys(BOB_PASSWORD)
            .await
            .unwrap();
        find(&b, &testid("login-submit"))
            .await
            .click()
            .await
            .unwrap();
        find(
            &b,
            &format!("{}[aria-current=\"page\"]", testid("tab-tokens")),
        )
        .await;
        find(&b, &testid("tab-datasets"))
            .await
            .click()
            .await
            .unwrap();

        // Open the editor and type a file with a mistake: the error, with
        // its line, in place; nothing saved.
        find(&b, &format!("{editor} {}", testid("vocabulary-edit")))
            .await
            .click()
            .await
            .unwrap();
        let area = find(&b, &textarea).await;
        area.send_keys(&VOCABULARY.replace("field = \"country\"", "field = \"land\""))
            .await
            .unwrap();
        find(&b, &format!("{editor} {}", testid("vocabulary-validate")))
            .await
            .click()
            .await
            .unwrap();
        let errors = find(&b, &format!("{editor} {}", testid("vocabulary-errors"))).await;
        let text = errors.text().await.unwrap();
        assert!(text.contains("1 error; nothing was saved"), "{text}");
        assert!(
            text.contains("line 6: the alias 'DACH': the dataset has no field 'land'"),
            "{text}"
        );
        assert_eq!(
            find(&b, &textarea)
                .await
                .attr("aria-invalid")
                .await
                .unwrap()
                .as_deref(),
            Some("true")
        );
        shot(&b, "vocabulary-error").await;

        // Fix it, validate: valid, with the warnings about values no record has.
        let area = find(&b, &textarea).await;
        area.clear().await.unwrap();
        area.send_keys(VOCABULARY).await.unwrap();
        find(&b, &format!("{editor} {}", testid("vocabulary-validate")))
            .await
            .click()
            .await
            .unwrap();
        let valid = find(&b, &format!("{editor} {}", testid("vocabulary-valid"))).await;
        assert!(valid
            .text()
            .await
            .unwrap()
            .starts_with("Valid: 1 synonym of 1 field, 1 alias"));
        let warnings = find(&b, &format!("{editor} {}", testid("vocabulary-warnings"))).await;
        assert!(warnings.text().await.unwrap().contains("'Austria'"));

        // Save: the notice, and the editor shows what was saved.
        find(&b, &format!("{editor} {}", testid("vocabulary-save")))
            .await
            .click()
            .await
            .unwrap();
        until(
            &b,
            "the saved notice",
            "return document.body.innerText.includes('is saved (revision 1)')",
        )
        .await;
        b.set_window_size(1280, 1500).await.unwrap();
        shot(&b, "vocabulary").await;
        b.set_window_size(1280, 1000).await.unwrap();

        // A fresh load of the page shows it again.
        b.goto(&s.url("/console/datasets")).await.unwrap();
        let summary = find(&b, &format!("{editor} {}", testid("vocabulary-edit"))).await;
        assert!(summary.text().await.unwrap().contains("revision 1"));
        summary.click().await.unwrap();
        let value = find(&b, &textarea)
            .await
            .prop("value")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(value, VOCABULARY);
    });

    // The API's next query reads it.
    let body = s
        .query(
            &harness::console::console_template().bob_token,
            "bobs-companies",
            "DACH companies",
        )
        .text()
        .unwrap();
    assert!(
        body.contains("country IN ('Germany', 'Austria', 'Switzerland')"),
        "{body}"
    );

    rt.block_on(async { b.close().await.unwrap() });
    drop(driver);
}

/// The browser tests again, with the catalog and the datasets in PostgreSQL
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
        a_new_user_does_everything_by_clicking,
        a_vocabulary_is_edited_validated_and_saved_by_clicking,
    );
}
