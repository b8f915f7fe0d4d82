//! The optional configuration file, `quarry.toml`: every `serve` flag and
//! the global `--data-dir` and `--database-url`, by the flag's long name in
//! snake_case
//! (`query_timeout_ms = 5000`, `tls_cert = "/etc/quarry/cert.pem"`).
//!
//! Precedence: a flag on the command line, then its environment variable,
//! then the file, then the built-in default. The file's values become the
//! flags' defaults before clap parses, so clap applies that order itself
//! and checks every value as it checks a flag's. An unknown key, a table or
//! an array is an error naming the file and the key. The file is
//! `--config FILE` (or `QUARRY_CONFIG`), else `./quarry.toml` when it
//! exists.
//!
//! `quarry serve --check-config` prints the effective settings, each with
//! where it came from, secrets masked, and exits.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};

use crate::cli::Cli;

/// The file looked for when neither `--config` nor `QUARRY_CONFIG` names
/// one.
pub const DEFAULT_FILE: &str = "quarry.toml";

/// The global arguments a file may set.
const GLOBAL_KEYS: [&str; 2] = ["data_dir", "database_url"];
/// `serve` arguments that are actions, not settings.
const NOT_SETTINGS: [&str; 3] = ["help", "check_config", "config"];

/// The configuration file that was read, and the values it gave.
#[derive(Debug, Default)]
pub struct FileConfig {
    pub path: Option<PathBuf>,
    pub values: BTreeMap<String, String>,
}

/// Parses the command line with the file's values as defaults. Exits (as
/// clap does) on `--help`, `--version` and usage errors.
pub fn parse() -> anyhow::Result<(Cli, ArgMatches, FileConfig)> {
    let args: Vec<OsString> = std::env::args_os().collect();
    let file = load(config_path(&args)?)?;
    let mut cmd = Cli::command();
    let serve_keys = serve_keys(&cmd);
    for (key, value) in &file.values {
        // clap keeps defaults as 'static strings; a handful, once.
        let value: &'static str = Box::leak(value.clone().into_boxed_str());
        if GLOBAL_KEYS.contains(&key.as_str()) {
            cmd = cmd.mut_arg(key.as_str(), |a| a.default_value(value));
        } else if serve_keys.contains(key) {
            let key = key.clone();
            cmd = cmd.mut_subcommand("serve", |s| s.mut_arg(key, |a| a.default_value(value)));
        }
    }
    let matches = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            use clap::error::ErrorKind;
            let bad_value = matches!(
                e.kind(),
                ErrorKind::InvalidValue | ErrorKind::ValueValidation
            );
            if let (true, Some(p)) = (bad_value, &file.path) {
                let _ = e.print();
                eprintln!(
                    "note: the value may come from the configuration file {}",
                    p.display()
                );
                std::process::exit(2);
            }
            e.exit()
        }
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    Ok((cli, matches, file))
}

/// The ids of `serve`'s settings (snake_case long names).
fn serve_keys(cmd: &clap::Command) -> Vec<String> {
    cmd.find_subcommand("serve")
        .map(|s| {
            s.get_arguments()
                .map(|a| a.get_id().to_string())
                .filter(|id| {
                    !NOT_SETTINGS.contains(&id.as_str()) && !GLOBAL_KEYS.contains(&id.as_str())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The file named by `--config` (or `--config=`) anywhere on the command
/// line, else by `QUARRY_CONFIG`, else `./quarry.toml` when it exists.
/// `Ok(None)`: no file.
fn config_path(args: &[OsString]) -> anyhow::Result<Option<(PathBuf, bool)>> {
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let Some(s) = a.to_str() else { continue };
        if s == "--" {
            break;
        }
        if s == "--config" {
            let Some(v) = it.next() else {
                bail!("--config needs a file");
            };
            return Ok(Some((PathBuf::from(v), true)));
        }
        if let Some(v) = s.strip_prefix("--config=") {
            return Ok(Some((PathBuf::from(v), true)));
        }
    }
    if let Some(v) = std::env::var_os("QUARRY_CONFIG").filter(|v| !v.is_empty()) {
        return Ok(Some((PathBuf::from(v), true)));
    }
    let default = PathBuf::from(DEFAULT_FILE);
    Ok(default.is_file().then_some((default, false)))
}

/// Reads and checks the file: known keys only, plain values only.
fn load(path: Option<(PathBuf, bool)>) -> anyhow::Result<FileConfig> {
    let Some((path, _named)) = path else {
        return Ok(FileConfig::default());
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("reading the configuration file {}", path.display()))?;
    let values = check(&path, &text, &serve_keys(&Cli::command()))?;
    Ok(FileConfig {
        path: Some(path),
        values,
    })
}

/// The file's settings as flag values; every problem is an error that names
/// the file and the key.
fn check(
    path: &Path,
    text: &str,
    serve_keys: &[String],
) -> anyhow::Result<BTreeMap<String, String>> {
    let table: toml::Table = toml::from_str(text)
        .with_context(|| format!("{}: not a valid TOML file", path.display()))?;
    let mut values = BTreeMap::new();
    let mut unknown = Vec::new();
    for (key, value) in table {
        if !GLOBAL_KEYS.contains(&key.as_str()) && !serve_keys.contains(&key) {
            unknown.push(key);
            continue;
        }
        let text = match value {
            toml::Value::String(s) => s,
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Float(f) => f.to_string(),
            toml::Value::Boolean(b) => b.to_string(),
            other => bail!(
                "{}: `{key}` must be a string, a number or a boolean, not a {}",
                path.display(),
                other.type_str()
            ),
        };
        values.insert(key, text);
    }
    if !unknown.is_empty() {
        let mut known: Vec<&str> = GLOBAL_KEYS.to_vec();
        known.extend(serve_keys.iter().map(String::as_str));
        bail!(
            "{}: unknown key{} {}; the keys are the long flags of `quarry serve`, \
             `--data-dir` and `--database-url`, in snake_case: {}",
            path.display(),
            if unknown.len() == 1 { "" } else { "s" },
            unknown
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", "),
            known.join(", ")
        );
    }
    Ok(values)
}

/// A database URL with its password, if any, masked.
fn mask_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some(parts) => parts,
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:********@{host}"),
        None => url.to_string(),
    }
}

/// Whether a setting's value is a secret, printed masked.
fn is_secret(key: &str) -> bool {
    ["secret", "password", "token", "api_key"]
        .iter()
        .any(|w| key.contains(w))
}

/// `serve --check-config`: the effective settings as a `quarry.toml` would
/// write them, each with its source (flag, env, file, default), secrets
/// masked; then what was checked beyond the values' syntax.
pub fn check_config(matches: &ArgMatches, file: &FileConfig) -> anyhow::Result<()> {
    let cmd = Cli::command();
    let serve_cmd = cmd.find_subcommand("serve").expect("serve exists");
    let serve = matches
        .subcommand_matches("serve")
        .expect("called for serve");
    let source = |m: &ArgMatches, id: &str| match m.value_source(id) {
        Some(ValueSource::CommandLine) => "flag".to_string(),
        Some(ValueSource::EnvVariable) => "environment".to_string(),
        Some(ValueSource::DefaultValue) if file.values.contains_key(id) => "file".to_string(),
        Some(ValueSource::DefaultValue) => "default".to_string(),
        _ => "unset".to_string(),
    };
    let raw = |m: &ArgMatches, id: &str| -> Option<String> {
        let values: Vec<String> = m
            .get_raw(id)?
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        Some(values.join(","))
    };
    match &file.path {
        Some(p) => println!("# configuration file: {}", p.display()),
        None => println!("# no configuration file ({DEFAULT_FILE} or --config FILE)"),
    }
    let mut lines = Vec::new();
    let data_dir = raw(matches, "data_dir").unwrap_or_default();
    lines.push((
        "data_dir".to_string(),
        toml_value(&data_dir),
        source(matches, "data_dir"),
    ));
    match raw(matches, "database_url") {
        // The URL may hold a password: shown without it.
        Some(url) => lines.push((
            "database_url".to_string(),
            toml_value(&mask_password(&url)),
            source(matches, "database_url"),
        )),
        None => lines.push((
            "# database_url".to_string(),
            "(not set: SQLite in data_dir)".into(),
            "default".into(),
        )),
    }
    for arg in serve_cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if NOT_SETTINGS.contains(&id) || GLOBAL_KEYS.contains(&id) {
            continue;
        }
        match raw(serve, id) {
            Some(_) if is_secret(id) => {
                lines.push((id.to_string(), "\"********\"".into(), source(serve, id)))
            }
            Some(v) => lines.push((id.to_string(), toml_value(&v), source(serve, id))),
            None => lines.push((format!("# {id}"), "(not set)".into(), "default".into())),
        }
    }
    let secret = if std::env::var_os("QUARRY_SECRET_KEY").is_some() {
        "\"********\"  # environment (QUARRY_SECRET_KEY)".to_string()
    } else {
        "secret.key in the data directory".to_string()
    };
    let width = lines
        .iter()
        .map(|(k, v, _)| k.len() + v.len())
        .max()
        .unwrap_or(0)
        + 3;
    for (k, v, src) in &lines {
        let pad = width.saturating_sub(k.len() + v.len() + 3);
        println!("{k} = {v}{}  # {src}", " ".repeat(pad));
    }
    println!("# token encryption key: {secret}");

    // Beyond each value's syntax: the addresses resolve, the TLS files read
    // and match.
    use std::net::ToSocketAddrs;
    for id in ["addr", "metrics_addr"] {
        if let Some(addr) = raw(serve, id) {
            addr.to_socket_addrs()
                .with_context(|| format!("{id} = {addr:?} is not an address to listen on"))?;
        }
    }
    if let (Some(cert), Some(key)) = (raw(serve, "tls_cert"), raw(serve, "tls_key")) {
        quarry_server::tls::TlsState::load(quarry_server::TlsFiles {
            cert: cert.into(),
            key: key.into(),
        })?;
    }
    println!("# the configuration is valid");
    Ok(())
}

/// A value as TOML writes it: integers and booleans bare, anything else a
/// quoted string.
fn toml_value(v: &str) -> String {
    if v.parse::<i64>().is_ok() || v == "true" || v == "false" {
        v.to_string()
    } else {
        toml::Value::String(v.to_string()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Vec<String> {
        serve_keys(&Cli::command())
    }

    #[test]
    fn every_serve_flag_is_a_key() {
        let k = keys();
        for key in [
            "addr",
            "query_timeout_ms",
            "max_running_queries",
            "tls_cert",
            "log_format",
            "demo",
        ] {
            assert!(k.contains(&key.to_string()), "{key}: {k:?}");
        }
        assert!(!k.contains(&"check_config".to_string()));
    }

    #[test]
    fn unknown_keys_and_tables_are_errors() {
        let p = Path::new("quarry.toml");
        let e = check(p, "adr = \"x\"\nquery_timeout_ms = 5", &keys()).unwrap_err();
        assert!(e.to_string().contains("unknown key `adr`"), "{e}");
        let e = check(p, "[serve]\naddr = \"x\"", &keys()).unwrap_err();
        assert!(e.to_string().contains("`serve`"), "{e}");
        let ok = check(
            p,
            "addr = \"0.0.0.0:1\"\ndemo = true\nquery_timeout_ms = 7",
            &keys(),
        )
        .unwrap();
        assert_eq!(ok["query_timeout_ms"], "7");
        assert_eq!(ok["demo"], "true");
    }
}
