//! Writes the generated companies CSV:
//! `gen-companies --rows N --out FILE [--seed S]`.

use quarry_dataset::generate::{write_companies_file, DEFAULT_SEED};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut rows: u64 = 1_000_000;
    let mut out: Option<PathBuf> = None;
    let mut seed = DEFAULT_SEED;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("{name} needs a value");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--rows" => rows = parse(&value("--rows")),
            "--seed" => seed = parse(&value("--seed")),
            "--out" => out = Some(PathBuf::from(value("--out"))),
            "-h" | "--help" => {
                println!("usage: gen-companies --rows N --out FILE [--seed S]");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("unknown argument {other:?}; usage: gen-companies --rows N --out FILE [--seed S]");
                return ExitCode::from(2);
            }
        }
    }
    let Some(out) = out else {
        eprintln!("--out FILE is required");
        return ExitCode::from(2);
    };
    let start = std::time::Instant::now();
    match write_companies_file(&out, rows, seed) {
        Ok(bytes) => {
            eprintln!(
                "wrote {rows} rows, {bytes} bytes to {} in {:.1?}",
                out.display(),
                start.elapsed()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

fn parse(s: &str) -> u64 {
    let digits: String = s.chars().filter(|c| *c != '_').collect();
    digits.parse().unwrap_or_else(|_| {
        eprintln!("not a number: {s:?}");
        std::process::exit(2)
    })
}
