//! An import's second half: the SQLite file the importer built (typed
//! values, the profile, the choice of B-tree indexes) streamed into a new
//! table with `COPY`, under a building name; then its primary key on
//! `_row`, the same B-tree indexes as SQLite's, a GIN index on the
//! full-text column, `ANALYZE`, and in one transaction the rename to the
//! version's name with its profile stored. Versions are separate tables,
//! so queries on the dataset's older version are never disturbed; a
//! failed load drops what it built.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use deadpool_postgres::{Object, Pool};
use futures_util::SinkExt;
use quarry_profile::{ColumnType, DatasetProfile};
use quarry_sql::{ident, PG_ROW_COLUMN, PG_TEXT_SEARCH_CONFIG};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};

use crate::setup::{building_lock_key, BUILDING_SUFFIX, FTS_COLUMN, VERSIONS_TABLE};
use crate::{db_error, pg_error};

/// Every ASCII character but letters and digits, as a regular expression:
/// replaced by spaces before the text is parsed, so that words are split
/// as FTS5's `unicode61` splits them (`Asia/Tokyo`, `3.5`, `a@b.com`,
/// `fin-tech` are two or more words; PostgreSQL's parser would keep them
/// whole as a file name, a number, an e-mail address or a compound).
const FTS_SEPARATORS: &str = r"'[!-/:-@[-`{-~[:space:]]+'";

/// Bytes of `COPY` data sent at a time.
const COPY_CHUNK: usize = 256 << 10;
/// Characters of the dataset id a version's name keeps (PostgreSQL names
/// have at most 63 bytes; the suffixes take the rest).
const ID_PREFIX_CHARS: usize = 32;

/// A new, unique version name for `dataset_id`: `<id, at most 32
/// characters>-v<16 hex digits>`.
pub(crate) fn new_version_name(dataset_id: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let n = nanos
        ^ (u64::from(std::process::id()) << 40)
        ^ COUNTER.fetch_add(1, Ordering::Relaxed).rotate_right(8);
    let prefix: String = dataset_id.chars().take(ID_PREFIX_CHARS).collect();
    format!("{prefix}-v{n:016x}")
}

/// The PostgreSQL type of a column of type `ty`: what SQLite stores it as,
/// with text compared byte by byte (SQLite's `BINARY`).
fn column_type(ty: ColumnType) -> &'static str {
    match ty {
        ColumnType::Integer | ColumnType::Boolean => "bigint",
        ColumnType::Float => "double precision",
        ColumnType::Text | ColumnType::Date | ColumnType::DateTime => "text COLLATE \"C\"",
    }
}

/// The B-tree indexes of the SQLite build: (columns in order, unique), in
/// order; a composite index (`country`, `employees`) stays one index.
fn sqlite_indexes(conn: &Connection, table: &str) -> rusqlite::Result<Vec<(Vec<String>, bool)>> {
    let mut stmt = conn.prepare(
        "SELECT il.name, ii.name, il.\"unique\" FROM pragma_index_list(?1) AS il, pragma_index_info(il.name) AS ii
         WHERE il.origin = 'c' ORDER BY il.seq, ii.seqno",
    )?;
    let rows = stmt.query_map([table], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, bool>(2)?,
        ))
    })?;
    let mut out: Vec<(String, Vec<String>, bool)> = Vec::new();
    for row in rows {
        let (index, column, unique) = row?;
        match out.last_mut() {
            Some((name, columns, _)) if *name == index => columns.push(column),
            _ => out.push((index, vec![column], unique)),
        }
    }
    Ok(out.into_iter().map(|(_, c, u)| (c, u)).collect())
}

/// Loads the SQLite build at `sqlite` (whose profile is `built`) as
/// `version`; returns the version's profile (its table, and `_fts` as its
/// full-text "table").
pub(crate) async fn load(
    pool: &Pool,
    schema: &str,
    sqlite: &Path,
    built: &DatasetProfile,
    dataset_id: &str,
    version: &str,
    reader: Option<&str>,
) -> Result<DatasetProfile, String> {
    let mut profile = built.clone();
    profile.table = version.to_string();
    profile.fts_table = built.fts_table.as_ref().map(|_| FTS_COLUMN.to_string());
    let building = format!("{version}{BUILDING_SUFFIX}");
    let mut client = pool.get().await.map_err(db_error)?;
    // Held while the table is built: `remove_stale_imports` leaves it be.
    let key = building_lock_key(schema, &building);
    client
        .execute("SELECT pg_advisory_lock(hashtext($1))", &[&key])
        .await
        .map_err(|e| pg_error(&e))?;
    let r = build(&mut client, schema, sqlite, built, &profile, &building).await;
    let r = match r {
        Ok(()) => publish(&mut client, schema, &building, dataset_id, &profile, reader).await,
        Err(e) => Err(e),
    };
    if r.is_err() {
        let _ = client
            .batch_execute(&format!(
                "DROP TABLE IF EXISTS {}.{}",
                ident(schema),
                ident(&building)
            ))
            .await;
    }
    let _ = client
        .execute("SELECT pg_advisory_unlock(hashtext($1))", &[&key])
        .await;
    r.map(|()| profile)
}

/// The table under its building name, filled and indexed.
async fn build(
    client: &mut Object,
    schema: &str,
    sqlite: &Path,
    built: &DatasetProfile,
    profile: &DatasetProfile,
    building: &str,
) -> Result<(), String> {
    let s = ident(schema);
    let t = format!("{s}.{}", ident(building));
    let version = &profile.table;
    let mut defs = vec![format!("{} bigint NOT NULL", ident(PG_ROW_COLUMN))];
    defs.extend(
        profile
            .columns
            .iter()
            .map(|c| format!("{} {}", ident(&c.name), column_type(c.ty))),
    );
    let fts_cols: Vec<String> = profile
        .columns
        .iter()
        .filter(|c| c.full_text)
        .map(|c| {
            format!(
                "regexp_replace(coalesce({}, ''), {FTS_SEPARATORS}, ' ', 'g')",
                ident(&c.name)
            )
        })
        .collect();
    let fts = profile.fts_table.is_some() && !fts_cols.is_empty();
    if fts {
        let config = format!("{s}.{}", ident(PG_TEXT_SEARCH_CONFIG));
        defs.push(format!(
            "{} tsvector GENERATED ALWAYS AS (to_tsvector({}::regconfig, {})) STORED",
            ident(FTS_COLUMN),
            quote(&config),
            fts_cols.join(" || ' ' || ")
        ));
    }
    client
        .batch_execute(&format!("CREATE TABLE {t} ({})", defs.join(", ")))
        .await
        .map_err(|e| pg_error(&e))?;

    let conn = Connection::open_with_flags(sqlite, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| e.to_string())?;
    let indexes = sqlite_indexes(&conn, &built.table).map_err(|e| e.to_string())?;
    copy_rows(client, &conn, &t, built).await?;
    drop(conn);

    let mut ddl = vec![format!(
        "ALTER TABLE {t} ADD CONSTRAINT {} PRIMARY KEY ({})",
        ident(&format!("{version}-pk")),
        ident(PG_ROW_COLUMN)
    )];
    for (i, (cols, unique)) in indexes.iter().enumerate() {
        let cols: Vec<String> = cols.iter().map(|c| ident(c)).collect();
        ddl.push(format!(
            "CREATE {}INDEX {} ON {t} ({})",
            if *unique { "UNIQUE " } else { "" },
            ident(&format!("{version}-i{i}")),
            cols.join(", ")
        ));
    }
    if fts {
        ddl.push(format!(
            "CREATE INDEX {} ON {t} USING gin ({})",
            ident(&format!("{version}-fts")),
            ident(FTS_COLUMN)
        ));
    }
    ddl.push(format!("ANALYZE {t}"));
    for stmt in ddl {
        client
            .batch_execute(&stmt)
            .await
            .map_err(|e| pg_error(&e))?;
    }
    Ok(())
}

/// Streams every record of the SQLite build, in row order, into `table`
/// with `COPY … FROM STDIN` (text format).
async fn copy_rows(
    client: &Object,
    conn: &Connection,
    table: &str,
    built: &DatasetProfile,
) -> Result<(), String> {
    let cols: Vec<String> = built.columns.iter().map(|c| ident(&c.name)).collect();
    let mut pg_cols = vec![ident(PG_ROW_COLUMN)];
    pg_cols.extend(cols.iter().cloned());
    let sink = client
        .copy_in::<_, Bytes>(&format!("COPY {table} ({}) FROM STDIN", pg_cols.join(", ")))
        .await
        .map_err(|e| pg_error(&e))?;
    futures_util::pin_mut!(sink);
    let select = format!(
        "SELECT rowid{}{} FROM {} ORDER BY rowid",
        if cols.is_empty() { "" } else { ", " },
        cols.join(", "),
        ident(&built.table)
    );
    let mut stmt = conn.prepare(&select).map_err(|e| e.to_string())?;
    let n = stmt.column_count();
    let mut rows = stmt.query([]).map_err(|e| e.to_string())?;
    let mut buf = String::with_capacity(COPY_CHUNK + 4096);
    while let Some(row) = rows.next().map_err(|e| e.to_string())? {
        for i in 0..n {
            if i > 0 {
                buf.push('\t');
            }
            match row.get_ref(i).map_err(|e| e.to_string())? {
                ValueRef::Null => buf.push_str("\\N"),
                ValueRef::Integer(v) => buf.push_str(&v.to_string()),
                ValueRef::Real(v) => buf.push_str(&float_text(v)),
                ValueRef::Text(b) | ValueRef::Blob(b) => {
                    copy_escape(&String::from_utf8_lossy(b), &mut buf)
                }
            }
        }
        buf.push('\n');
        if buf.len() >= COPY_CHUNK {
            let chunk = Bytes::from(std::mem::take(&mut buf));
            sink.send(chunk).await.map_err(|e| pg_error(&e))?;
            buf.reserve(COPY_CHUNK + 4096);
        }
    }
    if !buf.is_empty() {
        sink.send(Bytes::from(buf))
            .await
            .map_err(|e| pg_error(&e))?;
    }
    sink.as_mut().finish().await.map_err(|e| pg_error(&e))?;
    Ok(())
}

/// A float as `COPY` reads it back exactly (shortest round-trip digits).
fn float_text(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{v:?}")
    }
}

/// A text value in `COPY`'s text format. PostgreSQL text cannot hold NUL,
/// which is dropped.
fn copy_escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => {}
            c => out.push(c),
        }
    }
}

/// A single-quoted SQL string.
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The swap: the building table takes the version's name and the profile
/// is stored, in one transaction.
async fn publish(
    client: &mut Object,
    schema: &str,
    building: &str,
    dataset_id: &str,
    profile: &DatasetProfile,
    reader: Option<&str>,
) -> Result<(), String> {
    let json = serde_json::to_string(profile).map_err(|e| e.to_string())?;
    let s = ident(schema);
    let tx = client.transaction().await.map_err(|e| pg_error(&e))?;
    tx.batch_execute(&format!(
        "ALTER TABLE {s}.{} RENAME TO {}",
        ident(building),
        ident(&profile.table)
    ))
    .await
    .map_err(|e| pg_error(&e))?;
    if let Some(r) = reader {
        tx.batch_execute(&format!(
            "GRANT SELECT ON {s}.{} TO {}",
            ident(&profile.table),
            ident(r)
        ))
        .await
        .map_err(|e| pg_error(&e))?;
    }
    tx.execute(
        &format!(
            "INSERT INTO {s}.{} (version, dataset_id, profile) VALUES ($1, $2, $3)",
            ident(VERSIONS_TABLE)
        ),
        &[&profile.table, &dataset_id, &json],
    )
    .await
    .map_err(|e| pg_error(&e))?;
    tx.commit().await.map_err(|e| pg_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_names_are_unique_and_fit_postgres_names() {
        let long = "a".repeat(64);
        let a = new_version_name(&long);
        let b = new_version_name(&long);
        assert_ne!(a, b);
        assert!(format!("{a}{BUILDING_SUFFIX}").len() <= 63, "{a}");
        assert!(format!("{a}-fts").len() <= 63);
    }

    #[test]
    fn copy_text_is_escaped() {
        let mut out = String::new();
        copy_escape("a\\b\tc\nd\re\0f", &mut out);
        assert_eq!(out, "a\\\\b\\tc\\nd\\re f".replace(' ', ""));
        assert_eq!(float_text(1e300), "1e300");
        assert_eq!(float_text(0.1), "0.1");
        assert_eq!(float_text(f64::NEG_INFINITY), "-Infinity");
    }
}
