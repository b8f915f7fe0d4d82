//! Datasets in PostgreSQL (issue 15): [`PgStore`], a
//! [`DatasetStore`](quarry_dataset::DatasetStore) whose versions are tables
//! of one schema, queried with statements rendered in
//! [`quarry_sql::Postgres`].
//!
//! A version is one table, named after its dataset with a unique suffix
//! (`companies-v18a…`), holding a `_row` column (the row position, 1-based
//! in the imported file: PostgreSQL has no `rowid`), the dataset's columns
//! (integers and booleans `bigint`, floats `double precision`, text, dates
//! and date-times `text COLLATE "C"`, compared byte by byte as SQLite
//! does) and, when the dataset has text fields, a generated `tsvector`
//! column `_fts` over them with a GIN index. The schema also holds
//! `_versions` (each version's stored profile), the text search
//! configuration and the time-of-day function the dialect names.
//!
//! An import is the SQLite importer's, whole: the file is imported into a
//! SQLite file in a temporary directory (type inference, checks, profile,
//! the choice of B-tree indexes), whose rows are then streamed into
//! PostgreSQL with `COPY` (see [`load`]). So the profile is SQLite's by
//! construction. Queries run in a read-only transaction with
//! `statement_timeout` (see [`run`]).
//!
//! The store is blocking, like the trait: it owns a small tokio runtime for
//! the driver and its pool, and must not be called (or dropped) from inside
//! an async task; call it from a blocking thread.

mod backend;
pub mod catalog;
mod load;
mod run;
mod setup;
pub mod tls;

use std::path::{Path, PathBuf};
use std::time::Duration;

use deadpool_postgres::Pool;
use quarry_dataset::{
    CancelFlag, DatasetError, DatasetStore, EngineError, ImportError, ImportOptions, Imported, Rows,
};
use quarry_profile::DatasetProfile;

pub use backend::Backend;
pub use catalog::{PgCatalog, DEFAULT_CATALOG_SCHEMA};
pub use setup::FTS_COLUMN;

/// Connections a store keeps at most (per process).
pub const DEFAULT_POOL_SIZE: usize = 8;
/// How long a query waits for a free connection (a refused connection, the
/// server down, fails at once).
const POOL_WAIT: Duration = Duration::from_secs(2);
/// How long opening a new connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Why the store could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    #[error("the database URL is not valid: {0}")]
    Url(String),
    #[error("PostgreSQL: {0}")]
    Db(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Where the store is and how it connects.
#[derive(Debug, Clone)]
pub struct PgConfig {
    /// `postgres://user:password@host:port/database`.
    pub url: String,
    /// The schema the dataset tables live in; created if missing.
    pub schema: String,
    /// Connections kept at most.
    pub pool_size: usize,
    /// Where the SQLite build of an import goes (a temporary directory in
    /// it, removed after the import).
    pub work_dir: PathBuf,
}

impl PgConfig {
    /// The defaults: schema `quarry_datasets`, [`DEFAULT_POOL_SIZE`]
    /// connections, the system's temporary directory for builds.
    pub fn new(url: impl Into<String>) -> PgConfig {
        PgConfig {
            url: url.into(),
            schema: "quarry_datasets".to_string(),
            pool_size: DEFAULT_POOL_SIZE,
            work_dir: std::env::temp_dir(),
        }
    }
}

/// The PostgreSQL dataset store. See the crate documentation.
pub struct PgStore {
    // Declared first: the pool's connections are dropped before the
    // runtime that drives them.
    pool: Pool,
    schema: String,
    /// The role queries run as (see `setup::reader_role`).
    reader: Option<String>,
    work_dir: PathBuf,
    rt: tokio::runtime::Runtime,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects, and creates the schema and what it holds besides the
    /// dataset tables (idempotent; safe with several processes at once).
    pub fn connect(config: &PgConfig) -> Result<PgStore, PgError> {
        let mut pg: tokio_postgres::Config = config
            .url
            .parse()
            .map_err(|e: tokio_postgres::Error| PgError::Url(e.to_string()))?;
        pg.connect_timeout(CONNECT_TIMEOUT);
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("quarry-pg")
            .enable_all()
            .build()?;
        let manager = tls::manager(pg)?;
        let pool = {
            let _guard = rt.enter();
            Pool::builder(manager)
                .max_size(config.pool_size.max(1))
                .runtime(deadpool_postgres::Runtime::Tokio1)
                .wait_timeout(Some(POOL_WAIT))
                .create_timeout(Some(CONNECT_TIMEOUT))
                .build()
                .map_err(|e| PgError::Db(e.to_string()))?
        };
        let mut store = PgStore {
            pool,
            schema: config.schema.clone(),
            reader: None,
            work_dir: config.work_dir.clone(),
            rt,
        };
        store.reader = store
            .rt
            .block_on(setup::prepare_schema(&store.pool, &store.schema))
            .map_err(PgError::Db)?;
        Ok(store)
    }

    /// The schema of the dataset tables.
    pub fn schema(&self) -> &str {
        &self.schema
    }

    /// The role queries run as, when it could be set up.
    pub fn reader_role(&self) -> Option<&str> {
        self.reader.as_deref()
    }

    /// The version names the store holds, oldest first.
    pub fn versions(&self) -> Result<Vec<String>, PgError> {
        self.rt
            .block_on(setup::versions(&self.pool, &self.schema))
            .map_err(PgError::Db)
    }

    fn quoted_schema(&self) -> String {
        quarry_sql::ident(&self.schema)
    }
}

/// A driver or pool error as text (its SQLSTATE's message and detail).
pub(crate) fn db_error(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Whether a driver error says the server is out of reach: the connection
/// closed or failed at the socket, or the server refusing work because it
/// is shutting down or starting (SQLSTATE class 08, 57P01-57P03).
pub(crate) fn is_unreachable(e: &tokio_postgres::Error) -> bool {
    use tokio_postgres::error::SqlState;
    match e.code() {
        Some(c) => {
            c.code().starts_with("08")
                || *c == SqlState::ADMIN_SHUTDOWN
                || *c == SqlState::CRASH_SHUTDOWN
                || *c == SqlState::CANNOT_CONNECT_NOW
        }
        None => {
            e.is_closed() || std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
        }
    }
}

/// The text of a driver error, with the server's message when there is one.
pub(crate) fn pg_error(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.code().code(), db.message()),
        None => e.to_string(),
    }
}

impl DatasetStore for PgStore {
    fn import(&self, src: &Path, opts: &ImportOptions) -> Result<Imported, ImportError> {
        let file = src.display().to_string();
        std::fs::create_dir_all(&self.work_dir).map_err(|source| ImportError::Io {
            file: self.work_dir.display().to_string(),
            source,
        })?;
        let dir = tempfile::Builder::new()
            .prefix(".quarry-pg-import-")
            .tempdir_in(&self.work_dir)
            .map_err(|source| ImportError::Io {
                file: self.work_dir.display().to_string(),
                source,
            })?;
        let built = quarry_dataset::import_file(src, opts, dir.path())?;
        let version = load::new_version_name(&opts.dataset_id);
        let profile = self
            .rt
            .block_on(load::load(
                &self.pool,
                &self.schema,
                &dir.path().join(&built.file_name),
                &built.profile,
                &opts.dataset_id,
                &version,
                self.reader.as_deref(),
            ))
            .map_err(|message| ImportError::Backend {
                file: file.clone(),
                message,
            })?;
        Ok(Imported {
            file_name: version,
            profile,
            row_count: built.row_count,
            warnings: built.warnings,
            format: built.format,
            // The SQLite build's; the load into PostgreSQL is not among them.
            timings: built.timings,
        })
    }

    fn load_profile(&self, version: &str) -> Result<DatasetProfile, DatasetError> {
        let file = self.location(version);
        let json = self
            .rt
            .block_on(setup::stored_profile(&self.pool, &self.schema, version))
            .map_err(|message| DatasetError::Backend {
                file: file.clone(),
                message,
            })?
            .ok_or_else(|| DatasetError::NotADataset { file: file.clone() })?;
        serde_json::from_str(&json).map_err(|source| DatasetError::BadProfile { file, source })
    }

    /// The statement names its table (`profile.table`, the version): the
    /// caller's guard checked that it reads nothing else.
    fn run(
        &self,
        _version: &str,
        profile: &DatasetProfile,
        sql: &str,
        limit: usize,
        cancel: &CancelFlag,
        timeout: Duration,
    ) -> Result<Rows, EngineError> {
        self.rt.block_on(run::run(
            &self.pool,
            &self.schema,
            self.reader.as_deref(),
            profile,
            sql,
            limit,
            cancel,
            timeout,
        ))
    }

    fn remove_version(&self, version: &str) {
        let _ = self
            .rt
            .block_on(setup::remove_version(&self.pool, &self.schema, version));
    }

    fn remove_stale_imports(&self) -> std::io::Result<usize> {
        self.rt
            .block_on(setup::remove_stale_imports(&self.pool, &self.schema))
            .map_err(std::io::Error::other)
    }

    fn location(&self, version: &str) -> String {
        format!(
            "PostgreSQL table {}.{}",
            self.quoted_schema(),
            quarry_sql::ident(version)
        )
    }
}
