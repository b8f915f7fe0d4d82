//! The catalog in PostgreSQL: [`PgCatalog`] implements
//! [`CatalogBackend`] over the tables of one schema (default
//! `quarry_catalog`, see `migrations/catalog/`), with the same rules as the
//! SQLite catalog (`quarry_catalog::support`): every audited change writes
//! its entry in its own transaction, tokens are encrypted under the key of
//! the data directory or `QUARRY_SECRET_KEY` (every replica must hold the
//! same key: its fingerprint is stored in `secret_state`, and a replica
//! with another key refuses to start).
//!
//! Nothing is cached: a token or a session is read from PostgreSQL on every
//! request, so a deletion through any replica is seen by every other at its
//! next request. Request rates are counted in `rate_windows`, shared by the
//! replicas (see [`PgCatalog::take_shared_rate`]).
//!
//! Blocking, like the trait: one small runtime and one pool per database
//! URL and schema, shared by every catalog the process opens and never
//! dropped (so a catalog may be dropped anywhere). A connection is waited
//! for at most [`POOL_WAIT`] (a new one for [`CONNECT_TIMEOUT`]): when PostgreSQL is down, calls fail fast with
//! an error that [`quarry_catalog::CatalogError::is_unavailable`]
//! recognises, and the pool reconnects once it is back.

mod migrations;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use deadpool_postgres::GenericClient;
use deadpool_postgres::{Object, Pool};
use quarry_catalog::support::{self, TokenKeys};
use quarry_catalog::{
    Account, AccountLimits, Actor, ApiToken, AuditAction, AuditEntry, AuditFilter, CatalogBackend,
    CatalogError, ConsoleSession, DatasetEntry, KeyIdentity, NewSession, OnExisting, Registered,
    RemoveVersion, Result, Rotation, SessionLimits, StorageError, StoredVocabulary,
};
use subtle::ConstantTimeEq;
use tokio_postgres::error::SqlState;
use tokio_postgres::Row;

/// How long a call waits for a pooled connection to come free before it
/// fails as unavailable.
pub const POOL_WAIT: Duration = Duration::from_secs(2);
/// How long opening a new connection may take. A refused connection (the
/// server down) fails at once; this bounds an unresponsive one, and is
/// longer than [`POOL_WAIT`] so that a busy machine's slow start of a
/// backend is not an outage.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections a process keeps at most for its catalog.
pub const CATALOG_POOL_SIZE: usize = 16;
/// The default schema of the catalog's tables.
pub const DEFAULT_CATALOG_SCHEMA: &str = "quarry_catalog";

/// One database's runtime and pool, shared within the process.
struct Shared {
    pool: Pool,
    rt: tokio::runtime::Runtime,
}

/// The catalog in PostgreSQL. See the module documentation.
pub struct PgCatalog {
    shared: Arc<Shared>,
    keys: TokenKeys,
    data_dir: PathBuf,
}

impl PgCatalog {
    /// Connects to the catalog in `schema` of the database at `url`,
    /// applying pending migrations, with the token key of `data_dir` (or
    /// `QUARRY_SECRET_KEY`). The first process to open the catalog records
    /// the key's fingerprint; one with another key is refused.
    pub fn open(url: &str, schema: &str, data_dir: &Path) -> Result<PgCatalog> {
        std::fs::create_dir_all(data_dir)?;
        let keys = TokenKeys::load(data_dir)?;
        let shared = shared(url, schema)?;
        let catalog = PgCatalog {
            shared,
            keys,
            data_dir: data_dir.to_path_buf(),
        };
        catalog.block(async {
            let mut c = catalog.client().await?;
            let version = migrations::apply(&mut c, schema).await?;
            if version > migrations::latest() {
                return Err(CatalogError::Invalid(format!(
                    "the catalog's schema is at version {version}, newer than this quarry knows \
                     ({}); upgrade quarry",
                    migrations::latest()
                )));
            }
            let check = catalog.keys.check().to_vec();
            c.execute(
                "UPDATE secret_state SET key_check = $1 WHERE id = 1 AND key_check IS NULL",
                &[&check],
            )
            .await
            .map_err(db)?;
            let stored: Option<Vec<u8>> = c
                .query_one("SELECT key_check FROM secret_state WHERE id = 1", &[])
                .await
                .map_err(db)?
                .get(0);
            match stored {
                Some(s) if catalog.keys.matches(&s) => Ok(()),
                _ => Err(CatalogError::Secret(
                    "the secret key does not match the one the catalog's tokens are under: \
                     every replica needs the same key (QUARRY_SECRET_KEY or the key file)"
                        .into(),
                )),
            }
        })?;
        Ok(catalog)
    }

    fn block<T>(&self, f: impl std::future::Future<Output = T>) -> T {
        self.shared.rt.block_on(f)
    }

    async fn client(&self) -> Result<Object> {
        self.shared.pool.get().await.map_err(|e| {
            CatalogError::Storage(StorageError::new(
                format!("no connection to PostgreSQL: {e}"),
                false,
                true,
            ))
        })
    }
}

/// The process's runtimes and pools, by URL and schema.
type SharedByDatabase = Mutex<HashMap<(String, String), Arc<Shared>>>;

/// The process's runtime and pool for `url` and `schema`.
fn shared(url: &str, schema: &str) -> Result<Arc<Shared>> {
    static ALL: OnceLock<SharedByDatabase> = OnceLock::new();
    let mut all = ALL
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    let key = (url.to_string(), schema.to_string());
    if let Some(s) = all.get(&key) {
        return Ok(s.clone());
    }
    let mut pg: tokio_postgres::Config = url.parse().map_err(|e: tokio_postgres::Error| {
        CatalogError::Invalid(format!("the database URL is not valid: {e}"))
    })?;
    pg.connect_timeout(CONNECT_TIMEOUT);
    pg.options(format!("-c search_path={}", quarry_sql::ident(schema)));
    pg.application_name("quarry");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("quarry-pg-catalog")
        .enable_all()
        .build()?;
    let manager = crate::tls::manager(pg).map_err(|e| CatalogError::Invalid(e.to_string()))?;
    let pool = {
        let _guard = rt.enter();
        Pool::builder(manager)
            .max_size(CATALOG_POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(POOL_WAIT))
            .build()
            .map_err(|e| CatalogError::Invalid(e.to_string()))?
    };
    let s = Arc::new(Shared { pool, rt });
    all.insert(key, s.clone());
    Ok(s)
}

/// A driver error as a catalog error: unavailable when the connection
/// failed or the server is shutting down or starting.
fn db(e: tokio_postgres::Error) -> CatalogError {
    let unavailable = crate::is_unreachable(&e);
    let busy = matches!(
        e.code(),
        Some(c) if *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED
            || *c == SqlState::LOCK_NOT_AVAILABLE
    );
    let text = match e.as_db_error() {
        Some(d) => format!("{}: {}", d.code().code(), d.message()),
        None => e.to_string(),
    };
    CatalogError::Storage(StorageError::new(text, busy, unavailable))
}

fn is_unique_violation(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// Appends one audit entry on `c` (inside the caller's transaction).
async fn audit(
    c: &impl GenericClient,
    by: &Actor,
    account_id: Option<i64>,
    action: AuditAction,
    subject: &str,
    detail: &str,
) -> Result<()> {
    let (kind, account_id, address) = support::actor_columns(by, account_id);
    c.execute(
        "INSERT INTO audit_log (at, actor, account_id, account_email, address, action, subject, detail)
         VALUES ($1, $2, $3, (SELECT email FROM accounts WHERE id = $3), $4, $5, $6, $7)",
        &[
            &support::now(),
            &kind,
            &account_id,
            &address,
            &action.as_str(),
            &subject,
            &detail,
        ],
    )
    .await
    .map_err(db)?;
    Ok(())
}

fn account_row(r: &Row) -> Account {
    Account {
        id: r.get(0),
        email: r.get(1),
        created: r.get(2),
    }
}

const DATASET_COLUMNS: &str =
    "id, account_id, file_name, row_count, created, updated, vocabulary_revision";

fn dataset_row(r: &Row) -> DatasetEntry {
    DatasetEntry {
        id: r.get(0),
        account_id: r.get(1),
        version: r.get(2),
        row_count: r.get::<_, i64>(3) as u64,
        created: r.get(4),
        updated: r.get(5),
        vocabulary_revision: r.get(6),
    }
}

async fn retire_version(c: &impl GenericClient, version: &str, at: i64) -> Result<()> {
    c.execute(
        "INSERT INTO retired_dataset_files (file_name, retired) VALUES ($1, $2)
         ON CONFLICT (file_name) DO UPDATE SET retired = excluded.retired",
        &[&version, &at],
    )
    .await
    .map_err(db)?;
    Ok(())
}

async fn store_vocabulary(
    c: &impl GenericClient,
    account_id: i64,
    id: &str,
    text: Option<&str>,
    at: i64,
) -> Result<i64> {
    Ok(c.query_one(
        "UPDATE datasets SET vocabulary = $3, vocabulary_revision = vocabulary_revision + 1,
         vocabulary_updated = $4 WHERE account_id = $1 AND id = $2 RETURNING vocabulary_revision",
        &[&account_id, &id, &text, &at],
    )
    .await
    .map_err(db)?
    .get(0))
}

impl CatalogBackend for PgCatalog {
    fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    fn kind(&self) -> &'static str {
        "postgresql"
    }

    // ----- accounts -------------------------------------------------------

    fn create_account(&self, email: &str, password: &str) -> Result<Account> {
        let email = support::normalise_email(email)?;
        let hash = support::hash_password(password)?;
        let created = support::now();
        self.block(async {
            let c = self.client().await?;
            match c
                .query_one(
                    "INSERT INTO accounts (email, password_hash, created) VALUES ($1, $2, $3)
                     RETURNING id",
                    &[&email, &hash, &created],
                )
                .await
            {
                Ok(r) => Ok(Account {
                    id: r.get(0),
                    email: email.clone(),
                    created,
                }),
                Err(e) if is_unique_violation(&e) => Err(CatalogError::Conflict(format!(
                    "an account with email {email} already exists"
                ))),
                Err(e) => Err(db(e)),
            }
        })
    }

    fn list_accounts(&self) -> Result<Vec<Account>> {
        self.block(async {
            let c = self.client().await?;
            let rows = c
                .query("SELECT id, email, created FROM accounts ORDER BY id", &[])
                .await
                .map_err(db)?;
            Ok(rows.iter().map(account_row).collect())
        })
    }

    fn account_by_email(&self, email: &str) -> Result<Account> {
        let email = email.trim();
        self.block(async {
            let c = self.client().await?;
            c.query_opt(
                "SELECT id, email, created FROM accounts WHERE lower(email) = lower($1)",
                &[&email],
            )
            .await
            .map_err(db)?
            .map(|r| account_row(&r))
            .ok_or_else(|| CatalogError::NotFound(format!("no account with email {email}")))
        })
    }

    fn verify_password(&self, email: &str, password: &str) -> Result<Option<Account>> {
        let email = email.trim();
        let row = self.block(async {
            let c = self.client().await?;
            c.query_opt(
                "SELECT id, email, created, password_hash FROM accounts
                 WHERE lower(email) = lower($1)",
                &[&email],
            )
            .await
            .map_err(db)
        })?;
        match row {
            None => {
                support::verify_password_hash(None, password)?;
                Ok(None)
            }
            Some(r) => {
                let hash: String = r.get(3);
                Ok(support::verify_password_hash(Some(&hash), password)?.then(|| account_row(&r)))
            }
        }
    }

    // ----- tokens ---------------------------------------------------------

    fn create_token(&self, by: &Actor, account_id: i64, name: Option<&str>) -> Result<ApiToken> {
        let value = support::generate_token();
        let created = support::now();
        let encrypted = self.keys.encrypt(&value);
        let digest = self.keys.digest(&value).to_vec();
        let given = name.map(support::validate_token_name).transpose()?;
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            // The account's row, locked: two replicas cannot both take the
            // last place.
            let locked = tx
                .query_opt("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", &[&account_id])
                .await
                .map_err(db)?;
            if locked.is_none() {
                return Err(CatalogError::NotFound(format!("no account {account_id}")));
            }
            let max: Option<i64> = tx
                .query_opt(
                    "SELECT max_tokens FROM account_limits WHERE account_id = $1",
                    &[&account_id],
                )
                .await
                .map_err(db)?
                .and_then(|r| r.get(0));
            let max = AccountLimits::from_columns(None, None, max).max_tokens();
            let count: i64 = tx
                .query_one("SELECT count(*) FROM tokens WHERE account_id = $1", &[&account_id])
                .await
                .map_err(db)?
                .get(0);
            if count >= i64::from(max) {
                return Err(CatalogError::Conflict(format!(
                    "the account already has {max} API tokens, the most it may have; \
                     delete one to create another."
                )));
            }
            let name = match given {
                Some(n) => n,
                None => {
                    let mut n = count;
                    loop {
                        n += 1;
                        let name = format!("token-{n}");
                        let taken: bool = tx
                            .query_one(
                                "SELECT EXISTS (SELECT 1 FROM tokens WHERE account_id = $1 AND name = $2)",
                                &[&account_id, &name],
                            )
                            .await
                            .map_err(db)?
                            .get(0);
                        if !taken {
                            break name;
                        }
                    }
                }
            };
            let inserted = tx
                .query_one(
                    "INSERT INTO tokens (account_id, name, value_encrypted, digest, created)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&account_id, &name, &encrypted, &digest, &created],
                )
                .await;
            let id: i64 = match inserted {
                Ok(r) => r.get(0),
                Err(e) if is_unique_violation(&e) => {
                    return Err(CatalogError::Conflict(format!(
                        "the account already has a token named {name}"
                    )))
                }
                Err(e) => return Err(db(e)),
            };
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::TokenCreated,
                &quarry_catalog::token_subject(id, &name),
                "",
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(ApiToken {
                id,
                account_id,
                name,
                value: value.clone(),
                created,
                last_used: None,
            })
        })
    }

    fn list_tokens(&self, account_id: i64) -> Result<Vec<ApiToken>> {
        let rows = self.block(async {
            let c = self.client().await?;
            c.query(
                "SELECT id, account_id, name, value_encrypted, created, last_used
                 FROM tokens WHERE account_id = $1 ORDER BY id",
                &[&account_id],
            )
            .await
            .map_err(db)
        })?;
        rows.iter()
            .map(|r| {
                Ok(ApiToken {
                    id: r.get(0),
                    account_id: r.get(1),
                    name: r.get(2),
                    value: self.keys.decrypt(r.get::<_, &[u8]>(3))?,
                    created: r.get(4),
                    last_used: r.get(5),
                })
            })
            .collect()
    }

    fn delete_token(&self, by: &Actor, account_id: i64, name_or_id: &str) -> Result<String> {
        let as_id = name_or_id.parse::<i64>().ok();
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            let mut found = tx
                .query_opt(
                    "DELETE FROM tokens WHERE account_id = $1 AND name = $2 RETURNING id, name",
                    &[&account_id, &name_or_id],
                )
                .await
                .map_err(db)?;
            if found.is_none() {
                if let Some(id) = as_id {
                    found = tx
                        .query_opt(
                            "DELETE FROM tokens WHERE account_id = $1 AND id = $2 RETURNING id, name",
                            &[&account_id, &id],
                        )
                        .await
                        .map_err(db)?;
                }
            }
            let Some(row) = found else {
                return Err(CatalogError::NotFound(format!(
                    "the account has no token named or numbered {name_or_id}"
                )));
            };
            let (id, name): (i64, String) = (row.get(0), row.get(1));
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::TokenDeleted,
                &quarry_catalog::token_subject(id, &name),
                "",
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(name)
        })
    }

    fn delete_token_by_id(&self, by: &Actor, account_id: i64, token_id: i64) -> Result<String> {
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            let name: String = tx
                .query_opt(
                    "DELETE FROM tokens WHERE id = $1 AND account_id = $2 RETURNING name",
                    &[&token_id, &account_id],
                )
                .await
                .map_err(db)?
                .ok_or_else(|| {
                    CatalogError::NotFound(format!("the account has no token {token_id}"))
                })?
                .get(0);
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::TokenDeleted,
                &quarry_catalog::token_subject(token_id, &name),
                "",
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(name)
        })
    }

    fn authenticate_key_from(
        &self,
        key: &str,
        address: Option<&str>,
    ) -> Result<Option<KeyIdentity>> {
        if !support::is_token_shaped(key) {
            return Ok(None);
        }
        let digest = self.keys.digest(key).to_vec();
        self.block(async {
            let mut c = self.client().await?;
            let row = c
                .query_opt(
                    "SELECT t.id, t.account_id, t.digest, t.last_used, l.per_minute, l.concurrent,
                            l.max_tokens
                     FROM tokens t LEFT JOIN account_limits l ON l.account_id = t.account_id
                     WHERE t.digest = $1",
                    &[&digest],
                )
                .await
                .map_err(db)?;
            let Some(row) =
                row.filter(|r| bool::from(r.get::<_, &[u8]>(2).ct_eq(digest.as_slice())))
            else {
                return Ok(None);
            };
            let id: i64 = row.get(0);
            let account_id: i64 = row.get(1);
            let last_used: Option<i64> = row.get(3);
            let t = support::now();
            if last_used.is_none() {
                // The first use, recorded once by whichever replica gets
                // there first; best effort.
                let by = Actor::Account {
                    id: account_id,
                    address: address.map(str::to_string),
                };
                let first = async {
                    let tx = c.transaction().await.map_err(db)?;
                    let name: Option<String> = tx
                        .query_opt(
                            "UPDATE tokens SET last_used = $1 WHERE id = $2 AND last_used IS NULL
                             RETURNING name",
                            &[&t, &id],
                        )
                        .await
                        .map_err(db)?
                        .map(|r| r.get(0));
                    if let Some(name) = name {
                        audit(
                            &tx,
                            &by,
                            Some(account_id),
                            AuditAction::TokenFirstUsed,
                            &quarry_catalog::token_subject(id, &name),
                            "",
                        )
                        .await?;
                    }
                    tx.commit().await.map_err(db)
                };
                let _ = first.await;
            } else if last_used.is_some_and(|u| t - u >= support::LAST_USED_GRANULARITY_SECS) {
                let _ = c
                    .execute("UPDATE tokens SET last_used = $1 WHERE id = $2", &[&t, &id])
                    .await;
            }
            Ok(Some(KeyIdentity {
                token_id: id,
                account_id,
                limits: AccountLimits::from_columns(row.get(4), row.get(5), row.get(6)),
            }))
        })
    }

    // ----- audit ----------------------------------------------------------

    fn record(
        &self,
        by: &Actor,
        account_id: Option<i64>,
        action: AuditAction,
        subject: &str,
    ) -> Result<()> {
        self.block(async {
            let c = self.client().await?;
            audit(&c, by, account_id, action, subject, "").await
        })
    }

    fn audit_entries(&self, filter: &AuditFilter) -> Result<Vec<AuditEntry>> {
        let limit = filter
            .newest
            .map_or(i64::MAX, |n| n.min(i64::MAX as usize) as i64);
        self.block(async {
            let c = self.client().await?;
            let rows = c
                .query(
                    "SELECT * FROM (
                        SELECT id, at, actor, account_id, account_email, address, action, subject,
                               detail
                        FROM audit_log
                        WHERE ($1::bigint IS NULL OR account_id = $1)
                          AND ($2::bigint IS NULL OR at >= $2)
                        ORDER BY id DESC LIMIT $3
                     ) newest ORDER BY id",
                    &[&filter.account_id, &filter.since, &limit],
                )
                .await
                .map_err(db)?;
            Ok(rows
                .iter()
                .map(|r| AuditEntry {
                    id: r.get(0),
                    at: r.get(1),
                    actor: r.get(2),
                    account_id: r.get(3),
                    account_email: r.get(4),
                    address: r.get(5),
                    action: r.get(6),
                    subject: r.get(7),
                    detail: r.get(8),
                })
                .collect())
        })
    }

    // ----- the key --------------------------------------------------------

    fn key_generation(&self) -> Result<i64> {
        self.block(async {
            let c = self.client().await?;
            Ok(
                c.query_one("SELECT generation FROM secret_state WHERE id = 1", &[])
                    .await
                    .map_err(db)?
                    .get(0),
            )
        })
    }

    fn rotate_secret(&self, _by: &Actor) -> Result<Rotation> {
        Err(CatalogError::Invalid(
            "rotate-secret is not available with a PostgreSQL catalog yet: the key is every \
             replica's, and they cannot all be given a new one at once"
                .into(),
        ))
    }

    // ----- limits ---------------------------------------------------------

    fn account_limits(&self, account_id: i64) -> Result<AccountLimits> {
        self.block(async {
            let c = self.client().await?;
            let row = c
                .query_opt(
                    "SELECT per_minute, concurrent, max_tokens FROM account_limits
                     WHERE account_id = $1",
                    &[&account_id],
                )
                .await
                .map_err(db)?;
            Ok(row.map_or_else(AccountLimits::default, |r| {
                AccountLimits::from_columns(r.get(0), r.get(1), r.get(2))
            }))
        })
    }

    fn set_account_limits(&self, by: &Actor, account_id: i64, limits: AccountLimits) -> Result<()> {
        limits.validate()?;
        let col = |v: Option<u32>| v.map(i64::from);
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            let email: String = tx
                .query_opt("SELECT email FROM accounts WHERE id = $1", &[&account_id])
                .await
                .map_err(db)?
                .ok_or_else(|| CatalogError::NotFound(format!("no account {account_id}")))?
                .get(0);
            if limits == AccountLimits::default() {
                tx.execute(
                    "DELETE FROM account_limits WHERE account_id = $1",
                    &[&account_id],
                )
                .await
                .map_err(db)?;
            } else {
                tx.execute(
                    "INSERT INTO account_limits (account_id, per_minute, concurrent, max_tokens)
                     VALUES ($1, $2, $3, $4)
                     ON CONFLICT (account_id) DO UPDATE
                     SET per_minute = excluded.per_minute, concurrent = excluded.concurrent,
                         max_tokens = excluded.max_tokens",
                    &[
                        &account_id,
                        &col(limits.per_minute),
                        &col(limits.concurrent),
                        &col(limits.tokens),
                    ],
                )
                .await
                .map_err(db)?;
            }
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::LimitsChanged,
                &format!("account {email}"),
                &limits.detail(),
            )
            .await?;
            tx.commit().await.map_err(db)
        })
    }

    /// One request from the key's window of the current minute, counted in
    /// `rate_windows` by one `UPSERT`, so every replica sees the same
    /// count. A fixed window: within any 60 seconds a key gets at most
    /// twice its rate (the end of one window and the start of the next);
    /// the SQLite server's token bucket allows the rate at once plus the
    /// refill, so the two differ by at most one rate's worth.
    fn take_shared_rate(&self, token_id: i64) -> Result<Option<(u64, u64)>> {
        let t = support::now();
        let window = t - t.rem_euclid(60);
        self.block(async {
            let c = self.client().await?;
            let count: i64 = c
                .query_one(
                    "INSERT INTO rate_windows (token_id, window_start, count) VALUES ($1, $2, 1)
                     ON CONFLICT (token_id, window_start)
                     DO UPDATE SET count = rate_windows.count + 1
                     RETURNING count",
                    &[&token_id, &window],
                )
                .await
                .map_err(db)?
                .get(0);
            // Old windows go now and then (one request in 64 sweeps).
            if count % 64 == 1 {
                let _ = c
                    .execute(
                        "DELETE FROM rate_windows WHERE window_start < $1",
                        &[&(window - 120)],
                    )
                    .await;
            }
            let reset = (window + 60 - t).max(1) as u64;
            Ok(Some((count.max(0) as u64, reset)))
        })
    }

    // ----- datasets -------------------------------------------------------

    fn register_version(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
        on_existing: OnExisting,
        keep_vocabulary: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Result<Registered> {
        support::parse_dataset_id(id)?;
        let rows = row_count as i64;
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            // The account's row, locked: registrations of one account are
            // serialised, so the check and the swap agree.
            tx.query_opt("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", &[&account_id])
                .await
                .map_err(db)?
                .ok_or_else(|| CatalogError::NotFound(format!("no account {account_id}")))?;
            let existing = tx
                .query_opt(
                    "SELECT file_name, vocabulary FROM datasets WHERE account_id = $1 AND id = $2",
                    &[&account_id, &id],
                )
                .await
                .map_err(db)?;
            let t = support::now();
            let mut detail = format!("{row_count} rows");
            let existing_seen = existing.is_some();
            let replaced_version = match existing {
                Some(_) if on_existing == OnExisting::Refuse => {
                    return Err(CatalogError::Conflict(format!(
                        "dataset {id} already exists; pass --replace to swap in a new version"
                    )))
                }
                Some(row) => {
                    let old_version: String = row.get(0);
                    let vocabulary: Option<String> = row.get(1);
                    tx.execute(
                        "UPDATE datasets SET file_name = $3, row_count = $4, updated = $5
                         WHERE account_id = $1 AND id = $2",
                        &[&account_id, &id, &version, &rows, &t],
                    )
                    .await
                    .map_err(db)?;
                    if let Some(text) = vocabulary {
                        let kept = keep_vocabulary(&text);
                        if kept.as_deref() != Some(text.as_str()) {
                            store_vocabulary(&tx, account_id, id, kept.as_deref(), t).await?;
                            detail.push_str(if kept.is_some() {
                                "; vocabulary trimmed to what still applies"
                            } else {
                                "; vocabulary removed: none of it applies"
                            });
                        }
                    }
                    let old = Some(old_version).filter(|v| v != version);
                    if let Some(old) = &old {
                        retire_version(&tx, old, t).await?;
                    }
                    old
                }
                None => {
                    tx.execute(
                        "INSERT INTO datasets (id, account_id, file_name, row_count, created, updated)
                         VALUES ($1, $2, $3, $4, $5, $5)",
                        &[&id, &account_id, &version, &rows, &t],
                    )
                    .await
                    .map_err(db)?;
                    None
                }
            };
            let action = if existing_seen {
                AuditAction::DatasetReplaced
            } else {
                AuditAction::DatasetImported
            };
            audit(
                &tx,
                by,
                Some(account_id),
                action,
                &quarry_catalog::dataset_subject(id),
                &detail,
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(Registered { replaced_version })
        })
    }

    fn get_dataset(&self, account_id: i64, id: &str) -> Result<Option<DatasetEntry>> {
        self.block(async {
            let c = self.client().await?;
            Ok(c.query_opt(
                &format!(
                    "SELECT {DATASET_COLUMNS} FROM datasets WHERE account_id = $1 AND id = $2"
                ),
                &[&account_id, &id],
            )
            .await
            .map_err(db)?
            .map(|r| dataset_row(&r)))
        })
    }

    fn datasets_with_id(&self, id: &str) -> Result<Vec<DatasetEntry>> {
        self.block(async {
            let c = self.client().await?;
            let rows = c
                .query(
                    &format!(
                        "SELECT {DATASET_COLUMNS} FROM datasets WHERE id = $1 ORDER BY account_id"
                    ),
                    &[&id],
                )
                .await
                .map_err(db)?;
            Ok(rows.iter().map(dataset_row).collect())
        })
    }

    fn list_datasets(&self, account_id: Option<i64>) -> Result<Vec<DatasetEntry>> {
        self.block(async {
            let c = self.client().await?;
            let rows = c
                .query(
                    &format!(
                        "SELECT {DATASET_COLUMNS} FROM datasets
                         WHERE $1::bigint IS NULL OR account_id = $1
                         ORDER BY id COLLATE \"C\", account_id"
                    ),
                    &[&account_id],
                )
                .await
                .map_err(db)?;
            Ok(rows.iter().map(dataset_row).collect())
        })
    }

    fn drop_dataset(&self, by: &Actor, account_id: i64, id: &str) -> Result<DatasetEntry> {
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            let entry = tx
                .query_opt(
                    &format!(
                        "DELETE FROM datasets WHERE account_id = $1 AND id = $2
                         RETURNING {DATASET_COLUMNS}"
                    ),
                    &[&account_id, &id],
                )
                .await
                .map_err(db)?
                .map(|r| dataset_row(&r))
                .ok_or_else(|| CatalogError::NotFound(format!("no dataset with id {id}")))?;
            retire_version(&tx, &entry.version, support::now()).await?;
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::DatasetDropped,
                &quarry_catalog::dataset_subject(id),
                &format!("{} rows", entry.row_count),
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(entry)
        })
    }

    fn sweep_retired_versions(&self, grace: Duration, remove: RemoveVersion) -> Result<usize> {
        let cutoff = support::now() - grace.as_secs() as i64;
        let due: Vec<String> = self.block(async {
            let c = self.client().await?;
            let rows = c
                .query(
                    "SELECT file_name FROM retired_dataset_files WHERE retired <= $1
                     AND file_name NOT IN (SELECT file_name FROM datasets)",
                    &[&cutoff],
                )
                .await
                .map_err(db)?;
            Ok::<_, CatalogError>(rows.iter().map(|r| r.get(0)).collect())
        })?;
        for name in &due {
            // The store's removal runs outside this runtime (it may block
            // on its own).
            remove(name);
            self.block(async {
                let c = self.client().await?;
                c.execute(
                    "DELETE FROM retired_dataset_files WHERE file_name = $1",
                    &[name],
                )
                .await
                .map_err(db)
            })?;
        }
        Ok(due.len())
    }

    // ----- vocabularies ---------------------------------------------------

    fn dataset_vocabulary(&self, account_id: i64, id: &str) -> Result<Option<StoredVocabulary>> {
        self.block(async {
            let c = self.client().await?;
            let row = c
                .query_opt(
                    "SELECT vocabulary, vocabulary_revision, vocabulary_updated
                     FROM datasets WHERE account_id = $1 AND id = $2",
                    &[&account_id, &id],
                )
                .await
                .map_err(db)?;
            Ok(row.and_then(|r| {
                r.get::<_, Option<String>>(0).map(|text| StoredVocabulary {
                    text,
                    revision: r.get(1),
                    updated: r.get::<_, Option<i64>>(2).unwrap_or(0),
                })
            }))
        })
    }

    fn set_dataset_vocabulary(
        &self,
        by: &Actor,
        id: &str,
        account_id: i64,
        checked_version: &str,
        text: Option<&str>,
    ) -> Result<i64> {
        self.block(async {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(db)?;
            let version: String = tx
                .query_opt(
                    "SELECT file_name FROM datasets WHERE id = $1 AND account_id = $2 FOR UPDATE",
                    &[&id, &account_id],
                )
                .await
                .map_err(db)?
                .ok_or_else(|| CatalogError::NotFound(format!("no dataset with id {id}")))?
                .get(0);
            if version != checked_version {
                return Err(CatalogError::Conflict(format!(
                    "dataset {id} was replaced by a new version meanwhile; check the vocabulary again"
                )));
            }
            let revision = store_vocabulary(&tx, account_id, id, text, support::now()).await?;
            audit(
                &tx,
                by,
                Some(account_id),
                AuditAction::VocabularyChanged,
                &quarry_catalog::dataset_subject(id),
                &match text {
                    Some(t) => format!("revision {revision}, {} bytes", t.len()),
                    None => format!("revision {revision}, cleared"),
                },
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(revision)
        })
    }

    // ----- console sessions -----------------------------------------------

    fn create_session(&self, account_id: i64) -> Result<NewSession> {
        let id = support::random_hex(32);
        let csrf_token = support::random_hex(32);
        let t = support::now();
        let digest = support::session_digest(&id);
        self.block(async {
            let c = self.client().await?;
            c.execute(
                "INSERT INTO console_sessions (id_digest, account_id, csrf_token, created, last_seen)
                 VALUES ($1, $2, $3, $4, $4)",
                &[&digest, &account_id, &csrf_token, &t],
            )
            .await
            .map_err(db)
        })?;
        Ok(NewSession { id, csrf_token })
    }

    fn session(&self, id: &str, limits: SessionLimits) -> Result<Option<ConsoleSession>> {
        if !support::is_session_shaped(id) {
            return Ok(None);
        }
        let digest = support::session_digest(id);
        self.block(async {
            let c = self.client().await?;
            let Some(r) = c
                .query_opt(
                    "SELECT a.id, a.email, a.created, s.csrf_token, s.created, s.last_seen
                     FROM console_sessions s JOIN accounts a ON a.id = s.account_id
                     WHERE s.id_digest = $1",
                    &[&digest],
                )
                .await
                .map_err(db)?
            else {
                return Ok(None);
            };
            let created: i64 = r.get(4);
            let last_seen: i64 = r.get(5);
            let t = support::now();
            if t - last_seen > limits.idle_secs || t - created > limits.lifetime_secs {
                c.execute(
                    "DELETE FROM console_sessions WHERE id_digest = $1",
                    &[&digest],
                )
                .await
                .map_err(db)?;
                return Ok(None);
            }
            if t - last_seen >= support::LAST_SEEN_GRANULARITY_SECS.min(limits.idle_secs) {
                let _ = c
                    .execute(
                        "UPDATE console_sessions SET last_seen = $1 WHERE id_digest = $2",
                        &[&t, &digest],
                    )
                    .await;
            }
            Ok(Some(ConsoleSession {
                account: account_row(&r),
                csrf_token: r.get(3),
                created,
            }))
        })
    }

    fn end_session(&self, id: &str) -> Result<()> {
        let digest = support::session_digest(id);
        self.block(async {
            let c = self.client().await?;
            c.execute(
                "DELETE FROM console_sessions WHERE id_digest = $1",
                &[&digest],
            )
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn delete_expired_sessions(&self, limits: SessionLimits) -> Result<usize> {
        let t = support::now();
        self.block(async {
            let c = self.client().await?;
            Ok(c.execute(
                "DELETE FROM console_sessions WHERE last_seen < $1 OR created < $2",
                &[&(t - limits.idle_secs), &(t - limits.lifetime_secs)],
            )
            .await
            .map_err(db)? as usize)
        })
    }

    fn sign_in_failures(&self, subject: &str, since: i64) -> Result<(u32, Option<i64>)> {
        self.block(async {
            let c = self.client().await?;
            let r = c
                .query_one(
                    "SELECT count(*), max(at) FROM sign_in_failures WHERE subject = $1 AND at >= $2",
                    &[&subject, &since],
                )
                .await
                .map_err(db)?;
            Ok((r.get::<_, i64>(0) as u32, r.get(1)))
        })
    }

    fn record_sign_in_failure(&self, subjects: &[&str], forget_before: i64) -> Result<()> {
        let t = support::now();
        self.block(async {
            let c = self.client().await?;
            for s in subjects {
                c.execute(
                    "INSERT INTO sign_in_failures (subject, at) VALUES ($1, $2)",
                    &[s, &t],
                )
                .await
                .map_err(db)?;
            }
            c.execute(
                "DELETE FROM sign_in_failures WHERE at < $1",
                &[&forget_before],
            )
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn remember_device(&self, account_id: i64, forget_before: i64) -> Result<String> {
        let id = support::random_hex(32);
        let digest = support::session_digest(&id);
        let t = support::now();
        self.block(async {
            let c = self.client().await?;
            c.execute(
                "INSERT INTO known_devices (id_digest, account_id, created) VALUES ($1, $2, $3)",
                &[&digest, &account_id, &t],
            )
            .await
            .map_err(db)?;
            c.execute(
                "DELETE FROM known_devices WHERE created < $1 OR (account_id = $2 AND seq NOT IN
                 (SELECT seq FROM known_devices WHERE account_id = $2
                  ORDER BY created DESC, seq DESC LIMIT $3))",
                &[
                    &forget_before,
                    &account_id,
                    &support::KNOWN_DEVICES_PER_ACCOUNT,
                ],
            )
            .await
            .map_err(db)?;
            Ok::<(), CatalogError>(())
        })?;
        Ok(id)
    }

    fn is_known_device(&self, id: &str, email: &str, since: i64) -> Result<bool> {
        if !support::is_session_shaped(id) {
            return Ok(false);
        }
        let digest = support::session_digest(id);
        let email = email.trim();
        self.block(async {
            let c = self.client().await?;
            Ok(c.query_one(
                "SELECT EXISTS (SELECT 1 FROM known_devices d JOIN accounts a ON a.id = d.account_id
                 WHERE d.id_digest = $1 AND lower(a.email) = lower($2) AND d.created >= $3)",
                &[&digest, &email, &since],
            )
            .await
            .map_err(db)?
            .get(0))
        })
    }

    fn clear_sign_in_failures(&self, subject: &str) -> Result<()> {
        self.block(async {
            let c = self.client().await?;
            c.execute(
                "DELETE FROM sign_in_failures WHERE subject = $1",
                &[&subject],
            )
            .await
            .map_err(db)?;
            Ok(())
        })
    }
}
