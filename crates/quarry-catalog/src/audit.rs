//! The audit log: an append-only record of who did what to an account's
//! tokens and datasets, to its limits and to the secret key, and of every
//! console sign-in.
//!
//! Every entry is written by [`write`], the one function that inserts into
//! `audit_log`. The catalog's own changes (a token created or deleted, a
//! dataset registered, replaced or dropped, a vocabulary set, limits set, a
//! key rotation, a token's first use) write their entry *inside the same
//! transaction* as the change, so a crash leaves both or neither; events
//! the catalog does not perform itself (console sign-ins) are recorded by
//! the caller through [`Catalog::record`].
//!
//! An entry names who acted ([`Actor`]: an operator command, an account, or
//! someone not signed in), the account concerned (by id and by its email
//! at the time), the client address for console and API events, the action
//! and its subject (a token's id and name, a dataset's id). Never a token,
//! a password or a key: subjects are built here from ids and names only.
//!
//! Append-only: there is no function to change or remove an entry, and two
//! triggers refuse `UPDATE` and `DELETE` on the table, whoever connects.

use rusqlite::{params, Connection};

use crate::error::Db;
use crate::{now, Catalog, Result};

/// Who did something.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// An operator command on the data directory (`quarry …`).
    Operator,
    /// An account, through the console or the API, from a client address.
    Account { id: i64, address: Option<String> },
    /// Someone not signed in (a failed sign-in naming no known account).
    Anonymous { address: Option<String> },
}

impl Actor {
    /// An account acting from a client address.
    pub fn account(id: i64, address: impl Into<String>) -> Actor {
        Actor::Account {
            id,
            address: Some(address.into()),
        }
    }

    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Actor::Operator => "operator",
            Actor::Account { .. } => "account",
            Actor::Anonymous { .. } => "anonymous",
        }
    }

    pub(crate) fn address(&self) -> Option<&str> {
        match self {
            Actor::Operator => None,
            Actor::Account { address, .. } | Actor::Anonymous { address } => address.as_deref(),
        }
    }
}

/// What was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    SignIn,
    SignInFailed,
    TokenCreated,
    TokenDeleted,
    TokenFirstUsed,
    DatasetImported,
    DatasetReplaced,
    DatasetDropped,
    VocabularyChanged,
    LimitsChanged,
    SecretRotated,
}

impl AuditAction {
    pub const ALL: [AuditAction; 11] = [
        AuditAction::SignIn,
        AuditAction::SignInFailed,
        AuditAction::TokenCreated,
        AuditAction::TokenDeleted,
        AuditAction::TokenFirstUsed,
        AuditAction::DatasetImported,
        AuditAction::DatasetReplaced,
        AuditAction::DatasetDropped,
        AuditAction::VocabularyChanged,
        AuditAction::LimitsChanged,
        AuditAction::SecretRotated,
    ];

    /// The action as stored and shown (`token.created`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::SignIn => "console.sign_in",
            AuditAction::SignInFailed => "console.sign_in_failed",
            AuditAction::TokenCreated => "token.created",
            AuditAction::TokenDeleted => "token.deleted",
            AuditAction::TokenFirstUsed => "token.first_used",
            AuditAction::DatasetImported => "dataset.imported",
            AuditAction::DatasetReplaced => "dataset.replaced",
            AuditAction::DatasetDropped => "dataset.dropped",
            AuditAction::VocabularyChanged => "dataset.vocabulary_changed",
            AuditAction::LimitsChanged => "account.limits_changed",
            AuditAction::SecretRotated => "secret.rotated",
        }
    }
}

/// One entry of the log, as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// Increasing with every entry.
    pub id: i64,
    /// Unix seconds.
    pub at: i64,
    /// `operator`, `account` or `anonymous`.
    pub actor: String,
    /// The account concerned (the actor, when it is an account).
    pub account_id: Option<i64>,
    /// Its email when the entry was written.
    pub account_email: Option<String>,
    /// The client's address (console and API events).
    pub address: Option<String>,
    /// [`AuditAction::as_str`].
    pub action: String,
    /// What it was done to: `token 3 "ci"`, `dataset flights`, ….
    pub subject: String,
    /// More about it (rows imported, the limits set), or empty.
    pub detail: String,
}

impl AuditEntry {
    /// Who acted: `operator`, the account's email, or `anonymous`.
    pub fn who(&self) -> &str {
        match self.actor.as_str() {
            "account" => self.account_email.as_deref().unwrap_or("account"),
            other => other,
        }
    }
}

/// Which entries to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Only the entries concerning this account.
    pub account_id: Option<i64>,
    /// Only entries at or after this Unix time.
    pub since: Option<i64>,
    /// The newest `n` entries only.
    pub newest: Option<usize>,
}

/// The subject of an entry about a token: its id and name, never its value.
pub fn token_subject(id: i64, name: &str) -> String {
    format!("token {id} {name:?}")
}

/// The subject of an entry about a dataset.
pub fn dataset_subject(id: &str) -> String {
    format!("dataset {id}")
}

/// Appends one entry, on `conn` (inside the caller's transaction, if one
/// is open). The one place that writes to the log.
pub(crate) fn write(
    conn: &Connection,
    by: &Actor,
    account_id: Option<i64>,
    action: AuditAction,
    subject: &str,
    detail: &str,
) -> Result<()> {
    let account_id = match by {
        Actor::Account { id, .. } => Some(*id),
        _ => account_id,
    };
    conn.execute(
        "INSERT INTO audit_log (at, actor, account_id, account_email, address, action, subject, detail)
         VALUES (?1, ?2, ?3, (SELECT email FROM accounts WHERE id = ?3), ?4, ?5, ?6, ?7)",
        params![
            now(),
            by.kind(),
            account_id,
            by.address(),
            action.as_str(),
            subject,
            detail
        ],
    )
    .db()?;
    Ok(())
}

impl Catalog {
    /// Records an event the catalog did not perform itself (a console
    /// sign-in). `account_id` is the account concerned; an
    /// [`Actor::Account`] is always its own.
    pub fn record(
        &self,
        by: &Actor,
        account_id: Option<i64>,
        action: AuditAction,
        subject: &str,
    ) -> Result<()> {
        write(&self.conn, by, account_id, action, subject, "")
    }

    /// The entries `filter` selects, oldest first.
    pub fn audit_entries(&self, filter: &AuditFilter) -> Result<Vec<AuditEntry>> {
        let mut st = self
            .conn
            .prepare(
                "SELECT * FROM (
                    SELECT id, at, actor, account_id, account_email, address, action, subject, detail
                    FROM audit_log
                    WHERE (?1 IS NULL OR account_id = ?1) AND (?2 IS NULL OR at >= ?2)
                    ORDER BY id DESC LIMIT ?3
                 ) ORDER BY id",
            )
            .db()?;
        let limit = filter
            .newest
            .map_or(-1, |n| n.min(i64::MAX as usize) as i64);
        let rows = st
            .query_map(params![filter.account_id, filter.since, limit], |r| {
                Ok(AuditEntry {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    actor: r.get(2)?,
                    account_id: r.get(3)?,
                    account_email: r.get(4)?,
                    address: r.get(5)?,
                    action: r.get(6)?,
                    subject: r.get(7)?,
                    detail: r.get(8)?,
                })
            })
            .db()?;
        rows.collect::<std::result::Result<_, _>>().db()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AccountLimits, CatalogError, OnExisting};

    fn open() -> (tempfile::TempDir, Catalog) {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        (dir, c)
    }

    fn actions(c: &Catalog, account_id: Option<i64>) -> Vec<(String, String, String)> {
        c.audit_entries(&AuditFilter {
            account_id,
            ..AuditFilter::default()
        })
        .unwrap()
        .into_iter()
        .map(|e| (e.who().to_string(), e.action, e.subject))
        .collect()
    }

    #[test]
    fn the_catalog_records_its_changes_with_who_and_where() {
        let (_d, mut c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        let web = Actor::account(a.id, "10.0.0.7:5555");
        let t = c.create_token(&web, a.id, Some("ci")).unwrap();
        let t2 = c.create_token(&Actor::Operator, b.id, None).unwrap();
        // First use, once.
        c.authenticate_key_from(&t.value, Some("10.0.0.8:1"))
            .unwrap();
        c.authenticate_key_from(&t.value, Some("10.0.0.8:2"))
            .unwrap();
        c.delete_token(&Actor::Operator, b.id, &t2.name).unwrap();
        c.set_account_limits(
            &Actor::Operator,
            a.id,
            AccountLimits {
                per_minute: Some(10),
                ..AccountLimits::default()
            },
        )
        .unwrap();
        c.register_dataset(&web, "m", a.id, "m-1.sqlite", 3)
            .unwrap();
        c.register_dataset(&Actor::Operator, "m", a.id, "m-2.sqlite", 4)
            .unwrap();
        c.set_dataset_vocabulary(&web, "m", a.id, "m-2.sqlite", Some("x"))
            .unwrap();
        c.drop_dataset(&web, a.id, "m").unwrap();
        c.rotate_secret(&Actor::Operator).unwrap();
        c.record(
            &Actor::Anonymous {
                address: Some("10.9.9.9:1".into()),
            },
            None,
            AuditAction::SignInFailed,
            "unknown account",
        )
        .unwrap();

        let s = |w: &str, a: &str, s: &str| (w.to_string(), a.to_string(), s.to_string());
        assert_eq!(
            actions(&c, Some(a.id)),
            [
                s("a@x.io", "token.created", "token 1 \"ci\""),
                s("a@x.io", "token.first_used", "token 1 \"ci\""),
                s("operator", "account.limits_changed", "account a@x.io"),
                s("a@x.io", "dataset.imported", "dataset m"),
                s("operator", "dataset.replaced", "dataset m"),
                s("a@x.io", "dataset.vocabulary_changed", "dataset m"),
                s("a@x.io", "dataset.dropped", "dataset m"),
            ]
        );
        assert_eq!(
            actions(&c, Some(b.id)),
            [
                s("operator", "token.created", "token 2 \"token-1\""),
                s("operator", "token.deleted", "token 2 \"token-1\""),
            ]
        );
        let all = c.audit_entries(&AuditFilter::default()).unwrap();
        assert_eq!(all.len(), 11);
        let first_use = &all[2];
        assert_eq!(first_use.action, "token.first_used");
        assert_eq!(first_use.address.as_deref(), Some("10.0.0.8:1"));
        assert_eq!(all[0].address.as_deref(), Some("10.0.0.7:5555"));
        let rotated = &all[9];
        assert_eq!(
            (rotated.action.as_str(), rotated.account_id),
            ("secret.rotated", None)
        );
        assert_eq!(all[10].who(), "anonymous");
        // No entry holds a token.
        for e in &all {
            assert!(!format!("{e:?}").contains("qk_"), "{e:?}");
        }
        // The newest n, and since.
        let newest = c
            .audit_entries(&AuditFilter {
                newest: Some(2),
                ..AuditFilter::default()
            })
            .unwrap();
        assert_eq!(
            newest.iter().map(|e| e.id).collect::<Vec<_>>(),
            [all[9].id, all[10].id]
        );
        let later = c
            .audit_entries(&AuditFilter {
                since: Some(now() + 60),
                ..AuditFilter::default()
            })
            .unwrap();
        assert!(later.is_empty());
    }

    #[test]
    fn entries_cannot_be_changed_or_removed() {
        let (dir, c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        c.create_token(&Actor::Operator, a.id, None).unwrap();
        let raw = Connection::open(dir.path().join(crate::CATALOG_FILE)).unwrap();
        for sql in [
            "UPDATE audit_log SET subject = 'nothing'",
            "DELETE FROM audit_log",
        ] {
            let e = raw.execute(sql, []).unwrap_err().to_string();
            assert!(e.contains("append-only"), "{sql}: {e}");
        }
        assert_eq!(c.audit_entries(&AuditFilter::default()).unwrap().len(), 1);
    }

    #[test]
    fn a_refused_change_records_nothing() {
        let (_d, mut c) = open();
        let a = c.create_account("a@x.io", "password1").unwrap();
        c.create_token(&Actor::Operator, a.id, Some("x")).unwrap();
        assert!(matches!(
            c.create_token(&Actor::Operator, a.id, Some("x")),
            Err(CatalogError::Conflict(_))
        ));
        assert!(c.delete_token(&Actor::Operator, a.id, "nope").is_err());
        c.register_dataset(&Actor::Operator, "m", a.id, "m-1.sqlite", 3)
            .unwrap();
        assert!(c
            .register_dataset_as(
                &Actor::Operator,
                "m",
                a.id,
                "m-2.sqlite",
                3,
                OnExisting::Refuse
            )
            .is_err());
        assert_eq!(actions(&c, None).len(), 2);
    }
}
