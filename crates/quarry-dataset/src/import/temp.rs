//! Temporary files. An import builds its dataset file, and the full-text
//! index beside it, under names starting with `.tmp-` in the destination
//! directory (the same file system, so that the final rename is atomic and
//! readers never see a half-built dataset), and removes them when it fails.
//! An import killed outright leaves them behind;
//! [`remove_stale_temp_files`] removes those of processes that are gone or
//! untouched for an hour.

use super::ImportError;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A file removed when dropped, with its SQLite journals, unless it was
/// published.
pub(super) struct TempFile {
    pub(super) path: PathBuf,
    keep: bool,
}

impl TempFile {
    fn new(path: PathBuf) -> Self {
        TempFile { path, keep: false }
    }

    /// An import's two temporary files in `dest_dir`: the dataset, and the
    /// full-text index built beside it (possibly from pass 1 on).
    pub(super) fn pair(dest_dir: &Path, stem: &str) -> (TempFile, TempFile) {
        let temp_base = format!("{TEMP_PREFIX}{stem}-{}.sqlite", random_suffix());
        let temp = TempFile::new(dest_dir.join(&temp_base));
        let fts_temp = TempFile::new(dest_dir.join(format!("{temp_base}-fts")));
        (temp, fts_temp)
    }

    /// Makes the complete dataset file durable and renames it into
    /// `dest_dir` under a name not taken yet, `<stem>-<nanoseconds>.sqlite`;
    /// returns that name.
    pub(super) fn publish(mut self, dest_dir: &Path, stem: &str) -> Result<String, ImportError> {
        let io_err = |source| ImportError::Io {
            file: dest_dir.display().to_string(),
            source,
        };
        File::open(&self.path)
            .and_then(|f| f.sync_all())
            .map_err(io_err)?;

        // Linked, not renamed, into place: a link never replaces a file, so
        // two imports of the same id (two accounts may both own it) that
        // pick the same name at once cannot publish over each other.
        let mut nanos = unix_nanos();
        let file_name = loop {
            let name = format!("{stem}-{nanos}.sqlite");
            match std::fs::hard_link(&self.path, dest_dir.join(&name)) {
                Ok(()) => break name,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => nanos += 1,
                Err(e) => return Err(io_err(e)),
            }
        };
        self.keep = true;
        // A temporary name left behind is removed as stale later.
        let _ = std::fs::remove_file(&self.path);
        if let Ok(d) = File::open(dest_dir) {
            let _ = d.sync_all();
        }
        Ok(file_name)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
            for suffix in ["-journal", "-wal", "-shm"] {
                let mut p = self.path.clone().into_os_string();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

/// The dataset id as a file name's first part.
pub(super) fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn unix_nanos() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

fn random_suffix() -> String {
    use std::hash::BuildHasher;
    let r = std::collections::hash_map::RandomState::new().hash_one(unix_nanos());
    format!("{}-{:016x}", std::process::id(), r)
}

const TEMP_PREFIX: &str = ".tmp-";

/// Removes temporary files that interrupted imports left in `dir`: those of
/// processes that no longer run (where that can be told, i.e. on Linux) or
/// untouched for an hour. Returns how many were removed.
pub fn remove_stale_temp_files(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    let proc_available = Path::new("/proc/self").exists();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(TEMP_PREFIX) else {
            continue;
        };
        if !(rest.contains(".sqlite")) {
            continue;
        }
        // `.tmp-<id>-<pid>-<random>.sqlite[-fts][-journal]`
        let pid = rest
            .split(".sqlite")
            .next()
            .and_then(|s| s.rsplit('-').nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        let dead = match pid {
            Some(pid) if proc_available => {
                pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
            }
            _ => false,
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > Duration::from_secs(3600));
        if (dead || old) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}
