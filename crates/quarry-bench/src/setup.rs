//! `--setup`: a generated companies dataset imported with the quarry CLI
//! into a data directory of its own, an account and an API key, and a
//! `quarry serve` on a free port, stopped when the benchmark ends.

use anyhow::{bail, Context};
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const ACCOUNT: &str = "bench@example.com";
pub const DATASET: &str = "companies";

pub struct Served {
    pub child: Child,
    pub url: String,
    pub api_key: String,
    pub dataset_file: PathBuf,
    pub import_line: Option<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn quarry(bin: &Path, data: &Path) -> Command {
    let mut c = Command::new(bin);
    c.arg("--data-dir").arg(data);
    c
}

fn check(out: std::process::Output, what: &str) -> anyhow::Result<String> {
    if !out.status.success() {
        bail!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

/// `quarry serve`'s flag bounding the queries running at once.
const MAX_RUNNING_FLAG: &str = "--max-running-queries";

/// The flags for `quarry serve` beyond the benchmark's own: the user's,
/// and, unless they (or `QUARRY_MAX_RUNNING_QUERIES`, `env_set`) bound the
/// queries running at once, a bound of `clients`, so that the clients'
/// queries run rather than get `503` after a short wait (the default is
/// twice the cores).
pub fn serve_flags(user: &[String], clients: usize, env_set: bool) -> Vec<String> {
    let mut flags = user.to_vec();
    let given = user
        .iter()
        .any(|a| a == MAX_RUNNING_FLAG || a.starts_with(&format!("{MAX_RUNNING_FLAG}=")));
    if !given && !env_set {
        flags.push(format!("{MAX_RUNNING_FLAG}={}", clients.max(1)));
    }
    flags
}

/// Generates, imports (unless already there) and serves.
pub fn setup(bin: &Path, work: &Path, rows: u64, serve_args: &[String]) -> anyhow::Result<Served> {
    std::fs::create_dir_all(work)?;
    let data = work.join("data");
    let token_file = work.join("api-key");
    let mut import_line = None;
    if !token_file.exists() {
        let csv = work.join(format!("companies-{rows}.csv"));
        if !csv.exists() {
            let t = Instant::now();
            quarry_dataset::generate::write_companies_file(
                &csv,
                rows,
                quarry_dataset::generate::DEFAULT_SEED,
            )
            .with_context(|| format!("writing {}", csv.display()))?;
            eprintln!("generated {rows} rows in {:.1?}", t.elapsed());
        }
        let mut child = quarry(bin, &data)
            .args(["account", "create", "--email", ACCOUNT, "--password-stdin"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("running {}", bin.display()))?;
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(b"bench-password-1234\n")?;
        check(child.wait_with_output()?, "account create")?;
        eprintln!("importing {} …", csv.display());
        let out = quarry(bin, &data)
            .args(["dataset", "import"])
            .arg(&csv)
            .args([
                "--id",
                DATASET,
                "--account",
                ACCOUNT,
                "--id-column",
                "id",
                "--quiet",
            ])
            .output()?;
        let text = check(out, "dataset import")?;
        let line = text.lines().last().unwrap_or("").to_string();
        eprintln!("{line}");
        import_line = Some(line);
        let out = quarry(bin, &data)
            .args(["token", "create", "--account", ACCOUNT, "--name", "bench"])
            .output()?;
        let key = String::from_utf8_lossy(&check_ok(out, "token create")?)
            .trim()
            .to_string();
        std::fs::write(&token_file, &key)?;
    }
    let api_key = std::fs::read_to_string(&token_file)?.trim().to_string();
    let dataset_file = newest_dataset_file(&data.join("datasets"))?;

    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr = format!("127.0.0.1:{port}");
    let child = quarry(bin, &data)
        .args(["serve", "--addr", &addr])
        // The benchmark is one key: no rate or stream cap in its way.
        .args([
            "--streams-per-key",
            "4096",
            "--rate-per-minute",
            "1000000000",
        ])
        .args(["--max-connections", "4096"])
        .args(serve_args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let served = Served {
        child,
        url: format!("http://{addr}"),
        api_key,
        dataset_file,
        import_line,
    };
    let t = Instant::now();
    while std::net::TcpStream::connect(&addr).is_err() {
        if t.elapsed() > Duration::from_secs(30) {
            bail!("quarry serve did not listen on {addr}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(served)
}

fn check_ok(out: std::process::Output, what: &str) -> anyhow::Result<Vec<u8>> {
    if !out.status.success() {
        bail!("{what} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(out.stdout)
}

/// The most recently written `companies-*` file of a store directory.
pub fn newest_dataset_file(dir: &Path) -> anyhow::Result<PathBuf> {
    let mut best: Option<(std::time::SystemTime, PathBuf)> = None;
    for e in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with(&format!("{DATASET}-")) && name.ends_with(".sqlite") {
            let m = e.metadata()?.modified()?;
            if best.as_ref().is_none_or(|(t, _)| m > *t) {
                best = Some((m, e.path()));
            }
        }
    }
    best.map(|(_, p)| p)
        .with_context(|| format!("no {DATASET} dataset file in {}", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_query_bound_is_the_client_count_unless_given() {
        let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert_eq!(
            serve_flags(&s(&["--query-timeout-ms=2000"]), 32, false),
            s(&["--query-timeout-ms=2000", "--max-running-queries=32"])
        );
        assert_eq!(serve_flags(&[], 0, false), s(&["--max-running-queries=1"]));
        for user in [
            s(&["--max-running-queries=4"]),
            s(&["--max-running-queries", "4"]),
        ] {
            assert_eq!(serve_flags(&user, 32, false), user);
        }
        assert!(serve_flags(&[], 32, true).is_empty());
    }
}
