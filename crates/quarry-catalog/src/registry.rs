//! The dataset registry: each account's datasets and which version of each
//! is current. Dataset ids are per account: two accounts may both own
//! `flights`, and nothing here tells one account what another owns. A version is an opaque name the dataset store
//! chose (today a file name in `<data-dir>/datasets`); the catalog records
//! it and never opens, reads or deletes what it names. A version that a
//! replacement or a drop took out of the registry is *retired*: recorded
//! with the time, and handed to the caller's remover by
//! [`Catalog::sweep_retired_versions`] once [`RETIRED_FILE_GRACE`] has passed,
//! so that a query that looked the old version up just before the swap can
//! still open it.

use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension};

use quarry_profile::DatasetId;

use crate::error::Db;
use crate::{dataset_subject, now, Actor, AuditAction, Catalog, CatalogError, Result};

/// A registered dataset: who owns it and which version of it is current.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatasetEntry {
    pub id: String,
    pub account_id: i64,
    /// The store's name for the current version (column `file_name`).
    pub version: String,
    pub row_count: u64,
    pub created: i64,
    pub updated: i64,
    /// Raised by every change of the dataset's vocabulary (0: never set);
    /// with `version`, what a planner built for the dataset depends on.
    pub vocabulary_revision: i64,
}

/// Outcome of registering a dataset: the version it replaced, if any. The
/// replaced version is retired, not removed: see
/// [`Catalog::sweep_retired_versions`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registered {
    pub replaced_version: Option<String>,
}

/// Removes a version's data from the dataset store; the catalog calls it
/// for the versions it no longer names (e.g. `|v| store.remove_version(v)`).
/// Removing must tolerate a version that is already gone.
pub type RemoveVersion<'a> = &'a dyn Fn(&str);

impl Catalog {
    /// Registers a dataset version for an account, replacing the entry if
    /// the account already has a dataset with this id (the old version is
    /// retired). Other accounts' datasets of the same id are not concerned.
    pub fn register_dataset(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
    ) -> Result<Registered> {
        self.register_dataset_as(by, id, account_id, version, row_count, OnExisting::Replace)
    }

    /// [`Catalog::register_dataset`], refusing (as a conflict) to replace the
    /// account's own dataset unless `on_existing` says so. The check and the
    /// swap are one transaction: a query sees the old version or the new one.
    pub fn register_dataset_as(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
        on_existing: OnExisting,
    ) -> Result<Registered> {
        self.register_version(
            by,
            id,
            account_id,
            version,
            row_count,
            on_existing,
            &mut |text| Some(text.to_string()),
        )
    }

    /// [`Catalog::register_dataset_as`]; when a version replaces another,
    /// `keep_vocabulary` is given the dataset's vocabulary text (if it has
    /// one) and returns the text to keep (`None`: no vocabulary), stored
    /// with a new revision if it differs, in the same transaction as the
    /// swap.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn register_version(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
        on_existing: OnExisting,
        keep_vocabulary: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Result<Registered> {
        parse_dataset_id(id)?;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .db()?;
        let existing: Option<(i64, String, Option<String>)> = tx
            .query_row(
                "SELECT account_id, file_name, vocabulary FROM datasets
                 WHERE account_id = ?1 AND id = ?2",
                params![account_id, id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .db()?;
        let t = now();
        let mut detail = format!("{row_count} rows");
        let existing_seen = existing.is_some();
        let replaced_version = match existing {
            Some(_) if on_existing == OnExisting::Refuse => {
                return Err(CatalogError::Conflict(format!(
                    "dataset {id} already exists; pass --replace to swap in a new version"
                )))
            }
            Some((_, old_version, vocabulary)) => {
                tx.execute(
                    "UPDATE datasets SET file_name = ?3, row_count = ?4, updated = ?5
                     WHERE account_id = ?1 AND id = ?2",
                    params![account_id, id, version, row_count as i64, t],
                )
                .db()?;
                if let Some(text) = vocabulary {
                    let kept = keep_vocabulary(&text);
                    if kept.as_deref() != Some(text.as_str()) {
                        crate::vocabulary::store(&tx, account_id, id, kept.as_deref(), t)?;
                        detail.push_str(if kept.is_some() {
                            "; vocabulary trimmed to what still applies"
                        } else {
                            "; vocabulary removed: none of it applies"
                        });
                    }
                }
                let old = Some(old_version).filter(|v| v != version);
                if let Some(old) = &old {
                    retire_version(&tx, old, t)?;
                }
                old
            }
            None => {
                tx.execute(
                    "INSERT INTO datasets (id, account_id, file_name, row_count, created, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                    params![id, account_id, version, row_count as i64, t],
                )
                .db()?;
                None
            }
        };
        let action = if existing_seen {
            AuditAction::DatasetReplaced
        } else {
            AuditAction::DatasetImported
        };
        crate::audit::write(
            &tx,
            by,
            Some(account_id),
            action,
            &dataset_subject(id),
            &detail,
        )?;
        tx.commit().db()?;
        Ok(Registered { replaced_version })
    }

    /// The account's dataset `id`, if it has one.
    pub fn get_dataset(&self, account_id: i64, id: &str) -> Result<Option<DatasetEntry>> {
        // Cached: every query request runs it.
        self.conn
            .prepare_cached(
                "SELECT id, account_id, file_name, row_count, created, updated, vocabulary_revision
                 FROM datasets WHERE account_id = ?1 AND id = ?2",
            )
            .and_then(|mut st| st.query_row(params![account_id, id], dataset_row))
            .optional()
            .db()
    }

    /// Every account's dataset `id` (for the operator, who names a dataset
    /// by its id and, when two accounts own it, by its account).
    pub fn datasets_with_id(&self, id: &str) -> Result<Vec<DatasetEntry>> {
        let mut st = self
            .conn
            .prepare(
                "SELECT id, account_id, file_name, row_count, created, updated, vocabulary_revision
                 FROM datasets WHERE id = ?1 ORDER BY account_id",
            )
            .db()?;
        let rows = st.query_map([id], dataset_row).db()?;
        rows.collect::<Result<_, _>>().db()
    }

    /// All datasets, or only one account's.
    pub fn list_datasets(&self, account_id: Option<i64>) -> Result<Vec<DatasetEntry>> {
        let mut st = self
            .conn
            .prepare(
                "SELECT id, account_id, file_name, row_count, created, updated, vocabulary_revision
             FROM datasets WHERE ?1 IS NULL OR account_id = ?1 ORDER BY id, account_id",
            )
            .db()?;
        let rows = st.query_map([account_id], dataset_row).db()?;
        rows.collect::<Result<_, _>>().db()
    }

    /// Unregisters the account's dataset `id`, retires its version and
    /// returns its entry.
    pub fn drop_dataset(&self, by: &Actor, account_id: i64, id: &str) -> Result<DatasetEntry> {
        self.unregister_dataset(by, id, account_id)
    }

    /// Unregisters the account's dataset `id` (another account's of the
    /// same id stays) and retires its version, in one transaction.
    pub(crate) fn unregister_dataset(
        &self,
        by: &Actor,
        id: &str,
        account_id: i64,
    ) -> Result<DatasetEntry> {
        let tx = self.conn.unchecked_transaction().db()?;
        let entry = tx
            .query_row(
                "SELECT id, account_id, file_name, row_count, created, updated, vocabulary_revision
                 FROM datasets WHERE id = ?1 AND account_id = ?2",
                params![id, account_id],
                dataset_row,
            )
            .optional()
            .db()?
            .ok_or_else(|| CatalogError::NotFound(format!("no dataset with id {id}")))?;
        tx.execute(
            "DELETE FROM datasets WHERE account_id = ?1 AND id = ?2",
            params![account_id, id],
        )
        .db()?;
        retire_version(&tx, &entry.version, now())?;
        crate::audit::write(
            &tx,
            by,
            Some(account_id),
            AuditAction::DatasetDropped,
            &dataset_subject(id),
            &format!("{} rows", entry.row_count),
        )?;
        tx.commit().db()?;
        Ok(entry)
    }

    /// Has `remove` delete the versions retired at least `grace` ago (by a
    /// replacement or a drop), one by one, forgetting each once removed;
    /// returns how many. The grace lets queries that looked a dataset up
    /// just before the swap open and read the old version (once open, a
    /// SQLite file stays readable after deletion on Unix).
    pub fn sweep_retired_versions(&self, grace: Duration, remove: RemoveVersion) -> Result<usize> {
        let cutoff = now() - grace.as_secs() as i64;
        let due: Vec<String> = {
            let mut st = self
                .conn
                .prepare(
                    "SELECT file_name FROM retired_dataset_files WHERE retired <= ?1
                 AND file_name NOT IN (SELECT file_name FROM datasets)",
                )
                .db()?;
            let rows = st.query_map([cutoff], |r| r.get(0)).db()?;
            rows.collect::<std::result::Result<_, _>>().db()?
        };
        for name in &due {
            remove(name);
            self.conn
                .execute(
                    "DELETE FROM retired_dataset_files WHERE file_name = ?1",
                    [name],
                )
                .db()?;
        }
        Ok(due.len())
    }
}

/// What registering a dataset does when the account already has one with
/// the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnExisting {
    /// Refuse, as a conflict.
    Refuse,
    /// Swap the new version in; the old one is retired.
    Replace,
}

/// How long a retired dataset version is kept before
/// [`Catalog::sweep_retired_versions`] removes it: far longer than the
/// window between a query looking its dataset up and opening the version.
pub const RETIRED_FILE_GRACE: Duration = Duration::from_secs(120);

fn retire_version(conn: &Connection, version: &str, at: i64) -> Result<()> {
    conn.execute(
        "INSERT INTO retired_dataset_files (file_name, retired) VALUES (?1, ?2)
         ON CONFLICT (file_name) DO UPDATE SET retired = excluded.retired",
        params![version, at],
    )
    .db()?;
    Ok(())
}

fn dataset_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DatasetEntry> {
    Ok(DatasetEntry {
        id: r.get(0)?,
        account_id: r.get(1)?,
        version: r.get(2)?,
        row_count: r.get::<_, i64>(3)? as u64,
        created: r.get(4)?,
        updated: r.get(5)?,
        vocabulary_revision: r.get(6)?,
    })
}

/// A dataset id as the catalog accepts it (see [`DatasetId`]).
pub fn parse_dataset_id(id: &str) -> Result<DatasetId> {
    DatasetId::parse(id).map_err(|e| CatalogError::Invalid(e.to_string()))
}
