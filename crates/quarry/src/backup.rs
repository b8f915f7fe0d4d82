//! `quarry backup DIR` and `quarry restore DIR`.
//!
//! A backup is a directory holding what a data directory needs to serve
//! again: `catalog.sqlite`, the key file(s), every dataset version the
//! catalog names (under `datasets/`), and `quarry-backup.json`, a manifest.
//! It is taken while servers run: every SQLite file is copied with SQLite's
//! online backup API in one step, that is inside one read transaction of
//! the source, so each copy is a consistent snapshot (in WAL mode, writers
//! are not blocked meanwhile).
//!
//! Order matters, for consistency between the parts:
//! 1. the key files, then the catalog: a rotation commits its new key to
//!    the catalog only after writing `secret.key.next`, so the copied key
//!    files hold the catalog's key, unless a rotation committed between the
//!    two copies; that is detected (`check_key`) and the pair taken again;
//! 2. the dataset versions the *copied* catalog names, every one of them
//!    opened before any is copied: a version a replacement retires
//!    meanwhile is deleted only after a grace of minutes, and once open it
//!    stays readable even then.
//!
//! Restoring checks everything before it writes anything: each file with
//! `PRAGMA integrity_check`, every version the catalog names present, the
//! key matching the catalog; then copies into an empty data directory and
//! opens the catalog there (which applies any newer migration).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use quarry_catalog::{CATALOG_FILE, KEY_ENV, KEY_FILE, NEXT_KEY_FILE};
use quarry_dataset::DATASETS_DIR;
use rusqlite::{Connection, OpenFlags};

use crate::cli::{BackupArgs, RestoreArgs};

/// The manifest's file name.
pub const MANIFEST: &str = "quarry-backup.json";
/// The manifest's format.
const FORMAT: u64 = 1;

/// A dataset version the catalog names.
struct Version {
    account_id: i64,
    id: String,
    file: String,
    rows: i64,
}

fn key_from_env() -> bool {
    std::env::var(KEY_ENV).is_ok_and(|v| !v.trim().is_empty())
}

/// A directory to write into: created when missing, else it must be empty.
fn empty_dir(dir: &Path, what: &str) -> anyhow::Result<bool> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!("{what} {} is not empty", dir.display());
            }
            Ok(false)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("creating {what} {}", dir.display()))?;
            Ok(true)
        }
        Err(e) => Err(e).with_context(|| format!("reading {what} {}", dir.display())),
    }
}

/// Copies the SQLite database `src` to `dst` (through a temporary name) in
/// one step of the online backup API: a snapshot of one read transaction.
/// The copy is left in rollback-journal mode, a single self-contained file.
fn snapshot(src: &Path, dst: &Path) -> anyhow::Result<()> {
    let from = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("opening {}", src.display()))?;
    copy_open(&from, src, dst)
}

fn copy_open(from: &Connection, src: &Path, dst: &Path) -> anyhow::Result<()> {
    let partial = dst.with_extension("partial");
    let result = (|| {
        let mut to = Connection::open(&partial)?;
        {
            let b = rusqlite::backup::Backup::new(from, &mut to)?;
            match b.step(-1)? {
                rusqlite::backup::StepResult::Done => {}
                other => {
                    return Err(rusqlite::Error::SqliteFailure(
                        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                        Some(format!("the backup did not complete ({other:?})")),
                    ))
                }
            }
        }
        to.pragma_update(None, "journal_mode", "DELETE")?;
        to.close().map_err(|(_, e)| e)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&partial);
        return Err(e).with_context(|| format!("copying {}", src.display()));
    }
    std::fs::rename(&partial, dst).with_context(|| format!("writing {}", dst.display()))?;
    Ok(())
}

/// The dataset versions the catalog at `catalog` names.
fn versions(catalog: &Path) -> anyhow::Result<Vec<Version>> {
    let conn = Connection::open_with_flags(catalog, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut st = conn.prepare(
        "SELECT account_id, id, file_name, row_count FROM datasets ORDER BY account_id, id",
    )?;
    let rows = st.query_map([], |r| {
        Ok(Version {
            account_id: r.get(0)?,
            id: r.get(1)?,
            file: r.get(2)?,
            rows: r.get(3)?,
        })
    })?;
    let versions: Vec<Version> = rows.collect::<Result<_, _>>()?;
    for v in &versions {
        // A version name is a file name the store chose; never a path.
        if v.file.is_empty() || v.file.contains(['/', '\\']) || v.file.starts_with('.') {
            bail!(
                "the catalog names a dataset file {:?}, which is not a file name",
                v.file
            );
        }
    }
    Ok(versions)
}

fn copy_key_files(from: &Path, to: &Path) -> anyhow::Result<Vec<&'static str>> {
    let mut copied = Vec::new();
    for name in [KEY_FILE, NEXT_KEY_FILE] {
        match std::fs::read(from.join(name)) {
            Ok(bytes) => {
                write_private(&to.join(name), &bytes)?;
                copied.push(name);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e).with_context(|| format!("reading {name}")),
        }
    }
    Ok(copied)
}

fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    f.write_all(bytes)?;
    f.sync_all()?;
    Ok(())
}

/// `quarry backup DIR`.
pub fn backup(data_dir: &Path, args: BackupArgs) -> anyhow::Result<()> {
    let dest = &args.dir;
    let catalog = data_dir.join(CATALOG_FILE);
    if !catalog.is_file() {
        bail!(
            "{} has no {CATALOG_FILE}: there is nothing to back up",
            data_dir.display()
        );
    }
    empty_dir(dest, "the backup directory")?;
    let started = std::time::Instant::now();

    // 1. The key files, then the catalog; again if a rotation committed
    // between the two.
    let mut attempt = 0;
    let keys = loop {
        attempt += 1;
        let keys = if key_from_env() {
            Vec::new()
        } else {
            copy_key_files(data_dir, dest)?
        };
        snapshot(&catalog, &dest.join(CATALOG_FILE))?;
        match quarry_catalog::check_key(dest) {
            Ok(()) => break keys,
            Err(e) => {
                for name in keys.iter().copied().chain([CATALOG_FILE]) {
                    let _ = std::fs::remove_file(dest.join(name));
                }
                if attempt == 5 {
                    return Err(e)
                        .context("the key files do not open the catalog copied with them");
                }
                eprintln!(
                    "note: the secret key was rotated while it was copied; copying the key and the catalog again"
                );
            }
        }
    };

    // 2. Every version the copied catalog names, all opened first.
    let versions = versions(&dest.join(CATALOG_FILE))?;
    let src_dir = data_dir.join(DATASETS_DIR);
    let sources: Vec<(PathBuf, Connection)> = versions
        .iter()
        .map(|v| {
            let path = src_dir.join(&v.file);
            Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)
                .map(|c| (path.clone(), c))
                .with_context(|| format!("opening dataset {} ({})", v.id, path.display()))
        })
        .collect::<anyhow::Result<_>>()?;
    let dst_dir = dest.join(DATASETS_DIR);
    std::fs::create_dir_all(&dst_dir)?;
    let mut bytes = std::fs::metadata(dest.join(CATALOG_FILE))?.len();
    for ((path, conn), v) in sources.iter().zip(&versions) {
        let to = dst_dir.join(&v.file);
        copy_open(conn, path, &to)?;
        bytes += std::fs::metadata(&to)?.len();
    }

    // 3. The manifest, last: a directory without one is not a backup. Its
    // checksums let restore find what `integrity_check` cannot: a changed
    // byte inside a record.
    let mut files = vec![CATALOG_FILE.to_string()];
    files.extend(keys.iter().map(|k| k.to_string()));
    files.extend(
        versions
            .iter()
            .map(|v| format!("{DATASETS_DIR}/{}", v.file)),
    );
    let checksums = files
        .iter()
        .map(|f| {
            Ok((
                f.clone(),
                serde_json::Value::from(sha256_file(&dest.join(f))?),
            ))
        })
        .collect::<anyhow::Result<serde_json::Map<_, _>>>()?;
    let manifest = serde_json::json!({
        "format": FORMAT,
        "quarry": env!("CARGO_PKG_VERSION"),
        "created": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "catalog": CATALOG_FILE,
        "key": if key_from_env() {
            serde_json::json!({"environment": KEY_ENV})
        } else {
            serde_json::json!({"files": keys})
        },
        "datasets": versions.iter().map(|v| serde_json::json!({
            "account_id": v.account_id,
            "id": v.id,
            "file": format!("{DATASETS_DIR}/{}", v.file),
            "rows": v.rows,
        })).collect::<Vec<_>>(),
        "sha256": checksums,
    });
    write_private(
        &dest.join(MANIFEST),
        format!("{}\n", serde_json::to_string_pretty(&manifest)?).as_bytes(),
    )?;
    println!(
        "Backed up the catalog and {} dataset version(s) ({:.1} MiB) into {} in {:.1} s.",
        versions.len(),
        bytes as f64 / (1024.0 * 1024.0),
        crate::term::line(&dest.display().to_string()),
        started.elapsed().as_secs_f64()
    );
    if key_from_env() {
        eprintln!(
            "note: the key comes from {KEY_ENV} and is not in the backup; keep it with the backup, \
             restoring needs it"
        );
    } else {
        eprintln!("note: the backup holds secret.key, which decrypts every API token: keep it as safe as the data directory");
    }
    Ok(())
}

fn sha256_file(path: &Path) -> anyhow::Result<String> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    let mut f = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    std::io::copy(&mut f, &mut hasher)?;
    Ok(hex::encode(hasher.finalize()))
}

/// `PRAGMA integrity_check` of one file: `Ok` when SQLite says `ok`.
fn integrity(path: &Path, what: &str) -> anyhow::Result<()> {
    if !path.is_file() {
        bail!(
            "the backup is incomplete: {what} ({}) is missing",
            path.display()
        );
    }
    let problems = (|| -> rusqlite::Result<Vec<String>> {
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        let mut st = conn.prepare("PRAGMA integrity_check")?;
        let rows = st.query_map([], |r| r.get::<_, String>(0))?;
        rows.collect()
    })();
    match problems {
        Ok(p) if p == ["ok"] => Ok(()),
        Ok(p) => bail!(
            "the backup is corrupt: {what} ({}) fails SQLite's integrity check: {}",
            path.display(),
            crate::term::line(&p.into_iter().take(5).collect::<Vec<_>>().join("; "))
        ),
        Err(e) => bail!(
            "the backup is corrupt: {what} ({}) cannot be read as a SQLite database: {e}",
            path.display()
        ),
    }
}

/// `quarry restore DIR`: into `data_dir`, which must be empty or missing.
pub fn restore(data_dir: &Path, args: RestoreArgs) -> anyhow::Result<()> {
    let src = &args.dir;
    let manifest_path = src.join(MANIFEST);
    let text = std::fs::read_to_string(&manifest_path).with_context(|| {
        format!(
            "{} is not a quarry backup (no readable {MANIFEST})",
            src.display()
        )
    })?;
    let manifest: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("{} is not valid JSON", manifest_path.display()))?;
    if manifest["format"].as_u64() != Some(FORMAT) {
        bail!(
            "{} is a backup in a format this quarry does not read ({})",
            src.display(),
            manifest["format"]
        );
    }

    // Check everything before writing anything.
    let catalog = src.join(CATALOG_FILE);
    integrity(&catalog, "the catalog")?;
    let versions = versions(&catalog).context("reading the backup's catalog")?;
    for v in &versions {
        integrity(
            &src.join(DATASETS_DIR).join(&v.file),
            &format!("dataset {} of account {}", v.id, v.account_id),
        )?;
    }
    let Some(checksums) = manifest["sha256"].as_object() else {
        bail!("{} has no checksums", manifest_path.display());
    };
    let needed = std::iter::once(CATALOG_FILE.to_string()).chain(
        versions
            .iter()
            .map(|v| format!("{DATASETS_DIR}/{}", v.file)),
    );
    for f in needed {
        if !checksums.contains_key(&f) {
            bail!("the backup is incomplete: the manifest has no checksum of {f}");
        }
    }
    for (f, want) in checksums {
        if f.contains("..") || f.starts_with('/') {
            bail!("the manifest names {f:?}, which is not a file of the backup");
        }
        let path = src.join(f);
        if !path.is_file() {
            bail!("the backup is incomplete: {f} is missing");
        }
        if Some(sha256_file(&path)?.as_str()) != want.as_str() {
            bail!(
                "the backup is corrupt: {f} ({}) does not match its checksum in the manifest",
                path.display()
            );
        }
    }
    quarry_catalog::check_key(src).with_context(|| {
        if key_from_env() {
            format!("{KEY_ENV} does not open the backup's catalog")
        } else {
            "the backup's key file does not open its catalog".to_string()
        }
    })?;

    let created = empty_dir(data_dir, "the data directory")?;
    let copied = (|| -> anyhow::Result<()> {
        std::fs::copy(&catalog, data_dir.join(CATALOG_FILE))?;
        if !key_from_env() {
            copy_key_files(src, data_dir)?;
        }
        let to = data_dir.join(DATASETS_DIR);
        std::fs::create_dir_all(&to)?;
        for v in &versions {
            std::fs::copy(src.join(DATASETS_DIR).join(&v.file), to.join(&v.file))
                .with_context(|| format!("copying dataset {}", v.id))?;
        }
        // Opening applies newer migrations, WAL mode, and a rotation's
        // pending key rename; it checks the key once more.
        quarry_catalog::Catalog::open(data_dir)?;
        Ok(())
    })();
    if let Err(e) = copied {
        // Leave the data directory as it was: empty (or absent).
        if let Ok(entries) = std::fs::read_dir(data_dir) {
            for entry in entries.flatten() {
                let p = entry.path();
                let _ = if p.is_dir() {
                    std::fs::remove_dir_all(&p)
                } else {
                    std::fs::remove_file(&p)
                };
            }
        }
        if created {
            let _ = std::fs::remove_dir(data_dir);
        }
        return Err(e).context("restoring");
    }
    println!(
        "Restored the catalog and {} dataset version(s) from the backup of {} into {}.",
        versions.len(),
        manifest["created"].as_str().unwrap_or("an unknown time"),
        crate::term::line(&data_dir.display().to_string())
    );
    Ok(())
}
