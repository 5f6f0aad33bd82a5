//! What proof extraction (`extract.rs`) asks of df-pn: the win of an OR node within a ply bound
//! (from the table, or searched again when the table lost it), and the order in which an AND
//! node's moves are rebuilt.

use super::numbers::Thresholds;
use super::outcome::State;
use super::run::DfpnRun;
use crate::go::{Board, Color, Move, Point};
use crate::solver::kernel::must_play::MustPlay;
use crate::solver::kernel::search::{Solver, Value};
use crate::solver::kernel::tt::{node_key, Stored};

impl DfpnRun<'_, '_> {
    /// The node's win with a proof of at most `bound` plies: the table's, or a new df-pn search
    /// of the node bounded by `bound` plies; `Unknown` when there is none within the limits.
    pub(in crate::solver) fn win_within(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value {
        if let Some(Stored::Win { zone, best, dist }) =
            self.tt.probe(node_key(board, to_move, passed))
        {
            if dist <= bound && !self.forbids(&zone) {
                return Value::Win { zone, best, dist };
            }
        }
        match self
            .mid(board, to_move, passed, Thresholds::INFINITE, bound, None)
            .state
        {
            State::Win { zone, best, dist } => Value::Win { zone, best, dist },
            _ => Value::Unknown,
        }
    }
}

impl Solver<'_> {
    /// The order in which extraction rebuilds the moves `legal` (and the pass) of an AND node
    /// with `bound` plies left. Depth-first: the search's own order, which the table follows.
    /// df-pn proved the children in its own order and pruned others by their zones, so the
    /// children already proven within `bound - 1` plies come first, null moves (a move outside
    /// its own zone) with the smallest zones first: they shrink the must-play region most, and
    /// the moves they exclude need no proof.
    pub(in crate::solver) fn extraction_order(
        &mut self,
        board: &mut Board,
        and: Color,
        passed: bool,
        legal: &[Point],
        bound: u32,
    ) -> Vec<Move> {
        let moves: Vec<Move> = MustPlay::order(legal).collect();
        if !self.config.engine.capabilities().ordered_extraction || bound == 0 {
            return moves;
        }
        let mut keyed: Vec<(Option<(bool, usize)>, Move)> = moves
            .into_iter()
            .map(|mv| (self.proven_answer(board, and, passed, mv, bound - 1), mv))
            .collect();
        // Proven children first (null moves first, smaller zones first), then the others, each
        // in the search's order (the sort is stable).
        keyed.sort_by_key(|&(proven, _)| match proven {
            Some((inside, size)) => (0, inside, size),
            None => (1, false, 0),
        });
        keyed.into_iter().map(|(_, mv)| mv).collect()
    }

    /// Whether the AND move `mv` is answered by a known win within `plies`: `(the move lies in
    /// the win's zone, the zone's size)`.
    fn proven_answer(
        &mut self,
        board: &mut Board,
        and: Color,
        passed: bool,
        mv: Move,
        plies: u32,
    ) -> Option<(bool, usize)> {
        if mv == Move::Pass && passed {
            // Two passes end the game; nothing to look up.
            return None;
        }
        self.rules.try_move(board, and, mv, &self.history).ok()?;
        let child_passed = self.passed_after(board, and, mv, passed);
        let zone = match self.leaf_value(board) {
            Some(Value::Win { zone, .. }) => Some(zone),
            Some(_) => None,
            None => match self.tt.probe(node_key(board, and.opponent(), child_passed)) {
                Some(Stored::Win { zone, dist, .. }) if dist <= plies && !self.forbids(&zone) => {
                    Some(zone)
                }
                _ => self
                    .pattern_win(board, and.opponent(), child_passed, plies)
                    .map(|w| w.zone),
            },
        };
        board.undo();
        let zone = zone?;
        let inside = mv.point().is_some_and(|p| zone.contains(p));
        Some((inside, zone.len()))
    }
}
