//! A memo of the positions the goal test left undecided ([`super::leaf::GoalTest::decide`]:
//! no unconditional life, seki area, connection or static death to end the line), by the hash
//! of their stones.
//!
//! The goal test is a function of the stones alone, and the searches ask it about the same
//! positions again and again: df-pn at every visit of a node and for every OR child of a batch
//! it generates (immediate wins, [`super::SolveConfig::immediate_wins`]), MCTS for an OR child
//! when its node is expanded and again when a simulation first enters it, and both wherever
//! moves transpose. Most answers are "undecided", and those are cheap to keep: one word per
//! position. A decided position is kept by the tables instead (its value ends the line).
//!
//! Direct-mapped and lossy: a newer position takes an older one's slot. Two positions share a
//! slot's hash only if their 64-bit stone hashes are equal, the same assumption the
//! transposition table makes.

use std::cell::{Cell, OnceCell};

/// `log2` of the slots: 512 KiB, allocated on the first use (many solves are tiny).
const SLOT_BITS: u32 = 16;

#[derive(Default)]
pub struct UndecidedMemo {
    slots: OnceCell<Box<[Cell<u64>]>>,
}

impl UndecidedMemo {
    fn slot(&self, hash: u64) -> &Cell<u64> {
        let slots = self
            .slots
            .get_or_init(|| (0..1usize << SLOT_BITS).map(|_| Cell::new(0)).collect());
        &slots[(hash as usize) & ((1 << SLOT_BITS) - 1)]
    }

    /// Was the position with stone hash `hash` found undecided?
    pub fn contains(&self, hash: u64) -> bool {
        hash != 0 && self.slot(hash).get() == hash
    }

    /// The position with stone hash `hash` is undecided.
    pub fn insert(&self, hash: u64) {
        if hash != 0 {
            self.slot(hash).set(hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_latest_hash_of_each_slot() {
        let memo = UndecidedMemo::default();
        let (a, b) = (0x1234_5678_0000_0001u64, 0x9999_0000_0000_0001u64);
        assert!(!memo.contains(a));
        memo.insert(a);
        assert!(memo.contains(a) && !memo.contains(b));
        // Same slot (equal low bits): the newer one replaces it.
        memo.insert(b);
        assert!(memo.contains(b) && !memo.contains(a));
        // The empty slot's value is never a position.
        memo.insert(0);
        assert!(!memo.contains(0));
    }
}
