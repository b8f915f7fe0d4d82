//! The operator commands on a data directory: `quarry account …`,
//! `quarry token …` and `quarry dataset …`. They work while the server runs
//! (the catalog is SQLite in WAL mode and the server reads it per request).
//!
//! Results meant for scripts go to stdout (a new token alone on its line);
//! notes and warnings go to stderr.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context};
use quarry_catalog::{Account, Actor, CatalogBackend, DatasetEntry, OnExisting};
use quarry_dataset::{DatasetStore, ImportOptions, Imported, Progress};
use quarry_pg::Backend;

use crate::cli::{AccountCommand, DatasetCommand, ImportArgs, TokenCommand, VocabularyArgs};
use crate::import_progress::{group, ImportProgress};
use crate::term::{line as clean, text as clean_text};

/// The catalog of `backend` (the data directory's, or PostgreSQL's).
pub(crate) fn open(backend: &Backend) -> anyhow::Result<Box<dyn CatalogBackend>> {
    backend
        .open_catalog()
        .with_context(|| format!("opening the catalog ({})", backend.describe()))
}

/// The dataset store of `backend`.
fn store(backend: &Backend) -> anyhow::Result<Arc<dyn DatasetStore>> {
    backend
        .store()
        .with_context(|| format!("opening the dataset store ({})", backend.describe()))
}

/// Unix seconds as a UTC instant. Instants beyond the calendar's range
/// (about 262,000 years either way; the catalog writes only the clock's
/// time) stop at its ends.
pub(crate) fn format_time(unix: i64) -> String {
    use chrono::{DateTime, Datelike, Timelike, Utc};
    let t = DateTime::from_timestamp(unix, 0).unwrap_or(if unix < 0 {
        DateTime::<Utc>::MIN_UTC
    } else {
        DateTime::<Utc>::MAX_UTC
    });
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}Z",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    )
}

// ----- accounts -----------------------------------------------------------

pub fn account(backend: &Backend, cmd: AccountCommand) -> anyhow::Result<()> {
    match cmd {
        AccountCommand::Create {
            email,
            password_stdin,
        } => {
            let password = if password_stdin {
                read_password_line()?
            } else {
                prompt_password()?
            };
            let a = open(backend)?.create_account(&email, &password)?;
            println!("Created account {} (id {}).", clean(&a.email), a.id);
            Ok(())
        }
        AccountCommand::List => {
            let accounts = open(backend)?.list_accounts()?;
            if accounts.is_empty() {
                eprintln!("No accounts yet; create one with `quarry account create --email E`.");
                return Ok(());
            }
            println!("{:<6} {:<40} CREATED", "ID", "EMAIL");
            for a in accounts {
                println!(
                    "{:<6} {:<40} {}",
                    a.id,
                    clean(&a.email),
                    format_time(a.created)
                );
            }
            Ok(())
        }
        AccountCommand::SetLimits {
            email,
            per_minute,
            concurrent,
            tokens,
            reset,
        } => {
            let catalog = open(backend)?;
            let a = account_by_email(catalog.as_ref(), &email)?;
            let mut limits = if reset {
                quarry_catalog::AccountLimits::default()
            } else {
                catalog.account_limits(a.id)?
            };
            if per_minute.is_none() && concurrent.is_none() && tokens.is_none() && !reset {
                bail!("give --per-minute, --concurrent, --tokens, or --reset");
            }
            limits.per_minute = per_minute.or(limits.per_minute);
            limits.concurrent = concurrent.or(limits.concurrent);
            limits.tokens = tokens.or(limits.tokens);
            catalog.set_account_limits(&Actor::Operator, a.id, limits)?;
            let show = |v: Option<u32>| v.map_or("server default".to_string(), |n| n.to_string());
            println!(
                "Limits of {} per API key: {} requests per minute, {} open streams; at most {} API tokens.",
                clean(&a.email),
                show(limits.per_minute),
                show(limits.concurrent),
                limits.max_tokens()
            );
            Ok(())
        }
    }
}

fn read_password_line() -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("reading the password from stdin")?;
    let password = line.trim_end_matches(['\n', '\r']).to_string();
    if password.is_empty() {
        bail!("no password on stdin (--password-stdin reads its first line)");
    }
    Ok(password)
}

fn prompt_password() -> anyhow::Result<String> {
    if !std::io::stdin().is_terminal() {
        bail!("no terminal to prompt for a password on; pass --password-stdin and pipe it in");
    }
    let first = rpassword::prompt_password("Password: ").context("reading the password")?;
    let second = rpassword::prompt_password("Repeat it: ").context("reading the password")?;
    if first != second {
        bail!("the two passwords differ");
    }
    Ok(first)
}

/// The demo account: created with a random password when missing. Returns
/// the password when it was just created (to show once), else `None`.
pub fn demo_account(backend: &Backend, email: &str) -> anyhow::Result<Option<String>> {
    let catalog = open(backend)?;
    if catalog.account_by_email(email).is_ok() {
        return Ok(None);
    }
    let mut bytes = [0u8; 12];
    getrandom::getrandom(&mut bytes).map_err(|e| anyhow::anyhow!("generating a password: {e}"))?;
    let password = hex::encode(bytes);
    catalog.create_account(email, &password)?;
    Ok(Some(password))
}

// ----- tokens -------------------------------------------------------------

fn account_by_email(catalog: &dyn CatalogBackend, email: &str) -> anyhow::Result<Account> {
    Ok(catalog.account_by_email(email)?)
}

pub fn token(backend: &Backend, cmd: TokenCommand) -> anyhow::Result<()> {
    let catalog = open(backend)?;
    match cmd {
        TokenCommand::Create { account, name } => {
            let a = account_by_email(catalog.as_ref(), &account)?;
            let t = catalog.create_token(&Actor::Operator, a.id, name.as_deref())?;
            // The token alone on stdout, so scripts can capture it.
            println!("{}", t.value);
            eprintln!(
                "Created token {} (id {}) for {}.",
                clean(&t.name),
                t.id,
                clean(&a.email)
            );
        }
        TokenCommand::List { account } => {
            let a = account_by_email(catalog.as_ref(), &account)?;
            let tokens = catalog.list_tokens(a.id)?;
            if tokens.is_empty() {
                eprintln!("{} has no tokens.", clean(&a.email));
                return Ok(());
            }
            println!(
                "{:<6} {:<20} {:<47} {:<21} LAST USED",
                "ID", "NAME", "TOKEN", "CREATED"
            );
            for t in tokens {
                println!(
                    "{:<6} {:<20} {:<47} {:<21} {}",
                    t.id,
                    clean(&t.name),
                    clean(&t.value),
                    format_time(t.created),
                    t.last_used.map_or("never".to_string(), format_time)
                );
            }
        }
        TokenCommand::Delete {
            account,
            name_or_id,
        } => {
            let a = account_by_email(catalog.as_ref(), &account)?;
            let name = catalog.delete_token(&Actor::Operator, a.id, &name_or_id)?;
            println!(
                "Deleted token {}; requests with it are refused from now on.",
                clean(&name)
            );
        }
    }
    Ok(())
}

/// The demo token: the account's token with this name, created if missing.
pub fn demo_token(backend: &Backend, email: &str, name: &str) -> anyhow::Result<String> {
    let catalog = open(backend)?;
    let a = account_by_email(catalog.as_ref(), email)?;
    if let Some(t) = catalog
        .list_tokens(a.id)?
        .into_iter()
        .find(|t| t.name == name)
    {
        return Ok(t.value);
    }
    Ok(catalog
        .create_token(&Actor::Operator, a.id, Some(name))?
        .value)
}

// ----- the secret key -----------------------------------------------------

/// `quarry rotate-secret`: every token re-encrypted under a new key file;
/// running servers follow on their next request.
pub fn rotate_secret(backend: &Backend) -> anyhow::Result<()> {
    let r = open(backend)?.rotate_secret(&Actor::Operator)?;
    println!(
        "Rotated the secret key: {} token(s) re-encrypted, key generation {}. \
         The previous key no longer decrypts them; delete any copy of it.",
        r.tokens, r.generation
    );
    Ok(())
}

// ----- datasets -----------------------------------------------------------

pub fn dataset(backend: &Backend, cmd: DatasetCommand) -> anyhow::Result<()> {
    match cmd {
        DatasetCommand::Import(args) => dataset_import_command(backend, args),
        DatasetCommand::List => dataset_list(backend),
        DatasetCommand::Show { id, account } => dataset_show(backend, &id, account.as_deref()),
        DatasetCommand::Vocabulary(args) => dataset_vocabulary(backend, args),
        DatasetCommand::Drop { id, account } => {
            let catalog = open(backend)?;
            let entry = resolve_dataset(catalog.as_ref(), &id, account.as_deref())?;
            catalog.drop_dataset(&Actor::Operator, entry.account_id, &id)?;
            // The file goes once queries that were already running on it
            // have had time to finish (a later command or the server deletes
            // it).
            let store = store(backend)?;
            catalog.sweep_retired_versions(quarry_catalog::RETIRED_FILE_GRACE, &|v| {
                store.remove_version(v)
            })?;
            println!("Dropped dataset {id}.");
            Ok(())
        }
    }
}

/// Whether the account has a dataset with this id.
pub fn dataset_exists(backend: &Backend, account_email: &str, id: &str) -> anyhow::Result<bool> {
    let catalog = open(backend)?;
    let account = account_by_email(catalog.as_ref(), account_email)?;
    Ok(catalog.get_dataset(account.id, id)?.is_some())
}

/// The dataset an operator command names. Dataset ids are per account:
/// with `--account EMAIL`, that account's dataset `id`; without it, the
/// dataset `id` when exactly one account has one, and an error asking for
/// `--account` when several do.
fn resolve_dataset(
    catalog: &dyn CatalogBackend,
    id: &str,
    account: Option<&str>,
) -> anyhow::Result<DatasetEntry> {
    if let Some(email) = account {
        let a = account_by_email(catalog, email)?;
        return catalog
            .get_dataset(a.id, id)?
            .with_context(|| format!("account {} has no dataset with id {id}", a.email));
    }
    let mut found = catalog.datasets_with_id(id)?;
    match found.len() {
        0 => bail!("no dataset with id {id}"),
        1 => Ok(found.remove(0)),
        n => {
            let owners: Vec<String> = catalog
                .list_accounts()?
                .into_iter()
                .filter(|a| found.iter().any(|d| d.account_id == a.id))
                .map(|a| a.email)
                .collect();
            bail!(
                "{n} accounts have a dataset with id {id} ({}); say which with --account EMAIL",
                owners.join(", ")
            )
        }
    }
}

fn dataset_import_command(backend: &Backend, args: ImportArgs) -> anyhow::Result<()> {
    let progress = ImportProgress::for_stderr(args.quiet);
    let report = |p: &Progress| progress.report(p);
    let mut opts = ImportOptions::new(&args.id);
    opts.id_column = args.id_column;
    opts.format = args.format;
    opts.encoding = args.encoding;
    opts.delimiter = args.delimiter;
    opts.types = args.types;
    opts.progress = Some(&report);
    let on_existing = if args.replace {
        OnExisting::Replace
    } else {
        OnExisting::Refuse
    };
    let started = std::time::Instant::now();
    let result = dataset_import(backend, &args.file, &args.account, &opts, on_existing);
    progress.finish();
    let imported = result?;
    progress.steps(&imported.timings);
    let secs = started.elapsed().as_secs_f64();
    let rate = if secs >= 1.0 {
        format!(
            ", {} rows/s",
            group((imported.row_count as f64 / secs) as u64)
        )
    } else {
        String::new()
    };
    println!(
        "Imported {} rows into dataset {} ({} columns, {}) in {secs:.1} s{rate}.",
        group(imported.row_count),
        args.id,
        imported.profile.columns.len(),
        imported.format.as_str(),
    );
    Ok(())
}

/// Imports a file as dataset `opts.dataset_id` of the account. Warnings go
/// to stderr. Nothing is registered unless the import completed; an existing
/// dataset of the account is swapped out only with [`OnExisting::Replace`].
pub fn dataset_import(
    backend: &Backend,
    file: &Path,
    account_email: &str,
    opts: &ImportOptions,
    on_existing: OnExisting,
) -> anyhow::Result<Imported> {
    let mut catalog = open(backend)?;
    let account = account_by_email(catalog.as_ref(), account_email)?;
    let store = store(backend)?;
    // A replaced dataset's vocabulary: what still applies to the new
    // version is kept, the rest reported.
    let mut carried: Option<quarry_vocabulary::Carried> = None;
    let imported = catalog.import_dataset(
        &Actor::Operator,
        &opts.dataset_id,
        account.id,
        on_existing,
        || store.import(file, opts).map_err(anyhow::Error::from),
        |i: &Imported| (i.file_name.clone(), i.row_count),
        |i: &Imported, text: &str| {
            let c = quarry_vocabulary::for_new_version(text, &i.profile);
            let kept = c.text.clone();
            carried = Some(c);
            kept
        },
        &|v| store.remove_version(v),
    )?;
    for w in &imported.warnings {
        eprintln!("warning: {}", clean(w));
    }
    if let Some(c) = carried {
        let id = &opts.dataset_id;
        for d in &c.dropped {
            eprintln!("warning: vocabulary of {id}: {}", clean(d));
        }
        match (&c.text, c.dropped.len()) {
            (_, 0) => eprintln!("The vocabulary of dataset {id} still applies; kept."),
            (Some(_), n) => eprintln!(
                "The vocabulary of dataset {id} is kept without the {n} {} that no longer {} (above).",
                if n == 1 { "entry" } else { "entries" },
                if n == 1 { "applies" } else { "apply" }
            ),
            (None, _) => eprintln!(
                "The vocabulary of dataset {id} is removed: none of its entries applies to the new version (above)."
            ),
        }
    }
    Ok(imported)
}

/// `quarry dataset vocabulary ID --show | --set FILE [--check] | --clear`.
fn dataset_vocabulary(backend: &Backend, args: VocabularyArgs) -> anyhow::Result<()> {
    let catalog = open(backend)?;
    let id = &args.id;
    let entry = resolve_dataset(catalog.as_ref(), id, args.account.as_deref())?;
    if args.show {
        match catalog.dataset_vocabulary(entry.account_id, id)? {
            Some(v) => {
                print!("{}", clean_text(&v.text));
                if !v.text.ends_with('\n') {
                    println!();
                }
            }
            None => eprintln!(
                "Dataset {id} has no vocabulary; set one with `quarry dataset vocabulary {id} --set FILE`."
            ),
        }
        return Ok(());
    }
    if args.clear {
        catalog.set_dataset_vocabulary(
            &Actor::Operator,
            id,
            entry.account_id,
            &entry.version,
            None,
        )?;
        println!("Cleared the vocabulary of dataset {id}.");
        return Ok(());
    }
    let Some(path) = args.set else {
        bail!("give --set FILE, --show or --clear");
    };
    let name = path.display().to_string();
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut buf)
            .context("reading the vocabulary from stdin")?;
        buf
    } else {
        std::fs::read(&path).with_context(|| format!("reading {name}"))?
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{name} is not UTF-8 text (at byte {}); the vocabulary of dataset {id} is unchanged",
            e.utf8_error().valid_up_to()
        )
    })?;
    let store = store(backend)?;
    let profile = store
        .load_profile(&entry.version)
        .with_context(|| format!("reading the profile of dataset {id}"))?;
    let show = |kind: &str, p: &quarry_vocabulary::Problem| match p.line {
        Some(line) => eprintln!("{name}:{line}: {kind}: {}", clean(&p.message)),
        None => eprintln!("{name}: {kind}: {}", clean(&p.message)),
    };
    let checked = match quarry_vocabulary::check(&text, &profile) {
        Ok(checked) => checked,
        Err(rejected) => {
            for w in &rejected.warnings {
                show("warning", w);
            }
            for e in &rejected.errors {
                show("error", e);
            }
            let n = rejected.errors.len();
            bail!(
                "{name} has {n} {}; the vocabulary of dataset {id} is unchanged",
                if n == 1 { "error" } else { "errors" }
            );
        }
    };
    for w in &checked.warnings {
        show("warning", w);
    }
    let summary = checked.vocabulary.summary();
    if args.check {
        println!("{name} is a valid vocabulary for dataset {id}: {summary}.");
        return Ok(());
    }
    let revision = catalog.set_dataset_vocabulary(
        &Actor::Operator,
        id,
        entry.account_id,
        &entry.version,
        Some(&text),
    )?;
    println!("Set the vocabulary of dataset {id} (revision {revision}): {summary}.");
    Ok(())
}

fn dataset_list(backend: &Backend) -> anyhow::Result<()> {
    let catalog = open(backend)?;
    let datasets = catalog.list_datasets(None)?;
    if datasets.is_empty() {
        eprintln!("No datasets yet; import one with `quarry dataset import FILE.csv --id ID --account E`.");
        return Ok(());
    }
    let emails: std::collections::HashMap<i64, String> = catalog
        .list_accounts()?
        .into_iter()
        .map(|a| (a.id, a.email))
        .collect();
    println!("{:<24} {:<32} {:>10}  UPDATED", "ID", "ACCOUNT", "ROWS");
    for d in datasets {
        println!(
            "{:<24} {:<32} {:>10}  {}",
            d.id,
            clean(emails.get(&d.account_id).map_or("?", String::as_str)),
            d.row_count,
            format_time(d.updated)
        );
    }
    Ok(())
}

fn dataset_show(backend: &Backend, id: &str, account: Option<&str>) -> anyhow::Result<()> {
    let catalog = open(backend)?;
    let entry = resolve_dataset(catalog.as_ref(), id, account)?;
    let owner = catalog
        .list_accounts()?
        .into_iter()
        .find(|a| a.id == entry.account_id)
        .map_or_else(
            || entry.account_id.to_string(),
            |a| clean(&a.email).into_owned(),
        );
    let store = store(backend)?;
    let location = store.location(&entry.version);
    let profile = store
        .load_profile(&entry.version)
        .with_context(|| format!("reading the profile in {location}"))?;

    let mut out = std::io::stdout().lock();
    writeln!(out, "dataset    {}", entry.id)?;
    writeln!(out, "account    {owner}")?;
    writeln!(out, "file       {location}")?;
    writeln!(out, "rows       {}", profile.row_count)?;
    writeln!(
        out,
        "id         {}",
        profile
            .id_column
            .as_deref()
            .map_or("row number".to_string(), |c| format!("column {}", clean(c)))
    )?;
    writeln!(out, "table      {}", clean(&profile.table))?;
    if let Some(fts) = &profile.fts_table {
        writeln!(out, "full text  {}", clean(fts))?;
    }
    writeln!(out, "created    {}", format_time(entry.created))?;
    writeln!(out, "updated    {}", format_time(entry.updated))?;
    match catalog.dataset_vocabulary(entry.account_id, id)? {
        Some(v) => {
            let what = quarry_vocabulary::parse(&v.text)
                .map(|c| c.vocabulary.summary())
                .unwrap_or_else(|e| e.to_string());
            writeln!(
                out,
                "vocabulary revision {}, set {}: {} (`quarry dataset vocabulary {id} --show`)",
                v.revision,
                format_time(v.updated),
                clean(&what)
            )?;
        }
        None => writeln!(out, "vocabulary none")?,
    }
    writeln!(out, "\ncolumns")?;
    writeln!(
        out,
        "  {:<4} {:<28} {:<9} {:>8} {:>9}  {:<4} RANGE",
        "#", "NAME", "TYPE", "NULLS", "DISTINCT", "FTS"
    )?;
    for c in &profile.columns {
        let range = match (&c.min, &c.max) {
            (Some(a), Some(b)) => format!("{} .. {}", clip(a, 24), clip(b, 24)),
            _ => String::new(),
        };
        let name = if c.original_name != c.name {
            format!("{} ({})", clean(&c.name), clip(&c.original_name, 20))
        } else {
            clean(&c.name).into_owned()
        };
        writeln!(
            out,
            "  {:03}  {:<28} {:<9} {:>8} {:>9}  {:<4} {range}",
            c.ordinal,
            name,
            c.ty.as_str(),
            c.null_count,
            c.distinct_count,
            if c.full_text { "yes" } else { "" },
        )?;
        if !c.values.is_empty() {
            let shown: Vec<String> = c
                .values
                .iter()
                .take(8)
                .map(|v| format!("{} ({})", clip(&v.value, 24), v.count))
                .collect();
            let more = c.values.len().saturating_sub(8);
            let tail = if more > 0 {
                format!(", … {more} more")
            } else {
                String::new()
            };
            writeln!(out, "        values: {}{tail}", shown.join(", "))?;
        }
    }
    Ok(())
}

/// `s` on one line, safe for a terminal ([`crate::term`]), cut to `max`
/// characters.
fn clip(s: &str, max: usize) -> String {
    let s = clean(s);
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_iso_utc() {
        assert_eq!(format_time(0), "1970-01-01 00:00:00Z");
        assert_eq!(format_time(951_782_400), "2000-02-29 00:00:00Z");
        assert_eq!(format_time(1_700_000_000), "2023-11-14 22:13:20Z");
    }

    /// The values the hand-written calendar (Hinnant's algorithm) gave
    /// before the calendar became `chrono`'s.
    #[test]
    fn edge_times() {
        for (unix, want) in [
            (-1, "1969-12-31 23:59:59Z"),
            (-86_400, "1969-12-31 00:00:00Z"),
            (951_868_799, "2000-02-29 23:59:59Z"),
            (951_868_800, "2000-03-01 00:00:00Z"),
            (1_709_164_800, "2024-02-29 00:00:00Z"),
            (-2_208_988_800, "1900-01-01 00:00:00Z"),
            (-62_162_121_600, "0000-02-29 00:00:00Z"),
            (253_402_300_800, "10000-01-01 00:00:00Z"),
        ] {
            assert_eq!(format_time(unix), want, "{unix}");
        }
    }

    #[test]
    fn clipping_counts_characters() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("ééééééé", 4), "ééé…");
    }
}
