//! Quarry's catalog: `catalog.sqlite` in the data directory, holding the
//! accounts, their API tokens and the registry of datasets.
//!
//! Both the operator commands and the server open it; SQLite in WAL mode
//! lets the server read while the CLI writes, and because the server asks the
//! catalog on every request, a token deleted by the CLI is refused on the
//! very next request. The catalog knows nothing of HTTP, of the planner or of
//! a dataset's contents: a dataset here is an owner, a file name and a row
//! count.

mod dataset_files;
mod keyring;
mod limits;
mod migrations;
mod secret;
mod sessions;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rusqlite::{params, Connection, OptionalExtension};
use subtle::ConstantTimeEq;

pub use dataset_files::remove_dataset_file;
pub use keyring::Rotation;
pub use limits::{AccountLimits, KeyIdentity};
pub use secret::{KEY_ENV, KEY_FILE, TOKEN_PREFIX};
pub use sessions::{ConsoleSession, NewSession, SessionLimits};

/// File name of the catalog inside the data directory.
pub const CATALOG_FILE: &str = "catalog.sqlite";

/// How long a connection waits for another process's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// `last_used` is refreshed at most this often per token, so authentication
/// is a read, not a write, on almost every request.
const LAST_USED_GRANULARITY_SECS: i64 = 60;

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("catalog database error: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("catalog I/O error: {0}")]
    Io(#[from] std::io::Error),
    #[error("secret key: {0}")]
    Secret(String),
    #[error("password hashing failed: {0}")]
    Password(String),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
}

pub type Result<T, E = CatalogError> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: i64,
    pub email: String,
    /// Unix seconds.
    pub created: i64,
}

/// A token as listed for its owner (the console shows tokens in full).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiToken {
    pub id: i64,
    pub account_id: i64,
    pub name: String,
    pub value: String,
    pub created: i64,
    pub last_used: Option<i64>,
}

/// A registered dataset: who owns it and which file in `datasets/` holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatasetEntry {
    pub id: String,
    pub account_id: i64,
    pub file_name: String,
    pub row_count: u64,
    pub created: i64,
    pub updated: i64,
}

/// Outcome of registering a dataset: the file name it replaced, if any. The
/// replaced file is retired, not deleted: see
/// [`Catalog::sweep_retired_files`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registered {
    pub replaced_file: Option<String>,
}

/// An open catalog. One connection; not `Sync`: share it behind a mutex or
/// open one per thread.
pub struct Catalog {
    conn: Connection,
    /// The keys the tokens are under; replaced when another process rotates
    /// them (see `keyring`).
    keys: std::cell::RefCell<secret::Keys>,
    data_dir: PathBuf,
}

impl Catalog {
    /// Opens (creating if needed) `<data_dir>/catalog.sqlite`, applies
    /// pending migrations and loads the secret key.
    pub fn open(data_dir: &Path) -> Result<Catalog> {
        std::fs::create_dir_all(data_dir)?;
        let keys = secret::Keys::load(data_dir)?;
        let mut conn = Connection::open(data_dir.join(CATALOG_FILE))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations::apply(&mut conn)?;
        let keys = keyring::sync_at_open(&conn, data_dir, keys)?;
        Ok(Catalog {
            conn,
            keys: std::cell::RefCell::new(keys),
            data_dir: data_dir.to_path_buf(),
        })
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The directory holding dataset files.
    pub fn datasets_dir(&self) -> PathBuf {
        self.data_dir.join("datasets")
    }

    // ----- accounts -------------------------------------------------------

    pub fn create_account(&self, email: &str, password: &str) -> Result<Account> {
        let email = normalise_email(email)?;
        if password.chars().count() < 8 {
            return Err(CatalogError::Invalid(
                "the password must have at least 8 characters".into(),
            ));
        }
        let salt = SaltString::generate(&mut OsRng);
        let hash = Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map_err(|e| CatalogError::Password(e.to_string()))?
            .to_string();
        let created = now();
        let inserted = self.conn.execute(
            "INSERT INTO accounts (email, password_hash, created) VALUES (?1, ?2, ?3)",
            params![email, hash, created],
        );
        match inserted {
            Ok(_) => Ok(Account {
                id: self.conn.last_insert_rowid(),
                email,
                created,
            }),
            Err(e) if is_unique_violation(&e) => Err(CatalogError::Conflict(format!(
                "an account with email {email} already exists"
            ))),
            Err(e) => Err(e.into()),
        }
    }

    pub fn list_accounts(&self) -> Result<Vec<Account>> {
        let mut st = self
            .conn
            .prepare("SELECT id, email, created FROM accounts ORDER BY id")?;
        let rows = st.query_map([], |r| {
            Ok(Account {
                id: r.get(0)?,
                email: r.get(1)?,
                created: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The account with this email (case-insensitive).
    pub fn account_by_email(&self, email: &str) -> Result<Account> {
        self.conn
            .query_row(
                "SELECT id, email, created FROM accounts WHERE email = ?1",
                [email.trim()],
                |r| {
                    Ok(Account {
                        id: r.get(0)?,
                        email: r.get(1)?,
                        created: r.get(2)?,
                    })
                },
            )
            .optional()?
            .ok_or_else(|| {
                CatalogError::NotFound(format!("no account with email {}", email.trim()))
            })
    }

    /// Checks a password; `Ok(None)` for an unknown email or a wrong
    /// password (the caller cannot tell which).
    pub fn verify_password(&self, email: &str, password: &str) -> Result<Option<Account>> {
        let row: Option<(i64, String, i64, String)> = self
            .conn
            .query_row(
                "SELECT id, email, created, password_hash FROM accounts WHERE email = ?1",
                [email.trim()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?;
        let Some((id, email, created, hash)) = row else {
            return Ok(None);
        };
        let parsed = PasswordHash::new(&hash).map_err(|e| CatalogError::Password(e.to_string()))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .ok()
            .map(|_| Account { id, email, created }))
    }

    // ----- tokens ---------------------------------------------------------

    /// Creates a token for the account. Without a name, `token-N` is chosen.
    pub fn create_token(&self, account_id: i64, name: Option<&str>) -> Result<ApiToken> {
        let name = match name {
            Some(n) => validate_token_name(n)?,
            None => self.next_token_name(account_id)?,
        };
        let value = secret::generate_token();
        let created = now();
        // Under the catalog's current key, which a rotation cannot change
        // while this write transaction holds the lock.
        let inserted = self.in_transaction(true, || {
            let keys = self.current_keys()?;
            Ok(self.conn.execute(
                "INSERT INTO tokens (account_id, name, value_encrypted, digest, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    account_id,
                    name,
                    keys.encrypt(&value),
                    keys.digest(&value).to_vec(),
                    created
                ],
            ))
        })?;
        match inserted {
            Ok(_) => Ok(ApiToken {
                id: self.conn.last_insert_rowid(),
                account_id,
                name,
                value,
                created,
                last_used: None,
            }),
            Err(e) if is_unique_violation(&e) => Err(CatalogError::Conflict(format!(
                "the account already has a token named {name}"
            ))),
            Err(e) => Err(e.into()),
        }
    }

    fn next_token_name(&self, account_id: i64) -> Result<String> {
        let mut n: i64 = self.conn.query_row(
            "SELECT COUNT(*) FROM tokens WHERE account_id = ?1",
            [account_id],
            |r| r.get(0),
        )?;
        loop {
            n += 1;
            let name = format!("token-{n}");
            let taken: bool = self.conn.query_row(
                "SELECT EXISTS(SELECT 1 FROM tokens WHERE account_id = ?1 AND name = ?2)",
                params![account_id, name],
                |r| r.get(0),
            )?;
            if !taken {
                return Ok(name);
            }
        }
    }

    pub fn list_tokens(&self, account_id: i64) -> Result<Vec<ApiToken>> {
        // One read snapshot: the key generation and the ciphertexts agree.
        self.in_transaction(false, || self.list_tokens_in_snapshot(account_id))
    }

    fn list_tokens_in_snapshot(&self, account_id: i64) -> Result<Vec<ApiToken>> {
        let keys = self.current_keys()?;
        let mut st = self.conn.prepare(
            "SELECT id, account_id, name, value_encrypted, created, last_used
             FROM tokens WHERE account_id = ?1 ORDER BY id",
        )?;
        let rows = st.query_map([account_id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Vec<u8>>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, Option<i64>>(5)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, account_id, name, blob, created, last_used) = row?;
            out.push(ApiToken {
                id,
                account_id,
                name,
                value: keys.decrypt(&blob)?,
                created,
                last_used,
            });
        }
        Ok(out)
    }

    /// Deletes one of the account's tokens, named by its name or, failing
    /// that, its numeric id. Returns the deleted token's name.
    pub fn delete_token(&self, account_id: i64, name_or_id: &str) -> Result<String> {
        let found: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT id, name FROM tokens WHERE account_id = ?1 AND name = ?2",
                params![account_id, name_or_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let found = match (found, name_or_id.parse::<i64>()) {
            (Some(f), _) => Some(f),
            (None, Ok(id)) => self
                .conn
                .query_row(
                    "SELECT id, name FROM tokens WHERE account_id = ?1 AND id = ?2",
                    params![account_id, id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?,
            (None, Err(_)) => None,
        };
        let Some((id, name)) = found else {
            return Err(CatalogError::NotFound(format!(
                "the account has no token named or numbered {name_or_id}"
            )));
        };
        self.conn
            .execute("DELETE FROM tokens WHERE id = ?1", [id])?;
        Ok(name)
    }

    /// Deletes one of the account's tokens by its id (the console's delete
    /// form). A token of another account is "not found", and stays.
    pub fn delete_token_by_id(&self, account_id: i64, token_id: i64) -> Result<String> {
        self.conn
            .query_row(
                "DELETE FROM tokens WHERE id = ?1 AND account_id = ?2 RETURNING name",
                params![token_id, account_id],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| CatalogError::NotFound(format!("the account has no token {token_id}")))
    }

    /// The account a presented API key belongs to, or `None` when the key is
    /// malformed, unknown or deleted.
    pub fn authenticate(&self, key: &str) -> Result<Option<i64>> {
        Ok(self.authenticate_key(key)?.map(|k| k.account_id))
    }

    /// The token a presented API key is, with its account and the account's
    /// limits, or `None` when the key is malformed, unknown or deleted.
    pub fn authenticate_key(&self, key: &str) -> Result<Option<KeyIdentity>> {
        if !secret::is_token_shaped(key) {
            return Ok(None);
        }
        // The digest is computed under the key of the same read snapshot the
        // token is looked up in, so a rotation committing meanwhile cannot
        // make a valid key look unknown.
        let found =
            self.in_transaction(false, || {
                let digest = self.current_keys()?.digest(key);
                let row: Option<TokenRow> = self
                .conn
                .query_row(
                    "SELECT t.id, t.account_id, t.digest, t.last_used, l.per_minute, l.concurrent
                     FROM tokens t LEFT JOIN account_limits l ON l.account_id = t.account_id
                     WHERE t.digest = ?1",
                    [digest.to_vec()],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )
                .optional()?;
                Ok(row.filter(|(_, _, stored, ..)| {
                    bool::from(stored.as_slice().ct_eq(digest.as_slice()))
                }))
            })?;
        let Some((id, account_id, _, last_used, per_minute, concurrent)) = found else {
            return Ok(None);
        };
        let t = now();
        if last_used.is_none_or(|u| t - u >= LAST_USED_GRANULARITY_SECS) {
            // Best effort: a busy catalog must not fail an authenticated request.
            let _ = self.conn.execute(
                "UPDATE tokens SET last_used = ?1 WHERE id = ?2",
                params![t, id],
            );
        }
        Ok(Some(KeyIdentity {
            token_id: id,
            account_id,
            limits: AccountLimits::from_columns(per_minute, concurrent),
        }))
    }

    // ----- datasets -------------------------------------------------------

    /// Registers a dataset file for an account, replacing the entry if the
    /// account already has a dataset with this id (the old file is retired).
    /// A dataset id owned by another account is a conflict.
    pub fn register_dataset(
        &mut self,
        id: &str,
        account_id: i64,
        file_name: &str,
        row_count: u64,
    ) -> Result<Registered> {
        self.register_dataset_as(id, account_id, file_name, row_count, OnExisting::Replace)
    }

    /// [`Catalog::register_dataset`], refusing (as a conflict) to replace the
    /// account's own dataset unless `on_existing` says so. The check and the
    /// swap are one transaction: a query sees the old version or the new one.
    pub fn register_dataset_as(
        &mut self,
        id: &str,
        account_id: i64,
        file_name: &str,
        row_count: u64,
        on_existing: OnExisting,
    ) -> Result<Registered> {
        validate_dataset_id(id)?;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let existing: Option<(i64, String)> = tx
            .query_row(
                "SELECT account_id, file_name FROM datasets WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let t = now();
        let replaced_file = match existing {
            Some((owner, _)) if owner != account_id => {
                return Err(CatalogError::Conflict(format!(
                    "dataset id {id} is already taken by another account"
                )))
            }
            Some(_) if on_existing == OnExisting::Refuse => {
                return Err(CatalogError::Conflict(format!(
                    "dataset {id} already exists; pass --replace to swap in a new version"
                )))
            }
            Some((_, old_file)) => {
                tx.execute(
                    "UPDATE datasets SET file_name = ?2, row_count = ?3, updated = ?4 WHERE id = ?1",
                    params![id, file_name, row_count as i64, t],
                )?;
                let old = Some(old_file).filter(|f| f != file_name);
                if let Some(old) = &old {
                    retire_file(&tx, old, t)?;
                }
                old
            }
            None => {
                tx.execute(
                    "INSERT INTO datasets (id, account_id, file_name, row_count, created, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                    params![id, account_id, file_name, row_count as i64, t],
                )?;
                None
            }
        };
        tx.commit()?;
        Ok(Registered { replaced_file })
    }

    pub fn get_dataset(&self, id: &str) -> Result<Option<DatasetEntry>> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, account_id, file_name, row_count, created, updated
                 FROM datasets WHERE id = ?1",
                [id],
                dataset_row,
            )
            .optional()?)
    }

    /// All datasets, or only one account's.
    pub fn list_datasets(&self, account_id: Option<i64>) -> Result<Vec<DatasetEntry>> {
        let mut st = self.conn.prepare(
            "SELECT id, account_id, file_name, row_count, created, updated FROM datasets
             WHERE ?1 IS NULL OR account_id = ?1 ORDER BY id",
        )?;
        let rows = st.query_map([account_id], dataset_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Unregisters a dataset, retires its file and returns its entry.
    pub fn drop_dataset(&self, id: &str) -> Result<DatasetEntry> {
        self.unregister_dataset(id, None)
    }

    /// Unregisters dataset `id` (of `account_id`, when given: another
    /// account's is "not found") and retires its file, in one transaction.
    pub(crate) fn unregister_dataset(
        &self,
        id: &str,
        account_id: Option<i64>,
    ) -> Result<DatasetEntry> {
        let tx = self.conn.unchecked_transaction()?;
        let entry = tx
            .query_row(
                "SELECT id, account_id, file_name, row_count, created, updated
                 FROM datasets WHERE id = ?1 AND (?2 IS NULL OR account_id = ?2)",
                params![id, account_id],
                dataset_row,
            )
            .optional()?
            .ok_or_else(|| CatalogError::NotFound(format!("no dataset with id {id}")))?;
        tx.execute("DELETE FROM datasets WHERE id = ?1", [id])?;
        retire_file(&tx, &entry.file_name, now())?;
        tx.commit()?;
        Ok(entry)
    }

    /// Deletes the files retired at least `grace` ago (by a replacement or a
    /// drop) and forgets them; returns how many. The grace lets queries that
    /// looked a dataset up just before the swap open and read the old file
    /// (once open, a file stays readable after deletion on Unix).
    pub fn sweep_retired_files(&self, grace: Duration) -> Result<usize> {
        let cutoff = now() - grace.as_secs() as i64;
        let due: Vec<String> = {
            let mut st = self.conn.prepare(
                "SELECT file_name FROM retired_dataset_files WHERE retired <= ?1
                 AND file_name NOT IN (SELECT file_name FROM datasets)",
            )?;
            let rows = st.query_map([cutoff], |r| r.get(0))?;
            rows.collect::<std::result::Result<_, _>>()?
        };
        let dir = self.datasets_dir();
        for name in &due {
            // Only a plain file name inside the datasets directory.
            if !name.contains(['/', '\\']) && name != ".." {
                remove_dataset_file(&dir.join(name));
            }
            self.conn.execute(
                "DELETE FROM retired_dataset_files WHERE file_name = ?1",
                [name],
            )?;
        }
        Ok(due.len())
    }
}

/// What registering a dataset does when the account already has one with
/// the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnExisting {
    /// Refuse, as a conflict.
    Refuse,
    /// Swap the new file in; the old one is retired.
    Replace,
}

/// How long a retired dataset file is kept before
/// [`Catalog::sweep_retired_files`] deletes it: far longer than the window
/// between a query looking its dataset up and opening the file.
pub const RETIRED_FILE_GRACE: Duration = Duration::from_secs(120);

fn retire_file(conn: &Connection, file_name: &str, at: i64) -> Result<()> {
    conn.execute(
        "INSERT INTO retired_dataset_files (file_name, retired) VALUES (?1, ?2)
         ON CONFLICT (file_name) DO UPDATE SET retired = excluded.retired",
        params![file_name, at],
    )?;
    Ok(())
}

/// A token found by digest: id, account, stored digest, last use, and the
/// account's per-minute and concurrent limits.
type TokenRow = (i64, i64, Vec<u8>, Option<i64>, Option<i64>, Option<i64>);

fn dataset_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DatasetEntry> {
    Ok(DatasetEntry {
        id: r.get(0)?,
        account_id: r.get(1)?,
        file_name: r.get(2)?,
        row_count: r.get::<_, i64>(3)? as u64,
        created: r.get(4)?,
        updated: r.get(5)?,
    })
}

/// A dataset id: 1 to 64 characters of ASCII letters, digits, `_` and `-`,
/// starting with a letter or digit.
pub fn validate_dataset_id(id: &str) -> Result<()> {
    let ok = (1..=64).contains(&id.len())
        && id.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(CatalogError::Invalid(format!(
            "invalid dataset id {id:?}: use 1 to 64 letters, digits, '_' or '-', starting with a letter or digit"
        )))
    }
}

fn validate_token_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(CatalogError::Invalid(
            "a token name must have 1 to 64 printable characters".into(),
        ));
    }
    Ok(name.to_string())
}

fn normalise_email(email: &str) -> Result<String> {
    let email = email.trim();
    let valid = email.len() <= 254
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty() && !domain.is_empty() && !domain.contains('@')
        });
    if valid {
        Ok(email.to_string())
    } else {
        Err(CatalogError::Invalid(format!(
            "{email:?} is not a valid email address"
        )))
    }
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> (tempfile::TempDir, Catalog) {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        (dir, c)
    }

    #[test]
    fn accounts_are_unique_case_insensitively_and_passwords_verify() {
        let (_d, c) = open();
        let a = c
            .create_account("Ann@Example.com", "correct horse")
            .unwrap();
        assert!(matches!(
            c.create_account("ann@example.COM", "another one"),
            Err(CatalogError::Conflict(_))
        ));
        assert_eq!(c.account_by_email("ANN@example.com").unwrap().id, a.id);
        assert!(c
            .verify_password("ann@example.com", "correct horse")
            .unwrap()
            .is_some());
        assert!(c
            .verify_password("ann@example.com", "wrong horse")
            .unwrap()
            .is_none());
        assert!(c
            .verify_password("bob@example.com", "correct horse")
            .unwrap()
            .is_none());
        assert!(matches!(
            c.create_account("not-an-email", "longenough"),
            Err(CatalogError::Invalid(_))
        ));
        assert!(matches!(
            c.create_account("a@b", "short"),
            Err(CatalogError::Invalid(_))
        ));
        assert_eq!(c.list_accounts().unwrap().len(), 1);
    }

    #[test]
    fn tokens_authenticate_until_deleted() {
        let (dir, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let t1 = c.create_token(a.id, None).unwrap();
        let t2 = c.create_token(a.id, Some("ci")).unwrap();
        assert_eq!(t1.name, "token-1");
        assert!(t1.value.starts_with("qk_"));
        assert!(matches!(
            c.create_token(a.id, Some("ci")),
            Err(CatalogError::Conflict(_))
        ));
        assert_eq!(c.authenticate(&t1.value).unwrap(), Some(a.id));
        assert_eq!(c.authenticate("qk_nope").unwrap(), None);
        let listed = c.list_tokens(a.id).unwrap();
        assert_eq!(
            listed.iter().map(|t| t.value.clone()).collect::<Vec<_>>(),
            vec![t1.value.clone(), t2.value.clone()]
        );

        // A second connection (the CLI) deletes; the first sees it at once.
        let cli = Catalog::open(dir.path()).unwrap();
        assert_eq!(cli.delete_token(a.id, "ci").unwrap(), "ci");
        assert_eq!(c.authenticate(&t2.value).unwrap(), None);
        assert_eq!(
            cli.delete_token(a.id, &t1.id.to_string()).unwrap(),
            "token-1"
        );
        assert_eq!(c.authenticate(&t1.value).unwrap(), None);
        assert!(matches!(
            cli.delete_token(a.id, "ci"),
            Err(CatalogError::NotFound(_))
        ));
    }

    #[test]
    fn token_deletion_is_scoped_to_the_account() {
        let (_d, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        let t = c.create_token(a.id, Some("main")).unwrap();
        assert!(c.delete_token(b.id, "main").is_err());
        assert!(c.delete_token(b.id, &t.id.to_string()).is_err());
        assert_eq!(c.authenticate(&t.value).unwrap(), Some(a.id));
    }

    #[test]
    fn datasets_register_replace_and_drop() {
        let (_d, mut c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        assert_eq!(
            c.register_dataset("movies", a.id, "movies-1.sqlite", 10)
                .unwrap()
                .replaced_file,
            None
        );
        let r = c
            .register_dataset("movies", a.id, "movies-2.sqlite", 12)
            .unwrap();
        assert_eq!(r.replaced_file.as_deref(), Some("movies-1.sqlite"));
        assert!(matches!(
            c.register_dataset("movies", b.id, "x.sqlite", 1),
            Err(CatalogError::Conflict(_))
        ));
        assert!(c.register_dataset("bad id", a.id, "x.sqlite", 1).is_err());
        let e = c.get_dataset("movies").unwrap().unwrap();
        assert_eq!(
            (e.account_id, e.file_name.as_str(), e.row_count),
            (a.id, "movies-2.sqlite", 12)
        );
        assert_eq!(c.list_datasets(Some(b.id)).unwrap().len(), 0);
        assert_eq!(c.list_datasets(None).unwrap().len(), 1);
        c.drop_dataset("movies").unwrap();
        assert!(c.get_dataset("movies").unwrap().is_none());
    }

    #[test]
    fn key_file_is_private_and_reused() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let t = c.create_token(a.id, None).unwrap();
        let mode = std::fs::metadata(dir.path().join(KEY_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        drop(c);
        let c = Catalog::open(dir.path()).unwrap();
        assert_eq!(c.authenticate(&t.value).unwrap(), Some(a.id));
        assert_eq!(c.list_tokens(a.id).unwrap()[0].value, t.value);
    }
}
