//! One query over one dataset version, start to end, outside any transport:
//! plan (`quarry-planner`) → render (`quarry-sql`) → guard (`check_select`)
//! → run (a [`QueryEngine`]) → relax → probe → events.
//!
//! The `thoughts` are written here and only here: the plan's notes, the
//! relaxation note and the zero-result note (`zero_results`). A session
//! sends its events to an [`EventSink`] the caller provides; `quarry-server`
//! writes them as SSE frames or a JSON array, a test or a benchmark collects
//! them in a `Vec<Event>`. **Invariant:** nothing here knows of HTTP, SSE or
//! request ids; the caller's concerns reach a session only as a cancel flag
//! (nobody listens any more), a stop signal (shut down) and the sink's
//! keep-alive hook.

mod engine;
mod events;
mod run;
mod zero_results;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use quarry_planner::{DatasetProfile, Planner, QueryPlan, Tier};
use tokio::sync::watch;

pub use engine::{redact_paths, EngineFailure, EngineRows, QueryEngine, SqliteEngine, StoreEngine};
pub use events::{Close, Event, EventSink, Failure, ResultItem, Thoughts};
pub use run::{Started, StatementJob};

/// How often [`EventSink::still_running`] is called while a statement runs,
/// unless the caller says otherwise.
pub const DEFAULT_KEEP_ALIVE_EVERY: Duration = Duration::from_secs(10);
/// The fixed time the `thoughts` wait for the statement, so that a
/// relaxation or the zero-result note can still be in them: a statement
/// (with its relaxation and probes) that takes longer is never rerun
/// relaxed nor probed, and its thoughts go out when the budget is spent
/// (see `run.rs`).
///
/// 3 ms in release builds; 100 ms in debug builds (the tests'), whose code is
/// several times slower on machines shared with other builds.
pub const THOUGHTS_BUDGET: Duration = if cfg!(debug_assertions) {
    Duration::from_millis(100)
} else {
    Duration::from_millis(3)
};

/// What a session needs of a dataset version: where its file is, its
/// profile (to render and guard statements) and its planner.
pub trait Dataset: Send + Sync + 'static {
    fn file(&self) -> &Path;
    fn profile(&self) -> &DatasetProfile;
    fn planner(&self) -> &Planner;
    /// The dialect its statements are rendered and guarded in (the
    /// store's: SQLite unless the dataset lives in PostgreSQL).
    fn dialect(&self) -> &'static dyn quarry_sql::Dialect {
        &quarry_sql::Sqlite
    }
    /// The statements the shape guard passed for this dataset, if it
    /// keeps them (see [`GuardCache`]).
    fn guard_cache(&self) -> Option<&GuardCache> {
        None
    }
}

/// Statements the shape guard (`quarry_sql::check_select`) passed, for one
/// dataset (its dialect, records table and FTS table fixed), so that a
/// statement run again is not parsed again: the guard's verdict is a
/// function of the statement's text and those three, and parsing took as
/// long as planning (~50 µs of a fast query's ~0.3 ms in the server).
/// Refused statements are not kept (they are checked each time, with the
/// same outcome). Bounded: emptied when full.
#[derive(Debug, Default)]
pub struct GuardCache(Mutex<std::collections::HashSet<Box<str>>>);

impl GuardCache {
    /// Statements kept at most (a few hundred KiB of SQL text).
    pub const CAPACITY: usize = 512;

    pub fn passed(&self, sql: &str) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(sql)
    }

    pub fn pass(&self, sql: &str) {
        let mut set = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if set.len() >= Self::CAPACITY {
            set.clear();
        }
        set.insert(sql.into());
    }
}

/// A dataset file opened for sessions: its profile read and its planner
/// built (the server keeps its own cache of these).
pub struct OpenDataset {
    pub file: PathBuf,
    pub profile: DatasetProfile,
    pub planner: Planner,
}

impl OpenDataset {
    /// Reads the profile of the dataset file at `file` and builds its
    /// planner. Blocking.
    pub fn open(file: &Path) -> Result<OpenDataset, quarry_dataset::DatasetError> {
        let profile = quarry_dataset::load_profile(file)?;
        let planner = Planner::new(&profile);
        Ok(OpenDataset {
            file: file.to_path_buf(),
            profile,
            planner,
        })
    }
}

impl Dataset for OpenDataset {
    fn file(&self) -> &Path {
        &self.file
    }
    fn profile(&self) -> &DatasetProfile {
        &self.profile
    }
    fn planner(&self) -> &Planner {
        &self.planner
    }
}

/// What a session's run did, for the caller's log line and metrics: the
/// time its statements took, whether it relaxed the plan, how many records
/// it answered with and whether a statement timed out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Every statement's time together (the first, a relaxed rerun, the
    /// zero-result probes).
    pub sql: Duration,
    /// Statements run.
    pub statements: u32,
    /// The answer is the relaxed plan's.
    pub relaxed: bool,
    /// Records in the `results` event (none sent: 0).
    pub rows: usize,
    /// The answer was complete and held no record.
    pub zero_results: bool,
    /// A statement ran past the time-out.
    pub timed_out: bool,
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum Ended {
    /// The `close` event was sent (complete or failed).
    Closed,
    /// The cancel flag was set (or the sink's keep-alive hook said nobody
    /// listens) while a statement ran; nothing more was sent.
    Cancelled,
    /// The sink refused an event; nothing more was sent.
    SinkGone,
}

/// One query's settings and its ties to the caller: the engine, the
/// dataset, the row limit and statement time-out, the cancel flag and the
/// stop signal.
pub struct Session {
    engine: Arc<dyn QueryEngine>,
    dataset: Arc<dyn Dataset>,
    limit: u32,
    timeout: Duration,
    keep_alive_every: Duration,
    thoughts_budget: Duration,
    cancel: Arc<AtomicBool>,
    stop: watch::Receiver<bool>,
    /// Keeps [`Session::stop`] open when the caller gave no stop signal.
    _no_stop: Option<watch::Sender<bool>>,
    stats: Arc<Mutex<RunStats>>,
}

impl Session {
    /// A session returning at most `limit` records, each statement
    /// interrupted after `timeout`; no cancel flag or stop signal of the
    /// caller's yet.
    pub fn new(
        engine: Arc<dyn QueryEngine>,
        dataset: Arc<dyn Dataset>,
        limit: u32,
        timeout: Duration,
    ) -> Session {
        let (no_stop, stop) = watch::channel(false);
        Session {
            engine,
            dataset,
            limit,
            timeout,
            keep_alive_every: DEFAULT_KEEP_ALIVE_EVERY,
            thoughts_budget: THOUGHTS_BUDGET,
            cancel: Arc::new(AtomicBool::new(false)),
            stop,
            _no_stop: Some(no_stop),
            stats: Arc::new(Mutex::new(RunStats::default())),
        }
    }

    /// Cancels the running statement (and ends the session without a
    /// further event) once `cancel` is set.
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Session {
        self.cancel = cancel;
        self
    }

    /// Interrupts the running statement once `stop` turns true; the session
    /// then closes with [`Failure::Stopped`].
    pub fn with_stop(mut self, stop: watch::Receiver<bool>) -> Session {
        self.stop = stop;
        self._no_stop = None;
        self
    }

    /// The interval of [`EventSink::still_running`] while a statement runs.
    pub fn with_keep_alive_every(mut self, every: Duration) -> Session {
        self.keep_alive_every = every;
        self
    }

    /// How long the `thoughts` wait for the statement (and a relaxation or
    /// the zero-result probes) before they go out ([`THOUGHTS_BUDGET`]).
    pub fn with_thoughts_budget(mut self, budget: Duration) -> Session {
        self.thoughts_budget = budget;
        self
    }

    /// What the last [`Session::run`] did.
    pub fn stats(&self) -> RunStats {
        *self.stats.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn record(&self, f: impl FnOnce(&mut RunStats)) {
        f(&mut self.stats.lock().unwrap_or_else(|p| p.into_inner()));
    }

    /// The plan of `phrase` on this session's dataset (pure; fast).
    pub fn plan(&self, phrase: &str, tier: Tier) -> QueryPlan {
        self.dataset.planner().plan(phrase, tier)
    }

    /// Plans `phrase` and runs it: [`Session::plan`], then [`Session::run`].
    pub async fn query<S: EventSink>(&self, phrase: &str, tier: Tier, sink: &mut S) -> Ended {
        let plan = self.plan(phrase, tier);
        self.run(plan, sink).await
    }
}
