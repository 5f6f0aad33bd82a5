//! What a solve may use and how it reports: limits, rule switches, table size, and the engine
//! ([`Engine`], a handle on its capabilities; which engines exist is the registry's,
//! [`crate::solver::engines::registry`]).

use crate::go::Zone;
use crate::problem::{Goal, Problem};
use crate::solver::knowledge::guide::GuideHandle;
use crate::solver::knowledge::pattern_store::PatternStoreHandle;
use crate::solver::knowledge::pattern_table::PatternTable;
use std::time::Duration;

/// The search algorithm of a solve.
pub use crate::solver::kernel::engine::Engine;

/// How many passes of the attacker on one line df-pn searches first as explicit null moves,
/// by goal. A goal about crucial stones is a local fight in a region that is mostly far from
/// it: a life found with free moves has a small zone, and most attacker moves fall outside it.
/// On the research problems 1–40 at 5 s each, 1 proves 4, 2 proves 8, 3 proves 11, 4 proves 12
/// and 6 proves 9. Where any defender stone may live (`live-any`, `kill-all`: 7x7 kill-all) a
/// life with free moves fills the board and its zone prunes little: on the 20 7x7 problems at
/// 5 s, 1 proves 3, 2 proves 2 and 4 proves none (BENCHMARKS.md). Where seki is life there
/// (`live-any-seki`, `kill-all-seki`) the attacker's pass is searched as a waiting move (see
/// `Solver::waiting_pass`): on 7x7 problems 1 and 2, 1 took 837,748 and 340,830 nodes, 2 took
/// 155,150 and 100,943, 4 took 418,795 and 114,205.
pub fn default_null_moves(goal: Goal) -> u32 {
    if goal.needs_crucial_stones() {
        4
    } else if goal.seki_is_life() {
        2
    } else {
        1
    }
}

/// Settings of one solve. [`SolveConfig::default`] is a complete search (no OR pruning) under
/// simple ko with repetitions counted as failures of the OR player, no node or time limit, and a
/// table of 2^20 entries.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveConfig {
    /// The search algorithm.
    pub engine: Engine,
    /// df-pn and MCTS: at an AND node of the attacker, search its pass first as an explicit
    /// null move while it has passed fewer than this many times on the line (0: never); the
    /// other AND moves are searched only once the pass is decided, and only those inside the
    /// zone that answered it (when it is proven). `None`: [`default_null_moves`] of
    /// the problem's goal.
    pub null_moves: Option<u32>,
    /// Stop after this many nodes (the result is then `Unknown` unless proven already).
    pub max_nodes: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Deepest iteration of iterative deepening, in plies.
    pub max_depth: u32,
    /// Iterative deepening goes on by two plies while the solve has used fewer nodes than this;
    /// then the next iteration goes straight to `max_depth`.
    pub deepening_nodes: u64,
    /// Positional superko: refuse plays that recreate the stones of a position of the current
    /// line (both sides). Off: simple ko, and a repeated position counts as a failure of the OR
    /// player (the AND player can repeat the cycle for ever). With superko on, results depend on
    /// the line that led to a position; the table keeps only results that do not, but a stored
    /// win can still meet a refusal on another line (graph-history interaction), so the default
    /// is off.
    pub superko: bool,
    /// OR-side forward pruning: try at most this many OR moves per node (best first). With it a
    /// failed search is `Unknown`, never `Fail`.
    pub or_width: Option<usize>,
    /// Transposition table slots.
    pub tt_entries: usize,
    /// Entries of the relevance-zone pattern table ([`crate::solver::knowledge::pattern_table`]), which finds a
    /// proven win again where only stones outside its zone differ; 0: off. Off under superko.
    pub pattern_entries: usize,
    /// Proven wins kept between solves and runs ([`crate::solver::knowledge::pattern_store`], `--rzt FILE`): a
    /// solve starts its pattern table with its game's section of the store and merges its
    /// table back when it ends. `None`: every solve starts empty.
    pub pattern_store: Option<PatternStoreHandle>,
    /// Zone dilation (on by default). Off only for experiments: without it zones may violate the
    /// consistent-replay conditions and the search may claim wrong wins (the tests show that the
    /// checker catches them).
    pub dilation: bool,
    /// The static life-and-death rule in the goal test ([`crate::solver::knowledge::static_ld`]; on by default).
    /// It is never used with `superko` (see [`crate::solver::GoalTest::without_static_rule`]).
    pub static_dead: bool,
    /// The seki database's terminal in the goal test ([`crate::solver::knowledge::seki_leaf`]; on by default, for
    /// the goals where seki is life). Off with `static_dead` or `superko`.
    pub seki_db: bool,
    /// The "one eye and a connection" terminal in the goal test
    /// ([`crate::solver::knowledge::connection::eyes_joined_zone`]; on by default): two
    /// defender blocks with one eye each, sharing two liberties in the region, live. With the
    /// connection rule only (the static rule, never under superko).
    pub eye_join: bool,
    /// Life by links in the goal test of the defender's claims
    /// ([`crate::solver::knowledge::linked_life`]; off by default: measured, it saves few nodes
    /// and costs 7–35 % of the node rate, BENCHMARKS): chains of blocks the defender keeps
    /// connected by miai, alive by Benson's fixed point on chains. With the static rule only
    /// (never under superko).
    pub links: bool,
    /// Relevance zones prune AND nodes (on by default). Off, for measuring what they bring,
    /// every proven AND child answers its own move only (`Solver::and_child_won`): every AND
    /// move is searched, as in plain proof-number search.
    pub relevance_zones: bool,
    /// The one-eye goals' eye knowledge in df-pn's move costs (the df-pn engine's
    /// `knowledge::eye_costs`). Off by default: on the one-eye set it cost nodes and a problem
    /// (BENCHMARKS, "The one-eye goal").
    pub eye_costs: bool,
    /// Immediate wins (on by default; the RZS paper's `USE_IMMEDIATE_WIN`): when the OR
    /// player's moves at a node are generated, each child the goal test already decides as a
    /// win (an unconditional life, a seki area) wins the node at once, before any of them is
    /// searched. Without it such a child is found only when the search enters it, after the
    /// moves the ordering put first. MCTS (and df-pn's batches of OR children).
    pub immediate_wins: bool,
    /// Threads of one df-pn search sharing its table ([`crate::solver::engines::dfpn::parallel`]); 1: the serial
    /// search (the depth-first engine always runs on one).
    pub threads: usize,
    /// What orders moves and guides best-first search: a net (`crate::nn`) or, when `None`,
    /// the heuristic ordering ([`crate::solver::knowledge::guide::HeuristicGuide`]).
    pub guide: Option<GuideHandle>,
    /// df-pn asks the guide at nodes at most this many plies below the root (deeper nodes use
    /// the heuristic ordering): a net evaluation costs hundreds of df-pn nodes on a CPU, and
    /// the order near the root matters most. MCTS asks it at every new node (one per
    /// simulation, in batches).
    pub guide_plies: u32,
    /// df-pn asks the guide at a node from its this-many-th visit on (1: at its first), so the
    /// net's time goes to the nodes the search keeps returning to
    /// ([`crate::solver::engines::dfpn::guide_gate`]).
    pub guide_visits: u32,
    /// MCTS: the constant term of PUCT's exploration factor (`mcts/select.rs`). `None`: the
    /// paper's 1.5 when open leaves carry the guide's value (playouts, or a net given a
    /// [`SolveConfig::value_weight`]), 0.9 with a net's priors alone
    /// (`select::C_PUCT_NET_PRIORS`), 0.3 with the heuristic prior (`select::C_PUCT_PROVEN_ONLY`).
    pub exploration: Option<f64>,
    /// MCTS: how much an open leaf's value follows the guide's estimate
    /// ([`crate::solver::knowledge::guide::Guide::value_weight`]:
    /// `NEUTRAL + w · (estimate − NEUTRAL)`). `None`: the guide's own weight (none for a net,
    /// full for playouts).
    pub value_weight: Option<f64>,
    /// Build the proof tree of a win.
    pub build_proof: bool,
    /// Least time between two progress events.
    pub progress_interval: Duration,
    /// Points the proof's relevance zones must not contain (empty: no constraint), as the
    /// relevance-zone reduction paper constrains its re-solves ([`crate::solver::jobs::reduce`]): a win whose
    /// zone meets them (goal-test leaf, table or pattern-table hit, OR or AND node once its
    /// dilated zone is known) is not accepted, and the OR player does not play on them. Such a
    /// rejected win is no failure: a search that finds nothing else ends `Unknown` (stop
    /// reason `Pruned`), never `Fail`. Zones only grow towards the root, so the root zone of a
    /// proof found under the constraint avoids the points. df-pn and depth-first search only
    /// (MCTS refuses it: `StopReason::Unsupported`); a constrained solve has a table of its own
    /// (never a pooled one: [`crate::solver::TablePool`] keys tables by it).
    pub forbidden_zone: Zone,
}

/// [`SolveConfig::guide_plies`] by default.
pub const DEFAULT_GUIDE_PLIES: u32 = 12;

/// [`SolveConfig::guide_visits`] by default.
pub const DEFAULT_GUIDE_VISITS: u32 = 4;

/// The pattern table's default bound (about 25 MiB at its fullest).
pub const DEFAULT_PATTERN_ENTRIES: usize = 1 << 19;

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig {
            engine: Engine::default(),
            null_moves: None,
            max_nodes: None,
            time_limit: None,
            max_depth: 256,
            deepening_nodes: 10_000,
            superko: false,
            or_width: None,
            tt_entries: 1 << 20,
            pattern_entries: DEFAULT_PATTERN_ENTRIES,
            pattern_store: None,
            dilation: true,
            static_dead: true,
            immediate_wins: true,
            seki_db: true,
            eye_join: true,
            links: false,
            relevance_zones: true,
            eye_costs: false,
            threads: 1,
            guide: None,
            guide_plies: DEFAULT_GUIDE_PLIES,
            guide_visits: DEFAULT_GUIDE_VISITS,
            exploration: None,
            value_weight: None,
            build_proof: true,
            progress_interval: Duration::from_millis(50),
            forbidden_zone: Zone::new(),
        }
    }
}

impl SolveConfig {
    /// The pattern table a solve of `problem` under these settings starts with: its game's
    /// section of the pattern store when there is one (and the table may be used), else an
    /// empty one.
    pub fn initial_patterns(&self, problem: &Problem) -> PatternTable {
        let entries = if self.superko {
            0
        } else {
            self.pattern_entries
        };
        let seeded = match &self.pattern_store {
            Some(store) if entries > 0 && self.dilation => store.seed(problem, entries),
            _ => None,
        };
        seeded.unwrap_or_else(|| PatternTable::new(entries))
    }

    /// How many attacker passes on a line are searched first as null moves for `goal`:
    /// [`SolveConfig::null_moves`], else [`default_null_moves`].
    pub fn null_moves_for(&self, goal: Goal) -> u32 {
        self.null_moves.unwrap_or_else(|| default_null_moves(goal))
    }

    /// The limits and rule switches in words, for a reproduction file: `time limit 2 s, max
    /// nodes 500, or-width 8, superko off, table 1048576 entries` (absent limits left out).
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("engine {}", self.engine.name())];
        if let (true, Some(n)) = (self.engine.capabilities().null_moves, self.null_moves) {
            parts.push(format!("null moves {n}"));
        }
        if let Some(t) = self.time_limit {
            parts.push(format!("time limit {} s", t.as_secs_f64()));
        }
        if let Some(n) = self.max_nodes {
            parts.push(format!("max nodes {n}"));
        }
        if let Some(w) = self.or_width {
            parts.push(format!("or-width {w}"));
        }
        parts.push(format!(
            "superko {}",
            if self.superko { "on" } else { "off" }
        ));
        if !self.static_dead {
            parts.push("static rule off".to_string());
        }
        if !self.seki_db {
            parts.push("seki database off".to_string());
        }
        if !self.immediate_wins {
            parts.push("immediate wins off".to_string());
        }
        if self.threads > 1 {
            parts.push(format!("threads {}", self.threads));
        }
        if let Some(guide) = &self.guide {
            parts.push(format!(
                "guide {} to ply {} from visit {}",
                guide.guide().name(),
                self.guide_plies,
                self.guide_visits
            ));
        }
        if let Some(c) = self.exploration {
            parts.push(format!("exploration {c}"));
        }
        if let Some(w) = self.value_weight {
            parts.push(format!("value weight {w}"));
        }
        if !self.forbidden_zone.is_empty() {
            parts.push(format!(
                "zones avoid {} forbidden points",
                self.forbidden_zone.len()
            ));
        }
        parts.push(format!("table {} entries", self.tt_entries));
        if self.pattern_entries != DEFAULT_PATTERN_ENTRIES {
            parts.push(format!("pattern table {} entries", self.pattern_entries));
        }
        parts.join(", ")
    }
}
