//! Which key the tokens are under, and `quarry rotate-secret`.
//!
//! The catalog records a fingerprint of the master key (`secret_state.
//! key_check`) and a generation number. Every operation that encrypts,
//! decrypts or digests a token first reads them, inside the same transaction
//! as its token reads or writes, and reloads the key when the fingerprint is
//! not the one it holds. So a running server keeps authenticating across a
//! rotation done by another process, without a restart.
//!
//! A rotation replaces both derived keys (encryption and look-up digest):
//! 1. under the catalog's write lock, the new key is written durably to
//!    `secret.key.next`;
//! 2. every token is decrypted with the old key, re-encrypted and re-digested
//!    with the new one, and the fingerprint and generation are updated, in the
//!    same transaction, which commits;
//! 3. `secret.key.next` is renamed over `secret.key`.
//!
//! A process that sees the new fingerprint between 2 and 3 finds the key in
//! `secret.key.next`; a crash before 2 commits leaves the old key in force
//! (and a stale next file that the next rotation overwrites); a crash between
//! 2 and 3 is finished by the next open.

use std::cell::Ref;
use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::Db;
use crate::secret::{self, KeySource, Keys};
use crate::{Catalog, CatalogError, Result};

/// What a rotation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotation {
    /// The key generation now in force (1 is the first key).
    pub generation: i64,
    /// Tokens re-encrypted.
    pub tokens: usize,
}

fn read_state(conn: &Connection) -> Result<(i64, Option<Vec<u8>>)> {
    // Cached: every authenticated request reads it.
    conn.prepare_cached("SELECT generation, key_check FROM secret_state WHERE id = 1")
        .and_then(|mut st| st.query_row([], |r| Ok((r.get(0)?, r.get(1)?))))
        .db()
}

/// At open: records the key's fingerprint in a catalog that has none yet
/// (after checking that the key decrypts the stored tokens), or makes sure
/// the key loaded is the one the catalog is under, finishing a rotation
/// that committed but did not rename its key file.
pub(crate) fn sync_at_open(conn: &Connection, data_dir: &Path, keys: Keys) -> Result<Keys> {
    let (_, check) = read_state(conn)?;
    let Some(check) = check else {
        conn.execute_batch("BEGIN IMMEDIATE").db()?;
        let recorded = (|| {
            if read_state(conn)?.1.is_some() {
                return Ok(());
            }
            let sample: Option<Vec<u8>> = conn
                .query_row("SELECT value_encrypted FROM tokens LIMIT 1", [], |r| {
                    r.get(0)
                })
                .optional()
                .db()?;
            if let Some(blob) = sample {
                keys.decrypt(&blob)?;
            }
            conn.execute(
                "UPDATE secret_state SET key_check = ?1 WHERE id = 1",
                [keys.check().to_vec()],
            )
            .db()?;
            Ok(())
        })();
        return match recorded {
            Ok(()) => {
                conn.execute_batch("COMMIT").db()?;
                // Another process may have recorded a different key first.
                sync_at_open(conn, data_dir, keys)
            }
            Err(e) => {
                let _ = conn.execute_batch("ROLLBACK");
                Err(e)
            }
        };
    };
    if keys.matches(&check) {
        return Ok(keys);
    }
    let keys = Keys::load_matching(data_dir, &check)?;
    if Keys::source() == KeySource::File {
        finish_pending_rename(data_dir, &keys)?;
    }
    Ok(keys)
}

/// When the catalog is under the key in `secret.key.next` (a rotation
/// committed, then stopped before its rename), completes the rename.
fn finish_pending_rename(data_dir: &Path, keys: &Keys) -> Result<()> {
    let file_matches = Keys::load(data_dir).is_ok_and(|k| k.matches(keys.check()));
    if file_matches {
        return Ok(());
    }
    match secret::promote_next_key(data_dir) {
        Ok(()) => Ok(()),
        // Another process finished it first.
        Err(_) if Keys::load(data_dir).is_ok_and(|k| k.matches(keys.check())) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Checks, writing nothing, that the catalog in `data_dir` opens with the
/// key there (its key file, or the next key file of a rotation caught
/// between commit and rename, or `QUARRY_SECRET_KEY`): for `quarry backup`
/// and `quarry restore`, before a copy is trusted.
pub fn check_key(data_dir: &Path) -> Result<()> {
    let conn = Connection::open_with_flags(
        data_dir.join(crate::CATALOG_FILE),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .db()?;
    if let (_, Some(check)) = read_state(&conn)? {
        Keys::load_matching(data_dir, &check)?;
    }
    Ok(())
}

impl Catalog {
    /// Runs `f` in a transaction (`BEGIN IMMEDIATE` when it will write, so
    /// it never has to upgrade a stale read snapshot), committing on `Ok`.
    pub(crate) fn in_transaction<T>(
        &self,
        write: bool,
        f: impl FnOnce() -> Result<T>,
    ) -> Result<T> {
        // Prepared once and cached (every authenticated request begins
        // and commits one): parsing them each time cost more than running
        // them, inside the catalog's lock.
        let run = |sql: &str| {
            self.conn
                .prepare_cached(sql)
                .and_then(|mut st| st.execute([]))
                .map(drop)
        };
        run(if write { "BEGIN IMMEDIATE" } else { "BEGIN" }).db()?;
        match f() {
            Ok(v) => match run("COMMIT") {
                Ok(()) => Ok(v),
                Err(e) => {
                    let _ = self.conn.execute_batch("ROLLBACK");
                    Err(crate::error::storage(e))
                }
            },
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }

    /// The keys the catalog's tokens are under in the current transaction's
    /// snapshot, reloaded when another process rotated them.
    pub(crate) fn current_keys(&self) -> Result<Ref<'_, Keys>> {
        let (_, check) = read_state(&self.conn)?;
        if let Some(check) = check {
            if !self.keys.borrow().matches(&check) {
                let fresh = Keys::load_matching(&self.data_dir, &check)?;
                *self.keys.borrow_mut() = fresh;
            }
        }
        Ok(self.keys.borrow())
    }

    /// The key generation in force: 1 for the first key, one more for each
    /// rotation.
    pub fn key_generation(&self) -> Result<i64> {
        Ok(read_state(&self.conn)?.0)
    }

    /// Re-encrypts (and re-digests) every token under a new random key and
    /// makes it the key file, while servers keep running (see the module
    /// documentation). Refused when the key comes from `QUARRY_SECRET_KEY`,
    /// which no process can change for the others.
    pub fn rotate_secret(&self, by: &crate::Actor) -> Result<Rotation> {
        if Keys::source() == KeySource::Env {
            return Err(CatalogError::Invalid(format!(
                "the key comes from {}, which quarry cannot change for running servers; \
                 unset it to use the key file, or rotate by re-creating tokens",
                crate::KEY_ENV
            )));
        }
        let (master, new_keys) = Keys::generate();
        let rotated = self.in_transaction(true, || {
            let old = self.current_keys()?;
            secret::write_next_key(&self.data_dir, &master)?;
            let rows: Vec<(i64, Vec<u8>)> = {
                let mut st = self
                    .conn
                    .prepare("SELECT id, value_encrypted FROM tokens ORDER BY id")
                    .db()?;
                let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).db()?;
                rows.collect::<std::result::Result<_, _>>().db()?
            };
            for (id, blob) in &rows {
                let value = old.decrypt(blob)?;
                self.conn
                    .execute(
                        "UPDATE tokens SET value_encrypted = ?1, digest = ?2 WHERE id = ?3",
                        params![
                            new_keys.encrypt(&value),
                            new_keys.digest(&value).to_vec(),
                            id
                        ],
                    )
                    .db()?;
            }
            let generation: i64 = self
                .conn
                .query_row(
                    "UPDATE secret_state SET generation = generation + 1, key_check = ?1
                 WHERE id = 1 RETURNING generation",
                    [new_keys.check().to_vec()],
                    |r| r.get(0),
                )
                .db()?;
            crate::audit::write(
                &self.conn,
                by,
                None,
                crate::AuditAction::SecretRotated,
                "secret key",
                &format!(
                    "generation {generation}, {} token(s) re-encrypted",
                    rows.len()
                ),
            )?;
            Ok(Rotation {
                generation,
                tokens: rows.len(),
            })
        });
        let rotation = match rotated {
            Ok(r) => r,
            Err(e) => {
                secret::discard_next_key(&self.data_dir);
                return Err(e);
            }
        };
        // The catalog is under the new key now; every process finds it in
        // the next key file until this rename, and in the key file after.
        secret::promote_next_key(&self.data_dir)?;
        *self.keys.borrow_mut() = new_keys;
        Ok(rotation)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Catalog, KEY_FILE};

    #[test]
    fn rotation_keeps_tokens_and_other_connections_follow() {
        let dir = tempfile::tempdir().unwrap();
        let server = Catalog::open(dir.path()).unwrap();
        let a = server.create_account("a@x.io", "password1").unwrap();
        let t1 = server
            .create_token(&crate::Actor::Operator, a.id, None)
            .unwrap();
        let t2 = server
            .create_token(&crate::Actor::Operator, a.id, Some("ci"))
            .unwrap();
        let old_key = std::fs::read(dir.path().join(KEY_FILE)).unwrap();
        assert_eq!(server.key_generation().unwrap(), 1);

        let cli = Catalog::open(dir.path()).unwrap();
        let r = cli.rotate_secret(&crate::Actor::Operator).unwrap();
        assert_eq!(r.generation, 2);
        assert_eq!(r.tokens, 2);
        assert_ne!(std::fs::read(dir.path().join(KEY_FILE)).unwrap(), old_key);
        assert!(!dir.path().join("secret.key.next").exists());

        // The other connection, opened under the old key, still
        // authenticates, lists and creates under the new one.
        assert_eq!(server.authenticate(&t1.value).unwrap(), Some(a.id));
        assert_eq!(server.authenticate(&t2.value).unwrap(), Some(a.id));
        let t3 = server
            .create_token(&crate::Actor::Operator, a.id, None)
            .unwrap();
        let values: Vec<String> = cli
            .list_tokens(a.id)
            .unwrap()
            .into_iter()
            .map(|t| t.value)
            .collect();
        assert_eq!(values, [t1.value.clone(), t2.value, t3.value]);
        cli.rotate_secret(&crate::Actor::Operator).unwrap();
        assert_eq!(server.authenticate(&t1.value).unwrap(), Some(a.id));

        // The old key file no longer opens the catalog.
        let copy = tempfile::tempdir().unwrap();
        for suffix in ["", "-wal"] {
            let name = format!("{}{suffix}", crate::CATALOG_FILE);
            std::fs::copy(dir.path().join(&name), copy.path().join(&name)).unwrap();
        }
        std::fs::write(copy.path().join(KEY_FILE), &old_key).unwrap();
        assert!(Catalog::open(copy.path()).is_err());
    }

    #[test]
    fn a_rotation_that_committed_but_did_not_rename_is_finished_at_open() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        let t = c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        c.rotate_secret(&crate::Actor::Operator).unwrap();
        drop(c);
        // Simulate the crash: the new key back in the next file, the old
        // (wrong) key in the key file.
        let key = dir.path().join(KEY_FILE);
        std::fs::rename(&key, dir.path().join("secret.key.next")).unwrap();
        std::fs::write(&key, format!("{}\n", "11".repeat(32))).unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        assert_eq!(c.authenticate(&t.value).unwrap(), Some(a.id));
        assert!(!dir.path().join("secret.key.next").exists());
    }

    #[test]
    fn a_different_key_is_refused_at_open() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::open(dir.path()).unwrap();
        let a = c.create_account("a@x.io", "password1").unwrap();
        c.create_token(&crate::Actor::Operator, a.id, None).unwrap();
        drop(c);
        std::fs::write(dir.path().join(KEY_FILE), format!("{}\n", "22".repeat(32))).unwrap();
        let e = Catalog::open(dir.path()).err().unwrap().to_string();
        assert!(e.contains("does not match"), "{e}");
        assert!(!e.contains(dir.path().to_str().unwrap()), "{e}");
    }
}
