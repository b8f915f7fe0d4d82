//! Adding and removing an account's dataset together with its version,
//! shared by the operator command (`quarry dataset import|drop`) and the web
//! console's upload and drop, so both follow the same rules: ids are per
//! account (another account's dataset of the same id is never concerned),
//! an id the account has is refused without `--replace` before any work, nothing is registered unless the import completed, the
//! new version is removed when registering fails, and a replaced or dropped
//! version is retired, then removed after [`RETIRED_FILE_GRACE`].
//!
//! The import and the removal are the caller's (the dataset store's): the
//! catalog knows nothing of what a version is or where it lives.

use crate::registry::{parse_dataset_id, RemoveVersion};
use crate::{
    Catalog, CatalogBackend, CatalogError, DatasetEntry, OnExisting, Result, RETIRED_FILE_GRACE,
};

impl Catalog {
    /// Imports and registers dataset `id` for the account. `import` writes
    /// a new version into the store and returns its result; `version_of`
    /// names that version and its row count; `keep_vocabulary`, when the new
    /// version replaces one and the dataset has a vocabulary, is given its
    /// text and returns the text to keep with the new version (`None`:
    /// none), stored in the same transaction as the swap; `remove` takes a
    /// version out of the store (the new one when registering fails, retired
    /// ones after their grace).
    #[allow(clippy::too_many_arguments)]
    pub fn import_dataset<T, E>(
        &mut self,
        by: &crate::Actor,
        id: &str,
        account_id: i64,
        on_existing: OnExisting,
        import: impl FnOnce() -> std::result::Result<T, E>,
        version_of: impl FnOnce(&T) -> (String, u64),
        keep_vocabulary: impl FnMut(&T, &str) -> Option<String>,
        remove: RemoveVersion,
    ) -> std::result::Result<T, E>
    where
        E: From<CatalogError>,
    {
        import_dataset(
            self,
            by,
            id,
            account_id,
            on_existing,
            import,
            version_of,
            keep_vocabulary,
            remove,
        )
    }

    /// Unregisters one of the account's datasets and retires its version.
    /// Another account's dataset of the same id is not concerned.
    pub fn drop_account_dataset(
        &self,
        by: &crate::Actor,
        account_id: i64,
        id: &str,
        remove: RemoveVersion,
    ) -> Result<DatasetEntry> {
        drop_account_dataset(self, by, account_id, id, remove)
    }
}

impl dyn CatalogBackend + '_ {
    /// [`Catalog::import_dataset`], on any back-end.
    #[allow(clippy::too_many_arguments)]
    pub fn import_dataset<T, E>(
        &mut self,
        by: &crate::Actor,
        id: &str,
        account_id: i64,
        on_existing: OnExisting,
        import: impl FnOnce() -> std::result::Result<T, E>,
        version_of: impl FnOnce(&T) -> (String, u64),
        keep_vocabulary: impl FnMut(&T, &str) -> Option<String>,
        remove: RemoveVersion,
    ) -> std::result::Result<T, E>
    where
        E: From<CatalogError>,
    {
        import_dataset(
            self,
            by,
            id,
            account_id,
            on_existing,
            import,
            version_of,
            keep_vocabulary,
            remove,
        )
    }

    /// [`Catalog::drop_account_dataset`], on any back-end.
    pub fn drop_account_dataset(
        &self,
        by: &crate::Actor,
        account_id: i64,
        id: &str,
        remove: RemoveVersion,
    ) -> Result<DatasetEntry> {
        drop_account_dataset(self, by, account_id, id, remove)
    }
}

/// The rules of an import, the same for every back-end (see
/// [`Catalog::import_dataset`]).
#[allow(clippy::too_many_arguments)]
fn import_dataset<C, T, E>(
    catalog: &mut C,
    by: &crate::Actor,
    id: &str,
    account_id: i64,
    on_existing: OnExisting,
    import: impl FnOnce() -> std::result::Result<T, E>,
    version_of: impl FnOnce(&T) -> (String, u64),
    mut keep_vocabulary: impl FnMut(&T, &str) -> Option<String>,
    remove: RemoveVersion,
) -> std::result::Result<T, E>
where
    C: CatalogBackend + ?Sized,
    E: From<CatalogError>,
{
    parse_dataset_id(id)?;
    if on_existing == OnExisting::Refuse && catalog.get_dataset(account_id, id)?.is_some() {
        return Err(CatalogError::Conflict(format!(
            "dataset {id} already exists; pass --replace to swap in a new version"
        ))
        .into());
    }
    let imported = import()?;
    let (version, row_count) = version_of(&imported);
    let registered = catalog.register_version(
        by,
        id,
        account_id,
        &version,
        row_count,
        on_existing,
        &mut |text| keep_vocabulary(&imported, text),
    );
    match registered {
        Ok(_) => {
            sweep_quietly(catalog, remove);
            Ok(imported)
        }
        Err(e) => {
            remove(&version);
            Err(e.into())
        }
    }
}

fn drop_account_dataset<C: CatalogBackend + ?Sized>(
    catalog: &C,
    by: &crate::Actor,
    account_id: i64,
    id: &str,
    remove: RemoveVersion,
) -> Result<DatasetEntry> {
    let entry = catalog.drop_dataset(by, account_id, id)?;
    sweep_quietly(catalog, remove);
    Ok(entry)
}

/// Removes the versions retired long enough ago; a failure only delays
/// that to the next sweep.
fn sweep_quietly<C: CatalogBackend + ?Sized>(catalog: &C, remove: RemoveVersion) {
    if let Err(e) = catalog.sweep_retired_versions(RETIRED_FILE_GRACE, remove) {
        tracing::warn!(error = %e, "could not delete retired dataset files");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::time::Duration;

    fn keep(_: &(String, u64), text: &str) -> Option<String> {
        Some(text.to_string())
    }

    fn fake_import(dir: &Path, name: &str) -> Result<(String, u64)> {
        std::fs::write(dir.join(name), b"data")?;
        Ok((name.to_string(), 3))
    }

    #[test]
    fn import_registers_replaces_and_keeps_ids_per_account() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        // A stand-in for the dataset store: versions are files in `ds`.
        let ds = dir.path().join("datasets");
        std::fs::create_dir_all(&ds).unwrap();
        let rm = |v: &str| {
            let _ = std::fs::remove_file(ds.join(v));
        };
        let first = || fake_import(&ds, "m-1.sqlite");
        c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Refuse,
            first,
            |r| r.clone(),
            keep,
            &rm,
        )
        .unwrap();
        assert!(ds.join("m-1.sqlite").exists());

        let mut ran = false;
        let again = c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Refuse,
            || {
                ran = true;
                fake_import(&ds, "m-9.sqlite")
            },
            |r| r.clone(),
            keep,
            &rm,
        );
        assert!(matches!(again, Err(CatalogError::Conflict(m)) if m.contains("--replace")));
        assert!(!ran, "no work for an existing id without --replace");

        let second = || fake_import(&ds, "m-2.sqlite");
        c.import_dataset(
            &crate::Actor::Operator,
            "m",
            a.id,
            OnExisting::Replace,
            second,
            |r| r.clone(),
            keep,
            &rm,
        )
        .unwrap();
        assert_eq!(
            c.get_dataset(a.id, "m").unwrap().unwrap().version,
            "m-2.sqlite"
        );
        assert!(
            ds.join("m-1.sqlite").exists(),
            "the replaced file stays for queries already running on it"
        );
        assert_eq!(
            c.sweep_retired_versions(RETIRED_FILE_GRACE, &rm).unwrap(),
            0
        );
        assert_eq!(c.sweep_retired_versions(Duration::ZERO, &rm).unwrap(), 1);
        assert!(!ds.join("m-1.sqlite").exists(), "swept once retired");

        // Ids are per account: b's `m` is its own, beside a's.
        let own = c.import_dataset(
            &crate::Actor::Operator,
            "m",
            b.id,
            OnExisting::Refuse,
            || fake_import(&ds, "m-3.sqlite"),
            |r| r.clone(),
            keep,
            &rm,
        );
        assert!(own.is_ok(), "{own:?}");
        assert_eq!(
            c.get_dataset(b.id, "m").unwrap().unwrap().version,
            "m-3.sqlite"
        );
        assert_eq!(
            c.get_dataset(a.id, "m").unwrap().unwrap().version,
            "m-2.sqlite"
        );
        assert_eq!(c.datasets_with_id("m").unwrap().len(), 2);

        c.drop_account_dataset(&crate::Actor::Operator, b.id, "m", &rm)
            .unwrap();
        assert!(c.get_dataset(b.id, "m").unwrap().is_none());
        assert!(matches!(
            c.drop_account_dataset(&crate::Actor::Operator, b.id, "m", &rm),
            Err(CatalogError::NotFound(_))
        ));
        assert!(ds.join("m-2.sqlite").exists());
        assert_eq!(c.sweep_retired_versions(Duration::ZERO, &rm).unwrap(), 1);
        assert!(!ds.join("m-3.sqlite").exists());
        c.drop_account_dataset(&crate::Actor::Operator, a.id, "m", &rm)
            .unwrap();
        assert!(c.get_dataset(a.id, "m").unwrap().is_none());
        assert!(ds.join("m-2.sqlite").exists(), "retired, not yet deleted");
        assert_eq!(c.sweep_retired_versions(Duration::ZERO, &rm).unwrap(), 1);
        assert!(!ds.join("m-2.sqlite").exists());
    }
}
