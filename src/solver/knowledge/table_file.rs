//! The one binary format of the program's table files: the static life-and-death table
//! ([`super::static_ld::table`], `assets/static_dead.bin`), the seki database
//! ([`super::seki_db::table`], `assets/seki_db.bin`) and the RZ pattern store
//! ([`super::pattern_store`], `--rzt FILE`). This module owns the header, the checksum, the
//! length checks and their errors; each table owns only its body.
//!
//! A file (little-endian):
//! ```text
//! magic     8 bytes  one per kind of table
//! version   u32      the kind's format version
//! fields    u32 x n  the kind's own header fields (n fixed per kind, e.g. counts)
//! body_len  u64      bytes of the body: only for kinds whose length is stored
//!                    (else it follows from the fields)
//! checksum  u64      FNV-1a 64 of the body
//! body      the kind's own encoding
//! ```
//! This is exactly the layout the three tables had before they shared it (their fields and
//! whether the body length is stored are their [`TableKind`]s), so every file shipped or
//! written before reads unchanged, and writing the same table gives the same bytes.
//!
//! [`encode`] makes a file's bytes from a body (the callers write them with
//! [`crate::atomic_file`]); [`read`] checks a file's bytes and gives the body, its version and
//! fields, or a [`TableFileError`] whose message says which kind of file and what is wrong.

use thiserror::Error;

/// FNV-1a, 64 bits: the checksum of a table file's body.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Where the length of a kind's body comes from.
#[derive(Clone, Copy, Debug)]
pub enum BodyLen {
    /// A `u64` in the header, after the fields.
    Stored,
    /// Computed from the header fields (the kind's records have a fixed size).
    Implied(fn(&[u32]) -> u64),
}

/// One kind of table file: its magic, the versions this build reads and its header's shape.
/// Two kinds are equal when their magic is.
#[derive(Clone, Copy, Debug)]
pub struct TableKind {
    /// What the file is, for messages: "seki database".
    pub name: &'static str,
    /// The same with its article: "a seki database".
    pub a_name: &'static str,
    /// The file's first bytes.
    pub magic: [u8; 8],
    /// The oldest format version this build reads.
    pub oldest: u32,
    /// The version written, the newest read.
    pub version: u32,
    /// Number of the kind's own `u32` header fields.
    pub fields: usize,
    /// Where the body's length comes from.
    pub body_len: BodyLen,
}

impl PartialEq for TableKind {
    fn eq(&self, other: &TableKind) -> bool {
        self.magic == other.magic
    }
}

impl Eq for TableKind {}

impl TableKind {
    /// Bytes of the header, before the body.
    pub const fn header_len(&self) -> usize {
        let stored = match self.body_len {
            BodyLen::Stored => 8,
            BodyLen::Implied(_) => 0,
        };
        8 + 4 + 4 * self.fields + stored + 8
    }

    /// Where the checksum sits in the header.
    pub const fn checksum_at(&self) -> usize {
        self.header_len() - 8
    }
}

/// Why bytes are not a readable table file of the kind asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    #[error("not {} file (bad magic)", .kind.a_name)]
    WrongMagic { kind: &'static TableKind },
    #[error(
        "{} written by a newer version (format {found}, this build reads up to {})",
        .kind.name,
        .kind.version
    )]
    NewerVersion {
        kind: &'static TableKind,
        found: u32,
    },
    #[error(
        "{} format {found} is too old (this build reads formats {} to {})",
        .kind.name,
        .kind.oldest,
        .kind.version
    )]
    OlderVersion {
        kind: &'static TableKind,
        found: u32,
    },
    #[error("{} truncated: {expected} bytes expected, {found} found", .kind.name)]
    Truncated {
        kind: &'static TableKind,
        expected: u64,
        found: u64,
    },
    #[error(
        "{} corrupt: {} trailing bytes ({found} bytes where {expected} were expected)",
        .kind.name,
        .found - .expected
    )]
    TrailingBytes {
        kind: &'static TableKind,
        expected: u64,
        found: u64,
    },
    #[error("{} corrupt: checksum mismatch", .kind.name)]
    Checksum { kind: &'static TableKind },
}

/// How much of a file [`read`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Everything, the checksum included: any file from outside the program.
    Full,
    /// All but the checksum: only bytes built into the program, whose full check is a test's.
    Trusted,
}

/// A checked file: its version, header fields and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFile<'b> {
    /// The kind it was read as.
    pub kind: &'static TableKind,
    /// Its format version (within the kind's `oldest..=version`).
    pub version: u32,
    /// The kind's own header fields.
    pub fields: Vec<u32>,
    /// The body, of the length the header gives.
    pub body: &'b [u8],
}

/// A file of `kind` holding `body`, in the current version, with the kind's header `fields`.
pub fn encode(kind: &TableKind, fields: &[u32], body: &[u8]) -> Vec<u8> {
    debug_assert_eq!(fields.len(), kind.fields, "{}: header fields", kind.name);
    let mut out = Vec::with_capacity(kind.header_len() + body.len());
    out.extend_from_slice(&kind.magic);
    out.extend_from_slice(&kind.version.to_le_bytes());
    for field in fields {
        out.extend_from_slice(&field.to_le_bytes());
    }
    match kind.body_len {
        BodyLen::Stored => out.extend_from_slice(&(body.len() as u64).to_le_bytes()),
        BodyLen::Implied(len) => {
            debug_assert_eq!(len(fields), body.len() as u64, "{}: body length", kind.name);
        }
    }
    out.extend_from_slice(&fnv1a(body).to_le_bytes());
    out.extend_from_slice(body);
    out
}

/// Check `bytes` as a file of `kind`: magic (a shorter file's bytes too), header length,
/// version, body length (neither shorter nor longer), and the checksum under [`Check::Full`].
pub fn read<'b>(
    kind: &'static TableKind,
    bytes: &'b [u8],
    check: Check,
) -> Result<TableFile<'b>, TableFileError> {
    let prefix = bytes.len().min(kind.magic.len());
    if bytes[..prefix] != kind.magic[..prefix] {
        return Err(TableFileError::WrongMagic { kind });
    }
    let header_len = kind.header_len();
    let found = bytes.len() as u64;
    if bytes.len() < header_len {
        return Err(TableFileError::Truncated {
            kind,
            expected: header_len as u64,
            found,
        });
    }
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let u64_at = |at: usize| {
        let mut raw = [0u8; 8];
        raw.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(raw)
    };
    let version = u32_at(8);
    if version > kind.version {
        return Err(TableFileError::NewerVersion {
            kind,
            found: version,
        });
    }
    if version < kind.oldest {
        return Err(TableFileError::OlderVersion {
            kind,
            found: version,
        });
    }
    let fields: Vec<u32> = (0..kind.fields).map(|i| u32_at(12 + 4 * i)).collect();
    let body_len = match kind.body_len {
        BodyLen::Stored => u64_at(12 + 4 * kind.fields),
        BodyLen::Implied(len) => len(&fields),
    };
    let expected = (header_len as u64).saturating_add(body_len);
    if found < expected {
        return Err(TableFileError::Truncated {
            kind,
            expected,
            found,
        });
    }
    if found > expected {
        return Err(TableFileError::TrailingBytes {
            kind,
            expected,
            found,
        });
    }
    let body = &bytes[header_len..];
    if check == Check::Full && fnv1a(body) != u64_at(kind.checksum_at()) {
        return Err(TableFileError::Checksum { kind });
    }
    Ok(TableFile {
        kind,
        version,
        fields,
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kind whose body length is stored.
    static STORED: TableKind = TableKind {
        name: "test table",
        a_name: "a test table",
        magic: *b"TSTESTST",
        oldest: 2,
        version: 3,
        fields: 1,
        body_len: BodyLen::Stored,
    };

    /// Records of 3 bytes, counted by the second field.
    fn records_of_three(fields: &[u32]) -> u64 {
        u64::from(fields[1]) * 3
    }

    /// A kind whose body length follows from its fields.
    static IMPLIED: TableKind = TableKind {
        name: "implied table",
        a_name: "an implied table",
        magic: *b"TSTESTIM",
        oldest: 1,
        version: 1,
        fields: 2,
        body_len: BodyLen::Implied(records_of_three),
    };

    fn err(kind: &'static TableKind, bytes: &[u8]) -> String {
        match read(kind, bytes, Check::Full) {
            Ok(_) => "read".to_string(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn files_round_trip_with_their_version_and_fields() {
        let body = b"hello, table";
        let bytes = encode(&STORED, &[7], body);
        assert_eq!(bytes.len(), STORED.header_len() + body.len());
        assert_eq!(STORED.header_len(), 32);
        let file = read(&STORED, &bytes, Check::Full).expect("a valid file");
        assert_eq!(
            (file.kind, file.version, file.fields.as_slice(), file.body),
            (&STORED, 3, &[7u32][..], &body[..])
        );
        let bytes = encode(&IMPLIED, &[9, 2], b"abcdef");
        assert_eq!(IMPLIED.header_len(), 28);
        let file = read(&IMPLIED, &bytes, Check::Full).expect("a valid file");
        assert_eq!((file.fields, file.body), (vec![9, 2], &b"abcdef"[..]));
        // An empty body is a file too.
        let empty = encode(&STORED, &[0], b"");
        assert_eq!(
            read(&STORED, &empty, Check::Full).map(|f| f.body),
            Ok(&b""[..])
        );
    }

    #[test]
    fn an_older_version_still_read_is_read() {
        let mut bytes = encode(&STORED, &[1], b"old body");
        bytes[8..12].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(read(&STORED, &bytes, Check::Full).map(|f| f.version), Ok(2));
    }

    #[test]
    fn a_flipped_byte_is_a_checksum_mismatch_unless_trusted() {
        let mut bytes = encode(&STORED, &[1], b"some body bytes");
        let last = bytes.len() - 1;
        bytes[last] ^= 0x10;
        assert_eq!(
            err(&STORED, &bytes),
            "test table corrupt: checksum mismatch"
        );
        assert!(read(&STORED, &bytes, Check::Trusted).is_ok());
        // A flipped checksum byte likewise.
        let mut bytes = encode(&IMPLIED, &[0, 1], b"xyz");
        bytes[IMPLIED.checksum_at()] ^= 1;
        assert_eq!(
            read(&IMPLIED, &bytes, Check::Full),
            Err(TableFileError::Checksum { kind: &IMPLIED })
        );
    }

    #[test]
    fn truncated_files_say_how_long_they_should_be() {
        let bytes = encode(&STORED, &[1], b"0123456789");
        let n = bytes.len();
        assert_eq!(
            err(&STORED, &bytes[..n - 4]),
            format!("test table truncated: {n} bytes expected, {} found", n - 4)
        );
        assert_eq!(
            err(&STORED, &bytes[..10]),
            "test table truncated: 32 bytes expected, 10 found"
        );
        assert_eq!(
            err(&STORED, b""),
            "test table truncated: 32 bytes expected, 0 found"
        );
        let bytes = encode(&IMPLIED, &[0, 2], b"abcdef");
        assert_eq!(
            read(&IMPLIED, &bytes[..bytes.len() - 1], Check::Full),
            Err(TableFileError::Truncated {
                kind: &IMPLIED,
                expected: 34,
                found: 33
            })
        );
        for cut in 0..bytes.len() {
            // Never a panic, whatever the length.
            assert!(read(&IMPLIED, &bytes[..cut], Check::Full).is_err());
        }
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut bytes = encode(&STORED, &[1], b"body");
        let n = bytes.len();
        bytes.extend_from_slice(b"++");
        assert_eq!(
            err(&STORED, &bytes),
            format!(
                "test table corrupt: 2 trailing bytes ({} bytes where {n} were expected)",
                n + 2
            )
        );
    }

    #[test]
    fn another_kind_or_no_table_is_not_this_kind() {
        let bytes = encode(&IMPLIED, &[0, 0], b"");
        assert_eq!(err(&STORED, &bytes), "not a test table file (bad magic)");
        assert_eq!(
            err(&IMPLIED, b"(;GM[1])"),
            "not an implied table file (bad magic)"
        );
        // A file shorter than the magic whose bytes differ from it.
        assert_eq!(err(&STORED, b"TX"), "not a test table file (bad magic)");
    }

    #[test]
    fn versions_out_of_range_are_named() {
        let mut bytes = encode(&STORED, &[1], b"body");
        bytes[8..12].copy_from_slice(&9u32.to_le_bytes());
        assert_eq!(
            err(&STORED, &bytes),
            "test table written by a newer version (format 9, this build reads up to 3)"
        );
        bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(
            err(&STORED, &bytes),
            "test table format 1 is too old (this build reads formats 2 to 3)"
        );
    }

    #[test]
    fn the_three_tables_are_kinds_of_their_own() {
        use crate::solver::knowledge::{pattern_store, seki_db, static_ld};
        let kinds = [
            &static_ld::table::KIND,
            &seki_db::table::KIND,
            &pattern_store::KIND,
        ];
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                assert_ne!(a.magic, b.magic);
            }
        }
        // Their headers as they were before they shared this format.
        let lens = kinds.map(|k| k.header_len());
        assert_eq!(lens, [32, 24, 32]);
    }

    #[test]
    fn the_checksum_is_fnv1a_64() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
