//! `quarry-soak`: a live `quarry serve` under hours (or seconds) of abuse.
//!
//! ```sh
//! cargo run --release -p quarry-soak -- --quarry target/release/quarry --secs 600 --clients 200
//! ```
//!
//! It prepares a data directory through the real operator commands (an
//! account, a token, a generated 20,000-row dataset), starts `quarry
//! serve` on 127.0.0.1, and runs `--clients` threads for `--secs` seconds.
//! Each client, on a fresh connection per request, picks one of: a valid
//! query (stream or JSON array, either tier), a contract error (bad JSON, a
//! missing or invalid field, an unknown dataset, a wrong content type), a
//! bad key, or a hang-up (mid-headers, mid-body, mid-stream). It reports the
//! requests by outcome, the 5xx count (503s are the deliberate refusals of
//! back-pressure; anything else is a failure), p50/p99 of the complete
//! answers, and the server's RSS and open file descriptors at the start, at
//! the peak and at the end (after the clients stopped and the server had a
//! few seconds to drop their connections). Exits non-zero on an unexpected
//! 5xx, a panic in the server's log, or descriptors not back near the start.
//! Traffic goes to 127.0.0.1 only, and the run stops by itself.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Args {
    quarry: PathBuf,
    secs: u64,
    clients: usize,
    /// `quarry serve --max-running-queries`, when given.
    max_running: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        quarry: PathBuf::from("target/release/quarry"),
        secs: 60,
        clients: 200,
        max_running: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--quarry" => a.quarry = PathBuf::from(value()),
            "--secs" => a.secs = value().parse().unwrap_or_else(|_| usage("--secs N")),
            "--clients" => a.clients = value().parse().unwrap_or_else(|_| usage("--clients N")),
            "--max-running-queries" => a.max_running = Some(value()),
            "-h" | "--help" => usage(""),
            other => usage(&format!("unknown argument {other:?}")),
        }
    }
    a
}

fn usage(problem: &str) -> ! {
    if !problem.is_empty() {
        eprintln!("error: {problem}");
    }
    eprintln!(
        "usage: quarry-soak [--quarry PATH] [--secs N] [--clients N] [--max-running-queries N]"
    );
    std::process::exit(2)
}

/// xorshift64*: a fast, seedable generator (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The server, killed when dropped.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn quarry(bin: &Path, data: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let mut child = Command::new(bin)
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("QUARRY_SECRET_KEY")
        .env_remove("QUARRY_DATA_DIR")
        .env_remove("QUARRY_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("running {}: {e}", bin.display()));
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "quarry {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const COUNTRIES: [&str; 6] = ["Germany", "France", "Spain", "Japan", "Brazil", "Canada"];
const INDUSTRIES: [&str; 5] = ["fintech", "robotics", "retail", "biotech", "logistics"];

fn dataset_csv() -> String {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::from("name,country,industry,employees,founded,description\n");
    for i in 0..20_000 {
        let industry = rng.pick(&INDUSTRIES);
        out.push_str(&format!(
            "Company {i},{},{industry},{},{}-0{}-1{},{} {} platform with {} teams\n",
            rng.pick(&COUNTRIES),
            rng.below(5000) + 1,
            1950 + rng.below(75),
            rng.below(9) + 1,
            rng.below(9),
            rng.pick(&["remote-first", "profitable", "growing", "small"]),
            industry,
            rng.pick(&["distributed", "local", "global"]),
        ));
    }
    out
}

const PHRASES: [&str; 10] = [
    "fintech companies in Germany",
    "robotics companies with more than 1000 employees",
    "the largest retail companies",
    "companies founded after 2010",
    "remote-first biotech companies",
    "logistics companies in Japan founded before 1990",
    "how many fintech companies in France",
    "companies in Atlantis",
    "top 5 companies by employees in Spain",
    "global platform",
];

/// What one request came to.
type Outcome = String;

struct Client {
    addr: String,
    token: String,
}

impl Client {
    fn connect(&self) -> std::io::Result<TcpStream> {
        let s = TcpStream::connect(&self.addr)?;
        s.set_read_timeout(Some(Duration::from_secs(60)))?;
        s.set_write_timeout(Some(Duration::from_secs(30)))?;
        Ok(s)
    }

    fn head(&self, key: Option<&str>, content_type: &str, accept: &str, len: usize) -> String {
        let mut h = format!(
            "POST /v1/query HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: {content_type}\r\nAccept: {accept}\r\nContent-Length: {len}\r\n",
            self.addr
        );
        if let Some(k) = key {
            h.push_str(&format!("apikey: {k}\r\n"));
        }
        h.push_str("\r\n");
        h
    }

    /// One request of a kind drawn from `rng`; the outcome and, for a
    /// complete answer, its latency.
    fn one(&self, rng: &mut Rng) -> (Outcome, Option<Duration>) {
        let started = Instant::now();
        let phrase = rng.pick(&PHRASES);
        let small = rng.below(2) == 0;
        let valid = serde_json::json!({
            "query_string": phrase,
            "dataset_id": "companies",
            "limit": rng.below(20) + 1,
            "use_smaller_model": small,
        })
        .to_string();
        let roll = rng.below(100);
        let r = match roll {
            0..=44 => self.full(
                Some(&self.token),
                "application/json",
                "text/event-stream",
                &valid,
            ),
            45..=54 => self.full(
                Some(&self.token),
                "application/json",
                "application/json",
                &valid,
            ),
            55..=69 => {
                let body = *[
                    "{not json",
                    r#"{"dataset_id":"companies"}"#,
                    r#"{"query_string":"x","dataset_id":"companies","limit":0}"#,
                    r#"{"query_string":"x","dataset_id":"nope"}"#,
                    r#"{"query_string":"","dataset_id":"companies"}"#,
                ]
                .get(rng.below(5) as usize)
                .unwrap();
                let ct = if rng.below(5) == 0 {
                    "text/plain"
                } else {
                    "application/json"
                };
                self.full(Some(&self.token), ct, "text/event-stream", body)
            }
            70..=79 => {
                let key = if rng.below(2) == 0 {
                    None
                } else {
                    Some("qk_not-a-real-key")
                };
                self.full(key, "application/json", "text/event-stream", &valid)
            }
            80..=86 => self.hang_up_in_headers(&valid, rng),
            87..=92 => self.hang_up_in_body(&valid, rng),
            _ => self.hang_up_in_stream(&valid, rng),
        };
        match r {
            Ok((outcome, complete)) => (outcome, complete.then(|| started.elapsed())),
            Err(e) => (format!("client i/o error ({:?})", e.kind()), None),
        }
    }

    /// A whole request and its whole answer: (outcome, complete answer).
    fn full(
        &self,
        key: Option<&str>,
        content_type: &str,
        accept: &str,
        body: &str,
    ) -> std::io::Result<(Outcome, bool)> {
        let mut s = self.connect()?;
        s.write_all(self.head(key, content_type, accept, body.len()).as_bytes())?;
        s.write_all(body.as_bytes())?;
        let mut reader = BufReader::new(s);
        let mut status_line = String::new();
        reader.read_line(&mut status_line)?;
        let status: u16 = status_line
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest)?;
        let text = String::from_utf8_lossy(&rest);
        if status == 200 {
            // The last envelope (stream or array) is the close.
            let close = text.rfind(r#""type":"close""#).map(|i| &text[i..]);
            return Ok(match close {
                Some(c) if c.contains(r#""complete":true"#) => ("200 complete".into(), true),
                Some(c) => {
                    let code = c
                        .split(r#""error_code":""#)
                        .nth(1)
                        .and_then(|s| s.split('"').next())
                        .unwrap_or("?");
                    (format!("200 failing close {code}"), false)
                }
                None => ("200 without a close".into(), false),
            });
        }
        let code = text
            .split(r#""error_code":""#)
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or("no body");
        Ok((format!("{status} {code}"), false))
    }

    fn hang_up_in_headers(&self, body: &str, rng: &mut Rng) -> std::io::Result<(Outcome, bool)> {
        let mut s = self.connect()?;
        let head = self.head(
            Some(&self.token),
            "application/json",
            "text/event-stream",
            body.len(),
        );
        let cut = 1 + rng.below(head.len() as u64 - 1) as usize;
        s.write_all(&head.as_bytes()[..cut])?;
        std::thread::sleep(Duration::from_millis(rng.below(50)));
        Ok(("hang-up mid-headers".into(), false))
    }

    /// A new connection with the head of a valid streaming query sent.
    fn send_head(&self, body_len: usize) -> std::io::Result<TcpStream> {
        let mut s = self.connect()?;
        s.write_all(
            self.head(
                Some(&self.token),
                "application/json",
                "text/event-stream",
                body_len,
            )
            .as_bytes(),
        )?;
        Ok(s)
    }

    fn hang_up_in_body(&self, body: &str, rng: &mut Rng) -> std::io::Result<(Outcome, bool)> {
        let mut s = self.send_head(body.len())?;
        let cut = rng.below(body.len() as u64) as usize;
        s.write_all(&body.as_bytes()[..cut])?;
        std::thread::sleep(Duration::from_millis(rng.below(50)));
        Ok(("hang-up mid-body".into(), false))
    }

    fn hang_up_in_stream(&self, body: &str, rng: &mut Rng) -> std::io::Result<(Outcome, bool)> {
        let mut s = self.send_head(body.len())?;
        s.write_all(body.as_bytes())?;
        let mut buf = vec![0u8; 1 + rng.below(400) as usize];
        let _ = s.read(&mut buf)?;
        Ok(("hang-up mid-stream".into(), false))
    }
}

/// (RSS in KiB, open file descriptors) of `pid`.
fn usage_of(pid: u32) -> (u64, usize) {
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0);
    (rss, fds)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() -> std::process::ExitCode {
    let a = args();
    let work = std::env::temp_dir().join(format!("quarry-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let data = work.join("data");
    let email = "soak@example.com";
    quarry(
        &a.quarry,
        &data,
        &["account", "create", "--email", email, "--password-stdin"],
        Some("soak-password-123\n"),
    );
    let token = quarry(
        &a.quarry,
        &data,
        &["token", "create", "--account", email],
        None,
    )
    .trim()
    .to_string();
    let csv = work.join("companies.csv");
    std::fs::write(&csv, dataset_csv()).unwrap();
    quarry(
        &a.quarry,
        &data,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "companies",
            "--account",
            email,
            "--quiet",
        ],
        None,
    );
    // The key's own limits out of the way: the server's back-pressure is
    // what is under test.
    quarry(
        &a.quarry,
        &data,
        &[
            "account",
            "set-limits",
            "--email",
            email,
            "--per-minute",
            "1000000",
            "--concurrent",
            "10000",
        ],
        None,
    );

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let log_path = work.join("serve.log");
    let server = Served(
        Command::new(&a.quarry)
            .arg("--data-dir")
            .arg(&data)
            .args([
                "serve",
                "--addr",
                &addr,
                "--log-format",
                "json",
                "--write-timeout-secs",
                "10",
            ])
            .env_remove("QUARRY_SECRET_KEY")
            .env_remove("QUARRY_CONFIG")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap(),
    );
    let pid = server.0.id();
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    let start = usage_of(pid);

    let running = Arc::new(AtomicBool::new(true));
    let peak = Arc::new(Mutex::new(start));
    let began = Instant::now();
    let every = Duration::from_secs(a.secs.max(10) / 10);
    let sampler = {
        let (running, peak) = (running.clone(), peak.clone());
        std::thread::spawn(move || {
            let mut next = began + every;
            while running.load(Ordering::SeqCst) {
                let (rss, fds) = usage_of(pid);
                let mut p = peak.lock().unwrap();
                *p = (p.0.max(rss), p.1.max(fds));
                drop(p);
                if Instant::now() >= next {
                    println!(
                        "  at {:>4} s: server RSS {} MiB, {} open fds",
                        began.elapsed().as_secs(),
                        rss / 1024,
                        fds
                    );
                    next += every;
                }
                std::thread::sleep(Duration::from_millis(250));
            }
        })
    };

    println!(
        "soak: {} clients for {} s against {} (pid {pid})",
        a.clients, a.secs, addr
    );
    let until = Instant::now() + Duration::from_secs(a.secs);
    let results = Arc::new(Mutex::new((
        BTreeMap::<Outcome, u64>::new(),
        Vec::<Duration>::new(),
    )));
    let clients: Vec<_> = (0..a.clients)
        .map(|i| {
            let client = Client {
                addr: addr.clone(),
                token: token.clone(),
            };
            let results = results.clone();
            std::thread::spawn(move || {
                let mut rng = Rng(0xD1B5_4A32_D192_ED03 ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9));
                let mut outcomes = BTreeMap::<Outcome, u64>::new();
                let mut latencies = Vec::new();
                while Instant::now() < until {
                    let (o, latency) = client.one(&mut rng);
                    *outcomes.entry(o).or_default() += 1;
                    latencies.extend(latency);
                }
                let mut r = results.lock().unwrap();
                for (o, n) in outcomes {
                    *r.0.entry(o).or_default() += n;
                }
                r.1.extend(latencies);
            })
        })
        .collect();
    for c in clients {
        let _ = c.join();
    }
    // The server drops what the clients left (hung-up connections wait for
    // the read time-out, unread answers for the write time-out).
    std::thread::sleep(Duration::from_secs(5));
    running.store(false, Ordering::SeqCst);
    let _ = sampler.join();
    let end = usage_of(pid);
    let peak = *peak.lock().unwrap();
    drop(server);

    let (outcomes, mut latencies) = std::mem::take(&mut *results.lock().unwrap());
    latencies.sort();
    let total: u64 = outcomes.values().sum();
    println!(
        "{total} requests in {} s ({:.0}/s)",
        a.secs,
        total as f64 / a.secs as f64
    );
    for (o, n) in &outcomes {
        println!("  {n:>9}  {o}");
    }
    let unexpected_5xx: u64 = outcomes
        .iter()
        .filter(|(o, _)| o.starts_with('5') && !o.starts_with("503 "))
        .map(|(_, n)| n)
        .sum();
    let deliberate_503: u64 = outcomes
        .iter()
        .filter(|(o, _)| o.starts_with("503 "))
        .map(|(_, n)| n)
        .sum();
    let failing_closes: u64 = outcomes
        .iter()
        .filter(|(o, _)| {
            o.starts_with("200 failing close INTERNAL") || o.starts_with("200 without")
        })
        .map(|(_, n)| n)
        .sum();
    println!(
        "5xx: {unexpected_5xx} unexpected, {deliberate_503} deliberate 503 (back-pressure); \
         internal failing closes: {failing_closes}"
    );
    println!(
        "complete answers: {} ; latency p50 {:.1} ms, p99 {:.1} ms",
        latencies.len(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3
    );
    println!(
        "server RSS: start {} MiB, peak {} MiB, end {} MiB; open fds: start {}, peak {}, end {}",
        start.0 / 1024,
        peak.0 / 1024,
        end.0 / 1024,
        start.1,
        peak.1,
        end.1
    );
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    let panicked = log.contains("panicked");
    let mut ok = true;
    if unexpected_5xx > 0 || failing_closes > 0 {
        eprintln!("FAIL: unexpected server errors");
        ok = false;
    }
    if panicked {
        eprintln!("FAIL: the server panicked; see {}", log_path.display());
        ok = false;
    }
    if end.1 > start.1 + 16 {
        eprintln!(
            "FAIL: file descriptors not back near the start ({} → {})",
            start.1, end.1
        );
        ok = false;
    }
    if outcomes.get("200 complete").copied().unwrap_or(0) == 0 {
        eprintln!("FAIL: no query completed");
        ok = false;
    }
    if ok {
        let _ = std::fs::remove_dir_all(&work);
        println!("soak passed");
        std::process::ExitCode::SUCCESS
    } else {
        println!(
            "soak failed; the data directory and log are in {}",
            work.display()
        );
        std::process::ExitCode::FAILURE
    }
}
