//! What the console tests share: a data directory prepared once through the
//! real operator commands, a real `quarry serve` on 127.0.0.1 over a copy of
//! it, and a small cookie-keeping HTTP client that does not follow
//! redirects (so a test sees every 303 and every `Set-Cookie`).

#![allow(dead_code)] // each test binary uses a different part

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use reqwest::blocking::{Client as Http, Response};
use reqwest::header::HeaderMap;

pub const BIN: &str = env!("CARGO_BIN_EXE_quarry");

pub const ALICE: &str = "alice@example.com";
pub const ALICE_PASSWORD: &str = "alice-password";
pub const BOB: &str = "bob@example.com";
pub const BOB_PASSWORD: &str = "bob-password";

pub const COMPANIES_CSV: &str = "\
Company Name,Country,Employees,Founded,Description
Acme Pay,Germany,600,2015-03-01,fintech payments platform
Beta Studio,UK,50,2019-07-15,remote-first design studio
Gamma Robotics,Germany,1200,2010-01-20,\"industrial robots; fintech arm\"
Delta Bank,France,900,1999-11-30,retail bank with fintech lab
Epsilon Labs,Germany,30,2021-05-05,remote-first fintech startup
Zeta Foods,Spain,4000,1980-02-02,frozen food maker
";

pub fn unique_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "console-{name}-{}-{}",
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

/// Runs `quarry --data-dir DIR ARGS…`, asserts success, returns stdout.
pub fn quarry(data_dir: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let mut child = Command::new(BIN)
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .env_remove("QUARRY_DATA_DIR")
        .env_remove("QUARRY_SECRET_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut pipe = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            pipe.write_all(s.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "quarry {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Alice: an account with the dataset `companies` and no token. Bob: an
/// account with the token `bob-ci` and the dataset `bobs-companies`.
pub struct Template {
    pub dir: PathBuf,
    pub bob_token: String,
}

pub fn template() -> &'static Template {
    static T: OnceLock<Template> = OnceLock::new();
    T.get_or_init(|| {
        let dir = unique_dir("template");
        let csv = dir.join("companies.csv");
        std::fs::write(&csv, COMPANIES_CSV).unwrap();
        let csv = csv.to_str().unwrap();
        for (email, password) in [(ALICE, ALICE_PASSWORD), (BOB, BOB_PASSWORD)] {
            quarry(
                &dir,
                &["account", "create", "--email", email, "--password-stdin"],
                Some(&format!("{password}\n")),
            );
        }
        let bob_token = quarry(
            &dir,
            &["token", "create", "--account", BOB, "--name", "bob-ci"],
            None,
        );
        for (id, owner) in [("companies", ALICE), ("bobs-companies", BOB)] {
            quarry(
                &dir,
                &["dataset", "import", csv, "--id", id, "--account", owner],
                None,
            );
        }
        std::fs::remove_file(dir.join("companies.csv")).unwrap();
        Template {
            dir,
            bob_token: bob_token.trim().to_string(),
        }
    })
}

fn copy_dir(from: &Path, to: &Path) {
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

/// A running `quarry serve`; killed on drop.
pub struct Server {
    child: Child,
    pub base: String,
    pub data_dir: PathBuf,
    /// What `serve` printed on stdout (the setup code, for one).
    stdout: std::sync::Arc<Mutex<String>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// A server over a copy of the template.
    pub fn start(name: &str, extra: &[&str]) -> Server {
        let data_dir = unique_dir(name);
        copy_dir(&template().dir, &data_dir);
        Server::start_on(data_dir, extra)
    }

    /// A server over an empty data directory (first-run setup).
    pub fn start_empty(name: &str, extra: &[&str]) -> Server {
        Server::start_on(unique_dir(name), extra)
    }

    fn start_on(data_dir: PathBuf, extra: &[&str]) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(BIN)
            .arg("--data-dir")
            .arg(&data_dir)
            .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
            .args(extra)
            .env_remove("QUARRY_SECRET_KEY")
            .env_remove("QUARRY_DATA_DIR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(data_dir.join("serve.log")).unwrap())
            .spawn()
            .unwrap();
        let stdout = std::sync::Arc::new(Mutex::new(String::new()));
        let pipe = child.stdout.take().unwrap();
        let sink = stdout.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                let mut s = sink.lock().unwrap();
                s.push_str(&line);
                s.push('\n');
            }
        });
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
            data_dir,
            stdout,
        };
        let http = Http::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(r) = http.get(server.url("/healthz")).send() {
                if r.status() == 200 {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "server did not start: {}",
                server.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.data_dir.join("serve.log")).unwrap_or_default()
    }

    pub fn stdout(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    /// `POST /v1/query` with this key, as the API's own clients send it.
    pub fn query(&self, key: &str, dataset: &str, phrase: &str) -> Response {
        Http::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap()
            .post(self.url("/v1/query"))
            .header("apikey", key)
            .header("content-type", "application/json")
            .header("accept", "text/event-stream")
            .body(
                serde_json::json!({"query_string": phrase, "dataset_id": dataset, "limit": 3})
                    .to_string(),
            )
            .send()
            .unwrap()
    }

    /// An account's tokens as the operator command lists them (id, name).
    pub fn tokens_of(&self, email: &str) -> Vec<(i64, String)> {
        quarry(&self.data_dir, &["token", "list", "--account", email], None)
            .lines()
            .skip(1)
            .filter_map(|l| {
                let mut w = l.split_whitespace();
                Some((w.next()?.parse().ok()?, w.next()?.to_string()))
            })
            .collect()
    }
}

/// A response, read whole.
pub struct Page {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Page {
    pub fn location(&self) -> &str {
        self.headers
            .get("location")
            .map(|v| v.to_str().unwrap())
            .unwrap_or("")
    }

    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .collect()
    }

    /// The value of the first `<input name="NAME" … value="…">`.
    pub fn input_value(&self, name: &str) -> Option<String> {
        input_value(&self.body, name)
    }
}

pub fn input_value(html: &str, name: &str) -> Option<String> {
    let needle = format!("name=\"{name}\"");
    let at = html.find(&needle)?;
    let start = html[..at].rfind('<')?;
    let end = at + html[at..].find('>')?;
    let tag = &html[start..end];
    let v = tag.split_once("value=\"")?.1;
    Some(v[..v.find('"')?].to_string())
}

/// A browser-like client: keeps cookies, follows no redirects.
pub struct Client {
    http: Http,
    base: String,
    pub cookies: BTreeMap<String, String>,
}

pub fn urlencode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client {
            http: Http::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
            base: server.base.clone(),
            cookies: BTreeMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn read(&mut self, resp: Response) -> Page {
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        for c in headers.get_all("set-cookie") {
            let c = c.to_str().unwrap();
            let (pair, attrs) = c.split_once(';').unwrap_or((c, ""));
            let (k, v) = pair.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        Page {
            status,
            headers,
            body: resp.text().unwrap(),
        }
    }

    pub fn get(&mut self, path: &str) -> Page {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .send()
            .unwrap();
        self.read(resp)
    }

    /// Posts a form; `extra` headers are added (e.g. `Origin`).
    pub fn post_with(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        extra: &[(&str, &str)],
    ) -> Page {
        let body = fields
            .iter()
            .map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        for (k, v) in extra {
            req = req.header(*k, *v);
        }
        let resp = req.send().unwrap();
        self.read(resp)
    }

    pub fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(path, fields, &[])
    }

    /// Posts `multipart/form-data`: the text fields in order, then the file.
    pub fn post_multipart(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &[u8]),
    ) -> Page {
        let boundary = "----quarry-test-boundary-7d3c1a";
        let mut body = Vec::new();
        for (k, v) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                )
                .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{}\"\r\nContent-Type: text/csv\r\n\r\n",
                file.0
            )
            .as_bytes(),
        );
        body.extend_from_slice(file.1);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let resp = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body)
            .send()
            .unwrap();
        self.read(resp)
    }

    /// Signs in through the form (GET for its CSRF cookie, then POST).
    pub fn sign_in(&mut self, email: &str, password: &str) -> Page {
        let form = self.get("/console/sign-in");
        assert_eq!(form.status, 200, "{}", form.body);
        let csrf = form.input_value("csrf").expect("the form has a csrf field");
        self.post(
            "/console/sign-in",
            &[("csrf", &csrf), ("email", email), ("password", password)],
        )
    }

    /// The session's CSRF token, read from a signed-in page.
    pub fn csrf(&mut self) -> String {
        let page = self.get("/console/tokens");
        assert_eq!(page.status, 200, "not signed in: {}", page.location());
        page.input_value("csrf").unwrap()
    }
}
