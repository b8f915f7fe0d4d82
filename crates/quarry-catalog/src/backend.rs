//! The catalog as an interface: [`CatalogBackend`] is every operation the
//! server, the console and the operator commands perform, so that they work
//! the same on the embedded SQLite [`Catalog`] and on the PostgreSQL one
//! (`quarry_pg::PgCatalog`). [`support`] holds the rules both implement
//! alike (validation, password hashing, token keys and shapes, session
//! digests), so a back-end writes storage, never policy.
//!
//! Every method blocks: callers run them off async workers.

use std::path::Path;
use std::time::Duration;

use crate::{
    Account, AccountLimits, Actor, ApiToken, AuditAction, AuditEntry, AuditFilter, Catalog,
    ConsoleSession, DatasetEntry, KeyIdentity, NewSession, OnExisting, Registered, RemoveVersion,
    Result, Rotation, SessionLimits, StoredVocabulary,
};

/// What a catalog does, whatever holds it. The SQLite [`Catalog`]'s
/// inherent methods document each one; another back-end keeps the same
/// contract (errors, transactions, audit entries).
pub trait CatalogBackend: Send {
    /// The data directory (key file, temporary work).
    fn data_dir(&self) -> &Path;
    /// `sqlite` or `postgresql`, for the log and `--check-config`.
    fn kind(&self) -> &'static str;

    fn create_account(&self, email: &str, password: &str) -> Result<Account>;
    fn list_accounts(&self) -> Result<Vec<Account>>;
    fn account_by_email(&self, email: &str) -> Result<Account>;
    fn verify_password(&self, email: &str, password: &str) -> Result<Option<Account>>;

    fn create_token(&self, by: &Actor, account_id: i64, name: Option<&str>) -> Result<ApiToken>;
    fn list_tokens(&self, account_id: i64) -> Result<Vec<ApiToken>>;
    fn delete_token(&self, by: &Actor, account_id: i64, name_or_id: &str) -> Result<String>;
    fn delete_token_by_id(&self, by: &Actor, account_id: i64, token_id: i64) -> Result<String>;
    fn authenticate_key_from(
        &self,
        key: &str,
        address: Option<&str>,
    ) -> Result<Option<KeyIdentity>>;
    fn authenticate_key(&self, key: &str) -> Result<Option<KeyIdentity>> {
        self.authenticate_key_from(key, None)
    }
    fn authenticate(&self, key: &str) -> Result<Option<i64>> {
        Ok(self.authenticate_key(key)?.map(|k| k.account_id))
    }

    fn record(
        &self,
        by: &Actor,
        account_id: Option<i64>,
        action: AuditAction,
        subject: &str,
    ) -> Result<()>;
    fn audit_entries(&self, filter: &AuditFilter) -> Result<Vec<AuditEntry>>;

    fn key_generation(&self) -> Result<i64>;
    fn rotate_secret(&self, by: &Actor) -> Result<Rotation>;

    fn account_limits(&self, account_id: i64) -> Result<AccountLimits>;
    fn set_account_limits(&self, by: &Actor, account_id: i64, limits: AccountLimits) -> Result<()>;
    /// Counts one request in the key's shared rate window, when the
    /// back-end counts rates for several processes (PostgreSQL): `Some`
    /// with the requests counted in the current window, this one included,
    /// and the seconds until the window ends. `None`: the back-end has no
    /// shared counter, and the caller counts in its own memory (SQLite:
    /// one server per data directory).
    fn take_shared_rate(&self, _token_id: i64) -> Result<Option<(u64, u64)>> {
        Ok(None)
    }

    /// Registers a version (see [`Catalog::register_dataset_as`]), the
    /// vocabulary kept as `keep_vocabulary` says when it replaces one.
    #[allow(clippy::too_many_arguments)]
    fn register_version(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
        on_existing: OnExisting,
        keep_vocabulary: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Result<Registered>;
    fn register_dataset(
        &mut self,
        by: &Actor,
        id: &str,
        account_id: i64,
        version: &str,
        row_count: u64,
    ) -> Result<Registered> {
        self.register_version(
            by,
            id,
            account_id,
            version,
            row_count,
            OnExisting::Replace,
            &mut |text| Some(text.to_string()),
        )
    }
    fn get_dataset(&self, account_id: i64, id: &str) -> Result<Option<DatasetEntry>>;
    fn datasets_with_id(&self, id: &str) -> Result<Vec<DatasetEntry>>;
    fn list_datasets(&self, account_id: Option<i64>) -> Result<Vec<DatasetEntry>>;
    fn drop_dataset(&self, by: &Actor, account_id: i64, id: &str) -> Result<DatasetEntry>;
    fn sweep_retired_versions(&self, grace: Duration, remove: RemoveVersion) -> Result<usize>;

    fn dataset_vocabulary(&self, account_id: i64, id: &str) -> Result<Option<StoredVocabulary>>;
    fn set_dataset_vocabulary(
        &self,
        by: &Actor,
        id: &str,
        account_id: i64,
        checked_version: &str,
        text: Option<&str>,
    ) -> Result<i64>;

    fn create_session(&self, account_id: i64) -> Result<NewSession>;
    fn session(&self, id: &str, limits: SessionLimits) -> Result<Option<ConsoleSession>>;
    fn end_session(&self, id: &str) -> Result<()>;
    fn delete_expired_sessions(&self, limits: SessionLimits) -> Result<usize>;
    fn sign_in_failures(&self, subject: &str, since: i64) -> Result<(u32, Option<i64>)>;
    fn record_sign_in_failure(&self, subjects: &[&str], forget_before: i64) -> Result<()>;
    fn remember_device(&self, account_id: i64, forget_before: i64) -> Result<String>;
    fn is_known_device(&self, id: &str, email: &str, since: i64) -> Result<bool>;
    fn clear_sign_in_failures(&self, subject: &str) -> Result<()>;
}

impl CatalogBackend for Catalog {
    fn data_dir(&self) -> &Path {
        Catalog::data_dir(self)
    }
    fn kind(&self) -> &'static str {
        "sqlite"
    }
    fn create_account(&self, email: &str, password: &str) -> Result<Account> {
        Catalog::create_account(self, email, password)
    }
    fn list_accounts(&self) -> Result<Vec<Account>> {
        Catalog::list_accounts(self)
    }
    fn account_by_email(&self, email: &str) -> Result<Account> {
        Catalog::account_by_email(self, email)
    }
    fn verify_password(&self, email: &str, password: &str) -> Result<Option<Account>> {
        Catalog::verify_password(self, email, password)
    }
    fn create_token(&self, by: &Actor, account_id: i64, name: Option<&str>) -> Result<ApiToken> {
        Catalog::create_token(self, by, account_id, name)
    }
    fn list_tokens(&self, account_id: i64) -> Result<Vec<ApiToken>> {
        Catalog::list_tokens(self, account_id)
    }
    fn delete_token(&self, by: &Actor, account_id: i64, name_or_id: &str) -> Result<String> {
        Catalog::delete_token(self, by, account_id, name_or_id)
    }
    fn delete_token_by_id(&self, by: &Actor, account_id: i64, token_id: i64) -> Result<String> {
        Catalog::delete_token_by_id(self, by, account_id, token_id)
    }
    fn authenticate_key_from(
        &self,
        key: &str,
        address: Option<&str>,
    ) -> Result<Option<KeyIdentity>> {
        Catalog::authenticate_key_from(self, key, address)
    }
    fn record(
        &self,
        by: &Actor,
        account_id: Option<i64>,
        action: AuditAction,
        subject: &str,
    ) -> Result<()> {
        Catalog::record(self, by, account_id, action, subject)
    }
    fn audit_entries(&self, filter: &AuditFilter) -> Result<Vec<AuditEntry>> {
        Catalog::audit_entries(self, filter)
    }
    fn key_generation(&self) -> Result<i64> {
        Catalog::key_generation(self)
    }
    fn rotate_secret(&self, by: &Actor) -> Result<Rotation> {
        Catalog::rotate_secret(self, by)
    }
    fn account_limits(&self, account_id: i64) -> Result<AccountLimits> {
        Catalog::account_limits(self, account_id)
    }
    fn set_account_limits(&self, by: &Actor, account_id: i64, limits: AccountLimits) -> Result<()> {
        Catalog::set_account_limits(self, by, account_id, limits)
    }
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
        Catalog::register_version(
            self,
            by,
            id,
            account_id,
            version,
            row_count,
            on_existing,
            keep_vocabulary,
        )
    }
    fn get_dataset(&self, account_id: i64, id: &str) -> Result<Option<DatasetEntry>> {
        Catalog::get_dataset(self, account_id, id)
    }
    fn datasets_with_id(&self, id: &str) -> Result<Vec<DatasetEntry>> {
        Catalog::datasets_with_id(self, id)
    }
    fn list_datasets(&self, account_id: Option<i64>) -> Result<Vec<DatasetEntry>> {
        Catalog::list_datasets(self, account_id)
    }
    fn drop_dataset(&self, by: &Actor, account_id: i64, id: &str) -> Result<DatasetEntry> {
        Catalog::drop_dataset(self, by, account_id, id)
    }
    fn sweep_retired_versions(&self, grace: Duration, remove: RemoveVersion) -> Result<usize> {
        Catalog::sweep_retired_versions(self, grace, remove)
    }
    fn dataset_vocabulary(&self, account_id: i64, id: &str) -> Result<Option<StoredVocabulary>> {
        Catalog::dataset_vocabulary(self, account_id, id)
    }
    fn set_dataset_vocabulary(
        &self,
        by: &Actor,
        id: &str,
        account_id: i64,
        checked_version: &str,
        text: Option<&str>,
    ) -> Result<i64> {
        Catalog::set_dataset_vocabulary(self, by, id, account_id, checked_version, text)
    }
    fn create_session(&self, account_id: i64) -> Result<NewSession> {
        Catalog::create_session(self, account_id)
    }
    fn session(&self, id: &str, limits: SessionLimits) -> Result<Option<ConsoleSession>> {
        Catalog::session(self, id, limits)
    }
    fn end_session(&self, id: &str) -> Result<()> {
        Catalog::end_session(self, id)
    }
    fn delete_expired_sessions(&self, limits: SessionLimits) -> Result<usize> {
        Catalog::delete_expired_sessions(self, limits)
    }
    fn sign_in_failures(&self, subject: &str, since: i64) -> Result<(u32, Option<i64>)> {
        Catalog::sign_in_failures(self, subject, since)
    }
    fn record_sign_in_failure(&self, subjects: &[&str], forget_before: i64) -> Result<()> {
        Catalog::record_sign_in_failure(self, subjects, forget_before)
    }
    fn remember_device(&self, account_id: i64, forget_before: i64) -> Result<String> {
        Catalog::remember_device(self, account_id, forget_before)
    }
    fn is_known_device(&self, id: &str, email: &str, since: i64) -> Result<bool> {
        Catalog::is_known_device(self, id, email, since)
    }
    fn clear_sign_in_failures(&self, subject: &str) -> Result<()> {
        Catalog::clear_sign_in_failures(self, subject)
    }
}

/// The rules every back-end applies alike, for implementations outside
/// this crate. Nothing here touches a database.
pub mod support {
    use std::path::Path;

    use argon2::password_hash::rand_core::OsRng;
    use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
    use argon2::Argon2;

    use crate::{Actor, CatalogError, Result};

    pub use crate::now;
    pub use crate::registry::parse_dataset_id;
    pub use crate::sessions::{
        is_session_shaped, random_hex, session_digest, KNOWN_DEVICES_PER_ACCOUNT,
        LAST_SEEN_GRANULARITY_SECS,
    };
    pub use crate::{normalise_email, validate_token_name, LAST_USED_GRANULARITY_SECS};

    /// The keys the tokens are under: loaded from `QUARRY_SECRET_KEY` or
    /// the data directory's key file (created on first use).
    pub struct TokenKeys(crate::secret::Keys);

    impl TokenKeys {
        pub fn load(data_dir: &Path) -> Result<TokenKeys> {
            Ok(TokenKeys(crate::secret::Keys::load(data_dir)?))
        }
        /// The key's public fingerprint, stored beside the tokens.
        pub fn check(&self) -> [u8; 32] {
            *self.0.check()
        }
        pub fn matches(&self, check: &[u8]) -> bool {
            self.0.matches(check)
        }
        /// The look-up digest of a token.
        pub fn digest(&self, token: &str) -> [u8; 32] {
            self.0.digest(token)
        }
        pub fn encrypt(&self, token: &str) -> Vec<u8> {
            self.0.encrypt(token)
        }
        pub fn decrypt(&self, blob: &[u8]) -> Result<String> {
            self.0.decrypt(blob)
        }
    }

    /// A new API token value.
    pub fn generate_token() -> String {
        crate::secret::generate_token()
    }

    /// Whether a presented key could be a token at all.
    pub fn is_token_shaped(key: &str) -> bool {
        crate::secret::is_token_shaped(key)
    }

    /// The argon2id hash of a new account's password (at least 8
    /// characters).
    pub fn hash_password(password: &str) -> Result<String> {
        if password.chars().count() < 8 {
            return Err(CatalogError::Invalid(
                "the password must have at least 8 characters".into(),
            ));
        }
        let salt = SaltString::generate(&mut OsRng);
        Ok(Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map_err(|e| CatalogError::Password(e.to_string()))?
            .to_string())
    }

    /// Whether `password` is the one `hash` was made of. `None` (an
    /// unknown email) is checked against a dummy hash and is `false`, in
    /// the time a wrong password takes, so the time taken does not tell
    /// which accounts exist.
    pub fn verify_password_hash(hash: Option<&str>, password: &str) -> Result<bool> {
        let Some(hash) = hash else {
            let _ = Argon2::default().verify_password(password.as_bytes(), crate::dummy_hash());
            return Ok(false);
        };
        let parsed = PasswordHash::new(hash).map_err(|e| CatalogError::Password(e.to_string()))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    }

    /// How an actor is stored in the audit log: its kind (`operator`,
    /// `account`, `anonymous`), the account it names, and its address.
    pub fn actor_columns(
        by: &Actor,
        account_id: Option<i64>,
    ) -> (&'static str, Option<i64>, Option<&str>) {
        let account_id = match by {
            Actor::Account { id, .. } => Some(*id),
            _ => account_id,
        };
        (by.kind(), account_id, by.address())
    }
}
