//! The command line: every subcommand and flag of `quarry`.

use clap::{Args, Parser, Subcommand};
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
    /// Import a CSV file as a new dataset.
    Import {
        file: PathBuf,
        #[arg(long)]
        id: String,
        #[arg(long)]
        account: String,
        /// Column whose values are the records' ids (unique, non-null).
        #[arg(long)]
        id_column: Option<String>,
    },
    /// List datasets.
    List,
    /// Show a dataset's schema and profile.
    Show { id: String },
    /// Delete a dataset.
    Drop { id: String },
}
