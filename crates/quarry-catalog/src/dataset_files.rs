//! Adding and removing an account's dataset together with its file, shared
//! by the operator command (`quarry dataset import|drop`) and the web
//! console's upload and drop, so both follow the same rules: an id another
//! account owns (or, without `--replace`, one the account has) is refused
//! before any work, nothing is registered unless the import completed, the
//! new file is deleted when registering fails, and a replaced or dropped
//! file is retired, then deleted after [`RETIRED_FILE_GRACE`].
//!
//! The import itself is the caller's closure: the catalog still knows
//! nothing of what is inside a dataset file.

use std::path::{Path, PathBuf};

use crate::{
    validate_dataset_id, Catalog, CatalogError, DatasetEntry, OnExisting, Result,
    RETIRED_FILE_GRACE,
};

impl Catalog {
    /// Imports and registers dataset `id` for the account. `import` is given
    /// the datasets directory (created if needed), writes a new file there
    /// and returns its result; `file_of` names that file and its row count.
    pub fn import_dataset<T, E>(
        &mut self,
        id: &str,
        account_id: i64,
        on_existing: OnExisting,
        import: impl FnOnce(&Path) -> std::result::Result<T, E>,
        file_of: impl FnOnce(&T) -> (String, u64),
    ) -> std::result::Result<T, E>
    where
        E: From<CatalogError>,
    {
        validate_dataset_id(id)?;
        if let Some(existing) = self.get_dataset(id)? {
            if existing.account_id != account_id {
                return Err(CatalogError::Conflict(format!(
                    "dataset id {id} is already taken by another account"
                ))
                .into());
            }
            if on_existing == OnExisting::Refuse {
                return Err(CatalogError::Conflict(format!(
                    "dataset {id} already exists; pass --replace to swap in a new version"
                ))
                .into());
            }
        }
        let dir = self.datasets_dir();
        std::fs::create_dir_all(&dir).map_err(CatalogError::from)?;
        let imported = import(&dir)?;
        let (file_name, row_count) = file_of(&imported);
        match self.register_dataset_as(id, account_id, &file_name, row_count, on_existing) {
            Ok(_) => {
                self.sweep_quietly();
                Ok(imported)
            }
            Err(e) => {
                remove_dataset_file(&dir.join(&file_name));
                Err(e.into())
            }
        }
    }

    /// Unregisters one of the account's datasets and retires its file. A
    /// dataset of another account is "not found", and stays.
    pub fn drop_account_dataset(&self, account_id: i64, id: &str) -> Result<DatasetEntry> {
        let entry = self.unregister_dataset(id, Some(account_id))?;
        self.sweep_quietly();
        Ok(entry)
    }

    /// Deletes the files retired long enough ago; a failure only delays that
    /// to the next sweep.
    fn sweep_quietly(&self) {
        if let Err(e) = self.sweep_retired_files(RETIRED_FILE_GRACE) {
            tracing::warn!(error = %e, "could not delete retired dataset files");
        }
    }
}

/// Deletes a dataset file and SQLite's companions of it, ignoring any that
/// are missing.
pub fn remove_dataset_file(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn fake_import(dir: &Path, name: &str) -> Result<(String, u64)> {
        std::fs::write(dir.join(name), b"data")?;
        Ok((name.to_string(), 3))
    }

    #[test]
    fn import_registers_replaces_and_refuses_foreign_ids() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        let ds = c.datasets_dir();
        let first = |p: &Path| fake_import(p, "m-1.sqlite");
        c.import_dataset("m", a.id, OnExisting::Refuse, first, |r| r.clone())
            .unwrap();
        assert!(ds.join("m-1.sqlite").exists());

        let mut ran = false;
        let again = c.import_dataset(
            "m",
            a.id,
            OnExisting::Refuse,
            |p: &Path| {
                ran = true;
                fake_import(p, "m-9.sqlite")
            },
            |r| r.clone(),
        );
        assert!(matches!(again, Err(CatalogError::Conflict(m)) if m.contains("--replace")));
        assert!(!ran, "no work for an existing id without --replace");

        let second = |p: &Path| fake_import(p, "m-2.sqlite");
        c.import_dataset("m", a.id, OnExisting::Replace, second, |r| r.clone())
            .unwrap();
        assert_eq!(c.get_dataset("m").unwrap().unwrap().file_name, "m-2.sqlite");
        assert!(
            ds.join("m-1.sqlite").exists(),
            "the replaced file stays for queries already running on it"
        );
        assert_eq!(c.sweep_retired_files(RETIRED_FILE_GRACE).unwrap(), 0);
        assert_eq!(c.sweep_retired_files(Duration::ZERO).unwrap(), 1);
        assert!(!ds.join("m-1.sqlite").exists(), "swept once retired");

        let mut ran = false;
        let foreign = c.import_dataset(
            "m",
            b.id,
            OnExisting::Replace,
            |p: &Path| {
                ran = true;
                fake_import(p, "m-3.sqlite")
            },
            |r| r.clone(),
        );
        assert!(matches!(foreign, Err(CatalogError::Conflict(_))));
        assert!(!ran, "no work for an id another account owns");

        assert!(matches!(
            c.drop_account_dataset(b.id, "m"),
            Err(CatalogError::NotFound(_))
        ));
        assert!(ds.join("m-2.sqlite").exists());
        c.drop_account_dataset(a.id, "m").unwrap();
        assert!(c.get_dataset("m").unwrap().is_none());
        assert!(ds.join("m-2.sqlite").exists(), "retired, not yet deleted");
        assert_eq!(c.sweep_retired_files(Duration::ZERO).unwrap(), 1);
        assert!(!ds.join("m-2.sqlite").exists());
    }
}
