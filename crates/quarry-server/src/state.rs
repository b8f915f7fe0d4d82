//! What the handlers share: the catalog, the dataset store, the planners of
//! loaded datasets, the engine and the configuration. Every method here blocks (SQLite, file
//! reads); callers run them inside `spawn_blocking`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use quarry_catalog::{CatalogBackend, CatalogError, DatasetEntry};
use quarry_dataset::DatasetStore;
use quarry_pg::Backend;
use quarry_planner::{DatasetProfile, Planner, Vocabulary};
use quarry_session::{QueryEngine, SqliteEngine};

use quarry_metrics::Metrics;
use tokio::sync::Semaphore;

use crate::limits::{Limits, RateLimiter};

/// The server's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where the catalog and the datasets live (the data directory, or
    /// PostgreSQL with `--database-url`).
    pub backend: Backend,
    pub addr: String,
    /// Statement time-out for the generated SQL.
    pub query_timeout: Duration,
    /// Rate, stream, connection, running-query and slow-client limits.
    pub limits: Limits,
    /// Where the metrics are recorded (the console records into the same).
    pub metrics: Arc<Metrics>,
    /// Serve `GET /metrics` on this address alone instead of on `addr`.
    pub metrics_addr: Option<String>,
    /// Serve HTTPS with this certificate and key instead of HTTP.
    pub tls: Option<crate::tls::TlsFiles>,
}

/// A dataset ready to be queried: its version, profile, vocabulary and
/// planner. Built once per dataset version and vocabulary revision, so that
/// a replaced dataset or a changed vocabulary applies to the next query.
pub struct LoadedDataset {
    /// The version's file in the SQLite store (the engine opens it), or
    /// the version's name in the PostgreSQL store.
    pub file: PathBuf,
    pub version: String,
    pub profile: DatasetProfile,
    /// The catalog's vocabulary revision the planner was built with.
    pub vocabulary_revision: i64,
    /// The vocabulary the planner reads, if the dataset has one.
    pub vocabulary: Option<LoadedVocabulary>,
    pub planner: Planner,
    /// The dialect of the store the version is in.
    pub dialect: &'static dyn quarry_sql::Dialect,
    /// The statements the shape guard passed for this version.
    pub guarded: quarry_session::GuardCache,
}

/// A dataset's vocabulary as stored (its text) and as read.
pub struct LoadedVocabulary {
    pub text: String,
    pub revision: i64,
    /// When it was last set, Unix seconds.
    pub updated: i64,
    pub vocabulary: Vocabulary,
}

/// The catalog: one connection behind a lock (SQLite), or a handle that
/// the blocking threads share (PostgreSQL, a pool behind it), so that a
/// slow database does not queue every request behind one call.
enum CatalogHandle {
    Locked(Mutex<Box<dyn CatalogBackend>>),
    Shared(Arc<dyn CatalogBackend + Sync>),
}

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    catalog: CatalogHandle,
    store: Arc<dyn DatasetStore>,
    /// Where the SQLite store's files are (redacted from logged errors).
    store_root: PathBuf,
    planners: Mutex<HashMap<(i64, String), Arc<LoadedDataset>>>,
    engine: Arc<dyn QueryEngine>,
    query_timeout: Duration,
    limits: Limits,
    limiter: RateLimiter,
    metrics: Arc<Metrics>,
    /// One permit per query allowed to run at once.
    running: Arc<Semaphore>,
    /// True once the server, shutting down, ends the open streams.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl AppState {
    /// Opens the catalog in `data_dir` with the production engine.
    pub fn open(data_dir: &Path, query_timeout: Duration) -> anyhow::Result<AppState> {
        AppState::with_engine(data_dir, query_timeout, Arc::new(SqliteEngine))
    }

    /// As [`AppState::open`], with another engine (tests).
    pub fn with_engine(
        data_dir: &Path,
        query_timeout: Duration,
        engine: Arc<dyn QueryEngine>,
    ) -> anyhow::Result<AppState> {
        AppState::build(data_dir, query_timeout, engine, Limits::default())
    }

    /// The state with every setting given.
    pub fn build(
        data_dir: &Path,
        query_timeout: Duration,
        engine: Arc<dyn QueryEngine>,
        limits: Limits,
    ) -> anyhow::Result<AppState> {
        AppState::build_with_metrics(
            data_dir,
            query_timeout,
            engine,
            limits,
            Arc::new(Metrics::new()),
        )
    }

    /// As [`AppState::build`], recording into `metrics`.
    pub fn build_with_metrics(
        data_dir: &Path,
        query_timeout: Duration,
        engine: Arc<dyn QueryEngine>,
        limits: Limits,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<AppState> {
        AppState::build_on(
            Backend::Sqlite {
                data_dir: data_dir.to_path_buf(),
            },
            query_timeout,
            engine,
            limits,
            metrics,
        )
    }

    /// As [`AppState::build_with_metrics`], on `backend`. Opening
    /// PostgreSQL blocks; it may be called from an async task at start.
    pub fn build_on(
        backend: Backend,
        query_timeout: Duration,
        engine: Arc<dyn QueryEngine>,
        limits: Limits,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<AppState> {
        let catalog = match backend.open_shared_catalog()? {
            Some(shared) => CatalogHandle::Shared(shared),
            None => CatalogHandle::Locked(Mutex::new(backend.open_catalog()?)),
        };
        let store = backend.store()?;
        let running = Arc::new(Semaphore::new(limits.max_running_queries.max(1)));
        Ok(AppState {
            inner: Arc::new(Inner {
                store_root: backend.data_dir().join(quarry_dataset::DATASETS_DIR),
                backend,
                catalog,
                store,
                planners: Mutex::new(HashMap::new()),
                engine,
                query_timeout,
                limits,
                limiter: RateLimiter::default(),
                metrics,
                running,
                stopping: tokio::sync::watch::Sender::new(false),
            }),
        })
    }

    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    pub fn limiter(&self) -> &RateLimiter {
        &self.inner.limiter
    }

    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.inner.metrics
    }

    /// The permits of the running-query bound.
    pub fn running(&self) -> &Arc<Semaphore> {
        &self.inner.running
    }

    pub fn query_timeout(&self) -> Duration {
        self.inner.query_timeout
    }

    /// Ends the open query streams: their statements are interrupted and
    /// they close with `SERVICE_UNAVAILABLE` (shutdown, DESIGN §1).
    pub fn stop_streams(&self) {
        self.inner.stopping.send_replace(true);
    }

    pub fn is_stopping(&self) -> bool {
        *self.inner.stopping.borrow()
    }

    /// Resolves (to `true`) once [`AppState::stop_streams`] was called.
    pub fn stop_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.stopping.subscribe()
    }

    pub fn engine(&self) -> Arc<dyn QueryEngine> {
        self.inner.engine.clone()
    }

    /// Runs `f` on the catalog. Blocking.
    pub fn with_catalog<T>(&self, f: impl FnOnce(&dyn CatalogBackend) -> T) -> T {
        match &self.inner.catalog {
            CatalogHandle::Locked(c) => {
                let guard = c.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                f(guard.as_ref())
            }
            CatalogHandle::Shared(c) => f(c.as_ref()),
        }
    }

    /// The store the dataset versions live in.
    pub fn store(&self) -> &Arc<dyn DatasetStore> {
        &self.inner.store
    }

    /// Where the catalog and the datasets live.
    pub fn backend(&self) -> &Backend {
        &self.inner.backend
    }

    /// Deletes the dataset versions retired longer than `grace` ago (see
    /// `Catalog::sweep_retired_versions`); returns how many. Blocking.
    pub fn sweep_retired_versions(&self, grace: Duration) -> Result<usize, CatalogError> {
        let store = &self.inner.store;
        self.with_catalog(|c| c.sweep_retired_versions(grace, &|v| store.remove_version(v)))
    }

    /// The loaded form of a registered dataset, from the cache when the
    /// catalog still names the same version and vocabulary revision (a
    /// replaced dataset has a new version and is loaded afresh; a changed
    /// vocabulary has a new revision and gets a new planner over the same
    /// profile). Blocking.
    pub fn load_dataset(&self, entry: &DatasetEntry) -> anyhow::Result<Arc<LoadedDataset>> {
        let cached = self
            .planners()
            .get(&(entry.account_id, entry.id.clone()))
            .cloned();
        if let Some(d) = &cached {
            if d.version == entry.version && d.vocabulary_revision == entry.vocabulary_revision {
                return Ok(d.clone());
            }
        }
        let store = &self.inner.store;
        let profile = match cached.filter(|d| d.version == entry.version) {
            Some(d) => d.profile.clone(),
            None => store.load_profile(&entry.version).map_err(|e| {
                anyhow::anyhow!(
                    "loading the profile of dataset {}: {}",
                    entry.id,
                    quarry_session::redact_paths(&e.to_string(), &self.inner.store_root)
                )
            })?,
        };
        let stored = self.with_catalog(|c| c.dataset_vocabulary(entry.account_id, &entry.id))?;
        let vocabulary_revision = stored
            .as_ref()
            .map_or(entry.vocabulary_revision, |v| v.revision);
        let vocabulary = stored.map(|v| LoadedVocabulary {
            vocabulary: read_vocabulary(&entry.id, &v.text),
            text: v.text,
            revision: v.revision,
            updated: v.updated,
        });
        let planner = match &vocabulary {
            Some(v) => Planner::with_vocabulary(&profile, &v.vocabulary),
            None => Planner::new(&profile),
        };
        let loaded = Arc::new(LoadedDataset {
            file: self.inner.backend.version_path(&entry.version),
            dialect: self.inner.backend.dialect(),
            version: entry.version.clone(),
            profile,
            vocabulary_revision,
            vocabulary,
            planner,
            guarded: quarry_session::GuardCache::default(),
        });
        self.planners()
            .insert((entry.account_id, entry.id.clone()), loaded.clone());
        Ok(loaded)
    }

    fn planners(&self) -> std::sync::MutexGuard<'_, HashMap<(i64, String), Arc<LoadedDataset>>> {
        self.inner
            .planners
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A stored vocabulary text as the planner reads it. The text was checked
/// when it was set; should it not read now, the dataset is queried without
/// it (and the log says why).
fn read_vocabulary(dataset: &str, text: &str) -> Vocabulary {
    match quarry_vocabulary::parse(text) {
        Ok(checked) => checked.vocabulary,
        Err(rejected) => {
            tracing::warn!(dataset, error = %rejected, "the stored vocabulary does not read; ignored");
            Vocabulary::default()
        }
    }
}
