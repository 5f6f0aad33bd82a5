//! The exhaustive engine: plain AND/OR search of the claim's game without relevance zones,
//! must-play regions, iterative deepening or the pattern table: an OR node tries every move,
//! an AND node must refute every move, and every win has the whole board as its zone (which
//! holds trivially). The game is the kernel's (goal test, region, ko rules, the cycle rule,
//! passes, the attacker's waiting pass where seki is life), so on a tiny region its results are
//! a reference for the relevance-zone engines inside the product; its proofs are rebuilt with
//! relevance zones by extraction and checked like any other. Regions of more than
//! [`MAX_REGION`] empty points are refused (the search is exponential in them).

use crate::go::{Board, Color, Move};
use crate::solver::engines::search_engine::SearchEngine;
use crate::solver::kernel::engine::{Capabilities, Engine, EngineInfo, ProgressForm};
use crate::solver::kernel::must_play::MustPlay;
use crate::solver::kernel::search::{NodeResult, Solution, Solver, StopReason, Value};
use crate::solver::kernel::tt::{node_key, Stored};

/// The largest region (empty points) the exhaustive engine accepts.
pub const MAX_REGION: usize = 14;

/// Plain exhaustive AND/OR search.
pub(in crate::solver) struct Exhaustive;

static INFO: EngineInfo = EngineInfo {
    id: Engine::of(&INFO),
    name: "exhaustive",
    label: "exhaustive",
    description: "Plain AND/OR search without relevance zones: every move of both players \
                  searched, for tiny regions (at most 14 empty points). A reference for the \
                  other engines; its proofs are rebuilt with zones and checked as theirs are.",
    capabilities: Capabilities {
        threads: false,
        guide: false,
        forbidden_zone: false,
        null_moves: false,
        narrow_turns: false,
        ordered_extraction: false,
        max_region: Some(MAX_REGION),
        progress: ProgressForm::DeepestLine,
    },
};

impl Engine {
    /// Plain AND/OR search without zones, for tiny regions.
    pub const EXHAUSTIVE: Engine = Engine::of(&INFO);
}

impl SearchEngine for Exhaustive {
    fn info(&self) -> &'static EngineInfo {
        &INFO
    }

    fn solve(&self, solver: &mut Solver<'_>) -> Solution {
        let (mut board, to_move) = solver.begin_solve();
        solver.iteration_depth = 0;
        solver.depth_cut = false;
        let depth = solver.config.max_depth;
        let res = exhaustive(solver, &mut board, to_move, false, depth);
        let stop = match res.value {
            Value::Win { .. } | Value::Fail => StopReason::Solved,
            Value::Unknown => solver.aborted.unwrap_or(StopReason::DepthLimit),
        };
        let deepest = solver.iteration_depth;
        solver.conclude(&mut board, to_move, res.value, stop, deepest)
    }

    fn win_within(
        &self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value {
        exhaustive(solver, board, to_move, passed, bound).value
    }
}

/// The value of the node (`depth` plies left): the goal test, the table, the cycle rule, then
/// every move.
fn exhaustive(
    s: &mut Solver<'_>,
    board: &mut Board,
    to_move: Color,
    passed: bool,
    depth: u32,
) -> NodeResult {
    s.nodes += 1;
    s.check_limits();
    s.iteration_depth = s.iteration_depth.max(s.line.len() as u32);
    if s.aborted.is_some() {
        return NodeResult::of(Value::Unknown);
    }
    if let Some(v) = s.leaf_value(board) {
        return NodeResult::of(v);
    }
    let key = node_key(board, to_move, passed);
    match s.tt.probe(key) {
        Some(Stored::Win { zone, best, dist }) if dist <= depth => {
            return NodeResult::of(Value::Win { zone, best, dist })
        }
        Some(Stored::Fail) => return NodeResult::of(Value::Fail),
        _ => {}
    }
    let own_index = s.history.len() - 1;
    if let Some(index) = s.repetition(key) {
        // A cycle: the AND player can repeat it for ever.
        return NodeResult {
            value: Value::Fail,
            earliest: index,
        };
    }
    if depth == 0 {
        return NodeResult::of(Value::Unknown);
    }
    let nodes_before = s.nodes;
    s.states.push(key);
    let res = if to_move == s.rules.or_player {
        or_node(s, board, to_move, passed, depth)
    } else {
        and_node(s, board, to_move, passed, depth)
    };
    s.states.pop();
    let won = matches!(res.value, Value::Win { .. });
    if s.aborted.is_none() && s.line_free(res.earliest, own_index, won) {
        let stored = match res.value {
            Value::Win { zone, best, dist } => Stored::Win { zone, best, dist },
            Value::Fail => Stored::Fail,
            Value::Unknown => return res,
        };
        s.tt.store(key, stored, s.nodes - nodes_before);
    }
    res
}

/// An OR node: won by the first winning move (the whole board its zone).
fn or_node(
    s: &mut Solver<'_>,
    board: &mut Board,
    or: Color,
    passed: bool,
    depth: u32,
) -> NodeResult {
    let mut earliest = usize::MAX;
    if passed && s.rules.may_pass(or, board) {
        // The attacker passes after a pass: the defender has not lived.
        return NodeResult::of(Value::Win {
            zone: s.two_pass_zone(board),
            best: Some(Move::Pass),
            dist: 1,
        });
    }
    // The region's empty points (cut to the OR width when one is set: then a failure is
    // unknown).
    let (points, mut unknown) = s.or_points(board, or);
    let mut candidates: Vec<Move> = points.into_iter().map(Move::Play).collect();
    if s.rules.may_pass(or, board) {
        candidates.push(Move::Pass);
    }
    for mv in candidates {
        if !s.try_or_move(board, or, mv, &mut earliest) {
            continue;
        }
        s.push(board, mv);
        let child = exhaustive(s, board, or.opponent(), mv == Move::Pass, depth - 1);
        s.pop(board);
        earliest = earliest.min(child.earliest);
        match child.value {
            Value::Win { dist, .. } => {
                return NodeResult {
                    value: Value::Win {
                        zone: s.full_zone(),
                        best: Some(mv),
                        dist: dist + 1,
                    },
                    earliest,
                };
            }
            Value::Unknown => unknown = true,
            Value::Fail => {}
        }
        if s.aborted.is_some() {
            break;
        }
    }
    NodeResult {
        value: if unknown { Value::Unknown } else { Value::Fail },
        earliest,
    }
}

/// An AND node: won when every legal move (the pass included where it may pass) is refuted.
fn and_node(
    s: &mut Solver<'_>,
    board: &mut Board,
    and: Color,
    passed: bool,
    depth: u32,
) -> NodeResult {
    let gen = s.and_moves(board, and);
    let mut earliest = gen.earliest;
    let mut longest = 0;
    let mut unknown = false;
    for mv in MustPlay::order(&gen.moves) {
        if s.rules.try_move(board, and, mv, &s.history).is_err() {
            continue;
        }
        let child = if mv == Move::Pass && passed {
            // Two passes end the game.
            let v = if s.rules.or_wins_two_passes(board) {
                Value::Win {
                    zone: s.full_zone(),
                    best: None,
                    dist: 0,
                }
            } else {
                Value::Fail
            };
            board.undo();
            NodeResult::of(v)
        } else {
            s.push(board, mv);
            let waiting = s.waiting_pass(board, and, mv, passed);
            let mut r = exhaustive(
                s,
                board,
                and.opponent(),
                mv == Move::Pass && !waiting,
                depth - 1,
            );
            if waiting && !matches!(r.value, Value::Win { .. }) && s.aborted.is_none() {
                r = NodeResult::of(s.waiting_fallback(board));
            }
            s.pop(board);
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
            Value::Unknown => unknown = true,
            Value::Win { dist, .. } => longest = longest.max(dist),
        }
        if s.aborted.is_some() {
            return NodeResult::of(Value::Unknown);
        }
    }
    let value = if unknown {
        Value::Unknown
    } else {
        Value::Win {
            zone: s.full_zone(),
            best: None,
            dist: longest + 1,
        }
    };
    NodeResult { value, earliest }
}
