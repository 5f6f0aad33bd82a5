//! Progress events of a running solve, for the studio and the command line. A solver emits at
//! most one event per [`crate::solver::SolveConfig::progress_interval`] (50 ms by default, so at
//! most 20 per second).
//!
//! Besides the figures (nodes, rate, depth, line) an event says what is known of each move of
//! the player to move at the root ([`RootMove`]: proven, refuted, open, being searched, and the
//! nodes spent under it), how full the transposition table is, and how far the current
//! iterative-deepening iteration has got ([`Progress::figure`]: "depth 12: 5 of 9 root moves
//! done"; for df-pn the root's proof and disproof numbers, and the numbers of the line, which
//! is then the most-proving path). The search keeps the root moves with [`RootTracker`], which
//! does work only at the root's children, never per node.

use crate::go::{Move, Zone};
use crate::solver::kernel::engine::Engine;
pub use crate::solver::kernel::engine::ProgressForm;
use std::time::Duration;

/// A snapshot of a running search.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub nodes: u64,
    pub nodes_per_second: f64,
    pub elapsed: Duration,
    /// Depth limit of the current iterative-deepening iteration, in plies (the best-first
    /// engines: the deepest line so far).
    pub depth: u32,
    /// The line being searched, from the root.
    pub line: Vec<Move>,
    /// The must-play region of the first AND node of the line (the root when the AND player is to
    /// move there, else the position after the OR player's first move), as it shrinks.
    pub must_play: Option<Zone>,
    /// The zones proven so far for the children of that AND node.
    pub proven_zones: Vec<Zone>,
    /// The legal moves of the player to move at the root, in the search's order (empty until the
    /// root is expanded, and when the root was decided without it: a leaf or a table hit).
    pub root_moves: Vec<RootMove>,
    /// The player to move at the root is the OR player (else the AND player).
    pub root_is_or: bool,
    /// Legal root moves beyond the OR width ([`crate::solver::SolveConfig::or_width`]), never
    /// tried and not in `root_moves`.
    pub root_pruned: usize,
    /// Entries in the transposition table.
    pub table_entries: usize,
    /// The most entries the table may hold (it grows up to this).
    pub table_capacity: usize,
    /// The engine searching.
    pub engine: Engine,
    /// df-pn: the proof and disproof numbers of the nodes of the line, the root first, as the
    /// search computed them on its way down (the line is the most-proving path: each node's
    /// child with the smallest number it minimises). A proof number is at least the number of
    /// leaves still to prove for the OR player's claim, a disproof number the same for its
    /// refutation; [`INFINITE_NUMBER`] means decided. Empty for the depth-first engine.
    pub numbers: Vec<(u64, u64)>,
}

/// The proof or disproof number of a decided node in [`Progress::numbers`].
pub const INFINITE_NUMBER: u64 = 1 << 40;

/// What a root move has come to, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RootState {
    /// Proven to reach the mover's aim: the OR player's goal, or the AND player's refutation of
    /// the claim.
    Proven,
    /// Proven not to: the opponent has an answer (for the AND player also a move covered by a
    /// proven sibling's zone, which the search never needs to try).
    Refuted,
    /// Being searched now.
    Searching,
    /// Undecided: no proof within the depths searched so far, or not tried yet.
    Open,
}

impl RootState {
    /// A decided state (proven or refuted) never changes again in the same solve.
    pub fn is_decided(self) -> bool {
        matches!(self, RootState::Proven | RootState::Refuted)
    }
}

/// One move of the player to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    pub state: RootState,
    /// Nodes searched under this move so far in this solve (every iteration, the running
    /// search included).
    pub nodes: u64,
    /// The depth limit of the iteration that decided it.
    pub decided_at: Option<u32>,
    /// The deepest iteration whose search of this move ended without deciding it (no proof
    /// within that many plies); 0 when none.
    pub searched_to: u32,
}

impl RootMove {
    /// Decided, or searched to the end of the iteration of depth limit `depth`.
    pub fn done_at(&self, depth: u32) -> bool {
        self.state.is_decided() || self.searched_to >= depth
    }
}

impl Progress {
    /// Root moves done in the current iteration (decided, or searched to its depth limit) and
    /// the number of root moves.
    pub fn iteration_done(&self) -> (usize, usize) {
        let done = self
            .root_moves
            .iter()
            .filter(|m| m.done_at(self.depth))
            .count();
        (done, self.root_moves.len())
    }

    /// The share of the root moves done in the current iteration, in [0, 1]; `None` before the
    /// root moves are known.
    pub fn fraction(&self) -> Option<f32> {
        if self.engine.capabilities().progress != ProgressForm::Iterations {
            return None;
        }
        let (done, total) = self.iteration_done();
        (total > 0).then(|| done as f32 / total as f32)
    }

    /// "depth 12: 5 of 9 root moves done" (or "depth 12" before the root moves are known);
    /// df-pn: "root: proof number 12 · disproof number 3" (the root's numbers); MCTS: "deepest
    /// line 14 plies".
    pub fn figure(&self) -> String {
        if self.engine.capabilities().progress == ProgressForm::DeepestLine {
            return format!("deepest line {} plies", self.depth);
        }
        if self.engine.capabilities().progress == ProgressForm::Numbers {
            return match self.numbers.first() {
                Some(&(pn, dn)) => format!(
                    "root: proof number {} · disproof number {}",
                    number_words(pn),
                    number_words(dn)
                ),
                None => "root: not expanded yet".to_string(),
            };
        }
        let (done, total) = self.iteration_done();
        if total == 0 {
            format!("depth {}", self.depth)
        } else {
            format!(
                "depth {}: {done} of {total} root move{} done",
                self.depth,
                if total == 1 { "" } else { "s" }
            )
        }
    }

    /// The share of the table's capacity in use, in [0, 1].
    pub fn table_fill(&self) -> f32 {
        if self.table_capacity == 0 {
            0.0
        } else {
            (self.table_entries as f32 / self.table_capacity as f32).min(1.0)
        }
    }
}

/// A proof or disproof number in words: the number, or "∞" for [`INFINITE_NUMBER`].
pub fn number_words(n: u64) -> String {
    if n >= INFINITE_NUMBER {
        "∞".to_string()
    } else {
        n.to_string()
    }
}

/// The search's record of the root moves. It is told when a root child's search begins and ends
/// (a few times per iteration), so it costs nothing per node; the nodes of the move being
/// searched are the node count now less the count when its search began.
#[derive(Clone, Debug, Default)]
pub(in crate::solver) struct RootTracker {
    /// Record the root (during the iterations; not during proof extraction, which searches the
    /// root again).
    pub active: bool,
    pub is_or: bool,
    moves: Vec<RootMove>,
    pruned: usize,
    /// The move being searched: its index and the node count when its search began.
    current: Option<(usize, u64)>,
}

impl RootTracker {
    /// The root is expanded with these legal moves (`pruned` more beyond the OR width). The
    /// root position is the same in every iteration, so so are its moves; what is known of them
    /// is kept.
    pub fn begin(&mut self, is_or: bool, legal: &[Move], pruned: usize) {
        self.is_or = is_or;
        self.pruned = pruned;
        self.current = None;
        let same = self.moves.len() == legal.len()
            && self.moves.iter().zip(legal).all(|(m, &l)| m.mv == l);
        if !same {
            self.moves = legal
                .iter()
                .map(|&mv| RootMove {
                    mv,
                    state: RootState::Open,
                    nodes: 0,
                    decided_at: None,
                    searched_to: 0,
                })
                .collect();
        }
    }

    /// The search of root move `mv` begins with `nodes` nodes counted.
    pub fn enter(&mut self, mv: Move, nodes: u64) {
        self.current = self
            .moves
            .iter()
            .position(|m| m.mv == mv)
            .map(|i| (i, nodes));
    }

    /// The search of the current root move ended with `nodes` counted: `proven` for the mover
    /// (`Some(true)`), refuted (`Some(false)`) or undecided (`None`) in the iteration of depth
    /// limit `depth`; `finished`: the search was not cut short by a limit.
    pub fn leave(&mut self, nodes: u64, proven: Option<bool>, depth: u32, finished: bool) {
        let Some((i, start)) = self.current.take() else {
            return;
        };
        let m = &mut self.moves[i];
        m.nodes += nodes.saturating_sub(start);
        if m.state.is_decided() {
            return;
        }
        match proven {
            Some(won) => {
                m.state = if won {
                    RootState::Proven
                } else {
                    RootState::Refuted
                };
                m.decided_at = Some(depth);
            }
            None if finished => m.searched_to = m.searched_to.max(depth),
            None => {}
        }
    }

    /// At an AND root: the undecided moves for which `needed` is false (outside the must-play
    /// region: a proven sibling's zone answers them) are refuted in the iteration `depth`.
    pub fn refute_unneeded(&mut self, needed: impl Fn(Move) -> bool, depth: u32) {
        let current = self.current.map(|(i, _)| i);
        for (i, m) in self.moves.iter_mut().enumerate() {
            if Some(i) != current && !m.state.is_decided() && !needed(m.mv) {
                m.state = RootState::Refuted;
                m.decided_at = Some(depth);
            }
        }
    }

    /// The root moves as they stand with `nodes` counted (the move being searched marked so,
    /// with its running nodes), and the number pruned.
    pub fn snapshot(&self, nodes: u64) -> (Vec<RootMove>, usize) {
        let mut moves = self.moves.clone();
        if let Some((i, start)) = self.current {
            let m = &mut moves[i];
            m.nodes += nodes.saturating_sub(start);
            if !m.state.is_decided() {
                m.state = RootState::Searching;
            }
        }
        (moves, self.pruned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::Problem;
    use crate::solver::{SolveConfig, Solver, Status};

    /// Every event of a solve of `problem` and its result.
    fn events(problem: &Problem, config: SolveConfig) -> (Vec<Progress>, Status, u64) {
        let mut seen = Vec::new();
        let (status, nodes) = {
            let mut solver = Solver::new(problem, config);
            solver.on_progress(|p| seen.push(p.clone()));
            let s = solver.solve();
            (s.status, s.nodes)
        };
        (seen, status, nodes)
    }

    /// Events at every chance (the interval zero), so the running states are seen too.
    fn eager() -> SolveConfig {
        SolveConfig {
            progress_interval: Duration::ZERO,
            ..SolveConfig::default()
        }
    }

    fn check_event(p: &Progress) {
        let f = p.fraction().unwrap_or(0.0);
        assert!((0.0..=1.0).contains(&f), "{f}");
        let under: u64 = p.root_moves.iter().map(|m| m.nodes).sum();
        assert!(under <= p.nodes, "{under} > {}", p.nodes);
        assert!(
            p.root_moves
                .iter()
                .filter(|m| m.state == RootState::Searching)
                .count()
                <= 1
        );
        for m in &p.root_moves {
            assert_eq!(m.state.is_decided(), m.decided_at.is_some(), "{m:?}");
            assert!(m.decided_at.is_none_or(|d| d <= p.depth), "{m:?}");
        }
        assert!(p.table_entries <= p.table_capacity);
        assert!((0.0..=1.0).contains(&p.table_fill()));
    }

    #[test]
    fn an_or_root_ends_with_its_winning_move_proven() {
        // White (OR) lives in the bent three; the proven first move is the winner.
        let problem = bent_three_live().validate().unwrap();
        let (seen, status, nodes) = events(&problem, eager());
        assert_eq!(status, Status::Win);
        seen.iter().for_each(check_event);
        let last = seen.last().unwrap();
        assert!(last.root_is_or);
        // The last event comes after the proof's extraction, which counts nodes too.
        assert!(last.nodes >= nodes);
        assert!(last.table_entries > 0 && last.table_capacity >= last.table_entries);
        let proven: Vec<&RootMove> = last
            .root_moves
            .iter()
            .filter(|m| m.state == RootState::Proven)
            .collect();
        assert_eq!(proven.len(), 1, "{:?}", last.root_moves);
        assert!(proven[0].nodes > 0);
        assert_eq!(proven[0].decided_at, Some(last.depth));
        // Nothing is being searched after the end.
        assert!(last
            .root_moves
            .iter()
            .all(|m| m.state != RootState::Searching));
        assert!(last
            .figure()
            .starts_with(&format!("depth {}: ", last.depth)));
    }

    #[test]
    fn a_running_search_shows_the_move_it_searches_and_its_nodes() {
        // A problem of about 50,000 nodes within 20,000: events every 256 nodes while it runs.
        // (The seki database's terminal proves it in far fewer nodes: it is left out here.)
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/24-seki-after-placement.sgf");
        let problem = crate::problem::load(&path).unwrap();
        let config = SolveConfig {
            max_nodes: Some(20_000),
            seki_db: false,
            ..eager()
        };
        let (seen, _, _) = events(&problem, config);
        assert!(seen.len() > 10, "{}", seen.len());
        seen.iter().for_each(check_event);
        assert!(seen
            .iter()
            .any(|p| p.root_moves.iter().any(|m| m.state == RootState::Searching)));
        // The nodes under the root moves grow with the search, the running one's included.
        let under = |p: &Progress| p.root_moves.iter().map(|m| m.nodes).sum::<u64>();
        assert!(seen.windows(2).all(|w| under(&w[0]) <= under(&w[1])));
        assert!(under(seen.last().unwrap()) > 10_000);
    }

    /// `problems/04-straight-four-alive.sgf`: White to move cannot kill Black's straight four.
    fn straight_four() -> Problem {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/04-straight-four-alive.sgf");
        crate::problem::load(&path).unwrap()
    }

    #[test]
    fn an_or_root_that_fails_ends_with_every_move_refuted() {
        // White (OR, to move) cannot kill: each of its moves is refuted, all in the last event.
        let (seen, status, _) = events(&straight_four(), eager());
        assert_eq!(status, Status::Fail);
        seen.iter().for_each(check_event);
        let last = seen.last().unwrap();
        assert!(last.root_is_or);
        assert_eq!(last.root_moves.len(), 4, "{:?}", last.root_moves);
        assert!(last
            .root_moves
            .iter()
            .all(|m| m.state == RootState::Refuted && m.nodes > 0));
        assert_eq!(last.fraction(), Some(1.0));
        assert_eq!(
            last.figure(),
            format!("depth {}: 4 of 4 root moves done", last.depth)
        );
    }

    #[test]
    fn an_and_root_won_by_the_or_player_ends_with_every_move_refuted() {
        // Black (OR) lives with White (AND) to move: every White move and the pass are
        // refuted, some perhaps by a sibling's zone without a search of their own.
        let (seen, status, _) = events(&straight_four().flipped(), eager());
        assert_eq!(status, Status::Win);
        seen.iter().for_each(check_event);
        let last = seen.last().unwrap();
        assert!(!last.root_is_or);
        assert_eq!(last.root_moves.len(), 5, "{:?}", last.root_moves);
        assert_eq!(last.root_moves[4].mv, Move::Pass);
        assert!(last
            .root_moves
            .iter()
            .all(|m| m.state == RootState::Refuted));
        assert_eq!(last.fraction(), Some(1.0));
    }

    #[test]
    fn an_and_root_that_fails_has_its_refuting_move_proven() {
        // Black (OR) cannot kill the bent three with White (AND) to move: White's living move is
        // proven (for White) and the solve ends there.
        let problem = bent_three_live().validate().unwrap().flipped();
        let (seen, status, _) = events(&problem, eager());
        assert_eq!(status, Status::Fail);
        seen.iter().for_each(check_event);
        let last = seen.last().unwrap();
        assert!(!last.root_is_or);
        let proven: Vec<Move> = last
            .root_moves
            .iter()
            .filter(|m| m.state == RootState::Proven)
            .map(|m| m.mv)
            .collect();
        assert_eq!(proven.len(), 1, "{:?}", last.root_moves);
    }

    #[test]
    fn the_tracker_keeps_decided_moves_and_counts_the_running_search() {
        let a = Move::Play(Point::new(0, 0));
        let b = Move::Play(Point::new(1, 0));
        let mut t = RootTracker::default();
        t.begin(false, &[a, b, Move::Pass], 0);
        t.enter(a, 100);
        let (moves, _) = t.snapshot(150);
        assert_eq!(moves[0].state, RootState::Searching);
        assert_eq!(moves[0].nodes, 50);
        t.leave(180, Some(false), 3, true);
        // b and pass are outside the must-play region now.
        t.refute_unneeded(|mv| mv == a, 3);
        let (moves, _) = t.snapshot(200);
        assert_eq!(moves[0].nodes, 80);
        assert!(moves.iter().all(|m| m.state == RootState::Refuted));
        assert_eq!(moves[1].nodes, 0);
        // The next iteration keeps what is known.
        t.begin(false, &[a, b, Move::Pass], 0);
        t.enter(a, 300);
        t.leave(310, None, 5, true);
        let (moves, _) = t.snapshot(310);
        assert_eq!(moves[0].state, RootState::Refuted);
        assert_eq!(moves[0].decided_at, Some(3));
        assert_eq!(moves[0].nodes, 90);
        // An undecided move searched to the end of an iteration is done in it.
        let mut t = RootTracker::default();
        t.begin(true, &[a, b], 2);
        t.enter(b, 0);
        t.leave(10, None, 7, true);
        t.enter(a, 10);
        t.leave(12, None, 7, false);
        let (moves, pruned) = t.snapshot(12);
        assert_eq!(pruned, 2);
        assert_eq!(moves[1].searched_to, 7);
        assert!(moves[1].done_at(7) && !moves[1].done_at(9));
        assert_eq!(moves[0].searched_to, 0);
        assert_eq!(moves[0].state, RootState::Open);
    }
}
