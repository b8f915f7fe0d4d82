//! What the integration tests share: temporary directories, the real
//! `quarry` binary run as an operator would, data directories set up
//! through it ([`template`]), the real `quarry serve` on 127.0.0.1
//! ([`server`]), the contract's stream and error shape ([`contract`]), and
//! a cookie-keeping console client ([`console`]).
//!
//! Each test module uses a part of it.

#![allow(dead_code)] // not every part is used by a module yet

pub mod console;
pub mod contract;
/// The throw-away PostgreSQL cluster of this test binary (the helper
/// quarry-pg's own tests use), for the tests on `--database-url`.
#[path = "../../../../quarry-pg/tests/common/mod.rs"]
pub mod pg;
pub mod server;
pub mod template;

use std::net::TcpListener;
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

// Re-exported for `use harness::*`; a test binary may need none of one.
#[allow(unused_imports)]
pub use {contract::*, server::*, template::*};

pub const BIN: &str = env!("CARGO_BIN_EXE_quarry");

thread_local! {
    /// Set while a test runs on PostgreSQL ([`on_postgresql`]).
    static ON_POSTGRESQL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `test` with the catalog and the datasets in PostgreSQL: the
/// templates are prepared with `--database-url`, every server gets a copy
/// of its template's database (or an empty one) and every operator
/// command on its data directory names that database. The same test body
/// runs on both back-ends.
pub fn on_postgresql(test: fn()) {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            ON_POSTGRESQL.with(|p| p.set(false));
        }
    }
    ON_POSTGRESQL.with(|p| p.set(true));
    let _reset = Reset;
    test();
}

/// Whether the running test is on PostgreSQL.
pub fn on_postgresql_now() -> bool {
    ON_POSTGRESQL.with(|p| p.get())
}

/// The database of each data directory used with PostgreSQL.
fn databases() -> std::sync::MutexGuard<'static, std::collections::HashMap<PathBuf, String>> {
    static D: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<PathBuf, String>>> =
        std::sync::OnceLock::new();
    D.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner())
}

/// Records that `data_dir`'s catalog and datasets are in the database at
/// `url`: operator commands on it and servers over it use it.
pub fn set_database(data_dir: &Path, url: &str) {
    databases().insert(data_dir.to_path_buf(), url.to_string());
}

/// The database of `data_dir`, when it has one.
pub fn database_of(data_dir: &Path) -> Option<String> {
    databases().get(data_dir).cloned()
}

/// A fresh, empty directory under the target's temp dir, named after the
/// test binary, `name`, the process and the time.
pub fn unique_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "{}-{name}-{}-{}",
        env!("CARGO_CRATE_NAME"),
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
    cmd.arg("--data-dir").arg(data_dir);
    if let Some(url) = database_of(data_dir) {
        cmd.arg("--database-url").arg(url);
    }
    cmd.args(args)
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

/// The records table and FTS table of a dataset, from `quarry dataset show`.
pub fn dataset_tables(data_dir: &Path, id: &str) -> (String, Option<String>) {
    let out = quarry(data_dir, &["dataset", "show", id], None);
    let field = |name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
    };
    (field("table ").unwrap(), field("full text "))
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

pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process that is killed and reaped when dropped, also when a
/// test panics.
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Deref for KillOnDrop {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl DerefMut for KillOnDrop {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}
