//! Web console sessions and sign-in throttling (DESIGN §4).
//!
//! A session id is 32 random bytes, given to the browser once (in a cookie)
//! and stored only as its SHA-256 digest, so a copy of the catalog does not
//! hand out live sessions. Its shape (64 hex digits) is not a token's, and it
//! is looked up in its own table: a session never authenticates an API
//! request and a token never opens a session.
//!
//! Failed sign-ins are recorded per subject (an account and a client
//! address, an account, a known browser); the console backs off a subject
//! exponentially once it has too many failures in its window.
//!
//! A *known device* is a browser the account has signed in from: at a
//! successful sign-in it gets a random id in a long-lived cookie, stored
//! here only as its digest (like a session id). Sign-ins that present the
//! account's device id are throttled on their own, so failures of an
//! attacker elsewhere never block the owner's browser.

use chacha20poly1305::aead::rand_core::RngCore;
use chacha20poly1305::aead::OsRng;
use rusqlite::{params, OptionalExtension};
use sha2::{Digest, Sha256};

use crate::error::Db;
use crate::{now, Account, Catalog, Result};

/// How many browsers an account's known devices are at most (the oldest
/// is forgotten first).
pub const KNOWN_DEVICES_PER_ACCOUNT: i64 = 20;

/// `last_seen` is refreshed at most this often, so most page views only
/// read the session.
pub const LAST_SEEN_GRANULARITY_SECS: i64 = 30;

/// A session just created: the id goes to the browser, never to a log.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub id: String,
    pub csrf_token: String,
}

/// A live session, as the console sees it on each request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleSession {
    pub account: Account,
    /// The per-session token every state-changing form must carry.
    pub csrf_token: String,
    /// Unix seconds.
    pub created: i64,
}

/// How long sessions live, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    /// A session unused for longer than this has ended.
    pub idle_secs: i64,
    /// A session older than this has ended, however busy.
    pub lifetime_secs: i64,
}

/// `bytes` random bytes in lowercase hex.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

/// The stored form of a session or device id.
pub fn session_digest(id: &str) -> Vec<u8> {
    Sha256::digest(id.as_bytes()).to_vec()
}

/// Whether a presented session id has the shape of one (64 lowercase hex
/// digits); anything else is refused without a look-up.
pub fn is_session_shaped(id: &str) -> bool {
    id.len() == 64
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Catalog {
    /// Starts a console session for the account.
    pub fn create_session(&self, account_id: i64) -> Result<NewSession> {
        let id = random_hex(32);
        let csrf_token = random_hex(32);
        let t = now();
        self.conn.execute(
            "INSERT INTO console_sessions (id_digest, account_id, csrf_token, created, last_seen)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![session_digest(&id), account_id, csrf_token, t],
        ).db()?;
        Ok(NewSession { id, csrf_token })
    }

    /// The live session with this id, or `None` when it is unknown, ended or
    /// expired (an expired one is deleted). Refreshes its idle clock.
    pub fn session(&self, id: &str, limits: SessionLimits) -> Result<Option<ConsoleSession>> {
        if !is_session_shaped(id) {
            return Ok(None);
        }
        let digest = session_digest(id);
        let row: Option<(i64, String, i64, String, i64, i64)> = self
            .conn
            .query_row(
                "SELECT a.id, a.email, a.created, s.csrf_token, s.created, s.last_seen
                 FROM console_sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.id_digest = ?1",
                [&digest],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            )
            .optional()
            .db()?;
        let Some((account_id, email, account_created, csrf_token, created, last_seen)) = row else {
            return Ok(None);
        };
        let t = now();
        if t - last_seen > limits.idle_secs || t - created > limits.lifetime_secs {
            self.conn
                .execute(
                    "DELETE FROM console_sessions WHERE id_digest = ?1",
                    [&digest],
                )
                .db()?;
            return Ok(None);
        }
        if t - last_seen >= LAST_SEEN_GRANULARITY_SECS.min(limits.idle_secs) {
            // Best effort, like a token's last_used.
            let _ = self.conn.execute(
                "UPDATE console_sessions SET last_seen = ?1 WHERE id_digest = ?2",
                params![t, digest],
            );
        }
        Ok(Some(ConsoleSession {
            account: Account {
                id: account_id,
                email,
                created: account_created,
            },
            csrf_token,
            created,
        }))
    }

    /// Ends a session (sign-out). Unknown ids are ignored.
    pub fn end_session(&self, id: &str) -> Result<()> {
        self.conn
            .execute(
                "DELETE FROM console_sessions WHERE id_digest = ?1",
                [session_digest(id)],
            )
            .db()?;
        Ok(())
    }

    /// Deletes every expired session; returns how many.
    pub fn delete_expired_sessions(&self, limits: SessionLimits) -> Result<usize> {
        let t = now();
        self.conn
            .execute(
                "DELETE FROM console_sessions WHERE last_seen < ?1 OR created < ?2",
                params![t - limits.idle_secs, t - limits.lifetime_secs],
            )
            .db()
    }

    // ----- sign-in throttling ---------------------------------------------

    /// Failed sign-ins of `subject` since `since` (Unix seconds): how many,
    /// and when the latest of them was.
    pub fn sign_in_failures(&self, subject: &str, since: i64) -> Result<(u32, Option<i64>)> {
        self.conn
            .query_row(
                "SELECT COUNT(*), MAX(at) FROM sign_in_failures WHERE subject = ?1 AND at >= ?2",
                params![subject, since],
                |r| Ok((r.get::<_, i64>(0)? as u32, r.get(1)?)),
            )
            .db()
    }

    /// Records one failed sign-in against each subject, and forgets failures
    /// older than `forget_before`.
    pub fn record_sign_in_failure(&self, subjects: &[&str], forget_before: i64) -> Result<()> {
        let t = now();
        for s in subjects {
            self.conn
                .execute(
                    "INSERT INTO sign_in_failures (subject, at) VALUES (?1, ?2)",
                    params![s, t],
                )
                .db()?;
        }
        self.conn
            .execute(
                "DELETE FROM sign_in_failures WHERE at < ?1",
                [forget_before],
            )
            .db()?;
        Ok(())
    }

    /// Remembers a browser the account signed in from; returns the id for
    /// its cookie (only its digest is stored). Keeps the account's latest
    /// [`KNOWN_DEVICES_PER_ACCOUNT`] and forgets those older than
    /// `forget_before`.
    pub fn remember_device(&self, account_id: i64, forget_before: i64) -> Result<String> {
        let id = random_hex(32);
        let t = now();
        self.conn
            .execute(
                "INSERT INTO known_devices (id_digest, account_id, created) VALUES (?1, ?2, ?3)",
                params![session_digest(&id), account_id, t],
            )
            .db()?;
        self.conn
            .execute(
                "DELETE FROM known_devices WHERE created < ?1 OR (account_id = ?2 AND rowid NOT IN
                 (SELECT rowid FROM known_devices WHERE account_id = ?2
                  ORDER BY created DESC, rowid DESC LIMIT ?3))",
                params![forget_before, account_id, KNOWN_DEVICES_PER_ACCOUNT],
            )
            .db()?;
        Ok(id)
    }

    /// Whether `id` is a known device of the account with this email,
    /// remembered at or after `since`.
    pub fn is_known_device(&self, id: &str, email: &str, since: i64) -> Result<bool> {
        if !is_session_shaped(id) {
            return Ok(false);
        }
        self.conn
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM known_devices d JOIN accounts a ON a.id = d.account_id
                 WHERE d.id_digest = ?1 AND a.email = ?2 AND d.created >= ?3)",
                params![session_digest(id), email.trim(), since],
                |r| r.get(0),
            )
            .db()
    }

    /// Forgets a subject's failures (after a successful sign-in).
    pub fn clear_sign_in_failures(&self, subject: &str) -> Result<()> {
        self.conn
            .execute("DELETE FROM sign_in_failures WHERE subject = ?1", [subject])
            .db()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG: SessionLimits = SessionLimits {
        idle_secs: 3600,
        lifetime_secs: 7200,
    };

    #[test]
    fn sessions_live_until_ended_and_are_stored_hashed() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let s = c.create_session(a.id).unwrap();
        assert!(is_session_shaped(&s.id));
        let live = c.session(&s.id, LONG).unwrap().unwrap();
        assert_eq!(live.account.id, a.id);
        assert_eq!(live.csrf_token, s.csrf_token);
        let stored: Vec<u8> = c
            .conn
            .query_row("SELECT id_digest FROM console_sessions", [], |r| r.get(0))
            .unwrap();
        assert_ne!(stored, s.id.as_bytes());
        // Not a token, and a token is not a session.
        assert_eq!(c.authenticate(&s.id).unwrap(), None);
        let t = c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        assert!(c.session(&t.value, LONG).unwrap().is_none());
        c.end_session(&s.id).unwrap();
        assert!(c.session(&s.id, LONG).unwrap().is_none());
    }

    #[test]
    fn sessions_expire() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let s = c.create_session(a.id).unwrap();
        c.conn
            .execute(
                "UPDATE console_sessions SET last_seen = last_seen - 100",
                [],
            )
            .unwrap();
        let short_idle = SessionLimits {
            idle_secs: 50,
            lifetime_secs: 7200,
        };
        assert!(c.session(&s.id, short_idle).unwrap().is_none());
        let s = c.create_session(a.id).unwrap();
        c.conn
            .execute("UPDATE console_sessions SET created = created - 100", [])
            .unwrap();
        let short_life = SessionLimits {
            idle_secs: 3600,
            lifetime_secs: 50,
        };
        assert!(c.session(&s.id, short_life).unwrap().is_none());
        assert_eq!(c.delete_expired_sessions(LONG).unwrap(), 0);
    }

    #[test]
    fn known_devices_are_the_accounts_and_stored_hashed() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        c.create_account("b@x.io", "password1").unwrap();
        let d = c.remember_device(a.id, 0).unwrap();
        assert!(c.is_known_device(&d, "A@x.io", 0).unwrap());
        assert!(!c.is_known_device(&d, "b@x.io", 0).unwrap());
        assert!(!c.is_known_device(&d, "a@x.io", now() + 10).unwrap());
        assert!(!c.is_known_device("nope", "a@x.io", 0).unwrap());
        for _ in 0..KNOWN_DEVICES_PER_ACCOUNT {
            c.remember_device(a.id, 0).unwrap();
        }
        let n: i64 = c
            .conn
            .query_row("SELECT COUNT(*) FROM known_devices", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, KNOWN_DEVICES_PER_ACCOUNT);
    }

    #[test]
    fn failures_are_counted_per_subject() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        for _ in 0..3 {
            c.record_sign_in_failure(&["account:a@x.io", "addr:1.2.3.4"], 0)
                .unwrap();
        }
        assert_eq!(c.sign_in_failures("account:a@x.io", 0).unwrap().0, 3);
        assert_eq!(c.sign_in_failures("addr:1.2.3.4", 0).unwrap().0, 3);
        assert_eq!(c.sign_in_failures("addr:9.9.9.9", 0).unwrap(), (0, None));
        c.clear_sign_in_failures("account:a@x.io").unwrap();
        assert_eq!(c.sign_in_failures("account:a@x.io", 0).unwrap().0, 0);
        assert_eq!(c.sign_in_failures("addr:1.2.3.4", now() + 10).unwrap().0, 0);
    }
}
