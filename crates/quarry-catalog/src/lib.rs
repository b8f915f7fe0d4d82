//! Quarry's catalog: `catalog.sqlite` in the data directory, holding the
//! accounts, their API tokens and the registry of datasets.
//!
//! Both the operator commands and the server open it; SQLite in WAL mode
//! lets the server read while the CLI writes, and because the server asks the
//! catalog on every request, a token deleted by the CLI is refused on the
//! very next request. The catalog knows nothing of HTTP, of the planner or of
//! a dataset's contents: a dataset here is an owner, the store's name of its
//! current version and a row count; it never touches the dataset store.

mod audit;
mod backend;
mod error;
mod keyring;
mod limits;
mod migrations;
mod registry;
mod secret;
mod sessions;
mod versions;
mod vocabulary;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use argon2::Argon2;
use rusqlite::{params, Connection, OptionalExtension};
use subtle::ConstantTimeEq;

pub use audit::{dataset_subject, token_subject, Actor, AuditAction, AuditEntry, AuditFilter};
pub use backend::{support, CatalogBackend};
use error::Db;
pub use error::{CatalogError, Result, StorageError};
pub use keyring::{check_key, Rotation};
pub use limits::{AccountLimits, KeyIdentity, DEFAULT_MAX_TOKENS};
pub use quarry_profile::{DatasetId, InvalidDatasetId};
pub use registry::{DatasetEntry, OnExisting, Registered, RemoveVersion, RETIRED_FILE_GRACE};
pub use secret::{KEY_ENV, KEY_FILE, NEXT_KEY_FILE, TOKEN_PREFIX};
pub use sessions::{ConsoleSession, NewSession, SessionLimits};
pub use vocabulary::StoredVocabulary;

/// File name of the catalog inside the data directory.
pub const CATALOG_FILE: &str = "catalog.sqlite";

/// How long a connection waits for another process's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// `last_used` is refreshed at most this often per token, so authentication
/// is a read, not a write, on almost every request.
pub const LAST_USED_GRANULARITY_SECS: i64 = 60;

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

/// An open catalog. One connection; not `Sync`: share it behind a mutex or
/// open one per thread.
pub struct Catalog {
    conn: Connection,
    /// The keys the tokens are under; replaced when another process rotates
    /// them (see `keyring`).
    keys: std::cell::RefCell<secret::Keys>,
    data_dir: PathBuf,
}

/// An argon2id hash of a random password, made once with the parameters
/// real accounts' hashes have; an unknown email is verified against it.
fn dummy_hash() -> &'static PasswordHash<'static> {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    static PARSED: std::sync::OnceLock<PasswordHash<'static>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| {
        let text = HASH.get_or_init(|| {
            use argon2::password_hash::rand_core::RngCore;
            let mut password = [0u8; 32];
            OsRng.fill_bytes(&mut password);
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(&password, &salt)
                .expect("argon2 hashes a 32-byte password")
                .to_string()
        });
        PasswordHash::new(text).expect("argon2 output parses")
    })
}

impl Catalog {
    /// Opens (creating if needed) `<data_dir>/catalog.sqlite`, applies
    /// pending migrations and loads the secret key.
    pub fn open(data_dir: &Path) -> Result<Catalog> {
        std::fs::create_dir_all(data_dir)?;
        let keys = secret::Keys::load(data_dir)?;
        let mut conn = Connection::open(data_dir.join(CATALOG_FILE)).db()?;
        conn.busy_timeout(BUSY_TIMEOUT).db()?;
        conn.pragma_update(None, "journal_mode", "WAL").db()?;
        conn.pragma_update(None, "synchronous", "NORMAL").db()?;
        conn.pragma_update(None, "foreign_keys", "ON").db()?;
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

    // ----- accounts -------------------------------------------------------

    pub fn create_account(&self, email: &str, password: &str) -> Result<Account> {
        let email = normalise_email(email)?;
        let hash = support::hash_password(password)?;
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
            Err(e) => Err(error::storage(e)),
        }
    }

    pub fn list_accounts(&self) -> Result<Vec<Account>> {
        let mut st = self
            .conn
            .prepare("SELECT id, email, created FROM accounts ORDER BY id")
            .db()?;
        let rows = st
            .query_map([], |r| {
                Ok(Account {
                    id: r.get(0)?,
                    email: r.get(1)?,
                    created: r.get(2)?,
                })
            })
            .db()?;
        rows.collect::<Result<_, _>>().db()
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
            .optional()
            .db()?
            .ok_or_else(|| {
                CatalogError::NotFound(format!("no account with email {}", email.trim()))
            })
    }

    /// Checks a password; `Ok(None)` for an unknown email or a wrong
    /// password (the caller cannot tell which, not even by the time taken:
    /// an unknown email is checked against a dummy hash).
    pub fn verify_password(&self, email: &str, password: &str) -> Result<Option<Account>> {
        let row: Option<(i64, String, i64, String)> = self
            .conn
            .query_row(
                "SELECT id, email, created, password_hash FROM accounts WHERE email = ?1",
                [email.trim()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
            .db()?;
        let Some((id, email, created, hash)) = row else {
            support::verify_password_hash(None, password)?;
            return Ok(None);
        };
        Ok(
            support::verify_password_hash(Some(&hash), password)?.then_some(Account {
                id,
                email,
                created,
            }),
        )
    }

    // ----- tokens ---------------------------------------------------------

    /// Creates a token for the account. Without a name, `token-N` is chosen.
    /// Refused ([`CatalogError::Conflict`]) when the account already has as
    /// many tokens as its limits allow ([`AccountLimits::max_tokens`]).
    pub fn create_token(
        &self,
        by: &Actor,
        account_id: i64,
        name: Option<&str>,
    ) -> Result<ApiToken> {
        let name = match name {
            Some(n) => validate_token_name(n)?,
            None => self.next_token_name(account_id)?,
        };
        let value = secret::generate_token();
        let created = now();
        // Under the catalog's current key, which a rotation cannot change
        // while this write transaction holds the lock.
        // The count and the insert are one write transaction, so two
        // processes cannot both take the last place.
        let inserted = self.in_transaction(true, || {
            let max = self.account_limits(account_id)?.max_tokens();
            let count: i64 = self
                .conn
                .query_row(
                    "SELECT COUNT(*) FROM tokens WHERE account_id = ?1",
                    [account_id],
                    |r| r.get(0),
                )
                .db()?;
            if count >= i64::from(max) {
                return Err(CatalogError::Conflict(format!(
                    "the account already has {max} API tokens, the most it may have; \
                     delete one to create another."
                )));
            }
            let keys = self.current_keys()?;
            let inserted = self.conn.execute(
                "INSERT INTO tokens (account_id, name, value_encrypted, digest, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    account_id,
                    name,
                    keys.encrypt(&value),
                    keys.digest(&value).to_vec(),
                    created
                ],
            );
            Ok(match inserted {
                Ok(_) => {
                    let id = self.conn.last_insert_rowid();
                    audit::write(
                        &self.conn,
                        by,
                        Some(account_id),
                        AuditAction::TokenCreated,
                        &token_subject(id, &name),
                        "",
                    )?;
                    Ok(id)
                }
                Err(e) => Err(e),
            })
        })?;
        match inserted {
            Ok(id) => Ok(ApiToken {
                id,
                account_id,
                name,
                value,
                created,
                last_used: None,
            }),
            Err(e) if is_unique_violation(&e) => Err(CatalogError::Conflict(format!(
                "the account already has a token named {name}"
            ))),
            Err(e) => Err(error::storage(e)),
        }
    }

    fn next_token_name(&self, account_id: i64) -> Result<String> {
        let mut n: i64 = self
            .conn
            .query_row(
                "SELECT COUNT(*) FROM tokens WHERE account_id = ?1",
                [account_id],
                |r| r.get(0),
            )
            .db()?;
        loop {
            n += 1;
            let name = format!("token-{n}");
            let taken: bool = self
                .conn
                .query_row(
                    "SELECT EXISTS(SELECT 1 FROM tokens WHERE account_id = ?1 AND name = ?2)",
                    params![account_id, name],
                    |r| r.get(0),
                )
                .db()?;
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
        let mut st = self
            .conn
            .prepare(
                "SELECT id, account_id, name, value_encrypted, created, last_used
             FROM tokens WHERE account_id = ?1 ORDER BY id",
            )
            .db()?;
        let rows = st
            .query_map([account_id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Vec<u8>>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, Option<i64>>(5)?,
                ))
            })
            .db()?;
        let mut out = Vec::new();
        for row in rows {
            let (id, account_id, name, blob, created, last_used) = row.db()?;
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
    pub fn delete_token(&self, by: &Actor, account_id: i64, name_or_id: &str) -> Result<String> {
        self.in_transaction(true, || self.delete_token_in(by, account_id, name_or_id))
    }

    fn delete_token_in(&self, by: &Actor, account_id: i64, name_or_id: &str) -> Result<String> {
        let found: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT id, name FROM tokens WHERE account_id = ?1 AND name = ?2",
                params![account_id, name_or_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .db()?;
        let found = match (found, name_or_id.parse::<i64>()) {
            (Some(f), _) => Some(f),
            (None, Ok(id)) => self
                .conn
                .query_row(
                    "SELECT id, name FROM tokens WHERE account_id = ?1 AND id = ?2",
                    params![account_id, id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .db()?,
            (None, Err(_)) => None,
        };
        let Some((id, name)) = found else {
            return Err(CatalogError::NotFound(format!(
                "the account has no token named or numbered {name_or_id}"
            )));
        };
        self.conn
            .execute("DELETE FROM tokens WHERE id = ?1", [id])
            .db()?;
        audit::write(
            &self.conn,
            by,
            Some(account_id),
            AuditAction::TokenDeleted,
            &token_subject(id, &name),
            "",
        )?;
        Ok(name)
    }

    /// Deletes one of the account's tokens by its id (the console's delete
    /// form). A token of another account is "not found", and stays.
    pub fn delete_token_by_id(&self, by: &Actor, account_id: i64, token_id: i64) -> Result<String> {
        self.in_transaction(true, || {
            let name: String = self
                .conn
                .query_row(
                    "DELETE FROM tokens WHERE id = ?1 AND account_id = ?2 RETURNING name",
                    params![token_id, account_id],
                    |r| r.get(0),
                )
                .optional()
                .db()?
                .ok_or_else(|| {
                    CatalogError::NotFound(format!("the account has no token {token_id}"))
                })?;
            audit::write(
                &self.conn,
                by,
                Some(account_id),
                AuditAction::TokenDeleted,
                &token_subject(token_id, &name),
                "",
            )?;
            Ok(name)
        })
    }

    /// The account a presented API key belongs to, or `None` when the key is
    /// malformed, unknown or deleted.
    pub fn authenticate(&self, key: &str) -> Result<Option<i64>> {
        Ok(self.authenticate_key(key)?.map(|k| k.account_id))
    }

    /// The token a presented API key is, with its account and the account's
    /// limits, or `None` when the key is malformed, unknown or deleted.
    pub fn authenticate_key(&self, key: &str) -> Result<Option<KeyIdentity>> {
        self.authenticate_key_from(key, None)
    }

    /// [`Catalog::authenticate_key`] for a request from `address`: the
    /// token's first use is recorded in the audit log with it.
    pub fn authenticate_key_from(
        &self,
        key: &str,
        address: Option<&str>,
    ) -> Result<Option<KeyIdentity>> {
        if !secret::is_token_shaped(key) {
            return Ok(None);
        }
        // The digest is computed under the key of the same read snapshot the
        // token is looked up in, so a rotation committing meanwhile cannot
        // make a valid key look unknown.
        let found = self.in_transaction(false, || {
            let digest = self.current_keys()?.digest(key);
            // Cached: every authenticated request runs it.
            let row: Option<TokenRow> = self
                .conn
                .prepare_cached(
                    "SELECT t.id, t.account_id, t.digest, t.last_used, l.per_minute, l.concurrent,
                            l.max_tokens
                     FROM tokens t LEFT JOIN account_limits l ON l.account_id = t.account_id
                     WHERE t.digest = ?1",
                )
                .db()?
                .query_row([digest.to_vec()], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                })
                .optional()
                .db()?;
            Ok(row.filter(|(_, _, stored, ..)| {
                bool::from(stored.as_slice().ct_eq(digest.as_slice()))
            }))
        })?;
        let Some((id, account_id, _, last_used, per_minute, concurrent, tokens)) = found else {
            return Ok(None);
        };
        let t = now();
        if last_used.is_none() {
            // The first use: `last_used` set and the entry written together,
            // by whichever request (of whichever process) gets there first.
            // Best effort, as below: when it fails, the next request tries.
            let by = Actor::Account {
                id: account_id,
                address: address.map(str::to_string),
            };
            let _ = self.in_transaction(true, || {
                let first = self
                    .conn
                    .execute(
                        "UPDATE tokens SET last_used = ?1 WHERE id = ?2 AND last_used IS NULL",
                        params![t, id],
                    )
                    .db()?;
                if first == 1 {
                    let name: String = self
                        .conn
                        .query_row("SELECT name FROM tokens WHERE id = ?1", [id], |r| r.get(0))
                        .db()?;
                    audit::write(
                        &self.conn,
                        &by,
                        Some(account_id),
                        AuditAction::TokenFirstUsed,
                        &token_subject(id, &name),
                        "",
                    )?;
                }
                Ok(())
            });
        } else if last_used.is_some_and(|u| t - u >= LAST_USED_GRANULARITY_SECS) {
            // Best effort: a busy catalog must not fail an authenticated request.
            let _ = self.conn.execute(
                "UPDATE tokens SET last_used = ?1 WHERE id = ?2",
                params![t, id],
            );
        }
        Ok(Some(KeyIdentity {
            token_id: id,
            account_id,
            limits: AccountLimits::from_columns(per_minute, concurrent, tokens),
        }))
    }
}

/// A token found by digest: id, account, stored digest, last use, and the
/// account's per-minute, concurrent and token limits.
type TokenRow = (
    i64,
    i64,
    Vec<u8>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// A token name as stored: trimmed, 1 to 64 printable characters.
pub fn validate_token_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(CatalogError::Invalid(
            "a token name must have 1 to 64 printable characters".into(),
        ));
    }
    Ok(name.to_string())
}

/// An email as stored: trimmed, and shaped like one.
pub fn normalise_email(email: &str) -> Result<String> {
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

/// The time now, Unix seconds.
pub fn now() -> i64 {
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
        let t1 = c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        let t2 = c
            .create_token(&crate::Actor::Operator, a.id, Some("ci"))
            .unwrap();
        assert_eq!(t1.name, "token-1");
        assert!(t1.value.starts_with("qk_"));
        assert!(matches!(
            c.create_token(&crate::Actor::Operator, a.id, Some("ci")),
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
        assert_eq!(
            cli.delete_token(&crate::Actor::Operator, a.id, "ci")
                .unwrap(),
            "ci"
        );
        assert_eq!(c.authenticate(&t2.value).unwrap(), None);
        assert_eq!(
            cli.delete_token(&crate::Actor::Operator, a.id, &t1.id.to_string())
                .unwrap(),
            "token-1"
        );
        assert_eq!(c.authenticate(&t1.value).unwrap(), None);
        assert!(matches!(
            cli.delete_token(&crate::Actor::Operator, a.id, "ci"),
            Err(CatalogError::NotFound(_))
        ));
    }

    #[test]
    fn token_deletion_is_scoped_to_the_account() {
        let (_d, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        let t = c
            .create_token(&crate::Actor::Operator, a.id, Some("main"))
            .unwrap();
        assert!(c
            .delete_token(&crate::Actor::Operator, b.id, "main")
            .is_err());
        assert!(c
            .delete_token(&crate::Actor::Operator, b.id, &t.id.to_string())
            .is_err());
        assert_eq!(c.authenticate(&t.value).unwrap(), Some(a.id));
    }

    #[test]
    fn datasets_register_replace_and_drop() {
        let (_d, mut c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        assert_eq!(
            c.register_dataset(
                &crate::Actor::Operator,
                "movies",
                a.id,
                "movies-1.sqlite",
                10
            )
            .unwrap()
            .replaced_version,
            None
        );
        let r = c
            .register_dataset(
                &crate::Actor::Operator,
                "movies",
                a.id,
                "movies-2.sqlite",
                12,
            )
            .unwrap();
        assert_eq!(r.replaced_version.as_deref(), Some("movies-1.sqlite"));
        // Ids are per account: b registers its own `movies`.
        assert_eq!(
            c.register_dataset(&crate::Actor::Operator, "movies", b.id, "x.sqlite", 1)
                .unwrap()
                .replaced_version,
            None
        );
        assert!(c
            .register_dataset(&crate::Actor::Operator, "bad id", a.id, "x.sqlite", 1)
            .is_err());
        let e = c.get_dataset(a.id, "movies").unwrap().unwrap();
        assert_eq!(
            (e.account_id, e.version.as_str(), e.row_count),
            (a.id, "movies-2.sqlite", 12)
        );
        let e = c.get_dataset(b.id, "movies").unwrap().unwrap();
        assert_eq!((e.account_id, e.version.as_str()), (b.id, "x.sqlite"));
        assert_eq!(c.list_datasets(Some(b.id)).unwrap().len(), 1);
        assert_eq!(c.list_datasets(None).unwrap().len(), 2);
        c.drop_dataset(&crate::Actor::Operator, a.id, "movies")
            .unwrap();
        assert!(c.get_dataset(a.id, "movies").unwrap().is_none());
        assert!(c.get_dataset(b.id, "movies").unwrap().is_some());
    }

    #[test]
    fn key_file_is_private_and_reused() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let t = c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
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
