//! Where a Quarry process keeps its catalog and its datasets: the data
//! directory alone (the embedded SQLite default), or PostgreSQL
//! (`--database-url`), with the data directory holding only the token key
//! and temporary import work. The server, the console and the operator
//! commands open both through a [`Backend`], and see them as
//! [`CatalogBackend`] and [`DatasetStore`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use quarry_catalog::{Catalog, CatalogBackend};
use quarry_dataset::{DatasetStore, SqliteStore};

use crate::{PgCatalog, PgConfig, PgError, PgStore, DEFAULT_CATALOG_SCHEMA};

/// The catalog's and the datasets' home.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// `catalog.sqlite` and one SQLite file per dataset version, in the
    /// data directory.
    Sqlite { data_dir: PathBuf },
    /// The catalog (schema `quarry_catalog`) and the datasets (schema
    /// `quarry_datasets`) in the PostgreSQL database at `url`.
    Postgres { url: String, data_dir: PathBuf },
}

impl Backend {
    /// PostgreSQL when a database URL is given (`postgres://…` or
    /// `postgresql://…`), else SQLite in `data_dir`.
    pub fn new(data_dir: &Path, database_url: Option<&str>) -> Result<Backend, PgError> {
        match database_url.map(str::trim).filter(|u| !u.is_empty()) {
            None => Ok(Backend::Sqlite {
                data_dir: data_dir.to_path_buf(),
            }),
            Some(url) => {
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    return Err(PgError::Url(
                        "it must start with postgres:// or postgresql://".into(),
                    ));
                }
                url.parse::<tokio_postgres::Config>()
                    .map_err(|e| PgError::Url(e.to_string()))?;
                Ok(Backend::Postgres {
                    url: url.to_string(),
                    data_dir: data_dir.to_path_buf(),
                })
            }
        }
    }

    pub fn data_dir(&self) -> &Path {
        match self {
            Backend::Sqlite { data_dir } | Backend::Postgres { data_dir, .. } => data_dir,
        }
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Backend::Postgres { .. })
    }

    /// `SQLite in DIR` or `PostgreSQL at host:port/db` (no password), for
    /// logs and messages.
    pub fn describe(&self) -> String {
        match self {
            Backend::Sqlite { data_dir } => format!("SQLite in {}", data_dir.display()),
            Backend::Postgres { url, .. } => match url.parse::<tokio_postgres::Config>() {
                Ok(c) => {
                    let host = c
                        .get_hosts()
                        .first()
                        .map(|h| match h {
                            tokio_postgres::config::Host::Tcp(h) => h.clone(),
                            tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
                        })
                        .unwrap_or_default();
                    let port = c.get_ports().first().copied().unwrap_or(5432);
                    format!(
                        "PostgreSQL at {host}:{port}/{}",
                        c.get_dbname().unwrap_or("")
                    )
                }
                Err(_) => "PostgreSQL".to_string(),
            },
        }
    }

    /// Opens the catalog (applying pending migrations). Safe to call from
    /// anywhere, an async task included: PostgreSQL is opened on a thread
    /// of its own. Its methods then block (call them off async workers).
    pub fn open_catalog(&self) -> quarry_catalog::Result<Box<dyn CatalogBackend>> {
        match self {
            Backend::Sqlite { data_dir } => Ok(Box::new(Catalog::open(data_dir)?)),
            Backend::Postgres { url, data_dir } => Ok(Box::new(open_pg_catalog(url, data_dir)?)),
        }
    }

    /// The catalog as one handle that threads share without a lock, when
    /// the back-end allows it (PostgreSQL: a pool of connections behind
    /// it, so calls run side by side); `None` for SQLite, whose catalog is
    /// one connection (open it with [`Backend::open_catalog`] and lock it).
    pub fn open_shared_catalog(
        &self,
    ) -> quarry_catalog::Result<Option<Arc<dyn CatalogBackend + Sync>>> {
        match self {
            Backend::Sqlite { .. } => Ok(None),
            Backend::Postgres { url, data_dir } => {
                Ok(Some(Arc::new(open_pg_catalog(url, data_dir)?)))
            }
        }
    }

    /// The dataset store: a `SqliteStore` over the data directory, or the
    /// process's one [`PgStore`] for the URL (connected on first use, on a
    /// thread of its own).
    pub fn store(&self) -> Result<Arc<dyn DatasetStore>, PgError> {
        match self {
            Backend::Sqlite { data_dir } => Ok(Arc::new(SqliteStore::in_data_dir(data_dir))),
            Backend::Postgres { url, data_dir } => {
                static STORES: OnceLock<Mutex<HashMap<String, Arc<PgStore>>>> = OnceLock::new();
                let mut stores = STORES
                    .get_or_init(Default::default)
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                if let Some(s) = stores.get(url) {
                    return Ok(s.clone());
                }
                let mut config = PgConfig::new(url.clone());
                config.work_dir = data_dir.join("pg-imports");
                let store = std::thread::scope(|s| s.spawn(|| PgStore::connect(&config)).join())
                    .map_err(|_| {
                    PgError::Db("connecting the dataset store panicked".into())
                })??;
                let store = Arc::new(store);
                stores.insert(url.clone(), store.clone());
                Ok(store)
            }
        }
    }

    /// The SQL dialect the store's statements are written in.
    pub fn dialect(&self) -> &'static dyn quarry_sql::Dialect {
        match self {
            Backend::Sqlite { .. } => &quarry_sql::Sqlite,
            Backend::Postgres { .. } => &quarry_sql::Postgres,
        }
    }

    /// What a query engine is handed for a version: the SQLite file's
    /// path, or the version's name (the PostgreSQL table).
    pub fn version_path(&self, version: &str) -> PathBuf {
        match self {
            Backend::Sqlite { data_dir } => SqliteStore::in_data_dir(data_dir).path(version),
            Backend::Postgres { .. } => PathBuf::from(version),
        }
    }
}

/// The PostgreSQL catalog, opened on a thread of its own (its runtime must
/// not be blocked on from an async task).
fn open_pg_catalog(url: &str, data_dir: &Path) -> quarry_catalog::Result<PgCatalog> {
    std::thread::scope(|s| {
        s.spawn(|| PgCatalog::open(url, DEFAULT_CATALOG_SCHEMA, data_dir))
            .join()
    })
    .unwrap_or_else(|_| {
        Err(quarry_catalog::CatalogError::Invalid(
            "opening the PostgreSQL catalog panicked".into(),
        ))
    })
}
