//! Best-first relevance-zone search as the RZS paper runs it: Monte Carlo tree search with
//! PUCT, a solver's backup of proven values and the paper's relevance-zone rules (AAAI-22,
//! "RZ-Based Search"; `../shared/research/solver-strength.md` §1), as methods of the same
//! [`Solver`] as the other engines (same rules, goal test, zones, dilation, must-play regions,
//! tables, limits, progress events and proofs).
//!
//! - **A simulation** descends from the root by PUCT (`select.rs`) to a child not in the tree
//!   yet, playing the moves on one board. At every node on the way the transposition table is
//!   probed; a proven value found there (another line proved the position) ends the descent and
//!   is backed up at once.
//! - **A new node** is decided at once when it can be (`expand.rs`: a repetition, the table,
//!   the pattern table, the goal test, two passes, the ply limit); otherwise it is expanded:
//!   its children are generated with what the tables know of them (and, at OR nodes, what the
//!   goal test says of them: an immediate win, [`SolveConfig::immediate_wins`], decides the
//!   node at once), and the guide
//!   ([`crate::solver::knowledge::guide`]: [`SolveConfig::guide`], else the heuristic one) gives their priors and
//!   the node's value. The node count ([`Solution::nodes`], the node limit) counts these new
//!   nodes: one per simulation.
//! - **Values**: a decided node is worth 1 (won for the OR player) or 0; an open leaf the
//!   guide's "Faster to Life" estimate (the chance the OR player wins within [`FTL_HORIZON`]
//!   less the leaf's depth plies: the paper's komi less the path length) drawn towards 0.5 by
//!   [`SolveConfig::value_weight`] (by default the guide's [`Guide::value_weight`]: full for
//!   playouts, none for a net, whose estimate measured worse than none), or 0.5 when the guide
//!   has none (the heuristic guide, and a net by default: the proven values alone then steer
//!   the search, e.g. an AND node many of whose moves are refuted draws the OR player's
//!   simulations). Every node on the path adds the value: the mean is its `Q`.
//! - **Backup** (`backup.rs`): a decided node decides its parent by the relevance-zone rules
//!   (OR: the first won child, dilated; AND: the must-play region, null moves found after the
//!   fact shrinking it; all lost / one lost), and so on up; every value decided from children
//!   is stored in the transposition table in df-pn's format, which proof extraction rebuilds
//!   the proof from (a lost entry is searched again by df-pn), and the proof is checked like
//!   any other.
//! - **Batches**: with a guide that batches (a net), up to [`NET_BATCH`] leaves are gathered
//!   with virtual loss (a simulation in flight counts as lost for the player choosing each node
//!   on its path) and the guide answers them in one call; the heuristic guides (with or without
//!   playouts, [`crate::solver::knowledge::playout`]) gain nothing from batching and are asked leaf by leaf.
//! - **Graph-history interaction**: as in df-pn. A repetition of the line fails the OR player;
//!   values that depend on the line are used in the tree (a tree node has one line) but not
//!   stored. The ply limit ([`SolveConfig::max_depth`]) makes deeper nodes losses of kind `Cut`
//!   and the OR width losses of kind `Pruned`: no failures, so a root lost that way is
//!   `Unknown`.
//! - **Threads**: the search runs on one thread. With a guide that evaluates several batches
//!   at once (a net with two inference workers, [`Guide::parallel_batches`]) and
//!   [`SolveConfig::threads`] above 1, batches are *sent* as they fill
//!   ([`Guide::submit_batch`]) and up to one more than the workers wait at a time: the search
//!   gathers the next batch while the net evaluates the last ones, and the answers are read
//!   oldest first (so the search is the same from run to run; only how far it gets in its
//!   time differs). With one thread a batch is answered before the next is gathered.
//!
//! Memory: a node is about 160 bytes and each of its moves 12; the tree is dropped with the
//! solve. At the ~20 k simulations per second of a 19x19 problem that is under 0.5 GB a minute.

mod backup;
mod expand;
mod select;
mod tree;

use crate::solver::engines::search_engine::SearchEngine;
use crate::solver::kernel::engine::{Capabilities, Engine, EngineInfo, ProgressForm};
use expand::{apply_guidance, Request};
use select::select;
use tree::{Tree, NONE};

use crate::go::{Board, Color};
use crate::solver::engines::dfpn::outcome::{Loss, Outcome, State};
use crate::solver::engines::dfpn::DfpnRun;
use crate::solver::kernel::search::{Solution, Solver, StopReason, Value};
use crate::solver::kernel::tt::node_key;
use crate::solver::knowledge::guide::{GuideHandle, GuideQuery, HeuristicGuide, PendingGuidance};
use std::collections::VecDeque;

#[cfg(doc)]
use crate::solver::{knowledge::guide::Guide, SolveConfig};

/// The plies the guide's win-within estimate of a leaf at the root counts (less the leaf's
/// depth): the horizon of the paper's d-win rates ([`crate::solver::knowledge::guide::DWIN_HORIZON`]).
pub const FTL_HORIZON: u32 = crate::solver::knowledge::guide::DWIN_HORIZON as u32;

/// How often (in new nodes) the clock is read for the time limit and the progress events.
const CLOCK_NODES: u64 = 8;

/// Leaves gathered for one call of a guide with a value (a net).
pub const NET_BATCH: usize = 8;

/// Leaves asked of the guide together, each with a board of its position.
type Batch = Vec<(Request, Board)>;

/// The state of one MCTS solve.
struct Search {
    tree: Tree,
    guide: GuideHandle,
    batch: usize,
    /// The exploration constant of selection ([`SolveConfig::exploration`]).
    c_puct: f64,
    /// How much an open leaf's value follows the guide's estimate ([`SolveConfig::value_weight`]).
    value_weight: f64,
    /// Leaves of the batch being gathered (with a board of their position).
    waiting: Batch,
    /// Batches sent to the guide and not answered yet, oldest first.
    in_flight: VecDeque<(Batch, Box<dyn PendingGuidance>)>,
    /// How many batches may wait for the guide at a time (1: each is answered at once).
    in_flight_limit: usize,
}

/// How a simulation ended.
enum Sim {
    /// Its leaf has its value; backed up.
    Done,
    /// Its leaf waits for the guide's answer in the batch.
    Waiting,
    /// It met a leaf of the batch still waiting: abandoned.
    Collision,
}

/// Monte Carlo tree search with relevance-zone backup.
pub(in crate::solver) struct Mcts;

static INFO: EngineInfo = EngineInfo {
    id: Engine::of(&INFO),
    name: "mcts",
    label: "MCTS",
    description: "Best-first Monte Carlo tree search as the RZS paper runs it: PUCT over the \
                  guide's priors (the net's with Net on, else the ordering heuristics), proven \
                  moves never searched again, a proven reply's zone pruning the other side's \
                  moves outside it. One search thread (with a net and more threads, the net evaluates \
                  batches while the next is gathered); same zones, table and proofs.",
    capabilities: Capabilities {
        threads: false,
        guide: true,
        // Its backup does not honour a forbidden zone.
        forbidden_zone: false,
        null_moves: true,
        narrow_turns: false,
        ordered_extraction: true,
        max_region: None,
        progress: ProgressForm::DeepestLine,
    },
};

impl Engine {
    /// Best-first: Monte Carlo tree search with PUCT and the RZS paper's relevance-zone backup, guided by `SolveConfig::guide`.
    pub const MCTS: Engine = Engine::of(&INFO);
}

impl SearchEngine for Mcts {
    fn info(&self) -> &'static EngineInfo {
        &INFO
    }

    fn solve(&self, solver: &mut Solver<'_>) -> Solution {
        solver.solve_mcts()
    }

    /// MCTS stores its proofs in df-pn's format; a lost entry is searched again by df-pn.
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

impl Solver<'_> {
    /// Solve with MCTS (see the module documentation).
    pub(in crate::solver) fn solve_mcts(&mut self) -> Solution {
        let (mut board, to_move) = self.begin_solve();
        self.iteration_depth = 0;
        self.depth_cut = false;
        let guide = self
            .config
            .guide
            .clone()
            .unwrap_or_else(|| GuideHandle::new(HeuristicGuide));
        let batch = if guide.guide().batches() {
            NET_BATCH
        } else {
            1
        };
        let value_weight = if guide.guide().has_value() {
            self.config
                .value_weight
                .unwrap_or_else(|| guide.guide().value_weight())
        } else {
            0.0
        };
        let c_puct = self.config.exploration.unwrap_or(if value_weight > 0.0 {
            select::C_PUCT
        } else if guide.guide().has_value() {
            select::C_PUCT_NET_PRIORS
        } else {
            select::C_PUCT_PROVEN_ONLY
        });
        let workers = guide.guide().parallel_batches().min(self.config.threads);
        let in_flight_limit = if batch > 1 && workers > 1 {
            workers + 1
        } else {
            1
        };
        let mut search = Search {
            tree: Tree::default(),
            guide,
            batch,
            c_puct,
            value_weight,
            waiting: Vec::new(),
            in_flight: VecDeque::new(),
            in_flight_limit,
        };
        self.mcts_root(&mut search, &mut board, to_move);
        while search.tree.node(0).is_open() && self.aborted.is_none() {
            let sim = self.simulate(&mut search, &mut board);
            let collision = matches!(sim, Sim::Collision);
            let full = search.waiting.len() >= search.batch;
            let decided = !search.tree.node(0).is_open();
            if collision || full || decided {
                self.send_waiting(&mut search);
                if collision || decided || search.in_flight.len() >= search.in_flight_limit {
                    self.answer_oldest(&mut search);
                }
            }
        }
        self.send_waiting(&mut search);
        while !search.in_flight.is_empty() {
            self.answer_oldest(&mut search);
        }
        let root = search.tree.node(0);
        let (value, stop) = self.root_verdict(root.state);
        let depth = self.iteration_depth;
        self.conclude(&mut board, to_move, value, stop, depth)
    }

    /// Count a new node and check the limits. A new node costs far more than a df-pn visit
    /// (a descent from the root, a goal test, a move generation, the guide), so the clock is
    /// read every [`CLOCK_NODES`] nodes, not every 256 as [`Solver::check_limits`] reads it.
    fn mcts_tick(&mut self) {
        self.nodes += 1;
        self.check_limits();
        if self.aborted.is_some() || !self.nodes.is_multiple_of(CLOCK_NODES) {
            return;
        }
        let elapsed = self.start.elapsed();
        if self.config.time_limit.is_some_and(|t| elapsed >= t) {
            self.aborted = Some(StopReason::TimeLimit);
        } else if self.last_progress.elapsed() >= self.config.progress_interval {
            self.emit_progress();
        }
    }

    /// Make the root: decided at once (a table entry within the ply limit, the goal test), or
    /// expanded and evaluated.
    fn mcts_root(&mut self, search: &mut Search, board: &mut Board, to_move: Color) {
        self.mcts_tick();
        let key = node_key(board, to_move, false);
        let root = search.tree.add(key, NONE, 0, to_move, false);
        let plies = self.config.max_depth;
        match self.known_at_once(board, key, to_move, false, plies) {
            Some((state, earliest)) => search.tree.decide(root, state, earliest),
            None => {
                self.states.push(key);
                match self.expand(&mut search.tree, board, root) {
                    Some(request) => {
                        let value = self.ask_now(search, board, &request);
                        search.tree.add_value(root, value, false);
                    }
                    None => self.store_decided(&search.tree, board, root),
                }
                self.states.pop();
            }
        }
    }

    /// One simulation from the root (its position on the board; the board is back there
    /// afterwards).
    fn simulate(&mut self, search: &mut Search, board: &mut Board) -> Sim {
        let or = self.rules.or_player;
        let mut id = 0u32;
        search.tree.node_mut(id).in_flight += 1;
        self.states.push(search.tree.node(id).key);
        let mut root_move = None;
        // The leaf and whether it is new (else decided from the table on the way).
        let (leaf, fresh) = loop {
            let node = search.tree.node(id);
            if node.pending {
                self.unwind(search, board, id, false);
                search.tree.release(id);
                if root_move.is_some() {
                    self.root
                        .leave(self.nodes, None, self.iteration_depth, false);
                }
                return Sim::Collision;
            }
            let Some(i) = select(&search.tree, id, node.to_move == or, search.c_puct) else {
                // Cannot happen: an open node has a child to enter (see `backup.rs`).
                self.unwind(search, board, id, false);
                search.tree.release(id);
                search.tree.decide(id, State::Lost(Loss::Cut), 0);
                return Sim::Done;
            };
            let (mover, edge) = (node.to_move, search.tree.edges[i]);
            if self
                .rules
                .try_move(board, mover, edge.mv, &self.history)
                .is_err()
            {
                // Cannot happen: the move was legal when the node was expanded on this line.
                self.unwind(search, board, id, false);
                search.tree.release(id);
                search.tree.decide(id, State::Lost(Loss::Cut), 0);
                return Sim::Done;
            }
            self.push(board, edge.mv);
            self.iteration_depth = self.iteration_depth.max(self.line.len() as u32);
            if id == 0 {
                root_move = Some(edge.mv);
                self.root.enter(edge.mv, self.nodes);
            }
            if edge.child == NONE {
                self.mcts_tick();
                let depth = search.tree.node(id).depth + 1;
                let passed = self.passed_after(board, mover, edge.mv, search.tree.node(id).passed);
                let key = node_key(board, mover.opponent(), passed);
                let child = search.tree.add(key, id, depth, mover.opponent(), passed);
                search.tree.edges[i].child = child;
                search.tree.node_mut(child).in_flight += 1;
                break (child, true);
            }
            let child = edge.child;
            search.tree.node_mut(child).in_flight += 1;
            let c = search.tree.node(child);
            self.states.push(c.key);
            let plies = self.config.max_depth.saturating_sub(c.depth);
            let stored = self
                .tt
                .probe(c.key)
                .and_then(|s| Outcome::from_stored(s, plies))
                .filter(|o| !o.is_open());
            if let Some(out) = stored {
                search.tree.decide(child, out.state, out.earliest);
                break (child, false);
            }
            id = child;
        };
        // The value of the leaf for the OR player, once known.
        let mut value = None;
        if fresh {
            let node = search.tree.node(leaf);
            let (key, to_move, passed, depth) = (node.key, node.to_move, node.passed, node.depth);
            let plies = self.config.max_depth.saturating_sub(depth);
            // The repetition test looks for the leaf's key among its ancestors' only.
            let known = self.known_at_once(board, key, to_move, passed, plies);
            self.states.push(key);
            match known {
                Some((state, earliest)) => search.tree.decide(leaf, state, earliest),
                None => match self.expand(&mut search.tree, board, leaf) {
                    None => self.store_decided(&search.tree, board, leaf),
                    Some(request) if search.batch <= 1 => {
                        value = Some(self.ask_now(search, board, &request));
                    }
                    Some(request) => {
                        search.tree.node_mut(leaf).pending = true;
                        search.waiting.push((request, board.clone()));
                    }
                },
            }
        }
        self.unwind(search, board, leaf, true);
        if let Some(mv) = root_move {
            let first = search.tree.edges[search.tree.edge_range(0)]
                .iter()
                .find(|e| e.mv == mv)
                .map_or(NONE, |e| e.child);
            let proven = if first == NONE {
                None
            } else {
                self.mover_won(&search.tree, first)
            };
            let finished = self.aborted.is_none();
            self.root
                .leave(self.nodes, proven, self.iteration_depth, finished);
        }
        if self.nodes.is_multiple_of(64) {
            self.show_and_node(&search.tree);
        }
        let value = match search.tree.node(leaf).state {
            State::Win { .. } => Some(1.0),
            State::Lost(_) => Some(0.0),
            State::Open => value,
        };
        match value {
            Some(v) => {
                search.tree.add_value(leaf, v, true);
                Sim::Done
            }
            None => Sim::Waiting,
        }
    }

    /// Take the line back from `from` to the root: each node decided on the way (from `from`
    /// when `propagate`) decides what it can of its parent, which is then stored.
    fn unwind(&mut self, search: &mut Search, board: &mut Board, from: u32, propagate: bool) {
        let mut id = from;
        let mut deciding = propagate && !search.tree.node(id).is_open();
        while id != 0 {
            let captured = board.last_captures();
            self.pop(board);
            self.states.pop();
            let parent = search.tree.node(id).parent;
            if deciding {
                let i = search
                    .tree
                    .edge_range(parent)
                    .find(|&i| search.tree.edges[i].child == id);
                deciding = match i {
                    Some(i) if search.tree.node(parent).is_open() => {
                        let decided =
                            self.child_decided(&mut search.tree, board, parent, i, &captured);
                        if decided {
                            self.store_decided(&search.tree, board, parent);
                        }
                        decided
                    }
                    _ => false,
                };
            }
            id = parent;
        }
        self.states.pop();
    }

    /// Ask the guide about the leaf of `request` (its position on the board): the priors go on
    /// its edges; returns its value.
    fn ask_now(&mut self, search: &mut Search, board: &Board, request: &Request) -> f64 {
        let crucial = self.problem.crucial();
        let query = GuideQuery {
            board,
            to_move: request.to_move,
            or_player: self.rules.or_player,
            goal: self.problem.goal(),
            region: &self.rules.region,
            crucial: &crucial,
            after_pass: request.after_pass,
            last_move: request.last_move,
            moves: &request.moves,
            scores: Some(&request.scores),
        };
        let guidance = search.guide.guide().guide(&query);
        apply_guidance(&mut search.tree, request, &guidance, search.value_weight)
    }

    /// Send the batch gathered so far to the guide (nothing when it is empty).
    fn send_waiting(&mut self, search: &mut Search) {
        if search.waiting.is_empty() {
            return;
        }
        let waiting = std::mem::take(&mut search.waiting);
        let crucial = self.problem.crucial();
        let (or, goal) = (self.rules.or_player, self.problem.goal());
        let queries: Vec<GuideQuery<'_>> = waiting
            .iter()
            .map(|(r, board)| GuideQuery {
                board,
                to_move: r.to_move,
                or_player: or,
                goal,
                region: &self.rules.region,
                crucial: &crucial,
                after_pass: r.after_pass,
                last_move: r.last_move,
                moves: &r.moves,
                scores: Some(&r.scores),
            })
            .collect();
        let pending = search.guide.guide().submit_batch(&queries);
        drop(queries);
        search.in_flight.push_back((waiting, pending));
    }

    /// Wait for the oldest batch sent to the guide, and back up its leaves' values.
    fn answer_oldest(&mut self, search: &mut Search) {
        let Some((batch, pending)) = search.in_flight.pop_front() else {
            return;
        };
        let answers = pending.wait();
        for ((request, _), guidance) in batch.iter().zip(&answers) {
            let value = apply_guidance(&mut search.tree, request, guidance, search.value_weight);
            search.tree.node_mut(request.node).pending = false;
            search.tree.add_value(request.node, value, true);
        }
    }

    /// The progress events' must-play region: the first AND node of the last line (the root
    /// or its child on the line), and the zones of its proven children.
    fn show_and_node(&mut self, tree: &Tree) {
        let root = 0u32;
        let and = if tree.node(root).and != NONE {
            Some(root)
        } else {
            self.line_child_of_root(tree)
        };
        let Some(id) = and else { return };
        let Some(state) = tree.and_state(id) else {
            return;
        };
        self.live_must_play = Some(state.proof.must.plays());
        self.live_zones = tree.edges[tree.edge_range(id)]
            .iter()
            .filter(|e| e.child != NONE)
            .filter_map(|e| match tree.node(e.child).state {
                State::Win { zone, .. } => Some(zone),
                _ => None,
            })
            .collect();
    }

    /// The root's child that the last simulation went through (the most visited one: the
    /// line is gone by the time the events are made).
    fn line_child_of_root(&self, tree: &Tree) -> Option<u32> {
        tree.edges[tree.edge_range(0)]
            .iter()
            .filter(|e| e.child != NONE)
            .max_by_key(|e| tree.node(e.child).visits)
            .map(|e| e.child)
    }
}
