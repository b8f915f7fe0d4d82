//! The data directory is private to the user running Quarry: the catalog
//! holds emails and password hashes, the dataset files the data. The
//! process umask is 0o077 from the start of `main`, so whatever it creates
//! (directories, SQLite files and their `-wal`/`-shm`/journal files,
//! uploads) is 0700/0600; [`tighten`] fixes what an earlier version or a
//! copy left readable by others.

use std::path::Path;

/// Files and directories created from now on are private to this user.
pub fn private_umask() {
    #[cfg(unix)]
    // SAFETY: umask only sets the process's file mode creation mask.
    unsafe {
        libc::umask(0o077);
    }
}

/// Entries `tighten` changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tightened {
    pub dirs: usize,
    pub files: usize,
    /// The first entry that could not be changed or read (owned by another
    /// user, …), and why; the others are still done.
    pub failed: Option<String>,
}

impl Tightened {
    /// The log line, when there is something to say. It names no path
    /// but inside the data directory (the log holds none).
    pub fn describe(&self) -> Option<String> {
        let failed = self
            .failed
            .as_ref()
            .map(|f| format!("; could not make private: {f}"))
            .unwrap_or_default();
        if self.dirs + self.files == 0 {
            return self
                .failed
                .as_ref()
                .map(|f| format!("could not make everything in the data directory private: {f}"));
        }
        Some(format!(
            "tightened the permissions of {} director{} and {} file{} in the data directory that other users could read or write (now 0700 and 0600){failed}",
            self.dirs,
            if self.dirs == 1 { "y" } else { "ies" },
            self.files,
            if self.files == 1 { "" } else { "s" },
        ))
    }
}

/// Makes `dir` and everything under it private: directories 0700, files
/// 0600 (only those with a group or other bit set are touched). Symbolic
/// links are neither followed nor changed. A missing `dir` is nothing to do;
/// an entry that cannot be changed is reported in `failed`, not fatal.
#[cfg(unix)]
pub fn tighten(dir: &Path) -> Tightened {
    use std::os::unix::fs::PermissionsExt;
    let fail = |done: &mut Tightened, path: &Path, e: std::io::Error| {
        if done.failed.is_none() {
            let inside = path.strip_prefix(dir).unwrap_or(path);
            let shown = if inside.as_os_str().is_empty() {
                "the directory itself".to_string()
            } else {
                inside.display().to_string()
            };
            done.failed = Some(format!("{shown}: {}", e.kind()));
        }
    };
    let mut done = Tightened::default();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                fail(&mut done, &path, e);
                continue;
            }
        };
        let ft = meta.file_type();
        if ft.is_symlink() {
            continue;
        }
        let private = if ft.is_dir() { 0o700 } else { 0o600 };
        if meta.permissions().mode() & 0o077 != 0 {
            match std::fs::set_permissions(&path, std::fs::Permissions::from_mode(private)) {
                Ok(()) if ft.is_dir() => done.dirs += 1,
                Ok(()) => done.files += 1,
                Err(e) => fail(&mut done, &path, e),
            }
        }
        if ft.is_dir() {
            match std::fs::read_dir(&path) {
                Ok(entries) => stack.extend(entries.flatten().map(|e| e.path())),
                Err(e) => fail(&mut done, &path, e),
            }
        }
    }
    done
}

#[cfg(not(unix))]
pub fn tighten(_dir: &Path) -> Tightened {
    Tightened::default()
}
