//! Running a rendered statement on a dataset file. A session sees the engine
//! through [`QueryEngine`] so tests can put a slow or failing engine behind
//! it (and behind the real HTTP stack); production uses [`SqliteEngine`],
//! the read-only reader of `quarry-dataset`.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use quarry_planner::DatasetProfile;

use crate::events::ResultItem;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineFailure {
    /// The statement ran past the configured time-out and was interrupted.
    Timeout,
    /// The cancel flag was set (the client went away) and the statement was
    /// interrupted.
    Cancelled,
    /// Interrupted by the session's stop signal (the server shutting down;
    /// set by the session, not by engines: they report
    /// [`EngineFailure::Cancelled`]).
    Stopped,
    /// The first record alone is larger, once sent, than the result cap
    /// (in bytes, given here).
    TooLarge(usize),
    /// The store's database could not be reached (PostgreSQL down); the
    /// text is logged. Retrying later may work.
    Unavailable(String),
    /// Anything else; the text is logged, never sent to the client.
    Failed(String),
}

/// What a statement returned: at most `limit` records, and the figure the
/// plan asked for (the value of its figure column on the first row; `None`
/// when nothing matched or no figure was asked for).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EngineRows {
    pub items: Vec<ResultItem>,
    pub figure: Option<String>,
}

/// Runs one statement. Blocking: the session calls it inside
/// `spawn_blocking`. Implementations must return promptly (as
/// [`EngineFailure::Cancelled`]) once `cancel` is set, and as
/// [`EngineFailure::Timeout`] once `timeout` has passed.
pub trait QueryEngine: Send + Sync + 'static {
    fn run(
        &self,
        dataset_file: &Path,
        profile: &DatasetProfile,
        sql: &str,
        limit: u32,
        cancel: &Arc<AtomicBool>,
        timeout: Duration,
    ) -> Result<EngineRows, EngineFailure>;

    /// How many records of the dataset the full-text `query` matches,
    /// counted no further than `cap`, for the renderer to choose a form by
    /// (`quarry_sql::render_select_counted`); `None` (the default) when the
    /// engine cannot tell cheaply: the statement is then rendered without.
    /// Blocking, like [`QueryEngine::run`], and bounded by `timeout`.
    fn count_matches(
        &self,
        _dataset_file: &Path,
        _query: &str,
        _cap: u64,
        _timeout: Duration,
    ) -> Option<u64> {
        None
    }
}

/// The production engine: read-only SQLite connections, pooled per dataset
/// file (`quarry_dataset::pool`).
#[derive(Debug, Default, Clone, Copy)]
pub struct SqliteEngine;

impl QueryEngine for SqliteEngine {
    fn run(
        &self,
        dataset_file: &Path,
        profile: &DatasetProfile,
        sql: &str,
        limit: u32,
        cancel: &Arc<AtomicBool>,
        timeout: Duration,
    ) -> Result<EngineRows, EngineFailure> {
        use quarry_dataset::{CancelFlag, DatasetReader, EngineError};
        let dir = dataset_file.parent().unwrap_or(Path::new(""));
        let failed = |what: &str, e: &dyn std::fmt::Display| {
            EngineFailure::Failed(format!("{what}: {}", redact_paths(&e.to_string(), dir)))
        };
        let ran = quarry_dataset::pool::with_reader(dataset_file, |reader: &DatasetReader| {
            reader.query_rows(
                sql,
                profile,
                limit as usize,
                &CancelFlag::from_arc(cancel.clone()),
                timeout,
            )
        })
        .map_err(|e| failed("opening the dataset", &e))?;
        match ran {
            Ok(rows) => Ok(EngineRows {
                items: rows
                    .items
                    .into_iter()
                    .map(|r| ResultItem {
                        id: r.id,
                        item: r.item,
                    })
                    .collect(),
                figure: rows.figure,
            }),
            Err(EngineError::Timeout(_)) => Err(EngineFailure::Timeout),
            Err(EngineError::Cancelled) => Err(EngineFailure::Cancelled),
            Err(EngineError::TooLarge(cap)) => Err(EngineFailure::TooLarge(cap)),
            Err(e) => Err(failed("running the statement", &e)),
        }
    }

    fn count_matches(
        &self,
        dataset_file: &Path,
        query: &str,
        cap: u64,
        timeout: Duration,
    ) -> Option<u64> {
        quarry_dataset::pool::with_reader(dataset_file, |reader| {
            reader.count_fts_matches(query, cap, timeout)
        })
        .ok()
        .flatten()
    }
}

/// An engine over any [`quarry_dataset::DatasetStore`] (PostgreSQL's):
/// the statement runs through the store's own `run`, and the "file" a
/// session hands over is the version's name.
pub struct StoreEngine(pub Arc<dyn quarry_dataset::DatasetStore>);

impl QueryEngine for StoreEngine {
    fn run(
        &self,
        dataset_file: &Path,
        profile: &DatasetProfile,
        sql: &str,
        limit: u32,
        cancel: &Arc<AtomicBool>,
        timeout: Duration,
    ) -> Result<EngineRows, EngineFailure> {
        use quarry_dataset::{CancelFlag, EngineError};
        let version = dataset_file.to_string_lossy();
        match self.0.run(
            &version,
            profile,
            sql,
            limit as usize,
            &CancelFlag::from_arc(cancel.clone()),
            timeout,
        ) {
            Ok(rows) => Ok(EngineRows {
                items: rows
                    .items
                    .into_iter()
                    .map(|r| ResultItem {
                        id: r.id,
                        item: r.item,
                    })
                    .collect(),
                figure: rows.figure,
            }),
            Err(EngineError::Timeout(_)) => Err(EngineFailure::Timeout),
            Err(EngineError::Cancelled) => Err(EngineFailure::Cancelled),
            Err(EngineError::TooLarge(cap)) => Err(EngineFailure::TooLarge(cap)),
            Err(EngineError::Unavailable(detail)) => Err(EngineFailure::Unavailable(detail)),
            Err(e) => Err(EngineFailure::Failed(format!("running the statement: {e}"))),
        }
    }
}

/// `text` with the datasets directory's path replaced by `<datasets>`: error
/// details are logged, and logs carry no internal paths (issue 6).
pub fn redact_paths(text: &str, datasets_dir: &Path) -> String {
    let mut out = text.to_string();
    for p in [
        datasets_dir.to_path_buf(),
        datasets_dir
            .canonicalize()
            .unwrap_or_else(|_| datasets_dir.to_path_buf()),
    ] {
        let p = p.display().to_string();
        if !p.is_empty() && p != "." {
            out = out.replace(&p, "<datasets>");
        }
    }
    // The data directory above it, should a message name it alone.
    if let Some(data_dir) = datasets_dir.parent() {
        let p = data_dir.display().to_string();
        if !p.is_empty() && p != "." && p != "/" {
            out = out.replace(&p, "<data-dir>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_redacted() {
        let dir = Path::new("/srv/quarry-data/datasets");
        assert_eq!(
            redact_paths(
                "unable to open /srv/quarry-data/datasets/x-1.sqlite (and /srv/quarry-data)",
                dir
            ),
            "unable to open <datasets>/x-1.sqlite (and <data-dir>)"
        );
    }
}
