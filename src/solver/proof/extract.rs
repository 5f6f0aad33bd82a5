//! Proof extraction: after a win, walk the proof again with the table warm and build the
//! relevance-zone based solution tree ([`ProofTree`]). OR nodes follow the stored winning move;
//! AND nodes run the must-play loop of the search again, each child being a table hit in the
//! usual case. Zones are recomputed bottom-up from the extracted children, so the tree is
//! consistent in itself (each OR zone is `dilate(child zone ∪ move)`, each AND zone the dilated
//! union of its children's zones) even where the table lost an entry and a subtree was searched
//! again.
//!
//! Each win carries the length of its proof, and a node with `d` plies left only uses wins of
//! length at most `d` (see `search.rs`), so lengths decrease strictly down the extracted tree and
//! extraction ends. A position may recur lower on a line (reached again with fewer plies left);
//! that is no cycle: the OR player answers it with the shorter proof.

use crate::go::{Board, Color, Move, Zone};
use crate::solver::engines::engine;
use crate::solver::kernel::and_node::{AndProof, WonChild};
use crate::solver::kernel::leaf::Reason;
use crate::solver::kernel::must_play::Refuted;
use crate::solver::kernel::search::{Solver, Value, EXTRACTION_GRACE};
use crate::solver::proof::{LeafKind, ProofNode, ProofTree, Role};

/// Longest line extraction follows before giving up (a safeguard; proof lengths bound it).
const MAX_LINE: usize = 1000;

impl Solver<'_> {
    /// The proof tree of the root (which was proven a win), or `None` when it cannot be rebuilt
    /// within the limits.
    pub(in crate::solver) fn extract_proof(
        &mut self,
        board: &mut Board,
        to_move: Color,
        dist: u32,
    ) -> Option<ProofTree> {
        self.line.clear();
        self.states.clear();
        self.history.truncate(1);
        // The win is proven; rebuilding its proof (table hits in the usual case) may go a little
        // past the limits: a quarter more nodes, and `EXTRACTION_GRACE` more time. Past that the
        // solve ends unknown, so a solve answers within its time limit + 1 s.
        let (max_nodes, time_limit) = (self.config.max_nodes, self.config.time_limit);
        self.config.max_nodes = max_nodes.map(|m| m.saturating_add(m / 4 + 1_000));
        self.config.time_limit = time_limit.map(|t| t + EXTRACTION_GRACE);
        let root = self.build(board, to_move, false, dist);
        self.config.max_nodes = max_nodes;
        self.config.time_limit = time_limit;
        let root = root?;
        Some(ProofTree {
            size: self.rules.size,
            goal: self.problem.goal(),
            or_player: self.rules.or_player,
            superko: self.config.superko,
            root,
        })
    }

    fn leaf_node(&self, to_move: Color, zone: Zone, kind: LeafKind) -> ProofNode {
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

    /// The winning move of an OR node and the length of its proof, proven within `bound` plies:
    /// a table hit, or a new search when the table lost the entry. Every win of a proof of
    /// length `d` has a proof within `d` plies, and stored wins are used only within their
    /// length, so the lengths decrease strictly along the extracted tree and it cannot cycle.
    fn ensure_win(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Option<(Move, u32)> {
        // A win does not depend on the line (see `search.rs`), so the node is searched as a root:
        // cycles through the extraction path would only make the search more pessimistic.
        let path = std::mem::take(&mut self.states);
        let value = engine(self.config.engine).win_within(self, board, to_move, passed, bound);
        self.states = path;
        match value {
            Value::Win {
                best: Some(best),
                dist,
                ..
            } => Some((best, dist)),
            _ => None,
        }
    }

    fn build(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Option<ProofNode> {
        if self.line.len() > MAX_LINE || self.aborted.is_some() {
            return None;
        }
        if let Some((v, reason)) = self.leaf_decision(board) {
            let Value::Win { zone, .. } = v else {
                return None;
            };
            return Some(self.leaf_node(to_move, zone, LeafKind::from(reason)));
        }
        let or = self.rules.or_player;
        if to_move == or {
            let (best, dist) = self.ensure_win(board, or, passed, bound)?;
            self.build_or(board, or, passed, best, dist)
        } else {
            self.build_and(board, to_move, passed, bound)
        }
    }

    /// The node after `mover` plays the legal move `mv`, built with `bound` plies left for the
    /// move and its subtree, and the stones the move captured. A pass answering a pass ends the
    /// game: a two-pass leaf (a seki leaf when seki is life), a win only for
    /// [`crate::solver::kernel::rules::Rules::two_pass_winner`].
    fn build_child(
        &mut self,
        board: &mut Board,
        mover: Color,
        mv: Move,
        passed: bool,
        bound: u32,
    ) -> Option<(ProofNode, Zone)> {
        let below = bound.checked_sub(1)?;
        self.rules.try_move(board, mover, mv, &self.history).ok()?;
        let captured = board.last_captures();
        let mut child = if mv == Move::Pass && passed {
            board.undo();
            if !self.rules.or_wins_two_passes(board) {
                return None;
            }
            let kind = if self.rules.two_pass_winner(board) == self.rules.defender {
                LeafKind::Seki
            } else {
                LeafKind::TwoPasses
            };
            let zone = self.two_pass_zone(board);
            if self.forbids(&zone) {
                return None;
            }
            self.leaf_node(mover.opponent(), zone, kind)
        } else {
            let waiting = self.waiting_pass(board, mover, mv, passed);
            self.push(board, mv);
            let mut c = self.build(board, mover.opponent(), mv == Move::Pass && !waiting, below);
            if waiting && c.is_none() {
                // The waiting pass was not won (the search answered it by ending the game).
                c = self.build(board, mover.opponent(), true, below);
            }
            self.pop(board);
            c?
        };
        child.mv = Some(mv);
        child.player = Some(mover);
        Some((child, captured))
    }

    fn build_or(
        &mut self,
        board: &mut Board,
        or: Color,
        passed: bool,
        best: Move,
        dist: u32,
    ) -> Option<ProofNode> {
        let (child, _) = self.build_child(board, or, best, passed, dist)?;
        let zone = self.or_zone(board, or, best, &child.zone);
        if self.forbids(&zone) {
            return None;
        }
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

    fn build_and(
        &mut self,
        board: &mut Board,
        and: Color,
        passed: bool,
        bound: u32,
    ) -> Option<ProofNode> {
        let gen = self.and_moves(board, and);
        let mut proof = AndProof::new(&gen.moves);
        let mut children = Vec::new();
        for mv in self.extraction_order(board, and, passed, &gen.moves, bound) {
            if !proof.must.contains(mv) {
                continue;
            }
            let (mut child, captured) = self.build_child(board, and, mv, passed, bound)?;
            let won = WonChild {
                mv,
                captured: &captured,
                zone: &child.zone,
                ends_game: child.ends_by_pass(),
            };
            // The kernel's AND-node step without the proof lengths, which the tree does not
            // keep.
            child.null_move = proof.joined(&won) == Refuted::NullMove;
            children.push(child);
        }
        let searched: Zone = children
            .iter()
            .filter_map(|c| c.mv.and_then(|m| m.point()))
            .collect();
        let must_play = proof.must.required().union(&searched);
        let (zone, _) = self.and_won(board, and, &proof, &gen);
        if self.forbids(&zone) {
            return None;
        }
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

impl From<Reason> for LeafKind {
    /// The proof leaf of a goal test's decision.
    fn from(reason: Reason) -> LeafKind {
        match reason {
            Reason::StaticDead => LeafKind::StaticDead,
            Reason::Captured => LeafKind::Captured,
            Reason::Alive => LeafKind::Alive,
            Reason::Connected => LeafKind::Connected,
            Reason::Linked => LeafKind::Linked,
            Reason::SekiArea => LeafKind::SekiArea,
            Reason::Eye => LeafKind::Eye,
            Reason::NoEyePossible => LeafKind::NoEyePossible,
        }
    }
}
