//! The candidate moves of recently expanded nodes. df-pn visits a node many times (each visit
//! runs until the node's numbers pass its thresholds), and every visit needs the node's moves
//! in order with their costs; scoring and sorting the ~140 points of a 19x19 region and trying
//! every AND move for legality took about half of the time of a visit. The cache keeps them by
//! the node's table key, one entry per slot (a newer node takes the slot), so memory stays
//! bounded ([`SLOTS`] entries of a few KiB at most). It starts with [`FIRST_SLOTS`] at the first
//! entry kept and grows by four, up to [`SLOTS`], when a new node would take another's slot
//! while a quarter of the slots or more are taken (below that the newer node takes the slot):
//! a solve of a few dozen nodes keeps a few hundred slots, not thousands of empty ones whose
//! memory the first touch costs more than the search.
//!
//! What is kept depends on the position and the last move only (the key covers stones, side
//! to move, ko point, a pass before, and the last move, which the ordering's proximity term
//! reads): the legal moves, their costs and order, the AND player's illegal points. So the
//! cache changes the time of a search, never its nodes. Under positional superko legality
//! depends on the whole line, so a solver with superko on does not use the cache.

use super::numbers::Num;
use crate::go::{Move, Point};
use crate::solver::kernel::dilate::AndIllegal;

/// Most slots of the cache (a power of two).
pub const SLOTS: usize = 1 << 13;

/// Slots at the first entry kept (a power of two).
pub const FIRST_SLOTS: usize = 1 << 7;

/// The moves of an OR node: costed, cheapest first, the pass among them; `pruned` when the
/// OR width dropped some.
#[derive(Clone, Debug, Default)]
pub struct OrMoves {
    pub moves: Vec<(Num, Move)>,
    pub pruned: bool,
    /// Costed by the guide (a net), not the heuristic ordering.
    pub guided: bool,
}

/// The moves of an AND node: its legal plays costed, cheapest first (without the pass), and
/// the region points where the AND player may not play.
#[derive(Clone, Debug, Default)]
pub struct AndPlays {
    pub plays: Vec<(Num, Move)>,
    pub illegal: Vec<(Point, AndIllegal)>,
    /// Costed by the guide (a net), not the heuristic ordering.
    pub guided: bool,
}

#[derive(Clone, Debug)]
enum Kept {
    Or(OrMoves),
    And(AndPlays),
}

/// A direct-mapped cache of node moves by table key.
pub struct MoveCache {
    /// Empty until the first entry is kept, then a power of two of slots, at most [`SLOTS`].
    slots: Vec<Option<(u64, Kept)>>,
    /// Slots taken.
    taken: usize,
    enabled: bool,
}

impl Default for MoveCache {
    fn default() -> Self {
        MoveCache::new()
    }
}

impl MoveCache {
    /// An empty cache (its slots are allocated on first use).
    pub fn new() -> MoveCache {
        MoveCache {
            slots: Vec::new(),
            taken: 0,
            enabled: true,
        }
    }

    /// A cache that keeps nothing (to show that the cache does not change a search).
    #[cfg(test)]
    pub fn disabled() -> MoveCache {
        MoveCache {
            slots: Vec::new(),
            taken: 0,
            enabled: false,
        }
    }

    /// Nothing is kept.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.taken == 0
    }

    /// The slot of `key` among `slots` (a power of two).
    fn slot(key: u64, slots: usize) -> usize {
        (key as usize) & slots.wrapping_sub(1)
    }

    /// The OR moves kept for `key`.
    pub fn or_moves(&self, key: u64) -> Option<&OrMoves> {
        match self.slots.get(Self::slot(key, self.slots.len())) {
            Some(Some((k, Kept::Or(m)))) if *k == key => Some(m),
            _ => None,
        }
    }

    /// The AND plays kept for `key`.
    pub fn and_plays(&self, key: u64) -> Option<&AndPlays> {
        match self.slots.get(Self::slot(key, self.slots.len())) {
            Some(Some((k, Kept::And(m)))) if *k == key => Some(m),
            _ => None,
        }
    }

    pub fn keep_or(&mut self, key: u64, moves: OrMoves) {
        self.put(key, Kept::Or(moves));
    }

    pub fn keep_and(&mut self, key: u64, plays: AndPlays) {
        self.put(key, Kept::And(plays));
    }

    fn put(&mut self, key: u64, kept: Kept) {
        if !self.enabled {
            return;
        }
        if self.slots.is_empty() {
            self.slots.resize_with(FIRST_SLOTS, || None);
        }
        loop {
            let at = Self::slot(key, self.slots.len());
            let other = matches!(&self.slots[at], Some((k, _)) if *k != key);
            if !other || self.slots.len() >= SLOTS || self.taken * 4 < self.slots.len() {
                if self.slots[at].is_none() {
                    self.taken += 1;
                }
                self.slots[at] = Some((key, kept));
                return;
            }
            // Another node holds the slot: four times the slots, each entry moved to its slot
            // there (kept entries never share one: their slots differed already).
            let mut grown: Vec<Option<(u64, Kept)>> = Vec::new();
            grown.resize_with(self.slots.len() * 4, || None);
            for (k, entry) in std::mem::take(&mut self.slots).into_iter().flatten() {
                let at = Self::slot(k, grown.len());
                grown[at] = Some((k, entry));
            }
            self.slots = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_by_its_key_only_and_a_newer_key_takes_its_slot() {
        let mut cache = MoveCache::new();
        let key = 0x1234_5678_9abc_def0;
        assert!(cache.or_moves(key).is_none());
        let moves = OrMoves {
            moves: vec![(0, Move::Pass)],
            pruned: true,
            guided: false,
        };
        cache.keep_or(key, moves);
        assert_eq!(cache.or_moves(key).map(|m| m.moves.len()), Some(1));
        assert!(
            cache.and_plays(key).is_none(),
            "an OR entry is not an AND entry"
        );
        let other = key + SLOTS as u64;
        assert!(cache.or_moves(other).is_none(), "same slot, another key");
        cache.keep_and(other, AndPlays::default());
        assert!(cache.or_moves(key).is_none(), "the newer key took the slot");
        assert!(cache.and_plays(other).is_some());
        assert_eq!(cache.slots.len(), FIRST_SLOTS, "one slot taken: no growth");
        let mut off = MoveCache::disabled();
        off.keep_and(other, AndPlays::default());
        assert!(off.and_plays(other).is_none());
    }

    #[test]
    fn the_cache_grows_to_its_most_slots_keeping_its_entries() {
        let mut cache = MoveCache::new();
        assert!(cache.slots.is_empty());
        // Keys with distinct slots at the full size: none is lost while the cache grows.
        for key in 0..SLOTS as u64 {
            cache.keep_or(key, OrMoves::default());
        }
        assert_eq!(cache.slots.len(), SLOTS);
        assert!((0..SLOTS as u64).all(|key| cache.or_moves(key).is_some()));
    }
}
