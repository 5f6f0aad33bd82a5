//! Best-first relevance-zone search: depth-first proof-number search (df-pn, Nagai 2002; as in
//! Kishimoto and Müller's one-eye solver, `../shared/papers/dfpn-one-eye-problem.txt`) over the
//! same game, goal test, zones, dilation, table and proof trees as the depth-first engine
//! ([`crate::solver::kernel::search`]).
//!
//! - **Numbers.** OR nodes: pn = min over the children, dn = Σ (weak, below). AND nodes: pn = Σ over the
//!   children still in the must-play region `M` ([`MustPlay`]), dn = min over them. A proven AND
//!   child whose move lies outside its own zone is a null move found after the fact: `M`
//!   shrinks to its zone at once, so every sibling outside the zone leaves the sums; a child
//!   proven with a zone containing its move (or capturing inside it) leaves `M` alone. An AND
//!   node whose `M` empties is won with the dilated union of its children's zones, an OR node
//!   with the dilated zone of its winning child, exactly as in AchieveGoal.
//! - **Explicit null moves first** ([`SolveConfig::null_moves`]): an AND node of the attacker
//!   that has passed fewer than `null_moves` times on the line generates only its pass child
//!   until that is decided; a proven pass gives the zone that the other AND moves must be
//!   inside, and only those are generated; a refuted pass refutes the node. Otherwise the AND
//!   moves are generated in batches, the pass last.
//! - **Weak sums** (Ueda et al. 2008, WPNS): the summed number of a node is the largest child's
//!   plus one for every other open child, not the sum. Go's move graph is full of
//!   transpositions (moves in another order, passes in between), and true sums count a shared
//!   subtree once per path: on the bundled comb problem the disproof numbers passed 2^40 within
//!   3,000 nodes. The weak sum still grows with the number of children (the must-play region's
//!   size at AND nodes).
//! - **df-pn** ([`numbers`]): each visit of a node (`mid`) runs until its numbers reach the
//!   thresholds it was given; the child searched gets the min-threshold with the 1+ε trick and
//!   the sum-threshold of what its siblings leave. The root is searched with infinite
//!   thresholds until it is decided or a limit ends the search.
//! - **Children** are generated once per visit with their numbers from the table (a child
//!   whose position is already on the line is a repetition: a failure of the OR player, as in
//!   the depth-first engine), in the ordering's order, which breaks ties. The goal test runs
//!   when a child is visited, except at OR nodes: each child of a batch is goal-tested as it is
//!   generated, and one the test decides as won wins the node at once (an immediate win,
//!   [`SolveConfig::immediate_wins`]; on the 7x7 Kill-all set problem 13 took 533 k nodes
//!   instead of 3.8 M, BENCHMARKS.md).
//! - **Table** ([`crate::solver::kernel::tt`]): wins (zone, best move, proof length), proven failures, and the
//!   numbers of undecided nodes (`Stored::Bounds`). A win is used only when its proof fits in
//!   the plies left, so extraction (`extract.rs`) follows strictly shorter proofs down every
//!   line.
//! - **Graph-history interaction**: the treatment of the depth-first engine. Each value carries
//!   the earliest line index a repetition (or, with superko, a refusal) below it referred to;
//!   a value that refers above its own node is used by the node's parent in this visit but not
//!   stored as final (only its numbers). Under the cycle rule a win never depends on the line.
//! - **Limits**: a ply limit ([`SolveConfig::max_depth`]) makes deeper nodes losses of kind
//!   `Cut`, and an OR width losses of kind `Pruned`; neither is a proven failure, so a root
//!   lost that way is `Unknown`.

mod extraction;
pub(in crate::solver) mod guide_gate;
mod knowledge;
pub(in crate::solver) mod move_cache;
mod numbers;
pub(in crate::solver) mod outcome;
pub(in crate::solver) mod parallel;
pub(in crate::solver) mod peers;
pub(in crate::solver) mod run;

use crate::solver::engines::search_engine::SearchEngine;
use crate::solver::kernel::engine::{Capabilities, Engine, EngineInfo, ProgressForm};
use crate::solver::knowledge::one_eye::potential_eye_points;
use knowledge::{costed_moves, eye_costs, prior_costs, put_first, Rings};
use move_cache::{AndPlays, OrMoves};
use numbers::{add, min_threshold, Num, Thresholds, WeakSum, INF};
use outcome::{Loss, Outcome, State};
pub(in crate::solver) use run::DfpnRun;

use crate::go::{Board, Color, Move, Point, Zone};
use crate::solver::kernel::and_node::{answer_ends_game, AndProof, WonChild};
use crate::solver::kernel::search::{AndMoves, Solution, Solver, StopReason, Value};
use crate::solver::kernel::tt::{node_key, Stored};
use crate::solver::knowledge::guide::GuideQuery;

#[cfg(doc)]
use crate::solver::kernel::must_play::MustPlay;
#[cfg(doc)]
use crate::solver::SolveConfig;

/// A generated child: its move, the stones its move captured (AND nodes), and what is known.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    /// An attacker's pass searched as a waiting move ([`Solver::waiting_pass`]).
    waiting: bool,
    /// The table key of the child's node.
    key: u64,
    captured: Zone,
    out: Outcome,
    /// What the move costs beyond its number where the parent takes a minimum
    /// ([`knowledge`]).
    cost: Num,
}

/// How many OR children are generated at a time: the others wait, counted as one child of the
/// cheapest cost among them, until they are as promising as the generated ones.
const OR_BATCH: usize = 8;

/// What the AND node's other moves add to its proof number while its pass is searched first:
/// as if they were one more child of this number (0 to 4 measured on problem 31; 4 loses it).
const NULL_MOVE_EXTRA: Num = 1;

/// The state of an AND node's must-play loop.
struct AndNode {
    /// The must-play region, the union of the proven children's zones, the longest proof.
    proof: AndProof,
    passed: bool,
    /// The OR reply that won the latest proven child: tried first at the others.
    hint: Option<Move>,
}

/// Depth-first proof-number search.
pub(in crate::solver) struct Dfpn;

static INFO: EngineInfo = EngineInfo {
    id: Engine::of(&INFO),
    name: "dfpn",
    label: "df-pn",
    description: "Best-first proof-number search over the same zones: it always descends the \
                  most-proving line (the moves that look cheapest to prove or refute), the \
                  attacker's pass first. Strongest on large regions such as the 19x19 research \
                  problems. With Net on, the net's policy costs its moves.",
    capabilities: Capabilities {
        threads: true,
        guide: true,
        forbidden_zone: true,
        null_moves: true,
        narrow_turns: false,
        ordered_extraction: true,
        max_region: None,
        progress: ProgressForm::Numbers,
    },
};

impl Engine {
    /// Best-first: depth-first proof-number search over relevance zones.
    pub const DFPN: Engine = Engine::of(&INFO);
}

impl SearchEngine for Dfpn {
    fn info(&self) -> &'static EngineInfo {
        &INFO
    }

    fn solve(&self, solver: &mut Solver<'_>) -> Solution {
        let (mut board, to_move) = solver.begin_solve();
        // The run ends (its move cache and guide gate go back to the kernel) before the
        // conclusion, whose proof extraction runs df-pn again.
        let out = DfpnRun::new(solver).search_root(&mut board, to_move);
        let (value, stop) = solver.root_verdict(out.state);
        let depth = solver.iteration_depth;
        solver.conclude(&mut board, to_move, value, stop, depth)
    }

    fn win_within(
        &self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value {
        DfpnRun::new(solver).win_within(board, to_move, passed, bound)
    }
}

impl DfpnRun<'_, '_> {
    /// Search the root (the board after [`Solver::begin_solve`]) with infinite thresholds,
    /// on `config.threads` threads, until it is decided or a limit ends the search.
    fn search_root(&mut self, board: &mut Board, to_move: Color) -> Outcome {
        self.iteration_depth = 0;
        self.depth_cut = false;
        if self.config.threads > 1 {
            self.mid_root_parallel(board, to_move)
        } else {
            let plies = self.config.max_depth;
            self.mid(board, to_move, false, Thresholds::INFINITE, plies, None)
        }
    }

    /// Count a node and check the limits.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(64) || self.config.max_nodes.is_some() {
            self.check_limits();
            if self.aborted.is_none() && self.peers.as_ref().is_some_and(|p| p.decided()) {
                // A helper decided the root (see `parallel`).
                self.aborted = Some(StopReason::Stopped);
            }
        }
    }

    /// Search the node (already on the line) until its numbers reach the thresholds `th`, it is
    /// decided, or a limit stops the search; `plies` left.
    pub(in crate::solver) fn mid(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        th: Thresholds,
        plies: u32,
        hint: Option<Move>,
    ) -> Outcome {
        self.tick();
        if self.aborted.is_some() {
            return Outcome::open(1, 1);
        }
        let key = node_key(board, to_move, passed);
        // A node the table holds numbers of was expanded before, so it is not decided by the
        // goal test (decided nodes are stored as wins or failures): the test (Benson's
        // algorithm, a fifth of the time) is spared on every visit after the first.
        let stored = self.tt.probe(key);
        if self.peers.is_some() {
            // Another thread may have decided the node since this one generated it.
            if let Some(out) = stored
                .and_then(|s| Outcome::from_stored(s, plies))
                .filter(|o| !o.is_open())
            {
                return self.admitted(out);
            }
        }
        let expanded = matches!(stored, Some(Stored::Bounds { .. }));
        if !expanded {
            if let Some(v) = self.leaf_value(board) {
                return match v {
                    Value::Win { zone, best, dist } => Outcome::win(zone, best, dist),
                    Value::Fail => Outcome::lost(Loss::Proven, usize::MAX),
                    // A win whose zone the constraint forbids: final here, but no failure.
                    Value::Unknown => Outcome::lost(Loss::Pruned, usize::MAX),
                };
            }
        }
        if let Some(w) = self.pattern_win(board, to_move, passed, plies) {
            let (zone, best, dist) = (w.zone, w.best, w.dist);
            self.tt.store(key, Stored::Win { zone, best, dist }, 1);
            return Outcome::win(zone, best, dist);
        }
        if plies == 0 {
            self.depth_cut = true;
            return Outcome::lost(Loss::Cut, usize::MAX);
        }
        self.iteration_depth = self.iteration_depth.max(self.line.len() as u32);
        let or = self.rules.or_player;
        if to_move == or && passed && self.rules.may_pass(or, board) {
            // The attacker passes after a pass: the defender has not lived.
            return self.admitted(Outcome::win(self.two_pass_zone(board), Some(Move::Pass), 1));
        }
        let own_index = self.history.len() - 1;
        let nodes_before = self.nodes;
        self.states.push(key);
        if let Some(p) = &self.peers {
            p.enter(self.thread, key);
        }
        let out = if to_move == or {
            self.mid_or(board, or, th, plies, hint, key)
        } else {
            self.mid_and(board, to_move, passed, th, plies, key)
        };
        let out = self.admitted(out);
        if let Some(p) = &self.peers {
            p.leave(self.thread, key);
        }
        self.states.pop();
        let won = matches!(out.state, State::Win { .. });
        let line_free = self.line_free(out.earliest, own_index, won);
        if self.aborted.is_none() {
            if let Some(stored) = out.to_stored(line_free) {
                if let Stored::Win { zone, best, dist } = stored {
                    self.patterns
                        .store(board, to_move, passed, &zone, best, dist);
                }
                self.kernel
                    .tt
                    .store(key, stored, self.kernel.nodes - nodes_before);
            }
        }
        out
    }

    /// Play `child`'s move (legal: it was generated here), search it, take it back. `waiting`:
    /// the move is an attacker's pass searched as a waiting move ([`Solver::waiting_pass`]).
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        board: &mut Board,
        mover: Color,
        mv: Move,
        waiting: bool,
        th: Thresholds,
        plies: u32,
        hint: Option<Move>,
    ) -> Outcome {
        if self
            .rules
            .try_move(board, mover, mv, &self.history)
            .is_err()
        {
            // Cannot happen: the move was legal when the node was expanded on this line.
            return Outcome::lost(Loss::Cut, usize::MAX);
        }
        self.push(board, mv);
        let at_root = self.root.active && self.line.len() == 1;
        if at_root {
            self.kernel.root.enter(mv, self.kernel.nodes);
        }
        let out = self.mid(
            board,
            mover.opponent(),
            mv == Move::Pass && !waiting,
            th,
            plies - 1,
            hint,
        );
        let out = if waiting && self.aborted.is_none() {
            self.waiting_outcome(board, out)
        } else {
            out
        };
        if at_root {
            let mover_wins = match out.state {
                State::Win { .. } => Some(mover == self.rules.or_player),
                State::Lost(Loss::Proven) => Some(mover != self.rules.or_player),
                _ => None,
            };
            let finished = self.aborted.is_none();
            let (nodes, depth) = (self.nodes, self.iteration_depth);
            self.root.leave(nodes, mover_wins, depth, finished);
        }
        self.pop(board);
        out
    }

    fn mid_or(
        &mut self,
        board: &mut Board,
        or: Color,
        th: Thresholds,
        plies: u32,
        hint: Option<Move>,
        key: u64,
    ) -> Outcome {
        let (th_pn, th_dn) = (th.pn, th.dn);
        let mut earliest = usize::MAX;
        let OrMoves {
            moves: mut pending,
            pruned,
            ..
        } = self.or_moves(board, or, key);
        put_first(&mut pending, hint);
        let mut next = 0;
        // The first batch is generated in the loop: with no child yet, the moves not generated
        // yet are the only candidates.
        let mut children: Vec<Child> = Vec::with_capacity(OR_BATCH);
        loop {
            // The moves not generated yet count as one child of their cheapest cost.
            let rest = pending.get(next).map_or(INF, |&(cost, _)| add(1, cost));
            let mut pn = INF;
            // Without the virtual numbers of a helper thread: for the table.
            let mut own_pn = INF;
            let mut second = INF;
            let mut best = None;
            let mut dn = WeakSum::default();
            if rest < INF {
                dn.add(1);
            }
            let mut loss = if pruned { Loss::Pruned } else { Loss::Proven };
            for (i, c) in children.iter().enumerate() {
                earliest = earliest.min(c.out.earliest);
                match c.out.state {
                    State::Win { zone, dist, .. } => {
                        let zone = self.or_zone(board, or, c.mv, &zone);
                        if self.forbids(&zone) {
                            // This answer's dilated zone meets the forbidden points: another
                            // move may still win within the constraint.
                            loss = loss.max(Loss::Pruned);
                            continue;
                        }
                        let mut won = Outcome::win(zone, Some(c.mv), dist + 1);
                        won.earliest = earliest;
                        return won;
                    }
                    State::Lost(l) => loss = loss.max(l),
                    State::Open => {
                        dn.add(c.out.dn);
                        let own = add(c.out.pn, c.cost);
                        own_pn = own_pn.min(own);
                        let total = self.virtual_number(c.key, own);
                        if total < pn {
                            second = pn;
                            pn = total;
                            best = Some(i);
                        } else if total < second {
                            second = total;
                        }
                    }
                }
            }
            if rest < pn || (best.is_none() && rest < INF) {
                // The next moves are at least as promising (or there are no others yet):
                // generate another batch.
                self.expand_or(
                    board,
                    or,
                    &pending,
                    &mut next,
                    &mut children,
                    plies,
                    &mut earliest,
                );
                continue;
            }
            let Some(i) = best else {
                return Outcome::lost(loss, earliest);
            };
            second = second.min(rest);
            let dn_sum = dn;
            let dn = dn_sum.value();
            if pn >= th_pn || dn >= th_dn || self.aborted.is_some() {
                let mut open = Outcome::open(pn, dn).kept_as(own_pn.min(rest), dn);
                open.earliest = earliest;
                return open;
            }
            let child = children[i];
            let child_th_pn = min_threshold(th_pn, second).saturating_sub(child.cost);
            let child_th_dn = dn_sum.child_threshold(th_dn);
            self.progress_numbers.push((pn, dn));
            children[i].out = self.visit(
                board,
                or,
                child.mv,
                false,
                Thresholds {
                    pn: child_th_pn,
                    dn: child_th_dn,
                },
                plies,
                None,
            );
            self.progress_numbers.pop();
        }
    }

    /// The key of the node's moves in the move cache: its table key and the line's last move
    /// (the ordering's proximity term reads it, so a position reached by another last move is
    /// ordered afresh and the cache never changes the search).
    fn move_cache_key(&self, key: u64) -> u64 {
        let last = self
            .line
            .last()
            .and_then(|m| m.point())
            .map_or(0, |p| p.index() as u64 + 1);
        key ^ last.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The costs of a node's moves ([`knowledge`]): the guide's priors when `guided` (the
    /// configuration has a guide, a net, and [`guide_gate`] opened for the node), else distance
    /// and rank; `extra` (the pass) last.
    fn node_costs(
        &self,
        board: &Board,
        c: Color,
        points: &[Point],
        extra: Option<Move>,
        guided: bool,
    ) -> Vec<(Num, Move)> {
        let guide = self.config.guide.as_ref().filter(|_| guided);
        let Some(guide) = guide else {
            let rings = Rings::new(board, &self.crucial_stones(board));
            let mut moves = costed_moves(points, extra, &rings);
            if self.problem.goal().is_one_eye() && self.config.eye_costs {
                let region = self.rules.region;
                let eyes = potential_eye_points(board, self.rules.defender, &region);
                eye_costs(&mut moves, &eyes, board.size());
            }
            return moves;
        };
        let region = self.rules.region;
        let crucial = self.problem.crucial();
        let query = GuideQuery {
            board,
            to_move: c,
            or_player: self.rules.or_player,
            goal: self.problem.goal(),
            region: &region,
            crucial: &crucial,
            after_pass: self.line.last() == Some(&Move::Pass),
            last_move: self.line.last().and_then(|m| m.point()),
            moves: points,
            scores: None,
        };
        let guidance = guide.guide().guide(&query);
        prior_costs(
            points,
            &guidance.priors,
            extra.map(|mv| (mv, guidance.pass)),
        )
    }

    /// Count a visit to the node of move-cache key `key`; whether its moves are costed by the
    /// guide ([`guide_gate`]; never without one).
    fn guide_gate_opens(&mut self, key: u64) -> bool {
        self.config.guide.is_some() && self.gate.visit(key, self.line.len())
    }

    /// The OR node's moves, costed and ordered (from the cache after the first visit).
    fn or_moves(&mut self, board: &mut Board, or: Color, key: u64) -> OrMoves {
        let key = self.move_cache_key(key);
        let guided = self.guide_gate_opens(key);
        let at_root = self.root.active && self.line.is_empty();
        let cacheable = !self.rules.superko && !at_root;
        if cacheable {
            if let Some(kept) = self.cache.or_moves(key) {
                if kept.guided || !guided {
                    return kept.clone();
                }
            }
        }
        let (points, pruned) = self.or_points(board, or);
        let pass = self.rules.may_pass(or, board).then_some(Move::Pass);
        let moves = OrMoves {
            moves: self.node_costs(board, or, &points, pass, guided),
            pruned,
            guided,
        };
        if cacheable {
            self.cache.keep_or(key, moves.clone());
        }
        moves
    }

    /// The AND node's legal plays (costed and ordered, without the pass) and illegal points
    /// (from the cache after the first visit).
    fn and_plays(
        &mut self,
        board: &mut Board,
        and: Color,
        key: u64,
    ) -> (AndMoves, Vec<(Num, Move)>) {
        let key = self.move_cache_key(key);
        let guided = self.guide_gate_opens(key);
        let cacheable = !self.rules.superko;
        if cacheable {
            if let Some(kept) = self
                .cache
                .and_plays(key)
                .filter(|kept| kept.guided || !guided)
            {
                let gen = AndMoves {
                    moves: kept
                        .plays
                        .iter()
                        .filter_map(|&(_, mv)| mv.point())
                        .collect(),
                    illegal: kept.illegal.clone(),
                    superko_refusal: false,
                    earliest: usize::MAX,
                };
                return (gen, kept.plays.clone());
            }
        }
        let gen = self.and_moves(board, and);
        let plays = self.node_costs(board, and, &gen.moves, None, guided);
        if cacheable {
            let kept = AndPlays {
                plays: plays.clone(),
                illegal: gen.illegal.clone(),
                guided,
            };
            self.cache.keep_and(key, kept);
        }
        (gen, plays)
    }

    /// Generate the next [`OR_BATCH`] OR children of `pending` that the rules allow (fewer at
    /// the end of the list); `next` moves past the refused ones and the generated ones.
    #[allow(clippy::too_many_arguments)]
    fn expand_or(
        &mut self,
        board: &mut Board,
        or: Color,
        pending: &[(Num, Move)],
        next: &mut usize,
        children: &mut Vec<Child>,
        plies: u32,
        earliest: &mut usize,
    ) {
        let until = children.len() + OR_BATCH;
        while let Some(&(cost, mv)) = pending.get(*next) {
            if children.len() >= until {
                return;
            }
            *next += 1;
            if !self.try_or_move(board, or, mv, earliest) {
                continue;
            }
            let fresh = Outcome::open(1, 1);
            let key = node_key(board, or.opponent(), mv == Move::Pass);
            let out = self.known(
                board,
                key,
                or.opponent(),
                mv == Move::Pass,
                plies - 1,
                fresh,
            );
            // An immediate win ([`SolveConfig::immediate_wins`]) is seen before the batch's
            // most promising child is searched.
            let immediate = if out.is_open() {
                self.immediate_win(board, mv)
            } else {
                None
            };
            let out = match immediate {
                Some((zone, best, dist)) => Outcome::win(zone, best, dist),
                None => out,
            };
            board.undo();
            children.push(Child {
                mv,
                waiting: false,
                key,
                captured: Zone::new(),
                out,
                cost,
            });
        }
    }

    /// Generate the AND children of `moves` still in the must-play region; returns the node's
    /// loss when a child is already lost for the OR player.
    fn expand_and(
        &mut self,
        board: &mut Board,
        and: Color,
        moves: &[(Num, Move)],
        node: &mut AndNode,
        children: &mut Vec<Child>,
        plies: u32,
    ) -> Option<Outcome> {
        for &(cost, mv) in moves {
            if !node.proof.must.contains(mv) {
                continue;
            }
            if self.rules.try_move(board, and, mv, &self.history).is_err() {
                continue;
            }
            let captured = board.last_captures();
            let waiting = self.waiting_pass(board, and, mv, node.passed);
            let passed = mv == Move::Pass && !waiting;
            let key = node_key(board, and.opponent(), passed);
            let out = if mv == Move::Pass && node.passed {
                // Two passes end the game.
                if self.rules.or_wins_two_passes(board) {
                    self.admitted(Outcome::win(self.two_pass_zone(board), None, 0))
                } else {
                    Outcome::lost(Loss::Proven, usize::MAX)
                }
            } else {
                let fresh = Outcome::open(1, 1);
                let out = self.known(board, key, and.opponent(), passed, plies - 1, fresh);
                if waiting {
                    self.waiting_outcome(board, out)
                } else {
                    out
                }
            };
            board.undo();
            let child = Child {
                mv,
                waiting,
                key,
                captured,
                out,
                cost,
            };
            if let State::Lost(_) = out.state {
                return Some(out);
            }
            self.child_proven(node, &child);
            children.push(child);
        }
        None
    }

    /// An AND child is proven for the OR player: its answer is tried first at the others, and
    /// the kernel's AND-node step takes it ([`Solver::and_child_won`]: the must-play region
    /// shrinks, the zone joins the union).
    fn child_proven(&mut self, node: &mut AndNode, child: &Child) {
        let State::Win { zone, best, dist } = child.out.state else {
            return;
        };
        if best.is_some() {
            node.hint = best;
        }
        let won = WonChild {
            mv: child.mv,
            captured: &child.captured,
            zone: &zone,
            ends_game: answer_ends_game(node.passed, best),
        };
        let (at_root, shown) = (self.line.is_empty(), self.shows_and_node());
        self.kernel
            .and_child_won(&mut node.proof, &won, dist, at_root, shown);
    }

    /// The end of the next batch of `order` from `start`: `count` moves still in the must-play
    /// region (or the end of the list).
    fn next_and_batch(
        &self,
        order: &[(Num, Move)],
        start: usize,
        count: usize,
        node: &AndNode,
    ) -> usize {
        let mut taken = 0;
        let mut end = start;
        while end < order.len() && taken < count {
            if node.proof.must.contains(order[end].1) {
                taken += 1;
            }
            end += 1;
        }
        end
    }

    fn mid_and(
        &mut self,
        board: &mut Board,
        and: Color,
        passed: bool,
        th: Thresholds,
        plies: u32,
        key: u64,
    ) -> Outcome {
        let (th_pn, th_dn) = (th.pn, th.dn);
        let (gen, plays) = self.and_plays(board, and, key);
        let mut earliest = gen.earliest;
        let mut node = AndNode {
            proof: AndProof::new(&gen.moves),
            passed,
            hint: None,
        };
        let top = plays.last().map_or(0, |&(cost, _)| cost);
        // The attacker's pass first: the defender then has two moves in a row, and a life found
        // that way has a small zone (its eyes) that most attacker moves lie outside. The
        // defender's pass is not tried first: two attacker moves in a row kill most groups, and
        // a kill's zone (the group and its surroundings) excludes few defender moves.
        // At most `null_moves` attacker passes on a line ([`SolveConfig::null_moves_for`]): a defender that cannot live with a
        // few free moves is not searched with more and more (every order of its free moves is
        // a line of its own, and a failure must refute them all; without a bound the search
        // does not end on a dead group). One pass (the rule of the first version, no pass right
        // after the attacker's own pass) proved 4 of the research problems 1–40 at 5 s; a pass
        // inside a pass's subtree lets the defender's follow-up moves shrink the must-play
        // regions there too (BENCHMARKS.md).
        let null_moves = self.config.null_moves_for(self.problem.goal());
        let pass_first = and != self.rules.defender && self.attacker_passes() < null_moves as usize;
        let order: Vec<(Num, Move)> = if pass_first {
            std::iter::once((0, Move::Pass)).chain(plays).collect()
        } else {
            plays
                .into_iter()
                .chain(std::iter::once((top, Move::Pass)))
                .collect()
        };
        if self.root.active && self.line.is_empty() {
            let moves: Vec<Move> = order.iter().map(|&(_, mv)| mv).collect();
            self.root.begin(false, &moves, 0);
        }
        if self.shows_and_node() {
            self.and_view_begun(&node.proof);
        }
        let mut children = Vec::with_capacity(OR_BATCH);
        // The first batch: only the pass when it is searched first.
        let first = if pass_first { 1 } else { OR_BATCH };
        let mut next = self.next_and_batch(&order, 0, first, &node);
        if let Some(lost) =
            self.expand_and(board, and, &order[..next], &mut node, &mut children, plies)
        {
            return Outcome {
                earliest: earliest.min(lost.earliest),
                ..lost
            };
        }
        loop {
            let mut pn = WeakSum::default();
            let mut dn = INF;
            // Without the virtual numbers of a helper thread: for the table.
            let mut own_dn = INF;
            let mut second = INF;
            let mut best = None;
            for (i, c) in children.iter().enumerate() {
                if !c.out.is_open() || !node.proof.must.contains(c.mv) {
                    continue;
                }
                earliest = earliest.min(c.out.earliest);
                pn.add(c.out.pn);
                let own = add(c.out.dn, c.cost);
                own_dn = own_dn.min(own);
                let total = self.virtual_number(c.key, own);
                if total < dn {
                    second = dn;
                    dn = total;
                    best = Some(i);
                } else if total < second {
                    second = total;
                }
            }
            // The moves not generated yet: while the pass searched first is open, they count
            // as one child; then each counts 1 in the proof number, and all of them as one
            // child of the cheapest cost among them in the disproof number.
            let pass_open = pass_first
                && children
                    .first()
                    .is_some_and(|c| c.mv == Move::Pass && c.out.is_open());
            let mut waiting = order[next..]
                .iter()
                .filter(|&&(_, mv)| node.proof.must.contains(mv));
            let rest_dn = match waiting.next() {
                None => INF,
                Some(_) if pass_open => {
                    pn.add(NULL_MOVE_EXTRA);
                    INF
                }
                Some(&(cost, _)) => {
                    pn.add_ones(1 + waiting.count() as Num);
                    add(1, cost)
                }
            };
            if rest_dn < dn || best.is_none() && rest_dn < INF {
                let end = self.next_and_batch(&order, next, OR_BATCH, &node);
                let batch = &order[next..end];
                next = end;
                if let Some(lost) =
                    self.expand_and(board, and, batch, &mut node, &mut children, plies)
                {
                    return Outcome {
                        earliest: earliest.min(lost.earliest),
                        ..lost
                    };
                }
                continue;
            }
            let Some(i) = best else {
                for c in &children {
                    earliest = earliest.min(c.out.earliest);
                }
                let (zone, dist) = self.and_won(board, and, &node.proof, &gen);
                let mut won = Outcome::win(zone, None, dist);
                won.earliest = earliest;
                return won;
            };
            second = second.min(rest_dn);
            let pn_sum = pn;
            let pn = pn_sum.value();
            if pn >= th_pn || dn >= th_dn || self.aborted.is_some() {
                let mut open = Outcome::open(pn, dn).kept_as(pn, own_dn.min(rest_dn));
                open.earliest = earliest;
                return open;
            }
            let child = children[i];
            let child_th_dn = min_threshold(th_dn, second).saturating_sub(child.cost);
            let child_th_pn = pn_sum.child_threshold(th_pn);
            self.progress_numbers.push((pn, dn));
            let out = self.visit(
                board,
                and,
                child.mv,
                child.waiting,
                Thresholds {
                    pn: child_th_pn,
                    dn: child_th_dn,
                },
                plies,
                node.hint,
            );
            self.progress_numbers.pop();
            children[i].out = out;
            match out.state {
                State::Lost(_) => {
                    return Outcome {
                        earliest: earliest.min(out.earliest),
                        ..out
                    }
                }
                State::Win { .. } => {
                    let c = children[i];
                    self.child_proven(&mut node, &c);
                }
                State::Open => {}
            }
        }
    }
}

/// df-pn's steps that read only the kernel (MCTS takes them too: it stores df-pn's outcomes).
impl Solver<'_> {
    /// The solve's value and stop reason from the root's state (df-pn's or MCTS's): a win or a
    /// proven loss is solved; an open root or a loss by the ply limit or the width is unknown,
    /// stopped by the limit that aborted the search, else by the ply limit or the width.
    pub(in crate::solver) fn root_verdict(&self, state: State) -> (Value, StopReason) {
        match state {
            State::Win { zone, best, dist } => {
                (Value::Win { zone, best, dist }, StopReason::Solved)
            }
            State::Lost(Loss::Proven) => (Value::Fail, StopReason::Solved),
            State::Lost(loss) => (
                Value::Unknown,
                self.aborted.unwrap_or(if loss == Loss::Cut {
                    StopReason::DepthLimit
                } else {
                    StopReason::Pruned
                }),
            ),
            State::Open => (
                Value::Unknown,
                self.aborted.unwrap_or(StopReason::DepthLimit),
            ),
        }
    }

    /// `out`, except that a win whose zone meets the forbidden points
    /// ([`SolveConfig::forbidden_zone`]) is a loss of kind `Pruned`: final for this
    /// constrained search, never a proven failure.
    fn admitted(&self, out: Outcome) -> Outcome {
        match out.state {
            State::Win { zone, .. } if self.forbids(&zone) => {
                Outcome::lost(Loss::Pruned, out.earliest)
            }
            _ => out,
        }
    }

    /// What is known of the child reached by a move just played (its position on the board,
    /// its table key `key`): a repetition of the line, the table's entry, or fresh numbers.
    pub(in crate::solver) fn known(
        &mut self,
        board: &Board,
        key: u64,
        to_move: Color,
        passed: bool,
        plies: u32,
        fresh: Outcome,
    ) -> Outcome {
        if let Some(index) = self.repetition(key) {
            // A cycle: the AND player can repeat it for ever, so the OR player fails here.
            return Outcome::lost(Loss::Proven, index);
        }
        let stored = self
            .tt
            .probe(key)
            .and_then(|s| Outcome::from_stored(s, plies));
        if let Some(out) = stored.filter(|o| !o.is_open()) {
            return self.admitted(out);
        }
        match self.pattern_win(board, to_move, passed, plies) {
            Some(w) => Outcome::win(w.zone, w.best, w.dist),
            None => stored.unwrap_or(fresh),
        }
    }

    /// A waiting pass's outcome ([`Solver::waiting_pass`]): its own when won or open, else the
    /// game-ending pass's win.
    fn waiting_outcome(&self, board: &Board, out: Outcome) -> Outcome {
        match out.state {
            State::Lost(_) => {
                self.admitted(Outcome::win(self.two_pass_zone(board), Some(Move::Pass), 1))
            }
            _ => out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::guide_gate::GuideGate;
    use super::move_cache::MoveCache;
    use super::run::DfpnMemory;
    use crate::solver::{Engine, SolveConfig, Solver};

    #[test]
    fn the_move_cache_changes_the_time_of_a_search_never_its_nodes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the bundled problems")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        files.sort();
        assert!(files.len() >= 20, "{files:?}");
        let config = SolveConfig {
            engine: Engine::DFPN,
            max_nodes: Some(30_000),
            ..SolveConfig::default()
        };
        for file in files {
            let problem = crate::problem::load_inferring(&file)
                .expect("a bundled problem loads")
                .problem;
            let cached = Solver::new(&problem, config.clone()).solve();
            let mut plain = Solver::new(&problem, config.clone());
            plain.engine_memory = Some(Box::new(DfpnMemory {
                cache: MoveCache::disabled(),
                gate: GuideGate::new(config.guide_plies, config.guide_visits),
            }));
            let plain = plain.solve();
            assert_eq!(
                (cached.status, cached.nodes),
                (plain.status, plain.nodes),
                "{}",
                file.display()
            );
        }
    }
}
