//! The throw-away PostgreSQL cluster of a test binary: started once, on
//! first use, by `scripts/pg-test-cluster.sh` (which installs PostgreSQL
//! with apt when it is missing and this runs as root), and stopped when
//! the test binary exits: a watcher process waits for this process to end
//! and then stops the cluster and removes its directory, however the
//! binary ended (a panic, an abort, a signal).
//!
//! Each test takes a store in a schema of its own ([`store`]), so tests
//! run in parallel on one cluster.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use quarry_pg::{PgConfig, PgStore};

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pg-test-cluster.sh")
}

/// The connection URL of this test binary's cluster, starting it on first
/// use. Panics (failing the test) when PostgreSQL cannot be started.
pub fn url() -> &'static str {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    &CLUSTER.get_or_init(Cluster::start).url
}

/// A new, empty database on this binary's cluster, named after `name`;
/// its URL.
pub fn database(name: &str) -> String {
    database_on(url(), name)
}

/// A new database on this binary's cluster, a copy of the database at
/// `template` (which nothing may be connected to), named after `name`;
/// its URL.
pub fn database_from(template: &str, name: &str) -> String {
    let (_, source) = template.rsplit_once('/').expect("a URL with a database");
    let mut tries = 0;
    loop {
        // Copies of one template made at once may find it busy: retried.
        match std::panic::catch_unwind(|| {
            database_with(url(), name, &format!(" TEMPLATE {source}"))
        }) {
            Ok(url) => return url,
            Err(e) if tries >= 10 => std::panic::resume_unwind(e),
            Err(_) => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(200 * tries));
            }
        }
    }
}

/// A new, empty database on the cluster at `url`; its URL.
pub fn database_on(url: &str, name: &str) -> String {
    database_with(url, name, "")
}

fn database_with(url: &str, name: &str, options: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let db = format!(
        "d_{name}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    execute_on(url, &format!("CREATE DATABASE {db}{options}"));
    let (server, _) = url.rsplit_once('/').expect("a URL with a database");
    format!("{server}/{db}")
}

/// A throw-away cluster: stopped and removed when dropped, or, failing
/// that, by a watcher process once the test binary has exited (however it
/// ended: a panic, an abort, a signal).
pub struct Cluster {
    pub url: String,
    pub dir: PathBuf,
}

impl Cluster {
    /// Starts a cluster of its own (a test that stops PostgreSQL must not
    /// take the other tests' cluster down with it).
    pub fn start() -> Cluster {
        Cluster::start_with(false)
    }

    /// A cluster of its own that takes TCP connections over TLS only, its
    /// certificate signed by the CA in [`Cluster::ca_file`].
    pub fn start_with_tls() -> Cluster {
        Cluster::start_with(true)
    }

    /// The CA of a [`Cluster::start_with_tls`] cluster (PEM).
    pub fn ca_file(&self) -> PathBuf {
        self.dir.join("ssl").join("ca.pem")
    }

    /// The server's own certificate (PEM): not a CA.
    pub fn server_certificate(&self) -> PathBuf {
        self.dir.join("ssl").join("server.pem")
    }

    fn start_with(tls: bool) -> Cluster {
        let dir = tempfile::Builder::new()
            .prefix("quarry-pg-test-")
            .tempdir_in(std::env::temp_dir())
            .expect("a temporary directory")
            .keep();
        let cluster = dir.join("cluster");
        let out = Command::new("bash")
            .arg(script())
            .arg("start")
            .arg(&cluster)
            .env("QUARRY_PG_SSL", if tls { "1" } else { "" })
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .expect("running scripts/pg-test-cluster.sh");
        // The watcher: stops the cluster once this process is gone.
        let stop = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; bash '{script}' stop '{cluster}' >/dev/null 2>&1; rm -rf '{dir}'",
            pid = std::process::id(),
            script = script().display(),
            cluster = cluster.display(),
            dir = dir.display(),
        );
        let _ = Command::new("setsid")
            .args(["-f", "sh", "-c", &stop])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        assert!(
            out.status.success(),
            "scripts/pg-test-cluster.sh start failed ({})",
            out.status
        );
        let url = String::from_utf8(out.stdout).expect("a UTF-8 URL");
        Cluster {
            url: url.trim().to_string(),
            dir: cluster,
        }
    }

    /// Stops the server, keeping its data: an outage.
    pub fn pause(&self) {
        self.script("pause");
    }

    /// Starts a paused server again, on the same port.
    pub fn resume(&self) {
        self.script("resume");
    }

    fn script(&self, what: &str) {
        let status = Command::new("bash")
            .arg(script())
            .arg(what)
            .arg(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("running scripts/pg-test-cluster.sh");
        assert!(status.success(), "pg-test-cluster.sh {what} failed");
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.script("stop");
    }
}

/// A store in a fresh schema of its own, named after `name`.
pub fn store(name: &str) -> PgStore {
    static N: AtomicUsize = AtomicUsize::new(0);
    let mut config = PgConfig::new(url());
    config.schema = format!(
        "t_{}_{}_{}",
        name,
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    config.pool_size = 4;
    PgStore::connect(&config).expect("connecting to the test cluster")
}

/// Runs SQL on the cluster with `psql`-like simplicity (a connection of
/// its own).
pub fn execute(sql: &str) {
    execute_on(url(), sql)
}

/// [`execute`] on the cluster at `url`.
pub fn execute_on(url: &str, sql: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connecting");
        let task = tokio::spawn(conn);
        client.batch_execute(sql).await.expect(sql);
        drop(client);
        let _ = task.await;
    });
}

/// The first column of each row of `sql` with one text parameter `arg`,
/// as text.
pub fn query_text(sql: &str, arg: &str) -> Vec<Option<String>> {
    query_text_on(url(), sql, arg)
}

/// [`query_text`] on the database at `url`.
pub fn query_text_on(url: &str, sql: &str, arg: &str) -> Vec<Option<String>> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connecting");
        let task = tokio::spawn(conn);
        let rows = client.query(sql, &[&arg]).await.expect(sql);
        drop(client);
        let _ = task.await;
        rows.iter().map(|r| r.get(0)).collect()
    })
}
