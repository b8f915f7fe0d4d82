//! Schema migrations, applied in order on every open. The schema version is
//! SQLite's `user_version`; migration N brings the schema from version N-1
//! to N. Never edit a released migration: append a new one.

use rusqlite::{Connection, TransactionBehavior};

use crate::error::Db;
use crate::CatalogError;

const MIGRATIONS: &[&str] = &[
    // 1: accounts, tokens, datasets.
    "CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE tokens (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value_encrypted BLOB NOT NULL,
        digest BLOB NOT NULL UNIQUE,
        created INTEGER NOT NULL,
        last_used INTEGER,
        UNIQUE (account_id, name)
    );
    CREATE TABLE datasets (
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        row_count INTEGER NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL
    );
    CREATE INDEX datasets_account ON datasets(account_id);",
    // 2: console sessions (stored as SHA-256 digests of their ids) and
    // failed sign-in attempts (for throttling per account and per address).
    "CREATE TABLE console_sessions (
        id_digest BLOB PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created INTEGER NOT NULL,
        last_seen INTEGER NOT NULL
    );
    CREATE INDEX console_sessions_account ON console_sessions(account_id);
    CREATE TABLE sign_in_failures (
        subject TEXT NOT NULL,
        at INTEGER NOT NULL
    );
    CREATE INDEX sign_in_failures_subject ON sign_in_failures(subject, at);",
    // 3: per-account request limits (NULL: the server's default), and the
    // fingerprint and generation of the key the tokens are under (for
    // `quarry rotate-secret`; the fingerprint is recorded at the next open).
    "CREATE TABLE account_limits (
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        per_minute INTEGER,
        concurrent INTEGER
    );
    CREATE TABLE secret_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL,
        key_check BLOB
    );
    INSERT INTO secret_state (id, generation, key_check) VALUES (1, 1, NULL);",
    // 4: dataset files that a replacement or a drop took out of the catalog,
    // kept until queries that had already looked them up have finished.
    "CREATE TABLE retired_dataset_files (
        file_name TEXT PRIMARY KEY,
        retired INTEGER NOT NULL
    );",
    // 5: a dataset's vocabulary, as the operator wrote it (TOML text the
    // catalog never reads; NULL: none), and its revision, raised by every
    // change so that servers rebuild their planner on the next query.
    "ALTER TABLE datasets ADD COLUMN vocabulary TEXT;
    ALTER TABLE datasets ADD COLUMN vocabulary_revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE datasets ADD COLUMN vocabulary_updated INTEGER;",
    // 6: dataset ids are per account: two accounts may each own `flights`.
    // Existing datasets keep their owner; version names (file_name) stay
    // what the store chose, unique across accounts.
    "CREATE TABLE datasets_per_account (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        file_name TEXT NOT NULL,
        row_count INTEGER NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        vocabulary TEXT,
        vocabulary_revision INTEGER NOT NULL DEFAULT 0,
        vocabulary_updated INTEGER,
        PRIMARY KEY (account_id, id)
    );
    INSERT INTO datasets_per_account (account_id, id, file_name, row_count, created, updated,
        vocabulary, vocabulary_revision, vocabulary_updated)
    SELECT account_id, id, file_name, row_count, created, updated,
        vocabulary, vocabulary_revision, vocabulary_updated FROM datasets;
    DROP TABLE datasets;
    ALTER TABLE datasets_per_account RENAME TO datasets;
    CREATE INDEX datasets_id ON datasets(id);",
    // 7: browsers an account has signed in from (digests of the ids in
    // their device cookies), whose sign-ins are throttled on their own.
    "CREATE TABLE known_devices (
        id_digest BLOB PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created INTEGER NOT NULL
    );
    CREATE INDEX known_devices_account ON known_devices(account_id, created);",
    // 8: a per-account cap on API tokens (NULL: the default, 50).
    "ALTER TABLE account_limits ADD COLUMN max_tokens INTEGER;",
    // 9: the audit log (`audit.rs`): append-only, so triggers refuse any
    // change or removal. `account_id` is not a foreign key: an entry
    // outlives what it names, and keeps the email the account had.
    "CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        actor TEXT NOT NULL CHECK (actor IN ('operator', 'account', 'anonymous')),
        account_id INTEGER,
        account_email TEXT,
        address TEXT,
        action TEXT NOT NULL,
        subject TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_log_account ON audit_log(account_id, id);
    CREATE INDEX audit_log_at ON audit_log(at);
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
];

pub(crate) fn apply(conn: &mut Connection) -> Result<(), CatalogError> {
    // An immediate transaction: two processes opening a fresh catalog at
    // once cannot both run the same migration.
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .db()?;
    let version: usize = tx
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .db()? as usize;
    if version > MIGRATIONS.len() {
        return Err(CatalogError::Invalid(format!(
            "catalog schema version {version} is newer than this quarry ({}): upgrade quarry",
            MIGRATIONS.len()
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        tx.execute_batch(sql).db()?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .db()?;
    }
    tx.commit().db()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datasets_keep_their_owner_when_ids_become_per_account() {
        let mut conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..5] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 5).unwrap();
        conn.execute_batch(
            "INSERT INTO accounts (id, email, password_hash, created) VALUES
                (1, 'a@x.io', 'h', 0), (2, 'b@x.io', 'h', 0);
             INSERT INTO datasets (id, account_id, file_name, row_count, created, updated,
                vocabulary, vocabulary_revision, vocabulary_updated)
             VALUES ('flights', 1, 'flights-1.sqlite', 7, 10, 20, 'v', 3, 30),
                    ('movies', 2, 'movies-1.sqlite', 8, 11, 21, NULL, 0, NULL);",
        )
        .unwrap();
        apply(&mut conn).unwrap();
        let rows: Vec<(i64, String, String, i64, Option<String>, i64)> = conn
            .prepare(
                "SELECT account_id, id, file_name, row_count, vocabulary, vocabulary_revision
                 FROM datasets ORDER BY id",
            )
            .unwrap()
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            rows,
            [
                (
                    1,
                    "flights".into(),
                    "flights-1.sqlite".into(),
                    7,
                    Some("v".into()),
                    3
                ),
                (2, "movies".into(), "movies-1.sqlite".into(), 8, None, 0),
            ]
        );
        // Now b may own a `flights` of its own.
        conn.execute(
            "INSERT INTO datasets (account_id, id, file_name, row_count, created, updated)
             VALUES (2, 'flights', 'flights-2.sqlite', 1, 0, 0)",
            [],
        )
        .unwrap();
    }
}
