//! The command line: every subcommand and flag of `quarry`.

use clap::{ArgGroup, Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "quarry",
    version,
    about = "Natural-language search over tabular datasets"
)]
pub struct Cli {
    /// Directory holding catalog.sqlite and the dataset files.
    #[arg(
        long,
        global = true,
        env = "QUARRY_DATA_DIR",
        default_value = "./quarry-data"
    )]
    pub data_dir: PathBuf,

    /// Keep the catalog and the datasets in PostgreSQL
    /// (`postgres://user:password@host:port/database`) instead of SQLite
    /// files in --data-dir, so that several `quarry serve` replicas share
    /// them. The data directory still holds the token key (or set
    /// QUARRY_SECRET_KEY; every replica needs the same key).
    #[arg(long, global = true, env = "QUARRY_DATABASE_URL", value_name = "URL")]
    pub database_url: Option<String>,

    /// Configuration file (TOML) with any `serve` flag and `data_dir`, by
    /// the flag's name in snake_case; flags and environment variables win
    /// over it. Default: ./quarry.toml when it exists.
    #[arg(long, global = true, env = "QUARRY_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service.
    Serve(ServeArgs),
    /// Run a search against a running service and print the events as they arrive.
    Query(QueryArgs),
    /// Manage accounts.
    #[command(subcommand)]
    Account(AccountCommand),
    /// Manage API tokens.
    #[command(subcommand)]
    Token(TokenCommand),
    /// Manage datasets.
    #[command(subcommand)]
    Dataset(DatasetCommand),
    /// Re-encrypt every API token under a new secret key (servers keep running).
    RotateSecret,
    /// Print the audit log: sign-ins, tokens, datasets, limits, key rotations.
    Audit(AuditArgs),
    /// Copy the catalog, every dataset version and the key into DIR (servers keep running).
    Backup(BackupArgs),
    /// Check a backup and restore it into an empty --data-dir.
    Restore(RestoreArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "QUARRY_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// On an empty data directory, create a demo account, datasets and token first.
    #[arg(long)]
    pub demo: bool,
    /// Statement time-out for generated SQL, in milliseconds.
    #[arg(long, env = "QUARRY_QUERY_TIMEOUT_MS", default_value_t = 5000)]
    pub query_timeout_ms: u64,
    /// Requests per minute per API key, for accounts without a rate of their own.
    #[arg(long, env = "QUARRY_RATE_PER_MINUTE", default_value_t = 60_000)]
    pub rate_per_minute: u32,
    /// Open answers (query streams and JSON arrays) per API key, for accounts without a cap of their own.
    #[arg(long, env = "QUARRY_STREAMS_PER_KEY", default_value_t = 8)]
    pub streams_per_key: u32,
    /// Open connections at most; more get 503 SERVICE_UNAVAILABLE.
    #[arg(long, env = "QUARRY_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
    /// Time a client has to send a request's headers, and again its body, in milliseconds.
    #[arg(long, env = "QUARRY_READ_TIMEOUT_MS", default_value_t = 10_000)]
    pub read_timeout_ms: u64,
    /// Largest request head (request line and headers), in bytes.
    #[arg(long, env = "QUARRY_MAX_HEADER_BYTES", default_value_t = 16 * 1024)]
    pub max_header_bytes: usize,
    /// Seconds a client may read nothing of an answer before its connection is dropped.
    #[arg(long, env = "QUARRY_WRITE_TIMEOUT_SECS", default_value_t = 30)]
    pub write_timeout_secs: u64,
    /// Mark the console's cookies Secure; set this when clients reach the service over TLS.
    #[arg(long, env = "QUARRY_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// A console session unused for this many seconds ends.
    #[arg(long, env = "QUARRY_SESSION_IDLE_SECS", default_value_t = 7200)]
    pub session_idle_secs: u64,
    /// A console session ends this many seconds after sign-in, however busy.
    #[arg(long, env = "QUARRY_SESSION_LIFETIME_SECS", default_value_t = 43200)]
    pub session_lifetime_secs: u64,
    /// Largest dataset file the console accepts for upload, in MiB: the
    /// file as sent and its data once decompressed.
    #[arg(long, env = "QUARRY_MAX_UPLOAD_MB", default_value_t = 1024)]
    pub max_upload_mb: u64,
    /// Most rows a console upload may have (0: no cap).
    #[arg(long, env = "QUARRY_MAX_UPLOAD_ROWS", default_value_t = 10_000_000)]
    pub max_upload_rows: u64,
    /// Queries (planning and statements) running at once; one more waits
    /// briefly for a slot, then gets 503 SERVICE_UNAVAILABLE with
    /// Retry-After. Default: twice the number of cores.
    #[arg(long, env = "QUARRY_MAX_RUNNING_QUERIES")]
    pub max_running_queries: Option<usize>,
    /// Serve GET /metrics on this address alone (plain HTTP) instead of on --addr.
    #[arg(long, env = "QUARRY_METRICS_ADDR")]
    pub metrics_addr: Option<String>,
    /// Log lines as `text` (for a terminal) or `json` (one object a line).
    #[arg(long, env = "QUARRY_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub log_format: String,
    /// PEM certificate chain: serve HTTPS (with --tls-key). Reloaded on
    /// SIGHUP or when the file changes.
    #[arg(
        long,
        env = "QUARRY_TLS_CERT",
        requires = "tls_key",
        value_name = "FILE"
    )]
    pub tls_cert: Option<PathBuf>,
    /// PEM private key of --tls-cert.
    #[arg(
        long,
        env = "QUARRY_TLS_KEY",
        requires = "tls_cert",
        value_name = "FILE"
    )]
    pub tls_key: Option<PathBuf>,
    /// Check the configuration (flags, environment, configuration file),
    /// print the effective settings with their sources, secrets masked, and
    /// exit without serving.
    #[arg(long)]
    pub check_config: bool,
}

#[derive(Debug, Args)]
pub struct QueryArgs {
    /// The search phrase.
    pub text: String,
    #[arg(long)]
    pub dataset: String,
    #[arg(long, default_value_t = 10)]
    pub limit: u32,
    /// Use the smaller, faster planner tier.
    #[arg(long)]
    pub small: bool,
    #[arg(long, env = "QUARRY_URL", default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// The API key. Prefer the QUARRY_API_KEY environment variable: a
    /// command line is visible to every user of the machine (`ps`).
    #[arg(long, env = "QUARRY_API_KEY", hide_env_values = true)]
    pub api_key: String,
    /// Print the raw event envelopes, one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Create an account; the password is read from stdin or prompted for.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password_stdin: bool,
    },
    /// List accounts.
    List,
    /// Set an account's request limits (per API key); omitted ones are kept.
    SetLimits {
        #[arg(long)]
        email: String,
        /// Requests per minute for each of the account's keys.
        #[arg(long)]
        per_minute: Option<u32>,
        /// Open query streams at once for each of the account's keys.
        #[arg(long)]
        concurrent: Option<u32>,
        /// API tokens the account may have (default 50).
        #[arg(long)]
        tokens: Option<u32>,
        /// Return all three to the defaults.
        #[arg(long, conflicts_with_all = ["per_minute", "concurrent", "tokens"])]
        reset: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create a token and print it alone on stdout.
    Create {
        #[arg(long)]
        account: String,
        #[arg(long)]
        name: Option<String>,
    },
    /// List an account's tokens.
    List {
        #[arg(long)]
        account: String,
    },
    /// Delete (revoke) a token by name or id.
    Delete {
        #[arg(long)]
        account: String,
        name_or_id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum DatasetCommand {
    /// Import a CSV, TSV, JSON Lines or Parquet file (text formats may be
    /// gzipped) as a dataset of an account.
    Import(ImportArgs),
    /// List datasets.
    List,
    /// Show a dataset's schema and profile.
    Show {
        id: String,
        /// Email of the account whose dataset it is; needed only when
        /// several accounts have a dataset with this id.
        #[arg(long)]
        account: Option<String>,
    },
    /// Delete a dataset.
    Drop {
        id: String,
        /// Email of the account whose dataset it is; needed only when
        /// several accounts have a dataset with this id.
        #[arg(long)]
        account: Option<String>,
    },
    /// Show, set or clear a dataset's vocabulary: the synonyms, value
    /// aliases and superlatives the planner learns for it (a TOML file).
    Vocabulary(VocabularyArgs),
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("action").required(true).args(["set", "show", "clear"])))]
pub struct VocabularyArgs {
    pub id: String,
    /// Email of the account whose dataset it is; needed only when several
    /// accounts have a dataset with this id.
    #[arg(long)]
    pub account: Option<String>,
    /// Check FILE (TOML; `-` reads stdin) against the dataset and make it the
    /// dataset's vocabulary, applied from the next query. With any error,
    /// every error is printed with its line and nothing is applied.
    #[arg(long, value_name = "FILE")]
    pub set: Option<PathBuf>,
    /// Print the dataset's vocabulary as it was set.
    #[arg(long)]
    pub show: bool,
    /// Remove the dataset's vocabulary.
    #[arg(long)]
    pub clear: bool,
    /// With --set: only check FILE; change nothing.
    #[arg(long, requires = "set")]
    pub check: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    pub file: PathBuf,
    /// The dataset id: letters, digits, `_` and `-`.
    #[arg(long)]
    pub id: String,
    /// Email of the account the dataset belongs to.
    #[arg(long)]
    pub account: String,
    /// Column whose values are the records' ids (unique, non-null); without
    /// it, ids are row numbers.
    #[arg(long)]
    pub id_column: Option<String>,
    /// csv, tsv, jsonl or parquet; by default from the extension (`.gz` after
    /// a text format means gzip), else from the content.
    #[arg(long, value_parser = parse_format)]
    pub format: Option<quarry_dataset::Format>,
    /// Encoding of a text file: utf8 (the default) or latin1 (Windows-1252).
    #[arg(long, value_parser = parse_encoding, default_value = "utf8")]
    pub encoding: quarry_dataset::Encoding,
    /// CSV delimiter (one character; `\t` for tab); sniffed among `,` `;`
    /// tab and `|` when not given.
    #[arg(long, value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,
    /// COLUMN=TYPE, overriding inference (integer, float, boolean, date,
    /// datetime, text); repeatable. Every value must fit, or nothing is
    /// imported.
    #[arg(long = "type", value_name = "COLUMN=TYPE", value_parser = quarry_dataset::parse_type_override)]
    pub types: Vec<(String, quarry_planner::ColumnType)>,
    /// Swap a new version in for the account's dataset of the same id;
    /// queries already running on the old version finish on it.
    #[arg(long)]
    pub replace: bool,
    /// No progress display.
    #[arg(long, short)]
    pub quiet: bool,
}

fn parse_format(s: &str) -> Result<quarry_dataset::Format, String> {
    quarry_dataset::Format::parse(s)
        .ok_or_else(|| format!("unknown format {s:?}; use csv, tsv, jsonl or parquet"))
}

fn parse_encoding(s: &str) -> Result<quarry_dataset::Encoding, String> {
    quarry_dataset::Encoding::parse(s)
        .ok_or_else(|| format!("unknown encoding {s:?}; use utf8 or latin1"))
}

fn parse_delimiter(s: &str) -> Result<u8, String> {
    match s {
        "\\t" | "tab" | "\t" => Ok(b'\t'),
        _ if s.len() == 1 && s.is_ascii() && s != "\"" && s != "\n" && s != "\r" => {
            Ok(s.as_bytes()[0])
        }
        _ => Err(format!(
            "delimiter {s:?}: expected one ASCII character other than a quote or line break (or \\t)"
        )),
    }
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only the entries concerning this account (by email).
    #[arg(long)]
    pub account: Option<String>,
    /// Only entries from this time on: an RFC 3339 time
    /// (2026-01-31T12:00:00Z) or a duration before now (90m, 24h, 7d, 2w).
    #[arg(long, value_parser = crate::audit::parse_since)]
    pub since: Option<i64>,
    /// One JSON object per entry and line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Directory to write the backup into; created, and must be empty.
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A directory written by `quarry backup`.
    pub dir: PathBuf,
}
