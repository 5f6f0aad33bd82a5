//! Proof extraction: after a win, walk the proof again with the table warm and build the
//! relevance-zone based solution tree ([`ProofTree`]). OR nodes follow the stored winning move;
//! AND nodes run the must-play loop of the search again, each child being a table hit in the
//! usual case. Zones are recomputed bottom-up from the extracted children, so the tree is
//! consistent in itself (each OR zone is `dilate(child zone ∪ move)`, each AND zone the dilated
//! union of its children's zones) even where the table lost an entry and a subtree was searched
//! again.

use super::dilate::{dilate_and, dilate_or};
use super::proof::{LeafKind, ProofNode, ProofTree, Role};
use super::search::{Solver, Value};
use crate::go::{Board, Color, Move, Zone};

/// Longest line extraction follows before giving up (a safeguard against cycles).
const MAX_LINE: usize = 1000;

impl Solver<'_> {
    /// The proof tree of the root (which was proven a win), or `None` when it cannot be rebuilt
    /// within the limits.
    pub(super) fn extract_proof(&mut self, board: &mut Board, to_move: Color) -> Option<ProofTree> {
        self.line.clear();
        self.history.truncate(1);
        let root = self.build(board, to_move, false)?;
        Some(ProofTree {
            size: self.rules.size,
            goal: self.problem.goal(),
            or_player: self.rules.or_player,
            root,
        })
    }

    fn leaf_node(&self, board: &Board, to_move: Color, zone: Zone, kind: LeafKind) -> ProofNode {
        let _ = board;
        ProofNode {
            mv: None,
            player: None,
            to_move,
            role: Role::Leaf(kind),
            zone,
            must_play: Zone::new(),
            null_move: false,
            children: Vec::new(),
        }
    }

    /// Prove the node again (deeper limit) when the table does not know it as a win; the winning
    /// move at OR nodes.
    fn ensure_win(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
    ) -> Option<Option<Move>> {
        let remaining = self
            .iteration_depth
            .saturating_sub(self.line.len() as u32)
            .max(1);
        for depth in [remaining, self.config.max_depth] {
            let res = self.search(board, to_move, passed, depth);
            if let Value::Win(_, best) = res.value {
                return Some(best);
            }
            if self.aborted.is_some() {
                return None;
            }
        }
        None
    }

    fn build(&mut self, board: &mut Board, to_move: Color, passed: bool) -> Option<ProofNode> {
        if self.line.len() > MAX_LINE || self.aborted.is_some() {
            return None;
        }
        if let Some(v) = self.leaf_value(board) {
            let Value::Win(zone, _) = v else {
                return None;
            };
            let kind = if self.goal.defender() == self.rules.or_player {
                LeafKind::Alive
            } else {
                LeafKind::Captured
            };
            return Some(self.leaf_node(board, to_move, zone, kind));
        }
        let or = self.rules.or_player;
        if to_move == or {
            self.build_or(board, or, passed)
        } else {
            self.build_and(board, to_move, passed)
        }
    }

    fn build_or(&mut self, board: &mut Board, or: Color, passed: bool) -> Option<ProofNode> {
        let best = self.ensure_win(board, or, passed)??;
        self.rules.try_move(board, or, best, &self.history).ok()?;
        let child = if best == Move::Pass && passed {
            board.undo();
            self.leaf_node(board, or.opponent(), self.full_zone(), LeafKind::TwoPasses)
        } else {
            self.push(board, best);
            let c = self.build(board, or.opponent(), best == Move::Pass);
            self.pop(board);
            c?
        };
        let decisive = self.decisive(board);
        let zone = dilate_or(board, or, best, &child.zone, &decisive);
        let mut child = child;
        child.mv = Some(best);
        child.player = Some(or);
        Some(ProofNode {
            mv: None,
            player: None,
            to_move: or,
            role: Role::Or,
            zone,
            must_play: Zone::new(),
            null_move: false,
            children: vec![child],
        })
    }

    fn build_and(&mut self, board: &mut Board, and: Color, passed: bool) -> Option<ProofNode> {
        let gen = self.and_moves(board, and);
        let mut must: Zone = gen.moves.iter().copied().collect();
        let mut pass_open = true;
        let mut union = Zone::new();
        let mut children = Vec::new();
        let candidates = gen.moves.iter().map(|&p| Move::Play(p)).chain([Move::Pass]);
        for mv in candidates {
            let open = match mv {
                Move::Play(p) => must.contains(p),
                Move::Pass => pass_open,
            };
            if !open {
                continue;
            }
            self.rules.try_move(board, and, mv, &self.history).ok()?;
            let captured = board.last_captures();
            let mut child = if mv == Move::Pass && passed {
                board.undo();
                if and != self.rules.defender {
                    return None;
                }
                self.leaf_node(board, and.opponent(), self.full_zone(), LeafKind::TwoPasses)
            } else {
                self.push(board, mv);
                let c = self.build(board, and.opponent(), mv == Move::Pass);
                self.pop(board);
                c?
            };
            let z = child.zone;
            union.union_with(&z);
            child.mv = Some(mv);
            child.player = Some(and);
            match mv {
                Move::Play(p) if z.contains(p) || captured.intersects(&z) => {
                    must.remove(p);
                }
                _ => {
                    must.intersect_with(&z);
                    pass_open = false;
                    child.null_move = true;
                }
            }
            children.push(child);
        }
        let searched: Zone = children
            .iter()
            .filter_map(|c| c.mv.and_then(|m| m.point()))
            .collect();
        // The moves that had to be searched: all legal plays inside every null-move zone.
        let mut must_play: Zone = gen.moves.iter().copied().collect();
        for c in children.iter().filter(|c| c.null_move) {
            must_play.intersect_with(&c.zone);
        }
        must_play.union_with(&searched);
        let zone = if gen.superko_refusal {
            self.full_zone()
        } else {
            let decisive = self.decisive(board);
            dilate_and(board, and, &union, &gen.illegal, &decisive)
        };
        Some(ProofNode {
            mv: None,
            player: None,
            to_move: and,
            role: Role::And,
            zone,
            must_play,
            null_move: false,
            children,
        })
    }
}
