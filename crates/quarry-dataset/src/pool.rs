//! A process-wide pool of [`DatasetReader`]s, per dataset file: a query
//! takes an open, configured connection (authorizer, progress handler,
//! prepared-statement cache already warm) instead of opening the file,
//! reading its metadata and installing the hooks again. Dataset versions
//! are immutable files, so a connection stays valid as long as its file
//! exists; connections of a file that was removed are closed at the next
//! sweep (so its disk space is given back).

use crate::engine::{DatasetReader, EngineError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Idle connections kept per dataset file.
const MAX_IDLE_PER_FILE: usize = 16;
/// Returns between two sweeps of files that no longer exist.
const SWEEP_EVERY: u32 = 512;

#[derive(Default)]
struct Pool {
    idle: HashMap<PathBuf, Vec<DatasetReader>>,
    returns: u32,
}

fn pool() -> &'static Mutex<Pool> {
    static POOL: OnceLock<Mutex<Pool>> = OnceLock::new();
    POOL.get_or_init(|| Mutex::new(Pool::default()))
}

fn lock() -> std::sync::MutexGuard<'static, Pool> {
    pool().lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` with a pooled reader of the dataset file at `path` (opened when
/// none is idle), and gives the reader back to the pool afterwards.
pub fn with_reader<R>(path: &Path, f: impl FnOnce(&DatasetReader) -> R) -> Result<R, EngineError> {
    let taken = lock().idle.get_mut(path).and_then(Vec::pop);
    let reader = match taken {
        Some(r) => r,
        None => DatasetReader::open(path)?,
    };
    let out = f(&reader);
    give_back(path, reader);
    Ok(out)
}

fn give_back(path: &Path, reader: DatasetReader) {
    let mut p = lock();
    p.returns = p.returns.wrapping_add(1);
    let new_file = !p.idle.contains_key(path);
    if new_file || p.returns % SWEEP_EVERY == 0 {
        // Files removed since (a dropped or replaced version).
        p.idle.retain(|f, _| f.exists());
    }
    let idle = p.idle.entry(path.to_path_buf()).or_default();
    if idle.len() < MAX_IDLE_PER_FILE {
        idle.push(reader);
    }
}

/// Closes every idle connection (of every file).
pub fn clear() {
    lock().idle.clear();
}
