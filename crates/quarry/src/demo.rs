//! `quarry serve --demo`: makes sure the data directory holds the demo
//! account, datasets and token, then prints how to query them.
//!
//! The demo datasets are the CSV files under `demo/` in the repository
//! (sources and licences in `demo/README.md`), embedded in the binary. They
//! are imported through the same operations as `quarry account create`,
//! `quarry dataset import` and `quarry token create` (`crate::ops`), so the
//! demo exercises the real import path. Running it again on a directory that
//! already has them changes nothing and prints the same token.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use quarry_catalog::OnExisting;

use crate::ops;

pub const DEMO_EMAIL: &str = "demo@quarry.local";
pub const DEMO_TOKEN_NAME: &str = "demo";

/// One embedded demo dataset.
struct DemoDataset {
    id: &'static str,
    csv: &'static [u8],
    id_column: Option<&'static str>,
    /// A phrase worth trying on it.
    example: &'static str,
}

const DATASETS: &[DemoDataset] = &[
    DemoDataset {
        id: "airports",
        csv: include_bytes!("../../../demo/airports.csv"),
        // Codes such as `NAN` (Nadi, Fiji) are ids: null tokens are nulls
        // only in columns that are not text.
        id_column: Some("iata"),
        example: "international airports in Germany",
    },
    DemoDataset {
        id: "flights",
        csv: include_bytes!("../../../demo/flights.csv"),
        id_column: None,
        example: "flights to Chicago delayed more than 120 minutes",
    },
    DemoDataset {
        id: "birdstrikes",
        csv: include_bytes!("../../../demo/birdstrikes.csv"),
        id_column: None,
        example: "bird strikes in Texas at night with substantial damage",
    },
];

/// Sets up the demo on `data_dir` where it is missing, then prints the URL,
/// the token and commands to paste. `addr` is the address `serve` will
/// listen on.
pub fn ensure_demo(backend: &quarry_pg::Backend, addr: &str) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();

    let password = ops::demo_account(backend, DEMO_EMAIL)?;
    for d in DATASETS {
        if ops::dataset_exists(backend, DEMO_EMAIL, d.id)? {
            continue;
        }
        writeln!(out, "Importing demo dataset {} …", d.id)?;
        out.flush()?;
        let file = TempCsv::write(backend.data_dir(), d.id, d.csv)?;
        let mut opts = quarry_dataset::ImportOptions::new(d.id);
        opts.id_column = d.id_column.map(str::to_string);
        opts.format = Some(quarry_dataset::Format::Csv);
        ops::dataset_import(backend, &file.path, DEMO_EMAIL, &opts, OnExisting::Refuse)
            .with_context(|| format!("importing the demo dataset {}", d.id))?;
    }
    let token = ops::demo_token(backend, DEMO_EMAIL, DEMO_TOKEN_NAME)?;

    let banner = Banner {
        program: &program_name(),
        url: &display_url(addr),
        default_url: addr == DEFAULT_ADDR,
        email: DEMO_EMAIL,
        password: password.as_deref(),
        token: &token,
    };
    out.write_all(banner.render().as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The address `serve` listens on when not told otherwise; the client's
/// default URL points there.
const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// The URL a person on this machine uses to reach `addr`: a wildcard
/// listen address is reached through loopback.
pub(crate) fn display_url(addr: &str) -> String {
    let (host, port) = match addr.rsplit_once(':') {
        Some((h, p)) => (h, p),
        None => (addr, "80"),
    };
    let host = match host {
        "0.0.0.0" | "" => "127.0.0.1",
        "[::]" => "[::1]",
        h => h,
    };
    format!("http://{host}:{port}")
}

/// A CSV written out for the importer, removed when dropped.
struct TempCsv {
    path: PathBuf,
}

impl TempCsv {
    fn write(dir: &Path, id: &str, bytes: &[u8]) -> anyhow::Result<TempCsv> {
        let path = dir.join(format!(".demo-{id}-{}.csv", std::process::id()));
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        Ok(TempCsv { path })
    }
}

impl Drop for TempCsv {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Quotes a word for a POSIX shell when it needs it.
fn sh_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@=,+".contains(c));
    if plain {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

struct Banner<'a> {
    /// How to run this binary (see [`program_name`]).
    program: &'a str,
    url: &'a str,
    /// True when the client's default `--url` already reaches the server.
    default_url: bool,
    email: &'a str,
    /// Shown once, when the account was just created.
    password: Option<&'a str>,
    token: &'a str,
}

impl Banner<'_> {
    fn render(&self) -> String {
        let first = &DATASETS[0];
        let body = format!(
            r#"{{"query_string": {}, "dataset_id": {}}}"#,
            serde_json::Value::from(first.example),
            serde_json::Value::from(first.id),
        );
        let mut s = String::new();
        s.push_str("\nQuarry demo\n");
        s.push_str(&format!("  URL:       {}\n", self.url));
        match self.password {
            Some(p) => s.push_str(&format!(
                "  account:   {} (password: {p}; shown only now)\n",
                self.email
            )),
            None => s.push_str(&format!("  account:   {}\n", self.email)),
        }
        s.push_str(&format!("  API token: {}\n", self.token));
        let ids: Vec<&str> = DATASETS.iter().map(|d| d.id).collect();
        s.push_str(&format!("  datasets:  {}\n", ids.join(", ")));
        s.push_str("\nTry it with curl:\n");
        s.push_str(&format!(
            "  curl -N {}/v1/query -H {} -H 'Content-Type: application/json' -d {}\n",
            self.url,
            sh_quote(&format!("apikey: {}", self.token)),
            sh_quote(&body),
        ));
        s.push_str("\nor with the quarry client:\n");
        s.push_str(&format!(
            "  {}\n",
            query_command(self.program, first, self.token, self.url, self.default_url)
        ));
        s.push_str("\nMore to try:\n");
        for d in &DATASETS[1..] {
            s.push_str(&format!("  --dataset {:<12} \"{}\"\n", d.id, d.example));
        }
        s.push('\n');
        s
    }
}

/// How to invoke this binary from the current directory: `quarry` when that
/// name on the PATH is this binary, else its path (relative to the current
/// directory when it is below it, e.g. `target/release/quarry` right after
/// `cargo run --release`), so the printed command runs as pasted.
fn program_name() -> String {
    let Ok(exe) = std::env::current_exe().and_then(|p| p.canonicalize()) else {
        return "quarry".to_owned();
    };
    let on_path = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| {
            dir.join("quarry")
                .canonicalize()
                .is_ok_and(|candidate| candidate == exe)
        })
    });
    if on_path {
        return "quarry".to_owned();
    }
    let shown = std::env::current_dir()
        .ok()
        .and_then(|cwd| cwd.canonicalize().ok())
        .and_then(|cwd| exe.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| exe.clone());
    sh_quote(&shown.to_string_lossy())
}

fn query_command(
    program: &str,
    d: &DemoDataset,
    token: &str,
    url: &str,
    default_url: bool,
) -> String {
    let mut cmd = format!(
        "{program} query \"{}\" --dataset {} --api-key {}",
        d.example,
        d.id,
        sh_quote(token)
    );
    if !default_url {
        cmd.push_str(&format!(" --url {}", sh_quote(url)));
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_addresses_are_shown_as_loopback() {
        assert_eq!(display_url("127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(display_url("0.0.0.0:9000"), "http://127.0.0.1:9000");
        assert_eq!(display_url("[::]:9000"), "http://[::1]:9000");
        assert_eq!(display_url("localhost:3000"), "http://localhost:3000");
    }

    #[test]
    fn shell_quoting() {
        assert_eq!(sh_quote("qk_abc123"), "qk_abc123");
        assert_eq!(sh_quote("apikey: x"), "'apikey: x'");
        assert_eq!(sh_quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn examples_are_safe_inside_double_quotes() {
        for d in DATASETS {
            assert!(
                !d.example.contains(['"', '$', '`', '\\', '\'']),
                "{}",
                d.example
            );
        }
    }

    #[test]
    fn the_banner_has_the_url_token_curl_and_query_commands() {
        let b = Banner {
            program: "quarry",
            url: "http://127.0.0.1:9999",
            default_url: false,
            email: DEMO_EMAIL,
            password: Some("pw"),
            token: "qk_TOKEN",
        };
        let text = b.render();
        assert!(
            text.contains("  URL:       http://127.0.0.1:9999\n"),
            "{text}"
        );
        assert!(text.contains("  API token: qk_TOKEN\n"), "{text}");
        assert!(text.contains(
            "curl -N http://127.0.0.1:9999/v1/query -H 'apikey: qk_TOKEN' -H 'Content-Type: application/json' -d '{\"query_string\": \"international airports in Germany\", \"dataset_id\": \"airports\"}'"
        ), "{text}");
        assert!(text.contains(
            "  quarry query \"international airports in Germany\" --dataset airports --api-key qk_TOKEN --url http://127.0.0.1:9999\n"
        ), "{text}");
        let default = Banner {
            url: "http://127.0.0.1:8080",
            default_url: true,
            password: None,
            ..b
        };
        let text = default.render();
        assert!(!text.contains("--url"), "{text}");
        assert!(!text.contains("password"), "{text}");
    }

    #[test]
    fn the_demo_files_are_embedded_with_a_header() {
        for d in DATASETS {
            let header = d.csv.split(|b| *b == b'\n').next().unwrap();
            let header = std::str::from_utf8(header).unwrap();
            if let Some(col) = d.id_column {
                assert!(header.split(',').any(|h| h == col), "{}: {header}", d.id);
            }
            assert!(d.csv.len() > 10_000, "{}", d.id);
        }
    }
}
