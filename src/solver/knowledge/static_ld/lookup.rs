//! The verdict of an area: one lookup in the shipped table when it covers the area (every cell
//! in the region, at most the table's max area), else the live search of [`super::game`]
//! through the per-thread [`super::cache`].
//!
//! The table is `assets/static_dead.bin`, built into the binary and read once on first use
//! ([`StaticTable::from_trusted_bytes`]: its bytes are part of the program, so their full check,
//! checksum, records and verdicts, is a test's, not every process's). When it cannot be read
//! the rule still works, on the live search alone; [`shipped_table`] gives the reason.

use super::area::BoardArea;
use super::cache;
use super::canon::canonical;
use super::table::{position_index, StaticTable, TableError};
use super::verdict::Verdict;
use std::sync::OnceLock;

/// The generated table shipped with the program.
const SHIPPED: &[u8] = include_bytes!("../../../../assets/static_dead.bin");

static TABLE: OnceLock<Result<StaticTable, TableError>> = OnceLock::new();

/// The shipped table, read on first use, or why it cannot be used.
pub fn shipped_table() -> Result<&'static StaticTable, &'static TableError> {
    TABLE
        .get_or_init(|| StaticTable::from_trusted_bytes(SHIPPED))
        .as_ref()
}

/// The shipped table's bytes (for `static-table info` and the test that regenerates it).
pub fn shipped_bytes() -> &'static [u8] {
    SHIPPED
}

/// The verdict of `area` (the defender to move), from `table` when it covers the area.
pub fn verdict_with(table: Option<&StaticTable>, area: &BoardArea) -> Verdict {
    let local = &area.local;
    if let Some(table) = table {
        if local.playable == local.all() && local.n as usize <= table.max_area() {
            if let Some(v) = table_verdict(table, area) {
                return v;
            }
        }
    }
    cache::verdict(local, area.contents)
}

/// The verdict of `area` from the shipped table or the live search.
pub fn verdict(area: &BoardArea) -> Verdict {
    verdict_with(shipped_table().ok(), area)
}

/// The table's verdict of `area`: its contents renumbered in the canonical cell order.
fn table_verdict(table: &StaticTable, area: &BoardArea) -> Option<Verdict> {
    let (key, order) = canonical(&area.coords(), area.local.wall);
    let (mut defender, mut attacker) = (0u8, 0u8);
    for (k, &i) in order[..area.cells.len()].iter().enumerate() {
        let bit = 1u8 << i;
        if area.contents.defender & bit != 0 {
            defender |= 1 << k;
        }
        if area.contents.attacker & bit != 0 {
            attacker |= 1 << k;
        }
    }
    table.get(&key, position_index(&key, defender, attacker)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_bytes_pass_every_check_and_read_the_same_trusted() {
        let checked = StaticTable::from_bytes(SHIPPED).expect("the shipped table is valid");
        let trusted = shipped_table().expect("the shipped table reads");
        assert_eq!(trusted.keys(), checked.keys());
        assert_eq!(trusted.to_bytes(), SHIPPED);
        assert_eq!(checked.to_bytes(), SHIPPED);
    }
}
