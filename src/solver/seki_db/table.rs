//! The seki database as stored: a sorted list of canonical [`SekiKey`]s, one lookup per query.
//!
//! File format (little-endian):
//! ```text
//! magic     8 bytes  "TSSEKIDB"
//! version   u32      FORMAT_VERSION
//! count     u32      number of keys
//! checksum  u64      FNV-1a 64 of the records
//! records   count x { grid u64, edges u8, black u8 }   canonical, strictly ascending
//! ```

use super::key::SekiKey;
use crate::solver::static_ld::table::fnv1a;
use thiserror::Error;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"TSSEKIDB";
/// Bumped whenever the format or the meaning of an entry changes.
pub const FORMAT_VERSION: u32 = 1;
const HEADER_LEN: usize = 8 + 4 + 4 + 8;
const RECORD_LEN: usize = 10;

/// Why a database file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SekiDbError {
    #[error("seki database: {0} bytes is shorter than the header")]
    Truncated(usize),
    #[error("seki database: not a seki database (bad magic)")]
    Magic,
    #[error("seki database: format version {found}, this program reads version {FORMAT_VERSION}")]
    Version { found: u32 },
    #[error("seki database: {expected} bytes expected, {found} found")]
    Length { expected: usize, found: usize },
    #[error("seki database: checksum mismatch (the file is corrupt)")]
    Checksum,
    #[error("seki database: entry {index} is not a canonical pattern or out of order")]
    Record { index: usize },
}

/// The seki patterns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SekiTable {
    keys: Vec<SekiKey>,
}

impl SekiTable {
    /// A table of these keys (sorted and deduplicated here).
    pub fn from_keys(mut keys: Vec<SekiKey>) -> SekiTable {
        keys.sort_unstable();
        keys.dedup();
        SekiTable { keys }
    }

    /// Is this pattern a seki?
    pub fn contains(&self, key: &SekiKey) -> bool {
        self.keys.binary_search(key).is_ok()
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    pub fn keys(&self) -> &[SekiKey] {
        &self.keys
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut records = Vec::with_capacity(self.keys.len() * RECORD_LEN);
        for k in &self.keys {
            records.extend_from_slice(&k.to_bytes());
        }
        let mut out = Vec::with_capacity(HEADER_LEN + records.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a(&records).to_le_bytes());
        out.extend_from_slice(&records);
        out
    }

    /// Read and check a file's bytes: magic, version, length, checksum, every record canonical
    /// and in strictly ascending order.
    pub fn from_bytes(bytes: &[u8]) -> Result<SekiTable, SekiDbError> {
        if bytes.len() < HEADER_LEN {
            return Err(SekiDbError::Truncated(bytes.len()));
        }
        if &bytes[..8] != MAGIC {
            return Err(SekiDbError::Magic);
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(SekiDbError::Version { found: version });
        }
        let count = u32_at(12) as usize;
        let expected = HEADER_LEN + count * RECORD_LEN;
        if bytes.len() != expected {
            return Err(SekiDbError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[16..24]);
        let records = &bytes[HEADER_LEN..];
        if u64::from_le_bytes(sum) != fnv1a(records) {
            return Err(SekiDbError::Checksum);
        }
        let mut keys = Vec::with_capacity(count);
        for (index, chunk) in records.chunks_exact(RECORD_LEN).enumerate() {
            let mut raw = [0u8; RECORD_LEN];
            raw.copy_from_slice(chunk);
            let key = SekiKey::from_bytes(raw).ok_or(SekiDbError::Record { index })?;
            if keys.last().is_some_and(|last| *last >= key) {
                return Err(SekiDbError::Record { index });
            }
            keys.push(key);
        }
        Ok(SekiTable { keys })
    }
}
