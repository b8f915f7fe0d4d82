//! The real `quarry serve` on 127.0.0.1, over a copy of a template, a
//! given data directory or an empty one, with whatever flags a test needs.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::Value;

use super::{copy_dir, free_port, quarry, template, unique_dir, KillOnDrop, BIN};

/// A running `quarry serve`; killed on drop. Its stderr (the log, at debug
/// level) is kept in `log_path`, outside the data directory; its stdout in
/// memory ([`Server::stdout`]).
pub struct Server {
    pub child: KillOnDrop,
    pub base: String,
    pub addr: String,
    pub data_dir: PathBuf,
    pub log_path: PathBuf,
    pub http: Client,
    stdout: Arc<Mutex<String>>,
}

impl Server {
    /// A server over a fresh copy of [`template`].
    pub fn start(name: &str, flags: &[&str]) -> Server {
        Server::start_from(&template().dir, name, flags)
    }

    /// A server over a fresh copy of the data directory `template`.
    pub fn start_from(template: &Path, name: &str, flags: &[&str]) -> Server {
        let data_dir = unique_dir(name).join("data");
        copy_dir(template, &data_dir);
        if let Some(source) = super::database_of(template) {
            // The template's database, copied as its directory was.
            super::set_database(&data_dir, &super::pg::database_from(&source, "server"));
        }
        Server::start_in(data_dir, flags)
    }

    /// A server over an empty data directory (first-run setup).
    pub fn start_empty(name: &str, flags: &[&str]) -> Server {
        let data_dir = unique_dir(name).join("data");
        std::fs::create_dir_all(&data_dir).unwrap();
        Server::start_in(data_dir, flags)
    }

    pub fn start_in(data_dir: PathBuf, flags: &[&str]) -> Server {
        let mut server = Server::spawn_in(data_dir, flags);
        let deadline = Instant::now() + Duration::from_secs(60);
        wait_healthy(&mut server.child, &server.base, deadline, &server.log_path);
        server
    }

    /// `quarry serve` started over `data_dir`, not waited for (a test that
    /// serves HTTPS checks its health itself).
    pub fn spawn_in(data_dir: PathBuf, flags: &[&str]) -> Server {
        let addr = format!("127.0.0.1:{}", free_port());
        let log_path = data_dir.with_extension("serve.log");
        if super::on_postgresql_now() && super::database_of(&data_dir).is_none() {
            super::set_database(&data_dir, &super::pg::database("server"));
        }
        let database: Vec<String> = super::database_of(&data_dir)
            .map(|url| vec!["--database-url".to_string(), url])
            .unwrap_or_default();
        let mut child = Command::new(BIN)
            .arg("--data-dir")
            .arg(&data_dir)
            .args(&database)
            .args(["serve", "--addr", &addr])
            .args(flags)
            .env_remove("QUARRY_SECRET_KEY")
            .env_remove("QUARRY_DATA_DIR")
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap();
        // Keep draining stdout (the setup code, for one), so the server
        // never blocks on a full pipe.
        let stdout = Arc::new(Mutex::new(String::new()));
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
        Server {
            child: KillOnDrop(child),
            base: format!("http://{addr}"),
            addr,
            data_dir,
            log_path,
            // No idle pooled connections: the connection-cap test counts
            // every open connection.
            http: Client::builder()
                .timeout(Duration::from_secs(60))
                .pool_max_idle_per_host(0)
                .build()
                .unwrap(),
            stdout,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// What the server has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log_path).unwrap_or_default()
    }

    /// What the server has printed on stdout so far.
    pub fn stdout(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    /// `POST /v1/query` with this key, a JSON content type and an SSE
    /// accept header, each of which `overrides` may replace (`Some`) or
    /// remove (`None`); the body is the caller's.
    pub fn query_request(
        &self,
        key: &str,
        overrides: &[(&'static str, Option<&str>)],
    ) -> RequestBuilder {
        let mut h = HeaderMap::new();
        h.insert("apikey", HeaderValue::from_str(key).unwrap());
        h.insert("content-type", HeaderValue::from_static("application/json"));
        h.insert("accept", HeaderValue::from_static("text/event-stream"));
        for (name, value) in overrides {
            match value {
                Some(v) => {
                    h.insert(*name, HeaderValue::from_str(v).unwrap());
                }
                None => {
                    h.remove(*name);
                }
            }
        }
        self.http.post(self.url("/v1/query")).headers(h)
    }

    pub fn post(&self, key: &str, body: &Value) -> Response {
        self.post_raw(key, "application/json", &body.to_string())
    }

    pub fn post_raw(&self, key: &str, content_type: &str, body: &str) -> Response {
        self.query_request(key, &[("content-type", Some(content_type))])
            .body(body.to_string())
            .send()
            .unwrap()
    }

    /// The SQLite file of a dataset's current version.
    pub fn dataset_file(&self, id: &str) -> PathBuf {
        let dir = self.data_dir.join("datasets");
        std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .starts_with(&format!("{id}-"))
                    && p.extension().is_some_and(|e| e == "sqlite")
            })
            .unwrap()
    }

    /// A digest of a dataset's current version: its SQLite file's bytes,
    /// or (on PostgreSQL) its table's rows.
    pub fn dataset_digest(&self, id: &str) -> String {
        match super::database_of(&self.data_dir) {
            None => super::sha256_hex(&std::fs::read(self.dataset_file(id)).unwrap()),
            Some(url) => {
                let (table, _) = super::dataset_tables(&self.data_dir, id);
                let sql = format!(
                    "SELECT md5(string_agg(t::text, '|' ORDER BY \"_row\")) \
                     FROM quarry_datasets.{} t WHERE $1 = ''",
                    quarry_sql::ident(&table)
                );
                super::pg::query_text_on(&url, &sql, "")
                    .remove(0)
                    .expect("the table has rows")
            }
        }
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

/// Polls `{base}/healthz` until it answers 200; fails, with the log at
/// `log`, when `child` exits first or `deadline` passes.
pub fn wait_healthy(child: &mut Child, base: &str, deadline: Instant, log: &Path) {
    let log = || std::fs::read_to_string(log).unwrap_or_default();
    let http = Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let url = format!("{base}/healthz");
    loop {
        if let Ok(r) = http.get(&url).send() {
            if r.status() == 200 {
                return;
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("quarry serve exited with {status}.\nstderr:\n{}", log());
        }
        assert!(
            Instant::now() < deadline,
            "/healthz never answered 200.\nstderr:\n{}",
            log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
