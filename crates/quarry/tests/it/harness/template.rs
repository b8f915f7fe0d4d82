//! Data directories prepared once per test binary through the real
//! operator commands: two accounts, some tokens, Alice's `companies` and
//! Bob's `bobs-companies` imported from the same CSV. Every server gets a
//! copy ([`super::Server::start`]).

use std::path::PathBuf;
use std::sync::OnceLock;

use super::{quarry, unique_dir};

pub const ALICE: &str = "alice@example.com";
pub const BOB: &str = "bob@example.com";
pub const ALICE_PASSWORD: &str = "alice-password-7f3a";
pub const BOB_PASSWORD: &str = "bob-password-91cc";

/// Five text-like columns: the item keys `001_company_name` …
/// `005_description` the API and console tests expect.
pub const COMPANIES_CSV: &str = "\
Company Name,Country,Employees,Founded,Description
Acme Pay,Germany,600,2015-03-01,fintech payments platform
Beta Studio,UK,50,2019-07-15,remote-first design studio
Gamma Robotics,Germany,1200,2010-01-20,\"industrial robots; fintech arm\"
Delta Bank,France,900,1999-11-30,retail bank with fintech lab
Epsilon Labs,Germany,30,2021-05-05,remote-first fintech startup
Zeta Foods,Spain,4000,1980-02-02,frozen food maker
";

/// [`COMPANIES_CSV`] with a boolean column and a row of quotes and
/// apostrophes: what the security, limits and discovery tests use.
pub const COMPANIES_PUBLIC_CSV: &str = "\
Company Name,Country,Employees,Founded,Description,Public
Acme Pay,Germany,600,2015-03-01,fintech payments platform,true
Beta Studio,UK,50,2019-07-15,remote-first design studio,false
Gamma Robotics,Germany,1200,2010-01-20,\"industrial robots; fintech arm\",true
Delta Bank,France,900,1999-11-30,retail bank with fintech lab,true
Epsilon Labs,Germany,30,2021-05-05,remote-first fintech startup,false
Zeta Foods,Spain,4000,1980-02-02,frozen food maker,false
O'Brien & Sons,Ireland,75,1950-06-01,\"quotes \"\"and\"\" apostrophes' everywhere\",false
";

/// Prepares a data directory: both accounts, then `tokens` in order
/// (account, name; `None` for the default name, `token-1` for an account's
/// first), then both datasets from `csv` (kept outside the directory).
/// Returns the directory and the tokens' values.
pub fn prepare(name: &str, csv: &str, tokens: &[(&str, Option<&str>)]) -> (PathBuf, Vec<String>) {
    prepare_with(name, csv, tokens, &[])
}

/// [`prepare`], each command run with the global flags `global` (e.g.
/// `--database-url URL`: the accounts, tokens and datasets then live in
/// PostgreSQL, and the directory holds the token key).
pub fn prepare_with(
    name: &str,
    csv: &str,
    tokens: &[(&str, Option<&str>)],
    global: &[&str],
) -> (PathBuf, Vec<String>) {
    let quarry = |dir: &std::path::Path, args: &[&str], stdin: Option<&str>| {
        let all: Vec<&str> = global.iter().chain(args).copied().collect();
        quarry(dir, &all, stdin)
    };
    let root = unique_dir(name);
    let dir = root.join("data");
    if global.is_empty() && super::on_postgresql_now() {
        // A template on PostgreSQL: its own database, which servers copy.
        super::set_database(&dir, &super::pg::database(name));
    }
    let csv_path = root.join("companies.csv");
    std::fs::write(&csv_path, csv).unwrap();
    let csv = csv_path.to_str().unwrap();
    for (email, pw) in [(ALICE, ALICE_PASSWORD), (BOB, BOB_PASSWORD)] {
        quarry(
            &dir,
            &["account", "create", "--email", email, "--password-stdin"],
            Some(&format!("{pw}\n")),
        );
    }
    let tokens = tokens
        .iter()
        .map(|(account, name)| {
            let mut args = vec!["token", "create", "--account", account];
            if let Some(name) = name {
                args.extend(["--name", name]);
            }
            quarry(&dir, &args, None).trim().to_string()
        })
        .collect();
    for (id, owner) in [("companies", ALICE), ("bobs-companies", BOB)] {
        quarry(
            &dir,
            &["dataset", "import", csv, "--id", id, "--account", owner],
            None,
        );
    }
    (dir, tokens)
}

/// A data directory for API tests: Alice's tokens `token-1` and `second`,
/// Bob's `token-1`.
pub struct Template {
    pub dir: PathBuf,
    pub alice: String,
    pub alice_second: String,
    pub bob: String,
}

impl Template {
    fn prepare(name: &str, csv: &str) -> Template {
        let (dir, tokens) = prepare(
            name,
            csv,
            &[(ALICE, None), (ALICE, Some("second")), (BOB, None)],
        );
        let [alice, alice_second, bob] = <[String; 3]>::try_from(tokens).unwrap();
        Template {
            dir,
            alice,
            alice_second,
            bob,
        }
    }
}

/// The datasets from [`COMPANIES_PUBLIC_CSV`] (what [`super::Server::start`]
/// copies).
pub fn template() -> &'static Template {
    static T: OnceLock<Template> = OnceLock::new();
    static PG: OnceLock<Template> = OnceLock::new();
    if super::on_postgresql_now() {
        return PG.get_or_init(|| Template::prepare("template-pg", COMPANIES_PUBLIC_CSV));
    }
    T.get_or_init(|| Template::prepare("template", COMPANIES_PUBLIC_CSV))
}

/// The datasets from [`COMPANIES_CSV`].
pub fn companies_template() -> &'static Template {
    static T: OnceLock<Template> = OnceLock::new();
    static PG: OnceLock<Template> = OnceLock::new();
    if super::on_postgresql_now() {
        return PG.get_or_init(|| Template::prepare("companies-template-pg", COMPANIES_CSV));
    }
    T.get_or_init(|| Template::prepare("companies-template", COMPANIES_CSV))
}
