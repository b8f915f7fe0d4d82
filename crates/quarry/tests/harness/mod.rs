//! What the security and limits tests share: a data directory set up
//! through the real operator commands (two accounts, three tokens, a
//! dataset each), and the real `quarry serve` on 127.0.0.1 over a copy of
//! it, with whatever flags a test needs.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use reqwest::blocking::{Client, Response};
use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_quarry");
pub const ALICE: &str = "alice@example.com";
pub const BOB: &str = "bob@example.com";
pub const ALICE_PASSWORD: &str = "alice-password-7f3a";
pub const BOB_PASSWORD: &str = "bob-password-91cc";

pub const COMPANIES_CSV: &str = "\
Company Name,Country,Employees,Founded,Description,Public
Acme Pay,Germany,600,2015-03-01,fintech payments platform,true
Beta Studio,UK,50,2019-07-15,remote-first design studio,false
Gamma Robotics,Germany,1200,2010-01-20,\"industrial robots; fintech arm\",true
Delta Bank,France,900,1999-11-30,retail bank with fintech lab,true
Epsilon Labs,Germany,30,2021-05-05,remote-first fintech startup,false
Zeta Foods,Spain,4000,1980-02-02,frozen food maker,false
O'Brien & Sons,Ireland,75,1950-06-01,\"quotes \"\"and\"\" apostrophes' everywhere\",false
";

pub fn unique_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "sec-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `quarry --data-dir DIR ARGS…` and returns (success, stdout, stderr).
pub fn quarry_raw(
    data_dir: &Path,
    args: &[&str],
    stdin: Option<&str>,
    env: &[(&str, &str)],
) -> (bool, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .env_remove("QUARRY_DATA_DIR")
        .env_remove("QUARRY_SECRET_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    {
        use std::io::Write;
        let mut pipe = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            pipe.write_all(s.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `quarry --data-dir DIR ARGS…`, asserts success, returns stdout.
pub fn quarry(data_dir: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let (ok, out, err) = quarry_raw(data_dir, args, stdin, &[]);
    assert!(ok, "quarry {args:?} failed: {err}");
    out
}

pub struct Template {
    pub dir: PathBuf,
    /// Alice's two tokens and Bob's one.
    pub alice: String,
    pub alice_second: String,
    pub bob: String,
}

pub fn template() -> &'static Template {
    static T: OnceLock<Template> = OnceLock::new();
    T.get_or_init(|| {
        let dir = unique_dir("template");
        let csv = dir.join("companies.csv");
        std::fs::write(&csv, COMPANIES_CSV).unwrap();
        let csv = csv.to_str().unwrap();
        for (email, pw) in [(ALICE, ALICE_PASSWORD), (BOB, BOB_PASSWORD)] {
            quarry(
                &dir,
                &["account", "create", "--email", email, "--password-stdin"],
                Some(&format!("{pw}\n")),
            );
        }
        let alice = quarry(&dir, &["token", "create", "--account", ALICE], None);
        let alice_second = quarry(
            &dir,
            &["token", "create", "--account", ALICE, "--name", "second"],
            None,
        );
        let bob = quarry(&dir, &["token", "create", "--account", BOB], None);
        for (id, owner) in [("companies", ALICE), ("bobs-companies", BOB)] {
            quarry(
                &dir,
                &["dataset", "import", csv, "--id", id, "--account", owner],
                None,
            );
        }
        Template {
            dir,
            alice: alice.trim().to_string(),
            alice_second: alice_second.trim().to_string(),
            bob: bob.trim().to_string(),
        }
    })
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A running `quarry serve`; killed on drop. Its stderr (the log) is kept
/// in `log` (outside the data directory).
pub struct Server {
    pub child: Child,
    pub base: String,
    pub addr: String,
    pub data_dir: PathBuf,
    pub log: PathBuf,
    pub http: Client,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// A server over a fresh copy of the template.
    pub fn start(name: &str, flags: &[&str]) -> Server {
        let data_dir = unique_dir(name).join("data");
        copy_dir(&template().dir, &data_dir);
        Server::start_in(data_dir, flags)
    }

    pub fn start_in(data_dir: PathBuf, flags: &[&str]) -> Server {
        let port = free_port();
        let addr = format!("127.0.0.1:{port}");
        let log = data_dir.with_extension("serve.log");
        let child = Command::new(BIN)
            .arg("--data-dir")
            .arg(&data_dir)
            .args(["serve", "--addr", &addr])
            .args(flags)
            .env_remove("QUARRY_SECRET_KEY")
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let server = Server {
            child,
            base: format!("http://{addr}"),
            addr,
            data_dir,
            log,
            // No idle pooled connections: the connection-cap test counts
            // every open connection.
            http: Client::builder()
                .timeout(Duration::from_secs(60))
                .pool_max_idle_per_host(0)
                .build()
                .unwrap(),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(r) = server.http.get(format!("{}/healthz", server.base)).send() {
                if r.status() == 200 {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    pub fn post(&self, key: &str, body: &Value) -> Response {
        self.post_raw(key, "application/json", &body.to_string())
    }

    pub fn post_raw(&self, key: &str, content_type: &str, body: &str) -> Response {
        self.http
            .post(format!("{}/v1/query", self.base))
            .header("apikey", key)
            .header("content-type", content_type)
            .header("accept", "text/event-stream")
            .body(body.to_string())
            .send()
            .unwrap()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// Reads an SSE body: every frame must be `data: <json>\n\n` or the
/// keep-alive comment, and nothing may follow `close`.
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

/// Asserts the contract's error shape and returns (code, message).
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
        obj["error"].as_str().unwrap().to_string(),
    )
}

/// The records table and FTS table of a dataset, from `quarry dataset show`.
pub fn dataset_tables(data_dir: &Path, id: &str) -> (String, Option<String>) {
    let out = quarry(data_dir, &["dataset", "show", id], None);
    let field = |name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
    };
    (field("table ").unwrap(), field("full text "))
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

/// Every file under `dir` (recursively), with its contents.
pub fn files_under(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            out.extend(files_under(&e.path()));
        } else {
            out.push((e.path(), std::fs::read(e.path()).unwrap()));
        }
    }
    out.sort();
    out
}
