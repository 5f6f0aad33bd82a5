//! The solver: the state every engine shares while it searches one claim (the problem, its
//! rules and goal test, the transposition and pattern tables, limits, the line, the root's
//! moves for progress events, ko flags) and the steps they share: the goal test at a node and
//! the zone of its decision, OR and AND zones with dilation, the moves a side may make, limits
//! and progress, and the conclusion of a search (proof extraction). [`Solver::solve`] runs the
//! engine of [`SolveConfig::engine`] ([`crate::solver::engines`]). Nothing here belongs to one
//! engine: an engine keeps its own state in its own types (df-pn's run, MCTS's tree) and what
//! it keeps between its runs on one solver in `engine_memory`, which the kernel never reads.
//! The AND-node step every engine shares is in `kernel/and_node.rs`.

use crate::go::{Board, Color, Move, Point, Zone};
use crate::problem::{Goal, Outcome, Problem};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::dilate::blocks_and_neighbours;
use crate::solver::kernel::dilate::{close, dilate_and, dilate_or, AndIllegal};
use crate::solver::kernel::ko_flags::KoFlags;
use crate::solver::kernel::leaf::{GoalTest, Leaf, Reason};
use crate::solver::kernel::ordering::{crucial_blocks, scored, OrderContext};
use crate::solver::kernel::progress::{Progress, RootTracker};
use crate::solver::kernel::rules::{Refusal, Rules};
use crate::solver::kernel::table_pool::PooledTable;
use crate::solver::kernel::tt::TranspositionTable;
use crate::solver::kernel::undecided_memo::UndecidedMemo;
use crate::solver::knowledge::not_alive::not_alive_zone;
use crate::solver::knowledge::one_eye::no_eye_now;
use crate::solver::knowledge::pattern_table::PatternTable;
use crate::solver::proof::ProofTree;
use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The result of a solve for the OR player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Proven: the OR player reaches its goal.
    Win,
    /// Proven: the OR player cannot reach its goal.
    Fail,
    /// Not decided within the limits (or, with OR pruning, the pruned search failed).
    Unknown,
}

impl Status {
    /// `win`, `fail` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Win => "win",
            Status::Fail => "fail",
            Status::Unknown => "unknown",
        }
    }

    /// The proven outcome for the OR player; `None` when unknown.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Win => Some(Outcome::Win),
            Status::Fail => Some(Outcome::Fail),
            Status::Unknown => None,
        }
    }
}

/// Why a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    Solved,
    NodeLimit,
    TimeLimit,
    Stopped,
    DepthLimit,
    /// The search with OR forward pruning found no win, or none whose zones avoid the
    /// forbidden points ([`SolveConfig::forbidden_zone`]).
    Pruned,
    /// The engine does not support a setting asked for (MCTS with forbidden points).
    Unsupported,
    /// An open-boundary problem ([`crate::problem::Problem::is_open`]) whose claim failed
    /// while the opposite claim did not win either: the result depends on play outside the
    /// region (the group may run out, connect out, or be captured from outside).
    OpenBoundary,
}

impl StopReason {
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::Solved => "solved",
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Stopped => "stopped",
            StopReason::DepthLimit => "depth limit reached",
            StopReason::Pruned => {
                "no win among the moves tried (OR pruning on, or zones constrained)"
            }
            StopReason::Unsupported => "the engine does not support the forbidden zone",
            StopReason::OpenBoundary => {
                "the region is open and neither side's claim holds inside it: the group may \
                 escape or connect out"
            }
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug)]
pub struct Solution {
    pub status: Status,
    pub stop: StopReason,
    pub goal: Goal,
    pub or_player: Color,
    /// The OR player's winning first move (a win with the OR player to move).
    pub first_move: Option<Move>,
    /// The relevance zone of the root (a win).
    pub root_zone: Option<Zone>,
    pub nodes: u64,
    /// Nodes answered by the relevance-zone pattern table (a win proven where only stones
    /// outside its zone differed).
    pub pattern_hits: u64,
    pub elapsed: Duration,
    /// Ply limit of the last iteration.
    pub depth: u32,
    pub proof: Option<ProofTree>,
    /// The OR player's ko events in the search: a ko capture refused by its `disallow` rule, a
    /// play refused by the ko ban, a ko capture made. Other ko rules might change a failure
    /// only when one happened (see [`crate::solver::jobs::analysis`]).
    pub ko: KoFlags,
}

/// A node's value for the OR player.
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) enum Value {
    /// Won with this zone; `best`: the winning move at OR nodes; `dist`: the longest line of the
    /// proof in plies (a proof found with `d` plies left has `dist <= d`).
    Win {
        zone: Zone,
        best: Option<Move>,
        dist: u32,
    },
    Fail,
    Unknown,
}

/// A node's value and the earliest line index a superko refusal below it referred to
/// (`usize::MAX` when none).
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) struct NodeResult {
    pub value: Value,
    pub earliest: usize,
}

impl NodeResult {
    pub(in crate::solver) fn of(value: Value) -> NodeResult {
        NodeResult {
            value,
            earliest: usize::MAX,
        }
    }
}

/// The legal AND moves of a node and the region points where the AND player may not play.
pub(in crate::solver) struct AndMoves {
    pub moves: Vec<Point>,
    pub illegal: Vec<(Point, AndIllegal)>,
    /// A play was refused for superko.
    pub superko_refusal: bool,
    pub earliest: usize,
}

/// Where progress events go.
type ProgressSink<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// The relevance-zone based solver of one problem.
pub struct Solver<'a> {
    pub(in crate::solver) problem: &'a Problem,
    pub(in crate::solver) rules: Rules,
    pub(in crate::solver) goal: GoalTest,
    pub(in crate::solver) config: SolveConfig,
    pub(in crate::solver) tt: TranspositionTable,
    /// Wins found again where only stones outside their zone differ (seeded from
    /// `config.pattern_store`'s section of the problem's game, if any).
    pub(in crate::solver) patterns: PatternTable,
    stop: Arc<AtomicBool>,
    on_progress: Option<ProgressSink<'a>>,
    pub(in crate::solver) nodes: u64,
    pub(in crate::solver) start: Instant,
    pub(in crate::solver) last_progress: Instant,
    pub(in crate::solver) aborted: Option<StopReason>,
    pub(in crate::solver) depth_cut: bool,
    /// Stone hashes of the line, root first (positional superko).
    pub(in crate::solver) history: Vec<u64>,
    /// Table keys of the nodes being expanded on the line, root first (cycle rule).
    pub(in crate::solver) states: Vec<u64>,
    pub(in crate::solver) line: Vec<Move>,
    pub(in crate::solver) iteration_depth: u32,
    /// Crucial points for the decisive-stone rule (goal `live` only), else empty.
    decisive_points: Zone,
    order_crucial: Zone,
    pub(in crate::solver) live_must_play: Option<Zone>,
    pub(in crate::solver) live_zones: Vec<Zone>,
    /// What is known of the root's moves (for progress events).
    pub(in crate::solver) root: RootTracker,
    /// The OR player's ko events so far ([`Solution::ko`]).
    pub(in crate::solver) ko: KoFlags,
    /// The numbers of the line's nodes reported in progress events, root first, for an engine
    /// that has numbers ([`crate::solver::kernel::engine::ProgressForm::Numbers`]: df-pn's
    /// proof and disproof numbers as its search went down); empty for the others.
    pub(in crate::solver) progress_numbers: Vec<(u64, u64)>,
    /// What the engine of this solve keeps between its runs on this solver (its search, and
    /// the searches proof extraction asks of it through `SearchEngine::win_within`): df-pn's
    /// move cache and guide gate. The kernel never looks inside; the engine takes it out when
    /// a run starts and puts it back when the run ends.
    pub(in crate::solver) engine_memory: Option<Box<dyn Any>>,
    /// The last proof extraction failed (see [`Solver::solve`]).
    pub(in crate::solver) extraction_failed: bool,
    /// The solve is being run again without the pattern table: its clock goes on.
    pub(in crate::solver) restarted: bool,
    /// The positions the goal test left undecided.
    undecided: UndecidedMemo,
}

/// How far proof extraction may go past the time limit before the result is given up as
/// unknown (the promise of the limits: an answer within the limit + 1 s).
pub(in crate::solver) const EXTRACTION_GRACE: Duration = Duration::from_millis(700);

impl<'a> Solver<'a> {
    pub fn new(problem: &'a Problem, config: SolveConfig) -> Solver<'a> {
        let rules = Rules::new(problem, config.superko);
        let goal = problem.goal();
        let decisive_points = if goal.or_defends() && goal.needs_crucial_stones() {
            problem.crucial()
        } else {
            Zone::new()
        };
        let order_crucial = if problem.goal().needs_crucial_stones() {
            problem.crucial()
        } else {
            problem.start_stones()[problem.defender()]
        };
        let now = Instant::now();
        let mut goal_test = if config.static_dead && !config.superko {
            GoalTest::new(problem)
        } else {
            GoalTest::new(problem).without_static_rule()
        };
        if !config.seki_db {
            goal_test = goal_test.without_seki_db();
        }
        if !config.eye_join {
            goal_test = goal_test.without_eye_join();
        }
        if !config.links {
            goal_test = goal_test.without_links();
        }
        Solver {
            problem,
            rules,
            goal: goal_test,
            tt: TranspositionTable::for_problem(config.tt_entries, problem),
            patterns: config.initial_patterns(problem),
            config,
            stop: Arc::new(AtomicBool::new(false)),
            on_progress: None,
            nodes: 0,
            start: now,
            last_progress: now,
            aborted: None,
            depth_cut: false,
            history: Vec::new(),
            states: Vec::new(),
            line: Vec::new(),
            iteration_depth: 0,
            decisive_points,
            order_crucial,
            live_must_play: None,
            live_zones: Vec::new(),
            root: RootTracker::default(),
            ko: KoFlags::NONE,
            progress_numbers: Vec::new(),
            engine_memory: None,
            extraction_failed: false,
            restarted: false,
            undecided: UndecidedMemo::default(),
        }
    }

    /// A solver that starts with `pooled`'s table and ko flags (kept from earlier solves of the
    /// same claim's rules by a [`crate::solver::TablePool`]).
    pub fn with_table(
        problem: &'a Problem,
        config: SolveConfig,
        pooled: PooledTable,
    ) -> Solver<'a> {
        let mut solver = Solver::new(problem, config);
        solver.tt = pooled.table;
        solver.ko = pooled.ko;
        solver.tt.note_ko(pooled.ko);
        solver
    }

    /// The table and ko flags of this solver, to be kept for the next solve of the same rules.
    pub fn into_table(self) -> PooledTable {
        let ko = self.ko_flags();
        PooledTable { table: self.tt, ko }
    }

    /// The OR player's ko events in this search or (on a shared table) in any search whose
    /// results it may have read.
    fn ko_flags(&self) -> KoFlags {
        self.ko.union(self.tt.ko_seen())
    }

    /// Use `patterns` as the relevance-zone pattern table (a table kept from earlier solves of
    /// the same claim: its wins hold whatever the constraint, [`crate::solver::jobs::reduce`]). Ignored under
    /// superko, where the table is off.
    pub fn set_patterns(&mut self, patterns: PatternTable) {
        if !self.config.superko {
            self.patterns = patterns;
        }
    }

    /// The pattern table, to be kept for the next solve (this solver's is then off).
    pub fn take_patterns(&mut self) -> PatternTable {
        std::mem::replace(&mut self.patterns, PatternTable::disabled())
    }

    /// A flag that stops the solve (from any thread) when set.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Use `flag` as the stop flag (one flag can stop several solvers run one after another).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Receive progress events (at most one per `progress_interval`).
    pub fn on_progress(&mut self, f: impl FnMut(&Progress) + 'a) {
        self.on_progress = Some(Box::new(f));
    }

    /// Start a solve of either engine: the clock, the root position (its history cleared, the
    /// only entry of the line's history), an empty line, the root's moves forgotten and recorded
    /// from now on. Returns the root board and the side to move.
    pub(in crate::solver) fn begin_solve(&mut self) -> (Board, Color) {
        if !self.restarted {
            self.start = Instant::now();
            self.last_progress = self.start;
        }
        self.aborted = None;
        self.depth_cut = false;
        let mut board = self.problem.board().clone();
        board.clear_history();
        self.history = vec![board.hash()];
        self.states.clear();
        self.line.clear();
        self.root = RootTracker::default();
        self.root.active = true;
        (board, self.problem.to_move())
    }

    /// The solution of a search that ended with `value` at the root (`stop`: why; `depth`: the
    /// ply limit of the last iteration, or the deepest line of a best-first search): the proof
    /// of a win is extracted and the last progress event sent.
    pub(in crate::solver) fn conclude(
        &mut self,
        board: &mut Board,
        to_move: Color,
        value: Value,
        stop: StopReason,
        depth: u32,
    ) -> Solution {
        let or = self.rules.or_player;
        // Proof extraction searches the root again: that is not news of its moves.
        self.root.active = false;
        let ko = self.ko_flags();
        let mut solution = Solution {
            status: match value {
                Value::Win { .. } => Status::Win,
                Value::Fail => Status::Fail,
                Value::Unknown => Status::Unknown,
            },
            stop,
            goal: self.problem.goal(),
            or_player: or,
            first_move: match value {
                Value::Win { best, .. } if to_move == or => best,
                _ => None,
            },
            root_zone: match value {
                Value::Win { zone, .. } => Some(zone),
                _ => None,
            },
            nodes: self.nodes,
            pattern_hits: self.patterns.stats().hits,
            elapsed: Duration::ZERO,
            depth,
            proof: None,
            ko,
        };
        if let (Value::Win { dist, .. }, true) = (value, self.config.build_proof) {
            solution.proof = self.extract_proof(board, to_move, dist);
            if solution
                .proof
                .as_ref()
                .is_some_and(|p| self.forbids(&p.root.zone))
            {
                // Cannot happen (extraction refuses forbidden zones); never claimed.
                solution.proof = None;
            }
            match &solution.proof {
                Some(proof) => {
                    solution.root_zone = Some(proof.root.zone);
                    solution.first_move = proof.first_move().or(solution.first_move);
                }
                None => {
                    // The proof could not be rebuilt within the limits: nothing is claimed.
                    self.extraction_failed = true;
                    solution.status = Status::Unknown;
                    solution.stop = self.aborted.unwrap_or(StopReason::DepthLimit);
                    solution.first_move = None;
                    solution.root_zone = None;
                }
            }
        }
        solution.elapsed = self.start.elapsed();
        self.emit_progress();
        solution
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Check the node, time and stop limits; sets `aborted`.
    pub(in crate::solver) fn check_limits(&mut self) {
        if self.aborted.is_some() {
            return;
        }
        if self.config.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.aborted = Some(StopReason::NodeLimit);
        } else if self.stop.load(Ordering::Relaxed) {
            self.aborted = Some(StopReason::Stopped);
        } else if self.nodes.is_multiple_of(256) {
            let elapsed = self.start.elapsed();
            if self.config.time_limit.is_some_and(|t| elapsed >= t) {
                self.aborted = Some(StopReason::TimeLimit);
            } else if elapsed.saturating_sub(self.last_progress.duration_since(self.start))
                >= self.config.progress_interval
            {
                self.emit_progress();
            }
        }
    }

    pub(in crate::solver) fn emit_progress(&mut self) {
        self.last_progress = Instant::now();
        let Some(f) = self.on_progress.as_mut() else {
            return;
        };
        let elapsed = self.start.elapsed();
        let secs = elapsed.as_secs_f64();
        let (root_moves, root_pruned) = self.root.snapshot(self.nodes);
        f(&Progress {
            nodes: self.nodes,
            nodes_per_second: if secs > 0.0 {
                self.nodes as f64 / secs
            } else {
                0.0
            },
            elapsed,
            depth: self.iteration_depth,
            line: self.line.clone(),
            must_play: self.live_must_play,
            proven_zones: self.live_zones.clone(),
            root_moves,
            root_is_or: self.root.is_or,
            root_pruned,
            table_entries: self.tt.len(),
            table_capacity: self.tt.capacity(),
            engine: self.config.engine,
            numbers: self.progress_numbers.clone(),
        });
    }

    /// The defender's stones on crucial points (decisive-stone rule), or nothing.
    pub(in crate::solver) fn decisive(&self, board: &Board) -> Zone {
        if self.decisive_points.is_empty() {
            return Zone::new();
        }
        board
            .stones(self.rules.defender)
            .intersection(&self.decisive_points)
    }

    /// The zone of an OR node won by `mv` with the child zone `child` (dilated).
    pub(in crate::solver) fn or_zone(
        &self,
        board: &mut Board,
        or: Color,
        mv: Move,
        child: &Zone,
    ) -> Zone {
        if !self.config.dilation {
            let mut z = *child;
            if let Move::Play(p) = mv {
                z.insert(p);
            }
            return z;
        }
        let decisive = self.decisive(board);
        dilate_or(board, or, mv, child, &decisive)
    }

    /// The zone of an AND node whose children's zones unite in `union` (dilated; the whole board
    /// after a superko refusal).
    ///
    /// `pass_back`: the node has no null-move child and its pass is answered by the end of the
    /// game, so the OR player answers a move outside the zone with a pass and the node's
    /// strategy applies again (see `checker.rs`). That pass lifts the ko ban of the node, so a
    /// ko-banned point in the zone makes the zone the whole board (no move is outside it).
    pub(in crate::solver) fn and_zone(
        &self,
        board: &Board,
        and: Color,
        union: &Zone,
        gen: &AndMoves,
        pass_back: bool,
    ) -> Zone {
        if gen.superko_refusal {
            return self.full_zone();
        }
        if !self.config.dilation {
            return *union;
        }
        let decisive = self.decisive(board);
        let zone = dilate_and(board, and, union, &gen.illegal, &decisive);
        let banned_inside = gen
            .illegal
            .iter()
            .any(|&(p, why)| why == AndIllegal::KoBan && zone.contains(p));
        if pass_back && banned_inside {
            self.full_zone()
        } else {
            zone
        }
    }

    /// The zone of the leaf after two passes, closed. When the defender wins (seki is life): a
    /// crucial block still on the board (for the kill-all goals any block of the defender; the
    /// first in zone order), since any position holding it has such a stone left. When the
    /// attacker wins because the defender of a kill-all goal where seki is life has no stone
    /// left: the whole board. Otherwise: the certificate that no decisive defender stone is alive
    /// ([`not_alive_zone`]).
    pub(in crate::solver) fn two_pass_zone(&self, board: &Board) -> Zone {
        if self.rules.two_pass_winner(board) == self.rules.defender {
            let decisive = if self.rules.any_stone {
                Zone::full(board.size())
            } else {
                self.problem.crucial()
            };
            let left = board.stones(self.rules.defender).intersection(&decisive);
            let mut z = left
                .first()
                .map(|p| board.block_stones(p))
                .unwrap_or_default();
            if self.problem.goal().every_crucial_block() || self.problem.is_open() {
                // The leak rules decided this position undecided: no crucial block has a
                // liberty outside the region (and for the every-block goals every crucial
                // stone is on the board). A position agreeing on the crucial blocks and their
                // neighbours has the same blocks and liberties.
                z.union_with(&blocks_and_neighbours(board, &left));
            }
            if let Some(region) = self.rules.watched {
                // And no defender block on or beside the region reaches outside it
                // (`rules::watched_leak`): the region and its border; and none did on the
                // lines here (the outside watch's witness, `kernel::outside_watch`).
                z.union_with(&region.grow(board.size()));
                z.union_with(&self.goal.watch_witness(board));
            }
            close(board, &mut z);
            return z;
        }
        if self.rules.seki_is_life || self.rules.territory {
            // (A claimed territory may be lost with every crucial block alive: no certificate
            // smaller than the board.)
            return self.full_zone();
        }
        if self.problem.goal().is_one_eye() {
            // The one-eye goals: the game ended without an eye connected to every crucial
            // stone; the certificate of that (`knowledge::one_eye::no_eye_now`).
            let (crucial, region) = (self.problem.crucial(), self.problem.region());
            let mut z = no_eye_now(board, self.rules.defender, &crucial, &region);
            close(board, &mut z);
            return z;
        }
        let decisive = if self.problem.goal().needs_crucial_stones() {
            self.problem.crucial()
        } else {
            self.full_zone()
        };
        let mut z = not_alive_zone(board, self.rules.defender, &decisive);
        close(board, &mut z);
        z
    }

    /// Is the attacker's pass `mv` by `mover` (not after a pass) one the OR player (the
    /// defender, in a goal where seki is life) could answer by ending the game? Such a pass is
    /// searched as a *waiting move*: its child is the position with the pass state cleared (the
    /// OR player cannot end the game at once), so that a win there has a zone that answers every
    /// attacker move outside it, a null move as in the paper's goals; when that child is not
    /// won, the pass is answered by the game-ending pass ([`Solver::waiting_fallback`]). A win of
    /// the cleared position is a win after the real pass too: the same moves are legal, and the
    /// OR player's pass only gains the option of ending the game, which wins for it.
    pub(in crate::solver) fn waiting_pass(
        &self,
        board: &Board,
        mover: Color,
        mv: Move,
        passed: bool,
    ) -> bool {
        mv == Move::Pass
            && !passed
            && mover == self.rules.attacker()
            && mover != self.rules.or_player
            && self.rules.or_wins_two_passes(board)
    }

    /// The pass state of the position after `mover` plays `mv` (`passed`: the move before was a
    /// pass): set after a pass, except a waiting pass's ([`Solver::waiting_pass`]).
    pub(in crate::solver) fn passed_after(
        &self,
        board: &Board,
        mover: Color,
        mv: Move,
        passed: bool,
    ) -> bool {
        mv == Move::Pass && !self.waiting_pass(board, mover, mv, passed)
    }

    /// The value of a waiting pass's child (see [`Solver::waiting_pass`]) when its search did not
    /// win it: the OR player ends the game with a pass (no null move, since the answer is the
    /// game's end); `Unknown` when the zone constraint forbids that win's zone.
    pub(in crate::solver) fn waiting_fallback(&self, board: &Board) -> Value {
        let zone = self.two_pass_zone(board);
        if self.forbids(&zone) {
            return Value::Unknown;
        }
        Value::Win {
            zone,
            best: Some(Move::Pass),
            dist: 1,
        }
    }

    pub(in crate::solver) fn full_zone(&self) -> Zone {
        Zone::full(self.rules.size)
    }

    /// Play a move that `Rules` accepted (already on the board): extend the line.
    pub(in crate::solver) fn push(&mut self, board: &Board, mv: Move) {
        self.history.push(board.hash());
        self.line.push(mv);
    }

    /// Take the last move back.
    pub(in crate::solver) fn pop(&mut self, board: &mut Board) {
        self.history.pop();
        self.line.pop();
        board.undo();
    }

    /// The line index of the node `key` when it is already being expanded on the line
    /// (`states`) and the cycle rule holds (no superko): a repetition, which the AND player can
    /// repeat for ever, so the OR player fails there (a failure that depends on the line).
    pub(in crate::solver) fn repetition(&self, key: u64) -> Option<usize> {
        if self.rules.superko {
            return None;
        }
        self.states.iter().position(|&k| k == key)
    }

    /// Is the result of the node at line index `own_index` true on any line, so that the
    /// tables may keep it? It is when no repetition (or superko refusal) below it referred
    /// above the node (`earliest`: the earliest line index one referred to), and under the
    /// cycle rule a win (`won`) always is: a winning strategy needs no repetition.
    pub(in crate::solver) fn line_free(
        &self,
        earliest: usize,
        own_index: usize,
        won: bool,
    ) -> bool {
        earliest >= own_index || (!self.rules.superko && won)
    }

    /// The stones of the defender's crucial blocks (every defender block for the goals without
    /// crucial stones), as the ordering sees them.
    pub(in crate::solver) fn crucial_stones(&self, board: &Board) -> Zone {
        crucial_blocks(board, self.rules.defender, &self.order_crucial)
    }

    /// Candidate plays of `c`: the region's empty points, best first.
    pub(in crate::solver) fn ordered_points(&self, board: &Board, c: Color) -> Vec<Point> {
        self.scored_points(board, c)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// [`Solver::ordered_points`] with each point's ordering score.
    pub(in crate::solver) fn scored_points(&self, board: &Board, c: Color) -> Vec<(Point, i32)> {
        self.scored_points_with(board, c, self.crucial_stones(board))
    }

    /// [`Solver::scored_points`] with `crucial` as the crucial stones.
    pub(in crate::solver) fn scored_points_with(
        &self,
        board: &Board,
        c: Color,
        crucial: Zone,
    ) -> Vec<(Point, i32)> {
        let moves: Vec<Point> = self
            .rules
            .region
            .intersection(&board.empty_points())
            .iter()
            .collect();
        let ctx = OrderContext {
            region: self.rules.region,
            crucial,
            defender: self.rules.defender,
            last_move: self.line.last().and_then(|m| m.point()),
        };
        scored(board, c, &moves, &ctx)
    }

    /// The legal AND plays (best first) and the AND-illegal points of the region.
    pub(in crate::solver) fn and_moves(&mut self, board: &mut Board, and: Color) -> AndMoves {
        let ordered = self.ordered_points(board, and);
        self.and_moves_of(board, and, ordered)
    }

    /// [`Solver::and_moves`] of the region's empty points `ordered` (best first).
    pub(in crate::solver) fn and_moves_of(
        &mut self,
        board: &mut Board,
        and: Color,
        ordered: impl IntoIterator<Item = Point>,
    ) -> AndMoves {
        let mut out = AndMoves {
            moves: Vec::new(),
            illegal: Vec::new(),
            superko_refusal: false,
            earliest: usize::MAX,
        };
        for p in ordered {
            if board.ko_point_for(and) == Some(p) && !*self.rules.ko_master.get(and) {
                out.illegal.push((p, AndIllegal::KoBan));
                continue;
            }
            if board.is_suicide(and, p) {
                out.illegal.push((p, AndIllegal::Suicide));
                continue;
            }
            match self.rules.try_play(board, and, p, &self.history) {
                Ok(()) => {
                    board.undo();
                    out.moves.push(p);
                }
                Err(Refusal::KoCaptureDisallowed { captured }) => {
                    out.illegal.push((p, AndIllegal::KoCapture { captured }));
                }
                Err(Refusal::Superko { index }) => {
                    out.superko_refusal = true;
                    out.earliest = out.earliest.min(index);
                }
                Err(Refusal::Illegal | Refusal::KoBan) => {}
            }
        }
        out
    }

    /// The attacker's passes on the line so far (its moves are every other one from the last:
    /// asked at an attacker node).
    pub(in crate::solver) fn attacker_passes(&self) -> usize {
        self.line
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&m| m == Move::Pass)
            .count()
    }

    /// Does `zone` meet the forbidden points ([`SolveConfig::forbidden_zone`])? A win with
    /// such a zone is not accepted.
    #[inline]
    pub(in crate::solver) fn forbids(&self, zone: &Zone) -> bool {
        zone.intersects(&self.config.forbidden_zone)
    }

    /// A pattern-table win for the node: the smallest matching zone that avoids the forbidden
    /// points.
    pub(in crate::solver) fn pattern_win(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        plies: u32,
    ) -> Option<crate::solver::knowledge::pattern_table::PatternWin> {
        if self.goal.outside_leaks(board) {
            // A stored win's zone does not show a watched block of the position's own reaching
            // outside the region, whose liberties inside null moves could fill (the outside
            // watch, `kernel::outside_watch`, "Zones").
            return None;
        }
        let avoid = self.config.forbidden_zone;
        self.patterns.probe(board, to_move, passed, plies, &avoid)
    }

    /// The win of the position the OR move `mv` has just made (on the board) from a position
    /// the goal test left undecided, when the goal test decides it so and immediate wins are
    /// on ([`SolveConfig::immediate_wins`]): its zone, best move (none) and proof length (0),
    /// as [`Solver::leaf_value`] gives them. A pass changes no stone: nothing new. A defender's
    /// play is tested as [`GoalTest::decide_after_defender_play`] tests it.
    pub(in crate::solver) fn immediate_win(
        &self,
        board: &Board,
        mv: Move,
    ) -> Option<(Zone, Option<Move>, u32)> {
        if !self.config.immediate_wins {
            return None;
        }
        let decision = match mv {
            Move::Pass => return None,
            Move::Play(p) if self.rules.or_player == self.rules.defender => {
                if self.undecided.contains(board.hash()) {
                    return None;
                }
                self.goal.decide_after_defender_play(board, p)?
            }
            Move::Play(_) => self.decide_leaf(board)?,
        };
        match self.leaf_of(board, decision).0 {
            Value::Win { zone, best, dist } => Some((zone, best, dist)),
            _ => None,
        }
    }

    /// The goal test as a node value, with the leaf zone closed (whole blocks, DL-1); a win
    /// whose zone meets the forbidden points is `Unknown` (decided, but not accepted).
    pub(in crate::solver) fn leaf_value(&self, board: &Board) -> Option<Value> {
        self.leaf_decision(board).map(|(value, _)| value)
    }

    /// [`Solver::leaf_value`] with the reason of the decision (proof extraction names the
    /// leaf by it).
    pub(in crate::solver) fn leaf_decision(&self, board: &Board) -> Option<(Value, Reason)> {
        let decision = self.decide_leaf(board)?;
        Some(self.leaf_of(board, decision))
    }

    /// The goal test's decision of the position on the board (remembered when undecided).
    fn decide_leaf(&self, board: &Board) -> Option<(Leaf, Reason)> {
        let stones = board.hash();
        if self.undecided.contains(stones) {
            return None;
        }
        let decision = self.goal.decide(board);
        if decision.is_none() {
            self.undecided.insert(stones);
        }
        decision
    }

    /// The node value of the goal test's decision of the position on the board: a win's zone
    /// closed (whole blocks, DL-1), and `Unknown` when the constraint forbids that zone.
    fn leaf_of(&self, board: &Board, (leaf, reason): (Leaf, Reason)) -> (Value, Reason) {
        let value = match leaf {
            Leaf::Win(mut z) => {
                close(board, &mut z);
                if self.forbids(&z) {
                    Value::Unknown
                } else {
                    Value::Win {
                        zone: z,
                        best: None,
                        dist: 0,
                    }
                }
            }
            Leaf::Fail(_) => Value::Fail,
        };
        (value, reason)
    }

    /// The root is an OR node with the candidate plays `points` (best first, before the OR
    /// width): its legal moves, within the width, and those beyond it, for progress events.
    /// Once per iteration, so the trial plays cost nothing worth counting.
    pub(in crate::solver) fn begin_root_or(
        &mut self,
        board: &mut Board,
        or: Color,
        points: &[Point],
    ) {
        let width = self.config.or_width.unwrap_or(usize::MAX);
        let mut legal = Vec::new();
        let mut pruned = 0;
        let pass = self.rules.may_pass(or, board).then_some(Move::Pass);
        for (i, mv) in points.iter().map(|&p| Move::Play(p)).enumerate() {
            if self.rules.try_move(board, or, mv, &self.history).is_ok() {
                board.undo();
                if i < width {
                    legal.push(mv);
                } else {
                    pruned += 1;
                }
            }
        }
        legal.extend(pass);
        self.root.begin(true, &legal, pruned);
    }

    /// Play the OR player's `mv` when the rules allow it; a ko capture made is noted in the ko
    /// flags, a refusal too (the ko flags, or the earliest line index a superko refusal refers
    /// to) and gives `false`.
    pub(in crate::solver) fn try_or_move(
        &mut self,
        board: &mut Board,
        or: Color,
        mv: Move,
        earliest: &mut usize,
    ) -> bool {
        let event = match self.rules.try_move(board, or, mv, &self.history) {
            Ok(()) => {
                if mv != Move::Pass && board.ko().is_some() && !self.ko.taken {
                    self.note_ko(KoFlags {
                        taken: true,
                        ..KoFlags::NONE
                    });
                }
                return true;
            }
            Err(Refusal::Superko { index }) => {
                *earliest = (*earliest).min(index);
                return false;
            }
            Err(Refusal::Illegal) => return false,
            Err(Refusal::KoCaptureDisallowed { .. }) => KoFlags {
                refused: true,
                ..KoFlags::NONE
            },
            Err(Refusal::KoBan) => KoFlags {
                banned: true,
                ..KoFlags::NONE
            },
        };
        self.note_ko(event);
        false
    }

    /// Remember an OR ko event, on the shared table too.
    fn note_ko(&mut self, event: KoFlags) {
        self.ko = self.ko.union(event);
        self.tt.note_ko(event);
    }

    /// The OR player's candidate plays, best first, cut to the OR width (`true` when some were
    /// cut); at the root, its moves are recorded for the progress events.
    pub(in crate::solver) fn or_points(
        &mut self,
        board: &mut Board,
        or: Color,
    ) -> (Vec<Point>, bool) {
        let ordered = self.ordered_points(board, or);
        self.or_points_of(board, or, ordered)
    }

    /// [`Solver::or_points`] of the region's empty points `points` (best first).
    pub(in crate::solver) fn or_points_of(
        &mut self,
        board: &mut Board,
        or: Color,
        mut points: Vec<Point>,
    ) -> (Vec<Point>, bool) {
        if self.root.active && self.line.is_empty() {
            self.begin_root_or(board, or, &points);
        }
        // A play on a forbidden point would put it in the node's zone: not searched, and the
        // node cannot fail for want of it.
        let before = points.len();
        points.retain(|&p| !self.config.forbidden_zone.contains(p));
        let mut cut = points.len() < before;
        if let Some(width) = self.config.or_width {
            if points.len() > width {
                points.truncate(width);
                cut = true;
            }
        }
        (points, cut)
    }
}
