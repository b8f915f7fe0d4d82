//! Per-account limits, set by the operator (`quarry account set-limits`).
//! The catalog stores them; the server enforces the request limits (per
//! process, in memory), the catalog itself the number of API tokens. `None`
//! means the default (the server's, or [`DEFAULT_MAX_TOKENS`]).

use rusqlite::{params, OptionalExtension};

use crate::error::Db;
use crate::{Catalog, CatalogError, Result};

/// Highest accepted per-minute rate.
pub const MAX_PER_MINUTE: u32 = 1_000_000;
/// Highest accepted number of concurrent streams.
pub const MAX_CONCURRENT: u32 = 10_000;
/// API tokens an account may have when it has no cap of its own. Each key
/// has its own rate and open-stream cap, so the number of keys multiplies
/// what one account can hold open on a server.
pub const DEFAULT_MAX_TOKENS: u32 = 50;
/// Highest accepted cap on an account's tokens.
pub const MAX_TOKENS: u32 = 10_000;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccountLimits {
    /// Requests per minute for each of the account's keys (token bucket:
    /// this many at once, refilled evenly over a minute).
    pub per_minute: Option<u32>,
    /// Open query streams at once, for each of the account's keys.
    pub concurrent: Option<u32>,
    /// API tokens the account may have ([`DEFAULT_MAX_TOKENS`] if `None`).
    pub tokens: Option<u32>,
}

impl AccountLimits {
    /// The limits from their stored columns (`per_minute`, `concurrent`,
    /// `max_tokens`; `NULL`: the default), clamped to the accepted ranges.
    pub fn from_columns(
        per_minute: Option<i64>,
        concurrent: Option<i64>,
        tokens: Option<i64>,
    ) -> Self {
        let clamp = |v: Option<i64>, max: u32| v.map(|v| v.clamp(1, i64::from(max)) as u32);
        AccountLimits {
            per_minute: clamp(per_minute, MAX_PER_MINUTE),
            concurrent: clamp(concurrent, MAX_CONCURRENT),
            tokens: clamp(tokens, MAX_TOKENS),
        }
    }

    /// Refuses values out of range (the same rule for every back-end).
    pub fn validate(&self) -> Result<()> {
        if self
            .per_minute
            .is_some_and(|n| !(1..=MAX_PER_MINUTE).contains(&n))
        {
            return Err(CatalogError::Invalid(format!(
                "the per-minute rate must be between 1 and {MAX_PER_MINUTE}"
            )));
        }
        if self
            .concurrent
            .is_some_and(|n| !(1..=MAX_CONCURRENT).contains(&n))
        {
            return Err(CatalogError::Invalid(format!(
                "the number of concurrent streams must be between 1 and {MAX_CONCURRENT}"
            )));
        }
        if self.tokens.is_some_and(|n| !(1..=MAX_TOKENS).contains(&n)) {
            return Err(CatalogError::Invalid(format!(
                "the number of API tokens must be between 1 and {MAX_TOKENS}"
            )));
        }
        Ok(())
    }

    /// The limits as the audit log's entry describes them.
    pub fn detail(&self) -> String {
        let show = |v: Option<u32>| v.map_or("default".to_string(), |n| n.to_string());
        format!(
            "per minute {}, concurrent {}, tokens {}",
            show(self.per_minute),
            show(self.concurrent),
            show(self.tokens)
        )
    }

    /// The number of API tokens the account may have.
    pub fn max_tokens(&self) -> u32 {
        self.tokens.unwrap_or(DEFAULT_MAX_TOKENS)
    }
}

/// An authenticated API key: which token, whose, and the owner's limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyIdentity {
    pub token_id: i64,
    pub account_id: i64,
    pub limits: AccountLimits,
}

impl Catalog {
    /// The account's limits (`None` members: the server's defaults).
    pub fn account_limits(&self, account_id: i64) -> Result<AccountLimits> {
        let row: Option<(Option<i64>, Option<i64>, Option<i64>)> = self
            .conn
            .query_row(
                "SELECT per_minute, concurrent, max_tokens FROM account_limits
                 WHERE account_id = ?1",
                [account_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .db()?;
        Ok(row.map_or_else(AccountLimits::default, |(p, c, t)| {
            AccountLimits::from_columns(p, c, t)
        }))
    }

    /// Replaces the account's limits; `None` members return to the server's
    /// defaults. Running servers apply them from the next request.
    pub fn set_account_limits(
        &self,
        by: &crate::Actor,
        account_id: i64,
        limits: AccountLimits,
    ) -> Result<()> {
        limits.validate()?;
        self.in_transaction(true, || self.store_limits(by, account_id, limits))
    }

    fn store_limits(
        &self,
        by: &crate::Actor,
        account_id: i64,
        limits: AccountLimits,
    ) -> Result<()> {
        let email: String = self
            .conn
            .query_row(
                "SELECT email FROM accounts WHERE id = ?1",
                [account_id],
                |r| r.get(0),
            )
            .optional()
            .db()?
            .ok_or_else(|| CatalogError::NotFound(format!("no account {account_id}")))?;
        if limits == AccountLimits::default() {
            self.conn
                .execute(
                    "DELETE FROM account_limits WHERE account_id = ?1",
                    [account_id],
                )
                .db()?;
        } else {
            self.conn
                .execute(
                    "INSERT INTO account_limits (account_id, per_minute, concurrent, max_tokens)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (account_id) DO UPDATE
                 SET per_minute = excluded.per_minute, concurrent = excluded.concurrent,
                     max_tokens = excluded.max_tokens",
                    params![
                        account_id,
                        limits.per_minute,
                        limits.concurrent,
                        limits.tokens
                    ],
                )
                .db()?;
        }
        crate::audit::write(
            &self.conn,
            by,
            Some(account_id),
            crate::AuditAction::LimitsChanged,
            &format!("account {email}"),
            &limits.detail(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_stored_and_reach_authentication() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let t = c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        assert_eq!(c.account_limits(a.id).unwrap(), AccountLimits::default());
        let who = c.authenticate_key(&t.value).unwrap().unwrap();
        assert_eq!((who.account_id, who.token_id), (a.id, t.id));
        assert_eq!(who.limits, AccountLimits::default());
        let set = AccountLimits {
            per_minute: Some(5),
            concurrent: Some(2),
            tokens: Some(7),
        };
        c.set_account_limits(&crate::Actor::Operator, a.id, set)
            .unwrap();
        assert_eq!(c.account_limits(a.id).unwrap(), set);
        assert_eq!(c.authenticate_key(&t.value).unwrap().unwrap().limits, set);
        assert!(c
            .set_account_limits(
                &crate::Actor::Operator,
                a.id,
                AccountLimits {
                    per_minute: Some(0),
                    ..AccountLimits::default()
                }
            )
            .is_err());
        assert!(c
            .set_account_limits(
                &crate::Actor::Operator,
                a.id,
                AccountLimits {
                    tokens: Some(0),
                    ..AccountLimits::default()
                }
            )
            .is_err());
        c.set_account_limits(&crate::Actor::Operator, a.id, AccountLimits::default())
            .unwrap();
        assert_eq!(c.account_limits(a.id).unwrap(), AccountLimits::default());
    }

    #[test]
    fn an_account_has_at_most_its_cap_of_tokens() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let b = c.create_account("b@x.io", "password1").unwrap();
        // The default cap.
        for _ in 0..DEFAULT_MAX_TOKENS {
            c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        }
        let err = c
            .create_token(&crate::Actor::Operator, a.id, None)
            .unwrap_err();
        assert!(matches!(err, CatalogError::Conflict(_)), "{err:?}");
        assert!(err.to_string().contains("50 API tokens"), "{err}");
        assert_eq!(c.list_tokens(a.id).unwrap().len(), 50);
        // Another account is not affected.
        c.create_token(&crate::Actor::Operator, b.id, None).unwrap();
        // A cap of the account's own, lower and higher.
        c.set_account_limits(
            &crate::Actor::Operator,
            b.id,
            AccountLimits {
                tokens: Some(2),
                ..AccountLimits::default()
            },
        )
        .unwrap();
        c.create_token(&crate::Actor::Operator, b.id, Some("second"))
            .unwrap();
        assert!(c
            .create_token(&crate::Actor::Operator, b.id, Some("third"))
            .is_err());
        c.delete_token(&crate::Actor::Operator, b.id, "second")
            .unwrap();
        c.create_token(&crate::Actor::Operator, b.id, Some("third"))
            .unwrap();
        c.set_account_limits(
            &crate::Actor::Operator,
            a.id,
            AccountLimits {
                tokens: Some(51),
                ..AccountLimits::default()
            },
        )
        .unwrap();
        c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        assert!(c.create_token(&crate::Actor::Operator, a.id, None).is_err());
    }
}
