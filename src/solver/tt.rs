//! The transposition table: proven results (with their relevance zone and winning move) and
//! "no proof within this depth" bounds, keyed by the Zobrist hash of the stones, the side to move,
//! the simple-ko point and whether the last move was a pass.
//!
//! Memory is bounded: a fixed number of slots in buckets of two, chosen when the table is made
//! ([`TranspositionTable::with_capacity`]). Replacement: a store for a key already in its bucket
//! overwrites that slot, except that a depth bound never overwrites a proven result; otherwise it
//! takes an empty slot, or else the slot whose result cost fewer nodes to compute (the cheaper one
//! is the cheaper to find again).
//!
//! Only results that do not depend on the line above their node are stored (the search checks
//! that; see `search.rs`), so a hit is valid wherever the position recurs.

use crate::go::{Board, Color, Move, Zone};

/// What is known of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The OR player wins with this relevance zone; `best` is the winning move at OR nodes;
    /// `dist` the longest line of the proof in plies.
    Win {
        zone: Zone,
        best: Option<Move>,
        dist: u32,
    },
    /// The OR player cannot win (proven without pruning).
    Fail,
    /// No proof was found with this many plies left (depth-first search).
    NoProofWithin(u32),
    /// The proof and disproof numbers of an undecided node (df-pn). `pn == u32::MAX`: no win
    /// within the OR width (forward pruning), a bound of the table's width only.
    Bounds { pn: u32, dn: u32 },
}

impl Stored {
    fn is_proven(&self) -> bool {
        !matches!(self, Stored::NoProofWithin(_) | Stored::Bounds { .. })
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    work: u64,
    value: Stored,
}

/// See the module documentation.
pub struct TranspositionTable {
    slots: Vec<Option<Slot>>,
    /// The slots' keys (0 for an empty slot), apart from the slots: a probe of a position
    /// not in the table (most probes: children when they are generated) reads one cache line
    /// of this array (an eighth of the table's memory) instead of the slots'.
    keys: Vec<u64>,
    /// Number of buckets minus one (a power of two minus one).
    mask: usize,
    stored: usize,
    /// The most buckets the table may grow to (its capacity).
    max_buckets: usize,
}

/// Buckets a table starts with: small solves (most of them) never pay for a large table; it
/// grows by four times whenever it is three quarters full, up to its capacity.
const INITIAL_BUCKETS: usize = 1 << 11;

/// The key part that marks "the last move was a pass".
const PASSED_KEY: u64 = 0x2F6E_1C7A_93D4_5B08;

/// The table key of a node.
pub fn node_key(board: &Board, to_move: Color, passed: bool) -> u64 {
    let key = board.position_hash(to_move);
    if passed {
        key ^ PASSED_KEY
    } else {
        key
    }
}

impl TranspositionTable {
    /// A table of at most about `entries` slots (rounded up to a power of two, at least 2). It
    /// starts small and grows as it fills.
    pub fn with_capacity(entries: usize) -> TranspositionTable {
        let max_buckets = entries.max(2).next_power_of_two() / 2;
        let buckets = max_buckets.min(INITIAL_BUCKETS);
        TranspositionTable {
            slots: vec![None; buckets * 2],
            keys: vec![0; buckets * 2],
            mask: buckets - 1,
            stored: 0,
            max_buckets,
        }
    }

    /// Four times the buckets (at most the capacity), every entry moved to its new bucket.
    fn grow(&mut self) {
        let buckets = ((self.mask + 1) * 4).min(self.max_buckets);
        let old = std::mem::replace(&mut self.slots, vec![None; buckets * 2]);
        self.keys = vec![0; buckets * 2];
        self.mask = buckets - 1;
        self.stored = 0;
        for slot in old.into_iter().flatten() {
            self.store(slot.key, slot.value, slot.work);
        }
    }

    /// Bytes of one slot (with its key).
    pub const SLOT_BYTES: usize = std::mem::size_of::<Option<Slot>>() + 8;

    /// The most entries (a power of two, at least 2) whose slots fit in `mib` MiB: the table
    /// size of a memory budget.
    pub fn entries_for_mib(mib: u64) -> usize {
        let bytes = usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        let fit = (bytes / Self::SLOT_BYTES).max(2);
        // The largest power of two not above `fit`.
        1 << (usize::BITS - 1 - fit.leading_zeros())
    }

    /// Bytes used by the slots.
    pub fn memory_bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    /// The most entries the table may hold (it grows up to this).
    pub fn capacity(&self) -> usize {
        self.max_buckets * 2
    }

    /// Number of occupied slots.
    pub fn len(&self) -> usize {
        self.stored
    }

    pub fn is_empty(&self) -> bool {
        self.stored == 0
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & self.mask) * 2
    }

    pub fn probe(&self, key: u64) -> Option<Stored> {
        let b = self.bucket(key);
        if self.keys[b] != key && self.keys[b + 1] != key {
            return None;
        }
        self.slots[b..b + 2]
            .iter()
            .flatten()
            .find(|s| s.key == key)
            .map(|s| s.value)
    }

    pub fn store(&mut self, key: u64, value: Stored, work: u64) {
        if self.stored * 4 >= self.slots.len() * 3 && self.mask + 1 < self.max_buckets {
            self.grow();
        }
        let b = self.bucket(key);
        let pair = &mut self.slots[b..b + 2];
        if let Some(slot) = pair.iter_mut().flatten().find(|s| s.key == key) {
            if slot.value.is_proven() && !value.is_proven() {
                return;
            }
            *slot = Slot { key, work, value };
            return;
        }
        let keys = &mut self.keys[b..b + 2];
        let target = match (pair[0], pair[1]) {
            (None, _) => 0,
            (_, None) => 1,
            (Some(a), Some(c)) => usize::from(c.work < a.work),
        };
        if pair[target].is_none() {
            self.stored += 1;
        }
        pair[target] = Some(Slot { key, work, value });
        keys[target] = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;

    #[test]
    fn stores_probes_and_replaces_the_cheaper_entry() {
        let mut tt = TranspositionTable::with_capacity(2);
        let win = Stored::Win {
            zone: Zone::new(),
            best: Some(Move::Play(Point::new(1, 1))),
            dist: 3,
        };
        tt.store(1, win, 10);
        tt.store(3, Stored::Fail, 5);
        assert_eq!(tt.probe(1), Some(win));
        assert_eq!(tt.probe(3), Some(Stored::Fail));
        // A third key in the single bucket evicts the cheaper entry.
        tt.store(5, Stored::NoProofWithin(4), 7);
        assert_eq!(tt.probe(3), None);
        assert_eq!(tt.probe(1), Some(win));
        // A bound never overwrites a proof of the same key.
        tt.store(1, Stored::NoProofWithin(9), 100);
        assert_eq!(tt.probe(1), Some(win));
        assert_eq!(tt.len(), 2);
    }

    #[test]
    fn the_table_grows_to_its_capacity_and_keeps_its_entries() {
        let mut tt = TranspositionTable::with_capacity(1 << 16);
        let start = tt.memory_bytes();
        for k in 0..20_000u64 {
            tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), Stored::Fail, k);
        }
        assert!(tt.memory_bytes() > start);
        assert_eq!(
            tt.memory_bytes(),
            (1 << 16) * TranspositionTable::SLOT_BYTES
        );
        let found = (0..20_000u64)
            .filter(|k| tt.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_some())
            .count();
        assert_eq!(found, 20_000);
    }

    #[test]
    fn keys_tell_passes_and_sides_apart() {
        let b = Board::new(5);
        let keys = [
            node_key(&b, Color::Black, false),
            node_key(&b, Color::Black, true),
            node_key(&b, Color::White, false),
        ];
        assert_ne!(keys[0], keys[1]);
        assert_ne!(keys[0], keys[2]);
    }
}
