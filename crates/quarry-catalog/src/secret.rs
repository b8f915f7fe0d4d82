//! The catalog's secret key and everything derived from it: API token
//! generation, their encryption at rest (the console shows tokens in full, so
//! they cannot be stored as one-way hashes) and the HMAC digest they are
//! looked up by (DESIGN §4).

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use chacha20poly1305::aead::rand_core::RngCore;
use chacha20poly1305::aead::{Aead, KeyInit, OsRng};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::CatalogError;

/// Name of the key file inside the data directory.
pub const KEY_FILE: &str = "secret.key";
/// Environment variable that, when set, holds the key (64 hex digits) and
/// takes precedence over the key file.
pub const KEY_ENV: &str = "QUARRY_SECRET_KEY";

/// Prefix of every API token.
pub const TOKEN_PREFIX: &str = "qk_";
/// Random bytes in a token.
const TOKEN_BYTES: usize = 32;
/// Base62 digits needed for 32 bytes: ceil(256 / log2(62)).
const TOKEN_DIGITS: usize = 43;
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type HmacSha256 = Hmac<Sha256>;

/// The two keys derived from the master secret: one encrypts token values,
/// the other computes their look-up digests. Both change when the master
/// key is rotated (`quarry rotate-secret`): the rotation re-encrypts and
/// re-digests every token in one transaction.
pub(crate) struct Keys {
    cipher: XChaCha20Poly1305,
    mac_key: [u8; 32],
    /// A public fingerprint of the master key (an HMAC of a fixed label),
    /// recorded in the catalog so a process can tell whether the key it
    /// holds is the one the tokens are under.
    check: [u8; 32],
}

/// Where the master key comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeySource {
    Env,
    File,
}

/// Name of the key file a rotation writes before its transaction commits
/// and renames over [`KEY_FILE`] after.
pub const NEXT_KEY_FILE: &str = "secret.key.next";

impl Keys {
    /// Loads the master key from `QUARRY_SECRET_KEY` or `<dir>/secret.key`,
    /// creating the file (mode 0600) on first use.
    pub(crate) fn load(data_dir: &Path) -> Result<Keys, CatalogError> {
        Ok(Keys::derive(&load_master(data_dir)?))
    }

    /// Where [`Keys::load`] takes the key from.
    pub(crate) fn source() -> KeySource {
        match std::env::var(KEY_ENV) {
            Ok(v) if !v.trim().is_empty() => KeySource::Env,
            _ => KeySource::File,
        }
    }

    /// The key whose fingerprint is `check`: the environment's, or the key
    /// file's, or, while a rotation is between its commit and its rename,
    /// the next key file's. An error when none matches (the key was
    /// replaced or lost).
    pub(crate) fn load_matching(data_dir: &Path, check: &[u8]) -> Result<Keys, CatalogError> {
        let mismatch = || {
            CatalogError::Secret(
                "the secret key does not match the one the catalog's tokens are under \
                 (was it replaced, lost, or rotated while QUARRY_SECRET_KEY was set?)"
                    .into(),
            )
        };
        if Keys::source() == KeySource::Env {
            let keys = Keys::load(data_dir)?;
            return if keys.matches(check) {
                Ok(keys)
            } else {
                Err(mismatch())
            };
        }
        // The rename may happen between two reads: look at the key file,
        // the next key file, then the key file again.
        for name in [KEY_FILE, NEXT_KEY_FILE, KEY_FILE] {
            if let Some(master) = read_key_file(&data_dir.join(name))? {
                let keys = Keys::derive(&master);
                if keys.matches(check) {
                    return Ok(keys);
                }
            }
        }
        Err(mismatch())
    }

    /// A fresh random key, not yet stored anywhere.
    pub(crate) fn generate() -> ([u8; 32], Keys) {
        let mut master = [0u8; 32];
        OsRng.fill_bytes(&mut master);
        let keys = Keys::derive(&master);
        (master, keys)
    }

    pub(crate) fn check(&self) -> &[u8; 32] {
        &self.check
    }

    pub(crate) fn matches(&self, check: &[u8]) -> bool {
        bool::from(self.check.as_slice().ct_eq(check))
    }

    fn derive(master: &[u8; 32]) -> Keys {
        let sub = |label: &[u8]| -> [u8; 32] {
            let mut m = <HmacSha256 as Mac>::new_from_slice(master).expect("any key length");
            m.update(label);
            m.finalize().into_bytes().into()
        };
        let enc_key = sub(b"quarry token encryption v1");
        Keys {
            cipher: XChaCha20Poly1305::new(&enc_key.into()),
            mac_key: sub(b"quarry token lookup v1"),
            check: sub(b"quarry key check v1"),
        }
    }

    /// HMAC-SHA256 of a token: the only form in which it is searched for.
    pub(crate) fn digest(&self, token: &str) -> [u8; 32] {
        let mut m = <HmacSha256 as Mac>::new_from_slice(&self.mac_key).expect("any key length");
        m.update(token.as_bytes());
        m.finalize().into_bytes().into()
    }

    /// Nonce (24 bytes) followed by the ciphertext and tag.
    pub(crate) fn encrypt(&self, token: &str) -> Vec<u8> {
        let mut nonce = [0u8; 24];
        OsRng.fill_bytes(&mut nonce);
        let ct = self
            .cipher
            .encrypt(XNonce::from_slice(&nonce), token.as_bytes())
            .expect("encryption of a short message cannot fail");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&ct);
        out
    }

    pub(crate) fn decrypt(&self, blob: &[u8]) -> Result<String, CatalogError> {
        if blob.len() < 24 {
            return Err(CatalogError::Secret("stored token is truncated".into()));
        }
        let (nonce, ct) = blob.split_at(24);
        let pt = self
            .cipher
            .decrypt(XNonce::from_slice(nonce), ct)
            .map_err(|_| {
                CatalogError::Secret(
                    "a stored token does not decrypt: was the secret key changed?".into(),
                )
            })?;
        String::from_utf8(pt).map_err(|_| CatalogError::Secret("stored token is not UTF-8".into()))
    }
}

fn parse_key(hex_text: &str) -> Option<[u8; 32]> {
    let bytes = hex::decode(hex_text).ok()?;
    bytes.try_into().ok()
}

fn load_master(data_dir: &Path) -> Result<[u8; 32], CatalogError> {
    match std::env::var(KEY_ENV) {
        Ok(v) if !v.trim().is_empty() => parse_key(v.trim())
            .ok_or_else(|| CatalogError::Secret(format!("{KEY_ENV} must be 64 hex digits"))),
        _ => load_or_create_key_file(&data_dir.join(KEY_FILE)),
    }
}

/// An I/O error on a key file, named by its file name only (errors may reach
/// logs; the data directory's path is not for them).
fn key_io(path: &Path, e: std::io::Error) -> CatalogError {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    CatalogError::Secret(format!("key file {name}: {}", e.kind()))
}

/// Writes `key` to `path` through a private (0600) temporary file; with
/// `replace`, renames it over an existing file, else links it into place
/// and fails with `AlreadyExists` if another process got there first.
fn write_key_file(path: &Path, key: &[u8; 32], replace: bool) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
    {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)?;
        f.write_all(hex::encode(key).as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
    }
    let placed = if replace {
        fs::rename(&tmp, path)
    } else {
        let linked = fs::hard_link(&tmp, path);
        let _ = fs::remove_file(&tmp);
        linked
    };
    if placed.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    placed?;
    sync_dir(path);
    Ok(())
}

/// Makes a rename or link in the key's directory durable (best effort).
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent() {
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

fn load_or_create_key_file(path: &Path) -> Result<[u8; 32], CatalogError> {
    if let Some(key) = read_key_file(path)? {
        return Ok(key);
    }
    // The CLI and the server may start at once: the link fails for the
    // loser, which then uses the winner's key.
    let mut key = [0u8; 32];
    OsRng.fill_bytes(&mut key);
    match write_key_file(path, &key, false) {
        Ok(()) => Ok(key),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            read_key_file(path)?.ok_or_else(|| CatalogError::Secret("the key file is empty".into()))
        }
        Err(e) => Err(key_io(path, e)),
    }
}

/// Stores a rotation's new key as `secret.key.next` (durably, before the
/// rotation commits).
pub(crate) fn write_next_key(data_dir: &Path, key: &[u8; 32]) -> Result<(), CatalogError> {
    let path = data_dir.join(NEXT_KEY_FILE);
    write_key_file(&path, key, true).map_err(|e| key_io(&path, e))
}

/// Renames `secret.key.next` over `secret.key` (atomic on POSIX), once the
/// catalog is under the new key.
pub(crate) fn promote_next_key(data_dir: &Path) -> Result<(), CatalogError> {
    let next = data_dir.join(NEXT_KEY_FILE);
    let key = data_dir.join(KEY_FILE);
    fs::rename(&next, &key).map_err(|e| key_io(&next, e))?;
    sync_dir(&key);
    Ok(())
}

/// Removes a next key file left by a rotation that did not commit.
pub(crate) fn discard_next_key(data_dir: &Path) {
    let _ = fs::remove_file(data_dir.join(NEXT_KEY_FILE));
}

fn read_key_file(path: &Path) -> Result<Option<[u8; 32]>, CatalogError> {
    match fs::read_to_string(path) {
        Ok(text) => parse_key(text.trim()).map(Some).ok_or_else(|| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            CatalogError::Secret(format!("key file {name} must hold 64 hex digits"))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(key_io(path, e)),
    }
}

/// A new API token: `qk_` + 43 base62 digits of 32 random bytes.
pub(crate) fn generate_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    OsRng.fill_bytes(&mut bytes);
    format!("{TOKEN_PREFIX}{}", base62(&bytes))
}

/// Whether a presented key has the shape of a token at all; anything else is
/// refused without touching the catalog.
pub(crate) fn is_token_shaped(key: &str) -> bool {
    key.strip_prefix(TOKEN_PREFIX).is_some_and(|rest| {
        rest.len() == TOKEN_DIGITS && rest.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Fixed-width big-endian base62 of a byte string.
fn base62(bytes: &[u8]) -> String {
    let mut num = bytes.to_vec();
    let mut digits = Vec::with_capacity(TOKEN_DIGITS);
    for _ in 0..TOKEN_DIGITS {
        // Divide the big-endian number by 62 in place; the remainder is the
        // next least significant digit.
        let mut rem = 0u32;
        for b in num.iter_mut() {
            let cur = (rem << 8) | u32::from(*b);
            *b = (cur / 62) as u8;
            rem = cur % 62;
        }
        digits.push(BASE62[rem as usize]);
    }
    digits.reverse();
    String::from_utf8(digits).expect("ASCII digits")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base62_is_fixed_width_and_exact() {
        assert_eq!(base62(&[0u8; 32]), "0".repeat(43));
        let max = base62(&[0xff; 32]);
        assert_eq!(max.len(), 43);
        let mut one = [0u8; 32];
        one[31] = 61;
        assert!(base62(&one).ends_with('z'));
        one[31] = 62;
        assert!(base62(&one).ends_with("10"));
    }

    #[test]
    fn tokens_have_the_documented_shape() {
        let t = generate_token();
        assert!(is_token_shaped(&t), "{t}");
        assert_ne!(t, generate_token());
        assert!(!is_token_shaped("qk_short"));
        assert!(!is_token_shaped(&t.replace("qk_", "xx_")));
    }

    #[test]
    fn encryption_round_trips_and_digests_are_stable() {
        let keys = Keys::derive(&[7u8; 32]);
        let t = generate_token();
        let blob = keys.encrypt(&t);
        assert_eq!(keys.decrypt(&blob).unwrap(), t);
        assert_ne!(keys.encrypt(&t), blob, "random nonce");
        assert_eq!(keys.digest(&t), keys.digest(&t));
        let other = Keys::derive(&[8u8; 32]);
        assert!(other.decrypt(&blob).is_err());
        assert_ne!(other.digest(&t), keys.digest(&t));
        assert!(keys.matches(Keys::derive(&[7u8; 32]).check()));
        assert!(!keys.matches(other.check()));
    }
}
