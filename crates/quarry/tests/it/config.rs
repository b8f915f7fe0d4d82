//! The configuration file, `quarry.toml`: every `serve` flag and
//! `data_dir` by name; a flag wins over its environment variable, which
//! wins over the file, which wins over the default; unknown keys are
//! errors; `serve --check-config` prints the effective settings with their
//! sources and secrets masked (a database URL's password too); and a
//! server started from a file alone serves as the file says.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{self, template, wait_healthy, KillOnDrop, BIN};

use serde_json::Value;

/// Runs `quarry ARGS…` in `dir` with exactly `env` of the QUARRY_
/// variables; returns (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir).args(args).stdin(Stdio::null());
    for (k, _) in std::env::vars() {
        if k.starts_with("QUARRY_") {
            cmd.env_remove(k);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `key = value  # source` line of `--check-config`'s output.
fn setting<'a>(out: &'a str, key: &str) -> (&'a str, &'a str) {
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("{key} = ")))
        .unwrap_or_else(|| panic!("no {key} in:\n{out}"));
    let (value, source) = line[key.len() + 3..].split_once('#').unwrap();
    (value.trim(), source.trim())
}

#[test]
fn flag_then_environment_then_file_then_default() {
    let dir = harness::unique_dir("config-precedence");
    std::fs::write(
        dir.join("quarry.toml"),
        "data_dir = \"from-file\"\n\
         query_timeout_ms = 1234\n\
         rate_per_minute = 77\n\
         max_connections = 55\n\
         max_running_queries = 3\n\
         log_format = \"json\"\n",
    )
    .unwrap();
    let secret = "ab".repeat(32);
    let (code, out, err) = run(
        &dir,
        &["serve", "--check-config", "--max-connections", "66"],
        &[
            ("QUARRY_RATE_PER_MINUTE", "88"),
            ("QUARRY_MAX_CONNECTIONS", "44"),
            ("QUARRY_SECRET_KEY", &secret),
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# configuration file: quarry.toml"), "{out}");
    assert_eq!(setting(&out, "max_connections"), ("66", "flag"));
    assert_eq!(setting(&out, "rate_per_minute"), ("88", "environment"));
    assert_eq!(setting(&out, "query_timeout_ms"), ("1234", "file"));
    assert_eq!(setting(&out, "max_running_queries"), ("3", "file"));
    assert_eq!(setting(&out, "log_format"), ("\"json\"", "file"));
    assert_eq!(setting(&out, "data_dir"), ("\"from-file\"", "file"));
    assert_eq!(setting(&out, "streams_per_key"), ("8", "default"));
    assert_eq!(setting(&out, "addr"), ("\"127.0.0.1:8080\"", "default"));
    // The secret is masked; it was not written anywhere.
    assert!(!out.contains(&secret) && !err.contains(&secret));
    assert!(out.contains("********"), "{out}");
    assert!(
        !dir.join("from-file").exists(),
        "--check-config serves nothing"
    );

    // --config names another file; the default one is then not read.
    std::fs::write(dir.join("other.toml"), "query_timeout_ms = 42\n").unwrap();
    let (code, out, err) = run(
        &dir,
        &["--config", "other.toml", "serve", "--check-config"],
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(setting(&out, "query_timeout_ms"), ("42", "file"));
    assert_eq!(setting(&out, "rate_per_minute"), ("60000", "default"));
    // So does QUARRY_CONFIG.
    let (_, out, _) = run(
        &dir,
        &["serve", "--check-config"],
        &[("QUARRY_CONFIG", "other.toml")],
    );
    assert_eq!(setting(&out, "query_timeout_ms"), ("42", "file"));

    // data_dir from the file applies to the operator commands too.
    let (code, _, err) = run(&dir, &["account", "list"], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        dir.join("from-file").exists(),
        "the file's data_dir was used"
    );
}

#[test]
fn unknown_keys_bad_values_and_missing_files_are_errors() {
    let dir = harness::unique_dir("config-errors");
    for (text, expect) in [
        ("adr = \"127.0.0.1:1\"\n", "unknown key `adr`"),
        ("[serve]\naddr = \"127.0.0.1:1\"\n", "unknown key `serve`"),
        (
            "addr = [\"a\"]\n",
            "`addr` must be a string, a number or a boolean",
        ),
        ("addr = \n", "not a valid TOML file"),
        (
            "query_timeout_ms = \"soon\"\n",
            "configuration file quarry.toml",
        ),
        ("log_format = \"xml\"\n", "configuration file quarry.toml"),
    ] {
        std::fs::write(dir.join("quarry.toml"), text).unwrap();
        let (code, out, err) = run(&dir, &["serve", "--check-config"], &[]);
        assert_eq!(code, 2, "{text}: {out}{err}");
        assert!(err.contains(expect), "{text}: {err}");
    }
    std::fs::remove_file(dir.join("quarry.toml")).unwrap();
    let (code, _, err) = run(&dir, &["--config", "missing.toml", "dataset", "list"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.toml"), "{err}");
    // A TLS key that does not read is found by --check-config.
    std::fs::write(dir.join("cert.pem"), "nope").unwrap();
    std::fs::write(
        dir.join("quarry.toml"),
        "tls_cert = \"cert.pem\"\ntls_key = \"cert.pem\"\n",
    )
    .unwrap();
    let (code, _, err) = run(&dir, &["serve", "--check-config"], &[]);
    assert_ne!(code, 0);
    assert!(err.contains("cert.pem"), "{err}");
}

#[test]
fn a_server_started_from_the_file_alone_serves_as_it_says() {
    let t = template();
    let dir = harness::unique_dir("config-serve");
    let data_dir = dir.join("data");
    harness::copy_dir(&t.dir, &data_dir);
    let addr = format!("127.0.0.1:{}", harness::free_port());
    std::fs::write(
        dir.join("quarry.toml"),
        format!(
            "data_dir = {:?}\naddr = {addr:?}\nlog_format = \"json\"\nrate_per_minute = 1\n",
            data_dir.to_str().unwrap()
        ),
    )
    .unwrap();
    let log_path = dir.join("serve.log");
    let child = Command::new(BIN)
        .current_dir(&dir)
        .arg("serve")
        .env_remove("QUARRY_DATA_DIR")
        .env_remove("QUARRY_SECRET_KEY")
        .env_remove("QUARRY_ADDR")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let base = format!("http://{addr}");
    wait_healthy(
        &mut child,
        &base,
        Instant::now() + Duration::from_secs(60),
        &log_path,
    );
    let http = reqwest::blocking::Client::new();
    let query = |key: &str| {
        http.post(format!("{base}/v1/query"))
            .header("apikey", key)
            .header("content-type", "application/json")
            .body(r#"{"query_string":"fintech","dataset_id":"companies"}"#)
            .send()
            .unwrap()
            .status()
    };
    // The file's data directory (its token works), its rate (one a minute).
    assert_eq!(query(&t.alice), 200);
    assert_eq!(query(&t.alice), 429);
    // Its log format.
    let log = std::fs::read_to_string(&log_path).unwrap();
    let first = log.lines().next().unwrap();
    assert!(serde_json::from_str::<Value>(first).is_ok(), "{first}");
}

#[test]
fn the_database_url_comes_from_the_file_or_the_environment_with_its_password_masked() {
    let dir = harness::unique_dir("config-database-url");
    std::fs::write(
        dir.join("quarry.toml"),
        "data_dir = \"data\"\n\
         database_url = \"postgres://quarry:s3cret-pw@127.0.0.1:1/quarry\"\n",
    )
    .unwrap();
    let (code, out, err) = run(&dir, &["serve", "--check-config"], &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        setting(&out, "database_url"),
        ("\"postgres://quarry:********@127.0.0.1:1/quarry\"", "file")
    );
    assert!(!out.contains("s3cret-pw") && !err.contains("s3cret-pw"));
    let (_, out, _) = run(
        &dir,
        &["serve", "--check-config"],
        &[("QUARRY_DATABASE_URL", "postgres://other@127.0.0.1:2/db")],
    );
    assert_eq!(
        setting(&out, "database_url"),
        ("\"postgres://other@127.0.0.1:2/db\"", "environment")
    );
    // Not a PostgreSQL URL: a usage error, before anything is opened.
    let (code, _, err) = run(
        &dir,
        &["--database-url", "mysql://x@y/z", "account", "list"],
        &[],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("postgres://"), "{err}");

    // The file's URL applies to the operator commands: the account is in
    // PostgreSQL, and the data directory holds only the key.
    let url = harness::pg::database("config");
    std::fs::write(
        dir.join("quarry.toml"),
        format!("data_dir = \"data\"\ndatabase_url = \"{url}\"\n"),
    )
    .unwrap();
    let mut cmd = Command::new(BIN);
    cmd.current_dir(&dir)
        .args(["account", "create", "--email", "a@x.io", "--password-stdin"])
        .env_remove("QUARRY_DATABASE_URL")
        .env_remove("QUARRY_DATA_DIR")
        .env_remove("QUARRY_SECRET_KEY")
        .stdin(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"password123\n")
            .unwrap();
    }
    assert!(child.wait().unwrap().success());
    let (code, out, err) = run(&dir, &["account", "list"], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("a@x.io"), "{out}");
    assert!(!dir.join("data").join("catalog.sqlite").exists());
    assert!(dir.join("data").join("secret.key").exists());
}
