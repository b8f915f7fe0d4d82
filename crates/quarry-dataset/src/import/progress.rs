//! Progress reports: what a display ([`Phase`], [`Progress`]) is told, and
//! how often. The importing thread calls back every few thousand records,
//! so that a display costs nothing measurable and the import needs no
//! thread of its own for it.

use super::ImportOptions;

/// Rows between two progress reports.
const PROGRESS_EVERY: u64 = 10_000;

/// A stage of an import, for progress displays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pass 1: reading the whole file for types and checks (`bytes` of
    /// `total_bytes`).
    Scan,
    /// Re-reading the file to confirm possible duplicate ids (rare).
    Verify,
    /// Pass 2: inserting records (`rows` of `total_rows`; `bytes` too).
    Insert,
    /// Building the B-tree indexes and finishing the full-text index
    /// (no measurable progress; `rows` is the total).
    Index,
    /// The dataset file is complete.
    Done,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Scan => "scanning",
            Phase::Verify => "checking ids",
            Phase::Insert => "inserting",
            Phase::Index => "indexing",
            Phase::Done => "done",
        }
    }
}

/// A progress report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub phase: Phase,
    /// Records read (Scan, Verify) or inserted (Insert) so far.
    pub rows: u64,
    /// The number of records, once pass 1 has counted them.
    pub total_rows: Option<u64>,
    /// Bytes of the file read so far (compressed bytes for gzip; whole row
    /// groups for Parquet).
    pub bytes: u64,
    /// Size of the file.
    pub total_bytes: u64,
}

/// Whether a progress report is due after `rows` records (written out:
/// `is_multiple_of` is newer than the workspace's minimum Rust version).
pub(super) fn progress_due(rows: u64) -> bool {
    rows / PROGRESS_EVERY * PROGRESS_EVERY == rows
}

/// Calls `opts.progress`, if any, with `bytes` capped at `total_bytes`.
pub(super) fn report(
    opts: &ImportOptions,
    phase: Phase,
    rows: u64,
    total_rows: Option<u64>,
    bytes: u64,
    total_bytes: u64,
) {
    if let Some(p) = opts.progress {
        p(&Progress {
            phase,
            rows,
            total_rows,
            bytes: bytes.min(total_bytes),
            total_bytes,
        });
    }
}
