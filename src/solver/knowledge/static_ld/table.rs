//! The table of small enclosed areas: the verdict of every position of every area class of at
//! most `max_area` cells, computed by [`super::game`] and shipped as generated data
//! (`assets/static_dead.bin`, made by `tsumego-studio static-table build`).
//!
//! Only positions that can meet the rule are stored: an attacker stone on a wall cell would
//! belong to the living wall, so a wall cell holds nothing or a defender stone (2 values) and
//! another cell nothing, a defender or an attacker stone (3 values). A class's positions are
//! numbered in mixed radix over its cells in canonical order (digit 0 empty, 1 defender,
//! 2 attacker; the first cell lowest); each has a 4-bit [`Verdict`] (positions with a block
//! without liberties are never looked up and hold 0).
//!
//! File format: a [table file](crate::solver::knowledge::table_file) of kind [`KIND`]
//! (little-endian):
//! ```text
//! magic     8 bytes  "TSSTDEAD"
//! version   u32      FORMAT_VERSION
//! max_area  u32      1..=8                      (field 0)
//! classes   u32      number of class records    (field 1)
//! data_len  u32      bytes of verdict data      (field 2)
//! checksum  u64      FNV-1a 64 of the body (everything after the header)
//! body:
//! records   classes x { grid u64, wall u8 }   sorted, canonical, distinct
//! data      data_len bytes: per class in record order, its verdicts two per byte
//!                    (the even position in the low nibble), the class's count rounded up
//! ```

use super::canon::{is_canonical, ShapeKey};
use super::verdict::Verdict;
use crate::solver::knowledge::table_file::{self, BodyLen, Check, TableFileError, TableKind};
use std::borrow::Cow;
use thiserror::Error;

/// Bumped whenever the format or the meaning of a verdict changes.
pub const FORMAT_VERSION: u32 = 1;
const RECORD_LEN: usize = 9;

/// The static table's kind of table file.
pub static KIND: TableKind = TableKind {
    name: "static life-and-death table",
    a_name: "a static life-and-death table",
    magic: *b"TSSTDEAD",
    oldest: FORMAT_VERSION,
    version: FORMAT_VERSION,
    fields: 3,
    body_len: BodyLen::Implied(body_len),
};

/// The body's length from the header fields: the class records, then the verdict data.
fn body_len(fields: &[u32]) -> u64 {
    u64::from(fields[1]) * RECORD_LEN as u64 + u64::from(fields[2])
}

/// Why a table cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The container: magic, version, length, checksum.
    #[error(transparent)]
    File(#[from] TableFileError),
    #[error("static life-and-death table corrupt: max area {0} is not in 1..=8")]
    MaxArea(u32),
    #[error(
        "static life-and-death table corrupt: its classes hold {expected} bytes of verdicts, \
         the header says {found}"
    )]
    DataLength { expected: usize, found: usize },
    #[error("static life-and-death table corrupt: class record {index} is invalid ({why})")]
    Record { index: usize, why: &'static str },
    #[error(
        "static life-and-death table corrupt: impossible verdict bits {bits:#x} in class {index}"
    )]
    Verdict { index: usize, bits: u8 },
}

/// Number of stored positions of a class: 2 per wall cell, 3 per other cell.
pub fn positions(key: &ShapeKey) -> usize {
    let n = key.cells() as u32;
    let walls = key.wall.count_ones();
    2usize.pow(walls) * 3usize.pow(n - walls)
}

/// The mixed-radix number of a position (cells in canonical order: `defender`/`attacker` masks
/// over them), `None` when an attacker stone sits on a wall cell.
pub fn position_index(key: &ShapeKey, defender: u8, attacker: u8) -> Option<usize> {
    let mut index = 0usize;
    let mut weight = 1usize;
    for k in 0..key.cells() {
        let bit = 1u8 << k;
        let wall = key.wall & bit != 0;
        let digit = if defender & bit != 0 {
            1
        } else if attacker & bit != 0 {
            if wall {
                return None;
            }
            2
        } else {
            0
        };
        index += digit * weight;
        weight *= if wall { 2 } else { 3 };
    }
    Some(index)
}

/// The position of a mixed-radix number: (defender, attacker) masks.
pub fn position_of(key: &ShapeKey, mut index: usize) -> (u8, u8) {
    let (mut defender, mut attacker) = (0u8, 0u8);
    for k in 0..key.cells() {
        let radix = if key.wall & (1 << k) != 0 { 2 } else { 3 };
        match index % radix {
            1 => defender |= 1 << k,
            2 => attacker |= 1 << k,
            _ => {}
        }
        index /= radix;
    }
    (defender, attacker)
}

/// A loaded table.
#[derive(Clone, Debug)]
pub struct StaticTable {
    max_area: usize,
    /// Per class of `order`: (offset of its data, number of positions).
    classes: Vec<(usize, usize)>,
    /// The class keys in file order: sorted, so a class is found by binary search (loading
    /// builds no hash map: 946 inserts were a quarter of a small solve's time to load the table).
    order: Vec<ShapeKey>,
    /// The verdicts, two per byte: the shipped table's are its bytes as built into the program.
    data: Cow<'static, [u8]>,
}

impl StaticTable {
    /// A table from its classes, each with one verdict per position (in [`position_index`]
    /// order); the classes are sorted here.
    pub fn from_classes(max_area: usize, mut classes: Vec<(ShapeKey, Vec<Verdict>)>) -> Self {
        classes.sort_by_key(|(k, _)| *k);
        let mut table = StaticTable {
            max_area,
            classes: Vec::new(),
            order: Vec::new(),
            data: Cow::Owned(Vec::new()),
        };
        let mut data = Vec::new();
        for (key, verdicts) in classes {
            let offset = data.len();
            for pair in verdicts.chunks(2) {
                let lo = pair[0].bits();
                let hi = pair.get(1).map_or(0, |v| v.bits());
                data.push(lo | hi << 4);
            }
            table.classes.push((offset, verdicts.len()));
            table.order.push(key);
        }
        table.data = Cow::Owned(data);
        table
    }

    /// The largest area (cells) the table covers.
    pub fn max_area(&self) -> usize {
        self.max_area
    }

    /// Number of classes.
    pub fn class_count(&self) -> usize {
        self.order.len()
    }

    /// The classes in file order.
    pub fn keys(&self) -> &[ShapeKey] {
        &self.order
    }

    /// The data offset and number of positions of class `key`.
    fn class(&self, key: &ShapeKey) -> Option<(usize, usize)> {
        let i = self.order.binary_search(key).ok()?;
        self.classes.get(i).copied()
    }

    /// The verdict of position `index` of class `key`; `None` when the class is not covered.
    pub fn get(&self, key: &ShapeKey, index: usize) -> Option<Verdict> {
        let (offset, count) = self.class(key)?;
        if index >= count {
            return None;
        }
        let byte = self.data[offset + index / 2];
        Verdict::from_bits(if index.is_multiple_of(2) {
            byte & 0xf
        } else {
            byte >> 4
        })
    }

    /// Every verdict of class `key`, in position order.
    pub fn verdicts(&self, key: &ShapeKey) -> Option<Vec<Verdict>> {
        let (_, count) = self.class(key)?;
        (0..count).map(|i| self.get(key, i)).collect()
    }

    /// The table as file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.order.len() * RECORD_LEN + self.data.len());
        for key in &self.order {
            body.extend_from_slice(&key.grid.to_le_bytes());
            body.push(key.wall);
        }
        body.extend_from_slice(&self.data);
        let fields = [
            self.max_area as u32,
            self.order.len() as u32,
            self.data.len() as u32,
        ];
        table_file::encode(&KIND, &fields, &body)
    }

    /// Read and check a table: magic, version, lengths, checksum ([`table_file::read`]), the
    /// max area, every record (canonical, sorted, within the max area) and every verdict.
    pub fn from_bytes(bytes: &[u8]) -> Result<StaticTable, TableError> {
        StaticTable::read(bytes, true, |data| Cow::Owned(data.to_vec()))
    }

    /// Read bytes known to be a valid table: the one built into the program
    /// ([`super::lookup`]), which a test reads with every check of [`StaticTable::from_bytes`].
    /// Magic, version, lengths and each record's size and order are checked; the checksum,
    /// each record's canonical form and every verdict are not (about 12 M instructions, a few
    /// milliseconds of every process that used the table), and the verdicts are read in place.
    /// A verdict that is not one reads as no verdict ([`StaticTable::get`]).
    pub fn from_trusted_bytes(bytes: &'static [u8]) -> Result<StaticTable, TableError> {
        StaticTable::read(bytes, false, Cow::Borrowed)
    }

    /// [`StaticTable::from_bytes`], with the checksum, the records' canonical forms and the
    /// verdicts checked only when `check_contents`; `keep` makes the table's verdict data of
    /// the file's.
    fn read<'b>(
        bytes: &'b [u8],
        check_contents: bool,
        keep: impl FnOnce(&'b [u8]) -> Cow<'static, [u8]>,
    ) -> Result<StaticTable, TableError> {
        let check = if check_contents {
            Check::Full
        } else {
            Check::Trusted
        };
        let file = table_file::read(&KIND, bytes, check)?;
        let body = file.body;
        let [max_area, class_count, data_len] = [0, 1, 2].map(|i| file.fields[i]);
        if !(1..=8).contains(&max_area) {
            return Err(TableError::MaxArea(max_area));
        }
        let (class_count, data_len) = (class_count as usize, data_len as usize);
        let mut table = StaticTable {
            max_area: max_area as usize,
            classes: Vec::with_capacity(class_count),
            order: Vec::with_capacity(class_count),
            data: keep(&body[class_count * RECORD_LEN..]),
        };
        let mut offset = 0usize;
        for index in 0..class_count {
            let at = index * RECORD_LEN;
            let mut g = [0u8; 8];
            g.copy_from_slice(&body[at..at + 8]);
            let key = ShapeKey {
                grid: u64::from_le_bytes(g),
                wall: body[at + 8],
            };
            let bad = |why| Err(TableError::Record { index, why });
            let cells = key.cells();
            if cells == 0 || cells > table.max_area {
                return bad("cell count outside the table's range");
            }
            if (key.wall as u16) >> cells != 0 {
                return bad("wall cells beyond the shape");
            }
            if check_contents && !is_canonical(&key) {
                return bad("not in canonical form");
            }
            if table.order.last().is_some_and(|last| *last >= key) {
                return bad("not sorted or repeated");
            }
            let count = positions(&key);
            table.classes.push((offset, count));
            table.order.push(key);
            offset += count.div_ceil(2);
        }
        if offset != data_len {
            return Err(TableError::DataLength {
                expected: offset,
                found: data_len,
            });
        }
        if !check_contents {
            return Ok(table);
        }
        for (index, &(start, count)) in table.classes.iter().enumerate() {
            for i in 0..count {
                let byte = table.data[start + i / 2];
                let bits = if i.is_multiple_of(2) {
                    byte & 0xf
                } else {
                    byte >> 4
                };
                if Verdict::from_bits(bits).is_none() {
                    return Err(TableError::Verdict { index, bits });
                }
            }
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::super::canon::canonical;
    use super::*;

    fn small() -> StaticTable {
        let (key, _) = canonical(&[(0, 0), (1, 0)], 0b11);
        let verdicts = vec![Verdict::new(true, true, true, false); positions(&key)];
        StaticTable::from_classes(2, vec![(key, verdicts)])
    }

    #[test]
    fn positions_round_trip_through_their_index() {
        let (key, _) = canonical(&[(0, 0), (1, 0), (0, 1)], 0b110);
        for i in 0..positions(&key) {
            let (d, a) = position_of(&key, i);
            assert_eq!(position_index(&key, d, a), Some(i));
        }
        // An attacker stone on a wall cell has no number.
        let wall_cell = key.wall.trailing_zeros() as u8;
        assert_eq!(position_index(&key, 0, 1 << wall_cell), None);
    }

    #[test]
    fn a_table_round_trips_through_bytes() {
        let t = small();
        let back = StaticTable::from_bytes(&t.to_bytes()).expect("valid");
        assert_eq!(back.keys(), t.keys());
        let key = t.keys()[0];
        assert_eq!(back.verdicts(&key), t.verdicts(&key));
    }

    #[test]
    fn corrupt_tables_are_refused_with_a_reason() {
        let good = small().to_bytes();
        let file_error = |bytes: &[u8]| match StaticTable::from_bytes(bytes) {
            Err(TableError::File(e)) => Some(e),
            _ => None,
        };
        assert_eq!(
            file_error(&good[..10]),
            Some(TableFileError::Truncated {
                kind: &KIND,
                expected: 32,
                found: 10
            })
        );
        let mut magic = good.clone();
        magic[0] = b'x';
        assert_eq!(
            file_error(&magic),
            Some(TableFileError::WrongMagic { kind: &KIND })
        );
        let mut version = good.clone();
        version[8] = 99;
        assert_eq!(
            file_error(&version),
            Some(TableFileError::NewerVersion {
                kind: &KIND,
                found: 99
            })
        );
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        assert_eq!(
            file_error(&flipped),
            Some(TableFileError::Checksum { kind: &KIND })
        );
        let mut short = good.clone();
        short.pop();
        assert!(matches!(
            file_error(&short),
            Some(TableFileError::Truncated { .. })
        ));
        // A verdict that cannot occur, with a checksum that matches it.
        let mut bad = good.clone();
        let last = bad.len() - 1;
        bad[last] = 0x22;
        let at = KIND.checksum_at();
        let sum = table_file::fnv1a(&bad[KIND.header_len()..]).to_le_bytes();
        bad[at..at + 8].copy_from_slice(&sum);
        assert!(matches!(
            StaticTable::from_bytes(&bad),
            Err(TableError::Verdict { .. })
        ));
        // A max area out of range.
        let mut area = good.clone();
        area[12] = 9;
        assert_eq!(
            StaticTable::from_bytes(&area).err(),
            Some(TableError::MaxArea(9))
        );
        for cut in 0..good.len() {
            // Never a panic, whatever the length.
            let _ = StaticTable::from_bytes(&good[..cut]);
        }
    }

    #[test]
    fn the_table_shipped_before_the_shared_format_reads_and_writes_the_same_bytes() {
        let shipped = super::super::lookup::shipped_bytes();
        let table = StaticTable::from_bytes(shipped).expect("the shipped table reads");
        assert_eq!(table.class_count(), 946);
        assert!(table.to_bytes() == shipped, "the same bytes written back");
    }
}
