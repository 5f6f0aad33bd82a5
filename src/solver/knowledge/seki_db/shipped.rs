//! The database shipped with the program: built by
//! `tsumego-studio seki-db build --out assets/seki_db.bin` (areas 5..=8), built into the binary
//! and read once, on first use ([`SekiTable::from_trusted_bytes`]: its bytes are part of the
//! program, so their full check, checksum and every key's canonical form, is a test's, not
//! every process's). When it cannot be read, [`shipped_table`] says why and callers go on
//! without it.

use super::table::{SekiDbError, SekiTable};
use std::sync::OnceLock;

const SHIPPED: &[u8] = include_bytes!("../../../../assets/seki_db.bin");

static TABLE: OnceLock<Result<SekiTable, SekiDbError>> = OnceLock::new();

/// The shipped database, or why it cannot be used.
pub fn shipped_table() -> Result<&'static SekiTable, &'static SekiDbError> {
    TABLE
        .get_or_init(|| SekiTable::from_trusted_bytes(SHIPPED))
        .as_ref()
}

/// The shipped database's bytes.
pub fn shipped_bytes() -> &'static [u8] {
    SHIPPED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_bytes_pass_every_check_and_read_the_same_trusted() {
        let checked = SekiTable::from_bytes(SHIPPED).expect("the shipped database is valid");
        assert_eq!(shipped_table(), Ok(&checked));
    }

    #[test]
    fn the_database_shipped_before_the_shared_format_writes_back_the_same_bytes() {
        let checked = SekiTable::from_bytes(SHIPPED).expect("the shipped database is valid");
        assert_eq!(checked.len(), 17_260);
        assert!(checked.to_bytes() == SHIPPED, "the same bytes written back");
    }
}
