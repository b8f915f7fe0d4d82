//! End to end through the built binary: `quarry serve --demo` on an empty
//! data directory, then the `quarry query` command it printed, exactly as a
//! newcomer following the README would run them.

use crate::harness;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use harness::{free_port, unique_dir, wait_healthy, KillOnDrop, BIN};

/// How long the demo may take to import its datasets and start listening
/// (a debug build on two cores).
const STARTUP: Duration = Duration::from_secs(240);

/// A running `quarry serve --demo`; killed when dropped, also when a test
/// panics.
struct Server {
    child: KillOnDrop,
    addr: String,
    stderr_log: PathBuf,
    /// What it printed before it started listening (the demo banner).
    banner: Vec<String>,
    token: String,
    query_command: String,
}

impl Server {
    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr_log).unwrap_or_default()
    }

    /// Starts the demo server on a free port and reads its stdout until it
    /// has printed the token and the `quarry query` command, then waits for
    /// `/healthz`.
    fn start(data_dir: &Path) -> Server {
        let addr = format!("127.0.0.1:{}", free_port());
        let stderr_log = data_dir.with_extension("stderr.log");
        let child = Command::new(BIN)
            .args(["serve", "--demo", "--addr", &addr, "--data-dir"])
            .arg(data_dir)
            .env_remove("QUARRY_API_KEY")
            .env_remove("QUARRY_URL")
            .env_remove("QUARRY_ADDR")
            .env_remove("QUARRY_DATA_DIR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr_log).unwrap())
            .spawn()
            .expect("spawning quarry serve --demo");
        let mut server = Server {
            child: KillOnDrop(child),
            addr,
            stderr_log,
            banner: Vec::new(),
            token: String::new(),
            query_command: String::new(),
        };

        // Read stdout on a thread (and keep draining it, so the server never
        // blocks on a full pipe).
        let stdout = server.child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Once nobody listens any more, keep draining regardless.
                let _ = tx.send(line);
            }
        });

        let deadline = Instant::now() + STARTUP;
        // Set once the server logs that it listens: the banner is printed
        // before that, so a missing line is a failure, not slowness.
        let mut listening_since: Option<Instant> = None;
        while server.token.is_empty() || server.query_command.is_empty() {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(line) => {
                    if let Some(token) = find_token(&line) {
                        server.token = token;
                    }
                    if server.query_command.is_empty() && is_query_command(&line) {
                        server.query_command = line.trim().to_owned();
                    }
                    server.banner.push(line);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // stdout closed: the server exited.
                    listening_since = Some(
                        Instant::now()
                            .checked_sub(Duration::from_secs(60))
                            .unwrap_or_else(Instant::now),
                    );
                }
            }
            if listening_since.is_none() && server.log().contains("listening") {
                listening_since = Some(Instant::now());
            }
            let exited = server.child.try_wait().ok().flatten();
            let gave_up = listening_since.is_some_and(|t| t.elapsed() > Duration::from_secs(2));
            if exited.is_some() || gave_up || Instant::now() > deadline {
                panic!(
                    "quarry serve --demo did not print a token and a `quarry query` command \
                     (exit status: {exited:?}).\nstdout:\n{}\nstderr:\n{}",
                    server.banner.join("\n"),
                    server.log()
                );
            }
        }
        let url = server.url();
        wait_healthy(&mut server.child, &url, deadline, &server.stderr_log);
        server
    }
}

/// A banner line holding the `quarry query` command: its program is
/// `quarry`, or a path to it when `quarry` is not on the PATH.
fn is_query_command(line: &str) -> bool {
    let words = shell_words(line);
    words.len() > 2
        && (words[0] == "quarry" || words[0].ends_with("/quarry"))
        && words[1] == "query"
}

/// The API token in a banner line: a word starting with `qk_`.
fn find_token(line: &str) -> Option<String> {
    line.split(|c: char| c.is_whitespace() || c == '\'' || c == '"')
        .find(|w| w.starts_with("qk_") && w.len() > 10)
        .map(|w| w.trim_end_matches([',', '.', ';']).to_owned())
}

/// Splits a command line the way a POSIX shell would for the simple words
/// the banner prints: whitespace separates, single and double quotes group,
/// a backslash escapes the next character outside single quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            if let Some(n) = chars.next() {
                                word.push(n);
                            }
                        }
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next() {
                    word.push(n);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Runs the printed `quarry query …` command with this binary, adding
/// `--url` for the test's port when the command has none, plus `extra`.
fn run_printed(server: &Server, extra: &[&str]) -> Output {
    // The program word is `quarry` or a path to this same binary; BIN runs.
    let words = shell_words(&server.query_command);
    assert_eq!(words[1], "query", "{}", server.query_command);
    let mut args: Vec<String> = words[1..].to_vec();
    if !args.iter().any(|a| a == "--url" || a.starts_with("--url=")) {
        args.push("--url".into());
        args.push(server.url());
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    run_quarry(&args)
}

fn run_quarry(args: &[String]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("QUARRY_API_KEY")
        .env_remove("QUARRY_URL")
        .stdin(Stdio::null());
    let child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The client must finish on its own; a hung stream fails the test
    // instead of hanging it.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    rx.recv_timeout(Duration::from_secs(120))
        .expect("quarry query did not finish within 120 s")
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn demo_from_an_empty_directory_then_the_printed_query_command_works() {
    let dir = unique_dir("demo");
    let server = Server::start(&dir);
    let banner = server.banner.join("\n");
    assert!(
        banner.contains(&server.url()),
        "the banner names the URL:\n{banner}"
    );
    assert!(
        banner.contains("curl -N ") && banner.contains("/v1/query"),
        "the banner has a curl command:\n{banner}"
    );
    assert!(
        server.query_command.contains(&server.token),
        "the printed command carries the token: {}",
        server.query_command
    );

    // The printed command, as printed: thoughts, SQL, a results table.
    let out = run_printed(&server, &[]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(
        out.status.success(),
        "`{}` failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}\nserver:\n{}",
        server.query_command,
        out.status,
        server.log()
    );
    assert!(stdout.contains("Thoughts"), "{stdout}");
    assert!(
        stdout.contains("SQL\n  SELECT"),
        "prints the SQL:\n{stdout}"
    );
    let rows: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Results ("))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no results header:\n{stdout}"));
    assert!(rows >= 1, "the demo query finds something:\n{stdout}");
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Results ("))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    assert!(
        table.len() >= 3 && table[0].trim_start().starts_with("id "),
        "a header, a rule and at least one row:\n{stdout}"
    );
    assert!(stdout.contains("Done: "), "a closing line:\n{stdout}");

    // --json: four envelopes, one per line, in the contract's order.
    let out = run_printed(&server, &["--json"]);
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "--json failed:\n{stdout}\n{}",
        text(&out.stderr)
    );
    let envelopes: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let types: Vec<&str> = envelopes
        .iter()
        .map(|e| e["type"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(types, ["thoughts", "sql", "results", "close"], "{stdout}");
    for e in &envelopes {
        assert!(e["created"].is_i64() || e["created"].is_u64(), "{e}");
        assert!(e["data"].is_object(), "{e}");
    }
    assert_eq!(envelopes[3]["data"]["complete"], true);
    let items = envelopes[2]["data"]["items"].as_array().unwrap();
    assert!(!items.is_empty() && items.len() <= 10, "{stdout}");

    // A bad key: non-zero exit, the server's 401 message on stderr.
    let mut args = shell_words(&server.query_command)[1..].to_vec();
    let key_at = args.iter().position(|a| a == "--api-key").unwrap() + 1;
    args[key_at] = "qk_not_a_real_key_0123456789".into();
    if !args.iter().any(|a| a == "--url") {
        args.push("--url".into());
        args.push(server.url());
    }
    let out = run_quarry(&args);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "a bad key must fail");
    assert!(
        stderr.contains("INVALID_API_KEY") && stderr.contains("401"),
        "the server's message and code on stderr:\n{stderr}"
    );
    assert!(
        text(&out.stdout).trim().is_empty(),
        "nothing on stdout for an error"
    );

    // An unknown dataset: the server's 404 message.
    let mut args = shell_words(&server.query_command)[1..].to_vec();
    let ds_at = args.iter().position(|a| a == "--dataset").unwrap() + 1;
    args[ds_at] = "no_such_dataset".into();
    if !args.iter().any(|a| a == "--url") {
        args.push("--url".into());
        args.push(server.url());
    }
    let out = run_quarry(&args);
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("INVALID_DATASET") && stderr.contains("404"),
        "{stderr}"
    );

    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn demo_on_an_existing_directory_reuses_the_account_and_token() {
    let dir = unique_dir("rerun");
    let first = Server::start(&dir);
    let token = first.token.clone();
    drop(first);

    let second = Server::start(&dir);
    assert_eq!(
        second.token,
        token,
        "the second run prints the same token:\n{}",
        second.banner.join("\n")
    );
    let out = run_printed(&second, &["--json"]);
    assert!(
        out.status.success(),
        "{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    drop(second);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_server_listening_is_a_clear_error() {
    let url = format!("http://127.0.0.1:{}", free_port());
    let args: Vec<String> = [
        "query",
        "anything",
        "--dataset",
        "flights",
        "--api-key",
        "qk_x",
        "--url",
        &url,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = run_quarry(&args);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("could not reach"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn shell_words_splits_like_a_shell() {
    assert_eq!(
        shell_words(r#"quarry query "flights from Chicago" --dataset flights --api-key qk_a1"#),
        [
            "quarry",
            "query",
            "flights from Chicago",
            "--dataset",
            "flights",
            "--api-key",
            "qk_a1"
        ]
    );
    assert_eq!(
        shell_words(r#"a 'b c' d\ e "f\"g""#),
        ["a", "b c", "d e", "f\"g"]
    );
}
