//! The AND-node step every engine shares (RZS paper, "Internal AND-Nodes"; Algorithm 1 lines
//! 13–22): what a child proven for the OR player makes of its AND parent, and the parent's win
//! once every move of its must-play region is answered.
//!
//! - [`AndProof::child_won`]: the child's proof length may be the longest, its zone joins the
//!   union of the children's zones, and the must-play region loses the move or, for a null move,
//!   shrinks to the zone ([`MustPlay::refuted`]).
//! - [`Solver::and_child_won`]: that, then the bookkeeping of the search around it: at the root
//!   the root's moves the region lost are refuted for progress events
//!   ([`crate::solver::kernel::progress::RootTracker::refute_unneeded`]); at a node the live view
//!   shows ([`Solver::shows_and_node`]) the region and the child's zone go to the view.
//! - [`Solver::and_won`]: the won node's zone is the dilated union ([`Solver::and_zone`]), its
//!   proof length the longest child's plus one.
//!
//! The depth-first search, df-pn and MCTS's backup take every step; proof extraction takes the
//! region and the union ([`AndProof::joined`]) and the zone.

use crate::go::{Board, Color, Move, Point, Zone};
use crate::solver::kernel::must_play::{MustPlay, Refuted};
use crate::solver::kernel::search::{AndMoves, Solver};

/// What is proven of one AND node so far.
#[derive(Clone, Debug)]
pub(in crate::solver) struct AndProof {
    /// The moves still to be answered.
    pub must: MustPlay,
    /// The union of the proven children's zones.
    pub union: Zone,
    /// The longest proof among the proven children, in plies.
    pub longest: u32,
}

/// A child of an AND node proven for the OR player.
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) struct WonChild<'z> {
    /// The AND player's move.
    pub mv: Move,
    /// The stones the move captured.
    pub captured: &'z Zone,
    /// The zone of the child's win.
    pub zone: &'z Zone,
    /// The OR player answered with the pass that ends the game ([`answer_ends_game`]).
    pub ends_game: bool,
}

/// Is the AND player's pass, proven with the OR player's answer `best`, one that ends the game?
/// It is when it is the second pass (`passed`: the AND node was reached by a pass) or when the
/// OR player answers it with a pass. Only a pass's refutation reads it ([`MustPlay::refuted`]).
pub(in crate::solver) fn answer_ends_game(passed: bool, best: Option<Move>) -> bool {
    passed || best == Some(Move::Pass)
}

impl AndProof {
    /// Nothing proven yet of a node whose legal AND plays are `legal`.
    pub fn new(legal: &[Point]) -> AndProof {
        AndProof {
            must: MustPlay::new(legal),
            union: Zone::new(),
            longest: 0,
        }
    }

    /// The child `child` is proven with a proof of `dist` plies: the longest so far, then
    /// [`AndProof::joined`].
    pub fn child_won(&mut self, child: &WonChild, dist: u32) -> Refuted {
        self.longest = self.longest.max(dist);
        self.joined(child)
    }

    /// The child's zone joins the union and the must-play region answers its move.
    pub fn joined(&mut self, child: &WonChild) -> Refuted {
        self.union.union_with(child.zone);
        self.must
            .refuted(child.mv, child.captured, child.zone, child.ends_game)
    }

    /// Every move of the must-play region (the pass too) is answered.
    pub fn is_proven(&self) -> bool {
        self.must.plays().is_empty() && !self.must.contains(Move::Pass)
    }
}

impl Solver<'_> {
    /// Is the AND node at the end of the line one the live view shows (the root or its
    /// child): its must-play region and its proven children's zones go to progress events.
    pub(in crate::solver) fn shows_and_node(&self) -> bool {
        self.line.len() <= 1
    }

    /// An AND node the live view shows starts its must-play loop with `proof`.
    pub(in crate::solver) fn and_view_begun(&mut self, proof: &AndProof) {
        self.live_must_play = Some(proof.must.plays());
        self.live_zones.clear();
    }

    /// The AND node's child `child` is proven for the OR player with a proof of `dist` plies
    /// ([`AndProof::child_won`]); `at_root`: the node is the root (its moves the region lost are refuted for progress
    /// events while the root is tracked); `shown`: the live view shows the node.
    pub(in crate::solver) fn and_child_won(
        &mut self,
        proof: &mut AndProof,
        child: &WonChild,
        dist: u32,
        at_root: bool,
        shown: bool,
    ) -> Refuted {
        let (full, whole);
        let child = if self.config.relevance_zones {
            child
        } else {
            full = self.full_zone();
            // Without relevance zones (for measuring what they bring): every proven child
            // answers its own move only, so the must-play region never shrinks and every AND
            // move is searched, and the node's zone is the whole board.
            whole = WonChild {
                mv: child.mv,
                captured: child.captured,
                zone: &full,
                ends_game: child.ends_game,
            };
            &whole
        };
        let refuted = proof.child_won(child, dist);
        if at_root && self.root.active {
            // Moves the must-play region lost are answered by this zone.
            let must = &proof.must;
            let depth = self.iteration_depth;
            self.root.refute_unneeded(|m| must.contains(m), depth);
        }
        if shown {
            self.live_must_play = Some(proof.must.plays());
            self.live_zones.push(*child.zone);
        }
        refuted
    }

    /// The zone and proof length of the AND node of `and` to move whose must-play region is
    /// answered (`gen`: its moves as generated): the dilated union of its children's zones
    /// ([`Solver::and_zone`]), the longest child's proof plus one.
    pub(in crate::solver) fn and_won(
        &self,
        board: &Board,
        and: Color,
        proof: &AndProof,
        gen: &AndMoves,
    ) -> (Zone, u32) {
        let zone = self.and_zone(board, and, &proof.union, gen, proof.must.pass_back());
        (zone, proof.longest + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won<'z>(mv: Move, zone: &'z Zone, captured: &'z Zone) -> WonChild<'z> {
        WonChild {
            mv,
            captured,
            zone,
            ends_game: false,
        }
    }

    #[test]
    fn a_null_move_shrinks_the_region_and_the_last_answer_proves_the_node() {
        let pts: Vec<Point> = (0..3).map(|x| Point::new(x, 0)).collect();
        let none = Zone::new();
        let mut proof = AndProof::new(&pts);
        // pts[0] lies outside its child's zone: a null move, the region shrinks to the zone
        // and the pass leaves it.
        let small: Zone = [pts[1]].into_iter().collect();
        let r = proof.child_won(&won(Move::Play(pts[0]), &small, &none), 3);
        assert_eq!(r, Refuted::NullMove);
        assert_eq!(proof.must.plays(), small);
        assert!(!proof.must.contains(Move::Pass));
        assert!(!proof.is_proven());
        // pts[1] lies inside its child's zone: it leaves the region, which is now empty.
        let wide: Zone = [pts[1], pts[2]].into_iter().collect();
        let r = proof.child_won(&won(Move::Play(pts[1]), &wide, &none), 5);
        assert_eq!(r, Refuted::Inside);
        assert!(proof.is_proven());
        assert_eq!((proof.longest, proof.union), (5, small.union(&wide)));
    }

    #[test]
    fn joined_keeps_no_proof_length_and_a_pass_ending_the_game_answers_only_itself() {
        let pts = [Point::new(0, 0)];
        let none = Zone::new();
        let mut proof = AndProof::new(&pts);
        let pass = WonChild {
            ends_game: answer_ends_game(false, Some(Move::Pass)),
            ..won(Move::Pass, &none, &none)
        };
        assert_eq!(proof.joined(&pass), Refuted::PassEndingTheGame);
        assert!(proof.must.contains(Move::Play(pts[0])));
        assert!(proof.must.pass_back());
        assert_eq!(proof.longest, 0);
        assert!(
            !answer_ends_game(false, None) && !answer_ends_game(false, Some(Move::Play(pts[0])))
        );
        assert!(answer_ends_game(true, None));
    }
}
