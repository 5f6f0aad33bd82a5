//! The seki database as stored: a sorted list of canonical [`SekiKey`]s, one lookup per query.
//!
//! File format: a [table file](crate::solver::knowledge::table_file) of kind [`KIND`]
//! (little-endian):
//! ```text
//! magic     8 bytes  "TSSEKIDB"
//! version   u32      FORMAT_VERSION
//! count     u32      number of keys (field 0)
//! checksum  u64      FNV-1a 64 of the records
//! body:
//! records   count x { grid u64, edges u8, black u8 }   canonical, strictly ascending
//! ```

use super::key::SekiKey;
use crate::solver::knowledge::table_file::{self, BodyLen, Check, TableFileError, TableKind};
use std::borrow::Cow;
use thiserror::Error;

/// Bumped whenever the format or the meaning of an entry changes.
pub const FORMAT_VERSION: u32 = 1;
const RECORD_LEN: usize = 10;

/// The seki database's kind of table file.
pub static KIND: TableKind = TableKind {
    name: "seki database",
    a_name: "a seki database",
    magic: *b"TSSEKIDB",
    oldest: FORMAT_VERSION,
    version: FORMAT_VERSION,
    fields: 1,
    body_len: BodyLen::Implied(body_len),
};

/// The body's length from the header fields: the records.
fn body_len(fields: &[u32]) -> u64 {
    u64::from(fields[0]) * RECORD_LEN as u64
}

/// Why a database file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SekiDbError {
    /// The container: magic, version, length, checksum.
    #[error(transparent)]
    File(#[from] TableFileError),
    #[error("seki database corrupt: entry {index} is not a canonical pattern or out of order")]
    Record { index: usize },
}

/// The seki patterns: the file's records, sorted. The shipped database's are its bytes as
/// built into the program (nothing is decoded when it is read; a query decodes the keys its
/// binary search visits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SekiTable {
    /// [`RECORD_LEN`] bytes per key ([`SekiKey::to_bytes`]), strictly ascending by key.
    records: Cow<'static, [u8]>,
}

impl SekiTable {
    /// A table of these keys (sorted and deduplicated here).
    pub fn from_keys(mut keys: Vec<SekiKey>) -> SekiTable {
        keys.sort_unstable();
        keys.dedup();
        let mut records = Vec::with_capacity(keys.len() * RECORD_LEN);
        for k in &keys {
            records.extend_from_slice(&k.to_bytes());
        }
        SekiTable {
            records: Cow::Owned(records),
        }
    }

    /// The key of record `i`.
    fn key(&self, i: usize) -> SekiKey {
        let mut raw = [0u8; RECORD_LEN];
        raw.copy_from_slice(&self.records[i * RECORD_LEN..(i + 1) * RECORD_LEN]);
        SekiKey::from_bytes_unchecked(raw)
    }

    /// Is this pattern a seki?
    pub fn contains(&self, key: &SekiKey) -> bool {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.key(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }

    pub fn len(&self) -> usize {
        self.records.len() / RECORD_LEN
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Every key, in ascending order.
    pub fn keys(&self) -> Vec<SekiKey> {
        (0..self.len()).map(|i| self.key(i)).collect()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        table_file::encode(&KIND, &[self.len() as u32], &self.records)
    }

    /// Read and check a file's bytes: magic, version, length, checksum
    /// ([`table_file::read`]), every record canonical and in strictly ascending order.
    pub fn from_bytes(bytes: &[u8]) -> Result<SekiTable, SekiDbError> {
        let records = table_file::read(&KIND, bytes, Check::Full)?.body;
        let mut last: Option<SekiKey> = None;
        for (index, chunk) in records.chunks_exact(RECORD_LEN).enumerate() {
            let mut raw = [0u8; RECORD_LEN];
            raw.copy_from_slice(chunk);
            let key = SekiKey::from_bytes(raw).ok_or(SekiDbError::Record { index })?;
            if last.is_some_and(|last| last >= key) {
                return Err(SekiDbError::Record { index });
            }
            last = Some(key);
        }
        Ok(SekiTable {
            records: Cow::Owned(records.to_vec()),
        })
    }

    /// Read bytes known to be a valid database, in place: the one built into the program
    /// ([`super::shipped`]), which a test reads with every check of [`SekiTable::from_bytes`].
    /// Magic, version and length are checked; the checksum and the records are not, and
    /// nothing is decoded (checking 17,260 keys' canonical forms, eight images each, took
    /// about 130 M instructions, some 30 ms, most of a small solve's time; decoding them
    /// another 0.6 M).
    pub fn from_trusted_bytes(bytes: &'static [u8]) -> Result<SekiTable, SekiDbError> {
        Ok(SekiTable {
            records: Cow::Borrowed(table_file::read(&KIND, bytes, Check::Trusted)?.body),
        })
    }
}
