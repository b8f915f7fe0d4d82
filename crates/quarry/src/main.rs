//! `quarry`: the one binary. Parses the command line and hands each
//! subcommand to its module: `serve` to [`serve`], `query` to [`client`],
//! the operator commands (`account`, `token`, `dataset`) to [`ops`].

mod audit;
mod backup;
mod cli;
mod client;
mod config;
mod demo;
mod import_progress;
mod ops;
mod perms;
mod serve;
mod term;

use cli::Command;

fn main() -> std::process::ExitCode {
    // Before anything is created: the data directory is private (perms).
    perms::private_umask();
    // The command line, with the configuration file's values as defaults.
    let (cli, matches, file) = match config::parse() {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("error: {}", term::text(&format!("{e:#}")));
            return std::process::ExitCode::from(2);
        }
    };
    let data_dir = cli.data_dir;
    let backend = match quarry_pg::Backend::new(&data_dir, cli.database_url.as_deref()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: --database-url: {}", term::text(&e.to_string()));
            return std::process::ExitCode::from(2);
        }
    };
    let backend = &backend;
    let result = match cli.command {
        Command::Serve(args) if args.check_config => config::check_config(&matches, &file),
        // `serve` tightens the data directory once its log is set up.
        Command::Serve(args) => serve::run(backend, args),
        Command::Query(args) => client::run(args),
        Command::Account(cmd) => operator(&data_dir).and_then(|()| ops::account(backend, cmd)),
        Command::Token(cmd) => operator(&data_dir).and_then(|()| ops::token(backend, cmd)),
        Command::Dataset(cmd) => operator(&data_dir).and_then(|()| ops::dataset(backend, cmd)),
        Command::RotateSecret => operator(&data_dir).and_then(|()| ops::rotate_secret(backend)),
        Command::Audit(args) => operator(&data_dir).and_then(|()| audit::run(backend, args)),
        Command::Backup(_) | Command::Restore(_) if backend.is_postgres() => Err(anyhow::anyhow!(
            "backup and restore copy the SQLite files of --data-dir; with --database-url, \
             back up the database with pg_dump (and keep the data directory's secret.key)"
        )),
        Command::Backup(args) => operator(&data_dir).and_then(|()| backup::backup(&data_dir, args)),
        Command::Restore(args) => backup::restore(&data_dir, args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", term::text(&format!("{e:#}")));
            std::process::ExitCode::FAILURE
        }
    }
}

/// Before an operator command: the data directory made private, said on
/// stderr when something had to change.
fn operator(data_dir: &std::path::Path) -> anyhow::Result<()> {
    if let Some(line) = perms::tighten(data_dir).describe() {
        eprintln!("note: {line}");
    }
    Ok(())
}
