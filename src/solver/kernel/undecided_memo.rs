//! A memo of the positions the goal test left undecided ([`crate::solver::kernel::leaf::GoalTest::decide`]:
//! no unconditional life, seki area, connection or static death to end the line), by the hash
//! of their stones.
//!
//! The goal test is a function of the stones alone, and the searches ask it about the same
//! positions again and again: df-pn at every visit of a node and for every OR child of a batch
//! it generates (immediate wins, [`crate::solver::SolveConfig::immediate_wins`]), MCTS for an OR child
//! when its node is expanded and again when a simulation first enters it, and both wherever
//! moves transpose. Most answers are "undecided", and those are cheap to keep: one word per
//! position. A decided position is kept by the tables instead (its value ends the line).
//!
//! Direct-mapped and lossy: a newer position takes an older one's slot. Two positions share a
//! slot's hash only if their 64-bit stone hashes are equal, the same assumption the
//! transposition table makes.
//!
//! It starts small and grows: 2^[`FIRST_BITS`] slots at the first insert (a solve of a few
//! nodes never zeroes the full memo), four times more whenever a new position would take the
//! slot of another, up to 2^[`MAX_BITS`]. Two positions that share a slot at a size share it at
//! every smaller size, so the memo holds at every moment exactly what the full-size memo would:
//! the goal test runs as often as before, and a small solve allocates little.

use std::cell::RefCell;

/// `log2` of the slots at the first insert: 8 KiB.
const FIRST_BITS: u32 = 10;

/// `log2` of the most slots: 512 KiB.
const MAX_BITS: u32 = 16;

#[derive(Default)]
pub struct UndecidedMemo {
    /// Empty until the first insert, then a power of two of slots (0: an empty slot).
    slots: RefCell<Vec<u64>>,
}

impl UndecidedMemo {
    /// Was the position with stone hash `hash` found undecided?
    pub fn contains(&self, hash: u64) -> bool {
        let slots = self.slots.borrow();
        hash != 0 && !slots.is_empty() && slots[(hash as usize) & (slots.len() - 1)] == hash
    }

    /// The position with stone hash `hash` is undecided.
    pub fn insert(&self, hash: u64) {
        if hash == 0 {
            return;
        }
        let mut slots = self.slots.borrow_mut();
        if slots.is_empty() {
            *slots = vec![0; 1 << FIRST_BITS];
        }
        loop {
            let at = (hash as usize) & (slots.len() - 1);
            let held = slots[at];
            if held == 0 || held == hash || slots.len() >= 1 << MAX_BITS {
                slots[at] = hash;
                return;
            }
            // Another position holds the slot: four times the slots, each kept hash moved to
            // its slot there (kept hashes never share one: their slots differed already).
            let mut grown = vec![0; slots.len() * 4];
            let mask = grown.len() - 1;
            for &h in slots.iter().filter(|&&h| h != 0) {
                grown[(h as usize) & mask] = h;
            }
            *slots = grown;
        }
    }

    /// Slots allocated (tests).
    #[cfg(test)]
    fn slot_count(&self) -> usize {
        self.slots.borrow().len()
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
        // Same slot at every size (equal low 16 bits): the newer one replaces it.
        memo.insert(b);
        assert!(memo.contains(b) && !memo.contains(a));
        // The empty slot's value is never a position.
        memo.insert(0);
        assert!(!memo.contains(0));
    }

    #[test]
    fn grows_instead_of_dropping_a_position_until_its_most_slots() {
        let memo = UndecidedMemo::default();
        assert_eq!(memo.slot_count(), 0);
        memo.insert(1);
        assert_eq!(memo.slot_count(), 1 << FIRST_BITS);
        // The same first slot, other slots at four times the size: both kept.
        let other = 1 + (1 << FIRST_BITS);
        memo.insert(other);
        assert_eq!(memo.slot_count(), 1 << (FIRST_BITS + 2));
        assert!(memo.contains(1) && memo.contains(other));
        // Distinct low 16 bits: all kept, as the full-size memo keeps them.
        let hashes: Vec<u64> = (1..=40_000u64).map(|i| i << 40 | i).collect();
        for &h in &hashes {
            memo.insert(h);
        }
        assert_eq!(memo.slot_count(), 1 << MAX_BITS);
        assert!(hashes.iter().all(|&h| memo.contains(h)));
    }
}
