//! Where dataset versions live: the one interface the rest of Quarry uses
//! to put a version in, read its profile, run a statement on it and take it
//! out again. A *version* is an opaque name the store chooses at import; the
//! catalog records it as the dataset's current version and hands it back,
//! and nothing outside the store builds a path (or a table name) from it.
//!
//! [`SqliteStore`], one SQLite file per version under `<data-dir>/datasets`,
//! is the implementation here; `quarry-pg`'s PostgreSQL store is another
//! implementation of [`DatasetStore`], not a change to its callers.

use std::path::{Path, PathBuf};
use std::time::Duration;

use quarry_profile::DatasetProfile;

use crate::engine::{CancelFlag, DatasetReader, EngineError, Rows};
use crate::file_meta::{self, DatasetError};
use crate::import::{import_file, remove_stale_temp_files, ImportError, ImportOptions, Imported};

/// The directory (inside the data directory) of the SQLite store.
pub const DATASETS_DIR: &str = "datasets";

/// A place dataset versions live in. Blocking: call it from a blocking
/// thread.
pub trait DatasetStore: Send + Sync {
    /// Imports `src` (see [`import_file`]) as a new version of dataset
    /// `opts.dataset_id`; the new version's name is
    /// [`Imported::file_name`]. A failed import leaves nothing behind.
    fn import(&self, src: &Path, opts: &ImportOptions) -> Result<Imported, ImportError>;

    /// The profile stored with a version.
    fn load_profile(&self, version: &str) -> Result<DatasetProfile, DatasetError>;

    /// Runs `sql`, a rendered `SELECT` returning the row number then every
    /// column of `profile` (and perhaps a figure), on a version, read-only:
    /// at most `limit` items (and about [`crate::MAX_RESULT_BYTES`]),
    /// interrupted once `timeout` has passed or `cancel` is set.
    fn run(
        &self,
        version: &str,
        profile: &DatasetProfile,
        sql: &str,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
    ) -> Result<Rows, EngineError>;

    /// Deletes a version's data. A version already gone, or a name that
    /// cannot be one of this store's versions, is left alone silently.
    fn remove_version(&self, version: &str);

    /// Removes what interrupted imports left behind; returns how many
    /// things were removed.
    fn remove_stale_imports(&self) -> std::io::Result<usize>;

    /// Where a version lives, for an operator to read (a path, a table).
    fn location(&self, version: &str) -> String;
}

/// The SQLite store: version `v` is the file `<root>/v`, written by the
/// importer under a temporary name and renamed into place when complete.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    root: PathBuf,
}

impl SqliteStore {
    /// The store whose files are in `root`.
    pub fn new(root: impl Into<PathBuf>) -> SqliteStore {
        SqliteStore { root: root.into() }
    }

    /// The store of a data directory: `<data_dir>/datasets`.
    pub fn in_data_dir(data_dir: &Path) -> SqliteStore {
        SqliteStore::new(data_dir.join(DATASETS_DIR))
    }

    /// The directory holding the files (for redacting it from messages).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of a version.
    pub fn path(&self, version: &str) -> PathBuf {
        self.root.join(version)
    }

    /// Opens a version for queries (one connection; see [`DatasetReader`]).
    pub fn reader(&self, version: &str) -> Result<DatasetReader, EngineError> {
        DatasetReader::open(&self.path(version))
    }
}

impl DatasetStore for SqliteStore {
    fn import(&self, src: &Path, opts: &ImportOptions) -> Result<Imported, ImportError> {
        std::fs::create_dir_all(&self.root).map_err(|source| ImportError::Io {
            file: self.root.display().to_string(),
            source,
        })?;
        import_file(src, opts, &self.root)
    }

    fn load_profile(&self, version: &str) -> Result<DatasetProfile, DatasetError> {
        file_meta::load_profile(&self.path(version))
    }

    fn run(
        &self,
        version: &str,
        profile: &DatasetProfile,
        sql: &str,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
    ) -> Result<Rows, EngineError> {
        self.reader(version)?
            .query_rows(sql, profile, limit, cancel, timeout)
    }

    fn remove_version(&self, version: &str) {
        // Only a plain file name inside the store's directory.
        if !version.contains(['/', '\\']) && version != ".." {
            remove_sqlite_file(&self.path(version));
        }
    }

    fn remove_stale_imports(&self) -> std::io::Result<usize> {
        remove_stale_temp_files(&self.root)
    }

    fn location(&self, version: &str) -> String {
        self.path(version).display().to_string()
    }
}

/// Deletes a SQLite file and SQLite's companions of it, ignoring any that
/// are missing.
fn remove_sqlite_file(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_a_version_takes_its_companions_and_nothing_outside() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::in_data_dir(dir.path());
        std::fs::create_dir_all(store.root()).unwrap();
        for f in ["v.sqlite", "v.sqlite-wal", "v.sqlite-shm", "w.sqlite"] {
            std::fs::write(store.root().join(f), b"x").unwrap();
        }
        std::fs::write(dir.path().join("outside"), b"x").unwrap();
        store.remove_version("v.sqlite");
        store.remove_version("../outside");
        store.remove_version("gone.sqlite");
        let mut left: Vec<String> = std::fs::read_dir(store.root())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["w.sqlite"]);
        assert!(dir.path().join("outside").exists());
    }
}
