//! When df-pn asks the guide (a net) for a node's move order. An evaluation of the shipped net
//! costs about 5 ms on this machine's CPU, the time of a hundred or more df-pn nodes, so asking
//! it at every new node near the root slowed the search a hundredfold. The gate asks it only at
//! nodes the search keeps coming back to: a node is costed by the heuristic ordering on its
//! first visits and by the guide from its `visits`-th visit on (df-pn re-enters a node each time
//! its thresholds are raised, so the count measures how hard its subtree has turned out), and
//! only within `plies` of the root.
//!
//! Counts are kept in a fixed direct-mapped array by the node's move-cache key (a newer node
//! takes the slot and starts at zero), so memory stays fixed and a lost count only delays the
//! guide.

/// Slots of the visit counts (a power of two).
const SLOTS: usize = 1 << 16;

/// Counts visits and says when a node's moves should be costed by the guide.
pub struct GuideGate {
    plies: usize,
    visits: u32,
    counts: Vec<(u64, u32)>,
}

impl GuideGate {
    /// A gate opening at a node's `visits`-th visit (1: at once) within `plies` of the root.
    pub fn new(plies: u32, visits: u32) -> GuideGate {
        GuideGate {
            plies: plies as usize,
            visits: visits.max(1),
            counts: Vec::new(),
        }
    }

    /// Count a visit to the node `key` at `depth` plies below the root; whether its moves are
    /// to be costed by the guide from this visit on.
    pub fn visit(&mut self, key: u64, depth: usize) -> bool {
        if depth > self.plies {
            return false;
        }
        if self.visits == 1 {
            return true;
        }
        if self.counts.is_empty() {
            self.counts.resize(SLOTS, (0, 0));
        }
        let slot = &mut self.counts[(key as usize) & (SLOTS - 1)];
        if slot.0 != key {
            *slot = (key, 0);
        }
        slot.1 = slot.1.saturating_add(1);
        slot.1 >= self.visits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_opens_at_the_chosen_visit_and_only_near_the_root() {
        let mut gate = GuideGate::new(3, 3);
        assert!(!gate.visit(7, 1));
        assert!(!gate.visit(7, 1));
        assert!(gate.visit(7, 1), "third visit");
        assert!(gate.visit(7, 1), "and every one after");
        // Another node has its own count; one colliding in the slot starts over.
        assert!(!gate.visit(8, 0));
        let colliding = 7 + SLOTS as u64;
        assert!(!gate.visit(colliding, 1));
        assert!(
            !gate.visit(7, 1),
            "the slot was taken: the count starts again"
        );
        // Below the plies, never.
        for _ in 0..5 {
            assert!(!gate.visit(99, 4));
        }
        let mut eager = GuideGate::new(2, 1);
        assert!(eager.visit(1, 2));
        assert!(!eager.visit(1, 3));
    }
}
