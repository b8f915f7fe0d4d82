//! A process-wide pool of [`DatasetReader`]s, per dataset file: a query
//! takes an open, configured connection (authorizer, progress handler,
//! prepared-statement cache already warm) instead of opening the file,
//! reading its metadata and installing the hooks again.
//!
//! At most [`MAX_OPEN_PER_FILE`] connections of one file exist at once; a
//! query that finds them all busy waits for one. Each open connection holds
//! its own page cache, so the cap bounds memory (32 connections of 2 MiB:
//! 32 clients at 8 MiB caches held 350 MiB). It is not lower because a
//! query waiting for a connection waits behind whatever holds them: with 8,
//! the fast statements of 32 mixed clients queued behind full-text ones
//! (p50 to `close` 60 → 600 ms).
//!
//! Dataset versions are immutable files, so a connection stays valid as long
//! as its file exists (checked when a query takes one); the connections of a
//! file that was removed are closed then, or at the next sweep (so that its
//! disk space is given back).

use crate::engine::{DatasetReader, EngineError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// Connections of one dataset file at most, busy or idle.
pub const MAX_OPEN_PER_FILE: usize = 32;
/// Returns between two sweeps of files that no longer exist (a power of two).
const SWEEP_EVERY: u32 = 512;

#[derive(Default)]
struct File {
    idle: Vec<DatasetReader>,
    /// Connections that exist (idle ones included).
    open: usize,
}

#[derive(Default)]
struct Pool {
    files: HashMap<PathBuf, File>,
    returns: u32,
}

struct Shared {
    pool: Mutex<Pool>,
    freed: Condvar,
}

fn shared() -> &'static Shared {
    static POOL: OnceLock<Shared> = OnceLock::new();
    POOL.get_or_init(|| Shared {
        pool: Mutex::new(Pool::default()),
        freed: Condvar::new(),
    })
}

fn lock() -> MutexGuard<'static, Pool> {
    shared().pool.lock().unwrap_or_else(|e| e.into_inner())
}

/// A reader taken from the pool; given back when dropped (also when the
/// query panicked: the connection is then closed, and its place freed).
struct Taken<'a> {
    path: &'a Path,
    reader: Option<DatasetReader>,
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        let mut p = lock();
        p.returns = p.returns.wrapping_add(1);
        if p.returns & (SWEEP_EVERY - 1) == 0 {
            // Files removed since (a dropped or replaced version).
            p.files.retain(|f, _| f.exists());
        }
        let file = p.files.entry(self.path.to_path_buf()).or_default();
        match self.reader.take() {
            Some(r) if !std::thread::panicking() => file.idle.push(r),
            _ => file.open = file.open.saturating_sub(1),
        }
        drop(p);
        shared().freed.notify_one();
    }
}

/// Runs `f` with a pooled reader of the dataset file at `path` (opened when
/// none is idle and fewer than [`MAX_OPEN_PER_FILE`] exist; else after
/// waiting for one), and gives the reader back to the pool afterwards.
pub fn with_reader<R>(path: &Path, f: impl FnOnce(&DatasetReader) -> R) -> Result<R, EngineError> {
    // A file removed since its connections were opened (a dropped or
    // replaced version, or one deleted by hand) is not served from them: its
    // idle connections are closed now, and opening it again says it is gone.
    let gone = !path.exists();
    let mut p = lock();
    let reader = loop {
        let file = p.files.entry(path.to_path_buf()).or_default();
        if gone {
            file.open = file.open.saturating_sub(file.idle.len());
            file.idle.clear();
        }
        if let Some(r) = file.idle.pop() {
            break Some(r);
        }
        if file.open < MAX_OPEN_PER_FILE {
            file.open += 1;
            break None;
        }
        p = shared().freed.wait(p).unwrap_or_else(|e| e.into_inner());
    };
    drop(p);
    let reader = match reader {
        Some(r) => r,
        None => match DatasetReader::open(path) {
            Ok(r) => r,
            Err(e) => {
                let mut p = lock();
                if let Some(file) = p.files.get_mut(path) {
                    file.open = file.open.saturating_sub(1);
                }
                drop(p);
                shared().freed.notify_one();
                return Err(e);
            }
        },
    };
    let taken = Taken {
        path,
        reader: Some(reader),
    };
    Ok(f(taken.reader.as_ref().expect("taken")))
}

/// Closes every idle connection (of every file).
pub fn clear() {
    let mut p = lock();
    for file in p.files.values_mut() {
        file.open -= file.idle.len();
        file.idle.clear();
    }
}
