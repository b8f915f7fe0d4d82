//! The catalog's errors, in terms a caller can act on (invalid input, not
//! found, conflict, the database failing) without knowing that the catalog
//! is SQLite: no public type here names `rusqlite`, so a PostgreSQL catalog
//! can return the same errors and its callers stay as they are.

use std::fmt;

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// The database under the catalog failed (locked past the busy
    /// time-out, corrupt, full, …).
    #[error("catalog database error: {0}")]
    Storage(#[source] StorageError),
    #[error("catalog I/O error: {0}")]
    Io(#[from] std::io::Error),
    #[error("secret key: {0}")]
    Secret(String),
    #[error("password hashing failed: {0}")]
    Password(String),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
}

pub type Result<T, E = CatalogError> = std::result::Result<T, E>;

/// A failure of the catalog's database, opaque to callers: its message is
/// the database's own, and [`StorageError::is_busy`] tells a lock held too
/// long by another process from anything else.
pub struct StorageError {
    inner: Box<dyn std::error::Error + Send + Sync>,
    busy: bool,
    unavailable: bool,
}

impl StorageError {
    /// A failure of another back-end's database (PostgreSQL): `busy` as
    /// for SQLite's locks, `unavailable` when the database could not be
    /// reached at all (an outage: the caller answers 503 and tries again
    /// on the next request).
    pub fn new(
        inner: impl Into<Box<dyn std::error::Error + Send + Sync>>,
        busy: bool,
        unavailable: bool,
    ) -> StorageError {
        StorageError {
            inner: inner.into(),
            busy,
            unavailable,
        }
    }

    /// True when the database could not be reached (no connection within
    /// the pool's wait): the service is unavailable, not broken.
    pub fn is_unavailable(&self) -> bool {
        self.unavailable
    }

    /// True when another connection held a lock for longer than the busy
    /// time-out: trying again later may succeed.
    pub fn is_busy(&self) -> bool {
        self.busy
    }
}

impl fmt::Debug for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.inner, f)
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source()
    }
}

/// A SQLite error as a catalog error.
pub(crate) fn storage(e: rusqlite::Error) -> CatalogError {
    let busy = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    );
    CatalogError::Storage(StorageError {
        inner: Box::new(e),
        busy,
        unavailable: false,
    })
}

/// `?` on a SQLite result inside the catalog: `.db()?`. (A `From` impl
/// would make the conversion public API.)
pub(crate) trait Db<T> {
    fn db(self) -> Result<T>;
}

impl<T> Db<T> for rusqlite::Result<T> {
    fn db(self) -> Result<T> {
        self.map_err(storage)
    }
}

impl CatalogError {
    /// True when the catalog's database could not be reached (see
    /// [`StorageError::is_unavailable`]).
    pub fn is_unavailable(&self) -> bool {
        matches!(self, CatalogError::Storage(s) if s.is_unavailable())
    }
}
