//! A hasher for keys that are hashes already (Zobrist position keys, pattern keys): a hash map
//! keyed by them uses the key as it is instead of hashing it again with SipHash.

use std::hash::{BuildHasherDefault, Hasher};

/// Takes a `u64` key as its hash; other bytes (a flag beside the key) are mixed in by rotation.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The `BuildHasher` of maps and sets keyed by hashes.
pub type KeyHashing = BuildHasherDefault<KeyHasher>;
