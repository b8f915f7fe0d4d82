//! The profile and metadata stored inside a dataset file (the SQLite
//! store's file layout).

use quarry_profile::DatasetProfile;
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::Path;

/// Table holding the profile as one JSON value.
pub const PROFILE_TABLE: &str = "_quarry_profile";
/// Key/value table: `table`, `fts_table`, `format`.
pub const META_TABLE: &str = "_quarry_meta";
/// Version of the dataset file layout.
pub const FORMAT_VERSION: &str = "1";

/// A double-quoted SQL identifier.
pub(crate) fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Why a dataset file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("{file}: {source}")]
    Sqlite {
        file: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error("{file}: not a Quarry dataset file (no stored profile)")]
    NotADataset { file: String },
    #[error("{file}: the stored profile is unreadable: {source}")]
    BadProfile {
        file: String,
        #[source]
        source: serde_json::Error,
    },
    /// A failure of another database than SQLite (a [`crate::DatasetStore`]
    /// of its own), as its driver said it.
    #[error("{file}: {message}")]
    Backend { file: String, message: String },
}

pub(crate) fn write_profile(conn: &Connection, profile: &DatasetProfile) -> rusqlite::Result<()> {
    let json = serde_json::to_string(profile)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    conn.execute(&format!("DELETE FROM {PROFILE_TABLE}"), [])?;
    conn.execute(
        &format!("INSERT INTO {PROFILE_TABLE} (json) VALUES (?1)"),
        [json],
    )?;
    conn.execute(&format!("DELETE FROM {META_TABLE}"), [])?;
    let mut stmt = conn.prepare(&format!(
        "INSERT INTO {META_TABLE} (key, value) VALUES (?1, ?2)"
    ))?;
    stmt.execute(["format", FORMAT_VERSION])?;
    stmt.execute(["table", profile.table.as_str()])?;
    if let Some(f) = &profile.fts_table {
        stmt.execute(["fts_table", f.as_str()])?;
    }
    Ok(())
}

pub(crate) fn open_read_only(path: &Path) -> Result<Connection, DatasetError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|source| sqlite_error(path, source))?;
    Ok(conn)
}

pub(crate) fn sqlite_error(path: &Path, source: rusqlite::Error) -> DatasetError {
    DatasetError::Sqlite {
        file: path.display().to_string(),
        source,
    }
}

fn is_missing_table(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(_, Some(m)) if m.starts_with("no such table"))
}

/// Reads the profile stored in a dataset file.
pub fn load_profile(path: &Path) -> Result<DatasetProfile, DatasetError> {
    let conn = open_read_only(path)?;
    let json: Option<String> = conn
        .query_row(
            &format!("SELECT json FROM {PROFILE_TABLE} LIMIT 1"),
            [],
            |r| r.get(0),
        )
        .optional()
        .or_else(|e| {
            if is_missing_table(&e) {
                Ok(None)
            } else {
                Err(e)
            }
        })
        .map_err(|e| sqlite_error(path, e))?;
    let file = || path.display().to_string();
    let json = json.ok_or_else(|| DatasetError::NotADataset { file: file() })?;
    serde_json::from_str(&json).map_err(|source| DatasetError::BadProfile {
        file: file(),
        source,
    })
}

/// The records table and FTS table names stored in a dataset file (cheap:
/// does not parse the profile).
pub(crate) fn read_tables(
    conn: &Connection,
    path: &Path,
) -> Result<(String, Option<String>), DatasetError> {
    let get = |key: &str| -> Result<Option<String>, DatasetError> {
        conn.query_row(
            &format!("SELECT value FROM {META_TABLE} WHERE key = ?1"),
            [key],
            |r| r.get(0),
        )
        .optional()
        .or_else(|e| {
            if is_missing_table(&e) {
                Ok(None)
            } else {
                Err(e)
            }
        })
        .map_err(|e| sqlite_error(path, e))
    };
    let table = get("table")?.ok_or_else(|| DatasetError::NotADataset {
        file: path.display().to_string(),
    })?;
    Ok((table, get("fts_table")?))
}
