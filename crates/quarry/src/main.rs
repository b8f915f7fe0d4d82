//! `quarry`: the one binary. Parses the command line and hands each
//! subcommand to its module.

mod cli;

use clap::Parser;

fn main() -> anyhow::Result<()> {
    let cli = cli::Cli::parse();
    let _ = cli;
    anyhow::bail!("not implemented yet")
}
