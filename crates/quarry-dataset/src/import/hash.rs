//! The hash behind pass 1's distinct-value sets and the id check, which
//! hash every value of a column (often millions of short strings); a module
//! of its own because both use it. Equal hashes are not equal values: the
//! id check confirms them against the values ([`super::ids`]).

use std::hash::{BuildHasherDefault, Hasher};

/// A fast 64-bit hash for strings (distinct-value sets and the id check,
/// where collisions are confirmed by comparing values).
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

const HASH_K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0 ^ (bytes.len() as u64).wrapping_mul(HASH_K);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ v).wrapping_mul(HASH_K).rotate_left(29);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            h = (h ^ u64::from_le_bytes(b))
                .wrapping_mul(HASH_K)
                .rotate_left(29);
        }
        self.0 = h;
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0 ^ u64::from(i)).wrapping_mul(HASH_K);
    }
    fn finish(&self) -> u64 {
        // fmix64 of MurmurHash3.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

pub(super) type FastBuild = BuildHasherDefault<FastHasher>;

pub(super) fn hash_of(s: &str) -> u64 {
    let mut h = FastHasher::default();
    h.write(s.as_bytes());
    h.finish()
}
