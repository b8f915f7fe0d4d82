//! `quarry`: the one binary. Parses the command line and hands each
//! subcommand to its module: `serve` to [`serve`], `query` to [`client`],
//! the operator commands (`account`, `token`, `dataset`) to [`ops`].

mod cli;
mod client;
mod demo;
mod import_progress;
mod ops;
mod serve;

use clap::Parser;

use cli::{Cli, Command};

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let data_dir = cli.data_dir;
    let result = match cli.command {
        Command::Serve(args) => serve::run(&data_dir, args),
        Command::Query(args) => client::run(args),
        Command::Account(cmd) => ops::account(&data_dir, cmd),
        Command::Token(cmd) => ops::token(&data_dir, cmd),
        Command::Dataset(cmd) => ops::dataset(&data_dir, cmd),
        Command::RotateSecret => ops::rotate_secret(&data_dir),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
