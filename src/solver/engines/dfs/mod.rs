//! AchieveGoal: relevance-zone based depth-first search (RZS paper, appendix, Algorithm 1) with
//! iterative deepening and a transposition table.
//!
//! - **OR nodes** return `dilate(z' ∪ {m})` from the first winning child ([`crate::solver::kernel::dilate::dilate_or`]).
//! - **AND nodes** keep the must-play region `M`, initially every legal AND play plus pass. A
//!   searched move inside its child's zone is removed from `M`; a move outside it is a *null move*
//!   (found after the fact) and `M` shrinks to `M ∩ z'`. A move whose captures change the child's
//!   zone counts as inside it. When `M` is empty the node is won with
//!   `dilate(union of the child zones)` ([`crate::solver::kernel::dilate::dilate_and`]). One refuted AND move is a proven
//!   failure.
//! - **Iterative deepening** on the ply limit finds short proofs first ("Faster to Life"):
//!   limits 1, 3, 5, ... plies (2, 4, ... with the AND player to move) while the solve has used
//!   fewer than [`SolveConfig::deepening_nodes`] nodes, then one search to
//!   [`SolveConfig::max_depth`] (Algorithm 1 itself has no limit; deepening costs a lot when the
//!   answer is deep, above all for failures, which need every line searched to its end). Nodes
//!   cut by the limit are `Unknown`; a cut is remembered in the table as "no proof within d
//!   plies".
//! - **Repetition** (without superko): a node whose position (stones, side to move, ko point,
//!   pass) is already on the line is a failure of the OR player, since the AND player can repeat
//!   the cycle for ever. Such a failure depends on the line; a win never does.
//! - **Soundness of `Fail`**: an OR node fails only when every OR move was searched and failed;
//!   with OR forward pruning ([`SolveConfig::or_width`]) an exhausted search is `Unknown`.
//! - **Graph-history interaction**: with positional superko a refusal depends on the line. Each
//!   result carries the earliest line index a refusal below it referred to; results that refer
//!   above their own node are not stored in the table. An AND node where a play was refused for
//!   superko gets the whole board as its zone (no pruning is derived from it), since the refused
//!   move may be legal after another line.

use crate::go::{Board, Color, Move, Zone};
use crate::solver::engines::search_engine::SearchEngine;
use crate::solver::kernel::and_node::{answer_ends_game, AndProof, WonChild};
use crate::solver::kernel::engine::{Capabilities, Engine, EngineInfo, ProgressForm};
use crate::solver::kernel::must_play::MustPlay;
use crate::solver::kernel::search::{NodeResult, Solution, Solver, StopReason, Value};
use crate::solver::kernel::tt::{node_key, Stored};

/// AchieveGoal with iterative deepening.
pub(in crate::solver) struct Dfs;

static INFO: EngineInfo = EngineInfo {
    id: Engine::of(&INFO),
    name: "dfs",
    label: "depth-first",
    description: "AchieveGoal with iterative deepening: every line searched to a depth limit \
                  that grows by two plies per iteration. Orders its moves by the Go heuristics \
                  (not by the net).",
    capabilities: Capabilities {
        threads: false,
        guide: false,
        forbidden_zone: true,
        null_moves: false,
        narrow_turns: true,
        ordered_extraction: false,
        max_region: None,
        progress: ProgressForm::Iterations,
    },
};

impl Engine {
    /// Depth-first AchieveGoal with iterative deepening.
    pub const DFS: Engine = Engine::of(&INFO);
}

impl SearchEngine for Dfs {
    fn info(&self) -> &'static EngineInfo {
        &INFO
    }

    fn solve(&self, solver: &mut Solver<'_>) -> Solution {
        solver.solve_dfs()
    }

    fn win_within(
        &self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value {
        solver.search(board, to_move, passed, bound).value
    }
}

impl Solver<'_> {
    /// Iterative deepening from the root until proven or a limit is reached.
    fn solve_dfs(&mut self) -> Solution {
        let (mut board, to_move) = self.begin_solve();
        let mut depth = if to_move == self.rules.or_player {
            1
        } else {
            2
        };
        let (value, stop) = loop {
            self.iteration_depth = depth;
            self.depth_cut = false;
            let res = self.search(&mut board, to_move, false, depth);
            match res.value {
                Value::Win { .. } | Value::Fail => break (res.value, StopReason::Solved),
                Value::Unknown => {
                    if let Some(why) = self.aborted {
                        break (res.value, why);
                    }
                    if !self.depth_cut {
                        break (res.value, StopReason::Pruned);
                    }
                    if depth >= self.config.max_depth {
                        break (res.value, StopReason::DepthLimit);
                    }
                    depth = if self.nodes >= self.config.deepening_nodes {
                        self.config.max_depth
                    } else {
                        (depth + 2).min(self.config.max_depth)
                    };
                }
            }
        };
        self.conclude(&mut board, to_move, value, stop, depth)
    }

    /// AchieveGoal with `depth` plies left.
    pub(in crate::solver) fn search(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        depth: u32,
    ) -> NodeResult {
        self.nodes += 1;
        if self.nodes.is_multiple_of(64) || self.config.max_nodes.is_some() {
            self.check_limits();
        }
        if self.aborted.is_some() {
            return NodeResult::of(Value::Unknown);
        }
        if let Some(v) = self.leaf_value(board) {
            return NodeResult::of(v);
        }
        let key = node_key(board, to_move, passed);
        match self.tt.probe(key) {
            // A stored win counts only when its proof fits in the plies left, so that proofs
            // only ever use shorter proofs (extraction cannot run into a cycle).
            Some(Stored::Win { zone, best, dist }) if dist <= depth && !self.forbids(&zone) => {
                return NodeResult::of(Value::Win { zone, best, dist })
            }
            Some(Stored::Fail) => return NodeResult::of(Value::Fail),
            Some(Stored::NoProofWithin(d)) if d >= depth => {
                self.depth_cut = true;
                return NodeResult::of(Value::Unknown);
            }
            _ => {
                if let Some(w) = self.pattern_win(board, to_move, passed, depth) {
                    return NodeResult::of(Value::Win {
                        zone: w.zone,
                        best: w.best,
                        dist: w.dist,
                    });
                }
            }
        }
        let own_index = self.history.len() - 1;
        if let Some(index) = self.repetition(key) {
            // A cycle: the AND player can repeat it for ever, so the OR player fails here.
            return NodeResult {
                value: Value::Fail,
                earliest: index,
            };
        }
        if depth == 0 {
            self.depth_cut = true;
            return NodeResult::of(Value::Unknown);
        }
        let nodes_before = self.nodes;
        // Whether this subtree hits the ply limit (only then is "no proof" worth storing).
        let outer_cut = std::mem::replace(&mut self.depth_cut, false);
        self.states.push(key);
        let mut res = if to_move == self.rules.or_player {
            self.or_node(board, to_move, passed, depth)
        } else {
            self.and_node(board, to_move, passed, depth)
        };
        if matches!(res.value, Value::Win { zone, .. } if self.forbids(&zone)) {
            // Won, but only with a zone the constraint forbids: no answer here.
            res.value = Value::Unknown;
        }
        self.states.pop();
        let cut_here = self.depth_cut;
        self.depth_cut |= outer_cut;
        let won = matches!(res.value, Value::Win { .. });
        if self.aborted.is_none() && self.line_free(res.earliest, own_index, won) {
            let stored = match res.value {
                Value::Win { zone, best, dist } => {
                    self.patterns
                        .store(board, to_move, passed, &zone, best, dist);
                    Stored::Win { zone, best, dist }
                }
                Value::Fail => Stored::Fail,
                Value::Unknown if cut_here => Stored::NoProofWithin(depth),
                Value::Unknown => return res,
            };
            self.tt.store(key, stored, self.nodes - nodes_before);
        }
        res
    }

    fn or_node(&mut self, board: &mut Board, or: Color, passed: bool, depth: u32) -> NodeResult {
        let mut earliest = usize::MAX;
        if passed && self.rules.may_pass(or, board) {
            // The attacker passes after a pass: the defender has not lived.
            return NodeResult::of(Value::Win {
                zone: self.two_pass_zone(board),
                best: Some(Move::Pass),
                dist: 1,
            });
        }
        let at_root = self.root.active && self.line.is_empty();
        let (moves, mut unknown) = self.or_points(board, or);
        let mut candidates: Vec<Move> = moves.into_iter().map(Move::Play).collect();
        if self.rules.may_pass(or, board) {
            candidates.push(Move::Pass);
        }
        for mv in candidates {
            if !self.try_or_move(board, or, mv, &mut earliest) {
                continue;
            }
            self.push(board, mv);
            if at_root {
                self.root.enter(mv, self.nodes);
            }
            let child = self.search(board, or.opponent(), mv == Move::Pass, depth - 1);
            if at_root {
                let proven = match child.value {
                    Value::Win { .. } => Some(true),
                    Value::Fail => Some(false),
                    Value::Unknown => None,
                };
                let finished = self.aborted.is_none();
                self.root
                    .leave(self.nodes, proven, self.iteration_depth, finished);
            }
            self.pop(board);
            earliest = earliest.min(child.earliest);
            match child.value {
                Value::Win { zone: z, dist, .. } => {
                    let zone = self.or_zone(board, or, mv, &z);
                    if self.forbids(&zone) {
                        // The dilated zone meets the forbidden points: try the other moves.
                        unknown = true;
                        continue;
                    }
                    return NodeResult {
                        value: Value::Win {
                            zone,
                            best: Some(mv),
                            dist: dist + 1,
                        },
                        earliest,
                    };
                }
                Value::Unknown => unknown = true,
                Value::Fail => {}
            }
            if self.aborted.is_some() {
                break;
            }
        }
        NodeResult {
            value: if unknown { Value::Unknown } else { Value::Fail },
            earliest,
        }
    }

    fn and_node(&mut self, board: &mut Board, and: Color, passed: bool, depth: u32) -> NodeResult {
        let gen = self.and_moves(board, and);
        let mut earliest = gen.earliest;
        let mut proof = AndProof::new(&gen.moves);
        let mut unknown = Zone::new();
        let mut unknown_pass = false;
        let live = self.shows_and_node();
        if live {
            self.and_view_begun(&proof);
        }
        let at_root = self.root.active && self.line.is_empty();
        if at_root {
            let legal: Vec<Move> = MustPlay::order(&gen.moves).collect();
            self.root.begin(false, &legal, 0);
        }
        for mv in MustPlay::order(&gen.moves) {
            if !proof.must.contains(mv) {
                continue;
            }
            if self.rules.try_move(board, and, mv, &self.history).is_err() {
                continue;
            }
            let captured = board.last_captures();
            let child = if mv == Move::Pass && passed {
                // Two passes: the defender has not lived.
                let v = if self.rules.or_wins_two_passes(board) {
                    let zone = self.two_pass_zone(board);
                    if self.forbids(&zone) {
                        Value::Unknown
                    } else {
                        Value::Win {
                            zone,
                            best: None,
                            dist: 0,
                        }
                    }
                } else {
                    Value::Fail
                };
                board.undo();
                NodeResult::of(v)
            } else {
                self.push(board, mv);
                if at_root {
                    self.root.enter(mv, self.nodes);
                }
                let waiting = self.waiting_pass(board, and, mv, passed);
                let mut r = self.search(
                    board,
                    and.opponent(),
                    mv == Move::Pass && !waiting,
                    depth - 1,
                );
                if waiting && !matches!(r.value, Value::Win { .. }) && self.aborted.is_none() {
                    r = NodeResult::of(self.waiting_fallback(board));
                }
                if at_root {
                    // For the AND player: a failure of the OR player proves its move.
                    let proven = match r.value {
                        Value::Fail => Some(true),
                        Value::Win { .. } => Some(false),
                        Value::Unknown => None,
                    };
                    let finished = self.aborted.is_none();
                    self.root
                        .leave(self.nodes, proven, self.iteration_depth, finished);
                }
                self.pop(board);
                r
            };
            earliest = earliest.min(child.earliest);
            match child.value {
                Value::Fail => {
                    return NodeResult {
                        value: Value::Fail,
                        earliest,
                    }
                }
                Value::Unknown => match mv {
                    Move::Play(p) => {
                        unknown.insert(p);
                    }
                    Move::Pass => unknown_pass = true,
                },
                Value::Win { zone, dist, best } => {
                    let child = WonChild {
                        mv,
                        captured: &captured,
                        zone: &zone,
                        ends_game: answer_ends_game(passed, best),
                    };
                    self.and_child_won(&mut proof, &child, dist, at_root, live);
                }
            }
            if self.aborted.is_some() {
                return NodeResult::of(Value::Unknown);
            }
        }
        if unknown.intersects(&proof.must.plays())
            || (unknown_pass && proof.must.contains(Move::Pass))
        {
            return NodeResult {
                value: Value::Unknown,
                earliest,
            };
        }
        let (zone, dist) = self.and_won(board, and, &proof, &gen);
        NodeResult {
            value: Value::Win {
                zone,
                best: None,
                dist,
            },
            earliest,
        }
    }
}
